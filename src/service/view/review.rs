//! The coach in words: a review's card (the opening, how it was scored, each player's average
//! loss and biggest mistakes with the ideas that explain them) with its chart, and an analysis
//! card with its heat map.

use crate::ai::coach::{Access, Edge, Motif};
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
    // Each idea is explained once on the card, at its first mistake (Black's listed first, each
    // player's costliest first); later mistakes name it and point back there.
    let mut said = Vec::new();
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
            let length = value.iter().map(|line| shown_length(line) + 1).sum();
            value.extend(mistake_lines(locale, mistakes, length, &mut said));
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

/// The most ideas named for one mistake (the most telling), so that a card stays short.
const IDEAS_PER_MISTAKE: usize = 2;

/// The longest a field may be as Discord shows it (its limit; longer ones are cut).
const FIELD_LENGTH: usize = 1024;

/// How long `text` is in Discord's Markdown: strong words gain two asterisks each side, code a
/// backtick.
fn shown_length(text: &Text) -> usize {
    text.spans()
        .iter()
        .map(|span| match span {
            Span::Strong(words) => words.chars().count() + 4,
            Span::Code(words) => words.chars().count() + 2,
            other => Text::span(other.clone()).to_plain().chars().count(),
        })
        .sum()
}

/// An idea already explained on a card: the kind of motif and the move it was explained at.
type Said = (std::mem::Discriminant<Motif>, usize);

/// The lines of a player's `mistakes` for a field already `length` long, each idea explained once
/// on the card (`said` keeps those explained so far). As many ideas as the field has room for:
/// first each mistake's most telling one, costliest mistake first, then each one's second.
fn mistake_lines(locale: Locale, mistakes: &[Mistake], length: usize, said: &mut Vec<Said>) -> Vec<Text> {
    let lines = |ideas: &[usize], said: &mut Vec<Said>| -> Vec<Text> {
        mistakes.iter().zip(ideas).map(|(mistake, &count)| mistake_line(locale, mistake, count, said)).collect()
    };
    let fits = |ideas: &[usize]| {
        let shown: usize = lines(ideas, &mut said.clone()).iter().map(|line| 1 + shown_length(line)).sum();
        length + shown <= FIELD_LENGTH
    };
    let mut ideas = vec![0; mistakes.len()];
    for count in 1..=IDEAS_PER_MISTAKE {
        for i in 0..mistakes.len() {
            let mut more = ideas.clone();
            more[i] = count.min(mistakes[i].motifs.len());
            if more != ideas && fits(&more) {
                ideas = more;
            }
        }
    }
    lines(&ideas, said)
}

/// One mistake with its first `ideas` ideas: `23. c1 instead of b2: 14 discs lost. It gave the
/// corner a1 away …`, each idea explained in full the first time the card names it (recorded in
/// `said`); an idea explained at an earlier mistake is only named, pointing back to it: `31. g7
/// instead of c6: 8 discs lost, again a corner given away (see move 23).`
fn mistake_line(locale: Locale, mistake: &Mistake, ideas: usize, said: &mut Vec<Said>) -> Text {
    let m = mistake.review;
    let discs = rounded(m.loss);
    let mut again = Vec::new();
    let mut new = Vec::new();
    for motif in mistake.motifs.iter().take(ideas) {
        let kind = std::mem::discriminant(motif);
        match said.iter().find(|(k, _)| *k == kind) {
            // Two of a kind at one move (two corners given) are both said in full.
            Some(&(_, first)) if first == m.number => new.push(motif),
            Some(&(_, first)) => again.push(words(
                locale,
                "motif-seen",
                &Args::new().text("idea", motif_name(locale, motif)).number("number", first),
            )),
            None => {
                said.push((kind, m.number));
                new.push(motif);
            }
        }
    }
    let args = Args::new()
        .number("number", m.number)
        .text("played", square(m.played))
        .text("best", square(m.best))
        .number("discs", discs);
    let mut line = if again.is_empty() {
        say(locale, "review-mistake", &args)
    } else {
        say(locale, "review-mistake-again", &args.text("ideas", super::board::list(locale, &again)))
    };
    for motif in new {
        line.push(Span::Plain(" ".into()));
        line.append(motif_sentence(locale, motif));
    }
    line
}

/// The idea behind a mistake in a few words, for a mistake whose idea the card explained before.
fn motif_name(locale: Locale, motif: &Motif) -> String {
    let id = match motif {
        Motif::CornerGiven { .. } => "motif-name-corner-given",
        Motif::EdgeGiven { .. } => "motif-name-edge-given",
        Motif::UnbalancedEdge { .. } => "motif-name-unbalanced-edge",
        Motif::StonerTrap { .. } => "motif-name-stoner-trap",
        Motif::ParityLost => "motif-name-parity",
        Motif::Wall => "motif-name-wall",
        Motif::MobilityLost { .. } => "motif-name-mobility",
        Motif::PotentialMobility { .. } => "motif-name-potential-mobility",
        Motif::QuietMoveMissed => "motif-name-quiet-move",
        Motif::Frontier { .. } => "motif-name-frontier",
        Motif::StableDiscs { .. } => "motif-name-stable",
    };
    words(locale, id, &Args::new())
}

