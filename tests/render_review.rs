//! The pictures of a post-game review and of an analysis, checked the way a reader sees them:
//! decode the PNG and look at the pixels where the chart puts a value, a mark or the exact
//! stretch, and where the analysis board puts a score's tile.
//!
//! `RENDER_OUT=/tmp/review cargo test --test render_review -- --ignored` writes a chart and an
//! analysis board of every theme there, to look at.

#[path = "support/pixels.rs"]
mod pixels;

use image::RgbImage;
use pixels::{contrast, decode, distance};
use reversi_bot::engine::{BoardSize, Color, Game, Rules, Square};
use reversi_bot::render::{
    Caption, ChartCaption, ChartLayout, ChartMark, ChartPoint, Layout, MoveScore, RenderOptions, Renderer, ReviewChart,
    Theme,
};

fn pixel(img: &RgbImage, x: f32, y: f32) -> [u8; 3] {
    img.get_pixel(x.round() as u32, y.round() as u32).0
}

/// How many pixels differ between two pictures of the same size within `reach` of (`x`, `y`).
fn differing_near(a: &RgbImage, b: &RgbImage, (x, y): (f32, f32), reach: i32) -> usize {
    let (x, y) = (x.round() as i32, y.round() as i32);
    let mut n = 0;
    for py in y - reach..=y + reach {
        for px in x - reach..=x + reach {
            if px >= 0 && py >= 0 && (px as u32) < a.width() && (py as u32) < a.height() {
                n += usize::from(a.get_pixel(px as u32, py as u32) != b.get_pixel(px as u32, py as u32));
            }
        }
    }
    n
}

/// The largest colour distance between two pictures' pixels within `reach` of (`x`, `y`), and
/// how many pixels differ at all. (A picture has a palette of its own: a colour the eye cannot
/// tell apart may stand in for another.)
fn largest_change(a: &RgbImage, b: &RgbImage, (x, y): (f32, f32), reach: i32) -> (u32, usize) {
    let (x, y) = (x.round() as i32, y.round() as i32);
    let (mut most, mut n) = (0, 0);
    for py in (y - reach).max(0)..=(y + reach).min(a.height() as i32 - 1) {
        for px in (x - reach).max(0)..=(x + reach).min(a.width() as i32 - 1) {
            let d = distance(a.get_pixel(px as u32, py as u32).0, b.get_pixel(px as u32, py as u32).0);
            most = most.max(d);
            n += usize::from(d > 0);
        }
    }
    (most, n)
}

fn caption() -> ChartCaption {
    ChartCaption {
        title: "Anna vs Bo · Black wins 40-20".into(),
        names: ["Black: Anna".into(), "White: Bo".into()],
        exact: "exact".into(),
        moves: "move".into(),
    }
}

fn chart_of(values: &[i32], exact_from: usize, marks: Vec<ChartMark>) -> ReviewChart {
    let points = values.iter().enumerate().map(|(i, &value)| ChartPoint { value, exact: i >= exact_from }).collect();
    ReviewChart { points, marks, caption: caption() }
}

/// A realistic game of 60 moves: level for a while, Black throws 14 discs away at move 23,
/// White gives them back at move 41, and Black wins by 20; solved exactly from move 40.
fn realistic() -> ReviewChart {
    let mut values = vec![0, 1, -2, 0, 3, 2, 4, 1, 3, 2, 5, 3, 4, 2, 6, 4, 5, 3, 6, 5, 7, 4, 6];
    values.push(-8);
    values.extend([-6, -9, -7, -10, -8, -11, -9, -12, -10, -8, -11, -9, -12, -10, -13, -11, -12]);
    values.push(2);
    values.extend([4, 2, 6, 4, 8, 6, 10, 8, 12, 10, 14, 12, 16, 14, 18, 16, 20, 18, 20]);
    assert_eq!(values.len(), 61);
    let marks = vec![
        ChartMark { index: 23, color: Color::Black, label: "23 c1".into() },
        ChartMark { index: 41, color: Color::White, label: "41 b7".into() },
    ];
    chart_of(&values, 40, marks)
}

#[test]
fn the_chart_is_a_png_as_wide_as_the_board_picture() {
    let renderer = Renderer::new();
    let chart = realistic();
    let img = decode(&renderer.review_chart_png(&chart, Theme::Classic));
    let board = decode(&renderer.board_png(&Game::new(Rules::default()), &RenderOptions::default()));
    assert_eq!(img.width(), board.width());
    let layout = ChartLayout::of(&chart);
    assert_eq!((img.width(), img.height()), (layout.width(), layout.height()));
    assert!((260..=320).contains(&img.height()), "{}", img.height());
}

