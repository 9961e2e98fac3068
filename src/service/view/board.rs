//! A game in words: the board reply (who plays whom, what just happened, whose turn or the result,
//! the counts, the rules), the words drawn on its picture, and the picture described for screen
//! readers, all in the reader's language and with the sides named as the theme paints them.

use crate::engine::{Color, Direction, Game, Move, Ply, Rules, Scoring, Square, Start, TieRule};
use crate::engine::{DiscSupply, FlipMode, Preset};
use crate::render::{Caption, Ending, RenderOptions, Renderer, Theme};
use crate::store::{EndReason, GameRecord, GameStatus, UserId};

use super::super::components;
use super::super::facts::Event;
use super::super::ratings::{self, Change};
use super::super::reply::{Attachment, BoardSketch, Button, ButtonStyle, Embed, Field, Menu, MenuOption, Reply, Row};
use super::super::text::{Args, Locale, Span, Text, TimeStyle, say, words};

/// A rating as players read it: `1523`, or `1500?` while provisional.
pub(super) fn rating_shown(glicko: &crate::store::Glicko) -> String {
    let mark = if ratings::is_provisional(glicko) { "?" } else { "" };
    format!("{:.0}{mark}", glicko.rating)
}

/// Discord's limit of options per select menu.
const MENU_OPTIONS: usize = 25;
/// Menus that fit under a board beside the button row.
const MAX_MENUS: usize = 4;
/// The longest description Discord accepts for an attachment.
const MAX_DESCRIPTION: usize = 1024;
/// The board picture's file name.
pub const BOARD_FILE: &str = "board.png";
/// The stripe colour of game cards.
const GREEN: u32 = 0x2E7D32;

/// What the sides are called in `theme`: Black/White, Gold/Black, Red/Blue (in `locale`).
pub fn side_name(locale: Locale, theme: Theme, color: Color) -> String {
    let id = match color {
        Color::Black => "side-black",
        Color::White => "side-white",
    };
    words(locale, id, &Args::new().word("theme", theme.name()))
}

/// The symbol of a side's discs in `theme`, for field headings.
pub fn side_symbol(theme: Theme, color: Color) -> &'static str {
    match (theme, color) {
        (Theme::Ravensburger, Color::Black) => "🟡",
        (Theme::Ravensburger, Color::White) => "⚫",
        (Theme::RedBlue, Color::Black) => "🔴",
        (Theme::RedBlue, Color::White) => "🔵",
        (_, Color::Black) => "⚫",
        (_, Color::White) => "⚪",
    }
}

/// `Alice (Black)`.
pub fn player_side(locale: Locale, theme: Theme, name: &str, color: Color) -> Text {
    let args = Args::new().text("player", Text::plain(name)).text("side", side_name(locale, theme, color));
    say(locale, "player-side", &args)
}

/// The rules in a few words: `10x10, one-line flips`, or `standard Othello`.
pub fn rules_summary(locale: Locale, rules: &Rules, theme: Theme) -> String {
    let mut parts = Vec::new();
    if rules.size != crate::engine::BoardSize::Eight {
        parts.push(words(locale, "rules-size", &Args::new().number("size", rules.size.side())));
    }
    match rules.start {
        Start::Cross => {}
        Start::Parallel => parts.push(words(locale, "rules-parallel", &Args::new())),
        Start::FreeCentre => parts.push(words(locale, "rules-free-centre", &Args::new())),
        Start::FirstPlayerChooses => parts.push(words(locale, "rules-first-chooses", &Args::new())),
    }
    if rules.flips == FlipMode::OneLine {
        parts.push(words(locale, "rules-one-line", &Args::new()));
    }
    let discs = Args::new().number("discs", rules.discs_per_player());
    match rules.supply {
        DiscSupply::Unlimited => {}
        DiscSupply::Limited => parts.push(words(locale, "rules-limited", &discs)),
        DiscSupply::LimitedNoGift => parts.push(words(locale, "rules-no-gift", &discs)),
    }
    match rules.tie {
        TieRule::Draw => {}
        TieRule::SecondPlayerWins => parts.push(words(locale, "rules-tie-second", &Args::new())),
        TieRule::Counts(color) => {
            let side = side_name(locale, theme, color);
            parts.push(words(locale, "rules-tie-side", &Args::new().text("side", side)));
        }
    }
    if rules.scoring == Scoring::Wof {
        parts.push(words(locale, "rules-wof", &Args::new()));
    }
    match Preset::of(rules) {
        Some(Preset::Othello) | None if parts.is_empty() => words(locale, "rules-standard", &Args::new()),
        Some(Preset::Othello) | None => parts.join(", "),
        Some(preset) => {
            let args = Args::new().text("preset", preset_name(locale, preset)).text("rules", parts.join(", "));
            words(locale, "rules-preset", &args)
        }
    }
}

