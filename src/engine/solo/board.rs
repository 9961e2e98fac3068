//! The board: where the discs and the tiles lie and which tiles are won, its accessors and its
//! diagram (read by `SoloBoard::from_rows`, written by `Display`). The rules of a move on it are
//! in `rules`.

use std::fmt;

use super::layout::SoloLayout;
use super::moves::SoloScore;
use super::tiles::{BLACK, GOLD, HIGHEST_NUMBER, TILE_COUNT, Tile, TileFace};
use crate::engine::bits;
use crate::engine::board::{Board, SquareSet};
use crate::engine::square::{BoardSize, Color, Square};

pub(super) fn square_set(bits: u64) -> SquareSet {
    SquareSet::from_bits(BoardSize::Eight, u128::from(bits))
}

/// The square at bit `index` of an 8x8 board.
pub(super) fn square_at(index: u32) -> Square {
    Square::from_index(index, BoardSize::Eight)
}

/// The discs and tiles on the board and the tiles won so far: everything the rules of a move
/// need. [`SoloGame`] keeps one with the moves and the seed; the hint player plays on guesses
/// from a [`SoloView`].
///
/// ```
/// use reversi_bot::engine::solo::{GOLD, SoloGame, TileFace};
/// let game = SoloGame::deal(1);
/// let board = game.board();
/// assert_eq!(board.discs(GOLD).to_string(), "e4 d5");
/// let first_tile = board.face_down().iter().next().unwrap();
/// assert_eq!(board.tile_at(first_tile), Some(TileFace::FaceDown));
/// ```
///
/// [`SoloGame`]: super::SoloGame
/// [`SoloView`]: super::SoloView
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SoloBoard {
    /// Discs by [`Color::index`].
    pub(super) discs: [u64; 2],
    pub(super) face_down: u64,
    /// Face-up tiles by their colour's [`Color::index`].
    pub(super) face_up: [u64; 2],
    /// Each square's tile as [`Tile::code`], 0 for none (or, in a [`SoloView`], unknown).
    ///
    /// [`SoloView`]: super::SoloView
    pub(super) tiles: [u8; 64],
    /// Per colour, bit `n - 1` for each numbered tile `n` won.
    pub(super) won_numbers: [u16; 2],
    /// Per colour, the blank tiles won.
    pub(super) won_blanks: [u8; 2],
}

impl SoloBoard {
    /// The start: the four centre discs as in the two-player game (gold on e4 and d5, black on
    /// d4 and e5) and `tiles` face down on the layout's squares, a1 to h8.
    pub(super) fn deal(layout: SoloLayout, tiles: &[Tile; TILE_COUNT]) -> SoloBoard {
        let start = Board::standard();
        let mut board = SoloBoard {
            discs: Color::BOTH.map(|c| start.bits_of(c) as u64),
            face_down: layout.bits,
            face_up: [0; 2],
            tiles: [0; 64],
            won_numbers: [0; 2],
            won_blanks: [0; 2],
        };
        for (index, tile) in bits::BitIter(layout.bits).zip(tiles) {
            board.tiles[index as usize] = tile.code();
        }
        board
    }

