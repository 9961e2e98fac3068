//! The store: everything the bot keeps, in SQLite (the default, zero set-up) or PostgreSQL (for
//! several processes sharing one database), behind one API. SQL lives only here, always with
//! bound parameters, written once where both databases accept it (`$1` placeholders, `RETURNING`,
//! `ON CONFLICT`, `COUNT(*) FILTER`); the few statements that must differ are chosen per backend.
//!
//! - [`Store`]: a pool of connections of either backend; [`Tx`]: one transaction on it.
//! - [`Queries`]: every operation, written once, run on the store (each call on a connection of
//!   the pool, committed at once) or inside a transaction.
//! - One file per table group: [`players`], [`games`], [`challenges`], [`ratings`],
//!   [`settings`], [`solo`], [`reviews`]; a player's records read and deleted together in
//!   [`privacy`], and servers the bot has left in [`departed`]; the ids and times it speaks are in [`ids`], row states in [`status`], errors in
//!   [`error`]. The schemas are in `migrations/sqlite/` and `migrations/postgres/`, embedded and
//!   applied by [`Store::open`].
//!
//! Writes that must happen together go through a [`Tx`]: the service begins one, saves the move
//! with a compare-and-set on the game's version, finishes the game and records rating changes,
//! then commits; dropping the `Tx` instead rolls everything back.
//!
//! ```no_run
//! # async fn example(store: reversi_bot::store::Store, id: reversi_bot::store::GameId, version: i64,
//! #     ending: reversi_bot::store::Ending, now: reversi_bot::store::Timestamp) -> Result<(), reversi_bot::store::StoreError> {
//! use reversi_bot::store::Queries;
//! let mut tx = store.begin().await?;
//! let version = tx.save_moves(id, version, "f5d6c3", &Default::default(), now).await?; // StaleVersion if someone moved first
//! tx.finish_game(id, version, &ending, now).await?;
//! // tx.rating(..) and tx.record_rating(..) for each player and scope, when the game is rated
//! tx.commit().await?;
//! # Ok(()) }
//! ```

pub mod challenges;
pub mod departed;
pub mod error;
pub mod games;
pub mod gateway;
pub mod ids;
pub mod players;
pub mod privacy;
pub mod ratings;
pub mod reviews;
pub mod settings;
pub mod solo;
pub mod status;

#[cfg(test)]
mod fixtures;
#[cfg(test)]
pub(crate) mod testing;

use std::fmt;
use std::future::Future;
use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::pool::PoolConnection;
use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{Postgres, Sqlite, Transaction};

use crate::engine::Rules;

pub use challenges::{Challenge, ColorChoice, NewChallenge};
pub use departed::ServerForgotten;
pub use error::StoreError;
pub use games::{BoardMessage, BotLease, Ending, GameRecord, NewGame, NextTurn, Tally, UnratedTallies};
pub use gateway::GatewayTurn;
pub use ids::{ChallengeId, ChannelId, GameId, GuildId, Ladder, MessageId, Scope, SoloId, Timestamp, UserId};
pub use players::Player;
pub use privacy::{ANONYMOUS_TOP, Forgotten, KeptReview, LadderChange, LadderRating, PlayerRecords};
pub use ratings::{Glicko, LeaderboardEntry, PlayerResult, Rank, Rating, RatingChange, RatingUpdate};
pub use settings::ServerSettings;
pub use solo::{NewSolo, SoloEntry, SoloRecord};
pub use status::{ChallengeStatus, EndReason, GameStatus};

/// The SQLite schema's migrations (`migrations/sqlite/`), embedded at compile time.
pub static SQLITE_MIGRATOR: Migrator = sqlx::migrate!("migrations/sqlite");
/// The PostgreSQL schema's migrations (`migrations/postgres/`), embedded at compile time.
pub static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("migrations/postgres");

/// How long a SQLite connection waits for another writer before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long opening a PostgreSQL connection may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Which database a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// One SQLite file (or memory), for one process.
    Sqlite,
    /// A PostgreSQL server, which several processes may share.
    Postgres,
}

impl Backend {
    /// The backend a `DATABASE_URL` names: `sqlite:` or `postgres:`/`postgresql:`. Anything
    /// else is [`StoreError::UnsupportedUrl`], naming the scheme (never the whole URL, which may
    /// hold a password).
    ///
    /// ```
    /// use reversi_bot::store::{Backend, StoreError};
    /// assert_eq!(Backend::of_url("sqlite://reversi.db").unwrap(), Backend::Sqlite);
    /// assert_eq!(Backend::of_url("postgres://bot:secret@db/reversi").unwrap(), Backend::Postgres);
    /// let error = Backend::of_url("mysql://bot:secret@db/reversi").unwrap_err();
    /// assert!(matches!(&error, StoreError::UnsupportedUrl { scheme } if scheme == "mysql"));
    /// assert!(!error.to_string().contains("secret"));
    /// ```
    pub fn of_url(url: &str) -> Result<Backend, StoreError> {
        let scheme = url.split_once(':').map_or("", |(scheme, _)| scheme).to_ascii_lowercase();
        match scheme.as_str() {
            "sqlite" => Ok(Backend::Sqlite),
            "postgres" | "postgresql" => Ok(Backend::Postgres),
            _ => Err(StoreError::UnsupportedUrl { scheme }),
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        })
    }
}

