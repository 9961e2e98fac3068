//! The bot's configuration, read once at start from the command line and the environment (a
//! `.env` file in the working directory is loaded first). `.env.example` lists every variable.

use std::fmt;
use std::net::SocketAddr;
use std::str::FromStr;
use std::time::Duration;

use crate::ai::AiConfig;
use crate::ai::review::ReviewConfig;
use crate::service::ServiceOptions;
use crate::service::limits::LimitsConfig;

/// The Discord bot token. Its `Debug` and `Display` print `***`, so it never reaches a log.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// The token itself, for the HTTP client only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

impl FromStr for Token {
    type Err = std::convert::Infallible;
    fn from_str(text: &str) -> Result<Token, Self::Err> {
        Ok(Token(text.trim().to_string()))
    }
}

/// What the game service needs, for the bot and the console alike: where games live and how long
/// the bot thinks.
#[derive(Clone, Debug, clap::Args)]
pub struct ServiceConfig {
    /// Where the games live: sqlite://FILE (created when missing) or postgres://USER:PASSWORD@HOST/DB.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://reversi.db", hide_env_values = true)]
    pub database_url: String,
    /// The bot's thinking time per move at level 5, in seconds (lower levels use less).
    #[arg(long, env = "BOT_MOVE_SECONDS", default_value_t = 2.0)]
    pub bot_move_seconds: f64,
    /// The engine's time for reviewing one finished game, in seconds (on one core).
    #[arg(long, env = "REVIEW_SECONDS", default_value_t = 10.0)]
    pub review_seconds: f64,
}

impl ServiceConfig {
    /// The bot's budget per move at full strength.
    pub fn bot_budget(&self) -> Duration {
        Duration::from_secs_f64(self.bot_move_seconds.clamp(0.05, 60.0))
    }

    /// The service's options with this bot budget and review time.
    pub fn service_options(&self) -> ServiceOptions {
        ServiceOptions {
            ai: AiConfig { budget: self.bot_budget(), ..AiConfig::default() },
            review: ReviewConfig {
                budget: Duration::from_secs_f64(self.review_seconds.clamp(0.5, 600.0)),
                ..ReviewConfig::default()
            },
            ..ServiceOptions::default()
        }
    }
}

/// Everything `reversi-bot run` needs.
#[derive(Clone, Debug, clap::Args)]
pub struct Config {
    /// The bot's token from the Discord developer portal (Bot > Reset Token).
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    pub token: Option<Token>,
    /// Database and bot settings.
    #[command(flatten)]
    pub service: ServiceConfig,
    /// Base URL of a Discord-compatible HTTP API (a rate-limit proxy, or a test server). When set,
    /// serenity's own rate limiter is off.
    #[arg(long, env = "DISCORD_API_URL")]
    pub discord_api_url: Option<String>,
    /// Register the commands in this one server at once (for development) instead of globally.
    #[arg(long, env = "GUILD_ID")]
    pub guild_id: Option<u64>,
    /// Treat a message that is just a square (`d3`) as a move. Needs the Message Content intent.
    #[arg(long, env = "TYPED_MOVES", default_value_t = false, action = clap::ArgAction::Set)]
    pub typed_moves: bool,
    /// How often deadlines and challenges are checked, in seconds.
    #[arg(long, env = "SWEEP_SECONDS", default_value_t = 30)]
    pub sweep_seconds: u64,
    /// How long an interaction may take before it is deferred, in milliseconds (Discord allows
    /// three seconds for the first answer).
    #[arg(long, env = "DEFER_AFTER_MS", default_value_t = 1200)]
    pub defer_after_ms: u64,
    /// Serve Prometheus metrics at http://ADDR/metrics (for example 127.0.0.1:9100); off when
    /// unset.
    #[arg(long, env = "METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// How many days a server's settings (and its games' channels) are kept after the bot was
    /// removed from it; adding the bot back within them loses nothing.
    #[arg(long, env = "SERVER_DATA_GRACE_DAYS", default_value_t = 30)]
    pub server_data_grace_days: u32,
    /// The gateway shards this process runs, `FIRST-LAST/TOTAL` (both ends included), for bots
    /// split over several processes on one PostgreSQL database; unset: one process, one shard.
    #[arg(long, env = "SHARDS")]
    pub shards: Option<ShardRange>,
    /// How much one member may ask of the bot.
    #[command(flatten)]
    pub limits: LimitsArgs,
    /// The web pages.
    #[command(flatten)]
    pub web: WebArgs,
}

/// The web pages (games, players, leaderboards, tournaments) and where players reach them.
#[derive(Clone, Debug, clap::Args)]
pub struct WebArgs {
    /// Serve the web pages, /metrics and the probes at http://ADDR (for example 127.0.0.1:8080);
    /// off when unset.
    #[arg(long, env = "WEB_ADDR")]
    pub web_addr: Option<SocketAddr>,
    /// The address players reach the pages at (for example `https://reversi.example.org`), used
    /// in links; when unset, http://WEB_ADDR if that names a host, else no page is linked.
    #[arg(long, env = "PUBLIC_URL")]
    pub public_url: Option<String>,
    /// Whether the pages stand behind a reverse proxy whose X-Forwarded-For names the client
    /// (the rate limit then counts per client, not per proxy).
    #[arg(long, env = "WEB_BEHIND_PROXY", default_value_t = false, action = clap::ArgAction::Set)]
    pub web_behind_proxy: bool,
    /// Pages one client may ask for a minute, steadily.
    #[arg(long, env = "WEB_RATE_LIMIT_PER_MINUTE", default_value_t = crate::web::limit::RateLimit::default().per_minute)]
    pub web_rate_limit_per_minute: u32,
    /// Pages one client may ask for at once.
    #[arg(long, env = "WEB_RATE_LIMIT_BURST", default_value_t = crate::web::limit::RateLimit::default().burst)]
    pub web_rate_limit_burst: u32,
}

