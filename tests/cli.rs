//! The `reversi-bot` binary and the console: what a newcomer sees when the token is missing, the
//! perft, render and match tools, the measurements' help, and a game against the bot in the
//! terminal.

#[path = "support/scratch.rs"]
mod scratch;

use scratch::{sqlite_url, test_dir};
use std::process::Command;

use reversi_bot::service::{Locale, ServiceOptions};
use reversi_bot::store::Store;

fn binary() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_reversi-bot"));
    // Run where no .env can supply a token, with none in the environment.
    // One directory for every call (tests run at once: it is never emptied).
    let dir = std::env::temp_dir().join(format!("reversi-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    command.current_dir(dir).env_remove("DISCORD_TOKEN").env("RUST_LOG", "off");
    command
}

#[test]
fn without_a_token_the_bot_explains_how_to_get_one_and_exits_with_code_2() {
    for args in [&[][..], &["run"][..]] {
        let output = binary().args(args).env("DATABASE_URL", "sqlite::memory:").output().expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains("DISCORD_TOKEN is not set"), "{message}");
        assert!(message.contains("Reset Token"), "{message}");
        // The .env is read from where the bot starts, and the text says so.
        assert!(message.contains("in the directory you start the bot from"), "{message}");
        assert!(!message.contains("Cargo.toml"), "{message}");
        assert!(!message.contains("panicked"), "{message}");
    }
}

#[test]
fn perft_prints_every_depth_with_its_leaves() {
    let output = binary().args(["perft", "6"]).output().expect("the binary runs");
    assert!(output.status.success());
    let text = String::from_utf8_lossy(&output.stdout);
    let leaves: Vec<&str> = text.lines().skip(1).filter_map(|l| l.split_whitespace().nth(1)).collect();
    assert_eq!(leaves, ["4", "12", "56", "244", "1396", "8200"]);
    let six = binary().args(["perft", "5", "--size", "6"]).output().expect("the binary runs");
    assert!(String::from_utf8_lossy(&six.stdout).contains("1364"));
}