#[derive(Clone, Debug)]
enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// The bot's database: a pool of connections. Cheap to clone (the pool is shared).
#[derive(Clone, Debug)]
pub struct Store {
    pool: Pool,
}

impl Store {
    /// Opens the database at `url` (`sqlite://reversi.db`, `sqlite::memory:` or
    /// `postgres://user:password@host/db`) and applies any new migrations. A SQLite file is
    /// created when missing; its connections use WAL, foreign keys, a 5 s busy timeout and
    /// `synchronous = NORMAL`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let store = match Backend::of_url(url)? {
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(url)?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .foreign_keys(true)
                    .busy_timeout(BUSY_TIMEOUT)
                    .synchronous(SqliteSynchronous::Normal);
                // WAL belongs to the file: switch a new file to it on one connection first, since
                // of two connections switching it at once one is refused ("database is locked").
                let open_error = |source| StoreError::Open { database: database_name(url), source };
                let first = <SqliteConnection as sqlx::Connection>::connect_with(&options).await.map_err(open_error)?;
                sqlx::Connection::close(first).await.map_err(open_error)?;
                // Connections are kept for good: an in-memory database lives only as long as one does.
                let pool = SqlitePoolOptions::new()
                    .min_connections(1)
                    .idle_timeout(None)
                    .max_lifetime(None)
                    .connect_with(options)
                    .await
                    .map_err(open_error)?;
                Store { pool: Pool::Sqlite(pool) }
            }
            Backend::Postgres => {
                let options = PgConnectOptions::from_str(url)?.application_name("reversi-bot");
                let pool = PgPoolOptions::new()
                    .acquire_timeout(CONNECT_TIMEOUT)
                    .connect_with(options)
                    .await
                    .map_err(|source| StoreError::Open { database: database_name(url), source })?;
                Store { pool: Pool::Postgres(pool) }
            }
        };
        store.migrate().await?;
        Ok(store)
    }

    /// Which database this store runs on.
    pub fn backend(&self) -> Backend {
        match self.pool {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies the migrations not yet applied. `open` does this already.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        match &self.pool {
            Pool::Sqlite(pool) => SQLITE_MIGRATOR.run(pool).await?,
            Pool::Postgres(pool) => POSTGRES_MIGRATOR.run(pool).await?,
        }
        Ok(())
    }

    /// Begins a transaction. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`), so
    /// two writers queue instead of failing halfway; on PostgreSQL it is READ COMMITTED, every
    /// write a compare-and-set or under a row lock. Commit it with [`Tx::commit`]; dropping it
    /// rolls back.
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        let tx = match &self.pool {
            Pool::Sqlite(pool) => TxInner::Sqlite(pool.begin_with("BEGIN IMMEDIATE").await?),
            Pool::Postgres(pool) => TxInner::Postgres(pool.begin().await?),
        };
        Ok(Tx { tx })
    }

    /// Closes every connection, waiting for those in use to be returned.
    pub async fn close(&self) {
        match &self.pool {
            Pool::Sqlite(pool) => pool.close().await,
            Pool::Postgres(pool) => pool.close().await,
        }
    }

    /// Writes a consistent copy of a SQLite database to the file `path` while the bot runs
    /// (`VACUUM INTO`); on PostgreSQL use `pg_dump` instead.
    pub async fn backup_to(&self, path: &std::path::Path) -> Result<(), StoreError> {
        match &self.pool {
            Pool::Sqlite(pool) => {
                let path = path.to_str().ok_or(StoreError::BackupPath)?;
                sqlx::query("VACUUM INTO $1").bind(path).execute(pool).await?;
                Ok(())
            }
            Pool::Postgres(_) => Err(StoreError::BackupNeedsPgDump),
        }
    }
}

#[cfg(test)]
impl Store {
    /// Runs `sql` with `id` bound to `$1`, for tests that damage rows on purpose.
    pub(crate) async fn execute_for_test(&self, sql: &str, id: i64) {
        match &self.pool {
            Pool::Sqlite(pool) => sqlx::query(sql).bind(id).execute(pool).await.map(drop),
            Pool::Postgres(pool) => sqlx::query(sql).bind(id).execute(pool).await.map(drop),
        }
        .expect("the test's SQL runs");
    }
}

impl From<SqlitePool> for Store {
    /// A store over an existing SQLite pool, as it is (no migrations run): for tests, whose pools
    /// come migrated from `#[sqlx::test]`.
    fn from(pool: SqlitePool) -> Store {
        Store { pool: Pool::Sqlite(pool) }
    }
}

impl From<PgPool> for Store {
    /// A store over an existing PostgreSQL pool, as it is (no migrations run).
    fn from(pool: PgPool) -> Store {
        Store { pool: Pool::Postgres(pool) }
    }
}

