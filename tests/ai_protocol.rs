//! The AI's text front ends: `solve_file` (the `solve` subcommand) in text and JSON, and the
//! NBoard protocol (the `engine` subcommand) driven by a scripted GUI, and (ignored, on demand) a
//! match between this build's engine process and another build's.

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
    let script = "nboard 2\nset depth 4\nset game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)\nping 1\ngo\nmove d3\nhint 1\nping 2\nquit\n";
    let mut out = Vec::new();
    run_nboard(Cursor::new(script), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"set myname reversi-bot"), "{text}");
    assert!(lines.contains(&"pong 1") && lines.contains(&"pong 2"), "{text}");
    let answer = lines.iter().find(|l| l.starts_with("=== ")).expect("a move");
    // Black to move after f5 f6: the answer is one of black's legal moves.
    let square = answer[4..].split('/').next().unwrap().to_lowercase();
    let game = reversi_bot::engine::Game::from_transcript(reversi_bot::engine::Rules::default(), "f5f6").unwrap();
    assert!(game.legal_moves().iter().any(|s| s.to_string() == square), "{answer}");
    assert!(lines.iter().any(|l| l.starts_with("search ")), "{text}");
}

/// One `reversi-bot engine` process, spoken to as an NBoard GUI would.
struct EngineProcess {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: std::io::BufReader<std::process::ChildStdout>,
}

impl EngineProcess {
    fn start(program: &str, depth: u32) -> EngineProcess {
        use std::process::{Command, Stdio};
        let mut child = Command::new(program)
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let input = child.stdin.take().unwrap();
        let output = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut engine = EngineProcess { child, input, output };
        engine.send(&format!("nboard 2\nset depth {depth}"));
        engine
    }

    fn send(&mut self, lines: &str) {
        use std::io::Write;
        writeln!(self.input, "{lines}").unwrap();
        self.input.flush().unwrap();
    }

    /// The engine's move in `game`.
    fn go(&mut self, game: &reversi_bot::engine::Game) -> reversi_bot::engine::Move {
        use std::io::BufRead;
        let record = game.to_ggf(&reversi_bot::engine::GgfInfo::default());
        self.send(&format!("set game {record}\ngo"));
        let mut line = String::new();
        loop {
            line.clear();
            assert!(self.output.read_line(&mut line).unwrap() > 0, "the engine stopped");
            if let Some(answer) = line.strip_prefix("=== ") {
                let square = answer.split('/').next().unwrap().trim();
                return reversi_bot::engine::Move::parse(square, reversi_bot::engine::BoardSize::Eight).unwrap();
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // The process may have died already (a failed match): no second panic here.
        use std::io::Write;
        if writeln!(self.input, "quit").and_then(|()| self.input.flush()).is_err() {
            self.child.kill().ok();
        }
        self.child.wait().ok();
    }
}

/// This build's engine against another build's (`MATCH_OTHER`: the path of its `reversi-bot`),
/// both at `MATCH_DEPTH` plies (default 8), from `MATCH_OPENINGS` random 8-ply openings (default
/// 30, seed `MATCH_SEED`) with both colours: how a change of the evaluation is judged in play.
/// `MATCH_OTHER=/path/to/old/reversi-bot cargo test --release --test ai_protocol match_ --
/// --ignored --nocapture`.
#[test]
#[ignore = "a measurement between two builds (set MATCH_OTHER)"]
fn match_against_another_build() {
    use reversi_bot::ai::rng::Rng;
    use reversi_bot::engine::{Color, Game, Rules};
    let var = |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let other = std::env::var("MATCH_OTHER").expect("MATCH_OTHER: the path of the other build's reversi-bot");
    let depth = var("MATCH_DEPTH", 8) as u32;
    let openings = var("MATCH_OPENINGS", 30) as usize;
    let mut rng = Rng::new(var("MATCH_SEED", 1));
    let mut engines =
        [EngineProcess::start(env!("CARGO_BIN_EXE_reversi-bot"), depth), EngineProcess::start(&other, depth)];
    let (mut won, mut drawn, mut lost, mut discs) = (0, 0, 0, 0);
    let mut seen = std::collections::HashSet::new();
    while seen.len() < openings {
        let mut opening = Game::new(Rules::default());
        for _ in 0..8 {
            let choices = opening.legal_choices();
            opening.play(choices[rng.below(choices.len() as u64) as usize]).unwrap();
        }
        if !seen.insert(opening.to_ggf(&reversi_bot::engine::GgfInfo::default())) {
            continue;
        }
        for this_is_black in [true, false] {
            let mut game = opening.clone();
            while let Some(color) = game.to_move() {
                let engine = usize::from((color == Color::Black) != this_is_black);
                let mv = engines[engine].go(&game);
                game.play(mv).expect("the engines play legal moves");
            }
            let margin = game.result().unwrap().margin() * if this_is_black { 1 } else { -1 };
            discs += margin;
            match margin.signum() {
                1 => won += 1,
                0 => drawn += 1,
                _ => lost += 1,
            }
        }
        let games = 2 * seen.len();
        println!(
            "{} openings: this build {won} won, {drawn} drawn, {lost} lost, mean margin {:+.2}",
            seen.len(),
            f64::from(discs) / games as f64
        );
    }
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
    let mut out = Vec::new();
    run_nboard(Cursor::new("nboard 2\nset depth 4\nhint 4\nhint 2\nquit\n"), &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
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
}
