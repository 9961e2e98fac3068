//! `Board` (the discs on a board of any supported size) and `SquareSet` (a set of squares, such
//! as legal moves or flipped discs). Both keep their bits in a `u128` and dispatch to the
//! size-specific bitboard code in [`super::bits`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::bits::{self, BitIter, Bits, Eight, Geometry, Six, Ten};
use super::rules::Start;
use super::square::{BoardSize, Color, Direction, Square};

/// Runs `$body` with `$g` bound to the geometry type of `$size`.
macro_rules! with_geometry {
    ($size:expr, $g:ident => $body:expr) => {
        match $size {
            BoardSize::Six => {
                type $g = Six;
                $body
            }
            BoardSize::Eight => {
                type $g = Eight;
                $body
            }
            BoardSize::Ten => {
                type $g = Ten;
                $body
            }
        }
    };
}

fn full_of<G: Geometry>() -> u128 {
    G::FULL.to_u128()
}

fn moves_of<G: Geometry>(p: u128, o: u128) -> u128 {
    G::moves(G::Mask::from_u128(p), G::Mask::from_u128(o)).to_u128()
}

fn flips_of<G: Geometry>(p: u128, o: u128, index: u32) -> u128 {
    G::flips(G::Mask::from_u128(p), G::Mask::from_u128(o), index).to_u128()
}

fn line_flips_of<G: Geometry>(p: u128, o: u128, index: u32, dir: Direction) -> u128 {
    bits::line_flips::<G>(G::Mask::from_u128(p), G::Mask::from_u128(o), index, dir).to_u128()
}

fn perft_of<G: Geometry>(p: u128, o: u128, depth: u32) -> u64 {
    super::perft::perft::<G>(G::Mask::from_u128(p), G::Mask::from_u128(o), depth)
}

/// A set of squares of one board size.
///
/// ```
/// use reversi_bot::engine::{Board, Color, BoardSize};
/// let board = Board::standard();
/// let moves = board.legal_moves(Color::Black);
/// let names: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["d3", "c4", "f5", "e6"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet {
    size: BoardSize,
    bits: u128,
}

impl SquareSet {
    /// The empty set on a board of `size`.
    pub const fn empty(size: BoardSize) -> SquareSet {
        SquareSet { size, bits: 0 }
    }

    /// The set with these bits (bit `row * side + col`); bits off the board are dropped.
    pub fn from_bits(size: BoardSize, bits: u128) -> SquareSet {
        let full = with_geometry!(size, G => full_of::<G>());
        SquareSet { size, bits: bits & full }
    }

    /// The raw bits.
    pub const fn bits(self) -> u128 {
        self.bits
    }

    /// The board size the set belongs to.
    pub const fn size(self) -> BoardSize {
        self.size
    }

    /// Number of squares in the set.
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether the set holds no square.
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }

    /// Whether `square` is in the set.
    pub fn contains(self, square: Square) -> bool {
        self.size.contains(square) && self.bits >> square.index(self.size) & 1 == 1
    }

    /// The set with `square` added.
    pub fn with(self, square: Square) -> SquareSet {
        if self.size.contains(square) {
            SquareSet { bits: self.bits | 1 << square.index(self.size), ..self }
        } else {
            self
        }
    }

    /// The squares, row by row from a1.
    pub fn iter(self) -> SquareIter {
        SquareIter { size: self.size, bits: BitIter(self.bits) }
    }
}

/// The squares of a [`SquareSet`], row by row from a1.
#[derive(Clone, Debug)]
pub struct SquareIter {
    size: BoardSize,
    bits: BitIter<u128>,
}

impl Iterator for SquareIter {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        self.bits.next().map(|i| Square::from_index(i, self.size))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.bits.size_hint()
    }
}

impl ExactSizeIterator for SquareIter {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = SquareIter;
    fn into_iter(self) -> SquareIter {
        self.iter()
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|s| s.to_string())).finish()
    }
}

impl fmt::Display for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|s| s.to_string()).collect();
        f.write_str(&names.join(" "))
    }
}

/// The discs on a board: which squares hold black and which white. It does not know whose turn it
/// is; [`super::Game`] does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    size: BoardSize,
    black: u128,
    white: u128,
}

impl Board {
    /// An empty board.
    pub const fn empty(size: BoardSize) -> Board {
        Board { size, black: 0, white: 0 }
    }

    /// The standard Othello start: white on d4 and e5, black on d5 and e4.
    pub fn standard() -> Board {
        Board::start(BoardSize::Eight, Start::Cross)
    }

