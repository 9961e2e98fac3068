//! The exact 8x8 endgame solver: the final disc difference with perfect play (empties to the
//! winner, as in the endgame suites), or just win/loss/draw.
//!
//! Everything inside is a null-window search (NWS) returning fail-soft bounds; the root drives
//! it MTD(f)-style from a guess. Depending on the empties left:
//!
//! - 1 to 4 empties: dedicated functions without a table or a move list ([`last`]).
//! - up to [`SHALLOW`] empties: no transposition table but the small [`ShallowTable`] of each
//!   count of empties from 5, which catches the transpositions of the last moves; from
//!   [`SHALLOW_SORT`] empties fastest-first (the reply leaving the opponent fewest moves), below
//!   that moves in odd regions first (parity), corners first; from [`SHALLOW_ETC_FROM`] empties
//!   the children's slots read as the ordering generates them (a child known to refute ends the
//!   node, one known to fail low is not searched).
//! - more: the transposition table (hash move first, before any ordering, and fail-soft
//!   bounds), stability cut-off (the opponent's stable discs cap our score), fastest-first
//!   ordering (the reply leaving the opponent fewest moves, corner moves counted double, and
//!   least potential mobility), and from [`EVAL_SORT`] empties a shallow search of the learnt
//!   pattern evaluation added to the ordering key (static at first, then one ply deeper every two
//!   empties, up to six, a ply less in nodes expected to fail low; exact only for the moves that
//!   may come first, within [`ORDER_MARGIN`] of the best, a bound for the others, and counted only
//!   up to [`SURE_MARGIN`] discs above alpha; its pattern indices follow the moves rather than
//!   being read afresh at each leaf), plus enhanced transposition cut-offs from [`ETC_FROM`]
//!   empties, one fewer in nodes expected to fail high ([`ETC_CUT_FROM`]): a child whose bounds
//!   already refute ends the search, and children already known to fail low are not searched (at
//!   [`SHALLOW`] + 1 empties, from the children's slots in the shallow table). Below
//!   [`EVAL_SORT`], from [`order::STATIC_SORT`] empties, in nodes expected to fail high, the
//!   static evaluation of the three best moves by the key puts them in order. The ordering and
//!   its evaluated search live in [`order`].
//!
//! From [`SELECTIVE_FROM`] empties the exact search is preceded by three selective passes, as in
//! Edax and Egaroucid: the same search, but a node whose shallow evaluated search lies beyond
//! the window by 1, 1.5 and then 2 standard deviations of the evaluation's error is cut
//! (probcut). Each pass costs a small fraction of the exact one and leaves it a first guess and
//! best moves in the table; the table's entries record how sure their bounds are, so the exact
//! pass never takes a selective bound for an exact one. A node of the exact pass expected to fail
//! high, with [`SELECTIVE_MOVE_FROM`] empties or more, that no pass has seen gets the three passes
//! first too ([`Endgame::deep`]). Probcut, the passes' margins and that search live in
//! [`selective`].
//!
//! The solver's time is mostly its instructions, but for the deep table's reads of random
//! buckets, which wait on memory: hence the prefetches in [`Endgame::deep`]. How the
//! instructions were counted and cut: docs/solver-tuning.md#instructions-and-memory.

use std::mem::MaybeUninit;

use crate::engine::bits::{BitIter, Eight, Geometry};

use super::pattern::Patterns;
use super::stability::{edge_stable, stable_at_least};
use super::tt::{DeepTable, ShallowTable, SolverTables};
use crate::ai::clock::Clock;
use crate::ai::eval::{final_score, neighbours8};
use crate::ai::table::NO_MOVE;

mod last;
mod order;
mod selective;
pub(crate) use selective::probcut_errors;
use selective::{PROBCUT_FROM, PROBCUT_T};
pub use selective::{SELECTIVE_FROM, SELECTIVE_MOVE_FROM};
// The doc comments here name the ordering's settings.
#[cfg(doc)]
use order::{EVAL_SORT, ORDER_MARGIN, SURE_MARGIN};

/// At most this many empties: search without the transposition table (with the shallow table
/// from [`ShallowTable::FIRST`] empties).
pub const SHALLOW: u32 = ShallowTable::LAST;
/// From this many empties the table-less search orders its moves fastest-first: at 5 empties a
/// move generation per move costs more than the nodes it saves, and from 7 took more nodes (see
/// docs/solver-tuning.md#the-table-less-search).
const SHALLOW_SORT: u32 = 6;
// The fastest-first search calls itself one empty lower; the dedicated functions start at 4.
const _: () = assert!(SHALLOW_SORT > 5 && SHALLOW_SORT <= SHALLOW);
/// From this many empties the children's table entries are looked at before any is searched
/// (enhanced transposition cut-off); in every node from 13 it saved nodes but not time (see
/// docs/solver-tuning.md#etc).
const ETC_FROM: u32 = 14;
/// One empty below [`ETC_FROM`], the enhanced transposition cut-off in the nodes expected to
/// fail high only (the `cut` argument of [`Endgame::deep`]), where a child the table shows
/// refuting saves the node's search.
///
/// At [`SHALLOW`] + 1 empties every node reads its children's slots in the shallow table
/// instead, which hold the children at [`SHALLOW`] and are cheap to read (the children read them
/// again at once). See docs/solver-tuning.md#etc.
const ETC_CUT_FROM: u32 = 13;
/// From this many empties the table-less search reads each child's slot in the shallow table
/// as the fastest-first ordering generates it: a child known to refute ends the node, and a child
/// known to fail low is not searched (enhanced transposition cut-offs from the shallow table).
/// From 8 the nodes it saves cost no time (see docs/solver-tuning.md#shallow-etc).
const SHALLOW_ETC_FROM: u32 = 8;
// The children's slots exist from ShallowTable::FIRST empties, and the fastest-first loop reads them.
const _: () = assert!(SHALLOW_ETC_FROM > ShallowTable::FIRST && SHALLOW_ETC_FROM >= SHALLOW_SORT);

