//! Puzzles in words and pictures: the puzzle's board (the side to move, the task, the empty
//! squares, the hint once asked for), what an answer did (its proven result beside the best
//! one's), the solution line drawn on the board at the end, the rating change, the streak, and a
//! player's puzzle stats with the server's best streaks.

use crate::engine::{Color, Game, Move, Square};
use crate::puzzle::{Judgement, Puzzle, Task, Theme as PuzzleTheme};
use crate::render::{Caption, Ending, RenderOptions, Renderer, Theme};
use crate::store::{AttemptRecord, AttemptStatus, Glicko, PuzzleMode, PuzzleRecord, StreakEntry};

use super::super::command::{PuzzleButton, User};
use super::super::components;
use super::super::ratings::is_provisional;
use super::super::reply::{Attachment, BoardSketch, Button, ButtonStyle, Embed, Field, Reply, Row};
use super::super::text::{Args, Locale, Text, say, words};
use super::board::{describe, last_squares, move_menus, side_name};

/// The name of a puzzle's picture.
pub const PUZZLE_FILE: &str = "puzzle.png";
/// The stripe of a puzzle's card: a puzzle's violet, apart from the games' green.
const VIOLET: u32 = 0x6A4C93;

/// What the player's answer did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The step it answered (0 for the first).
    pub step: usize,
    /// The square played.
    pub square: Square,
    /// Its verdict, with its proven value.
    pub judgement: Judgement,
    /// The bot's reply, when the line goes on.
    pub reply: Option<Square>,
}

/// Everything a puzzle's board reply shows.
pub struct PuzzleScene<'a> {
    /// The reader's language.
    pub locale: Locale,
    /// The server's board theme.
    pub theme: Theme,
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Its number in the set.
    pub number: u32,
    /// The attempt as stored now.
    pub record: &'a AttemptRecord,
    /// The position reached (the puzzle's, after the player's moves and the bot's replies).
    pub game: &'a Game,
    /// The puzzle's rating.
    pub rating: f64,
    /// The player.
    pub player: &'a User,
    /// What the move just played did, if one was.
    pub answer: Option<Answer>,
    /// The player's puzzle rating before and after, when this ended a rated attempt.
    pub change: Option<(Glicko, Glicko)>,
    /// The player's best streak, when a streak just ended.
    pub best_streak: Option<u32>,
}

/// A proven result in words: "a win by 12 discs", "a draw", "a loss by 4 discs".
pub fn value_words(locale: Locale, value: i32) -> String {
    let id = match value {
        v if v > 0 => "puzzle-value-win",
        0 => "puzzle-value-draw",
        _ => "puzzle-value-loss",
    };
    words(locale, id, &Args::new().number("discs", value.unsigned_abs()))
}

/// A theme's name in `locale`.
pub fn theme_name(locale: Locale, theme: PuzzleTheme) -> String {
    let id = match theme {
        PuzzleTheme::Corner => "puzzle-theme-corner",
        PuzzleTheme::Edge => "puzzle-theme-edge",
        PuzzleTheme::Parity => "puzzle-theme-parity",
        PuzzleTheme::Tempo => "puzzle-theme-tempo",
        PuzzleTheme::Sweep => "puzzle-theme-sweep",
        PuzzleTheme::Stoner => "puzzle-theme-stoner",
        PuzzleTheme::OnlyMove => "puzzle-theme-only-move",
    };
    words(locale, id, &Args::new())
}

/// What the player is asked to do.
pub fn task_words(locale: Locale, puzzle: &Puzzle) -> String {
    let id = match puzzle.task {
        Task::Win => "puzzle-task-win",
        Task::Best => "puzzle-task-best",
        Task::Corner => "puzzle-task-corner",
        Task::Sweep => "puzzle-task-sweep",
        Task::Line => "puzzle-task-line",
    };
    words(locale, id, &Args::new().number("steps", puzzle.steps.len()))
}

/// The themes, or the words for none.
fn themes_words(locale: Locale, puzzle: &Puzzle) -> String {
    if puzzle.themes.is_empty() {
        return words(locale, "puzzle-theme-none", &Args::new());
    }
    puzzle.themes.iter().map(|&t| theme_name(locale, t)).collect::<Vec<_>>().join(", ")
}

