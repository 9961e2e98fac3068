//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity/poise client: REST
//! under `/api/v10` and the gateway WebSocket at `/gateway`, on one port.
//!
//! ```ignore
//! let fake = FakeDiscord::start().await;
//! let http = HttpBuilder::new(FakeDiscord::TOKEN)
//!     .proxy(fake.base_url())
//!     .ratelimiter_disabled(true)
//!     .build();
//! // ... build the client with ClientBuilder::new_with_http(http, intents) and start it ...
//! fake.wait_for_commands().await;
//! let ping = fake.slash("ping").build();
//! fake.send_interaction(&ping).await;
//! let reply = fake.wait_for_callback(&ping).await;
//! assert!(reply.is_ephemeral());
//! ```
//!
//! The fake records every REST request ([`Recorded`]); `wait_for*` return the first matching
//! request not returned before, and on timeout panic with everything that was received.
//! See `docs/fake-discord.md` for why the client must be built this way.

mod builders;
mod check;
mod contract;
mod gateway;
mod http;
mod payloads;
mod recorded;
mod rest;
mod state;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, watch};
use tokio::task::JoinHandle;

pub use builders::{ComponentClick, MessageCreate, SlashCommand};
pub use check::check_fixtures;
pub use contract::{Contract, RequestBody, contract};
pub use gateway::GatewayMessage;
pub use payloads::{EPHEMERAL, FakeUser, Ids, callback, permissions, snowflake};
pub use recorded::{Recorded, UploadedFile};

use check::check;
use gateway::SessionCommand;
use http::Connection;
use state::{Shared, State, Stub, snowflake_of};

/// How long the `wait_for_*` helpers without a timeout argument wait.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);

/// Settings for [`FakeDiscord::start_with`].
#[derive(Clone, Debug)]
pub struct Config {
    /// The bot's user name (default `reversi`).
    pub bot_name: String,
    /// The heartbeat interval announced in HELLO (default 1 s, so heartbeats happen in tests).
    pub heartbeat_interval_ms: u64,
    /// IDENTIFYs closer together than this are answered with an invalid session, as Discord
    /// does (default: zero, no limit).
    pub identify_spacing: Duration,
    /// Every IDENTIFY is answered by closing the connection with 4004 (authentication failed),
    /// as Discord does for a token it does not know.
    pub reject_identify: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            bot_name: "reversi".into(),
            heartbeat_interval_ms: 1_000,
            identify_spacing: Duration::ZERO,
            reject_identify: false,
        }
    }
}

/// The fake Discord server. Stops when dropped (or with [`FakeDiscord::shutdown`]).
pub struct FakeDiscord {
    shared: Arc<Shared>,
    /// Dropping it tells every server task to stop.
    _shutdown: watch::Sender<bool>,
    accept_task: JoinHandle<()>,
}

impl FakeDiscord {
    /// A bot token for the client; the fake accepts any token.
    pub const TOKEN: &'static str = "fake-bot-token.for-tests.only";

    /// Starts a fake Discord on 127.0.0.1 with a free port.
    pub async fn start() -> Self {
        Self::start_with(Config::default()).await
    }

