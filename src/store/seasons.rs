//! Leaderboard seasons: a server's plan (how long its seasons are, where their results go, when
//! the running one ends), each closed season once with its final table per ladder, and the table
//! of a season still running, read from the rating history.
//!
//! A season's table holds the players with at least a minimum of rated games in the server inside
//! the season's window, ranked by their rating at its end (their last rating change in the
//! window). Closing is one compare-and-set on the plan's `due_at` and one insert under the unique
//! key (server, season), in one [`Tx`](super::Tx): with several processes a season is closed once.
//! Which windows there are (calendar months or quarters, UTC) is the service's business; the
//! store is handed a key and two moments.

use sqlx::FromRow;

use super::ids::{ChannelId, GuildId, Ladder, Scope, SeasonId, Timestamp, UserId};
use super::{Queries, StoreError, on, small};

/// How long a server's seasons are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cadence {
    /// A calendar month (UTC).
    Monthly,
    /// A calendar quarter (UTC): January to March, and so on.
    Quarterly,
}

impl Cadence {
    /// Its name in the `cadence` column and the `/settings season` choice.
    pub const fn as_str(self) -> &'static str {
        match self {
            Cadence::Monthly => "monthly",
            Cadence::Quarterly => "quarterly",
        }
    }

    /// The cadence named `text`.
    pub fn parse(text: &str) -> Option<Cadence> {
        match text {
            "monthly" => Some(Cadence::Monthly),
            "quarterly" => Some(Cadence::Quarterly),
            _ => None,
        }
    }
}

/// A server's seasons as planned: no plan means seasons are off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonPlan {
    /// The server.
    pub guild: GuildId,
    /// How long each season is.
    pub cadence: Cadence,
    /// Where a closed season is announced (the channel seasons were turned on in).
    pub channel: Option<ChannelId>,
    /// When the running season ends, and is to be closed.
    pub due_at: Timestamp,
}

/// A season's window and name, as the service computed them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonWindow {
    /// Its key: `2026-11` or `2026-Q4`.
    pub key: String,
    /// Its first moment.
    pub starts_at: Timestamp,
    /// The first moment after it.
    pub ends_at: Timestamp,
}

/// A closed season of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedSeason {
    /// Its row.
    pub id: SeasonId,
    /// The server.
    pub guild: GuildId,
    /// Its window and key.
    pub window: SeasonWindow,
    /// When it was closed.
    pub closed_at: Timestamp,
    /// Where it is announced; `None`: nowhere known.
    pub channel: Option<ChannelId>,
    /// When its announcement was posted (or, for a season nobody qualified in, when it closed:
    /// there is nothing to announce).
    pub announced_at: Option<Timestamp>,
}

/// One line of a season's table.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonStanding {
    /// The kind of game.
    pub ladder: Ladder,
    /// 1 + the number rated higher on the ladder (equal ratings share a place).
    pub rank: u32,
    /// The player.
    pub player: UserId,
    /// Their name when last seen.
    pub name: String,
    /// Whether this is the bot.
    pub is_bot: bool,
    /// Whether this stands for a player who deleted their data.
    pub anonymous: bool,
    /// Their rating at the season's end (so far, for a running season).
    pub rating: f64,
    /// Its deviation then.
    pub deviation: f64,
    /// Their rated games in the server in the season.
    pub games: u32,
}

/// A player's place in a closed season, for their export.
#[derive(Clone, Debug, PartialEq)]
pub struct SeasonPlacing {
    /// The server.
    pub guild: GuildId,
    /// The season's window and key.
    pub window: SeasonWindow,
    /// The kind of game.
    pub ladder: Ladder,
    /// Their place.
    pub rank: u32,
    /// Their rating at the season's end.
    pub rating: f64,
    /// Their rated games in it.
    pub games: u32,
}

#[derive(FromRow)]
struct PlanRow {
    guild_id: GuildId,
    cadence: String,
    channel_id: Option<ChannelId>,
    due_at: Timestamp,
}

impl TryFrom<PlanRow> for SeasonPlan {
    type Error = StoreError;

    fn try_from(row: PlanRow) -> Result<SeasonPlan, StoreError> {
        let cadence =
            Cadence::parse(&row.cadence).ok_or(StoreError::Corrupt { what: "cadence", value: row.cadence })?;
        Ok(SeasonPlan { guild: row.guild_id, cadence, channel: row.channel_id, due_at: row.due_at })
    }
}

#[derive(FromRow)]
struct SeasonRow {
    id: SeasonId,
    guild_id: GuildId,
    season: String,
    starts_at: Timestamp,
    ends_at: Timestamp,
    closed_at: Timestamp,
    channel_id: Option<ChannelId>,
    announced_at: Option<Timestamp>,
}

