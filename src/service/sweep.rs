//! Work nobody asked for, run on a timer and at start-up: lapsed challenges, move deadlines
//! (forfeits and reminders), seasons whose end has passed (`seasons`) and the bot's moves nobody is thinking about (after a restart, a
//! process that died, or a move that could not be saved). With several processes on one database
//! each of these happens once: challenges expire by one update, forfeits are compare-and-sets,
//! the bot's moves are claimed under a lease. Each returns [`Announcement`]s for the adapter to
//! post, in the server's language, keyed so that the same news posted twice shows once:
//! a reminder is noted as sent only once posted, and a forfeit whose announcement was never
//! posted (its process stopped first) is announced again. A failure in one game is logged and
//! the others go on.

use crate::store::queries::*;
use crate::store::{EndReason, GameRecord, Timestamp};
use std::time::Duration;

use super::facts::{Event, Played};
use super::ratings::Change;
use super::reply::{Announcement, Posted};
use super::text::Locale;
use super::view::replies;
use super::{Service, ServiceError, UserError, replay};

/// How many of the bot's moves one sweep takes on at most (the rest wait for the next).
const CLAIM_AT_ONCE: u32 = 20;
/// How long the process that ended a game on time has to announce it before others do.
const FORFEIT_GRACE: Duration = Duration::from_secs(15);

impl Service {
    /// The language of announcements about `record`'s server.
    pub(super) async fn locale_for(&self, guild: Option<crate::store::GuildId>) -> Result<Locale, ServiceError> {
        let settings = self.settings(guild).await?;
        self.announcement_locale(&settings, guild).await
    }

    /// The whole sweep: [`Service::sweep_deadlines`], then [`Service::sweep_bot_moves`].
    pub async fn sweep(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let mut out = self.sweep_deadlines(now).await?;
        out.extend(self.sweep_bot_moves(now).await?);
        Ok(out)
    }

    /// The bot's moves left unmade (claimed under a lease, so made once across processes). Slow
    /// when the bot thinks long, so kept apart from the deadlines, which must not wait for it.
    pub async fn sweep_bot_moves(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        self.bot_moves_due(now, Event::LateMove).await
    }

    /// Expires lapsed challenges, forfeits games past their deadline (a loss for the player to
    /// move), reminds players whose deadline is near (once per move), closes and announces the
    /// seasons whose end has passed, and removes the data of servers the bot left longer ago than
    /// the grace period.
    pub async fn sweep_deadlines(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let store = &self.inner.store;
        let mut out = Vec::new();
        if let Err(e) = self.forget_departed_servers(now).await {
            tracing::error!(error = %e, "could not remove the data of servers the bot left");
        }
        for challenge in store.expire_challenges(now).await? {
            // Outside a server the bot may not post in the chat: the challenge's buttons say it lapsed.
            if challenge.guild.is_none() {
                continue;
            }
            let locale = self.locale_for(challenge.guild).await?;
            let name = self.name_of(challenge.challenger, locale).await?;
            let lapsed = Announcement::new(challenge.channel, replies::lapsed(locale, &name));
            out.push(lapsed.keyed(format!("c{}", challenge.id.0)));
        }
        for record in store.overdue_games(now).await? {
            match self.forfeit(&record, now).await {
                Ok(Some(announcement)) => out.push(announcement),
                Ok(None) => {}
                Err(e) => tracing::error!(game = record.id.0, error = %e, "could not forfeit an overdue game"),
            }
        }
        for record in store.unannounced_forfeits(now.minus(FORFEIT_GRACE)).await? {
            match self.forfeit_again(&record).await {
                Ok(announcement) => out.extend(announcement),
                Err(e) => tracing::error!(game = record.id.0, error = %e, "could not announce a forfeit"),
            }
        }
        match self.sweep_seasons(now).await {
            Ok(announcements) => out.extend(announcements),
            Err(e) => tracing::error!(error = %e, "could not sweep the seasons"),
        }
        match self.sweep_turn_notices(now).await {
            Ok(notices) => out.extend(notices),
            Err(e) => tracing::error!(error = %e, "could not sweep the your-turn notices"),
        }
        match self.sweep_daily_puzzles(now).await {
            Ok(announcements) => out.extend(announcements),
            Err(e) => tracing::error!(error = %e, "could not post the daily puzzles"),
        }
        let horizon = now.plus(self.inner.options.reminder_before);
        for record in store.games_due_reminder(now, horizon).await? {
            match self.remind(&record).await {
                Ok(Some(announcement)) => out.push(announcement),
                Ok(None) => {}
                Err(e) => tracing::error!(game = record.id.0, error = %e, "could not send a reminder"),
            }
        }
        Ok(out)
    }

