//! From what the store keeps to what the rules decide: the rounds so far as the rules' records,
//! the next round's pairings (or the end), and the standings after a round. Pure: no store, no
//! clock.

use std::collections::HashSet;

use crate::store::{Entry, Format, NewPairing, PairingRecord, PairingResult, TournamentRecord, UserId};

use super::super::tournament_rules::{
    self as rules, BYE_DISCS, Entrant, GameRecord, Outcome, Round, Standing, TieBreakOptions,
};
use super::planned_rounds;

/// What comes after the rounds played.
#[derive(Clone, Debug, PartialEq)]
pub enum NextRound {
    /// Round `round` of `rounds`, with these pairings.
    Pair {
        /// The round to begin.
        round: u32,
        /// The rounds in all.
        rounds: u32,
        /// Its games, byes and forfeits.
        pairings: Vec<NewPairing>,
    },
    /// The last round is over (or nobody is left to pair): the tournament ends.
    Finished,
}

/// The round after the tournament's current one, from its entries and every pairing so far.
pub fn next_round(record: &TournamentRecord, entries: &[Entry], pairings: &[PairingRecord]) -> NextRound {
    let round = record.round + 1;
    let rounds =
        if record.round == 0 { planned_rounds(record.format, record.rounds, entries.len()) } else { record.rounds };
    if round > rounds {
        return NextRound::Finished;
    }
    let entrants = entrants(entries, round);
    let withdrawn: HashSet<u64> = entrants.iter().filter(|e| e.withdrawn).map(|e| e.id).collect();
    if entrants.len() - withdrawn.len() < 2 {
        return NextRound::Finished;
    }
    let planned = match record.format {
        Format::RoundRobin | Format::DoubleRoundRobin => {
            let schedule = rules::round_robin(&seeded(&entrants), record.format == Format::DoubleRoundRobin);
            let Some(this) = schedule.get(round as usize - 1) else { return NextRound::Finished };
            let (games, decided) = rules::forfeit_withdrawn(this, &withdrawn);
            let mut new: Vec<NewPairing> = games.iter().map(|g| game(g.black, g.white)).collect();
            new.extend(decided.iter().filter_map(decided_pairing));
            new
        }
        Format::Swiss | Format::Knockout => {
            let Round { games, bye } = rules::pair_swiss(&entrants, &history(pairings, round - 1));
            let mut new: Vec<NewPairing> = games.iter().map(|g| game(g.black, g.white)).collect();
            new.extend(bye.map(|p| bye_pairing(UserId(p))));
            new
        }
    };
    let pairings = planned.into_iter().enumerate().map(|(i, p)| NewPairing { board: i as u32 + 1, ..p }).collect();
    NextRound::Pair { round, rounds, pairings }
}

/// The standings after `rounds` rounds, best first, with the World Othello Championship's
/// tie-breaks.
pub fn standings(entries: &[Entry], pairings: &[PairingRecord], rounds: u32) -> Vec<Standing> {
    let entrants = entrants(entries, rounds + 1);
    rules::standings(&entrants, &history(pairings, rounds), &TieBreakOptions::default())
}

/// How many rounds are wholly decided.
pub fn decided_rounds(record: &TournamentRecord, pairings: &[PairingRecord]) -> u32 {
    let open = pairings.iter().any(|p| p.round == record.round && p.result.is_none());
    if open { record.round.saturating_sub(1) } else { record.round }
}

/// The entrants as the rules see them in `round`: withdrawn when they withdrew from it or before.
fn entrants(entries: &[Entry], round: u32) -> Vec<Entrant> {
    entries
        .iter()
        .map(|e| Entrant {
            id: e.player.0,
            rating: e.rating,
            withdrawn: e.withdrawn_round.is_some_and(|from| from <= round),
        })
        .collect()
}

/// A round robin's pairing numbers: by rating, highest first, then by id (fixed for the whole
/// tournament, since ratings are kept as they were at sign-up).
fn seeded(entrants: &[Entrant]) -> Vec<u64> {
    let mut seeded: Vec<&Entrant> = entrants.iter().collect();
    seeded.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.id.cmp(&b.id)));
    seeded.iter().map(|e| e.id).collect()
}

/// The decided pairings of the first `rounds` rounds, a list of records per round.
fn history(pairings: &[PairingRecord], rounds: u32) -> Vec<Vec<GameRecord>> {
    (1..=rounds).map(|round| pairings.iter().filter(|p| p.round == round).filter_map(record_of).collect()).collect()
}

/// A stored pairing as the rules' record, once decided (an unplayed one counts for nobody).
fn record_of(p: &PairingRecord) -> Option<GameRecord> {
    let black = p.black.0;
    let white = p.white.map(|w| w.0);
    let played = |outcome: Outcome| {
        let (black_discs, white_discs) = p.discs.unwrap_or((0, 0));
        Some(GameRecord::Played {
            black,
            white: white?,
            black_discs: u8::try_from(black_discs).unwrap_or(u8::MAX),
            white_discs: u8::try_from(white_discs).unwrap_or(u8::MAX),
            outcome,
        })
    };
    match p.result? {
        PairingResult::Black => played(Outcome::BlackWins),
        PairingResult::White => played(Outcome::WhiteWins),
        PairingResult::Draw => played(Outcome::Draw),
        PairingResult::Bye => Some(GameRecord::Bye { player: black }),
        PairingResult::BlackForfeit => Some(GameRecord::Forfeit { winner: black, loser: white? }),
        PairingResult::WhiteForfeit => Some(GameRecord::Forfeit { winner: white?, loser: black }),
        PairingResult::Unplayed => None,
    }
}

fn game(black: u64, white: u64) -> NewPairing {
    NewPairing { board: 0, game_no: 1, black: UserId(black), white: Some(UserId(white)), result: None, discs: None }
}

fn bye_pairing(player: UserId) -> NewPairing {
    let discs = Some((u32::from(BYE_DISCS), 0));
    NewPairing { board: 0, game_no: 1, black: player, white: None, result: Some(PairingResult::Bye), discs }
}

/// A round robin's game decided before it is played: a bye, or a forfeit against a player who
/// withdrew.
fn decided_pairing(record: &GameRecord) -> Option<NewPairing> {
    let win = Some((u32::from(BYE_DISCS), 0));
    match *record {
        GameRecord::Bye { player } => Some(bye_pairing(UserId(player))),
        GameRecord::Forfeit { winner, loser } => Some(NewPairing {
            board: 0,
            game_no: 1,
            black: UserId(winner),
            white: Some(UserId(loser)),
            result: Some(PairingResult::BlackForfeit),
            discs: win,
        }),
        GameRecord::Played { .. } => None,
    }
}
