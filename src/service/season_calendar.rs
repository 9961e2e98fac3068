//! The calendar of leaderboard seasons, pure: a season is a calendar month or quarter in UTC,
//! named by its key (`2026-10`, `2026-Q4`), with its window from its first millisecond to the
//! first of the next. Property tests check that every moment falls in exactly one season and that
//! every key reads back as its season.

use std::fmt;

use crate::store::{Cadence, SeasonWindow, Timestamp};

/// The fewest rated games in a season that put a player in its table.
pub const MIN_SEASON_GAMES: u32 = 5;

/// The years a season may be named in (the calendar maths holds far beyond; this keeps a typed
/// `99999-01` from meaning anything).
const YEARS: std::ops::RangeInclusive<i64> = 1970..=9999;

/// One season: a month (`index` 1-12) or a quarter (`index` 1-4) of a year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Season {
    /// Month or quarter.
    pub cadence: Cadence,
    /// The year.
    pub year: i64,
    /// The month (1-12) or the quarter (1-4).
    pub index: u32,
}

impl Season {
    /// The season of `cadence` that `at` falls in.
    pub fn containing(cadence: Cadence, at: Timestamp) -> Season {
        let (year, month, ..) = super::text::civil(at.as_millis().div_euclid(1000));
        let month = u32::try_from(month).unwrap_or(1);
        let index = match cadence {
            Cadence::Monthly => month,
            Cadence::Quarterly => (month - 1) / 3 + 1,
        };
        Season { cadence, year, index }
    }

    /// The season a key names: `2026-10` (a month) or `2026-Q4` (a quarter, `q` in either case);
    /// `None` for anything else.
    pub fn parse(text: &str) -> Option<Season> {
        let (year, rest) = text.trim().split_once('-')?;
        if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let year: i64 = year.parse().ok().filter(|y| YEARS.contains(y))?;
        let digits = |s: &str| !s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit());
        if let Some(quarter) = rest.strip_prefix(['Q', 'q']) {
            let index: u32 = quarter.parse().ok().filter(|q| (1..=4).contains(q) && quarter.len() == 1)?;
            return Some(Season { cadence: Cadence::Quarterly, year, index });
        }
        if rest.len() != 2 || !digits(rest) {
            return None;
        }
        let index: u32 = rest.parse().ok().filter(|m| (1..=12).contains(m))?;
        Some(Season { cadence: Cadence::Monthly, year, index })
    }

    /// Its key: `2026-10` or `2026-Q4`.
    pub fn key(&self) -> String {
        self.to_string()
    }

    /// The month it starts in (1-12).
    fn first_month(&self) -> u32 {
        match self.cadence {
            Cadence::Monthly => self.index,
            Cadence::Quarterly => (self.index - 1) * 3 + 1,
        }
    }

    /// The season after it.
    pub fn next(&self) -> Season {
        let last = match self.cadence {
            Cadence::Monthly => 12,
            Cadence::Quarterly => 4,
        };
        if self.index == last {
            Season { year: self.year + 1, index: 1, ..*self }
        } else {
            Season { index: self.index + 1, ..*self }
        }
    }

    /// The season before it.
    pub fn previous(&self) -> Season {
        match self.index {
            1 => Season {
                year: self.year - 1,
                index: match self.cadence {
                    Cadence::Monthly => 12,
                    Cadence::Quarterly => 4,
                },
                ..*self
            },
            index => Season { index: index - 1, ..*self },
        }
    }

    /// Its first moment (midnight UTC on the first day of its first month).
    pub fn starts_at(&self) -> Timestamp {
        Timestamp(days_from_civil(self.year, self.first_month()) * 86_400_000)
    }

    /// The first moment after it: the next season's start.
    pub fn ends_at(&self) -> Timestamp {
        self.next().starts_at()
    }

    /// Its key and window, as the store keeps them.
    pub fn window(&self) -> SeasonWindow {
        SeasonWindow { key: self.key(), starts_at: self.starts_at(), ends_at: self.ends_at() }
    }
}

