//! From what the store keeps to what the rules decide: the rounds so far as the rules' records,
//! the next round's pairings (or the end), and the standings after a round. Pure: no store, no
//! clock.

use std::collections::{HashMap, HashSet};

use crate::store::{Entry, Format, NewPairing, PairingRecord, PairingResult, TournamentRecord, UserId};

use super::super::tournament_rules::{
    self as rules, BYE_DISCS, Entrant, GameRecord, MatchDecision, Outcome, Round, Standing, TieBreakOptions,
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
        Format::Swiss => {
            let Round { games, bye } = rules::pair_swiss(&entrants, &history(pairings, round - 1));
            let mut new: Vec<NewPairing> = games.iter().map(|g| game(g.black, g.white)).collect();
            new.extend(bye.map(|p| bye_pairing(UserId(p))));
            new
        }
        Format::Knockout => {
            let matches = if round == 1 {
                rules::knockout_first_round(&entrants)
            } else {
                let winners = match_winners(pairings, round - 1);
                if winners.len() < 2 {
                    return NextRound::Finished;
                }
                rules::knockout_next_round(&winners)
            };
            let pairings = matches
                .iter()
                .enumerate()
                .flat_map(|(i, &(a, b))| knockout_match(&entrants, &withdrawn, i as u32 + 1, a, b));
            return NextRound::Pair { round, rounds, pairings: pairings.collect() };
        }
    };
    let pairings = planned.into_iter().enumerate().map(|(i, p)| NewPairing { board: i as u32 + 1, ..p }).collect();
    NextRound::Pair { round, rounds, pairings }
}

/// The standings after `rounds` rounds, best first, with the World Othello Championship's
/// tie-breaks. A knockout ranks by how far each player went (the champion, the runner-up, both
/// losing semi-finalists third, ...), then by points and tie-breaks.
pub fn standings(format: Format, entries: &[Entry], pairings: &[PairingRecord], rounds: u32) -> Vec<Standing> {
    let entrants = entrants(entries, rounds + 1);
    let mut table = rules::standings(&entrants, &history(pairings, rounds), &TieBreakOptions::default());
    if format == Format::Knockout {
        // The round each player went out in (the loser of a settled match); still in (or
        // champion): beyond every round.
        let mut out: HashMap<u64, u32> = HashMap::new();
        for round in 1..=rounds {
            for m in matches(pairings, round) {
                if let (Some(MatchDecision::Advances(winner)), Some(white)) = (m.decision(), m.first().white) {
                    let loser = if winner == m.first().black.0 { white.0 } else { m.first().black.0 };
                    out.entry(loser).or_insert(round);
                }
            }
        }
        let went = |id: u64| out.get(&id).copied().unwrap_or(u32::MAX);
        // A stable sort keeps the points order within each stage.
        table.sort_by_key(|s| std::cmp::Reverse(went(s.id)));
        for i in 0..table.len() {
            table[i].rank = if i > 0 && went(table[i - 1].id) == went(table[i].id) { table[i - 1].rank } else { i + 1 };
        }
    }
    table
}

/// Where the current round stands.
#[derive(Clone, Debug, PartialEq)]
pub enum RoundState {
    /// Games are still being played.
    Open,
    /// Every game is over, but these knockout matches are level: their deciding games.
    Deciders(Vec<NewPairing>),
    /// Every game is over and (in a knockout) every match settled.
    Decided,
}

/// Where the tournament's current round stands.
pub fn round_state(record: &TournamentRecord, pairings: &[PairingRecord]) -> RoundState {
    if pairings.iter().any(|p| p.round == record.round && p.result.is_none()) {
        return RoundState::Open;
    }
    if record.format != Format::Knockout {
        return RoundState::Decided;
    }
    // A match whose games are over without a winner (level, or not two games played) gets one
    // more game, its colours alternating on.
    let deciders: Vec<NewPairing> = matches(pairings, record.round)
        .iter()
        .filter(|m| m.decision().is_some_and(|d| !matches!(d, MatchDecision::Advances(_))))
        .filter_map(|m| {
            let (black, white) = (m.first().black.0, m.first().white?.0);
            let game_no = m.games.iter().map(|p| p.game_no).max().unwrap_or(0) + 1;
            let colours = rules::knockout_game_colours(black, white, game_no as usize - 1);
            Some(NewPairing { board: m.board, game_no, ..game(colours.black, colours.white) })
        })
        .collect();
    if deciders.is_empty() { RoundState::Decided } else { RoundState::Deciders(deciders) }
}

