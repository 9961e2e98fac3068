//! The JSON objects the fake Discord hands to serenity: users, READY and the other start-up
//! replies, Message, Attachment, Channel and registered Command objects, plus the ids, snowflakes
//! and Discord constants (permission bits, callback types, flags) they use. The builders for
//! test-made events live in `builders.rs`.
//!
//! serenity 0.12.5 silently drops a gateway event whose payload misses a required field (it
//! becomes an unknown event, logged at DEBUG), so the required fields listed in
//! `docs/fake-discord.md` are always present; `check.rs` proves it against serenity's
//! own types.

use std::sync::atomic::{AtomicU64, Ordering};

use serde_json::{Value, json};

/// Discord permission bits the fixtures use (see the Discord docs, "Permissions").
pub mod permissions {
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const MANAGE_GUILD: u64 = 1 << 5;
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

    /// What an ordinary member may do in an ordinary text channel.
    pub const MEMBER: u64 = ADD_REACTIONS
        | VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;

    /// What the bot may do: a member's rights plus managing messages and threads.
    pub const BOT: u64 = MEMBER | MANAGE_MESSAGES | MANAGE_THREADS;
}

/// Interaction callback types (`POST /interactions/{id}/{token}/callback`, field `type`).
pub mod callback {
    pub const PONG: u64 = 1;
    pub const MESSAGE: u64 = 4;
    pub const DEFERRED_MESSAGE: u64 = 5;
    pub const DEFERRED_UPDATE: u64 = 6;
    pub const UPDATE_MESSAGE: u64 = 7;
    pub const AUTOCOMPLETE: u64 = 8;
    pub const MODAL: u64 = 9;
}

/// Message flag bit for "only the invoker sees this".
pub const EPHEMERAL: u64 = 64;

/// Discord's file size limit for bots without boosts, sent as `attachment_size_limit`.
pub(super) const ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

static NEXT_ID: AtomicU64 = AtomicU64::new(1_250_000_000_000_000_000);

/// A fresh snowflake, unique within the test binary.
pub fn snowflake() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

/// The current time as Discord writes it (RFC 3339).
pub fn timestamp() -> String {
    serenity::model::Timestamp::now().to_string()
}

/// A Discord user as the fixtures see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeUser {
    pub id: u64,
    pub name: String,
    pub bot: bool,
}

impl FakeUser {
    /// A human user with a fresh id.
    pub fn new(name: &str) -> Self {
        Self { id: snowflake(), name: name.to_owned(), bot: false }
    }

    /// A bot user with a fresh id.
    pub fn bot(name: &str) -> Self {
        Self { bot: true, ..Self::new(name) }
    }

    /// `<@id>`, as typed in a message that mentions this user.
    pub fn mention(&self) -> String {
        format!("<@{}>", self.id)
    }

    /// The Discord User object.
    pub fn json(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": null,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": null,
        })
    }
}

/// The ids of the world every fake Discord starts with.
#[derive(Clone, Debug)]
pub struct Ids {
    /// The application; as with every modern bot, equal to the bot user's id.
    pub application_id: u64,
    /// The bot's own user.
    pub bot: FakeUser,
    /// The guild interactions and messages come from unless a builder says otherwise.
    pub guild_id: u64,
    /// The text channel interactions and messages come from unless a builder says otherwise.
    pub channel_id: u64,
    /// The member who invokes commands unless a builder says otherwise.
    pub user: FakeUser,
    /// The application's owner (reported by `GET /oauth2/applications/@me`).
    pub owner: FakeUser,
}

impl Ids {
    pub(super) fn new(bot_name: &str) -> Self {
        let bot = FakeUser::bot(bot_name);
        Self {
            application_id: bot.id,
            bot,
            guild_id: snowflake(),
            channel_id: snowflake(),
            user: FakeUser::new("alice"),
            owner: FakeUser::new("owner"),
        }
    }
}

/// Reply to `GET /gateway` (and `/gateway/bot`, which also wants shard information).
pub(super) fn gateway(url: &str, bot: bool) -> Value {
    let mut reply = json!({ "url": url });
    if bot {
        reply["shards"] = json!(1);
        reply["session_start_limit"] = json!({
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1,
        });
    }
    reply
}

