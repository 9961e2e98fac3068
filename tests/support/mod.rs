//! Shared support for the integration tests: `fake_discord`, a fake Discord server (REST and
//! gateway on 127.0.0.1) that the bot's real serenity/poise client connects to.
//!
//! Each test file includes this with `mod support;` and uses only part of it, hence the allows.
#![allow(dead_code, unused_imports)]

pub mod bot;
pub mod fake_discord;
pub mod games;
pub mod postgres;
pub mod process;
pub mod replies;
pub mod scratch;
