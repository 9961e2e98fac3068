//! The learned 8x8 evaluation: pattern tables, as the strongest programs use.
//!
//! A position is cut into 62 lines and corner regions (15 kinds of pattern, each in all its
//! rotations and reflections), plus the two sides' mobility and the number of empties. Each
//! pattern instance reads its squares as a base-3 number (empty, mover, opponent) that indexes a
//! table of weights; the evaluation is the sum of the weights of all instances, from the table of
//! the game's phase (four empties per phase). Instances of one kind share one table: every
//! instance is read in the same orientation, by transforming the board so that it lies where
//! the kind's canonical mask is and extracting the mask's bits (`pext`). Searches that evaluate
//! many leaves carry [`Indices`] instead: the same table indices, updated move by move.
//!
//! The weights are learnt by this project (`reversi-bot train`, [`crate::tools::train()`]): exact scores
//! of solved endgames for the last phases, then, phase by phase towards the opening, scores of
//! searches whose leaves fall in the phases already learnt. They ship deflated in
//! `assets/pattern-weights.bin`.

use std::io::Read;
use std::sync::OnceLock;

use crate::engine::bits::{Eight, Geometry};

use crate::ai::eval::{EVAL_LIMIT, SCALE, final_score};

/// Phases: four empties each (1-4, 5-8, ..., 57-60).
pub const PHASES: usize = 15;
/// Empties per phase.
pub const PHASE_WIDTH: u32 = 4;

/// The phase of a position with `empties` empties (1 to 60).
#[inline(always)]
pub fn phase_of(empties: u32) -> usize {
    ((empties.clamp(1, 60) - 1) / PHASE_WIDTH) as usize
}

/// A kind of pattern: its squares where the board is read, and the board symmetries (see
/// [`symmetric`]) that bring each of its instances there.
struct Kind {
    mask: u64,
    syms: &'static [usize],
}

/// Top edge and two symmetries for the other edges (bottom, left, right).
const EDGES4: &[usize] = &[0, 2, 4, 5];
/// The four corners.
const CORNERS4: &[usize] = &[0, 1, 2, 3];

/// The kinds (the canonical masks sit at the a1 corner or along the top edge; `a1` is bit 0).
const KINDS: [Kind; 15] = [
    // 3x3 corner.
    Kind { mask: 0x0007_0707, syms: CORNERS4 },
    // 5x2 corner block, in all eight orientations.
    Kind { mask: 0x1F1F, syms: &[0, 1, 2, 3, 4, 5, 6, 7] },
    // Edge plus the two X-squares.
    Kind { mask: 0x42FF, syms: EDGES4 },
    // Second, third and fourth lines.
    Kind { mask: 0xFF00, syms: EDGES4 },
    Kind { mask: 0x00FF_0000, syms: EDGES4 },
    Kind { mask: 0xFF00_0000, syms: EDGES4 },
    // The main diagonals.
    Kind { mask: 0x8040_2010_0804_0201, syms: &[0, 1] },
    // Shorter diagonals, 7 to 4 squares.
    Kind { mask: 0x0080_4020_1008_0402, syms: CORNERS4 },
    Kind { mask: 0x0000_8040_2010_0804, syms: CORNERS4 },
    Kind { mask: 0x0000_0080_4020_1008, syms: CORNERS4 },
    Kind { mask: 0x0000_0000_8040_2010, syms: CORNERS4 },
    // Triangle: a1-d1, a2-c2, a3-b3, a4.
    Kind { mask: 0x0103_070F, syms: CORNERS4 },
    // Edge corners and middle with the middle of the second line: a1, c1-f1, h1, c2-f2.
    Kind { mask: 0x3CBD, syms: EDGES4 },
    // Cross: the a1-d4 diagonal and the squares either side of it.
    Kind { mask: 0x0C0E_0703, syms: CORNERS4 },
    // Narrow triangle: a1-e1, a2-b2, a3, a4, a5.
    Kind { mask: 0x0000_0001_0101_031F, syms: CORNERS4 },
];

