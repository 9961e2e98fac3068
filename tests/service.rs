//! Scenario tests of the game service, through `Service::handle` with an injected clock: every
//! flow a player can take, races, the deadline sweep and a restart on the same database file.

#[path = "support/games.rs"]
mod games;
#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;

use scratch::{sqlite_url, test_dir};
use std::time::Duration;

use reversi_bot::ai::{AiConfig, Level};
use reversi_bot::engine::{Color, Game, Rules};
use reversi_bot::service::{
    BoardScope, Command, Invocation, Locale, Response, Row, Service, ServiceError, ServiceOptions, User, UserError,
    components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{
    BotLease, ChannelId, ColorChoice, GameStatus, Ladder, Scope, ServerSettings, Store, Timestamp, UserId,
};

use games::game_with_a_pass;
use players::*;

fn options() -> ServiceOptions {
    ServiceOptions {
        ai: AiConfig { budget: Duration::from_millis(200), ..AiConfig::default() },
        ..ServiceOptions::default()
    }
}

async fn service() -> Service {
    let store = Store::open("sqlite::memory:").await.expect("an in-memory store");
    Service::new(store, bot_user(), options())
}

fn at(user: &User, channel: ChannelId, millis: i64) -> Invocation {
    asking(user, channel, millis, Locale::English)
}

/// Alice challenges Bob (Alice black, rated) in `channel` and Bob accepts.
async fn start_rated(service: &Service, channel: ChannelId) -> Response {
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let response = ok(service.handle(&at(&alice(), channel, 0), challenge).await);
    let accept =
        response.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button").to_string();
    let command = components::parse(&accept, &[]).expect("our own id");
    ok(service.handle(&at(&bob(), channel, 1), command).await)
}

/// Alice and Bob start a rated game, make two moves each, and Bob resigns.
async fn bob_resigns_after_two_moves_each(service: &Service) -> Response {
    start_rated(service, CHANNEL).await;
    for (i, (player, square)) in
        [(alice(), "f5"), (bob(), "d6"), (alice(), "c3"), (bob(), "d3")].into_iter().enumerate()
    {
        ok(service.handle(&at(&player, CHANNEL, 2 + i as i64), Command::Move(square.into())).await);
    }
    let ask = ok(service.handle(&at(&bob(), CHANNEL, 10), Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    ok(service.handle(&at(&bob(), CHANNEL, 11), confirm).await)
}

#[tokio::test]
async fn a_challenge_accepted_starts_a_game_with_black_to_move() {
    let service = service().await;
    let response = start_rated(&service, CHANNEL).await;
    let text = shown(&response);
    assert!(text.contains("Bob accepted the challenge"), "{text}");
    assert!(text.contains("Alice (Black) to move"), "{text}");
    assert_eq!(content(&response), "<@1>, your move.");
    assert_eq!(response.reply.files[0].name, "board.png");
    assert!(response.reply.files[0].bytes.starts_with(b"\x89PNG"));
    let menu = response.reply.rows.iter().find_map(|r| if let Row::Menu(m) = r { Some(m) } else { None }).unwrap();
    let values: Vec<&str> = menu.options.iter().map(|o| o.value.as_str()).collect();
    assert_eq!(values, ["d3", "c4", "f5", "e6"]);
}

#[tokio::test]
async fn challenges_that_make_no_sense_are_refused_with_a_reason() {
    let service = service().await;
    let me = at(&alice(), CHANNEL, 0);
    let to = |opponent: User| Command::Challenge {
        opponent: Some(opponent),
        color: ColorChoice::Random,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    assert_eq!(refusal(service.handle(&me, to(alice())).await), UserError::ChallengeYourself);
    let other_bot = User { id: UserId(77), name: "MEE6".into(), is_bot: true };
    assert_eq!(refusal(service.handle(&me, to(other_bot)).await), UserError::ChallengeOtherBot("MEE6".into()));
    start_rated(&service, CHANNEL).await;
    assert_eq!(refusal(service.handle(&at(&carol(), CHANNEL, 5), to(bob())).await), UserError::ChannelBusy);
}

#[tokio::test]
async fn an_open_challenge_is_taken_by_anyone_but_its_challenger() {
    let service = service().await;
    let open = Command::Challenge {
        opponent: None,
        color: ColorChoice::White,
        rated: false,
        private: false,
        rules: Rules::default(),
    };
    let response = ok(service.handle(&at(&alice(), CHANNEL, 0), open).await);
    assert_eq!(content(&response), "Alice challenges anyone here to a casual game: press Accept to play.");
    let accept = components::parse(response.reply.custom_ids()[0], &[]).unwrap();
    assert_eq!(refusal(service.handle(&at(&alice(), CHANNEL, 1), accept.clone()).await), UserError::OwnChallenge);
    let started = ok(service.handle(&at(&carol(), CHANNEL, 2), accept.clone()).await);
    assert!(shown(&started).contains("Carol (Black) to move"), "{}", shown(&started));
    assert_eq!(refusal(service.handle(&at(&bob(), CHANNEL, 3), accept).await), UserError::ChallengeClosed);
}

#[tokio::test]
async fn a_challenge_for_someone_else_cannot_be_accepted_and_can_be_declined_or_withdrawn() {
    let service = service().await;
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let response = ok(service.handle(&at(&alice(), CHANNEL, 0), challenge.clone()).await);
    let ids = response.reply.custom_ids();
    let (accept, decline) = (components::parse(ids[0], &[]).unwrap(), components::parse(ids[1], &[]).unwrap());
    assert_eq!(
        refusal(service.handle(&at(&carol(), CHANNEL, 1), accept.clone()).await),
        UserError::ChallengeNotForYou("Bob".into())
    );
    let declined = ok(service.handle(&at(&bob(), CHANNEL, 2), decline).await);
    assert!(content(&declined).contains("Bob declined"), "{}", content(&declined));
    assert_eq!(refusal(service.handle(&at(&bob(), CHANNEL, 3), accept).await), UserError::ChallengeClosed);
    let again = ok(service.handle(&at(&alice(), CHANNEL, 4), challenge).await);
    let withdraw = components::parse(again.reply.custom_ids()[1], &[]).unwrap();
    let withdrawn = ok(service.handle(&at(&alice(), CHANNEL, 5), withdraw).await);
    assert!(content(&withdrawn).contains("Alice withdrew"), "{}", content(&withdrawn));
}

#[tokio::test]
async fn a_challenge_lapses_after_ten_minutes_and_the_sweep_says_so() {
    let service = service().await;
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let response = ok(service.handle(&at(&alice(), CHANNEL, 0), challenge).await);
    let accept = components::parse(response.reply.custom_ids()[0], &[]).unwrap();
    let late = 10 * 60 * 1000 + 1;
    assert_eq!(refusal(service.handle(&at(&bob(), CHANNEL, late), accept).await), UserError::ChallengeClosed);
    let announcements = service.sweep(Timestamp(T0 + late)).await.unwrap();
    assert_eq!(announcements.len(), 1);
    assert_eq!(announcements[0].channel, CHANNEL);
    assert!(announcements[0].reply.content.to_plain().contains("lapsed"));
}

#[tokio::test]
async fn only_the_player_to_move_may_move_and_bad_squares_are_explained() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    let mv = |s: &str| Command::Move(s.to_string());
    assert_eq!(
        refusal(service.handle(&at(&bob(), CHANNEL, 2), mv("d3")).await),
        UserError::NotYourTurn("Alice".into())
    );
    assert_eq!(refusal(service.handle(&at(&carol(), CHANNEL, 2), mv("d3")).await), UserError::NotAPlayer);
    let e = refusal(service.handle(&at(&alice(), CHANNEL, 2), mv("d9")).await);
    assert_eq!(e.to_string(), "d9 is off the 8x8 board: columns run a–h, rows 1–8. Legal moves: d3, c4, f5, e6.");
    let e = refusal(service.handle(&at(&alice(), CHANNEL, 2), mv("c5")).await);
    assert_eq!(
        e.to_string(),
        "c5 flips nothing: a move must trap your opponent's discs between the new disc and one of yours. \
         Legal moves: d3, c4, f5, e6."
    );
    let e = refusal(service.handle(&at(&alice(), CHANNEL, 2), mv("e4")).await);
    assert_eq!(e.to_string(), "e4 is already taken. Legal moves: d3, c4, f5, e6.");
    let e = refusal(service.handle(&at(&alice(), ChannelId(11), 2), mv("d3")).await);
    assert_eq!(e, UserError::NoGame);
    let played = ok(service.handle(&at(&alice(), CHANNEL, 3), mv("D3")).await);
    assert!(shown(&played).contains("Alice played d3, flipping 1 disc."), "{}", shown(&played));
    assert_eq!(content(&played), "<@2>, your move.");
}

#[tokio::test]
async fn a_whole_game_with_a_forced_pass_ends_with_the_result_ratings_and_leaderboard() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    let moves = game_with_a_pass();
    let mut saw_pass = false;
    let mut last = None;
    for (i, (color, mv)) in moves.iter().enumerate() {
        let player = if *color == Color::Black { alice() } else { bob() };
        let response = ok(service.handle(&at(&player, CHANNEL, 10 + i as i64), Command::Move(mv.to_string())).await);
        saw_pass |= shown(&response).contains("has no legal move and passes");
        last = Some(response);
    }
    assert!(saw_pass, "the pass was announced");
    let last = last.unwrap();
    let text = shown(&last);
    assert!(text.contains("Neither side can move: the game is over."), "{text}");
    let record = service.store().latest_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.status, GameStatus::Finished);
    let ending = record.ending.unwrap();
    let winner = ending.winner.expect("random games here do not end level");
    let winner_name = if winner == Color::Black { "Alice" } else { "Bob" };
    assert!(text.contains(&format!("{winner_name} ({winner}) wins")), "{text}");
    assert!(text.contains("1500? →"), "the rating change is shown: {text}");
    assert!(last.reply.custom_ids().iter().any(|id| id.contains(":rm:")), "a Rematch button");
    for scope in [Scope::Guild(GUILD), Scope::Global] {
        let winner_id = record.player(winner);
        let rating = service.store().rating(winner_id, &Ladder::standard(), scope).await.unwrap().unwrap();
        assert!(rating.glicko.rating > 1500.0 && rating.wins == 1 && rating.games == 1, "{scope}");
    }
    let board = ok(service
        .handle(&at(&carol(), CHANNEL, 500), Command::Leaderboard(BoardScope::Server, Ladder::standard()))
        .await);
    let lines = shown(&board);
    assert!(lines.contains(&format!("1. {winner_name}")), "{lines}");
    assert!(lines.contains("You are not ranked yet"), "{lines}");
    // The channel is free again.
    start_rated(&service, CHANNEL).await;
}

#[tokio::test]
async fn a_stale_menu_click_is_refused_and_a_double_click_moves_once() {
    let service = service().await;
    let response = start_rated(&service, CHANNEL).await;
    let menu_id = response.reply.custom_ids().into_iter().find(|id| id.contains(":mv:")).unwrap().to_string();
    let click = |v: &str| components::parse(&menu_id, &[v.to_string()]).unwrap();
    let inv = at(&alice(), CHANNEL, 2);
    let (a, b) = tokio::join!(service.handle(&inv, click("d3")), service.handle(&inv, click("d3")));
    let successes = [&a, &b].iter().filter(|r| r.is_ok()).count();
    assert_eq!(successes, 1, "exactly one of two identical clicks applies");
    let refused = if a.is_err() { a } else { b };
    assert!(matches!(refusal(refused), UserError::Stale | UserError::Raced | UserError::NotYourTurn(_)));
    // An old menu stays refused after the game moved on.
    assert_eq!(refusal(service.handle(&at(&bob(), CHANNEL, 3), click("c3")).await), UserError::Stale);
    let old_resign = response.reply.custom_ids().into_iter().find(|id| id.contains(":rs:")).unwrap().to_string();
    let resign = components::parse(&old_resign, &[]).unwrap();
    assert_eq!(refusal(service.handle(&at(&alice(), CHANNEL, 4), resign).await), UserError::Stale);
    let record = service.store().live_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.moves, "d3");
}

