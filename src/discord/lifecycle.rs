//! Starting and stopping the bot like a well-behaved service: the token is checked before anything
//! else (a rejected one ends the process at once), an unreachable Discord is retried with backoff
//! and reported as an error, the database is opened only then, and a stop request (SIGINT,
//! SIGTERM, or [`Shutdown::trigger`] in tests) ends everything within a few seconds in any state:
//! no new events, the bot's thinking cancelled, answers in flight given a moment, nothing half
//! written (every write is one transaction).

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::watch;

use super::handlers::{self, Inflight};
use super::{Data, commands, rest};
use crate::config::Config;
use crate::service::{Metrics, Service, ServiceOptions, User, wall_clock as now};
use crate::store::{Backend, GatewayTurn, Store, StoreError, UserId};

/// How long a stop waits for the shards to close and for answers in flight.
const STOP_GRACE: Duration = Duration::from_secs(3);
/// How long a stop waits to give back the bot's moves it was thinking about.
const RELEASE_WITHIN: Duration = Duration::from_millis(1500);
/// The longest pause between two tries to reach Discord at start.
const MAX_RETRY_DELAY: Duration = Duration::from_secs(60);
/// How long one try to reach Discord may take.
const REACH_TIMEOUT: Duration = Duration::from_secs(10);

/// Why the bot stopped other than by request.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Discord answered 401 to the token.
    #[error(
        "Discord rejected the bot token (401 Unauthorized). Reset it in the developer portal \
         (Bot > Reset Token) and put the new one in DISCORD_TOKEN."
    )]
    TokenRejected,
    /// No token configured.
    #[error("{}", crate::config::MISSING_TOKEN)]
    MissingToken,
    /// The database could not be opened or migrated (or its URL names no database we support).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A server beside the bot (the web pages, the metrics) could not listen.
    #[error("could not listen on {addr} for the web pages or metrics: {source}")]
    Listen {
        /// The address asked for.
        addr: std::net::SocketAddr,
        /// Why.
        source: std::io::Error,
    },
    /// The Discord client failed for good.
    #[error("the Discord client stopped: {0}")]
    Discord(#[source] Box<serenity::Error>),
    /// The one-off work a database migration left (the ratings on their ladders) failed.
    #[error("could not finish the database upgrade: {0}")]
    Upgrade(String),
}

impl RunError {
    /// The process's exit code for this error: 2 for a configuration to fix (no token, a
    /// database URL we cannot use), 3 for a token Discord rejects, 1 otherwise. (0 is a stop on
    /// request.)
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::MissingToken | RunError::Store(StoreError::UnsupportedUrl { .. }) => 2,
            RunError::TokenRejected => 3,
            _ => 1,
        }
    }
}

/// A stop request shared by every part of a running bot. Cloning it gives another handle to the
/// same request.
#[derive(Clone, Debug)]
pub struct Shutdown {
    tx: Arc<watch::Sender<bool>>,
}

impl Shutdown {
    /// A request not yet made.
    pub fn new() -> Shutdown {
        Shutdown { tx: Arc::new(watch::channel(false).0) }
    }

    /// A request made when the process gets SIGINT or SIGTERM (`reversi-bot run`). Call it within
    /// the runtime: it spawns the task that waits for them.
    pub fn on_stop_signals() -> Shutdown {
        let shutdown = Shutdown::new();
        let on_signal = shutdown.clone();
        tokio::spawn(async move {
            let signal = stop_signal().await;
            tracing::info!(signal, "stop requested: shutting down");
            on_signal.trigger();
        });
        shutdown
    }

    /// Asks everything to stop.
    pub fn trigger(&self) {
        self.tx.send_replace(true);
    }

    /// Whether a stop was asked for.
    pub fn is_triggered(&self) -> bool {
        *self.tx.borrow()
    }

    /// Waits until a stop is asked for (at once if it already was).
    pub async fn wait(&self) {
        let mut rx = self.tx.subscribe();
        // The sender lives in `self`, so the channel cannot close while we wait.
        let _ = rx.wait_for(|stop| *stop).await;
    }
}

impl Default for Shutdown {
    fn default() -> Shutdown {
        Shutdown::new()
    }
}

/// The bot's gateway as the rest of the process may watch it (readiness probes): how many of this
/// process's shards are connected, of how many.
#[derive(Clone)]
pub struct Gateway {
    shards: Arc<serenity::ShardManager>,
    expected: usize,
}

