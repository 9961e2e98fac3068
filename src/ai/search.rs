//! The midgame search, for every board size: iterative deepening negamax with principal-variation
//! search, the transposition table (hash move first, bounds reused when deep enough), and
//! "fastest-first" move ordering (the reply leaving the opponent fewest moves, corners first,
//! X-squares last); a node one ply above the leaves evaluates its moves as they come, without
//! ordering them. A pass costs no depth, so a search as deep as the empties is exact. Under
//! one-line flips every bracketed line of a square is a move of its own.

use std::ops::ControlFlow;

use crate::engine::Direction;
use crate::engine::bits::{self, BitIter, Bits, Geometry};

use super::clock::Clock;
use super::eval::{Evaluate, SCALE, final_score_of};
use super::table::{NO_MOVE, Table, hash};

/// Above any score.
pub(crate) const INF: i32 = 30000;
/// No line (the move flips every bracketed line).
pub(crate) const NO_LINE: u8 = 255;

/// A move and the position it leads to (from the opponent's side).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child<M> {
    /// The opponent's discs, now to move.
    pub p: M,
    /// The mover's discs after the move.
    pub o: M,
    /// The square index.
    pub sq: u8,
    /// The line under one-line flips when the square brackets several, else [`NO_LINE`].
    pub line: u8,
    /// Ordering key (higher first) or, at the root, the last score.
    pub key: i32,
}

/// Calls `f(square, line, flips)` for every legal move of `(p, o)`; under one-line flips once per
/// bracketed line where a square brackets several (the line is [`NO_LINE`] otherwise).
#[inline]
pub(crate) fn for_each_move<G: Geometry>(p: G::Mask, o: G::Mask, one_line: bool, mut f: impl FnMut(u32, u8, G::Mask)) {
    for x in BitIter(G::moves(p, o)) {
        if one_line {
            let mut lines = [(0u8, G::Mask::ZERO); 8];
            let mut count = 0;
            for d in Direction::ALL {
                let flips = bits::line_flips::<G>(p, o, x, d);
                if !flips.is_zero() {
                    lines[count] = (d.index() as u8, flips);
                    count += 1;
                }
            }
            if count == 1 {
                f(x, NO_LINE, lines[0].1);
            } else {
                for &(d, flips) in &lines[..count] {
                    f(x, d, flips);
                }
            }
        } else {
            f(x, NO_LINE, G::flips(p, o, x));
        }
    }
}

/// The result of an iterative-deepening search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Found<M> {
    /// The chosen move.
    pub child: Child<M>,
    /// Its score in `SCALE` units per disc.
    pub score: i32,
    /// The last depth completed.
    pub depth: u32,
    /// Whether the score is exact (the search reached the end of the game everywhere).
    pub exact: bool,
}

/// Deterministic evaluation noise for the weaker levels: a seed and an amplitude.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Noise {
    pub seed: u64,
    pub amplitude: i32,
}

/// One midgame search over geometry `G` with evaluation `E`.
pub(crate) struct Midgame<'t, 'c, G: Geometry, E: Evaluate<G>> {
    pub tt: &'t mut Table<G::Mask>,
    pub clock: &'t mut Clock<'c>,
    pub eval: &'t E,
    pub one_line: bool,
    pub noise: Option<Noise>,
    corners: G::Mask,
    x_squares: G::Mask,
    lists: Vec<Vec<Child<G::Mask>>>,
}

impl<'t, 'c, G: Geometry, E: Evaluate<G>> Midgame<'t, 'c, G, E> {
    /// A search using `tt`, stopped by `clock`.
    pub fn new(tt: &'t mut Table<G::Mask>, clock: &'t mut Clock<'c>, eval: &'t E, one_line: bool) -> Self {
        let n = G::N;
        let at = |c: u32, r: u32| G::Mask::bit(r * n + c);
        let m = n - 1;
        let corners = at(0, 0) | at(m, 0) | at(0, m) | at(m, m);
        let x_squares = at(1, 1) | at(m - 1, 1) | at(1, m - 1) | at(m - 1, m - 1);
        Midgame { tt, clock, eval, one_line, noise: None, corners, x_squares, lists: Vec::new() }
    }

