//! The bitboard core: one implementation of move generation and flipping for every board size.
//!
//! A board of side `n` is a mask with bit `row * n + col` per square (`a1` is bit 0). Sizes are
//! types implementing [`Geometry`]: 6x6 and 8x8 use a `u64`, 10x10 a `u128`. The rules are written
//! once, generically, with shifts and column masks; every function is monomorphised per size, so
//! the 8x8 code is plain `u64` arithmetic. 8x8 additionally overrides the two hot functions with
//! the fastest known portable formulations (paired-shift mobility and ray-mask flips), which the
//! tests check against the generic versions and against a naive reference.
//!
//! Everything here is side-relative: `p` is the mover's discs, `o` the opponent's.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use super::square::{BoardSize, Direction};

/// The integer behind a bitboard.
pub trait Bits:
    Copy
    + Eq
    + Debug
    + Default
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// No bit set.
    const ZERO: Self;
    /// The mask with only bit `index` set.
    fn bit(index: u32) -> Self;
    /// The number of bits set.
    fn count(self) -> u32;
    /// The index of the lowest set bit (the width when empty).
    fn lowest(self) -> u32;
    /// The mask without its lowest set bit.
    fn clear_lowest(self) -> Self;
    /// Widens to `u128`.
    fn to_u128(self) -> u128;
    /// Truncates from `u128`.
    fn from_u128(value: u128) -> Self;
    /// Whether no bit is set.
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
}

macro_rules! impl_bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn bit(index: u32) -> Self {
                1 << index
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn from_u128(value: u128) -> Self {
                value as $t
            }
        }
    };
}
impl_bits!(u64);
impl_bits!(u128);

/// Iterates over the indices of the set bits of a mask, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitIter<M>(pub M);

