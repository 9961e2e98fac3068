//! Review charts with crowded mistakes, checked on the pixels as a reader sees them: each mark's
//! label is found in the picture whole, exactly as it looks when drawn alone (or shortened to
//! its move number, or left out), inside the plot panel, and nothing is left of a label that
//! another one covers.

#[path = "support/pixels.rs"]
mod pixels;

use std::collections::HashMap;

use image::RgbImage;
use pixels::{decode, pixel};
use reversi_bot::engine::Color;
use reversi_bot::render::{ChartCaption, ChartLayout, ChartMark, ChartPoint, Renderer, ReviewChart, Theme};

/// How far from a mark's point its dot (with its dark ring) reaches, in pixels.
const DOT_REACH: f32 = 7.0;

/// A label's chip as it looks drawn alone: the pixels of its capsule (the accent and the letters
/// on it) relative to its top left, the colours of those a pixel in from its edge (where
/// anti-aliasing cannot differ), and the pixels two outside its edge, which are never the
/// accent: the chip's dark rim lies there, or whatever is around it.
struct Chip {
    area: Vec<(i32, i32)>,
    core: Vec<(i32, i32, [u8; 3])>,
    ring: Vec<(i32, i32)>,
}

/// The pixels of `img` that are exactly `colour`.
fn mask(img: &RgbImage, colour: [u8; 3]) -> Vec<Vec<bool>> {
    (0..img.height() as i32).map(|y| (0..img.width() as i32).map(|x| pixel(img, x, y) == colour).collect()).collect()
}

/// The 4-connected pieces of `on`, each as its pixels.
fn pieces(on: &[Vec<bool>]) -> Vec<Vec<(i32, i32)>> {
    let (h, w) = (on.len() as i32, on[0].len() as i32);
    let mut seen = vec![vec![false; w as usize]; h as usize];
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if !on[y as usize][x as usize] || seen[y as usize][x as usize] {
                continue;
            }
            seen[y as usize][x as usize] = true;
            let (mut stack, mut piece) = (vec![(x, y)], Vec::new());
            while let Some((px, py)) = stack.pop() {
                piece.push((px, py));
                for (nx, ny) in [(px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)] {
                    if (0..w).contains(&nx)
                        && (0..h).contains(&ny)
                        && on[ny as usize][nx as usize]
                        && !seen[ny as usize][nx as usize]
                    {
                        seen[ny as usize][nx as usize] = true;
                        stack.push((nx, ny));
                    }
                }
            }
            out.push(piece);
        }
    }
    out
}