/// Reply to `GET /oauth2/applications/@me`.
pub(super) fn application_info(ids: &Ids) -> Value {
    json!({
        "id": ids.application_id.to_string(),
        "name": ids.bot.name,
        "icon": null,
        "description": "A fake application for tests",
        "bot_public": true,
        "bot_require_code_grant": false,
        "verify_key": "0".repeat(64),
        "owner": ids.owner.json(),
        "team": null,
        "flags": 0,
        "flags_new": "0",
        "bot": ids.bot.json(),
        "type": null,
        "redirect_uris": [],
        "interactions_endpoint_url": null,
        "role_connections_verification_url": null,
        "approximate_guild_count": 1,
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "explicit_content_filter": 0,
        "eligible_oauth2_scopes": [],
    })
}

/// Reply to `GET /users/@me`.
pub(super) fn current_user(ids: &Ids) -> Value {
    let mut user = ids.bot.json();
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    user["locale"] = json!("en-US");
    user
}

/// The gateway's HELLO.
pub(super) fn hello(heartbeat_interval_ms: u64) -> Value {
    json!({ "op": 10, "d": { "heartbeat_interval": heartbeat_interval_ms }, "s": null, "t": null })
}

/// READY's `d`.
pub(super) fn ready(ids: &Ids, session_id: &str, resume_gateway_url: &str, shard: [u32; 2]) -> Value {
    json!({
        "v": 10,
        "user": current_user(ids),
        "guilds": [],
        "private_channels": [],
        "session_id": session_id,
        "resume_gateway_url": resume_gateway_url,
        "shard": shard,
        "application": { "id": ids.application_id.to_string(), "flags": 0 },
    })
}

/// A Discord-style JSON error body.
pub(super) fn error(status: u16, message: &str) -> Value {
    json!({ "message": format!("{status}: {message}"), "code": 0 })
}

/// A member object as sent in interactions; `with_user` adds the `user` field.
pub(super) fn member(user: &FakeUser, permissions: u64, with_user: bool) -> Value {
    let mut member = json!({
        "roles": [],
        "joined_at": timestamp(),
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "nick": null,
        "avatar": null,
        "premium_since": null,
        "communication_disabled_until": null,
        "permissions": permissions.to_string(),
    });
    if with_user {
        member["user"] = user.json();
    }
    member
}

/// A complete Message object. `body` is what the bot sent (content, embeds, components, flags);
/// `attachments` are complete Attachment objects.
pub(super) fn message(
    id: u64,
    channel_id: u64,
    guild_id: Option<u64>,
    author: &FakeUser,
    body: &Value,
    attachments: Vec<Value>,
) -> Value {
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": author.json(),
        "content": body.get("content").and_then(Value::as_str).unwrap_or_default(),
        "timestamp": timestamp(),
        "edited_timestamp": null,
        "tts": body.get("tts").and_then(Value::as_bool).unwrap_or(false),
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": answered_embeds(body.get("embeds"), &attachments),
        "components": answered_components(body.get("components")),
        "pinned": false,
        "type": 0,
        "flags": body.get("flags").and_then(Value::as_u64).unwrap_or(0),
    });
    if let Some(guild_id) = guild_id {
        message["guild_id"] = json!(guild_id.to_string());
    }
    message
}

/// Embeds as Discord answers them: an image shown from an upload (`attachment://board.png`)
/// points at the upload, with its size; fields the bot sent as null are left out.
pub(super) fn answered_embeds(embeds: Option<&Value>, attachments: &[Value]) -> Value {
    let mut embeds = embeds.filter(|value| value.is_array()).cloned().unwrap_or(json!([]));
    drop_nulls(&mut embeds);
    for embed in embeds.as_array_mut().into_iter().flatten() {
        for key in ["image", "thumbnail"] {
            let Some(url) = embed[key]["url"].as_str().map(str::to_owned) else { continue };
            let upload = url
                .strip_prefix("attachment://")
                .and_then(|name| attachments.iter().find(|attachment| attachment["filename"] == name));
            if let Some(upload) = upload {
                embed[key]["url"] = upload["url"].clone();
                embed[key]["proxy_url"] = upload["proxy_url"].clone();
                for side in ["width", "height"] {
                    if upload.get(side).is_some() {
                        embed[key][side] = upload[side].clone();
                    }
                }
            }
        }
    }
    embeds
}

