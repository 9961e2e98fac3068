//! From Discord to the service and back: who asks where (an [`Invocation`]), slash commands and
//! clicks on our buttons and menus answered within Discord's three seconds (deferred first when
//! the work takes longer), and typed moves. An answer that cannot be delivered as the
//! interaction's reply (too late, or Discord failing) is posted in the channel instead, so a
//! board is never lost; it can always be shown again with `/board`.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use tokio::sync::Notify;

use super::{Data, convert, rest};
use crate::engine::{BoardSize, Move};
use crate::service::options::OptionError;
use crate::service::{
    Announcement, Chat, Command, Invocation, Locale, Reply, Response, ServiceError, User, UserError, components,
    wall_clock as now,
};
use crate::store::{ChannelId, GuildId, UserId};

/// How long after an interaction arrives a failed first answer is still worth a second try
/// (Discord takes the first answer for three seconds).
const SECOND_TRY_BEFORE: Duration = Duration::from_millis(2000);

/// Counts the answers being worked on, so that a stop can give them a moment to finish.
#[derive(Clone, Debug, Default)]
pub(crate) struct Inflight {
    inner: Arc<(AtomicUsize, Notify)>,
}

/// One answer being worked on; dropping it says it is done.
pub(crate) struct InflightGuard {
    inner: Arc<(AtomicUsize, Notify)>,
}

impl Inflight {
    /// Notes an answer being worked on until the guard drops.
    pub(crate) fn enter(&self) -> InflightGuard {
        self.inner.0.fetch_add(1, Ordering::SeqCst);
        InflightGuard { inner: self.inner.clone() }
    }

    /// Answers being worked on now.
    pub(crate) fn count(&self) -> usize {
        self.inner.0.load(Ordering::SeqCst)
    }

    /// Waits until no answer is being worked on, for at most `max`; whether that happened.
    pub(crate) async fn wait_idle(&self, max: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + max;
        loop {
            let notified = self.inner.1.notified();
            if self.count() == 0 {
                return true;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return self.count() == 0;
            }
        }
    }
}

impl Drop for InflightGuard {
    fn drop(&mut self) {
        self.inner.0.fetch_sub(1, Ordering::SeqCst);
        self.inner.1.notify_waiters();
    }
}

/// A Discord user as the service knows them, under their server nickname when they have one.
pub(crate) fn service_user(user: &serenity::User, nick: Option<&str>) -> User {
    let name = nick.map(str::to_string).or_else(|| user.global_name.clone()).unwrap_or_else(|| user.name.clone());
    User { id: UserId(user.id.get()), name, is_bot: user.bot }
}

/// Where an interaction comes from and in which languages: the user's, and the server's own.
struct Place<'a> {
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    locale: Option<&'a str>,
    guild_locale: Option<&'a str>,
    chat: Chat,
}

/// Who asks, where and when.
fn invocation(
    user: &serenity::User,
    nick: Option<&str>,
    place: Place<'_>,
    member: Option<&serenity::Member>,
) -> Invocation {
    Invocation {
        guild: place.guild.map(|g| GuildId(g.get())),
        channel: ChannelId(place.channel.get()),
        user: service_user(user, nick),
        can_manage_guild: can_manage(member),
        roles: member.map(|m| m.roles.iter().map(|r| r.get()).collect()).unwrap_or_default(),
        now: now(),
        locale: place.locale.map(Locale::of_discord),
        guild_locale: place.guild_locale.and_then(Locale::from_tag),
        chat: place.chat,
    }
}

