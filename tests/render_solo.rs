//! Pictures of the solo game, checked the way a player sees them: decode the PNG and look at
//! the squares (a disc is round, a tile square; a face-up tile shows its number, a face-down one
//! its back), the marks of the last move, the tray of tiles won, the words of the caption and
//! the ending's banner, and identical bytes for identical input.
//!
//! `RENDER_GALLERY=docs/screenshots cargo test --test render_solo -- --ignored --nocapture`
//! writes `solo-start.png`, `solo-in-progress.png` and `solo-finished.png` there, to look at.

#[path = "support/pixels.rs"]
mod pixels;

use image::RgbImage;
use pixels::decode;
use reversi_bot::ai::solo::greedy_move;
use reversi_bot::engine::solo::{BLACK, GOLD, SoloBoard, SoloGame, SoloMove, SoloScore};
use reversi_bot::engine::{BoardSize, Square, SquareSet};
use reversi_bot::render::SoloCaption;
use reversi_bot::render::{Layout, RenderOptions, Renderer, Theme};

fn square(name: &str) -> Square {
    name.parse().expect("a square of the 8x8 board")
}

fn none() -> SquareSet {
    SquareSet::empty(BoardSize::Eight)
}

/// The score line as a caller would write it in English.
fn score_line(score: SoloScore) -> String {
    format!("{} tiles · value {}", score.tiles, score.value())
}

fn caption(title: &str, board: &SoloBoard, ending: Option<&str>) -> SoloCaption {
    SoloCaption {
        title: title.into(),
        won: "Won".into(),
        score: score_line(board.score()),
        ending: ending.map(Into::into),
    }
}

/// A board with one gold 7 on b7 (face up or down), a gold disc on b8 and a black one on c8.
fn one_tile(tile: &str) -> SoloBoard {
    let rows = format!(
        ". . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . O X . . .
         . . . X O . . .
         . . . . . . . .
         . {tile} . . . . . .
         . X O . . . . ."
    );
    SoloBoard::from_rows(&rows).expect("the test diagram is a board")
}

/// The doc example of `SoloBoard::from_rows`: d8 gold wins the black 7 on c8.
const WINNING: &str = ". . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . O X . . .
    . . . X O . . .
    . . . . . . . .
    . . . . . . . .
    . X b7 . . . . #g_";

/// The centre of `name`'s cell in the picture.
fn centre(name: &str) -> (u32, u32) {
    Layout::new(BoardSize::Eight).square_centre(square(name))
}

fn pixel(img: &RgbImage, (x, y): (u32, u32)) -> [u8; 3] {
    img.get_pixel(x, y).0
}

/// How many pixels differ between two pictures of the same size inside the rectangle.
fn differing(a: &RgbImage, b: &RgbImage, x: std::ops::Range<u32>, y: std::ops::Range<u32>) -> usize {
    y.flat_map(|y| x.clone().map(move |x| (x, y))).filter(|&(x, y)| a.get_pixel(x, y) != b.get_pixel(x, y)).count()
}

/// A deal played `moves` moves with the greedy player: the game and its last move's outcome.
fn greedy(seed: u64, moves: usize) -> (SoloGame, Option<SoloMove>, SquareSet) {
    let mut game = SoloGame::deal(seed);
    let (mut last, mut flipped) = (None, none());
    for _ in 0..moves {
        let Some(mv) = greedy_move(&game.view()) else { break };
        let outcome = game.play(mv).expect("the greedy player plays legal moves");
        (last, flipped) = (Some(outcome.played), outcome.flipped);
    }
    (game, last, flipped)
}

#[test]
fn a_solo_picture_is_as_wide_as_the_two_player_picture_and_a_banner_makes_it_taller() {
    let renderer = Renderer::new();
    let game = SoloGame::deal(1);
    let going_on = decode(&renderer.solo_png(game.board(), None, none(), &caption("Deal 1", game.board(), None)));
    let two_player = decode(&renderer.board_png(
        &reversi_bot::engine::Game::new(Default::default()),
        &RenderOptions { theme: Theme::Ravensburger, ..RenderOptions::default() },
    ));
    assert_eq!(going_on.width(), two_player.width());
    assert_eq!((going_on.width(), going_on.height()), (508, 592));
    let ended = caption("Deal 1", game.board(), Some("Game over: 0 tiles, value 0"));
    let finished = decode(&renderer.solo_png(game.board(), None, none(), &ended));
    assert_eq!((finished.width(), finished.height()), (508, 636));
}

