//! Following games from outside their channel: what a server is playing (`/games`), live boards
//! (`/watch`: one message per game and channel, edited after its moves), games kept private
//! from other channels, and your-turn notices in a player's DMs. Each edit and each notice is
//! taken on by a compare-and-set, so with several processes it happens once.

use super::games::{GameRow, records};
use super::ids::{ChallengeId, ChannelId, GameId, GuildId, MessageId, Timestamp, UserId};
use super::{GameRecord, Queries, StoreError, on};

/// A live board as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveBoard {
    /// Its row id.
    pub id: i64,
    /// The game it shows.
    pub game: GameId,
    /// The server of the channel it is in.
    pub guild: Option<GuildId>,
    /// The channel it is in.
    pub channel: ChannelId,
    /// Who asked for it (who may stop it).
    pub asked_by: UserId,
    /// Its message, once posted.
    pub message: Option<MessageId>,
    /// The game's version it shows (-1 before it was posted).
    pub shown_version: i64,
    /// Whether it still follows the game.
    pub live: bool,
    /// When it was asked for.
    pub created_at: Timestamp,
}

#[derive(sqlx::FromRow)]
struct LiveBoardRow {
    id: i64,
    game_id: i64,
    guild_id: Option<GuildId>,
    channel_id: ChannelId,
    asked_by: UserId,
    message_id: Option<MessageId>,
    shown_version: i64,
    status: String,
    created_at: Timestamp,
}

impl From<LiveBoardRow> for LiveBoard {
    fn from(row: LiveBoardRow) -> LiveBoard {
        LiveBoard {
            id: row.id,
            game: GameId(row.game_id),
            guild: row.guild_id,
            channel: row.channel_id,
            asked_by: row.asked_by,
            message: row.message_id,
            shown_version: row.shown_version,
            live: row.status == "live",
            created_at: row.created_at,
        }
    }
}

/// A live board that is behind its game, with the game as it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardBehind {
    /// The board.
    pub board: LiveBoard,
    /// Its game now.
    pub game: GameRecord,
}

