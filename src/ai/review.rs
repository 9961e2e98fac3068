//! The post-game review: every position of a finished 8x8 game scored by the master's search
//! (solved exactly from the end backwards as far as the budget allows, a fixed-depth search with
//! the learnt evaluation before that), each move's cost in discs against the best move, and from
//! those the biggest mistakes and each side's accuracy.
//!
//! A move's cost compares the best move's value with the played move's at the same horizon (the
//! child of the played move searched one ply less deep, as the best move's child was), so it is
//! never negative and a best move costs nothing.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::engine::bits::{Eight, Geometry, play};
use crate::engine::{BoardSize, Color, FlipMode, Game, Ply, Rules, Square, Start};

use super::eval::{SCALE, final_score};
use super::searcher::{Evaluation, Searcher};

/// How long and how deep a review may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewConfig {
    /// The time for the whole game (on one thread).
    pub budget: Duration,
    /// The deepest midgame search tried; the review searches less deep when the budget runs short.
    pub max_depth: u32,
}

impl Default for ReviewConfig {
    /// Ten seconds a game, midgame searches up to 12 plies.
    fn default() -> ReviewConfig {
        ReviewConfig { budget: Duration::from_secs(10), max_depth: 12 }
    }
}

/// One move of a reviewed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReview {
    /// Its number in the game, from 1 (passes are not counted).
    pub number: usize,
    /// Who played it.
    pub color: Color,
    /// The square played.
    pub played: Square,
    /// The best move found (the played one when it was best).
    pub best: Square,
    /// What the move cost against the best one, in hundredths of a disc (0 for a best move).
    pub loss: i32,
    /// Whether both values were solved exactly.
    pub exact: bool,
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameReview {
    /// The value of the position after each move with best play, in hundredths of a disc from
    /// Black's side (`values[0]` is the start, the last the final position).
    pub values: Vec<i32>,
    /// The first index of `values` from which every value is exact (`values.len()` when none is).
    pub exact_from: usize,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// The midgame search's depth: the shallowest any position was searched at (each as deep as
    /// its share of the budget allowed, up to the configured most).
    pub depth: u32,
}

/// Why a game cannot be reviewed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// The engine's search plays standard 8x8 Othello only (with either start grid, any tie rule
    /// and any scoring); other boards, one-line flips and limited supplies it does not know.
    #[error("the engine reviews 8x8 games with unlimited discs that flip in every line")]
    Unsupported,
    /// The review was cancelled.
    #[error("the review was cancelled")]
    Cancelled,
}

/// Whether the moves `a` and `b` (8x8 indices) lead to the same position up to a symmetry of
/// the board that keeps the position before them (`p` to move, `o` the other): the four first
/// moves of a game, for one, are one move.
fn equivalent(p: u64, o: u64, a: u32, b: u32) -> bool {
    let map = |symmetry: u32, index: u32| {
        let (c, r) = (index % 8, index / 8);
        let (c, r) = if symmetry & 4 != 0 { (r, c) } else { (c, r) };
        let c = if symmetry & 1 != 0 { 7 - c } else { c };
        let r = if symmetry & 2 != 0 { 7 - r } else { r };
        r * 8 + c
    };
    let image = |symmetry: u32, bits: u64| {
        (0..64).filter(|i| bits >> i & 1 == 1).fold(0u64, |acc, i| acc | 1 << map(symmetry, i))
    };
    a == b || (1..8).any(|symmetry| image(symmetry, p) == p && image(symmetry, o) == o && map(symmetry, a) == b)
}

/// Whether games under `rules` can be reviewed.
pub fn reviewable(rules: &Rules) -> bool {
    rules.size == BoardSize::Eight
        && rules.flips == FlipMode::AllLines
        && !rules.supply.is_limited()
        && matches!(rules.start, Start::Cross | Start::Parallel)
}

/// A position before a move, from the mover's side.
#[derive(Clone, Copy, Debug)]
struct Before {
    p: u64,
    o: u64,
    color: Color,
    played: u32,
}

/// The position before each move of `game`, from its mover's side; `None` off 8x8.
fn befores(game: &Game) -> Option<Vec<Before>> {
    game.plies()
        .iter()
        .zip(game.positions())
        .filter_map(|(ply, position)| match ply {
            Ply::Move(played) => Some((played, position)),
            Ply::Pass(_) => None,
        })
        .map(|(played, position)| {
            let (p, o) = position.board.to_bitboards8(played.color)?;
            Some(Before { p, o, color: played.color, played: played.mv.square.index(BoardSize::Eight) })
        })
        .collect()
}

