//! The measurements behind the engine's settings (`reversi-bot measure NAME`): each prints the
//! figures a setting of the solver or the search was chosen by (docs/solver-tuning.md). They take
//! minutes in release. The AI computes the figures; these functions choose the positions and print.

mod level5_endgame_accuracy;
mod probcut_errors;
mod probcut_midgame_errors;
mod refutation_sizes;
mod review_budget;

pub use level5_endgame_accuracy::level5_endgame_accuracy;
pub use probcut_errors::probcut_errors;
pub use probcut_midgame_errors::probcut_midgame_errors;
pub use refutation_sizes::refutation_sizes;
pub use review_budget::review_budget;

use crate::ai::pattern::Patterns;

/// The positions of `games` self-play games of seed `seed` played by the learnt evaluation.
fn self_play(games: usize, seed: u64) -> Vec<(u64, u64)> {
    let weights = Patterns::embedded();
    crate::ai::selfplay::self_play_positions(games, seed, &|p, o| weights.eval(p, o))
}

/// The empty squares of `(p, o)`.
fn empties(p: u64, o: u64) -> u32 {
    (!(p | o)).count_ones()
}