impl From<SeasonRow> for ClosedSeason {
    fn from(row: SeasonRow) -> ClosedSeason {
        ClosedSeason {
            id: row.id,
            guild: row.guild_id,
            window: SeasonWindow { key: row.season, starts_at: row.starts_at, ends_at: row.ends_at },
            closed_at: row.closed_at,
            channel: row.channel_id,
            announced_at: row.announced_at,
        }
    }
}

#[derive(FromRow)]
struct StandingRow {
    ladder: String,
    rank: i64,
    player_id: UserId,
    display_name: String,
    is_bot: bool,
    anonymous: bool,
    rating: f64,
    deviation: f64,
    games: i64,
}

impl TryFrom<StandingRow> for SeasonStanding {
    type Error = StoreError;

    fn try_from(row: StandingRow) -> Result<SeasonStanding, StoreError> {
        Ok(SeasonStanding {
            ladder: Ladder::from_stored(row.ladder),
            rank: small("rank", row.rank)?,
            player: row.player_id,
            name: row.display_name,
            is_bot: row.is_bot,
            anonymous: row.anonymous,
            rating: row.rating,
            deviation: row.deviation,
            games: small("game count", row.games)?,
        })
    }
}

/// A season's table from the rating history, every ladder: `$1` the server's scope, `$2`..`$3`
/// the window, `$4` the fewest games that count. A player's rating at the end is their last
/// change in the window (ids grow in the order ratings were applied to a player).
const TABLE: &str = "WITH played AS (
         SELECT player_id, ladder, COUNT(*) AS games, MAX(id) AS last_id FROM rating_changes
         WHERE scope = $1 AND created_at >= $2 AND created_at < $3
         GROUP BY player_id, ladder HAVING COUNT(*) >= $4)
     SELECT p.ladder, p.player_id, c.rating_after AS rating, c.deviation_after AS deviation, p.games,
         RANK() OVER (PARTITION BY p.ladder ORDER BY c.rating_after DESC) AS rank
     FROM played p JOIN rating_changes c ON c.id = p.last_id";

/// The order of a table's lines: by place, then more games, then the older account.
const ORDER: &str = "ORDER BY t.ladder, t.rank, t.games DESC, t.player_id";