/// Reviews `game` within `config`'s budget, reusing `searcher`'s tables.
pub fn review(
    game: &Game,
    config: &ReviewConfig,
    searcher: &mut Searcher,
    cancel: &AtomicBool,
) -> Result<GameReview, ReviewError> {
    if !reviewable(game.rules()) {
        return Err(ReviewError::Unsupported);
    }
    let started = Instant::now();
    let befores = befores(game).ok_or(ReviewError::Unsupported)?;
    let last = game.position();
    let final_value = match last.board.to_bitboards8(Color::Black) {
        Some((b, w)) if last.over => Some(final_score(b, w) * SCALE),
        _ => None,
    };
    // values[i]: the position before move i from its mover's side (index n: the last position).
    let n = befores.len();
    let mut best = vec![(0u32, 0i32, false); n];
    let mut played_value = vec![(0i32, false); n];

    // The exact stretch: solve from the end backwards while each solve fits what is left of half
    // the budget.
    let exact_budget = config.budget / 2;
    let mut exact_from = n;
    for i in (0..n).rev() {
        let b = befores[i];
        let left = exact_budget.saturating_sub(started.elapsed());
        if left.is_zero() {
            break;
        }
        let Some(solution) = searcher.solve8(b.p, b.o, Some(left), cancel) else { break };
        let Some(sq) = solution.best else { break };
        best[i] = (sq.index(BoardSize::Eight), solution.score * SCALE, true);
        exact_from = i;
    }
    if is_cancelled(cancel) {
        return Err(ReviewError::Cancelled);
    }
    for i in exact_from..n {
        // The played move's value is the next position's, seen from this mover's side.
        let next = if i + 1 < n { Some((best[i + 1].1, befores[i + 1].color)) } else { None };
        played_value[i] = match (next, final_value) {
            (Some((value, color)), _) => (if color == befores[i].color { value } else { -value }, true),
            (None, Some(fin)) => (from_black(fin, befores[i].color), true),
            (None, None) => {
                let b = befores[i];
                after_move(searcher, b.p, b.o, b.played, 0, None, cancel).unwrap_or_default()
            }
        };
    }

    // The midgame: a fixed-depth search of each position and of the played move's child, as deep
    // as the rest of the budget allows for the positions left.
    let deepest = config.max_depth.max(2);
    let mut depth = deepest;
    let mut shallowest = depth;
    for i in (0..exact_from).rev() {
        let b = befores[i];
        let left = config.budget.saturating_sub(started.elapsed());
        let share = left / (i as u32 + 1);
        shallowest = shallowest.min(depth);
        let begun = Instant::now();
        let Some(found) = searcher.search8_with(b.p, b.o, depth, Evaluation::Learnt) else {
            return Err(ReviewError::Unsupported);
        };
        let sq = found.best.index(BoardSize::Eight);
        best[i] = (sq, found.score, false);
        played_value[i] = if sq == b.played {
            (found.score, false)
        } else {
            after_move(searcher, b.p, b.o, b.played, depth - 1, None, cancel).unwrap_or_default()
        };
        // The rest of the budget, shared by the positions left, sets the next depth: a ply less
        // after a position that took more than its share, a ply more (up to the most) after one
        // that took under a third of it (a ply costs a few times the one before).
        let took = begun.elapsed();
        if took > share && depth > 4 {
            depth -= 1;
        } else if took * 3 < share && depth < deepest {
            depth += 1;
        }
        if is_cancelled(cancel) {
            return Err(ReviewError::Cancelled);
        }
    }

    let mut values: Vec<i32> = (0..n).map(|i| from_black(best[i].1, befores[i].color)).collect();
    // A game resigned or lost on time ends in a position of its own: solved when the positions
    // before it were, searched otherwise.
    let (last_value, last_exact) = match final_value {
        Some(value) => (value, true),
        None => {
            let color = last.to_move;
            let solve = exact_from < n;
            match last.board.to_bitboards8(color) {
                Some((p, o)) => {
                    let (value, exact) =
                        position_value(searcher, p, o, if solve { 0 } else { depth }, None, cancel).unwrap_or_default();
                    (from_black(value, color), exact)
                }
                None => (0, false),
            }
        }
    };
    values.push(last_value);
    let moves = (0..n)
        .map(|i| {
            let b = befores[i];
            let (best_sq, best_value, best_exact) = best[i];
            let (value, exact) = played_value[i];
            // A move the position's own symmetry takes to the best one is as good as it.
            let loss = if equivalent(b.p, b.o, b.played, best_sq) { 0 } else { (best_value - value).max(0) };
            MoveReview {
                number: i + 1,
                color: b.color,
                played: Square::from_index(b.played, BoardSize::Eight),
                best: if loss == 0 {
                    Square::from_index(b.played, BoardSize::Eight)
                } else {
                    Square::from_index(best_sq, BoardSize::Eight)
                },
                loss,
                exact: best_exact && exact,
            }
        })
        .collect();
    let exact_from = if last_exact { exact_from } else { n + 1 };
    Ok(GameReview { values, exact_from, moves, depth: shallowest })
}

