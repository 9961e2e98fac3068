//! `StoreError`: what can go wrong in the store. The first variants are expected outcomes the
//! service turns into messages for players (a busy channel, a stale move, a closed challenge);
//! the last ones are internal failures to log.

use sqlx::error::ErrorKind;

use super::challenges::ChallengeStatus;

/// An error from the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The channel already has a live game (the database allows one per channel).
    #[error("this channel already has a live game")]
    ChannelBusy,
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

/// The kind of constraint a database error violated, if it is a constraint error.
pub(crate) fn violation(error: &sqlx::Error) -> Option<(ErrorKind, &str)> {
    match error {
        sqlx::Error::Database(db) => Some((db.kind(), db.message())),
        _ => None,
    }
}

/// Maps a foreign-key violation to `UnknownPlayer`, and anything else to `Database`.
pub(crate) fn unknown_player_or(error: sqlx::Error) -> StoreError {
    match violation(&error) {
        Some((ErrorKind::ForeignKeyViolation, _)) => StoreError::UnknownPlayer,
        _ => StoreError::Database(error),
    }
}
