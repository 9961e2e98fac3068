//! The bot split over processes on one PostgreSQL database (`SHARDS=FIRST-LAST/TOTAL`), run as
//! real `reversi-bot run` processes against the fake Discord.
//!
//! - On any backend: one process runs a range of shards (serenity's end included) and the one
//!   with shard 0 alone registers the commands.
//! - On PostgreSQL (the server `DATABASE_URL=postgres://…` names, as `.ci/with-postgres` sets it,
//!   or a throw-away one the test starts; ignored where there is neither): two processes
//!   with two shards each over several servers play many games at once with racing duplicate
//!   moves; one process is killed with SIGKILL while the bot thinks and started again; deadlines
//!   pass; the database server is restarted mid-game. Afterwards every game's record is legal, every move a player
//!   saw accepted is in it, every reminder and forfeit was posted once, and no bot move was
//!   computed twice. The opening phase is timed and compared with one process doing the same.
//! - On PostgreSQL: two processes, both sweeping, run a Swiss tournament to its end; each round
//!   is paired and posted once, each game opened in one thread, each result counted once.

mod support;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reversi_bot::engine::Game;
use reversi_bot::store::queries::*;
use reversi_bot::store::{ChannelId, GameRecord, GameStatus, GuildId, ServerSettings, Store, Timestamp};
use serde_json::Value;
use support::bot::test_dir;
use support::fake_discord::{Config, FakeDiscord, FakeUser, Recorded};
use support::process::{BotProcess, bot_command};
use support::replies::{choice, embed_text};
use tokio::sync::Mutex;

/// Shards in the cluster test: two per process.
const SHARD_TOTAL: u64 = 4;
/// Plies of each people's game in the timed opening.
const OPENING_PLIES: usize = 20;
/// Plies after which a player resigns against the bot.
const BOT_GAME_PLIES: usize = 12;
/// The move deadline in the servers where players stall.
const STALL_DEADLINE_SECONDS: u32 = 20;
/// One test at a time: the timed openings are compared, and two cores cannot run two at once.
static ONE_AT_A_TIME: Mutex<()> = Mutex::const_new(());

/// A server id whose events Discord routes to `shard` (of [`SHARD_TOTAL`]); `n` tells servers
/// on one shard apart.
fn guild_on_shard(shard: u64, n: u64) -> u64 {
    ((1_000 + n * SHARD_TOTAL + shard) << 22) | 4_321
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_runs_its_range_of_shards_and_only_the_one_with_shard_0_registers_commands() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let fake = FakeDiscord::start().await;
    let dir = test_dir("shard-range");
    let url = format!("sqlite://{}", dir.join("bot.db").display());
    let second = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[("SHARDS", "2-3/4"), ("DATABASE_URL", &url)]));
    // Both ends of the range connect (serenity's range includes its end), and nothing registers.
    second.wait_for_log(&["starting this process's shards", "2-3/4"], 1, Duration::from_secs(10)).await;
    fake.wait_for_shards(2, Duration::from_secs(30)).await;
    assert_eq!(fake.connected_shards(), [2, 3]);
    second.wait_for_log(&["ready: deadlines"], 1, Duration::from_secs(10)).await;
    assert!(fake.global_commands().is_empty(), "a process without shard 0 registers no commands");

    let first = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &[("SHARDS", "0-1/4"), ("DATABASE_URL", &url)]));
    fake.wait_for_shards(4, Duration::from_secs(30)).await;
    assert_eq!(fake.connected_shards(), [0, 1, 2, 3]);
    let commands = fake.wait_for_commands().await;
    assert!(commands.iter().any(|c| c["name"] == "move"), "the commands come from the process with shard 0");

    // A server on shard 3 is answered by the second process.
    let guild = guild_on_shard(3, 0);
    let channel = support::fake_discord::snowflake();
    let help = fake.slash("help").in_guild(guild).in_channel(channel).build();
    fake.send_interaction(&help).await;
    let reply = fake.wait_for_reply(&help).await;
    assert!(!embed_text(&reply).is_empty() || reply.content().is_some(), "{}", reply.summary());
    drop((first, second));
}

