//! `reversi-bot engine`: the NBoard protocol on stdin/stdout, so the bot plays in the NBoard GUI
//! and against other engines. Commands understood: `nboard`, `set depth N`, `set time S`,
//! `set game GGF`, `set contempt N` (ignored), `move SQ[/eval/time]`, `go` (answers
//! `=== SQ/eval/time`), `hint N` (answers `search SQ eval 0 depth` lines, best first, then
//! `status`), `ping N` (`pong N`), `learn` (`learned`), `analyze` (`status`), `quit`.
//! Standard Othello only.
//!
//! How long a move takes: `set depth N` searches N plies deep and solves exactly from N * 3 / 2
//! empties (at most 28); `set time S` plays as the Discord bot's level 5 does with a budget of S
//! seconds a move, which it may use less of (a move is played once the search stops deepening
//! usefully, and a solved position at once); and a GGF clock (`TI[15:00]` with move times, `B[F5/0.5/2.1]`) caps either at a share of
//! the time left. Input is read while the engine thinks: `ping` stops the search, which answers
//! with the best move found so far, then `pong`; `quit` stops it and ends; other commands wait
//! their turn.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::ai::{AiConfig, Level, Searcher};
use crate::engine::{BoardSize, Color, Game, GgfInfo, Move, Rules};

/// Memory for the engine's transposition tables, in megabytes.
const TABLE_MEGABYTES: usize = 64;
/// How often the engine looks for input while it thinks.
const LISTEN: Duration = Duration::from_millis(5);
/// The least a move may take on a clock, so that a nearly spent clock still gives a legal move.
const MIN_MOVE_TIME: Duration = Duration::from_millis(20);

/// How long a move takes.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pace {
    /// A search this many plies deep (the protocol's `set depth`).
    Depth(u32),
    /// The bot's level 5 with this long a move (`set time`).
    Time(Duration),
}

/// The game's clock from its GGF: the time each player has in all, and what each has used.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct GameClock {
    /// `TI`: each player's time for the game; `None` when the game has no clock.
    total: Option<Duration>,
    /// Time used by black and white.
    used: [Duration; 2],
}

impl GameClock {
    /// The clock of a GGF game: its `TI[m:ss]` (or `h:mm:ss`, or seconds; GGS's increments after
    /// `//` are ignored) and the times after its moves (`B[F5/0.5/2.1]`).
    fn of_ggf(info: &GgfInfo) -> GameClock {
        GameClock { total: info.time_control.as_deref().and_then(parse_clock), used: info.move_time }
    }

    /// The time `color` may spend on this move with `empties` squares left: an even share of what
    /// is left over its remaining moves and a few more, `None` without a clock.
    fn budget(&self, color: Color, empties: u32) -> Option<Duration> {
        let left = self.total?.saturating_sub(self.used[color.index()]);
        let moves_left = empties.div_ceil(2) + 3;
        Some((left / moves_left).max(MIN_MOVE_TIME))
    }
}

/// `15:00`, `1:00:00`, `90` or `5:00//2:00` as a duration.
fn parse_clock(text: &str) -> Option<Duration> {
    let main = text.split("//").next()?.trim();
    let mut seconds = 0.0;
    for part in main.split(':') {
        seconds = seconds * 60.0 + part.trim().parse::<f64>().ok()?;
    }
    (seconds > 0.0).then(|| Duration::from_secs_f64(seconds))
}

/// The engine's state between commands.
struct Engine {
    searcher: Searcher,
    game: Game,
    pace: Pace,
    clock: GameClock,
}

/// What a search returned, and what came in while it ran.
struct Listened<T> {
    result: T,
    /// The `ping` lines that stopped it, to answer after its result.
    pings: Vec<String>,
    /// Whether `quit` came.
    quit: bool,
}

