//! Every reply other than a board, in the reader's language: challenges and their answers,
//! reminders, the resignation question, the leaderboard, stats, history, exports, the server's
//! settings and the help.

use crate::engine::Color;
use crate::render::Theme;
use crate::store::{
    Challenge, ColorChoice, DailyPlan, EndReason, GameRecord, Ladder, LeaderboardEntry, Rank, Rating, ServerSettings,
    Takeback, Tally, Timestamp, UserId, WebVisibility,
};

use super::super::catalog::COMMANDS;
use super::super::components;
use super::super::ratings;
use super::super::reply::{Button, ButtonStyle, Embed, Field, Reply, Row};
use super::super::season_calendar::Season;
use super::super::text::{Args, Locale, Span, Text, TimeStyle, say, words};
use super::board::{ladder_name, mention, player_side, rating_shown, rules_summary, score_pair, side_name};

const GREEN: u32 = 0x2E7D32;
const AMBER: u32 = 0xF9A825;

/// Why a challenge is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// A new challenge.
    Challenge,
    /// A rematch of a finished game, colours swapped.
    Rematch,
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

/// The message that carries a challenge and its Accept and Decline buttons. `target` is the
/// challenged player's id and name, `None` for an open challenge.
pub fn challenge(
    locale: Locale,
    theme: Theme,
    challenge: &Challenge,
    challenger: &str,
    target: Option<(UserId, String)>,
    offer: Offer,
) -> Reply {
    let rated = yes_no(challenge.rated);
    let who = Text::plain(challenger);
    let (content, title) = match (&target, offer) {
        (Some((id, name)), Offer::Rematch) => (
            say(
                locale,
                "challenge-content-rematch",
                &Args::new().text("target", mention(*id, name)).text("challenger", who.clone()).word("rated", rated),
            ),
            say(locale, "challenge-title-rematch", &Args::new().text("challenger", who.clone())),
        ),
        (Some((id, name)), Offer::Challenge) => (
            say(
                locale,
                "challenge-content-to",
                &Args::new().text("target", mention(*id, name)).text("challenger", who.clone()).word("rated", rated),
            ),
            say(
                locale,
                "challenge-title-to",
                &Args::new().text("challenger", who.clone()).text("target", Text::plain(name.clone())),
            ),
        ),
        (None, _) => (
            say(locale, "challenge-content-open", &Args::new().text("challenger", who.clone()).word("rated", rated)),
            say(locale, "challenge-title-open", &Args::new().text("challenger", who.clone())),
        ),
    };
    let sides = match challenge.color {
        ColorChoice::Black => say(
            locale,
            "challenge-sides-black",
            &Args::new().text("challenger", who.clone()).text("side", side_name(locale, theme, Color::Black)),
        ),
        ColorChoice::White => say(
            locale,
            "challenge-sides-white",
            &Args::new().text("challenger", who.clone()).text("side", side_name(locale, theme, Color::White)),
        ),
        ColorChoice::Random => say(locale, "challenge-sides-random", &Args::new()),
        ColorChoice::Japanese => say(
            locale,
            "challenge-sides-japanese",
            &Args::new()
                .text("black", side_name(locale, theme, Color::Black))
                .text("white", side_name(locale, theme, Color::White)),
        ),
    };
    let mut description = say(
        locale,
        "challenge-description",
        &Args::new()
            .word("rated", rated)
            .text("rules", rules_summary(locale, &challenge.rules, theme))
            .text("sides", sides),
    );
    description.push(Span::Plain("\n".into()));
    let lapses = Text::span(Span::Time { at: challenge.expires_at, style: TimeStyle::Relative });
    description.append(say(locale, "challenge-lapses", &Args::new().text("time", lapses)));
    let embed = Embed {
        title,
        description,
        footer: say(locale, "challenge-footer", &Args::new().number("id", challenge.id.0)),
        color: AMBER,
        ..Embed::default()
    };
    let buttons = vec![
        Button {
            id: components::accept(challenge.id),
            label: words(locale, "button-accept", &Args::new()),
            style: ButtonStyle::Success,
        },
        Button {
            id: components::decline(challenge.id),
            label: words(locale, "button-decline", &Args::new()),
            style: ButtonStyle::Secondary,
        },
    ];
    Reply { content, embed: Some(embed), rows: vec![Row::Buttons(buttons)], ..Reply::default() }
}

