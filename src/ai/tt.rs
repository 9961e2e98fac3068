//! The transposition table: a bounded, power-of-two array of two-slot buckets keyed by the full
//! `(player, opponent)` bitboards, storing fail-soft bounds, the searched depth and the best move.
//! One table lives in each searcher; nothing is shared between searches.

use crate::engine::bits::Bits;

/// What is known about one position.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Slot<M> {
    /// The mover's discs.
    pub p: M,
    /// The opponent's discs.
    pub o: M,
    /// The score is at least this.
    pub lower: i16,
    /// The score is at most this.
    pub upper: i16,
    /// The depth (or empties, for exact entries) the bounds hold for.
    pub depth: u8,
    /// The best move's square index, or [`NO_MOVE`].
    pub mv: u8,
}

/// No move stored.
pub(crate) const NO_MOVE: u8 = 255;

/// A transposition table of bounded size.
#[derive(Debug)]
pub(crate) struct Table<M> {
    slots: Vec<Slot<M>>,
    mask: usize,
}

/// A 64-bit hash of a position.
#[inline(always)]
pub(crate) fn hash<M: Bits>(p: M, o: M) -> u64 {
    let (p, o) = (p.to_u128(), o.to_u128());
    let a = (p as u64) ^ ((p >> 64) as u64).rotate_left(23);
    let b = (o as u64) ^ ((o >> 64) as u64).rotate_left(41);
    let h = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31);
    h ^ (h >> 29)
}

impl<M: Bits> Table<M> {
    /// A table using at most `megabytes` of memory (at least a few thousand entries).
    pub fn new(megabytes: usize) -> Table<M> {
        let bytes = megabytes.max(1).saturating_mul(1 << 20);
        let per = std::mem::size_of::<Slot<M>>();
        let mut len = 4096usize;
        while len * 2 * per <= bytes {
            len *= 2;
        }
        Table { slots: vec![Slot::default(); len], mask: len - 2 }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    /// The entry for `(p, o)`, if stored.
    #[inline]
    pub fn probe(&self, p: M, o: M) -> Option<Slot<M>> {
        let i = (hash(p, o) as usize) & self.mask;
        let bucket = &self.slots[i..i + 2];
        bucket.iter().find(|s| s.p == p && s.o == o && s.upper >= s.lower).copied()
    }

    /// Records that a search of `(p, o)` to `depth` with window `(alpha, beta)` returned `score`
    /// (fail-soft) with best move `mv`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(&mut self, p: M, o: M, depth: u8, alpha: i32, beta: i32, score: i32, mv: u8, limit: i32) {
        let i = (hash(p, o) as usize) & self.mask;
        let (lower, upper) = if score <= alpha {
            (-limit, score)
        } else if score >= beta {
            (score, limit)
        } else {
            (score, score)
        };
        let (lower, upper) = (lower as i16, upper as i16);
        let bucket = &mut self.slots[i..i + 2];
        for slot in bucket.iter_mut() {
            if slot.p == p && slot.o == o {
                if slot.depth == depth {
                    slot.lower = slot.lower.max(lower);
                    slot.upper = slot.upper.min(upper);
                    if slot.lower > slot.upper {
                        slot.lower = lower;
                        slot.upper = upper;
                    }
                } else if depth > slot.depth {
                    *slot = Slot { p, o, lower, upper, depth, mv };
                    return;
                } else {
                    return;
                }
                if mv != NO_MOVE {
                    slot.mv = mv;
                }
                return;
            }
        }
        let new = Slot { p, o, lower, upper, depth, mv };
        if depth >= bucket[0].depth {
            bucket[1] = bucket[0];
            bucket[0] = new;
        } else {
            bucket[1] = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_bounds_come_back_and_tighten() {
        let mut t: Table<u64> = Table::new(1);
        assert!(t.probe(1, 2).is_none());
        t.store(1, 2, 10, -5, 5, 7, 3, 64);
        let s = t.probe(1, 2).unwrap();
        assert_eq!((s.lower, s.upper, s.mv), (7, 64, 3));
        t.store(1, 2, 10, 8, 20, 8, 3, 64);
        let s = t.probe(1, 2).unwrap();
        assert_eq!((s.lower, s.upper), (7, 8));
        t.clear();
        assert!(t.probe(1, 2).is_none());
    }
}
