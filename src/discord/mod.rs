//! The Discord adapter: poise/serenity in, `Service` calls, serenity builders out. It owns no
//! game logic: slash commands, button and menu clicks and typed moves become service
//! `Command`s; `Reply`s and `Announcement`s become messages. [`run_until`] starts and stops the bot
//! as a service (see `lifecycle`).

pub mod commands;
pub mod convert;
mod handlers;
mod lifecycle;
mod ops;
mod rest;

use std::time::Duration;

pub use lifecycle::{Gateway, RunError, Shutdown, run_until};

use crate::service::{Metrics, Service};

/// Errors the framework reports (logged by `on_error`).
pub type Error = anyhow::Error;
/// A poise command context.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// What every handler can reach.
pub struct Data {
    /// The game service.
    pub service: Service,
    /// Whether plain messages such as `d3` are moves.
    pub typed_moves: bool,
    /// Work that takes longer than this is deferred (Discord allows three seconds).
    pub defer_after: Duration,
    /// Answers being worked on, which a stop waits for.
    inflight: handlers::Inflight,
    /// The series operators watch.
    metrics: Metrics,
}
