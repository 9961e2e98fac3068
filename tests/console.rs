//! The console as a new user tries it: options read by the table of commands or refused with
//! their name, bad ids and numbers refused instead of swapped for a default, boards and histories
//! that name a rule sheet's sides as its picture does, and the render tool drawing a sheet in the
//! sheet's own theme.

#[path = "support/scratch.rs"]
mod scratch;

use reversi_bot::service::{Locale, ServiceOptions};
use reversi_bot::store::Store;
use scratch::test_dir;

/// Runs the console in `locale` on `input` (one line each) and returns what it printed.
async fn console(name: &str, locale: Locale, input: &[&str]) -> String {
    let store = Store::open("sqlite::memory:").await.expect("a store");
    let out = test_dir(&format!("console-trial-{name}"));
    let mut output = Vec::new();
    let options = ServiceOptions { board_pictures: false, ..ServiceOptions::default() };
    let input = input.iter().map(|line| format!("{line}\n")).collect::<String>() + "/quit\n";
    reversi_bot::console::run(store, options, &out, locale, input.as_bytes(), &mut output)
        .await
        .expect("the console runs");
    std::fs::remove_dir_all(&out).ok();
    String::from_utf8(output).expect("text")
}

/// What the console said to each line of input, in order (the welcome left out).
fn answers(text: &str) -> Vec<&str> {
    text.split("> ").skip(1).collect()
}

/// A casual game between the two players at the keyboard, Player 1 black, resigned by Player 1
/// after two moves each (so it counts).
const FINISHED_GAME: [&str; 8] = ["/local black", "1", "f5", "d6", "c3", "d3", "/resign", "1"];

#[tokio::test]
async fn an_unknown_or_unreadable_game_id_is_refused_and_never_swapped_for_the_latest_game() {
    let text = console(
        "export",
        Locale::English,
        &[
            &FINISHED_GAME[..],
            &["/export 1", "/export game:1", "/export #1", "/export 999", "/export abc", "/export game:abc"],
        ]
        .concat(),
    )
    .await;
    let said = answers(&text);
    let said = &said[FINISHED_GAME.len()..];
    for shown in &said[..3] {
        assert!(shown.starts_with("Game #1: Player 1 (Black) vs Player 2 (White)"), "{shown}");
    }
    assert!(said[3].starts_with("There is no game #999."), "{}", said[3]);
    assert!(said[4].starts_with("No option of /export takes abc. Its options: game and tournament."), "{}", said[4]);
    assert!(said[5].starts_with("abc does not fit game of /export: it takes a whole number from 1 up."), "{}", said[5]);
}

#[tokio::test]
async fn review_and_analyze_refuse_a_bad_game_or_a_move_number_out_of_range() {
    let text = console(
        "analyze",
        Locale::English,
        &[&FINISHED_GAME[..], &["/review abc", "/review game:0", "/analyze 1 -3", "/analyze 1 3", "/analyze f5f5"]]
            .concat(),
    )
    .await;
    let said = answers(&text);
    let said = &said[FINISHED_GAME.len()..];
    assert!(said[0].starts_with("No option of /review takes abc."), "{}", said[0]);
    assert!(said[1].starts_with("0 does not fit game of /review: it takes a whole number from 1 up."), "{}", said[1]);
    assert!(
        said[2].starts_with("-3 does not fit move of /analyze: it takes a whole number from 0 to 100."),
        "{}",
        said[2]
    );
    assert!(said[3].contains("Game #1 after 3 moves"), "the position asked for: {}", said[3]);
    assert!(said[4].starts_with("In f5f5, move 2 (f5) cannot be played: f5 is already taken."), "{}", said[4]);
}

#[tokio::test]
async fn history_and_the_text_board_name_a_ravensburger_games_sides_gold_and_black() {
    let input = ["/local black rules:ravensburger", "1", "d3", "c3", "c4", "e3", "/resign", "1", "/history"];
    let text = console("gold", Locale::English, &input).await;
    let said = answers(&text);
    let history = said[8];
    assert!(history.contains("lost as Gold"), "Player 1 played gold and resigned: {history}");
    assert!(said[1].contains("G Gold 2  ·  B Black 2"), "the text board's letters: {}", said[1]);
    assert!(!text.contains("O Black"), "{text}");
}

#[tokio::test]
async fn the_board_after_a_game_ends_shows_the_final_position_and_its_buttons() {
    let text = console("final", Locale::English, &[&FINISHED_GAME[..], &["/board"]].concat()).await;
    let board = answers(&text)[FINISHED_GAME.len()];
    assert!(board.contains("Player 2 (White) wins by resignation"), "the result: {board}");
    assert!(board.contains("Rematch") && board.contains("Review"), "its buttons: {board}");
    assert!(!board.contains("There is no game"), "{board}");
}

