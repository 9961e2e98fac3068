//! The FForum endgame suite: the solver's best moves and scores against the published ones.
//! Positions 1-32 and 39 (26 empties, so through the selective passes) run in every test pass;
//! 20-39 and 40-59 are `#[ignore]`d, for release runs (`FFO_ONLY=40,41` restricts a run to the
//! positions listed).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use reversi_bot::ai::Searcher;
use reversi_bot::engine::ObfPosition;

fn suite(file: &str) -> Vec<ObfPosition> {
    let path = format!("{}/tests/data/ffo/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.parse().unwrap()).collect()
}

fn check(file: &str, first: usize, only: impl Fn(usize) -> bool) {
    let only =
        |n: usize| only(n) && std::env::var("FFO_ONLY").map_or(true, |v| v.split(',').any(|x| x.parse() == Ok(n)));
    let mut searcher = Searcher::new(64);
    let cancel = AtomicBool::new(false);
    let (mut nodes, started) = (0u64, Instant::now());
    for (i, pos) in suite(file).iter().enumerate() {
        let number = first + i;
        if !only(number) {
            continue;
        }
        let (p, o) = pos.board.to_bitboards8(pos.to_move).unwrap();
        let t = Instant::now();
        let s = searcher.solve8(p, o, None, &cancel).unwrap();
        nodes += s.nodes;
        let secs = t.elapsed().as_secs_f64();
        println!(
            "#{number:<3} {:>2} empties {:>4} {:+4} {:>14} nodes {:>8.3} s {:>12.0} n/s",
            pos.board.empties(),
            s.best.map_or("pa".to_string(), |m| m.to_string()),
            s.score,
            s.nodes,
            secs,
            s.nodes as f64 / secs.max(1e-9)
        );
        assert_eq!(Some(s.score), pos.best_score(), "score of #{number}");
        assert!(pos.best_moves().contains(&s.best), "move of #{number}: {:?}", s.best);
    }
    let secs = started.elapsed().as_secs_f64();
    println!("total {nodes} nodes {secs:.3} s {:.0} n/s", nodes as f64 / secs.max(1e-9));
}

#[test]
fn fforum_1_to_19_are_solved_exactly() {
    check("fforum-1-19.obf", 1, |_| true);
}

#[test]
fn fforum_20_to_32_and_39_are_solved_exactly() {
    check("fforum-20-39.obf", 20, |n| n <= 32 || n == 39);
}

#[test]
#[ignore = "release: cargo test --release --test ai_ffo -- --ignored"]
fn fforum_20_to_39_are_solved_exactly() {
    check("fforum-20-39.obf", 20, |_| true);
}

#[test]
#[ignore = "release: long"]
fn fforum_40_to_59_are_solved_exactly() {
    check("fforum-40-59.obf", 40, |_| true);
}
