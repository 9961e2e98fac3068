//! Tests of ratings: recording a rated game (once), streaks, the atomic end of a game, the
//! leaderboard and a player's rank.

use std::sync::atomic::{AtomicU64, Ordering};

use super::*;
use crate::engine::Color;
use crate::store::Store;
use crate::store::fixtures::{ALICE, BOB, BOT, CAROL, GUILD, live_game};
use crate::store::queries::*;
use crate::store::testing::store_tests;
use crate::store::{EndReason, Ending, GameStatus, NextTurn};

const NEWCOMER: Glicko = Glicko { rating: 1500.0, deviation: 350.0, volatility: 0.06 };

/// Standard Othello's ladder, where these tests rate.
fn std8() -> Ladder {
    Ladder::standard()
}

fn glicko(rating: f64) -> Glicko {
    Glicko { rating, deviation: 200.0, volatility: 0.06 }
}

fn update(game: GameId, player: UserId, scope: Scope, result: PlayerResult, after: f64) -> RatingUpdate {
    RatingUpdate { game, player, ladder: std8(), scope, result, before: NEWCOMER, after: glicko(after) }
}

/// Records one update in its own transaction.
async fn record(store: &Store, update: RatingUpdate, at: i64) -> Result<Rating, StoreError> {
    let mut tx = store.begin().await?;
    let rating = tx.record_rating(&update, Timestamp(at)).await?;
    tx.commit().await?;
    Ok(rating)
}

/// What the service does when a rated game ends with a move: one transaction for the move, the
/// result and both players' ratings in both scopes.
async fn end_with_move(store: &Store, game: GameId, version: i64) -> Result<(), StoreError> {
    let now = Timestamp(50);
    let mut tx = store.begin().await?;
    let version = tx.save_moves(game, version, "f5d6c3", &NextTurn::default(), now).await?;
    let ending = Ending { winner: Some(Color::Black), black: 40, white: 24, reason: EndReason::Normal };
    tx.finish_game(game, version, &ending, now).await?;
    for scope in [Scope::Guild(GUILD), Scope::Global] {
        for (player, result, after) in [(ALICE, PlayerResult::Won, 1620.0), (BOB, PlayerResult::Lost, 1380.0)] {
            let before = tx.rating(player, &std8(), scope).await?.map_or(NEWCOMER, |r| r.glicko);
            let update = RatingUpdate { game, player, ladder: std8(), scope, result, before, after: glicko(after) };
            tx.record_rating(&update, now).await?;
        }
    }
    tx.commit().await
}

/// Channels for `standings`' games, each used once.
static NEXT_CHANNEL: AtomicU64 = AtomicU64::new(1_000);

/// Gives each `(player, rating)` `games` rated games' worth of standing in `scope`, one game each.
async fn standings(store: &Store, scope: Scope, players: &[(UserId, f64, u32)]) {
    for &(player, rating, games) in players {
        for _ in 0..games {
            let game = live_game(store, NEXT_CHANNEL.fetch_add(1, Ordering::Relaxed)).await;
            record(store, update(game.id, player, scope, PlayerResult::Won, rating), 1).await.unwrap();
        }
    }
}

