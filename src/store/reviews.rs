//! Reviews of finished games, kept with the game: the service's JSON and its shape's number, so a
//! review is computed once and a second request (or one after a restart) costs nothing.

use super::ids::{GameId, Timestamp};
use super::{Queries, StoreError, on};

/// The operations on reviews kept: each written once, run on a [`Store`](super::Store) or inside a
/// [`Tx`](super::Tx) (see [`Queries`]).
pub trait ReviewQueries<'a>: Queries<'a> {
    /// The kept review of a game in shape `format`, if one was made.
    fn review(self, game: GameId, format: i32) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            Ok(on!(conn, |c| sqlx::query_scalar("SELECT review FROM game_reviews WHERE game_id = $1 AND format = $2")
                .bind(game)
                .bind(format)
                .fetch_optional(c)
                .await)?)
        }
    }

    /// Keeps a game's review in shape `format`; a review of the same shape already kept stays
    /// (two processes may review a game at once), one of another shape is replaced.
    fn save_review(
        self,
        game: GameId,
        format: i32,
        review: &str,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO game_reviews (game_id, format, review, created_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (game_id) DO UPDATE SET format = excluded.format, review = excluded.review,
                     created_at = excluded.created_at
                 WHERE game_reviews.format <> excluded.format",
            )
            .bind(game)
            .bind(format)
            .bind(review)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }
}

impl<'a, Q: Queries<'a>> ReviewQueries<'a> for Q {}

#[cfg(test)]
mod tests {
    use crate::store::Timestamp;
    use crate::store::fixtures::live_game;
    use crate::store::queries::*;
    use crate::store::testing::store_tests;

    store_tests! {
        async fn a_review_is_kept_with_its_game_and_its_shape(store) {
            let game = live_game(&store, 1).await;
            assert_eq!(store.review(game.id, 1).await.unwrap(), None);
            store.save_review(game.id, 1, "{\"first\":1}", Timestamp(5)).await.unwrap();
            // Two processes reviewing at once: the second write changes nothing.
            store.save_review(game.id, 1, "{\"second\":2}", Timestamp(6)).await.unwrap();
            assert_eq!(store.review(game.id, 1).await.unwrap().as_deref(), Some("{\"first\":1}"));
            // A review of an older shape is not returned, and a new one replaces it.
            assert_eq!(store.review(game.id, 2).await.unwrap(), None);
            store.save_review(game.id, 2, "{\"new\":3}", Timestamp(7)).await.unwrap();
            assert_eq!(store.review(game.id, 2).await.unwrap().as_deref(), Some("{\"new\":3}"));
            assert_eq!(store.review(game.id, 1).await.unwrap(), None);
        }
    }
}
