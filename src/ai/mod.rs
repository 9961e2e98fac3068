//! The bot's play, built on `engine` only: synchronous, deterministic for a given seed,
//! cancellable through an `AtomicBool`, no I/O and no global mutable state (the transposition
//! tables live in a [`Searcher`]), so it can run on tokio's blocking threads.
//!
//! - [`choose_move`] picks a move for any rules at a [`Level`] from 1 (Beginner) to 5 (Master);
//!   [`SearcherPool`] keeps searchers between the bot's moves.
//! - [`Searcher`] owns the tables and is the one door to the searches: [`Searcher::choose`] for
//!   the levels, [`Searcher::solve8`] for the exact 8x8 endgame solver, [`Searcher::search8`]
//!   for a fixed-depth midgame search.
//! - [`solo`]: the hint player and the greedy baseline of the solo game with tiles.
//!
//! Inside: `play` (how each level and variant plays), `search` (PVS and iterative deepening for
//! any size), `eval` (the hand-made evaluations), `table` (the midgame table), `clock` (time and
//! cancellation), `rng` (the seeded noise), `selfplay` (positions for training and tests), and
//! `solver` (the exact solver and the 8x8 machinery around it).

mod clock;
pub mod coach;
pub mod eval;
mod level;
mod play;
pub mod review;
pub mod rng;
mod search;
mod searcher;
pub mod selfplay;
pub mod solo;
pub(crate) mod solver;
mod table;

pub use eval::eval8;
pub use level::{Level, ParseLevelError};
pub use play::{AiConfig, Choice, SearcherPool, choose_move};
pub use searcher::{Evaluation, SearchResult, Searcher, Solution};
pub use solver::endgame::RootTest;
pub use solver::pattern;
