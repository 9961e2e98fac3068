//! The limits that keep one member from flooding a server through the bot, as pure decisions:
//! a rate per member for commands and clicks (a burst, then a steady rate), and caps on a
//! member's open challenges and on new games in one channel an hour. No I/O: the service feeds
//! in moments and counts and says the refusal.
//!
//! The rate is the generic cell rate algorithm (a token bucket kept as one moment): each request
//! moves the member's "theoretical arrival time" one interval on; a request is refused while that
//! time lies more than the burst's worth of intervals ahead of now.

use std::collections::HashMap;

use crate::store::{Timestamp, UserId};

/// How much a member may do; the defaults leave any human player far inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitsConfig {
    /// Commands and clicks a member may make at once.
    pub burst: u32,
    /// Commands and clicks a member may make a minute, steadily.
    pub per_minute: u32,
    /// Challenges one member may have open at once.
    pub open_challenges: u32,
    /// Games that may start in one channel in an hour.
    pub games_per_channel_hour: u32,
}

impl Default for LimitsConfig {
    /// A burst of 10, then 30 a minute; 3 open challenges; 20 games a channel an hour.
    fn default() -> LimitsConfig {
        LimitsConfig { burst: 10, per_minute: 30, open_challenges: 3, games_per_channel_hour: 20 }
    }
}

impl LimitsConfig {
    /// No limits at all: the console's single player, and tests that play faster than people.
    pub const fn unlimited() -> LimitsConfig {
        LimitsConfig {
            burst: u32::MAX,
            per_minute: u32::MAX,
            open_challenges: u32::MAX,
            games_per_channel_hour: u32::MAX,
        }
    }
}

/// What the rate says of one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Go ahead.
    Allowed,
    /// Refused; `first` is the first refusal since the member was last allowed (the one that gets
    /// an answer), `retry_after_ms` when the next request would be allowed.
    Refused {
        /// Whether this is the first refusal of the spell.
        first: bool,
        /// How long until a request would be allowed.
        retry_after_ms: i64,
    },
}

/// One member's state: when their next request would arrive if they kept exactly to the rate,
/// and whether they were told they are over it.
#[derive(Clone, Copy, Debug)]
struct Cell {
    arrival: i64,
    told: bool,
}

/// The rate of every member seen lately (members fully caught up are forgotten).
#[derive(Debug)]
pub struct RateLimits {
    interval_ms: i64,
    tolerance_ms: i64,
    cells: HashMap<UserId, Cell>,
    /// How many requests since the map was last swept of caught-up members.
    since_sweep: u32,
}

impl RateLimits {
    /// Limits at `config`'s burst and steady rate (a rate of 0 is read as 1 a minute).
    pub fn new(config: &LimitsConfig) -> RateLimits {
        // At least a millisecond apart, so an unlimited rate still tolerates clocks that step back.
        let interval_ms = (60_000 / i64::from(config.per_minute.max(1))).max(1);
        let tolerance_ms = interval_ms.saturating_mul(i64::from(config.burst.max(1) - 1));
        RateLimits { interval_ms, tolerance_ms, cells: HashMap::new(), since_sweep: 0 }
    }

    /// Counts one request of `user` at `now` and says whether it may go ahead.
    pub fn check(&mut self, user: UserId, now: Timestamp) -> Verdict {
        let now = now.as_millis();
        self.sweep(now);
        let cell = self.cells.entry(user).or_insert(Cell { arrival: now, told: false });
        let arrival = cell.arrival.max(now);
        let ahead = arrival - now;
        if ahead > self.tolerance_ms {
            let first = !cell.told;
            cell.told = true;
            return Verdict::Refused { first, retry_after_ms: ahead - self.tolerance_ms };
        }
        cell.arrival = arrival + self.interval_ms;
        cell.told = false;
        Verdict::Allowed
    }

    /// Forgets members whose bucket is full again, now and then, so the map stays small.
    fn sweep(&mut self, now: i64) {
        self.since_sweep += 1;
        if self.since_sweep >= 1_024 {
            self.since_sweep = 0;
            self.cells.retain(|_, cell| cell.arrival > now);
        }
    }
}

/// Whether a member with `open` challenges may open another.
pub fn may_open_challenge(config: &LimitsConfig, open: u32) -> bool {
    open < config.open_challenges
}

/// Whether a channel where `started` games began in the last hour may start another.
pub fn may_start_game(config: &LimitsConfig, started: u32) -> bool {
    started < config.games_per_channel_hour
}