/// The name of a ladder: its rule sheet, and its board when not 8x8 (`Othello 10x10`).
pub fn ladder_name(locale: Locale, ladder: &crate::store::Ladder) -> String {
    let (preset, size) = ladder.parts();
    let name = match preset {
        Some(preset) => preset_name(locale, preset),
        None => words(locale, "ladder-custom", &Args::new()),
    };
    if size == crate::engine::BoardSize::Eight {
        name
    } else {
        words(locale, "ladder-sized", &Args::new().text("ladder", name).number("size", size.side()))
    }
}

/// A rule sheet's name (`Ravensburger for children`).
pub fn preset_name(locale: Locale, preset: Preset) -> String {
    words(locale, &format!("preset-{}", preset.key()), &Args::new())
}

/// The name of a direction (`north-east`).
pub fn direction_name(locale: Locale, dir: Direction) -> String {
    let key = match dir {
        Direction::N => "direction-n",
        Direction::NE => "direction-ne",
        Direction::E => "direction-e",
        Direction::SE => "direction-se",
        Direction::S => "direction-s",
        Direction::SW => "direction-sw",
        Direction::W => "direction-w",
        Direction::NW => "direction-nw",
    };
    words(locale, key, &Args::new())
}

/// `a`, `a and b`, `a, b and c` in `locale`.
pub fn list(locale: Locale, items: &[String]) -> String {
    match items {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => {
            words(locale, "list-and", &Args::new().text("first", rest.join(", ")).text("last", last.clone()))
        }
    }
}

/// The level's name (`Master`).
pub fn level_name(locale: Locale, level: u8) -> String {
    words(locale, &format!("level-{level}"), &Args::new())
}

/// A square or move as it stands out in a sentence.
pub fn square(mv: impl ToString) -> Text {
    Text::strong(mv.to_string())
}

/// What a game shows about one of its players and its picture: names, theme, language.
pub struct Scene<'a> {
    /// The stored game.
    pub record: &'a GameRecord,
    /// The game replayed.
    pub game: &'a Game,
    /// Black's and white's names.
    pub names: [String; 2],
    /// What just happened.
    pub events: &'a [Event],
    /// The server's board theme.
    pub theme: Theme,
    /// Rating changes from the game's end.
    pub changes: &'a [Change],
    /// Whether each colour is played by the bot.
    pub bots: [bool; 2],
    /// The reader's language.
    pub locale: Locale,
    /// The game's web page, once it is over and its server is on the web.
    pub web_page: Option<String>,
}

