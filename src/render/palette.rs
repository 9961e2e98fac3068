//! Indexed colour: the palette of one (board size, theme) pair, chosen once from every piece that
//! can appear in its pictures, and the indexed sprites and pictures drawn with it. Pictures are
//! composed by copying palette indices, which is what makes a new picture cheap, and they are
//! written as palette PNGs and GIFs, which is what makes them small.

use std::collections::HashMap;

use image::RgbImage;

/// The palette index that means "leave the pixel below alone" in a sprite, and "unchanged since
/// the previous frame" in a GIF. No colour ever gets it.
pub(crate) const TRANSPARENT: u8 = 255;

/// Up to 255 colours (index 255 is [`TRANSPARENT`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Palette {
    colors: Vec<[u8; 3]>,
}

impl Palette {
    /// A palette that holds every colour of `pinned` exactly, first and in order, and fills the
    /// remaining slots with the colours of `samples` (a median cut when there are more of them
    /// than slots). `pinned` must hold fewer than 255 colours.
    pub(crate) fn build(pinned: &[[u8; 3]], samples: &[&RgbImage]) -> Palette {
        let mut colors: Vec<[u8; 3]> = Vec::with_capacity(255);
        for &c in pinned {
            if !colors.contains(&c) {
                colors.push(c);
            }
        }
        colors.truncate(TRANSPARENT as usize);
        let mut counts: HashMap<[u8; 3], u64> = HashMap::new();
        for img in samples {
            for pixel in img.pixels() {
                *counts.entry(pixel.0).or_default() += 1;
            }
        }
        // Sorted so that the palette never depends on hash order: same input, same bytes.
        let mut histogram: Vec<([u8; 3], u64)> = counts.into_iter().filter(|(c, _)| !colors.contains(c)).collect();
        histogram.sort_unstable();
        let slots = TRANSPARENT as usize - colors.len();
        if histogram.len() <= slots {
            colors.extend(histogram.iter().map(|&(c, _)| c));
        } else {
            colors.extend(median_cut(histogram, slots));
        }
        Palette { colors }
    }

    /// The colours, by index.
    pub(crate) fn colors(&self) -> &[[u8; 3]] {
        &self.colors
    }

    /// The number of colours.
    pub(crate) fn len(&self) -> usize {
        self.colors.len()
    }

    /// The colour at `index`.
    #[cfg(test)]
    pub(crate) fn color(&self, index: u8) -> Option<[u8; 3]> {
        self.colors.get(index as usize).copied()
    }

    /// The palette as `r g b r g b ...`, padded with black to `entries` entries (a PNG needs as
    /// many as the highest index used plus one, a GIF a power of two).
    pub(crate) fn rgb_bytes(&self, entries: usize) -> Vec<u8> {
        let mut bytes: Vec<u8> = self.colors.iter().flatten().copied().collect();
        bytes.resize(entries.max(self.colors.len()) * 3, 0);
        bytes
    }

    /// The index of the palette colour nearest to `color` (exact when it is in the palette; the
    /// lowest index among equals).
    pub(crate) fn nearest(&self, color: [u8; 3]) -> u8 {
        let mut best = (u32::MAX, 0u8);
        for (i, c) in self.colors.iter().enumerate() {
            let d = distance(*c, color);
            if d < best.0 {
                best = (d, i as u8);
                if d == 0 {
                    break;
                }
            }
        }
        best.1
    }
}

/// Squared distance, weighting green most as the eye does.
fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).pow(2) as u32;
    2 * d(0) + 4 * d(1) + 3 * d(2)
}

/// One box of the median cut.
struct CutBox {
    colors: Vec<([u8; 3], u64)>,
    /// Weighted sum of squared distances to the box's mean: how much splitting it would help.
    error: f64,
}

impl CutBox {
    fn new(colors: Vec<([u8; 3], u64)>) -> CutBox {
        let mean = weighted_mean(&colors);
        let error =
            colors.iter().map(|&(c, n)| (0..3).map(|i| (c[i] as f64 - mean[i]).powi(2)).sum::<f64>() * n as f64).sum();
        CutBox { colors, error }
    }

    fn representative(&self) -> [u8; 3] {
        weighted_mean(&self.colors).map(|v| v.round().clamp(0.0, 255.0) as u8)
    }
}

