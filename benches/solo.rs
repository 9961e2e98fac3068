//! The solo game's players: the average score of the hint player and of the greedy baseline over
//! seeded deals (tiles won, and the value score with the blank-tile doubling), each with its
//! standard error, and the time of one hint. `cargo bench --bench solo`; `SOLO_DEALS=200` plays
//! fewer deals (1,000 by default).

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_bot::ai::solo::{HintConfig, SoloPlayer, greedy_move, hint};
use reversi_bot::engine::solo::{SoloGame, SoloScore};

/// The mean and its standard error.
fn mean_and_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (variance / n).sqrt())
}

/// The final scores of `player` on the deals `0..deals`, on every core.
fn scores(player: SoloPlayer, deals: u64) -> Vec<SoloScore> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..deals)
                        .step_by(threads as usize)
                        .map(|seed| (seed, player.play(seed).score()))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(u64, SoloScore)> = workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect();
        all.sort_by_key(|&(seed, _)| seed);
        all.into_iter().map(|(_, score)| score).collect()
    })
}

fn report(name: &str, player: SoloPlayer, deals: u64) {
    let started = Instant::now();
    let scores = scores(player, deals);
    let tiles: Vec<f64> = scores.iter().map(|s| f64::from(s.tiles)).collect();
    let values: Vec<f64> = scores.iter().map(|s| f64::from(s.value())).collect();
    let (tiles_mean, tiles_error) = mean_and_error(&tiles);
    let (value_mean, value_error) = mean_and_error(&values);
    let perfect = scores.iter().filter(|s| s.tiles == 24).count();
    let doubled = scores.iter().filter(|s| s.blanks_double()).count();
    println!(
        "solo {name:>6} over {} deals: tiles {tiles_mean:.2} ± {tiles_error:.2}, value {value_mean:.1} ± {value_error:.1} \
         (all 24 tiles in {perfect}, blanks doubled in {doubled}; {:.0} s)",
        scores.len(),
        started.elapsed().as_secs_f64()
    );
}

fn averages(_: &mut Criterion) {
    let deals = std::env::var("SOLO_DEALS").ok().and_then(|v| v.parse().ok()).unwrap_or(1000);
    report("greedy", SoloPlayer::Greedy, deals);
    report("hint", SoloPlayer::Hint(HintConfig::default()), deals);
}

fn hint_time(c: &mut Criterion) {
    let mut group = c.benchmark_group("solo");
    group.sample_size(20);
    let start = SoloGame::deal(1);
    // A position part-way through the greedy player's game, with tiles face up and face down.
    let mut middle = SoloGame::deal(2);
    for _ in 0..20 {
        let Some(mv) = greedy_move(&middle.view()) else { break };
        let _ = middle.play(mv);
    }
    println!(
        "solo: the timed positions have {} and {} legal moves",
        start.legal_moves().len(),
        middle.legal_moves().len()
    );
    let config = HintConfig::default();
    for (name, game) in [("hint at the start", &start), ("hint twenty moves in", &middle)] {
        let view = game.view();
        group.bench_function(name, |b| b.iter(|| hint(black_box(&view), &config, 7)));
    }
    let view = middle.view();
    group.bench_function("greedy twenty moves in", |b| b.iter(|| greedy_move(black_box(&view))));
    group.finish();
}

criterion_group!(benches, averages, hint_time);
criterion_main!(benches);