/// A test database on the tests' PostgreSQL server, dropped at the end.
struct TestDatabase {
    admin: String,
    name: String,
    url: String,
}

impl TestDatabase {
    /// A fresh database on the tests' PostgreSQL server.
    async fn create(purpose: &str) -> TestDatabase {
        let admin = support::postgres::server_url();
        let name = format!("reversi_{purpose}_{}", std::process::id());
        let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&admin).await.expect("the server answers");
        sqlx::query(&format!("DROP DATABASE IF EXISTS {name}")).execute(&mut conn).await.unwrap();
        sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.unwrap();
        let url = support::postgres::database_url(&admin, &name);
        TestDatabase { admin, name, url }
    }

    async fn drop_it(self) {
        if let Ok(mut conn) = <sqlx::PgConnection as sqlx::Connection>::connect(&self.admin).await {
            let _ =
                sqlx::query(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)).execute(&mut conn).await;
        }
    }
}

/// What a table is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Two people play to the end, every move sent twice at once.
    People,
    /// A person against the bot at level 5, resigning after [`BOT_GAME_PLIES`].
    Bot,
    /// Two people who never move: the deadline passes.
    Stall,
}

/// One channel with one game.
struct Table {
    kind: Kind,
    guild: u64,
    channel: u64,
    players: [FakeUser; 2],
}

/// What the players saw, shared by the tables' tasks.
#[derive(Default)]
struct Tally {
    /// Moves players saw accepted (a board came back), per channel.
    accepted: Mutex<HashMap<u64, Vec<String>>>,
    /// Moves accepted so far, all tables.
    moves: AtomicUsize,
    /// Duplicate sends that both came back as boards (must stay 0).
    doubled: AtomicUsize,
    /// Replies that never came (their process died).
    lost_replies: AtomicUsize,
    /// Moves refused because the database was away.
    busy: AtomicUsize,
}

/// The world: the fake, the test's own view of the database, the tables.
struct World {
    fake: FakeDiscord,
    store: Store,
    bot_id: u64,
    tally: Tally,
    /// Stop playing people's games past the opening.
    opening_only: AtomicBool,
}

