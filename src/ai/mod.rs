//! The bot's play, built on `engine` only: synchronous, deterministic for a given seed,
//! cancellable through an `AtomicBool`, no global mutable state (the transposition tables live
//! in a [`Searcher`]), so it can run on tokio's blocking threads.
//!
//! - [`choose_move`] picks a move for any rules at a [`Level`] from 1 (Beginner) to 5 (Master).
//! - [`Searcher`] owns the tables: [`Searcher::solve8`] is the exact 8x8 endgame solver,
//!   [`Searcher::search8`] a fixed-depth midgame search.
//! - [`solve_file`] is `reversi-bot solve FILE.obf`; [`run_nboard`] is `reversi-bot engine`.
//!
//! Inside: `search` (PVS, iterative deepening, any size), `midgame8` (the same for 8x8 with the
//! learnt evaluation), `endgame` (the 8x8 solver), `eval` (evaluations), `stability` (stable
//! discs), `tt` (the table), `clock` (time and cancellation), `play` (levels and variants), `rng`
//! (the seeded noise).

mod clock;
mod endgame;
pub mod eval;
mod last_flips;
mod level;
mod midgame8;
mod nboard;
pub mod pattern;
mod play;
pub mod rng;
mod search;
mod searcher;
mod solve;
pub mod stability;
mod train;
mod tt;

pub use endgame::RootTest;
pub use eval::eval8;
pub use level::{Level, ParseLevelError};
pub use nboard::run_nboard;
pub use play::{AiConfig, Choice, SearcherPool, choose_move};
pub use searcher::{Evaluation, SearchResult, Searcher, Solution};
pub use solve::{SOLVE_TABLE_MB, SolveOptions, SolveTotals, solve_file, solve_positions};
pub use train::{PhaseReport, TrainOptions, train};
