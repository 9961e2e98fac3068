//! Discord misbehaving, through the real client and the fake Discord: rate limits, failing and
//! slow REST calls, a dropped gateway and an invalid session. Each test shows that no committed
//! move is lost and that the players see the board (or can bring it back with `/board`). The
//! metrics endpoint is scraped at the end of one of them.

mod support;

use std::time::Duration;

use reversi_bot::store::queries::*;
use reversi_bot::store::{ChannelId, Store};
use support::bot::{self, RunningBot, Setup};
use support::fake_discord::{FakeUser, Recorded, callback, discord_error};
use support::replies::{choice, embed_text};

/// Starts a casual game of alice (black) against bob in the fake's channel; returns the board.
async fn game_of_alice_and_bob(bot: &RunningBot, alice: &FakeUser, bob: &FakeUser) -> Recorded {
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let black = choice(fake, "challenge", "color", "black");
    let offer = bot
        .ask(
            fake.slash("challenge")
                .by(alice)
                .user("opponent", bob)
                .integer("color", black)
                .boolean("rated", false)
                .build(),
        )
        .await;
    let accept = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    let click = fake.button(&accept).by(bob).on_message(&offer.message.clone().expect("the offer")).build();
    bot.ask(click).await
}

/// The moves stored for the channel's game.
async fn stored_moves(bot: &RunningBot) -> String {
    let store = Store::open(&format!("sqlite://{}", bot.dir.join("bot.db").display())).await.unwrap();
    let game = store.latest_game_in(ChannelId(bot.fake.ids().channel_id)).await.unwrap().expect("a game");
    store.close().await;
    game.moves
}

