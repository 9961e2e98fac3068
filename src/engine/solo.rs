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

use std::fmt;
use std::str::FromStr;

use super::bits::{self, Eight, Geometry};
use super::board::{Board, SquareSet};
use super::random::SplitMix64;
use super::square::{BoardSize, Color, Direction, ParseSquareError, Square};

/// The gold discs and tiles: the engine's [`Color::Black`], which moves first in the two-player
/// game and is drawn gold in the Ravensburger theme.
pub const GOLD: Color = Color::Black;

/// The black discs and tiles: the engine's [`Color::White`].
pub const BLACK: Color = Color::White;

/// The player's name of a colour: `gold` for [`GOLD`], `black` for [`BLACK`].
///
/// ```
/// use reversi_bot::engine::solo::{BLACK, GOLD, color_name};
/// assert_eq!((color_name(GOLD), color_name(BLACK)), ("gold", "black"));
/// ```
pub const fn color_name(color: Color) -> &'static str {
    match color {
        Color::Black => "gold",
        Color::White => "black",
    }
}

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

// ---------------------------------------------------------------------------------------------
// Tiles

/// How many tiles the box holds: 12 gold and 12 black.
pub const TILE_COUNT: usize = 24;

/// The highest number on a tile.
pub const HIGHEST_NUMBER: u8 = 10;

/// One of the 24 tiles: its colour, and its number from 1 to 10 or none for the two blank tiles
/// of each colour (the two blanks of a colour are alike).
///
/// ```
/// use reversi_bot::engine::solo::{BLACK, GOLD, Tile};
/// let seven = Tile::numbered(GOLD, 7).unwrap();
/// assert_eq!((seven.color(), seven.number(), seven.to_string().as_str()), (GOLD, Some(7), "gold 7"));
/// assert_eq!(Tile::blank(BLACK).to_string(), "black blank");
/// assert!(Tile::numbered(GOLD, 11).is_none());
/// assert_eq!(Tile::ALL.len(), 24);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    color: Color,
    number: Option<u8>,
}

impl Tile {
    /// The box's 24 tiles: gold 1 to 10, two gold blanks, then the same in black.
    pub const ALL: [Tile; TILE_COUNT] = all_tiles();

    /// The tile of `color` with `number`, if `number` is 1 to 10.
    pub const fn numbered(color: Color, number: u8) -> Option<Tile> {
        if number >= 1 && number <= HIGHEST_NUMBER { Some(Tile { color, number: Some(number) }) } else { None }
    }

    /// A blank tile of `color`.
    pub const fn blank(color: Color) -> Tile {
        Tile { color, number: None }
    }

    /// The tile's colour.
    pub const fn color(self) -> Color {
        self.color
    }

    /// The number, or `None` for a blank tile.
    pub const fn number(self) -> Option<u8> {
        self.number
    }

    /// Whether this is a blank tile.
    pub const fn is_blank(self) -> bool {
        self.number.is_none()
    }

    /// What the tile counts in the value scoring: its number, 0 for a blank.
    pub const fn points(self) -> u32 {
        match self.number {
            Some(n) => n as u32,
            None => 0,
        }
    }

    /// The tile as one byte, never 0 (0 means "no tile" in [`SoloBoard`]).
    const fn code(self) -> u8 {
        let base = match self.color {
            Color::Black => 1,
            Color::White => 1 + TILE_CODE_COLOR,
        };
        base + match self.number {
            Some(n) => n,
            None => 0,
        }
    }

    /// The tile a non-zero byte from [`Tile::code`] stands for.
    const fn from_code(code: u8) -> Option<Tile> {
        if code == 0 {
            return None;
        }
        let (color, rest) =
            if code > TILE_CODE_COLOR { (Color::White, code - 1 - TILE_CODE_COLOR) } else { (Color::Black, code - 1) };
        Some(Tile { color, number: if rest == 0 { None } else { Some(rest) } })
    }
}

/// The offset of black tiles' codes: gold tiles are 1 (blank) to 11, black ones 17 to 27.
const TILE_CODE_COLOR: u8 = 16;

const fn all_tiles() -> [Tile; TILE_COUNT] {
    let mut tiles = [Tile { color: Color::Black, number: None }; TILE_COUNT];
    let mut i = 0;
    while i < TILE_COUNT {
        let color = if i < TILE_COUNT / 2 { Color::Black } else { Color::White };
        let k = (i % (TILE_COUNT / 2)) as u8;
        tiles[i] = Tile { color, number: if k < HIGHEST_NUMBER { Some(k + 1) } else { None } };
        i += 1;
    }
    tiles
}

