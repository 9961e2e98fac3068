//! Tournaments in words: the sign-up card with its buttons, the server's list, each round's
//! pairings, the standings (with the podium at the end), the line that opens each game's thread,
//! and the organiser's answers. The standings, in a picture and as text, are in `standings`.

mod standings;

pub use standings::{Picture, STANDINGS_FILE, crosstable_text, points, result_mark, standings, standings_table};

use std::collections::HashMap;

use crate::render::Theme;
use crate::store::{
    Entry, Format, LogEntry, NewPairing, PairingRecord, PairingResult, TournamentId, TournamentRecord, TournamentState,
    UserId,
};

use super::super::components;
use super::super::reply::{Button, ButtonStyle, Embed, Field, Reply, Row};
use super::super::text::{Args, Locale, Span, Text, TimeStyle, say, words};
use super::board::{level_name, mention, rules_summary};
use super::privacy::deleted_player;

/// The most characters of a tournament's name kept.
pub const NAME_CHARS: usize = 60;
/// Discord's limit on a thread's name.
const THREAD_NAME_CHARS: usize = 100;
/// The colour of a tournament's embeds: a trophy's gold.
const GOLD: u32 = 0xC9A227;
/// How many players a card lists by name.
const LISTED: usize = 40;

/// Everyone a tournament's words name: their names (`None` for a deleted player) and the bot.
pub struct Names {
    /// By id.
    pub names: HashMap<UserId, Option<String>>,
    /// The bot's id (shown with its level, never mentioned).
    pub bot: UserId,
}

impl Names {
    /// A player's name as shown: the bot with its level, a deleted player as such.
    fn name(&self, locale: Locale, record: &TournamentRecord, id: UserId) -> String {
        match self.names.get(&id) {
            Some(Some(name)) if id == self.bot => match record.bot_level {
                Some(level) => words(
                    locale,
                    "tournament-bot",
                    &Args::new().text("name", name.clone()).text("level", level_name(locale, level)),
                ),
                None => name.clone(),
            },
            Some(Some(name)) => name.clone(),
            _ => deleted_player(locale),
        }
    }

    /// A player called by name: mentioned on Discord (never the bot or a deleted player).
    fn call(&self, locale: Locale, record: &TournamentRecord, id: UserId) -> Text {
        match self.names.get(&id) {
            Some(Some(name)) if id != self.bot => mention(id, name),
            _ => Text::plain(self.name(locale, record, id)),
        }
    }
}

/// The key under which a tournament's post is announced (the same news posted twice shows once).
pub fn key(id: TournamentId, kind: &str, n: u32) -> String {
    format!("t{}{kind}{n}", id.0)
}

/// The format in words: `Swiss, 5 rounds`.
fn format_line(locale: Locale, record: &TournamentRecord) -> String {
    let args = Args::new().word("format", record.format.as_str()).number("rounds", record.rounds);
    words(locale, "tournament-format", &args)
}

/// What kind of tournament it is, in a few lines: format, rules, rated, time per move, organiser.
fn about(locale: Locale, record: &TournamentRecord, names: &Names) -> Text {
    let mut lines = vec![Text::plain(format_line(locale, record))];
    lines.push(Text::plain(rules_summary(locale, &record.rules, Theme::Classic)));
    let rated = if record.rated { "tournament-rated" } else { "tournament-unrated" };
    lines.push(say(locale, rated, &Args::new()));
    if let Some(secs) = record.move_secs {
        lines.push(say(locale, "tournament-move-time", &Args::new().number("minutes", secs / 60)));
    }
    if let Some(secs) = record.round_secs {
        lines.push(say(locale, "tournament-round-time", &Args::new().number("hours", secs / 3600)));
    }
    if let (Some(at), TournamentState::Signup) = (record.starts_at, record.state) {
        let when = Text::span(Span::Time { at, style: TimeStyle::Relative });
        lines.push(say(locale, "tournament-starts", &Args::new().text("when", when)));
    }
    let organiser = Text::plain(names.name(locale, record, record.organiser));
    lines.push(say(locale, "tournament-organiser", &Args::new().text("player", organiser)));
    Text::join(lines, "\n")
}

