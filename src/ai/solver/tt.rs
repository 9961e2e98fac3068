//! The exact solver's memory: a [`DeepTable`] of 64-byte, three-entry buckets whose children it
//! prefetches before it needs them (its probes land anywhere in tens of megabytes), and, for its
//! last few empties, a [`ShallowTable`]: per count of empties, a few thousand slots that always
//! take the newest position, small enough to stay in the cache.

use crate::ai::table::hash;

mod deep;
pub(crate) use deep::DeepTable;

/// The bounds the exact solver found for positions with few empties (from [`ShallowTable::FIRST`]
/// to [`ShallowTable::LAST`]): one direct-mapped array per count of empties, each slot holding
/// the newest position that hashed there. Cheap enough to ask at every node of those depths,
/// where the big table would cost more than it saves, and it still catches the many
/// transpositions of the last moves (a sixth of the solver's nodes).
#[derive(Debug)]
pub(crate) struct ShallowTable {
    slots: Box<[ShallowSlot]>,
}

#[derive(Clone, Copy, Debug, Default)]
struct ShallowSlot {
    p: u64,
    o: u64,
    lower: i8,
    upper: i8,
}

impl ShallowTable {
    /// The fewest empties kept. (Its probe, waiting on the slot, is about a tenth of the
    /// solver's time, yet starting at 6 or 7 empties costs 4% and 9% more nodes on FForum 53-54,
    /// and more time.)
    pub const FIRST: u32 = 5;
    /// The most empties kept: the big table takes over above. (11: 4.9% more nodes on FForum
    /// 40-50 and no faster, again on an Intel Xeon; 9: 1.3% fewer nodes and 4-5% slower, and
    /// again run alone on an AMD EPYC, 40-49 1.2% fewer nodes, 11.67-11.70 s against 11.40-11.64 s
    /// over three alternating runs.)
    pub const LAST: u32 = 10;
    /// Each count of empties has `1 << BITS` slots (4096 of 24 bytes: 96 KB).
    /// (Measured on FForum 40-50 and not kept: buckets of two slots, 0.4% fewer nodes, or 1.3%
    /// at twice the memory, no faster; a best move kept in the slot, no fewer nodes; prefetching
    /// the children's slots, no faster (again, as each child is generated: FForum 53-54 78.0 s
    /// against 78.4 s); slots aligned to 32 bytes, none straddling two cache lines, no faster;
    /// 11 bits, 1% more nodes and no faster; 13 bits, 1% fewer nodes and slower; 10 bits at 5
    /// empties only, 24 KB that stay in the first-level cache, 0.3% more nodes and no faster; a
    /// probe without the hit branch, no faster either. The probe's samples in a profile are not a
    /// wait that a prefetch, a smaller table or a branchless probe removes. On an Intel Xeon with
    /// 2 MB of second-level cache a core: 13 bits, 0.9% fewer nodes, 26.3 s against 25.8 and
    /// 26.1 s; the table in one huge page, with the pattern weights in huge pages too, no
    /// faster; there again, the children's slots prefetched as the fastest-first ordering
    /// generates them, or as the first node above this table orders its moves, no faster.)
    const BITS: u32 = 12;

    /// An empty table.
    pub fn new() -> ShallowTable {
        let len = ((Self::LAST - Self::FIRST + 1) << Self::BITS) as usize;
        ShallowTable { slots: vec![ShallowSlot::default(); len].into_boxed_slice() }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill(ShallowSlot::default());
    }

    /// The slot of `(p, o)` with `n` empties, and the bounds (lower, upper) it holds for that
    /// position, if any. (The slot chosen on an AMD EPYC by a hash of one multiplication,
    /// `(p ^ o.rotate_left(29))` times a constant, in place of [`hash`]: FForum 40-49 0.6% fewer
    /// nodes, 13.38 s against 12.89 s over five alternating runs.)
    #[inline(always)]
    pub fn probe(&self, n: u32, p: u64, o: u64) -> (usize, Option<(i32, i32)>) {
        debug_assert!((Self::FIRST..=Self::LAST).contains(&n));
        let i = (((n - Self::FIRST) << Self::BITS) as usize) | (hash(p, o) as usize & ((1 << Self::BITS) - 1));
        let s = &self.slots[i];
        (i, (s.p == p && s.o == o).then(|| (i32::from(s.lower), i32::from(s.upper))))
    }

