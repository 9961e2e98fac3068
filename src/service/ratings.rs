//! Rating maths: one Glicko-2 step per rated game (via `skillratings`), on the game's ladder
//! (its kind: rule sheet and board size) in its server and globally, written in the same
//! transaction as the game's end.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::engine::Color;
use crate::store::queries::*;
use crate::store::{
    GameRecord, Glicko, Ladder, PlayerResult, RatingChange, RatingUpdate, Scope, StoreError, Timestamp, Tx,
};

/// A rating whose deviation is above this is provisional: shown with a `?`.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// The rating of a player who has never played a rated game.
pub fn newcomer() -> Glicko {
    let fresh = Glicko2Rating::new();
    Glicko { rating: fresh.rating, deviation: fresh.deviation, volatility: fresh.volatility }
}

/// Whether a rating is still provisional.
pub fn is_provisional(glicko: &Glicko) -> bool {
    glicko.deviation > PROVISIONAL_DEVIATION
}

fn to_skill(g: &Glicko) -> Glicko2Rating {
    Glicko2Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility }
}

fn from_skill(g: &Glicko2Rating) -> Glicko {
    Glicko { rating: g.rating, deviation: g.deviation, volatility: g.volatility }
}

/// The new ratings of black and white after a game with `winner` (`None`: a draw).
pub fn step(black: &Glicko, white: &Glicko, winner: Option<Color>) -> (Glicko, Glicko) {
    let outcome = match winner {
        Some(Color::Black) => Outcomes::WIN,
        Some(Color::White) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (b, w) = glicko2(&to_skill(black), &to_skill(white), &outcome, &Glicko2Config::new());
    (from_skill(&b), from_skill(&w))
}

/// One player's change in one scope, for the result message.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// Whose.
    pub color: Color,
    /// Where.
    pub scope: Scope,
    /// Before.
    pub before: Glicko,
    /// After.
    pub after: Glicko,
}

impl Change {
    /// A change as stored with the game, for announcing the game's end again later; `None` for
    /// a player not in the game.
    pub fn from_stored(record: &GameRecord, stored: &RatingChange) -> Option<Change> {
        let volatility = newcomer().volatility;
        Some(Change {
            color: record.color_of(stored.player)?,
            scope: stored.scope,
            before: Glicko { rating: stored.rating_before, deviation: stored.deviation_before, volatility },
            after: Glicko { rating: stored.rating_after, deviation: stored.deviation_after, volatility },
        })
    }
}

/// The scopes a rated game counts in: its server's ladder and the global one.
pub fn scopes(record: &GameRecord) -> Vec<Scope> {
    match record.scope() {
        Scope::Global => vec![Scope::Global],
        server => vec![server, Scope::Global],
    }
}

/// Applies a rated game's result to both players in every scope, inside `tx`.
pub async fn rate(
    tx: &mut Tx,
    record: &GameRecord,
    winner: Option<Color>,
    now: Timestamp,
) -> Result<Vec<Change>, StoreError> {
    let mut changes = Vec::new();
    let ladder = Ladder::of(&record.rules);
    tx.lock_ratings(&[record.black, record.white]).await?;
    for scope in scopes(record) {
        let black_before = tx.rating(record.black, &ladder, scope).await?.map_or_else(newcomer, |r| r.glicko);
        let white_before = tx.rating(record.white, &ladder, scope).await?.map_or_else(newcomer, |r| r.glicko);
        let (black_after, white_after) = step(&black_before, &white_before, winner);
        for (color, before, after) in
            [(Color::Black, black_before, black_after), (Color::White, white_before, white_after)]
        {
            let result = match winner {
                None => PlayerResult::Drew,
                Some(w) if w == color => PlayerResult::Won,
                Some(_) => PlayerResult::Lost,
            };
            let player = record.player(color);
            let update = RatingUpdate { game: record.id, player, ladder: ladder.clone(), scope, result, before, after };
            let stored = tx.record_rating(&update, now).await?;
            changes.push(Change { color, scope, before, after: stored.glicko });
        }
    }
    Ok(changes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_moves_ratings_apart_and_a_draw_between_equals_keeps_them() {
        let (b, w) = step(&newcomer(), &newcomer(), Some(Color::Black));
        assert!(b.rating > 1500.0 && w.rating < 1500.0);
        assert!(b.deviation < 350.0, "a game makes the rating more certain");
        let (b, w) = step(&newcomer(), &newcomer(), None);
        assert!((b.rating - 1500.0).abs() < 1e-6 && (w.rating - 1500.0).abs() < 1e-6);
    }

    #[test]
    fn newcomers_are_provisional() {
        assert!(is_provisional(&newcomer()));
        assert!(!is_provisional(&Glicko { rating: 1623.4, deviation: 60.0, volatility: 0.06 }));
    }
}
