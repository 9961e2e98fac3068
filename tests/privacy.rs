//! Players' data in their own hands, through `Service::handle` with an injected clock: `/privacy
//! export` holds every kind of record a player made; `/privacy delete` asks first, takes only the
//! player's own confirmation, refuses during a live game, leaves their games to their opponents
//! as a deleted player's in every language, and is harmless twice; a server's data outlives the
//! bot's removal by the grace period, and a server that adds the bot back keeps it.

#[path = "support/players.rs"]
mod players;

use std::time::Duration;

use reversi_bot::ai::AiConfig;
use reversi_bot::ai::review::ReviewConfig;
use reversi_bot::engine::Rules;
use reversi_bot::service::privacy::PlayerExport;
use reversi_bot::service::{
    BoardScope, Command, Invocation, Locale, PrivacyAction, Response, Service, ServiceOptions, SettingsChange,
    SoloAction, User, UserError, components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{ANONYMOUS_TOP, ChannelId, ColorChoice, GameId, Ladder, Store, Timestamp, UserId};

use players::*;

const DAY: i64 = 24 * 60 * 60 * 1000;

fn options() -> ServiceOptions {
    ServiceOptions {
        ai: AiConfig { budget: Duration::from_millis(100), ..AiConfig::default() },
        review: ReviewConfig { budget: Duration::from_millis(300), ..ReviewConfig::default() },
        board_pictures: false,
        ..ServiceOptions::default()
    }
}

async fn service() -> Service {
    let store = Store::open("sqlite::memory:").await.expect("an in-memory store");
    Service::new(store, bot_user(), options())
}

fn at(user: &User, millis: i64) -> Invocation {
    asking(user, CHANNEL, millis, Locale::English)
}

/// Alice (black) and Bob play a rated game in `channel`, two moves each, and Bob resigns; the
/// game's id.
async fn bob_resigns(service: &Service, channel: ChannelId, t: i64) -> GameId {
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&asking(&alice(), channel, t, Locale::English), challenge).await);
    let accept = components::parse(offer.reply.custom_ids()[0], &[]).expect("an Accept button");
    ok(service.handle(&asking(&bob(), channel, t + 1, Locale::English), accept).await);
    for (i, (player, square)) in
        [(alice(), "f5"), (bob(), "d6"), (alice(), "c3"), (bob(), "d3")].into_iter().enumerate()
    {
        let inv = asking(&player, channel, t + 2 + i as i64, Locale::English);
        ok(service.handle(&inv, Command::Move(square.into())).await);
    }
    let bob_here = asking(&bob(), channel, t + 10, Locale::English);
    let ask = ok(service.handle(&bob_here, Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    ok(service.handle(&asking(&bob(), channel, t + 11, Locale::English), confirm).await);
    service.store().latest_game_in(channel).await.unwrap().expect("the game").id
}

/// `who` asks for their data and reads the JSON file sent back.
async fn export_of(service: &Service, who: &User, t: i64) -> (Response, PlayerExport) {
    let response = ok(service.handle(&at(who, t), Command::Privacy(PrivacyAction::Export)).await);
    let file = response.reply.files.iter().find(|f| f.name.ends_with(".json")).expect("a JSON file");
    let export = serde_json::from_slice(&file.bytes).expect("the export parses");
    (response, export)
}

/// `who` asks to delete their data and gets the question with its two buttons.
async fn ask_delete(service: &Service, who: &User, t: i64) -> Response {
    ok(service.handle(&at(who, t), Command::Privacy(PrivacyAction::Delete)).await)
}

/// The command behind the button of `response` whose id has `kind` (`pdy`, `pdn`).
fn button(response: &Response, kind: &str) -> Command {
    let id = response.reply.custom_ids().into_iter().find(|id| id.contains(kind)).expect("the button");
    components::parse(id, &[]).expect("our own id")
}

/// `who` deletes their data: the question, then Confirm.
async fn delete(service: &Service, who: &User, t: i64) -> Response {
    let question = ask_delete(service, who, t).await;
    ok(service.handle(&at(who, t + 1), button(&question, ":pdy:")).await)
}

#[tokio::test]
async fn an_export_holds_every_kind_of_record_the_player_made() {
    let service = service().await;
    let game = bob_resigns(&service, CHANNEL, 0).await;
    ok(service.handle(&at(&alice(), 20), Command::Review(Some(game))).await);
    let daily = Command::Solo(SoloAction::Daily);
    ok(service.handle(&asking(&alice(), ChannelId(11), 30, Locale::English), daily).await);
    let stop = Command::Solo(SoloAction::Stop);
    ok(service.handle(&asking(&alice(), ChannelId(11), 31, Locale::English), stop).await);
    let challenge = Command::Challenge {
        opponent: Some(carol()),
        color: ColorChoice::White,
        rated: false,
        private: false,
        rules: Rules::default(),
    };
    ok(service.handle(&asking(&alice(), ChannelId(12), 40, Locale::English), challenge).await);
    // A tournament Bob organises and Alice joins.
    let cup = reversi_bot::service::TournamentPlan {
        name: "Cup".into(),
        format: reversi_bot::store::Format::Swiss,
        rounds: None,
        rules: Rules::default(),
        rated: true,
        max_players: 8,
        move_minutes: None,
        bot_level: None,
        starts_at: None,
        round_hours: None,
    };
    let organiser = reversi_bot::service::Invocation { can_manage_guild: true, ..at(&bob(), 41) };
    let create = Command::Tournament(reversi_bot::service::TournamentAction::Create(cup));
    ok(service.handle(&organiser, create).await);
    let join = Command::Tournament(reversi_bot::service::TournamentAction::Join(None));
    ok(service.handle(&at(&alice(), 42), join).await);

    let (response, export) = export_of(&service, &alice(), 50).await;
    assert!(response.reply.ephemeral, "only Alice sees her data");
    assert_eq!(response.reply.files[0].name, "reversi-data-1.json");
    assert!(response.reply.plain_text().contains("/privacy delete"), "{}", response.reply.plain_text());
    assert_eq!((export.kind.as_str(), export.format), ("reversi-bot player data", 1));
    assert_eq!((export.player.id.as_str(), export.player.name.as_str()), ("1", "Alice"));
    assert_eq!(export.player.first_seen, "2027-01-15T08:00:00.000Z");
    let played = &export.games[0];
    assert_eq!((played.id, played.your_color.as_str(), played.opponent.as_deref()), (game.0, "black", Some("Bob")));
    assert_eq!(played.transcript, "f5d6c3d3");
    let result = played.result.as_ref().expect("the result");
    assert_eq!((result.reason.as_str(), result.yours.as_str()), ("resignation", "win"));
    assert_eq!(export.ratings.len(), 2, "the server's ladder and the global one");
    assert!(export.ratings.iter().all(|r| r.ladder == "othello-8" && r.wins == 1));
    assert_eq!(export.rating_history.len(), 2);
    assert!(export.rating_history.iter().all(|c| c.game == game.0 && c.rating_after > c.rating_before));
    assert_eq!(export.solo_games.len(), 1);
    assert_eq!(export.daily_table_entries.len(), 1);
    assert_eq!(export.daily_table_entries[0].solo_game, export.solo_games[0].id);
    assert_eq!(export.reviews.len(), 1);
    assert_eq!(export.reviews[0].game, game.0);
    assert!(export.reviews[0].review.is_object());
    assert_eq!(export.challenges.len(), 2, "the one Bob accepted and the one to Carol");
    assert!(export.challenges.iter().any(|c| c.role == "sent" && c.status == "pending"));
    let entered = &export.tournaments[0];
    assert_eq!((entered.name.as_str(), entered.organiser, entered.state.as_str()), ("Cup", false, "signup"));
    let rating = entered.rating_at_sign_up.expect("her rating when she joined");
    assert!(rating > 1500.0, "her server rating after her win: {rating}");

    // Bob's export names the same game from his side, and nothing of Alice's ratings.
    let (_, bobs) = export_of(&service, &bob(), 60).await;
    assert_eq!(bobs.games[0].your_color, "white");
    assert_eq!(bobs.games[0].result.as_ref().unwrap().yours, "loss");
    assert!(bobs.solo_games.is_empty() && bobs.reviews.len() == 1);
    assert_eq!(bobs.tournaments.len(), 1);
    assert!(bobs.tournaments[0].organiser && bobs.tournaments[0].joined_at.is_none(), "organised, not entered");
}

#[tokio::test]
async fn a_deletion_asks_first_and_cancel_keeps_everything() {
    let service = service().await;
    bob_resigns(&service, CHANNEL, 0).await;
    let question = ask_delete(&service, &alice(), 20).await;
    assert!(question.reply.ephemeral);
    let text = question.reply.plain_text();
    for said in ["Delete everything", "ratings", "solo games", "challenges", "Deleted player", "cannot be undone"] {
        assert!(text.contains(said), "{said} in {text}");
    }
    let cancelled = ok(service.handle(&at(&alice(), 21), button(&question, ":pdn:")).await);
    assert_eq!(cancelled.reply.plain_text(), "Nothing was deleted.");
    assert!(service.store().player(UserId(1)).await.unwrap().is_some());
    let (_, export) = export_of(&service, &alice(), 22).await;
    assert_eq!(export.games.len(), 1);
}

#[tokio::test]
async fn after_a_deletion_the_opponents_history_export_and_leaderboard_show_a_deleted_player_in_every_language() {
    let service = service().await;
    let game = bob_resigns(&service, CHANNEL, 0).await;
    let done = delete(&service, &alice(), 20).await;
    assert!(done.reply.ephemeral);
    assert!(done.reply.plain_text().starts_with("Your data is deleted."), "{}", done.reply.plain_text());
    assert_eq!(service.store().player(UserId(1)).await.unwrap(), None, "not made again by the answer");

    for (locale, deleted) in [
        (Locale::English, "Deleted player"),
        (Locale::German, "Gelöschter Spieler"),
        (Locale::Swedish, "Borttagen spelare"),
    ] {
        let bob_asks = asking(&bob(), CHANNEL, 30, locale);
        let history = ok(service.handle(&bob_asks, Command::History(None)).await).reply.plain_text();
        assert!(history.contains(deleted) && !history.contains("Alice"), "{locale:?}: {history}");
        let export = ok(service.handle(&bob_asks, Command::Export(Some(game))).await);
        let shown = export.reply.plain_text();
        assert!(shown.contains(deleted) && !shown.contains("Alice"), "{locale:?}: {shown}");
        let ggf = String::from_utf8(export.reply.files[0].bytes.clone()).unwrap();
        assert!(ggf.contains(&format!("PB[{deleted}]")) && !ggf.contains("Alice"), "{ggf}");
        let stats = ok(service.handle(&bob_asks, Command::Stats(None, Ladder::standard())).await);
        assert!(!stats.reply.plain_text().contains("Alice"), "{}", stats.reply.plain_text());
        let board = Command::Leaderboard(BoardScope::Global, Ladder::standard());
        let leaderboard = ok(service.handle(&bob_asks, board).await).reply.plain_text();
        assert!(leaderboard.contains("Bob") && !leaderboard.contains("Alice"), "{leaderboard}");
    }
    // The game stays whole in Bob's records: his rating change, his win-loss against the gap.
    let (_, bobs) = export_of(&service, &bob(), 40).await;
    assert_eq!(bobs.games[0].opponent, None);
    assert!(bobs.games[0].opponent_deleted);
    assert_eq!(bobs.rating_history.len(), 2);

    // Alice's next command starts a new record, with nothing of the old one.
    let (_, fresh) = export_of(&service, &alice(), 50).await;
    assert!(fresh.games.is_empty() && fresh.ratings.is_empty() && fresh.rating_history.is_empty());
    assert!(fresh.challenges.is_empty() && fresh.reviews.is_empty());
}

#[tokio::test]
async fn a_confirmation_pressed_by_someone_else_is_refused() {
    let service = service().await;
    bob_resigns(&service, CHANNEL, 0).await;
    let question = ask_delete(&service, &alice(), 20).await;
    for kind in [":pdy:", ":pdn:"] {
        let refused = refusal(service.handle(&at(&bob(), 21), button(&question, kind)).await);
        assert_eq!(refused, UserError::NotYourConfirmation);
    }
    assert!(service.store().player(UserId(1)).await.unwrap().is_some(), "Alice's data stays");
    let history = ok(service.handle(&at(&bob(), 22), Command::History(None)).await).reply.plain_text();
    assert!(history.contains("Alice"), "{history}");
}

#[tokio::test]
async fn a_second_deletion_is_harmless() {
    let service = service().await;
    let game = bob_resigns(&service, CHANNEL, 0).await;
    let question = ask_delete(&service, &alice(), 20).await;
    ok(service.handle(&at(&alice(), 21), button(&question, ":pdy:")).await);
    // The same button again (a double click), then a whole new deletion.
    let again = ok(service.handle(&at(&alice(), 22), button(&question, ":pdy:")).await);
    assert!(again.reply.plain_text().starts_with("Your data is deleted."));
    delete(&service, &alice(), 23).await;
    let store = service.store();
    let record = store.game(game).await.unwrap().unwrap();
    assert_eq!(record.black, ANONYMOUS_TOP, "still the first deletion's anonymous player");
    assert_eq!(store.player(UserId(ANONYMOUS_TOP.0 - 1)).await.unwrap(), None, "no anonymous player for nothing");
    assert_eq!(store.player(UserId(1)).await.unwrap(), None);
}

#[tokio::test]
async fn a_player_in_a_live_game_is_told_to_finish_or_resign_it_before_deleting() {
    let service = service().await;
    let game = bob_resigns(&service, CHANNEL, 0).await;
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&at(&alice(), 20), challenge).await);
    let question = ask_delete(&service, &alice(), 21).await;
    ok(service.handle(&at(&bob(), 22), components::parse(offer.reply.custom_ids()[0], &[]).unwrap()).await);
    let live = GameId(game.0 + 1);
    // Asked now, and confirmed from a question asked before the game began: both refused.
    assert_eq!(
        refusal(service.handle(&at(&alice(), 23), Command::Privacy(PrivacyAction::Delete)).await),
        UserError::DeleteWhilePlaying(vec![live])
    );
    let confirmed = service.handle(&at(&alice(), 24), button(&question, ":pdy:")).await;
    let shown = confirmed.as_ref().map(|_| String::new()).unwrap_or_else(|e| e.reply(Locale::English).plain_text());
    assert_eq!(
        shown,
        format!(
            "You are still playing game #{}. Finish it or resign with /resign in its channel, then ask again.",
            live.0
        )
    );
    let german =
        refusal(service.handle(&asking(&alice(), CHANNEL, 25, Locale::German), button(&question, ":pdy:")).await);
    let text = reversi_bot::service::view::errors::refusal(Locale::German, &german).to_plain();
    assert!(text.contains("/aufgeben") && text.contains(&format!("#{}", live.0)), "{text}");
    assert!(service.store().player(UserId(1)).await.unwrap().is_some(), "nothing deleted");
}

