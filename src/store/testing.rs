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
