//! Leaderboard seasons through the service, with an injected clock: a server turns them on, its
//! members play rated games, the sweep closes the season once at its end (also swept twice, by two
//! services on one database, or after a restart) and announces its champion, `/leaderboard
//! season:` shows the running and the closed tables, and every wrong request is refused privately
//! with nothing changed.

#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;

use reversi_bot::engine::{Color, Game, Rules};
use reversi_bot::service::season_calendar::Season;
use reversi_bot::service::{
    Announcement, Command, Invocation, LanguageChoice, Locale, PrivacyAction, Response, SeasonPick, SeasonSetting,
    Service, ServiceOptions, SettingsChange, User, UserError, components, options,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{Cadence, ChannelId, ColorChoice, Ladder, Store, Timestamp};
use scratch::{sqlite_url, test_dir};

use players::*;

/// Where seasons are turned on, and announced.
const HALL: ChannelId = ChannelId(77);

async fn service_on(url: &str) -> Service {
    let store = Store::open(url).await.expect("a store");
    Service::new(store, bot_user(), ServiceOptions::default())
}

/// Milliseconds after [`T0`] (2027-01-15 08:00 UTC) at which `key`'s season ends.
fn end_of(key: &str) -> i64 {
    Season::parse(key).unwrap().ends_at().as_millis() - T0
}

fn manager(user: &User, millis: i64) -> Invocation {
    Invocation { can_manage_guild: true, ..asking(user, HALL, millis, Locale::English) }
}

/// A manager turns the server's seasons to `setting`.
async fn seasons(service: &Service, setting: SeasonSetting, millis: i64) -> Response {
    let change = SettingsChange { season: Some(setting), ..SettingsChange::default() };
    ok(service.handle(&manager(&carol(), millis), Command::Settings(change)).await)
}

/// `winner` (black) challenges `loser` to a rated game in `channel` at `millis`, both make two
/// moves, and `loser` resigns: a rated win recorded at `millis + 11`.
async fn rated_win(service: &Service, winner: &User, loser: &User, channel: ChannelId, millis: i64) {
    let at = |user: &User, t: i64| asking(user, channel, millis + t, Locale::English);
    let challenge = Command::Challenge {
        opponent: Some(loser.clone()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok(service.handle(&at(winner, 0), challenge).await);
    let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap().to_string();
    ok(service.handle(&at(loser, 1), components::parse(&accept, &[]).unwrap()).await);
    for i in 0..4 {
        let record = service.store().live_game_in(channel).await.unwrap().unwrap();
        let game = Game::from_transcript(record.rules, &record.moves).unwrap();
        let player = if game.to_move() == Some(Color::Black) { winner } else { loser };
        let mv = game.legal_choices()[0].to_string();
        ok(service.handle(&at(player, 2 + i), Command::Move(mv)).await);
    }
    let ask = ok(service.handle(&at(loser, 10), Command::Resign).await);
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    ok(service.handle(&at(loser, 11), confirm).await);
}

/// `count` rated wins of `winner` over `loser`, an hour apart from `millis` on.
async fn wins(service: &Service, winner: &User, loser: &User, count: i64, millis: i64) {
    for i in 0..count {
        rated_win(service, winner, loser, ChannelId(200), millis + i * 3_600_000).await;
    }
}

/// `/leaderboard season:…` on Othello, asked by `user` in the hall.
async fn season_board(service: &Service, user: &User, pick: SeasonPick, millis: i64) -> Result<Response, UserError> {
    let inv = asking(user, HALL, millis, Locale::English);
    match service.handle(&inv, Command::Season(Ladder::standard(), pick)).await {
        Ok(response) => Ok(response),
        Err(reversi_bot::service::ServiceError::User(e)) => Err(e),
        Err(e) => panic!("{e:#}"),
    }
}

fn named(key: &str) -> SeasonPick {
    SeasonPick::Named(key.into())
}

/// The announcements of seasons among a sweep's.
fn season_news(announcements: &[Announcement]) -> Vec<&Announcement> {
    announcements.iter().filter(|a| a.key.as_deref().is_some_and(|k| k.starts_with("season"))).collect()
}

#[tokio::test]
async fn a_monthly_season_closes_once_at_its_end_with_its_champion_announced_and_its_table_kept() {
    let dir = test_dir("season-close");
    let url = sqlite_url(&dir, "bot.db");
    let service = service_on(&url).await;
    let turned_on = seasons(&service, SeasonSetting::On(Cadence::Monthly), 0).await;
    let settings = shown(&turned_on);
    assert!(settings.contains("Seasons: monthly: season 2027-01 ends 2027-02-01 00:00 UTC"), "{settings}");

    // January: Alice beats Bob five times (both reach the minimum); Carol plays Bob twice.
    wins(&service, &alice(), &bob(), 5, 1_000).await;
    wins(&service, &carol(), &bob(), 2, 100_000_000).await;
    let running = shown(&season_board(&service, &carol(), SeasonPick::Current, 200_000_000).await.unwrap());
    assert!(running.contains("Season 2027-01 so far: Othello"), "{running}");
    assert!(running.contains("1. Alice") && running.contains("2. Bob") && !running.contains("Carol —"), "{running}");
    assert!(running.contains("You have played 2 rated games this season: 5 put you in the table."), "{running}");
    // The ratings' own leaderboard points to the season.
    let ladder = ok(service
        .handle(
            &asking(&carol(), HALL, 200_000_001, Locale::English),
            Command::Leaderboard(reversi_bot::service::BoardScope::Server, Ladder::standard()),
        )
        .await);
    assert!(shown(&ladder).contains("Season 2027-01 runs until"), "{}", shown(&ladder));

    let end = end_of("2027-01");
    assert!(
        season_news(&service.sweep_deadlines(Timestamp(T0 + end - 1)).await.unwrap()).is_empty(),
        "not before its end"
    );
    // February has begun, but the sweep has not come yet: Bob's wins now count for February.
    wins(&service, &bob(), &alice(), 3, end + 1_000).await;

    // A restart: another service on the same database, and a second one beside it, sweep at once.
    drop(service);
    let (first, second) = (service_on(&url).await, service_on(&url).await);
    let now = Timestamp(T0 + end + 60_000);
    let (a, b) = tokio::join!(first.sweep_deadlines(now), second.sweep_deadlines(now));
    let (a, b) = (a.unwrap(), b.unwrap());
    let news: Vec<&Announcement> = season_news(&a).into_iter().chain(season_news(&b)).collect();
    assert!(!news.is_empty(), "the close is announced");
    assert!(news.iter().all(|n| n.key == news[0].key && n.channel == HALL), "one piece of news, in the hall");
    let closed = first.store().closed_seasons(GUILD, 10).await.unwrap();
    assert_eq!(closed.iter().map(|s| s.window.key.as_str()).collect::<Vec<_>>(), ["2027-01"], "closed once");
    let text = news[0].reply.plain_text();
    assert!(text.contains("🏆 Season 2027-01 is over!"), "{text}");
    assert!(text.contains("Alice is the champion of Othello"), "{text}");
    assert!(text.contains("1. Alice") && text.contains("2. Bob") && !text.contains("Carol"), "{text}");
    assert!(text.contains("/leaderboard season:2027-01"), "{text}");

    // Announced until posted, then never again; swept again, nothing closes twice.
    let again = season_news(&first.sweep_deadlines(Timestamp(now.0 + 1)).await.unwrap()).len();
    assert_eq!(again, 1, "made again until it is posted (its key shows it once)");
    first.posted(news[0].then.unwrap(), None, Timestamp(now.0 + 2)).await.unwrap();
    for service in [&first, &second] {
        assert!(season_news(&service.sweep_deadlines(Timestamp(now.0 + 3)).await.unwrap()).is_empty());
    }
    assert_eq!(first.store().closed_seasons(GUILD, 10).await.unwrap().len(), 1);

    // The kept table: Alice first with her rating at January's end, though Bob has won since.
    let table = shown(&season_board(&second, &bob(), named("2027-01"), end + 100_000_000).await.unwrap());
    assert!(table.contains("Season 2027-01, final table: Othello"), "{table}");
    let alice_line = table.lines().find(|l| l.starts_with("1. Alice")).expect("Alice first");
    assert!(alice_line.contains("(5 games)"), "{table}");
    assert!(table.contains("2. Bob") && table.contains("← you"), "{table}");
    assert!(!table.contains("Carol"), "two games are too few: {table}");
    // February's running table has only just begun.
    let february = shown(&season_board(&second, &bob(), SeasonPick::Current, end + 100_000_001).await.unwrap());
    assert!(february.contains("Season 2027-02 so far") && february.contains("Nobody has played 5"), "{february}");

    // Alice's export holds her placing.
    let export = ok(second
        .handle(&asking(&alice(), HALL, end + 100_000_002, Locale::English), Command::Privacy(PrivacyAction::Export))
        .await);
    let json = String::from_utf8(export.reply.files[0].bytes.clone()).unwrap();
    let data: serde_json::Value = serde_json::from_str(&json).unwrap();
    let placing = &data["season_placings"][0];
    assert_eq!(
        (placing["season"].as_str(), placing["rank"].as_u64(), placing["games"].as_u64()),
        (Some("2027-01"), Some(1), Some(5)),
        "{json}"
    );
}

#[tokio::test]
async fn with_seasons_off_there_is_no_season_and_nothing_closes() {
    let service = service_on("sqlite::memory:").await;
    wins(&service, &alice(), &bob(), 5, 1_000).await;
    let end = end_of("2027-01");
    assert!(season_news(&service.sweep_deadlines(Timestamp(T0 + end + 1)).await.unwrap()).is_empty());
    assert!(service.store().closed_seasons(GUILD, 10).await.unwrap().is_empty());
    assert_eq!(
        season_board(&service, &alice(), SeasonPick::Current, end + 2).await.unwrap_err(),
        UserError::SeasonsOff
    );
    let board = ok(service
        .handle(
            &asking(&alice(), HALL, end + 3, Locale::English),
            Command::Leaderboard(reversi_bot::service::BoardScope::Server, Ladder::standard()),
        )
        .await);
    assert!(!shown(&board).contains("Season"), "{}", shown(&board));
    let settings = ok(service.handle(&manager(&carol(), end + 4), Command::Settings(SettingsChange::default())).await);
    assert!(shown(&settings).contains("Seasons: off"), "{}", shown(&settings));

    // Turned on, then off again before the end: nothing closes.
    seasons(&service, SeasonSetting::On(Cadence::Monthly), end + 5).await;
    seasons(&service, SeasonSetting::Off, end + 6).await;
    let next = end_of("2027-02");
    assert!(season_news(&service.sweep_deadlines(Timestamp(T0 + next + 1)).await.unwrap()).is_empty());
    assert!(service.store().closed_seasons(GUILD, 10).await.unwrap().is_empty());
}

#[tokio::test]
async fn a_quarterly_season_is_named_by_its_quarter_and_announced_in_the_servers_language() {
    let service = service_on("sqlite::memory:").await;
    let german = SettingsChange { language: Some(LanguageChoice::Fixed(Locale::German)), ..SettingsChange::default() };
    ok(service.handle(&manager(&carol(), 0), Command::Settings(german)).await);
    seasons(&service, SeasonSetting::On(Cadence::Quarterly), 1).await;
    // Setting it again keeps the running quarter (and never closes it early).
    seasons(&service, SeasonSetting::On(Cadence::Quarterly), 2).await;
    assert_eq!(service.store().season_plan(GUILD).await.unwrap().unwrap().due_at.as_millis() - T0, end_of("2027-Q1"));
    wins(&service, &bob(), &alice(), 5, 1_000).await;
    // The end of January is no season's end for a quarterly server.
    assert!(season_news(&service.sweep_deadlines(Timestamp(T0 + end_of("2027-01") + 1)).await.unwrap()).is_empty());
    let end = end_of("2027-Q1");
    let news = service.sweep_deadlines(Timestamp(T0 + end)).await.unwrap();
    let news = season_news(&news);
    assert_eq!(news.len(), 1);
    let text = news[0].reply.plain_text();
    assert!(text.contains("Die Saison 2027-Q1 ist vorbei!") && text.contains("Bob gewinnt Othello"), "{text}");
    // Asked in English, with the quarter in lower case.
    let table = shown(&season_board(&service, &alice(), named("2027-q1"), end + 5).await.unwrap());
    assert!(table.contains("Season 2027-Q1, final table") && table.contains("1. Bob"), "{table}");
}

#[tokio::test]
async fn wrong_season_requests_are_refused_privately_and_change_nothing() {
    let service = service_on("sqlite::memory:").await;
    seasons(&service, SeasonSetting::On(Cadence::Monthly), 0).await;
    wins(&service, &alice(), &bob(), 5, 1_000).await;
    let end = end_of("2027-01");
    service.sweep_deadlines(Timestamp(T0 + end)).await.unwrap();

    for bad in ["banana", "2027-13", "2027-Q5", "27-01"] {
        assert_eq!(
            season_board(&service, &alice(), named(bad), end + 1).await.unwrap_err(),
            UserError::BadSeason(bad.into())
        );
    }
    let never = season_board(&service, &alice(), named("2026-12"), end + 2).await.unwrap_err();
    assert_eq!(never, UserError::NoSuchSeason { season: "2026-12".into(), closed: vec!["2027-01".into()] });
    let words = reversi_bot::service::view::errors::refusal(Locale::English, &never).to_plain();
    assert_eq!(words, "Season 2026-12 has not closed on this server. Closed seasons: 2027-01.");
    let error = service
        .handle(
            &asking(&alice(), HALL, end + 3, Locale::English),
            Command::Season(Ladder::standard(), named("2030-01")),
        )
        .await
        .unwrap_err();
    assert!(error.reply(Locale::English).ephemeral, "a refusal only the asker sees");

    // In a direct message there is no server's season.
    let dm = Invocation { guild: None, ..asking(&alice(), ChannelId(5), end + 4, Locale::English) };
    let refused = service.handle(&dm, Command::Season(Ladder::standard(), SeasonPick::Current)).await.unwrap_err();
    assert!(matches!(refused, reversi_bot::service::ServiceError::User(UserError::SeasonNeedsServer)));

    // A member who may not manage the server cannot change the seasons.
    let change = SettingsChange { season: Some(SeasonSetting::Off), ..SettingsChange::default() };
    let refused = service.handle(&asking(&bob(), HALL, end + 5, Locale::English), Command::Settings(change)).await;
    assert_eq!(refusal(refused), UserError::NeedsManageServer);
    assert!(service.store().season_plan(GUILD).await.unwrap().is_some(), "seasons still on");

    // A season belongs to the server's leaderboard, not the global one.
    let read = options::read("/leaderboard scope:global season:current", &|_| None).unwrap();
    let error = options::command(&read).unwrap_err();
    let words = reversi_bot::service::view::errors::refusal(Locale::English, &UserError::BadOption(error)).to_plain();
    assert!(words.contains("season") && words.contains("scope"), "{words}");
    // "current" in any language we speak is the running season.
    for typed in ["/leaderboard season:current", "/rangliste saison:aktuell", "/topplista säsong:nuvarande"] {
        let read = options::read(typed, &|_| None).unwrap();
        assert_eq!(
            options::command(&read).unwrap(),
            Command::Season(Ladder::standard(), SeasonPick::Current),
            "{typed}"
        );
    }
    assert_eq!(service.store().closed_seasons(GUILD, 10).await.unwrap().len(), 1, "nothing else changed");
}
