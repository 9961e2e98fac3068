//! Reiner Knizia's solo game through the service: deals by seed and by day, moves by menu and by
//! text in every language, hints, stopping, the daily tables, its life beside a two-player game,
//! and a restart on the same database file.

#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;

use reversi_bot::ai::solo::greedy_move;
use reversi_bot::engine::Rules;
use reversi_bot::engine::solo::{BLACK, GOLD, IllegalSoloMove, ParseSoloMoveError, SoloGame, SoloMove};
use reversi_bot::service::{
    Command, Invocation, Locale, Response, Row, Service, ServiceOptions, SoloAction, User, UserError, components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{ColorChoice, Store};
use scratch::{sqlite_url, test_dir};

use players::*;

async fn service_on(url: &str) -> Service {
    let store = Store::open(url).await.expect("a store");
    Service::new(store, bot_user(), ServiceOptions::default())
}

fn at(user: &User, millis: i64) -> Invocation {
    asking(user, CHANNEL, millis, Locale::English)
}

/// The player's solo game here as it stands.
async fn game_of(service: &Service, user: &User) -> SoloGame {
    let record = service.store().live_solo(CHANNEL, user.id).await.unwrap().expect("a live solo game");
    SoloGame::from_transcript(record.seed, &record.moves).unwrap()
}

/// The menu under a solo board for `color`'s discs: its id and values.
fn menu(response: &Response, part: usize) -> (String, Vec<String>) {
    response
        .reply
        .rows
        .iter()
        .filter_map(|row| match row {
            Row::Menu(menu) if menu.id.ends_with(&format!(":{part}")) => {
                Some((menu.id.clone(), menu.options.iter().map(|o| o.value.clone()).collect()))
            }
            _ => None,
        })
        .next()
        .unwrap_or_else(|| panic!("no menu {part} in {:?}", response.reply.custom_ids()))
}

fn button(response: &Response, kind: &str) -> Command {
    let id = response.reply.custom_ids().into_iter().find(|id| id.contains(kind)).expect("the button").to_string();
    components::parse(&id, &[]).expect("our own id")
}

/// Plays greedy moves by text until the game is over or `limit` moves were made.
async fn play_greedily(service: &Service, user: &User, limit: usize, clock: &mut i64) -> Response {
    let mut last = None;
    for _ in 0..limit {
        let game = game_of(service, user).await;
        let Some(mv) = greedy_move(&game.view()) else { break };
        *clock += 1000;
        let response = ok(service.handle(&at(user, *clock), Command::Move(mv.to_string())).await);
        let over = response.reply.rows.is_empty();
        last = Some(response);
        if over {
            break;
        }
    }
    last.expect("a move was played")
}

#[tokio::test]
async fn a_solo_deal_is_played_by_menu_and_text_and_stopped_with_its_score() {
    let service = service_on("sqlite::memory:").await;
    let start = ok(service.handle(&at(&alice(), 0), Command::Solo(SoloAction::New(Some(42)))).await);
    let text = shown(&start);
    assert!(text.contains("Solo game · deal 42"), "{text}");
    assert!(text.contains("Score: 0 tiles · value 0"), "{text}");
    assert!(start.reply.files.iter().any(|f| f.name == "solo.png" && f.bytes.starts_with(b"\x89PNG")));
    assert!(content(&start).contains(&format!("<@{}>", alice().id.0)), "the player is called: {}", content(&start));
    let (gold_menu, gold) = menu(&start, 0);
    let (_, black) = menu(&start, 1);
    assert!(gold.iter().all(|v| v.ends_with('g')) && black.iter().all(|v| v.ends_with('b')), "{gold:?} {black:?}");
    let legal: Vec<String> = SoloGame::deal(42).legal_moves().iter().map(|m| m.to_string()).collect();
    assert!(gold.iter().chain(&black).all(|v| legal.contains(v)), "only legal moves are offered");

    // A move from the menu, then one typed the way players write it.
    let pick = components::parse(&gold_menu, &[gold[0].clone()]).unwrap();
    let moved = ok(service.handle(&at(&alice(), 1000), pick).await);
    assert!(shown(&moved).contains(&format!("Alice plays {} gold.", &gold[0][..2])), "{}", shown(&moved));
    let game = game_of(&service, &alice()).await;
    assert_eq!(game.moves().len(), 1);
    let next = greedy_move(&game.view()).unwrap();
    let typed = format!("{} {}", next.square, if next.color == GOLD { "Gold" } else { "BLACK" });
    let moved = ok(service.handle(&at(&alice(), 2000), Command::Move(typed)).await);
    assert!(shown(&moved).contains("Moves: 2"), "{}", shown(&moved));

    // The Stop button ends it with the tiles won so far.
    let stop = button(&moved, ":sx:");
    let over = ok(service.handle(&at(&alice(), 3000), stop).await);
    let text = shown(&over);
    assert!(text.contains("Alice stopped.") && text.contains("Game over:"), "{text}");
    assert!(over.reply.rows.is_empty(), "no menus under a finished game");
    assert_eq!(service.store().live_solo(CHANNEL, alice().id).await.unwrap(), None);
}

#[tokio::test]
async fn the_same_seed_deals_the_same_tiles_to_everyone() {
    let service = service_on("sqlite::memory:").await;
    let mut texts = Vec::new();
    for user in [alice(), bob()] {
        ok(service.handle(&at(&user, 0), Command::Solo(SoloAction::New(Some(7)))).await);
        let game = game_of(&service, &user).await;
        // The first move that turns up tiles shows the same tiles to both.
        let mv = greedy_move(&game.view()).unwrap();
        let moved = ok(service.handle(&at(&user, 1000), Command::Move(mv.to_string())).await);
        texts.push(shown(&moved).replace(&user.name, "P"));
    }
    assert_eq!(texts[0], texts[1]);
    let fresh = ok(service.handle(&at(&carol(), 5), Command::Solo(SoloAction::New(None))).await);
    assert!(shown(&fresh).contains("Solo game · deal "), "{}", shown(&fresh));
}

#[tokio::test]
async fn solo_moves_that_cannot_be_played_are_refused_with_a_reason() {
    let service = service_on("sqlite::memory:").await;
    let none = service.handle(&at(&alice(), 0), Command::Move("d3 gold".into())).await;
    assert_eq!(refusal(none), UserError::NoSoloGame);
    let hint = service.handle(&at(&alice(), 0), Command::Solo(SoloAction::Hint)).await;
    assert_eq!(refusal(hint), UserError::NoSoloGame);

    let start = ok(service.handle(&at(&alice(), 0), Command::Solo(SoloAction::New(Some(3)))).await);
    let again = service.handle(&at(&alice(), 1), Command::Solo(SoloAction::New(Some(4)))).await;
    assert_eq!(refusal(again), UserError::SoloLive);
    let bare = service.handle(&at(&alice(), 2), Command::Move("d3".into())).await;
    assert_eq!(refusal(bare), UserError::SoloBadMove(ParseSoloMoveError::MissingColor));
    let centre = service.handle(&at(&alice(), 3), Command::Move("d4 gold".into())).await;
    let error = refusal(centre);
    assert_eq!(error, UserError::SoloIllegal(IllegalSoloMove::Occupied("d4".parse().unwrap())));
    assert_eq!(error.to_string(), "d4 already holds a disc.");
    let game = game_of(&service, &alice()).await;
    let useless = ["a1", "h8", "a8", "h1"]
        .iter()
        .map(|s| SoloMove::parse(s, GOLD).unwrap())
        .find(|mv| !game.legal_moves().contains(mv))
        .unwrap();
    let refused = refusal(service.handle(&at(&alice(), 4), Command::Move(useless.to_string())).await);
    assert!(refused.to_string().contains("traps no black disc and wins no tile"), "{refused}");

    // Bob may not use Alice's buttons or menus, and an old menu is refused once she has moved.
    let (menu_id, values) = menu(&start, 1);
    let pick = components::parse(&menu_id, &[values[0].clone()]).unwrap();
    let bobs = refusal(service.handle(&at(&bob(), 5), pick.clone()).await);
    assert_eq!(bobs, UserError::NotYourSoloGame("Alice".into()));
    ok(service.handle(&at(&alice(), 6), pick.clone()).await);
    assert_eq!(refusal(service.handle(&at(&alice(), 7), pick).await), UserError::Stale);
}

#[tokio::test]
async fn a_hint_suggests_a_legal_move_to_the_player_alone() {
    let service = service_on("sqlite::memory:").await;
    let start = ok(service.handle(&at(&alice(), 0), Command::Solo(SoloAction::New(Some(11)))).await);
    let hint = ok(service.handle(&at(&alice(), 1), button(&start, ":sh:")).await);
    assert!(hint.reply.ephemeral);
    let text = shown(&hint);
    let game = game_of(&service, &alice()).await;
    let named = game.legal_moves().into_iter().any(|mv| {
        let color = if mv.color == GOLD { "gold" } else { "black" };
        text.contains(&format!("Try {} {color}.", mv.square))
    });
    assert!(named, "the hint names a legal move: {text}");
    assert_eq!(game.moves().len(), 0, "a hint plays nothing");
}

#[tokio::test]
async fn the_daily_tables_count_each_players_first_finished_daily_game() {
    let service = service_on("sqlite::memory:").await;
    let mut clock = 0;
    let empty = ok(service.handle(&at(&alice(), 0), Command::Solo(SoloAction::Table)).await);
    assert!(shown(&empty).contains("Nobody has finished today's deal yet."), "{}", shown(&empty));

    // Alice stops her daily deal after two moves; it counts, though her second try is better.
    let daily = ok(service.handle(&at(&alice(), 0), Command::Solo(SoloAction::Daily)).await);
    assert!(shown(&daily).contains("Solo game · daily deal 2027-01-15"), "{}", shown(&daily));
    play_greedily(&service, &alice(), 2, &mut clock).await;
    let stopped = ok(service.handle(&at(&alice(), clock + 1), Command::Solo(SoloAction::Stop)).await);
    assert!(shown(&stopped).contains("Your first finished daily deal today: it counts."), "{}", shown(&stopped));
    assert!(shown(&stopped).contains("Place 1 of 1 on this server."), "{}", shown(&stopped));
    let first = game_of_record(&service, &alice()).await;

    ok(service.handle(&at(&alice(), clock + 2), Command::Solo(SoloAction::Daily)).await);
    let finished = play_greedily(&service, &alice(), 80, &mut clock).await;
    assert!(shown(&finished).contains("this one was practice"), "{}", shown(&finished));

    // Bob plays the same deal to its end elsewhere, and beats Alice's counted score.
    let bob_elsewhere = |millis| Invocation { guild: Some(reversi_bot::store::GuildId(901)), ..at(&bob(), millis) };
    let bob_start = ok(service.handle(&bob_elsewhere(clock), Command::Solo(SoloAction::Daily)).await);
    assert_eq!(shown(&bob_start).lines().nth(1), shown(&daily).lines().nth(1), "the same deal for everyone");
    loop {
        let record = service.store().live_solo(CHANNEL, bob().id).await.unwrap();
        let Some(record) = record else { break };
        let game = SoloGame::from_transcript(record.seed, &record.moves).unwrap();
        let mv = greedy_move(&game.view()).unwrap();
        clock += 1000;
        ok(service.handle(&bob_elsewhere(clock), Command::Move(mv.to_string())).await);
    }

    let table = ok(service.handle(&at(&alice(), clock + 10), Command::Solo(SoloAction::Table)).await);
    let text = shown(&table);
    let alice_line = format!("Alice: {} tiles", first.0);
    assert!(text.contains(&alice_line) || text.contains("Alice: 1 tile,"), "{text}");
    let server = text.split("Everyone:").next().unwrap();
    assert!(!server.contains("Bob"), "Bob played in another server: {text}");
    let everyone = text.split("Everyone:").nth(1).unwrap();
    assert!(
        everyone.find("Bob").unwrap() < everyone.find("Alice").unwrap(),
        "Bob's greedy game beats two moves: {text}"
    );
}

/// Alice's latest finished solo game's score: (tiles, value).
async fn game_of_record(service: &Service, user: &User) -> (u32, u32) {
    let table = service.store().daily_table("2027-01-15", None, 10).await.unwrap();
    let entry = table.iter().find(|e| e.player == user.id).expect("a counted game");
    (entry.tiles, entry.value)
}

#[tokio::test]
async fn a_solo_game_is_played_beside_the_channels_two_player_game() {
    let service = service_on("sqlite::memory:").await;
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: false,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&at(&alice(), 0), challenge).await);
    ok(service.handle(&at(&bob(), 1), button(&offer, ":acc:")).await);
    ok(service.handle(&at(&alice(), 2), Command::Solo(SoloAction::New(Some(5)))).await);

    // A bare square is Alice's two-player move; a square and a colour her solo move.
    let two_player = ok(service.handle(&at(&alice(), 3), Command::Move("d3".into())).await);
    assert!(shown(&two_player).contains("Alice played d3"), "{}", shown(&two_player));
    let mv = greedy_move(&game_of(&service, &alice()).await.view()).unwrap();
    let solo = ok(service.handle(&at(&alice(), 4), Command::Move(mv.to_string())).await);
    assert!(shown(&solo).contains("Solo game · deal 5"), "{}", shown(&solo));
    let board = service.store().live_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(board.moves, "d3", "the solo move left the two-player game alone");
}

