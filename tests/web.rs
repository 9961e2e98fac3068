//! The web pages through their handlers (no socket: `tower::ServiceExt::oneshot`): a finished
//! game, a player, a leaderboard and a tournament, in the reader's language, each refused (404)
//! for a server that has not opted in, an unknown key or a sequential id; only GET and HEAD; a
//! strict Content-Security-Policy and no cookie; the rate limit per client; metrics and probes;
//! and what Discord shows of the pages (the View on the web button, `/settings web`).

#[path = "support/games.rs"]
mod games;
#[path = "support/players.rs"]
mod players;
#[path = "support/site.rs"]
mod site;

use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Method, Request, StatusCode, header};
use reversi_bot::service::{ButtonStyle, Command, Locale, PrivacyAction, Row};
use reversi_bot::store::WebVisibility;
use reversi_bot::store::queries::*;
use reversi_bot::web::limit::RateLimit;
use reversi_bot::web::{GatewayProbe, Web, WebOptions};
use tower::ServiceExt;

use players::*;
use site::{PUBLIC_URL, Site, cells, play_the_game_with_a_pass, sequential, set_web, site, web_service};

fn options() -> WebOptions {
    WebOptions { public_url: Some(PUBLIC_URL.into()), ..WebOptions::default() }
}

fn router(site: &Site) -> Router {
    Web::new(site.service.clone(), None, options()).router()
}

