//! The standings picture of a tournament: a table of rank, name, games, points and tie-breaks,
//! with the round robin's crosstable beside the names when the caller gives one, and on the final
//! picture the podium above the table and the medal rows highlighted, in a theme's colours.
//!
//! Every word is the caller's (render has none of its own); the numbers it writes itself are
//! points ("4½"), games, the crosstable's symbols and its column numbers. The palette, the medal
//! sprites, the podium's steps and one glyph cache per ground (the page, a stripe, a medal row)
//! are built once per theme (`StandingsKit`), so a picture is rectangles of palette indices and
//! cached glyphs, written as a palette PNG.

use image::RgbImage;

use super::kit::{Derived, Piece};
use super::layout::Layout;
use super::palette::{Mapper, Palette, Picture, Sprite};
use super::raster::{TextStyle, disc, fill_rect, mix};
use super::text::{self, Ink, LEVELS, Line, Ramps, Style, Typesetter};
use super::theme::{DiscColors, Theme, ThemeColors};
use crate::engine::BoardSize;

/// A podium place: the row it marks is highlighted and shows the medal instead of its rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Medal {
    /// First place.
    Gold,
    /// Second place.
    Silver,
    /// Third place.
    Bronze,
}

impl Medal {
    /// Every medal, first place first.
    pub const ALL: [Medal; 3] = [Medal::Gold, Medal::Silver, Medal::Bronze];

    fn index(self) -> usize {
        self as usize
    }
}

/// One game's result in a crosstable cell, for the row's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrossResult {
    /// Won: "1".
    Win,
    /// Drawn: "½".
    Draw,
    /// Lost: "0".
    Loss,
    /// Won by forfeit (the opponent withdrew): "+".
    ForfeitWin,
    /// Lost by forfeit (the row's player withdrew): "−".
    ForfeitLoss,
}

impl CrossResult {
    /// The symbol a cell shows.
    pub fn symbol(self) -> char {
        match self {
            CrossResult::Win => '1',
            CrossResult::Draw => '½',
            CrossResult::Loss => '0',
            CrossResult::ForfeitWin => '+',
            CrossResult::ForfeitLoss => '\u{2212}',
        }
    }
}

/// A round robin's results, drawn as a grid beside the names: `results[i][j]` holds what row
/// `i`'s player scored against row `j`'s, one result per game played in order (two in a double
/// round robin; none yet: a blank cell). The diagonal is left blank whatever it holds, and
/// columns are numbered by row position. Meant for up to 16 players.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Crosstable {
    /// By row, then by opponent's row, the results in the order played.
    pub results: Vec<Vec<Vec<CrossResult>>>,
}

/// The column headings, in the reader's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsHeaders {
    /// Above the ranks, e.g. "#".
    pub rank: String,
    /// Above the names, e.g. "Player".
    pub player: String,
    /// Above the games played, e.g. "G".
    pub games: String,
    /// Above the points, e.g. "Pts".
    pub points: String,
    /// Above each tie-break column, in order, e.g. ["BQ", "Discs"]; short words fit best.
    pub tie_breaks: Vec<String>,
}

/// One player's line of the standings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsRow {
    /// The rank as the caller writes it: "3", "3=", or empty for a rank shared with the row above.
    pub rank: String,
    /// The player's name, cut with an ellipsis where it does not fit.
    pub name: String,
    /// The points in halves (9 is drawn "4½").
    pub half_points: u32,
    /// Each tie-break's value, already formatted by the caller, in the order of the headings.
    pub tie_breaks: Vec<String>,
    /// The games played.
    pub games: u32,
    /// For the bot: its level in words, e.g. "Level 3", drawn small after the name.
    pub level: Option<String>,
    /// For a withdrawn player: the mark, e.g. "withdrawn"; the row is drawn greyed.
    pub withdrawn: Option<String>,
    /// On the final standings, the row's medal: highlighted, with the medal in the rank column.
    pub medal: Option<Medal>,
}