impl Scene<'_> {
    fn player(&self, color: Color) -> Text {
        Text::plain(self.names[color.index()].clone())
    }

    fn player_side(&self, color: Color) -> Text {
        player_side(self.locale, self.theme, &self.names[color.index()], color)
    }

    fn say(&self, id: &str, args: Args) -> Text {
        say(self.locale, id, &args)
    }

    /// One line for one event.
    fn event(&self, event: &Event) -> Text {
        match event {
            Event::Moved { color, mv, flipped } => self.say(
                "event-moved",
                Args::new().text("player", self.player(*color)).text("square", square(mv)).number("flipped", *flipped),
            ),
            Event::Borrowed(color) => self.say(
                "event-borrowed",
                Args::new().text("player", self.player(*color)).text("opponent", self.player(color.opponent())),
            ),
            Event::Passed(color) => self.say("event-passed", Args::new().text("player", self.player(*color))),
            Event::BoardOver => self.say("event-board-over", Args::new()),
            Event::LastMove { color, mv } => {
                self.say("event-last-move", Args::new().text("square", square(mv)).text("player", self.player(*color)))
            }
            Event::BotGame { level, color } => self.say(
                "event-bot-game",
                Args::new()
                    .text("player", self.player(*color))
                    .number("level", level.get())
                    .text("level-name", level_name(self.locale, level.get()))
                    .text("side", side_name(self.locale, self.theme, *color)),
            ),
            Event::Resigned { color, early } => {
                let id = if *early { "event-resigned-early" } else { "event-resigned" };
                self.say(id, Args::new().text("player", self.player(*color)))
            }
            Event::ModeratorEnded { by } => {
                self.say("event-moderator-ended", Args::new().text("player", Text::plain(by.clone())))
            }
            Event::LostOnTime(color) => self.say("event-lost-on-time", Args::new().text("player", self.player(*color))),
            Event::BackOnline => self.say("event-back-online", Args::new()),
            Event::LateMove => self.say("event-late-move", Args::new()),
            Event::BotDelayed => self.say("event-bot-delayed", Args::new()),
            Event::NoTypedMoves => self.say("event-no-typed-moves", Args::new()),
            Event::TookBack { color, moves, by_bot } => self.say(
                if *by_bot { "event-took-back-bot" } else { "event-took-back" },
                Args::new()
                    .text("player", self.player(*color))
                    .text("other", self.player(color.opponent()))
                    .text("moves", Text::plain(moves.clone())),
            ),
            Event::Accepted { player, rated } => self.say(
                "event-accepted",
                Args::new().text("player", self.player(*player)).word("rated", if *rated { "yes" } else { "no" }),
            ),
            Event::JapaneseRule { decider, tie } => self.say(
                "event-japanese",
                Args::new()
                    .text("decider", self.player(*decider))
                    .text("tie", side_name(self.locale, self.theme, *tie))
                    .text("chooser", self.player(decider.opponent()))
                    .text("side", side_name(self.locale, self.theme, decider.opponent())),
            ),
            Event::StartChosen { color, parallel } => self.say(
                if *parallel { "event-start-parallel" } else { "event-start-cross" },
                Args::new().text("player", self.player(*color)),
            ),
            Event::ChallengeWithdrawnForBot => {
                let person = if self.bots[0] { Color::White } else { Color::Black };
                self.say("event-challenge-withdrawn-for-bot", Args::new().text("player", self.player(person)))
            }
        }
    }

    /// The result in one line, the winner's score first: `Alice (Black) wins 40-24`.
    pub fn result(&self) -> Text {
        result_line(self.locale, self.theme, self.record, self.game, &self.names)
    }
}

/// A score as the reader's language writes it, `first` first: `40-24`, `40:24`, `40–24`.
pub fn score_pair(locale: Locale, first: u32, second: u32) -> Text {
    say(locale, "score-pair", &Args::new().text("first", first.to_string()).text("second", second.to_string()))
}

/// The result of a finished game in one line, the winner's score first.
pub fn result_line(locale: Locale, theme: Theme, record: &GameRecord, game: &Game, names: &[String; 2]) -> Text {
    let side = |color: Color| player_side(locale, theme, &names[color.index()], color);
    let score = |winner: Option<Color>| -> Option<Text> {
        let result = game.result()?;
        let [black, white] = result.score;
        let (first, second) = if winner == Some(Color::White) { (white, black) } else { (black, white) };
        Some(score_pair(locale, first, second))
    };
    // The discs on the board when a game ends early, the winner's first.
    let on_board = |winner: Color| {
        let counts = game.counts();
        score_pair(locale, counts[winner.index()], counts[winner.opponent().index()])
    };
    let Some(ending) = record.ending else {
        return match game.result() {
            Some(result) => normal_result(locale, result.winner, result.by_tie_rule, score(result.winner), &side),
            None => say(locale, "result-over", &Args::new()),
        };
    };
    match (ending.reason, ending.winner) {
        (EndReason::Aborted, _) => say(locale, "result-aborted", &Args::new()),
        (EndReason::Resignation, Some(w)) => {
            say(locale, "result-resignation", &Args::new().text("winner", side(w)).text("score", on_board(w)))
        }
        (EndReason::Timeout, Some(w)) => say(
            locale,
            "result-timeout",
            &Args::new()
                .text("winner", side(w))
                .text("loser", Text::plain(names[w.opponent().index()].clone()))
                .text("score", on_board(w)),
        ),
        (EndReason::Normal, winner) => {
            let by_tie_rule = game.result().is_some_and(|r| r.by_tie_rule);
            let fallback = score_pair(locale, ending.black.max(ending.white), ending.black.min(ending.white));
            normal_result(locale, winner, by_tie_rule, Some(score(winner).unwrap_or(fallback)), &side)
        }
        (_, None) => say(locale, "result-draw", &Args::new().text("score", score(None).unwrap_or_default())),
    }
}