#[test]
fn where_black_leads_the_area_above_the_zero_line_is_filled_in_blacks_disc_colour() {
    let renderer = Renderer::new();
    // Black ahead by 12 over the first half, White by 12 over the second.
    let values: Vec<i32> = (0..=40).map(|i| if i <= 20 { 12 } else { -12 }).collect();
    let chart = chart_of(&values, usize::MAX, Vec::new());
    let layout = ChartLayout::of(&chart);
    for theme in Theme::ALL {
        let colors = theme.colors();
        let [black, white] = colors.discs.map(|d| d.face);
        let img = decode(&renderer.review_chart_png(&chart, theme));
        let (early, late) = (layout.x(8), layout.x(32));
        let (above, below) = (layout.y(6), layout.y(-6));
        assert!(distance(pixel(&img, early, above), black) < 30, "{theme}: Black's lead is filled in its colour");
        assert!(distance(pixel(&img, late, below), white) < 30, "{theme}: White's lead is filled in its colour");
        assert_eq!(pixel(&img, early, below), colors.felt, "{theme}: nothing below the line while Black leads");
        assert_eq!(pixel(&img, late, above), colors.felt, "{theme}: nothing above the line while White leads");
        assert_eq!(pixel(&img, early, layout.y(14)), colors.felt, "{theme}: nothing above Black's lead");
    }
}

#[test]
fn the_value_line_follows_the_values_and_a_bigger_lead_reaches_higher() {
    let renderer = Renderer::new();
    let chart = chart_of(&[0, 10, 20, 30, 30, 30], usize::MAX, Vec::new());
    let layout = ChartLayout::of(&chart);
    assert_eq!(layout.scale(), 32);
    let img = decode(&renderer.review_chart_png(&chart, Theme::Classic));
    let black = Theme::Classic.colors().discs[0].face;
    let felt = Theme::Classic.colors().felt;
    let x = layout.x(4);
    assert!(distance(pixel(&img, x, layout.y(27)), black) < 30, "filled up to +30");
    assert_eq!(pixel(&img, x, layout.y(32) + 1.0), felt, "but not past it");
    assert_ne!(pixel(&img, x, layout.y(30)), felt, "the line itself lies at +30");
}

#[test]
fn the_exactly_solved_stretch_is_shaded_and_labelled() {
    let renderer = Renderer::new();
    let chart = ReviewChart { marks: Vec::new(), ..realistic() };
    let layout = ChartLayout::of(&chart);
    let img = decode(&renderer.review_chart_png(&chart, Theme::Classic));
    let estimated = ReviewChart {
        points: chart.points.iter().map(|p| ChartPoint { exact: false, ..*p }).collect(),
        ..chart.clone()
    };
    let plain = decode(&renderer.review_chart_png(&estimated, Theme::Classic));
    let colors = Theme::Classic.colors();
    // Near the bottom, where no value reaches: felt before move 40, shaded after.
    let y = layout.y(-layout.scale()) + 4.0;
    assert_eq!(pixel(&img, layout.x(15), y), colors.felt);
    assert_ne!(pixel(&img, layout.x(55), y), colors.felt, "the exact stretch is shaded");
    assert_eq!(pixel(&plain, layout.x(55), y), colors.felt, "not without exact points");
    // The label: a chip in the frame's colour inside the stretch.
    let chip = |img: &RgbImage| {
        let (x0, x1) = (layout.x(40).ceil() as u32, layout.x(60) as u32);
        let (y0, y1) = (layout.y(layout.scale()) as u32 - 8, layout.y(-layout.scale()) as u32 + 8);
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y).0 == colors.frame)
            .count()
    };
    assert!(chip(&img) > 200, "the label is written in the stretch: {}", chip(&img));
    assert_eq!(chip(&plain), 0);
}

#[test]
fn a_mark_puts_a_dot_on_its_point_and_a_label_beside_it() {
    let renderer = Renderer::new();
    let chart = realistic();
    let layout = ChartLayout::of(&chart);
    let unmarked = ReviewChart { marks: Vec::new(), ..chart.clone() };
    for theme in Theme::ALL {
        let img = decode(&renderer.review_chart_png(&chart, theme));
        let plain = decode(&renderer.review_chart_png(&unmarked, theme));
        for mark in &chart.marks {
            let at = (layout.x(mark.index), layout.y(chart.points[mark.index].value));
            assert_eq!(pixel(&img, at.0, at.1), theme.colors().accent, "{theme}: the dot of {}", mark.label);
            assert!(differing_near(&img, &plain, at, 30) > 300, "{theme}: the label of {}", mark.label);
        }
        let far = (layout.x(12), layout.y(-20));
        assert_eq!(differing_near(&img, &plain, far, 6), 0, "{theme}: nothing changes away from the marks");
    }
}

