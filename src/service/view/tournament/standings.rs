//! The standings in words, as a picture (with a round robin's crosstable and, at the end, the
//! podium) and as the crosstable text `/export tournament:` gives.

use std::collections::HashMap;

use crate::render::{CrossResult, Crosstable, Medal, Renderer, StandingsHeaders, StandingsRow, StandingsTable, Theme};
use crate::store::{PairingRecord, PairingResult, TournamentRecord, TournamentState, UserId};

use super::super::super::reply::{Attachment, Embed, Field, Reply};
use super::super::super::text::{Args, Locale, Text, say, words};
use super::super::super::tournament_rules::Standing;
use super::super::board::level_name;
use super::super::privacy::deleted_player;
use super::{GOLD, Names, format_line};

/// The name of the standings picture.
pub const STANDINGS_FILE: &str = "standings.png";
/// The most players a round robin's crosstable shows (beyond, the picture leaves it out).
const CROSSTABLE_PLAYERS: usize = crate::render::MAX_CROSSTABLE;

/// The place shown on line `i` of the table: blank when it shares the line above's.
fn place(table: &[Standing], i: usize) -> String {
    if i > 0 && table[i - 1].rank == table[i].rank { String::new() } else { table[i].rank.to_string() }
}

/// Points as players write them: `3`, `3½`, `½`.
pub fn points(points: f64) -> String {
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

/// The standings as the picture draws them (and the web page shows them), in the reader's words.
pub fn standings_table(
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
            StandingsRow {
                rank: place(table, i),
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

/// A pairing's result as a round's list writes it: `1–0`, `½–½`, `0–1`, a forfeit as `+/−`, a
/// bye in words.
pub fn result_mark(locale: Locale, result: PairingResult) -> String {
    match result {
        PairingResult::Black => "1–0".into(),
        PairingResult::White => "0–1".into(),
        PairingResult::Draw => "½–½".into(),
        PairingResult::BlackForfeit => "+/−".into(),
        PairingResult::WhiteForfeit => "−/+".into(),
        PairingResult::Bye => words(locale, "web-bye", &Args::new()),
        PairingResult::Unplayed => words(locale, "web-unplayed", &Args::new()),
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
        let mut row = vec![
            place(table, i),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_written_with_a_half_as_players_write_them() {
        assert_eq!([points(0.0), points(0.5), points(3.0), points(3.5)], ["0", "½", "3", "3½"]);
    }
}
