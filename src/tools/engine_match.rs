//! `reversi-bot match`: this build's NBoard engine against another build's, each a
//! `reversi-bot engine` process, from random openings with both colours: how a change of the
//! engine is judged in play.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};

use crate::ai::rng::Rng;
use crate::engine::{BoardSize, Color, Game, GgfInfo, Move, Rules};

/// How long both engines take a move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MatchPace {
    /// A search this many plies deep (`set depth`).
    Depth(u32),
    /// The bot's level 5 with this many seconds a move (`set time`).
    Time(f64),
}

/// What `reversi-bot match` plays.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    /// The other build's `reversi-bot`.
    pub other: PathBuf,
    /// Both engines' pace.
    pub pace: MatchPace,
    /// The distinct random 8-ply openings, each played with both colours.
    pub openings: usize,
    /// The openings' seed.
    pub seed: u64,
}

/// The games of a match, from this build's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
    /// The sum of this build's margins, in discs.
    pub discs: i32,
    /// The time each build (this, the other) took over its midgame moves, and how many there
    /// were.
    pub midgame: [(Duration, u32); 2],
    /// The same over all moves.
    pub all: [(Duration, u32); 2],
}

/// A move is a midgame move while more than this many squares are empty: level 5 at 2 s a move
/// tries the exact solver from 28 empties on.
pub const MIDGAME_EMPTIES: u32 = 28;

impl MatchScore {
    fn games(&self) -> u32 {
        self.won + self.drawn + self.lost
    }

    /// The mean time of a midgame move of this build (0) or the other (1), in seconds.
    pub fn midgame_seconds(&self, build: usize) -> f64 {
        mean_seconds(self.midgame[build])
    }

    /// The mean time of any move of this build (0) or the other (1), in seconds.
    pub fn move_seconds(&self, build: usize) -> f64 {
        mean_seconds(self.all[build])
    }
}

fn mean_seconds((time, moves): (Duration, u32)) -> f64 {
    if moves == 0 { 0.0 } else { time.as_secs_f64() / f64::from(moves) }
}

/// Plays `this` (the path of this build's `reversi-bot`) against `options.other`, printing the
/// score after each opening: the games won, drawn and lost, the score (a draw counts half) with
/// its standard error, and the mean margin.
pub fn play_match(this: &Path, options: &MatchOptions, out: &mut impl Write) -> anyhow::Result<MatchScore> {
    let pace = match options.pace {
        MatchPace::Depth(depth) => format!("set depth {depth}"),
        MatchPace::Time(seconds) => format!("set time {seconds}"),
    };
    let mut engines = [EngineProcess::start(this, &pace)?, EngineProcess::start(&options.other, &pace)?];
    let mut rng = Rng::new(options.seed);
    let mut score = MatchScore::default();
    let mut seen = HashSet::new();
    while seen.len() < options.openings {
        let mut opening = Game::new(Rules::default());
        for _ in 0..8 {
            let choices = opening.legal_choices();
            opening.play(choices[rng.below(choices.len() as u64) as usize])?;
        }
        if !seen.insert(opening.to_ggf(&GgfInfo::default())) {
            continue;
        }
        for this_is_black in [true, false] {
            let mut game = opening.clone();
            while let Some(color) = game.to_move() {
                let build = usize::from((color == Color::Black) != this_is_black);
                let engine = &mut engines[build];
                let asked = Instant::now();
                let mv = engine.go(&game)?;
                let took = asked.elapsed();
                score.all[build].0 += took;
                score.all[build].1 += 1;
                if game.board().empties() > MIDGAME_EMPTIES {
                    score.midgame[build].0 += took;
                    score.midgame[build].1 += 1;
                }
                game.play(mv).with_context(|| format!("{} played an illegal move", engine.program.display()))?;
            }
            let margin = game.result().context("the game is over")?.margin() * if this_is_black { 1 } else { -1 };
            score.discs += margin;
            match margin.signum() {
                1 => score.won += 1,
                0 => score.drawn += 1,
                _ => score.lost += 1,
            }
        }
        let MatchScore { won, drawn, lost, discs, .. } = score;
        let games = f64::from(score.games());
        let mean = (f64::from(won) + 0.5 * f64::from(drawn)) / games;
        let points = [(won, 1.0), (drawn, 0.5), (lost, 0.0)];
        let variance = points.iter().map(|&(n, p)| f64::from(n) * (p - mean) * (p - mean)).sum::<f64>() / games;
        writeln!(
            out,
            "{} openings: this build {won} won, {drawn} drawn, {lost} lost, score {:.1}% ± {:.1}%, mean margin {:+.2}; \
             a move {:.2} s (the other {:.2} s), a midgame move (over {MIDGAME_EMPTIES} empties) {:.2} s ({:.2} s)",
            seen.len(),
            100.0 * mean,
            100.0 * (variance / games).sqrt(),
            f64::from(discs) / games,
            score.move_seconds(0),
            score.move_seconds(1),
            score.midgame_seconds(0),
            score.midgame_seconds(1),
        )?;
        out.flush()?;
    }
    Ok(score)
}

/// One `reversi-bot engine` process, spoken to as an NBoard GUI would.
struct EngineProcess {
    program: PathBuf,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl EngineProcess {
    /// Starts `program`'s engine at `pace` (`set depth N` or `set time S`).
    fn start(program: &Path, pace: &str) -> anyhow::Result<EngineProcess> {
        let mut child = Command::new(program)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start {}", program.display()))?;
        let input = child.stdin.take().context("the engine's input")?;
        let output = BufReader::new(child.stdout.take().context("the engine's output")?);
        let mut engine = EngineProcess { program: program.to_path_buf(), child, input, output };
        engine.send(&format!("nboard 2\n{pace}"))?;
        Ok(engine)
    }

    fn send(&mut self, lines: &str) -> anyhow::Result<()> {
        writeln!(self.input, "{lines}")
            .and_then(|()| self.input.flush())
            .with_context(|| format!("{} stopped listening", self.program.display()))
    }

    /// The engine's move in `game`.
    fn go(&mut self, game: &Game) -> anyhow::Result<Move> {
        self.send(&format!("set game {}\ngo", game.to_ggf(&GgfInfo::default())))?;
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                bail!("{} stopped before it moved", self.program.display());
            }
            if let Some(answer) = line.strip_prefix("=== ") {
                let square = answer.split('/').next().unwrap_or_default().trim();
                return Move::parse(square, BoardSize::Eight)
                    .with_context(|| format!("{} answered {}", self.program.display(), line.trim()));
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // The process may have died already (a failed match): then it is only reaped.
        if writeln!(self.input, "quit").and_then(|()| self.input.flush()).is_err() {
            self.child.kill().ok();
        }
        self.child.wait().ok();
    }
}
