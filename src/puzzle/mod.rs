//! Puzzles: 8x8 positions with a task ("find the move that wins", "find the best move", "win
//! the corner", "sweep", or a line of several moves), each proven by the exact solver. Pure logic
//! over `engine` and `ai` (no I/O, no store, no service): `prove` turns a position into a puzzle
//! or says it is not one, `generate` finds puzzles in self-play games, and `format` writes and
//! reads a puzzle set as JSON lines. docs/puzzles.md describes the rules.

pub mod format;
pub mod generate;
mod themes;

use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};

use crate::ai::Searcher;
use crate::ai::pattern::Patterns;
use crate::engine::bits::{BitIter, Eight, Geometry};
use crate::engine::{Board, BoardSize, Color, Game, Rules, Square};

pub use format::{FormatError, Header, PuzzleSet};
pub use generate::{GenerateOptions, Mismatch, from_game, generate, verify};
pub use themes::Theme;

/// The margin the generator uses by default: for a best-move, corner or line step, the best
/// move's exact result beats the next different result by at least this many discs.
pub const MARGIN: i32 = 4;

/// A line asks for at most this many of the player's moves.
pub const MAX_LINE_STEPS: usize = 3;

/// What the player is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Find a move that wins: some moves win and others do not; every winning move is accepted.
    Win,
    /// Find the best move: every move reaching the optimal exact result is accepted.
    Best,
    /// Win the corner: every optimal move takes a corner, and no other move is as good.
    Corner,
    /// Sweep: the best play leaves the opponent no disc at all (a wipe-out), and some move does
    /// not.
    Sweep,
    /// A line of several moves: after each, the bot answers with the opponent's best reply.
    Line,
}

/// A legal move and its proven value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveValue {
    /// The square played.
    pub square: Square,
    /// The final disc difference for the player after this move and perfect play from both
    /// sides (empties to the winner), as the exact solver proves it.
    pub value: i32,
}

/// One decision of a puzzle: every legal move's value, the moves accepted, and the bot's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// Every legal move with its exact value, in square order.
    pub values: Vec<MoveValue>,
    /// The moves that solve this step, in square order.
    pub accepted: Vec<Square>,
    /// The opponent's best reply after the accepted move, when the line goes on (the lowest
    /// square among the opponent's optimal replies); `None` on the last step.
    pub reply: Option<Square>,
}

/// Where a puzzle's position came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Source {
    /// A self-play game of the generator: its seed, the game's number and the moves before.
    SelfPlay { seed: u64, game: usize, ply: usize },
    /// A game played on the bot: its id and the moves before.
    Game { id: i64, ply: usize },
}

/// A proven puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The board row by row from a1 to h8: `X` Black, `O` White, `-` empty.
    pub board: String,
    /// The side to move: the player.
    pub to_move: Color,
    /// What the player is asked to do.
    pub task: Task,
    /// The decisions: one, or several for a line.
    pub steps: Vec<Step>,
    /// The ideas behind the solution that could be detected soundly.
    pub themes: Vec<Theme>,
    /// An estimate from 1 (easy) to 10 (hard).
    pub difficulty: u8,
    /// Where the position came from.
    pub source: Source,
}

/// The puzzle set shipped in the binary (`assets/puzzles.jsonl`, made by `reversi-bot puzzles
/// generate`); a puzzle's number is its line in the set, counted from 1, so the set only grows.
pub fn shipped() -> &'static PuzzleSet {
    static SET: OnceLock<PuzzleSet> = OnceLock::new();
    SET.get_or_init(|| {
        PuzzleSet::from_text(include_str!("../../assets/puzzles.jsonl")).expect("the shipped puzzle set reads")
    })
}

/// The shipped puzzle numbered `number` (from 1).
pub fn numbered(number: u32) -> Option<&'static Puzzle> {
    let index = usize::try_from(number).ok()?.checked_sub(1)?;
    shipped().puzzles.get(index)
}

/// A puzzle's rating before anyone tried it: from its difficulty, 1100 (easy) to 2000 (hard),
/// around a newcomer's 1500.
pub fn starting_rating(difficulty: u8) -> f64 {
    1000.0 + 100.0 * f64::from(difficulty.clamp(1, 10))
}

/// What a move does to a puzzle's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judgement {
    /// Not a legal move in the step's position.
    Illegal,
    /// An accepted move, with its proven value.
    Accepted(i32),
    /// A legal move that is not accepted, with its proven value.
    Rejected(i32),
}

