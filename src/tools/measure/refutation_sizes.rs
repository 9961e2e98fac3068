//! `reversi-bot measure refutation-sizes`: how cheap a refutation the endgame ordering's first move
//! is, against the smallest one and other ways of choosing the first move
//! (docs/solver-tuning.md#ordering-quality).

use std::io::Write;

use super::{empties, self_play};
use crate::ai::pattern::Patterns;
use crate::ai::solver::endgame::{FIRST_MOVES, refutation_sizes as measure};
use crate::engine::bits::{Eight, Geometry};

/// For alpha 1, 3, 9, 17 and 29 discs below the exact score and 14 to 20 empties, up to 150
/// self-play positions each: the refuting moves and, for each way of choosing the first move, how
/// often it refutes and its nodes against the smallest refutation's.
pub fn refutation_sizes(out: &mut impl Write) -> std::io::Result<()> {
    let weights = Patterns::embedded();
    let positions = self_play(400, 21);
    for slack in [1, 3, 9, 17, 29] {
        for n in (14..=20).step_by(2) {
            let chosen: Vec<_> = positions
                .iter()
                .copied()
                .filter(|&(p, o)| empties(p, o) == n && Eight::moves(p, o) != 0)
                .take(150)
                .collect();
            let counts = measure(&chosen, slack, weights);
            let choices: Vec<String> = FIRST_MOVES
                .iter()
                .enumerate()
                .map(|(c, name)| {
                    format!("{name} {}/{:.2}x", counts.refutes[c], counts.first[c] as f64 / counts.smallest as f64)
                })
                .collect();
            writeln!(
                out,
                "alpha {slack} below, empties {n} ({} nodes, {:.2} refuting moves each), first move refutes/nodes against the smallest refutation: {}",
                counts.nodes,
                counts.refuting as f64 / counts.nodes as f64,
                choices.join(", ")
            )?;
            out.flush()?;
        }
    }
    Ok(())
}