/// An answer: its status, headers and body as text.
struct Answer {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

async fn ask(router: &Router, method: Method, uri: &str, language: Option<&str>) -> Answer {
    let mut request = Request::builder().method(method).uri(uri);
    if let Some(language) = language {
        request = request.header(header::ACCEPT_LANGUAGE, language);
    }
    let response = router.clone().oneshot(request.body(Body::empty()).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22).await.unwrap();
    Answer { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

async fn get(router: &Router, uri: &str) -> Answer {
    ask(router, Method::GET, uri, None).await
}

/// The positions a game page carries for its script, as JSON.
fn positions(body: &str) -> Vec<serde_json::Value> {
    let start = body.find("id=\"positions\">").expect("the positions") + "id=\"positions\">".len();
    let end = start + body[start..].find("</script>").unwrap();
    serde_json::from_str(&body[start..end].replace("<\\/", "</")).unwrap()
}

/// The squares the page's board shows (server-drawn), one letter each.
fn board_cells(body: &str) -> String {
    body.match_indices("<span class=\"sq")
        .map(|(i, _)| {
            let class = &body[i + "<span class=\"".len()..];
            let class = &class[..class.find('"').unwrap()];
            if class.split(' ').any(|c| c == "b") {
                'b'
            } else if class.split(' ').any(|c| c == "w") {
                'w'
            } else {
                '.'
            }
        })
        .collect()
}

#[tokio::test]
async fn a_finished_games_page_shows_the_players_the_result_every_move_and_every_position() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let page = get(&router(&site), &format!("/g/{}", site.game_key)).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(page.headers[header::CONTENT_TYPE], "text/html; charset=utf-8");
    let body = &page.body;
    assert!(body.contains("<title>Alice vs Bob · reversi-bot</title>"), "{body}");
    assert!(body.contains("<p class=\"result\">Alice (Black) wins 44-20</p>"), "the result line");
    let game = reversi_bot::engine::Game::from_transcript(site.game.rules, &site.game.moves).unwrap();
    let positions = positions(body);
    assert_eq!(positions.len(), game.plies().len() + 1, "every position, passes included");
    for (ply, position) in positions.iter().enumerate() {
        assert_eq!(position["c"], cells(&game, ply), "position {ply}");
    }
    for mv in game.moves() {
        assert!(body.contains(&format!("</span> {}</a>", mv.mv)), "the move {} in the list", mv.mv);
    }
    assert!(body.contains("had to pass"), "the forced pass is told");
    assert!(body.contains(&format!("href=\"/g/{}/game.ggf\" download", site.game_key)));
    assert!(body.contains(&format!("href=\"/p/{}\"", site.alice_key)), "the players link to their pages");
    // The review: a chart bar per position with its value, and the mistakes listed.
    assert_eq!(body.matches("<rect class=\"bar").count(), game.plies().len() + 1, "a bar per position");
    assert!(body.contains("data-label=\"After 1. "), "{body}");
    assert!(body.contains("<h3>Mistakes</h3>"));
    // The preview a link unfolds into in Discord.
    let image = format!("<meta property=\"og:image\" content=\"{PUBLIC_URL}/g/{}/board.png\">", site.game_key);
    assert!(body.contains(&image), "{body}");
    assert!(body.contains("<meta property=\"og:title\" content=\"Alice vs Bob\">"));
    assert!(body.contains("name=\"twitter:card\" content=\"summary_large_image\""));
    assert!(!body.contains("noindex"), "a public server's pages may be indexed");
}

#[tokio::test]
async fn every_position_is_a_page_of_its_own_without_javascript() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    let game = reversi_bot::engine::Game::from_transcript(site.game.rules, &site.game.moves).unwrap();
    for ply in [0, 1, 5, game.plies().len()] {
        let page = get(&router, &format!("/g/{}?ply={ply}", site.game_key)).await;
        assert_eq!(board_cells(&page.body), cells(&game, ply), "the board drawn at ply {ply}");
        let back = ply.saturating_sub(1);
        assert!(page.body.contains(&format!("id=\"prev\" class=\"step\" href=\"?ply={back}\"")));
    }
    let beyond = get(&router, &format!("/g/{}?ply=9999", site.game_key)).await;
    assert_eq!(beyond.status, StatusCode::OK, "a ply past the end shows the end");
}

#[tokio::test]
async fn pages_of_a_server_that_has_not_opted_in_unknown_keys_and_sequential_ids_are_not_found() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    for uri in [
        format!("/g/{}", sequential(site.game.id)),
        "/g/00000000000000000000000000000000".to_string(),
        "/p/nobody".to_string(),
        "/s/nothing".to_string(),
        "/t/nothing".to_string(),
        "/nowhere".to_string(),
        format!("/g/{}/board.png", sequential(site.game.id)),
    ] {
        let answer = get(&router, &uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(answer.body.contains("Page not found"), "{uri}: {}", answer.body);
    }
    set_web(&site.service, WebVisibility::Off, 50_000).await;
    for uri in [
        format!("/g/{}", site.game_key),
        format!("/g/{}/board.png", site.game_key),
        format!("/g/{}/game.ggf", site.game_key),
        format!("/s/{}", site.server_key),
        format!("/t/{}", site.tournament_key),
    ] {
        assert_eq!(get(&router, &uri).await.status, StatusCode::NOT_FOUND, "{uri} once the server turned pages off");
    }
    let player = get(&router, &format!("/p/{}", site.alice_key)).await;
    assert_eq!(player.status, StatusCode::OK, "a player's own page stays");
    assert!(!player.body.contains("/g/"), "but lists no game of a server off the web: {}", player.body);
    assert!(!player.body.contains("/t/"), "nor its tournaments");
}

#[tokio::test]
async fn a_link_only_servers_pages_open_by_link_but_are_listed_nowhere_and_not_indexed() {
    let site = site("sqlite::memory:", WebVisibility::LinkOnly).await;
    let router = router(&site);
    let game = get(&router, &format!("/g/{}", site.game_key)).await;
    assert_eq!(game.status, StatusCode::OK);
    assert!(game.body.contains("<meta name=\"robots\" content=\"noindex, nofollow\">"));
    let player = get(&router, &format!("/p/{}", site.alice_key)).await;
    assert!(!player.body.contains(&site.game_key), "link-only games are not listed on players' pages");
    assert!(player.body.contains("No games on servers that show them on the web yet."), "{}", player.body);
}

#[tokio::test]
async fn a_game_kept_private_or_still_being_played_has_no_page() {
    let service = web_service("sqlite::memory:").await;
    set_web(&service, WebVisibility::Public, 0).await;
    let web = Web::new(service.clone(), None, options()).router();
    let private = reversi_bot::store::ChannelId(77);
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: reversi_bot::store::ColorChoice::Black,
        rated: false,
        private: true,
        rules: reversi_bot::engine::Rules::default(),
    };
    let offer = ok(service.handle(&asking(&alice(), private, 2, Locale::English), challenge).await);
    let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap();
    let accept = reversi_bot::service::components::parse(accept, &[]).unwrap();
    ok(service.handle(&asking(&bob(), private, 3, Locale::English), accept).await);
    let live = service.store().live_game_in(private).await.unwrap().unwrap();
    let key = service.store().game_web_key(live.id).await.unwrap().unwrap();
    assert_eq!(get(&web, &format!("/g/{key}")).await.status, StatusCode::NOT_FOUND, "a live game");
    let ask = ok(service.handle(&asking(&alice(), private, 4, Locale::English), Command::Resign).await);
    let confirm = reversi_bot::service::components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    ok(service.handle(&asking(&alice(), private, 5, Locale::English), confirm).await);
    let over = service.store().game(live.id).await.unwrap().unwrap();
    assert_ne!(over.status, reversi_bot::store::GameStatus::Live);
    assert_eq!(get(&web, &format!("/g/{key}")).await.status, StatusCode::NOT_FOUND, "a private game, even over");
}