impl Gateway {
    /// How many of this process's shards are connected now.
    pub async fn connected(&self) -> usize {
        super::ops::connected_shards(&self.shards).await
    }

    /// How many shards this process runs.
    pub fn expected(&self) -> usize {
        self.expected
    }
}

impl std::fmt::Debug for Gateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gateway").field("expected", &self.expected).finish_non_exhaustive()
    }
}

/// Runs the bot until `shutdown` is triggered (returning `Ok`) or it cannot go on. Once the
/// service is up and before the gateway connects, `beside` starts what the process serves next
/// to the bot (the web pages, the metrics) from the service and the gateway; its error stops the
/// start.
pub async fn run_until<F, Fut>(config: &Config, shutdown: Shutdown, beside: F) -> Result<(), RunError>
where
    F: FnOnce(Service, Gateway) -> Fut,
    Fut: Future<Output = Result<(), RunError>>,
{
    let token = config.token.clone().filter(|t| !t.expose().is_empty()).ok_or(RunError::MissingToken)?;
    // A URL of a database we cannot use is a configuration error: say so before anything else.
    Backend::of_url(&config.service.database_url)?;
    let mut http = serenity::HttpBuilder::new(token.expose());
    // Serenity's rate limiter would send its calls past the proxy, so it is off behind one; the
    // proxy spaces the calls and `rest::retrying` waits out a 429 that still comes.
    if let Some(url) = &config.discord_api_url {
        http = http.proxy(url.trim_end_matches('/')).ratelimiter_disabled(true);
    }
    let http = http.build();
    let api = config.discord_api_url.as_deref().unwrap_or("https://discord.com");
    let Some(me) = reach_discord(&http, api, &shutdown).await? else { return Ok(()) };
    let store = tokio::select! {
        store = Store::open(&config.service.database_url) => store?,
        () = shutdown.wait() => return Ok(()),
    };
    tracing::info!(user = %me.name, backend = %store.backend(), "logged in; connecting to the gateway");
    let metrics = Metrics::new();
    let bot = User { id: UserId(me.id.get()), name: me.name.clone(), is_bot: true };
    let options = ServiceOptions {
        metrics: metrics.clone(),
        typed_moves_available: config.typed_moves,
        limits: config.limits.limits(),
        server_data_grace: config.server_data_grace(),
        public_url: config.web.public_url(),
        ..config.service.service_options()
    };
    let service = Service::new(store, bot, options);
    service.rebuild_pending().await.map_err(|e| RunError::Upgrade(format!("{e:#}")))?;
    let inflight = Inflight::default();

    let mut intents = serenity::GatewayIntents::non_privileged();
    if config.typed_moves {
        intents |= serenity::GatewayIntents::MESSAGE_CONTENT;
    }
    let data = Data {
        service: service.clone(),
        typed_moves: config.typed_moves,
        defer_after: Duration::from_millis(config.defer_after_ms.min(2500)),
        inflight: inflight.clone(),
        metrics: metrics.clone(),
    };
    let registers = config.shards.is_none_or(|range| range.registers_commands());
    let framework =
        framework(data, config.guild_id, registers, Duration::from_secs(config.sweep_seconds.max(1)), &shutdown);
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .map_err(|e| RunError::Discord(Box::new(e)))?;
    let shards = client.shard_manager.clone();
    let count = config.shards.map_or(1, |range| range.count());
    // How many of our shards are connected, as the gateway watch sees it.
    let connected = tokio::sync::watch::Sender::new(0usize);
    beside(service.clone(), Gateway { shards: shards.clone(), expected: count as usize }).await?;

    // Take our turn at the gateway (other processes on the same PostgreSQL database wait), and
    // give it back once our shards are up.
    let turn = tokio::select! {
        turn = take_gateway_turn(service.store()) => turn?,
        () = shutdown.wait() => return Ok(()),
    };
    if turn.is_shared() {
        tokio::spawn(end_gateway_turn(turn, connected.subscribe(), count, shutdown.clone()));
    }
    if let Some(range) = config.shards {
        tracing::info!(shards = %range, "starting this process's shards");
    }
    tokio::spawn(watch_gateway(shards.clone(), count, connected, shutdown.clone()));
    let start = async {
        match config.shards {
            // serenity's range includes its end.
            Some(range) => client.start_shard_range(range.first..range.last, range.total).await,
            None => client.start().await,
        }
    };
    let outcome = tokio::select! {
        result = start => match result {
            Err(serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)) => Err(RunError::TokenRejected),
            Err(e) => Err(RunError::Discord(Box::new(e))),
            // The shards were shut down from outside: a stop.
            Ok(()) => Ok(()),
        },
        () = shutdown.wait() => Ok(()),
    };
    // Stop in order: no new events, the bot's thinking cancelled (a move it had not committed is
    // made after the next start), then a moment for answers already on their way.
    shutdown.trigger();
    service.cancel_thinking();
    if tokio::time::timeout(STOP_GRACE, shards.shutdown_all()).await.is_err() {
        tracing::warn!("the gateway shards did not close in time");
    }
    if !inflight.wait_idle(STOP_GRACE).await {
        tracing::warn!(left = inflight.count(), "answers still in flight were dropped at the stop");
    }
    // Give back the bot's moves this process was thinking about, so the next start (or another
    // process) makes them at once; a database that does not answer quickly lets them lapse instead.
    match tokio::time::timeout(RELEASE_WITHIN, service.release_bot_moves()).await {
        Ok(Ok(0)) => {}
        Ok(Ok(released)) => tracing::info!(released, "the bot's unfinished moves are left for the next start"),
        Ok(Err(e)) => tracing::warn!(error = %e, "could not release the bot's moves; their leases lapse"),
        Err(_) => tracing::warn!("the database did not answer in time; the bot's leases lapse on their own"),
    }
    let _ = tokio::time::timeout(RELEASE_WITHIN, service.store().close()).await;
    tracing::info!("stopped");
    outcome
}

