//! Games the tests play: seeded random games picked for what they show.

use reversi_bot::engine::{Color, Move, Ply, Rules, random_game};

/// The moves of the first seeded random game with a forced pass, as (colour, move).
pub fn game_with_a_pass() -> Vec<(Color, Move)> {
    let game = (0..)
        .map(|seed| random_game(Rules::default(), seed))
        .find(|game| game.plies().iter().any(|p| matches!(p, Ply::Pass(_))))
        .expect("random games pass now and then");
    game.moves().map(|m| (m.color, m.mv)).collect()
}