fn normal_result(
    locale: Locale,
    winner: Option<Color>,
    by_tie_rule: bool,
    score: Option<Text>,
    side: &dyn Fn(Color) -> Text,
) -> Text {
    let score = score.unwrap_or_default();
    match winner {
        None => say(locale, "result-draw", &Args::new().text("score", score)),
        Some(w) => {
            let id = if by_tie_rule { "result-wins-tie-rule" } else { "result-wins" };
            say(locale, id, &Args::new().text("winner", side(w)).text("score", score))
        }
    }
}

/// A rating change: `Alice: 1500? → 1562? (+62)`.
fn rating_change(locale: Locale, name: &str, change: &Change) -> Text {
    let delta = (change.after.rating - change.before.rating).round() as i64;
    let args = Args::new()
        .text("player", Text::plain(name))
        .text("before", rating_shown(&change.before))
        .text("after", rating_shown(&change.after))
        .text("delta", format!("{delta:+}"));
    say(locale, "rating-change", &args)
}

/// The board reply for a scene, with the board's picture when a renderer is given.
pub fn board_reply(renderer: Option<&Renderer>, scene: &Scene<'_>) -> Reply {
    let Scene { record, game, theme, locale, .. } = *scene;
    let mut lines: Vec<Text> = scene.events.iter().map(|e| scene.event(e)).collect();
    let mut content = Text::new();
    let live_to_move = game.to_move().filter(|_| record.status == GameStatus::Live);
    match live_to_move {
        Some(color) => {
            let mut status =
                scene.say("board-to-move", Args::new().text("player", scene.player_side(color).emphasised()));
            if let Some(deadline) = record.deadline {
                status.push(Span::Plain(" ".into()));
                let time = Text::span(Span::Time { at: deadline, style: TimeStyle::Relative });
                status.append(scene.say("board-deadline", Args::new().text("time", time)));
            }
            lines.push(status);
            if !scene.bots[color.index()] {
                let player = Span::Mention { id: record.player(color), name: scene.names[color.index()].clone() };
                let prompt = if record.rules.start == Start::FirstPlayerChooses {
                    "board-choose-start"
                } else {
                    "board-your-move"
                };
                content = scene.say(prompt, Args::new().text("player", player));
            }
        }
        None => {
            lines.push(scene.result().emphasised());
            let several_scopes = scene.changes.len() > 2;
            for change in scene.changes.iter().filter(|c| !several_scopes || c.scope != crate::store::Scope::Global) {
                lines.push(rating_change(locale, &scene.names[change.color.index()], change));
            }
        }
    }
    let [black, white] = game.counts();
    let mut fields = vec![
        Field::inline(format!("{} {}", side_symbol(theme, Color::Black), scene.names[0]), black.to_string()),
        Field::inline(format!("{} {}", side_symbol(theme, Color::White), scene.names[1]), white.to_string()),
        Field::inline(scene.say("board-field-move", Args::new()), game.move_count().to_string()),
    ];
    if let Some(hands) = game.hands() {
        fields
            .push(Field::inline(scene.say("board-field-in-hand", Args::new()), format!("{} / {}", hands[0], hands[1])));
    }
    let mut footer = vec![words(locale, "board-footer-game", &Args::new().number("id", record.id.0))];
    footer.push(words(locale, if record.rated { "board-footer-rated" } else { "board-footer-casual" }, &Args::new()));
    if let Some(level) = record.bot_level {
        footer.push(words(locale, "board-footer-bot", &Args::new().number("level", level)));
    }
    footer.push(rules_summary(locale, &record.rules, theme));
    if let Some(name) = book_opening(game) {
        footer.push(words(locale, "board-footer-opening", &Args::new().text("name", name)));
    }
    let title = scene.say(
        "board-title",
        Args::new().text("black", scene.player_side(Color::Black)).text("white", scene.player_side(Color::White)),
    );
    let embed = Embed {
        title,
        description: Text::join(lines, "\n"),
        fields,
        image: renderer.is_some().then(|| BOARD_FILE.into()),
        footer: Text::plain(footer.join(" · ")),
        color: GREEN,
    };
    let caption = caption(scene);
    let files = renderer
        .map(|renderer| {
            let options = RenderOptions { theme, ..RenderOptions::default() };
            let png = renderer.board_png_captioned(game, &options, &caption);
            let description = describe(locale, theme, game, caption.ending.as_ref());
            vec![Attachment { name: BOARD_FILE.into(), bytes: png, description: Some(description) }]
        })
        .unwrap_or_default();
    Reply {
        content,
        embed: Some(embed),
        files,
        rows: board_rows(scene),
        ephemeral: false,
        replaces: false,
        board: Some(sketch(scene)),
        solo: None,
    }
}

