//! Puzzles against an independent referee: a plain minimax over the engine's move generator
//! (no solver) proves small positions, and generated puzzle sets are checked, written, read back
//! and tampered with.

use reversi_bot::engine::bits::{Eight, generic_flips, generic_moves};
use reversi_bot::engine::{BoardSize, Color, SplitMix64, Square};
use reversi_bot::puzzle::{
    GenerateOptions, MARGIN, Mismatch, MoveValue, Prover, PuzzleSet, Task, Theme, after, best_and_second, first_task,
    generate, verify,
};

/// The exact final disc difference for the side to move in `(p, o)` (empties to the winner),
/// by plain minimax over every move, passes included.
fn minimax(p: u64, o: u64) -> i32 {
    let moves = generic_moves::<Eight>(p, o);
    if moves == 0 {
        if generic_moves::<Eight>(o, p) == 0 {
            let (mine, theirs) = (p.count_ones() as i32, o.count_ones() as i32);
            let empties = 64 - mine - theirs;
            return match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => mine - theirs + empties,
                std::cmp::Ordering::Less => mine - theirs - empties,
                std::cmp::Ordering::Equal => 0,
            };
        }
        return -minimax(o, p);
    }
    let mut best = i32::MIN;
    for x in 0..64 {
        if moves >> x & 1 == 1 {
            let f = generic_flips::<Eight>(p, o, x);
            best = best.max(-minimax(o & !f, p | f | 1 << x));
        }
    }
    best
}

/// Every legal move's value by minimax, in square order.
fn referee_values(p: u64, o: u64) -> Vec<MoveValue> {
    let moves = generic_moves::<Eight>(p, o);
    (0..64)
        .filter(|x| moves >> x & 1 == 1)
        .map(|x| {
            let f = generic_flips::<Eight>(p, o, x);
            MoveValue { square: Square::from_index(x, BoardSize::Eight), value: -minimax(o & !f, p | f | 1 << x) }
        })
        .collect()
}

/// The optimal moves of `values`.
fn optimal(values: &[MoveValue]) -> Vec<Square> {
    let best = values.iter().map(|m| m.value).max().expect("some move");
    values.iter().filter(|m| m.value == best).map(|m| m.square).collect()
}