/// A tournament's standings, with every word given by the caller.
///
/// ```
/// use reversi_bot::render::{Medal, Renderer, StandingsHeaders, StandingsRow, StandingsTable, Theme};
/// let row = |rank: &str, name: &str, half_points, medal| StandingsRow {
///     rank: rank.into(),
///     name: name.into(),
///     half_points,
///     tie_breaks: vec!["212".into(), "+18".into()],
///     games: 5,
///     medal,
///     ..StandingsRow::default()
/// };
/// let table = StandingsTable {
///     title: "Spring Swiss".into(),
///     subtitle: "Final standings".into(),
///     headers: StandingsHeaders {
///         rank: "#".into(),
///         player: "Player".into(),
///         games: "G".into(),
///         points: "Pts".into(),
///         tie_breaks: vec!["BQ".into(), "Discs".into()],
///     },
///     rows: vec![
///         row("1", "Jürgen", 9, Some(Medal::Gold)),
///         row("2", "Åsa", 7, Some(Medal::Silver)),
///         row("3", "Bo", 6, Some(Medal::Bronze)),
///         row("4", "Cai", 2, None),
///     ],
///     podium: true,
///     ..StandingsTable::default()
/// };
/// let png = Renderer::new().standings_png(&table, Theme::Classic);
/// assert!(png.starts_with(b"\x89PNG"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsTable {
    /// The line at the top, e.g. the tournament's name.
    pub title: String,
    /// The line under it, e.g. "Round 5 of 7" or "Final standings"; may be empty.
    pub subtitle: String,
    /// The column headings.
    pub headers: StandingsHeaders,
    /// The players, best first.
    pub rows: Vec<StandingsRow>,
    /// A round robin's crosstable (left out beyond [`MAX_CROSSTABLE`] rows).
    pub crosstable: Option<Crosstable>,
    /// The final picture: the podium is drawn above the table with the medal rows' names.
    pub podium: bool,
    /// A line under the table, e.g. what the tie-breaks are; may be empty.
    pub footnote: String,
}

/// The most rows a crosstable is drawn for; beyond, the picture would be too wide to read.
pub const MAX_CROSSTABLE: usize = 20;

/// The most rows drawn; more are left out.
pub const MAX_ROWS: usize = 256;

/// The narrowest picture: an 8x8 board picture's width.
const MIN_WIDTH: i32 = Layout::new(BoardSize::Eight).width() as i32;
/// The room left and right of the table.
const SIDE: i32 = 16;
/// Where the title's and the subtitle's capitals are centred, and where the block they make ends.
const TITLE_Y: i32 = 28;
const SUBTITLE_Y: i32 = 54;
const HEADING_BOTTOM: i32 = 72;
/// The podium band's height, and its steps: width, gap, and each place's top within the band.
const PODIUM_HEIGHT: i32 = 176;
const STEP_WIDTH: i32 = 140;
const STEP_GAP: i32 = 8;
const STEP_TOPS: [i32; 3] = [78, 98, 112];
const STEP_BOTTOM: i32 = 164;
/// The grid-coloured frame round each step.
const STEP_BORDER: i32 = 2;
/// The column headings' row and the rule under it.
const HEADER_HEIGHT: i32 = 30;
const RULE: i32 = 2;
/// One player's row: roomy, or set closer from [`COMPACT_FROM`] rows on so that a long table stays
/// a picture a chat shows whole.
const ROOMY: Density = Density { height: 26, text: 15 };
const COMPACT: Density = Density { height: 22, text: 14 };
const COMPACT_FROM: usize = 25;
/// The rank column, the least room a name keeps, and the padding inside a number column.
const RANK_WIDTH: i32 = 44;
const NAME_MIN: i32 = 190;
const NUMBER_PAD: i32 = 8;
const NUMBER_MIN: i32 = 40;
const NUMBER_MAX: i32 = 96;
/// A crosstable cell's width, and the room between the names and the grid.
const CELL_WIDTH: i32 = 26;
const CROSS_GAP: i32 = 6;
/// The medal bar on a medal row's left edge, and the medals' radius in the table and on the podium.
const MEDAL_BAR: i32 = 4;
const MEDAL_RADIUS: f32 = 10.5;
const PODIUM_MEDAL_RADIUS: f32 = 16.0;
/// The footnote's band, and the room under the table without one.
const FOOTNOTE_HEIGHT: i32 = 34;
const BOTTOM: i32 = 12;

const TITLE: Style = Style::new(20, Ink::Label);
const SUBTITLE: Style = Style::new(14, Ink::Quiet);
const HEADING: Style = Style::new(12, Ink::Quiet);
const TAG: Style = Style::new(12, Ink::Quiet);
const CELL: Style = Style::new(14, Ink::Label);
const CELL_GREY: Style = Style::new(14, Ink::Quiet);
const FOOTNOTE: Style = Style::new(12, Ink::Quiet);
const PODIUM_NAME: Style = Style::new(16, Ink::Label);
const PODIUM_POINTS: Style = Style::new(14, Ink::Quiet);