#[tokio::test]
async fn only_get_and_head_are_answered() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    let uri = format!("/g/{}", site.game_key);
    for method in [Method::POST, Method::PUT, Method::DELETE, Method::PATCH] {
        let answer = ask(&router, method.clone(), &uri, None).await;
        assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
        assert!(answer.headers[header::ALLOW].to_str().unwrap().contains("GET"));
    }
    let head = ask(&router, Method::HEAD, &uri, None).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty(), "HEAD has no body");
}

#[tokio::test]
async fn every_answer_forbids_inline_scripts_and_third_parties_and_sets_no_cookie() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    for uri in [
        format!("/g/{}", site.game_key),
        format!("/p/{}", site.alice_key),
        "/nowhere".to_string(),
        "/assets/style.css".to_string(),
        "/metrics".to_string(),
    ] {
        let answer = get(&router, &uri).await;
        let csp = answer.headers[header::CONTENT_SECURITY_POLICY].to_str().unwrap();
        assert!(csp.starts_with("default-src 'none'; script-src 'self'"), "{uri}: {csp}");
        assert!(!csp.contains("unsafe"), "{csp}");
        assert_eq!(answer.headers[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert!(answer.headers.get(header::SET_COOKIE).is_none(), "{uri}");
        // Nothing is fetched from elsewhere, and no script is written into the page.
        assert!(!answer.body.contains("src=\"http") && !answer.body.contains("href=\"http"), "{uri}");
        assert!(!answer.body.contains("<script>"), "{uri}");
        assert!(!answer.body.contains("style=\""), "{uri}: inline styles would break the policy");
    }
}

#[tokio::test]
async fn the_page_speaks_the_readers_language_and_offers_the_others() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    let uri = format!("/g/{}", site.game_key);
    let german = ask(&router, Method::GET, &uri, Some("de-AT,de;q=0.9,en;q=0.5")).await;
    assert!(german.body.contains("<html lang=\"de\">"));
    assert!(german.body.contains("Alice gegen Bob"), "{}", german.body);
    assert!(german.body.contains("Partie herunterladen"));
    let swedish = get(&router, &format!("{uri}?lang=sv-SE&ply=3")).await;
    assert!(swedish.body.contains("Alice mot Bob"));
    assert!(swedish.body.contains("href=\"?ply=2&amp;lang=sv-SE\""), "links keep the language");
    assert!(
        swedish.body.contains(&format!("href=\"/g/{}?ply=3&amp;lang=de\" hreflang=\"de\"", site.game_key)),
        "the switch keeps the position"
    );
    assert_eq!(german.headers[header::VARY], "Accept-Language, Accept-Encoding");
}

