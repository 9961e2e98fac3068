//! The layout: the 24 squares the tiles are dealt on, read at compile time from
//! `assets/solo-layout.txt`, and the diagram it is written in.

use std::fmt;

use super::tiles::TILE_COUNT;
use crate::engine::board::SquareSet;
use crate::engine::square::{BoardSize, Square};

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
    pub(super) bits: u64,
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
    pub const STANDARD: SoloLayout = match SoloLayout::parse(include_str!("../../../assets/solo-layout.txt")) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_diagram_round_trips() {
        let text = SoloLayout::STANDARD.to_string();
        assert_eq!(SoloLayout::parse(&text), Ok(SoloLayout::STANDARD));
    }
}
