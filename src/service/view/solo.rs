//! The solo game in words: its board reply (the picture, what the move did, the score, the menus
//! and buttons), the hint, the daily tables, and moves as players write them in every language
//! we speak (`d3 gold`, `d3 Schwarz`, `d3 svart`, `d3g`).

use crate::engine::solo::{
    BLACK, GOLD, ParseSoloMoveError, SoloBoard, SoloEnd, SoloGame, SoloMove, SoloOutcome, SoloScore, SoloView, Tile,
    TileFace,
};
use crate::engine::{BoardSize, Color, Square};
use crate::render::{Renderer, SoloCaption};
use crate::store::{SoloEntry, SoloRecord};

use super::super::command::User;
use super::super::components;
use super::super::reply::{Attachment, Button, ButtonStyle, Embed, Field, Menu, MenuOption, Reply, Row, SoloSketch};
use super::super::text::{Args, Locale, Span, Text, say, words};
use super::board::{list, mention, square};

/// The name of the solo picture.
pub const SOLO_FILE: &str = "solo.png";
/// Ravensburger's gold, the solo board's stripe.
const GOLD_STRIPE: u32 = 0xC9A227;
/// Discord's limit on a menu's options.
const MENU_OPTIONS: usize = 25;

/// Where a finished daily game stands: its place and the number of players in the server's
/// table and in everyone's, when it is the player's counted (first finished) game of the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    /// In the server's table (`None` outside a server).
    pub server: Option<(u32, u32)>,
    /// In everyone's table (`None`: the game was practice, not the player's first).
    pub global: Option<(u32, u32)>,
}

/// Everything a solo board reply shows.
pub struct SoloScene<'a> {
    /// The reader's language.
    pub locale: Locale,
    /// The game as stored.
    pub record: &'a SoloRecord,
    /// The game replayed.
    pub game: &'a SoloGame,
    /// The player.
    pub player: &'a User,
    /// What the move just played did, if one was.
    pub outcome: Option<&'a SoloOutcome>,
    /// Where a finished daily game stands.
    pub standing: Option<Standing>,
}

/// A colour's name in `locale`: gold or black.
pub fn color_name(locale: Locale, color: Color) -> String {
    words(locale, if color == GOLD { "solo-gold" } else { "solo-black" }, &Args::new())
}

/// A move as players say it: `d3 gold`.
pub fn move_name(locale: Locale, mv: SoloMove) -> String {
    words(
        locale,
        "solo-move",
        &Args::new().text("square", mv.square.to_string()).text("color", color_name(locale, mv.color)),
    )
}

/// A tile's name: `gold 7`, `black blank`.
pub fn tile_name(locale: Locale, tile: Tile) -> String {
    let color = color_name(locale, tile.color());
    match tile.number() {
        Some(number) => words(locale, "solo-tile", &Args::new().text("color", color).number("number", number)),
        None => words(locale, "solo-tile-blank", &Args::new().text("color", color)),
    }
}

/// Reads a move as a player writes it: the engine's `d3g`, `d3 gold` and `d3 black`, or a square
/// and a colour in any language we speak (`d3 Schwarz`, `d3 guld`).
///
/// ```
/// use reversi_bot::engine::solo::{BLACK, GOLD, SoloMove};
/// use reversi_bot::service::view::solo::parse_move;
/// assert_eq!(parse_move("d3 Schwarz"), SoloMove::parse("d3", BLACK));
/// assert_eq!(parse_move("d3 guld"), SoloMove::parse("d3", GOLD));
/// assert!(parse_move("d3").is_err());
/// ```
pub fn parse_move(text: &str) -> Result<SoloMove, ParseSoloMoveError> {
    let text = text.trim();
    let parsed = text.parse::<SoloMove>();
    if parsed.is_ok() {
        return parsed;
    }
    let mut parts = text.split_whitespace();
    if let (Some(place), Some(word), None) = (parts.next(), parts.next(), parts.next()) {
        let word = word.to_lowercase();
        for locale in Locale::ALL {
            for color in [GOLD, BLACK] {
                if color_name(locale, color).to_lowercase() == word {
                    return SoloMove::parse(place, color);
                }
            }
        }
    }
    parsed
}

/// The score: `7 tiles · value 31`, with the doubling when all four blanks were won.
pub fn score_line(locale: Locale, score: SoloScore) -> String {
    let args = Args::new().number("tiles", score.tiles).number("value", score.value()).number("sum", score.number_sum);
    words(locale, if score.blanks_double() { "solo-score-doubled" } else { "solo-score" }, &args)
}

/// Why the game ended, as one sentence.
fn end_line(locale: Locale, end: SoloEnd, player: &str) -> Text {
    let id = match end {
        SoloEnd::AllTilesWon => "solo-over-all-won",
        SoloEnd::NoMoveLeft => "solo-over-no-move",
        SoloEnd::TilesShutIn => "solo-over-shut-in",
        SoloEnd::Stopped => "solo-over-stopped",
    };
    say(locale, id, &Args::new().text("player", Text::plain(player)))
}

