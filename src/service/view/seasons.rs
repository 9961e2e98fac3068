//! Leaderboard seasons in words: a season's table (the running one so far, or a closed one's
//! final table) and the announcement of a closed season with its champions.

use crate::store::{Glicko, Ladder, SeasonStanding, Timestamp, UserId};

use super::super::reply::{Embed, Field, Reply};
use super::super::season_calendar::MIN_SEASON_GAMES;
use super::super::text::{Args, Locale, Span, Text, TimeStyle, say};
use super::board::{ladder_name, mention, rating_shown};

const GOLD: u32 = 0xC9A227;
const GREEN: u32 = 0x2E7D32;

/// Where a season stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableState {
    /// Running until `ends_at`; `my_games`: the reader's rated games in it so far, when they are
    /// not in the table.
    Running {
        /// Its end.
        ends_at: Timestamp,
        /// The reader's games, when they are not in the lines shown.
        my_games: Option<u32>,
    },
    /// Closed: it ended at `ended_at`.
    Closed {
        /// Its end.
        ended_at: Timestamp,
    },
}

/// A season's table as `/leaderboard season:` shows it.
pub struct SeasonTable<'a> {
    /// The season's key.
    pub key: &'a str,
    /// The kind of game.
    pub ladder: &'a Ladder,
    /// Running or closed.
    pub state: TableState,
    /// Its first lines.
    pub entries: &'a [SeasonStanding],
    /// The reader.
    pub me: UserId,
    /// The reader's line further down a closed season's table, if they qualified.
    pub mine: Option<&'a SeasonStanding>,
}

/// A moment as a date in the reader's own time.
fn date(at: Timestamp) -> Text {
    Text::span(Span::Time { at, style: TimeStyle::Date })
}

/// One line: place, player, rating at the end (provisional marked) and games.
fn line(locale: Locale, entry: &SeasonStanding, player: Text) -> Text {
    let glicko = Glicko { rating: entry.rating, deviation: entry.deviation, volatility: 0.0 };
    let args = Args::new()
        .text("rank", Text::strong(entry.rank.to_string()))
        .text("player", player)
        .text("rating", rating_shown(&glicko))
        .number("games", entry.games);
    say(locale, "season-line", &args)
}

/// A season's table: its first lines, the reader's own place or games, and how it is ranked.
pub fn table(locale: Locale, table: &SeasonTable<'_>) -> Reply {
    let you = |mut text: Text| {
        text.push(Span::Plain(" ".into()));
        text.append(say(locale, "leaderboard-you", &Args::new()));
        text
    };
    let mut lines: Vec<Text> = table
        .entries
        .iter()
        .map(|entry| {
            let text = line(locale, entry, Text::plain(entry.name.clone()));
            if entry.player == table.me { you(text) } else { text }
        })
        .collect();
    let min = Args::new().number("min", MIN_SEASON_GAMES);
    if lines.is_empty() {
        let empty = match table.state {
            TableState::Running { .. } => "season-empty-running",
            TableState::Closed { .. } => "season-empty-closed",
        };
        lines.push(say(locale, empty, &min));
    }
    if let Some(mine) = table.mine {
        lines.push(Text::plain("…"));
        lines.push(you(line(locale, mine, Text::plain(mine.name.clone()))));
    }
    if let TableState::Running { my_games: Some(games), .. } = table.state {
        let id = if games >= MIN_SEASON_GAMES { "season-your-games-enough" } else { "season-your-games" };
        lines.push(say(locale, id, &Args::new().number("games", games).number("min", MIN_SEASON_GAMES)));
    }
    let season = Args::new().text("season", Text::strong(table.key)).text("ladder", ladder_name(locale, table.ladder));
    let (title, footer) = match table.state {
        TableState::Running { ends_at, .. } => (
            say(locale, "season-title-running", &season),
            say(locale, "season-footer-running", &min.text("end", date(ends_at))),
        ),
        TableState::Closed { ended_at } => (
            say(locale, "season-title-closed", &season),
            say(locale, "season-footer-closed", &min.text("end", date(ended_at))),
        ),
    };
    let embed = Embed { title, description: Text::join(lines, "\n"), footer, color: GREEN, ..Embed::default() };
    Reply { embed: Some(embed), ..Reply::default() }
}

/// The announcement of a closed season: each ladder's champion (notified), its podium, and where
/// to see the whole table. `podiums` holds each ladder's top places, ladder by ladder.
pub fn closed(locale: Locale, key: &str, podiums: &[SeasonStanding]) -> Reply {
    let mut ladders: Vec<&Ladder> = Vec::new();
    for entry in podiums {
        if !ladders.contains(&&entry.ladder) {
            ladders.push(&entry.ladder);
        }
    }
    let mut champions = Vec::new();
    let mut fields = Vec::new();
    for ladder in ladders {
        let places: Vec<&SeasonStanding> = podiums.iter().filter(|e| &e.ladder == ladder).collect();
        for first in places.iter().filter(|e| e.rank == 1) {
            let player = if first.anonymous || first.is_bot {
                Text::plain(first.name.clone())
            } else {
                mention(first.player, &first.name)
            };
            let glicko = Glicko { rating: first.rating, deviation: first.deviation, volatility: 0.0 };
            let args = Args::new()
                .text("player", player)
                .text("ladder", ladder_name(locale, ladder))
                .text("rating", rating_shown(&glicko));
            champions.push(say(locale, "season-closed-champion", &args));
        }
        let lines = places.iter().map(|e| line(locale, e, Text::plain(e.name.clone())));
        fields.push(Field::block(Text::plain(ladder_name(locale, ladder)), Text::join(lines, "\n")));
    }
    let season = Args::new().text("season", Text::strong(key));
    let mut content = say(locale, "season-closed-title", &season);
    for champion in champions {
        content.push(Span::Plain("\n".into()));
        content.append(champion);
    }
    let embed = Embed {
        title: say(locale, "season-closed-podiums", &season),
        fields,
        footer: say(
            locale,
            "season-closed-footer",
            &Args::new().text("season", Text::plain(key)).number("min", MIN_SEASON_GAMES),
        ),
        color: GOLD,
        ..Embed::default()
    };
    Reply { content, embed: Some(embed), ..Reply::default() }
}
