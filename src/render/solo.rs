//! Pictures of Reiner Knizia's solo game ([`crate::engine::solo`]), always in
//! [`Theme::Ravensburger`]'s gold and black: the 8x8 board with its frame and coordinates, discs
//! marked as in the two-player picture, face-down tiles (a wooden back with a diamond) and
//! face-up ones (gold with a dark number, black with a gold one, a blank with a thin inner
//! border), and below the board the deal's title and the score, then the tray of tiles won: a
//! gold row and a black row of twelve slots each. A finished game adds a banner at the bottom.
//!
//! `SoloKit` holds the pieces, drawn once and reduced to their own palette as a `Kit` is (the
//! two-player kit's background and disc drawing, plus the tiles); `compose` copies them.

use image::{Rgb, RgbImage};

use super::kit::{Derived, Mark, Piece, background, banner, disc_tile};
use super::layout::{BANNER_HEIGHT, LINE, Layout};
use super::palette::{Mapper, Palette, Picture, Sprite};
use super::raster::{Bevel, TextStyle, diamond_outline, mix, rounded_outline, rounded_square, tile};
use super::text::{Ink, Ramps, Style, Typesetter};
use super::theme::{Theme, ThemeColors};
use crate::engine::solo::{GOLD, HIGHEST_NUMBER, SoloBoard, SoloMove, Tile, TileFace};
use crate::engine::{BoardSize, Color, SquareSet};

/// Every word a solo picture writes, in the reader's language (render has no words of its own).
///
/// ```
/// use reversi_bot::engine::solo::SoloGame;
/// use reversi_bot::engine::{BoardSize, SquareSet};
/// use reversi_bot::render::{Renderer, SoloCaption};
/// let game = SoloGame::deal(7);
/// let caption = SoloCaption {
///     title: "Deal 7".into(),
///     won: "Gewonnen".into(),
///     score: "0 Plättchen · Wert 0".into(),
///     ending: None,
/// };
/// let none = SquareSet::empty(BoardSize::Eight);
/// let png = Renderer::new().solo_png(game.board(), None, none, &caption);
/// assert!(png.starts_with(b"\x89PNG"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoloCaption {
    /// The deal's name, e.g. "Deal 123456" or "Daily deal 2026-11-28", drawn under the board.
    pub title: String,
    /// The label of the won tiles' tray, e.g. "Won" / "Gewonnen".
    pub won: String,
    /// The score line, already formatted by the caller, e.g. "7 tiles · value 31".
    pub score: String,
    /// On a finished game: its banner line ("Game over: 20 tiles, value 93"); `None` while it goes on.
    pub ending: Option<String>,
}

/// The theme every solo picture is drawn in.
const THEME: Theme = Theme::Ravensburger;

/// How many tiles of one colour there are, so how many slots a row of the tray has.
const PER_COLOR: usize = 12;

/// The face-down tiles' back: dark walnut, far from a gold tile and darker than the felt.
const BACK: Bevel = Bevel { face: [100, 66, 40], light: [164, 120, 78], shade: [58, 36, 18], rim: [38, 22, 10] };
/// The diamond on a tile's back, a little lighter than the wood.
const BACK_PATTERN: [u8; 3] = [130, 90, 56];

/// How a face-up tile of `color` is painted, with its disc's colours, and its number's ink:
/// the gold disc's number colour on gold, a bright gold on black.
fn tile_colors(colors: &ThemeColors, color: Color) -> (Bevel, [u8; 3]) {
    let d = &colors.discs[color.index()];
    let gold = &colors.discs[GOLD.index()];
    let ink = if color == GOLD { d.number } else { mix(gold.face, gold.light, 0.3) };
    (Bevel { face: d.face, light: d.light, shade: d.shade, rim: d.rim }, ink)
}

/// The pixel geometry below the board, measured from the top of the bar (the bottom of the
/// board's border): the title and score line, the two rows of the tray, the banner.
const HEADER_Y: i32 = 18;
const TRAY_ROWS_Y: [i32; 2] = [47, 80];
/// The bar's height without a banner, and what a banner adds.
const BAR: u32 = 111;
const BANNER_BAND: u32 = BANNER_HEIGHT + 14;
/// A tray tile's side and the distance between neighbouring tiles' centres.
const TRAY_TILE: u32 = 28;
const TRAY_PITCH: i32 = 31;
/// The space between the tray's label and its first slot.
const TRAY_LABEL_GAP: i32 = 10;
/// The least space between the title and the score.
const HEADER_GAP: i32 = 16;

