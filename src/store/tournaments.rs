//! Tournaments: the event (its format, rules and state), who entered, and each round's pairings
//! with their results. A tournament moves through its states and rounds only by compare-and-set
//! on its `version`, and a pairing's game is opened and its result counted only once, so that two
//! processes never pair a round, open a game or count a result twice. The store keeps what was
//! decided; the pairing rules themselves live in `crate::tournament`.

use sqlx::FromRow;

use super::error::{corrupt, unknown_player_or, violates_unique};
use super::ids::{ChannelId, GameId, GuildId, MessageId, Timestamp, TournamentId, UserId};
use super::{Conn, Queries, StoreError, on, rules_from_json, rules_to_json, small};
use crate::engine::Rules;

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Everyone meets everyone once (Berger tables).
    RoundRobin,
    /// Everyone meets everyone twice, colours reversed the second time.
    DoubleRoundRobin,
    /// A set number of rounds, players paired within score groups.
    Swiss,
    /// Seeded by rating; the loser of each match is out.
    Knockout,
}

impl Format {
    /// Every format.
    pub const ALL: [Format; 4] = [Format::RoundRobin, Format::DoubleRoundRobin, Format::Swiss, Format::Knockout];

    /// The stored text (and the option value a front end offers).
    pub const fn as_str(self) -> &'static str {
        match self {
            Format::RoundRobin => "round-robin",
            Format::DoubleRoundRobin => "double-round-robin",
            Format::Swiss => "swiss",
            Format::Knockout => "knockout",
        }
    }

    /// The format stored as `text`.
    pub fn parse(text: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.as_str() == text)
    }
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TournamentState {
    /// Taking sign-ups.
    Signup,
    /// Rounds being played.
    Running,
    /// Over, with a champion.
    Finished,
    /// Called off by its organiser.
    Cancelled,
}

