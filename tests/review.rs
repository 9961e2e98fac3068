//! The engine as a coach, through the service: a finished game's review (its chart, each
//! player's average loss and biggest mistakes explained), kept with the game so a second request
//! and one after a restart cost nothing; analysis of a position, refused during rated games; and
//! plain refusals for live games and rules the engine cannot search.

#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;

use scratch::{sqlite_url, test_dir};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use reversi_bot::ai::Searcher;
use reversi_bot::ai::review::{GameReview, ReviewConfig, review};
use reversi_bot::engine::{BoardSize, Color, Game, RecordError, Rules, random_game};
use reversi_bot::service::{
    Command, Invocation, Locale, Response, Service, ServiceError, ServiceOptions, User, UserError, components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{ChannelId, ColorChoice, GameId, Store};

use players::*;

/// The review's shape as the service keeps it.
const FORMAT: i32 = 1;

fn options() -> ServiceOptions {
    ServiceOptions {
        review: ReviewConfig { budget: Duration::from_secs(3), ..ReviewConfig::default() },
        ..ServiceOptions::default()
    }
}

async fn service_on(url: &str) -> Service {
    Service::new(Store::open(url).await.expect("a store"), bot_user(), options())
}

fn at(user: &User, channel: ChannelId, millis: i64, locale: Locale) -> Invocation {
    asking(user, channel, millis, locale)
}

/// Alice (black) challenges Bob in `channel` under `rules`, rated or not, and Bob accepts.
async fn start(service: &Service, channel: ChannelId, rules: Rules, rated: bool) {
    let challenge =
        Command::Challenge { opponent: Some(bob()), color: ColorChoice::Black, rated, private: false, rules };
    let response = ok(service.handle(&at(&alice(), channel, T0, Locale::English), challenge).await);
    let accept = response.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("Accept").to_string();
    ok(service.handle(&at(&bob(), channel, T0 + 1, Locale::English), components::parse(&accept, &[]).unwrap()).await);
}

/// Alice and Bob play the seeded random game `seed` to its end in `channel`; the last reply.
async fn play_out(service: &Service, channel: ChannelId, seed: u64) -> (Game, Response) {
    start(service, channel, Rules::default(), true).await;
    let game = random_game(Rules::default(), seed);
    let mut last = None;
    for (i, played) in game.moves().enumerate() {
        let player = if played.color == Color::Black { alice() } else { bob() };
        let inv = at(&player, channel, T0 + 10 + i as i64, Locale::English);
        last = Some(ok(service.handle(&inv, Command::Move(played.mv.to_string())).await));
    }
    (game, last.expect("moves"))
}

fn chart(response: &Response) -> image::DynamicImage {
    let file = response.reply.files.iter().find(|f| f.name == "review.png").expect("the chart");
    image::load_from_memory(&file.bytes).expect("a PNG")
}

#[tokio::test]
async fn a_finished_game_is_reviewed_with_a_chart_each_players_mistakes_and_kept_across_a_restart() {
    let dir = test_dir("review-restart");
    let url = sqlite_url(&dir, "review.db");
    let service = service_on(&url).await;
    let (game, last) = play_out(&service, CHANNEL, 5).await;
    // The finished board offers the review; its button asks for this game's.
    let id = last.reply.custom_ids().into_iter().find(|id| id.contains(":rv:")).expect("a Review button").to_string();
    let command = components::parse(&id, &[]).unwrap();
    let Command::Review(Some(game_id)) = command else { panic!("{command:?}") };
    let reviewed = ok(service.handle(&at(&carol(), CHANNEL, T0 + 100, Locale::English), command).await);
    let text = shown(&reviewed);
    assert!(text.contains(&format!("Review of game #{}: Alice against Bob", game_id.0)), "{text}");
    assert!(text.contains("Average loss:"), "{text}");
    assert!(text.contains("solved exactly from move"), "{text}");
    // Random players blunder: both have mistakes listed, each with the square played and the best.
    for player in ["⚫ Alice (Black):", "⚪ Bob (White):"] {
        let field = text.lines().skip_while(|l| !l.starts_with(player)).nth(1).unwrap_or_default();
        assert!(field.contains(" instead of ") && field.contains("discs lost"), "{player} {field}\n{text}");
    }
    let picture = chart(&reviewed);
    assert_eq!(picture.width(), 508);
    // The review is kept with the game: a second request reads it (a kept review with another
    // depth shows that depth), and so does a new service on the same file.
    let kept: GameReview =
        serde_json::from_str(&service.store().review(game_id, FORMAT).await.unwrap().expect("kept")).unwrap();
    assert_eq!(kept.moves.len(), game.moves().count());
    let again = ok(service.handle(&at(&alice(), CHANNEL, T0 + 200, Locale::English), Command::Review(None)).await);
    assert_eq!(shown(&again), text);
    drop(service);
    let restarted = service_on(&url).await;
    let after = ok(restarted.handle(&at(&bob(), CHANNEL, T0 + 300, Locale::English), Command::Review(None)).await);
    assert_eq!(shown(&after), text, "the same review after a restart");
    drop(restarted);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_kept_review_is_shown_without_thinking_again() {
    let service = service_on("sqlite::memory:").await;
    let (game, _) = play_out(&service, CHANNEL, 9).await;
    let id = service.store().latest_over_game_in(CHANNEL).await.unwrap().unwrap().id;
    let config = ReviewConfig { budget: Duration::from_secs(2), max_depth: 4 };
    let mut made = review(&game, &config, &mut Searcher::new(8), &AtomicBool::new(false)).unwrap();
    made.depth = 77;
    service
        .store()
        .save_review(id, FORMAT, &serde_json::to_string(&made).unwrap(), reversi_bot::store::Timestamp(T0))
        .await
        .unwrap();
    let text =
        shown(&ok(service.handle(&at(&alice(), CHANNEL, T0 + 100, Locale::English), Command::Review(None)).await));
    assert!(text.contains("searching 77 plies deep"), "the kept review, not a new one: {text}");
}

#[tokio::test]
async fn a_review_is_in_the_readers_language() {
    let service = service_on("sqlite::memory:").await;
    play_out(&service, CHANNEL, 5).await;
    let text =
        shown(&ok(service.handle(&at(&alice(), CHANNEL, T0 + 100, Locale::German), Command::Review(None)).await));
    assert!(text.contains("Analyse der Partie #") && text.contains("Durchschnittlicher Verlust:"), "{text}");
    assert!(text.contains(" statt ") && text.contains("Steine verloren"), "{text}");
}

#[tokio::test]
async fn live_games_are_not_reviewed_and_analysis_is_refused_around_a_rated_game() {
    let service = service_on("sqlite::memory:").await;
    assert_eq!(
        refusal(service.handle(&at(&alice(), CHANNEL, T0, Locale::English), Command::Review(None)).await),
        UserError::NothingToReview
    );
    start(&service, CHANNEL, Rules::default(), true).await;
    let live = service.store().live_game_in(CHANNEL).await.unwrap().unwrap().id;
    let asked = service.handle(&at(&carol(), CHANNEL, T0 + 5, Locale::English), Command::Review(Some(live))).await;
    assert_eq!(refusal(asked), UserError::GameNotOver(live));
    let analyze = |transcript: &str| Command::Analyze { game: None, moves: None, position: Some(transcript.into()) };
    // A player of the rated game, anywhere; anyone in its channel.
    let elsewhere = ChannelId(77);
    for (user, channel) in [(alice(), elsewhere), (bob(), CHANNEL), (carol(), CHANNEL)] {
        let result = service.handle(&at(&user, channel, T0 + 6, Locale::English), analyze("f5d6")).await;
        assert_eq!(refusal(result), UserError::AnalysisInRatedGame, "{}", user.name);
    }
    // Carol elsewhere may: every legal move with its score, best first, and the heat map.
    let answer = ok(service.handle(&at(&carol(), elsewhere, T0 + 7, Locale::English), analyze("f5d6")).await);
    let text = shown(&answer);
    assert!(text.starts_with("After 2 moves: Black to move"), "{text}");
    let game = Game::from_transcript(Rules::default(), "f5d6").unwrap();
    for mv in game.legal_choices() {
        assert!(text.lines().any(|l| l.starts_with(&format!("{mv} "))), "{mv} in {text}");
    }
    let scores: Vec<i32> = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .filter_map(|s| s.trim_start_matches('+').parse().ok())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {scores:?}");
    let png = answer.reply.files.iter().find(|f| f.name == "analysis.png").expect("the heat map");
    assert!(image::load_from_memory(&png.bytes).is_ok());
    let bad = service.handle(&at(&carol(), elsewhere, T0 + 8, Locale::English), analyze("f5f5")).await;
    let Err(ServiceError::User(UserError::BadTranscript(text, Some(RecordError::Illegal { number, mv, .. })))) = bad
    else {
        panic!("the second f5 is named: {bad:?}")
    };
    assert_eq!((text.as_str(), number, mv.to_string()), ("f5f5", 2, "f5".to_string()));
}

#[tokio::test]
async fn a_finished_games_position_is_analysed_exactly_near_the_end() {
    let service = service_on("sqlite::memory:").await;
    let (game, _) = play_out(&service, CHANNEL, 5).await;
    let count = game.moves().count();
    let id = service.store().latest_over_game_in(CHANNEL).await.unwrap().unwrap().id;
    let at_move = |moves: Option<usize>| Command::Analyze { game: Some(id), moves, position: None };
    let text =
        shown(&ok(service.handle(&at(&carol(), CHANNEL, T0 + 100, Locale::English), at_move(Some(count - 8))).await));
    assert!(text.starts_with(&format!("Game #{} after {} moves", id.0, count - 8)), "{text}");
    assert!(!text.contains("(estimate)"), "eight moves from the end everything is solved: {text}");
    let past = service.handle(&at(&carol(), CHANNEL, T0 + 101, Locale::English), at_move(Some(count + 1))).await;
    assert_eq!(refusal(past), UserError::NoSuchMove(id, count));
    let over = service.handle(&at(&carol(), CHANNEL, T0 + 102, Locale::English), at_move(Some(count))).await;
    assert_eq!(refusal(over), UserError::NothingToAnalyse);
}

#[tokio::test]
async fn a_ten_by_ten_game_says_plainly_that_the_engine_cannot_review_it() {
    let service = service_on("sqlite::memory:").await;
    start(&service, CHANNEL, Rules { size: BoardSize::Ten, ..Rules::default() }, false).await;
    let ask = ok(service.handle(&at(&bob(), CHANNEL, T0 + 2, Locale::English), Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    let over = ok(service.handle(&at(&bob(), CHANNEL, T0 + 3, Locale::English), confirm).await);
    assert!(
        !over.reply.custom_ids().iter().any(|id| id.contains(":rv:")),
        "no Review button: {:?}",
        over.reply.custom_ids()
    );
    let result = service.handle(&at(&alice(), CHANNEL, T0 + 4, Locale::English), Command::Review(None)).await;
    let error = refusal(result);
    assert!(matches!(error, UserError::ReviewUnsupported(_)), "{error:?}");
    assert!(error.to_string().contains("cannot search this game's rules (10x10"), "{error}");
    assert_eq!(
        refusal(
            service.handle(&at(&alice(), CHANNEL, T0 + 5, Locale::English), Command::Review(Some(GameId(999)))).await
        ),
        UserError::NoSuchGame(GameId(999))
    );
}

#[tokio::test]
async fn a_game_called_off_after_f5_charges_black_nothing_and_gives_white_no_average() {
    let service = service_on("sqlite::memory:").await;
    start(&service, CHANNEL, Rules::default(), false).await;
    ok(service.handle(&at(&alice(), CHANNEL, T0 + 2, Locale::English), Command::Move("f5".into())).await);
    let ask = ok(service.handle(&at(&bob(), CHANNEL, T0 + 3, Locale::English), Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    ok(service.handle(&at(&bob(), CHANNEL, T0 + 4, Locale::English), confirm).await);
    let card = ok(service.handle(&at(&alice(), CHANNEL, T0 + 5, Locale::English), Command::Review(None)).await);
    let embed = card.reply.embed.as_ref().expect("the review card");
    let field = |i: usize| embed.fields[i].value.to_plain();
    assert!(field(0).contains("Average loss: 0.0 discs a move"), "every first move is the same move: {}", field(0));
    assert!(field(1).contains("No move made"), "{}", field(1));
    assert!(!field(1).contains("discs a move"), "{}", field(1));
}

#[tokio::test]
async fn two_clicks_on_review_at_once_make_one_review_and_both_get_it() {
    let service = service_on("sqlite::memory:").await;
    play_out(&service, CHANNEL, 3).await;
    let ask = |user: User, millis: i64| {
        let service = service.clone();
        async move { service.handle(&at(&user, CHANNEL, millis, Locale::English), Command::Review(None)).await }
    };
    let (first, second) = tokio::join!(ask(alice(), T0 + 500), ask(bob(), T0 + 501));
    let (first, second) = (ok(first), ok(second));
    assert_eq!(service.metrics().reviews.get(), 1, "one computation");
    assert_eq!(first.reply.embed, second.reply.embed, "the same review for both");
}

#[tokio::test]
async fn analyze_without_a_move_shows_the_position_where_the_game_turned() {
    let service = service_on("sqlite::memory:").await;
    play_out(&service, CHANNEL, 3).await;
    let id = service.store().latest_over_game_in(CHANNEL).await.unwrap().unwrap().id;
    let analysis = ok(service
        .handle(
            &at(&carol(), CHANNEL, T0 + 400, Locale::English),
            Command::Analyze { game: None, moves: None, position: None },
        )
        .await);
    // The review the analysis read is kept: its costliest move is the turning point.
    let kept = service.store().review(id, FORMAT).await.unwrap().expect("the review was made and kept");
    let review: GameReview = serde_json::from_str(&kept).unwrap();
    let worst = review.moves.iter().filter(|m| m.loss > 0).min_by_key(|m| (-m.loss, m.number)).expect("a mistake");
    let title = analysis.reply.embed.as_ref().expect("the card").title.to_plain();
    assert!(title.contains(&format!("after {} moves", worst.number - 1)), "{title} for move {}", worst.number);
}

#[tokio::test]
async fn a_board_typed_as_an_obf_line_or_as_rows_is_analysed_and_a_wrong_one_is_explained() {
    let service = service_on("sqlite::memory:").await;
    let ask = |text: &str, locale: Locale| {
        let command = Command::Analyze { game: None, moves: None, position: Some(text.into()) };
        let inv = at(&carol(), CHANNEL, T0, locale);
        let service = &service;
        async move { service.handle(&inv, command).await }
    };
    let played = Game::from_transcript(Rules::default(), "f5d6").unwrap();
    let obf = format!("{} X", played.board().to_rows());
    let text = shown(&ok(ask(&obf, Locale::English).await));
    assert!(text.starts_with("A position with 58 empty squares: Black to move"), "{text}");
    assert!(text.contains(&obf), "the position analysed, to copy: {text}");
    for mv in played.legal_choices() {
        assert!(text.lines().any(|l| l.starts_with(&format!("{mv} "))), "{mv} in {text}");
    }
    // Rows apart by slashes, no side: with an even number of discs Black moves.
    let rows: Vec<String> =
        played.board().to_rows().as_bytes().chunks(8).map(|r| r.escape_ascii().to_string()).collect();
    let text = shown(&ok(ask(&rows.join("/"), Locale::German).await));
    assert!(text.starts_with("Eine Stellung mit 58 leeren Feldern: Schwarz am Zug"), "{text}");
    // White to move there has other moves.
    let text = shown(&ok(ask(&format!("{} O", played.board().to_rows()), Locale::Swedish).await));
    assert!(text.starts_with("En ställning med 58 tomma rutor: Vit vid draget"), "{text}");
    // A square short, or no side after the 64: said, not read as moves.
    let short = &obf[1..];
    let refused = refusal(ask(short, Locale::English).await);
    assert!(matches!(refused, UserError::BadPosition(_, Some(63))), "{refused:?}");
    let sideless = format!("{}-", played.board().to_rows());
    let refused = refusal(ask(&sideless, Locale::English).await);
    assert!(matches!(refused, UserError::BadPosition(_, None)), "{refused:?}");
    let Err(error) = ask(short, Locale::English).await else { panic!("refused") };
    let words = error.reply(Locale::English).plain_text();
    assert!(words.contains("63 squares, but a board has 64"), "{words}");
}