#[tokio::test]
async fn resigning_asks_first_and_early_resignation_aborts_unrated() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    let ask = ok(service.handle(&at(&alice(), CHANNEL, 2), Command::Resign).await);
    assert!(ask.reply.ephemeral);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    let done = ok(service.handle(&at(&alice(), CHANNEL, 3), confirm).await);
    assert!(shown(&done).contains("Game aborted"), "{}", shown(&done));
    let record = service.store().latest_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.status, GameStatus::Aborted);
    assert_eq!(service.store().rating(UserId(1), &Ladder::standard(), Scope::Global).await.unwrap(), None);
}

#[tokio::test]
async fn resigning_after_two_moves_each_gives_the_opponent_a_rated_win() {
    let service = service().await;
    let done = bob_resigns_after_two_moves_each(&service).await;
    assert!(shown(&done).contains("Alice (Black) wins by resignation"), "{}", shown(&done));
    let alice_rating =
        service.store().rating(UserId(1), &Ladder::standard(), Scope::Guild(GUILD)).await.unwrap().unwrap();
    assert_eq!((alice_rating.wins, alice_rating.streak), (1, 1));
}

#[tokio::test]
async fn a_moderator_can_end_any_game_in_their_server_as_aborted() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    assert_eq!(refusal(service.handle(&at(&carol(), CHANNEL, 2), Command::Resign).await), UserError::NotAPlayer);
    let mut moderator = at(&carol(), CHANNEL, 3);
    moderator.can_manage_guild = true;
    let ask = ok(service.handle(&moderator, Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    let done = ok(service.handle(&moderator, confirm).await);
    assert!(shown(&done).contains("ended the game as a moderator"));
    assert_eq!(service.store().latest_game_in(CHANNEL).await.unwrap().unwrap().status, GameStatus::Aborted);
}

#[tokio::test]
async fn the_bot_answers_at_once_and_plays_a_whole_game() {
    let service = service().await;
    let level = Level::new(1).unwrap();
    let start = Command::PlayBot { level: Some(level), color: ColorChoice::White, rules: Rules::default() };
    let response = ok(service.handle(&at(&alice(), CHANNEL, 0), start).await);
    let text = shown(&response);
    assert!(text.contains("Reversi played"), "the bot opened as Black: {text}");
    assert!(text.contains("Alice (White) to move"), "{text}");
    for i in 0..70 {
        let Some(record) = service.store().live_game_in(CHANNEL).await.unwrap() else { break };
        let game = Game::from_transcript(record.rules, &record.moves).unwrap();
        let mv = game.legal_choices()[0];
        ok(service.handle(&at(&alice(), CHANNEL, 1 + i), Command::Move(mv.to_string())).await);
    }
    let record = service.store().latest_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.status, GameStatus::Finished);
    assert!(!record.rated);
    assert_eq!(
        service.store().rating(UserId(1), &Ladder::standard(), Scope::Global).await.unwrap(),
        None,
        "bot games are unrated"
    );
}