/// A member with Manage Server makes the server's board theme dark.
async fn dark_theme(service: &Service, t: i64) {
    let manager = Invocation { can_manage_guild: true, ..at(&carol(), t) };
    let change = SettingsChange { theme: Some(reversi_bot::render::Theme::Dark), ..SettingsChange::default() };
    ok(service.handle(&manager, Command::Settings(change)).await);
}

#[tokio::test]
async fn a_servers_data_is_removed_30_days_after_the_bot_left_it_and_not_before() {
    let service = service().await;
    let game = bob_resigns(&service, CHANNEL, 0).await;
    dark_theme(&service, 20).await;
    let left = T0 + DAY;
    service.server_left(GUILD, Timestamp(left)).await.unwrap();
    let store = service.store();

    service.sweep_deadlines(Timestamp(left + 30 * DAY - 1)).await.unwrap();
    assert_eq!(store.settings(GUILD).await.unwrap().theme, "dark", "kept during the grace period");
    assert_eq!(store.game(game).await.unwrap().unwrap().channel, Some(CHANNEL));

    service.sweep_deadlines(Timestamp(left + 30 * DAY)).await.unwrap();
    assert_eq!(store.settings(GUILD).await.unwrap().theme, "classic", "removed after it");
    let record = store.game(game).await.unwrap().unwrap();
    assert_eq!((record.channel, record.board_message), (None, None));
    // The game stays in both players' histories and exports.
    let history = ok(service.handle(&at(&bob(), 40 * DAY), Command::History(None)).await).reply.plain_text();
    assert!(history.contains(&format!("#{}", game.0)) && history.contains("Alice"), "{history}");
    let (_, export) = export_of(&service, &alice(), 40 * DAY).await;
    assert_eq!((export.games[0].id, export.games[0].channel.as_deref()), (game.0, None));
}

