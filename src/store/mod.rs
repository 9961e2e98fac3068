//! The store: everything the bot keeps, in SQLite (the default, zero set-up) or PostgreSQL (for
//! several processes sharing one database), behind one API. SQL lives only here, always with
//! bound parameters, written once where both databases accept it (`$1` placeholders, `RETURNING`,
//! `ON CONFLICT`, `COUNT(*) FILTER`); the few statements that must differ are chosen per backend.
//!
//! - [`Store`]: a pool of connections of either backend; [`Tx`]: one transaction on it.
//! - [`Queries`]: every operation, written once, run on the store (each call on a connection of
//!   the pool, committed at once) or inside a transaction.
//! - One file per table group: [`players`], [`games`], [`challenges`], [`ratings`],
//!   [`settings`], [`solo`], [`reviews`], [`tournaments`], [`seasons`], [`puzzles`]; the web pages' keys in [`web`]; a player's records read and deleted together in
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
//! use reversi_bot::store::queries::*;
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
pub mod puzzles;
pub mod ratings;
pub mod reviews;
pub mod seasons;
pub mod settings;
pub mod solo;
pub mod status;
pub mod takebacks;
pub mod tournaments;
pub mod watching;
pub mod web;

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
pub use ids::{
    AttemptId, ChallengeId, ChannelId, GameId, GuildId, Ladder, MessageId, Scope, SeasonId, SoloId, TakebackId,
    Timestamp, TournamentId, UserId,
};
pub use players::Player;
pub use privacy::{ANONYMOUS_TOP, Forgotten, KeptReview, LadderChange, LadderRating, PlayerRecords};
pub use puzzles::{
    AttemptRecord, AttemptStatus, DailyPlan, DailyPost, NewAttempt, PuzzleMode, PuzzleRecord, StreakEntry,
};
pub use ratings::{Glicko, LeaderboardEntry, PlayerResult, Rank, Rating, RatingChange, RatingUpdate};
pub use seasons::{Cadence, ClosedSeason, SeasonPlacing, SeasonPlan, SeasonStanding, SeasonWindow};
pub use settings::ServerSettings;
pub use settings::WebVisibility;
pub use solo::{NewSolo, SoloEntry, SoloRecord};
pub use status::{ChallengeStatus, EndReason, GameStatus};
pub use takebacks::{Takeback, TakebackStatus};
pub use tournaments::{
    Entry, Format, LogAction, LogEntry, NewPairing, NewTournament, PairingRecord, PairingResult, TournamentRecord,
    TournamentState,
};
pub use watching::{BoardBehind, LiveBoard};
pub use web::RatingPoint;

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

/// Where the store's operations run: on the [`Store`] (a connection from the pool, each statement
/// committed at once) or inside a [`Tx`] (`tx.save_moves(..)`). Each table file writes its
/// operations once, as a trait over this one ([`PlayerQueries`], [`GameQueries`], ...) that every
/// `Queries` has; bring them all into scope with `use crate::store::queries::*`.
pub trait Queries<'a>: Sized + Send {
    /// The connection the next operation runs on.
    fn lease(self) -> impl Future<Output = Result<Lease<'a>, StoreError>> + Send;
}

/// Every store operation in scope at once: `use crate::store::queries::*;`.
pub mod queries {
    pub use super::Queries;
    pub use super::challenges::ChallengeQueries;
    pub use super::departed::DepartedQueries;
    pub use super::games::GameQueries;
    pub use super::players::PlayerQueries;
    pub use super::privacy::PrivacyQueries;
    pub use super::puzzles::PuzzleQueries;
    pub use super::ratings::RatingQueries;
    pub use super::reviews::ReviewQueries;
    pub use super::seasons::SeasonQueries;
    pub use super::settings::SettingsQueries;
    pub use super::solo::SoloQueries;
    pub use super::takebacks::TakebackQueries;
    pub use super::tournaments::TournamentQueries;
    pub use super::watching::WatchingQueries;
    pub use super::web::WebQueries;
}
pub use queries::{
    ChallengeQueries, DepartedQueries, GameQueries, PlayerQueries, PrivacyQueries, PuzzleQueries, RatingQueries,
    ReviewQueries, SeasonQueries, SettingsQueries, SoloQueries, TakebackQueries, TournamentQueries, WatchingQueries,
    WebQueries,
};

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

/// A connection already lent (inside an operation), so that one operation may run another on it.
impl<'a> Queries<'a> for Conn<'a> {
    fn lease(self) -> impl Future<Output = Result<Lease<'a>, StoreError>> + Send {
        std::future::ready(Ok(Lease { inner: LeaseInner::Borrowed(self) }))
    }
}

/// A database URL as it may be shown: the file of a SQLite URL, or the host and database of a
/// PostgreSQL one (never its user or password).
pub fn database_name(url: &str) -> String {
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