#[tokio::test]
async fn the_sweep_reminds_before_the_deadline_and_then_forfeits_each_announced_until_posted() {
    let service = service().await;
    let settings = ServerSettings { move_deadline: Some(3600 * 4), ..ServerSettings::default() };
    service.store().set_settings(GUILD, &settings, Timestamp(T0)).await.unwrap();
    start_rated(&service, CHANNEL).await;
    let hour = 3_600_000;
    assert!(service.sweep(Timestamp(T0 + hour)).await.unwrap().is_empty(), "nothing due yet");
    let reminders = service.sweep(Timestamp(T0 + 3 * hour + 1)).await.unwrap();
    assert_eq!(reminders.len(), 1);
    let reminder = Response::from(reminders[0].reply.clone());
    assert!(content(&reminder).starts_with("<@1>, it's your move"), "{}", content(&reminder));
    // Until it is posted, the reminder is made again under the same key (Discord shows it once).
    let again = service.sweep(Timestamp(T0 + 3 * hour + 2)).await.unwrap();
    assert_eq!(again.len(), 1, "a reminder not yet posted is made again");
    assert_eq!(again[0].key, reminders[0].key, "under the same key");
    service
        .posted(reminders[0].then.expect("a reminder is noted once posted"), None, Timestamp(T0 + 3 * hour + 3))
        .await
        .unwrap();
    assert!(service.sweep(Timestamp(T0 + 3 * hour + 4)).await.unwrap().is_empty(), "one reminder per move");

    let forfeits = service.sweep(Timestamp(T0 + 4 * hour + 2)).await.unwrap();
    assert_eq!(forfeits.len(), 1);
    let text = forfeits[0].reply.plain_text().replace("**", "");
    assert!(text.contains("Alice did not move in time"), "{text}");
    assert!(text.contains("Bob (White) wins on time"), "{text}");
    let bob_rating = service.store().rating(UserId(2), &Ladder::standard(), Scope::Global).await.unwrap().unwrap();
    assert_eq!(bob_rating.wins, 1);
    // The process that ended the game stopped before posting: after a grace period another
    // sweep announces it again, the same words under the same key, until it is posted.
    assert!(service.sweep(Timestamp(T0 + 4 * hour + 5_000)).await.unwrap().is_empty(), "its maker posts it first");
    let later = service.sweep(Timestamp(T0 + 4 * hour + 60_000)).await.unwrap();
    assert_eq!(later.len(), 1, "an unposted forfeit is announced again");
    assert_eq!((&later[0].key, &later[0].reply), (&forfeits[0].key, &forfeits[0].reply));
    service
        .posted(later[0].then.expect("a forfeit is noted once posted"), None, Timestamp(T0 + 4 * hour + 60_001))
        .await
        .unwrap();
    assert!(service.sweep(Timestamp(T0 + 4 * hour + 120_000)).await.unwrap().is_empty(), "announced once");
}

