//! The people and the small readers the service tests share: Alice, Bob and Carol in one server,
//! the bot, an injected clock's epoch, a request from one of them, and what a player reads in a
//! reply. Included by path
//! (`#[path = "support/players.rs"] mod players;`) by the tests that drive `Service` directly.
#![allow(dead_code)]

use reversi_bot::service::text::{Span, Text};
use reversi_bot::service::{Invocation, Locale, Response, ServiceError, User, UserError};
use reversi_bot::store::{ChannelId, GuildId, Timestamp, UserId};

pub const GUILD: GuildId = GuildId(900);
pub const CHANNEL: ChannelId = ChannelId(10);
/// The injected clock's start.
pub const T0: i64 = 1_800_000_000_000;

pub fn alice() -> User {
    User::new(1, "Alice")
}
pub fn bob() -> User {
    User::new(2, "Bob")
}
pub fn carol() -> User {
    User::new(3, "Carol")
}
pub fn bot_user() -> User {
    User { id: UserId(99), name: "Reversi".into(), is_bot: true }
}

/// `user` asking in `channel` of the server, `millis` after [`T0`], in `locale`.
pub fn asking(user: &User, channel: ChannelId, millis: i64, locale: Locale) -> Invocation {
    Invocation {
        guild: Some(GUILD),
        channel,
        user: user.clone(),
        can_manage_guild: false,
        roles: Vec::new(),
        now: Timestamp(T0 + millis),
        locale: Some(locale),
        guild_locale: None,
        chat: Default::default(),
    }
}

/// The answer of a command that must succeed.
pub fn ok(result: Result<Response, ServiceError>) -> Response {
    result.unwrap_or_else(|e| panic!("{e}"))
}

/// The refusal of a command that must be refused.
pub fn refusal(result: Result<Response, ServiceError>) -> UserError {
    match result {
        Err(ServiceError::User(e)) => e,
        Err(e) => panic!("{e:#}"),
        Ok(r) => panic!("expected a refusal, got {}", r.reply.plain_text()),
    }
}

/// What a player reads in a reply.
pub fn shown(response: &Response) -> String {
    response.reply.plain_text()
}

/// A reply's content as Discord would send it: players to notify as `<@id>`.
pub fn content(response: &Response) -> String {
    response
        .reply
        .content
        .spans()
        .iter()
        .map(|span| match span {
            Span::Mention { id, .. } => format!("<@{}>", id.0),
            other => Text::span(other.clone()).to_plain(),
        })
        .collect()
}
