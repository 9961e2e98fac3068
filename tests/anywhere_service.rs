//! Scenario tests, through `Service::handle` with an injected clock, of playing anywhere:
//! takebacks in friendly games (asked, accepted, declined, refused, granted by the bot, clicked
//! twice at once), and games outside a server (friendly, without deadline, refused where a
//! command is not offered).

#[path = "support/games.rs"]
mod games;
#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;

use std::time::Duration;

use reversi_bot::ai::{AiConfig, Level};
use reversi_bot::engine::Rules;
use reversi_bot::service::{
    Chat, Command, Invocation, Locale, PrivacyAction, Response, Service, ServiceOptions, SettingsChange, User,
    UserError, components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{ChannelId, ColorChoice, GameId, MessageId, Store, TakebackStatus, Timestamp, UserId};

use games::game_with_a_pass;
use players::*;
use reversi_bot::service::Reply;
use scratch::{sqlite_url, test_dir};

/// What a player reads in a reply nobody asked for.
fn shown_reply(reply: &Reply) -> String {
    reply.plain_text()
}

async fn service() -> Service {
    service_on("sqlite::memory:").await
}

async fn service_on(url: &str) -> Service {
    let store = Store::open(url).await.expect("a store");
    let options = ServiceOptions {
        ai: AiConfig { budget: Duration::from_millis(100), ..AiConfig::default() },
        ..ServiceOptions::default()
    };
    Service::new(store, bot_user(), options)
}

fn at(user: &User, millis: i64) -> Invocation {
    asking(user, CHANNEL, millis, Locale::English)
}

/// The command behind the first button or menu whose id contains `kind` (`:tb:`, `:tby:`).
fn click(response: &Response, kind: &str) -> Command {
    let id = response.reply.custom_ids().into_iter().find(|id| id.contains(kind));
    let id = id.unwrap_or_else(|| panic!("no {kind} in {:?}", response.reply.custom_ids()));
    components::parse(id, &["?".to_string()]).expect("our own id")
}

/// Alice (black) challenges Bob to a game, `rated` or not, and Bob accepts.
async fn start(service: &Service, rated: bool, inv: impl Fn(&User, i64) -> Invocation) -> Response {
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&inv(&alice(), 0), challenge).await);
    ok(service.handle(&inv(&bob(), 1), click(&offer, ":acc:")).await)
}

async fn transcript(service: &Service, channel: ChannelId) -> String {
    service.store().live_game_in(channel).await.unwrap().expect("a live game").moves
}

#[tokio::test]
async fn a_takeback_accepted_by_the_opponent_puts_the_move_back_and_keeps_it_in_the_history() {
    let service = service().await;
    let board = start(&service, false, at).await;
    assert!(board.reply.custom_ids().iter().all(|id| !id.contains(":tb:")), "nothing to take back before a move");
    ok(service.handle(&at(&alice(), 2), Command::Move("d3".into())).await);
    let after_bob = ok(service.handle(&at(&bob(), 3), Command::Move("c5".into())).await);
    let after_alice = ok(service.handle(&at(&alice(), 4), Command::Move("e6".into())).await);

    // Alice slipped: she asks by the button under the board; Bob is asked, by mention.
    let asked = ok(service.handle(&at(&alice(), 5), click(&after_alice, ":tb:")).await);
    assert_eq!(content(&asked), "Alice asks to take back e6. <@2>, do you agree?");
    assert!(!asked.reply.ephemeral);
    // A second click shows the same request; Alice cannot answer it herself.
    let again = ok(service.handle(&at(&alice(), 6), Command::TakeBack).await);
    assert_eq!(again.reply.custom_ids(), asked.reply.custom_ids());
    assert_eq!(
        refusal(service.handle(&at(&alice(), 7), click(&asked, ":tby:")).await),
        UserError::OwnTakeback("Bob".into())
    );
    assert_eq!(refusal(service.handle(&at(&carol(), 7), click(&asked, ":tby:")).await), UserError::NotAPlayer);

    let granted = ok(service.handle(&at(&bob(), 8), click(&asked, ":tby:")).await);
    assert!(shown(&granted).contains("Bob agreed: Alice's e6 is taken back."), "{}", shown(&granted));
    assert!(shown(&granted).contains("Alice (Black) to move"), "{}", shown(&granted));
    assert_eq!(transcript(&service, CHANNEL).await, "d3c5");
    // Answered once: the second click is told so, and nothing more is taken back.
    assert_eq!(refusal(service.handle(&at(&bob(), 9), click(&asked, ":tby:")).await), UserError::TakebackAnswered);
    assert_eq!(transcript(&service, CHANNEL).await, "d3c5");
    // The old board's button is stale now; the game goes on from d3 c5.
    assert_eq!(refusal(service.handle(&at(&alice(), 10), click(&after_bob, ":tb:")).await), UserError::Stale);
    ok(service.handle(&at(&alice(), 11), Command::Move("f6".into())).await);

    let record = service.store().live_game_in(CHANNEL).await.unwrap().unwrap();
    let history = service.store().takebacks_of(record.id).await.unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!((history[0].moves.as_str(), history[0].status), ("e6", TakebackStatus::Accepted));
    assert_eq!((history[0].asked_by, history[0].answered_by), (UserId(1), Some(UserId(2))));
    assert_eq!(record.moves, "d3c5f6", "the transcript holds only the moves that stand");
}

