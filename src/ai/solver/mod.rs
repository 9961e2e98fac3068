//! The exact 8x8 endgame solver and what only the 8x8 searches need: the solver itself
//! ([`endgame`]), the 8x8 midgame search with the learnt evaluation ([`midgame8`]), the pattern
//! evaluation ([`pattern`]), stable discs ([`stability`]), the last move counted from tables
//! ([`last_flips`]) and the solver's tables ([`tt`]). Everything is reached through
//! [`super::Searcher`]; the tuning behind each constant is in `docs/solver-tuning.md`.

pub(crate) mod endgame;
pub(crate) mod last_flips;
pub(crate) mod midgame8;
pub mod pattern;
pub(crate) mod stability;
pub(crate) mod tt;
