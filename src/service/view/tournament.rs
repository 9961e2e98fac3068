//! Tournaments in words: the sign-up card with its buttons, the server's list, each round's
//! pairings, the standings (with the podium at the end), the line that opens each game's thread,
//! and the organiser's answers.

use std::collections::HashMap;

use crate::render::{CrossResult, Crosstable, Medal, Renderer, StandingsHeaders, StandingsRow, StandingsTable, Theme};
use crate::store::{
    Entry, Format, LogEntry, NewPairing, PairingRecord, PairingResult, TournamentId, TournamentRecord, TournamentState,
    UserId,
};

use super::super::components;
use super::super::reply::{Attachment, Button, ButtonStyle, Embed, Field, Reply, Row};
use super::super::text::{Args, Locale, Span, Text, TimeStyle, say, words};
use super::super::tournament_rules::Standing;
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
/// The name of the standings picture.
pub const STANDINGS_FILE: &str = "standings.png";
/// The most players a round robin's crosstable shows (beyond, the picture leaves it out).
const CROSSTABLE_PLAYERS: usize = crate::render::MAX_CROSSTABLE;

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

/// Points as players write them: `3`, `3½`, `½`.
fn points(points: f64) -> String {
    let whole = points.floor();
    let half = points - whole >= 0.5;
    match (whole as u32, half) {
        (0, true) => "½".into(),
        (n, true) => format!("{n}½"),
        (n, false) => n.to_string(),
    }
}

/// Which plural form a number of points takes: one point, any other number of points (½ too).
fn plural(points: f64) -> &'static str {
    if points == 1.0 { "one" } else { "other" }
}

/// What the standings picture shows besides the table: the server's theme and, for a round
/// robin's crosstable, every pairing so far.
pub struct Picture<'a> {
    /// Draws it.
    pub renderer: &'a Renderer,
    /// The server's theme.
    pub theme: Theme,
    /// Every pairing so far (the crosstable's results).
    pub pairings: &'a [PairingRecord],
}

/// The standings after `after` whole rounds (and the decided games of the round being played,
/// if any): rank, points, the tie-breaks and the record, as a picture when there is one (with the
/// crosstable of a round robin) and in words otherwise; at the end, the champion and the podium.
pub fn standings(
    locale: Locale,
    record: &TournamentRecord,
    table: &[Standing],
    names: &Names,
    after: u32,
    picture: Option<Picture<'_>>,
) -> Reply {
    let finished = record.state == TournamentState::Finished;
    let title = if finished {
        say(locale, "tournament-final-title", &Args::new().text("name", record.name.clone()))
    } else if after < record.round {
        let args =
            Args::new().text("name", record.name.clone()).number("round", record.round).number("rounds", record.rounds);
        say(locale, "tournament-standings-live-title", &args)
    } else {
        let args = Args::new().text("name", record.name.clone()).number("round", after).number("rounds", record.rounds);
        say(locale, "tournament-standings-title", &args)
    };
    let mut fields = Vec::new();
    if finished {
        let podium: Vec<Text> = table
            .iter()
            .filter(|s| s.rank <= 3)
            .map(|s| {
                let args = Args::new()
                    .number("place", s.rank)
                    .text("player", names.call(locale, record, UserId(s.id)))
                    .word("points", points(s.points))
                    .word("plural", plural(s.points));
                say(locale, "tournament-podium-line", &args)
            })
            .collect();
        if !podium.is_empty() {
            fields.push(Field::block(say(locale, "tournament-podium", &Args::new()), Text::join(podium, "\n")));
        }
    }
    let mut embed = Embed {
        title,
        fields,
        footer: say(locale, "tournament-standings-footer", &Args::new().word("format", record.format.as_str())),
        color: GOLD,
        ..Embed::default()
    };
    let mut files = Vec::new();
    match picture {
        // The picture shows the table: the embed keeps the title, the podium and the footer.
        Some(picture) => {
            let drawn = standings_table(locale, record, table, names, after, picture.pairings);
            let png = picture.renderer.standings_png(&drawn, picture.theme);
            let args = Args::new().text("name", record.name.clone());
            let description = words(locale, "tournament-picture-description", &args);
            files.push(Attachment { name: STANDINGS_FILE.into(), bytes: png, description: Some(description) });
            embed.image = Some(STANDINGS_FILE.into());
        }
        None if table.is_empty() => embed.description = say(locale, "tournament-nobody", &Args::new()),
        None => embed.description = Text::join(table.iter().map(|s| standing_line(locale, record, s, names)), "\n"),
    }
    Reply { embed: Some(embed), files, ..Reply::default() }
}