#[tokio::test]
async fn a_takeback_declined_leaves_the_move_and_one_asked_too_late_lapses() {
    let service = service().await;
    start(&service, false, at).await;
    ok(service.handle(&at(&alice(), 2), Command::Move("d3".into())).await);
    let asked = ok(service.handle(&at(&alice(), 3), Command::TakeBack).await);
    let declined = ok(service.handle(&at(&bob(), 4), click(&asked, ":tbn:")).await);
    assert_eq!(shown(&declined), "Bob declined: Alice's d3 stands.");
    assert_eq!(transcript(&service, CHANNEL).await, "d3");

    // Bob replies; Alice's next request comes after his move, and one asked before it lapses.
    ok(service.handle(&at(&bob(), 5), Command::Move("c5".into())).await);
    assert_eq!(
        refusal(service.handle(&at(&alice(), 6), Command::TakeBack).await),
        UserError::TakebackAfterReply("Bob".into())
    );
    let asked = ok(service.handle(&at(&bob(), 7), Command::TakeBack).await);
    ok(service.handle(&at(&alice(), 9), Command::Move("e6".into())).await);
    assert_eq!(refusal(service.handle(&at(&alice(), 10), click(&asked, ":tby:")).await), UserError::TakebackLapsed);
    assert_eq!(transcript(&service, CHANNEL).await, "d3c5e6");
}

#[tokio::test]
async fn a_rated_game_has_no_takebacks_and_a_player_without_a_move_has_none_to_take() {
    let service = service().await;
    let board = start(&service, true, at).await;
    assert_eq!(refusal(service.handle(&at(&alice(), 2), Command::TakeBack).await), UserError::TakebackRated);
    ok(service.handle(&at(&alice(), 3), Command::Move("d3".into())).await);
    let after = ok(service.handle(&at(&bob(), 4), Command::Board).await);
    assert!(after.reply.custom_ids().iter().all(|id| !id.contains(":tb:")), "no Take back under a rated board");
    assert!(board.reply.custom_ids().iter().all(|id| !id.contains(":tb:")));

    let friendly = ChannelId(11);
    let inv = |user: &User, millis| asking(user, friendly, millis, Locale::English);
    start(&service, false, inv).await;
    assert_eq!(refusal(service.handle(&inv(&alice(), 2), Command::TakeBack).await), UserError::NothingToTakeBack);
    ok(service.handle(&inv(&alice(), 3), Command::Move("d3".into())).await);
    // Bob has made no move of his own: there is nothing of his to take back (not "too late").
    assert_eq!(refusal(service.handle(&inv(&bob(), 4), Command::TakeBack).await), UserError::NothingToTakeBack);
    assert_eq!(refusal(service.handle(&inv(&carol(), 2), Command::TakeBack).await), UserError::NotAPlayer);
}

