//! The levels in play: every level gives a legal move on random positions of every size and
//! variant, within its budget; cancellation stops a search at once; the same seed gives the same
//! move; whole games between levels finish legally; the beginner is not a random mover. The
//! strength matches between levels are `#[ignore]`d (release, minutes):
//! `cargo test --release --test ai_levels -- --ignored --nocapture`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reversi_bot::ai::rng::Rng;
use reversi_bot::ai::{AiConfig, Level, Searcher, choose_move};
use reversi_bot::engine::{BoardSize, Color, DiscSupply, FlipMode, Game, Rules, Scoring, Start, TieRule};

fn variants() -> Vec<Rules> {
    let base = Rules::default();
    vec![
        base,
        Rules { size: BoardSize::Six, ..base },
        Rules { size: BoardSize::Ten, ..base },
        Rules { flips: FlipMode::OneLine, ..base },
        Rules { size: BoardSize::Six, flips: FlipMode::OneLine, start: Start::FreeCentre, ..base },
        Rules { start: Start::FreeCentre, ..base },
        Rules { start: Start::Parallel, scoring: Scoring::Wof, ..base },
        Rules::ravensburger(),
        Rules { size: BoardSize::Ten, flips: FlipMode::OneLine, tie: TieRule::Counts(Color::White), ..base },
        Rules { size: BoardSize::Six, supply: DiscSupply::Limited, ..base },
    ]
}

/// A game of `rules` after `plies` random moves (fewer if it ended).
fn random_game(rules: Rules, plies: usize, rng: &mut Rng) -> Game {
    let mut game = Game::new(rules);
    for _ in 0..plies {
        if game.is_over() {
            break;
        }
        let choices = game.legal_choices();
        game.play(choices[rng.below(choices.len() as u64) as usize]).unwrap();
    }
    game
}

fn config(ms: u64) -> AiConfig {
    AiConfig { budget: Duration::from_millis(ms), tt_megabytes: 2 }
}

#[test]
fn every_level_plays_legally_within_its_budget_on_every_size_and_variant() {
    let cancel = AtomicBool::new(false);
    let mut rng = Rng::new(5);
    let budget = 40;
    for rules in variants() {
        for k in 0..6 {
            let squares = rules.size.squares() as usize;
            let plies = [0, 1, 3, squares / 3, squares - 20, squares - 8][k];
            let game = random_game(rules, plies, &mut rng);
            for level in Level::all() {
                let started = Instant::now();
                let choice = choose_move(&game, level, &config(budget), rng.next_u64(), &cancel);
                let elapsed = started.elapsed();
                let Some(choice) = choice else {
                    assert!(game.is_over());
                    continue;
                };
                assert!(game.legal_choices().contains(&choice.mv), "{rules}: level {level} played {}", choice.mv);
                // Generous slack for debug builds on a busy machine.
                assert!(elapsed < Duration::from_millis(budget + 1000), "{rules}: level {level} took {elapsed:?}");
                let mut after = game.clone();
                after.play(choice.mv).unwrap();
            }
        }
    }
}

#[test]
fn a_game_that_is_over_gets_no_move() {
    let mut rng = Rng::new(1);
    let game = random_game(Rules { size: BoardSize::Six, ..Rules::default() }, 100, &mut rng);
    assert!(game.is_over());
    assert!(choose_move(&game, Level::MAX, &config(10), 0, &AtomicBool::new(false)).is_none());
}

#[test]
fn cancelling_stops_the_master_promptly_with_a_legal_move() {
    let mut rng = Rng::new(8);
    for rules in [Rules::default(), Rules { size: BoardSize::Ten, ..Rules::default() }] {
        let game = random_game(rules, 20, &mut rng);
        let cancel = AtomicBool::new(false);
        let long = AiConfig { budget: Duration::from_secs(60), tt_megabytes: 2 };
        let started = Instant::now();
        let choice = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                cancel.store(true, Ordering::Relaxed);
            });
            choose_move(&game, Level::MAX, &long, 1, &cancel)
        })
        .unwrap();
        assert!(started.elapsed() < Duration::from_secs(3), "took {:?}", started.elapsed());
        assert!(game.legal_choices().contains(&choice.mv));
        // Already cancelled: still a legal move, at once.
        let started = Instant::now();
        let choice = choose_move(&game, Level::MAX, &long, 1, &cancel).unwrap();
        assert!(started.elapsed() < Duration::from_secs(1));
        assert!(game.legal_choices().contains(&choice.mv));
    }
}

#[test]
fn the_same_seed_gives_the_same_move() {
    let mut rng = Rng::new(21);
    for _ in 0..10 {
        let game = random_game(Rules::default(), 12, &mut rng);
        for level in [1, 2, 3].map(|n| Level::new(n).unwrap()) {
            let a = choose_move(&game, level, &config(5000), 99, &AtomicBool::new(false)).unwrap();
            let b = choose_move(&game, level, &config(5000), 99, &AtomicBool::new(false)).unwrap();
            assert_eq!(a.mv, b.mv);
        }
    }
}