/// One line of the standings in words: `1. Alice: 3½ points (3–1–0), Brightwell 212, discs 40`.
fn standing_line(locale: Locale, record: &TournamentRecord, s: &Standing, names: &Names) -> Text {
    let args = Args::new()
        .text("rank", Text::strong(s.rank.to_string()))
        .text("player", Text::plain(names.name(locale, record, UserId(s.id))))
        .word("points", points(s.points))
        .word("plural", plural(s.points))
        .word("brightwell", locale.decimal(s.brightwell))
        .number("discs", s.disc_count)
        .number("wins", s.wins)
        .number("draws", s.draws)
        .number("losses", s.losses)
        .word("withdrawn", if s.withdrawn { "yes" } else { "no" });
    say(locale, "tournament-standing", &args)
}

/// The standings as the picture draws them, in the reader's words.
fn standings_table(
    locale: Locale,
    record: &TournamentRecord,
    table: &[Standing],
    names: &Names,
    after: u32,
    pairings: &[PairingRecord],
) -> StandingsTable {
    let finished = record.state == TournamentState::Finished;
    let heading = |id: &str| words(locale, id, &Args::new());
    let games_of = |id: u64| {
        pairings.iter().filter(|p| p.result.is_some() && (p.black.0 == id || p.white.map(|w| w.0) == Some(id))).count()
    };
    let rows = table
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let id = UserId(s.id);
            let shared = i > 0 && table[i - 1].rank == s.rank;
            StandingsRow {
                rank: if shared { String::new() } else { s.rank.to_string() },
                name: match names.names.get(&id) {
                    Some(Some(name)) => name.clone(),
                    _ => deleted_player(locale),
                },
                half_points: (s.points * 2.0).round() as u32,
                tie_breaks: vec![locale.decimal(s.brightwell), s.disc_count.to_string()],
                games: games_of(s.id) as u32,
                level: record.bot_level.filter(|_| id == names.bot).map(|level| level_name(locale, level)),
                withdrawn: s.withdrawn.then(|| heading("tournament-picture-withdrawn")),
                medal: match (finished, s.rank) {
                    (true, 1) => Some(Medal::Gold),
                    (true, 2) => Some(Medal::Silver),
                    (true, 3) => Some(Medal::Bronze),
                    _ => None,
                },
            }
        })
        .collect();
    let round_robin =
        matches!(record.format, crate::store::Format::RoundRobin | crate::store::Format::DoubleRoundRobin);
    let crosstable = (round_robin && table.len() <= CROSSTABLE_PLAYERS).then(|| crosstable(table, pairings));
    let subtitle = if finished {
        heading("tournament-picture-final")
    } else if after < record.round {
        let args = Args::new().number("round", record.round).number("rounds", record.rounds);
        words(locale, "tournament-picture-live", &args)
    } else {
        words(locale, "tournament-picture-round", &Args::new().number("round", after).number("rounds", record.rounds))
    };
    StandingsTable {
        title: record.name.clone(),
        subtitle,
        headers: StandingsHeaders {
            rank: heading("tournament-picture-rank"),
            player: heading("tournament-picture-player"),
            games: heading("tournament-picture-games"),
            points: heading("tournament-picture-points"),
            tie_breaks: vec![heading("tournament-picture-brightwell"), heading("tournament-picture-discs")],
        },
        rows,
        crosstable,
        podium: finished,
        footnote: words(locale, "tournament-picture-footnote", &Args::new().word("format", record.format.as_str())),
    }
}

/// A round robin's crosstable in the order of the standings: each pair's results, from the row
/// player's side, in the order played.
fn crosstable(table: &[Standing], pairings: &[PairingRecord]) -> Crosstable {
    let index: HashMap<u64, usize> = table.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
    let mut results = vec![vec![Vec::new(); table.len()]; table.len()];
    for p in pairings {
        let (Some(white), Some(result)) = (p.white, p.result) else { continue };
        let (Some(&b), Some(&w)) = (index.get(&p.black.0), index.get(&white.0)) else { continue };
        let (for_black, for_white) = match result {
            PairingResult::Black => (CrossResult::Win, CrossResult::Loss),
            PairingResult::White => (CrossResult::Loss, CrossResult::Win),
            PairingResult::Draw => (CrossResult::Draw, CrossResult::Draw),
            PairingResult::BlackForfeit => (CrossResult::ForfeitWin, CrossResult::ForfeitLoss),
            PairingResult::WhiteForfeit => (CrossResult::ForfeitLoss, CrossResult::ForfeitWin),
            PairingResult::Bye | PairingResult::Unplayed => continue,
        };
        results[b][w].push(for_black);
        results[w][b].push(for_white);
    }
    Crosstable { results }
}