/// Mobility is clipped to this many moves a side in the mobility table.
const MOBILITY_CAP: usize = 24;
const MOBILITY_SIZE: usize = MOBILITY_CAP * MOBILITY_CAP;

/// Pattern instances (62) plus the mobility and empties features.
pub const FEATURES: usize = instance_count() + 2;

const fn instance_count() -> usize {
    let mut n = 0;
    let mut k = 0;
    while k < KINDS.len() {
        n += KINDS[k].syms.len();
        k += 1;
    }
    n
}

const fn pow3(n: u32) -> usize {
    let mut r = 1;
    let mut i = 0;
    while i < n {
        r *= 3;
        i += 1;
    }
    r
}

/// Where each kind's table starts in a phase's weights, then the mobility and empties tables.
const OFFSETS: [usize; KINDS.len() + 2] = {
    let mut out = [0; KINDS.len() + 2];
    let mut at = 0;
    let mut k = 0;
    while k < KINDS.len() {
        out[k] = at;
        at += pow3(KINDS[k].mask.count_ones());
        k += 1;
    }
    out[KINDS.len()] = at;
    out[KINDS.len() + 1] = at + MOBILITY_SIZE;
    out
};

/// Every pattern instance, kind by kind: the symmetry that brings it onto its kind's mask, that
/// mask, and where the kind's table starts. One flat list, so that the feature loop has a fixed
/// trip count and no nested slices.
const INSTANCES: [(u8, u64, u32); instance_count()] = {
    let mut out = [(0u8, 0u64, 0u32); instance_count()];
    let mut i = 0;
    let mut k = 0;
    while k < KINDS.len() {
        let mut j = 0;
        while j < KINDS[k].syms.len() {
            out[i] = (KINDS[k].syms[j] as u8, KINDS[k].mask, OFFSETS[k] as u32);
            i += 1;
            j += 1;
        }
        k += 1;
    }
    out
};

/// Weights per phase.
pub const PHASE_SIZE: usize = OFFSETS[KINDS.len() + 1] + 61;

/// `BINARY_TO_TERNARY[b]`: the bits of `b` read as base-3 digits.
const BINARY_TO_TERNARY: [u16; 1024] = {
    let mut out = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let mut v = 0usize;
        let mut i = 0;
        while i < 10 {
            if b & (1 << i) != 0 {
                v += pow3(i);
            }
            i += 1;
        }
        out[b] = v as u16;
        b += 1;
    }
    out
};

/// Mirrors the columns (a <-> h).
#[inline(always)]
const fn flip_columns(b: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0F0F_0F0F_0F0F_0F0F;
    let b = ((b >> 1) & K1) | ((b & K1) << 1);
    let b = ((b >> 2) & K2) | ((b & K2) << 2);
    ((b >> 4) & K4) | ((b & K4) << 4)
}

/// Mirrors the rows (1 <-> 8).
#[inline(always)]
const fn flip_rows(b: u64) -> u64 {
    b.swap_bytes()
}

/// Swaps rows and columns (the a1-h8 diagonal stays).
#[inline(always)]
const fn transpose(mut b: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0F0F_0F0F_0000_0000;
    let t = K4 & (b ^ (b << 28));
    b ^= t ^ (t >> 28);
    let t = K2 & (b ^ (b << 14));
    b ^= t ^ (t >> 14);
    let t = K1 & (b ^ (b << 7));
    b ^= t ^ (t >> 7);
    b
}

/// Symmetry `s` of a board (0 to 7): bit 0 mirrors the columns, bit 1 the rows, and then bit 2
/// transposes.
#[inline(always)]
pub const fn symmetric(b: u64, s: usize) -> u64 {
    let b = if s & 1 != 0 { flip_columns(b) } else { b };
    let b = if s & 2 != 0 { flip_rows(b) } else { b };
    if s & 4 != 0 { transpose(b) } else { b }
}

