//! `reversi-bot measure probcut-midgame-errors`: the error of a shallow midgame search as a
//! predictor of a deeper one, by depths and empties, the figures behind the midgame probcut's
//! margins (docs/solver-tuning.md#midgame-probcut-2026-11-28).

use std::io::Write;

use super::{empties, self_play};
use crate::ai::pattern::Patterns;
use crate::ai::solver::midgame8::{MEASURED_DEPTH as DEEP, probcut_depth, scores_by_depth};
use crate::engine::bits::{Eight, Geometry};

/// A position's empties and its scores by depth 0 to [`DEEP`].
type Row = (u32, [f64; DEEP + 1]);

/// On `per_bucket` self-play positions at each of 20, 24, ..., 52 empties, searched to every depth
/// up to 12: for each pair of depths, the regression of the deep score on the shallow one and the
/// mean and deviation of their difference; then those at probcut's depths by phase. With `dump`,
/// each position's scores first (`row EMPTIES SCORES...`).
pub fn probcut_midgame_errors(per_bucket: usize, dump: bool, out: &mut impl Write) -> std::io::Result<()> {
    let weights = Patterns::embedded();
    let positions = self_play(300, 17);
    let mut rows: Vec<Row> = Vec::new();
    for n in (20..=52).step_by(4) {
        let chosen = positions.iter().filter(|&&(p, o)| empties(p, o) == n && Eight::moves(p, o) != 0);
        for &(p, o) in chosen.take(per_bucket) {
            let v = scores_by_depth(p, o, weights);
            if dump {
                let v: Vec<String> = v.iter().map(|x| format!("{x:.2}")).collect();
                writeln!(out, "row {n} {}", v.join(" "))?;
                out.flush()?;
            }
            rows.push((n, v));
        }
    }
    let all: Vec<&Row> = rows.iter().collect();
    writeln!(
        out,
        "{} positions; deep D, shallow d: slope a, intercept b, sigma | mean and sigma of deep - shallow",
        all.len()
    )?;
    for deep in 3..=DEEP {
        for d in 0..deep - 1 {
            let fit = Fit::of(&all, d, deep);
            writeln!(
                out,
                "D {deep:2} d {d}: a {:.3} b {:+.2} sigma {:.2} | {:+.2} {:.2}",
                fit.slope, fit.intercept, fit.sigma, fit.mean, fit.deviation
            )?;
        }
    }
    for (lo, hi) in [(20, 28), (32, 40), (44, 52)] {
        let part: Vec<&Row> = rows.iter().filter(|r| (lo..=hi).contains(&r.0)).collect();
        let line: Vec<String> = (6..=DEEP)
            .map(|deep| {
                let fit = Fit::of(&part, probcut_depth(deep as u32) as usize, deep);
                format!("D{deep}:{:+.2}/{:.2}", fit.mean, fit.deviation)
            })
            .collect();
        writeln!(out, "empties {lo}-{hi} ({} positions), at probcut_depth: {}", part.len(), line.join(" "))?;
    }
    Ok(())
}

/// The `deep`-ply scores against the `d`-ply ones.
struct Fit {
    /// The regression `deep = slope * shallow + intercept`, and its residual's deviation.
    slope: f64,
    intercept: f64,
    sigma: f64,
    /// With the slope taken as 1: the mean and the deviation of `deep - shallow`.
    mean: f64,
    deviation: f64,
}

impl Fit {
    fn of(rows: &[&Row], d: usize, deep: usize) -> Fit {
        let k = rows.len() as f64;
        let (mx, my) = (rows.iter().map(|r| r.1[d]).sum::<f64>() / k, rows.iter().map(|r| r.1[deep]).sum::<f64>() / k);
        let sxy: f64 = rows.iter().map(|r| (r.1[d] - mx) * (r.1[deep] - my)).sum();
        let sxx: f64 = rows.iter().map(|r| (r.1[d] - mx) * (r.1[d] - mx)).sum();
        let slope = sxy / sxx;
        let intercept = my - slope * mx;
        let residual: f64 = rows.iter().map(|r| (r.1[deep] - slope * r.1[d] - intercept).powi(2)).sum::<f64>() / k;
        let mean: f64 = rows.iter().map(|r| r.1[deep] - r.1[d]).sum::<f64>() / k;
        let spread: f64 = rows.iter().map(|r| (r.1[deep] - r.1[d] - mean).powi(2)).sum::<f64>() / k;
        Fit { slope, intercept, sigma: residual.sqrt(), mean, deviation: spread.sqrt() }
    }
}
