//! Refusals in words: each [`UserError`], and the engine's reasons why a square or a move cannot
//! be played, as one short sentence in the reader's language that says what to do instead.

use crate::engine::solo::{GOLD, IllegalSoloMove, ParseSoloMoveError};
use crate::engine::{IllegalMove, Move, ParseDirectionError, ParseMoveError, ParseSquareError, RecordError};

use super::super::catalog::{CommandSpec, Kind, MAX_ID, Offered, OptionSpec};
use super::super::error::{ServiceError, UserError};
use super::super::options::OptionError;
use super::super::reply::Reply;
use super::super::text::{Args, Locale, Span, Text, say};
use super::board::{direction_name, list};

/// A refusal in English, for logs and `?` chains; players read [`refusal`] in their language.
impl std::fmt::Display for UserError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&refusal(Locale::English, self).to_plain())
    }
}

impl ServiceError {
    /// The reply the caller sees, in `locale`: the refusal, or one generic line (the details go
    /// to the log). Only the caller sees it.
    pub fn reply(&self, locale: Locale) -> Reply {
        match self {
            ServiceError::User(e) => Reply::private(refusal(locale, e)),
            ServiceError::Internal(_) => Reply::private(say(locale, "error-internal", &Args::new())),
        }
    }
}

/// A command's options that cannot be read, naming the command, the option and what it takes.
fn option_refusal(locale: Locale, error: &OptionError) -> Text {
    let command = |spec: &CommandSpec| Text::span(Span::Code(format!("/{}", spec.localized_name(locale))));
    let option = |spec: &CommandSpec, option: &OptionSpec| Text::span(Span::Code(spec.option_name(option, locale)));
    let options = |spec: &CommandSpec| {
        let names: Vec<String> = spec.options.iter().map(|o| spec.option_name(o, locale)).collect();
        Text::plain(list(locale, &names))
    };
    let value = |value: &str| Text::span(Span::Code(value.to_string()));
    match error {
        OptionError::UnknownCommand(name) => {
            say(locale, "error-option-unknown-command", &Args::new().text("command", value(name)))
        }
        OptionError::UnknownOption { command: spec, option: name } => say(
            locale,
            "error-option-unknown",
            &Args::new().text("command", command(spec)).text("option", value(name)).text("options", options(spec)),
        ),
        OptionError::NoOptionFor { command: spec, value: given } => {
            let args = Args::new().text("command", command(spec)).text("value", value(given));
            if spec.options.is_empty() {
                say(locale, "error-option-none", &args)
            } else {
                say(locale, "error-option-no-option-for", &args.text("options", options(spec)))
            }
        }
        OptionError::BadValue { command: spec, option: o, value: given } => say(
            locale,
            "error-option-bad-value",
            &Args::new()
                .text("command", command(spec))
                .text("option", option(spec, o))
                .text("value", value(given))
                .text("accepts", accepts(locale, o)),
        ),
        OptionError::Repeated { command: spec, option: o } => {
            say(locale, "error-option-repeated", &Args::new().text("option", option(spec, o)))
        }
        OptionError::Missing { command: spec, option: o } => say(
            locale,
            "error-option-missing",
            &Args::new()
                .text("command", command(spec))
                .text("option", option(spec, o))
                .text("accepts", accepts(locale, o)),
        ),
        OptionError::OnlyWith { command: spec, option: o, other, choice } => say(
            locale,
            "error-option-only-with",
            &Args::new()
                .text("option", option(spec, o))
                .text("other", option(spec, other))
                .text("choice", value(&choice_word(locale, other, choice))),
        ),
        OptionError::Exclusive { command: spec, option: o, other } => say(
            locale,
            "error-option-exclusive",
            &Args::new().text("option", option(spec, o)).text("other", option(spec, other)),
        ),
    }
}