    /// A position from a diagram, for tests, puzzles and examples: 64 cells separated by white
    /// space, row by row from a1. `.` is a free square, `X` a gold disc, `O` a black disc,
    /// `g7`, `b10` a face-up gold 7 or black 10, `g_`, `b_` a face-up blank, and `#` before a
    /// tile (`#g7`) puts it face down. Single letters `a`-`h` and numbers `1`-`8` (coordinates)
    /// are skipped, so [`SoloBoard`]'s own diagram reads back when no tile lies face down. No
    /// tile has been won; tiles missing from the diagram are out of play.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{BLACK, GOLD, SoloBoard, SoloMove, Tile};
    /// let board = SoloBoard::from_rows(
    ///     ". . . . . . . .
    ///      . . . . . . . .
    ///      . . . . . . . .
    ///      . . . O X . . .
    ///      . . . X O . . .
    ///      . . . . . . . .
    ///      . . . . . . . .
    ///      . X b7 . . . . #g_",
    /// ).unwrap();
    /// let mut after = board;
    /// let outcome = after.play(SoloMove::new("d8".parse().unwrap(), GOLD)).unwrap();
    /// assert_eq!(outcome.won, vec![("c8".parse().unwrap(), Tile::numbered(BLACK, 7).unwrap())]);
    /// assert_eq!(after.score().tiles, 1);
    /// ```
    pub fn from_rows(text: &str) -> Result<SoloBoard, SoloBoardTextError> {
        let mut board = SoloBoard {
            discs: [0; 2],
            face_down: 0,
            face_up: [0; 2],
            tiles: [0; 64],
            won_numbers: [0; 2],
            won_blanks: [0; 2],
        };
        let mut seen: Vec<Tile> = Vec::new();
        let mut index = 0u32;
        for cell in text.split_whitespace() {
            let coordinate = matches!(cell.as_bytes(), [b'a'..=b'h'] | [b'1'..=b'8']);
            if coordinate {
                continue;
            }
            if index == 64 {
                return Err(SoloBoardTextError::Length(65));
            }
            let bit = 1u64 << index;
            match cell {
                "." => {}
                "X" => board.discs[GOLD.index()] |= bit,
                "O" => board.discs[BLACK.index()] |= bit,
                _ => {
                    let (face_down, name) = match cell.strip_prefix('#') {
                        Some(rest) => (true, rest),
                        None => (false, cell),
                    };
                    let tile = parse_tile(name).ok_or_else(|| SoloBoardTextError::Cell(cell.to_string()))?;
                    let copies = seen.iter().filter(|&&t| t == tile).count();
                    if copies >= Tile::ALL.iter().filter(|&&t| t == tile).count() {
                        return Err(SoloBoardTextError::TooMany(tile));
                    }
                    seen.push(tile);
                    board.tiles[index as usize] = tile.code();
                    if face_down {
                        board.face_down |= bit;
                    } else {
                        board.face_up[tile.color.index()] |= bit;
                    }
                }
            }
            index += 1;
        }
        if index != 64 {
            return Err(SoloBoardTextError::Length(index));
        }
        Ok(board)
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> SquareSet {
        square_set(self.discs[color.index()])
    }

    /// The discs as a two-player [`Board`] (gold as black, black as white), for pictures.
    pub fn disc_board(&self) -> Board {
        let mut board = Board::empty(BoardSize::Eight);
        for color in Color::BOTH {
            for square in self.discs(color) {
                board.set(square, Some(color));
            }
        }
        board
    }

    /// The disc on `square`, if any.
    pub fn disc_at(&self, square: Square) -> Option<Color> {
        let bit = bit_of(square)?;
        Color::BOTH.into_iter().find(|c| self.discs[c.index()] & bit != 0)
    }

    /// The tile on `square` as the player sees it, if one lies there.
    pub fn tile_at(&self, square: Square) -> Option<TileFace> {
        let bit = bit_of(square)?;
        if self.face_down & bit != 0 {
            Some(TileFace::FaceDown)
        } else if (self.face_up[0] | self.face_up[1]) & bit != 0 {
            Tile::from_code(self.tiles[square.index(BoardSize::Eight) as usize]).map(TileFace::FaceUp)
        } else {
            None
        }
    }

    /// The squares with a face-down tile.
    pub fn face_down(&self) -> SquareSet {
        square_set(self.face_down)
    }

    /// The squares with a face-up tile of `color`.
    pub fn face_up(&self, color: Color) -> SquareSet {
        square_set(self.face_up[color.index()])
    }

    /// The squares with a tile, face up or down.
    pub fn tiles(&self) -> SquareSet {
        square_set(self.tile_bits())
    }

    /// The free squares: no disc, no tile.
    pub fn free(&self) -> SquareSet {
        square_set(self.free_bits())
    }

    /// The tiles won so far, gold first, each colour from 1 to 10 then its blanks.
    pub fn won_tiles(&self) -> Vec<Tile> {
        let mut won = Vec::new();
        for color in Color::BOTH {
            won.extend(self.won_tiles_of(color));
        }
        won
    }

    /// The tiles of `color` won so far, from 1 to 10 then the blanks.
    pub fn won_tiles_of(&self, color: Color) -> Vec<Tile> {
        let numbers = self.won_numbers[color.index()];
        let numbered =
            (1..=HIGHEST_NUMBER).filter(|n| numbers >> (n - 1) & 1 == 1).filter_map(|n| Tile::numbered(color, n));
        let blanks = (0..self.won_blanks[color.index()]).map(|_| Tile::blank(color));
        numbered.chain(blanks).collect()
    }

    /// The score so far.
    pub fn score(&self) -> SoloScore {
        let mut score = SoloScore::default();
        for color in Color::BOTH {
            let numbers = u32::from(self.won_numbers[color.index()]);
            let blanks = u32::from(self.won_blanks[color.index()]);
            score.tiles += numbers.count_ones() + blanks;
            score.blanks += blanks;
            score.number_sum += (1..=u32::from(HIGHEST_NUMBER)).filter(|n| numbers >> (n - 1) & 1 == 1).sum::<u32>();
        }
        score
    }

    /// The squares with a tile, face up or down.
    pub(crate) fn tile_bits(&self) -> u64 {
        self.face_down | self.face_up[0] | self.face_up[1]
    }

    /// The squares with neither a disc nor a tile.
    pub(super) fn free_bits(&self) -> u64 {
        !(self.discs[0] | self.discs[1] | self.tile_bits())
    }

    /// The board with every face-down tile turned face up: what was left, shown once the game
    /// is over.
    pub fn revealed(mut self) -> SoloBoard {
        for index in bits::BitIter(self.face_down) {
            if let Some(tile) = Tile::from_code(self.tiles[index as usize]) {
                self.face_up[tile.color.index()] |= 1u64 << index;
                self.face_down &= !(1u64 << index);
            }
        }
        self
    }

    /// The board with the face-down tiles' identities forgotten.
    pub(super) fn hide_face_down(mut self) -> SoloBoard {
        for index in bits::BitIter(self.face_down) {
            self.tiles[index as usize] = 0;
        }
        self
    }
}

/// Reads a tile as the diagrams write it: `g7`, `b10`, `g_` (a blank).
fn parse_tile(text: &str) -> Option<Tile> {
    let mut chars = text.chars();
    let color = match chars.next()? {
        'g' => GOLD,
        'b' => BLACK,
        _ => return None,
    };
    match chars.as_str() {
        "_" => Some(Tile::blank(color)),
        digits if !digits.starts_with('0') => Tile::numbered(color, digits.parse().ok()?),
        _ => None,
    }
}

/// A position diagram ([`SoloBoard::from_rows`]) that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloBoardTextError {
    /// Not 64 cells.
    #[error("a board needs 64 cells, this one has {0}")]
    Length(u32),
    /// A cell that is nothing the diagram knows.
    #[error("\"{0}\" is not a cell: use ., X, O, a tile such as g7, b10 or g_, or # and a tile for a face-down one")]
    Cell(String),
    /// More copies of a tile than the box holds.
    #[error("there are too many {0} tiles: the box holds one of each number and two blanks per colour")]
    TooMany(Tile),
}

