//! Tests of the tournament tables: sign-ups that never overfill, rounds begun once, games opened
//! once, results counted once, and the end deciding what was left open.

use super::*;
use crate::store::Store;
use crate::store::fixtures::{ALICE, BOB, CAROL, GUILD, new_game, players};
use crate::store::queries::*;
use crate::store::testing::store_tests;

/// Alice's four-round Swiss for up to `max` players in channel 50.
fn swiss(max: u32) -> NewTournament {
    NewTournament {
        guild: GUILD,
        channel: ChannelId(50),
        organiser: ALICE,
        name: "Winter Cup".into(),
        format: Format::Swiss,
        rounds: 4,
        rules: Rules::default(),
        rated: true,
        move_secs: Some(600),
        round_secs: None,
        max_players: max,
        bot_level: None,
        starts_at: Some(Timestamp(5_000)),
    }
}

/// Joins in its own transaction, as the service does.
async fn join(store: &Store, id: TournamentId, player: UserId, now: i64) -> Result<u32, StoreError> {
    let mut tx = store.begin().await?;
    let count = tx.join_tournament(id, player, 1500.0, Timestamp(now)).await?;
    tx.commit().await?;
    Ok(count)
}

/// A game between `black` and `white`.
fn game(board: u32, black: UserId, white: UserId) -> NewPairing {
    NewPairing { board, game_no: 1, black, white: Some(white), result: None, discs: None }
}

/// Begins a round in its own transaction; the new version.
async fn begin(store: &Store, t: &TournamentRecord, round: u32, new: &[NewPairing]) -> Result<i64, StoreError> {
    let mut tx = store.begin().await?;
    let version = tx.begin_round(t.id, t.version, round, 3, new, Timestamp(10_000)).await?;
    tx.commit().await?;
    Ok(version)
}