impl TournamentState {
    /// The stored text.
    pub const fn as_str(self) -> &'static str {
        match self {
            TournamentState::Signup => "signup",
            TournamentState::Running => "running",
            TournamentState::Finished => "finished",
            TournamentState::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Option<TournamentState> {
        [TournamentState::Signup, TournamentState::Running, TournamentState::Finished, TournamentState::Cancelled]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// What it takes to announce a tournament. The organiser must have been upserted.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    /// The server.
    pub guild: GuildId,
    /// Where its card, pairings and standings are posted.
    pub channel: ChannelId,
    /// Who runs it.
    pub organiser: UserId,
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: Format,
    /// The rounds planned (a Swiss's number of rounds; others are fixed at the start).
    pub rounds: u32,
    /// The rule sheet of every game.
    pub rules: Rules,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// A game's time per move; `None`: the server's deadline.
    pub move_secs: Option<u32>,
    /// A round's deadline, after which a game still open is lost on time; `None`: none.
    pub round_secs: Option<u32>,
    /// How many may enter.
    pub max_players: u32,
    /// The bot's level, when the organiser entered the bot.
    pub bot_level: Option<u8>,
    /// When the sweep starts it, if set.
    pub starts_at: Option<Timestamp>,
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRecord {
    /// Its id.
    pub id: TournamentId,
    /// The server.
    pub guild: GuildId,
    /// Where it posts; `None` once its server's data was removed.
    pub channel: Option<ChannelId>,
    /// Who runs it.
    pub organiser: UserId,
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: Format,
    /// The rounds planned.
    pub rounds: u32,
    /// The rule sheet of every game.
    pub rules: Rules,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// A game's time per move.
    pub move_secs: Option<u32>,
    /// A round's deadline.
    pub round_secs: Option<u32>,
    /// How many may enter.
    pub max_players: u32,
    /// The bot's level, when the bot is entered.
    pub bot_level: Option<u8>,
    /// When the sweep starts it, if set.
    pub starts_at: Option<Timestamp>,
    /// Where it is in its life.
    pub state: TournamentState,
    /// Whether the organiser paused it (no round is paired and no deadline runs meanwhile).
    pub paused: bool,
    /// The round being played (0 before the start).
    pub round: u32,
    /// When the current round was paired.
    pub round_started_at: Option<Timestamp>,
    /// Goes up by one with every change of state or round; writes compare-and-set on it.
    pub version: i64,
    /// The sign-up card, edited as players join.
    pub card_message: Option<MessageId>,
    /// When it was announced.
    pub created_at: Timestamp,
    /// When it last changed.
    pub updated_at: Timestamp,
}

/// A `tournaments` row as the database returns it.
#[derive(FromRow)]
struct TournamentRow {
    id: TournamentId,
    guild_id: GuildId,
    channel_id: Option<ChannelId>,
    organiser_id: UserId,
    name: String,
    format: String,
    rounds: i64,
    rules: String,
    rated: bool,
    move_secs: Option<i64>,
    round_secs: Option<i64>,
    max_players: i64,
    bot_level: Option<i64>,
    starts_at: Option<Timestamp>,
    state: String,
    paused: bool,
    round: i64,
    round_started_at: Option<Timestamp>,
    version: i64,
    card_message_id: Option<MessageId>,
    created_at: Timestamp,
    updated_at: Timestamp,
}

impl TournamentRecord {
    /// Whether the current round's deadline has passed (never for a paused tournament: a
    /// resume moves the round's start on by the pause).
    pub fn round_over(&self, now: Timestamp) -> bool {
        match (self.state, self.paused, self.round_secs, self.round_started_at) {
            (TournamentState::Running, false, Some(secs), Some(start)) => {
                now >= start.plus(std::time::Duration::from_secs(u64::from(secs)))
            }
            _ => false,
        }
    }
}

impl TryFrom<TournamentRow> for TournamentRecord {
    type Error = StoreError;

    fn try_from(row: TournamentRow) -> Result<TournamentRecord, StoreError> {
        Ok(TournamentRecord {
            id: row.id,
            guild: row.guild_id,
            channel: row.channel_id,
            organiser: row.organiser_id,
            name: row.name,
            format: Format::parse(&row.format).ok_or_else(|| corrupt("tournament format", &row.format))?,
            rounds: small("rounds", row.rounds)?,
            rules: rules_from_json(&row.rules)?,
            rated: row.rated,
            move_secs: row.move_secs.map(|s| small("time per move", s)).transpose()?,
            round_secs: row.round_secs.map(|s| small("round deadline", s)).transpose()?,
            max_players: small("max players", row.max_players)?,
            bot_level: row.bot_level.map(|l| small("bot level", l)).transpose()?,
            starts_at: row.starts_at,
            state: TournamentState::parse(&row.state).ok_or_else(|| corrupt("tournament state", &row.state))?,
            paused: row.paused,
            round: small("round", row.round)?,
            round_started_at: row.round_started_at,
            version: row.version,
            card_message: row.card_message_id,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

/// One player entered in a tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Who.
    pub player: UserId,
    /// Their rating when they joined (the Swiss order, the knockout seeds).
    pub rating: f64,
    /// When they joined.
    pub joined_at: Timestamp,
    /// The first round they no longer play, once withdrawn.
    pub withdrawn_round: Option<u32>,
}

/// A tournament with one player's entry in it, as one row.
#[derive(FromRow)]
struct EnteredRow {
    #[sqlx(flatten)]
    tournament: TournamentRow,
    #[sqlx(flatten)]
    entry: EntryRow,
}

#[derive(FromRow)]
struct EntryRow {
    player_id: UserId,
    rating: f64,
    joined_at: Timestamp,
    withdrawn_round: Option<i64>,
}

impl TryFrom<EntryRow> for Entry {
    type Error = StoreError;

    fn try_from(row: EntryRow) -> Result<Entry, StoreError> {
        Ok(Entry {
            player: row.player_id,
            rating: row.rating,
            joined_at: row.joined_at,
            withdrawn_round: row.withdrawn_round.map(|r| small("round", r)).transpose()?,
        })
    }
}

/// How a pairing was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairingResult {
    /// Black won the game.
    Black,
    /// White won the game.
    White,
    /// The game was drawn.
    Draw,
    /// A bye: a win for the player sitting out.
    Bye,
    /// Black won without a game: White withdrew or did not come.
    BlackForfeit,
    /// White won without a game.
    WhiteForfeit,
    /// Not played, and nobody scores: both withdrew, or the tournament ended first.
    Unplayed,
}

impl PairingResult {
    /// The stored text.
    pub const fn as_str(self) -> &'static str {
        match self {
            PairingResult::Black => "black",
            PairingResult::White => "white",
            PairingResult::Draw => "draw",
            PairingResult::Bye => "bye",
            PairingResult::BlackForfeit => "black-forfeit",
            PairingResult::WhiteForfeit => "white-forfeit",
            PairingResult::Unplayed => "unplayed",
        }
    }

    fn parse(text: &str) -> Option<PairingResult> {
        use PairingResult::*;
        [Black, White, Draw, Bye, BlackForfeit, WhiteForfeit, Unplayed].into_iter().find(|r| r.as_str() == text)
    }
}

/// A pairing to write: a game between two players, or a bye; a forfeit or a bye is decided at
/// once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewPairing {
    /// The board (or knockout match) number, 1 first.
    pub board: u32,
    /// The game of the match (1 outside knockouts).
    pub game_no: u32,
    /// Plays black (or has the bye).
    pub black: UserId,
    /// Plays white; `None` for a bye.
    pub white: Option<UserId>,
    /// Decided at once: a bye, or a forfeit when a player has withdrawn.
    pub result: Option<PairingResult>,
    /// The discs credited when decided at once (black's, white's).
    pub discs: Option<(u32, u32)>,
}

/// A pairing as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRecord {
    /// The tournament.
    pub tournament: TournamentId,
    /// Its round.
    pub round: u32,
    /// Its board (or knockout match).
    pub board: u32,
    /// The game of the match (1 outside knockouts).
    pub game_no: u32,
    /// Plays black (or has the bye).
    pub black: UserId,
    /// Plays white; `None` for a bye.
    pub white: Option<UserId>,
    /// The game, once opened.
    pub game: Option<GameId>,
    /// How it was decided, once it is.
    pub result: Option<PairingResult>,
    /// The discs at the end of a played game: black's and white's.
    pub discs: Option<(u32, u32)>,
    /// Whether the organiser set the result.
    pub adjudicated: bool,
}

impl PairingRecord {
    /// Whether `player` plays in it (or has its bye).
    pub fn seats(&self, player: UserId) -> bool {
        self.black == player || self.white == Some(player)
    }
}

/// A `tournament_games` row as the database returns it (its claim, `opening_until`, is the
/// store's own business and not read).
#[derive(FromRow)]
struct PairingRow {
    tournament_id: TournamentId,
    round: i64,
    board: i64,
    game_no: i64,
    black_id: UserId,
    white_id: Option<UserId>,
    game_id: Option<GameId>,
    result: Option<String>,
    black_discs: Option<i64>,
    white_discs: Option<i64>,
    adjudicated: bool,
}

impl TryFrom<PairingRow> for PairingRecord {
    type Error = StoreError;

    fn try_from(row: PairingRow) -> Result<PairingRecord, StoreError> {
        let result = match row.result {
            Some(text) => Some(PairingResult::parse(&text).ok_or_else(|| corrupt("pairing result", &text))?),
            None => None,
        };
        let discs = match (row.black_discs, row.white_discs) {
            (Some(b), Some(w)) => Some((small("disc count", b)?, small("disc count", w)?)),
            _ => None,
        };
        Ok(PairingRecord {
            tournament: row.tournament_id,
            round: small("round", row.round)?,
            board: small("board", row.board)?,
            game_no: small("game number", row.game_no)?,
            black: row.black_id,
            white: row.white_id,
            game: row.game_id,
            result,
            discs,
            adjudicated: row.adjudicated,
        })
    }
}

/// What an organiser did to a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogAction {
    /// Started it.
    Started,
    /// Paused it.
    Paused,
    /// Resumed it.
    Resumed,
    /// Removed a player (the subject).
    Removed,
    /// Set a game's result (the detail: round, board, game and result).
    Result,
    /// Cancelled it.
    Cancelled,
}

impl LogAction {
    /// The stored text.
    pub const fn as_str(self) -> &'static str {
        match self {
            LogAction::Started => "started",
            LogAction::Paused => "paused",
            LogAction::Resumed => "resumed",
            LogAction::Removed => "removed",
            LogAction::Result => "result",
            LogAction::Cancelled => "cancelled",
        }
    }

