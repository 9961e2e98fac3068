//! Takebacks in friendly games. The player who just moved asks (`/takeback` or the button under
//! the board); the opponent accepts or declines by button, and the bot grants one at once at
//! levels 1 to 3 (at 4 and 5 as the server's setting says). Never in a rated or tournament
//! game, never once the opponent has replied. The request and its answer are kept as the game's
//! history; the transcript keeps only the moves that stand. Accepting is a compare-and-set on
//! the request and on the game's version in one transaction, so it applies once.

use crate::engine::{Color, Game};
use crate::store::queries::*;
use crate::store::{GameId, GameRecord, GameStatus, NextTurn, TakebackId, TakebackStatus, Timestamp, Tx};

use super::facts::{Event, Played};
use super::view::replies;
use super::{Invocation, Response, Service, ServiceError, UserError, replay};

/// The strongest level of the bot that grants every takeback; above it the server decides.
const LENIENT_BOT_LEVEL: u8 = 3;

/// `game` with `color`'s last move taken back, and the replies after it: the game before that
/// move, and the moves taken back in order, spaced (`d3 c3`).
fn taken_back(game: &Game, color: Color) -> Option<(Game, String)> {
    let mut before = game.clone();
    let mut undone = Vec::new();
    loop {
        let played = before.undo()?;
        undone.push(played.mv);
        if played.color == color {
            break;
        }
    }
    let moves: Vec<String> = undone.iter().rev().map(ToString::to_string).collect();
    Some((before, moves.join(" ")))
}

impl Service {
    /// A takeback asked for, by `/takeback` (this channel's game) or the button (`expected`).
    pub(super) async fn ask_takeback(
        &self,
        inv: &Invocation,
        expected: Option<(GameId, i64)>,
    ) -> Result<Response, ServiceError> {
        let record = self.live_game(inv, expected).await?;
        let color = record.color_of(inv.user.id).ok_or(UserError::NotAPlayer)?;
        if record.rated {
            return Err(UserError::TakebackRated.into());
        }
        if self.inner.store.pairing_of_game(record.id).await?.is_some() {
            return Err(UserError::TakebackInTournament.into());
        }
        let game = replay(&record)?;
        let opponent = record.player(color.opponent());
        let against_bot = self.is_bot(opponent);
        if !game.moves().any(|m| m.color == color) {
            return Err(UserError::NothingToTakeBack.into());
        }
        if game.last_move().is_some_and(|last| last.color != color) && !against_bot {
            let name = self.name_of(opponent, inv.locale()).await?;
            return Err(UserError::TakebackAfterReply(name).into());
        }
        let (before, moves) = taken_back(&game, color).ok_or(UserError::NothingToTakeBack)?;
        if against_bot {
            let level = record.bot_level.unwrap_or(LENIENT_BOT_LEVEL);
            if level > LENIENT_BOT_LEVEL && !self.settings(record.guild).await?.strong_bot_takebacks {
                return Err(UserError::BotRefusesTakeback(level).into());
            }
            let mut tx = self.inner.store.begin().await?;
            let asked = tx.ask_takeback(record.id, record.version, inv.user.id, &moves, inv.now).await?;
            tx.answer_takeback(asked.id, TakebackStatus::Accepted, opponent, inv.now).await?;
            let played = self.write_taken_back(tx, &record, before, &moves, color, inv.now).await?;
            return Ok(self.board(&played, inv.locale()).await?.into());
        }
        let asked = self.inner.store.ask_takeback(record.id, record.version, inv.user.id, &moves, inv.now).await?;
        let names = self.names(&record, inv.locale()).await?;
        Ok(replies::takeback_question(inv.locale(), &asked, color, &names, opponent).into())
    }

    /// The opponent's answer to a takeback, by its buttons.
    pub(super) async fn answer_takeback(
        &self,
        inv: &Invocation,
        id: TakebackId,
        accept: bool,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let asked = store.takeback(id).await?.ok_or(UserError::Stale)?;
        let record = store.game(asked.game).await?.ok_or(UserError::NoSuchGame(asked.game))?;
        let asker = record.color_of(asked.asked_by).ok_or(UserError::Stale)?;
        if inv.user.id == asked.asked_by {
            let name = self.name_of(record.player(asker.opponent()), inv.locale()).await?;
            return Err(UserError::OwnTakeback(name).into());
        }
        if record.color_of(inv.user.id).is_none() {
            return Err(UserError::NotAPlayer.into());
        }
        if asked.status != TakebackStatus::Asked {
            return Err(UserError::TakebackAnswered.into());
        }
        if record.status != GameStatus::Live || record.version != asked.game_version {
            return Err(UserError::TakebackLapsed.into());
        }
        if !accept {
            if !store.answer_takeback(id, TakebackStatus::Declined, inv.user.id, inv.now).await? {
                return Err(UserError::TakebackAnswered.into());
            }
            let names = self.names(&record, inv.locale()).await?;
            return Ok(replies::takeback_declined(inv.locale(), &asked, asker, &names).into());
        }
        let game = replay(&record)?;
        let (before, moves) = taken_back(&game, asker).ok_or(UserError::TakebackLapsed)?;
        let mut tx = store.begin().await?;
        if !tx.answer_takeback(id, TakebackStatus::Accepted, inv.user.id, inv.now).await? {
            return Err(UserError::TakebackAnswered.into());
        }
        let played = self.write_taken_back(tx, &record, before, &moves, asker, inv.now).await?;
        Ok(self.board(&played, inv.locale()).await?.into())
    }

    /// Writes the game back to `before` in `tx` (compare-and-set on the version), with a fresh
    /// deadline for the player to move, and commits.
    async fn write_taken_back(
        &self,
        mut tx: Tx,
        record: &GameRecord,
        before: Game,
        moves: &str,
        asker: Color,
        now: Timestamp,
    ) -> Result<Played, ServiceError> {
        let mut fresh = record.clone();
        fresh.moves = before.transcript();
        fresh.updated_at = now;
        fresh.reminded_at = None;
        let to_move = before.to_move().map(|color| record.player(color));
        let next = NextTurn { deadline: self.deadline_after(record, &before, now).await?, to_move, bot_lease: None };
        fresh.version = tx.save_moves(record.id, record.version, &fresh.moves, &next, now).await?;
        tx.commit().await?;
        fresh.deadline = next.deadline;
        fresh.to_move = next.to_move;
        fresh.bot_lease = None;
        let by_bot = self.is_bot(record.player(asker.opponent()));
        let events = vec![Event::TookBack { color: asker, moves: moves.to_string(), by_bot }];
        Ok(Played { record: fresh, game: before, events, changes: Vec::new() })
    }
}
