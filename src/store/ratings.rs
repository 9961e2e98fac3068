//! Ratings: a Glicko-2 rating and rated-game counts per player and scope (a server's ladder or
//! the global one), the change each rated game made, the leaderboard and a player's rank. The
//! rating maths is the service's; the store keeps the numbers and the counts.

use sqlx::FromRow;

use super::error::{is_foreign_key_violation, is_unique_violation};
use super::ids::{GameId, Ladder, Scope, Timestamp, UserId};
use super::{Queries, StoreError, on, small};

/// A Glicko-2 rating, as the service's rating maths uses it.
#[derive(Clone, Copy, Debug, PartialEq, FromRow)]
pub struct Glicko {
    /// The rating (1500 for a newcomer in Glicko-2's usual scale).
    pub rating: f64,
    /// The rating deviation: how uncertain the rating is.
    pub deviation: f64,
    /// The volatility: how erratic the player's results are.
    pub volatility: f64,
}

/// How a rated game went for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerResult {
    /// They won.
    Won,
    /// They lost.
    Lost,
    /// A draw.
    Drew,
}

/// A player's standing in one scope.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The player.
    pub player: UserId,
    /// Where it counts.
    pub scope: Scope,
    /// The rating itself.
    pub glicko: Glicko,
    /// Rated games played.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
    /// Rated games lost.
    pub losses: u32,
    /// Rated games drawn.
    pub draws: u32,
    /// The current run: wins in a row when positive, losses in a row when negative, 0 after a
    /// draw.
    pub streak: i32,
    /// When it last changed.
    pub updated_at: Timestamp,
}

/// The effect of one rated game on one player in one scope, as the service computed it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    /// The game.
    pub game: GameId,
    /// The player.
    pub player: UserId,
    /// The kind of game.
    pub ladder: Ladder,
    /// Where it counts.
    pub scope: Scope,
    /// How the game went for them.
    pub result: PlayerResult,
    /// Their rating before the game (the stored one, or the newcomer's default).
    pub before: Glicko,
    /// Their rating after the game.
    pub after: Glicko,
}

/// A recorded rating change.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The game.
    pub game: GameId,
    /// The player.
    pub player: UserId,
    /// Where it counted.
    pub scope: Scope,
    /// The rating before.
    pub rating_before: f64,
    /// The rating after.
    pub rating_after: f64,
    /// The deviation before.
    pub deviation_before: f64,
    /// The deviation after.
    pub deviation_after: f64,
    /// When it was recorded.
    pub created_at: Timestamp,
}

/// One line of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardEntry {
    /// 1 + the number of players rated higher (equal ratings share a rank).
    pub rank: u32,
    /// The player's name when last seen.
    pub name: String,
    /// Whether this is the bot.
    pub is_bot: bool,
    /// Whether this stands for a player who deleted their data (no name to show).
    pub anonymous: bool,
    /// Their standing.
    pub rating: Rating,
}

/// A player's place on a leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rank {
    /// 1 + the number of players rated higher.
    pub place: u32,
    /// How many players are ranked (have at least one rated game) in the scope.
    pub out_of: u32,
}

/// A `ratings` row as the database returns it.
#[derive(FromRow)]
pub(super) struct RatingRow {
    player_id: UserId,
    scope: Scope,
    #[sqlx(flatten)]
    glicko: Glicko,
    games: i64,
    wins: i64,
    losses: i64,
    draws: i64,
    streak: i64,
    updated_at: Timestamp,
}

impl TryFrom<RatingRow> for Rating {
    type Error = StoreError;

    fn try_from(row: RatingRow) -> Result<Rating, StoreError> {
        Ok(Rating {
            player: row.player_id,
            scope: row.scope,
            glicko: row.glicko,
            games: small("game count", row.games)?,
            wins: small("win count", row.wins)?,
            losses: small("loss count", row.losses)?,
            draws: small("draw count", row.draws)?,
            streak: small("streak", row.streak)?,
            updated_at: row.updated_at,
        })
    }
}

