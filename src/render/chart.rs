//! The evaluation chart of a post-game review: how many discs Black was ahead (above the zero
//! line, filled in Black's disc colour) or behind (below it, in White's) after each move, with
//! the stretch the solver settled exactly shaded, the big swings marked, and the two sides'
//! names, in the colours of a theme and as wide as an 8x8 board picture.
//!
//! A chart changes with every game, so it is drawn in full colour each time (anti-aliased
//! area, line and dots); its palette holds the theme's colours and text ramps first, always at
//! the same indices, so that the words come from one glyph cache per theme (`ChartKit`) as the
//! board pictures' do, and the rest of its colours are the chart's own.

use image::{Rgb, RgbImage};

use super::kit::Derived;
use super::layout::Layout;
use super::palette::{Mapper, Palette, Picture};
use super::raster::{blend, capsule, disc, dot, fill_rect, mix, ring};
use super::text::{Ink, Line, Ramps, Style, Typesetter};
use super::theme::{Theme, ThemeColors};
use crate::engine::{BoardSize, Color};

mod labels;

use labels::{Segment, place_labels};

/// One position's value in a review chart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChartPoint {
    /// The disc margin for Black with best play from here: positive when Black is ahead.
    pub value: i32,
    /// Whether the value was solved exactly rather than estimated.
    pub exact: bool,
}

/// A move marked on the chart: a big swing, that is a mistake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChartMark {
    /// The index into [`ReviewChart::points`] of the position after the move.
    pub index: usize,
    /// Who played it.
    pub color: Color,
    /// What the mark says, e.g. "23 c1".
    pub label: String,
}

/// Every word a chart writes, in the reader's language (render has no words of its own).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChartCaption {
    /// The line at the top, e.g. "Anna vs Bo, 40-24".
    pub title: String,
    /// Black's side's name and White's, as the theme calls them, e.g. "Gold: Anna"; Black's is
    /// written at the top left (Black ahead is up), White's at the bottom left.
    pub names: [String; 2],
    /// The label of the stretch solved exactly, e.g. "exact".
    pub exact: String,
    /// The label of the horizontal axis, e.g. "move".
    pub moves: String,
}

/// A post-game review's chart: the value of every position of the game, the swings to mark,
/// and the words.
///
/// ```
/// use reversi_bot::engine::Color;
/// use reversi_bot::render::{ChartCaption, ChartMark, ChartPoint, Renderer, ReviewChart, Theme};
/// let values = [0, 2, -1, 3, 4, -10, -8, -12];
/// let chart = ReviewChart {
///     points: values.iter().map(|&value| ChartPoint { value, exact: value < -9 }).collect(),
///     marks: vec![ChartMark { index: 5, color: Color::Black, label: "5 b2".into() }],
///     caption: ChartCaption {
///         title: "Anna vs Bo".into(),
///         names: ["Black: Anna".into(), "White: Bo".into()],
///         exact: "exact".into(),
///         moves: "move".into(),
///     },
/// };
/// let png = Renderer::new().review_chart_png(&chart, Theme::Classic);
/// assert!(png.starts_with(b"\x89PNG"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReviewChart {
    /// `points[0]` is the start, `points[i]` the position after `i` moves.
    pub points: Vec<ChartPoint>,
    /// The moves to mark; a mark whose index is not a point is left out.
    pub marks: Vec<ChartMark>,
    /// The words.
    pub caption: ChartCaption,
}

/// The width of a chart: an 8x8 board picture's.
const WIDTH: u32 = Layout::new(BoardSize::Eight).width();
/// The height of a chart.
const HEIGHT: u32 = 300;
/// Where text and icons start on the left: in line with the board picture's border.
const LEFT: i32 = Layout::new(BoardSize::Eight).left() as i32;
/// The plot: the felt-coloured panel the values are drawn on, inside a border of the grid colour.
const PLOT_LEFT: i32 = 62;
const PLOT_RIGHT: i32 = Layout::new(BoardSize::Eight).right() as i32 - PLOT_BORDER;
const PLOT_TOP: i32 = 64;
const PLOT_BOTTOM: i32 = 240;
const PLOT_BORDER: i32 = 2;
/// The zero line's y (a pixel boundary: the line covers the rows on both sides of it).
const ZERO_Y: i32 = (PLOT_TOP + PLOT_BOTTOM) / 2;
/// How far from the zero line the top of the scale is, in pixels.
const REACH: f32 = (ZERO_Y - PLOT_TOP - 10) as f32;
/// The space between the panel's sides and the first and last points.
const X_INSET: f32 = 10.0;
/// The rows of text: the title, Black's name, the move numbers, White's name.
const TITLE_Y: i32 = 18;
const TOP_NAME_Y: i32 = 44;
const TICK_Y: i32 = 256;
const BOTTOM_NAME_Y: i32 = 282;
/// The radius of the small disc before each name.
const ICON_RADIUS: f32 = 7.0;
/// The width of the value line.
const STROKE: f32 = 2.2;
/// A mark's dot: its radius and its dark ring's.
const MARK_DOT: f32 = 4.6;
const MARK_RING: f32 = 6.4;
/// A mark's label: the chip's height and its text's inset.
const CHIP_HEIGHT: i32 = 18;
const CHIP_PAD: i32 = 7;
/// A leader line's width (from a mark's dot to its label further out) and its dark casing's.
const LEADER: f32 = 1.3;
const LEADER_CASING: f32 = 3.3;
/// The least room a move number's label keeps from the next.
const TICK_GAP: f32 = 30.0;

