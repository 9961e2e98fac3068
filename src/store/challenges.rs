//! Challenges: an invitation to a game in a channel, to one player or (with no target) to anyone.
//! A challenge leaves `pending` exactly once, by a compare-and-set on its status, so two accepts
//! cannot both win. The database keeps at most one pending challenge per channel.

use std::fmt;

use sqlx::error::ErrorKind;
use sqlx::{FromRow, SqliteConnection};

use super::error::{unknown_player_or, violation};
use super::ids::{ChallengeId, ChannelId, GuildId, MessageId, Timestamp, UserId};
use super::{Store, StoreError, Tx, rules_from_json, rules_to_json};
use crate::engine::Rules;

/// The colour the challenger asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// The challenger plays black.
    Black,
    /// The challenger plays white.
    White,
    /// Decided by a coin toss on acceptance.
    Random,
}

impl ColorChoice {
    fn as_str(self) -> &'static str {
        match self {
            ColorChoice::Black => "black",
            ColorChoice::White => "white",
            ColorChoice::Random => "random",
        }
    }

    fn parse(text: &str) -> Result<ColorChoice, StoreError> {
        match text {
            "black" => Ok(ColorChoice::Black),
            "white" => Ok(ColorChoice::White),
            "random" => Ok(ColorChoice::Random),
            _ => Err(StoreError::Corrupt { what: "colour choice", value: text.into() }),
        }
    }
}

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Pending,
    /// Taken up: a game was started.
    Accepted,
    /// Turned down by its target.
    Declined,
    /// Taken back by the challenger.
    Withdrawn,
    /// Not answered in time.
    Expired,
}

impl ChallengeStatus {
    fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Withdrawn => "withdrawn",
            ChallengeStatus::Expired => "expired",
        }
    }

    fn parse(text: &str) -> Result<ChallengeStatus, StoreError> {
        match text {
            "pending" => Ok(ChallengeStatus::Pending),
            "accepted" => Ok(ChallengeStatus::Accepted),
            "declined" => Ok(ChallengeStatus::Declined),
            "withdrawn" => Ok(ChallengeStatus::Withdrawn),
            "expired" => Ok(ChallengeStatus::Expired),
            _ => Err(StoreError::Corrupt { what: "challenge status", value: text.into() }),
        }
    }
}

impl fmt::Display for ChallengeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What it takes to issue a challenge. The challenger and the target must have been upserted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    /// The server, `None` in direct messages.
    pub guild: Option<GuildId>,
    /// The channel the game would be played in.
    pub channel: ChannelId,
    /// Who challenges.
    pub challenger: UserId,
    /// Who is challenged; `None` for an open challenge anyone may accept.
    pub target: Option<UserId>,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// Whether the game would be rated.
    pub rated: bool,
    /// The variant proposed.
    pub rules: Rules,
    /// When it lapses if nobody answers.
    pub expires_at: Timestamp,
}

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: ChallengeId,
    /// The server, `None` in direct messages.
    pub guild: Option<GuildId>,
    /// The channel the game would be played in.
    pub channel: ChannelId,
    /// Who challenges.
    pub challenger: UserId,
    /// Who is challenged; `None` for an open challenge.
    pub target: Option<UserId>,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// Whether the game would be rated.
    pub rated: bool,
    /// The variant proposed.
    pub rules: Rules,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// Who accepted it, once accepted.
    pub accepted_by: Option<UserId>,
    /// The message with its buttons, once posted.
    pub message: Option<MessageId>,
    /// When it was issued.
    pub created_at: Timestamp,
    /// When it lapses.
    pub expires_at: Timestamp,
    /// When its status last changed.
    pub updated_at: Timestamp,
}

/// A `challenges` row as SQLite returns it.
#[derive(FromRow)]
struct ChallengeRow {
    id: ChallengeId,
    guild_id: Option<GuildId>,
    channel_id: ChannelId,
    challenger_id: UserId,
    target_id: Option<UserId>,
    color: String,
    rated: bool,
    rules: String,
    status: String,
    accepted_by: Option<UserId>,
    message_id: Option<MessageId>,
    created_at: Timestamp,
    expires_at: Timestamp,
    updated_at: Timestamp,
}

