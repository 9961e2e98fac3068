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
/// [`sort_depth`] plies deep. Other starts, measured on FForum:
/// - 14 with the depths above unchanged, a static evaluation added at 14 empties only: fewer
///   nodes and no less time when commit 17ab40d moved the start to 15 (53-54 76.4 s against
///   78.7 s once gone). Again on an AMD EPYC: 40-59 4.8% fewer nodes (10,988,842,119, the
///   evaluations counted), 40-49 4.9%, 53-54 2.3%, #55 6.5%; two rounds alternating with the
///   present build, 367.6 and 359.4 s against 355.7 and 361.1 s, #55 183.2 and 178.1 s against
///   172.4 and 174.4 s. Counted with the time-stamp counter on #55, 11.6 M nodes at 14 empties
///   order 117 M moves at 233 cycles a move (10.5 s), about what the fewer nodes save. With the
///   16 corner and edge patterns alone, #55 3.1% fewer nodes; at 13 empties as well, 0.7% fewer
///   than at 14 alone, with four times the calls.
/// - 14 with `sort_depth` counted from it, so a ply deeper at even empties above:
///   - on an Intel Xeon, 40-50 1.1% more nodes, 27.3 s against 25.8 and 26.1 s;
///   - once the ordering's searches were capped ([`ORDER_MARGIN`]), 40-59 4.0% fewer nodes
///     (11,315,419,185) in 302.6 s against 299.7 and 300.2 s; #55 5.1% fewer, 2.2% slower side
///     by side;
///   - with [`ETC_FROM`] 13, once the values were floored ([`SURE_MARGIN`]), 40-59 9.0% fewer
///     nodes (10,577,084,023), 307.5 s against 300.2 s side by side;
///   - with [`EVAL_WEIGHT`] 170, once the solver had its three-entry table, on an AMD EPYC: 40-59
///     8.5% fewer nodes (10,559,410,696), 359.2 and 380.4 s against 387.9 and 355.8 s, each
///     pair run one after the other (with 200, 7.8% fewer nodes, 10,641,288,997); the same build
///     on another day, two rounds alternating with the present one, 334.8 and 357.3 s against
///     312.8 and 339.1 s, 6% slower.
/// - 13, with its deeper ordering searches: 53-54 6% more nodes.
/// - 16 before [`Endgame::reorder`], with the same depths above: 40-50 4.1% more nodes in about
///   the same time, 53-54 6.9% more and 2% slower.
/// - The static evaluation added at 13, 12 and 11 empties as well: 40-50 as many nodes, 0.8%
///   more and 10% more.
/// - 15 (from commit 17ab40d to 56facb1), the static evaluation of every move at 15 empties.
///   Once [`Endgame::reorder`] ordered the moves anew after a failed first move, 16 (this),
///   with [`STATIC_SORT`]'s three moves at 15 too and the depths above unchanged, measured
///   against 15:
///   - 40-49 0.2% more nodes (351,368,499 against 350,516,152) for 0.8% fewer instructions
///     (104.42 G against 105.29 G, cachegrind on an x86-64-v3 build);
///   - 53-54 0.4% fewer nodes (2,266,209,070 against 2,276,373,481) in 168.7 s against 173.3 s
///     over two rounds side by side on swapped cores; #55 0.1% fewer (4,808,637,396 against
///     4,814,757,371);
///   - 40-59 0.3% fewer (9,489,890,944 against 9,516,119,449), as fast: 394.4 and 400.0 s
///     against 390.6 and 403.2 s over two rounds side by side on swapped cores, on a day this
///     machine ran about 40% slower than the day before.
/// - 17 (the three moves at 16 too): 40-49 0.9% more nodes (353,785,931) for 0.9% fewer
///   instructions, 53-54 0.1% fewer (2,274,661,529).
/// - 15 with the nodes expected to fail low unevaluated there: 40-49 351,055,170 nodes, 53-54
///   2,278,288,161.
/// - 16 with, measured against 16 alone:
///   - [`STATIC_SORT`] 12: 40-49 1.7% fewer nodes (345,543,571), 53-54 0.7% fewer
///     (2,249,887,425), #55 1.2% fewer (4,752,144,229), but 2.4% more instructions on 40-49
///     (106.90 G);
///   - [`STATIC_MOVES`] 2 or 4: 40-49 2.1% more and 0.2% fewer nodes;
///   - the nodes expected to fail low at 16 empties, or at 16 to 18, ordered without the
///     evaluation: 40-49 0.2% and 0.8% more nodes, 53-54 0.1% more at 16;
///   - [`ETC_CUT_FROM`] 12: 40-49 0.6% fewer nodes (see there for its cost);
///   - [`Endgame::reorder`] from 12 empties only: 40-49 0.3% more nodes.
pub const EVAL_SORT: u32 = 16;

