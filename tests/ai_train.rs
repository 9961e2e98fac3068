//! Learns the weights of the solver's ordering evaluation (`LEARNED_ENDGAME` in
//! `src/ai/eval.rs`): positions with 16 to 21 empties from games between level-3 players are
//! solved exactly, and the evaluation features are fitted to the scores by least squares.
//! `cargo test --release --test ai_train -- --ignored --nocapture` prints the weights to paste.

use std::sync::atomic::AtomicBool;

use reversi_bot::ai::eval::{FEATURES, features8};
use reversi_bot::ai::rng::Rng;
use reversi_bot::ai::{AiConfig, Level, Searcher, choose_move};
use reversi_bot::engine::{Game, Rules};

/// Solves `a x = b` (Gaussian elimination with partial pivoting).
fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs())).unwrap();
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (top, bottom) = a.split_at_mut(col + 1);
        let pivot_row = &top[col];
        let b_col = b[col];
        for (r, row) in bottom.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            for (x, &pv) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * pv;
            }
            b[col + 1 + r] -= f * b_col;
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

#[test]
#[ignore = "release, minutes: cargo test --release --test ai_train -- --ignored --nocapture"]
fn learn_the_endgame_ordering_weights() {
    let samples: usize = std::env::var("TRAIN_SAMPLES").ok().and_then(|v| v.parse().ok()).unwrap_or(600);
    let cancel = AtomicBool::new(false);
    let mut rng = Rng::new(31337);
    let mut searcher = Searcher::new(64);
    let config = AiConfig { budget: std::time::Duration::from_secs(5), tt_megabytes: 4 };
    let (mut xtx, mut xty) = (vec![vec![0.0f64; FEATURES]; FEATURES], vec![0.0f64; FEATURES]);
    let mut rows = Vec::new();
    while rows.len() < samples {
        let mut game = Game::new(Rules::default());
        let target = rng.range(16, 21) as u32;
        while let Some(color) = game.to_move() {
            if game.board().empties() <= target {
                let (p, o) = game.board().to_bitboards8(color).unwrap();
                if let Some(f) = features8(p, o) {
                    let score = searcher.solve8(p, o, None, &cancel).unwrap().score;
                    rows.push((f, f64::from(score * 100)));
                }
                break;
            }
            // Mostly level 3, sometimes a random move, for variety.
            let mv = if rng.chance(10) {
                let choices = game.legal_choices();
                choices[rng.below(choices.len() as u64) as usize]
            } else {
                choose_move(&game, Level::new(3).unwrap(), &config, rng.next_u64(), &cancel).unwrap().mv
            };
            game.play(mv).unwrap();
        }
    }
    for (f, y) in &rows {
        for i in 0..FEATURES {
            for j in 0..FEATURES {
                xtx[i][j] += f64::from(f[i] * f[j]);
            }
            xty[i] += f64::from(f[i]) * y;
        }
    }
    for (i, row) in xtx.iter_mut().enumerate() {
        row[i] += 1.0; // a touch of ridge regularisation
    }
    let w = solve_linear(xtx, xty);
    let error = |w: &[f64]| {
        let sq: f64 = rows
            .iter()
            .map(|(f, y)| {
                let p: f64 = f.iter().zip(w).map(|(a, b)| f64::from(*a) * b).sum();
                (p - y).powi(2)
            })
            .sum();
        (sq / rows.len() as f64).sqrt() / 100.0
    };
    let current = reversi_bot::ai::eval::LEARNED_ENDGAME.map(f64::from);
    println!("{} positions; RMS error in discs: fitted {:.2}, current {:.2}", rows.len(), error(&w), error(&current));
    println!(
        "pub const LEARNED_ENDGAME: [i32; FEATURES] = {:?};",
        w.iter().map(|x| x.round() as i32).collect::<Vec<_>>()
    );
}