/// The words: the title, the names, the axes' numbers and word, the exact stretch's label (on
/// a chip of the frame's colour) and the marks' (on the accent).
const TITLE: Style = Style::new(16, Ink::Label);
const NAME: Style = Style::new(14, Ink::Label);
const AXIS: Style = Style::new(12, Ink::Quiet);
const EXACT: Style = Style::new(12, Ink::Label);
const MARK: Style = Style::new(12, Ink::Win);

/// The pixel geometry of a review chart: as wide as an 8x8 board picture, the value of each
/// position at its move's x on a scale symmetric around zero (8, 16, 24, 32, 48 or 64 discs at
/// the top, whichever first holds every value; beyond 64, a multiple of 32).
///
/// ```
/// use reversi_bot::render::{ChartLayout, ChartPoint, ReviewChart};
/// let chart = ReviewChart {
///     points: [0, 5, 20].iter().map(|&value| ChartPoint { value, exact: false }).collect(),
///     ..ReviewChart::default()
/// };
/// let layout = ChartLayout::of(&chart);
/// assert_eq!(layout.scale(), 24);
/// assert!(layout.x(0) < layout.x(2) && layout.y(20) < layout.y(0) && layout.y(0) < layout.y(-20));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartLayout {
    points: usize,
    scale: i32,
}

impl ChartLayout {
    /// The layout of `chart`.
    pub fn of(chart: &ReviewChart) -> ChartLayout {
        let largest = chart.points.iter().map(|p| p.value.unsigned_abs()).max().unwrap_or(0);
        ChartLayout { points: chart.points.len(), scale: nice_scale(largest) }
    }

    /// The picture's width in pixels: an 8x8 board picture's.
    pub const fn width(&self) -> u32 {
        WIDTH
    }

    /// The picture's height in pixels.
    pub const fn height(&self) -> u32 {
        HEIGHT
    }

    /// The value at the top of the scale (and its negative at the bottom).
    pub const fn scale(&self) -> i32 {
        self.scale
    }

    /// The plot panel inside its border, in pixels: left, top, right and bottom (the last two
    /// just past it); every mark's label lies inside it.
    pub const fn panel(&self) -> [i32; 4] {
        [PLOT_LEFT, PLOT_TOP, PLOT_RIGHT, PLOT_BOTTOM]
    }

    /// The x of the position after `index` moves.
    pub fn x(&self, index: usize) -> f32 {
        let span = self.points.saturating_sub(1).max(1) as f32;
        let (left, right) = (PLOT_LEFT as f32 + X_INSET, PLOT_RIGHT as f32 - X_INSET);
        left + (right - left) * index as f32 / span
    }

    /// The y of `value` discs.
    pub fn y(&self, value: i32) -> f32 {
        self.y_of(value as f32)
    }

    fn y_of(&self, value: f32) -> f32 {
        ZERO_Y as f32 - value / self.scale as f32 * REACH
    }

    /// The value of the line at `x`, between the points on either side; `None` outside them.
    fn value_at(&self, points: &[ChartPoint], x: f32) -> Option<f32> {
        if points.len() < 2 || x < self.x(0) || x > self.x(points.len() - 1) {
            return None;
        }
        let t = (x - self.x(0)) / (self.x(1) - self.x(0));
        let i = (t.floor() as usize).min(points.len() - 2);
        let f = t - i as f32;
        Some(points[i].value as f32 * (1.0 - f) + points[i + 1].value as f32 * f)
    }
}

/// The top of the scale for values up to `largest` discs either way.
fn nice_scale(largest: u32) -> i32 {
    match largest {
        0..=8 => 8,
        9..=16 => 16,
        17..=24 => 24,
        25..=32 => 32,
        33..=48 => 48,
        49..=64 => 64,
        _ => (largest as i32 + 31) / 32 * 32,
    }
}

/// A value as the axis writes it: "+16", "0", "−16" (with a real minus sign).
fn signed(value: i32) -> String {
    match value {
        0 => "0".into(),
        v if v > 0 => format!("+{v}"),
        v => format!("\u{2212}{}", v.unsigned_abs()),
    }
}