/// Above any score.
const INF: i32 = 127;

pub(super) const CORNERS: u64 = 0x8100_0000_0000_0081;
/// Corners and the A/B edge squares: played first at equal parity.
const GOOD: u64 = 0xBD00_0000_0000_00BD | 0x0000_8181_8181_0000;
/// The edge squares (stable discs there are cheap to see).
const EDGES: u64 = 0xFF81_8181_8181_81FF;
/// The four quadrants (what [`odd_quadrants`] folds, and the tests count).
#[cfg(test)]
const QUADRANTS: [u64; 4] = [0x0F0F_0F0F, 0xF0F0_F0F0, 0x0F0F_0F0F_0000_0000, 0xF0F0_F0F0_0000_0000];

/// The stability cut-off is tried when alpha reaches this (by empties): Edax's thresholds, 4 lower
/// from 4 to 10 empties. Lower thresholds saved a few nodes, and no time (see
/// docs/solver-tuning.md#stability-cut-off).
const STABILITY_THRESHOLD: [i32; 61] = [
    99, 99, 99, 99, 2, 4, 6, 8, 10, 12, 16, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52,
    54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
    64, 64,
];

/// Static square values for ordering (corners best, X-squares worst).
pub(super) const SQUARE_VALUE: [i32; 64] = {
    let row = [[18, 4, 16, 12], [4, 2, 6, 8], [16, 6, 14, 10], [12, 8, 10, 0]];
    let mut out = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (c, r) = (sq % 8, sq / 8);
        let c = if c > 3 { 7 - c } else { c };
        let r = if r > 3 { 7 - r } else { r };
        out[sq] = row[r][c];
        sq += 1;
    }
    out
};

/// The squares in quadrants holding an odd number of empties.
///
/// Each quadrant's parity is folded into one bit: the rows of each half onto its first row
/// (bytes 0 and 4), then the four columns of each half-row onto its first (bits 0 and 4 of
/// those bytes); the bits then spread back over their quadrants, in fewer instructions than
/// counting each quadrant (see docs/solver-tuning.md#parity).
#[inline(always)]
const fn odd_quadrants(empty: u64) -> u64 {
    let mut e = empty;
    e ^= e >> 8;
    e ^= e >> 16;
    e ^= e >> 2;
    e ^= e >> 1;
    // At most 0xFF in bytes 0 and 4 after the first product: the second cannot overflow.
    ((e & 0x0000_0011_0000_0011) * 0x0F) * 0x0101_0101
}

/// `(p, o)` after `p` plays `x` flipping `f`, from the opponent's side.
#[inline(always)]
pub(super) fn play(p: u64, o: u64, x: u32, f: u64) -> (u64, u64) {
    (o ^ f, p ^ f ^ (1 << x))
}

/// A move in a search's list (the solver's, and the 8x8 midgame search's).
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub x: u8,
    pub flips: u64,
    pub key: i32,
}

/// The solver over one search: the tables it fills, the clock that may stop it, and the
/// evaluation its shallow ordering searches use (the learnt patterns; without them, the
/// least-squares features of [`crate::ai::eval::eval8_endgame`], which is what training starts
/// from).
pub(crate) struct Endgame<'t, 'c> {
    tt: &'t mut DeepTable,
    shallow: &'t mut ShallowTable,
    clock: &'t mut Clock<'c>,
    patterns: Option<&'t Patterns>,
    /// How sure the current pass is: an index into [`PROBCUT_T`], or [`EXACT`].
    certainty: u8,
    /// The root's tests so far, when asked to keep them ([`Endgame::keep_tests`]).
    tests: Option<Vec<RootTest>>,
}

impl<'t, 'c> Endgame<'t, 'c> {
    /// A solver ordering its moves with the shipped pattern weights.
    pub fn new(tables: &'t mut SolverTables, clock: &'t mut Clock<'c>) -> Self {
        Self::ordered_by(tables, clock, Some(Patterns::embedded()))
    }

    /// A solver ordering its moves with `patterns` (`None`: the least-squares features, and no
    /// selective passes).
    pub fn ordered_by(tables: &'t mut SolverTables, clock: &'t mut Clock<'c>, patterns: Option<&'t Patterns>) -> Self {
        Endgame { tt: &mut tables.deep, shallow: &mut tables.shallow, clock, patterns, certainty: EXACT, tests: None }
    }

    /// Keeps a record of the root's null-window tests from now on, for [`Endgame::take_tests`].
    pub fn keep_tests(&mut self) {
        self.tests.get_or_insert_with(Vec::new);
    }

    /// The root's tests recorded since [`Endgame::keep_tests`], in the order they ran.
    pub fn take_tests(&mut self) -> Vec<RootTest> {
        self.tests.take().unwrap_or_default()
    }
}

/// One null-window test of the root: is the score of the position at least `beta`? The solver
/// runs a few per pass; `reversi-bot solve --tests` prints them.
#[derive(Clone, Debug, PartialEq)]
pub struct RootTest {
    /// The pass: the probcut margin in standard deviations for a selective pass, `None` for the
    /// exact one.
    pub margin: Option<f32>,
    /// The bound tested.
    pub beta: i32,
    /// The fail-soft answer: at least `beta` means the score is at least this, below means at
    /// most this.
    pub score: i32,
    /// Nodes the test took: the root's own (itself and its ordering's searches) and its moves'.
    pub nodes: u64,
    /// The root moves searched, in order: square index, fail-soft score and nodes.
    pub moves: Vec<(u32, i32, u64)>,
}

/// The certainty of an exact search.
const EXACT: u8 = 3;
/// The table's depth byte: the empties and the certainty of the bounds.
#[inline(always)]
fn tt_depth(n: u32, certainty: u8) -> u8 {
    (n * 4) as u8 + certainty
}

