//! Players: every Discord user who has played or challenged, the bot included. Their display
//! name is refreshed whenever it changes, so leaderboards need no Discord lookups; seeing a
//! player again under the same name writes nothing.

use super::ids::{Timestamp, UserId};
use super::{Queries, StoreError, on};

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
    /// When their name (or bot flag) last changed.
    pub updated_at: Timestamp,
    /// Whether this stands for a player who deleted their data: it has no name, and the text
    /// layer calls it "deleted player" (see [`super::privacy`]).
    pub anonymous: bool,
}

/// The operations on players: each written once, run on a [`Store`](super::Store) or inside a
/// [`Tx`](super::Tx) (see [`Queries`]).
pub trait PlayerQueries<'a>: Queries<'a> {
    /// Records that a player was seen at `now` under `name`: inserts them, or updates the name and
    /// the last-seen time (writing nothing when neither changed the stored row). Upsert everyone a
    /// game or challenge names before writing it.
    fn upsert_player(
        self,
        id: UserId,
        name: &str,
        is_bot: bool,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO players (id, display_name, is_bot, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
                 ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, is_bot = excluded.is_bot,
                     updated_at = excluded.updated_at
                 WHERE players.display_name <> excluded.display_name OR players.is_bot <> excluded.is_bot",
            )
            .bind(id)
            .bind(name)
            .bind(is_bot)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// The player with this id, if ever seen.
    fn player(self, id: UserId) -> impl Future<Output = Result<Option<Player>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            Ok(on!(conn, |c| sqlx::query_as("SELECT * FROM players WHERE id = $1").bind(id).fetch_optional(c).await)?)
        }
    }
}

impl<'a, Q: Queries<'a>> PlayerQueries<'a> for Q {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::store_tests;

    store_tests! {
        async fn a_player_seen_again_keeps_their_first_seen_time_and_gets_the_new_name(store) {
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
                    updated_at: Timestamp(5),
                    anonymous: false,
                }
            );
        }

        async fn seeing_a_player_again_under_the_same_name_writes_nothing(store) {
            let ada = UserId(7);
            store.upsert_player(ada, "Ada", false, Timestamp(1)).await.unwrap();
            store.upsert_player(ada, "Ada", false, Timestamp(9)).await.unwrap();
            assert_eq!(store.player(ada).await.unwrap().unwrap().updated_at, Timestamp(1));
        }

        async fn the_bot_is_a_player_flagged_as_such(store) {
            store.upsert_player(UserId(9), "Reversi Bot", true, Timestamp(1)).await.unwrap();
            assert!(store.player(UserId(9)).await.unwrap().unwrap().is_bot);
        }

        async fn an_id_beyond_a_signed_integer_is_refused_not_wrapped(store) {
            let result = store.upsert_player(UserId(u64::MAX), "nobody", false, Timestamp(1)).await;
            assert!(matches!(result, Err(StoreError::Database(sqlx::Error::Encode(_)))), "{result:?}");
        }
    }
}
