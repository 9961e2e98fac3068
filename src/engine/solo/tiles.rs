//! The two colours and the 24 tiles: gold and black, numbered 1 to 10 and two blanks of each
//! colour, and the shuffle that deals them. Everything else in the solo game is built on these.

use std::fmt;

use crate::engine::random::SplitMix64;
use crate::engine::square::Color;

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
    pub(super) color: Color,
    pub(super) number: Option<u8>,
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

    /// The tile as one byte, never 0 (0 means "no tile" in [`SoloBoard`](super::SoloBoard)).
    pub(super) const fn code(self) -> u8 {
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
    pub(super) const fn from_code(code: u8) -> Option<Tile> {
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

/// Fisher-Yates with `rng`: the same seed gives the same order.
pub(super) fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
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
}