/// The board as data for text front ends.
fn sketch(scene: &Scene<'_>) -> BoardSketch {
    let live = scene.record.status == GameStatus::Live;
    let to_move = scene.game.to_move().filter(|_| live);
    BoardSketch {
        board: *scene.game.board(),
        to_move,
        player_to_move: to_move.map(|c| scene.record.player(c)),
        legal: if live { scene.game.legal_moves() } else { crate::engine::SquareSet::empty(scene.game.rules().size) },
        last: last_squares(scene.game),
        sides: Color::BOTH.map(|c| side_name(scene.locale, scene.theme, c)),
    }
}

/// The last square each side played (black's first).
pub fn last_squares(game: &Game) -> [Option<Square>; 2] {
    let mut last = [None, None];
    for played in game.moves() {
        last[played.color.index()] = Some(played.mv.square);
    }
    last
}

/// The words drawn on the picture.
pub fn caption(scene: &Scene<'_>) -> Caption {
    let ending = (scene.record.status != GameStatus::Live).then(|| Ending {
        winner: scene.record.ending.and_then(|e| e.winner).or_else(|| scene.game.result().and_then(|r| r.winner)),
        banner: scene.result().to_plain(),
    });
    let note = book_opening(scene.game).unwrap_or_default().to_string();
    Caption { note, ..picture_words(scene.locale, scene.names.clone(), scene.game, ending) }
}

/// The name of the opening a game is still in: its moves so far follow a named line of
/// [`openings`](crate::engine::openings). `None` once it has left every line (and for other
/// sizes and rules). Opening names are proper names, the same in every language.
pub fn book_opening(game: &Game) -> Option<&'static str> {
    if game.move_count() == 0 || !crate::engine::openings::game_in_book(game) {
        return None;
    }
    crate::engine::openings::name_of_game(game).map(|opening| opening.name)
}

/// The name of the last named line a game followed, for its record (`/history`).
pub fn game_opening(game: &Game) -> Option<&'static str> {
    crate::engine::openings::name_of_game(game).map(|opening| opening.name)
}

/// The words on every frame of a game's replay: the players' names, the turn's words and, on
/// the last frame, `ending`; each frame's counter comes from [`move_label`].
pub fn replay_caption(locale: Locale, names: [String; 2], game: &Game, ending: Option<Ending>) -> Caption {
    Caption { move_number: String::new(), ..picture_words(locale, names, game, ending) }
}

/// The move counter drawn on a picture (and on each frame of a replay) after `moves` moves:
/// `Start` before the first, then `Move 23`, in `locale`.
///
/// ```
/// use reversi_bot::service::{text::Locale, view::board::move_label};
/// assert_eq!(move_label(Locale::English, 0), "Start");
/// assert_eq!(move_label(Locale::English, 23), "Move 23");
/// assert_eq!(move_label(Locale::German, 23), "Zug 23");
/// ```
pub fn move_label(locale: Locale, moves: usize) -> String {
    words(locale, "picture-move-number", &Args::new().number("number", moves))
}