/// How long Discord wants between two IDENTIFYs of one bot.
const IDENTIFY_SPACING: Duration = Duration::from_secs(5);
/// The longest a process keeps the gateway turn per shard, should its shards never come up.
const TURN_PER_SHARD: Duration = Duration::from_secs(30);

/// Waits for this process's turn at the gateway, saying so when another process holds it.
async fn take_gateway_turn(store: &Store) -> Result<GatewayTurn, RunError> {
    let turn = store.gateway_turn();
    tokio::pin!(turn);
    if let Ok(taken) = tokio::time::timeout(Duration::from_secs(1), &mut turn).await {
        return Ok(taken?);
    }
    tracing::info!("another process of this bot is connecting to the gateway; waiting for its turn to end");
    let taken = turn.await?;
    tracing::info!("our turn at the gateway");
    Ok(taken)
}

/// Gives the gateway turn back once this process's `count` shards are connected and Discord's
/// spacing between identifies has passed (or after a generous limit, with a warning).
async fn end_gateway_turn(
    turn: GatewayTurn,
    mut connected: tokio::sync::watch::Receiver<usize>,
    count: u32,
    shutdown: Shutdown,
) {
    let limit = TURN_PER_SHARD * count;
    let up = async {
        // An error means the watch has ended, at a stop.
        let _ = connected.wait_for(|&up| up >= count as usize).await;
    };
    tokio::select! {
        result = tokio::time::timeout(limit, up) => if result.is_err() {
            tracing::warn!(seconds = limit.as_secs(), "our shards did not all connect in time; giving the gateway turn to the next process");
        } else {
            tokio::time::sleep(IDENTIFY_SPACING).await;
        },
        () = shutdown.wait() => {}
    }
    match turn.release().await {
        Ok(()) => tracing::debug!("gateway turn given back"),
        // The lock goes with the connection when it closes.
        Err(e) => tracing::warn!(error = %e, "could not give the gateway turn back; it ends with its connection"),
    }
}

/// How long the shards may stay unconnected before the log says so as an error.
const GATEWAY_PATIENCE: Duration = Duration::from_secs(10);
/// The longest pause between two such errors while the gateway stays out of reach.
const GATEWAY_REPORT_MAX: Duration = Duration::from_secs(300);

