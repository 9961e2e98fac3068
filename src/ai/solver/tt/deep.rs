//! The exact solver's transposition table: buckets of three entries in one 64-byte cache line,
//! so that a probe, a store and a prefetch each touch one line, and cleared in constant time by a
//! generation number (every bucket of an older generation counts as empty).
//!
//! It replaced two-slot buckets of 48-byte entries, taking fewer nodes in less time (see
//! docs/solver-tuning.md#the-deep-table).

use crate::ai::table::{NO_MOVE, hash, huge_page_vec, table_len};

/// What the table knows of one position: bounds on its exact score, how sure and for how many
/// empties they hold, and its best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    /// The score is at least this.
    pub lower: i8,
    /// The score is at most this.
    pub upper: i8,
    /// The solver's depth byte (empties and certainty; never 0 for a stored entry).
    pub depth: u8,
    /// The best move's square index, or [`NO_MOVE`].
    pub mv: u8,
}

/// Entries per bucket.
const WAYS: usize = 3;

/// Three positions and what is known of them, in one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    /// The entries' positions: mover, then opponent.
    keys: [[u64; 2]; WAYS],
    /// The entries' bounds and moves; depth 0 marks an empty entry.
    lower: [i8; WAYS],
    upper: [i8; WAYS],
    depth: [u8; WAYS],
    mv: [u8; WAYS],
    /// The table's generation when the bucket was last written: an older one is empty.
    generation: u32,
}

const _: () = assert!(std::mem::size_of::<Bucket>() == 64);

impl Bucket {
    /// The entry holding `(p, o)`, if any (the bucket's generation checked by the caller).
    #[inline(always)]
    fn find(&self, p: u64, o: u64) -> Option<usize> {
        (0..WAYS).find(|&i| self.keys[i] == [p, o] && self.depth[i] != 0)
    }
}

/// The deep solver's table: a power-of-two array of [`Bucket`]s.
#[derive(Debug)]
pub(crate) struct DeepTable {
    buckets: Vec<Bucket>,
    mask: usize,
    /// Buckets written in another generation are empty; starts at 1, so zeroed buckets are too.
    generation: u32,
}

impl DeepTable {
    /// A table using at most `megabytes` of memory (at least a few thousand entries).
    pub fn new(megabytes: usize) -> DeepTable {
        let len = table_len(megabytes, std::mem::size_of::<Bucket>(), 1024);
        DeepTable { buckets: huge_page_vec(len), mask: len - 1, generation: 1 }
    }