/// A challenge taken back by its challenger.
pub fn withdrawn(locale: Locale, player: &str) -> Reply {
    Reply::text(say(locale, "challenge-withdrawn", &Args::new().text("player", Text::plain(player))))
}

/// A challenge turned down by its target.
pub fn declined(locale: Locale, player: &str, challenger: &str) -> Reply {
    let args = Args::new().text("player", Text::plain(player)).text("challenger", Text::plain(challenger));
    Reply::text(say(locale, "challenge-declined", &args))
}

/// A challenge nobody accepted in time.
pub fn lapsed(locale: Locale, player: &str) -> Reply {
    Reply::text(say(locale, "challenge-lapsed", &Args::new().text("player", Text::plain(player))))
}

/// A reminder that a deadline is near.
pub fn reminder(
    locale: Locale,
    theme: Theme,
    player: (UserId, &str),
    game: &GameRecord,
    color: Color,
    deadline: Timestamp,
) -> Reply {
    let args = Args::new()
        .text("player", mention(player.0, player.1))
        .number("id", game.id.0)
        .text("side", side_name(locale, theme, color))
        .text("time", Span::Time { at: deadline, style: TimeStyle::Relative });
    Reply::text(say(locale, "reminder", &args))
}

/// The question before a resignation (or a moderator's end), with its confirming button.
pub fn resign_question(locale: Locale, game: &GameRecord, moderator: bool, confirm_id: String) -> Reply {
    let (question, button) = if moderator {
        ("resign-question-moderator", "button-confirm-end")
    } else {
        ("resign-question", "button-confirm-resign")
    };
    let mut reply = Reply::private(say(locale, question, &Args::new().number("id", game.id.0)));
    let confirm = Button { id: confirm_id, label: words(locale, button, &Args::new()), style: ButtonStyle::Danger };
    reply.rows.push(Row::Buttons(vec![confirm]));
    reply
}

/// A takeback asked of the opponent (mentioned, so they see it), with Accept and Decline.
pub fn takeback_question(
    locale: Locale,
    asked: &Takeback,
    asker: Color,
    names: &[String; 2],
    opponent: UserId,
) -> Reply {
    let args = Args::new()
        .text("player", Text::plain(names[asker.index()].clone()))
        .text("other", mention(opponent, &names[asker.opponent().index()]))
        .text("moves", Text::plain(asked.moves.clone()));
    let mut reply = Reply::text(say(locale, "takeback-question", &args));
    let button = |accept: bool, label: &str, style| Button {
        id: components::answer_takeback(asked.id, accept),
        label: words(locale, label, &Args::new()),
        style,
    };
    reply.rows.push(Row::Buttons(vec![
        button(true, "button-takeback-accept", ButtonStyle::Primary),
        button(false, "button-takeback-decline", ButtonStyle::Secondary),
    ]));
    reply
}

/// A takeback declined: the move stands.
pub fn takeback_declined(locale: Locale, asked: &Takeback, asker: Color, names: &[String; 2]) -> Reply {
    let args = Args::new()
        .text("player", Text::plain(names[asker.index()].clone()))
        .text("other", Text::plain(names[asker.opponent().index()].clone()))
        .text("moves", Text::plain(asked.moves.clone()));
    Reply::text(say(locale, "takeback-declined", &args))
}

fn tally(locale: Locale, wins: u32, losses: u32, draws: u32) -> Text {
    say(locale, "stats-tally", &Args::new().number("wins", wins).number("losses", losses).number("draws", draws))
}

