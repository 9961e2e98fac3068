//! Text drawn per picture: names, counts, the words of the caption. The words change from one
//! picture to the next (players' names, three languages), so a kit cannot draw them all in
//! advance; instead each kit keeps a cache of glyph sprites, built the first time a character
//! is drawn at a size in an ink and copied onto pictures from then on.
//!
//! A glyph's anti-aliased edge is drawn with a ramp of palette colours pinned in every kit
//! (from the ground the text sits on to its ink), so no glyph ever needs a colour the palette
//! lacks and the same text always gives the same pixels.

use std::collections::HashMap;
use std::sync::{Arc, PoisonError, RwLock};

use ab_glyph::{Font, GlyphId, PxScale, ScaleFont, point};

use super::palette::{Picture, Sprite, TRANSPARENT};
use super::raster::font;

/// The steps of a ramp above its ground: level 0 is the ground, `LEVELS` the ink.
pub(crate) const LEVELS: usize = 15;

/// The level of the label ramp that quiet text is written in (0.6 of the way to the label).
pub(crate) const QUIET_LEVEL: usize = 9;

/// What text is drawn for a character the font lacks (a run of them shows one).
const REPLACEMENT: char = '\u{FFFD}';

/// The ellipsis that ends a text cut to fit.
const ELLIPSIS: char = '…';

/// The colours text is written in, each on the ground it is written on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Ink {
    /// The label colour on the frame: names, counts, the move counter.
    Label,
    /// Between the frame and the label colour, on the frame: notes, discs in hand, "passed".
    Quiet,
    /// The frame colour on the accent: the winner's banner.
    Win,
    /// The label colour on the neutral banner of a draw or an aborted game.
    Draw,
}

impl Ink {
    /// The ramp the ink uses and the level it reaches.
    fn ramp(self) -> (usize, usize) {
        match self {
            Ink::Label => (0, LEVELS),
            Ink::Quiet => (0, QUIET_LEVEL),
            Ink::Win => (1, LEVELS),
            Ink::Draw => (2, LEVELS),
        }
    }
}

/// A size and an ink.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Style {
    /// The font size in pixels (the em).
    pub(crate) px: u8,
    pub(crate) ink: Ink,
}

impl Style {
    pub(crate) const fn new(px: u8, ink: Ink) -> Style {
        Style { px, ink }
    }

    fn scale(self) -> PxScale {
        PxScale::from(self.px as f32)
    }

    /// The height of a capital or a digit above the baseline (DejaVu Sans: 0.729 em).
    fn cap_height(self) -> f32 {
        self.px as f32 * 0.729
    }
}

/// A text laid out in one style: the characters to draw and where each one's pen starts.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Line {
    glyphs: Vec<(char, f32)>,
    /// From the first pen position to the end of the last advance, in pixels.
    pub(crate) width: f32,
}

impl Line {
    /// The width rounded up to whole pixels.
    pub(crate) fn px(&self) -> i32 {
        self.width.ceil() as i32
    }

    /// How many characters it holds (an ellipsis counts as one).
    #[cfg(test)]
    pub(crate) fn glyph_count(&self) -> usize {
        self.glyphs.len()
    }

    /// Whether nothing is drawn.
    pub(crate) fn is_empty(&self) -> bool {
        self.glyphs.is_empty()
    }
}

/// The three ramps a kit pins: frame to label, accent to frame, neutral to label, as palette
/// indices by level.
pub(crate) type Ramps = [[u8; LEVELS + 1]; 3];

/// Lays out and draws text with cached glyph sprites. Shared by every thread that draws with
/// its kit.
#[derive(Debug)]
pub(crate) struct Typesetter {
    ramps: Ramps,
    glyphs: RwLock<HashMap<(char, Style), Arc<Sprite>>>,
}

impl Typesetter {
    /// A typesetter drawing with `ramps`, with no glyph built yet.
    pub(crate) fn new(ramps: Ramps) -> Typesetter {
        Typesetter { ramps, glyphs: RwLock::new(HashMap::new()) }
    }

    /// Lays `text` out in `style`, cut with an ellipsis to at most `max_width` pixels (nothing
    /// at all when not even the ellipsis fits). Characters the font lacks show as one
    /// replacement character per run; control and invisible format characters are left out,
    /// and every kind of white space becomes a plain space.
    pub(crate) fn line(&self, text: &str, style: Style, max_width: i32) -> Line {
        line(text, style, max_width)
    }

