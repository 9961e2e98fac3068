//! `reversi-bot solve FILE.obf`: solves every position of an OBF file exactly and compares with
//! the scores the file gives.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use anyhow::Context;

use crate::engine::{BoardSize, ObfPosition, Square};

use crate::ai::{RootTest, Searcher};

/// What a whole file came to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SolveTotals {
    /// Positions solved.
    pub positions: usize,
    /// Positions whose file gives scores and where best move and score agree with them.
    pub agreed: usize,
    /// Positions (1-based line numbers) where they do not.
    pub disagreed: Vec<usize>,
    /// Positions without scores in the file.
    pub unchecked: usize,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

impl SolveTotals {
    /// Whether every checked position agreed.
    pub fn all_agree(&self) -> bool {
        self.disagreed.is_empty()
    }

    /// Nodes per second over the file.
    pub fn nodes_per_second(&self) -> f64 {
        if self.seconds > 0.0 { self.nodes as f64 / self.seconds } else { 0.0 }
    }
}

/// The transposition tables' memory `reversi-bot solve` uses unless told otherwise, in MB: more
/// saves nodes but, past a quarter of a gigabyte, no time (docs/solver-tuning.md#table-memory).
pub const SOLVE_TABLE_MB: usize = 256;

/// How `reversi-bot solve` solves and prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// One JSON object per position and line, instead of text.
    pub json: bool,
    /// Also the null-window tests the solver ran at each root (see [`solve_file`]).
    pub tests: bool,
    /// The tables' memory in MB, in all (the command line's default: [`SOLVE_TABLE_MB`]).
    pub table_mb: usize,
}

/// Solves every position of the OBF file at `path` with tables of `options.table_mb` MB in all
/// (see [`SOLVE_TABLE_MB`]), printing one line per
/// position (with `options.json`, one JSON object per line:
/// `{"position":1,"empties":20,"move":"a2","score":38,"nodes":123,"seconds":0.5,"agrees":true}`)
/// and then the totals (in JSON mode an object with `"totals":true`). Each position is solved
/// from empty tables, so its result and nodes do not depend on the positions before it. With `options.tests`, each
/// position is followed by the null-window tests the solver ran at its root, one per line, each
/// with the nodes of every root move (in JSON, a `"tests"` array in the position's object).
pub fn solve_file(path: &Path, options: &SolveOptions, out: &mut impl Write) -> anyhow::Result<SolveTotals> {
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
            continue;
        }
        let position: ObfPosition =
            line.parse().with_context(|| format!("{}, line {}: not an OBF position", path.display(), i + 1))?;
        positions.push(position);
    }
    solve_positions(&positions, options, out)
}

/// As [`solve_file`], for positions already read.
pub fn solve_positions(
    positions: &[ObfPosition],
    options: &SolveOptions,
    out: &mut impl Write,
) -> anyhow::Result<SolveTotals> {
    let SolveOptions { json, tests, table_mb } = *options;
    let mut searcher = Searcher::new(table_mb);
    let cancel = AtomicBool::new(false);
    let mut totals = SolveTotals::default();
    let started = Instant::now();
    if !json {
        writeln!(
            out,
            "{:>4} {:>7} {:>4} {:>5} {:>14} {:>9} {:>12}  check",
            "#", "empties", "move", "score", "nodes", "seconds", "nodes/s"
        )?;
    }
    for (i, pos) in positions.iter().enumerate() {
        let number = i + 1;
        let Some((p, o)) = pos.board.to_bitboards8(pos.to_move) else { continue };
        searcher.clear();
        let t = Instant::now();
        let solved = if tests {
            searcher.solve8_tests(p, o, &cancel)
        } else {
            searcher.solve8(p, o, None, &cancel).map(|s| (s, Vec::new()))
        };
        let Some((s, root_tests)) = solved else { anyhow::bail!("the solver was stopped") };
        let seconds = t.elapsed().as_secs_f64();
        let mv = s.best.map_or_else(|| "pa".to_string(), |m| m.to_string());
        let check = match pos.best_score() {
            None => {
                totals.unchecked += 1;
                None
            }
            Some(score) => {
                let agrees = score == s.score && pos.best_moves().contains(&s.best);
                if agrees {
                    totals.agreed += 1;
                } else {
                    totals.disagreed.push(number);
                }
                Some(agrees)
            }
        };
        totals.positions += 1;
        totals.nodes += s.nodes;
        if json {
            let mut obj = serde_json::json!({
                "position": number,
                "empties": pos.board.empties(),
                "move": mv,
                "score": s.score,
                "nodes": s.nodes,
                "seconds": seconds,
            });
            if let Some(agrees) = check {
                obj["agrees"] = serde_json::Value::Bool(agrees);
            }
            if tests {
                obj["tests"] = root_tests.iter().map(test_json).collect();
            }
            writeln!(out, "{obj}")?;
        } else {
            let check = match check {
                None => "-".to_string(),
                Some(true) => "ok".to_string(),
                Some(false) => format!("WRONG (file: {:+})", pos.best_score().unwrap_or(0)),
            };
            let rate = if seconds > 0.0 { s.nodes as f64 / seconds } else { 0.0 };
            writeln!(
                out,
                "{number:>4} {:>7} {mv:>4} {:>+5} {:>14} {seconds:>9.3} {rate:>12.0}  {check}",
                pos.board.empties(),
                s.score,
                s.nodes
            )?;
            for test in &root_tests {
                writeln!(out, "{}", test_line(test))?;
            }
        }
        out.flush()?;
    }
    totals.seconds = started.elapsed().as_secs_f64();
    if json {
        let obj = serde_json::json!({
            "totals": true,
            "positions": totals.positions,
            "agreed": totals.agreed,
            "disagreed": totals.disagreed,
            "nodes": totals.nodes,
            "seconds": totals.seconds,
        });
        writeln!(out, "{obj}")?;
    } else {
        writeln!(
            out,
            "total: {} positions, {} agree, {} disagree, {} unchecked; {} nodes in {:.3} s, {:.0} nodes/s",
            totals.positions,
            totals.agreed,
            totals.disagreed.len(),
            totals.unchecked,
            totals.nodes,
            totals.seconds,
            totals.nodes_per_second()
        )?;
    }
    Ok(totals)
}

/// A root move's name.
fn square_name(x: u32) -> String {
    Square::from_index(x, BoardSize::Eight).to_string()
}

/// One root test as a line of text: the pass, the question and its answer, the nodes, then each
/// root move searched with its fail-soft score and nodes.
fn test_line(test: &RootTest) -> String {
    let pass = test.margin.map_or_else(|| "exact".to_string(), |t| format!("{t:.1} sd"));
    let answer =
        if test.score >= test.beta { format!("yes, >= {:+}", test.score) } else { format!("no, <= {:+}", test.score) };
    let moves: Vec<String> =
        test.moves.iter().map(|&(x, score, nodes)| format!("{} {score:+} {nodes}", square_name(x))).collect();
    format!("       {pass:>6}  >= {:+}? {answer:<11} {:>14} nodes: {}", test.beta, test.nodes, moves.join(", "))
}

/// One root test as JSON.
fn test_json(test: &RootTest) -> serde_json::Value {
    let moves: Vec<serde_json::Value> = test
        .moves
        .iter()
        .map(|&(x, score, nodes)| serde_json::json!({"move": square_name(x), "score": score, "nodes": nodes}))
        .collect();
    serde_json::json!({
        "margin": test.margin,
        "beta": test.beta,
        "score": test.score,
        "nodes": test.nodes,
        "moves": moves,
    })
}