/// What an option takes, in words: a range, yes or no, a player, or its choices.
fn accepts(locale: Locale, option: &OptionSpec) -> Text {
    match option.kind {
        Kind::Integer { min, max } if max >= MAX_ID => {
            say(locale, "option-accepts-integer-from", &Args::new().number("min", min))
        }
        Kind::Integer { min, max } => {
            say(locale, "option-accepts-integer", &Args::new().number("min", min).number("max", max))
        }
        Kind::Boolean => say(locale, "option-accepts-boolean", &Args::new()),
        Kind::User => say(locale, "option-accepts-user", &Args::new()),
        Kind::Role => say(locale, "option-accepts-role", &Args::new()),
        Kind::Text => say(locale, "option-accepts-text", &Args::new()),
        Kind::Choice => {
            let words: Vec<String> = option.choices.iter().map(|key| choice_word(locale, option, key)).collect();
            Text::plain(list(locale, &words))
        }
    }
}

/// A choice as the reader may type it: its label when that is one word, else its key.
fn choice_word(locale: Locale, option: &OptionSpec, key: &str) -> String {
    let single = option.choices.iter().all(|k| !option.choice_label(k, locale).contains(char::is_whitespace));
    if single { option.choice_label(key, locale) } else { key.to_string() }
}

/// How many legal moves a refusal lists before "and N more".
const LEGAL_SHOWN: usize = 8;

