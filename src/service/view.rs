//! How a game looks in a reply: the embed (players, counts, whose turn, deadline, what just
//! happened, the result), the board picture with its text description, the legal-move menus and
//! the Resign or Rematch button.

use crate::engine::{Color, Game, GameResult};
use crate::render::{RenderOptions, Renderer, Theme, describe};
use crate::store::{EndReason, GameRecord, GameStatus, Scope};

use super::components;
use super::ratings::{self, Change};
use super::reply::{Attachment, Button, ButtonStyle, Embed, Field, Menu, MenuOption, Reply, Row};

/// Discord's limit of options per select menu.
const MENU_OPTIONS: usize = 25;
/// Menus that fit under a board beside the button row.
const MAX_MENUS: usize = 4;
/// The board picture's file name.
pub const BOARD_FILE: &str = "board.png";

/// Everything a board reply shows.
pub struct Scene<'a> {
    /// The stored game.
    pub record: &'a GameRecord,
    /// The game replayed.
    pub game: &'a Game,
    /// Black's and white's names.
    pub names: [String; 2],
    /// What just happened, one sentence a line.
    pub events: Vec<String>,
    /// The server's board theme.
    pub theme: Theme,
    /// Rating changes from the game's end.
    pub changes: Vec<Change>,
    /// Whether each colour is played by the bot.
    pub bots: [bool; 2],
}

/// The colour's name with its player: `Alice (Black)`.
pub fn player_line(names: &[String; 2], color: Color) -> String {
    format!("{} ({color})", names[color.index()])
}

/// The board reply for a scene, with the board's picture when a renderer is given.
pub fn board_reply(renderer: Option<&Renderer>, scene: &Scene<'_>) -> Reply {
    let Scene { record, game, names, events, theme, changes, bots } = scene;
    let [black, white] = game.counts();
    let mut description = events.join("\n");
    if !description.is_empty() {
        description.push_str("\n\n");
    }
    let mut content = String::new();
    match (record.status, game.to_move()) {
        (GameStatus::Live, Some(color)) => {
            description.push_str(&format!("**{}** to move.", player_line(names, color)));
            if let Some(deadline) = record.deadline {
                description.push_str(&format!(" Deadline <t:{}:R>.", deadline.as_millis() / 1000));
            }
            if !bots[color.index()] {
                content = format!("<@{}>, your move.", record.player(color).0);
            }
        }
        _ => {
            description.push_str(&format!("**{}**", result_line(record, game, names)));
            for change in changes.iter().filter(|c| c.scope != Scope::Global || changes.len() <= 2) {
                description.push_str(&format!(
                    "\n{}: {} → {}",
                    names[change.color.index()],
                    ratings::shown(&change.before),
                    ratings::shown(&change.after.glicko)
                ));
            }
        }
    }
    let mut fields = vec![
        Field::inline(format!("⚫ {}", names[0]), black.to_string()),
        Field::inline(format!("⚪ {}", names[1]), white.to_string()),
        Field::inline("Move", game.move_count().to_string()),
    ];
    if let Some(hands) = game.hands() {
        fields.push(Field::inline("Discs in hand", format!("{} / {}", hands[0], hands[1])));
    }
    let mut footer = vec![format!("Game #{}", record.id.0)];
    footer.push(if record.rated { "rated".into() } else { "casual".into() });
    if let Some(level) = record.bot_level {
        footer.push(format!("bot level {level}"));
    }
    footer.push(record.rules.summary());
    let embed = Embed {
        title: format!("{} vs {}", player_line(names, Color::Black), player_line(names, Color::White)),
        description,
        fields,
        image: renderer.is_some().then(|| BOARD_FILE.into()),
        footer: Some(footer.join(" · ")),
        color: 0x2E7D32,
    };
    let files = renderer
        .map(|renderer| {
            let png = renderer.board_png(game, &RenderOptions { theme: *theme, ..RenderOptions::default() });
            vec![Attachment { name: BOARD_FILE.into(), bytes: png, description: Some(describe(game, *theme)) }]
        })
        .unwrap_or_default();
    Reply { content, embed: Some(embed), files, rows: board_rows(record, game, *bots), ephemeral: false }
}

/// The result in one line: `Alice (Black) wins 40-24 by resignation`.
pub fn result_line(record: &GameRecord, game: &Game, names: &[String; 2]) -> String {
    let Some(ending) = record.ending else {
        return game.result().map_or_else(|| "Game over".into(), |r| r.to_string());
    };
    let score = game.result().map(|r: GameResult| r.score).unwrap_or([ending.black, ending.white]);
    let counts = format!("{}-{}", score[0], score[1]);
    match (ending.reason, ending.winner) {
        (EndReason::Aborted, _) => format!("Game aborted at {counts}: no result, no rating change"),
        (EndReason::Resignation, Some(w)) => format!("{} wins by resignation ({counts})", player_line(names, w)),
        (EndReason::Timeout, Some(w)) => {
            format!(
                "{} wins on time: {} ran out of time ({counts})",
                player_line(names, w),
                names[w.opponent().index()]
            )
        }
        (_, None) => format!("Draw, {counts}"),
        (EndReason::Normal, Some(w)) => {
            let tie = game.result().is_some_and(|r| r.by_tie_rule);
            let how = if tie { " on the tie rule" } else { "" };
            format!("{} wins {counts}{how}", player_line(names, w))
        }
    }
}

/// The components under a board: move menus and Resign while live (when a person is to move),
/// Rematch when over.
fn board_rows(record: &GameRecord, game: &Game, bots: [bool; 2]) -> Vec<Row> {
    if record.status != GameStatus::Live {
        let rematch =
            Button { id: components::rematch(record.id), label: "Rematch".into(), style: ButtonStyle::Primary };
        return vec![Row::Buttons(vec![rematch])];
    }
    let mut rows = Vec::new();
    if let Some(color) = game.to_move()
        && !bots[color.index()]
    {
        let board = *game.board();
        let options: Vec<MenuOption> = game
            .legal_choices()
            .into_iter()
            .map(|mv| {
                let flips = match mv.line {
                    Some(dir) => board.line_flips(color, mv.square, dir).len(),
                    None => board.flips(color, mv.square).len(),
                };
                let description = match (flips, mv.line) {
                    (0, _) => "opening: fills the centre".to_string(),
                    (n, Some(dir)) => format!("flips {n} toward {}", dir.name()),
                    (1, None) => "flips 1 disc".to_string(),
                    (n, None) => format!("flips {n} discs"),
                };
                MenuOption { label: mv.to_string(), value: mv.to_string(), description: Some(description) }
            })
            .collect();
        let chunks: Vec<&[MenuOption]> = options.chunks(MENU_OPTIONS).take(MAX_MENUS).collect();
        let many = chunks.len() > 1;
        for (part, chunk) in chunks.iter().enumerate() {
            let placeholder = if many {
                format!("Moves {} to {}", chunk[0].label, chunk[chunk.len() - 1].label)
            } else {
                format!("Choose a move ({} legal)", options.len())
            };
            rows.push(Row::Menu(Menu {
                id: components::move_menu(record.id, record.version, part),
                placeholder,
                options: chunk.to_vec(),
            }));
        }
    }
    let resign = Button {
        id: components::resign(record.id, record.version),
        label: "Resign".into(),
        style: ButtonStyle::Danger,
    };
    rows.push(Row::Buttons(vec![resign]));
    rows
}
