//! Servers the bot has left (Discord's GUILD_DELETE without `unavailable`). A server's data is kept
//! for a grace period, so a server that adds the bot back within it loses nothing; after it, the
//! sweep claims the server (the row is removed in the transaction that removes the data, under
//! `FOR UPDATE SKIP LOCKED` on PostgreSQL, so one process does it once) and removes its settings,
//! its language, its challenges, its live solo games, its seasons (plan, closed seasons and their
//! tables) and its games' channel references. The games
//! stay in their players' histories, without a channel; the service ends a live game first.

use super::games::{GameRow, records};
use super::ids::{GuildId, Timestamp};
use super::{Conn, GameRecord, Queries, StoreError, on};

/// What removing a server's data changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ServerForgotten {
    /// Whether it had settings of its own.
    pub settings: bool,
    /// Games that lost their channel.
    pub games: u64,
    /// Solo games removed (live ones) or that lost their channel (finished ones).
    pub solo_games: u64,
    /// Challenges removed.
    pub challenges: u64,
    /// Closed seasons removed (with their tables).
    pub seasons: u64,
}

/// The operations on servers the bot has left: each written once, run on a [`Store`](super::Store)
/// or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait DepartedQueries<'a>: Queries<'a> {
    /// Notes that the bot was removed from a server at `now` (kept when already noted, so the
    /// grace period runs from the first removal).
    fn note_guild_left(self, guild: GuildId, now: Timestamp) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO departed_guilds (guild_id, left_at) VALUES ($1, $2) ON CONFLICT (guild_id) DO NOTHING"
            )
            .bind(guild)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Notes that the bot is in a server (again): nothing of it is to be removed. True when it
    /// had been noted as left.
    fn note_guild_back(self, guild: GuildId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query("DELETE FROM departed_guilds WHERE guild_id = $1")
                .bind(guild)
                .execute(c)
                .await
                .map(|done| done.rows_affected()))?;
            Ok(done > 0)
        }
    }

    /// When the bot left a server, if it is noted as left.
    fn guild_left_at(self, guild: GuildId) -> impl Future<Output = Result<Option<Timestamp>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<(Timestamp,)> =
                on!(conn, |c| sqlx::query_as("SELECT left_at FROM departed_guilds WHERE guild_id = $1")
                    .bind(guild)
                    .fetch_optional(c)
                    .await)?;
            Ok(row.map(|(at,)| at))
        }
    }

    /// Claims up to `limit` servers the bot left at or before `before`, removing their notes; in a
    /// [`Tx`](super::Tx) with [`Self::forget_guild`] for each, so that a server is claimed by one process,
    /// once, and its data removed in the same commit.
    fn claim_departed_guilds(
        self,
        before: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GuildId>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let sql = if matches!(conn, Conn::Sqlite(_)) { CLAIM_SQLITE } else { CLAIM_POSTGRES };
            let rows: Vec<(GuildId,)> =
                on!(conn, |c| sqlx::query_as(sql).bind(before).bind(i64::from(limit)).fetch_all(c).await)?;
            let mut guilds: Vec<GuildId> = rows.into_iter().map(|(guild,)| guild).collect();
            guilds.sort_unstable();
            Ok(guilds)
        }
    }

    /// The live games of a server, oldest first.
    fn live_games_in_guild(self, guild: GuildId) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<GameRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE guild_id = $1 AND status = 'live' ORDER BY id"
            )
            .bind(guild)
            .fetch_all(c)
            .await)?;
            records(rows)
        }
    }

    /// Removes a server's settings, language, challenges, live solo games and puzzles and seasons, and its
    /// games', solo games' and puzzle attempts' server and channel references (they stay in their players' histories). End its live games
    /// first.
    fn forget_guild(self, guild: GuildId) -> impl Future<Output = Result<ServerForgotten, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let mut run = async |sql: &str| -> Result<u64, StoreError> {
                Ok(on!(conn, |c| sqlx::query(sql).bind(guild).execute(c).await.map(|done| done.rows_affected()))?)
            };
            let settings = run("DELETE FROM guild_settings WHERE guild_id = $1").await? > 0;
            run("DELETE FROM guild_locales WHERE guild_id = $1").await?;
            let challenges = run("DELETE FROM challenges WHERE guild_id = $1").await?;
            let live_solo = run("DELETE FROM solo_games WHERE guild_id = $1 AND status = 'live'").await?;
            let solo =
                run("UPDATE solo_games SET channel_id = NULL WHERE guild_id = $1 AND channel_id IS NOT NULL").await?;
            let games = run("UPDATE games SET channel_id = NULL, board_channel_id = NULL, board_message_id = NULL,
                     forfeit_announced_at = COALESCE(forfeit_announced_at, updated_at)
                 WHERE guild_id = $1 AND (channel_id IS NOT NULL OR board_channel_id IS NOT NULL)")
            .await?;
            // Its tournaments stay in their players' records, without a channel; those not over end.
            run("UPDATE tournament_games SET result = 'unplayed', opening_until = NULL
                 WHERE result IS NULL AND tournament_id IN (SELECT id FROM tournaments WHERE guild_id = $1)")
            .await?;
            run("UPDATE tournaments SET channel_id = NULL, card_message_id = NULL,
                     state = CASE WHEN state IN ('signup', 'running') THEN 'cancelled' ELSE state END
                 WHERE guild_id = $1")
            .await?;
            // Its seasons: the plan, and each closed season with its table.
            run("DELETE FROM season_plans WHERE guild_id = $1").await?;
            run("DELETE FROM season_standings WHERE season_id IN (SELECT id FROM seasons WHERE guild_id = $1)").await?;
            let seasons = run("DELETE FROM seasons WHERE guild_id = $1").await?;
            // Puzzle attempts stay in their players' records, without the server or a channel
            // (so its streak table goes); those still live end.
            run("DELETE FROM puzzle_attempts WHERE guild_id = $1 AND status = 'live'").await?;
            run("UPDATE puzzle_attempts SET guild_id = NULL, channel_id = NULL WHERE guild_id = $1").await?;
            run("DELETE FROM daily_puzzle_plans WHERE guild_id = $1").await?;
            run("DELETE FROM daily_puzzle_posts WHERE guild_id = $1").await?;
            run("DELETE FROM live_boards WHERE guild_id = $1").await?;
            Ok(ServerForgotten { settings, games, solo_games: live_solo + solo, challenges, seasons })
        }
    }
}

