//! The solver's last four empties: dedicated functions without a table or a move list, the
//! last move counted from tables rather than played ([`super::super::last_flips`]), three and
//! four empties ordered by quadrant parity (a lone empty in a region first), and an empty with no
//! opponent disc next to it not tried.

use crate::engine::bits::{BitIter, Eight, Geometry};

use super::{Endgame, INF, odd_quadrants, play, stability_cutoff};
use crate::ai::eval::{final_score, neighbours8};
use crate::ai::solver::last_flips::last_move_score;

/// `$f(1 << x)` for each square `x`, computed by the compiler (`$f` a `const fn`).
macro_rules! of_each_square {
    ($f:expr) => {{
        let mut out = [0u64; 64];
        let mut x = 0;
        while x < 64 {
            out[x] = $f(1 << x);
            x += 1;
        }
        out
    }};
}

/// The quadrant of each square: where a move there flips the parity.
const QUADRANT: [u64; 64] = of_each_square!(odd_quadrants);

/// The squares next to each square: a move there flips nothing unless one holds an opponent disc.
const NEIGHBOURS: [u64; 64] = of_each_square!(neighbours8);

/// The flips of `x` for `p`, skipping the work where no opponent disc is adjacent (see
/// docs/solver-tuning.md#last-four-empties).
#[inline(always)]
fn flips_near(p: u64, o: u64, x: u32) -> u64 {
    if NEIGHBOURS[x as usize] & o == 0 { 0 } else { Eight::flips(p, o, x) }
}

impl Endgame<'_, '_> {
    /// The last empty square `x`, played by whichever side can (counted, not played out).
    #[inline(always)]
    pub(super) fn last1(&mut self, p: u64, x: u32) -> i32 {
        self.clock.nodes += 1;
        last_move_score(p, x)
    }

    /// Two empties, `x1` tried first. Inlined into its callers, its pass apart, for fewer
    /// instructions (see docs/solver-tuning.md#last-four-empties).
    #[inline(always)]
    pub(super) fn last2(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        let best = self.last2_moves(p, o, alpha, x1, x2);
        if best == -INF { -self.last2_passed(o, p, -alpha - 1, x1, x2) } else { best }
    }

    /// [`Endgame::last2`] after a pass (out of line: passes are rare).
    #[inline(never)]
    fn last2_passed(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        let best = self.last2_moves(p, o, alpha, x1, x2);
        if best == -INF { final_score(p, o) } else { best }
    }

    /// The mover's moves of [`Endgame::last2`]: -INF when it has none.
    #[inline(always)]
    fn last2_moves(&mut self, p: u64, o: u64, alpha: i32, x1: u32, x2: u32) -> i32 {
        self.clock.nodes += 1;
        let mut best = -INF;
        let f = flips_near(p, o, x1);
        if f != 0 {
            // The opponent, to move on the last square, owns what the mover does not.
            best = -self.last1(o ^ f, x2);
            if best > alpha {
                return best;
            }
        }
        let f = flips_near(p, o, x2);
        if f != 0 {
            best = best.max(-self.last1(o ^ f, x1));
        }
        best
    }

    /// Three empties `xs`; `odd` holds the quadrants with an odd count of them
    /// ([`super::odd_quadrants`], which the caller knows, in fewer instructions than computing
    /// each square's quadrant here; see docs/solver-tuning.md#last-four-empties).
    pub(super) fn last3(&mut self, p: u64, o: u64, alpha: i32, xs: [u32; 3], odd: u64, passed: bool) -> i32 {
        self.clock.nodes += 1;
        // Parity: a square alone in its quadrant first. With three empties only a quadrant of
        // two is even, and then the third square is alone; otherwise the order stays.
        let [x1, x2, x3] = xs;
        let (x1, x2, x3) = if odd & (1 << x1) != 0 {
            (x1, x2, x3)
        } else if odd & (1 << x2) != 0 {
            (x2, x1, x3)
        } else {
            (x3, x1, x2)
        };
        let mut best = -INF;
        for (x, a, b) in [(x1, x2, x3), (x2, x1, x3), (x3, x1, x2)] {
            let f = flips_near(p, o, x);
            if f != 0 {
                let (np, no) = play(p, o, x, f);
                let s = -self.last2(np, no, -alpha - 1, a, b);
                if s > best {
                    best = s;
                    if s > alpha {
                        return s;
                    }
                }
            }
        }
        if best == -INF {
            best = if passed { final_score(p, o) } else { -self.last3(o, p, -alpha - 1, [x1, x2, x3], odd, true) };
        }
        best
    }

    pub(super) fn last4(&mut self, p: u64, o: u64, alpha: i32, passed: bool) -> i32 {
        self.clock.nodes += 1;
        let empty = !(p | o);
        // The stability cut-off (docs/solver-tuning.md#last-four-empties).
        if let Some(max) = stability_cutoff(p, o, alpha, 4) {
            return max;
        }
        // Squares in odd regions first (other orders: docs/solver-tuning.md#last-four-empties).
        let odd = odd_quadrants(empty);
        let mut xs = [0u32; 4];
        for (k, x) in BitIter(empty & odd).chain(BitIter(empty & !odd)).enumerate() {
            xs[k] = x;
        }
        let mut best = -INF;
        let [a, b, c, d] = xs;
        for (x, rest) in [(a, [b, c, d]), (b, [a, c, d]), (c, [a, b, d]), (d, [a, b, c])] {
            let f = flips_near(p, o, x);
            if f != 0 {
                let (np, no) = play(p, o, x, f);
                let s = -self.last3(np, no, -alpha - 1, rest, odd ^ QUADRANT[x as usize], false);
                if s > best {
                    best = s;
                    if s > alpha {
                        return s;
                    }
                }
            }
        }
        if best == -INF {
            best = if passed { final_score(p, o) } else { -self.last4(o, p, -alpha - 1, true) };
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::QUADRANTS;
    use super::*;

    #[test]
    fn every_square_has_the_quadrant_it_lies_in() {
        for (x, &quadrant) in QUADRANT.iter().enumerate() {
            let q: Vec<u64> = QUADRANTS.into_iter().filter(|q| q & (1 << x) != 0).collect();
            assert_eq!(q, [quadrant], "square {x}");
        }
    }
}
