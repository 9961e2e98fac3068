//! Taking the side-to-move bias out of the pattern evaluation (`reversi-bot calibrate`).
//!
//! The phases with more than `exact` empties learn from labels that are searches over the
//! weights of the phases after them, and a search's maximum over evaluations with errors leans
//! towards the side that maximises: each phase inherits the lean of the next and adds its own,
//! so the evaluation of the start came out about 14 discs in favour of whoever is to move. The
//! game-theoretic values obey negamax: a position's value is minus the value after its best move.
//! So over many positions with `e` empties, with `C` the move a search prefers,
//! `mean(eval(P) + eval(C)) = bias(e) + bias(e - 1)` (plus the little that the search's choice
//! falls short of the best). The bias is zero where the labels were exact, which fixes the rest
//! one empty at a time; a 1-2-1 average over neighbouring empties cancels the alternating part
//! the search's shortfall leaves. Each empties count's intercept is then moved by its bias.
//! `docs/solver-tuning.md#the-evaluations-side-to-move-bias` has the measurements.

use std::io::Write;
use std::sync::atomic::AtomicBool;

use crate::ai::Searcher;
use crate::ai::pattern::Patterns;
use crate::ai::selfplay::self_play_positions;
use crate::engine::bits::{Eight, Geometry};

/// What to calibrate on.
#[derive(Clone, Debug)]
pub struct CalibrateOptions {
    /// Self-play games whose positions are measured.
    pub games: usize,
    /// Seed of the games.
    pub seed: u64,
    /// The depth of the search that picks each position's move.
    pub depth: u32,
    /// Positions with at most this many empties learnt from exact scores: no bias there.
    pub exact: u32,
    /// Worker threads.
    pub threads: usize,
}

impl Default for CalibrateOptions {
    fn default() -> Self {
        CalibrateOptions { games: 2000, seed: 7, depth: 6, exact: 16, threads: 2 }
    }
}

/// The bias measured at one number of empties, in discs for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BiasRow {
    /// Empty squares.
    pub empties: u32,
    /// Positions measured.
    pub positions: usize,
    /// The mean of `eval(P) + eval(C)` over them.
    pub pair_mean: f64,
    /// The bias taken out (after the 1-2-1 average).
    pub bias: f64,
}

/// Measures the side-to-move bias of `weights` empties count by empties count and returns the
/// weights without it, with the measurements. Progress goes to `log`.
pub fn calibrate(
    weights: &Patterns,
    options: &CalibrateOptions,
    log: &mut impl Write,
) -> anyhow::Result<(Patterns, Vec<BiasRow>)> {
    let eval = |p: u64, o: u64| weights.eval(p, o);
    let positions = self_play_positions(options.games, options.seed, &eval);
    writeln!(log, "calibrate: {} positions from {} games", positions.len(), options.games)?;
    let threads = options.threads.max(1);
    let sums: Vec<[(f64, usize); 61]> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let positions = &positions;
                scope.spawn(move || pair_sums(weights, positions.iter().skip(t).step_by(threads), options))
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))).collect()
    });
    let mut pair = [(0.0f64, 0usize); 61];
    for partial in &sums {
        for (total, &(sum, n)) in pair.iter_mut().zip(partial) {
            total.0 += sum;
            total.1 += n;
        }
    }
    // bias(e) = mean pair sum(e) - bias(e - 1), from zero where the labels were exact.
    let mut raw = [0.0f64; 61];
    for e in options.exact + 1..=60 {
        let (sum, n) = pair[e as usize];
        let mean = if n == 0 { 2.0 * raw[e as usize - 1] } else { sum / n as f64 };
        raw[e as usize] = mean - raw[e as usize - 1];
    }
    let mut calibrated = weights.clone();
    let mut rows = Vec::new();
    for e in options.exact + 1..=60 {
        let i = e as usize;
        let next = if i < 60 { raw[i + 1] } else { raw[i] };
        let bias = (raw[i - 1] + 2.0 * raw[i] + next) / 4.0;
        calibrated.shift_intercept(e, -(bias * 100.0).round() as i32);
        let (sum, n) = pair[i];
        let row = BiasRow { empties: e, positions: n, pair_mean: if n == 0 { 0.0 } else { sum / n as f64 }, bias };
        writeln!(log, "empties {e:2}: {n:6} positions, eval(P) + eval(C) {:+6.2}, bias {bias:+6.2}", row.pair_mean)?;
        rows.push(row);
    }
    Ok((calibrated, rows))
}

/// For each number of empties, the sum of `eval(P) + eval(C)` in discs over `positions` and
/// their count, `C` being the position after the move a search of `options.depth` prefers (only
/// where the other side then has a move, so that `C` is theirs to move).
fn pair_sums<'a>(
    weights: &Patterns,
    positions: impl Iterator<Item = &'a (u64, u64)>,
    options: &CalibrateOptions,
) -> [(f64, usize); 61] {
    let mut searcher = Searcher::new(16);
    let cancel = AtomicBool::new(false);
    let mut out = [(0.0f64, 0usize); 61];
    for &(p, o) in positions {
        let empties = (!(p | o)).count_ones();
        if empties <= options.exact || Eight::moves(p, o) == 0 {
            continue;
        }
        let Some(analysis) = searcher.analyse8(p, o, options.depth, None, &cancel) else { continue };
        let x = analysis.best.index(crate::engine::BoardSize::Eight);
        let flips = Eight::flips(p, o, x);
        let (cp, co) = (o & !flips, p | flips | (1 << x));
        if Eight::moves(cp, co) == 0 {
            continue;
        }
        let slot = &mut out[empties as usize];
        slot.0 += f64::from(weights.eval(p, o) + weights.eval(cp, co)) / 100.0;
        slot.1 += 1;
    }
    out
}
