//! The bot as a service, run as its own process (`reversi-bot run`) against the fake Discord:
//! a rejected token ends it at once with exit code 3, an unreachable Discord is retried and
//! reported as an error, SIGINT and SIGTERM stop it within seconds whether it is connecting,
//! connected, thinking or sweeping, and a database URL it cannot use is refused by name. None of
//! these failures creates the database file.

mod support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use reversi_bot::store::Store;
use reversi_bot::store::queries::*;
use support::bot::test_dir;
use support::fake_discord::{Config, FakeDiscord, FakeUser, callback, discord_error};
use support::process::{BotProcess, bot_command};

fn database(dir: &Path) -> PathBuf {
    dir.join("bot.db")
}

/// A port on 127.0.0.1 that nothing listens on.
fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// The two signals a service manager stops a process with.
const STOP_SIGNALS: [(i32, &str); 2] = [(libc::SIGTERM, "SIGTERM"), (libc::SIGINT, "SIGINT")];

/// The fake Discord answers `route` with a 401: the bot ends at once with exit code 3, says why,
/// and has made no database file.
async fn assert_token_refused_on(route: &str, name: &str) {
    let fake = FakeDiscord::start().await;
    fake.stub("GET", route, 401, Some(discord_error(401, 0, "Unauthorized")));
    let dir = test_dir(name);
    let mut bot = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[]));
    let (status, took) = bot.exit(Duration::from_secs(10)).await;
    assert_eq!(status.code(), Some(3), "{}", bot.log());
    assert!(took < Duration::from_secs(5), "it took {took:?}");
    assert!(bot.log().contains("Discord rejected the bot token"), "{}", bot.log());
    assert!(!database(&dir).exists(), "no database file is made for a bot that cannot log in");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_discord_rejects_ends_the_bot_at_once_with_exit_code_3_and_no_database() {
    assert_token_refused_on("/users/@me", "rejected-token").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_refused_when_asking_for_the_gateway_ends_the_bot_with_exit_code_3_and_no_database() {
    assert_token_refused_on("/gateway/bot", "rejected-gateway-bot").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_the_gateway_rejects_ends_the_bot_with_exit_code_3() {
    // A token that passes the REST check but that the gateway refuses: the connection is closed
    // with 4004 (authentication failed) at IDENTIFY.
    let fake = FakeDiscord::start_with(Config { reject_identify: true, ..Config::default() }).await;
    let dir = test_dir("identify-4004");
    let mut bot = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[]));
    let (status, took) = bot.exit(Duration::from_secs(15)).await;
    assert_eq!(status.code(), Some(3), "{}", bot.log());
    assert!(took < Duration::from_secs(10), "it took {took:?}");
    assert!(bot.log().contains("Discord rejected the bot token"), "{}", bot.log());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_discord_is_retried_and_reported_as_an_error_until_sigterm_or_sigint() {
    for (signal, name) in STOP_SIGNALS {
        let dir = test_dir(&format!("unreachable-{name}"));
        let api = format!("http://127.0.0.1:{}", closed_port());
        let mut bot = BotProcess::spawn(bot_command(&dir, &api, &[]));
        // Tried again after a pause, each failure an ERROR saying what is wrong.
        bot.wait_for_log(&["ERROR", "cannot reach Discord"], 2, Duration::from_secs(10)).await;
        bot.signal(signal);
        let (status, took) = bot.exit(Duration::from_secs(10)).await;
        assert_eq!(status.code(), Some(0), "{}", bot.log());
        assert!(took < Duration::from_secs(3), "it took {took:?} to stop");
        assert!(!database(&dir).exists(), "no database file before Discord answered");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigint_or_sigterm_stops_a_connected_bot_within_seconds() {
    for (signal, name) in STOP_SIGNALS {
        let fake = FakeDiscord::start().await;
        let dir = test_dir(&format!("sigint-{name}"));
        let mut bot = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[]));
        fake.wait_for_commands().await;
        fake.wait_until_ready(Duration::from_secs(10)).await;
        bot.signal(signal);
        let (status, took) = bot.exit(Duration::from_secs(10)).await;
        assert_eq!(status.code(), Some(0), "{}", bot.log());
        assert!(took < Duration::from_secs(5), "it took {took:?} to stop");
        assert!(bot.log().contains(name), "{}", bot.log());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_or_sigint_while_the_bot_thinks_stops_at_once_and_the_move_comes_after_the_next_start() {
    for (signal, name) in STOP_SIGNALS {
        let fake = FakeDiscord::start().await;
        let dir = test_dir(&format!("thinking-{name}"));
        // Level 5 with half a minute per move: the bot is deep in thought when the signal comes.
        let mut bot = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[("BOT_MOVE_SECONDS", "30")]));
        fake.wait_for_commands().await;
        fake.wait_until_ready(Duration::from_secs(10)).await;
        let erin = FakeUser::new("erin");
        let white = 1; // the second choice of `color`: erin plays white, the bot moves first
        let start = fake.slash("bot").by(&erin).integer("level", 5).integer("color", white).build();
        fake.send_interaction(&start).await;
        let first = fake.wait_for_callback(&start).await;
        assert_eq!(first.callback_type(), Some(callback::DEFERRED_MESSAGE), "the bot is thinking: {}", first.summary());
        bot.signal(signal);
        let (status, took) = bot.exit(Duration::from_secs(10)).await;
        assert_eq!(status.code(), Some(0), "{}", bot.log());
        assert!(took < Duration::from_secs(5), "it took {took:?} to stop a 30 s search");

        // Nothing half-done: the game exists, the bot's move does not.
        let store = Store::open(&format!("sqlite://{}", database(&dir).display())).await.unwrap();
        let game = store.live_game_in(reversi_bot::store::ChannelId(fake.ids().channel_id)).await.unwrap().unwrap();
        assert_eq!(game.moves, "", "no hurried move was saved");
        store.close().await;

        // The next start makes the move it owed.
        let mut again = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[("BOT_MOVE_SECONDS", "0.2")]));
        let posted = fake.wait_for_channel_message(fake.ids().channel_id).await;
        assert!(posted.files.iter().any(|f| f.filename == "board.png"), "{}", posted.summary());
        let store = Store::open(&format!("sqlite://{}", database(&dir).display())).await.unwrap();
        let game = store.game(game.id).await.unwrap().unwrap();
        assert_eq!(game.moves.len(), 2, "the bot's first move: {:?}", game.moves);
        store.close().await;
        again.signal(signal);
        assert_eq!(again.exit(Duration::from_secs(10)).await.0.code(), Some(0), "{}", again.log());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_or_sigint_during_a_sweep_held_up_by_the_database_ends_within_seconds() {
    for (signal, name) in STOP_SIGNALS {
        let fake = FakeDiscord::start().await;
        let dir = test_dir(&format!("sweeping-{name}"));
        let extra = [("SWEEP_SECONDS", "1"), ("RUST_LOG", "info,reversi_bot=debug,serenity=warn")];
        let mut bot = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &extra));
        bot.wait_for_log(&["ready: deadlines"], 1, Duration::from_secs(10)).await;
        // Another writer holds the database: the sweep waits for it.
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(database(&dir));
        let mut holder = <sqlx::SqliteConnection as sqlx::Connection>::connect_with(&options).await.unwrap();
        sqlx::query("BEGIN IMMEDIATE").execute(&mut holder).await.unwrap();
        let before = bot.lines().iter().filter(|l| l.contains("sweep started")).count();
        bot.wait_for_log(&["sweep started"], before + 1, Duration::from_secs(5)).await;
        bot.signal(signal);
        let (status, took) = bot.exit(Duration::from_secs(10)).await;
        assert_eq!(status.code(), Some(0), "{}", bot.log());
        assert!(took < Duration::from_secs(5), "it took {took:?} to stop");
        sqlx::query("ROLLBACK").execute(&mut holder).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_url_of_another_kind_is_refused_by_name_with_exit_code_2() {
    let fake = FakeDiscord::start().await;
    let dir = test_dir("mysql");
    let mut command = bot_command(&dir, &fake.base_url(), &[]);
    command.env("DATABASE_URL", "mysql://bot:hunter2@localhost/reversi");
    let mut bot = BotProcess::spawn(command);
    let (status, _) = bot.exit(Duration::from_secs(10)).await;
    assert_eq!(status.code(), Some(2), "{}", bot.log());
    let log = bot.log();
    assert!(log.contains("\"mysql\"") && log.contains("postgres://"), "{log}");
    assert!(!log.contains("hunter2"), "the password is never printed: {log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_or_sigint_stops_a_bot_whose_gateway_cannot_be_reached_within_seconds() {
    for (signal, name) in STOP_SIGNALS {
        let fake = FakeDiscord::start().await;
        // The API answers, but the gateway it names accepts no connection: the bot keeps connecting.
        let nowhere = serde_json::json!({ "url": format!("ws://127.0.0.1:{}", closed_port()) });
        fake.stub("GET", "/gateway", 200, Some(nowhere.clone()));
        fake.stub(
            "GET",
            "/gateway/bot",
            200,
            Some(serde_json::json!({
                "url": nowhere["url"], "shards": 1,
                "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 }
            })),
        );
        let dir = test_dir(&format!("connecting-{name}"));
        let mut bot = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[("RUST_LOG", "info,serenity=debug")]));
        // Wait until it has logged in and is trying the gateway.
        bot.wait_for_log(&["logged in"], 1, Duration::from_secs(10)).await;
        if signal == STOP_SIGNALS[0].0 {
            // Serenity only warns while it tries again; the bot says what is wrong as an error.
            bot.wait_for_log(&["ERROR", "cannot connect to Discord's gateway"], 1, Duration::from_secs(20)).await;
        } else {
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
        bot.signal(signal);
        let (status, took) = bot.exit(Duration::from_secs(10)).await;
        assert_eq!(status.code(), Some(0), "{}", bot.log());
        assert!(took < Duration::from_secs(5), "it took {took:?} to stop");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gateway_outage_is_reported_as_an_error_and_its_end_as_info() {
    let fake = FakeDiscord::start().await;
    fake.set_gateway_down(true);
    let dir = test_dir("gateway-outage");
    let mut bot = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[]));
    bot.wait_for_log(&["ERROR", "cannot connect to Discord's gateway"], 1, Duration::from_secs(30)).await;
    fake.set_gateway_down(false);
    bot.wait_for_log(&["INFO", "connected to Discord's gateway again"], 1, Duration::from_secs(60)).await;
    bot.signal(libc::SIGTERM);
    let (status, _) = bot.exit(Duration::from_secs(10)).await;
    assert_eq!(status.code(), Some(0), "{}", bot.log());
}
