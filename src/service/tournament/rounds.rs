//! The life of a tournament's rounds: each round paired (or the tournament ended) by
//! compare-and-set, its games claimed and opened in threads of their own, and the sweep that
//! starts tournaments due, runs out round deadlines, adds a knockout's deciding games and pairs
//! the next round once one is decided.

use std::collections::HashMap;
use std::time::Duration;

use crate::engine::{Game, Start};
use crate::store::queries::*;
use crate::store::{
    Entry, LogAction, NewGame, NewPairing, PairingRecord, Timestamp, TournamentId, TournamentRecord, TournamentState,
};

use super::super::facts::Played;
use super::super::reply::{Announcement, Opening};
use super::super::text::Locale;
use super::super::view::tournament::{self as view, Names};
use super::super::{Invocation, Response, Service, ServiceError, UserError};
use super::schedule::{self, NextRound, RoundState, next_round, standings};
use super::{OPENING_CLAIM, OPENINGS_AT_ONCE, TournamentNews};

/// A tournament game opened: its first board, for its thread, and for the round's first board
/// the live board that features it where the tournament posts.
#[derive(Clone, Debug, PartialEq)]
pub struct OpenedGame {
    /// The first board, posted in the game's thread.
    pub board: Announcement,
    /// The live board featuring it, when it is the round's first board.
    pub featured: Option<Announcement>,
}

impl Service {
    /// Starts a tournament taking sign-ups: pairs its first round and opens its games.
    pub(super) async fn start_tournament(
        &self,
        inv: &Invocation,
        record: TournamentRecord,
    ) -> Result<Response, ServiceError> {
        if record.state != TournamentState::Signup {
            return Err(UserError::TournamentClosed.into());
        }
        let entries = self.store().entries(record.id).await?;
        if entries.len() < 2 {
            return Err(UserError::TooFewPlayers.into());
        }
        let mut news = self.begin_next_round(&record, &entries, &[], inv.now).await?;
        if news.announcements.is_empty() {
            // Another process (or the clock) started it first.
            return Err(UserError::TournamentClosed.into());
        }
        self.log(inv, &record, LogAction::Started, None, None).await?;
        news.openings.extend(self.openings(Some(record.id), inv.now).await?);
        let first = news.announcements.remove(0);
        Ok(Response { reply: first.reply, announcements: news.announcements, openings: news.openings })
    }

    /// Pairs the round after those in `pairings` (or ends the tournament after its last), with a
    /// compare-and-set on its version: what to post. Another process having done it first, there
    /// is nothing to post.
    pub(super) async fn begin_next_round(
        &self,
        record: &TournamentRecord,
        entries: &[Entry],
        pairings: &[PairingRecord],
        now: Timestamp,
    ) -> Result<TournamentNews, ServiceError> {
        let locale = self.server_locale(Some(record.guild)).await?;
        let Some(channel) = record.channel else { return Ok(TournamentNews::default()) };
        let mut news = TournamentNews::default();
        match next_round(record, entries, pairings) {
            NextRound::Pair { round, rounds, pairings: new } => {
                let mut tx = self.store().begin().await?;
                match tx.begin_round(record.id, record.version, round, rounds, &new, now).await {
                    Ok(_) => tx.commit().await?,
                    Err(crate::store::StoreError::StaleVersion) => return Ok(news),
                    Err(other) => return Err(other.into()),
                }
                let all = self.store().pairings(record.id).await?;
                let names = self.names_of(record).await?;
                let fresh = TournamentRecord { round, rounds, ..record.clone() };
                if round > 1 {
                    let table = standings(record.format, entries, &all, round - 1);
                    let closed = TournamentRecord { round: round - 1, ..fresh.clone() };
                    let picture = self.standings_picture(record, &all).await?;
                    let reply = view::standings(locale, &closed, &table, &names, round - 1, picture);
                    news.announcements.push(Announcement::new(channel, reply).keyed(view::key(
                        record.id,
                        "s",
                        round - 1,
                    )));
                }
                let reply = view::round(locale, &fresh, &all, &names);
                news.announcements.insert(0, Announcement::new(channel, reply).keyed(view::key(record.id, "r", round)));
            }
            NextRound::Finished => {
                match self.store().end_tournament(record.id, record.version, TournamentState::Finished, now).await {
                    Ok(_) => {}
                    Err(crate::store::StoreError::StaleVersion) => return Ok(news),
                    Err(other) => return Err(other.into()),
                }
                let all = self.store().pairings(record.id).await?;
                let names = self.names_of(record).await?;
                let fresh = TournamentRecord { state: TournamentState::Finished, ..record.clone() };
                let table = standings(record.format, entries, &all, record.round);
                let picture = self.standings_picture(record, &all).await?;
                let reply = view::standings(locale, &fresh, &table, &names, record.round, picture);
                news.announcements.push(Announcement::new(channel, reply).keyed(view::key(record.id, "f", 0)));
            }
        }
        Ok(news)
    }