/// From this many empties to [`EVAL_SORT`] (excluded), a node expected to fail high adds the
/// static evaluation of each of its [`STATIC_MOVES`] best moves by the unevaluated key to their
/// keys, and tries them before the others. Counted on FForum #55's exact pass without it, the
/// first move by the unevaluated key fails low in 0.7% of the nodes that fail high at 12
/// empties and 0.5% at 14, but those failures cost 7.6% and 8.0% of their nodes' subtrees.
/// Measured on FForum, against the same build without it:
/// - at 13 and 14 empties, three moves: 40-59 6.4% fewer nodes (10,803,478,589 against
///   11,542,874,831) and about as fast, on an AMD EPYC in four rounds of the two builds side by
///   side, on swapped cores each second round: 338.6, 348.2, 380.0 and 357.5 s against 339.3,
///   359.8, 380.6 and 356.2 s (0.8% less time in all; in the first two rounds the other build
///   sorted its moves at 14 empties, 11,542,730,411 nodes); 40-49 7.0% fewer nodes (389,343,610),
///   53-54 3.9% fewer and 0.7-2.3% slower over two rounds, #55 7.9% fewer and 2.2-2.9% faster;
/// - the same in every node, not only those expected to fail high: 40-49 as many nodes, #55 0.4%
///   more (5,231,808,992) and 1.8% slower than without it, side by side (every move of every
///   node evaluated at 14 empties is the first variant at [`EVAL_SORT`]);
/// - two moves: 40-49 1.5% more nodes than three, 53-54 0.3% more; four or five: as many as three;
/// - at 14 empties alone: 40-49 2.8% more nodes than from 13; from 12: 40-49 1.5% fewer, 53-54
///   0.7% fewer and no faster; from 11: 40-49 more nodes than from 13;
/// - the disc difference after the move added to the key at 11-14 empties, instead, with any
///   weight from -3000 to 12000 (a reply is `1 << 15`): 40-49 0.9% to 159% more nodes;
/// - measured against the solver of commit 6df6f64 (40-49 368,506,733 nodes, 53-54
///   2,572,446,654), the two builds side by side on an AMD EPYC: at 12 empties too, but only
///   where the best two keys lie within a reply of each other, 40-49 1.8% fewer nodes
///   (361,950,929) in 11.16 and 11.10 s against 10.87 and 11.31 s, 53-54 0.7% fewer
///   (2,554,381,436) in 68.5 s against 67.1 s; at 13 and 14 empties, skipped where the best key
///   leads by two replies or more, 40-49 and 53-54 as many nodes (368,449,845 and
///   2,571,766,755), 10.93 and 11.20 s against 11.27 and 11.35 s, 68.2 s against 67.3 s.
pub const STATIC_SORT: u32 = 13;
/// How many moves [`STATIC_SORT`] evaluates.
const STATIC_MOVES: usize = 3;