/// One legal move's value in an analysed position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub square: Square,
    /// Its value for the side to move with best play after it, in hundredths of a disc.
    pub value: i32,
    /// Whether the value was solved exactly.
    pub exact: bool,
}

/// Every legal move of the 8x8 position `(p, o)` (the side to move first) with its value, best
/// first: solved exactly while the solves fit `budget`, searched `depth` plies otherwise.
pub fn analyse_moves(
    p: u64,
    o: u64,
    depth: u32,
    budget: Duration,
    searcher: &mut Searcher,
    cancel: &AtomicBool,
) -> Vec<MoveValue> {
    let started = Instant::now();
    let mut moves = Eight::moves(p, o);
    let count = moves.count_ones();
    let mut values = Vec::new();
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        // The exact solve gets an equal share of what is left; when it does not finish, the
        // move is searched instead.
        let share = budget.saturating_sub(started.elapsed()) / (count - values.len() as u32).max(1);
        let solved = if share.is_zero() { None } else { after_move(searcher, p, o, sq, 0, Some(share), cancel) };
        let (value, exact) = solved
            .or_else(|| after_move(searcher, p, o, sq, depth.saturating_sub(1).max(1), None, cancel))
            .unwrap_or_default();
        values.push(MoveValue { square: Square::from_index(sq, BoardSize::Eight), value, exact });
    }
    values.sort_by(|a, b| b.value.cmp(&a.value).then(b.exact.cmp(&a.exact)));
    values
}

impl GameReview {
    /// The `count` costliest moves of `color` that cost at least `threshold` hundredths of a
    /// disc, costliest first (earlier first among equals).
    pub fn mistakes(&self, color: Color, count: usize, threshold: i32) -> Vec<MoveReview> {
        let mut mine: Vec<MoveReview> =
            self.moves.iter().filter(|m| m.color == color && m.loss >= threshold).copied().collect();
        mine.sort_by(|a, b| b.loss.cmp(&a.loss).then(a.number.cmp(&b.number)));
        mine.truncate(count);
        mine
    }

    /// `color`'s average loss per move in discs (`None` when they made no move).
    pub fn average_loss(&self, color: Color) -> Option<f64> {
        let losses: Vec<i32> = self.moves.iter().filter(|m| m.color == color).map(|m| m.loss).collect();
        (!losses.is_empty()).then(|| f64::from(losses.iter().sum::<i32>()) / losses.len() as f64 / f64::from(SCALE))
    }

    /// The position before move `number` (from 1) as the mover's and the opponent's discs, for
    /// explaining it ([`super::coach::explain`]).
    pub fn position_before(game: &Game, number: usize) -> Option<(u64, u64)> {
        let before = *befores(game)?.get(number.checked_sub(1)?)?;
        Some((before.p, before.o))
    }
}

/// The value of the position after the mover (discs `p`) plays `sq` against `o`, from the mover's
/// side, as [`position_value`] gives it.
fn after_move(
    searcher: &mut Searcher,
    p: u64,
    o: u64,
    sq: u32,
    depth: u32,
    budget: Option<Duration>,
    cancel: &AtomicBool,
) -> Option<(i32, bool)> {
    let (np, no) = play::<Eight>(p, o, sq, Eight::flips(p, o, sq));
    position_value(searcher, np, no, depth, budget, cancel).map(|(value, exact)| (-value, exact))
}

