//! Reiner Knizia's solo game, rule by rule as the Ravensburger sheet (and `docs/solo.md`) states
//! it: the layout and the deal, what a move must do, flipping, turning tiles up, winning tiles,
//! the end, the score, the records, and the hint player against the greedy one.

use reversi_bot::ai::solo::{HintConfig, SoloPlayer, hint};
use reversi_bot::engine::solo::{
    BLACK, GOLD, IllegalSoloMove, SoloBoard, SoloEnd, SoloGame, SoloLayout, SoloMove, SoloRecordError, SoloScore, Tile,
    TileFace, daily_seed,
};
use reversi_bot::engine::{BoardSize, Direction, SplitMix64, Square};

fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

fn gold(square: &str) -> SoloMove {
    SoloMove::new(sq(square), GOLD)
}

fn black(square: &str) -> SoloMove {
    SoloMove::new(sq(square), BLACK)
}

fn tile(text: &str) -> Tile {
    let color = if text.starts_with('g') { GOLD } else { BLACK };
    match &text[1..] {
        "_" => Tile::blank(color),
        number => Tile::numbered(color, number.parse().unwrap()).unwrap(),
    }
}

/// An otherwise empty board (no centre discs) with `cells` (as in [`SoloBoard::from_rows`]) on
/// the squares named.
fn board(cells: &[(&str, &str)]) -> SoloBoard {
    let mut grid = vec!["."; 64];
    for &(square, cell) in cells {
        let s = sq(square);
        grid[usize::from(s.row()) * 8 + usize::from(s.col())] = cell;
    }
    let rows: Vec<String> = grid.chunks(8).map(|row| row.join(" ")).collect();
    SoloBoard::from_rows(&rows.join("\n")).unwrap()
}

fn won_squares(outcome: &reversi_bot::engine::solo::SoloOutcome) -> Vec<String> {
    outcome.won.iter().map(|(s, _)| s.to_string()).collect()
}

/// A symmetry of the square board, as a map of (column, row).
type Symmetry = fn(u8, u8) -> (u8, u8);

/// The eight symmetries of the square board: four rotations, four reflections.
fn symmetries() -> Vec<Symmetry> {
    vec![
        |c, r| (c, r),
        |c, r| (7 - r, c),
        |c, r| (7 - c, 7 - r),
        |c, r| (r, 7 - c),
        |c, r| (7 - c, r),
        |c, r| (c, 7 - r),
        |c, r| (r, c),
        |c, r| (7 - r, 7 - c),
    ]
}

// ---------------------------------------------------------------------------------------------
// The layout and the deal

#[test]
fn the_layout_has_24_squares_every_symmetry_of_the_board_and_no_centre_square() {
    let squares = SoloLayout::STANDARD.squares();
    assert_eq!(squares.len(), 24);
    for centre in ["d4", "e4", "d5", "e5"] {
        assert!(!squares.contains(sq(centre)), "{centre}");
    }
    for map in symmetries() {
        for s in squares {
            let (c, r) = map(s.col(), s.row());
            assert!(squares.contains(Square::new(c, r).unwrap()), "{s} maps to a square without a tile");
        }
    }
}