#[derive(Debug)]
enum TxInner {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// One transaction: every write made through it lands together on [`Tx::commit`], or not at all.
#[derive(Debug)]
pub struct Tx {
    tx: TxInner,
}

impl Tx {
    /// Makes every write of this transaction permanent.
    pub async fn commit(self) -> Result<(), StoreError> {
        match self.tx {
            TxInner::Sqlite(tx) => tx.commit().await?,
            TxInner::Postgres(tx) => tx.commit().await?,
        }
        Ok(())
    }

    /// Undoes every write of this transaction (dropping the `Tx` does the same).
    pub async fn rollback(self) -> Result<(), StoreError> {
        match self.tx {
            TxInner::Sqlite(tx) => tx.rollback().await?,
            TxInner::Postgres(tx) => tx.rollback().await?,
        }
        Ok(())
    }

    /// Holds the ratings of `players` until this transaction ends, so that two games finishing
    /// at once for one player apply their rating changes one after the other. Locks are taken in
    /// id order, so two such transactions cannot deadlock. (SQLite's `BEGIN IMMEDIATE` already
    /// serialises every writer.)
    pub async fn lock_ratings(&mut self, players: &[UserId]) -> Result<(), StoreError> {
        if let TxInner::Postgres(tx) = &mut self.tx {
            let mut ids: Vec<UserId> = players.to_vec();
            ids.sort_unstable();
            ids.dedup();
            for id in ids {
                sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(id).execute(&mut **tx).await?;
            }
        }
        Ok(())
    }
}

/// One connection of either backend, for one operation.
pub(crate) enum Conn<'c> {
    Sqlite(&'c mut SqliteConnection),
    Postgres(&'c mut PgConnection),
}

impl Conn<'_> {
    /// The same connection, borrowed again (for the next statement of an operation).
    pub(crate) fn reborrow(&mut self) -> Conn<'_> {
        match self {
            Conn::Sqlite(c) => Conn::Sqlite(c),
            Conn::Postgres(c) => Conn::Postgres(c),
        }
    }
}

/// Runs `$body` with `$c` bound to the connection of either backend: the one place where the
/// store's shared SQL meets the two drivers.
macro_rules! on {
    ($conn:expr, |$c:ident| $body:expr) => {
        match $conn.reborrow() {
            $crate::store::Conn::Sqlite($c) => $body,
            $crate::store::Conn::Postgres($c) => $body,
        }
    };
}
pub(crate) use on;

/// A connection lent for one operation: a pooled one, or the transaction's own.
pub struct Lease<'a> {
    inner: LeaseInner<'a>,
}

enum LeaseInner<'a> {
    SqlitePool(PoolConnection<Sqlite>),
    PostgresPool(PoolConnection<Postgres>),
    Borrowed(Conn<'a>),
}

impl Lease<'_> {
    fn conn(&mut self) -> Conn<'_> {
        match &mut self.inner {
            LeaseInner::SqlitePool(c) => Conn::Sqlite(c),
            LeaseInner::PostgresPool(c) => Conn::Postgres(c),
            LeaseInner::Borrowed(c) => c.reborrow(),
        }
    }
}

