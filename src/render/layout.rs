//! `Layout`: where everything sits in a picture of a board of a given size: the frame with the
//! coordinates, the squares, and the status bar below the board (the players' icons, names and
//! counts with the turn between them, and a line for the move counter or the result's banner).

use crate::engine::{BoardSize, Color, Square};

/// The pixel geometry of a board picture. Every picture of one board size has the same layout,
/// whatever the theme or position.
///
/// ```
/// use reversi_bot::engine::{BoardSize, Square};
/// use reversi_bot::render::Layout;
/// let layout = Layout::new(BoardSize::Eight);
/// assert!((400..=560).contains(&layout.width()));
/// let (x, y) = layout.square_centre("a1".parse::<Square>().unwrap());
/// let (x2, y2) = layout.square_centre("h8".parse::<Square>().unwrap());
/// assert!(x < x2 && y < y2, "a1 is the top-left square");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    size: BoardSize,
    cell: u32,
    margin: u32,
    bar: u32,
}

/// Width of the grid lines between squares, in pixels.
pub(crate) const LINE: u32 = 2;
/// How far the heavier outer border reaches outside the outermost grid line.
pub(crate) const BORDER: u32 = 3;

impl Layout {
    /// The layout for a board of `size`: about 500 pixels wide (468 for 6x6, whose cells are
    /// kept to 68 pixels so that the same row of two discs one above the other lies inside
    /// deflate's 32 KB window: the PNG is a third smaller than with 72-pixel cells).
    pub const fn new(size: BoardSize) -> Layout {
        let cell = match size {
            BoardSize::Six => 68,
            BoardSize::Eight => 56,
            BoardSize::Ten => 46,
        };
        Layout { size, cell, margin: 30, bar: 104 }
    }

    /// The board size.
    pub const fn size(&self) -> BoardSize {
        self.size
    }

    /// The picture's width in pixels.
    pub const fn width(&self) -> u32 {
        2 * self.margin + self.board_px()
    }

    /// The picture's height in pixels.
    pub const fn height(&self) -> u32 {
        self.margin + self.board_px() + self.bar
    }

    /// The distance between neighbouring squares' centres, in pixels.
    pub const fn cell(&self) -> u32 {
        self.cell
    }

    /// The pixel at the centre of `square` (which must be on the board).
    pub const fn square_centre(&self, square: Square) -> (u32, u32) {
        let (x, y) = self.square_origin(square);
        (x + self.cell / 2, y + self.cell / 2)
    }

    /// The top-left corner of `square`'s cell; its grid lines straddle the cell's edges.
    pub(crate) const fn square_origin(&self, square: Square) -> (u32, u32) {
        (self.board_x() + square.col() as u32 * self.cell, self.board_y() + square.row() as u32 * self.cell)
    }

    /// The left edge of the playing area (the middle of the first grid line).
    pub(crate) const fn board_x(&self) -> u32 {
        self.margin
    }

    /// The top edge of the playing area.
    pub(crate) const fn board_y(&self) -> u32 {
        self.margin
    }

    /// The side of the playing area in pixels.
    pub(crate) const fn board_px(&self) -> u32 {
        self.size.side() as u32 * self.cell
    }

    /// The frame's width around the board: the coordinates are centred in it.
    pub(crate) const fn margin(&self) -> u32 {
        self.margin
    }

    /// The top of the status bar below the board.
    pub(crate) const fn bar_y(&self) -> u32 {
        self.board_y() + self.board_px() + BORDER
    }

    /// The vertical centre of the players' icons, with their names above the middle and their
    /// counts below it.
    pub(crate) const fn card_y(&self) -> u32 {
        self.bar_y() + 33
    }

    /// The vertical centre of the status bar's second line: the move counter or the banner.
    pub const fn line_y(&self) -> u32 {
        self.bar_y() + 79
    }

    /// The left edge of the board's outer border; the status bar lines up with it.
    pub(crate) const fn left(&self) -> u32 {
        self.board_x() - BORDER
    }

    /// The right edge of the board's outer border.
    pub(crate) const fn right(&self) -> u32 {
        self.board_x() + self.board_px() + BORDER
    }

    /// The centre of the disc icon that stands for `color` in the status bar: black's on the
    /// left, white's on the right, its highlight ring touching the board's border line. The
    /// player's name is written beside it above this height, the count below it.
    pub const fn icon_centre(&self, color: Color) -> (u32, u32) {
        let x = match color {
            Color::Black => self.left() + RING_OUTER,
            Color::White => self.right() - RING_OUTER,
        };
        (x, self.card_y())
    }
}

/// The radius of the disc icons in the status bar.
pub(crate) const ICON_RADIUS: u32 = 16;
/// How far the highlight ring around an icon reaches from its centre.
pub(crate) const RING_OUTER: u32 = ICON_RADIUS + 6;
/// The height of the banner on a final picture.
pub(crate) const BANNER_HEIGHT: u32 = 30;
