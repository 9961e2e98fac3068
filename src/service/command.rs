//! What comes into the service: an `Invocation` (who, where, when) and a `Command` (what). The
//! adapters build these from Discord interactions, typed messages or console input.

use crate::ai::Level;
use crate::engine::{Color, Rules};
use crate::render::Theme;
use crate::store::{
    AttemptId, Cadence, ChallengeId, ChannelId, ColorChoice, Format, GameId, GuildId, Ladder, SoloId, TakebackId,
    Timestamp, TournamentId, UserId,
};

use super::text::Locale;

/// A Discord user as the service needs to know them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Their id.
    pub id: UserId,
    /// The name to show (server nickname or global name).
    pub name: String,
    /// Whether the account is a bot.
    pub is_bot: bool,
}

impl User {
    /// A human user.
    pub fn new(id: u64, name: impl Into<String>) -> User {
        User { id: UserId(id), name: name.into(), is_bot: false }
    }
}

/// The kind of chat a command comes from, as far as the service must know: the bot can post in
/// a server it is in and in its own DMs; elsewhere (an app a member installed for themselves) only
/// the answer to the command itself can be shown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Chat {
    /// A channel or thread of a server the bot is in.
    #[default]
    Server,
    /// A server the bot is not in, reached through the caller's own install.
    ServerWithoutBot,
    /// The caller's DM with the bot.
    BotDm,
    /// A group DM or a DM between people, reached through the caller's own install.
    Private {
        /// Everyone in the chat besides the caller, when Discord names them.
        members: Option<Vec<UserId>>,
    },
}

/// Who asks, where, and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    /// The server (`None` in a direct message).
    pub guild: Option<GuildId>,
    /// The channel or thread.
    pub channel: ChannelId,
    /// The caller.
    pub user: User,
    /// Whether the caller may manage the server (may end any game in it).
    pub can_manage_guild: bool,
    /// The caller's roles in the server (none in a direct message).
    pub roles: Vec<u64>,
    /// The moment of the request (injected, so tests never sleep).
    pub now: Timestamp,
    /// The caller's language, the answer's; `None` when the front end cannot tell (a typed
    /// move): the server's language is used.
    pub locale: Option<Locale>,
    /// The server's own language as Discord reports it, if it is one we speak (announcements in
    /// the server use it unless `/settings language` chose another).
    pub guild_locale: Option<Locale>,
    /// The kind of chat.
    pub chat: Chat,
}

impl Invocation {
    /// The language of the answer.
    pub fn locale(&self) -> Locale {
        self.locale.unwrap_or_default()
    }
}

/// Where a leaderboard counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardScope {
    /// This server's ladder.
    Server,
    /// Everyone's.
    Global,
}

/// Which season `/leaderboard season:` asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeasonPick {
    /// The running season, so far.
    Current,
    /// The season a key names, as typed (`2026-10`, `2026-Q4`); the service reads it.
    Named(String),
}

/// What `/settings season` sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeasonSetting {
    /// No seasons: the leaderboard is the ratings alone.
    Off,
    /// Seasons of this length.
    On(Cadence),
}

