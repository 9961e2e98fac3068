//! The 8x8 midgame search with the learnt evaluation: what levels 4 and 5 search with, and the
//! NBoard engine, and the exact solver's first guess. The algorithm is the generic search's
//! ([`crate::ai::search`]: iterative deepening, principal-variation search, the table, a pass costs
//! no depth), made for 8x8 and the pattern tables:
//!
//! - the pattern indices follow the moves ([`Indices`]) instead of being read afresh at each
//!   leaf;
//! - a node one ply above the leaves evaluates its moves as they come, without ordering them
//!   (as the generic search does);
//! - above that: the hash move first, then fastest-first (the reply leaving the opponent fewest
//!   moves, corners counted double), then the square; from [`SORT_FROM`] plies of depth also the
//!   opponent's potential mobility, the edge discs made stable and, weighing most, the value of
//!   a shallow search of each move;
//! - when the clock, not a depth, ends the search (level 5's play), probcut: from
//!   [`PROBCUT_FROM`] plies, a node whose shallow search lies beyond the window by a margin is
//!   cut, as in Logistello and Edax.

use std::ops::ControlFlow;

use crate::engine::bits::{BitIter, Eight, Geometry};

use super::endgame::{Entry, fastest_first_key, move_key, pick_best, play};
use super::pattern::{Indices, Patterns};
use crate::ai::clock::Clock;
use crate::ai::eval::{SCALE, final_score};
use crate::ai::search::{Child, Found, INF, NO_LINE};
use crate::ai::table::{NO_MOVE, Table};

/// From this depth the moves are ordered by a shallow search of each ([`sort_depth`] plies).
/// (From 4 or 5 the searches cost more than they save; 6 to 8 measure the same: see
/// docs/solver-tuning.md#the-midgame-search.)
const SORT_FROM: u32 = 6;

/// The ordering key's weight of a move's searched reply, per `SCALE` unit: a disc is worth about
/// 0.6 of a reply move (`1 << 15` in [`fastest_first_key`]). The solver's ordering has a weight
/// of its own (`EVAL_WEIGHT` in `endgame/order.rs`), tuned for its nodes alone.
const REPLY_WEIGHT: i32 = 200;

/// The depth of the ordering search of a node searched `depth` plies deep (from [`SORT_FROM`]).
#[inline(always)]
fn sort_depth(depth: u32) -> u32 {
    ((depth - SORT_FROM) / 3).min(4)
}

/// Probcut is tried in nodes searched at least this many plies deep (see
/// docs/solver-tuning.md#midgame-probcut-2026-11-28).
const PROBCUT_FROM: u32 = 6;

/// Probcut's margin in standard deviations of [`probcut_sigma`] (about 93% sure; 1.0 and 2.0
/// played worse: see docs/solver-tuning.md#midgame-probcut-2026-11-28).
const PROBCUT_T: f32 = 1.5;

/// The depth of probcut's shallow search of a node searched `depth` plies deep, as in Edax
/// (`depth - 4` played as well: see docs/solver-tuning.md#midgame-probcut-2026-11-28).
pub(crate) fn probcut_depth(depth: u32) -> u32 {
    depth / 4 * 2 + (depth & 1)
}

/// The standard deviation, in hundredths of a disc, of a `depth`-ply search's score less a
/// `shallow`-ply one's at `empties` empties: linear in both depths, scaled by the phase (fitted
/// to [`scores_by_depth`] by `reversi-bot measure probcut-midgame-errors`;
/// docs/solver-tuning.md#midgame-probcut-2026-11-28).
/// The slope of the deep score on the shallow one is 1 and their mean difference under a disc.
fn probcut_sigma(shallow: u32, depth: u32, empties: u32) -> f32 {
    let (shallow, depth) = (shallow as f32, depth as f32);
    let phase = (2.0 - 0.028 * empties as f32).clamp(0.5, 1.2);
    (2.43 + 0.245 * (depth - shallow) - 0.148 * shallow) * phase * SCALE as f32
}

/// How a root iteration ended.
enum Iteration {
    /// Every move searched: the best score.
    Complete(i32),
    /// Stopped after at least the first move: the best score among those searched.
    Partial(i32),
    /// Stopped during the first move: nothing learnt.
    Stopped,
}

