//! The exact solver against brute force: on thousands of positions from seeded random games with
//! 1 to 12 empties, the solver's score equals a plain negamax over the whole remaining game, its
//! move reaches that score, and the win/loss/draw solve agrees in sign.

use std::sync::atomic::AtomicBool;

use reversi_bot::ai::Searcher;
use reversi_bot::ai::rng::Rng;
use reversi_bot::engine::bits::{self, BitIter, Eight, Geometry};
use reversi_bot::engine::{BoardSize, Game, Rules};

/// Final disc difference for `p`, empties to the winner.
fn final_score(p: u64, o: u64) -> i32 {
    let (pc, oc) = (p.count_ones() as i32, o.count_ones() as i32);
    let e = 64 - pc - oc;
    match pc.cmp(&oc) {
        std::cmp::Ordering::Greater => pc - oc + e,
        std::cmp::Ordering::Less => pc - oc - e,
        std::cmp::Ordering::Equal => 0,
    }
}

/// Plain negamax to the end of the game, no pruning.
fn negamax(p: u64, o: u64) -> i32 {
    let moves = Eight::moves(p, o);
    if moves == 0 {
        if Eight::moves(o, p) == 0 {
            return final_score(p, o);
        }
        return -negamax(o, p);
    }
    BitIter(moves)
        .map(|x| {
            let (np, no) = bits::play::<Eight>(p, o, x, Eight::flips(p, o, x));
            -negamax(np, no)
        })
        .max()
        .unwrap_or(i32::MIN)
}

/// Positions from seeded random games, `count` per number of empties in `empties`.
fn positions(seed: u64, empties: std::ops::RangeInclusive<u32>, count: usize) -> Vec<(u64, u64)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for target in empties {
        let mut found = 0;
        while found < count {
            let mut game = Game::new(Rules::default());
            while let Some(color) = game.to_move() {
                if game.board().empties() == target {
                    out.push(game.board().to_bitboards8(color).unwrap());
                    found += 1;
                    break;
                }
                let choices = game.legal_choices();
                let mv = choices[rng.below(choices.len() as u64) as usize];
                game.play(mv).unwrap();
            }
        }
    }
    out
}

#[test]
fn the_solver_equals_brute_force_negamax_up_to_12_empties() {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(4);
    let mut all = positions(2024, 1..=10, 200);
    all.extend(positions(2025, 11..=12, 20));
    for (i, &(p, o)) in all.iter().enumerate() {
        // Brute force: every move's value by plain negamax, no pruning.
        let values: Vec<(u32, i32)> = BitIter(Eight::moves(p, o))
            .map(|x| {
                let (np, no) = bits::play::<Eight>(p, o, x, Eight::flips(p, o, x));
                (x, -negamax(np, no))
            })
            .collect();
        let expected = values.iter().map(|&(_, v)| v).max().unwrap_or_else(|| -negamax(o, p));
        let solved = searcher.solve8(p, o, None, &cancel).unwrap();
        assert_eq!(solved.score, expected, "position {p:#018x} {o:#018x}");
        match solved.best {
            Some(sq) => {
                let x = sq.index(BoardSize::Eight);
                assert_eq!(values.iter().find(|&&(y, _)| y == x).map(|&(_, v)| v), Some(expected), "move {sq}");
            }
            None => assert!(values.is_empty()),
        }
        if i % 3 == 0 {
            let wld = searcher.solve8_wld(p, o, None, &cancel).unwrap();
            assert_eq!(wld.score, expected.signum(), "win/loss/draw of {p:#018x} {o:#018x}");
        }
    }
    assert_eq!(all.len(), 2040);
}

#[test]
fn a_fresh_searcher_and_a_reused_one_agree() {
    let cancel = AtomicBool::new(false);
    let mut reused = Searcher::new(1);
    for (p, o) in positions(7, 14..=14, 20) {
        let a = reused.solve8(p, o, None, &cancel).unwrap().score;
        let b = Searcher::new(1).solve8(p, o, None, &cancel).unwrap().score;
        assert_eq!(a, b);
    }
}

#[test]
fn a_cancelled_solve_returns_none() {
    let cancel = AtomicBool::new(true);
    let (p, o) = positions(9, 24..=24, 1)[0];
    assert!(Searcher::new(1).solve8(p, o, None, &cancel).is_none());
}