#[tokio::test]
async fn both_players_clicking_at_once_apply_a_takeback_once() {
    for round in 0..10 {
        let service = service().await;
        start(&service, false, at).await;
        ok(service.handle(&at(&alice(), 2), Command::Move("d3".into())).await);
        ok(service.handle(&at(&bob(), 3), Command::Move("c5".into())).await);
        let asked = ok(service.handle(&at(&bob(), 4), Command::TakeBack).await);
        let accept = click(&asked, ":tby:");
        let answering = at(&alice(), 5);
        let (first, second) =
            tokio::join!(service.handle(&answering, accept.clone()), service.handle(&answering, accept.clone()));
        let applied = [&first, &second].iter().filter(|r| r.is_ok()).count();
        assert_eq!(applied, 1, "round {round}: {first:?} / {second:?}");
        assert_eq!(transcript(&service, CHANNEL).await, "d3", "round {round}");
    }
}

#[tokio::test]
async fn the_bot_grants_a_takeback_at_once_up_to_level_3_and_at_4_and_5_as_the_server_says() {
    let service = service().await;
    let play = |level| Command::PlayBot {
        level: Some(Level::new(level).unwrap()),
        color: ColorChoice::Black,
        rules: Rules::default(),
    };
    ok(service.handle(&at(&alice(), 0), play(2)).await);
    ok(service.handle(&at(&alice(), 1), Command::Move("d3".into())).await);
    let before = transcript(&service, CHANNEL).await;
    assert_eq!(before.len(), 4, "Alice's move and the bot's reply: {before}");
    let granted = ok(service.handle(&at(&alice(), 2), Command::TakeBack).await);
    let text = shown(&granted);
    assert!(text.contains(&format!("I let Alice take back d3 {}.", &before[2..])), "{text}");
    assert_eq!(transcript(&service, CHANNEL).await, "");
    ok(service.handle(&at(&alice(), 3), Command::Resign).await);
    let confirm = service.store().live_game_in(CHANNEL).await.unwrap().map(|g| (g.id, g.version)).unwrap();
    ok(service.handle(&at(&alice(), 4), Command::ConfirmResign { game: confirm.0, version: confirm.1 }).await);

    // Level 5: not on this server, until a manager says so.
    ok(service.handle(&at(&alice(), 10), play(5)).await);
    ok(service.handle(&at(&alice(), 11), Command::Move("d3".into())).await);
    assert_eq!(refusal(service.handle(&at(&alice(), 12), Command::TakeBack).await), UserError::BotRefusesTakeback(5));
    let manager = Invocation { can_manage_guild: true, ..at(&bob(), 13) };
    let settings = ok(service
        .handle(&manager, Command::Settings(SettingsChange { bot_takebacks: Some(true), ..SettingsChange::default() }))
        .await);
    assert!(shown(&settings).contains("Takebacks from the bot: Every level"), "{}", shown(&settings));
    ok(service.handle(&at(&alice(), 14), Command::TakeBack).await);
    assert_eq!(transcript(&service, CHANNEL).await, "");
}

