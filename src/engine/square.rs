//! Squares, board sizes, colours and directions: the coordinates every other part of the engine
//! speaks. `a1` is the top-left corner and rows grow downwards (the Othello world's convention).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The side length of a square board. BrainKing plays 6x6, 8x8 (Othello) and 10x10.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum BoardSize {
    /// 6x6, columns a-f.
    Six,
    /// 8x8, the standard Othello board.
    #[default]
    Eight,
    /// 10x10, columns a-j.
    Ten,
}

impl BoardSize {
    /// Every supported size, smallest first.
    pub const ALL: [BoardSize; 3] = [BoardSize::Six, BoardSize::Eight, BoardSize::Ten];

    /// The number of squares along one side.
    ///
    /// ```
    /// use reversi_bot::engine::BoardSize;
    /// assert_eq!(BoardSize::Ten.side(), 10);
    /// ```
    pub const fn side(self) -> u8 {
        match self {
            BoardSize::Six => 6,
            BoardSize::Eight => 8,
            BoardSize::Ten => 10,
        }
    }

    /// The number of squares on the board.
    pub const fn squares(self) -> u32 {
        let n = self.side() as u32;
        n * n
    }

    /// The size with `side` squares along one side, if it is supported.
    pub const fn from_side(side: u8) -> Option<BoardSize> {
        match side {
            6 => Some(BoardSize::Six),
            8 => Some(BoardSize::Eight),
            10 => Some(BoardSize::Ten),
            _ => None,
        }
    }

    /// Whether `square` lies on a board of this size.
    pub const fn contains(self, square: Square) -> bool {
        square.col < self.side() && square.row < self.side()
    }

    /// The last column letter (`h` on 8x8).
    pub const fn last_column(self) -> char {
        (b'a' + self.side() - 1) as char
    }

    /// Every square of the board, row by row from a1.
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        let n = self.side();
        (0..n).flat_map(move |row| (0..n).map(move |col| Square { col, row }))
    }
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.side())
    }
}

impl From<BoardSize> for u8 {
    fn from(size: BoardSize) -> u8 {
        size.side()
    }
}

impl TryFrom<u8> for BoardSize {
    type Error = UnsupportedSize;
    fn try_from(side: u8) -> Result<Self, Self::Error> {
        BoardSize::from_side(side).ok_or(UnsupportedSize(side))
    }
}

/// A board side length the engine does not play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a board of side {0} is not supported: choose 6, 8 or 10")]
pub struct UnsupportedSize(pub u8);

/// A square, as column and row counted from the top-left corner `a1`.
///
/// Squares up to `j10` exist; whether a square is on a given board is [`BoardSize::contains`].
///
/// ```
/// use reversi_bot::engine::{BoardSize, Square};
/// let d3: Square = "D3".parse().unwrap();
/// assert_eq!((d3.col(), d3.row()), (3, 2));
/// assert_eq!(d3.to_string(), "d3");
/// assert!(Square::parse("i9", BoardSize::Eight).is_err());
/// assert!(Square::parse("i9", BoardSize::Ten).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square {
    col: u8,
    row: u8,
}

impl Square {
    /// The square at column `col` and row `row` (both from 0), if it exists on any board.
    pub const fn new(col: u8, row: u8) -> Option<Square> {
        if col < 10 && row < 10 { Some(Square { col, row }) } else { None }
    }

    /// The column, 0 for `a`.
    pub const fn col(self) -> u8 {
        self.col
    }

    /// The row, 0 for `1`.
    pub const fn row(self) -> u8 {
        self.row
    }

    /// The square's bit index on a board of `size`: `row * side + col`.
    pub const fn index(self, size: BoardSize) -> u32 {
        self.row as u32 * size.side() as u32 + self.col as u32
    }

    /// The square with bit index `index` on a board of `size`.
    pub const fn from_index(index: u32, size: BoardSize) -> Square {
        let n = size.side() as u32;
        Square { col: (index % n) as u8, row: (index / n) as u8 }
    }

    /// The neighbour one step in `dir`, if it is on a board of `size`.
    pub fn step(self, dir: Direction, size: BoardSize) -> Option<Square> {
        let (dx, dy) = dir.delta();
        let col = self.col as i32 + dx;
        let row = self.row as i32 + dy;
        let n = size.side() as i32;
        ((0..n).contains(&col) && (0..n).contains(&row)).then_some(Square { col: col as u8, row: row as u8 })
    }

