//! Board picture speed and size: a PNG of a mid-game position on every board size (the picture
//! sent after every move, with the players' names and a note, as the service captions it, and
//! one without words), the replay GIF of a whole 60-move game, the one-off cost of a cold
//! renderer's first picture, a review's chart with few and with crowded mistakes, and tournament
//! standings (12 and 64 players of a Swiss, 16 of a round robin with its crosstable). The byte
//! sizes are printed before each measurement.
//! `cargo bench --bench render`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_bot::engine::{BoardSize, Color, Game, Rules, random_game};
use reversi_bot::render::{
    Caption, ChartCaption, ChartMark, ChartPoint, CrossResult, Crosstable, Medal, RenderOptions, Renderer, ReviewChart,
    StandingsHeaders, StandingsRow, StandingsTable, Theme,
};

/// A complete game of 60 moves (Black wins 40-24).
const FULL_GAME: &str = "c4c5b6f3f6b3f4d3f2g4c6c7c2d6b4a4e6d2f5a7a6g3c3d7d8b5b2e3a8g1f1c1h2g5f7h3d1a1h5a3h1g7e7e2e1c8a5g6b8g8a2e8h7h6f8h8g2h4b7b1";

fn game(moves: usize) -> Game {
    let mut game = Game::from_transcript(Rules::default(), FULL_GAME).expect("the benchmark game is legal");
    while game.move_count() > moves {
        game.undo();
    }
    game
}

/// The middle of a seeded random game on a board of `size` (about half the squares filled).
fn midgame(size: BoardSize) -> Game {
    if size == BoardSize::Eight {
        return game(30);
    }
    let mut game = random_game(Rules { size, ..Rules::default() }, 7);
    while game.move_count() > (size.squares() as usize - 4) / 2 {
        game.undo();
    }
    game
}

/// The caption the service would give, in German, with names that need letters beyond ASCII.
fn caption(game: &Game) -> Caption {
    Caption {
        names: ["Jürgen Weißmüller".into(), "Åsa Öberg".into()],
        to_move: "am Zug".into(),
        passed: "hat gepasst".into(),
        in_hand: "in der Hand".into(),
        move_number: format!("Zug {}", game.move_count()),
        ending: None,
        note: "Tiger".into(),
    }
}

fn png(c: &mut Criterion) {
    let renderer = Renderer::new();
    renderer.warm_up();
    let mut group = c.benchmark_group("render png");
    for size in BoardSize::ALL {
        let midgame = midgame(size);
        let caption = caption(&midgame);
        for theme in [Theme::Classic, Theme::Dark] {
            let options = RenderOptions { theme, ..RenderOptions::default() };
            let bytes = renderer.board_png_captioned(&midgame, &options, &caption).len();
            println!("{size} mid-game PNG, {theme}, captioned: {bytes} bytes");
            group.bench_function(format!("{size} mid-game {theme} captioned"), |b| {
                b.iter(|| renderer.board_png_captioned(black_box(&midgame), black_box(&options), black_box(&caption)))
            });
        }
    }
    let midgame = game(30);
    let options = RenderOptions::default();
    println!("8x8 mid-game PNG without words: {} bytes", renderer.board_png(&midgame, &options).len());
    group.bench_function("8x8 mid-game classic without words", |b| {
        b.iter(|| renderer.board_png(black_box(&midgame), black_box(&options)))
    });
    let numbered = RenderOptions { move_numbers: true, ..RenderOptions::default() };
    println!("8x8 mid-game PNG with move numbers: {} bytes", renderer.board_png(&midgame, &numbered).len());
    group.bench_function("8x8 mid-game move numbers", |b| {
        b.iter(|| renderer.board_png(black_box(&midgame), black_box(&numbered)))
    });
    group.finish();
}

fn gif(c: &mut Criterion) {
    let renderer = Renderer::new();
    renderer.warm_up();
    let full = game(60);
    let options = RenderOptions { legal_moves: false, ..RenderOptions::default() };
    let caption = caption(&full);
    let label = |k: usize| format!("Zug {k}");
    println!("60-move replay GIF: {} bytes", renderer.replay_gif_captioned(&full, &options, &caption, &label).len());
    let mut group = c.benchmark_group("render gif");
    group.sample_size(20);
    group.bench_function("60-move replay", |b| {
        b.iter(|| renderer.replay_gif_captioned(black_box(&full), black_box(&options), &caption, &label))
    });
    group.finish();
}

fn cold(c: &mut Criterion) {
    let midgame = game(30);
    let mut group = c.benchmark_group("render cold");
    group.sample_size(10);
    group.bench_function("first 8x8 picture of a new renderer", |b| {
        b.iter(|| Renderer::new().board_png(black_box(&midgame), &RenderOptions::default()))
    });
    group.finish();
}