/// The refusal in `locale`.
pub fn refusal(locale: Locale, error: &UserError) -> Text {
    let plain = |id: &str| say(locale, id, &Args::new());
    let named = |id: &str, name: &str| say(locale, id, &Args::new().text("player", Text::plain(name)));
    match error {
        UserError::NoGame => plain("error-no-game"),
        UserError::NotYourTurn(name) => named("error-not-your-turn", name),
        UserError::NotYourChoice(name) => named("error-not-your-choice", name),
        UserError::NotAPlayer => plain("error-not-a-player"),
        UserError::BadMove { error, legal } => {
            let mut text = bad_move(locale, error);
            if !legal.is_empty() {
                text.push(Span::Plain(" ".into()));
                text.append(legal_moves(locale, legal));
            }
            text
        }
        UserError::Illegal { error, legal } => {
            let mut text = illegal(locale, error);
            if !legal.is_empty() && !matches!(error, IllegalMove::GameOver) {
                text.push(Span::Plain(" ".into()));
                text.append(legal_moves(locale, legal));
            }
            text
        }
        UserError::ChannelBusy => plain("error-channel-busy"),
        UserError::RateLimited { seconds, .. } => {
            say(locale, "error-rate-limited", &Args::new().number("seconds", *seconds))
        }
        UserError::TooManyChallenges(count) => {
            say(locale, "error-too-many-challenges", &Args::new().number("count", *count))
        }
        UserError::ChannelGameLimit(count) => {
            say(locale, "error-channel-game-limit", &Args::new().number("count", *count))
        }
        UserError::ChallengePending => plain("error-challenge-pending"),
        UserError::ChallengePendingFrom(name) => named("error-challenge-pending-from", name),
        UserError::ChallengeYourself => plain("error-challenge-yourself"),
        UserError::ChallengeOtherBot(name) => named("error-challenge-other-bot", name),
        UserError::ChallengeClosed => plain("error-challenge-closed"),
        UserError::ChallengeNotForYou(name) => named("error-challenge-not-for-you", name),
        UserError::OpenChallengeDecline(name) => named("error-challenge-open-decline", name),
        UserError::OwnChallenge => plain("error-own-challenge"),
        UserError::Stale => plain("error-stale"),
        UserError::Raced => plain("error-raced"),
        UserError::NoSuchGame(id) => say(locale, "error-no-such-game", &Args::new().number("id", id.0)),
        UserError::GameNotOver(id) => say(locale, "error-game-not-over", &Args::new().number("id", id.0)),
        UserError::NothingToExport => plain("error-nothing-to-export"),
        UserError::NothingToReview => plain("error-nothing-to-review"),
        UserError::ReviewUnsupported(rules) => say(
            locale,
            "error-review-unsupported",
            &Args::new().text("rules", super::board::rules_summary(locale, rules, crate::render::Theme::Classic)),
        ),
        UserError::AnalysisInRatedGame => plain("error-analysis-rated"),
        UserError::BadOption(error) => option_refusal(locale, error),
        UserError::BadTranscript(text, wrong) => {
            let transcript = Text::span(Span::Code(text.clone()));
            match wrong {
                Some(RecordError::Illegal { number, mv, error }) => say(
                    locale,
                    "error-transcript-illegal",
                    &Args::new()
                        .text("transcript", transcript)
                        .number("number", *number)
                        .text("move", Text::span(Span::Code(mv.to_string())))
                        .text("why", illegal(locale, error)),
                ),
                Some(RecordError::BadMove { number, error }) => say(
                    locale,
                    "error-transcript-bad-move",
                    &Args::new()
                        .text("transcript", transcript)
                        .number("number", *number)
                        .text("why", bad_move(locale, error)),
                ),
                _ => say(locale, "error-bad-transcript", &Args::new().text("transcript", transcript)),
            }
        }
        UserError::BadPosition(text, squares) => {
            let position = Text::span(Span::Code(text.clone()));
            match squares {
                Some(count) => say(
                    locale,
                    "error-position-length",
                    &Args::new().text("position", position).number("count", *count),
                ),
                None => say(locale, "error-position-side", &Args::new().text("position", position)),
            }
        }
        UserError::NoSuchMove(id, count) => {
            say(locale, "error-no-such-move", &Args::new().number("id", id.0).number("count", *count))
        }
        UserError::NothingToAnalyse => plain("error-nothing-to-analyse"),
        UserError::BotThinking => plain("error-bot-thinking"),
        UserError::NeedsManageServer => plain("error-needs-manage-server"),
        UserError::SettingsNeedServer => plain("error-settings-need-server"),
        UserError::Busy => plain("error-busy"),
        UserError::DeleteWhilePlaying(games) => {
            let list = games.iter().map(|id| format!("#{}", id.0)).collect::<Vec<_>>().join(", ");
            say(
                locale,
                "error-delete-while-playing",
                &Args::new().number("count", games.len()).text("games", Text::strong(list)),
            )
        }
        UserError::NotYourConfirmation => plain("error-not-your-confirmation"),
        UserError::NoSoloGame => plain("error-no-solo-game"),
        UserError::NoPuzzle => plain("error-no-puzzle"),
        UserError::PuzzleLive => plain("error-puzzle-live"),
        UserError::NotYourPuzzle(name) => named("error-not-your-puzzle", name),
        UserError::PuzzleBadSquare(text) => {
            say(locale, "error-puzzle-bad-square", &Args::new().text("text", Text::span(Span::Code(text.clone()))))
        }
        UserError::PuzzleIllegal(square) => {
            say(locale, "error-puzzle-illegal", &Args::new().text("square", Text::strong(square.clone())))
        }
        UserError::PuzzleOver => plain("error-puzzle-over"),
        UserError::NoSuchPuzzle(number, count) => {
            say(locale, "error-no-such-puzzle", &Args::new().number("number", *number).number("count", *count))
        }
        UserError::NoPuzzleLeft => plain("error-no-puzzle-left"),
        UserError::SoloLive => plain("error-solo-live"),
        UserError::NotYourSoloGame(name) => named("error-not-your-solo-game", name),
        UserError::SoloBadMove(error) => match error {
            ParseSoloMoveError::Square(error) => bad_square(locale, error),
            ParseSoloMoveError::MissingColor => plain("error-solo-missing-color"),
            ParseSoloMoveError::NotAColor(word) => {
                say(locale, "error-solo-not-a-color", &Args::new().text("word", Text::plain(word.clone())))
            }
        },
        UserError::SoloIllegal(error) => solo_illegal(locale, error),
        UserError::TournamentNeedsServer => plain("error-tournament-needs-server"),
        UserError::NoTournament => plain("error-no-tournament"),
        UserError::NoSuchTournament(id) => say(locale, "error-no-such-tournament", &Args::new().number("id", id.0)),
        UserError::NotOrganiser => plain("error-not-organiser"),
        UserError::TournamentNeedsName => plain("error-tournament-needs-name"),
        UserError::AlreadyEntered => plain("error-already-entered"),
        UserError::TournamentFull(max) => say(locale, "error-tournament-full", &Args::new().number("max", *max)),
        UserError::TournamentClosed => plain("error-tournament-closed"),
        UserError::NotEntered => plain("error-not-entered"),
        UserError::TooFewPlayers => plain("error-too-few-players"),
        UserError::TournamentNotRunning => plain("error-tournament-not-running"),
        UserError::StartInPast => plain("error-start-in-past"),
        UserError::ResultIncomplete => plain("error-result-incomplete"),
        UserError::NoGameToDecide(round) => {
            say(locale, "error-no-game-to-decide", &Args::new().number("round", *round))
        }
        UserError::NotOfferedHere(name) => {
            let Some(spec) = CommandSpec::named(name) else { return plain("error-internal") };
            let command = Text::span(Span::Code(format!("/{}", spec.localized_name(locale))));
            let offered = spec.offered();
            let id = if offered.contains(&Offered::BotDm) {
                "error-not-offered-here-dm"
            } else if offered.contains(&Offered::Private) {
                "error-not-offered-here-chat"
            } else {
                "error-not-offered-here-server"
            };
            say(locale, id, &Args::new().text("command", command))
        }
        UserError::BotNotInServer => plain("error-bot-not-in-server"),
        UserError::WatchInItsChannel(id) => say(locale, "error-watch-in-its-channel", &Args::new().number("id", id.0)),
        UserError::GamePrivate(id) => say(locale, "error-game-private", &Args::new().number("id", id.0)),
        UserError::WatchOver(id) => say(locale, "error-watch-over", &Args::new().number("id", id.0)),
        UserError::WatchAlready(id) => say(locale, "error-watch-already", &Args::new().number("id", id.0)),
        UserError::LiveBoardStopped => plain("error-live-board-stopped"),
        UserError::NotYourLiveBoard(name) => named("error-not-your-live-board", name),
        UserError::TakebackRated => plain("error-takeback-rated"),
        UserError::TakebackInTournament => plain("error-takeback-tournament"),
        UserError::NothingToTakeBack => plain("error-nothing-to-take-back"),
        UserError::TakebackAfterReply(name) => named("error-takeback-after-reply", name),
        UserError::BotRefusesTakeback(level) => {
            say(locale, "error-bot-refuses-takeback", &Args::new().number("level", *level))
        }
        UserError::OwnTakeback(name) => named("error-own-takeback", name),
        UserError::TakebackAnswered => plain("error-takeback-answered"),
        UserError::TakebackLapsed => plain("error-takeback-lapsed"),
        UserError::NotInChat(name) => named("error-not-in-chat", name),
        UserError::SeasonNeedsServer => plain("error-season-needs-server"),
        UserError::SeasonsOff => plain("error-seasons-off"),
        UserError::BadSeason(text) => {
            say(locale, "error-bad-season", &Args::new().text("season", Text::span(Span::Code(text.clone()))))
        }
        UserError::NoSuchSeason { season, closed } => {
            let season = Text::strong(season.clone());
            if closed.is_empty() {
                say(locale, "error-no-such-season-none", &Args::new().text("season", season))
            } else {
                let list = Text::join(closed.iter().map(|key| Text::span(Span::Code(key.clone()))), ", ");
                say(locale, "error-no-such-season", &Args::new().text("season", season).text("closed", list))
            }
        }
    }
}

