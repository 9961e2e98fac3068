//! Engine speed: perft from the standard start (bulk-counted last ply) and 8x8 move generation
//! and flips over positions from random games. `cargo bench --bench engine`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use reversi_bot::engine::bits::{BitIter, Eight, Geometry};
use reversi_bot::engine::{Board, BoardSize, Color, Rules, Start, random_game};

/// (player, opponent) pairs from seeded random games, every position with a side to move.
fn positions() -> Vec<(u64, u64)> {
    (0..200)
        .flat_map(|seed| random_game(Rules::default(), seed).positions().to_vec())
        .filter(|p| !p.over)
        .filter_map(|p| p.board.to_bitboards8(p.to_move))
        .collect()
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let board = Board::standard();
    for depth in [9u32, 11] {
        let leaves = board.perft(Color::Black, depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("8x8 depth {depth}"), |b| b.iter(|| board.perft(Color::Black, black_box(depth))));
    }
    for (size, depth) in [(BoardSize::Six, 10u32), (BoardSize::Ten, 8)] {
        let board = Board::start(size, Start::Cross);
        group.throughput(Throughput::Elements(board.perft(Color::Black, depth)));
        group.bench_function(format!("{size} depth {depth}"), |b| {
            b.iter(|| board.perft(Color::Black, black_box(depth)))
        });
    }
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("movegen 8x8");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal moves", |b| {
        b.iter(|| positions.iter().fold(0u64, |acc, &(p, o)| acc ^ Eight::moves(black_box(p), black_box(o))))
    });
    let moves: u64 = positions.iter().map(|&(p, o)| u64::from(Eight::moves(p, o).count_ones())).sum();
    group.throughput(Throughput::Elements(moves));
    group.bench_function("flips of every legal move", |b| {
        b.iter(|| {
            positions.iter().fold(0u64, |acc, &(p, o)| {
                BitIter(Eight::moves(p, o)).fold(acc, |acc, i| acc ^ Eight::flips(black_box(p), black_box(o), i))
            })
        })
    });
    group.finish();
}

criterion_group!(benches, perft, movegen);
criterion_main!(benches);
