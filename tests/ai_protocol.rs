//! The AI's text front ends: `solve_file` (the `solve` subcommand) in text and JSON, and the
//! NBoard protocol (the `engine` subcommand) driven by a scripted GUI. (`reversi-bot match`, which
//! plays two engine processes against each other, is tested in tests/cli.rs.)

use std::io::Cursor;
use std::sync::atomic::{AtomicUsize, Ordering};

use reversi_bot::tools::{SolveOptions, run_nboard, solve_file};

/// A file of its own (tests run in parallel threads of one process) holding `lines` of the
/// FForum file `name`, from line `skip` on.
fn ffo_sample_from(name: &str, skip: usize, lines: usize) -> std::path::PathBuf {
    static FILES: AtomicUsize = AtomicUsize::new(0);
    let source = format!("{}/tests/data/ffo/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(source).unwrap();
    let sample: Vec<&str> = text.lines().skip(skip).take(lines).collect();
    let file = FILES.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("reversi-bot-ai-protocol-{}-{file}.obf", std::process::id()));
    std::fs::write(&path, sample.join("\n")).unwrap();
    path
}

/// Text output, no tests, and tables small enough for quick tests.
const SMALL: SolveOptions = SolveOptions { json: false, tests: false, table_mb: 16 };

fn ffo_sample(lines: usize) -> std::path::PathBuf {
    ffo_sample_from("fforum-1-19.obf", 0, lines)
}

/// The nodes of each position in `solve_file`'s JSON output, with the smallest tables (where
/// what one position leaves would crowd the next).
fn nodes_by_position(path: &std::path::Path) -> Vec<u64> {
    let mut out = Vec::new();
    assert!(solve_file(path, &SolveOptions { json: true, table_mb: 1, ..SMALL }, &mut out).unwrap().all_agree());
    let text = String::from_utf8(out).unwrap();
    let objects = text.lines().map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap());
    objects.filter(|o| o["totals"].is_null()).map(|o| o["nodes"].as_u64().unwrap()).collect()
}

#[test]
fn each_position_of_a_file_is_solved_from_empty_tables() {
    // A position's nodes do not depend on the positions before it in the file: FForum 41 after
    // 40, and alone.
    let path = ffo_sample_from("fforum-40-59.obf", 0, 2);
    let in_file = nodes_by_position(&path);
    assert_eq!(in_file.len(), 2);
    let alone = ffo_sample_from("fforum-40-59.obf", 1, 1);
    assert_eq!(nodes_by_position(&alone), [in_file[1]]);
    std::fs::remove_file(alone).ok();
    std::fs::remove_file(path).ok();
}

#[test]
fn solving_a_file_prints_one_json_object_per_position_and_the_totals() {
    let path = ffo_sample(3);
    let mut out = Vec::new();
    let totals = solve_file(&path, &SolveOptions { json: true, ..SMALL }, &mut out).unwrap();
    assert_eq!(totals.positions, 3);
    assert!(totals.all_agree());
    let text = String::from_utf8(out).unwrap();
    let objects: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(objects.len(), 4);
    assert_eq!(objects[0]["position"], 1);
    assert_eq!(objects[0]["empties"], 14);
    assert_eq!(objects[0]["move"], "g8");
    assert_eq!(objects[0]["score"], 18);
    assert!(objects[0]["nodes"].as_u64().unwrap() > 0);
    assert!(objects[0]["seconds"].is_f64());
    assert_eq!(objects[3]["totals"], true);
    std::fs::remove_file(path).ok();
}

#[test]
fn solving_a_file_as_text_says_whether_each_score_agrees() {
    let path = ffo_sample(2);
    let mut out = Vec::new();
    let totals = solve_file(&path, &SMALL, &mut out).unwrap();
    assert_eq!(totals.agreed, 2);
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().filter(|l| l.ends_with("ok")).count(), 2, "{text}");
    assert!(text.lines().last().unwrap().starts_with("total: 2 positions, 2 agree"), "{text}");
    std::fs::remove_file(path).ok();
}

