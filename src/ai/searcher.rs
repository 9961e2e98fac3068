//! [`Searcher`]: the object that owns the transposition tables and runs searches. One per game
//! service worker or CLI command; nothing is shared between searchers, so several can run on
//! tokio's blocking threads at once.

use std::cell::Cell;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::engine::bits::{Eight, Geometry, Six, Ten};
use crate::engine::{BoardSize, Direction, FlipMode, Game, Move, Square, Start};

use super::clock::Clock;
use super::eval::{Generic, Hand8, SCALE};
use super::level::{Level, Profile};
use super::play::{
    AiConfig, Choice, LevelEval, Picked, WeakEval, beginner, exact_reach, generic, midgame, noise, opening,
};
use super::rng::Rng;
use super::search::NO_LINE;
use super::solver::endgame::{Endgame, RootTest, Solved};
use super::solver::midgame8::Midgame8;
use super::solver::pattern::Patterns;
use super::solver::tt::SolverTables;
use super::table::Table;

/// The result of an exact solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The final disc difference for the side to move with perfect play (empties to the winner);
    /// for a win/loss/draw solve 1, 0 or -1.
    pub score: i32,
    /// A best move (`None`: the side to move must pass).
    pub best: Option<Square>,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// Owns the transposition tables of one line of searches.
#[derive(Debug)]
pub struct Searcher {
    pub(crate) tt_end: SolverTables,
    pub(crate) tt_mid: Table<u64>,
    pub(crate) tt_wide: Option<Table<u128>>,
    pub(crate) variant: Option<(BoardSize, bool, u8)>,
    pub(crate) megabytes: usize,
}

impl Searcher {
    /// A searcher whose tables use about `tt_megabytes` in all.
    pub fn new(tt_megabytes: usize) -> Searcher {
        let half = (tt_megabytes / 2).max(1);
        Searcher {
            tt_end: SolverTables::new(half),
            tt_mid: Table::new(half),
            tt_wide: None,
            variant: None,
            megabytes: tt_megabytes,
        }
    }

    /// Forgets what earlier searches learnt.
    pub fn clear(&mut self) {
        self.tt_end.clear();
        self.tt_mid.clear();
        self.tt_wide = None;
    }

    /// Solves the 8x8 position `(p, o)` (side to move first) exactly. `None` when cancelled or
    /// out of time.
    pub fn solve8(&mut self, p: u64, o: u64, budget: Option<Duration>, cancel: &AtomicBool) -> Option<Solution> {
        self.solve8_mode(p, o, budget, cancel, false, None)
    }

    /// As [`Searcher::solve8`] without a budget, also giving the null-window tests the solver
    /// ran at the root, each with the nodes of every root move it searched.
    pub fn solve8_tests(&mut self, p: u64, o: u64, cancel: &AtomicBool) -> Option<(Solution, Vec<RootTest>)> {
        let mut tests = Vec::new();
        let solution = self.solve8_mode(p, o, None, cancel, false, Some(&mut tests))?;
        Some((solution, tests))
    }

    /// Solves the 8x8 position `(p, o)` for win (1), draw (0) or loss (-1) only.
    pub fn solve8_wld(&mut self, p: u64, o: u64, budget: Option<Duration>, cancel: &AtomicBool) -> Option<Solution> {
        self.solve8_mode(p, o, budget, cancel, true, None)
    }

    fn solve8_mode(
        &mut self,
        p: u64,
        o: u64,
        budget: Option<Duration>,
        cancel: &AtomicBool,
        wld: bool,
        tests: Option<&mut Vec<RootTest>>,
    ) -> Option<Solution> {
        let mut clock = Clock::new(cancel, budget, u64::MAX);
        let guess = self.guess8(p, o, &mut clock);
        let mut solver = Endgame::new(&mut self.tt_end, &mut clock);
        if tests.is_some() {
            solver.keep_tests();
        }
        let solved = if wld { solver.solve_wld(p, o) } else { solver.solve(p, o, guess) };
        if let Some(tests) = tests {
            *tests = solver.take_tests();
        }
        let Solved { score, best } = solved?;
        Some(Solution {
            score,
            best: best.map(|x| Square::from_index(x, BoardSize::Eight)),
            nodes: clock.nodes,
            elapsed: clock.elapsed(),
        })
    }
}

