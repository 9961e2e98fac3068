//! A bot run as its own process (`reversi-bot run`, the binary cargo built for the tests), its
//! standard error collected line by line, for tests of start, stop and several processes.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::fake_discord::FakeDiscord;

/// A `reversi-bot run` process with its standard error collected line by line.
pub struct BotProcess {
    child: Child,
    lines: Arc<Mutex<Vec<String>>>,
}

/// The environment of a bot process: the fake's URL, a database in `dir`, nothing from the
/// test's own environment that could change what it does.
pub fn bot_command(dir: &Path, api: &str, extra: &[(&str, &str)]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_reversi-bot"));
    command.arg("run").current_dir(dir).stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped());
    for var in
        ["GUILD_ID", "METRICS_ADDR", "TYPED_MOVES", "DEFER_AFTER_MS", "BOT_MOVE_SECONDS", "SWEEP_SECONDS", "SHARDS"]
    {
        command.env_remove(var);
    }
    // The tests' players move faster than people: no limits on them.
    let unlimited = u32::MAX.to_string();
    for var in ["RATE_LIMIT_BURST", "RATE_LIMIT_PER_MINUTE", "MAX_OPEN_CHALLENGES", "MAX_GAMES_PER_CHANNEL_HOUR"] {
        command.env(var, &unlimited);
    }
    command
        .env("DISCORD_TOKEN", FakeDiscord::TOKEN)
        .env("DISCORD_API_URL", api)
        .env("DATABASE_URL", format!("sqlite://{}", dir.join("bot.db").display()))
        .env("RUST_LOG", "info,serenity=warn");
    for (key, value) in extra {
        command.env(key, value);
    }
    command
}

impl BotProcess {
    /// Starts the process.
    pub fn spawn(mut command: Command) -> BotProcess {
        let mut child = command.spawn().expect("the bot starts");
        let stderr = child.stderr.take().expect("its standard error");
        let lines = Arc::new(Mutex::new(Vec::new()));
        let sink = lines.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                sink.lock().unwrap().push(line);
            }
        });
        BotProcess { child, lines }
    }

    /// Its log lines so far.
    pub fn lines(&self) -> Vec<String> {
        self.lines.lock().unwrap().clone()
    }

    /// Its log so far, one string.
    pub fn log(&self) -> String {
        self.lines.lock().unwrap().join("\n")
    }

    /// Waits until `count` lines of its log contain all of `words`.
    pub async fn wait_for_log(&self, words: &[&str], count: usize, within: Duration) {
        let started = Instant::now();
        loop {
            let found = self.lines.lock().unwrap().iter().filter(|line| words.iter().all(|w| line.contains(w))).count();
            if found >= count {
                return;
            }
            assert!(
                started.elapsed() < within,
                "no {count} log lines with {words:?} within {within:?}:\n{}",
                self.log()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Sends it a signal (`libc::SIGTERM`, `SIGKILL`...).
    pub fn signal(&self, signal: i32) {
        let pid = i32::try_from(self.child.id()).expect("a pid");
        // SAFETY: kill only sends a signal to the process we started.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0, "the signal is sent");
    }

    /// Waits for the process to end, at most `within`.
    pub async fn exit(&mut self, within: Duration) -> (ExitStatus, Duration) {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("the bot's status") {
                return (status, started.elapsed());
            }
            if started.elapsed() > within {
                let _ = self.child.kill();
                panic!("the bot did not stop within {within:?}:\n{}", self.log());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}
