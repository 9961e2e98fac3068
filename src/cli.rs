//! The command line: `reversi-bot [run | console | perft | solve | render | engine | match |
//! measure | train | calibrate | backup | puzzles]`. Each subcommand parses its arguments here and calls
//! into the library; with no subcommand the bot runs.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Parser, Subcommand};

use crate::config::{Config, ServiceConfig};
use crate::discord::{Gateway, RunError, Shutdown};
use crate::engine::{Board, BoardSize, Color, Game, Rules, Start};
use crate::render::{RenderError, RenderOptions, Renderer, Theme};
use crate::service::Locale;
use crate::service::view::board;
use crate::tools::TrainOptions;

/// reversi-bot: a Discord bot for Reversi/Othello, and the tools around its engine.
#[derive(Debug, Parser)]
#[command(name = "reversi-bot", version, about)]
pub struct Cli {
    /// What to do (default: run the bot).
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the Discord bot (the default).
    Run(Box<Config>),
    /// Play in the terminal through the same service: against the bot or two at one keyboard.
    Console {
        /// Database and bot settings (the console keeps its games in its own file by default).
        #[arg(long, default_value = "sqlite://console.db")]
        database_url: String,
        /// The bot's thinking time per move at level 5, in seconds.
        #[arg(long, default_value_t = 2.0)]
        bot_move_seconds: f64,
        /// The engine's time for reviewing a game, in seconds.
        #[arg(long, default_value_t = 10.0)]
        review_seconds: f64,
        /// Where the board pictures are written.
        #[arg(long, default_value = "boards")]
        out: PathBuf,
        /// The language to play in: en-US, de or sv-SE (default: from LANG, else English).
        #[arg(long)]
        language: Option<crate::service::Locale>,
    },
    /// Count the leaves of the game tree from the start, depth by depth (a pass counts as a ply).
    Perft {
        /// The deepest depth to count.
        depth: u32,
        /// Board side: 6, 8 or 10.
        #[arg(long, default_value_t = 8)]
        size: u8,
        /// Start from the parallel position instead of the cross.
        #[arg(long)]
        parallel: bool,
    },
    /// Solve every position of an OBF file exactly and check the scores it gives.
    Solve {
        /// The OBF file (one position per line).
        file: PathBuf,
        /// One JSON object per position and line.
        #[arg(long)]
        json: bool,
        /// Also show the null-window tests the solver ran at each root, and each root move's
        /// nodes in them.
        #[arg(long)]
        tests: bool,
        /// Memory for the transposition tables, in MB.
        #[arg(long, default_value_t = crate::tools::SOLVE_TABLE_MB)]
        hash_mb: usize,
    },
    /// Generate puzzle sets from self-play, or check one again (docs/puzzles.md).
    Puzzles {
        /// Generate or verify.
        #[command(subcommand)]
        action: PuzzlesAction,
    },
    /// Draw a game as a PNG (the final position) or an animated GIF replay.
    Render {
        /// The moves, as a transcript such as f5d6c3.
        #[arg(long, default_value = "")]
        moves: String,
        /// The theme: classic, ravensburger, redblue, dark, colorblind (default: the rule sheet's,
        /// as the bot draws it: gold on blue for Ravensburger's sheets, else classic).
        #[arg(long)]
        theme: Option<Theme>,
        /// Board side: 6, 8 or 10.
        #[arg(long, default_value_t = 8)]
        size: u8,
        /// The rule sheet, as `/challenge` takes it: othello, ravensburger, ravensburger-children,
        /// jacques-sons, brainking, ravensburger-start.
        #[arg(long)]
        rules: Option<String>,
        /// Adjustments of the sheet, as `/challenge` takes them: `start=parallel`,
        /// `flips=one-line`, `supply=limited`, `tie=second`, `scoring=wof` (repeatable).
        #[arg(long = "set", value_name = "OPTION=CHOICE")]
        set: Vec<String>,
        /// Write a replay GIF instead of a PNG.
        #[arg(long)]
        gif: bool,
        /// The file to write.
        #[arg(short, long)]
        output: PathBuf,
        /// The language of the picture's words: en-US, de or sv-SE (default: from LANG, else
        /// English).
        #[arg(long)]
        language: Option<crate::service::Locale>,
    },
    /// Speak the NBoard protocol on stdin/stdout, for the NBoard GUI and engine matches.
    Engine,
    /// Play this build's engine against another build's from random openings with both colours,
    /// printing the score after each opening.
    Match {
        /// The other build's reversi-bot.
        #[arg(long)]
        other: PathBuf,
        /// Both engines search this many plies deep.
        #[arg(long, default_value_t = 8, conflicts_with = "time")]
        depth: u32,
        /// Both engines play as the bot's level 5 with this many seconds a move.
        #[arg(long)]
        time: Option<f64>,
        /// Distinct random 8-ply openings, each played with both colours.
        #[arg(long, default_value_t = 30)]
        openings: usize,
        /// Seed of the openings.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print the figures behind one of the engine's settings (minutes in release).
    Measure {
        /// The measurement.
        #[command(subcommand)]
        measurement: Measurement,
    },
    /// Copy the SQLite database to a new file, consistently, while the bot runs.
    Backup {
        /// The database to copy.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://reversi.db", hide_env_values = true)]
        database_url: String,
        /// The file to write (it must not exist yet).
        output: PathBuf,
    },
    /// Take the side-to-move bias out of the pattern weights: measure it through negamax on
    /// self-play positions, empties count by empties count, and write the corrected weights.
    Calibrate {
        /// Self-play games whose positions are measured.
        #[arg(long, default_value_t = 2000)]
        games: usize,
        /// Seed of the games.
        #[arg(long, default_value_t = 7)]
        seed: u64,
        /// Depth of the search that picks each position's move.
        #[arg(long, default_value_t = 6)]
        depth: u32,
        /// Worker threads.
        #[arg(long, default_value_t = 2)]
        threads: usize,
        /// Where to write the weights.
        #[arg(long, default_value = "assets/pattern-weights.bin")]
        output: PathBuf,
    },
    /// Learn the pattern evaluation's weights from self-play and solved endgames.
    Train {
        /// Self-play games to learn from.
        #[arg(long, default_value_t = TrainOptions::default().games)]
        games: usize,
        /// Seed of the games.
        #[arg(long, default_value_t = TrainOptions::default().seed)]
        seed: u64,
        /// Positions with at most this many empties are solved exactly.
        #[arg(long, default_value_t = TrainOptions::default().exact)]
        exact: u32,
        /// Worker threads.
        #[arg(long, default_value_t = TrainOptions::default().threads)]
        threads: usize,
        /// Play the games with the shipped weights (a second round) instead of the hand-tuned
        /// evaluation.
        #[arg(long)]
        self_play: bool,
        /// Keep the games' positions and exact scores in this file: read them from it when it
        /// exists, write them to it otherwise (to relearn without replaying and re-solving).
        /// Repeated, learns from several existing files together.
        #[arg(long)]
        data: Vec<PathBuf>,
        /// Ridge penalty of the fit, in positions' worth of evidence.
        #[arg(long, default_value_t = TrainOptions::default().ridge)]
        ridge: f64,
        /// Conjugate-gradient iterations of each phase's fit.
        #[arg(long, default_value_t = TrainOptions::default().iterations)]
        iterations: usize,
        /// Where to write the weights.
        #[arg(short, long, default_value = "assets/pattern-weights.bin")]
        output: PathBuf,
    },
}

/// What `reversi-bot puzzles` does.
#[derive(Debug, Subcommand)]
pub enum PuzzlesAction {
    /// Prove positions with 12 to 20 empties of games played on the bot (with --database-url) and
    /// of self-play games, and write the puzzles found.
    Generate {
        /// Self-play games whose positions are tried.
        #[arg(long, default_value_t = crate::puzzle::GenerateOptions::default().games)]
        games: usize,
        /// Seed of the games.
        #[arg(long, default_value_t = crate::puzzle::GenerateOptions::default().seed)]
        seed: u64,
        /// The not-too-easy margin in discs.
        #[arg(long, default_value_t = crate::puzzle::MARGIN)]
        margin: i32,
        /// Also prove the positions of every finished game in this database (standard 8x8
        /// Othello games only), before the self-play games.
        #[arg(long)]
        database_url: Option<String>,
        /// The puzzle set to write (JSON lines).
        #[arg(long)]
        out: PathBuf,
    },
    /// Prove every puzzle of a set again; exits with 1 on any mismatch.
    Verify {
        /// The puzzle set.
        file: PathBuf,
    },
}

/// The measurements of `reversi-bot measure` (docs/solver-tuning.md says what each settled).
#[derive(Debug, Subcommand)]
pub enum Measurement {
    /// The endgame ordering's first move against the smallest refutation, and other first moves.
    RefutationSizes,
    /// The error of the endgame probcut's shallow searches against the exact score.
    ProbcutErrors,
    /// The error of a shallow midgame search as a predictor of a deeper one.
    ProbcutMidgameErrors {
        /// Positions at each count of empties.
        #[arg(long, default_value_t = 40)]
        positions: usize,
        /// Print each position's scores by depth first (`row EMPTIES SCORES...`).
        #[arg(long)]
        dump: bool,
    },
    /// How often level 5 plays a best move at 26 empties, with and without its endgame passes.
    Level5EndgameAccuracy,
    /// How much of its budget a review spends, and how deep it searches.
    ReviewBudget {
        /// How many random games are reviewed.
        #[arg(long, default_value_t = 5)]
        games: u64,
    },
}

/// Runs the Discord bot until `shutdown`, with the web pages (`WEB_ADDR`) and the metrics and
/// probes (`METRICS_ADDR`) served beside it from the bot's service: `reversi-bot run`.
pub async fn run_until(config: &Config, shutdown: Shutdown) -> Result<(), RunError> {
    let stop = shutdown.clone();
    crate::discord::run_until(config, shutdown, |service, gateway| serve_web(config, service, gateway, stop)).await
}

/// Starts the web server and the metrics server that `config` asks for, each until `shutdown`.
async fn serve_web(
    config: &Config,
    service: crate::service::Service,
    gateway: Gateway,
    shutdown: Shutdown,
) -> Result<(), RunError> {
    let expected = gateway.expected();
    let connected: crate::web::ConnectedShards = std::sync::Arc::new(move || {
        let gateway = gateway.clone();
        Box::pin(async move { gateway.connected().await })
    });
    let probe = crate::web::GatewayProbe { connected, expected };
    let web = crate::web::Web::new(service, Some(probe), config.web.options());
    for (addr, router, what) in [
        (config.web.web_addr, web.router(), "serving the web pages, /metrics, /healthz and /readyz"),
        (config.metrics_addr, web.ops_router(), "serving /metrics, /healthz and /readyz"),
    ] {
        let Some(addr) = addr else { continue };
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|source| RunError::Listen { addr, source })?;
        tracing::info!(%addr, "{what}");
        let stop = shutdown.clone();
        tokio::spawn(crate::web::serve(listener, router, async move { stop.wait().await }));
    }
    Ok(())
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    let command = match cli.command {
        Some(command) => command,
        None => Command::Run(Box::new(Config::parse_from_env())),
    };
    match command {
        Command::Run(config) => {
            let runtime = runtime()?;
            let outcome = runtime.block_on(async { run_until(&config, Shutdown::on_stop_signals()).await });
            // The bot's searches stop when cancelled; nothing else may hold the process up.
            runtime.shutdown_timeout(std::time::Duration::from_secs(2));
            if let Err(error) = outcome {
                eprintln!("error: {}", crate::report::with_causes(&error));
                return Ok(ExitCode::from(error.exit_code()));
            }
        }
        Command::Console { database_url, bot_move_seconds, review_seconds, out, language } => {
            let config = ServiceConfig { database_url, bot_move_seconds, review_seconds };
            let locale = language.or_else(system_locale).unwrap_or_default();
            runtime()?.block_on(async {
                let store = crate::store::Store::open(&config.database_url).await?;
                let options = config.service_options();
                let file = crate::store::database_name(&config.database_url);
                let kept = crate::service::text::words(
                    locale,
                    "console-database",
                    &crate::service::text::Args::new().text("file", file),
                );
                eprintln!("{kept}");
                crate::console::run(store, options, &out, locale, std::io::stdin().lock(), std::io::stdout()).await
            })?;
        }
        Command::Perft { depth, size, parallel } => {
            let size = BoardSize::try_from(size)?;
            let start = if parallel { Start::Parallel } else { Start::Cross };
            perft(Board::start(size, start), depth, &mut std::io::stdout().lock())?;
        }
        Command::Solve { file, json, tests, hash_mb } => {
            let totals = crate::tools::solve_file(
                &file,
                &crate::tools::SolveOptions { json, tests, table_mb: hash_mb },
                &mut std::io::stdout().lock(),
            )?;
            if !totals.all_agree() {
                return Ok(ExitCode::FAILURE);
            }
        }
        Command::Puzzles { action } => match action {
            PuzzlesAction::Generate { games, seed, margin, database_url, out } => {
                let options = crate::puzzle::GenerateOptions { games, seed, margin, ..Default::default() };
                let stored = match database_url {
                    Some(url) => runtime()?.block_on(stored_games(&url))?,
                    None => Vec::new(),
                };
                crate::tools::generate_puzzles(&options, &stored, &out, &mut std::io::stderr().lock())?;
            }
            PuzzlesAction::Verify { file } => {
                if crate::tools::verify_puzzles(&file, &mut std::io::stderr().lock())? > 0 {
                    return Ok(ExitCode::FAILURE);
                }
            }
        },
        Command::Render { moves, theme, size, rules, set, gif, output, language } => {
            let locale = language.or_else(system_locale).unwrap_or_default();
            let size = BoardSize::try_from(size)?.side().to_string();
            let mut picks: Vec<(&str, &str)> = rules.iter().map(|sheet| ("rules", sheet.as_str())).collect();
            for pair in &set {
                let (option, choice) =
                    pair.split_once('=').with_context(|| format!("--set {pair}: write OPTION=CHOICE"))?;
                picks.push((option, choice));
            }
            picks.push(("size", &size));
            let rules = crate::service::catalog::rules_choice(picks)?.rules;
            let theme = theme.unwrap_or_else(|| Theme::for_rules(&rules));
            let bytes = render(&moves, rules, theme, gif, locale)?;
            std::fs::write(&output, bytes).with_context(|| format!("could not write {}", output.display()))?;
        }
        Command::Engine => crate::tools::run_nboard(std::io::BufReader::new(std::io::stdin()), std::io::stdout())?,
        Command::Match { other, depth, time, openings, seed } => {
            let pace = time.map_or(crate::tools::MatchPace::Depth(depth), crate::tools::MatchPace::Time);
            let this = std::env::current_exe().context("cannot find this build's reversi-bot")?;
            let options = crate::tools::MatchOptions { other, pace, openings, seed };
            crate::tools::play_match(&this, &options, &mut std::io::stdout().lock())?;
        }
        Command::Measure { measurement } => {
            use crate::tools::measure;
            let out = &mut std::io::stdout().lock();
            match measurement {
                Measurement::RefutationSizes => measure::refutation_sizes(out)?,
                Measurement::ProbcutErrors => measure::probcut_errors(out)?,
                Measurement::ProbcutMidgameErrors { positions, dump } => {
                    measure::probcut_midgame_errors(positions, dump, out)?
                }
                Measurement::Level5EndgameAccuracy => measure::level5_endgame_accuracy(out)?,
                Measurement::ReviewBudget { games } => measure::review_budget(games, out)?,
            }
        }
        Command::Backup { database_url, output } => {
            if output.exists() {
                anyhow::bail!("{} already exists: choose a new file for the backup", output.display());
            }
            runtime()?.block_on(async {
                let store = crate::store::Store::open(&database_url).await?;
                let copied = store.backup_to(&output).await;
                store.close().await;
                copied
            })?;
            eprintln!("wrote {}", output.display());
        }
        Command::Calibrate { games, seed, depth, threads, output } => {
            let opts = crate::tools::CalibrateOptions { games, seed, depth, threads, ..Default::default() };
            let weights = crate::ai::pattern::Patterns::embedded();
            let (calibrated, _) = crate::tools::calibrate(weights, &opts, &mut std::io::stderr().lock())?;
            std::fs::write(&output, calibrated.encode())
                .with_context(|| format!("could not write {}", output.display()))?;
            eprintln!("wrote {}", output.display());
        }
        Command::Train { games, seed, exact, threads, self_play, data, ridge, iterations, output } => {
            let opts = TrainOptions { games, seed, exact, threads, self_play, ridge, iterations, data };
            let (weights, _) = crate::tools::train(&opts, &mut std::io::stderr().lock())?;
            std::fs::write(&output, weights.encode())
                .with_context(|| format!("could not write {}", output.display()))?;
            eprintln!("wrote {}", output.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}

impl Config {
    /// The configuration from the environment alone (no subcommand given).
    fn parse_from_env() -> Config {
        #[derive(Parser)]
        struct OnlyEnv {
            #[command(flatten)]
            config: Config,
        }
        OnlyEnv::parse_from(["reversi-bot"]).config
    }
}

/// The language the terminal asks for (`LC_ALL`, `LC_MESSAGES`, `LANG`), if we speak it.
fn system_locale() -> Option<crate::service::Locale> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .find(|value| !value.is_empty())
        .and_then(|value| crate::service::Locale::from_tag(&value))
}

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build()
}

/// What `reversi-bot render --moves MOVES [--theme T] [--size N] [--rules R] [--set O=C] [--gif]
/// [--language L]` writes: the position after `moves` (a transcript such as `f5d6c3`, passes
/// implied) under `rules` as a PNG with its legal moves ringed, or with `gif` the replay of those
/// moves as an animated GIF. The words on it are in `locale`
/// ([`tool_caption`](crate::service::view::board::tool_caption): the sides named as `theme`
/// paints them, the move counter, the result of a game over on the board).
///
/// ```
/// use reversi_bot::cli::render;
/// use reversi_bot::engine::{Preset, Rules};
/// use reversi_bot::render::Theme;
/// use reversi_bot::service::Locale;
/// let png = render("f5d6c3", Rules::default(), Theme::Classic, false, Locale::English).unwrap();
/// assert!(png.starts_with(b"\x89PNG"));
/// let german = render("f5d6c3", Rules::default(), Theme::Classic, false, Locale::German).unwrap();
/// assert_ne!(german, png, "the words differ");
/// let gif = render("f5d6c3", Rules::default(), Theme::Dark, true, Locale::Swedish).unwrap();
/// assert!(gif.starts_with(b"GIF89a"));
/// assert!(render("f5f5", Rules::default(), Theme::Classic, false, Locale::English).is_err());
/// // Jacques & Sons: the first four discs fill the empty centre.
/// assert!(render("d4e5d5e4", Preset::JacquesSons.rules(), Theme::Classic, false, Locale::English).is_ok());
/// assert!(render("f5", Preset::JacquesSons.rules(), Theme::Classic, false, Locale::English).is_err());
/// ```
pub fn render(moves: &str, rules: Rules, theme: Theme, gif: bool, locale: Locale) -> Result<Vec<u8>, RenderError> {
    let game = Game::from_transcript(rules, moves)?;
    let caption = board::tool_caption(locale, theme, &game);
    let renderer = Renderer::new();
    if gif {
        let options = RenderOptions { theme, legal_moves: false, move_numbers: false };
        Ok(renderer.replay_gif_captioned(&game, &options, &caption, &|moves| board::move_label(locale, moves)))
    } else {
        Ok(renderer.board_png_captioned(&game, &RenderOptions { theme, ..RenderOptions::default() }, &caption))
    }
}

/// Prints, for every depth up to `depth`, the leaves, the seconds and the leaves per second.
pub fn perft(board: Board, depth: u32, out: &mut impl Write) -> anyhow::Result<()> {
    writeln!(out, "{:>5} {:>20} {:>10} {:>16}", "depth", "leaves", "seconds", "leaves/s")?;
    for d in 1..=depth {
        let started = Instant::now();
        let leaves = board.perft(Color::Black, d);
        let seconds = started.elapsed().as_secs_f64();
        let rate = if seconds > 0.0 { leaves as f64 / seconds } else { f64::INFINITY };
        writeln!(out, "{d:>5} {leaves:>20} {seconds:>10.3} {rate:>16.0}")?;
        out.flush()?;
    }
    Ok(())
}

/// Every finished game in the database at `url`, replayed (those whose record does not replay
/// are left out with a warning).
async fn stored_games(url: &str) -> anyhow::Result<Vec<(i64, crate::engine::Game)>> {
    use crate::store::queries::*;
    let store = crate::store::Store::open(url).await?;
    let mut games = Vec::new();
    let mut after = crate::store::GameId(0);
    loop {
        let page = store.finished_games_after(after, 500).await?;
        let Some(last) = page.last() else { break };
        after = last.id;
        for record in page {
            match crate::engine::Game::from_transcript(record.rules, &record.moves) {
                Ok(game) => games.push((record.id.0, game)),
                Err(e) => eprintln!("game #{} left out: {e}", record.id.0),
            }
        }
    }
    store.close().await;
    Ok(games)
}