/// The medals' metal, first place first.
const MEDALS: [DiscColors; 3] = [
    metal([232, 182, 44], [255, 232, 140], [156, 112, 14], [112, 78, 8]),
    metal([190, 196, 206], [246, 248, 252], [122, 128, 140], [86, 90, 100]),
    metal([200, 126, 62], [244, 186, 126], [124, 70, 26], [88, 48, 16]),
];
/// The digits on the medals.
const MEDAL_INK: [u8; 3] = [44, 32, 12];

const fn metal(face: [u8; 3], light: [u8; 3], shade: [u8; 3], rim: [u8; 3]) -> DiscColors {
    DiscColors { face, light, shade, rim, flipped: face, last: face, number: MEDAL_INK }
}

/// A row's height and the size of its names and numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Density {
    height: i32,
    text: u8,
}

impl Density {
    fn of(rows: usize) -> Density {
        if rows >= COMPACT_FROM { COMPACT } else { ROOMY }
    }

    /// The style of names and numbers, greyed or not.
    fn style(self, grey: bool) -> Style {
        Style::new(self.text, if grey { Ink::Quiet } else { Ink::Label })
    }
}

/// What text and rows are drawn on: the page, a stripe (every other row), a medal row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ground {
    Page = 0,
    Stripe = 1,
    Medal = 2,
}

/// The colours a standings picture paints with, taken from its theme.
#[derive(Clone, Copy, Debug)]
struct StandingsColors {
    /// The page, as the board picture's frame.
    page: [u8; 3],
    label: [u8; 3],
    /// Every other row, a shade off the page.
    stripe: [u8; 3],
    /// A medal row, the page tinted towards the accent.
    medal_row: [u8; 3],
    /// The rule under the headings, as the board's felt.
    rule: [u8; 3],
    /// The crosstable's lines between columns.
    line: [u8; 3],
    /// The crosstable's diagonal.
    diagonal: [u8; 3],
    accent: [u8; 3],
}

impl StandingsColors {
    fn of(colors: &ThemeColors) -> StandingsColors {
        StandingsColors {
            page: colors.frame,
            label: colors.label,
            stripe: mix(colors.frame, colors.label, 0.07),
            medal_row: mix(colors.frame, colors.accent, 0.16),
            rule: colors.felt,
            line: mix(colors.frame, colors.label, 0.16),
            diagonal: mix(colors.frame, colors.label, 0.24),
            accent: colors.accent,
        }
    }

    fn ground(&self, ground: Ground) -> [u8; 3] {
        match ground {
            Ground::Page => self.page,
            Ground::Stripe => self.stripe,
            Ground::Medal => self.medal_row,
        }
    }
}

/// What every standings picture of one theme shares: the palette, the palette indices of its
/// flat colours, the medals (on a medal row and on the podium's steps), the podium's steps, and a
/// glyph cache per ground.
#[derive(Debug)]
pub(crate) struct StandingsKit {
    pub(crate) palette: Palette,
    page: u8,
    stripe: u8,
    medal_row: u8,
    rule: u8,
    line: u8,
    diagonal: u8,
    medal_bars: [u8; 3],
    /// The medal of each place on a medal row, anchored at its centre.
    medals: [Sprite; 3],
    /// The three steps with their medals, anchored at the band's top middle.
    podium: Sprite,
    /// By [`Ground`].
    text: [Typesetter; 3],
}