/// Random play from the start (seeded) down to a random 4 to 10 empties; `None` when the game
/// ended first or the side to move must pass there.
fn random_position(rng: &mut SplitMix64) -> Option<(u64, u64)> {
    let target = 4 + rng.below(7) as u32;
    let (mut p, mut o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
    while (!(p | o)).count_ones() > target {
        let moves = generic_moves::<Eight>(p, o);
        if moves == 0 {
            if generic_moves::<Eight>(o, p) == 0 {
                return None;
            }
            (p, o) = (o, p);
            continue;
        }
        let mut pick = rng.below(u64::from(moves.count_ones()));
        let x = (0..64).filter(|x| moves >> x & 1 == 1).find(|_| {
            let hit = pick == 0;
            pick = pick.wrapping_sub(1);
            hit
        });
        (p, o) = after(p, o, x.expect("a move"));
    }
    (generic_moves::<Eight>(p, o) != 0).then_some((p, o))
}

#[test]
fn on_small_positions_every_accepted_move_is_optimal_and_every_optimal_move_is_accepted() {
    let mut rng = SplitMix64::new(68);
    let mut prover = Prover::new();
    let (mut checked, mut puzzles, mut steps_checked) = (0, 0, 0);
    while checked < 300 {
        let Some((p, o)) = random_position(&mut rng) else { continue };
        checked += 1;
        let referee = referee_values(p, o);
        assert_eq!(prover.values(p, o), referee, "values of {p:#x} {o:#x}");
        let proven = prover.prove(p, o, MARGIN);
        // A position is a puzzle exactly when the referee's values pass a task's rule.
        assert_eq!(proven.is_some(), first_task(&referee, MARGIN).is_some(), "puzzle or not: {p:#x} {o:#x}");
        let Some((task, steps)) = proven else { continue };
        puzzles += 1;
        let (mut q, mut r) = (p, o);
        for step in &steps {
            let values = referee_values(q, r);
            assert_eq!(step.values, values);
            let expected = if task == Task::Win {
                values.iter().filter(|m| m.value > 0).map(|m| m.square).collect()
            } else {
                optimal(&values)
            };
            assert_eq!(step.accepted, expected, "accepted moves of {q:#x} {r:#x} ({task:?})");
            steps_checked += 1;
            let Some(reply) = step.reply else { break };
            // The bot's reply is one of the opponent's optimal answers.
            let (s, t) = after(q, r, step.accepted[0].index(BoardSize::Eight));
            assert!(optimal(&referee_values(s, t)).contains(&reply), "reply {reply} in {s:#x} {t:#x}");
            (q, r) = after(s, t, reply.index(BoardSize::Eight));
        }
    }
    // The referee saw real puzzles, not only rejected positions.
    assert!(puzzles >= 20, "only {puzzles} puzzles among {checked} positions");
    assert!(steps_checked >= puzzles);
}

fn small_set() -> PuzzleSet {
    let options = GenerateOptions { games: 6, seed: 3, min_empties: 12, max_empties: 14, margin: MARGIN };
    let puzzles = generate(&options, &mut Prover::new(), |_| {}, || {});
    assert!(!puzzles.is_empty(), "six games give some puzzles");
    PuzzleSet::new(puzzles, MARGIN)
}

#[test]
fn every_generated_puzzle_keeps_the_not_too_easy_rule() {
    let set = small_set();
    for puzzle in &set.puzzles {
        let first = &puzzle.steps[0];
        let (best, second) = best_and_second(&first.values).expect("two different results");
        match puzzle.task {
            Task::Win => {
                assert!(best > 0 && first.values.iter().any(|m| m.value <= 0));
                assert!(2 * first.accepted.len() <= first.values.len());
            }
            Task::Sweep => assert_eq!(best, 64),
            Task::Best | Task::Corner => assert!(best - second >= MARGIN, "{puzzle:?}"),
            Task::Line => {
                assert!(puzzle.steps.len() >= 2);
                for step in &puzzle.steps {
                    let (best, second) = best_and_second(&step.values).expect("two different results");
                    assert!(best - second >= MARGIN);
                }
            }
        }
        assert!((12..=14).contains(&puzzle.empties()));
        assert!((1..=10).contains(&puzzle.difficulty));
        let (p, o) = puzzle.position().expect("a board");
        assert_eq!(generic_moves::<Eight>(p, o).count_ones() as usize, first.values.len());
    }
}

#[test]
fn a_puzzle_set_written_and_read_back_is_the_same_set() {
    let set = small_set();
    let text = set.to_text();
    assert!(text.starts_with(r#"{"format":"reversi-bot-puzzles","version":1,"tool":"reversi-bot "#));
    assert!(text.lines().next().expect("a header").contains(&format!(r#""margin":{MARGIN}"#)));
    assert_eq!(PuzzleSet::from_text(&text).expect("a set"), set);
    // A lost line is noticed through the header's count.
    let cut: String = text.lines().take(text.lines().count() - 1).map(|l| format!("{l}\n")).collect();
    assert!(PuzzleSet::from_text(&cut).is_err());
}

#[test]
fn verify_accepts_every_generated_puzzle_and_catches_a_tampered_one() {
    let set = small_set();
    let mut prover = Prover::new();
    for puzzle in &set.puzzles {
        assert_eq!(verify(&mut prover, puzzle, MARGIN), Ok(()));
    }
    let original = set.puzzles[0].clone();
    let step = &original.steps[0];
    let rejected = step.values.iter().find(|m| !step.accepted.contains(&m.square)).expect("a rejected move").square;

    // An accepted move added.
    let mut tampered = original.clone();
    tampered.steps[0].accepted.push(rejected);
    tampered.steps[0].accepted.sort();
    assert!(matches!(verify(&mut prover, &tampered, MARGIN), Err(Mismatch::Proof(_))));

    // A value changed by one disc.
    let mut tampered = original.clone();
    tampered.steps[0].values[0].value += 1;
    assert!(matches!(verify(&mut prover, &tampered, MARGIN), Err(Mismatch::Proof(_))));

    // The other side to move.
    let mut tampered = original.clone();
    tampered.to_move = if original.to_move == Color::Black { Color::White } else { Color::Black };
    assert!(verify(&mut prover, &tampered, MARGIN).is_err());

    // A disc moved onto the board.
    let mut tampered = original.clone();
    let empty = tampered.board.find('-').expect("an empty square");
    tampered.board.replace_range(empty..=empty, "X");
    assert!(verify(&mut prover, &tampered, MARGIN).is_err());
}

#[test]
fn a_random_sample_of_the_shipped_set_is_proven_again_by_the_solver() {
    let set = reversi_bot::puzzle::shipped();
    assert!(set.puzzles.len() >= 2000, "the shipped set holds {} puzzles", set.puzzles.len());
    // A new sample each run; its seed is printed so that a failure can be run again.
    let seed = std::env::var("PUZZLE_SAMPLE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
    });
    println!("PUZZLE_SAMPLE_SEED={seed}");
    let mut rng = SplitMix64::new(seed);
    let mut prover = Prover::new();
    for _ in 0..40 {
        let index = (rng.next_u64() % set.puzzles.len() as u64) as usize;
        let puzzle = &set.puzzles[index];
        if let Err(mismatch) = verify(&mut prover, puzzle, set.header.margin) {
            panic!("shipped puzzle #{} ({}): {mismatch}", index + 1, puzzle.board);
        }
    }
}

#[test]
fn the_shipped_set_spreads_over_every_task_difficulty_and_the_main_themes() {
    let set = reversi_bot::puzzle::shipped();
    let tasks = [Task::Win, Task::Best, Task::Corner, Task::Sweep, Task::Line];
    for task in tasks {
        assert!(set.puzzles.iter().any(|p| p.task == task), "no {task:?} puzzle");
    }
    for difficulty in 1..=10 {
        let count = set.puzzles.iter().filter(|p| p.difficulty == difficulty).count();
        assert!(count >= 50, "{count} puzzles of difficulty {difficulty}");
    }
    for theme in [Theme::Corner, Theme::Edge, Theme::Parity, Theme::Tempo, Theme::Sweep, Theme::OnlyMove] {
        assert!(set.puzzles.iter().any(|p| p.themes.contains(&theme)), "no {theme:?} puzzle");
    }
    let boards: std::collections::HashSet<(&str, Color)> =
        set.puzzles.iter().map(|p| (p.board.as_str(), p.to_move)).collect();
    assert_eq!(boards.len(), set.puzzles.len(), "every position once");
}

#[test]
fn a_game_played_on_the_bot_gives_puzzles_at_its_positions_that_prove_again() {
    use reversi_bot::engine::{Rules, random_game};
    use reversi_bot::puzzle::{GenerateOptions, Source, from_game};
    let mut prover = Prover::new();
    let mut seen = std::collections::HashSet::new();
    let mut puzzles = Vec::new();
    for seed in 0..6 {
        let game = random_game(Rules::othello(), seed);
        let found = from_game(&GenerateOptions::default(), &mut prover, 40 + seed as i64, &game, &mut seen, || {});
        for puzzle in &found {
            let Source::Game { id, ply } = puzzle.source else { panic!("{:?}", puzzle.source) };
            assert_eq!(id, 40 + seed as i64);
            let position = &game.positions()[ply];
            assert_eq!(puzzle.board, position.board.to_rows(), "the position at ply {ply}");
            assert_eq!(puzzle.to_move, position.to_move);
            verify(&mut prover, puzzle, MARGIN).unwrap_or_else(|m| panic!("{m}"));
        }
        puzzles.extend(found);
    }
    assert!(!puzzles.is_empty(), "six random games hold a puzzle");
    // Another rule sheet gives none.
    let other = random_game(Rules { size: BoardSize::Ten, ..Rules::othello() }, 1);
    assert!(from_game(&GenerateOptions::default(), &mut prover, 1, &other, &mut seen, || {}).is_empty());
}
