//! A server on the web, as the web tests, the browser test and the web benchmark see it: Alice,
//! Bob and Carol's server opted in to web pages, a finished rated game between Alice and Bob with
//! a forced pass and the engine's review, and a finished round robin of the three. Included by
//! path (`#[path = "support/site.rs"] mod site;`) next to `players.rs` and `games.rs`.
#![allow(dead_code)]

use std::time::Duration;

use reversi_bot::ai::AiConfig;
use reversi_bot::ai::review::ReviewConfig;
use reversi_bot::engine::{Color, Rules};
use reversi_bot::service::{
    Command, Invocation, Locale, Response, Service, ServiceOptions, SettingsChange, TournamentAction, TournamentPlan,
    User, components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{ChannelId, ColorChoice, Format, GameId, GameRecord, Store, Timestamp, WebVisibility};

use super::games::game_with_a_pass;
use super::players::*;

/// Where players reach the pages in these tests.
pub const PUBLIC_URL: &str = "https://reversi.example.org";
/// The channel the tournament is run in.
pub const HALL: ChannelId = ChannelId(500);

/// What the site holds.
pub struct Site {
    /// The service over it.
    pub service: Service,
    /// The reviewed game between Alice (black) and Bob.
    pub game: GameRecord,
    /// Its page's key.
    pub game_key: String,
    /// Alice's page's key.
    pub alice_key: String,
    /// The server's leaderboard page's key.
    pub server_key: String,
    /// The round robin's page's key.
    pub tournament_key: String,
}

/// A service whose replies carry no pictures (the pages draw their own boards), reviewing fast.
pub async fn web_service(url: &str) -> Service {
    let store = Store::open(url).await.expect("a store");
    let options = ServiceOptions {
        ai: AiConfig { budget: Duration::from_millis(50), ..AiConfig::default() },
        review: ReviewConfig { budget: Duration::from_millis(1500), ..ReviewConfig::default() },
        board_pictures: false,
        public_url: Some(PUBLIC_URL.into()),
        ..ServiceOptions::default()
    };
    Service::new(store, bot_user(), options)
}

fn ok_or_panic(result: Result<Response, reversi_bot::service::ServiceError>) -> Response {
    result.unwrap_or_else(|e| panic!("{e:#}"))
}

/// Sets the server's web pages, as a manager would.
pub async fn set_web(service: &Service, web: WebVisibility, millis: i64) -> Response {
    let manager = Invocation { can_manage_guild: true, ..asking(&carol(), CHANNEL, millis, Locale::English) };
    let change = SettingsChange { web: Some(web), ..SettingsChange::default() };
    ok_or_panic(service.handle(&manager, Command::Settings(change)).await)
}

/// Alice (black) and Bob play the seeded game with a pass in `channel`, rated; the last answer.
pub async fn play_the_game_with_a_pass(service: &Service, channel: ChannelId, millis: i64) -> Response {
    let at = |user: &User, t: i64| asking(user, channel, millis + t, Locale::English);
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: true,
        private: false,
        rules: Rules::default(),
    };
    let offer = ok_or_panic(service.handle(&at(&alice(), 0), challenge).await);
    let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("an Accept button");
    let accept = components::parse(accept, &[]).expect("our id");
    let mut last = ok_or_panic(service.handle(&at(&bob(), 1), accept).await);
    for (i, (color, mv)) in game_with_a_pass().into_iter().enumerate() {
        let player = if color == Color::Black { alice() } else { bob() };
        last = ok_or_panic(service.handle(&at(&player, 2 + i as i64), Command::Move(mv.to_string())).await);
    }
    last
}

