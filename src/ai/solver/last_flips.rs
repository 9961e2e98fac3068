//! The last move of an 8x8 game counted rather than played: on a board full but for one square,
//! the opponent owns every square the mover does not, so what a move there flips along a line
//! depends only on the mover's discs on that line. The line is collapsed into a byte (the row as
//! it lies, the column and the diagonals by a multiplication) and a 2 KB table gives the count.
//! The solver's last empty square is scored this way, without a flip mask.

use crate::ai::eval::final_score;

/// The a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// `COUNT[pos * 256 + line]`: the discs the side owning the 1 bits of an 8-square `line` flips by
/// playing at `pos`, the 0 bits being the other side's (bits past the line's end count as 0: a
/// run of them brackets nothing, as at the edge).
static COUNT: [u8; 8 * 256] = {
    let mut out = [0u8; 8 * 256];
    let mut pos = 0;
    while pos < 8 {
        let mut line = 0;
        while line < 256 {
            let mut n = 0;
            // Towards the higher bits.
            let mut i = pos + 1;
            while i < 8 && line & (1 << i) == 0 {
                i += 1;
            }
            if i < 8 {
                n += i - pos - 1;
            }
            // Towards the lower bits.
            let mut i = pos as i32 - 1;
            while i >= 0 && line & (1 << i) == 0 {
                i -= 1;
            }
            if i >= 0 {
                n += pos - i as usize - 1;
            }
            out[pos * 256 + line] = n as u8;
            line += 1;
        }
        pos += 1;
    }
    out
};

/// The lines of a square: its two diagonals as masks (one square a row), and the columns they
/// cover as bytes.
#[derive(Clone, Copy)]
struct Diagonals {
    /// The a1-h8 direction (steps of 9).
    down: u64,
    /// The h1-a8 direction (steps of 7).
    up: u64,
    /// The columns `down` covers.
    down_columns: u8,
    /// The columns `up` covers.
    up_columns: u8,
}

static DIAGONALS: [Diagonals; 64] = {
    let mut out = [Diagonals { down: 0, up: 0, down_columns: 0, up_columns: 0 }; 64];
    let mut x = 0;
    while x < 64 {
        let (r, c) = ((x / 8) as i32, (x % 8) as i32);
        let mut d = Diagonals { down: 0, up: 0, down_columns: 0, up_columns: 0 };
        let mut k = -7;
        while k <= 7 {
            let (rr, cd, cu) = (r + k, c + k, c - k);
            if rr >= 0 && rr < 8 {
                if cd >= 0 && cd < 8 {
                    d.down |= 1 << (rr * 8 + cd);
                    d.down_columns |= 1 << cd;
                }
                if cu >= 0 && cu < 8 {
                    d.up |= 1 << (rr * 8 + cu);
                    d.up_columns |= 1 << cu;
                }
            }
            k += 1;
        }
        out[x] = d;
        x += 1;
    }
    out
};

/// The lines through `x` as bytes, with the position of `x`'s bit in each: row (position: the
/// column), column (the row), the two diagonals (the column). Each line holds the squares of
/// `p`; `valid` marks the bits that lie on the board (a diagonal may be shorter than 8).
#[inline(always)]
fn lines(p: u64, x: u32) -> [(usize, usize, usize); 4] {
    let (r, c) = ((x / 8) as usize, (x % 8) as usize);
    let d = &DIAGONALS[x as usize];
    let row = ((p >> (8 * r)) & 0xFF) as usize;
    let column = (((p >> c) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize;
    let down = ((p & d.down).wrapping_mul(FILE_A) >> 56) as usize;
    let up = ((p & d.up).wrapping_mul(FILE_A) >> 56) as usize;
    [(c, row, 0xFF), (r, column, 0xFF), (c, down, usize::from(d.down_columns)), (c, up, usize::from(d.up_columns))]
}

/// The discs the owner of `lines` (from [`lines`]) flips by playing the square they cross at,
/// the opponent owning every other square.
#[inline(always)]
fn flip_count(lines: &[(usize, usize, usize); 4]) -> i32 {
    lines.iter().map(|&(pos, line, _)| i32::from(COUNT[pos * 256 + line])).sum()
}

/// The final disc difference for the owner of `p` on a board full but for `x`: the owner plays
/// `x` if it flips something, else the opponent does if it can, else the square goes to the
/// winner. Equal to playing the move out, without computing what it flips.
#[inline(always)]
pub fn last_move_score(p: u64, x: u32) -> i32 {
    let discs = p.count_ones() as i32;
    let lines = lines(p, x);
    let flips = flip_count(&lines);
    if flips > 0 {
        return 2 * (discs + 1 + flips) - 64;
    }
    // The opponent's view of the same lines: the squares of each line the mover does not hold,
    // but for `x` itself.
    let theirs: i32 =
        lines.iter().map(|&(pos, line, valid)| i32::from(COUNT[pos * 256 + (!line & valid & !(1 << pos))])).sum();
    if theirs > 0 {
        return 2 * (discs - theirs) - 64;
    }
    final_score(p, !p & !(1 << x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::SplitMix64;
    use crate::engine::bits::{Eight, Geometry};

    /// The last move played out with the engine's flips, scored for the owner of `p`.
    fn played_out(p: u64, x: u32) -> i32 {
        let o = !p & !(1 << x);
        let f = Eight::flips(p, o, x);
        if f != 0 {
            return final_score(p | f | (1 << x), o ^ f);
        }
        let f = Eight::flips(o, p, x);
        if f != 0 {
            return final_score(p ^ f, o | f | (1 << x));
        }
        final_score(p, o)
    }

    #[test]
    fn counted_last_moves_equal_moves_played_out() {
        let mut rng = SplitMix64::new(0x1A57);
        for i in 0..200_000u32 {
            let x = i % 64;
            // Boards from nearly all one colour to evenly mixed, so that passes and empty
            // lines come up as well as long runs.
            let mut p = rng.next_u64();
            match i % 4 {
                0 => p &= rng.next_u64(),
                1 => p |= rng.next_u64(),
                2 => p &= rng.next_u64() & rng.next_u64(),
                _ => {}
            }
            p &= !(1 << x);
            let o = !p & !(1 << x);
            assert_eq!(flip_count(&lines(p, x)), Eight::flips(p, o, x).count_ones() as i32, "p {p:#x} x {x}");
            assert_eq!(last_move_score(p, x), played_out(p, x), "p {p:#x} x {x}");
        }
    }
}