    /// The starting position of `size` for `start`. The cross puts white on the top-left and
    /// bottom-right centre squares (d4, e5 on 8x8) and black on the other two; the parallel start
    /// puts white on the upper centre row (d4, e4) and black below (d5, e5); the free centre is
    /// empty.
    pub fn start(size: BoardSize, start: Start) -> Board {
        let c = size.side() / 2 - 1;
        let sq = |col, row| Square::new(col, row).map(|s| 1u128 << s.index(size)).unwrap_or(0);
        let (black, white) = match start {
            Start::Cross => (sq(c + 1, c) | sq(c, c + 1), sq(c, c) | sq(c + 1, c + 1)),
            Start::Parallel => (sq(c, c + 1) | sq(c + 1, c + 1), sq(c, c) | sq(c + 1, c)),
            Start::FreeCentre | Start::FirstPlayerChooses => (0, 0),
        };
        Board { size, black, white }
    }

    /// Reads a board written row by row from a1, one character per square: `X`, `x`, `*` or `B`
    /// for black, `O`, `o` or `W` for white, `-` or `.` for empty. White space is ignored.
    pub fn from_rows(text: &str, size: BoardSize) -> Result<Board, BoardTextError> {
        let mut board = Board::empty(size);
        let mut count = 0u32;
        for c in text.chars().filter(|c| !c.is_whitespace()) {
            if count == size.squares() {
                return Err(BoardTextError::Length { expected: size.squares(), found: count + 1 });
            }
            let square = Square::from_index(count, size);
            match c {
                'X' | 'x' | '*' | 'B' | 'b' => board.set(square, Some(Color::Black)),
                'O' | 'o' | 'W' | 'w' | '0' => board.set(square, Some(Color::White)),
                '-' | '.' | '_' => {}
                other => return Err(BoardTextError::Character(other)),
            }
            count += 1;
        }
        if count != size.squares() {
            return Err(BoardTextError::Length { expected: size.squares(), found: count });
        }
        Ok(board)
    }

    /// The board row by row from a1 in one line: `X` black, `O` white, `-` empty.
    pub fn to_rows(&self) -> String {
        self.size
            .all_squares()
            .map(|s| match self.at(s) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '-',
            })
            .collect()
    }

    /// The board size.
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// The disc on `square`, if any (`None` also for squares off the board).
    ///
    /// ```
    /// use reversi_bot::engine::{Board, Color};
    /// let board = Board::standard();
    /// assert_eq!(board.at("d4".parse().unwrap()), Some(Color::White));
    /// assert_eq!(board.at("e4".parse().unwrap()), Some(Color::Black));
    /// assert_eq!(board.at("a1".parse().unwrap()), None);
    /// ```
    pub fn at(&self, square: Square) -> Option<Color> {
        if !self.size.contains(square) {
            return None;
        }
        let bit = 1u128 << square.index(self.size);
        if self.black & bit != 0 {
            Some(Color::Black)
        } else if self.white & bit != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Puts a disc of `color` on `square`, or clears it with `None`. Squares off the board are
    /// ignored.
    pub fn set(&mut self, square: Square, color: Option<Color>) {
        if !self.size.contains(square) {
            return;
        }
        let bit = 1u128 << square.index(self.size);
        self.black &= !bit;
        self.white &= !bit;
        match color {
            Some(Color::Black) => self.black |= bit,
            Some(Color::White) => self.white |= bit,
            None => {}
        }
    }

    /// The discs of `color`.
    pub fn discs(&self, color: Color) -> SquareSet {
        SquareSet { size: self.size, bits: self.bits_of(color) }
    }

    /// The empty squares.
    pub fn empty_squares(&self) -> SquareSet {
        SquareSet::from_bits(self.size, !(self.black | self.white))
    }

    /// The number of discs of `color`.
    pub const fn count(&self, color: Color) -> u32 {
        match color {
            Color::Black => self.black.count_ones(),
            Color::White => self.white.count_ones(),
        }
    }

    /// The number of empty squares.
    pub const fn empties(&self) -> u32 {
        self.size.squares() - (self.black | self.white).count_ones()
    }

    /// The discs of `color` as raw bits.
    pub const fn bits_of(&self, color: Color) -> u128 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The 8x8 board as `(player, opponent)` bitboards for the side `color`, or `None` on
    /// another size. This is the form the search works in.
    pub fn to_bitboards8(&self, color: Color) -> Option<(u64, u64)> {
        (self.size == BoardSize::Eight).then(|| (self.bits_of(color) as u64, self.bits_of(color.opponent()) as u64))
    }

    /// The squares where `color` may move under the standard rule (must bracket a line).
    pub fn legal_moves(&self, color: Color) -> SquareSet {
        let (p, o) = (self.bits_of(color), self.bits_of(color.opponent()));
        let bits = with_geometry!(self.size, G => moves_of::<G>(p, o));
        SquareSet { size: self.size, bits }
    }

    /// Whether `color` has a legal move.
    pub fn has_moves(&self, color: Color) -> bool {
        !self.legal_moves(color).is_empty()
    }

    /// The opponent discs `color` would flip on `square`, over all bracketed lines. Empty when the
    /// move is illegal (including an occupied or off-board square).
    pub fn flips(&self, color: Color, square: Square) -> SquareSet {
        if !self.size.contains(square) || self.at(square).is_some() {
            return SquareSet::empty(self.size);
        }
        let (p, o) = (self.bits_of(color), self.bits_of(color.opponent()));
        let index = square.index(self.size);
        let bits = with_geometry!(self.size, G => flips_of::<G>(p, o, index));
        SquareSet { size: self.size, bits }
    }

    /// The opponent discs `color` would flip on `square` along the single line `dir`.
    pub fn line_flips(&self, color: Color, square: Square, dir: Direction) -> SquareSet {
        if !self.size.contains(square) || self.at(square).is_some() {
            return SquareSet::empty(self.size);
        }
        let (p, o) = (self.bits_of(color), self.bits_of(color.opponent()));
        let index = square.index(self.size);
        let bits = with_geometry!(self.size, G => line_flips_of::<G>(p, o, index, dir));
        SquareSet { size: self.size, bits }
    }

    /// The directions in which a move of `color` on `square` brackets opponent discs.
    pub fn bracketed_lines(&self, color: Color, square: Square) -> Vec<Direction> {
        Direction::ALL.into_iter().filter(|&d| !self.line_flips(color, square, d).is_empty()).collect()
    }

    /// Places a disc of `color` on `square` and turns the discs in `flips` over to `color`.
    /// Does not check legality: callers work out `flips` with [`Board::flips`] or
    /// [`Board::line_flips`].
    pub fn place(&mut self, color: Color, square: Square, flips: SquareSet) {
        let bit = 1u128 << square.index(self.size);
        let (mine, theirs) = match color {
            Color::Black => (&mut self.black, &mut self.white),
            Color::White => (&mut self.white, &mut self.black),
        };
        *mine |= bit | flips.bits;
        *theirs &= !(bit | flips.bits);
    }

    /// Counts the leaves of the game tree `depth` plies deep with `to_move` to play, standard
    /// rules, a forced pass counting as a ply. See [`super::perft`].
    pub fn perft(&self, to_move: Color, depth: u32) -> u64 {
        let (p, o) = (self.bits_of(to_move), self.bits_of(to_move.opponent()));
        with_geometry!(self.size, G => perft_of::<G>(p, o, depth))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}, {})", self.size, self.to_rows())
    }
}