    /// `text` laid out in `style` when all of it fits in `max_width` pixels.
    pub(crate) fn whole(&self, text: &str, style: Style, max_width: i32) -> Option<Line> {
        let full = lay_out(&shown(text), style);
        (full.width <= max_width as f32).then_some(full)
    }

    /// Draws `line` in `style` with its pen starting at `x` and its capitals and digits centred
    /// vertically on `centre_y`.
    pub(crate) fn draw(&self, picture: &mut Picture, line: &Line, style: Style, x: i32, centre_y: i32) {
        let baseline = centre_y + (style.cap_height() / 2.0).round() as i32;
        for &(c, pen) in &line.glyphs {
            if c != ' ' {
                self.glyph(c, style).draw(picture, x + pen.round() as i32, baseline);
            }
        }
    }

    /// The sprite of `c` in `style`, anchored at its pen position on the baseline.
    fn glyph(&self, c: char, style: Style) -> Arc<Sprite> {
        let key = (c, style);
        if let Some(sprite) = self.glyphs.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
            return Arc::clone(sprite);
        }
        let sprite = Arc::new(self.rasterise(c, style));
        let mut glyphs = self.glyphs.write().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(glyphs.entry(key).or_insert(sprite))
    }

    /// Draws `c` in `style` as indices of its ramp.
    fn rasterise(&self, c: char, style: Style) -> Sprite {
        let (ramp, top) = style.ink.ramp();
        let ramp = &self.ramps[ramp];
        let glyph = glyph_id(c).with_scale_and_position(style.scale(), point(0.0, 0.0));
        let Some(outline) = font().outline_glyph(glyph) else {
            return Sprite::default();
        };
        let bounds = outline.px_bounds();
        let (width, height) = (bounds.width() as usize, bounds.height() as usize);
        let mut indices = vec![TRANSPARENT; width * height];
        outline.draw(|x, y, coverage| {
            let level = (coverage.clamp(0.0, 1.0) * top as f32).round() as usize;
            if level > 0
                && let Some(index) = indices.get_mut(y as usize * width + x as usize)
            {
                *index = ramp[level];
            }
        });
        Sprite::from_indices(width, (bounds.min.x as i32, bounds.min.y as i32), &indices)
    }
}

/// `text` laid out in `style` and cut to `max_width` pixels as [`Typesetter::line`] does; laying
/// out needs no glyph cache, so a layout can be measured without a kit.
pub(crate) fn line(text: &str, style: Style, max_width: i32) -> Line {
    let chars = shown(text);
    let full = lay_out(&chars, style);
    let max_width = max_width as f32;
    if full.width <= max_width {
        return full;
    }
    // The longest start that leaves room for the ellipsis, without white space at its end.
    let ellipsis = advance(ELLIPSIS, style);
    let end_of = |k: usize| full.glyphs[k - 1].1 + advance(full.glyphs[k - 1].0, style);
    let mut kept = (1..chars.len()).rev().find(|&k| end_of(k) + ellipsis <= max_width).unwrap_or(0);
    while kept > 0 && chars[kept - 1] == ' ' {
        kept -= 1;
    }
    let line = lay_out(&chars[..kept], style);
    if line.width + ellipsis > max_width {
        return Line::default();
    }
    let mut glyphs = line.glyphs;
    glyphs.push((ELLIPSIS, line.width));
    Line { glyphs, width: line.width + ellipsis }
}

/// The font's glyph for `c` (every character reaching here is in the font, see [`shown`]).
fn glyph_id(c: char) -> GlyphId {
    font().glyph_id(c)
}

/// Whether the bundled font draws `c`.
pub(crate) fn in_font(c: char) -> bool {
    font().glyph_id(c).0 != 0
}

/// Characters that take no room and draw nothing: zero-width spaces and joiners, direction
/// marks and isolates, variation selectors, the byte order mark, tag characters.
fn invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{180B}'..='\u{180F}'
        | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
        | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// The most characters of a text laid out: more never fit in a picture (a glyph of the
/// smallest size is at least 3 pixels wide), so longer texts are cut before they are measured.
const MAX_CHARS: usize = 256;

/// What is drawn for `text`: see [`Typesetter::line`].
fn shown(text: &str) -> Vec<char> {
    let mut chars: Vec<char> = Vec::with_capacity(text.len().min(MAX_CHARS));
    for c in text.chars() {
        if chars.len() == MAX_CHARS {
            break;
        }
        let c = match c {
            _ if c.is_whitespace() => ' ',
            _ if c.is_control() || invisible(c) => continue,
            _ if in_font(c) => c,
            _ if chars.last() == Some(&REPLACEMENT) => continue,
            _ => REPLACEMENT,
        };
        chars.push(c);
    }
    chars
}

