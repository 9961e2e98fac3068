//! `reversi-bot measure level5-endgame-accuracy`: how often level 5 plays a best move at 26
//! empties within its time, with its endgame passes and without them (docs/solver-tuning.md#the-levels).

use std::io::Write;
use std::sync::atomic::AtomicBool;

use anyhow::Context as _;

use super::{empties, self_play};
use crate::ai::Searcher;
use crate::engine::bits::{Eight, Geometry};

/// On 12 self-play positions with 26 empties and a choice of moves: the best moves level 5 played
/// and the discs it lost, with its solver's selective passes and with its midgame search alone.
pub fn level5_endgame_accuracy(out: &mut impl Write) -> anyhow::Result<()> {
    const EMPTIES: u32 = 26;
    let positions = self_play(200, 21);
    let cancel = AtomicBool::new(false);
    let mut judge = Searcher::new(64);
    let chosen: Vec<_> = positions
        .iter()
        .copied()
        .filter(|&(p, o)| empties(p, o) == EMPTIES && Eight::moves(p, o).count_ones() > 1)
        .take(12)
        .collect();
    let (mut best_with, mut best_without, mut loss_with, mut loss_without) = (0, 0, 0, 0);
    for &(p, o) in &chosen {
        let pick = |passes: bool| Searcher::new(32).level5_move(p, o, passes, &cancel).context("level 5 found no move");
        let (with, without) = (pick(true)?, pick(false)?);
        let mut solve = |p: u64, o: u64| judge.solve8(p, o, None, &cancel).map(|s| s.score).context("no exact score");
        let best = solve(p, o)?;
        let mut value = |x: u32| {
            let f = Eight::flips(p, o, x);
            solve(o ^ f, p ^ f ^ (1 << x)).map(|score| -score)
        };
        let (v_with, v_without) = (value(with)?, value(without)?);
        best_with += i32::from(v_with == best);
        best_without += i32::from(v_without == best);
        loss_with += best - v_with;
        loss_without += best - v_without;
    }
    writeln!(
        out,
        "{EMPTIES} empties, {} positions: best move {best_with} with the passes, {best_without} without; \
         discs lost {loss_with} with, {loss_without} without",
        chosen.len()
    )?;
    Ok(())
}
