//! Tournaments in the service: a server's own events, from sign-up to champion. An organiser
//! announces one (a card with Join and Leave), starts it, and from then on the rounds run by
//! themselves: each game is an ordinary game opened in a thread of its own, its result counted
//! in the transaction that ends it, and the sweep pairs the next round once every game of a round
//! is decided, or ends the tournament after the last. Every step is a compare-and-set in the
//! store, so with several processes a round is paired, a game opened and a result counted once.
//! The pairing rules themselves are pure, in [`tournament_rules`](super::tournament_rules).

mod export;
mod schedule;

use std::collections::HashMap;
use std::time::Duration;

use crate::engine::{Color, Game, Start};
use crate::store::queries::*;
use crate::store::{
    Entry, Format, GuildId, Ladder, LogAction, LogEntry, NewGame, NewPairing, NewTournament, PairingRecord,
    PairingResult, Scope, Timestamp, TournamentId, TournamentRecord, TournamentState, UserId,
};

use super::command::{Adjudication, TournamentAction, TournamentPlan};
use super::facts::Played;
use super::reply::{Announcement, Opening, Reply};
use super::text::Locale;
use super::view::replies::TournamentPlace;
use super::view::tournament::{self as view, Names};
use super::{Invocation, Response, Service, ServiceError, User, UserError};

pub use schedule::{NextRound, next_round, standings};

/// How long a claim on opening a game holds: past it, another process opens the game (the first
/// one died between the claim and the opening).
const OPENING_CLAIM: Duration = Duration::from_secs(120);
/// How many games one sweep opens at most.
const OPENINGS_AT_ONCE: u32 = 20;
/// How many finished tournaments `/tournament` lists after the current ones.
const RECENT: u32 = 5;
/// How many of a player's tournaments their stats list.
const PLACES: usize = 5;
/// How many lines of the organiser's log a card shows.
const LOG_LINES: u32 = 8;
/// A newcomer's rating, for the order of a field (the ladders' starting rating).
const UNRATED: f64 = 1500.0;

/// What the tournament sweep has to say: posts for the tournaments' channels, and games to open
/// in threads of their own.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TournamentNews {
    /// Pairings, standings and results to post.
    pub announcements: Vec<Announcement>,
    /// Games to open, each in a thread the front end makes.
    pub openings: Vec<Opening>,
}

impl Service {
    /// `/tournament` and the buttons of a tournament's card.
    pub(super) async fn tournament(
        &self,
        inv: &Invocation,
        action: TournamentAction,
    ) -> Result<Response, ServiceError> {
        let guild = inv.guild.ok_or(UserError::TournamentNeedsServer)?;
        match action {
            TournamentAction::List => self.list_tournaments(inv, guild).await,
            TournamentAction::Create(plan) => self.create_tournament(inv, guild, plan).await,
            other => {
                let record = self.pick_tournament(guild, other.tournament()).await?;
                match other {
                    TournamentAction::Join(_) => self.join_tournament(inv, record).await,
                    TournamentAction::Leave(_) => self.leave_tournament(inv, record).await,
                    TournamentAction::Start(_) => {
                        self.organiser(inv, &record).await?;
                        self.start_tournament(inv, record).await
                    }
                    TournamentAction::Standings(_) => self.show_standings(inv, &record).await,
                    TournamentAction::Withdraw(_, player) => self.withdraw_from(inv, record, player).await,
                    TournamentAction::Pause(_) => self.pause_tournament(inv, record, true).await,
                    TournamentAction::Resume(_) => self.pause_tournament(inv, record, false).await,
                    TournamentAction::Cancel(_) => self.cancel_tournament(inv, record).await,
                    TournamentAction::Result(_, Some(player), Some(result)) => {
                        self.adjudicate(inv, record, player, result).await
                    }
                    TournamentAction::Result(..) => Err(UserError::ResultIncomplete.into()),
                    TournamentAction::Export(_) => self.export_tournament(inv, record).await,
                    TournamentAction::List | TournamentAction::Create(_) => unreachable!("handled above"),
                }
            }
        }
    }

    /// The tournament `id` of `guild`, or with `None` the server's newest one taking sign-ups or
    /// running (or else the one that ended last).
    async fn pick_tournament(
        &self,
        guild: GuildId,
        id: Option<TournamentId>,
    ) -> Result<TournamentRecord, ServiceError> {
        match id {
            Some(id) => match self.store().tournament(id).await? {
                Some(record) if record.guild == guild => Ok(record),
                _ => Err(UserError::NoSuchTournament(id).into()),
            },
            None => self
                .store()
                .guild_tournaments(guild, 1)
                .await?
                .into_iter()
                .next()
                .ok_or_else(|| UserError::NoTournament.into()),
        }
    }

