//! Server settings: one row per guild that changed anything; a guild without a row gets
//! `ServerSettings::default()`.

use sqlx::FromRow;

use super::error::corrupt;
use super::ids::{GuildId, Timestamp};
use super::{Queries, StoreError, on, small};

/// How a server likes its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerSettings {
    /// Whether a plain message such as `d3` in a game's channel counts as a move (when the bot
    /// runs with typed moves on at all).
    pub typed_moves: bool,
    /// Seconds a player has for each move before forfeiting; `None` for no deadline.
    pub move_deadline: Option<u32>,
    /// The board theme's name (`classic`, `ravensburger`, ... as `render::Theme` names them).
    pub theme: String,
    /// The bot's level when a game against it does not name one.
    pub default_bot_level: u8,
    /// The language of the server's announcements, as a tag (`de`); `None`: Discord's language
    /// for the server.
    pub language: Option<String>,
    /// The role whose members may run tournaments, besides those who may manage the server.
    pub organiser_role: Option<u64>,
    /// Whether the bot at levels 4 and 5 grants takebacks in friendly games (levels 1 to 3
    /// always do).
    pub strong_bot_takebacks: bool,
    /// Whether the server's games, leaderboard and tournaments have web pages.
    pub web: WebVisibility,
}

/// Whether a server is on the web (`/settings web`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WebVisibility {
    /// Nothing of it is (the default).
    #[default]
    Off,
    /// Its pages are open, and its games are listed on its players' pages.
    Public,
    /// Its pages open for those given their links, and are listed nowhere.
    LinkOnly,
}

impl WebVisibility {
    /// As the `web` column holds it.
    pub fn as_str(self) -> &'static str {
        match self {
            WebVisibility::Off => "off",
            WebVisibility::Public => "public",
            WebVisibility::LinkOnly => "link",
        }
    }

    /// From the `web` column.
    pub(super) fn from_stored(text: &str) -> Result<WebVisibility, StoreError> {
        match text {
            "off" => Ok(WebVisibility::Off),
            "public" => Ok(WebVisibility::Public),
            "link" => Ok(WebVisibility::LinkOnly),
            other => Err(corrupt("web visibility", other)),
        }
    }

    /// Whether there are pages at all.
    pub fn is_on(self) -> bool {
        self != WebVisibility::Off
    }
}

impl Default for ServerSettings {
    /// Typed moves allowed, a day per move, the classic theme, bot level 3.
    fn default() -> ServerSettings {
        ServerSettings {
            typed_moves: true,
            move_deadline: Some(86_400),
            theme: "classic".into(),
            default_bot_level: 3,
            language: None,
            organiser_role: None,
            strong_bot_takebacks: false,
            web: WebVisibility::Off,
        }
    }
}

/// A `guild_settings` row as the database returns it.
#[derive(FromRow)]
struct SettingsRow {
    typed_moves: bool,
    move_deadline_secs: Option<i64>,
    theme: String,
    default_bot_level: i64,
    language: Option<String>,
    organiser_role: Option<i64>,
    strong_bot_takebacks: bool,
    web: String,
}

impl TryFrom<SettingsRow> for ServerSettings {
    type Error = StoreError;

    fn try_from(row: SettingsRow) -> Result<ServerSettings, StoreError> {
        Ok(ServerSettings {
            typed_moves: row.typed_moves,
            move_deadline: row.move_deadline_secs.map(|s| small("move deadline", s)).transpose()?,
            theme: row.theme,
            default_bot_level: small("bot level", row.default_bot_level)?,
            language: row.language,
            organiser_role: row.organiser_role.map(|r| r as u64),
            strong_bot_takebacks: row.strong_bot_takebacks,
            web: WebVisibility::from_stored(&row.web)?,
        })
    }
}