/// Watches the shards until the stop, publishing each second how many are connected (the gateway
/// turn waits on it): when fewer than `count` stay connected for [`GATEWAY_PATIENCE`] (serenity
/// reconnects on its own, logging only warnings), logs an error that says so, again after pauses
/// that double up to [`GATEWAY_REPORT_MAX`], and the recovery.
async fn watch_gateway(
    shards: Arc<serenity::ShardManager>,
    count: u32,
    connected_out: tokio::sync::watch::Sender<usize>,
    shutdown: Shutdown,
) {
    use tokio::time::Instant;
    // While some shards are down: since when, and when the next error is due after how long a pause.
    let mut down: Option<(Instant, Instant, Duration)> = None;
    let mut reported = false;
    loop {
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
            () = shutdown.wait() => return,
        }
        let connected = super::ops::connected_shards(&shards).await;
        connected_out.send_replace(connected);
        if connected >= count as usize {
            if reported {
                tracing::info!(shards = connected, "connected to Discord's gateway again");
            }
            (down, reported) = (None, false);
            continue;
        }
        let now = Instant::now();
        let (since, due, pause) = down.get_or_insert((now, now + GATEWAY_PATIENCE, GATEWAY_PATIENCE));
        if now >= *due {
            tracing::error!(
                connected,
                shards = count,
                down_for_seconds = since.elapsed().as_secs(),
                "cannot connect to Discord's gateway: check the network and firewall (outgoing WebSocket, port 443); still trying"
            );
            reported = true;
            *pause = (*pause * 2).min(GATEWAY_REPORT_MAX);
            *due = now + *pause;
        }
    }
}

/// Asks Discord who the bot is and where its gateway is (`/users/@me`, `/gateway/bot`, both with
/// the token), until it answers: `Ok(None)` when a stop was asked for first,
/// [`RunError::TokenRejected`] on a 401. Anything else (no network, a closed port, Discord's 5xx)
/// is logged as an error and tried again after a pause that doubles up to a minute.
async fn reach_discord(
    http: &serenity::Http,
    api: &str,
    shutdown: &Shutdown,
) -> Result<Option<serenity::CurrentUser>, RunError> {
    let mut delay = Duration::from_secs(1);
    loop {
        let attempt = tokio::select! {
            attempt = tokio::time::timeout(REACH_TIMEOUT, who_and_where(http)) => attempt,
            () = shutdown.wait() => return Ok(None),
        };
        let problem = match attempt {
            Ok(Ok((me, gateway))) => {
                let sessions = gateway.session_start_limit;
                tracing::info!(
                    recommended_shards = gateway.shards,
                    session_starts_left = sessions.remaining,
                    "Discord accepted the token"
                );
                return Ok(Some(me));
            }
            Ok(Err(error)) if rest::status_of(&error) == Some(401) => return Err(RunError::TokenRejected),
            Ok(Err(error)) => crate::report::with_causes(&error),
            Err(_) => format!("no answer within {} s", REACH_TIMEOUT.as_secs()),
        };
        tracing::error!(
            api,
            error = %problem,
            retry_in_seconds = delay.as_secs(),
            "cannot reach Discord: check the network (and DISCORD_API_URL, if set); trying again"
        );
        tokio::select! {
            () = tokio::time::sleep(delay) => {}
            () = shutdown.wait() => return Ok(None),
        }
        delay = (delay * 2).min(MAX_RETRY_DELAY);
    }
}

/// The bot's own user and its gateway's details, each asked with the token.
async fn who_and_where(
    http: &serenity::Http,
) -> Result<(serenity::CurrentUser, serenity::BotGateway), serenity::Error> {
    let me = http.get_current_user().await?;
    let gateway = http.get_bot_gateway().await?;
    Ok((me, gateway))
}

