//! Tournaments in the service: a server's own events, from sign-up to champion. An organiser
//! announces one (a card with Join and Leave), starts it, and from then on the rounds run by
//! themselves: each game is an ordinary game opened in a thread of its own, its result counted
//! in the transaction that ends it, and the sweep pairs the next round once every game of a round
//! is decided, or ends the tournament after the last. Every step is a compare-and-set in the
//! store, so with several processes a round is paired, a game opened and a result counted once.
//! The pairing rules themselves are pure, in [`tournament_rules`](super::tournament_rules).

mod export;
mod organiser;
mod rounds;
mod schedule;

use std::time::Duration;

use crate::engine::Color;
use crate::store::queries::*;
use crate::store::{
    Format, GameRecord, GameStatus, GuildId, Ladder, NewTournament, PairingRecord, PairingResult, Scope, TournamentId,
    TournamentRecord, TournamentState, UserId,
};

use super::command::{TournamentAction, TournamentPlan};
use super::reply::{Announcement, Opening, Reply};
use super::text::Locale;
use super::view::replies::TournamentPlace;
use super::view::tournament::{self as view, Names};
use super::{Invocation, Response, Service, ServiceError, UserError};

pub use rounds::OpenedGame;
pub use schedule::{NextRound, RoundState, decided_rounds, next_round, standings};

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

    /// The names of everyone a tournament's words mention: its entrants and its organiser.
    pub(super) async fn names_of(&self, record: &TournamentRecord) -> Result<Names, ServiceError> {
        let names = self.store().tournament_names(record.id).await?.into_iter().collect();
        Ok(Names { names, bot: self.inner.bot.id })
    }

    /// The game a pairing opened, while it is being played (`None` before it opens and after it ends).
    async fn pairing_game(&self, pairing: &PairingRecord) -> Result<Option<GameRecord>, ServiceError> {
        let Some(id) = pairing.game else { return Ok(None) };
        Ok(self.store().game(id).await?.filter(|game| game.status == GameStatus::Live))
    }

    async fn card(&self, locale: Locale, record: &TournamentRecord) -> Result<Reply, ServiceError> {
        let entries = self.store().entries(record.id).await?;
        let names = self.names_of(record).await?;
        let log = self.store().tournament_log(record.id, LOG_LINES).await?;
        Ok(view::card(locale, record, &entries, &names, &log))
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
        if let Some(page) = self.web_tournament_of(record).await? {
            reply.rows.push(super::view::board::web_page_row(inv.locale(), page));
        }
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
