//! The fake Discord's gateway: one task per WebSocket connection that says HELLO, answers
//! IDENTIFY with READY and RESUME with RESUMED, acknowledges heartbeats, numbers dispatches, and
//! sends whatever events the test dispatches through the active session.

use std::sync::Arc;

use serde_json::{Value, json};
use serenity::futures::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::contract::contract;
use super::payloads;
use super::state::{ActiveSession, Shared};

/// What a test asks of the active gateway session.
#[derive(Debug)]
pub(super) enum SessionCommand {
    /// Send a dispatch (op 0) with the next sequence number.
    Dispatch { event: String, data: Value },
    /// Close the connection with this close code (the bot should resume or reconnect).
    Close(u16),
    /// Send INVALID_SESSION (op 9) with `d` = whether the session may be resumed.
    InvalidSession(bool),
}

/// A message the bot sent on the gateway (heartbeats are only counted).
#[derive(Clone, Debug)]
pub struct GatewayMessage {
    /// Which connection it came on, from 1.
    pub connection: u64,
    pub op: u64,
    pub payload: Value,
}

/// Runs one gateway connection until it closes or the fake shuts down.
pub(super) async fn run_session(
    shared: Arc<Shared>,
    mut socket: WebSocketStream<TcpStream>,
    mut shutdown: watch::Receiver<bool>,
) {
    let connection = {
        let mut state = shared.lock();
        state.connections += 1;
        state.connections
    };
    let (sender, mut commands) = mpsc::unbounded_channel();
    let mut sequence: u64 = 0;
    let mut session_shard: u32 = 0;

    if send(&mut socket, &payloads::hello(shared.heartbeat_interval_ms)).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Binary(bytes))) => String::from_utf8_lossy(&bytes).into_owned(),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                    let _ = socket.close(Some(close_frame(4002, "decode error"))).await;
                    break;
                };
                let violations = contract().check_gateway(&payload);
                if !violations.is_empty() {
                    shared.lock().violations.extend(violations);
                }
                let op = payload["op"].as_u64().unwrap_or(u64::MAX);
                let reply = match op {
                    1 => {
                        shared.lock().heartbeats += 1;
                        json!({ "op": 11 })
                    }
                    2 => {
                        record(&shared, connection, op, &payload);
                        if shared.reject_identify {
                            let _ = socket.close(Some(close_frame(4004, "Authentication failed."))).await;
                            break;
                        }
                        let shard = payload["d"]["shard"][0].as_u64().unwrap_or(0) as u32;
                        let total = payload["d"]["shard"][1].as_u64().unwrap_or(1).max(1) as u32;
                        let too_soon = {
                            let mut state = shared.lock();
                            let now = tokio::time::Instant::now();
                            let too_soon = state.last_identify.is_some_and(|last| now - last < shared.identify_spacing);
                            if too_soon {
                                state.identifies_refused += 1;
                            } else {
                                state.last_identify = Some(now);
                            }
                            too_soon
                        };
                        if too_soon {
                            // Discord's answer to identifying faster than its rate allows.
                            if send(&mut socket, &json!({ "op": 9, "d": false })).await.is_err() {
                                break;
                            }
                            shared.changed.notify_waiters();
                            continue;
                        }
                        sequence = 1;
                        let session_id = format!("fake-session-{connection}");
                        {
                            let mut state = shared.lock();
                            state.shard_total = total;
                            state.session_shards.insert(session_id.clone(), shard);
                            session_shard = shard;
                        }
                        json!({
                            "op": 0, "t": "READY", "s": sequence,
                            "d": payloads::ready(&shared.ids, &session_id, &shared.gateway_url(), [shard, total]),
                        })
                    }
                    6 => {
                        record(&shared, connection, op, &payload);
                        sequence = payload["d"]["seq"].as_u64().unwrap_or(0) + 1;
                        let session = payload["d"]["session_id"].as_str().unwrap_or_default();
                        session_shard = shared.lock().session_shards.get(session).copied().unwrap_or(0);
                        json!({ "op": 0, "t": "RESUMED", "s": sequence, "d": {} })
                    }
                    _ => {
                        record(&shared, connection, op, &payload);
                        continue;
                    }
                };
                if send(&mut socket, &reply).await.is_err() {
                    break;
                }
                if op == 2 || op == 6 {
                    let session = ActiveSession { connection, shard: session_shard, sender: sender.clone() };
                    shared.lock().sessions.insert(session_shard, session);
                    shared.changed.notify_waiters();
                }
            }
            command = commands.recv() => match command {
                Some(SessionCommand::Dispatch { event, data }) => {
                    sequence += 1;
                    let dispatch = json!({ "op": 0, "t": event, "s": sequence, "d": data });
                    if send(&mut socket, &dispatch).await.is_err() {
                        break;
                    }
                }
                Some(SessionCommand::InvalidSession(resumable)) => {
                    if send(&mut socket, &json!({ "op": 9, "d": resumable })).await.is_err() {
                        break;
                    }
                }
                Some(SessionCommand::Close(code)) => {
                    let _ = socket.close(Some(close_frame(code, "closed by the test"))).await;
                    break;
                }
                None => break,
            },
            _ = shutdown.changed() => {
                let _ = socket.close(Some(close_frame(1000, "fake Discord shutting down"))).await;
                break;
            }
        }
    }

    let mut state = shared.lock();
    state.sessions.retain(|_, session| session.connection != connection);
    drop(state);
    shared.changed.notify_waiters();
}

fn record(shared: &Shared, connection: u64, op: u64, payload: &Value) {
    shared.lock().gateway.push(GatewayMessage { connection, op, payload: payload.clone() });
    shared.changed.notify_waiters();
}

async fn send(
    socket: &mut WebSocketStream<TcpStream>,
    payload: &Value,
) -> Result<(), tokio_tungstenite::tungstenite::Error> {
    socket.send(Message::Text(payload.to_string())).await
}

fn close_frame(code: u16, reason: &'static str) -> CloseFrame<'static> {
    CloseFrame { code: CloseCode::from(code), reason: reason.into() }
}