#[inline(always)]
fn extract(b: u64, mask: u64) -> usize {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the `bmi2` target feature is enabled for this build.
        unsafe { core::arch::x86_64::_pext_u64(b, mask) as usize }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut out = 0usize;
        let mut m = mask;
        let mut i = 0;
        while m != 0 {
            let low = m & m.wrapping_neg();
            if b & low != 0 {
                out |= 1 << i;
            }
            i += 1;
            m ^= low;
        }
        out
    }
}

/// The feature indices of `(p, o)` (mover first) into one phase's weights, and the phase.
/// `None` when the game is over.
#[inline]
pub fn features(p: u64, o: u64) -> Option<(usize, [u32; FEATURES])> {
    let mp = Eight::moves(p, o);
    let mo = Eight::moves(o, p);
    if mp | mo == 0 {
        return None;
    }
    let mut out = [0u32; FEATURES];
    let (head, tail) = out.split_at_mut(INSTANCES.len());
    for_each_instance(p, o, |i, offset, mine, theirs| head[i] = offset + mine + 2 * theirs);
    let empties = (!(p | o)).count_ones();
    tail.copy_from_slice(&extra_features(mp, mo, empties));
    Some((phase_of(empties), out))
}

/// Calls `f(i, offset, mover, opponent)` for every pattern instance `i`: where its kind's table
/// starts, and the base-3 values of the mover's and the opponent's discs in it (its index from
/// the mover's view is `offset + mover + 2 * opponent`).
#[inline(always)]
fn for_each_instance(p: u64, o: u64, mut f: impl FnMut(usize, u32, u32, u32)) {
    let mut boards = [(0u64, 0u64); 8];
    for (s, b) in boards.iter_mut().enumerate() {
        *b = (symmetric(p, s), symmetric(o, s));
    }
    for (i, &(s, mask, offset)) in INSTANCES.iter().enumerate() {
        let (bp, bo) = boards[s as usize];
        let tp = u32::from(BINARY_TO_TERNARY[extract(bp, mask)]);
        let to = u32::from(BINARY_TO_TERNARY[extract(bo, mask)]);
        f(i, offset, tp, to);
    }
}

/// The mobility and empties features (after the pattern instances).
#[inline(always)]
fn extra_features(mp: u64, mo: u64, empties: u32) -> [u32; 2] {
    let cap = MOBILITY_CAP - 1;
    let mobility = (mp.count_ones() as usize).min(cap) * MOBILITY_CAP + (mo.count_ones() as usize).min(cap);
    [(OFFSETS[KINDS.len()] + mobility) as u32, (OFFSETS[KINDS.len() + 1] + empties as usize) as u32]
}

/// Pattern instances rounded up to whole vectors.
const LANES: usize = INSTANCES.len().next_multiple_of(32);

/// `POWERS[x][i]`: what one base-3 digit at square `x` is worth in instance `i`'s index (a
/// power of 3), or 0 when the instance does not read `x`.
static POWERS: [[u16; LANES]; 64] = {
    let mut out = [[0u16; LANES]; 64];
    let mut x = 0;
    while x < 64 {
        let mut i = 0;
        while i < INSTANCES.len() {
            let (s, mask, _) = INSTANCES[i];
            let at = symmetric(1 << x, s as usize);
            if at & mask != 0 {
                out[x][i] = pow3((mask & (at - 1)).count_ones()) as u16;
            }
            i += 1;
        }
        x += 1;
    }
    out
};

/// Where the table of each instance's kind starts in a phase's weights.
static LANE_OFFSETS: [u32; LANES] = {
    let mut out = [0u32; LANES];
    let mut i = 0;
    while i < INSTANCES.len() {
        out[i] = INSTANCES[i].2;
        i += 1;
    }
    out
};

