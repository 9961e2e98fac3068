//! Stable discs on 8x8: discs that can never be flipped again, whatever is played. The exact
//! solver's stability cut-off counts them (the opponent's stable discs bound our best score); the
//! evaluation and the move ordering use the edges' alone. The count is a lower bound: edges are
//! solved exactly by a table, the interior by the usual rule that a disc is stable when, along
//! each of the four axes, its line is full or it touches a stable disc of its colour.

/// For every pair of 8-square lines `(p, o)` (index `p * 256 + o`), the discs of `p` that no
/// sequence of moves along that line can flip. Computed by the compiler: an array the code
/// reads directly, whose indices, made of two bytes, need no bounds checks (a table built at
/// start-up cost more instructions: docs/solver-tuning.md#stability-cut-off).
static EDGE_STABLE: [u8; 65536] = edge_table();

const fn line_flips(p: u32, o: u32, x: u32) -> u32 {
    let mut flips = 0;
    // Towards higher bits.
    let mut run = 0;
    let mut i = x + 1;
    while i < 8 && o & (1 << i) != 0 {
        run |= 1 << i;
        i += 1;
    }
    if i < 8 && p & (1 << i) != 0 {
        flips |= run;
    }
    run = 0;
    let mut i = x as i32 - 1;
    while i >= 0 && o & (1 << i) != 0 {
        run |= 1 << i;
        i -= 1;
    }
    if i >= 0 && p & (1 << i) != 0 {
        flips |= run;
    }
    flips
}

