//! Tests of the challenges table: one pending challenge per channel, exactly-once answers,
//! expiry, and accepting into a game in one transaction.

use super::*;
use crate::store::Store;
use crate::store::fixtures::{ALICE, BOB, CAROL, live_game, new_challenge, new_game, players};
use crate::store::queries::*;
use crate::store::testing::store_tests;
use crate::store::{GameId, GameStatus, NewGame};

/// Accepts the challenge for `by` and starts its game in channel 1, in one transaction.
async fn accept_into_game(store: &Store, id: ChallengeId, by: UserId) -> Result<GameId, StoreError> {
    let mut tx = store.begin().await?;
    let challenge = tx.accept_challenge(id, by, Timestamp(1)).await?;
    let game = tx.create_game(&NewGame { black: challenge.challenger, white: by, ..new_game(1) }, Timestamp(1)).await?;
    tx.commit().await?;
    Ok(game.id)
}

store_tests! {
    async fn a_new_challenge_is_pending_and_found_by_id_and_channel(store) {
        players(&store).await;
        let issued = NewChallenge { target: Some(BOB), color: ColorChoice::White, rated: false, ..new_challenge(1) };
        let challenge = store.create_challenge(&issued, Timestamp(10)).await.unwrap();
        assert_eq!(
            (challenge.status, challenge.challenger, challenge.target),
            (ChallengeStatus::Pending, ALICE, Some(BOB))
        );
        assert_eq!((challenge.color, challenge.rated, challenge.created_at), (ColorChoice::White, false, Timestamp(10)));
        assert_eq!((challenge.accepted_by, challenge.message), (None, None));
        assert_eq!(store.challenge(challenge.id).await.unwrap(), Some(challenge.clone()));
        assert_eq!(store.pending_challenge_in(ChannelId(1), Timestamp(11)).await.unwrap(), Some(challenge));
        assert_eq!(store.pending_challenge_in(ChannelId(2), Timestamp(11)).await.unwrap(), None);
        assert_eq!(store.challenge(ChallengeId(999)).await.unwrap(), None);
    }

    async fn a_second_pending_challenge_in_a_channel_is_refused_by_the_database(store) {
        players(&store).await;
        store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let second = NewChallenge { challenger: BOB, ..new_challenge(1) };
        assert!(matches!(store.create_challenge(&second, Timestamp(1)).await, Err(StoreError::ChallengePending)));
        store.create_challenge(&new_challenge(2), Timestamp(1)).await.expect("another channel is free");
    }

    async fn a_lapsed_challenge_neither_shows_nor_blocks_the_channel(store) {
        players(&store).await;
        let old = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        assert_eq!(store.pending_challenge_in(ChannelId(1), Timestamp(1_000)).await.unwrap(), None);
        let renewed = NewChallenge { expires_at: Timestamp(2_000), ..new_challenge(1) };
        let new = store.create_challenge(&renewed, Timestamp(1_000)).await.unwrap();
        assert_eq!(store.challenge(old.id).await.unwrap().unwrap().status, ChallengeStatus::Expired);
        assert_eq!(store.pending_challenge_in(ChannelId(1), Timestamp(1_000)).await.unwrap(), Some(new));
    }

    async fn a_challenge_naming_a_player_never_seen_is_refused(store) {
        players(&store).await;
        let stranger = NewChallenge { target: Some(UserId(4242)), ..new_challenge(1) };
        assert!(matches!(store.create_challenge(&stranger, Timestamp(0)).await, Err(StoreError::UnknownPlayer)));
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let accepted = store.accept_challenge(challenge.id, UserId(4242), Timestamp(1)).await;
        assert!(matches!(accepted, Err(StoreError::UnknownPlayer)), "{accepted:?}");
    }

    async fn accepting_records_who_accepted(store) {
        players(&store).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let accepted = store.accept_challenge(challenge.id, CAROL, Timestamp(5)).await.unwrap();
        assert_eq!(
            (accepted.status, accepted.accepted_by, accepted.updated_at),
            (ChallengeStatus::Accepted, Some(CAROL), Timestamp(5))
        );
        assert_eq!(store.pending_challenge_in(ChannelId(1), Timestamp(6)).await.unwrap(), None);
    }

    async fn of_two_concurrent_accepts_exactly_one_wins(store) {
        players(&store).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let (bob, carol) = tokio::join!(
            store.accept_challenge(challenge.id, BOB, Timestamp(1)),
            store.accept_challenge(challenge.id, CAROL, Timestamp(1)),
        );
        let results = [bob, carol];
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
        let loser = results.iter().find(|r| r.is_err());
        assert!(matches!(loser, Some(Err(StoreError::ChallengeClosed(ChallengeStatus::Accepted)))), "{results:?}");
    }

    async fn of_two_concurrent_accepts_into_a_game_exactly_one_starts_a_game(store) {
        players(&store).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let (bob, carol) =
            tokio::join!(accept_into_game(&store, challenge.id, BOB), accept_into_game(&store, challenge.id, CAROL));
        let results = [bob, carol];
        assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
        assert!(results.iter().any(|r| matches!(r, Err(StoreError::ChallengeClosed(ChallengeStatus::Accepted)))));
        let game = store.live_game_in(ChannelId(1)).await.unwrap().unwrap();
        let winner = store.challenge(challenge.id).await.unwrap().unwrap().accepted_by;
        assert_eq!((game.status, Some(game.white)), (GameStatus::Live, winner));
    }

    async fn accepting_into_a_busy_channel_leaves_the_challenge_pending(store) {
        live_game(&store, 1).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let result = accept_into_game(&store, challenge.id, BOB).await;
        assert!(matches!(result, Err(StoreError::ChannelBusy)), "{result:?}");
        assert_eq!(store.challenge(challenge.id).await.unwrap().unwrap().status, ChallengeStatus::Pending);
    }

    async fn a_lapsed_challenge_cannot_be_accepted(store) {
        players(&store).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let late = store.accept_challenge(challenge.id, BOB, Timestamp(1_000)).await;
        assert!(matches!(late, Err(StoreError::ChallengeClosed(ChallengeStatus::Expired))), "{late:?}");
        assert!(matches!(store.accept_challenge(ChallengeId(999), BOB, Timestamp(1)).await, Err(StoreError::NotFound)));
    }

    async fn a_declined_challenge_stays_declined(store) {
        players(&store).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let declined = store.decline_challenge(challenge.id, Timestamp(3)).await.unwrap();
        assert_eq!((declined.status, declined.updated_at), (ChallengeStatus::Declined, Timestamp(3)));
        let again = store.decline_challenge(challenge.id, Timestamp(4)).await;
        assert!(matches!(again, Err(StoreError::ChallengeClosed(ChallengeStatus::Declined))), "{again:?}");
        let accepted = store.accept_challenge(challenge.id, BOB, Timestamp(4)).await;
        assert!(matches!(accepted, Err(StoreError::ChallengeClosed(ChallengeStatus::Declined))), "{accepted:?}");
        assert!(matches!(store.decline_challenge(ChallengeId(999), Timestamp(4)).await, Err(StoreError::NotFound)));
    }

    async fn a_withdrawn_challenge_frees_the_channel(store) {
        players(&store).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        let withdrawn = store.withdraw_challenge(challenge.id, Timestamp(3)).await.unwrap();
        assert_eq!(withdrawn.status, ChallengeStatus::Withdrawn);
        let again = store.withdraw_challenge(challenge.id, Timestamp(4)).await;
        assert!(matches!(again, Err(StoreError::ChallengeClosed(ChallengeStatus::Withdrawn))), "{again:?}");
        store.create_challenge(&new_challenge(1), Timestamp(4)).await.expect("the channel is free again");
    }

    async fn expiring_returns_the_lapsed_pending_challenges_oldest_first(store) {
        players(&store).await;
        let issue = |channel, expires_at| {
            let challenge = NewChallenge { expires_at: Timestamp(expires_at), ..new_challenge(channel) };
            let store = store.clone();
            async move { store.create_challenge(&challenge, Timestamp(0)).await.unwrap() }
        };
        let first = issue(1, 100).await;
        let second = issue(2, 50).await;
        let later = issue(3, 101).await;
        let answered = issue(4, 10).await;
        store.decline_challenge(answered.id, Timestamp(5)).await.unwrap();

        let expired = store.expire_challenges(Timestamp(100)).await.unwrap();
        assert_eq!(expired.iter().map(|c| c.id).collect::<Vec<_>>(), [first.id, second.id]);
        assert!(expired.iter().all(|c| c.status == ChallengeStatus::Expired && c.updated_at == Timestamp(100)));
        assert_eq!(store.challenge(later.id).await.unwrap().unwrap().status, ChallengeStatus::Pending);
        assert!(store.expire_challenges(Timestamp(100)).await.unwrap().is_empty(), "only once");
    }

    async fn the_challenge_message_is_remembered(store) {
        players(&store).await;
        let challenge = store.create_challenge(&new_challenge(1), Timestamp(0)).await.unwrap();
        store.set_challenge_message(challenge.id, MessageId(77)).await.unwrap();
        assert_eq!(store.challenge(challenge.id).await.unwrap().unwrap().message, Some(MessageId(77)));
        assert!(matches!(store.set_challenge_message(ChallengeId(999), MessageId(1)).await, Err(StoreError::NotFound)));
    }

    async fn the_proposed_rules_are_stored_whole(store) {
        players(&store).await;
        let issued = NewChallenge { rules: Rules::ravensburger(), ..new_challenge(1) };
        let challenge = store.create_challenge(&issued, Timestamp(0)).await.unwrap();
        assert_eq!(store.challenge(challenge.id).await.unwrap().unwrap().rules, Rules::ravensburger());
    }
}
