//! Self-play positions: varied but plausible 8x8 positions from games that open with random
//! moves and go on with a one-move look-ahead of an evaluation, blurred by noise. What the
//! pattern training learns from, and what the solver's tests are run on.

use std::collections::HashSet;

use crate::engine::bits::{BitIter, Eight, Geometry};

use super::rng::Rng;

/// Plays `games` self-play games and returns their distinct positions (not finished ones),
/// mover first. Deterministic for a given seed and count.
pub fn self_play_positions(games: usize, seed: u64, eval: &(dyn Fn(u64, u64) -> i32 + Sync)) -> Vec<(u64, u64)> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = Rng::new(seed ^ (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        let random_plies = rng.range(0, 16);
        let mut ply = 0;
        loop {
            let moves = Eight::moves(p, o);
            if moves == 0 {
                if Eight::moves(o, p) == 0 {
                    break;
                }
                (p, o) = (o, p);
                continue;
            }
            if seen.insert((p, o)) {
                out.push((p, o));
            }
            let x = if ply < random_plies || rng.chance(8) {
                nth(moves, rng.below(u64::from(moves.count_ones())) as u32)
            } else {
                let mut best = (i32::MIN, 0);
                for x in BitIter(moves) {
                    let f = Eight::flips(p, o, x);
                    let v = -eval(o ^ f, p ^ f ^ (1 << x)) + rng.range(-150, 150);
                    if v > best.0 {
                        best = (v, x);
                    }
                }
                best.1
            };
            let f = Eight::flips(p, o, x);
            (p, o) = (o ^ f, p ^ f ^ (1 << x));
            ply += 1;
        }
    }
    out
}

fn nth(mut set: u64, n: u32) -> u32 {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros()
}
