//! The solver's move ordering above the table-less search: the unevaluated key (fastest-first,
//! potential mobility, stable edges, parity), at [`STATIC_SORT`] and one more empties the static
//! learnt evaluation of the few best moves by that key in nodes expected to fail high, and from
//! [`EVAL_SORT`] empties a shallow search of the learnt evaluation added to the key of every
//! move ([`Endgame::order`]); and that shallow search itself ([`Endgame::eval_search`]), which
//! probcut also uses.

use crate::engine::bits::{BitIter, Eight, Geometry};

#[cfg(doc)]
use super::{ETC_CUT_FROM, ETC_FROM};
use super::{Endgame, Entry, INF, SQUARE_VALUE, move_key, odd_quadrants, pick_best, play};
use crate::ai::eval::{SCALE, eval8_endgame, final_score};
use crate::ai::solver::pattern::Indices;

/// From this many empties the ordering adds the learnt evaluation of each move, searched
/// [`sort_depth`] plies deep. Starting lower saves nodes but spends them in evaluations; 16 was as
/// fast as 15 in fewer instructions (see docs/solver-tuning.md#eval-sort).
pub const EVAL_SORT: u32 = 16;

/// From this many empties to [`EVAL_SORT`] (excluded), a node expected to fail high adds the
/// static evaluation of each of its [`STATIC_MOVES`] best moves by the unevaluated key to their
/// keys, and tries them before the others: a wrong first move there is rare but costly, and 13
/// saved the most for its cost (see docs/solver-tuning.md#static-sort).
pub const STATIC_SORT: u32 = 13;
/// How many moves [`STATIC_SORT`] evaluates (two took more nodes, four no fewer: see
/// docs/solver-tuning.md#static-sort).
const STATIC_MOVES: usize = 3;

/// The ordering key's weight of the evaluated reply, per `SCALE` unit: a disc is worth about 0.47
/// of a reply move (`1 << 15` in [`super::fastest_first_key`]). Tuned on self-play positions, as a
/// few FForum positions swing any total (see docs/solver-tuning.md#eval-weight).
const EVAL_WEIGHT: i32 = 154;

/// How far beyond the best key so far, in `SCALE` units of the evaluated reply, the ordering
/// still searches a move's reply exactly; the others keep a bound (see [`Endgame::order`]).
/// Narrower margins took more nodes, wider ones no less time (see
/// docs/solver-tuning.md#order-margin).
pub(super) const ORDER_MARGIN: i32 = 4 * SCALE;

/// How far above a node's alpha, in discs, the ordering's evaluated value of a move still tells
/// moves apart: all values beyond count as this one, and the unevaluated key (fastest-first)
/// chooses among such moves, each very probably a refutation. The evaluated searches then stop
/// at that bound. 40 was as fast as any floor measured (see docs/solver-tuning.md#sure-margin).
pub(super) const SURE_MARGIN: i32 = 40;

/// The value, in `SCALE` units, at or below which the ordering counts every reply to a node
/// searched above `alpha` as the same ([`SURE_MARGIN`] discs above alpha, from the replying
/// side: no lower than a loss by 64).
#[inline(always)]
fn reply_floor(alpha: i32) -> i32 {
    (-(alpha + SURE_MARGIN)).max(-64) * SCALE
}

/// How many plies shallower [`sort_depth`] is in a node expected to fail low (`cut` false), which
/// will most probably search every move whatever their order. Its ordering still counts: the few
/// such nodes that fail high need their refutation first. One ply took the fewest nodes (see
/// docs/solver-tuning.md#fail-low-shallower).
pub const FAIL_LOW_SHALLOWER: u32 = 1;

/// The depth of the ordering's evaluated search at `n` empties (from [`EVAL_SORT`]) in a node
/// expected to fail high (`cut`): static at [`EVAL_SORT`], then one ply more every two empties
/// from the next (1 at 17 and 18 empties, 2 at 19 and 20), up to six; in a node expected to
/// fail low, [`FAIL_LOW_SHALLOWER`] fewer. A ply more or less took more nodes (see
/// docs/solver-tuning.md#sort-depth).
#[inline(always)]
pub(super) fn sort_depth(n: u32, cut: bool) -> u32 {
    let depth = n.saturating_sub(EVAL_SORT).div_ceil(2).min(6);
    if cut { depth } else { depth.saturating_sub(FAIL_LOW_SHALLOWER) }
}

