//! Tests of the season tables: a plan that keeps its running season when set again, a season
//! closed once (also by two closers at once), its table (the minimum of games, the rating at the
//! season's end, one table per ladder), the announcement noted once, a deleted player's lines and
//! a player's placings.

use std::sync::atomic::{AtomicU64, Ordering};

use super::*;
use crate::engine::Rules;
use crate::store::Store;
use crate::store::fixtures::{ALICE, BOB, CAROL, GUILD, live_game};
use crate::store::queries::*;
use crate::store::testing::store_tests;
use crate::store::{Glicko, PlayerResult, RatingUpdate};

/// October's window in these tests: from 100 to 200.
fn october() -> SeasonWindow {
    SeasonWindow { key: "2026-10".into(), starts_at: Timestamp(100), ends_at: Timestamp(200) }
}

/// The fewest games that count in these tests.
const MIN: u32 = 3;

/// Channels for the games, each used once.
static NEXT_CHANNEL: AtomicU64 = AtomicU64::new(5_000);

/// One rated game for `player` on `ladder` in `scope`, recorded at `at`, after which their rating
/// is `after`.
async fn rated(store: &Store, player: UserId, ladder: &Ladder, scope: Scope, after: f64, at: i64) {
    let game = live_game(store, NEXT_CHANNEL.fetch_add(1, Ordering::Relaxed)).await;
    let glicko = |rating| Glicko { rating, deviation: 120.0, volatility: 0.06 };
    let update = RatingUpdate {
        game: game.id,
        player,
        ladder: ladder.clone(),
        scope,
        result: PlayerResult::Won,
        before: glicko(1500.0),
        after: glicko(after),
    };
    let mut tx = store.begin().await.unwrap();
    tx.record_rating(&update, Timestamp(at)).await.unwrap();
    tx.commit().await.unwrap();
}

/// Games for `player` on Othello in the server, one per `(rating after, time)`.
async fn games(store: &Store, player: UserId, played: &[(f64, i64)]) {
    for &(after, at) in played {
        rated(store, player, &Ladder::standard(), Scope::Guild(GUILD), after, at).await;
    }
}

/// A monthly plan for the server whose season ends at 200, announced in channel 60.
async fn plan(store: &Store) -> SeasonPlan {
    store.set_season_plan(GUILD, Cadence::Monthly, Some(ChannelId(60)), Timestamp(200), Timestamp(1)).await.unwrap()
}

/// Closes `window` of `plan` in a transaction of its own.
async fn close(store: &Store, plan: &SeasonPlan, window: &SeasonWindow) -> Option<ClosedSeason> {
    let mut tx = store.begin().await.unwrap();
    let closed = tx.close_season(plan, window, Timestamp(300), MIN, Timestamp(210)).await.unwrap();
    tx.commit().await.unwrap();
    closed
}

/// Who is placed where, with their rating and games.
fn lines(table: &[SeasonStanding]) -> Vec<(u32, UserId, f64, u32)> {
    table.iter().map(|s| (s.rank, s.player, s.rating, s.games)).collect()
}