/// Everything a player can ask for.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Invite `opponent` (or, with `None`, anyone in the channel) to a game.
    Challenge {
        /// Who is challenged; `None` for an open challenge.
        opponent: Option<User>,
        /// The challenger's colour.
        color: ColorChoice,
        /// Whether the game counts for ratings.
        rated: bool,
        /// Whether its game may be followed only in its own channel (not listed elsewhere by
        /// `/games`, nor watched).
        private: bool,
        /// The variant.
        rules: Rules,
    },
    /// Accept a challenge (its button).
    Accept(ChallengeId),
    /// Decline a challenge (its button; the challenger's click withdraws it).
    Decline(ChallengeId),
    /// Start a game against the bot.
    PlayBot {
        /// The bot's level; `None`: the server's choice.
        level: Option<Level>,
        /// The player's colour.
        color: ColorChoice,
        /// The variant.
        rules: Rules,
    },
    /// Play a move typed as text (`d3`, `D3`, `c4:ne`), by `/move` or a typed message.
    Move(String),
    /// Play a move chosen in the menu under a board, which carries the game and its version.
    MenuMove {
        /// The game the menu belongs to.
        game: GameId,
        /// The game's version when the menu was drawn.
        version: i64,
        /// The chosen value.
        value: String,
    },
    /// Show this channel's game again.
    Board,
    /// The server's live games and those finished today (`/games`), from page `0`.
    Games(u32),
    /// A page of `/games` from its buttons (it takes the place of the page clicked).
    GamesPage(u32),
    /// Post a live board of a game in this channel (`/watch`).
    Watch(GameId),
    /// The Stop watching button under a live board.
    StopWatching(i64),
    /// Your-turn notices on or off (`/notify`; `None`: how they stand).
    Notify(Option<bool>),
    /// Ask to take back one's last move in this channel's friendly game (`/takeback`).
    TakeBack,
    /// The Take back button under a board, which carries the game and its version.
    TakeBackButton {
        /// The game the board shows.
        game: GameId,
        /// Its version when the board was drawn.
        version: i64,
    },
    /// The opponent's answer to a takeback (its buttons).
    AnswerTakeback {
        /// The request.
        takeback: TakebackId,
        /// Accept, or decline.
        accept: bool,
    },
    /// Ask to resign (a confirmation follows).
    Resign,
    /// Ask to resign from the Resign button under a board, which carries the game and version.
    ResignButton {
        /// The game the board shows.
        game: GameId,
        /// Its version when the board was drawn.
        version: i64,
    },
    /// Confirm a resignation (its button carries the game and version).
    ConfirmResign {
        /// The game.
        game: GameId,
        /// Its version when the confirmation was offered.
        version: i64,
    },
    /// The server or global leaderboard of one kind of game.
    Leaderboard(BoardScope, Ladder),
    /// A season's table of the server on one kind of game: the running season's so far, or a
    /// closed season's final table.
    Season(Ladder, SeasonPick),
    /// A player's rating on one kind of game, record and head-to-head with the caller (`None`:
    /// the caller).
    Stats(Option<User>, Ladder),
    /// A player's recent games (`None`: the caller).
    History(Option<User>),
    /// A game's transcript and GGF (`None`: this channel's latest game).
    Export(Option<GameId>),
    /// The engine's review of a finished game (`None`: this channel's latest finished game).
    Review(Option<GameId>),
    /// Every legal move's value in a position: after `moves` moves of a finished game (`None`:
    /// this channel's latest; `None` moves: just before its costliest move), or a position typed.
    Analyze {
        /// The game.
        game: Option<GameId>,
        /// How many of its moves are played first.
        moves: Option<usize>,
        /// A position typed instead: moves from the start (`f5d6c3`), or a board as an OBF line
        /// or rows.
        position: Option<String>,
    },
    /// A new game between the same players with colours swapped.
    Rematch(GameId),
    /// The Japanese rule's first step: the player drawn by lot says a tie counts for `tie`.
    JapaneseTie {
        /// The challenge.
        challenge: ChallengeId,
        /// Who accepted it (the bot, for a game against the bot).
        acceptor: UserId,
        /// The bot's level, 0 between people.
        level: u8,
        /// The colour a tie counts for.
        tie: Color,
    },
    /// The Japanese rule's second step: the other player picks `color`.
    JapaneseColor {
        /// The challenge.
        challenge: ChallengeId,
        /// Who accepted it.
        acceptor: UserId,
        /// The bot's level, 0 between people.
        level: u8,
        /// The colour a tie counts for.
        tie: Color,
        /// The colour the player picked.
        color: Color,
    },
    /// The first player's choice of start, from a button under a game whose first player
    /// chooses it.
    ChooseStart {
        /// The game.
        game: GameId,
        /// Its version when the buttons were drawn.
        version: i64,
        /// The parallel grid rather than the cross.
        parallel: bool,
    },
    /// Reiner Knizia's solo game: start a deal, ask for a hint, stop, or see the day's tables.
    Solo(SoloAction),
    /// A move chosen in a menu under a solo board, which carries the game and its version.
    SoloMenu {
        /// The solo game.
        game: SoloId,
        /// Its version when the menu was drawn.
        version: i64,
        /// The chosen move (`d3g`).
        value: String,
    },
    /// The Hint or Stop button under a solo board.
    SoloButton {
        /// The solo game.
        game: SoloId,
        /// Its version when the board was drawn.
        version: i64,
        /// Stop rather than hint.
        stop: bool,
    },
    /// Puzzles: the next one near the caller's puzzle rating (or a numbered one), a streak, the
    /// hint, giving up, or the caller's puzzle record with the server's best streaks.
    Puzzle(PuzzleAction),
    /// A move chosen in the menu under a puzzle, which carries the attempt and its version.
    PuzzleMenu {
        /// The attempt.
        attempt: AttemptId,
        /// Its version when the menu was drawn.
        version: i64,
        /// The chosen square (`d3`).
        value: String,
    },
    /// A button under a puzzle: the hint, giving up, or the next puzzle after the end.
    PuzzleButton {
        /// The attempt.
        attempt: AttemptId,
        /// Its version when the board was drawn.
        version: i64,
        /// Which button.
        button: PuzzleButton,
    },
    /// The Solve button under a day's puzzle post: that day's puzzle, answered in private.
    DailyPuzzle {
        /// The puzzle's number.
        puzzle: u32,
        /// The day, as a number (`20261130`).
        day: u32,
    },
    /// How to play.
    Help,
    /// Show the server's settings and change the ones given (Manage Server only).
    Settings(SettingsChange),
    /// The caller's data: a copy of it, or the question before deleting it.
    Privacy(PrivacyAction),
    /// The deletion confirmed, from the button under the question (which carries whose data it
    /// is: only they may press it).
    ConfirmForget(UserId),
    /// The deletion called off, from the button under the question.
    CancelForget(UserId),
    /// A tournament: `/tournament`, and its card's buttons.
    Tournament(TournamentAction),
}

