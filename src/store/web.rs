//! What the web pages find by their keys: games, players, servers' leaderboards and tournaments,
//! each with a key of its own nobody can guess (given to every row when it is inserted, see
//! `migrations/*/0016_web.sql`), and whether the server opted in to being on the web at all.

use super::games::{GameRow, records};
use super::ids::{GameId, GuildId, Ladder, Scope, Timestamp, TournamentId, UserId};
use super::players::Player;
use super::privacy::{LadderRating, LadderRatingRow};
use super::settings::WebVisibility;
use super::{Queries, StoreError, on};
use crate::store::GameRecord;

/// A point of a player's rating over time: the game that moved it, when, and the rating after
/// it (before it, for the first point: where the player started).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingPoint {
    /// The game that moved it.
    pub game: GameId,
    /// When.
    pub at: Timestamp,
    /// The rating.
    pub rating: f64,
    /// Whether this is the rating before the game (only the first point is).
    pub before: bool,
}

/// The operations the web pages read with: each written once, run on a
/// [`Store`](super::Store) or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait WebQueries<'a>: Queries<'a> {
    /// The game whose page has `key`, with its server's choice (`Off` outside a server) and
    /// whether its players kept it to its channel (`/challenge private:`).
    fn game_by_web_key(
        self,
        key: &str,
    ) -> impl Future<Output = Result<Option<(GameRecord, WebVisibility, bool)>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<GameRow> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM games WHERE web_key = $1").bind(key).fetch_all(c).await)?;
            let Some(record) = records(rows)?.into_iter().next() else { return Ok(None) };
            let shown: Option<(String, bool)> = on!(conn, |c| sqlx::query_as(
                "SELECT COALESCE((SELECT web FROM guild_settings WHERE guild_id = $1), 'off'),
                        EXISTS (SELECT 1 FROM private_games WHERE game_id = $2)",
            )
            .bind(record.guild.map_or(0, |g| g.0 as i64))
            .bind(record.id)
            .fetch_optional(c)
            .await)?;
            let (web, private) = shown.unwrap_or_else(|| ("off".into(), false));
            let web = if record.guild.is_some() { WebVisibility::from_stored(&web)? } else { WebVisibility::Off };
            Ok(Some((record, web, private)))
        }
    }

    /// The key of a game's page.
    fn game_web_key(self, id: GameId) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let key: Option<Option<String>> =
                on!(conn, |c| sqlx::query_scalar("SELECT web_key FROM games WHERE id = $1")
                    .bind(id)
                    .fetch_optional(c)
                    .await)?;
            Ok(key.flatten())
        }
    }

    /// The server whose leaderboard page has `key`, with its choice.
    fn server_by_web_key(
        self,
        key: &str,
    ) -> impl Future<Output = Result<Option<(GuildId, WebVisibility)>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(GuildId, String)> =
                on!(conn, |c| sqlx::query_as("SELECT guild_id, web FROM guild_settings WHERE web_key = $1")
                    .bind(key)
                    .fetch_optional(c)
                    .await)?;
            row.map(|(guild, web)| Ok((guild, WebVisibility::from_stored(&web)?))).transpose()
        }
    }

    /// The key of a server's leaderboard page (servers that never changed a setting have none).
    fn server_web_key(self, guild: GuildId) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let key: Option<Option<String>> =
                on!(conn, |c| sqlx::query_scalar("SELECT web_key FROM guild_settings WHERE guild_id = $1")
                    .bind(guild)
                    .fetch_optional(c)
                    .await)?;
            Ok(key.flatten())
        }
    }

    /// The player whose page has `key`.
    fn player_by_web_key(self, key: &str) -> impl Future<Output = Result<Option<Player>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            Ok(on!(conn, |c| sqlx::query_as("SELECT * FROM players WHERE web_key = $1")
                .bind(key)
                .fetch_optional(c)
                .await)?)
        }
    }

    /// The key of a player's page.
    fn player_web_key(self, id: UserId) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let key: Option<Option<String>> =
                on!(conn, |c| sqlx::query_scalar("SELECT web_key FROM players WHERE id = $1")
                    .bind(id)
                    .fetch_optional(c)
                    .await)?;
            Ok(key.flatten())
        }
    }

    /// The tournament whose page has `key`, with its server's choice.
    fn tournament_by_web_key(
        self,
        key: &str,
    ) -> impl Future<Output = Result<Option<(TournamentId, WebVisibility)>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(TournamentId, String)> = on!(conn, |c| sqlx::query_as(
                "SELECT t.id, COALESCE(s.web, 'off') FROM tournaments t
                 LEFT JOIN guild_settings s ON s.guild_id = t.guild_id WHERE t.web_key = $1",
            )
            .bind(key)
            .fetch_optional(c)
            .await)?;
            row.map(|(id, web)| Ok((id, WebVisibility::from_stored(&web)?))).transpose()
        }
    }

    /// The key of a tournament's page.
    fn tournament_web_key(self, id: TournamentId) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let key: Option<Option<String>> =
                on!(conn, |c| sqlx::query_scalar("SELECT web_key FROM tournaments WHERE id = $1")
                    .bind(id)
                    .fetch_optional(c)
                    .await)?;
            Ok(key.flatten())
        }
    }

    /// A player's latest finished games in servers whose pages are public (games kept to their
    /// channel left out), newest first, each with its page's key.
    fn public_games_of(
        self,
        player: UserId,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<(GameRecord, String)>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<GameRow> = on!(conn, |c| sqlx::query_as(
                "SELECT g.* FROM games g JOIN guild_settings s ON s.guild_id = g.guild_id
                 WHERE g.status = 'finished' AND (g.black_id = $1 OR g.white_id = $1) AND s.web = 'public'
                     AND NOT EXISTS (SELECT 1 FROM private_games p WHERE p.game_id = g.id)
                 ORDER BY g.updated_at DESC, g.id DESC LIMIT $2",
            )
            .bind(player)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            let games = records(rows)?;
            let mut keyed = Vec::with_capacity(games.len());
            for game in games {
                let key: Option<String> = on!(conn, |c| sqlx::query_scalar("SELECT web_key FROM games WHERE id = $1")
                    .bind(game.id)
                    .fetch_one(c)
                    .await)?;
                if let Some(key) = key {
                    keyed.push((game, key));
                }
            }
            Ok(keyed)
        }
    }

    /// A player's global ratings, one per ladder, the most played first.
    fn global_ratings_of(self, player: UserId) -> impl Future<Output = Result<Vec<LadderRating>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<LadderRatingRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM ratings WHERE player_id = $1 AND scope = $2 ORDER BY games DESC, ladder"
            )
            .bind(player)
            .bind(Scope::Global)
            .fetch_all(c)
            .await)?;
            rows.into_iter()
                .map(|row| Ok(LadderRating { ladder: Ladder::from_stored(row.ladder), rating: row.rating.try_into()? }))
                .collect()
        }
    }

    /// The ladders a scope has ratings on, the most played first.
    fn ladders_in(self, scope: Scope) -> impl Future<Output = Result<Vec<Ladder>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<(String,)> = on!(conn, |c| sqlx::query_as(
                "SELECT ladder FROM ratings WHERE scope = $1 GROUP BY ladder ORDER BY COUNT(*) DESC, ladder"
            )
            .bind(scope)
            .fetch_all(c)
            .await)?;
            Ok(rows.into_iter().map(|(ladder,)| Ladder::from_stored(ladder)).collect())
        }
    }

    /// Whether the database answers (the readiness probe).
    fn ping(self) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query("SELECT 1").execute(c).await.map(drop))?;
            Ok(())
        }
    }

    /// A player's global rating on `ladder` before their first rated game and after each one,
    /// oldest first.
    fn rating_history(
        self,
        player: UserId,
        ladder: &Ladder,
    ) -> impl Future<Output = Result<Vec<RatingPoint>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<(GameId, Timestamp, f64, f64)> = on!(conn, |c| sqlx::query_as(
                "SELECT game_id, created_at, rating_before, rating_after FROM rating_changes
                 WHERE player_id = $1 AND scope = $2 AND ladder = $3 ORDER BY created_at, id",
            )
            .bind(player)
            .bind(Scope::Global)
            .bind(ladder.as_str())
            .fetch_all(c)
            .await)?;
            let start =
                rows.first().map(|&(game, at, before, _)| RatingPoint { game, at, rating: before, before: true });
            let after = rows.into_iter().map(|(game, at, _, rating)| RatingPoint { game, at, rating, before: false });
            Ok(start.into_iter().chain(after).collect())
        }
    }
}

impl<'a, Q: Queries<'a>> WebQueries<'a> for Q {}

#[cfg(test)]
mod tests;
