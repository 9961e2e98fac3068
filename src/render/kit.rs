//! `Kit`: everything about the pictures of one (board size, theme) pair that does not change
//! between moves, drawn once in full colour, reduced to one palette and kept as indexed pieces:
//! the background (frame, felt, grid, dots, coordinates), disc sprites with and without their
//! marks, legal-move rings, the status bar's icons, highlight ring, arrows and banners, and the
//! text ramps with the glyph cache that draws every word a caption brings.

use image::{Rgb, RgbImage};

use super::layout::{BANNER_HEIGHT, BORDER, ICON_RADIUS, LINE, Layout, RING_OUTER};
use super::palette::{Mapper, Palette, Picture, Sprite};
use super::raster::{TextStyle, capsule, disc, dot, fill_rect, mix, ring, triangle};
use super::text::{LEVELS, QUIET_LEVEL, Ramps, Typesetter};
use super::theme::{Theme, ThemeColors};
use crate::engine::{BoardSize, Color};

/// What a disc on the board carries besides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Nothing.
    Plain = 0,
    /// The disc the last move placed: a dot.
    Last = 1,
    /// The disc the other side placed last: a ring.
    Previous = 2,
    /// A disc the last move turned over: a small dot.
    Flipped = 3,
    /// The other side's last disc, turned over by the last move: the ring round the small dot.
    PreviousFlipped = 4,
}

impl Mark {
    const ALL: [Mark; 5] = [Mark::Plain, Mark::Last, Mark::Previous, Mark::Flipped, Mark::PreviousFlipped];
}

/// Which way an arrow in the status bar points: towards black's side (left) or white's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arrow {
    /// In the accent colour, towards the side to move.
    Turn = 0,
    /// In the quiet colour, towards a side that just passed.
    Pass = 1,
}

/// The ten digits of one text style, each a sprite anchored at its pen position and vertical
/// centre. DejaVu's digits all have the same advance, so numbers line up.
#[derive(Clone, Debug)]
pub(crate) struct Digits {
    glyphs: [Sprite; 10],
    advance: f32,
}

impl Digits {
    /// The width of `number` written out.
    pub(crate) fn width(&self, number: u32) -> i32 {
        (decimal(number).len() as f32 * self.advance).round() as i32
    }

    /// Writes `number` with its pen starting at `x` and its digits centred on `centre_y`.
    pub(crate) fn draw(&self, picture: &mut Picture, x: i32, centre_y: i32, number: u32) {
        for (i, digit) in decimal(number).into_iter().enumerate() {
            let pen = x + (i as f32 * self.advance).round() as i32;
            self.glyphs[digit as usize].draw(picture, pen, centre_y);
        }
    }
}

/// The decimal digits of `number`, most significant first.
fn decimal(number: u32) -> Vec<u8> {
    number.to_string().bytes().map(|b| b - b'0').collect()
}

/// The cached pieces of every picture of one board size in one theme.
#[derive(Debug)]
pub(crate) struct Kit {
    pub(crate) layout: Layout,
    pub(crate) palette: Palette,
    pub(crate) background: Picture,
    /// Disc sprites by colour and [`Mark`], anchored at the cell's origin.
    discs: [[Sprite; 5]; 2],
    /// Legal-move rings by the mover's colour, anchored at the cell's origin.
    pub(crate) legal: [Sprite; 2],
    /// The status bar's outlined disc icons by colour, anchored at their centre.
    pub(crate) icons: [Sprite; 2],
    /// The ring around the icon of the side to move (or the winner), anchored at its centre.
    pub(crate) ring: Sprite,
    /// Arrows by [`Arrow`] and the colour they point towards, anchored at their centre.
    arrows: [[Sprite; 2]; 2],
    /// The banner of a final picture, anchored at its centre: with a winner, and without.
    pub(crate) banners: [Sprite; 2],
    /// The winner's small disc on the banner, by colour, anchored at its centre.
    pub(crate) banner_discs: [Sprite; 2],
    /// Move numbers on discs, by disc colour; the second is for the last move.
    disc_digits: [[Digits; 2]; 2],
    /// Every word and number of the status bar.
    pub(crate) text: Typesetter,
}

/// The font size of the coordinates, in pixels.
const LABEL_PX: f32 = 16.0;
/// The radius of the winner's disc on the banner.
pub(crate) const BANNER_DISC: u32 = 8;

/// A piece in full colour before the palette exists.
pub(super) struct Piece {
    pub(super) img: RgbImage,
    pub(super) anchor: (i32, i32),
    pub(super) backdrop: [u8; 3],
    /// Edge pixels left transparent (the grid lines around a cell).
    pub(super) inset: u32,
}

impl Piece {
    pub(super) fn sprite(&self, mapper: &mut Mapper) -> Sprite {
        Sprite::from_rgb(&self.img, self.anchor, self.backdrop, self.inset, mapper)
    }

