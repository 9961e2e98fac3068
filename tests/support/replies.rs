//! Reading what the bot sent, as a player would: the text of a reply's embeds, the move menu
//! under a board, and the values Discord sends for command choices.

use serde_json::Value;

use super::fake_discord::{FakeDiscord, Recorded};

/// Every title, description and field of a reply's embeds, one per line, without bold marks.
pub fn embed_text(reply: &Recorded) -> String {
    let mut text = String::new();
    for embed in reply.embeds() {
        for key in ["title", "description"] {
            if let Some(s) = embed[key].as_str() {
                text.push_str(s);
                text.push('\n');
            }
        }
        for field in embed["fields"].as_array().into_iter().flatten() {
            text.push_str(&format!(
                "{}: {}\n",
                field["name"].as_str().unwrap_or(""),
                field["value"].as_str().unwrap_or("")
            ));
        }
    }
    text.replace("**", "")
}

/// The custom id and the values of the first move menu under a board.
pub fn menu_of(reply: &Recorded) -> (String, Vec<String>) {
    for row in reply.components() {
        for component in row["components"].as_array().into_iter().flatten() {
            if component["type"] == 3 {
                let values = component["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str().map(String::from))
                    .collect();
                return (component["custom_id"].as_str().unwrap_or_default().to_string(), values);
            }
        }
    }
    panic!("no move menu in {}", reply.summary())
}

/// The value Discord sends for the choice `name` of a command option (poise sends choices as
/// integers), read from the registered command.
pub fn choice(fake: &FakeDiscord, command: &str, option: &str, name: &str) -> i64 {
    let command = fake.command(command).unwrap_or_else(|| panic!("/{command} registered"));
    let option = command["options"].as_array().into_iter().flatten().find(|o| o["name"] == option).expect("the option");
    let choice = option["choices"].as_array().into_iter().flatten().find(|c| c["name"] == name).expect("the choice");
    choice["value"].as_i64().expect("an integer choice")
}