/// The chip of `label` in `theme`, cut from a chart with that one mark on a level line.
fn chip_alone(renderer: &Renderer, theme: Theme, label: &str) -> Chip {
    let chart = ReviewChart {
        points: vec![ChartPoint { value: 0, exact: false }; 61],
        marks: vec![ChartMark { index: 30, color: Color::Black, label: label.into() }],
        caption: ChartCaption::default(),
    };
    let img = decode(&renderer.review_chart_png(&chart, theme));
    let accent = mask(&img, theme.colors().accent);
    let tall: Vec<Vec<(i32, i32)>> = pieces(&accent)
        .into_iter()
        .filter(|p| p.iter().map(|q| q.1).max().unwrap() - p.iter().map(|q| q.1).min().unwrap() >= 12)
        .collect();
    assert_eq!(tall.len(), 1, "{theme}: the label {label:?} drawn alone is one chip");
    let piece = &tall[0];
    let (left, top) = (piece.iter().map(|p| p.0).min().unwrap() - 4, piece.iter().map(|p| p.1).min().unwrap() - 4);
    let (right, bottom) = (piece.iter().map(|p| p.0).max().unwrap() + 4, piece.iter().map(|p| p.1).max().unwrap() + 4);
    let (w, h) = ((right - left + 1) as usize, (bottom - top + 1) as usize);
    // The capsule: the accent piece and the letters it encloses, that is everything in the box
    // that cannot be reached from the box's edge without crossing the accent.
    let mut outside = vec![vec![false; w]; h];
    let mut stack: Vec<(i32, i32)> = (0..w as i32).flat_map(|x| [(x, 0), (x, h as i32 - 1)]).collect();
    stack.extend((0..h as i32).flat_map(|y| [(0, y), (w as i32 - 1, y)]));
    let in_piece = |x: i32, y: i32| accent[(y + top) as usize][(x + left) as usize];
    while let Some((x, y)) = stack.pop() {
        if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 || outside[y as usize][x as usize] || in_piece(x, y) {
            continue;
        }
        outside[y as usize][x as usize] = true;
        stack.extend([(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]);
    }
    let inside = |x: i32, y: i32| x >= 0 && y >= 0 && x < w as i32 && y < h as i32 && !outside[y as usize][x as usize];
    let near =
        |x: i32, y: i32, reach: i32| (-reach..=reach).any(|dy| (-reach..=reach).any(|dx| inside(x + dx, y + dy)));
    let every = (0..h as i32).flat_map(|y| (0..w as i32).map(move |x| (x, y)));
    let area: Vec<(i32, i32)> = every.clone().filter(|&(x, y)| inside(x, y)).collect();
    let core = area
        .iter()
        .filter(|&&(x, y)| (-1..=1).all(|dy| (-1..=1).all(|dx| inside(x + dx, y + dy))))
        .map(|&(x, y)| (x, y, pixel(&img, x + left, y + top)))
        .collect();
    let ring = every.filter(|&(x, y)| !near(x, y, 1) && near(x, y, 2)).collect();
    Chip { area, core, ring }
}

/// Where `chip` is drawn whole in `img`: the top left of its box, if anywhere.
fn find(img: &RgbImage, chip: &Chip, accent: &[Vec<bool>]) -> Option<(i32, i32)> {
    let (w, h) = (img.width() as i32, img.height() as i32);
    let fits = |ox: i32, oy: i32| {
        chip.core.iter().all(|&(x, y, c)| {
            let (px, py) = (ox + x, oy + y);
            (0..w).contains(&px) && (0..h).contains(&py) && pixel(img, px, py) == c
        }) && chip.ring.iter().all(|&(x, y)| {
            let (px, py) = (ox + x, oy + y);
            !((0..w).contains(&px) && (0..h).contains(&py) && accent[py as usize][px as usize])
        })
    };
    (-8..h).flat_map(|oy| (-8..w).map(move |ox| (ox, oy))).find(|&(ox, oy)| fits(ox, oy))
}

/// What the pixels of a chart show of its marks' labels: for each mark, the form its label is
/// drawn in (`Some(true)` whole, `Some(false)` its move number only, `None` left out) and where.
/// Adds to `faults` each label that reaches out of the panel or covers a dot, and each piece of
/// a label that shows but is no whole label, as when one label covers another.
fn labels_seen(
    renderer: &Renderer,
    chips: &mut HashMap<(Theme, String), Chip>,
    theme: Theme,
    chart: &ReviewChart,
    faults: &mut Vec<String>,
) -> Vec<Option<(bool, (i32, i32))>> {
    let img = decode(&renderer.review_chart_png(chart, theme));
    let accent = mask(&img, theme.colors().accent);
    let layout = ChartLayout::of(chart);
    let [left, top, right, bottom] = layout.panel();
    let dots: Vec<(f32, f32)> =
        chart.marks.iter().map(|m| (layout.x(m.index), layout.y(chart.points[m.index].value))).collect();
    let mut accounted = vec![vec![false; img.width() as usize]; img.height() as usize];
    let mut seen = Vec::new();
    for mark in &chart.marks {
        let short = mark.label.split(' ').next().unwrap_or_default().to_string();
        let mut found = None;
        for (whole, label) in [(true, mark.label.clone()), (false, short)] {
            let chip = chips.entry((theme, label.clone())).or_insert_with(|| chip_alone(renderer, theme, &label));
            if let Some(at) = find(&img, chip, &accent) {
                let pixels = chip.area.iter().chain(&chip.ring).map(|&(x, y)| (at.0 + x, at.1 + y));
                if let Some((px, py)) =
                    pixels.clone().find(|(px, py)| !(left..right).contains(px) || !(top..bottom).contains(py))
                {
                    faults.push(format!("the label {label:?} reaches out of the panel at ({px}, {py})"));
                }
                for &(dx, dy) in &dots {
                    if pixels
                        .clone()
                        .any(|(px, py)| (px as f32 + 0.5 - dx).hypot(py as f32 + 0.5 - dy) < DOT_REACH - 1.0)
                    {
                        faults.push(format!("the label {label:?} covers the dot at ({dx:.0}, {dy:.0})"));
                    }
                }
                for &(x, y) in &chip.area {
                    accounted[(at.1 + y) as usize][(at.0 + x) as usize] = true;
                }
                found = Some((whole, at));
                break;
            }
        }
        seen.push(found);
    }
    // Every solid bit of the accent (three pixels across or more) is a whole label or a dot.
    let (w, h) = (img.width() as i32, img.height() as i32);
    let solid = |x: i32, y: i32| (-1..=1).all(|dy| (-1..=1).all(|dx| accent[(y + dy) as usize][(x + dx) as usize]));
    let on_dot =
        |x: i32, y: i32| dots.iter().any(|&(dx, dy)| (x as f32 + 0.5 - dx).hypot(y as f32 + 0.5 - dy) < DOT_REACH);
    let stray: Vec<(i32, i32)> = (1..h - 1)
        .flat_map(|y| (1..w - 1).map(move |x| (x, y)))
        .filter(|&(x, y)| solid(x, y) && !on_dot(x, y) && !accounted[y as usize][x as usize])
        .collect();
    if let Some(&(x, y)) = stray.first() {
        faults.push(format!("{} pixels from ({x}, {y}) on show pieces of labels that are no whole label", stray.len()));
    }
    seen
}

/// A chart of `values` solved exactly from `exact_from`, with a mark at each of `marked`,
/// labelled as a review labels it: the move's number and square.
fn chart(values: &[i32], exact_from: usize, marked: &[usize]) -> ReviewChart {
    let square = |i: usize| format!("{}{}", (b'a' + (i * 5 % 8) as u8) as char, 1 + i * 3 % 8);
    ReviewChart {
        points: values.iter().enumerate().map(|(i, &value)| ChartPoint { value, exact: i >= exact_from }).collect(),
        marks: marked
            .iter()
            .map(|&i| ChartMark {
                index: i,
                color: if i % 2 == 1 { Color::Black } else { Color::White },
                label: format!("{i} {}", square(i)),
            })
            .collect(),
        caption: ChartCaption {
            title: "Bewertung bei bestem Spiel".into(),
            names: ["Schwarz: Stufe 1".into(), "Weiß: Stufe 5".into()],
            exact: "exakt".into(),
            moves: "Zug".into(),
        },
    }
}

/// A deterministic stream of numbers (xorshift), for charts no one picked by hand.
fn random(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move |below| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    }
}