/// The solution as players read it: "d3, e6 (answer), c5".
fn solution_words(locale: Locale, puzzle: &Puzzle) -> String {
    let mut parts = Vec::new();
    for step in &puzzle.steps {
        let Some(first) = step.accepted.first() else { break };
        parts.push(first.to_string());
        if let Some(reply) = step.reply {
            parts.push(words(locale, "puzzle-reply-mark", &Args::new().text("square", reply.to_string())));
        }
    }
    parts.join(", ")
}

/// The puzzle's board reply: while live, the position, the task, the moves in a menu and the
/// Hint and Give up buttons; once over, what happened, the solution line on the board and the
/// Next button.
pub fn board(renderer: Option<&Renderer>, scene: &PuzzleScene<'_>) -> Reply {
    let PuzzleScene { locale, theme, puzzle, record, game, .. } = *scene;
    let live = record.status == AttemptStatus::Live;
    let mut lines: Vec<Text> = Vec::new();
    if let Some(answer) = scene.answer {
        lines.push(answer_line(scene, answer));
    }
    if record.status == AttemptStatus::GaveUp {
        lines.push(say(locale, "puzzle-gave-up", &Args::new()));
    }
    if live {
        lines.push(Text::strong(to_play(locale, theme, puzzle, game.board().empty_squares().len())));
        lines.push(Text::plain(task_words(locale, puzzle)));
        if record.hinted {
            lines.push(say(locale, "puzzle-hint", &Args::new().text("themes", themes_words(locale, puzzle))));
        }
    } else {
        let best = puzzle.best(0).map_or(0, |(_, value)| value);
        let solution = Args::new()
            .text("line", Text::strong(solution_words(locale, puzzle)))
            .text("value", value_words(locale, best));
        lines.push(say(locale, "puzzle-solution", &solution));
        lines.push(say(locale, "puzzle-themes", &Args::new().text("themes", themes_words(locale, puzzle))));
    }
    lines.extend(rating_line(scene));
    lines.extend(streak_line(scene));
    let fields = vec![
        Field::inline(say(locale, "puzzle-field-rating", &Args::new()), Text::plain(format!("{:.0}", scene.rating))),
        Field::inline(
            say(locale, "puzzle-field-difficulty", &Args::new()),
            Text::plain(format!("{}/10", puzzle.difficulty)),
        ),
        Field::inline(say(locale, "puzzle-field-empties", &Args::new()), Text::plain(puzzle.empties().to_string())),
    ];
    let title = title(scene);
    let footer = say(locale, if live { "puzzle-footer" } else { "puzzle-footer-over" }, &Args::new());
    let embed = Embed {
        title: Text::plain(title),
        description: Text::join(lines, "\n"),
        fields,
        image: renderer.is_some().then(|| PUZZLE_FILE.into()),
        footer,
        color: VIOLET,
    };
    let files = renderer.map(|renderer| vec![picture(renderer, scene)]).unwrap_or_default();
    Reply {
        content: Text::new(),
        embed: Some(embed),
        files,
        rows: rows(scene),
        ephemeral: record.mode == PuzzleMode::Daily,
        replaces: false,
        board: Some(sketch(scene)),
        solo: None,
    }
}

/// The card's title: the puzzle's number, and the streak's count or the day.
fn title(scene: &PuzzleScene<'_>) -> String {
    let (locale, record) = (scene.locale, scene.record);
    let number = Args::new().number("number", scene.number);
    match (&record.day, record.mode) {
        (Some(day), _) => words(locale, "puzzle-title-daily", &number.text("day", day.clone())),
        (None, PuzzleMode::Streak) => words(locale, "puzzle-title-streak", &number.number("streak", record.streak + 1)),
        (None, _) => words(locale, "puzzle-title", &number),
    }
}

