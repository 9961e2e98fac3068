//! The analysis board: a position as the board picture draws it, with each scored move's square
//! showing its score on a tile from a heat scale instead of a legal-move ring, so that a reader
//! sees at a glance which moves keep the value and which throw it away. A score is written
//! "+6", "0" or "−12" in dark digits (at least 4.5:1 on every tile); one that is estimated
//! rather than solved has a small "~" in its tile's top right corner, which leaves the number
//! as large and legible as an exact one's.
//!
//! The tiles' colours depend on the scores, so the tiles are drawn in full colour over the
//! composed board (converted back from the kit's palette) and the picture gets a palette of its
//! own: the theme's and the tiles' colours pinned, the rest chosen from the picture.

use image::{Rgb, RgbImage};

use super::kit::Kit;
use super::palette::{Mapper, Palette, Picture};
use super::raster::{Bevel, TextStyle, mix, rounded_outline, tile};
use super::theme::{Theme, ThemeColors, contrast};
use crate::engine::{Game, Square};

/// One legal move's score on an analysis board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The move's square.
    pub square: Square,
    /// The disc margin for the side to move after this move and best play from both sides.
    pub score: i32,
    /// Whether the score was solved exactly rather than estimated.
    pub exact: bool,
}

/// How many discs below the best a move must lose to be painted fully red: when every move is
/// within this of the best, none is.
const FULL_SCALE: i32 = 10;

/// The heat scale's steps from the best to the worst: a tile's colour is one of `STEPS + 1`,
/// which keeps the palette's room for the board's colours.
const STEPS: f32 = 12.0;
/// The most colours pinned in an analysis picture's palette, leaving the rest for the tiles'
/// anti-aliased edges and numbers.
const MOST_PINNED: usize = 236;

/// The heat scale's stops, from the best move (0) to the worst (1), in every theme but the
/// colour-blind one: green, yellow, red, all light enough for dark numbers.
const HEAT: [[u8; 3]; 3] = [[92, 196, 104], [236, 202, 76], [234, 104, 84]];
/// The colour-blind theme's scale, after Okabe and Ito: bluish green, yellow, vermillion, told
/// apart by brightness as well as hue.
const HEAT_COLOR_BLIND: [[u8; 3]; 3] = [[40, 176, 136], [240, 228, 66], [230, 120, 40]];
/// The numbers on the tiles.
const INK: [u8; 3] = [22, 22, 24];

/// The colour of a tile `t` of the way from the best move (0) to the worst (1).
fn heat(theme: Theme, t: f32) -> [u8; 3] {
    let stops = if theme == Theme::ColorBlind { &HEAT_COLOR_BLIND } else { &HEAT };
    let t = t.clamp(0.0, 1.0) * 2.0;
    if t <= 1.0 { mix(stops[0], stops[1], t) } else { mix(stops[1], stops[2], t - 1.0) }
}

/// A tile's bevel: lighter at the top left, darker at the bottom right, a dark rim that
/// separates it from the felt.
fn bevel(face: [u8; 3]) -> Bevel {
    Bevel {
        face,
        light: mix(face, [255, 255, 255], 0.45),
        shade: mix(face, [0, 0, 0], 0.3),
        rim: mix(face, [0, 0, 0], 0.55),
    }
}

/// The outline round the best move's tile: the theme's accent, or, where that is too close to
/// the felt, whichever of the frame and label colours stands out more from it.
fn outline(colors: &ThemeColors) -> [u8; 3] {
    if contrast(colors.accent, colors.felt) >= 3.0 {
        return colors.accent;
    }
    if contrast(colors.frame, colors.felt) >= contrast(colors.label, colors.felt) { colors.frame } else { colors.label }
}

/// A score as a tile writes it, as its sign ("+", "−" with a real minus sign, or nothing for
/// 0) and its digits.
fn signed(score: i32) -> (&'static str, String) {
    let sign = match score.signum() {
        1 => "+",
        -1 => "\u{2212}",
        _ => "",
    };
    (sign, score.unsigned_abs().to_string())
}

/// The sign's size against the digits' (DejaVu's plus and minus are as wide as a digit and a
/// fifth, which would leave the digits small in a tile).
const SIGN_SCALE: f32 = 0.8;
/// The mark in the top right corner of an estimated score's tile, and its size against the
/// digits'.
const ESTIMATE: &str = "~";
const ESTIMATE_SCALE: f32 = 0.8;

/// The width of a score written with its digits at `px`.
fn score_width(score: i32, px: f32) -> f32 {
    let (sign, digits) = signed(score);
    TextStyle { px: px * SIGN_SCALE }.width(sign) + TextStyle { px }.width(&digits)
}