    /// Parses a square and checks that it is on a board of `size`: `z9` on an 8x8 board is
    /// off *that* board.
    ///
    /// ```
    /// use reversi_bot::engine::{BoardSize, ParseSquareError, Square};
    /// assert_eq!(Square::parse("D3", BoardSize::Eight).unwrap().to_string(), "d3");
    /// let off = Square::parse("z9", BoardSize::Eight).unwrap_err();
    /// assert_eq!(off, ParseSquareError::OffBoard { text: "z9".into(), size: BoardSize::Eight });
    /// ```
    pub fn parse(text: &str, size: BoardSize) -> Result<Square, ParseSquareError> {
        let (col, row, shown) = coordinates(text)?;
        let side = u32::from(size.side());
        if col < side && row < side {
            Ok(Square { col: col as u8, row: row as u8 })
        } else {
            Err(ParseSquareError::OffBoard { text: shown, size })
        }
    }

    /// Reads a square from the front of `text` (letter then digits), returning it and the rest.
    /// Used by the record parsers, where squares follow each other without separators.
    pub(crate) fn parse_prefix(text: &str) -> Result<(Square, &str), ParseSquareError> {
        let bytes = text.as_bytes();
        let digits = bytes.iter().skip(1).take_while(|b| b.is_ascii_digit()).count();
        // "a10" is one square, but "a1" followed by a square starting with a digit cannot occur.
        let len = 1 + digits.min(2);
        if bytes.is_empty() || digits == 0 {
            let shown: String = text.chars().take(3).collect();
            return Err(ParseSquareError::NotASquare(shown));
        }
        let (head, rest) = text.split_at(len);
        Ok((head.parse()?, rest))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

impl From<Square> for String {
    fn from(square: Square) -> String {
        square.to_string()
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(text: String) -> Result<Self, Self::Error> {
        text.parse()
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `d3`, `D3` or ` d3 `: a column letter `a`-`j` and a row number `1`-`10`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Square::parse(text, BoardSize::Ten)
    }
}

/// The column and row (from 0) of a square written as a letter and a number, whatever the board,
/// with the text as shown back to the player (lower case). Full-width letters and digits, as
/// some keyboards type them, count as their plain forms.
fn coordinates(text: &str) -> Result<(u32, u32, String), ParseSquareError> {
    let normalised: String = text.trim().chars().map(plain_form).collect::<String>().to_lowercase();
    if normalised.is_empty() {
        return Err(ParseSquareError::Empty);
    }
    let not_a_square = || ParseSquareError::NotASquare(text.trim().chars().take(12).collect());
    let mut chars = normalised.chars();
    let letter = chars.next().ok_or(ParseSquareError::Empty)?;
    let digits = chars.as_str();
    if !letter.is_ascii_lowercase() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(not_a_square());
    }
    if digits.len() > 3 {
        return Err(not_a_square());
    }
    let number: u32 = digits.parse().map_err(|_| not_a_square())?;
    if number == 0 || digits.starts_with('0') {
        return Err(ParseSquareError::NoSuchRow(normalised));
    }
    Ok((letter as u32 - 'a' as u32, number - 1, normalised))
}

/// A full-width ASCII form (`ｄ３`) as its plain character; anything else as it is.
pub(crate) fn plain_form(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// Why some text is not a square; the message is written for players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSquareError {
    /// Nothing was typed.
    #[error("type a square, such as d3")]
    Empty,
    /// The text is not a letter followed by a number.
    #[error("\"{0}\" is not a square: write a column letter and a row number, such as d3")]
    NotASquare(String),
    /// Rows are numbered from 1.
    #[error("{0} is not a square: rows are numbered from 1")]
    NoSuchRow(String),
    /// A well-formed square outside the board.
    #[error("{text} is off the {size} board: columns run a-{}, rows 1-{}", size.last_column(), size.side())]
    OffBoard {
        /// The square as typed, in lower case.
        text: String,
        /// The board it is not on.
        size: BoardSize,
    },
}

/// The two sides. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

impl Color {
    /// Both colours, black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    ///
    /// ```
    /// use reversi_bot::engine::Color;
    /// assert_eq!(Color::Black.opponent(), Color::White);
    /// ```
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: an index into per-colour arrays.
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// One of the eight directions of a line, as on a map with row 1 at the top: north points to
/// row 1, east to the last column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Towards row 1.
    N,
    /// Towards row 1 and the last column.
    NE,
    /// Towards the last column.
    E,
    /// Towards the last row and the last column.
    SE,
    /// Towards the last row.
    S,
    /// Towards the last row and column a.
    SW,
    /// Towards column a.
    W,
    /// Towards row 1 and column a.
    NW,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The step as (columns, rows).
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::N => (0, -1),
            Direction::NE => (1, -1),
            Direction::E => (1, 0),
            Direction::SE => (1, 1),
            Direction::S => (0, 1),
            Direction::SW => (-1, 1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, -1),
        }
    }

