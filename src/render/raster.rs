//! Anti-aliased drawing in full colour: discs and rounded-square tiles with a bevel and a drop
//! shadow, dots, rings, outlines, capsules, triangles and text in the bundled font. Used only to build the cached pieces of a picture
//! (see `kit`); the per-move drawing works on palette indices instead.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_filled_rect_mut, draw_text_mut};
use imageproc::rect::Rect;

use super::theme::DiscColors;

/// The bundled font, DejaVu Sans Bold (licence in `assets/DejaVuSans-LICENSE.txt`).
const FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans-Bold.ttf");

/// The parsed bundled font.
pub(crate) fn font() -> &'static FontRef<'static> {
    static FONT: OnceLock<FontRef<'static>> = OnceLock::new();
    FONT.get_or_init(|| {
        // Invariant: the bytes are the TrueType file in assets/, compiled in; every rendering test
        // parses it, so a broken file cannot get past the test suite.
        FontRef::try_from_slice(FONT_BYTES)
            .expect("the bundled font assets/DejaVuSans-Bold.ttf is a valid TrueType font")
    })
}

/// Mixes `a` towards `b` by `t` (0 gives `a`, 1 gives `b`).
pub(crate) fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    std::array::from_fn(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8)
}

/// Lays `color` over the pixel at (`x`, `y`) with opacity `alpha`; pixels off the image are
/// ignored.
pub(crate) fn blend(img: &mut RgbImage, x: i32, y: i32, color: [u8; 3], alpha: f32) {
    if alpha <= 0.0 || x < 0 || y < 0 || x >= img.width() as i32 || y >= img.height() as i32 {
        return;
    }
    let pixel = img.get_pixel_mut(x as u32, y as u32);
    pixel.0 = mix(pixel.0, color, alpha);
}

/// Fills the rectangle with its top-left corner at (`x`, `y`).
pub(crate) fn fill_rect(img: &mut RgbImage, x: i32, y: i32, width: u32, height: u32, color: [u8; 3]) {
    if width > 0 && height > 0 {
        draw_filled_rect_mut(img, Rect::at(x, y).of_size(width, height), Rgb(color));
    }
}

/// Calls `paint(x, y, px, py)` for every pixel whose box meets the square of half-side `reach`
/// around (`cx`, `cy`); (`px`, `py`) is the pixel's centre.
fn each_pixel_near(cx: f32, cy: f32, reach: f32, mut paint: impl FnMut(i32, i32, f32, f32)) {
    let (x0, x1) = ((cx - reach).floor() as i32, (cx + reach).ceil() as i32);
    let (y0, y1) = ((cy - reach).floor() as i32, (cy + reach).ceil() as i32);
    for y in y0..=y1 {
        for x in x0..=x1 {
            paint(x, y, x as f32 + 0.5, y as f32 + 0.5);
        }
    }
}