#[tokio::test]
async fn a_server_that_adds_the_bot_back_within_the_grace_period_keeps_its_settings() {
    let service = service().await;
    let game = bob_resigns(&service, CHANNEL, 0).await;
    dark_theme(&service, 20).await;
    service.server_left(GUILD, Timestamp(T0 + DAY)).await.unwrap();
    service.server_joined(GUILD).await.unwrap();
    service.sweep_deadlines(Timestamp(T0 + 90 * DAY)).await.unwrap();
    let store = service.store();
    assert_eq!(store.settings(GUILD).await.unwrap().theme, "dark");
    assert_eq!(store.game(game).await.unwrap().unwrap().channel, Some(CHANNEL));
}

#[tokio::test]
async fn a_live_game_in_a_server_whose_data_is_removed_is_aborted_unrated() {
    let service = service().await;
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&at(&alice(), 0), challenge).await);
    ok(service.handle(&at(&bob(), 1), components::parse(offer.reply.custom_ids()[0], &[]).unwrap()).await);
    ok(service.handle(&at(&alice(), 2), Command::Move("f5".into())).await);
    service.server_left(GUILD, Timestamp(T0 + 3)).await.unwrap();
    service.sweep_deadlines(Timestamp(T0 + 3 + 31 * DAY)).await.unwrap();
    let store = service.store();
    assert_eq!(store.live_game_in(CHANNEL).await.unwrap(), None);
    let game = store.latest_game_in(CHANNEL).await.unwrap();
    assert_eq!(game, None, "the channel is forgotten");
    let (_, export) = export_of(&service, &alice(), 40 * DAY).await;
    let result = export.games[0].result.as_ref().expect("ended");
    assert_eq!((result.reason.as_str(), export.games[0].transcript.as_str()), ("aborted", "f5"));
    assert!(export.rating_history.is_empty(), "unrated");
}