    fn parse(text: &str) -> Option<LogAction> {
        use LogAction::*;
        [Started, Paused, Resumed, Removed, Result, Cancelled].into_iter().find(|a| a.as_str() == text)
    }
}

/// One line of a tournament's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    /// The tournament.
    pub tournament: TournamentId,
    /// When.
    pub at: Timestamp,
    /// Who did it; `None` once they deleted their data.
    pub actor: Option<UserId>,
    /// What they did.
    pub action: LogAction,
    /// The player it concerns, if any.
    pub subject: Option<UserId>,
    /// A result set: `round.board.game result` (`3.1.1 white`).
    pub detail: Option<String>,
}

/// A `tournament_log` row as the database returns it.
#[derive(FromRow)]
struct LogRow {
    tournament_id: TournamentId,
    at: Timestamp,
    actor_id: Option<UserId>,
    action: String,
    subject_id: Option<UserId>,
    detail: Option<String>,
}

impl TryFrom<LogRow> for LogEntry {
    type Error = StoreError;

    fn try_from(row: LogRow) -> Result<LogEntry, StoreError> {
        Ok(LogEntry {
            tournament: row.tournament_id,
            at: row.at,
            actor: row.actor_id,
            action: LogAction::parse(&row.action).ok_or_else(|| corrupt("tournament log action", &row.action))?,
            subject: row.subject_id,
            detail: row.detail,
        })
    }
}

