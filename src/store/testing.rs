//! The store's tests on both backends. [`store_tests!`] turns each test body into two tests on a
//! fresh migrated database: one on SQLite (sqlx's test harness, what `#[sqlx::test]` expands
//! to), always, and one on PostgreSQL ([`on_postgres`]), on the server `DATABASE_URL` names or a
//! throw-away one the tests start; where neither can be had (`build.rs` decides), the PostgreSQL
//! tests are ignored with the reason, never passed without running.

#[cfg(test)]
#[allow(dead_code)]
#[path = "../../tests/support/postgres.rs"]
pub(crate) mod postgres;

/// Runs `body` on a fresh database on the tests' PostgreSQL server, migrated, and drops the
/// database afterwards (also when the body panics).
#[cfg(test)]
pub(crate) fn on_postgres<F, Fut>(name: &str, body: F)
where
    F: FnOnce(sqlx::PgPool) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    use sqlx::Connection as _;

    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let admin = postgres::server_url();
    let short: String =
        name.rsplit("::").next().unwrap_or(name).chars().filter(char::is_ascii_alphanumeric).take(40).collect();
    let database = format!(
        "t{}_{}_{}",
        std::process::id(),
        NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        short.to_lowercase()
    );
    let url = postgres::database_url(&admin, &database);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a test runtime");
    runtime.block_on(async {
        let mut conn = sqlx::PgConnection::connect(&admin).await.expect("the tests' PostgreSQL server answers");
        sqlx::query(&format!("CREATE DATABASE {database}")).execute(&mut conn).await.expect("a test database");
        let pool = sqlx::postgres::PgPoolOptions::new().max_connections(5).connect(&url).await.expect("connect");
        crate::store::POSTGRES_MIGRATOR.run(&pool).await.expect("the migrations run on PostgreSQL");
        let outcome = std::panic::AssertUnwindSafe(body(pool.clone()));
        let outcome = futures_catch_unwind(outcome).await;
        pool.close().await;
        let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)")).execute(&mut conn).await;
        if let Err(panic) = outcome {
            std::panic::resume_unwind(panic);
        }
    });
}

/// Awaits `future`, catching a panic in it as `Err` (what `FutureExt::catch_unwind` does).
#[cfg(test)]
async fn futures_catch_unwind<Fut: std::future::Future<Output = ()>>(
    future: std::panic::AssertUnwindSafe<Fut>,
) -> std::thread::Result<()> {
    let mut future = std::pin::pin!(future.0);
    std::future::poll_fn(move |context| {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| future.as_mut().poll(context))) {
            Ok(std::task::Poll::Pending) => std::task::Poll::Pending,
            Ok(std::task::Poll::Ready(())) => std::task::Poll::Ready(Ok(())),
            Err(panic) => std::task::Poll::Ready(Err(panic)),
        }
    })
    .await
}