store_tests! {
    async fn a_new_tournament_takes_sign_ups_and_is_listed_in_its_server(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(8), Timestamp(1)).await.unwrap();
        assert_eq!((t.state, t.round, t.paused, t.version), (TournamentState::Signup, 0, false, 0));
        assert_eq!((t.name.as_str(), t.format, t.rounds, t.max_players), ("Winter Cup", Format::Swiss, 4, 8));
        assert_eq!((t.move_secs, t.starts_at, t.channel), (Some(600), Some(Timestamp(5_000)), Some(ChannelId(50))));
        assert_eq!(store.tournament(t.id).await.unwrap(), Some(t.clone()));
        assert_eq!(store.guild_tournaments(GUILD, 5).await.unwrap(), vec![t.clone()]);
        assert_eq!(store.guild_tournaments(GuildId(8), 5).await.unwrap(), vec![]);
        assert_eq!(store.tournament(TournamentId(999)).await.unwrap(), None);
    }

    async fn joining_twice_or_a_full_tournament_is_refused_and_leaving_frees_the_place(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(2), Timestamp(1)).await.unwrap();
        assert_eq!(join(&store, t.id, ALICE, 2).await.unwrap(), 1);
        assert!(matches!(join(&store, t.id, ALICE, 3).await, Err(StoreError::AlreadyEntered)));
        assert_eq!(join(&store, t.id, BOB, 4).await.unwrap(), 2);
        assert!(matches!(join(&store, t.id, CAROL, 5).await, Err(StoreError::TournamentFull)));
        assert!(matches!(join(&store, TournamentId(999), CAROL, 5).await, Err(StoreError::NotFound)));
        assert!(store.leave_tournament(t.id, BOB).await.unwrap());
        assert!(!store.leave_tournament(t.id, BOB).await.unwrap());
        assert_eq!(join(&store, t.id, CAROL, 6).await.unwrap(), 2);
        let entered: Vec<UserId> = store.entries(t.id).await.unwrap().into_iter().map(|e| e.player).collect();
        assert_eq!(entered, vec![ALICE, CAROL]);
    }

    async fn a_round_is_begun_once_and_nobody_joins_or_leaves_a_started_tournament(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(8), Timestamp(1)).await.unwrap();
        for (i, p) in [ALICE, BOB, CAROL].into_iter().enumerate() {
            join(&store, t.id, p, i as i64 + 2).await.unwrap();
        }
        let bye = NewPairing {
            board: 2, game_no: 1, black: CAROL, white: None, result: Some(PairingResult::Bye), discs: Some((32, 0)),
        };
        let version = begin(&store, &t, 1, &[game(1, ALICE, BOB), bye]).await.unwrap();
        // A second process read the same version: it writes nothing.
        assert!(matches!(begin(&store, &t, 1, &[game(1, BOB, ALICE)]).await, Err(StoreError::StaleVersion)));
        let now = store.tournament(t.id).await.unwrap().unwrap();
        assert_eq!((now.state, now.round, now.rounds, now.version), (TournamentState::Running, 1, 3, version));
        let round = store.pairings(t.id).await.unwrap();
        assert_eq!(round.len(), 2);
        assert_eq!((round[0].black, round[0].white, round[0].result), (ALICE, Some(BOB), None));
        assert_eq!((round[1].white, round[1].result, round[1].discs), (None, Some(PairingResult::Bye), Some((32, 0))));
        assert!(matches!(join(&store, t.id, UserId(900), 9).await, Err(StoreError::TournamentClosed)));
        assert!(!store.leave_tournament(t.id, ALICE).await.unwrap());
    }

    async fn a_game_is_opened_once_and_its_result_counted_once(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(8), Timestamp(1)).await.unwrap();
        join(&store, t.id, ALICE, 2).await.unwrap();
        join(&store, t.id, BOB, 3).await.unwrap();
        begin(&store, &t, 1, &[game(1, ALICE, BOB)]).await.unwrap();
        let claimed = store.claim_openings(None, Timestamp(20_000), Timestamp(30_000), 10).await.unwrap();
        assert_eq!(claimed.len(), 1);
        // Claimed until 30 000: nobody else claims it meanwhile; after, someone may.
        assert_eq!(store.claim_openings(None, Timestamp(25_000), Timestamp(35_000), 10).await.unwrap(), vec![]);
        assert_eq!(store.claim_openings(None, Timestamp(30_001), Timestamp(40_000), 10).await.unwrap().len(), 1);
        let first = store.create_game(&new_game(60), Timestamp(20_000)).await.unwrap();
        let second = store.create_game(&new_game(61), Timestamp(20_000)).await.unwrap();
        assert!(store.attach_game(&claimed[0], first.id).await.unwrap());
        assert!(!store.attach_game(&claimed[0], second.id).await.unwrap());
        assert_eq!(store.claim_openings(None, Timestamp(50_000), Timestamp(60_000), 10).await.unwrap(), vec![]);
        let decided = store.record_game_result(first.id, PairingResult::White, (20, 44)).await.unwrap().unwrap();
        assert_eq!((decided.round, decided.board, decided.result), (1, 1, Some(PairingResult::White)));
        assert_eq!(store.record_game_result(first.id, PairingResult::Black, (44, 20)).await.unwrap(), None);
        assert_eq!(store.record_game_result(second.id, PairingResult::Black, (44, 20)).await.unwrap(), None);
        assert_eq!(store.pairing_of_game(first.id).await.unwrap().unwrap().discs, Some((20, 44)));
        let by_key = store.pairing(t.id, (1, 1, 1)).await.unwrap().unwrap();
        assert_eq!((by_key.game, by_key.result), (Some(first.id), Some(PairingResult::White)));
        assert_eq!(store.pairing(t.id, (1, 2, 1)).await.unwrap(), None);
        assert_eq!(store.pairing_of_game(second.id).await.unwrap(), None);
    }

    async fn a_paused_tournament_opens_no_games_and_its_end_leaves_nothing_undecided(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(8), Timestamp(1)).await.unwrap();
        join(&store, t.id, ALICE, 2).await.unwrap();
        join(&store, t.id, BOB, 3).await.unwrap();
        let version = begin(&store, &t, 1, &[game(1, ALICE, BOB)]).await.unwrap();
        let version = store.set_paused(t.id, version, true, Timestamp(11_000)).await.unwrap();
        assert!(matches!(store.set_paused(t.id, version - 1, false, Timestamp(11_000)).await, Err(StoreError::StaleVersion)));
        assert_eq!(store.claim_openings(None, Timestamp(20_000), Timestamp(30_000), 10).await.unwrap(), vec![]);
        assert_eq!(store.tournaments_to_sweep(Timestamp(20_000)).await.unwrap(), vec![]);
        let version = store.set_paused(t.id, version, false, Timestamp(12_000)).await.unwrap();
        assert_eq!(store.tournaments_to_sweep(Timestamp(20_000)).await.unwrap().len(), 1);
        store.end_tournament(t.id, version, TournamentState::Cancelled, Timestamp(13_000)).await.unwrap();
        let over = store.tournament(t.id).await.unwrap().unwrap();
        assert_eq!(over.state, TournamentState::Cancelled);
        assert_eq!(store.pairings(t.id).await.unwrap()[0].result, Some(PairingResult::Unplayed));
        assert!(matches!(
            store.end_tournament(t.id, over.version, TournamentState::Finished, Timestamp(14_000)).await,
            Err(StoreError::StaleVersion)
        ));
    }

    async fn a_tournament_due_to_start_is_swept_and_a_withdrawal_is_kept_with_its_round(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(8), Timestamp(1)).await.unwrap();
        assert_eq!(store.tournaments_to_sweep(Timestamp(4_999)).await.unwrap(), vec![]);
        assert_eq!(store.tournaments_to_sweep(Timestamp(5_000)).await.unwrap().len(), 1);
        join(&store, t.id, BOB, 2).await.unwrap();
        assert!(store.withdraw(t.id, BOB, 3).await.unwrap());
        assert!(!store.withdraw(t.id, BOB, 4).await.unwrap());
        assert!(!store.withdraw(t.id, CAROL, 4).await.unwrap());
        assert_eq!(store.entries(t.id).await.unwrap()[0].withdrawn_round, Some(3));
        let mine = store.tournaments_of(BOB).await.unwrap();
        assert_eq!((mine.len(), mine[0].0.id, mine[0].1.withdrawn_round), (1, t.id, Some(3)));
        assert_eq!(store.tournaments_of(CAROL).await.unwrap(), vec![]);
        assert_eq!(store.tournaments_organised_by(ALICE).await.unwrap().len(), 1);
        assert_eq!(store.tournaments_organised_by(BOB).await.unwrap(), vec![]);
        // Its names: the entrants' and the organiser's.
        let mut names = store.tournament_names(t.id).await.unwrap();
        names.sort();
        assert_eq!(names, vec![(ALICE, Some("Alice".to_string())), (BOB, Some("Bob".to_string()))]);
    }

    async fn the_organiser_decides_an_open_pairing_once(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(8), Timestamp(1)).await.unwrap();
        join(&store, t.id, ALICE, 2).await.unwrap();
        join(&store, t.id, BOB, 3).await.unwrap();
        begin(&store, &t, 1, &[game(1, ALICE, BOB)]).await.unwrap();
        let open = store.pairings(t.id).await.unwrap().remove(0);
        assert!(store.decide_pairing(&open, PairingResult::Draw, Some((32, 32)), true).await.unwrap());
        assert!(!store.decide_pairing(&open, PairingResult::Black, Some((40, 24)), true).await.unwrap());
        let decided = store.pairings(t.id).await.unwrap().remove(0);
        assert_eq!((decided.result, decided.discs, decided.adjudicated), (Some(PairingResult::Draw), Some((32, 32)), true));
    }

    async fn a_deciding_game_is_added_once_and_a_resume_moves_the_rounds_clock_by_the_pause(store) {
        players(&store).await;
        let t = store.create_tournament(&NewTournament { round_secs: Some(3_600), ..swiss(8) }, Timestamp(1)).await.unwrap();
        join(&store, t.id, ALICE, 2).await.unwrap();
        join(&store, t.id, BOB, 3).await.unwrap();
        let version = begin(&store, &t, 1, &[game(1, ALICE, BOB)]).await.unwrap();
        let decider = NewPairing { game_no: 3, ..game(1, BOB, ALICE) };
        assert!(store.add_pairing(t.id, 1, decider).await.unwrap());
        assert!(!store.add_pairing(t.id, 1, decider).await.unwrap(), "another process's second try adds nothing");
        assert_eq!(store.pairings(t.id).await.unwrap().iter().map(|p| p.game_no).collect::<Vec<_>>(), vec![1, 3]);
        // Begun at 10 000 with an hour a round; paused from 11 000 to 611 000 (ten minutes).
        let started = store.tournament(t.id).await.unwrap().unwrap();
        assert!(!started.round_over(Timestamp(3_609_999)) && started.round_over(Timestamp(3_610_000)));
        let version = store.set_paused(t.id, version, true, Timestamp(11_000)).await.unwrap();
        assert!(!store.tournament(t.id).await.unwrap().unwrap().round_over(Timestamp(9_000_000)), "paused");
        store.set_paused(t.id, version, false, Timestamp(611_000)).await.unwrap();
        let resumed = store.tournament(t.id).await.unwrap().unwrap();
        assert_eq!(resumed.round_started_at, Some(Timestamp(610_000)));
        assert!(!resumed.round_over(Timestamp(4_209_999)) && resumed.round_over(Timestamp(4_210_000)));
        // A deciding game starts the round's clock again.
        store.restart_round_clock(t.id, Timestamp(5_000_000)).await.unwrap();
        let again = store.tournament(t.id).await.unwrap().unwrap();
        assert!(!again.round_over(Timestamp(8_599_999)) && again.round_over(Timestamp(8_600_000)));
    }

    async fn the_organisers_log_is_read_back_in_order_and_names_nobody_after_a_deletion(store) {
        players(&store).await;
        let t = store.create_tournament(&swiss(8), Timestamp(1)).await.unwrap();
        let entry = |at: i64, action: LogAction, subject: Option<UserId>, detail: Option<&str>| LogEntry {
            tournament: t.id,
            at: Timestamp(at),
            actor: Some(ALICE),
            action,
            subject,
            detail: detail.map(str::to_string),
        };
        let written = [
            entry(10, LogAction::Started, None, None),
            entry(20, LogAction::Result, Some(BOB), Some("1.1.1 white")),
            entry(30, LogAction::Removed, Some(CAROL), None),
            entry(40, LogAction::Paused, None, None),
        ];
        for e in &written {
            store.log_action(e).await.unwrap();
        }
        assert_eq!(store.tournament_log(t.id, 10).await.unwrap(), written.to_vec());
        assert_eq!(store.tournament_log(t.id, 2).await.unwrap(), written[2..].to_vec(), "the latest, oldest first");
        store.forget_player(CAROL, Timestamp(50)).await.unwrap();
        let after = store.tournament_log(t.id, 10).await.unwrap();
        assert_eq!((after[2].action, after[2].subject), (LogAction::Removed, None));
    }
}