/// The words drawn on a picture of a bare game, for tools that have no players and no stored
/// game (`reversi-bot render`): the sides named as `theme` paints them (`Black`/`White`,
/// `Gold`/`Black`, `Red`/`Blue`), the turn's words, the move counter ([`move_label`]) and, for
/// a game over on the board, a banner with the result (`Black wins 40-24`), all in `locale`.
///
/// ```
/// use reversi_bot::engine::{Game, Rules};
/// use reversi_bot::render::Theme;
/// use reversi_bot::service::{text::Locale, view::board::tool_caption};
/// let game = Game::from_transcript(Rules::default(), "f5d6c3").unwrap();
/// let caption = tool_caption(Locale::German, Theme::RedBlue, &game);
/// assert_eq!(caption.names, ["Rot".to_string(), "Blau".to_string()]);
/// assert_eq!((caption.to_move.as_str(), caption.move_number.as_str()), ("am Zug", "Zug 3"));
/// assert_eq!(caption.ending, None);
/// ```
pub fn tool_caption(locale: Locale, theme: Theme, game: &Game) -> Caption {
    let names = Color::BOTH.map(|color| side_name(locale, theme, color));
    let ending = game.result().map(|result| {
        let [black, white] = result.score;
        let (first, second) = if result.winner == Some(Color::White) { (white, black) } else { (black, white) };
        let score = score_pair(locale, first, second);
        let side = |color: Color| Text::plain(names[color.index()].clone());
        let banner = normal_result(locale, result.winner, result.by_tie_rule, Some(score), &side).to_plain();
        Ending { winner: result.winner, banner }
    });
    picture_words(locale, names, game, ending)
}

/// A caption with `names`, the turn's words in `locale`, the move counter of `game` and `ending`.
fn picture_words(locale: Locale, names: [String; 2], game: &Game, ending: Option<Ending>) -> Caption {
    Caption {
        names,
        to_move: words(locale, "picture-to-move", &Args::new()),
        passed: words(locale, "picture-passed", &Args::new()),
        in_hand: words(locale, "picture-in-hand", &Args::new()),
        move_number: move_label(locale, game.move_count()),
        ending,
        note: String::new(),
    }
}

/// The picture in words for screen readers (at most 1024 characters): counts, whose turn or the
/// result, the last move and what it turned, a forced pass, discs in hand, the legal moves.
pub fn describe(locale: Locale, theme: Theme, game: &Game, ending: Option<&Ending>) -> String {
    let side = |color: Color| side_name(locale, theme, color);
    let [black, white] = game.counts();
    let mut parts = vec![words(
        locale,
        "picture-counts",
        &Args::new()
            .text("black-side", side(Color::Black))
            .number("black", black)
            .text("white-side", side(Color::White))
            .number("white", white),
    )];
    match (ending, game.to_move()) {
        (Some(ending), _) => {
            parts.push(words(locale, "picture-result", &Args::new().text("result", ending.banner.clone())));
        }
        (None, Some(mover)) => {
            parts.push(words(locale, "picture-to-move-sentence", &Args::new().text("side", side(mover))));
        }
        (None, None) => {}
    }
    if let Some(last) = game.last_move() {
        let flipped: Vec<String> = last.flipped.iter().map(|s| s.to_string()).collect();
        let args = Args::new()
            .text("square", last.mv.square.to_string())
            .text("side", side(last.color))
            .number("flipped", flipped.len())
            .text("squares", list(locale, &flipped));
        parts.push(words(locale, "picture-last-move", &args));
    }
    if let Some(Ply::Pass(color)) = game.plies().last() {
        parts.push(words(locale, "picture-passed-sentence", &Args::new().text("side", side(*color))));
    }
    if let Some([b, w]) = game.hands() {
        let args = Args::new()
            .text("black-side", side(Color::Black))
            .number("black", b)
            .text("white-side", side(Color::White))
            .number("white", w);
        parts.push(words(locale, "picture-in-hand-sentence", &args));
    }
    let legal = game.legal_moves();
    if ending.is_none() && !legal.is_empty() {
        let names: Vec<String> = legal.iter().map(|s| s.to_string()).collect();
        parts.push(words(locale, "picture-legal", &Args::new().text("squares", names.join(", "))));
    }
    let text = parts.join(" ");
    if text.chars().count() <= MAX_DESCRIPTION {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_DESCRIPTION - 1).collect();
    cut.push('…');
    cut
}

