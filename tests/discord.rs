//! End to end: the bot's real serenity/poise client against the fake Discord on 127.0.0.1.
//! Commands are registered; a challenge is accepted with its button; a whole game with a forced
//! pass is played through `/move` and the select menu to the end; the result and the leaderboard
//! are right; a game against the bot completes; errors come back ephemeral; every board
//! attachment is a PNG showing the position; a player exports their data and deletes it.

mod support;

use std::time::Duration;

use reversi_bot::engine::{Color, Game, Rules, Square, random_game};
use reversi_bot::render::{Layout, Theme};
use support::bot::{self, RunningBot, Setup};
use support::fake_discord::{FakeUser, Recorded, callback};
use support::games::game_with_a_pass;
use support::replies::{choice, embed_text, menu_of};

/// Checks that the reply's board.png shows `game`: black and white discs where they are.
fn assert_board_shows(reply: &Recorded, game: &Game) {
    let png = reply.file("board.png").unwrap_or_else(|| panic!("no board.png in {}", reply.summary()));
    assert!(png.is_png());
    let image = image::load_from_memory(&png.bytes).expect("the board decodes").to_rgb8();
    let layout = Layout::new(game.rules().size);
    let colors = Theme::Classic.colors();
    let last = game.last_move().map(|m| m.mv.square);
    for square in game.rules().size.all_squares() {
        if Some(square) == last {
            continue;
        }
        let (x, y) = layout.square_centre(square);
        let pixel = image.get_pixel(x, y).0;
        let near = |c: [u8; 3]| c.iter().zip(pixel).map(|(a, b)| (*a as i32 - b as i32).abs()).max().unwrap_or(0) < 40;
        match game.board().at(square) {
            Some(Color::Black) => {
                assert!(near(colors.discs[0].face) || near(colors.discs[0].flipped), "{square}: {pixel:?}")
            }
            Some(Color::White) => {
                assert!(near(colors.discs[1].face) || near(colors.discs[1].flipped), "{square}: {pixel:?}")
            }
            None => assert!(!near(colors.discs[0].face) && !near(colors.discs[1].face), "{square} is empty: {pixel:?}"),
        }
    }
    let description = &reply.attachments()[0]["description"];
    assert!(description.as_str().is_some_and(|d| d.contains("Black")), "alt text: {description}");
}

