//! The midgame searches' transposition [`Table`]: a bounded, power-of-two array of two-slot
//! buckets keyed by the full `(player, opponent)` bitboards, storing fail-soft bounds, the
//! searched depth and the best move. One table lives in each searcher; nothing is shared between
//! searches. On Linux the tables ask for huge pages (the solver's own tables too).

use std::ops::ControlFlow;

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
    /// The depth, in plies, the bounds hold for.
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

/// The largest power of two, at least `min`, of `size`-byte entries that fits in `megabytes`.
pub(crate) fn table_len(megabytes: usize, size: usize, min: usize) -> usize {
    let bytes = megabytes.max(1).saturating_mul(1 << 20);
    let mut len = min;
    while len * 2 * size <= bytes {
        len *= 2;
    }
    len
}

/// `len` default entries, in memory the kernel is asked to back with huge pages where it can:
/// a table's probes land anywhere in it, and with small pages most of them also miss the TLB.
pub(crate) fn huge_page_vec<T: Clone + Default>(len: usize) -> Vec<T> {
    let mut slots: Vec<T> = Vec::with_capacity(len);
    #[cfg(target_os = "linux")]
    {
        // Advise before the first write: pages already touched stay small.
        let start = slots.as_mut_ptr() as usize;
        let end = start + len * std::mem::size_of::<T>();
        let page = 4096;
        let aligned = start.div_ceil(page) * page;
        if end > aligned {
            // SAFETY: the range lies within the vector's allocation; madvise only changes how
            // the kernel backs it, and a failure (no transparent huge pages) is harmless.
            unsafe { libc::madvise(aligned as *mut libc::c_void, end - aligned, libc::MADV_HUGEPAGE) };
        }
    }
    slots.resize(len, T::default());
    slots
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
        let len = table_len(megabytes, std::mem::size_of::<Slot<M>>(), 4096);
        Table { slots: huge_page_vec(len), mask: len - 2 }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(Slot::default());
    }

    /// The first slot of the bucket of `(p, o)`.
    #[inline(always)]
    fn index(&self, p: M, o: M) -> usize {
        (hash(p, o) as usize) & self.mask
    }

    /// The entry for `(p, o)`, if stored.
    #[inline]
    pub fn probe(&self, p: M, o: M) -> Option<Slot<M>> {
        let i = self.index(p, o);
        let bucket = &self.slots[i..i + 2];
        bucket.iter().find(|s| s.p == p && s.o == o && s.upper >= s.lower).copied()
    }

    /// What the table tells a midgame search of `(p, o)` to `depth` plies within
    /// `(alpha, beta)`: `Break` with a score that settles it (bounds from a search at least as
    /// deep), or `Continue` with the move to try first ([`NO_MOVE`] when none).
    #[inline]
    pub fn settle(&self, p: M, o: M, depth: u32, alpha: i32, beta: i32) -> ControlFlow<i32, u8> {
        let Some(s) = self.probe(p, o) else { return ControlFlow::Continue(NO_MOVE) };
        if u32::from(s.depth) >= depth {
            let (lower, upper) = (i32::from(s.lower), i32::from(s.upper));
            if lower >= beta || lower == upper {
                return ControlFlow::Break(lower);
            }
            if upper <= alpha {
                return ControlFlow::Break(upper);
            }
        }
        ControlFlow::Continue(s.mv)
    }

    /// Records that a search of `(p, o)` to `depth` with window `(alpha, beta)` returned `score`
    /// (fail-soft) with best move `mv`. The deeper entry keeps the bucket's first slot (keeping
    /// the larger subtree's entry instead saved no time: docs/solver-tuning.md#the-deep-table).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(&mut self, p: M, o: M, depth: u8, alpha: i32, beta: i32, score: i32, mv: u8, limit: i32) {
        let i = self.index(p, o);
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

    #[test]
    fn bounds_settle_only_searches_no_deeper_than_theirs() {
        let mut t: Table<u64> = Table::new(1);
        assert_eq!(t.settle(1, 2, 3, -10, 10), ControlFlow::Continue(NO_MOVE));
        // A fail-high at depth 6: the score is at least 7.
        t.store(1, 2, 6, -5, 5, 7, 3, 64);
        assert_eq!(t.settle(1, 2, 6, -5, 5), ControlFlow::Break(7));
        assert_eq!(t.settle(1, 2, 4, 0, 7), ControlFlow::Break(7));
        // Not above a window reaching past 7, nor for a deeper search: the move is the hint.
        assert_eq!(t.settle(1, 2, 6, 0, 9), ControlFlow::Continue(3));
        assert_eq!(t.settle(1, 2, 7, -5, 5), ControlFlow::Continue(3));
        // A fail-low: the score is at most -2.
        t.store(5, 6, 6, 0, 1, -2, 4, 64);
        assert_eq!(t.settle(5, 6, 6, -2, 1), ControlFlow::Break(-2));
        assert_eq!(t.settle(5, 6, 6, -3, 1), ControlFlow::Continue(4));
        // An exact score settles any window.
        t.store(9, 6, 6, -10, 10, 4, 5, 64);
        assert_eq!(t.settle(9, 6, 2, 20, 30), ControlFlow::Break(4));
    }
}
