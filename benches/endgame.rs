//! Exact endgame solving speed on the FForum suite: positions 40-49 and 40-59, one pass each
//! (they take minutes), reporting per-position and total time, nodes and nodes per second.
//! `cargo bench --bench endgame` (add `-- 40-49` or `-- 40-59` to run one set only).

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_bot::ai::Searcher;
use reversi_bot::engine::ObfPosition;

fn suite(file: &str) -> Vec<ObfPosition> {
    let path = format!("{}/../shared/data/ffo/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.parse().expect("an OBF line")).collect()
}

/// Solves `positions` once with a fresh 256 MB searcher; prints a line per position and the
/// totals; panics on a wrong score.
fn solve_all(label: &str, positions: &[ObfPosition], first: usize) -> Duration {
    let mut searcher = Searcher::new(256);
    let cancel = AtomicBool::new(false);
    let started = Instant::now();
    let mut nodes = 0u64;
    for (i, pos) in positions.iter().enumerate() {
        let (p, o) = pos.board.to_bitboards8(pos.to_move).expect("8x8");
        let t = Instant::now();
        let s = searcher.solve8(p, o, None, &cancel).expect("not cancelled");
        let secs = t.elapsed().as_secs_f64();
        nodes += s.nodes;
        let ok = Some(s.score) == pos.best_score() && pos.best_moves().contains(&s.best);
        eprintln!(
            "{label} #{:<3} {:>2} empties {:>3} {:+4} {:>13} nodes {:>8.2} s {:>11.0} n/s {}",
            first + i,
            pos.board.empties(),
            s.best.map_or("pa".into(), |m| m.to_string()),
            s.score,
            s.nodes,
            secs,
            s.nodes as f64 / secs.max(1e-9),
            if ok { "ok" } else { "WRONG" }
        );
        assert!(ok, "position {} solved wrongly", first + i);
    }
    let elapsed = started.elapsed();
    eprintln!(
        "{label} total: {nodes} nodes in {:.2} s, {:.0} nodes/s",
        elapsed.as_secs_f64(),
        nodes as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    elapsed
}

fn endgame(c: &mut Criterion) {
    let all = suite("fforum-40-59.obf");
    let mut group = c.benchmark_group("fforum");
    group.sample_size(10);
    for (label, count) in [("40-49", 10usize), ("40-59", 20)] {
        let positions = &all[..count.min(all.len())];
        group.bench_function(label, |b| {
            b.iter_custom(|iters| {
                (0..iters.min(1)).map(|_| solve_all(label, positions, 40)).sum::<Duration>() * iters as u32
            })
        });
    }
    group.finish();
}

criterion_group!(benches, endgame);
criterion_main!(benches);
