//! Abuse kept out, through `Service::handle` with an injected clock: a member asking faster than
//! the rate gets one polite private answer and nothing is done; open challenges per member and
//! new games per channel an hour are capped; honest players in a busy channel never meet a limit;
//! and every admin-only action is refused to a plain member whatever the command offers.

#[path = "support/players.rs"]
mod players;

use reversi_bot::ai::Level;
use reversi_bot::engine::Rules;
use reversi_bot::service::limits::LimitsConfig;
use reversi_bot::service::{
    Command, Invocation, LanguageChoice, Locale, Service, ServiceOptions, SettingsChange, User, UserError, components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{ChannelId, ColorChoice, Store, Timestamp};

use players::*;

async fn service(limits: LimitsConfig) -> Service {
    let store = Store::open("sqlite::memory:").await.expect("an in-memory store");
    Service::new(store, bot_user(), ServiceOptions { limits, ..ServiceOptions::default() })
}

fn at(user: &User, channel: ChannelId, millis: i64) -> Invocation {
    asking(user, channel, millis, Locale::English)
}

fn dave() -> User {
    User::new(4, "Dave")
}

fn challenge(opponent: User) -> Command {
    Command::Challenge {
        opponent: Some(opponent),
        color: ColorChoice::Black,
        rated: false,
        private: false,
        rules: Rules::default(),
    }
}

fn bot_game() -> Command {
    Command::PlayBot { level: Level::new(1), color: ColorChoice::Black, rules: Rules::default() }
}

#[tokio::test]
async fn a_member_over_the_rate_gets_one_polite_private_answer_and_nothing_is_done() {
    let service = service(LimitsConfig { burst: 3, per_minute: 6, ..LimitsConfig::unlimited() }).await;
    for i in 0..3 {
        let refused = refusal(service.handle(&at(&alice(), CHANNEL, i), Command::Board).await);
        assert_eq!(refused, UserError::NoGame, "within the burst, commands are served");
    }
    // The fourth at once is refused, and the challenge it carried is not made.
    let result = service.handle(&at(&alice(), ChannelId(11), 3), challenge(bob())).await;
    let error = result.as_ref().expect_err("refused");
    let reply = error.reply(Locale::English);
    assert!(reply.ephemeral, "only the member sees it");
    assert_eq!(
        reply.content.to_plain(),
        "You are going a little fast for me: please wait 10 seconds before the next command. Nothing was done."
    );
    assert_eq!(refusal(result), UserError::RateLimited { seconds: 10, first: true });
    assert_eq!(service.store().pending_challenge_in(ChannelId(11), Timestamp(T0 + 3)).await.unwrap(), None);
    // Asking again while limited is refused as well, but no longer as the first.
    assert_eq!(
        refusal(service.handle(&at(&alice(), CHANNEL, 4_000), Command::Board).await),
        UserError::RateLimited { seconds: 6, first: false }
    );
    // Others are served meanwhile, and Alice again once the rate allows.
    assert_eq!(refusal(service.handle(&at(&bob(), CHANNEL, 4_000), Command::Board).await), UserError::NoGame);
    assert_eq!(refusal(service.handle(&at(&alice(), CHANNEL, 10_000), Command::Board).await), UserError::NoGame);
}

#[tokio::test]
async fn the_rate_refusal_reads_naturally_in_german_and_swedish() {
    let service = service(LimitsConfig { burst: 1, per_minute: 60, ..LimitsConfig::unlimited() }).await;
    let _ = service.handle(&at(&alice(), CHANNEL, 0), Command::Board).await;
    let error = service.handle(&at(&alice(), CHANNEL, 0), Command::Board).await.expect_err("refused");
    assert_eq!(
        error.reply(Locale::German).content.to_plain(),
        "Du bist etwas zu schnell für mich: Bitte warte eine Sekunde bis zum nächsten Befehl. Es wurde nichts ausgeführt."
    );
    assert_eq!(
        error.reply(Locale::Swedish).content.to_plain(),
        "Du går lite för fort fram för mig: vänta en sekund innan nästa kommando. Ingenting gjordes."
    );
}

#[tokio::test]
async fn a_member_may_keep_only_so_many_challenges_open() {
    let service = service(LimitsConfig { open_challenges: 2, ..LimitsConfig::unlimited() }).await;
    ok(service.handle(&at(&alice(), ChannelId(21), 0), challenge(bob())).await);
    ok(service.handle(&at(&alice(), ChannelId(22), 1), challenge(carol())).await);
    let result = service.handle(&at(&alice(), ChannelId(23), 2), challenge(dave())).await;
    let text = result.as_ref().expect_err("refused").reply(Locale::English).content.to_plain();
    assert_eq!(
        text,
        "You already have 2 open challenges, the most at once. Wait for an answer, or withdraw one with its Decline \
         button, before you challenge again."
    );
    assert_eq!(refusal(result), UserError::TooManyChallenges(2));
    assert_eq!(service.store().pending_challenge_in(ChannelId(23), Timestamp(T0 + 2)).await.unwrap(), None);
    // Someone else may still challenge, and a challenge that lapsed no longer counts.
    ok(service.handle(&at(&bob(), ChannelId(23), 3), challenge(dave())).await);
    ok(service.handle(&at(&alice(), ChannelId(24), 11 * 60 * 1000), challenge(dave())).await);
}

#[tokio::test]
async fn a_channel_starts_only_so_many_games_an_hour() {
    let service = service(LimitsConfig { games_per_channel_hour: 2, ..LimitsConfig::unlimited() }).await;
    let resign = |user: User, millis: i64| {
        let service = service.clone();
        async move {
            let ask = ok(service.handle(&at(&user, CHANNEL, millis), Command::Resign).await);
            let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
            ok(service.handle(&at(&user, CHANNEL, millis + 1), confirm).await);
        }
    };
    ok(service.handle(&at(&alice(), CHANNEL, 0), bot_game()).await);
    resign(alice(), 10).await;
    ok(service.handle(&at(&bob(), CHANNEL, 20), bot_game()).await);
    resign(bob(), 30).await;
    let result = service.handle(&at(&carol(), CHANNEL, 40), bot_game()).await;
    assert_eq!(refusal(result), UserError::ChannelGameLimit(2));
    // A challenge is refused when accepted, not when offered: the game starts then.
    ok(service.handle(&at(&carol(), CHANNEL, 50), challenge(dave())).await);
    let pending = service.store().pending_challenge_in(CHANNEL, Timestamp(T0 + 50)).await.unwrap().unwrap();
    let accepted = service.handle(&at(&dave(), CHANNEL, 60), Command::Accept(pending.id)).await;
    assert_eq!(refusal(accepted), UserError::ChannelGameLimit(2));
    // Another channel, and this one an hour later, are free.
    ok(service.handle(&at(&carol(), ChannelId(31), 70), bot_game()).await);
    ok(service.handle(&at(&alice(), ChannelId(32), 80), bot_game()).await);
    let hour = 60 * 60 * 1000;
    let _ = service.handle(&at(&dave(), CHANNEL, hour + 100), Command::Decline(pending.id)).await;
    ok(service.handle(&at(&alice(), CHANNEL, hour + 200), bot_game()).await);
}

#[tokio::test]
async fn a_busy_channel_of_honest_players_is_never_limited_by_the_bots_defaults() {
    let service = service(LimitsConfig::default()).await;
    // Two people play a whole game quickly (a move every two seconds each), while two more
    // look at the board, the leaderboard and their stats now and then in the same channel.
    ok(service.handle(&at(&alice(), CHANNEL, 0), challenge(bob())).await);
    let pending = service.store().pending_challenge_in(CHANNEL, Timestamp(T0)).await.unwrap().unwrap();
    ok(service.handle(&at(&bob(), CHANNEL, 1_000), Command::Accept(pending.id)).await);
    let mut now = 2_000;
    let mut turn = 0;
    loop {
        let record = service.store().live_game_in(CHANNEL).await.unwrap();
        let Some(record) = record else { break };
        let game = reversi_bot::engine::Game::from_transcript(record.rules, &record.moves).unwrap();
        let Some(color) = game.to_move() else { break };
        let player = if record.player(color) == alice().id { alice() } else { bob() };
        let mv = game.legal_choices()[0].to_string();
        ok(service.handle(&at(&player, CHANNEL, now), Command::Move(mv)).await);
        now += 1_000;
        turn += 1;
        if turn % 5 == 0 {
            for watcher in [carol(), dave()] {
                let _ = service.handle(&at(&watcher, CHANNEL, now), Command::Board).await.map_err(|error| {
                    assert!(!matches!(error, reversi_bot::service::ServiceError::User(UserError::RateLimited { .. })));
                });
            }
        }
    }
    assert!(turn > 50, "the game was played to its end ({turn} moves)");
    assert_eq!(service.metrics().rate_limited.get(), 0);
}

#[tokio::test]
async fn every_admin_action_is_refused_to_a_plain_member_and_allowed_to_a_manager() {
    let service = service(LimitsConfig::unlimited()).await;
    // Settings, each one.
    let changes = [
        SettingsChange { typed_moves: Some(false), ..SettingsChange::default() },
        SettingsChange { deadline_hours: Some(1), ..SettingsChange::default() },
        SettingsChange { bot_level: Level::new(2), ..SettingsChange::default() },
        SettingsChange { language: Some(LanguageChoice::Server), ..SettingsChange::default() },
    ];
    for change in changes {
        let plain = service.handle(&at(&carol(), CHANNEL, 0), Command::Settings(change.clone())).await;
        assert_eq!(refusal(plain), UserError::NeedsManageServer, "{change:?}");
        let mut manager = at(&carol(), CHANNEL, 1);
        manager.can_manage_guild = true;
        ok(service.handle(&manager, Command::Settings(change)).await);
    }
    // Ending a game of others.
    ok(service.handle(&at(&alice(), CHANNEL, 10), challenge(bob())).await);
    let pending = service.store().pending_challenge_in(CHANNEL, Timestamp(T0 + 10)).await.unwrap().unwrap();
    ok(service.handle(&at(&bob(), CHANNEL, 11), Command::Accept(pending.id)).await);
    assert_eq!(refusal(service.handle(&at(&carol(), CHANNEL, 12), Command::Resign).await), UserError::NotAPlayer);
    let mut moderator = at(&carol(), CHANNEL, 13);
    moderator.can_manage_guild = true;
    let ask = ok(service.handle(&moderator, Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    // The confirmation button itself is checked again: a plain member's click on it is refused.
    assert_eq!(refusal(service.handle(&at(&carol(), CHANNEL, 14), confirm.clone()).await), UserError::NotAPlayer);
    ok(service.handle(&moderator, confirm).await);
    assert!(service.store().live_game_in(CHANNEL).await.unwrap().is_none());
}