    /// Records in slot `i` (from [`ShallowTable::probe`]) that a null-window search of `(p, o)`
    /// above `alpha` returned `score` (fail-soft, within -64..=64).
    ///
    /// (Measured with the two builds run at once and not kept: the slot written in one store,
    /// so that no bound is read back from the narrower store of a reset, FForum 40-49 in
    /// 11.03-11.35 s against 10.92-11.17 s; written from the bounds the probe found, without
    /// reading the slot again, which cannot have changed since, as the subtree's positions have
    /// fewer empties, 40-49 in 10.95-11.47 s against 10.96-11.48 s over six rounds, 53-54 in
    /// 69.0 and 66.3 s against 67.5 and 65.7 s.)
    #[inline(always)]
    pub fn record(&mut self, i: usize, p: u64, o: u64, alpha: i32, score: i32) {
        let s = &mut self.slots[i];
        if s.p != p || s.o != o {
            *s = ShallowSlot { p, o, lower: -64, upper: 64 };
        }
        if score > alpha {
            s.lower = s.lower.max(score as i8);
        } else {
            s.upper = s.upper.min(score as i8);
        }
    }
}

/// The exact solver's memory: the transposition table of its deep nodes and the shallow table of
/// its last empties.
///
/// (Measured on an AMD EPYC and not kept: the deep nodes of 11 empties, or of 11 and 12, in a
/// [`DeepTable`] of their own small enough for the cache, so that their reads, the most
/// numerous, wait less. With 11 in 4 MB, FForum 53-54 took 0.4% more nodes (2,585,055,667) and
/// 40-49 0.2% more; with 11 and 12, 53-54 1.0% more in 4 MB, 1.5% in 1 MB, 0.5% in 16 MB, at
/// 1-2% more nodes a second. Side by side with the present tables, one build on each core and
/// the cores swapped each round: 11 in 4 MB, 40-49 in 10.70-11.02 s against 10.77-11.09 s over
/// four rounds, 53-54 in 64.8 and 66.0 s against 65.6 and 66.2 s; 11 and 12 in 4 MB, 40-59 in
/// 330.0 and 318.6 s against 325.6 and 321.9 s: no faster.)
#[derive(Debug)]
pub(crate) struct SolverTables {
    /// Positions with more than [`ShallowTable::LAST`] empties.
    pub deep: DeepTable,
    /// Positions with [`ShallowTable::FIRST`] to [`ShallowTable::LAST`] empties.
    pub shallow: ShallowTable,
}

impl SolverTables {
    /// Tables using about `megabytes` in all.
    pub fn new(megabytes: usize) -> SolverTables {
        SolverTables { deep: DeepTable::new(megabytes), shallow: ShallowTable::new() }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.deep.clear();
        self.shallow.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_bounds_come_back_tighten_and_give_way_to_a_new_position() {
        let mut t = ShallowTable::new();
        let (i, known) = t.probe(7, 1, 2);
        assert_eq!(known, None);
        // A fail high above 3 with 6, then a fail low below 9 with 8.
        t.record(i, 1, 2, 3, 6);
        assert_eq!(t.probe(7, 1, 2), (i, Some((6, 64))));
        t.record(i, 1, 2, 8, 8);
        assert_eq!(t.probe(7, 1, 2).1, Some((6, 8)));
        // Another count of empties is another table.
        assert_eq!(t.probe(8, 1, 2).1, None);
        // A position landing in the same slot replaces it.
        let (other_p, other_o) = (1..)
            .map(|k: u64| (k << 8, 2))
            .find(|&(p, o)| t.probe(7, p, o).0 == i)
            .expect("some position shares the slot");
        t.record(i, other_p, other_o, 0, -4);
        assert_eq!(t.probe(7, other_p, other_o).1, Some((-64, -4)));
        assert_eq!(t.probe(7, 1, 2).1, None);
        t.clear();
        assert_eq!(t.probe(7, other_p, other_o).1, None);
    }
}