#[test]
fn every_tile_of_the_layout_can_be_turned_up_and_won_from_the_start() {
    let squares = SoloLayout::STANDARD.squares();
    let start = SoloGame::deal(0);
    let can_be_free = |s: Square| !squares.contains(s) && start.board().disc_at(s).is_none();
    let can_hold_disc = |s: Square| !squares.contains(s);
    for s in squares {
        // A free orthogonal neighbour, for the disc that turns the tile up...
        let orthogonal = [Direction::N, Direction::E, Direction::S, Direction::W];
        assert!(orthogonal.iter().filter_map(|&d| s.step(d, BoardSize::Eight)).any(can_be_free), "{s}");
        // ...and a line through it with no tile beside it: one side free for the winning disc,
        // the other for the disc of its colour.
        let line = [Direction::E, Direction::S, Direction::SE, Direction::SW].into_iter().any(|d| {
            let ahead = s.step(d, BoardSize::Eight);
            let behind = s.step(Direction::ALL[(d.index() + 4) % 8], BoardSize::Eight);
            matches!((ahead, behind), (Some(a), Some(b)) if (can_be_free(a) && can_hold_disc(b)) || (can_be_free(b) && can_hold_disc(a)))
        });
        assert!(line, "{s}");
    }
    assert_eq!(start.board().open_tiles(), squares);
    for corner in ["a1", "h1", "a8", "h8"] {
        assert!(!squares.contains(sq(corner)), "a tile on {corner} could never be won");
    }
    assert!(squares.iter().any(|s| (1..7).contains(&s.col()) && (1..7).contains(&s.row())), "not all on the edge");
}

#[test]
fn the_deal_has_24_face_down_tiles_on_the_layout_and_the_four_centre_discs() {
    let game = SoloGame::deal(2026);
    let board = game.board();
    assert_eq!(board.face_down(), SoloLayout::STANDARD.squares());
    assert!(board.face_up(GOLD).is_empty() && board.face_up(BLACK).is_empty());
    for s in SoloLayout::STANDARD.squares() {
        assert_eq!(game.tile_at(s), Some(TileFace::FaceDown));
    }
    assert_eq!(board.discs(GOLD).to_string(), "e4 d5");
    assert_eq!(board.discs(BLACK).to_string(), "d4 e5");
    assert_eq!(game.score(), SoloScore::default());
    assert_eq!(game.end(), None);
}

#[test]
fn the_deal_lays_each_of_the_24_tiles_once() {
    let mut game = SoloGame::deal(7);
    game.stop().unwrap();
    let mut dealt: Vec<Tile> = SoloLayout::STANDARD.squares().iter().filter_map(|s| game.reveal(s)).collect();
    dealt.sort();
    let mut all = Tile::ALL.to_vec();
    all.sort();
    assert_eq!(dealt, all);
    assert_eq!(all.iter().filter(|t| t.color() == GOLD).count(), 12);
    assert_eq!(all.iter().filter(|t| t.is_blank()).count(), 4);
}

#[test]
fn the_same_seed_gives_the_same_deal_and_different_seeds_different_deals() {
    assert_eq!(SoloGame::deal(99), SoloGame::deal(99));
    let boards: Vec<SoloBoard> = (0..200).map(|seed| *SoloGame::deal(seed).board()).collect();
    for (i, a) in boards.iter().enumerate() {
        for b in &boards[i + 1..] {
            assert_ne!(a, b);
        }
    }
}

#[test]
fn the_daily_seed_is_stable_and_refuses_dates_that_do_not_exist() {
    // Fixed for good: changing the formula changes every past daily deal.
    assert_eq!(daily_seed(2026, 11, 28), Ok(DAILY_2026_11_28));
    assert_ne!(daily_seed(2026, 11, 28), daily_seed(2026, 11, 29));
    assert_ne!(daily_seed(2026, 11, 28), daily_seed(2025, 11, 28));
    assert!(daily_seed(2024, 2, 29).is_ok());
    assert!(daily_seed(2100, 2, 29).is_err());
    assert!(daily_seed(2026, 13, 1).is_err());
    assert!(daily_seed(2026, 4, 31).is_err());
    assert!(daily_seed(2026, 1, 0).is_err());
    assert_eq!(daily_seed(2026, 2, 30).unwrap_err().to_string(), "2026-02-30 is not a date");
}

const DAILY_2026_11_28: u64 = 12_658_400_275_000_025_951;

// ---------------------------------------------------------------------------------------------
// A move

