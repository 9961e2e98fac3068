//! Work nobody asked for, run on a timer and at start-up: lapsed challenges, move deadlines
//! (forfeits and reminders) and the bot's moves owed (after a restart, or when one could not be
//! saved). Each returns [`Announcement`]s for the adapter to post, in the server's language. A
//! failure in one game is logged and the others go on.

use std::time::Duration;

use crate::store::Queries;
use crate::store::{EndReason, GameRecord, Timestamp};

use super::facts::{Event, Played};
use super::reply::Announcement;
use super::text::Locale;
use super::text::replies;
use super::{Service, ServiceError, UserError, replay};

/// A game where the bot is to move but nothing happened for this long gets its move from the sweep
/// (longer than any move the bot thinks about).
const STALLED_AFTER: Duration = Duration::from_secs(150);

impl Service {
    /// The language of announcements about `record`'s server.
    async fn locale_for(&self, guild: Option<crate::store::GuildId>) -> Result<Locale, ServiceError> {
        let settings = self.settings(guild).await?;
        self.announcement_locale(&settings, guild).await
    }

    /// Expires lapsed challenges, forfeits games past their deadline (a loss for the player to
    /// move), reminds players whose deadline is near (once per move), and makes the bot's moves
    /// left unmade.
    pub async fn sweep(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let store = &self.inner.store;
        let mut out = Vec::new();
        for challenge in store.expire_challenges(now).await? {
            let name = self.name_of(challenge.challenger).await?;
            let locale = self.locale_for(challenge.guild).await?;
            out.push(Announcement { channel: challenge.channel, reply: replies::lapsed(locale, &name) });
        }
        for record in store.overdue_games(now).await? {
            match self.forfeit(&record, now).await {
                Ok(Some(announcement)) => out.push(announcement),
                Ok(None) => {}
                Err(e) => tracing::error!(game = record.id.0, error = %e, "could not forfeit an overdue game"),
            }
        }
        out.extend(self.bot_moves_due(now, Some(now.minus(STALLED_AFTER))).await?);
        let horizon = now.plus(self.inner.options.reminder_before);
        for record in store.games_due_reminder(now, horizon).await? {
            match self.remind(&record, now).await {
                Ok(Some(announcement)) => out.push(announcement),
                Ok(None) => {}
                Err(e) => tracing::error!(game = record.id.0, error = %e, "could not send a reminder"),
            }
        }
        Ok(out)
    }

    async fn forfeit(&self, record: &GameRecord, now: Timestamp) -> Result<Option<Announcement>, ServiceError> {
        let game = replay(record)?;
        let Some(late) = game.to_move() else { return Ok(None) };
        if self.is_bot(record.player(late)) {
            return Ok(None);
        }
        match self.end(record, &game, Some(late.opponent()), EndReason::Timeout, now).await {
            Ok((record, changes)) => {
                let channel = record.channel;
                let locale = self.locale_for(record.guild).await?;
                let played = Played { record, game, events: vec![Event::LostOnTime(late)], changes };
                let reply = self.board(&played, locale).await?;
                Ok(Some(Announcement { channel, reply }))
            }
            // Someone moved at the last moment: the game goes on.
            Err(ServiceError::User(UserError::Raced)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    async fn remind(&self, record: &GameRecord, now: Timestamp) -> Result<Option<Announcement>, ServiceError> {
        let game = replay(record)?;
        let (Some(color), Some(deadline)) = (game.to_move(), record.deadline) else { return Ok(None) };
        if self.is_bot(record.player(color)) || !self.inner.store.mark_reminded(record.id, record.version, now).await? {
            return Ok(None);
        }
        let player = record.player(color);
        let name = self.name_of(player).await?;
        let locale = self.locale_for(record.guild).await?;
        let theme = self.theme(record.guild).await?;
        let reply = replies::reminder(locale, theme, (player, &name), record, color, deadline);
        Ok(Some(Announcement { channel: record.channel, reply }))
    }

    /// At start-up: the bot makes its move in every live game where it is to move (it may have
    /// been thinking when the process stopped).
    pub async fn resume(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        self.bot_moves_due(now, None).await
    }

    /// The bot's moves in live games where it is to move, of those last changed before
    /// `stalled_before` when given (a move it could not save, say).
    async fn bot_moves_due(
        &self,
        now: Timestamp,
        stalled_before: Option<Timestamp>,
    ) -> Result<Vec<Announcement>, ServiceError> {
        let mut out = Vec::new();
        for record in self.inner.store.live_games().await? {
            if stalled_before.is_some_and(|before| record.updated_at > before) {
                continue;
            }
            let game = replay(&record)?;
            let bot_to_move = game.to_move().is_some_and(|c| self.is_bot(record.player(c)));
            if !bot_to_move {
                continue;
            }
            let channel = record.channel;
            let guild = record.guild;
            let first = if stalled_before.is_some() { Event::LateMove } else { Event::BackOnline };
            let played = Played { record, game, events: vec![first], changes: Vec::new() };
            match self.bot_turns(played, now).await {
                Ok(played) => {
                    let locale = self.locale_for(guild).await?;
                    out.push(Announcement { channel, reply: self.board(&played, locale).await? });
                }
                Err(e) => tracing::error!(channel = channel.0, error = %e, "could not make the bot's move"),
            }
        }
        Ok(out)
    }
}