#[tokio::test]
async fn the_game_downloads_as_ggf_and_unfolds_as_a_picture() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    let ggf = get(&router, &format!("/g/{}/game.ggf", site.game_key)).await;
    assert_eq!(ggf.status, StatusCode::OK);
    assert!(ggf.body.starts_with("(;GM[Othello]"), "{}", ggf.body);
    assert!(ggf.body.contains("PB[Alice]") && ggf.body.contains("PW[Bob]"));
    let disposition = ggf.headers[header::CONTENT_DISPOSITION].to_str().unwrap();
    assert_eq!(disposition, format!("attachment; filename=\"reversi-{}.ggf\"", site.game_key));
    let response = router
        .clone()
        .oneshot(Request::get(format!("/g/{}/board.png", site.game_key)).body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    let png = axum::body::to_bytes(response.into_body(), 1 << 22).await.unwrap();
    assert!(png.starts_with(b"\x89PNG"));
}

#[tokio::test]
async fn a_players_page_has_their_ratings_with_a_chart_their_games_and_tournaments() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    let page = get(&router, &format!("/p/{}", site.alice_key)).await;
    assert_eq!(page.status, StatusCode::OK);
    let body = &page.body;
    assert!(body.contains("<h1>Alice</h1>"));
    assert!(body.contains("Othello 8×8") || body.contains("Othello"), "{body}");
    assert!(body.contains("One rated game: "), "{body}");
    // The rating chart: from 1500 to 1662 on the range's round ends, each game's rating a dot.
    assert!(
        body.contains("<div class=\"ticks\" aria-hidden=\"true\"><span>1700</span><span>1500</span></div>"),
        "{body}"
    );
    assert_eq!(body.matches("<path class=\"dot\"").count(), 2, "the start and one game");
    assert!(body.contains("<title>2027-01-15: 1662</title>"), "{body}");
    assert!(body.contains("aria-label=\"Alice&#39;s rating on Othello over one game, from 1500 to 1662\""), "{body}");
    assert!(body.contains(&format!("href=\"/g/{}\"", site.game_key)), "the game is listed and linked");
    assert!(body.contains(&format!("href=\"/t/{}\"", site.tournament_key)), "the tournament is listed");
    assert!(body.contains("Autumn Cup: place "), "{body}");
}

#[tokio::test]
async fn a_deleted_player_has_no_page_and_is_a_deleted_player_on_the_games() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    let ask_delete = ok(site
        .service
        .handle(&asking(&alice(), CHANNEL, 90_000, Locale::English), Command::Privacy(PrivacyAction::Delete))
        .await);
    let confirm = ask_delete
        .reply
        .custom_ids()
        .into_iter()
        .find(|id| id.contains(":pdy:"))
        .expect("a confirm button")
        .to_string();
    let confirm = reversi_bot::service::components::parse(&confirm, &[]).unwrap();
    ok(site.service.handle(&asking(&alice(), CHANNEL, 90_001, Locale::English), confirm).await);
    assert_eq!(get(&router, &format!("/p/{}", site.alice_key)).await.status, StatusCode::NOT_FOUND);
    let game = get(&router, &format!("/g/{}", site.game_key)).await;
    assert!(game.body.contains("<span class=\"deleted\">Deleted player</span>"), "{}", game.body);
    assert!(!game.body.contains("Alice"), "her name is gone from the page");
}

#[tokio::test]
async fn a_servers_leaderboard_lists_its_rated_players_best_first() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let page = get(&router(&site), &format!("/s/{}", site.server_key)).await;
    assert_eq!(page.status, StatusCode::OK);
    let body = &page.body;
    assert!(body.contains("<h1>Leaderboard</h1>"));
    let (alice_at, bob_at) = (body.find(">Alice</a>").unwrap(), body.find(">Bob</a>").unwrap());
    let winner_first = if site.game.ending.unwrap().winner == Some(reversi_bot::engine::Color::Black) {
        alice_at < bob_at
    } else {
        bob_at < alice_at
    };
    assert!(winner_first, "the winner first: {body}");
    assert!(!body.contains(">Carol</a>"), "the round robin was not rated");
}