#[test]
fn render_writes_a_png_and_a_gif() {
    let dir = test_dir("render");
    let png = dir.join("board.png");
    let status = binary()
        .args(["render", "--moves", "f5d6c3", "--theme", "dark", "-o"])
        .arg(&png)
        .status()
        .expect("the binary runs");
    assert!(status.success());
    assert!(std::fs::read(&png).expect("written").starts_with(b"\x89PNG"));
    let gif = dir.join("replay.gif");
    let status = binary().args(["render", "--moves", "f5d6c3", "--gif", "-o"]).arg(&gif).status().expect("runs");
    assert!(status.success());
    assert!(std::fs::read(&gif).expect("written").starts_with(b"GIF8"));
    let bad = binary().args(["render", "--moves", "f5f5", "-o"]).arg(dir.join("x.png")).output().expect("runs");
    assert!(!bad.status.success());
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.contains("f5 is already taken"), "{said}");
    assert_eq!(said.matches("f5 is already taken").count(), 1, "said once: {said}");
    let nowhere = binary().args(["render", "--moves", "f5", "-o", "/nonexistent/x.png"]).output().expect("runs");
    let said = String::from_utf8_lossy(&nowhere.stderr);
    assert!(!nowhere.status.success());
    assert!(said.contains("could not write /nonexistent/x.png"), "the file is named: {said}");
    // The rule options as /challenge takes them: one-line flips name their line.
    let sheet = dir.join("children.png");
    let children = ["render", "--rules", "ravensburger-children", "--size", "10", "--set", "scoring=wof", "--moves"];
    let status = binary().args(children).arg("d5").arg("-o").arg(&sheet).status().expect("runs");
    assert!(status.success() && std::fs::read(&sheet).expect("written").starts_with(b"\x89PNG"));
    let unknown =
        binary().args(["render", "--set", "start=spiral", "-o"]).arg(dir.join("y.png")).output().expect("runs");
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("start has no choice spiral"), "{:?}", unknown.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn render_writes_the_pictures_words_in_the_language_asked_for() {
    let dir = test_dir("render-language");
    let picture = |language: &str, gif: bool| {
        let file = dir.join(format!("{language}-{gif}"));
        let mut command = binary();
        command.args(["render", "--moves", "f5d6c3", "--language", language, "-o"]).arg(&file);
        if gif {
            command.arg("--gif");
        }
        let output = command.output().expect("the binary runs");
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        std::fs::read(&file).expect("written")
    };
    let (english, german) = (picture("en-US", false), picture("de", false));
    assert!(german.starts_with(b"\x89PNG"));
    assert_ne!(german, english, "the German picture has German words");
    assert_eq!(german, picture("de", false), "the same picture every time");
    // Without --language the terminal's language is used.
    let file = dir.join("from-lang.png");
    let status = binary().args(["render", "--moves", "f5d6c3", "-o"]).arg(&file).env("LC_ALL", "de_DE.UTF-8").status();
    assert!(status.expect("the binary runs").success());
    assert_eq!(std::fs::read(&file).expect("written"), german);
    let (english, swedish) = (picture("en-US", true), picture("sv-SE", true));
    assert!(swedish.starts_with(b"GIF8"));
    assert_ne!(swedish, english, "every frame's counter is in Swedish");
    let unknown = binary().args(["render", "--language", "fr", "-o"]).arg(dir.join("fr.png")).output().expect("runs");
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("en-US, de or sv-SE"));
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn the_console_plays_the_bot_and_writes_the_pictures() {
    let store = Store::open("sqlite::memory:").await.expect("a store");
    let out = test_dir("console");
    let input = "/help\n/bot 9\n/bot 1 size=7\n/bot 1 rules=chess\n/bot 1\nd3\n/board\nzz\n/resign\n1\n/quit\n";
    let mut output = Vec::new();
    reversi_bot::console::run(store, ServiceOptions::default(), &out, Locale::English, input.as_bytes(), &mut output)
        .await
        .expect("the console runs");
    let text = String::from_utf8(output).expect("text");
    assert!(text.contains("> "), "a prompt: {text}");
    assert!(text.contains("9 does not fit level of /bot: it takes a whole number from 1 to 5."), "{text}");
    assert!(text.contains("7 does not fit size of /bot: it takes 6x6, 8x8 and 10x10."), "{text}");
    assert!(text.contains("chess does not fit rules of /bot: it takes othello, ravensburger,"), "{text}");
    assert!(text.contains("/bot level color rules size start flips supply tie scoring"), "the help: {text}");
    assert!(text.contains("plays me at level 1"), "{text}");
    assert!(text.contains("Player 1 played d3"), "{text}");
    assert!(text.contains("Reversi played"), "the bot answered: {text}");
    assert!(text.contains("    a  b  c  d  e  f  g  h"), "a text board: {text}");
    assert!(text.contains("[B]") && text.contains("[W]"), "each side's last move is marked: {text}");
    assert!(text.contains(" + "), "legal moves are marked: {text}");
    assert!(text.contains("Black (B) to move"), "{text}");
    assert!(text.contains("“zz” is not a square"), "{text}");
    assert!(text.contains("[1: Yes, resign]"), "{text}");
    assert!(text.contains("Game aborted"), "{text}");
    let first: Vec<String> = pictures(&out);
    assert!(first.len() >= 3, "{first:?} pictures written");

    // A second run writes beside the first run's pictures, never over them.
    let store = Store::open("sqlite::memory:").await.expect("a store");
    let mut again = Vec::new();
    let input = "/bot 2 size=6\n/quit\n";
    reversi_bot::console::run(store, ServiceOptions::default(), &out, Locale::English, input.as_bytes(), &mut again)
        .await
        .expect("the console runs");
    let text = String::from_utf8(again).expect("text");
    assert!(text.contains("    a  b  c  d  e  f\n"), "a 6x6 board: {text}");
    let second = pictures(&out);
    assert!(first.iter().all(|name| second.contains(name)), "{first:?} kept in {second:?}");
    assert!(second.len() > first.len(), "{second:?}");
    std::fs::remove_dir_all(&out).ok();
}

