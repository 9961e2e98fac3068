//! The store's tests on both backends. [`store_tests!`] turns each test body into two tests on a
//! fresh migrated database from sqlx's test harness (what `#[sqlx::test]` expands to): one on
//! SQLite, always, and one on PostgreSQL, run when `DATABASE_URL` in the environment names a
//! PostgreSQL server (sqlx makes and drops a database there per test) and skipped with a note
//! otherwise. `.ci/run` starts a throw-away server for them.

/// Whether the PostgreSQL variants of the store tests can run: the environment (not `.env`)
/// names a PostgreSQL server in `DATABASE_URL`. Prints once why they are skipped otherwise.
pub(crate) fn postgres_configured() -> bool {
    static NOTED: std::sync::Once = std::sync::Once::new();
    let configured = std::env::var("DATABASE_URL").is_ok_and(|url| url.starts_with("postgres"));
    if !configured {
        NOTED.call_once(|| {
            eprintln!(
                "note: the PostgreSQL store tests pass without running: set DATABASE_URL=postgres://... to a \
                 throw-away server to run them (.ci/run starts one)"
            );
        });
    }
    configured
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
                fn $name() {
                    if !crate::store::testing::postgres_configured() {
                        return;
                    }
                    async fn run(pool: sqlx::PgPool) {
                        let $store = crate::store::Store::from(pool);
                        $body
                    }
                    let mut args = sqlx::testing::TestArgs::new(concat!(module_path!(), "::", stringify!($name)));
                    args.migrator(&crate::store::POSTGRES_MIGRATOR);
                    let run: fn(sqlx::PgPool) -> _ = run;
                    sqlx::testing::TestFn::run_test(run, args)
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
    fn sqlite_and_postgresql_hold_the_same_tables_columns_indexes_and_checks() {
        if !super::postgres_configured() {
            return;
        }
        async fn compare(pg: PgPool) {
            let sqlite = SqlitePool::connect("sqlite::memory:").await.unwrap();
            crate::store::SQLITE_MIGRATOR.run(&sqlite).await.unwrap();
            let (sqlite_columns, sqlite_indexes, sqlite_checks) = sqlite_schema(&sqlite).await;
            let (pg_columns, pg_indexes, pg_checks) = postgres_schema(&pg).await;
            assert!(sqlite_columns.len() > 40, "{sqlite_columns:?}");
            assert_eq!(sqlite_columns, pg_columns, "columns: name, kind and whether NULL is allowed");
            assert_eq!(sqlite_indexes, pg_indexes, "indexes by name");
            assert_eq!(sqlite_checks, pg_checks, "CHECK constraints per table");
        }
        let mut args = sqlx::testing::TestArgs::new(concat!(module_path!(), "::schemas"));
        args.migrator(&crate::store::POSTGRES_MIGRATOR);
        let run: fn(PgPool) -> _ = compare;
        sqlx::testing::TestFn::run_test(run, args)
    }
}
