//! Challenges: an invitation to a game in a channel, to one player or (with no target) to anyone.
//! A challenge leaves `pending` exactly once, by a compare-and-set on its status, so two accepts
//! cannot both win. The database keeps at most one pending challenge per channel.

use sqlx::FromRow;

use super::error::{corrupt, unknown_player_or, violates_unique};
use super::ids::{ChallengeId, ChannelId, GuildId, MessageId, Timestamp, UserId};
use super::status::ChallengeStatus;
use super::{Conn, Queries, StoreError, on, rules_from_json, rules_to_json, small};
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
    /// The Japanese rule: on acceptance one player, drawn by lot, decides whether a tie counts
    /// for black or for white, then the other picks a colour.
    Japanese,
}

impl ColorChoice {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ColorChoice::Black => "black",
            ColorChoice::White => "white",
            ColorChoice::Random => "random",
            ColorChoice::Japanese => "japanese",
        }
    }

    fn parse(text: &str) -> Result<ColorChoice, StoreError> {
        match text {
            "black" => Ok(ColorChoice::Black),
            "white" => Ok(ColorChoice::White),
            "random" => Ok(ColorChoice::Random),
            "japanese" => Ok(ColorChoice::Japanese),
            _ => Err(corrupt("colour choice", text)),
        }
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

/// A `challenges` row as the database returns it.
#[derive(FromRow)]
pub(super) struct ChallengeRow {
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
            status: ChallengeStatus::parse(&row.status).ok_or_else(|| corrupt("challenge status", &row.status))?,
            accepted_by: row.accepted_by,
            message: row.message_id,
            created_at: row.created_at,
            expires_at: row.expires_at,
            updated_at: row.updated_at,
        })
    }
}

/// One challenge, if there is a row.
fn challenge(row: Option<ChallengeRow>) -> Result<Option<Challenge>, StoreError> {
    row.map(Challenge::try_from).transpose()
}

