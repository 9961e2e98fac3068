//! What players read, through `Service::handle`: the faults found by trying the bot as a new
//! user would, each fixed and checked here, and the replies in German and Swedish, with the
//! sides named as the board's theme paints them.

#[path = "support/pixels.rs"]
mod pixels;
#[path = "support/players.rs"]
mod players;

use std::time::Duration;

use reversi_bot::ai::{AiConfig, Level};
use reversi_bot::engine::{Color, Game, Rules, Scoring, random_game};
use reversi_bot::render::Theme;
use reversi_bot::service::{
    Command, Invocation, LanguageChoice, Locale, Response, Row, Service, ServiceOptions, SettingsChange, User,
    UserError, components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{
    ChannelId, ColorChoice, EndReason, Ending, Ladder, NewGame, NextTurn, ServerSettings, Store, Timestamp,
};

use players::*;

async fn service_with(options: ServiceOptions) -> Service {
    let store = Store::open("sqlite::memory:").await.expect("an in-memory store");
    Service::new(store, bot_user(), options)
}

async fn service() -> Service {
    service_with(ServiceOptions { board_pictures: false, ..drawing() }).await
}

/// A quick bot, and board pictures with every board reply.
fn drawing() -> ServiceOptions {
    ServiceOptions {
        ai: AiConfig { budget: Duration::from_millis(100), ..AiConfig::default() },
        ..ServiceOptions::default()
    }
}

/// A manager gives the server the `theme`.
async fn set_theme(service: &Service, theme: Theme) {
    let mut manager = en(&carol(), 0);
    manager.can_manage_guild = true;
    let change = SettingsChange { theme: Some(theme), ..SettingsChange::default() };
    ok(service.handle(&manager, Command::Settings(change)).await);
}

fn at(user: &User, millis: i64, locale: Locale) -> Invocation {
    asking(user, CHANNEL, millis, locale)
}

fn en(user: &User, millis: i64) -> Invocation {
    at(user, millis, Locale::English)
}

/// Alice challenges Bob (Alice black) with `rules`, and Bob accepts.
async fn game(service: &Service, rules: Rules, rated: bool) -> Response {
    challenge_accepted(service, CHANNEL, Locale::English, 0, rules, rated).await.1
}

/// Alice challenges Bob (Alice black) in `channel` `millis` after [`T0`], and Bob accepts a
/// millisecond later, both in `locale`: the challenge and the game's first board.
async fn challenge_accepted(
    service: &Service,
    channel: ChannelId,
    locale: Locale,
    millis: i64,
    rules: Rules,
    rated: bool,
) -> (Response, Response) {
    let challenge =
        Command::Challenge { opponent: Some(bob()), color: ColorChoice::Black, rated, private: false, rules };
    let offer = ok(service.handle(&asking(&alice(), channel, millis, locale), challenge).await);
    let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap().to_string();
    let accept = components::parse(&accept, &[]).unwrap();
    let start = ok(service.handle(&asking(&bob(), channel, millis + 1, locale), accept).await);
    (offer, start)
}

/// `user` resigns in `channel` `millis` after [`T0`] and confirms: the final board.
async fn resign(service: &Service, user: &User, channel: ChannelId, millis: i64) -> Response {
    let ask = ok(service.handle(&asking(user, channel, millis, Locale::English), Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    ok(service.handle(&asking(user, channel, millis + 1, Locale::English), confirm).await)
}

/// The first random game with a pass in it (and a winner, when `won`).
fn game_with_a_pass(won: bool) -> Game {
    (0..)
        .map(|seed| random_game(Rules::default(), seed))
        .find(|g| g.plies().len() > g.moves().count() && (!won || g.result().is_some_and(|r| r.winner.is_some())))
        .expect("some random game has a pass")
}

/// Alice (Black) and Bob (White) play `game`'s moves in this channel, from `millis` after [`T0`]
/// on, in `locale`: each move's answer.
async fn play_out(service: &Service, game: &Game, locale: Locale, millis: i64) -> Vec<Response> {
    let mut answers = Vec::new();
    for (i, m) in game.moves().enumerate() {
        let player = if m.color == Color::Black { alice() } else { bob() };
        answers.push(ok(service.handle(&at(&player, millis + i as i64, locale), play(&m.mv.to_string())).await));
    }
    answers
}

fn play(text: &str) -> Command {
    Command::Move(text.to_string())
}

#[tokio::test]
async fn a_square_off_an_8x8_board_is_named_off_that_board() {
    let service = service().await;
    game(&service, Rules::default(), false).await;
    for square in ["z9", "k10", "i1"] {
        let error = refusal(service.handle(&en(&alice(), 2), play(square)).await);
        let text = error.to_string();
        assert!(text.starts_with(&format!("{square} is off the 8x8 board: columns run a–h, rows 1–8.")), "{text}");
    }
}

#[tokio::test]
async fn text_that_is_not_a_square_is_quoted_back_and_full_width_squares_are_understood() {
    let service = service().await;
    game(&service, Rules::default(), false).await;
    for typed in ["é3", "🙂", "dd"] {
        let text = refusal(service.handle(&en(&alice(), 2), play(typed)).await).to_string();
        assert!(text.starts_with(&format!("“{typed}” is not a square")), "{typed}: {text}");
        assert!(!text.contains("Type a square"), "{text}");
    }
    let moved = ok(service.handle(&en(&alice(), 3), play("ｄ３")).await);
    assert!(shown(&moved).contains("Alice played d3"), "{}", shown(&moved));
}

#[tokio::test]
async fn an_illegal_move_lists_the_legal_ones() {
    let service = service().await;
    game(&service, Rules::default(), false).await;
    let text = refusal(service.handle(&en(&alice(), 2), play("a1")).await).to_string();
    assert!(text.starts_with("a1 flips nothing"), "{text}");
    assert!(text.ends_with("Legal moves: d3, c4, f5, e6."), "{text}");
}

#[tokio::test]
async fn a_final_board_after_a_resignation_shows_the_result_and_no_move_to_make() {
    let service = service().await;
    game(&service, Rules::default(), true).await;
    for (i, (player, square)) in [(alice(), "f5"), (bob(), "d6"), (alice(), "c3"), (bob(), "d3")].iter().enumerate() {
        ok(service.handle(&en(player, 2 + i as i64), play(square)).await);
    }
    let end = resign(&service, &bob(), CHANNEL, 10).await;
    let text = shown(&end);
    assert!(text.contains("Bob resigned."), "{text}");
    let [black, white] = reversi_bot::engine::Game::from_transcript(Rules::default(), "f5d6c3d3").unwrap().counts();
    let expected = format!("Alice (Black) wins by resignation, {black}-{white} on the board");
    assert!(text.contains(&expected), "the winner's discs first: {text}");
    assert!(!text.contains("to move"), "{text}");
    assert!(end.reply.rows.iter().all(|row| matches!(row, Row::Buttons(_))), "no move menu on a finished game");
    assert!(end.reply.custom_ids().iter().any(|id| id.contains(":rm:")), "a Rematch button");
    let sketch = end.reply.board.as_ref().expect("the board");
    assert_eq!((sketch.to_move, sketch.legal.len()), (None, 0), "nobody is to move and nothing is legal");
    // Rating changes show their delta.
    assert!(text.contains("Alice: 1500? → ") && text.contains("(+"), "{text}");
    assert!(text.contains("Bob: 1500? → ") && text.contains("(-"), "{text}");
}

/// The board picture a reply carries, decoded, and its alt text.
fn picture(response: &Response) -> (image::RgbImage, String) {
    let file = response.reply.files.iter().find(|file| file.name.ends_with(".png")).expect("a board picture");
    (pixels::decode(&file.bytes), file.description.clone().unwrap_or_default())
}

/// What the status bar of an 8x8 classic picture shows: the colour across its second line under
/// Black's icon (the frame's when there is no banner), and whether anything is written between
/// the players, where the turn goes.
fn status_bar(img: &image::RgbImage) -> ([u8; 3], bool) {
    let layout = reversi_bot::render::Layout::new(reversi_bot::engine::BoardSize::Eight);
    let (x, _) = layout.icon_centre(Color::Black);
    let line = img.get_pixel(x, layout.line_y()).0;
    let (from, to) = pixels::turn_area(&layout);
    (line, pixels::ink_in(img, from, to, Theme::Classic.colors().frame) > 0)
}

#[tokio::test]
async fn the_final_picture_after_a_resignation_a_loss_on_time_or_an_abort_shows_the_result_and_no_turn() {
    let service = service_with(drawing()).await;
    let colors = Theme::Classic.colors();
    let settings = ServerSettings { move_deadline: Some(3600), ..ServerSettings::default() };
    service.store().set_settings(GUILD, &settings, Timestamp(0)).await.unwrap();

    // A resignation: Alice (Black) wins; the banner in the winner's colour, no turn.
    game(&service, Rules::default(), true).await;
    let mut live = None;
    for (i, (player, square)) in [(alice(), "f5"), (bob(), "d6"), (alice(), "c3"), (bob(), "d3")].iter().enumerate() {
        live = Some(ok(service.handle(&en(player, 2 + i as i64), play(square)).await));
    }
    let (before, before_alt) = picture(&live.expect("moves"));
    assert_eq!(status_bar(&before), (colors.frame, true), "a live game: no banner, the turn shown");
    assert!(before_alt.contains("to move"), "{before_alt}");
    let (after, alt) = picture(&resign(&service, &bob(), CHANNEL, 10).await);
    assert_eq!(status_bar(&after), (colors.accent, false), "the winner's banner, no turn");
    assert!(alt.contains("Alice") && alt.contains("resignation") && !alt.contains("to move"), "{alt}");

    // A loss on time: Bob (White) wins when Alice lets her hour run out.
    let second = ChannelId(CHANNEL.0 + 1);
    challenge_accepted(&service, second, Locale::English, 20, Rules::default(), true).await;
    let forfeits = service.sweep(Timestamp(T0 + 21 + 3_600_000 + 1)).await.unwrap();
    let forfeit =
        forfeits.iter().find(|a| a.channel == second && !a.reply.files.is_empty()).expect("the forfeit is announced");
    let (after, alt) = picture(&Response::from(forfeit.reply.clone()));
    let (line, turn) = status_bar(&after);
    assert!(line != colors.frame && !turn, "a banner and no turn after a loss on time");
    assert!(alt.contains("Bob") && alt.contains("on time") && !alt.contains("to move"), "{alt}");

    // An abort (a resignation before both sides made two moves): a plain banner, no winner.
    let third = ChannelId(CHANNEL.0 + 2);
    challenge_accepted(&service, third, Locale::English, 30, Rules::default(), false).await;
    let (after, alt) = picture(&resign(&service, &alice(), third, 32).await);
    let (line, turn) = status_bar(&after);
    assert!(line != colors.frame && line != colors.accent && !turn, "a plain banner and no turn after an abort");
    assert!(alt.contains("aborted") && !alt.contains("to move"), "{alt}");
}

#[tokio::test]
async fn the_bot_without_a_level_plays_at_the_servers_bot_level() {
    let service = service().await;
    let mut manager = en(&carol(), 0);
    manager.can_manage_guild = true;
    let change = SettingsChange { bot_level: Level::new(1), ..SettingsChange::default() };
    ok(service.handle(&manager, Command::Settings(change)).await);
    let start = Command::PlayBot { level: None, color: ColorChoice::Black, rules: Rules::default() };
    let board = ok(service.handle(&en(&alice(), 1), start).await);
    assert!(shown(&board).contains("plays me at level 1 (Beginner)"), "{}", shown(&board));
    assert!(shown(&board).contains("bot level 1"), "{}", shown(&board));
}

#[tokio::test]
async fn settings_show_typed_moves_as_they_really_are() {
    let off = service().await;
    let text = shown(&ok(off.handle(&en(&carol(), 0), Command::Settings(SettingsChange::default())).await));
    assert!(text.contains("Typed moves: off: the bot runs without TYPED_MOVES"), "{text}");
    let on = service_with(ServiceOptions { typed_moves_available: true, ..ServiceOptions::default() }).await;
    let text = shown(&ok(on.handle(&en(&carol(), 0), Command::Settings(SettingsChange::default())).await));
    assert!(text.contains("Typed moves: on"), "{text}");
    let mut manager = en(&carol(), 1);
    manager.can_manage_guild = true;
    let change = SettingsChange { typed_moves: Some(false), ..SettingsChange::default() };
    let text = shown(&ok(on.handle(&manager, Command::Settings(change)).await));
    assert!(text.contains("Typed moves: off\n") || text.contains("Typed moves: off"), "{text}");
    assert!(!text.contains("TYPED_MOVES"), "{text}");
}

#[tokio::test]
async fn stats_count_casual_and_bot_games_apart_from_the_rating() {
    let service = service().await;
    // A whole game against the bot at level 1.
    let start = Command::PlayBot { level: Level::new(1), color: ColorChoice::Black, rules: Rules::default() };
    let mut board = ok(service.handle(&en(&alice(), 0), start).await);
    for step in 0..64 {
        let Some(sketch) = board.reply.board.clone() else { break };
        let Some(square) = sketch.legal.iter().next() else { break };
        board = ok(service.handle(&en(&alice(), 1 + step), play(&square.to_string())).await);
    }
    assert!(board.reply.board.as_ref().is_some_and(|s| s.to_move.is_none()), "the game against the bot ended");
    let stats = shown(&ok(service.handle(&en(&alice(), 100), Command::Stats(None, Ladder::standard())).await));
    assert!(stats.contains("No rated games yet"), "{stats}");
    assert!(
        stats.contains("Casual games against the bot: 1W 0L 0D")
            || stats.contains("Casual games against the bot: 0W 1L 0D")
            || stats.contains("Casual games against the bot: 0W 0L 1D"),
        "{stats}"
    );
    assert!(stats.contains("Casual games against people: none yet"), "{stats}");
    // The game was standard Othello: another kind of game has its own, empty, tally.
    let ten = Ladder::of(&Rules::default().on(reversi_bot::engine::BoardSize::Ten));
    let other = shown(&ok(service.handle(&en(&alice(), 101), Command::Stats(None, ten)).await));
    assert!(other.contains("Casual games against the bot: none yet"), "{other}");
}

#[tokio::test]
async fn history_shows_the_scored_result_and_the_variant() {
    let service = service().await;
    let store = service.store();
    // A WOF game that ended with empty squares, stored as played.
    let rules = Rules { scoring: Scoring::Wof, ..Rules::default() };
    let game = (0..)
        .map(|seed| random_game(rules, seed))
        .find(|g| g.result().is_some_and(|r| r.empties > 0 && r.winner.is_some()))
        .expect("some random game ends before the board is full");
    let result = game.result().unwrap();
    for user in [alice(), bob()] {
        store.upsert_player(user.id, &user.name, false, Timestamp(T0)).await.unwrap();
    }
    let new = NewGame {
        guild: Some(GUILD),
        channel: CHANNEL,
        black: alice().id,
        white: bob().id,
        bot_level: None,
        rated: false,
        rules,
        deadline: None,
        bot_lease: None,
    };
    let record = store.create_game(&new, Timestamp(T0)).await.unwrap();
    let version =
        store.save_moves(record.id, 0, &game.transcript(), &NextTurn::default(), Timestamp(T0)).await.unwrap();
    let ending = Ending { winner: result.winner, black: result.black, white: result.white, reason: EndReason::Normal };
    store.finish_game(record.id, version, &ending, Timestamp(T0)).await.unwrap();
    let history = shown(&ok(service.handle(&en(&alice(), 1), Command::History(None)).await));
    let [b, w] = result.score;
    let (mine, theirs) = (b, w);
    assert!(mine + theirs == 64, "WOF gives the empties to the winner: {mine}-{theirs}");
    assert!(history.contains(&format!(" {mine}-{theirs} (casual, WOF scoring")), "{history}");
    // The record names the last opening the game followed.
    let opening = reversi_bot::engine::openings::name_of_game(&game).map(|o| o.name);
    assert!(opening.is_none_or(|name| history.contains(&format!(", {name})"))), "{history}");
    let outcome = if result.winner == Some(Color::Black) { "won" } else { "lost" };
    assert!(history.contains(&format!("{outcome} as Black vs Bob")), "{history}");
}

#[tokio::test]
async fn challenges_and_rematches_are_worded_as_people_speak() {
    let service = service().await;
    let open = Command::Challenge {
        opponent: None,
        color: ColorChoice::Random,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&en(&alice(), 0), open).await);
    assert_eq!(content(&offer), "Alice challenges anyone here to a rated game: press Accept to play.");
    assert!(shown(&offer).contains("An open challenge from Alice"), "{}", shown(&offer));
    // A third player's Decline on an open challenge: Accept is what they can do.
    let decline = offer.reply.custom_ids().into_iter().find(|id| id.contains(":dec:")).unwrap().to_string();
    let error = refusal(service.handle(&en(&carol(), 1), components::parse(&decline, &[]).unwrap()).await);
    assert_eq!(error, UserError::OpenChallengeDecline("Alice".into()));
    assert_eq!(
        error.to_string(),
        "That challenge is open to anyone: press Accept to take it. Only Alice can withdraw it."
    );
    let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap().to_string();
    let started = ok(service.handle(&en(&bob(), 2), components::parse(&accept, &[]).unwrap()).await);
    assert!(shown(&started).contains("Bob accepted the challenge. A rated game begins."), "{}", shown(&started));
}

#[tokio::test]
async fn the_bot_is_refused_while_someone_elses_challenge_waits_and_trades_your_own() {
    let service = service().await;
    let open = Command::Challenge {
        opponent: None,
        color: ColorChoice::Black,
        rated: false,
        private: false,
        rules: Rules::default(),
    };
    ok(service.handle(&en(&alice(), 0), open).await);
    let bot = Command::PlayBot { level: Level::new(1), color: ColorChoice::Black, rules: Rules::default() };
    let error = refusal(service.handle(&en(&bob(), 1), bot.clone()).await);
    assert_eq!(error, UserError::ChallengePendingFrom("Alice".into()));
    assert!(error.to_string().starts_with("Alice has an open challenge in this channel"), "{error}");
    let board = ok(service.handle(&en(&alice(), 2), bot).await);
    assert!(shown(&board).contains("Alice withdrew their open challenge to play me instead."), "{}", shown(&board));
    assert!(service.store().pending_challenge_in(CHANNEL, Timestamp(T0 + 3)).await.unwrap().is_none());
}

#[tokio::test]
async fn help_lists_every_option_of_every_command_in_the_readers_language() {
    let service = service().await;
    let help = shown(&ok(service.handle(&en(&alice(), 0), Command::Help).await));
    let rules = "rules size start flips supply tie scoring";
    assert!(help.contains(&format!("/challenge opponent color rated private {rules} — ")), "{help}");
    assert!(help.contains(&format!("/bot level color {rules} — ")), "{help}");
    assert!(help.contains("Jacques & Sons"), "the rule sheets are named: {help}");
    assert!(
        help.contains(
            "/settings typed_moves deadline_hours theme bot_level bot_takebacks language organiser_role season daily_puzzle puzzle_hour web — "
        ),
        "{help}"
    );
    assert!(help.contains("/leaderboard scope rules size season — "), "{help}");
    let german = shown(&ok(service.handle(&at(&alice(), 1, Locale::German), Command::Help).await));
    assert!(german.contains("/herausfordern"), "{german}");
    assert!(german.contains("Schwarz beginnt"), "{german}");
    // What a level's thinking time means, with this bot's own time.
    assert!(help.contains("Level 5 may think 0.1 seconds a move and in the middle game uses most of them"), "{help}");
    let swedish = shown(&ok(service.handle(&at(&alice(), 2, Locale::Swedish), Command::Help).await));
    assert!(swedish.contains("Nivå 5 får tänka 0,1 sekunder per drag"), "{swedish}");
}

#[tokio::test]
async fn a_german_player_plays_in_german_and_a_swedish_player_in_swedish() {
    let service = service().await;
    let de = |user: &User, ms| at(user, ms, Locale::German);
    let sv = |user: &User, ms| at(user, ms, Locale::Swedish);
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: false,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&de(&alice(), 0), challenge).await);
    assert!(content(&offer).contains("<@2>") && content(&offer).contains("fordert dich"), "{}", content(&offer));
    let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap().to_string();
    let board = ok(service.handle(&sv(&bob(), 1), components::parse(&accept, &[]).unwrap()).await);
    assert!(shown(&board).contains("Alice (Svart) mot Bob (Vit)"), "{}", shown(&board));
    let moved = ok(service.handle(&de(&alice(), 2), play("f5")).await);
    let german = shown(&moved);
    assert!(german.contains("Alice hat f5 gespielt") || german.contains("Alice spielt f5"), "{german}");
    assert!(german.contains("1 Stein"), "{german}");
    assert!(german.contains("Bob (Weiß) ist am Zug"), "{german}");
    let error = refusal(service.handle(&sv(&bob(), 3), play("a1")).await);
    let swedish = reversi_bot::service::view::errors::refusal(Locale::Swedish, &error).to_plain();
    assert!(swedish.contains("a1") && swedish.contains("d6"), "{swedish}");
    let sv_board = ok(service.handle(&sv(&bob(), 4), play("d6")).await);
    assert!(shown(&sv_board).contains("Bob spelade d6"), "{}", shown(&sv_board));
}