/// Every store operation, written once and run on the [`Store`] (a connection from the pool,
/// each statement committed at once) or inside a [`Tx`] (`tx.save_moves(..)`). Bring it into
/// scope to call them.
pub trait Queries<'a>: Sized + Send {
    /// The connection the next operation runs on.
    fn lease(self) -> impl Future<Output = Result<Lease<'a>, StoreError>> + Send;

    // ---- players ----

    /// Records that a player was seen at `now` under `name`: inserts them, or updates the name and
    /// the last-seen time (writing nothing when neither changed the stored row). Upsert everyone a
    /// game or challenge names before writing it.
    fn upsert_player(
        self,
        id: UserId,
        name: &str,
        is_bot: bool,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { players::upsert(self.lease().await?.conn(), id, name, is_bot, now).await }
    }

    /// The player with this id, if ever seen.
    fn player(self, id: UserId) -> impl Future<Output = Result<Option<Player>, StoreError>> + Send {
        async move { players::by_id(self.lease().await?.conn(), id).await }
    }

    // ---- games ----

    /// Starts a live game. Fails with `ChannelBusy` when the channel already has one, and with
    /// `UnknownPlayer` when a player was never upserted.
    fn create_game(
        self,
        game: &NewGame,
        now: Timestamp,
    ) -> impl Future<Output = Result<GameRecord, StoreError>> + Send {
        async move { games::create(self.lease().await?.conn(), game, now).await }
    }

    /// The game with this id.
    fn game(self, id: GameId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move { games::by_id(self.lease().await?.conn(), id).await }
    }

    /// The live game in a channel, if any.
    fn live_game_in(self, channel: ChannelId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move { games::live_in(self.lease().await?.conn(), channel).await }
    }

    /// The newest game of a channel, live or over (what `/export` shows by default).
    fn latest_game_in(self, channel: ChannelId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move { games::latest_in(self.lease().await?.conn(), channel).await }
    }

    /// The newest game of a channel that is over (what `/review` shows by default).
    fn latest_over_game_in(
        self,
        channel: ChannelId,
    ) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move { games::latest_over_in(self.lease().await?.conn(), channel).await }
    }

    /// A rated game the player is playing, anywhere, if any (analysis is refused to them meanwhile).
    fn live_rated_game_of(self, player: UserId) -> impl Future<Output = Result<Option<GameRecord>, StoreError>> + Send {
        async move { games::live_rated_of(self.lease().await?.conn(), player).await }
    }

    /// Every live game, oldest first (at start-up: resume the bot's moves).
    fn live_games(self) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { games::live(self.lease().await?.conn()).await }
    }

    /// How many games are being played.
    fn live_game_count(self) -> impl Future<Output = Result<u64, StoreError>> + Send {
        async move { games::live_count(self.lease().await?.conn()).await }
    }

    /// How many games started in `channel` after `since` (a channel's hourly cap on new games).
    fn games_started_in(
        self,
        channel: ChannelId,
        since: Timestamp,
    ) -> impl Future<Output = Result<u32, StoreError>> + Send {
        async move { games::started_in(self.lease().await?.conn(), channel, since).await }
    }

    /// Live games whose move deadline is at or before `now`, earliest first (the forfeit sweep).
    fn overdue_games(self, now: Timestamp) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { games::overdue(self.lease().await?.conn(), now).await }
    }

    /// Live games whose deadline is after `now` but at or before `horizon`, and whose current move
    /// has had no reminder yet, earliest first (the reminder sweep).
    fn games_due_reminder(
        self,
        now: Timestamp,
        horizon: Timestamp,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { games::due_reminder(self.lease().await?.conn(), now, horizon).await }
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
        async move { games::mark_reminded(self.lease().await?.conn(), id, version, now).await }
    }

    /// Games lost on time at or before `before` whose announcement was never posted (the
    /// process that ended them stopped first), oldest first.
    fn unannounced_forfeits(
        self,
        before: Timestamp,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { games::unannounced_forfeits(self.lease().await?.conn(), before).await }
    }

    /// Notes that the game's loss on time was announced.
    fn mark_forfeit_announced(self, id: GameId, now: Timestamp) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { games::mark_forfeit_announced(self.lease().await?.conn(), id, now).await }
    }

    /// Remembers the message that shows the game's board. Does not change the version.
    fn set_board_message(self, id: GameId, board: BoardMessage) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { games::set_board_message(self.lease().await?.conn(), id, board).await }
    }

    /// A player's last `limit` finished games in `scope` (all servers and direct messages for
    /// `Global`), newest first.
    fn finished_games(
        self,
        player: UserId,
        scope: Scope,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { games::finished(self.lease().await?.conn(), player, scope, limit).await }
    }

    /// Wins, losses and draws of `player` against `opponent` over their finished games, rated and
    /// casual, in `scope` (everywhere for `Global`).
    fn head_to_head(
        self,
        player: UserId,
        opponent: UserId,
        scope: Scope,
    ) -> impl Future<Output = Result<Tally, StoreError>> + Send {
        async move { games::head_to_head(self.lease().await?.conn(), player, opponent, scope).await }
    }

    /// A player's finished unrated games in `scope`: casual ones between people, and those
    /// against the bot.
    fn unrated_tallies(
        self,
        player: UserId,
        scope: Scope,
    ) -> impl Future<Output = Result<UnratedTallies, StoreError>> + Send {
        async move { games::unrated(self.lease().await?.conn(), player, scope).await }
    }

    /// Saves a game's new transcript if it is still live at `version`, with who is to move next,
    /// their deadline and the lease on the bot's move, and returns the new version. A stale
    /// version (someone moved or ended the game first: a double click) writes nothing and fails
    /// with `StaleVersion`; a game that was already over at `version` fails with `GameOver`. To
    /// finish the game in the same breath, do both in a [`Tx`].
    fn save_moves(
        self,
        id: GameId,
        version: i64,
        moves: &str,
        next: &NextTurn,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move { games::save_moves(self.lease().await?.conn(), id, version, moves, next, now).await }
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
        async move { games::set_rules(self.lease().await?.conn(), id, version, rules, now).await }
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
        async move { games::claim_bot_moves(self.lease().await?.conn(), bot, lease, now, limit).await }
    }

    /// Gives up every lease `owner` holds (at a clean stop, so another process or the next start
    /// makes those moves at once); returns how many.
    fn release_bot_leases(self, owner: &str) -> impl Future<Output = Result<u64, StoreError>> + Send {
        async move { games::release_leases(self.lease().await?.conn(), owner).await }
    }

    /// Notes who is to move in a live game stored before that was kept (the version unchanged);
    /// false when the game changed or already says.
    fn note_to_move(
        self,
        id: GameId,
        version: i64,
        to_move: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move { games::note_to_move(self.lease().await?.conn(), id, version, to_move).await }
    }

    /// Ends a game that is still live at `version` and returns the new version; errors as for
    /// [`Queries::save_moves`]. Rated endings belong in a [`Tx`] with their rating changes.
    fn finish_game(
        self,
        id: GameId,
        version: i64,
        ending: &Ending,
        now: Timestamp,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send {
        async move { games::finish(self.lease().await?.conn(), id, version, ending, now).await }
    }

    // ---- solo games ----

    /// Starts a solo game. Fails with `SoloLive` when the player already has a live one in the
    /// channel, and with `UnknownPlayer` when the player was never upserted.
    fn create_solo(
        self,
        solo: &NewSolo,
        now: Timestamp,
    ) -> impl Future<Output = Result<SoloRecord, StoreError>> + Send {
        async move { solo::create(self.lease().await?.conn(), solo, now).await }
    }

    /// The solo game with this id.
    fn solo(self, id: SoloId) -> impl Future<Output = Result<Option<SoloRecord>, StoreError>> + Send {
        async move { solo::by_id(self.lease().await?.conn(), id).await }
    }

    /// The player's live solo game in this channel, if any.
    fn live_solo(
        self,
        channel: ChannelId,
        player: UserId,
    ) -> impl Future<Output = Result<Option<SoloRecord>, StoreError>> + Send {
        async move { solo::live(self.lease().await?.conn(), channel, player).await }
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
        async move { solo::save(self.lease().await?.conn(), id, version, moves, score, now).await }
    }

    /// The best `limit` counted games of the day's deal of `day`, in one server or (`None`)
    /// everywhere: most tiles first, then the highest value, then the earliest.
    fn daily_table(
        self,
        day: &str,
        guild: Option<GuildId>,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<SoloEntry>, StoreError>> + Send {
        async move { solo::daily_table(self.lease().await?.conn(), day, guild, limit).await }
    }

    /// A counted daily game's place in the day's table of one server or (`None`) everyone's,
    /// and how many players that table has; `None` when the game is not a counted one there.
    fn daily_place(
        self,
        day: &str,
        guild: Option<GuildId>,
        game: SoloId,
    ) -> impl Future<Output = Result<Option<(u32, u32)>, StoreError>> + Send {
        async move { solo::daily_place(self.lease().await?.conn(), day, guild, game).await }
    }

    // ---- reviews ----

    /// The kept review of a game in shape `format`, if one was made.
    fn review(self, game: GameId, format: i32) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move { reviews::by_game(self.lease().await?.conn(), game, format).await }
    }

    /// Keeps a game's review in shape `format`; a review of the same shape already kept stays
    /// (two processes may review a game at once), one of another shape is replaced.
    fn save_review(
        self,
        game: GameId,
        format: i32,
        review: &str,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { reviews::save(self.lease().await?.conn(), game, format, review, now).await }
    }

    // ---- a player's data ----

    /// Everything kept about a player (their export); `None` when nothing is.
    fn player_records(self, player: UserId) -> impl Future<Output = Result<Option<PlayerRecords>, StoreError>> + Send {
        async move { privacy::records_of(self.lease().await?.conn(), player).await }
    }

    /// Holds the player's row until this transaction ends (on PostgreSQL; SQLite's writers are
    /// serialised already), so no game or challenge naming them starts meanwhile; false when the
    /// player is unknown. Take it in a [`Tx`] before [`Queries::live_games_of`] and
    /// [`Queries::forget_player`].
    fn lock_player(self, player: UserId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move { privacy::lock(self.lease().await?.conn(), player).await }
    }

    /// The live games a player plays in, oldest first.
    fn live_games_of(self, player: UserId) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { privacy::live_games_of(self.lease().await?.conn(), player).await }
    }

    /// Deletes a player's data (see [`privacy`] for what happens to each table): their row,
    /// ratings, rating changes, solo games and challenges are removed, and an anonymous player
    /// takes their seat in their games. Run it in a [`Tx`] after [`Queries::lock_player`], once
    /// [`Queries::live_games_of`] found no live game. Harmless for an unknown player.
    fn forget_player(
        self,
        player: UserId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Forgotten, StoreError>> + Send {
        async move { privacy::forget(self.lease().await?.conn(), player, now).await }
    }

    // ---- servers the bot has left ----

    /// Notes that the bot was removed from a server at `now` (kept when already noted, so the
    /// grace period runs from the first removal).
    fn note_guild_left(self, guild: GuildId, now: Timestamp) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { departed::note_left(self.lease().await?.conn(), guild, now).await }
    }

    /// Notes that the bot is in a server (again): nothing of it is to be removed. True when it
    /// had been noted as left.
    fn note_guild_back(self, guild: GuildId) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move { departed::note_back(self.lease().await?.conn(), guild).await }
    }

    /// When the bot left a server, if it is noted as left.
    fn guild_left_at(self, guild: GuildId) -> impl Future<Output = Result<Option<Timestamp>, StoreError>> + Send {
        async move { departed::left_at(self.lease().await?.conn(), guild).await }
    }

    /// Claims up to `limit` servers the bot left at or before `before`, removing their notes; in a
    /// [`Tx`] with [`Queries::forget_guild`] for each, so that a server is claimed by one process,
    /// once, and its data removed in the same commit.
    fn claim_departed_guilds(
        self,
        before: Timestamp,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<GuildId>, StoreError>> + Send {
        async move { departed::claim(self.lease().await?.conn(), before, limit).await }
    }

    /// The live games of a server, oldest first.
    fn live_games_in_guild(self, guild: GuildId) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { departed::live_games_in(self.lease().await?.conn(), guild).await }
    }

    /// Removes a server's settings, language, challenges and live solo games, and its games' and
    /// solo games' channel references (they stay in their players' histories). End its live games
    /// first.
    fn forget_guild(self, guild: GuildId) -> impl Future<Output = Result<ServerForgotten, StoreError>> + Send {
        async move { departed::forget(self.lease().await?.conn(), guild).await }
    }

    // ---- challenges ----

    /// Issues a challenge. Fails with `ChallengePending` when the channel already has a pending
    /// one that has not lapsed (a lapsed one is expired on the way), and with `UnknownPlayer` when
    /// the challenger or target was never upserted.
    fn create_challenge(
        self,
        challenge: &NewChallenge,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move { challenges::create(self.lease().await?.conn(), challenge, now).await }
    }

    /// The challenge with this id, whatever its status.
    fn challenge(self, id: ChallengeId) -> impl Future<Output = Result<Option<Challenge>, StoreError>> + Send {
        async move { challenges::by_id(self.lease().await?.conn(), id).await }
    }

    /// How many of `challenger`'s challenges are pending and unlapsed at `now`, in any channel.
    fn open_challenges_by(
        self,
        challenger: UserId,
        now: Timestamp,
    ) -> impl Future<Output = Result<u32, StoreError>> + Send {
        async move { challenges::open_by(self.lease().await?.conn(), challenger, now).await }
    }

    /// The channel's pending challenge that has not lapsed by `now`, if any.
    fn pending_challenge_in(
        self,
        channel: ChannelId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Option<Challenge>, StoreError>> + Send {
        async move { challenges::pending_in(self.lease().await?.conn(), channel, now).await }
    }

    /// Accepts a pending, unlapsed challenge on behalf of `by` and returns it. Whether `by` may
    /// accept it is the caller's rule. Of two accepts, one wins; the other fails with
    /// `ChallengeClosed(Accepted)`. A lapsed one fails with `ChallengeClosed(Expired)`. In a
    /// [`Tx`] followed by [`Queries::create_game`], a busy channel leaves it pending.
    fn accept_challenge(
        self,
        id: ChallengeId,
        by: UserId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move { challenges::accept(self.lease().await?.conn(), id, by, now).await }
    }

    /// Declines a pending challenge (its target's answer); `ChallengeClosed` if it is not pending.
    fn decline_challenge(
        self,
        id: ChallengeId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move { challenges::settle(self.lease().await?.conn(), id, ChallengeStatus::Declined, now).await }
    }

    /// Withdraws a pending challenge (its challenger's change of mind); `ChallengeClosed` if it is
    /// not pending.
    fn withdraw_challenge(
        self,
        id: ChallengeId,
        now: Timestamp,
    ) -> impl Future<Output = Result<Challenge, StoreError>> + Send {
        async move { challenges::settle(self.lease().await?.conn(), id, ChallengeStatus::Withdrawn, now).await }
    }

    /// Expires every pending challenge that has lapsed by `now` and returns them, oldest first.
    fn expire_challenges(self, now: Timestamp) -> impl Future<Output = Result<Vec<Challenge>, StoreError>> + Send {
        async move { challenges::expire(self.lease().await?.conn(), now).await }
    }

    /// Remembers the message that shows the challenge and its buttons.
    fn set_challenge_message(
        self,
        id: ChallengeId,
        message: MessageId,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { challenges::set_message(self.lease().await?.conn(), id, message).await }
    }

    // ---- ratings ----

    /// A player's standing in a scope; `None` before their first rated game there. In a [`Tx`],
    /// read it after the game's compare-and-set and [`Tx::lock_ratings`].
    fn rating(
        self,
        player: UserId,
        ladder: &Ladder,
        scope: Scope,
    ) -> impl Future<Output = Result<Option<Rating>, StoreError>> + Send {
        async move { ratings::rating(self.lease().await?.conn(), player, ladder, scope).await }
    }

    /// Records one rated game's effect on one player in one scope: the rating change row, the new
    /// rating, the counts and the streak. Returns the new standing. Recording the same game,
    /// player and scope twice fails with `AlreadyRecorded` and changes nothing; an unknown game or
    /// player fails with `NotFound`.
    fn record_rating(
        self,
        update: &RatingUpdate,
        now: Timestamp,
    ) -> impl Future<Output = Result<Rating, StoreError>> + Send {
        async move { ratings::record(self.lease().await?.conn(), update, now).await }
    }

    /// The `limit` best-rated players of a scope with at least one rated game, best first (ties:
    /// more games first, then the older account).
    fn leaderboard(
        self,
        ladder: &Ladder,
        scope: Scope,
        limit: u32,
    ) -> impl Future<Output = Result<Vec<LeaderboardEntry>, StoreError>> + Send {
        async move { ratings::leaderboard(self.lease().await?.conn(), ladder, scope, limit).await }
    }

    /// A player's place in a scope (1 + the number rated higher, among players with a rated
    /// game); `None` before their first rated game there.
    fn rank(
        self,
        player: UserId,
        ladder: &Ladder,
        scope: Scope,
    ) -> impl Future<Output = Result<Option<Rank>, StoreError>> + Send {
        async move { ratings::rank(self.lease().await?.conn(), player, ladder, scope).await }
    }

    /// Takes the one-off job `what` if a migration left it pending (`ratings`: rate every rated
    /// game again on its ladder); true when this caller is to do it. In a [`Tx`], so that the job
    /// is done and taken in one commit, by one process.
    fn take_pending_rebuild(self, what: &str) -> impl Future<Output = Result<bool, StoreError>> + Send {
        async move { ratings::take_pending(self.lease().await?.conn(), what).await }
    }

    /// Removes every rating and rating change, for a rebuild from the games.
    fn clear_ratings(self) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { ratings::clear(self.lease().await?.conn()).await }
    }

    /// Every finished rated game, in the order the games ended.
    fn rated_games(self) -> impl Future<Output = Result<Vec<GameRecord>, StoreError>> + Send {
        async move { games::rated_in_order(self.lease().await?.conn()).await }
    }

    /// The rating changes a game made, in the order recorded.
    fn rating_changes(self, game: GameId) -> impl Future<Output = Result<Vec<RatingChange>, StoreError>> + Send {
        async move { ratings::changes(self.lease().await?.conn(), game).await }
    }

    // ---- settings ----

    /// A server's settings, the defaults when it never changed any.
    fn settings(self, guild: GuildId) -> impl Future<Output = Result<ServerSettings, StoreError>> + Send {
        async move { settings::get(self.lease().await?.conn(), guild).await }
    }

    /// Remembers Discord's language for a server (writing nothing when it is the one stored).
    fn note_guild_locale(
        self,
        guild: GuildId,
        locale: &str,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { settings::note_locale(self.lease().await?.conn(), guild, locale, now).await }
    }

    /// Discord's language for a server, as last seen.
    fn guild_locale(self, guild: GuildId) -> impl Future<Output = Result<Option<String>, StoreError>> + Send {
        async move { settings::locale(self.lease().await?.conn(), guild).await }
    }

    /// Replaces a server's settings.
    fn set_settings(
        self,
        guild: GuildId,
        settings: &ServerSettings,
        now: Timestamp,
    ) -> impl Future<Output = Result<(), StoreError>> + Send {
        async move { settings::set(self.lease().await?.conn(), guild, settings, now).await }
    }
}