#[tokio::test]
async fn the_console_speaks_german_with_a_german_reader_and_plays_a_rule_sheet() {
    let input = "/local black rules=ravensburger\n1\nd3\n/resign\n1\n/bot 1 tie=japanese\n1\n1\n/quit\n";
    let text = console("de", Locale::German, ServiceOptions::default(), input).await;
    assert!(text.contains("reversi-bot-Konsole"), "{text}");
    assert!(text.contains("Spieler 1 hat d3 gespielt"), "{text}");
    assert!(text.contains("Ravensburger: 32 Steine je Seite"), "the sheet is named: {text}");
    assert!(text.contains("Spieler 1 (Gold)"), "Ravensburger plays gold: {text}");
    assert!(text.contains("Die japanische Regel:"), "the Japanese rule's steps: {text}");
}

/// Runs the console in `locale` on `input` with `options`, its pictures in a folder of their own
/// (removed after), and returns what it printed.
async fn console(name: &str, locale: Locale, options: ServiceOptions, input: &str) -> String {
    let store = Store::open("sqlite::memory:").await.expect("a store");
    let out = test_dir(&format!("console-{name}"));
    let mut output = Vec::new();
    reversi_bot::console::run(store, options, &out, locale, input.as_bytes(), &mut output)
        .await
        .expect("the console runs");
    std::fs::remove_dir_all(&out).ok();
    String::from_utf8(output).expect("text")
}

#[tokio::test]
async fn every_command_the_console_help_lists_is_one_the_console_understands() {
    let help = console("help", Locale::English, ServiceOptions::default(), "/help\n/quit\n").await;
    let commands: Vec<&str> = help
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|word| word.starts_with('/') && *word != "/quit")
        .collect();
    for expected in reversi_bot::service::catalog::COMMANDS.iter().map(|c| format!("/{}", c.name)) {
        assert!(commands.contains(&expected.as_str()), "{expected} in {help}");
    }
    assert!(commands.contains(&"/local"), "{help}");
    let input: String = commands.iter().map(|command| format!("{command}\n")).collect::<String>() + "/quit\n";
    let said = console(
        "heads",
        Locale::English,
        ServiceOptions { board_pictures: false, ..ServiceOptions::default() },
        &input,
    )
    .await;
    assert!(!said.contains("There is no command"), "{said}");
    assert!(!said.contains("does not fit") && !said.contains("No option of"), "{said}");
}

#[tokio::test]
async fn the_console_says_the_bot_is_thinking_and_prints_the_final_board() {
    let options = ServiceOptions { board_pictures: false, ..ServiceOptions::default() };
    // No opening book on 10x10: the bot, playing Black, thinks about its first move (level 5: 2 s).
    let text = console("thinking", Locale::English, options, "/bot 5 white size=10\n/resign\n1\n/quit\n").await;
    let thinking = text.find("Thinking…").unwrap_or_else(|| panic!("a thinking line while level 5 thinks: {text}"));
    let answered = text.find("Reversi played").unwrap_or_else(|| panic!("the bot answered: {text}"));
    assert!(thinking < answered, "{text}");
    let ended = text.find("Game aborted").unwrap_or_else(|| panic!("{text}"));
    let after = &text[ended..];
    assert!(after.contains("    a  b  c  d  e  f  g  h  i  j"), "the final board is printed: {after}");
    assert!(!after.contains(" to move"), "nobody is to move on a final board: {after}");
}

fn pictures(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).expect("the folder").filter_map(|e| e.ok()?.file_name().into_string().ok()).collect();
    names.sort();
    names
}

