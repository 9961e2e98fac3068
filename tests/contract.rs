//! The contract check itself: Discord's OpenAPI description and the gateway's send events find
//! what breaks them, name where, and let through what Discord takes. Every end-to-end test runs
//! through this check (the fake fails a test whose traffic broke the contract); these tests show
//! that the check can fail.

mod support;

use serde_json::{Value, json};
use support::fake_discord::{RequestBody, contract};

fn json_body(body: &Value) -> RequestBody<'_> {
    RequestBody { multipart: false, json: Some(body), fields: &[], files: &[] }
}

#[test]
fn a_message_whose_content_is_not_text_is_refused_with_its_path_and_the_schemas_complaint() {
    let body = json!({ "content": 5 });
    let complaints = contract().check_request("POST", "/channels/123/messages", None, &json_body(&body));
    assert_eq!(complaints.len(), 1, "{complaints:?}");
    assert!(
        complaints[0].starts_with("POST /channels/123/messages (/channels/{channel_id}/messages)"),
        "{complaints:?}"
    );
    assert!(complaints[0].contains("/content"), "{complaints:?}");
    assert!(complaints[0].contains("not of type"), "{complaints:?}");
}

#[test]
fn a_message_discord_takes_passes_the_check() {
    let body = json!({
        "content": "Alice played d3.",
        "embeds": [{ "title": "Game 12", "image": { "url": "attachment://board.png" } }],
        "components": [{ "type": 1, "components": [{ "type": 2, "style": 4, "label": "Resign", "custom_id": "resign:12:3" }] }],
        "allowed_mentions": { "parse": [] },
        "nonce": "game-12-v3",
        "enforce_nonce": true,
    });
    let complaints = contract().check_request("POST", "/channels/123/messages", None, &json_body(&body));
    assert_eq!(complaints, Vec::<String>::new());
}

#[test]
fn a_channel_id_that_is_no_snowflake_is_refused() {
    let body = json!({ "content": "hi" });
    let complaints = contract().check_request("POST", "/channels/general/messages", None, &json_body(&body));
    assert!(complaints.iter().any(|c| c.contains("path parameter channel_id = \"general\"")), "{complaints:?}");
}

#[test]
fn a_query_parameter_the_contract_does_not_know_is_refused_and_a_known_one_is_read_as_its_type() {
    let complaints = contract().check_request(
        "GET",
        "/applications/1/commands",
        Some("with_localizations=true"),
        &RequestBody { multipart: false, json: None, fields: &[], files: &[] },
    );
    assert_eq!(complaints, Vec::<String>::new());
    let complaints = contract().check_request(
        "GET",
        "/applications/1/commands",
        Some("verbose=1"),
        &RequestBody { multipart: false, json: None, fields: &[], files: &[] },
    );
    assert_eq!(complaints.len(), 1, "{complaints:?}");
    assert!(complaints[0].contains("query parameter verbose is not in the contract"), "{complaints:?}");
}

#[test]
fn a_route_discord_does_not_have_is_named() {
    let complaints = contract().check_request("POST", "/channels/1/board", None, &json_body(&json!({})));
    assert_eq!(complaints, vec!["POST /channels/1/board: no such operation in Discord's contract".to_owned()]);
}

#[test]
fn an_upload_with_attachment_ids_as_indexes_is_taken_as_discord_takes_it() {
    let payload = json!({ "content": "", "attachments": [{ "id": 0, "filename": "board.png" }] });
    let files = ["files[0]".to_owned()];
    let body = RequestBody { multipart: true, json: Some(&payload), fields: &[], files: &files };
    let complaints = contract().check_request("POST", "/channels/1/messages", None, &body);
    assert_eq!(complaints, Vec::<String>::new());
    // Any other wrong type of the same field is still a complaint.
    let payload = json!({ "attachments": [{ "id": true, "filename": "board.png" }] });
    let body = RequestBody { multipart: true, json: Some(&payload), fields: &[], files: &files };
    let complaints = contract().check_request("POST", "/channels/1/messages", None, &body);
    assert!(complaints.iter().any(|c| c.contains("/attachments/0/id")), "{complaints:?}");
}

#[test]
fn an_interaction_answer_of_an_unknown_kind_is_refused_by_its_closest_alternative() {
    let body = json!({ "type": 4, "data": { "content": "ok", "flags": "ephemeral" } });
    let complaints = contract().check_request("POST", "/interactions/1/token/callback", None, &json_body(&body));
    assert!(!complaints.is_empty());
    assert!(complaints.iter().any(|c| c.contains("/data/flags")), "{complaints:?}");
}

#[test]
fn a_fake_answer_missing_a_required_field_of_discords_message_is_caught() {
    let message = json!({ "id": "1", "channel_id": "2", "content": "hi" });
    let complaints = contract().check_response("POST", "/channels/2/messages", 200, Some(&message));
    assert!(complaints.iter().any(|c| c.contains("the fake's 200 answer")), "{complaints:?}");
    assert!(complaints.iter().any(|c| c.contains("\"author\" is a required property")), "{complaints:?}");
}

#[test]
fn a_rate_limit_answer_must_look_like_discords() {
    let good = json!({ "message": "You are being rate limited.", "retry_after": 1.5, "global": false, "code": 0 });
    assert_eq!(contract().check_response("POST", "/channels/2/messages", 429, Some(&good)), Vec::<String>::new());
    let bad = json!({ "retry_after": "soon" });
    assert!(!contract().check_response("POST", "/channels/2/messages", 429, Some(&bad)).is_empty());
}

#[test]
fn an_identify_without_intents_or_with_a_bad_shard_breaks_the_gateway_contract() {
    let good = json!({ "op": 2, "d": {
        "token": "Bot x", "properties": { "os": "linux", "browser": "serenity", "device": "serenity" },
        "large_threshold": 250, "shard": [0, 1], "intents": 513, "compress": false,
    }});
    assert_eq!(contract().check_gateway(&good), Vec::<String>::new());
    let mut no_intents = good.clone();
    no_intents["d"].as_object_mut().unwrap().remove("intents");
    let complaints = contract().check_gateway(&no_intents);
    assert!(complaints.iter().any(|c| c.contains("\"intents\" is a required property")), "{complaints:?}");
    let mut bad_shard = good.clone();
    bad_shard["d"]["shard"] = json!([0, 0]);
    assert!(!contract().check_gateway(&bad_shard).is_empty());
}

#[test]
fn heartbeats_resumes_and_presences_are_held_to_their_documented_shapes() {
    assert_eq!(contract().check_gateway(&json!({ "op": 1, "d": 42 })), Vec::<String>::new());
    assert_eq!(contract().check_gateway(&json!({ "op": 1, "d": null })), Vec::<String>::new());
    assert!(!contract().check_gateway(&json!({ "op": 1, "d": "42" })).is_empty());
    let resume = json!({ "op": 6, "d": { "token": "Bot x", "session_id": "abc", "seq": 7 } });
    assert_eq!(contract().check_gateway(&resume), Vec::<String>::new());
    assert!(!contract().check_gateway(&json!({ "op": 6, "d": { "token": "Bot x", "seq": 7 } })).is_empty());
    let presence = json!({ "op": 3, "d": { "since": null, "activities": [{ "name": "Othello", "type": 0 }], "status": "online", "afk": false } });
    assert_eq!(contract().check_gateway(&presence), Vec::<String>::new());
    let away = json!({ "op": 3, "d": { "since": null, "activities": [], "status": "away", "afk": false } });
    assert!(!contract().check_gateway(&away).is_empty());
}