impl World {
    /// The game in `channel` (the latest), asking again while the database is away.
    async fn game_in(&self, channel: u64) -> Option<GameRecord> {
        let started = Instant::now();
        loop {
            match self.store.latest_game_in(ChannelId(channel)).await {
                Ok(record) => return record,
                Err(e) => {
                    assert!(started.elapsed() < Duration::from_secs(60), "the database stayed away: {e}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
        }
    }

    /// Sends `interaction` and waits for the reply; `None` if the shard is down or the reply
    /// never comes.
    async fn ask(&self, interaction: &Value) -> Option<Recorded> {
        if !self.fake.try_send_interaction(interaction, Duration::from_secs(2)).await {
            return None;
        }
        let reply = self.fake.try_reply(interaction, Duration::from_secs(20)).await;
        if reply.is_none() {
            self.tally.lost_replies.fetch_add(1, Ordering::Relaxed);
        }
        reply
    }
}

/// Opens the table's game: a challenge accepted, or a game against the bot.
async fn open(world: &World, table: &Table) {
    let fake = &world.fake;
    let [first, second] = &table.players;
    match table.kind {
        Kind::People | Kind::Stall => {
            let challenge = fake
                .slash("challenge")
                .by(first)
                .in_guild(table.guild)
                .in_channel(table.channel)
                .user("opponent", second)
                .integer("color", choice(fake, "challenge", "color", "black"))
                .boolean("rated", true)
                .build();
            let offer = world.ask(&challenge).await.expect("the challenge is answered");
            let accept = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
            let message = offer.message.clone().expect("the challenge message");
            let click = fake.button(&accept).by(second).on_message(&message).build();
            let board = world.ask(&click).await.expect("the acceptance is answered");
            assert!(!board.is_ephemeral(), "{}", board.summary());
        }
        Kind::Bot => {
            let start = fake
                .slash("bot")
                .by(first)
                .in_guild(table.guild)
                .in_channel(table.channel)
                .integer("level", 5)
                .integer("color", choice(fake, "bot", "color", "black"))
                .build();
            let board = world.ask(&start).await.expect("the game is answered");
            assert!(!board.is_ephemeral(), "{}", board.summary());
        }
    }
}

/// A legal move for the game, varied by the game and the position.
fn pick(record: &GameRecord, game: &Game) -> String {
    let legal = game.legal_choices();
    let index = (record.id.0 as usize).wrapping_mul(31).wrapping_add(game.plies().len() * 7) % legal.len();
    legal[index].to_string()
}

/// Plays the table's game until it ends (or the opening is over, in the opening phase).
async fn play(world: &World, table: &Table) {
    let started = Instant::now();
    let mut last_replies = String::new();
    loop {
        let record = world.game_in(table.channel).await.expect("the table has a game");
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the {:?} game #{} never ended: moves {:?}, to move {:?}, lease {:?}; last replies: {last_replies}",
            table.kind,
            record.id.0,
            record.moves,
            record.to_move,
            record.bot_lease,
        );
        if record.status != GameStatus::Live {
            return;
        }
        let game = Game::from_transcript(record.rules, &record.moves).expect("a legal record");
        let Some(color) = game.to_move() else { return };
        let plies = game.plies().len();
        if world.opening_only.load(Ordering::Relaxed) && plies >= OPENING_PLIES {
            return;
        }
        let mover = record.player(color);
        if mover.0 as u64 == world.bot_id {
            // The bot is thinking (here, or in the other process after its lease lapsed).
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let player = table.players.iter().find(|p| p.id == mover.0 as u64).expect("a player of this table");
        if table.kind == Kind::Bot && plies >= BOT_GAME_PLIES {
            resign(world, table, player).await;
            continue;
        }
        let mv = pick(&record, &game);
        // The same move twice at once, as a double click does.
        let send = || {
            world
                .fake
                .slash("move")
                .by(player)
                .in_guild(table.guild)
                .in_channel(table.channel)
                .string("square", &mv)
                .build()
        };
        let (a, b) = (send(), send());
        let (first, second) = tokio::join!(world.ask(&a), world.ask(&b));
        last_replies = [&first, &second]
            .into_iter()
            .map(|r| r.as_ref().map_or("none".to_string(), |r| format!("{:?} {}", r.content(), embed_text(r))))
            .collect::<Vec<_>>()
            .join(" | ");
        let boards = [&first, &second].into_iter().flatten().filter(|reply| !reply.is_ephemeral()).count();
        if boards > 1 {
            world.tally.doubled.fetch_add(1, Ordering::Relaxed);
        }
        if boards >= 1 {
            world.tally.accepted.lock().await.entry(table.channel).or_default().push(mv);
            world.tally.moves.fetch_add(1, Ordering::Relaxed);
        } else if [&first, &second].into_iter().flatten().any(|r| r.content().is_some_and(|c| c.contains("busy"))) {
            world.tally.busy.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(300)).await;
        }
    }
}

/// Resigns through /resign and its confirmation button.
async fn resign(world: &World, table: &Table, player: &FakeUser) {
    let fake = &world.fake;
    let ask = fake.slash("resign").by(player).in_guild(table.guild).in_channel(table.channel).build();
    let Some(question) = world.ask(&ask).await else { return };
    let Some(confirm) = question.custom_ids().into_iter().find(|id| id.contains(":rsy:")) else { return };
    let mut click = fake.button(&confirm).by(player).in_guild(table.guild).in_channel(table.channel);
    if let Some(message) = &question.message {
        click = click.on_message(message);
    }
    world.ask(&click.build()).await;
}

/// How many times the bot's moves were chosen and saved, per (game, ply), from one log.
#[derive(Default, Debug)]
struct BotMoves {
    chosen: BTreeMap<(i64, usize), usize>,
    saved: BTreeMap<(i64, usize), usize>,
    not_saved: BTreeMap<(i64, usize), usize>,
}

impl BotMoves {
    fn read(lines: &[String], into: &mut BotMoves) {
        let field = |line: &str, name: &str| -> Option<i64> {
            let start = line.find(&format!(" {name}="))? + name.len() + 2;
            line[start..].split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
        };
        for line in lines {
            let (Some(game), Some(ply)) = (field(line, "game"), field(line, "ply")) else { continue };
            let key = (game, ply as usize);
            let bucket = if line.contains("the bot chose its move") {
                &mut into.chosen
            } else if line.contains("the bot's move is saved") {
                &mut into.saved
            } else if line.contains("the bot's move is made again later") {
                &mut into.not_saved
            } else {
                continue;
            };
            *bucket.entry(key).or_default() += 1;
        }
    }
}

/// The messages shown in `channel` whose words contain `needle` (a post repeated under the same
/// nonce shows the first message again, and counts once).
fn posts_in(fake: &FakeDiscord, channel: u64, needle: &str) -> usize {
    let shown: std::collections::BTreeSet<String> = fake
        .requests()
        .iter()
        .filter(|r| r.is_channel_message_in(channel))
        .filter(|r| r.content().unwrap_or_default().contains(needle) || embed_text(r).contains(needle))
        .filter_map(|r| r.message.as_ref().and_then(|m| m["id"].as_str()).map(str::to_owned))
        .collect();
    shown.len()
}

/// The bot processes' environment on `url`.
fn cluster_env<'a>(url: &'a str, shards: Option<&'a str>) -> Vec<(&'a str, &'a str)> {
    let mut env = vec![
        ("DATABASE_URL", url),
        ("SWEEP_SECONDS", "1"),
        ("BOT_MOVE_SECONDS", "1.5"),
        ("RUST_LOG", "info,reversi_bot=debug,serenity=warn"),
    ];
    if let Some(shards) = shards {
        env.push(("SHARDS", shards));
    }
    env
}

/// The tables of people's games: two per shard.
fn people_tables() -> Vec<Table> {
    let mut tables = Vec::new();
    for shard in 0..SHARD_TOTAL {
        for n in 0..2 {
            tables.push(Table {
                kind: Kind::People,
                guild: guild_on_shard(shard, 0),
                channel: support::fake_discord::snowflake(),
                players: [FakeUser::new(&format!("black-{shard}-{n}")), FakeUser::new(&format!("white-{shard}-{n}"))],
            });
        }
    }
    tables
}

/// Plays the opening of every people's game at once; the moves per second.
async fn timed_opening(world: &Arc<World>, tables: &Arc<Vec<Table>>, people: usize) -> f64 {
    world.opening_only.store(true, Ordering::Relaxed);
    let before = world.tally.moves.load(Ordering::Relaxed);
    let started = Instant::now();
    let tasks: Vec<_> = (0..people)
        .map(|i| {
            let (world, tables) = (world.clone(), tables.clone());
            tokio::spawn(async move { play(&world, &tables[i]).await })
        })
        .collect();
    for task in tasks {
        task.await.expect("a table's opening");
    }
    world.opening_only.store(false, Ordering::Relaxed);
    (world.tally.moves.load(Ordering::Relaxed) - before) as f64 / started.elapsed().as_secs_f64()
}

async fn open_all(world: &Arc<World>, tables: &Arc<Vec<Table>>, range: std::ops::Range<usize>) {
    let tasks: Vec<_> = range
        .map(|i| {
            let (world, tables) = (world.clone(), tables.clone());
            tokio::spawn(async move { open(&world, &tables[i]).await })
        })
        .collect();
    for task in tasks {
        task.await.expect("a table opens");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set DATABASE_URL=postgres://... or install PostgreSQL, then build again"
)]
async fn two_processes_share_the_games_through_a_kill_deadlines_and_a_database_restart() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let database = TestDatabase::create("cluster").await;
    // Discord's spacing between identifies, a little shortened: too close together is refused.
    let fake =
        FakeDiscord::start_with(Config { identify_spacing: Duration::from_millis(4_500), ..Config::default() }).await;
    let dir = test_dir("cluster");
    let api = fake.base_url();
    let url = database.url.clone();
    let first = BotProcess::spawn(bot_command(&dir, &api, &cluster_env(&url, Some("0-1/4"))));
    let mut second = BotProcess::spawn(bot_command(&dir, &api, &cluster_env(&url, Some("2-3/4"))));
    fake.wait_for_shards(4, Duration::from_secs(60)).await;
    assert_eq!(fake.identifies_refused(), 0, "the processes took turns at the gateway");
    fake.wait_for_commands().await;
    let registrations = fake.requests().iter().filter(|r| r.method == "PUT" && r.path.ends_with("/commands")).count();
    assert_eq!(registrations, 1, "one process registered the commands");

