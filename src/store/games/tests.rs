//! Tests of the games table: one live game per channel, compare-and-set moves, endings inside
//! transactions, the sweeps, history and head-to-head counts.

use super::*;
use crate::engine::BoardSize;
use crate::store::fixtures::{ALICE, BOB, BOT, CAROL, GUILD, live_game, new_game, players};
use crate::store::testing::store_tests;
use crate::store::{BotLease, NextTurn, Store};

fn ending(winner: Option<Color>, reason: EndReason) -> Ending {
    Ending { winner, black: 40, white: 24, reason }
}

/// Starts a game from `game` and finishes it at `at` with `winner`.
async fn played(store: &Store, game: NewGame, winner: Option<Color>, at: i64) -> GameRecord {
    let record = store.create_game(&game, Timestamp(at)).await.unwrap();
    store.finish_game(record.id, record.version, &ending(winner, EndReason::Normal), Timestamp(at)).await.unwrap();
    store.game(record.id).await.unwrap().unwrap()
}

#[test]
fn a_record_tells_who_plays_which_colour_and_where_it_counts() {
    let game = GameRecord {
        id: GameId(1),
        guild: None,
        channel: Some(ChannelId(1)),
        black: ALICE,
        white: BOB,
        bot_level: None,
        rated: false,
        rules: Rules::default(),
        moves: String::new(),
        version: 0,
        status: GameStatus::Live,
        ending: None,
        created_at: Timestamp(0),
        updated_at: Timestamp(0),
        deadline: None,
        reminded_at: None,
        board_message: None,
        to_move: None,
        bot_lease: None,
    };
    assert_eq!(
        (game.color_of(ALICE), game.color_of(BOB), game.color_of(CAROL)),
        (Some(Color::Black), Some(Color::White), None)
    );
    assert_eq!((game.player(Color::Black), game.player(Color::White)), (ALICE, BOB));
    assert_eq!(game.scope(), Scope::Global);
}

