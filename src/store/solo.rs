//! Solo games (Reiner Knizia's game for one player): the deal's seed, the moves, the score once
//! over, and the daily tables, where each player's first finished game of the day's deal counts.

use super::error::{unknown_player_or, violates_unique};
use super::ids::{ChannelId, GuildId, SoloId, Timestamp, UserId};
use super::{Queries, StoreError, on, small};

/// A solo game to start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSolo {
    /// The server (`None` in a direct message).
    pub guild: Option<GuildId>,
    /// The channel it is played in.
    pub channel: ChannelId,
    /// The player.
    pub player: UserId,
    /// The deal's seed.
    pub seed: u64,
    /// The day of the day's deal (`2026-11-28`), `None` for any other deal.
    pub daily: Option<String>,
}

/// A solo game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloRecord {
    /// Its id.
    pub id: SoloId,
    /// The server (`None` in a direct message).
    pub guild: Option<GuildId>,
    /// The channel it is played in; `None` once its server's data was removed.
    pub channel: Option<ChannelId>,
    /// The player.
    pub player: UserId,
    /// The deal's seed.
    pub seed: u64,
    /// The day of the day's deal, if it is one.
    pub daily: Option<String>,
    /// The moves as a solo transcript (`d3g f4b`).
    pub moves: String,
    /// Goes up by one with every write; writes compare-and-set on it.
    pub version: i64,
    /// The score once over: tiles won and the variant's value.
    pub score: Option<(u32, u32)>,
    /// When it was started.
    pub created_at: Timestamp,
    /// When it last changed (when it ended, once over).
    pub updated_at: Timestamp,
}

impl SoloRecord {
    /// Whether the game is still being played.
    pub fn is_live(&self) -> bool {
        self.score.is_none()
    }
}

/// One line of a daily table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloEntry {
    /// The player.
    pub player: UserId,
    /// Their name when last seen.
    pub name: String,
    /// Tiles won.
    pub tiles: u32,
    /// The variant's value.
    pub value: u32,
    /// When the game ended.
    pub finished_at: Timestamp,
}

/// A `solo_games` row as the database returns it.
#[derive(sqlx::FromRow)]
pub(super) struct SoloRow {
    id: SoloId,
    guild_id: Option<GuildId>,
    channel_id: Option<ChannelId>,
    player_id: UserId,
    seed: i64,
    daily: Option<String>,
    moves: String,
    version: i64,
    tiles: Option<i64>,
    value: Option<i64>,
    created_at: Timestamp,
    updated_at: Timestamp,
}

impl TryFrom<SoloRow> for SoloRecord {
    type Error = StoreError;

