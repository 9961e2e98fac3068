//! Games: created live, changed only by compare-and-set on their `version`, ended as finished or
//! aborted. The database keeps at most one live game per channel (a partial unique index), so
//! starting a second one fails with [`StoreError::ChannelBusy`]. Moves are stored as the
//! transcript (`Game::transcript`); the store never interprets them.

use sqlx::error::ErrorKind;
use sqlx::{FromRow, SqliteConnection};

use super::error::{unknown_player_or, violation};
use super::ids::{ChannelId, GameId, GuildId, MessageId, Scope, Timestamp, UserId};
use super::{Store, StoreError, Tx, rules_from_json, rules_to_json};
use crate::engine::{Color, Rules};

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Being played.
    Live,
    /// Over, with a result.
    Finished,
    /// Called off: no result, no rating change.
    Aborted,
}

impl GameStatus {
    fn parse(text: &str) -> Result<GameStatus, StoreError> {
        match text {
            "live" => Ok(GameStatus::Live),
            "finished" => Ok(GameStatus::Finished),
            "aborted" => Ok(GameStatus::Aborted),
            _ => Err(StoreError::Corrupt { what: "game status", value: text.into() }),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// Neither side could move.
    Normal,
    /// A player resigned.
    Resignation,
    /// A player let the move deadline pass and forfeited.
    Timeout,
    /// Called off; the game becomes `Aborted` and must have no winner.
    Aborted,
}

impl EndReason {
    fn as_str(self) -> &'static str {
        match self {
            EndReason::Normal => "normal",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "timeout",
            EndReason::Aborted => "aborted",
        }
    }

    fn parse(text: &str) -> Result<EndReason, StoreError> {
        match text {
            "normal" => Ok(EndReason::Normal),
            "resignation" => Ok(EndReason::Resignation),
            "timeout" => Ok(EndReason::Timeout),
            "aborted" => Ok(EndReason::Aborted),
            _ => Err(StoreError::Corrupt { what: "game end reason", value: text.into() }),
        }
    }
}

/// How a game ended: the winner (`None` for a draw or an aborted game), the disc counts and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner, `None` for a draw (and always for an aborted game).
    pub winner: Option<Color>,
    /// Black discs on the board at the end.
    pub black: u32,
    /// White discs on the board at the end.
    pub white: u32,
    /// Why it ended.
    pub reason: EndReason,
}

/// The message that shows a game's board, kept so it can be edited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardMessage {
    /// The channel the message is in.
    pub channel: ChannelId,
    /// The message.
    pub message: MessageId,
}

/// What it takes to start a game. Both players must have been upserted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// The server, `None` in direct messages.
    pub guild: Option<GuildId>,
    /// The channel the game is played in (one live game per channel).
    pub channel: ChannelId,
    /// Who plays black.
    pub black: UserId,
    /// Who plays white.
    pub white: UserId,
    /// The bot's level, when the bot is one of the players.
    pub bot_level: Option<u8>,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// The variant played.
    pub rules: Rules,
    /// When black forfeits if they have not moved.
    pub deadline: Option<Timestamp>,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its id.
    pub id: GameId,
    /// The server, `None` in direct messages.
    pub guild: Option<GuildId>,
    /// The channel it is played in.
    pub channel: ChannelId,
    /// Who plays black.
    pub black: UserId,
    /// Who plays white.
    pub white: UserId,
    /// The bot's level, when the bot plays.
    pub bot_level: Option<u8>,
    /// Whether the result changes ratings.
    pub rated: bool,
    /// The variant played.
    pub rules: Rules,
    /// The transcript of the moves so far (`Game::from_transcript` replays it).
    pub moves: String,
    /// Goes up by one with every change; pass it back to write (compare-and-set).
    pub version: i64,
    /// Live, finished or aborted.
    pub status: GameStatus,
    /// How it ended, once it has.
    pub ending: Option<Ending>,
    /// When it started.
    pub created_at: Timestamp,
    /// When it last changed.
    pub updated_at: Timestamp,
    /// When the player to move forfeits.
    pub deadline: Option<Timestamp>,
    /// When the reminder for the current move was sent (cleared by every move).
    pub reminded_at: Option<Timestamp>,
    /// The message showing the board.
    pub board_message: Option<BoardMessage>,
}