    let store = Store::open(&url).await.expect("the test's view of the database");
    let bot_id = fake.ids().bot.id;
    let world = Arc::new(World { fake, store, bot_id, tally: Tally::default(), opening_only: AtomicBool::new(false) });

    // Servers whose players stall get a short deadline.
    let mut tables = people_tables();
    let people = tables.len();
    for (n, shard) in [1, 3].into_iter().enumerate() {
        let guild = guild_on_shard(shard, 1);
        let quick = ServerSettings { move_deadline: Some(STALL_DEADLINE_SECONDS), ..ServerSettings::default() };
        world.store.set_settings(GuildId(guild), &quick, Timestamp(0)).await.unwrap();
        for m in 0..2 {
            tables.push(Table {
                kind: Kind::Stall,
                guild,
                channel: support::fake_discord::snowflake(),
                players: [FakeUser::new(&format!("slow-{n}-{m}")), FakeUser::new(&format!("idle-{n}-{m}"))],
            });
        }
    }
    for shard in 0..SHARD_TOTAL {
        tables.push(Table {
            kind: Kind::Bot,
            guild: guild_on_shard(shard, 0),
            channel: support::fake_discord::snowflake(),
            players: [FakeUser::new(&format!("solo-{shard}")), FakeUser::new("unused")],
        });
    }
    let tables = Arc::new(tables);

