//! Exact endgame solving speed on the FForum suite: positions 40-49 and 50-59, one real pass
//! each (they take minutes), printing per position and per set the time, nodes and nodes per
//! second, and the 40-59 total; a wrong score fails the run.
//! Also the two 8x8 evaluations' cost per position (`-- eval` runs only those), and the 8x8
//! midgame search of levels 4 and 5 at a fixed depth (`-- midgame`).
//! `cargo bench --bench endgame` (add `-- 40-49` to run only the first set).

use std::cell::Cell;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use reversi_bot::ai::pattern::Patterns;
use reversi_bot::ai::{Evaluation, Searcher, eval8};
use reversi_bot::engine::{ObfPosition, Rules, random_game};
use reversi_bot::tools::{SOLVE_TABLE_MB, SolveOptions, solve_positions};

fn suite(file: &str) -> Vec<ObfPosition> {
    let path = format!("{}/tests/data/ffo/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.parse().expect("an OBF line")).collect()
}

/// Solves `positions` once as `reversi-bot solve` does ([`solve_positions`]: the default tables,
/// cleared before each position, so the nodes are those the README reports), printing its lines
/// to stderr under `label`; panics on a wrong score.
fn solve_all(label: &str, positions: &[ObfPosition], first: usize) -> Duration {
    eprintln!("{label} (FForum #{first} is line 1):");
    let options = SolveOptions { json: false, tests: false, table_mb: SOLVE_TABLE_MB };
    let totals = solve_positions(positions, &options, &mut std::io::stderr()).expect("solved");
    assert!(totals.all_agree(), "{label}: lines {:?} solved wrongly", totals.disagreed);
    Duration::from_secs_f64(totals.seconds)
}

fn endgame(c: &mut Criterion) {
    let all = suite("fforum-40-59.obf");
    let mut group = c.benchmark_group("fforum");
    group.sample_size(10);
    let mut total = Duration::ZERO;
    for (label, range, first) in [("40-49", 0..10, 40), ("50-59", 10..20, 50)] {
        let positions = &all[range.start.min(all.len())..range.end.min(all.len())];
        // One real pass; criterion's further calls get the same measurement back (a pass takes
        // minutes, and the node counts are deterministic).
        let measured: Cell<Option<Duration>> = Cell::new(None);
        group.bench_function(label, |b| {
            b.iter_custom(|iters| {
                let once = measured.get().unwrap_or_else(|| {
                    let d = solve_all(label, positions, first);
                    measured.set(Some(d));
                    d
                });
                once * iters as u32
            })
        });
        total += measured.get().unwrap_or_default();
    }
    eprintln!("40-59 (the sets run) total: {:.2} s", total.as_secs_f64());
    group.finish();
}

/// The learnt pattern evaluation and the hand-tuned one, per position, over the positions of
/// random games.
fn evaluations(c: &mut Criterion) {
    let mut positions = Vec::new();
    for seed in 0..20 {
        let game = random_game(Rules::default(), seed);
        for pos in game.positions() {
            positions.extend(pos.board.to_bitboards8(pos.to_move));
        }
    }
    let weights = Patterns::embedded();
    let mut group = c.benchmark_group("eval");
    group.throughput(criterion::Throughput::Elements(positions.len() as u64));
    group.bench_function("pattern", |b| {
        b.iter(|| positions.iter().map(|&(p, o)| weights.eval(p, o)).fold(0i32, i32::wrapping_add))
    });
    group.bench_function("hand-tuned", |b| {
        b.iter(|| positions.iter().map(|&(p, o)| eval8(p, o)).fold(0i32, i32::wrapping_add))
    });
    group.finish();
}

/// The learnt evaluation's midgame search (levels 4 and 5) to 10 plies from a fresh table, on
/// positions 20 plies into random games (a pass costs no ply).
fn midgame(c: &mut Criterion) {
    let positions: Vec<(u64, u64)> = (100..108)
        .filter_map(|seed| {
            let game = random_game(Rules::default(), seed);
            let pos = game.positions().get(20)?;
            pos.board.to_bitboards8(pos.to_move)
        })
        .collect();
    let mut searcher = Searcher::new(32);
    let mut group = c.benchmark_group("midgame");
    group.sample_size(10);
    group.throughput(criterion::Throughput::Elements(positions.len() as u64));
    group.bench_function("learnt, 10 plies", |b| {
        b.iter(|| {
            let mut nodes = 0;
            for &(p, o) in &positions {
                searcher.clear();
                nodes += searcher.search8_with(p, o, 10, Evaluation::Learnt).map_or(0, |r| r.nodes);
            }
            nodes
        })
    });
    group.finish();
}

criterion_group!(benches, evaluations, midgame, endgame);
criterion_main!(benches);
