//! The named openings: the table in `assets/openings.txt` is legal and unambiguous, and games are
//! named in every orientation of the start, by the longest line they followed.

use std::collections::HashSet;

use reversi_bot::engine::openings::{self, Opening, Symmetry, game_in_book, in_book, name_of, name_of_game};
use reversi_bot::engine::{BoardSize, FlipMode, Game, Rules, Square};

fn moves(text: &str) -> Vec<Square> {
    reversi_bot::engine::notation::parse_moves(text, BoardSize::Eight)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .into_iter()
        .map(|m| m.square)
        .collect()
}

fn turned(symmetry: Symmetry, moves: &[Square]) -> Vec<Square> {
    moves.iter().map(|&sq| symmetry.apply(sq)).collect()
}

fn name(text: &str) -> Option<&'static str> {
    name_of(&moves(text)).map(|o| o.name)
}

fn named(name: &str) -> &'static Opening {
    openings::all().iter().find(|o| o.name == name).unwrap_or_else(|| panic!("no opening named {name}"))
}

#[test]
fn the_embedded_table_parses_and_has_the_common_openings() {
    let table = include_str!("../assets/openings.txt");
    let parsed = openings::parse(table).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(parsed, openings::all());
    assert!((60..=100).contains(&parsed.len()), "{} openings", parsed.len());
    for name in ["Tiger", "Rose", "Buffalo", "Heath", "Cow", "Chimney", "Snake", "Aubrey", "Stephenson", "No-Kung"] {
        named(name);
    }
}

#[test]
fn every_named_line_is_a_legal_game_from_the_start() {
    for opening in openings::all() {
        let game = Game::replay(Rules::default(), opening.moves.iter().map(|&sq| sq.into()));
        assert!(game.is_ok(), "{} ({}): {:?}", opening.name, opening.transcript(), game.err());
        assert_eq!(opening.moves[0], moves("f5")[0], "{} starts on f5", opening.name);
    }
}

#[test]
fn no_two_lines_share_the_same_moves_or_name() {
    let mut transcripts = HashSet::new();
    let mut names = HashSet::new();
    for opening in openings::all() {
        assert!(transcripts.insert(opening.transcript()), "{} is listed twice", opening.transcript());
        assert!(names.insert(opening.name), "{} is named twice", opening.name);
    }
}

#[test]
fn every_line_names_itself() {
    for opening in openings::all() {
        assert_eq!(name_of(&opening.moves), Some(opening), "{}", opening.transcript());
        assert!(in_book(&opening.moves), "{}", opening.transcript());
    }
}

#[test]
fn every_symmetric_form_of_every_line_is_the_same_opening() {
    for opening in openings::all() {
        for symmetry in Symmetry::ALL {
            let line = turned(symmetry, &opening.moves);
            assert_eq!(name_of(&line), Some(opening), "{} under {symmetry:?}", opening.name);
            assert!(in_book(&line), "{} under {symmetry:?}", opening.name);
        }
    }
}

#[test]
fn the_four_symmetries_take_the_four_first_moves_to_f5() {
    let f5 = moves("f5")[0];
    for (first, symmetry) in [
        ("f5", Symmetry::Identity),
        ("e6", Symmetry::MainDiagonal),
        ("d3", Symmetry::AntiDiagonal),
        ("c4", Symmetry::HalfTurn),
    ] {
        let first = moves(first)[0];
        assert_eq!(Symmetry::to_f5(first), Some(symmetry));
        assert_eq!(symmetry.apply(first), f5);
        assert_eq!(symmetry.apply(f5), first, "each symmetry is its own inverse");
    }
    assert_eq!(Symmetry::to_f5(moves("d6")[0]), None);
}

#[test]
fn the_longest_line_followed_wins() {
    assert_eq!(name("f5d6"), Some("Perpendicular"));
    assert_eq!(name("f5d6c3d3c4"), Some("Tiger"));
    assert_eq!(name("f5d6c3d3c4f4f6"), Some("Stephenson"));
    assert_eq!(name("f5d6c3d3c4f4f6g5"), Some("No-Kung"));
    assert_eq!(name("f5d6c5"), Some("Fishhook"));
    assert_eq!(name("f5d6c5f4e3c6d3f6e6d7"), Some("Rose"));
    assert_eq!(name("f5d6c5f4e3c6d3f6e6d7e7"), Some("Greenberg"));
    // Between two named positions the game keeps the shorter name.
    assert_eq!(name("f5d6c3"), Some("Perpendicular"));
    assert_eq!(name("f5d6c3d3c4f4"), Some("Tiger"));
    assert_eq!(name("f5d6c5f4e3c6d3f6e6"), Some("Fishhook"));
}

