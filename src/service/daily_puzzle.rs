//! The daily puzzle: a server that sets a channel and an hour in `/settings` gets the day's
//! puzzle (the same for everyone that day) posted there at that hour, UTC, with yesterday's
//! solution and who solved it. Members answer in private (the Solve button opens the puzzle for
//! them alone). The sweep claims each server's post of a day once and notes it once posted; a
//! claim whose process stopped before posting is posted again after a grace period.

use std::time::Duration;

use crate::puzzle;
use crate::store::queries::*;
use crate::store::{DailyPost, GuildId, NewAttempt, PuzzleMode, Timestamp};

use super::command::DailyPuzzleSetting;
use super::reply::{Announcement, Posted};
use super::text::{civil, utc_day};
use super::view::puzzle as words;
use super::{Invocation, Response, Service, ServiceError, UserError};

/// The hour (UTC) a daily puzzle is posted at when `/settings` names none.
pub const DEFAULT_DAILY_HOUR: u8 = 12;

/// How long a claimed post may stay unposted before a sweep posts it again (its process
/// stopped between the claim and the post).
const DAILY_GRACE: Duration = Duration::from_secs(120);

/// The difficulties a day's puzzle is drawn from: neither trivial nor for experts only.
const DAILY_DIFFICULTY: std::ops::RangeInclusive<u8> = 3..=7;

/// How many servers one sweep posts for.
const AT_ONCE: usize = 50;

/// The number of the day's puzzle of `day` (`2026-11-30`): the same everywhere, drawn from the
/// puzzles of middling difficulty by the day alone.
pub fn daily_puzzle_number(day: &str) -> u32 {
    let candidates: Vec<u32> = puzzle::shipped()
        .puzzles
        .iter()
        .zip(1u32..)
        .filter(|(p, _)| DAILY_DIFFICULTY.contains(&p.difficulty))
        .map(|(_, number)| number)
        .collect();
    let seed = day.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    let draw = crate::engine::SplitMix64::new(seed).next_u64();
    candidates[usize::try_from(draw % candidates.len() as u64).unwrap_or(0)]
}

/// A day as a number (`2026-11-30` is 20261130), for a button's id.
pub fn day_number(day: &str) -> Option<u32> {
    let digits: String = day.chars().filter(char::is_ascii_digit).collect();
    (digits.len() == 8).then(|| digits.parse().ok()).flatten()
}

/// The day a [`day_number`] stands for.
pub fn day_of_number(number: u32) -> String {
    format!("{:04}-{:02}-{:02}", number / 10_000, number / 100 % 100, number % 100)
}

impl Service {
    /// `/settings daily_puzzle:` and `puzzle_hour:`: posts the daily puzzle in the caller's
    /// channel at the hour (the one set before, or [`DEFAULT_DAILY_HOUR`]), or stops it.
    pub(super) async fn set_daily_puzzle(
        &self,
        inv: &Invocation,
        guild: GuildId,
        setting: Option<DailyPuzzleSetting>,
        hour: Option<u8>,
    ) -> Result<(), ServiceError> {
        let store = &self.inner.store;
        let now = store.daily_plan(guild).await?;
        let plan = match (setting, now) {
            (Some(DailyPuzzleSetting::Off), _) => None,
            (Some(DailyPuzzleSetting::Here), plan) => {
                Some((inv.channel, hour.or(plan.map(|p| p.hour)).unwrap_or(DEFAULT_DAILY_HOUR)))
            }
            (None, Some(plan)) => Some((plan.channel, hour.unwrap_or(plan.hour))),
            (None, None) if hour.is_some() => Some((inv.channel, hour.unwrap_or(DEFAULT_DAILY_HOUR))),
            (None, None) => return Ok(()),
        };
        store.set_daily_plan(guild, plan, inv.now).await?;
        Ok(())
    }

