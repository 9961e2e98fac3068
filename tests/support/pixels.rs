//! Reading pictures as a player sees them: a PNG decoded to RGB, how far apart two colours are,
//! and how well one stands out from another (WCAG's contrast ratio, computed here independently
//! of the renderer's own).

#![allow(dead_code)]

use image::{ImageFormat, RgbImage};

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
