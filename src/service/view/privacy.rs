//! The words of `/privacy`: the name a deleted player goes by, the export's note, the question
//! before a deletion with its buttons, and the answers.

use super::super::text::{Args, Locale, say, words};
use crate::service::reply::{Button, ButtonStyle, Reply, Row};

/// What a player who deleted their data is called wherever their games are shown.
pub fn deleted_player(locale: Locale) -> String {
    words(locale, "player-deleted", &Args::new())
}

/// The private note that comes with the export's file.
pub fn exported(locale: Locale) -> Reply {
    Reply::private(say(locale, "privacy-exported", &Args::new()))
}

/// The description of the export's file.
pub fn export_description(locale: Locale) -> String {
    words(locale, "privacy-export-description", &Args::new())
}

/// The private question before a deletion: what goes and what stays, with the buttons.
pub fn delete_question(locale: Locale, confirm_id: String, cancel_id: String) -> Reply {
    let mut reply = Reply::private(say(locale, "privacy-delete-question", &Args::new()));
    let confirm = Button {
        id: confirm_id,
        label: words(locale, "button-confirm-delete", &Args::new()),
        style: ButtonStyle::Danger,
    };
    let cancel =
        Button { id: cancel_id, label: words(locale, "button-cancel", &Args::new()), style: ButtonStyle::Secondary };
    reply.rows.push(Row::Buttons(vec![confirm, cancel]));
    reply
}

/// The answer once the data is deleted.
pub fn deleted(locale: Locale) -> Reply {
    Reply::private(say(locale, "privacy-deleted", &Args::new()))
}

/// The answer to Cancel.
pub fn kept(locale: Locale) -> Reply {
    Reply::private(say(locale, "privacy-kept", &Args::new()))
}
