//! Following games in words: the server's games (`/games`) page by page, the live board's
//! label and button, your-turn notices and `/notify`'s answers.

use crate::engine::{Color, Rules};
use crate::render::Theme;
use crate::store::{ChannelId, GameId};

use super::super::components;
use super::super::reply::{Button, ButtonStyle, Embed, Reply, Row};
use super::super::text::{Args, Locale, Span, Text, say, words};
use super::board::rules_summary;

/// One game in the list of `/games`.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    /// The game.
    pub id: GameId,
    /// Black's and white's names.
    pub names: [String; 2],
    /// Its rules.
    pub rules: Rules,
    /// The moves made so far.
    pub moves: usize,
    /// The side to move (`None` once over).
    pub to_move: Option<Color>,
    /// Whether it counts for ratings.
    pub rated: bool,
    /// Where it is played (`None` once its server's data was removed).
    pub channel: Option<ChannelId>,
    /// Black's and white's discs, once over.
    pub score: Option<[u32; 2]>,
}

/// Which state a live board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiveState {
    /// Following the game.
    Live,
    /// The game is over: the final position.
    Ended,
    /// Its asker stopped it.
    Stopped,
}

fn channel(line: &GameLine) -> Text {
    match line.channel {
        Some(channel) => Text::span(Span::Channel(channel.0)),
        None => Text::plain("–"),
    }
}

fn live_line(locale: Locale, line: &GameLine) -> Text {
    let to_move = line.to_move.map(|c| line.names[c.index()].clone()).unwrap_or_default();
    let args = Args::new()
        .number("id", line.id.0)
        .text("black", Text::plain(line.names[0].clone()))
        .text("white", Text::plain(line.names[1].clone()))
        .text("rules", Text::plain(rules_summary(locale, &line.rules, Theme::Classic)))
        .number("move", line.moves + 1)
        .text("player", Text::plain(to_move))
        .word("rated", if line.rated { "yes" } else { "no" })
        .text("channel", channel(line));
    say(locale, "games-line-live", &args)
}

fn finished_line(locale: Locale, line: &GameLine) -> Text {
    let [black, white] = line.score.unwrap_or_default();
    let args = Args::new()
        .number("id", line.id.0)
        .text("black", Text::plain(line.names[0].clone()))
        .text("white", Text::plain(line.names[1].clone()))
        .number("blackdiscs", black)
        .number("whitediscs", white)
        .text("rules", Text::plain(rules_summary(locale, &line.rules, Theme::Classic)))
        .text("channel", channel(line));
    say(locale, "games-line-finished", &args)
}

/// The page of `/games`: the live games on it (`total` in all), newest first, and on the first
/// page the games finished today; buttons to the pages around it.
pub fn games(locale: Locale, live: &[GameLine], finished: &[GameLine], page: u32, per_page: u32, total: u32) -> Reply {
    let pages = total.div_ceil(per_page).max(1);
    let mut blocks: Vec<Text> = Vec::new();
    if total == 0 {
        blocks.push(say(locale, "games-none", &Args::new()));
    } else {
        let mut lines = vec![say(locale, "games-live-heading", &Args::new().number("count", total))];
        lines.extend(live.iter().map(|line| live_line(locale, line)));
        lines.push(say(locale, "games-watch-hint", &Args::new()));
        blocks.push(Text::join(lines, "\n"));
    }
    if !finished.is_empty() {
        let mut lines = vec![say(locale, "games-finished-heading", &Args::new())];
        lines.extend(finished.iter().map(|line| finished_line(locale, line)));
        blocks.push(Text::join(lines, "\n"));
    }
    if pages > 1 {
        blocks.push(say(locale, "games-page", &Args::new().number("page", page + 1).number("pages", pages)));
    }
    let text = Text::join(blocks, "\n\n");
    let mut reply = Reply {
        embed: Some(Embed { title: say(locale, "games-title", &Args::new()), description: text, ..Embed::default() }),
        ..Reply::default()
    };
    let mut buttons = Vec::new();
    if page > 0 {
        buttons.push(Button {
            id: components::games_page(page - 1),
            label: words(locale, "button-games-newer", &Args::new()),
            style: ButtonStyle::Secondary,
        });
    }
    if page + 1 < pages {
        buttons.push(Button {
            id: components::games_page(page + 1),
            label: words(locale, "button-games-older", &Args::new()),
            style: ButtonStyle::Secondary,
        });
    }
    if !buttons.is_empty() {
        reply.rows.push(Row::Buttons(buttons));
    }
    reply
}

/// The words above a live board, and its Stop watching button while it follows the game.
pub fn label_live_board(
    reply: &mut Reply,
    locale: Locale,
    game: GameId,
    names: &[String; 2],
    played_in: Option<ChannelId>,
    state: LiveState,
    board: i64,
) {
    let id = match state {
        LiveState::Live => "live-board-live",
        LiveState::Ended => "live-board-ended",
        LiveState::Stopped => "live-board-stopped",
    };
    let args = Args::new()
        .number("id", game.0)
        .text("black", Text::plain(names[0].clone()))
        .text("white", Text::plain(names[1].clone()))
        .text("channel", played_in.map_or_else(|| Text::plain("–"), |c| Text::span(Span::Channel(c.0))));
    reply.content = say(locale, id, &args);
    reply.ephemeral = false;
    reply.rows = match state {
        LiveState::Live => vec![Row::Buttons(vec![Button {
            id: components::stop_watching(board),
            label: words(locale, "button-stop-watching", &Args::new()),
            style: ButtonStyle::Secondary,
        }])],
        LiveState::Ended | LiveState::Stopped => Vec::new(),
    };
}

/// The private answer to `/watch`: the live board follows below.
pub fn watch_posted(locale: Locale, game: GameId) -> Reply {
    Reply::private(say(locale, "watch-posted", &Args::new().number("id", game.0)))
}

/// A your-turn notice, sent in the player's DM; the channel is a link to the game's board.
pub fn turn_notice(locale: Locale, game: GameId, opponent: &str, played_in: Option<ChannelId>) -> Reply {
    let args = Args::new()
        .number("id", game.0)
        .text("opponent", Text::plain(opponent.to_string()))
        .text("channel", played_in.map_or_else(|| Text::plain("–"), |c| Text::span(Span::Channel(c.0))));
    Reply::text(say(locale, "turn-notice", &args))
}

/// `/notify`'s answer: whether notices are on, and after how long a wait.
pub fn notify(locale: Locale, on: bool, minutes: u64, changed: bool) -> Reply {
    let id = match (on, changed) {
        (true, true) => "notify-on",
        (false, true) => "notify-off",
        (true, false) => "notify-state-on",
        (false, false) => "notify-state-off",
    };
    Reply::private(say(locale, id, &Args::new().number("minutes", minutes)))
}