fn channel_route(bot: &RunningBot) -> String {
    format!("/channels/{}/messages", bot.fake.ids().channel_id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_board_is_posted_again_once_the_wait_discord_named_has_passed() {
    let bot = bot::start("rate-limited", Setup::default()).await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    game_of_alice_and_bob(&bot, &alice, &bob).await;
    // A typed move's board goes to the channel; Discord says "slow down" the first time.
    // Discord rate-limits the channel for 2.5 s, longer than the first pauses: every post in that
    // time is refused, and the board comes once the limit has passed.
    bot.fake.rate_limit("POST", &channel_route(&bot), std::time::Duration::from_millis(2_500));
    let limited = std::time::Instant::now();
    bot.fake.send_message_create(&bot.fake.message("d3").by(&alice).build()).await;
    let refused = bot.fake.wait_for_channel_message(bot.fake.ids().channel_id).await;
    assert_eq!(refused.status, 429, "the first post was refused");
    let mut refusals = 1;
    let board = loop {
        let post = bot.fake.wait_for_channel_message(bot.fake.ids().channel_id).await;
        if post.status != 429 {
            break post;
        }
        refusals += 1;
    };
    assert_eq!(board.status, 200, "{}", board.summary());
    // The 429 said to wait 2.5 s (in its body and its Retry-After header) and the bot waited
    // that long before asking again: its own pauses (1 s, then 2 s) would have met the limit twice.
    assert_eq!(refusals, 1, "the bot asked again inside the limit it was told");
    let waited = board.at.duration_since(limited);
    assert!(waited >= std::time::Duration::from_millis(2_500), "posted after {waited:?}, inside the limit");
    assert!(embed_text(&board).contains("alice played d3"), "{}", embed_text(&board));
    assert_eq!(stored_moves(&bot).await, "d3");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discord_failing_twice_still_gets_the_deferred_board() {
    // Everything is deferred first, so the board comes as an edit of the deferred answer.
    let bot = bot::start("server-errors", Setup { defer_after_ms: 0, ..Setup::default() }).await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    game_of_alice_and_bob(&bot, &alice, &bob).await;
    let fake = &bot.fake;
    let play = fake.slash("move").by(&alice).string("square", "f5").build();
    let original = format!(
        "/webhooks/{}/{}/messages/@original",
        fake.ids().application_id,
        play["token"].as_str().expect("a token")
    );
    fake.stub_once("PATCH", &original, 500, Some(discord_error(500, 0, "Internal Server Error")));
    fake.stub_once("PATCH", &original, 502, Some(discord_error(502, 0, "Bad Gateway")));
    fake.send_interaction(&play).await;
    let mut edits = Vec::new();
    for _ in 0..3 {
        edits.push(fake.wait_for_original_edit(&play).await);
    }
    assert_eq!(edits.iter().map(|e| e.status).collect::<Vec<_>>(), [500, 502, 200]);
    assert!(embed_text(&edits[2]).contains("alice played f5"), "{}", embed_text(&edits[2]));
    assert_eq!(stored_moves(&bot).await, "f5");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_later_than_three_seconds_is_posted_in_the_channel() {
    let bot = bot::start("too-slow", Setup::default()).await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    game_of_alice_and_bob(&bot, &alice, &bob).await;
    let fake = &bot.fake;
    let play = fake.slash("move").by(&alice).string("square", "c4").build();
    let callback_route = format!(
        "/interactions/{}/{}/callback",
        play["id"].as_str().expect("an id"),
        play["token"].as_str().expect("a token")
    );
    // Discord takes three and a half seconds, then says the interaction has expired.
    fake.stub_once_slow(
        "POST",
        &callback_route,
        Duration::from_millis(3500),
        404,
        Some(discord_error(404, 10062, "Unknown interaction")),
    );
    fake.send_interaction(&play).await;
    let board = fake.wait_for_channel_message(fake.ids().channel_id).await;
    assert!(embed_text(&board).contains("alice played c4"), "{}", embed_text(&board));
    assert!(board.files.iter().any(|f| f.filename == "board.png"));
    assert_eq!(stored_moves(&bot).await, "c4");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_discord_never_takes_comes_back_with_the_board_command() {
    let bot = bot::start("lost-board", Setup::default()).await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    game_of_alice_and_bob(&bot, &alice, &bob).await;
    let fake = &bot.fake;
    // Every one of the bot's tries (five) is refused.
    for _ in 0..5 {
        fake.stub_once("POST", &channel_route(&bot), 503, Some(discord_error(503, 0, "Service Unavailable")));
    }
    fake.send_message_create(&fake.message("e6").by(&alice).build()).await;
    for _ in 0..5 {
        assert_eq!(fake.wait_for_channel_message(fake.ids().channel_id).await.status, 503);
    }
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    let posted = fake.requests().iter().filter(|r| r.is_channel_message_in(fake.ids().channel_id)).count();
    assert_eq!(posted, 5, "the bot gave up after its five tries");
    // The move is saved all the same, and /board shows it.
    assert_eq!(stored_moves(&bot).await, "e6");
    let board = bot.ask(fake.slash("board").by(&bob).build()).await;
    let text = embed_text(&board);
    assert!(text.contains("e6") && text.contains("bob (White) to move"), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_gateway_is_resumed_and_play_goes_on() {
    let bot = bot::start("resume", Setup::default()).await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    game_of_alice_and_bob(&bot, &alice, &bob).await;
    let fake = &bot.fake;
    let first = bot.ask(fake.slash("move").by(&alice).string("square", "f5").build()).await;
    assert!(embed_text(&first).contains("alice played f5"));
    fake.disconnect_gateway(4000);
    fake.wait_until_ready(Duration::from_secs(15)).await;
    assert!(fake.gateway_messages().iter().any(|m| m.op == 6), "the bot resumed its session");
    let reply = bot.ask(fake.slash("move").by(&bob).string("square", "d6").build()).await;
    assert!(embed_text(&reply).contains("bob played d6"), "{}", embed_text(&reply));
    assert_eq!(stored_moves(&bot).await, "f5d6");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_session_is_identified_afresh_and_play_goes_on() {
    let bot = bot::start("invalid-session", Setup::default()).await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    game_of_alice_and_bob(&bot, &alice, &bob).await;
    let fake = &bot.fake;
    let identifies = || fake.gateway_messages().iter().filter(|m| m.op == 2).count();
    assert_eq!(identifies(), 1);
    fake.invalidate_session(false);
    fake.wait_until_ready(Duration::from_secs(20)).await;
    assert_eq!(identifies(), 2, "a new session was identified");
    let reply = bot.ask(fake.slash("move").by(&alice).string("square", "d3").build()).await;
    assert!(embed_text(&reply).contains("alice played d3"), "{}", embed_text(&reply));
    assert_eq!(stored_moves(&bot).await, "d3");
    bot.stop().await;
}

/// `GET path` on `addr`, the whole answer as text.
async fn http_get(addr: std::net::SocketAddr, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("the metrics endpoint listens");
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}

/// The value of the series line that starts with `series` (name and labels) in `text`.
fn sample(text: &str, series: &str) -> f64 {
    let line = text.lines().find(|l| l.starts_with(series)).unwrap_or_else(|| panic!("{series} in\n{text}"));
    line.rsplit(' ').next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("a value in {line}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_metrics_endpoint_serves_the_series_operators_watch() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    // Every interaction is deferred at once, so the deferrals are counted too.
    let setup = Setup { metrics_addr: Some(addr), defer_after_ms: 0, ..Setup::default() };
    let bot = bot::start("metrics", setup).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let carol = FakeUser::new("carol");
    let black = choice(fake, "bot", "color", "black");
    bot.ask(fake.slash("bot").by(&carol).integer("level", 1).integer("color", black).build()).await;
    // One REST failure to count.
    fake.stub_once("POST", &channel_route(&bot), 500, Some(discord_error(500, 0, "Internal Server Error")));
    fake.send_message_create(&fake.message("d3").by(&carol).build()).await;
    assert_eq!(fake.wait_for_channel_message(fake.ids().channel_id).await.status, 500);
    assert_eq!(fake.wait_for_channel_message(fake.ids().channel_id).await.status, 200);

    let answer = http_get(addr, "/metrics").await;
    assert!(answer.starts_with("HTTP/1.1 200 OK"), "{answer}");
    assert!(answer.contains("text/plain; version=0.0.4"), "{answer}");
    assert_eq!(sample(&answer, "reversi_live_games"), 1.0);
    assert_eq!(sample(&answer, "reversi_moves_total{by=\"player\"}"), 1.0);
    assert_eq!(sample(&answer, "reversi_moves_total{by=\"bot\"}"), 1.0);
    assert_eq!(sample(&answer, "reversi_move_seconds_count"), 1.0);
    assert_eq!(sample(&answer, "reversi_bot_thinking_seconds_count"), 1.0);
    assert_eq!(sample(&answer, "reversi_rest_errors_total{status=\"500\"}"), 1.0);
    assert_eq!(sample(&answer, "reversi_shards_connected"), 1.0);
    assert_eq!(sample(&answer, "reversi_interactions_deferred_total"), 1.0, "the /bot command was deferred");
    assert!(http_get(addr, "/").await.starts_with("HTTP/1.1 404"), "no pages beside the metrics and probes");
    assert!(http_get(addr, "/healthz").await.starts_with("HTTP/1.1 200 OK"));
    let ready = http_get(addr, "/readyz").await;
    assert!(ready.starts_with("HTTP/1.1 200 OK") && ready.ends_with("database: ok\ngateway: ok\n"), "{ready}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_answered_as_discord_first_fails_is_still_answered() {
    let bot = bot::start("callback-500", Setup::default()).await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    game_of_alice_and_bob(&bot, &alice, &bob).await;
    let fake = &bot.fake;
    let play = fake.slash("move").by(&alice).string("square", "f5").build();
    let callback_route = format!(
        "/interactions/{}/{}/callback",
        play["id"].as_str().expect("an id"),
        play["token"].as_str().expect("a token")
    );
    fake.stub_once("POST", &callback_route, 500, Some(discord_error(500, 0, "Internal Server Error")));
    fake.send_interaction(&play).await;
    let failed = fake.wait_for_callback(&play).await;
    assert_eq!(failed.status, 500);
    let answered = fake.wait_for_callback(&play).await;
    assert_eq!(answered.callback_type(), Some(callback::MESSAGE), "{}", answered.summary());
    assert!(embed_text(&answered).contains("alice played f5"));
    bot.stop().await;
}