#[tokio::test]
async fn a_tournaments_page_has_its_standings_crosstable_and_rounds() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let page = get(&router(&site), &format!("/t/{}", site.tournament_key)).await;
    assert_eq!(page.status, StatusCode::OK);
    let body = &page.body;
    assert!(body.contains("<h1>Autumn Cup</h1>"));
    assert!(body.contains("Final standings"), "{body}");
    assert!(body.contains("<h2>Crosstable</h2>"));
    assert_eq!(body.matches("<td>×</td>").count(), 3, "the crosstable's diagonal");
    assert_eq!(body.matches("<section class=\"round\">").count(), 3, "three rounds of a round robin of three");
    assert_eq!(body.matches(">bye</strong>").count(), 3, "each sits out once");
    assert_eq!(body.matches("href=\"/g/").count(), 3, "each game links to its page");
}

#[tokio::test]
async fn metrics_and_probes_tell_operators_how_the_bot_is() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let (tx, rx) = tokio::sync::watch::channel(0usize);
    let connected: reversi_bot::web::ConnectedShards = std::sync::Arc::new(move || {
        let now = *rx.borrow();
        Box::pin(async move { now })
    });
    let web = Web::new(site.service.clone(), Some(GatewayProbe { connected, expected: 2 }), options());
    for router in [web.router(), web.ops_router()] {
        assert_eq!(get(&router, "/healthz").await.status, StatusCode::OK);
        tx.send_replace(1);
        let unready = get(&router, "/readyz").await;
        assert_eq!(unready.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(unready.body.contains("gateway: not connected"), "{}", unready.body);
        tx.send_replace(2);
        let ready = get(&router, "/readyz").await;
        assert_eq!((ready.status, ready.body.as_str()), (StatusCode::OK, "database: ok\ngateway: ok\n"));
        get(&router, &format!("/g/{}", site.game_key)).await;
        let metrics = get(&router, "/metrics").await;
        assert!(metrics.body.contains("reversi_shards_connected 2"), "{}", metrics.body);
        assert!(metrics.body.contains("reversi_web_requests_total{page=\"probe\",status=\"503\"}"), "{}", metrics.body);
        tx.send_replace(0);
    }
    let pages_apart = web.ops_router();
    assert_eq!(
        get(&pages_apart, &format!("/g/{}", site.game_key)).await.status,
        StatusCode::NOT_FOUND,
        "METRICS_ADDR serves no pages"
    );
    let metrics = get(&web.router(), "/metrics").await;
    assert!(metrics.body.contains("reversi_web_requests_total{page=\"game\",status=\"200\"} 1"), "{}", metrics.body);
}

#[tokio::test]
async fn a_client_asking_too_fast_is_told_to_wait_while_others_are_served() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let rate = RateLimit { per_minute: 1, burst: 3 };
    let web = Web::new(site.service.clone(), None, WebOptions { rate, ..options() });
    let from = |addr: &str| web.router().layer(MockConnectInfo(addr.parse::<SocketAddr>().unwrap()));
    let (busy, calm) = (from("203.0.113.5:4000"), from("203.0.113.6:4000"));
    let uri = format!("/g/{}", site.game_key);
    for _ in 0..3 {
        assert_eq!(get(&busy, &uri).await.status, StatusCode::OK);
    }
    let refused = get(&busy, &uri).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.headers[header::RETRY_AFTER], "60");
    assert!(refused.body.contains("Try again in a minute"));
    assert_eq!(get(&calm, &uri).await.status, StatusCode::OK, "another client is served");
    assert!(site.service.metrics_text().await.contains("reversi_web_rate_limited_total 1"));
}