/// The unevaluated keys of the moves of `(p, o)` in `list` (squares and flips set): the first
/// part of [`Endgame::order`], which a deep node computes while its children's buckets load,
/// before the enhanced transposition cut-off ([`ETC_FROM`], [`ETC_CUT_FROM`]) reads them:
/// [`super::move_key`], and a bonus for a move in an odd region below 16 empties (see
/// docs/solver-tuning.md#move-ordering-keys).
#[inline]
pub(super) fn order_keys(p: u64, o: u64, n: u32, list: &mut [Entry]) {
    let odd = odd_quadrants(!(p | o));
    for e in list.iter_mut() {
        let (x, f) = (u32::from(e.x), e.flips);
        let (np, no) = play(p, o, x, f);
        let mut key = move_key(x, np, no);
        if odd & (1 << x) != 0 && n < 16 {
            key += 1 << 9;
        }
        e.key = key;
    }
}

impl Endgame<'_, '_> {
    /// Sets the ordering keys of the moves of `(p, o)` in `list` (squares and flips set), for a
    /// null-window search above `alpha`; `cut`: the node is expected to fail high.
    ///
    /// A move's evaluated value counts only up to [`SURE_MARGIN`] discs above `alpha`: among
    /// moves beyond that, all very probably refutations, the unevaluated key chooses.
    ///
    /// From one ply, the evaluated replies are searched only as far as the choice of the
    /// first move needs: the first move by the unevaluated key in full, then each other one in a
    /// window ending at the value that would put it within [`ORDER_MARGIN`] of the best key so
    /// far, which gives its value below that and a fail-soft bound above. The search tries the
    /// first move alone in nearly every node that fails high; the others are ordered by their
    /// bounds. (Other ways of ordering, measured and not kept: see
    /// docs/solver-tuning.md#the-evaluated-ordering.)
    pub(super) fn order(&mut self, p: u64, o: u64, n: u32, alpha: i32, cut: bool, list: &mut [Entry]) {
        order_keys(p, o, n, list);
        self.order_evaluated(p, o, n, alpha, cut, list);
    }

    /// The part of [`Endgame::order`] after [`order_keys`]: from [`STATIC_SORT`] empties, the
    /// evaluation's say.
    pub(super) fn order_evaluated(&mut self, p: u64, o: u64, n: u32, alpha: i32, cut: bool, list: &mut [Entry]) {
        if n < EVAL_SORT {
            if n >= STATIC_SORT && cut && list.len() > 1 {
                self.order_static(p, o, alpha, list);
            }
            return;
        }
        let depth = sort_depth(n, cut);
        // A leaf evaluation costs the same in any window: without a ply to search, every move
        // gets its value.
        let capped = depth > 0;
        if capped {
            // The first by the unevaluated key is searched first, in full: it sets the bar.
            list.sort_by_key(|e| std::cmp::Reverse(e.key));
        }
        self.add_evaluations(p, o, alpha, depth, capped, list);
    }

    /// Takes from each move's key in `list` its reply's learnt evaluation, searched `depth`
    /// plies and floored at [`reply_floor`]`(alpha)`. `capped`: after the first move, each
    /// search stops where its move can no longer come within [`ORDER_MARGIN`] of the best key
    /// so far (see [`Endgame::order`]); otherwise every reply is searched in a full window.
    #[inline(always)]
    fn add_evaluations(&mut self, p: u64, o: u64, alpha: i32, depth: u32, capped: bool, list: &mut [Entry]) {
        // The children's pattern indices follow from the parent's by their moves' discs.
        let parent = Indices::new(p, o);
        let (lo, hi) = (reply_floor(alpha), 64 * SCALE);
        let mut top: Option<i32> = None;
        for e in list.iter_mut() {
            let (x, f) = (u32::from(e.x), e.flips);
            let (np, no) = play(p, o, x, f);
            let indices = parent.play(x, f);
            let v = match top.filter(|_| capped) {
                None => self.eval_search(np, no, &indices, depth, lo, hi),
                Some(top) => {
                    // The move's key beats `top` when `v * EVAL_WEIGHT < e.key - top`: when `v`
                    // is at most `t - ORDER_MARGIN`. A search whose window ends above `t` gives
                    // `v` up to `t`, and above it a bound that will do. (No reply counts for
                    // less than `lo`.)
                    let t = (e.key - top - 1).div_euclid(EVAL_WEIGHT) + ORDER_MARGIN;
                    let s = if t < lo { lo } else { self.eval_search(np, no, &indices, depth, lo, t + 1) };
                    if s > t {
                        e.key -= s * EVAL_WEIGHT + 1;
                        continue;
                    }
                    s
                }
            };
            // Below the floor, a fail-soft bound: it counts as the floor.
            e.key -= v.max(lo) * EVAL_WEIGHT;
            top = Some(top.map_or(e.key, |top| top.max(e.key)));
        }
    }

