//! End to end, outside a server's channels: the real serenity/poise client against the fake
//! Discord with interactions that carry no guild. Commands are registered with the ways the app
//! can be installed and the kinds of chat each is offered in; a game against the bot is played in
//! its DM, and a challenge in a group DM (where the bot is not a member and may only answer) is
//! played to the end by menu and `/move`.

mod support;

use std::time::Duration;

use reversi_bot::engine::{Color, Game, Rules};
use support::bot::{self, RunningBot, Setup};
use support::fake_discord::{FakeUser, snowflake};
use support::games::game_with_a_pass;
use support::replies::{choice, embed_text, menu_of};

async fn start(name: &str) -> RunningBot {
    bot::start(name, Setup { bot_move_seconds: 0.1, defer_after_ms: 1200, ..Setup::default() }).await
}

/// The numbers Discord gives a registered command's `field` (`integration_types`, `contexts`).
fn numbers(command: &serde_json::Value, field: &str) -> Vec<u64> {
    command[field].as_array().into_iter().flatten().filter_map(serde_json::Value::as_u64).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_offered_in_servers_dms_and_group_dms_where_each_makes_sense() {
    let bot = start("contexts").await;
    let fake = &bot.fake;
    let commands = fake.wait_for_commands().await;
    // Contexts: 0 a server, 1 the bot's DM, 2 group DMs and other DMs. Installs: 0 to a server,
    // 1 to a user (needed for group DMs).
    let expected: &[(&str, &[u64], &[u64])] = &[
        ("challenge", &[0, 2], &[0, 1]),
        ("bot", &[0, 1], &[0, 1]),
        ("move", &[0, 1, 2], &[0, 1]),
        ("board", &[0, 1, 2], &[0, 1]),
        ("resign", &[0, 1, 2], &[0, 1]),
        ("puzzle", &[0, 1], &[0, 1]),
        ("history", &[0, 1, 2], &[0, 1]),
        ("privacy", &[0, 1, 2], &[0, 1]),
        ("leaderboard", &[0], &[0]),
        ("settings", &[0], &[0]),
        ("tournament", &[0], &[0]),
    ];
    for (name, contexts, installs) in expected {
        let command = commands.iter().find(|c| c["name"] == *name).unwrap_or_else(|| panic!("/{name} registered"));
        assert_eq!(numbers(command, "contexts"), *contexts, "/{name}'s contexts");
        assert_eq!(numbers(command, "integration_types"), *installs, "/{name}'s installs");
    }
    for command in &commands {
        assert!(!numbers(command, "contexts").is_empty(), "every command names its contexts: {}", command["name"]);
    }
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_against_the_bot_in_its_dm_is_played_to_the_end_without_a_server() {
    let bot = start("dm").await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let erin = FakeUser::new("erin");
    let dm = snowflake();

    // Nobody else is in the bot's DM to challenge, and a server's table has no place here.
    let lonely = bot.ask(fake.slash("challenge").by(&erin).in_dm(dm).build()).await;
    assert!(lonely.is_ephemeral(), "{}", lonely.summary());
    assert!(lonely.content().is_some_and(|c| c.contains("in a group chat or DM with them")), "{}", lonely.summary());
    let table = bot.ask(fake.slash("leaderboard").by(&erin).in_dm(dm).build()).await;
    assert!(table.content().is_some_and(|c| c.contains("belongs to a server")), "{}", table.summary());

    let black = choice(fake, "bot", "color", "black");
    let mut reply =
        bot.ask(fake.slash("bot").by(&erin).in_dm(dm).integer("level", 1).integer("color", black).build()).await;
    assert!(!reply.is_ephemeral(), "{}", reply.summary());
    let mut moves = 0;
    for turn in 0..64 {
        let Some(row) = reply.components().first() else { break };
        if !row.to_string().contains("\"type\":3") {
            break;
        }
        let (menu, values) = menu_of(&reply);
        // By the menu and by /move in turn, as a player would.
        reply = if turn % 2 == 0 {
            let message = reply.message.clone().expect("the board message");
            let pick = fake.select(&menu, &[&values[0]]).by(&erin).in_dm(dm).on_message(&message).build();
            fake.send_interaction(&pick).await;
            fake.wait_for_reply(&pick).await
        } else {
            bot.ask(fake.slash("move").by(&erin).in_dm(dm).string("square", &values[0]).build()).await
        };
        assert!(!reply.is_ephemeral(), "{}", reply.summary());
        moves += 1;
    }
    let text = embed_text(&reply);
    assert!(moves > 10 && (text.contains("wins") || text.contains("Draw")), "the game ended: {text}");

    // The game is in erin's history, though no server holds it.
    let history = bot.ask(fake.slash("history").by(&erin).in_dm(dm).build()).await;
    assert!(embed_text(&history).contains("reversi") || history.content().is_some_and(|c| c.contains("reversi")));
    fake.assert_no_unexpected_requests();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_in_a_group_dm_is_played_to_the_end_by_menu_and_move_without_posting_in_it() {
    let bot = start("group").await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let (alice, bob, carol, dave) =
        (FakeUser::new("alice"), FakeUser::new("bob"), FakeUser::new("carol"), FakeUser::new("dave"));
    let chat = snowflake();
    let members = [&alice, &bob, &carol];

    // Someone outside the chat cannot be challenged from it, and the bot's own games are elsewhere.
    let outside =
        bot.ask(fake.slash("challenge").by(&alice).in_group_dm(chat, &members).user("opponent", &dave).build()).await;
    assert!(outside.is_ephemeral(), "{}", outside.summary());
    assert_eq!(outside.content(), Some("dave is not in this chat: challenge someone who is."));
    let no_bot = bot.ask(fake.slash("bot").by(&alice).in_group_dm(chat, &members).build()).await;
    assert!(no_bot.content().is_some_and(|c| c.contains("in your DM with me")), "{}", no_bot.summary());

    let black = choice(fake, "challenge", "color", "black");
    let offer = bot
        .ask(
            fake.slash("challenge")
                .by(&alice)
                .in_group_dm(chat, &members)
                .user("opponent", &bob)
                .integer("color", black)
                .boolean("rated", true)
                .build(),
        )
        .await;
    assert!(!offer.is_ephemeral(), "{}", offer.summary());
    let accept = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    let click =
        fake.button(&accept).by(&bob).in_group_dm(chat, &members).on_message(&offer.message.clone().unwrap()).build();
    fake.send_interaction(&click).await;
    let mut board = fake.wait_for_reply(&click).await;
    let text = embed_text(&board);
    assert!(text.contains("A casual game begins"), "a game outside a server is friendly: {text}");
    assert!(text.contains("typed moves do not work here"), "said once, at the start: {text}");

    // A slip taken back by buttons: Alice plays, asks, Bob accepts, and the board is back at the
    // start (Alice cannot accept her own request).
    let first = game_with_a_pass()[0].1.to_string();
    let slip =
        bot.ask(fake.slash("move").by(&alice).in_group_dm(chat, &members).string("square", &first).build()).await;
    let take = slip.custom_ids().into_iter().find(|id| id.contains(":tb:")).expect("a Take back button");
    let press =
        fake.button(&take).by(&alice).in_group_dm(chat, &members).on_message(&slip.message.clone().unwrap()).build();
    fake.send_interaction(&press).await;
    let asked = fake.wait_for_reply(&press).await;
    assert!(asked.content().is_some_and(|c| c.contains(&format!("<@{}>", bob.id))), "{}", asked.summary());
    let accept = asked.custom_ids().into_iter().find(|id| id.contains(":tby:")).expect("an Accept button");
    let question = asked.message.clone().expect("the question");
    let own = bot.ask(fake.button(&accept).by(&alice).in_group_dm(chat, &members).on_message(&question).build()).await;
    assert_eq!(own.content(), Some("You asked for this takeback: bob answers it."));
    let yes = fake.button(&accept).by(&bob).in_group_dm(chat, &members).on_message(&question).build();
    fake.send_interaction(&yes).await;
    board = fake.wait_for_reply(&yes).await;
    assert!(
        embed_text(&board).contains(&format!("bob agreed: alice's {first} is taken back.")),
        "{}",
        embed_text(&board)
    );
    assert!(embed_text(&board).contains("alice (Black) to move"), "{}", embed_text(&board));

    let mut game = Game::new(Rules::default());
    for (i, (color, mv)) in game_with_a_pass().into_iter().enumerate() {
        let (player, other) = if color == Color::Black { (&alice, &bob) } else { (&bob, &alice) };
        if i == 0 {
            // The other player cannot move for them.
            let wrong =
                bot.ask(fake.slash("move").by(other).in_group_dm(chat, &members).string("square", "d3").build()).await;
            assert!(wrong.is_ephemeral(), "{}", wrong.summary());
        }
        board = if i % 2 == 0 {
            bot.ask(fake.slash("move").by(player).in_group_dm(chat, &members).string("square", &mv.to_string()).build())
                .await
        } else {
            let (menu, values) = menu_of(&board);
            assert!(values.contains(&mv.to_string()), "{mv} offered in {values:?}");
            let message = board.message.clone().expect("the board message");
            let pick = fake
                .select(&menu, &[&mv.to_string()])
                .by(player)
                .in_group_dm(chat, &members)
                .on_message(&message)
                .build();
            fake.send_interaction(&pick).await;
            fake.wait_for_reply(&pick).await
        };
        assert!(!board.is_ephemeral(), "{mv}: {}", board.summary());
        game.play(mv).unwrap();
    }
    assert!(game.is_over());
    let text = embed_text(&board);
    assert!(text.contains("wins") || text.contains("Draw"), "{text}");
    assert!(!text.contains("rating"), "no rating moved: {text}");
    // Nothing was ever posted into the chat itself: only answers to the players' interactions.
    fake.assert_no_request(|r| r.is_channel_message_in(chat), Duration::from_millis(300)).await;
    fake.assert_no_unexpected_requests();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_board_in_another_channel_follows_a_game_by_message_edits_to_its_final_position() {
    let bot = start("live").await;
    let fake = &bot.fake;
    fake.wait_for_commands().await;
    let (alice, bob, carol) = (FakeUser::new("alice"), FakeUser::new("bob"), FakeUser::new("carol"));
    let black = choice(fake, "challenge", "color", "black");
    let offer = bot
        .ask(
            fake.slash("challenge")
                .by(&alice)
                .user("opponent", &bob)
                .integer("color", black)
                .boolean("rated", false)
                .build(),
        )
        .await;
    let accept = offer.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    let click = fake.button(&accept).by(&bob).on_message(&offer.message.clone().unwrap()).build();
    fake.send_interaction(&click).await;
    let board = fake.wait_for_reply(&click).await;
    let text = board.embeds()[0]["footer"]["text"].as_str().unwrap_or_default().to_string();
    let id: i64 = text
        .split("Game #")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the game's number on its card: {text}"));

    // Carol follows it from another channel: a private answer there, and the live board posted.
    let elsewhere = snowflake();
    let asked = bot.ask(fake.slash("watch").by(&carol).in_channel(elsewhere).integer("game", id).build()).await;
    assert!(asked.is_ephemeral(), "{}", asked.summary());
    let posted = fake.wait_for_channel_message(elsewhere).await;
    assert!(posted.content().is_some_and(|c| c.starts_with(&format!("🔴 Live: game \\#{id}"))), "{}", posted.summary());
    assert!(posted.file("board.png").is_some_and(|png| png.is_png()));
    let message = posted.message.clone().expect("the live board");
    let message_id = message["id"].as_str().unwrap().to_string();
    let edit_route = format!("/channels/{elsewhere}/messages/{message_id}");

    // The game is played fast, faster than the edits may follow: they merge, and the last one
    // shows the end.
    let mut game = Game::new(Rules::default());
    for (color, mv) in game_with_a_pass() {
        let player = if color == Color::Black { &alice } else { &bob };
        bot.ask(fake.slash("move").by(player).string("square", &mv.to_string()).build()).await;
        game.play(mv).unwrap();
    }
    let last = fake
        .wait_for(
            |r| {
                r.is("PATCH", &edit_route)
                    && r.body()["content"]
                        .as_str()
                        .is_some_and(|c| c.starts_with(&format!("Game \\#{id}, alice vs bob, is over")))
            },
            Duration::from_secs(15),
        )
        .await;
    assert!(last.file("board.png").is_some_and(|png| png.is_png()), "a new picture: {}", last.summary());
    assert_eq!(last.body()["components"], serde_json::json!([]), "no button once over");
    let edits = fake.requests().iter().filter(|r| r.is("PATCH", &edit_route)).count();
    assert!(edits >= 1 && edits < game.move_count(), "{edits} edits for {} moves: merged", game.move_count());
    fake.assert_no_unexpected_requests();
    bot.stop().await;
}
