//! `StoreError`: what can go wrong in the store. The first variants are expected outcomes the
//! service turns into messages for players (a busy channel, a stale move, a closed challenge);
//! the last ones are internal failures to log.

use sqlx::error::ErrorKind;

use super::status::ChallengeStatus;

/// An error from the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The channel already has a live game (the database allows one per channel).
    #[error("this channel already has a live game")]
    ChannelBusy,
    /// The player already has a live solo game in this channel (the database allows one).
    #[error("this player already has a live solo game in this channel")]
    SoloLive,
    /// The player already has a live puzzle of this kind in this channel (the database allows one).
    #[error("this player already has a live puzzle of this kind in this channel")]
    PuzzleLive,
    /// The channel already has a pending challenge (the database allows one per channel).
    #[error("this channel already has a pending challenge")]
    ChallengePending,
    /// The game changed since it was read (someone else moved, or it ended): nothing was written.
    #[error("the game changed since it was read")]
    StaleVersion,
    /// The game is over (finished or aborted): nothing was written.
    #[error("the game is over")]
    GameOver,
    /// The challenge is no longer pending (it was accepted, declined, withdrawn or has expired).
    #[error("the challenge is no longer pending: it is {0}")]
    ChallengeClosed(ChallengeStatus),
    /// This game's rating change for this player and scope is already recorded.
    #[error("the rating change of this game is already recorded")]
    AlreadyRecorded,
    /// A player named in the write has no row yet (upsert players before using them).
    #[error("a player named in the write is unknown to the store")]
    UnknownPlayer,
    /// No row with that id.
    #[error("no such row")]
    NotFound,
    /// The tournament no longer takes sign-ups (it started, ended or was cancelled).
    #[error("the tournament no longer takes sign-ups")]
    TournamentClosed,
    /// The tournament has as many players as it allows.
    #[error("the tournament is full")]
    TournamentFull,
    /// The player has already entered the tournament.
    #[error("the player has already entered the tournament")]
    AlreadyEntered,
    /// `DATABASE_URL` names a database the bot cannot use.
    #[error(
        "DATABASE_URL names a \"{scheme}\" database; use sqlite://FILE (the default) or postgres://USER:PASSWORD@HOST/DB"
    )]
    UnsupportedUrl {
        /// The URL's scheme (the part before `:`), never the whole URL.
        scheme: String,
    },
    /// The database could not be opened (a missing folder, a refused connection).
    #[error("could not open the database {database}")]
    Open {
        /// The file, or the server and database name (never a password).
        database: String,
        /// Why.
        #[source]
        source: sqlx::Error,
    },
    /// A backup file name that SQLite cannot take.
    #[error("the backup path is not valid UTF-8")]
    BackupPath,
    /// A backup of a PostgreSQL store, which belongs to `pg_dump`.
    #[error("back up a PostgreSQL database with pg_dump")]
    BackupNeedsPgDump,
    /// A stored rules value is not valid `Rules` JSON.
    #[error("a stored rules value is corrupt")]
    CorruptRules(#[source] serde_json::Error),
    /// A stored value is outside what the schema allows.
    #[error("stored {what} is corrupt: {value:?}")]
    Corrupt {
        /// Which value, such as "game status".
        what: &'static str,
        /// The text found.
        value: String,
    },
    /// Rules could not be turned into JSON (cannot happen with the engine's `Rules`).
    #[error("rules could not be serialised")]
    SerialiseRules(#[source] serde_json::Error),
    /// Any other database failure.
    #[error("database error")]
    Database(#[from] sqlx::Error),
    /// Applying the migrations failed.
    #[error("database migration failed")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    /// Whether the failure may pass if the operation is tried again: the database was busy or
    /// locked, a connection was lost, or the pool had none free in time.
    pub fn is_transient(&self) -> bool {
        match self {
            StoreError::Database(error) => match error {
                sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) => true,
                sqlx::Error::Database(db) => {
                    let code = db.code().unwrap_or_default();
                    if db.try_downcast_ref::<sqlx::sqlite::SqliteError>().is_some() {
                        // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes.
                        code.parse::<i64>().is_ok_and(|n| matches!(n & 0xff, 5 | 6))
                    } else {
                        // PostgreSQL: serialization failure, deadlock, lost connections, shutdown.
                        matches!(code.as_ref(), "40001" | "40P01") || code.starts_with("08") || code.starts_with("57P")
                    }
                }
                _ => false,
            },
            _ => false,
        }
    }
}

/// A stored word or number that the schema does not allow.
pub(crate) fn corrupt(what: &'static str, value: impl ToString) -> StoreError {
    StoreError::Corrupt { what, value: value.to_string() }
}

/// Whether `error` broke the unique index `index`. PostgreSQL names the index; SQLite names the
/// indexed `table.column` in its message instead.
pub(crate) fn violates_unique(error: &sqlx::Error, index: &str, sqlite_column: &str) -> bool {
    match error {
        sqlx::Error::Database(db) if db.kind() == ErrorKind::UniqueViolation => {
            db.constraint() == Some(index) || db.message().contains(sqlite_column)
        }
        _ => false,
    }
}

/// Whether `error` broke a unique constraint or index.
pub(crate) fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.kind() == ErrorKind::UniqueViolation)
}

/// Whether `error` broke a foreign key.
pub(crate) fn is_foreign_key_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.kind() == ErrorKind::ForeignKeyViolation)
}

/// Maps a foreign-key violation to `UnknownPlayer`, and anything else to `Database`.
pub(crate) fn unknown_player_or(error: sqlx::Error) -> StoreError {
    if is_foreign_key_violation(&error) { StoreError::UnknownPlayer } else { StoreError::Database(error) }
}