impl fmt::Display for Tile {
    /// `gold 7`, `black blank`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.number {
            Some(n) => write!(f, "{} {n}", color_name(self.color)),
            None => write!(f, "{} blank", color_name(self.color)),
        }
    }
}

/// What lies on a square that holds a tile, as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileFace {
    /// A tile lying face down: which one it is is not known.
    FaceDown,
    /// A face-up tile.
    FaceUp(Tile),
}

// ---------------------------------------------------------------------------------------------
// The layout

/// The four centre squares, which hold the start's discs and never a tile.
const CENTRE: u64 = (1 << 27) | (1 << 28) | (1 << 35) | (1 << 36);

/// The squares the 24 tiles are dealt on. The standard one is [`SoloLayout::STANDARD`], read at
/// compile time from `assets/solo-layout.txt`; [`SoloLayout::parse`] reads others in the same
/// form, for trying layouts out.
///
/// ```
/// use reversi_bot::engine::solo::SoloLayout;
/// let layout = SoloLayout::STANDARD;
/// assert_eq!(layout.squares().len(), 24);
/// assert!(!layout.squares().contains("d4".parse().unwrap()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SoloLayout {
    bits: u64,
}

/// Why a layout diagram cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The diagram does not have one mark per square.
    #[error("a layout needs 64 squares (`T`, `.`, `X` or `O`), this one has {0}")]
    SquareCount(u32),
    /// Not one tile square per tile.
    #[error("a layout needs {TILE_COUNT} tile squares, this one has {0}")]
    TileCount(u32),
    /// A tile, or no disc, on a centre square; or a disc elsewhere.
    #[error(
        "{0} is wrong: the centre squares d4, e4, d5, e5 hold the start's discs (`X`, `O`) and no tile, and no other square holds a disc"
    )]
    Centre(Square),
}

impl SoloLayout {
    /// The layout of `assets/solo-layout.txt`, checked when the crate is compiled.
    pub const STANDARD: SoloLayout = match SoloLayout::parse(include_str!("../../assets/solo-layout.txt")) {
        Ok(layout) => layout,
        Err(_) => panic!("assets/solo-layout.txt is not a valid solo layout"),
    };