#[test]
fn the_solver_takes_over_near_the_end() {
    let mut rng = Rng::new(3);
    let game = random_game(Rules::default(), 50, &mut rng);
    let choice = choose_move(&game, Level::MAX, &config(2000), 0, &AtomicBool::new(false)).unwrap();
    assert!(choice.exact, "{choice:?}");
    assert_eq!(choice.depth, game.board().empties());
}

/// Plays a whole game; `players[0]` has black. Returns black's margin.
fn play_game(mut game: Game, players: [Level; 2], config: &AiConfig, seed: u64) -> i32 {
    let cancel = AtomicBool::new(false);
    let mut searchers = [Searcher::new(config.tt_megabytes), Searcher::new(config.tt_megabytes)];
    let mut ply = 0;
    while let Some(color) = game.to_move() {
        let i = color.index();
        let choice = searchers[i].choose(&game, players[i], config, seed.wrapping_add(ply), &cancel).unwrap();
        game.play(choice.mv).expect("the bot plays legal moves");
        ply += 1;
    }
    game.result().unwrap().margin()
}

#[test]
fn games_between_the_lower_levels_finish_legally() {
    let mut rng = Rng::new(4);
    let l = |n| Level::new(n).unwrap();
    for (rules, players) in [
        (Rules::default(), [l(1), l(2)]),
        (Rules::default(), [l(3), l(2)]),
        (Rules { size: BoardSize::Six, flips: FlipMode::OneLine, ..Rules::default() }, [l(2), l(3)]),
        (Rules { size: BoardSize::Ten, start: Start::FreeCentre, ..Rules::default() }, [l(2), l(1)]),
    ] {
        let margin = play_game(Game::new(rules), players, &config(200), rng.next_u64());
        assert!(margin.abs() <= rules.size.squares() as i32);
    }
}

#[test]
fn the_beginner_beats_a_random_mover_more_often_than_not() {
    let cancel = AtomicBool::new(false);
    let mut rng = Rng::new(77);
    let mut wins = 0;
    let games = 40;
    for g in 0..games {
        let mut game = Game::new(Rules::default());
        let beginner = if g % 2 == 0 { Color::Black } else { Color::White };
        while let Some(color) = game.to_move() {
            let mv = if color == beginner {
                choose_move(&game, Level::MIN, &config(100), rng.next_u64(), &cancel).unwrap().mv
            } else {
                let choices = game.legal_choices();
                choices[rng.below(choices.len() as u64) as usize]
            };
            game.play(mv).unwrap();
        }
        if game.result().unwrap().winner == Some(beginner) {
            wins += 1;
        }
    }
    assert!(wins * 2 > games, "the beginner won only {wins} of {games}");
}

/// Balanced openings: positions after 6 random plies whose depth-6 evaluation is within a disc
/// and a half.
fn balanced_openings(count: usize) -> Vec<Game> {
    let mut rng = Rng::new(2026);
    let mut searcher = Searcher::new(8);
    let mut out = Vec::new();
    while out.len() < count {
        let game = random_game(Rules::default(), 6, &mut rng);
        let Some(color) = game.to_move() else { continue };
        let (p, o) = game.board().to_bitboards8(color).unwrap();
        if searcher.search8(p, o, 6).is_some_and(|r| r.score.abs() <= 150) {
            out.push(game);
        }
    }
    out
}

/// Level `n` against level `n - 1` from balanced openings, each opening with both colours.
/// `LEVEL_GAMES` openings (default 10), `LEVEL_BUDGET_PERCENT` of each level's default budget
/// (default 100).
#[test]
#[ignore = "release, minutes: cargo test --release --test ai_levels -- --ignored --nocapture"]
fn each_level_beats_the_one_below() {
    let openings: usize = std::env::var("LEVEL_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(10);
    let percent: u32 = std::env::var("LEVEL_BUDGET_PERCENT").ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    let only: Option<u8> = std::env::var("LEVEL_ONLY").ok().and_then(|v| v.parse().ok());
    let games = balanced_openings(openings);
    for n in 2..=5u8 {
        if only.is_some_and(|o| o != n) {
            continue;
        }
        let (strong, weak) = (Level::new(n).unwrap(), Level::new(n - 1).unwrap());
        let config = AiConfig { budget: strong.default_budget() * percent / 100, tt_megabytes: 32 };
        let (mut won, mut drawn, mut lost, mut discs) = (0, 0, 0, 0);
        let started = Instant::now();
        for (i, opening) in games.iter().enumerate() {
            for strong_is_black in [true, false] {
                let players = if strong_is_black { [strong, weak] } else { [weak, strong] };
                let margin = play_game(opening.clone(), players, &config, i as u64);
                let margin = if strong_is_black { margin } else { -margin };
                discs += margin;
                match margin.signum() {
                    1 => won += 1,
                    0 => drawn += 1,
                    _ => lost += 1,
                }
            }
        }
        let total = won + drawn + lost;
        println!(
            "level {n} vs {}: {won} won, {drawn} drawn, {lost} lost of {total} games ({:.0}%), mean margin {:+.1}, {:.0} s",
            n - 1,
            100.0 * (won as f64 + drawn as f64 / 2.0) / total as f64,
            discs as f64 / total as f64,
            started.elapsed().as_secs_f64()
        );
        assert!(won > lost, "level {n} did not beat level {}", n - 1);
    }
}