/// Whether an entry of depth byte `depth` holds bounds for `n` empties at least as sure as
/// `certainty`.
#[inline(always)]
fn usable(depth: u8, n: u32, certainty: u8) -> bool {
    u32::from(depth / 4) == n && depth % 4 >= certainty
}

/// An exact result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The final disc difference for the side to move (or -1/0/1 for win/loss/draw searches).
    pub score: i32,
    /// The best move's square index (`None`: the side to move must pass).
    pub best: Option<u32>,
}

impl Endgame<'_, '_> {
    /// Solves `(p, o)` exactly starting from `guess` (any value; a good one saves time).
    /// `None` when stopped.
    ///
    /// From [`SELECTIVE_FROM`] empties, passes that prune with probcut come first: each is
    /// much cheaper than the exact search, gives the next its first guess, and leaves best moves
    /// in the table for it.
    pub fn solve(&mut self, p: u64, o: u64, guess: i32) -> Option<Solved> {
        self.solve_passes(p, o, guess, &mut |_| {})
    }

    /// As [`Endgame::solve`], handing each selective pass's result to `selective` as it
    /// completes: a score and a move that are very probably right, for a caller whose time may
    /// run out before the exact pass ends.
    pub fn solve_passes(&mut self, p: u64, o: u64, guess: i32, selective: &mut dyn FnMut(Solved)) -> Option<Solved> {
        let mut guess = guess;
        if self.patterns.is_some() && (!(p | o)).count_ones() >= SELECTIVE_FROM {
            for certainty in 0..EXACT {
                self.certainty = certainty;
                let r = self.solve_window(p, o, guess, -64, 64);
                self.certainty = EXACT;
                let r = r?;
                selective(r);
                guess = r.score;
            }
        }
        self.solve_window(p, o, guess, -64, 64)
    }

    /// Win/loss/draw: `score` is 1, 0 or -1. `None` when stopped.
    pub fn solve_wld(&mut self, p: u64, o: u64) -> Option<Solved> {
        let r = self.solve_window(p, o, 0, -2, 2)?;
        Some(Solved { score: r.score.signum(), best: r.best })
    }

    /// The exact score if it lies within `[lo, hi]`, else the bound on that side.
    fn solve_window(&mut self, p: u64, o: u64, guess: i32, lo: i32, hi: i32) -> Option<Solved> {
        let n = (!(p | o)).count_ones();
        if Eight::moves(p, o) == 0 {
            if Eight::moves(o, p) == 0 {
                return Some(Solved { score: final_score(p, o), best: None });
            }
            let r = self.solve_window(o, p, -guess, -hi, -lo)?;
            return Some(Solved { score: -r.score, best: None });
        }
        // MTD(f) over even scores: `lower` and `upper` bracket the true score. An odd guess lies
        // between two even scores: testing the higher first settles either in two searches.
        // A selective pass's probcut answers with the window's odd bounds, and the next test may
        // then have an odd beta (other ways: docs/solver-tuning.md#the-root-search).
        let (mut lower, mut upper) = (lo - 2, hi + 2);
        let guess = guess.clamp(lo, hi);
        let mut g = guess + (guess & 1);
        let mut best = None;
        while lower < upper {
            let beta = if g <= lower { lower + 2 } else { g.min(upper) };
            let (s, mv) = self.test(p, o, beta, n);
            if self.clock.stopped {
                return None;
            }
            if s >= beta {
                lower = s;
                best = Some(mv);
            } else {
                upper = s;
            }
            g = s;
            if lower >= hi || upper <= lo {
                break;
            }
        }
        let score = if lower >= hi { lower } else { upper.max(lower) };
        let best = match best {
            Some(mv) => Some(mv),
            // Every test failed low (the score is at most `lo`): any move is as good.
            None => Some(self.test(p, o, -INF + 2, n).1),
        };
        Some(Solved { score, best })
    }

    /// Is the score of the root `(p, o)` at least `beta`? [`Endgame::root`], recorded when the
    /// tests are kept.
    fn test(&mut self, p: u64, o: u64, beta: i32, n: u32) -> (i32, u32) {
        let Some(tests) = &mut self.tests else { return self.root(p, o, beta - 1, n) };
        let margin = PROBCUT_T.get(usize::from(self.certainty)).copied();
        tests.push(RootTest { margin, beta, score: 0, nodes: 0, moves: Vec::new() });
        let nodes = self.clock.nodes;
        let (s, mv) = self.root(p, o, beta - 1, n);
        if let Some(test) = self.tests.as_mut().and_then(|t| t.last_mut()) {
            (test.score, test.nodes) = (s, self.clock.nodes - nodes);
        }
        (s, mv)
    }

    /// The root's null-window search: the fail-soft score and the move that produced it.
    ///
    /// (A variant of the node types here, measured and not kept: see
    /// docs/solver-tuning.md#the-root-search.)
    fn root(&mut self, p: u64, o: u64, alpha: i32, n: u32) -> (i32, u32) {
        self.clock.tick();
        let mut list = [Entry::default(); 34];
        let count = moves_with_flips(p, o, Eight::moves(p, o), &mut list);
        self.order(p, o, n, alpha, true, &mut list[..count]);
        if let Some(hash) = self.tt.probe(p, o)
            && let Some(e) = list[..count].iter_mut().find(|e| e.x == hash.mv)
        {
            e.key = i32::MAX;
        }
        let mut best = -INF;
        let mut best_move = u32::from(list[0].x);
        for i in 0..count {
            pick_best(&mut list[i..count]);
            let e = list[i];
            let (np, no) = play(p, o, u32::from(e.x), e.flips);
            let nodes = self.clock.nodes;
            let s = -self.nws(np, no, -alpha - 1, n - 1, i > 0);
            if self.clock.stopped {
                return (0, best_move);
            }
            if let Some(test) = self.tests.as_mut().and_then(|t| t.last_mut()) {
                test.moves.push((u32::from(e.x), s, self.clock.nodes - nodes));
            }
            if s > best {
                best = s;
                best_move = u32::from(e.x);
                if s > alpha {
                    break;
                }
            }
        }
        self.tt.store(p, o, tt_depth(n, self.certainty), alpha, best, best_move as u8);
        (best, best_move)
    }