#[test]
fn a_move_must_trap_a_disc_or_win_a_tile() {
    let start = board(&[("d4", "O"), ("e4", "X"), ("b8", "b3"), ("c8", "X")]);
    let mut b = start;
    assert_eq!(b.play(gold("h1")), Err(IllegalSoloMove::TrapsNothing(gold("h1"))));
    assert_eq!(b, start, "a refused move changes nothing");
    // Trapping a disc is enough...
    assert!(b.check(gold("c4")).is_ok());
    // ...and so is winning a tile, without trapping any disc.
    let (flipped, won) = b.check(gold("a8")).unwrap();
    assert!(flipped.is_empty());
    assert_eq!(won.to_string(), "b8");
    assert!(b.legal_moves().contains(&gold("a8")));
    assert!(!b.legal_moves().contains(&gold("h1")));
    assert_eq!(
        IllegalSoloMove::TrapsNothing(gold("h1")).to_string(),
        "a gold disc on h1 traps no black disc and wins no tile"
    );
}

#[test]
fn a_move_on_a_tile_or_a_disc_is_refused_with_a_typed_error() {
    let start = board(&[("d4", "O"), ("e4", "X"), ("c4", "#g5"), ("f4", "b2")]);
    let mut b = start;
    assert_eq!(b.play(gold("c4")), Err(IllegalSoloMove::OnTile(sq("c4"))));
    assert_eq!(b.play(black("f4")), Err(IllegalSoloMove::OnTile(sq("f4"))));
    assert_eq!(b.play(gold("d4")), Err(IllegalSoloMove::Occupied(sq("d4"))));
    assert_eq!(b.play(gold("i9")), Err(IllegalSoloMove::OffBoard(sq("i9"))));
    assert_eq!(b, start);
}

#[test]
fn trapped_discs_flip_as_in_the_two_player_game() {
    // (A board without tiles is a finished game: h5 holds one out of the way.)
    let mut b = board(&[("a1", "X"), ("b1", "O"), ("c1", "O"), ("e2", "O"), ("f3", "X"), ("e1", "O"), ("h5", "#g1")]);
    let outcome = b.play(gold("d1")).unwrap();
    assert_eq!(outcome.flipped.to_string(), "b1 c1 e2");
    assert_eq!(b.discs(GOLD).to_string(), "a1 b1 c1 d1 e2 f3");
    assert_eq!(b.discs(BLACK).to_string(), "e1", "an untrapped disc stays");
}

#[test]
fn a_tile_breaks_a_line_of_discs() {
    // a3 gold, b3 black, c3 a tile, d3 black: a gold disc on e3 traps nothing.
    for cell in ["g5", "#g5", "b5"] {
        let b = board(&[("a3", "X"), ("b3", "O"), ("c3", cell), ("d3", "O")]);
        assert_eq!(b.check(gold("e3")), Err(IllegalSoloMove::TrapsNothing(gold("e3"))), "{cell}");
    }
}

#[test]
fn orthogonal_face_down_neighbours_turn_face_up_and_diagonal_ones_stay_face_down() {
    let mut b = board(&[
        ("d4", "O"),
        ("e4", "X"),
        ("f4", "O"),
        ("c3", "#g1"),
        ("b4", "#b2"),
        ("c5", "#g_"),
        ("b3", "#b4"),
        ("b5", "#g6"),
        ("d3", "#b8"),
        ("d5", "#g9"),
    ]);
    let outcome = b.play(gold("c4")).unwrap();
    let turned: Vec<String> = outcome.turned_up.iter().map(|(s, t)| format!("{s} {t}")).collect();
    assert_eq!(turned, ["c3 gold 1", "b4 black 2", "c5 gold blank"]);
    assert_eq!(b.tile_at(sq("c3")), Some(TileFace::FaceUp(tile("g1"))));
    assert_eq!(b.tile_at(sq("b4")), Some(TileFace::FaceUp(tile("b2"))));
    assert_eq!(b.tile_at(sq("c5")), Some(TileFace::FaceUp(tile("g_"))));
    for diagonal in ["b3", "b5", "d3", "d5"] {
        assert_eq!(b.tile_at(sq(diagonal)), Some(TileFace::FaceDown), "{diagonal}");
    }
    // Face up stays face up.
    let mut later = b;
    later.play(gold("g4")).unwrap();
    assert_eq!(later.tile_at(sq("c3")), Some(TileFace::FaceUp(tile("g1"))));
}

