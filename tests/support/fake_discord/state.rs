//! The fake Discord's memory, shared by the test handle and the server tasks: recorded
//! requests, gateway sessions, registered commands, stored messages, users and channels seen,
//! interaction tokens, stubs; and the wait-until-changed primitive the `wait_for*` helpers use.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use serde_json::Value;
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

use super::gateway::{GatewayMessage, SessionCommand};
use super::payloads::{self, Ids};
use super::recorded::Recorded;

/// A canned answer for one route, set with `FakeDiscord::stub` or `FakeDiscord::stub_once`.
#[derive(Clone, Debug)]
pub(super) struct Stub {
    pub(super) method: String,
    pub(super) route: String,
    pub(super) status: u16,
    pub(super) body: Option<Value>,
    pub(super) once: bool,
    /// How long the fake waits before answering.
    pub(super) delay: Option<std::time::Duration>,
    /// A rate limit: until then every matching request is refused with a 429 naming the time
    /// left; afterwards the stub is gone.
    pub(super) until: Option<std::time::Instant>,
}

/// A gateway session that takes dispatches: its connection and the shard it identified as.
pub(super) struct ActiveSession {
    pub(super) connection: u64,
    pub(super) shard: u32,
    pub(super) sender: mpsc::UnboundedSender<SessionCommand>,
}

/// Everything the fake remembers.
pub(super) struct State {
    pub(super) requests: Vec<Recorded>,
    /// `consumed[i]`: `requests[i]` was already returned by a `wait_for*`.
    pub(super) consumed: Vec<bool>,
    pub(super) gateway: Vec<GatewayMessage>,
    pub(super) connections: u64,
    pub(super) heartbeats: u64,
    /// The sessions that take dispatches, by shard.
    pub(super) sessions: BTreeMap<u32, ActiveSession>,
    /// The shard count the bot identified with (1 until it says otherwise).
    pub(super) shard_total: u32,
    /// Whether the gateway turns WebSocket connections away (503), as an outage would.
    pub(super) gateway_down: bool,
    /// Which shard each session id belongs to, for RESUME.
    pub(super) session_shards: HashMap<String, u32>,
    /// When the last IDENTIFY was accepted.
    pub(super) last_identify: Option<Instant>,
    /// IDENTIFYs answered with an invalid session for coming too soon after another.
    pub(super) identifies_refused: u64,
    pub(super) global_commands: Vec<Value>,
    pub(super) guild_commands: BTreeMap<u64, Vec<Value>>,
    pub(super) messages: HashMap<u64, Value>,
    /// Users seen in payloads (and the fake's own), for `GET /users/{id}`.
    pub(super) users: HashMap<u64, Value>,
    /// Channels seen in payloads (and the default one), for `GET /channels/{id}`.
    pub(super) channels: HashMap<u64, Value>,
    /// Interaction token -> id of the message `@original` refers to.
    pub(super) originals: HashMap<String, u64>,
    /// Interaction token -> the interaction as sent to the bot.
    pub(super) interactions: HashMap<String, Value>,
    /// Tokens of interactions that got their callback.
    pub(super) answered: HashSet<String>,
    pub(super) stubs: Vec<Stub>,
    /// Enforced nonces of channel messages -> the message each made.
    pub(super) nonces: HashMap<String, u64>,
    /// The threads the bot made, in order.
    pub(super) threads: Vec<u64>,
    /// Where a request or gateway payload of the bot, or an answer of the fake, broke Discord's
    /// contract; the test fails with them when the fake stops.
    pub(super) violations: Vec<String>,
}

impl State {
    /// The session that takes dispatches for `guild` (direct messages go to shard 0), as Discord
    /// routes them: `(guild_id >> 22) % shards`.
    pub(super) fn session_for(&self, guild: Option<u64>) -> Option<&ActiveSession> {
        let shard = guild.map_or(0, |id| ((id >> 22) % u64::from(self.shard_total.max(1))) as u32);
        self.sessions.get(&shard)
    }

