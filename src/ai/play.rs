//! Choosing a move for a [`Game`] at a [`Level`]: the dispatch between the fast 8x8 path (midgame
//! search with the learnt pattern evaluation from level 4, the hand-tuned one below, then the
//! exact solver as soon as it fits the budget),
//! the size-generic path (6x6, 10x10, one-line flips), the free-centre opening, and the beginner.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::engine::bits::{Eight, Geometry, Six, Ten};
use crate::engine::{Board, BoardSize, Color, Game, Move, Start};

use super::clock::Clock;
use super::eval::{Evaluate, Generic, Hand8, SCALE};
use super::level::Level;
use super::rng::Rng;
use super::search::{Found, Midgame, Noise, for_each_move};
use super::searcher::Searcher;
use super::table::Table;

/// Settings of the bot, chosen by whoever runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiConfig {
    /// The time a level-5 move may take (default 2 s; more makes the Master stronger, it
    /// reaches the endgame solver earlier). The other levels think for their own default
    /// ([`Level::default_budget`]) or this, whichever is shorter.
    pub budget: Duration,
    /// Memory for the transposition tables, in megabytes. Default 32.
    pub tt_megabytes: usize,
}

impl Default for AiConfig {
    fn default() -> Self {
        AiConfig { budget: Level::MAX.default_budget(), tt_megabytes: 32 }
    }
}

/// The move the bot chose and how it got there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move (with its line under one-line flips when the square brackets several).
    pub mv: Move,
    /// The expected final disc difference for the side to move: exact when `exact`, otherwise
    /// the evaluation in discs (rounded). `None` when there was nothing to think about.
    pub score: Option<i32>,
    /// Whether `score` is the perfect-play result.
    pub exact: bool,
    /// The depth reached (the empties for an exact solve).
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Picks a move for the side to move of `game`. `None` only when the game is over.
///
/// Deterministic for a given `seed` as long as the budget is not what stops the search (levels
/// 1 to 3 are depth-limited and finish well within theirs). Setting `cancel` makes it return at
/// once with the best move found so far (a legal move in any case).
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use reversi_bot::ai::{AiConfig, Level, choose_move};
/// use reversi_bot::engine::{Game, Rules};
/// let game = Game::new(Rules::default());
/// let choice = choose_move(&game, Level::new(2).unwrap(), &AiConfig::default(), 7, &AtomicBool::new(false)).unwrap();
/// assert!(game.legal_choices().contains(&choice.mv));
/// ```
///
/// This allocates fresh tables for the one call; a caller that moves often keeps
/// [`Searcher`]s ([`SearcherPool`]) and calls [`Searcher::choose`], which gives the same moves.
pub fn choose_move(game: &Game, level: Level, config: &AiConfig, seed: u64, cancel: &AtomicBool) -> Option<Choice> {
    Searcher::new(config.tt_megabytes).choose(game, level, config, seed, cancel)
}

/// Searchers kept between moves, so that a bot move does not allocate its tables and the
/// strong levels start from what their last search learnt. Each search takes one searcher for
/// itself (a new one when all are busy) and gives it back.
#[derive(Debug, Default)]
pub struct SearcherPool {
    idle: std::sync::Mutex<Vec<Searcher>>,
}

impl SearcherPool {
    /// An empty pool.
    pub fn new() -> SearcherPool {
        SearcherPool::default()
    }

    /// As [`choose_move`], on a pooled searcher.
    pub fn choose(
        &self,
        game: &Game,
        level: Level,
        config: &AiConfig,
        seed: u64,
        cancel: &AtomicBool,
    ) -> Option<Choice> {
        let pooled = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let mut searcher = match pooled {
            Some(s) if s.megabytes == config.tt_megabytes => s,
            _ => Searcher::new(config.tt_megabytes),
        };
        let choice = searcher.choose(game, level, config, seed, cancel);
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).push(searcher);
        choice
    }

    /// Searchers waiting for work.
    pub fn idle(&self) -> usize {
        self.idle.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// From how many empties a level with `exact_empties` at its default budget tries the solver
/// when it has `budget`: two empties more for each doubling of the time (each two empties
/// multiply the solver's work by about four to six), two fewer for each halving (rounded, so
/// that the few milliseconds spent before the search do not count).
pub(super) fn exact_reach(exact_empties: u32, budget: Option<Duration>, default: Duration) -> u32 {
    let Some(budget) = budget else { return exact_empties };
    if exact_empties == 0 || budget.is_zero() {
        return exact_empties;
    }
    let doublings = (budget.as_secs_f64() / default.as_secs_f64()).log2();
    (f64::from(exact_empties) + (2.0 * doublings).round()).clamp(0.0, 40.0) as u32
}

/// A move in bit-index form with its score.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Picked {
    pub sq: u32,
    pub line: u8,
    pub score: Option<i32>,
    pub exact: bool,
    pub depth: u32,
}

