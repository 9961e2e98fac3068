//! The named Othello openings (Tiger, Rose, Buffalo, Heath, …), kept as plain data in
//! `assets/openings.txt` and recognised in any orientation and move order.
//!
//! A game follows a named line when it reaches the line's position, up to the four symmetries
//! that keep the standard start (every first move is f5 under exactly one of them). Comparing
//! positions rather than move lists also recognises lines such as `f5f6e6d6c3` (the Buffalo
//! written with white's fourth move mirrored) and transpositions.
//!
//! ```
//! use reversi_bot::engine::Square;
//! use reversi_bot::engine::openings::{in_book, name_of};
//! let moves = |text: &str| -> Vec<Square> {
//!     text.as_bytes().chunks(2).map(|m| std::str::from_utf8(m).unwrap().parse().unwrap()).collect()
//! };
//! assert_eq!(name_of(&moves("f5d6c3d3c4")).unwrap().name, "Tiger");
//! // The same Tiger, started on c4.
//! assert_eq!(name_of(&moves("c4e3f6e6f5")).unwrap().name, "Tiger");
//! // Out of the book, the game keeps the name of the last line it reached.
//! assert!(in_book(&moves("f5d6c3d3c4f4")));
//! assert!(!in_book(&moves("f5d6c3d3c4f4d2")));
//! assert_eq!(name_of(&moves("f5d6c3d3c4f4d2")).unwrap().name, "Tiger");
//! ```

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::OnceLock;

use super::board::Board;
use super::game::{Game, Move, Ply};
use super::notation::parse_moves;
use super::rules::{FlipMode, Rules, Start};
use super::square::{BoardSize, Color, Square};

/// The table, embedded so that the engine stays free of I/O.
const TABLE: &str = include_str!("../../assets/openings.txt");

/// A named opening: its name (and other names), and its moves from the start as the table writes
/// them, from f5.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The usual name, such as `"Tiger"`; a proper name, never translated.
    pub name: &'static str,
    /// Other names of the same opening, such as `["Kenichi Variation"]` for the Buffalo.
    pub aliases: Vec<&'static str>,
    /// The moves from the standard start, black's first, starting with f5.
    pub moves: Vec<Square>,
}

impl Opening {
    /// The moves as a transcript, such as `f5d6c3d3c4`.
    pub fn transcript(&self) -> String {
        self.moves.iter().map(Square::to_string).collect()
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

/// A line of the openings table that cannot be read, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("openings table, line {line}: {message}")]
pub struct TableError {
    /// The 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

/// The symmetries of the board that keep the standard start (white d4 e5, black d5 e4): each one
/// turns a game into the same game seen from another side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every square stays.
    Identity,
    /// The reflection in the a1-h8 diagonal: f5 becomes e6.
    MainDiagonal,
    /// The reflection in the a8-h1 diagonal: f5 becomes d3.
    AntiDiagonal,
    /// The half turn: f5 becomes c4.
    HalfTurn,
}

impl Symmetry {
    /// All four, the identity first.
    pub const ALL: [Symmetry; 4] =
        [Symmetry::Identity, Symmetry::MainDiagonal, Symmetry::AntiDiagonal, Symmetry::HalfTurn];

    /// Where `square` goes on the 8x8 board; squares off that board are returned unchanged. Each
    /// symmetry is its own inverse.
    pub fn apply(self, square: Square) -> Square {
        if !BoardSize::Eight.contains(square) {
            return square;
        }
        let (c, r) = (square.col(), square.row());
        let (col, row) = match self {
            Symmetry::Identity => (c, r),
            Symmetry::MainDiagonal => (r, c),
            Symmetry::AntiDiagonal => (7 - r, 7 - c),
            Symmetry::HalfTurn => (7 - c, 7 - r),
        };
        Square::new(col, row).expect("a symmetry keeps 8x8 squares on the board")
    }

    /// The symmetry that takes the first move `first` to f5, the move every line of the table
    /// starts with; `None` when `first` is not one of the four opening moves (f5, e6, d3, c4).
    pub fn to_f5(first: Square) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.apply(first) == f5())
    }
}

/// Every opening in the table, in the table's order.
pub fn all() -> &'static [Opening] {
    &book().openings
}

