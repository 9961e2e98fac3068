//! Takebacks in friendly games: each request and its answer, kept as the game's history. A
//! request is made once per game version; an answer is a compare-and-set on the request's
//! status, written with the shortened game in one transaction, so two clicks apply it once.

use super::error::corrupt;
use super::ids::{GameId, TakebackId, Timestamp, UserId};
use super::{Queries, StoreError, on};

/// Where a request stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TakebackStatus {
    /// Waiting for the opponent.
    Asked,
    /// Granted: the moves were taken back.
    Accepted,
    /// Refused: the moves stand.
    Declined,
}

impl TakebackStatus {
    /// Its name as stored and exported.
    pub fn as_str(self) -> &'static str {
        match self {
            TakebackStatus::Asked => "asked",
            TakebackStatus::Accepted => "accepted",
            TakebackStatus::Declined => "declined",
        }
    }
}

/// A takeback request as kept.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Takeback {
    /// Its id.
    pub id: TakebackId,
    /// The game.
    pub game: GameId,
    /// The game's version when asked: the answer applies only to that version.
    pub game_version: i64,
    /// Who asked.
    pub asked_by: UserId,
    /// The moves to take back, in order, spaced (`d3 c5`).
    pub moves: String,
    /// Where it stands.
    pub status: TakebackStatus,
    /// Who answered (the bot, for a takeback it granted).
    pub answered_by: Option<UserId>,
    /// When asked.
    pub asked_at: Timestamp,
    /// When answered.
    pub answered_at: Option<Timestamp>,
}

#[derive(sqlx::FromRow)]
struct TakebackRow {
    id: i64,
    game_id: i64,
    game_version: i64,
    asked_by: UserId,
    moves: String,
    status: String,
    answered_by: Option<UserId>,
    asked_at: Timestamp,
    answered_at: Option<Timestamp>,
}

impl TryFrom<TakebackRow> for Takeback {
    type Error = StoreError;

    fn try_from(row: TakebackRow) -> Result<Takeback, StoreError> {
        let status = match row.status.as_str() {
            "asked" => TakebackStatus::Asked,
            "accepted" => TakebackStatus::Accepted,
            "declined" => TakebackStatus::Declined,
            other => return Err(corrupt("takeback status", other)),
        };
        Ok(Takeback {
            id: TakebackId(row.id),
            game: GameId(row.game_id),
            game_version: row.game_version,
            asked_by: row.asked_by,
            moves: row.moves,
            status,
            answered_by: row.answered_by,
            asked_at: row.asked_at,
            answered_at: row.answered_at,
        })
    }
}

/// The operations on takebacks, run on a [`Store`](super::Store) or inside a [`Tx`](super::Tx).
pub trait TakebackQueries<'a>: Queries<'a> {
    /// Asks to take back `moves` of `game` at `version`: the request made now, or the one already
    /// made at that version (a second click shows it again).
    fn ask_takeback(
        self,
        game: GameId,
        version: i64,
        asked_by: UserId,
        moves: &str,
        now: Timestamp,
    ) -> impl Future<Output = Result<Takeback, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO takebacks (game_id, game_version, asked_by, moves, status, asked_at)
                 VALUES ($1, $2, $3, $4, 'asked', $5) ON CONFLICT (game_id, game_version) DO NOTHING",
            )
            .bind(game)
            .bind(version)
            .bind(asked_by)
            .bind(moves)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            let row: TakebackRow =
                on!(conn, |c| sqlx::query_as("SELECT * FROM takebacks WHERE game_id = $1 AND game_version = $2")
                    .bind(game)
                    .bind(version)
                    .fetch_one(c)
                    .await)?;
            Takeback::try_from(row)
        }
    }

    /// A request by its id.
    fn takeback(self, id: TakebackId) -> impl Future<Output = Result<Option<Takeback>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<TakebackRow> = on!(conn, |c| sqlx::query_as("SELECT * FROM takebacks WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await)?;
            row.map(Takeback::try_from).transpose()
        }
    }

    /// Answers a request still waiting: `false` when it was answered already (a second click).
    fn answer_takeback(
        self,
        id: TakebackId,
        status: TakebackStatus,
        by: UserId,
        now: Timestamp,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE takebacks SET status = $1, answered_by = $2, answered_at = $3
                 WHERE id = $4 AND status = 'asked'",
            )
            .bind(status.as_str())
            .bind(by)
            .bind(now)
            .bind(id)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// A game's takebacks, oldest first: its history beside the transcript.
    fn takebacks_of(self, game: GameId) -> impl Future<Output = Result<Vec<Takeback>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<TakebackRow> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM takebacks WHERE game_id = $1 ORDER BY id")
                    .bind(game)
                    .fetch_all(c)
                    .await)?;
            rows.into_iter().map(Takeback::try_from).collect()
        }
    }
}