impl fmt::Display for Board {
    /// A text diagram with coordinates, `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size.side();
        let header: String = (0..n).map(|c| format!(" {}", (b'a' + c) as char)).collect();
        writeln!(f, "   {header}")?;
        for row in 0..n {
            write!(f, "{:>2} ", row + 1)?;
            for col in 0..n {
                let c = match Square::new(col, row).and_then(|s| self.at(s)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A board diagram that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardTextError {
    /// Not one character per square.
    #[error("a board needs {expected} squares, this one has {found}")]
    Length {
        /// The board's square count.
        expected: u32,
        /// How many were given.
        found: u32,
    },
    /// A character that is no disc and no empty square.
    #[error("'{0}' is not a disc: use X for black, O for white and - for empty")]
    Character(char),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_start_matches_the_othello_convention() {
        let board = Board::standard();
        let at = |s: &str| board.at(s.parse().unwrap());
        assert_eq!(at("d4"), Some(Color::White));
        assert_eq!(at("e5"), Some(Color::White));
        assert_eq!(at("d5"), Some(Color::Black));
        assert_eq!(at("e4"), Some(Color::Black));
        assert_eq!(board.count(Color::Black) + board.count(Color::White), 4);
        assert_eq!(board.legal_moves(Color::Black).to_string(), "d3 c4 f5 e6");
    }

    #[test]
    fn every_size_starts_with_four_discs_in_the_centre() {
        for size in BoardSize::ALL {
            let board = Board::start(size, Start::Cross);
            assert_eq!(board.empties(), size.squares() - 4);
            assert_eq!(board.legal_moves(Color::Black).len(), 4, "{size}");
            let parallel = Board::start(size, Start::Parallel);
            assert_eq!(parallel.count(Color::Black), 2);
            assert!(parallel.has_moves(Color::Black));
        }
    }

    #[test]
    fn rows_text_round_trips() {
        let board = Board::standard();
        let text = board.to_rows();
        assert_eq!(Board::from_rows(&text, BoardSize::Eight), Ok(board));
        assert!(matches!(Board::from_rows("XO", BoardSize::Eight), Err(BoardTextError::Length { .. })));
        assert!(matches!(
            Board::from_rows(&text.replace('X', "?"), BoardSize::Eight),
            Err(BoardTextError::Character('?'))
        ));
    }
}