// ---------------------------------------------------------------------------------------------
// Winning tiles

#[test]
fn a_single_face_up_tile_of_the_other_colour_between_the_new_disc_and_a_disc_of_its_colour_is_won() {
    // Across, down and diagonally.
    for (disc, tile_square, new) in [("a2", "b2", "c2"), ("b1", "b2", "b3"), ("a1", "b2", "c3"), ("c1", "b2", "a3")] {
        let mut b = board(&[(disc, "X"), (tile_square, "b7"), ("h8", "O")]);
        let outcome = b.play(gold(new)).unwrap();
        assert_eq!(outcome.won, vec![(sq(tile_square), tile("b7"))], "{disc} {tile_square} {new}");
        assert_eq!(b.tile_at(sq(tile_square)), None, "the tile leaves the board");
        assert!(b.free().contains(sq(tile_square)), "its square becomes free");
        assert_eq!(b.won_tiles(), vec![tile("b7")]);
        assert_eq!(b.score().tiles, 1);
    }
    // The freed square takes a disc like any free square.
    let mut b = board(&[("a2", "X"), ("b2", "b7"), ("d2", "O")]);
    b.play(gold("c2")).unwrap();
    assert!(b.check(black("b2")).is_ok(), "b2 black traps c2 between b2 and d2");
    // Black wins gold tiles the same way.
    let mut b = board(&[("a2", "O"), ("b2", "g4")]);
    assert_eq!(b.play(black("c2")).unwrap().won, vec![(sq("b2"), tile("g4"))]);
}

#[test]
fn a_face_down_tile_is_never_won() {
    // Diagonally beside the new disc: it is neither turned up nor won.
    let mut b = board(&[("b2", "X"), ("c3", "#b5"), ("e4", "O"), ("f4", "X")]);
    let outcome = b.play(gold("d4")).unwrap();
    assert!(outcome.won.is_empty());
    assert_eq!(b.tile_at(sq("c3")), Some(TileFace::FaceDown));
    // Orthogonally beside it: the move turns it up, but a tile is won only if it lay face up
    // before the move.
    let mut b = board(&[("d1", "X"), ("d2", "#b5"), ("e3", "O"), ("f3", "X")]);
    let outcome = b.play(gold("d3")).unwrap();
    assert!(outcome.won.is_empty());
    assert_eq!(outcome.turned_up, vec![(sq("d2"), tile("b5"))]);
    // Now it lies face up and a later move can win it: c1 - d2 - e3 (flipped to gold by d3).
    let outcome = b.play(gold("c1")).unwrap();
    assert_eq!(outcome.won, vec![(sq("d2"), tile("b5"))]);
}

#[test]
fn a_tile_of_the_same_colour_is_never_won() {
    let mut b = board(&[("b1", "X"), ("c1", "g5"), ("d2", "O"), ("d3", "X")]);
    let outcome = b.play(gold("d1")).unwrap();
    assert!(outcome.won.is_empty());
    assert_eq!(b.tile_at(sq("c1")), Some(TileFace::FaceUp(tile("g5"))));
    assert_eq!(b.check(gold("a1")), Err(IllegalSoloMove::TrapsNothing(gold("a1"))));
}

