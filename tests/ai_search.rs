//! The midgame search against a plain alpha-beta: at a fixed depth, on positions from seeded
//! random games, the principal-variation search with its table and ordering returns the score of
//! a plain alpha-beta on the same evaluation, and a move that reaches it.

use reversi_bot::ai::rng::Rng;
use reversi_bot::ai::{Searcher, eval8};
use reversi_bot::engine::bits::{self, BitIter, Eight, Geometry};
use reversi_bot::engine::{BoardSize, Game, Rules};

/// Plain fail-hard alpha-beta with `eval8` at the leaves; a pass costs no depth; the end of the
/// game scores the disc difference (empties to the winner) in evaluation units.
fn alphabeta(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return eval8(p, o);
    }
    let moves = Eight::moves(p, o);
    if moves == 0 {
        if Eight::moves(o, p) == 0 {
            return eval8(p, o);
        }
        return -alphabeta(o, p, depth, -beta, -alpha);
    }
    for x in BitIter(moves) {
        let (np, no) = bits::play::<Eight>(p, o, x, Eight::flips(p, o, x));
        let s = -alphabeta(np, no, depth - 1, -beta, -alpha);
        if s >= beta {
            return beta;
        }
        alpha = alpha.max(s);
    }
    alpha
}

fn positions(seed: u64, count: usize) -> Vec<(u64, u64)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(Rules::default());
        let stop = rng.range(4, 50) as usize;
        while let Some(color) = game.to_move() {
            if game.move_count() == stop {
                out.push(game.board().to_bitboards8(color).unwrap());
                break;
            }
            let choices = game.legal_choices();
            game.play(choices[rng.below(choices.len() as u64) as usize]).unwrap();
        }
    }
    out
}

#[test]
fn fixed_depth_search_gives_the_plain_alpha_beta_score() {
    const WIDE: i32 = 1_000_000;
    for (i, (p, o)) in positions(11, 120).into_iter().enumerate() {
        let depth = 1 + (i as u32 % 6);
        let expected = alphabeta(p, o, depth, -WIDE, WIDE);
        let found = Searcher::new(2).search8(p, o, depth).expect("a side with moves");
        assert_eq!(found.score, expected, "depth {depth} position {p:#018x} {o:#018x}");
        let x = found.best.index(BoardSize::Eight);
        let (np, no) = bits::play::<Eight>(p, o, x, Eight::flips(p, o, x));
        assert_eq!(-alphabeta(np, no, depth - 1, -WIDE, WIDE), expected, "move {} at depth {depth}", found.best);
    }
}

#[test]
fn deeper_searches_on_a_reused_searcher_stay_consistent() {
    let mut searcher = Searcher::new(2);
    for (p, o) in positions(12, 10) {
        let found = searcher.search8(p, o, 4).unwrap();
        assert_eq!(found.score, alphabeta(p, o, 4, -1_000_000, 1_000_000));
        searcher.clear();
    }
}
