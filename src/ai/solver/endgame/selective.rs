//! The selective passes before the exact one, as in Edax and Egaroucid: probcut, which cuts a
//! node whose shallow evaluated search lies beyond the window by a pass's margin, its margins,
//! depths and the evaluation's error behind them, and the passes' search of a node of the exact
//! pass that none of them has seen ([`Endgame::selective_move`]).

use super::{EXACT, Endgame};
use crate::ai::eval::SCALE;
use crate::ai::solver::pattern::Indices;
use crate::ai::table::NO_MOVE;

/// The selective passes before the exact one: probcut margins in standard deviations of the
/// evaluation's error (about 84%, 93% and 98% sure). Every other schedule measured on FForum
/// 53-54 searched more nodes: 0.5/1.0/1.5, 0.7/1.2/1.7, 1.5/2.0/2.6, 1.0/2.0/3.0, fewer passes
/// (1.5/2.0, 1.0/2.0, 1.5 alone), or a fourth pass (2.6 or 3.0 after 2.0): 0.3-14% more.
/// Measured again on FForum 40-49 with today's solver (370,491,104 nodes), on an AMD EPYC:
/// 1.5/2.0, 1.2% more nodes; 2.0 alone, 2.7% more; all three margins times 0.8, 4.0% more, times
/// 1.2, 2.2% more. Their times, 11.6-13.2 s against 12.1-13.9 s, lie within this machine's noise.
/// Tuned on the 30 self-play positions that `order::EVAL_WEIGHT` was tuned on, by the same
/// coordinate descent over the three margins and a factor on [`probcut_bias`]: the second margin
/// at 1.25 and the bias times 0.62 took their geometric mean of nodes 4.8% lower and their total
/// 2.9% (1,218,916,606 against 1,255,542,688), but on the 70 positions after them only 0.2% and
/// 1.2% fewer nodes in all, their geometric means 1.9% higher and as high: a choice among noise,
/// not kept.
pub(super) const PROBCUT_T: [f32; EXACT as usize] = [1.0, 1.5, 2.0];
/// From this many empties at the root the exact search is preceded by the selective passes.
/// (FForum 40-49, whose positions have 20 to 26 empties: from 20, 0.3% more nodes; from 24 and
/// 26, 8.8% and 30% more; no selective passes, 40% more, 518,420,160 against 370,491,104.)
pub const SELECTIVE_FROM: u32 = 22;
/// From this many empties a node of the exact pass expected to fail high that no pass has seen
/// is searched by the selective passes first, for their best move ([`Endgame::selective_move`]).
/// Measured on an AMD EPYC against the solver of commit 1306ce2 (FForum 40-49 in 370,079,753
/// nodes, 53-54 in 2,417,448,422, #55 in 5,051,631,242, 40-59 in 10,174,953,841), with the
/// shallow table's cut-off at 11 empties ([`ETC_CUT_FROM`](super::ETC_CUT_FROM), which alone takes 364,490,589,
/// 2,381,486,084 and 5,018,112,047):
/// - from 18 (this): 40-49 2.0% fewer nodes than with that cut-off alone (356,933,136), 53-54
///   1.4% fewer (2,349,054,332), #55 2.6% fewer (4,889,056,885); with the cut-off, against the
///   solver of commit 1306ce2, 40-59 4.4% fewer nodes (9,725,566,399), 279.2 s against 287.3 s
///   side by side;
/// - in every node from 22, as at the root: 40-49 as many nodes (364,246,375), 53-54 0.9% fewer
///   (2,359,284,842), #55 1.9% fewer (4,924,692,704); with probcut at the node itself, as in
///   the passes' other nodes, 364,518,657, 2,360,012,594 and 4,962,446,071; that build against
///   the solver of commit 1306ce2, 40-59 3.1% fewer nodes (9,860,848,814), 284.3 and 278.6 s
///   against 286.6 and 285.5 s in two rounds side by side on swapped cores;
/// - in the nodes expected to fail high, from 20: 40-49 359,471,518 nodes, 53-54 2,351,096,574;
///   from 16, 40-49 357,921,173, #55 4,965,376,094; from 14, 40-49 364,958,265; in every node
///   from 18, 40-49 358,356,169;
/// - also in the selective passes, each pass's unseen nodes expected to fail high searched by
///   the passes before it first (after the node's own probcut): 40-59 0.6% fewer nodes
///   (9,666,829,806 against 9,725,566,399) in 277.4 s against 278.1 s side by side; 40-49 0.2%
///   fewer (356,062,240), 53-54 2.3% fewer (2,295,063,265), #55 0.1% more (4,895,751,447);
/// - in every node, with probcut at the node itself and without the cut-off at 11 empties, on
///   #55: from 26, as many nodes (5,051,094,922); from 22, 1.1% fewer (4,994,385,614); from 19,
///   1.3% fewer (4,984,910,264), and on 40-49 0.4% fewer; from 22 with the 2.0 sd pass alone, as
///   many as with all three (4,993,541,756).
pub const SELECTIVE_MOVE_FROM: u32 = 18;
/// Probcut is tried in nodes with at least this many empties. (From 10: 0.04% fewer nodes on
/// FForum 53-54, within the timing noise; from 14: 5.5% more nodes.)
pub(super) const PROBCUT_FROM: u32 = 12;