impl Searcher {
    /// A first guess of the exact score, where the solver's null-window searches start: the
    /// learnt evaluation, searched a few plies deep on large endgames (the level-5 midgame
    /// search, sharing its table).
    fn guess8(&mut self, p: u64, o: u64, clock: &mut Clock<'_>) -> i32 {
        let patterns = Patterns::embedded();
        let empties = (!(p | o)).count_ones();
        if empties < GUESS_SEARCH_FROM || Eight::moves(p, o) == 0 {
            return patterns.eval(p, o) / SCALE;
        }
        self.prepare(BoardSize::Eight, false, Level::MAX.get());
        let depth = (empties - GUESS_SEARCH_FROM) / 2 + 4;
        match Midgame8::new(&mut self.tt_mid, clock, patterns).iterate(p, o, depth, &|_| true) {
            Some(found) => found.score / SCALE,
            None => patterns.eval(p, o) / SCALE,
        }
    }
}

/// From this many empties the solver's first guess comes from a midgame search.
const GUESS_SEARCH_FROM: u32 = 18;

/// The part of a midgame iteration its first root move takes, as the learnt search's time
/// manager reckons it when deciding whether a deeper iteration is worth starting.
const FIRST_MOVE_SHARE: f64 = 0.25;

/// The result of a fixed-depth midgame search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The best move found.
    pub best: Square,
    /// Its score in hundredths of a disc ([`super::eval::SCALE`] per disc).
    pub score: i32,
    /// The depth searched.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Which 8x8 evaluation a fixed-depth search uses.
#[derive(Clone, Copy, Debug)]
pub enum Evaluation<'w> {
    /// The hand-tuned features ([`super::eval8`]).
    HandTuned,
    /// The learnt pattern tables ([`super::pattern`]), as levels 4 and 5 use.
    Learnt,
    /// Other pattern weights (being trained). The table is shared with [`Evaluation::Learnt`]:
    /// clear the searcher between different weights.
    Weights(&'w Patterns),
}

impl Searcher {
    /// Searches the 8x8 position `(p, o)` to exactly `depth` plies (a pass costs none) with the
    /// hand-tuned evaluation: the same score a plain alpha-beta to that depth gives. `None` when
    /// the side to move has no move.
    pub fn search8(&mut self, p: u64, o: u64, depth: u32) -> Option<SearchResult> {
        self.search8_with(p, o, depth, Evaluation::HandTuned)
    }

    /// As [`Searcher::search8`], with the evaluation chosen.
    pub fn search8_with(&mut self, p: u64, o: u64, depth: u32, evaluation: Evaluation<'_>) -> Option<SearchResult> {
        let cancel = AtomicBool::new(false);
        let mut clock = Clock::new(&cancel, None, u64::MAX);
        // Level 0 is the plain hand-tuned evaluation (NBoard's analysis uses it too); the learnt
        // one shares the master's table.
        let found = match evaluation {
            Evaluation::HandTuned => {
                self.prepare(BoardSize::Eight, false, 0);
                super::search::Midgame::new(&mut self.tt_mid, &mut clock, &Hand8, false).iterate(p, o, depth, &|_| true)
            }
            Evaluation::Learnt => {
                self.prepare(BoardSize::Eight, false, Level::MAX.get());
                Midgame8::new(&mut self.tt_mid, &mut clock, Patterns::embedded()).iterate(p, o, depth, &|_| true)
            }
            Evaluation::Weights(weights) => {
                self.prepare(BoardSize::Eight, false, Level::MAX.get());
                Midgame8::new(&mut self.tt_mid, &mut clock, weights).iterate(p, o, depth, &|_| true)
            }
        }?;
        Some(SearchResult {
            best: Square::from_index(u32::from(found.child.sq), BoardSize::Eight),
            score: found.score,
            depth: found.depth,
            nodes: clock.nodes,
        })
    }
}