/// The kind of chat an interaction comes from: its context, whether the bot is installed in the
/// server it came from, and in a DM or group DM the others in it.
fn chat_of(
    guild: Option<serenity::GuildId>,
    context: Option<serenity::InteractionContext>,
    owners: &serenity::AuthorizingIntegrationOwners,
    channel: Option<&serenity::PartialChannel>,
) -> Chat {
    let guild_install =
        owners.0.iter().any(|owner| matches!(owner, serenity::AuthorizingIntegrationOwner::GuildInstall(_)));
    match (guild, context) {
        (Some(_), _) if guild_install || owners.0.is_empty() => Chat::Server,
        (Some(_), _) => Chat::ServerWithoutBot,
        (None, Some(serenity::InteractionContext::PrivateChannel)) => Chat::Private {
            members: channel
                .and_then(|c| c.recipients.as_ref())
                .map(|users| users.iter().map(|u| UserId(u.id.get())).collect()),
        },
        (None, _) => Chat::BotDm,
    }
}

fn can_manage(member: Option<&serenity::Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild())
}

/// The invocation of a slash command (or of its autocomplete).
pub(crate) fn command_invocation(interaction: &serenity::CommandInteraction) -> Invocation {
    let member = interaction.member.as_deref();
    let place = Place {
        guild: interaction.guild_id,
        channel: interaction.channel_id,
        locale: Some(&interaction.locale),
        guild_locale: interaction.guild_locale.as_deref(),
        chat: chat_of(
            interaction.guild_id,
            interaction.context,
            &interaction.authorizing_integration_owners,
            interaction.channel.as_ref(),
        ),
    };
    invocation(&interaction.user, member.and_then(|m| m.nick.as_deref()), place, member)
}

/// The interaction being answered: a slash command or a click on a component.
#[derive(Clone, Copy)]
pub(crate) enum Asked<'a> {
    /// A slash command.
    Command(&'a serenity::CommandInteraction),
    /// A click on a button or a choice in a menu.
    Click(&'a serenity::ComponentInteraction),
}

impl Asked<'_> {
    fn channel(&self) -> ChannelId {
        match self {
            Asked::Command(i) => ChannelId(i.channel_id.get()),
            Asked::Click(i) => ChannelId(i.channel_id.get()),
        }
    }

    async fn defer(&self, http: &serenity::Http) -> Result<(), serenity::Error> {
        let thinking = serenity::CreateInteractionResponse::Defer(serenity::CreateInteractionResponseMessage::new());
        match self {
            Asked::Command(i) => i.create_response(http, thinking).await,
            Asked::Click(i) => i.create_response(http, thinking).await,
        }
    }

    async fn reply(&self, http: &serenity::Http, reply: &Reply) -> Result<(), serenity::Error> {
        match self {
            Asked::Command(i) => {
                let message = serenity::CreateInteractionResponse::Message(convert::interaction(reply));
                i.create_response(http, message).await
            }
            Asked::Click(i) if reply.replaces && !reply.ephemeral => {
                let update = serenity::CreateInteractionResponse::UpdateMessage(convert::interaction(reply));
                i.create_response(http, update).await
            }
            Asked::Click(i) => {
                let message = serenity::CreateInteractionResponse::Message(convert::interaction(reply));
                i.create_response(http, message).await
            }
        }
    }

    async fn edit(&self, http: &serenity::Http, reply: &Reply) -> Result<(), serenity::Error> {
        match self {
            Asked::Command(i) => i.edit_response(http, convert::edit(reply)).await.map(drop),
            Asked::Click(i) => i.edit_response(http, convert::edit(reply)).await.map(drop),
        }
    }
}