#[tokio::test]
async fn a_german_player_plays_the_solo_game_in_german() {
    let service = service_on("sqlite::memory:").await;
    let german = |millis| Invocation { locale: Some(Locale::German), ..at(&alice(), millis) };
    let start = ok(service.handle(&german(0), Command::Solo(SoloAction::New(Some(9)))).await);
    assert!(shown(&start).contains("Solospiel · Verteilung 9"), "{}", shown(&start));
    let game = game_of(&service, &alice()).await;
    let mv = game.legal_moves().into_iter().find(|m| m.color == BLACK).unwrap();
    let moved = ok(service.handle(&german(1), Command::Move(format!("{} Schwarz", mv.square))).await);
    assert!(shown(&moved).contains(&format!("Alice setzt {} Schwarz.", mv.square)), "{}", shown(&moved));
    let bare = refusal(service.handle(&german(2), Command::Move("d3".into())).await);
    assert_eq!(bare, UserError::SoloBadMove(ParseSoloMoveError::MissingColor));
}

#[tokio::test]
async fn a_solo_game_survives_a_restart() {
    let dir = test_dir("solo-restart");
    let url = sqlite_url(&dir, "bot.db");
    let mut clock = 0;
    {
        let service = service_on(&url).await;
        ok(service.handle(&at(&alice(), 0), Command::Solo(SoloAction::New(Some(21)))).await);
        play_greedily(&service, &alice(), 3, &mut clock).await;
        service.store().close().await;
    }
    let service = service_on(&url).await;
    let before = game_of(&service, &alice()).await;
    assert_eq!(before.moves().len(), 3, "the moves are kept");
    let moved = play_greedily(&service, &alice(), 1, &mut clock).await;
    assert!(shown(&moved).contains("Moves: 4"), "{}", shown(&moved));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn move_autocomplete_offers_the_solo_moves_in_the_players_words() {
    let service = service_on("sqlite::memory:").await;
    ok(service.handle(&at(&alice(), 0), Command::Solo(SoloAction::New(Some(42)))).await);
    let all = service.legal_moves_matching(&at(&alice(), 1), "").await.unwrap();
    let legal = SoloGame::deal(42).legal_moves();
    assert_eq!(all.len(), legal.len().min(25));
    assert!(all.iter().all(|m| m.ends_with(" gold") || m.ends_with(" black")), "{all:?}");
    let german = Invocation { locale: Some(Locale::German), ..at(&alice(), 2) };
    let d3 = service.legal_moves_matching(&german, "d3").await.unwrap();
    assert_eq!(d3, vec!["d3 Gold".to_string()], "d3 traps a black disc only with a gold one");
    assert!(service.legal_moves_matching(&at(&bob(), 3), "").await.unwrap().is_empty(), "Bob has no game here");
}