#[test]
fn the_board_is_drawn_as_the_two_player_board_in_the_ravensburger_theme() {
    let renderer = Renderer::new();
    let game = SoloGame::deal(1);
    let solo = decode(&renderer.solo_png(game.board(), None, none(), &SoloCaption::default()));
    let two_player = decode(&renderer.board_png(
        &reversi_bot::engine::Game::new(Default::default()),
        &RenderOptions { theme: Theme::Ravensburger, legal_moves: false, ..RenderOptions::default() },
    ));
    let colors = Theme::Ravensburger.colors();
    // The frame with its coordinates above the board, the felt, and the centre discs alike.
    // (Each picture has its own palette, so anti-aliased edges may differ by a shade.)
    let above: Vec<(u32, u32)> = (0..30).flat_map(|y| (0..508).map(move |x| (x, y))).collect();
    for &p in &above {
        let (a, b) = (pixel(&solo, p), pixel(&two_player, p));
        assert!((0..3).all(|i| a[i].abs_diff(b[i]) <= 16), "the frame and coordinates at {p:?}: {a:?} {b:?}");
    }
    assert!(above.iter().filter(|&&p| pixel(&solo, p) == colors.label).count() > 50, "the coordinates");
    for name in ["d4", "e4", "d5", "e5"] {
        assert_eq!(pixel(&solo, centre(name)), pixel(&two_player, centre(name)), "{name}");
    }
    assert_eq!(pixel(&solo, centre("d4")), colors.discs[BLACK.index()].face);
    assert_eq!(pixel(&solo, centre("e4")), colors.discs[GOLD.index()].face);
    assert_eq!(pixel(&solo, centre("a1")), colors.felt, "a1 is free in the standard layout");
}

#[test]
fn a_tile_is_square_and_a_disc_round() {
    let renderer = Renderer::new();
    let board = one_tile("#g7");
    let img = decode(&renderer.solo_png(&board, None, none(), &SoloCaption::default()));
    let felt = Theme::Ravensburger.colors().felt;
    let cell = Layout::new(BoardSize::Eight).cell();
    let corner = |(x, y): (u32, u32)| (x - cell * 34 / 100, y - cell * 34 / 100);
    assert_ne!(pixel(&img, corner(centre("b7"))), felt, "a tile reaches into its cell's corners");
    assert_eq!(pixel(&img, corner(centre("b8"))), felt, "a disc does not");
    assert_ne!(pixel(&img, centre("b7")), pixel(&img, centre("b8")), "a tile's back is not a gold disc");
}

#[test]
fn a_face_up_tile_shows_its_number_where_a_face_down_one_shows_its_back() {
    let renderer = Renderer::new();
    let picture = |tile: &str| decode(&renderer.solo_png(&one_tile(tile), None, none(), &SoloCaption::default()));
    let (down, up, three, blank) = (picture("#g7"), picture("g7"), picture("g3"), picture("g_"));
    let (x, y) = centre("b7");
    let half = Layout::new(BoardSize::Eight).cell() / 2;
    let cell = (x - half..x + half, y - half..y + half);
    assert!(differing(&down, &up, cell.0.clone(), cell.1.clone()) > 200, "turning a tile up changes it");
    assert!(differing(&up, &three, cell.0.clone(), cell.1.clone()) > 20, "a 7 is not a 3");
    assert!(differing(&up, &blank, cell.0.clone(), cell.1.clone()) > 20, "a blank shows no number");
    assert_eq!(differing(&down, &up, 0..508, 0..y - half), 0, "nothing else changes");
    let gold = Theme::Ravensburger.colors().discs[GOLD.index()].face;
    let (gx, gy) = (x - half / 2, y);
    assert_eq!(pixel(&up, (gx, gy)), gold, "a face-up gold tile is gold beside its number");
    assert_ne!(pixel(&down, (gx, gy)), gold, "its back is not");
    let black = decode(&renderer.solo_png(&one_tile("b7"), None, none(), &SoloCaption::default()));
    assert_eq!(pixel(&black, (gx, gy)), Theme::Ravensburger.colors().discs[BLACK.index()].face);
}

#[test]
fn the_last_move_carries_a_dot_and_the_discs_it_turned_a_small_one() {
    let renderer = Renderer::new();
    let (game, last, flipped) = greedy(3, 1);
    let (last, turned) = (last.expect("a first move"), flipped.iter().next().expect("a turned disc"));
    let marked = decode(&renderer.solo_png(game.board(), Some(last), flipped, &SoloCaption::default()));
    let plain = decode(&renderer.solo_png(game.board(), None, none(), &SoloCaption::default()));
    let colors = Theme::Ravensburger.colors();
    let at = |name: Square| Layout::new(BoardSize::Eight).square_centre(name);
    assert_eq!(pixel(&marked, at(last.square)), colors.discs[last.color.index()].last);
    assert_eq!(pixel(&plain, at(last.square)), colors.discs[last.color.index()].face);
    assert_eq!(pixel(&marked, at(turned)), colors.discs[last.color.index()].flipped);
    assert_eq!(pixel(&plain, at(turned)), colors.discs[last.color.index()].face);
}

