//! The pure tournament rules (issue 67 §1): Berger tables, Swiss pairing, knockout seeding and
//! matches, standings and tie-breaks, withdrawals. Properties over random tournaments, and the
//! tie-breaks against hand-computed examples.

use std::collections::{HashMap, HashSet};

use proptest::prelude::*;
use reversi_bot::service::tournament_rules::*;

// ---- helpers ----

fn entrants(n: usize) -> Vec<Entrant> {
    (1..=n as u64).map(|id| Entrant::new(id, 2000.0 - id as f64 * 10.0)).collect()
}

/// Plays a round's games with results drawn from `seed` (Black wins, White wins, or a draw).
fn play(round: &Round, seed: &mut u64) -> Vec<GameRecord> {
    let mut out = Vec::new();
    for g in &round.games {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let r = (*seed >> 33) % 7;
        let (b, w) = match r {
            0..=2 => (40, 24),
            3..=5 => (20, 44),
            _ => (32, 32),
        };
        out.push(GameRecord::from_discs(g.black, g.white, b, w));
    }
    if let Some(p) = round.bye {
        out.push(GameRecord::Bye { player: p });
    }
    out
}

#[derive(Default, Clone)]
struct Seen {
    opponents: HashSet<u64>,
    colours: Vec<bool>, // true = Black
    byes: u32,
}

fn seen(history: &[Vec<GameRecord>]) -> HashMap<u64, Seen> {
    let mut m: HashMap<u64, Seen> = HashMap::new();
    for r in history.iter().flatten() {
        match *r {
            GameRecord::Played { black, white, .. } => {
                let e = m.entry(black).or_default();
                e.opponents.insert(white);
                e.colours.push(true);
                let e = m.entry(white).or_default();
                e.opponents.insert(black);
                e.colours.push(false);
            }
            GameRecord::Bye { player } | GameRecord::Forfeit { winner: player, .. } => {
                m.entry(player).or_default().byes += 1;
            }
        }
    }
    m
}

fn colour_ok(s: &Seen, black: bool) -> bool {
    let mut c = s.colours.clone();
    c.push(black);
    let diff: i32 = c.iter().map(|&b| if b { 1 } else { -1 }).sum();
    let n = c.len();
    let three = n >= 3 && c[n - 1] == c[n - 2] && c[n - 2] == c[n - 3];
    diff.abs() <= 2 && !three
}

/// By brute force: is there a pairing of `players` (one bye, to a player without one if any
/// exists, when odd) with no rematch, and with the colour limits too if `colours`?
fn exists(players: &[u64], s: &HashMap<u64, Seen>, colours: bool) -> bool {
    fn rec(left: &[u64], s: &HashMap<u64, Seen>, colours: bool) -> bool {
        let Some((&a, rest)) = left.split_first() else { return true };
        let sa = s.get(&a).cloned().unwrap_or_default();
        for (i, &b) in rest.iter().enumerate() {
            let sb = s.get(&b).cloned().unwrap_or_default();
            if sa.opponents.contains(&b) {
                continue;
            }
            if colours
                && !((colour_ok(&sa, true) && colour_ok(&sb, false)) || (colour_ok(&sa, false) && colour_ok(&sb, true)))
            {
                continue;
            }
            let mut next = rest.to_vec();
            next.remove(i);
            if rec(&next, s, colours) {
                return true;
            }
        }
        false
    }
    if players.len().is_multiple_of(2) {
        return rec(players, s, colours);
    }
    let fresh: Vec<u64> = players.iter().copied().filter(|p| s.get(p).is_none_or(|x| x.byes == 0)).collect();
    let byes = if fresh.is_empty() { players.to_vec() } else { fresh };
    byes.iter().any(|&bye| {
        let rest: Vec<u64> = players.iter().copied().filter(|&p| p != bye).collect();
        rec(&rest, s, colours)
    })
}

// ---- round robin ----