impl TryFrom<ChallengeRow> for Challenge {
    type Error = StoreError;

    fn try_from(row: ChallengeRow) -> Result<Challenge, StoreError> {
        Ok(Challenge {
            id: row.id,
            guild: row.guild_id,
            channel: row.channel_id,
            challenger: row.challenger_id,
            target: row.target_id,
            color: ColorChoice::parse(&row.color)?,
            rated: row.rated,
            rules: rules_from_json(&row.rules)?,
            status: ChallengeStatus::parse(&row.status)?,
            accepted_by: row.accepted_by,
            message: row.message_id,
            created_at: row.created_at,
            expires_at: row.expires_at,
            updated_at: row.updated_at,
        })
    }
}

async fn create(
    conn: &mut SqliteConnection,
    challenge: &NewChallenge,
    now: Timestamp,
) -> Result<Challenge, StoreError> {
    // A lapsed challenge the sweep has not reached yet must not block the channel.
    sqlx::query(
        "UPDATE challenges SET status = 'expired', updated_at = ?1
         WHERE channel_id = ?2 AND status = 'pending' AND expires_at <= ?1",
    )
    .bind(now)
    .bind(challenge.channel)
    .execute(&mut *conn)
    .await?;
    let row: ChallengeRow = sqlx::query_as(
        "INSERT INTO challenges (guild_id, channel_id, challenger_id, target_id, color, rated, rules, expires_at,
             created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?9, ?9) RETURNING *",
    )
    .bind(challenge.guild)
    .bind(challenge.channel)
    .bind(challenge.challenger)
    .bind(challenge.target)
    .bind(challenge.color.as_str())
    .bind(challenge.rated)
    .bind(rules_to_json(&challenge.rules)?)
    .bind(challenge.expires_at)
    .bind(now)
    .fetch_one(conn)
    .await
    .map_err(|error| match violation(&error) {
        Some((ErrorKind::UniqueViolation, message)) if message.contains("challenges.channel_id") => {
            StoreError::ChallengePending
        }
        _ => unknown_player_or(error),
    })?;
    row.try_into()
}

async fn by_id(conn: &mut SqliteConnection, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
    let row: Option<ChallengeRow> =
        sqlx::query_as("SELECT * FROM challenges WHERE id = ?").bind(id).fetch_optional(conn).await?;
    row.map(Challenge::try_from).transpose()
}

/// Why a challenge did not leave `pending`: it is unknown, closed, or pending but lapsed.
async fn closed(conn: &mut SqliteConnection, id: ChallengeId) -> StoreError {
    match by_id(conn, id).await {
        Ok(None) => StoreError::NotFound,
        Ok(Some(challenge)) if challenge.status == ChallengeStatus::Pending => {
            StoreError::ChallengeClosed(ChallengeStatus::Expired)
        }
        Ok(Some(challenge)) => StoreError::ChallengeClosed(challenge.status),
        Err(error) => error,
    }
}

async fn accept(
    conn: &mut SqliteConnection,
    id: ChallengeId,
    by: UserId,
    now: Timestamp,
) -> Result<Challenge, StoreError> {
    let row: Option<ChallengeRow> = sqlx::query_as(
        "UPDATE challenges SET status = 'accepted', accepted_by = ?1, updated_at = ?2
         WHERE id = ?3 AND status = 'pending' AND expires_at > ?2 RETURNING *",
    )
    .bind(by)
    .bind(now)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await
    .map_err(unknown_player_or)?;
    match row {
        Some(row) => row.try_into(),
        None => Err(closed(conn, id).await),
    }
}

/// Moves a pending challenge to `status` (declined or withdrawn).
async fn settle(
    conn: &mut SqliteConnection,
    id: ChallengeId,
    status: ChallengeStatus,
    now: Timestamp,
) -> Result<Challenge, StoreError> {
    let row: Option<ChallengeRow> = sqlx::query_as(
        "UPDATE challenges SET status = ?, updated_at = ? WHERE id = ? AND status = 'pending' RETURNING *",
    )
    .bind(status.as_str())
    .bind(now)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(row) => row.try_into(),
        None => Err(closed(conn, id).await),
    }
}