    /// Null-window search: is the score of `(p, o)` above `alpha`? Fail-soft.
    ///
    /// `cut`: the node is expected to fail high (a cut node). A node's first move is expected to
    /// fail low when the node is expected to fail high, and every other move to fail high; the
    /// prediction is nearly always right (see docs/solver-tuning.md#ordering-quality). Only the
    /// deep nodes read it: their ordering ([`order::STATIC_SORT`], [`order::FAIL_LOW_SHALLOWER`])
    /// and their enhanced transposition cut-off ([`ETC_CUT_FROM`]).
    pub fn nws(&mut self, p: u64, o: u64, alpha: i32, n: u32, cut: bool) -> i32 {
        match n {
            0 => {
                self.clock.nodes += 1;
                final_score(p, o)
            }
            1 => self.last1(p, (!(p | o)).trailing_zeros()),
            2 => {
                let e = !(p | o);
                let x1 = e.trailing_zeros();
                let x2 = (e & (e - 1)).trailing_zeros();
                self.last2(p, o, alpha, x1, x2)
            }
            3 => {
                let mut e = !(p | o);
                let x1 = e.trailing_zeros();
                e &= e - 1;
                let x2 = e.trailing_zeros();
                e &= e - 1;
                let x3 = e.trailing_zeros();
                self.last3(p, o, alpha, [x1, x2, x3], odd_quadrants(!(p | o)), false)
            }
            4 => self.last4(p, o, alpha, false),
            _ if n <= SHALLOW => self.shallow(p, o, alpha, n, None),
            _ => self.deep(p, o, alpha, n, cut, true),
        }
    }

    /// 5 to [`SHALLOW`] empties, without the transposition table: the shallow table's bounds,
    /// else a search, fastest-first from [`SHALLOW_SORT`] empties, below that parity ordering
    /// (moves in odd regions first, good squares first).
    /// `moves` are the mover's legal moves when the caller knows them.
    ///
    /// Each count of empties has its own copy of the search ([`Endgame::shallow_n`] and
    /// [`Endgame::shallow_search`] are generic over it), so that its thresholds and its part of
    /// the shallow table are constants and a node calls its children's copy directly: the same
    /// nodes in less time than one copy for all (see docs/solver-tuning.md#the-table-less-search).
    #[inline(always)]
    fn shallow(&mut self, p: u64, o: u64, alpha: i32, n: u32, moves: Option<u64>) -> i32 {
        const _: () = assert!(ShallowTable::FIRST == 5 && SHALLOW == 10);
        match n {
            5 => self.shallow_n::<5>(p, o, alpha, moves),
            6 => self.shallow_n::<6>(p, o, alpha, moves),
            7 => self.shallow_n::<7>(p, o, alpha, moves),
            8 => self.shallow_n::<8>(p, o, alpha, moves),
            9 => self.shallow_n::<9>(p, o, alpha, moves),
            10 => self.shallow_n::<10>(p, o, alpha, moves),
            _ => unreachable!("the table-less search has 5 to {SHALLOW} empties, not {n}"),
        }
    }

    /// [`Endgame::shallow`] at `E` empties.
    fn shallow_n<const E: u32>(&mut self, p: u64, o: u64, alpha: i32, moves: Option<u64>) -> i32 {
        let n = E;
        if self.clock.tick() {
            return 0;
        }
        if let Some(max) = stability_cutoff(p, o, alpha, n) {
            return max;
        }
        let (slot, known) = self.shallow.probe(n, p, o);
        if let Some((lower, upper)) = known
            && let Some(s) = settled(lower, upper, alpha)
        {
            return s;
        }
        let moves = moves.unwrap_or_else(|| Eight::moves(p, o));
        let score = self.shallow_search::<E>(p, o, alpha, moves, false);
        if !self.clock.stopped {
            self.shallow.record(slot, p, o, alpha, score);
        }
        score
    }