/// Runs `command` for `inv` and answers `asked`: at once when the service is quick, after
/// deferring ("thinking…") when it is not. Returns the service's response when it succeeded.
pub(crate) async fn answer(
    ctx: &serenity::Context,
    data: &Data,
    asked: Asked<'_>,
    inv: Invocation,
    command: Command,
) -> Option<Response> {
    let _working = data.inflight.enter();
    let arrived = Instant::now();
    let locale = inv.locale();
    let service = data.service.clone();
    let mut task = tokio::spawn(async move { service.handle(&inv, command).await });
    // A zero wait defers at once: a timer of zero still gives a quick task time to finish.
    let quick =
        if data.defer_after.is_zero() { None } else { tokio::time::timeout(data.defer_after, &mut task).await.ok() };
    let (joined, deferred) = match quick {
        Some(joined) => (joined, false),
        None => {
            data.metrics.interactions_deferred.inc();
            let deferred = match asked.defer(&ctx.http).await {
                Ok(()) => true,
                Err(e) => {
                    rest::count(&data.metrics, &e);
                    tracing::warn!(error = %e, "could not defer an interaction; its answer goes to the channel");
                    false
                }
            };
            (task.await, deferred)
        }
    };
    let result = joined.unwrap_or_else(|e| Err(anyhow::anyhow!("the command's task failed: {e}").into()));
    let reply = match &result {
        Ok(response) => response.reply.clone(),
        Err(error) => {
            log_failure(error);
            error.reply(locale)
        }
    };
    let delivered = if deferred {
        rest::retrying(&data.metrics, "the deferred answer", || asked.edit(&ctx.http, &reply)).await
    } else {
        first_answer(ctx, data, asked, &reply, arrived).await
    };
    if let Err(e) = delivered {
        if reply.ephemeral {
            tracing::warn!(error = %e, "could not deliver a private answer");
        } else {
            tracing::warn!(error = %e, "could not answer the interaction; posting the answer in the channel");
            rest::post(&ctx.http, &data.service, vec![Announcement::new(asked.channel(), reply)]).await;
        }
    }
    let response = result.ok()?;
    rest::post(&ctx.http, &data.service, response.announcements.clone()).await;
    rest::open_games(&ctx.http, &data.service, response.openings.clone()).await;
    Some(response)
}

/// Refuses a command whose options cannot be read, to the caller alone, in their language.
pub(crate) async fn refuse(
    ctx: &serenity::Context,
    data: &Data,
    asked: Asked<'_>,
    inv: &Invocation,
    error: OptionError,
) {
    let reply = ServiceError::from(UserError::BadOption(error)).reply(inv.locale());
    if let Err(e) = first_answer(ctx, data, asked, &reply, Instant::now()).await {
        tracing::warn!(error = %e, "could not refuse a command's options");
    }
}

/// The interaction's first answer, with a second try when the first failed for a reason that may
/// pass and Discord's three seconds are not nearly up. Failures are counted.
async fn first_answer(
    ctx: &serenity::Context,
    data: &Data,
    asked: Asked<'_>,
    reply: &Reply,
    arrived: Instant,
) -> Result<(), serenity::Error> {
    let mut tries = 0;
    loop {
        tries += 1;
        match asked.reply(&ctx.http, reply).await {
            Ok(()) => return Ok(()),
            Err(e) => {
                rest::count(&data.metrics, &e);
                if tries > 1 || !rest::is_retryable(&e) || arrived.elapsed() >= SECOND_TRY_BEFORE {
                    return Err(e);
                }
            }
        }
    }
}

fn log_failure(error: &ServiceError) {
    if let ServiceError::Internal(e) = error {
        tracing::error!(error = format!("{e:#}"), "a command failed");
    }
}

/// Everything the gateway sends that is not a slash command (poise routes those).
pub(crate) async fn on_event(ctx: &serenity::Context, data: &Data, event: &serenity::FullEvent) {
    match event {
        serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } => {
            on_click(ctx, data, click).await;
        }
        serenity::FullEvent::Message { new_message } => on_message(ctx, data, new_message).await,
        // Removed from a server (not an outage, which Discord marks `unavailable`): its data is
        // kept for the grace period. In a server (at every start, or added back): nothing of it
        // is to be removed.
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            if let Err(e) = data.service.server_left(GuildId(incomplete.id.get()), now()).await {
                log_failure(&e);
            }
        }
        serenity::FullEvent::GuildCreate { guild, .. } => {
            if let Err(e) = data.service.server_joined(GuildId(guild.id.get())).await {
                log_failure(&e);
            }
        }
        _ => {}
    }
}