#[tokio::test]
async fn a_game_in_a_group_dm_is_friendly_has_no_deadline_and_only_challenges_members() {
    let service = service().await;
    let chat = Chat::Private { members: Some(vec![UserId(2)]) };
    let inv = |user: &User, millis| Invocation { guild: None, chat: chat.clone(), ..at(user, millis) };
    let carol_challenged = Command::Challenge {
        opponent: Some(carol()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    assert_eq!(
        refusal(service.handle(&inv(&alice(), 0), carol_challenged).await),
        UserError::NotInChat("Carol".into())
    );
    let bot = Command::PlayBot { level: None, color: ColorChoice::Black, rules: Rules::default() };
    assert_eq!(refusal(service.handle(&inv(&alice(), 0), bot).await), UserError::NotOfferedHere("bot"));

    let board = start(&service, true, inv).await;
    let text = shown(&board);
    assert!(text.contains("A casual game begins"), "{text}");
    assert!(text.contains("typed moves do not work here"), "{text}");
    let record = service.store().live_game_in(CHANNEL).await.unwrap().unwrap();
    assert!(!record.rated && record.deadline.is_none(), "{record:?}");
    // Friendly, so a slip can be taken back there too.
    ok(service.handle(&inv(&alice(), 2), Command::Move("d3".into())).await);
    let asked = ok(service.handle(&inv(&alice(), 3), Command::TakeBack).await);
    ok(service.handle(&inv(&bob(), 4), click(&asked, ":tby:")).await);
    assert_eq!(transcript(&service, CHANNEL).await, "");

    // A server the bot is not in answers nothing but where to play.
    let elsewhere = Invocation { chat: Chat::ServerWithoutBot, ..at(&carol(), 5) };
    assert_eq!(refusal(service.handle(&elsewhere, Command::Help).await), UserError::BotNotInServer);
}

/// Alice (black) and Bob start a friendly game in `channel`, `private` or not.
async fn game_in(service: &Service, channel: ChannelId, private: bool, millis: i64) -> GameId {
    let inv = |user: &User, at| asking(user, channel, millis + at, Locale::English);
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: false,
        private,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&inv(&alice(), 0), challenge).await);
    ok(service.handle(&inv(&bob(), 1), click(&offer, ":acc:")).await);
    service.store().live_game_in(channel).await.unwrap().expect("a live game").id
}

#[tokio::test]
async fn games_lists_the_servers_live_games_newest_first_page_by_page_and_those_finished_today() {
    let service = service().await;
    let mut ids = Vec::new();
    for n in 0..10 {
        ids.push(game_in(&service, ChannelId(100 + n), false, 10 * n as i64).await);
    }
    let hidden = game_in(&service, ChannelId(200), true, 200).await;
    ok(service.handle(&asking(&alice(), ChannelId(100), 300, Locale::English), Command::Move("d3".into())).await);

    let first = ok(service.handle(&at(&carol(), 400), Command::Games(0)).await);
    let text = shown(&first);
    assert!(text.contains("Playing now: 10"), "the private game is not counted elsewhere: {text}");
    let newest = format!("#{} Alice vs Bob · Othello, 8×8 · move 1 · Alice to move · friendly · #110", ids[9].0);
    assert!(text.contains(&newest) || text.contains(&format!("#{} Alice vs Bob", ids[9].0)), "{text}");
    assert!(text.find(&format!("#{} ", ids[9].0)) < text.find(&format!("#{} ", ids[2].0)), "newest first: {text}");
    assert!(!text.contains(&format!("#{} ", ids[1].0)), "eight a page: {text}");
    assert!(!text.contains(&format!("#{} ", hidden.0)), "{text}");
    assert!(text.contains("Page 1 of 2"), "{text}");
    let second = ok(service.handle(&at(&carol(), 401), click(&first, ":gl:")).await);
    assert!(second.reply.replaces, "a page takes the place of the page clicked");
    let text = shown(&second);
    assert!(text.contains(&format!("#{} ", ids[1].0)) && text.contains(&format!("#{} ", ids[0].0)), "{text}");
    assert!(text.contains("move 2 · Bob to move"), "the game with a move: {text}");
    assert!(text.contains("Page 2 of 2"), "{text}");

    // In its own channel the private game is listed; a game resigned shows under today's.
    let here = ok(service.handle(&asking(&carol(), ChannelId(200), 402, Locale::English), Command::Games(0)).await);
    assert!(shown(&here).contains(&format!("#{} ", hidden.0)), "{}", shown(&here));
    // Two moves each, then Bob resigns: a finished game (one resigned sooner is only aborted).
    let in_first = |user: &User, millis| asking(user, ChannelId(100), millis, Locale::English);
    ok(service.handle(&in_first(&bob(), 403), Command::Move("c5".into())).await);
    ok(service.handle(&in_first(&alice(), 404), Command::Move("e6".into())).await);
    let mut game = reversi_bot::engine::Game::from_transcript(Rules::default(), "d3c5e6").unwrap();
    let reply = game.legal_choices()[0];
    game.play(reply).unwrap();
    ok(service.handle(&in_first(&bob(), 405), Command::Move(reply.to_string())).await);
    let ask = ok(service.handle(&in_first(&bob(), 500), Command::Resign).await);
    ok(service.handle(&in_first(&bob(), 501), components::parse(ask.reply.custom_ids()[0], &[]).unwrap()).await);
    let text = shown(&ok(service.handle(&at(&carol(), 502), Command::Games(0)).await));
    assert!(text.contains("Playing now: 9") && text.contains("Finished today"), "{text}");
    let [black, white] = game.counts();
    assert!(text.contains(&format!("#{} Alice {black}–{white} Bob", ids[0].0)), "{text}");
    let german = ok(service.handle(&asking(&carol(), CHANNEL, 503, Locale::German), Command::Games(0)).await);
    assert!(shown(&german).contains("Laufende Partien: 9"), "{}", shown(&german));
}