/// One midgame search: the table it fills, the clock that may stop it, the weights.
pub(crate) struct Midgame8<'t, 'c> {
    tt: &'t mut Table<u64>,
    clock: &'t mut Clock<'c>,
    patterns: &'t Patterns,
    /// Whether nodes may be cut by probcut: only when the clock, not a depth, ends the search
    /// ([`Midgame8::iterate`]); a search to a fixed depth gives the plain alpha-beta score.
    probcut: bool,
}

impl<'t, 'c> Midgame8<'t, 'c> {
    /// A search using `tt`, stopped by `clock`, evaluating with `patterns`.
    pub fn new(tt: &'t mut Table<u64>, clock: &'t mut Clock<'c>, patterns: &'t Patterns) -> Self {
        Midgame8 { tt, clock, patterns, probcut: false }
    }

    /// Iterative deepening from depth 1 to `max_depth`, stopping early once the search is exact
    /// or when `keep_going` says no further iteration should start. An iteration the clock stops
    /// still counts once its first move is searched: the best of the moves searched is the
    /// answer (and the depth reported is the last one completed). `None` when no iteration
    /// completed (or the side to move has no move). Selective (probcut) when the clock has a
    /// deadline and `max_depth` reaches the end of the game: when time, not depth, is the limit.
    pub fn iterate(
        &mut self,
        p: u64,
        o: u64,
        max_depth: u32,
        keep_going: &dyn Fn(&Clock<'_>) -> bool,
    ) -> Option<Found<u64>> {
        let indices = Indices::new(p, o);
        let hash_move = self.tt.probe(p, o).map_or(NO_MOVE, |s| s.mv);
        let mut list = [Entry::default(); 34];
        let count = self.order(p, o, &indices, Eight::moves(p, o), hash_move, 1, &mut list);
        if count == 0 {
            return None;
        }
        let mut root: Vec<Child<u64>> = Vec::with_capacity(count);
        for i in 0..count {
            pick_best(&mut list[i..count]);
            let e = list[i];
            let (np, no) = play(p, o, u32::from(e.x), e.flips);
            root.push(Child { p: np, o: no, sq: e.x, line: NO_LINE, key: e.key });
        }
        let empties = (!(p | o)).count_ones();
        self.probcut = self.clock.remaining().is_some() && max_depth >= empties;
        let mut found = None;
        for depth in 1..=max_depth.max(1) {
            match self.root(p, o, &indices, &mut root, depth) {
                Iteration::Complete(score) => {
                    let exact = depth >= empties;
                    found = Some(Found { child: root[0], score, depth, exact });
                    if exact || !keep_going(self.clock) {
                        break;
                    }
                }
                Iteration::Partial(score) => {
                    found = Some(Found { child: root[0], score, depth: depth - 1, exact: false });
                    break;
                }
                Iteration::Stopped => break,
            }
        }
        found
    }

    /// One root iteration over `root`, sorted best first afterwards (when stopped, the moves
    /// searched in full are sorted among themselves, ahead of the others).
    fn root(&mut self, p: u64, o: u64, indices: &Indices, root: &mut [Child<u64>], depth: u32) -> Iteration {
        let (mut alpha, beta) = (-INF, INF);
        let mut best = -INF;
        let mut searched = root.len();
        for (i, slot) in root.iter_mut().enumerate() {
            let c = *slot;
            // The flipped discs are the opponent's discs that changed sides.
            let child = indices.play(u32::from(c.sq), o ^ c.p);
            let s = if i == 0 {
                -self.pvs(c.p, c.o, &child, depth - 1, -beta, -alpha)
            } else {
                let s = -self.pvs(c.p, c.o, &child, depth - 1, -alpha - 1, -alpha);
                if s > alpha && !self.clock.stopped { -self.pvs(c.p, c.o, &child, depth - 1, -beta, -alpha) } else { s }
            };
            if self.clock.stopped {
                searched = i;
                break;
            }
            // Scores of moves that failed low are upper bounds: keep them below the best.
            slot.key = if s > alpha || i == 0 { s } else { s.min(alpha) - 1 };
            if s > best {
                best = s;
                alpha = alpha.max(s);
            }
        }
        // Stable sort: the best first, earlier moves first among equals.
        root[..searched].sort_by_key(|c| -c.key);
        if searched == 0 {
            Iteration::Stopped
        } else if searched < root.len() {
            // The first move, the last iteration's best, has its score at this depth: a move
            // that beats it is better founded than the last iteration's choice.
            Iteration::Partial(best)
        } else {
            self.tt.store(p, o, depth as u8, -INF, INF, best, root[0].sq, INF);
            Iteration::Complete(best)
        }
    }

    /// Principal-variation search of `(p, o)`, whose pattern indices are `indices`, to `depth`
    /// within `(alpha, beta)`; fail-soft.
    fn pvs(&mut self, p: u64, o: u64, indices: &Indices, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if depth == 0 {
            return self.patterns.eval_indexed(indices, p, o);
        }
        let moves = Eight::moves(p, o);
        if moves == 0 {
            if Eight::moves(o, p) == 0 {
                return final_score(p, o) * SCALE;
            }
            return -self.pvs(o, p, &indices.pass(), depth, -beta, -alpha);
        }
        if depth == 1 {
            return self.frontier(p, o, indices, moves, alpha, beta);
        }
        let alpha0 = alpha;
        let hash_move = match self.tt.settle(p, o, depth, alpha, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(mv) => mv,
        };
        if self.probcut
            && depth >= PROBCUT_FROM
            && let Some(score) = self.probcut(p, o, indices, depth, alpha, beta)
        {
            return score;
        }
        let mut list = [Entry::default(); 34];
        let count = self.order(p, o, indices, moves, hash_move, depth, &mut list);
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for i in 0..count {
            pick_best(&mut list[i..count]);
            let e = list[i];
            let (np, no) = play(p, o, u32::from(e.x), e.flips);
            let child = indices.play(u32::from(e.x), e.flips);
            let s = if i == 0 {
                -self.pvs(np, no, &child, depth - 1, -beta, -alpha)
            } else {
                let s = -self.pvs(np, no, &child, depth - 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.clock.stopped {
                    -self.pvs(np, no, &child, depth - 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.clock.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = e.x;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.tt.store(p, o, depth as u8, alpha0, beta, best, best_move, INF);
        best
    }

    /// Probcut (Buro): when a shallow search of the node lies beyond the window by a margin,
    /// the deep one very probably does too: `Some` bound to return then.
    fn probcut(&mut self, p: u64, o: u64, indices: &Indices, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        // Beyond the final scores no window needs a test.
        const MAX: i32 = 64 * SCALE;
        let shallow = probcut_depth(depth);
        let empties = (!(p | o)).count_ones();
        let margin = (PROBCUT_T * probcut_sigma(shallow, depth, empties)) as i32;
        if beta < MAX {
            let bound = beta + margin;
            if self.pvs(p, o, indices, shallow, bound - 1, bound) >= bound {
                return Some(beta);
            }
        }
        if alpha > -MAX && !self.clock.stopped {
            let bound = alpha - margin;
            if self.pvs(p, o, indices, shallow, bound, bound + 1) <= bound {
                return Some(alpha);
            }
        }
        self.clock.stopped.then_some(0)
    }

    /// One ply above the leaves: each move's position evaluated, in board order (ordering them
    /// would cost about what a leaf costs).
    #[inline]
    fn frontier(&mut self, p: u64, o: u64, indices: &Indices, moves: u64, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -INF;
        for x in BitIter(moves) {
            let f = Eight::flips(p, o, x);
            let (np, no) = play(p, o, x, f);
            if self.clock.tick() {
                return 0;
            }
            let s = -self.patterns.eval_indexed(&indices.play(x, f), np, no);
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Fills `list` with `moves` of `(p, o)`, their flips and ordering keys for a search `depth`
    /// plies deep; returns the count.
    #[allow(clippy::too_many_arguments)]
    fn order(
        &mut self,
        p: u64,
        o: u64,
        indices: &Indices,
        moves: u64,
        hash_move: u8,
        depth: u32,
        list: &mut [Entry; 34],
    ) -> usize {
        let mut count = 0;
        for x in BitIter(moves) {
            let f = Eight::flips(p, o, x);
            let key = if x as u8 == hash_move {
                1 << 30
            } else {
                let (np, no) = play(p, o, x, f);
                if depth >= SORT_FROM {
                    let v = self.pvs(np, no, &indices.play(x, f), sort_depth(depth), -INF, INF);
                    move_key(x, np, no) - v * REPLY_WEIGHT
                } else {
                    fastest_first_key(x, np, no)
                }
            };
            list[count] = Entry { x: x as u8, flips: f, key };
            count += 1;
        }
        count
    }
}

/// The deepest search of [`scores_by_depth`].
pub(crate) const MEASURED_DEPTH: usize = 12;

/// The score in discs of `(p, o)` by the evaluation and by a search 1 to [`MEASURED_DEPTH`] plies
/// deep, each from an empty table: the figures behind [`probcut_sigma`] (`reversi-bot measure
/// probcut-midgame-errors`).
pub(crate) fn scores_by_depth(p: u64, o: u64, weights: &Patterns) -> [f64; MEASURED_DEPTH + 1] {
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let mut tt = Table::new(16);
    let mut v = [0.0; MEASURED_DEPTH + 1];
    v[0] = f64::from(weights.eval(p, o)) / f64::from(SCALE);
    for (d, slot) in v.iter_mut().enumerate().skip(1) {
        tt.clear();
        let mut clock = Clock::new(&cancel, None, u64::MAX);
        let found = Midgame8::new(&mut tt, &mut clock, weights).iterate(p, o, d as u32, &|_| true);
        *slot = f64::from(found.expect("nothing stops the search").score) / f64::from(SCALE);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::rng::Rng;
    use std::sync::atomic::AtomicBool;

    /// Plain alpha-beta on the learnt evaluation, a pass costing no depth.
    fn alphabeta(w: &Patterns, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let moves = Eight::moves(p, o);
        if depth == 0 || moves | Eight::moves(o, p) == 0 {
            return w.eval(p, o);
        }
        if moves == 0 {
            return -alphabeta(w, o, p, depth, -beta, -alpha);
        }
        for x in BitIter(moves) {
            let (np, no) = play(p, o, x, Eight::flips(p, o, x));
            alpha = alpha.max(-alphabeta(w, np, no, depth - 1, -beta, -alpha));
            if alpha >= beta {
                break;
            }
        }
        alpha
    }

    /// `(p, o)` after `plies` random moves from the start.
    fn random_position(rng: &mut Rng, plies: usize) -> (u64, u64) {
        let (mut p, mut o) = (0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
        for _ in 0..plies {
            let moves = Eight::moves(p, o);
            if moves == 0 {
                (p, o) = (o, p);
                continue;
            }
            let x = BitIter(moves).nth(rng.below(u64::from(moves.count_ones())) as usize).unwrap();
            (p, o) = play(p, o, x, Eight::flips(p, o, x));
        }
        (p, o)
    }

    /// Searches `(p, o)` to `depth` with a fresh table, stopped after about `limit` nodes.
    fn search(p: u64, o: u64, depth: u32, limit: u64) -> (Option<Found<u64>>, u64) {
        let cancel = AtomicBool::new(false);
        let mut tt = Table::new(1);
        let mut clock = Clock::new(&cancel, None, limit);
        let found = Midgame8::new(&mut tt, &mut clock, Patterns::embedded()).iterate(p, o, depth, &|_| true);
        (found, clock.nodes)
    }

    #[test]
    fn a_stopped_iteration_answers_with_a_move_searched_to_its_depth() {
        let w = Patterns::embedded();
        let mut rng = Rng::new(5);
        let mut partial = 0;
        let mut overtaken = 0;
        for _ in 0..40 {
            let plies = 10 + rng.below(30) as usize;
            let (p, o) = random_position(&mut rng, plies);
            if Eight::moves(p, o).count_ones() < 3 {
                continue;
            }
            let (four, nodes4) = search(p, o, 4, u64::MAX);
            let four = four.unwrap();
            let (_, nodes5) = search(p, o, 5, u64::MAX);
            for k in 1..16 {
                let limit = nodes4 + (nodes5 - nodes4) * k / 16;
                let (found, _) = search(p, o, 5, limit);
                let found = found.unwrap();
                if found.depth == 5 {
                    // The clock looks at its limit every couple of thousand nodes.
                    assert!(limit + 4096 > nodes5);
                    continue;
                }
                assert_eq!(found.depth, 4);
                let (c, wide) = (found.child, 1_000_000);
                let at_five = -alphabeta(w, c.p, c.o, 4, -wide, wide);
                if (found.score, c.sq) != (four.score, four.child.sq) {
                    // Cut in the fifth iteration after its first move: the score is the fifth
                    // ply's, and no move searched in full scored better.
                    assert_eq!(found.score, at_five, "p={p:#x} o={o:#x} limit {limit}");
                    let first = four.child;
                    assert!(found.score >= -alphabeta(w, first.p, first.o, 4, -wide, wide));
                    partial += 1;
                    overtaken += usize::from(c.sq != four.child.sq);
                }
            }
        }
        // Both kinds of cut happen: the first move kept (with its deeper score) and overtaken.
        assert!(partial > overtaken && overtaken > 0, "{partial} cut searches, {overtaken} with a new move");
    }
}
