//! What the fake Discord remembers of each REST request the bot made ([`Recorded`], with
//! [`UploadedFile`]s), and the accessors tests use to read a reply out of it: content, embeds,
//! components, flags, attachments, autocomplete choices.

use std::fmt::Write as _;

use serde_json::Value;

use super::payloads::{EPHEMERAL, callback};

/// The path prefix of every REST route.
pub const API_PREFIX: &str = "/api/v10";

/// A file uploaded in a `multipart/form-data` body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UploadedFile {
    /// The form field, `files[0]`, `files[1]`, ...
    pub field: String,
    /// The file name the bot gave the file, e.g. `board.png`.
    pub filename: String,
    /// The part's `Content-Type`, e.g. `image/png`.
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

impl UploadedFile {
    /// Whether the bytes start with the PNG signature.
    pub fn is_png(&self) -> bool {
        self.bytes.starts_with(b"\x89PNG\r\n\x1a\n")
    }
}

/// One REST request the bot made, and how the fake answered it.
#[derive(Clone, Debug)]
pub struct Recorded {
    /// Position in arrival order, from 0.
    pub index: usize,
    pub method: String,
    /// The full path, e.g. `/api/v10/channels/1/messages`; see [`Self::route`].
    pub path: String,
    pub query: Option<String>,
    /// The JSON body; for a multipart body, its `payload_json` part.
    pub json: Option<Value>,
    /// Files of a multipart body.
    pub files: Vec<UploadedFile>,
    /// Other text fields of a multipart body.
    pub fields: Vec<(String, String)>,
    /// The status the fake answered with.
    pub status: u16,
    /// The JSON the fake answered with (none for 204).
    pub response: Option<Value>,
    /// The complete Message this request created or changed, as the fake now stores it: the
    /// reply of a follow-up or channel message, or the interaction's message after a type 4, 5,
    /// 6 or 7 callback. Pass it to `ComponentClick::on_message` to click one of its buttons.
    pub message: Option<Value>,
    /// Set when the fake could not make sense of the request (bad JSON, unknown route).
    pub problem: Option<String>,
    /// When the request arrived.
    pub at: std::time::Instant,
}