    /// [`Endgame::shallow`]'s search of `(p, o)`, whose mover has `moves` (`passed`: the
    /// opponent has just passed).
    ///
    /// About half of the children generated for the fastest-first keys are never searched, as
    /// their node's first move cuts, but nothing cheaper was found to pick that move; the node
    /// types of [`Endgame::deep`] do not pay here. From [`SHALLOW_ETC_FROM`] empties the children's
    /// slots in the shallow table are read as the children are generated. See
    /// docs/solver-tuning.md#the-table-less-search and docs/solver-tuning.md#shallow-etc.
    fn shallow_search<const E: u32>(&mut self, p: u64, o: u64, alpha: i32, moves: u64, passed: bool) -> i32 {
        let n = E;
        if moves == 0 {
            if passed {
                return final_score(p, o);
            }
            let replies = Eight::moves(o, p);
            if replies == 0 {
                return final_score(p, o);
            }
            // The position before the pass was looked up already.
            if self.clock.tick() {
                return 0;
            }
            if let Some(max) = stability_cutoff(o, p, -alpha - 1, n) {
                return -max;
            }
            return -self.shallow_search::<E>(o, p, -alpha - 1, replies, true);
        }
        let mut best = -INF;
        if n >= SHALLOW_SORT {
            // Fastest first: the reply leaving the opponent fewest moves (corners count double),
            // then the better square. Costs a move generation per move, which the nodes saved
            // repay.
            // A move is an empty square: at most [`SHALLOW`] of them. The keys are selected apart
            // from the moves, each with its move's index in its low `INDEX` bits (stored as
            // `MASK - index`: the earlier move first at equal keys), so the selection scans one
            // small array (other keys and lists: docs/solver-tuning.md#the-table-less-search).
            const N: usize = SHALLOW as usize;
            const INDEX: u32 = 4;
            const MASK: i32 = (1 << INDEX) - 1;
            const _: () = assert!(N <= 1 << INDEX);
            // The moves' squares, flips and replies uninitialised: only the first `count` of each
            // are written, and only they are read (zeroing them cost instructions).
            let mut keys = [0i32; N];
            let mut xs = [MaybeUninit::<u32>::uninit(); N];
            let mut flips = [MaybeUninit::<u64>::uninit(); N];
            let mut replies = [MaybeUninit::<u64>::uninit(); N];
            let mut count = 0;
            let etc = n >= SHALLOW_ETC_FROM;
            for x in BitIter(moves) {
                let f = Eight::flips(p, o, x);
                let (np, no) = play(p, o, x, f);
                if etc
                    && let (_, Some((lower, upper))) = self.shallow.probe(n - 1, np, no)
                    && let Some(s) = settled(-upper, -lower, alpha)
                {
                    if s > alpha {
                        return s;
                    }
                    // Its bound counts for the fail-soft score; the search skips it.
                    best = best.max(s);
                    continue;
                }
                let r = Eight::moves(np, no);
                keys[count] =
                    ((SQUARE_VALUE[x as usize] - (weighted_replies(r) << 4)) << INDEX) | (MASK - count as i32);
                xs[count].write(x);
                flips[count].write(f);
                replies[count].write(r);
                count += 1;
            }
            let keys = &mut keys[..count];
            for i in 0..count {
                let mut top = i;
                for j in i + 1..count {
                    if keys[j] > keys[top] {
                        top = j;
                    }
                }
                let k = (MASK - (keys[top] & MASK)) as usize;
                keys.swap(i, top);
                // SAFETY: `k` is the index of an entry written above (`k < count`).
                let (x, f, r) = unsafe { (xs[k].assume_init(), flips[k].assume_init(), replies[k].assume_init()) };
                let (np, no) = play(p, o, x, f);
                let s = -self.shallow(np, no, -alpha - 1, n - 1, Some(r));
                if s > best {
                    best = s;
                    if s > alpha {
                        return s;
                    }
                }
            }
            return best;
        }
        let odd = odd_quadrants(!(p | o));
        for class in [moves & odd & GOOD, moves & odd & !GOOD, moves & !odd & GOOD, moves & !odd & !GOOD] {
            for x in BitIter(class) {
                let f = Eight::flips(p, o, x);
                let (np, no) = play(p, o, x, f);
                let s = if n == 5 {
                    -self.last4(np, no, -alpha - 1, false)
                } else {
                    -self.shallow(np, no, -alpha - 1, n - 1, None)
                };
                if s > best {
                    best = s;
                    if s > alpha {
                        return s;
                    }
                }
            }
        }
        best
    }