/// The colours a chart paints with, taken from its theme.
#[derive(Clone, Copy, Debug)]
struct ChartColors {
    frame: [u8; 3],
    label: [u8; 3],
    /// Axis numbers, the move axis's word, the names' icons' outline.
    quiet: [u8; 3],
    /// The panel, as the board's felt.
    felt: [u8; 3],
    /// The panel's border, the zero line, and the line where a side is ahead by nothing.
    grid: [u8; 3],
    /// The gridlines, half way from the felt to the grid colour.
    gridline: [u8; 3],
    /// The panel behind the exactly solved stretch, a little lighter than the felt.
    exact: [u8; 3],
    /// The marks' dots and labels.
    accent: [u8; 3],
    /// The area where each side is ahead: its disc colour.
    fill: [[u8; 3]; 2],
    /// The value line where each side is ahead: its legal-move ring colour, which stands out
    /// from the felt by at least 3:1 in every theme.
    line: [[u8; 3]; 2],
}

impl ChartColors {
    fn of(colors: &ThemeColors) -> ChartColors {
        ChartColors {
            frame: colors.frame,
            label: colors.label,
            quiet: Derived::of(colors).quiet,
            felt: colors.felt,
            grid: colors.grid,
            gridline: mix(colors.felt, colors.grid, 0.35),
            exact: mix(colors.felt, colors.label, 0.16),
            accent: colors.accent,
            fill: colors.discs.map(|d| d.face),
            line: colors.legal,
        }
    }
}

/// What every chart of one theme shares: its colours, the palette colours pinned at the front
/// of every chart's palette (the theme's colours and the text ramps), and the glyph cache.
#[derive(Debug)]
pub(crate) struct ChartKit {
    colors: ChartColors,
    theme: ThemeColors,
    pinned: Vec<[u8; 3]>,
    text: Typesetter,
}

impl ChartKit {
    /// The kit of `theme` (no drawing: the glyphs are drawn as they are first needed).
    pub(crate) fn build(theme: Theme) -> ChartKit {
        let theme_colors = theme.colors();
        let colors = ChartColors::of(theme_colors);
        let derived = Derived::of(theme_colors);
        let ramps = derived.ramps(theme_colors);
        let c = &colors;
        let mut pinned = vec![c.frame, c.label, c.quiet, c.felt, c.grid, c.gridline, c.exact, c.accent];
        pinned.extend(c.fill);
        pinned.extend(c.line);
        pinned.extend(ramps.iter().flatten());
        // Every chart's palette starts with `pinned`, so the ramps' indices are the same in all.
        let palette = Palette::build(&pinned, &[]);
        let mut mapper = Mapper::new(&palette);
        let ramp_indices: Ramps = ramps.map(|ramp| ramp.map(|c| mapper.index(c)));
        ChartKit { colors, theme: *theme_colors, pinned, text: Typesetter::new(ramp_indices) }
    }
}

/// A rectangle in pixels: left, top, right, bottom.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Rect {
    left: f32,
    top: f32,
    right: f32,
    bottom: f32,
}

impl Rect {
    fn grown(self, by: f32) -> Rect {
        Rect { left: self.left - by, top: self.top - by, right: self.right + by, bottom: self.bottom + by }
    }

    /// The smallest rectangle holding both.
    fn union(self, other: Rect) -> Rect {
        Rect {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    fn meets(self, other: Rect) -> bool {
        self.left < other.right && other.left < self.right && self.top < other.bottom && other.top < self.bottom
    }

    fn holds(self, other: Rect) -> bool {
        other.left >= self.left && other.right <= self.right && other.top >= self.top && other.bottom <= self.bottom
    }

    /// Whether the segment from `a` to `b` passes through the rectangle (Liang-Barsky).
    fn crossed_by(self, a: (f32, f32), b: (f32, f32)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0f32, 1.0f32);
        for (p, q) in [(-dx, a.0 - self.left), (dx, self.right - a.0), (-dy, a.1 - self.top), (dy, self.bottom - a.1)] {
            if p == 0.0 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
            }
        }
        t0 <= t1
    }
}

/// A piece of the value line, and the side ahead along it (`None`: level).
#[derive(Clone, Copy, Debug)]
struct Stretch {
    a: (f32, f32),
    b: (f32, f32),
    ahead: Option<Color>,
}

/// The value line in pieces, each split where it crosses zero so that each lies on one side.
fn stretches(layout: &ChartLayout, points: &[ChartPoint]) -> Vec<Stretch> {
    let side = |v: f32| {
        if v > 0.0 {
            Some(Color::Black)
        } else if v < 0.0 {
            Some(Color::White)
        } else {
            None
        }
    };
    let mut out = Vec::with_capacity(points.len() + 8);
    for (i, pair) in points.windows(2).enumerate() {
        let (v0, v1) = (pair[0].value as f32, pair[1].value as f32);
        let (x0, x1) = (layout.x(i), layout.x(i + 1));
        let (a, b) = ((x0, layout.y_of(v0)), (x1, layout.y_of(v1)));
        if v0 * v1 < 0.0 {
            let t = v0 / (v0 - v1);
            let cross = (x0 + (x1 - x0) * t, ZERO_Y as f32);
            out.push(Stretch { a, b: cross, ahead: side(v0) });
            out.push(Stretch { a: cross, b, ahead: side(v1) });
        } else {
            out.push(Stretch { a, b, ahead: side(v0 + v1) });
        }
    }
    out
}