impl Picked {
    pub(super) fn from_found<M>(f: Found<M>) -> Picked {
        let score = if f.exact { f.score / SCALE } else { div_round(f.score, SCALE) };
        Picked { sq: u32::from(f.child.sq), line: f.child.line, score: Some(score), exact: f.exact, depth: f.depth }
    }
}

fn div_round(a: i32, b: i32) -> i32 {
    if a >= 0 { (a + b / 2) / b } else { -((-a + b / 2) / b) }
}

pub(super) fn noise(amplitude: i32, rng: &mut Rng) -> Option<Noise> {
    (amplitude > 0).then(|| Noise { seed: rng.next_u64(), amplitude })
}

#[allow(clippy::too_many_arguments)]
pub(super) fn midgame<G: Geometry, E: Evaluate<G>>(
    tt: &mut Table<G::Mask>,
    (p, o): (G::Mask, G::Mask),
    eval: &E,
    depth: u32,
    one_line: bool,
    noise: Option<Noise>,
    clock: &mut Clock<'_>,
    keep_going: &dyn Fn(&Clock<'_>) -> bool,
) -> Option<Found<G::Mask>> {
    let mut search = Midgame::new(tt, clock, eval, one_line);
    search.noise = noise;
    search.iterate(p, o, depth, keep_going)
}

/// Any size and variant: the generic midgame search, exact near the end.
pub(super) fn generic<G: Geometry, E: Evaluate<G>>(
    tt: &mut Table<G::Mask>,
    (p, o): (G::Mask, G::Mask),
    level: Level,
    eval: &E,
    one_line: bool,
    rng: &mut Rng,
    clock: &mut Clock<'_>,
) -> Option<Picked> {
    if level == Level::MIN {
        return beginner::<G>(p, o, one_line, rng);
    }
    let profile = level.profile();
    let empties = (!(p | o) & G::FULL).count_ones_u32();
    let exact_limit = profile.exact_empties.min(if G::N == 8 { 14 } else { 12 });
    let depth = if empties <= exact_limit { empties.max(profile.depth) } else { profile.depth };
    let soft = clock.remaining().unwrap_or(Duration::MAX) / 2;
    let started = Instant::now();
    let keep_going = move |_: &Clock<'_>| started.elapsed() < soft / 2;
    let noise = noise(profile.noise, rng);
    let found = if profile.insight < 100 {
        let weak = WeakEval { inner: eval, insight: profile.insight };
        midgame::<G, _>(tt, (p, o), &weak, depth, one_line, noise, clock, &keep_going)
    } else {
        midgame::<G, _>(tt, (p, o), eval, depth, one_line, noise, clock, &keep_going)
    };
    found.map(Picked::from_found)
}

/// An evaluation that sees only part of the positional terms (the rest is counted discs).
/// The 8x8 evaluation a level searches with.
pub(crate) enum LevelEval {
    /// Levels below full insight: the hand-tuned evaluation blended with the disc count.
    Weak(WeakEval<'static, Hand8>),
    /// The hand-tuned evaluation.
    Hand,
}

impl Evaluate<Eight> for LevelEval {
    #[inline]
    fn eval(&self, p: u64, o: u64) -> i32 {
        match self {
            LevelEval::Weak(e) => e.eval(p, o),
            LevelEval::Hand => Hand8.eval(p, o),
        }
    }
}

pub(crate) struct WeakEval<'e, E> {
    pub(super) inner: &'e E,
    pub(super) insight: i32,
}

impl<G: Geometry, E: Evaluate<G>> Evaluate<G> for WeakEval<'_, E> {
    fn eval(&self, p: G::Mask, o: G::Mask) -> i32 {
        let discs = (p.count_ones_u32() as i32 - o.count_ones_u32() as i32) * SCALE / 4;
        (self.inner.eval(p, o) * self.insight + discs * (100 - self.insight)) / 100
    }
}

/// `count()` under a name that does not clash with the integers' inherent `count_ones`.
trait CountOnes {
    fn count_ones_u32(self) -> u32;
}