proptest! {
    #[test]
    fn berger_tables_give_every_pair_exactly_once_per_cycle(n in 2usize..24, double in any::<bool>()) {
        let players: Vec<u64> = (1..=n as u64).collect();
        let rounds = round_robin(&players, double);
        let cycle = if n.is_multiple_of(2) { n - 1 } else { n };
        prop_assert_eq!(rounds.len(), cycle * if double { 2 } else { 1 });
        let mut met: HashMap<(u64, u64), Vec<Pairing>> = HashMap::new();
        for r in &rounds {
            let mut here: Vec<u64> = r.games.iter().flat_map(|g| [g.black, g.white]).chain(r.bye).collect();
            here.sort();
            prop_assert_eq!(&here, &players, "every player once a round");
            for g in &r.games {
                met.entry((g.black.min(g.white), g.black.max(g.white))).or_default().push(*g);
            }
        }
        prop_assert_eq!(met.len(), n * (n - 1) / 2);
        for games in met.values() {
            prop_assert_eq!(games.len(), if double { 2 } else { 1 });
            if double {
                prop_assert_eq!(games[0].black, games[1].white, "the second cycle swaps colours");
            }
        }
    }

    #[test]
    fn colours_in_a_round_robin_differ_by_at_most_one_per_player(n in 2usize..24) {
        let players: Vec<u64> = (1..=n as u64).collect();
        let mut balance: HashMap<u64, i32> = HashMap::new();
        let mut byes: HashMap<u64, u32> = HashMap::new();
        for r in round_robin(&players, false) {
            for g in &r.games {
                *balance.entry(g.black).or_default() += 1;
                *balance.entry(g.white).or_default() -= 1;
            }
            if let Some(p) = r.bye {
                *byes.entry(p).or_default() += 1;
            }
        }
        prop_assert!(balance.values().all(|b| b.abs() <= 1), "{balance:?}");
        if n % 2 == 1 {
            prop_assert!(players.iter().all(|p| byes.get(p) == Some(&1)), "one bye each in an odd round robin");
        }
    }
}

#[test]
fn a_withdrawn_players_remaining_round_robin_games_are_forfeits_for_their_opponents() {
    let round = Round { games: vec![Pairing { black: 1, white: 2 }, Pairing { black: 3, white: 4 }], bye: Some(5) };
    let withdrawn: HashSet<u64> = [2, 5].into();
    let (play, forfeits) = forfeit_withdrawn(&round, &withdrawn);
    assert_eq!(play, vec![Pairing { black: 3, white: 4 }]);
    assert_eq!(forfeits, vec![GameRecord::Forfeit { winner: 1, loser: 2 }]);
}

// ---- Swiss ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_swiss_round_pairs_every_active_player_exactly_once_and_no_one_gets_two_byes(
        n in 2usize..40, rounds in 1usize..10, seed in any::<u64>(), withdraw in proptest::collection::vec(any::<u8>(), 0..4),
    ) {
        let mut field = entrants(n);
        let mut history: Vec<Vec<GameRecord>> = Vec::new();
        let mut s = seed;
        for round_no in 0..rounds {
            // Withdrawals between rounds.
            if let Some(&w) = withdraw.get(round_no) {
                let i = w as usize % n;
                field[i].withdrawn = true;
            }
            let active: Vec<u64> = field.iter().filter(|e| !e.withdrawn).map(|e| e.id).collect();
            let before = seen(&history);
            let round = pair_swiss(&field, &history);
            let mut here: Vec<u64> = round.games.iter().flat_map(|g| [g.black, g.white]).chain(round.bye).collect();
            here.sort();
            let mut want = active.clone();
            want.sort();
            prop_assert_eq!(&here, &want, "every active player exactly once");
            prop_assert_eq!(round.bye.is_some(), active.len() % 2 == 1);
            if let Some(b) = round.bye {
                let everyone_had_one = active.iter().all(|p| before.get(p).is_some_and(|x| x.byes > 0));
                prop_assert!(before.get(&b).is_none_or(|x| x.byes == 0) || everyone_had_one, "a second bye for {}", b);
            }
            history.push(play(&round, &mut s));
        }
    }

    #[test]
    fn no_two_players_meet_twice_in_a_swiss_while_it_can_be_avoided(
        n in 2usize..9, rounds in 1usize..8, seed in any::<u64>(),
    ) {
        let field = entrants(n);
        let mut history: Vec<Vec<GameRecord>> = Vec::new();
        let mut s = seed;
        for _ in 0..rounds {
            let before = seen(&history);
            let round = pair_swiss(&field, &history);
            let ids: Vec<u64> = field.iter().map(|e| e.id).collect();
            let rematch = round.games.iter().any(|g| before.get(&g.black).is_some_and(|x| x.opponents.contains(&g.white)));
            if rematch {
                prop_assert!(!exists(&ids, &before, false), "a rematch though a pairing without one exists");
            }
            history.push(play(&round, &mut s));
        }
    }

    #[test]
    fn swiss_colours_stay_within_two_and_never_three_in_a_row_when_avoidable(
        n in 2usize..9, rounds in 1usize..8, seed in any::<u64>(),
    ) {
        let field = entrants(n);
        let mut history: Vec<Vec<GameRecord>> = Vec::new();
        let mut s = seed;
        for _ in 0..rounds {
            let before = seen(&history);
            let round = pair_swiss(&field, &history);
            let ids: Vec<u64> = field.iter().map(|e| e.id).collect();
            let bad = round.games.iter().any(|g| {
                !colour_ok(&before.get(&g.black).cloned().unwrap_or_default(), true)
                    || !colour_ok(&before.get(&g.white).cloned().unwrap_or_default(), false)
            });
            if bad {
                prop_assert!(!exists(&ids, &before, true), "colour limits broken though a pairing keeping them (and avoiding rematches) exists");
            }
            history.push(play(&round, &mut s));
        }
    }
}