    /// The lower-case compass name used in move notation: `n`, `ne`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "n",
            Direction::NE => "ne",
            Direction::E => "e",
            Direction::SE => "se",
            Direction::S => "s",
            Direction::SW => "sw",
            Direction::W => "w",
            Direction::NW => "nw",
        }
    }

    /// The direction's index in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Direction {
    type Err = ParseDirectionError;

    /// Parses `n`, `NE`, `north-east`, `northeast`, ...
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let key: String = text.trim().to_ascii_lowercase().chars().filter(|c| c.is_ascii_alphabetic()).collect();
        let dir = match key.as_str() {
            "n" | "north" | "up" => Direction::N,
            "ne" | "northeast" => Direction::NE,
            "e" | "east" | "right" => Direction::E,
            "se" | "southeast" => Direction::SE,
            "s" | "south" | "down" => Direction::S,
            "sw" | "southwest" => Direction::SW,
            "w" | "west" | "left" => Direction::W,
            "nw" | "northwest" => Direction::NW,
            _ => return Err(ParseDirectionError(text.trim().chars().take(12).collect())),
        };
        Ok(dir)
    }
}

/// Text that names no direction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a direction: use n, ne, e, se, s, sw, w or nw")]
pub struct ParseDirectionError(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_parse_in_either_case_and_with_spaces() {
        for text in ["d3", "D3", " d3 ", "\td3\n"] {
            assert_eq!(text.parse::<Square>(), Ok(Square { col: 3, row: 2 }), "{text:?}");
        }
        assert_eq!("j10".parse::<Square>().unwrap().to_string(), "j10");
    }

    #[test]
    fn malformed_squares_are_rejected_with_a_readable_reason() {
        assert_eq!("".parse::<Square>(), Err(ParseSquareError::Empty));
        assert_eq!("   ".parse::<Square>(), Err(ParseSquareError::Empty));
        assert!(matches!("dd".parse::<Square>(), Err(ParseSquareError::NotASquare(_))));
        assert!(matches!("3d".parse::<Square>(), Err(ParseSquareError::NotASquare(_))));
        assert!(matches!("d".parse::<Square>(), Err(ParseSquareError::NotASquare(_))));
        assert!(matches!("d3x".parse::<Square>(), Err(ParseSquareError::NotASquare(_))));
        assert!(matches!("é3".parse::<Square>(), Err(ParseSquareError::NotASquare(_))));
        assert!(matches!("d0".parse::<Square>(), Err(ParseSquareError::NoSuchRow(_))));
        assert!(matches!("d03".parse::<Square>(), Err(ParseSquareError::NoSuchRow(_))));
        let message = Square::parse("i9", BoardSize::Eight).unwrap_err().to_string();
        assert_eq!(message, "i9 is off the 8x8 board: columns run a-h, rows 1-8");
        assert!(Square::parse("g3", BoardSize::Six).is_err());
        assert!(Square::parse("f6", BoardSize::Six).is_ok());
        assert!(Square::parse("k1", BoardSize::Ten).is_err());
        assert!(Square::parse("a11", BoardSize::Ten).is_err());
        assert_eq!(
            "dd".parse::<Square>().unwrap_err().to_string(),
            "\"dd\" is not a square: write a column letter and a row number, such as d3"
        );
    }

    #[test]
    fn square_indices_round_trip_on_every_size() {
        for size in BoardSize::ALL {
            for (i, square) in size.all_squares().enumerate() {
                assert_eq!(square.index(size), i as u32);
                assert_eq!(Square::from_index(i as u32, size), square);
            }
        }
    }

    #[test]
    fn prefix_parsing_reads_two_digit_rows() {
        let (sq, rest) = Square::parse_prefix("a10b3").unwrap();
        assert_eq!((sq.to_string().as_str(), rest), ("a10", "b3"));
        let (sq, rest) = Square::parse_prefix("f5d6").unwrap();
        assert_eq!((sq.to_string().as_str(), rest), ("f5", "d6"));
    }

    #[test]
    fn directions_parse_from_short_and_long_names() {
        assert_eq!("NE".parse::<Direction>(), Ok(Direction::NE));
        assert_eq!("south-west".parse::<Direction>(), Ok(Direction::SW));
        assert!("up-ish".parse::<Direction>().is_err());
        for dir in Direction::ALL {
            assert_eq!(dir.name().parse::<Direction>(), Ok(dir));
        }
    }
}
