//! The coach in words: a review's card (the opening, how it was scored, each player's average
//! loss and biggest mistakes with the ideas that explain them) with its chart, and an analysis
//! card with its heat map.

use crate::ai::coach::{Edge, Motif};
use crate::ai::eval::SCALE;
use crate::ai::review::{GameReview, MoveReview, MoveValue};
use crate::engine::{Board, BoardSize, Color, Game, Square};
use crate::render::{ChartCaption, ChartMark, ChartPoint, MoveScore, RenderOptions, Renderer, ReviewChart, Theme};
use crate::store::GameRecord;

use super::super::reply::{Attachment, Embed, Field, Reply};
use super::super::text::{Args, Locale, Span, Text, say, words};
use super::board::{game_opening, player_side, result_line, side_name, side_symbol, square, tool_caption};

/// The review chart's file name.
pub const REVIEW_FILE: &str = "review.png";
/// The analysis picture's file name.
pub const ANALYSIS_FILE: &str = "analysis.png";
/// The stripe colour of the coach's cards.
const TEAL: u32 = 0x00897B;

/// One of a player's biggest mistakes and the ideas that explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The move and what it cost.
    pub review: MoveReview,
    /// Why it was worse than the best move, most telling first (may be empty).
    pub motifs: Vec<Motif>,
}

/// Everything a review card shows.
pub struct ReviewScene<'a> {
    /// The reader's language.
    pub locale: Locale,
    /// The game's theme (its colours' names).
    pub theme: Theme,
    /// The stored game.
    pub record: &'a GameRecord,
    /// The game replayed.
    pub game: &'a Game,
    /// Black's and white's names.
    pub names: [String; 2],
    /// The engine's review.
    pub review: &'a GameReview,
    /// Black's and white's biggest mistakes.
    pub mistakes: &'a [Vec<Mistake>; 2],
    /// The smallest loss listed as a mistake, in discs.
    pub threshold: i32,
}

/// The review card with its chart (when `renderer` is given).
pub fn review_reply(renderer: Option<&Renderer>, scene: &ReviewScene<'_>) -> Reply {
    let ReviewScene { locale, theme, record, game, review, .. } = *scene;
    let names = &scene.names;
    let title = say(
        locale,
        "review-title",
        &Args::new()
            .number("id", record.id.0)
            .text("black", Text::plain(names[0].clone()))
            .text("white", Text::plain(names[1].clone())),
    );
    let mut lines = Vec::new();
    if let Some(opening) = game_opening(game) {
        lines.push(say(locale, "review-opening", &Args::new().text("name", Text::strong(opening))));
    }
    lines.push(result_line(locale, theme, record, game, names));
    let moves = review.moves.len();
    lines.push(if review.exact_from == 0 {
        say(locale, "review-how-exact", &Args::new())
    } else if review.exact_from <= moves {
        say(locale, "review-how-both", &Args::new().number("depth", review.depth).number("from", review.exact_from + 1))
    } else {
        say(locale, "review-how-search", &Args::new().number("depth", review.depth))
    });
    let fields = Color::BOTH
        .iter()
        .map(|&color| {
            let mut heading = Text::plain(format!("{} ", side_symbol(theme, color)));
            heading.append(player_side(locale, theme, &names[color.index()], color));
            let mut value = vec![accuracy(locale, review, color)];
            let mistakes = &scene.mistakes[color.index()];
            if mistakes.is_empty() {
                value.push(say(locale, "review-no-mistakes", &Args::new().number("discs", scene.threshold)));
            }
            value.extend(mistakes.iter().map(|m| mistake_line(locale, m)));
            Field::block(heading, Text::join(value, "\n"))
        })
        .collect();
    let mut reply = Reply {
        embed: Some(Embed {
            title,
            description: Text::join(lines, "\n"),
            fields,
            image: None,
            footer: say(locale, "review-footer", &Args::new().text("side", side_name(locale, theme, Color::Black))),
            color: TEAL,
        }),
        ..Reply::default()
    };
    if let Some(renderer) = renderer {
        let png = renderer.review_chart_png(&chart(scene), theme);
        reply.files.push(Attachment {
            name: REVIEW_FILE.to_string(),
            bytes: png,
            description: Some(chart_description(scene)),
        });
        if let Some(embed) = &mut reply.embed {
            embed.image = Some(REVIEW_FILE.to_string());
        }
    }
    reply
}