/// Runs the NBoard protocol until `quit` or the end of `input`. The input is read on a thread of
/// its own, so that the engine hears `ping` and `quit` while it thinks.
pub fn run_nboard(input: impl BufRead + Send + 'static, mut output: impl Write) -> anyhow::Result<()> {
    let (sender, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut engine = Engine {
        searcher: Searcher::new(TABLE_MEGABYTES),
        game: Game::new(Rules::default()),
        pace: Pace::Depth(12),
        clock: GameClock::default(),
    };
    let mut waiting: VecDeque<String> = VecDeque::new();
    loop {
        let line = match waiting.pop_front() {
            Some(line) => line,
            None => match lines.recv() {
                Ok(line) => line,
                Err(_) => break,
            },
        };
        if !engine.command(&line, &lines, &mut waiting, &mut output)? {
            break;
        }
        output.flush()?;
    }
    output.flush()?;
    Ok(())
}

impl Engine {
    /// Runs one command; false once the engine is to stop.
    fn command(
        &mut self,
        line: &str,
        lines: &Receiver<String>,
        waiting: &mut VecDeque<String>,
        output: &mut impl Write,
    ) -> anyhow::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else { return Ok(true) };
        match command {
            "nboard" => writeln!(output, "set myname reversi-bot")?,
            "set" => match words.next() {
                Some("depth") => match words.next().and_then(|w| w.parse::<u32>().ok()) {
                    Some(n) if (1..=60).contains(&n) => self.pace = Pace::Depth(n),
                    _ => writeln!(output, "status set depth takes the plies to search, 1 to 60, such as 12")?,
                },
                Some("time") => match words.next().and_then(|w| w.parse::<f64>().ok()) {
                    Some(seconds) if seconds > 0.0 && seconds.is_finite() => {
                        self.pace = Pace::Time(Duration::from_secs_f64(seconds));
                    }
                    _ => writeln!(output, "status set time takes the seconds a move may take, such as 2")?,
                },
                Some("game") => {
                    let ggf =
                        line.trim_start().trim_start_matches("set").trim_start().trim_start_matches("game").trim();
                    match Game::from_ggf(ggf) {
                        // NBoard and its GUI speak Othello only; our GGF of other rules reads
                        // back, and is refused here by name.
                        Ok((g, info)) if g.rules().is_standard() => {
                            self.game = g;
                            self.clock = GameClock::of_ggf(&info);
                            self.searcher.clear();
                        }
                        Ok((g, _)) => writeln!(output, "status only 8x8 Othello is supported, not {}", g.rules())?,
                        Err(e) => writeln!(output, "status cannot read the game: {e}")?,
                    }
                }
                _ => {}
            },
            "move" => {
                let text = words.next().unwrap_or("");
                let mut parts = text.split('/');
                let square = parts.next().unwrap_or("");
                let seconds = parts.nth(1).and_then(|t| t.parse::<f64>().ok()).unwrap_or(0.0);
                if let Some(color) = self.game.to_move() {
                    self.clock.used[color.index()] += Duration::from_secs_f64(seconds.max(0.0));
                }
                if square.eq_ignore_ascii_case("pa") {
                    return Ok(true);
                }
                match Move::parse(square, BoardSize::Eight)
                    .map_err(anyhow::Error::from)
                    .and_then(|mv| self.game.play(mv).map_err(anyhow::Error::from))
                {
                    Ok(_) => {}
                    Err(e) => writeln!(output, "status illegal move {text}: {e}")?,
                }
            }
            "go" => {
                writeln!(output, "status thinking")?;
                output.flush()?;
                let (game, pace, clock) = (self.game.clone(), self.pace, self.clock);
                let heard = listen(&mut self.searcher, lines, waiting, |searcher, cancel| {
                    think(searcher, &game, pace, &clock, cancel)
                });
                match &heard.result {
                    Some((mv, eval, seconds)) => writeln!(output, "=== {mv}/{:.2}/{seconds:.3}", eval + 0.0)?,
                    None => writeln!(output, "=== PA")?,
                }
                writeln!(output, "status")?;
                return answer_pings(&heard, output);
            }
            "hint" => {
                let count = words.next().and_then(|w| w.parse::<usize>().ok()).unwrap_or(1).max(1);
                writeln!(output, "status thinking")?;
                output.flush()?;
                let (game, pace, clock) = (self.game.clone(), self.pace, self.clock);
                let heard = listen(&mut self.searcher, lines, waiting, |searcher, cancel| {
                    hints(searcher, &game, pace, &clock, count, cancel)
                });
                for (mv, eval, shown) in &heard.result {
                    // `+ 0.0` makes a negative zero a plain zero (no "-0.00").
                    writeln!(output, "search {mv} {:.2} 0 {shown}", eval + 0.0)?;
                }
                writeln!(output, "status")?;
                return answer_pings(&heard, output);
            }
            "ping" => writeln!(output, "pong {}", words.next().unwrap_or("0"))?,
            "learn" => writeln!(output, "learned")?,
            "analyze" => writeln!(output, "status")?,
            "quit" => return Ok(false),
            _ => {}
        }
        Ok(true)
    }
}

/// Answers the pings that came during a search; false when `quit` came too.
fn answer_pings<T>(heard: &Listened<T>, output: &mut impl Write) -> anyhow::Result<bool> {
    for ping in &heard.pings {
        writeln!(output, "pong {}", ping.split_whitespace().nth(1).unwrap_or("0"))?;
    }
    Ok(!heard.quit)
}