impl Endgame<'_, '_> {
    /// A move to try first at a node of the exact pass with [`SELECTIVE_MOVE_FROM`] empties or
    /// more that no pass has seen (no move in the table): the selective passes' best move, after
    /// they have searched the node as they search the root, probcut only below it.
    /// [`NO_MOVE`] when they leave none or the clock stopped them.
    ///
    /// (With probcut at the node itself, which cuts most such nodes under a bad root move
    /// before any move is searched, measured with the passes in every node from 22 empties:
    /// FForum #55 0.8% more nodes, 4,962,446,071 against 4,924,692,704; 53-54 and 40-49 as many.)
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
    /// (Measured against the solver of commit ebdb55d and not kept: a cut above the window
    /// stored in the table with its refutation, the first move whose evaluated search reached the
    /// bound, for the later passes to try first: FForum 40-49 18% more nodes (437,842,267 against
    /// 370,079,753) and 53-54 23% more (2,977,208,106 against 2,417,448,422). The selective
    /// passes' own refutations are worth much to the exact pass (see [`Endgame::deep`]); the
    /// evaluation's are worse than the ordering's. Stored without the move: as many nodes.)
    pub(super) fn probcut(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
        let depth = probcut_depth(n);
        let t = PROBCUT_T[self.certainty as usize];
        let margin = (t * probcut_sigma(depth) * SCALE as f32) as i32;
        let bias = probcut_bias(n, depth);
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

/// The depth of probcut's shallow search at `n` empties. (A ply shallower: FForum 40-49 7.2% more
/// nodes; a ply deeper: 0.7% more.)
fn probcut_depth(n: u32) -> u32 {
    (n / 5).saturating_sub(1).clamp(1, 5)
}

/// The standard deviation, in discs, of the difference between the exact score and a
/// `depth`-ply search of the learnt evaluation (measured by `probcut_errors` below).
/// It hardly changes with the empties between 12 and 24.
fn probcut_sigma(depth: u32) -> f32 {
    const SIGMA: [f32; 9] = [7.5, 6.5, 6.3, 5.5, 5.3, 4.7, 4.6, 4.2, 4.1];
    SIGMA[depth.min(8) as usize]
}

/// The mean of a `depth`-ply search's value less the exact score at `n` empties, in hundredths
/// of a disc: searches ending on the mover's turn flatter the mover, the others the opponent,
/// more so with more empties.
fn probcut_bias(n: u32, depth: u32) -> i32 {
    let n = n.min(30) as i32;
    if depth.is_multiple_of(2) { 15 * n - 150 } else { 50 - 14 * n }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::clock::Clock;
    use crate::ai::solver::pattern::Patterns;
    use crate::ai::solver::tt::SolverTables;
    use std::sync::atomic::AtomicBool;

    /// The error of a depth-`d` evaluated search against the exact score, by empties: the
    /// figures behind the probcut margins. `cargo test --release --lib probcut_errors --
    /// --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement (minutes in release)"]
    fn probcut_errors() {
        let weights = Patterns::embedded();
        let positions = crate::ai::selfplay::self_play_positions(400, 11, &|p, o| weights.eval(p, o));
        let cancel = AtomicBool::new(false);
        let mut tt = SolverTables::new(64);
        for n in (12..=26).step_by(2) {
            let chosen: Vec<_> = positions.iter().filter(|(p, o)| (!(p | o)).count_ones() == n).take(150).collect();
            let mut sums = [(0f64, 0f64); 9];
            for &&(p, o) in &chosen {
                let mut clock = Clock::new(&cancel, None, u64::MAX);
                let mut solver = Endgame::ordered_by(&mut tt, &mut clock, Some(weights));
                let exact = solver.solve(p, o, 0).unwrap().score as f64;
                for (d, sum) in sums.iter_mut().enumerate() {
                    let v = solver.eval_search(p, o, &Indices::new(p, o), d as u32, -64 * SCALE, 64 * SCALE) as f64
                        / SCALE as f64;
                    sum.0 += v - exact;
                    sum.1 += (v - exact) * (v - exact);
                }
            }
            let k = chosen.len() as f64;
            let line: Vec<String> =
                sums.iter().map(|(s, q)| format!("{:+.1}/{:.2}", s / k, (q / k - (s / k) * (s / k)).sqrt())).collect();
            println!("empties {n:2} ({} positions): bias/sigma by depth 0..8: {}", chosen.len(), line.join(" "));
        }
    }
}
