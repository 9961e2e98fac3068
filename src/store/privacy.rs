//! A player's data in their own hands: everything kept about one player, read for their export,
//! and their deletion.
//!
//! Deletion (`/privacy delete`) removes the player's name and id from every record, in one
//! transaction, table by table:
//! - `players`: their row is removed. If they played any game (or were in a started tournament),
//!   one anonymous player is made for this deletion (no name, `anonymous` set, an id counted down
//!   from [`ANONYMOUS_TOP`]) and takes their seat in each of those games (`black_id`, `white_id`, `to_move_id`), so the games stay
//!   in their opponents' histories, head-to-heads and rating changes, shown as "deleted player".
//! - `ratings` and `rating_changes`: their rows are removed (their opponents' stay).
//! - `solo_games`: removed (a solo game has no other player; the daily tables are made from them).
//! - `puzzle_attempts` and `puzzle_players`: removed (a puzzle's own rating keeps what their
//!   attempts did to it, which names nobody).
//! - `challenges`: every challenge they sent, received or accepted is removed, so an open one can
//!   no longer be accepted (its buttons answer that it is closed).
//! - tournaments: in one that started, or that they organised, the anonymous player takes their
//!   seat (`tournament_players`, `tournament_games`, `organiser_id`), so its standings still add
//!   up; a sign-up to one not yet started is removed. In `tournament_log` their id becomes NULL.
//! - seasons: in a closed season's table the anonymous player takes their line
//!   (`season_standings`), so the places still add up; a running season's table is read from
//!   the rating changes, so they leave it with those.
//! - `takebacks`: kept with their games as their history, asked and answered by the anonymous
//!   player (`asked_by`, `answered_by`).
//! - `live_boards` they asked for, `turn_notices` sent to them and their wish for them
//!   (`turn_notice_players`): removed.
//! - `game_reviews`: kept with their games: a review holds the engine's verdicts on the moves and
//!   nobody's name or id, and is not kept per requester.
//!
//! Live games are not touched here: the service refuses a deletion while the player is in one
//! ([`PrivacyQueries::live_games_of`], after [`PrivacyQueries::lock_player`] in the same
//! transaction). A new kind of record that names a player (puzzles, tournaments) is read in
//! `records_of` and removed or anonymised in `forget`.

use super::challenges::ChallengeRow;
use super::games::{GameRow, records};
use super::ids::{GameId, Ladder, Timestamp, UserId};
use super::puzzles::{AttemptRecord, AttemptRow, PuzzleQueries};
use super::ratings::{ChangeRow, Glicko, RatingRow};
use super::solo::SoloRow;
use super::{Challenge, Conn, GameRecord, Player, Queries, Rating, RatingChange, SoloRecord, StoreError, on};

/// The first anonymous player's id, the largest a snowflake column holds; each deletion takes the
/// next one down. Discord's snowflakes count milliseconds since 2015 in their top 42 bits, so it
/// issues ids this large only in the 2080s.
pub const ANONYMOUS_TOP: UserId = UserId(i64::MAX as u64);

/// The advisory lock (PostgreSQL's two-key form, apart from the one-key locks on ratings) under
/// which an anonymous id is taken, so two deletions at once never take the same one.
const ANONYMOUS_LOCK: (i32, i32) = (0x7265_7665, 0x616e_6f6e);

/// A game's kept review, as the service wrote it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptReview {
    /// The game.
    pub game: GameId,
    /// The shape of the review's JSON.
    pub format: i32,
    /// The review, the service's JSON.
    pub review: String,
    /// When it was made.
    pub created_at: Timestamp,
}

/// A rating with the kind of game it is for.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderRating {
    /// The kind of game.
    pub ladder: Ladder,
    /// The standing.
    pub rating: Rating,
}

/// A rating change with the kind of game it was for.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderChange {
    /// The kind of game.
    pub ladder: Ladder,
    /// The change.
    pub change: RatingChange,
}