/// The charts with crowded marks: weak players' games, as level 1 against level 5 plays them.
fn crowded() -> Vec<(String, ReviewChart)> {
    let mut charts = Vec::new();
    // Black slides to a heavy loss, both sides erring every other move near the end: the marks
    // sit low, where a label below its dot would hang out of the panel over the move numbers.
    let sliding: Vec<i32> = (0..=60).map(|i: i32| -(i * i / 70) - (i % 3)).collect();
    charts.push((
        "ten mistakes in the last twenty moves".into(),
        chart(&sliding, 40, &(41..60).step_by(2).collect::<Vec<_>>()),
    ));
    // Black far ahead early, the marks crowding at the top left.
    let rising: Vec<i32> = (0..=60).map(|i: i32| (i * 4).min(58) - (i % 4)).collect();
    charts.push((
        "ten mistakes in the first twenty moves".into(),
        chart(&rising, 50, &(1..=20).step_by(2).collect::<Vec<_>>()),
    ));
    // The line swings hard and every move is marked: more labels than the panel can hold.
    let swinging: Vec<i32> = (0..=60).map(|i| if i % 3 == 0 { 20 } else { -14 + i % 5 }).collect();
    charts.push(("every move marked".into(), chart(&swinging, 45, &(1..=60).collect::<Vec<_>>())));
    // Random games of weak players: a wandering line, up to twenty mistakes in clusters.
    for seed in 0..6 {
        let mut next = random(seed);
        let mut value = 0i32;
        let values: Vec<i32> = (0..=60)
            .map(|i| {
                if i > 0 {
                    value = (value + next(25) as i32 - 12).clamp(-64, 64);
                }
                value
            })
            .collect();
        let mut marked: Vec<usize> = (0..4 + next(16)).map(|_| 1 + next(60) as usize).collect();
        let centre = 10 + next(40) as usize;
        marked.extend((0..next(8)).map(|_| centre + next(12) as usize));
        marked.sort_unstable();
        marked.dedup();
        charts.push((format!("random game {seed}"), chart(&values, 30 + next(25) as usize, &marked)));
    }
    charts
}

#[test]
fn crowded_mistakes_labels_never_overlap_nor_leave_the_plot_in_any_theme() {
    let renderer = Renderer::new();
    let mut chips = HashMap::new();
    let mut faults = Vec::new();
    for theme in Theme::ALL {
        for (what, chart) in crowded() {
            let mut found = Vec::new();
            let seen = labels_seen(&renderer, &mut chips, theme, &chart, &mut found);
            // A review lists up to five mistakes a player: of ten marks, however crowded, at most
            // one goes without a label (the card lists it anyway).
            if chart.marks.len() <= 10 {
                let missing: Vec<&str> =
                    chart.marks.iter().zip(&seen).filter(|(_, s)| s.is_none()).map(|(m, _)| m.label.as_str()).collect();
                if missing.len() > 1 {
                    found.push(format!("no label for {missing:?}"));
                }
            }
            faults.extend(found.into_iter().map(|f| format!("{what}, {theme}: {f}")));
        }
    }
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

/// Not a check: writes the crowded charts of every theme to `$RENDER_OUT`, to look at.
#[test]
#[ignore = "writes files; run with RENDER_OUT=dir"]
fn dump_crowded_charts() {
    let Some(dir) = std::env::var_os("RENDER_OUT") else { return };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let renderer = Renderer::new();
    for theme in Theme::ALL {
        for (what, chart) in crowded() {
            let name = format!("crowded-{theme}-{}.png", what.replace(' ', "-"));
            std::fs::write(dir.join(name), renderer.review_chart_png(&chart, theme)).unwrap();
        }
    }
}
