//! The fake Discord's REST API: routes the bot calls under `/api/v10`, answered from the shared
//! state (registered commands, stored messages, interaction tokens). Every request is recorded;
//! anything unknown is answered 404 with a Discord-style error so a test can see it.

use serde_json::{Value, json};

use super::contract::{RequestBody, contract};
use super::http::{HttpRequest, parse_body};
use super::payloads::{self, FakeUser, callback, snowflake};
use super::recorded::{API_PREFIX, Recorded, UploadedFile};
use super::state::{Shared, State, Stub};

/// Discord's JSON error codes for the 404s the fake gives.
const UNKNOWN_CHANNEL: u64 = 10003;
const MISSING_ACCESS: u64 = 50001;
const UNKNOWN_MESSAGE: u64 = 10008;
const UNKNOWN_USER: u64 = 10013;
const UNKNOWN_WEBHOOK: u64 = 10015;
const UNKNOWN_INTERACTION: u64 = 10062;

/// How the fake answers one request.
struct Answer {
    status: u16,
    body: Option<Value>,
    message: Option<Value>,
    problem: Option<String>,
}

impl Answer {
    fn json(body: Value) -> Self {
        Self { status: 200, body: Some(body), message: None, problem: None }
    }

    /// A 201 with the new object.
    fn created(body: Value) -> Self {
        Self { status: 201, ..Self::json(body) }
    }

    fn no_content() -> Self {
        Self { status: 204, body: None, message: None, problem: None }
    }

    /// A Message reply: the body is the message, also kept as [`Recorded::message`].
    fn message(message: Value) -> Self {
        Self { message: Some(message.clone()), ..Self::json(message) }
    }

    fn forbidden(code: u64, what: &str) -> Self {
        let mut body = payloads::error(403, what);
        body["code"] = json!(code);
        Self { status: 403, body: Some(body), message: None, problem: Some(what.to_owned()) }
    }

    fn not_found(code: u64, what: &str) -> Self {
        let mut body = payloads::error(404, what);
        body["code"] = json!(code);
        Self { status: 404, body: Some(body), message: None, problem: Some(what.to_owned()) }
    }
}

/// Answers one REST request and records it. Returns the status, the JSON body to send, and how
/// long to wait before sending it (a slow answer stubbed by the test).
pub(super) fn handle(shared: &Shared, request: &HttpRequest) -> (u16, Option<Value>, Option<std::time::Duration>) {
    let parsed = parse_body(request);
    let json = parsed.json.clone();
    // Discord's contract, for the request and (below) for the fake's own answer, a stubbed one
    // too: a test's 429 or 401 must look like Discord's. Checked outside the lock, which the
    // gateway's tasks share.
    let checks = contract();
    let route_path = request.path.strip_prefix(API_PREFIX).unwrap_or(&request.path);
    let multipart = request.header("content-type").is_some_and(|t| t.to_ascii_lowercase().starts_with("multipart/"));
    let file_fields: Vec<String> = parsed.files.iter().map(|file| file.field.clone()).collect();
    let body = RequestBody { multipart, json: json.as_ref(), fields: &parsed.fields, files: &file_fields };
    let mut violations = checks.check_request(&request.method, route_path, request.query.as_deref(), &body);
    let mut state = shared.lock();

    let mut delay = None;
    let mut answer = match stub_for(&mut state, &request.method, &request.path) {
        Some(stub) => {
            delay = stub.delay;
            Answer { status: stub.status, body: stub.body, message: None, problem: None }
        }
        None => route(shared, &mut state, request, json.as_ref().unwrap_or(&Value::Null), &parsed.files),
    };

    // The bot fails in odd ways if serenity cannot read a reply; say so in the record.
    if let Some(message) = &answer.message
        && let Err(error) = serde_json::from_value::<serenity::all::Message>(message.clone())
    {
        answer.problem = Some(format!("serenity cannot read the Message answered: {error}"));
    }

    let index = state.requests.len();
    state.requests.push(Recorded {
        index,
        method: request.method.clone(),
        path: request.path.clone(),
        query: request.query.clone(),
        json,
        files: parsed.files,
        fields: parsed.fields,
        status: answer.status,
        response: answer.body.clone(),
        message: answer.message,
        problem: parsed.problem.or(answer.problem),
        at: std::time::Instant::now(),
    });
    state.consumed.push(false);
    drop(state);
    violations.extend(checks.check_response(&request.method, route_path, answer.status, answer.body.as_ref()));
    if !violations.is_empty() {
        shared.lock().violations.extend(violations);
    }
    shared.changed.notify_waiters();
    (answer.status, answer.body, delay)
}