/// Everything kept about one player.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRecords {
    /// Their row.
    pub player: Player,
    /// Every game they played or play, oldest first.
    pub games: Vec<GameRecord>,
    /// Their ratings, per ladder and scope.
    pub ratings: Vec<LadderRating>,
    /// What each rated game did to their ratings, oldest first.
    pub rating_changes: Vec<LadderChange>,
    /// Their solo games, oldest first.
    pub solo_games: Vec<SoloRecord>,
    /// The kept reviews of their games.
    pub reviews: Vec<KeptReview>,
    /// The challenges they sent, received or accepted that are still kept, oldest first.
    pub challenges: Vec<Challenge>,
    /// Their puzzle rating, once they have one.
    pub puzzle_rating: Option<Glicko>,
    /// Their puzzle attempts, oldest first.
    pub puzzle_attempts: Vec<AttemptRecord>,
}

/// What a deletion removed or changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forgotten {
    /// The anonymous player now in their games (`None` when they had played none).
    pub anonymous: Option<UserId>,
    /// Games in which the anonymous player took their seat.
    pub games: u64,
    /// Challenges removed, of which `open_challenges` were still open.
    pub challenges: u64,
    /// Open challenges withdrawn by the removal.
    pub open_challenges: u64,
    /// Ratings removed (one per ladder and scope).
    pub ratings: u64,
    /// Rating changes removed.
    pub rating_changes: u64,
    /// Solo games removed.
    pub solo_games: u64,
    /// Puzzle attempts removed.
    pub puzzle_attempts: u64,
}

/// A `ratings` row with its ladder.
#[derive(sqlx::FromRow)]
pub(super) struct LadderRatingRow {
    pub(super) ladder: String,
    #[sqlx(flatten)]
    pub(super) rating: RatingRow,
}

/// A `rating_changes` row with its ladder.
#[derive(sqlx::FromRow)]
struct LadderChangeRow {
    ladder: String,
    #[sqlx(flatten)]
    change: ChangeRow,
}