#[tokio::test]
async fn a_live_board_follows_a_whole_game_merging_fast_moves_through_a_restart_to_the_final_position() {
    let dir = test_dir("live-board");
    let url = sqlite_url(&dir, "live.db");
    let service = service_on(&url).await;
    let played_in = ChannelId(20);
    let game = game_in(&service, played_in, false, 0).await;
    let watching = ChannelId(30);
    let carol_at = |millis| asking(&carol(), watching, millis, Locale::English);
    let asked = ok(service.handle(&carol_at(10), Command::Watch(game)).await);
    assert!(asked.reply.ephemeral, "{}", shown(&asked));
    assert_eq!(asked.announcements.len(), 1);
    let post = &asked.announcements[0];
    assert_eq!((post.channel, post.edit), (watching, None));
    assert!(shown_reply(&post.reply).starts_with(&format!("🔴 Live: game #{}, Alice vs Bob", game.0)));
    assert_eq!(post.reply.files[0].name, "board.png");
    assert!(
        post.reply.custom_ids().iter().all(|id| id.contains(":wx:")),
        "only Stop watching: {:?}",
        post.reply.custom_ids()
    );
    service.posted(post.then.unwrap(), Some(MessageId(777)), Timestamp(T0 + 11)).await.unwrap();
    assert!(service.sweep_live_boards(Timestamp(T0 + 12)).await.unwrap().is_empty(), "it shows the game as it is");

    let moves = game_with_a_pass();
    let play = |service: &Service, i: usize, millis: i64| {
        let (color, mv) = moves[i];
        let player = if color == reversi_bot::engine::Color::Black { alice() } else { bob() };
        let inv = asking(&player, played_in, millis, Locale::English);
        let service = service.clone();
        async move { ok(service.handle(&inv, Command::Move(mv.to_string())).await) }
    };
    play(&service, 0, 1_000).await;
    let edits = service.sweep_live_boards(Timestamp(T0 + 1_000)).await.unwrap();
    assert_eq!(edits.len(), 1);
    assert_eq!((edits[0].channel, edits[0].edit), (watching, Some(MessageId(777))));
    assert!(shown_reply(&edits[0].reply).contains("Alice played"), "{}", shown_reply(&edits[0].reply));
    service.posted(edits[0].then.unwrap(), Some(MessageId(777)), Timestamp(T0 + 1_001)).await.unwrap();

    // Three moves within the edit gap: nothing until the gap passed, then one edit with all three.
    for i in 1..4 {
        play(&service, i, 1_100 + i as i64).await;
    }
    assert!(service.sweep_live_boards(Timestamp(T0 + 2_000)).await.unwrap().is_empty(), "within the gap");
    let (a, b) = tokio::join!(
        service.sweep_live_boards(Timestamp(T0 + 3_001)),
        service.sweep_live_boards(Timestamp(T0 + 3_001))
    );
    let merged: Vec<_> = a.unwrap().into_iter().chain(b.unwrap()).collect();
    assert_eq!(merged.len(), 1, "one edit, by one of two sweeps at once");
    let mut shown_game = reversi_bot::engine::Game::new(Rules::default());
    for (_, mv) in &moves[..4] {
        shown_game.play(*mv).unwrap();
    }
    assert_eq!(merged[0].reply.board.as_ref().unwrap().board, *shown_game.board(), "the latest position");
    service.posted(merged[0].then.unwrap(), Some(MessageId(777)), Timestamp(T0 + 3_002)).await.unwrap();

    // A restart: a new process on the same database goes on editing the same message.
    drop(service);
    let service = service_on(&url).await;
    // The rest of the game, swept now and then: the last edit is the final position, unlabelled live.
    let mut last = None;
    for i in 4..moves.len() {
        let now = 4_000 + 1_000 * i as i64;
        play(&service, i, now).await;
        for edit in service.sweep_live_boards(Timestamp(T0 + now + 500)).await.unwrap() {
            service.posted(edit.then.unwrap(), Some(MessageId(777)), Timestamp(T0 + now + 501)).await.unwrap();
            last = Some(edit);
        }
    }
    // The last move came within the gap of an edit: the next sweep after it shows it.
    let end = 4_000 + 1_000 * moves.len() as i64 + 3_000;
    for edit in service.sweep_live_boards(Timestamp(T0 + end)).await.unwrap() {
        service.posted(edit.then.unwrap(), Some(MessageId(777)), Timestamp(T0 + end + 1)).await.unwrap();
        last = Some(edit);
    }
    let last = last.expect("edits through the game");
    let text = shown_reply(&last.reply);
    assert!(text.starts_with(&format!("Game #{}, Alice vs Bob, is over: the final position.", game.0)), "{text}");
    assert!(last.reply.rows.is_empty(), "no button once over");
    assert!(service.sweep_live_boards(Timestamp(T0 + 999_000)).await.unwrap().is_empty(), "followed no more");
}