/// What `/tournament` (or a button on a tournament's card) asks; `None` for a tournament means the
/// server's newest one still taking sign-ups or running.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentAction {
    /// The server's current and recent tournaments.
    List,
    /// Announce a new one (organisers only).
    Create(TournamentPlan),
    /// Enter one taking sign-ups.
    Join(Option<TournamentId>),
    /// Leave one still taking sign-ups.
    Leave(Option<TournamentId>),
    /// Start it: the first round is paired (organisers only).
    Start(Option<TournamentId>),
    /// Its standings.
    Standings(Option<TournamentId>),
    /// Withdraw from it: the caller, or (for an organiser) the player named.
    Withdraw(Option<TournamentId>, Option<User>),
    /// Pause it: no round is paired meanwhile (organisers only).
    Pause(Option<TournamentId>),
    /// Resume a paused one (organisers only).
    Resume(Option<TournamentId>),
    /// Call it off (organisers only).
    Cancel(Option<TournamentId>),
    /// Decide a player's open game of the round (organisers only): adjudication. Both the
    /// player and the result are needed; the service says so when one is missing.
    Result(Option<TournamentId>, Option<User>, Option<Adjudication>),
    /// Its games as one GGF file and its crosstable as text (`/export tournament:`).
    Export(Option<TournamentId>),
}

/// A result the organiser sets, for the player named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjudication {
    /// The player wins.
    Win,
    /// The player loses.
    Loss,
    /// A draw.
    Draw,
}