/// The operations on challenges (issued, answered, expired): each written once, run on a
/// [`Store`](super::Store) or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait ChallengeQueries<'a>: Queries<'a> {
    /// Issues a challenge. Fails with `ChallengePending` when the channel already has a pending
    /// one that has not lapsed (a lapsed one is expired on the way), and with `UnknownPlayer` when
    /// the challenger or target was never upserted.
    fn create_challenge(
        self,
        challenge: &NewChallenge,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            // A lapsed challenge the sweep has not reached yet must not block the channel. (Expiring it
            // is right on its own, so the two statements need no transaction.)
            on!(conn, |c| sqlx::query(
                "UPDATE challenges SET status = 'expired', updated_at = $1
                 WHERE channel_id = $2 AND status = 'pending' AND expires_at <= $1",
            )
            .bind(now)
            .bind(challenge.channel)
            .execute(c)
            .await
            .map(drop))?;
            let rules = rules_to_json(&challenge.rules)?;
            let row: ChallengeRow = on!(conn, |c| sqlx::query_as(
                "INSERT INTO challenges (guild_id, channel_id, challenger_id, target_id, color, rated, rules, expires_at,
                     created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING *",
            )
            .bind(challenge.guild)
            .bind(challenge.channel)
            .bind(challenge.challenger)
            .bind(challenge.target)
            .bind(challenge.color.as_str())
            .bind(challenge.rated)
            .bind(&rules)
            .bind(challenge.expires_at)
            .bind(now)
            .fetch_one(c)
            .await)
            .map_err(|error| {
                if violates_unique(&error, "challenges_one_pending_per_channel", "challenges.channel_id") {
                    StoreError::ChallengePending
                } else {
                    unknown_player_or(error)
                }
            })?;
            row.try_into()
        }
    }

    /// The challenge with this id, whatever its status.
    fn challenge(self, id: ChallengeId) -> impl Future<Output = Result<Option<Challenge>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            challenge(on!(conn, |c| sqlx::query_as("SELECT * FROM challenges WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await)?)
        }
    }

    /// How many of `challenger`'s challenges are pending and unlapsed at `now`, in any channel.
    fn open_challenges_by(
        self,
        challenger: UserId,
        now: Timestamp,
    ) -> impl Future<Output = Result<u32, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let (count,): (i64,) = on!(conn, |c| {
                sqlx::query_as(
                "SELECT COUNT(*) FROM challenges WHERE challenger_id = $1 AND status = 'pending' AND expires_at > $2"
            )
            .bind(challenger)
            .bind(now)
            .fetch_one(c)
            .await
            })?;
            small("count", count)
        }
    }

    /// The channel's pending challenge that has not lapsed by `now`, if any.
    fn pending_challenge_in(
        self,
        channel: ChannelId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Option<Challenge>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            challenge(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM challenges WHERE channel_id = $1 AND status = 'pending' AND expires_at > $2"
            )
            .bind(channel)
            .bind(now)
            .fetch_optional(c)
            .await)?)
        }
    }

    /// Accepts a pending, unlapsed challenge on behalf of `by` and returns it. Whether `by` may
    /// accept it is the caller's rule. Of two accepts, one wins; the other fails with
    /// `ChallengeClosed(Accepted)`. A lapsed one fails with `ChallengeClosed(Expired)`. In a
    /// [`Tx`](super::Tx) followed by [`GameQueries::create_game`](super::GameQueries::create_game), a busy channel leaves it pending.
    fn accept_challenge(
        self,
        id: ChallengeId,
        by: UserId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<ChallengeRow> = on!(conn, |c| sqlx::query_as(
                "UPDATE challenges SET status = 'accepted', accepted_by = $1, updated_at = $2
                 WHERE id = $3 AND status = 'pending' AND expires_at > $2 RETURNING *",
            )
            .bind(by)
            .bind(now)
            .bind(id)
            .fetch_optional(c)
            .await)
            .map_err(unknown_player_or)?;
            match row {
                Some(row) => row.try_into(),
                None => Err(closed(conn, id).await),
            }
        }
    }

    /// Declines a pending challenge (its target's answer); `ChallengeClosed` if it is not pending.
    fn decline_challenge(
        self,
        id: ChallengeId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            settle(leased.conn(), id, ChallengeStatus::Declined, now).await
        }
    }

    /// Withdraws a pending challenge (its challenger's change of mind); `ChallengeClosed` if it is
    /// not pending.
    fn withdraw_challenge(
        self,
        id: ChallengeId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            settle(leased.conn(), id, ChallengeStatus::Withdrawn, now).await
        }
    }

    /// Expires every pending challenge that has lapsed by `now` and returns them, oldest first.
    fn expire_challenges(self, now: Timestamp) -> impl Future<Output = Result<Vec<Challenge>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<ChallengeRow> = on!(conn, |c| sqlx::query_as(
                "UPDATE challenges SET status = 'expired', updated_at = $1
                 WHERE status = 'pending' AND expires_at <= $1 RETURNING *",
            )
            .bind(now)
            .fetch_all(c)
            .await)?;
            let mut expired = rows.into_iter().map(Challenge::try_from).collect::<Result<Vec<_>, _>>()?;
            expired.sort_by_key(|challenge| challenge.id);
            Ok(expired)
        }
    }

    /// Remembers the message that shows the challenge and its buttons.
    fn set_challenge_message(
        self,
        id: ChallengeId,
        message: MessageId,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query("UPDATE challenges SET message_id = $1 WHERE id = $2")
                .bind(message)
                .bind(id)
                .execute(c)
                .await
                .map(|done| done.rows_affected()))?;
            if done == 1 { Ok(()) } else { Err(StoreError::NotFound) }
        }
    }
}

impl<'a, Q: Queries<'a>> ChallengeQueries<'a> for Q {}

/// Why a challenge did not leave `pending`: it is unknown, closed, or pending but lapsed.
async fn closed(conn: Conn<'_>, id: ChallengeId) -> StoreError {
    match conn.challenge(id).await {
        Ok(None) => StoreError::NotFound,
        Ok(Some(challenge)) if challenge.status == ChallengeStatus::Pending => {
            StoreError::ChallengeClosed(ChallengeStatus::Expired)
        }
        Ok(Some(challenge)) => StoreError::ChallengeClosed(challenge.status),
        Err(error) => error,
    }
}

/// Moves a pending challenge to `status` (declined or withdrawn).
pub(super) async fn settle(
    mut conn: Conn<'_>,
    id: ChallengeId,
    status: ChallengeStatus,
    now: Timestamp,
) -> Result<Challenge, StoreError> {
    let row: Option<ChallengeRow> = on!(conn, |c| sqlx::query_as(
        "UPDATE challenges SET status = $1, updated_at = $2 WHERE id = $3 AND status = 'pending' RETURNING *",
    )
    .bind(status.as_str())
    .bind(now)
    .bind(id)
    .fetch_optional(c)
    .await)?;
    match row {
        Some(row) => row.try_into(),
        None => Err(closed(conn, id).await),
    }
}

#[cfg(test)]
mod tests;
