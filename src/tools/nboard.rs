//! `reversi-bot engine`: the NBoard protocol on stdin/stdout, so the bot plays in the NBoard GUI
//! and against other engines. Commands understood: `nboard`, `set depth N`, `set game GGF`,
//! `set contempt N` (ignored), `move SQ[/eval/time]`, `go` (answers `=== SQ/eval/time`),
//! `hint N` (answers `search SQ eval 0 depth` then `status`), `ping N` (`pong N`), `learn`
//! (`learned`), `analyze` (`status`), `quit`. Standard Othello only; `set depth N` searches N
//! plies deep and solves exactly from N * 3 / 2 empties (at most 28).

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::ai::Searcher;
use crate::engine::{BoardSize, Game, Move, Rules};

/// Runs the NBoard protocol until `quit` or the end of `input`.
pub fn run_nboard(input: impl BufRead, mut output: impl Write) -> anyhow::Result<()> {
    let mut searcher = Searcher::new(64);
    let mut game = Game::new(Rules::default());
    let mut depth: u32 = 12;
    let cancel = AtomicBool::new(false);
    for line in input.lines() {
        let line = line?;
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { continue };
        match command {
            "nboard" => writeln!(output, "set myname reversi-bot")?,
            "set" => match words.next() {
                Some("depth") => {
                    if let Some(n) = words.next().and_then(|w| w.parse::<u32>().ok()) {
                        depth = n.clamp(1, 60);
                    }
                }
                Some("game") => {
                    let ggf =
                        line.trim_start().trim_start_matches("set").trim_start().trim_start_matches("game").trim();
                    match Game::from_ggf(ggf) {
                        // NBoard and its GUI speak Othello only; our GGF of other rules reads
                        // back, and is refused here by name.
                        Ok((g, _)) if g.rules().is_standard() => {
                            game = g;
                            searcher.clear();
                        }
                        Ok((g, _)) => writeln!(output, "status only 8x8 Othello is supported, not {}", g.rules())?,
                        Err(e) => writeln!(output, "status cannot read the game: {e}")?,
                    }
                }
                _ => {}
            },
            "move" => {
                let text = words.next().unwrap_or("");
                let square = text.split('/').next().unwrap_or("");
                if square.eq_ignore_ascii_case("pa") {
                    continue;
                }
                match Move::parse(square, BoardSize::Eight)
                    .map_err(anyhow::Error::from)
                    .and_then(|mv| game.play(mv).map_err(anyhow::Error::from))
                {
                    Ok(_) => {}
                    Err(e) => writeln!(output, "status illegal move {text}: {e}")?,
                }
            }
            "go" => {
                writeln!(output, "status thinking")?;
                output.flush()?;
                match think(&mut searcher, &game, depth, &cancel) {
                    Some((mv, eval, seconds, _)) => writeln!(output, "=== {mv}/{eval:.2}/{seconds:.3}")?,
                    None => writeln!(output, "=== PA")?,
                }
                writeln!(output, "status")?;
            }
            "hint" => {
                let count = words.next().and_then(|w| w.parse::<usize>().ok()).unwrap_or(1).max(1);
                writeln!(output, "status thinking")?;
                output.flush()?;
                for (mv, eval, shown) in hints(&mut searcher, &game, depth, count, &cancel) {
                    writeln!(output, "search {mv} {eval:.2} 0 {shown}")?;
                }
                writeln!(output, "status")?;
            }
            "ping" => writeln!(output, "pong {}", words.next().unwrap_or("0"))?,
            "learn" => writeln!(output, "learned")?,
            "analyze" => writeln!(output, "status")?,
            "quit" => break,
            _ => {}
        }
        output.flush()?;
    }
    Ok(())
}

/// The `count` best moves with their evaluations for the side to move and the depth text, best
/// first: each legal move is played and the position after it searched one ply less deep (a
/// game it ends is scored by its discs).
fn hints(
    searcher: &mut Searcher,
    game: &Game,
    depth: u32,
    count: usize,
    cancel: &AtomicBool,
) -> Vec<(String, f64, String)> {
    let Some(me) = game.to_move() else { return Vec::new() };
    let mut scored = Vec::new();
    for mv in game.legal_choices() {
        let mut after = game.clone();
        if after.play(mv).is_err() {
            continue;
        }
        let (score, shown) = match after.to_move() {
            None => {
                let counts = after.counts();
                (f64::from(counts[me.index()]) - f64::from(counts[me.opponent().index()]), "100%".to_string())
            }
            Some(next) => {
                let Some((p, o)) = after.board().to_bitboards8(next) else { continue };
                let Some(analysis) = searcher.analyse8(p, o, depth.saturating_sub(1).max(1), None, cancel) else {
                    continue;
                };
                let score = f64::from(analysis.score);
                let shown = if analysis.exact { "100%".to_string() } else { (analysis.depth + 1).to_string() };
                (if next == me { score } else { -score }, shown)
            }
        };
        scored.push((mv.to_string().to_uppercase(), score, shown));
    }
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored.truncate(count);
    scored
}

/// The best move, its evaluation, the seconds taken and the depth text (`100%` when exact).
fn think(searcher: &mut Searcher, game: &Game, depth: u32, cancel: &AtomicBool) -> Option<(String, f64, f64, String)> {
    let color = game.to_move()?;
    let started = Instant::now();
    let (p, o) = game.board().to_bitboards8(color)?;
    let analysis = searcher.analyse8(p, o, depth, None, cancel)?;
    let mv = analysis.best.to_string().to_uppercase();
    let shown = if analysis.exact { "100%".to_string() } else { analysis.depth.to_string() };
    Some((mv, f64::from(analysis.score), started.elapsed().as_secs_f64(), shown))
}