/// The poise framework: our commands, the event handler for clicks and typed moves, and the
/// set-up run once the gateway says READY (commands registered, the bot's pending moves made,
/// the sweep started).
fn framework(
    data: Data,
    guild: Option<u64>,
    registers_commands: bool,
    sweep_every: Duration,
    shutdown: &Shutdown,
) -> poise::Framework<Data, super::Error> {
    let shutdown = shutdown.clone();
    poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: |framework, event| {
                Box::pin(async move {
                    handlers::on_event(framework.serenity_context, framework.user_data, event).await;
                    Ok(())
                })
            },
            on_error: |error| {
                Box::pin(async move {
                    match error {
                        poise::FrameworkError::Command { error, ctx, .. } => {
                            tracing::error!(command = %ctx.command().name, error = format!("{error:#}"), "command failed");
                        }
                        other => tracing::error!(error = %other, "framework error"),
                    }
                })
            },
            ..Default::default()
        })
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                // One process registers the commands for the whole bot: the one with shard 0.
                let commands = &framework.options().commands;
                match guild {
                    _ if !registers_commands => {}
                    Some(id) => poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(id)).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(user = %ready.user.name, "connected to Discord");
                // The bot's moves owed from before the start; if the database cannot say now, the
                // sweep claims them later.
                match data.service.resume(now()).await {
                    Ok(resumed) => rest::post(&ctx.http, &data.service, resumed).await,
                    Err(e) => tracing::error!(error = format!("{e:#}"), "could not resume the bot's moves yet"),
                }
                tokio::spawn(sweep(ctx.http.clone(), data.service.clone(), sweep_every, shutdown.clone(), Sweep::Deadlines));
                tokio::spawn(sweep(ctx.http.clone(), data.service.clone(), sweep_every, shutdown.clone(), Sweep::BotMoves));
                tokio::spawn(sweep(ctx.http.clone(), data.service.clone(), sweep_every, shutdown.clone(), Sweep::Tournaments));
                tokio::spawn(sweep(ctx.http.clone(), data.service.clone(), LIVE_BOARDS_EVERY, shutdown, Sweep::LiveBoards));
                tracing::info!(every_seconds = sweep_every.as_secs(), "ready: deadlines, the bot's moves and tournaments are swept");
                Ok(data)
            })
        })
        .build()
}

/// The sweeps, run apart so that the bot's thinking never holds up a reminder, a forfeit or a
/// tournament's next round.
#[derive(Clone, Copy, Debug)]
enum Sweep {
    Deadlines,
    BotMoves,
    Tournaments,
    LiveBoards,
}

/// How often live boards are brought up to date: often, so a move shows within a second or two
/// (each board is edited at most every `service::LIVE_EDIT_GAP`, whatever the cadence).
const LIVE_BOARDS_EVERY: Duration = Duration::from_secs(1);

/// Runs one sweep every `every`, posting what it announces, until a stop.
async fn sweep(http: Arc<serenity::Http>, service: Service, every: Duration, shutdown: Shutdown, which: Sweep) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = ticks.tick() => {}
            () = shutdown.wait() => return,
        }
        tracing::debug!(sweep = ?which, "sweep started");
        // A stop drops the sweep where it is: each write it makes is one transaction.
        let swept = tokio::select! {
            swept = async {
                match which {
                    Sweep::Deadlines => service.sweep_deadlines(now()).await.map(|a| (a, Vec::new())),
                    Sweep::BotMoves => service.sweep_bot_moves(now()).await.map(|a| (a, Vec::new())),
                    Sweep::Tournaments => service.sweep_tournaments(now()).await.map(|n| (n.announcements, n.openings)),
                    Sweep::LiveBoards => service.sweep_live_boards(now()).await.map(|a| (a, Vec::new())),
                }
            } => swept,
            () = shutdown.wait() => return,
        };
        match swept {
            Ok((announcements, openings)) => {
                rest::post(&http, &service, announcements).await;
                rest::open_games(&http, &service, openings).await;
            }
            Err(e) => tracing::error!(sweep = ?which, error = format!("{e:#}"), "a sweep failed"),
        }
    }
}

/// Waits for SIGINT or SIGTERM and names it.
async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match (signal(SignalKind::interrupt()), signal(SignalKind::terminate())) {
            (Ok(mut int), Ok(mut term)) => tokio::select! {
                _ = int.recv() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            _ => {
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_stop_request_reaches_every_handle_at_once() {
        let shutdown = Shutdown::new();
        let other = shutdown.clone();
        assert!(!other.is_triggered());
        let waiting = tokio::spawn(async move { other.wait().await });
        shutdown.trigger();
        tokio::time::timeout(Duration::from_secs(1), waiting).await.unwrap().unwrap();
        // Waiting after the request returns at once.
        tokio::time::timeout(Duration::from_millis(100), shutdown.wait()).await.unwrap();
    }

    #[test]
    fn exit_codes_tell_a_configuration_to_fix_from_a_rejected_token() {
        assert_eq!(RunError::MissingToken.exit_code(), 2);
        assert_eq!(RunError::Store(StoreError::UnsupportedUrl { scheme: "mysql".into() }).exit_code(), 2);
        assert_eq!(RunError::TokenRejected.exit_code(), 3);
        assert_eq!(RunError::Store(StoreError::NotFound).exit_code(), 1);
    }
}
