//! Static evaluation: how good a position is for the side to move, in hundredths of a disc
//! (`SCALE` per disc), without searching.
//!
//! - [`eval8`], the hand-tuned 8x8 evaluation, knows the strategy vocabulary of `othello.md`:
//!   corners, stable edge discs, X- and C-squares next to an empty corner, mobility (corner moves
//!   count double) and potential mobility, frontier discs, parity, and the phase of the game (its
//!   weights slide from the opening to the endgame with the number of empties).
//! - [`Generic`] does the same with masks built for any board size (6x6, 10x10, and 8x8 under
//!   variants), without the stability table.
//!
//! A finished game evaluates to its exact disc difference times `SCALE` (empties to the winner).

use crate::engine::Direction;
use crate::engine::bits::{self, Bits, Eight, Geometry};

use super::solver::stability::edge_stable;

/// Evaluation units per disc.
pub const SCALE: i32 = 100;
/// Evaluations are clamped to this, below any exact won or lost score.
pub const EVAL_LIMIT: i32 = 6000;

/// An evaluation for boards of geometry `G`.
pub trait Evaluate<G: Geometry> {
    /// The value of the position for `p` (to move) against `o`, in `SCALE` units per disc.
    fn eval(&self, p: G::Mask, o: G::Mask) -> i32;
}

/// The final disc difference for `p` with the empties given to the winner (the convention of the
/// endgame suites).
#[inline(always)]
pub fn final_score<M: Bits>(p: M, o: M) -> i32 {
    let (pc, oc) = (p.count() as i32, o.count() as i32);
    final_margin(pc, oc, 0)
}

/// The final margin from disc counts on a board of `squares` squares (0 for 8x8's shortcut).
#[inline(always)]
fn final_margin(pc: i32, oc: i32, squares: i32) -> i32 {
    let squares = if squares == 0 { 64 } else { squares };
    let empties = squares - pc - oc;
    let diff = pc - oc;
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => diff + empties,
        std::cmp::Ordering::Less => diff - empties,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The final margin on a board of geometry `G`.
#[inline(always)]
pub fn final_score_of<G: Geometry>(p: G::Mask, o: G::Mask) -> i32 {
    final_margin(p.count() as i32, o.count() as i32, (G::N * G::N) as i32)
}

const CORNERS: u64 = 0x8100_0000_0000_0081;
const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The squares next to any square of `x` (8x8).
#[inline(always)]
pub const fn neighbours8(x: u64) -> u64 {
    let h = ((x << 1) & NOT_A) | ((x >> 1) & NOT_H);
    let row = x | h;
    h | (row << 8) | (row >> 8)
}

/// Per corner: the corner, its X-square and its two C-squares.
const CORNER_GROUPS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 57) | (1 << 48)),
    (1 << 63, 1 << 54, (1 << 62) | (1 << 55)),
];

/// Weights at the opening (60 empties) and at the end (0 empties).
struct Weights {
    corner: (i32, i32),
    stable: (i32, i32),
    x_square: (i32, i32),
    c_square: (i32, i32),
    mobility: (i32, i32),
    potential: (i32, i32),
    frontier: (i32, i32),
    discs: (i32, i32),
    parity: (i32, i32),
}

const W8: Weights = Weights {
    corner: (800, 400),
    stable: (120, 110),
    x_square: (-450, -100),
    c_square: (-150, -30),
    mobility: (80, 40),
    potential: (25, 10),
    frontier: (-25, -10),
    discs: (-4, 40),
    parity: (0, 150),
};

#[inline(always)]
fn phase(w: (i32, i32), empties: i32) -> i32 {
    (w.0 * empties + w.1 * (60 - empties)) / 60
}

/// The number of [`features8`].
pub const FEATURES: usize = 9;