impl Puzzle {
    /// The puzzle's position as a game (standard Othello from there), the player to move.
    pub fn game(&self) -> Option<Game> {
        let board = Board::from_rows(&self.board, BoardSize::Eight).ok()?;
        Some(Game::from_position(Rules::othello(), board, self.to_move))
    }

    /// What `square` does in step `step`.
    pub fn judge(&self, step: usize, square: Square) -> Judgement {
        let Some(step) = self.steps.get(step) else { return Judgement::Illegal };
        match step.values.iter().find(|v| v.square == square) {
            None => Judgement::Illegal,
            Some(v) if step.accepted.contains(&square) => Judgement::Accepted(v.value),
            Some(v) => Judgement::Rejected(v.value),
        }
    }

    /// The best value of step `step` and its first accepted move.
    pub fn best(&self, step: usize) -> Option<(Square, i32)> {
        let step = self.steps.get(step)?;
        let square = *step.accepted.first()?;
        step.values.iter().find(|v| v.square == square).map(|v| (square, v.value))
    }

    /// The solution as moves from the puzzle's position: each step's first accepted move and the
    /// bot's reply after it.
    pub fn solution(&self) -> Vec<Square> {
        let mut line = Vec::new();
        for step in &self.steps {
            let Some(&first) = step.accepted.first() else { break };
            line.push(first);
            line.extend(step.reply);
        }
        line
    }

    /// The position as side-relative bitboards: the player's discs, the opponent's.
    pub fn position(&self) -> Option<(u64, u64)> {
        let (black, white) = parse_board(&self.board)?;
        Some(if self.to_move == Color::Black { (black, white) } else { (white, black) })
    }

    /// Empty squares of the position.
    pub fn empties(&self) -> u32 {
        self.board.bytes().filter(|&c| c == b'-').count() as u32
    }
}

/// The board text of a position with Black's and White's discs.
pub fn board_text(black: u64, white: u64) -> String {
    (0..64)
        .map(|i| {
            if black >> i & 1 == 1 {
                'X'
            } else if white >> i & 1 == 1 {
                'O'
            } else {
                '-'
            }
        })
        .collect()
}