/// The bit of `square` on the 8x8 board, if it is on it.
pub(super) fn bit_of(square: Square) -> Option<u64> {
    BoardSize::Eight.contains(square).then(|| 1u64 << square.index(BoardSize::Eight))
}

impl fmt::Debug for SoloBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SoloBoard(\n{self})")
    }
}

impl fmt::Display for SoloBoard {
    /// A diagram: `X` gold disc, `O` black disc, `#` face-down tile, `g`/`b` face-up gold/black
    /// tile with its number (`g7`, `b10`, `g_` for a blank), `.` free.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "     a   b   c   d   e   f   g   h")?;
        for row in 0..8u8 {
            write!(f, "{} ", row + 1)?;
            for col in 0..8u8 {
                let Some(square) = Square::new(col, row) else { continue };
                let cell = match (self.disc_at(square), self.tile_at(square)) {
                    (Some(GOLD), _) => "X".to_string(),
                    (Some(_), _) => "O".to_string(),
                    (None, Some(TileFace::FaceDown)) => "#".to_string(),
                    (None, Some(TileFace::FaceUp(tile))) => {
                        let letter = if tile.color == GOLD { 'g' } else { 'b' };
                        match tile.number {
                            Some(n) => format!("{letter}{n}"),
                            None => format!("{letter}_"),
                        }
                    }
                    (None, None) => ".".to_string(),
                };
                write!(f, " {cell:>3}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