impl<M: Bits> Iterator for BitIter<M> {
    type Item = u32;
    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_zero() {
            None
        } else {
            let index = self.0.lowest();
            self.0 = self.0.clear_lowest();
            Some(index)
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

/// A board size as a type: its mask type and the masks that keep shifts on the board.
pub trait Geometry: Copy + Send + Sync + 'static {
    /// The integer holding one bit per square.
    type Mask: Bits;
    /// The runtime size this geometry stands for.
    const SIZE: BoardSize;
    /// Squares along one side.
    const N: u32;
    /// Every square.
    const FULL: Self::Mask;
    /// Every square except column a (where an eastward shift would wrap to).
    const NOT_FIRST_COL: Self::Mask;
    /// Every square except the last column (where a westward shift would wrap to).
    const NOT_LAST_COL: Self::Mask;

    /// The mover's legal moves: empty squares that bracket at least one opponent line.
    #[inline(always)]
    fn moves(p: Self::Mask, o: Self::Mask) -> Self::Mask {
        generic_moves::<Self>(p, o)
    }

    /// The opponent discs flipped when the mover plays square `index` (all bracketed lines).
    /// Empty when the move is illegal. The square itself must be empty.
    #[inline(always)]
    fn flips(p: Self::Mask, o: Self::Mask, index: u32) -> Self::Mask {
        generic_flips::<Self>(p, o, index)
    }
}

/// Shifts a mask one step in `dir`, dropping what leaves the board.
#[inline(always)]
pub fn shift<G: Geometry>(x: G::Mask, dir: Direction) -> G::Mask {
    let (dx, dy) = dir.delta();
    let amount = dy * G::N as i32 + dx;
    let moved = if amount >= 0 { x << amount as u32 } else { x >> (-amount) as u32 };
    let kept = match dx {
        1 => moved & G::NOT_FIRST_COL,
        -1 => moved & G::NOT_LAST_COL,
        _ => moved,
    };
    kept & G::FULL
}

/// Legal moves by flood fill along each of the eight directions (any size).
#[inline(always)]
pub fn generic_moves<G: Geometry>(p: G::Mask, o: G::Mask) -> G::Mask {
    let empty = !(p | o) & G::FULL;
    let mut moves = G::Mask::ZERO;
    for dir in Direction::ALL {
        let mut run = shift::<G>(p, dir) & o;
        for _ in 0..G::N - 3 {
            run |= shift::<G>(run, dir) & o;
        }
        moves |= shift::<G>(run, dir);
    }
    moves & empty
}

/// Flips of a move by walking each direction (any size).
#[inline(always)]
pub fn generic_flips<G: Geometry>(p: G::Mask, o: G::Mask, index: u32) -> G::Mask {
    let mut flips = G::Mask::ZERO;
    for dir in Direction::ALL {
        flips |= line_flips::<G>(p, o, index, dir);
    }
    flips
}

/// The discs flipped along the one line `dir` from square `index` (empty if it brackets nothing).
#[inline]
pub fn line_flips<G: Geometry>(p: G::Mask, o: G::Mask, index: u32, dir: Direction) -> G::Mask {
    let mut line = G::Mask::ZERO;
    let mut x = shift::<G>(G::Mask::bit(index), dir);
    while !(x & o).is_zero() {
        line |= x;
        x = shift::<G>(x, dir);
    }
    if (x & p).is_zero() { G::Mask::ZERO } else { line }
}

/// Plays square `index` for the mover with the given flips and returns the position from the
/// other side's point of view: `(opponent + flips removed, mover + flips + square)` swapped.
#[inline(always)]
pub fn play<G: Geometry>(p: G::Mask, o: G::Mask, index: u32, flips: G::Mask) -> (G::Mask, G::Mask) {
    (o ^ flips, p ^ flips ^ G::Mask::bit(index))
}

const fn column_mask(n: u32, col: u32) -> u128 {
    let mut mask = 0u128;
    let mut row = 0;
    while row < n {
        mask |= 1u128 << (row * n + col);
        row += 1;
    }
    mask
}

const fn full_mask(n: u32) -> u128 {
    if n * n == 128 { u128::MAX } else { (1u128 << (n * n)) - 1 }
}

/// 6x6 in a `u64`.
#[derive(Clone, Copy, Debug)]
pub struct Six;
/// 8x8 in a `u64`, with the hand-tuned move generator.
#[derive(Clone, Copy, Debug)]
pub struct Eight;
/// 10x10 in a `u128`.
#[derive(Clone, Copy, Debug)]
pub struct Ten;

impl Geometry for Six {
    type Mask = u64;
    const SIZE: BoardSize = BoardSize::Six;
    const N: u32 = 6;
    const FULL: u64 = full_mask(6) as u64;
    const NOT_FIRST_COL: u64 = (full_mask(6) & !column_mask(6, 0)) as u64;
    const NOT_LAST_COL: u64 = (full_mask(6) & !column_mask(6, 5)) as u64;
}

impl Geometry for Ten {
    type Mask = u128;
    const SIZE: BoardSize = BoardSize::Ten;
    const N: u32 = 10;
    const FULL: u128 = full_mask(10);
    const NOT_FIRST_COL: u128 = full_mask(10) & !column_mask(10, 0);
    const NOT_LAST_COL: u128 = full_mask(10) & !column_mask(10, 9);
}

impl Geometry for Eight {
    type Mask = u64;
    const SIZE: BoardSize = BoardSize::Eight;
    const N: u32 = 8;
    const FULL: u64 = u64::MAX;
    const NOT_FIRST_COL: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_LAST_COL: u64 = 0x7F7F_7F7F_7F7F_7F7F;

    #[inline(always)]
    fn moves(p: u64, o: u64) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        return avx2::moves8(p, o);
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        return moves8(p, o);
    }

    #[inline(always)]
    fn flips(p: u64, o: u64, index: u32) -> u64 {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx512cd", target_feature = "avx512vl"))]
        // SAFETY: the build targets these features (the cfg above), so every CPU it runs on has them.
        return unsafe { avx512::flips8(p, o, index) };
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "avx2",
            not(all(target_feature = "avx512cd", target_feature = "avx512vl"))
        ))]
        return avx2::flips8(p, o, index);
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        return flips8(p, o, index);
    }
}