/// The leaderboard: the top players, and the caller's own line when they are not among them.
pub fn leaderboard(
    locale: Locale,
    global: bool,
    ladder: &Ladder,
    entries: &[LeaderboardEntry],
    me: UserId,
    mine: Option<(Rank, Rating, String)>,
    season: Option<&Season>,
) -> Reply {
    let line = |rank: u32, name: &str, rating: &Rating| {
        let args = Args::new()
            .text("rank", Text::strong(rank.to_string()))
            .text("player", Text::plain(name))
            .text("rating", rating_shown(&rating.glicko))
            .number("wins", rating.wins)
            .number("losses", rating.losses)
            .number("draws", rating.draws);
        say(locale, "leaderboard-line", &args)
    };
    let mut lines: Vec<Text> = entries
        .iter()
        .map(|entry| {
            let mut text = line(entry.rank, &entry.name, &entry.rating);
            if entry.rating.player == me {
                text.push(Span::Plain(" ".into()));
                text.append(say(locale, "leaderboard-you", &Args::new()));
            }
            text
        })
        .collect();
    if lines.is_empty() {
        lines.push(say(locale, "leaderboard-empty", &Args::new()));
    } else if !entries.iter().any(|e| e.rating.player == me) {
        lines.push(Text::plain("…"));
        match mine {
            Some((rank, rating, name)) => {
                let mut text = line(rank.place, &name, &rating);
                text.push(Span::Plain(" ".into()));
                text.append(say(locale, "leaderboard-you-of", &Args::new().number("count", rank.out_of)));
                lines.push(text);
            }
            None => lines.push(say(locale, "leaderboard-unranked", &Args::new())),
        }
    }
    if let Some(season) = season {
        let args = Args::new()
            .text("season", Text::strong(season.key()))
            .text("end", Text::span(Span::Time { at: season.ends_at(), style: TimeStyle::Date }));
        lines.push(Text::new());
        lines.push(say(locale, "leaderboard-season-running", &args));
    }
    let title = if global { "leaderboard-title-global" } else { "leaderboard-title-server" };
    let embed = Embed {
        title: say(locale, title, &Args::new().text("ladder", ladder_name(locale, ladder))),
        description: Text::join(lines, "\n"),
        footer: say(locale, "leaderboard-footer", &Args::new()),
        color: GREEN,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ..Reply::default() }
}

/// What `/stats` shows of a player.
pub struct Stats<'a> {
    /// Their name.
    pub name: &'a str,
    /// The kind of game the ratings are for.
    pub ladder: &'a Ladder,
    /// Their standing on the server's ladder (`None` outside a server), then everywhere.
    pub ratings: Vec<(bool, Option<Rating>)>,
    /// Their casual games between people.
    pub casual: Tally,
    /// Their games against the bot.
    pub bot: Tally,
    /// Against the caller, when it is someone else's stats: the caller's name and the tally.
    pub head_to_head: Option<(String, Tally)>,
    /// The tournaments they entered (latest first) and where they stand or finished.
    pub tournaments: Vec<TournamentPlace>,
}

/// A player's place in a tournament, for their stats.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentPlace {
    /// The tournament.
    pub record: crate::store::TournamentRecord,
    /// Their place (shared places count as one), once a round has been played.
    pub place: Option<usize>,
    /// How many entered.
    pub players: usize,
    /// Whether they withdrew.
    pub withdrawn: bool,
}

/// A player's rating, record and head-to-head with the caller.
pub fn stats(locale: Locale, stats: &Stats<'_>) -> Reply {
    let mut fields = Vec::new();
    for (server, rating) in &stats.ratings {
        let label = say(locale, if *server { "stats-scope-server" } else { "stats-scope-global" }, &Args::new());
        let value = match rating {
            Some(r) => {
                let mut text = say(
                    locale,
                    "stats-rating",
                    &Args::new()
                        .text("rating", Text::strong(format!("{:.0}", r.glicko.rating)))
                        .word("provisional", yes_no(ratings::is_provisional(&r.glicko))),
                );
                text.push(Span::Plain("\n".into()));
                text.append(say(
                    locale,
                    "stats-record",
                    &Args::new()
                        .number("games", r.games)
                        .number("wins", r.wins)
                        .number("losses", r.losses)
                        .number("draws", r.draws),
                ));
                let streak = match r.streak {
                    0 => None,
                    n if n > 0 => Some(say(locale, "stats-streak-wins", &Args::new().number("count", n))),
                    n => Some(say(locale, "stats-streak-losses", &Args::new().number("count", -n))),
                };
                if let Some(streak) = streak {
                    text.push(Span::Plain(", ".into()));
                    text.append(streak);
                }
                text
            }
            None => say(locale, "stats-no-rated", &Args::new()),
        };
        fields.push(Field::inline(label, value));
    }
    for (id, kind) in [("stats-casual", stats.casual), ("stats-bot", stats.bot)] {
        let value = if kind == Tally::default() {
            say(locale, "stats-none", &Args::new())
        } else {
            tally(locale, kind.wins, kind.losses, kind.draws)
        };
        fields.push(Field::inline(say(locale, id, &Args::new()), value));
    }
    if !stats.tournaments.is_empty() {
        let lines = stats.tournaments.iter().map(|t| {
            let args = Args::new()
                .number("id", t.record.id.0)
                .text("name", Text::strong(t.record.name.clone()))
                .number("place", t.place.unwrap_or(0))
                .number("players", t.players)
                .word(
                    "state",
                    match t.record.state {
                        _ if t.withdrawn => "withdrawn",
                        crate::store::TournamentState::Running if t.place.is_some() => "running",
                        state => state.as_str(),
                    },
                )
                .number("round", t.record.round);
            say(locale, "stats-tournament", &args)
        });
        fields.push(Field::block(say(locale, "stats-tournaments", &Args::new()), Text::join(lines, "\n")));
    }
    if let Some((_, h2h)) = &stats.head_to_head {
        fields.push(Field::block(
            say(locale, "stats-head-to-head", &Args::new().text("player", Text::plain(stats.name))),
            tally(locale, h2h.wins, h2h.losses, h2h.draws),
        ));
    }
    let embed = Embed {
        title: say(
            locale,
            "stats-title",
            &Args::new().text("player", Text::plain(stats.name)).text("ladder", ladder_name(locale, stats.ladder)),
        ),
        fields,
        color: GREEN,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ..Reply::default() }
}