#[test]
fn the_sides_names_are_written_top_left_and_bottom_left() {
    let renderer = Renderer::new();
    let chart = realistic();
    let layout = ChartLayout::of(&chart);
    let unnamed =
        ReviewChart { caption: ChartCaption { names: Default::default(), ..chart.caption.clone() }, ..chart.clone() };
    let img = decode(&renderer.review_chart_png(&chart, Theme::Dark));
    let plain = decode(&renderer.review_chart_png(&unnamed, Theme::Dark));
    let (top, bottom) = (layout.y(layout.scale()) - 30.0, layout.y(-layout.scale()) + 52.0);
    assert!(top < layout.y(layout.scale()) && bottom > layout.y(-layout.scale()));
    assert!(differing_near(&img, &plain, (80.0, top), 10) > 30, "Black's name at the top left");
    assert!(differing_near(&img, &plain, (80.0, bottom), 10) > 30, "White's name at the bottom left");
    assert_eq!(differing_near(&img, &plain, (layout.x(30), layout.y(0)), 40), 0, "the plot is the same");
}

#[test]
fn every_theme_draws_the_chart_in_its_own_colours() {
    let renderer = Renderer::new();
    let chart = realistic();
    let mut seen = Vec::new();
    for theme in Theme::ALL {
        let png = renderer.review_chart_png(&chart, theme);
        assert_eq!(png, renderer.review_chart_png(&chart, theme), "{theme}: the same chart gives the same bytes");
        assert!(png.len() < 60_000, "{theme}: {} bytes", png.len());
        let img = decode(&png);
        assert_eq!(img.get_pixel(2, 2).0, theme.colors().frame, "{theme}");
        seen.push(png);
    }
    seen.dedup();
    assert_eq!(seen.len(), Theme::ALL.len());
}

#[test]
fn short_level_long_and_lopsided_games_all_chart() {
    let renderer = Renderer::new();
    let long: Vec<i32> = (0..70).map(|i| (i % 9) - 4).collect();
    let cases = [
        ("no points", chart_of(&[], 0, Vec::new())),
        ("one point", chart_of(&[0], 0, Vec::new())),
        ("two points", chart_of(&[0, -3], 1, Vec::new())),
        ("all level", chart_of(&[0; 61], 50, Vec::new())),
        ("a wipe-out", chart_of(&[0, 8, 20, 40, 64], 0, Vec::new())),
        ("lost by 64", chart_of(&[0, -8, -20, -40, -64], 3, Vec::new())),
        ("70 positions", chart_of(&long, 45, Vec::new())),
        (
            "a mark past the end",
            chart_of(&[0, 4], 0, vec![ChartMark { index: 9, color: Color::Black, label: "9 a1".into() }]),
        ),
        ("no words", ReviewChart { caption: ChartCaption::default(), ..realistic() }),
    ];
    for (what, chart) in cases {
        let img = decode(&renderer.review_chart_png(&chart, Theme::Classic));
        assert_eq!(img.width(), ChartLayout::of(&chart).width(), "{what}");
    }
    let wiped = chart_of(&[0, 8, 20, 40, 64], 0, Vec::new());
    assert_eq!(ChartLayout::of(&wiped).scale(), 64);
    assert_eq!(ChartLayout::of(&chart_of(&[0; 61], 0, Vec::new())).scale(), 8);
}

#[test]
fn many_marks_all_get_their_dots() {
    let renderer = Renderer::new();
    let values: Vec<i32> = (0..=60).map(|i| if i % 4 < 2 { 10 } else { -10 }).collect();
    let marks: Vec<ChartMark> =
        (2..60).step_by(4).map(|i| ChartMark { index: i, color: Color::Black, label: format!("{i} h8") }).collect();
    let chart = chart_of(&values, 50, marks);
    let layout = ChartLayout::of(&chart);
    let img = decode(&renderer.review_chart_png(&chart, Theme::RedBlue));
    for mark in &chart.marks {
        let at = (layout.x(mark.index), layout.y(chart.points[mark.index].value));
        assert_eq!(pixel(&img, at.0, at.1), Theme::RedBlue.colors().accent, "{}", mark.label);
    }
}

// The analysis board.

fn square(name: &str, size: BoardSize) -> Square {
    Square::parse(name, size).expect("a square of the board")
}

