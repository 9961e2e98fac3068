//! Knockout: a bracket seeded by rating in the standard order (1 v N, 2 v N−1, seeds 1 and 2 in
//! opposite halves, so the top seeds can only meet late), byes to the top seeds when the field is
//! not a power of two, and matches of two games with colours swapped plus deciders when tied.

use super::{Entrant, GameRecord, Pairing, PlayerId};

/// Seed numbers (1-based) in bracket order for a bracket of `size` slots (a power of two):
/// consecutive entries meet in the first round, e.g. 8 → 1 8 4 5 2 7 3 6. Built by doubling:
/// every seed `s` of the bracket of half the size is followed by its partner `2·half + 1 − s`.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// The first round of a knockout: entrants seeded by rating (highest first, then id), placed in
/// the bracket of the next power of two; each slot pair is `(higher seed, Some(lower seed))`, or
/// `(seed, None)` for a bye (only top seeds get them). Listed in bracket order, so the winners of
/// consecutive entries meet in the next round.
pub fn knockout_first_round(entrants: &[Entrant]) -> Vec<(PlayerId, Option<PlayerId>)> {
    let mut seeded: Vec<&Entrant> = entrants.iter().filter(|e| !e.withdrawn).collect();
    seeded.sort_by(|a, b| b.rating.total_cmp(&a.rating).then(a.id.cmp(&b.id)));
    if seeded.is_empty() {
        return Vec::new();
    }
    let size = seeded.len().next_power_of_two().max(2);
    let order = bracket_order(size);
    order
        .chunks(2)
        .map(|c| {
            let (hi, lo) = (c[0].min(c[1]), c[0].max(c[1]));
            (seeded[hi - 1].id, seeded.get(lo - 1).map(|e| e.id))
        })
        .collect()
}

/// The next round's matches from the winners of the last, given in bracket order: consecutive
/// winners meet (the first named keeps the upper half's place).
pub fn knockout_next_round(winners: &[PlayerId]) -> Vec<(PlayerId, Option<PlayerId>)> {
    winners.chunks(2).map(|c| (c[0], c.get(1).copied())).collect()
}

/// Colours of game `index` (0-based) of a match, `high` the higher seed: the higher seed has Black
/// in the first game, the second swaps them, and deciders keep alternating (Black for the higher
/// seed in the first decider).
pub fn knockout_game_colours(high: PlayerId, low: PlayerId, index: usize) -> Pairing {
    if index.is_multiple_of(2) { Pairing { black: high, white: low } } else { Pairing { black: low, white: high } }
}

/// Where a knockout match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchDecision {
    /// The two regular games are not both played yet.
    InProgress,
    /// Tied on points after the two games (and any drawn deciders): another deciding game is needed.
    NeedsDecider,
    /// This player goes through.
    Advances(PlayerId),
}

/// Decides a knockout match between `a` and `b` from its games in the order played: the first two
/// are the match (colours swapped); if the points are level after them, deciding games follow one
/// at a time and the first one won settles it (a drawn decider calls for another). Disc counts do
/// not break the tie: Othello draws are rare enough that a further game is the fairer answer.
/// A forfeit (a player withdrew) settles the match at once for the one present.
pub fn match_decision(a: PlayerId, b: PlayerId, games: &[GameRecord]) -> MatchDecision {
    for g in games {
        if let GameRecord::Forfeit { winner, .. } = *g {
            return MatchDecision::Advances(winner);
        }
    }
    if games.len() < 2 {
        return MatchDecision::InProgress;
    }
    let points = |p: PlayerId, gs: &[GameRecord]| -> f64 { gs.iter().filter_map(|g| g.points_of(p)).sum() };
    let (pa, pb) = (points(a, &games[..2]), points(b, &games[..2]));
    if pa > pb {
        return MatchDecision::Advances(a);
    }
    if pb > pa {
        return MatchDecision::Advances(b);
    }
    for g in &games[2..] {
        match (g.points_of(a), g.points_of(b)) {
            (Some(x), Some(y)) if x > y => return MatchDecision::Advances(a),
            (Some(x), Some(y)) if y > x => return MatchDecision::Advances(b),
            _ => {}
        }
    }
    MatchDecision::NeedsDecider
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_eight_player_bracket_is_in_standard_seeding_order() {
        assert_eq!(bracket_order(8), vec![1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(bracket_order(4), vec![1, 4, 2, 3]);
    }
}