/// A review chart of a wandering 60-move game with a mark (move number and square) at each of
/// `marked`, captioned in German.
fn review_chart(marked: &[usize]) -> ReviewChart {
    ReviewChart {
        points: (0..=60i32)
            .map(|i| ChartPoint { value: (i * 7 % 23) - 11 + i / 3 - (i * i) / 90, exact: i >= 40 })
            .collect(),
        marks: marked
            .iter()
            .map(|&i| ChartMark {
                index: i,
                color: if i % 2 == 1 { Color::Black } else { Color::White },
                label: format!("{i} {}{}", (b'a' + (i * 5 % 8) as u8) as char, 1 + i * 3 % 8),
            })
            .collect(),
        caption: ChartCaption {
            title: "Bewertung bei bestem Spiel".into(),
            names: ["Schwarz: Jürgen".into(), "Weiß: Åsa".into()],
            exact: "exakt".into(),
            moves: "Zug".into(),
        },
    }
}

fn chart(c: &mut Criterion) {
    let renderer = Renderer::new();
    renderer.warm_up();
    let mut group = c.benchmark_group("render review chart");
    group.sample_size(20);
    let few = review_chart(&[12, 27, 33, 48]);
    let crowded = review_chart(&(21..60).step_by(2).collect::<Vec<_>>());
    for (name, chart) in [("4 mistakes", few), ("20 crowded mistakes", crowded)] {
        println!("review chart PNG, {name}: {} bytes", renderer.review_chart_png(&chart, Theme::Classic).len());
        group.bench_function(name, |b| b.iter(|| renderer.review_chart_png(black_box(&chart), Theme::Classic)));
    }
    group.finish();
}

/// Names that need letters beyond ASCII, one long enough to be cut.
const NAMES: [&str; 8] = [
    "Jürgen Weißmüller",
    "Åsa Öberg",
    "Zoë Ångström",
    "Maximilian von Hohenzollern-Sigmaringen",
    "Łukasz Wróbel",
    "Søren Kierkegaard",
    "Chloé Dubois",
    "Noah Schäfer",
];

/// The standings of `n` players after `rounds` rounds, as the service would caption them in
/// German; the final one with its podium, a round robin's with its crosstable.
fn standings(n: usize, rounds: u32, round_robin: bool) -> StandingsTable {
    let rows = (0..n)
        .map(|i| {
            let half_points = (2 * rounds).saturating_sub(i as u32 * 2 * rounds / n as u32);
            let discs = 40 - 3 * i as i32;
            StandingsRow {
                rank: (i + 1).to_string(),
                name: format!("{} {}", NAMES[i % NAMES.len()], i / NAMES.len() + 1),
                half_points,
                tie_breaks: vec![
                    (300 - 4 * i).to_string(),
                    if discs < 0 { format!("\u{2212}{}", -discs) } else { format!("+{discs}") },
                ],
                games: rounds,
                level: (i == 2).then(|| "Stufe 3".into()),
                withdrawn: (i == 5).then(|| "zurückgezogen".into()),
                medal: Medal::ALL.get(i).copied().filter(|_| round_robin),
            }
        })
        .collect();
    let results = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match (i, j) {
                    _ if i == j => Vec::new(),
                    _ if (i + j) % 3 == 0 => vec![CrossResult::Draw],
                    _ if i < j => vec![CrossResult::Win],
                    _ => vec![CrossResult::Loss],
                })
                .collect()
        })
        .collect();
    StandingsTable {
        title: "Frühjahrsturnier".into(),
        subtitle: if round_robin { "Endstand".into() } else { format!("Runde {rounds} von 9") },
        headers: StandingsHeaders {
            rank: "#".into(),
            player: "Spieler".into(),
            games: "P".into(),
            points: "Pkt".into(),
            tie_breaks: vec!["BQ".into(), "Steine".into()],
        },
        rows,
        crosstable: round_robin.then_some(Crosstable { results }),
        podium: round_robin,
        footnote: "BQ: Brightwell-Quotient · Steine: Steindifferenz".into(),
    }
}

fn standings_png(c: &mut Criterion) {
    let renderer = Renderer::new();
    let mut group = c.benchmark_group("render standings");
    let tables = [
        ("12-player Swiss", standings(12, 5, false)),
        ("64-player Swiss", standings(64, 9, false)),
        ("16-player round robin final", standings(16, 15, true)),
    ];
    for (name, table) in &tables {
        for theme in [Theme::Classic, Theme::Dark] {
            let bytes = renderer.standings_png(table, theme).len();
            println!("{name} standings PNG, {theme}: {bytes} bytes");
            group.bench_function(format!("{name} {theme}"), |b| {
                b.iter(|| renderer.standings_png(black_box(table), black_box(theme)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, png, gif, cold, chart, standings_png);
criterion_main!(benches);
