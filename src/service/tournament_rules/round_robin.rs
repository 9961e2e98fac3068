//! Round robin by the FIDE Berger tables: every pair meets once per cycle, colours alternate
//! as fairly as a round robin allows, and the second cycle of a double round robin repeats the
//! first with colours swapped.

use std::collections::HashSet;

use super::{GameRecord, Pairing, PlayerId, Round};

/// The Berger table for `n` pairing numbers (1-based), as FIDE publishes it: one entry per round,
/// each a list of boards `(first, second)` where `first` has Black (moves first). For odd `n` the
/// table for `n + 1` is used and the games against `n + 1` are left out (that player has the bye).
///
/// Round `r` (1-based), with `m = n - 1` for even `n`: the last number meets
/// `p = (r + 1) · n/2 mod m`, on board 1, having Black in even rounds; board `k` pairs
/// `p + k` (Black) with `p − k`, both taken into `1..=m`.
pub fn berger_table(n: usize) -> Vec<Vec<(usize, usize)>> {
    if n < 2 {
        return Vec::new();
    }
    let even = n + n % 2;
    let m = even - 1;
    let wrap = |x: isize| -> usize { ((x - 1).rem_euclid(m as isize) + 1) as usize };
    (1..=m)
        .map(|r| {
            let p = wrap(((r + 1) * even / 2) as isize);
            let mut boards = Vec::with_capacity(even / 2);
            if r % 2 == 1 {
                boards.push((p, even));
            } else {
                boards.push((even, p));
            }
            for k in 1..even / 2 {
                boards.push((wrap((p + k) as isize), wrap(p as isize - k as isize)));
            }
            boards
        })
        .collect()
}

/// Every round of a round robin between `players`, in the order given (their pairing numbers:
/// the caller orders them by rating or by lot). `double` adds a second cycle with colours swapped.
/// With an odd number of players the one who would meet the phantom `n + 1` has the bye.
pub fn round_robin(players: &[PlayerId], double: bool) -> Vec<Round> {
    let n = players.len();
    let table = berger_table(n);
    let cycle: Vec<Round> = table
        .iter()
        .map(|boards| {
            let mut round = Round::default();
            for &(a, b) in boards {
                match (players.get(a - 1), players.get(b - 1)) {
                    (Some(&black), Some(&white)) => round.games.push(Pairing { black, white }),
                    (Some(&p), None) | (None, Some(&p)) => round.bye = Some(p),
                    (None, None) => {}
                }
            }
            round
        })
        .collect();
    let mut rounds = cycle.clone();
    if double {
        rounds.extend(cycle.into_iter().map(|r| Round {
            games: r.games.into_iter().map(|g| Pairing { black: g.white, white: g.black }).collect(),
            bye: r.bye,
        }));
    }
    rounds
}

/// A round-robin round once some players have withdrawn: the games still to play, and the
/// forfeits to record. A game against a withdrawn player is a forfeit win for the one present
/// (scored as a bye: 1 point, 32–0); a game between two withdrawn players is dropped (no points).
pub fn forfeit_withdrawn(round: &Round, withdrawn: &HashSet<PlayerId>) -> (Vec<Pairing>, Vec<GameRecord>) {
    let mut play = Vec::new();
    let mut forfeits = Vec::new();
    for g in &round.games {
        match (withdrawn.contains(&g.black), withdrawn.contains(&g.white)) {
            (false, false) => play.push(*g),
            (true, false) => forfeits.push(GameRecord::Forfeit { winner: g.white, loser: g.black }),
            (false, true) => forfeits.push(GameRecord::Forfeit { winner: g.black, loser: g.white }),
            (true, true) => {}
        }
    }
    if let Some(p) = round.bye.filter(|p| !withdrawn.contains(p)) {
        forfeits.push(GameRecord::Bye { player: p });
    }
    (play, forfeits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_six_player_berger_table_is_the_published_one() {
        let expected = vec![
            vec![(1, 6), (2, 5), (3, 4)],
            vec![(6, 4), (5, 3), (1, 2)],
            vec![(2, 6), (3, 1), (4, 5)],
            vec![(6, 5), (1, 4), (2, 3)],
            vec![(3, 6), (4, 2), (5, 1)],
        ];
        assert_eq!(berger_table(6), expected);
    }

    #[test]
    fn the_eight_player_berger_table_is_the_published_one() {
        let expected = vec![
            vec![(1, 8), (2, 7), (3, 6), (4, 5)],
            vec![(8, 5), (6, 4), (7, 3), (1, 2)],
            vec![(2, 8), (3, 1), (4, 7), (5, 6)],
            vec![(8, 6), (7, 5), (1, 4), (2, 3)],
            vec![(3, 8), (4, 2), (5, 1), (6, 7)],
            vec![(8, 7), (1, 6), (2, 5), (3, 4)],
            vec![(4, 8), (5, 3), (6, 2), (7, 1)],
        ];
        assert_eq!(berger_table(8), expected);
    }

    #[test]
    fn the_four_player_berger_table_is_the_published_one() {
        assert_eq!(berger_table(4), vec![vec![(1, 4), (2, 3)], vec![(4, 3), (1, 2)], vec![(2, 4), (3, 1)]]);
    }
}