/// The ordering key's weight of the evaluated reply, per `SCALE` unit: a disc is worth about 0.47
/// of a reply move (`1 << 15` in [`super::fastest_first_key`]).
///
/// Chosen on positions other than FForum's, where a change of weight moves each position's nodes
/// by up to a tenth either way, so that a few positions decide a total. On 133 self-play positions
/// at 24 empties (`train::self_play_positions` of 400 games, seed 99, every third position there
/// with a move), a coordinate descent on 30 of them, minimising the geometric mean of their
/// nodes, varied this weight, the unevaluated key's weights of potential mobility, stable edges
/// and parity, and the table-less search's weight of a reply. Only this weight and the stable
/// edges' moved the nodes: 154 (from 200) took the 30 positions' geometric mean 2.5% lower and
/// their total 4.4%, and the stable edges' weight 1.6 times higher 1.4% lower still, but it
/// changed nothing on FForum. On the 70 positions after those 30, 154 took 3.8% and 3.2% fewer
/// nodes in all on two sets of 30 and 40 (18 positions fewer and 12 more, 25 fewer and 15 more;
/// the geometric mean 0.9% and 1.6% lower). On FForum, on an AMD EPYC against 200 with
/// the two builds side by side: 40-59 1.0% fewer nodes (10,174,953,841 against 10,273,776,165)
/// in 289.9 and 290.3 s against 297.1 and 295.4 s over two rounds on swapped cores; 40-49 0.4%
/// more (370,079,753) in 10.64 and 11.28 s against 10.99 and 11.04 s; 53-54 6.0% fewer
/// (2,417,448,422) in 61.3 s against 66.3 s; #55 1.4% more (5,051,631,242) in 141.8 s against
/// 140.5 s; 50-52 and 56-59 0.7% fewer. Then, by the same descent on the same 30 positions, a
/// weight of its own for each part, between 118 and 200: the static sort at 13-14 empties, the
/// nodes expected to fail high at 15-18 empties and from 19, and those expected to fail low.
/// None lowered the geometric mean of nodes by more than 0.33% (the second part at 118), so one
/// weight serves them all.
///
/// Other weights, measured on FForum before (against 200):
/// - 120, with the table-less search's replies shifted 5 instead of 4: 40-50 3.0% fewer nodes,
///   40-59 2.6% more, its positions moving by -8 to +12% each;
/// - 140 and 170: 53-54 5.6% and 5.3% fewer nodes, but 40-59 0.7% and 0.3% more, #55 and #57
///   taking more; 110: 53-54 2.2% more; 260 and 340: 53-54 4.9% and 11% more;
/// - 170 below 19 empties only: 40-59 0.9% fewer nodes; from 19 only, 1.2% more: within the
///   swing of any such change, its positions moving by up to 11% each;
/// - 170 once the ordering's searches were capped ([`ORDER_MARGIN`]): 40-59 0.8% more nodes
///   (11,816,878,866), 305.8 s against 309.7 s with the two builds side by side, one run;
/// - with the solver's three-entry table, on self-play positions at 21 empties, FForum 40-50 and
///   53-54: 170, 0.6%, 1.7% and 4.8% fewer nodes (with [`EVAL_SORT`] 14 on 40-59, see there);
///   240, 0.5% fewer, 5.1% more and 3.1% more;
/// - another weight in the nodes expected to fail high alone, on an AMD EPYC against the solver
///   of commit 6df6f64 (40-49 368,506,733 nodes, 53-54 2,572,446,654, #55 4,980,759,065), the
///   two builds side by side: 260, 40-49 9.2% more nodes (402,500,849) and 53-54 4.2% more; 170,
///   40-49 0.2% fewer (367,830,558), 53-54 5.1% fewer (2,441,153,783) in 59.0 s against 63.3 s,
///   but #55 4.1% more (5,183,482,329) in 142.4 s against 139.2 s: the positions move apart, as
///   with 170 everywhere.
const EVAL_WEIGHT: i32 = 154;

/// How far beyond the best key so far, in `SCALE` units of the evaluated reply, the ordering
/// still searches a move's reply exactly; the others keep a bound (see [`Endgame::order`]).
/// Measured on FForum, with a null-window test at the margin, against full searches of every
/// reply:
/// - 4 discs: 40-59 2.6% fewer nodes (11,785,252,439) and 300.2 s against 324.7 s; 40-50 1.5%
///   fewer, 53-54 as many, #55 2.1% fewer;
/// - 0: 53-54 3.0% more nodes and #55 8.1% more; 2 discs: 53-54 7.5% more; 8 discs: 53-54 0.5%
///   fewer, #55 2.0% fewer, 40-50 1.5% fewer; 3 and 6 discs, with the single capped search of
///   today: #55 within 0.6% of the nodes of 4;
/// - once the values were floored ([`SURE_MARGIN`]), side by side against 4 discs: 6 discs, 40-50
///   0.5% fewer nodes, 53-54 1.2% fewer, #55 0.4% fewer, each as fast; 3 discs, 40-50 1.2% fewer,
///   53-54 1.5% more; 8 discs, 40-50 0.1% fewer;
/// - on the 30 self-play positions [`EVAL_WEIGHT`] was tuned on, with that weight at 154: 3, 6
///   and 8 discs, a geometric mean of nodes 0.3%, 1.1% and 0.8% higher than with 4.
pub(super) const ORDER_MARGIN: i32 = 4 * SCALE;

