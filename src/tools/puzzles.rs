//! `reversi-bot puzzles generate` and `verify`: the puzzle generator and checker over files,
//! around the pure [`crate::puzzle`].

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::Context as _;

use std::collections::HashSet;

use crate::engine::Game;
use crate::puzzle::{GenerateOptions, Prover, PuzzleSet, from_game, generate, verify};

/// What a run of the generator did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenerateReport {
    /// Positions tried (distinct, in the empties range).
    pub tried: usize,
    /// Puzzles proven and written.
    pub puzzles: usize,
    /// Seconds taken.
    pub seconds: f64,
}

impl GenerateReport {
    /// Proven puzzles per minute.
    pub fn rate(&self) -> f64 {
        self.puzzles as f64 * 60.0 / self.seconds.max(1e-9)
    }
}

/// Generates puzzles from the finished `games` played on the bot (their ids and the games) and
/// from `options.games` self-play games, and writes the set to `out`, telling `log` the progress
/// and the rate. A position found in both is kept once.
pub fn generate_puzzles(
    options: &GenerateOptions,
    games: &[(i64, Game)],
    out: &Path,
    log: &mut dyn Write,
) -> anyhow::Result<GenerateReport> {
    let start = Instant::now();
    let mut prover = Prover::new();
    let mut tried = 0;
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    for (id, game) in games {
        puzzles.extend(from_game(options, &mut prover, *id, game, &mut seen, || tried += 1));
    }
    if !games.is_empty() {
        writeln!(
            log,
            "{} puzzles from {} stored games, {:.0} s",
            puzzles.len(),
            games.len(),
            start.elapsed().as_secs_f64()
        )?;
    }
    let mut count = 0;
    let played = generate(
        options,
        &mut prover,
        |_| {
            count += 1;
            if count % 50 == 0 {
                let _ = writeln!(log, "{count} puzzles, {:.0} s", start.elapsed().as_secs_f64());
            }
        },
        || tried += 1,
    );
    let mut kept: HashSet<(String, crate::engine::Color)> =
        puzzles.iter().map(|p| (p.board.clone(), p.to_move)).collect();
    puzzles.extend(played.into_iter().filter(|p| kept.insert((p.board.clone(), p.to_move))));
    let set = PuzzleSet::new(puzzles, options.margin);
    std::fs::write(out, set.to_text()).with_context(|| format!("could not write {}", out.display()))?;
    let report = GenerateReport { tried, puzzles: set.puzzles.len(), seconds: start.elapsed().as_secs_f64() };
    writeln!(
        log,
        "{} puzzles from {} positions in {:.1} s: {:.1} proven puzzles a minute; wrote {}",
        report.puzzles,
        report.tried,
        report.seconds,
        report.rate(),
        out.display()
    )?;
    Ok(report)
}

/// Proves every puzzle of the set in `file` again; the number of mismatches, each told to
/// `log`.
pub fn verify_puzzles(file: &Path, log: &mut dyn Write) -> anyhow::Result<usize> {
    let text = std::fs::read_to_string(file).with_context(|| format!("could not read {}", file.display()))?;
    let set = PuzzleSet::from_text(&text).with_context(|| format!("{} is not a puzzle set", file.display()))?;
    let start = Instant::now();
    let mut prover = Prover::new();
    let mut mismatches = 0;
    for (n, puzzle) in set.puzzles.iter().enumerate() {
        if let Err(mismatch) = verify(&mut prover, puzzle, set.header.margin) {
            mismatches += 1;
            writeln!(log, "puzzle {} ({}): {mismatch}", n + 1, puzzle.board)?;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    writeln!(
        log,
        "{} puzzles checked in {seconds:.1} s ({:.1} a minute): {mismatches} mismatches",
        set.puzzles.len(),
        set.puzzles.len() as f64 * 60.0 / seconds.max(1e-9)
    )?;
    Ok(mismatches)
}