/// The opening a game of standard Othello is in, given its moves from the start: the longest
/// named line whose position the game reached (so a game that left the book keeps the name of
/// the last line it followed). `None` when it reached none, has no moves, or an illegal move
/// comes before the first named position.
pub fn name_of(moves: &[Square]) -> Option<&'static Opening> {
    let (keys, _) = replay(moves);
    book().name_of(&keys)
}

/// Whether a game of standard Othello, given its moves, is still in the book: its position is on
/// some named line (the start, with no moves, is on all of them). The board's footer shows the
/// opening's name while this holds.
pub fn in_book(moves: &[Square]) -> bool {
    let (keys, legal) = replay(moves);
    legal && book().in_book(&keys)
}

/// [`name_of`] for a game in progress; `None` unless it is 8x8 Othello from the cross start with
/// every bracketed line flipping (the only game the names describe).
pub fn name_of_game(game: &Game) -> Option<&'static Opening> {
    named_rules(game.rules()).then(|| book().name_of(&keys_of_game(game))).flatten()
}

/// [`in_book`] for a game in progress; `false` under rules the names do not describe.
pub fn game_in_book(game: &Game) -> bool {
    named_rules(game.rules()) && book().in_book(&keys_of_game(game))
}

/// Reads an openings table in the format of `assets/openings.txt`, checking that every line is
/// a legal game from the start and that no two lines reach the same position.
pub fn parse(table: &'static str) -> Result<Vec<Opening>, TableError> {
    Book::build(table).map(|book| book.openings)
}

fn f5() -> Square {
    Square::new(5, 4).expect("f5 is a square")
}

/// Whether the table's names apply to games under `rules`: the board and the flips decide the
/// positions; the supply, tie rule and scoring do not change the opening.
fn named_rules(rules: &Rules) -> bool {
    rules.size == BoardSize::Eight && rules.start == Start::Cross && rules.flips == FlipMode::AllLines
}

/// A position after a move, the same for all four orientations: the smallest of the boards the
/// symmetries give, and who made the move (so that a pass earlier in the game tells it apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    black: u64,
    white: u64,
    mover: Color,
}

fn key(board: &Board, mover: Color) -> Key {
    let bits = |s: Symmetry, color: Color| -> u64 {
        board.discs(color).iter().fold(0, |acc, sq| acc | 1 << s.apply(sq).index(BoardSize::Eight))
    };
    let (black, white) = Symmetry::ALL
        .into_iter()
        .map(|s| (bits(s, Color::Black), bits(s, Color::White)))
        .min()
        .expect("there are four symmetries");
    Key { black, white, mover }
}

/// The key after each move of standard Othello played from the start, stopping at the first
/// illegal move; and whether every move was legal.
fn replay(moves: &[Square]) -> (Vec<Key>, bool) {
    let mut game = Game::new(Rules::default());
    let mut keys = Vec::with_capacity(moves.len());
    for &square in moves {
        match game.play(Move::new(square)) {
            Ok(outcome) => keys.push(key(game.board(), outcome.played.color)),
            Err(_) => return (keys, false),
        }
    }
    (keys, true)
}

/// The key after each move of `game` (`positions()[i + 1]` follows `plies()[i]`).
fn keys_of_game(game: &Game) -> Vec<Key> {
    let positions = game.positions();
    game.plies()
        .iter()
        .enumerate()
        .filter_map(|(i, ply)| match ply {
            Ply::Move(played) => Some(key(&positions[i + 1].board, played.color)),
            Ply::Pass(_) => None,
        })
        .collect()
}

/// The parsed table and its positions.
struct Book {
    openings: Vec<Opening>,
    /// The position at the end of each line, to the line's index in `openings`.
    named: HashMap<Key, usize>,
    /// Every position on some line, the ends included.
    on_lines: HashSet<Key>,
}

fn book() -> &'static Book {
    static BOOK: OnceLock<Book> = OnceLock::new();
    BOOK.get_or_init(|| match Book::build(TABLE) {
        Ok(book) => book,
        Err(error) => panic!("assets/openings.txt: {error}"),
    })
}