/// A click on one of our buttons or menus.
async fn on_click(ctx: &serenity::Context, data: &Data, click: &serenity::ComponentInteraction) {
    let values = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let Some(command) = components::parse(&click.data.custom_id, &values) else { return };
    // Clicks that replace the message they were on: its buttons and menus are spent.
    let spends_message = matches!(
        command,
        Command::MenuMove { .. }
            | Command::Accept(_)
            | Command::AnswerTakeback { .. }
            | Command::Decline(_)
            | Command::SoloMenu { .. }
            | Command::SoloButton { stop: true, .. }
            | Command::PuzzleMenu { .. }
            | Command::PuzzleButton { .. }
    );
    let member = click.member.as_ref();
    let place = Place {
        guild: click.guild_id,
        channel: click.channel_id,
        locale: Some(&click.locale),
        guild_locale: click.guild_locale.as_deref(),
        chat: chat_of(click.guild_id, click.context, &click.authorizing_integration_owners, click.channel.as_ref()),
    };
    let inv = invocation(&click.user, member.and_then(|m| m.nick.as_deref()), place, member);
    // Where the bot is no member, Discord lets it answer but not edit the chat's messages; a
    // stale click there is refused by the game's version all the same.
    let member_of_chat = matches!(inv.chat, Chat::Server | Chat::BotDm);
    let answered = answer(ctx, data, Asked::Click(click), inv, command).await;
    let ephemeral = click.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    if answered.is_some() && spends_message && !ephemeral && member_of_chat {
        let spent = serenity::EditMessage::new().components(Vec::new());
        if let Err(e) = click.channel_id.edit_message(ctx, click.message.id, spent).await {
            rest::count(&data.metrics, &e);
            tracing::warn!(error = %e, "could not clear the components of a spent message");
        }
    }
}

/// A plain message: a move where typed moves are on and the message is just a square (with a
/// colour, for a solo game).
async fn on_message(ctx: &serenity::Context, data: &Data, message: &serenity::Message) {
    let text = message.content.trim();
    let a_move = Move::parse(text, BoardSize::Ten).is_ok() || crate::service::view::solo::parse_move(text).is_ok();
    if !data.typed_moves || message.author.bot || text.len() > 16 || !a_move {
        return;
    }
    let _working = data.inflight.enter();
    let guild = message.guild_id.map(|g| GuildId(g.get()));
    match data.service.typed_moves_enabled(guild).await {
        Ok(true) => {}
        Ok(false) => return,
        Err(e) => return log_failure(&e),
    }
    let nick = message.member.as_ref().and_then(|m| m.nick.as_deref());
    // A message says nothing of its author's language: the answer is in the server's.
    // The bot reads messages only where it is: a server's channels and its own DMs.
    let chat = if message.guild_id.is_some() { Chat::Server } else { Chat::BotDm };
    let place = Place { guild: message.guild_id, channel: message.channel_id, locale: None, guild_locale: None, chat };
    let inv = invocation(&message.author, nick, place, None);
    let channel = inv.channel;
    match data.service.handle(&inv, Command::Move(text.to_string())).await {
        Ok(response) => {
            let mut out = vec![Announcement::new(channel, response.reply)];
            out.extend(response.announcements);
            rest::post(&ctx.http, &data.service, out).await;
        }
        // People also write squares in conversation: only answer the player to move. A member
        // over the rate limit is told once, not at every message.
        Err(ServiceError::User(
            UserError::NoGame
            | UserError::NotAPlayer
            | UserError::NotYourTurn(_)
            | UserError::NoSoloGame
            | UserError::RateLimited { first: false, .. },
        )) => {}
        Err(error) => {
            log_failure(&error);
            let locale = match data.service.server_locale(guild).await {
                Ok(locale) => locale,
                Err(e) => {
                    log_failure(&e);
                    Locale::English
                }
            };
            let text = convert::markdown(&error.reply(locale).content);
            let sent =
                rest::retrying(&data.metrics, "the answer to a typed move", || message.reply(&ctx.http, text.clone()))
                    .await;
            if let Err(e) = sent {
                tracing::warn!(error = %e, "could not answer a typed move");
            }
        }
    }
}