/// The operations on a player's data (read whole or deleted): each written once, run on a
/// [`Store`](super::Store) or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait PrivacyQueries<'a>: Queries<'a> {
    /// Everything kept about a player (their export); `None` when nothing is.
    fn player_records(self, id: UserId) -> impl Future<Output = Result<Option<PlayerRecords>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let player: Option<Player> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM players WHERE id = $1").bind(id).fetch_optional(c).await)?;
            let Some(player) = player else { return Ok(None) };
            let games: Vec<GameRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE black_id = $1 OR white_id = $1 ORDER BY created_at, id"
            )
            .bind(id)
            .fetch_all(c)
            .await)?;
            let ratings: Vec<LadderRatingRow> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM ratings WHERE player_id = $1 ORDER BY ladder, scope")
                    .bind(id)
                    .fetch_all(c)
                    .await)?;
            let changes: Vec<LadderChangeRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM rating_changes WHERE player_id = $1 ORDER BY created_at, id"
            )
            .bind(id)
            .fetch_all(c)
            .await)?;
            let solo: Vec<SoloRow> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM solo_games WHERE player_id = $1 ORDER BY created_at, id")
                    .bind(id)
                    .fetch_all(c)
                    .await)?;
            let reviews: Vec<(GameId, i32, String, Timestamp)> = on!(conn, |c| {
                sqlx::query_as(
                "SELECT r.game_id, r.format, r.review, r.created_at FROM game_reviews r JOIN games g ON g.id = r.game_id
                 WHERE g.black_id = $1 OR g.white_id = $1 ORDER BY r.game_id"
            )
            .bind(id)
            .fetch_all(c)
            .await
            })?;
            let challenges: Vec<ChallengeRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM challenges WHERE challenger_id = $1 OR target_id = $1 OR accepted_by = $1
                 ORDER BY created_at, id"
            )
            .bind(id)
            .fetch_all(c)
            .await)?;
            let puzzle_rating = conn.reborrow().player_puzzle_rating(id).await?;
            let attempts: Vec<AttemptRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM puzzle_attempts WHERE player_id = $1 ORDER BY created_at, id"
            )
            .bind(id)
            .fetch_all(c)
            .await)?;
            Ok(Some(PlayerRecords {
                player,
                games: records(games)?,
                ratings: ratings
                    .into_iter()
                    .map(|row| {
                        Ok(LadderRating { ladder: Ladder::from_stored(row.ladder), rating: row.rating.try_into()? })
                    })
                    .collect::<Result<_, StoreError>>()?,
                rating_changes: changes
                    .into_iter()
                    .map(|row| LadderChange { ladder: Ladder::from_stored(row.ladder), change: row.change.into() })
                    .collect(),
                solo_games: solo.into_iter().map(SoloRecord::try_from).collect::<Result<_, _>>()?,
                reviews: reviews
                    .into_iter()
                    .map(|(game, format, review, created_at)| KeptReview { game, format, review, created_at })
                    .collect(),
                challenges: challenges.into_iter().map(Challenge::try_from).collect::<Result<_, _>>()?,
                puzzle_rating,
                puzzle_attempts: attempts.into_iter().map(AttemptRecord::try_from).collect::<Result<_, _>>()?,
            }))
        }
    }

    /// Holds the player's row until this transaction ends (on PostgreSQL; SQLite's writers are
    /// serialised already), so no game or challenge naming them starts meanwhile; false when the
    /// player is unknown. Take it in a [`Tx`](super::Tx) before [`Self::live_games_of`] and
    /// [`Self::forget_player`].
    fn lock_player(self, id: UserId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let sql = if matches!(conn, Conn::Sqlite(_)) {
                "SELECT id FROM players WHERE id = $1"
            } else {
                "SELECT id FROM players WHERE id = $1 FOR UPDATE"
            };
            let found: Option<(UserId,)> = on!(conn, |c| sqlx::query_as(sql).bind(id).fetch_optional(c).await)?;
            Ok(found.is_some())
        }
    }

    /// The live games a player plays in, oldest first.
    fn live_games_of(self, id: UserId) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE status = 'live' AND (black_id = $1 OR white_id = $1) ORDER BY id"
            )
            .bind(id)
            .fetch_all(c)
            .await)?)
        }
    }

    /// Deletes a player's data (see [this module](self) for what happens to each table): their row,
    /// ratings, rating changes, solo games and challenges are removed, and an anonymous player
    /// takes their seat in their games. Run it in a [`Tx`](super::Tx) after [`Self::lock_player`], once
    /// [`Self::live_games_of`] found no live game. Harmless for an unknown player.
    fn forget_player(self, id: UserId, now: Timestamp) -> impl Future<Output = Result<Forgotten, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let mut forgotten = Forgotten::default();
            let played: (bool,) = on!(conn, |c| sqlx::query_as(
                "SELECT EXISTS (SELECT 1 FROM games WHERE black_id = $1 OR white_id = $1)
                     OR EXISTS (SELECT 1 FROM tournament_players p JOIN tournaments t ON t.id = p.tournament_id
                         WHERE p.player_id = $1 AND t.state <> 'signup')
                     OR EXISTS (SELECT 1 FROM tournaments WHERE organiser_id = $1)
                     OR EXISTS (SELECT 1 FROM season_standings WHERE player_id = $1)"
            )
            .bind(id)
            .fetch_one(c)
            .await)?;
            if played.0 {
                if let Conn::Postgres(c) = &mut conn {
                    sqlx::query("SELECT pg_advisory_xact_lock($1, $2)")
                        .bind(ANONYMOUS_LOCK.0)
                        .bind(ANONYMOUS_LOCK.1)
                        .execute(&mut **c)
                        .await?;
                }
                let lowest: (Option<i64>,) =
                    on!(conn, |c| sqlx::query_as("SELECT MIN(id) FROM players WHERE anonymous").fetch_one(c).await)?;
                let next = match lowest.0 {
                    Some(lowest) => {
                        UserId(u64::try_from(lowest - 1).map_err(|_| super::error::corrupt("anonymous id", lowest))?)
                    }
                    None => ANONYMOUS_TOP,
                };
                on!(conn, |c| sqlx::query(
                    "INSERT INTO players (id, display_name, is_bot, created_at, updated_at, anonymous)
                     VALUES ($1, '', FALSE, $2, $2, TRUE)"
                )
                .bind(next)
                .bind(now)
                .execute(c)
                .await
                .map(drop))?;
                for column in ["black_id", "white_id", "to_move_id"] {
                    let sql = format!("UPDATE games SET {column} = $2 WHERE {column} = $1");
                    let done = on!(conn, |c| sqlx::query(&sql)
                        .bind(id)
                        .bind(next)
                        .execute(c)
                        .await
                        .map(|done| done.rows_affected()))?;
                    if column != "to_move_id" {
                        forgotten.games += done;
                    }
                }
                // Their seat in tournaments: the standings and pairings still add up.
                for sql in [
                    "UPDATE tournament_games SET black_id = $2 WHERE black_id = $1",
                    "UPDATE tournament_games SET white_id = $2 WHERE white_id = $1",
                    "UPDATE tournaments SET organiser_id = $2 WHERE organiser_id = $1",
                    "UPDATE tournament_players SET player_id = $2 WHERE player_id = $1
                         AND tournament_id IN (SELECT id FROM tournaments WHERE state <> 'signup')",
                    // Their lines in closed seasons' tables: the places still add up.
                    "UPDATE season_standings SET player_id = $2 WHERE player_id = $1",
                    // Their takebacks stay in their games' history, asked by the anonymous player.
                    "UPDATE takebacks SET asked_by = $2 WHERE asked_by = $1",
                    "UPDATE takebacks SET answered_by = $2 WHERE answered_by = $1",
                ] {
                    on!(conn, |c| sqlx::query(sql).bind(id).bind(next).execute(c).await.map(drop))?;
                }
                forgotten.anonymous = Some(next);
            }
            forgotten.open_challenges = affected(
                &mut conn,
                "DELETE FROM challenges WHERE status = 'pending' AND (challenger_id = $1 OR target_id = $1 OR accepted_by = $1)",
                id,
            )
            .await?;
            forgotten.challenges = forgotten.open_challenges
                + affected(
                    &mut conn,
                    "DELETE FROM challenges WHERE challenger_id = $1 OR target_id = $1 OR accepted_by = $1",
                    id,
                )
                .await?;
            forgotten.rating_changes =
                affected(&mut conn, "DELETE FROM rating_changes WHERE player_id = $1", id).await?;
            forgotten.ratings = affected(&mut conn, "DELETE FROM ratings WHERE player_id = $1", id).await?;
            forgotten.solo_games = affected(&mut conn, "DELETE FROM solo_games WHERE player_id = $1", id).await?;
            forgotten.puzzle_attempts =
                affected(&mut conn, "DELETE FROM puzzle_attempts WHERE player_id = $1", id).await?;
            // Their live boards stop; their your-turn notices and the wish for them go.
            for sql in [
                "DELETE FROM live_boards WHERE asked_by = $1",
                "DELETE FROM turn_notices WHERE player_id = $1",
                "DELETE FROM turn_notice_players WHERE player_id = $1",
            ] {
                affected(&mut conn, sql, id).await?;
            }
            affected(&mut conn, "DELETE FROM puzzle_players WHERE player_id = $1", id).await?;
            // The organisers' log names them no more.
            for sql in [
                "UPDATE tournament_log SET actor_id = NULL WHERE actor_id = $1",
                "UPDATE tournament_log SET subject_id = NULL WHERE subject_id = $1",
            ] {
                on!(conn, |c| sqlx::query(sql).bind(id).execute(c).await.map(drop))?;
            }
            // A sign-up not yet played is simply withdrawn.
            affected(&mut conn, "DELETE FROM tournament_players WHERE player_id = $1", id).await?;
            affected(&mut conn, "DELETE FROM players WHERE id = $1", id).await?;
            Ok(forgotten)
        }
    }
}

