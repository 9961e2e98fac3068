//! reversi-bot: a Discord bot that hosts Reversi/Othello games. The layers, from the bottom:
//! `engine` (rules), `ai` (the bot's play), `render` (board pictures), `store` (SQLite or PostgreSQL),
//! `service` (everything a player can do, Discord-free), `discord` (the adapter), `console`
//! and `cli` (front ends). See the README and `docs/architecture.md`.

pub mod ai;
pub mod cli;
pub mod config;
pub mod console;
pub mod discord;
pub mod engine;
pub mod puzzle;
pub mod render;
pub mod report;
pub mod service;
pub mod store;
pub mod tools;
pub mod web;
