//! The bot's brain, without Discord: an [`Invocation`] and a [`Command`] come in, a [`Response`]
//! (a [`Reply`] and any [`Announcement`]s) goes out. Games, challenges, bot turns, results,
//! ratings and leaderboards all live here, over the [`Store`]; the Discord adapter and the
//! console are thin front ends over [`Service::handle`].
//!
//! Races: every write of a game is a compare-and-set on its version, so two moves for the same
//! turn can never both apply; the loser gets [`UserError::Raced`].

pub mod command;
pub mod components;
mod flows;
mod info;
pub mod metrics;
pub mod ratings;
pub mod reply;
mod sweep;
mod view;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use command::{BoardScope, Command, Invocation, SettingsChange, User, mention};
pub use metrics::Metrics;
pub use reply::{Announcement, Attachment, Button, ButtonStyle, Embed, Field, Menu, MenuOption, Reply, Row};

use crate::ai::{AiConfig, Level, SearcherPool};
use crate::engine::{Game, IllegalMove, ParseMoveError, RecordError};
use crate::render::{Renderer, Theme};
use crate::store::Queries;
use crate::store::{GameId, GameRecord, GuildId, ServerSettings, Store, StoreError, Timestamp, UserId};

/// Tunables of the service (the per-server ones live in [`ServerSettings`]).
#[derive(Clone, Debug)]
pub struct ServiceOptions {
    /// How long a challenge stays open.
    pub challenge_expiry: Duration,
    /// How long before a move deadline the player is reminded.
    pub reminder_before: Duration,
    /// The bot's search settings (budgets per level, hash size).
    pub ai: AiConfig,
    /// Whether board replies carry the PNG (a text-only front end or a benchmark may skip it).
    pub board_pictures: bool,
    /// Where moves are counted and timed.
    pub metrics: Metrics,
}

impl Default for ServiceOptions {
    /// Challenges last 10 minutes; reminders come an hour before the deadline; boards come with
    /// their picture.
    fn default() -> ServiceOptions {
        ServiceOptions {
            challenge_expiry: Duration::from_secs(10 * 60),
            reminder_before: Duration::from_secs(60 * 60),
            ai: AiConfig::default(),
            board_pictures: true,
            metrics: Metrics::new(),
        }
    }
}

/// What a command produces: the answer to the caller and anything to post elsewhere.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Response {
    /// The answer.
    pub reply: Reply,
    /// Messages for other channels (or later ones for this channel).
    pub announcements: Vec<Announcement>,
}

impl From<Reply> for Response {
    fn from(reply: Reply) -> Response {
        Response { reply, announcements: Vec::new() }
    }
}