fn english(game: &Game) -> Caption {
    Caption {
        names: ["Anna".into(), "Bo".into()],
        to_move: "to move".into(),
        move_number: format!("Move {}", game.move_count()),
        note: "analysis".into(),
        ..Caption::default()
    }
}

/// A game of `moves` moves on a board of `size`, the same every time, with made-up scores for
/// every legal move: the first is the best (+6), the last the worst (-12), the others between;
/// every other one estimated.
fn analysed(size: BoardSize, moves: usize) -> (Game, Vec<MoveScore>) {
    let mut game = Game::new(Rules { size, ..Rules::default() });
    for i in 0..moves {
        let choices = game.legal_choices();
        game.play(choices[(i * 7 + 3) % choices.len()]).expect("a legal choice is legal");
    }
    let squares: Vec<Square> = game.legal_moves().iter().collect();
    assert!(squares.len() >= 3, "the test position has a choice");
    let last = squares.len() - 1;
    let scores = squares
        .iter()
        .enumerate()
        .map(|(i, &square)| MoveScore { square, score: 6 - (18 * i / last) as i32, exact: i % 2 == 0 })
        .collect();
    (game, scores)
}

/// A pixel inside a square's tile, above its number.
fn tile_pixel(img: &RgbImage, layout: &Layout, square: Square) -> [u8; 3] {
    let (x, y) = layout.square_centre(square);
    img.get_pixel(x, y - layout.cell() * 28 / 100).0
}

#[test]
fn an_analysis_board_writes_each_score_on_its_square_and_leaves_the_rest_alone() {
    let renderer = Renderer::new();
    let (game, scores) = analysed(BoardSize::Eight, 10);
    let options = RenderOptions::default();
    let img = decode(&renderer.analysis_png(&game, &scores, &options, &english(&game)));
    let board = RenderOptions { legal_moves: false, ..options };
    let plain = decode(&renderer.board_png_captioned(&game, &board, &english(&game)));
    let layout = Layout::new(BoardSize::Eight);
    let scored: Vec<Square> = scores.iter().map(|s| s.square).collect();
    for square in BoardSize::Eight.all_squares() {
        let (x, y) = layout.square_centre(square);
        let changed = differing_near(&img, &plain, (x as f32, y as f32), 20);
        if scored.contains(&square) {
            assert!(changed > 400, "{square}: only {changed} pixels changed");
        } else {
            let (most, _) = largest_change(&img, &plain, (x as f32, y as f32), 20);
            assert!(most < 300, "{square} has no score, but a pixel moved by {most}");
        }
    }
    let bar = (img.width() as f32 / 2.0, layout.line_y() as f32);
    assert!(largest_change(&img, &plain, bar, 40).0 < 300, "the same caption");
}

#[test]
fn the_best_move_is_on_a_green_tile_with_an_outline_and_the_worst_on_a_red_one() {
    let renderer = Renderer::new();
    let (game, scores) = analysed(BoardSize::Eight, 10);
    let img = decode(&renderer.analysis_png(&game, &scores, &RenderOptions::default(), &english(&game)));
    let layout = Layout::new(BoardSize::Eight);
    let (best, worst) = (scores[0].square, scores[scores.len() - 1].square);
    let [r, g, b] = tile_pixel(&img, &layout, best);
    assert!(g > r + 40 && g > b + 40, "the best move's tile is green: {:?}", [r, g, b]);
    let [r, g, b] = tile_pixel(&img, &layout, worst);
    assert!(r > g + 60 && r > b + 60, "the worst move's tile is red: {:?}", [r, g, b]);
    // The outline: a ring between the tile and the cell's edge, on the best move only.
    let accent = Theme::Classic.colors().accent;
    let ring_at = |square: Square| {
        let (x, y) = layout.square_centre(square);
        let (from, to) = (y - layout.cell() / 2 + 1, y);
        (from..to).any(|py| distance(img.get_pixel(x, py).0, accent) < 200)
    };
    assert!(ring_at(best), "the best move is outlined");
    assert!(!ring_at(worst), "the worst is not");
}

#[test]
fn the_scores_stand_out_from_their_tiles() {
    let renderer = Renderer::new();
    let (game, scores) = analysed(BoardSize::Eight, 10);
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let img = decode(&renderer.analysis_png(&game, &scores, &options, &english(&game)));
        let layout = Layout::new(BoardSize::Eight);
        for score in &scores {
            let ground = tile_pixel(&img, &layout, score.square);
            let (x, y) = layout.square_centre(score.square);
            let ink = (x - 10..x + 10)
                .flat_map(|px| (y - 6..y + 6).map(move |py| (px, py)))
                .map(|(px, py)| img.get_pixel(px, py).0)
                .max_by(|a, b| contrast(*a, ground).total_cmp(&contrast(*b, ground)))
                .unwrap();
            let ratio = contrast(ink, ground);
            assert!(ratio >= 3.0, "{theme}: the score on {} has a contrast of {ratio:.2}:1", score.square);
        }
    }
}