/// How many rounds are wholly decided (in a knockout, every match of the round settled).
pub fn decided_rounds(record: &TournamentRecord, pairings: &[PairingRecord]) -> u32 {
    match round_state(record, pairings) {
        RoundState::Decided => record.round,
        RoundState::Open | RoundState::Deciders(_) => record.round.saturating_sub(1),
    }
}

/// One knockout match of a round: its board and its games in the order played (a bye is a
/// match of one pairing without White).
struct Match<'a> {
    board: u32,
    games: Vec<&'a PairingRecord>,
}

impl Match<'_> {
    /// The first game, whose Black is the higher seed.
    fn first(&self) -> &PairingRecord {
        self.games[0]
    }

    /// Where the match stands once its games so far are over (`None` while one is being
    /// played); a bye's player goes through.
    fn decision(&self) -> Option<MatchDecision> {
        if self.games.iter().any(|p| p.result.is_none()) {
            return None;
        }
        let first = self.first();
        let Some(white) = first.white else { return Some(MatchDecision::Advances(first.black.0)) };
        let records: Vec<GameRecord> = self.games.iter().filter_map(|p| record_of(p)).collect();
        Some(rules::match_decision(first.black.0, white.0, &records))
    }
}

/// A knockout round's matches, in board order.
fn matches(pairings: &[PairingRecord], round: u32) -> Vec<Match<'_>> {
    let mut by_board: std::collections::BTreeMap<u32, Vec<&PairingRecord>> = std::collections::BTreeMap::new();
    for p in pairings.iter().filter(|p| p.round == round) {
        by_board.entry(p.board).or_default().push(p);
    }
    by_board
        .into_iter()
        .map(|(board, mut games)| {
            games.sort_by_key(|p| p.game_no);
            Match { board, games }
        })
        .collect()
}

/// The winners of a knockout round's matches, in board order (a bye's player goes through).
fn match_winners(pairings: &[PairingRecord], round: u32) -> Vec<u64> {
    matches(pairings, round)
        .iter()
        .filter_map(|m| match m.decision()? {
            MatchDecision::Advances(winner) => Some(winner),
            MatchDecision::InProgress | MatchDecision::NeedsDecider => None,
        })
        .collect()
}

/// A knockout match on `board` between `a` and `b` (`None`: a bye for `a`): its two games with
/// colours swapped, the higher-rated player Black first; or decided at once when one of them has
/// withdrawn.
fn knockout_match(
    entrants: &[Entrant],
    withdrawn: &HashSet<u64>,
    board: u32,
    a: u64,
    b: Option<u64>,
) -> Vec<NewPairing> {
    let on_board = |p: NewPairing| NewPairing { board, ..p };
    let Some(b) = b else { return vec![on_board(bye_pairing(UserId(a)))] };
    let rating = |id: u64| entrants.iter().find(|e| e.id == id).map_or(0.0, |e| e.rating);
    let (high, low) = if rating(b) > rating(a) { (b, a) } else { (a, b) };
    match (withdrawn.contains(&high), withdrawn.contains(&low)) {
        (false, false) => (0..2)
            .map(|index| {
                let colours = rules::knockout_game_colours(high, low, index);
                NewPairing { game_no: index as u32 + 1, ..on_board(game(colours.black, colours.white)) }
            })
            .collect(),
        (true, false) => vec![on_board(forfeit(low, high))],
        (false, true) | (true, true) => vec![on_board(forfeit(high, low))],
    }
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
    match *record {
        GameRecord::Bye { player } => Some(bye_pairing(UserId(player))),
        GameRecord::Forfeit { winner, loser } => Some(forfeit(winner, loser)),
        GameRecord::Played { .. } => None,
    }
}

/// A game won without play by `winner` (seated as Black) against `loser`, who withdrew.
fn forfeit(winner: u64, loser: u64) -> NewPairing {
    NewPairing {
        board: 0,
        game_no: 1,
        black: UserId(winner),
        white: Some(UserId(loser)),
        result: Some(PairingResult::BlackForfeit),
        discs: Some((u32::from(BYE_DISCS), 0)),
    }
}