fn weighted_mean(colors: &[([u8; 3], u64)]) -> [f64; 3] {
    let total: u64 = colors.iter().map(|&(_, n)| n).sum::<u64>().max(1);
    std::array::from_fn(|i| colors.iter().map(|&(c, n)| c[i] as f64 * n as f64).sum::<f64>() / total as f64)
}

/// Reduces `histogram` to at most `slots` colours: repeatedly splits the box with the largest
/// error at the weighted median of its widest channel.
fn median_cut(histogram: Vec<([u8; 3], u64)>, slots: usize) -> Vec<[u8; 3]> {
    let mut boxes = vec![CutBox::new(histogram)];
    while boxes.len() < slots {
        let Some((worst, _)) = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.colors.len() > 1)
            .max_by(|a, b| a.1.error.total_cmp(&b.1.error).then(b.0.cmp(&a.0)))
        else {
            break;
        };
        let mut colors = boxes.swap_remove(worst).colors;
        let range = |i: usize| {
            let (lo, hi) = colors.iter().fold((255u8, 0u8), |(lo, hi), &(c, _)| (lo.min(c[i]), hi.max(c[i])));
            hi - lo
        };
        let channel = (0..3).max_by_key(|&i| (range(i), 3 - i)).unwrap_or(0);
        colors.sort_unstable_by_key(|&(c, _)| (c[channel], c));
        let total: u64 = colors.iter().map(|&(_, n)| n).sum();
        let mut running = 0;
        let mut split = 1;
        for (i, &(_, n)) in colors.iter().enumerate() {
            running += n;
            if running * 2 >= total {
                split = (i + 1).clamp(1, colors.len() - 1);
                break;
            }
        }
        let upper = colors.split_off(split);
        boxes.push(CutBox::new(colors));
        boxes.push(CutBox::new(upper));
    }
    let mut colors: Vec<[u8; 3]> = boxes.iter().map(CutBox::representative).collect();
    colors.sort_unstable();
    colors.dedup();
    colors
}

/// Maps colours to palette indices, remembering the answers.
pub(crate) struct Mapper<'a> {
    palette: &'a Palette,
    memo: HashMap<[u8; 3], u8>,
}

impl<'a> Mapper<'a> {
    /// A mapper onto `palette`.
    pub(crate) fn new(palette: &'a Palette) -> Mapper<'a> {
        Mapper { palette, memo: HashMap::new() }
    }

    /// The index of the palette colour nearest to `color`.
    pub(crate) fn index(&mut self, color: [u8; 3]) -> u8 {
        *self.memo.entry(color).or_insert_with(|| self.palette.nearest(color))
    }
}

/// An indexed picture: one palette index per pixel, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Picture {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) pixels: Vec<u8>,
}

impl Picture {
    /// Maps every pixel of `img` to the palette.
    pub(crate) fn from_rgb(img: &RgbImage, mapper: &mut Mapper) -> Picture {
        let pixels = img.pixels().map(|p| mapper.index(p.0)).collect();
        Picture { width: img.width(), height: img.height(), pixels }
    }
}

/// A run of opaque pixels in one row of a sprite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Span {
    /// Column of the first pixel, relative to the anchor.
    dx: i32,
    /// Row, relative to the anchor.
    dy: i32,
    /// Where the run's indices start in `Sprite::pixels`.
    start: usize,
    len: usize,
}

/// A piece drawn onto pictures by copying indices: a list of opaque runs around an anchor point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Sprite {
    spans: Vec<Span>,
    pixels: Vec<u8>,
    /// The logical width (the pen advance of a piece of text), in pixels.
    pub(crate) width: i32,
}