/// Takes the first stub that matches, using up one-shot stubs.
fn stub_for(state: &mut State, method: &str, path: &str) -> Option<Stub> {
    let route = path.strip_prefix(API_PREFIX).unwrap_or(path);
    let now = std::time::Instant::now();
    state.stubs.retain(|stub| stub.until.is_none_or(|until| until > now));
    let position =
        state.stubs.iter().position(|stub| stub.method.eq_ignore_ascii_case(method) && stub.route == route)?;
    let mut stub = state.stubs[position].clone();
    if let Some(until) = stub.until {
        stub.body = Some(super::rate_limited((until - now).as_secs_f64()));
    }
    if stub.once {
        state.stubs.remove(position);
    }
    Some(stub)
}

fn route(shared: &Shared, state: &mut State, request: &HttpRequest, body: &Value, files: &[UploadedFile]) -> Answer {
    let ids = &shared.ids;
    let Some(route) = request.path.strip_prefix(API_PREFIX) else {
        return Answer::not_found(0, "not an /api/v10 route");
    };
    let segments: Vec<&str> = route.trim_matches('/').split('/').collect();
    let app = ids.application_id.to_string();

    match (request.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => Answer::json(payloads::gateway(&shared.gateway_url(), false)),
        ("GET", ["gateway", "bot"]) => Answer::json(payloads::gateway(&shared.gateway_url(), true)),
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => {
            Answer::json(payloads::application_info(ids))
        }
        ("GET", ["users", "@me"]) => Answer::json(payloads::current_user(ids)),
        ("GET", ["users", user]) => match user.parse().ok().and_then(|id| state.users.get(&id)) {
            Some(user) => Answer::json(user.clone()),
            None => Answer::not_found(UNKNOWN_USER, "Unknown User"),
        },
        ("POST", ["users", "@me", "channels"]) => dm_channel(state, body),
        ("GET", ["channels", channel]) => match channel.parse().ok().and_then(|id| state.channels.get(&id)) {
            Some(channel) => Answer::json(channel.clone()),
            None => Answer::not_found(UNKNOWN_CHANNEL, "Unknown Channel"),
        },

        (method, ["applications", id, "commands"]) if *id == app => {
            commands(state, ids.application_id, None, method, body)
        }
        (method, ["applications", id, "guilds", guild, "commands"]) if *id == app => match guild.parse() {
            Ok(guild_id) => commands(state, ids.application_id, Some(guild_id), method, body),
            Err(_) => Answer::not_found(0, "bad guild id"),
        },

        ("POST", ["interactions", id, token, "callback"]) => {
            interaction_callback(shared, state, id, token, body, files)
        }
        ("POST", ["webhooks", id, token]) if *id == app => {
            let Some(interaction) = state.interactions.get(*token) else {
                return Answer::not_found(UNKNOWN_WEBHOOK, "Unknown Webhook");
            };
            let (channel_id, guild_id) = interaction_place(interaction);
            let message = new_message(state, &ids.bot, channel_id, guild_id, body, files, true);
            Answer::message(message)
        }
        (method, ["webhooks", id, token, "messages", message]) if *id == app => {
            let message_id =
                if *message == "@original" { state.originals.get(*token).copied() } else { message.parse().ok() };
            let Some(message_id) = message_id else {
                return Answer::not_found(UNKNOWN_MESSAGE, "Unknown Message");
            };
            existing_message(state, method, message_id, body, files)
        }

        ("POST", ["channels", channel, "messages"]) => match channel.parse() {
            // A bot is never in a group DM: only the answers to interactions reach one.
            Ok(channel_id) if state.channels.get(&channel_id).is_some_and(|c| c["type"] == 3) => {
                Answer::forbidden(MISSING_ACCESS, "Missing Access")
            }
            Ok(channel_id) => {
                // Discord's enforced nonce: the same nonce again answers the message it made.
                let nonce = body["nonce"].as_str().filter(|_| body["enforce_nonce"] == true).map(str::to_owned);
                if let Some(earlier) =
                    nonce.as_ref().and_then(|n| state.nonces.get(n)).and_then(|id| state.messages.get(id))
                {
                    return Answer::message(earlier.clone());
                }
                let guild_id = channel_guild(state, ids.guild_id, channel_id);
                let message = new_message(state, &ids.bot, channel_id, guild_id, body, files, false);
                if let Some(nonce) = nonce {
                    state.nonces.insert(nonce, id_of(&message));
                }
                Answer::message(message)
            }
            Err(_) => Answer::not_found(0, "bad channel id"),
        },
        // Nor may a bot edit or read a group DM's messages.
        (_, ["channels", channel, "messages", _])
            if channel.parse().ok().and_then(|id| state.channels.get(&id)).is_some_and(|c| c["type"] == 3) =>
        {
            Answer::forbidden(MISSING_ACCESS, "Missing Access")
        }
        (method, ["channels", _, "messages", message]) => match message.parse() {
            Ok(message_id) => existing_message(state, method, message_id, body, files),
            Err(_) => Answer::not_found(UNKNOWN_MESSAGE, "Unknown Message"),
        },
        ("POST", ["channels", channel, "threads"]) => match channel.parse() {
            Ok(parent) => thread(state, ids.bot.id, channel_guild(state, ids.guild_id, parent), parent, body),
            Err(_) => Answer::not_found(0, "bad channel id"),
        },
        ("POST", ["channels", _, "typing"]) => Answer::no_content(),
        ("PUT" | "DELETE", ["channels", _, "messages", _, "reactions", ..]) => Answer::no_content(),

        _ => Answer::not_found(0, "no such route in the fake Discord"),
    }
}