/// A player's average loss per move: `0.8 discs a move`, or that they made no move.
fn accuracy(locale: Locale, review: &GameReview, color: Color) -> Text {
    match review.average_loss(color) {
        Some(loss) => say(locale, "review-accuracy", &Args::new().word("loss", decimal(locale, loss))),
        None => say(locale, "review-no-moves", &Args::new()),
    }
}

/// One mistake: `23. c1 instead of b2: 14 discs lost. It gave the corner a1 away …`.
fn mistake_line(locale: Locale, mistake: &Mistake) -> Text {
    let m = mistake.review;
    let discs = rounded(m.loss);
    let mut line = say(
        locale,
        "review-mistake",
        &Args::new()
            .number("number", m.number)
            .text("played", square(m.played))
            .text("best", square(m.best))
            .number("discs", discs),
    );
    for motif in &mistake.motifs {
        line.push(Span::Plain(" ".into()));
        line.append(motif_sentence(locale, motif));
    }
    line
}

/// The idea behind a mistake in one sentence.
pub fn motif_sentence(locale: Locale, motif: &Motif) -> Text {
    let name = |index: u8| Square::from_index(u32::from(index), BoardSize::Eight);
    match *motif {
        Motif::CornerGiven { corner, via } => {
            let (c, v) = (name(corner), name(via));
            let kind = if c.col() != v.col() && c.row() != v.row() { "x" } else { "c" };
            say(
                locale,
                "motif-corner-given",
                &Args::new().text("corner", square(c)).text("via", square(v)).word("kind", kind),
            )
        }
        Motif::Wall => say(locale, "motif-wall", &Args::new()),
        Motif::QuietMoveMissed => say(locale, "motif-quiet-move", &Args::new()),
        Motif::ParityLost => say(locale, "motif-parity", &Args::new()),
        Motif::UnbalancedEdge { edge } => {
            say(locale, "motif-unbalanced-edge", &Args::new().word("edge", edge_word(edge)))
        }
        Motif::StonerTrap { edge } => say(locale, "motif-stoner-trap", &Args::new().word("edge", edge_word(edge))),
    }
}

fn edge_word(edge: Edge) -> &'static str {
    match edge {
        Edge::North => "north",
        Edge::South => "south",
        Edge::West => "west",
        Edge::East => "east",
    }
}

/// `x` with one decimal, in `locale`'s way of writing it (`0.8`, `0,8`).
fn decimal(locale: Locale, x: f64) -> String {
    let text = format!("{x:.1}");
    match locale {
        Locale::English => text,
        _ => text.replace('.', ","),
    }
}

/// The chart of a review: the values from Black's side, exact where solved, the listed mistakes
/// marked.
fn chart(scene: &ReviewScene<'_>) -> ReviewChart {
    let ReviewScene { locale, theme, review, .. } = *scene;
    let points = review
        .values
        .iter()
        .enumerate()
        .map(|(i, &v)| ChartPoint { value: rounded(v), exact: i >= review.exact_from })
        .collect();
    let mut marks: Vec<ChartMark> = scene
        .mistakes
        .iter()
        .flatten()
        .map(|m| ChartMark {
            index: m.review.number,
            color: m.review.color,
            label: format!("{} {}", m.review.number, m.review.played),
        })
        .collect();
    marks.sort_by_key(|m| m.index);
    let names = Color::BOTH.map(|color| {
        words(
            locale,
            "review-chart-side",
            &Args::new()
                .text("side", side_name(locale, theme, color))
                .text("player", Text::plain(scene.names[color.index()].clone())),
        )
    });
    ReviewChart {
        points,
        marks,
        caption: ChartCaption {
            title: words(locale, "review-chart-title", &Args::new()),
            names,
            exact: words(locale, "review-chart-exact", &Args::new()),
            moves: words(locale, "review-chart-moves", &Args::new()),
        },
    }
}

/// The chart in words for screen readers.
fn chart_description(scene: &ReviewScene<'_>) -> String {
    let ReviewScene { locale, theme, review, .. } = *scene;
    let swings: Vec<String> = scene.mistakes.iter().flatten().map(|m| m.review.number.to_string()).collect();
    words(
        locale,
        "review-chart-alt",
        &Args::new()
            .text("side", side_name(locale, theme, Color::Black))
            .number("start", rounded(review.values.first().copied().unwrap_or(0)))
            .number("end", rounded(review.values.last().copied().unwrap_or(0)))
            .text("moves", super::board::list(locale, &swings))
            .number("count", swings.len()),
    )
}

