//! The store: everything the bot keeps in SQLite, behind `Store` (a connection pool) and `Tx` (one
//! transaction). SQL lives only here, always with bound parameters. One file per table group:
//! [`players`], [`games`], [`challenges`], [`ratings`], [`settings`]; the ids and times it speaks
//! are in [`ids`], its errors in [`error`]. The schema is in `migrations/` at the repository root,
//! embedded with `sqlx::migrate!()` and applied by [`Store::open`].
//!
//! Writes that must happen together go through a [`Tx`]: the service begins one, saves the move
//! with a compare-and-set on the game's version, finishes the game and records rating changes,
//! then commits; dropping the `Tx` instead rolls everything back.
//!
//! ```no_run
//! # async fn example(store: reversi_bot::store::Store, id: reversi_bot::store::GameId, version: i64,
//! #     ending: reversi_bot::store::Ending, now: reversi_bot::store::Timestamp) -> Result<(), reversi_bot::store::StoreError> {
//! let mut tx = store.begin().await?;
//! let version = tx.save_moves(id, version, "f5d6c3", None, now).await?; // StaleVersion if someone moved first
//! tx.finish_game(id, version, &ending, now).await?;
//! // tx.rating(..) and tx.record_rating(..) for each player and scope, when the game is rated
//! tx.commit().await?;
//! # Ok(()) }
//! ```

pub mod challenges;
pub mod error;
pub mod games;
pub mod ids;
pub mod players;
pub mod ratings;
pub mod settings;

#[cfg(test)]
mod fixtures;

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, Transaction};

use crate::engine::Rules;

pub use challenges::{Challenge, ChallengeStatus, ColorChoice, NewChallenge};
pub use error::StoreError;
pub use games::{BoardMessage, EndReason, Ending, GameRecord, GameStatus, HeadToHead, NewGame};
pub use ids::{ChallengeId, ChannelId, GameId, GuildId, MessageId, Scope, Timestamp, UserId};
pub use players::Player;
pub use ratings::{Glicko, LeaderboardEntry, PlayerResult, Rank, Rating, RatingChange, RatingUpdate};
pub use settings::ServerSettings;

/// The migrations in `migrations/`, embedded at compile time.
pub static MIGRATOR: Migrator = sqlx::migrate!();

/// How long a connection waits for another writer before giving up.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The bot's database: a pool of SQLite connections. Cheap to clone (the pool is shared).
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
}

impl Store {
    /// Opens the database at `url` (such as `sqlite://reversi.db` or `sqlite::memory:`), creating
    /// the file when missing, and applies any new migrations. Connections use WAL, foreign keys, a
    /// 5 s busy timeout and `synchronous = NORMAL`.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .foreign_keys(true)
            .busy_timeout(BUSY_TIMEOUT)
            .synchronous(SqliteSynchronous::Normal);
        // Connections are kept for good: an in-memory database lives only as long as one does.
        let pool = SqlitePoolOptions::new()
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        let store = Store { pool };
        store.migrate().await?;
        Ok(store)
    }

    /// A store over an existing pool, as it is (no migrations run). For tests, whose pools come
    /// migrated from `#[sqlx::test]`.
    pub fn from_pool(pool: SqlitePool) -> Store {
        Store { pool }
    }

    /// Applies the migrations not yet applied. `open` does this already.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        MIGRATOR.run(&self.pool).await?;
        Ok(())
    }

    /// Begins a transaction that takes the write lock at once (`BEGIN IMMEDIATE`), so two writers
    /// queue instead of failing halfway. Commit it with [`Tx::commit`]; dropping it rolls back.
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(Tx { tx: self.pool.begin_with("BEGIN IMMEDIATE").await? })
    }

    /// Closes every connection, waiting for those in use to be returned.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// One transaction: every write made through it lands together on [`Tx::commit`], or not at all.
#[derive(Debug)]
pub struct Tx {
    tx: Transaction<'static, Sqlite>,
}

impl Tx {
    /// Makes every write of this transaction permanent.
    pub async fn commit(self) -> Result<(), StoreError> {
        self.tx.commit().await?;
        Ok(())
    }

    /// Undoes every write of this transaction (dropping the `Tx` does the same).
    pub async fn rollback(self) -> Result<(), StoreError> {
        self.tx.rollback().await?;
        Ok(())
    }
}

/// `Rules` as the JSON text stored in `rules` columns.
fn rules_to_json(rules: &Rules) -> Result<String, StoreError> {
    serde_json::to_string(rules).map_err(StoreError::SerialiseRules)
}

/// `Rules` from a `rules` column.
fn rules_from_json(text: &str) -> Result<Rules, StoreError> {
    serde_json::from_str(text).map_err(StoreError::CorruptRules)
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

    #[tokio::test]
    async fn opening_a_missing_file_creates_it_migrated_and_in_wal_mode() {
        let db = TempDb::new("create");
        assert!(!db.0.exists());
        let store = Store::open(&db.url()).await.unwrap();
        assert!(db.0.exists());
        let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(&store.pool).await.unwrap();
        assert_eq!(mode, "wal");
        let foreign_keys: i64 = sqlx::query_scalar("PRAGMA foreign_keys").fetch_one(&store.pool).await.unwrap();
        assert_eq!(foreign_keys, 1);
        let synchronous: i64 = sqlx::query_scalar("PRAGMA synchronous").fetch_one(&store.pool).await.unwrap();
        assert_eq!(synchronous, 1, "NORMAL");
        let applied: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations").fetch_one(&store.pool).await.unwrap();
        assert_eq!(applied, i64::try_from(MIGRATOR.iter().count()).unwrap());
        store.close().await;
    }

    #[tokio::test]
    async fn reopening_the_same_file_keeps_everything() {
        let db = TempDb::new("reopen");
        let now = Timestamp(1_000);
        let store = Store::open(&db.url()).await.unwrap();
        let game = fixtures::live_game(&store, 1).await;
        let mut tx = store.begin().await.unwrap();
        tx.save_moves(game.id, game.version, "f5d6", None, now).await.unwrap();
        tx.commit().await.unwrap();
        store.close().await;

        let store = Store::open(&db.url()).await.unwrap();
        let again = store.live_game_in(game.channel).await.unwrap().unwrap();
        assert_eq!((again.id, again.moves.as_str(), again.version), (game.id, "f5d6", game.version + 1));
        store.close().await;
    }

    #[tokio::test]
    async fn an_in_memory_store_shares_its_data_between_connections() {
        let store = Store::open("sqlite::memory:").await.unwrap();
        let game = fixtures::live_game(&store, 1).await;
        let mut first = store.pool.acquire().await.unwrap();
        let mut second = store.pool.acquire().await.unwrap();
        for conn in [&mut first, &mut second] {
            let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE id = ?")
                .bind(game.id)
                .fetch_one(&mut **conn)
                .await
                .unwrap();
            assert_eq!(count, 1);
        }
    }

    #[tokio::test]
    async fn a_url_that_is_not_sqlite_is_a_database_error() {
        assert!(matches!(Store::open("postgres://nowhere").await, Err(StoreError::Database(_))));
    }

    #[test]
    fn corrupt_rules_json_is_a_typed_error() {
        assert!(matches!(rules_from_json("{\"size\": 7}"), Err(StoreError::CorruptRules(_))));
        let json = rules_to_json(&Rules::ravensburger()).unwrap();
        assert_eq!(rules_from_json(&json).unwrap(), Rules::ravensburger());
    }
}
