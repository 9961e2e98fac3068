//! Writing indexed pictures out: a palette PNG (fast deflate: a picture is sent once and
//! forgotten), and an animated GIF whose frames after the first hold only what changed.

use std::borrow::Cow;
use std::io::Write;

use super::palette::{Palette, Picture, TRANSPARENT};

/// `picture` as an 8-bit palette PNG.
pub(crate) fn png(picture: &Picture, palette: &Palette) -> Vec<u8> {
    // Invariant: the picture's size matches its pixels and every index is inside the palette (a
    // kit's pieces are all mapped onto its palette), and writing to a Vec does no I/O, so the
    // encoder has nothing to fail on.
    try_png(picture, palette).expect("a palette PNG of a well-formed picture always encodes into memory")
}

fn try_png(picture: &Picture, palette: &Palette) -> Result<Vec<u8>, png::EncodingError> {
    // zlib level 2 without filters: a third smaller than level 1 for a tenth more time, and
    // filters only add bytes to palette data (docs/solver-tuning.md#png-compression). The rows
    // are compressed in one call rather than handed to the png crate row by row, whose zlib
    // writer clears its 32 KB output buffer on every row.
    let width = picture.width as usize;
    let mut rows = Vec::with_capacity(picture.pixels.len() + picture.height as usize);
    for row in picture.pixels.chunks_exact(width.max(1)) {
        rows.push(0); // the row's filter: none
        rows.extend_from_slice(row);
    }
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::with_capacity(32 * 1024), flate2::Compression::new(2));
    zlib.write_all(&rows)?;
    let data = zlib.finish()?;

    let mut bytes = Vec::with_capacity(data.len() + 1024);
    let mut encoder = png::Encoder::new(&mut bytes, picture.width, picture.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.rgb_bytes(palette.len()));
    let mut writer = encoder.write_header()?;
    writer.write_chunk(png::chunk::IDAT, &data)?;
    writer.finish()?;
    Ok(bytes)
}

/// An animated GIF being written, one frame at a time.
pub(crate) struct GifWriter {
    encoder: gif::Encoder<Vec<u8>>,
    previous: Option<Picture>,
}

impl GifWriter {
    /// A GIF of pictures drawn with `palette`, looping forever.
    pub(crate) fn new(width: u32, height: u32, palette: &Palette) -> GifWriter {
        // Invariant: layouts are a few hundred pixels on a side (well inside u16), the palette
        // has at most 256 entries, and a Vec never fails to take bytes.
        let start = |w: u16, h: u16| {
            let mut encoder = gif::Encoder::new(Vec::with_capacity(256 * 1024), w, h, &palette.rgb_bytes(256)).ok()?;
            encoder.set_repeat(gif::Repeat::Infinite).ok()?;
            Some(encoder)
        };
        let encoder = u16::try_from(width)
            .ok()
            .zip(u16::try_from(height).ok())
            .and_then(|(w, h)| start(w, h))
            .expect("a GIF of a board picture's size with a 256-colour palette always starts");
        GifWriter { encoder, previous: None }
    }

    /// Adds `picture`, shown for `delay` hundredths of a second.
    pub(crate) fn add(&mut self, picture: Picture, delay: u16) {
        let frame = match &self.previous {
            None => gif::Frame {
                delay,
                width: picture.width as u16,
                height: picture.height as u16,
                buffer: Cow::Borrowed(&picture.pixels),
                ..gif::Frame::default()
            },
            Some(previous) => changes(previous, &picture, delay),
        };
        // Invariant: the frame lies inside the screen and its buffer matches its size.
        self.encoder.write_frame(&frame).expect("a frame inside the GIF's screen always encodes into memory");
        drop(frame);
        self.previous = Some(picture);
    }

    /// The finished GIF.
    pub(crate) fn finish(self) -> Vec<u8> {
        // Invariant: writing the trailer to a Vec cannot fail.
        self.encoder.into_inner().expect("a GIF in memory always finishes")
    }
}

/// The frame that turns `previous` into `next`: the rectangle around every changed pixel, with
/// the unchanged ones inside it transparent (they compress to almost nothing).
fn changes<'a>(previous: &Picture, next: &Picture, delay: u16) -> gif::Frame<'a> {
    let width = next.width as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (a, b)) in previous.pixels.chunks_exact(width).zip(next.pixels.chunks_exact(width)).enumerate() {
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = width - 1 - a.iter().rev().zip(b.iter().rev()).position(|(p, q)| p != q).unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y;
    }
    if x0 == usize::MAX {
        // Nothing changed: one transparent pixel keeps the frame (and its delay).
        return gif::Frame {
            delay,
            transparent: Some(TRANSPARENT),
            width: 1,
            height: 1,
            buffer: Cow::Owned(vec![TRANSPARENT]),
            ..gif::Frame::default()
        };
    }
    let (w, h) = (x1 - x0 + 1, y1 - y0 + 1);
    let mut buffer = Vec::with_capacity(w * h);
    for y in y0..=y1 {
        let row = y * width;
        let (a, b) = (&previous.pixels[row + x0..=row + x1], &next.pixels[row + x0..=row + x1]);
        buffer.extend(a.iter().zip(b).map(|(&p, &q)| if p == q { TRANSPARENT } else { q }));
    }
    gif::Frame {
        delay,
        transparent: Some(TRANSPARENT),
        left: x0 as u16,
        top: y0 as u16,
        width: w as u16,
        height: h as u16,
        buffer: Cow::Owned(buffer),
        ..gif::Frame::default()
    }
}
