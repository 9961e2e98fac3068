//! `Kit`: everything about the pictures of one (board size, theme) pair that does not change
//! between moves, drawn once in full colour, reduced to one palette and kept as indexed pieces:
//! the background (frame, felt, grid, dots, coordinates), disc sprites with and without their
//! marks, legal-move dots, the status bar's icons, ring, words and digits.

use image::{Rgb, RgbImage};

use super::layout::{BORDER, ICON_RADIUS, LINE, Layout};
use super::palette::{Mapper, Palette, Picture, Sprite};
use super::raster::{TextStyle, disc, dot, fill_rect, mix, ring, triangle};
use super::theme::{Theme, ThemeColors};
use crate::engine::{BoardSize, Color};

/// What a disc on the board carries besides its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    /// Nothing.
    Plain = 0,
    /// The disc the last move placed.
    Last = 1,
    /// A disc the last move turned over.
    Flipped = 2,
}

/// The words in the middle of the status bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Word {
    /// An arrow towards this side's count, and "to move".
    ToMove(Color),
    /// An arrow towards this side's count, and "wins".
    Wins(Color),
    /// "draw".
    Draw,
}

impl Mark {
    const ALL: [Mark; 3] = [Mark::Plain, Mark::Last, Mark::Flipped];
}

impl Word {
    const ALL: [Word; 5] = [
        Word::ToMove(Color::Black),
        Word::ToMove(Color::White),
        Word::Wins(Color::Black),
        Word::Wins(Color::White),
        Word::Draw,
    ];

    fn index(self) -> usize {
        match self {
            Word::ToMove(c) => c.index(),
            Word::Wins(c) => 2 + c.index(),
            Word::Draw => 4,
        }
    }

    fn text(self) -> &'static str {
        match self {
            Word::ToMove(_) => "TO MOVE",
            Word::Wins(_) => "WINS",
            Word::Draw => "DRAW",
        }
    }

    fn arrow(self) -> Option<Color> {
        match self {
            Word::ToMove(c) | Word::Wins(c) => Some(c),
            Word::Draw => None,
        }
    }
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
    discs: [[Sprite; 3]; 2],
    /// Legal-move dots by the mover's colour, anchored at the cell's origin.
    pub(crate) legal: [Sprite; 2],
    /// The status bar's disc icons by colour, anchored at their centre.
    pub(crate) icons: [Sprite; 2],
    /// The ring around the icon of the side to move (or the winner), anchored at its centre.
    pub(crate) ring: Sprite,
    words: [Sprite; 5],
    /// The counts in the status bar.
    pub(crate) count_digits: Digits,
    /// Discs in hand, under the counts.
    pub(crate) hand_digits: Digits,
    /// " in hand", anchored at its pen position.
    pub(crate) in_hand: Sprite,
    /// Move numbers on discs, by disc colour; the second is for the last move.
    disc_digits: [[Digits; 2]; 2],
}

/// Font sizes in pixels.
const LABEL_PX: f32 = 16.0;
const COUNT_PX: f32 = 28.0;
const WORD_PX: f32 = 15.0;
const HAND_PX: f32 = 13.0;

/// A piece in full colour before the palette exists.
struct Piece {
    img: RgbImage,
    anchor: (i32, i32),
    backdrop: [u8; 3],
    /// Edge pixels left transparent (the grid lines around a cell).
    inset: u32,
    /// The pen advance of a piece of text (0 for other pieces).
    advance: i32,
}

impl Piece {
    fn sprite(&self, mapper: &mut Mapper) -> Sprite {
        let mut sprite = Sprite::from_rgb(&self.img, self.anchor, self.backdrop, self.inset, mapper);
        sprite.width = self.advance;
        sprite
    }
}