    /// Claims the games still to be opened (of one tournament, or of all): each becomes an
    /// [`Opening`] for the front end, which makes its thread and calls
    /// [`Service::open_tournament_game`].
    pub(super) async fn openings(
        &self,
        only: Option<TournamentId>,
        now: Timestamp,
    ) -> Result<Vec<Opening>, ServiceError> {
        let claimed = self.store().claim_openings(only, now, now.plus(OPENING_CLAIM), OPENINGS_AT_ONCE).await?;
        let mut openings = Vec::with_capacity(claimed.len());
        // What each tournament's thread names need, read once per tournament.
        let mut known: HashMap<TournamentId, Option<(TournamentRecord, Locale, Names)>> = HashMap::new();
        for pairing in claimed {
            if let std::collections::hash_map::Entry::Vacant(slot) = known.entry(pairing.tournament) {
                let found = match self.store().tournament(pairing.tournament).await? {
                    Some(record) => {
                        let locale = self.server_locale(Some(record.guild)).await?;
                        let names = self.names_of(&record).await?;
                        Some((record, locale, names))
                    }
                    None => None,
                };
                slot.insert(found);
            }
            let Some((record, locale, names)) = &known[&pairing.tournament] else { continue };
            let Some(parent) = record.channel else { continue };
            openings.push(Opening {
                tournament: record.id,
                round: pairing.round,
                board: pairing.board,
                game_no: pairing.game_no,
                parent,
                name: view::thread_name(*locale, record, &pairing, names),
            });
        }
        Ok(openings)
    }

    /// Opens a claimed tournament game in `channel` (the thread made for it): the game is
    /// created and tied to its pairing in one transaction, once; the board to post there, with
    /// both players called. `None` when the game was opened already or is no longer to be played.
    pub async fn open_tournament_game(
        &self,
        opening: &Opening,
        channel: crate::store::ChannelId,
        now: Timestamp,
    ) -> Result<Option<OpenedGame>, ServiceError> {
        let Some(record) = self.store().tournament(opening.tournament).await? else { return Ok(None) };
        let key = (opening.round, opening.board, opening.game_no);
        let Some(pairing) =
            self.store().pairing(record.id, key).await?.filter(|p| p.game.is_none() && p.result.is_none())
        else {
            return Ok(None);
        };
        let Some(white) = pairing.white else { return Ok(None) };
        let settings = self.settings(Some(record.guild)).await?;
        let bot = self.inner.bot.id;
        let mut rules = record.rules;
        let bot_first = pairing.black == bot;
        // The bot begins, so it chooses the start: the cross, the one its openings know.
        if bot_first && rules.start == Start::FirstPlayerChooses {
            rules.start = Start::Cross;
        }
        let move_secs = record.move_secs.or(settings.move_deadline);
        let new = NewGame {
            guild: Some(record.guild),
            channel,
            black: pairing.black,
            white,
            bot_level: record.bot_level.filter(|_| pairing.black == bot || white == bot),
            rated: record.rated && pairing.black != bot && white != bot,
            rules,
            deadline: move_secs.filter(|_| !bot_first).map(|secs| now.plus(Duration::from_secs(u64::from(secs)))),
            bot_lease: bot_first.then(|| self.bot_lease(now)),
        };
        let mut tx = self.store().begin().await?;
        let game_record = tx.create_game(&new, now).await?;
        if !tx.attach_game(&pairing, game_record.id).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        tx.commit().await?;
        let locale = self.server_locale(Some(record.guild)).await?;
        let game = Game::new(game_record.rules);
        let played = Played { record: game_record, game, events: Vec::new(), changes: Vec::new() };
        let played = if bot_first { self.bot_turns(played, now).await? } else { played };
        let mut reply = self.board(&played, locale).await?;
        // The first board of each round is featured: followed on a live board where the
        // tournament posts.
        let featured = match record.channel {
            Some(home) if pairing.board == 1 && pairing.game_no == 1 => {
                self.feature_game(&played.record, home, record.organiser, now).await?
            }
            _ => None,
        };
        let names = self.names_of(&record).await?;
        let mut content = view::game_intro(locale, &record, &pairing, &names);
        if !reply.content.is_empty() {
            content.push(super::super::text::Span::Plain("\n".into()));
            content.append(reply.content);
        }
        reply.content = content;
        let key = view::key(record.id, "g", pairing.round * 1000 + pairing.board * 10 + pairing.game_no);
        Ok(Some(OpenedGame { board: Announcement::new(channel, reply).keyed(key), featured }))
    }

