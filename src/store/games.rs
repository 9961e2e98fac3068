//! Games: created live, changed only by compare-and-set on their `version`, ended as finished or
//! aborted. The database keeps at most one live game per channel (a partial unique index), so
//! starting a second one fails with [`StoreError::ChannelBusy`]. Moves are stored as the
//! transcript (`Game::transcript`); the store never interprets them.

use sqlx::FromRow;

use super::error::{corrupt, unknown_player_or, violates_unique};
use super::ids::{ChannelId, GameId, GuildId, Ladder, MessageId, Scope, Timestamp, UserId};
use super::status::{EndReason, GameStatus};
use super::{Conn, Queries, StoreError, on, rules_from_json, rules_to_json, small};
use crate::engine::{Color, Rules};

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

/// A lease on the bot's move in a game: the process that thinks about it, and until when. Another
/// process takes over a lease only once it has lapsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotLease {
    /// The holder's name (each running service picks one of its own).
    pub owner: String,
    /// When it lapses.
    pub until: Timestamp,
}

/// What a move writes besides the transcript: the next player's deadline, who is to move (`None`
/// once the game is over), and the lease on the bot's move when the bot is next.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NextTurn {
    /// When the player to move forfeits.
    pub deadline: Option<Timestamp>,
    /// Who is to move.
    pub to_move: Option<UserId>,
    /// Who thinks about the bot's move, when the bot is to move.
    pub bot_lease: Option<BotLease>,
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
    /// The lease on the bot's first move, when the bot plays black.
    pub bot_lease: Option<BotLease>,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Its id.
    pub id: GameId,
    /// The server, `None` in direct messages.
    pub guild: Option<GuildId>,
    /// The channel it is played in; `None` once its server's data was removed (the bot left
    /// the server), the game staying in its players' histories.
    pub channel: Option<ChannelId>,
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
    /// Who is to move (`None` once the game is over, and in games stored before this was kept).
    pub to_move: Option<UserId>,
    /// The lease on the bot's move, while someone thinks about it.
    pub bot_lease: Option<BotLease>,
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

/// Wins, losses and draws, from one player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the player won.
    pub wins: u32,
    /// Games the player lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

impl Tally {
    fn of(counts: (i64, i64, i64)) -> Result<Tally, StoreError> {
        Ok(Tally {
            wins: small("count", counts.0)?,
            losses: small("count", counts.1)?,
            draws: small("count", counts.2)?,
        })
    }
}

/// A player's unrated games: casual ones between people, and those against the bot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnratedTallies {
    /// Casual games between people.
    pub casual: Tally,
    /// Games against the bot.
    pub bot: Tally,
}

/// A `games` row as the database returns it.
#[derive(FromRow)]
pub(super) struct GameRow {
    id: GameId,
    guild_id: Option<GuildId>,
    channel_id: Option<ChannelId>,
    black_id: UserId,
    white_id: UserId,
    bot_level: Option<i64>,
    rated: bool,
    rules: String,
    moves: String,
    version: i64,
    status: String,
    winner: Option<String>,
    black_count: Option<i64>,
    white_count: Option<i64>,
    end_reason: Option<String>,
    created_at: Timestamp,
    updated_at: Timestamp,
    deadline_at: Option<Timestamp>,
    reminded_at: Option<Timestamp>,
    board_channel_id: Option<ChannelId>,
    board_message_id: Option<MessageId>,
    to_move_id: Option<UserId>,
    bot_lease_owner: Option<String>,
    bot_lease_until: Option<Timestamp>,
}

impl TryFrom<GameRow> for GameRecord {
    type Error = StoreError;

