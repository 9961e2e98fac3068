//! The `reversi-bot` binary: loads `.env`, sets up logging, parses the command line and hands
//! over to the library.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    // A missing .env is fine: the environment may hold everything.
    let _ = dotenvy::dotenv();
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,serenity=warn"));
    // Colours only on a terminal: a service manager's log gets plain lines.
    let ansi = std::io::stderr().is_terminal();
    tracing_subscriber::fmt().with_env_filter(filter).with_ansi(ansi).with_writer(std::io::stderr).init();
    let cli = reversi_bot::cli::Cli::parse();
    match reversi_bot::cli::run(cli) {
        Ok(code) => code,
        // The reader went away (`reversi-bot solve … | head`): nothing more to say.
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {}", reversi_bot::report::with_causes(error.as_ref()));
            ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|e| e.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe))
}