/// The sum of the weights in `w` (one phase's) of the pattern instances whose indices within
/// their kinds' tables are `lanes`.
#[inline(always)]
fn pattern_sum(w: &[i16], lanes: &[u16; LANES]) -> i32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512bw"))]
    {
        // SAFETY: the target features are enabled for this build; see `pattern_sum_avx512`.
        unsafe { pattern_sum_avx512(w, lanes) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512bw")))]
    {
        lanes[..INSTANCES.len()]
            .iter()
            .zip(&LANE_OFFSETS)
            .map(|(&i, &offset)| i32::from(w[(offset + u32::from(i)) as usize]))
            .sum()
    }
}

/// [`pattern_sum`] with AVX-512 gathers, sixteen instances at a time.
/// (Quantised weights and a scalar sum were measured and not kept: see
/// docs/solver-tuning.md#the-ordering-search.)
///
/// # Safety
/// The CPU must have AVX-512 F and BW. Memory safety holds for any `lanes`: each index is
/// clamped to its kind's table, whose last entry lies before the mobility table, so the 4-byte
/// read at a weight stays inside `w`.
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512bw"))]
#[inline]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn pattern_sum_avx512(w: &[i16], lanes: &[u16; LANES]) -> i32 {
    use core::arch::x86_64::*;
    const _: () = assert!(LANES.is_multiple_of(16) && OFFSETS[KINDS.len()] < PHASE_SIZE);
    /// Where the table of each instance's kind ends (its last index) in a phase's weights; 0 in
    /// the padding lanes.
    static LANE_LAST: [u32; LANES] = {
        let mut out = [0u32; LANES];
        let mut i = 0;
        while i < INSTANCES.len() {
            out[i] = INSTANCES[i].2 + pow3(INSTANCES[i].1.count_ones()) as u32 - 1;
            i += 1;
        }
        out
    };
    assert!(w.len() == PHASE_SIZE);
    let base = w.as_ptr().cast::<u8>();
    let mut sum = _mm512_setzero_si512();
    for k in 0..LANES / 16 {
        let valid = INSTANCES.len().saturating_sub(16 * k).min(16);
        let mask = ((1u32 << valid) - 1) as u16;
        // SAFETY: the loads read within the arrays of `LANES` elements; the gather reads 4 bytes
        // at `w[i]` for indices `i` clamped below `OFFSETS[KINDS.len()]`, inside `w`.
        unsafe {
            let digits = _mm256_loadu_si256(lanes.as_ptr().add(16 * k).cast());
            let offsets = _mm512_loadu_si512(LANE_OFFSETS.as_ptr().add(16 * k).cast());
            let last = _mm512_loadu_si512(LANE_LAST.as_ptr().add(16 * k).cast());
            let at = _mm512_min_epu32(_mm512_add_epi32(_mm512_cvtepu16_epi32(digits), offsets), last);
            let got = _mm512_mask_i32gather_epi32::<2>(_mm512_setzero_si512(), mask, at, base.cast());
            // The weight is the gathered word's low half, sign-extended.
            sum = _mm512_add_epi32(sum, _mm512_srai_epi32::<16>(_mm512_slli_epi32::<16>(got)));
        }
    }
    _mm512_reduce_add_epi32(sum)
}

/// The pattern indices of a position from both sides' views, kept up to date move by move: a
/// search that carries them pays a few vector additions per move instead of reading every
/// pattern afresh at its leaves. Each is the index within its kind's table (fewer than 3^10,
/// so 16 bits a lane); `LANE_OFFSETS` places it in the phase's weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(64))]
pub struct Indices {
    /// Digit 1 for the side to move, 2 for the other.
    mover: [u16; LANES],
    /// Digit 1 for the other side, 2 for the side to move.
    other: [u16; LANES],
}

impl Indices {
    /// The indices of `(p, o)`, `p` to move, read from the board.
    pub fn new(p: u64, o: u64) -> Indices {
        let mut out = Indices { mover: [0; LANES], other: [0; LANES] };
        for_each_instance(p, o, |i, _, mine, theirs| {
            out.mover[i] = (mine + 2 * theirs) as u16;
            out.other[i] = (theirs + 2 * mine) as u16;
        });
        out
    }