/// `POST /users/@me/channels`: the DM channel with `recipient_id`, made on first use.
fn dm_channel(state: &mut State, body: &Value) -> Answer {
    let recipient = match &body["recipient_id"] {
        Value::String(id) => id.parse().ok(),
        other => other.as_u64(),
    };
    let Some(user) = recipient.and_then(|id| state.users.get(&id)).cloned() else {
        return Answer::not_found(UNKNOWN_USER, "Unknown User");
    };
    let existing =
        state.channels.values().find(|channel| channel["type"] == 1 && channel["recipients"][0]["id"] == user["id"]);
    if let Some(channel) = existing {
        return Answer::json(channel.clone());
    }
    let channel = payloads::dm_channel(snowflake(), &user);
    if let Some(id) = channel["id"].as_str().and_then(|id| id.parse().ok()) {
        state.channels.insert(id, channel.clone());
    }
    Answer::json(channel)
}

/// `POST /channels/{id}/threads` without a message: a new public or private thread in `parent`,
/// kept as a channel of the same server (messages can be posted in it).
fn thread(state: &mut State, owner: u64, guild: Option<u64>, parent: u64, body: &Value) -> Answer {
    let Some(guild) = guild else { return Answer::not_found(UNKNOWN_CHANNEL, "Unknown Channel") };
    let channel = payloads::thread(snowflake(), guild, parent, owner, body);
    if let Some(id) = channel["id"].as_str().and_then(|id| id.parse().ok()) {
        state.channels.insert(id, channel.clone());
        state.threads.push(id);
    }
    Answer::created(channel)
}