    /// Refuses anyone but the organiser, a member who may manage the server, or one of the
    /// server's organiser role.
    async fn organiser(&self, inv: &Invocation, record: &TournamentRecord) -> Result<(), ServiceError> {
        if inv.user.id == record.organiser || self.may_organise(inv, record.guild).await? {
            Ok(())
        } else {
            Err(UserError::NotOrganiser.into())
        }
    }

    /// Whether the caller may run tournaments here: Manage Server, or the server's organiser role.
    async fn may_organise(&self, inv: &Invocation, guild: GuildId) -> Result<bool, ServiceError> {
        if inv.can_manage_guild {
            return Ok(true);
        }
        let role = self.settings(Some(guild)).await?.organiser_role;
        Ok(role.is_some_and(|role| inv.roles.contains(&role)))
    }

    /// The names of everyone a tournament's words mention: its entrants and its organiser.
    pub(super) async fn names_of(&self, record: &TournamentRecord) -> Result<Names, ServiceError> {
        let names = self.store().tournament_names(record.id).await?.into_iter().collect();
        Ok(Names { names, bot: self.inner.bot.id })
    }

    async fn card(&self, locale: Locale, record: &TournamentRecord) -> Result<Reply, ServiceError> {
        let entries = self.store().entries(record.id).await?;
        let names = self.names_of(record).await?;
        let log = self.store().tournament_log(record.id, LOG_LINES).await?;
        Ok(view::card(locale, record, &entries, &names, &log))
    }