impl Book {
    fn build(table: &'static str) -> Result<Book, TableError> {
        let mut book = Book { openings: Vec::new(), named: HashMap::new(), on_lines: HashSet::new() };
        let mut line_numbers = Vec::new();
        for (index, text) in table.lines().enumerate() {
            let number = index + 1;
            let text = text.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            let fail = |message: String| TableError { line: number, message };
            let (word, names) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
            let mut names = names.split(" / ").map(str::trim);
            let name = names.next().filter(|n| !n.is_empty()).ok_or_else(|| fail("the opening has no name".into()))?;
            let aliases: Vec<&'static str> = names.collect();
            if aliases.iter().any(|a| a.is_empty()) {
                return Err(fail("an empty name after \" / \"".into()));
            }
            let moves = parse_moves(word, BoardSize::Eight).map_err(|e| fail(e.to_string()))?;
            if moves.first().map(|m| m.square) != Some(f5()) {
                return Err(fail(format!("\"{word}\" does not start with f5")));
            }
            let mut game = Game::new(Rules::default());
            for (i, &mv) in moves.iter().enumerate() {
                let outcome =
                    game.play(mv).map_err(|error| fail(format!("move {} ({mv}) is illegal: {error}", i + 1)))?;
                if outcome.passed.is_some() || outcome.finished {
                    return Err(fail(format!("move {} ({mv}) leaves the other side without a move", i + 1)));
                }
                book.on_lines.insert(key(game.board(), outcome.played.color));
            }
            let end = key(game.board(), game.last_move().expect("a line has a move").color);
            if let Some(&other) = book.named.get(&end) {
                let (first, first_line) = (&book.openings[other], line_numbers[other]);
                return Err(fail(format!("reaches the same position as line {first_line} ({})", first.name)));
            }
            book.named.insert(end, book.openings.len());
            line_numbers.push(number);
            book.openings.push(Opening { name, aliases, moves: moves.into_iter().map(|m| m.square).collect() });
        }
        Ok(book)
    }

    /// The named position reached last among `keys` (one per move).
    fn name_of(&self, keys: &[Key]) -> Option<&Opening> {
        keys.iter().rev().find_map(|k| self.named.get(k)).map(|&i| &self.openings[i])
    }

    /// Whether the position after `keys` is on a line (the start always is).
    fn in_book(&self, keys: &[Key]) -> bool {
        keys.last().is_none_or(|k| self.on_lines.contains(k))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_malformed_line_is_reported_with_its_number() {
        let table = "# header\n\nf5d6 Perpendicular\nf5d6c3d3c9 Broken\n";
        let error = parse(table).unwrap_err();
        assert_eq!(error.line, 4);
        assert!(error.to_string().starts_with("openings table, line 4: "), "{error}");
    }

    #[test]
    fn an_illegal_move_is_reported_with_its_line_and_move() {
        let error = parse("f5d6 Perpendicular\nf5d6d3 Nonsense\n").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.message.contains("move 3 (d3)"), "{error}");
    }

    #[test]
    fn a_line_without_a_name_or_not_from_f5_is_refused() {
        assert_eq!(parse("f5d6\n").unwrap_err().line, 1);
        assert_eq!(parse("f5d6 Perpendicular\ne6f4 Perpendicular again\n").unwrap_err().line, 2);
    }

    #[test]
    fn two_lines_reaching_the_same_position_are_refused() {
        // f5f6e6d6 mirrors f5f6e6f4: one position.
        let error = parse("f5f6e6f4 Four\nf5f6e6d6 Mirrored\n").unwrap_err();
        assert_eq!(error.line, 2);
        assert!(error.message.contains("line 1 (Four)"), "{error}");
    }

    #[test]
    fn names_and_aliases_are_split_at_slashes() {
        let openings = parse("f5f6e6f4c3 Buffalo / Kenichi Variation\n").unwrap();
        assert_eq!(openings[0].name, "Buffalo");
        assert_eq!(openings[0].aliases, ["Kenichi Variation"]);
        assert_eq!(openings[0].transcript(), "f5f6e6f4c3");
    }

    #[test]
    fn the_embedded_table_parses() {
        assert!(parse(TABLE).is_ok_and(|o| o.len() == all().len()));
    }
}
