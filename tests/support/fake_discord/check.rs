//! Proof that the fixtures fit serenity: every payload the fake makes is deserialized into
//! serenity's own type, so a missing required field fails loudly instead of becoming an event
//! serenity silently drops.

use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::builders::{ComponentClick, MessageCreate, SlashCommand};
use super::payloads::{
    EPHEMERAL, FakeUser, Ids, application_info, attachment, current_user, dm_channel, message, ready,
    registered_command, snowflake, text_channel,
};
use super::recorded::UploadedFile;

/// Panics unless serenity can read `payload` as a `T`.
pub(super) fn check<T: DeserializeOwned>(what: &str, payload: &Value) {
    if let Err(error) = serde_json::from_value::<T>(payload.clone()) {
        panic!("serenity cannot read this {what} payload ({error}):\n{payload:#}");
    }
}

/// Checks every fixture against serenity's own types, with the error and the JSON on failure.
/// One test calls it, so a missing required field shows up as a clear failure instead of an
/// event serenity silently drops.
pub fn check_fixtures() {
    use serenity::all as s;

    let ids = Ids::new("reversi");
    let bob = FakeUser::new("bob");
    check::<s::CurrentApplicationInfo>("application info", &application_info(&ids));
    check::<s::CurrentUser>("current user", &current_user(&ids));
    check::<s::Ready>("READY", &ready(&ids, "session", "ws://127.0.0.1:1/gateway", [0, 1]));

    let png = UploadedFile {
        field: "files[0]".into(),
        filename: "board.png".into(),
        content_type: Some("image/png".into()),
        bytes: b"\x89PNG\r\n\x1a\n".to_vec(),
    };
    let body = json!({
        "content": "Your move",
        "flags": EPHEMERAL,
        "embeds": [{
            "title": "Board", "description": "d3", "color": 0x2e_8b57,
            "fields": [{ "name": "Black", "value": "2", "inline": true }],
            "image": { "url": "attachment://board.png" },
            "footer": { "text": "footer" },
        }],
        "components": [
            { "type": 1, "components": [
                { "type": 2, "style": 1, "label": "Pass", "custom_id": "pass" },
                { "type": 2, "style": 5, "label": "Rules", "url": "https://example.com" },
            ]},
            { "type": 1, "components": [{
                "type": 3, "custom_id": "move", "placeholder": "Move",
                "min_values": 1, "max_values": 1,
                "options": [{ "label": "d3", "value": "d3" }],
            }]},
        ],
        "attachments": [{ "id": 0, "filename": "board.png" }],
    });
    let attachments = vec![attachment(1, &png.filename, png.content_type.as_deref(), 8)];
    let reply = message(snowflake(), 1, Some(2), &ids.bot, &body, attachments);
    check::<s::Message>("message reply", &reply);

    let command = json!({
        "name": "play", "description": "Start a game", "type": 1,
        "options": [{ "name": "opponent", "description": "Who", "type": 6, "required": false }],
    });
    check::<s::Command>("registered command", &registered_command(1, Some(2), 3, &command));
    check::<s::Command>("registered command", &registered_command(1, None, 3, &json!({"name": "x"})));

    let slash = SlashCommand::new(&ids, "play", None, false)
        .string("word", "w")
        .integer("n", 3)
        .boolean("b", true)
        .number("x", 0.5)
        .channel("c", 5)
        .user("opponent", &bob);
    check::<s::Interaction>("slash command", &slash.build());
    check::<s::Interaction>("slash command in a DM", &slash.clone().in_dm(9).build());
    check::<s::Interaction>("subcommand", &slash.clone().subcommand("game new").build());
    let autocomplete = SlashCommand::new(&ids, "play", None, true).focused("word", "ap");
    check::<s::Interaction>("autocomplete", &autocomplete.build());
    let button = ComponentClick::new(&ids, "pass", 2, Vec::new());
    check::<s::Interaction>("button click", &button.build());
    check::<s::Interaction>("button click on a reply", &button.on_message(&reply).build());
    let select = ComponentClick::new(&ids, "move", 3, vec!["d3".into()]);
    check::<s::Interaction>("select", &select.build());
    check::<s::Channel>("text channel", &text_channel(1, 2, "general"));
    check::<s::Channel>("DM channel", &dm_channel(1, &bob.json()));
    let typed = MessageCreate::new(&ids, "d3").mentioning(&bob);
    check::<s::Message>("MESSAGE_CREATE", &typed.build());
    check::<s::Message>("MESSAGE_CREATE in a DM", &typed.in_dm(9).build());
}