/// How far above a node's alpha, in discs, the ordering's evaluated value of a move still tells
/// moves apart: all values beyond count as this one, and the unevaluated key (fastest-first)
/// chooses among such moves, each very probably a refutation. The evaluated searches then stop
/// at that bound. Measured on FForum against no such floor, the two builds side by side:
/// - 40: 40-59 0.9% fewer nodes (11,618,934,559) and 296.1 s against 301.9 s; 40-50 0.3% fewer
///   and about 1% faster, 53-54 0.2% fewer and as fast, #55 0.9% fewer;
/// - 35: as fast as 40 on 40-59 (297.7 s against 298.0 s), 0.5% more nodes; 50: #55 and 40-50
///   slower than 35; 30: 40-50 0.7% more nodes and 4.4% faster, 53-54 1.3% more and as fast, #55
///   3.2% more and 1.1% faster; 25: 40-50 5.0% more nodes; 20: #55 21% more and 8% slower;
/// - the other side instead, as Edax does: the values of moves 4, 8, 12 or 16 discs below alpha
///   or worse all counted as that, the searches stopping there: 40-50 1.7%, 1.3%, 0.4% and 0.1%
///   more nodes, no faster;
/// - on the 30 self-play positions [`EVAL_WEIGHT`] was tuned on, with that weight at 154: 30, a
///   geometric mean of nodes 1.5% higher than with 40; 50, as low (0.04% higher);
/// - on those 30 positions, in the nodes expected to fail low alone: 10, 20 and 60, and
///   [`ORDER_MARGIN`] 1 or 16 discs, each within 0.2% of the nodes.
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
/// such nodes that fail high need their refutation first (without the evaluated search at all,
/// more nodes: see [`Endgame::order`]). Counted with the time-stamp counter on FForum #55
/// before this, the ordering's searches at [`EVAL_SORT`] empties and more took about a tenth of
/// the solver's time, 40% of it in the 3.9 M nodes of the exact pass expected to fail low,
/// nearly all of them without a hash move.
/// Measured on an AMD EPYC against the full depth, the two builds side by side on swapped cores:
/// - one ply: 40-49 0.5% fewer nodes (368,506,733) in 10.63-10.75 s against 10.76-10.94 s over
///   four rounds, 53-54 0.1% fewer (2,572,446,654) in 64.7 and 65.8 s against 64.9 and 66.1 s,
///   #55 1.1% fewer (4,980,759,065) in 140.9 and 138.8 s against 145.6 and 143.8 s;
/// - two plies: 40-49 as many nodes, 53-54 0.4% more, #55 0.3% fewer (143.6 s beside the one-ply
///   build's 140.9 s);
/// - one ply, but not down to the static evaluation (17 and 18 empties keeping their one ply):
///   40-49 369,298,996 nodes, 53-54 2,573,347,338 and #55 4,995,932,930, more than one ply on
///   all three;
/// - one ply, and at 15 and 16 empties, where that leaves the static evaluation, the
///   unevaluated keys alone: 40-49 369,950,637 nodes, 53-54 2,577,186,861 and #55 4,984,569,935,
///   more than one ply on all three.
///
/// Nor, measured against the one-ply build, a node expected to fail high whose hash move failed
/// low ordered as one expected to fail low (after that failure its other children are typed as
/// those of a node expected to fail low already): 40-49 0.4% more nodes (369,812,922), 53-54
/// 1.0% fewer (2,546,953,764) and #55 0.3% fewer (4,967,014,357), each as fast side by side
/// (10.51 and 10.74 s against 10.70 and 10.64 s, 63.6 s against 63.4 s, 140.4 s against 140.0 s).
pub const FAIL_LOW_SHALLOWER: u32 = 1;

