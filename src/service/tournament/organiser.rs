//! What organisers (and players, for themselves) do to a running tournament: who may, the
//! tournament's log, withdrawals and removals with the games they lose, pause and resume,
//! cancelling, and setting a result.

use crate::engine::Color;
use crate::store::queries::*;
use crate::store::{
    EndReason, GuildId, LogAction, LogEntry, PairingRecord, PairingResult, Timestamp, TournamentRecord,
    TournamentState, UserId,
};

use super::super::command::Adjudication;
use super::super::reply::Announcement;
use super::super::tournament_rules::BYE_DISCS;
use super::super::view::tournament as view;
use super::super::{Invocation, Response, Service, ServiceError, User, UserError, replay};

impl Service {
    /// Refuses anyone but the organiser, a member who may manage the server, or one of the
    /// server's organiser role.
    pub(super) async fn organiser(&self, inv: &Invocation, record: &TournamentRecord) -> Result<(), ServiceError> {
        if inv.user.id == record.organiser || self.may_organise(inv, record.guild).await? {
            Ok(())
        } else {
            Err(UserError::NotOrganiser.into())
        }
    }

    /// Whether the caller may run tournaments here: Manage Server, or the server's organiser role.
    pub(super) async fn may_organise(&self, inv: &Invocation, guild: GuildId) -> Result<bool, ServiceError> {
        if inv.can_manage_guild {
            return Ok(true);
        }
        let role = self.settings(Some(guild)).await?.organiser_role;
        Ok(role.is_some_and(|role| inv.roles.contains(&role)))
    }

    /// Writes what the organiser (the caller) did into the tournament's log.
    pub(super) async fn log(
        &self,
        inv: &Invocation,
        record: &TournamentRecord,
        action: LogAction,
        subject: Option<UserId>,
        detail: Option<String>,
    ) -> Result<(), ServiceError> {
        self.store().upsert_player(inv.user.id, &inv.user.name, inv.user.is_bot, inv.now).await?;
        let entry = LogEntry { tournament: record.id, at: inv.now, actor: Some(inv.user.id), action, subject, detail };
        Ok(self.store().log_action(&entry).await?)
    }

    /// Withdraws the caller, or (by the organiser) the player named: before the start it is
    /// leaving; after it, they are paired no more, and their game of the round still open is
    /// lost (a forfeit when it was not yet begun, a resignation when it was).
    pub(super) async fn withdraw_from(
        &self,
        inv: &Invocation,
        record: TournamentRecord,
        player: Option<User>,
    ) -> Result<Response, ServiceError> {
        let who = match player {
            Some(player) if player.id != inv.user.id => {
                self.organiser(inv, &record).await?;
                player
            }
            _ => inv.user.clone(),
        };
        let removed = who.id != inv.user.id;
        match record.state {
            TournamentState::Signup => {
                if !self.store().leave_tournament(record.id, who.id).await? {
                    return Err(UserError::NotEntered.into());
                }
            }
            TournamentState::Running => {
                if !self.store().withdraw(record.id, who.id, record.round + 1).await? {
                    return Err(UserError::NotEntered.into());
                }
                self.forfeit_open_game(&record, who.id, inv.now).await?;
            }
            TournamentState::Finished | TournamentState::Cancelled => {
                return Err(UserError::TournamentNotRunning.into());
            }
        }
        if removed {
            self.log(inv, &record, LogAction::Removed, Some(who.id), None).await?;
        }
        let names = self.names_of(&record).await?;
        Ok(view::withdrawn(inv.locale(), &record, who.id, &names).into())
    }

    /// The withdrawn player's game of the current round, if still open, is lost: a game under
    /// way ends as their resignation, one not yet opened as a forfeit.
    pub(super) async fn forfeit_open_game(
        &self,
        record: &TournamentRecord,
        player: UserId,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let pairings = self.store().pairings(record.id).await?;
        let theirs = pairings.into_iter().filter(|p| p.round == record.round && p.result.is_none() && p.seats(player));
        for pairing in theirs {
            self.forfeit_pairing(pairing, player, now).await?;
        }
        Ok(())
    }