/// The operations on watching, run on a [`Store`](super::Store) or inside a [`Tx`](super::Tx).
pub trait WatchingQueries<'a>: Queries<'a> {
    /// A server's live games, newest first, `limit` from `offset`; a private game only when it
    /// is played in `here`.
    fn guild_games_page(
        self,
        guild: GuildId,
        here: ChannelId,
        limit: u32,
        offset: u32,
    ) -> impl Future<Output = Result<(Vec<GameRecord>, u32), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            const SHOWN: &str = "guild_id = $1 AND status = 'live'
                 AND (channel_id = $2 OR id NOT IN (SELECT game_id FROM private_games))";
            let rows: Vec<GameRow> = on!(conn, |c| sqlx::query_as(&format!(
                "SELECT * FROM games WHERE {SHOWN} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
            ))
            .bind(guild)
            .bind(here)
            .bind(i64::from(limit))
            .bind(i64::from(offset))
            .fetch_all(c)
            .await)?;
            let count: i64 = on!(conn, |c| sqlx::query_scalar(&format!("SELECT COUNT(*) FROM games WHERE {SHOWN}"))
                .bind(guild)
                .bind(here)
                .fetch_one(c)
                .await)?;
            Ok((records(rows)?, u32::try_from(count).unwrap_or(u32::MAX)))
        }
    }

    /// A server's games finished since `since`, the latest first, at most `limit`; a private
    /// game only when it was played in `here`.
    fn finished_in_guild_since(
        self,
        guild: GuildId,
        here: ChannelId,
        since: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<GameRow> = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE guild_id = $1 AND status = 'finished' AND updated_at >= $3
                     AND (channel_id = $2 OR id NOT IN (SELECT game_id FROM private_games))
                 ORDER BY updated_at DESC, id DESC LIMIT $4"
            )
            .bind(guild)
            .bind(here)
            .bind(since)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            records(rows)
        }
    }

    /// Keeps a challenge's game from being watched from other channels, once it starts.
    fn mark_private_challenge(self, challenge: ChallengeId) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO private_challenges (challenge_id) VALUES ($1) ON CONFLICT (challenge_id) DO NOTHING"
            )
            .bind(challenge)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Whether a challenge asked for a private game.
    fn private_challenge(self, challenge: ChallengeId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let found: Option<i64> = on!(conn, |c| sqlx::query_scalar(
                "SELECT challenge_id FROM private_challenges WHERE challenge_id = $1"
            )
            .bind(challenge)
            .fetch_optional(c)
            .await)?;
            Ok(found.is_some())
        }
    }

    /// Keeps a game from being watched from other channels.
    fn mark_private_game(self, game: GameId) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO private_games (game_id) VALUES ($1) ON CONFLICT (game_id) DO NOTHING"
            )
            .bind(game)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Whether a game is private.
    fn private_game(self, game: GameId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let found: Option<i64> =
                on!(conn, |c| sqlx::query_scalar("SELECT game_id FROM private_games WHERE game_id = $1")
                    .bind(game)
                    .fetch_optional(c)
                    .await)?;
            Ok(found.is_some())
        }
    }

    /// Opens a live board of `game` in `channel`: the new one and `true`, or the one already
    /// live there and `false`.
    fn open_live_board(
        self,
        game: GameId,
        guild: Option<GuildId>,
        channel: ChannelId,
        asked_by: UserId,
        now: Timestamp,
    ) -> impl Future<Output = Result<(LiveBoard, bool), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let made = on!(conn, |c| sqlx::query(
                "INSERT INTO live_boards (game_id, guild_id, channel_id, asked_by, created_at)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING"
            )
            .bind(game)
            .bind(guild)
            .bind(channel)
            .bind(asked_by)
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            let row: LiveBoardRow = on!(conn, |c| sqlx::query_as(
                "SELECT * FROM live_boards WHERE game_id = $1 AND channel_id = $2 AND status = 'live'"
            )
            .bind(game)
            .bind(channel)
            .fetch_one(c)
            .await)?;
            Ok((row.into(), made == 1))
        }
    }

    /// A live board by its id.
    fn live_board(self, id: i64) -> impl Future<Output = Result<Option<LiveBoard>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<LiveBoardRow> = on!(conn, |c| sqlx::query_as("SELECT * FROM live_boards WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await)?;
            Ok(row.map(LiveBoard::from))
        }
    }

    /// Notes a live board's message, once posted, showing the game at `version`.
    fn note_live_board_posted(
        self,
        id: i64,
        message: MessageId,
        version: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "UPDATE live_boards SET message_id = $2, shown_version = $3 WHERE id = $1 AND message_id IS NULL"
            )
            .bind(id)
            .bind(message)
            .bind(version)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Live boards whose message is posted and whose game moved on (or ended) since it was last
    /// shown, and whose last edit was taken on before `edited_before`, oldest edit first.
    fn live_boards_behind(
        self,
        edited_before: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<BoardBehind>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let boards: Vec<LiveBoardRow> = on!(conn, |c| sqlx::query_as(
                "SELECT b.* FROM live_boards b JOIN games g ON g.id = b.game_id
                 WHERE b.status = 'live' AND b.message_id IS NOT NULL AND g.version > b.shown_version
                     AND (b.edited_at IS NULL OR b.edited_at <= $1)
                 ORDER BY COALESCE(b.edited_at, 0), b.id LIMIT $2"
            )
            .bind(edited_before)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            let mut behind = Vec::new();
            for board in boards {
                let row: Option<GameRow> = on!(conn, |c| sqlx::query_as("SELECT * FROM games WHERE id = $1")
                    .bind(board.game_id)
                    .fetch_optional(c)
                    .await)?;
                if let Some(game) = records(row.into_iter().collect())?.pop() {
                    behind.push(BoardBehind { board: board.into(), game });
                }
            }
            Ok(behind)
        }
    }

    /// Live boards asked for before `before` whose message was never noted (the process that
    /// was to post it stopped first), to post again under the same key.
    fn unposted_live_boards(
        self,
        before: Timestamp,
    ) -> impl Future<Output = Result<Vec<LiveBoard>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<LiveBoardRow> = on!(conn, |c| {
                sqlx::query_as(
                "SELECT * FROM live_boards WHERE status = 'live' AND message_id IS NULL AND created_at <= $1 ORDER BY id"
            )
            .bind(before)
            .fetch_all(c)
            .await
            })?;
            Ok(rows.into_iter().map(LiveBoard::from).collect())
        }
    }

    /// Takes on an edit of a live board, once across processes: false when another took one on
    /// since `edited_before`.
    fn take_live_board_edit(
        self,
        id: i64,
        edited_before: Timestamp,
        now: Timestamp,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE live_boards SET edited_at = $3
                 WHERE id = $1 AND status = 'live' AND (edited_at IS NULL OR edited_at <= $2)"
            )
            .bind(id)
            .bind(edited_before)
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// Notes that a live board shows the game at `version`; once the game is over it follows it
    /// no more.
    fn note_live_board_shown(
        self,
        id: i64,
        version: i64,
        over: bool,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "UPDATE live_boards SET shown_version = $2,
                     status = CASE WHEN $3 AND status = 'live' THEN 'ended' ELSE status END
                 WHERE id = $1 AND shown_version < $2"
            )
            .bind(id)
            .bind(version)
            .bind(over)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Stops a live board: false when it was not live.
    fn stop_live_board(self, id: i64) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE live_boards SET status = 'stopped' WHERE id = $1 AND status = 'live'"
            )
            .bind(id)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// Turns a player's your-turn notices on or off.
    fn set_turn_notices(
        self,
        player: UserId,
        on: bool,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            if on {
                on!(conn, |c| sqlx::query(
                    "INSERT INTO turn_notice_players (player_id, updated_at) VALUES ($1, $2)
                     ON CONFLICT (player_id) DO UPDATE SET updated_at = excluded.updated_at"
                )
                .bind(player)
                .bind(now)
                .execute(c)
                .await
                .map(drop))?;
            } else {
                on!(conn, |c| sqlx::query("DELETE FROM turn_notice_players WHERE player_id = $1")
                    .bind(player)
                    .execute(c)
                    .await
                    .map(drop))?;
            }
            Ok(())
        }
    }

    /// Whether a player asked for your-turn notices.
    fn turn_notices_on(self, player: UserId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let found: Option<i64> =
                on!(conn, |c| sqlx::query_scalar("SELECT player_id FROM turn_notice_players WHERE player_id = $1")
                    .bind(player)
                    .fetch_optional(c)
                    .await)?;
            Ok(found.is_some())
        }
    }

    /// Live games whose player to move asked for notices and has not moved since `quiet_since`,
    /// with no notice for this turn yet (or one claimed before `reclaim_before` and never sent).
    fn turns_to_notice(
        self,
        quiet_since: Timestamp,
        reclaim_before: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<GameRow> = on!(conn, |c| sqlx::query_as(
                "SELECT g.* FROM games g JOIN turn_notice_players p ON p.player_id = g.to_move_id
                 WHERE g.status = 'live' AND g.updated_at <= $1
                     AND NOT EXISTS (SELECT 1 FROM turn_notices n WHERE n.game_id = g.id AND n.version = g.version
                                     AND (n.sent_at IS NOT NULL OR n.claimed_at > $2))
                 ORDER BY g.updated_at LIMIT $3"
            )
            .bind(quiet_since)
            .bind(reclaim_before)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            records(rows)
        }
    }

    /// Claims the notice for `game`'s turn at `version`, once across processes (again once a
    /// claim made before `reclaim_before` was never noted as sent).
    fn claim_turn_notice(
        self,
        game: GameId,
        version: i64,
        player: UserId,
        reclaim_before: Timestamp,
        now: Timestamp,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "INSERT INTO turn_notices (game_id, version, player_id, claimed_at) VALUES ($1, $2, $3, $5)
                 ON CONFLICT (game_id, version) DO UPDATE SET claimed_at = excluded.claimed_at
                 WHERE turn_notices.sent_at IS NULL AND turn_notices.claimed_at <= $4"
            )
            .bind(game)
            .bind(version)
            .bind(player)
            .bind(reclaim_before)
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// Notes a turn's notice as sent.
    fn mark_turn_notice_sent(
        self,
        game: GameId,
        version: i64,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query("UPDATE turn_notices SET sent_at = $3 WHERE game_id = $1 AND version = $2")
                .bind(game)
                .bind(version)
                .bind(now)
                .execute(c)
                .await
                .map(drop))?;
            Ok(())
        }
    }
}

impl<'a, Q: Queries<'a>> WatchingQueries<'a> for Q {}