#[test]
fn a_row_of_two_tiles_is_not_won() {
    let mut b = board(&[("a2", "X"), ("b2", "b3"), ("c2", "b4"), ("d3", "O"), ("d4", "X")]);
    let outcome = b.play(gold("d2")).unwrap();
    assert_eq!(outcome.flipped.to_string(), "d3");
    assert!(outcome.won.is_empty());
    assert_eq!(b.tiles().to_string(), "b2 c2");
    // Nor a tile with a second one beyond it instead of a disc.
    let b = board(&[("b2", "b3"), ("c2", "b4"), ("d2", "X")]);
    assert_eq!(b.check(gold("a2")), Err(IllegalSoloMove::TrapsNothing(gold("a2"))));
}

#[test]
fn several_tiles_in_different_directions_are_won_at_once() {
    let mut b = board(&[
        ("c4", "b1"),
        ("b4", "X"),
        ("e4", "b2"),
        ("f4", "X"),
        ("d3", "b3"),
        ("d2", "X"),
        ("e5", "b_"),
        ("f6", "X"),
        // Beyond this one lies a black disc: it stays.
        ("c5", "b5"),
        ("b6", "O"),
    ]);
    let outcome = b.play(gold("d4")).unwrap();
    assert_eq!(won_squares(&outcome), ["d3", "c4", "e4", "e5"]);
    assert_eq!(b.tiles().to_string(), "c5");
    assert_eq!(b.score(), SoloScore { tiles: 4, number_sum: 6, blanks: 1 });
}

#[test]
fn discs_flip_before_tiles_are_taken() {
    // One disc that traps discs and tiles at once: the flips happen, the tile is taken, and the
    // flipped disc keeps its new colour beside the freed square.
    let mut b = board(&[("b4", "X"), ("c4", "O"), ("e4", "b2"), ("f4", "X"), ("d3", "O"), ("d2", "X")]);
    let outcome = b.play(gold("d4")).unwrap();
    assert_eq!(outcome.flipped.to_string(), "d3 c4");
    assert_eq!(won_squares(&outcome), ["e4"]);
    assert_eq!(b.discs(GOLD).to_string(), "d2 d3 b4 c4 d4 f4");
    // The tile is judged on the board after the flips, but with the tile directly beside the new
    // disc, the disc beyond it lies on the one line from the new disc that the tile itself breaks:
    // no flip of the same move can reach it, and taking the tile first would flip the same discs
    // (a freed square breaks a line as the tile did). So on every position the sheet's order and
    // the other one give the same move, as this check over many positions shows; the flipped
    // discs' part comes in the next test.
    let mut rng = SplitMix64::new(5);
    let mut checked = 0;
    for seed in 0..60 {
        let mut game = SoloGame::deal(seed);
        loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let before = *game.board();
            for &candidate in &moves {
                let (flips, wins) = before.check(candidate).unwrap();
                // Tiles first: the wins judged before any flip, then the flips with the won
                // tiles' squares free (the two-player board has no tiles at all).
                let prey = before.face_up(candidate.color.opponent());
                let wins_first: Vec<Square> = Direction::ALL
                    .into_iter()
                    .filter_map(|dir| {
                        let t = candidate.square.step(dir, BoardSize::Eight)?;
                        let beyond = t.step(dir, BoardSize::Eight)?;
                        (prey.contains(t) && before.disc_at(beyond) == Some(candidate.color)).then_some(t)
                    })
                    .collect();
                let mut wins_engine: Vec<Square> = wins.iter().collect();
                let mut wins_first = wins_first;
                wins_engine.sort();
                wins_first.sort();
                assert_eq!(wins_engine, wins_first, "{candidate} on\n{before}");
                let flips_first = before.disc_board().flips(candidate.color, candidate.square);
                assert_eq!(flips.bits(), flips_first.bits(), "{candidate} on\n{before}");
                checked += 1;
            }
            game.play(moves[rng.below(moves.len() as u64) as usize]).unwrap();
        }
    }
    assert!(checked > 5_000, "{checked}");
}

