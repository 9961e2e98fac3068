//! The tournament standings picture, checked the way a reader sees it: decode the PNG and look
//! at the pixels of a row, a column, a crosstable cell or the podium.
//!
//! `RENDER_OUT=/tmp/standings cargo test --test standings_picture -- --ignored` writes a 12-player
//! Swiss (after round 5 and final), an 8-player round robin with its crosstable and 64 players in
//! every theme there, to look at.

#[path = "support/pixels.rs"]
mod pixels;

use image::RgbImage;
use pixels::{decode, distance, ink_in, pixel};
use reversi_bot::render::{
    CrossResult, Crosstable, Medal, Renderer, StandingsHeaders, StandingsLayout, StandingsRow, StandingsTable, Theme,
};

const NAMES: [&str; 16] = [
    "Jürgen Weißmüller",
    "Åsa Öberg",
    "Reversi Bot",
    "Zoë Ångström",
    "Maximilian von Hohenzollern-Sigmaringen",
    "Bo Lind",
    "Chloé Dubois",
    "Łukasz Wróbel",
    "Kalle Anka",
    "Ines Müller",
    "Søren Kierkegaard",
    "Mia",
    "Noah Schäfer",
    "Olga Ivanova",
    "Pål Østby",
    "Quentin",
];

fn headers() -> StandingsHeaders {
    StandingsHeaders {
        rank: "#".into(),
        player: "Player".into(),
        games: "G".into(),
        points: "Pts".into(),
        tie_breaks: vec!["BQ".into(), "Discs".into()],
    }
}

/// `n` players, best first, after `games` games each: points falling by half a point every other
/// row, ties sharing a rank written once; the bot (row 2) has a level, row 8 has withdrawn.
fn rows(n: usize, games: u32) -> Vec<StandingsRow> {
    let mut rows: Vec<StandingsRow> = Vec::with_capacity(n);
    for i in 0..n {
        let half_points = (2 * games).saturating_sub(i as u32 * 2 * games / n as u32);
        let shared = rows.last().is_some_and(|r: &StandingsRow| r.half_points == half_points);
        let name = if i < NAMES.len() { NAMES[i].to_string() } else { format!("{} {}", NAMES[i % 16], i / 16 + 1) };
        rows.push(StandingsRow {
            rank: if shared { String::new() } else { (i + 1).to_string() },
            name,
            half_points,
            tie_breaks: vec![format!("{}", 300 - 7 * i as i32), signed(40 - 6 * i as i32)],
            games,
            level: (i == 2).then(|| "Level 3".into()),
            withdrawn: (i == 8).then(|| "withdrawn".into()),
            medal: None,
        });
    }
    rows
}

/// A disc difference as the caller writes it: "+16", "0", "−16" (with a real minus sign).
fn signed(value: i32) -> String {
    if value < 0 { format!("\u{2212}{}", value.unsigned_abs()) } else { format!("{value:+}") }
}

fn swiss(n: usize, round: u32, of: u32) -> StandingsTable {
    StandingsTable {
        title: "Spring Swiss · Othello".into(),
        subtitle: format!("Round {round} of {of}"),
        headers: headers(),
        rows: rows(n, round),
        crosstable: None,
        podium: false,
        footnote: "BQ: Brightwell quotient · Discs: disc difference".into(),
    }
}

/// The same table as final standings: the first three rows with their medals, the podium drawn.
fn finished(mut table: StandingsTable) -> StandingsTable {
    table.subtitle = "Final standings".into();
    for (row, medal) in table.rows.iter_mut().zip(Medal::ALL) {
        row.medal = Some(medal);
    }
    table.podium = true;
    table
}

/// A round robin of `n` after every round: the better-placed player wins, except that every
/// third pairing is drawn, and the withdrawn player's later games are forfeits.
fn round_robin(n: usize) -> StandingsTable {
    let mut table = swiss(n, n as u32 - 1, n as u32 - 1);
    table.title = "Club round robin".into();
    let results = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| match (i, j) {
                    _ if i == j => Vec::new(),
                    (8, _) => vec![CrossResult::ForfeitLoss],
                    (_, 8) => vec![CrossResult::ForfeitWin],
                    _ if (i + j) % 3 == 0 => vec![CrossResult::Draw],
                    _ if i < j => vec![CrossResult::Win],
                    _ => vec![CrossResult::Loss],
                })
                .collect()
        })
        .collect();
    table.crosstable = Some(Crosstable { results });
    table
}