const fn edge_table() -> [u8; 65536] {
    let mut table = [0u8; 65536];
    // Fill positions in order of increasing empties: children always have fewer.
    let mut empties = 0;
    while empties <= 8 {
        let mut p = 0u32;
        while p < 256 {
            // Every `o` disjoint from `p`: the subsets of the other squares.
            let others = !p & 0xFF;
            let mut o = others;
            loop {
                if (!(p | o) & 0xFF).count_ones() == empties {
                    let mut stable = p;
                    let mut e = !(p | o) & 0xFF;
                    while e != 0 && stable != 0 {
                        let x = e.trailing_zeros();
                        e &= e - 1;
                        // Either side may play any empty square (the move may be legal through
                        // another line), flipping what it brackets along this one.
                        let f = line_flips(p, o, x);
                        let (np, no) = (p | f | (1 << x), o & !f);
                        stable &= table[(np * 256 + no) as usize] as u32;
                        let f = line_flips(o, p, x);
                        let (np, no) = (p & !f, o | f | (1 << x));
                        stable &= table[(np * 256 + no) as usize] as u32;
                    }
                    table[(p * 256 + o) as usize] = stable as u8;
                }
                if o == 0 {
                    break;
                }
                o = (o - 1) & others;
            }
            p += 1;
        }
        empties += 1;
    }
    table
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Packs the a-file (bits 0, 8, ..., 56) into a byte.
#[inline(always)]
fn pack_a(x: u64) -> usize {
    ((x & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// Unpacks a byte onto the a-file.
#[inline(always)]
fn unpack_a(b: u8) -> u64 {
    UNPACK_A[b as usize]
}

static UNPACK_A: [u64; 256] = {
    let mut out = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                out[b] |= 1 << (8 * i);
            }
            i += 1;
        }
        b += 1;
    }
    out
};

/// The stable discs of `p` on the four edges (exact for each edge taken alone).
/// (A smaller table, indexed by base-3 digits, was no faster: see
/// docs/solver-tuning.md#stability-cut-off.)
#[inline]
pub fn edge_stable(p: u64, o: u64) -> u64 {
    let t = &EDGE_STABLE;
    let top = u64::from(t[((p & 0xFF) * 256 + (o & 0xFF)) as usize]);
    let bottom = u64::from(t[((p >> 56) * 256 + (o >> 56)) as usize]) << 56;
    let left = unpack_a(t[pack_a(p) * 256 + pack_a(o)]);
    let right = unpack_a(t[pack_a(p >> 7) * 256 + pack_a(o >> 7)]) << 7;
    top | bottom | left | right
}

/// The squares lying on a full line, per axis: (horizontal, vertical, diagonal a1-h8 direction,
/// anti-diagonal h1-a8 direction).
#[inline]
fn full_lines(filled: u64) -> [u64; 4] {
    // Horizontal: a row is full when its byte is 0xFF.
    let mut h = filled;
    h &= h >> 1;
    h &= h >> 2;
    h &= h >> 4;
    let h = (h & FILE_A).wrapping_mul(0xFF);
    // Vertical: a column is full when all eight bytes have the bit.
    let mut v = filled;
    v &= v >> 8;
    v &= v >> 16;
    v &= v >> 32;
    let v = (v & 0xFF).wrapping_mul(FILE_A);
    [
        h,
        v,
        full_diagonals(filled, 9, &FROM_COLUMN, &UP_TO_COLUMN),
        full_diagonals(filled, 7, &UP_TO_COLUMN, &FROM_COLUMN),
    ]
}

/// Columns `k..=7`, for k = 1, 2, 4: where a shift of k columns rightwards may land.
const FROM_COLUMN: [u64; 3] = [0xFEFE_FEFE_FEFE_FEFE, 0xFCFC_FCFC_FCFC_FCFC, 0xF0F0_F0F0_F0F0_F0F0];
/// Columns `0..=7-k`, for k = 1, 2, 4: where a shift of k columns leftwards may land.
const UP_TO_COLUMN: [u64; 3] = [0x7F7F_7F7F_7F7F_7F7F, 0x3F3F_3F3F_3F3F_3F3F, 0x0F0F_0F0F_0F0F_0F0F];

/// The squares whose diagonal of `step` (9: a1-h8, 7: h1-a8) holds no empty square: the empty
/// squares spread both ways along their diagonal (1, 2, then 4 steps at once), and what they
/// do not reach is full. `up` masks the columns a shift towards the higher bits may land on,
/// `down` those of a shift towards the lower bits.
#[inline(always)]
fn full_diagonals(filled: u64, step: u32, up: &[u64; 3], down: &[u64; 3]) -> u64 {
    let empty = !filled;
    let (mut hi, mut lo) = (empty, empty);
    for (k, (&u, &d)) in up.iter().zip(down).enumerate() {
        let s = step << k;
        hi |= (hi << s) & u;
        lo |= (lo >> s) & d;
    }
    !(hi | lo)
}

/// The squares off the edges: their neighbours along every axis lie on the board, so shifts
/// need no wrap masks there (edge discs come exact from the edge table).
const CENTRAL: u64 = 0x007E_7E7E_7E7E_7E00;

/// The number of stable discs of `p` (the mover) against `o`, if it reaches `need` (`None` when
/// it does not). The search stops as soon as `need` are found, so the count may be short of all
/// of them: the solver's stability cut-off needs to know only that enough are there, and
/// counting them all took more time (see docs/solver-tuning.md#stability-cut-off).
#[inline]
pub fn stable_at_least(p: u64, o: u64, need: u32) -> Option<u32> {
    let count = stable_until(p, o, need).count_ones();
    (count >= need).then_some(count)
}

/// A lower bound on the stable discs of `p` against `o`, stopped once it holds at least `need`
/// discs: edge discs from the table, central discs on four full lines, then central discs that
/// on each axis lie on a full line or touch a stable disc, until nothing changes.
/// (Shortcuts for the rare boards with nothing to grow from cost more instructions than they
/// save: docs/solver-tuning.md#stability-cut-off.)
#[inline(always)]
fn stable_until(p: u64, o: u64, need: u32) -> u64 {
    let filled = p | o;
    let [h, v, d9, d7] = full_lines(filled);
    let central = p & CENTRAL;
    let mut stable = edge_stable(p, o) | (h & v & d9 & d7 & central);
    if stable == 0 {
        // Nothing for the rule to grow from.
        return 0;
    }
    loop {
        if stable.count_ones() >= need {
            return stable;
        }
        let old = stable;
        let sh = h | (stable << 1) | (stable >> 1);
        let sv = v | (stable << 8) | (stable >> 8);
        let sd9 = d9 | (stable << 9) | (stable >> 9);
        let sd7 = d7 | (stable << 7) | (stable >> 7);
        stable |= sh & sv & sd9 & sd7 & central;
        if stable == old {
            return stable;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// All the stable discs [`stable_until`] finds.
    fn stable_discs(p: u64, o: u64) -> u64 {
        stable_until(p, o, u32::MAX)
    }

    /// The discs of `p` on a line that no sequence of moves flips, by recursion over the moves
    /// (each side may play any empty square), remembered per position.
    fn line_stable(p: u32, o: u32, memo: &mut std::collections::HashMap<(u32, u32), u32>) -> u32 {
        if let Some(&s) = memo.get(&(p, o)) {
            return s;
        }
        let mut stable = p;
        for x in (0..8).filter(|x| (p | o) & (1 << x) == 0) {
            let f = line_flips(p, o, x);
            stable &= line_stable(p | f | (1 << x), o & !f, memo);
            let f = line_flips(o, p, x);
            stable &= line_stable(p & !f, o | f | (1 << x), memo);
        }
        memo.insert((p, o), stable);
        stable
    }

    #[test]
    fn the_edge_table_holds_what_no_sequence_of_moves_flips() {
        let mut memo = std::collections::HashMap::new();
        for p in 0..256u32 {
            for o in (0..256u32).filter(|o| o & p == 0) {
                assert_eq!(
                    u32::from(EDGE_STABLE[(p * 256 + o) as usize]),
                    line_stable(p, o, &mut memo),
                    "{p:#010b} {o:#010b}"
                );
            }
        }
        // A full line is stable; a lone disc between empties is not; a corner always is.
        assert_eq!(EDGE_STABLE[0xF0 * 256 + 0x0F], 0xF0);
        assert_eq!(EDGE_STABLE[0x10 * 256], 0);
        assert_eq!(EDGE_STABLE[256 + 0x02], 0x01);
    }

    #[test]
    fn the_a_file_packs_and_unpacks() {
        for b in 0..=255u8 {
            let mut x = 0u64;
            for i in 0..8 {
                if b & (1 << i) != 0 {
                    x |= 1 << (8 * i);
                }
            }
            assert_eq!(unpack_a(b), x);
            assert_eq!(pack_a(x | 0x7E7E), b as usize);
        }
    }

    #[test]
    fn corners_are_stable_and_x_squares_are_not() {
        // Mover owns a1 and b2, opponent c3; nothing else.
        let p = 1 | (1 << 9);
        let o = 1 << 18;
        assert_eq!(stable_discs(p, o), 1);
        // Two full rows of the mover anchored on both corners are stable.
        let p = 0xFFFF;
        assert_eq!(stable_discs(p, 1 << 20), 0xFFFF);
        // A lone disc in the middle is not.
        assert_eq!(stable_discs(1 << 27, 1 << 28), 0);
    }

    /// The union of the diagonals (step 9 or, `anti`, step 7) that `filled` covers, one
    /// diagonal mask at a time.
    fn full_diagonals_reference(filled: u64, anti: bool) -> u64 {
        let mut masks = [0u64; 15];
        for sq in 0..64 {
            let (c, r) = (sq % 8, sq / 8);
            masks[if anti { c + r } else { c + 7 - r }] |= 1 << sq;
        }
        masks.into_iter().filter(|&m| filled & m == m).fold(0, |a, m| a | m)
    }

    /// Pseudo-random boards from half-empty to nearly full: the filled squares, and a random
    /// mask that splits them between the sides.
    fn random_boards(count: usize) -> Vec<(u64, u64)> {
        let mut rng = crate::engine::SplitMix64::new(0x5EED_57AB);
        (0..count)
            .map(|i| {
                let mut filled = rng.next_u64();
                for _ in 0..i % 6 {
                    filled |= rng.next_u64();
                }
                (filled, rng.next_u64())
            })
            .collect()
    }

    #[test]
    fn full_diagonals_are_the_diagonals_without_an_empty_square() {
        for (filled, _) in random_boards(20_000) {
            let [_, _, d9, d7] = full_lines(filled);
            assert_eq!(d9, full_diagonals_reference(filled, false), "filled {filled:#x}");
            assert_eq!(d7, full_diagonals_reference(filled, true), "filled {filled:#x}");
        }
    }

    /// The interior rule on every square, with wrap masks, and full lines from the diagonal
    /// masks: what [`stable_until`] computes with shortcuts.
    fn stable_reference(p: u64, o: u64) -> u64 {
        const FILE_H: u64 = 0x8080_8080_8080_8080;
        let filled = p | o;
        let [h, v, ..] = full_lines(filled);
        let (d9, d7) = (full_diagonals_reference(filled, false), full_diagonals_reference(filled, true));
        let mut stable = (edge_stable(p, o) | (h & v & d9 & d7)) & p;
        loop {
            let old = stable;
            let sh = h | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
            let sv = v | (stable << 8) | (stable >> 8);
            let sd9 = d9 | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
            let sd7 = d7 | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
            stable |= sh & sv & sd9 & sd7 & p;
            if stable == old {
                return stable;
            }
        }
    }

    #[test]
    fn stable_discs_match_the_rule_applied_everywhere() {
        for (filled, split) in random_boards(20_000) {
            let (p, o) = (filled & split, filled & !split);
            assert_eq!(stable_discs(p, o), stable_reference(p, o), "p {p:#x} o {o:#x}");
        }
    }

    #[test]
    fn stable_at_least_answers_whether_enough_discs_are_stable() {
        let mut found = [0; 2];
        for (filled, split) in random_boards(20_000) {
            let (p, o) = (filled & split, filled & !split);
            let all = stable_discs(p, o).count_ones();
            for need in [1, all.saturating_sub(3).max(1), all, all + 1, 30] {
                let got = stable_at_least(p, o, need);
                if all >= need {
                    let count = got.unwrap_or_else(|| panic!("p {p:#x} o {o:#x} need {need}: {all} stable"));
                    assert!(count >= need && count <= all, "p {p:#x} o {o:#x} need {need}: {count} of {all}");
                    found[usize::from(count < all)] += 1;
                } else {
                    assert_eq!(got, None, "p {p:#x} o {o:#x} need {need}: only {all} stable");
                }
            }
        }
        // Both ways out are taken: all the discs counted, and a stop before the last of them.
        assert!(found[0] > 0 && found[1] > 0, "{found:?}");
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let p = 0x0F0F_0F0F_0F0F_0F0F;
        assert_eq!(stable_discs(p, !p), p);
    }
}