#[tokio::test]
async fn a_restart_loses_nothing_and_the_bot_moves_where_it_was_to_move() {
    let dir = test_dir("restart");
    let url = sqlite_url(&dir, "bot.db");
    {
        let store = Store::open(&url).await.unwrap();
        let service = Service::new(store.clone(), bot_user(), options());
        start_rated(&service, CHANNEL).await;
        ok(service.handle(&at(&alice(), CHANNEL, 2), Command::Move("f5".into())).await);
        // A bot game where the bot is to move when the process dies: stored without its move.
        store.upsert_player(UserId(99), "Reversi", true, Timestamp(T0)).await.unwrap();
        let new = reversi_bot::store::NewGame {
            guild: Some(GUILD),
            channel: ChannelId(20),
            black: UserId(99),
            white: UserId(1),
            bot_level: Some(2),
            rated: false,
            rules: Rules::default(),
            deadline: None,
            bot_lease: None,
        };
        store.create_game(&new, Timestamp(T0)).await.unwrap();
        store.close().await;
    }
    let store = Store::open(&url).await.unwrap();
    let service = Service::new(store, bot_user(), options());
    let announcements = service.resume(Timestamp(T0 + 100)).await.unwrap();
    assert_eq!(announcements.len(), 1);
    assert_eq!(announcements[0].channel, ChannelId(20));
    assert!(announcements[0].reply.plain_text().replace("**", "").contains("Reversi played"));
    let human = service.store().live_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(human.moves, "f5");
    ok(service.handle(&at(&bob(), CHANNEL, 200), Command::Move("d6".into())).await);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn many_racing_moves_across_many_games_never_corrupt_a_game() {
    let service = service().await;
    let games = 8u64;
    for g in 0..games {
        start_rated(&service, ChannelId(100 + g)).await;
    }
    let mut tasks = Vec::new();
    for g in 0..games {
        for attempt in 0..6u64 {
            let service = service.clone();
            tasks.push(tokio::spawn(async move {
                let channel = ChannelId(100 + g);
                let mut outcomes = Vec::new();
                for step in 0..20 {
                    let Some(record) = service.store().live_game_in(channel).await.unwrap() else { break };
                    let game = Game::from_transcript(record.rules, &record.moves).unwrap();
                    let Some(color) = game.to_move() else { break };
                    let player = if color == Color::Black { alice() } else { bob() };
                    let choices = game.legal_choices();
                    let mv = choices[(attempt as usize + step) % choices.len()];
                    let menu = components::move_menu(record.id, record.version, 0);
                    let command = components::parse(&menu, &[mv.to_string()]).unwrap();
                    outcomes.push(service.handle(&at(&player, channel, step as i64), command).await.map(|_| ()));
                }
                outcomes
            }));
        }
    }
    let mut applied = 0;
    for task in tasks {
        for outcome in task.await.unwrap() {
            match outcome {
                Ok(()) => applied += 1,
                Err(ServiceError::User(
                    UserError::Stale | UserError::Raced | UserError::NotYourTurn(_) | UserError::NoGame,
                )) => {}
                Err(e) => panic!("a racing caller got an unclear answer: {e}"),
            }
        }
    }
    let mut stored_moves = 0;
    for g in 0..games {
        let record = service.store().latest_game_in(ChannelId(100 + g)).await.unwrap().unwrap();
        let game = Game::from_transcript(record.rules, &record.moves).expect("every record is a legal game");
        assert_eq!(record.version as usize, game.move_count() + usize::from(record.status != GameStatus::Live));
        stored_moves += game.move_count();
    }
    assert_eq!(applied, stored_moves, "every applied move is stored exactly once");
}

#[tokio::test]
async fn export_gives_the_transcript_a_ggf_file_and_a_replay() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    ok(service.handle(&at(&alice(), CHANNEL, 2), Command::Move("f5".into())).await);
    ok(service.handle(&at(&bob(), CHANNEL, 3), Command::Move("d6".into())).await);
    let export = ok(service.handle(&at(&carol(), CHANNEL, 4), Command::Export(None)).await);
    assert!(content(&export).contains("Transcript: f5d6"), "{}", content(&export));
    let ggf = export.reply.files.iter().find(|f| f.name.ends_with(".ggf")).unwrap();
    let (game, info) = Game::from_ggf(std::str::from_utf8(&ggf.bytes).unwrap()).unwrap();
    assert_eq!((game.transcript().as_str(), info.black.as_str(), info.white.as_str()), ("f5d6", "Alice", "Bob"));
    let gif = export.reply.files.iter().find(|f| f.name.ends_with(".gif")).unwrap();
    assert!(gif.bytes.starts_with(b"GIF8"));
    let missing = refusal(
        service.handle(&at(&carol(), CHANNEL, 5), Command::Export(Some(reversi_bot::store::GameId(999)))).await,
    );
    assert_eq!(missing.to_string(), "There is no game #999.");
}