/// A refusal, in a sentence the player understands. Nothing changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum UserError {
    /// No live game in this channel.
    #[error("There is no game in this channel. Start one with /challenge or /bot.")]
    NoGame,
    /// Another player is to move.
    #[error("It's not your turn: {0} is to move.")]
    NotYourTurn(String),
    /// The caller does not play in this game.
    #[error("You are not playing in this game.")]
    NotAPlayer,
    /// The text is not a move.
    #[error("{0}")]
    BadMove(#[from] ParseMoveError),
    /// The move is not legal.
    #[error("{0}")]
    Illegal(#[from] IllegalMove),
    /// The channel has a live game.
    #[error("This channel already has a game in progress. Finish it first, or start a thread for a new one.")]
    ChannelBusy,
    /// The channel has an open challenge.
    #[error("This channel already has an open challenge. Wait for an answer, or start a thread.")]
    ChallengePending,
    /// Challenging oneself.
    #[error("You can't challenge yourself. Try /bot to play against me.")]
    ChallengeYourself,
    /// Challenging another bot.
    #[error("{0} is a bot and can't play. To play against me, use /bot.")]
    ChallengeOtherBot(String),
    /// The challenge was answered, withdrawn or has lapsed.
    #[error("That challenge is no longer open.")]
    ChallengeClosed,
    /// A challenge meant for someone else.
    #[error("That challenge is for {0}.")]
    ChallengeNotForYou(String),
    /// Accepting one's own challenge.
    #[error("You can't accept your own challenge.")]
    OwnChallenge,
    /// A button or menu from an older board.
    #[error("That board is out of date: the game has moved on. Use the latest board.")]
    Stale,
    /// Someone else's write won the race.
    #[error("Someone else moved first. Here is the game as it stands: /board")]
    Raced,
    /// No such game id.
    #[error("There is no game #{0}.")]
    NoSuchGame(GameId),
    /// A rematch of a game still being played.
    #[error("Game #{0} is still being played.")]
    GameNotOver(GameId),
    /// Nothing to export here.
    #[error("This channel has no game to export yet. Give a game id: /export game:<id>")]
    NothingToExport,
    /// The bot is thinking.
    #[error("I'm still thinking about my move. One moment!")]
    BotThinking,
    /// Server settings need a server and the Manage Server permission.
    #[error("Only members with the Manage Server permission can change this server's settings.")]
    NeedsManageServer,
    /// The database was busy (locked by another writer, or the connection was lost): nothing
    /// was written.
    #[error("The games database is busy right now, so nothing was changed. Please try again in a moment.")]
    Busy,
}

/// An error from the service: a refusal for the player, or an internal failure to log.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The player asked for something that cannot be done.
    #[error(transparent)]
    User(#[from] UserError),
    /// Something broke on our side.
    #[error("internal error: {0:#}")]
    Internal(#[from] anyhow::Error),
}

impl ServiceError {
    /// The reply the caller sees: the refusal, or one generic line (the details go to the log).
    pub fn reply(&self) -> Reply {
        match self {
            ServiceError::User(e) => Reply::private(e.to_string()),
            ServiceError::Internal(_) => {
                Reply::private("Something went wrong on my side. Your game is safe; please try again in a moment.")
            }
        }
    }
}

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> ServiceError {
        match error {
            StoreError::ChannelBusy => UserError::ChannelBusy.into(),
            StoreError::ChallengePending => UserError::ChallengePending.into(),
            StoreError::StaleVersion | StoreError::GameOver => UserError::Raced.into(),
            StoreError::ChallengeClosed(_) => UserError::ChallengeClosed.into(),
            transient if transient.is_transient() => {
                tracing::warn!(error = format!("{:#}", anyhow::Error::new(transient)), "the database was busy");
                UserError::Busy.into()
            }
            other => ServiceError::Internal(anyhow::Error::new(other)),
        }
    }
}

/// The service. Cheap to clone; share it between tasks.
#[derive(Clone)]
pub struct Service {
    inner: Arc<Inner>,
}

struct Inner {
    store: Store,
    renderer: Renderer,
    bot: User,
    options: ServiceOptions,
    /// Set at shutdown: the bot stops thinking at once.
    cancel: Arc<AtomicBool>,
    /// The bot's searchers, kept between moves.
    searchers: Arc<SearcherPool>,
}

impl Service {
    /// A service over `store`, playing as `bot` (the bot's own Discord account).
    pub fn new(store: Store, bot: User, options: ServiceOptions) -> Service {
        let renderer = Renderer::new();
        let inner = Inner {
            store,
            renderer,
            bot,
            options,
            cancel: Arc::new(AtomicBool::new(false)),
            searchers: Arc::new(SearcherPool::new()),
        };
        Service { inner: Arc::new(inner) }
    }

    /// The store underneath.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// The bot's own account.
    pub fn bot(&self) -> &User {
        &self.inner.bot
    }

    /// The series operators watch.
    pub fn metrics(&self) -> &Metrics {
        &self.inner.options.metrics
    }

    /// The metrics in Prometheus' text format, with the live games counted now.
    pub async fn metrics_text(&self) -> String {
        match self.inner.store.live_game_count().await {
            Ok(count) => self.metrics().live_games.set(i64::try_from(count).unwrap_or(i64::MAX)),
            Err(e) => tracing::warn!(error = %e, "could not count the live games for the metrics"),
        }
        self.metrics().render()
    }

    /// Stops any search in progress (at shutdown). Moves already committed stay committed.
    pub fn cancel_thinking(&self) {
        self.inner.cancel.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Runs one command for one caller.
    pub async fn handle(&self, inv: &Invocation, command: Command) -> Result<Response, ServiceError> {
        if let Command::Move(_) | Command::MenuMove { .. } = command {
            let started = std::time::Instant::now();
            let result = self.handle_command(inv, command).await;
            self.metrics().move_seconds.observe(started.elapsed().as_secs_f64());
            return result;
        }
        self.handle_command(inv, command).await
    }

    async fn handle_command(&self, inv: &Invocation, command: Command) -> Result<Response, ServiceError> {
        self.remember(&inv.user, inv.now).await?;
        match command {
            Command::Challenge { opponent, color, rated, rules } => {
                self.challenge(inv, opponent, color, rated, rules).await
            }
            Command::Accept(id) => self.accept(inv, id).await,
            Command::Decline(id) => self.decline(inv, id).await,
            Command::PlayBot { level, color, rules } => self.play_bot(inv, level, color, rules).await,
            Command::Move(text) => self.play_move(inv, &text, None).await,
            Command::MenuMove { game, version, value } => self.play_move(inv, &value, Some((game, version))).await,
            Command::Board => self.show_board(inv).await,
            Command::Resign => self.ask_resign(inv, None).await,
            Command::ResignButton { game, version } => self.ask_resign(inv, Some((game, version))).await,
            Command::ConfirmResign { game, version } => self.resign(inv, game, version).await,
            Command::Leaderboard(scope) => self.leaderboard(inv, scope).await,
            Command::Stats(player) => self.stats(inv, player).await,
            Command::History(player) => self.history(inv, player).await,
            Command::Export(game) => self.export(inv, game).await,
            Command::Rematch(game) => self.rematch(inv, game).await,
            Command::Help => Ok(info::help().into()),
            Command::Settings(change) => self.change_settings(inv, change).await,
        }
    }

    /// The legal moves of this channel's game that start with `prefix`, for autocomplete; empty
    /// when there is no game or it is not the caller's turn.
    pub async fn legal_moves_matching(&self, inv: &Invocation, prefix: &str) -> Result<Vec<String>, ServiceError> {
        let Some(record) = self.inner.store.live_game_in(inv.channel).await? else { return Ok(Vec::new()) };
        let game = replay(&record)?;
        let Some(color) = game.to_move() else { return Ok(Vec::new()) };
        if record.player(color) != inv.user.id {
            return Ok(Vec::new());
        }
        let prefix = prefix.trim().to_ascii_lowercase();
        Ok(game.legal_choices().iter().map(|m| m.to_string()).filter(|m| m.starts_with(&prefix)).take(25).collect())
    }

    /// Whether plain messages such as `d3` are moves in this server.
    pub async fn typed_moves_enabled(&self, guild: Option<GuildId>) -> Result<bool, ServiceError> {
        Ok(self.settings(guild).await?.typed_moves)
    }

    /// Stores a player's name (the store writes nothing when it is stored as it is). Nothing
    /// is cached in the process: with PostgreSQL, other processes share the database.
    async fn remember(&self, user: &User, now: Timestamp) -> Result<(), StoreError> {
        self.inner.store.upsert_player(user.id, &user.name, user.is_bot, now).await
    }

    async fn settings(&self, guild: Option<GuildId>) -> Result<ServerSettings, StoreError> {
        match guild {
            Some(guild) => self.inner.store.settings(guild).await,
            None => Ok(ServerSettings::default()),
        }
    }

    async fn theme(&self, guild: Option<GuildId>) -> Result<Theme, StoreError> {
        Ok(self.settings(guild).await?.theme.parse().unwrap_or_default())
    }

    async fn name_of(&self, id: UserId) -> Result<String, StoreError> {
        match self.inner.store.player(id).await? {
            Some(player) => Ok(player.name),
            None => Ok(format!("<@{}>", id.0)),
        }
    }

    fn is_bot(&self, id: UserId) -> bool {
        id == self.inner.bot.id
    }

    fn level_of(record: &GameRecord) -> Option<Level> {
        record.bot_level.and_then(Level::new)
    }
}

/// The wall clock as the service counts time, for the front ends to put in an [`Invocation`]
/// (the service itself never reads the clock: tests inject their own times).
pub fn wall_clock() -> Timestamp {
    let millis =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis()).unwrap_or_default();
    Timestamp(i64::try_from(millis).unwrap_or(i64::MAX))
}

/// The game a record holds, replayed from its transcript.
fn replay(record: &GameRecord) -> Result<Game, ServiceError> {
    Game::from_transcript(record.rules, &record.moves).map_err(|e: RecordError| {
        ServiceError::Internal(anyhow::anyhow!("game #{} has a corrupt record: {e}", record.id.0))
    })
}