    fn try_from(row: SoloRow) -> Result<SoloRecord, StoreError> {
        let score = match (row.tiles, row.value) {
            (Some(tiles), Some(value)) => Some((small("solo tiles", tiles)?, small("solo value", value)?)),
            _ => None,
        };
        Ok(SoloRecord {
            id: row.id,
            guild: row.guild_id,
            channel: row.channel_id,
            player: row.player_id,
            seed: u64::from_ne_bytes(row.seed.to_ne_bytes()),
            daily: row.daily,
            moves: row.moves,
            version: row.version,
            score,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

/// The seed as the database keeps it: the same 64 bits, signed.
fn stored_seed(seed: u64) -> i64 {
    i64::from_ne_bytes(seed.to_ne_bytes())
}

/// The operations on solo games and their daily tables: each written once, run on a
/// [`Store`](super::Store) or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait SoloQueries<'a>: Queries<'a> {
    /// Starts a solo game. Fails with `SoloLive` when the player already has a live one in the
    /// channel, and with `UnknownPlayer` when the player was never upserted.
    fn create_solo(
        self,
        solo: &NewSolo,
        now: Timestamp,
    ) -> impl Future<Output = Result<SoloRecord, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: SoloRow = on!(conn, |c| sqlx::query_as(
                "INSERT INTO solo_games (guild_id, channel_id, player_id, seed, daily, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *",
            )
            .bind(solo.guild)
            .bind(solo.channel)
            .bind(solo.player)
            .bind(stored_seed(solo.seed))
            .bind(solo.daily.as_deref())
            .bind(now)
            .fetch_one(c)
            .await)
            .map_err(|error| {
                if violates_unique(&error, "solo_games_one_live_per_player_and_channel", "solo_games.channel_id") {
                    StoreError::SoloLive
                } else {
                    unknown_player_or(error)
                }
            })?;
            row.try_into()
        }
    }

    /// The solo game with this id.
    fn solo(self, id: SoloId) -> impl Future<Output = Result<Option<SoloRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<SoloRow> = on!(conn, |c| sqlx::query_as("SELECT * FROM solo_games WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await)?;
            row.map(SoloRecord::try_from).transpose()
        }
    }

    /// The player's live solo game in this channel, if any.
    fn live_solo(
        self,
        channel: ChannelId,
        player: UserId,
    ) -> impl Future<Output = Result<Option<SoloRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<SoloRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM solo_games WHERE channel_id = $1 AND player_id = $2 AND status = 'live'"
            )
            .bind(channel)
            .bind(player)
            .fetch_optional(c)
            .await)?;
            row.map(SoloRecord::try_from).transpose()
        }
    }

    /// Saves a live solo game's moves at `version` and, with a score, ends it; returns the new
    /// version. `StaleVersion` when it changed since it was read, `GameOver` when it is over.
    fn save_solo(
        self,
        id: SoloId,
        version: i64,
        moves: &str,
        score: Option<(u32, u32)>,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let status = if score.is_some() { "finished" } else { "live" };
            let updated: Option<i64> = on!(conn, |c| sqlx::query_scalar(
                "UPDATE solo_games SET moves = $1, status = $2, tiles = $3, value = $4, version = version + 1,
                     updated_at = $5
                 WHERE id = $6 AND version = $7 AND status = 'live' RETURNING version",
            )
            .bind(moves)
            .bind(status)
            .bind(score.map(|(tiles, _)| i64::from(tiles)))
            .bind(score.map(|(_, value)| i64::from(value)))
            .bind(now)
            .bind(id)
            .bind(version)
            .fetch_optional(c)
            .await)?;
            if let Some(version) = updated {
                return Ok(version);
            }
            match conn.solo(id).await? {
                None => Err(StoreError::NotFound),
                Some(record) if !record.is_live() => Err(StoreError::GameOver),
                Some(_) => Err(StoreError::StaleVersion),
            }
        }
    }

    /// The best `limit` counted games of the day's deal of `day`, in one server or (`None`)
    /// everywhere: most tiles first, then the highest value, then the earliest.
    /// The server's table lists the counted games played in
    /// that server.
    fn daily_table(
        self,
        day: &str,
        guild: Option<GuildId>,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<SoloEntry>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let in_guild = if guild.is_some() { "WHERE c.guild_id = $3" } else { "" };
            let sql = format!(
                "SELECT c.player_id, p.display_name, c.tiles, c.value, c.updated_at FROM ({COUNTED}) c
                 JOIN players p ON p.id = c.player_id {in_guild} ORDER BY {TABLE_ORDER} LIMIT $2"
            );
            let rows: Vec<(UserId, String, i64, i64, Timestamp)> = on!(conn, |c| {
                let query = sqlx::query_as(&sql).bind(day).bind(i64::from(limit));
                match guild {
                    Some(guild) => query.bind(guild).fetch_all(c).await,
                    None => query.fetch_all(c).await,
                }
            })?;
            rows.into_iter()
                .map(|(player, name, tiles, value, finished_at)| {
                    Ok(SoloEntry {
                        player,
                        name,
                        tiles: small("solo tiles", tiles)?,
                        value: small("solo value", value)?,
                        finished_at,
                    })
                })
                .collect()
        }
    }

    /// A counted daily game's place in the day's table of one server or (`None`) everyone's,
    /// and how many players that table has; `None` when the game is not a counted one there.
    fn daily_place(
        self,
        day: &str,
        guild: Option<GuildId>,
        game: SoloId,
    ) -> impl Future<Output = Result<Option<(u32, u32)>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let in_guild = if guild.is_some() { "WHERE c.guild_id = $3" } else { "" };
            let sql = format!(
                "SELECT place, players FROM (
                     SELECT c.id, ROW_NUMBER() OVER (ORDER BY {TABLE_ORDER}) AS place, COUNT(*) OVER () AS players
                     FROM ({COUNTED}) c {in_guild}) ranked
                 WHERE ranked.id = $2"
            );
            let row: Option<(i64, i64)> = on!(conn, |c| {
                let query = sqlx::query_as(&sql).bind(day).bind(game);
                match guild {
                    Some(guild) => query.bind(guild).fetch_optional(c).await,
                    None => query.fetch_optional(c).await,
                }
            })?;
            row.map(|(place, players)| Ok((small("daily place", place)?, small("daily players", players)?))).transpose()
        }
    }
}

