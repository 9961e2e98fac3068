//! Tests of the web pages' keys: every game, player and server gets its own unguessable key, and
//! a game's page knows whether its server opted in and whether it was kept private.

use super::*;
use crate::engine::Color;
use crate::store::fixtures::{ALICE, BOB, GUILD, live_game, new_game, players};
use crate::store::queries::*;
use crate::store::testing::store_tests;
use crate::store::{EndReason, Ending, RatingUpdate, ServerSettings, Store};

async fn finished(store: &Store, channel: u64, at: i64) -> GameRecord {
    let record = store.create_game(&new_game(channel), Timestamp(at)).await.unwrap();
    let ending = Ending { winner: Some(Color::Black), black: 40, white: 24, reason: EndReason::Normal };
    store.finish_game(record.id, record.version, &ending, Timestamp(at)).await.unwrap();
    store.game(record.id).await.unwrap().unwrap()
}

async fn open_to_the_web(store: &Store, web: WebVisibility) {
    let settings = ServerSettings { web, ..ServerSettings::default() };
    store.set_settings(GUILD, &settings, Timestamp(1)).await.unwrap();
}

store_tests! {
    async fn every_game_gets_its_own_long_random_key_that_finds_it(store) {
        let first = live_game(&store, 1).await;
        let second = live_game(&store, 2).await;
        let (a, b) = (store.game_web_key(first.id).await.unwrap().unwrap(), store.game_web_key(second.id).await.unwrap().unwrap());
        assert_ne!(a, b);
        assert!(a.len() >= 32 && a.chars().all(|c| c.is_ascii_hexdigit()), "{a}");
        assert!(!a.contains(&first.id.0.to_string()) || a.len() > 20);
        let (found, web, private) = store.game_by_web_key(&a).await.unwrap().unwrap();
        assert_eq!((found.id, web, private), (first.id, WebVisibility::Off, false));
        assert_eq!(store.game_by_web_key("0123456789abcdef0123456789abcdef").await.unwrap(), None);
    }

    async fn a_games_page_follows_its_servers_choice(store) {
        let game = live_game(&store, 1).await;
        let key = store.game_web_key(game.id).await.unwrap().unwrap();
        open_to_the_web(&store, WebVisibility::LinkOnly).await;
        assert_eq!(store.game_by_web_key(&key).await.unwrap().unwrap().1, WebVisibility::LinkOnly);
        assert_eq!(store.settings(GUILD).await.unwrap().web, WebVisibility::LinkOnly);
        let server_key = store.server_web_key(GUILD).await.unwrap().unwrap();
        assert_eq!(store.server_by_web_key(&server_key).await.unwrap(), Some((GUILD, WebVisibility::LinkOnly)));
        open_to_the_web(&store, WebVisibility::Public).await;
        assert_eq!(store.server_web_key(GUILD).await.unwrap().unwrap(), server_key, "the key stays when settings change");
        assert_eq!(store.server_by_web_key(&server_key).await.unwrap(), Some((GUILD, WebVisibility::Public)));
    }

    async fn players_have_pages_and_list_only_finished_games_of_public_servers(store) {
        players(&store).await;
        let key = store.player_web_key(ALICE).await.unwrap().unwrap();
        assert_eq!(store.player_by_web_key(&key).await.unwrap().unwrap().id, ALICE);
        let _live = live_game(&store, 1).await;
        let done = finished(&store, 2, 10).await;
        assert!(store.public_games_of(ALICE, 10).await.unwrap().is_empty(), "the server has not opted in");
        open_to_the_web(&store, WebVisibility::LinkOnly).await;
        assert!(store.public_games_of(ALICE, 10).await.unwrap().is_empty(), "link-only games are listed nowhere");
        open_to_the_web(&store, WebVisibility::Public).await;
        let listed = store.public_games_of(BOB, 10).await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!((listed[0].0.id, Some(listed[0].1.clone())), (done.id, store.game_web_key(done.id).await.unwrap()));
        store.execute_for_test("INSERT INTO private_games (game_id) VALUES ($1)", done.id.0).await;
        assert!(store.public_games_of(BOB, 10).await.unwrap().is_empty(), "a private game stays off the web");
        let key = store.game_web_key(done.id).await.unwrap().unwrap();
        assert!(store.game_by_web_key(&key).await.unwrap().unwrap().2);
    }

    async fn a_players_rating_history_is_their_global_rating_after_each_game(store) {
        players(&store).await;
        let first = finished(&store, 1, 10).await;
        let second = finished(&store, 2, 20).await;
        let ladder = Ladder::standard();
        for (game, at, rating) in [(first.id, 10, 1550.0), (second.id, 20, 1580.0)] {
            for scope in [Scope::Global, Scope::Guild(GUILD)] {
                let update = RatingUpdate {
                    player: ALICE,
                    ladder: ladder.clone(),
                    scope,
                    game,
                    result: crate::store::PlayerResult::Won,
                    before: crate::store::Glicko { rating: rating - 50.0, deviation: 200.0, volatility: 0.06 },
                    after: crate::store::Glicko { rating, deviation: 190.0, volatility: 0.06 },
                };
                store.record_rating(&update, Timestamp(at)).await.unwrap();
            }
        }
        assert_eq!(store.ladders_in(Scope::Guild(GUILD)).await.unwrap(), vec![ladder.clone()]);
        assert!(store.ladders_in(Scope::Guild(crate::store::GuildId(99))).await.unwrap().is_empty());
        store.ping().await.unwrap();
        let ratings = store.global_ratings_of(ALICE).await.unwrap();
        assert_eq!(ratings.len(), 1, "the server's rating is not listed apart");
        assert_eq!((ratings[0].ladder.clone(), ratings[0].rating.glicko.rating), (ladder.clone(), 1580.0));
        let history = store.rating_history(ALICE, &ladder).await.unwrap();
        assert_eq!(history, vec![
            RatingPoint { game: first.id, at: Timestamp(10), rating: 1500.0, before: true },
            RatingPoint { game: first.id, at: Timestamp(10), rating: 1550.0, before: false },
            RatingPoint { game: second.id, at: Timestamp(20), rating: 1580.0, before: false },
        ]);
        assert!(store.rating_history(ALICE, &Ladder::of(&crate::engine::Rules::ravensburger())).await.unwrap().is_empty());
    }

    async fn a_tournaments_page_key_finds_it_with_its_servers_choice(store) {
        players(&store).await;
        let new = crate::store::NewTournament {
            guild: GUILD,
            channel: crate::store::ChannelId(50),
            organiser: ALICE,
            name: "Winter Cup".into(),
            format: crate::store::Format::Swiss,
            rounds: 4,
            rules: crate::engine::Rules::default(),
            rated: true,
            move_secs: None,
            round_secs: None,
            max_players: 8,
            bot_level: None,
            starts_at: None,
        };
        let id = store.create_tournament(&new, Timestamp(1)).await.unwrap().id;
        let key = store.tournament_web_key(id).await.unwrap().unwrap();
        assert_eq!(store.tournament_by_web_key(&key).await.unwrap(), Some((id, WebVisibility::Off)));
        open_to_the_web(&store, WebVisibility::Public).await;
        assert_eq!(store.tournament_by_web_key(&key).await.unwrap(), Some((id, WebVisibility::Public)));
        assert_eq!(store.tournament_by_web_key("nope").await.unwrap(), None);
    }
}