impl Recorded {
    /// The path without the `/api/v10` prefix, e.g. `/channels/1/messages`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix(API_PREFIX).unwrap_or(&self.path)
    }

    /// Whether this is `method` on exactly `route` (given without `/api/v10`).
    pub fn is(&self, method: &str, route: &str) -> bool {
        self.method.eq_ignore_ascii_case(method) && self.route() == route
    }

    /// Whether this is an interaction callback for the interaction with this id.
    pub fn is_callback_for(&self, interaction_id: &str) -> bool {
        self.method == "POST"
            && self
                .route()
                .strip_prefix("/interactions/")
                .and_then(|rest| rest.split_once('/'))
                .is_some_and(|(id, rest)| id == interaction_id && rest.ends_with("/callback"))
    }

    /// Whether this goes to the interaction webhook with this token (follow-ups and edits).
    pub fn is_webhook_for(&self, token: &str) -> bool {
        let mut segments = self.route().trim_start_matches('/').split('/');
        segments.next() == Some("webhooks") && segments.nth(1) == Some(token)
    }

    /// Whether this is a follow-up message (`POST /webhooks/{app}/{token}`).
    pub fn is_followup_for(&self, token: &str) -> bool {
        self.method == "POST" && self.is_webhook_for(token) && self.route().split('/').count() == 4
    }

    /// Whether this edits the original response (`PATCH /webhooks/{app}/{token}/messages/@original`).
    pub fn is_original_edit_for(&self, token: &str) -> bool {
        self.method == "PATCH" && self.is_webhook_for(token) && self.route().ends_with("/messages/@original")
    }

    /// Whether this posts a message in a channel (`POST /channels/{id}/messages`).
    pub fn is_channel_message_in(&self, channel_id: u64) -> bool {
        self.is("POST", &format!("/channels/{channel_id}/messages"))
    }

    /// Whether this is any interaction callback.
    pub fn is_callback(&self) -> bool {
        self.method == "POST" && self.route().starts_with("/interactions/") && self.route().ends_with("/callback")
    }

    /// The callback type (4 message, 5 deferred, 6 deferred update, 7 update, 8 autocomplete).
    pub fn callback_type(&self) -> Option<u64> {
        if !self.is_callback() {
            return None;
        }
        self.json.as_ref()?.get("type")?.as_u64()
    }

    /// The message part of the body: `data` of a callback, the whole body otherwise.
    pub fn body(&self) -> &Value {
        let json = self.json.as_ref().unwrap_or(&Value::Null);
        if self.is_callback() { json.get("data").unwrap_or(&Value::Null) } else { json }
    }

    /// The text the bot sent, if any.
    pub fn content(&self) -> Option<&str> {
        self.body().get("content")?.as_str()
    }

    /// The embeds the bot sent.
    pub fn embeds(&self) -> &[Value] {
        array(self.body().get("embeds"))
    }

    /// The component rows the bot sent.
    pub fn components(&self) -> &[Value] {
        array(self.body().get("components"))
    }

    /// The custom ids of all components, row by row.
    pub fn custom_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        collect_custom_ids(self.body().get("components"), &mut ids);
        ids
    }

    /// The message flags the bot sent (0 when absent).
    pub fn flags(&self) -> u64 {
        self.body().get("flags").and_then(Value::as_u64).unwrap_or(0)
    }

    /// Whether the reply is ephemeral (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & EPHEMERAL != 0
    }

    /// The `attachments` entries of the body (`{id, filename, ...}`), as the bot sent them.
    pub fn attachments(&self) -> &[Value] {
        array(self.body().get("attachments"))
    }

    /// The uploaded file with this name.
    pub fn file(&self, filename: &str) -> Option<&UploadedFile> {
        self.files.iter().find(|file| file.filename == filename)
    }

    /// The choices of an autocomplete callback (type 8).
    pub fn choices(&self) -> &[Value] {
        if self.callback_type() != Some(callback::AUTOCOMPLETE) {
            return &[];
        }
        array(self.body().get("choices"))
    }

    /// One line for failure listings.
    pub fn summary(&self) -> String {
        let mut line = format!(
            "#{} {} {}{} -> {}",
            self.index,
            self.method,
            self.path,
            self.query.as_deref().map(|query| format!("?{query}")).unwrap_or_default(),
            self.status
        );
        if let Some(kind) = self.callback_type() {
            let _ = write!(line, " type={kind}");
        }
        if let Some(content) = self.content() {
            let mut content: String = content.chars().take(80).collect();
            content = content.replace('\n', "\\n");
            let _ = write!(line, " content={content:?}");
        }
        if self.flags() != 0 {
            let _ = write!(line, " flags={}", self.flags());
        }
        if !self.embeds().is_empty() {
            let _ = write!(line, " embeds={}", self.embeds().len());
        }
        let custom_ids = self.custom_ids();
        if !custom_ids.is_empty() {
            let _ = write!(line, " custom_ids={custom_ids:?}");
        }
        if !self.files.is_empty() {
            let names: Vec<&str> = self.files.iter().map(|file| file.filename.as_str()).collect();
            let _ = write!(line, " files={names:?}");
        }
        if let Some(problem) = &self.problem {
            let _ = write!(line, " PROBLEM: {problem}");
        }
        line
    }
}

fn array(value: Option<&Value>) -> &[Value] {
    value.and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[])
}

fn collect_custom_ids(components: Option<&Value>, ids: &mut Vec<String>) {
    for component in array(components) {
        if let Some(id) = component.get("custom_id").and_then(Value::as_str) {
            ids.push(id.to_owned());
        }
        collect_custom_ids(component.get("components"), ids);
    }
}
