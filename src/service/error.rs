//! What can go wrong in the service: a refusal for the player ([`UserError`], said in words by
//! `view::errors`) or an internal failure to log ([`ServiceError`]).

use super::options::OptionError;
use crate::engine::{IllegalMove, Move, ParseMoveError, RecordError};
use crate::store::{GameId, StoreError, TournamentId};

/// A refusal: something the player asked for that cannot be done, and nothing changed. The text
/// layer says it in the player's language ([`view::errors::refusal`](crate::service::view::errors::refusal)).
#[derive(Debug, Clone, PartialEq)]
pub enum UserError {
    /// No live game in this channel.
    NoGame,
    /// Another player is to move (their name).
    NotYourTurn(String),
    /// The caller does not play in this game.
    NotAPlayer,
    /// The text is not a move; the legal moves, to say which are.
    BadMove {
        /// What is wrong with it.
        error: ParseMoveError,
        /// The moves that are legal.
        legal: Vec<Move>,
    },
    /// The move is not legal; the legal moves, to say which are.
    Illegal {
        /// Why not.
        error: IllegalMove,
        /// The moves that are legal.
        legal: Vec<Move>,
    },
    /// The channel has a live game.
    ChannelBusy,
    /// The channel has an open challenge.
    ChallengePending,
    /// The channel has someone else's open challenge (their name).
    ChallengePendingFrom(String),
    /// Challenging oneself.
    ChallengeYourself,
    /// Challenging another bot (its name).
    ChallengeOtherBot(String),
    /// The challenge was answered, withdrawn or has lapsed.
    ChallengeClosed,
    /// A challenge meant for someone else (their name).
    ChallengeNotForYou(String),
    /// Declining an open challenge someone else issued (the challenger's name): it can be
    /// accepted instead.
    OpenChallengeDecline(String),
    /// Accepting one's own challenge.
    OwnChallenge,
    /// A choice that is another player's to make (their name).
    NotYourChoice(String),
    /// A button or menu from an older board.
    Stale,
    /// Someone else's write won the race.
    Raced,
    /// No such game id.
    NoSuchGame(GameId),
    /// A rematch of a game still being played.
    GameNotOver(GameId),
    /// Nothing to export here.
    NothingToExport,
    /// No finished game here to review.
    NothingToReview,
    /// The engine cannot search games under these rules (their summary in the reader's words
    /// comes from the text layer).
    ReviewUnsupported(crate::engine::Rules),
    /// Analysis asked for by a player of a live rated game, or in a channel with one.
    AnalysisInRatedGame,
    /// The text given for analysis is not a game from the start: the text, and the move that is
    /// wrong when one is (its number, and why).
    BadTranscript(String, Option<RecordError>),
    /// The text given for analysis is written as a board but is not one: the text, and how many
    /// squares it has (`None`: 64, but the side to move is not X or O).
    BadPosition(String, Option<u32>),
    /// A move number past the game's end (the game and its number of moves).
    NoSuchMove(GameId, usize),
    /// Nobody can move in the position asked about.
    NothingToAnalyse,
    /// The bot is thinking.
    BotThinking,
    /// Server settings need the Manage Server permission.
    NeedsManageServer,
    /// Settings asked for outside a server.
    SettingsNeedServer,
    /// No live solo game of the caller's in this channel.
    NoSoloGame,
    /// The caller already has a live solo game in this channel.
    SoloLive,
    /// A solo game's button or menu clicked by someone else (the player's name).
    NotYourSoloGame(String),
    /// The text is not a solo move.
    SoloBadMove(crate::engine::solo::ParseSoloMoveError),
    /// The solo move cannot be played.
    SoloIllegal(crate::engine::solo::IllegalSoloMove),
    /// No live puzzle of the caller's in this channel.
    NoPuzzle,
    /// The caller already has a live puzzle of this kind in this channel.
    PuzzleLive,
    /// A puzzle's button or menu clicked by someone else (the player's name).
    NotYourPuzzle(String),
    /// The text given as a puzzle's answer is not a square.
    PuzzleBadSquare(String),
    /// The square is not a legal move in the puzzle.
    PuzzleIllegal(String),
    /// An answer to a puzzle that is over.
    PuzzleOver,
    /// No puzzle has this number (the number, and how many there are).
    NoSuchPuzzle(u32, usize),
    /// The caller has tried every puzzle.
    NoPuzzleLeft,
    /// A deletion of the caller's data while they play these live games: they finish or resign
    /// them first.
    DeleteWhilePlaying(Vec<GameId>),
    /// A confirmation meant for another player (their data, their choice).
    NotYourConfirmation,
    /// The database was busy (locked by another writer, or the connection was lost): nothing
    /// was written.
    Busy,
    /// The caller asks faster than the limits allow: nothing was done. `first` is the first
    /// refusal of the spell (a typed move is answered only then).
    RateLimited {
        /// Seconds until the next request would be taken.
        seconds: u64,
        /// Whether this is the first refusal since the caller was last served.
        first: bool,
    },
    /// A command's options cannot be read: a name, a value or a missing option.
    BadOption(OptionError),
    /// The caller already has this many challenges open, the most allowed.
    TooManyChallenges(u32),
    /// This many games began in the channel in the last hour, the most allowed.
    ChannelGameLimit(u32),
    /// Tournaments are run in a server.
    TournamentNeedsServer,
    /// The server has no tournament taking sign-ups or running.
    NoTournament,
    /// No tournament with this id in this server.
    NoSuchTournament(TournamentId),
    /// Only the tournament's organiser, or a member who may manage the server, may do this.
    NotOrganiser,
    /// A tournament needs a name.
    TournamentNeedsName,
    /// The caller has already entered.
    AlreadyEntered,
    /// The tournament has this many players, the most it allows.
    TournamentFull(u32),
    /// The tournament no longer takes sign-ups.
    TournamentClosed,
    /// The player has not entered this tournament (or has withdrawn).
    NotEntered,
    /// A tournament needs at least two players to start.
    TooFewPlayers,
    /// The tournament is not running (not started, or over), or not paused for a resume.
    TournamentNotRunning,
    /// A start time that has already passed.
    StartInPast,
    /// A result set without naming the player or the result.
    ResultIncomplete,
    /// The player named has no game of the current round left to decide.
    NoGameToDecide(u32),
    /// The command is not offered in this kind of chat (its English name).
    NotOfferedHere(&'static str),
    /// The command comes from a server the bot is not in (through a member's own install).
    BotNotInServer,
    /// A challenge in a DM or group DM to someone not in it (their name).
    NotInChat(String),
    /// `/watch` of a game played in this very channel.
    WatchInItsChannel(GameId),
    /// `/watch` of a game kept private.
    GamePrivate(GameId),
    /// `/watch` of a game that is over.
    WatchOver(GameId),
    /// A live board of the game is already in this channel.
    WatchAlready(GameId),
    /// The live board follows nothing any more.
    LiveBoardStopped,
    /// Only who asked for the live board (their name), or a manager, may stop it.
    NotYourLiveBoard(String),
    /// A takeback asked in a rated game.
    TakebackRated,
    /// A takeback asked in a tournament game.
    TakebackInTournament,
    /// A takeback asked before the caller made a move.
    NothingToTakeBack,
    /// A takeback asked after the opponent (their name) replied.
    TakebackAfterReply(String),
    /// The bot at this level does not grant takebacks in this server.
    BotRefusesTakeback(u8),
    /// The asker answered their own takeback; the opponent (their name) answers it.
    OwnTakeback(String),
    /// The takeback was answered already.
    TakebackAnswered,
    /// A move was played since the takeback was asked: it lapsed.
    TakebackLapsed,
    /// Seasons are a server's: asked for in a direct message.
    SeasonNeedsServer,
    /// The server's seasons are off, and the running season was asked for.
    SeasonsOff,
    /// The text given is not a season's key (as typed, cut short).
    BadSeason(String),
    /// No season of this key closed in this server: the key, and the keys of its latest closed
    /// seasons (the latest first).
    NoSuchSeason {
        /// The season asked for.
        season: String,
        /// The server's latest closed seasons.
        closed: Vec<String>,
    },
}

impl std::error::Error for UserError {}

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

impl From<StoreError> for ServiceError {
    fn from(error: StoreError) -> ServiceError {
        match error {
            StoreError::ChannelBusy => UserError::ChannelBusy.into(),
            StoreError::ChallengePending => UserError::ChallengePending.into(),
            StoreError::SoloLive => UserError::SoloLive.into(),
            StoreError::PuzzleLive => UserError::PuzzleLive.into(),
            StoreError::StaleVersion | StoreError::GameOver => UserError::Raced.into(),
            StoreError::ChallengeClosed(_) => UserError::ChallengeClosed.into(),
            StoreError::AlreadyEntered => UserError::AlreadyEntered.into(),
            StoreError::TournamentClosed => UserError::TournamentClosed.into(),
            transient if transient.is_transient() => {
                tracing::warn!(error = format!("{:#}", anyhow::Error::new(transient)), "the database was busy");
                UserError::Busy.into()
            }
            other => ServiceError::Internal(anyhow::Error::new(other)),
        }
    }
}