/// The value of `(p, o)` for its side to move (passing when it must) in hundredths of a disc, and
/// whether it is exact: solved (within `budget`, if one is given) when `depth` is 0 or reaches
/// the end, searched `depth` plies otherwise. `None` when the solve did not finish.
fn position_value(
    searcher: &mut Searcher,
    p: u64,
    o: u64,
    depth: u32,
    budget: Option<Duration>,
    cancel: &AtomicBool,
) -> Option<(i32, bool)> {
    if Eight::moves(p, o) == 0 {
        if Eight::moves(o, p) == 0 {
            return Some((final_score(p, o) * SCALE, true));
        }
        return position_value(searcher, o, p, depth, budget, cancel).map(|(value, exact)| (-value, exact));
    }
    if depth == 0 || (!(p | o)).count_ones() <= depth {
        return searcher.solve8(p, o, budget, cancel).map(|s| (s.score * SCALE, true));
    }
    searcher.search8_with(p, o, depth, Evaluation::Learnt).map(|found| (found.score, false))
}

fn from_black(value: i32, color: Color) -> i32 {
    if color == Color::Black { value } else { -value }
}

fn is_cancelled(cancel: &AtomicBool) -> bool {
    cancel.load(std::sync::atomic::Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::random_game;
    use crate::engine::{Move, Rules};

    fn quick() -> ReviewConfig {
        ReviewConfig { budget: Duration::from_secs(20), max_depth: 4 }
    }

    #[test]
    fn the_four_first_moves_are_one_move_and_none_costs_anything() {
        let index = |name: &str| Square::parse(name, BoardSize::Eight).unwrap().index(BoardSize::Eight);
        let start = Game::new(Rules::default());
        let (p, o) = start.board().to_bitboards8(Color::Black).unwrap();
        for first in ["d3", "c4", "e6"] {
            assert!(equivalent(p, o, index(first), index("f5")), "{first}");
        }
        assert!(!equivalent(p, o, index("f5"), index("f4")));
        let mut after = start.clone();
        after.play(Move::parse("f5", BoardSize::Eight).unwrap()).unwrap();
        let (p, o) = after.board().to_bitboards8(Color::White).unwrap();
        for (a, b) in [("d6", "f6"), ("d6", "f4"), ("f4", "f6")] {
            assert!(!equivalent(p, o, index(a), index(b)), "after f5, {a} and {b} are different openings");
        }
        // A game aborted after f5: its one move cost nothing.
        let cancel = AtomicBool::new(false);
        let brief = ReviewConfig { budget: Duration::from_secs(2), max_depth: 2 };
        let reviewed = review(&after, &brief, &mut Searcher::new(1), &cancel).unwrap();
        assert_eq!(reviewed.moves[0].loss, 0);
        assert_eq!(reviewed.average_loss(Color::White), None, "White made no move");
    }

    #[test]
    fn a_finished_game_is_scored_after_every_move_and_exactly_where_it_was_solved() {
        let game = random_game(Rules::default(), 7);
        assert!(game.is_over());
        let cancel = AtomicBool::new(false);
        let mut searcher = Searcher::new(16);
        let review = review(&game, &quick(), &mut searcher, &cancel).unwrap();
        let n = game.moves().count();
        assert_eq!(review.moves.len(), n);
        assert_eq!(review.values.len(), n + 1);
        let [black, white] = game.counts().map(|c| c as i32);
        assert_eq!(review.values[n], final_score(black_bits(&game), white_bits(&game)) * SCALE);
        assert_eq!(
            review.values[n] / SCALE,
            black - white + if black == white { 0 } else { 64 - black - white } * (black - white).signum()
        );
        assert!(review.exact_from <= n - 10, "the last ten moves are solved, exact from {}", review.exact_from);
        // Every exactly scored move's cost is the solver's: best value minus the played move's.
        let mut judge = Searcher::new(16);
        for m in review.moves.iter().filter(|m| m.exact) {
            let (p, o) = GameReview::position_before(&game, m.number).unwrap();
            let best = judge.solve8(p, o, None, &cancel).unwrap().score;
            let played =
                after_move(&mut judge, p, o, m.played.index(BoardSize::Eight), 0, None, &cancel).unwrap().0 / SCALE;
            assert_eq!(m.loss / SCALE, best - played, "move {}", m.number);
            assert!(m.loss > 0 || m.best == m.played);
        }
        assert!(review.moves.iter().all(|m| m.loss >= 0));
    }

    fn black_bits(game: &Game) -> u64 {
        game.board().to_bitboards8(Color::Black).unwrap().0
    }

    fn white_bits(game: &Game) -> u64 {
        game.board().to_bitboards8(Color::Black).unwrap().1
    }

    #[test]
    fn a_random_players_mistakes_are_its_costliest_moves_costliest_first() {
        let game = random_game(Rules::default(), 11);
        let cancel = AtomicBool::new(false);
        let review = review(&game, &quick(), &mut Searcher::new(16), &cancel).unwrap();
        for color in Color::BOTH {
            let mistakes = review.mistakes(color, 5, 2 * SCALE);
            assert!(!mistakes.is_empty(), "a random player makes mistakes");
            assert!(mistakes.len() <= 5);
            assert!(mistakes.windows(2).all(|w| w[0].loss >= w[1].loss));
            assert!(mistakes.iter().all(|m| m.color == color && m.loss >= 2 * SCALE && m.best != m.played));
            let worst = review.moves.iter().filter(|m| m.color == color).map(|m| m.loss).max().unwrap();
            assert_eq!(mistakes[0].loss, worst);
            let average = review.average_loss(color).unwrap();
            assert!(average > 0.0 && average <= f64::from(worst) / f64::from(SCALE));
        }
    }

    #[test]
    fn a_game_that_stopped_early_ends_its_chart_at_the_position_it_stopped_in() {
        let mut game = Game::new(Rules::default());
        for square in ["f5", "d6", "c3", "d3", "c4"] {
            game.play(Move::parse(square, BoardSize::Eight).unwrap()).unwrap();
        }
        let cancel = AtomicBool::new(false);
        let review = review(&game, &quick(), &mut Searcher::new(16), &cancel).unwrap();
        assert_eq!(review.values.len(), 6);
        assert_eq!(review.exact_from, 6, "nothing so early is solved");
        assert!(review.values.iter().all(|v| v.abs() < 16 * SCALE), "an opening is near even: {:?}", review.values);
    }

    #[test]
    fn only_games_the_engine_can_search_are_reviewed() {
        let cancel = AtomicBool::new(false);
        let ten = Rules { size: BoardSize::Ten, ..Rules::default() };
        let one_line = Rules { flips: FlipMode::OneLine, ..Rules::default() };
        for rules in [ten, one_line] {
            let game = Game::new(rules);
            assert_eq!(review(&game, &quick(), &mut Searcher::new(1), &cancel), Err(ReviewError::Unsupported));
        }
        assert!(reviewable(&Rules { start: Start::Parallel, ..Rules::default() }));
    }

    #[test]
    fn every_legal_move_is_scored_best_first_and_exactly_near_the_end() {
        let cancel = AtomicBool::new(false);
        let mut searcher = Searcher::new(16);
        let game = random_game(Rules::default(), 3);
        // Twelve moves before the end: every move solved, agreeing with the solver one by one.
        let number = game.moves().count() - 12;
        let (p, o) = GameReview::position_before(&game, number).unwrap();
        let moves = analyse_moves(p, o, 6, Duration::from_secs(30), &mut searcher, &cancel);
        assert_eq!(moves.len() as u32, Eight::moves(p, o).count_ones());
        assert!(moves.windows(2).all(|w| w[0].value >= w[1].value));
        let best = searcher.solve8(p, o, None, &cancel).unwrap().score;
        assert_eq!(moves[0].value, best * SCALE);
        for m in &moves {
            assert!(m.exact);
            let (value, _) =
                after_move(&mut searcher, p, o, m.square.index(BoardSize::Eight), 0, None, &cancel).unwrap();
            assert_eq!(m.value, value, "{}", m.square);
        }
        // The start: nothing solved in no time, every move estimated and near even.
        let start = Game::new(Rules::default());
        let (p, o) = start.board().to_bitboards8(Color::Black).unwrap();
        let moves = analyse_moves(p, o, 4, Duration::ZERO, &mut searcher, &cancel);
        assert_eq!(moves.len(), 4);
        assert!(moves.iter().all(|m| !m.exact && m.value.abs() < 8 * SCALE), "{moves:?}");
    }
}