/// What the answer did, as one line.
fn answer_line(scene: &PuzzleScene<'_>, answer: Answer) -> Text {
    let locale = scene.locale;
    let square = Text::strong(answer.square.to_string());
    match answer.judgement {
        Judgement::Accepted(value) => match answer.reply {
            Some(reply) => say(
                locale,
                "puzzle-right-go-on",
                &Args::new()
                    .text("square", square)
                    .text("value", value_words(locale, value))
                    .text("reply", Text::strong(reply.to_string())),
            ),
            None => say(
                locale,
                "puzzle-solved",
                &Args::new().text("square", square).text("value", value_words(locale, value)),
            ),
        },
        Judgement::Rejected(value) => {
            let (best, best_value) = scene.puzzle.best(answer.step).unwrap_or((answer.square, value));
            say(
                locale,
                "puzzle-missed",
                &Args::new()
                    .text("square", square)
                    .text("value", value_words(locale, value))
                    .text("best", Text::strong(best.to_string()))
                    .text("best-value", value_words(locale, best_value)),
            )
        }
        Judgement::Illegal => Text::new(),
    }
}

/// The player's puzzle rating change, or why the attempt was not rated, once it is over.
fn rating_line(scene: &PuzzleScene<'_>) -> Option<Text> {
    let locale = scene.locale;
    if scene.record.status == AttemptStatus::Live {
        return None;
    }
    match (scene.change, scene.record.mode) {
        (Some((before, after)), _) => {
            let delta = after.rating.round() - before.rating.round();
            let args = Args::new()
                .number("before", before.rating.round() as i64)
                .number("after", after.rating.round() as i64)
                .text("change", format!("{delta:+.0}"));
            Some(say(locale, "puzzle-rating-change", &args))
        }
        (None, PuzzleMode::Streak) => None,
        (None, _) => Some(say(locale, "puzzle-not-rated", &Args::new())),
    }
}

/// Where the streak stands.
fn streak_line(scene: &PuzzleScene<'_>) -> Option<Text> {
    let (locale, record) = (scene.locale, scene.record);
    if record.mode != PuzzleMode::Streak {
        return None;
    }
    Some(match record.status {
        AttemptStatus::Live => say(locale, "puzzle-streak-so-far", &Args::new().number("solved", record.streak)),
        AttemptStatus::Solved => say(locale, "puzzle-streak-solved", &Args::new().number("solved", record.streak + 1)),
        AttemptStatus::Failed | AttemptStatus::GaveUp => say(
            locale,
            "puzzle-streak-over",
            &Args::new().number("solved", record.streak).number("best", scene.best_streak.unwrap_or(record.streak)),
        ),
    })
}

/// The picture: the position to solve with its legal moves, or once over the solution line
/// from the puzzle's position, each move numbered.
fn picture(renderer: &Renderer, scene: &PuzzleScene<'_>) -> Attachment {
    let PuzzleScene { locale, theme, puzzle, record, .. } = *scene;
    let live = record.status == AttemptStatus::Live;
    let (game, ending) = if live {
        (scene.game.clone(), None)
    } else {
        let mut line = puzzle.game().unwrap_or_else(|| scene.game.clone());
        for square in puzzle.solution() {
            if line.play(Move::new(square)).is_err() {
                break;
            }
        }
        let id = match record.status {
            AttemptStatus::Solved => "puzzle-banner-solved",
            _ => "puzzle-banner-solution",
        };
        let winner = (record.status == AttemptStatus::Solved).then_some(puzzle.to_move);
        (line, Some(Ending { winner, banner: words(locale, id, &Args::new()) }))
    };
    let empties = game.board().empty_squares().len();
    let caption = caption(locale, theme, puzzle, scene.player.name.clone(), empties, title(scene), ending);
    let options = RenderOptions { theme, legal_moves: live, move_numbers: !live };
    let bytes = renderer.board_png_captioned(&game, &options, &caption);
    let description = describe(locale, theme, &game, caption.ending.as_ref());
    Attachment { name: PUZZLE_FILE.into(), bytes, description: Some(description) }
}

/// "Black to play · 14 empty squares", in `locale` and `theme`.
fn to_play(locale: Locale, theme: Theme, puzzle: &Puzzle, empties: usize) -> String {
    let side = side_name(locale, theme, puzzle.to_move);
    words(locale, "puzzle-to-play", &Args::new().text("side", side).number("empties", empties))
}

