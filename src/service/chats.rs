//! Where a command may be used. Discord offers each command only in the kinds of chat the table
//! of commands names (`catalog::CommandSpec::offered`); the service holds to the same table,
//! since a registration can lag behind and the console has none, and refuses what the bot
//! cannot do where it is not a member.

use super::catalog::{CommandSpec, Offered};
use super::command::{Chat, Command, Invocation};
use super::error::UserError;

/// Refuses `command` where it is not offered, and a challenge to someone outside the chat.
pub(super) fn check(inv: &Invocation, command: &Command) -> Result<(), UserError> {
    let here = match &inv.chat {
        Chat::Server => return Ok(()),
        Chat::ServerWithoutBot => return Err(UserError::BotNotInServer),
        Chat::BotDm => Offered::BotDm,
        Chat::Private { .. } => Offered::Private,
    };
    if let Some(name) = slash_name(command)
        && CommandSpec::named(name).is_some_and(|spec| !spec.offered().contains(&here))
    {
        return Err(UserError::NotOfferedHere(name));
    }
    if let (Chat::Private { members: Some(members) }, Command::Challenge { opponent: Some(opponent), .. }) =
        (&inv.chat, command)
        && !members.contains(&opponent.id)
    {
        return Err(UserError::NotInChat(opponent.name.clone()));
    }
    Ok(())
}

/// The slash command a command comes from, for the commands not offered everywhere (a click
/// follows a message already in the chat, so it is never refused here).
fn slash_name(command: &Command) -> Option<&'static str> {
    Some(match command {
        Command::Challenge { .. } => "challenge",
        Command::PlayBot { .. } => "bot",
        Command::Solo(_) => "solo",
        Command::Puzzle(_) => "puzzle",
        Command::Review(_) => "review",
        Command::Analyze { .. } => "analyze",
        Command::Leaderboard(..) | Command::Season(..) => "leaderboard",
        Command::Settings(_) => "settings",
        Command::Tournament(_) => "tournament",
        Command::Games(_) => "games",
        Command::Watch(_) => "watch",
        _ => return None,
    })
}