/// The advance of `c` in `style`.
fn advance(c: char, style: Style) -> f32 {
    font().as_scaled(style.scale()).h_advance(glyph_id(c))
}

/// The pen position of each of `chars` in `style`, kerned.
fn lay_out(chars: &[char], style: Style) -> Line {
    let scaled = font().as_scaled(style.scale());
    let mut glyphs = Vec::with_capacity(chars.len());
    let mut pen = 0.0;
    let mut previous: Option<GlyphId> = None;
    for &c in chars {
        let id = glyph_id(c);
        if let Some(previous) = previous {
            pen += scaled.kern(previous, id);
        }
        glyphs.push((c, pen));
        pen += scaled.h_advance(id);
        previous = Some(id);
    }
    Line { glyphs, width: pen }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typesetter() -> Typesetter {
        Typesetter::new([std::array::from_fn(|i| i as u8), std::array::from_fn(|i| 20 + i as u8), [40; 16]])
    }

    const NAME: Style = Style::new(16, Ink::Label);

    #[test]
    fn the_font_has_the_replacement_character_the_ellipsis_and_european_letters() {
        for c in "\u{FFFD}…·äöüÄÖÜßåÅéèêçñøæœłŁşğıΩΣЖжЯ0123456789".chars() {
            assert!(in_font(c), "{c:?} is missing");
        }
        assert!(!in_font('中') && !in_font('🐉') && !in_font('한'));
    }

    #[test]
    fn characters_the_font_lacks_show_once_per_run_and_invisible_ones_not_at_all() {
        assert_eq!(shown("Åsa"), vec!['Å', 's', 'a']);
        assert_eq!(shown("🐉🐉 Bo"), vec![REPLACEMENT, ' ', 'B', 'o']);
        assert_eq!(shown("👨\u{200D}👩\u{200D}👧x"), vec![REPLACEMENT, 'x']);
        assert_eq!(shown("a\u{FE0F}\tb\n"), vec!['a', ' ', 'b', ' ']);
        assert_eq!(shown("中文"), vec![REPLACEMENT]);
    }

    #[test]
    fn a_long_text_is_cut_with_an_ellipsis_to_fit() {
        let t = typesetter();
        let full = t.line("Maximilian von Hohenzollern-Sigmaringen", NAME, 10_000);
        assert!(!full.glyphs.iter().any(|&(c, _)| c == ELLIPSIS));
        let cut = t.line("Maximilian von Hohenzollern-Sigmaringen", NAME, 120);
        assert!(cut.width <= 120.0 && cut.width > 90.0, "{}", cut.width);
        assert_eq!(cut.glyphs.last().map(|g| g.0), Some(ELLIPSIS));
        assert!(t.line("Bo", NAME, 3).is_empty(), "not even the ellipsis fits");
        let huge = t.line(&"W ".repeat(1_000_000), NAME, 200);
        assert!(huge.width <= 200.0 && huge.glyphs.last().map(|g| g.0) == Some(ELLIPSIS));
        assert_ne!(huge.glyphs[huge.glyphs.len() - 2].0, ' ', "no space before the ellipsis");
        assert_eq!(t.line("Bo", NAME, 100), lay_out(&['B', 'o'], NAME));
    }

    #[test]
    fn glyphs_are_drawn_in_their_ramp_and_cached() {
        let t = typesetter();
        let mut picture = Picture { width: 40, height: 30, pixels: vec![TRANSPARENT; 1200] };
        let line = t.line("Ä", NAME, 100);
        t.draw(&mut picture, &line, NAME, 4, 15);
        assert!(picture.pixels.contains(&(LEVELS as u8)), "the glyph's body is the ink");
        assert!(picture.pixels.iter().all(|&p| p == TRANSPARENT || p <= LEVELS as u8));
        let mut quiet = Picture { width: 40, height: 30, pixels: vec![TRANSPARENT; 1200] };
        t.draw(&mut quiet, &line, Style::new(16, Ink::Quiet), 4, 15);
        assert_eq!(quiet.pixels.iter().copied().filter(|&p| p != TRANSPARENT).max(), Some(QUIET_LEVEL as u8));
        assert_eq!(t.glyphs.read().unwrap().len(), 2);
        t.draw(&mut picture, &line, NAME, 4, 15);
        assert_eq!(t.glyphs.read().unwrap().len(), 2, "drawn again from the cache");
    }
}
