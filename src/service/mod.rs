//! The bot's brain, without Discord: an [`Invocation`] and a [`Command`] come in, a [`Response`]
//! (a [`Reply`] and any [`Announcement`]s) goes out. Games, challenges, bot turns, results,
//! ratings and leaderboards all live here, over the [`Store`]; the Discord adapter and the
//! console are thin front ends over [`Service::handle`].
//!
//! Races: every write of a game is a compare-and-set on its version, so two moves for the same
//! turn can never both apply; the loser gets [`UserError::Raced`].

pub mod catalog;
mod chats;
mod coach;
pub mod command;
pub mod components;
mod daily_puzzle;
mod error;
pub mod facts;
mod flows;
mod info;
mod japanese;
pub mod limits;
pub mod metrics;
pub mod options;
pub mod pages;
pub mod privacy;
mod puzzles;
pub mod ratings;
pub mod reply;
pub mod season_calendar;
mod seasons;
mod solo;
mod sweep;
mod takebacks;
pub mod text;
pub mod tournament;
pub mod tournament_rules;
pub mod view;
mod watching;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use command::{
    Adjudication, BoardScope, Chat, Command, DailyPuzzleSetting, Invocation, LanguageChoice, PrivacyAction,
    PuzzleAction, PuzzleButton, SeasonPick, SeasonSetting, SettingsChange, SoloAction, TournamentAction,
    TournamentPlan, User,
};
pub use error::{ServiceError, UserError};
pub use metrics::Metrics;
pub use reply::{
    Announcement, Attachment, BoardSketch, Button, ButtonStyle, Embed, Field, Menu, MenuOption, Opening, Posted, Reply,
    Row, SoloSketch,
};
pub use text::Locale;

use crate::ai::review::ReviewConfig;
use crate::ai::{AiConfig, Level, SearcherPool};
use crate::engine::{Game, RecordError};
use crate::render::{Renderer, Theme};
use crate::store::queries::*;
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
    /// How long a game's review may think.
    pub review: ReviewConfig,
    /// Whether board replies carry the PNG (a text-only front end or a benchmark may skip it).
    pub board_pictures: bool,
    /// Where moves are counted and timed.
    pub metrics: Metrics,
    /// Whether the front end reads typed moves at all (the Discord bot only with
    /// `TYPED_MOVES` on), so `/settings` shows what really happens.
    pub typed_moves_available: bool,
    /// How much one member may ask of the bot (rates and caps); none by default (the console,
    /// tests), the bot's configuration sets them.
    pub limits: limits::LimitsConfig,
    /// How long a server's data is kept after the bot was removed from it, so that adding the
    /// bot back within it loses nothing (`SERVER_DATA_GRACE_DAYS`).
    pub server_data_grace: Duration,
    /// The address players reach the web pages at (`PUBLIC_URL`, without a trailing `/`); no
    /// page is linked without it.
    pub public_url: Option<String>,
}