/// The deal's title, the score, the tray's label and the banner's words.
const TITLE: Style = Style::new(15, Ink::Label);
const SCORE: Style = Style::new(15, Ink::Label);
const WON: Style = Style::new(13, Ink::Quiet);
const BANNER: Style = Style::new(15, Ink::Win);

/// The marks a disc can carry in a solo picture (no side has a "previous" move).
const MARKS: [Mark; 3] = [Mark::Plain, Mark::Last, Mark::Flipped];

/// How many tile sprites a kit draws: each face-up face (by [`tile_slot`]), then the back.
const FACES: usize = 2 * (HIGHEST_NUMBER as usize + 1) + 1;
const BACK_FACE: usize = FACES - 1;
/// The empty slot among the tray's sprites, where the back is among the board's.
const EMPTY_SLOT: usize = FACES - 1;

/// The slot of `tile` among a kit's tile sprites: gold blank, gold 1-10, black blank, black 1-10.
fn tile_slot(tile: Tile) -> usize {
    tile.color().index() * (HIGHEST_NUMBER as usize + 1) + usize::from(tile.number().unwrap_or(0))
}

/// The cached pieces of every solo picture.
#[derive(Debug)]
pub(crate) struct SoloKit {
    layout: Layout,
    pub(crate) palette: Palette,
    /// The frame, board and coordinates, as tall as a picture without a banner.
    background: Picture,
    /// Disc sprites by colour and [`MARKS`], anchored at the cell's origin.
    discs: [[Sprite; 3]; 2],
    /// Tiles on the board by [`tile_slot`] and the back last, anchored at the cell's origin.
    board_tiles: Vec<Sprite>,
    /// Tiles in the tray by [`tile_slot`], and an empty slot last ([`EMPTY_SLOT`]), anchored at
    /// their centre.
    tray_tiles: Vec<Sprite>,
    /// The banner of a finished game, anchored at its centre.
    banner: Sprite,
    /// The frame colour's index, for the banner's band.
    frame: u8,
    text: Typesetter,
}

impl SoloKit {
    /// Draws and indexes every piece (a few milliseconds in a release build; done once).
    pub(crate) fn build() -> SoloKit {
        let layout = Layout::new(BoardSize::Eight);
        let colors = THEME.colors();
        let derived = Derived::of(colors);
        let cell = layout.cell();
        let two_player = background(&layout, colors);
        let mut back = RgbImage::from_pixel(layout.width(), layout.bar_y() + BAR, Rgb(colors.frame));
        for (x, y, pixel) in two_player.enumerate_pixels().filter(|(_, y, _)| *y < layout.bar_y()) {
            back.put_pixel(x, y, *pixel);
        }

        let disc_pieces = Color::BOTH.map(|c| MARKS.map(|m| disc_tile(cell, colors, c, m)));
        let faces: Vec<Option<Tile>> = Color::BOTH
            .into_iter()
            .flat_map(|c| (0..=HIGHEST_NUMBER).map(move |n| Tile::numbered(c, n).or(Some(Tile::blank(c)))))
            .chain([None])
            .collect();
        let board_pieces: Vec<Piece> = faces.iter().map(|&face| board_tile(cell, colors, face)).collect();
        let mut tray_pieces: Vec<Piece> = faces[..BACK_FACE].iter().map(|&face| tray_tile(colors, face)).collect();
        tray_pieces.push(empty_slot(colors));
        let banner_piece = banner(colors, layout.right() - layout.left(), colors.accent);

        let ramps = derived.ramps(colors);
        let mut pinned = vec![colors.frame, colors.felt, colors.grid, colors.label, colors.accent];
        pinned.extend([derived.quiet, derived.neutral]);
        for d in &colors.discs {
            pinned.extend([d.face, d.flipped, d.last, d.rim, d.light, d.shade]);
        }
        pinned.extend([BACK.face, BACK.light, BACK.shade, BACK.rim, BACK_PATTERN]);
        pinned.extend(Color::BOTH.map(|c| tile_colors(colors, c).1));
        pinned.extend(ramps.iter().flatten());
        let mut samples: Vec<&RgbImage> = vec![&back];
        samples.extend(disc_pieces.iter().flatten().map(|p| &p.img));
        samples.extend(board_pieces.iter().chain(&tray_pieces).map(|p| &p.img));
        samples.push(&banner_piece.img);
        let palette = Palette::build(&pinned, &samples);

        let mut mapper = Mapper::new(&palette);
        let ramp_indices: Ramps = ramps.map(|ramp| ramp.map(|c| mapper.index(c)));
        SoloKit {
            layout,
            background: Picture::from_rgb(&back, &mut mapper),
            discs: disc_pieces.each_ref().map(|row| row.each_ref().map(|p| p.sprite(&mut mapper))),
            board_tiles: board_pieces.iter().map(|p| p.sprite(&mut mapper)).collect(),
            tray_tiles: tray_pieces.iter().map(|p| p.sprite(&mut mapper)).collect(),
            banner: banner_piece.sprite(&mut mapper),
            frame: mapper.index(colors.frame),
            text: Typesetter::new(ramp_indices),
            palette: palette.clone(),
        }
    }
}