#[tokio::test]
async fn a_whole_rated_game_with_a_pass_reads_in_german_and_in_swedish() {
    let played = game_with_a_pass(true);
    let winner = if played.result().unwrap().winner == Some(Color::Black) { "Alice" } else { "Bob" };
    for (locale, words) in [
        (Locale::German, ["hat keinen gültigen Zug und passt", "Steine umgedreht", "gewinnt mit", "Schwarz"]),
        (Locale::Swedish, ["har inget giltigt drag och passar", "pjäser", "vinner med", "Svart"]),
    ] {
        let service = service().await;
        let (_, start) = challenge_accepted(&service, CHANNEL, locale, 0, Rules::default(), true).await;
        let mut said = shown(&start);
        for answer in play_out(&service, &played, locale, 2).await {
            said.push_str(&shown(&answer));
        }
        for word in words {
            assert!(said.contains(word), "{locale}: {word:?} in {said}");
        }
        assert!(said.contains(&format!("{winner} ")) && said.contains("1500? → "), "{locale}: {said}");
        for english in ["passes", "flipping", "wins", "Black", "White", " to move"] {
            assert!(!said.contains(english), "{locale}: no English {english:?} in {said}");
        }
    }
}

#[tokio::test]
async fn the_ravensburger_theme_names_the_sides_gold_and_black_everywhere() {
    let service = service_with(drawing()).await;
    set_theme(&service, Theme::Ravensburger).await;
    let board = game(&service, Rules::ravensburger(), false).await;
    let text = shown(&board);
    assert!(text.contains("Alice (Gold) vs Bob (Black)"), "{text}");
    assert!(text.contains("Alice (Gold) to move"), "{text}");
    assert!(text.contains("🟡 Alice") && text.contains("⚫ Bob"), "{text}");
    assert!(text.contains("a tie goes to the second player"), "{text}");
    let alt = board.reply.files[0].description.clone().unwrap();
    assert!(alt.starts_with("Gold 2, Black 2. Gold to move."), "{alt}");
    let help = shown(&ok(service.handle(&en(&alice(), 5), Command::Help).await));
    assert!(help.contains("Gold moves first"), "{help}");
}