    /// Orders anew the moves left in `list` (not yet searched, their keys set by [`order_keys`],
    /// unevaluated) of a node expected to fail high whose first move failed low, as
    /// [`Endgame::order_evaluated`] would order them: the unevaluated key plus the learnt evaluation of every move,
    /// searched [`sort_depth`] plies deep in a full window, so static below [`EVAL_SORT`] + 1
    /// empties. The first move's choice is cheap and nearly always right; when it is wrong, its
    /// failure costs far more than a full ordering of the others (see
    /// docs/solver-tuning.md#reorder).
    pub(super) fn reorder(&mut self, p: u64, o: u64, n: u32, alpha: i32, list: &mut [Entry]) {
        self.add_evaluations(p, o, alpha, sort_depth(n, true), false, list);
    }

    /// [`STATIC_SORT`]'s ordering of `list` (its keys set, unevaluated): the [`STATIC_MOVES`]
    /// best by key, the earlier first at equal keys, keyed anew with their static evaluation
    /// and put ahead of the others.
    fn order_static(&mut self, p: u64, o: u64, alpha: i32, list: &mut [Entry]) {
        list.sort_by_key(|e| std::cmp::Reverse(e.key));
        let parent = Indices::new(p, o);
        let lo = reply_floor(alpha);
        let top = STATIC_MOVES.min(list.len());
        for e in &mut list[..top] {
            let (x, f) = (u32::from(e.x), e.flips);
            let (np, no) = play(p, o, x, f);
            self.clock.nodes += 1;
            let v = self.evaluate(&parent.play(x, f), np, no);
            e.key += (1 << 28) - v.max(lo) * EVAL_WEIGHT;
        }
    }

    /// The static evaluation the ordering and probcut searches use, in `SCALE` units.
    #[inline(always)]
    pub(super) fn evaluate(&self, indices: &Indices, p: u64, o: u64) -> i32 {
        match self.patterns {
            Some(w) => w.eval_indexed(indices, p, o),
            None => eval8_endgame(p, o),
        }
    }