/// The runs of consecutive exactly solved points, first and last index.
fn exact_runs(points: &[ChartPoint]) -> Vec<(usize, usize)> {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for (i, _) in points.iter().enumerate().filter(|(_, p)| p.exact) {
        match runs.last_mut() {
            Some(run) if run.1 + 1 == i => run.1 = i,
            _ => runs.push((i, i)),
        }
    }
    runs
}

/// The panel's x range shaded for the exact run from `first` to `last`: half a move either side.
fn band(layout: &ChartLayout, first: usize, last: usize) -> (f32, f32) {
    let half = if layout.points > 1 { (layout.x(1) - layout.x(0)) / 2.0 } else { X_INSET };
    let left = if first == 0 { PLOT_LEFT as f32 } else { layout.x(first) - half };
    let right = if last + 1 >= layout.points { PLOT_RIGHT as f32 } else { layout.x(last) + half };
    (left.max(PLOT_LEFT as f32), right.min(PLOT_RIGHT as f32))
}

/// The panel inside its border.
fn panel() -> Rect {
    Rect { left: PLOT_LEFT as f32, top: PLOT_TOP as f32, right: PLOT_RIGHT as f32, bottom: PLOT_BOTTOM as f32 }
}

/// Fills the area between the zero line and the value line, anti-aliased (four samples across
/// each pixel column, exact coverage down it): above zero in Black's colour, below in White's.
fn fill_area(img: &mut RgbImage, layout: &ChartLayout, points: &[ChartPoint], colors: &ChartColors) {
    const SAMPLES: usize = 4;
    if points.len() < 2 {
        return;
    }
    let zero = ZERO_Y as f32;
    let rows = (PLOT_BOTTOM - PLOT_TOP) as usize;
    let mut cover = vec![[0.0f32; 2]; rows];
    let (first, last) = (layout.x(0).floor() as i32, layout.x(points.len() - 1).ceil() as i32);
    for px in first.max(PLOT_LEFT)..=last.min(PLOT_RIGHT - 1) {
        cover.iter_mut().for_each(|c| *c = [0.0; 2]);
        for s in 0..SAMPLES {
            let x = px as f32 + (s as f32 + 0.5) / SAMPLES as f32;
            let Some(value) = layout.value_at(points, x) else { continue };
            let y = layout.y_of(value);
            let (top, bottom, side) = if value > 0.0 { (y, zero, 0) } else { (zero, y, 1) };
            for row in top.floor() as i32..bottom.ceil() as i32 {
                let overlap = bottom.min(row as f32 + 1.0) - top.max(row as f32);
                if let Some(c) = cover.get_mut((row - PLOT_TOP) as usize) {
                    c[side] += overlap.max(0.0) / SAMPLES as f32;
                }
            }
        }
        for (i, c) in cover.iter().enumerate() {
            let row = PLOT_TOP + i as i32;
            blend(img, px, row, colors.fill[0], c[0]);
            blend(img, px, row, colors.fill[1], c[1]);
        }
    }
}

/// The distance from `p` to the segment from `a` to `b`.
fn distance_to_segment(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx * dx + dy * dy;
    let t = if length > 0.0 { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length).clamp(0.0, 1.0) } else { 0.0 };
    (p.0 - (a.0 + t * dx)).hypot(p.1 - (a.1 + t * dy))
}

/// Draws a straight line `width` pixels wide from `a` to `b`, anti-aliased, with round ends.
fn line(img: &mut RgbImage, a: (f32, f32), b: (f32, f32), width: f32, color: [u8; 3]) {
    let reach = width / 2.0 + 1.0;
    let (x0, x1) = ((a.0.min(b.0) - reach).floor() as i32, (a.0.max(b.0) + reach).ceil() as i32);
    let (y0, y1) = ((a.1.min(b.1) - reach).floor() as i32, (a.1.max(b.1) + reach).ceil() as i32);
    for y in y0..=y1 {
        for x in x0..=x1 {
            let d = distance_to_segment((x as f32 + 0.5, y as f32 + 0.5), a, b);
            let coverage = (width / 2.0 + 0.5 - d).clamp(0.0, 1.0);
            if coverage > 0.0 {
                blend(img, x, y, color, coverage);
            }
        }
    }
}