#[test]
fn only_tiles_trapped_by_the_disc_just_placed_are_won() {
    // d4 gold flips c4 to gold; c4 then lies beside the black tile c5 with the gold disc c6
    // beyond, but c4 is not the disc just placed: c5 stays. So does b1, already between two gold
    // discs before the move.
    let mut b = board(&[("b4", "X"), ("c4", "O"), ("c5", "b6"), ("c6", "X"), ("a1", "X"), ("b1", "b9"), ("c1", "X")]);
    let outcome = b.play(gold("d4")).unwrap();
    assert_eq!(outcome.flipped.to_string(), "c4");
    assert!(outcome.won.is_empty());
    assert_eq!(b.tiles().to_string(), "b1 c5");
}

// ---------------------------------------------------------------------------------------------
// The end

#[test]
fn the_game_ends_when_all_tiles_are_won() {
    let mut b = board(&[("a1", "X"), ("b1", "b4"), ("d4", "O"), ("e4", "X")]);
    assert_eq!(b.end(), None);
    let outcome = b.play(gold("c1")).unwrap();
    assert_eq!(outcome.end, Some(SoloEnd::AllTilesWon));
    assert_eq!(b.end(), Some(SoloEnd::AllTilesWon));
    assert_eq!(b.play(gold("c4")), Err(IllegalSoloMove::GameOver), "even though c4 would trap d4");
}

#[test]
fn the_game_ends_when_no_move_is_left() {
    // Only gold discs and a face-down tile: nothing to trap, nothing to win.
    let b = board(&[("d4", "X"), ("e5", "X"), ("c3", "#b4")]);
    assert!(b.legal_moves().is_empty());
    assert_eq!(b.end(), Some(SoloEnd::NoMoveLeft));
    // A played game that ends this way.
    let mut b = board(&[("a1", "X"), ("b1", "O"), ("e8", "#g2")]);
    let outcome = b.play(gold("c1")).unwrap();
    assert_eq!(outcome.end, Some(SoloEnd::NoMoveLeft));
}

#[test]
fn the_game_ends_when_every_tile_left_is_shut_in() {
    // Moves are left (d4/e4 can be trapped), but a corner tile has no line through it with both
    // neighbours on the board, two face-down tiles side by side on the edge wait for each other
    // for ever, and b7 has discs on both sides of every line through it.
    let mut cells = vec![("d4", "O"), ("e4", "X"), ("a1", "b1"), ("a4", "#g2"), ("a5", "#b3"), ("b7", "g4")];
    let around = ["a6", "b6", "c6", "a7", "c7", "a8", "b8", "c8"];
    cells.extend(around.iter().map(|&s| (s, "O")));
    let b = board(&cells);
    assert!(!b.legal_moves().is_empty());
    assert!(b.open_tiles().is_empty());
    assert_eq!(b.end(), Some(SoloEnd::TilesShutIn));
    // One free neighbour on a line is enough to keep the game going.
    let cells: Vec<(&str, &str)> = cells.into_iter().filter(|&(s, _)| s != "c8").collect();
    let b = board(&cells);
    assert_eq!(b.open_tiles().to_string(), "b7");
    assert_eq!(b.end(), None);
}

#[test]
fn a_shut_in_tile_cannot_be_won_in_the_next_two_moves_of_any_game() {
    // The shut-in rule must never end a game that could still win a tile. Over positions of
    // random games: no tile outside `open_tiles` is won by any two moves.
    let mut rng = SplitMix64::new(11);
    let mut shut = 0;
    for seed in 0..150 {
        let mut game = SoloGame::deal(seed);
        loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let board = *game.board();
            let closed: Vec<Square> = board.tiles().iter().filter(|&s| !board.open_tiles().contains(s)).collect();
            if !closed.is_empty() {
                shut += 1;
                for first in board.legal_moves() {
                    let mut one = board;
                    let won = one.play(first).map(|o| o.won).unwrap_or_default();
                    assert!(won.iter().all(|(s, _)| !closed.contains(s)), "{first} on\n{board}");
                    for second in one.legal_moves() {
                        let mut two = one;
                        let won = two.play(second).map(|o| o.won).unwrap_or_default();
                        assert!(won.iter().all(|(s, _)| !closed.contains(s)), "{first} {second} on\n{board}");
                    }
                }
            }
            game.play(moves[rng.below(moves.len() as u64) as usize]).unwrap();
        }
        if game.end() == Some(SoloEnd::TilesShutIn) {
            assert!(game.board().has_legal_move());
        }
    }
    assert!(shut > 50, "{shut}");
}

