//! Self-play positions: varied but plausible 8x8 positions from games that open with random
//! moves and go on with a one-move look-ahead of an evaluation, blurred by noise. What the
//! pattern training learns from, and what the solver's tests are run on.

use std::collections::HashSet;

use crate::engine::bits::{BitIter, Eight, Geometry};

use super::rng::Rng;

/// Plays `games` self-play games and returns their distinct positions (not finished ones),
/// mover first. Deterministic for a given seed and count.
pub fn self_play_positions(games: usize, seed: u64, eval: &(dyn Fn(u64, u64) -> i32 + Sync)) -> Vec<(u64, u64)> {
    self_play_records(games, seed, eval).into_iter().map(|r| (r.p, r.o)).collect()
}

/// A self-play position with where it came from: what puzzles need beyond the bitboards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SelfPlayPosition {
    /// The mover's discs.
    pub p: u64,
    /// The other side's discs.
    pub o: u64,
    /// Whether Black is to move.
    pub black: bool,
    /// The game's number, from 0, among the `games` played with the seed.
    pub game: usize,
    /// Moves played in that game before this position (passes not counted).
    pub ply: usize,
}

/// As [`self_play_positions`], with each position's side to move, game and ply (the same
/// positions in the same order).
pub fn self_play_records(games: usize, seed: u64, eval: &(dyn Fn(u64, u64) -> i32 + Sync)) -> Vec<SelfPlayPosition> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = Rng::new(seed ^ (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        let mut black = true;
        let random_plies = rng.range(0, 16);
        let mut ply = 0;
        loop {
            let moves = Eight::moves(p, o);
            if moves == 0 {
                if Eight::moves(o, p) == 0 {
                    break;
                }
                (p, o) = (o, p);
                black = !black;
                continue;
            }
            if seen.insert((p, o)) {
                out.push(SelfPlayPosition { p, o, black, game: g, ply: ply as usize });
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
            black = !black;
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