/// Black's and White's discs from a board text; `None` unless it is 64 of `X`, `O` and `-`.
pub fn parse_board(text: &str) -> Option<(u64, u64)> {
    if text.len() != 64 {
        return None;
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in text.bytes().enumerate() {
        match c {
            b'X' => black |= 1 << i,
            b'O' => white |= 1 << i,
            b'-' => {}
            _ => return None,
        }
    }
    Some((black, white))
}

fn square(index: u32) -> Square {
    Square::from_index(index, BoardSize::Eight)
}

/// The position after the player in `(p, o)` plays `x`, from the opponent's side.
pub fn after(p: u64, o: u64, x: u32) -> (u64, u64) {
    crate::engine::bits::play::<Eight>(p, o, x, Eight::flips(p, o, x))
}

/// Proves every legal move's value with the exact solver; the searcher's tables are reused.
pub struct Prover {
    searcher: Searcher,
    cancel: AtomicBool,
}

impl Default for Prover {
    fn default() -> Prover {
        Prover::new()
    }
}

impl Prover {
    /// A prover with 64 MB of solver tables.
    pub fn new() -> Prover {
        Prover { searcher: Searcher::new(64), cancel: AtomicBool::new(false) }
    }

    /// Every legal move of the player in `(p, o)` with its exact value, in square order: the
    /// negated exact score of the position after it (the solver plays out passes and the end).
    pub fn values(&mut self, p: u64, o: u64) -> Vec<MoveValue> {
        BitIter(Eight::moves(p, o))
            .map(|x| {
                let (q, r) = after(p, o, x);
                let solution = self.searcher.solve8(q, r, None, &self.cancel).expect("an unbounded solve finishes");
                MoveValue { square: square(x), value: -solution.score }
            })
            .collect()
    }

    /// The puzzle in the position `(p, o)` (the player to move first) with the `margin`, or
    /// `None` when it is not one (no moves, every move as good, or too easy for every task).
    /// The task is the first that holds of: sweep, corner, line, best, win.
    pub fn prove(&mut self, p: u64, o: u64, margin: i32) -> Option<(Task, Vec<Step>)> {
        let values = self.values(p, o);
        let task = first_task(&values, margin)?;
        if task == Task::Best {
            let line = self.line(p, o, values.clone(), margin);
            if line.len() >= 2 {
                return Some((Task::Line, line));
            }
        }
        let accepted = accepted(&values, task);
        Some((task, vec![Step { values, accepted, reply: None }]))
    }

    /// The line from `(p, o)`, whose moves' values are `values`: steps while each has a single
    /// optimal move that beats the next result by `margin`, the opponent's best reply follows
    /// (lowest square among equals), and neither side must pass; at most [`MAX_LINE_STEPS`].
    /// The last step may accept several moves, since nothing follows it.
    fn line(&mut self, mut p: u64, mut o: u64, mut values: Vec<MoveValue>, margin: i32) -> Vec<Step> {
        let mut steps: Vec<Step> = Vec::new();
        loop {
            if !clear_best(&values, margin) {
                break;
            }
            let accepted = accepted(&values, Task::Best);
            if accepted.len() > 1 || steps.len() + 1 == MAX_LINE_STEPS {
                steps.push(Step { values, accepted, reply: None });
                break;
            }
            let x = accepted[0].index(BoardSize::Eight);
            let (q, r) = after(p, o, x);
            let replies = self.values(q, r);
            let Some(best_reply) = replies.iter().map(|m| m.value).max() else {
                steps.push(Step { values, accepted, reply: None });
                break;
            };
            let reply = replies.iter().find(|m| m.value == best_reply).expect("a best reply").square;
            let (next_p, next_o) = after(q, r, reply.index(BoardSize::Eight));
            let next_values = self.values(next_p, next_o);
            if next_values.is_empty() || !clear_best(&next_values, margin) {
                steps.push(Step { values, accepted, reply: None });
                break;
            }
            steps.push(Step { values, accepted, reply: Some(reply) });
            (p, o, values) = (next_p, next_o, next_values);
        }
        steps
    }
}

/// The best value, and the best value below it (`None` when every move is as good).
pub fn best_and_second(values: &[MoveValue]) -> Option<(i32, i32)> {
    let best = values.iter().map(|m| m.value).max()?;
    let second = values.iter().map(|m| m.value).filter(|&v| v < best).max()?;
    Some((best, second))
}

/// Whether the best value beats the next different one by at least `margin`.
fn clear_best(values: &[MoveValue], margin: i32) -> bool {
    best_and_second(values).is_some_and(|(best, second)| best - second >= margin)
}

/// Whether a square is a corner.
pub fn is_corner(square: Square) -> bool {
    matches!((square.col(), square.row()), (0 | 7, 0 | 7))
}

/// The first single-step task that holds of `values` with the `margin` (sweep, corner, best,
/// win), or `None` when none does. The not-too-easy rule of each:
/// - sweep: the best value is 64 (the opponent keeps no disc) and some move's is not;
/// - corner: every optimal move takes a corner and beats every other by `margin`;
/// - best: the best value beats the next different one by `margin`;
/// - win: the best value is a win, some move does not win, and at most half the moves win.
pub fn first_task(values: &[MoveValue], margin: i32) -> Option<Task> {
    let (best, second) = best_and_second(values)?;
    let optimal = || values.iter().filter(|m| m.value == best);
    if best == 64 {
        return Some(Task::Sweep);
    }
    if best - second >= margin {
        return Some(if optimal().all(|m| is_corner(m.square)) { Task::Corner } else { Task::Best });
    }
    let winning = values.iter().filter(|m| m.value > 0).count();
    (best > 0 && winning < values.len() && 2 * winning <= values.len()).then_some(Task::Win)
}

/// The moves that solve a step of `task`: the winning moves for a win, else the optimal ones.
pub fn accepted(values: &[MoveValue], task: Task) -> Vec<Square> {
    let best = values.iter().map(|m| m.value).max().unwrap_or(0);
    values.iter().filter(|m| if task == Task::Win { m.value > 0 } else { m.value == best }).map(|m| m.square).collect()
}

/// The difficulty estimate from 1 to 10 (docs/puzzles.md): the empties, the moves to choose
/// from, the traps (wrong moves a one-ply look at the learnt evaluation likes at least as much
/// as every accepted move), the line's length, and how many moves are accepted.
pub fn difficulty(p: u64, o: u64, steps: &[Step]) -> u8 {
    let first = &steps[0];
    let empties = (!(p | o)).count_ones() as i32;
    let shallow = |square: Square| {
        let (q, r) = after(p, o, square.index(BoardSize::Eight));
        if Eight::moves(q, r) == 0 && Eight::moves(r, q) == 0 {
            return (r.count_ones() as i32 - q.count_ones() as i32) * 100;
        }
        -Patterns::embedded().eval(q, r)
    };
    let accepted_best = first.accepted.iter().map(|&s| shallow(s)).max().unwrap_or(i32::MIN);
    let traps = first
        .values
        .iter()
        .filter(|m| !first.accepted.contains(&m.square) && shallow(m.square) >= accepted_best)
        .count() as i32;
    let mut score = (empties - 10 + 1) / 2;
    score += 2 * traps.min(2);
    score += i32::from(first.values.len() >= 8);
    score += steps.len() as i32 - 1;
    score -= (first.accepted.len() as i32 - 1).min(2);
    score.clamp(1, 10) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn values(list: &[(u32, i32)]) -> Vec<MoveValue> {
        list.iter().map(|&(x, value)| MoveValue { square: square(x), value }).collect()
    }

    #[test]
    fn a_position_where_every_move_is_as_good_is_no_puzzle() {
        assert_eq!(first_task(&values(&[(19, 2), (26, 2), (37, 2)]), MARGIN), None);
    }

    #[test]
    fn a_wipe_out_that_one_move_misses_is_a_sweep() {
        assert_eq!(first_task(&values(&[(19, 64), (26, 10)]), MARGIN), Some(Task::Sweep));
    }

    #[test]
    fn a_corner_that_beats_every_other_move_by_the_margin_is_a_corner_task() {
        assert_eq!(first_task(&values(&[(0, 12), (26, 8)]), MARGIN), Some(Task::Corner));
        // A corner as good as a non-corner move makes it a best-move task.
        assert_eq!(first_task(&values(&[(0, 12), (26, 12), (27, 2)]), MARGIN), Some(Task::Best));
    }

    #[test]
    fn a_win_among_losses_is_a_win_task_even_below_the_margin() {
        let vals = values(&[(19, 2), (26, 0), (37, -2)]);
        assert_eq!(first_task(&vals, MARGIN), Some(Task::Win));
        assert_eq!(accepted(&vals, Task::Win), vec![square(19)]);
    }

    #[test]
    fn the_board_text_reads_back_as_the_same_discs() {
        let (black, white) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        assert_eq!(parse_board(&board_text(black, white)), Some((black, white)));
        assert_eq!(parse_board("X"), None);
    }

    proptest! {
        #[test]
        fn a_task_is_found_only_when_the_not_too_easy_rule_holds(
            raw in proptest::collection::btree_map(0u32..64, -64i32..=64, 1..12),
            margin in 1i32..8,
        ) {
            let vals: Vec<MoveValue> = raw.into_iter().map(|(x, v)| MoveValue { square: square(x), value: v }).collect();
            let Some(task) = first_task(&vals, margin) else { return Ok(()) };
            let (best, second) = best_and_second(&vals).expect("a task needs two different values");
            let acc = accepted(&vals, task);
            prop_assert!(!acc.is_empty() && acc.len() < vals.len());
            match task {
                Task::Sweep => prop_assert_eq!(best, 64),
                Task::Corner => {
                    prop_assert!(best - second >= margin);
                    prop_assert!(acc.iter().all(|&s| is_corner(s)));
                }
                Task::Best => prop_assert!(best - second >= margin),
                Task::Win => {
                    prop_assert!(acc.iter().all(|&s| vals.iter().any(|m| m.square == s && m.value > 0)));
                    prop_assert!(2 * acc.len() <= vals.len());
                }
                Task::Line => prop_assert!(false, "first_task never gives a line"),
            }
            // Every accepted move is at least as good as every rejected one.
            let worst_accepted = vals.iter().filter(|m| acc.contains(&m.square)).map(|m| m.value).min();
            let best_rejected = vals.iter().filter(|m| !acc.contains(&m.square)).map(|m| m.value).max();
            prop_assert!(worst_accepted > best_rejected);
        }

        #[test]
        fn the_difficulty_is_always_between_one_and_ten(seed in 0u64..200) {
            let positions = crate::ai::selfplay::self_play_positions(1, seed, &|_, _| 0);
            for &(p, o) in positions.iter().filter(|(p, o)| Eight::moves(*p, *o) != 0).take(20) {
                let vals: Vec<MoveValue> = BitIter(Eight::moves(p, o))
                    .enumerate()
                    .map(|(i, x)| MoveValue { square: square(x), value: i as i32 })
                    .collect();
                let step = Step { accepted: accepted(&vals, Task::Best), values: vals, reply: None };
                let d = difficulty(p, o, &[step]);
                prop_assert!((1..=10).contains(&d));
            }
        }
    }
}