impl Store {
    /// Issues a challenge. Fails with `ChallengePending` when the channel already has a pending
    /// one that has not lapsed (a lapsed one is expired on the way), and with `UnknownPlayer` when
    /// the challenger or target was never upserted.
    pub async fn create_challenge(&self, challenge: &NewChallenge, now: Timestamp) -> Result<Challenge, StoreError> {
        let mut tx = self.begin().await?;
        let created = create(&mut tx.tx, challenge, now).await?;
        tx.commit().await?;
        Ok(created)
    }

    /// The challenge with this id, whatever its status.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<Challenge>, StoreError> {
        by_id(&mut *self.pool.acquire().await?, id).await
    }

    /// The channel's pending challenge that has not lapsed by `now`, if any.
    pub async fn pending_challenge_in(
        &self,
        channel: ChannelId,
        now: Timestamp,
    ) -> Result<Option<Challenge>, StoreError> {
        let row: Option<ChallengeRow> =
            sqlx::query_as("SELECT * FROM challenges WHERE channel_id = ? AND status = 'pending' AND expires_at > ?")
                .bind(channel)
                .bind(now)
                .fetch_optional(&self.pool)
                .await?;
        row.map(Challenge::try_from).transpose()
    }

    /// Accepts a pending, unlapsed challenge on behalf of `by` and returns it. Whether `by` may
    /// accept it is the caller's rule. Of two accepts, one wins; the other fails with
    /// `ChallengeClosed(Accepted)`. A lapsed one fails with `ChallengeClosed(Expired)`. To start
    /// the game atomically with the acceptance, use [`Tx::accept_challenge`] and
    /// [`Tx::create_game`].
    pub async fn accept_challenge(&self, id: ChallengeId, by: UserId, now: Timestamp) -> Result<Challenge, StoreError> {
        accept(&mut *self.pool.acquire().await?, id, by, now).await
    }

    /// Declines a pending challenge (its target's answer); `ChallengeClosed` if it is not pending.
    pub async fn decline_challenge(&self, id: ChallengeId, now: Timestamp) -> Result<Challenge, StoreError> {
        settle(&mut *self.pool.acquire().await?, id, ChallengeStatus::Declined, now).await
    }

    /// Withdraws a pending challenge (its challenger's change of mind); `ChallengeClosed` if it is
    /// not pending.
    pub async fn withdraw_challenge(&self, id: ChallengeId, now: Timestamp) -> Result<Challenge, StoreError> {
        settle(&mut *self.pool.acquire().await?, id, ChallengeStatus::Withdrawn, now).await
    }

    /// Expires every pending challenge that has lapsed by `now` and returns them (so their
    /// messages can be edited), oldest first.
    pub async fn expire_challenges(&self, now: Timestamp) -> Result<Vec<Challenge>, StoreError> {
        let rows: Vec<ChallengeRow> = sqlx::query_as(
            "UPDATE challenges SET status = 'expired', updated_at = ?1
             WHERE status = 'pending' AND expires_at <= ?1 RETURNING *",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        let mut expired = rows.into_iter().map(Challenge::try_from).collect::<Result<Vec<_>, _>>()?;
        expired.sort_by_key(|challenge| challenge.id);
        Ok(expired)
    }

    /// Remembers the message that shows the challenge and its buttons.
    pub async fn set_challenge_message(&self, id: ChallengeId, message: MessageId) -> Result<(), StoreError> {
        let done = sqlx::query("UPDATE challenges SET message_id = ? WHERE id = ?")
            .bind(message)
            .bind(id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 { Ok(()) } else { Err(StoreError::NotFound) }
    }
}

impl Tx {
    /// [`Store::accept_challenge`] inside this transaction; follow it with [`Tx::create_game`] so
    /// that a busy channel leaves the challenge pending.
    pub async fn accept_challenge(
        &mut self,
        id: ChallengeId,
        by: UserId,
        now: Timestamp,
    ) -> Result<Challenge, StoreError> {
        accept(&mut self.tx, id, by, now).await
    }
}

#[cfg(test)]
mod tests;
