//! Reiner Knizia's solo game from Ravensburger's Reversi rule book: 24 tiles (gold and black,
//! numbered 1 to 10 and two blanks of each colour) lie face down on the board; the player places
//! discs of either colour, turns up the tiles beside them and wins a single face-up tile by
//! trapping it between the new disc and a disc of the new disc's colour. The rules, the deal, the
//! score and the records; `docs/solo.md` gives the rules and their interpretation.
//!
//! - [`SoloGame`]: a deal from a seed, the moves played, the end and the score, transcripts.
//! - [`SoloBoard`]: discs, tiles and the tiles won, with the rules of a move; [`SoloView`] is what
//!   the player sees (face-down tiles without their identities), for the hint player.
//! - [`SoloMove`] (`d3g`, `d3b`), [`Tile`], [`TileFace`], [`SoloOutcome`], [`SoloScore`],
//!   [`SoloEnd`].
//! - [`SoloLayout`]: the 24 squares the tiles are dealt on, kept as data in
//!   `assets/solo-layout.txt`; [`daily_seed`]: the seed of the day's deal.
//!
//! The colours are Ravensburger's: gold is the engine's [`Color::Black`] (the side that moves
//! first in the two-player game), black is [`Color::White`]; [`GOLD`] and [`BLACK`] name them.
//!
//! One file per concern, each using only those above it in this list:
//! `tiles` (the colours, the 24 tiles, the shuffle), `layout`, `moves` (a move, its notation and
//! what playing one answers: errors, outcome, end, score), `board` (the state and its diagram),
//! `rules` (the rules of a move on a board), `view` (what the player sees), `game` (the deal and
//! the moves of one game), `record` (transcripts), and `daily` (the day's seed), which stands
//! alone. The files are private: everything public is re-exported here, as `engine::solo::X`.
//!
//! [`Color::Black`]: crate::engine::Color::Black
//! [`Color::White`]: crate::engine::Color::White

mod board;
mod daily;
mod game;
mod layout;
mod moves;
mod record;
mod rules;
mod tiles;
mod view;

pub use board::{SoloBoard, SoloBoardTextError};
pub use daily::{InvalidDate, daily_seed};
pub use game::SoloGame;
pub use layout::{LayoutError, SoloLayout};
pub use moves::{IllegalSoloMove, ParseSoloMoveError, SoloEnd, SoloMove, SoloOutcome, SoloScore, parse_color};
pub use record::SoloRecordError;
pub use tiles::{BLACK, GOLD, HIGHEST_NUMBER, TILE_COUNT, Tile, TileFace, color_name};
pub use view::SoloView;