impl Sprite {
    /// The sprite of `img`, whose pixel `anchor` is drawn at the point the sprite is drawn at.
    /// Pixels of exactly the `backdrop` colour (what `img` was painted on) are left transparent,
    /// and so is a band of `inset` pixels along every edge.
    pub(crate) fn from_rgb(
        img: &RgbImage,
        anchor: (i32, i32),
        backdrop: [u8; 3],
        inset: u32,
        mapper: &mut Mapper,
    ) -> Sprite {
        let mut sprite = Sprite::default();
        let (w, h) = (img.width(), img.height());
        let (right, bottom) = (w.saturating_sub(inset), h.saturating_sub(inset));
        for y in inset..bottom {
            let mut x = inset;
            while x < right {
                if img.get_pixel(x, y).0 == backdrop {
                    x += 1;
                    continue;
                }
                let begin = x;
                let start = sprite.pixels.len();
                while x < right && img.get_pixel(x, y).0 != backdrop {
                    sprite.pixels.push(mapper.index(img.get_pixel(x, y).0));
                    x += 1;
                }
                let (dx, dy) = (begin as i32 - anchor.0, y as i32 - anchor.1);
                sprite.spans.push(Span { dx, dy, start, len: (x - begin) as usize });
            }
        }
        sprite
    }

    /// The sprite of a grid of palette indices `width` wide, row by row, whose top-left pixel
    /// lies at `origin` from the anchor; [`TRANSPARENT`] pixels are left out.
    pub(crate) fn from_indices(width: usize, origin: (i32, i32), indices: &[u8]) -> Sprite {
        let mut sprite = Sprite::default();
        if width == 0 {
            return sprite;
        }
        for (y, row) in indices.chunks(width).enumerate() {
            let mut x = 0;
            while x < row.len() {
                if row[x] == TRANSPARENT {
                    x += 1;
                    continue;
                }
                let begin = x;
                let start = sprite.pixels.len();
                while x < row.len() && row[x] != TRANSPARENT {
                    sprite.pixels.push(row[x]);
                    x += 1;
                }
                let (dx, dy) = (origin.0 + begin as i32, origin.1 + y as i32);
                sprite.spans.push(Span { dx, dy, start, len: x - begin });
            }
        }
        sprite
    }

    /// Draws the sprite with its anchor at (`x`, `y`), clipped to the picture.
    pub(crate) fn draw(&self, picture: &mut Picture, x: i32, y: i32) {
        let (width, height) = (picture.width as i32, picture.height as i32);
        for span in &self.spans {
            let row = y + span.dy;
            if row < 0 || row >= height {
                continue;
            }
            let left = x + span.dx;
            let skip = (-left).max(0) as usize;
            let end = (left + span.len as i32).min(width);
            if end <= left + skip as i32 {
                continue;
            }
            let len = (end - left) as usize - skip;
            let at = (row * width + left) as usize + skip;
            picture.pixels[at..at + len].copy_from_slice(&self.pixels[span.start + skip..span.start + skip + len]);
        }
    }
}

#[cfg(test)]
mod tests {
    use image::Rgb;

    use super::*;

    #[test]
    fn pinned_colours_come_first_and_exactly() {
        let mut img = RgbImage::new(64, 64);
        for (i, p) in img.pixels_mut().enumerate() {
            *p = Rgb([(i % 256) as u8, (i / 16 % 256) as u8, (i * 7 % 256) as u8]);
        }
        let palette = Palette::build(&[[1, 2, 3], [250, 0, 0]], &[&img]);
        assert_eq!(palette.len(), 255);
        assert_eq!(palette.color(0), Some([1, 2, 3]));
        assert_eq!(palette.nearest([250, 0, 0]), 1);
        assert_eq!(Palette::build(&[[1, 2, 3]], &[&img]), palette_again(&img), "the palette is deterministic");
    }

    fn palette_again(img: &RgbImage) -> Palette {
        Palette::build(&[[1, 2, 3]], &[img])
    }

    #[test]
    fn sprites_copy_only_what_differs_from_their_backdrop_and_clip_to_the_picture() {
        let palette = Palette::build(&[[0, 0, 0], [9, 9, 9]], &[]);
        let mut mapper = Mapper::new(&palette);
        let mut img = RgbImage::from_pixel(3, 2, Rgb([0, 0, 0]));
        img.put_pixel(0, 0, Rgb([9, 9, 9]));
        img.put_pixel(2, 1, Rgb([9, 9, 9]));
        let sprite = Sprite::from_rgb(&img, (1, 1), [0, 0, 0], 0, &mut mapper);
        let mut picture = Picture { width: 3, height: 3, pixels: vec![7; 9] };
        sprite.draw(&mut picture, 0, 0);
        assert_eq!(picture.pixels, [7, 1, 7, 7, 7, 7, 7, 7, 7]);
    }
}