/// One line of a player's history.
pub struct HistoryLine {
    /// The game.
    pub game: GameRecord,
    /// The colour the player played.
    pub color: Color,
    /// The opponent's name.
    pub opponent: String,
    /// The scored result, the player's score first (`None` when aborted).
    pub score: Option<(u32, u32)>,
    /// Whether the opponent was the bot.
    pub against_bot: bool,
    /// The named opening the game followed last, if any.
    pub opening: Option<&'static str>,
    /// The theme its board is drawn in, which names its sides (gold under Ravensburger's rules).
    pub theme: Theme,
}

/// A player's recent games.
pub fn history(locale: Locale, player: &str, lines: &[HistoryLine]) -> Reply {
    let mut texts: Vec<Text> = lines
        .iter()
        .map(|line| {
            let ending = line.game.ending;
            let outcome = match ending {
                Some(e) if e.reason == EndReason::Aborted => "aborted",
                Some(e) if e.winner == Some(line.color) => "won",
                Some(e) if e.winner.is_some() => "lost",
                _ => "drew",
            };
            let score = match line.score {
                Some((mine, theirs)) => {
                    say(locale, "history-score", &Args::new().text("score", score_pair(locale, mine, theirs)))
                }
                None => Text::new(),
            };
            let opening = match line.opening {
                Some(name) => say(locale, "history-opening", &Args::new().text("name", name)),
                None => Text::new(),
            };
            let kind = if line.against_bot {
                "kind-bot"
            } else if line.game.rated {
                "kind-rated"
            } else {
                "kind-casual"
            };
            let args = Args::new()
                .text("id", Span::Code(format!("#{}", line.game.id.0)))
                .word("outcome", outcome)
                .text("side", side_name(locale, line.theme, line.color))
                .text("opponent", Text::plain(line.opponent.clone()))
                .text("score", score)
                .text("kind", words(locale, kind, &Args::new()))
                .text("rules", rules_summary(locale, &line.game.rules, line.theme))
                .text("opening", opening)
                .text("time", Span::Time { at: line.game.updated_at, style: TimeStyle::Date });
            say(locale, "history-line", &args)
        })
        .collect();
    if texts.is_empty() {
        texts.push(say(locale, "history-empty", &Args::new().text("player", Text::plain(player))));
    }
    let embed = Embed {
        title: say(locale, "history-title", &Args::new().text("player", Text::plain(player))),
        description: Text::join(texts, "\n"),
        footer: say(locale, "history-footer", &Args::new()),
        color: GREEN,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ..Reply::default() }
}

/// The words above an export's files: who played whom, how it stands, the transcript.
pub fn export_content(
    locale: Locale,
    theme: Theme,
    game: &GameRecord,
    names: &[String; 2],
    status: Option<Text>,
    transcript: &str,
) -> Text {
    let status = status.unwrap_or_else(|| say(locale, "export-live", &Args::new()));
    let mut text = say(
        locale,
        "export-content",
        &Args::new()
            .number("id", game.id.0)
            .text("black", player_side(locale, theme, &names[0], Color::Black))
            .text("white", player_side(locale, theme, &names[1], Color::White))
            .text("status", status),
    );
    text.push(Span::Plain("\n".into()));
    let transcript = if transcript.is_empty() {
        say(locale, "export-no-moves", &Args::new())
    } else {
        Text::span(Span::Code(transcript.to_string()))
    };
    text.append(say(locale, "export-transcript", &Args::new().text("transcript", transcript)));
    text
}