#[tokio::test]
async fn the_ravensburger_theme_names_the_sides_in_passes_results_history_and_exports() {
    let service = service_with(drawing()).await;
    set_theme(&service, Theme::Ravensburger).await;
    game(&service, Rules::default(), false).await;
    // A whole game with a pass in it, played through the service.
    let played = game_with_a_pass(false);
    let (mut lines, mut alts) = (String::new(), String::new());
    for reply in play_out(&service, &played, Locale::English, 2).await {
        lines.push_str(&shown(&reply));
        alts.push_str(&reply.reply.files[0].description.clone().unwrap_or_default());
    }
    assert!(alts.contains("Gold had to pass") || alts.contains("Black had to pass"), "the pass: {alts}");
    assert!(!alts.contains("White"), "no White on a gold and black board: {alts}");
    let result = played.result().expect("the game is over");
    let winner = match result.winner {
        Some(Color::Black) => "Alice (Gold) wins",
        Some(Color::White) => "Bob (Black) wins",
        None => "draw",
    };
    assert!(lines.contains(winner), "the result names the theme's colours: {lines}");
    assert!(!lines.contains("White"), "{lines}");
    let history = shown(&ok(service.handle(&en(&alice(), 200), Command::History(None)).await));
    assert!(history.contains("as Gold vs Bob"), "{history}");
    let export = shown(&ok(service.handle(&en(&alice(), 201), Command::Export(None)).await));
    assert!(export.contains("Alice (Gold) vs Bob (Black)"), "{export}");
}