impl StandingsKit {
    /// The kit of `theme` (the glyphs are drawn as they are first needed).
    pub(crate) fn build(theme: Theme) -> StandingsKit {
        let theme_colors = theme.colors();
        let c = StandingsColors::of(theme_colors);
        let quiet = Derived::of(theme_colors).quiet;
        let grounds = [Ground::Page, Ground::Stripe, Ground::Medal];
        // Per ground: the ground to the label (quiet text stops part way), the accent to the page
        // (unused), the ground to the accent.
        let ramp = |from: [u8; 3], to: [u8; 3]| -> [[u8; 3]; LEVELS + 1] {
            std::array::from_fn(|i| mix(from, to, i as f32 / LEVELS as f32))
        };
        let ramps = grounds.map(|g| {
            let ground = c.ground(g);
            [ramp(ground, c.label), ramp(c.accent, c.page), ramp(ground, c.accent)]
        });

        let medal_pieces = [0, 1, 2].map(|place| medal(c.medal_row, place, MEDAL_RADIUS));
        let podium_piece = podium(theme_colors, &c);

        let mut pinned = vec![c.page, c.label, quiet, c.stripe, c.medal_row, c.rule, c.line, c.diagonal, c.accent];
        pinned.extend(MEDALS.map(|m| m.face));
        pinned.extend(ramps.iter().flatten().flatten());
        let mut samples: Vec<&RgbImage> = medal_pieces.iter().map(|p| &p.img).collect();
        samples.push(&podium_piece.img);
        let palette = Palette::build(&pinned, &samples);

        let mut mapper = Mapper::new(&palette);
        let text = ramps.map(|r| {
            let indices: Ramps = r.map(|ramp| ramp.map(|color| mapper.index(color)));
            Typesetter::new(indices)
        });
        StandingsKit {
            page: mapper.index(c.page),
            stripe: mapper.index(c.stripe),
            medal_row: mapper.index(c.medal_row),
            rule: mapper.index(c.rule),
            line: mapper.index(c.line),
            diagonal: mapper.index(c.diagonal),
            medal_bars: MEDALS.map(|m| mapper.index(m.face)),
            medals: medal_pieces.map(|p| p.sprite(&mut mapper)),
            podium: podium_piece.sprite(&mut mapper),
            text,
            palette: palette.clone(),
        }
    }

    fn ground(&self, ground: Ground) -> u8 {
        match ground {
            Ground::Page => self.page,
            Ground::Stripe => self.stripe,
            Ground::Medal => self.medal_row,
        }
    }
}

/// The medal of `place` (0 for first) of `radius` on `backdrop`, anchored at its centre.
fn medal(backdrop: [u8; 3], place: usize, radius: f32) -> Piece {
    let side = (2.0 * radius + 8.0).ceil() as u32;
    let mut piece = Piece::centred(side, side, backdrop);
    let (cx, cy) = (piece.anchor.0 as f32, piece.anchor.1 as f32);
    draw_medal(&mut piece.img, (cx, cy), radius, place, 0);
    piece
}

/// Draws the medal of `place` (0 for first): a disc of its metal bearing its number.
fn draw_medal(img: &mut RgbImage, (cx, cy): (f32, f32), radius: f32, place: usize, shadow: u8) {
    disc(img, cx, cy, radius, &MEDALS[place], shadow);
    let style = TextStyle { px: (radius * 1.25).round() };
    style.draw_ink_centred(img, cx, cy, &(place + 1).to_string(), MEDAL_INK);
}

/// The podium: three steps in the felt's colour framed in the grid's as the board is, the first in the middle and highest, each with
/// its medal; anchored at the band's top middle.
fn podium(colors: &ThemeColors, c: &StandingsColors) -> Piece {
    let width = 3 * STEP_WIDTH + 2 * STEP_GAP;
    let mut img = RgbImage::from_pixel(width as u32, PODIUM_HEIGHT as u32, image::Rgb(c.page));
    for (place, left) in step_lefts(0).into_iter().enumerate() {
        let top = STEP_TOPS[place];
        let (w, h) = (STEP_WIDTH as u32, (STEP_BOTTOM - top) as u32);
        fill_rect(&mut img, left, top, w, h, colors.grid);
        fill_rect(
            &mut img,
            left + STEP_BORDER,
            top + STEP_BORDER,
            w - 2 * STEP_BORDER as u32,
            h - 2 * STEP_BORDER as u32,
            colors.felt,
        );
        let centre = ((left + STEP_WIDTH / 2) as f32, top as f32 + 6.0 + PODIUM_MEDAL_RADIUS);
        draw_medal(&mut img, centre, PODIUM_MEDAL_RADIUS, place, colors.shadow);
    }
    Piece { img, anchor: (width / 2, 0), backdrop: c.page, inset: 0 }
}

/// The left edge of each place's step (first, second, third) for a podium whose left edge is at
/// `left`: second on the left, first in the middle, third on the right.
fn step_lefts(left: i32) -> [i32; 3] {
    let pitch = STEP_WIDTH + STEP_GAP;
    [left + pitch, left, left + 2 * pitch]
}

/// The points in halves as written: "4½", "½", "0", "12".
fn points_text(half_points: u32) -> (String, bool) {
    let whole = half_points / 2;
    let half = half_points % 2 == 1;
    let digits = if whole == 0 && half { String::new() } else { whole.to_string() };
    (digits, half)
}

/// Where each column is: its left edge and width.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Columns {
    width: i32,
    rank: (i32, i32),
    name: (i32, i32),
    /// The first cell's left edge and the number of cells.
    cross: Option<(i32, usize)>,
    games: (i32, i32),
    points: (i32, i32),
    tie_breaks: Vec<(i32, i32)>,
}

