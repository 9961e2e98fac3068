//! The learnt pattern evaluation: the shipped weights against exact endgame scores and the
//! hand-tuned evaluation, symmetry, and a small training run end to end.

use std::sync::atomic::AtomicBool;

use reversi_bot::ai::pattern::{Patterns, symmetric};
use reversi_bot::ai::{AiConfig, Evaluation, Level, Searcher, choose_move, eval8};
use reversi_bot::engine::{Color, Game, Move, Rules, random_game};
use reversi_bot::tools::{TrainOptions, train};

/// Positions with `empties` empties from games between level-2 players (not the training games:
/// those were one-ply self-play), mover first.
fn positions(count: usize, empties: u32) -> Vec<(u64, u64)> {
    let cancel = AtomicBool::new(false);
    let config = AiConfig::default();
    let level = Level::new(2).unwrap();
    let mut out = Vec::new();
    let mut seed = 1000;
    while out.len() < count {
        seed += 1;
        let mut game = Game::new(Rules::default());
        while let Some(color) = game.to_move() {
            if game.board().empties() == empties {
                out.push(game.board().to_bitboards8(color).unwrap());
                break;
            }
            let choice = choose_move(&game, level, &config, seed, &cancel).unwrap();
            game.play(choice.mv).unwrap();
        }
    }
    out
}

fn rmse(errors: impl Iterator<Item = f64>) -> f64 {
    let v: Vec<f64> = errors.collect();
    (v.iter().map(|e| e * e).sum::<f64>() / v.len() as f64).sqrt()
}

#[test]
fn the_learnt_evaluation_predicts_solved_endgames_far_better_than_the_hand_tuned_one() {
    let cancel = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    let sample = positions(120, 14);
    let exact: Vec<f64> =
        sample.iter().map(|&(p, o)| f64::from(searcher.solve8(p, o, None, &cancel).unwrap().score)).collect();
    let learnt: Vec<f64> = sample.iter().map(|&(p, o)| f64::from(Patterns::embedded().eval(p, o)) / 100.0).collect();
    let hand: Vec<f64> = sample.iter().map(|&(p, o)| f64::from(eval8(p, o)) / 100.0).collect();
    // The hand-tuned evaluation is not in discs: give it its best scale.
    let scale = hand.iter().zip(&exact).map(|(h, y)| h * y).sum::<f64>() / hand.iter().map(|h| h * h).sum::<f64>();
    let learnt_error = rmse(learnt.iter().zip(&exact).map(|(a, y)| a - y));
    let hand_error = rmse(hand.iter().zip(&exact).map(|(a, y)| scale * a - y));
    println!("14 empties, {} positions: learnt rmse {learnt_error:.2}, hand-tuned {hand_error:.2}", sample.len());
    assert!(learnt_error < 0.75 * hand_error, "learnt {learnt_error:.2} against hand-tuned {hand_error:.2}");
    assert!(learnt_error < 10.0, "learnt {learnt_error:.2} discs");
}

#[test]
fn the_learnt_evaluation_is_the_same_for_all_eight_symmetries() {
    let weights = Patterns::embedded();
    for (p, o) in positions(12, 40).into_iter().chain(positions(12, 20)) {
        let v = weights.eval(p, o);
        for s in 1..8 {
            assert_eq!(weights.eval(symmetric(p, s), symmetric(o, s)), v, "symmetry {s} of {p:#x} {o:#x}");
        }
    }
}

#[test]
fn a_small_training_run_learns_the_solved_phases_better_than_the_hand_tuned_evaluation() {
    let opts = TrainOptions { games: 300, seed: 11, exact: 8, threads: 2, ..TrainOptions::default() };
    let mut log = Vec::new();
    let (weights, reports) = train(&opts, &mut log).unwrap();
    let log = String::from_utf8(log).unwrap();
    println!("{log}");
    assert_eq!(reports.len(), 15);
    assert!(log.contains("300 games"));
    // Empties 1-8 are solved: even 300 games beat the hand-tuned evaluation on held-out positions.
    for r in &reports[..2] {
        assert!(r.exact);
        assert!(r.samples > 1000, "{r:?}");
        assert!(r.test_rmse < r.hand_rmse, "{r:?}");
        assert!(r.train_rmse <= r.test_rmse + 0.5, "{r:?}");
    }
    // Every searched phase was fitted to something.
    for r in &reports[2..13] {
        assert!(!r.exact && r.samples > 500 && r.train_rmse > 0.0, "{r:?}");
    }
    let back = Patterns::decode(&weights.encode()).unwrap();
    let (p, o) = (0x0000_0038_1C08_0000u64, 0x0000_1C04_2010_0000u64);
    assert_eq!(back.eval(p, o), weights.eval(p, o));
}

/// A game from `opening` where each side searches `depth` plies with its evaluation; the final
/// margin for the side playing `Evaluation::Learnt`.
fn duel(opening: &Game, learnt_is_black: bool, depth: u32) -> i32 {
    let mut game = opening.clone();
    let mut searchers = [Searcher::new(8), Searcher::new(8)];
    while let Some(color) = game.to_move() {
        let black = color == Color::Black;
        let (evaluation, i) =
            if black == learnt_is_black { (Evaluation::Learnt, 0) } else { (Evaluation::HandTuned, 1) };
        let (p, o) = game.board().to_bitboards8(color).unwrap();
        let found = searchers[i].search8_with(p, o, depth, evaluation).unwrap();
        game.play(Move::new(found.best)).unwrap();
    }
    let margin = game.result().unwrap().margin();
    if learnt_is_black { margin } else { -margin }
}