impl<M: crate::engine::bits::Bits> CountOnes for M {
    fn count_ones_u32(self) -> u32 {
        self.count()
    }
}

/// The beginner: greedy (likes flipping many discs), grabs edges too early, sees corners only
/// half the time, never minds X-squares, and now and then plays any legal move.
pub(super) fn beginner<G: Geometry>(p: G::Mask, o: G::Mask, one_line: bool, rng: &mut Rng) -> Option<Picked> {
    let n = G::N;
    let mut moves = Vec::new();
    for_each_move::<G>(p, o, one_line, |x, line, flips| moves.push((x, line, flips.count_ones_u32() as i32)));
    if moves.is_empty() {
        return None;
    }
    let random = rng.chance(15);
    let corner_eye = rng.chance(50);
    let mut best: Option<((u32, u8), i32)> = None;
    for &(x, line, flips) in &moves {
        let (c, r) = (x % n, x / n);
        let edge_c = c == 0 || c == n - 1;
        let edge_r = r == 0 || r == n - 1;
        let mut value = 10 * flips + rng.range(0, 45);
        if edge_c || edge_r {
            value += 25;
        }
        if edge_c && edge_r && corner_eye {
            value += 40;
        }
        if random {
            value = rng.range(0, 1000);
        }
        if best.is_none_or(|(_, v)| value > v) {
            best = Some(((x, line), value));
        }
    }
    best.map(|((sq, line), _)| Picked { sq, line, score: None, exact: false, depth: 1 })
}

/// The free-centre opening: the first four discs go on the centre squares. Looks at every way the
/// centre can be filled and judges the result with the generic evaluation.
pub(super) fn opening(game: &Game, level: Level, rng: &mut Rng) -> (Move, Option<i32>) {
    let choices = game.legal_choices();
    let me = game.to_move().unwrap_or(Color::Black);
    if level == Level::MIN {
        let pick = rng.below(choices.len() as u64) as usize;
        return (choices[pick], None);
    }
    let mut best: Option<(Move, i32)> = None;
    for &mv in &choices {
        let mut next = game.clone();
        if next.play(mv).is_err() {
            continue;
        }
        let value = opening_value(&next, me) + rng.range(0, 3);
        if best.is_none_or(|(_, v)| value > v) {
            best = Some((mv, value));
        }
    }
    match best {
        Some((mv, v)) => (mv, Some(div_round(v, SCALE))),
        None => (choices[0], None),
    }
}

fn opening_value(game: &Game, me: Color) -> i32 {
    let board = game.board();
    let Some(to_move) = game.to_move() else {
        let r = game.result().map_or(0, |r| r.margin());
        return if me == Color::Black { r * SCALE } else { -r * SCALE };
    };
    let size = game.rules().size;
    if game.rules().start == Start::FreeCentre && board.empties() + 4 > size.squares() {
        let values = game.legal_choices().into_iter().filter_map(|mv| {
            let mut next = game.clone();
            next.play(mv).ok()?;
            Some(opening_value(&next, me))
        });
        return if to_move == me { values.max().unwrap_or(0) } else { values.min().unwrap_or(0) };
    }
    let v = static_eval(board, to_move);
    if to_move == me { v } else { -v }
}

/// The generic evaluation of `board` for `color` to move.
fn static_eval(board: &Board, color: Color) -> i32 {
    let (p, o) = (board.bits_of(color), board.bits_of(color.opponent()));
    match board.size() {
        BoardSize::Six => Generic::<Six>::new().eval(p as u64, o as u64),
        BoardSize::Eight => Generic::<Eight>::new().eval(p as u64, o as u64),
        BoardSize::Ten => Generic::<Ten>::new().eval(p, o),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_time_reaches_the_solver_earlier() {
        let default = Duration::from_secs(2);
        assert_eq!(exact_reach(28, Some(default), default), 28);
        assert_eq!(exact_reach(28, Some(default * 4), default), 32);
        assert_eq!(exact_reach(28, Some(default - Duration::from_millis(30)), default), 28);
        assert_eq!(exact_reach(28, Some(default * 3), default), 31);
        assert_eq!(exact_reach(28, Some(default / 2), default), 26);
        assert_eq!(exact_reach(28, None, default), 28);
        assert_eq!(exact_reach(0, Some(default * 8), default), 0);
        assert_eq!(exact_reach(10, Some(Duration::from_millis(1)), default), 0);
    }
}