#[tokio::test]
async fn announcements_speak_the_servers_language_or_the_one_settings_chose() {
    let service = service().await;
    // Discord says the server speaks Swedish.
    let mut first = en(&alice(), 0);
    first.guild_locale = Some(Locale::Swedish);
    let open = Command::Challenge {
        opponent: None,
        color: ColorChoice::Black,
        rated: false,
        private: false,
        rules: Rules::default(),
    };
    ok(service.handle(&first, open).await);
    let swept = service.sweep(Timestamp(T0 + 20 * 60_000)).await.unwrap();
    assert!(swept[0].reply.content.to_plain().contains("Alice"), "{:?}", swept[0].reply.content);
    assert!(!swept[0].reply.content.to_plain().contains("lapsed"), "in Swedish: {}", swept[0].reply.content.to_plain());
    // A manager makes it German.
    let mut manager = en(&carol(), 1);
    manager.can_manage_guild = true;
    let change = SettingsChange { language: Some(LanguageChoice::Fixed(Locale::German)), ..SettingsChange::default() };
    let saved = shown(&ok(service.handle(&manager, Command::Settings(change)).await));
    assert!(saved.contains("Language: Deutsch"), "{saved}");
    assert_eq!(service.server_locale(Some(GUILD)).await.unwrap(), Locale::German);
}

