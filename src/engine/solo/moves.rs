//! A move (`d3g`, `d3b`) and how it is written and read, and what playing one can answer: why it
//! is illegal, what it did, why the game ended, and the score.

use std::fmt;
use std::str::FromStr;

use super::tiles::{BLACK, GOLD, Tile, color_name};
use crate::engine::board::SquareSet;
use crate::engine::square::{BoardSize, Color, ParseSquareError, Square};

/// Reads a colour as the player names it: `gold`/`g` or `black`/`b`, in any case. Other
/// languages' words are the caller's to translate.
///
/// ```
/// use reversi_bot::engine::solo::{BLACK, GOLD, parse_color};
/// assert_eq!(parse_color("Gold"), Ok(GOLD));
/// assert_eq!(parse_color("b"), Ok(BLACK));
/// assert!(parse_color("white").is_err());
/// ```
pub fn parse_color(text: &str) -> Result<Color, ParseSoloMoveError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "gold" | "g" => Ok(GOLD),
        "black" | "b" => Ok(BLACK),
        "" => Err(ParseSoloMoveError::MissingColor),
        _ => Err(ParseSoloMoveError::NotAColor(text.trim().chars().take(12).collect())),
    }
}

/// A move: a disc of `color` on `square`. Written `d3g` (gold) or `d3b` (black).
///
/// ```
/// use reversi_bot::engine::solo::{BLACK, GOLD, SoloMove};
/// let mv: SoloMove = "D3g".parse().unwrap();
/// assert_eq!((mv.square.to_string().as_str(), mv.color), ("d3", GOLD));
/// assert_eq!(mv.to_string(), "d3g");
/// assert_eq!("c4 black".parse::<SoloMove>(), SoloMove::parse("c4", BLACK));
/// assert!("c4".parse::<SoloMove>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SoloMove {
    /// Where the disc goes.
    pub square: Square,
    /// The colour it shows: [`GOLD`] or [`BLACK`].
    pub color: Color,
}

impl SoloMove {
    /// A disc of `color` on `square`.
    pub const fn new(square: Square, color: Color) -> SoloMove {
        SoloMove { square, color }
    }

    /// A move from the square as typed and a colour the caller has read (in whatever language).
    pub fn parse(square: &str, color: Color) -> Result<SoloMove, ParseSoloMoveError> {
        Ok(SoloMove { square: Square::parse(square, BoardSize::Eight)?, color })
    }
}

impl fmt::Display for SoloMove {
    /// `d3g` for gold, `d3b` for black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.color {
            Color::Black => 'g',
            Color::White => 'b',
        };
        write!(f, "{}{letter}", self.square)
    }
}

impl FromStr for SoloMove {
    type Err = ParseSoloMoveError;

    /// Parses `d3g`, `D3B`, `d3 gold`, `d3 black` (the square, then the colour).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseSoloMoveError::Square(ParseSquareError::Empty));
        }
        let mut chars = text.char_indices().skip(1);
        let split = chars.find(|(_, c)| !c.is_ascii_digit()).map_or(text.len(), |(i, _)| i);
        let (square, color) = text.split_at(split);
        SoloMove::parse(square, parse_color(color)?)
    }
}

/// Why some text is not a solo move; the message is written for players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSoloMoveError {
    /// The square is wrong.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// No colour was given.
    #[error("say which colour the disc shows: gold or black, such as d3 gold")]
    MissingColor,
    /// The colour is neither gold nor black.
    #[error("\"{0}\" is not a colour: the discs are gold or black")]
    NotAColor(String),
}

/// Why a move cannot be played; the message is written for players. The game is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalSoloMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The square is not on the 8x8 board.
    #[error("{0} is off the board: columns run a-h, rows 1-8")]
    OffBoard(Square),
    /// A disc lies there.
    #[error("{0} already holds a disc")]
    Occupied(Square),
    /// A tile lies there.
    #[error("{0} holds a tile: a disc goes on a free square")]
    OnTile(Square),
    /// The move neither traps a disc of the other colour nor wins a tile.
    #[error("a {} disc on {} traps no {} disc and wins no tile", color_name(.0.color), .0.square, color_name(.0.color.opponent()))]
    TrapsNothing(SoloMove),
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloOutcome {
    /// The move.
    pub played: SoloMove,
    /// The discs it flipped (to the move's colour).
    pub flipped: SquareSet,
    /// The tiles it won, with the squares they left (now free).
    pub won: Vec<(Square, Tile)>,
    /// The face-down tiles beside the new disc that it turned face up.
    pub turned_up: Vec<(Square, Tile)>,
    /// How the game ended, if it did with this move.
    pub end: Option<SoloEnd>,
}

/// Why a solo game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoloEnd {
    /// Every tile has been won.
    AllTilesWon,
    /// No disc of either colour can be placed.
    NoMoveLeft,
    /// Moves are left, but every tile left is shut in, so none can ever be won (see
    /// [`SoloBoard::open_tiles`](super::SoloBoard::open_tiles)).
    TilesShutIn,
    /// The player stopped ([`SoloGame::stop`](super::SoloGame::stop)).
    Stopped,
}

impl fmt::Display for SoloEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SoloEnd::AllTilesWon => "every tile is won",
            SoloEnd::NoMoveLeft => "no disc can be placed any more",
            SoloEnd::TilesShutIn => "the tiles left are shut in and can no longer be won",
            SoloEnd::Stopped => "the player stopped",
        })
    }
}

/// The score: the tiles won, and the sheet's variant, the sum of their numbers doubled when all
/// four blank tiles were won.
///
/// ```
/// use reversi_bot::engine::solo::SoloScore;
/// let score = SoloScore { tiles: 12, number_sum: 40, blanks: 4 };
/// assert!(score.blanks_double());
/// assert_eq!(score.value(), 80);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SoloScore {
    /// Tiles won (the basic score).
    pub tiles: u32,
    /// The sum of the won tiles' numbers (blanks count 0).
    pub number_sum: u32,
    /// Blank tiles won, 0 to 4.
    pub blanks: u32,
}

impl SoloScore {
    /// Whether all four blank tiles were won, which doubles the value score.
    pub const fn blanks_double(self) -> bool {
        self.blanks == 4
    }

    /// The variant's score: the number sum, doubled when all four blanks were won.
    pub const fn value(self) -> u32 {
        if self.blanks_double() { self.number_sum * 2 } else { self.number_sum }
    }
}

impl fmt::Display for SoloScore {
    /// `7 tiles, value 31` or `12 tiles, value 80 (40 doubled: all four blanks)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.tiles == 1 { "tile" } else { "tiles" };
        write!(f, "{} {noun}, value {}", self.tiles, self.value())?;
        if self.blanks_double() {
            write!(f, " ({} doubled: all four blanks)", self.number_sum)?;
        }
        Ok(())
    }
}