    /// A piece of `width` x `height` filled with `backdrop`, anchored at its centre.
    pub(super) fn centred(width: u32, height: u32, backdrop: [u8; 3]) -> Piece {
        let img = RgbImage::from_pixel(width, height, Rgb(backdrop));
        Piece { img, anchor: ((width / 2) as i32, (height / 2) as i32), backdrop, inset: 0 }
    }
}

/// The colours a kit derives from its theme.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Derived {
    /// Quieter text on the frame, and the outline of the status bar's icons.
    pub(crate) quiet: [u8; 3],
    /// The banner of a draw or an aborted game.
    pub(crate) neutral: [u8; 3],
}

impl Derived {
    pub(crate) fn of(colors: &ThemeColors) -> Derived {
        Derived {
            quiet: mix(colors.frame, colors.label, QUIET_LEVEL as f32 / LEVELS as f32),
            neutral: mix(colors.frame, colors.label, 0.2),
        }
    }

    /// The ramps the text is drawn with: frame to label, accent to frame, neutral to label.
    pub(super) fn ramps(&self, colors: &ThemeColors) -> [[[u8; 3]; LEVELS + 1]; 3] {
        let ramp = |from: [u8; 3], to: [u8; 3]| std::array::from_fn(|i| mix(from, to, i as f32 / LEVELS as f32));
        [ramp(colors.frame, colors.label), ramp(colors.accent, colors.frame), ramp(self.neutral, colors.label)]
    }
}

impl Kit {
    /// Draws and indexes every piece for `size` in `theme` (about 15 ms in a release build;
    /// done once).
    pub(crate) fn build(size: BoardSize, theme: Theme) -> Kit {
        let layout = Layout::new(size);
        let colors = theme.colors();
        let derived = Derived::of(colors);
        let cell = layout.cell();
        let background = background(&layout, colors);

        let disc_pieces = Color::BOTH.map(|c| Mark::ALL.map(|m| disc_tile(cell, colors, c, m)));
        let legal_pieces = Color::BOTH.map(|c| legal_tile(cell, colors, c));
        let icon_pieces = Color::BOTH.map(|c| icon(colors, &derived, c));
        let ring_piece = ring_piece(colors);
        let arrow_pieces =
            [colors.accent, derived.quiet].map(|ink| Color::BOTH.map(|towards| arrow(colors, ink, towards)));
        let banner_width = layout.right() - layout.left();
        let banner_pieces = [colors.accent, derived.neutral].map(|fill| banner(colors, banner_width, fill));
        let banner_disc_pieces = Color::BOTH.map(|c| banner_disc(colors, c));
        let number_style = TextStyle { px: (cell as f32 * 0.38).round() };
        let number_pieces = Color::BOTH.map(|c| {
            let d = &colors.discs[c.index()];
            [d.number, d.last].map(|ink| digit_pieces(number_style, d.face, ink))
        });

        let ramps = derived.ramps(colors);
        let mut pinned = vec![colors.frame, colors.felt, colors.grid, colors.label, colors.accent];
        pinned.extend(colors.legal);
        pinned.extend([derived.quiet, derived.neutral]);
        for d in &colors.discs {
            pinned.extend([d.face, d.number, d.flipped, d.last, d.rim, d.light, d.shade]);
        }
        pinned.extend(ramps.iter().flatten());
        let mut samples: Vec<&RgbImage> = vec![&background];
        samples.extend(disc_pieces.iter().flatten().map(|p| &p.img));
        samples.extend(legal_pieces.iter().chain(&icon_pieces).map(|p| &p.img));
        samples.extend(arrow_pieces.iter().flatten().map(|p| &p.img));
        samples.extend(banner_pieces.iter().chain(&banner_disc_pieces).map(|p| &p.img));
        samples.push(&ring_piece.img);
        samples.extend(number_pieces.iter().flatten().flat_map(|d| d.0.iter().map(|p| &p.img)));
        let palette = Palette::build(&pinned, &samples);

        let mut mapper = Mapper::new(&palette);
        let background = Picture::from_rgb(&background, &mut mapper);
        let discs = disc_pieces.each_ref().map(|row| row.each_ref().map(|p| p.sprite(&mut mapper)));
        let mut digits = |(glyphs, advance): &([Piece; 10], f32)| Digits {
            glyphs: glyphs.each_ref().map(|p| p.sprite(&mut mapper)),
            advance: *advance,
        };
        let disc_digits = number_pieces.map(|pair| pair.map(|d| digits(&d)));
        let ramp_indices: Ramps = ramps.map(|ramp| ramp.map(|c| mapper.index(c)));
        Kit {
            layout,
            background,
            discs,
            legal: legal_pieces.map(|p| p.sprite(&mut mapper)),
            icons: icon_pieces.map(|p| p.sprite(&mut mapper)),
            ring: ring_piece.sprite(&mut mapper),
            arrows: arrow_pieces.map(|pair| pair.map(|p| p.sprite(&mut mapper))),
            banners: banner_pieces.map(|p| p.sprite(&mut mapper)),
            banner_discs: banner_disc_pieces.map(|p| p.sprite(&mut mapper)),
            disc_digits,
            text: Typesetter::new(ramp_indices),
            palette: palette.clone(),
        }
    }