impl GameRecord {
    /// The player of `color`.
    pub fn player(&self, color: Color) -> UserId {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The colour `player` plays, if they play in this game (black when they play both sides).
    pub fn color_of(&self, player: UserId) -> Option<Color> {
        if player == self.black {
            Some(Color::Black)
        } else if player == self.white {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The ladder the game counts for: its server's, or the global one for a direct message.
    /// (A rated game counts for the global ladder too.)
    pub fn scope(&self) -> Scope {
        Scope::of(self.guild)
    }
}

/// Wins, losses and draws of one player against another, from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, FromRow)]
pub struct HeadToHead {
    /// Games the first player won.
    pub wins: u32,
    /// Games the first player lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

/// A `games` row as SQLite returns it.
#[derive(FromRow)]
struct GameRow {
    id: GameId,
    guild_id: Option<GuildId>,
    channel_id: ChannelId,
    black_id: UserId,
    white_id: UserId,
    bot_level: Option<u8>,
    rated: bool,
    rules: String,
    moves: String,
    version: i64,
    status: String,
    winner: Option<String>,
    black_count: Option<u32>,
    white_count: Option<u32>,
    end_reason: Option<String>,
    created_at: Timestamp,
    updated_at: Timestamp,
    deadline_at: Option<Timestamp>,
    reminded_at: Option<Timestamp>,
    board_channel_id: Option<ChannelId>,
    board_message_id: Option<MessageId>,
}

impl TryFrom<GameRow> for GameRecord {
    type Error = StoreError;

    fn try_from(row: GameRow) -> Result<GameRecord, StoreError> {
        let status = GameStatus::parse(&row.status)?;
        let ending = match (row.end_reason, row.black_count, row.white_count) {
            (Some(reason), Some(black), Some(white)) => Some(Ending {
                winner: row.winner.as_deref().map(color_from_column).transpose()?,
                black,
                white,
                reason: EndReason::parse(&reason)?,
            }),
            _ => None,
        };
        Ok(GameRecord {
            id: row.id,
            guild: row.guild_id,
            channel: row.channel_id,
            black: row.black_id,
            white: row.white_id,
            bot_level: row.bot_level,
            rated: row.rated,
            rules: rules_from_json(&row.rules)?,
            moves: row.moves,
            version: row.version,
            status,
            ending,
            created_at: row.created_at,
            updated_at: row.updated_at,
            deadline: row.deadline_at,
            reminded_at: row.reminded_at,
            board_message: row
                .board_channel_id
                .zip(row.board_message_id)
                .map(|(channel, message)| BoardMessage { channel, message }),
        })
    }
}

/// The text stored for a colour.
pub(crate) fn color_column(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A colour from its stored text.
pub(crate) fn color_from_column(text: &str) -> Result<Color, StoreError> {
    match text {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        _ => Err(StoreError::Corrupt { what: "colour", value: text.into() }),
    }
}

/// Rows to records, failing on the first corrupt one.
fn records(rows: Vec<GameRow>) -> Result<Vec<GameRecord>, StoreError> {
    rows.into_iter().map(GameRecord::try_from).collect()
}

async fn create(conn: &mut SqliteConnection, game: &NewGame, now: Timestamp) -> Result<GameRecord, StoreError> {
    let row: GameRow = sqlx::query_as(
        "INSERT INTO games (guild_id, channel_id, black_id, white_id, bot_level, rated, rules, deadline_at,
             created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?9, ?9) RETURNING *",
    )
    .bind(game.guild)
    .bind(game.channel)
    .bind(game.black)
    .bind(game.white)
    .bind(game.bot_level)
    .bind(game.rated)
    .bind(rules_to_json(&game.rules)?)
    .bind(game.deadline)
    .bind(now)
    .fetch_one(conn)
    .await
    .map_err(|error| match violation(&error) {
        Some((ErrorKind::UniqueViolation, message)) if message.contains("games.channel_id") => StoreError::ChannelBusy,
        _ => unknown_player_or(error),
    })?;
    row.try_into()
}

async fn by_id(conn: &mut SqliteConnection, id: GameId) -> Result<Option<GameRecord>, StoreError> {
    let row: Option<GameRow> = sqlx::query_as("SELECT * FROM games WHERE id = ?").bind(id).fetch_optional(conn).await?;
    row.map(GameRecord::try_from).transpose()
}

/// Why a compare-and-set of a live game at `version` wrote nothing: the game is unknown, has
/// changed since (`StaleVersion`, whether or not it is over now), or was already over when read.
async fn cas_failure(conn: &mut SqliteConnection, id: GameId, version: i64) -> StoreError {
    let found = sqlx::query_as::<_, (String, i64)>("SELECT status, version FROM games WHERE id = ?")
        .bind(id)
        .fetch_optional(conn)
        .await;
    match found {
        Ok(None) => StoreError::NotFound,
        Ok(Some((_, current))) if current != version => StoreError::StaleVersion,
        Ok(Some(_)) => StoreError::GameOver,
        Err(error) => StoreError::Database(error),
    }
}

async fn save_moves(
    conn: &mut SqliteConnection,
    id: GameId,
    version: i64,
    moves: &str,
    deadline: Option<Timestamp>,
    now: Timestamp,
) -> Result<i64, StoreError> {
    let done = sqlx::query(
        "UPDATE games SET moves = ?, deadline_at = ?, reminded_at = NULL, updated_at = ?, version = version + 1
         WHERE id = ? AND version = ? AND status = 'live'",
    )
    .bind(moves)
    .bind(deadline)
    .bind(now)
    .bind(id)
    .bind(version)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 1 { Ok(version + 1) } else { Err(cas_failure(conn, id, version).await) }
}

async fn finish(
    conn: &mut SqliteConnection,
    id: GameId,
    version: i64,
    ending: &Ending,
    now: Timestamp,
) -> Result<i64, StoreError> {
    let status = if ending.reason == EndReason::Aborted { "aborted" } else { "finished" };
    let done = sqlx::query(
        "UPDATE games SET status = ?, winner = ?, black_count = ?, white_count = ?, end_reason = ?,
             deadline_at = NULL, updated_at = ?, version = version + 1
         WHERE id = ? AND version = ? AND status = 'live'",
    )
    .bind(status)
    .bind(ending.winner.map(color_column))
    .bind(ending.black)
    .bind(ending.white)
    .bind(ending.reason.as_str())
    .bind(now)
    .bind(id)
    .bind(version)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 1 { Ok(version + 1) } else { Err(cas_failure(conn, id, version).await) }
}

impl Store {
    /// Starts a live game. Fails with `ChannelBusy` when the channel already has one, and with
    /// `UnknownPlayer` when a player was never upserted.
    pub async fn create_game(&self, game: &NewGame, now: Timestamp) -> Result<GameRecord, StoreError> {
        create(&mut *self.pool.acquire().await?, game, now).await
    }

    /// The game with this id.
    pub async fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        by_id(&mut *self.pool.acquire().await?, id).await
    }

    /// The live game in a channel, if any.
    pub async fn live_game_in(&self, channel: ChannelId) -> Result<Option<GameRecord>, StoreError> {
        let row: Option<GameRow> = sqlx::query_as("SELECT * FROM games WHERE channel_id = ? AND status = 'live'")
            .bind(channel)
            .fetch_optional(&self.pool)
            .await?;
        row.map(GameRecord::try_from).transpose()
    }

    /// The newest game of a channel, live or over (what `/export` shows by default).
    pub async fn latest_game_in(&self, channel: ChannelId) -> Result<Option<GameRecord>, StoreError> {
        let row: Option<GameRow> = sqlx::query_as("SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1")
            .bind(channel)
            .fetch_optional(&self.pool)
            .await?;
        row.map(GameRecord::try_from).transpose()
    }

    /// Every live game, oldest first (at start-up: resume the bot's moves, re-arm the deadlines).
    pub async fn live_games(&self) -> Result<Vec<GameRecord>, StoreError> {
        let rows =
            sqlx::query_as("SELECT * FROM games WHERE status = 'live' ORDER BY id").fetch_all(&self.pool).await?;
        records(rows)
    }

    /// Live games whose move deadline is at or before `now`, earliest first (the forfeit sweep).
    pub async fn overdue_games(&self, now: Timestamp) -> Result<Vec<GameRecord>, StoreError> {
        let rows =
            sqlx::query_as("SELECT * FROM games WHERE status = 'live' AND deadline_at <= ? ORDER BY deadline_at, id")
                .bind(now)
                .fetch_all(&self.pool)
                .await?;
        records(rows)
    }

    /// Live games whose deadline is after `now` but at or before `horizon`, and whose current move
    /// has had no reminder yet, earliest first (the reminder sweep; `horizon` is `now` plus the
    /// reminder window).
    pub async fn games_due_reminder(&self, now: Timestamp, horizon: Timestamp) -> Result<Vec<GameRecord>, StoreError> {
        let rows = sqlx::query_as(
            "SELECT * FROM games
             WHERE status = 'live' AND deadline_at > ? AND deadline_at <= ? AND reminded_at IS NULL
             ORDER BY deadline_at, id",
        )
        .bind(now)
        .bind(horizon)
        .fetch_all(&self.pool)
        .await?;
        records(rows)
    }

    /// Notes that the reminder for the current move of the game at `version` was sent. Returns
    /// false, writing nothing, when the game has changed since (the reminder is then moot). Does
    /// not change the version.
    pub async fn mark_reminded(&self, id: GameId, version: i64, now: Timestamp) -> Result<bool, StoreError> {
        let done = sqlx::query("UPDATE games SET reminded_at = ? WHERE id = ? AND version = ? AND status = 'live'")
            .bind(now)
            .bind(id)
            .bind(version)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Remembers the message that shows the game's board. Does not change the version.
    pub async fn set_board_message(&self, id: GameId, board: BoardMessage) -> Result<(), StoreError> {
        let done = sqlx::query("UPDATE games SET board_channel_id = ?, board_message_id = ? WHERE id = ?")
            .bind(board.channel)
            .bind(board.message)
            .bind(id)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 1 { Ok(()) } else { Err(StoreError::NotFound) }
    }

    /// A player's last `limit` finished games in `scope` (all servers and direct messages for
    /// `Global`), newest first.
    pub async fn finished_games(
        &self,
        player: UserId,
        scope: Scope,
        limit: u32,
    ) -> Result<Vec<GameRecord>, StoreError> {
        let rows = sqlx::query_as(
            "SELECT * FROM games
             WHERE status = 'finished' AND (black_id = ?1 OR white_id = ?1) AND (?2 = 0 OR guild_id = ?2)
             ORDER BY updated_at DESC, id DESC LIMIT ?3",
        )
        .bind(player)
        .bind(scope)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        records(rows)
    }

    /// Wins, losses and draws of `player` against `opponent` over their finished games, rated and
    /// casual, in `scope` (everywhere for `Global`).
    pub async fn head_to_head(&self, player: UserId, opponent: UserId, scope: Scope) -> Result<HeadToHead, StoreError> {
        let counts = sqlx::query_as(
            "SELECT
                 COALESCE(SUM((black_id = ?1 AND winner = 'black') OR (white_id = ?1 AND winner = 'white')), 0) AS wins,
                 COALESCE(SUM((black_id = ?2 AND winner = 'black') OR (white_id = ?2 AND winner = 'white')), 0) AS losses,
                 COALESCE(SUM(winner IS NULL), 0) AS draws
             FROM games
             WHERE status = 'finished' AND ((black_id = ?1 AND white_id = ?2) OR (black_id = ?2 AND white_id = ?1))
                 AND (?3 = 0 OR guild_id = ?3)",
        )
        .bind(player)
        .bind(opponent)
        .bind(scope)
        .fetch_one(&self.pool)
        .await?;
        Ok(counts)
    }

    /// Saves a game's new transcript if it is still live at `version`, sets the next deadline
    /// and returns the new version. A stale version (someone moved or ended the game first: a
    /// double click) writes nothing and fails with `StaleVersion`; a game that was already over at
    /// `version` fails with `GameOver`. To finish
    /// the game in the same breath, use [`Tx::save_moves`] and [`Tx::finish_game`].
    pub async fn save_moves(
        &self,
        id: GameId,
        version: i64,
        moves: &str,
        deadline: Option<Timestamp>,
        now: Timestamp,
    ) -> Result<i64, StoreError> {
        save_moves(&mut *self.pool.acquire().await?, id, version, moves, deadline, now).await
    }

    /// Ends a game that is still live at `version` (resignation, timeout, abort) and returns the
    /// new version; errors as for [`Store::save_moves`]. Rated endings belong in a [`Tx`] with
    /// their rating changes.
    pub async fn finish_game(
        &self,
        id: GameId,
        version: i64,
        ending: &Ending,
        now: Timestamp,
    ) -> Result<i64, StoreError> {
        finish(&mut *self.pool.acquire().await?, id, version, ending, now).await
    }
}

impl Tx {
    /// [`Store::create_game`] inside this transaction (after accepting a challenge, say).
    pub async fn create_game(&mut self, game: &NewGame, now: Timestamp) -> Result<GameRecord, StoreError> {
        create(&mut self.tx, game, now).await
    }

    /// [`Store::game`] inside this transaction.
    pub async fn game(&mut self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        by_id(&mut self.tx, id).await
    }

    /// [`Store::save_moves`] inside this transaction: on `StaleVersion`, drop the `Tx`.
    pub async fn save_moves(
        &mut self,
        id: GameId,
        version: i64,
        moves: &str,
        deadline: Option<Timestamp>,
        now: Timestamp,
    ) -> Result<i64, StoreError> {
        save_moves(&mut self.tx, id, version, moves, deadline, now).await
    }

    /// [`Store::finish_game`] inside this transaction; pass the version `save_moves` returned.
    pub async fn finish_game(
        &mut self,
        id: GameId,
        version: i64,
        ending: &Ending,
        now: Timestamp,
    ) -> Result<i64, StoreError> {
        finish(&mut self.tx, id, version, ending, now).await
    }
}

#[cfg(test)]
mod tests;
