//! What the player sees of a game: the discs and the tiles, but not which tiles lie face down,
//! for the hint player, which decides on this alone and plays out guesses of the rest.

use super::board::{SoloBoard, bit_of};
use super::moves::{IllegalSoloMove, SoloMove, SoloScore};
use super::rules::orthogonal_neighbours;
use super::tiles::{Tile, TileFace, shuffle};
use crate::engine::bits;
use crate::engine::board::SquareSet;
use crate::engine::random::SplitMix64;
use crate::engine::square::{Color, Square};

/// What the player knows of a game: the discs, which squares hold face-down tiles (but not which
/// tiles), the face-up and won tiles, and so the tiles still hidden. The hint player decides on
/// this alone and plays out [`SoloView::guess`]es.
///
/// ```
/// use reversi_bot::engine::SplitMix64;
/// use reversi_bot::engine::solo::SoloGame;
/// let game = SoloGame::deal(5);
/// let view = game.view();
/// assert_eq!(view.hidden_tiles().len(), 24);
/// assert_eq!(view.legal_moves(), game.legal_moves());
/// let guess = view.guess(&mut SplitMix64::new(1));
/// assert_eq!(guess.face_down(), game.board().face_down());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloView {
    /// The board with the face-down tiles' identities set to 0.
    pub(super) board: SoloBoard,
    /// The tiles neither face up nor won: those lying face down, in [`Tile::ALL`] order.
    pub(super) hidden: Vec<Tile>,
    pub(super) over: bool,
}

impl SoloView {
    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> SquareSet {
        self.board.discs(color)
    }

    /// The tile on `square` as the player sees it.
    pub fn tile_at(&self, square: Square) -> Option<TileFace> {
        self.board.tile_at(square)
    }

    /// The squares with a face-down tile.
    pub fn face_down(&self) -> SquareSet {
        self.board.face_down()
    }

    /// How many face-down tiles a disc on `square` would turn up (those sharing a side with it).
    ///
    /// ```
    /// use reversi_bot::engine::solo::SoloGame;
    /// let view = SoloGame::deal(1).view();
    /// assert_eq!(view.turned_up_by("c2".parse().unwrap()), 4);
    /// assert_eq!(view.turned_up_by("d3".parse().unwrap()), 2);
    /// ```
    pub fn turned_up_by(&self, square: Square) -> usize {
        bit_of(square).map_or(0, |bit| (orthogonal_neighbours(bit) & self.board.face_down).count_ones() as usize)
    }

    /// The squares with a face-up tile of `color`.
    pub fn face_up(&self, color: Color) -> SquareSet {
        self.board.face_up(color)
    }

    /// The tiles lying face down somewhere, which ones where unknown.
    pub fn hidden_tiles(&self) -> &[Tile] {
        &self.hidden
    }

    /// The score so far.
    pub fn score(&self) -> SoloScore {
        self.board.score()
    }

    /// Every legal move (none once the game is over), as [`SoloBoard::legal_moves`].
    pub fn legal_moves(&self) -> Vec<SoloMove> {
        if self.over { Vec::new() } else { self.board.legal_moves() }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The tiles `mv` would win now, and the discs it would flip (the tiles won are face up, so
    /// this needs nothing hidden).
    pub fn check(&self, mv: SoloMove) -> Result<(SquareSet, SquareSet), IllegalSoloMove> {
        if self.over {
            return Err(IllegalSoloMove::GameOver);
        }
        self.board.check(mv)
    }

    /// A board as it might be: the hidden tiles shuffled over the face-down squares by `rng`.
    /// Everything the player sees is as in the game.
    pub fn guess(&self, rng: &mut SplitMix64) -> SoloBoard {
        let mut hidden = self.hidden.clone();
        shuffle(&mut hidden, rng);
        let mut board = self.board;
        for (index, tile) in bits::BitIter(board.face_down).zip(hidden) {
            board.tiles[index as usize] = tile.code();
        }
        board
    }
}
