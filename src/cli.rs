//! The command line: `reversi-bot <subcommand>`. Each subcommand parses its arguments here and
//! calls into the library; nothing here knows the rules or the search.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};

use crate::engine::{Board, BoardSize, Color, Start};

/// reversi-bot: a Discord bot for Reversi/Othello, and the tools around its engine.
#[derive(Debug, Parser)]
#[command(name = "reversi-bot", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
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
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Command::Perft { depth, size, parallel }) => {
            let size = BoardSize::try_from(size)?;
            let start = if parallel { Start::Parallel } else { Start::Cross };
            perft(Board::start(size, start), depth, &mut std::io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        None => {
            use clap::CommandFactory;
            Cli::command().print_help()?;
            Ok(ExitCode::from(2))
        }
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