/// Draws the value line, anti-aliased with round joins: each pixel takes the colour of the
/// nearest stretch's side (the grid colour where level).
fn stroke(img: &mut RgbImage, stretches: &[Stretch], colors: &ChartColors) {
    let (width, height) = ((PLOT_RIGHT - PLOT_LEFT) as usize, (PLOT_BOTTOM - PLOT_TOP) as usize);
    let mut nearest = vec![(f32::MAX, None::<Color>); width * height];
    let reach = STROKE / 2.0 + 1.0;
    for s in stretches {
        let (x0, x1) = ((s.a.0.min(s.b.0) - reach).floor() as i32, (s.a.0.max(s.b.0) + reach).ceil() as i32);
        let (y0, y1) = ((s.a.1.min(s.b.1) - reach).floor() as i32, (s.a.1.max(s.b.1) + reach).ceil() as i32);
        for y in y0.max(PLOT_TOP)..y1.min(PLOT_BOTTOM) {
            for x in x0.max(PLOT_LEFT)..x1.min(PLOT_RIGHT) {
                let d = distance_to_segment((x as f32 + 0.5, y as f32 + 0.5), s.a, s.b);
                let cell = &mut nearest[(y - PLOT_TOP) as usize * width + (x - PLOT_LEFT) as usize];
                if d < cell.0 {
                    *cell = (d, s.ahead);
                }
            }
        }
    }
    for (i, &(d, ahead)) in nearest.iter().enumerate() {
        let coverage = (STROKE / 2.0 + 0.5 - d).clamp(0.0, 1.0);
        if coverage > 0.0 {
            let color = ahead.map_or(colors.grid, |c| colors.line[c.index()]);
            blend(img, PLOT_LEFT + (i % width) as i32, PLOT_TOP + (i / width) as i32, color, coverage);
        }
    }
}

/// Of `candidates` (in order of preference), the spot for the exact stretch's label: inside the
/// panel, clear of `obstacles`, crossing as little of the value line as it can; failing that,
/// the one that clashes least (it lies under the marks' dots, and no mark's label goes on it).
fn best_spot(candidates: &[Rect], obstacles: &[Rect], stretches: &[Stretch]) -> Option<Rect> {
    let inside = panel().grown(-3.0);
    let cost = |rank: usize, rect: Rect| {
        let clashes = obstacles.iter().filter(|r| r.meets(rect.grown(2.0))).count();
        let outside = usize::from(!inside.holds(rect));
        clashes * 1000 + outside * 500 + crossings(rect, stretches) * 10 + rank
    };
    candidates.iter().enumerate().min_by_key(|&(rank, &rect)| cost(rank, rect)).map(|(_, &rect)| rect)
}

/// How many pieces of the value line pass under a label at `rect` (or within 2 pixels of it).
fn crossings(rect: Rect, stretches: &[Stretch]) -> usize {
    let near = rect.grown(2.0);
    // The pieces run left to right: only those from the first that reaches the label on.
    let first = stretches.partition_point(|s| s.b.0 < near.left);
    stretches[first..].iter().take_while(|s| s.a.0 <= near.right).filter(|s| near.crossed_by(s.a, s.b)).count()
}

/// A `width` x `height` rectangle centred on (`cx`, `cy`), slid into the panel when it sticks
/// out of it.
fn chip_at(cx: f32, cy: f32, width: f32, height: f32) -> Rect {
    let inside = panel().grown(-3.0);
    let left = (cx - width / 2.0).round().min(inside.right - width).max(inside.left);
    let top = (cy - height / 2.0).round().min(inside.bottom - height).max(inside.top);
    Rect { left, top, right: left + width, bottom: top + height }
}

/// A dot's ring as a rectangle, which no label may cover.
fn ring_rect((x, y): (f32, f32)) -> Rect {
    Rect { left: x - MARK_RING, top: y - MARK_RING, right: x + MARK_RING, bottom: y + MARK_RING }
}

/// Where the exact stretch's label goes: in a corner of its band (top left, bottom left, top
/// right, bottom right), where the value line and the marks' dots (`rings`) leave room.
fn place_exact_label(band: (f32, f32), width: i32, stretches: &[Stretch], rings: &[Rect]) -> Option<Rect> {
    let (w, h) = (width as f32, CHIP_HEIGHT as f32);
    let (left, right) = (band.0 + 5.0 + w / 2.0, band.1 - 5.0 - w / 2.0);
    let (top, bottom) = (PLOT_TOP as f32 + 5.0 + h / 2.0, PLOT_BOTTOM as f32 - 5.0 - h / 2.0);
    let candidates = [(left, top), (left, bottom), (right, top), (right, bottom)].map(|(x, y)| chip_at(x, y, w, h));
    best_spot(&candidates, rings, stretches)
}