impl Columns {
    /// The columns of `table`: each number column as wide as its widest entry or heading (within
    /// bounds), the crosstable's cells, and the names taking what is left of at least
    /// [`MIN_WIDTH`].
    fn of(table: &StandingsTable, rows: &[StandingsRow]) -> Columns {
        let number = Density::of(rows.len()).style(false);
        let measure = |s: &str, style: Style| text::line(s.trim(), style, i32::MAX).px();
        let fit = |widest: i32| (widest + 2 * NUMBER_PAD).clamp(NUMBER_MIN, NUMBER_MAX);
        let headers = &table.headers;
        let games_widest = rows.iter().map(|r| measure(&r.games.to_string(), number)).max().unwrap_or(0);
        let games = fit(games_widest.max(measure(&headers.games, HEADING)));
        let points_widest = rows
            .iter()
            .map(|r| {
                let (digits, _) = points_text(r.half_points);
                measure(&digits, number) + measure("½", number)
            })
            .max()
            .unwrap_or(0);
        let points = fit(points_widest.max(measure(&headers.points, HEADING)));
        let tie_break_count = headers.tie_breaks.len().max(rows.iter().map(|r| r.tie_breaks.len()).max().unwrap_or(0));
        let tie_breaks: Vec<i32> = (0..tie_break_count)
            .map(|k| {
                let heading = headers.tie_breaks.get(k).map_or(0, |h| measure(h, HEADING));
                let widest =
                    rows.iter().filter_map(|r| r.tie_breaks.get(k)).map(|v| measure(v, number)).max().unwrap_or(0);
                fit(heading.max(widest))
            })
            .collect();
        let cross_cells = table.crosstable.as_ref().filter(|_| rows.len() <= MAX_CROSSTABLE).map(|_| rows.len());
        let cross_width = cross_cells.map_or(0, |n| n as i32 * CELL_WIDTH + 2 * CROSS_GAP);
        let numbers = games + points + tie_breaks.iter().sum::<i32>();
        let width = MIN_WIDTH.max(2 * SIDE + RANK_WIDTH + NAME_MIN + cross_width + numbers);
        let name_width = width - 2 * SIDE - RANK_WIDTH - cross_width - numbers;

        let mut x = SIDE;
        let mut take = |w: i32| {
            let at = x;
            x += w;
            (at, w)
        };
        let rank = take(RANK_WIDTH);
        let name = take(name_width);
        let cross = cross_cells.map(|n| (take(cross_width).0 + CROSS_GAP, n));
        let games = take(games);
        let points = take(points);
        let tie_breaks = tie_breaks.into_iter().map(take).collect();
        Columns { width, rank, name, cross, games, points, tie_breaks }
    }
}

/// The pixel geometry of a standings picture: its size, where each row and column lies, and
/// where the podium goes; for checking a picture the way a reader sees it.
///
/// ```
/// use reversi_bot::render::{StandingsLayout, StandingsRow, StandingsTable};
/// let rows = (0..12).map(|i| StandingsRow { name: format!("Player {i}"), ..StandingsRow::default() });
/// let table = StandingsTable { rows: rows.collect(), ..StandingsTable::default() };
/// let layout = StandingsLayout::of(&table);
/// assert!(layout.width() >= 500);
/// let (top, bottom) = layout.row(11).unwrap();
/// assert!(layout.row(0).unwrap().1 <= top && bottom < layout.height());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsLayout {
    columns: Columns,
    podium_top: Option<i32>,
    header_top: i32,
    rows_top: i32,
    rows: usize,
    density: Density,
    footnote_top: i32,
    height: i32,
}

impl StandingsLayout {
    /// The layout of `table`.
    pub fn of(table: &StandingsTable) -> StandingsLayout {
        let rows = &table.rows[..table.rows.len().min(MAX_ROWS)];
        let podium = table.podium && rows.iter().any(|r| r.medal.is_some());
        let podium_top = podium.then_some(HEADING_BOTTOM);
        let header_top = HEADING_BOTTOM + if podium { PODIUM_HEIGHT } else { 0 };
        let rows_top = header_top + HEADER_HEIGHT + RULE;
        let density = Density::of(rows.len());
        let footnote_top = rows_top + rows.len() as i32 * density.height;
        let height = footnote_top + if table.footnote.trim().is_empty() { BOTTOM } else { FOOTNOTE_HEIGHT };
        let columns = Columns::of(table, rows);
        StandingsLayout { columns, podium_top, header_top, rows_top, rows: rows.len(), density, footnote_top, height }
    }

