//! The Discord adapter: poise/serenity in, `Service` calls, serenity builders out. It owns no
//! game logic: slash commands, button and menu clicks and typed moves become service
//! `Command`s; `Reply`s and `Announcement`s become messages.

pub mod commands;
pub mod config;
pub mod convert;

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;

pub use config::{Config, MISSING_TOKEN, StoreConfig, Token};

use crate::engine::{BoardSize, Move};
use crate::service::{
    Announcement, Command, Invocation, Response, Service, ServiceError, User, UserError, components, wall_clock as now,
};
use crate::store::{ChannelId, GuildId, Store, UserId};

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
}

/// A Discord user as the service knows them.
pub fn service_user(user: &serenity::User) -> User {
    User {
        id: UserId(user.id.get()),
        name: user.global_name.clone().unwrap_or_else(|| user.name.clone()),
        is_bot: user.bot,
    }
}

fn member_user(user: &serenity::User, member: Option<&serenity::Member>) -> User {
    let mut out = service_user(user);
    if let Some(nick) = member.and_then(|m| m.nick.clone()) {
        out.name = nick;
    }
    out
}

fn can_manage(member: Option<&serenity::Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild())
}

/// The invocation of a slash command.
pub async fn invocation(ctx: Context<'_>) -> Invocation {
    let member = ctx.author_member().await;
    let member = member.as_deref();
    Invocation {
        guild: ctx.guild_id().map(|g| GuildId(g.get())),
        channel: ChannelId(ctx.channel_id().get()),
        user: member_user(ctx.author(), member),
        can_manage_guild: can_manage(member),
        now: now(),
    }
}

fn log_failure(error: &ServiceError) {
    if let ServiceError::Internal(e) = error {
        tracing::error!(error = format!("{e:#}"), "a command failed");
    }
}

/// Runs a command through the service and answers: at once when it is quick, after deferring
/// when it is not (the bot thinking, a replay being drawn).
pub async fn respond(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let inv = invocation(ctx).await;
    let service = ctx.data().service.clone();
    let mut task = tokio::spawn(async move { service.handle(&inv, command).await });
    let result = match tokio::time::timeout(ctx.data().defer_after, &mut task).await {
        Ok(joined) => joined?,
        Err(_) => {
            ctx.defer().await?;
            task.await?
        }
    };
    match result {
        Ok(response) => {
            ctx.send(convert::poise_reply(&response.reply)).await?;
            post(ctx.serenity_context(), response.announcements).await;
        }
        Err(error) => {
            log_failure(&error);
            ctx.send(convert::poise_reply(&error.reply())).await?;
        }
    }
    Ok(())
}

/// Posts announcements to their channels; a failure is logged, not fatal.
pub async fn post(http: impl serenity::CacheHttp, announcements: Vec<Announcement>) {
    for announcement in announcements {
        let channel = serenity::ChannelId::new(announcement.channel.0);
        if let Err(e) = channel.send_message(&http, convert::message(&announcement.reply)).await {
            tracing::warn!(channel = announcement.channel.0, error = %e, "could not post an announcement");
        }
    }
}

/// A click on one of our buttons or menus.
async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let values = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let Some(command) = components::parse(&click.data.custom_id, &values) else { return Ok(()) };
    // Clicks that replace the message they were on: its buttons and menus are spent.
    let spends_message = matches!(command, Command::MenuMove { .. } | Command::Accept(_) | Command::Decline(_));
    let member = click.member.as_ref();
    let inv = Invocation {
        guild: click.guild_id.map(|g| GuildId(g.get())),
        channel: ChannelId(click.channel_id.get()),
        user: member_user(&click.user, member),
        can_manage_guild: can_manage(member),
        now: now(),
    };
    let service = data.service.clone();
    let mut task = tokio::spawn(async move { service.handle(&inv, command).await });
    let result = match tokio::time::timeout(data.defer_after, &mut task).await {
        Ok(joined) => {
            let result = joined?;
            let reply = result.as_ref().map_or_else(ServiceError::reply, |r| r.reply.clone());
            let message = serenity::CreateInteractionResponse::Message(convert::interaction(&reply));
            click.create_response(ctx, message).await?;
            result
        }
        Err(_) => {
            let thinking =
                serenity::CreateInteractionResponse::Defer(serenity::CreateInteractionResponseMessage::new());
            click.create_response(ctx, thinking).await?;
            let result = task.await?;
            let reply = result.as_ref().map_or_else(ServiceError::reply, |r| r.reply.clone());
            click.edit_response(ctx, convert::edit(&reply)).await?;
            result
        }
    };
    match result {
        Ok(Response { announcements, .. }) => {
            if spends_message && !click.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)) {
                let spent = serenity::EditMessage::new().components(Vec::new());
                if let Err(e) = click.channel_id.edit_message(ctx, click.message.id, spent).await {
                    tracing::warn!(error = %e, "could not clear the components of a spent message");
                }
            }
            post(ctx, announcements).await;
        }
        Err(error) => log_failure(&error),
    }
    Ok(())
}