/// Draws `chart` with the colours and glyphs of `kit`; the picture and its palette.
pub(crate) fn compose(kit: &ChartKit, chart: &ReviewChart) -> (Picture, Palette) {
    let layout = ChartLayout::of(chart);
    let c = &kit.colors;
    let text = &kit.text;
    let points = &chart.points;
    let caption = &chart.caption;

    // The words first: their widths decide where things go.
    let name_x = LEFT + 2 * ICON_RADIUS as i32 + 7;
    let title = text.line(caption.title.trim(), TITLE, PLOT_RIGHT - LEFT);
    let moves_word = text.line(caption.moves.trim(), AXIS, 160);
    let top_name = text.line(caption.names[0].trim(), NAME, PLOT_RIGHT - name_x);
    let bottom_name = text.line(caption.names[1].trim(), NAME, PLOT_RIGHT - moves_word.px() - 16 - name_x);
    let exact = text.line(caption.exact.trim(), EXACT, 160);
    // Each mark's label whole and shortened to its move number (the part before the first space).
    let labels: Vec<[Line; 2]> = chart
        .marks
        .iter()
        .map(|m| {
            let whole = m.label.trim();
            let short = whole.split_whitespace().next().unwrap_or_default();
            [text.line(whole, MARK, 140), text.line(short, MARK, 140)]
        })
        .collect();

    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, Rgb(c.frame));
    let (plot_w, plot_h) = ((PLOT_RIGHT - PLOT_LEFT) as u32, (PLOT_BOTTOM - PLOT_TOP) as u32);
    fill_rect(
        &mut img,
        PLOT_LEFT - PLOT_BORDER,
        PLOT_TOP - PLOT_BORDER,
        plot_w + 2 * PLOT_BORDER as u32,
        plot_h + 2 * PLOT_BORDER as u32,
        c.grid,
    );
    fill_rect(&mut img, PLOT_LEFT, PLOT_TOP, plot_w, plot_h, c.felt);

    // The exact stretches, shaded.
    let runs = exact_runs(points);
    let bands: Vec<(f32, f32)> = runs.iter().map(|&(first, last)| band(&layout, first, last)).collect();
    for &(left, right) in &bands {
        let (left, right) = (left.round() as i32, right.round() as i32);
        fill_rect(&mut img, left, PLOT_TOP, (right - left).max(0) as u32, plot_h, c.exact);
    }

    // Gridlines: at half and full scale either way, and at every numbered move.
    for k in [-2, -1, 1, 2] {
        let y = layout.y_of(layout.scale as f32 * k as f32 / 2.0).round() as i32;
        fill_rect(&mut img, PLOT_LEFT, y, plot_w, 1, c.gridline);
    }
    let last_index = points.len().saturating_sub(1);
    let tick = tick_step(&layout);
    for k in (tick..=last_index).step_by(tick) {
        fill_rect(&mut img, layout.x(k).floor() as i32, PLOT_TOP, 1, plot_h, c.gridline);
    }

    fill_area(&mut img, &layout, points, c);
    fill_rect(&mut img, PLOT_LEFT, ZERO_Y - 1, plot_w, 2, c.grid);
    let stretches = stretches(&layout, points);
    stroke(&mut img, &stretches, c);

    // The labels: the exact stretch's in a corner of its longest run, each mark's beside its dot.
    let longest = runs.iter().zip(&bands).max_by_key(|((first, last), _)| last - first).map(|(_, band)| *band);
    let dots: Vec<Option<(f32, f32)>> =
        chart.marks.iter().map(|m| points.get(m.index).map(|p| (layout.x(m.index), layout.y(p.value)))).collect();
    let rings: Vec<Rect> = dots.iter().flatten().map(|&d| ring_rect(d)).collect();
    let exact_chip = longest
        .filter(|_| !exact.is_empty())
        .and_then(|band| place_exact_label(band, exact.px() + 2 * CHIP_PAD, &stretches, &rings));
    let widths: Vec<[Option<i32>; 2]> = labels
        .iter()
        .map(|[whole, short]| {
            let whole_width = (!whole.is_empty()).then(|| whole.px() + 2 * CHIP_PAD);
            let short_width = short.px() + 2 * CHIP_PAD;
            [whole_width, whole_width.filter(|&w| short_width < w).map(|_| short_width)]
        })
        .collect();
    let placed = place_labels(&dots, &widths, &stretches, exact_chip.as_slice());
    if let Some(r) = exact_chip {
        capsule(&mut img, r.left, r.top, r.right - r.left, r.bottom - r.top, c.frame);
    }
    let leaders: Vec<Segment> = placed.iter().flatten().filter_map(|p| p.leader).collect();
    for &(a, b) in &leaders {
        line(&mut img, a, b, LEADER_CASING, c.frame);
    }
    for &(a, b) in &leaders {
        line(&mut img, a, b, LEADER, c.accent);
    }
    for &(x, y) in dots.iter().flatten() {
        dot(&mut img, x, y, MARK_RING, c.frame);
        dot(&mut img, x, y, MARK_DOT, c.accent);
    }
    for r in placed.iter().flatten().map(|p| p.chip) {
        capsule(&mut img, r.left - 1.5, r.top - 1.5, r.right - r.left + 3.0, r.bottom - r.top + 3.0, c.frame);
        capsule(&mut img, r.left, r.top, r.right - r.left, r.bottom - r.top, c.accent);
    }
    for (color, y) in Color::BOTH.into_iter().zip([TOP_NAME_Y, BOTTOM_NAME_Y]) {
        let (x, y) = (LEFT as f32 + ICON_RADIUS, y as f32);
        disc(&mut img, x, y, ICON_RADIUS - 0.8, &kit.theme.discs[color.index()], 0);
        ring(&mut img, x, y, ICON_RADIUS - 0.8, ICON_RADIUS + 0.6, c.quiet);
    }

    let palette = Palette::build(&kit.pinned, &[&img]);
    let mut picture = Picture::from_rgb(&img, &mut Mapper::new(&palette));

    text.draw(&mut picture, &title, TITLE, LEFT, TITLE_Y);
    text.draw(&mut picture, &top_name, NAME, name_x, TOP_NAME_Y);
    text.draw(&mut picture, &bottom_name, NAME, name_x, BOTTOM_NAME_Y);
    text.draw(&mut picture, &moves_word, AXIS, PLOT_RIGHT - moves_word.px(), BOTTOM_NAME_Y);
    for k in [-2, -1, 0, 1, 2] {
        let value = layout.scale * k / 2;
        let number = text.line(&signed(value), AXIS, 60);
        let y = layout.y(value).round() as i32;
        text.draw(&mut picture, &number, AXIS, PLOT_LEFT - PLOT_BORDER - 6 - number.px(), y);
    }
    let mut free_from = i32::MIN;
    for k in (0..=last_index).step_by(tick) {
        let number = text.line(&k.to_string(), AXIS, 60);
        let x = (layout.x(k) - number.width / 2.0).round() as i32;
        if x >= free_from && x + number.px() <= WIDTH as i32 - 2 {
            text.draw(&mut picture, &number, AXIS, x, TICK_Y);
            free_from = x + number.px() + 6;
        }
    }
    let chip_labels = exact_chip.map(|r| (r, &exact, EXACT)).into_iter();
    let mark_labels = placed
        .iter()
        .zip(&labels)
        .filter_map(|(placed, label)| placed.map(|p| (p.chip, &label[usize::from(p.short)], MARK)));
    for (r, label, style) in chip_labels.chain(mark_labels) {
        let centre_y = ((r.top + r.bottom) / 2.0).round() as i32;
        let x = ((r.left + r.right) / 2.0 - label.width / 2.0).round() as i32;
        text.draw(&mut picture, label, style, x, centre_y);
    }
    (picture, palette)
}

