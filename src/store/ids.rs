//! The identifiers and times the store speaks: our own row ids (`GameId`, `ChallengeId`, `SoloId`,
//! `TournamentId`), Discord snowflakes as plain `u64` newtypes (`UserId`, `GuildId`, `ChannelId`,
//! `MessageId`), the rating `Scope` (a guild or the global ladder) and `Timestamp` (unix
//! milliseconds, always passed in by the caller: the store never reads the clock).
//!
//! Snowflakes are stored as signed 64-bit integers (SQLite's INTEGER, PostgreSQL's BIGINT).
//! Discord's fit (they are below 2^63); a larger value is refused when bound, and a negative one
//! read back is a decode error, never a silent wrap.

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

/// A row id of our own, stored as a plain 64-bit integer.
macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(pub i64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

/// A Discord snowflake: `u64` in Rust, a checked signed 64-bit integer in the database.
macro_rules! snowflake {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub u64);

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl<DB: Database> Type<DB> for $name
        where
            i64: Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <i64 as Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <i64 as Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: Database> Encode<'q, DB> for $name
        where
            i64: Encode<'q, DB>,
        {
            fn encode_by_ref(&self, buf: &mut <DB as Database>::ArgumentBuffer<'q>) -> Result<IsNull, BoxDynError> {
                <i64 as Encode<'q, DB>>::encode(i64::try_from(self.0)?, buf)
            }
        }

        impl<'r, DB: Database> Decode<'r, DB> for $name
        where
            i64: Decode<'r, DB>,
        {
            fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
                Ok($name(u64::try_from(<i64 as Decode<'r, DB>>::decode(value)?)?))
            }
        }
    };
}

row_id! {
    /// A game's row id.
    GameId
}

row_id! {
    /// A challenge's row id.
    ChallengeId
}

row_id! {
    /// A solo game's row id.
    SoloId
}

row_id! {
    /// A tournament's row id.
    TournamentId
}

row_id! {
    /// A closed season's row id.
    SeasonId
}

row_id! {
    /// A puzzle attempt's row id.
    AttemptId
}

row_id! {
    /// A takeback request's row id.
    TakebackId
}

snowflake! {
    /// A Discord user (a player, the bot included).
    UserId
}

snowflake! {
    /// A Discord server.
    GuildId
}

snowflake! {
    /// A Discord channel (a thread is a channel too).
    ChannelId
}

snowflake! {
    /// A Discord message.
    MessageId
}

/// The kind of game a rating is for, so that like is compared with like: the rule sheet and
/// the board size, `othello-8`, `ravensburger-10`, or `custom-8` for adjusted rules. Stored as
/// that text.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Ladder(String);

impl Ladder {
    /// The ladder of games under `rules`.
    pub fn of(rules: &crate::engine::Rules) -> Ladder {
        let family = crate::engine::Preset::of(rules).map_or("custom", crate::engine::Preset::key);
        Ladder(format!("{family}-{}", rules.size.side()))
    }

    /// Standard Othello on 8x8, where every rating started.
    pub fn standard() -> Ladder {
        Ladder::of(&crate::engine::Rules::default())
    }

    /// The rule sheet (`None`: adjusted rules) and the board size.
    pub fn parts(&self) -> (Option<crate::engine::Preset>, crate::engine::BoardSize) {
        let (family, side) = self.0.rsplit_once('-').unwrap_or((self.0.as_str(), "8"));
        let size = side.parse().ok().and_then(crate::engine::BoardSize::from_side).unwrap_or_default();
        (crate::engine::Preset::from_key(family), size)
    }

    /// As stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The ladder as a `ladder` column holds it.
    pub(super) fn from_stored(text: String) -> Ladder {
        Ladder(text)
    }
}

/// Where a rating counts: one server's ladder, or the global one. Stored as the guild id, with 0
/// for global (Discord never issues the id 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    /// Every game everywhere.
    Global,
    /// The games of one server.
    Guild(GuildId),
}

impl Scope {
    /// The scope of a game played in `guild` (`None` in direct messages): that server's, or the
    /// global one for a direct message.
    pub fn of(guild: Option<GuildId>) -> Scope {
        guild.map_or(Scope::Global, Scope::Guild)
    }

    /// The integer stored in the `scope` columns.
    fn column(self) -> u64 {
        match self {
            Scope::Global => 0,
            Scope::Guild(guild) => guild.0,
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scope::Global => f.write_str("global"),
            Scope::Guild(guild) => write!(f, "guild {guild}"),
        }
    }
}

impl<DB: Database> Type<DB> for Scope
where
    i64: Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <i64 as Type<DB>>::type_info()
    }

    fn compatible(ty: &DB::TypeInfo) -> bool {
        <i64 as Type<DB>>::compatible(ty)
    }
}

impl<'q, DB: Database> Encode<'q, DB> for Scope
where
    i64: Encode<'q, DB>,
{
    fn encode_by_ref(&self, buf: &mut <DB as Database>::ArgumentBuffer<'q>) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'q, DB>>::encode(i64::try_from(self.column())?, buf)
    }
}

impl<'r, DB: Database> Decode<'r, DB> for Scope
where
    i64: Decode<'r, DB>,
{
    fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(match u64::try_from(<i64 as Decode<'r, DB>>::decode(value)?)? {
            0 => Scope::Global,
            id => Scope::Guild(GuildId(id)),
        })
    }
}

/// A moment, as milliseconds since the unix epoch. Stored as a 64-bit integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
#[serde(transparent)]
#[sqlx(transparent)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The moment `millis` milliseconds after the unix epoch.
    pub const fn from_millis(millis: i64) -> Timestamp {
        Timestamp(millis)
    }

    /// Milliseconds since the unix epoch.
    pub const fn as_millis(self) -> i64 {
        self.0
    }

    /// The moment `duration` earlier (saturating at the start of time).
    pub fn minus(self, duration: Duration) -> Timestamp {
        let millis = i64::try_from(duration.as_millis()).unwrap_or(i64::MAX);
        Timestamp(self.0.saturating_sub(millis))
    }

    /// The moment `duration` later (saturating at the end of time).
    pub fn plus(self, duration: Duration) -> Timestamp {
        let millis = i64::try_from(duration.as_millis()).unwrap_or(i64::MAX);
        Timestamp(self.0.saturating_add(millis))
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}ms", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_display_as_their_numbers() {
        assert_eq!(UserId(80351110224678912).to_string(), "80351110224678912");
        assert_eq!(GameId(7).to_string(), "7");
        assert_eq!(Scope::Global.to_string(), "global");
        assert_eq!(Scope::Guild(GuildId(5)).to_string(), "guild 5");
    }

    #[test]
    fn ids_serialise_as_bare_numbers() {
        assert_eq!(serde_json::to_string(&ChannelId(42)).unwrap(), "42");
        assert_eq!(serde_json::from_str::<GameId>("9").unwrap(), GameId(9));
    }

    #[test]
    fn a_direct_message_counts_for_the_global_ladder() {
        assert_eq!(Scope::of(None), Scope::Global);
        assert_eq!(Scope::of(Some(GuildId(3))), Scope::Guild(GuildId(3)));
    }

    #[test]
    fn a_timestamp_moves_forward_by_a_duration_and_saturates() {
        assert_eq!(Timestamp(1_000).plus(Duration::from_secs(2)), Timestamp(3_000));
        assert_eq!(Timestamp(i64::MAX - 1).plus(Duration::from_secs(1)), Timestamp(i64::MAX));
    }
}