    fn try_from(row: GameRow) -> Result<GameRecord, StoreError> {
        let status = GameStatus::parse(&row.status).ok_or_else(|| corrupt("game status", &row.status))?;
        let ending = match (row.end_reason, row.black_count, row.white_count) {
            (Some(reason), Some(black), Some(white)) => Some(Ending {
                winner: row.winner.as_deref().map(color_from_column).transpose()?,
                black: small("disc count", black)?,
                white: small("disc count", white)?,
                reason: EndReason::parse(&reason).ok_or_else(|| corrupt("game end reason", &reason))?,
            }),
            _ => None,
        };
        Ok(GameRecord {
            id: row.id,
            guild: row.guild_id,
            channel: row.channel_id,
            black: row.black_id,
            white: row.white_id,
            bot_level: row.bot_level.map(|l| small("bot level", l)).transpose()?,
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
            to_move: row.to_move_id,
            bot_lease: row.bot_lease_owner.zip(row.bot_lease_until).map(|(owner, until)| BotLease { owner, until }),
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
        _ => Err(corrupt("colour", text)),
    }
}

/// Rows to records, failing on the first corrupt one.
pub(super) fn records(rows: Vec<GameRow>) -> Result<Vec<GameRecord>, StoreError> {
    rows.into_iter().map(GameRecord::try_from).collect()
}

/// One record, if there is a row.
fn record(row: Option<GameRow>) -> Result<Option<GameRecord>, StoreError> {
    row.map(GameRecord::try_from).transpose()
}

/// The operations on games (started, moved, finished, listed): each written once, run on a
/// [`Store`](super::Store) or inside a [`Tx`](super::Tx) (see [`Queries`]).
pub trait GameQueries<'a>: Queries<'a> {
    /// Starts a live game. Fails with `ChannelBusy` when the channel already has one, and with
    /// `UnknownPlayer` when a player was never upserted.
    fn create_game(
        self,
        game: &NewGame,
        now: Timestamp,
    ) -> impl Future<Output = Result<GameRecord, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rules = rules_to_json(&game.rules)?;
            let row: GameRow = on!(conn, |c| sqlx::query_as(
                "INSERT INTO games (guild_id, channel_id, black_id, white_id, bot_level, rated, rules, deadline_at,
                     created_at, updated_at, to_move_id, bot_lease_owner, bot_lease_until)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $3, $10, $11) RETURNING *",
            )
            .bind(game.guild)
            .bind(game.channel)
            .bind(game.black)
            .bind(game.white)
            .bind(game.bot_level.map(i64::from))
            .bind(game.rated)
            .bind(&rules)
            .bind(game.deadline)
            .bind(now)
            .bind(game.bot_lease.as_ref().map(|lease| lease.owner.as_str()))
            .bind(game.bot_lease.as_ref().map(|lease| lease.until))
            .fetch_one(c)
            .await)
            .map_err(|error| {
                if violates_unique(&error, "games_one_live_per_channel", "games.channel_id") {
                    StoreError::ChannelBusy
                } else {
                    unknown_player_or(error)
                }
            })?;
            row.try_into()
        }
    }

    /// The game with this id.
    fn game(self, id: GameId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            record(on!(conn, |c| sqlx::query_as("SELECT * FROM games WHERE id = $1").bind(id).fetch_optional(c).await)?)
        }
    }

    /// The live game in a channel, if any.
    fn live_game_in(self, channel: ChannelId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            record(on!(conn, |c| sqlx::query_as("SELECT * FROM games WHERE channel_id = $1 AND status = 'live'")
                .bind(channel)
                .fetch_optional(c)
                .await)?)
        }
    }

    /// The newest game of a channel, live or over (what `/export` shows by default).
    fn latest_game_in(self, channel: ChannelId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            record(on!(conn, |c| sqlx::query_as("SELECT * FROM games WHERE channel_id = $1 ORDER BY id DESC LIMIT 1")
                .bind(channel)
                .fetch_optional(c)
                .await)?)
        }
    }

    /// The newest game of a channel that is over (what `/review` shows by default).
    fn latest_over_game_in(
        self,
        channel: ChannelId,
    ) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            record(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE channel_id = $1 AND status <> 'live' ORDER BY id DESC LIMIT 1"
            )
            .bind(channel)
            .fetch_optional(c)
            .await)?)
        }
    }

    /// A rated game the player is playing, anywhere, if any (analysis is refused to them meanwhile).
    fn live_rated_game_of(self, player: UserId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            record(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE status = 'live' AND rated AND (black_id = $1 OR white_id = $1)
                 ORDER BY id LIMIT 1"
            )
            .bind(player)
            .fetch_optional(c)
            .await)?)
        }
    }

    /// Every live game, oldest first (at start-up: resume the bot's moves).
    fn live_games(self) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as("SELECT * FROM games WHERE status = 'live' ORDER BY id")
                .fetch_all(c)
                .await)?)
        }
    }

    /// How many games are being played.
    fn live_game_count(self) -> impl Future<Output = Result<u64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let (count,): (i64,) =
                on!(conn, |c| sqlx::query_as("SELECT COUNT(*) FROM games WHERE status = 'live'").fetch_one(c).await)?;
            small("count", count)
        }
    }

    /// How many games started in `channel` after `since` (a channel's hourly cap on new games).
    fn games_started_in(
        self,
        channel: ChannelId,
        since: Timestamp,
    ) -> impl Future<Output = Result<u32, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let (count,): (i64,) =
                on!(conn, |c| sqlx::query_as("SELECT COUNT(*) FROM games WHERE channel_id = $1 AND created_at > $2")
                    .bind(channel)
                    .bind(since)
                    .fetch_one(c)
                    .await)?;
            small("count", count)
        }
    }

    /// Live games whose move deadline is at or before `now`, earliest first (the forfeit sweep).
    fn overdue_games(self, now: Timestamp) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE status = 'live' AND deadline_at <= $1 ORDER BY deadline_at, id"
            )
            .bind(now)
            .fetch_all(c)
            .await)?)
        }
    }

    /// Live games whose deadline is after `now` but at or before `horizon`, and whose current move
    /// has had no reminder yet, earliest first (the reminder sweep).
    fn games_due_reminder(
        self,
        now: Timestamp,
        horizon: Timestamp,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games
                 WHERE status = 'live' AND deadline_at > $1 AND deadline_at <= $2 AND reminded_at IS NULL
                 ORDER BY deadline_at, id",
            )
            .bind(now)
            .bind(horizon)
            .fetch_all(c)
            .await)?)
        }
    }

    /// Notes that the reminder for the current move of the game at `version` was sent. Returns
    /// false, writing nothing, when the game has changed since (the reminder is then moot) or
    /// the reminder was already sent (by another process). Does not change the version.
    fn mark_reminded(
        self,
        id: GameId,
        version: i64,
        now: Timestamp,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| {
                sqlx::query(
                "UPDATE games SET reminded_at = $1 WHERE id = $2 AND version = $3 AND status = 'live' AND reminded_at IS NULL"
            )
            .bind(now)
            .bind(id)
            .bind(version)
            .execute(c)
            .await
            .map(|done| done.rows_affected())
            })?;
            Ok(done == 1)
        }
    }

    /// Games lost on time at or before `before` whose announcement was never posted (the
    /// process that ended them stopped first), oldest first.
    fn unannounced_forfeits(
        self,
        before: Timestamp,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE end_reason = 'timeout' AND forfeit_announced_at IS NULL AND updated_at <= $1
                 ORDER BY updated_at, id"
            )
            .bind(before)
            .fetch_all(c)
            .await)?)
        }
    }

    /// Notes that the game's loss on time was announced.
    fn mark_forfeit_announced(self, id: GameId, now: Timestamp) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "UPDATE games SET forfeit_announced_at = $1 WHERE id = $2 AND forfeit_announced_at IS NULL"
            )
            .bind(now)
            .bind(id)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Remembers the message that shows the game's board. Does not change the version.
    fn set_board_message(self, id: GameId, board: BoardMessage) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE games SET board_channel_id = $1, board_message_id = $2 WHERE id = $3"
            )
            .bind(board.channel)
            .bind(board.message)
            .bind(id)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            if done == 1 { Ok(()) } else { Err(StoreError::NotFound) }
        }
    }

    /// A player's last `limit` finished games in `scope` (all servers and direct messages for
    /// `Global`), newest first.
    fn finished_games(
        self,
        player: UserId,
        scope: Scope,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games
                 WHERE status = 'finished' AND (black_id = $1 OR white_id = $1) AND ($2 = 0 OR guild_id = $2)
                 ORDER BY updated_at DESC, id DESC LIMIT $3",
            )
            .bind(player)
            .bind(scope)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?)
        }
    }

    /// Wins, losses and draws of `player` against `opponent` over their finished games, rated and
    /// casual, in `scope` (everywhere for `Global`).
    fn head_to_head(
        self,
        player: UserId,
        opponent: UserId,
        scope: Scope,
    ) -> impl Future<Output = Result<Tally, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let (wins, losses, draws): (i64, i64, i64) = on!(conn, |c| {
                sqlx::query_as(
                "SELECT
                     COUNT(*) FILTER (WHERE (black_id = $1 AND winner = 'black') OR (white_id = $1 AND winner = 'white')),
                     COUNT(*) FILTER (WHERE (black_id = $2 AND winner = 'black') OR (white_id = $2 AND winner = 'white')),
                     COUNT(*) FILTER (WHERE winner IS NULL)
                 FROM games
                 WHERE status = 'finished' AND ((black_id = $1 AND white_id = $2) OR (black_id = $2 AND white_id = $1))
                     AND ($3 = 0 OR guild_id = $3)",
            )
            .bind(player)
            .bind(opponent)
            .bind(scope)
            .fetch_one(c)
            .await
            })?;
            Tally::of((wins, losses, draws))
        }
    }

    /// A player's finished unrated games in `scope` on one `ladder` (the kind of game, as the
    /// rated ones are kept apart): casual ones between people, and those against the bot.
    fn unrated_tallies(
        self,
        player: UserId,
        scope: Scope,
        ladder: Ladder,
    ) -> impl Future<Output = Result<UnratedTallies, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            // The ladder is the rules' size and sheet, read from each game's rules.
            let rows: Vec<(Option<i64>, Option<String>, bool, String)> = on!(conn, |c| {
                sqlx::query_as(
                    "SELECT bot_level, winner,
                         COALESCE((black_id = $1 AND winner = 'black') OR (white_id = $1 AND winner = 'white'), FALSE),
                         rules
                     FROM games
                     WHERE status = 'finished' AND NOT rated AND (black_id = $1 OR white_id = $1)
                         AND ($2 = 0 OR guild_id = $2)",
                )
                .bind(player)
                .bind(scope)
                .fetch_all(c)
                .await
            })?;
            let mut tallies = UnratedTallies::default();
            for (bot_level, winner, mine, rules) in rows {
                if Ladder::of(&rules_from_json(&rules)?) != ladder {
                    continue;
                }
                let tally = if bot_level.is_some() { &mut tallies.bot } else { &mut tallies.casual };
                match (winner, mine) {
                    (None, _) => tally.draws += 1,
                    (Some(_), true) => tally.wins += 1,
                    (Some(_), false) => tally.losses += 1,
                }
            }
            Ok(tallies)
        }
    }

    /// Saves a game's new transcript if it is still live at `version`, with who is to move next,
    /// their deadline and the lease on the bot's move, and returns the new version. A stale
    /// version (someone moved or ended the game first: a double click) writes nothing and fails
    /// with `StaleVersion`; a game that was already over at `version` fails with `GameOver`. To
    /// finish the game in the same breath, do both in a [`Tx`](super::Tx).
    fn save_moves(
        self,
        id: GameId,
        version: i64,
        moves: &str,
        next: &NextTurn,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| {
                sqlx::query(
                "UPDATE games SET moves = $1, deadline_at = $2, to_move_id = $3, bot_lease_owner = $4, bot_lease_until = $5,
                     reminded_at = NULL, updated_at = $6, version = version + 1
                 WHERE id = $7 AND version = $8 AND status = 'live'",
            )
            .bind(moves)
            .bind(next.deadline)
            .bind(next.to_move)
            .bind(next.bot_lease.as_ref().map(|lease| lease.owner.as_str()))
            .bind(next.bot_lease.as_ref().map(|lease| lease.until))
            .bind(now)
            .bind(id)
            .bind(version)
            .execute(c)
            .await
            .map(|done| done.rows_affected())
            })?;
            if done == 1 { Ok(version + 1) } else { Err(cas_failure(conn, id, version).await) }
        }
    }

    /// Sets the rules of a game nobody has moved in yet, if it is still live at `version` (the
    /// first player chose the start), and returns the new version. A stale version fails with
    /// `StaleVersion`.
    fn set_rules(
        self,
        id: GameId,
        version: i64,
        rules: &Rules,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rules = rules_to_json(rules)?;
            let done = on!(conn, |c| {
                sqlx::query(
                    "UPDATE games SET rules = $1, updated_at = $2, version = version + 1
                     WHERE id = $3 AND version = $4 AND status = 'live' AND moves = ''",
                )
                .bind(&rules)
                .bind(now)
                .bind(id)
                .bind(version)
                .execute(c)
                .await
                .map(|done| done.rows_affected())
            })?;
            if done == 1 { Ok(version + 1) } else { Err(cas_failure(conn, id, version).await) }
        }
    }

    /// Claims the bot's move in up to `limit` live games where `bot` is to move and no lease is
    /// held or one has lapsed by `now`, giving them `lease`; returns the games claimed, oldest
    /// first. Two processes claiming at once never claim the same game.
    fn claim_bot_moves(
        self,
        bot: UserId,
        lease: &BotLease,
        now: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let sql = if matches!(conn, Conn::Sqlite(_)) { CLAIM_SQLITE } else { CLAIM_POSTGRES };
            let mut rows: Vec<GameRow> = on!(conn, |c| sqlx::query_as(sql)
                .bind(lease.owner.as_str())
                .bind(lease.until)
                .bind(bot)
                .bind(now)
                .bind(i64::from(limit))
                .fetch_all(c)
                .await)?;
            rows.sort_by_key(|row| row.id);
            records(rows)
        }
    }

    /// Gives up every lease `owner` holds (at a clean stop, so another process or the next start
    /// makes those moves at once); returns how many.
    fn release_bot_leases(self, owner: &str) -> impl Future<Output = Result<u64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            Ok(on!(conn, |c| sqlx::query(
                "UPDATE games SET bot_lease_owner = NULL, bot_lease_until = NULL WHERE bot_lease_owner = $1"
            )
            .bind(owner)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?)
        }
    }

    /// Notes who is to move in a live game stored before that was kept (the version unchanged);
    /// false when the game changed or already says.
    fn note_to_move(
        self,
        id: GameId,
        version: i64,
        to_move: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| {
                sqlx::query(
                "UPDATE games SET to_move_id = $1 WHERE id = $2 AND version = $3 AND status = 'live' AND to_move_id IS NULL"
            )
            .bind(to_move)
            .bind(id)
            .bind(version)
            .execute(c)
            .await
            .map(|done| done.rows_affected())
            })?;
            Ok(done == 1)
        }
    }

    /// Ends a game that is still live at `version` and returns the new version; errors as for
    /// [`Self::save_moves`]. Rated endings belong in a [`Tx`](super::Tx) with their rating changes.
    fn finish_game(
        self,
        id: GameId,
        version: i64,
        ending: &Ending,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let status = if ending.reason == EndReason::Aborted { "aborted" } else { "finished" };
            let done = on!(conn, |c| {
                sqlx::query(
                "UPDATE games SET status = $1, winner = $2, black_count = $3, white_count = $4, end_reason = $5,
                     deadline_at = NULL, to_move_id = NULL, bot_lease_owner = NULL, bot_lease_until = NULL, updated_at = $6,
                     version = version + 1
                 WHERE id = $7 AND version = $8 AND status = 'live'",
            )
            .bind(status)
            .bind(ending.winner.map(color_column))
            .bind(i64::from(ending.black))
            .bind(i64::from(ending.white))
            .bind(ending.reason.as_str())
            .bind(now)
            .bind(id)
            .bind(version)
            .execute(c)
            .await
            .map(|done| done.rows_affected())
            })?;
            if done == 1 { Ok(version + 1) } else { Err(cas_failure(conn, id, version).await) }
        }
    }

    /// Every finished rated game, in the order the games ended.
    /// Up to `limit` finished games with ids above `after`, by id (a page of all of them, for
    /// tools that read every game, such as the puzzle generator).
    fn finished_games_after(
        self,
        after: GameId,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE status = 'finished' AND id > $1 ORDER BY id LIMIT $2"
            )
            .bind(after)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?)
        }
    }

    fn rated_games(self) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            records(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM games WHERE status = 'finished' AND rated ORDER BY updated_at, id"
            )
            .fetch_all(c)
            .await)?)
        }
    }
}