/// Draws `scores` on `board` (a picture composed with `kit`) and gives the picture with its
/// palette. Scores for squares off the board or taken are left out.
pub(crate) fn compose(
    kit: &Kit,
    board: &Picture,
    game: &Game,
    scores: &[MoveScore],
    theme: Theme,
) -> (Picture, Palette) {
    let colors = theme.colors();
    let layout = &kit.layout;
    let size = game.rules().size;
    let shown: Vec<&MoveScore> =
        scores.iter().filter(|s| size.contains(s.square) && game.board().at(s.square).is_none()).collect();
    let from = kit.palette.colors();
    let mut img = RgbImage::from_fn(board.width, board.height, |x, y| {
        Rgb(from[board.pixels[(y * board.width + x) as usize] as usize])
    });

    let cell = layout.cell() as f32;
    let half = (cell * 0.39).round();
    let radius = (cell * 0.1).round();
    let (ring_half, ring_width) = (cell * 0.475, (cell * 0.05).max(2.4));
    let best = shown.iter().map(|s| s.score).max().unwrap_or(0);
    let worst = shown.iter().map(|s| s.score).min().unwrap_or(0);
    let spread = (best - worst).max(FULL_SCALE) as f32;
    // One size for every number on the board, the largest at which the widest fits its tile.
    let room = 2.0 * half - 6.0;
    let mut px = (cell * 0.38).round();
    while px > 9.0 && shown.iter().any(|s| score_width(s.score, px) > room) {
        px -= 1.0;
    }
    let (digits_style, sign_style) = (TextStyle { px }, TextStyle { px: (px * SIGN_SCALE).round() });
    let mark = TextStyle { px: (px * ESTIMATE_SCALE).round().max(10.0) };
    let ring = outline(colors);
    let face = |score: i32| heat(theme, ((best - score) as f32 / spread * STEPS).round() / STEPS);
    // Pinned: the tiles' colours, then every colour the board picture uses, so that the board
    // keeps its exact pixels; the rest of the palette goes to the tiles' edges and numbers.
    let mut pinned = vec![colors.frame, colors.felt, colors.grid, colors.label, colors.accent, INK, ring];
    pinned.extend(shown.iter().map(|s| face(s.score)));
    let mut used = [false; 256];
    board.pixels.iter().for_each(|&i| used[i as usize] = true);
    pinned.extend(from.iter().enumerate().filter(|(i, _)| used[*i]).map(|(_, c)| *c));
    pinned.truncate(MOST_PINNED);
    for s in &shown {
        let (x, y) = layout.square_centre(s.square);
        let (cx, cy) = (x as f32, y as f32);
        let face = face(s.score);
        tile(&mut img, cx, cy, half, radius, &bevel(face), colors.shadow / 2);
        if s.score == best {
            rounded_outline(&mut img, (cx, cy), ring_half, radius + ring_half - half, ring_width, ring);
        }
        let (sign, digits) = signed(s.score);
        let left = cx - score_width(s.score, px) / 2.0;
        sign_style.draw(&mut img, left, cy, sign, INK);
        digits_style.draw(&mut img, left + sign_style.width(sign), cy, &digits, INK);
        if !s.exact {
            let x = cx + half * 0.92 - mark.width(ESTIMATE);
            mark.draw(&mut img, x, cy - half * 0.68, ESTIMATE, INK);
        }
    }
    let palette = Palette::build(&pinned, &[&img]);
    let picture = Picture::from_rgb(&img, &mut Mapper::new(&palette));
    (picture, palette)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_stand_out_from_every_tile_and_the_tiles_go_from_green_to_red() {
        for theme in Theme::ALL {
            for step in 0..=20 {
                let face = heat(theme, step as f32 / 20.0);
                let ratio = contrast(INK, face);
                assert!(ratio >= 4.5, "{theme}: a number on {face:?} has a contrast of {ratio:.2}:1");
            }
            let (best, worst) = (heat(theme, 0.0), heat(theme, 1.0));
            assert!(best[1] > best[0] && worst[0] > worst[1], "{theme}: {best:?} to {worst:?}");
        }
    }

    #[test]
    fn the_best_moves_outline_stands_out_from_the_felt_in_every_theme() {
        for theme in Theme::ALL {
            let colors = theme.colors();
            let ratio = contrast(outline(colors), colors.felt);
            assert!(ratio >= 3.0, "{theme}: the outline has a contrast of {ratio:.2}:1");
        }
    }

    #[test]
    fn scores_are_written_with_their_sign() {
        let written = [6, 0, -12].map(|s| {
            let (sign, digits) = signed(s);
            format!("{sign}{digits}")
        });
        assert_eq!(written, ["+6", "0", "\u{2212}12"]);
    }
}