    /// Reads a layout diagram: `T` marks a tile square, `.` a free square, `X` and `O` the four
    /// centre discs; row by row from a1. Lines starting with `#` are comments; other characters
    /// (column letters, row numbers, spaces) are ignored.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{LayoutError, SoloLayout};
    /// let rows = [". . . . . . . .", ". T T T T T T .", ". T T T T T T .", ". T . O X . T .",
    ///             ". T . X O . T .", ". T T T T T T .", ". T . . . . T .", ". . . . . . . ."];
    /// let ring = SoloLayout::parse(&rows.join("\n")).unwrap();
    /// assert!(ring.squares().contains("b2".parse().unwrap()));
    /// assert_eq!(SoloLayout::parse("T"), Err(LayoutError::SquareCount(1)));
    /// assert_eq!(SoloLayout::parse(&rows.join("\n").replace('O', "T")).unwrap_err().to_string(),
    ///            "d4 is wrong: the centre squares d4, e4, d5, e5 hold the start's discs (`X`, `O`) and no tile, and no other square holds a disc");
    /// ```
    pub const fn parse(text: &str) -> Result<SoloLayout, LayoutError> {
        let bytes = text.as_bytes();
        let mut i = 0;
        let mut at_line_start = true;
        let mut squares = 0u32;
        let mut bits = 0u64;
        while i < bytes.len() {
            let b = bytes[i];
            if at_line_start && b == b'#' {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            at_line_start = b == b'\n';
            let mark = match b {
                b'T' => Some(true),
                b'.' | b'X' | b'O' => Some(false),
                _ => None,
            };
            if let Some(tile) = mark {
                if squares < 64 {
                    let on_centre = CENTRE >> squares & 1 == 1;
                    let disc = b == b'X' || b == b'O';
                    if on_centre != disc {
                        return Err(LayoutError::Centre(Square::from_index(squares, BoardSize::Eight)));
                    }
                    if tile {
                        bits |= 1 << squares;
                    }
                }
                squares += 1;
            }
            i += 1;
        }
        if squares != 64 {
            return Err(LayoutError::SquareCount(squares));
        }
        SoloLayout::from_bits(bits)
    }

    /// The layout with the tile squares `bits` (bit `row * 8 + col`, a1 = 0).
    pub const fn from_bits(bits: u64) -> Result<SoloLayout, LayoutError> {
        if bits & CENTRE != 0 {
            return Err(LayoutError::Centre(Square::from_index((bits & CENTRE).trailing_zeros(), BoardSize::Eight)));
        }
        if bits.count_ones() as usize != TILE_COUNT {
            return Err(LayoutError::TileCount(bits.count_ones()));
        }
        Ok(SoloLayout { bits })
    }

    /// The tile squares.
    pub fn squares(self) -> SquareSet {
        SquareSet::from_bits(BoardSize::Eight, u128::from(self.bits))
    }

    /// The tile squares as bits (bit `row * 8 + col`).
    pub const fn bits(self) -> u64 {
        self.bits
    }
}

impl fmt::Display for SoloLayout {
    /// The diagram [`SoloLayout::parse`] reads, with coordinates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "    a b c d e f g h")?;
        for row in 0..8u32 {
            write!(f, "{}  ", row + 1)?;
            for col in 0..8u32 {
                let index = row * 8 + col;
                let mark = match (self.bits >> index & 1 == 1, CENTRE >> index & 1 == 1) {
                    (true, _) => 'T',
                    (false, true) if row == col => 'O',
                    (false, true) => 'X',
                    (false, false) => '.',
                };
                write!(f, " {mark}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Moves

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
    /// [`SoloBoard::open_tiles`]).
    TilesShutIn,
    /// The player stopped ([`SoloGame::stop`]).
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

// ---------------------------------------------------------------------------------------------
// The board and the rules of a move

const ORTHOGONAL: [Direction; 4] = [Direction::N, Direction::E, Direction::S, Direction::W];
/// One direction of each line orientation: across, down and the two diagonals.
const AXES: [Direction; 4] = [Direction::E, Direction::S, Direction::SE, Direction::SW];

fn shift(bits: u64, dir: Direction) -> u64 {
    bits::shift::<Eight>(bits, dir)
}

const fn opposite(dir: Direction) -> Direction {
    Direction::ALL[(dir.index() + 4) % 8]
}

fn orthogonal_neighbours(bits: u64) -> u64 {
    ORTHOGONAL.iter().fold(0, |acc, &d| acc | shift(bits, d))
}

fn square_set(bits: u64) -> SquareSet {
    SquareSet::from_bits(BoardSize::Eight, u128::from(bits))
}

/// The square at bit `index` of an 8x8 board.
fn square_at(index: u32) -> Square {
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
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SoloBoard {
    /// Discs by [`Color::index`].
    discs: [u64; 2],
    face_down: u64,
    /// Face-up tiles by their colour's [`Color::index`].
    face_up: [u64; 2],
    /// Each square's tile as [`Tile::code`], 0 for none (or, in a [`SoloView`], unknown).
    tiles: [u8; 64],
    /// Per colour, bit `n - 1` for each numbered tile `n` won.
    won_numbers: [u16; 2],
    /// Per colour, the blank tiles won.
    won_blanks: [u8; 2],
}

impl SoloBoard {
    /// The start: the four centre discs as in the two-player game (gold on e4 and d5, black on
    /// d4 and e5) and `tiles` face down on the layout's squares, a1 to h8.
    fn deal(layout: SoloLayout, tiles: &[Tile; TILE_COUNT]) -> SoloBoard {
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

    /// The squares where a disc of `color` is legal: free squares where it traps discs of the
    /// other colour or wins a tile.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{BLACK, GOLD, SoloGame};
    /// let board = *SoloGame::deal(1).board();
    /// // At the start the tiles are face down, so only trapping discs counts: the two-player
    /// // game's first moves for each colour, less any square a tile covers.
    /// for square in board.legal_squares(GOLD) {
    ///     assert!(["d3", "c4", "f5", "e6"].contains(&square.to_string().as_str()));
    /// }
    /// assert!(board.legal_squares(BLACK).len() + board.legal_squares(GOLD).len() > 0);
    /// ```
    pub fn legal_squares(&self, color: Color) -> SquareSet {
        square_set(self.legal_bits(color))
    }

    /// Every legal move, square by square from a1, gold before black on the same square.
    pub fn legal_moves(&self) -> Vec<SoloMove> {
        let gold = self.legal_bits(GOLD);
        let black = self.legal_bits(BLACK);
        let mut moves = Vec::with_capacity((gold.count_ones() + black.count_ones()) as usize);
        for index in bits::BitIter(gold | black) {
            let square = square_at(index);
            if gold >> index & 1 == 1 {
                moves.push(SoloMove::new(square, GOLD));
            }
            if black >> index & 1 == 1 {
                moves.push(SoloMove::new(square, BLACK));
            }
        }
        moves
    }

    /// Whether any disc can be placed.
    pub fn has_legal_move(&self) -> bool {
        self.legal_bits(GOLD) | self.legal_bits(BLACK) != 0
    }

    /// The squares where a disc of `color` would win at least one tile now.
    pub fn tile_winning_squares(&self, color: Color) -> SquareSet {
        square_set(self.tile_win_bits(color))
    }

    /// The tiles that are not shut in: every tile that any sequence of moves could still win is
    /// among them (an open tile may still be out of reach; a shut-in one never is).
    ///
    /// A tile is won when it lies face up between a free square (taking the new disc) and a disc
    /// (of the new disc's colour), on a line across, down or diagonal. Discs never leave the
    /// board, and a tile's square becomes free only when the tile is won. So a neighbour square
    /// *can be free* later if it is free now or holds an open tile, and *can hold a disc* later if
    /// it holds a disc, is free, or holds an open tile. A tile is open when some line through it
    /// has both neighbours on the board, one that can be free and the other that can hold a disc,
    /// and, if it lies face down, one of its four orthogonal neighbours can be free (the disc
    /// that turns it up goes there). "Open" is the smallest set of tiles closed under this rule,
    /// found by adding tiles until none joins: so two tiles side by side on the edge, each
    /// waiting for the other's square, are both shut in, as is a corner tile, a tile with discs
    /// on both sides of every line, and a face-down tile walled in by discs.
    ///
    /// ```
    /// use reversi_bot::engine::solo::SoloGame;
    /// let game = SoloGame::deal(3);
    /// assert_eq!(game.board().open_tiles(), game.board().tiles());
    /// ```
    pub fn open_tiles(&self) -> SquareSet {
        square_set(self.open_tile_bits())
    }

    /// Why the game is over by the board alone (every way but [`SoloEnd::Stopped`]), if it is.
    pub fn end(&self) -> Option<SoloEnd> {
        if self.tile_bits() == 0 {
            Some(SoloEnd::AllTilesWon)
        } else if !self.has_legal_move() {
            Some(SoloEnd::NoMoveLeft)
        } else if self.open_tile_bits() == 0 {
            Some(SoloEnd::TilesShutIn)
        } else {
            None
        }
    }

    /// Checks `mv` and returns the discs it flips and the tile squares it wins.
    ///
    /// Discs are trapped as in the two-player game: an unbroken line of discs of the other colour
    /// closed by a disc of the move's colour; a tile or a free square breaks the line. A tile is
    /// won when it lies face up, directly beside the new disc, is of the other colour, and the
    /// square beyond it holds a disc of the move's colour once the trapped discs have flipped.
    pub fn check(&self, mv: SoloMove) -> Result<(SquareSet, SquareSet), IllegalSoloMove> {
        let (flips, wins) = self.effect(mv)?;
        Ok((square_set(flips), square_set(wins)))
    }

    /// Plays `mv`: the disc goes down, the trapped discs flip, the tiles trapped by the new disc
    /// are won and leave the board, and then the face-down tiles orthogonally beside the new
    /// disc turn face up. On error the board is unchanged. It does not know whether the player
    /// has stopped: [`SoloGame::play`] does.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{GOLD, IllegalSoloMove, SoloGame, SoloMove};
    /// let game = SoloGame::deal(1);
    /// let mut board = *game.board();
    /// let mv = board.legal_moves()[0];
    /// let outcome = board.play(mv).unwrap();
    /// assert!(!outcome.flipped.is_empty());
    /// assert_eq!(board.disc_at(mv.square), Some(mv.color));
    /// assert_eq!(board.play(mv), Err(IllegalSoloMove::Occupied(mv.square)));
    /// ```
    pub fn play(&mut self, mv: SoloMove) -> Result<SoloOutcome, IllegalSoloMove> {
        if self.end().is_some() {
            return Err(IllegalSoloMove::GameOver);
        }
        let (flips, wins) = self.effect(mv)?;
        let won = bits::BitIter(wins)
            .filter_map(|i| Tile::from_code(self.tiles[i as usize]).map(|t| (square_at(i), t)))
            .collect();
        let turned = self.apply(mv, flips, wins);
        let turned_up = bits::BitIter(turned)
            .filter_map(|i| Tile::from_code(self.tiles[i as usize]).map(|t| (square_at(i), t)))
            .collect();
        Ok(SoloOutcome { played: mv, flipped: square_set(flips), won, turned_up, end: self.end() })
    }

    /// Plays `mv` and returns only the tiles it won, for searches that play many moves. On error
    /// the board is unchanged.
    pub(crate) fn play_quietly(&mut self, mv: SoloMove) -> Result<u32, IllegalSoloMove> {
        let (flips, wins) = self.effect(mv)?;
        self.apply(mv, flips, wins);
        Ok(wins.count_ones())
    }

    /// The flips and tile wins of `mv`, or why it is illegal.
    fn effect(&self, mv: SoloMove) -> Result<(u64, u64), IllegalSoloMove> {
        let square = mv.square;
        let bit = bit_of(square).ok_or(IllegalSoloMove::OffBoard(square))?;
        if (self.discs[0] | self.discs[1]) & bit != 0 {
            return Err(IllegalSoloMove::Occupied(square));
        }
        if self.tile_bits() & bit != 0 {
            return Err(IllegalSoloMove::OnTile(square));
        }
        let (mine, theirs) = (self.discs[mv.color.index()], self.discs[mv.color.opponent().index()]);
        // Tiles are in neither disc set, so they break lines like free squares do.
        let flips = Eight::flips(mine, theirs, square.index(BoardSize::Eight));
        let mine_after = mine | flips | bit;
        let prey = self.face_up[mv.color.opponent().index()];
        let mut wins = 0;
        for dir in Direction::ALL {
            let tile = shift(bit, dir);
            if tile & prey != 0 && shift(tile, dir) & mine_after != 0 {
                wins |= tile;
            }
        }
        if flips == 0 && wins == 0 {
            return Err(IllegalSoloMove::TrapsNothing(mv));
        }
        Ok((flips, wins))
    }

    /// Carries out a checked move; returns the squares of the tiles it turned up.
    fn apply(&mut self, mv: SoloMove, flips: u64, wins: u64) -> u64 {
        let bit = 1u64 << mv.square.index(BoardSize::Eight);
        let (me, them) = (mv.color.index(), mv.color.opponent().index());
        // 1. The disc goes down and the trapped discs flip.
        self.discs[me] |= bit | flips;
        self.discs[them] &= !flips;
        // 2. The trapped tiles are taken.
        for index in bits::BitIter(wins) {
            let code = std::mem::take(&mut self.tiles[index as usize]);
            if let Some(tile) = Tile::from_code(code) {
                match tile.number {
                    Some(n) => self.won_numbers[tile.color.index()] |= 1 << (n - 1),
                    None => self.won_blanks[tile.color.index()] += 1,
                }
            }
        }
        self.face_up[them] &= !wins;
        // 3. The face-down tiles orthogonally beside the new disc turn up.
        let turned = orthogonal_neighbours(bit) & self.face_down;
        self.face_down &= !turned;
        for index in bits::BitIter(turned) {
            if let Some(tile) = Tile::from_code(self.tiles[index as usize]) {
                self.face_up[tile.color.index()] |= 1 << index;
            }
        }
        turned
    }

    /// The squares with a tile, face up or down.
    pub(crate) fn tile_bits(&self) -> u64 {
        self.face_down | self.face_up[0] | self.face_up[1]
    }

    /// The squares with neither a disc nor a tile.
    fn free_bits(&self) -> u64 {
        !(self.discs[0] | self.discs[1] | self.tile_bits())
    }

    /// The squares where a disc of `color` is legal.
    pub(crate) fn legal_bits(&self, color: Color) -> u64 {
        let (mine, theirs) = (self.discs[color.index()], self.discs[color.opponent().index()]);
        (Eight::moves(mine, theirs) | self.tile_win_bits(color)) & self.free_bits()
    }

    /// The free squares where a disc of `color` wins a tile: a face-up tile of the other colour
    /// beside it with a disc of `color` beyond. (The move's own flips never reach that square:
    /// the tile breaks the one line from the new disc to it.)
    pub(crate) fn tile_win_bits(&self, color: Color) -> u64 {
        let mine = self.discs[color.index()];
        let prey = self.face_up[color.opponent().index()];
        if prey == 0 {
            return 0;
        }
        let mut squares = 0;
        for dir in Direction::ALL {
            let back = opposite(dir);
            squares |= shift(shift(mine, back) & prey, back);
        }
        squares & self.free_bits()
    }

    /// Squares where a disc of `color` would lie beside a face-up tile of the other colour whose
    /// far side is free: the next disc of `color` there would win it.
    pub(crate) fn setup_bits(&self, color: Color) -> u64 {
        let prey = self.face_up[color.opponent().index()];
        if prey == 0 {
            return 0;
        }
        let free = self.free_bits();
        let mut squares = 0;
        for dir in Direction::ALL {
            let back = opposite(dir);
            squares |= shift(shift(free, back) & prey, back);
        }
        squares & free
    }

    /// Free squares where a disc would close a line through a tile beside it for good: the tile
    /// lies between the square and a disc.
    pub(crate) fn shutting_bits(&self) -> u64 {
        let discs = self.discs[0] | self.discs[1];
        let tiles = self.tile_bits();
        let mut squares = 0;
        for dir in Direction::ALL {
            let back = opposite(dir);
            squares |= shift(shift(discs, back) & tiles, back);
        }
        squares & self.free_bits()
    }

    /// Free squares orthogonally beside a face-down tile.
    pub(crate) fn turn_up_bits(&self) -> u64 {
        orthogonal_neighbours(self.face_down) & self.free_bits()
    }

    /// The tiles not shut in ([`SoloBoard::open_tiles`]).
    pub(crate) fn open_tile_bits(&self) -> u64 {
        let tiles = self.tile_bits();
        let discs = self.discs[0] | self.discs[1];
        let free = !(tiles | discs);
        // The least fixpoint: a tile joins once a line through it has one neighbour that can be
        // free (free now, or a tile that has joined) and the other one that can hold a disc (a
        // disc, free, or a joined tile), and, if it lies face down, an orthogonal neighbour that
        // can be free (to take the disc that turns it up). At most one round per tile.
        let mut open = 0u64;
        loop {
            let can_be_free = free | open;
            let can_hold_disc = can_be_free | discs;
            let mut joined = 0;
            for dir in AXES {
                let back = opposite(dir);
                // Tiles whose neighbour towards `dir` (resp. `back`) can be free or hold a disc.
                let (ahead_free, ahead_disc) = (shift(can_be_free, back), shift(can_hold_disc, back));
                let (behind_free, behind_disc) = (shift(can_be_free, dir), shift(can_hold_disc, dir));
                joined |= (ahead_free & behind_disc) | (behind_free & ahead_disc);
            }
            let can_turn_up = orthogonal_neighbours(can_be_free);
            let next = (joined & tiles & !self.face_down) | (joined & self.face_down & can_turn_up);
            if next == open {
                return open;
            }
            open = next;
        }
    }

    /// The board with the face-down tiles' identities forgotten.
    fn hide_face_down(mut self) -> SoloBoard {
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
fn bit_of(square: Square) -> Option<u64> {
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

// ---------------------------------------------------------------------------------------------
// What the player sees

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
    board: SoloBoard,
    /// The tiles neither face up nor won: those lying face down, in [`Tile::ALL`] order.
    hidden: Vec<Tile>,
    over: bool,
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

/// Fisher-Yates with `rng`: the same seed gives the same order.
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

// ---------------------------------------------------------------------------------------------
// The game

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
    moves: Vec<SoloMove>,
    stopped: bool,
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

    /// Replays a [`SoloGame::transcript`] on the deal of `seed`: moves such as `d3g` or `d3 gold`
    /// separated by spaces or commas, in any case, and `stop` at the end if the player stopped.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{SoloGame, SoloRecordError};
    /// let mut game = SoloGame::deal(9);
    /// let first = game.legal_moves()[0];
    /// game.play(first).unwrap();
    /// game.stop().unwrap();
    /// let text = game.transcript();
    /// assert_eq!(text, format!("{first} stop"));
    /// assert_eq!(SoloGame::from_transcript(9, &text).unwrap(), game);
    /// assert!(matches!(SoloGame::from_transcript(9, "a1g"), Err(SoloRecordError::Illegal { number: 1, .. })));
    /// ```
    pub fn from_transcript(seed: u64, text: &str) -> Result<SoloGame, SoloRecordError> {
        let mut game = SoloGame::deal(seed);
        let mut tokens = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).peekable();
        let mut number = 0;
        while let Some(token) = tokens.next() {
            number += 1;
            if token.eq_ignore_ascii_case("stop") {
                game.stop().map_err(|source| SoloRecordError::Stop { number, source })?;
                continue;
            }
            // `d3 gold`: the colour as a word of its own.
            let owned;
            let mut text = token;
            if token.bytes().last().is_some_and(|b| b.is_ascii_digit())
                && let Some(color) = tokens.next_if(|next| parse_color(next).is_ok())
            {
                owned = format!("{token}{color}");
                text = &owned;
            }
            let mv: SoloMove = text.parse().map_err(|source| SoloRecordError::BadMove { number, source })?;
            game.play(mv).map_err(|source| SoloRecordError::Illegal { number, mv, source })?;
        }
        Ok(game)
    }

    /// The record of the game: its moves (`d3g c4b ...`), then `stop` if the player stopped.
    /// With the seed it replays the game ([`SoloGame::from_transcript`]).
    pub fn transcript(&self) -> String {
        let mut words: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        if self.stopped {
            words.push("stop".to_string());
        }
        words.join(" ")
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

/// Why a solo transcript cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloRecordError {
    /// A word that is not a move.
    #[error("move {number}: {source}")]
    BadMove {
        /// 1-based word number.
        number: usize,
        /// What is wrong with it.
        source: ParseSoloMoveError,
    },
    /// A move that is not legal where it stands.
    #[error("move {number} ({mv}) is illegal: {source}")]
    Illegal {
        /// 1-based word number.
        number: usize,
        /// The move.
        mv: SoloMove,
        /// Why.
        source: IllegalSoloMove,
    },
    /// `stop` where the game had already ended.
    #[error("word {number} (stop): {source}")]
    Stop {
        /// 1-based word number.
        number: usize,
        /// Why.
        source: IllegalSoloMove,
    },
}

// ---------------------------------------------------------------------------------------------
// The daily deal

/// A calendar date that does not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{year:04}-{month:02}-{day:02} is not a date")]
pub struct InvalidDate {
    /// The year given.
    pub year: i32,
    /// The month given.
    pub month: u32,
    /// The day given.
    pub day: u32,
}

/// The seed of the day's deal, the same for everyone: the date as the number `yyyymmdd` (the
/// Gregorian calendar, years 1 to 9999), XORed with `0x534F_4C4F` ("SOLO"), given to
/// [`SplitMix64`] and its first output taken. This is stable: changing it changes every past
/// daily deal. Callers choose the day (the bot uses UTC).
///
/// ```
/// use reversi_bot::engine::solo::daily_seed;
/// let seed = daily_seed(2026, 11, 28).unwrap();
/// assert_eq!(seed, daily_seed(2026, 11, 28).unwrap());
/// assert_ne!(seed, daily_seed(2026, 11, 29).unwrap());
/// assert!(daily_seed(2026, 2, 29).is_err());
/// assert!(daily_seed(2028, 2, 29).is_ok());
/// ```
pub fn daily_seed(year: i32, month: u32, day: u32) -> Result<u64, InvalidDate> {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days_in_month = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => 0,
    };
    if !(1..=9999).contains(&year) || day == 0 || day > days_in_month {
        return Err(InvalidDate { year, month, day });
    }
    let yyyymmdd = year as u64 * 10_000 + u64::from(month) * 100 + u64::from(day);
    Ok(SplitMix64::new(yyyymmdd ^ 0x534F_4C4F).next_u64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_codes_round_trip() {
        for tile in Tile::ALL {
            assert_eq!(Tile::from_code(tile.code()), Some(tile));
            assert_ne!(tile.code(), 0);
        }
        assert_eq!(Tile::from_code(0), None);
    }

    #[test]
    fn the_layout_diagram_round_trips() {
        let text = SoloLayout::STANDARD.to_string();
        assert_eq!(SoloLayout::parse(&text), Ok(SoloLayout::STANDARD));
    }
}