/// How the server's typed moves stand, said as the reader needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypedMoves {
    /// A message such as `d3` plays the move.
    On,
    /// The server turned them off.
    Off,
    /// The bot runs without them, whatever the server says.
    Unavailable,
}

/// The server's settings, as saved or as they stand.
/// What `/settings` shows besides the stored settings.
pub struct SettingsShown<'a> {
    /// Whether typed moves work.
    pub typed: TypedMoves,
    /// The language of the server's announcements.
    pub announcements: Locale,
    /// The running season, when seasons are on.
    pub season: Option<&'a Season>,
    /// The daily puzzle's channel and hour, when it is on.
    pub daily: Option<DailyPlan>,
    /// Whether a change was just saved.
    pub saved: bool,
    /// The server's web pages.
    pub web: WebShown<'a>,
}

/// A server's web pages as `/settings` shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WebShown<'a> {
    /// The bot has no web address (`PUBLIC_URL`), so no page can be linked.
    Unavailable,
    /// The server is not on the web.
    Off,
    /// Its leaderboard page.
    Page(&'a str),
}

pub fn settings(locale: Locale, settings: &ServerSettings, shown: &SettingsShown<'_>) -> Reply {
    let SettingsShown { typed, announcements, season, daily, saved, web } = *shown;
    let theme: Theme = settings.theme.parse().unwrap_or_default();
    let typed = match typed {
        TypedMoves::On => "settings-typed-on",
        TypedMoves::Off => "settings-typed-off",
        TypedMoves::Unavailable => "settings-typed-unavailable",
    };
    let deadline = match settings.move_deadline {
        Some(secs) if secs % 3600 == 0 => {
            say(locale, "settings-deadline-hours", &Args::new().number("hours", secs / 3600))
        }
        Some(secs) => say(locale, "settings-deadline-minutes", &Args::new().number("minutes", secs.div_ceil(60))),
        None => say(locale, "settings-deadline-none", &Args::new()),
    };
    let language_name = words(announcements, "language-name", &Args::new());
    let language = match settings.language {
        Some(_) => Text::plain(language_name),
        None => say(locale, "settings-language-auto", &Args::new().text("language", language_name)),
    };
    let level = settings.default_bot_level;
    let fields = vec![
        Field::inline(say(locale, "settings-typed-moves", &Args::new()), say(locale, typed, &Args::new())),
        Field::inline(say(locale, "settings-deadline", &Args::new()), deadline),
        Field::inline(
            say(locale, "settings-theme", &Args::new()),
            say(locale, &format!("theme-{}", theme.name()), &Args::new()),
        ),
        Field::inline(
            say(locale, "settings-bot-level", &Args::new()),
            Text::plain(format!("{level} ({})", super::board::level_name(locale, level))),
        ),
        Field::inline(
            say(locale, "settings-bot-takebacks", &Args::new()),
            say(
                locale,
                if settings.strong_bot_takebacks {
                    "settings-bot-takebacks-all"
                } else {
                    "settings-bot-takebacks-lenient"
                },
                &Args::new(),
            ),
        ),
        Field::inline(say(locale, "settings-language", &Args::new()), language),
        Field::inline(
            say(locale, "settings-organisers", &Args::new()),
            match settings.organiser_role {
                Some(role) => {
                    say(locale, "settings-organisers-role", &Args::new().text("role", Text::span(Span::Role(role))))
                }
                None => say(locale, "settings-organisers-managers", &Args::new()),
            },
        ),
        Field::inline(say(locale, "settings-season", &Args::new()), seasons_shown(locale, season)),
        Field::inline(
            say(locale, "settings-daily-puzzle", &Args::new()),
            match daily {
                Some(plan) => say(
                    locale,
                    "settings-daily-puzzle-on",
                    &Args::new().text("channel", Text::span(Span::Channel(plan.channel.0))).number("hour", plan.hour),
                ),
                None => say(locale, "settings-daily-puzzle-off", &Args::new()),
            },
        ),
        Field::inline(say(locale, "settings-web", &Args::new()), {
            let link = |page: &str| Args::new().text("link", Text::plain(page.to_string()));
            match (web, settings.web) {
                (WebShown::Unavailable, _) => say(locale, "settings-web-unavailable", &Args::new()),
                (WebShown::Off, _) | (_, WebVisibility::Off) => say(locale, "settings-web-off", &Args::new()),
                (WebShown::Page(page), WebVisibility::Public) => say(locale, "settings-web-public", &link(page)),
                (WebShown::Page(page), WebVisibility::LinkOnly) => say(locale, "settings-web-link-only", &link(page)),
            }
        }),
    ];
    let embed = Embed {
        title: say(locale, if saved { "settings-title-saved" } else { "settings-title" }, &Args::new()),
        fields,
        footer: say(locale, "settings-footer", &Args::new()),
        color: GREEN,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ephemeral: true, ..Reply::default() }
}

