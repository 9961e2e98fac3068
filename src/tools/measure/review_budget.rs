//! `reversi-bot measure review-budget`: how much of its budget a review spends, and how deep it
//! searched, on self-play-like random games (docs/performance.md#reviews).

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::ai::Searcher;
use crate::ai::review::{ReviewConfig, review};
use crate::engine::{Rules, random_game};

/// Reviews the random games of seeds 1 to `games` with the default budget and prints, for each,
/// the seconds spent, the shallowest midgame depth and the move the exact stretch began at.
pub fn review_budget(games: u64, out: &mut impl Write) -> anyhow::Result<()> {
    let config = ReviewConfig::default();
    writeln!(out, "budget {:.1} s, depth up to {}", config.budget.as_secs_f64(), config.max_depth)?;
    let cancel = AtomicBool::new(false);
    let mut spent = Vec::new();
    for seed in 1..=games {
        let game = random_game(Rules::default(), seed);
        let started = Instant::now();
        let reviewed = review(&game, &config, &mut Searcher::new(64), &cancel)
            .map_err(|e| anyhow::anyhow!("game {seed} could not be reviewed: {e:?}"))?;
        let seconds = started.elapsed().as_secs_f64();
        spent.push(seconds);
        writeln!(
            out,
            "game {seed}: {seconds:.2} s, depth at least {}, exact from move {}",
            reviewed.depth,
            reviewed.exact_from + 1
        )?;
    }
    let mean = spent.iter().sum::<f64>() / spent.len().max(1) as f64;
    writeln!(out, "mean {mean:.2} s of {:.1} s", config.budget.as_secs_f64())?;
    Ok(())
}