/// A cell with a tile on the felt: face up when `face` is a tile, its back when it is `None`.
fn board_tile(cell: u32, colors: &ThemeColors, face: Option<Tile>) -> Piece {
    let mut img = RgbImage::from_pixel(cell, cell, Rgb(colors.felt));
    let (c, cell) = (cell as f32 / 2.0, cell as f32);
    let half = cell * 0.38;
    paint_tile(&mut img, colors, (c, c), half, cell * 0.11, TextStyle { px: (cell * 0.43).round() }, face);
    Piece { img, anchor: (0, 0), backdrop: colors.felt, inset: LINE / 2 }
}

/// A tile of the tray on the frame, anchored at its centre.
fn tray_tile(colors: &ThemeColors, face: Option<Tile>) -> Piece {
    let mut piece = Piece::centred(TRAY_TILE + 6, TRAY_TILE + 6, colors.frame);
    let c = piece.img.width() as f32 / 2.0;
    let half = TRAY_TILE as f32 / 2.0;
    paint_tile(&mut piece.img, colors, (c, c), half, half * 0.3, TextStyle { px: 16.0 }, face);
    piece
}

/// An empty slot of the tray: a shallow rounded square a little lighter than the frame.
fn empty_slot(colors: &ThemeColors) -> Piece {
    let mut piece = Piece::centred(TRAY_TILE + 6, TRAY_TILE + 6, colors.frame);
    let c = piece.img.width() as f32 / 2.0;
    let half = TRAY_TILE as f32 / 2.0 - 1.0;
    rounded_square(&mut piece.img, (c, c), half, half * 0.3, mix(colors.frame, colors.felt, 0.22));
    rounded_outline(&mut piece.img, (c, c), half, half * 0.3, 1.0, mix(colors.frame, colors.felt, 0.42));
    piece
}

/// Paints a tile of half-side `half` centred on `centre`: face up with its number in `style`
/// (a blank with a thin inner border instead), or its back with a diamond when `face` is `None`.
fn paint_tile(
    img: &mut RgbImage,
    colors: &ThemeColors,
    centre: (f32, f32),
    half: f32,
    radius: f32,
    style: TextStyle,
    face: Option<Tile>,
) {
    let (cx, cy) = centre;
    let shadow = colors.shadow;
    let Some(face) = face else {
        tile(img, cx, cy, half, radius, &BACK, shadow);
        let width = (half * 0.09).max(1.4);
        diamond_outline(img, centre, half * 0.62, width, BACK_PATTERN);
        diamond_outline(img, centre, half * 0.26, width, BACK_PATTERN);
        return;
    };
    let (bevel, ink) = tile_colors(colors, face.color());
    tile(img, cx, cy, half, radius, &bevel, shadow);
    match face.number() {
        Some(n) => style.draw_ink_centred(img, cx, cy, &n.to_string(), ink),
        None => {
            let inset = half * 0.3;
            rounded_outline(img, centre, half - inset, radius * 0.6, (half * 0.08).max(1.2), mix(bevel.face, ink, 0.6));
        }
    }
}

/// Draws `board` with the pieces of `kit`: the discs (the last move's with its dot, the discs it
/// turned with the small one), the tiles, the title and score, the tray, and the ending's banner.
pub(crate) fn compose(
    kit: &SoloKit,
    board: &SoloBoard,
    last: Option<SoloMove>,
    flipped: SquareSet,
    caption: &SoloCaption,
) -> Picture {
    let layout = &kit.layout;
    let mut picture = kit.background.clone();
    if caption.ending.is_some() {
        picture.height += BANNER_BAND;
        picture.pixels.resize((picture.width * picture.height) as usize, kit.frame);
    }
    for square in BoardSize::Eight.all_squares() {
        let (x, y) = layout.square_origin(square);
        let (x, y) = (x as i32, y as i32);
        if let Some(color) = board.disc_at(square) {
            // By `MARKS`: plain, the last move's, turned by it.
            let mark =
                if last.is_some_and(|m| m.square == square) { 1 } else { usize::from(flipped.contains(square)) * 2 };
            kit.discs[color.index()][mark].draw(&mut picture, x, y);
        } else if let Some(face) = board.tile_at(square) {
            let slot = match face {
                TileFace::FaceDown => BACK_FACE,
                TileFace::FaceUp(tile) => tile_slot(tile),
            };
            kit.board_tiles[slot].draw(&mut picture, x, y);
        }
    }
    bar(kit, board, caption, &mut picture);
    picture
}

