//! Puzzles through the service: a puzzle answered by menu and by typed square (with the bot's
//! replies in a line), a miss with both proven results, the hint and giving up, the puzzle
//! rating moved on a first try only, a streak to its first miss and the server's best streaks,
//! bad input refused with nothing changed, and a restart in the middle of a line.

#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;

use reversi_bot::engine::Square;
use reversi_bot::puzzle::{self, Puzzle, Task};
use reversi_bot::service::{
    Command, Invocation, Locale, PuzzleAction, PuzzleButton, Response, Row, Service, ServiceOptions, User, UserError,
    components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{AttemptRecord, AttemptStatus, Store};
use scratch::{sqlite_url, test_dir};

use players::*;

async fn service_on(url: &str) -> Service {
    let store = Store::open(url).await.expect("a store");
    Service::new(store, bot_user(), ServiceOptions::default())
}

fn at(user: &User, millis: i64) -> Invocation {
    asking(user, CHANNEL, millis, Locale::English)
}

/// The number of the first shipped puzzle that `wanted` likes.
fn find(wanted: impl Fn(&Puzzle) -> bool) -> u32 {
    let index = puzzle::shipped().puzzles.iter().position(wanted).expect("such a puzzle in the shipped set");
    u32::try_from(index + 1).unwrap()
}

/// The player's live puzzle here.
async fn live(service: &Service, user: &User) -> AttemptRecord {
    let live = service.store().live_attempts(user.id, CHANNEL).await.unwrap();
    live.into_iter().next().expect("a live puzzle")
}

/// The menu under a puzzle: its id and squares.
fn menu(response: &Response) -> (String, Vec<String>) {
    response
        .reply
        .rows
        .iter()
        .find_map(|row| match row {
            Row::Menu(menu) => Some((menu.id.clone(), menu.options.iter().map(|o| o.value.clone()).collect())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no menu in {:?}", response.reply.custom_ids()))
}

/// The command of the button whose id has `kind` (`ph`, `pg`, `pn`).
fn button(response: &Response, kind: &str) -> Command {
    let id = response
        .reply
        .custom_ids()
        .into_iter()
        .find(|id| id.starts_with(&format!("rb:{kind}:")))
        .unwrap_or_else(|| panic!("no {kind} button in {:?}", response.reply.custom_ids()))
        .to_string();
    components::parse(&id, &[]).expect("our own id")
}

/// A legal square of `step` that is not accepted.
fn wrong_move(puzzle: &Puzzle, step: usize) -> Square {
    let step = &puzzle.steps[step];
    step.values.iter().map(|v| v.square).find(|s| !step.accepted.contains(s)).expect("a wrong move")
}

#[tokio::test]
async fn a_line_puzzle_is_solved_by_menu_and_typed_squares_with_the_bot_answering_each_step() {
    let service = service_on("sqlite::memory:").await;
    let number = find(|p| p.task == Task::Line && p.steps.len() == 3);
    let puzzle = puzzle::numbered(number).unwrap();
    let alice = alice();
    let start = ok(service.handle(&at(&alice, 0), Command::Puzzle(PuzzleAction::Next(Some(number)))).await);
    let text = shown(&start);
    assert!(text.contains(&format!("Puzzle #{number}")), "{text}");
    assert!(text.contains("Find the best line: 3 moves"), "{text}");
    assert!(text.contains("empty squares"), "{text}");
    assert!(!start.reply.ephemeral, "a puzzle is solved in the open");
    assert_eq!(start.reply.files.len(), 1, "the board picture");
    let (id, squares) = menu(&start);
    let first = puzzle.steps[0].accepted[0];
    assert!(squares.contains(&first.to_string()), "{squares:?}");

    // Step one by the menu: the bot answers with its proven reply.
    let click = components::parse(&id, &[first.to_string()]).unwrap();
    let second = ok(service.handle(&at(&alice, 1000), click).await);
    let text = shown(&second);
    let reply = puzzle.steps[0].reply.unwrap();
    assert!(text.contains(&format!("{first} is right")), "{text}");
    assert!(text.contains(&format!("The bot answers {reply}")), "{text}");
    // Step two typed, step three by /move.
    let typed = puzzle.steps[1].accepted[0].to_string();
    let third = ok(service.handle(&at(&alice, 2000), Command::Move(typed.clone())).await);
    assert!(shown(&third).contains(&format!("{typed} is right")), "{}", shown(&third));
    let last = puzzle.steps[2].accepted[0].to_string();
    let solved = ok(service.handle(&at(&alice, 3000), Command::Move(last.clone())).await);
    let text = shown(&solved);
    assert!(text.contains(&format!("Solved! {last}")), "{text}");
    assert!(text.contains("Solution:"), "{text}");
    assert!(text.contains("Your puzzle rating: 1500 →"), "a first try is rated: {text}");
    assert_eq!(solved.reply.custom_ids().len(), 1, "only the Next button: {:?}", solved.reply.custom_ids());

    let attempts = service.store().player_records(alice.id).await.unwrap().unwrap().puzzle_attempts;
    assert_eq!(attempts.len(), 1);
    assert_eq!(attempts[0].status, AttemptStatus::Solved);
    assert_eq!(attempts[0].moves.split(' ').count(), 3);
    let rating = service.store().player_puzzle_rating(alice.id).await.unwrap().unwrap();
    assert!(rating.rating > 1500.0, "{rating:?}");
    let puzzle_rating = service.store().puzzle_rating(number).await.unwrap().unwrap();
    assert!(puzzle_rating.rating < puzzle::starting_rating(puzzle.difficulty), "{puzzle_rating:?}");
}

#[tokio::test]
async fn a_wrong_move_misses_the_puzzle_showing_both_proven_results_and_a_second_try_is_not_rated() {
    let service = service_on("sqlite::memory:").await;
    let number = find(|p| p.task == Task::Best && p.steps.len() == 1);
    let puzzle = puzzle::numbered(number).unwrap();
    let (bob, wrong) = (bob(), wrong_move(puzzle, 0));
    ok(service.handle(&at(&bob, 0), Command::Puzzle(PuzzleAction::Next(Some(number)))).await);
    let missed = ok(service.handle(&at(&bob, 1000), Command::Move(wrong.to_string())).await);
    let text = shown(&missed);
    let (best, _) = puzzle.best(0).unwrap();
    assert!(text.contains(&format!("Not this time: {wrong} leads to")), "{text}");
    assert!(text.contains(&format!("the best, {best}, leads to")), "{text}");
    assert!(text.contains("Your puzzle rating: 1500 →"), "{text}");
    let after_miss = service.store().player_puzzle_rating(bob.id).await.unwrap().unwrap();
    assert!(after_miss.rating < 1500.0);

    // Again, now solved: not rated, and the rating stays.
    ok(service.handle(&at(&bob, 2000), Command::Puzzle(PuzzleAction::Next(Some(number)))).await);
    let solved = ok(service.handle(&at(&bob, 3000), Command::Move(best.to_string())).await);
    assert!(shown(&solved).contains("Not rated: only your first try"), "{}", shown(&solved));
    assert_eq!(service.store().player_puzzle_rating(bob.id).await.unwrap(), Some(after_miss));
}

#[tokio::test]
async fn the_hint_names_the_idea_and_giving_up_shows_the_solution_as_a_miss() {
    let service = service_on("sqlite::memory:").await;
    let number = find(|p| p.themes.contains(&puzzle::Theme::Corner) && p.steps.len() == 1);
    let carol = carol();
    let start = ok(service.handle(&at(&carol, 0), Command::Puzzle(PuzzleAction::Next(Some(number)))).await);
    let hinted = ok(service.handle(&at(&carol, 1000), button(&start, "ph")).await);
    let text = shown(&hinted);
    assert!(text.contains("Hint: a corner"), "{text}");
    assert!(!hinted.reply.custom_ids().iter().any(|id| id.starts_with("rb:ph:")), "the hint is shown once");
    assert!(live(&service, &carol).await.hinted);
    // The first board's buttons are out of date now.
    let stale = refusal(service.handle(&at(&carol, 1500), button(&start, "pg")).await);
    assert_eq!(stale, UserError::Stale);
    let gave_up = ok(service.handle(&at(&carol, 2000), button(&hinted, "pg")).await);
    let text = shown(&gave_up);
    assert!(text.contains("You gave up on this one."), "{text}");
    assert!(text.contains("Solution:"), "{text}");
    assert!(text.contains("Your puzzle rating: 1500 →"), "giving up counts as a miss: {text}");
    assert!(service.store().player_puzzle_rating(carol.id).await.unwrap().unwrap().rating < 1500.0);
}

#[tokio::test]
async fn a_streak_gets_harder_until_the_first_miss_and_the_server_ranks_the_best_streaks() {
    let service = service_on("sqlite::memory:").await;
    let alice = alice();
    let mut response = ok(service.handle(&at(&alice, 0), Command::Puzzle(PuzzleAction::Streak)).await);
    let mut ratings = Vec::new();
    for solved in 0..4u32 {
        let record = live(&service, &alice).await;
        assert_eq!(record.streak, solved);
        let puzzle = puzzle::numbered(record.puzzle).unwrap();
        ratings.push(service.store().puzzle_rating(record.puzzle).await.unwrap().unwrap().rating);
        // Solve it step by step through the bot's replies.
        for step in 0..puzzle.steps.len() {
            let square = puzzle.steps[step].accepted[0].to_string();
            let clock = i64::from(solved) * 10_000 + 1000 * step as i64 + 1000;
            response = ok(service.handle(&at(&alice, clock), Command::Move(square)).await);
        }
        let text = shown(&response);
        assert!(text.contains(&format!("Streak: {} solved", solved + 1)), "{text}");
        assert!(!text.contains("puzzle rating"), "a streak is not rated: {text}");
        response = ok(service.handle(&at(&alice, i64::from(solved) * 10_000 + 9000), button(&response, "pn")).await);
        assert!(shown(&response).contains(&format!("streak, puzzle {}", solved + 2)), "{}", shown(&response));
    }
    assert!(ratings.windows(2).all(|w| w[0] <= w[1] + 1.0), "rising difficulty: {ratings:?}");
    assert!(ratings[3] > ratings[0], "{ratings:?}");
    // The fifth is missed: the streak ends at four.
    let record = live(&service, &alice).await;
    let wrong = wrong_move(puzzle::numbered(record.puzzle).unwrap(), 0);
    let missed = ok(service.handle(&at(&alice, 60_000), Command::Move(wrong.to_string())).await);
    assert!(shown(&missed).contains("Your streak ends with 4 solved. Your best: 4."), "{}", shown(&missed));
    assert_eq!(service.store().player_puzzle_rating(alice.id).await.unwrap(), None, "streaks are not rated");
    // The Next button under the miss starts a new streak.
    let again = ok(service.handle(&at(&alice, 61_000), button(&missed, "pn")).await);
    assert!(shown(&again).contains("streak, puzzle 1"), "{}", shown(&again));

    // Bob's streak of one; the server's table ranks Alice first.
    ok(service.handle(&at(&bob(), 70_000), Command::Puzzle(PuzzleAction::Streak)).await);
    let record = live(&service, &bob()).await;
    let puzzle = puzzle::numbered(record.puzzle).unwrap();
    for (step, data) in puzzle.steps.iter().enumerate() {
        ok(service.handle(&at(&bob(), 71_000 + step as i64), Command::Move(data.accepted[0].to_string())).await);
    }
    let stats = ok(service.handle(&at(&alice, 80_000), Command::Puzzle(PuzzleAction::Stats)).await);
    let text = shown(&stats);
    assert!(text.contains("This server's best streaks\n1. Alice: 4\n2. Bob: 1"), "{text}");
    assert!(text.contains("Best streak: 4"), "{text}");
    assert!(text.contains("Puzzle rating: not yet rated"), "{text}");
}

#[tokio::test]
async fn bad_answers_are_refused_clearly_and_change_nothing() {
    let service = service_on("sqlite::memory:").await;
    let (alice, bob) = (alice(), bob());
    // Nothing open: a move is no game's and no puzzle's.
    let none = refusal(service.handle(&at(&alice, 0), Command::Move("d3".into())).await);
    assert_eq!(none, UserError::NoGame);
    assert_eq!(refusal(service.handle(&at(&alice, 0), Command::Puzzle(PuzzleAction::Hint)).await), UserError::NoPuzzle);
    let count = puzzle::shipped().puzzles.len();
    let beyond = u32::try_from(count + 1).unwrap();
    let missing = refusal(service.handle(&at(&alice, 0), Command::Puzzle(PuzzleAction::Next(Some(beyond)))).await);
    assert_eq!(missing, UserError::NoSuchPuzzle(beyond, count));

    let number = find(|p| p.steps.len() == 1 && p.steps[0].values.len() < 20);
    let puzzle = puzzle::numbered(number).unwrap();
    let start = ok(service.handle(&at(&alice, 1000), Command::Puzzle(PuzzleAction::Next(Some(number)))).await);
    let taken = puzzle.board.find(['X', 'O']).unwrap();
    let occupied = Square::from_index(taken as u32, reversi_bot::engine::BoardSize::Eight).to_string();
    let illegal = refusal(service.handle(&at(&alice, 2000), Command::Move(occupied.clone())).await);
    assert_eq!(illegal, UserError::PuzzleIllegal(occupied));
    let nonsense = refusal(service.handle(&at(&alice, 2000), Command::Move("z9".into())).await);
    assert_eq!(nonsense, UserError::PuzzleBadSquare("z9".into()));
    let another = refusal(service.handle(&at(&alice, 2000), Command::Puzzle(PuzzleAction::Next(Some(1)))).await);
    assert_eq!(another, UserError::PuzzleLive);
    // Bob's click on Alice's puzzle.
    let (id, _) = menu(&start);
    let best = puzzle.best(0).unwrap().0.to_string();
    let click = components::parse(&id, std::slice::from_ref(&best)).unwrap();
    assert_eq!(refusal(service.handle(&at(&bob, 2500), click.clone()).await), UserError::NotYourPuzzle("Alice".into()));
    let record = live(&service, &alice).await;
    assert_eq!((record.moves.as_str(), record.version), ("", 0), "nothing changed");
    // Solved, then the same menu again: the puzzle is over.
    ok(service.handle(&at(&alice, 3000), click.clone()).await);
    assert_eq!(refusal(service.handle(&at(&alice, 4000), click).await), UserError::PuzzleOver);
    // Alice's puzzle is hers: Bob in the same channel has none.
    assert_eq!(
        refusal(service.handle(&at(&bob, 5000), Command::Puzzle(PuzzleAction::GiveUp)).await),
        UserError::NoPuzzle
    );
    // /puzzle alone shows a live puzzle again rather than a new one.
    let first = ok(service.handle(&at(&bob, 6000), Command::Puzzle(PuzzleAction::Next(None))).await);
    let again = ok(service.handle(&at(&bob, 7000), Command::Puzzle(PuzzleAction::Next(None))).await);
    assert_eq!(first.reply.embed.as_ref().unwrap().title, again.reply.embed.as_ref().unwrap().title);
}

#[tokio::test]
async fn a_line_in_progress_goes_on_after_a_restart() {
    let dir = test_dir("puzzle-restart");
    let url = sqlite_url(&dir, "puzzles.db");
    let number = find(|p| p.task == Task::Line);
    let puzzle = puzzle::numbered(number).unwrap();
    let alice = alice();
    {
        let service = service_on(&url).await;
        ok(service.handle(&at(&alice, 0), Command::Puzzle(PuzzleAction::Next(Some(number)))).await);
        ok(service.handle(&at(&alice, 1000), Command::Move(puzzle.steps[0].accepted[0].to_string())).await);
    }
    let service = service_on(&url).await;
    let shown_again = ok(service.handle(&at(&alice, 2000), Command::Puzzle(PuzzleAction::Next(None))).await);
    let (_, squares) = menu(&shown_again);
    let next = puzzle.steps[1].accepted[0].to_string();
    assert!(squares.contains(&next), "the position after the bot's reply: {squares:?}");
    let record = live(&service, &alice).await;
    assert_eq!(record.moves, puzzle.steps[0].accepted[0].to_string());
    let mut response = ok(service.handle(&at(&alice, 3000), Command::Move(next)).await);
    for step in 2..puzzle.steps.len() {
        response = ok(service
            .handle(&at(&alice, 3000 + step as i64), Command::Move(puzzle.steps[step].accepted[0].to_string()))
            .await);
    }
    assert!(shown(&response).contains("Solved!"), "{}", shown(&response));
    assert!(matches!(
        components::parse(response.reply.custom_ids()[0], &[]),
        Some(Command::PuzzleButton { button: PuzzleButton::Next, .. })
    ));
}

const HOUR: i64 = 3_600_000;

/// A manager of the server asking in `channel`.
fn manager(user: &User, millis: i64) -> Invocation {
    Invocation { can_manage_guild: true, ..at(user, millis) }
}

#[tokio::test]
async fn the_daily_puzzle_is_posted_once_at_its_hour_through_a_restart_and_answered_in_private() {
    let dir = test_dir("daily-puzzle");
    let url = sqlite_url(&dir, "daily.db");
    let (alice, bob) = (alice(), bob());
    let first = service_on(&url).await;
    // T0 is 08:00 UTC: the puzzle is to come at 09:00 in this channel.
    let settings = reversi_bot::service::SettingsChange {
        daily_puzzle: Some(reversi_bot::service::DailyPuzzleSetting::Here),
        puzzle_hour: Some(9),
        ..Default::default()
    };
    let saved = ok(first.handle(&manager(&alice, 0), Command::Settings(settings)).await);
    assert!(shown(&saved).contains(&format!("Daily puzzle: in #{} at 9:00 UTC", CHANNEL.0)), "{}", shown(&saved));
    assert!(first.sweep_daily_puzzles(ts(HOUR - 1)).await.unwrap().is_empty(), "not before its hour");

    // At the hour the first process claims the post, then stops before posting it.
    let posts = first.sweep_daily_puzzles(ts(HOUR)).await.unwrap();
    assert_eq!(posts.len(), 1);
    let post = &posts[0];
    assert_eq!(post.channel, CHANNEL);
    let text = post.reply.plain_text();
    assert!(text.contains("Puzzle of the day 2027-01-15"), "{text}");
    assert!(text.contains("Press Solve"), "{text}");
    drop(first);

    // Restarted within the grace: nothing yet, and never twice at once.
    let second = service_on(&url).await;
    let third = service_on(&url).await;
    let (a, b) =
        tokio::join!(second.sweep_daily_puzzles(ts(HOUR + 30_000)), third.sweep_daily_puzzles(ts(HOUR + 30_000)));
    assert!(a.unwrap().is_empty() && b.unwrap().is_empty(), "claimed already, and not yet overdue");
    // After the grace it is posted again under the same key, and once noted, no more.
    let again = second.sweep_daily_puzzles(ts(HOUR + 180_000)).await.unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!((again[0].key.clone(), again[0].reply.plain_text()), (post.key.clone(), text.clone()));
    second.posted(again[0].then.expect("noted once posted"), None, ts(HOUR + 181_000)).await.unwrap();
    assert!(second.sweep_daily_puzzles(ts(HOUR + 400_000)).await.unwrap().is_empty());
    assert!(third.sweep_daily_puzzles(ts(5 * HOUR)).await.unwrap().is_empty(), "once a day");

    // Bob solves it in private; a second press shows his answer again, still in private.
    let solve = post.reply.custom_ids().into_iter().find(|id| id.starts_with("rb:pd:")).unwrap().to_string();
    let opened = ok(second.handle(&at(&bob, 2 * HOUR), components::parse(&solve, &[]).unwrap()).await);
    assert!(opened.reply.ephemeral, "answers are private");
    let record = second.store().live_attempts(bob.id, CHANNEL).await.unwrap().remove(0);
    let puzzle = puzzle::numbered(record.puzzle).unwrap();
    let mut response = opened;
    for (step, data) in puzzle.steps.iter().enumerate() {
        let (id, _) = menu(&response);
        let click = components::parse(&id, &[data.accepted[0].to_string()]).unwrap();
        response = ok(second.handle(&at(&bob, 2 * HOUR + 1000 * (step as i64 + 1)), click).await);
        assert!(response.reply.ephemeral);
    }
    assert!(shown(&response).contains("Solved!"), "{}", shown(&response));
    assert!(shown(&response).contains("Your puzzle rating: 1500 →"), "the day's puzzle is rated");
    let twice = ok(second.handle(&at(&bob, 3 * HOUR), components::parse(&solve, &[]).unwrap()).await);
    assert!(twice.reply.ephemeral && shown(&twice).contains("Solution:"), "{}", shown(&twice));
    // Typed squares never answer the day's puzzle in the open.
    let open = refusal(second.handle(&at(&alice, 3 * HOUR), Command::Move("d3".into())).await);
    assert_eq!(open, UserError::NoGame);

    // The next day's post names yesterday's solution and who solved it.
    let tomorrow = second.sweep_daily_puzzles(ts(25 * HOUR)).await.unwrap();
    assert_eq!(tomorrow.len(), 1);
    let text = tomorrow[0].reply.plain_text();
    assert!(text.contains("Puzzle of the day 2027-01-16"), "{text}");
    assert!(text.contains(&format!("Yesterday's puzzle #{}:", record.puzzle)), "{text}");
    assert!(text.contains("Solved by Bob."), "{text}");
}

fn ts(millis: i64) -> reversi_bot::store::Timestamp {
    reversi_bot::store::Timestamp(T0 + millis)
}