    /// The tournaments' part of the sweep: starts those due, pairs the next round of each whose
    /// round is decided (or ends it after its last), decides the games of players who withdrew,
    /// and claims the games still to be opened.
    pub async fn sweep_tournaments(&self, now: Timestamp) -> Result<TournamentNews, ServiceError> {
        let mut news = TournamentNews::default();
        for record in self.store().tournaments_to_sweep(now).await? {
            let entries = self.store().entries(record.id).await?;
            if record.state == TournamentState::Signup {
                if entries.len() >= 2 {
                    let more = self.begin_next_round(&record, &entries, &[], now).await?;
                    news.announcements.extend(more.announcements);
                }
                continue;
            }
            if record.round_over(now) {
                let open = self.store().pairings(record.id).await?;
                news.announcements.extend(self.round_deadline(&record, &open, now).await?);
            }
            let pairings = self.store().pairings(record.id).await?;
            match schedule::round_state(&record, &pairings) {
                RoundState::Open => {}
                RoundState::Deciders(deciders) => {
                    news.announcements.extend(self.add_deciders(&record, deciders, now).await?);
                }
                RoundState::Decided => {
                    let more = self.begin_next_round(&record, &entries, &pairings, now).await?;
                    news.announcements.extend(more.announcements);
                }
            }
        }
        news.openings = self.openings(None, now).await?;
        Ok(news)
    }

    /// The round's deadline has passed: every game still open is lost on time by the player to
    /// move (the games' own deadline rule), and a game never opened by Black, who was to begin.
    pub(super) async fn round_deadline(
        &self,
        record: &TournamentRecord,
        pairings: &[PairingRecord],
        now: Timestamp,
    ) -> Result<Vec<Announcement>, ServiceError> {
        let mut out = Vec::new();
        for pairing in pairings.iter().filter(|p| p.round == record.round && p.result.is_none()) {
            if pairing.game.is_none() {
                self.forfeit_pairing(pairing.clone(), pairing.black, now).await?;
            } else if let Some(game) = self.pairing_game(pairing).await? {
                out.extend(self.forfeit(&game, now).await?);
            }
        }
        Ok(out)
    }

    /// Adds a knockout round's deciding games, once each: the news of each match that goes on.
    pub(super) async fn add_deciders(
        &self,
        record: &TournamentRecord,
        deciders: Vec<NewPairing>,
        now: Timestamp,
    ) -> Result<Vec<Announcement>, ServiceError> {
        let Some(channel) = record.channel else { return Ok(Vec::new()) };
        let locale = self.server_locale(Some(record.guild)).await?;
        let names = self.names_of(record).await?;
        let mut out = Vec::new();
        for decider in deciders {
            if self.store().add_pairing(record.id, record.round, decider).await? {
                if record.round_secs.is_some() {
                    self.store().restart_round_clock(record.id, now).await?;
                }
                let reply = view::decider(locale, record, &decider, &names);
                let key = view::key(record.id, "d", record.round * 1000 + decider.board * 10 + decider.game_no);
                out.push(Announcement::new(channel, reply).keyed(key));
            }
        }
        Ok(out)
    }
}