    /// Writes what the organiser (the caller) did into the tournament's log.
    async fn log(
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

    async fn list_tournaments(&self, inv: &Invocation, guild: GuildId) -> Result<Response, ServiceError> {
        let records = self.store().guild_tournaments(guild, RECENT).await?;
        let mut counts = Vec::with_capacity(records.len());
        for record in &records {
            counts.push(self.store().entries(record.id).await?.len());
        }
        Ok(view::list(inv.locale(), &records, &counts).into())
    }

    async fn create_tournament(
        &self,
        inv: &Invocation,
        guild: GuildId,
        plan: TournamentPlan,
    ) -> Result<Response, ServiceError> {
        if !self.may_organise(inv, guild).await? {
            return Err(UserError::NotOrganiser.into());
        }
        let name = plan.name.trim();
        if name.is_empty() {
            return Err(UserError::TournamentNeedsName.into());
        }
        if plan.starts_at.is_some_and(|at| at <= inv.now) {
            return Err(UserError::StartInPast.into());
        }
        let new = NewTournament {
            guild,
            channel: inv.channel,
            organiser: inv.user.id,
            name: name.chars().take(view::NAME_CHARS).collect(),
            format: plan.format,
            rounds: plan.rounds.unwrap_or(0),
            rules: plan.rules,
            rated: plan.rated,
            move_secs: plan.move_minutes.map(|m| m * 60),
            round_secs: plan.round_hours.map(|h| h.saturating_mul(3600)),
            max_players: plan.max_players,
            bot_level: plan.bot_level.map(|l| l.get()),
            starts_at: plan.starts_at,
        };
        let mut tx = self.store().begin().await?;
        let record = tx.create_tournament(&new, inv.now).await?;
        if plan.bot_level.is_some() {
            let bot = &self.inner.bot;
            tx.upsert_player(bot.id, &bot.name, true, inv.now).await?;
            tx.join_tournament(record.id, bot.id, UNRATED, inv.now).await?;
        }
        tx.commit().await?;
        Ok(self.card(inv.locale(), &record).await?.into())
    }

    async fn join_tournament(&self, inv: &Invocation, record: TournamentRecord) -> Result<Response, ServiceError> {
        let ladder = Ladder::of(&record.rules);
        let rating = self
            .store()
            .rating(inv.user.id, &ladder, Scope::Guild(record.guild))
            .await?
            .map_or(UNRATED, |r| r.glicko.rating);
        let mut tx = self.store().begin().await?;
        match tx.join_tournament(record.id, inv.user.id, rating, inv.now).await {
            Ok(_) => tx.commit().await?,
            Err(crate::store::StoreError::TournamentFull) => {
                return Err(UserError::TournamentFull(record.max_players).into());
            }
            Err(other) => return Err(other.into()),
        }
        Ok(Reply { replaces: true, ..self.card(inv.locale(), &record).await? }.into())
    }

    async fn leave_tournament(&self, inv: &Invocation, record: TournamentRecord) -> Result<Response, ServiceError> {
        if record.state != TournamentState::Signup {
            return Err(UserError::TournamentClosed.into());
        }
        if !self.store().leave_tournament(record.id, inv.user.id).await? {
            return Err(UserError::NotEntered.into());
        }
        Ok(Reply { replaces: true, ..self.card(inv.locale(), &record).await? }.into())
    }

    /// Starts a tournament taking sign-ups: pairs its first round and opens its games.
    async fn start_tournament(&self, inv: &Invocation, record: TournamentRecord) -> Result<Response, ServiceError> {
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
    async fn begin_next_round(
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
    async fn openings(&self, only: Option<TournamentId>, now: Timestamp) -> Result<Vec<Opening>, ServiceError> {
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
    ) -> Result<Option<Announcement>, ServiceError> {
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
        let names = self.names_of(&record).await?;
        let mut content = view::game_intro(locale, &record, &pairing, &names);
        if !reply.content.is_empty() {
            content.push(super::text::Span::Plain("\n".into()));
            content.append(reply.content);
        }
        reply.content = content;
        let key = view::key(record.id, "g", pairing.round * 1000 + pairing.board * 10 + pairing.game_no);
        Ok(Some(Announcement::new(channel, reply).keyed(key)))
    }

    /// The tournaments' part of the sweep: starts those due, pairs the next round of each whose
    /// round is decided (or ends it after its last), decides the games of players who withdrew,
    /// and claims the games still to be opened.
    pub async fn sweep_tournaments(&self, now: Timestamp) -> Result<TournamentNews, ServiceError> {
        let mut news = TournamentNews::default();
        for record in self.store().tournaments_to_sweep(now).await? {
            let entries = self.store().entries(record.id).await?;
            let pairings = self.store().pairings(record.id).await?;
            if record.state == TournamentState::Signup {
                if entries.len() >= 2 {
                    let more = self.begin_next_round(&record, &entries, &[], now).await?;
                    news.announcements.extend(more.announcements);
                }
                continue;
            }
            let pairings = if record.round_over(now) {
                news.announcements.extend(self.round_deadline(&record, &pairings, now).await?);
                self.store().pairings(record.id).await?
            } else {
                pairings
            };
            let deciders = schedule::deciders(&record, &pairings);
            if !deciders.is_empty() {
                news.announcements.extend(self.add_deciders(&record, deciders, now).await?);
                continue;
            }
            if schedule::decided_rounds(&record, &pairings) == record.round {
                let more = self.begin_next_round(&record, &entries, &pairings, now).await?;
                news.announcements.extend(more.announcements);
            }
        }
        news.openings = self.openings(None, now).await?;
        Ok(news)
    }

    /// The round's deadline has passed: every game still open is lost on time by the player to
    /// move (the games' own deadline rule), and a game never opened by Black, who was to begin.
    async fn round_deadline(
        &self,
        record: &TournamentRecord,
        pairings: &[PairingRecord],
        now: Timestamp,
    ) -> Result<Vec<Announcement>, ServiceError> {
        let mut out = Vec::new();
        for pairing in pairings.iter().filter(|p| p.round == record.round && p.result.is_none()) {
            match pairing.game {
                Some(id) => {
                    if let Some(game) = self.store().game(id).await?
                        && game.status == crate::store::GameStatus::Live
                    {
                        out.extend(self.forfeit(&game, now).await?);
                    }
                }
                None => self.forfeit_pairing(pairing.clone(), pairing.black, now).await?,
            }
        }
        Ok(out)
    }

    /// Adds a knockout round's deciding games, once each: the news of each match that goes on.
    async fn add_deciders(
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

    /// The latest tournaments `player` entered (of this server, in one), with their place.
    pub(super) async fn tournament_places(
        &self,
        player: UserId,
        guild: Option<GuildId>,
    ) -> Result<Vec<TournamentPlace>, ServiceError> {
        let mut places = Vec::new();
        let entered = self.store().tournaments_of(player).await?;
        for (record, entry) in entered.into_iter().filter(|(t, _)| guild.is_none_or(|g| t.guild == g)).take(PLACES) {
            let entries = self.store().entries(record.id).await?;
            let place = if record.round == 0 {
                None
            } else {
                let pairings = self.store().pairings(record.id).await?;
                let table = standings(record.format, &entries, &pairings, record.round);
                table.iter().find(|s| s.id == player.0).map(|s| s.rank)
            };
            let withdrawn = entry.withdrawn_round.is_some();
            places.push(TournamentPlace { record, place, players: entries.len(), withdrawn });
        }
        Ok(places)
    }

    async fn show_standings(&self, inv: &Invocation, record: &TournamentRecord) -> Result<Response, ServiceError> {
        if record.state == TournamentState::Signup {
            return Ok(self.card(inv.locale(), record).await?.into());
        }
        let entries = self.store().entries(record.id).await?;
        let pairings = self.store().pairings(record.id).await?;
        // Every result so far, the current round's decided games included.
        let table = standings(record.format, &entries, &pairings, record.round);
        let names = self.names_of(record).await?;
        let after = schedule::decided_rounds(record, &pairings);
        let picture = self.standings_picture(record, &pairings).await?;
        let mut reply = view::standings(inv.locale(), record, &table, &names, after, picture);
        let log = self.store().tournament_log(record.id, LOG_LINES).await?;
        if let (Some(embed), Some(field)) = (reply.embed.as_mut(), view::log_field(inv.locale(), record, &log, &names))
        {
            embed.fields.push(field);
        }
        Ok(reply.into())
    }

    /// What the standings picture needs, when replies carry pictures: the server's theme.
    async fn standings_picture<'a>(
        &'a self,
        record: &TournamentRecord,
        pairings: &'a [PairingRecord],
    ) -> Result<Option<view::Picture<'a>>, ServiceError> {
        let Some(renderer) = self.pictures() else { return Ok(None) };
        let theme = self.theme(Some(record.guild)).await?;
        Ok(Some(view::Picture { renderer, theme, pairings }))
    }

    /// Withdraws the caller, or (by the organiser) the player named: before the start it is
    /// leaving; after it, they are paired no more, and their game of the round still open is
    /// lost (a forfeit when it was not yet begun, a resignation when it was).
    async fn withdraw_from(
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
    async fn forfeit_open_game(
        &self,
        record: &TournamentRecord,
        player: UserId,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let pairings = self.store().pairings(record.id).await?;
        let theirs = pairings.into_iter().filter(|p| {
            p.round == record.round && p.result.is_none() && (p.black == player || p.white == Some(player))
        });
        for pairing in theirs {
            self.forfeit_pairing(pairing, player, now).await?;
        }
        Ok(())
    }

    /// `player` loses `pairing`: as a resignation when its game is under way, else a forfeit.
    async fn forfeit_pairing(
        &self,
        pairing: PairingRecord,
        player: UserId,
        now: Timestamp,
    ) -> Result<(), ServiceError> {
        let loser = if pairing.black == player { Color::Black } else { Color::White };
        match pairing.game {
            Some(id) => {
                if let Some(game_record) = self.store().game(id).await?
                    && game_record.status == crate::store::GameStatus::Live
                {
                    let game = super::replay(&game_record)?;
                    let reason = crate::store::EndReason::Resignation;
                    self.end(&game_record, &game, Some(loser.opponent()), reason, now).await?;
                }
            }
            None => {
                let (result, discs) = match loser {
                    Color::Black => (PairingResult::WhiteForfeit, (0, super::tournament_rules::BYE_DISCS.into())),
                    Color::White => (PairingResult::BlackForfeit, (super::tournament_rules::BYE_DISCS.into(), 0)),
                };
                self.store().decide_pairing(&pairing, result, Some(discs), false).await?;
            }
        }
        Ok(())
    }

    async fn pause_tournament(
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

    async fn cancel_tournament(&self, inv: &Invocation, record: TournamentRecord) -> Result<Response, ServiceError> {
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
    async fn adjudicate(
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
        let Some(pairing) = pairings.into_iter().find(|p| {
            p.round == record.round && p.result.is_none() && (p.black == player.id || p.white == Some(player.id))
        }) else {
            return Err(UserError::NoGameToDecide(record.round).into());
        };
        let full = u32::from(super::tournament_rules::BYE_DISCS);
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
        if let Some(id) = pairing.game
            && let Some(game_record) = self.store().game(id).await?
            && game_record.status == crate::store::GameStatus::Live
        {
            let game = super::replay(&game_record)?;
            self.end(&game_record, &game, None, crate::store::EndReason::Aborted, inv.now).await?;
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

/// How a pairing ends when its game ends: the winner's colour, or a draw; an aborted game
/// (the organiser ended it) counts for nobody.
pub(crate) fn pairing_result(winner: Option<Color>, aborted: bool) -> PairingResult {
    match (winner, aborted) {
        (_, true) => PairingResult::Unplayed,
        (Some(Color::Black), _) => PairingResult::Black,
        (Some(Color::White), _) => PairingResult::White,
        (None, _) => PairingResult::Draw,
    }
}

/// The rounds a format plays for `players`: a round robin's every round, a Swiss's as planned
/// (or, unplanned, enough rounds to separate a winner: ⌈log₂ n⌉ + 1, at most 9).
pub(crate) fn planned_rounds(format: Format, planned: u32, players: usize) -> u32 {
    let players = u32::try_from(players).unwrap_or(u32::MAX);
    let odd = players % 2;
    match format {
        Format::RoundRobin => players + odd - 1,
        Format::DoubleRoundRobin => 2 * (players + odd - 1),
        Format::Swiss if planned > 0 => planned,
        Format::Swiss => (u32::BITS - players.saturating_sub(1).leading_zeros() + 1).min(9),
        Format::Knockout => u32::BITS - players.saturating_sub(1).leading_zeros(),
    }
}