impl Searcher {
    /// As [`super::choose_move`], reusing this searcher's tables.
    pub fn choose(
        &mut self,
        game: &Game,
        level: Level,
        config: &AiConfig,
        seed: u64,
        cancel: &AtomicBool,
    ) -> Option<Choice> {
        let started = Instant::now();
        let color = game.to_move()?;
        let choices = game.legal_choices();
        let first = *choices.first()?;
        if choices.len() == 1 {
            return Some(Choice {
                mv: first,
                score: None,
                exact: false,
                depth: 0,
                nodes: 0,
                elapsed: started.elapsed(),
            });
        }
        let budget = if level == Level::MAX { config.budget } else { config.budget.min(level.default_budget()) };
        let rules = *game.rules();
        let board = game.board();
        let size = rules.size;
        let mut rng = Rng::new(seed ^ (u64::from(board.empties()) << 56) ^ board.bits_of(color) as u64);
        if rules.start == Start::FreeCentre && board.empties() + 4 > size.squares() {
            let (mv, score) = opening(game, level, &mut rng);
            return Some(Choice { mv, score, exact: false, depth: 1, nodes: 0, elapsed: started.elapsed() });
        }
        let one_line = rules.flips == FlipMode::OneLine;
        self.prepare(size, one_line, level.get());
        let (p, o) = (board.bits_of(color), board.bits_of(color.opponent()));
        let mut clock = Clock::new(cancel, Some(budget), u64::MAX);
        let mut nodes = 0;
        let picked = match size {
            BoardSize::Eight if !one_line => {
                self.choose8(p as u64, o as u64, level, level.profile(), &mut rng, &mut clock, cancel, &mut nodes)
            }
            BoardSize::Eight => {
                let eval = Generic::<Eight>::new();
                generic::<Eight, _>(&mut self.tt_mid, (p as u64, o as u64), level, &eval, true, &mut rng, &mut clock)
            }
            BoardSize::Six => {
                let eval = Generic::<Six>::new();
                generic::<Six, _>(&mut self.tt_mid, (p as u64, o as u64), level, &eval, one_line, &mut rng, &mut clock)
            }
            BoardSize::Ten => {
                let eval = Generic::<Ten>::new();
                let megabytes = (self.megabytes / 2).max(1);
                let tt = self.tt_wide.get_or_insert_with(|| Table::new(megabytes));
                generic::<Ten, _>(tt, (p, o), level, &eval, one_line, &mut rng, &mut clock)
            }
        };
        nodes += clock.nodes;
        let elapsed = started.elapsed();
        let Some(picked) = picked else {
            return Some(Choice { mv: first, score: None, exact: false, depth: 0, nodes, elapsed });
        };
        let square = Square::from_index(picked.sq, size);
        let mv = match Direction::ALL.iter().find(|d| d.index() == usize::from(picked.line)) {
            Some(&d) if picked.line != NO_LINE => Move::along(square, d),
            _ => Move::new(square),
        };
        debug_assert!(choices.contains(&mv), "{mv} is not among {choices:?}");
        let mv = if choices.contains(&mv) { mv } else { first };
        Some(Choice { mv, score: picked.score, exact: picked.exact, depth: picked.depth, nodes, elapsed })
    }

    /// Clears the midgame tables when the kind of board or the level changes, or before every
    /// search of a level with noise (their entries would mean other things: other rules, another
    /// evaluation or another noise seed).
    pub(crate) fn prepare(&mut self, size: BoardSize, one_line: bool, level: u8) {
        let noisy = Level::new(level).is_some_and(|l| l.profile().noise > 0);
        if self.variant != Some((size, one_line, level)) || noisy {
            if self.variant.is_some() {
                self.tt_mid.clear();
                self.tt_wide = None;
            }
            self.variant = Some((size, one_line, level));
        }
    }