    /// More than [`SHALLOW`] empties: table, stability, fastest-first. `probcut`: a selective
    /// pass may cut this node by probcut (not when [`Endgame::selective_move`] searches it, nor
    /// its opponent after a pass, which are there to find a move).
    ///
    /// A node of the exact pass expected to fail high, with [`SELECTIVE_MOVE_FROM`] empties or
    /// more and no move in the table (under a root move the selective passes cut by probcut, for
    /// instance), is searched by the three selective passes first, as the root is, and their
    /// best move leads ([`Endgame::selective_move`]).
    ///
    /// The selective passes' best moves, tried first, are worth much to the exact pass; other
    /// ways of spending more on the choice of a move were not (see
    /// docs/solver-tuning.md#probcut-and-the-selective-passes).
    ///
    /// The children's buckets are prefetched, and their moves' unevaluated keys computed while
    /// the buckets load, before the enhanced transposition cut-off reads them (see
    /// docs/solver-tuning.md#the-deep-table).
    fn deep(&mut self, p: u64, o: u64, alpha: i32, n: u32, cut: bool, probcut: bool) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if let Some(max) = stability_cutoff(p, o, alpha, n) {
            return max;
        }
        let mut hash_move = NO_MOVE;
        if let Some(s) = self.tt.probe(p, o) {
            if usable(s.depth, n, self.certainty)
                && let Some(v) = settled(i32::from(s.lower), i32::from(s.upper), alpha)
            {
                return v;
            }
            hash_move = s.mv;
        }
        let moves = Eight::moves(p, o);
        if moves == 0 {
            if Eight::moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.deep_pass(o, p, -alpha - 1, n, !cut, probcut);
        }
        if hash_move == NO_MOVE && cut && self.certainty == EXACT && n >= SELECTIVE_MOVE_FROM && self.patterns.is_some()
        {
            hash_move = self.selective_move(p, o, alpha, n, cut);
            if self.clock.stopped {
                return 0;
            }
        }
        if probcut
            && self.certainty < EXACT
            && n >= PROBCUT_FROM
            && let Some(s) = self.probcut(p, o, alpha, n)
        {
            return s;
        }
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        let mut rest = moves;
        // The hash move first, before paying for the ordering of the others.
        if hash_move != NO_MOVE && moves & (1 << hash_move) != 0 {
            let x = u32::from(hash_move);
            let (np, no) = play(p, o, x, Eight::flips(p, o, x));
            let s = -self.nws(np, no, -alpha - 1, n - 1, !cut);
            if self.clock.stopped {
                return 0;
            }
            best = s;
            best_move = hash_move;
            if s > alpha {
                self.tt.store(p, o, tt_depth(n, self.certainty), alpha, best, best_move);
                return best;
            }
            rest &= !(1 << x);
        }
        let mut list = [Entry::default(); 34];
        let mut count = moves_with_flips(p, o, rest, &mut list);
        if n > SHALLOW + 1 {
            // The children's buckets load while the next ones are computed.
            for e in &list[..count] {
                let (np, no) = play(p, o, u32::from(e.x), e.flips);
                self.tt.prefetch(np, no);
            }
        }
        // The unevaluated keys, while the buckets load, before their entries are read.
        order::order_keys(p, o, n, &mut list[..count]);
        // Enhanced transposition cut-off: a child already known to refute ends the search, and a
        // child already known to fail low needs no search (its bound counts for the fail-soft
        // score). The children at [`SHALLOW`] empties are in the shallow table.
        let known = if n >= ETC_FROM || (cut && n >= ETC_CUT_FROM) {
            self.known_children(p, o, alpha, &mut list, &mut count, &mut best, &mut best_move, |s, np, no| {
                s.tt.probe(np, no)
                    .filter(|h| usable(h.depth, n - 1, s.certainty))
                    .map(|h| (i32::from(h.lower), i32::from(h.upper)))
            })
        } else if n == SHALLOW + 1 {
            self.known_children(p, o, alpha, &mut list, &mut count, &mut best, &mut best_move, |s, np, no| {
                s.shallow.probe(n - 1, np, no).1
            })
        } else {
            None
        };
        if let Some((v, x)) = known {
            self.tt.store(p, o, tt_depth(n, self.certainty), alpha, v, x);
            return v;
        }
        // Whether the first of these is the node's first move (no hash move was searched).
        let first = rest == moves;
        // A node expected to fail high whose first move failed orders the moves left anew
        // ([`Endgame::reorder`]): at once when that was the hash move, else after the first of
        // these, once their keys are unevaluated again.
        if cut && !first {
            self.reorder(p, o, n, alpha, &mut list[..count]);
        } else {
            self.order_evaluated(p, o, n, alpha, cut, &mut list[..count]);
        }
        for i in 0..count {
            if cut && first && i == 1 {
                order::order_keys(p, o, n, &mut list[1..count]);
                self.reorder(p, o, n, alpha, &mut list[1..count]);
            }
            pick_best(&mut list[i..count]);
            let e = list[i];
            let (np, no) = play(p, o, u32::from(e.x), e.flips);
            let s = -self.nws(np, no, -alpha - 1, n - 1, !(cut && first && i == 0));
            if self.clock.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = e.x;
                if s > alpha {
                    break;
                }
            }
        }
        self.tt.store(p, o, tt_depth(n, self.certainty), alpha, best, best_move);
        best
    }

    /// The enhanced transposition cut-off over the moves `list[..*count]` of `(p, o)`, reading
    /// each child's bounds (from the child's side) with `bounds`: the first child known to
    /// refute, with its score from the node's side; else `None`, the children known to fail low
    /// taken out of the list and their bounds counted in `best` (fail-soft), with their move.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn known_children(
        &self,
        p: u64,
        o: u64,
        alpha: i32,
        list: &mut [Entry],
        count: &mut usize,
        best: &mut i32,
        best_move: &mut u8,
        bounds: impl Fn(&Self, u64, u64) -> Option<(i32, i32)>,
    ) -> Option<(i32, u8)> {
        let mut i = 0;
        while i < *count {
            let e = list[i];
            let (np, no) = play(p, o, u32::from(e.x), e.flips);
            if let Some((lower, upper)) = bounds(self, np, no)
                && let Some(v) = settled(-upper, -lower, alpha)
            {
                if v > alpha {
                    return Some((v, e.x));
                }
                if v > *best {
                    *best = v;
                    *best_move = e.x;
                }
                *count -= 1;
                list[i] = list[*count];
                continue;
            }
            i += 1;
        }
        None
    }

    /// The opponent of a side that passed, with the table (no second pass possible here: the
    /// caller checked that this side has moves).
    fn deep_pass(&mut self, p: u64, o: u64, alpha: i32, n: u32, cut: bool, probcut: bool) -> i32 {
        self.deep(p, o, alpha, n, cut, probcut)
    }
}

/// The ordering key of the move to `x` that leads to `(np, no)` (the opponent to move; higher
/// first): fastest-first (the opponent's replies, corners counted double), then the edge discs
/// it makes stable, the opponent's potential mobility and the square. The solver's and the 8x8
/// midgame search's. (Its weights and the variants tried: see
/// docs/solver-tuning.md#move-ordering-keys.)
#[inline(always)]
pub(super) fn move_key(x: u32, np: u64, no: u64) -> i32 {
    let potential = (neighbours8(no) & !(np | no)).count_ones() as i32;
    let stable = (edge_stable(no, np) & EDGES).count_ones() as i32;
    fastest_first_key(x, np, no) - (potential << 5) + (stable << 11)
}

/// The cheap part of [`move_key`]: the opponent's replies (corners counted double), then the
/// square.
#[inline(always)]
pub(super) fn fastest_first_key(x: u32, np: u64, no: u64) -> i32 {
    SQUARE_VALUE[x as usize] - (weighted_replies(Eight::moves(np, no)) << 15)
}

/// The count of the opponent's `replies`, corners counted double: what fastest-first minimises.
/// (Corners counted once or not at all took more nodes: docs/solver-tuning.md#move-ordering-keys.)
#[inline(always)]
fn weighted_replies(replies: u64) -> i32 {
    (replies.count_ones() + (replies & CORNERS).count_ones()) as i32
}

/// Fills `list` with `moves` of `(p, o)` and their flips (keys unset); returns the count.
#[inline(always)]
fn moves_with_flips(p: u64, o: u64, moves: u64, list: &mut [Entry; 34]) -> usize {
    let mut count = 0;
    for x in BitIter(moves) {
        list[count] = Entry { x: x as u8, flips: Eight::flips(p, o, x), key: 0 };
        count += 1;
    }
    count
}

