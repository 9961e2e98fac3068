//! The AI's text front ends: `solve_file` (the `solve` subcommand) in text and JSON, and the
//! NBoard protocol (the `engine` subcommand) driven by a scripted GUI.

use std::io::Cursor;

use reversi_bot::ai::{run_nboard, solve_file};

fn ffo_sample(lines: usize) -> std::path::PathBuf {
    let source = format!("{}/../shared/data/ffo/fforum-1-19.obf", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(source).unwrap();
    let sample: Vec<&str> = text.lines().take(lines).collect();
    let path = std::env::temp_dir().join(format!("reversi-bot-ai-protocol-{}.obf", std::process::id()));
    std::fs::write(&path, sample.join("\n")).unwrap();
    path
}

#[test]
fn solving_a_file_prints_one_json_object_per_position_and_the_totals() {
    let path = ffo_sample(3);
    let mut out = Vec::new();
    let totals = solve_file(&path, true, &mut out).unwrap();
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
    let totals = solve_file(&path, false, &mut out).unwrap();
    assert_eq!(totals.agreed, 2);
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().filter(|l| l.ends_with("ok")).count(), 2, "{text}");
    assert!(text.lines().last().unwrap().starts_with("total: 2 positions, 2 agree"), "{text}");
    std::fs::remove_file(path).ok();
}

#[test]
fn a_file_that_is_not_obf_is_an_error() {
    let path = std::env::temp_dir().join(format!("reversi-bot-ai-bad-{}.obf", std::process::id()));
    std::fs::write(&path, "hello world\n").unwrap();
    assert!(solve_file(&path, false, &mut Vec::new()).is_err());
    assert!(solve_file(std::path::Path::new("/nonexistent/file.obf"), false, &mut Vec::new()).is_err());
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