#[test]
fn the_player_may_stop_at_any_time_and_keeps_the_tiles_won() {
    let mut game = SoloGame::deal(4);
    let first = game.legal_moves()[0];
    game.play(first).unwrap();
    assert_eq!(game.reveal(SoloLayout::STANDARD.squares().iter().next().unwrap()), None, "nothing shows while playing");
    let score = game.stop().unwrap();
    assert_eq!(score, game.score());
    assert_eq!(game.end(), Some(SoloEnd::Stopped));
    assert!(game.is_over());
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.play(first), Err(IllegalSoloMove::GameOver));
    assert_eq!(game.stop(), Err(IllegalSoloMove::GameOver));
}

// ---------------------------------------------------------------------------------------------
// The score

#[test]
fn the_score_counts_tiles_and_sums_their_numbers_doubled_when_all_four_blanks_are_won() {
    let mut b = board(&[
        // d4 gold wins three black tiles: two blanks and the 7.
        ("c4", "b_"),
        ("b4", "X"),
        ("e4", "b_"),
        ("f4", "X"),
        ("d3", "b7"),
        ("d2", "X"),
        // g7 black wins a gold blank and the gold 3; b8 black then the other gold blank.
        ("f7", "g_"),
        ("e7", "O"),
        ("g6", "g3"),
        ("g5", "O"),
        ("c8", "g_"),
        ("d8", "O"),
    ]);
    b.play(gold("d4")).unwrap();
    b.play(black("g7")).unwrap();
    let three_blanks = b.score();
    assert_eq!(three_blanks, SoloScore { tiles: 5, number_sum: 10, blanks: 3 });
    assert!(!three_blanks.blanks_double());
    assert_eq!(three_blanks.value(), 10);
    b.play(black("b8")).unwrap();
    let score = b.score();
    assert_eq!(score, SoloScore { tiles: 6, number_sum: 10, blanks: 4 });
    assert!(score.blanks_double());
    assert_eq!(score.value(), 20);
    assert_eq!(score.to_string(), "6 tiles, value 20 (10 doubled: all four blanks)");
    assert_eq!(b.won_tiles_of(GOLD), vec![tile("g3"), tile("g_"), tile("g_")]);
    assert_eq!(b.won_tiles_of(BLACK), vec![tile("b7"), tile("b_"), tile("b_")]);
    // Every tile: 2 x 55 doubled.
    let all = SoloScore { tiles: 24, number_sum: 110, blanks: 4 };
    assert_eq!(all.value(), 220);
}

// ---------------------------------------------------------------------------------------------
// Records

#[test]
fn moves_read_as_d3g_or_d3_gold_and_write_as_d3g() {
    assert_eq!("d3g".parse(), Ok(gold("d3")));
    assert_eq!("D3B".parse(), Ok(black("d3")));
    assert_eq!(" d3 Gold ".parse(), Ok(gold("d3")));
    assert_eq!("h8 black".parse(), Ok(black("h8")));
    assert_eq!(SoloMove::parse("c4", BLACK), Ok(black("c4")));
    assert_eq!(black("c4").to_string(), "c4b");
    assert!("d3".parse::<SoloMove>().is_err());
    assert!("d3 white".parse::<SoloMove>().is_err());
    assert!("i3g".parse::<SoloMove>().is_err());
    assert!(SoloMove::parse("j10", GOLD).is_err());
}

