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
    /// The fewest empties kept: starting at 6 or 7 took more nodes and more time (see
    /// docs/solver-tuning.md#the-shallow-table).
    pub const FIRST: u32 = 5;
    /// The most empties kept: the big table takes over above (11 took more nodes, 9 more time: see
    /// docs/solver-tuning.md#the-shallow-table).
    pub const LAST: u32 = 10;
    /// Each count of empties has `1 << BITS` slots (4096 of 24 bytes: 96 KB), small enough to
    /// stay in the cache; other sizes, buckets and prefetches were no faster (see
    /// docs/solver-tuning.md#the-shallow-table).
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
    /// position, if any (another hash: docs/solver-tuning.md#the-shallow-table).
    #[inline(always)]
    pub fn probe(&self, n: u32, p: u64, o: u64) -> (usize, Option<(i32, i32)>) {
        debug_assert!((Self::FIRST..=Self::LAST).contains(&n));
        let i = (((n - Self::FIRST) << Self::BITS) as usize) | (hash(p, o) as usize & ((1 << Self::BITS) - 1));
        let s = &self.slots[i];
        (i, (s.p == p && s.o == o).then(|| (i32::from(s.lower), i32::from(s.upper))))
    }

    /// Records in slot `i` (from [`ShallowTable::probe`]) that a null-window search of `(p, o)`
    /// above `alpha` returned `score` (fail-soft, within -64..=64). (Other ways of writing the
    /// slot were no faster: docs/solver-tuning.md#the-shallow-table.)
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
/// (A cache-sized table of their own for the deep nodes of 11 and 12 empties was no faster: see
/// docs/solver-tuning.md#the-deep-table.)
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