    /// The indices after the side to move plays `x` flipping `flips` (the opponent then moves).
    #[inline(always)]
    pub fn play(&self, x: u32, flips: u64) -> Indices {
        let mut flipped = [0u16; LANES];
        let mut f = flips;
        while f != 0 {
            let row = &POWERS[f.trailing_zeros() as usize];
            for (s, &w) in flipped.iter_mut().zip(row) {
                *s = s.wrapping_add(w);
            }
            f &= f - 1;
        }
        let placed = &POWERS[x as usize];
        let mut out = Indices { mover: [0; LANES], other: [0; LANES] };
        for i in 0..LANES {
            // The player's new disc and flipped discs: digit 1 in its view (from 0 and from 2),
            // digit 2 in the opponent's (from 0 and from 1). The views swap with the turn.
            out.other[i] = self.mover[i].wrapping_add(placed[i]).wrapping_sub(flipped[i]);
            out.mover[i] = self.other[i].wrapping_add(2 * placed[i]).wrapping_add(flipped[i]);
        }
        out
    }

    /// The indices after a pass.
    #[inline(always)]
    pub fn pass(&self) -> Indices {
        Indices { mover: self.other, other: self.mover }
    }
}

/// For each index of a phase's table, the smallest index of the configurations the kind's own
/// symmetries map it to (an edge read from either end, a corner from either side of its
/// diagonal). Mirror configurations must weigh the same for the evaluation to be symmetric:
/// training ties them through this map.
pub fn canonical() -> &'static [u32] {
    static CELL: OnceLock<Vec<u32>> = OnceLock::new();
    CELL.get_or_init(|| {
        let mut canon: Vec<u32> = (0..PHASE_SIZE as u32).collect();
        for (k, kind) in KINDS.iter().enumerate() {
            let squares: Vec<u32> = (0..64).filter(|&i| kind.mask >> i & 1 == 1).collect();
            let n = squares.len();
            // The digit permutations of the symmetries that keep the mask in place.
            let perms: Vec<Vec<usize>> = (1..8)
                .filter(|&s| symmetric(kind.mask, s) == kind.mask)
                .map(|s| {
                    squares
                        .iter()
                        .map(|&sq| {
                            let to = symmetric(1 << sq, s).trailing_zeros();
                            squares.iter().position(|&x| x == to).expect("the mask maps onto itself")
                        })
                        .collect()
                })
                .collect();
            for index in 0..pow3(n as u32) {
                let mut digits = [0usize; 10];
                let mut rest = index;
                for d in digits.iter_mut().take(n) {
                    *d = rest % 3;
                    rest /= 3;
                }
                let mut best = index;
                for perm in &perms {
                    let mut moved = [0usize; 10];
                    for j in 0..n {
                        moved[perm[j]] = digits[j];
                    }
                    let other = (0..n).rev().fold(0, |acc, j| acc * 3 + moved[j]);
                    best = best.min(other);
                }
                canon[OFFSETS[k] + index] = (OFFSETS[k] + best) as u32;
            }
        }
        canon
    })
}

/// Pattern weights for every phase, in hundredths of a disc.
#[derive(Clone)]
pub struct Patterns {
    weights: Vec<i16>,
}

impl std::fmt::Debug for Patterns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.weights.iter().filter(|&&w| w != 0).count();
        write!(f, "Patterns({PHASES} phases, {used} weights set)")
    }
}

/// The header of the weights file.
const MAGIC: &[u8; 8] = b"RBPAT01\n";

/// The weights this project learnt, deflated.
static EMBEDDED: &[u8] = include_bytes!("../../../assets/pattern-weights.bin");

impl Patterns {
    /// All weights zero.
    pub fn zero() -> Patterns {
        Patterns { weights: vec![0; PHASES * PHASE_SIZE] }
    }