impl Default for ServiceOptions {
    /// Challenges last 10 minutes; reminders come an hour before the deadline; boards come with
    /// their picture; a server's data is kept 30 days after the bot left it.
    fn default() -> ServiceOptions {
        ServiceOptions {
            challenge_expiry: Duration::from_secs(10 * 60),
            reminder_before: Duration::from_secs(60 * 60),
            ai: AiConfig::default(),
            review: ReviewConfig::default(),
            board_pictures: true,
            metrics: Metrics::new(),
            typed_moves_available: false,
            limits: limits::LimitsConfig::unlimited(),
            server_data_grace: Duration::from_secs(30 * 24 * 60 * 60),
            public_url: None,
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
    /// Tournament games to open, each in a thread the front end makes.
    pub openings: Vec<Opening>,
}

impl From<Reply> for Response {
    fn from(reply: Reply) -> Response {
        Response { reply, announcements: Vec::new(), openings: Vec::new() }
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
    /// This service's name on the leases it holds on the bot's moves: unique per start, so a
    /// process never mistakes another's lease (or a former run's) for its own.
    instance: String,
    /// Each member's rate of commands and clicks. In this process's memory: Discord sends a
    /// server's interactions (and direct messages) to one shard, so to one process.
    rates: std::sync::Mutex<limits::RateLimits>,
    /// A lock per game being reviewed, so that a second click on Review waits for the first
    /// review (and reads it) instead of computing another.
    reviewing: std::sync::Mutex<std::collections::HashMap<GameId, Arc<tokio::sync::Mutex<()>>>>,
    /// Set once this process gave every shipped puzzle its rating row.
    puzzles_seeded: tokio::sync::OnceCell<()>,
    /// Goes up whenever something the web pages show changed in this process beyond a game's
    /// moves (a server's settings, a deletion, a new review), so kept pages are made again.
    web_generation: std::sync::atomic::AtomicU64,
}

impl Service {
    /// A service over `store`, playing as `bot` (the bot's own Discord account).
    pub fn new(store: Store, bot: User, options: ServiceOptions) -> Service {
        let renderer = Renderer::new();
        let rates = std::sync::Mutex::new(limits::RateLimits::new(&options.limits));
        let inner = Inner {
            rates,
            reviewing: std::sync::Mutex::default(),
            puzzles_seeded: tokio::sync::OnceCell::new(),
            web_generation: std::sync::atomic::AtomicU64::new(0),
            store,
            renderer,
            bot,
            options,
            cancel: Arc::new(AtomicBool::new(false)),
            searchers: Arc::new(SearcherPool::new()),
            instance: instance_name(),
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

    /// Gives up the leases this service holds on the bot's moves (at a clean stop, after
    /// [`Service::cancel_thinking`]), so the next start or another process makes them at once.
    pub async fn release_bot_moves(&self) -> Result<u64, ServiceError> {
        Ok(self.inner.store.release_bot_leases(&self.inner.instance).await?)
    }

    /// Runs one command for one caller.
    pub async fn handle(&self, inv: &Invocation, command: Command) -> Result<Response, ServiceError> {
        let verdict =
            self.inner.rates.lock().unwrap_or_else(std::sync::PoisonError::into_inner).check(inv.user.id, inv.now);
        if let limits::Verdict::Refused { first, retry_after_ms } = verdict {
            self.metrics().rate_limited.inc();
            let seconds = u64::try_from(retry_after_ms).unwrap_or(0).div_ceil(1_000).max(1);
            return Err(UserError::RateLimited { seconds, first }.into());
        }
        if let Command::Move(_) | Command::MenuMove { .. } = command {
            let started = std::time::Instant::now();
            let result = self.handle_command(inv, command).await;
            self.metrics().move_seconds.observe(started.elapsed().as_secs_f64());
            return result;
        }
        self.handle_command(inv, command).await
    }

    async fn handle_command(&self, inv: &Invocation, command: Command) -> Result<Response, ServiceError> {
        let resolved;
        let inv = if inv.locale.is_none() {
            let settings = self.settings(inv.guild).await?;
            let locale = self.announcement_locale(&settings, inv.guild).await?;
            resolved = Invocation { locale: Some(locale), ..inv.clone() };
            &resolved
        } else {
            inv
        };
        chats::check(inv, &command)?;
        self.remember(&inv.user, inv.now).await?;
        if let (Some(guild), Some(locale)) = (inv.guild, inv.guild_locale) {
            self.inner.store.note_guild_locale(guild, locale.tag(), inv.now).await?;
        }
        match command {
            Command::Challenge { opponent, color, rated, private, rules } => {
                self.challenge(inv, opponent, color, (rated, private), rules).await
            }
            Command::Accept(id) => self.accept(inv, id).await,
            Command::Decline(id) => self.decline(inv, id).await,
            Command::PlayBot { level, color, rules } => self.play_bot(inv, level, color, rules).await,
            Command::Move(text) => self.typed_move(inv, &text).await,
            Command::MenuMove { game, version, value } => self.play_move(inv, &value, Some((game, version))).await,
            Command::Board => self.show_board(inv).await,
            Command::Games(page) => self.list_games(inv, page).await,
            Command::GamesPage(page) => {
                let mut response = self.list_games(inv, page).await?;
                response.reply.replaces = true;
                Ok(response)
            }
            Command::Watch(game) => self.watch(inv, game).await,
            Command::StopWatching(board) => self.stop_watching(inv, board).await,
            Command::Notify(on) => self.notify(inv, on).await,
            Command::TakeBack => self.ask_takeback(inv, None).await,
            Command::TakeBackButton { game, version } => self.ask_takeback(inv, Some((game, version))).await,
            Command::AnswerTakeback { takeback, accept } => self.answer_takeback(inv, takeback, accept).await,
            Command::Resign => self.ask_resign(inv, None).await,
            Command::ResignButton { game, version } => self.ask_resign(inv, Some((game, version))).await,
            Command::ConfirmResign { game, version } => self.resign(inv, game, version).await,
            Command::Leaderboard(scope, ladder) => self.leaderboard(inv, scope, &ladder).await,
            Command::Season(ladder, pick) => self.season_leaderboard(inv, &ladder, pick).await,
            Command::Stats(player, ladder) => self.stats(inv, player, &ladder).await,
            Command::History(player) => self.history(inv, player).await,
            Command::Export(game) => self.export(inv, game).await,
            Command::Review(game) => self.review(inv, game).await,
            Command::Analyze { game, moves, position } => self.analyze(inv, game, moves, position).await,
            Command::Rematch(game) => self.rematch(inv, game).await,
            Command::ChooseStart { game, version, parallel } => self.choose_start(inv, game, version, parallel).await,
            Command::JapaneseTie { challenge, acceptor, level, tie } => {
                self.japanese_tie(inv, challenge, acceptor, level, tie).await
            }
            Command::JapaneseColor { challenge, acceptor, level, tie, color } => {
                self.japanese_color(inv, challenge, acceptor, level, tie, color).await
            }
            Command::Solo(action) => self.solo(inv, action).await,
            Command::SoloMenu { game, version, value } => self.solo_menu(inv, game, version, &value).await,
            Command::SoloButton { game, version, stop } => self.solo_button(inv, game, version, stop).await,
            Command::Puzzle(action) => self.puzzle(inv, action).await,
            Command::PuzzleMenu { attempt, version, value } => self.puzzle_menu(inv, attempt, version, &value).await,
            Command::PuzzleButton { attempt, version, button } => {
                self.puzzle_button(inv, attempt, version, button).await
            }
            Command::DailyPuzzle { puzzle, day } => self.solve_daily(inv, puzzle, day).await,
            Command::Help => self.help(inv).await,
            Command::Settings(change) => self.change_settings(inv, change).await,
            Command::Privacy(action) => self.privacy(inv, action).await,
            Command::ConfirmForget(whose) => self.forget(inv, whose).await,
            Command::CancelForget(whose) => self.keep(inv, whose).await,
            Command::Tournament(action) => self.tournament(inv, action).await,
        }
    }

    /// The legal moves of this channel's game that start with `prefix`, for autocomplete, or
    /// when the caller is not to move there, those of their solo game here (`d3 gold`), or of
    /// their puzzle here; empty when there are none.
    pub async fn legal_moves_matching(&self, inv: &Invocation, prefix: &str) -> Result<Vec<String>, ServiceError> {
        let moves = self.two_player_moves_matching(inv, prefix).await?;
        if !moves.is_empty() {
            return Ok(moves);
        }
        let moves = self.solo_moves_matching(inv, prefix).await?;
        if !moves.is_empty() {
            return Ok(moves);
        }
        self.puzzle_moves_matching(inv, prefix).await
    }

    async fn two_player_moves_matching(&self, inv: &Invocation, prefix: &str) -> Result<Vec<String>, ServiceError> {
        let Some(record) = self.inner.store.live_game_in(inv.channel).await? else { return Ok(Vec::new()) };
        let game = replay(&record)?;
        let Some(color) = game.to_move() else { return Ok(Vec::new()) };
        if record.player(color) != inv.user.id {
            return Ok(Vec::new());
        }
        let prefix = prefix.trim().to_ascii_lowercase();
        Ok(game.legal_choices().iter().map(|m| m.to_string()).filter(|m| m.starts_with(&prefix)).take(25).collect())
    }

    /// The language of the server's announcements (the one `/settings` chose, else Discord's
    /// for the server, else English).
    /// Whether a game is being played in `channel` (the console follows tournament games by it).
    pub async fn has_live_game(&self, channel: crate::store::ChannelId) -> Result<bool, ServiceError> {
        Ok(self.inner.store.live_game_in(channel).await?.is_some())
    }

    pub async fn server_locale(&self, guild: Option<GuildId>) -> Result<Locale, ServiceError> {
        let settings = self.settings(guild).await?;
        self.announcement_locale(&settings, guild).await
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

    /// The theme a game under `rules` is shown in: the server's, except that Ravensburger's
    /// presets bring their own gold and black (Gold moves first) where the server kept the
    /// classic look.
    async fn game_theme(&self, guild: Option<GuildId>, rules: &crate::engine::Rules) -> Result<Theme, StoreError> {
        let theme = self.theme(guild).await?;
        Ok(sheet_theme(theme, rules))
    }

    /// A player's name as a reader of `locale` sees it: the name last seen, or "deleted player"
    /// in the reader's words for one who deleted their data.
    async fn name_of(&self, id: UserId, locale: Locale) -> Result<String, StoreError> {
        match self.inner.store.player(id).await? {
            Some(player) if player.anonymous => Ok(view::privacy::deleted_player(locale)),
            Some(player) => Ok(player.name),
            None => Ok(id.0.to_string()),
        }
    }

    /// A game the caller may see by id: one of this server's, or one they played.
    async fn visible_game(&self, inv: &Invocation, id: GameId) -> Result<GameRecord, ServiceError> {
        let record = self.inner.store.game(id).await?.ok_or(UserError::NoSuchGame(id))?;
        let visible = record.guild == inv.guild || record.color_of(inv.user.id).is_some();
        if !visible {
            return Err(UserError::NoSuchGame(id).into());
        }
        Ok(record)
    }

    /// The renderer, when replies carry pictures.
    fn pictures(&self) -> Option<&Renderer> {
        self.inner.options.board_pictures.then_some(&self.inner.renderer)
    }

    fn is_bot(&self, id: UserId) -> bool {
        id == self.inner.bot.id
    }

    fn level_of(record: &GameRecord) -> Option<Level> {
        record.bot_level.and_then(Level::new)
    }
}

/// A name for this service's leases: the host, the process and the moment it started.
fn instance_name() -> String {
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "host".into());
    let started = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    format!("{host}/{}/{}", std::process::id(), started.as_nanos())
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

/// The theme a game is drawn in on a server whose theme is `server`: the rule sheet's own (gold
/// for Ravensburger's) unless the server chose one other than the classic.
fn sheet_theme(server: Theme, rules: &crate::engine::Rules) -> Theme {
    if server == Theme::Classic { Theme::for_rules(rules) } else { server }
}