/// The operations on servers' settings: each written once, run on a [`Store`](super::Store) or
/// inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait SettingsQueries<'a>: Queries<'a> {
    /// A server's settings, the defaults when it never changed any.
    fn settings(self, guild: GuildId) -> impl Future<Output = Result<ServerSettings, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<SettingsRow> = on!(conn, |c| {
                sqlx::query_as(
                    "SELECT typed_moves, move_deadline_secs, theme, default_bot_level, language, organiser_role,
                     strong_bot_takebacks, web FROM guild_settings
                 WHERE guild_id = $1",
                )
                .bind(guild)
                .fetch_optional(c)
                .await
            })?;
            row.map_or_else(|| Ok(ServerSettings::default()), ServerSettings::try_from)
        }
    }

    /// Remembers Discord's language for a server (writing nothing when it is the one stored).
    fn note_guild_locale(
        self,
        guild: GuildId,
        locale: &str,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO guild_locales (guild_id, locale, updated_at) VALUES ($1, $2, $3)
                 ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at
                 WHERE guild_locales.locale <> excluded.locale",
            )
            .bind(guild)
            .bind(locale)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Discord's language for a server, as last seen.
    fn guild_locale(self, guild: GuildId) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(String,)> =
                on!(conn, |c| sqlx::query_as("SELECT locale FROM guild_locales WHERE guild_id = $1")
                    .bind(guild)
                    .fetch_optional(c)
                    .await)?;
            Ok(row.map(|(locale,)| locale))
        }
    }

    /// Replaces a server's settings.
    fn set_settings(
        self,
        guild: GuildId,
        settings: &ServerSettings,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| {
                sqlx::query(
                "INSERT INTO guild_settings (guild_id, typed_moves, move_deadline_secs, theme, default_bot_level, language,
                     organiser_role, strong_bot_takebacks, web, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                 ON CONFLICT (guild_id) DO UPDATE SET typed_moves = excluded.typed_moves,
                     move_deadline_secs = excluded.move_deadline_secs, theme = excluded.theme,
                     default_bot_level = excluded.default_bot_level, language = excluded.language,
                     organiser_role = excluded.organiser_role,
                     strong_bot_takebacks = excluded.strong_bot_takebacks, web = excluded.web,
                     updated_at = excluded.updated_at",
            )
            .bind(guild)
            .bind(settings.typed_moves)
            .bind(settings.move_deadline.map(i64::from))
            .bind(&settings.theme)
            .bind(i64::from(settings.default_bot_level))
            .bind(settings.language.as_deref())
            .bind(settings.organiser_role.map(|r| r as i64))
            .bind(settings.strong_bot_takebacks)
            .bind(settings.web.as_str())
            .bind(now)
            .execute(c)
            .await
            .map(drop)
            })?;
            Ok(())
        }
    }
}

impl<'a, Q: Queries<'a>> SettingsQueries<'a> for Q {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::store_tests;

    store_tests! {
        async fn a_server_that_changed_nothing_gets_the_defaults(store) {
            assert_eq!(store.settings(GuildId(7)).await.unwrap(), ServerSettings::default());
        }

        async fn settings_set_are_read_back_and_can_be_replaced(store) {
            let quick = ServerSettings {
                typed_moves: false,
                move_deadline: Some(300),
                theme: "redblue".into(),
                default_bot_level: 5,
                language: Some("de".into()),
                organiser_role: Some(1_180_000_000_000_000_001),
                strong_bot_takebacks: true,
                web: WebVisibility::LinkOnly,
            };
            store.set_settings(GuildId(7), &quick, Timestamp(1)).await.unwrap();
            assert_eq!(store.settings(GuildId(7)).await.unwrap(), quick);
            assert_eq!(store.settings(GuildId(8)).await.unwrap(), ServerSettings::default(), "other servers keep theirs");

            let relaxed = ServerSettings { move_deadline: None, language: None, ..quick };
            store.set_settings(GuildId(7), &relaxed, Timestamp(2)).await.unwrap();
            assert_eq!(store.settings(GuildId(7)).await.unwrap(), relaxed);
        }

        async fn discords_language_for_a_server_is_remembered_and_updated(store) {
            assert_eq!(store.guild_locale(GuildId(7)).await.unwrap(), None);
            store.note_guild_locale(GuildId(7), "de", Timestamp(1)).await.unwrap();
            store.note_guild_locale(GuildId(7), "de", Timestamp(2)).await.unwrap();
            assert_eq!(store.guild_locale(GuildId(7)).await.unwrap().as_deref(), Some("de"));
            store.note_guild_locale(GuildId(7), "sv-SE", Timestamp(3)).await.unwrap();
            assert_eq!(store.guild_locale(GuildId(7)).await.unwrap().as_deref(), Some("sv-SE"));
            assert_eq!(store.guild_locale(GuildId(8)).await.unwrap(), None);
        }
    }
}