/// The operations on seasons: each written once, run on a [`Store`](super::Store) or inside a
/// [`Tx`](super::Tx) (see [`Queries`]).
pub trait SeasonQueries<'a>: Queries<'a> {
    /// A server's plan; `None` when its seasons are off.
    fn season_plan(self, guild: GuildId) -> impl Future<Output = Result<Option<SeasonPlan>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<PlanRow> = on!(conn, |c| sqlx::query_as("SELECT * FROM season_plans WHERE guild_id = $1")
                .bind(guild)
                .fetch_optional(c)
                .await)?;
            row.map(SeasonPlan::try_from).transpose()
        }
    }

    /// Turns a server's seasons on, or changes them: the running season ends at `due_at`. Asked
    /// again with the same cadence it keeps its running season (only the channel changes), so
    /// that setting it twice never moves a season's end. Returns the plan as stored.
    fn set_season_plan(
        self,
        guild: GuildId,
        cadence: Cadence,
        channel: Option<ChannelId>,
        due_at: Timestamp,
        now: Timestamp,
    ) -> impl Future<Output = Result<SeasonPlan, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: PlanRow = on!(conn, |c| {
                sqlx::query_as(
                "INSERT INTO season_plans (guild_id, cadence, channel_id, due_at, updated_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (guild_id) DO UPDATE SET
                     due_at = CASE WHEN season_plans.cadence = excluded.cadence THEN season_plans.due_at
                                   ELSE excluded.due_at END,
                     cadence = excluded.cadence, channel_id = excluded.channel_id, updated_at = excluded.updated_at
                 RETURNING *",
            )
            .bind(guild)
            .bind(cadence.as_str())
            .bind(channel)
            .bind(due_at)
            .bind(now)
            .fetch_one(c)
            .await
            })?;
            row.try_into()
        }
    }

    /// Turns a server's seasons off (its closed seasons stay); true when they were on.
    fn end_season_plan(self, guild: GuildId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query("DELETE FROM season_plans WHERE guild_id = $1")
                .bind(guild)
                .execute(c)
                .await
                .map(|done| done.rows_affected()))?;
            Ok(done > 0)
        }
    }

    /// Up to `limit` plans whose running season ended at or before `now`, the longest due first.
    fn due_season_plans(
        self,
        now: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<SeasonPlan>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<PlanRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM season_plans WHERE due_at <= $1 ORDER BY due_at, guild_id LIMIT $2"
            )
            .bind(now)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            rows.into_iter().map(SeasonPlan::try_from).collect()
        }
    }

    /// Closes the season `window` of `plan`'s server, once: moves the plan's `due_at` on to
    /// `next_due` by compare-and-set (`None` when another process moved it first, or the plan
    /// changed), stores the season under its unique key and its final table (players with at
    /// least `min_games` rated games in the window, ranked by their rating at its end). A season
    /// nobody qualified in is stored as announced: there is no champion to name. Run it in a
    /// [`Tx`](super::Tx), so the three land together.
    fn close_season(
        self,
        plan: &SeasonPlan,
        window: &SeasonWindow,
        next_due: Timestamp,
        min_games: u32,
        now: Timestamp,
    ) -> impl Future<Output = Result<Option<ClosedSeason>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let moved = on!(conn, |c| {
                sqlx::query(
                "UPDATE season_plans SET due_at = $3, updated_at = $4 WHERE guild_id = $1 AND due_at = $2 AND cadence = $5"
            )
            .bind(plan.guild)
            .bind(plan.due_at)
            .bind(next_due)
            .bind(now)
            .bind(plan.cadence.as_str())
            .execute(c)
            .await
            .map(|done| done.rows_affected())
            })?;
            if moved != 1 {
                return Ok(None);
            }
            let row: Option<SeasonRow> = on!(conn, |c| sqlx::query_as(
                "INSERT INTO seasons (guild_id, season, starts_at, ends_at, closed_at, channel_id)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (guild_id, season) DO NOTHING
                 RETURNING *",
            )
            .bind(plan.guild)
            .bind(&window.key)
            .bind(window.starts_at)
            .bind(window.ends_at)
            .bind(now)
            .bind(plan.channel)
            .fetch_optional(c)
            .await)?;
            let Some(row) = row else { return Ok(None) };
            let mut season = ClosedSeason::from(row);
            let insert = format!(
                "INSERT INTO season_standings (season_id, ladder, rank, player_id, rating, deviation, games)
                 SELECT CAST($5 AS BIGINT), t.ladder, t.rank, t.player_id, t.rating, t.deviation, t.games
                 FROM ({TABLE}) t"
            );
            let placed = on!(conn, |c| sqlx::query(&insert)
                .bind(Scope::Guild(plan.guild))
                .bind(window.starts_at)
                .bind(window.ends_at)
                .bind(i64::from(min_games))
                .bind(season.id)
                .execute(c)
                .await
                .map(|done| done.rows_affected()))?;
            if placed == 0 {
                on!(conn, |c| sqlx::query("UPDATE seasons SET announced_at = closed_at WHERE id = $1")
                    .bind(season.id)
                    .execute(c)
                    .await
                    .map(drop))?;
                season.announced_at = Some(season.closed_at);
            }
            Ok(Some(season))
        }
    }

    /// The table of a server's season between `starts_at` and `ends_at` as the rating history has
    /// it now, on one ladder: the first `limit` lines of the players with at least `min_games`
    /// rated games in it. For the running season, read before its end.
    fn season_table(
        self,
        guild: GuildId,
        ladder: &Ladder,
        window: &SeasonWindow,
        min_games: u32,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<SeasonStanding>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let sql = format!(
                "SELECT t.*, pl.display_name, pl.is_bot, pl.anonymous FROM ({TABLE}) t
                 JOIN players pl ON pl.id = t.player_id WHERE t.ladder = $5 {ORDER} LIMIT $6"
            );
            let rows: Vec<StandingRow> = on!(conn, |c| sqlx::query_as(&sql)
                .bind(Scope::Guild(guild))
                .bind(window.starts_at)
                .bind(window.ends_at)
                .bind(i64::from(min_games))
                .bind(ladder.as_str())
                .bind(i64::from(limit))
                .fetch_all(c)
                .await)?;
            rows.into_iter().map(SeasonStanding::try_from).collect()
        }
    }

    /// How many rated games `player` played on `ladder` in the server inside `window`.
    fn season_games(
        self,
        guild: GuildId,
        ladder: &Ladder,
        player: UserId,
        window: &SeasonWindow,
    ) -> impl Future<Output = Result<u32, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let (count,): (i64,) = on!(conn, |c| sqlx::query_as(
                "SELECT COUNT(*) FROM rating_changes
                 WHERE scope = $1 AND ladder = $2 AND player_id = $3 AND created_at >= $4 AND created_at < $5"
            )
            .bind(Scope::Guild(guild))
            .bind(ladder.as_str())
            .bind(player)
            .bind(window.starts_at)
            .bind(window.ends_at)
            .fetch_one(c)
            .await)?;
            small("game count", count)
        }
    }

    /// A server's closed season by its key.
    fn closed_season(
        self,
        guild: GuildId,
        key: &str,
    ) -> impl Future<Output = Result<Option<ClosedSeason>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<SeasonRow> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM seasons WHERE guild_id = $1 AND season = $2")
                    .bind(guild)
                    .bind(key)
                    .fetch_optional(c)
                    .await)?;
            Ok(row.map(ClosedSeason::from))
        }
    }

    /// A server's latest `limit` closed seasons, the latest first.
    fn closed_seasons(
        self,
        guild: GuildId,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<ClosedSeason>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<SeasonRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM seasons WHERE guild_id = $1 ORDER BY ends_at DESC, id DESC LIMIT $2"
            )
            .bind(guild)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            Ok(rows.into_iter().map(ClosedSeason::from).collect())
        }
    }

    /// A closed season's final table: on `ladder`, its first `limit` lines; with no ladder, every
    /// ladder's lines placed `limit` or better (the podiums, for the announcement).
    fn season_standings(
        self,
        season: SeasonId,
        ladder: Option<&Ladder>,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<SeasonStanding>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let select = "SELECT t.*, pl.display_name, pl.is_bot, pl.anonymous FROM season_standings t
                 JOIN players pl ON pl.id = t.player_id WHERE t.season_id = $1";
            let rows: Vec<StandingRow> = match ladder {
                Some(ladder) => {
                    let sql = format!("{select} AND t.ladder = $2 {ORDER} LIMIT $3");
                    on!(conn, |c| sqlx::query_as(&sql)
                        .bind(season)
                        .bind(ladder.as_str())
                        .bind(i64::from(limit))
                        .fetch_all(c)
                        .await)?
                }
                None => {
                    let sql = format!("{select} AND t.rank <= $2 {ORDER}");
                    on!(conn, |c| sqlx::query_as(&sql).bind(season).bind(i64::from(limit)).fetch_all(c).await)?
                }
            };
            rows.into_iter().map(SeasonStanding::try_from).collect()
        }
    }

    /// A player's line in a closed season's table on `ladder`, if they qualified.
    fn season_standing_of(
        self,
        season: SeasonId,
        ladder: &Ladder,
        player: UserId,
    ) -> impl Future<Output = Result<Option<SeasonStanding>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<StandingRow> = on!(conn, |c| sqlx::query_as(
                "SELECT t.*, pl.display_name, pl.is_bot, pl.anonymous FROM season_standings t
                 JOIN players pl ON pl.id = t.player_id WHERE t.season_id = $1 AND t.ladder = $2 AND t.player_id = $3"
            )
            .bind(season)
            .bind(ladder.as_str())
            .bind(player)
            .fetch_optional(c)
            .await)?;
            row.map(SeasonStanding::try_from).transpose()
        }
    }

    /// Up to `limit` closed seasons with a channel whose announcement was never posted, the
    /// oldest first.
    fn unannounced_seasons(self, limit: u32) -> impl Future<Output = Result<Vec<ClosedSeason>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<SeasonRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM seasons WHERE announced_at IS NULL AND channel_id IS NOT NULL
                 ORDER BY closed_at, id LIMIT $1"
            )
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            Ok(rows.into_iter().map(ClosedSeason::from).collect())
        }
    }

    /// Notes that a season's close was announced (the first note counts).
    fn mark_season_announced(
        self,
        season: SeasonId,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query("UPDATE seasons SET announced_at = $2 WHERE id = $1 AND announced_at IS NULL")
                .bind(season)
                .bind(now)
                .execute(c)
                .await
                .map(drop))?;
            Ok(())
        }
    }

    /// A player's places in closed seasons, the latest season first.
    fn season_placings_of(self, player: UserId) -> impl Future<Output = Result<Vec<SeasonPlacing>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            #[derive(FromRow)]
            struct PlacingRow {
                guild_id: GuildId,
                season: String,
                starts_at: Timestamp,
                ends_at: Timestamp,
                ladder: String,
                rank: i64,
                rating: f64,
                games: i64,
            }
            let rows: Vec<PlacingRow> = on!(conn, |c| sqlx::query_as(
                "SELECT s.guild_id, s.season, s.starts_at, s.ends_at, t.ladder, t.rank, t.rating, t.games
                 FROM season_standings t JOIN seasons s ON s.id = t.season_id WHERE t.player_id = $1
                 ORDER BY s.ends_at DESC, s.guild_id, t.ladder"
            )
            .bind(player)
            .fetch_all(c)
            .await)?;
            rows.into_iter()
                .map(|row| {
                    Ok(SeasonPlacing {
                        guild: row.guild_id,
                        window: SeasonWindow { key: row.season, starts_at: row.starts_at, ends_at: row.ends_at },
                        ladder: Ladder::from_stored(row.ladder),
                        rank: small("rank", row.rank)?,
                        rating: row.rating,
                        games: small("game count", row.games)?,
                    })
                })
                .collect()
        }
    }
}

impl<'a, Q: Queries<'a>> SeasonQueries<'a> for Q {}

#[cfg(test)]
mod tests;