    pub(super) fn new(ids: &Ids) -> Self {
        let mut state = Self {
            requests: Vec::new(),
            consumed: Vec::new(),
            gateway: Vec::new(),
            connections: 0,
            heartbeats: 0,
            sessions: BTreeMap::new(),
            shard_total: 1,
            gateway_down: false,
            session_shards: HashMap::new(),
            last_identify: None,
            identifies_refused: 0,
            global_commands: Vec::new(),
            guild_commands: BTreeMap::new(),
            messages: HashMap::new(),
            users: HashMap::new(),
            channels: HashMap::new(),
            originals: HashMap::new(),
            interactions: HashMap::new(),
            answered: HashSet::new(),
            stubs: Vec::new(),
            nonces: HashMap::new(),
            threads: Vec::new(),
            violations: Vec::new(),
        };
        for user in [&ids.bot, &ids.user, &ids.owner] {
            state.users.insert(user.id, user.json());
        }
        let general = payloads::text_channel(ids.channel_id, ids.guild_id, "general");
        state.channels.insert(ids.channel_id, general);
        state
    }

    /// Remembers the users, channel and message an incoming payload mentions.
    pub(super) fn remember(&mut self, payload: &Value) {
        let users = [&payload["author"], &payload["user"], &payload["member"]["user"]];
        let resolved = payload["data"]["resolved"]["users"].as_object().into_iter().flat_map(|users| users.values());
        let mentions = payload["mentions"].as_array().into_iter().flatten();
        for user in users.into_iter().chain(resolved).chain(mentions) {
            if let Some(id) = snowflake_of(&user["id"]) {
                self.users.insert(id, user.clone());
            }
        }
        if let Some(channel_id) = snowflake_of(&payload["channel_id"]) {
            let channel = match snowflake_of(&payload["guild_id"]) {
                // A DM or group DM the interaction names (a user install's chat): kept as sent.
                None if payload["channel"].is_object() => payload["channel"].clone(),
                Some(guild_id) => payloads::text_channel(channel_id, guild_id, &format!("channel-{channel_id}")),
                None => {
                    let user = [&payload["user"], &payload["author"]].into_iter().find(|user| user.is_object());
                    payloads::dm_channel(channel_id, user.unwrap_or(&Value::Null))
                }
            };
            self.channels.entry(channel_id).or_insert(channel);
        }
        if let Some(message) = payload.get("message") {
            self.remember(message);
            if let Some(id) = snowflake_of(&message["id"]) {
                self.messages.insert(id, message.clone());
            }
        }
    }
}

/// State shared by the test handle and the server tasks.
pub(super) struct Shared {
    pub(super) ids: Ids,
    pub(super) address: SocketAddr,
    pub(super) heartbeat_interval_ms: u64,
    /// IDENTIFYs closer together than this get an invalid session (zero: never).
    pub(super) identify_spacing: Duration,
    /// Whether IDENTIFYs are answered with close code 4004.
    pub(super) reject_identify: bool,
    pub(super) state: Mutex<State>,
    /// Woken on every change of `state`.
    pub(super) changed: Notify,
}

impl Shared {
    pub(super) fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn gateway_url(&self) -> String {
        format!("ws://{}/gateway", self.address)
    }

    /// Polls `check` after every change until it returns `Some` or `timeout` passes.
    pub(super) async fn wait_until<T>(
        &self,
        timeout: Duration,
        mut check: impl FnMut(&mut State) -> Option<T>,
    ) -> Option<T> {
        let deadline = Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(found) = check(&mut self.lock()) {
                return Some(found);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return None;
            }
        }
    }

    /// Everything received so far, for failure messages.
    pub(super) fn listing(&self) -> String {
        let state = self.lock();
        let mut listing = format!("REST requests received ({}):\n", state.requests.len());
        for (request, consumed) in state.requests.iter().zip(&state.consumed) {
            let mark = if *consumed { "  (already taken) " } else { "  " };
            let _ = writeln!(listing, "{mark}{}", request.summary());
        }
        let _ = writeln!(
            listing,
            "gateway: {} connection(s), {} heartbeat(s), session {}; messages from the bot:",
            state.connections,
            state.heartbeats,
            if state.sessions.is_empty() {
                "not ready".to_string()
            } else {
                format!("ready on shards {:?}", state.sessions.keys().collect::<Vec<_>>())
            },
        );
        for message in &state.gateway {
            let _ = writeln!(listing, "  connection {} op {}", message.connection, message.op);
        }
        listing
    }
}

/// A snowflake written as a string, as a number.
pub(super) fn snowflake_of(value: &Value) -> Option<u64> {
    value.as_str()?.parse().ok()
}
