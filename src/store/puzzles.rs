//! Puzzles as the database keeps them: each shipped puzzle's Glicko-2 rating (by its number in
//! the set), each player's puzzle rating, and every attempt (rated, in a streak, or the day's
//! puzzle), from which the records and the best streaks are counted.

use super::error::{unknown_player_or, violates_unique};
use super::ids::{AttemptId, ChannelId, GuildId, Timestamp, UserId};
use super::{Glicko, Queries, StoreError, on, small};

/// How an attempt was started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PuzzleMode {
    /// `/puzzle`: a puzzle near the player's rating, rated on their first attempt at it.
    Rated,
    /// `/puzzle streak`: puzzles of rising difficulty until the first miss; never rated.
    Streak,
    /// The day's puzzle of a server, answered in private; rated on the first attempt.
    Daily,
}

impl PuzzleMode {
    /// The mode as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            PuzzleMode::Rated => "rated",
            PuzzleMode::Streak => "streak",
            PuzzleMode::Daily => "daily",
        }
    }

    fn parse(text: &str) -> Result<PuzzleMode, StoreError> {
        match text {
            "rated" => Ok(PuzzleMode::Rated),
            "streak" => Ok(PuzzleMode::Streak),
            "daily" => Ok(PuzzleMode::Daily),
            other => Err(super::error::corrupt("puzzle mode", other)),
        }
    }
}

/// Where an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttemptStatus {
    /// The player is still solving it.
    Live,
    /// Every move was an accepted one.
    Solved,
    /// A move was not accepted.
    Failed,
    /// The player asked for the solution.
    GaveUp,
}

impl AttemptStatus {
    /// The status as stored.
    pub fn as_str(self) -> &'static str {
        match self {
            AttemptStatus::Live => "live",
            AttemptStatus::Solved => "solved",
            AttemptStatus::Failed => "failed",
            AttemptStatus::GaveUp => "gave-up",
        }
    }

    fn parse(text: &str) -> Result<AttemptStatus, StoreError> {
        match text {
            "live" => Ok(AttemptStatus::Live),
            "solved" => Ok(AttemptStatus::Solved),
            "failed" => Ok(AttemptStatus::Failed),
            "gave-up" => Ok(AttemptStatus::GaveUp),
            other => Err(super::error::corrupt("attempt status", other)),
        }
    }
}

/// An attempt to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAttempt {
    /// The player.
    pub player: UserId,
    /// The server (`None` in a direct message).
    pub guild: Option<GuildId>,
    /// The channel it is solved in.
    pub channel: ChannelId,
    /// The puzzle's number in the shipped set.
    pub puzzle: u32,
    /// How it was started.
    pub mode: PuzzleMode,
    /// In a streak: its first attempt (`None` for the first itself) and the puzzles solved
    /// before this one.
    pub run: Option<AttemptId>,
    /// Puzzles solved before this one in the streak.
    pub streak: u32,
    /// The day of the day's puzzle (`2026-11-29`).
    pub day: Option<String>,
}

/// An attempt as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttemptRecord {
    /// Its id.
    pub id: AttemptId,
    /// The player.
    pub player: UserId,
    /// The server (`None` in a direct message).
    pub guild: Option<GuildId>,
    /// The channel; `None` once its server's data was removed.
    pub channel: Option<ChannelId>,
    /// The puzzle's number in the shipped set.
    pub puzzle: u32,
    /// How it was started.
    pub mode: PuzzleMode,
    /// A streak's first attempt (itself for the first).
    pub run: AttemptId,
    /// Puzzles solved before this one in the streak.
    pub streak: u32,
    /// The day of the day's puzzle.
    pub day: Option<String>,
    /// Whether its end moves the ratings (the player's first attempt at the puzzle, not in a
    /// streak).
    pub rated: bool,
    /// The player's moves so far, as squares (`d3 c5`).
    pub moves: String,
    /// Whether the player asked for the hint.
    pub hinted: bool,
    /// Where it stands.
    pub status: AttemptStatus,
    /// Goes up by one with every write; writes compare-and-set on it.
    pub version: i64,
    /// When it was started.
    pub created_at: Timestamp,
    /// When it last changed.
    pub updated_at: Timestamp,
}

impl AttemptRecord {
    /// Whether the player is still solving it.
    pub fn is_live(&self) -> bool {
        self.status == AttemptStatus::Live
    }
}

/// A player's puzzle record: first attempts rated, solved, and the best streak anywhere.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleRecord {
    /// Finished attempts of every kind.
    pub attempts: u32,
    /// Of which solved.
    pub solved: u32,
    /// The most puzzles solved in one streak.
    pub best_streak: u32,
}