    /// The picture's width in pixels: at least an 8x8 board picture's.
    pub fn width(&self) -> u32 {
        self.columns.width as u32
    }

    /// The picture's height in pixels.
    pub fn height(&self) -> u32 {
        self.height as u32
    }

    /// The top and bottom (exclusive) of row `index`, if it is drawn.
    pub fn row(&self, index: usize) -> Option<(u32, u32)> {
        let top = self.rows_top + index as i32 * self.density.height;
        (index < self.rows).then_some((top as u32, (top + self.density.height) as u32))
    }

    /// The left and right (exclusive) edges of the rank column.
    pub fn rank_column(&self) -> (u32, u32) {
        span(self.columns.rank)
    }

    /// The left and right (exclusive) edges of the name column: a name never reaches past it.
    pub fn name_column(&self) -> (u32, u32) {
        span(self.columns.name)
    }

    /// The left and right (exclusive) edges of the points column.
    pub fn points_column(&self) -> (u32, u32) {
        span(self.columns.points)
    }

    /// The centre of the crosstable's cell of row `row` against row `column`, if one is drawn.
    pub fn crosstable_cell(&self, row: usize, column: usize) -> Option<(u32, u32)> {
        let (left, n) = self.columns.cross?;
        let (top, _) = self.row(row)?;
        (column < n).then(|| {
            ((left + column as i32 * CELL_WIDTH + CELL_WIDTH / 2) as u32, top + self.density.height as u32 / 2)
        })
    }

    /// The top and bottom (exclusive) of the podium's band, on a final picture with medals.
    pub fn podium(&self) -> Option<(u32, u32)> {
        self.podium_top.map(|top| (top as u32, (top + PODIUM_HEIGHT) as u32))
    }
}

/// A column's (left, width) as its left and right edges.
fn span((left, width): (i32, i32)) -> (u32, u32) {
    (left as u32, (left + width) as u32)
}

/// Fills the rectangle with palette index `index`, clipped to the picture.
fn fill(picture: &mut Picture, x: i32, y: i32, width: i32, height: i32, index: u8) {
    let (pw, ph) = (picture.width as i32, picture.height as i32);
    let (x0, x1) = (x.max(0), (x + width).min(pw));
    let (y0, y1) = (y.max(0), (y + height).min(ph));
    if x0 >= x1 {
        return;
    }
    for row in y0..y1 {
        let at = (row * pw) as usize;
        picture.pixels[at + x0 as usize..at + x1 as usize].fill(index);
    }
}