/// The organiser's log as a card's field: what was done, by whom and when; `None` while empty.
pub fn log_field(locale: Locale, record: &TournamentRecord, log: &[LogEntry], names: &Names) -> Option<Field> {
    if log.is_empty() {
        return None;
    }
    let lines = log.iter().map(|entry| {
        let name = |id: Option<UserId>| match id {
            Some(id) => Text::plain(names.name(locale, record, id)),
            None => Text::plain(deleted_player(locale)),
        };
        // A result's detail: `round.board.game result`.
        let (game, result) = entry.detail.as_deref().and_then(|d| d.split_once(' ')).unwrap_or(("", ""));
        let args = Args::new()
            .text("when", Text::span(Span::Time { at: entry.at, style: TimeStyle::Relative }))
            .text("actor", name(entry.actor))
            .word("action", entry.action.as_str())
            .text("subject", name(entry.subject))
            .text("game", Text::plain(game))
            .word("result", if result.is_empty() { "none" } else { result }.to_string());
        say(locale, "tournament-log-line", &args)
    });
    Some(Field::block(say(locale, "tournament-log", &Args::new()), Text::join(lines, "\n")))
}

/// The sign-up card: what the tournament is, who has entered, the organiser's log, and Join,
/// Leave and Start.
pub fn card(locale: Locale, record: &TournamentRecord, entries: &[Entry], names: &Names, log: &[LogEntry]) -> Reply {
    let mut players: Vec<String> = entries.iter().take(LISTED).map(|e| names.name(locale, record, e.player)).collect();
    if entries.len() > LISTED {
        players.push(words(locale, "tournament-more", &Args::new().number("count", entries.len() - LISTED)));
    }
    let listed = if players.is_empty() {
        say(locale, "tournament-nobody", &Args::new())
    } else {
        Text::plain(players.join(", "))
    };
    let count = Args::new().number("count", entries.len()).number("max", record.max_players);
    let state = match record.state {
        TournamentState::Signup => say(locale, "tournament-card-signup", &Args::new().number("id", record.id.0)),
        TournamentState::Running => say(
            locale,
            "tournament-card-running",
            &Args::new().number("round", record.round).number("rounds", record.rounds),
        ),
        TournamentState::Finished => say(locale, "tournament-card-finished", &Args::new()),
        TournamentState::Cancelled => say(locale, "tournament-card-cancelled", &Args::new()),
    };
    let embed = Embed {
        title: say(
            locale,
            "tournament-title",
            &Args::new().text("name", record.name.clone()).number("id", record.id.0),
        ),
        description: about(locale, record, names),
        fields: std::iter::once(Field::block(say(locale, "tournament-players", &count), listed))
            .chain(log_field(locale, record, log, names))
            .collect(),
        footer: state,
        color: GOLD,
        ..Embed::default()
    };
    let rows = if record.state == TournamentState::Signup {
        vec![Row::Buttons(vec![
            Button {
                id: components::tournament_join(record.id),
                label: words(locale, "button-tournament-join", &Args::new()),
                style: ButtonStyle::Success,
            },
            Button {
                id: components::tournament_leave(record.id),
                label: words(locale, "button-tournament-leave", &Args::new()),
                style: ButtonStyle::Secondary,
            },
            Button {
                id: components::tournament_start(record.id),
                label: words(locale, "button-tournament-start", &Args::new()),
                style: ButtonStyle::Primary,
            },
        ])]
    } else {
        Vec::new()
    };
    Reply { embed: Some(embed), rows, ..Reply::default() }
}

/// `/tournament` alone: the server's tournaments taking sign-ups or running, then recent ones.
pub fn list(locale: Locale, records: &[TournamentRecord], counts: &[usize]) -> Reply {
    let lines: Vec<Text> = records
        .iter()
        .zip(counts)
        .map(|(record, &count)| {
            let args = Args::new()
                .number("id", record.id.0)
                .text("name", Text::strong(record.name.clone()))
                .text("format", format_line(locale, record))
                .number("players", count)
                .word("state", state_word(record))
                .number("round", record.round)
                .number("rounds", record.rounds);
            say(locale, "tournament-list-line", &args)
        })
        .collect();
    let description =
        if lines.is_empty() { say(locale, "tournament-list-empty", &Args::new()) } else { Text::join(lines, "\n") };
    let embed = Embed {
        title: say(locale, "tournament-list-title", &Args::new()),
        description,
        footer: say(locale, "tournament-list-footer", &Args::new()),
        color: GOLD,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ..Reply::default() }
}

fn state_word(record: &TournamentRecord) -> &'static str {
    match record.state {
        TournamentState::Running if record.paused => "paused",
        state => state.as_str(),
    }
}