impl<'a, Q: Queries<'a>> GameQueries<'a> for Q {}

/// Why a compare-and-set of a live game at `version` wrote nothing: the game is unknown, has
/// changed since (`StaleVersion`, whether or not it is over now), or was already over when read.
async fn cas_failure(mut conn: Conn<'_>, id: GameId, version: i64) -> StoreError {
    let found: Result<Option<(i64,)>, sqlx::Error> =
        on!(conn, |c| sqlx::query_as("SELECT version FROM games WHERE id = $1").bind(id).fetch_optional(c).await);
    match found {
        Ok(None) => StoreError::NotFound,
        Ok(Some((current,))) if current != version => StoreError::StaleVersion,
        Ok(Some(_)) => StoreError::GameOver,
        Err(error) => StoreError::Database(error),
    }
}

/// Claims the bot's move in up to `$5` live games where the bot (`$3`) is to move and nobody holds
/// an unlapsed lease. On PostgreSQL the rows another process is claiming at the same moment are
/// skipped, not waited for.
const CLAIM_SQLITE: &str = "UPDATE games SET bot_lease_owner = $1, bot_lease_until = $2
     WHERE id IN (SELECT id FROM games
                  WHERE status = 'live' AND to_move_id = $3 AND (bot_lease_until IS NULL OR bot_lease_until < $4)
                  ORDER BY id LIMIT $5)
     RETURNING *";
const CLAIM_POSTGRES: &str = "UPDATE games SET bot_lease_owner = $1, bot_lease_until = $2
     WHERE id IN (SELECT id FROM games
                  WHERE status = 'live' AND to_move_id = $3 AND (bot_lease_until IS NULL OR bot_lease_until < $4)
                  ORDER BY id LIMIT $5 FOR UPDATE SKIP LOCKED)
     RETURNING *";

#[cfg(test)]
mod tests;