/// Moves the entry with the highest key to the front.
#[inline(always)]
pub(super) fn pick_best(list: &mut [Entry]) {
    let mut best = 0;
    for i in 1..list.len() {
        if list[i].key > list[best].key {
            best = i;
        }
    }
    list.swap(0, best);
}

/// What bounds `lower..=upper` on a score settle for a null-window search above `alpha`: the
/// fail-soft answer, `lower` when it fails high, `upper` when it fails low; `None` when the
/// window lies inside them. A child's bounds, from its side, are `settled(-upper, -lower, alpha)`
/// for its parent.
#[inline(always)]
fn settled(lower: i32, upper: i32, alpha: i32) -> Option<i32> {
    if lower > alpha {
        Some(lower)
    } else if upper <= alpha {
        Some(upper)
    } else {
        None
    }
}

/// The stability cut-off: when `alpha` is high enough for `n` empties and the opponent's stable
/// discs already cap the mover's best score at or below `alpha`, that cap (its mirror, for a low
/// alpha, was slower: docs/solver-tuning.md#stability-cut-off).
#[inline(always)]
fn stability_cutoff(p: u64, o: u64, alpha: i32, n: u32) -> Option<i32> {
    if alpha < STABILITY_THRESHOLD[n as usize] {
        return None;
    }
    // `64 - 2 * stable <= alpha` once `stable` reaches half of `64 - alpha`, rounded up.
    let need = ((65 - alpha) / 2).max(0) as u32;
    // Only the opponent's discs can be its stable discs: with fewer than that, no count.
    if o.count_ones() < need {
        return None;
    }
    stable_at_least(o, p, need).map(|c| 64 - 2 * c as i32)
}

/// The first moves [`refutation_sizes`] weighs: the ordering's, the first by the key without the
/// evaluation ([`move_key`]), and the first by the evaluation searched 2, 4 or 6 plies deeper than
/// the ordering's.
pub(crate) const FIRST_MOVES: [&str; 5] = ["ordering", "unevaluated", "+2 plies", "+4 plies", "+6 plies"];

/// What [`refutation_sizes`] counts, summed over its nodes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Refutations {
    /// The nodes counted.
    pub nodes: usize,
    /// The moves that refute.
    pub refuting: usize,
    /// The smallest refutation's nodes.
    pub smallest: u64,
    /// By [`FIRST_MOVES`]: how often the first move refutes.
    pub refutes: [usize; FIRST_MOVES.len()],
    /// By [`FIRST_MOVES`]: the first move's nodes, plus the smallest refutation's where it does
    /// not refute.
    pub first: [u64; FIRST_MOVES.len()],
}