    /// Starts a fake Discord with these settings.
    pub async fn start_with(config: Config) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind 127.0.0.1:0 for the fake Discord");
        let address = listener.local_addr().expect("local address of the fake Discord");
        let ids = Ids::new(&config.bot_name);
        let shared = Arc::new(Shared {
            ids: ids.clone(),
            address,
            heartbeat_interval_ms: config.heartbeat_interval_ms,
            identify_spacing: config.identify_spacing,
            reject_identify: config.reject_identify,
            state: Mutex::new(State::new(&ids)),
            changed: Notify::new(),
        });
        let (shutdown, shutdown_rx) = watch::channel(false);
        let accept_task = tokio::spawn(accept(listener, Arc::clone(&shared), shutdown_rx));
        Self { shared, _shutdown: shutdown, accept_task }
    }

    /// Stops the server: open connections are closed and the port is released.
    pub async fn shutdown(self) {
        drop(self);
        tokio::task::yield_now().await;
    }

    /// `http://127.0.0.1:PORT`, for `HttpBuilder::proxy`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.shared.address)
    }

    /// `ws://127.0.0.1:PORT/gateway`, what `GET /gateway` answers.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    /// The ids of the fake world: application, bot user, guild, channel, default user.
    pub fn ids(&self) -> &Ids {
        &self.shared.ids
    }

    // ---- payload builders -------------------------------------------------------------------

    /// A slash command interaction for `/name`, from the default user in the default channel.
    /// Uses the registered command's id when the bot registered one by that name.
    pub fn slash(&self, name: &str) -> SlashCommand {
        SlashCommand::new(&self.shared.ids, name, self.command_id(name), false)
    }

    /// An autocomplete interaction for `/name`; add the typed option with
    /// [`SlashCommand::focused`].
    pub fn autocomplete(&self, name: &str) -> SlashCommand {
        SlashCommand::new(&self.shared.ids, name, self.command_id(name), true)
    }

    /// A click on the button with this custom id.
    pub fn button(&self, custom_id: &str) -> ComponentClick {
        ComponentClick::new(&self.shared.ids, custom_id, 2, Vec::new())
    }

    /// A choice in the string select menu with this custom id.
    pub fn select(&self, custom_id: &str, values: &[&str]) -> ComponentClick {
        let values = values.iter().map(|value| (*value).to_owned()).collect();
        ComponentClick::new(&self.shared.ids, custom_id, 3, values)
    }

    /// A message typed by the default user in the default channel.
    pub fn message(&self, content: &str) -> MessageCreate {
        MessageCreate::new(&self.shared.ids, content)
    }

    // ---- gateway ----------------------------------------------------------------------------

    /// Waits until a gateway session has identified (or resumed) and can take dispatches.
    pub async fn wait_until_ready(&self, timeout: Duration) {
        let ready = self.shared.wait_until(timeout, |state| state.sessions.get(&0).map(|_| ())).await;
        if ready.is_none() {
            panic!("the bot did not identify on the gateway within {timeout:?}\n{}", self.shared.listing());
        }
    }

    /// Waits until `count` shards have identified (or resumed) and take dispatches.
    pub async fn wait_for_shards(&self, count: usize, timeout: Duration) {
        let ready = self.shared.wait_until(timeout, |state| (state.sessions.len() >= count).then_some(())).await;
        if ready.is_none() {
            panic!("{count} shards did not connect within {timeout:?}\n{}", self.shared.listing());
        }
    }

    /// The shards connected now, in order.
    pub fn connected_shards(&self) -> Vec<u32> {
        self.shared.lock().sessions.keys().copied().collect()
    }

    /// IDENTIFYs refused for coming too soon after another.
    pub fn identifies_refused(&self) -> u64 {
        self.shared.lock().identifies_refused
    }

    /// Sends a dispatch event (op 0) on the session of the shard its guild belongs to (shard 0
    /// for direct messages), waiting for one if needed.
    pub async fn send_dispatch(&self, event: &str, data: Value) {
        let guild = data["guild_id"].as_str().and_then(|id| id.parse::<u64>().ok());
        let Some(sender) = self
            .shared
            .wait_until(DEFAULT_TIMEOUT, |state| state.session_for(guild).map(|session| session.sender.clone()))
            .await
        else {
            panic!("no gateway session to send {event} to\n{}", self.shared.listing());
        };
        let command = SessionCommand::Dispatch { event: event.to_owned(), data };
        if sender.send(command).is_err() {
            panic!("the gateway session closed before {event} could be sent");
        }
    }

    /// Sends INTERACTION_CREATE if the shard its guild belongs to is connected within
    /// `timeout`; `false` (nothing sent) otherwise, as when the process running it is down.
    pub async fn try_send_interaction(&self, interaction: &Value, timeout: Duration) -> bool {
        check::<serenity::all::Interaction>("interaction", interaction);
        let guild = interaction["guild_id"].as_str().and_then(|id| id.parse::<u64>().ok());
        let Some(sender) = self
            .shared
            .wait_until(timeout, |state| state.session_for(guild).map(|session| session.sender.clone()))
            .await
        else {
            return false;
        };
        let token = interaction["token"].as_str().unwrap_or_default().to_owned();
        {
            let mut state = self.shared.lock();
            state.remember(interaction);
            state.interactions.insert(token, interaction.clone());
        }
        let command = SessionCommand::Dispatch { event: "INTERACTION_CREATE".into(), data: interaction.clone() };
        sender.send(command).is_ok()
    }

    /// Sends INTERACTION_CREATE. Panics if serenity could not read the payload (it would
    /// silently drop it). Afterwards the fake accepts callbacks and webhooks for its token.
    pub async fn send_interaction(&self, interaction: &Value) {
        if !self.try_send_interaction(interaction, DEFAULT_TIMEOUT).await {
            panic!("no gateway session to send INTERACTION_CREATE to\n{}", self.shared.listing());
        }
    }

    /// Sends MESSAGE_CREATE (checked like [`Self::send_interaction`]).
    pub async fn send_message_create(&self, message: &Value) {
        check::<serenity::all::Message>("message", message);
        {
            let mut state = self.shared.lock();
            state.remember(message);
            if let Some(id) = snowflake_of(&message["id"]) {
                state.messages.insert(id, message.clone());
            }
        }
        self.send_dispatch("MESSAGE_CREATE", message.clone()).await;
    }

    /// Sends GUILD_CREATE with this guild object. Once the cache knows the guild, serenity
    /// checks the bot's own permissions before sending; give it SEND_MESSAGES and ATTACH_FILES.
    pub async fn send_guild_create(&self, guild: &Value) {
        check::<serenity::all::Guild>("guild", guild);
        self.send_dispatch("GUILD_CREATE", guild.clone()).await;
    }

    /// Closes the active gateway connection with `close_code` (4000 = unknown error, which
    /// makes serenity resume). [`Self::wait_until_ready`] then waits for the new session.
    pub fn disconnect_gateway(&self, close_code: u16) {
        let active = self.shared.lock().sessions.remove(&0);
        if let Some(active) = active {
            let _ = active.sender.send(SessionCommand::Close(close_code));
        }
    }

    /// Takes the gateway down (`true`: the active connection is closed and new ones are turned
    /// away with a 503) or brings it back up; the REST API keeps answering.
    pub fn set_gateway_down(&self, down: bool) {
        let active = {
            let mut state = self.shared.lock();
            state.gateway_down = down;
            if down { state.sessions.remove(&0) } else { None }
        };
        if let Some(active) = active {
            let _ = active.sender.send(SessionCommand::Close(4000));
        }
    }

    /// Tells the active session it is invalid (op 9): with `resumable` false the bot must
    /// identify afresh. [`Self::wait_until_ready`] then waits for the new session.
    pub fn invalidate_session(&self, resumable: bool) {
        let active = self.shared.lock().sessions.remove(&0);
        if let Some(active) = active {
            let _ = active.sender.send(SessionCommand::InvalidSession(resumable));
        }
    }

    /// Messages the bot sent on the gateway (IDENTIFY, RESUME, presence...), without heartbeats.
    pub fn gateway_messages(&self) -> Vec<GatewayMessage> {
        self.shared.lock().gateway.clone()
    }

    /// How many heartbeats the bot sent (all acknowledged).
    pub fn heartbeats(&self) -> u64 {
        self.shared.lock().heartbeats
    }

    /// How many gateway connections the bot opened.
    pub fn gateway_connections(&self) -> u64 {
        self.shared.lock().connections
    }

    // ---- REST record ------------------------------------------------------------------------

    /// Every REST request so far, in order.
    pub fn requests(&self) -> Vec<Recorded> {
        self.shared.lock().requests.clone()
    }

    /// Requests the fake could not serve properly (those with a [`Recorded::problem`]): unknown
    /// routes, ids or tokens (404), a second callback for one interaction (400), bodies it could
    /// not parse, replies serenity could not read. Stubbed answers are never listed.
    pub fn unexpected_requests(&self) -> Vec<Recorded> {
        self.requests().into_iter().filter(|request| request.problem.is_some()).collect()
    }

    /// Where the bot's requests and gateway payloads, or the fake's answers, broke Discord's
    /// contract so far, taken out of the fake (so they no longer fail the test when it stops).
    pub fn take_contract_violations(&self) -> Vec<String> {
        std::mem::take(&mut self.shared.lock().violations)
    }

    /// Panics, listing them, if there are [`Self::unexpected_requests`].
    pub fn assert_no_unexpected_requests(&self) {
        let unexpected = self.unexpected_requests();
        if !unexpected.is_empty() {
            let lines: Vec<String> = unexpected.iter().map(Recorded::summary).collect();
            panic!("the fake Discord could not serve these requests:\n  {}", lines.join("\n  "));
        }
    }

    /// The first request matching `predicate` that no `wait_for*` returned yet; waits up to
    /// `timeout`, then panics with a listing of everything received.
    pub async fn wait_for(&self, predicate: impl Fn(&Recorded) -> bool, timeout: Duration) -> Recorded {
        self.wait_for_described("a matching request", predicate, timeout).await
    }

    /// [`Self::wait_for`] with a description for the failure message.
    pub async fn wait_for_described(
        &self,
        description: &str,
        predicate: impl Fn(&Recorded) -> bool,
        timeout: Duration,
    ) -> Recorded {
        let found = self
            .shared
            .wait_until(timeout, |state| {
                let index = state
                    .requests
                    .iter()
                    .zip(&state.consumed)
                    .position(|(request, consumed)| !consumed && predicate(request))?;
                state.consumed[index] = true;
                Some(state.requests[index].clone())
            })
            .await;
        match found {
            Some(request) => request,
            None => panic!("waited {timeout:?} for {description}, it did not come\n{}", self.shared.listing()),
        }
    }

    /// Panics if a request matching `predicate` (consumed or not) arrives within `during`.
    pub async fn assert_no_request(&self, predicate: impl Fn(&Recorded) -> bool, during: Duration) {
        let found = self
            .shared
            .wait_until(during, |state| state.requests.iter().find(|request| predicate(request)).cloned())
            .await;
        if let Some(request) = found {
            panic!("expected no such request, got {}\n{}", request.summary(), self.shared.listing());
        }
    }

    /// The callback (`POST /interactions/{id}/{token}/callback`) of this interaction.
    pub async fn wait_for_callback(&self, interaction: &Value) -> Recorded {
        let id = string_field(interaction, "id");
        self.wait_for_described(
            &format!("the callback of interaction {id}"),
            |request| request.is_callback_for(&id),
            DEFAULT_TIMEOUT,
        )
        .await
    }

    /// A follow-up message (`POST /webhooks/{app}/{token}`) for this interaction.
    pub async fn wait_for_followup(&self, interaction: &Value) -> Recorded {
        let token = string_field(interaction, "token");
        self.wait_for_described(
            &format!("a follow-up to interaction {}", interaction["id"]),
            |request| request.is_followup_for(&token),
            DEFAULT_TIMEOUT,
        )
        .await
    }

    /// An edit of the original response (`PATCH .../messages/@original`) of this interaction.
    pub async fn wait_for_original_edit(&self, interaction: &Value) -> Recorded {
        let token = string_field(interaction, "token");
        self.wait_for_described(
            &format!("an edit of the original response to {}", interaction["id"]),
            |request| request.is_original_edit_for(&token),
            DEFAULT_TIMEOUT,
        )
        .await
    }

    /// The next message the user sees for this interaction, however the bot sends it: a
    /// message or update callback (type 4 or 7), a follow-up, or an edit of the original.
    pub async fn wait_for_reply(&self, interaction: &Value) -> Recorded {
        match self.try_reply(interaction, DEFAULT_TIMEOUT).await {
            Some(reply) => reply,
            None => panic!(
                "waited {DEFAULT_TIMEOUT:?} for a visible reply to interaction {}, it did not come\n{}",
                interaction["id"],
                self.shared.listing()
            ),
        }
    }

    /// [`Self::wait_for_reply`] without the panic: `None` when no reply came within `timeout`
    /// (the bot that took the interaction died, say).
    pub async fn try_reply(&self, interaction: &Value, timeout: Duration) -> Option<Recorded> {
        let id = string_field(interaction, "id");
        let token = string_field(interaction, "token");
        self.shared
            .wait_until(timeout, |state| {
                let index = state.requests.iter().zip(&state.consumed).position(|(request, consumed)| {
                    !consumed
                        && ((request.is_callback_for(&id)
                            && matches!(request.callback_type(), Some(callback::MESSAGE | callback::UPDATE_MESSAGE)))
                            || request.is_followup_for(&token)
                            || request.is_original_edit_for(&token))
                })?;
                state.consumed[index] = true;
                Some(state.requests[index].clone())
            })
            .await
    }

    /// A message posted in a channel (`POST /channels/{id}/messages`).
    pub async fn wait_for_channel_message(&self, channel_id: u64) -> Recorded {
        self.wait_for_described(
            &format!("a message in channel {channel_id}"),
            |request| request.is_channel_message_in(channel_id),
            DEFAULT_TIMEOUT,
        )
        .await
    }

    // ---- commands and canned answers ----------------------------------------------------------

    /// Waits until the bot registered commands (globally or in any guild) and returns them all.
    pub async fn wait_for_commands(&self) -> Vec<Value> {
        let registered = self
            .shared
            .wait_until(DEFAULT_TIMEOUT, |state| {
                let all = all_commands(state);
                (!all.is_empty()).then_some(all)
            })
            .await;
        registered.unwrap_or_else(|| {
            panic!("the bot registered no commands within {DEFAULT_TIMEOUT:?}\n{}", self.shared.listing())
        })
    }

    /// The global commands as last registered.
    pub fn global_commands(&self) -> Vec<Value> {
        self.shared.lock().global_commands.clone()
    }

    /// The commands of one guild as last registered.
    pub fn guild_commands(&self, guild_id: u64) -> Vec<Value> {
        self.shared.lock().guild_commands.get(&guild_id).cloned().unwrap_or_default()
    }

    /// The registered command with this name (global first, then guild), as Discord stores it.
    pub fn command(&self, name: &str) -> Option<Value> {
        all_commands(&self.shared.lock()).into_iter().find(|command| command["name"] == name)
    }

    /// The threads the bot made, in order, as Discord keeps them (channel objects).
    pub fn threads(&self) -> Vec<Value> {
        let state = self.shared.lock();
        state.threads.iter().filter_map(|id| state.channels.get(id).cloned()).collect()
    }

    /// A message the fake stores (sent by the bot, or dispatched by the test).
    pub fn stored_message(&self, message_id: u64) -> Option<Value> {
        self.shared.lock().messages.get(&message_id).cloned()
    }

    /// Answers every `method route` (route without `/api/v10`, exact) with `status` and `body`
    /// from now on, before the built-in routes; e.g. a 403 for a channel the bot may not use.
    pub fn stub(&self, method: &str, route: &str, status: u16, body: Option<Value>) {
        self.add_stub(method, route, status, body, false);
    }

    /// Like [`Self::stub`], for the next matching request only.
    pub fn stub_once(&self, method: &str, route: &str, status: u16, body: Option<Value>) {
        self.add_stub(method, route, status, body, true);
    }

    /// Like [`Self::stub_once`], answering only after `delay` (a slow Discord).
    pub fn stub_once_slow(&self, method: &str, route: &str, delay: Duration, status: u16, body: Option<Value>) {
        let stub = Stub {
            method: method.to_owned(),
            route: route.to_owned(),
            status,
            body,
            once: true,
            delay: Some(delay),
            until: None,
        };
        self.shared.lock().stubs.push(stub);
    }

    /// Rate-limits `method` on `route` for `window` from now, as Discord does: each request in
    /// the window gets a 429 whose `retry_after` is the time left.
    pub fn rate_limit(&self, method: &str, route: &str, window: Duration) {
        let stub = Stub {
            method: method.to_owned(),
            route: route.to_owned(),
            status: 429,
            body: None,
            once: false,
            delay: None,
            until: Some(std::time::Instant::now() + window),
        };
        self.shared.lock().stubs.push(stub);
    }

    fn add_stub(&self, method: &str, route: &str, status: u16, body: Option<Value>, once: bool) {
        let stub =
            Stub { method: method.to_owned(), route: route.to_owned(), status, body, once, delay: None, until: None };
        self.shared.lock().stubs.push(stub);
    }

    fn command_id(&self, name: &str) -> Option<u64> {
        self.command(name)?["id"].as_str()?.parse().ok()
    }
}

