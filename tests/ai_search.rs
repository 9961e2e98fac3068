//! The midgame searches against a plain alpha-beta: at a fixed depth, on positions from seeded
//! random games, the principal-variation search with its table and ordering returns the score of
//! a plain alpha-beta on the same evaluation, and a move that reaches it. Both searches are
//! checked: the generic one (with the hand-tuned evaluation) and the 8x8 one of the learnt
//! evaluation, whose pattern indices follow the moves and whose ordering searches share its table.

use reversi_bot::ai::pattern::Patterns;
use reversi_bot::ai::rng::Rng;
use reversi_bot::ai::{Evaluation, Searcher, eval8};
use reversi_bot::engine::bits::{self, BitIter, Eight, Geometry};
use reversi_bot::engine::{BoardSize, Game, Rules};

/// Plain fail-hard alpha-beta with `eval8` at the leaves; a pass costs no depth; the end of the
/// game scores the disc difference (empties to the winner) in evaluation units.
fn alphabeta(p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
    alphabeta_with(&eval8, p, o, depth, alpha, beta)
}

/// The same with the evaluation `eval` (which scores the end of the game itself).
fn alphabeta_with(eval: &dyn Fn(u64, u64) -> i32, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return eval(p, o);
    }
    let moves = Eight::moves(p, o);
    if moves == 0 {
        if Eight::moves(o, p) == 0 {
            return eval(p, o);
        }
        return -alphabeta_with(eval, o, p, depth, -beta, -alpha);
    }
    for x in BitIter(moves) {
        let (np, no) = bits::play::<Eight>(p, o, x, Eight::flips(p, o, x));
        let s = -alphabeta_with(eval, np, no, depth - 1, -beta, -alpha);
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

#[test]
fn fixed_depth_search_with_the_learnt_evaluation_gives_the_plain_alpha_beta_score() {
    const WIDE: i32 = 1_000_000;
    let patterns = Patterns::embedded();
    let eval = |p, o| patterns.eval(p, o);
    // One searcher for all: its table carries entries from one position to the next, as in a game.
    let mut searcher = Searcher::new(2);
    // Depths from 6 on order their moves by shallow searches that share the table.
    for (i, (p, o)) in positions(13, 60).into_iter().enumerate() {
        let depth = 1 + (i as u32 % 8);
        let expected = alphabeta_with(&eval, p, o, depth, -WIDE, WIDE);
        let found = searcher.search8_with(p, o, depth, Evaluation::Learnt).expect("a side with moves");
        assert_eq!(found.score, expected, "depth {depth} position {p:#018x} {o:#018x}");
        let x = found.best.index(BoardSize::Eight);
        let (np, no) = bits::play::<Eight>(p, o, x, Eight::flips(p, o, x));
        assert_eq!(
            -alphabeta_with(&eval, np, no, depth - 1, -WIDE, WIDE),
            expected,
            "move {} at depth {depth}",
            found.best
        );
    }
}