/// The features the 8x8 evaluations weigh, for the side to move against the other, in this
/// order: corners, stable edge discs (corners aside), X-squares and C-squares next to an empty
/// corner, mobility (corner moves double, -3 for having to pass), potential mobility, frontier
/// discs, discs, and parity (1 when the empties are odd, else -1). `None` when the game is over.
pub fn features8(p: u64, o: u64) -> Option<[i32; FEATURES]> {
    let mp = Eight::moves(p, o);
    let mo = Eight::moves(o, p);
    if mp | mo == 0 {
        return None;
    }
    let empty = !(p | o);
    let e = empty.count_ones() as i32;
    let corner = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
    let mut x_sq = 0;
    let mut c_sq = 0;
    for &(c, x, cs) in &CORNER_GROUPS {
        if empty & c != 0 {
            x_sq += (p & x).count_ones() as i32 - (o & x).count_ones() as i32;
            c_sq += (p & cs).count_ones() as i32 - (o & cs).count_ones() as i32;
        }
    }
    let stable =
        (edge_stable(p, o) & !CORNERS).count_ones() as i32 - (edge_stable(o, p) & !CORNERS).count_ones() as i32;
    let mobility = (mp.count_ones() + (mp & CORNERS).count_ones()) as i32
        - (mo.count_ones() + (mo & CORNERS).count_ones()) as i32
        - if mp == 0 { 3 } else { 0 };
    let potential = (neighbours8(o) & empty).count_ones() as i32 - (neighbours8(p) & empty).count_ones() as i32;
    let near_empty = neighbours8(empty);
    let frontier = (p & near_empty).count_ones() as i32 - (o & near_empty).count_ones() as i32;
    let discs = p.count_ones() as i32 - o.count_ones() as i32;
    let parity = if e % 2 == 1 { 1 } else { -1 };
    Some([corner, stable, x_sq, c_sq, mobility, potential, frontier, discs, parity])
}

