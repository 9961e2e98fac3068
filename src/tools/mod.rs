//! Offline tools with file I/O, run from the command line: learning the pattern weights
//! ([`train()`]) and taking their side-to-move bias out ([`calibrate()`]), solving OBF files ([`solve_file`]), generating and checking puzzle sets ([`generate_puzzles`], [`verify_puzzles`]), the NBoard engine ([`run_nboard`]),
//! matches between two builds' engines ([`play_match`]) and the measurements behind the engine's
//! settings ([`measure`]).
//! They drive the AI through [`crate::ai::Searcher`]; the AI itself does no I/O.

mod calibrate;
mod engine_match;
pub mod measure;
mod nboard;
mod puzzles;
mod solve;
mod train;

pub use calibrate::{BiasRow, CalibrateOptions, calibrate};
pub use engine_match::{MatchOptions, MatchPace, MatchScore, play_match};
pub use nboard::run_nboard;
pub use puzzles::{GenerateReport, generate_puzzles, verify_puzzles};
pub use solve::{SOLVE_TABLE_MB, SolveOptions, SolveTotals, solve_file, solve_positions};
pub use train::{PhaseReport, TrainOptions, train};