    // 1. The opening of every people's game, timed.
    open_all(&world, &tables, 0..people).await;
    let opening = timed_opening(&world, &tables, people).await;
    eprintln!("cluster: two processes played the opening at {opening:.1} moves/s");

    // 2. Everything at once: the people's games to the end, the stalled games, the bot games.
    open_all(&world, &tables, people..tables.len()).await;
    let tasks: Vec<_> = (0..tables.len())
        .filter(|&i| tables[i].kind != Kind::Stall)
        .map(|i| {
            let (world, tables) = (world.clone(), tables.clone());
            tokio::spawn(async move { play(&world, &tables[i]).await })
        })
        .collect();

    // 3. The second process is killed while its bot thinks, and started again.
    let thinking = second.lines().iter().filter(|l| l.contains("the bot is thinking")).count();
    second.wait_for_log(&["the bot is thinking"], thinking + 1, Duration::from_secs(60)).await;
    second.signal(libc::SIGKILL);
    second.exit(Duration::from_secs(5)).await;
    let killed_log = second.lines();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let second_again = BotProcess::spawn(bot_command(&dir, &api, &cluster_env(&url, Some("2-3/4"))));
    world.fake.wait_for_shards(4, Duration::from_secs(60)).await;

    // 4. The database restarts mid-game.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let restarted = tokio::task::spawn_blocking(support::postgres::restart_server).await.unwrap();
    assert!(restarted, "the tests' PostgreSQL server restarts");
    eprintln!("cluster: the database server restarted");