#[test]
fn solving_with_tests_shows_each_root_test_and_the_nodes_of_its_moves() {
    // FForum 41: 22 empties, so three selective passes (1, 1.5 and 2 standard deviations) come
    // before the exact one.
    let path = ffo_sample_from("fforum-40-59.obf", 1, 1);
    let mut out = Vec::new();
    assert!(solve_file(&path, &SolveOptions { json: true, tests: true, ..SMALL }, &mut out).unwrap().all_agree());
    let text = String::from_utf8(out).unwrap();
    let position: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let score = position["score"].as_i64().unwrap();
    let tests = position["tests"].as_array().unwrap();
    let margins: Vec<Option<f64>> = tests.iter().map(|t| t["margin"].as_f64()).collect();
    let mut passes = margins.clone();
    passes.dedup();
    assert_eq!(passes, [Some(1.0), Some(1.5), Some(2.0), None], "{margins:?}");
    let (mut lower, mut upper) = (-64, 64);
    let mut all = 0;
    for test in tests {
        let moves = test["moves"].as_array().unwrap();
        let nodes: Vec<u64> = moves.iter().map(|m| m["nodes"].as_u64().unwrap()).collect();
        // The test's nodes are the root's own (itself and its ordering's searches) and each
        // move's subtree.
        assert!(test["nodes"].as_u64().unwrap() > nodes.iter().sum::<u64>(), "{test}");
        assert!(nodes.iter().all(|&n| n > 0), "{test}");
        all += test["nodes"].as_u64().unwrap();
        // Fail-soft: the answer is the best move's score, and a test stops at a move that
        // reaches beta.
        let (beta, answer) = (test["beta"].as_i64().unwrap(), test["score"].as_i64().unwrap());
        let best = moves.iter().map(|m| m["score"].as_i64().unwrap()).max().unwrap();
        assert_eq!(answer, best, "{test}");
        let cut = moves.iter().position(|m| m["score"].as_i64().unwrap() >= beta);
        assert!(cut.is_none_or(|i| i == moves.len() - 1), "{test}");
        if test["margin"].is_null() {
            if answer >= beta {
                lower = lower.max(answer);
            } else {
                upper = upper.min(answer);
            }
        }
    }
    // The exact tests prove the score from both sides; the first guess's search has the rest.
    assert_eq!((lower, upper), (score, score), "{tests:?}");
    assert!(all < position["nodes"].as_u64().unwrap());

    // As text, each test is a line under its position's.
    let mut out = Vec::new();
    solve_file(&path, &SolveOptions { tests: true, ..SMALL }, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].ends_with("ok"), "{text}");
    assert_eq!(lines[2].split_whitespace().take(2).collect::<Vec<_>>(), ["1.0", "sd"], "{text}");
    assert!(lines.iter().any(|l| l.trim_start().starts_with("exact  >= +0? yes, >= +0")), "{text}");
    assert_eq!(lines.len(), 3 + tests.len(), "{text}");
    std::fs::remove_file(path).ok();
}

#[test]
fn a_file_that_is_not_obf_is_an_error() {
    let path = std::env::temp_dir().join(format!("reversi-bot-ai-bad-{}.obf", std::process::id()));
    std::fs::write(&path, "hello world\n").unwrap();
    assert!(solve_file(&path, &SMALL, &mut Vec::new()).is_err());
    assert!(solve_file(std::path::Path::new("/nonexistent/file.obf"), &SMALL, &mut Vec::new()).is_err());
    std::fs::remove_file(path).ok();
}

