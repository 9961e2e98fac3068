//! The selective passes before the exact one, as in Edax and Egaroucid: probcut, which cuts a
//! node whose shallow evaluated search lies beyond the window by a pass's margin, its margins,
//! depths and the evaluation's error behind them, and the passes' search of a node of the exact
//! pass that none of them has seen ([`Endgame::selective_move`]).

use super::{EXACT, Endgame};
use crate::ai::clock::Clock;
use crate::ai::eval::SCALE;
use crate::ai::solver::pattern::{Indices, Patterns};
use crate::ai::solver::tt::SolverTables;
use crate::ai::table::NO_MOVE;

/// The selective passes before the exact one: probcut margins in standard deviations of the
/// evaluation's error (about 84%, 93% and 98% sure). Every other schedule measured took more
/// nodes on FForum (see docs/solver-tuning.md#probcut-and-the-selective-passes).
pub(super) const PROBCUT_T: [f32; EXACT as usize] = [1.0, 1.5, 2.0];
/// From this many empties at the root the exact search is preceded by the selective passes.
/// (Starting lower or higher, or no selective passes, took more nodes: see
/// docs/solver-tuning.md#probcut-and-the-selective-passes.)
pub const SELECTIVE_FROM: u32 = 22;
/// From this many empties a node of the exact pass expected to fail high that no pass has seen
/// is searched by the selective passes first, for their best move ([`Endgame::selective_move`]).
/// 18 took the fewest nodes of the starts measured (see docs/solver-tuning.md#selective-move).
pub const SELECTIVE_MOVE_FROM: u32 = 18;
/// Probcut is tried in nodes with at least this many empties (from 10 it saved nothing
/// measurable, from 14 it took more nodes: see
/// docs/solver-tuning.md#probcut-and-the-selective-passes).
pub(super) const PROBCUT_FROM: u32 = 12;

impl Endgame<'_, '_> {
    /// A move to try first at a node of the exact pass with [`SELECTIVE_MOVE_FROM`] empties or
    /// more that no pass has seen (no move in the table): the selective passes' best move, after
    /// they have searched the node as they search the root, probcut only below it.
    /// [`NO_MOVE`] when they leave none or the clock stopped them.
    ///
    /// (Probcut at the node itself took more nodes: see docs/solver-tuning.md#selective-move.)
    pub(super) fn selective_move(&mut self, p: u64, o: u64, alpha: i32, n: u32, cut: bool) -> u8 {
        for certainty in 0..EXACT {
            self.certainty = certainty;
            self.deep(p, o, alpha, n, cut, false);
            self.certainty = EXACT;
            if self.clock.stopped {
                break;
            }
        }
        self.tt.probe(p, o).map_or(NO_MOVE, |s| s.mv)
    }

    /// Probcut: when a shallow evaluated search lies beyond the window by the current pass's
    /// margin, the exact score very probably does too.
    ///
    /// (A cut stored with its refutation for the later passes took more nodes: see
    /// docs/solver-tuning.md#probcut-and-the-selective-passes.)
    pub(super) fn probcut(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
        let depth = probcut_depth(n);
        let t = PROBCUT_T[self.certainty as usize];
        let margin = (t * probcut_sigma(depth) * SCALE as f32) as i32;
        let bias = probcut_bias(depth);
        let indices = Indices::new(p, o);
        if self.evaluate(&indices, p, o) > alpha * SCALE {
            let bound = (alpha + 1) * SCALE + bias + margin;
            if self.eval_search(p, o, &indices, depth, bound - 1, bound) >= bound {
                return Some(alpha + 1);
            }
        } else {
            let bound = alpha * SCALE + bias - margin;
            if self.eval_search(p, o, &indices, depth, bound, bound + 1) <= bound {
                return Some(alpha);
            }
        }
        None
    }
}

/// The depth of probcut's shallow search at `n` empties (a ply more or less took more nodes: see
/// docs/solver-tuning.md#probcut-and-the-selective-passes).
fn probcut_depth(n: u32) -> u32 {
    (n / 5).saturating_sub(1).clamp(1, 5)
}

/// The standard deviation, in discs, of the difference between the exact score and a
/// `depth`-ply search of the learnt evaluation (measured by [`probcut_errors`]).
/// It hardly changes with the empties between 12 and 24.
fn probcut_sigma(depth: u32) -> f32 {
    const SIGMA: [f32; 9] = [7.5, 6.5, 6.3, 5.5, 5.3, 4.7, 4.6, 4.2, 4.1];
    SIGMA[depth.min(8) as usize]
}

/// The mean of a `depth`-ply search's value less the exact score, in hundredths of a disc, at the
/// depth probcut uses for each number of empties: with the evaluation's side-to-move bias taken
/// out, one ply flatters the opponent and the deeper searches hardly lean (measured by
/// [`probcut_errors`]; docs/solver-tuning.md#the-evaluations-side-to-move-bias).
fn probcut_bias(depth: u32) -> i32 {
    const BIAS: [i32; 6] = [0, -240, 100, 0, -20, 30];
    BIAS[depth.min(5) as usize]
}

/// The error of a `depth`-ply evaluated search (probcut's shallow search) against the exact score
/// over `positions`, at each depth 0 to 8: its mean and standard deviation in discs, the figures
/// behind [`probcut_sigma`] and [`probcut_bias`] (`reversi-bot measure probcut-errors`).
pub(crate) fn probcut_errors(positions: &[(u64, u64)], weights: &Patterns) -> [(f64, f64); 9] {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let mut tt = SolverTables::new(64);
    let mut sums = [(0f64, 0f64); 9];
    for &(p, o) in positions {
        let mut clock = Clock::new(&cancel, None, u64::MAX);
        let mut solver = Endgame::ordered_by(&mut tt, &mut clock, Some(weights));
        let exact = f64::from(solver.solve(p, o, 0).expect("nothing stops the solver").score);
        for (d, sum) in sums.iter_mut().enumerate() {
            let v = solver.eval_search(p, o, &Indices::new(p, o), d as u32, -64 * SCALE, 64 * SCALE);
            let error = f64::from(v) / f64::from(SCALE) - exact;
            sum.0 += error;
            sum.1 += error * error;
        }
    }
    let k = positions.len() as f64;
    sums.map(|(s, q)| (s / k, (q / k - (s / k) * (s / k)).sqrt()))
}