/// One line of a server's best streaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreakEntry {
    /// The player.
    pub player: UserId,
    /// Their name when last seen.
    pub name: String,
    /// The most puzzles they solved in one streak in the server.
    pub best: u32,
}

/// A server's daily puzzle: where and when it is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyPlan {
    /// The server.
    pub guild: GuildId,
    /// The channel it is posted in.
    pub channel: ChannelId,
    /// The hour of the day (UTC) it is posted at.
    pub hour: u8,
}

/// A day's post of a server's daily puzzle, as claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailyPost {
    /// The server.
    pub guild: GuildId,
    /// The day (`2026-11-30`).
    pub day: String,
    /// The puzzle's number.
    pub puzzle: u32,
    /// The channel it is posted in.
    pub channel: ChannelId,
    /// When it was claimed.
    pub claimed_at: Timestamp,
}

/// A `puzzle_attempts` row as the database returns it.
#[derive(sqlx::FromRow)]
pub(super) struct AttemptRow {
    id: AttemptId,
    player_id: UserId,
    guild_id: Option<GuildId>,
    channel_id: Option<ChannelId>,
    puzzle: i64,
    mode: String,
    run: Option<i64>,
    streak: i64,
    day: Option<String>,
    rated: bool,
    moves: String,
    hinted: bool,
    status: String,
    version: i64,
    created_at: Timestamp,
    updated_at: Timestamp,
}

impl TryFrom<AttemptRow> for AttemptRecord {
    type Error = StoreError;