#[test]
fn the_nboard_engine_answers_a_gui_session() {
    let mut engine = LiveEngine::start();
    engine.send("nboard 2\nset depth 4\nset game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)\nping 1");
    let lines = engine.until(|l| l == "pong 1");
    assert!(lines.iter().any(|l| l == "set myname reversi-bot"), "{lines:?}");
    engine.send("go");
    let lines = engine.until(|l| l.starts_with("=== "));
    // Black to move after f5 f6: the answer is one of black's legal moves.
    let (square, _) = answer_of(&lines);
    let game = reversi_bot::engine::Game::from_transcript(reversi_bot::engine::Rules::default(), "f5f6").unwrap();
    assert!(game.legal_moves().iter().any(|s| s.to_string() == square), "{lines:?}");
    engine.send("move d3\nhint 1");
    engine.until(|l| l == "status thinking");
    let lines = engine.until(|l| l == "status");
    assert!(lines.iter().any(|l| l.starts_with("search ")), "{lines:?}");
    engine.send("ping 2");
    engine.until(|l| l == "pong 2");
    engine.send("quit");
}

#[test]
fn the_engine_names_a_move_off_the_board_as_off_the_8x8_board() {
    let mut out = Vec::new();
    run_nboard("nboard 2\nmove z9\nmove k10\nping 1\nquit\n".as_bytes(), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("status illegal move z9: z9 is off the 8x8 board"), "{text}");
    assert!(text.contains("status illegal move k10: k10 is off the 8x8 board"), "{text}");
    assert!(!text.contains("10x10"), "{text}");
    assert!(text.contains("pong 1"), "{text}");
}