#[tokio::test]
async fn a_finished_board_in_discord_links_to_its_page_only_when_the_server_is_on_the_web() {
    let service = web_service("sqlite::memory:").await;
    let link_of = |reply: &reversi_bot::service::Reply| {
        reply.rows.iter().find_map(|row| match row {
            Row::Buttons(buttons) => {
                buttons.iter().find(|b| b.style == ButtonStyle::Link).map(|b| (b.label.clone(), b.id.clone()))
            }
            Row::Menu(_) => None,
        })
    };
    let off = play_the_game_with_a_pass(&service, CHANNEL, 0).await;
    assert_eq!(link_of(&off.reply), None, "the server is not on the web");
    set_web(&service, WebVisibility::LinkOnly, 10_000).await;
    let channel = reversi_bot::store::ChannelId(11);
    let on = play_the_game_with_a_pass(&service, channel, 20_000).await;
    let game = service.store().latest_game_in(channel).await.unwrap().unwrap();
    let key = service.store().game_web_key(game.id).await.unwrap().unwrap();
    assert_eq!(link_of(&on.reply), Some(("View on the web".to_string(), format!("{PUBLIC_URL}/g/{key}"))));
    let board = ok(service.handle(&asking(&alice(), channel, 30_000, Locale::German), Command::Board).await);
    assert_eq!(link_of(&board.reply).map(|l| l.0), Some("Im Web ansehen".to_string()));
}

#[tokio::test]
async fn settings_show_the_servers_web_pages_in_every_language() {
    let service = web_service("sqlite::memory:").await;
    let off = set_web(&service, WebVisibility::Off, 0).await;
    assert!(shown(&off).contains("Web pages: off"), "{}", shown(&off));
    let public = set_web(&service, WebVisibility::Public, 1).await;
    let key = service.store().server_web_key(GUILD).await.unwrap().unwrap();
    assert!(shown(&public).contains(&format!("Web pages: public: {PUBLIC_URL}/s/{key}")), "{}", shown(&public));
    for (locale, words) in
        [(Locale::German, "Webseiten: nur per Link: "), (Locale::Swedish, "Webbsidor: bara via länk: ")]
    {
        let manager =
            reversi_bot::service::Invocation { can_manage_guild: true, ..asking(&carol(), CHANNEL, 2, locale) };
        let change = reversi_bot::service::SettingsChange { web: Some(WebVisibility::LinkOnly), ..Default::default() };
        let shown_now = ok(service.handle(&manager, Command::Settings(change)).await);
        assert!(shown(&shown_now).contains(words), "{}", shown(&shown_now));
    }
    // A bot without a web address says so rather than linking nowhere.
    let store = reversi_bot::store::Store::open("sqlite::memory:").await.unwrap();
    let plain = reversi_bot::service::Service::new(store, bot_user(), Default::default());
    let manager =
        reversi_bot::service::Invocation { can_manage_guild: true, ..asking(&carol(), CHANNEL, 3, Locale::English) };
    let change = reversi_bot::service::SettingsChange { web: Some(WebVisibility::Public), ..Default::default() };
    let shown_plain = ok(plain.handle(&manager, Command::Settings(change)).await);
    assert!(
        shown(&shown_plain).contains("Web pages: off: the bot runs without a web address (PUBLIC_URL)"),
        "{}",
        shown(&shown_plain)
    );
}

#[tokio::test]
async fn the_stylesheet_script_and_icon_are_served_by_the_bot_itself() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    for (file, kind) in [
        ("style.css", "text/css; charset=utf-8"),
        ("themes.css", "text/css; charset=utf-8"),
        ("game.js", "text/javascript; charset=utf-8"),
        ("icon.svg", "image/svg+xml"),
    ] {
        let answer = get(&router, &format!("/assets/{file}")).await;
        assert_eq!(
            (answer.status, answer.headers[header::CONTENT_TYPE].to_str().unwrap()),
            (StatusCode::OK, kind),
            "{file}"
        );
    }
    let themes = get(&router, "/assets/themes.css").await;
    assert_eq!(themes.body.lines().count(), 5, "one line per board theme");
    assert_eq!(get(&router, "/assets/other.js").await.status, StatusCode::NOT_FOUND);
}