impl Drop for FakeDiscord {
    /// Stops the server, and fails the test that used it if anything that crossed it broke
    /// Discord's contract (unless the test is failing already).
    fn drop(&mut self) {
        // The watch sender drops with `self`, which stops the connection tasks.
        self.accept_task.abort();
        let violations = self.take_contract_violations();
        if !violations.is_empty() && !std::thread::panicking() {
            panic!("{} thing(s) broke Discord's contract:\n  {}", violations.len(), violations.join("\n  "));
        }
    }
}

/// A Discord-style JSON error body, for stubs: `{"message": "403: Missing Access", "code": 50001}`.
pub fn discord_error(status: u16, code: u64, message: &str) -> Value {
    json!({ "message": format!("{status}: {message}"), "code": code })
}

/// Discord's answer to a rate-limited call: `retry_after` seconds to wait.
pub fn rate_limited(retry_after: f64) -> Value {
    json!({ "message": "You are being rate limited.", "retry_after": retry_after, "global": false, "code": 0 })
}

async fn accept(listener: TcpListener, shared: Arc<Shared>, mut shutdown: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, _)) = accepted else { continue };
                tokio::spawn(serve(stream, Arc::clone(&shared), shutdown.clone()));
            }
            _ = shutdown.changed() => return,
        }
    }
}