/// A round's pairings, posted when it begins: each board with both players called (black
/// first), the bye, and the games decided without play.
pub fn round(locale: Locale, record: &TournamentRecord, pairings: &[PairingRecord], names: &Names) -> Reply {
    let mut lines = Vec::new();
    let knockout = record.format == Format::Knockout;
    // A knockout match's later games are named by its first.
    for p in pairings.iter().filter(|p| p.round == record.round && p.game_no == 1) {
        let black = names.call(locale, record, p.black);
        let line = match (p.white, p.result) {
            (None, _) => say(locale, "tournament-bye", &Args::new().text("player", black)),
            (Some(white), Some(PairingResult::BlackForfeit | PairingResult::WhiteForfeit)) => {
                let (winner, loser) =
                    if p.result == Some(PairingResult::BlackForfeit) { (p.black, white) } else { (white, p.black) };
                let args = Args::new()
                    .text("winner", Text::plain(names.name(locale, record, winner)))
                    .text("loser", Text::plain(names.name(locale, record, loser)));
                say(locale, "tournament-forfeit", &args)
            }
            (Some(white), _) => {
                let args = Args::new()
                    .number("board", p.board)
                    .text("black", black)
                    .text("white", names.call(locale, record, white));
                say(locale, if knockout { "tournament-match" } else { "tournament-board" }, &args)
            }
        };
        lines.push(line);
    }
    let title =
        Args::new().text("name", record.name.clone()).number("round", record.round).number("rounds", record.rounds);
    let embed = Embed {
        title: say(locale, "tournament-round-title", &title),
        description: Text::join(lines, "\n"),
        footer: say(locale, "tournament-round-footer", &Args::new().word("format", record.format.as_str())),
        color: GOLD,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ..Reply::default() }
}

/// The name of a game's thread: `Winter Cup · round 2, board 1: Alice – Bob`.
pub fn thread_name(locale: Locale, record: &TournamentRecord, pairing: &PairingRecord, names: &Names) -> String {
    let args = Args::new()
        .text("name", record.name.clone())
        .number("round", pairing.round)
        .number("board", pairing.board)
        .text("black", names.name(locale, record, pairing.black))
        .text("white", pairing.white.map(|w| names.name(locale, record, w)).unwrap_or_default());
    words(locale, "tournament-thread", &args).chars().take(THREAD_NAME_CHARS).collect()
}

/// The line over a tournament game's first board: the tournament, round and board, both players
/// called.
pub fn game_intro(locale: Locale, record: &TournamentRecord, pairing: &PairingRecord, names: &Names) -> Text {
    let args = Args::new()
        .text("name", Text::strong(record.name.clone()))
        .number("round", pairing.round)
        .number("board", pairing.board)
        .text("black", names.call(locale, record, pairing.black))
        .text("white", pairing.white.map(|w| names.call(locale, record, w)).unwrap_or_default());
    say(locale, "tournament-game-intro", &args)
}

/// A player withdrawn.
pub fn withdrawn(locale: Locale, record: &TournamentRecord, player: UserId, names: &Names) -> Reply {
    let args = Args::new()
        .text("player", Text::plain(names.name(locale, record, player)))
        .text("name", Text::strong(record.name.clone()))
        .word("started", if record.state == TournamentState::Signup { "no" } else { "yes" });
    Reply::text(say(locale, "tournament-withdrawn", &args))
}

/// A tournament paused or resumed.
pub fn paused(locale: Locale, record: &TournamentRecord, pause: bool) -> Reply {
    let id = if pause { "tournament-paused" } else { "tournament-resumed" };
    Reply::text(say(locale, id, &Args::new().text("name", Text::strong(record.name.clone()))))
}

/// A knockout match level after its games: one more, colours as given.
pub fn decider(locale: Locale, record: &TournamentRecord, decider: &NewPairing, names: &Names) -> Reply {
    let args = Args::new()
        .text("name", Text::strong(record.name.clone()))
        .number("round", record.round)
        .number("board", decider.board)
        .number("game", decider.game_no)
        .text("black", names.call(locale, record, decider.black))
        .text("white", decider.white.map(|w| names.call(locale, record, w)).unwrap_or_default());
    Reply::text(say(locale, "tournament-decider", &args))
}

/// A result the organiser set: who won (or a draw), round and board.
pub fn adjudicated(
    locale: Locale,
    record: &TournamentRecord,
    pairing: &PairingRecord,
    result: PairingResult,
    names: &Names,
) -> Reply {
    let white = pairing.white.unwrap_or(pairing.black);
    let args = Args::new()
        .text("name", Text::strong(record.name.clone()))
        .number("round", pairing.round)
        .number("board", pairing.board)
        .text("black", Text::plain(names.name(locale, record, pairing.black)))
        .text("white", Text::plain(names.name(locale, record, white)))
        .word("result", result.as_str());
    Reply::text(say(locale, "tournament-adjudicated", &args))
}

/// A tournament called off.
pub fn cancelled(locale: Locale, record: &TournamentRecord) -> Reply {
    Reply::text(say(locale, "tournament-cancelled", &Args::new().text("name", Text::strong(record.name.clone()))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_posts_key_stays_within_discords_nonce_length() {
        assert!(key(TournamentId(1 << 53), "g", 999_999).len() <= 25);
    }
}