    for task in tasks {
        task.await.expect("a table's game");
    }
    // The stalled games have run out of time by now (a deadline of seconds, swept every second).
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        let mut live = 0;
        for table in tables.iter().filter(|t| t.kind == Kind::Stall) {
            live += usize::from(world.game_in(table.channel).await.is_some_and(|g| g.status == GameStatus::Live));
        }
        if live == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    // A last sweep's posts land.
    tokio::time::sleep(Duration::from_secs(3)).await;

    // Every game's record is legal and holds every move a player saw accepted.
    let accepted = world.tally.accepted.lock().await.clone();
    for table in tables.iter() {
        let record = world.game_in(table.channel).await.expect("a game");
        assert_ne!(record.status, GameStatus::Live, "game #{} ended ({:?})", record.id.0, table.kind);
        let game = Game::from_transcript(record.rules, &record.moves).expect("every record is a legal game");
        let played: Vec<String> = game.moves().map(|m| m.mv.to_string()).collect();
        for mv in accepted.get(&table.channel).into_iter().flatten() {
            assert!(played.contains(mv), "game #{}: {mv} was accepted but is not in {}", record.id.0, record.moves);
        }
        match table.kind {
            Kind::People => assert!(game.result().is_some(), "game #{} was played to the end", record.id.0),
            Kind::Bot => assert!(game.plies().len() >= BOT_GAME_PLIES, "game #{}: {}", record.id.0, record.moves),
            Kind::Stall => {
                assert_eq!(record.moves, "", "nobody moved in game #{}", record.id.0);
                let reminders = posts_in(&world.fake, table.channel, "it's your move in game");
                let forfeits = posts_in(&world.fake, table.channel, "did not move in time");
                if (reminders, forfeits) != (1, 1) {
                    let posts: Vec<String> = world
                        .fake
                        .requests()
                        .iter()
                        .filter(|r| r.is_channel_message_in(table.channel))
                        .map(|r| format!("{} {:?} {}", r.summary(), r.content(), embed_text(r)))
                        .collect();
                    let logs: Vec<String> = [first.lines(), killed_log.clone(), second_again.lines()]
                        .concat()
                        .into_iter()
                        .filter(|l| l.contains("remind") || l.contains(&format!("game={}", record.id.0)))
                        .collect();
                    panic!(
                        "game #{}: {reminders} reminders and {forfeits} forfeits\n{}\n{}",
                        record.id.0,
                        posts.join("\n"),
                        logs.join("\n")
                    );
                }
            }
        }
        if table.kind != Kind::Stall {
            assert_eq!(posts_in(&world.fake, table.channel, "did not move in time"), 0, "a day per move elsewhere");
        }
    }
    let games: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM games")
        .fetch_one(&mut <sqlx::PgConnection as sqlx::Connection>::connect(&url).await.unwrap())
        .await
        .unwrap();
    assert_eq!(games.0 as usize, tables.len(), "one game per table, none made twice");
    assert_eq!(world.tally.doubled.load(Ordering::Relaxed), 0, "no move was applied twice");