#[test]
fn winning_a_tile_puts_it_in_the_tray() {
    let renderer = Renderer::new();
    let before = SoloBoard::from_rows(WINNING).expect("the test diagram is a board");
    let mut after = before;
    let outcome = after.play(SoloMove::new(square("d8"), GOLD)).expect("d8 gold is legal");
    assert_eq!(outcome.won.len(), 1);
    // The same words on both, so that only the board and the tray differ.
    let words = SoloCaption { title: "Deal".into(), won: "Won".into(), ..SoloCaption::default() };
    let before = decode(&renderer.solo_png(&before, None, none(), &words));
    let after = decode(&renderer.solo_png(&after, None, none(), &words));
    let layout = Layout::new(BoardSize::Eight);
    let bar = layout.square_centre(square("h8")).1 + layout.cell();
    assert!(differing(&before, &after, 0..508, bar..before.height()) > 200, "the black 7 lies in the tray");
    assert!(differing(&before, &after, 0..508, bar..bar + 30) == 0, "the words stay");
    let (x, y) = centre("c8");
    assert_eq!(pixel(&after, (x - 12, y)), Theme::Ravensburger.colors().felt, "c8 is free again");
}

#[test]
fn the_caption_writes_the_title_the_score_and_the_trays_label() {
    let renderer = Renderer::new();
    let game = SoloGame::deal(5);
    let silent = decode(&renderer.solo_png(game.board(), None, none(), &SoloCaption::default()));
    let words = caption("Deal 5", game.board(), None);
    for changed in [
        SoloCaption { title: String::new(), ..words.clone() },
        SoloCaption { won: String::new(), ..words.clone() },
        SoloCaption { score: String::new(), ..words.clone() },
    ] {
        let with = decode(&renderer.solo_png(game.board(), None, none(), &words));
        let without = decode(&renderer.solo_png(game.board(), None, none(), &changed));
        assert!(differing(&with, &without, 0..508, 0..with.height()) > 30, "{changed:?}");
        assert!(differing(&silent, &without, 0..508, 0..with.height()) > 30, "{changed:?}");
    }
}

#[test]
fn a_finished_game_shows_its_ending_on_a_banner() {
    let renderer = Renderer::new();
    let (game, last, flipped) = greedy(11, 200);
    assert!(game.is_over());
    let going_on = caption("Deal 11", game.board(), None);
    let ended = caption("Deal 11", game.board(), Some("Game over: every tile is won"));
    let without = decode(&renderer.solo_png(game.board(), last, flipped, &going_on));
    let with = decode(&renderer.solo_png(game.board(), last, flipped, &ended));
    assert_eq!(differing(&without, &with, 0..508, 0..without.height()), 0, "the banner is added below");
    let accent = Theme::Ravensburger.colors().accent;
    let banner = (without.height()..with.height()).flat_map(|y| (0..508).map(move |x| (x, y)));
    assert!(banner.filter(|&p| pixel(&with, p) == accent).count() > 5_000, "an accent banner");
}

#[test]
fn the_same_position_gives_the_same_bytes() {
    let (game, last, flipped) = greedy(42, 12);
    let words = caption("Deal 42", game.board(), None);
    let once = Renderer::new().solo_png(game.board(), last, flipped, &words);
    let renderer = Renderer::new();
    renderer.warm_up();
    assert_eq!(renderer.solo_png(game.board(), last, flipped, &words), once);
    assert_eq!(renderer.solo_png(game.board(), last, flipped, &words), once);
}

#[test]
fn long_words_are_cut_to_fit_and_a_full_tray_fits_the_picture() {
    let renderer = Renderer::new();
    let (game, last, flipped) = greedy(2, 200);
    let long = SoloCaption {
        title: "Tägliche Partie vom 28. November 2026 mit einem sehr langen Namen".into(),
        won: "Gewonnene Plättchen".into(),
        score: "20 Plättchen · Wert 93 (doppelt: alle vier leeren Plättchen)".into(),
        ending: Some("Spiel vorbei: 20 Plättchen, Wert 93, und noch viel mehr Worte als Platz".into()),
    };
    let img = decode(&renderer.solo_png(game.board(), last, flipped, &long));
    assert_eq!(img.width(), 508);
    // Nothing is written on the frame's outer edges.
    let frame = Theme::Ravensburger.colors().frame;
    for y in 0..img.height() {
        for x in [0, 1, 2, 505, 506, 507] {
            assert_eq!(pixel(&img, (x, y)), frame, "({x}, {y})");
        }
    }
}