    /// Ends a game as lost on time by the player to move (never the bot): the announcement.
    pub(super) async fn forfeit(
        &self,
        record: &GameRecord,
        now: Timestamp,
    ) -> Result<Option<Announcement>, ServiceError> {
        let game = replay(record)?;
        let Some(late) = game.to_move() else { return Ok(None) };
        if self.is_bot(record.player(late)) {
            return Ok(None);
        }
        match self.end(record, &game, Some(late.opponent()), EndReason::Timeout, now).await {
            Ok((record, changes)) => self.forfeit_announcement(record, game, late, changes).await,
            // Someone moved at the last moment: the game goes on.
            Err(ServiceError::User(UserError::Raced)) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The announcement of a loss on time by `late`, under the game's key (none for a game whose
    /// channel is no longer known).
    async fn forfeit_announcement(
        &self,
        record: GameRecord,
        game: crate::engine::Game,
        late: crate::engine::Color,
        changes: Vec<Change>,
    ) -> Result<Option<Announcement>, ServiceError> {
        let (id, Some(channel)) = (record.id, record.channel) else { return Ok(None) };
        let locale = self.locale_for(record.guild).await?;
        let played = Played { record, game, events: vec![Event::LostOnTime(late)], changes };
        let reply = self.board(&played, locale).await?;
        Ok(Some(Announcement {
            key: Some(format!("f{}", id.0)),
            then: Some(Posted::Forfeit(id)),
            ..Announcement::new(channel, reply)
        }))
    }

    /// A loss on time announced again, as it was first made, when its first announcement was
    /// never posted.
    async fn forfeit_again(&self, record: &GameRecord) -> Result<Option<Announcement>, ServiceError> {
        let Some(late) = record.ending.and_then(|ending| ending.winner).map(|winner| winner.opponent()) else {
            return Ok(None);
        };
        let game = replay(record)?;
        let stored = self.inner.store.rating_changes(record.id).await?;
        let changes = stored.iter().filter_map(|change| Change::from_stored(record, change)).collect();
        self.forfeit_announcement(record.clone(), game, late, changes).await
    }

    /// A reminder for the current move, under a key of the game and its version. It is noted
    /// as sent once posted ([`Service::posted`]); until then each sweep makes it again, and
    /// the key shows it once.
    async fn remind(&self, record: &GameRecord) -> Result<Option<Announcement>, ServiceError> {
        let game = replay(record)?;
        let (Some(color), Some(deadline), Some(channel)) = (game.to_move(), record.deadline, record.channel) else {
            return Ok(None);
        };
        if self.is_bot(record.player(color)) {
            return Ok(None);
        }
        let player = record.player(color);
        let locale = self.locale_for(record.guild).await?;
        let name = self.name_of(player, locale).await?;
        let theme = self.game_theme(record.guild, &record.rules).await?;
        let reply = replies::reminder(locale, theme, (player, &name), record, color, deadline);
        Ok(Some(Announcement {
            key: Some(format!("r{}.{}", record.id.0, record.version)),
            then: Some(Posted::Reminder { game: record.id, version: record.version }),
            ..Announcement::new(channel, reply)
        }))
    }

    /// Notes that an announcement was posted, so that it is not made again.
    /// `message` is the message posted or edited, when the front end knows it.
    pub async fn posted(
        &self,
        what: Posted,
        message: Option<crate::store::MessageId>,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        match what {
            Posted::LiveBoard { board, version, over } => self.live_board_shown(board, version, over, message).await?,
            Posted::TurnNotice { game, version } => self.inner.store.mark_turn_notice_sent(game, version, now).await?,
            Posted::Reminder { game, version } => {
                self.inner.store.mark_reminded(game, version, now).await?;
            }
            Posted::Forfeit(game) => self.inner.store.mark_forfeit_announced(game, now).await?,
            Posted::SeasonClosed(season) => self.inner.store.mark_season_announced(season, now).await?,
            Posted::DailyPuzzle { guild, day } => {
                let day = super::daily_puzzle::day_of_number(day);
                self.inner.store.mark_daily_posted(guild, &day, now).await?;
            }
        }
        Ok(())
    }

    /// At start-up: notes who is to move in live games stored before that was kept, then makes
    /// the bot's moves nobody holds a lease on (it may have been thinking when the process
    /// stopped). Moves another running process is thinking about are left to it.
    pub async fn resume(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let store = &self.inner.store;
        for record in store.live_games().await? {
            if record.to_move.is_some() {
                continue;
            }
            let game = replay(&record)?;
            if let Some(color) = game.to_move() {
                store.note_to_move(record.id, record.version, record.player(color)).await?;
            }
        }
        self.bot_moves_due(now, Event::BackOnline).await
    }

    /// The bot's moves in live games where it is to move and nobody holds an unlapsed lease,
    /// claimed first so that no other process computes them too.
    async fn bot_moves_due(&self, now: Timestamp, first: Event) -> Result<Vec<Announcement>, ServiceError> {
        let mut out = Vec::new();
        let lease = self.bot_lease(now);
        let claimed = self.inner.store.claim_bot_moves(self.inner.bot.id, &lease, now, CLAIM_AT_ONCE).await?;
        for record in claimed {
            let game = replay(&record)?;
            // Live games always have their channel (a server's games lose it only once over).
            let Some(channel) = record.channel else { continue };
            let guild = record.guild;
            let played = Played { record, game, events: vec![first.clone()], changes: Vec::new() };
            match self.bot_turns(played, now).await {
                Ok(played) => {
                    let locale = self.locale_for(guild).await?;
                    let key = format!("m{}.{}", played.record.id.0, played.record.version);
                    out.push(Announcement::new(channel, self.board(&played, locale).await?).keyed(key));
                }
                Err(e) => tracing::error!(channel = channel.0, error = %e, "could not make the bot's move"),
            }
        }
        Ok(out)
    }
}
