//! The rules engine: pure Rust, no I/O, no async, nothing else of this crate.
//!
//! - [`Square`], [`BoardSize`], [`Color`], [`Direction`]: coordinates (`a1` top-left).
//! - [`bits`]: the bitboard core, one generic implementation for 6x6, 8x8 and 10x10.
//! - [`Board`], [`SquareSet`]: discs and sets of squares of any size.
//! - [`Rules`]: the variant (size, start, flips, supply, tie rule, scoring).
//! - [`Game`]: moves from the start, forced passes, end, result, undo.
//! - [`notation`]: transcripts, GGF, OBF.
//! - [`perft`]: leaf counts of the game tree.
//! - [`random_game`], [`SplitMix64`]: reproducible random play for tests and benchmarks.
//! - [`solo`]: Reiner Knizia's solo game with tiles, from Ravensburger's rule book.

pub mod bits;
mod board;
mod game;
pub mod notation;
pub mod openings;
pub mod perft;
mod random;
mod rules;
pub mod solo;
mod square;

pub use board::{Board, BoardTextError, SquareIter, SquareSet};
pub use game::{Game, GameResult, IllegalMove, Move, Outcome, ParseMoveError, PlayedMove, Ply, Position, result_of};
pub use notation::{GgfInfo, ObfPosition, RecordError, looks_like_position, parse_position};
pub use random::{SplitMix64, random_game};
pub use rules::{DiscSupply, FlipMode, Preset, Rules, Scoring, Start, TieRule};
pub use square::{BoardSize, Color, Direction, ParseDirectionError, ParseSquareError, Square, UnsupportedSize};