/// At `positions` made to prove a score `slack` below their exact one (left out where that falls
/// below -63), each refuting move's nodes, searched alone from an empty table, against those of
/// [`FIRST_MOVES`]: how cheap the ordering's refutations are (`reversi-bot measure
/// refutation-sizes`, docs/solver-tuning.md#ordering-quality).
pub(crate) fn refutation_sizes(positions: &[(u64, u64)], slack: i32, weights: &Patterns) -> Refutations {
    use super::pattern::Indices;
    use crate::ai::eval::SCALE;
    use order::{EVAL_SORT, sort_depth};
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let mut tt = SolverTables::new(64);
    let mut counts = Refutations::default();
    for &(p, o) in positions {
        if Eight::moves(p, o) == 0 {
            continue;
        }
        let n = (!(p | o)).count_ones();
        tt.clear();
        let mut clock = Clock::new(&cancel, None, u64::MAX);
        let mut solver = Endgame::ordered_by(&mut tt, &mut clock, Some(weights));
        let alpha = solver.solve(p, o, 0).expect("nothing stops the solver").score - slack;
        if alpha < -63 {
            continue;
        }
        let mut list = [Entry::default(); 34];
        let moves = moves_with_flips(p, o, Eight::moves(p, o), &mut list);
        solver.order(p, o, n, alpha, true, &mut list[..moves]);
        // Each choice's first move, taken by `pick_best` as the search takes it.
        let parent = Indices::new(p, o);
        let first: [u8; FIRST_MOVES.len()] = std::array::from_fn(|c| {
            let mut keyed = list;
            for e in &mut keyed[..moves] {
                let (x, f) = (u32::from(e.x), e.flips);
                let (np, no) = play(p, o, x, f);
                e.key = match c {
                    0 => e.key,
                    1 => move_key(x, np, no),
                    _ => {
                        let depth = sort_depth(n.max(EVAL_SORT), true) + 2 * c as u32 - 2;
                        -solver.eval_search(np, no, &parent.play(x, f), depth, -64 * SCALE, 64 * SCALE)
                    }
                };
            }
            pick_best(&mut keyed[..moves]);
            keyed[0].x
        });
        // By square: whether the move refutes, and its nodes.
        let mut size = [(false, 0u64); 64];
        for e in &list[..moves] {
            let (np, no) = play(p, o, u32::from(e.x), e.flips);
            tt.clear();
            let mut clock = Clock::new(&cancel, None, u64::MAX);
            let v = -Endgame::ordered_by(&mut tt, &mut clock, Some(weights)).nws(np, no, -alpha - 1, n - 1, false);
            size[usize::from(e.x)] = (v > alpha, clock.nodes);
        }
        let refutations: Vec<u64> =
            list[..moves].iter().map(|e| size[usize::from(e.x)]).filter(|s| s.0).map(|s| s.1).collect();
        let smallest = *refutations.iter().min().expect("alpha lies below the exact score");
        counts.refuting += refutations.len();
        counts.nodes += 1;
        counts.smallest += smallest;
        for (c, &x) in first.iter().enumerate() {
            let (refutes, nodes) = size[usize::from(x)];
            counts.refutes[c] += usize::from(refutes);
            counts.first[c] += if refutes { nodes } else { nodes + smallest };
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn bounds_settle_a_null_window_outside_them_only() {
        // A score known to lie in 3..=5.
        assert_eq!(settled(3, 5, 2), Some(3));
        assert_eq!(settled(3, 5, 5), Some(5));
        assert_eq!(settled(3, 5, 3), None);
        assert_eq!(settled(3, 5, 4), None);
        // The same bounds on a child, seen from its parent: -5..=-3.
        assert_eq!(settled(-5, -3, -6), Some(-5));
        assert_eq!(settled(-5, -3, -3), Some(-3));
        assert_eq!(settled(-5, -3, -4), None);
    }

    fn brute(p: u64, o: u64, passed: bool) -> i32 {
        let moves = Eight::moves(p, o);
        if moves == 0 {
            return if passed { final_score(p, o) } else { -brute(o, p, true) };
        }
        BitIter(moves)
            .map(|x| {
                let (np, no) = play(p, o, x, Eight::flips(p, o, x));
                -brute(np, no, false)
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn odd_quadrants_are_those_with_an_odd_count_of_empties() {
        let mut rng = crate::ai::rng::Rng::new(11);
        for i in 0..20_000 {
            // Dense and sparse sets of empties alike.
            let empty = match i % 3 {
                0 => rng.next_u64(),
                1 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                _ => rng.next_u64() | rng.next_u64(),
            };
            let counted = QUADRANTS.iter().filter(|&&q| (empty & q).count_ones() % 2 == 1).fold(0, |a, &q| a | q);
            assert_eq!(odd_quadrants(empty), counted, "empty={empty:#x}");
        }
        assert_eq!(odd_quadrants(0), 0);
        assert_eq!(odd_quadrants(1 << 63 | 1), QUADRANTS[0] | QUADRANTS[3]);
    }

    #[test]
    fn the_last_empties_match_brute_force() {
        let cancel = AtomicBool::new(false);
        let mut tt = SolverTables::new(1);
        let mut clock = Clock::new(&cancel, None, u64::MAX);
        let mut rng = crate::ai::rng::Rng::new(3);
        for _ in 0..300 {
            let mut p = rng.next_u64();
            let empties = rng.range(1, 9) as usize;
            let mut e = 0u64;
            while (e.count_ones() as usize) < empties {
                e |= 1 << rng.below(64);
            }
            p &= !e;
            let o = !p & !e;
            let mut solver = Endgame::ordered_by(&mut tt, &mut clock, None);
            let r = solver.solve(p, o, 0).unwrap();
            assert_eq!(r.score, brute(p, o, false), "p={p:#x} o={o:#x}");
        }
    }

    #[test]
    fn selective_passes_leave_the_exact_score_exact() {
        let weights = Patterns::embedded();
        let positions = crate::ai::selfplay::self_play_positions(6, 5, &|p, o| weights.eval(p, o));
        let chosen: Vec<_> =
            positions.iter().filter(|(p, o)| (!(p | o)).count_ones() == SELECTIVE_FROM).take(3).collect();
        assert_eq!(chosen.len(), 3);
        let cancel = AtomicBool::new(false);
        let (mut tt, mut plain_tt) = (SolverTables::new(16), SolverTables::new(16));
        for &&(p, o) in &chosen {
            let mut clock = Clock::new(&cancel, None, u64::MAX);
            let mut passes = Vec::new();
            let exact = Endgame::new(&mut tt, &mut clock).solve_passes(p, o, 0, &mut |s| passes.push(s)).unwrap();
            let mut plain_clock = Clock::new(&cancel, None, u64::MAX);
            let plain = Endgame::ordered_by(&mut plain_tt, &mut plain_clock, None).solve(p, o, 0).unwrap();
            assert_eq!(exact.score, plain.score, "p={p:#x} o={o:#x}");
            assert_eq!(passes.len(), EXACT as usize);
            for pass in passes {
                let x = pass.best.expect("the mover has moves");
                assert!(Eight::moves(p, o) & (1 << x) != 0);
                assert!((pass.score - exact.score).abs() <= 16, "{} against {}", pass.score, exact.score);
            }
            // The best move really scores the exact value.
            let x = exact.best.unwrap();
            let f = Eight::flips(p, o, x);
            let (np, no) = play(p, o, x, f);
            let mut clock = Clock::new(&cancel, None, u64::MAX);
            let child = Endgame::ordered_by(&mut plain_tt, &mut clock, None).solve(np, no, 0).unwrap();
            assert_eq!(-child.score, exact.score);
            // The exact pass meeting the position unseen searches it with the selective passes
            // first, which leave their best move in the table, and still answers exactly.
            let mut fresh = SolverTables::new(16);
            let mut clock = Clock::new(&cancel, None, u64::MAX);
            let x = Endgame::new(&mut fresh, &mut clock).selective_move(p, o, exact.score - 1, SELECTIVE_FROM, true);
            let hit = fresh.deep.probe(p, o).expect("the passes searched the position");
            assert!(hit.depth % 4 < EXACT && hit.mv == x);
            assert!(x == NO_MOVE || Eight::moves(p, o) & (1 << x) != 0);
            for alpha in [exact.score - 1, exact.score + 1] {
                fresh.clear();
                let mut clock = Clock::new(&cancel, None, u64::MAX);
                let s = Endgame::new(&mut fresh, &mut clock).nws(p, o, alpha, SELECTIVE_FROM, true);
                let hit = fresh.deep.probe(p, o).unwrap();
                assert!(usable(hit.depth, SELECTIVE_FROM, EXACT));
                if alpha < exact.score {
                    assert!(alpha < s && s <= exact.score, "{s} above {alpha}, exact {}", exact.score);
                } else {
                    assert!(exact.score <= s && s <= alpha, "{s} below {alpha}, exact {}", exact.score);
                }
            }
        }
    }
}