impl fmt::Display for Season {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cadence {
            Cadence::Monthly => write!(f, "{:04}-{:02}", self.year, self.index),
            Cadence::Quarterly => write!(f, "{:04}-Q{}", self.year, self.index),
        }
    }
}

/// Days from 1970-01-01 to the first of `month` in `year` (Howard Hinnant's days_from_civil).
pub(super) fn days_from_civil(year: i64, month: u32) -> i64 {
    let month = i64::from(month);
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn months_and_quarters_start_at_midnight_utc_on_their_first_day() {
        let october = Season::parse("2026-10").unwrap();
        assert_eq!(
            (october.starts_at(), october.ends_at()),
            (Timestamp(1_790_812_800_000), Timestamp(1_793_491_200_000))
        );
        let q4 = Season::parse("2026-Q4").unwrap();
        assert_eq!((q4.starts_at(), q4.ends_at()), (Timestamp(1_790_812_800_000), Timestamp(1_798_761_600_000)));
        assert_eq!(Season::parse("2024-02").unwrap().ends_at(), Timestamp(1_709_251_200_000), "a leap February");
        assert_eq!(Season::parse("2000-01").unwrap().starts_at(), Timestamp(946_684_800_000));
        // The last millisecond of a season is in it; the next one is in the next season.
        let end = october.ends_at().as_millis();
        assert_eq!(Season::containing(Cadence::Monthly, Timestamp(end - 1)).key(), "2026-10");
        assert_eq!(Season::containing(Cadence::Monthly, Timestamp(end)).key(), "2026-11");
        assert_eq!(Season::containing(Cadence::Quarterly, Timestamp(end)).key(), "2026-Q4");
    }

    #[test]
    fn the_year_turns_after_december_and_the_fourth_quarter() {
        assert_eq!(Season::parse("2026-12").unwrap().next().key(), "2027-01");
        assert_eq!(Season::parse("2026-Q4").unwrap().next().key(), "2027-Q1");
        assert_eq!(Season::parse("2027-01").unwrap().previous().key(), "2026-12");
        assert_eq!(Season::parse("2027-Q1").unwrap().previous().key(), "2026-Q4");
    }

    #[test]
    fn only_a_month_or_a_quarter_of_a_four_digit_year_is_a_season() {
        assert_eq!(Season::parse(" 2026-q4 ").map(|s| s.key()), Some("2026-Q4".into()));
        for bad in [
            "",
            "2026",
            "2026-",
            "2026-13",
            "2026-00",
            "2026-1",
            "2026-001",
            "2026-Q5",
            "2026-Q0",
            "2026-Q",
            "2026-Q44",
            "26-10",
            "12026-10",
            "1969-12",
            "2026/10",
            "2026-10-01",
            "current",
            "2026-+1",
            "-2026-10",
        ] {
            assert_eq!(Season::parse(bad), None, "{bad:?}");
        }
    }

    proptest! {
        #[test]
        fn every_moment_falls_in_exactly_one_season_of_each_length(millis in 0i64..253_402_300_799_000) {
            for cadence in [Cadence::Monthly, Cadence::Quarterly] {
                let season = Season::containing(cadence, Timestamp(millis));
                prop_assert!(season.starts_at().as_millis() <= millis && millis < season.ends_at().as_millis());
                prop_assert_eq!(season.next().starts_at(), season.ends_at());
                prop_assert_eq!(season.next().previous(), season);
                prop_assert_eq!(Season::containing(cadence, season.ends_at()), season.next());
                prop_assert_eq!(Season::containing(cadence, season.starts_at()), season);
            }
        }

        #[test]
        fn every_key_reads_back_as_its_season(year in 1970i64..=9999, month in 1u32..=12, quarter in 1u32..=4) {
            for season in [
                Season { cadence: Cadence::Monthly, year, index: month },
                Season { cadence: Cadence::Quarterly, year, index: quarter },
            ] {
                prop_assert_eq!(Season::parse(&season.key()), Some(season));
            }
        }
    }
}