#[tokio::test]
async fn a_rematch_offers_the_same_game_with_colours_swapped() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    let ask = ok(service.handle(&at(&alice(), CHANNEL, 2), Command::Resign).await);
    ok(service.handle(&at(&alice(), CHANNEL, 3), components::parse(ask.reply.custom_ids()[0], &[]).unwrap()).await);
    let game = service.store().latest_game_in(CHANNEL).await.unwrap().unwrap();
    let offer = ok(service.handle(&at(&alice(), CHANNEL, 4), Command::Rematch(game.id)).await);
    assert!(content(&offer).contains("offers you a rematch"), "{}", content(&offer));
    let accept = components::parse(offer.reply.custom_ids()[0], &[]).unwrap();
    let started = ok(service.handle(&at(&bob(), CHANNEL, 5), accept).await);
    assert!(shown(&started).contains("Bob (Black) to move"), "{}", shown(&started));
}

#[tokio::test]
async fn stats_and_history_show_records_and_head_to_head() {
    let service = service().await;
    bob_resigns_after_two_moves_each(&service).await;
    let stats = ok(service.handle(&at(&bob(), CHANNEL, 12), Command::Stats(Some(alice()), Ladder::standard())).await);
    let text = shown(&stats);
    assert!(text.contains("1 rated game: 1W 0L 0D, 1 win in a row"), "{text}");
    assert!(!text.contains("? (provisional)"), "provisional is said once: {text}");
    assert!(text.contains("Alice against you: 1W 0L 0D"), "{text}");
    let history = ok(service.handle(&at(&bob(), CHANNEL, 13), Command::History(None)).await);
    let text = shown(&history);
    assert!(text.contains("lost as White vs Alice (rated, standard Othello, Perpendicular)"), "{text}");
}

#[tokio::test]
async fn autocomplete_lists_the_legal_moves_matching_what_was_typed() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    let all = service.legal_moves_matching(&at(&alice(), CHANNEL, 2), "").await.unwrap();
    assert_eq!(all, ["d3", "c4", "f5", "e6"]);
    assert_eq!(service.legal_moves_matching(&at(&alice(), CHANNEL, 2), "F").await.unwrap(), ["f5"]);
    assert!(service.legal_moves_matching(&at(&bob(), CHANNEL, 2), "").await.unwrap().is_empty());
}

