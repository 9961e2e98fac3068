//! Server settings: one row per guild that changed anything; a guild without a row gets
//! `ServerSettings::default()`.

use sqlx::FromRow;

use super::ids::{GuildId, Timestamp};
use super::{Store, StoreError};

/// How a server likes its games.
#[derive(Clone, Debug, PartialEq, Eq, FromRow)]
pub struct ServerSettings {
    /// Whether a plain message such as `d3` in a game's channel counts as a move (when the bot
    /// runs with typed moves on at all).
    pub typed_moves: bool,
    /// Seconds a player has for each move before forfeiting; `None` for no deadline.
    #[sqlx(rename = "move_deadline_secs")]
    pub move_deadline: Option<u32>,
    /// The board theme's name (`classic`, `ravensburger`, ... as `render::Theme` names them).
    pub theme: String,
    /// The bot's level when a game against it does not name one.
    pub default_bot_level: u8,
}

impl Default for ServerSettings {
    /// Typed moves allowed, a day per move, the classic theme, bot level 3.
    fn default() -> ServerSettings {
        ServerSettings { typed_moves: true, move_deadline: Some(86_400), theme: "classic".into(), default_bot_level: 3 }
    }
}

impl Store {
    /// A server's settings, the defaults when it never changed any.
    pub async fn settings(&self, guild: GuildId) -> Result<ServerSettings, StoreError> {
        let settings = sqlx::query_as(
            "SELECT typed_moves, move_deadline_secs, theme, default_bot_level FROM guild_settings WHERE guild_id = ?",
        )
        .bind(guild)
        .fetch_optional(&self.pool)
        .await?;
        Ok(settings.unwrap_or_default())
    }

    /// Replaces a server's settings.
    pub async fn set_settings(
        &self,
        guild: GuildId,
        settings: &ServerSettings,
        now: Timestamp,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, typed_moves, move_deadline_secs, theme, default_bot_level, updated_at)
             VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET typed_moves = excluded.typed_moves,
                 move_deadline_secs = excluded.move_deadline_secs, theme = excluded.theme,
                 default_bot_level = excluded.default_bot_level, updated_at = excluded.updated_at",
        )
        .bind(guild)
        .bind(settings.typed_moves)
        .bind(settings.move_deadline)
        .bind(&settings.theme)
        .bind(settings.default_bot_level)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use sqlx::SqlitePool;

    use super::*;

    #[sqlx::test]
    async fn a_server_that_changed_nothing_gets_the_defaults(pool: SqlitePool) {
        let store = Store::from_pool(pool);
        assert_eq!(store.settings(GuildId(7)).await.unwrap(), ServerSettings::default());
    }

    #[sqlx::test]
    async fn settings_set_are_read_back_and_can_be_replaced(pool: SqlitePool) {
        let store = Store::from_pool(pool);
        let quick = ServerSettings {
            typed_moves: false,
            move_deadline: Some(300),
            theme: "redblue".into(),
            default_bot_level: 5,
        };
        store.set_settings(GuildId(7), &quick, Timestamp(1)).await.unwrap();
        assert_eq!(store.settings(GuildId(7)).await.unwrap(), quick);
        assert_eq!(store.settings(GuildId(8)).await.unwrap(), ServerSettings::default(), "other servers keep theirs");

        let relaxed = ServerSettings { move_deadline: None, ..quick };
        store.set_settings(GuildId(7), &relaxed, Timestamp(2)).await.unwrap();
        assert_eq!(store.settings(GuildId(7)).await.unwrap(), relaxed);
    }
}