/// `GET`, `PUT` (bulk overwrite) and `POST` (upsert one) of global or guild commands.
fn commands(state: &mut State, application_id: u64, guild_id: Option<u64>, method: &str, body: &Value) -> Answer {
    let stored = match guild_id {
        Some(guild_id) => state.guild_commands.entry(guild_id).or_default(),
        None => &mut state.global_commands,
    };
    let id_of = |stored: &[Value], name: &str| {
        stored
            .iter()
            .find(|command| command["name"] == name)
            .and_then(|command| command["id"].as_str()?.parse().ok())
            .unwrap_or_else(snowflake)
    };
    match method {
        "GET" => Answer::json(Value::Array(stored.clone())),
        "PUT" => {
            let Some(list) = body.as_array() else {
                return Answer::not_found(0, "PUT commands wants a JSON array");
            };
            let registered: Vec<Value> = list
                .iter()
                .map(|command| {
                    let name = command["name"].as_str().unwrap_or_default();
                    payloads::registered_command(application_id, guild_id, id_of(stored, name), command)
                })
                .collect();
            *stored = registered.clone();
            Answer::json(Value::Array(registered))
        }
        "POST" => {
            let name = body["name"].as_str().unwrap_or_default();
            let command = payloads::registered_command(application_id, guild_id, id_of(stored, name), body);
            stored.retain(|existing| existing["name"] != name);
            stored.push(command.clone());
            Answer { status: 201, ..Answer::json(command) }
        }
        _ => Answer::not_found(0, "unsupported method on commands"),
    }
}

/// `POST /interactions/{id}/{token}/callback`: answered 204; remembers the original response.
fn interaction_callback(
    shared: &Shared,
    state: &mut State,
    id: &str,
    token: &str,
    body: &Value,
    files: &[UploadedFile],
) -> Answer {
    let Some(interaction) = state.interactions.get(token).cloned() else {
        return Answer::not_found(UNKNOWN_INTERACTION, "Unknown interaction");
    };
    if interaction["id"] != id {
        return Answer::not_found(UNKNOWN_INTERACTION, "Unknown interaction (id and token differ)");
    }
    if state.answered.contains(token) {
        let mut answer = Answer::not_found(40060, "Interaction has already been acknowledged");
        answer.status = 400;
        return answer;
    }
    state.answered.insert(token.to_owned());

    let (channel_id, guild_id) = interaction_place(&interaction);
    let data = body.get("data").cloned().unwrap_or(Value::Null);
    let mut answer = Answer::no_content();
    match body["type"].as_u64() {
        Some(callback::MESSAGE | callback::DEFERRED_MESSAGE) => {
            let message = new_message(state, &shared.ids.bot, channel_id, guild_id, &data, files, true);
            let message_id = id_of(&message);
            state.originals.insert(token.to_owned(), message_id);
            answer.message = Some(message);
        }
        Some(callback::DEFERRED_UPDATE | callback::UPDATE_MESSAGE) => {
            let Some(message_id) = interaction["message"]["id"].as_str().and_then(|id| id.parse().ok()) else {
                answer.problem = Some("update callback for an interaction without a message".into());
                return answer;
            };
            state.originals.insert(token.to_owned(), message_id);
            if body["type"] == callback::UPDATE_MESSAGE {
                if let Some(message) = edit_message(state, message_id, &data, files) {
                    answer.message = Some(message);
                }
            } else {
                answer.message = state.messages.get(&message_id).cloned();
            }
        }
        Some(callback::AUTOCOMPLETE | callback::MODAL) => {}
        other => answer.problem = Some(format!("unknown callback type {other:?}")),
    }
    answer
}

/// `GET`, `PATCH` or `DELETE` of a stored message.
fn existing_message(state: &mut State, method: &str, message_id: u64, body: &Value, files: &[UploadedFile]) -> Answer {
    match method {
        "GET" => match state.messages.get(&message_id) {
            Some(message) => Answer::json(message.clone()),
            None => Answer::not_found(UNKNOWN_MESSAGE, "Unknown Message"),
        },
        "PATCH" => match edit_message(state, message_id, body, files) {
            Some(message) => Answer::message(message),
            None => Answer::not_found(UNKNOWN_MESSAGE, "Unknown Message"),
        },
        "DELETE" => match state.messages.remove(&message_id) {
            Some(_) => Answer::no_content(),
            None => Answer::not_found(UNKNOWN_MESSAGE, "Unknown Message"),
        },
        _ => Answer::not_found(0, "unsupported method on a message"),
    }
}