#[test]
fn the_first_swiss_round_pairs_the_top_half_against_the_bottom_half_by_rating() {
    let round = pair_swiss(&entrants(8), &[]);
    let pairs: Vec<(u64, u64)> = round.games.iter().map(|g| (g.black.min(g.white), g.black.max(g.white))).collect();
    assert_eq!(pairs, vec![(1, 5), (2, 6), (3, 7), (4, 8)]);
    // Colours alternate down the boards.
    assert_eq!(round.games[0].black, 1);
    assert_eq!(round.games[1].white, 2);
}

#[test]
fn the_swiss_bye_goes_to_the_lowest_ranked_player_without_one() {
    let field = entrants(5);
    let r1 = pair_swiss(&field, &[]);
    assert_eq!(r1.bye, Some(5));
    let history = vec![play(&r1, &mut 7)];
    let r2 = pair_swiss(&field, &history);
    assert_ne!(r2.bye, Some(5));
}

#[test]
fn a_withdrawn_player_is_not_paired_in_later_swiss_rounds() {
    let mut field = entrants(6);
    field[2].withdrawn = true;
    let r = pair_swiss(&field, &[]);
    assert!(r.games.iter().all(|g| g.black != 3 && g.white != 3));
    assert_eq!(r.bye.map(|b| b != 3), Some(true));
}

#[test]
fn a_swiss_round_of_three_hundred_players_pairs_everyone_quickly() {
    let field = entrants(300);
    let mut history = Vec::new();
    let mut s = 42;
    for _ in 0..9 {
        let r = pair_swiss(&field, &history);
        assert_eq!(r.games.len(), 150);
        history.push(play(&r, &mut s));
    }
    let met = seen(&history);
    assert!(met.values().all(|x| x.opponents.len() == 9), "no rematch in nine rounds of 300");
}

// ---- knockout ----

proptest! {
    #[test]
    fn knockout_seeding_keeps_seeds_one_and_two_apart_until_the_final(n in 2usize..100) {
        let field = entrants(n); // rating order = id order, so id k is seed k
        let first = knockout_first_round(&field);
        let size = n.next_power_of_two();
        prop_assert_eq!(first.len(), size / 2);
        let byes: Vec<u64> = first.iter().filter(|m| m.1.is_none()).map(|m| m.0).collect();
        prop_assert_eq!(byes.len(), size - n);
        prop_assert!(byes.iter().all(|&s| s as usize <= size - n), "byes go to the top seeds");
        // The favourite always wins: the final is seed 1 against seed 2.
        let mut round = first;
        while round.len() > 1 {
            let winners: Vec<u64> = round.iter().map(|&(a, b)| b.map_or(a, |b| a.min(b))).collect();
            round = knockout_next_round(&winners);
        }
        let (a, b) = round[0];
        prop_assert_eq!((a.min(b.unwrap()), a.max(b.unwrap())), (1, 2));
    }
}

#[test]
fn a_knockout_match_is_two_games_then_deciders_until_one_is_won() {
    let g = GameRecord::from_discs;
    assert_eq!(match_decision(1, 2, &[g(1, 2, 40, 24)]), MatchDecision::InProgress);
    assert_eq!(match_decision(1, 2, &[g(1, 2, 40, 24), g(2, 1, 30, 34)]), MatchDecision::Advances(1));
    let tied = [g(1, 2, 40, 24), g(2, 1, 40, 24)];
    assert_eq!(match_decision(1, 2, &tied), MatchDecision::NeedsDecider);
    let drawn_decider = [tied[0], tied[1], g(1, 2, 32, 32)];
    assert_eq!(match_decision(1, 2, &drawn_decider), MatchDecision::NeedsDecider);
    let decided = [tied[0], tied[1], g(1, 2, 32, 32), g(2, 1, 33, 31)];
    assert_eq!(match_decision(1, 2, &decided), MatchDecision::Advances(2));
    assert_eq!(match_decision(1, 2, &[GameRecord::Forfeit { winner: 2, loser: 1 }]), MatchDecision::Advances(2));
}

// ---- standings ----

/// Three players, three rounds, one bye each:
/// R1 1–2 40–24, bye 3; R2 3–1 33–31, bye 2; R3 2–3 32–32, bye 1.
fn three_player_rounds() -> Vec<Vec<GameRecord>> {
    let g = GameRecord::from_discs;
    vec![
        vec![g(1, 2, 40, 24), GameRecord::Bye { player: 3 }],
        vec![g(3, 1, 33, 31), GameRecord::Bye { player: 2 }],
        vec![g(2, 3, 32, 32), GameRecord::Bye { player: 1 }],
    ]
}