/// The depth of the ordering's evaluated search at `n` empties (from [`EVAL_SORT`]) in a node
/// expected to fail high (`cut`): static at [`EVAL_SORT`], then one ply more every two empties
/// from the next (1 at 17 and 18 empties, 2 at 19 and 20), up to six; in a node expected to
/// fail low, [`FAIL_LOW_SHALLOWER`] fewer. Measured and not kept:
/// - a ply deeper at even empties: 3% more nodes on FForum 40-50 and slower; a ply shallower at
///   odd empties: 10% more nodes and slower;
/// - in the nodes expected to fail high from 21 empties only, against the solver of commit
///   6df6f64, the two builds side by side on an AMD EPYC: a ply deeper, 40-49 2.1% more nodes
///   (376,334,994) in 11.20 and 11.52 s against 11.04 and 10.73 s, 53-54 2.3% more
///   (2,630,613,562) in 68.4 s against 64.5 s; a ply shallower, 40-49 9.7% more (404,398,877),
///   53-54 12.7% more;
/// - in the selective passes alone, against the solver of commit 4be2de7: a ply deeper, on the
///   30 self-play positions [`EVAL_WEIGHT`] was tuned on, 6.0% fewer nodes (a geometric mean
///   4.4% lower), and on the 70 after them 0.4% more and 1.2% fewer (geometric means 3.6% and
///   2.2% lower), but FForum 40-49 5.0% more (388,419,177 against 370,079,753) and 53-54 4.8%
///   more (2,533,027,450 against 2,417,448,422), both slower side by side; a ply shallower, 40-49
///   7.8% more (398,864,361) and 53-54 6.8% more (2,582,712,662).
#[inline(always)]
pub(super) fn sort_depth(n: u32, cut: bool) -> u32 {
    let depth = n.saturating_sub(EVAL_SORT).div_ceil(2).min(6);
    if cut { depth } else { depth.saturating_sub(FAIL_LOW_SHALLOWER) }
}

