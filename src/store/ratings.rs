//! Ratings: a Glicko-2 rating and rated-game counts per player and scope (a server's ladder or
//! the global one), the change each rated game made, the leaderboard and a player's rank. The
//! rating maths is the service's; the store keeps the numbers and the counts.

use sqlx::error::ErrorKind;
use sqlx::{FromRow, SqliteConnection};

use super::error::violation;
use super::ids::{GameId, Scope, Timestamp, UserId};
use super::{Store, StoreError, Tx};

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
#[derive(Clone, Copy, Debug, PartialEq, FromRow)]
pub struct Rating {
    /// The player.
    #[sqlx(rename = "player_id")]
    pub player: UserId,
    /// Where it counts.
    pub scope: Scope,
    /// The rating itself.
    #[sqlx(flatten)]
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
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingUpdate {
    /// The game.
    pub game: GameId,
    /// The player.
    pub player: UserId,
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
#[derive(Clone, Copy, Debug, PartialEq, FromRow)]
pub struct RatingChange {
    /// The game.
    #[sqlx(rename = "game_id")]
    pub game: GameId,
    /// The player.
    #[sqlx(rename = "player_id")]
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
#[derive(Clone, Debug, PartialEq, FromRow)]
pub struct LeaderboardEntry {
    /// 1 + the number of players rated higher (equal ratings share a rank).
    pub rank: u32,
    /// The player's name when last seen.
    #[sqlx(rename = "display_name")]
    pub name: String,
    /// Whether this is the bot.
    pub is_bot: bool,
    /// Their standing.
    #[sqlx(flatten)]
    pub rating: Rating,
}

/// A player's place on a leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, FromRow)]
pub struct Rank {
    /// 1 + the number of players rated higher.
    pub place: u32,
    /// How many players are ranked (have at least one rated game) in the scope.
    pub out_of: u32,
}

async fn rating(conn: &mut SqliteConnection, player: UserId, scope: Scope) -> Result<Option<Rating>, StoreError> {
    let rating = sqlx::query_as("SELECT * FROM ratings WHERE player_id = ? AND scope = ?")
        .bind(player)
        .bind(scope)
        .fetch_optional(conn)
        .await?;
    Ok(rating)
}

async fn record(conn: &mut SqliteConnection, update: &RatingUpdate, now: Timestamp) -> Result<Rating, StoreError> {
    sqlx::query(
        "INSERT INTO rating_changes (game_id, player_id, scope, rating_before, rating_after, deviation_before,
             deviation_after, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(update.game)
    .bind(update.player)
    .bind(update.scope)
    .bind(update.before.rating)
    .bind(update.after.rating)
    .bind(update.before.deviation)
    .bind(update.after.deviation)
    .bind(now)
    .execute(&mut *conn)
    .await
    .map_err(|error| match violation(&error) {
        Some((ErrorKind::UniqueViolation, _)) => StoreError::AlreadyRecorded,
        Some((ErrorKind::ForeignKeyViolation, _)) => StoreError::NotFound,
        _ => StoreError::Database(error),
    })?;
    let (wins, losses, draws, streak) = match update.result {
        PlayerResult::Won => (1, 0, 0, 1),
        PlayerResult::Lost => (0, 1, 0, -1),
        PlayerResult::Drew => (0, 0, 1, 0),
    };
    let rating = sqlx::query_as(
        "INSERT INTO ratings (player_id, scope, rating, deviation, volatility, games, wins, losses, draws, streak,
             updated_at)
         VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)
         ON CONFLICT (player_id, scope) DO UPDATE SET
             rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
             games = games + 1, wins = wins + excluded.wins, losses = losses + excluded.losses,
             draws = draws + excluded.draws,
             streak = CASE WHEN excluded.streak > 0 THEN MAX(streak, 0) + 1
                           WHEN excluded.streak < 0 THEN MIN(streak, 0) - 1
                           ELSE 0 END,
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
    .fetch_one(conn)
    .await?;
    Ok(rating)
}

impl Store {
    /// A player's standing in a scope; `None` before their first rated game there.
    pub async fn rating(&self, player: UserId, scope: Scope) -> Result<Option<Rating>, StoreError> {
        rating(&mut *self.pool.acquire().await?, player, scope).await
    }

    /// The `limit` best-rated players of a scope with at least one rated game, best first (ties:
    /// more games first, then the older account).
    pub async fn leaderboard(&self, scope: Scope, limit: u32) -> Result<Vec<LeaderboardEntry>, StoreError> {
        let entries = sqlx::query_as(
            "SELECT r.*, p.display_name, p.is_bot, RANK() OVER (ORDER BY r.rating DESC) AS rank
             FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.scope = ? AND r.games > 0
             ORDER BY r.rating DESC, r.games DESC, r.player_id
             LIMIT ?",
        )
        .bind(scope)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(entries)
    }

    /// A player's place in a scope (1 + the number rated higher, among players with a rated
    /// game); `None` before their first rated game there.
    pub async fn rank(&self, player: UserId, scope: Scope) -> Result<Option<Rank>, StoreError> {
        let rank = sqlx::query_as(
            "SELECT
                 1 + (SELECT COUNT(*) FROM ratings o WHERE o.scope = r.scope AND o.games > 0 AND o.rating > r.rating)
                     AS place,
                 (SELECT COUNT(*) FROM ratings o WHERE o.scope = r.scope AND o.games > 0) AS out_of
             FROM ratings r WHERE r.player_id = ? AND r.scope = ? AND r.games > 0",
        )
        .bind(player)
        .bind(scope)
        .fetch_optional(&self.pool)
        .await?;
        Ok(rank)
    }

    /// The rating changes a game made, in the order recorded.
    pub async fn rating_changes(&self, game: GameId) -> Result<Vec<RatingChange>, StoreError> {
        let changes = sqlx::query_as("SELECT * FROM rating_changes WHERE game_id = ? ORDER BY id")
            .bind(game)
            .fetch_all(&self.pool)
            .await?;
        Ok(changes)
    }
}

impl Tx {
    /// [`Store::rating`] inside this transaction: read the ratings here, after the game's
    /// compare-and-set, so no other game's result slips in between.
    pub async fn rating(&mut self, player: UserId, scope: Scope) -> Result<Option<Rating>, StoreError> {
        rating(&mut self.tx, player, scope).await
    }

    /// Records one rated game's effect on one player in one scope: the rating change row, the new
    /// rating, the counts and the streak. Returns the new standing. Recording the same game,
    /// player and scope twice fails with `AlreadyRecorded` and changes nothing; an unknown game or
    /// player fails with `NotFound`.
    pub async fn record_rating(&mut self, update: &RatingUpdate, now: Timestamp) -> Result<Rating, StoreError> {
        record(&mut self.tx, update, now).await
    }
}

#[cfg(test)]
mod tests;