store_tests! {
    async fn a_plan_set_again_with_the_same_length_keeps_its_running_season(store) {
        assert_eq!(store.season_plan(GUILD).await.unwrap(), None, "seasons are off at first");
        let first = plan(&store).await;
        assert_eq!((first.cadence, first.due_at, first.channel), (Cadence::Monthly, Timestamp(200), Some(ChannelId(60))));
        let again = store.set_season_plan(GUILD, Cadence::Monthly, Some(ChannelId(61)), Timestamp(999), Timestamp(2)).await;
        assert_eq!(again.unwrap(), SeasonPlan { channel: Some(ChannelId(61)), ..first }, "same end, new channel");
        let quarterly = store.set_season_plan(GUILD, Cadence::Quarterly, None, Timestamp(400), Timestamp(3)).await.unwrap();
        assert_eq!((quarterly.cadence, quarterly.due_at), (Cadence::Quarterly, Timestamp(400)), "a new length starts anew");
        assert_eq!(store.due_season_plans(Timestamp(399), 10).await.unwrap(), vec![]);
        assert_eq!(store.due_season_plans(Timestamp(400), 10).await.unwrap(), vec![quarterly]);
        assert!(store.end_season_plan(GUILD).await.unwrap());
        assert!(!store.end_season_plan(GUILD).await.unwrap());
        assert_eq!(store.season_plan(GUILD).await.unwrap(), None);
    }

    async fn a_closed_seasons_table_holds_those_with_enough_games_ranked_by_their_rating_at_its_end(store) {
        live_game(&store, 1).await;
        // Alice: three games in October, ending on 1700; a later game (November's) does not count.
        games(&store, ALICE, &[(1600.0, 100), (1650.0, 150), (1700.0, 199), (1900.0, 200)]).await;
        // Bob: a game in September and three in October, ending on 1720 after a peak of 1800.
        games(&store, BOB, &[(1400.0, 99), (1800.0, 120), (1750.0, 130), (1720.0, 140)]).await;
        // Carol: two games in October, one short of the minimum, and three in another server.
        games(&store, CAROL, &[(1990.0, 110), (1995.0, 120)]).await;
        for at in [110, 120, 130] {
            rated(&store, CAROL, &Ladder::standard(), Scope::Guild(GuildId(8)), 2000.0, at).await;
        }
        // Alice also played three games of Ravensburger's in October: a table of its own.
        let ravensburger = Ladder::of(&Rules::ravensburger());
        for (after, at) in [(1510.0, 101), (1520.0, 102), (1530.0, 103)] {
            rated(&store, ALICE, &ravensburger, Scope::Guild(GUILD), after, at).await;
        }

        let running = store.season_table(GUILD, &Ladder::standard(), &october(), MIN, 10).await.unwrap();
        assert_eq!(lines(&running), vec![(1, BOB, 1720.0, 3), (2, ALICE, 1700.0, 3)]);
        assert_eq!(running[0].name, "Bob");
        assert_eq!(store.season_games(GUILD, &Ladder::standard(), CAROL, &october()).await.unwrap(), 2);

        let season = close(&store, &plan(&store).await, &october()).await.expect("closed");
        assert_eq!((&season.window, season.closed_at, season.announced_at), (&october(), Timestamp(210), None));
        let table = store.season_standings(season.id, Some(&Ladder::standard()), 10).await.unwrap();
        assert_eq!(table, running, "the kept table is the season's");
        let other = store.season_standings(season.id, Some(&ravensburger), 10).await.unwrap();
        assert_eq!(lines(&other), vec![(1, ALICE, 1530.0, 3)]);
        let podiums = store.season_standings(season.id, None, 1).await.unwrap();
        assert_eq!(podiums.iter().map(|s| (s.ladder.clone(), s.player)).collect::<Vec<_>>(),
            vec![(Ladder::standard(), BOB), (ravensburger, ALICE)]);
        assert_eq!(store.season_standing_of(season.id, &Ladder::standard(), ALICE).await.unwrap().map(|s| s.rank), Some(2));
        assert_eq!(store.season_standing_of(season.id, &Ladder::standard(), CAROL).await.unwrap(), None);
        assert_eq!(store.closed_season(GUILD, "2026-10").await.unwrap(), Some(season.clone()));
        assert_eq!(store.closed_season(GUILD, "2026-09").await.unwrap(), None);
        assert_eq!(store.closed_season(GuildId(8), "2026-10").await.unwrap(), None, "another server's");
        assert_eq!(store.closed_seasons(GUILD, 5).await.unwrap(), vec![season]);
    }

    async fn equal_ratings_share_a_place_and_more_games_come_first(store) {
        live_game(&store, 1).await;
        games(&store, ALICE, &[(1600.0, 100), (1600.0, 110), (1650.0, 120)]).await;
        games(&store, BOB, &[(1600.0, 100), (1600.0, 110), (1600.0, 120), (1650.0, 130)]).await;
        games(&store, CAROL, &[(1600.0, 100), (1600.0, 110), (1640.0, 120)]).await;
        let table = store.season_table(GUILD, &Ladder::standard(), &october(), MIN, 10).await.unwrap();
        assert_eq!(lines(&table), vec![(1, BOB, 1650.0, 4), (1, ALICE, 1650.0, 3), (3, CAROL, 1640.0, 3)]);
        let top = store.season_table(GUILD, &Ladder::standard(), &october(), MIN, 1).await.unwrap();
        assert_eq!(lines(&top), vec![(1, BOB, 1650.0, 4)]);
    }

    async fn a_season_is_closed_once_however_many_try(store) {
        live_game(&store, 1).await;
        games(&store, ALICE, &[(1600.0, 100), (1650.0, 150), (1700.0, 199)]).await;
        let monthly = plan(&store).await;
        // Two closers at once (two processes' sweeps): one closes it, the other finds it done.
        let window = october();
        let (first, second) = tokio::join!(close(&store, &monthly, &window), close(&store, &monthly, &window));
        assert_eq!(u8::from(first.is_some()) + u8::from(second.is_some()), 1, "{first:?} {second:?}");
        // A late closer with the plan as it was read before.
        assert_eq!(close(&store, &monthly, &october()).await, None);
        let season = first.or(second).unwrap();
        assert_eq!(store.season_standings(season.id, None, 10).await.unwrap().len(), 1, "one table, not two");
        assert_eq!(store.season_plan(GUILD).await.unwrap().unwrap().due_at, Timestamp(300), "the next season runs");
        // Even with the plan moved back (seasons turned off and on), the key keeps it closed once.
        store.end_season_plan(GUILD).await.unwrap();
        let again = plan(&store).await;
        assert_eq!(close(&store, &again, &october()).await, None);
        assert_eq!(store.closed_seasons(GUILD, 5).await.unwrap().len(), 1);
    }

    async fn a_season_nobody_qualified_in_is_kept_with_nothing_to_announce(store) {
        live_game(&store, 1).await;
        games(&store, ALICE, &[(1600.0, 100)]).await;
        let empty = close(&store, &plan(&store).await, &october()).await.expect("closed");
        assert_eq!(empty.announced_at, Some(empty.closed_at));
        assert_eq!(store.unannounced_seasons(10).await.unwrap(), vec![]);
        assert_eq!(store.season_standings(empty.id, None, 10).await.unwrap(), vec![]);
    }

    async fn a_closed_season_waits_for_its_announcement_which_is_noted_once(store) {
        live_game(&store, 1).await;
        games(&store, ALICE, &[(1600.0, 100), (1650.0, 150), (1700.0, 199)]).await;
        let season = close(&store, &plan(&store).await, &october()).await.expect("closed");
        assert_eq!(store.unannounced_seasons(10).await.unwrap(), vec![season.clone()]);
        store.mark_season_announced(season.id, Timestamp(220)).await.unwrap();
        store.mark_season_announced(season.id, Timestamp(230)).await.unwrap();
        assert_eq!(store.unannounced_seasons(10).await.unwrap(), vec![]);
        let kept = store.closed_season(GUILD, "2026-10").await.unwrap().unwrap();
        assert_eq!(kept.announced_at, Some(Timestamp(220)), "the first note counts");
    }

    async fn a_season_closed_in_a_server_with_no_channel_known_is_kept_unannounced(store) {
        live_game(&store, 1).await;
        games(&store, ALICE, &[(1600.0, 100), (1650.0, 150), (1700.0, 199)]).await;
        let plan = store.set_season_plan(GUILD, Cadence::Monthly, None, Timestamp(200), Timestamp(1)).await.unwrap();
        let season = close(&store, &plan, &october()).await.expect("closed");
        assert_eq!((season.channel, season.announced_at), (None, None));
        assert_eq!(store.unannounced_seasons(10).await.unwrap(), vec![], "nowhere to post it");
        assert_eq!(store.season_standings(season.id, None, 10).await.unwrap().len(), 1, "the table is kept");
    }

    async fn a_deleted_players_lines_go_to_an_anonymous_player_and_a_players_placings_are_theirs(store) {
        live_game(&store, 1).await;
        games(&store, ALICE, &[(1600.0, 100), (1650.0, 150), (1700.0, 199)]).await;
        games(&store, BOB, &[(1600.0, 100), (1610.0, 150), (1620.0, 160)]).await;
        let season = close(&store, &plan(&store).await, &october()).await.expect("closed");
        let placings = store.season_placings_of(BOB).await.unwrap();
        assert_eq!(placings, vec![SeasonPlacing {
            guild: GUILD,
            window: october(),
            ladder: Ladder::standard(),
            rank: 2,
            rating: 1620.0,
            games: 3,
        }]);

        let mut tx = store.begin().await.unwrap();
        let forgotten = tx.forget_player(ALICE, Timestamp(300)).await.unwrap();
        tx.commit().await.unwrap();
        let anonymous = forgotten.anonymous.expect("an anonymous player takes Alice's seat");
        let table = store.season_standings(season.id, Some(&Ladder::standard()), 10).await.unwrap();
        assert_eq!(lines(&table), vec![(1, anonymous, 1700.0, 3), (2, BOB, 1620.0, 3)]);
        assert!(table[0].anonymous && table[0].name.is_empty(), "no name is kept");
        assert_eq!(store.season_placings_of(ALICE).await.unwrap(), vec![]);
        // The running season's table comes from rating changes, which went with her.
        let running = store.season_table(GUILD, &Ladder::standard(), &october(), MIN, 10).await.unwrap();
        assert_eq!(lines(&running), vec![(1, BOB, 1620.0, 3)]);
    }
}