/// The unevaluated keys of the moves of `(p, o)` in `list` (squares and flips set): the first
/// part of [`Endgame::order`].
///
/// (Measured and not kept: in the nodes of 11 and 12 empties expected to fail low, the keys of
/// [`super::fastest_first_key`] alone, cheaper: FForum 40-49 368,641,674 nodes, 53-54
/// 2,573,371,402 and #55 4,985,210,382, about as many, and #55 in 142.7 and 143.3 s against
/// 142.3 and 143.0 s, the two builds side by side on swapped cores.)
#[inline]
pub(super) fn order_keys(p: u64, o: u64, n: u32, list: &mut [Entry]) {
    let odd = odd_quadrants(!(p | o));
    for e in list.iter_mut() {
        let (x, f) = (u32::from(e.x), e.flips);
        let (np, no) = play(p, o, x, f);
        let mut key = move_key(x, np, no);
        // (With the three-entry table, on self-play positions at 21 empties, FForum 40-50
        // and 53-54: a bonus of `1 << 8` or `1 << 10`, or parity below 14 or 20 empties,
        // each within 0.5% of the nodes.)
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
    /// bounds. (Every reply searched in full: FForum 40-59 took 3.2% more nodes and 6-8% more
    /// time. A null-window test at that value, then a search of the moves below it: 0.3% more
    /// nodes on 40-50 and 53-54, as fast. The moves taken in the order of their keys with the
    /// static evaluation, so that the first is more often the best: 53-54 0.3% more nodes and
    /// #55 0.4% more, as fast, the two builds side by side.)
    ///
    /// Measured and not kept:
    /// - where a selective pass left an upper bound at or below alpha, so that the node will
    ///   probably fail low and search every move anyway, ordering without the evaluated search,
    ///   or with at most 2 plies of it: the nodes of FForum 40-50 changed by under 0.3% and its
    ///   time by nothing measurable;
    /// - the nodes expected to fail low (`cut` false; those expected to fail high were three
    ///   times as many) ordered without the evaluated search: 1.9% more nodes and no less time;
    ///   they search one ply less of it ([`FAIL_LOW_SHALLOWER`]);
    /// - the evaluated search for only the best few moves by the key without it, the others
    ///   after them: with 4, 40-50 took 5.3% more nodes in 1% less time, 53-54 24% more and 13%
    ///   more time; with 6, 53-54 5.5% more nodes, no faster; with 2, 40-50 43% more;
    /// - the best reply that a move's evaluated search found, tried first in the child when the
    ///   table has no move for it, before the child's own ordering: 40-50 took 57% more nodes;
    /// - in a node expected to fail high, the first move by the unevaluated key searched at once
    ///   when its evaluated value lies 8 discs or more above alpha, the others evaluated only if
    ///   it fails: 40-49 38% more nodes (507,881,758 against 368,506,733) and 53-54 60% more.
    ///   Among moves that all very probably refute, the evaluation's choice is much the cheaper
    ///   refutation;
    /// - the size of such a move's evaluated search as its cost, the bit length of its nodes
    ///   times 2,048 or 8,192 taken from its key: on the 30 self-play positions [`EVAL_WEIGHT`]
    ///   was tuned on, 0.2% and 1.1% more nodes, 28 and 29 of them taking more; times -8,192, as
    ///   many.
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
    /// failure costs far more than a full ordering of the others.
    ///
    /// Counted on FForum #55's exact pass before this: in the nodes expected to fail high that
    /// failed high, the first move failed in 0.46% of those of 12 empties, 0.19% at 14 and 0.14%
    /// at 16, yet the moves searched before the refutation cost 276 M, 206 M and 155 M nodes there
    /// (of 4.9 G), and those after the first move 80 M, 75 M and 35 M: about 1.5 moves failed after
    /// the first. Measured against the solver of commit a049ed3 (FForum 40-49 in 356,933,136
    /// nodes, 53-54 in 2,349,054,332, #55 in 4,889,056,885):
    /// - this: 40-49 1.8% fewer nodes (350,516,152), 53-54 3.1% fewer (2,276,373,481), #55 1.5%
    ///   fewer (4,814,757,371); 40-59 2.2% fewer (9,516,119,449). Side by side with that build
    ///   on swapped cores: 40-59 in 285.0 s against 291.7 s, #55 in 159.9 and 164.0 s against
    ///   161.8 and 164.4 s, 53-54 in 74.7 and 66.4 s against 74.9 and 64.5 s, 40-49 in
    ///   11.61-12.48 s against 11.55-12.35 s over four rounds (1.8% more time in all: the
    ///   evaluations cost more than the few nodes they save there);
    /// - from 12, 13 or 15 empties only: 40-49 351,483,329, 353,556,118 and 356,308,883 nodes;
    ///   from 12, #55 4,826,483,010; from 15, 53-54 2,311,736,692;
    /// - a ply deeper: 40-49 352,110,056 nodes, 53-54 2,290,837,281; a ply shallower (static
    ///   below 19 empties): 40-49 349,385,852, 53-54 2,263,833,293, but #55 4,884,883,645; two plies
    ///   shallower: 40-49 352,761,283, 53-54 2,316,016,385; static at every count of empties:
    ///   352,124,772 and 2,335,695,170;
    /// - a failed hash move followed by the usual ordering, the moves left ordered anew only after
    ///   the first of them fails too: 40-49 350,734,572 nodes, 53-54 2,276,645,626; the failed
    ///   hash move alone ordering anew: 356,064,473 and 2,347,392,598.
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
    /// `(p, o)`.
    ///
    /// Measured on FForum and not kept:
    /// - its leaves' evaluations kept in a direct-mapped cache of 16,384 positions (a node at an
    ///   even count of empties evaluates the leaves its parent's ordering search evaluated): 17%
    ///   of them found there on 40-50, which took 26.5 s against 26.0 s;
    /// - its depth-2 nodes unsorted: 40-50 1.0% more nodes, 26.2 and 26.0 s against 25.8 s twice;
    ///   its depth-1 nodes sorted by square value: 0.3% fewer, 26.6 and 26.3 s against 26.2 and
    ///   25.8 s;
    /// - a table of 4 MB for its nodes of 2 plies or more, their bounds settling a search no
    ///   deeper: 40-50 1.3% more nodes, 26.4 s against 25.6 s, and 53-54 5.1% more, 68.9 s against
    ///   65.5 s (from 3 plies: 40-50 0.8% fewer, 26.1 s against 26.0 s; 53-54 4.6% more, 67.6 s),
    ///   as the ordering values that bounds and deeper entries give choose worse; its best moves
    ///   alone, tried first: 40-50 0.3% fewer nodes, 26.8 s against 26.2 s;
    /// - once [`Endgame::order`] capped its windows, its depth-1 nodes sorted as the deeper ones
    ///   are: 40-50 1.5% fewer nodes, 53-54 0.4% more and 2.4% slower, the two builds side by
    ///   side.
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