#[test]
fn an_estimated_score_looks_different_from_an_exact_one() {
    let renderer = Renderer::new();
    let (game, mut scores) = analysed(BoardSize::Eight, 10);
    let options = RenderOptions::default();
    scores[1].exact = true;
    let exact = decode(&renderer.analysis_png(&game, &scores, &options, &english(&game)));
    scores[1].exact = false;
    let estimated = decode(&renderer.analysis_png(&game, &scores, &options, &english(&game)));
    let (x, y) = Layout::new(BoardSize::Eight).square_centre(scores[1].square);
    assert!(differing_near(&exact, &estimated, (x as f32, y as f32), 20) > 20);
}

#[test]
fn analysis_works_on_6x6_and_10x10_boards() {
    let renderer = Renderer::new();
    for (size, moves) in [(BoardSize::Six, 8), (BoardSize::Ten, 14)] {
        let (game, scores) = analysed(size, moves);
        let img = decode(&renderer.analysis_png(&game, &scores, &RenderOptions::default(), &english(&game)));
        let layout = Layout::new(size);
        assert_eq!((img.width(), img.height()), (layout.width(), layout.height()), "{size}");
        let [r, g, b] = tile_pixel(&img, &layout, scores[0].square);
        assert!(g > r + 40 && g > b + 40, "{size}: the best move's tile is green: {:?}", [r, g, b]);
    }
    let (game, _) = analysed(BoardSize::Six, 8);
    let taken = MoveScore { square: square("c3", BoardSize::Six), score: 3, exact: true };
    let png = renderer.analysis_png(&game, &[taken], &RenderOptions::default(), &english(&game));
    let board = RenderOptions { legal_moves: false, ..RenderOptions::default() };
    assert_eq!(
        decode(&png),
        decode(&renderer.board_png_captioned(&game, &board, &english(&game))),
        "a taken square gets no score"
    );
}

/// Not a check: writes a chart and an analysis board of every theme to `$RENDER_OUT`.
#[test]
#[ignore = "writes files; run with RENDER_OUT=dir"]
fn dump_review_pictures() {
    let Some(dir) = std::env::var_os("RENDER_OUT") else { return };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let renderer = Renderer::new();
    for theme in Theme::ALL {
        std::fs::write(dir.join(format!("chart-{theme}.png")), renderer.review_chart_png(&realistic(), theme)).unwrap();
        let options = RenderOptions { theme, ..RenderOptions::default() };
        for (size, moves) in [(BoardSize::Six, 8), (BoardSize::Eight, 10), (BoardSize::Ten, 14)] {
            let (game, scores) = analysed(size, moves);
            let png = renderer.analysis_png(&game, &scores, &options, &english(&game));
            std::fs::write(dir.join(format!("analysis-{theme}-{}.png", size.side())), png).unwrap();
        }
    }
    let values: Vec<i32> = (0..=60).map(|i| if i % 4 < 2 { 10 } else { -10 }).collect();
    let marks =
        (2..60).step_by(4).map(|i| ChartMark { index: i, color: Color::Black, label: format!("{i} h8") }).collect();
    std::fs::write(
        dir.join("chart-many-marks.png"),
        renderer.review_chart_png(&chart_of(&values, 50, marks), Theme::Classic),
    )
    .unwrap();
    let (game, scores) = analysed(BoardSize::Ten, 30);
    let spread: Vec<MoveScore> =
        scores.iter().enumerate().map(|(i, s)| MoveScore { score: 24 - 3 * i as i32, ..*s }).collect();
    let png = renderer.analysis_png(&game, &spread, &RenderOptions::default(), &english(&game));
    std::fs::write(dir.join("analysis-spread-10.png"), png).unwrap();
    let long: Vec<i32> = (0..70).map(|i| (i % 9) - 4).collect();
    let edges = [
        ("wipe-out", chart_of(&[0, 8, 20, 40, 64], 0, Vec::new())),
        ("empty", chart_of(&[], 0, Vec::new())),
        ("level", chart_of(&[0; 61], 50, Vec::new())),
        ("long", chart_of(&long, 45, vec![ChartMark { index: 69, color: Color::White, label: "69 j10".into() }])),
    ];
    for (name, chart) in edges {
        std::fs::write(dir.join(format!("chart-{name}.png")), renderer.review_chart_png(&chart, Theme::Dark)).unwrap();
    }
}