/// The 8x8 functions on AVX2: the four line orientations (shifts 1, 8, 9, 7) sit in the four
/// 64-bit lanes of one vector, so one pass of the paired-shift fill serves all eight directions.
/// Selected at compile time (`target-cpu=native` in `.cargo/config.toml`, on a CPU with AVX2); the
/// scalar versions above are the fallback and the reference they are tested against.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub mod avx2 {
    use std::arch::x86_64::*;

    const COLUMNS_INNER: i64 = 0x7E7E_7E7E_7E7E_7E7E;

    /// Lane masks for shifts (1, 8, 9, 7): horizontal and diagonal lines must not wrap columns.
    #[inline(always)]
    fn lane_masks() -> __m256i {
        // SAFETY: this module is compiled only when the whole build targets AVX2.
        unsafe { _mm256_set_epi64x(COLUMNS_INNER, COLUMNS_INNER, -1, COLUMNS_INNER) }
    }

    #[inline(always)]
    fn shifts() -> __m256i {
        // SAFETY: this module is compiled only when the whole build targets AVX2.
        unsafe { _mm256_set_epi64x(7, 9, 8, 1) }
    }

    #[inline(always)]
    fn or_lanes(v: __m256i) -> u64 {
        // SAFETY: this module is compiled only when the whole build targets AVX2.
        unsafe {
            let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
            _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
        }
    }

    /// Legal moves, as [`super::moves8`].
    #[inline(always)]
    pub fn moves8(p: u64, o: u64) -> u64 {
        // SAFETY: this module is compiled only when the whole build targets AVX2.
        unsafe {
            let pp = _mm256_set1_epi64x(p as i64);
            let mask = _mm256_and_si256(_mm256_set1_epi64x(o as i64), lane_masks());
            let s1 = shifts();
            let s2 = _mm256_add_epi64(s1, s1);
            let mut left = _mm256_and_si256(mask, _mm256_sllv_epi64(pp, s1));
            let mut right = _mm256_and_si256(mask, _mm256_srlv_epi64(pp, s1));
            left = _mm256_or_si256(left, _mm256_and_si256(mask, _mm256_sllv_epi64(left, s1)));
            right = _mm256_or_si256(right, _mm256_and_si256(mask, _mm256_srlv_epi64(right, s1)));
            let pre_left = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, s1));
            let pre_right = _mm256_srlv_epi64(pre_left, s1);
            left = _mm256_or_si256(left, _mm256_and_si256(pre_left, _mm256_sllv_epi64(left, s2)));
            right = _mm256_or_si256(right, _mm256_and_si256(pre_right, _mm256_srlv_epi64(right, s2)));
            left = _mm256_or_si256(left, _mm256_and_si256(pre_left, _mm256_sllv_epi64(left, s2)));
            right = _mm256_or_si256(right, _mm256_and_si256(pre_right, _mm256_srlv_epi64(right, s2)));
            let moves = _mm256_or_si256(_mm256_sllv_epi64(left, s1), _mm256_srlv_epi64(right, s1));
            or_lanes(moves) & !(p | o)
        }
    }

    /// Flips, as [`super::flips8`]. Rays going up the bit order (E, S, SE, SW) use the ray masks:
    /// the lowest square of the ray that is not an opponent disc is the outflank. Rays going down
    /// fill the run of opponent discs next to the move and keep it where the square after the run
    /// holds a mover's disc.
    #[inline(always)]
    pub fn flips8(p: u64, o: u64, index: u32) -> u64 {
        // SAFETY: this module is compiled only when the whole build targets AVX2; the ray table
        // has four u64 per square, read unaligned.
        unsafe {
            let pp = _mm256_set1_epi64x(p as i64);
            let oo = _mm256_set1_epi64x(o as i64);
            let zero = _mm256_setzero_si256();
            let ones = _mm256_set1_epi64x(1);
            let ray = _mm256_loadu_si256(RAYS_UP[index as usize].as_ptr().cast());
            let stop = _mm256_andnot_si256(oo, ray);
            let outflank = _mm256_and_si256(stop, _mm256_sub_epi64(zero, stop));
            let up_open = _mm256_cmpeq_epi64(_mm256_and_si256(outflank, pp), zero);
            let up = _mm256_andnot_si256(up_open, _mm256_and_si256(_mm256_sub_epi64(outflank, ones), ray));

            let xx = _mm256_set1_epi64x((1u64 << index) as i64);
            let mask = _mm256_and_si256(oo, lane_masks());
            let s1 = shifts();
            let s2 = _mm256_add_epi64(s1, s1);
            let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(xx, s1));
            down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, s1)));
            let pre = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, s1));
            down = _mm256_or_si256(down, _mm256_and_si256(pre, _mm256_srlv_epi64(down, s2)));
            down = _mm256_or_si256(down, _mm256_and_si256(pre, _mm256_srlv_epi64(down, s2)));
            let down_open = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_srlv_epi64(down, s1), pp), zero);
            or_lanes(_mm256_or_si256(up, _mm256_andnot_si256(down_open, down)))
        }
    }

    /// Per square, the rays towards higher bit indices in lane order (E, S, SE, SW).
    static RAYS_UP: [[u64; 4]; 64] = {
        let rays = super::rays8();
        let mut table = [[0u64; 4]; 64];
        let mut sq = 0;
        while sq < 64 {
            // Direction::ALL order: N, NE, E, SE, S, SW, W, NW.
            table[sq] = [rays[sq][2], rays[sq][4], rays[sq][3], rays[sq][5]];
            sq += 1;
        }
        table
    };
}