    fn try_from(row: AttemptRow) -> Result<AttemptRecord, StoreError> {
        Ok(AttemptRecord {
            id: row.id,
            player: row.player_id,
            guild: row.guild_id,
            channel: row.channel_id,
            puzzle: small("puzzle", row.puzzle)?,
            mode: PuzzleMode::parse(&row.mode)?,
            run: row.run.map_or(row.id, AttemptId),
            streak: small("streak", row.streak)?,
            day: row.day,
            rated: row.rated,
            moves: row.moves,
            hinted: row.hinted,
            status: AttemptStatus::parse(&row.status)?,
            version: row.version,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

/// How many puzzles one statement adds when the ratings are seeded.
const SEED_CHUNK: usize = 400;

/// The operations on puzzles' ratings and attempts: each written once, run on a
/// [`Store`](super::Store) or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait PuzzleQueries<'a>: Queries<'a> {
    /// Gives each puzzle of `ratings` (its number and starting rating) a rating row unless it has
    /// one; returns how many were added. Cheap when every puzzle has its row already.
    fn seed_puzzle_ratings(self, ratings: &[(u32, Glicko)]) -> impl Future<Output = Result<u64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let (count,): (i64,) =
                on!(conn, |c| sqlx::query_as("SELECT COUNT(*) FROM puzzle_ratings").fetch_one(c).await)?;
            if usize::try_from(count).is_ok_and(|count| count >= ratings.len()) {
                return Ok(0);
            }
            let mut added = 0;
            for chunk in ratings.chunks(SEED_CHUNK) {
                let values: Vec<String> = (0..chunk.len())
                    .map(|i| format!("(${}, ${}, ${}, ${})", 4 * i + 1, 4 * i + 2, 4 * i + 3, 4 * i + 4))
                    .collect();
                let sql = format!(
                    "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility) VALUES {}
                     ON CONFLICT (puzzle) DO NOTHING",
                    values.join(", ")
                );
                added += on!(conn, |c| {
                    let mut query = sqlx::query(&sql);
                    for (puzzle, glicko) in chunk {
                        query = query
                            .bind(i64::from(*puzzle))
                            .bind(glicko.rating)
                            .bind(glicko.deviation)
                            .bind(glicko.volatility);
                    }
                    query.execute(c).await.map(|done| done.rows_affected())
                })?;
            }
            Ok(added)
        }
    }

    /// A puzzle's rating, if it has a row.
    fn puzzle_rating(self, puzzle: u32) -> impl Future<Output = Result<Option<Glicko>, StoreError>> + Send {
        self.puzzle_rating_held(puzzle, false)
    }

    /// A puzzle's rating; with `hold`, inside a transaction on PostgreSQL, its row stays locked
    /// until the end (so two players' results are applied one after the other, none lost; a
    /// SQLite transaction has the whole database to itself once it writes).
    fn puzzle_rating_held(
        self,
        puzzle: u32,
        hold: bool,
    ) -> impl Future<Output = Result<Option<Glicko>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let lock = if hold && matches!(conn, super::Conn::Postgres(_)) { " FOR UPDATE" } else { "" };
            let sql = format!("SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1{lock}");
            let row: Option<(f64, f64, f64)> =
                on!(conn, |c| sqlx::query_as(&sql).bind(i64::from(puzzle)).fetch_optional(c).await)?;
            Ok(row.map(|(rating, deviation, volatility)| Glicko { rating, deviation, volatility }))
        }
    }

    /// A player's puzzle rating, `None` before their first rated attempt.
    fn player_puzzle_rating(self, player: UserId) -> impl Future<Output = Result<Option<Glicko>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(f64, f64, f64)> = on!(conn, |c| sqlx::query_as(
                "SELECT rating, deviation, volatility FROM puzzle_players WHERE player_id = $1"
            )
            .bind(player)
            .fetch_optional(c)
            .await)?;
            Ok(row.map(|(rating, deviation, volatility)| Glicko { rating, deviation, volatility }))
        }
    }

    /// Up to `limit` puzzles rated nearest `target`, nearest first, that the player never tried
    /// (or, with `run`, never tried in that streak).
    fn puzzles_near(
        self,
        player: UserId,
        target: f64,
        run: Option<AttemptId>,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<u32>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let tried = if run.is_some() { "AND (a.run = $4 OR a.id = $4)" } else { "" };
            let sql = format!(
                "SELECT r.puzzle FROM puzzle_ratings r
                 WHERE NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.player_id = $1 AND a.puzzle = r.puzzle {tried})
                 ORDER BY ABS(r.rating - $2), r.puzzle LIMIT $3"
            );
            let rows: Vec<(i64,)> = on!(conn, |c| {
                let query = sqlx::query_as(&sql).bind(player).bind(target).bind(i64::from(limit));
                match run {
                    Some(run) => query.bind(run).fetch_all(c).await,
                    None => query.fetch_all(c).await,
                }
            })?;
            rows.into_iter().map(|(puzzle,)| small("puzzle", puzzle)).collect()
        }
    }

    /// Starts an attempt; it is rated when it is not in a streak and the player never tried the
    /// puzzle before. `PuzzleLive` when the player already has a live attempt of this mode in
    /// the channel, `StaleVersion` when the streak's next step was started already,
    /// `UnknownPlayer` when the player was never upserted.
    fn create_attempt(
        self,
        attempt: &NewAttempt,
        now: Timestamp,
    ) -> impl Future<Output = Result<AttemptRecord, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let streak = i64::from(attempt.streak);
            let row: AttemptRow = on!(conn, |c| {
                sqlx::query_as(
                "INSERT INTO puzzle_attempts (player_id, guild_id, channel_id, puzzle, mode, run, streak, day, rated,
                     created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
                     $5 <> 'streak' AND NOT EXISTS (SELECT 1 FROM puzzle_attempts WHERE player_id = $1 AND puzzle = $4),
                     $9, $9)
                 RETURNING *",
            )
            .bind(attempt.player)
            .bind(attempt.guild)
            .bind(attempt.channel)
            .bind(i64::from(attempt.puzzle))
            .bind(attempt.mode.as_str())
            .bind(attempt.run)
            .bind(streak)
            .bind(attempt.day.as_deref())
            .bind(now)
            .fetch_one(c)
            .await
            })
            .map_err(|error| {
                if violates_unique(&error, "puzzle_attempts_one_live", "puzzle_attempts_one_live") {
                    StoreError::PuzzleLive
                } else if violates_unique(&error, "puzzle_attempts_run_step", "puzzle_attempts.run") {
                    StoreError::StaleVersion
                } else {
                    unknown_player_or(error)
                }
            })?;
            row.try_into()
        }
    }

    /// The attempt with this id.
    fn attempt(self, id: AttemptId) -> impl Future<Output = Result<Option<AttemptRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<AttemptRow> = on!(conn, |c| sqlx::query_as("SELECT * FROM puzzle_attempts WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await)?;
            row.map(AttemptRecord::try_from).transpose()
        }
    }

    /// The player's live attempts in this channel, the newest first.
    fn live_attempts(
        self,
        player: UserId,
        channel: ChannelId,
    ) -> impl Future<Output = Result<Vec<AttemptRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<AttemptRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM puzzle_attempts WHERE player_id = $1 AND channel_id = $2 AND status = 'live'
                 ORDER BY id DESC"
            )
            .bind(player)
            .bind(channel)
            .fetch_all(c)
            .await)?;
            rows.into_iter().map(AttemptRecord::try_from).collect()
        }
    }

    /// Saves a live attempt's moves, hint and status at `version`; returns the new version.
    /// `StaleVersion` when it changed since it was read, `GameOver` when it is over.
    fn save_attempt(
        self,
        id: AttemptId,
        version: i64,
        moves: &str,
        hinted: bool,
        status: AttemptStatus,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let updated: Option<i64> = on!(conn, |c| {
                sqlx::query_scalar(
                "UPDATE puzzle_attempts SET moves = $1, hinted = $2, status = $3, version = version + 1, updated_at = $4
                 WHERE id = $5 AND version = $6 AND status = 'live' RETURNING version",
            )
            .bind(moves)
            .bind(hinted)
            .bind(status.as_str())
            .bind(now)
            .bind(id)
            .bind(version)
            .fetch_optional(c)
            .await
            })?;
            if let Some(version) = updated {
                return Ok(version);
            }
            match conn.attempt(id).await? {
                None => Err(StoreError::NotFound),
                Some(record) if !record.is_live() => Err(StoreError::GameOver),
                Some(_) => Err(StoreError::StaleVersion),
            }
        }
    }

    /// Writes a rated attempt's result: the player's and the puzzle's new ratings, and the
    /// puzzle's count of rated attempts (and of solves, when `solved`).
    fn rate_attempt(
        self,
        player: UserId,
        puzzle: u32,
        player_after: Glicko,
        puzzle_after: Glicko,
        solved: bool,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO puzzle_players (player_id, rating, deviation, volatility, updated_at)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (player_id) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
                     volatility = excluded.volatility, updated_at = excluded.updated_at"
            )
            .bind(player)
            .bind(player_after.rating)
            .bind(player_after.deviation)
            .bind(player_after.volatility)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            on!(conn, |c| sqlx::query(
                "UPDATE puzzle_ratings SET rating = $1, deviation = $2, volatility = $3, attempts = attempts + 1,
                     solved = solved + $4 WHERE puzzle = $5"
            )
            .bind(puzzle_after.rating)
            .bind(puzzle_after.deviation)
            .bind(puzzle_after.volatility)
            .bind(i64::from(solved))
            .bind(i64::from(puzzle))
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// A player's finished attempts, solves and best streak, everywhere.
    fn puzzle_record(self, player: UserId) -> impl Future<Output = Result<PuzzleRecord, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let (attempts, solved, best): (i64, i64, Option<i64>) = on!(conn, |c| sqlx::query_as(
                "SELECT COUNT(*),
                     COALESCE(SUM(CASE WHEN status = 'solved' THEN 1 ELSE 0 END), 0),
                     MAX(CASE WHEN mode = 'streak' AND status = 'solved' THEN streak + 1 END)
                 FROM puzzle_attempts WHERE player_id = $1 AND status <> 'live'"
            )
            .bind(player)
            .fetch_one(c)
            .await)?;
            Ok(PuzzleRecord {
                attempts: small("attempts", attempts)?,
                solved: small("solved", solved)?,
                best_streak: small("best streak", best.unwrap_or(0))?,
            })
        }
    }

    /// The server's best streaks: each player's longest, longest first (ties: who reached it
    /// first), at most `limit`.
    fn best_streaks(
        self,
        guild: GuildId,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<StreakEntry>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<(UserId, String, i64)> = on!(conn, |c| sqlx::query_as(
                "SELECT a.player_id, p.display_name, MAX(a.streak) + 1 AS best FROM puzzle_attempts a
                 JOIN players p ON p.id = a.player_id
                 WHERE a.guild_id = $1 AND a.mode = 'streak' AND a.status = 'solved'
                 GROUP BY a.player_id, p.display_name
                 ORDER BY best DESC, MIN(a.updated_at), a.player_id LIMIT $2"
            )
            .bind(guild)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            rows.into_iter()
                .map(|(player, name, best)| Ok(StreakEntry { player, name, best: small("best streak", best)? }))
                .collect()
        }
    }

    /// Sets (or with `None` removes) a server's daily puzzle plan.
    fn set_daily_plan(
        self,
        guild: GuildId,
        plan: Option<(ChannelId, u8)>,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            match plan {
                Some((channel, hour)) => on!(conn, |c| {
                    sqlx::query(
                    "INSERT INTO daily_puzzle_plans (guild_id, channel_id, hour, updated_at) VALUES ($1, $2, $3, $4)
                     ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id, hour = excluded.hour,
                         updated_at = excluded.updated_at"
                )
                .bind(guild)
                .bind(channel)
                .bind(i64::from(hour))
                .bind(now)
                .execute(c)
                .await
                .map(drop)
                })?,
                None => on!(conn, |c| sqlx::query("DELETE FROM daily_puzzle_plans WHERE guild_id = $1")
                    .bind(guild)
                    .execute(c)
                    .await
                    .map(drop))?,
            }
            Ok(())
        }
    }

    /// A server's daily puzzle plan, `None` when it is off.
    fn daily_plan(self, guild: GuildId) -> impl Future<Output = Result<Option<DailyPlan>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(ChannelId, i64)> =
                on!(conn, |c| sqlx::query_as("SELECT channel_id, hour FROM daily_puzzle_plans WHERE guild_id = $1")
                    .bind(guild)
                    .fetch_optional(c)
                    .await)?;
            row.map(|(channel, hour)| Ok(DailyPlan { guild, channel, hour: small("hour", hour)? })).transpose()
        }
    }

    /// The plans whose hour has come on `day` (`hour` is the hour now, UTC) and whose post of
    /// that day is not claimed yet.
    fn due_daily_plans(self, day: &str, hour: u8) -> impl Future<Output = Result<Vec<DailyPlan>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<(GuildId, ChannelId, i64)> = on!(conn, |c| sqlx::query_as(
                "SELECT p.guild_id, p.channel_id, p.hour FROM daily_puzzle_plans p
                 WHERE p.hour <= $1 AND NOT EXISTS (
                     SELECT 1 FROM daily_puzzle_posts d WHERE d.guild_id = p.guild_id AND d.day = $2)
                 ORDER BY p.guild_id"
            )
            .bind(i64::from(hour))
            .bind(day)
            .fetch_all(c)
            .await)?;
            rows.into_iter()
                .map(|(guild, channel, hour)| Ok(DailyPlan { guild, channel, hour: small("hour", hour)? }))
                .collect()
        }
    }

    /// Claims a server's post of `day`: true for the one caller that made the claim.
    fn claim_daily_post(self, post: &DailyPost) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let added = on!(conn, |c| {
                sqlx::query(
                "INSERT INTO daily_puzzle_posts (guild_id, day, puzzle, channel_id, claimed_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (guild_id, day) DO NOTHING"
            )
            .bind(post.guild)
            .bind(&post.day)
            .bind(i64::from(post.puzzle))
            .bind(post.channel)
            .bind(post.claimed_at)
            .execute(c)
            .await
            .map(|done| done.rows_affected())
            })?;
            Ok(added == 1)
        }
    }

    /// Posts claimed before `before` and never noted as posted (their process stopped first).
    fn unposted_daily_posts(
        self,
        before: Timestamp,
    ) -> impl Future<Output = Result<Vec<DailyPost>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<(GuildId, String, i64, ChannelId, Timestamp)> = on!(conn, |c| sqlx::query_as(
                "SELECT guild_id, day, puzzle, channel_id, claimed_at FROM daily_puzzle_posts
                 WHERE posted_at IS NULL AND claimed_at < $1 ORDER BY claimed_at, guild_id"
            )
            .bind(before)
            .fetch_all(c)
            .await)?;
            rows.into_iter()
                .map(|(guild, day, puzzle, channel, claimed_at)| {
                    Ok(DailyPost { guild, day, puzzle: small("puzzle", puzzle)?, channel, claimed_at })
                })
                .collect()
        }
    }

    /// A server's post of `day`, if one was claimed.
    fn daily_post_of(
        self,
        guild: GuildId,
        day: &str,
    ) -> impl Future<Output = Result<Option<DailyPost>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(i64, ChannelId, Timestamp)> = on!(conn, |c| sqlx::query_as(
                "SELECT puzzle, channel_id, claimed_at FROM daily_puzzle_posts WHERE guild_id = $1 AND day = $2"
            )
            .bind(guild)
            .bind(day)
            .fetch_optional(c)
            .await)?;
            row.map(|(puzzle, channel, claimed_at)| {
                Ok(DailyPost { guild, day: day.to_string(), puzzle: small("puzzle", puzzle)?, channel, claimed_at })
            })
            .transpose()
        }
    }

    /// Notes that a server's post of `day` was posted.
    fn mark_daily_posted(
        self,
        guild: GuildId,
        day: &str,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "UPDATE daily_puzzle_posts SET posted_at = $3 WHERE guild_id = $1 AND day = $2 AND posted_at IS NULL"
            )
            .bind(guild)
            .bind(day)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// The players who solved the day's puzzle of `day` in the server, in the order they
    /// solved it (each once).
    fn daily_solvers(self, guild: GuildId, day: &str) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<(String,)> = on!(conn, |c| sqlx::query_as(
                "SELECT p.display_name FROM puzzle_attempts a JOIN players p ON p.id = a.player_id
                 WHERE a.guild_id = $1 AND a.day = $2 AND a.mode = 'daily' AND a.status = 'solved'
                 GROUP BY a.player_id, p.display_name ORDER BY MIN(a.updated_at), a.player_id"
            )
            .bind(guild)
            .bind(day)
            .fetch_all(c)
            .await)?;
            Ok(rows.into_iter().map(|(name,)| name).collect())
        }
    }

    /// The player's attempt at the day's puzzle of `day` in the server, the newest.
    fn daily_attempt(
        self,
        player: UserId,
        guild: Option<GuildId>,
        day: &str,
    ) -> impl Future<Output = Result<Option<AttemptRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<AttemptRow> = on!(conn, |c| {
                sqlx::query_as(
                "SELECT * FROM puzzle_attempts WHERE player_id = $1 AND guild_id IS NOT DISTINCT FROM $2 AND day = $3
                     AND mode = 'daily' ORDER BY id DESC LIMIT 1"
            )
            .bind(player)
            .bind(guild)
            .bind(day)
            .fetch_optional(c)
            .await
            })?;
            row.map(AttemptRecord::try_from).transpose()
        }
    }
}