impl<'a> Queries<'a> for &'a Store {
    async fn lease(self) -> Result<Lease<'a>, StoreError> {
        let inner = match &self.pool {
            Pool::Sqlite(pool) => LeaseInner::SqlitePool(pool.acquire().await?),
            Pool::Postgres(pool) => LeaseInner::PostgresPool(pool.acquire().await?),
        };
        Ok(Lease { inner })
    }
}

impl<'a> Queries<'a> for &'a mut Tx {
    fn lease(self) -> impl Future<Output = Result<Lease<'a>, StoreError>> + Send {
        let conn = match &mut self.tx {
            TxInner::Sqlite(tx) => Conn::Sqlite(tx),
            TxInner::Postgres(tx) => Conn::Postgres(tx),
        };
        std::future::ready(Ok(Lease { inner: LeaseInner::Borrowed(conn) }))
    }
}

/// A database URL as it may be shown: the file of a SQLite URL, or the host and database of a
/// PostgreSQL one (never its user or password).
fn database_name(url: &str) -> String {
    let rest = url.split_once(':').map_or(url, |(_, rest)| rest).trim_start_matches("//");
    let rest = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
    rest.split('?').next().unwrap_or(rest).to_string()
}

/// `Rules` as the JSON text stored in `rules` columns.
fn rules_to_json(rules: &Rules) -> Result<String, StoreError> {
    serde_json::to_string(rules).map_err(StoreError::SerialiseRules)
}