/// How much of a pixel whose centre lies `distance` from a circle's centre the circle of
/// `radius` covers (a one-pixel linear ramp across the edge).
fn circle_coverage(distance: f32, radius: f32) -> f32 {
    (radius - distance + 0.5).clamp(0.0, 1.0)
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// A filled anti-aliased circle.
pub(crate) fn dot(img: &mut RgbImage, cx: f32, cy: f32, radius: f32, color: [u8; 3]) {
    each_pixel_near(cx, cy, radius + 1.0, |x, y, px, py| {
        let coverage = circle_coverage((px - cx).hypot(py - cy), radius);
        blend(img, x, y, color, coverage);
    });
}

/// An anti-aliased ring between radii `inner` and `outer`.
pub(crate) fn ring(img: &mut RgbImage, cx: f32, cy: f32, inner: f32, outer: f32, color: [u8; 3]) {
    each_pixel_near(cx, cy, outer + 1.0, |x, y, px, py| {
        let d = (px - cx).hypot(py - cy);
        let coverage = circle_coverage(d, outer).min((d - inner + 0.5).clamp(0.0, 1.0));
        blend(img, x, y, color, coverage);
    });
}

/// A disc of `radius` centred on (`cx`, `cy`): a soft drop shadow of opacity `shadow` / 255
/// below and to the right, a flat face, a bevel lit from the top left and a thin rim. The face
/// is exactly `colors.face` over the middle two thirds, so a square's centre shows it.
pub(crate) fn disc(img: &mut RgbImage, cx: f32, cy: f32, radius: f32, colors: &DiscColors, shadow: u8) {
    let shadow = shadow as f32 / 255.0;
    let (sx, sy) = (cx + 0.05 * radius, cy + 0.10 * radius);
    let soft = (0.14 * radius).max(1.5);
    // The direction the light comes from, towards the top left.
    let (lx, ly) = (-0.6f32, -0.8f32);
    each_pixel_near(cx, cy, radius * 1.25 + 2.0, |x, y, px, py| {
        let shadow_d = (px - sx).hypot(py - sy);
        let shadow_alpha = shadow * smoothstep(radius + soft * 0.5, radius - soft, shadow_d);
        blend(img, x, y, [0, 0, 0], shadow_alpha);
        let (dx, dy) = (px - cx, py - cy);
        let d = dx.hypot(dy);
        let coverage = circle_coverage(d, radius);
        if coverage <= 0.0 {
            return;
        }
        let t = d / radius;
        let facing = if d > 0.0 { (dx * lx + dy * ly) / d } else { 0.0 };
        let bevel = smoothstep(0.70, 0.90, t);
        let mut color = if facing > 0.0 {
            mix(colors.face, colors.light, facing * bevel * 0.85)
        } else {
            mix(colors.face, colors.shade, -facing * bevel * 0.9)
        };
        let rim_width = (1.3 / radius).max(0.05);
        color = mix(color, colors.rim, smoothstep(1.0 - 2.0 * rim_width, 1.0 - 0.5 * rim_width, t));
        blend(img, x, y, color, coverage);
    });
}

/// A filled anti-aliased capsule (a rectangle with round ends) with its top-left corner at
/// (`x`, `y`); its ends are half circles when it is wider than high.
pub(crate) fn capsule(img: &mut RgbImage, x: f32, y: f32, width: f32, height: f32, color: [u8; 3]) {
    let radius = height.min(width) / 2.0;
    let cy = y + height / 2.0;
    let (x0, x1) = (x + radius, x + width - radius);
    for py in y.floor() as i32..=(y + height).ceil() as i32 {
        for px in x.floor() as i32..=(x + width).ceil() as i32 {
            let (cx, cyp) = (px as f32 + 0.5, py as f32 + 0.5);
            let nearest = cx.clamp(x0, x1);
            blend(img, px, py, color, circle_coverage((cx - nearest).hypot(cyp - cy), radius));
        }
    }
}

/// A filled triangle, anti-aliased by 4x4 supersampling.
pub(crate) fn triangle(img: &mut RgbImage, corners: [(f32, f32); 3], color: [u8; 3]) {
    let xs = corners.map(|c| c.0);
    let ys = corners.map(|c| c.1);
    let (x0, x1) = (xs.iter().copied().fold(f32::MAX, f32::min), xs.iter().copied().fold(f32::MIN, f32::max));
    let (y0, y1) = (ys.iter().copied().fold(f32::MAX, f32::min), ys.iter().copied().fold(f32::MIN, f32::max));
    let edge = |a: (f32, f32), b: (f32, f32), p: (f32, f32)| (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
    let area = edge(corners[0], corners[1], corners[2]);
    if area == 0.0 {
        return;
    }
    for y in y0.floor() as i32..=y1.ceil() as i32 {
        for x in x0.floor() as i32..=x1.ceil() as i32 {
            let mut inside = 0;
            for sy in 0..4 {
                for sx in 0..4 {
                    let p = (x as f32 + (sx as f32 + 0.5) / 4.0, y as f32 + (sy as f32 + 0.5) / 4.0);
                    let w = [
                        edge(corners[1], corners[2], p),
                        edge(corners[2], corners[0], p),
                        edge(corners[0], corners[1], p),
                    ];
                    if w.iter().all(|&w| w * area >= 0.0) {
                        inside += 1;
                    }
                }
            }
            blend(img, x, y, color, inside as f32 / 16.0);
        }
    }
}

/// The colours of a bevelled piece: a flat face, a lit and a shaded edge, and a thin rim.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bevel {
    pub(crate) face: [u8; 3],
    pub(crate) light: [u8; 3],
    pub(crate) shade: [u8; 3],
    pub(crate) rim: [u8; 3],
}

/// The signed distance from (`px`, `py`) to the edge of the square of half-side `half` centred
/// on (`cx`, `cy`) with corners rounded to `radius` (negative inside), and the edge's outward
/// normal nearest the point.
fn rounded_square_distance(px: f32, py: f32, cx: f32, cy: f32, half: f32, radius: f32) -> (f32, (f32, f32)) {
    let (dx, dy) = (px - cx, py - cy);
    let (qx, qy) = (dx.abs() - (half - radius), dy.abs() - (half - radius));
    let outside = qx.max(0.0).hypot(qy.max(0.0));
    let distance = outside + qx.max(qy).min(0.0) - radius;
    let normal = if qx > 0.0 && qy > 0.0 {
        (qx / outside * dx.signum(), qy / outside * dy.signum())
    } else if qx > qy {
        (dx.signum(), 0.0)
    } else {
        (0.0, dy.signum())
    };
    (distance, normal)
}

/// A square tile of half-side `half` centred on (`cx`, `cy`), its corners rounded to `radius`:
/// a soft drop shadow of opacity `shadow` / 255 below and to the right, a flat face, a bevel lit
/// from the top left as on a disc, and a thin rim.
pub(crate) fn tile(img: &mut RgbImage, cx: f32, cy: f32, half: f32, radius: f32, colors: &Bevel, shadow: u8) {
    let shadow = shadow as f32 / 255.0;
    let (sx, sy) = (cx + 0.05 * half, cy + 0.10 * half);
    let soft = (0.14 * half).max(1.5);
    let bevel_width = (0.16 * half).max(2.0);
    let (lx, ly) = (-0.6f32, -0.8f32);
    each_pixel_near(cx, cy, half * 1.25 + 2.0, |x, y, px, py| {
        let (shadow_d, _) = rounded_square_distance(px, py, sx, sy, half, radius);
        blend(img, x, y, [0, 0, 0], shadow * smoothstep(soft * 0.5, -soft, shadow_d));
        let (d, (nx, ny)) = rounded_square_distance(px, py, cx, cy, half, radius);
        let coverage = (0.5 - d).clamp(0.0, 1.0);
        if coverage <= 0.0 {
            return;
        }
        let bevel = smoothstep(bevel_width, 0.0, -d);
        let facing = nx * lx + ny * ly;
        let mut color = if facing > 0.0 {
            mix(colors.face, colors.light, facing * bevel * 0.85)
        } else {
            mix(colors.face, colors.shade, -facing * bevel * 0.9)
        };
        color = mix(color, colors.rim, smoothstep(-1.6, -0.2, d));
        blend(img, x, y, color, coverage);
    });
}

/// An anti-aliased outline `width` wide just inside the edge of a square of half-side `half`
/// centred on (`cx`, `cy`), its corners rounded to `radius`.
pub(crate) fn rounded_outline(
    img: &mut RgbImage,
    (cx, cy): (f32, f32),
    half: f32,
    radius: f32,
    width: f32,
    color: [u8; 3],
) {
    each_pixel_near(cx, cy, half + 1.0, |x, y, px, py| {
        let (d, _) = rounded_square_distance(px, py, cx, cy, half, radius);
        blend(img, x, y, color, (0.5 - d).clamp(0.0, 1.0).min((d + width + 0.5).clamp(0.0, 1.0)));
    });
}

/// A filled anti-aliased square of half-side `half` centred on (`cx`, `cy`), its corners
/// rounded to `radius`.
pub(crate) fn rounded_square(img: &mut RgbImage, (cx, cy): (f32, f32), half: f32, radius: f32, color: [u8; 3]) {
    rounded_outline(img, (cx, cy), half, radius, half, color);
}

/// An anti-aliased outline `width` wide of a diamond (a square standing on a corner) whose
/// corners lie `reach` from its centre (`cx`, `cy`).
pub(crate) fn diamond_outline(img: &mut RgbImage, (cx, cy): (f32, f32), reach: f32, width: f32, color: [u8; 3]) {
    each_pixel_near(cx, cy, reach + 1.0, |x, y, px, py| {
        let d = ((px - cx).abs() + (py - cy).abs() - reach) / std::f32::consts::SQRT_2;
        blend(img, x, y, color, (0.5 - d).clamp(0.0, 1.0).min((d + width + 0.5).clamp(0.0, 1.0)));
    });
}

/// Text metrics at one size of the bundled font.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TextStyle {
    /// The font size in pixels (the em).
    pub(crate) px: f32,
}