/// The moves between numbered ticks: 10, or a multiple of 10 on a long game so that the
/// numbers keep apart; on a game of fewer than 10 moves, 1, 2 or 5.
fn tick_step(layout: &ChartLayout) -> usize {
    let per_move = if layout.points > 1 { layout.x(1) - layout.x(0) } else { f32::MAX };
    let fits = |step: usize| per_move * step as f32 >= TICK_GAP;
    if layout.points <= 10 {
        return [1, 2, 5].into_iter().find(|&step| fits(step)).unwrap_or(10);
    }
    (1..).map(|k| 10 * k).find(|&step| fits(step)).unwrap_or(10)
}

#[cfg(test)]
mod tests {
    use super::labels::{CHIP_CLEAR, Placed};
    use super::*;
    use crate::render::theme::contrast;

    #[test]
    fn the_scale_is_the_first_nice_step_that_holds_every_value() {
        let scales: Vec<i32> = [0, 8, 9, 16, 17, 20, 25, 33, 64, 65, 100].map(nice_scale).to_vec();
        assert_eq!(scales, [8, 8, 16, 16, 24, 24, 32, 48, 64, 96, 128]);
    }

    #[test]
    fn the_value_line_and_the_marks_stand_out_in_every_theme() {
        for theme in Theme::ALL {
            let c = ChartColors::of(theme.colors());
            let pairs = [
                ("black's line on the panel", c.line[0], c.felt),
                ("white's line on the panel", c.line[1], c.felt),
                ("black's line on the exact panel", c.line[0], c.exact),
                ("white's line on the exact panel", c.line[1], c.exact),
                ("a mark on its ring", c.accent, c.frame),
                ("a mark's label on its chip", c.frame, c.accent),
                ("the exact stretch's label on its chip", c.label, c.frame),
                ("the axis numbers", c.quiet, c.frame),
            ];
            for (what, a, b) in pairs {
                let ratio = contrast(a, b);
                assert!(ratio >= 3.0, "{theme}: {what} has a contrast of {ratio:.2}:1");
            }
            // A mark's dot stands out by its accent or by its dark ring from whatever it is on.
            for (what, ground) in
                [("panel", c.felt), ("exact panel", c.exact), ("black", c.fill[0]), ("white", c.fill[1])]
            {
                let ratio = contrast(c.accent, ground).max(contrast(c.frame, ground));
                assert!(ratio >= 3.0, "{theme}: a mark on the {what} has a contrast of {ratio:.2}:1");
            }
        }
    }