#[test]
fn a_game_that_leaves_the_book_keeps_the_last_name() {
    // After the Tiger's f5d6c3d3c4f4, d2 is legal but on no line.
    assert!(Game::from_transcript(Rules::default(), "f5d6c3d3c4f4d2e3").is_ok());
    let left = moves("f5d6c3d3c4f4d2");
    assert!(!in_book(&left));
    assert_eq!(name_of(&left).map(|o| o.name), Some("Tiger"));
    let mut further = left.clone();
    further.extend(moves("e3"));
    assert_eq!(name_of(&further).map(|o| o.name), Some("Tiger"));
    // Leaving the diagonal line at its fifth move keeps the name of the opening itself.
    assert!(Game::from_transcript(Rules::default(), "f5f6e6f4f3").is_ok());
    let off = moves("f5f6e6f4f3");
    assert!(!in_book(&off));
    assert_eq!(name_of(&off).map(|o| o.name), Some("Diagonal"));
}

#[test]
fn a_game_still_on_a_line_is_in_the_book() {
    assert!(in_book(&[]));
    assert!(in_book(&moves("f5")));
    assert!(in_book(&moves("c4")));
    assert!(in_book(&moves("f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6")));
    assert_eq!(name("f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6"), Some("Ishii"));
}

#[test]
fn no_moves_has_no_name() {
    assert_eq!(name_of(&[]), None);
    assert_eq!(name("f5"), None);
    assert_eq!(name_of_game(&Game::new(Rules::default())), None);
}

#[test]
fn famous_openings_have_their_names_in_every_orientation() {
    for (line, expected) in [
        ("f5d6c3d3c4", "Tiger"),
        ("f5d6", "Perpendicular"),
        ("f5f6", "Diagonal"),
        ("f5f4", "Parallel"),
        ("f5f6e6f4c3", "Buffalo"),
        ("f5f6e6f4e3", "Cow"),
        ("f5f6e6f4g5", "Heath"),
        ("f5f6e6f4g6", "Snake"),
        ("f5d6c4d3e6", "Italian"),
        ("f5d6c3d3c4b3", "Aubrey"),
    ] {
        for symmetry in Symmetry::ALL {
            let game = turned(symmetry, &moves(line));
            assert_eq!(name_of(&game).map(|o| o.name), Some(expected), "{line} under {symmetry:?}");
        }
    }
    // Hand-typed forms of the Tiger from the other three first moves.
    assert_eq!(name("e6f4c3c4d3"), Some("Tiger"));
    assert_eq!(name("d3c5f6f5e6"), Some("Tiger"));
    assert_eq!(name("c4e3f6e6f5"), Some("Tiger"));
    // From d3, the diagonal reply c3 leads elsewhere: to the Heath.
    assert_eq!(name("d3c3c4c5b4"), Some("Heath"));
}

#[test]
fn a_diagonal_line_is_recognised_with_white_fourth_move_mirrored() {
    // After f5f6e6 the position is symmetric, so d6 is the mirror image of the table's f4.
    assert_eq!(name("f5f6e6d6"), Some("Diagonal"));
    assert_eq!(name("f5f6e6d6c3"), Some("Buffalo"));
    assert_eq!(name("f5f6e6d6e7"), Some("Heath"));
    assert_eq!(name("f5f6e6d6c5f4"), Some("Chimney"));
}

#[test]
fn a_game_in_progress_is_named_like_its_moves() {
    let game = Game::from_transcript(Rules::default(), "c4e3f6e6f5c5c3").unwrap();
    assert_eq!(name_of_game(&game).map(|o| o.name), Some("Stephenson"));
    assert!(game_in_book(&game));
    let limited = Game::from_transcript(Rules::ravensburger(), "f5d6c3d3c4").unwrap();
    assert_eq!(name_of_game(&limited).map(|o| o.name), Some("Tiger"));
}

#[test]
fn other_boards_and_rules_have_no_opening_names() {
    let one_line = Rules { flips: FlipMode::OneLine, ..Rules::default() };
    let game = Game::from_transcript(one_line, "f5d6").unwrap();
    assert_eq!(name_of_game(&game), None);
    assert!(!game_in_book(&game));
    let small = Game::from_transcript(Rules::default().on(BoardSize::Six), "e4c5").unwrap();
    assert_eq!(name_of_game(&small), None);
}

#[test]
fn illegal_moves_are_out_of_the_book() {
    let illegal = moves("f5d6a1");
    assert!(!in_book(&illegal));
    assert_eq!(name_of(&illegal).map(|o| o.name), Some("Perpendicular"));
}