impl Kit {
    /// Draws and indexes every piece for `size` in `theme` (about 15 ms in a release build;
    /// done once).
    pub(crate) fn build(size: BoardSize, theme: Theme) -> Kit {
        let layout = Layout::new(size);
        let colors = theme.colors();
        let cell = layout.cell();
        let background = background(&layout, colors);

        let disc_pieces = Color::BOTH.map(|c| Mark::ALL.map(|m| disc_tile(cell, colors, c, m)));
        let legal_pieces = Color::BOTH.map(|c| legal_tile(cell, colors, c));
        let icon_pieces = Color::BOTH.map(|c| icon(colors, c));
        let ring_piece = ring_piece(colors);
        let word_pieces = Word::ALL.map(|w| word(colors, w));
        let count_pieces = digit_pieces(TextStyle { px: COUNT_PX }, colors.frame, colors.label);
        let hand_pieces = digit_pieces(TextStyle { px: HAND_PX }, colors.frame, quiet(colors));
        let in_hand_piece = text_piece(TextStyle { px: HAND_PX }, " in hand", colors.frame, quiet(colors));
        let number_style = TextStyle { px: (cell as f32 * 0.38).round() };
        let number_pieces = Color::BOTH.map(|c| {
            let face = colors.discs[c.index()].face;
            [colors.discs[c.index()].number, colors.last_move].map(|ink| digit_pieces(number_style, face, ink))
        });

        let mut pinned =
            vec![colors.frame, colors.felt, colors.grid, colors.label, quiet(colors), colors.last_move, colors.accent];
        pinned.extend(colors.legal);
        for d in &colors.discs {
            pinned.extend([d.face, d.number, d.flipped, d.rim, d.light, d.shade]);
        }
        let mut samples: Vec<&RgbImage> = vec![&background];
        samples.extend(disc_pieces.iter().flatten().map(|p| &p.img));
        samples.extend(legal_pieces.iter().chain(&icon_pieces).chain(&word_pieces).map(|p| &p.img));
        samples.extend([&ring_piece.img, &in_hand_piece.img]);
        samples.extend(count_pieces.0.iter().chain(&hand_pieces.0).map(|p| &p.img));
        samples.extend(number_pieces.iter().flatten().flat_map(|d| d.0.iter().map(|p| &p.img)));
        let palette = Palette::build(&pinned, &samples);

        let mut mapper = Mapper::new(&palette);
        let background = Picture::from_rgb(&background, &mut mapper);
        let discs = disc_pieces.each_ref().map(|row| row.each_ref().map(|p| p.sprite(&mut mapper)));
        let mut digits = |(glyphs, advance): &([Piece; 10], f32)| Digits {
            glyphs: glyphs.each_ref().map(|p| p.sprite(&mut mapper)),
            advance: *advance,
        };
        let count_digits = digits(&count_pieces);
        let hand_digits = digits(&hand_pieces);
        let disc_digits = number_pieces.map(|pair| pair.map(|d| digits(&d)));
        Kit {
            layout,
            background,
            discs,
            legal: legal_pieces.map(|p| p.sprite(&mut mapper)),
            icons: icon_pieces.map(|p| p.sprite(&mut mapper)),
            ring: ring_piece.sprite(&mut mapper),
            words: word_pieces.map(|p| p.sprite(&mut mapper)),
            count_digits,
            hand_digits,
            in_hand: in_hand_piece.sprite(&mut mapper),
            disc_digits,
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

    /// The sprite of `word`, anchored at its centre.
    pub(crate) fn word(&self, word: Word) -> &Sprite {
        &self.words[word.index()]
    }
}

/// The frame, the felt with its grid and dots, and the coordinates.
fn background(layout: &Layout, colors: &ThemeColors) -> RgbImage {
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
fn disc_tile(cell: u32, colors: &ThemeColors, color: Color, mark: Mark) -> Piece {
    let mut img = RgbImage::from_pixel(cell, cell, Rgb(colors.felt));
    let c = cell as f32 / 2.0;
    let disc_colors = &colors.discs[color.index()];
    disc(&mut img, c, c, cell as f32 * 0.42, disc_colors, colors.shadow);
    match mark {
        Mark::Plain => {}
        Mark::Last => dot(&mut img, c, c, cell as f32 * 0.12, colors.last_move),
        Mark::Flipped => dot(&mut img, c, c, (cell as f32 * 0.06).max(2.5), disc_colors.flipped),
    }
    Piece { img, anchor: (0, 0), backdrop: colors.felt, inset: LINE / 2, advance: 0 }
}

/// A cell with the dot that shows a legal move of `mover`.
fn legal_tile(cell: u32, colors: &ThemeColors, mover: Color) -> Piece {
    let mut img = RgbImage::from_pixel(cell, cell, Rgb(colors.felt));
    let c = cell as f32 / 2.0;
    dot(&mut img, c, c, cell as f32 * 0.1, colors.legal[mover.index()]);
    Piece { img, anchor: (0, 0), backdrop: colors.felt, inset: LINE / 2, advance: 0 }
}

/// The small disc that stands for `color` in the status bar.
fn icon(colors: &ThemeColors, color: Color) -> Piece {
    let size = 2 * ICON_RADIUS + 8;
    let mut img = RgbImage::from_pixel(size, size, Rgb(colors.frame));
    let c = size as f32 / 2.0;
    disc(&mut img, c, c, ICON_RADIUS as f32, &colors.discs[color.index()], colors.shadow);
    let anchor = (size / 2) as i32;
    Piece { img, anchor: (anchor, anchor), backdrop: colors.frame, inset: 0, advance: 0 }
}

/// The accent ring drawn around an icon.
fn ring_piece(colors: &ThemeColors) -> Piece {
    let size = 2 * ICON_RADIUS + 16;
    let mut img = RgbImage::from_pixel(size, size, Rgb(colors.frame));
    let c = size as f32 / 2.0;
    ring(&mut img, c, c, ICON_RADIUS as f32 + 3.5, ICON_RADIUS as f32 + 6.0, colors.accent);
    let anchor = (size / 2) as i32;
    Piece { img, anchor: (anchor, anchor), backdrop: colors.frame, inset: 0, advance: 0 }
}

/// A word for the middle of the status bar, with an arrow towards the side it is about.
fn word(colors: &ThemeColors, word: Word) -> Piece {
    let style = TextStyle { px: WORD_PX };
    let text_width = style.width(word.text()).ceil() as u32;
    let arrow_h = style.cap_height() * 1.25;
    let arrow_w = arrow_h * 0.8;
    let gap = 7.0;
    let arrow_space = if word.arrow().is_some() { (arrow_w + gap).ceil() as u32 } else { 0 };
    let (width, height) = (text_width + arrow_space + 4, (WORD_PX * 2.0) as u32);
    let mut img = RgbImage::from_pixel(width, height, Rgb(colors.frame));
    let cy = height as f32 / 2.0;
    let (text_x, tip) = match word.arrow() {
        Some(Color::Black) => (2.0 + arrow_space as f32, Some((2.0, 2.0 + arrow_w))),
        Some(Color::White) => (2.0, Some((width as f32 - 2.0, width as f32 - 2.0 - arrow_w))),
        None => (2.0, None),
    };
    style.draw(&mut img, text_x, cy, word.text(), colors.label);
    if let Some((point, base)) = tip {
        triangle(&mut img, [(point, cy), (base, cy - arrow_h / 2.0), (base, cy + arrow_h / 2.0)], colors.accent);
    }
    let anchor = ((width / 2) as i32, (height / 2) as i32);
    Piece { img, anchor, backdrop: colors.frame, inset: 0, advance: 0 }
}

/// `text` in `ink` on `backdrop`, anchored at its pen position and vertical centre.
fn text_piece(style: TextStyle, text: &str, backdrop: [u8; 3], ink: [u8; 3]) -> Piece {
    let pad = 3;
    let width = style.width(text).ceil() as u32 + 2 * pad;
    let height = (style.px * 1.6).ceil() as u32 + 2;
    let mut img = RgbImage::from_pixel(width, height, Rgb(backdrop));
    let cy = (height / 2) as f32;
    style.draw(&mut img, pad as f32, cy, text, ink);
    let advance = style.width(text).round() as i32;
    Piece { img, anchor: (pad as i32, (height / 2) as i32), backdrop, inset: 0, advance }
}

/// The digits 0-9 in `ink` on `backdrop`, and their advance.
fn digit_pieces(style: TextStyle, backdrop: [u8; 3], ink: [u8; 3]) -> ([Piece; 10], f32) {
    let pieces = std::array::from_fn(|d| text_piece(style, &d.to_string(), backdrop, ink));
    (pieces, style.width("0"))
}

/// A colour between the frame and the label, for the quieter texts.
fn quiet(colors: &ThemeColors) -> [u8; 3] {
    mix(colors.frame, colors.label, 0.6)
}