async fn start(name: &str, bot_move_seconds: f64, defer_after_ms: u64) -> RunningBot {
    bot::start(name, Setup { bot_move_seconds, defer_after_ms, ..Setup::default() }).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_and_a_whole_game_with_a_pass_through_discord() {
    let bot = start("pvp", 0.1, 1200).await;
    let fake = &bot.fake;
    let commands = fake.wait_for_commands().await;
    let names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    for expected in ["challenge", "bot", "move", "board", "resign", "leaderboard", "stats", "history", "export", "help"]
    {
        assert!(names.contains(&expected), "/{expected} registered: {names:?}");
    }
    assert_eq!(fake.command("move").unwrap()["options"][0]["autocomplete"], true);

    let alice = FakeUser::new("alice");
    let bob = FakeUser::new("bob");
    let challenge = fake
        .slash("challenge")
        .by(&alice)
        .user("opponent", &bob)
        .integer("color", choice(fake, "challenge", "color", "black"))
        .boolean("rated", true)
        .build();
    let offer = bot.ask(challenge).await;
    assert!(offer.content().is_some_and(|c| c.contains(&format!("<@{}>", bob.id))), "{}", offer.summary());
    let accept_id = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    let message = offer.message.clone().expect("the challenge message");
    let click = fake.button(&accept_id).by(&bob).on_message(&message).build();
    fake.send_interaction(&click).await;
    let mut board = fake.wait_for_reply(&click).await;
    assert!(embed_text(&board).contains("alice (Black) to move"), "{}", embed_text(&board));
    let mut game = Game::new(Rules::default());
    assert_board_shows(&board, &game);

    // Errors are ephemeral and say what is wrong.
    for (who, square, expected) in [
        (&bob, "d3", "It's not your turn: alice is to move."),
        (&alice, "d9", "d9 is off the 8x8 board: columns run a–h, rows 1–8."),
        (&alice, "c5", "c5 flips nothing"),
    ] {
        let reply = bot.ask(fake.slash("move").by(who).string("square", square).build()).await;
        assert!(reply.is_ephemeral(), "{}", reply.summary());
        let shown = reply.content().map(|c| c.replace("**", "")).unwrap_or_default();
        assert!(shown.starts_with(expected), "{shown:?}");
    }
    let typing = fake.autocomplete("move").by(&alice).focused("square", "").build();
    fake.send_interaction(&typing).await;
    let choices = fake.wait_for_callback(&typing).await;
    let offered: Vec<&str> = choices.choices().iter().filter_map(|c| c["value"].as_str()).collect();
    assert_eq!(offered, ["d3", "c4", "f5", "e6"]);

    // Black plays by /move (the first move typed as a plain message), white by the menu under the
    // latest board.
    let mut saw_pass = false;
    for (i, (color, mv)) in game_with_a_pass().into_iter().enumerate() {
        let reply = match color {
            Color::Black if i == 0 => {
                fake.send_message_create(&fake.message(&mv.to_string().to_uppercase()).by(&alice).build()).await;
                fake.wait_for_channel_message(fake.ids().channel_id).await
            }
            Color::Black => bot.ask(fake.slash("move").by(&alice).string("square", &mv.to_string()).build()).await,
            Color::White => {
                let (menu, values) = menu_of(&board);
                assert!(values.contains(&mv.to_string()), "{mv} offered in {values:?}");
                let message = board.message.clone().expect("the board message");
                let pick = fake.select(&menu, &[&mv.to_string()]).by(&bob).on_message(&message).build();
                fake.send_interaction(&pick).await;
                fake.wait_for_reply(&pick).await
            }
        };
        assert!(!reply.is_ephemeral(), "{mv}: {:?}", reply.content());
        game.play(mv).unwrap();
        assert_board_shows(&reply, &game);
        saw_pass |= embed_text(&reply).contains("has no legal move and passes");
        board = reply;
    }
    assert!(saw_pass, "the forced pass was announced");
    let result = game.result().unwrap();
    let text = embed_text(&board);
    let (winner, score) = if result.winner == Some(Color::Black) {
        ("alice (Black)", format!("{}-{}", result.black, result.white))
    } else {
        ("bob (White)", format!("{}-{}", result.white, result.black))
    };
    assert!(text.contains(&format!("{winner} wins {score}")), "the winner's score first: {text}");
    assert!(board.custom_ids().iter().any(|id| id.contains(":rm:")), "a Rematch button");

    let leaderboard = bot.ask(fake.slash("leaderboard").by(&alice).build()).await;
    let text = embed_text(&leaderboard);
    let first = if result.winner == Some(Color::Black) { "alice" } else { "bob" };
    assert!(text.contains(&format!("1. {first}")), "{text}");

    let export = bot.ask(fake.slash("export").by(&bob).build()).await;
    assert!(export.content().is_some_and(|c| c.contains(&game.transcript())), "{:?}", export.content());
    assert!(export.files.iter().any(|f| f.filename.ends_with(".ggf")));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_completes_through_discord() {
    let bot = start("bot", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let carol = FakeUser::new("carol");
    let black = choice(fake, "bot", "color", "black");
    let mut reply = bot.ask(fake.slash("bot").by(&carol).integer("level", 1).integer("color", black).build()).await;
    let mut game = Game::new(Rules::default());
    for _ in 0..64 {
        if game.is_over() {
            break;
        }
        let (_, values) = menu_of(&reply);
        let square: Square = values[0].parse().unwrap();
        reply = bot.ask(fake.slash("move").by(&carol).string("square", &square.to_string()).build()).await;
        // Replay what the reply says happened: our move, then the bot's.
        let transcript = format!("{}{square}{}", game.transcript(), opponent_moves(&embed_text(&reply), "carol"));
        game = Game::from_transcript(Rules::default(), &transcript).unwrap();
        assert_board_shows(&reply, &game);
    }
    assert!(game.is_over(), "the game against the bot ended");
    assert!(embed_text(&reply).contains("wins") || embed_text(&reply).contains("Draw"), "{}", embed_text(&reply));
    // A typed move in a channel with no game is ignored (people write squares in conversation).
    fake.send_message_create(&fake.message("d3").by(&carol).build()).await;
    fake.assert_no_request(|r| r.is_channel_message_in(fake.ids().channel_id), Duration::from_millis(300)).await;
    bot.stop().await;
}

/// The moves the reply's event lines say `player`'s opponent made ("reversi played c3, ...").
fn opponent_moves(text: &str, player: &str) -> String {
    text.lines()
        .filter(|line| !line.starts_with(player))
        .filter_map(|line| line.split(" played ").nth(1))
        .filter_map(|rest| rest.split([',', '.']).next())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_answer_is_deferred_first_and_delivered_after() {
    // The adapter answers at once only what takes less than DEFER_AFTER_MS: with 0, everything is
    // deferred first.
    let bot = start("slow", 0.2, 0).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let dave = FakeUser::new("dave");
    let white = choice(fake, "bot", "color", "white");
    let start = fake.slash("bot").by(&dave).integer("level", 5).integer("color", white).build();
    fake.send_interaction(&start).await;
    let first = fake.wait_for_callback(&start).await;
    assert_eq!(first.callback_type(), Some(callback::DEFERRED_MESSAGE), "{}", first.summary());
    let board = fake.wait_for_reply(&start).await;
    assert!(embed_text(&board).contains("dave (White) to move"), "{}", embed_text(&board));
    let opening = opponent_moves(&embed_text(&board), "dave");
    let game = Game::from_transcript(Rules::default(), &opening).expect("the bot's opening move");
    assert_board_shows(&board, &game);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_german_player_sees_german_commands_and_plays_in_german() {
    let bot = start("german", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    // A German client shows German names and descriptions for every command and option.
    let challenge = fake.command("challenge").expect("/challenge registered");
    assert_eq!(challenge["name_localizations"]["de"], "herausfordern", "{challenge}");
    assert_eq!(challenge["name_localizations"]["sv-SE"], "utmana", "{challenge}");
    assert!(challenge["description_localizations"]["de"].as_str().is_some_and(|d| d.contains("Partie")), "{challenge}");
    let color = challenge["options"].as_array().unwrap().iter().find(|o| o["name"] == "color").unwrap();
    assert_eq!(color["name_localizations"]["de"], "farbe", "{color}");
    let black = color["choices"].as_array().unwrap().iter().find(|c| c["name"] == "black").unwrap();
    assert_eq!(black["name_localizations"]["de"], "Schwarz", "{black}");
    for command in fake.wait_for_commands().await {
        assert!(command["name_localizations"]["de"].is_string(), "{command}");
        assert!(command["description_localizations"]["sv-SE"].is_string(), "{command}");
    }
    // Everyone can see the settings (changing them needs Manage Server).
    assert!(fake.command("settings").unwrap()["default_member_permissions"].is_null());

    let jurgen = FakeUser::new("jürgen");
    let black = choice(fake, "bot", "color", "black");
    let start = fake.slash("bot").by(&jurgen).locale("de").integer("level", 1).integer("color", black).build();
    let board = bot.ask(start).await;
    let text = embed_text(&board);
    assert!(text.contains("jürgen (Schwarz) gegen reversi (Weiß)"), "{text}");
    assert!(text.contains("Stufe 1"), "{text}");
    let move_reply = bot.ask(fake.slash("move").by(&jurgen).locale("de").string("square", "d3").build()).await;
    let text = embed_text(&move_reply);
    assert!(text.contains("jürgen hat d3 gespielt") && text.contains("1 Stein"), "{text}");
    let alt = move_reply.attachments()[0]["description"].as_str().unwrap_or_default().to_string();
    assert!(alt.starts_with("Schwarz "), "the picture is described in German: {alt}");
    let wrong = bot.ask(fake.slash("move").by(&jurgen).locale("de").string("square", "a1").build()).await;
    assert!(wrong.is_ephemeral());
    let shown = wrong.content().unwrap_or_default().replace("**", "");
    assert!(shown.contains("a1") && shown.contains("Gültige Züge"), "{shown}");
    // The game goes on to its end in German, by the move menu's first choice each time.
    let mut board = move_reply;
    while board.components().iter().any(|row| row["components"][0]["type"] == 3) {
        let (_, values) = menu_of(&board);
        board = bot.ask(fake.slash("move").by(&jurgen).locale("de").string("square", &values[0]).build()).await;
        assert!(!board.is_ephemeral(), "{}", board.summary());
    }
    let text = embed_text(&board);
    assert!(text.contains(" gewinnt mit ") || text.contains("Unentschieden"), "the result in German: {text}");
    assert!(footer_of(&board).contains("Partie #"), "{}", footer_of(&board));
    // A Swedish player in another channel is answered in Swedish.
    let asa = FakeUser::new("åsa");
    let elsewhere = support::fake_discord::snowflake();
    let start =
        fake.slash("bot").by(&asa).locale("sv-SE").in_channel(elsewhere).integer("level", 1).integer("color", black);
    let board = bot.ask(start.build()).await;
    assert!(embed_text(&board).contains("åsa (Svart) mot reversi (Vit)"), "{}", embed_text(&board));
    let moved =
        bot.ask(fake.slash("move").by(&asa).locale("sv-SE").in_channel(elsewhere).string("square", "d3").build()).await;
    assert!(embed_text(&moved).contains("åsa spelade d3 och vände 1 pjäs"), "{}", embed_text(&moved));
    bot.stop().await;
}

/// The footer of a reply's board.
fn footer_of(reply: &Recorded) -> String {
    reply.embeds().iter().filter_map(|e| e["footer"]["text"].as_str()).collect::<Vec<_>>().join(" ")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_rule_sheet_is_chosen_in_one_option_and_played_to_its_end_through_discord() {
    use reversi_bot::engine::Preset;
    use reversi_bot::service::Locale;
    use reversi_bot::service::catalog::CommandSpec;

    let bot = start("rule-sheets", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    let spec = CommandSpec::named("challenge").unwrap();
    let rules_option = spec.options.iter().find(|o| o.name == "rules").unwrap();
    for preset in Preset::ALL {
        let channel = support::fake_discord::snowflake();
        let label = rules_option.choice_label(preset.key(), Locale::English);
        let challenge = fake
            .slash("challenge")
            .by(&alice)
            .in_channel(channel)
            .user("opponent", &bob)
            .integer("color", choice(fake, "challenge", "color", "black"))
            .integer("rules", choice(fake, "challenge", "rules", &label))
            .build();
        let offer = bot.ask(challenge).await;
        let accept = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
        let click = fake.button(&accept).by(&bob).in_channel(channel).on_message(&offer.message.clone().unwrap());
        let mut board = bot.ask(click.build()).await;
        let sheet = reversi_bot::service::view::board::preset_name(Locale::English, preset);
        let footer = footer_of(&board);
        assert!(preset == Preset::Othello || footer.contains(&sheet), "{preset:?}: {footer}");

        if let Some(start) = board.custom_ids().into_iter().find(|id| id.contains(":st:") && id.ends_with(":1")) {
            // The first player chooses the start; the other may not.
            assert!(board.content().is_some_and(|c| c.contains("choose the start")), "{}", board.summary());
            let message = board.message.clone().unwrap();
            let wrong = bot.ask(fake.button(&start).by(&bob).in_channel(channel).on_message(&message).build()).await;
            assert!(wrong.is_ephemeral(), "{}", wrong.summary());
            board = bot.ask(fake.button(&start).by(&alice).in_channel(channel).on_message(&message).build()).await;
            assert!(embed_text(&board).contains("alice chose the parallel grid"), "{}", embed_text(&board));
        }
        let mut moves = 0;
        while board.components().iter().any(|row| row["components"][0]["type"] == 3) {
            let (_, values) = menu_of(&board);
            let content = board.content().unwrap_or_default().to_string();
            let player = if content.contains(&format!("<@{}>", alice.id)) { &alice } else { &bob };
            let play = fake.slash("move").by(player).in_channel(channel).string("square", &values[0]).build();
            let reply = bot.ask(play).await;
            assert!(!reply.is_ephemeral(), "{preset:?} move {}: {}", values[0], reply.summary());
            board = reply;
            moves += 1;
            assert!(moves <= 100, "{preset:?} never ended");
        }
        let text = embed_text(&board);
        assert!(text.contains(" wins ") || text.contains("Draw"), "{preset:?} ended with a result: {text}");
        assert!(preset == Preset::Othello || footer_of(&board).contains(&sheet), "{}", footer_of(&board));
        if matches!(preset, Preset::Ravensburger | Preset::RavensburgerChildren) {
            assert!(text.contains("(Gold)"), "Ravensburger's sheets play gold and black: {text}");
        }
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_japanese_rule_is_two_steps_of_buttons_after_the_challenge_is_accepted() {
    use reversi_bot::service::Locale;
    use reversi_bot::service::catalog::CommandSpec;

    let bot = start("japanese", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    let tie = CommandSpec::named("challenge").unwrap().options.iter().find(|o| o.name == "tie").unwrap();
    let japanese = tie.choice_label("japanese", Locale::English);
    let challenge = fake
        .slash("challenge")
        .by(&alice)
        .user("opponent", &bob)
        .integer("tie", choice(fake, "challenge", "tie", &japanese))
        .build();
    let offer = bot.ask(challenge).await;
    let accept = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap();
    let lot = bot.ask(fake.button(&accept).by(&bob).on_message(&offer.message.clone().unwrap()).build()).await;
    let content = lot.content().unwrap_or_default().to_string();
    let (decider, chooser) =
        if content.contains(&format!("<@{}>", alice.id)) { (&alice, &bob) } else { (&bob, &alice) };
    let tie_black = lot.custom_ids().into_iter().find(|id| id.contains(":jt:") && id.ends_with(":0")).unwrap();
    let ask = bot.ask(fake.button(&tie_black).by(decider).on_message(&lot.message.clone().unwrap()).build()).await;
    assert!(ask.content().is_some_and(|c| c.contains(&format!("<@{}>", chooser.id))), "{}", ask.summary());
    let white = ask.custom_ids().into_iter().find(|id| id.contains(":jc:") && id.ends_with(":1")).unwrap();
    let board = bot.ask(fake.button(&white).by(chooser).on_message(&ask.message.clone().unwrap()).build()).await;
    let text = embed_text(&board);
    assert!(text.contains(&format!("{} chose White", chooser.name)), "{text}");
    assert!(footer_of(&board).contains("a tie is a win for Black"), "{}", footer_of(&board));
    bot.stop().await;
}

/// The solo move a greedy player makes in the deal `seed` after `moves`, as `d3 gold`.
fn next_solo_move(seed: u64, moves: &[String]) -> Option<String> {
    use reversi_bot::engine::solo::{GOLD, SoloGame};
    let game = SoloGame::from_transcript(seed, &moves.join(" ")).expect("the moves replay");
    let mv = reversi_bot::ai::solo::greedy_move(&game.view())?;
    Some(format!("{} {}", mv.square, if mv.color == GOLD { "gold" } else { "black" }))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_solo_game_is_played_through_discord_by_menu_and_text_survives_a_restart_and_ends() {
    let bot = start("solo", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let alice = FakeUser::new("alice");
    let bob = FakeUser::new("bob");
    let channel = support::fake_discord::snowflake();
    let board = bot.ask(fake.slash("solo").by(&alice).in_channel(channel).integer("seed", 42).build()).await;
    assert!(embed_text(&board).contains("Solo game · deal 42"), "{}", board.summary());
    let png = board.file("solo.png").unwrap_or_else(|| panic!("no solo.png in {}", board.summary()));
    assert!(png.is_png());
    let description = &board.attachments()[0]["description"];
    assert!(description.as_str().is_some_and(|d| d.contains("tiles face down")), "alt text: {description}");

    // A move from the gold menu; Bob cannot use Alice's menu.
    let (menu, values) = menu_of(&board);
    let message = board.message.clone().expect("the board message");
    let bobs =
        bot.ask(fake.select(&menu, &[&values[0]]).by(&bob).in_channel(channel).on_message(&message).build()).await;
    assert!(
        bobs.is_ephemeral() && bobs.content().is_some_and(|c| c.contains("alice's solo game")),
        "{}",
        bobs.summary()
    );
    let board =
        bot.ask(fake.select(&menu, &[&values[0]]).by(&alice).in_channel(channel).on_message(&message).build()).await;
    assert!(!board.is_ephemeral(), "{}", board.summary());
    let mut moves = vec![values[0].clone()];

    // A typed move, as a message in the channel.
    let typed = next_solo_move(42, &moves).expect("a move is left");
    fake.send_message_create(&fake.message(&typed).by(&alice).in_channel(channel).build()).await;
    let reply = fake.wait_for_channel_message(channel).await;
    assert!(embed_text(&reply).contains(&format!("alice plays {typed}")), "{}", reply.summary());
    moves.push(typed);

    // The bot restarts; the game goes on by /move to its end.
    let (fake, dir) = bot.stop_keeping_fake().await;
    let bot = bot::start_on(fake, dir, Setup { bot_move_seconds: 0.1, defer_after_ms: 1200, ..Setup::default() }).await;
    let fake = &bot.fake;
    let mut last = reply;
    while let Some(mv) = next_solo_move(42, &moves) {
        last = bot.ask(fake.slash("move").by(&alice).in_channel(channel).string("square", &mv).build()).await;
        assert!(!last.is_ephemeral(), "{mv}: {}", last.summary());
        moves.push(mv);
        assert!(moves.len() <= 80, "the solo game never ended");
    }
    let text = embed_text(&last);
    assert!(text.contains("Game over:"), "{text}");
    assert!(last.components().is_empty(), "no menus under a finished game: {}", last.summary());

    // The hint is Alice's alone; the day's table shows nothing until a daily deal is finished.
    let again = bot.ask(fake.slash("solo").by(&alice).in_channel(channel).integer("seed", 43).build()).await;
    let hint = again.custom_ids().into_iter().find(|id| id.contains(":sh:")).expect("a Hint button");
    let message = again.message.clone().unwrap();
    let hinted = bot.ask(fake.button(&hint).by(&alice).in_channel(channel).on_message(&message).build()).await;
    assert!(hinted.is_ephemeral() && hinted.content().is_some_and(|c| c.starts_with("Try ")), "{}", hinted.summary());
    let table = choice(fake, "solo", "action", "table");
    let tables = bot.ask(fake.slash("solo").by(&bob).in_channel(channel).integer("action", table).build()).await;
    assert!(embed_text(&tables).contains("Nobody has finished today's deal yet."), "{}", embed_text(&tables));
    bot.stop().await;
}

/// The shipped puzzle a puzzle's card is about, from its title (`Puzzle #12 · …`).
fn puzzle_shown(reply: &Recorded) -> &'static reversi_bot::puzzle::Puzzle {
    let text = embed_text(reply);
    let number = text
        .split("Puzzle #")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next().and_then(|digits| digits.parse().ok()));
    number.and_then(reversi_bot::puzzle::numbered).unwrap_or_else(|| panic!("no puzzle in {text}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_puzzle_streak_is_solved_by_menu_through_discord_until_its_first_miss() {
    let bot = start("puzzles", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let alice = FakeUser::new("alice");
    let bob = FakeUser::new("bob");
    let channel = support::fake_discord::snowflake();
    let streak = choice(fake, "puzzle", "action", "streak");
    let mut card = bot.ask(fake.slash("puzzle").by(&alice).in_channel(channel).integer("action", streak).build()).await;
    for solved in 0..2 {
        assert!(embed_text(&card).contains(&format!("streak, puzzle {}", solved + 1)), "{}", card.summary());
        let png = card.file("puzzle.png").unwrap_or_else(|| panic!("no puzzle.png in {}", card.summary()));
        assert!(png.is_png());
        let puzzle = puzzle_shown(&card);
        for step in &puzzle.steps {
            let (menu, values) = menu_of(&card);
            let answer = step.accepted[0].to_string();
            assert!(values.contains(&answer), "{answer} in {values:?}");
            let message = card.message.clone().expect("the puzzle's message");
            if solved == 0 {
                // Bob cannot answer Alice's puzzle.
                let bobs = bot
                    .ask(fake.select(&menu, &[&answer]).by(&bob).in_channel(channel).on_message(&message).build())
                    .await;
                assert!(bobs.is_ephemeral() && bobs.content().is_some_and(|c| c.contains("alice's puzzle")));
            }
            card = bot
                .ask(fake.select(&menu, &[&answer]).by(&alice).in_channel(channel).on_message(&message).build())
                .await;
            assert!(!card.is_ephemeral(), "{}", card.summary());
        }
        assert!(embed_text(&card).contains(&format!("Streak: {} solved", solved + 1)), "{}", embed_text(&card));
        let next = card.custom_ids().into_iter().find(|id| id.starts_with("rb:pn:")).expect("the Next button");
        let message = card.message.clone().unwrap();
        card = bot.ask(fake.button(&next).by(&alice).in_channel(channel).on_message(&message).build()).await;
    }
    // The third is missed by a typed square.
    let puzzle = puzzle_shown(&card);
    let step = &puzzle.steps[0];
    let wrong = step.values.iter().map(|v| v.square).find(|s| !step.accepted.contains(s)).unwrap().to_string();
    let missed = bot.ask(fake.slash("move").by(&alice).in_channel(channel).string("square", &wrong).build()).await;
    let text = embed_text(&missed);
    assert!(text.contains("Your streak ends with 2 solved. Your best: 2."), "{text}");
    let stats = choice(fake, "puzzle", "action", "stats");
    let table = bot.ask(fake.slash("puzzle").by(&bob).in_channel(channel).integer("action", stats).build()).await;
    assert!(embed_text(&table).contains("1. alice: 2"), "{}", embed_text(&table));
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_and_analysed_through_discord_with_its_chart_and_mistakes() {
    let bot = start("review", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    for name in ["review", "analyze"] {
        assert!(fake.command(name).is_some(), "/{name} registered");
    }
    let alice = FakeUser::new("alice");
    let bob = FakeUser::new("bob");
    let challenge = fake.slash("challenge").by(&alice).user("opponent", &bob).boolean("rated", true).build();
    let offer = bot.ask(challenge).await;
    let accept_id = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    let click = fake.button(&accept_id).by(&bob).on_message(&offer.message.clone().unwrap()).build();
    let started = bot.ask(click).await;
    let black_is_alice = embed_text(&started).contains("alice (Black) to move");
    let game = random_game(Rules::default(), 5);
    let mut board = started;
    for played in game.moves() {
        let player = if (played.color == Color::Black) == black_is_alice { &alice } else { &bob };
        board = bot.ask(fake.slash("move").by(player).string("square", &played.mv.to_string()).build()).await;
        assert!(!board.is_ephemeral(), "{}: {}", played.mv, board.summary());
    }
    // The Review button under the final board: a chart and each player's mistakes.
    let review_id = board.custom_ids().into_iter().find(|id| id.contains(":rv:")).expect("a Review button");
    let message = board.message.clone().expect("the final board");
    let review = bot.ask(fake.button(&review_id).by(&bob).on_message(&message).build()).await;
    assert!(!review.is_ephemeral(), "{}", review.summary());
    let text = embed_text(&review);
    assert!(text.contains("Review of game #") && text.contains("Average loss:"), "{text}");
    assert_eq!(text.matches("Average loss:").count(), 2, "both players: {text}");
    assert!(text.matches(" instead of ").count() >= 2 && text.contains("discs lost"), "mistakes listed: {text}");
    let png = review.file("review.png").unwrap_or_else(|| panic!("no review.png in {}", review.summary()));
    let chart = image::load_from_memory(&png.bytes).expect("the chart decodes");
    assert_eq!(chart.width(), 508);
    assert!(chart.height() > 150);
    let description = review.attachments()[0]["description"].as_str().unwrap_or_default().to_string();
    assert!(description.starts_with("Chart of the score with best play"), "alt text: {description}");

    // /review again answers the same at once; /analyze shows a position with every move scored.
    let again = bot.ask(fake.slash("review").by(&alice).build()).await;
    assert_eq!(embed_text(&again), text);
    let count = game.moves().count() as i64;
    let analysis = bot.ask(fake.slash("analyze").by(&alice).integer("move", count - 6).build()).await;
    let shown = embed_text(&analysis);
    assert!(shown.contains(&format!("after {} moves", count - 6)), "{shown}");
    assert!(analysis.file("analysis.png").is_some_and(|f| f.is_png()), "{}", analysis.summary());
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_over_the_rate_is_told_privately_once_and_a_plain_member_cannot_change_settings() {
    let limits = reversi_bot::service::limits::LimitsConfig { burst: 2, per_minute: 2, ..Default::default() };
    let bot = bot::start("limits", Setup { limits, ..Setup::default() }).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let mallory = FakeUser::new("mallory");
    // A plain member (the fake's default permissions have no Manage Server) may look at the
    // settings but not change them, whatever Discord offered them.
    let theme = choice(fake, "settings", "theme", "dark");
    let change = fake.slash("settings").by(&mallory).integer("theme", theme).build();
    let refused = bot.ask(change).await;
    assert!(refused.is_ephemeral(), "{}", refused.summary());
    let text = refused.content().unwrap_or_default().to_string();
    assert!(text.contains("Manage Server"), "{text}");
    // Within the burst of two, the second command is served; the third at once is refused
    // privately and politely, and nothing is done.
    let board = bot.ask(fake.slash("board").by(&mallory).build()).await;
    assert!(board.is_ephemeral(), "no game here: {}", board.summary());
    let limited = bot.ask(fake.slash("bot").by(&mallory).integer("level", 1).build()).await;
    assert!(limited.is_ephemeral(), "{}", limited.summary());
    let text = limited.content().unwrap_or_default().to_string();
    assert!(text.starts_with("You are going a little fast for me: please wait"), "{text}");
    assert!(text.ends_with("Nothing was done."), "{text}");
    assert!(limited.files.is_empty(), "no game was started");
    // A manager's change is taken.
    let manager = FakeUser::new("manager");
    let permissions = support::fake_discord::permissions::MEMBER | support::fake_discord::permissions::MANAGE_GUILD;
    let change = fake.slash("settings").by(&manager).member_permissions(permissions).integer("theme", theme).build();
    let saved = bot.ask(change).await;
    let text = format!("{} {}", saved.content().unwrap_or_default(), embed_text(&saved));
    assert!(!text.contains("Manage Server"), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_exports_their_data_and_deletes_it_with_the_confirm_button_through_discord() {
    let bot = start("privacy", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let privacy = fake.command("privacy").expect("/privacy registered");
    assert_eq!(privacy["name_localizations"]["de"], "datenschutz");
    let alice = FakeUser::new("alice");
    let bob = FakeUser::new("bob");
    let black = choice(fake, "challenge", "color", "black");
    let challenge = fake.slash("challenge").by(&alice).user("opponent", &bob).integer("color", black).build();
    let offer = bot.ask(challenge).await;
    let accept_id = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    bot.ask(fake.button(&accept_id).by(&bob).on_message(&offer.message.clone().unwrap()).build()).await;
    for (player, square) in [(&alice, "f5"), (&bob, "d6"), (&alice, "c3"), (&bob, "d3")] {
        bot.ask(fake.slash("move").by(player).string("square", square).build()).await;
    }
    let question = bot.ask(fake.slash("resign").by(&alice).build()).await;
    let confirm = question.custom_ids().into_iter().next().expect("the confirming button");
    let ended = bot.ask(fake.button(&confirm).by(&alice).on_message(&question.message.clone().unwrap()).build()).await;
    assert!(!ended.is_ephemeral(), "{}", ended.summary());

    // The export: a private answer with a JSON file that names Alice and her game with Bob.
    let export = choice(fake, "privacy", "action", "export");
    let reply = bot.ask(fake.slash("privacy").by(&alice).integer("action", export).build()).await;
    assert!(reply.is_ephemeral(), "{}", reply.summary());
    let name = format!("reversi-data-{}.json", alice.id);
    let file = reply.file(&name).unwrap_or_else(|| panic!("no {name} in {}", reply.summary()));
    let json: serde_json::Value = serde_json::from_slice(&file.bytes).expect("the export parses");
    assert_eq!(json["player"]["id"], alice.id.to_string());
    assert_eq!(json["player"]["name"], "alice");
    let games = json["games"].as_array().expect("a list of games");
    assert_eq!(games.len(), 1, "{json:#}");
    assert_eq!((games[0]["id"].as_i64(), games[0]["opponent"].as_str()), (Some(1), Some("bob")));
    assert_eq!(games[0]["transcript"], "f5d6c3d3");
    assert_eq!(
        (games[0]["result"]["reason"].as_str(), games[0]["result"]["yours"].as_str()),
        (Some("resignation"), Some("loss"))
    );

    // The deletion: a private question; Bob cannot confirm it, Alice can.
    let delete = choice(fake, "privacy", "action", "delete");
    let question = bot.ask(fake.slash("privacy").by(&alice).integer("action", delete).build()).await;
    assert!(question.is_ephemeral(), "{}", question.summary());
    assert!(question.content().is_some_and(|c| c.contains("Deleted player")), "{}", question.summary());
    let confirm = question.custom_ids().into_iter().find(|id| id.contains(":pdy:")).expect("a Confirm button");
    assert!(question.custom_ids().iter().any(|id| id.contains(":pdn:")), "a Cancel button");
    let message = question.message.clone().expect("the question");
    let refused = bot.ask(fake.button(&confirm).by(&bob).on_message(&message).build()).await;
    assert!(refused.is_ephemeral(), "{}", refused.summary());
    assert!(refused.content().is_some_and(|c| c.contains("someone else")), "{}", refused.summary());
    let done = bot.ask(fake.button(&confirm).by(&alice).on_message(&message).build()).await;
    assert!(done.is_ephemeral(), "{}", done.summary());
    assert!(done.content().is_some_and(|c| c.starts_with("Your data is deleted.")), "{}", done.summary());
    let history = bot.ask(fake.slash("history").by(&bob).build()).await;
    let text = format!("{}\n{}", history.content().unwrap_or_default(), embed_text(&history));
    assert!(text.contains("Deleted player") && !text.contains("alice"), "{text}");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_removing_the_bot_is_noted_for_its_grace_period_but_an_outage_is_not() {
    use reversi_bot::store::queries::*;
    use reversi_bot::store::{GuildId, Store};
    let bot = start("guild-delete", 0.1, 1200).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let guild = fake.ids().guild_id;
    let store = Store::open(&format!("sqlite://{}", bot.dir.join("bot.db").display())).await.expect("the bot's db");
    let other = support::fake_discord::snowflake();
    // An outage (`unavailable`) of one server, the removal of another.
    fake.send_dispatch("GUILD_DELETE", serde_json::json!({ "id": guild.to_string(), "unavailable": true })).await;
    fake.send_dispatch("GUILD_DELETE", serde_json::json!({ "id": other.to_string() })).await;
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while store.guild_left_at(GuildId(other)).await.unwrap().is_none() {
        assert!(std::time::Instant::now() < deadline, "the removal was never noted");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(store.guild_left_at(GuildId(guild)).await.unwrap(), None, "an outage removes nothing");
    store.close().await;
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_of_the_organiser_role_named_in_settings_creates_a_tournament_through_discord() {
    const MANAGE_SERVER: u64 = 1 << 5;
    let bot = bot::start("organiser-role", Setup::default()).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let (admin, carol) = (FakeUser::new("admin"), FakeUser::new("carol"));
    let organisers = 4_242_424_242;
    let create = || fake.slash("tournament").by(&carol).string("name", "Club Cup");
    let refused = bot.ask(create().build()).await;
    assert!(
        refused.is_ephemeral() && refused.content().unwrap_or_default().contains("organiser role"),
        "{}",
        refused.summary()
    );
    let settings = fake.slash("settings").by(&admin).member_permissions(MANAGE_SERVER).role(
        "organiser_role",
        organisers,
        "Organisers",
    );
    let saved = bot.ask(settings.build()).await;
    assert!(embed_text(&saved).contains(&format!("Members of <@&{organisers}>")), "{}", embed_text(&saved));
    let card = bot.ask(create().member_roles(&[organisers]).build()).await;
    assert!(!card.is_ephemeral() && embed_text(&card).contains("Club Cup"), "{}", card.summary());
    bot.stop().await;
}

#[tokio::test]
async fn a_tournament_is_signed_up_on_its_card_played_in_a_thread_and_its_champion_announced() {
    const MANAGE_SERVER: u64 = 1 << 5;
    let bot = bot::start("tournament", Setup { sweep_seconds: 1, ..Setup::default() }).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let hall = fake.ids().channel_id;
    let (alice, bob) = (FakeUser::new("alice"), FakeUser::new("bob"));
    // Only an organiser announces one; the card counts who joins, updated in place.
    let format = choice(fake, "tournament", "format", "round robin");
    let create = |by: &FakeUser, permissions: u64| {
        fake.slash("tournament")
            .by(by)
            .member_permissions(permissions)
            .string("name", "Autumn Cup")
            .integer("format", format)
            .build()
    };
    let refused = bot.ask(create(&bob, 0)).await;
    assert!(refused.is_ephemeral(), "{}", refused.summary());
    let card = bot.ask(create(&alice, MANAGE_SERVER)).await;
    assert!(embed_text(&card).contains("Autumn Cup"), "{}", embed_text(&card));
    let message = card.message.clone().expect("the card is a message");
    let join = card.custom_ids().into_iter().find(|id| id.contains(":tj:")).expect("a Join button");
    let start = card.custom_ids().into_iter().find(|id| id.contains(":ts:")).expect("a Start button");
    for (n, who) in [&alice, &bob].into_iter().enumerate() {
        let click = fake.button(&join).by(who).on_message(&message).build();
        fake.send_interaction(&click).await;
        let updated = fake.wait_for_reply(&click).await;
        assert_eq!(updated.callback_type(), Some(callback::UPDATE_MESSAGE), "{}", updated.summary());
        assert!(embed_text(&updated).contains(&format!("Players ({} of 16)", n + 1)), "{}", embed_text(&updated));
    }
    // The start posts the round and opens its game in a public thread with both players called.
    let click = fake.button(&start).by(&alice).on_message(&message).build();
    fake.send_interaction(&click).await;
    let round = fake.wait_for_reply(&click).await;
    assert!(embed_text(&round).contains("Autumn Cup: round 1 of 1"), "{}", embed_text(&round));
    let made = fake.wait_for(|r| r.is("POST", &format!("/channels/{hall}/threads")), Duration::from_secs(10)).await;
    assert_eq!(made.body()["type"], 11, "a public thread");
    let thread = fake.threads().pop().expect("a thread");
    let thread_id: u64 = thread["id"].as_str().unwrap().parse().unwrap();
    assert!(thread["name"].as_str().unwrap().starts_with("Autumn Cup · round 1, board 1: "), "{thread}");
    let first = fake.wait_for_channel_message(thread_id).await;
    let intro = first.content().unwrap_or_default().to_string();
    let (alice_at, bob_at) = (intro.find(&format!("<@{}>", alice.id)), intro.find(&format!("<@{}>", bob.id)));
    let (Some(alice_at), Some(bob_at)) = (alice_at, bob_at) else { panic!("both called: {intro}") };
    let [black, white] = if alice_at < bob_at { [&alice, &bob] } else { [&bob, &alice] };
    // The game is an ordinary game in its thread: played to its end by /move there.
    let mut game = Game::new(Rules::default());
    while let Some(color) = game.to_move() {
        let mover = if color == Color::Black { black } else { white };
        let mv = game.legal_choices()[0];
        let square = mv.to_string();
        let reply = bot.ask(fake.slash("move").by(mover).in_channel(thread_id).string("square", &square).build()).await;
        assert!(!reply.is_ephemeral(), "{square}: {}", reply.summary());
        game.play(mv).unwrap();
    }
    // The sweep sees the last round decided and announces the champion in the tournament's channel.
    let result = game.result().unwrap();
    let champion = match result.winner {
        Some(Color::Black) => Some(black),
        Some(Color::White) => Some(white),
        None => None,
    };
    let table = fake
        .wait_for(
            |r| r.is_channel_message_in(hall) && embed_text(r).contains("Autumn Cup: final standings"),
            Duration::from_secs(15),
        )
        .await;
    if let Some(champion) = champion {
        assert!(embed_text(&table).contains(&format!("🥇 Champion: <@{}>", champion.id)), "{}", embed_text(&table));
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_board_links_to_its_web_page_which_the_bot_serves_once_the_server_opts_in() {
    const MANAGE_SERVER: u64 = 1 << 5;
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let web: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let bot = bot::start("web-link", Setup { web_addr: Some(web), ..Setup::default() }).await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let (admin, alice, bob) = (FakeUser::new("admin"), FakeUser::new("alice"), FakeUser::new("bob"));
    let public = choice(fake, "settings", "web", "public");
    let saved = bot
        .ask(fake.slash("settings").by(&admin).member_permissions(MANAGE_SERVER).integer("web", public).build())
        .await;
    let shown = embed_text(&saved);
    assert!(shown.contains(&format!("public: http://{web}/s/")), "{shown}");
    let black = choice(fake, "challenge", "color", "black");
    let offer =
        bot.ask(fake.slash("challenge").by(&alice).user("opponent", &bob).integer("color", black).build()).await;
    let accept = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    bot.ask(fake.button(&accept).by(&bob).on_message(&offer.message.clone().unwrap()).build()).await;
    for (player, square) in [(&alice, "f5"), (&bob, "d6"), (&alice, "c3"), (&bob, "d3"), (&alice, "c4")] {
        bot.ask(fake.slash("move").by(player).string("square", square).build()).await;
    }
    let question = bot.ask(fake.slash("resign").by(&bob).build()).await;
    let confirm = question.custom_ids().into_iter().next().expect("the confirming button");
    let ended = bot.ask(fake.button(&confirm).by(&bob).on_message(&question.message.clone().unwrap()).build()).await;
    // A link button (style 5, a url and no custom id), held to Discord's contract like the rest.
    let buttons: Vec<serde_json::Value> = ended.body()["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .collect();
    let link = buttons.iter().find(|b| b["style"] == 5).unwrap_or_else(|| panic!("a link button in {buttons:?}"));
    assert_eq!(link["label"], "View on the web");
    assert!(link.get("custom_id").is_none_or(serde_json::Value::is_null));
    let url = link["url"].as_str().expect("a url");
    let path = url.strip_prefix(&format!("http://{web}")).unwrap_or_else(|| panic!("{url} on {web}"));
    assert!(path.starts_with("/g/") && path.len() == 3 + 32, "an unguessable key: {path}");
    // The page itself, from the bot's own web server.
    let client = reqwest::Client::new();
    let page = client.get(url).header("accept-language", "de").send().await.unwrap();
    assert_eq!(page.status(), 200);
    let body = page.text().await.unwrap();
    assert!(body.contains("alice gegen bob"), "{body}");
    assert!(body.contains("alice (Schwarz) gewinnt durch Aufgabe"), "the result in German: {body}");
    let ready = client.get(format!("http://{web}/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 200, "the gateway is connected and the database answers");
    bot.stop().await;
    assert!(client.get(format!("http://{web}/healthz")).send().await.is_err(), "the web server stops with the bot");
}