/// The hand-tuned 8x8 evaluation.
///
/// ```
/// use reversi_bot::ai::eval8;
/// // The start is symmetric: the evaluation is near zero.
/// let (p, o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
/// assert!(eval8(p, o).abs() < 100);
/// ```
pub fn eval8(p: u64, o: u64) -> i32 {
    let Some(f) = features8(p, o) else { return final_score(p, o) * SCALE };
    let e = (!(p | o)).count_ones() as i32;
    let w = &W8;
    let [corner, stable, x_sq, c_sq, mobility, potential, frontier, discs, parity] = f;
    let score = phase(w.corner, e) * corner
        + phase(w.stable, e) * stable
        + phase(w.x_square, e) * x_sq
        + phase(w.c_square, e) * c_sq
        + phase(w.mobility, e) * mobility
        + phase(w.potential, e) * potential
        + phase(w.frontier, e) * frontier
        + phase(w.discs, e) * discs
        + if e < 20 { phase(w.parity, e) * parity } else { 0 };
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// Weights of [`features8`] fitted by least squares to the exact scores of solved positions with
/// 16 to 21 empties from games between level-3 players (`tests/ai_train.rs` regenerates them), in
/// hundredths of a disc per unit.
pub const LEARNED_ENDGAME: [i32; FEATURES] = [613, 152, -299, -133, 257, -97, -114, -4, 144];

/// The evaluation the exact solver orders its moves by: [`features8`] with
/// [`LEARNED_ENDGAME`].
pub fn eval8_endgame(p: u64, o: u64) -> i32 {
    let Some(f) = features8(p, o) else { return final_score(p, o) * SCALE };
    let score: i32 = f.iter().zip(LEARNED_ENDGAME).map(|(a, b)| a * b).sum();
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

/// The hand-tuned 8x8 evaluation as an [`Evaluate`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Hand8;

impl Evaluate<Eight> for Hand8 {
    #[inline]
    fn eval(&self, p: u64, o: u64) -> i32 {
        eval8(p, o)
    }
}

/// A size-generic evaluation with the same features (no stability table): corners, X- and
/// C-squares next to empty corners, edges, mobility, potential mobility, frontier, discs.
#[derive(Clone, Copy, Debug)]
pub struct Generic<G: Geometry> {
    corners: G::Mask,
    groups: [(G::Mask, G::Mask, G::Mask); 4],
    edges: G::Mask,
    /// Multiplies every positional term; a lower-level player sees less.
    pub insight: i32,
}

impl<G: Geometry> Default for Generic<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Geometry> Generic<G> {
    /// The masks for `G`.
    pub fn new() -> Generic<G> {
        let n = G::N;
        let at = |c: u32, r: u32| G::Mask::bit(r * n + c);
        let m = n - 1;
        let groups = [
            (at(0, 0), at(1, 1), at(1, 0) | at(0, 1)),
            (at(m, 0), at(m - 1, 1), at(m - 1, 0) | at(m, 1)),
            (at(0, m), at(1, m - 1), at(1, m) | at(0, m - 1)),
            (at(m, m), at(m - 1, m - 1), at(m - 1, m) | at(m, m - 1)),
        ];
        let corners = groups.iter().fold(G::Mask::ZERO, |acc, g| acc | g.0);
        let mut edges = G::Mask::ZERO;
        for i in 0..n {
            edges |= at(i, 0) | at(i, m) | at(0, i) | at(m, i);
        }
        Generic { corners, groups, edges: edges & !corners, insight: 100 }
    }

    fn neighbours(x: G::Mask) -> G::Mask {
        Direction::ALL.iter().fold(G::Mask::ZERO, |acc, &d| acc | bits::shift::<G>(x, d))
    }
}

impl<G: Geometry> Evaluate<G> for Generic<G> {
    fn eval(&self, p: G::Mask, o: G::Mask) -> i32 {
        let mp = G::moves(p, o);
        let mo = G::moves(o, p);
        if (mp | mo).is_zero() {
            return final_score_of::<G>(p, o) * SCALE;
        }
        let squares = (G::N * G::N) as i32;
        let empty = !(p | o) & G::FULL;
        // Phase on the 60-empties scale of 8x8.
        let e = (empty.count() as i32 * 60 / (squares - 4)).clamp(0, 60);
        let w = &W8;
        let count = |x: G::Mask| x.count() as i32;
        let corner = count(p & self.corners) - count(o & self.corners);
        let (mut x_sq, mut c_sq) = (0, 0);
        for &(c, x, cs) in &self.groups {
            if !(empty & c).is_zero() {
                x_sq += count(p & x) - count(o & x);
                c_sq += count(p & cs) - count(o & cs);
            }
        }
        let edge = count(p & self.edges) - count(o & self.edges);
        let mobility = count(mp) + count(mp & self.corners) - count(mo) - count(mo & self.corners);
        let potential = count(Self::neighbours(o) & empty) - count(Self::neighbours(p) & empty);
        let near = Self::neighbours(empty);
        let frontier = count(p & near) - count(o & near);
        let discs = count(p) - count(o);
        let parity = if empty.count() % 2 == 1 { 1 } else { -1 };
        let positional = phase(w.corner, e) * corner
            + phase(w.x_square, e) * x_sq
            + phase(w.c_square, e) * c_sq
            + 30 * edge
            + phase(w.mobility, e) * mobility
            + phase(w.potential, e) * potential
            + phase(w.frontier, e) * frontier;
        let score = positional * self.insight / 100
            + phase(w.discs, e) * discs
            + if e < 20 { phase(w.parity, e) * parity } else { 0 };
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_is_scored_exactly_with_empties_to_the_winner() {
        // 33-29 with 2 empties: 35-29, +6.
        let p = (1u64 << 33) - 1;
        let o = ((1u64 << 29) - 1) << 35;
        assert_eq!(final_score(p, o), 6);
        assert_eq!(final_score(o, p), -6);
    }

    #[test]
    fn owning_a_corner_is_good() {
        let start_p = 0x0000_0008_1000_0000u64;
        let start_o = 0x0000_0010_0800_0000u64;
        assert!(eval8(start_p | 1, start_o) > eval8(start_p, start_o | 1));
        let g = Generic::<Eight>::new();
        assert!(g.eval(start_p | 1, start_o) > g.eval(start_p, start_o | 1));
    }
}
