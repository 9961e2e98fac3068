//! Players: every Discord user who has played or challenged, the bot included. Their display
//! name is refreshed whenever they are seen, so leaderboards need no Discord lookups.

use super::ids::{Timestamp, UserId};
use super::{Store, StoreError};

/// A player as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Player {
    /// Their Discord user id.
    pub id: UserId,
    /// Their name when last seen.
    #[sqlx(rename = "display_name")]
    pub name: String,
    /// Whether this is the bot itself.
    pub is_bot: bool,
    /// When they were first seen.
    pub created_at: Timestamp,
    /// When they were last seen.
    pub updated_at: Timestamp,
}

impl Store {
    /// Records that a player was seen at `now` under `name`: inserts them, or updates the name and
    /// the last-seen time. Upsert everyone a game or challenge names before writing it.
    pub async fn upsert_player(&self, id: UserId, name: &str, is_bot: bool, now: Timestamp) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO players (id, display_name, is_bot, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)
             ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, is_bot = excluded.is_bot,
                 updated_at = excluded.updated_at",
        )
        .bind(id)
        .bind(name)
        .bind(is_bot)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The player with this id, if ever seen.
    pub async fn player(&self, id: UserId) -> Result<Option<Player>, StoreError> {
        let player = sqlx::query_as("SELECT * FROM players WHERE id = ?").bind(id).fetch_optional(&self.pool).await?;
        Ok(player)
    }
}

#[cfg(test)]
mod tests {
    use sqlx::SqlitePool;

    use super::*;

    #[sqlx::test]
    async fn a_player_seen_again_keeps_their_first_seen_time_and_gets_the_new_name(pool: SqlitePool) {
        let store = Store::from_pool(pool);
        let ada = UserId(80351110224678912);
        assert_eq!(store.player(ada).await.unwrap(), None);
        store.upsert_player(ada, "ada", false, Timestamp(1)).await.unwrap();
        store.upsert_player(ada, "Ada L.", false, Timestamp(5)).await.unwrap();
        let player = store.player(ada).await.unwrap().unwrap();
        assert_eq!(
            player,
            Player {
                id: ada,
                name: "Ada L.".into(),
                is_bot: false,
                created_at: Timestamp(1),
                updated_at: Timestamp(5)
            }
        );
    }

    #[sqlx::test]
    async fn the_bot_is_a_player_flagged_as_such(pool: SqlitePool) {
        let store = Store::from_pool(pool);
        store.upsert_player(UserId(9), "Reversi Bot", true, Timestamp(1)).await.unwrap();
        assert!(store.player(UserId(9)).await.unwrap().unwrap().is_bot);
    }

    #[sqlx::test]
    async fn an_id_beyond_a_signed_integer_is_refused_not_wrapped(pool: SqlitePool) {
        let store = Store::from_pool(pool);
        let result = store.upsert_player(UserId(u64::MAX), "nobody", false, Timestamp(1)).await;
        assert!(matches!(result, Err(StoreError::Database(sqlx::Error::Encode(_)))), "{result:?}");
    }
}
