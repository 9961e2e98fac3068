//! [`Searcher`]: the object that owns the transposition tables and runs searches. One per game
//! service worker or CLI command; nothing is shared between searchers, so several can run on
//! tokio's blocking threads at once.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use crate::engine::bits::{Eight, Geometry};
use crate::engine::{BoardSize, Square};

use super::clock::Clock;
use super::endgame::{Endgame, RootTest, Solved};
use super::eval::{Hand8, SCALE};
use super::level::Level;
use super::midgame8::Midgame8;
use super::pattern::Patterns;
use super::tt::{SolverTables, Table};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// The hand-tuned features ([`super::eval8`]).
    HandTuned,
    /// The learnt pattern tables ([`super::pattern`]), as levels 4 and 5 use.
    Learnt,
}

impl Searcher {
    /// Searches the 8x8 position `(p, o)` to exactly `depth` plies (a pass costs none) with the
    /// hand-tuned evaluation: the same score a plain alpha-beta to that depth gives. `None` when
    /// the side to move has no move.
    pub fn search8(&mut self, p: u64, o: u64, depth: u32) -> Option<SearchResult> {
        self.search8_with(p, o, depth, Evaluation::HandTuned)
    }

    /// As [`Searcher::search8`], with the evaluation chosen.
    pub fn search8_with(&mut self, p: u64, o: u64, depth: u32, evaluation: Evaluation) -> Option<SearchResult> {
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
        }?;
        Some(SearchResult {
            best: Square::from_index(u32::from(found.child.sq), BoardSize::Eight),
            score: found.score,
            depth: found.depth,
            nodes: clock.nodes,
        })
    }
}