    // No bot move was computed twice: every (game, ply) chosen once, or again only after a save
    // the database refused or the process that chose it died before saving.
    let mut bot = BotMoves::default();
    for lines in [first.lines(), killed_log.clone(), second_again.lines()] {
        BotMoves::read(&lines, &mut bot);
    }
    let mut killed = BotMoves::default();
    BotMoves::read(&killed_log, &mut killed);
    for (key, chosen) in &bot.chosen {
        let saved = bot.saved.get(key).copied().unwrap_or(0);
        let refused = bot.not_saved.get(key).copied().unwrap_or(0);
        let died = usize::from(killed.chosen.contains_key(key) && !killed.saved.contains_key(key));
        assert!(saved <= 1, "the bot's move {key:?} was saved {saved} times");
        assert_eq!(*chosen, saved + refused + died, "the bot's move {key:?}: chosen {chosen}, saved {saved}");
    }
    let late = tables.iter().filter(|t| posts_in(&world.fake, t.channel, "Sorry for the wait") > 0).count();
    eprintln!(
        "cluster: {} games; {} moves by players, {} by the bot; {} replies lost with the killed process; {} moves \
         refused while the database restarted; {} late bot moves taken over",
        tables.len(),
        world.tally.moves.load(Ordering::Relaxed),
        bot.saved.len(),
        world.tally.lost_replies.load(Ordering::Relaxed),
        world.tally.busy.load(Ordering::Relaxed),
        late,
    );
    assert!(late >= 1, "the move the killed process was thinking about was made by a process still running");
    drop((first, second, second_again));
    database.drop_it().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set DATABASE_URL=postgres://... or install PostgreSQL, then build again"
)]
async fn one_process_plays_the_cluster_tests_opening_for_comparison() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let database = TestDatabase::create("single").await;
    let fake = FakeDiscord::start().await;
    let dir = test_dir("cluster-single");
    let url = database.url.clone();
    let only = BotProcess::spawn(bot_command(&dir, &fake.base_url(), &cluster_env(&url, None)));
    fake.wait_until_ready(Duration::from_secs(30)).await;
    fake.wait_for_commands().await;
    let store = Store::open(&url).await.expect("the test's view of the database");
    let bot_id = fake.ids().bot.id;
    let world = Arc::new(World { fake, store, bot_id, tally: Tally::default(), opening_only: AtomicBool::new(false) });
    let tables = Arc::new(people_tables());
    open_all(&world, &tables, 0..tables.len()).await;
    let opening = timed_opening(&world, &tables, tables.len()).await;
    eprintln!("cluster: one process played the opening at {opening:.1} moves/s");
    assert_eq!(world.tally.moves.load(Ordering::Relaxed), tables.len() * OPENING_PLIES);
    drop(only);
    database.drop_it().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(postgres_tests),
    ignore = "needs PostgreSQL: set DATABASE_URL=postgres://... or install PostgreSQL, then build again"
)]
async fn two_processes_run_a_swiss_tournament_pairing_each_round_and_opening_each_game_once() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let database = TestDatabase::create("tournament").await;
    let fake =
        FakeDiscord::start_with(Config { identify_spacing: Duration::from_millis(4_500), ..Config::default() }).await;
    let dir = test_dir("cluster-tournament");
    let api = fake.base_url();
    let url = database.url.clone();
    let first = BotProcess::spawn(bot_command(&dir, &api, &cluster_env(&url, Some("0-1/4"))));
    let second = BotProcess::spawn(bot_command(&dir, &api, &cluster_env(&url, Some("2-3/4"))));
    fake.wait_for_shards(4, Duration::from_secs(60)).await;
    fake.wait_for_commands().await;
    let store = Store::open(&url).await.expect("the test's view of the database");
    let bot_id = fake.ids().bot.id;
    let world = Arc::new(World { fake, store, bot_id, tally: Tally::default(), opening_only: AtomicBool::new(false) });
    let fake = &world.fake;
    let (guild, hall) = (guild_on_shard(1, 0), support::fake_discord::snowflake());
    let six: Vec<FakeUser> = (1..=6).map(|n| FakeUser::new(&format!("entrant-{n}"))).collect();

    // Announced by an organiser, joined by six on the card's button, started on its Start button.
    let create = fake
        .slash("tournament")
        .by(&six[0])
        .member_permissions(support::fake_discord::permissions::MANAGE_GUILD)
        .in_guild(guild)
        .in_channel(hall)
        .string("name", "Cluster Open")
        .integer("rounds", 3)
        .build();
    let card = world.ask(&create).await.expect("the card");
    let message = card.message.clone().expect("the card is a message");
    let join = card.custom_ids().into_iter().find(|id| id.contains(":tj:")).expect("a Join button");
    let start = card.custom_ids().into_iter().find(|id| id.contains(":ts:")).expect("a Start button");
    for player in &six {
        let click = fake.button(&join).by(player).in_guild(guild).in_channel(hall).on_message(&message).build();
        world.ask(&click).await.expect("joined");
    }
    let click = fake.button(&start).by(&six[0]).in_guild(guild).in_channel(hall).on_message(&message).build();
    let started = world.ask(&click).await.expect("started");
    assert!(embed_text(&started).contains("Cluster Open: round 1 of 3"), "{}", embed_text(&started));

    // Each round's three games are played in their threads, each move sent twice at once.
    for round in 1..=3 {
        let marker = format!("round {round}, board");
        let waited = Instant::now();
        let threads = loop {
            let threads: Vec<u64> = fake
                .threads()
                .iter()
                .filter(|t| t["name"].as_str().is_some_and(|n| n.contains(&marker)))
                .filter_map(|t| t["id"].as_str()?.parse().ok())
                .collect();
            if threads.len() >= 3 {
                break threads;
            }
            assert!(waited.elapsed() < Duration::from_secs(60), "round {round}'s threads: {threads:?}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert_eq!(threads.len(), 3, "round {round}: one thread per game");
        let mut tasks = Vec::new();
        for thread in threads {
            let record = loop {
                if let Some(record) = world.game_in(thread).await {
                    break record;
                }
                assert!(waited.elapsed() < Duration::from_secs(60), "no game in thread {thread}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            };
            let player =
                |id: reversi_bot::store::UserId| six.iter().find(|p| p.id == id.0).expect("an entrant").clone();
            let table = Table {
                kind: Kind::People,
                guild,
                channel: thread,
                players: [player(record.black), player(record.white)],
            };
            let world = world.clone();
            tasks.push(tokio::spawn(async move { play(&world, &table).await }));
        }
        for task in tasks {
            task.await.expect("a tournament game");
        }
    }
    let waited = Instant::now();
    while posts_in(fake, hall, "Cluster Open: final standings") == 0 {
        assert!(waited.elapsed() < Duration::from_secs(60), "the final standings were never posted");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Any second post would land within a few sweeps.
    tokio::time::sleep(Duration::from_secs(3)).await;
    for round in 2..=3 {
        assert_eq!(posts_in(fake, hall, &format!("Cluster Open: round {round} of 3")), 1, "round {round} posted once");
        assert_eq!(posts_in(fake, hall, &format!("standings after round {} of 3", round - 1)), 1);
    }
    assert_eq!(posts_in(fake, hall, "Cluster Open: final standings"), 1);
    let names: Vec<String> = fake.threads().iter().filter_map(|t| t["name"].as_str().map(str::to_owned)).collect();
    assert_eq!(names.len(), 9, "nine threads for nine games: {names:?}");
    let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&url).await.unwrap();
    let (games, opened, counted): (i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM games), COUNT(DISTINCT game_id), COUNT(*) FILTER (WHERE result IN ('black', 'white', 'draw'))
         FROM tournament_games",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!((games, opened, counted), (9, 9, 9), "nine games, each opened once and counted once");
    let pairs: Vec<(i64, i64)> =
        sqlx::query_as("SELECT LEAST(black_id, white_id), GREATEST(black_id, white_id) FROM tournament_games")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    let distinct: std::collections::HashSet<_> = pairs.iter().collect();
    assert_eq!(distinct.len(), pairs.len(), "nobody met twice: {pairs:?}");
    // A rated game moves both players' ratings once on the server's ladder and once on everyone's.
    let ratings: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM rating_changes").fetch_one(&mut conn).await.unwrap();
    assert_eq!(ratings.0, 9 * 2 * 2, "each rated game changed both players' two ratings once");
    for process in [&first, &second] {
        assert!(process.lines().iter().any(|l| l.contains("ready: deadlines")), "both processes sweep");
    }
    drop((first, second));
    database.drop_it().await;
}