/// The raw answer to a GET of `uri` that accepts `encoding`: its headers and bytes as sent.
async fn get_encoded(router: &Router, uri: &str, encoding: &str) -> (axum::http::HeaderMap, Vec<u8>) {
    let request = Request::get(uri).header(header::ACCEPT_ENCODING, encoding).body(Body::empty()).unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{uri}");
    let headers = response.headers().clone();
    (headers, axum::body::to_bytes(response.into_body(), 1 << 22).await.unwrap().to_vec())
}

#[tokio::test]
async fn pages_and_assets_travel_gzip_compressed_to_browsers_that_accept_it() {
    use std::io::Read as _;
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let router = router(&site);
    let game = format!("/g/{}", site.game_key);
    let player = format!("/p/{}", site.alice_key);
    for uri in [&game, &player, &game, "/assets/style.css", "/assets/game.js"] {
        let (plain_headers, plain) = get_encoded(&router, uri, "identity").await;
        assert_eq!(plain_headers.get(header::CONTENT_ENCODING), None, "{uri} as it is");
        let (headers, packed) = get_encoded(&router, uri, "gzip, deflate, br").await;
        assert_eq!(headers[header::CONTENT_ENCODING], "gzip", "{uri}");
        assert!(headers[header::VARY].to_str().unwrap().contains("Accept-Encoding"), "{uri}: caches keep both");
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&packed[..]).read_to_end(&mut unpacked).unwrap();
        assert_eq!(unpacked, plain, "{uri} unpacks to the page itself");
        assert!(packed.len() * 2 < plain.len(), "{uri}: {} bytes for {}", packed.len(), plain.len());
    }
}

#[tokio::test]
async fn the_leaderboard_and_a_tournaments_standings_in_discord_link_to_their_pages() {
    let site = site("sqlite::memory:", WebVisibility::Public).await;
    let links = |reply: &reversi_bot::service::Reply| -> Vec<String> {
        reply
            .rows
            .iter()
            .flat_map(|row| match row {
                Row::Buttons(buttons) => {
                    buttons.iter().filter(|b| b.style == ButtonStyle::Link).map(|b| b.id.clone()).collect()
                }
                Row::Menu(_) => Vec::new(),
            })
            .collect()
    };
    let board = Command::Leaderboard(reversi_bot::service::BoardScope::Server, reversi_bot::store::Ladder::standard());
    let shown_board = ok(site.service.handle(&asking(&bob(), CHANNEL, 80_000, Locale::English), board).await);
    assert_eq!(links(&shown_board.reply), vec![format!("{PUBLIC_URL}/s/{}?ladder=othello-8", site.server_key)]);
    let router = router(&site);
    assert_eq!(get(&router, &format!("/s/{}?ladder=othello-8", site.server_key)).await.status, StatusCode::OK);
    let global = Command::Leaderboard(reversi_bot::service::BoardScope::Global, reversi_bot::store::Ladder::standard());
    let shown_global = ok(site.service.handle(&asking(&bob(), CHANNEL, 80_001, Locale::English), global).await);
    assert!(links(&shown_global.reply).is_empty(), "the global board has no server page");
    let standings = Command::Tournament(reversi_bot::service::TournamentAction::Standings(None));
    let shown_standings =
        ok(site.service.handle(&asking(&bob(), site::HALL, 80_002, Locale::English), standings).await);
    assert_eq!(links(&shown_standings.reply), vec![format!("{PUBLIC_URL}/t/{}", site.tournament_key)]);
    set_web(&site.service, WebVisibility::Off, 80_003).await;
    let shown_board = ok(site
        .service
        .handle(
            &asking(&bob(), CHANNEL, 80_004, Locale::English),
            Command::Leaderboard(reversi_bot::service::BoardScope::Server, reversi_bot::store::Ladder::standard()),
        )
        .await);
    assert!(links(&shown_board.reply).is_empty(), "no link once the server is off the web");
}