/// Creates and stores a bot message from a message body.
fn new_message(
    state: &mut State,
    bot: &FakeUser,
    channel_id: u64,
    guild_id: Option<u64>,
    body: &Value,
    files: &[UploadedFile],
    from_webhook: bool,
) -> Value {
    let attachments = attachments(channel_id, body, files, &[]);
    let mut message = payloads::message(snowflake(), channel_id, guild_id, bot, body, attachments);
    if from_webhook {
        message["webhook_id"] = json!(bot.id.to_string());
        message["application_id"] = json!(bot.id.to_string());
    }
    state.messages.insert(id_of(&message), message.clone());
    message
}

/// Applies an edit body to a stored message; `None` if there is no such message.
fn edit_message(state: &mut State, message_id: u64, body: &Value, files: &[UploadedFile]) -> Option<Value> {
    let message = state.messages.get_mut(&message_id)?;
    for key in ["content", "flags"] {
        if let Some(value) = body.get(key).filter(|value| !value.is_null()) {
            message[key] = value.clone();
        }
    }
    let channel_id = message["channel_id"].as_str().and_then(|id| id.parse().ok()).unwrap_or_default();
    if body.get("attachments").is_some() || !files.is_empty() {
        let existing = message["attachments"].as_array().cloned().unwrap_or_default();
        message["attachments"] = Value::Array(attachments(channel_id, body, files, &existing));
    }
    let attachments = message["attachments"].as_array().cloned().unwrap_or_default();
    if let Some(embeds) = body.get("embeds").filter(|value| !value.is_null()) {
        message["embeds"] = payloads::answered_embeds(Some(embeds), &attachments);
    }
    if let Some(components) = body.get("components").filter(|value| !value.is_null()) {
        message["components"] = payloads::answered_components(Some(components));
    }
    message["edited_timestamp"] = json!(payloads::timestamp());
    Some(message.clone())
}

/// The Attachment objects of a message after a create or edit: entries of the body's
/// `attachments` that name an uploaded `files[N]` become new attachments, entries naming an
/// existing attachment keep it, and uploaded files the body does not mention are added too.
fn attachments(channel_id: u64, body: &Value, files: &[UploadedFile], existing: &[Value]) -> Vec<Value> {
    let upload = |file: &UploadedFile| {
        let mut attachment =
            payloads::attachment(channel_id, &file.filename, file.content_type.as_deref(), file.bytes.len());
        if let Some((width, height)) = payloads::png_size(&file.bytes) {
            attachment["width"] = json!(width);
            attachment["height"] = json!(height);
        }
        attachment
    };
    let Some(entries) = body.get("attachments").and_then(Value::as_array) else {
        let mut all = existing.to_vec();
        all.extend(files.iter().map(upload));
        return all;
    };
    let mut used = vec![false; files.len()];
    let mut result = Vec::new();
    for entry in entries {
        let id = match &entry["id"] {
            Value::String(id) => id.clone(),
            other => other.to_string(),
        };
        let field = format!("files[{id}]");
        if let Some(position) = files.iter().position(|file| file.field == field) {
            used[position] = true;
            result.push(upload(&files[position]));
        } else if let Some(kept) = existing.iter().find(|attachment| attachment["id"] == id) {
            result.push(kept.clone());
        }
    }
    for (file, used) in files.iter().zip(used) {
        if !used {
            result.push(upload(file));
        }
    }
    result
}

/// The channel and guild an interaction came from.
fn interaction_place(interaction: &Value) -> (u64, Option<u64>) {
    let parse = |value: &Value| value.as_str().and_then(|id| id.parse().ok());
    (parse(&interaction["channel_id"]).unwrap_or_default(), parse(&interaction["guild_id"]))
}

/// The guild a channel belongs to: none for a known DM channel, the default guild for a
/// channel the fake has not seen.
fn channel_guild(state: &State, default_guild: u64, channel_id: u64) -> Option<u64> {
    match state.channels.get(&channel_id) {
        Some(channel) => channel["guild_id"].as_str().and_then(|id| id.parse().ok()),
        None => Some(default_guild),
    }
}

fn id_of(message: &Value) -> u64 {
    message["id"].as_str().and_then(|id| id.parse().ok()).unwrap_or_default()
}