#[tokio::test]
async fn watching_is_refused_for_games_unknown_private_over_or_here_and_stopped_only_by_its_asker() {
    let service = service().await;
    let open = game_in(&service, ChannelId(20), false, 0).await;
    let private = game_in(&service, ChannelId(21), true, 10).await;
    let carol_at = |millis| asking(&carol(), ChannelId(30), millis, Locale::English);
    let refused = |command, millis| {
        let service = &service;
        async move { refusal(service.handle(&carol_at(millis), command).await) }
    };
    assert_eq!(refused(Command::Watch(GameId(999)), 20).await, UserError::NoSuchGame(GameId(999)));
    assert_eq!(refused(Command::Watch(private), 21).await, UserError::GamePrivate(private));
    let here = asking(&carol(), ChannelId(20), 22, Locale::English);
    assert_eq!(refusal(service.handle(&here, Command::Watch(open)).await), UserError::WatchInItsChannel(open));
    let other_server = Invocation { guild: Some(reversi_bot::store::GuildId(5)), ..carol_at(23) };
    assert_eq!(refusal(service.handle(&other_server, Command::Watch(open)).await), UserError::NoSuchGame(open));
    let asked = ok(service.handle(&carol_at(24), Command::Watch(open)).await);
    assert_eq!(refused(Command::Watch(open), 25).await, UserError::WatchAlready(open));
    let stop = click(&Response { reply: asked.announcements[0].reply.clone(), ..Response::default() }, ":wx:");
    let alice_at = asking(&alice(), ChannelId(30), 26, Locale::English);
    assert_eq!(refusal(service.handle(&alice_at, stop.clone()).await), UserError::NotYourLiveBoard("Carol".into()));
    let stopped = ok(service.handle(&carol_at(27), stop.clone()).await);
    assert!(stopped.reply.replaces && stopped.reply.rows.is_empty(), "{}", shown(&stopped));
    assert!(shown(&stopped).starts_with(&format!("Game #{}, Alice vs Bob: this board no longer follows it.", open.0)));
    assert_eq!(refused(stop, 28).await, UserError::LiveBoardStopped);
    // Once stopped, a new one may be asked for; a game over cannot be.
    ok(service.handle(&carol_at(29), Command::Watch(open)).await);
    let bob_in = |millis| asking(&bob(), ChannelId(20), millis, Locale::English);
    let ask = ok(service.handle(&bob_in(30), Command::Resign).await);
    ok(service.handle(&bob_in(31), components::parse(ask.reply.custom_ids()[0], &[]).unwrap()).await);
    assert_eq!(refused(Command::Watch(open), 32).await, UserError::WatchOver(open));

    // Carol's data in her hands: her live board of the other game and her wish for notices go
    // with her deletion.
    ok(service.handle(&carol_at(33), Command::Notify(Some(true))).await);
    let other = game_in(&service, ChannelId(22), false, 34).await;
    ok(service.handle(&carol_at(36), Command::Watch(other)).await);
    let export = ok(service.handle(&carol_at(37), Command::Privacy(PrivacyAction::Export)).await);
    let json: serde_json::Value = serde_json::from_slice(&export.reply.files[0].bytes).unwrap();
    assert_eq!(json["turn_notices"], true);
    let ask = ok(service.handle(&carol_at(38), Command::Privacy(PrivacyAction::Delete)).await);
    ok(service.handle(&carol_at(39), components::parse(ask.reply.custom_ids()[0], &[]).unwrap()).await);
    assert!(!service.store().turn_notices_on(UserId(3)).await.unwrap());
    let again = ok(service.handle(&carol_at(40), Command::Watch(other)).await);
    assert_eq!(again.announcements.len(), 1, "her board went with her: a new one may be asked for");
}