impl WebArgs {
    /// Where players reach the pages, without a trailing `/`.
    pub fn public_url(&self) -> Option<String> {
        match (&self.public_url, self.web_addr) {
            (Some(url), _) if !url.trim().is_empty() => Some(url.trim().trim_end_matches('/').to_string()),
            (_, Some(addr)) if !addr.ip().is_unspecified() => Some(format!("http://{addr}")),
            _ => None,
        }
    }

    /// The web server's options.
    pub fn options(&self) -> crate::web::WebOptions {
        crate::web::WebOptions {
            public_url: self.public_url(),
            rate: crate::web::limit::RateLimit {
                per_minute: self.web_rate_limit_per_minute,
                burst: self.web_rate_limit_burst,
            },
            behind_proxy: self.web_behind_proxy,
        }
    }
}

/// The limits that keep one member from flooding a server, as set on the command line or in the
/// environment (defaults: [`LimitsConfig::default`]).
#[derive(Clone, Copy, Debug, clap::Args)]
pub struct LimitsArgs {
    /// Commands and clicks one member may make at once.
    #[arg(long, env = "RATE_LIMIT_BURST", default_value_t = LimitsConfig::default().burst)]
    pub rate_limit_burst: u32,
    /// Commands and clicks one member may make a minute, steadily.
    #[arg(long, env = "RATE_LIMIT_PER_MINUTE", default_value_t = LimitsConfig::default().per_minute)]
    pub rate_limit_per_minute: u32,
    /// Challenges one member may have open at once.
    #[arg(long, env = "MAX_OPEN_CHALLENGES", default_value_t = LimitsConfig::default().open_challenges)]
    pub max_open_challenges: u32,
    /// Games that may start in one channel in an hour.
    #[arg(long, env = "MAX_GAMES_PER_CHANNEL_HOUR", default_value_t = LimitsConfig::default().games_per_channel_hour)]
    pub max_games_per_channel_hour: u32,
}

impl LimitsArgs {
    /// The service's limits (a burst or rate of 0 is read as 1).
    pub fn limits(&self) -> LimitsConfig {
        LimitsConfig {
            burst: self.rate_limit_burst.max(1),
            per_minute: self.rate_limit_per_minute.max(1),
            open_challenges: self.max_open_challenges,
            games_per_channel_hour: self.max_games_per_channel_hour,
        }
    }
}

impl From<LimitsConfig> for LimitsArgs {
    fn from(limits: LimitsConfig) -> LimitsArgs {
        LimitsArgs {
            rate_limit_burst: limits.burst,
            rate_limit_per_minute: limits.per_minute,
            max_open_challenges: limits.open_challenges,
            max_games_per_channel_hour: limits.games_per_channel_hour,
        }
    }
}

/// The gateway shards one process runs: `first` to `last` (both included) of `total`.
///
/// ```
/// use reversi_bot::config::ShardRange;
/// let range: ShardRange = "2-3/4".parse().unwrap();
/// assert_eq!((range.first, range.last, range.total), (2, 3, 4));
/// assert!(!range.registers_commands());
/// assert!("0-0/1".parse::<ShardRange>().unwrap().registers_commands());
/// assert!("3-2/4".parse::<ShardRange>().is_err());
/// assert!("0-4/4".parse::<ShardRange>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    /// The first shard this process runs.
    pub first: u32,
    /// The last shard this process runs (included).
    pub last: u32,
    /// How many shards the whole bot has.
    pub total: u32,
}

impl Config {
    /// How long a server's data is kept after the bot was removed from it.
    pub fn server_data_grace(&self) -> Duration {
        Duration::from_secs(u64::from(self.server_data_grace_days) * 24 * 60 * 60)
    }
}

impl ShardRange {
    /// Whether this process registers the slash commands: the one that runs shard 0 (one
    /// registration for the whole bot).
    pub fn registers_commands(&self) -> bool {
        self.first == 0
    }

    /// How many shards this process runs.
    pub fn count(&self) -> u32 {
        self.last - self.first + 1
    }
}

/// Text that is not `FIRST-LAST/TOTAL` with FIRST ≤ LAST < TOTAL.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("SHARDS must be FIRST-LAST/TOTAL with FIRST <= LAST < TOTAL, such as 0-1/4 (got \"{0}\")")]
pub struct BadShardRange(pub String);

impl FromStr for ShardRange {
    type Err = BadShardRange;

    fn from_str(text: &str) -> Result<ShardRange, BadShardRange> {
        let bad = || BadShardRange(text.to_string());
        let (range, total) = text.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = range.split_once('-').unwrap_or((range, range));
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| bad());
        let range = ShardRange { first: number(first)?, last: number(last)?, total: number(total)? };
        if range.first > range.last || range.last >= range.total {
            return Err(bad());
        }
        Ok(range)
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

/// How to get a token, shown when none is configured.
pub const MISSING_TOKEN: &str = "\
DISCORD_TOKEN is not set, so the bot cannot log in to Discord.

To get a token:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under Bot, press Reset Token and copy it.
  3. Put it in a file named .env in the directory you start the bot from:
       DISCORD_TOKEN=your-token
     (cp .env.example .env, then edit it), or export DISCORD_TOKEN in your shell.

The README explains the invite link and the permissions the bot needs.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_never_prints() {
        let token: Token = "abc.def.ghi".parse().unwrap();
        assert_eq!(format!("{token:?} {token}"), "*** ***");
        assert_eq!(token.expose(), "abc.def.ghi");
    }
}