impl<'a, Q: Queries<'a>> SoloQueries<'a> for Q {}

/// The counted games of the day's deal of `$1`: each player's first finished game of it,
/// wherever it was played.
const COUNTED: &str = "SELECT s.id, s.player_id, s.guild_id, s.tiles, s.value, s.updated_at FROM solo_games s
     WHERE s.daily = $1 AND s.status = 'finished' AND NOT EXISTS (
         SELECT 1 FROM solo_games e WHERE e.daily = s.daily AND e.player_id = s.player_id
             AND e.status = 'finished' AND (e.updated_at < s.updated_at OR (e.updated_at = s.updated_at AND e.id < s.id)))";
/// The tables' order: most tiles, then the highest value, then who finished first.
const TABLE_ORDER: &str = "c.tiles DESC, c.value DESC, c.updated_at, c.id";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::fixtures::{ALICE, BOB, CAROL, GUILD, players};
    use crate::store::testing::store_tests;

    fn deal(channel: u64, player: UserId, daily: Option<&str>) -> NewSolo {
        NewSolo {
            guild: Some(GUILD),
            channel: ChannelId(channel),
            player,
            seed: u64::MAX - 5,
            daily: daily.map(str::to_owned),
        }
    }

    /// Starts `solo` at `at` and ends it there with `score`.
    async fn finished(store: &Store, solo: NewSolo, score: (u32, u32), at: i64) {
        let record = store.create_solo(&solo, Timestamp(at)).await.unwrap();
        store.save_solo(record.id, record.version, "c4b", Some(score), Timestamp(at)).await.unwrap();
    }

    store_tests! {
        async fn a_solo_game_keeps_its_deal_its_moves_and_its_score(store) {
            players(&store).await;
            let record = store.create_solo(&deal(1, ALICE, None), Timestamp(10)).await.unwrap();
            assert_eq!((record.seed, record.is_live(), record.moves.as_str()), (u64::MAX - 5, true, ""));
            let version = store.save_solo(record.id, record.version, "c4b d3g", None, Timestamp(20)).await.unwrap();
            let live = store.live_solo(ChannelId(1), ALICE).await.unwrap().unwrap();
            assert_eq!((live.moves.as_str(), live.version), ("c4b d3g", version));
            store.save_solo(record.id, version, "c4b d3g e6b", Some((3, 17)), Timestamp(30)).await.unwrap();
            let over = store.solo(record.id).await.unwrap().unwrap();
            assert_eq!((over.score, over.updated_at), (Some((3, 17)), Timestamp(30)));
            assert_eq!(store.live_solo(ChannelId(1), ALICE).await.unwrap(), None);
        }

        async fn a_player_has_one_live_solo_game_per_channel_and_others_theirs(store) {
            players(&store).await;
            store.create_solo(&deal(1, ALICE, None), Timestamp(10)).await.unwrap();
            let again = store.create_solo(&deal(1, ALICE, None), Timestamp(11)).await;
            assert!(matches!(again, Err(StoreError::SoloLive)), "{again:?}");
            store.create_solo(&deal(2, ALICE, None), Timestamp(12)).await.unwrap();
            store.create_solo(&deal(1, BOB, None), Timestamp(13)).await.unwrap();
        }

        async fn a_solo_move_saved_from_an_old_version_or_after_the_end_writes_nothing(store) {
            players(&store).await;
            let record = store.create_solo(&deal(1, ALICE, None), Timestamp(10)).await.unwrap();
            let version = store.save_solo(record.id, record.version, "c4b", None, Timestamp(20)).await.unwrap();
            let stale = store.save_solo(record.id, record.version, "d3g", None, Timestamp(21)).await;
            assert!(matches!(stale, Err(StoreError::StaleVersion)), "{stale:?}");
            store.save_solo(record.id, version, "c4b", Some((1, 5)), Timestamp(22)).await.unwrap();
            let late = store.save_solo(record.id, version + 1, "c4b d3g", None, Timestamp(23)).await;
            assert!(matches!(late, Err(StoreError::GameOver)), "{late:?}");
        }

        async fn the_daily_table_counts_each_players_first_finished_game_of_the_day(store) {
            players(&store).await;
            let day = Some("2026-11-28");
            // Alice's first daily scores 10; her better second try does not count.
            finished(&store, deal(1, ALICE, day), (10, 40), 100).await;
            finished(&store, deal(1, ALICE, day), (20, 90), 200).await;
            // Bob plays it in another server, Carol's game is another day's, and a live game
            // and an ordinary deal count for nothing.
            finished(&store, NewSolo { guild: Some(GuildId(8)), ..deal(2, BOB, day) }, (12, 50), 150).await;
            finished(&store, deal(3, CAROL, Some("2026-11-27")), (24, 220), 50).await;
            store.create_solo(&deal(4, CAROL, day), Timestamp(60)).await.unwrap();
            finished(&store, deal(5, CAROL, None), (24, 220), 70).await;

            let global = store.daily_table("2026-11-28", None, 10).await.unwrap();
            let lines: Vec<(UserId, u32, u32)> = global.iter().map(|e| (e.player, e.tiles, e.value)).collect();
            assert_eq!(lines, vec![(BOB, 12, 50), (ALICE, 10, 40)]);
            assert_eq!(global[1].name, "Alice");
            let server = store.daily_table("2026-11-28", Some(GUILD), 10).await.unwrap();
            assert_eq!(server.iter().map(|e| e.player).collect::<Vec<_>>(), vec![ALICE]);
            assert_eq!(store.daily_table("2026-11-28", None, 1).await.unwrap().len(), 1);
        }

        async fn a_daily_game_has_a_place_only_when_it_is_the_players_counted_one(store) {
            players(&store).await;
            let day = Some("2026-11-28");
            for (player, channel, score, at) in [(ALICE, 1, (10, 40), 100), (ALICE, 1, (20, 90), 200), (BOB, 2, (12, 50), 150)] {
                finished(&store, deal(channel, player, day), score, at).await;
            }
            let games: Vec<SoloId> = (1..=3).map(SoloId).collect();
            assert_eq!(store.daily_place("2026-11-28", None, games[0]).await.unwrap(), Some((2, 2)));
            assert_eq!(store.daily_place("2026-11-28", None, games[1]).await.unwrap(), None, "practice");
            assert_eq!(store.daily_place("2026-11-28", None, games[2]).await.unwrap(), Some((1, 2)));
            assert_eq!(store.daily_place("2026-11-28", Some(GUILD), games[0]).await.unwrap(), Some((2, 2)));
            assert_eq!(store.daily_place("2026-11-28", Some(GuildId(8)), games[0]).await.unwrap(), None);
        }
    }
}