#[test]
fn a_match_against_this_same_build_plays_the_opening_with_both_colours_and_prints_the_score_and_the_time_a_move() {
    let this = env!("CARGO_BIN_EXE_reversi-bot");
    let output = binary().args(["match", "--other", this, "--depth", "1", "--openings", "1"]).output().expect("runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    let text = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    let score = lines[0].strip_prefix("1 openings: this build ").expect("the score line");
    let games: u32 = ["won", "drawn", "lost"]
        .iter()
        .map(|what| {
            let count = score.split(", ").find_map(|part| part.strip_suffix(&format!(" {what}")));
            count.and_then(|n| n.parse::<u32>().ok()).unwrap_or_else(|| panic!("{what}: {text}"))
        })
        .sum();
    assert_eq!(games, 2, "{text}");
    assert!(score.contains("score ") && score.contains(" mean margin "), "{text}");
    assert!(score.contains("; a move ") && score.contains(", a midgame move (over 28 empties) "), "{text}");
    // A depth and a time at once are refused, and a missing build is named.
    let both = binary().args(["match", "--other", this, "--depth", "2", "--time", "1"]).output().expect("runs");
    assert!(!both.status.success());
    assert!(String::from_utf8_lossy(&both.stderr).contains("cannot be used with"), "{:?}", both.stderr);
    let missing = binary().args(["match", "--other", "/nonexistent/reversi-bot"]).output().expect("runs");
    assert!(!missing.status.success());
    let said = String::from_utf8_lossy(&missing.stderr);
    assert!(said.contains("cannot start /nonexistent/reversi-bot"), "{said}");
}

#[test]
fn measure_help_lists_every_measurement() {
    let output = binary().args(["measure", "--help"]).output().expect("runs");
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    for name in
        ["refutation-sizes", "probcut-errors", "probcut-midgame-errors", "level5-endgame-accuracy", "review-budget"]
    {
        assert!(help.contains(name), "{name} missing from: {help}");
    }
}

#[test]
fn solve_into_a_pipe_closed_early_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let file = format!("{}/tests/data/ffo/fforum-1-19.obf", env!("CARGO_MANIFEST_DIR"));
    let mut child =
        binary().args(["solve", &file]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("runs");
    // Read the header line, then hang up, as `| head -1` does.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(!said.contains("Broken pipe") && !said.contains("error"), "{said}");
    assert!(output.status.success(), "{said}");
}

#[test]
fn a_database_that_cannot_be_opened_is_named_in_the_error() {
    let output = binary()
        .args(["console", "--database-url", "sqlite:///nonexistent/folder/console.db"])
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success());
    assert!(said.contains("could not open the database /nonexistent/folder/console.db"), "{said}");
    assert_eq!(said.matches("unable to open database file").count(), 1, "said once: {said}");
}

#[tokio::test]
async fn backup_copies_a_database_in_use_to_a_new_file_and_never_overwrites_one() {
    let dir = test_dir("backup");
    let url = sqlite_url(&dir, "bot.db");
    // The bot's store is open (and holds a player) while the copy is made.
    let store = Store::open(&url).await.unwrap();
    reversi_bot::store::PlayerQueries::upsert_player(
        &store,
        reversi_bot::store::UserId(7),
        "Ada",
        false,
        reversi_bot::store::Timestamp(1),
    )
    .await
    .unwrap();
    let copy = dir.join("copy.db");
    let output = binary().args(["backup", copy.to_str().unwrap()]).env("DATABASE_URL", &url).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let restored = Store::open(&format!("sqlite://{}", copy.display())).await.unwrap();
    let ada = reversi_bot::store::PlayerQueries::player(&restored, reversi_bot::store::UserId(7)).await.unwrap();
    assert_eq!(ada.map(|p| p.name), Some("Ada".to_string()));
    let again = binary().args(["backup", copy.to_str().unwrap()]).env("DATABASE_URL", &url).output().unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    store.close().await;
    restored.close().await;
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn the_console_exports_a_players_data_to_a_file_and_deletes_it_after_the_confirm_button() {
    let options = ServiceOptions { board_pictures: false, ..ServiceOptions::default() };
    let text = console("privacy", Locale::English, options, "/privacy export\n/privacy delete\n1\n/quit\n").await;
    assert!(text.contains("reversi-data-1.json"), "{text}");
    assert!(text.contains("[1: Delete my data]") && text.contains("[2: Cancel]"), "{text}");
    assert!(text.contains("Your data is deleted."), "{text}");
}

#[test]
fn the_console_says_which_database_file_keeps_its_games() {
    let dir = test_dir("console-file");
    let url = sqlite_url(&dir, "kept.db");
    let output = binary()
        .args(["console", "--language", "en-US", "--database-url", &url, "--out"])
        .arg(dir.join("boards"))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    assert!(said.contains(&format!("Games are kept in {}", dir.join("kept.db").display())), "{said}");
    std::fs::remove_dir_all(&dir).ok();
}