/// Why a solo move cannot be played.
fn solo_illegal(locale: Locale, error: &IllegalSoloMove) -> Text {
    let at = |id: &str, square: &crate::engine::Square| {
        say(locale, id, &Args::new().text("square", Text::span(Span::Code(square.to_string()))))
    };
    match error {
        IllegalSoloMove::GameOver => say(locale, "error-solo-game-over", &Args::new()),
        IllegalSoloMove::OffBoard(square) => at("error-solo-off-board", square),
        IllegalSoloMove::Occupied(square) => at("error-solo-occupied", square),
        IllegalSoloMove::OnTile(square) => at("error-solo-on-tile", square),
        IllegalSoloMove::TrapsNothing(mv) => {
            let args = Args::new()
                .text("square", Text::span(Span::Code(mv.square.to_string())))
                .word("color", if mv.color == GOLD { "gold" } else { "black" })
                .word("other", if mv.color == GOLD { "black" } else { "gold" });
            say(locale, "error-solo-traps-nothing", &args)
        }
    }
}

/// The legal moves, the first few of them when there are many.
fn legal_moves(locale: Locale, legal: &[Move]) -> Text {
    let shown: Vec<String> = legal.iter().take(LEGAL_SHOWN).map(|m| m.to_string()).collect();
    let moves = Text::strong(shown.join(", "));
    if legal.len() > LEGAL_SHOWN {
        say(
            locale,
            "error-legal-moves-more",
            &Args::new().text("moves", moves).number("more", legal.len() - LEGAL_SHOWN),
        )
    } else {
        say(locale, "error-legal-moves", &Args::new().text("moves", moves))
    }
}

