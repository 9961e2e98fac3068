//! Finding puzzles in self-play games, and checking a puzzle again from its position alone.

use std::collections::HashSet;

use crate::ai::pattern::Patterns;
use crate::ai::selfplay::self_play_records;
use crate::engine::Color;
use crate::engine::bits::{Eight, Geometry};

use super::themes::themes;
use super::{Prover, Puzzle, Source, Step, board_text, difficulty};

/// What the generator plays and keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Self-play games whose positions are tried.
    pub games: usize,
    /// Seed of the games.
    pub seed: u64,
    /// Positions with at least this many empty squares are tried...
    pub min_empties: u32,
    /// ...and at most this many.
    pub max_empties: u32,
    /// The not-too-easy margin, in discs (see [`super::first_task`]).
    pub margin: i32,
}

impl Default for GenerateOptions {
    /// 100 games with seed 1, 12 to 20 empties, the margin [`super::MARGIN`].
    fn default() -> GenerateOptions {
        GenerateOptions { games: 100, seed: 1, min_empties: 12, max_empties: 20, margin: super::MARGIN }
    }
}

/// Plays the self-play games of `options` and proves every distinct position in the empties
/// range, calling `found` with each puzzle as it is proven (for progress) and `tried` with each
/// position tried. Deterministic for given options.
pub fn generate(
    options: &GenerateOptions,
    prover: &mut Prover,
    mut found: impl FnMut(&Puzzle),
    mut tried: impl FnMut(),
) -> Vec<Puzzle> {
    let eval = |p: u64, o: u64| Patterns::embedded().eval(p, o);
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    for record in self_play_records(options.games, options.seed, &eval) {
        let empties = (!(record.p | record.o)).count_ones();
        if !(options.min_empties..=options.max_empties).contains(&empties) || !seen.insert((record.p, record.o)) {
            continue;
        }
        tried();
        let source = Source::SelfPlay { seed: options.seed, game: record.game, ply: record.ply };
        let to_move = if record.black { Color::Black } else { Color::White };
        if let Some(puzzle) = puzzle_at(prover, record.p, record.o, to_move, source, options.margin) {
            found(&puzzle);
            puzzles.push(puzzle);
        }
    }
    puzzles
}

/// The puzzle in `(p, o)` with `to_move` the player, or `None` when the position is not one.
/// The puzzles in a game played on the bot (`id`): each distinct position of standard 8x8
/// Othello with the side to move having a move and the options' empties, proven as
/// [`generate`]'s are; `seen` holds the positions tried already (over several games).
pub fn from_game(
    options: &GenerateOptions,
    prover: &mut Prover,
    id: i64,
    game: &crate::engine::Game,
    seen: &mut HashSet<(u64, u64)>,
    mut tried: impl FnMut(),
) -> Vec<Puzzle> {
    if game.rules().size != crate::engine::BoardSize::Eight || *game.rules() != crate::engine::Rules::othello() {
        return Vec::new();
    }
    let mut puzzles = Vec::new();
    for (ply, position) in game.positions().iter().enumerate() {
        let Some((p, o)) = position.board.to_bitboards8(position.to_move) else { continue };
        let empties = (!(p | o)).count_ones();
        if position.over
            || !(options.min_empties..=options.max_empties).contains(&empties)
            || Eight::moves(p, o) == 0
            || !seen.insert((p, o))
        {
            continue;
        }
        tried();
        let source = Source::Game { id, ply };
        if let Some(puzzle) = puzzle_at(prover, p, o, position.to_move, source, options.margin) {
            puzzles.push(puzzle);
        }
    }
    puzzles
}

pub fn puzzle_at(prover: &mut Prover, p: u64, o: u64, to_move: Color, source: Source, margin: i32) -> Option<Puzzle> {
    let (task, steps) = prover.prove(p, o, margin)?;
    let (black, white) = if to_move == Color::Black { (p, o) } else { (o, p) };
    Some(Puzzle {
        board: board_text(black, white),
        to_move,
        task,
        themes: themes(p, o, &steps[0]),
        difficulty: difficulty(p, o, &steps),
        steps,
        source,
    })
}

/// A step in a line of text: every move's value, the accepted moves and the reply.
fn describe(step: &Step) -> String {
    let values: Vec<String> = step.values.iter().map(|m| format!("{}={}", m.square, m.value)).collect();
    let accepted: Vec<String> = step.accepted.iter().map(|s| s.to_string()).collect();
    let reply = step.reply.map_or_else(|| "none".to_string(), |s| s.to_string());
    format!("[{}] accepting {} (reply {reply})", values.join(" "), accepted.join(" "))
}

/// How a puzzle failed its check.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// The board is not 64 of `X`, `O` and `-`, or Black and White share a square.
    #[error("the board is not a valid position")]
    Board,
    /// Proven again, the position is no puzzle with this margin.
    #[error("the position is not a puzzle with the margin {0}")]
    NotAPuzzle(i32),
    /// Proven again, the task or a step (values, accepted moves, reply) differs.
    #[error("the proof differs: {0}")]
    Proof(String),
    /// The themes or the difficulty, computed again, differ.
    #[error("the {0} differ")]
    Tags(&'static str),
}

/// Proves `puzzle` again from its position alone with `margin` and compares everything it says.
pub fn verify(prover: &mut Prover, puzzle: &Puzzle, margin: i32) -> Result<(), Mismatch> {
    let (p, o) = puzzle.position().filter(|(p, o)| p & o == 0).ok_or(Mismatch::Board)?;
    let again = puzzle_at(prover, p, o, puzzle.to_move, puzzle.source, margin).ok_or(Mismatch::NotAPuzzle(margin))?;
    if again.task != puzzle.task {
        return Err(Mismatch::Proof(format!("the task is {:?}, not {:?}", again.task, puzzle.task)));
    }
    if again.steps.len() != puzzle.steps.len() {
        return Err(Mismatch::Proof(format!("{} steps, not {}", again.steps.len(), puzzle.steps.len())));
    }
    for (n, (a, b)) in again.steps.iter().zip(&puzzle.steps).enumerate() {
        if a != b {
            return Err(Mismatch::Proof(format!("step {} is {}, not {}", n + 1, describe(a), describe(b))));
        }
    }
    if again.themes != puzzle.themes {
        return Err(Mismatch::Tags("themes"));
    }
    if again.difficulty != puzzle.difficulty {
        return Err(Mismatch::Tags("difficulty"));
    }
    Ok(())
}
