//! Where rows stand: a game's status and why it ended, a challenge's status. Stored as short
//! lowercase words; a word the schema does not allow parses as `None` (the row is then corrupt).

use std::fmt;

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Being played.
    Live,
    /// Over, with a result.
    Finished,
    /// Called off: no result, no rating change.
    Aborted,
}

impl GameStatus {
    pub(crate) fn parse(text: &str) -> Option<GameStatus> {
        match text {
            "live" => Some(GameStatus::Live),
            "finished" => Some(GameStatus::Finished),
            "aborted" => Some(GameStatus::Aborted),
            _ => None,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Neither side could move.
    Normal,
    /// A player resigned.
    Resignation,
    /// A player let the move deadline pass and forfeited.
    Timeout,
    /// Called off; the game becomes `Aborted` and must have no winner.
    Aborted,
}

impl EndReason {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            EndReason::Normal => "normal",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::Aborted => "aborted",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<EndReason> {
        match text {
            "normal" => Some(EndReason::Normal),
            "resignation" => Some(EndReason::Resignation),
            "timeout" => Some(EndReason::Timeout),
            "aborted" => Some(EndReason::Aborted),
            _ => None,
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
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Pending => "pending",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Withdrawn => "withdrawn",
            ChallengeStatus::Expired => "expired",
        }
    }

    pub(crate) fn parse(text: &str) -> Option<ChallengeStatus> {
        match text {
            "pending" => Some(ChallengeStatus::Pending),
            "accepted" => Some(ChallengeStatus::Accepted),
            "declined" => Some(ChallengeStatus::Declined),
            "withdrawn" => Some(ChallengeStatus::Withdrawn),
            "expired" => Some(ChallengeStatus::Expired),
            _ => None,
        }
    }
}

impl fmt::Display for ChallengeStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