/// The pixels of a row that differ from the row's own ground (its colour at the far right).
fn row_ink(img: &RgbImage, layout: &StandingsLayout, row: usize, (x0, x1): (u32, u32)) -> usize {
    let (top, bottom) = layout.row(row).unwrap();
    let ground = pixel(img, img.width() as i32 - 2, top as i32 + 2);
    ink_in(img, (x0 as i32, top as i32), (x1 as i32 - 1, bottom as i32 - 1), ground)
}

#[test]
fn every_theme_draws_a_swiss_a_round_robin_with_its_crosstable_and_sixty_four_players() {
    let renderer = Renderer::new();
    let tables = [swiss(12, 5, 7), finished(swiss(12, 7, 7)), round_robin(8), swiss(64, 9, 9)];
    for table in &tables {
        let layout = StandingsLayout::of(table);
        let mut seen = Vec::new();
        for theme in Theme::ALL {
            let png = renderer.standings_png(table, theme);
            assert_eq!(png, renderer.standings_png(table, theme), "{theme}: the same table gives the same bytes");
            let img = decode(&png);
            assert_eq!((img.width(), img.height()), (layout.width(), layout.height()), "{theme}");
            assert_eq!(pixel(&img, 2, 2), theme.colors().frame, "{theme}: the page is the theme's frame");
            let name = layout.name_column();
            for row in 0..table.rows.len() {
                assert!(row_ink(&img, &layout, row, name) > 40, "{theme}: row {row}'s name is written");
            }
            seen.push(png);
        }
        seen.dedup();
        assert_eq!(seen.len(), Theme::ALL.len(), "each theme has its own colours");
    }
}

#[test]
fn sixty_four_players_fit_in_one_picture_under_60_kb_in_every_theme() {
    let renderer = Renderer::new();
    let table = swiss(64, 9, 9);
    let layout = StandingsLayout::of(&table);
    assert!(layout.height() < 2000, "{} pixels tall", layout.height());
    let (top, bottom) = layout.row(63).expect("the 64th row is drawn");
    assert!(bottom - top >= 22, "a row is tall enough to read");
    for theme in Theme::ALL {
        let png = renderer.standings_png(&table, theme);
        assert!(png.len() < 60_000, "{theme}: {} bytes", png.len());
        let img = decode(&png);
        assert!(row_ink(&img, &layout, 63, layout.points_column()) > 20, "{theme}: the last row's points");
    }
}

