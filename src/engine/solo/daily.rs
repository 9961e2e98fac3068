//! The daily deal: the seed of a calendar day, the same for everyone.

use crate::engine::random::SplitMix64;

/// A calendar date that does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{year:04}-{month:02}-{day:02} is not a date")]
pub struct InvalidDate {
    /// The year given.
    pub year: i32,
    /// The month given.
    pub month: u32,
    /// The day given.
    pub day: u32,
}

/// The seed of the day's deal, the same for everyone: the date as the number `yyyymmdd` (the
/// Gregorian calendar, years 1 to 9999), XORed with `0x534F_4C4F` ("SOLO"), given to
/// [`SplitMix64`] and its first output taken. This is stable: changing it changes every past
/// daily deal. Callers choose the day (the bot uses UTC).
///
/// ```
/// use reversi_bot::engine::solo::daily_seed;
/// let seed = daily_seed(2026, 11, 28).unwrap();
/// assert_eq!(seed, daily_seed(2026, 11, 28).unwrap());
/// assert_ne!(seed, daily_seed(2026, 11, 29).unwrap());
/// assert!(daily_seed(2026, 2, 29).is_err());
/// assert!(daily_seed(2028, 2, 29).is_ok());
/// ```
pub fn daily_seed(year: i32, month: u32, day: u32) -> Result<u64, InvalidDate> {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    if !(1..=9999).contains(&year) || day == 0 || day > days_in_month {
        return Err(InvalidDate { year, month, day });
    }
    let yyyymmdd = year as u64 * 10_000 + u64::from(month) * 100 + u64::from(day);
    Ok(SplitMix64::new(yyyymmdd ^ 0x534F_4C4F).next_u64())
}