/// A leaderboard line as the database returns it.
#[derive(FromRow)]
struct LeaderboardRow {
    rank: i64,
    display_name: String,
    is_bot: bool,
    anonymous: bool,
    #[sqlx(flatten)]
    rating: RatingRow,
}

/// A `rating_changes` row as the database returns it.
#[derive(FromRow)]
pub(super) struct ChangeRow {
    game_id: GameId,
    player_id: UserId,
    scope: Scope,
    rating_before: f64,
    rating_after: f64,
    deviation_before: f64,
    deviation_after: f64,
    created_at: Timestamp,
}

impl From<ChangeRow> for RatingChange {
    fn from(row: ChangeRow) -> RatingChange {
        RatingChange {
            game: row.game_id,
            player: row.player_id,
            scope: row.scope,
            rating_before: row.rating_before,
            rating_after: row.rating_after,
            deviation_before: row.deviation_before,
            deviation_after: row.deviation_after,
            created_at: row.created_at,
        }
    }
}

/// The operations on ratings, their history and the leaderboards: each written once, run on a
/// [`Store`](super::Store) or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait RatingQueries<'a>: Queries<'a> {
    /// A player's standing in a scope; `None` before their first rated game there. In a [`Tx`](super::Tx),
    /// read it after the game's compare-and-set and [`Tx::lock_ratings`](super::Tx::lock_ratings).
    fn rating(
        self,
        player: UserId,
        ladder: &Ladder,
        scope: Scope,
    ) -> impl Future<Output = Result<Option<Rating>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<RatingRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM ratings WHERE player_id = $1 AND ladder = $2 AND scope = $3"
            )
            .bind(player)
            .bind(ladder.as_str())
            .bind(scope)
            .fetch_optional(c)
            .await)?;
            row.map(Rating::try_from).transpose()
        }
    }

    /// Records one rated game's effect on one player in one scope: the rating change row, the new
    /// rating, the counts and the streak. Returns the new standing. Recording the same game,
    /// player and scope twice fails with `AlreadyRecorded` and changes nothing; an unknown game or
    /// player fails with `NotFound`.
    fn record_rating(
        self,
        update: &RatingUpdate,
        now: Timestamp,
    ) -> impl Future<Output = Result<Rating, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO rating_changes (game_id, player_id, scope, rating_before, rating_after, deviation_before,
                     deviation_after, created_at, ladder)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(update.game)
            .bind(update.player)
            .bind(update.scope)
            .bind(update.before.rating)
            .bind(update.after.rating)
            .bind(update.before.deviation)
            .bind(update.after.deviation)
            .bind(now)
            .bind(update.ladder.as_str())
            .execute(c)
            .await
            .map(drop))
            .map_err(|error| {
                if is_unique_violation(&error) {
                    StoreError::AlreadyRecorded
                } else if is_foreign_key_violation(&error) {
                    StoreError::NotFound
                } else {
                    StoreError::Database(error)
                }
            })?;
            let (wins, losses, draws, streak): (i64, i64, i64, i64) = match update.result {
                PlayerResult::Won => (1, 0, 0, 1),
                PlayerResult::Lost => (0, 1, 0, -1),
                PlayerResult::Drew => (0, 0, 1, 0),
            };
            let row: RatingRow = on!(conn, |c| {
                sqlx::query_as(
                "INSERT INTO ratings (player_id, scope, rating, deviation, volatility, games, wins, losses, draws, streak,
                     updated_at, ladder)
                 VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11)
                 ON CONFLICT (player_id, ladder, scope) DO UPDATE SET
                     rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
                     games = ratings.games + 1, wins = ratings.wins + excluded.wins,
                     losses = ratings.losses + excluded.losses, draws = ratings.draws + excluded.draws,
                     streak = CASE WHEN excluded.streak > 0 AND ratings.streak > 0 THEN ratings.streak + 1
                                   WHEN excluded.streak < 0 AND ratings.streak < 0 THEN ratings.streak - 1
                                   ELSE excluded.streak END,
                     updated_at = excluded.updated_at
                 RETURNING *",
            )
            .bind(update.player)
            .bind(update.scope)
            .bind(update.after.rating)
            .bind(update.after.deviation)
            .bind(update.after.volatility)
            .bind(wins)
            .bind(losses)
            .bind(draws)
            .bind(streak)
            .bind(now)
            .bind(update.ladder.as_str())
            .fetch_one(c)
            .await
            })?;
            row.try_into()
        }
    }

    /// The `limit` best-rated players of a scope with at least one rated game, best first (ties:
    /// more games first, then the older account).
    fn leaderboard(
        self,
        ladder: &Ladder,
        scope: Scope,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<LeaderboardEntry>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<LeaderboardRow> = on!(conn, |c| sqlx::query_as(
                "SELECT r.*, p.display_name, p.is_bot, p.anonymous, RANK() OVER (ORDER BY r.rating DESC) AS rank
                 FROM ratings r JOIN players p ON p.id = r.player_id
                 WHERE r.scope = $1 AND r.ladder = $3 AND r.games > 0
                 ORDER BY r.rating DESC, r.games DESC, r.player_id
                 LIMIT $2",
            )
            .bind(scope)
            .bind(i64::from(limit))
            .bind(ladder.as_str())
            .fetch_all(c)
            .await)?;
            rows.into_iter()
                .map(|row| {
                    Ok(LeaderboardEntry {
                        rank: small("rank", row.rank)?,
                        name: row.display_name,
                        is_bot: row.is_bot,
                        anonymous: row.anonymous,
                        rating: row.rating.try_into()?,
                    })
                })
                .collect()
        }
    }

    /// A player's place in a scope (1 + the number rated higher, among players with a rated
    /// game); `None` before their first rated game there.
    fn rank(
        self,
        player: UserId,
        ladder: &Ladder,
        scope: Scope,
    ) -> impl Future<Output = Result<Option<Rank>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(i64, i64)> = on!(conn, |c| sqlx::query_as(
                "SELECT
                     1 + (SELECT COUNT(*) FROM ratings o
                          WHERE o.ladder = r.ladder AND o.scope = r.scope AND o.games > 0 AND o.rating > r.rating),
                     (SELECT COUNT(*) FROM ratings o WHERE o.ladder = r.ladder AND o.scope = r.scope AND o.games > 0)
                 FROM ratings r WHERE r.player_id = $1 AND r.ladder = $3 AND r.scope = $2 AND r.games > 0",
            )
            .bind(player)
            .bind(scope)
            .bind(ladder.as_str())
            .fetch_optional(c)
            .await)?;
            row.map(|(place, out_of)| Ok(Rank { place: small("rank", place)?, out_of: small("rank", out_of)? }))
                .transpose()
        }
    }

    /// Takes the one-off job `what` if a migration left it pending (`ratings`: rate every rated
    /// game again on its ladder); true when this caller is to do it. In a [`Tx`](super::Tx), so that the job
    /// is done and taken in one commit, by one process.
    fn take_pending_rebuild(self, what: &str) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let taken = on!(conn, |c| sqlx::query("DELETE FROM pending_rebuilds WHERE what = $1")
                .bind(what)
                .execute(c)
                .await
                .map(|done| done.rows_affected()))?;
            Ok(taken == 1)
        }
    }

    /// Removes every rating and rating change, for a rebuild from the games.
    fn clear_ratings(self) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query("DELETE FROM rating_changes").execute(c).await.map(drop))?;
            on!(conn, |c| sqlx::query("DELETE FROM ratings").execute(c).await.map(drop))?;
            Ok(())
        }
    }

    /// The rating changes a game made, in the order recorded.
    fn rating_changes(self, game: GameId) -> impl Future<Output = Result<Vec<RatingChange>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<ChangeRow> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM rating_changes WHERE game_id = $1 ORDER BY id")
                    .bind(game)
                    .fetch_all(c)
                    .await)?;
            Ok(rows.into_iter().map(RatingChange::from).collect())
        }
    }
}

impl<'a, Q: Queries<'a>> RatingQueries<'a> for Q {}

#[cfg(test)]
mod tests;
