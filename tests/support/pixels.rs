//! Reading pictures as a player sees them: a PNG decoded to RGB, how far apart two colours are,
//! how well one stands out from another (WCAG's contrast ratio, computed here independently
//! of the renderer's own), and what is drawn in a board picture's status bar.

#![allow(dead_code)]

use image::{ImageFormat, RgbImage};
use reversi_bot::engine::Color;
use reversi_bot::render::Layout;

/// The PNG's pixels; fails when the bytes are not a PNG.
pub fn decode(png: &[u8]) -> RgbImage {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    image::load_from_memory_with_format(png, ImageFormat::Png).expect("the PNG decodes").to_rgb8()
}

/// The squared distance between two colours.
pub fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3).map(|i| (a[i] as i32 - b[i] as i32).pow(2) as u32).sum()
}

/// The WCAG contrast ratio of two colours (1 to 21).
pub fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let luminance = |c: [u8; 3]| {
        let linear = |v: u8| {
            let v = v as f64 / 255.0;
            if v <= 0.04045 { v / 12.92 } else { ((v + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2])
    };
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The pixel at (`x`, `y`).
pub fn pixel(img: &RgbImage, x: i32, y: i32) -> [u8; 3] {
    img.get_pixel(x as u32, y as u32).0
}

/// The pixels of the rectangle from (`x0`, `y0`) to (`x1`, `y1`), inclusive, that are not `colour`.
pub fn ink_in(img: &RgbImage, (x0, y0): (i32, i32), (x1, y1): (i32, i32), colour: [u8; 3]) -> usize {
    (y0..=y1).flat_map(|y| (x0..=x1).map(move |x| (x, y))).filter(|&(x, y)| pixel(img, x, y) != colour).count()
}

/// How far the turn's words ("to move", "passed" in any language) reach from the middle.
pub const TURN_HALF: i32 = 40;

/// The space in the middle of a board picture's status bar, between the two sides' icons, where
/// the turn is shown.
pub fn turn_area(layout: &Layout) -> ((i32, i32), (i32, i32)) {
    let (mid, (_, iy)) = (layout.width() as i32 / 2, layout.icon_centre(Color::Black));
    ((mid - TURN_HALF, iy as i32 - 16), (mid + TURN_HALF, iy as i32 + 16))
}