/// The standings with each round's results as text, as crosstables are published: per round
/// the result (`+` win, `=` draw, `-` loss), the opponent's line and colour (`b`, `w`); `+BYE`
/// for a bye and `F` for a game decided without play. Then the legend and the tie-breaks.
pub fn crosstable_text(
    locale: Locale,
    record: &TournamentRecord,
    table: &[Standing],
    pairings: &[PairingRecord],
    names: &Names,
) -> String {
    let line_of: HashMap<u64, usize> = table.iter().enumerate().map(|(i, s)| (s.id, i + 1)).collect();
    let rounds = pairings.iter().map(|p| p.round).max().unwrap_or(0);
    let cell = |id: u64, round: u32| -> String {
        let mut results = Vec::new();
        for p in pairings.iter().filter(|p| p.round == round) {
            let white = p.white.map(|w| w.0);
            let (colour, opponent) = match (p.black.0 == id, white) {
                (true, Some(w)) => ('b', w),
                (true, None) => {
                    results.push("+BYE".to_string());
                    continue;
                }
                (false, Some(w)) if w == id => ('w', p.black.0),
                _ => continue,
            };
            let mine = colour == 'b';
            let sign = match p.result {
                Some(PairingResult::Black) => {
                    if mine {
                        "+"
                    } else {
                        "-"
                    }
                }
                Some(PairingResult::White) => {
                    if mine {
                        "-"
                    } else {
                        "+"
                    }
                }
                Some(PairingResult::Draw) => "=",
                Some(PairingResult::BlackForfeit) => {
                    if mine {
                        "+F"
                    } else {
                        "-F"
                    }
                }
                Some(PairingResult::WhiteForfeit) => {
                    if mine {
                        "-F"
                    } else {
                        "+F"
                    }
                }
                Some(PairingResult::Bye) | Some(PairingResult::Unplayed) | None => "",
            };
            let line = line_of.get(&opponent).map_or(String::new(), |n| n.to_string());
            results.push(format!("{sign}{line}{colour}"));
        }
        results.join(" ")
    };
    let heading = |id: &str| words(locale, id, &Args::new());
    let mut header = vec![
        heading("tournament-picture-rank"),
        heading("tournament-picture-player"),
        heading("tournament-picture-points"),
        heading("tournament-picture-brightwell"),
        heading("tournament-picture-discs"),
    ];
    header.extend((1..=rounds).map(|r| words(locale, "tournament-export-round", &Args::new().number("round", r))));
    let mut rows = vec![header];
    for (i, s) in table.iter().enumerate() {
        let shared = i > 0 && table[i - 1].rank == s.rank;
        let mut row = vec![
            if shared { String::new() } else { s.rank.to_string() },
            names.name(locale, record, UserId(s.id)),
            points(s.points),
            locale.decimal(s.brightwell),
            format!("{:+}", s.disc_count),
        ];
        row.extend((1..=rounds).map(|r| cell(s.id, r)));
        rows.push(row);
    }
    let columns = rows[0].len();
    let widths: Vec<usize> =
        (0..columns).map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0)).collect();
    let finished = record.state == TournamentState::Finished;
    let title = if finished {
        words(locale, "tournament-final-title", &Args::new().text("name", record.name.clone()))
    } else {
        let args =
            Args::new().text("name", record.name.clone()).number("round", record.round).number("rounds", record.rounds);
        words(locale, "tournament-standings-live-title", &args)
    };
    let mut out = format!("{title}\n{}\n\n", format_line(locale, record));
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(text, &width)| format!("{text}{}", " ".repeat(width - text.chars().count())))
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out.push('\n');
    out.push_str(&heading("tournament-export-legend"));
    out.push('\n');
    out.push_str(&words(locale, "tournament-standings-footer", &Args::new().word("format", record.format.as_str())));
    out.push('\n');
    out
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
    fn points_are_written_with_a_half_as_players_write_them() {
        assert_eq!([points(0.0), points(0.5), points(3.0), points(3.5)], ["0", "½", "3", "3½"]);
    }

    #[test]
    fn a_posts_key_stays_within_discords_nonce_length() {
        assert!(key(TournamentId(1 << 53), "g", 999_999).len() <= 25);
    }
}