/// The components under a board: move menus, Resign and (in a friendly game) Take back while
/// live (the menus when a person is to move),
/// Rematch and (for rules the engine can search) Review when over.
fn board_rows(scene: &Scene<'_>) -> Vec<Row> {
    let Scene { record, game, locale, .. } = *scene;
    if record.status != GameStatus::Live {
        let rematch = Button {
            id: components::rematch(record.id),
            label: words(locale, "button-rematch", &Args::new()),
            style: ButtonStyle::Primary,
        };
        let mut buttons = vec![rematch];
        if crate::ai::review::reviewable(&record.rules) && !record.moves.is_empty() {
            buttons.push(Button {
                id: components::review(record.id),
                label: words(locale, "button-review", &Args::new()),
                style: ButtonStyle::Secondary,
            });
        }
        if let Some(page) = &scene.web_page {
            buttons.push(web_page_button(locale, page.clone()));
        }
        return vec![Row::Buttons(buttons)];
    }
    let mut rows = Vec::new();
    if record.rules.start == Start::FirstPlayerChooses {
        let choice = |parallel: bool, id: &str| Button {
            id: components::choose_start(record.id, record.version, parallel),
            label: words(locale, id, &Args::new()),
            style: ButtonStyle::Primary,
        };
        rows.push(Row::Buttons(vec![choice(false, "button-start-cross"), choice(true, "button-start-parallel")]));
    } else if let Some(color) = game.to_move()
        && !scene.bots[color.index()]
    {
        rows.extend(move_menus(locale, game, color, |part| components::move_menu(record.id, record.version, part)));
    }
    let resign = Button {
        id: components::resign(record.id, record.version),
        label: words(locale, "button-resign", &Args::new()),
        style: ButtonStyle::Danger,
    };
    let mut buttons = vec![resign];
    if !record.rated && game.last_move().is_some() {
        buttons.push(Button {
            id: components::take_back(record.id, record.version),
            label: words(locale, "button-takeback", &Args::new()),
            style: ButtonStyle::Secondary,
        });
    }
    rows.push(Row::Buttons(buttons));
    rows
}

/// The link to a web page, as a button.
fn web_page_button(locale: Locale, page: String) -> Button {
    Button { id: page, label: words(locale, "button-web-page", &Args::new()), style: ButtonStyle::Link }
}

/// A row with the link to a web page (a leaderboard's, a tournament's).
pub fn web_page_row(locale: Locale, page: String) -> Row {
    Row::Buttons(vec![web_page_button(locale, page)])
}

/// The legal moves of `color` in `game` as menus of at most 25 (Discord's limit), each with the
/// id `id(part)`.
pub fn move_menus(locale: Locale, game: &Game, color: Color, id: impl Fn(usize) -> String) -> Vec<Row> {
    let options: Vec<MenuOption> =
        game.legal_choices().into_iter().map(|mv| menu_option(locale, game, color, mv)).collect();
    let chunks: Vec<&[MenuOption]> = options.chunks(MENU_OPTIONS).take(MAX_MENUS).collect();
    let many = chunks.len() > 1;
    chunks
        .iter()
        .enumerate()
        .map(|(part, chunk)| {
            let placeholder = if many {
                let args = Args::new()
                    .text("first", chunk[0].label.clone())
                    .text("last", chunk[chunk.len() - 1].label.clone());
                words(locale, "board-menu-part", &args)
            } else {
                words(locale, "board-menu-one", &Args::new().number("count", options.len()))
            };
            Row::Menu(Menu { id: id(part), placeholder, options: chunk.to_vec() })
        })
        .collect()
}

/// One entry of the move menu: the move and what it flips.
fn menu_option(locale: Locale, game: &Game, color: Color, mv: Move) -> MenuOption {
    let board = game.board();
    let flips = match mv.line {
        Some(dir) => board.line_flips(color, mv.square, dir).len(),
        None => board.flips(color, mv.square).len(),
    };
    let description = match (flips, mv.line) {
        (0, _) => words(locale, "board-option-opening", &Args::new()),
        (n, Some(dir)) => words(
            locale,
            "board-option-flips-line",
            &Args::new().number("count", n).text("direction", direction_name(locale, dir)),
        ),
        (n, None) => words(locale, "board-option-flips", &Args::new().number("count", n)),
    };
    MenuOption { label: mv.to_string(), value: mv.to_string(), description: Some(description) }
}