    /// Forgets everything, in constant time but once every four billion calls.
    pub fn clear(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.buckets.fill(Bucket::default());
            self.generation = 1;
        }
    }

    #[inline(always)]
    fn index(&self, p: u64, o: u64) -> usize {
        (hash(p, o) as usize) & self.mask
    }

    /// Starts loading the bucket of `(p, o)` into the cache, for a probe that will come soon:
    /// the solver asks for the buckets of the children it is about to search (other prefetches
    /// were slower: docs/solver-tuning.md#the-deep-table).
    #[inline(always)]
    pub fn prefetch(&self, p: u64, o: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = &self.buckets[self.index(p, o)];
            // SAFETY: a prefetch is only a hint; the address points into the table.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (p, o);
    }

    /// The entry for `(p, o)`, if stored.
    #[inline]
    pub fn probe(&self, p: u64, o: u64) -> Option<Hit> {
        let b = &self.buckets[self.index(p, o)];
        if b.generation != self.generation {
            return None;
        }
        b.find(p, o).map(|i| Hit { lower: b.lower[i], upper: b.upper[i], depth: b.depth[i], mv: b.mv[i] })
    }

    /// Records that a null-window search of `(p, o)` (depth byte `depth`, never 0) above `alpha`
    /// returned `score` (fail-soft, within -64..=64) with best move `mv`. An entry of the same
    /// position and depth tightens its bounds; a deeper one is kept rather than replaced. A new
    /// position takes the place of the bucket's shallowest entry (the first of equals), so the
    /// deepest entries stay and the shallow ones turn over.
    ///
    /// (Replacement by subtree size and a second move per entry, as Edax keeps, were measured and
    /// not kept: see docs/solver-tuning.md#the-deep-table.)
    #[inline]
    pub fn store(&mut self, p: u64, o: u64, depth: u8, alpha: i32, score: i32, mv: u8) {
        debug_assert!(depth != 0 && (-64..=64).contains(&score));
        let generation = self.generation;
        let i = self.index(p, o);
        let b = &mut self.buckets[i];
        let (lower, upper) = if score > alpha { (score as i8, 64) } else { (-64, score as i8) };
        if b.generation != generation {
            b.generation = generation;
            b.depth = [0; WAYS];
        }
        if let Some(k) = b.find(p, o) {
            if b.depth[k] == depth {
                let (l, u) = (b.lower[k].max(lower), b.upper[k].min(upper));
                (b.lower[k], b.upper[k]) = if l > u { (lower, upper) } else { (l, u) };
                if mv != NO_MOVE {
                    b.mv[k] = mv;
                }
            } else if depth > b.depth[k] {
                (b.lower[k], b.upper[k], b.depth[k], b.mv[k]) = (lower, upper, depth, mv);
            }
            return;
        }
        // The shallowest entry, the first of equals (an empty one has depth 0).
        let victim = (1..WAYS).fold(0, |v, k| if b.depth[k] < b.depth[v] { k } else { v });
        b.keys[victim] = [p, o];
        (b.lower[victim], b.upper[victim], b.depth[victim], b.mv[victim]) = (lower, upper, depth, mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_come_back_tighten_and_a_deeper_entry_stays() {
        let mut t = DeepTable::new(1);
        assert_eq!(t.probe(1, 2), None);
        // Failed high above 3 with 6, then low below 9 with 8.
        t.store(1, 2, 44, 3, 6, 7);
        assert_eq!(t.probe(1, 2), Some(Hit { lower: 6, upper: 64, depth: 44, mv: 7 }));
        t.store(1, 2, 44, 8, 8, NO_MOVE);
        assert_eq!(t.probe(1, 2), Some(Hit { lower: 6, upper: 8, depth: 44, mv: 7 }));
        // Bounds that contradict the stored ones replace them.
        t.store(1, 2, 44, 20, 30, 9);
        assert_eq!(t.probe(1, 2), Some(Hit { lower: 30, upper: 64, depth: 44, mv: 9 }));
        // A surer entry replaces a less sure one, not the other way round.
        t.store(1, 2, 47, 0, -2, 5);
        t.store(1, 2, 45, 0, 10, 6);
        assert_eq!(t.probe(1, 2), Some(Hit { lower: -64, upper: -2, depth: 47, mv: 5 }));
        t.clear();
        assert_eq!(t.probe(1, 2), None);
        t.store(1, 2, 44, 0, 2, 3);
        assert_eq!(t.probe(1, 2), Some(Hit { lower: 2, upper: 64, depth: 44, mv: 3 }));
    }

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_entry() {
        let mut t = DeepTable::new(1);
        let target = t.index(1, 2);
        let same: Vec<(u64, u64)> =
            (1..).map(|k: u64| (k << 9, 2)).filter(|&(p, o)| t.index(p, o) == target).take(4).collect();
        let depths = [60, 44, 52];
        for (&(p, o), &d) in same.iter().zip(&depths) {
            t.store(p, o, d, 0, 1, 0);
        }
        for &(p, o) in &same[..3] {
            assert!(t.probe(p, o).is_some());
        }
        // The fourth takes the 44's place; the deeper two stay.
        t.store(same[3].0, same[3].1, 48, 0, 1, 0);
        assert_eq!(t.probe(same[1].0, same[1].1), None);
        for &(p, o) in [same[0], same[2], same[3]].iter() {
            assert!(t.probe(p, o).is_some());
        }
    }

    #[test]
    fn a_bucket_of_an_earlier_generation_is_empty() {
        let mut t = DeepTable::new(1);
        t.store(1, 2, 44, 0, 1, 0);
        t.clear();
        // Writing another position into the stale bucket does not bring the old one back.
        let target = t.index(1, 2);
        let other = (1..).map(|k: u64| (k << 9, 2)).find(|&(p, o)| t.index(p, o) == target).unwrap();
        t.store(other.0, other.1, 44, 0, 1, 0);
        assert_eq!(t.probe(1, 2), None);
        assert!(t.probe(other.0, other.1).is_some());
    }
}