#[test]
fn the_nboard_engine_reads_our_ggf_of_other_rules_and_says_it_plays_othello_only() {
    use reversi_bot::engine::{Game, GgfInfo, Preset, random_game};
    for preset in [Preset::RavensburgerChildren, Preset::JacquesSons] {
        let full = random_game(preset.rules(), 3);
        let game = Game::replay(preset.rules(), full.moves().take(20).map(|m| m.mv)).unwrap();
        let record = game.to_ggf(&GgfInfo::default());
        let script = format!("nboard 2\nset game {record}\nping 1\nquit\n");
        let mut out = Vec::new();
        run_nboard(Cursor::new(script), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let expected = format!("status only 8x8 Othello is supported, not {}", preset.rules());
        assert!(text.contains(&expected), "{preset:?}: {text}");
        assert!(!text.contains("cannot read"), "the record itself reads: {text}");
    }
}

#[test]
fn hint_n_answers_n_moves_best_first_and_the_four_symmetric_openings_score_alike() {
    let mut engine = LiveEngine::start();
    engine.send("nboard 2\nset depth 4\nhint 4");
    engine.until(|l| l == "status thinking");
    let mut lines = engine.until(|l| l == "status");
    engine.send("hint 2");
    engine.until(|l| l == "status thinking");
    lines.extend(engine.until(|l| l == "status"));
    engine.send("quit");
    let text = lines.join("\n");
    let searches: Vec<(String, f64)> = text
        .lines()
        .filter_map(|line| {
            let mut words = line.strip_prefix("search ")?.split_whitespace();
            Some((words.next()?.to_lowercase(), words.next()?.parse().ok()?))
        })
        .collect();
    assert_eq!(searches.len(), 6, "four moves, then two: {text}");
    let mut first: Vec<&str> = searches[..4].iter().map(|(mv, _)| mv.as_str()).collect();
    first.sort_unstable();
    assert_eq!(first, ["c4", "d3", "e6", "f5"], "{text}");
    let scores: Vec<f64> = searches[..4].iter().map(|(_, score)| *score).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {scores:?}");
    assert!(scores.iter().all(|s| (s - scores[0]).abs() <= 1.0), "symmetric moves score alike: {scores:?}");
    assert!(!text.contains(" -0.00 "), "a zero has no sign: {text}");
}

#[test]
fn a_depth_or_time_the_engine_cannot_read_is_answered_not_ignored() {
    let mut engine = LiveEngine::start();
    engine.send("nboard 2\nset depth abc\nset depth 0\nset time -1\nping 1");
    let lines = engine.until(|l| l == "pong 1");
    engine.send("quit");
    let text = lines.join("\n");
    assert_eq!(text.matches("status set depth takes the plies to search").count(), 2, "{text}");
    assert!(text.contains("status set time takes the seconds"), "{text}");
}

/// The engine on a thread, fed line by line through a pipe as a GUI feeds it, its answers read
/// one line at a time.
struct LiveEngine {
    input: std::io::PipeWriter,
    lines: std::sync::mpsc::Receiver<String>,
}

/// Sends every whole line written to it.
struct LineSender(std::sync::mpsc::Sender<String>, Vec<u8>);

impl std::io::Write for LineSender {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.1.extend_from_slice(bytes);
        while let Some(end) = self.1.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.1.drain(..=end).collect();
            let _ = self.0.send(String::from_utf8_lossy(&line[..end]).into_owned());
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl LiveEngine {
    fn start() -> LiveEngine {
        let (reader, input) = std::io::pipe().unwrap();
        let (sender, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || run_nboard(std::io::BufReader::new(reader), LineSender(sender, Vec::new())));
        LiveEngine { input, lines }
    }

    fn send(&mut self, text: &str) {
        use std::io::Write;
        writeln!(self.input, "{text}").unwrap();
    }

    /// The lines up to and including the first that `done` accepts (at most a minute).
    fn until(&self, done: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(std::time::Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("no answer within a minute; so far: {seen:?}"));
            let finished = done(&line);
            seen.push(line);
            if finished {
                return seen;
            }
        }
    }
}

/// The seconds an `=== SQ/eval/time` answer says it took, and its square.
fn answer_of(lines: &[String]) -> (String, f64) {
    let answer = lines.iter().find_map(|l| l.strip_prefix("=== ")).expect("a move");
    let mut parts = answer.split('/');
    let square = parts.next().unwrap().to_lowercase();
    (square, parts.nth(1).unwrap().parse().unwrap())
}

#[test]
fn ping_is_answered_while_the_engine_thinks_at_depth_30_with_the_best_move_so_far() {
    let mut engine = LiveEngine::start();
    engine.send("nboard 2\nset depth 30\ngo");
    engine.until(|l| l == "status thinking");
    std::thread::sleep(std::time::Duration::from_millis(300));
    engine.send("ping 7");
    let lines = engine.until(|l| l == "pong 7");
    let (square, _) = answer_of(&lines);
    assert!(["f5", "e6", "d3", "c4"].contains(&square.as_str()), "a legal first move: {lines:?}");
    engine.send("ping 8");
    engine.until(|l| l == "pong 8");
    engine.send("quit");
}

#[test]
fn a_move_keeps_within_the_games_clock() {
    let mut engine = LiveEngine::start();
    // Two seconds for the whole game and a depth that would take hours: the clock decides.
    let start = "BO[8 ---------------------------O*------*O--------------------------- *]";
    engine.send(&format!("nboard 2\nset depth 60\nset game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[0:02]TY[8]{start}B[F5//0.2]W[F6//0.3];)\ngo"));
    let lines = engine.until(|l| l.starts_with("=== "));
    let (square, seconds) = answer_of(&lines);
    let game = reversi_bot::engine::Game::from_transcript(reversi_bot::engine::Rules::default(), "f5f6").unwrap();
    assert!(game.legal_moves().iter().any(|s| s.to_string() == square), "{lines:?}");
    assert!(seconds < 1.8, "black had 1.8 s left for the game: {lines:?}");
    engine.send("quit");
}

#[test]
fn set_time_plays_as_the_bots_level_5_within_its_seconds() {
    let mut engine = LiveEngine::start();
    engine.send("nboard 2\nset time 0.3\nset game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3]W[D3]B[C4];)\ngo");
    let lines = engine.until(|l| l.starts_with("=== "));
    let (square, seconds) = answer_of(&lines);
    let game = reversi_bot::engine::Game::from_transcript(reversi_bot::engine::Rules::default(), "f5d6c3d3c4").unwrap();
    assert!(game.legal_moves().iter().any(|s| s.to_string() == square), "{lines:?}");
    assert!(seconds < 3.0, "a move of about 0.3 s: {lines:?}");
    engine.send("set time never\nping 1");
    let lines = engine.until(|l| l == "pong 1");
    assert!(lines.iter().any(|l| l.starts_with("status set time takes")), "{lines:?}");
    engine.send("quit");
}