impl<'a, Q: Queries<'a>> DepartedQueries<'a> for Q {}

const CLAIM_SQLITE: &str = "DELETE FROM departed_guilds
     WHERE guild_id IN (SELECT guild_id FROM departed_guilds WHERE left_at <= $1 ORDER BY left_at, guild_id LIMIT $2)
     RETURNING guild_id";
const CLAIM_POSTGRES: &str = "DELETE FROM departed_guilds
     WHERE guild_id IN (SELECT guild_id FROM departed_guilds WHERE left_at <= $1 ORDER BY left_at, guild_id LIMIT $2
                        FOR UPDATE SKIP LOCKED)
     RETURNING guild_id";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::fixtures::{ALICE, GUILD, live_game, new_challenge};
    use crate::store::queries::*;
    use crate::store::testing::store_tests;
    use crate::store::{BoardMessage, ChannelId, MessageId, NewSolo, ServerSettings};

    store_tests! {
        async fn a_server_the_bot_left_is_claimed_once_after_its_grace_and_loses_its_settings_and_channels(store) {
            let game = live_game(&store, 1).await;
            let board = BoardMessage { channel: ChannelId(1), message: MessageId(5) };
            store.set_board_message(game.id, board).await.unwrap();
            let settings = ServerSettings { theme: "dark".into(), ..ServerSettings::default() };
            store.set_settings(GUILD, &settings, Timestamp(1)).await.unwrap();
            store.note_guild_locale(GUILD, "de", Timestamp(1)).await.unwrap();
            store.create_challenge(&new_challenge(2), Timestamp(1)).await.unwrap();
            let solo = NewSolo { guild: Some(GUILD), channel: ChannelId(3), player: ALICE, seed: 1, daily: None };
            store.create_solo(&solo, Timestamp(1)).await.unwrap();
            let cup = crate::store::NewTournament {
                guild: GUILD,
                channel: ChannelId(4),
                organiser: ALICE,
                name: "Cup".into(),
                format: crate::store::Format::RoundRobin,
                rounds: 1,
                rules: crate::engine::Rules::default(),
                rated: false,
                move_secs: None,
                round_secs: None,
                max_players: 4,
                bot_level: None,
                starts_at: None,
            };
            let cup = store.create_tournament(&cup, Timestamp(1)).await.unwrap();
            let plan = store
                .set_season_plan(GUILD, crate::store::Cadence::Monthly, Some(ChannelId(6)), Timestamp(5), Timestamp(1))
                .await
                .unwrap();
            let october =
                crate::store::SeasonWindow { key: "2026-10".into(), starts_at: Timestamp(0), ends_at: Timestamp(5) };
            let mut tx = store.begin().await.unwrap();
            tx.close_season(&plan, &october, Timestamp(9), 5, Timestamp(6)).await.unwrap().expect("closed");
            tx.commit().await.unwrap();

            store.note_guild_left(GUILD, Timestamp(10)).await.unwrap();
            store.note_guild_left(GUILD, Timestamp(20)).await.unwrap();
            assert_eq!(store.guild_left_at(GUILD).await.unwrap(), Some(Timestamp(10)), "the first removal counts");
            assert!(store.claim_departed_guilds(Timestamp(9), 10).await.unwrap().is_empty(), "not before");

            let mut tx = store.begin().await.unwrap();
            assert_eq!(tx.claim_departed_guilds(Timestamp(10), 10).await.unwrap(), [GUILD]);
            let live = tx.live_games_in_guild(GUILD).await.unwrap();
            assert_eq!(live.iter().map(|g| g.id).collect::<Vec<_>>(), [game.id]);
            let forgotten = tx.forget_guild(GUILD).await.unwrap();
            tx.commit().await.unwrap();
            assert_eq!(forgotten, ServerForgotten { settings: true, games: 1, solo_games: 1, challenges: 1, seasons: 1 });
            assert_eq!(store.season_plan(GUILD).await.unwrap(), None, "seasons off");
            assert_eq!(store.closed_season(GUILD, "2026-10").await.unwrap(), None, "its seasons gone");
            assert!(store.claim_departed_guilds(Timestamp(99), 10).await.unwrap().is_empty(), "claimed once");
            assert_eq!(store.settings(GUILD).await.unwrap(), ServerSettings::default());
            assert_eq!(store.guild_locale(GUILD).await.unwrap(), None);
            let kept = store.game(game.id).await.unwrap().unwrap();
            assert_eq!((kept.channel, kept.board_message, kept.guild), (None, None, Some(GUILD)));
            assert_eq!(store.live_solo(ChannelId(3), ALICE).await.unwrap(), None);
            let cup = store.tournament(cup.id).await.unwrap().unwrap();
            assert_eq!((cup.channel, cup.state), (None, crate::store::TournamentState::Cancelled), "no sign-ups left open");
        }

        async fn a_server_that_adds_the_bot_back_in_time_keeps_everything(store) {
            let settings = ServerSettings { theme: "dark".into(), ..ServerSettings::default() };
            store.set_settings(GUILD, &settings, Timestamp(1)).await.unwrap();
            store.note_guild_left(GUILD, Timestamp(10)).await.unwrap();
            assert!(store.note_guild_back(GUILD).await.unwrap());
            assert!(!store.note_guild_back(GUILD).await.unwrap(), "back once");
            assert!(store.claim_departed_guilds(Timestamp(1_000), 10).await.unwrap().is_empty());
            assert_eq!(store.settings(GUILD).await.unwrap(), settings);
        }
    }
}