/// Why some text is not a move.
pub fn bad_move(locale: Locale, error: &ParseMoveError) -> Text {
    match error {
        ParseMoveError::Square(error) => bad_square(locale, error),
        ParseMoveError::Direction(ParseDirectionError(text)) => {
            say(locale, "error-not-a-direction", &Args::new().text("text", text.clone()))
        }
    }
}

/// Why some text is not a square.
pub fn bad_square(locale: Locale, error: &ParseSquareError) -> Text {
    match error {
        ParseSquareError::Empty => say(locale, "error-empty", &Args::new()),
        ParseSquareError::NotASquare(text) => {
            say(locale, "error-not-a-square", &Args::new().text("text", text.clone()))
        }
        ParseSquareError::NoSuchRow(text) => say(locale, "error-no-such-row", &Args::new().text("text", text.clone())),
        ParseSquareError::OffBoard { text, size } => say(
            locale,
            "error-off-board",
            &Args::new()
                .text("text", Text::strong(text.clone()))
                .number("size", size.side())
                .text("last-column", size.last_column().to_string()),
        ),
    }
}

/// Why a move cannot be played where it stands.
pub fn illegal(locale: Locale, error: &IllegalMove) -> Text {
    let sq = |s: &dyn ToString| Text::strong(s.to_string());
    match error {
        IllegalMove::GameOver => say(locale, "error-game-over", &Args::new()),
        IllegalMove::OffBoard { square, size } => {
            bad_square(locale, &ParseSquareError::OffBoard { text: square.to_string(), size: *size })
        }
        IllegalMove::Occupied(square) => say(locale, "error-occupied", &Args::new().text("square", sq(square))),
        IllegalMove::FlipsNothing(square) => {
            say(locale, "error-flips-nothing", &Args::new().text("square", sq(square)))
        }
        IllegalMove::MustFillCentre { square, centre } => {
            let centre: Vec<String> = centre.iter().map(|s| s.to_string()).collect();
            say(
                locale,
                "error-must-fill-centre",
                &Args::new().text("square", sq(square)).text("squares", list(locale, &centre)),
            )
        }
        IllegalMove::StartNotChosen => say(locale, "error-start-not-chosen", &Args::new()),
        IllegalMove::LineRequired { square, lines } => {
            let names: Vec<String> = lines.iter().map(|d| direction_name(locale, *d)).collect();
            let example = lines.first().map(|d| format!("{square}:{d}")).unwrap_or_default();
            say(
                locale,
                "error-line-required",
                &Args::new()
                    .text("square", sq(square))
                    .text("lines", list(locale, &names))
                    .text("example", Text::strong(example)),
            )
        }
        IllegalMove::LineFlipsNothing { square, line, lines } => {
            let names: Vec<String> = lines.iter().map(|d| direction_name(locale, *d)).collect();
            say(
                locale,
                "error-line-flips-nothing",
                &Args::new().text("move", Text::strong(format!("{square}:{line}"))).text("lines", list(locale, &names)),
            )
        }
        IllegalMove::LineNotNeeded(square) => {
            say(locale, "error-line-not-needed", &Args::new().text("square", sq(square)))
        }
    }
}