/// The words on a puzzle's picture: the player (or their side's name) against "Puzzle", who is
/// to play with the empty squares left, the title, and the banner at the end.
fn caption(
    locale: Locale,
    theme: Theme,
    puzzle: &Puzzle,
    player: String,
    empties: usize,
    title: String,
    ending: Option<Ending>,
) -> Caption {
    let mut names = [String::new(), String::new()];
    names[puzzle.to_move.index()] = player;
    names[puzzle.to_move.opponent().index()] = words(locale, "puzzle-opponent", &Args::new());
    Caption {
        names,
        to_move: words(locale, "picture-to-move", &Args::new()),
        passed: words(locale, "picture-passed", &Args::new()),
        in_hand: String::new(),
        move_number: to_play(locale, theme, puzzle, empties),
        ending,
        note: title,
    }
}

/// The menus and buttons: the moves, Hint and Give up while live; Next once over.
fn rows(scene: &PuzzleScene<'_>) -> Vec<Row> {
    let PuzzleScene { locale, record, game, .. } = *scene;
    let button = |kind: PuzzleButton, id: &str, style: ButtonStyle| Button {
        id: components::puzzle_button(record.id, record.version, kind),
        label: words(locale, id, &Args::new()),
        style,
    };
    if record.status != AttemptStatus::Live {
        let id = match (record.mode, record.status) {
            (PuzzleMode::Streak, AttemptStatus::Solved) => "button-puzzle-streak-next",
            (PuzzleMode::Streak, _) => "button-puzzle-streak-new",
            _ => "button-puzzle-next",
        };
        return vec![Row::Buttons(vec![button(PuzzleButton::Next, id, ButtonStyle::Primary)])];
    }
    let mut rows = match game.to_move() {
        Some(color) => move_menus(locale, game, color, |part| components::puzzle_menu(record.id, record.version, part)),
        None => Vec::new(),
    };
    let mut buttons = Vec::new();
    if !record.hinted {
        buttons.push(button(PuzzleButton::Hint, "button-puzzle-hint", ButtonStyle::Secondary));
    }
    buttons.push(button(PuzzleButton::GiveUp, "button-puzzle-give-up", ButtonStyle::Danger));
    rows.push(Row::Buttons(buttons));
    rows
}

/// The board as data for text front ends.
fn sketch(scene: &PuzzleScene<'_>) -> BoardSketch {
    let PuzzleScene { locale, theme, record, game, .. } = *scene;
    let live = record.status == AttemptStatus::Live;
    let to_move = game.to_move().filter(|_| live);
    BoardSketch {
        board: *game.board(),
        to_move,
        player_to_move: to_move.map(|_| record.player),
        legal: if live { game.legal_moves() } else { crate::engine::SquareSet::empty(game.rules().size) },
        last: last_squares(game),
        sides: Color::BOTH.map(|c| side_name(locale, theme, c)),
    }
}

/// `/puzzle stats`: the player's puzzle rating and record, and the server's best streaks.
pub fn stats(
    locale: Locale,
    player: &User,
    rating: Option<&Glicko>,
    record: &PuzzleRecord,
    streaks: Option<&[StreakEntry]>,
) -> Reply {
    let rating_text = match rating {
        Some(g) if is_provisional(g) => {
            words(locale, "puzzle-stats-provisional", &Args::new().number("rating", g.rating.round() as i64))
        }
        Some(g) => format!("{:.0}", g.rating),
        None => words(locale, "puzzle-stats-unrated", &Args::new()),
    };
    let percent = (record.solved * 100 + record.attempts / 2).checked_div(record.attempts).unwrap_or(0);
    let fields = vec![
        Field::inline(say(locale, "puzzle-field-your-rating", &Args::new()), Text::plain(rating_text)),
        Field::inline(
            say(locale, "puzzle-field-solved", &Args::new()),
            say(
                locale,
                "puzzle-stats-solved",
                &Args::new()
                    .number("solved", record.solved)
                    .number("attempts", record.attempts)
                    .number("percent", percent),
            ),
        ),
        Field::inline(
            say(locale, "puzzle-field-best-streak", &Args::new()),
            Text::plain(record.best_streak.to_string()),
        ),
    ];
    let description = match streaks {
        Some([]) => say(locale, "puzzle-streaks-none", &Args::new()),
        Some(entries) => {
            let mut lines = vec![say(locale, "puzzle-streaks-title", &Args::new()).emphasised()];
            for (place, entry) in entries.iter().enumerate() {
                let args = Args::new()
                    .number("place", place + 1)
                    .text("player", Text::plain(&entry.name))
                    .number("best", entry.best);
                lines.push(say(locale, "puzzle-streaks-line", &args));
            }
            Text::join(lines, "\n")
        }
        None => Text::new(),
    };
    let embed = Embed {
        title: Text::plain(words(locale, "puzzle-stats-title", &Args::new().text("player", player.name.clone()))),
        description,
        fields,
        image: None,
        footer: say(locale, "puzzle-stats-footer", &Args::new()),
        color: VIOLET,
    };
    Reply { embed: Some(embed), ..Reply::default() }
}

