//! The bot itself, run in the test's process against a [`FakeDiscord`]: `run_until` with a
//! [`Shutdown`] the test triggers, a SQLite file of its own, and the bot's log shown when a test
//! fails.

use std::path::PathBuf;
use std::time::Duration;

use reversi_bot::cli::run_until;
use reversi_bot::config::{Config, ServiceConfig, Token};
use reversi_bot::discord::{RunError, Shutdown};
use serde_json::Value;
use tokio::task::JoinHandle;

use super::fake_discord::{FakeDiscord, Recorded};
pub use super::scratch::test_dir;

/// How a test bot is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The bot's thinking time at level 5.
    pub bot_move_seconds: f64,
    /// When an interaction is deferred.
    pub defer_after_ms: u64,
    /// How often the sweep runs.
    pub sweep_seconds: u64,
    /// Where metrics are served, if anywhere.
    pub metrics_addr: Option<std::net::SocketAddr>,
    /// Where the web pages are served, if anywhere.
    pub web_addr: Option<std::net::SocketAddr>,
    /// The shards this bot runs, if not the whole bot.
    pub shards: Option<reversi_bot::config::ShardRange>,
    /// How much one member may ask; none unless a test is about the limits (tests play faster
    /// than people).
    pub limits: reversi_bot::service::limits::LimitsConfig,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            bot_move_seconds: 0.1,
            defer_after_ms: 1200,
            sweep_seconds: 3600,
            metrics_addr: None,
            web_addr: None,
            shards: None,
            limits: reversi_bot::service::limits::LimitsConfig::unlimited(),
        }
    }
}

/// A bot running against its fake Discord.
pub struct RunningBot {
    /// The fake Discord it talks to.
    pub fake: FakeDiscord,
    /// Stops it.
    pub shutdown: Shutdown,
    task: JoinHandle<Result<(), RunError>>,
    /// Its working directory (the database lives there).
    pub dir: PathBuf,
}

/// The configuration of a test bot named `name` against `fake`.
pub fn config(fake: &FakeDiscord, dir: &std::path::Path, setup: &Setup) -> Config {
    Config {
        token: Some(FakeDiscord::TOKEN.parse::<Token>().expect("a token")),
        service: ServiceConfig {
            database_url: format!("sqlite://{}", dir.join("bot.db").display()),
            bot_move_seconds: setup.bot_move_seconds,
            review_seconds: 2.0,
        },
        discord_api_url: Some(fake.base_url()),
        guild_id: None,
        typed_moves: true,
        sweep_seconds: setup.sweep_seconds,
        defer_after_ms: setup.defer_after_ms,
        metrics_addr: setup.metrics_addr,
        shards: setup.shards,
        limits: setup.limits.into(),
        server_data_grace_days: 30,
        web: reversi_bot::config::WebArgs {
            web_addr: setup.web_addr,
            public_url: None,
            web_behind_proxy: false,
            web_rate_limit_per_minute: 300,
            web_rate_limit_burst: 60,
        },
    }
}

/// Starts a bot against a new fake Discord and waits until it is on the gateway.
pub async fn start(name: &str, setup: Setup) -> RunningBot {
    let _ = tracing_subscriber::fmt().with_env_filter("reversi_bot=debug,warn").with_test_writer().try_init();
    let fake = FakeDiscord::start().await;
    let dir = test_dir(name);
    let bot = start_on(fake, dir, setup).await;
    bot.fake.wait_until_ready(Duration::from_secs(10)).await;
    bot
}

/// Starts a bot against `fake`, keeping its data in `dir`, without waiting for anything.
pub async fn start_on(fake: FakeDiscord, dir: PathBuf, setup: Setup) -> RunningBot {
    let config = config(&fake, &dir, &setup);
    let shutdown = Shutdown::new();
    let stop = shutdown.clone();
    let task = tokio::spawn(async move { run_until(&config, stop).await });
    RunningBot { fake, shutdown, task, dir }
}

impl RunningBot {
    /// Stops the bot (as SIGTERM would), checks it stopped cleanly within a few seconds, and
    /// returns the fake Discord for a later bot to use.
    pub async fn stop_keeping_fake(self) -> (FakeDiscord, PathBuf) {
        self.shutdown.trigger();
        let stopped = tokio::time::timeout(Duration::from_secs(8), self.task).await;
        let result = stopped.expect("the bot stops within seconds").expect("the bot's task ends");
        assert!(result.is_ok(), "the bot stopped with an error: {result:?}");
        (self.fake, self.dir)
    }

    /// Stops the bot and checks the fake saw nothing it could not serve.
    pub async fn stop(self) {
        let (fake, dir) = self.stop_keeping_fake().await;
        fake.assert_no_unexpected_requests();
        let _ = std::fs::remove_dir_all(dir);
    }

    /// Sends an interaction and waits for the answer the user sees.
    pub async fn ask(&self, interaction: Value) -> Recorded {
        self.fake.send_interaction(&interaction).await;
        self.fake.wait_for_reply(&interaction).await
    }
}