/// A server's seasons as `/settings` shows them: off, or their length and the running season's end.
fn seasons_shown(locale: Locale, season: Option<&Season>) -> Text {
    match season {
        None => say(locale, "settings-season-off", &Args::new()),
        Some(season) => {
            let args = Args::new()
                .word("cadence", season.cadence.as_str())
                .text("season", Text::strong(season.key()))
                .text("end", Text::span(Span::Time { at: season.ends_at(), style: TimeStyle::Date }));
            say(locale, "settings-season-on", &args)
        }
    }
}

/// How to play, the rules, the commands (listed from the one table of commands) and what the
/// bot's levels do with their time (`master_seconds` a move at level 5); the sides are named as
/// the server's theme paints them.
pub fn help(locale: Locale, theme: Theme, master_seconds: f64) -> Reply {
    let commands: Vec<Text> = COMMANDS
        .iter()
        .map(|command| {
            let mut line = Text::span(Span::Code(command.usage(locale)));
            line.push(Span::Plain(format!(" — {}", command.description(locale))));
            line
        })
        .collect();
    let embed = Embed {
        title: say(locale, "help-title", &Args::new()),
        description: say(locale, "help-rules", &Args::new().text("first", side_name(locale, theme, Color::Black))),
        fields: vec![
            Field::block(say(locale, "help-commands", &Args::new()), Text::join(commands, "\n")),
            Field::block(say(locale, "help-variants", &Args::new()), say(locale, "help-variants-text", &Args::new())),
            Field::block(
                say(locale, "help-levels", &Args::new()),
                say(locale, "help-levels-text", &Args::new().word("seconds", locale.decimal(master_seconds))),
            ),
        ],
        footer: say(locale, "help-footer", &Args::new()),
        color: GREEN,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ephemeral: true, ..Reply::default() }
}

/// The Japanese rule's first step: `decider`, drawn by lot, is to say whom a tie counts for,
/// with a button for each colour; `chooser` picks a colour after.
pub fn japanese_tie_ask(
    locale: Locale,
    theme: Theme,
    decider: (UserId, &str),
    chooser: &str,
    button: impl Fn(Color) -> String,
) -> Reply {
    let args = Args::new()
        .text("decider", mention(decider.0, decider.1))
        .text("chooser", Text::plain(chooser))
        .text("black", side_name(locale, theme, Color::Black))
        .text("white", side_name(locale, theme, Color::White));
    let rows = vec![side_buttons(locale, theme, "button-japanese-tie", button)];
    Reply { content: say(locale, "japanese-tie-ask", &args), rows, ..Reply::default() }
}

/// A button for each colour, labelled by the message `label` naming the side as `theme` paints it.
fn side_buttons(locale: Locale, theme: Theme, label: &str, button: impl Fn(Color) -> String) -> Row {
    let buttons = Color::BOTH.map(|color| Button {
        id: button(color),
        label: words(locale, label, &Args::new().text("side", side_name(locale, theme, color))),
        style: ButtonStyle::Primary,
    });
    Row::Buttons(buttons.to_vec())
}

/// The Japanese rule's second step: `decider` made a tie count for `tie`; `chooser` picks a
/// colour with a button for each.
pub fn japanese_color_ask(
    locale: Locale,
    theme: Theme,
    decider: &str,
    tie: Color,
    chooser: (UserId, &str),
    button: impl Fn(Color) -> String,
) -> Reply {
    let args = Args::new()
        .text("decider", Text::plain(decider))
        .text("side", side_name(locale, theme, tie))
        .text("chooser", mention(chooser.0, chooser.1));
    let rows = vec![side_buttons(locale, theme, "button-japanese-color", button)];
    Reply { content: say(locale, "japanese-color-ask", &args), rows, ..Reply::default() }
}