    /// The sprite of a disc of `color` with `mark`.
    pub(crate) fn disc(&self, color: Color, mark: Mark) -> &Sprite {
        &self.discs[color.index()][mark as usize]
    }

    /// The digits for move numbers on discs of `color` (`last`: on the last move's disc).
    pub(crate) fn disc_digits(&self, color: Color, last: bool) -> &Digits {
        &self.disc_digits[color.index()][usize::from(last)]
    }

    /// The arrow of `kind` pointing towards `color`'s side.
    pub(crate) fn arrow(&self, kind: Arrow, towards: Color) -> &Sprite {
        &self.arrows[kind as usize][towards.index()]
    }
}

/// The frame, the felt with its grid and dots, and the coordinates.
pub(super) fn background(layout: &Layout, colors: &ThemeColors) -> RgbImage {
    let mut img = RgbImage::from_pixel(layout.width(), layout.height(), Rgb(colors.frame));
    let (bx, by) = (layout.board_x() as i32, layout.board_y() as i32);
    let (px, cell, n) = (layout.board_px() as i32, layout.cell() as i32, layout.size().side() as i32);
    let border = BORDER as i32;
    let half_line = (LINE / 2) as i32;
    fill_rect(&mut img, bx - border, by - border, (px + 2 * border) as u32, (px + 2 * border) as u32, colors.grid);
    fill_rect(
        &mut img,
        bx + half_line,
        by + half_line,
        (px - LINE as i32) as u32,
        (px - LINE as i32) as u32,
        colors.felt,
    );
    for i in 1..n {
        fill_rect(&mut img, bx + i * cell - half_line, by, LINE, px as u32, colors.grid);
        fill_rect(&mut img, bx, by + i * cell - half_line, px as u32, LINE, colors.grid);
    }
    let dot_radius = (cell as f32 * 0.075).max(3.0);
    for (i, j) in [(2, 2), (n - 2, 2), (2, n - 2), (n - 2, n - 2)] {
        dot(&mut img, (bx + i * cell) as f32, (by + j * cell) as f32, dot_radius, colors.grid);
    }
    let style = TextStyle { px: LABEL_PX };
    let band = (layout.margin() - BORDER) as f32 / 2.0;
    for i in 0..n {
        let centre = (bx + i * cell) as f32 + cell as f32 / 2.0;
        let letter = char::from(b'a' + i as u8).to_string();
        style.draw_centred(&mut img, centre, band, &letter, colors.label);
        style.draw_centred(&mut img, band, centre, &(i + 1).to_string(), colors.label);
    }
    img
}

/// A cell with a disc of `color` carrying `mark`, on the felt.
pub(super) fn disc_tile(cell: u32, colors: &ThemeColors, color: Color, mark: Mark) -> Piece {
    let mut img = RgbImage::from_pixel(cell, cell, Rgb(colors.felt));
    let (c, cell) = (cell as f32 / 2.0, cell as f32);
    let d = &colors.discs[color.index()];
    disc(&mut img, c, c, cell * 0.42, d, colors.shadow);
    let ring_outer = cell * 0.17;
    let ring_width = (cell * 0.05).max(2.4);
    if matches!(mark, Mark::Previous | Mark::PreviousFlipped) {
        ring(&mut img, c, c, ring_outer - ring_width, ring_outer, d.last);
    }
    match mark {
        Mark::Last => dot(&mut img, c, c, cell * 0.13, d.last),
        Mark::Flipped | Mark::PreviousFlipped => dot(&mut img, c, c, (cell * 0.065).max(2.6), d.flipped),
        Mark::Plain | Mark::Previous => {}
    }
    Piece { img, anchor: (0, 0), backdrop: colors.felt, inset: LINE / 2 }
}

/// A cell with the ring that shows a legal move of `mover`.
fn legal_tile(cell: u32, colors: &ThemeColors, mover: Color) -> Piece {
    let mut img = RgbImage::from_pixel(cell, cell, Rgb(colors.felt));
    let (c, cell) = (cell as f32 / 2.0, cell as f32);
    let outer = cell * 0.15;
    ring(&mut img, c, c, outer - (cell * 0.055).max(2.4), outer, colors.legal[mover.index()]);
    Piece { img, anchor: (0, 0), backdrop: colors.felt, inset: LINE / 2 }
}