/// The deal's name: `deal 123456` or `daily deal 2026-11-28`.
fn deal_title(locale: Locale, record: &SoloRecord) -> String {
    match &record.daily {
        Some(day) => words(locale, "solo-title-daily", &Args::new().text("day", day.clone())),
        None => words(locale, "solo-title-deal", &Args::new().text("seed", record.seed.to_string())),
    }
}

/// The solo board reply: what happened, the score, the picture, and while the game goes on the
/// moves by colour in two menus and the Hint and Stop buttons.
pub fn board(renderer: Option<&Renderer>, scene: &SoloScene<'_>) -> Reply {
    let SoloScene { locale, record, game, player, outcome, standing } = *scene;
    let mut lines: Vec<Text> = Vec::new();
    let mut content = Text::new();
    match outcome {
        None if game.moves().is_empty() && !game.is_over() => {
            content = say(locale, "solo-started", &Args::new().text("player", mention(player.id, &player.name)));
        }
        None => {}
        Some(outcome) => {
            let played = Text::strong(move_name(locale, outcome.played));
            let args = Args::new().text("player", Text::plain(&player.name)).text("move", played);
            lines.push(say(locale, "solo-played", &args));
            if !outcome.flipped.is_empty() {
                lines.push(say(locale, "solo-flipped", &Args::new().number("count", outcome.flipped.len())));
            }
            if !outcome.turned_up.is_empty() {
                let tiles = tile_list(locale, &outcome.turned_up);
                lines.push(say(locale, "solo-turned-up", &Args::new().text("tiles", tiles)));
            }
            if !outcome.won.is_empty() {
                let tiles = tile_list(locale, &outcome.won).emphasised();
                lines.push(say(locale, "solo-won", &Args::new().text("tiles", tiles)));
            }
        }
    }
    let score = score_line(locale, game.score());
    let ending = game.end().map(|end| {
        lines.push(end_line(locale, end, &player.name));
        let banner = words(locale, "solo-banner", &Args::new().text("score", score.clone()));
        lines.push(Text::strong(banner.clone()));
        banner
    });
    if let Some(standing) = standing {
        lines.push(standing_line(locale, standing));
    }
    // Once the game is over the tiles left are shown face up: what could have been won.
    let shown = if game.is_over() { game.board().revealed() } else { *game.board() };
    let board = &shown;
    let mut fields = Vec::new();
    if ending.is_none() {
        // Over, the banner says the score.
        fields.push(Field::inline(say(locale, "solo-field-score", &Args::new()), Text::plain(score.clone())));
    }
    fields.extend([
        Field::inline(
            say(locale, "solo-field-left", &Args::new()),
            say(
                locale,
                "solo-left",
                &Args::new().number("left", board.tiles().len()).number("down", board.face_down().len()),
            ),
        ),
        Field::inline(say(locale, "solo-field-moves", &Args::new()), Text::plain(game.moves().len().to_string())),
    ]);
    let title = words(locale, "solo-title", &Args::new().text("deal", deal_title(locale, record)));
    let embed = Embed {
        title: Text::plain(title.clone()),
        description: Text::join(lines, "\n"),
        fields,
        image: renderer.is_some().then(|| SOLO_FILE.into()),
        footer: say(locale, if game.is_over() { "solo-footer-over" } else { "solo-footer" }, &Args::new()),
        color: GOLD_STRIPE,
    };
    let files = renderer
        .map(|renderer| {
            let caption = SoloCaption { title, won: words(locale, "solo-tray", &Args::new()), score, ending };
            let last = game.moves().last().copied();
            let flipped = outcome.map_or(crate::engine::SquareSet::empty(BoardSize::Eight), |o| o.flipped);
            let png = renderer.solo_png(board, last, flipped, &caption);
            let alt = alt_text(locale, game, board);
            vec![Attachment { name: SOLO_FILE.into(), bytes: png, description: Some(alt) }]
        })
        .unwrap_or_default();
    let rows = if game.is_over() { Vec::new() } else { rows(locale, record, game) };
    let sketch = SoloSketch { board: *board, legend: words(locale, "solo-legend", &Args::new()) };
    Reply {
        content,
        embed: Some(embed),
        files,
        rows,
        ephemeral: false,
        replaces: false,
        board: None,
        solo: Some(sketch),
    }
}

/// `gold 7 (c2), black 3 (f6)`.
fn tile_list(locale: Locale, tiles: &[(Square, Tile)]) -> Text {
    let names: Vec<String> = tiles.iter().map(|(at, tile)| format!("{} ({at})", tile_name(locale, *tile))).collect();
    Text::plain(list(locale, &names))
}

fn standing_line(locale: Locale, standing: Standing) -> Text {
    if standing.global.is_none() {
        return say(locale, "solo-daily-practice", &Args::new());
    }
    let mut line = say(locale, "solo-daily-counted", &Args::new());
    if let Some((place, players)) = standing.server {
        line.push(Span::Plain(" ".into()));
        line.append(say(
            locale,
            "solo-daily-place-server",
            &Args::new().number("place", place).number("players", players),
        ));
    }
    if let Some((place, players)) = standing.global {
        line.push(Span::Plain(" ".into()));
        line.append(say(
            locale,
            "solo-daily-place-global",
            &Args::new().number("place", place).number("players", players),
        ));
    }
    line
}