    /// Standard 8x8: midgame search, and the exact solver once it fits.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn choose8(
        &mut self,
        p: u64,
        o: u64,
        level: Level,
        profile: Profile,
        rng: &mut Rng,
        clock: &mut Clock<'_>,
        cancel: &AtomicBool,
        nodes: &mut u64,
    ) -> Option<Picked> {
        if level == Level::MIN {
            return beginner::<Eight>(p, o, false, rng);
        }
        let empties = (!(p | o)).count_ones();
        let solvable = empties <= exact_reach(profile.exact_empties, clock.remaining(), level.default_budget());
        // Small endgames: solve straight away (milliseconds).
        if solvable && empties <= 16 {
            let guess = Patterns::embedded().eval(p, o) / SCALE;
            let mut solver = Endgame::new(&mut self.tt_end, &mut *clock);
            if let Some(s) = solver.solve(p, o, guess) {
                return s.best.map(|sq| Picked {
                    sq,
                    line: NO_LINE,
                    score: Some(s.score),
                    exact: true,
                    depth: empties,
                });
            }
            return None;
        }
        let budget = clock.remaining().unwrap_or(Duration::MAX);
        let learnt = level >= Level::LEARNED && profile.insight == 100 && profile.noise == 0;
        // The midgame search may use most of the budget, or a quarter when the solver may
        // finish the game with the rest. A new iteration starts only if it should end in time:
        // it takes about as many times longer than the last as the last took over the one
        // before. Without the solver to follow, the learnt search starts one if its first move
        // should end in time: cut by the clock, it still answers from the moves it searched.
        let target = if solvable { budget / 4 } else { budget.mul_f64(0.9) };
        let share = if learnt && !solvable { FIRST_MOVE_SHARE } else { 1.0 };
        let started = Instant::now();
        let last = Cell::new((Duration::ZERO, Duration::ZERO));
        let keep_going = |_: &Clock<'_>| {
            let now = started.elapsed();
            let (previous_end, previous) = last.get();
            let this = now.saturating_sub(previous_end);
            last.set((now, this));
            let growth =
                if previous.is_zero() { 4.0 } else { (this.as_secs_f64() / previous.as_secs_f64()).clamp(1.5, 6.0) };
            now + this.mul_f64(growth * share) < target
        };
        let found = if learnt {
            Midgame8::new(&mut self.tt_mid, clock, Patterns::embedded()).iterate(p, o, profile.depth, &keep_going)
        } else {
            let eval = if profile.insight < 100 {
                LevelEval::Weak(WeakEval { inner: &Hand8, insight: profile.insight })
            } else {
                LevelEval::Hand
            };
            let noise = noise(profile.noise, rng);
            midgame::<Eight, _>(&mut self.tt_mid, (p, o), &eval, profile.depth, false, noise, clock, &keep_going)
        };
        let mut picked = found.map(Picked::from_found);
        if solvable && !clock.stopped {
            // The rest of the budget goes to the exact solver; if it finishes, play perfectly.
            let mut end_clock = Clock::new(cancel, clock.remaining(), u64::MAX);
            let guess = picked.and_then(|p| p.score).unwrap_or(0);
            let mut solver = Endgame::new(&mut self.tt_end, &mut end_clock);
            // A selective pass that ends in time is a better guide than the midgame search.
            let mut selective = |s: Solved| {
                if let Some(sq) = s.best {
                    picked = Some(Picked { sq, line: NO_LINE, score: Some(s.score), exact: false, depth: empties });
                }
            };
            if let Some(s) = solver.solve_passes(p, o, guess, &mut selective)
                && let Some(sq) = s.best
            {
                picked = Some(Picked { sq, line: NO_LINE, score: Some(s.score), exact: true, depth: empties });
            }
            *nodes += end_clock.nodes;
        }
        picked
    }
}

/// What the master thinks of an 8x8 position ([`Searcher::analyse8`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The best move found.
    pub best: Square,
    /// Its score in discs for the side to move: exact when `exact`, otherwise the evaluation.
    pub score: i32,
    /// Whether the score is the perfect-play result.
    pub exact: bool,
    /// The depth searched (the empties when exact).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

impl Searcher {
    /// The master's move in the 8x8 position `(p, o)` without noise: a search `depth` plies deep
    /// with the learnt evaluation, solved exactly from `depth * 3 / 2` empties (at most 28),
    /// within `budget` if one is given. `None` when the side to move has no move or the search
    /// was cancelled before it found one.
    pub fn analyse8(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        budget: Option<Duration>,
        cancel: &AtomicBool,
    ) -> Option<Analysis> {
        let profile = Profile { depth, noise: 0, insight: 100, exact_empties: (depth * 3 / 2).min(28) };
        // The master's table: the same evaluation (the learnt one) and no noise.
        self.prepare(BoardSize::Eight, false, Level::MAX.get());
        let mut clock = Clock::new(cancel, budget, u64::MAX);
        let mut nodes = 0;
        let mut rng = Rng::new(0);
        let picked = self.choose8(p, o, Level::MAX, profile, &mut rng, &mut clock, cancel, &mut nodes)?;
        Some(Analysis {
            best: Square::from_index(picked.sq, BoardSize::Eight),
            score: picked.score.unwrap_or(0),
            exact: picked.exact,
            depth: picked.depth,
            nodes: nodes + clock.nodes,
        })
    }

    /// Level 5's move in the 8x8 position `(p, o)` within its time, with its endgame solver and
    /// selective passes, or with its midgame search alone when not `passes` (as it played before
    /// they came): for `reversi-bot measure level5-endgame-accuracy`.
    pub(crate) fn level5_move(&mut self, p: u64, o: u64, passes: bool, cancel: &AtomicBool) -> Option<u32> {
        let level = Level::MAX;
        let profile = if passes { level.profile() } else { Profile { exact_empties: 0, ..level.profile() } };
        let mut clock = Clock::new(cancel, Some(level.default_budget()), u64::MAX);
        let mut nodes = 0;
        self.choose8(p, o, level, profile, &mut Rng::new(1), &mut clock, cancel, &mut nodes).map(|picked| picked.sq)
    }
}