impl<'a, Q: Queries<'a>> TakebackQueries<'a> for Q {}

#[cfg(test)]
mod tests {
    use crate::store::fixtures::live_game;
    use crate::store::queries::*;
    use crate::store::testing::store_tests;
    use crate::store::{NextTurn, TakebackStatus, Timestamp};

    store_tests! {
        async fn a_takeback_is_asked_once_per_version_and_answered_once(store) {
            let game = live_game(&store, 1).await;
            let asked = store.ask_takeback(game.id, 0, game.black, "d3", Timestamp(5)).await.unwrap();
            assert_eq!((asked.status, asked.moves.as_str(), asked.answered_by), (TakebackStatus::Asked, "d3", None));
            // A second request at the same version is the first one.
            let again = store.ask_takeback(game.id, 0, game.black, "d3", Timestamp(6)).await.unwrap();
            assert_eq!(again, asked);
            assert!(store.answer_takeback(asked.id, TakebackStatus::Declined, game.white, Timestamp(7)).await.unwrap());
            assert!(!store.answer_takeback(asked.id, TakebackStatus::Accepted, game.white, Timestamp(8)).await.unwrap());
            let kept = store.takeback(asked.id).await.unwrap().unwrap();
            assert_eq!((kept.status, kept.answered_by, kept.answered_at), (TakebackStatus::Declined, Some(game.white), Some(Timestamp(7))));

            // At the next version a new request is made; the history lists both, oldest first.
            let version = store.save_moves(game.id, 0, "d3", &NextTurn::default(), Timestamp(9)).await.unwrap();
            let second = store.ask_takeback(game.id, version, game.black, "d3", Timestamp(10)).await.unwrap();
            assert_ne!(second.id, asked.id);
            let history = store.takebacks_of(game.id).await.unwrap();
            assert_eq!(history.iter().map(|t| t.id).collect::<Vec<_>>(), [asked.id, second.id]);
            assert_eq!(store.takebacks_of(live_game(&store, 2).await.id).await.unwrap(), []);
        }

        async fn an_accepted_takeback_and_its_shortened_game_commit_together_or_not_at_all(store) {
            let game = live_game(&store, 1).await;
            let version = store.save_moves(game.id, 0, "d3c5", &NextTurn::default(), Timestamp(2)).await.unwrap();
            let asked = store.ask_takeback(game.id, version, game.white, "c5", Timestamp(3)).await.unwrap();
            // Dropped before commit: neither the answer nor the moves are written.
            {
                let mut tx = store.begin().await.unwrap();
                assert!(tx.answer_takeback(asked.id, TakebackStatus::Accepted, game.black, Timestamp(4)).await.unwrap());
                tx.save_moves(game.id, version, "d3", &NextTurn::default(), Timestamp(4)).await.unwrap();
            }
            assert_eq!(store.takeback(asked.id).await.unwrap().unwrap().status, TakebackStatus::Asked);
            assert_eq!(store.game(game.id).await.unwrap().unwrap().moves, "d3c5");
            let mut tx = store.begin().await.unwrap();
            assert!(tx.answer_takeback(asked.id, TakebackStatus::Accepted, game.black, Timestamp(5)).await.unwrap());
            tx.save_moves(game.id, version, "d3", &NextTurn::default(), Timestamp(5)).await.unwrap();
            tx.commit().await.unwrap();
            assert_eq!(store.takeback(asked.id).await.unwrap().unwrap().status, TakebackStatus::Accepted);
            assert_eq!(store.game(game.id).await.unwrap().unwrap().moves, "d3");
        }
    }
}