/// The picture's description for screen readers.
fn alt_text(locale: Locale, game: &SoloGame, board: &SoloBoard) -> String {
    let args = Args::new()
        .number("gold", board.discs(GOLD).len())
        .number("black", board.discs(BLACK).len())
        .number("down", board.face_down().len())
        .number("up", board.face_up(GOLD).len() + board.face_up(BLACK).len())
        .number("won", game.score().tiles);
    words(locale, "solo-alt", &args)
}

/// The menus of gold and black moves, best first (tiles won, then tiles turned up), and the
/// Hint and Stop buttons.
fn rows(locale: Locale, record: &SoloRecord, game: &SoloGame) -> Vec<Row> {
    let view = game.view();
    let legal = game.legal_moves();
    let mut rows = Vec::new();
    for (part, color) in [GOLD, BLACK].into_iter().enumerate() {
        let mut options: Vec<(usize, usize, MenuOption)> = legal
            .iter()
            .copied()
            .filter(|mv| mv.color == color)
            .filter_map(|mv| {
                let (flipped, won) = view.check(mv).ok()?;
                let turned = view.turned_up_by(mv.square);
                let won_tiles: Vec<String> = won
                    .iter()
                    .filter_map(|at| match game.tile_at(at) {
                        Some(TileFace::FaceUp(tile)) => Some(tile_name(locale, tile)),
                        _ => None,
                    })
                    .collect();
                let description = if !won_tiles.is_empty() {
                    words(locale, "solo-option-wins", &Args::new().text("tiles", list(locale, &won_tiles)))
                } else if turned > 0 {
                    words(locale, "solo-option-turns-up", &Args::new().number("count", turned))
                } else {
                    words(locale, "solo-option-flips", &Args::new().number("count", flipped.len()))
                };
                let option =
                    MenuOption { label: move_name(locale, mv), value: mv.to_string(), description: Some(description) };
                Some((won.len(), turned, option))
            })
            .collect();
        if options.is_empty() {
            continue;
        }
        options.sort_by_key(|&(won, turned, _)| std::cmp::Reverse((won, turned)));
        let count = options.len();
        let id = if color == GOLD { "solo-menu-gold" } else { "solo-menu-black" };
        rows.push(Row::Menu(Menu {
            id: components::solo_menu(record.id, record.version, part),
            placeholder: words(locale, id, &Args::new().number("count", count)),
            options: options.into_iter().take(MENU_OPTIONS).map(|(_, _, option)| option).collect(),
        }));
    }
    rows.push(Row::Buttons(vec![
        Button {
            id: components::solo_hint(record.id, record.version),
            label: words(locale, "solo-button-hint", &Args::new()),
            style: ButtonStyle::Primary,
        },
        Button {
            id: components::solo_stop(record.id, record.version),
            label: words(locale, "solo-button-stop", &Args::new()),
            style: ButtonStyle::Secondary,
        },
    ]));
    rows
}

/// The hint, for the player alone: the move, and the tiles it wins at once or else turns up.
pub fn hint(locale: Locale, mv: SoloMove, view: &SoloView) -> Reply {
    let mut text = say(locale, "solo-hint", &Args::new().text("move", square(move_name(locale, mv))));
    let wins = view.check(mv).map_or(0, |(_, won)| won.len());
    let turned = view.turned_up_by(mv.square);
    if wins > 0 {
        text.push(Span::Plain(" ".into()));
        text.append(say(locale, "solo-hint-wins", &Args::new().number("count", wins)));
    } else if turned > 0 {
        text.push(Span::Plain(" ".into()));
        text.append(say(locale, "solo-hint-turns-up", &Args::new().number("count", turned)));
    }
    Reply::private(text)
}

/// The day's tables: this server's (in a server) and everyone's.
pub fn table(locale: Locale, day: &str, server: Option<&[SoloEntry]>, everyone: &[SoloEntry]) -> Reply {
    let lines = |entries: &[SoloEntry]| -> Text {
        if entries.is_empty() {
            return say(locale, "solo-table-empty", &Args::new());
        }
        let lines = entries.iter().enumerate().map(|(i, entry)| {
            let args = Args::new()
                .number("place", i + 1)
                .text("player", Text::strong(entry.name.clone()))
                .number("tiles", entry.tiles)
                .number("value", entry.value);
            say(locale, "solo-table-line", &args)
        });
        Text::join(lines, "\n")
    };
    let mut fields = Vec::new();
    if let Some(server) = server {
        fields.push(Field::block(say(locale, "solo-table-server", &Args::new()), lines(server)));
    }
    fields.push(Field::block(say(locale, "solo-table-global", &Args::new()), lines(everyone)));
    let embed = Embed {
        title: say(locale, "solo-table-title", &Args::new().text("day", day.to_string())),
        description: say(locale, "solo-table-how", &Args::new()),
        fields,
        image: None,
        footer: say(locale, "solo-table-footer", &Args::new()),
        color: GOLD_STRIPE,
    };
    Reply { embed: Some(embed), ..Reply::default() }
}