/// The 8x8 flips on AVX-512 (F, VL and CD): the four rays of a square going up the bit order in
/// one 256-bit vector, the four going down in another. Going up, the outflank is the lowest
/// square that is not an opponent disc (`x & -x`); going down, the highest one, found with a
/// per-lane leading-zero count: no fill along the rays. Used when the build targets AVX-512
/// (`native` on such a CPU, or `x86-64-v4`), where it makes the solver faster than the AVX2
/// flips; `tests/engine_reference.rs` checks it wherever the CPU has it, whatever the build
/// targets (docs/solver-tuning.md#avx-512-flips).
#[cfg(target_arch = "x86_64")]
pub mod avx512 {
    use std::arch::x86_64::*;

    /// Per square, its rays: E, S, SE, SW (going up the bit order), then N, NE, W, NW.
    #[repr(align(64))]
    struct Rays([[u64; 8]; 64]);

    static RAYS: Rays = {
        let rays = super::rays8();
        let mut table = [[0u64; 8]; 64];
        let mut sq = 0;
        while sq < 64 {
            // Direction::ALL order: N, NE, E, SE, S, SW, W, NW.
            let r = rays[sq];
            table[sq] = [r[2], r[4], r[3], r[5], r[0], r[1], r[6], r[7]];
            sq += 1;
        }
        Rays(table)
    };

    /// Flips, as [`super::flips8`].
    ///
    /// # Safety
    /// The CPU must have AVX2 and AVX-512 F, VL and CD (a build targeting them guarantees it).
    #[inline]
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
    pub fn flips8(p: u64, o: u64, index: u32) -> u64 {
        let rays = &RAYS.0[index as usize & 63];
        // SAFETY: each half of the row is 32 bytes, read unaligned; the features are enabled on
        // this function.
        let (up_ray, down_ray) =
            unsafe { (_mm256_loadu_si256(rays.as_ptr().cast()), _mm256_loadu_si256(rays[4..].as_ptr().cast())) };
        let pp = _mm256_set1_epi64x(p as i64);
        let oo = _mm256_set1_epi64x(o as i64);
        let zero = _mm256_setzero_si256();
        // Up: the lowest stop; the flips lie below it.
        let stop = _mm256_andnot_si256(oo, up_ray);
        let outflank = _mm256_and_si256(stop, _mm256_sub_epi64(zero, stop));
        let below = _mm256_add_epi64(outflank, _mm256_set1_epi64x(-1));
        let up = _mm256_maskz_and_epi64(_mm256_test_epi64_mask(outflank, pp), below, up_ray);
        // Down: the highest stop (none when the count is 64); the flips lie above it.
        let stop = _mm256_andnot_si256(oo, down_ray);
        let outflank = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(stop));
        let above = _mm256_sub_epi64(zero, _mm256_add_epi64(outflank, outflank));
        let down = _mm256_maskz_and_epi64(_mm256_test_epi64_mask(outflank, pp), above, down_ray);
        let both = _mm256_or_si256(up, down);
        let half = _mm_or_si128(_mm256_castsi256_si128(both), _mm256_extracti128_si256::<1>(both));
        _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
    }
}