/// A plain message: a move where typed moves are on and the message is just a square.
async fn on_message(ctx: &serenity::Context, data: &Data, message: &serenity::Message) -> Result<(), Error> {
    let text = message.content.trim();
    if !data.typed_moves || message.author.bot || text.len() > 8 || Move::parse(text, BoardSize::Ten).is_err() {
        return Ok(());
    }
    let guild = message.guild_id.map(|g| GuildId(g.get()));
    if !data.service.typed_moves_enabled(guild).await? {
        return Ok(());
    }
    let member = message.member.as_ref().map(|m| m.nick.clone());
    let mut user = service_user(&message.author);
    if let Some(Some(nick)) = member {
        user.name = nick;
    }
    let inv =
        Invocation { guild, channel: ChannelId(message.channel_id.get()), user, can_manage_guild: false, now: now() };
    match data.service.handle(&inv, Command::Move(text.to_string())).await {
        Ok(response) => {
            message.channel_id.send_message(ctx, convert::message(&response.reply)).await?;
            post(ctx, response.announcements).await;
        }
        // People also write squares in conversation: only answer the player to move.
        Err(ServiceError::User(UserError::NoGame | UserError::NotAPlayer | UserError::NotYourTurn(_))) => {}
        Err(error) => {
            log_failure(&error);
            message.reply(ctx, error.reply().content).await?;
        }
    }
    Ok(())
}

/// The bot: a serenity client with the poise framework, ready to start.
pub struct Bot {
    client: serenity::Client,
}

impl Bot {
    /// Opens the database and builds the client. The service starts once Discord says who the
    /// bot is (READY): commands are registered, the bot's pending moves are made, and the
    /// deadline sweep begins.
    pub async fn new(config: &Config) -> anyhow::Result<Bot> {
        let token = config.token.clone().ok_or_else(|| anyhow::anyhow!(MISSING_TOKEN))?;
        let store = Store::open(&config.store.database_url).await?;
        let mut http = serenity::HttpBuilder::new(token.expose());
        if let Some(url) = &config.discord_api_url {
            http = http.proxy(url.trim_end_matches('/')).ratelimiter_disabled(true);
        }
        let http = http.build();
        let mut intents = serenity::GatewayIntents::non_privileged();
        if config.typed_moves {
            intents |= serenity::GatewayIntents::MESSAGE_CONTENT;
        }
        let service_options = config.store.service_options();
        let typed_moves = config.typed_moves;
        let guild = config.guild_id;
        let sweep_every = Duration::from_secs(config.sweep_seconds.max(1));
        let defer_after = Duration::from_millis(config.defer_after_ms.min(2500));
        let framework = poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands: commands::all(),
                event_handler: |framework, event| {
                    Box::pin(async move {
                        let ctx = framework.serenity_context;
                        let data = framework.user_data;
                        match event {
                            serenity::FullEvent::InteractionCreate { interaction: serenity::Interaction::Component(click) } => {
                                on_component(ctx, data, click).await
                            }
                            serenity::FullEvent::Message { new_message } => on_message(ctx, data, new_message).await,
                            _ => Ok(()),
                        }
                    })
                },
                on_error: |error| {
                    Box::pin(async move {
                        match error {
                            poise::FrameworkError::Command { error, ctx, .. } => {
                                tracing::error!(command = %ctx.command().name, error = format!("{error:#}"), "command failed");
                            }
                            other => tracing::error!(error = %other, "framework error"),
                        }
                    })
                },
                ..Default::default()
            })
            .setup(move |ctx, ready, framework| {
                Box::pin(async move {
                    let commands = &framework.options().commands;
                    match guild {
                        Some(id) => poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(id)).await?,
                        None => poise::builtins::register_globally(ctx, commands).await?,
                    }
                    let me = User { id: UserId(ready.user.id.get()), name: ready.user.name.clone(), is_bot: true };
                    let service = Service::new(store, me, service_options);
                    tracing::info!(user = %ready.user.name, "connected to Discord");
                    let resumed = service.resume(now()).await?;
                    post(ctx, resumed).await;
                    spawn_sweeper(ctx.http.clone(), service.clone(), sweep_every);
                    Ok(Data { service, typed_moves, defer_after })
                })
            })
            .build();
        let client = serenity::ClientBuilder::new_with_http(http, intents).framework(framework).await?;
        Ok(Bot { client })
    }

    /// The handle that stops the bot: `shutdown_all()` closes every shard.
    pub fn shard_manager(&self) -> Arc<serenity::ShardManager> {
        self.client.shard_manager.clone()
    }

    /// Connects and runs until the shards are shut down.
    pub async fn run(mut self) -> anyhow::Result<()> {
        self.client.start().await?;
        Ok(())
    }
}

/// Checks deadlines and challenges every `every`, posting what the sweep announces.
fn spawn_sweeper(http: Arc<serenity::Http>, service: Service, every: Duration) {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match service.sweep(now()).await {
                Ok(announcements) => post(&http, announcements).await,
                Err(e) => tracing::error!(error = %e, "the deadline sweep failed"),
            }
        }
    });
}

/// `reversi-bot run`: starts the bot and stops cleanly on SIGINT or SIGTERM (a committed move is
/// never lost: every move is one transaction).
pub async fn run(config: Config) -> anyhow::Result<()> {
    let bot = Bot::new(&config).await?;
    let shards = bot.shard_manager();
    tokio::spawn(async move {
        shutdown_signal().await;
        tracing::info!("shutting down");
        shards.shutdown_all().await;
    });
    bot.run().await
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