#[test]
fn transcripts_round_trip() {
    for seed in 0..12 {
        let game = SoloPlayer::Greedy.play(seed);
        let text = game.transcript();
        assert_eq!(SoloGame::from_transcript(seed, &text), Ok(game.clone()), "{seed}: {text}");
        // Stopped part-way.
        let mut part = SoloGame::from_transcript(seed, &text.split(' ').take(5).collect::<Vec<_>>().join(" ")).unwrap();
        part.stop().unwrap();
        assert!(part.transcript().ends_with(" stop"));
        assert_eq!(SoloGame::from_transcript(seed, &part.transcript()), Ok(part));
    }
    // Spelled-out colours, commas and capitals read too.
    let game = SoloPlayer::Greedy.play(1);
    let spelled: Vec<String> = game
        .moves()
        .iter()
        .map(|m| format!("{} {}", m.square, if m.color == GOLD { "GOLD" } else { "black" }))
        .collect();
    assert_eq!(SoloGame::from_transcript(1, &spelled.join(", ")), Ok(game));
}

#[test]
fn a_transcript_with_a_wrong_move_is_refused_with_its_number() {
    let game = SoloPlayer::Greedy.play(3);
    let first = game.moves()[0];
    assert!(matches!(
        SoloGame::from_transcript(3, &format!("{first} zz")),
        Err(SoloRecordError::BadMove { number: 2, .. })
    ));
    assert!(matches!(
        SoloGame::from_transcript(3, &format!("{first} {first}")),
        Err(SoloRecordError::Illegal { number: 2, source: IllegalSoloMove::Occupied(_), .. })
    ));
    assert!(matches!(
        SoloGame::from_transcript(3, &format!("stop {first}")),
        Err(SoloRecordError::Illegal { number: 2, source: IllegalSoloMove::GameOver, .. })
    ));
}

// ---------------------------------------------------------------------------------------------
// What the player sees, and the hint player

#[test]
fn the_view_shows_what_the_player_sees_and_no_face_down_tile() {
    let a = SoloGame::deal(1);
    let b = SoloGame::deal(2);
    assert_ne!(a, b);
    assert_eq!(a.view(), b.view(), "two deals look alike while every tile lies face down");
    let mut game = SoloPlayer::Greedy.play(5);
    game = SoloGame::from_transcript(5, &game.transcript().split(' ').take(15).collect::<Vec<_>>().join(" ")).unwrap();
    let view = game.view();
    assert_eq!(view.face_down(), game.board().face_down());
    assert_eq!(view.hidden_tiles().len(), game.board().face_down().len());
    for color in [GOLD, BLACK] {
        assert_eq!(view.face_up(color), game.board().face_up(color));
    }
    let guess = view.guess(&mut SplitMix64::new(3));
    assert_eq!(guess.face_down(), game.board().face_down());
    assert_eq!(guess.legal_moves(), game.legal_moves());
}

#[test]
fn the_hint_depends_only_on_what_the_player_sees() {
    let config = HintConfig { playouts: 300 };
    assert_eq!(hint(&SoloGame::deal(1).view(), &config, 9), hint(&SoloGame::deal(2).view(), &config, 9));
}

#[test]
fn the_hint_players_move_is_legal_and_it_scores_at_least_the_greedy_players_average() {
    let hinted = SoloPlayer::Hint(HintConfig { playouts: 300 });
    let deals = 8;
    let (mut greedy, mut hints) = (0, 0);
    for seed in 0..deals {
        greedy += SoloPlayer::Greedy.play(seed).score().tiles;
        let mut game = SoloGame::deal(seed);
        while let Some(mv) = hinted.choose(&game) {
            assert!(game.legal_moves().contains(&mv), "{mv} in {}", game.transcript());
            game.play(mv).unwrap();
        }
        assert!(game.is_over());
        hints += game.score().tiles;
    }
    assert!(hints >= greedy, "hint {hints} tiles, greedy {greedy} over {deals} deals");
}