fn tournaments(rows: Vec<TournamentRow>) -> Result<Vec<TournamentRecord>, StoreError> {
    rows.into_iter().map(TournamentRecord::try_from).collect()
}

fn pairings(rows: Vec<PairingRow>) -> Result<Vec<PairingRecord>, StoreError> {
    rows.into_iter().map(PairingRecord::try_from).collect()
}

/// The operations on tournaments: each written once, run on a [`Store`](super::Store) or inside
/// a [`Tx`](super::Tx) (see [`Queries`]).
pub trait TournamentQueries<'a>: Queries<'a> {
    /// Announces a tournament, taking sign-ups.
    fn create_tournament(
        self,
        new: &NewTournament,
        now: Timestamp,
    ) -> impl Future<Output = Result<TournamentRecord, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rules = rules_to_json(&new.rules)?;
            let row: TournamentRow = on!(conn, |c| sqlx::query_as(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, format, rounds, rules, rated,
                     move_secs, round_secs, max_players, bot_level, starts_at, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) RETURNING *",
            )
            .bind(new.guild)
            .bind(new.channel)
            .bind(new.organiser)
            .bind(&new.name)
            .bind(new.format.as_str())
            .bind(i64::from(new.rounds))
            .bind(&rules)
            .bind(new.rated)
            .bind(new.move_secs.map(i64::from))
            .bind(new.round_secs.map(i64::from))
            .bind(i64::from(new.max_players))
            .bind(new.bot_level.map(i64::from))
            .bind(new.starts_at)
            .bind(now)
            .fetch_one(c)
            .await)
            .map_err(unknown_player_or)?;
            row.try_into()
        }
    }

    /// The tournament with this id.
    fn tournament(self, id: TournamentId) -> impl Future<Output = Result<Option<TournamentRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<TournamentRow> = on!(conn, |c| sqlx::query_as("SELECT * FROM tournaments WHERE id = $1")
                .bind(id)
                .fetch_optional(c)
                .await)?;
            row.map(TournamentRecord::try_from).transpose()
        }
    }

    /// A server's tournaments, newest first: those taking sign-ups or running, then up to `recent`
    /// that are over.
    fn guild_tournaments(
        self,
        guild: GuildId,
        recent: u32,
    ) -> impl Future<Output = Result<Vec<TournamentRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let mut found = tournaments(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM tournaments WHERE guild_id = $1 AND state IN ('signup', 'running') ORDER BY id DESC"
            )
            .bind(guild)
            .fetch_all(c)
            .await)?)?;
            found.extend(tournaments(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM tournaments WHERE guild_id = $1 AND state IN ('finished', 'cancelled')
                 ORDER BY id DESC LIMIT $2"
            )
            .bind(guild)
            .bind(i64::from(recent))
            .fetch_all(c)
            .await)?)?);
            Ok(found)
        }
    }

    /// The tournaments the sweep looks at: those running and not paused, and those taking
    /// sign-ups whose start time has come.
    fn tournaments_to_sweep(
        self,
        now: Timestamp,
    ) -> impl Future<Output = Result<Vec<TournamentRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            tournaments(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM tournaments
                 WHERE (state = 'running' AND NOT paused) OR (state = 'signup' AND starts_at <= $1)
                 ORDER BY id"
            )
            .bind(now)
            .fetch_all(c)
            .await)?)
        }
    }

    /// Enters `player` with their `rating`, and returns how many have entered. Run it in a
    /// [`Tx`](super::Tx): it first takes the tournament's row, so that two joining at once cannot
    /// both take the last place. Fails with `NotFound`, `TournamentClosed` (no longer taking
    /// sign-ups), `TournamentFull` or `AlreadyEntered`.
    fn join_tournament(
        self,
        id: TournamentId,
        player: UserId,
        rating: f64,
        now: Timestamp,
    ) -> impl Future<Output = Result<u32, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let held: Option<(String, i64)> = on!(conn, |c| sqlx::query_as(
                "UPDATE tournaments SET updated_at = $2 WHERE id = $1 RETURNING state, max_players"
            )
            .bind(id)
            .bind(now)
            .fetch_optional(c)
            .await)?;
            let (state, max) = held.ok_or(StoreError::NotFound)?;
            if state != TournamentState::Signup.as_str() {
                return Err(StoreError::TournamentClosed);
            }
            let (count,): (i64,) =
                on!(conn, |c| sqlx::query_as("SELECT COUNT(*) FROM tournament_players WHERE tournament_id = $1")
                    .bind(id)
                    .fetch_one(c)
                    .await)?;
            if count >= max {
                return Err(StoreError::TournamentFull);
            }
            on!(conn, |c| sqlx::query(
                "INSERT INTO tournament_players (tournament_id, player_id, rating, joined_at) VALUES ($1, $2, $3, $4)"
            )
            .bind(id)
            .bind(player)
            .bind(rating)
            .bind(now)
            .execute(c)
            .await
            .map(drop))
            .map_err(|error| {
                if violates_unique(&error, "tournament_players_pkey", "tournament_players.tournament_id") {
                    StoreError::AlreadyEntered
                } else {
                    unknown_player_or(error)
                }
            })?;
            small("count", count + 1)
        }
    }

    /// Takes `player` off a tournament still taking sign-ups; whether they were on it.
    fn leave_tournament(
        self,
        id: TournamentId,
        player: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "DELETE FROM tournament_players WHERE tournament_id = $1 AND player_id = $2
                     AND EXISTS (SELECT 1 FROM tournaments WHERE id = $1 AND state = 'signup')"
            )
            .bind(id)
            .bind(player)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// Everyone entered, in the order they joined.
    fn entries(self, id: TournamentId) -> impl Future<Output = Result<Vec<Entry>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<EntryRow> = on!(conn, |c| sqlx::query_as(
                "SELECT player_id, rating, joined_at, withdrawn_round FROM tournament_players
                 WHERE tournament_id = $1 ORDER BY joined_at, player_id"
            )
            .bind(id)
            .fetch_all(c)
            .await)?;
            rows.into_iter().map(Entry::try_from).collect()
        }
    }

    /// Withdraws a player from `round` on (they are not paired again); whether they were
    /// entered and still playing.
    fn withdraw(
        self,
        id: TournamentId,
        player: UserId,
        round: u32,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE tournament_players SET withdrawn_round = $3
                 WHERE tournament_id = $1 AND player_id = $2 AND withdrawn_round IS NULL"
            )
            .bind(id)
            .bind(player)
            .bind(i64::from(round))
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// Moves a tournament still at `version` to `round` of `rounds` (the first at the start, or
    /// the next) with its pairings, and returns the new version; `StaleVersion` when another
    /// process got there first, and nothing is written. Run it in a [`Tx`](super::Tx).
    fn begin_round(
        self,
        id: TournamentId,
        version: i64,
        round: u32,
        rounds: u32,
        new: &[NewPairing],
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE tournaments SET state = 'running', round = $3, rounds = $4, round_started_at = $5,
                     updated_at = $5, version = version + 1
                 WHERE id = $1 AND version = $2 AND state IN ('signup', 'running')"
            )
            .bind(id)
            .bind(version)
            .bind(i64::from(round))
            .bind(i64::from(rounds))
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            if done != 1 {
                return Err(StoreError::StaleVersion);
            }
            insert_pairings(&mut conn, id, round, new).await?;
            Ok(version + 1)
        }
    }

    /// Ends a tournament at `version` as finished or cancelled, deciding its open pairings as
    /// unplayed; the new version, or `StaleVersion`.
    fn end_tournament(
        self,
        id: TournamentId,
        version: i64,
        state: TournamentState,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE tournaments SET state = $3, paused = FALSE, updated_at = $4, version = version + 1
                 WHERE id = $1 AND version = $2 AND state IN ('signup', 'running')"
            )
            .bind(id)
            .bind(version)
            .bind(state.as_str())
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            if done != 1 {
                return Err(StoreError::StaleVersion);
            }
            on!(conn, |c| sqlx::query(
                "UPDATE tournament_games SET result = 'unplayed', opening_until = NULL
                 WHERE tournament_id = $1 AND result IS NULL"
            )
            .bind(id)
            .execute(c)
            .await
            .map(drop))?;
            Ok(version + 1)
        }
    }

    /// Pauses or resumes a running tournament at `version`; the new version, or `StaleVersion`.
    fn set_paused(
        self,
        id: TournamentId,
        version: i64,
        paused: bool,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE tournaments SET paused = $3, updated_at = $4, version = version + 1,
                     round_started_at = CASE WHEN paused AND NOT $3 THEN round_started_at + ($4 - updated_at)
                         ELSE round_started_at END
                 WHERE id = $1 AND version = $2 AND state = 'running'"
            )
            .bind(id)
            .bind(version)
            .bind(paused)
            .bind(now)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            if done == 1 { Ok(version + 1) } else { Err(StoreError::StaleVersion) }
        }
    }

    /// Every pairing of a tournament, by round, board and game.
    fn pairings(self, id: TournamentId) -> impl Future<Output = Result<Vec<PairingRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            pairings(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM tournament_games WHERE tournament_id = $1 ORDER BY round, board, game_no"
            )
            .bind(id)
            .fetch_all(c)
            .await)?)
        }
    }

    /// The pairing a game was opened for, if it is a tournament's.
    fn pairing_of_game(self, game: GameId) -> impl Future<Output = Result<Option<PairingRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<PairingRow> =
                on!(conn, |c| sqlx::query_as("SELECT * FROM tournament_games WHERE game_id = $1")
                    .bind(game)
                    .fetch_optional(c)
                    .await)?;
            row.map(PairingRecord::try_from).transpose()
        }
    }

    /// Claims up to `limit` pairings of running, unpaused tournaments (of `only`, if named) whose
    /// game is still to be opened, for whoever opens them, until `until`; a claim that lapsed (its holder died) is
    /// claimed again. The caller opens each game and [`Self::attach_game`]s it.
    fn claim_openings(
        self,
        only: Option<TournamentId>,
        now: Timestamp,
        until: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<PairingRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            pairings(on!(conn, |c| sqlx::query_as(
                "UPDATE tournament_games SET opening_until = $2
                 WHERE (tournament_id, round, board, game_no) IN (
                     SELECT g.tournament_id, g.round, g.board, g.game_no FROM tournament_games g
                     JOIN tournaments t ON t.id = g.tournament_id
                     WHERE g.game_id IS NULL AND g.result IS NULL AND g.white_id IS NOT NULL
                         AND t.state = 'running' AND NOT t.paused AND g.round = t.round
                         AND (g.opening_until IS NULL OR g.opening_until < $1)
                         AND COALESCE($4, g.tournament_id) = g.tournament_id
                     ORDER BY g.tournament_id, g.board, g.game_no LIMIT $3)
                     AND game_id IS NULL AND result IS NULL AND (opening_until IS NULL OR opening_until < $1)
                 RETURNING *"
            )
            .bind(now)
            .bind(until)
            .bind(i64::from(limit))
            .bind(only)
            .fetch_all(c)
            .await)?)
        }
    }

    /// Ties an opened game to its pairing, once: whether this call did (another process may have
    /// opened it first). Belongs in the [`Tx`](super::Tx) that creates the game.
    fn attach_game(
        self,
        pairing: &PairingRecord,
        game: GameId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE tournament_games SET game_id = $5, opening_until = NULL
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND game_no = $4
                     AND game_id IS NULL AND result IS NULL"
            )
            .bind(pairing.tournament)
            .bind(i64::from(pairing.round))
            .bind(i64::from(pairing.board))
            .bind(i64::from(pairing.game_no))
            .bind(game)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// Counts a tournament game's result, once, in the [`Tx`](super::Tx) that ends the game:
    /// the pairing it decided, if the game is a tournament's.
    fn record_game_result(
        self,
        game: GameId,
        result: PairingResult,
        discs: (u32, u32),
    ) -> impl Future<Output = Result<Option<PairingRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<PairingRow> = on!(conn, |c| sqlx::query_as(
                "UPDATE tournament_games SET result = $2, black_discs = $3, white_discs = $4
                 WHERE game_id = $1 AND result IS NULL
                 RETURNING *"
            )
            .bind(game)
            .bind(result.as_str())
            .bind(i64::from(discs.0))
            .bind(i64::from(discs.1))
            .fetch_optional(c)
            .await)?;
            row.map(PairingRecord::try_from).transpose()
        }
    }

    /// Decides a pairing not yet decided: a forfeit, an unplayed game, or the organiser's
    /// result (`adjudicated`). Whether this call decided it.
    fn decide_pairing(
        self,
        pairing: &PairingRecord,
        result: PairingResult,
        discs: Option<(u32, u32)>,
        adjudicated: bool,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let done = on!(conn, |c| sqlx::query(
                "UPDATE tournament_games SET result = $5, black_discs = $6, white_discs = $7, adjudicated = $8,
                     opening_until = NULL
                 WHERE tournament_id = $1 AND round = $2 AND board = $3 AND game_no = $4 AND result IS NULL"
            )
            .bind(pairing.tournament)
            .bind(i64::from(pairing.round))
            .bind(i64::from(pairing.board))
            .bind(i64::from(pairing.game_no))
            .bind(result.as_str())
            .bind(discs.map(|d| i64::from(d.0)))
            .bind(discs.map(|d| i64::from(d.1)))
            .bind(adjudicated)
            .execute(c)
            .await
            .map(|done| done.rows_affected()))?;
            Ok(done == 1)
        }
    }

    /// The tournaments `player` organises or organised, newest first.
    fn tournaments_organised_by(
        self,
        player: UserId,
    ) -> impl Future<Output = Result<Vec<TournamentRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            tournaments(on!(conn, |c| sqlx::query_as(
                "SELECT * FROM tournaments WHERE organiser_id = $1 ORDER BY id DESC"
            )
            .bind(player)
            .fetch_all(c)
            .await)?)
        }
    }

    /// The tournaments `player` entered (newest first), with their entry.
    fn tournaments_of(
        self,
        player: UserId,
    ) -> impl Future<Output = Result<Vec<(TournamentRecord, Entry)>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<EnteredRow> = on!(conn, |c| sqlx::query_as(
                "SELECT t.*, p.player_id, p.rating, p.joined_at, p.withdrawn_round
                 FROM tournaments t JOIN tournament_players p ON p.tournament_id = t.id
                 WHERE p.player_id = $1 ORDER BY t.id DESC"
            )
            .bind(player)
            .fetch_all(c)
            .await)?;
            rows.into_iter().map(|row| Ok((row.tournament.try_into()?, row.entry.try_into()?))).collect()
        }
    }

    /// The pairing at `round`, `board` and `game_no` of a tournament, if there is one.
    fn pairing(
        self,
        id: TournamentId,
        (round, board, game_no): (u32, u32, u32),
    ) -> impl Future<Output = Result<Option<PairingRecord>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let row: Option<PairingRow> = on!(conn, |c| {
                sqlx::query_as(
                "SELECT * FROM tournament_games WHERE tournament_id = $1 AND round = $2 AND board = $3 AND game_no = $4"
            )
            .bind(id)
            .bind(i64::from(round))
            .bind(i64::from(board))
            .bind(i64::from(game_no))
            .fetch_optional(c)
            .await
            })?;
            row.map(PairingRecord::try_from).transpose()
        }
    }

    /// The names of everyone a tournament's words may name, its entrants and its organiser, by
    /// id; `None` for a deleted (anonymous) player.
    fn tournament_names(
        self,
        id: TournamentId,
    ) -> impl Future<Output = Result<Vec<(UserId, Option<String>)>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<(UserId, String, bool)> = on!(conn, |c| sqlx::query_as(
                "SELECT id, display_name, anonymous FROM players
                 WHERE id IN (SELECT player_id FROM tournament_players WHERE tournament_id = $1)
                     OR id = (SELECT organiser_id FROM tournaments WHERE id = $1)"
            )
            .bind(id)
            .fetch_all(c)
            .await)?;
            Ok(rows.into_iter().map(|(player, name, anonymous)| (player, (!anonymous).then_some(name))).collect())
        }
    }

    /// Adds a pairing to `round` (a knockout match's deciding game), once: whether this call
    /// added it (another process having added the same board and game first, it did not).
    fn add_pairing(
        self,
        id: TournamentId,
        round: u32,
        pairing: NewPairing,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            insert_pairing(&mut conn, id, round, &pairing, " ON CONFLICT DO NOTHING").await
        }
    }

    /// Starts the current round's clock again at `now` (deciding games added to a knockout round
    /// get a whole round's time).
    fn restart_round_clock(
        self,
        id: TournamentId,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "UPDATE tournaments SET round_started_at = $2 WHERE id = $1 AND state = 'running'"
            )
            .bind(id)
            .bind(now)
            .execute(c)
            .await
            .map(drop))?;
            Ok(())
        }
    }

    /// Writes what an organiser did to a tournament into its log.
    fn log_action(self, entry: &LogEntry) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            on!(conn, |c| sqlx::query(
                "INSERT INTO tournament_log (tournament_id, at, actor_id, action, subject_id, detail)
                 VALUES ($1, $2, $3, $4, $5, $6)"
            )
            .bind(entry.tournament)
            .bind(entry.at)
            .bind(entry.actor)
            .bind(entry.action.as_str())
            .bind(entry.subject)
            .bind(entry.detail.as_deref())
            .execute(c)
            .await
            .map(drop))
            .map_err(unknown_player_or)?;
            Ok(())
        }
    }

    /// A tournament's log, the latest `limit` entries, oldest first.
    fn tournament_log(
        self,
        id: TournamentId,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<LogEntry>, StoreError>> + Send {
        async move {
            let mut leased = self.lease().await?;
            let mut conn = leased.conn();
            let rows: Vec<LogRow> = on!(conn, |c| sqlx::query_as(
                "SELECT tournament_id, at, actor_id, action, subject_id, detail FROM tournament_log
                 WHERE tournament_id = $1 ORDER BY id DESC LIMIT $2"
            )
            .bind(id)
            .bind(i64::from(limit))
            .fetch_all(c)
            .await)?;
            let mut entries = rows.into_iter().map(LogEntry::try_from).collect::<Result<Vec<_>, _>>()?;
            entries.reverse();
            Ok(entries)
        }
    }
}

