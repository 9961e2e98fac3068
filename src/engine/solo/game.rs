//! A solo game: the deal of a seed on a layout, the moves played, the player stopping, the end
//! and the score, and the view given to the hint player. Its transcripts are in `record`.

use super::board::{SoloBoard, bit_of};
use super::layout::SoloLayout;
use super::moves::{IllegalSoloMove, SoloEnd, SoloMove, SoloOutcome, SoloScore};
use super::tiles::{Tile, TileFace, shuffle};
use super::view::SoloView;
use crate::engine::bits;
use crate::engine::random::SplitMix64;
use crate::engine::square::{BoardSize, Square};

/// A solo game: the deal from a seed, the moves played, and whether the player stopped.
///
/// ```
/// use reversi_bot::engine::solo::{SoloGame, SoloMove};
/// let mut game = SoloGame::deal(42);
/// assert_eq!(game.board().face_down().len(), 24);
/// while let Some(&mv) = game.legal_moves().first() {
///     game.play(mv).unwrap();
/// }
/// assert!(game.is_over());
/// let replayed = SoloGame::from_transcript(42, &game.transcript()).unwrap();
/// assert_eq!(replayed, game);
/// println!("{}", game.score());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloGame {
    seed: u64,
    board: SoloBoard,
    pub(super) moves: Vec<SoloMove>,
    pub(super) stopped: bool,
}

impl SoloGame {
    /// The deal of `seed` on the standard layout: the 24 tiles shuffled with
    /// [`SplitMix64`]`::new(seed)` (Fisher-Yates from the last tile down, [`Tile::ALL`] order)
    /// and laid face down on the layout's squares from a1 to h8; the four centre discs as in the
    /// two-player game.
    pub fn deal(seed: u64) -> SoloGame {
        SoloGame::deal_on(SoloLayout::STANDARD, seed)
    }

    /// The deal of `seed` on another layout.
    pub fn deal_on(layout: SoloLayout, seed: u64) -> SoloGame {
        let mut tiles = Tile::ALL;
        shuffle(&mut tiles, &mut SplitMix64::new(seed));
        SoloGame { seed, board: SoloBoard::deal(layout, &tiles), moves: Vec::new(), stopped: false }
    }

    /// The seed of the deal.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The board: discs, tiles and the tiles won.
    pub fn board(&self) -> &SoloBoard {
        &self.board
    }

    /// What the player sees, for the hint player.
    pub fn view(&self) -> SoloView {
        let board = self.board.hide_face_down();
        let mut hidden: Vec<Tile> = Tile::ALL.to_vec();
        let mut remove = |tile: Tile| {
            if let Some(i) = hidden.iter().position(|&t| t == tile) {
                hidden.remove(i);
            }
        };
        for tile in self.board.won_tiles() {
            remove(tile);
        }
        for index in bits::BitIter(self.board.face_up[0] | self.board.face_up[1]) {
            if let Some(tile) = Tile::from_code(self.board.tiles[index as usize]) {
                remove(tile);
            }
        }
        SoloView { board, hidden, over: self.is_over() }
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[SoloMove] {
        &self.moves
    }

    /// Every legal move, square by square from a1, gold before black; none once the game is
    /// over.
    pub fn legal_moves(&self) -> Vec<SoloMove> {
        if self.is_over() { Vec::new() } else { self.board.legal_moves() }
    }

    /// Plays `mv` (see [`SoloBoard::play`]). On error the game is unchanged.
    pub fn play(&mut self, mv: SoloMove) -> Result<SoloOutcome, IllegalSoloMove> {
        if self.stopped {
            return Err(IllegalSoloMove::GameOver);
        }
        let outcome = self.board.play(mv)?;
        self.moves.push(mv);
        Ok(outcome)
    }

    /// The player gives up the rest of the game: it ends with the tiles won so far. An error if
    /// it is already over.
    pub fn stop(&mut self) -> Result<SoloScore, IllegalSoloMove> {
        if self.is_over() {
            return Err(IllegalSoloMove::GameOver);
        }
        self.stopped = true;
        Ok(self.score())
    }

    /// Why the game is over, if it is.
    pub fn end(&self) -> Option<SoloEnd> {
        self.board.end().or(self.stopped.then_some(SoloEnd::Stopped))
    }

    /// Whether the game is over: every tile won, no move left, every tile left shut in, or the
    /// player stopped.
    pub fn is_over(&self) -> bool {
        self.end().is_some()
    }

    /// The score so far (the final score once the game is over).
    pub fn score(&self) -> SoloScore {
        self.board.score()
    }

    /// The tile on `square` as the player sees it (see [`SoloBoard::tile_at`]).
    pub fn tile_at(&self, square: Square) -> Option<TileFace> {
        self.board.tile_at(square)
    }

    /// The tile lying face down on `square`, once the game is over (for the last picture); `None`
    /// while it is being played, and where no face-down tile lies.
    pub fn reveal(&self, square: Square) -> Option<Tile> {
        let bit = bit_of(square)?;
        if !self.is_over() || self.board.face_down & bit == 0 {
            return None;
        }
        Tile::from_code(self.board.tiles[square.index(BoardSize::Eight) as usize])
    }
}