#[tokio::test]
async fn the_bot_beginning_a_game_whose_first_player_chooses_the_start_chooses_the_cross() {
    let service = service().await;
    let rules = reversi_bot::engine::Preset::RavensburgerStart.rules();
    let command = Command::PlayBot { level: reversi_bot::ai::Level::new(1), color: ColorChoice::White, rules };
    let started = ok(service.handle(&en(&alice(), 1), command).await);
    let text = shown(&started);
    assert!(text.contains("Reversi chose the cross, as in Othello."), "{text}");
    assert!(text.contains("Ravensburger start (encyclopedia)"), "the footer names the sheet: {text}");
    assert!(!started.reply.custom_ids().iter().any(|id| id.contains(":st:")), "nothing left to choose");
    let sketch = started.reply.board.as_ref().expect("the board");
    assert_eq!(sketch.to_move, Some(reversi_bot::engine::Color::White), "the bot has made its first move");
}

#[tokio::test]
async fn german_and_swedish_write_scores_their_own_way() {
    use reversi_bot::service::view::board::score_pair;
    assert_eq!(score_pair(Locale::English, 40, 24).to_plain(), "40-24");
    assert_eq!(score_pair(Locale::German, 40, 24).to_plain(), "40:24");
    assert_eq!(score_pair(Locale::Swedish, 40, 24).to_plain(), "40–24");
}