/// Components as Discord answers them: each numbered (`id`, from 1 in order, unless the bot
/// gave one), and a select menu's `min_values` and `max_values` filled in.
pub(super) fn answered_components(components: Option<&Value>) -> Value {
    fn number(component: &mut Value, next: &mut u64) {
        if component.get("id").is_none() {
            component["id"] = json!(*next);
        }
        *next += 1;
        if matches!(component["type"].as_u64(), Some(3 | 5 | 6 | 7 | 8)) {
            for key in ["min_values", "max_values"] {
                if component.get(key).is_none() {
                    component[key] = json!(1);
                }
            }
        }
        for child in component.get_mut("components").and_then(Value::as_array_mut).into_iter().flatten() {
            number(child, next);
        }
    }
    let mut components = components.filter(|value| value.is_array()).cloned().unwrap_or(json!([]));
    drop_nulls(&mut components);
    let mut next = 1;
    for component in components.as_array_mut().into_iter().flatten() {
        number(component, &mut next);
    }
    components
}

/// Removes the keys of an object whose value is null (recursively), as Discord leaves out
/// optional fields it has no value for.
fn drop_nulls(value: &mut Value) {
    match value {
        Value::Object(object) => {
            object.retain(|_, value| !value.is_null());
            object.values_mut().for_each(drop_nulls);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_nulls),
        _ => {}
    }
}

/// A complete Attachment object for an uploaded file.
pub(super) fn attachment(channel_id: u64, filename: &str, content_type: Option<&str>, size: usize) -> Value {
    let id = snowflake();
    let url = format!("https://cdn.discordapp.com/attachments/{channel_id}/{id}/{filename}");
    let proxy_url = format!("https://media.discordapp.net/attachments/{channel_id}/{id}/{filename}");
    let mut attachment = json!({
        "id": id.to_string(),
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": proxy_url,
    });
    if let Some(content_type) = content_type {
        attachment["content_type"] = json!(content_type);
    }
    attachment
}

/// The width and height in a PNG's header, for the attachment Discord describes.
pub(super) fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || !bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        return None;
    }
    let read = |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    Some((read(16), read(20)))
}

/// A registered application command as Discord echoes it back.
pub(super) fn registered_command(application_id: u64, guild_id: Option<u64>, id: u64, body: &Value) -> Value {
    let mut command = body.as_object().cloned().unwrap_or_default();
    command.insert("id".into(), json!(id.to_string()));
    command.insert("application_id".into(), json!(application_id.to_string()));
    command.insert("version".into(), json!(snowflake().to_string()));
    command.entry("type").or_insert(json!(1));
    command.entry("description").or_insert(json!(""));
    command.entry("name").or_insert(json!(""));
    command.entry("options").or_insert(json!([]));
    // Discord leaves out an option's limits it has no value for (the bot sends them as null).
    command.get_mut("options").map(drop_nulls);
    command.entry("nsfw").or_insert(json!(false));
    command.entry("default_member_permissions").or_insert(Value::Null);
    if let Some(guild_id) = guild_id {
        command.insert("guild_id".into(), json!(guild_id.to_string()));
    }
    Value::Object(command)
}

/// A guild text channel object.
pub(super) fn text_channel(id: u64, guild_id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "flags": 0,
        "guild_id": guild_id.to_string(),
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "parent_id": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
    })
}

/// A thread made in `parent` as Discord answers its creation: its name and kind as asked (a
/// private thread when no kind is named, as Discord does), open, archived after the duration
/// asked (a day by default).
pub(super) fn thread(id: u64, guild: u64, parent: u64, owner: u64, asked: &Value) -> Value {
    json!({
        "id": id.to_string(),
        "type": asked["type"].as_u64().unwrap_or(12),
        "last_message_id": null,
        "flags": 0,
        "guild_id": guild.to_string(),
        "name": asked["name"],
        "parent_id": parent.to_string(),
        "rate_limit_per_user": 0,
        "owner_id": owner.to_string(),
        "thread_metadata": {
            "archived": false,
            "archive_timestamp": null,
            "auto_archive_duration": asked["auto_archive_duration"].as_u64().unwrap_or(1440),
            "locked": false,
        },
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
    })
}

/// A DM channel object with one recipient.
pub(super) fn dm_channel(id: u64, recipient: &Value) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "flags": 0,
        "last_message_id": null,
        "recipients": [recipient],
    })
}