#[tokio::test]
async fn words_no_option_takes_are_refused_with_the_commands_options_and_long_ones_cut_short() {
    let long = "x".repeat(5000);
    let bad = format!("/bot 1 {long}");
    let text = console(
        "refusals",
        Locale::English,
        &["/bot -1", "/bot 1 foo", "/solo new abc", "/leaderboard global", &bad, "/bot 1", "d-3"],
    )
    .await;
    let said = answers(&text);
    assert!(said[0].starts_with("-1 does not fit level of /bot: it takes a whole number from 1 to 5."), "{}", said[0]);
    assert!(said[1].starts_with("No option of /bot takes foo. Its options: level, color, rules,"), "{}", said[1]);
    assert!(said[2].starts_with("No option of /solo takes abc. Its options: action and seed."), "{}", said[2]);
    assert!(said[3].starts_with("Global leaderboard: Othello"), "{}", said[3]);
    assert!(said[4].len() < 200, "a long word is quoted short: {}", said[4]);
    assert!(said[6].contains("Player 1 played d3"), "d-3 is d3: {}", said[6]);
}

#[tokio::test]
async fn options_are_read_in_german_and_swedish_by_their_own_names() {
    let german = console("de", Locale::German, &["/bot stufe:1 farbe:weiß", "/solo stopp", "/export partie:abc"]).await;
    let said = answers(&german);
    assert!(said[0].contains("Spieler 1 (Weiß)"), "{}", said[0]);
    assert!(!said[1].contains("Keine Option"), "stopp is a solo action: {}", said[1]);
    assert!(said[2].contains("abc passt nicht zu partie von /export"), "{}", said[2]);
    let swedish = console("sv", Locale::Swedish, &["/bot nivå:1 färg:vit", "/exportera parti:abc"]).await;
    let said = answers(&swedish);
    assert!(said[0].contains("Spelare 1 (Vit)"), "{}", said[0]);
    assert!(said[1].contains("abc passar inte parti i /exportera"), "{}", said[1]);
}

#[tokio::test]
async fn a_replys_buttons_stay_usable_after_later_replies_by_their_number() {
    // The challenge's buttons are reply #1; the help comes between; #1.1 still accepts.
    let text = console("older", Locale::English, &["/local", "/help", "#1.1", "#9.1"]).await;
    let said = answers(&text);
    assert!(said[2].contains("accepted the challenge"), "{}", said[2]);
    assert!(said[3].starts_with("There is no control #9.1 to press"), "{}", said[3]);
}

#[test]
fn render_draws_a_rule_sheet_in_its_own_theme_unless_one_is_asked_for() {
    let dir = test_dir("render-theme");
    let draw = |extra: &[&str], file: &str| {
        let path = dir.join(file);
        let status = std::process::Command::new(env!("CARGO_BIN_EXE_reversi-bot"))
            .args(["render", "--rules", "ravensburger", "--moves", "d3"])
            .args(extra)
            .arg("-o")
            .arg(&path)
            .env("RUST_LOG", "off")
            .status()
            .expect("runs");
        assert!(status.success());
        std::fs::read(path).expect("the picture")
    };
    let default = draw(&[], "default.png");
    assert_eq!(default, draw(&["--theme", "ravensburger"], "gold.png"), "the sheet's gold on blue");
    assert_ne!(default, draw(&["--theme", "classic"], "classic.png"), "unless classic is asked for");
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn a_stopped_solo_game_shows_what_was_left_and_solo_alone_shows_a_game_going_on() {
    let text = console("solo", Locale::English, &["/solo new 1", "/solo", "/solo new 2", "/solo stop"]).await;
    let said = answers(&text);
    assert!(said[1].contains("Solo game · deal 1") && said[1].contains("Stop here"), "shown again: {}", said[1]);
    assert!(said[2].contains("/solo shows it again"), "{}", said[2]);
    let stopped = said[3];
    assert!(stopped.contains("Player 1 stopped."), "{stopped}");
    assert_eq!(stopped.matches("0 tiles · value 0").count(), 1, "the score said once: {stopped}");
    assert!(stopped.contains("the tiles left are shown face up"), "{stopped}");
    assert!(!stopped.contains("/solo hint"), "no hint for a game that is over: {stopped}");
    let board: Vec<&str> =
        stopped.lines().filter(|line| line.starts_with(|c: char| c.is_ascii_digit() || c == ' ')).collect();
    assert!(!board.iter().any(|line| line.contains('#')), "no tile left face down: {board:?}");
}

#[tokio::test]
async fn at_the_shared_keyboard_whoever_the_draw_makes_first_chooses_the_start() {
    // Colours are drawn: the first player may be either; the keyboard presses for them.
    for run in 0..4 {
        let text =
            console(&format!("start-{run}"), Locale::English, &["/local rules:ravensburger-start", "1", "1"]).await;
        let said = answers(&text);
        assert!(said[2].contains("chose the cross"), "run {run}: {}", said[2]);
    }
}

#[tokio::test]
async fn at_the_shared_keyboard_the_japanese_rules_two_steps_are_finished_whoever_is_drawn() {
    for run in 0..4 {
        let text = console(&format!("japanese-{run}"), Locale::English, &["/local tie:japanese", "1", "1", "1"]).await;
        assert!(text.contains("The Japanese rule: "), "run {run}: {text}");
        assert!(text.contains("decided that a tie wins for"), "both steps done, run {run}: {text}");
    }
}