/// `Rules` from a `rules` column.
fn rules_from_json(text: &str) -> Result<Rules, StoreError> {
    serde_json::from_str(text).map_err(StoreError::CorruptRules)
}

/// A count or small number read from an `INTEGER`/`BIGINT` column, which the schema keeps in
/// range; anything else is a corrupt row.
fn small<T: TryFrom<i64>>(what: &'static str, value: i64) -> Result<T, StoreError> {
    T::try_from(value).map_err(|_| StoreError::Corrupt { what, value: value.to_string() })
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    /// A database file in the temp directory, removed (with its WAL files) before and after.
    struct TempDb(PathBuf);

    impl TempDb {
        fn new(name: &str) -> TempDb {
            let path = std::env::temp_dir().join(format!("reversi-store-{}-{name}.sqlite", std::process::id()));
            let db = TempDb(path);
            db.remove();
            db
        }

        fn url(&self) -> String {
            format!("sqlite://{}", self.0.display())
        }

        fn remove(&self) {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", self.0.display()));
            }
        }
    }

    impl Drop for TempDb {
        fn drop(&mut self) {
            self.remove();
        }
    }

    fn sqlite(store: &Store) -> &SqlitePool {
        match &store.pool {
            Pool::Sqlite(pool) => pool,
            Pool::Postgres(_) => panic!("a SQLite store"),
        }
    }

    #[tokio::test]
    async fn opening_a_missing_file_creates_it_migrated_and_in_wal_mode() {
        let db = TempDb::new("create");
        assert!(!db.0.exists());
        let store = Store::open(&db.url()).await.unwrap();
        assert!(db.0.exists());
        let pool = sqlite(&store);
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(pool).await.unwrap();
        assert_eq!(mode, "wal");
        let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys").fetch_one(pool).await.unwrap();
        assert_eq!(foreign_keys, 1);
        let synchronous: i64 = sqlx::query_scalar("PRAGMA synchronous").fetch_one(pool).await.unwrap();
        assert_eq!(synchronous, 1, "NORMAL");
        let applied: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(pool).await.unwrap();
        assert_eq!(applied, i64::try_from(SQLITE_MIGRATOR.iter().count()).unwrap());
        store.close().await;
    }

    #[tokio::test]
    async fn reopening_the_same_file_keeps_everything() {
        use super::NextTurn;
        let db = TempDb::new("reopen");
        let now = Timestamp(1_000);
        let store = Store::open(&db.url()).await.unwrap();
        let game = fixtures::live_game(&store, 1).await;
        let mut tx = store.begin().await.unwrap();
        tx.save_moves(game.id, game.version, "f5d6", &NextTurn::default(), now).await.unwrap();
        tx.commit().await.unwrap();
        store.close().await;

        let store = Store::open(&db.url()).await.unwrap();
        let again = store.live_game_in(game.channel.unwrap()).await.unwrap().unwrap();
        assert_eq!((again.id, again.moves.as_str(), again.version), (game.id, "f5d6", game.version + 1));
        store.close().await;
    }

    #[tokio::test]
    async fn an_in_memory_store_shares_its_data_between_connections() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let game = fixtures::live_game(&store, 1).await;
        let pool = sqlite(&store);
        let mut first = pool.acquire().await.unwrap();
        let mut second = pool.acquire().await.unwrap();
        for conn in [&mut first, &mut second] {
            let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE id = $1")
                .bind(game.id)
                .fetch_one(&mut **conn)
                .await
                .unwrap();
            assert_eq!(count, 1);
        }
    }

    #[tokio::test]
    async fn a_url_of_another_database_is_refused_by_name_without_creating_anything() {
        let error = Store::open("mysql://bot:hunter2@localhost/reversi").await.unwrap_err();
        assert!(matches!(&error, StoreError::UnsupportedUrl { scheme } if scheme == "mysql"), "{error:?}");
        let text = error.to_string();
        assert!(text.contains("mysql") && text.contains("sqlite") && text.contains("postgres"), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
    }

    #[tokio::test]
    async fn a_running_sqlite_store_is_backed_up_to_a_consistent_copy() {
        let db = TempDb::new("live");
        let copy = TempDb::new("copy");
        let store = Store::open(&db.url()).await.unwrap();
        let game = fixtures::live_game(&store, 1).await;
        store.save_moves(game.id, game.version, "f5", &NextTurn::default(), Timestamp(1)).await.unwrap();
        store.backup_to(&copy.0).await.unwrap();
        let restored = Store::open(&copy.url()).await.unwrap();
        assert_eq!(restored.live_game_in(game.channel.unwrap()).await.unwrap().unwrap().moves, "f5");
        restored.close().await;
        store.close().await;
    }

    #[tokio::test]
    async fn a_database_that_cannot_be_opened_is_named_once_without_its_password() {
        let error = Store::open("sqlite:///nonexistent/folder/bot.db").await.unwrap_err();
        let text = crate::report::with_causes(&error);
        assert!(text.starts_with("could not open the database /nonexistent/folder/bot.db: "), "{text}");
        assert_eq!(text.matches("unable to open database file").count(), 1, "{text}");
        assert_eq!(database_name("postgres://bot:hunter2@db.example:5432/reversi"), "db.example:5432/reversi");
    }

    #[test]
    fn corrupt_rules_json_is_a_typed_error() {
        assert!(matches!(rules_from_json("{\"size\": 7}"), Err(StoreError::CorruptRules(_))));
        let json = rules_to_json(&Rules::ravensburger()).unwrap();
        assert_eq!(rules_from_json(&json).unwrap(), Rules::ravensburger());
    }
}