/// Hundredths of a disc as whole discs.
fn rounded(hundredths: i32) -> i32 {
    (f64::from(hundredths) / f64::from(SCALE)).round() as i32
}

/// Everything an analysis card shows.
pub struct AnalysisScene<'a> {
    /// The reader's language.
    pub locale: Locale,
    /// The theme the board is drawn in.
    pub theme: Theme,
    /// The stored game the position comes from (`None`: a transcript).
    pub record: Option<&'a GameRecord>,
    /// The position, as a game played up to it.
    pub game: &'a Game,
    /// The players' names when the position comes from a stored game.
    pub names: Option<[String; 2]>,
    /// Every legal move's value, best first.
    pub values: &'a [MoveValue],
}

/// The analysis card with its heat map (when `renderer` is given).
pub fn analysis_reply(renderer: Option<&Renderer>, scene: &AnalysisScene<'_>) -> Reply {
    let AnalysisScene { locale, theme, game, values, .. } = *scene;
    let color = game.to_move().unwrap_or(Color::Black);
    let side = side_name(locale, theme, color);
    let mover = match &scene.names {
        Some(names) => player_side(locale, theme, &names[color.index()], color),
        None => Text::plain(side.clone()),
    };
    let moves = game.moves().count();
    // A position given as a board rather than reached by moves from the start.
    let set_up = game.positions()[0].board != Board::start(game.rules().size, game.rules().start);
    let title = match scene.record {
        Some(record) => say(
            locale,
            "analysis-title-game",
            &Args::new().number("id", record.id.0).number("moves", moves).text("player", mover),
        ),
        None if set_up => say(
            locale,
            "analysis-title-position",
            &Args::new().number("empties", game.board().empties()).text("player", mover),
        ),
        None => say(locale, "analysis-title-transcript", &Args::new().number("moves", moves).text("player", mover)),
    };
    let lines: Vec<Text> = values
        .iter()
        .map(|v| {
            say(
                locale,
                "analysis-line",
                &Args::new()
                    .text("square", square(v.square))
                    .word("score", signed(rounded(v.value)))
                    .word("exact", if v.exact { "yes" } else { "no" }),
            )
        })
        .collect();
    let mut description = Text::join(lines, "\n");
    if scene.record.is_none() {
        // What was analysed, to copy: the moves, or the board as an OBF line.
        let given = if set_up {
            format!("{} {}", game.board().to_rows(), if color == Color::Black { 'X' } else { 'O' })
        } else {
            game.transcript()
        };
        let mut transcript = Text::span(Span::Code(given));
        transcript.push(Span::Plain("\n".into()));
        transcript.append(description);
        description = transcript;
    }
    let mut reply = Reply {
        embed: Some(Embed {
            title,
            description,
            fields: Vec::new(),
            image: None,
            footer: say(locale, "analysis-footer", &Args::new().text("side", side)),
            color: TEAL,
        }),
        ..Reply::default()
    };
    if let Some(renderer) = renderer {
        let mut caption = tool_caption(locale, theme, game);
        if let Some(names) = &scene.names {
            caption.names = names.clone();
        }
        let scores: Vec<MoveScore> =
            values.iter().map(|v| MoveScore { square: v.square, score: rounded(v.value), exact: v.exact }).collect();
        let png = renderer.analysis_png(game, &scores, &RenderOptions { theme, ..RenderOptions::default() }, &caption);
        let best: Vec<String> =
            values.iter().take(3).map(|v| format!("{} {}", v.square, signed(rounded(v.value)))).collect();
        reply.files.push(Attachment {
            name: ANALYSIS_FILE.to_string(),
            bytes: png,
            description: Some(words(
                locale,
                "analysis-alt",
                &Args::new()
                    .text("player", side_name(locale, theme, color))
                    .text("best", super::board::list(locale, &best)),
            )),
        });
        if let Some(embed) = &mut reply.embed {
            embed.image = Some(ANALYSIS_FILE.to_string());
        }
    }
    reply
}

/// `+6`, `-12`, `0`.
fn signed(discs: i32) -> String {
    if discs > 0 { format!("+{discs}") } else { discs.to_string() }
}