/// 8x8 mobility: the four line orientations, each filled both ways at once, with the run doubled
/// after two steps (six opponent discs at most fit between a move and a bracketing disc).
#[inline(always)]
pub fn moves8(p: u64, o: u64) -> u64 {
    #[inline(always)]
    fn both_ways(p: u64, mask: u64, step: u32) -> u64 {
        let step2 = step + step;
        let mut left = mask & (p << step);
        let mut right = mask & (p >> step);
        left |= mask & (left << step);
        right |= mask & (right >> step);
        let pre_left = mask & (mask << step);
        let pre_right = mask & (mask >> step);
        left |= pre_left & (left << step2);
        right |= pre_right & (right >> step2);
        left |= pre_left & (left << step2);
        right |= pre_right & (right >> step2);
        (left << step) | (right >> step)
    }
    let inner = o & 0x7E7E_7E7E_7E7E_7E7E;
    let moves = both_ways(p, inner, 1) | both_ways(p, o, 8) | both_ways(p, inner, 7) | both_ways(p, inner, 9);
    moves & !(p | o)
}

/// For each square and direction, the squares strictly beyond it along that ray, on 8x8.
static RAYS8: [[u64; 8]; 64] = rays8();

const fn rays8() -> [[u64; 8]; 64] {
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (dx, dy) = Direction::ALL[d].delta();
            let mut col = (sq % 8) as i32 + dx;
            let mut row = (sq / 8) as i32 + dy;
            let mut ray = 0u64;
            while col >= 0 && col < 8 && row >= 0 && row < 8 {
                ray |= 1u64 << (row * 8 + col);
                col += dx;
                row += dy;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// 8x8 flips with ray masks: along each ray the first square that is not an opponent disc is the
/// outflanking square (lowest bit for rays going up the bit order, highest for rays going down);
/// the line flips when it holds a mover's disc.
#[inline(always)]
pub fn flips8(p: u64, o: u64, index: u32) -> u64 {
    let rays = &RAYS8[index as usize];
    let mut flips = 0;
    // Rays towards higher bit indices: E, SE, S, SW.
    for d in [2usize, 3, 4, 5] {
        let ray = rays[d];
        let stop = ray & !o;
        let outflank = stop & stop.wrapping_neg();
        let hit = 0u64.wrapping_sub(((outflank & p) != 0) as u64);
        flips |= outflank.wrapping_sub(1) & ray & hit;
    }
    // Rays towards lower bit indices: N, NE, W, NW.
    for d in [0usize, 1, 6, 7] {
        let ray = rays[d];
        let stop = ray & !o;
        let outflank = (1u64 << 63).checked_shr(stop.leading_zeros()).unwrap_or(0);
        let hit = 0u64.wrapping_sub(((outflank & p) != 0) as u64);
        flips |= (outflank.wrapping_neg() ^ outflank) & ray & hit;
    }
    flips
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_cover_the_board_exactly() {
        assert_eq!(Six::FULL.count_ones(), 36);
        assert_eq!(Ten::FULL.count_ones(), 100);
        assert_eq!(Six::NOT_FIRST_COL.count_ones(), 30);
        assert_eq!(Ten::NOT_LAST_COL.count_ones(), 90);
        assert_eq!(Eight::NOT_FIRST_COL, (full_mask(8) & !column_mask(8, 0)) as u64);
        assert_eq!(Eight::NOT_LAST_COL, (full_mask(8) & !column_mask(8, 7)) as u64);
    }

    #[test]
    fn shifts_never_wrap_around_the_edges() {
        // h1 (bit 7) moved east must vanish rather than appear on a2.
        assert_eq!(shift::<Eight>(1 << 7, Direction::E), 0);
        assert_eq!(shift::<Eight>(1 << 8, Direction::W), 0);
        assert_eq!(shift::<Six>(1 << 5, Direction::NE), 0);
        assert_eq!(shift::<Six>(1 << 35, Direction::S), 0);
        assert_eq!(shift::<Ten>(1 << 99, Direction::SE), 0);
        assert_eq!(shift::<Ten>(1 << 9, Direction::SE), 0);
        assert_eq!(shift::<Ten>(1 << 0, Direction::SE), 1 << 11);
    }
}