impl TextStyle {
    /// The width `text` takes, from the pen's start to its end.
    pub(crate) fn width(self, text: &str) -> f32 {
        let font = font().as_scaled(PxScale::from(self.px));
        let mut width = 0.0;
        let mut previous = None;
        for c in text.chars() {
            let id = font.glyph_id(c);
            if let Some(previous) = previous {
                width += font.kern(previous, id);
            }
            width += font.h_advance(id);
            previous = Some(id);
        }
        width
    }

    /// The height of a digit or a capital above the baseline.
    pub(crate) fn cap_height(self) -> f32 {
        // DejaVu Sans draws capitals and digits 0.729 em tall.
        self.px * 0.729
    }

    /// Draws `text` with its pen starting at `x` and its digits and capitals centred
    /// vertically on `centre_y`.
    pub(crate) fn draw(self, img: &mut RgbImage, x: f32, centre_y: f32, text: &str, color: [u8; 3]) {
        let scaled = font().as_scaled(PxScale::from(self.px));
        let baseline = centre_y + self.cap_height() / 2.0;
        let top = (baseline - scaled.ascent()).round() as i32;
        draw_text_mut(img, Rgb(color), x.round() as i32, top, PxScale::from(self.px), font(), text);
    }

    /// Draws `text` with its ink (not its advance) centred horizontally on `centre_x`, and
    /// its digits and capitals centred vertically on `centre_y`: a "1" sits in the middle of a
    /// tile, not off to the left of it.
    pub(crate) fn draw_ink_centred(self, img: &mut RgbImage, centre_x: f32, centre_y: f32, text: &str, color: [u8; 3]) {
        let scaled = font().as_scaled(PxScale::from(self.px));
        let (mut left, mut right, mut pen) = (f32::MAX, f32::MIN, 0.0);
        let mut previous = None;
        for c in text.chars() {
            let id = scaled.glyph_id(c);
            if let Some(previous) = previous {
                pen += scaled.kern(previous, id);
            }
            let glyph = id.with_scale_and_position(PxScale::from(self.px), ab_glyph::point(pen, 0.0));
            if let Some(outline) = font().outline_glyph(glyph) {
                left = left.min(outline.px_bounds().min.x);
                right = right.max(outline.px_bounds().max.x);
            }
            pen += scaled.h_advance(id);
            previous = Some(id);
        }
        let ink_middle = if left <= right { (left + right) / 2.0 } else { pen / 2.0 };
        self.draw(img, centre_x - ink_middle, centre_y, text, color);
    }

    /// Draws `text` centred horizontally on `centre_x` and vertically (by its capitals) on
    /// `centre_y`.
    pub(crate) fn draw_centred(self, img: &mut RgbImage, centre_x: f32, centre_y: f32, text: &str, color: [u8; 3]) {
        self.draw(img, centre_x - self.width(text) / 2.0, centre_y, text, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_font_has_every_coordinate_and_digit() {
        let font = font();
        for c in "abcdefghij0123456789".chars() {
            assert_ne!(font.glyph_id(c).0, 0, "{c:?} is missing");
        }
    }

    #[test]
    fn a_disc_shows_its_face_colour_at_its_centre() {
        let colors = super::super::theme::Theme::Classic.colors().discs[0];
        let mut img = RgbImage::from_pixel(40, 40, Rgb([0, 128, 0]));
        disc(&mut img, 20.0, 20.0, 16.0, &colors, 100);
        assert_eq!(img.get_pixel(20, 20).0, colors.face);
        assert_eq!(img.get_pixel(0, 0).0, [0, 128, 0]);
    }
}