store_tests! {
    async fn a_player_has_no_rating_or_rank_before_their_first_rated_game(store) {
        live_game(&store, 1).await;
        assert_eq!(store.rating(ALICE, &std8(), Scope::Global).await.unwrap(), None);
        assert_eq!(store.rank(ALICE, &std8(), Scope::Global).await.unwrap(), None);
        assert!(store.leaderboard(&std8(), Scope::Global, 10).await.unwrap().is_empty());
    }

    async fn recording_a_win_stores_the_rating_the_counts_and_the_change(store) {
        let game = live_game(&store, 1).await;
        let rating = record(&store, update(game.id, ALICE, Scope::Guild(GUILD), PlayerResult::Won, 1600.0), 7).await;
        let expected = Rating {
            player: ALICE,
            scope: Scope::Guild(GUILD),
            glicko: glicko(1600.0),
            games: 1,
            wins: 1,
            losses: 0,
            draws: 0,
            streak: 1,
            updated_at: Timestamp(7),
        };
        assert_eq!(rating.unwrap(), expected);
        assert_eq!(store.rating(ALICE, &std8(), Scope::Guild(GUILD)).await.unwrap(), Some(expected));
        assert_eq!(store.rating(ALICE, &std8(), Scope::Global).await.unwrap(), None, "scopes are separate");
        let changes = store.rating_changes(game.id).await.unwrap();
        let change = RatingChange {
            game: game.id,
            player: ALICE,
            scope: Scope::Guild(GUILD),
            rating_before: 1500.0,
            rating_after: 1600.0,
            deviation_before: 350.0,
            deviation_after: 200.0,
            created_at: Timestamp(7),
        };
        assert_eq!(changes, [change]);
    }

    async fn the_counts_and_the_streak_follow_the_results(store) {
        let results = [
            (PlayerResult::Won, 1),
            (PlayerResult::Won, 2),
            (PlayerResult::Lost, -1),
            (PlayerResult::Lost, -2),
            (PlayerResult::Drew, 0),
            (PlayerResult::Won, 1),
        ];
        for (n, (result, streak)) in results.into_iter().enumerate() {
            let game = live_game(&store, 10 + n as u64).await;
            let rating = record(&store, update(game.id, ALICE, Scope::Global, result, 1500.0), 1).await.unwrap();
            assert_eq!(rating.streak, streak, "after {n} results");
        }
        let rating = store.rating(ALICE, &std8(), Scope::Global).await.unwrap().unwrap();
        assert_eq!((rating.games, rating.wins, rating.losses, rating.draws), (6, 3, 2, 1));
    }

    async fn a_game_is_recorded_once_per_player_and_scope(store) {
        let game = live_game(&store, 1).await;
        record(&store, update(game.id, ALICE, Scope::Global, PlayerResult::Won, 1600.0), 1).await.unwrap();
        let twice = record(&store, update(game.id, ALICE, Scope::Global, PlayerResult::Won, 1700.0), 2).await;
        assert!(matches!(twice, Err(StoreError::AlreadyRecorded)), "{twice:?}");
        let rating = store.rating(ALICE, &std8(), Scope::Global).await.unwrap().unwrap();
        assert_eq!((rating.games, rating.glicko.rating), (1, 1600.0));
        assert_eq!(store.rating_changes(game.id).await.unwrap().len(), 1);
    }

    async fn a_rating_change_for_a_game_that_does_not_exist_is_not_found(store) {
        live_game(&store, 1).await;
        let result = record(&store, update(GameId(999), ALICE, Scope::Global, PlayerResult::Won, 1600.0), 1).await;
        assert!(matches!(result, Err(StoreError::NotFound)), "{result:?}");
    }

    async fn the_last_move_the_result_and_the_ratings_land_together_and_only_once(store) {
        let game = live_game(&store, 1).await;
        let (first, second) = tokio::join!(end_with_move(&store, game.id, 0), end_with_move(&store, game.id, 0));
        let results = [first, second];
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
        assert!(results.iter().any(|r| matches!(r, Err(StoreError::StaleVersion))), "{results:?}");

        let done = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((done.status, done.version, done.moves.as_str()), (GameStatus::Finished, 2, "f5d6c3"));
        assert_eq!(store.rating_changes(game.id).await.unwrap().len(), 4);
        for scope in [Scope::Guild(GUILD), Scope::Global] {
            let alice = store.rating(ALICE, &std8(), scope).await.unwrap().unwrap();
            assert_eq!((alice.games, alice.wins, alice.glicko.rating), (1, 1, 1620.0));
            let bob = store.rating(BOB, &std8(), scope).await.unwrap().unwrap();
            assert_eq!((bob.games, bob.losses, bob.glicko.rating), (1, 1, 1380.0));
        }
    }

    async fn a_stale_move_writes_no_result_and_no_rating(store) {
        let game = live_game(&store, 1).await;
        store.save_moves(game.id, 0, "f5", &NextTurn::default(), Timestamp(1)).await.unwrap();
        assert!(matches!(end_with_move(&store, game.id, 0).await, Err(StoreError::StaleVersion)));
        assert_eq!(store.game(game.id).await.unwrap().unwrap().status, GameStatus::Live);
        assert!(store.rating_changes(game.id).await.unwrap().is_empty());
        assert_eq!(store.rating(ALICE, &std8(), Scope::Global).await.unwrap(), None);
    }

    async fn the_leaderboard_lists_the_best_first_with_shared_ranks_for_ties(store) {
        let here = Scope::Guild(GUILD);
        standings(&store, here, &[(ALICE, 1550.0, 1), (BOB, 1700.0, 1), (CAROL, 1550.0, 2), (BOT, 1400.0, 1)]).await;
        standings(&store, Scope::Global, &[(ALICE, 2000.0, 1)]).await;

        let board = store.leaderboard(&std8(), here, 10).await.unwrap();
        let lines: Vec<(u32, &str, f64, u32)> =
            board.iter().map(|e| (e.rank, e.name.as_str(), e.rating.glicko.rating, e.rating.games)).collect();
        assert_eq!(lines, [(1, "Bob", 1700.0, 1), (2, "Carol", 1550.0, 2), (2, "Alice", 1550.0, 1), (4, "Bot", 1400.0, 1)]);
        assert!(board[3].is_bot && !board[0].is_bot);
        assert_eq!(board[1].rating.wins, 2);
        let names = |board: Vec<LeaderboardEntry>| board.into_iter().map(|e| e.name).collect::<Vec<_>>();
        assert_eq!(names(store.leaderboard(&std8(), here, 2).await.unwrap()), ["Bob", "Carol"]);
        assert_eq!(names(store.leaderboard(&std8(), Scope::Global, 10).await.unwrap()), ["Alice"]);
    }

    async fn a_players_rank_counts_those_rated_higher_in_the_scope(store) {
        let here = Scope::Guild(GUILD);
        standings(&store, here, &[(ALICE, 1550.0, 1), (BOB, 1700.0, 1), (CAROL, 1550.0, 1)]).await;
        standings(&store, Scope::Global, &[(BOT, 1800.0, 1)]).await;
        assert_eq!(store.rank(BOB, &std8(), here).await.unwrap(), Some(Rank { place: 1, out_of: 3 }));
        assert_eq!(store.rank(ALICE, &std8(), here).await.unwrap(), Some(Rank { place: 2, out_of: 3 }));
        assert_eq!(store.rank(CAROL, &std8(), here).await.unwrap(), Some(Rank { place: 2, out_of: 3 }));
        assert_eq!(store.rank(BOT, &std8(), here).await.unwrap(), None);
        assert_eq!(store.rank(BOT, &std8(), Scope::Global).await.unwrap(), Some(Rank { place: 1, out_of: 1 }));
    }
}
