//! Tournament pairing speed: the seventh round of a Swiss of 64 and of 500 players, after six
//! rounds of seeded random results. `cargo bench --bench tournament`.

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_bot::service::tournament_rules::{Entrant, GameRecord, pair_swiss};
use std::hint::black_box;

fn field(n: usize, rounds: usize) -> (Vec<Entrant>, Vec<Vec<GameRecord>>) {
    let entrants: Vec<Entrant> = (0..n as u64).map(|i| Entrant::new(i + 1, 2000.0 - i as f64)).collect();
    let mut history: Vec<Vec<GameRecord>> = Vec::new();
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..rounds {
        let round = pair_swiss(&entrants, &history);
        let records = round
            .games
            .iter()
            .map(|g| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let black = (state % 65) as u8;
                GameRecord::from_discs(g.black, g.white, black, 64 - black)
            })
            .chain(round.bye.map(|p| GameRecord::Bye { player: p }))
            .collect();
        history.push(records);
    }
    (entrants, history)
}

fn swiss(c: &mut Criterion) {
    let mut group = c.benchmark_group("pair swiss");
    group.sample_size(10);
    for n in [64usize, 500] {
        let (entrants, history) = field(n, 6);
        group.bench_function(format!("{n} players, round 7"), |b| {
            b.iter(|| pair_swiss(black_box(&entrants), black_box(&history)))
        });
    }
    group.finish();
}

criterion_group!(benches, swiss);
criterion_main!(benches);
