//! Standings and tie-breaks as Othello tournaments use them: points (win 1, draw ½, loss 0), then
//! the Brightwell quotient and the disc count (the World Othello Championship's order), with
//! Buchholz and Sonneborn-Berger as options. Formulas in `docs/tournaments.md`.

use std::collections::{HashMap, HashSet};

use super::{BYE_DISCS, Entrant, GameRecord, PlayerId};

/// The Brightwell constant of the World Othello Championship's 13-round Swiss: 6 (points of
/// opponents are worth 6 discs each). A tournament may set its own.
pub const BRIGHTWELL_CONSTANT_WOC: f64 = 6.0;

/// A tie-break criterion, applied in the order the tournament lists them (higher is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Discs scored plus the constant times the opponents' points (the WOC's first tie-break).
    Brightwell,
    /// Sum of disc differences (own discs minus the opponent's, over all games).
    DiscCount,
    /// Sum of the opponents' points.
    Buchholz,
    /// Sum of the points of beaten opponents plus half those of drawn ones.
    SonnebornBerger,
}

/// How standings are ordered after points.
#[derive(Clone, Debug, PartialEq)]
pub struct TieBreakOptions {
    /// The tie-breaks in order of use.
    pub order: Vec<TieBreak>,
    /// The Brightwell constant `C` (see [`BRIGHTWELL_CONSTANT_WOC`]).
    pub brightwell_constant: f64,
}

impl Default for TieBreakOptions {
    /// The World Othello Championship's order: points, Brightwell quotient (C = 6), disc count.
    fn default() -> Self {
        TieBreakOptions {
            order: vec![TieBreak::Brightwell, TieBreak::DiscCount],
            brightwell_constant: BRIGHTWELL_CONSTANT_WOC,
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// Who.
    pub id: PlayerId,
    /// Place, 1 first; players equal on points and every tie-break share a place ("1 2 2 4").
    pub rank: usize,
    /// Points: win (bye and forfeit win included) 1, draw ½, loss 0.
    pub points: f64,
    /// Wins, byes and forfeit wins included.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses, forfeit losses included.
    pub losses: u32,
    /// Sum of disc differences; a bye or forfeit win counts +32, a forfeit loss −32.
    pub disc_count: i32,
    /// The Brightwell quotient.
    pub brightwell: f64,
    /// Buchholz: the opponents' points.
    pub buchholz: f64,
    /// Sonneborn-Berger.
    pub sonneborn_berger: f64,
    /// Withdrawn (shown as such; still ranked on what they scored).
    pub withdrawn: bool,
}

impl Standing {
    fn value(&self, t: TieBreak) -> f64 {
        match t {
            TieBreak::Brightwell => self.brightwell,
            TieBreak::DiscCount => f64::from(self.disc_count),
            TieBreak::Buchholz => self.buchholz,
            TieBreak::SonnebornBerger => self.sonneborn_berger,
        }
    }
}

/// The standings after the given rounds, best first.
///
/// Per player, over their records (`C` the Brightwell constant, `own` their points):
/// a played game against `o` adds `discs scored + C·points(o)` to the Brightwell quotient, except
/// that a game against a withdrawn opponent, a bye and a forfeit win each add `32 + C·own` instead
/// (the WOC rule). Buchholz adds `points(o)` per game; Sonneborn-Berger adds `result · points(o)`;
/// a bye or forfeit counts for both as an opponent with the player's own points.
pub fn standings(entrants: &[Entrant], rounds: &[Vec<GameRecord>], options: &TieBreakOptions) -> Vec<Standing> {
    let withdrawn: HashSet<PlayerId> = entrants.iter().filter(|e| e.withdrawn).map(|e| e.id).collect();
    let mut points: HashMap<PlayerId, f64> = entrants.iter().map(|e| (e.id, 0.0)).collect();
    for r in rounds.iter().flatten() {
        for p in r.players() {
            if let (Some(total), Some(x)) = (points.get_mut(&p), r.points_of(p)) {
                *total += x;
            }
        }
    }
    let c = options.brightwell_constant;
    let mut table: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let own = points[&e.id];
            let mut s = Standing {
                id: e.id,
                rank: 0,
                points: own,
                wins: 0,
                draws: 0,
                losses: 0,
                disc_count: 0,
                brightwell: 0.0,
                buchholz: 0.0,
                sonneborn_berger: 0.0,
                withdrawn: e.withdrawn,
            };
            let unplayed_bq = f64::from(BYE_DISCS) + c * own;
            for r in rounds.iter().flatten() {
                let Some(result) = r.points_of(e.id) else { continue };
                if result == 1.0 {
                    s.wins += 1;
                } else if result == 0.5 {
                    s.draws += 1;
                } else {
                    s.losses += 1;
                }
                match *r {
                    GameRecord::Played { black, white, black_discs, white_discs, .. } => {
                        let (opp, mine, theirs) = if black == e.id {
                            (white, black_discs, white_discs)
                        } else {
                            (black, white_discs, black_discs)
                        };
                        let opp_points = points.get(&opp).copied().unwrap_or(0.0);
                        s.disc_count += i32::from(mine) - i32::from(theirs);
                        s.brightwell +=
                            if withdrawn.contains(&opp) { unplayed_bq } else { f64::from(mine) + c * opp_points };
                        s.buchholz += opp_points;
                        s.sonneborn_berger += result * opp_points;
                    }
                    GameRecord::Bye { .. } | GameRecord::Forfeit { .. } => {
                        let won = result == 1.0;
                        s.disc_count += if won { i32::from(BYE_DISCS) } else { -i32::from(BYE_DISCS) };
                        s.brightwell += if won { unplayed_bq } else { 0.0 };
                        s.buchholz += own;
                        s.sonneborn_berger += result * own;
                    }
                }
            }
            s
        })
        .collect();
    let order = &options.order;
    let key_cmp = |a: &Standing, b: &Standing| {
        let mut ord = b.points.total_cmp(&a.points);
        for &t in order {
            ord = ord.then(b.value(t).total_cmp(&a.value(t)));
        }
        ord
    };
    table.sort_by(|a, b| key_cmp(a, b).then(a.id.cmp(&b.id)));
    for i in 0..table.len() {
        table[i].rank = if i > 0 && key_cmp(&table[i - 1], &table[i]).is_eq() { table[i - 1].rank } else { i + 1 };
    }
    table
}