/// The idea behind a mistake in one sentence.
pub fn motif_sentence(locale: Locale, motif: &Motif) -> Text {
    let name = |index: u8| Square::from_index(u32::from(index), BoardSize::Eight);
    match *motif {
        Motif::CornerGiven { corner, via, how } => {
            let (c, v) = (name(corner), name(via));
            let kind = if c.col() != v.col() && c.row() != v.row() { "x" } else { "c" };
            say(
                locale,
                "motif-corner-given",
                &Args::new()
                    .text("corner", square(c))
                    .text("via", square(v))
                    .word("kind", kind)
                    .word("how", access_word(how)),
            )
        }
        Motif::EdgeGiven { edge, at, wedge } => say(
            locale,
            "motif-edge-given",
            &Args::new()
                .word("edge", edge_word(edge))
                .text("at", square(name(at)))
                .word("wedge", if wedge { "yes" } else { "no" }),
        ),
        Motif::MobilityLost { played, best } => say(
            locale,
            "motif-mobility",
            &Args::new()
                .number("theirs", played.theirs)
                .number("mine", played.mine)
                .number("best-theirs", best.theirs)
                .number("best-mine", best.mine),
        ),
        Motif::PotentialMobility { played, best } => {
            say(locale, "motif-potential-mobility", &Args::new().number("played", played).number("best", best))
        }
        Motif::Wall => say(locale, "motif-wall", &Args::new()),
        Motif::StableDiscs { played, best } => {
            say(locale, "motif-stable", &Args::new().number("played", played).number("best", best))
        }
        Motif::Frontier { played, best } => {
            say(locale, "motif-frontier", &Args::new().number("played", played).number("best", best))
        }
        Motif::QuietMoveMissed => say(locale, "motif-quiet-move", &Args::new()),
        Motif::ParityLost => say(locale, "motif-parity", &Args::new()),
        Motif::UnbalancedEdge { edge } => {
            say(locale, "motif-unbalanced-edge", &Args::new().word("edge", edge_word(edge)))
        }
        Motif::StonerTrap { edge } => say(locale, "motif-stoner-trap", &Args::new().word("edge", edge_word(edge))),
    }
}

/// How soon a corner is given, as the messages select on it.
fn access_word(how: Access) -> &'static str {
    match how {
        Access::Now => "now",
        Access::Forced => "forced",
        Access::Threatened => "threatened",
    }
}

/// An edge, as the messages select on it.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::coach::Mobility;

    /// A mistake of `color` at move `number` on `played` instead of `best`, explained by `motifs`.
    fn mistake(number: usize, color: Color, played: &str, best: &str, motifs: Vec<Motif>) -> Mistake {
        let square = |name: &str| Square::parse(name, BoardSize::Eight).expect("a square");
        let review =
            MoveReview { number, color, played: square(played), best: square(best), loss: 6 * SCALE, exact: false };
        Mistake { review, motifs }
    }

    #[test]
    fn an_idea_is_explained_once_and_later_mistakes_point_back_to_it() {
        let frontier = Motif::Frontier { played: 9, best: 6 };
        let black = [
            mistake(20, Color::Black, "c4", "f3", vec![Motif::Wall]),
            mistake(30, Color::Black, "b5", "f6", vec![Motif::Wall]),
        ];
        let white = [mistake(25, Color::White, "d7", "e2", vec![Motif::Wall, frontier])];
        for locale in Locale::ALL {
            let mut said = Vec::new();
            let mut lines = mistake_lines(locale, &black, 0, &mut said);
            lines.extend(mistake_lines(locale, &white, 0, &mut said));
            let lines: Vec<String> = lines.iter().map(Text::to_plain).collect();
            let wall = words(locale, "motif-wall", &Args::new());
            assert_eq!(lines.iter().filter(|line| line.contains(&wall)).count(), 1, "{locale:?}: {lines:#?}");
            assert!(lines[0].contains(&wall), "{locale:?}: explained at its first mistake: {lines:#?}");
            let back = words(
                locale,
                "motif-seen",
                &Args::new().text("idea", motif_name(locale, &Motif::Wall)).number("number", 20),
            );
            assert!(lines[1].contains(&back) && lines[2].contains(&back), "{locale:?}: {lines:#?}");
            assert!(lines[2].contains(&motif_sentence(locale, &frontier).to_plain()), "{locale:?}: {lines:#?}");
        }
    }

    #[test]
    fn a_players_mistakes_fit_a_discord_field_with_their_most_telling_ideas_first() {
        let mobility =
            Motif::MobilityLost { played: Mobility { theirs: 12, mine: 4 }, best: Mobility { theirs: 8, mine: 6 } };
        let ideas = [
            vec![Motif::Frontier { played: 14, best: 11 }, Motif::PotentialMobility { played: 20, best: 16 }],
            vec![Motif::EdgeGiven { edge: Edge::South, at: 59, wedge: false }, mobility],
            vec![Motif::ParityLost, Motif::StableDiscs { played: 2, best: 7 }],
            vec![Motif::Wall, Motif::QuietMoveMissed],
            vec![Motif::UnbalancedEdge { edge: Edge::West }, Motif::StonerTrap { edge: Edge::East }],
        ];
        let mistakes: Vec<Mistake> =
            ideas.into_iter().enumerate().map(|(i, m)| mistake(20 + 2 * i, Color::Black, "c4", "f3", m)).collect();
        for locale in Locale::ALL {
            let lines = mistake_lines(locale, &mistakes, 40, &mut Vec::new());
            let length: usize = lines.iter().map(|line| shown_length(line) + 1).sum();
            assert!(40 + length <= FIELD_LENGTH, "{locale:?}: {length}");
            assert_eq!(lines.len(), 5, "every mistake is listed");
            let first = lines[0].to_plain();
            let frontier = motif_sentence(locale, &mistakes[0].motifs[0]).to_plain();
            assert!(first.contains(&frontier), "{locale:?}: the first mistake keeps its first idea: {first}");
        }
    }
}