#[test]
fn points_disc_count_and_brightwell_match_a_hand_computed_example() {
    let table = standings(&entrants(3), &three_player_rounds(), &TieBreakOptions::default());
    let by_id: HashMap<u64, &Standing> = table.iter().map(|s| (s.id, s)).collect();
    // Points: 1 = win, loss, bye = 2; 2 = loss, bye, draw = 1.5; 3 = bye, win, draw = 2.5.
    assert_eq!([by_id[&1].points, by_id[&2].points, by_id[&3].points], [2.0, 1.5, 2.5]);
    // Disc count: 1 = +16 −2 +32; 2 = −16 +32 +0; 3 = +32 +2 +0.
    assert_eq!([by_id[&1].disc_count, by_id[&2].disc_count, by_id[&3].disc_count], [46, 16, 34]);
    // Brightwell, C = 6: 1 = (40 + 6·1.5) + (31 + 6·2.5) + (32 + 6·2) = 49 + 46 + 44.
    assert_eq!(by_id[&1].brightwell, 139.0);
    // 2 = (24 + 6·2) + (32 + 6·1.5) + (32 + 6·2.5) = 36 + 41 + 47.
    assert_eq!(by_id[&2].brightwell, 124.0);
    // 3 = (32 + 6·2.5) + (33 + 6·2) + (32 + 6·1.5) = 47 + 45 + 41.
    assert_eq!(by_id[&3].brightwell, 133.0);
    assert_eq!(table.iter().map(|s| (s.id, s.rank)).collect::<Vec<_>>(), vec![(3, 1), (1, 2), (2, 3)]);
}

#[test]
fn buchholz_and_sonneborn_berger_match_a_hand_computed_example() {
    let table = standings(&entrants(3), &three_player_rounds(), &TieBreakOptions::default());
    let by_id: HashMap<u64, &Standing> = table.iter().map(|s| (s.id, s)).collect();
    // A bye counts as an opponent with the player's own points.
    assert_eq!([by_id[&1].buchholz, by_id[&2].buchholz, by_id[&3].buchholz], [6.0, 6.0, 6.0]);
    // SB: 1 = 1·1.5 + 0·2.5 + 1·2; 2 = 0·2 + 1·1.5 + ½·2.5; 3 = 1·2.5 + 1·2 + ½·1.5.
    assert_eq!([by_id[&1].sonneborn_berger, by_id[&2].sonneborn_berger, by_id[&3].sonneborn_berger], [3.5, 2.75, 5.25]);
}

#[test]
fn players_level_on_points_are_ordered_by_brightwell_then_disc_count_and_share_a_place_when_all_equal() {
    let g = GameRecord::from_discs;
    // 1 beats 3 narrowly, 2 beats 4 widely: 1 and 2 level on points.
    let rounds = vec![vec![g(1, 3, 33, 31), g(2, 4, 50, 14)]];
    let table = standings(&entrants(4), &rounds, &TieBreakOptions::default());
    // BQ 1 = 33 + 0, 2 = 50 + 0: 2 is ahead.
    assert_eq!(table[0].id, 2);
    assert_eq!(table[1].id, 1);
    let same = vec![vec![g(1, 3, 40, 24), g(2, 4, 40, 24)]];
    let table = standings(&entrants(4), &same, &TieBreakOptions::default());
    assert_eq!((table[0].rank, table[1].rank, table[2].rank, table[3].rank), (1, 1, 3, 3));
}

#[test]
fn a_game_against_a_withdrawn_player_counts_for_brightwell_as_thirty_two_plus_c_times_own_points() {
    let g = GameRecord::from_discs;
    let mut field = entrants(3);
    field[2].withdrawn = true;
    let rounds = vec![
        vec![g(1, 3, 36, 28), GameRecord::Bye { player: 2 }],
        vec![GameRecord::Forfeit { winner: 2, loser: 3 }, g(1, 2, 30, 34)],
    ];
    let table = standings(&field, &rounds, &TieBreakOptions::default());
    let by_id: HashMap<u64, &Standing> = table.iter().map(|s| (s.id, s)).collect();
    // Player 1: 1 point; vs withdrawn 3 → 32 + 6·1; vs 2 (3 points) → 30 + 6·3.
    assert_eq!(by_id[&1].brightwell, 38.0 + 48.0);
    // Player 2: 3 points; bye → 32 + 18; forfeit win → 32 + 18; vs 1 → 34 + 6.
    assert_eq!(by_id[&2].brightwell, 50.0 + 50.0 + 40.0);
    assert_eq!(by_id[&2].disc_count, 32 + 32 + 4);
    assert!(by_id[&3].withdrawn);
}