/// Carol creates a round robin for the three of them, they play it out (each game to the end
/// with the first legal move), and it finishes.
pub async fn play_a_round_robin(service: &Service, millis: i64) -> reversi_bot::store::TournamentId {
    let everyone = [alice(), bob(), carol()];
    let at = |user: &User, t: i64, channel: ChannelId| Invocation {
        can_manage_guild: true,
        ..asking(user, channel, millis + t, Locale::English)
    };
    let plan = TournamentPlan {
        name: "Autumn Cup".into(),
        format: Format::RoundRobin,
        rounds: None,
        rules: Rules::default(),
        rated: false,
        max_players: 8,
        move_minutes: Some(60),
        bot_level: None,
        starts_at: None,
        round_hours: None,
    };
    let card =
        ok_or_panic(service.handle(&at(&carol(), 0, HALL), Command::Tournament(TournamentAction::Create(plan))).await);
    let join = card.reply.custom_ids().into_iter().find(|id| id.contains(":tj:")).expect("a Join button");
    let Some(Command::Tournament(TournamentAction::Join(Some(id)))) = components::parse(join, &[]) else {
        panic!("a Join button of the tournament")
    };
    for (i, p) in everyone.iter().enumerate() {
        let join = components::parse(&components::tournament_join(id), &[]).unwrap();
        ok_or_panic(service.handle(&at(p, 1 + i as i64, HALL), join).await);
    }
    let start = components::parse(&components::tournament_start(id), &[]).unwrap();
    let mut openings = ok_or_panic(service.handle(&at(&carol(), 10, HALL), start).await).openings;
    let (mut thread, mut now) = (9_000u64, 100i64);
    loop {
        for opening in openings {
            thread += 1;
            let channel = ChannelId(thread);
            service.open_tournament_game(&opening, channel, Timestamp(T0 + millis + now)).await.unwrap();
            while service.has_live_game(channel).await.unwrap() {
                now += 1;
                let board = ok_or_panic(service.handle(&at(&alice(), now, channel), Command::Board).await);
                let sketch = board.reply.board.expect("a board");
                let mover = sketch.player_to_move.expect("someone to move");
                let mover = everyone.iter().find(|u| u.id == mover).expect("a player").clone();
                let square = sketch.legal.iter().next().expect("a legal move").to_string();
                ok_or_panic(service.handle(&at(&mover, now, channel), Command::Move(square)).await);
            }
        }
        now += 10;
        let news = service.sweep_tournaments(Timestamp(T0 + millis + now)).await.unwrap();
        if news.openings.is_empty() {
            break;
        }
        openings = news.openings;
    }
    id
}

/// The whole site: the server on the web as `web`, the reviewed game, the round robin.
pub async fn site(url: &str, web: WebVisibility) -> Site {
    let service = web_service(url).await;
    set_web(&service, web, 0).await;
    play_the_game_with_a_pass(&service, CHANNEL, 10).await;
    let game = service.store().latest_game_in(CHANNEL).await.unwrap().expect("the game");
    let review = asking(&alice(), CHANNEL, 1_000, Locale::English);
    ok_or_panic(service.handle(&review, Command::Review(Some(game.id))).await);
    let tournament = play_a_round_robin(&service, 2_000).await;
    let store = service.store();
    Site {
        game_key: store.game_web_key(game.id).await.unwrap().expect("a key"),
        alice_key: store.player_web_key(alice().id).await.unwrap().expect("a key"),
        server_key: store.server_web_key(GUILD).await.unwrap().expect("a key"),
        tournament_key: store.tournament_web_key(tournament).await.unwrap().expect("a key"),
        game,
        service,
    }
}

/// A game's id as its sequential number, to show that it is no key.
pub fn sequential(id: GameId) -> String {
    id.0.to_string()
}

/// The squares of `game`'s position after `ply` plies, one letter each as the pages mark them:
/// `b` black, `w` white, `.` empty.
pub fn cells(game: &reversi_bot::engine::Game, ply: usize) -> String {
    let letter = |c| match c {
        'X' => 'b',
        'O' => 'w',
        _ => '.',
    };
    game.positions()[ply].board.to_rows().chars().map(letter).collect()
}