#[tokio::test]
async fn a_players_turn_notice_comes_once_a_turn_after_the_wait_and_only_if_they_asked() {
    let service = service().await;
    let on = ok(service.handle(&at(&bob(), 0), Command::Notify(Some(true))).await);
    assert!(shown(&on).contains("you have not moved for 15 minutes"), "{}", shown(&on));
    assert!(shown(&ok(service.handle(&at(&bob(), 1), Command::Notify(None)).await)).contains("are on"));
    start(&service, false, at).await;
    ok(service.handle(&at(&alice(), 10), Command::Move("d3".into())).await);
    let wait = 15 * 60 * 1000;
    let notices = |millis: i64| {
        let service = &service;
        async move {
            let swept = service.sweep_deadlines(Timestamp(T0 + millis)).await.unwrap();
            swept.into_iter().filter(|a| a.direct.is_some()).collect::<Vec<_>>()
        }
    };
    assert!(notices(10 + wait - 1).await.is_empty(), "not before the wait");
    let due = notices(10 + wait).await;
    assert_eq!(due.len(), 1);
    assert_eq!(due[0].direct, Some(UserId(2)));
    assert!(
        shown_reply(&due[0].reply).starts_with("It is your turn in game #1 against Alice"),
        "{}",
        shown_reply(&due[0].reply)
    );
    assert!(notices(10 + wait + 1).await.is_empty(), "claimed once");
    // Never noted as sent (the process stopped): sent again after a while, then noted.
    let again = notices(10 + wait + 130_000).await;
    assert_eq!(again.len(), 1);
    service.posted(again[0].then.unwrap(), Some(MessageId(1)), Timestamp(T0 + 10 + wait + 130_001)).await.unwrap();
    assert!(notices(10 + wait + 400_000).await.is_empty(), "once a turn");
    // Bob moves; Alice never asked, so her turns bring nothing; Bob's next turn does.
    let bob_moves = 10 + wait + 500_000;
    ok(service.handle(&at(&bob(), bob_moves), Command::Move("c5".into())).await);
    assert!(notices(bob_moves + wait + 1).await.is_empty(), "Alice did not ask");
    ok(service.handle(&at(&alice(), bob_moves + wait + 2), Command::Move("e6".into())).await);
    assert_eq!(notices(bob_moves + 2 * wait + 3).await.len(), 1, "Bob's next turn");
    let off = ok(service.handle(&at(&bob(), bob_moves + 2 * wait + 4), Command::Notify(Some(false))).await);
    assert_eq!(shown(&off), "No more your-turn DMs.");
}