    #[inline]
    fn leaf(&self, p: G::Mask, o: G::Mask) -> i32 {
        let v = self.eval.eval(p, o);
        match self.noise {
            Some(Noise { seed, amplitude }) if amplitude > 0 && !(!(p | o) & G::FULL).is_zero() => {
                let h = hash(p, o) ^ seed;
                let h = (h ^ (h >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let r = ((h >> 40) % (2 * amplitude as u64 + 1)) as i32 - amplitude;
                v + r
            }
            _ => v,
        }
    }

    /// The moves of `(p, o)` with ordering keys.
    pub fn children(&self, p: G::Mask, o: G::Mask, hash_move: u8, out: &mut Vec<Child<G::Mask>>) {
        out.clear();
        for_each_move::<G>(p, o, self.one_line, |x, line, f| self.push(p, o, x, line, f, hash_move, out));
    }

    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn push(&self, p: G::Mask, o: G::Mask, x: u32, line: u8, f: G::Mask, hash_move: u8, out: &mut Vec<Child<G::Mask>>) {
        let (np, no) = bits::play::<G>(p, o, x, f);
        let key = if x as u8 == hash_move {
            1 << 20
        } else {
            let replies = G::moves(np, no);
            let mobility = (replies.count() + (replies & self.corners).count()) as i32;
            let bit = G::Mask::bit(x);
            let square = if !(bit & self.corners).is_zero() {
                40
            } else if !(bit & self.x_squares).is_zero() {
                -40
            } else {
                0
            };
            square - 16 * mobility + line as i32 % 2
        };
        out.push(Child { p: np, o: no, sq: x as u8, line, key });
    }

    /// Principal-variation search of `(p, o)` to `depth` within `(alpha, beta)`; fail-soft.
    pub fn pvs(&mut self, p: G::Mask, o: G::Mask, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if self.clock.tick() {
            return 0;
        }
        if depth == 0 {
            return self.leaf(p, o);
        }
        let moves = G::moves(p, o);
        if depth == 1 && !moves.is_zero() {
            return self.frontier(p, o, beta);
        }
        let alpha0 = alpha;
        let hash_move = match self.tt.settle(p, o, depth, alpha, beta) {
            ControlFlow::Break(score) => return score,
            ControlFlow::Continue(mv) => mv,
        };
        if moves.is_zero() {
            if G::moves(o, p).is_zero() {
                return final_score_of::<G>(p, o) * SCALE;
            }
            return -self.pvs(o, p, depth, -beta, -alpha, ply + 1);
        }
        if self.lists.len() <= ply {
            self.lists.resize_with(ply + 1, Vec::new);
        }
        let mut list = std::mem::take(&mut self.lists[ply]);
        self.children(p, o, hash_move, &mut list);
        list.sort_unstable_by_key(|c| -c.key);
        let mut best = -INF;
        let mut best_move = NO_MOVE;
        for (i, c) in list.iter().enumerate() {
            let s = if i == 0 {
                -self.pvs(c.p, c.o, depth - 1, -beta, -alpha, ply + 1)
            } else {
                let s = -self.pvs(c.p, c.o, depth - 1, -alpha - 1, -alpha, ply + 1);
                if s > alpha && s < beta && !self.clock.stopped {
                    -self.pvs(c.p, c.o, depth - 1, -beta, -alpha, ply + 1)
                } else {
                    s
                }
            };
            if self.clock.stopped {
                break;
            }
            if s > best {
                best = s;
                best_move = c.sq;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if self.clock.stopped {
            return 0;
        }
        self.tt.store(p, o, depth as u8, alpha0, beta, best, best_move, INF);
        best
    }

    /// One ply above the leaves: each move's position evaluated as the moves come, without a
    /// list, an ordering or the table (each would cost about what a leaf costs).
    /// Fail-soft: the moves after one reaching `beta` are not looked at.
    fn frontier(&mut self, p: G::Mask, o: G::Mask, beta: i32) -> i32 {
        let mut best = -INF;
        for_each_move::<G>(p, o, self.one_line, |x, _, f| {
            if best >= beta || self.clock.tick() {
                return;
            }
            let (np, no) = bits::play::<G>(p, o, x, f);
            best = best.max(-self.leaf(np, no));
        });
        if self.clock.stopped { 0 } else { best }
    }

    /// One root iteration over `root` (sorted best first afterwards); the best score, or `None`
    /// when stopped.
    fn root(&mut self, p: G::Mask, o: G::Mask, root: &mut [Child<G::Mask>], depth: u32) -> Option<i32> {
        let (mut alpha, beta) = (-INF, INF);
        let mut best = -INF;
        for (i, slot) in root.iter_mut().enumerate() {
            let c = *slot;
            let s = if i == 0 {
                -self.pvs(c.p, c.o, depth - 1, -beta, -alpha, 1)
            } else {
                let s = -self.pvs(c.p, c.o, depth - 1, -alpha - 1, -alpha, 1);
                if s > alpha && !self.clock.stopped { -self.pvs(c.p, c.o, depth - 1, -beta, -alpha, 1) } else { s }
            };
            if self.clock.stopped {
                return None;
            }
            // Scores of moves that failed low are upper bounds: keep them below the best.
            slot.key = if s > alpha || i == 0 { s } else { s.min(alpha) - 1 };
            if s > best {
                best = s;
                alpha = alpha.max(s);
            }
        }
        // Stable sort: the best first, earlier moves first among equals.
        root.sort_by_key(|c| -c.key);
        self.tt.store(p, o, depth as u8, -INF, INF, best, root[0].sq, INF);
        Some(best)
    }

    /// Iterative deepening from depth 1 to `max_depth`, stopping early once the search is exact
    /// or when `keep_going` says the next iteration would not fit the time left. `None` when no
    /// iteration completed.
    pub fn iterate(
        &mut self,
        p: G::Mask,
        o: G::Mask,
        max_depth: u32,
        keep_going: &dyn Fn(&Clock<'_>) -> bool,
    ) -> Option<Found<G::Mask>> {
        let mut root = Vec::new();
        let hash_move = self.tt.probe(p, o).map_or(NO_MOVE, |s| s.mv);
        self.children(p, o, hash_move, &mut root);
        root.sort_by_key(|c| -c.key);
        if root.is_empty() {
            return None;
        }
        let empties = (!(p | o) & G::FULL).count();
        let mut found = None;
        for depth in 1..=max_depth.max(1) {
            let Some(score) = self.root(p, o, &mut root, depth) else { break };
            let exact = depth >= empties;
            found = Some(Found { child: root[0], score, depth, exact });
            if exact || !keep_going(self.clock) {
                break;
            }
        }
        found
    }
}