impl TournamentAction {
    /// The tournament it names, if it names one.
    pub fn tournament(&self) -> Option<TournamentId> {
        match self {
            TournamentAction::List | TournamentAction::Create(_) => None,
            TournamentAction::Join(id)
            | TournamentAction::Leave(id)
            | TournamentAction::Start(id)
            | TournamentAction::Standings(id)
            | TournamentAction::Withdraw(id, _)
            | TournamentAction::Pause(id)
            | TournamentAction::Resume(id)
            | TournamentAction::Cancel(id)
            | TournamentAction::Result(id, _, _)
            | TournamentAction::Export(id) => *id,
        }
    }
}

/// A tournament as its organiser plans it.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentPlan {
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: Format,
    /// A Swiss's rounds (`None`: enough to find a winner among those who join).
    pub rounds: Option<u32>,
    /// The rule sheet of every game.
    pub rules: Rules,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// How many may enter.
    pub max_players: u32,
    /// A game's time per move, in minutes (`None`: the server's deadline).
    pub move_minutes: Option<u32>,
    /// The bot entered as a player at this level, if at all.
    pub bot_level: Option<Level>,
    /// When the sweep starts it (`None`: the organiser starts it).
    pub starts_at: Option<Timestamp>,
    /// Hours each round may last before its open games are lost on time (`None`: no limit).
    pub round_hours: Option<u32>,
}

/// What `/privacy` is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrivacyAction {
    /// Everything kept about the caller, as a file only they see.
    Export,
    /// Delete it, after a confirmation.
    Delete,
}

/// What `/solo` is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoloAction {
    /// A new deal: this seed's, or a fresh one.
    New(Option<u64>),
    /// The day's deal, the same for everyone.
    Daily,
    /// A suggested move in the caller's solo game here.
    Hint,
    /// End the caller's solo game here, keeping the tiles won.
    Stop,
    /// The day's tables, this server's and everyone's.
    Table,
}

/// What `/puzzle` is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleAction {
    /// A puzzle near the caller's puzzle rating, or the one with this number; the caller's
    /// live puzzle here again when they have one.
    Next(Option<u32>),
    /// Puzzles of rising difficulty until the first miss.
    Streak,
    /// The theme of the caller's puzzle here.
    Hint,
    /// The solution of the caller's puzzle here (a miss).
    GiveUp,
    /// The caller's puzzle rating and record, and the server's best streaks.
    Stats,
}

/// A button under a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleButton {
    /// Show the theme.
    Hint,
    /// Show the solution.
    GiveUp,
    /// After the end: the next puzzle (the streak's next after a solve).
    Next,
}

/// Changes to a server's settings; `None` leaves a setting as it is.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettingsChange {
    /// Whether plain messages such as `d3` are moves here.
    pub typed_moves: Option<bool>,
    /// Hours per move before a player loses on time; 0 for no deadline.
    pub deadline_hours: Option<u32>,
    /// The board theme.
    pub theme: Option<Theme>,
    /// The bot's level when `/bot` names none (and for challenges to the bot).
    pub bot_level: Option<Level>,
    /// The language of the server's announcements.
    pub language: Option<LanguageChoice>,
    /// The role whose members may run tournaments (the server's `@everyone`: nobody beyond
    /// those who may manage the server).
    pub organiser_role: Option<u64>,
    /// Leaderboard seasons: off, monthly or quarterly.
    pub season: Option<SeasonSetting>,
    /// The daily puzzle: posted in this channel, or off.
    pub daily_puzzle: Option<DailyPuzzleSetting>,
    /// The hour (UTC) the daily puzzle is posted at.
    pub puzzle_hour: Option<u8>,
    /// Whether the bot at levels 4 and 5 grants takebacks.
    pub bot_takebacks: Option<bool>,
    /// Whether the server's games, leaderboard and tournaments have web pages.
    pub web: Option<crate::store::WebVisibility>,
}

/// Where the daily puzzle goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyPuzzleSetting {
    /// In the channel where the setting is made.
    Here,
    /// Nowhere.
    Off,
}

/// The language of a server's announcements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LanguageChoice {
    /// The server's own language, as Discord reports it.
    Server,
    /// This one.
    Fixed(Locale),
}