#[tokio::test]
async fn every_line_a_player_reads_in_a_whole_game_starts_with_a_capital_in_every_language() {
    for locale in Locale::ALL {
        let service = service().await;
        let mut lines = Vec::new();
        let (offer, start) = challenge_accepted(&service, CHANNEL, locale, 0, Rules::default(), true).await;
        lines.extend(shown(&offer).lines().map(String::from));
        lines.extend(shown(&start).lines().map(String::from));
        for reply in play_out(&service, &game_with_a_pass(false), locale, 2).await {
            lines.extend(shown(&reply).lines().map(String::from));
        }
        let refused = refusal(service.handle(&at(&alice(), 100, locale), play("d3")).await).to_string();
        lines.push(refused);
        for line in lines.iter().filter(|l| !l.trim().is_empty()) {
            let first = line.trim_start().chars().next().unwrap();
            assert!(!first.is_lowercase(), "{locale}: {line:?} starts in lower case");
        }
    }
}

#[test]
fn a_solo_move_that_traps_nothing_is_refused_with_the_colours_inflected_in_german_and_swedish() {
    use reversi_bot::engine::Square;
    use reversi_bot::engine::solo::{BLACK, GOLD, IllegalSoloMove, SoloMove};
    let c4 = Square::new(2, 3).unwrap();
    let said = |locale: Locale, color| {
        let error = UserError::SoloIllegal(IllegalSoloMove::TrapsNothing(SoloMove { square: c4, color }));
        reversi_bot::service::view::errors::refusal(locale, &error).to_plain()
    };
    assert_eq!(said(Locale::English, GOLD), "A gold disc on c4 traps no black disc and wins no tile.");
    assert_eq!(
        said(Locale::German, BLACK),
        "Ein schwarzer Stein auf c4 schließt keinen goldenen Stein ein und gewinnt kein Plättchen."
    );
    assert_eq!(
        said(Locale::German, GOLD),
        "Ein goldener Stein auf c4 schließt keinen schwarzen Stein ein und gewinnt kein Plättchen."
    );
    assert_eq!(
        said(Locale::Swedish, BLACK),
        "En svart pjäs på c4 stänger inte in någon guldpjäs och vinner ingen bricka."
    );
}

#[test]
fn an_opening_keeps_its_english_name_marked_as_a_name_in_german_and_swedish() {
    use reversi_bot::service::text::{Args, say};
    let name = |locale: Locale| say(locale, "review-opening", &Args::new().text("name", "Tiger")).to_plain();
    assert_eq!(name(Locale::English), "Opening: Tiger");
    assert!(name(Locale::German).contains("„Tiger“"), "{}", name(Locale::German));
    assert!(name(Locale::Swedish).contains("”Tiger”"), "{}", name(Locale::Swedish));
}