#[test]
fn a_long_name_is_cut_with_an_ellipsis_and_never_drawn_past_its_column() {
    let renderer = Renderer::new();
    let mut table = swiss(12, 5, 7);
    let long = "Maximilian Alexander von Hohenzollern-Sigmaringen und Württemberg-Ödenwald";
    table.rows[4].name = long.into();
    let mut blank = table.clone();
    blank.rows[4].name.clear();
    let layout = StandingsLayout::of(&table);
    assert_eq!(layout, StandingsLayout::of(&blank), "the name does not move the columns");
    let (left, right) = layout.name_column();
    let (top, bottom) = layout.row(4).unwrap();
    for theme in Theme::ALL {
        let img = decode(&renderer.standings_png(&table, theme));
        let plain = decode(&renderer.standings_png(&blank, theme));
        let differs = |x: u32, y: u32| img.get_pixel(x, y) != plain.get_pixel(x, y);
        let changed: Vec<u32> = (top..bottom)
            .flat_map(|y| (0..img.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| differs(x, y))
            .map(|(x, _)| x)
            .collect();
        assert!(!changed.is_empty(), "{theme}: the name is drawn");
        let (first, last) = (changed.iter().min().unwrap(), changed.iter().max().unwrap());
        assert!(*first >= left, "{theme}: the name starts inside its column");
        assert!(*last < right, "{theme}: the name ends at {last}, past its column's edge at {right}");
        assert!(*last > right - 40, "{theme}: the cut name fills its column (ends at {last} of {right})");
        // An ellipsis ends it: three dots, each a small square of ink apart from the others.
        let label = theme.colors().label;
        let near_label = |x: u32| (top..bottom).any(|y| distance(img.get_pixel(x, y).0, label) < 2000);
        let runs = (last - 10..=*last).fold((0, false), |(runs, inside), x| {
            let ink = near_label(x);
            (runs + usize::from(ink && !inside), ink)
        });
        assert_eq!(runs.0, 3, "{theme}: the name ends in an ellipsis's three dots");
    }
}

#[test]
fn the_podium_rows_are_highlighted_and_the_podium_drawn_above_the_table() {
    let renderer = Renderer::new();
    let running = swiss(12, 7, 7);
    let last = finished(running.clone());
    let (before, after) = (StandingsLayout::of(&running), StandingsLayout::of(&last));
    assert_eq!(before.podium(), None);
    let (podium_top, podium_bottom) = after.podium().expect("the final picture has a podium");
    assert_eq!(after.height() - before.height(), podium_bottom - podium_top);
    for theme in Theme::ALL {
        let colors = theme.colors();
        let img = decode(&renderer.standings_png(&last, theme));
        let plain = decode(&renderer.standings_png(&running, theme));
        // Each medal row: a bar of its metal on the left edge, and a ground tinted to the accent.
        let mut bars = Vec::new();
        for row in 0..4 {
            let (top, bottom) = after.row(row).unwrap();
            let middle = ((top + bottom) / 2) as i32;
            let ground = pixel(&img, img.width() as i32 - 2, middle);
            let page_gap = distance(colors.frame, colors.accent);
            if row < 3 {
                assert!(distance(ground, colors.accent) < page_gap, "{theme}: medal row {row} is tinted");
                let bar = pixel(&img, 1, middle);
                assert_ne!(bar, ground, "{theme}: medal row {row} has its bar");
                bars.push(bar);
                let (rank_left, rank_right) = after.rank_column();
                let centre = ((rank_left + rank_right) / 2) as i32;
                let medal = pixel(&img, centre - 5, middle - 4);
                assert!(distance(medal, ground) > 3000, "{theme}: medal row {row} shows its medal");
            } else {
                assert_eq!(pixel(&img, 1, middle), ground, "{theme}: the fourth row has no bar");
                let before = pixel(&plain, img.width() as i32 - 2, (before.row(row).unwrap().0 + 2) as i32);
                assert_eq!(ground, before, "{theme}: the fourth row is not tinted");
            }
        }
        let [gold, silver, bronze] = [bars[0], bars[1], bars[2]];
        assert!(gold[0] > gold[2] + 80 && bronze[0] > bronze[2] + 80, "{theme}: gold and bronze are warm");
        assert!(silver[2] + 30 > silver[0], "{theme}: silver is not warm");
        assert!(gold[1] > bronze[1], "{theme}: gold is brighter than bronze");
        // The podium: its steps in the felt's colour, and the winner's name above the middle one.
        let felt = (podium_top..podium_bottom)
            .flat_map(|y| (0..img.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| img.get_pixel(x, y).0 == colors.felt)
            .count();
        assert!(felt > 10_000, "{theme}: the podium's steps ({felt} pixels of felt)");
        let middle = img.width() as i32 / 2;
        let above_first =
            ink_in(&img, (middle - 60, podium_top as i32 + 30), (middle + 60, podium_top as i32 + 52), colors.frame);
        assert!(above_first > 80, "{theme}: the winner's name above the highest step");
        assert_eq!(
            pixel(&plain, 1, before.row(0).unwrap().0 as i32 + 5),
            colors.frame,
            "{theme}: no bar while running"
        );
    }
}

#[test]
fn a_withdrawn_players_row_is_greyed_and_marked() {
    let renderer = Renderer::new();
    let table = swiss(12, 5, 7);
    assert!(table.rows[8].withdrawn.is_some());
    let mut present = table.clone();
    present.rows[8].withdrawn = None;
    let layout = StandingsLayout::of(&table);
    let (top, bottom) = layout.row(8).unwrap();
    let (left, right) = layout.name_column();
    for theme in Theme::ALL {
        let label = theme.colors().label;
        let count_label = |img: &RgbImage, (x0, x1): (u32, u32)| {
            (top..bottom)
                .flat_map(|y| (x0..x1).map(move |x| (x, y)))
                .filter(|&(x, y)| img.get_pixel(x, y).0 == label)
                .count()
        };
        let img = decode(&renderer.standings_png(&table, theme));
        let plain = decode(&renderer.standings_png(&present, theme));
        assert!(count_label(&plain, (left, right)) > 30, "{theme}: a present player's name is in the label colour");
        assert_eq!(count_label(&img, (left, right)), 0, "{theme}: a withdrawn player's name is greyed");
        assert_eq!(count_label(&img, layout.points_column()), 0, "{theme}: and so are their points");
        assert!(count_label(&plain, layout.points_column()) > 10, "{theme}");
        // The mark is written at the right of the name column, where the present player has nothing.
        let mark = ((right - 70) as i32, top as i32 + 3);
        let ground = pixel(&plain, img.width() as i32 - 2, top as i32 + 2);
        assert_eq!(ink_in(&plain, mark, (right as i32 - 1, bottom as i32 - 4), ground), 0, "{theme}");
        assert!(ink_in(&img, mark, (right as i32 - 1, bottom as i32 - 4), ground) > 30, "{theme}: the mark");
    }
}

#[test]
fn the_crosstable_shows_each_result_with_a_blank_diagonal() {
    let renderer = Renderer::new();
    let table = round_robin(8);
    let layout = StandingsLayout::of(&table);
    let plain = StandingsTable { crosstable: None, ..table.clone() };
    let (wide, narrow) = (layout.width(), StandingsLayout::of(&plain).width());
    assert!(wide >= narrow + 120, "the grid makes the picture wider: {wide} against {narrow}");
    assert_eq!(StandingsLayout::of(&plain).crosstable_cell(0, 1), None);
    let mut unplayed = table.clone();
    unplayed.crosstable.as_mut().unwrap().results[0][1].clear();
    for theme in [Theme::Classic, Theme::Dark, Theme::RedBlue] {
        let img = decode(&renderer.standings_png(&table, theme));
        let open = decode(&renderer.standings_png(&unplayed, theme));
        let ink = |img: &RgbImage, row: usize, column: usize| {
            let (x, y) = layout.crosstable_cell(row, column).unwrap();
            let ground = pixel(img, img.width() as i32 - 2, layout.row(row).unwrap().0 as i32 + 2);
            ink_in(img, (x as i32 - 8, y as i32 - 7), (x as i32 + 8, y as i32 + 7), ground)
        };
        for i in 0..8 {
            let (x, y) = layout.crosstable_cell(i, i).unwrap();
            let diagonal = pixel(&img, x as i32, y as i32);
            assert_ne!(diagonal, pixel(&img, img.width() as i32 - 2, y as i32), "{theme}: the diagonal is shaded");
            assert_eq!(ink_in(&img, (x as i32 - 8, y as i32 - 7), (x as i32 + 8, y as i32 + 7), diagonal), 0);
            for j in (0..8).filter(|&j| j != i) {
                assert!(ink(&img, i, j) > 10, "{theme}: the result of row {i} against row {j}");
            }
        }
        assert_eq!(ink(&open, 0, 1), 0, "{theme}: a game not played yet leaves its cell blank");
        // A win ("1") and a loss ("0") look different.
        let (x, y) = layout.crosstable_cell(0, 1).unwrap();
        let (x2, y2) = layout.crosstable_cell(1, 0).unwrap();
        let cell = |img: &RgbImage, x: u32, y: u32| -> Vec<bool> {
            let ground = pixel(img, img.width() as i32 - 2, y as i32);
            (y - 7..=y + 7)
                .flat_map(|py| (x - 8..=x + 8).map(move |px| (px, py)))
                .map(|(px, py)| pixel(img, px as i32, py as i32) != ground)
                .collect()
        };
        assert_ne!(cell(&img, x, y), cell(&img, x2, y2), "{theme}: 1 and 0 differ");
    }
}

#[test]
fn halves_are_written_after_the_whole_points_which_stay_aligned() {
    let renderer = Renderer::new();
    let mut table = swiss(4, 5, 7);
    for (row, half_points) in table.rows.iter_mut().zip([9, 8, 1, 0]) {
        row.half_points = half_points;
    }
    let layout = StandingsLayout::of(&table);
    let img = decode(&renderer.standings_png(&table, Theme::Classic));
    let (left, right) = layout.points_column();
    // The rightmost ink of each row's points.
    let end = |row: usize| {
        let (top, bottom) = layout.row(row).unwrap();
        let ground = pixel(&img, img.width() as i32 - 2, top as i32 + 2);
        (left..right).rev().find(|&x| (top..bottom).any(|y| img.get_pixel(x, y).0 != ground)).unwrap()
    };
    assert_eq!(end(0), end(2), "4½ and ½ end together");
    assert!(end(1) + 5 < end(0), "4 stops where 4½'s whole part does");
    assert_eq!(end(1), end(3), "4 and 0 end together");
}

#[test]
#[ignore = "writes pictures to $RENDER_OUT to look at"]
fn write_standings_pictures_to_look_at() {
    let Ok(dir) = std::env::var("RENDER_OUT") else {
        panic!("set RENDER_OUT to a directory");
    };
    std::fs::create_dir_all(&dir).unwrap();
    let renderer = Renderer::new();
    let tables = [
        ("swiss-12-round-5", swiss(12, 5, 7)),
        ("swiss-12-final", finished(swiss(12, 7, 7))),
        ("round-robin-8", round_robin(8)),
        ("round-robin-16-final", finished(round_robin(16))),
        ("swiss-64", swiss(64, 9, 9)),
    ];
    for (name, table) in &tables {
        for theme in Theme::ALL {
            let png = renderer.standings_png(table, theme);
            std::fs::write(format!("{dir}/{name}-{theme}.png"), &png).unwrap();
            println!("{name}-{theme}.png: {} bytes", png.len());
        }
    }
}