/// Serves one TCP connection: REST requests until it closes, or a gateway WebSocket.
async fn serve(stream: TcpStream, shared: Arc<Shared>, mut shutdown: watch::Receiver<bool>) {
    let _ = stream.set_nodelay(true);
    let mut connection = Connection::new(stream);
    loop {
        let request = tokio::select! {
            request = connection.read_request() => request,
            _ = shutdown.changed() => return,
        };
        let Ok(Some(request)) = request else { return };
        if request.is_websocket_upgrade() {
            if request.path == "/gateway" && shared.lock().gateway_down {
                let body = payloads::error(503, "the gateway is down");
                let _ = connection.respond(503, Some(&body)).await;
            } else if request.path == "/gateway" {
                if let Ok(socket) = connection.upgrade(&request).await {
                    gateway::run_session(shared, socket, shutdown).await;
                }
            } else {
                let body = payloads::error(404, "no WebSocket here");
                let _ = connection.respond(404, Some(&body)).await;
            }
            return;
        }
        let (status, body, delay) = rest::handle(&shared, &request);
        if let Some(delay) = delay {
            tokio::time::sleep(delay).await;
        }
        if connection.respond(status, body.as_ref()).await.is_err() {
            return;
        }
    }
}

fn all_commands(state: &State) -> Vec<Value> {
    let mut all = state.global_commands.clone();
    all.extend(state.guild_commands.values().flatten().cloned());
    all
}

fn string_field(payload: &Value, key: &str) -> String {
    match payload.get(key).and_then(Value::as_str) {
        Some(value) => value.to_owned(),
        None => panic!("payload has no string {key:?}: {payload}"),
    }
}