    /// The weights shipped with the program (decoded once).
    pub fn embedded() -> &'static Patterns {
        static CELL: OnceLock<Patterns> = OnceLock::new();
        CELL.get_or_init(|| Patterns::decode(EMBEDDED).expect("assets/pattern-weights.bin is a valid weights file"))
    }

    /// One phase's weights.
    pub fn phase(&self, phase: usize) -> &[i16] {
        &self.weights[phase * PHASE_SIZE..(phase + 1) * PHASE_SIZE]
    }

    /// One phase's weights, to change.
    pub fn phase_mut(&mut self, phase: usize) -> &mut [i16] {
        &mut self.weights[phase * PHASE_SIZE..(phase + 1) * PHASE_SIZE]
    }

    /// The evaluation of `(p, o)` for the mover, in hundredths of a disc.
    #[inline]
    pub fn eval(&self, p: u64, o: u64) -> i32 {
        let Some((phase, f)) = features(p, o) else { return final_score(p, o) * SCALE };
        let w = self.phase(phase);
        let sum: i32 = f.iter().map(|&i| i32::from(w[i as usize])).sum();
        sum.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// [`Patterns::eval`] of `(p, o)` whose [`Indices`] are `indices`.
    #[inline]
    pub fn eval_indexed(&self, indices: &Indices, p: u64, o: u64) -> i32 {
        let mp = Eight::moves(p, o);
        let mo = Eight::moves(o, p);
        if mp | mo == 0 {
            return final_score(p, o) * SCALE;
        }
        let empties = (!(p | o)).count_ones();
        let w = self.phase(phase_of(empties));
        let patterns = pattern_sum(w, &indices.mover);
        let [mobility, empty] = extra_features(mp, mo, empties);
        let sum = patterns + i32::from(w[mobility as usize]) + i32::from(w[empty as usize]);
        sum.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The intercept of positions with `empties` empty squares (the empties feature's weight),
    /// in hundredths of a disc for the side to move.
    pub fn intercept(&self, empties: u32) -> i32 {
        i32::from(self.phase(phase_of(empties.clamp(1, 60)))[OFFSETS[KINDS.len() + 1] + empties as usize])
    }

    /// Moves the intercept of positions with `empties` empty squares by `hundredths` (saturating
    /// at the weights' range): how a measured bias of the side to move is taken out.
    pub fn shift_intercept(&mut self, empties: u32, hundredths: i32) {
        let index = OFFSETS[KINDS.len() + 1] + empties as usize;
        let weight = &mut self.phase_mut(phase_of(empties.clamp(1, 60)))[index];
        *weight = (i32::from(*weight) + hundredths).clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
    }

    /// The weights file: a header, then the phases' weights (little-endian `i16`), deflated.
    pub fn encode(&self) -> Vec<u8> {
        let mut raw = Vec::with_capacity(16 + self.weights.len() * 2);
        raw.extend_from_slice(MAGIC);
        raw.extend_from_slice(&(PHASES as u32).to_le_bytes());
        raw.extend_from_slice(&(PHASE_SIZE as u32).to_le_bytes());
        for w in &self.weights {
            raw.extend_from_slice(&w.to_le_bytes());
        }
        let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
        std::io::Write::write_all(&mut enc, &raw).expect("writing to memory");
        enc.finish().expect("writing to memory")
    }

    /// Reads a weights file written by [`Patterns::encode`].
    pub fn decode(bytes: &[u8]) -> Result<Patterns, WeightsError> {
        let mut raw = Vec::new();
        flate2::read::DeflateDecoder::new(bytes).read_to_end(&mut raw).map_err(WeightsError::NotDeflated)?;
        if raw.len() < 16 || &raw[..8] != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let phases = u32::from_le_bytes(raw[8..12].try_into().expect("4 bytes")) as usize;
        let size = u32::from_le_bytes(raw[12..16].try_into().expect("4 bytes")) as usize;
        if phases != PHASES || size != PHASE_SIZE || raw.len() != 16 + 2 * phases * size {
            return Err(WeightsError::WrongShape { phases, size });
        }
        let weights = raw[16..].chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        Ok(Patterns { weights })
    }
}

/// Why bytes are not a weights file of this program.
#[derive(Debug, thiserror::Error)]
pub enum WeightsError {
    /// The bytes do not inflate.
    #[error("not a deflated weights file")]
    NotDeflated(#[source] std::io::Error),
    /// They inflate, but without the weights file's header.
    #[error("not a pattern weights file")]
    NotWeights,
    /// Weights of another pattern set.
    #[error("weights for {phases} phases of {size} do not fit this program ({PHASES} of {PHASE_SIZE})")]
    WrongShape {
        /// The file's phases.
        phases: usize,
        /// The file's weights per phase.
        size: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(c: u32, r: u32) -> u64 {
        1 << (r * 8 + c)
    }

    /// The symmetry applied square by square.
    fn naive(b: u64, s: usize) -> u64 {
        let mut out = 0;
        for r in 0..8 {
            for c in 0..8 {
                if b & at(c, r) == 0 {
                    continue;
                }
                let (mut c2, mut r2) = (c, r);
                if s & 1 != 0 {
                    c2 = 7 - c2;
                }
                if s & 2 != 0 {
                    r2 = 7 - r2;
                }
                if s & 4 != 0 {
                    std::mem::swap(&mut c2, &mut r2);
                }
                out |= at(c2, r2);
            }
        }
        out
    }

    #[test]
    fn symmetries_match_the_square_by_square_version() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..200 {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            for s in 0..8 {
                assert_eq!(symmetric(x, s), naive(x, s), "board {x:#x}, symmetry {s}");
            }
        }
    }

    /// The squares of the original board an instance reads.
    fn instance(kind: &Kind, s: usize) -> u64 {
        (0..64).filter(|&i| symmetric(1u64 << i, s) & kind.mask != 0).fold(0, |acc, i| acc | 1 << i)
    }

    #[test]
    fn every_kind_reads_distinct_instances_covering_the_board_evenly() {
        let mut cover = [0u32; 64];
        for kind in &KINDS {
            let sets: Vec<u64> = kind.syms.iter().map(|&s| instance(kind, s)).collect();
            for (i, a) in sets.iter().enumerate() {
                assert_eq!(a.count_ones(), kind.mask.count_ones());
                for b in &sets[i + 1..] {
                    assert_ne!(a, b, "kind {:#x} reads one set twice", kind.mask);
                }
                for (sq, c) in cover.iter_mut().enumerate() {
                    *c += (a >> sq & 1) as u32;
                }
            }
        }
        // Symmetric squares are read equally often; every square is read.
        for sq in 0..64u32 {
            let (c, r) = (sq % 8, sq / 8);
            for s in 0..8 {
                let t = naive(at(c, r), s).trailing_zeros();
                assert_eq!(cover[sq as usize], cover[t as usize]);
            }
            assert!(cover[sq as usize] >= 3);
        }
        assert_eq!(instance_count(), 62);
    }

    #[test]
    fn symmetric_positions_have_the_same_features() {
        let mut game_p = 0x0000_0008_1000_0000u64;
        let mut game_o = 0x0000_0010_0800_0000u64;
        let mut x = 7u64;
        for _ in 0..40 {
            let moves = Eight::moves(game_p, game_o);
            if moves == 0 {
                std::mem::swap(&mut game_p, &mut game_o);
                if Eight::moves(game_p, game_o) == 0 {
                    break;
                }
                continue;
            }
            let canon = canonical();
            let tied = |p: u64, o: u64| {
                let (_, f) = features(p, o).unwrap();
                let mut f: Vec<u32> = f.iter().map(|&i| canon[i as usize]).collect();
                f.sort_unstable();
                f
            };
            let base = tied(game_p, game_o);
            for s in 0..8 {
                assert_eq!(tied(symmetric(game_p, s), symmetric(game_o, s)), base, "symmetry {s}");
                let w = Patterns::embedded();
                assert_eq!(w.eval(symmetric(game_p, s), symmetric(game_o, s)), w.eval(game_p, game_o));
            }
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let n = moves.count_ones() as u64;
            let mut m = moves;
            for _ in 0..((x >> 33) % n) {
                m &= m - 1;
            }
            let sq = m.trailing_zeros();
            let f = Eight::flips(game_p, game_o, sq);
            (game_p, game_o) = (game_o ^ f, game_p ^ f ^ (1 << sq));
        }
    }

    #[test]
    fn indices_kept_move_by_move_equal_indices_read_afresh() {
        let w = Patterns::embedded();
        let mut rng = crate::engine::SplitMix64::new(11);
        for _ in 0..200 {
            let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
            let mut indices = Indices::new(p, o);
            loop {
                assert_eq!(indices, Indices::new(p, o));
                assert_eq!(w.eval_indexed(&indices, p, o), w.eval(p, o));
                let moves = Eight::moves(p, o);
                if moves == 0 {
                    if Eight::moves(o, p) == 0 {
                        break;
                    }
                    (p, o) = (o, p);
                    indices = indices.pass();
                    continue;
                }
                let mut m = moves;
                for _ in 0..rng.below(u64::from(moves.count_ones())) {
                    m &= m - 1;
                }
                let x = m.trailing_zeros();
                let f = Eight::flips(p, o, x);
                indices = indices.play(x, f);
                (p, o) = (o ^ f, p ^ f ^ (1 << x));
            }
        }
    }

    #[test]
    fn the_ternary_index_reads_mover_one_and_opponent_two() {
        // a1 mover, b1 opponent, rest of the 3x3 corner empty: digits 1 and 2.
        let (p, o) = (at(0, 0) | at(3, 3), at(1, 0) | at(4, 4) | at(3, 4));
        let (_, f) = features(p, o).unwrap();
        assert_eq!(f[0] as usize, OFFSETS[0] + 1 + 2 * 3);
        assert!(f.iter().all(|&i| (i as usize) < PHASE_SIZE));
    }

    #[test]
    fn mirror_configurations_are_tied() {
        let canon = canonical();
        // An edge read from either end: a1 mover (digit 1 at position 0) is h1 mover (3^7).
        let top = OFFSETS[2];
        assert_eq!(canon[top + 1], canon[top + pow3(7)]);
        // The 5x2 block has no symmetry of its own: every index is its own.
        assert!((OFFSETS[1]..OFFSETS[2]).all(|i| canon[i] as usize == i));
        // The map is idempotent and stays within its kind.
        for (i, &c) in canon.iter().enumerate() {
            assert!(c as usize <= i);
            assert_eq!(canon[c as usize], c);
        }
    }

    #[test]
    fn weights_survive_the_file_format() {
        let mut w = Patterns::zero();
        w.phase_mut(3)[17] = -250;
        w.phase_mut(14)[PHASE_SIZE - 1] = 31;
        let back = Patterns::decode(&w.encode()).unwrap();
        assert_eq!(back.weights, w.weights);
        assert!(Patterns::decode(b"nonsense").is_err());
    }

    #[test]
    fn the_shipped_weights_load_and_like_corners() {
        let w = Patterns::embedded();
        assert!(w.weights.iter().filter(|&&x| x != 0).count() > 100_000, "{w:?}");
        // A midgame position, then the same with the mover owning a1: better for the mover.
        let (p, o) = (0x0000_0038_1C08_0000u64, 0x0000_1C04_2010_0000u64);
        assert!(w.eval(p | 1, o) > w.eval(p, o));
        assert!(w.eval(p, o | 1) < w.eval(p, o));
    }
}