/// Below the board: the title and the score, the tray with its label, and the banner.
fn bar(kit: &SoloKit, board: &SoloBoard, caption: &SoloCaption, picture: &mut Picture) {
    let layout = &kit.layout;
    let text = &kit.text;
    let top = layout.bar_y() as i32;
    let (left, right) = (layout.left() as i32, layout.right() as i32);
    let width = right - left;

    // The title from the left, the score ending at the right. The score is kept whole first,
    // but leaves the title two fifths of the width (or what it needs, if less).
    let title_needs = text.line(caption.title.trim(), TITLE, i32::MAX).px();
    let title_keeps = if title_needs == 0 { 0 } else { title_needs.min(width * 2 / 5) + HEADER_GAP };
    let score = text.line(caption.score.trim(), SCORE, width - title_keeps);
    let title = text.line(caption.title.trim(), TITLE, width - score.px() - HEADER_GAP);
    text.draw(picture, &title, TITLE, left, top + HEADER_Y);
    text.draw(picture, &score, SCORE, right - score.px(), top + HEADER_Y);

    // The tray: twelve slots a row, gold's row above black's, filled from the left, right-aligned
    // with the board so that the label has the room on its left.
    let first = right - PER_COLOR as i32 * TRAY_PITCH + TRAY_PITCH / 2 + (TRAY_PITCH - TRAY_TILE as i32) / 2;
    for (color, dy) in Color::BOTH.into_iter().zip(TRAY_ROWS_Y) {
        let won = board.won_tiles_of(color);
        for i in 0..PER_COLOR {
            let sprite = won.get(i).map_or(&kit.tray_tiles[EMPTY_SLOT], |&tile| &kit.tray_tiles[tile_slot(tile)]);
            sprite.draw(picture, first + i as i32 * TRAY_PITCH, top + dy);
        }
    }
    let room = first - TRAY_TILE as i32 / 2 - TRAY_LABEL_GAP - left;
    let label = text.line(caption.won.trim(), WON, room);
    text.draw(picture, &label, WON, left, top + (TRAY_ROWS_Y[0] + TRAY_ROWS_Y[1]) / 2);

    if let Some(ending) = &caption.ending {
        let y = top + BAR as i32 + BANNER_HEIGHT as i32 / 2;
        let mid = layout.width() as i32 / 2;
        kit.banner.draw(picture, mid, y);
        let words = text.line(ending.trim(), BANNER, width - 36);
        text.draw(picture, &words, BANNER, mid - words.px() / 2, y);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::contrast;

    #[test]
    fn the_solo_kit_fits_its_palette() {
        assert!(SoloKit::build().palette.len() <= 255);
    }

    #[test]
    fn tiles_stand_out_from_the_felt_and_their_numbers_from_the_tiles() {
        let colors = THEME.colors();
        let pairs = [
            ("a tile's back on the felt", BACK.face, colors.felt, 1.5),
            ("a gold tile's back on the felt", BACK.face, colors.discs[GOLD.index()].face, 3.0),
            ("the diamond on the back", BACK_PATTERN, BACK.face, 1.3),
        ];
        for (what, a, b, least) in pairs {
            let ratio = contrast(a, b);
            assert!(ratio >= least, "{what} has a contrast of {ratio:.2}:1");
        }
        for color in Color::BOTH {
            let (bevel, ink) = tile_colors(colors, color);
            let ratio = contrast(ink, bevel.face);
            assert!(ratio >= 4.5, "the numbers on {color:?} tiles have a contrast of {ratio:.2}:1");
        }
    }

    #[test]
    fn every_tile_has_its_own_slot() {
        let slots: std::collections::BTreeSet<usize> = Tile::ALL.iter().map(|&t| tile_slot(t)).collect();
        assert_eq!(slots.len(), 22, "the two blanks of a colour share one");
        assert!(slots.iter().all(|&s| s < BACK_FACE));
    }
}