impl<'a, Q: Queries<'a>> PuzzleQueries<'a> for Q {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::fixtures::{ALICE, BOB, CAROL, GUILD, players};
    use crate::store::testing::store_tests;

    fn glicko(rating: f64) -> Glicko {
        Glicko { rating, deviation: 350.0, volatility: 0.06 }
    }

    fn attempt(player: UserId, puzzle: u32, mode: PuzzleMode) -> NewAttempt {
        NewAttempt { player, guild: Some(GUILD), channel: ChannelId(1), puzzle, mode, run: None, streak: 0, day: None }
    }

    /// Starts `new` and ends it with `status`.
    async fn finished(store: &Store, new: NewAttempt, status: AttemptStatus, at: i64) -> AttemptRecord {
        let record = store.create_attempt(&new, Timestamp(at)).await.unwrap();
        store.save_attempt(record.id, record.version, "a1", false, status, Timestamp(at)).await.unwrap();
        store.attempt(record.id).await.unwrap().unwrap()
    }

    fn post(guild: GuildId, day: &str, at: i64) -> DailyPost {
        DailyPost { guild, day: day.into(), puzzle: 5, channel: ChannelId(3), claimed_at: Timestamp(at) }
    }

    store_tests! {
        async fn a_servers_daily_puzzle_is_claimed_once_a_day_and_posted_again_until_noted(store) {
            players(&store).await;
            store.set_daily_plan(GUILD, Some((ChannelId(3), 9)), Timestamp(1)).await.unwrap();
            store.set_daily_plan(GuildId(8), Some((ChannelId(4), 18)), Timestamp(1)).await.unwrap();
            assert_eq!(store.daily_plan(GUILD).await.unwrap(), Some(DailyPlan { guild: GUILD, channel: ChannelId(3), hour: 9 }));
            assert!(store.due_daily_plans("2026-11-30", 8).await.unwrap().is_empty(), "before its hour");
            let due = store.due_daily_plans("2026-11-30", 9).await.unwrap();
            assert_eq!(due.iter().map(|p| p.guild).collect::<Vec<_>>(), vec![GUILD]);
            assert!(store.claim_daily_post(&post(GUILD, "2026-11-30", 100)).await.unwrap());
            assert!(!store.claim_daily_post(&post(GUILD, "2026-11-30", 101)).await.unwrap(), "claimed once");
            assert!(store.due_daily_plans("2026-11-30", 23).await.unwrap().iter().all(|p| p.guild != GUILD));
            // Unposted: found again after the grace; once noted, not.
            assert!(store.unposted_daily_posts(Timestamp(100)).await.unwrap().is_empty());
            assert_eq!(store.unposted_daily_posts(Timestamp(200)).await.unwrap(), vec![post(GUILD, "2026-11-30", 100)]);
            store.mark_daily_posted(GUILD, "2026-11-30", Timestamp(150)).await.unwrap();
            assert_eq!(store.daily_post_of(GUILD, "2026-11-30").await.unwrap(), Some(post(GUILD, "2026-11-30", 100)));
            assert_eq!(store.daily_post_of(GUILD, "2026-11-29").await.unwrap(), None);
            assert!(store.unposted_daily_posts(Timestamp(200)).await.unwrap().is_empty());
            store.set_daily_plan(GUILD, None, Timestamp(2)).await.unwrap();
            assert_eq!(store.daily_plan(GUILD).await.unwrap(), None);
        }

        async fn the_days_solvers_are_listed_once_each_in_the_order_they_solved(store) {
            players(&store).await;
            let daily = |player, day: &str| NewAttempt { day: Some(day.into()), ..attempt(player, 5, PuzzleMode::Daily) };
            finished(&store, daily(BOB, "2026-11-30"), AttemptStatus::Solved, 10).await;
            finished(&store, daily(ALICE, "2026-11-30"), AttemptStatus::Failed, 5).await;
            finished(&store, daily(ALICE, "2026-11-30"), AttemptStatus::Solved, 20).await;
            finished(&store, daily(CAROL, "2026-11-29"), AttemptStatus::Solved, 1).await;
            let solvers = store.daily_solvers(GUILD, "2026-11-30").await.unwrap();
            assert_eq!(solvers, vec!["Bob".to_string(), "Alice".to_string()]);
            let alices = store.daily_attempt(ALICE, Some(GUILD), "2026-11-30").await.unwrap().unwrap();
            assert_eq!((alices.status, alices.day.as_deref()), (AttemptStatus::Solved, Some("2026-11-30")));
            assert_eq!(store.daily_attempt(ALICE, Some(GUILD), "2026-11-29").await.unwrap(), None);
        }

        async fn puzzle_ratings_are_seeded_once_and_choosing_skips_puzzles_already_tried(store) {
            players(&store).await;
            let ratings: Vec<(u32, Glicko)> = (1..=900).map(|n| (n, glicko(1000.0 + f64::from(n)))).collect();
            assert_eq!(store.seed_puzzle_ratings(&ratings).await.unwrap(), 900);
            assert_eq!(store.seed_puzzle_ratings(&ratings).await.unwrap(), 0, "seeded once");
            assert_eq!(store.puzzle_rating(500).await.unwrap(), Some(glicko(1500.0)));
            assert_eq!(store.puzzles_near(ALICE, 1500.2, None, 3).await.unwrap(), vec![500, 501, 499]);
            finished(&store, attempt(ALICE, 500, PuzzleMode::Rated), AttemptStatus::Solved, 10).await;
            assert_eq!(store.puzzles_near(ALICE, 1500.2, None, 2).await.unwrap(), vec![501, 499]);
            assert_eq!(store.puzzles_near(BOB, 1500.2, None, 1).await.unwrap(), vec![500], "Bob never tried it");
        }

        async fn only_a_players_first_attempt_at_a_puzzle_outside_a_streak_is_rated(store) {
            players(&store).await;
            let first = finished(&store, attempt(ALICE, 7, PuzzleMode::Rated), AttemptStatus::Failed, 10).await;
            let again = finished(&store, attempt(ALICE, 7, PuzzleMode::Rated), AttemptStatus::Solved, 20).await;
            let streak = finished(&store, attempt(BOB, 7, PuzzleMode::Streak), AttemptStatus::Solved, 30).await;
            let daily = store.create_attempt(&attempt(CAROL, 7, PuzzleMode::Daily), Timestamp(40)).await.unwrap();
            assert_eq!((first.rated, again.rated, streak.rated, daily.rated), (true, false, false, true));
            assert_eq!((first.status, again.status, again.moves.as_str()), (AttemptStatus::Failed, AttemptStatus::Solved, "a1"));
        }

        async fn a_player_has_one_live_attempt_per_channel_and_mode(store) {
            players(&store).await;
            store.create_attempt(&attempt(ALICE, 1, PuzzleMode::Rated), Timestamp(10)).await.unwrap();
            let again = store.create_attempt(&attempt(ALICE, 2, PuzzleMode::Rated), Timestamp(11)).await;
            assert!(matches!(again, Err(StoreError::PuzzleLive)), "{again:?}");
            store.create_attempt(&attempt(ALICE, 2, PuzzleMode::Streak), Timestamp(12)).await.unwrap();
            let elsewhere = NewAttempt { channel: ChannelId(2), ..attempt(ALICE, 3, PuzzleMode::Rated) };
            store.create_attempt(&elsewhere, Timestamp(13)).await.unwrap();
            let live = store.live_attempts(ALICE, ChannelId(1)).await.unwrap();
            assert_eq!(live.iter().map(|a| a.puzzle).collect::<Vec<_>>(), vec![2, 1], "newest first");
        }

        async fn an_attempt_saved_from_an_old_version_or_after_its_end_writes_nothing(store) {
            players(&store).await;
            let record = store.create_attempt(&attempt(ALICE, 1, PuzzleMode::Rated), Timestamp(10)).await.unwrap();
            let version = store.save_attempt(record.id, record.version, "d3", true, AttemptStatus::Live, Timestamp(11)).await.unwrap();
            let stale = store.save_attempt(record.id, record.version, "c5", false, AttemptStatus::Failed, Timestamp(12)).await;
            assert!(matches!(stale, Err(StoreError::StaleVersion)), "{stale:?}");
            store.save_attempt(record.id, version, "d3 c5", true, AttemptStatus::Solved, Timestamp(13)).await.unwrap();
            let late = store.save_attempt(record.id, version + 1, "d3", true, AttemptStatus::GaveUp, Timestamp(14)).await;
            assert!(matches!(late, Err(StoreError::GameOver)), "{late:?}");
            let over = store.attempt(record.id).await.unwrap().unwrap();
            assert_eq!((over.moves.as_str(), over.hinted, over.status), ("d3 c5", true, AttemptStatus::Solved));
        }

        async fn a_rated_attempt_moves_the_players_and_the_puzzles_ratings(store) {
            players(&store).await;
            store.seed_puzzle_ratings(&[(1, glicko(1200.0))]).await.unwrap();
            assert_eq!(store.player_puzzle_rating(ALICE).await.unwrap(), None);
            store.rate_attempt(ALICE, 1, glicko(1600.0), glicko(1100.0), true, Timestamp(5)).await.unwrap();
            store.rate_attempt(ALICE, 1, glicko(1610.0), glicko(1090.0), false, Timestamp(6)).await.unwrap();
            assert_eq!(store.player_puzzle_rating(ALICE).await.unwrap(), Some(glicko(1610.0)));
            assert_eq!(store.puzzle_rating(1).await.unwrap(), Some(glicko(1090.0)));
        }

        async fn the_best_streaks_of_a_server_rank_each_players_longest_run(store) {
            players(&store).await;
            // Alice solves three in a run, then misses; Bob two; Carol's run is in another server.
            let first = finished(&store, attempt(ALICE, 1, PuzzleMode::Streak), AttemptStatus::Solved, 10).await;
            for (n, status) in [(1, AttemptStatus::Solved), (2, AttemptStatus::Solved), (3, AttemptStatus::Failed)] {
                let next = NewAttempt { run: Some(first.id), streak: n, ..attempt(ALICE, 10 + n, PuzzleMode::Streak) };
                finished(&store, next, status, 20 + i64::from(n)).await;
            }
            let bob = finished(&store, attempt(BOB, 1, PuzzleMode::Streak), AttemptStatus::Solved, 30).await;
            let next = NewAttempt { run: Some(bob.id), streak: 1, ..attempt(BOB, 2, PuzzleMode::Streak) };
            finished(&store, next, AttemptStatus::Solved, 31).await;
            let twice = NewAttempt { run: Some(bob.id), streak: 1, ..attempt(BOB, 3, PuzzleMode::Streak) };
            let twice = store.create_attempt(&twice, Timestamp(32)).await;
            assert!(matches!(twice, Err(StoreError::StaleVersion)), "a streak's step starts once: {twice:?}");
            let away = NewAttempt { guild: Some(GuildId(8)), ..attempt(CAROL, 1, PuzzleMode::Streak) };
            finished(&store, away, AttemptStatus::Solved, 40).await;
            let table = store.best_streaks(GUILD, 10).await.unwrap();
            let lines: Vec<(UserId, u32)> = table.iter().map(|e| (e.player, e.best)).collect();
            assert_eq!(lines, vec![(ALICE, 3), (BOB, 2)]);
            assert_eq!(store.puzzle_record(ALICE).await.unwrap(), PuzzleRecord { attempts: 4, solved: 3, best_streak: 3 });
            // The streak's run excludes its own puzzles only.
            store.seed_puzzle_ratings(&[(1, glicko(1000.0)), (2, glicko(1001.0)), (3, glicko(1002.0))]).await.unwrap();
            assert_eq!(store.puzzles_near(BOB, 1000.0, Some(bob.id), 5).await.unwrap(), vec![3]);
        }
    }
}