/// Expands `async fn name(store) { body }` items into a SQLite and a PostgreSQL test of each,
/// in modules `sqlite` and `postgres`, with `store` bound to a [`crate::store::Store`].
macro_rules! store_tests {
    ($( $(#[$attr:meta])* async fn $name:ident($store:ident) $body:block )*) => {
        mod sqlite {
            #[allow(unused_imports)]
            use super::*;
            $(
                $(#[$attr])*
                #[sqlx::test(migrator = "crate::store::SQLITE_MIGRATOR")]
                async fn $name(pool: sqlx::SqlitePool) {
                    let $store = crate::store::Store::from(pool);
                    $body
                }
            )*
        }

        mod postgres {
            #[allow(unused_imports)]
            use super::*;
            $(
                $(#[$attr])*
                #[test]
                #[cfg_attr(
                    not(postgres_tests),
                    ignore = "needs PostgreSQL: set DATABASE_URL=postgres://... or install PostgreSQL, then build again"
                )]
                fn $name() {
                    crate::store::testing::on_postgres(concat!(module_path!(), "::", stringify!($name)), |pool| async move {
                        let $store = crate::store::Store::from(pool);
                        $body
                    });
                }
            )*
        }
    };
}
pub(crate) use store_tests;

#[cfg(test)]
mod schema {
    //! The two schemas side by side: the same tables, columns (name, kind, nullability), keys,
    //! indexes and checks on SQLite and PostgreSQL.

    use std::collections::BTreeSet;

    use sqlx::{PgPool, SqlitePool};

    /// A column as both databases can describe it: table, name, kind (integer, text, real) and
    /// whether it may be NULL.
    type Column = (String, String, &'static str, bool);

    fn kind(declared: &str) -> &'static str {
        let lower = declared.to_lowercase();
        if lower.contains("int") || lower.contains("bool") {
            "integer"
        } else if lower.contains("text") || lower.contains("char") {
            "text"
        } else if lower.contains("real") || lower.contains("double") {
            "real"
        } else {
            "other"
        }
    }

    async fn sqlite_schema(pool: &SqlitePool) -> (BTreeSet<Column>, BTreeSet<String>, BTreeSet<(String, usize)>) {
        let tables: Vec<(String, String)> = sqlx::query_as(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
        )
        .fetch_all(pool)
        .await
        .unwrap();
        let mut columns = BTreeSet::new();
        let mut checks = BTreeSet::new();
        for (table, sql) in &tables {
            let rows: Vec<(String, String, i64, i64)> =
                sqlx::query_as("SELECT name, type, \"notnull\", pk FROM pragma_table_info($1)")
                    .bind(table)
                    .fetch_all(pool)
                    .await
                    .unwrap();
            for (name, declared, not_null, pk) in rows {
                columns.insert((table.clone(), name, kind(&declared), not_null == 0 && pk == 0));
            }
            // SQLite keeps booleans as 0/1 with a CHECK; PostgreSQL's BOOLEAN needs none.
            let booleans = sql.matches("IN (0, 1))").count();
            checks.insert((table.clone(), sql.matches("CHECK (").count() - booleans));
        }
        let indexes: Vec<(String,)> =
            sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
                .fetch_all(pool)
                .await
                .unwrap();
        (columns, indexes.into_iter().map(|(n,)| n).collect(), checks)
    }

    async fn postgres_schema(pool: &PgPool) -> (BTreeSet<Column>, BTreeSet<String>, BTreeSet<(String, usize)>) {
        let rows: Vec<(String, String, String, String)> = sqlx::query_as(
            "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name NOT LIKE '\\_%'",
        )
        .fetch_all(pool)
        .await
        .unwrap();
        let columns = rows.into_iter().map(|(t, c, d, n)| (t, c, kind(&d), n == "YES")).collect();
        let indexes: Vec<(String,)> = sqlx::query_as(
            "SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema()
             AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_key' AND tablename NOT LIKE '\\_%'",
        )
        .fetch_all(pool)
        .await
        .unwrap();
        let checks: Vec<(String, i64)> = sqlx::query_as(
            "SELECT c.relname::text, COUNT(k.oid) FROM pg_class c
             JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
             LEFT JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'c'
             WHERE c.relkind = 'r' AND c.relname NOT LIKE '\\_%' GROUP BY c.relname",
        )
        .fetch_all(pool)
        .await
        .unwrap();
        let checks = checks.into_iter().map(|(t, n)| (t, usize::try_from(n).unwrap())).collect();
        (columns, indexes.into_iter().map(|(n,)| n).collect(), checks)
    }

    #[test]
    #[cfg_attr(
        not(postgres_tests),
        ignore = "needs PostgreSQL: set DATABASE_URL=postgres://... or install PostgreSQL, then build again"
    )]
    fn sqlite_and_postgresql_hold_the_same_tables_columns_indexes_and_checks() {
        super::on_postgres("schemas", |pg: PgPool| async move {
            let sqlite = SqlitePool::connect("sqlite::memory:").await.unwrap();
            crate::store::SQLITE_MIGRATOR.run(&sqlite).await.unwrap();
            let (sqlite_columns, sqlite_indexes, sqlite_checks) = sqlite_schema(&sqlite).await;
            let (pg_columns, pg_indexes, pg_checks) = postgres_schema(&pg).await;
            assert!(sqlite_columns.len() > 40, "{sqlite_columns:?}");
            assert_eq!(sqlite_columns, pg_columns, "columns: name, kind and whether NULL is allowed");
            assert_eq!(sqlite_indexes, pg_indexes, "indexes by name");
            assert_eq!(sqlite_checks, pg_checks, "CHECK constraints per table");
        });
    }
}