/// The small disc that stands for `color` in the status bar, outlined so that it stands out
/// from the frame whatever its colour.
fn icon(colors: &ThemeColors, derived: &Derived, color: Color) -> Piece {
    let mut piece = Piece::centred(2 * ICON_RADIUS + 8, 2 * ICON_RADIUS + 8, colors.frame);
    let c = piece.img.width() as f32 / 2.0;
    let r = ICON_RADIUS as f32;
    disc(&mut piece.img, c, c, r - 1.0, &colors.discs[color.index()], colors.shadow);
    ring(&mut piece.img, c, c, r - 1.0, r + 0.6, derived.quiet);
    piece
}

/// The accent ring drawn around an icon.
fn ring_piece(colors: &ThemeColors) -> Piece {
    let mut piece = Piece::centred(2 * RING_OUTER + 4, 2 * RING_OUTER + 4, colors.frame);
    let c = piece.img.width() as f32 / 2.0;
    ring(&mut piece.img, c, c, ICON_RADIUS as f32 + 3.0, RING_OUTER as f32, colors.accent);
    piece
}

/// An arrow in `ink` pointing towards `towards`'s side of the status bar.
fn arrow(colors: &ThemeColors, ink: [u8; 3], towards: Color) -> Piece {
    let mut piece = Piece::centred(14, 16, colors.frame);
    let (h, w) = (12.0, 9.0);
    let (cx, cy) = (7.0, 8.0);
    let (tip, base) = match towards {
        Color::Black => (cx - w / 2.0, cx + w / 2.0),
        Color::White => (cx + w / 2.0, cx - w / 2.0),
    };
    triangle(&mut piece.img, [(tip, cy), (base, cy - h / 2.0), (base, cy + h / 2.0)], ink);
    piece
}

/// The banner across the status bar's second line, filled with `fill`.
pub(super) fn banner(colors: &ThemeColors, width: u32, fill: [u8; 3]) -> Piece {
    let mut piece = Piece::centred(width, BANNER_HEIGHT, colors.frame);
    capsule(&mut piece.img, 0.0, 0.0, width as f32, BANNER_HEIGHT as f32, fill);
    piece
}

/// The winner's small disc on the banner, outlined in the frame colour.
fn banner_disc(colors: &ThemeColors, color: Color) -> Piece {
    let size = 2 * BANNER_DISC + 6;
    let mut piece = Piece::centred(size, size, colors.accent);
    let c = size as f32 / 2.0;
    let r = BANNER_DISC as f32;
    disc(&mut piece.img, c, c, r - 0.8, &colors.discs[color.index()], 0);
    ring(&mut piece.img, c, c, r - 0.8, r + 0.6, colors.frame);
    piece
}

/// `text` in `ink` on `backdrop`, anchored at its pen position and vertical centre.
fn text_piece(style: TextStyle, text: &str, backdrop: [u8; 3], ink: [u8; 3]) -> Piece {
    let pad = 3;
    let width = style.width(text).ceil() as u32 + 2 * pad;
    let height = (style.px * 1.6).ceil() as u32 + 2;
    let mut img = RgbImage::from_pixel(width, height, Rgb(backdrop));
    let cy = (height / 2) as f32;
    style.draw(&mut img, pad as f32, cy, text, ink);
    Piece { img, anchor: (pad as i32, (height / 2) as i32), backdrop, inset: 0 }
}

/// The digits 0-9 in `ink` on `backdrop`, and their advance.
fn digit_pieces(style: TextStyle, backdrop: [u8; 3], ink: [u8; 3]) -> ([Piece; 10], f32) {
    let pieces = std::array::from_fn(|d| text_piece(style, &d.to_string(), backdrop, ink));
    (pieces, style.width("0"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::contrast;

    #[test]
    fn the_status_bar_stands_out_from_the_frame_in_every_theme() {
        for theme in Theme::ALL {
            let colors = theme.colors();
            let derived = Derived::of(colors);
            let pairs = [
                ("the icons' outline", derived.quiet, colors.frame, 3.0),
                ("quiet text", derived.quiet, colors.frame, 3.0),
                ("the winner's banner on the frame", colors.accent, colors.frame, 3.0),
                ("the winner's banner's words", colors.frame, colors.accent, 4.5),
                ("a draw's banner's words", colors.label, derived.neutral, 4.5),
            ];
            for (what, ink, ground, least) in pairs {
                let ratio = contrast(ink, ground);
                assert!(ratio >= least, "{theme}: {what} has a contrast of {ratio:.2}:1");
            }
        }
    }

    #[test]
    fn every_kit_fits_its_palette() {
        for theme in Theme::ALL {
            for size in BoardSize::ALL {
                let kit = Kit::build(size, theme);
                assert!(kit.palette.len() <= 255, "{theme} {size}");
            }
        }
    }
}
