//! `reversi-bot measure probcut-errors`: the error of the endgame probcut's shallow searches
//! against the exact score, the figures behind its margins
//! (docs/solver-tuning.md#probcut-and-the-selective-passes).

use std::io::Write;

use super::{empties, self_play};
use crate::ai::pattern::Patterns;

/// For 12 to 26 empties, on up to 150 self-play positions each: the mean and the standard
/// deviation, in discs, of a 0- to 8-ply evaluated search less the exact score.
pub fn probcut_errors(out: &mut impl Write) -> std::io::Result<()> {
    let weights = Patterns::embedded();
    let positions = self_play(400, 11);
    for n in (12..=26).step_by(2) {
        let chosen: Vec<_> = positions.iter().copied().filter(|&(p, o)| empties(p, o) == n).take(150).collect();
        let errors = crate::ai::solver::endgame::probcut_errors(&chosen, weights);
        let line: Vec<String> = errors.iter().map(|(mean, sigma)| format!("{mean:+.1}/{sigma:.2}")).collect();
        writeln!(out, "empties {n:2} ({} positions): bias/sigma by depth 0..8: {}", chosen.len(), line.join(" "))?;
        out.flush()?;
    }
    Ok(())
}