    #[test]
    fn a_line_crossing_zero_is_split_at_the_crossing() {
        let points = [3, -1].map(|value| ChartPoint { value, exact: false });
        let chart = ReviewChart { points: points.to_vec(), ..ReviewChart::default() };
        let layout = ChartLayout::of(&chart);
        let pieces = stretches(&layout, &points);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[0].ahead, Some(Color::Black));
        assert_eq!(pieces[1].ahead, Some(Color::White));
        assert!((pieces[0].b.1 - ZERO_Y as f32).abs() < 1e-4);
    }

    #[test]
    fn exact_runs_are_found() {
        let points: Vec<ChartPoint> =
            [false, true, true, false, true].iter().map(|&exact| ChartPoint { value: 0, exact }).collect();
        assert_eq!(exact_runs(&points), [(1, 2), (4, 4)]);
    }

    #[test]
    fn mark_labels_stay_inside_the_panel_and_apart_from_each_other_and_the_dots() {
        // A mark every five moves on a line that swings hard: more labels than fit beside their dots.
        let values: Vec<i32> = (0..=60).map(|i| if i % 3 == 0 { 20 } else { -14 + i % 5 }).collect();
        let points: Vec<ChartPoint> = values.iter().map(|&value| ChartPoint { value, exact: false }).collect();
        let chart = ReviewChart { points: points.clone(), ..ReviewChart::default() };
        let layout = ChartLayout::of(&chart);
        let pieces = stretches(&layout, &points);
        let marked: Vec<usize> = (1..=60).step_by(5).collect();
        let dots: Vec<Option<(f32, f32)>> =
            marked.iter().map(|&i| Some((layout.x(i), layout.y(values[i])))).chain([None]).collect();
        let widths = vec![[Some(44), Some(22)]; dots.len()];
        let rings: Vec<Rect> = dots.iter().flatten().map(|&d| ring_rect(d)).collect();
        let exact = place_exact_label((300.0, 470.0), 50, &pieces, &rings);
        let placed = place_labels(&dots, &widths, &pieces, exact.as_slice());
        assert_eq!(placed.last(), Some(&None), "a mark off the chart gets no label");
        assert!(placed.iter().flatten().all(|p| !p.short), "every label fits whole");
        let leaders: Vec<Segment> = placed.iter().flatten().filter_map(|p| p.leader).collect();
        let chips: Vec<Rect> = placed.into_iter().flatten().map(|p| p.chip).chain(exact).collect();
        assert_eq!(chips.len(), marked.len() + 1);
        for (i, a) in chips.iter().enumerate() {
            assert!(panel().holds(*a), "{a:?} sticks out of the panel");
            for b in &chips[i + 1..] {
                assert!(!a.meets(*b), "{a:?} and {b:?} overlap");
            }
            for &(x, y) in dots.iter().flatten() {
                assert!(!a.meets(ring_rect((x, y))), "{a:?} covers the dot at ({x}, {y})");
            }
            for &(p, q) in &leaders {
                assert!(
                    !a.crossed_by(p, q) || a.grown(0.5).holds(Rect { left: q.0, top: q.1, right: q.0, bottom: q.1 }),
                    "{a:?} lies on a leader line"
                );
            }
        }
    }

    #[test]
    fn labels_that_find_no_room_are_shortened_or_left_out_never_overlapped() {
        // Every move of a game marked: far more labels than the panel holds.
        let values: Vec<i32> = (0..=60).map(|i| if i % 2 == 0 { 30 } else { -30 }).collect();
        let points: Vec<ChartPoint> = values.iter().map(|&value| ChartPoint { value, exact: false }).collect();
        let chart = ReviewChart { points: points.clone(), ..ReviewChart::default() };
        let layout = ChartLayout::of(&chart);
        let pieces = stretches(&layout, &points);
        let dots: Vec<Option<(f32, f32)>> = (1..=60).map(|i| Some((layout.x(i), layout.y(values[i])))).collect();
        let placed = place_labels(&dots, &vec![[Some(46), Some(24)]; dots.len()], &pieces, &[]);
        let shown: Vec<Placed> = placed.iter().flatten().copied().collect();
        assert!(shown.iter().any(|p| p.short), "some labels are shortened");
        assert!(shown.len() < dots.len(), "some are left out");
        assert!(shown.len() >= dots.len() / 5, "but many are written: {}", shown.len());
        for (i, a) in shown.iter().enumerate() {
            assert!(panel().holds(a.chip), "{a:?} sticks out of the panel");
            assert!(shown[i + 1..].iter().all(|b| !a.chip.grown(CHIP_CLEAR - 0.5).meets(b.chip)), "{a:?} overlaps");
        }
    }

    #[test]
    fn the_pinned_colours_leave_room_for_each_charts_own() {
        for theme in Theme::ALL {
            let kit = ChartKit::build(theme);
            assert!(kit.pinned.len() < 255);
        }
    }
}