impl<'a, Q: Queries<'a>> TournamentQueries<'a> for Q {}

/// Writes a round's new pairings.
async fn insert_pairings(
    conn: &mut Conn<'_>,
    id: TournamentId,
    round: u32,
    new: &[NewPairing],
) -> Result<(), StoreError> {
    for pairing in new {
        insert_pairing(conn, id, round, pairing, "").await?;
    }
    Ok(())
}

/// Writes one pairing, `then` ending the statement (an `ON CONFLICT` clause, or nothing);
/// whether a row was written.
async fn insert_pairing(
    conn: &mut Conn<'_>,
    id: TournamentId,
    round: u32,
    pairing: &NewPairing,
    then: &str,
) -> Result<bool, StoreError> {
    let sql = format!(
        "INSERT INTO tournament_games (tournament_id, round, board, game_no, black_id, white_id, result,
             black_discs, white_discs)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9){then}"
    );
    let done = on!(conn, |c| sqlx::query(&sql)
        .bind(id)
        .bind(i64::from(round))
        .bind(i64::from(pairing.board))
        .bind(i64::from(pairing.game_no))
        .bind(pairing.black)
        .bind(pairing.white)
        .bind(pairing.result.map(PairingResult::as_str))
        .bind(pairing.discs.map(|d| i64::from(d.0)))
        .bind(pairing.discs.map(|d| i64::from(d.1)))
        .execute(c)
        .await
        .map(|done| done.rows_affected()))
    .map_err(unknown_player_or)?;
    Ok(done == 1)
}

#[cfg(test)]
mod tests;