    /// Claims and announces each server's post of the day whose hour has come, and announces
    /// again the posts claimed but never posted; each under its own key and noted once posted
    /// ([`Service::posted`]).
    pub async fn sweep_daily_puzzles(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let store = &self.inner.store;
        let day = utc_day(now);
        let (.., hour, _) = civil(now.as_millis().div_euclid(1000));
        let hour = u8::try_from(hour).unwrap_or(0);
        let mut out = Vec::new();
        for plan in store.due_daily_plans(&day, hour).await?.into_iter().take(AT_ONCE) {
            let post = DailyPost {
                guild: plan.guild,
                day: day.clone(),
                puzzle: daily_puzzle_number(&day),
                channel: plan.channel,
                claimed_at: now,
            };
            if store.claim_daily_post(&post).await? {
                match self.daily_announcement(&post).await {
                    Ok(announcement) => out.push(announcement),
                    Err(e) => tracing::error!(guild = plan.guild.0, error = %e, "could not make the daily puzzle"),
                }
            }
        }
        for post in store.unposted_daily_posts(now.minus(DAILY_GRACE)).await?.into_iter().take(AT_ONCE) {
            match self.daily_announcement(&post).await {
                Ok(announcement) => out.push(announcement),
                Err(e) => tracing::error!(guild = post.guild.0, error = %e, "could not make the daily puzzle"),
            }
        }
        Ok(out)
    }

    /// A server's post of the day: the puzzle with its Solve button, and yesterday's solution
    /// with who solved it there, in the server's language.
    async fn daily_announcement(&self, post: &DailyPost) -> Result<Announcement, ServiceError> {
        let locale = self.server_locale(Some(post.guild)).await?;
        let theme = self.theme(Some(post.guild)).await?;
        let puzzle = puzzle::numbered(post.puzzle)
            .ok_or_else(|| ServiceError::Internal(anyhow::anyhow!("no daily puzzle #{}", post.puzzle)))?;
        let day = day_number(&post.day)
            .ok_or_else(|| ServiceError::Internal(anyhow::anyhow!("a daily post of no day: {}", post.day)))?;
        let yesterday = utc_day(Timestamp(post_midnight(&post.day)? - 1));
        // Yesterday's puzzle as it was posted here (none when nothing was).
        let posted = self.store().daily_post_of(post.guild, &yesterday).await?;
        let yesterday = match posted.and_then(|before| Some((before.puzzle, puzzle::numbered(before.puzzle)?))) {
            Some((number, before)) => {
                let solvers = self.store().daily_solvers(post.guild, &yesterday).await?;
                Some(words::Yesterday { puzzle: before, number, solvers })
            }
            None => None,
        };
        let today = words::DailyPost { locale, theme, puzzle, number: post.puzzle, day: &post.day, day_number: day };
        let reply = words::daily_post(self.pictures(), &today, yesterday.as_ref());
        Ok(Announcement {
            key: Some(format!("pd{}.{day}", post.guild.0 % 1_000_000_000)),
            then: Some(Posted::DailyPuzzle { guild: post.guild, day }),
            ..Announcement::new(post.channel, reply)
        })
    }

    /// The Solve button under a day's post: the caller's attempt at that day's puzzle, in
    /// private (their live one again, or their finished one with its solution).
    pub(super) async fn solve_daily(&self, inv: &Invocation, number: u32, day: u32) -> Result<Response, ServiceError> {
        let day = day_of_number(day);
        if daily_puzzle_number(&day) != number || puzzle::numbered(number).is_none() {
            return Err(UserError::Stale.into());
        }
        if let Some(attempt) = self.store().daily_attempt(inv.user.id, inv.guild, &day).await? {
            return self.show_attempt(inv, &attempt, None, None).await;
        }
        self.seed_puzzles().await?;
        let new = NewAttempt {
            player: inv.user.id,
            guild: inv.guild,
            channel: inv.channel,
            puzzle: number,
            mode: PuzzleMode::Daily,
            run: None,
            streak: 0,
            day: Some(day),
        };
        let record = self.store().create_attempt(&new, inv.now).await?;
        self.show_attempt(inv, &record, None, None).await
    }
}

/// The first millisecond of `day` (`2026-11-30`), UTC.
fn post_midnight(day: &str) -> Result<i64, ServiceError> {
    let number = day_number(day).ok_or_else(|| ServiceError::Internal(anyhow::anyhow!("not a day: {day}")))?;
    let (year, month, date) = (i64::from(number / 10_000), number / 100 % 100, i64::from(number % 100));
    Ok((super::season_calendar::days_from_civil(year, month) + date - 1) * 86_400_000)
}