/// Draws `table` with the pieces of `kit`.
pub(crate) fn compose(kit: &StandingsKit, table: &StandingsTable) -> Picture {
    let rows = &table.rows[..table.rows.len().min(MAX_ROWS)];
    let page_text = &kit.text[Ground::Page as usize];
    let layout = StandingsLayout::of(table);
    let StandingsLayout { ref columns, podium_top, header_top, rows_top, density, footnote_top, height, .. } = layout;
    let width = columns.width;
    let mut picture =
        Picture { width: width as u32, height: height as u32, pixels: vec![kit.page; (width * height) as usize] };

    // The title and the subtitle.
    let room = width - 2 * SIDE;
    let title = page_text.line(table.title.trim(), TITLE, room);
    page_text.draw(&mut picture, &title, TITLE, SIDE, TITLE_Y);
    let subtitle = page_text.line(table.subtitle.trim(), SUBTITLE, room);
    page_text.draw(&mut picture, &subtitle, SUBTITLE, SIDE, SUBTITLE_Y);

    if let Some(top) = podium_top {
        draw_podium(kit, rows, &mut picture, top);
    }

    // The headings, and the rule under them.
    let headers = &table.headers;
    let head_y = header_top + HEADER_HEIGHT / 2 + 2;
    let centred = |picture: &mut Picture, s: &str, (left, w): (i32, i32)| {
        let line = page_text.line(s.trim(), HEADING, w - 4);
        page_text.draw(picture, &line, HEADING, left + (w - line.px()) / 2, head_y);
    };
    let right = |picture: &mut Picture, s: &str, (left, w): (i32, i32)| {
        let line = page_text.line(s.trim(), HEADING, w - 4);
        page_text.draw(picture, &line, HEADING, (left + w - NUMBER_PAD - line.px()).max(left + 2), head_y);
    };
    centred(&mut picture, &headers.rank, columns.rank);
    let player = page_text.line(headers.player.trim(), HEADING, columns.name.1 - 8);
    page_text.draw(&mut picture, &player, HEADING, columns.name.0 + 4, head_y);
    right(&mut picture, &headers.games, columns.games);
    right(&mut picture, &headers.points, columns.points);
    for (heading, &column) in headers.tie_breaks.iter().zip(&columns.tie_breaks) {
        right(&mut picture, heading, column);
    }
    if let Some((left, n)) = columns.cross {
        for k in 0..n {
            centred(&mut picture, &(k + 1).to_string(), (left + k as i32 * CELL_WIDTH, CELL_WIDTH));
        }
    }
    fill(&mut picture, 0, rows_top - RULE, width, RULE, kit.rule);

    // The rows.
    let crosstable = table.crosstable.as_ref();
    for (i, row) in rows.iter().enumerate() {
        let top = rows_top + i as i32 * density.height;
        let ground = match (row.medal, i % 2) {
            (Some(_), _) => Ground::Medal,
            (None, 1) => Ground::Stripe,
            (None, _) => Ground::Page,
        };
        if ground != Ground::Page {
            fill(&mut picture, 0, top, width, density.height, kit.ground(ground));
        }
        let cells = crosstable.and_then(|t| t.results.get(i));
        draw_row(kit, columns, density, row, cells, ground, i, top, &mut picture);
    }
    // The crosstable's lines between columns, over every row and the headings.
    if let Some((left, n)) = columns.cross {
        for k in 0..=n {
            let x = left + k as i32 * CELL_WIDTH;
            fill(&mut picture, x, header_top + 4, 1, footnote_top - header_top - 4, kit.line);
        }
        fill(&mut picture, left, rows_top - RULE, n as i32 * CELL_WIDTH + 1, RULE, kit.rule);
    }

    let footnote = page_text.line(table.footnote.trim(), FOOTNOTE, room);
    page_text.draw(&mut picture, &footnote, FOOTNOTE, SIDE, footnote_top + FOOTNOTE_HEIGHT / 2);
    picture
}

/// Draws one row's words, numbers, medal and crosstable cells on its ground.
#[allow(clippy::too_many_arguments)]
fn draw_row(
    kit: &StandingsKit,
    columns: &Columns,
    density: Density,
    row: &StandingsRow,
    cells: Option<&Vec<Vec<CrossResult>>>,
    ground: Ground,
    index: usize,
    top: i32,
    picture: &mut Picture,
) {
    let text = &kit.text[ground as usize];
    let y = top + density.height / 2;
    let grey = row.withdrawn.is_some();
    let style = density.style(grey);
    let cell_style = if grey { CELL_GREY } else { CELL };

    // The rank, or the medal with its bar.
    let (rank_left, rank_width) = columns.rank;
    if let Some(medal) = row.medal {
        fill(picture, 0, top, MEDAL_BAR, density.height, kit.medal_bars[medal.index()]);
        kit.medals[medal.index()].draw(picture, rank_left + rank_width / 2, y);
    } else {
        let rank = text.line(row.rank.trim(), style, rank_width - 4);
        text.draw(picture, &rank, style, rank_left + (rank_width - rank.px()) / 2, y);
    }

    // The name, and after it the level and the withdrawal's mark, right-aligned in the column.
    let (name_left, name_width) = columns.name;
    let name_right = name_left + name_width - 6;
    let tags: Vec<Line> = [&row.level, &row.withdrawn]
        .into_iter()
        .flatten()
        .map(|t| text.line(t.trim(), TAG, name_width / 3))
        .filter(|l| !l.is_empty())
        .collect();
    let mut tag_x = name_right;
    for tag in tags.iter().rev() {
        tag_x -= tag.px();
        text.draw(picture, tag, TAG, tag_x, y + 1);
        tag_x -= 8;
    }
    let name_room = tag_x - (name_left + 4);
    let name = text.line(row.name.trim(), style, name_room);
    text.draw(picture, &name, style, name_left + 4, y);

    // The numbers, right-aligned; the points' whole part lines up whether a half follows or not.
    let right_aligned = |picture: &mut Picture, s: &str, (left, w): (i32, i32)| {
        let line = text.line(s.trim(), style, w - 4);
        text.draw(picture, &line, style, left + w - NUMBER_PAD - line.px(), y);
    };
    right_aligned(picture, &row.games.to_string(), columns.games);
    let (digits, half) = points_text(row.half_points);
    let half_line = text.line("½", style, i32::MAX);
    let (left, w) = columns.points;
    let whole_end = left + w - NUMBER_PAD - half_line.px();
    let whole = text.line(&digits, style, w);
    text.draw(picture, &whole, style, whole_end - whole.px(), y);
    if half {
        text.draw(picture, &half_line, style, whole_end, y);
    }
    for (value, &column) in row.tie_breaks.iter().zip(&columns.tie_breaks) {
        right_aligned(picture, value, column);
    }

    // The crosstable's cells.
    if let Some((left, n)) = columns.cross {
        if index < n {
            let x = left + index as i32 * CELL_WIDTH;
            fill(picture, x + 1, top + 1, CELL_WIDTH - 1, density.height - 2, kit.diagonal);
        }
        for (j, results) in cells.into_iter().flatten().enumerate().take(n) {
            if j == index || results.is_empty() {
                continue;
            }
            let symbols: String = results.iter().map(|r| r.symbol()).collect();
            // Lost cells are quieter, so that the wins read at a glance.
            let lost = results.iter().all(|r| matches!(r, CrossResult::Loss | CrossResult::ForfeitLoss));
            let cell_style = if lost { CELL_GREY } else { cell_style };
            let line = text.line(&symbols, cell_style, CELL_WIDTH - 2);
            let x = left + j as i32 * CELL_WIDTH + (CELL_WIDTH - line.px() + 1) / 2;
            text.draw(picture, &line, cell_style, x, y);
        }
    }
}