impl<'a, Q: Queries<'a>> PrivacyQueries<'a> for Q {}

/// Runs `sql` with `id` bound to `$1` and returns how many rows it changed.
async fn affected(conn: &mut Conn<'_>, sql: &str, id: UserId) -> Result<u64, StoreError> {
    Ok(on!(conn, |c| sqlx::query(sql).bind(id).execute(c).await.map(|done| done.rows_affected()))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Color;
    use crate::store::fixtures::{ALICE, BOB, CAROL, GUILD, live_game, new_challenge, new_game};
    use crate::store::queries::*;
    use crate::store::testing::store_tests;
    use crate::store::{
        AttemptStatus, ChannelId, EndReason, Ending, GameStatus, Glicko, NewAttempt, NewSolo, PlayerResult, PuzzleMode,
        RatingUpdate, Scope, Store,
    };

    const AT: Timestamp = Timestamp(50);

    /// Alice beats Bob in a rated game in `channel`, both rated in the server and globally, and
    /// the game is reviewed; returns the game.
    async fn rated_win(store: &Store, channel: u64) -> GameRecord {
        let game = match store.player(ALICE).await.unwrap() {
            Some(_) => store.create_game(&new_game(channel), Timestamp(0)).await.unwrap(),
            None => live_game(store, channel).await,
        };
        let mut tx = store.begin().await.unwrap();
        let ending = Ending { winner: Some(Color::Black), black: 40, white: 24, reason: EndReason::Normal };
        tx.finish_game(game.id, game.version, &ending, AT).await.unwrap();
        let newcomer = Glicko { rating: 1500.0, deviation: 350.0, volatility: 0.06 };
        for scope in [Scope::Guild(GUILD), Scope::Global] {
            for (player, result, after) in [(ALICE, PlayerResult::Won, 1600.0), (BOB, PlayerResult::Lost, 1400.0)] {
                let after = Glicko { rating: after, ..newcomer };
                let ladder = Ladder::standard();
                let update = RatingUpdate { game: game.id, player, ladder, scope, result, before: newcomer, after };
                tx.record_rating(&update, AT).await.unwrap();
            }
        }
        tx.save_review(game.id, 1, "{\"moves\":[]}", AT).await.unwrap();
        tx.commit().await.unwrap();
        store.game(game.id).await.unwrap().unwrap()
    }

    /// A solo game of Alice's, finished.
    async fn solo_game(store: &Store) {
        let new = NewSolo { guild: Some(GUILD), channel: ChannelId(70), player: ALICE, seed: 9, daily: None };
        let solo = store.create_solo(&new, Timestamp(1)).await.unwrap();
        store.save_solo(solo.id, solo.version, "d3g", Some((3, 12)), Timestamp(2)).await.unwrap();
    }

    async fn puzzle_attempt(store: &Store) {
        let new = NewAttempt {
            player: ALICE,
            guild: Some(GUILD),
            channel: ChannelId(71),
            puzzle: 12,
            mode: PuzzleMode::Rated,
            run: None,
            streak: 0,
            day: None,
        };
        let attempt = store.create_attempt(&new, Timestamp(1)).await.unwrap();
        store
            .save_attempt(attempt.id, attempt.version, "a1", false, AttemptStatus::Solved, Timestamp(2))
            .await
            .unwrap();
        let glicko = Glicko { rating: 1612.0, deviation: 300.0, volatility: 0.06 };
        store.rate_attempt(ALICE, 12, glicko, glicko, true, Timestamp(2)).await.unwrap();
    }

    store_tests! {
        async fn everything_kept_about_a_player_is_read_for_their_export(store) {
            assert_eq!(store.player_records(ALICE).await.unwrap(), None, "nothing kept about a stranger");
            let game = rated_win(&store, 1).await;
            solo_game(&store).await;
            puzzle_attempt(&store).await;
            store.create_challenge(&new_challenge(2), Timestamp(3)).await.unwrap();
            let records = store.player_records(ALICE).await.unwrap().unwrap();
            assert_eq!(records.puzzle_attempts.iter().map(|a| a.puzzle).collect::<Vec<_>>(), [12]);
            assert_eq!(records.puzzle_rating.map(|g| g.rating), Some(1612.0));
            assert_eq!(records.player.name, "Alice");
            assert_eq!(records.games.iter().map(|g| g.id).collect::<Vec<_>>(), [game.id]);
            assert_eq!(records.ratings.len(), 2, "the server's and the global standing");
            assert!(records.ratings.iter().all(|r| r.ladder == Ladder::standard() && r.rating.player == ALICE));
            assert_eq!(records.rating_changes.len(), 2);
            assert!(records.rating_changes.iter().all(|c| c.change.player == ALICE && c.change.game == game.id));
            assert_eq!(records.solo_games.len(), 1);
            assert_eq!(records.solo_games[0].score, Some((3, 12)));
            assert_eq!(records.reviews.len(), 1);
            assert_eq!(records.reviews[0].game, game.id);
            assert_eq!(records.challenges.len(), 1);
            // Bob's own records name the same game but not Alice's ratings.
            let bob = store.player_records(BOB).await.unwrap().unwrap();
            assert!(bob.ratings.iter().all(|r| r.rating.player == BOB));
            assert!(bob.challenges.is_empty());
        }

        async fn a_deleted_player_leaves_their_games_to_an_anonymous_player_and_nothing_else(store) {
            let game = rated_win(&store, 1).await;
            solo_game(&store).await;
            puzzle_attempt(&store).await;
            store.create_challenge(&new_challenge(2), Timestamp(3)).await.unwrap();
            let mut tx = store.begin().await.unwrap();
            assert!(tx.lock_player(ALICE).await.unwrap());
            assert!(tx.live_games_of(ALICE).await.unwrap().is_empty());
            let forgotten = tx.forget_player(ALICE, Timestamp(100)).await.unwrap();
            tx.commit().await.unwrap();
            assert_eq!(
                forgotten,
                Forgotten {
                    anonymous: Some(ANONYMOUS_TOP),
                    games: 1,
                    challenges: 1,
                    open_challenges: 1,
                    ratings: 2,
                    rating_changes: 2,
                    solo_games: 1,
                    puzzle_attempts: 1,
                }
            );
            assert_eq!(store.player(ALICE).await.unwrap(), None);
            assert_eq!(store.player_records(ALICE).await.unwrap(), None);
            let anonymous = store.player(ANONYMOUS_TOP).await.unwrap().unwrap();
            assert!(anonymous.anonymous && anonymous.name.is_empty() && !anonymous.is_bot);
            let kept = store.game(game.id).await.unwrap().unwrap();
            assert_eq!((kept.black, kept.white), (ANONYMOUS_TOP, BOB));
            assert_eq!(kept.ending, game.ending, "the result stays");
            // Bob's side of it all stays: his history, his rating and its change, the review.
            assert_eq!(store.finished_games(BOB, Scope::Global, 10).await.unwrap().len(), 1);
            let tally = store.head_to_head(BOB, ANONYMOUS_TOP, Scope::Global).await.unwrap();
            assert_eq!((tally.wins, tally.losses), (0, 1));
            assert!(store.rating(BOB, &Ladder::standard(), Scope::Global).await.unwrap().is_some());
            let changes = store.rating_changes(game.id).await.unwrap();
            assert!(changes.iter().all(|c| c.player == BOB) && changes.len() == 2, "{changes:?}");
            assert!(store.review(game.id, 1).await.unwrap().is_some());
            assert!(store.rating(ANONYMOUS_TOP, &Ladder::standard(), Scope::Global).await.unwrap().is_none());
            assert_eq!(store.leaderboard(&Ladder::standard(), Scope::Global, 10).await.unwrap().len(), 1);
            // The channel is free for a new challenge: Alice's is gone.
            assert_eq!(store.pending_challenge_in(ChannelId(2), Timestamp(4)).await.unwrap(), None);
        }

        async fn a_deleted_player_leaves_their_tournament_seat_to_an_anonymous_player_and_their_sign_ups_go(store) {
            use crate::store::{Format, NewPairing, NewTournament, TournamentState};
            live_game(&store, 1).await;
            let new = NewTournament {
                guild: GUILD,
                channel: ChannelId(50),
                organiser: ALICE,
                name: "Cup".into(),
                format: Format::Swiss,
                rounds: 3,
                rules: crate::engine::Rules::default(),
                rated: false,
                move_secs: None,
                round_secs: None,
                max_players: 8,
                bot_level: None,
                starts_at: None,
            };
            let started = store.create_tournament(&new, AT).await.unwrap();
            let waiting = store.create_tournament(&NewTournament { organiser: BOB, ..new }, AT).await.unwrap();
            let mut tx = store.begin().await.unwrap();
            for (t, player) in [(started.id, ALICE), (started.id, BOB), (waiting.id, ALICE)] {
                tx.join_tournament(t, player, 1500.0, AT).await.unwrap();
            }
            let pairing = NewPairing { board: 1, game_no: 1, black: ALICE, white: Some(BOB), result: None, discs: None };
            tx.begin_round(started.id, started.version, 1, 3, &[pairing], AT).await.unwrap();
            tx.commit().await.unwrap();
            let mut tx = store.begin().await.unwrap();
            let forgotten = tx.forget_player(ALICE, Timestamp(100)).await.unwrap();
            tx.commit().await.unwrap();
            let anonymous = forgotten.anonymous.unwrap();
            let seat = store.pairings(started.id).await.unwrap().remove(0);
            assert_eq!((seat.black, seat.white), (anonymous, Some(BOB)));
            let mut entered: Vec<UserId> = store.entries(started.id).await.unwrap().iter().map(|e| e.player).collect();
            entered.sort();
            assert_eq!(entered, vec![BOB, anonymous]);
            let kept = store.tournament(started.id).await.unwrap().unwrap();
            assert_eq!((kept.organiser, kept.state), (anonymous, TournamentState::Running));
            assert!(store.entries(waiting.id).await.unwrap().is_empty(), "a sign-up not yet played is withdrawn");
            let names = store.tournament_names(started.id).await.unwrap();
            assert!(names.contains(&(anonymous, None)) && names.len() == 2, "a deleted player has no name: {names:?}");
            assert_eq!(store.tournaments_of(ALICE).await.unwrap(), vec![]);
        }

        async fn each_deletion_takes_an_anonymous_id_of_its_own_and_a_second_deletion_is_harmless(store) {
            rated_win(&store, 1).await;
            let mut tx = store.begin().await.unwrap();
            let alice = tx.forget_player(ALICE, AT).await.unwrap();
            let bob = tx.forget_player(BOB, AT).await.unwrap();
            tx.commit().await.unwrap();
            assert_eq!(alice.anonymous, Some(ANONYMOUS_TOP));
            assert_eq!(bob.anonymous, Some(UserId(ANONYMOUS_TOP.0 - 1)));
            let game = store.finished_games(UserId(ANONYMOUS_TOP.0 - 1), Scope::Global, 1).await.unwrap();
            assert_eq!((game[0].black, game[0].white), (ANONYMOUS_TOP, UserId(ANONYMOUS_TOP.0 - 1)));
            // Seen again (their next command), then deleted again: nothing to hide, no new anonymous id.
            store.upsert_player(ALICE, "Alice", false, Timestamp(200)).await.unwrap();
            let mut tx = store.begin().await.unwrap();
            let again = tx.forget_player(ALICE, Timestamp(201)).await.unwrap();
            tx.commit().await.unwrap();
            assert_eq!(again, Forgotten::default());
            let mut tx = store.begin().await.unwrap();
            assert!(!tx.lock_player(ALICE).await.unwrap(), "a player unknown again");
            assert_eq!(tx.forget_player(CAROL, Timestamp(202)).await.unwrap(), Forgotten::default());
            tx.commit().await.unwrap();
        }

        async fn a_players_live_games_are_found_before_a_deletion(store) {
            let game = live_game(&store, 1).await;
            let live = store.live_games_of(BOB).await.unwrap();
            assert_eq!(live.iter().map(|g| (g.id, g.status)).collect::<Vec<_>>(), [(game.id, GameStatus::Live)]);
            assert!(store.live_games_of(CAROL).await.unwrap().is_empty());
        }
    }
}