/// Runs `work` on a thread of its own while reading the input: `ping` and `quit` stop it (set
/// its cancel flag), other lines wait in `waiting` for their turn.
fn listen<T: Send>(
    searcher: &mut Searcher,
    lines: &Receiver<String>,
    waiting: &mut VecDeque<String>,
    work: impl FnOnce(&mut Searcher, &AtomicBool) -> T + Send,
) -> Listened<T> {
    let cancel = AtomicBool::new(false);
    let (mut pings, mut quit) = (Vec::new(), false);
    let result = std::thread::scope(|scope| {
        let thinking = scope.spawn(|| work(searcher, &cancel));
        while !thinking.is_finished() {
            match lines.recv_timeout(LISTEN) {
                Ok(line) => match line.split_whitespace().next() {
                    Some("ping") => {
                        cancel.store(true, Ordering::Relaxed);
                        pings.push(line);
                    }
                    Some("quit") => {
                        cancel.store(true, Ordering::Relaxed);
                        quit = true;
                    }
                    _ => waiting.push_back(line),
                },
                Err(RecvTimeoutError::Timeout) => {}
                // The input has ended: let the search finish.
                Err(RecvTimeoutError::Disconnected) => std::thread::sleep(LISTEN),
            }
        }
        thinking.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    Listened { result, pings, quit }
}

/// The time this move may take: `set time`'s, capped by the game's clock.
fn move_budget(pace: Pace, clock: &GameClock, game: &Game) -> Option<Duration> {
    let color = game.to_move()?;
    let empties = game.board().empty_squares().len() as u32;
    let share = clock.budget(color, empties);
    match (pace, share) {
        (Pace::Time(time), Some(share)) => Some(time.min(share)),
        (Pace::Time(time), None) => Some(time),
        (Pace::Depth(_), share) => share,
    }
}

/// The `count` best moves with their evaluations for the side to move and the depth text, best
/// first: each legal move is played and the position after it searched one ply less deep (a
/// game it ends is scored by its discs). Under `set time` or a clock, the moves share the budget.
fn hints(
    searcher: &mut Searcher,
    game: &Game,
    pace: Pace,
    clock: &GameClock,
    count: usize,
    cancel: &AtomicBool,
) -> Vec<(String, f64, String)> {
    let Some(me) = game.to_move() else { return Vec::new() };
    let choices = game.legal_choices();
    let budget = move_budget(pace, clock, game).map(|b| b / choices.len().max(1) as u32);
    let depth = match pace {
        Pace::Depth(depth) => depth,
        Pace::Time(_) => 60,
    };
    let mut scored = Vec::new();
    for mv in choices {
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
                let Some(analysis) = searcher.analyse8(p, o, depth.saturating_sub(1).max(1), budget, cancel) else {
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

/// The move to play, its evaluation and the seconds taken: a search of the set depth (within the
/// clock's share), or the bot's level 5 with `set time`'s seconds. A stopped search gives the
/// best move found so far, or the first legal move when it found none.
fn think(
    searcher: &mut Searcher,
    game: &Game,
    pace: Pace,
    clock: &GameClock,
    cancel: &AtomicBool,
) -> Option<(String, f64, f64)> {
    let color = game.to_move()?;
    let started = Instant::now();
    let budget = move_budget(pace, clock, game);
    let found = match pace {
        Pace::Time(_) => {
            let config = AiConfig { budget: budget.unwrap_or(MIN_MOVE_TIME), tt_megabytes: TABLE_MEGABYTES };
            searcher
                .choose(game, Level::MAX, &config, 0, cancel)
                .map(|c| (c.mv.to_string(), f64::from(c.score.unwrap_or(0))))
        }
        Pace::Depth(depth) => {
            let (p, o) = game.board().to_bitboards8(color)?;
            searcher.analyse8(p, o, depth, budget, cancel).map(|a| (a.best.to_string(), f64::from(a.score)))
        }
    };
    let (mv, eval) = match found {
        Some(found) => found,
        None => (game.legal_choices().first()?.to_string(), 0.0),
    };
    Some((mv.to_string().to_uppercase(), eval, started.elapsed().as_secs_f64()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ggf_clock_reads_the_time_control_and_each_sides_move_times() {
        let ggf = "(;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.5]W[F6/-1.0/2.25]B[E6/0.5/0.5];)";
        let clock = GameClock::of_ggf(&Game::from_ggf(ggf).unwrap().1);
        assert_eq!(clock.total, Some(Duration::from_secs(900)));
        assert_eq!(clock.used, [Duration::from_secs(2), Duration::from_secs_f64(2.25)]);
        assert_eq!(parse_clock("1:00:00"), Some(Duration::from_secs(3600)));
        assert_eq!(parse_clock("5:00//2:00"), Some(Duration::from_secs(300)));
        assert_eq!(parse_clock("90"), Some(Duration::from_secs(90)));
        assert_eq!(parse_clock("soon"), None);
        assert_eq!(GameClock::of_ggf(&Game::from_ggf("(;GM[Othello]B[F5];)").unwrap().1).total, None);
    }

    #[test]
    fn a_move_on_a_clock_takes_a_share_of_the_time_left_and_never_nothing() {
        let clock = GameClock { total: Some(Duration::from_secs(60)), used: [Duration::from_secs(30), Duration::ZERO] };
        assert_eq!(clock.budget(Color::Black, 30), Some(Duration::from_secs(30) / 18));
        assert_eq!(clock.budget(Color::White, 30), Some(Duration::from_secs(60) / 18));
        let spent = GameClock { total: Some(Duration::from_secs(60)), used: [Duration::from_secs(70), Duration::ZERO] };
        assert_eq!(spent.budget(Color::Black, 10), Some(MIN_MOVE_TIME));
        assert_eq!(GameClock::default().budget(Color::Black, 10), None);
    }
}