/// The podium band from `top`: the steps with their medals, and above each step the names of the
/// rows with its medal (joined by " · " when they share it) and their points.
fn draw_podium(kit: &StandingsKit, rows: &[StandingsRow], picture: &mut Picture, top: i32) {
    let text = &kit.text[Ground::Page as usize];
    let mid = picture.width as i32 / 2;
    kit.podium.draw(picture, mid, top);
    let band_left = mid - (3 * STEP_WIDTH + 2 * STEP_GAP) / 2;
    for (place, left) in step_lefts(band_left).into_iter().enumerate() {
        let medalists: Vec<&StandingsRow> = rows.iter().filter(|r| r.medal.map(Medal::index) == Some(place)).collect();
        let Some(first) = medalists.first() else { continue };
        let names: Vec<&str> = medalists.iter().map(|r| r.name.trim()).collect();
        let name = text.line(&names.join(" · "), PODIUM_NAME, STEP_WIDTH + STEP_GAP - 4);
        let centre = left + STEP_WIDTH / 2;
        let step_top = top + STEP_TOPS[place];
        text.draw(picture, &name, PODIUM_NAME, centre - name.px() / 2, step_top - 34);
        let (digits, half) = points_text(first.half_points);
        let points = format!("{digits}{}", if half { "½" } else { "" });
        let points = text.line(&points, PODIUM_POINTS, STEP_WIDTH);
        text.draw(picture, &points, PODIUM_POINTS, centre - points.px() / 2, step_top - 14);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::theme::contrast;

    #[test]
    fn points_are_written_with_a_half() {
        assert_eq!(points_text(9), ("4".into(), true));
        assert_eq!(points_text(1), (String::new(), true));
        assert_eq!(points_text(0), ("0".into(), false));
        assert_eq!(points_text(24), ("12".into(), false));
    }

    #[test]
    fn text_stands_out_from_every_ground_in_every_theme() {
        for theme in Theme::ALL {
            let colors = theme.colors();
            let c = StandingsColors::of(colors);
            let quiet = Derived::of(colors).quiet;
            for ground in [Ground::Page, Ground::Stripe, Ground::Medal] {
                let g = c.ground(ground);
                let ratio = contrast(c.label, g);
                assert!(ratio >= 4.5, "{theme}: the label on {ground:?} has a contrast of {ratio:.2}:1");
                let grey = mix(g, c.label, super::super::text::QUIET_LEVEL as f32 / LEVELS as f32);
                let ratio = contrast(grey, g);
                assert!(ratio >= 3.0, "{theme}: greyed text on {ground:?} has a contrast of {ratio:.2}:1");
            }
            let ratio = contrast(quiet, c.page);
            assert!(ratio >= 3.0, "{theme}: quiet text on the page has a contrast of {ratio:.2}:1");
        }
    }

    #[test]
    fn every_kit_fits_its_palette() {
        for theme in Theme::ALL {
            let kit = StandingsKit::build(theme);
            assert!(kit.palette.len() <= 255);
        }
    }
}