#[tokio::test]
async fn server_settings_are_shown_to_all_and_changed_only_by_managers() {
    use reversi_bot::render::Theme;
    use reversi_bot::service::SettingsChange;
    let service = service().await;
    let shown_settings =
        ok(service.handle(&at(&carol(), CHANNEL, 0), Command::Settings(SettingsChange::default())).await);
    assert!(shown(&shown_settings).contains("Move deadline: 24 hours per move"), "{}", shown(&shown_settings));
    let change = SettingsChange { deadline_hours: Some(2), theme: Some(Theme::Dark), ..SettingsChange::default() };
    assert_eq!(
        refusal(service.handle(&at(&carol(), CHANNEL, 1), Command::Settings(change.clone())).await),
        UserError::NeedsManageServer
    );
    let mut manager = at(&carol(), CHANNEL, 2);
    manager.can_manage_guild = true;
    let saved = ok(service.handle(&manager, Command::Settings(change)).await);
    assert!(
        shown(&saved).contains("2 hours per move") && shown(&saved).contains("Board theme: Dark"),
        "{}",
        shown(&saved)
    );
    start_rated(&service, CHANNEL).await;
    let record = service.store().live_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.deadline, Some(Timestamp(T0 + 1 + 2 * 3_600_000)), "the accept at +1 ms starts the clock");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_while_the_bot_is_thinking_gives_the_bot_its_move_on_the_next_start() {
    let dir = test_dir("thinking");
    let url = sqlite_url(&dir, "bot.db");
    let channel = ChannelId(30);
    {
        let store = Store::open(&url).await.unwrap();
        let slow =
            ServiceOptions { ai: AiConfig { budget: Duration::from_secs(1), ..AiConfig::default() }, ..options() };
        let service = Service::new(store.clone(), bot_user(), slow);
        let thinking = service.clone();
        let start = Command::PlayBot { level: Some(Level::MAX), color: ColorChoice::White, rules: Rules::default() };
        let task = tokio::spawn(async move { thinking.handle(&at(&alice(), channel, 0), start).await });
        // The game is stored before the bot starts thinking as Black: stop the process then.
        while store.live_game_in(channel).await.unwrap().is_none() {
            tokio::task::yield_now().await;
        }
        // A clean stop: no more thinking, and the bot's move given back for the next start.
        service.cancel_thinking();
        task.abort();
        let _ = task.await;
        assert_eq!(service.release_bot_moves().await.unwrap(), 1);
        let record = store.live_game_in(channel).await.unwrap().unwrap();
        assert_eq!(record.moves, "", "the hurried move was not committed");
        store.close().await;
    }
    let service = Service::new(Store::open(&url).await.unwrap(), bot_user(), options());
    let announcements = service.resume(Timestamp(T0 + 10)).await.unwrap();
    assert_eq!(announcements.len(), 1);
    let record = service.store().live_game_in(channel).await.unwrap().unwrap();
    assert_eq!(Game::from_transcript(record.rules, &record.moves).unwrap().move_count(), 1, "the bot moved once");
    ok(service.handle(&at(&alice(), channel, 20), Command::Board).await);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_database_refuses_a_move_politely_and_loses_nothing() {
    let dir = test_dir("locked");
    let file = dir.join("bot.db");
    let store = Store::open(&format!("sqlite://{}", file.display())).await.unwrap();
    let service = Service::new(store, bot_user(), options());
    start_rated(&service, CHANNEL).await;
    // Another writer holds the database longer than a writer waits for it.
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&file);
    let mut holder = <sqlx::SqliteConnection as sqlx::Connection>::connect_with(&options).await.unwrap();
    sqlx::query("BEGIN IMMEDIATE").execute(&mut holder).await.unwrap();
    let refused = service.handle(&at(&alice(), CHANNEL, 2), Command::Move("f5".into())).await;
    assert_eq!(refusal(refused), UserError::Busy);
    assert_eq!(
        UserError::Busy.to_string(),
        "The games database is busy right now, so nothing was changed. Please try again in a moment."
    );
    sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    // Nothing was written, so the same move is played once the database is free again.
    assert_eq!(service.store().live_game_in(CHANNEL).await.unwrap().unwrap().moves, "");
    ok(service.handle(&at(&alice(), CHANNEL, 3), Command::Move("f5".into())).await);
    assert_eq!(service.store().live_game_in(CHANNEL).await.unwrap().unwrap().moves, "f5");
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn a_bot_move_left_unmade_is_made_by_the_sweep_once_its_lease_lapses() {
    let service = service().await;
    let store = service.store();
    store.upsert_player(UserId(99), "Reversi", true, Timestamp(T0)).await.unwrap();
    store.upsert_player(UserId(1), "Alice", false, Timestamp(T0)).await.unwrap();
    // Another process took the bot's first move and died thinking about it.
    let lease = BotLease { owner: "a process that died".into(), until: Timestamp(T0 + 60_000) };
    let new = reversi_bot::store::NewGame {
        guild: Some(GUILD),
        channel: ChannelId(30),
        black: UserId(99),
        white: UserId(1),
        bot_level: Some(2),
        rated: false,
        rules: Rules::default(),
        deadline: None,
        bot_lease: Some(lease),
    };
    store.create_game(&new, Timestamp(T0)).await.unwrap();
    // While its lease holds, the move is left to its holder...
    let early = service.sweep(Timestamp(T0 + 10_000)).await.unwrap();
    assert!(early.iter().all(|a| a.channel != ChannelId(30)), "the other process may still be thinking");
    assert_eq!(service.resume(Timestamp(T0 + 20_000)).await.unwrap().len(), 0, "a start leaves held leases alone");
    // ...and once it lapses, the sweep claims the move and makes it.
    let late = service.sweep(Timestamp(T0 + 70_000)).await.unwrap();
    let board = late.iter().find(|a| a.channel == ChannelId(30)).expect("the bot's move is announced");
    assert!(board.reply.plain_text().contains("Reversi played"), "{}", board.reply.plain_text());
    let game = store.live_game_in(ChannelId(30)).await.unwrap().unwrap();
    assert_eq!(game.moves.len(), 2);
    assert_eq!((game.to_move, game.bot_lease), (Some(UserId(1)), None), "Alice is to move; no lease is left");
}

/// Alice (black) and Bob start a rated game under `rules` in `channel`, make two moves each (the
/// first legal move each time), and Bob resigns.
async fn rated_win_for_alice(service: &Service, channel: ChannelId, rules: Rules, at_millis: i64) {
    let challenge =
        Command::Challenge { opponent: Some(bob()), color: ColorChoice::Black, rated: true, private: false, rules };
    let offer = ok(service.handle(&at(&alice(), channel, at_millis), challenge).await);
    let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap().to_string();
    ok(service.handle(&at(&bob(), channel, at_millis + 1), components::parse(&accept, &[]).unwrap()).await);
    for i in 0..4 {
        let record = service.store().live_game_in(channel).await.unwrap().unwrap();
        let game = reversi_bot::engine::Game::from_transcript(record.rules, &record.moves).unwrap();
        let player = if game.to_move() == Some(Color::Black) { alice() } else { bob() };
        let mv = game.legal_choices()[0].to_string();
        ok(service.handle(&at(&player, channel, at_millis + 2 + i), Command::Move(mv)).await);
    }
    let ask = ok(service.handle(&at(&bob(), channel, at_millis + 10), Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    ok(service.handle(&at(&bob(), channel, at_millis + 11), confirm).await);
}

#[tokio::test]
async fn each_kind_of_game_is_rated_on_its_own_ladder_and_the_leaderboard_names_it() {
    let service = service().await;
    let ravensburger = reversi_bot::engine::Preset::Ravensburger.rules();
    rated_win_for_alice(&service, CHANNEL, ravensburger, 0).await;
    let store = service.store();
    let ladder = Ladder::of(&ravensburger);
    assert_eq!(ladder.as_str(), "ravensburger-8");
    let alice_there = store.rating(UserId(1), &ladder, Scope::Global).await.unwrap().unwrap();
    assert_eq!((alice_there.games, alice_there.wins), (1, 1));
    assert_eq!(store.rating(UserId(1), &Ladder::standard(), Scope::Global).await.unwrap(), None, "not on Othello's");
    let ten = Rules { size: reversi_bot::engine::BoardSize::Ten, ..Rules::default() };
    rated_win_for_alice(&service, CHANNEL, ten, 100).await;
    assert!(store.rating(UserId(1), &Ladder::of(&ten), Scope::Global).await.unwrap().is_some(), "othello-10");
    assert_eq!(store.rating(UserId(1), &Ladder::standard(), Scope::Global).await.unwrap(), None);

    let board = ok(service.handle(&at(&carol(), CHANNEL, 500), Command::Leaderboard(BoardScope::Global, ladder)).await);
    let text = shown(&board);
    assert!(text.contains("Global leaderboard: Ravensburger"), "{text}");
    assert!(text.contains("1. Alice"), "{text}");
    let standard = ok(service
        .handle(&at(&carol(), CHANNEL, 501), Command::Leaderboard(BoardScope::Global, Ladder::standard()))
        .await);
    assert!(shown(&standard).contains("No rated games yet"), "{}", shown(&standard));
    let stats = ok(service.handle(&at(&carol(), CHANNEL, 502), Command::Stats(Some(alice()), Ladder::of(&ten))).await);
    assert!(shown(&stats).contains("Stats of Alice: Othello 10x10"), "{}", shown(&stats));
}

#[tokio::test]
async fn ratings_kept_before_ladders_are_rated_again_each_on_its_own_ladder_once() {
    let dir = test_dir("ladders");
    let url = sqlite_url(&dir, "bot.db");
    let service = Service::new(Store::open(&url).await.unwrap(), bot_user(), options());
    let ravensburger = reversi_bot::engine::Preset::Ravensburger.rules();
    rated_win_for_alice(&service, CHANNEL, Rules::default(), 0).await;
    rated_win_for_alice(&service, CHANNEL, ravensburger, 100).await;
    let before = service.store().rating(UserId(1), &Ladder::standard(), Scope::Global).await.unwrap().unwrap();
    let on_its_own = service.store().rating(UserId(1), &Ladder::of(&ravensburger), Scope::Global).await.unwrap();

    // As a database from before ladders looks after the migration: every rating on Othello's
    // ladder, mixed, and the rebuild asked for.
    let mut raw = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url).await.unwrap();
    sqlx::query("DELETE FROM ratings WHERE ladder <> 'othello-8'").execute(&mut raw).await.unwrap();
    sqlx::query("UPDATE ratings SET games = games + 1, wins = wins + 1").execute(&mut raw).await.unwrap();
    sqlx::query("UPDATE rating_changes SET ladder = 'othello-8'").execute(&mut raw).await.unwrap();
    sqlx::query("INSERT INTO pending_rebuilds (what) VALUES ('ratings')").execute(&mut raw).await.unwrap();

    assert_eq!(service.rebuild_pending().await.unwrap(), 2, "both rated games rated again");
    let store = service.store();
    assert_eq!(store.rating(UserId(1), &Ladder::standard(), Scope::Global).await.unwrap().unwrap(), before);
    assert_eq!(store.rating(UserId(1), &Ladder::of(&ravensburger), Scope::Global).await.unwrap(), on_its_own);
    assert_eq!(service.rebuild_pending().await.unwrap(), 0, "done once");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The buttons of a reply, with the player they name in their content.
fn buttons(response: &Response) -> Vec<String> {
    response.reply.custom_ids().into_iter().map(str::to_string).collect()
}

#[tokio::test]
async fn the_japanese_rule_lets_one_drawn_by_lot_decide_the_tie_and_the_other_pick_a_colour() {
    let service = service().await;
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Japanese,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&at(&alice(), CHANNEL, 0), challenge).await);
    assert!(shown(&offer).contains("the Japanese rule settles the colours"), "{}", shown(&offer));
    let accept = buttons(&offer).into_iter().find(|id| id.contains(":acc:")).unwrap();
    let lot = ok(service.handle(&at(&bob(), CHANNEL, 1), components::parse(&accept, &[]).unwrap()).await);
    let text = shown(&lot);
    assert!(text.contains("The Japanese rule: by lot,"), "{text}");
    assert!(service.store().live_game_in(CHANNEL).await.unwrap().is_none(), "no game before both steps");
    let (decider, chooser) = if text.contains("by lot, Alice decides") { (alice(), bob()) } else { (bob(), alice()) };
    let tie_white = buttons(&lot).into_iter().find(|id| id.ends_with(":1")).unwrap();
    // Only the player drawn decides.
    let refused = refusal(service.handle(&at(&chooser, CHANNEL, 2), components::parse(&tie_white, &[]).unwrap()).await);
    assert_eq!(refused, UserError::NotYourChoice(decider.name.clone()));
    let ask = ok(service.handle(&at(&decider, CHANNEL, 3), components::parse(&tie_white, &[]).unwrap()).await);
    assert!(shown(&ask).contains("decided that a tie counts as a win for White"), "{}", shown(&ask));
    let play_black = buttons(&ask).into_iter().find(|id| id.ends_with(":0")).unwrap();
    let refused =
        refusal(service.handle(&at(&decider, CHANNEL, 4), components::parse(&play_black, &[]).unwrap()).await);
    assert_eq!(refused, UserError::NotYourChoice(chooser.name.clone()));
    let board = ok(service.handle(&at(&chooser, CHANNEL, 5), components::parse(&play_black, &[]).unwrap()).await);
    let text = shown(&board);
    assert!(text.contains(&format!("{} chose Black", chooser.name)), "{text}");
    assert!(text.contains("a tie is a win for White"), "the footer names the rule: {text}");
    let record = service.store().live_game_in(CHANNEL).await.unwrap().unwrap();
    assert_eq!(record.black, chooser.id);
    assert_eq!(record.rules.tie, reversi_bot::engine::TieRule::Counts(Color::White));
    assert!(record.rated);
    // The steps are spent: a second click changes nothing.
    let again = refusal(service.handle(&at(&chooser, CHANNEL, 6), components::parse(&play_black, &[]).unwrap()).await);
    assert_eq!(again, UserError::ChallengeClosed);
}

#[tokio::test]
async fn against_the_bot_the_japanese_rule_asks_the_player_one_question_and_the_bot_answers_the_other() {
    // Over several channels the lot falls both ways.
    let (mut decided, mut chose) = (false, false);
    let service = service().await;
    for n in 0..8u64 {
        let channel = ChannelId(CHANNEL.0 + n);
        let command = Command::PlayBot { level: Level::new(1), color: ColorChoice::Japanese, rules: Rules::default() };
        let first = ok(service.handle(&at(&alice(), channel, 0), command).await);
        let ids = buttons(&first);
        let human_decides = ids.iter().any(|id| id.contains(":jt:"));
        let board = if human_decides {
            decided = true;
            let tie_black = ids.iter().find(|id| id.ends_with(":0")).unwrap();
            ok(service.handle(&at(&alice(), channel, 1), components::parse(tie_black, &[]).unwrap()).await)
        } else {
            chose = true;
            assert!(
                shown(&first).contains("Reversi decided that a tie counts as a win for White"),
                "{}",
                shown(&first)
            );
            let play_white = ids.iter().find(|id| id.contains(":jc:") && id.ends_with(":1")).unwrap();
            ok(service.handle(&at(&alice(), channel, 1), components::parse(play_white, &[]).unwrap()).await)
        };
        assert!(shown(&board).contains("The Japanese rule:"), "{}", shown(&board));
        let record = service.store().latest_game_in(channel).await.unwrap().unwrap();
        assert_eq!(record.bot_level, Some(1));
        let reversi_bot::engine::TieRule::Counts(tie) = record.rules.tie else { panic!("{:?}", record.rules) };
        // Choosing, the bot takes the colour a tie counts for; here Alice chose it herself.
        let tie_holder = if human_decides { bot_user().id } else { UserId(1) };
        assert_eq!(record.player(tie), tie_holder, "{:?}", record.rules);
    }
    assert!(decided && chose, "the lot fell both ways");
}

#[tokio::test]
async fn the_board_names_the_opening_while_the_game_follows_it_and_the_history_remembers_it() {
    let service = service().await;
    start_rated(&service, CHANNEL).await;
    let mut board = None;
    for (i, (player, square)) in
        [(alice(), "f5"), (bob(), "d6"), (alice(), "c3"), (bob(), "d3"), (alice(), "c4")].into_iter().enumerate()
    {
        board = Some(ok(service.handle(&at(&player, CHANNEL, 10 + i as i64), Command::Move(square.into())).await));
    }
    let footer = |response: &Response| response.reply.embed.as_ref().unwrap().footer.to_plain();
    assert!(footer(board.as_ref().unwrap()).contains("opening: Tiger"), "{}", footer(board.as_ref().unwrap()));
    // A move off the named lines: the footer drops the name, the record keeps the last one.
    let legal = Game::from_transcript(Rules::default(), "f5d6c3d3c4").unwrap().legal_moves();
    let off_book = ["b4", "b5", "c6", "e3", "f3", "f4", "b3"]
        .iter()
        .find(|s| legal.iter().any(|l| l.to_string() == **s))
        .copied()
        .expect("a legal move");
    let moved = ok(service.handle(&at(&bob(), CHANNEL, 20), Command::Move(off_book.into())).await);
    let game = Game::from_transcript(Rules::default(), &format!("f5d6c3d3c4{off_book}")).unwrap();
    if reversi_bot::engine::openings::game_in_book(&game) {
        assert!(footer(&moved).contains("opening:"), "{}", footer(&moved));
    } else {
        assert!(!footer(&moved).contains("opening:"), "{}", footer(&moved));
    }
    let resign = service.handle(&at(&bob(), CHANNEL, 21), Command::Resign).await;
    let confirm = ok(resign).reply.custom_ids()[0].to_string();
    ok(service.handle(&at(&bob(), CHANNEL, 22), components::parse(&confirm, &[]).unwrap()).await);
    let history = ok(service.handle(&at(&alice(), CHANNEL, 23), Command::History(None)).await);
    let name = reversi_bot::engine::openings::name_of_game(&game).unwrap().name;
    assert!(shown(&history).contains(&format!(", {name})")), "{}", shown(&history));
}