    /// `player` loses `pairing`: as a resignation when its game is under way, else a forfeit.
    pub(super) async fn forfeit_pairing(
        &self,
        pairing: PairingRecord,
        player: UserId,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let loser = if pairing.black == player { Color::Black } else { Color::White };
        if pairing.game.is_some() {
            if let Some(game_record) = self.pairing_game(&pairing).await? {
                let game = replay(&game_record)?;
                self.end(&game_record, &game, Some(loser.opponent()), EndReason::Resignation, now).await?;
            }
        } else {
            let full = u32::from(BYE_DISCS);
            let (result, discs) = match loser {
                Color::Black => (PairingResult::WhiteForfeit, (0, full)),
                Color::White => (PairingResult::BlackForfeit, (full, 0)),
            };
            self.store().decide_pairing(&pairing, result, Some(discs), false).await?;
        }
        Ok(())
    }

    pub(super) async fn pause_tournament(
        &self,
        inv: &Invocation,
        record: TournamentRecord,
        pause: bool,
    ) -> Result<Response, ServiceError> {
        self.organiser(inv, &record).await?;
        if record.state != TournamentState::Running || record.paused == pause {
            return Err(UserError::TournamentNotRunning.into());
        }
        self.store().set_paused(record.id, record.version, pause, inv.now).await?;
        let action = if pause { LogAction::Paused } else { LogAction::Resumed };
        self.log(inv, &record, action, None, None).await?;
        Ok(view::paused(inv.locale(), &record, pause).into())
    }

    pub(super) async fn cancel_tournament(
        &self,
        inv: &Invocation,
        record: TournamentRecord,
    ) -> Result<Response, ServiceError> {
        self.organiser(inv, &record).await?;
        if !matches!(record.state, TournamentState::Signup | TournamentState::Running) {
            return Err(UserError::TournamentNotRunning.into());
        }
        self.store().end_tournament(record.id, record.version, TournamentState::Cancelled, inv.now).await?;
        self.log(inv, &record, LogAction::Cancelled, None, None).await?;
        Ok(view::cancelled(inv.locale(), &record).into())
    }

    /// The organiser decides `player`'s open game of the current round: a game under way is
    /// called off (not rated) and the result counts for the tournament, with the discs of a win
    /// without play (32–0) or of a draw (32–32).
    pub(super) async fn adjudicate(
        &self,
        inv: &Invocation,
        record: TournamentRecord,
        player: User,
        result: Adjudication,
    ) -> Result<Response, ServiceError> {
        self.organiser(inv, &record).await?;
        if record.state != TournamentState::Running {
            return Err(UserError::TournamentNotRunning.into());
        }
        let pairings = self.store().pairings(record.id).await?;
        let Some(pairing) =
            pairings.into_iter().find(|p| p.round == record.round && p.result.is_none() && p.seats(player.id))
        else {
            return Err(UserError::NoGameToDecide(record.round).into());
        };
        let full = u32::from(BYE_DISCS);
        let black_wins = match result {
            Adjudication::Draw => None,
            Adjudication::Win => Some(pairing.black == player.id),
            Adjudication::Loss => Some(pairing.black != player.id),
        };
        let (decided, discs) = match black_wins {
            None => (PairingResult::Draw, (full, full)),
            Some(true) => (PairingResult::Black, (full, 0)),
            Some(false) => (PairingResult::White, (0, full)),
        };
        if !self.store().decide_pairing(&pairing, decided, Some(discs), true).await? {
            return Err(UserError::NoGameToDecide(record.round).into());
        }
        let names = self.names_of(&record).await?;
        let mut announcements = Vec::new();
        if let Some(game_record) = self.pairing_game(&pairing).await? {
            let game = replay(&game_record)?;
            self.end(&game_record, &game, None, EndReason::Aborted, inv.now).await?;
            if let Some(channel) = game_record.channel {
                let locale = self.server_locale(Some(record.guild)).await?;
                let reply = view::adjudicated(locale, &record, &pairing, decided, &names);
                announcements.push(Announcement::new(channel, reply));
            }
        }
        let detail = format!("{}.{}.{} {}", pairing.round, pairing.board, pairing.game_no, decided.as_str());
        self.log(inv, &record, LogAction::Result, Some(pairing.black), Some(detail)).await?;
        let reply = view::adjudicated(inv.locale(), &record, &pairing, decided, &names);
        Ok(Response { reply, announcements, openings: Vec::new() })
    }
}