/// Who a player is in a sentence that notifies them on Discord.
pub fn mention(id: UserId, name: &str) -> Text {
    Text::span(Span::Mention { id, name: name.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Rules};

    #[test]
    fn a_provisional_rating_is_shown_with_a_question_mark_once() {
        assert_eq!(rating_shown(&ratings::newcomer()), "1500?");
        let settled = crate::store::Glicko { rating: 1623.4, deviation: 60.0, volatility: 0.06 };
        assert_eq!(rating_shown(&settled), "1623");
    }

    /// A complete game of 60 moves (Black wins 40-24).
    const FULL_GAME: &str = "c4c5b6f3f6b3f4d3f2g4c6c7c2d6b4a4e6d2f5a7a6g3c3d7d8b5b2e3a8g1f1c1h2g5f7h3d1a1h5a3h1g7e7e2e1c8a5g6b8g8a2e8h7h6f8h8g2h4b7b1";

    /// A game of about `moves` moves on a board of `size`, played the same way every time.
    fn midgame(size: BoardSize, moves: usize) -> Game {
        let mut game = Game::new(Rules { size, ..Rules::default() });
        for i in 0..moves {
            let choices = game.legal_choices();
            if choices.is_empty() {
                break;
            }
            game.play(choices[(i * 7 + 3) % choices.len()]).unwrap();
        }
        game
    }

    #[test]
    fn the_picture_described_for_screen_readers_names_the_sides_and_fits_discords_limit() {
        for locale in Locale::ALL {
            for size in BoardSize::ALL {
                for moves in [0, 10, 40] {
                    let game = midgame(size, moves);
                    for theme in Theme::ALL {
                        let text = describe(locale, theme, &game, None);
                        assert!(text.chars().count() <= MAX_DESCRIPTION, "{locale} {size} {theme}");
                        assert!(text.starts_with(&side_name(locale, theme, Color::Black)), "{text}");
                    }
                }
            }
        }
        let game = Game::new(Rules::default());
        assert_eq!(
            describe(Locale::English, Theme::Ravensburger, &game, None),
            "Gold 2, Black 2. Gold to move. Legal moves: d3, c4, f5, e6."
        );
    }

    #[test]
    fn a_tools_picture_names_the_sides_as_the_theme_paints_them_in_the_readers_language() {
        let game = Game::from_transcript(Rules::default(), "f5d6c3").unwrap();
        let caption = tool_caption(Locale::English, Theme::RedBlue, &game);
        assert_eq!(caption.names, ["Red".to_string(), "Blue".to_string()]);
        assert_eq!((caption.to_move.as_str(), caption.passed.as_str()), ("to move", "passed"));
        assert_eq!((caption.move_number.as_str(), caption.ending), ("Move 3", None));
        let swedish = tool_caption(Locale::Swedish, Theme::Classic, &game);
        assert_eq!(swedish.names, ["Svart".to_string(), "Vit".to_string()]);
        assert_eq!((swedish.to_move.as_str(), swedish.move_number.as_str()), ("på tur", "Drag 3"));
    }

    #[test]
    fn a_tools_picture_of_a_finished_game_carries_the_result() {
        let full = Game::from_transcript(Rules::default(), FULL_GAME).unwrap();
        let caption = tool_caption(Locale::English, Theme::Classic, &full);
        assert_eq!(caption.ending, Some(Ending { winner: Some(Color::Black), banner: "Black wins 40-24".into() }));
        let german = tool_caption(Locale::German, Theme::Ravensburger, &full);
        assert_eq!(german.ending.map(|e| e.banner), Some("Gold gewinnt mit 40:24".into()));
        assert_eq!(german.move_number, "Zug 60");
    }

    #[test]
    fn the_move_counter_reads_start_before_the_first_move_in_every_language() {
        assert_eq!(move_label(Locale::English, 0), "Start");
        assert_eq!(move_label(Locale::English, 1), "Move 1");
        assert_eq!(move_label(Locale::German, 0), "Anfang");
        assert_eq!(move_label(Locale::Swedish, 0), "Start");
        assert_eq!(move_label(Locale::Swedish, 12), "Drag 12");
        let start = Game::new(Rules::default());
        assert_eq!(tool_caption(Locale::German, Theme::Classic, &start).move_number, "Anfang");
    }
}