/// Openings: 8 random plies, then kept if a depth-4 hand-tuned search calls them even.
fn openings(count: usize) -> Vec<Game> {
    let mut searcher = Searcher::new(8);
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        seed += 1;
        let full = random_game(Rules::default(), seed);
        let Ok(game) = Game::replay(Rules::default(), full.moves().take(8).map(|m| m.mv)) else { continue };
        let Some(color) = game.to_move() else { continue };
        let (p, o) = game.board().to_bitboards8(color).unwrap();
        if searcher.search8(p, o, 4).is_some_and(|r| r.score.abs() <= 200) {
            out.push(game);
        }
    }
    out
}

/// At equal depth, the learnt evaluation against the hand-tuned one, each opening with both
/// colours. `DUEL_DEPTH` (default 2) and `DUEL_OPENINGS` (default 8) change the match; deeper
/// matches are for release builds: `DUEL_DEPTH=6 DUEL_OPENINGS=20 cargo test --release --test
/// ai_pattern duel -- --nocapture`.
#[test]
fn duel_the_learnt_evaluation_beats_the_hand_tuned_one_at_equal_depth() {
    let depth: u32 = std::env::var("DUEL_DEPTH").ok().and_then(|v| v.parse().ok()).unwrap_or(2);
    let count: usize = std::env::var("DUEL_OPENINGS").ok().and_then(|v| v.parse().ok()).unwrap_or(8);
    let (mut won, mut drawn, mut lost, mut discs) = (0, 0, 0, 0);
    for opening in openings(count) {
        for learnt_is_black in [true, false] {
            let margin = duel(&opening, learnt_is_black, depth);
            discs += margin;
            match margin.signum() {
                1 => won += 1,
                0 => drawn += 1,
                _ => lost += 1,
            }
        }
    }
    let games = 2 * count;
    println!(
        "depth {depth}: learnt {won} won, {drawn} drawn, {lost} lost of {games}, mean margin {:+.1}",
        f64::from(discs) / games as f64
    );
    assert!(won >= 3 * games / 4, "learnt won only {won} of {games}");
}

/// The evaluation of the position after `transcript`, for the side to move, in discs.
fn eval_after(transcript: &str) -> f64 {
    let game = Game::from_transcript(Rules::default(), transcript).unwrap();
    let (p, o) = game.board().to_bitboards8(game.to_move().unwrap()).unwrap();
    f64::from(Patterns::embedded().eval(p, o)) / 100.0
}

#[test]
fn the_start_and_the_four_first_moves_evaluate_within_two_discs_of_even() {
    // Perfect play from the start is a draw, and the four first moves are one move turned.
    for transcript in ["", "f5", "e6", "d3", "c4"] {
        let eval = eval_after(transcript);
        println!("after {transcript:?}: {eval:+.2} for the side to move");
        assert!(eval.abs() <= 2.0, "after {transcript:?} the side to move is given {eval:+.2}");
    }
}

/// Every FForum position and every scored move's position after it, with its exact value for
/// the side to move: (empties, position, value).
fn fforum_values() -> Vec<(u32, (u64, u64), f64)> {
    use reversi_bot::engine::bits::{Eight, Geometry};
    let mut out = Vec::new();
    for part in ["1-19", "20-39", "40-59", "60-79"] {
        let text = std::fs::read_to_string(format!("tests/data/ffo/fforum-{part}.obf")).unwrap();
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let (board, rest) = line.split_once(' ').unwrap();
            let (side, scores) = rest.split_once(';').unwrap();
            let [mut x, mut o] = [0u64; 2];
            for (i, c) in board.chars().enumerate() {
                match c {
                    'X' => x |= 1 << i,
                    'O' => o |= 1 << i,
                    _ => {}
                }
            }
            let (p, q) = if side.trim() == "X" { (x, o) } else { (o, x) };
            let empties = (!(p | q)).count_ones();
            for (k, pair) in scores.split(';').filter(|s| !s.trim().is_empty()).enumerate() {
                let (square, score) = pair.trim().split_once(':').unwrap();
                let score: f64 = score.parse().unwrap();
                if k == 0 {
                    out.push((empties, (p, q), score));
                }
                let bytes = square.as_bytes();
                let index = u32::from(bytes[0].to_ascii_lowercase() - b'a') + 8 * u32::from(bytes[1] - b'1');
                let flips = Eight::flips(p, q, index);
                out.push((empties - 1, (q & !flips, p | flips | 1 << index), -score));
            }
        }
    }
    out
}

#[test]
fn evaluations_agree_with_the_exact_scores_of_the_fforum_positions_without_leaning_to_either_side() {
    let values = fforum_values();
    let errors: Vec<(u32, f64)> = values
        .iter()
        .map(|&(empties, (p, o), value)| (empties, f64::from(Patterns::embedded().eval(p, o)) / 100.0 - value))
        .collect();
    let mean = |band: &dyn Fn(u32) -> bool| {
        let chosen: Vec<f64> = errors.iter().filter(|(e, _)| band(*e)).map(|(_, err)| *err).collect();
        (chosen.iter().sum::<f64>() / chosen.len() as f64, chosen.len())
    };
    let (all, n) = mean(&|_| true);
    let rms = rmse(errors.iter().map(|(_, err)| *err));
    println!("{n} solved positions: mean error {all:+.2} discs, RMS {rms:.2}");
    assert!(all.abs() <= 1.5, "the evaluation leans {all:+.2} discs to the side to move");
    assert!(rms <= 11.0, "RMS error {rms:.2} discs");
    for (low, high) in [(13, 22), (23, 37)] {
        let (band, n) = mean(&|e| (low..=high).contains(&e));
        println!("{low}-{high} empties ({n} positions): mean error {band:+.2}");
        assert!(band.abs() <= 2.5, "{low}-{high} empties: the evaluation leans {band:+.2} discs");
    }
}