    /// A small alpha-beta on the evaluation, for ordering and probcut; `indices` are those of
    /// `(p, o)`. (Caches, a table and other sorts of its nodes, measured and not kept: see
    /// docs/solver-tuning.md#the-ordering-search.)
    pub(super) fn eval_search(
        &mut self,
        p: u64,
        o: u64,
        indices: &Indices,
        depth: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.clock.nodes += 1;
        if depth == 0 {
            return self.evaluate(indices, p, o);
        }
        let moves = Eight::moves(p, o);
        if moves == 0 {
            if Eight::moves(o, p) == 0 {
                return final_score(p, o) * SCALE;
            }
            return -self.eval_search(o, p, &indices.pass(), depth, -beta, -alpha);
        }
        let mut list = [Entry::default(); 34];
        let mut count = 0;
        for x in BitIter(moves) {
            let f = Eight::flips(p, o, x);
            // From two plies the leaves are many: fastest-first (and corners) finds cut-offs.
            let key = if depth >= 2 {
                let (np, no) = play(p, o, x, f);
                SQUARE_VALUE[x as usize] - ((Eight::moves(np, no).count_ones() as i32) << 6)
            } else {
                0
            };
            list[count] = Entry { x: x as u8, flips: f, key };
            count += 1;
        }
        let mut best = -INF * SCALE;
        for i in 0..count {
            if depth >= 2 {
                pick_best(&mut list[i..count]);
            }
            let e = list[i];
            let (np, no) = play(p, o, u32::from(e.x), e.flips);
            let s = -self.eval_search(np, no, &indices.play(u32::from(e.x), e.flips), depth - 1, -beta, -alpha);
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
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::super::{moves_with_flips, pick_best};
    use super::*;
    use crate::ai::clock::Clock;
    use crate::ai::solver::pattern::Patterns;
    use crate::ai::solver::tt::SolverTables;

    /// The moves of `list` in the order the search takes them.
    fn search_order(list: &[Entry]) -> Vec<u8> {
        let mut list = list.to_vec();
        (0..list.len())
            .map(|i| {
                pick_best(&mut list[i..]);
                list[i].x
            })
            .collect()
    }

    #[test]
    fn nodes_expected_to_fail_high_put_their_best_moves_by_key_in_the_order_of_the_evaluation() {
        let weights = Patterns::embedded();
        let positions = crate::ai::selfplay::self_play_positions(20, 7, &|p, o| weights.eval(p, o));
        let cancel = AtomicBool::new(false);
        let mut tables = SolverTables::new(1);
        let mut clock = Clock::new(&cancel, None, u64::MAX);
        let mut solver = Endgame::ordered_by(&mut tables, &mut clock, Some(weights));
        let mut checked = [0; (EVAL_SORT - STATIC_SORT + 1) as usize];
        for &(p, o) in &positions {
            let n = (!(p | o)).count_ones();
            let moves = Eight::moves(p, o);
            if !(STATIC_SORT - 1..EVAL_SORT).contains(&n) || moves.count_ones() as usize <= STATIC_MOVES {
                continue;
            }
            let alpha = (weights.eval(p, o) / SCALE).clamp(-60, 60);
            let mut plain = [Entry::default(); 34];
            let count = moves_with_flips(p, o, moves, &mut plain);
            let (mut cut, mut below) = (plain, plain);
            solver.order(p, o, n, alpha, false, &mut plain[..count]);
            solver.order(p, o, n, alpha, true, &mut cut[..count]);
            // A node expected to fail low is ordered as one below STATIC_SORT.
            solver.order(p, o, STATIC_SORT - 1, alpha, true, &mut below[..count]);
            let keys = |list: &[Entry]| list.iter().map(|e| (e.x, e.key)).collect::<Vec<_>>();
            assert_eq!(keys(&plain[..count]), keys(&below[..count]), "p={p:#x} o={o:#x}");
            let by_key = search_order(&plain[..count]);
            let got = search_order(&cut[..count]);
            if n < STATIC_SORT {
                assert_eq!(got, by_key, "below STATIC_SORT nothing changes");
                checked[0] += 1;
                continue;
            }
            // The best three by key (the earlier first at equal keys), each keyed anew with its
            // static evaluation (read from the board, not from indices that follow the moves),
            // come first; the others follow in the order of their keys.
            let key_of = |x: u8| plain[..count].iter().find(|e| e.x == x).unwrap().key;
            let worst_first = got[..STATIC_MOVES].iter().map(|&x| key_of(x)).min().unwrap();
            let best_rest = got[STATIC_MOVES..].iter().map(|&x| key_of(x)).max().unwrap();
            assert!(worst_first >= best_rest, "p={p:#x} o={o:#x}: {got:?} against {by_key:?}");
            let lo = reply_floor(alpha);
            let mut keyed = plain[..count].to_vec();
            keyed.sort_by_key(|e| std::cmp::Reverse(e.key));
            for e in &mut keyed[..STATIC_MOVES] {
                let (np, no) = play(p, o, u32::from(e.x), e.flips);
                e.key += (1 << 28) - weights.eval(np, no).max(lo) * EVAL_WEIGHT;
            }
            assert_eq!(got, search_order(&keyed), "p={p:#x} o={o:#x} alpha={alpha}");
            checked[(n - STATIC_SORT + 1) as usize] += 1;
        }
        assert!(checked.iter().all(|&c| c >= 5), "too few positions: {checked:?}");
    }
}
