//! The turn to connect to Discord's gateway, for bots split over several processes: Discord
//! refuses a second IDENTIFY within five seconds of the last, and serenity queues identifies only
//! within one process, so processes sharing a PostgreSQL database take turns by an advisory
//! lock, held until their shards are up. A process that dies gives the turn back with its
//! connection. On SQLite (one process) the turn is always free.

use std::time::Duration;

use sqlx::Postgres;
use sqlx::pool::PoolConnection;

use super::{Pool, Store, StoreError};

/// The advisory lock's key: "reversi gateway" as a number no other program is likely to use.
const GATEWAY_LOCK: i64 = 0x7265_7665_7273_6931;
/// How often a waiting process asks for the turn again.
const POLL: Duration = Duration::from_millis(500);

/// This process's turn to connect to the gateway, held until [`GatewayTurn::release`] (or the
/// end of the process).
#[derive(Debug)]
pub struct GatewayTurn {
    held: Option<PoolConnection<Postgres>>,
}

impl GatewayTurn {
    /// Whether another process could have been kept waiting by this turn (PostgreSQL only).
    pub fn is_shared(&self) -> bool {
        self.held.is_some()
    }

    /// Gives the turn to the next process.
    pub async fn release(mut self) -> Result<(), StoreError> {
        if let Some(mut conn) = self.held.take() {
            sqlx::query("SELECT pg_advisory_unlock($1)").bind(GATEWAY_LOCK).execute(&mut *conn).await?;
        }
        Ok(())
    }
}

impl Drop for GatewayTurn {
    fn drop(&mut self) {
        // A turn dropped unreleased must not go back to the pool still locked: closing the
        // connection ends the session, and PostgreSQL frees the lock with it.
        if let Some(conn) = self.held.take() {
            drop(conn.detach());
        }
    }
}

impl Store {
    /// Waits for this process's turn to connect to the gateway (at once on SQLite). Cancel it by
    /// dropping the future.
    pub async fn gateway_turn(&self) -> Result<GatewayTurn, StoreError> {
        let Pool::Postgres(pool) = &self.pool else { return Ok(GatewayTurn { held: None }) };
        let mut conn = pool.acquire().await?;
        loop {
            let (got,): (bool,) =
                sqlx::query_as("SELECT pg_try_advisory_lock($1)").bind(GATEWAY_LOCK).fetch_one(&mut *conn).await?;
            if got {
                return Ok(GatewayTurn { held: Some(conn) });
            }
            tokio::time::sleep(POLL).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::store_tests;

    store_tests! {
        async fn processes_take_turns_to_connect_to_the_gateway(store) {
            let first = store.gateway_turn().await.expect("the first turn");
            let second = tokio::time::timeout(Duration::from_millis(1500), store.gateway_turn()).await;
            if first.is_shared() {
                assert!(second.is_err(), "a second process waits while the first connects");
                first.release().await.expect("the turn is given back");
                // Generous: on two cores busy with the solver's tests, a poll can wait its turn.
                let second = tokio::time::timeout(Duration::from_secs(30), store.gateway_turn()).await;
                second.expect("the second process's turn comes").expect("no error").release().await.unwrap();
            } else {
                assert!(!second.expect("one SQLite process never waits").unwrap().is_shared());
            }
        }

        async fn a_turn_dropped_unreleased_does_not_block_the_next_process(store) {
            drop(store.gateway_turn().await.expect("a turn"));
            let next = tokio::time::timeout(Duration::from_secs(5), store.gateway_turn()).await;
            next.expect("the next turn comes").expect("no error").release().await.unwrap();
        }
    }
}