/// The hour a channel's new games are counted over.
pub const GAME_WINDOW_MS: i64 = 60 * 60 * 1_000;

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const ALICE: UserId = UserId(1);
    const BOB: UserId = UserId(2);

    fn config(burst: u32, per_minute: u32) -> LimitsConfig {
        LimitsConfig { burst, per_minute, ..LimitsConfig::default() }
    }

    #[test]
    fn a_burst_is_allowed_at_once_and_the_next_request_is_refused_until_the_rate_allows_it() {
        let mut limits = RateLimits::new(&config(5, 30));
        for _ in 0..5 {
            assert_eq!(limits.check(ALICE, Timestamp(1_000)), Verdict::Allowed);
        }
        assert_eq!(limits.check(ALICE, Timestamp(1_000)), Verdict::Refused { first: true, retry_after_ms: 2_000 });
        assert_eq!(limits.check(ALICE, Timestamp(2_000)), Verdict::Refused { first: false, retry_after_ms: 1_000 });
        assert_eq!(limits.check(ALICE, Timestamp(3_000)), Verdict::Allowed);
        assert!(matches!(limits.check(ALICE, Timestamp(3_000)), Verdict::Refused { first: true, .. }));
    }

    #[test]
    fn one_member_over_the_limit_does_not_limit_another() {
        let mut limits = RateLimits::new(&config(2, 6));
        assert_eq!(limits.check(ALICE, Timestamp(0)), Verdict::Allowed);
        assert_eq!(limits.check(ALICE, Timestamp(0)), Verdict::Allowed);
        assert!(matches!(limits.check(ALICE, Timestamp(0)), Verdict::Refused { .. }));
        assert_eq!(limits.check(BOB, Timestamp(0)), Verdict::Allowed);
    }

    #[test]
    fn the_caps_on_challenges_and_games_allow_up_to_their_number() {
        let config = LimitsConfig { open_challenges: 3, games_per_channel_hour: 2, ..LimitsConfig::default() };
        assert!(may_open_challenge(&config, 2));
        assert!(!may_open_challenge(&config, 3));
        assert!(may_start_game(&config, 1));
        assert!(!may_start_game(&config, 2));
    }

    proptest! {
        /// A member who never asks faster than the steady rate is never refused, whatever the
        /// limits and however irregular their pace.
        #[test]
        fn a_member_keeping_to_the_steady_rate_is_never_refused(
            burst in 1u32..20,
            per_minute in 1u32..120,
            gaps in proptest::collection::vec(0i64..5_000, 1..200),
        ) {
            let mut limits = RateLimits::new(&config(burst, per_minute));
            let interval = 60_000 / i64::from(per_minute);
            let mut now = 0;
            for extra in gaps {
                prop_assert_eq!(limits.check(ALICE, Timestamp(now)), Verdict::Allowed);
                now += interval + extra;
            }
        }

        /// A busy channel of honest players (each within the burst, then resting as the rate
        /// asks) is never limited, however their requests interleave.
        #[test]
        fn a_busy_channel_of_honest_players_is_never_limited(
            players in 2u64..40,
            order in proptest::collection::vec((0u64..40, 0i64..3_000), 1..400),
        ) {
            let config = LimitsConfig::default();
            let mut limits = RateLimits::new(&config);
            let interval = 60_000 / i64::from(config.per_minute);
            // Each player's requests spaced by at least the steady interval.
            let mut next_allowed: HashMap<u64, i64> = HashMap::new();
            let mut now = 0;
            for (player, wait) in order {
                let player = player % players;
                now += wait;
                let earliest = next_allowed.get(&player).copied().unwrap_or(0);
                let at = now.max(earliest);
                prop_assert_eq!(limits.check(UserId(100 + player), Timestamp(at)), Verdict::Allowed);
                next_allowed.insert(player, at + interval);
                now = at;
            }
        }

        /// Over any stretch of time, a member gets at most the burst plus what the steady rate
        /// refills, and exactly one of each spell of refusals is the first.
        #[test]
        fn no_one_gets_more_than_the_burst_and_the_rate_and_each_spell_is_told_once(
            burst in 1u32..10,
            per_minute in 1u32..60,
            gaps in proptest::collection::vec(0i64..2_000, 1..300),
        ) {
            let mut limits = RateLimits::new(&config(burst, per_minute));
            let interval = 60_000 / i64::from(per_minute);
            let mut now = 0;
            let mut allowed = 0i64;
            let mut refused_in_a_row = 0;
            for gap in gaps {
                now += gap;
                match limits.check(ALICE, Timestamp(now)) {
                    Verdict::Allowed => {
                        allowed += 1;
                        refused_in_a_row = 0;
                    }
                    Verdict::Refused { first, retry_after_ms } => {
                        prop_assert_eq!(first, refused_in_a_row == 0);
                        prop_assert!(retry_after_ms > 0 && retry_after_ms <= interval);
                        refused_in_a_row += 1;
                    }
                }
                prop_assert!(allowed <= i64::from(burst) + now / interval);
            }
        }
    }
}