/// A day's puzzle as its post shows it.
pub struct DailyPost<'a> {
    /// The server's language.
    pub locale: Locale,
    /// The server's board theme.
    pub theme: Theme,
    /// The day's puzzle.
    pub puzzle: &'a Puzzle,
    /// Its number.
    pub number: u32,
    /// The day (`2026-11-30`).
    pub day: &'a str,
    /// The day as a number, for the Solve button.
    pub day_number: u32,
}

/// Yesterday's puzzle in the server: its solution and who solved it.
pub struct Yesterday {
    /// The puzzle.
    pub puzzle: &'static Puzzle,
    /// Its number.
    pub number: u32,
    /// Who solved it on the server, in the order they did.
    pub solvers: Vec<String>,
}

/// The post of the day's puzzle: the position, the task, the Solve button (answers are
/// private), and yesterday's solution with who solved it.
pub fn daily_post(renderer: Option<&Renderer>, post: &DailyPost<'_>, yesterday: Option<&Yesterday>) -> Reply {
    let DailyPost { locale, theme, puzzle, number, day, day_number } = *post;
    let side = side_name(locale, theme, puzzle.to_move);
    let empties = puzzle.empties();
    let mut lines =
        vec![Text::strong(to_play(locale, theme, puzzle, empties as usize)), Text::plain(task_words(locale, puzzle))];
    lines.push(say(locale, "daily-puzzle-private", &Args::new()));
    if let Some(before) = yesterday {
        lines.push(Text::new());
        let best = before.puzzle.best(0).map_or(0, |(_, value)| value);
        let args = Args::new()
            .number("number", before.number)
            .text("line", Text::strong(solution_words(locale, before.puzzle)))
            .text("value", value_words(locale, best));
        lines.push(say(locale, "daily-puzzle-yesterday", &args));
        lines.push(if before.solvers.is_empty() {
            say(locale, "daily-puzzle-solved-by-nobody", &Args::new())
        } else {
            let names = super::board::list(locale, &before.solvers);
            say(
                locale,
                "daily-puzzle-solved-by",
                &Args::new().number("count", before.solvers.len()).text("players", names),
            )
        });
    }
    let title = words(locale, "puzzle-title-daily", &Args::new().number("number", number).text("day", day.to_string()));
    let fields = vec![
        Field::inline(
            say(locale, "puzzle-field-difficulty", &Args::new()),
            Text::plain(format!("{}/10", puzzle.difficulty)),
        ),
        Field::inline(say(locale, "puzzle-field-empties", &Args::new()), Text::plain(empties.to_string())),
    ];
    let embed = Embed {
        title: Text::plain(title.clone()),
        description: Text::join(lines, "\n"),
        fields,
        image: renderer.is_some().then(|| PUZZLE_FILE.into()),
        footer: say(locale, "daily-puzzle-footer", &Args::new()),
        color: VIOLET,
    };
    let files = renderer
        .and_then(|renderer| {
            let game = puzzle.game()?;
            let caption = caption(locale, theme, puzzle, side.clone(), empties as usize, title, None);
            let options = RenderOptions { theme, legal_moves: false, move_numbers: false };
            let bytes = renderer.board_png_captioned(&game, &options, &caption);
            let description = describe(locale, theme, &game, None);
            Some(vec![Attachment { name: PUZZLE_FILE.into(), bytes, description: Some(description) }])
        })
        .unwrap_or_default();
    let solve = Button {
        id: components::daily_puzzle(number, day_number),
        label: words(locale, "button-daily-puzzle-solve", &Args::new()),
        style: ButtonStyle::Primary,
    };
    Reply { embed: Some(embed), files, rows: vec![Row::Buttons(vec![solve])], ..Reply::default() }
}