store_tests! {
    async fn a_row_with_corrupt_rules_is_a_typed_error(store) {
        let game = live_game(&store, 1).await;
        store.execute_for_test("UPDATE games SET rules = 'not json' WHERE id = $1", game.id.0).await;
        assert!(matches!(store.game(game.id).await, Err(StoreError::CorruptRules(_))));
        assert!(matches!(store.live_games().await, Err(StoreError::CorruptRules(_))));
    }

    async fn a_new_game_is_live_at_version_zero_and_found_by_id_and_channel(store) {
        let game = live_game(&store, 1).await;
        assert_eq!((game.status, game.version, game.moves.as_str()), (GameStatus::Live, 0, ""));
        assert_eq!((game.black, game.white, game.guild, game.rules), (ALICE, BOB, Some(GUILD), Rules::default()));
        assert_eq!(game.ending, None);
        assert_eq!(store.game(game.id).await.unwrap(), Some(game.clone()));
        assert_eq!(store.live_game_in(ChannelId(1)).await.unwrap(), Some(game));
        assert_eq!(store.live_game_in(ChannelId(2)).await.unwrap(), None);
        assert_eq!(store.game(GameId(999)).await.unwrap(), None);
    }

    async fn a_second_live_game_in_a_channel_is_refused_by_the_database(store) {
        live_game(&store, 1).await;
        let second = NewGame { black: CAROL, ..new_game(1) };
        assert!(matches!(store.create_game(&second, Timestamp(1)).await, Err(StoreError::ChannelBusy)));
        store.create_game(&new_game(2), Timestamp(1)).await.expect("another channel is free");
    }

    async fn a_finished_game_frees_its_channel(store) {
        let game = live_game(&store, 1).await;
        let version = store.finish_game(game.id, 0, &ending(Some(Color::Black), EndReason::Normal), Timestamp(5)).await;
        assert_eq!(version.unwrap(), 1);
        assert_eq!(store.live_game_in(ChannelId(1)).await.unwrap(), None);
        let finished = store.game(game.id).await.unwrap().unwrap();
        assert_eq!(finished.status, GameStatus::Finished);
        assert_eq!(finished.ending, Some(ending(Some(Color::Black), EndReason::Normal)));
        store.create_game(&new_game(1), Timestamp(6)).await.expect("the channel is free again");
    }

    async fn an_aborted_game_frees_its_channel_and_has_no_winner(store) {
        let game = live_game(&store, 1).await;
        let with_winner =
            store.finish_game(game.id, 0, &ending(Some(Color::White), EndReason::Aborted), Timestamp(5)).await;
        assert!(matches!(with_winner, Err(StoreError::Database(_))), "the schema refuses a winner: {with_winner:?}");
        store.finish_game(game.id, 0, &ending(None, EndReason::Aborted), Timestamp(5)).await.unwrap();
        let aborted = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((aborted.status, aborted.ending.map(|e| e.reason)), (GameStatus::Aborted, Some(EndReason::Aborted)));
        store.create_game(&new_game(1), Timestamp(6)).await.expect("the channel is free again");
    }

    async fn a_game_with_a_player_never_seen_is_refused(store) {
        let result = store.create_game(&new_game(1), Timestamp(0)).await;
        assert!(matches!(result, Err(StoreError::UnknownPlayer)), "{result:?}");
    }

    async fn saving_moves_bumps_the_version_sets_the_deadline_and_clears_the_reminder(store) {
        let game = live_game(&store, 1).await;
        assert!(store.mark_reminded(game.id, 0, Timestamp(3)).await.unwrap());
        let version = store.save_moves(game.id, 0, "f5", &NextTurn { deadline: Some(Timestamp(100)), ..NextTurn::default() }, Timestamp(4)).await.unwrap();
        assert_eq!(version, 1);
        let saved = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((saved.moves.as_str(), saved.version, saved.deadline), ("f5", 1, Some(Timestamp(100))));
        assert_eq!((saved.reminded_at, saved.updated_at, saved.created_at), (None, Timestamp(4), Timestamp(0)));
    }

    async fn a_stale_version_is_rejected_and_writes_nothing(store) {
        let game = live_game(&store, 1).await;
        store.save_moves(game.id, 0, "f5", &NextTurn::default(), Timestamp(1)).await.unwrap();
        let stale = store.save_moves(game.id, 0, "d3", &NextTurn::default(), Timestamp(2)).await;
        assert!(matches!(stale, Err(StoreError::StaleVersion)), "{stale:?}");
        let stale_end = store.finish_game(game.id, 0, &ending(None, EndReason::Resignation), Timestamp(2)).await;
        assert!(matches!(stale_end, Err(StoreError::StaleVersion)), "{stale_end:?}");
        let saved = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((saved.moves.as_str(), saved.version, saved.status), ("f5", 1, GameStatus::Live));
    }

    async fn a_double_click_applies_the_move_once(store) {
        let game = live_game(&store, 1).await;
        let next = NextTurn::default();
        let (first, second) = tokio::join!(
            store.save_moves(game.id, 0, "f5", &next, Timestamp(1)),
            store.save_moves(game.id, 0, "f5", &next, Timestamp(1)),
        );
        let results = [first, second];
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
        assert!(results.iter().any(|r| matches!(r, Err(StoreError::StaleVersion))), "{results:?}");
        assert_eq!(store.game(game.id).await.unwrap().unwrap().version, 1);
    }

    async fn writing_to_a_game_that_is_over_or_unknown_is_a_typed_error(store) {
        let game = live_game(&store, 1).await;
        store.finish_game(game.id, 0, &ending(Some(Color::Black), EndReason::Timeout), Timestamp(1)).await.unwrap();
        assert!(matches!(store.save_moves(game.id, 1, "f5", &NextTurn::default(), Timestamp(2)).await, Err(StoreError::GameOver)));
        let again = store.finish_game(game.id, 1, &ending(None, EndReason::Normal), Timestamp(2)).await;
        assert!(matches!(again, Err(StoreError::GameOver)), "{again:?}");
        assert!(matches!(store.save_moves(GameId(999), 0, "f5", &NextTurn::default(), Timestamp(2)).await, Err(StoreError::NotFound)));
    }

    async fn the_last_move_and_the_result_commit_together(store) {
        let game = live_game(&store, 1).await;
        let mut tx = store.begin().await.unwrap();
        let version = tx.save_moves(game.id, 0, "f5d6c3", &NextTurn::default(), Timestamp(1)).await.unwrap();
        let version = tx.finish_game(game.id, version, &ending(Some(Color::White), EndReason::Normal), Timestamp(1)).await;
        assert_eq!(version.unwrap(), 2);
        assert_eq!(tx.game(game.id).await.unwrap().unwrap().status, GameStatus::Finished, "visible inside");
        tx.commit().await.unwrap();
        let done = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((done.moves.as_str(), done.status, done.version), ("f5d6c3", GameStatus::Finished, 2));
    }

    async fn a_transaction_dropped_or_rolled_back_writes_nothing(store) {
        let game = live_game(&store, 1).await;
        let mut tx = store.begin().await.unwrap();
        tx.save_moves(game.id, 0, "f5", &NextTurn::default(), Timestamp(1)).await.unwrap();
        drop(tx);
        let mut tx = store.begin().await.unwrap();
        tx.create_game(&new_game(2), Timestamp(1)).await.unwrap();
        tx.rollback().await.unwrap();
        assert_eq!(store.game(game.id).await.unwrap(), Some(game));
        assert_eq!(store.live_game_in(ChannelId(2)).await.unwrap(), None);
    }

    async fn overdue_games_are_the_live_ones_past_their_deadline(store) {
        players(&store).await;
        let early = store.create_game(&NewGame { deadline: Some(Timestamp(50)), ..new_game(1) }, Timestamp(0)).await;
        let due = store.create_game(&NewGame { deadline: Some(Timestamp(100)), ..new_game(2) }, Timestamp(0)).await;
        store.create_game(&NewGame { deadline: Some(Timestamp(101)), ..new_game(3) }, Timestamp(0)).await.unwrap();
        store.create_game(&new_game(4), Timestamp(0)).await.unwrap();
        let ended = store.create_game(&NewGame { deadline: Some(Timestamp(10)), ..new_game(5) }, Timestamp(0)).await;
        let ended = ended.unwrap();
        store.finish_game(ended.id, 0, &ending(None, EndReason::Resignation), Timestamp(1)).await.unwrap();

        let overdue: Vec<GameId> = store.overdue_games(Timestamp(100)).await.unwrap().iter().map(|g| g.id).collect();
        assert_eq!(overdue, [early.unwrap().id, due.unwrap().id]);
        assert!(store.overdue_games(Timestamp(49)).await.unwrap().is_empty());
    }

    async fn a_reminder_falls_due_within_the_window_once_per_move(store) {
        players(&store).await;
        let game = store.create_game(&NewGame { deadline: Some(Timestamp(100)), ..new_game(1) }, Timestamp(0)).await;
        let game = game.unwrap();
        store.create_game(&NewGame { deadline: Some(Timestamp(500)), ..new_game(2) }, Timestamp(0)).await.unwrap();
        store.create_game(&NewGame { deadline: Some(Timestamp(10)), ..new_game(3) }, Timestamp(0)).await.unwrap();

        let due = store.games_due_reminder(Timestamp(20), Timestamp(120)).await.unwrap();
        assert_eq!(due.iter().map(|g| g.id).collect::<Vec<_>>(), [game.id], "not the far one, not the overdue one");
        assert!(store.mark_reminded(game.id, game.version, Timestamp(20)).await.unwrap());
        assert!(store.games_due_reminder(Timestamp(21), Timestamp(121)).await.unwrap().is_empty(), "reminded once");

        store.save_moves(game.id, game.version, "f5", &NextTurn { deadline: Some(Timestamp(130)), ..NextTurn::default() }, Timestamp(30)).await.unwrap();
        let due = store.games_due_reminder(Timestamp(40), Timestamp(140)).await.unwrap();
        assert_eq!(due.iter().map(|g| g.id).collect::<Vec<_>>(), [game.id], "the next move gets its own reminder");
    }

    async fn marking_a_reminder_on_a_game_that_moved_on_writes_nothing(store) {
        let game = live_game(&store, 1).await;
        store.save_moves(game.id, 0, "f5", &NextTurn { deadline: Some(Timestamp(100)), ..NextTurn::default() }, Timestamp(1)).await.unwrap();
        assert!(!store.mark_reminded(game.id, 0, Timestamp(2)).await.unwrap());
        assert_eq!(store.game(game.id).await.unwrap().unwrap().reminded_at, None);
    }

    async fn live_games_lists_every_live_game_for_a_restart(store) {
        let first = live_game(&store, 1).await;
        let bot_game = NewGame { white: BOT, bot_level: Some(4), rated: false, ..new_game(2) };
        let second = store.create_game(&bot_game, Timestamp(0)).await.unwrap();
        let over = store.create_game(&new_game(3), Timestamp(0)).await.unwrap();
        store.finish_game(over.id, 0, &ending(None, EndReason::Aborted), Timestamp(1)).await.unwrap();
        let live = store.live_games().await.unwrap();
        assert_eq!(live, [first, second.clone()]);
        assert_eq!((second.bot_level, second.rated), (Some(4), false));
    }

    async fn the_board_message_is_remembered_without_changing_the_version(store) {
        let game = live_game(&store, 1).await;
        let board = BoardMessage { channel: ChannelId(1), message: MessageId(555) };
        store.set_board_message(game.id, board).await.unwrap();
        let saved = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((saved.board_message, saved.version), (Some(board), 0));
        assert!(matches!(store.set_board_message(GameId(999), board).await, Err(StoreError::NotFound)));
    }

    async fn history_lists_a_players_finished_games_newest_first_in_a_scope(store) {
        players(&store).await;
        let first = played(&store, new_game(1), Some(Color::Black), 10).await;
        let elsewhere = played(&store, NewGame { guild: Some(GuildId(8)), ..new_game(2) }, None, 20).await;
        let in_dm = played(&store, NewGame { guild: None, black: BOB, white: ALICE, ..new_game(3) }, None, 30).await;
        let latest = played(&store, new_game(1), Some(Color::White), 40).await;
        played(&store, NewGame { black: CAROL, ..new_game(4) }, None, 50).await;
        live_game(&store, 5).await;

        let ids = |games: Vec<GameRecord>| games.iter().map(|g| g.id).collect::<Vec<_>>();
        let global = store.finished_games(ALICE, Scope::Global, 10).await.unwrap();
        assert_eq!(ids(global), [latest.id, in_dm.id, elsewhere.id, first.id]);
        let here = store.finished_games(ALICE, Scope::Guild(GUILD), 10).await.unwrap();
        assert_eq!(here.first().and_then(|g| g.ending), latest.ending);
        assert_eq!(ids(here), [latest.id, first.id]);
        assert_eq!(ids(store.finished_games(ALICE, Scope::Global, 2).await.unwrap()), [latest.id, in_dm.id]);
    }

    async fn head_to_head_counts_from_either_side_in_a_scope(store) {
        players(&store).await;
        played(&store, new_game(1), Some(Color::Black), 1).await; // Alice beats Bob
        played(&store, NewGame { black: BOB, white: ALICE, ..new_game(1) }, Some(Color::Black), 2).await; // Bob beats Alice
        played(&store, NewGame { rated: false, ..new_game(1) }, Some(Color::Black), 3).await; // Alice, casual
        played(&store, NewGame { guild: Some(GuildId(8)), ..new_game(2) }, None, 4).await; // a draw elsewhere
        played(&store, NewGame { white: CAROL, ..new_game(3) }, Some(Color::Black), 5).await; // not against Bob
        let aborted = store.create_game(&new_game(4), Timestamp(6)).await.unwrap();
        store.finish_game(aborted.id, 0, &ending(None, EndReason::Aborted), Timestamp(6)).await.unwrap();

        let global = store.head_to_head(ALICE, BOB, Scope::Global).await.unwrap();
        assert_eq!(global, Tally { wins: 2, losses: 1, draws: 1 });
        assert_eq!(
            store.head_to_head(BOB, ALICE, Scope::Global).await.unwrap(),
            Tally { wins: 1, losses: 2, draws: 1 }
        );
        let here = store.head_to_head(ALICE, BOB, Scope::Guild(GUILD)).await.unwrap();
        assert_eq!(here, Tally { wins: 2, losses: 1, draws: 0 });
        assert_eq!(store.head_to_head(BOB, CAROL, Scope::Global).await.unwrap(), Tally::default());
    }

    async fn the_rules_are_stored_whole(store) {
        players(&store).await;
        let game = store.create_game(&NewGame { rules: Rules::ravensburger(), ..new_game(1) }, Timestamp(0)).await;
        assert_eq!(store.game(game.unwrap().id).await.unwrap().unwrap().rules, Rules::ravensburger());
    }

    async fn the_latest_game_of_a_channel_is_the_newest_whatever_its_status(store) {
        players(&store).await;
        assert_eq!(store.latest_game_in(ChannelId(1)).await.unwrap(), None);
        let first = played(&store, new_game(1), Some(Color::Black), 10).await;
        assert_eq!(store.latest_game_in(ChannelId(1)).await.unwrap().map(|g| g.id), Some(first.id));
        let second = store.create_game(&new_game(1), Timestamp(20)).await.unwrap();
        assert_eq!(store.latest_game_in(ChannelId(1)).await.unwrap().map(|g| g.id), Some(second.id));
        assert_eq!(store.latest_game_in(ChannelId(2)).await.unwrap(), None);
    }

    async fn the_bots_moves_are_claimed_once_and_a_lapsed_lease_is_taken_over(store) {
        players(&store).await;
        let held = BotLease { owner: "process A".into(), until: Timestamp(100) };
        // Three games where the bot plays black: free, held by A, and one where Alice is to move.
        let free = store.create_game(&NewGame { black: BOT, ..new_game(1) }, Timestamp(0)).await.unwrap();
        let taken = store
            .create_game(&NewGame { black: BOT, bot_lease: Some(held.clone()), ..new_game(2) }, Timestamp(0))
            .await
            .unwrap();
        store.create_game(&new_game(3), Timestamp(0)).await.unwrap();
        assert_eq!((free.to_move, taken.bot_lease.clone()), (Some(BOT), Some(held)));
        let b = BotLease { owner: "process B".into(), until: Timestamp(200) };
        let c = BotLease { owner: "process C".into(), until: Timestamp(200) };
        let (by_b, by_c) =
            tokio::join!(store.claim_bot_moves(BOT, &b, Timestamp(50), 10), store.claim_bot_moves(BOT, &c, Timestamp(50), 10));
        let (by_b, by_c) = (by_b.unwrap(), by_c.unwrap());
        let claimed: Vec<GameId> = by_b.iter().chain(&by_c).map(|g| g.id).collect();
        assert_eq!(claimed, [free.id], "the free game once, the held one not at all");
        let c_won_the_free_game = !by_c.is_empty();
        // A's lease lapses at 100: someone else takes it over, once.
        let later = store.claim_bot_moves(BOT, &c, Timestamp(150), 10).await.unwrap();
        assert_eq!(later.iter().map(|g| g.id).collect::<Vec<_>>(), [taken.id]);
        assert_eq!(later[0].bot_lease.as_ref().map(|l| l.owner.as_str()), Some("process C"));
        assert!(store.claim_bot_moves(BOT, &b, Timestamp(150), 10).await.unwrap().is_empty());
        // C stops cleanly: its leases are given back and anyone may claim those moves at once.
        let held_by_c = 1 + u64::from(c_won_the_free_game);
        assert_eq!(store.release_bot_leases("process C").await.unwrap(), held_by_c);
        let again = store.claim_bot_moves(BOT, &b, Timestamp(151), 10).await.unwrap();
        assert_eq!(again.len() as u64, held_by_c);
    }

    async fn a_move_notes_who_is_next_and_the_lease_and_an_ending_clears_them(store) {
        let game = live_game(&store, 1).await;
        assert_eq!(game.to_move, Some(ALICE), "black is to move first");
        let lease = BotLease { owner: "me".into(), until: Timestamp(9) };
        let next = NextTurn { deadline: None, to_move: Some(BOB), bot_lease: Some(lease.clone()) };
        store.save_moves(game.id, 0, "f5", &next, Timestamp(1)).await.unwrap();
        let saved = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((saved.to_move, saved.bot_lease), (Some(BOB), Some(lease)));
        store.finish_game(game.id, 1, &ending(None, EndReason::Aborted), Timestamp(2)).await.unwrap();
        let over = store.game(game.id).await.unwrap().unwrap();
        assert_eq!((over.to_move, over.bot_lease), (None, None));
    }

    async fn a_reminder_is_marked_once_even_when_two_processes_send_it(store) {
        let game = live_game(&store, 1).await;
        let (first, second) =
            tokio::join!(store.mark_reminded(game.id, 0, Timestamp(5)), store.mark_reminded(game.id, 0, Timestamp(5)));
        assert_eq!([first.unwrap(), second.unwrap()].iter().filter(|marked| **marked).count(), 1);
    }

    async fn unrated_games_are_counted_apart_from_rated_ones(store) {
        players(&store).await;
        let casual = NewGame { rated: false, ..new_game(1) };
        played(&store, casual.clone(), Some(Color::Black), 1).await;
        played(&store, NewGame { channel: ChannelId(2), ..casual.clone() }, None, 2).await;
        let against_bot = NewGame { white: BOT, bot_level: Some(3), rated: false, channel: ChannelId(3), ..new_game(3) };
        played(&store, against_bot, Some(Color::White), 3).await;
        played(&store, new_game(4), Some(Color::Black), 4).await;
        let ten = NewGame { rated: false, channel: ChannelId(5), rules: Rules::default().on(BoardSize::Ten), ..new_game(5) };
        played(&store, ten, Some(Color::Black), 5).await;
        let alice = store.unrated_tallies(ALICE, Scope::Global, Ladder::standard()).await.unwrap();
        assert_eq!(alice.casual, Tally { wins: 1, losses: 0, draws: 1 });
        assert_eq!(alice.bot, Tally { wins: 0, losses: 1, draws: 0 });
        let bob = store.unrated_tallies(BOB, Scope::Global, Ladder::standard()).await.unwrap();
        assert_eq!(bob.casual, Tally { wins: 0, losses: 1, draws: 1 });
        assert_eq!(bob.bot, Tally::default());
        // A 10x10 game counts on its own ladder only.
        let ten_ladder = Ladder::of(&Rules::default().on(BoardSize::Ten));
        let alice_ten = store.unrated_tallies(ALICE, Scope::Global, ten_ladder).await.unwrap();
        assert_eq!(alice_ten.casual, Tally { wins: 1, losses: 0, draws: 0 });
    }
}

/// The games a review or an analysis looks for.
mod over {
    use super::*;

    store_tests! {
        async fn the_latest_game_over_in_a_channel_skips_the_live_one_and_a_live_rated_game_is_found_by_player(store) {
            players(&store).await;
            assert_eq!(store.latest_over_game_in(ChannelId(1)).await.unwrap(), None);
            let first = played(&store, new_game(1), Some(Color::Black), 10).await;
            let live = store.create_game(&new_game(1), Timestamp(20)).await.unwrap();
            assert_eq!(store.latest_over_game_in(ChannelId(1)).await.unwrap().map(|g| g.id), Some(first.id));
            assert_eq!(store.latest_over_game_in(ChannelId(2)).await.unwrap(), None);
            assert_eq!(store.live_rated_game_of(BOB).await.unwrap().map(|g| g.id), Some(live.id));
            assert_eq!(store.live_rated_game_of(CAROL).await.unwrap(), None);
            let casual = NewGame { black: CAROL, white: BOT, rated: false, ..new_game(3) };
            store.create_game(&casual, Timestamp(30)).await.unwrap();
            assert_eq!(store.live_rated_game_of(CAROL).await.unwrap(), None, "a casual game does not count");
        }
    }
}
