//! A command's options, read once for every front end. Discord's typed options and the console's
//! words both become [`Given`] values checked against the table of commands (their kind, range
//! and choices), and [`command`] is the one place a [`Command`] is built from them, so an option
//! cannot mean one thing on Discord and another in the console, nor be dropped on the way.

use super::catalog::{self, CommandSpec, Kind, OptionSpec};
use super::command::{
    Adjudication, BoardScope, Command, DailyPuzzleSetting, LanguageChoice, PrivacyAction, PuzzleAction, SeasonPick,
    SeasonSetting, SettingsChange, SoloAction, TournamentAction, TournamentPlan, User,
};
use super::text::{Args, Locale, words};
use crate::ai::Level;
use crate::render::Theme;
use crate::store::{Cadence, ColorChoice, Format, GameId, Ladder, Timestamp, TournamentId, WebVisibility};

/// An option's value, of the option's kind.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// Free text.
    Text(String),
    /// A whole number.
    Integer(i64),
    /// Yes or no.
    Boolean(bool),
    /// A member.
    User(User),
    /// A server's role, by id.
    Role(u64),
    /// The key of one of the option's choices (`ravensburger`, `10`).
    Choice(&'static str),
}

/// Why a command's options cannot be read. Each names the command and the option, and the view
/// says what the option takes.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionError {
    /// No command of that name (as typed).
    UnknownCommand(String),
    /// The command has no option of that name (as typed).
    UnknownOption {
        /// The command.
        command: &'static CommandSpec,
        /// The name given.
        option: String,
    },
    /// The value does not fit the option (as typed, or as Discord sent it).
    BadValue {
        /// The command.
        command: &'static CommandSpec,
        /// The option.
        option: &'static OptionSpec,
        /// The value given.
        value: String,
    },
    /// A value given without a name that no option of the command takes.
    NoOptionFor {
        /// The command.
        command: &'static CommandSpec,
        /// The value given.
        value: String,
    },
    /// An option given twice.
    Repeated {
        /// The command.
        command: &'static CommandSpec,
        /// The option.
        option: &'static OptionSpec,
    },
    /// A required option left out.
    Missing {
        /// The command.
        command: &'static CommandSpec,
        /// The option.
        option: &'static OptionSpec,
    },
    /// An option that only goes with one choice of another (`seed` with `action:new`).
    OnlyWith {
        /// The command.
        command: &'static CommandSpec,
        /// The option given.
        option: &'static OptionSpec,
        /// The other option.
        other: &'static OptionSpec,
        /// The choice of the other it needs.
        choice: &'static str,
    },
    /// Two options of which only one may be given (`game` and `tournament` of `/export`).
    Exclusive {
        /// The command.
        command: &'static CommandSpec,
        /// One.
        option: &'static OptionSpec,
        /// The other.
        other: &'static OptionSpec,
    },
}

/// A command and the options given to it, each checked against the table of commands.
#[derive(Clone, Debug, PartialEq)]
pub struct Given {
    /// The command.
    pub spec: &'static CommandSpec,
    values: Vec<(&'static OptionSpec, Value)>,
}

impl Given {
    /// The command called `name` (its English name, as Discord sends it), with no options yet.
    pub fn new(name: &str) -> Result<Given, OptionError> {
        let spec = CommandSpec::named(name).ok_or_else(|| OptionError::UnknownCommand(name.to_string()))?;
        Ok(Given { spec, values: Vec::new() })
    }

    /// The option called `name` (its English name).
    fn option(&self, name: &str) -> Result<&'static OptionSpec, OptionError> {
        let spec = self.spec;
        spec.options
            .iter()
            .find(|o| o.name == name)
            .ok_or_else(|| OptionError::UnknownOption { command: spec, option: name.to_string() })
    }

    /// Gives the option `name` its value, checked against its kind, range and choices.
    pub fn set(&mut self, name: &str, value: Value) -> Result<(), OptionError> {
        let option = self.option(name)?;
        if self.values.iter().any(|(o, _)| o.name == option.name) {
            return Err(OptionError::Repeated { command: self.spec, option });
        }
        let bad = |shown: String| OptionError::BadValue { command: self.spec, option, value: shown };
        let fits = match (&option.kind, &value) {
            (Kind::Text, Value::Text(text)) => !text.trim().is_empty(),
            (Kind::Integer { min, max }, Value::Integer(n)) => (*min..=*max).contains(n),
            (Kind::Boolean, Value::Boolean(_)) | (Kind::User, Value::User(_)) | (Kind::Role, Value::Role(_)) => true,
            (Kind::Choice, Value::Choice(key)) => option.choices.contains(key),
            _ => false,
        };
        if !fits {
            return Err(bad(shown(&value)));
        }
        self.values.push((option, value));
        Ok(())
    }

    /// Gives the option `name` a value when one is given (Discord's optional options).
    pub fn set_some(&mut self, name: &str, value: Option<Value>) -> Result<(), OptionError> {
        match value {
            Some(value) => self.set(name, value),
            None => Ok(()),
        }
    }

    /// Gives the option `name` the choice at `index` in the table's order (how Discord's choice
    /// options arrive), when one is given.
    pub fn set_choice_index(&mut self, name: &str, index: Option<usize>) -> Result<(), OptionError> {
        let Some(index) = index else { return Ok(()) };
        let option = self.option(name)?;
        let key = option.choice_key(index).ok_or_else(|| OptionError::BadValue {
            command: self.spec,
            option,
            value: index.to_string(),
        })?;
        self.set(name, Value::Choice(key))
    }

    /// Gives the option `name` this value unless it was given (a front end's own default).
    pub fn default(&mut self, name: &str, value: Value) -> Result<(), OptionError> {
        if self.get(name).is_none() { self.set(name, value) } else { Ok(()) }
    }

    fn get(&self, name: &str) -> Option<&Value> {
        self.values.iter().find(|(o, _)| o.name == name).map(|(_, v)| v)
    }

    fn text(&self, name: &str) -> Option<String> {
        match self.get(name) {
            Some(Value::Text(text)) => Some(text.trim().to_string()),
            _ => None,
        }
    }

    fn integer(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Integer(n)) => Some(*n),
            _ => None,
        }
    }

    fn boolean(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(Value::Boolean(b)) => Some(*b),
            _ => None,
        }
    }

    fn user(&self, name: &str) -> Option<User> {
        match self.get(name) {
            Some(Value::User(user)) => Some(user.clone()),
            _ => None,
        }
    }

    fn choice(&self, name: &str) -> Option<&'static str> {
        match self.get(name) {
            Some(Value::Choice(key)) => Some(key),
            _ => None,
        }
    }

    /// The level in the option `name`.
    fn level(&self, name: &str) -> Option<Level> {
        self.integer(name).and_then(|n| u8::try_from(n).ok()).and_then(Level::new)
    }

    /// The rules the rule options ask for.
    fn rules(&self) -> Result<catalog::RulesChoice, OptionError> {
        let picks = catalog::rule_options().iter().filter_map(|o| Some((o.name, self.choice(o.name)?)));
        catalog::rules_choice(picks).map_err(|unknown| {
            let option = catalog::rule_options()
                .iter()
                .find(|o| o.name == unknown.option)
                .unwrap_or(&catalog::rule_options()[0]);
            OptionError::BadValue { command: self.spec, option, value: unknown.value }
        })
    }

    /// The game named by the option `game`.
    fn game(&self) -> Option<GameId> {
        self.integer("game").map(GameId)
    }
}

/// The most of a value a refusal quotes back.
const QUOTED: usize = 40;

/// A value as a refusal quotes it: cut short when long.
pub fn quoted(text: &str) -> String {
    if text.chars().count() <= QUOTED {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(QUOTED - 1).collect();
    cut.push('…');
    cut
}

fn shown(value: &Value) -> String {
    match value {
        Value::Text(text) => quoted(text),
        Value::Integer(n) => n.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::User(user) => quoted(&user.name),
        Value::Role(id) => format!("<@&{id}>"),
        Value::Choice(key) => key.to_string(),
    }
}

/// The service command the options stand for: the one place options become a [`Command`].
pub fn command(given: &Given) -> Result<Command, OptionError> {
    for option in given.spec.options.iter().filter(|o| o.required) {
        if given.get(option.name).is_none() {
            return Err(OptionError::Missing { command: given.spec, option });
        }
    }
    let ladder = || given.rules().map(|choice| Ladder::of(&choice.rules));
    let color = |default: ColorChoice| match given.choice("color") {
        Some("black") => ColorChoice::Black,
        Some("white") => ColorChoice::White,
        Some(_) => ColorChoice::Random,
        None => default,
    };
    Ok(match given.spec.name {
        "challenge" => {
            let choice = given.rules()?;
            Command::Challenge {
                opponent: given.user("opponent"),
                color: if choice.japanese { ColorChoice::Japanese } else { color(ColorChoice::Random) },
                rated: given.boolean("rated").unwrap_or(true),
                private: given.boolean("private").unwrap_or(false),
                rules: choice.rules,
            }
        }
        "bot" => {
            let choice = given.rules()?;
            Command::PlayBot {
                level: given.level("level"),
                color: if choice.japanese { ColorChoice::Japanese } else { color(ColorChoice::Black) },
                rules: choice.rules,
            }
        }
        "move" => Command::Move(given.text("square").unwrap_or_default()),
        "board" => Command::Board,
        "resign" => Command::Resign,
        "takeback" => Command::TakeBack,
        "games" => Command::Games(0),
        "watch" => Command::Watch(given.game().unwrap_or(GameId(0))),
        "notify" => Command::Notify(given.boolean("turns")),
        "leaderboard" => {
            let scope = if given.choice("scope") == Some("global") { BoardScope::Global } else { BoardScope::Server };
            match given.text("season") {
                Some(_) if scope == BoardScope::Global => {
                    return Err(OptionError::OnlyWith {
                        command: given.spec,
                        option: given.option("season")?,
                        other: given.option("scope")?,
                        choice: "server",
                    });
                }
                Some(season) => Command::Season(ladder()?, season_pick(season)),
                None => Command::Leaderboard(scope, ladder()?),
            }
        }
        "stats" => Command::Stats(given.user("player"), ladder()?),
        "history" => Command::History(given.user("player")),
        "export" => match given.integer("tournament") {
            Some(id) if given.get("game").is_none() => {
                Command::Tournament(TournamentAction::Export(Some(TournamentId(id))))
            }
            Some(_) => {
                let (option, other) = (given.option("game")?, given.option("tournament")?);
                return Err(OptionError::Exclusive { command: given.spec, option, other });
            }
            None => Command::Export(given.game()),
        },
        "review" => Command::Review(given.game()),
        "analyze" => Command::Analyze {
            game: given.game(),
            moves: given.integer("move").and_then(|n| usize::try_from(n).ok()),
            position: given.text("position"),
        },
        "solo" => {
            let seed = given.integer("seed").and_then(|n| u64::try_from(n).ok());
            let action = match given.choice("action").unwrap_or("new") {
                "new" => SoloAction::New(seed),
                "daily" => SoloAction::Daily,
                "hint" => SoloAction::Hint,
                "stop" => SoloAction::Stop,
                _ => SoloAction::Table,
            };
            if seed.is_some() && !matches!(action, SoloAction::New(_)) {
                return Err(OptionError::OnlyWith {
                    command: given.spec,
                    option: given.option("seed")?,
                    other: given.option("action")?,
                    choice: "new",
                });
            }
            Command::Solo(action)
        }
        "puzzle" => {
            let number = given.integer("number").and_then(|n| u32::try_from(n).ok());
            let action = match given.choice("action").unwrap_or("next") {
                "next" => PuzzleAction::Next(number),
                "streak" => PuzzleAction::Streak,
                "hint" => PuzzleAction::Hint,
                "give-up" => PuzzleAction::GiveUp,
                _ => PuzzleAction::Stats,
            };
            if number.is_some() && !matches!(action, PuzzleAction::Next(_)) {
                return Err(OptionError::OnlyWith {
                    command: given.spec,
                    option: given.option("number")?,
                    other: given.option("action")?,
                    choice: "next",
                });
            }
            Command::Puzzle(action)
        }
        "help" => Command::Help,
        "settings" => Command::Settings(SettingsChange {
            typed_moves: given.boolean("typed_moves"),
            bot_takebacks: given.boolean("bot_takebacks"),
            deadline_hours: given.integer("deadline_hours").and_then(|n| u32::try_from(n).ok()),
            theme: given.choice("theme").and_then(|key| Theme::ALL.into_iter().find(|t| t.name() == key)),
            bot_level: given.level("bot_level"),
            organiser_role: match given.get("organiser_role") {
                Some(Value::Role(id)) => Some(*id),
                _ => None,
            },
            language: given.choice("language").map(|key| match Locale::from_tag(key) {
                Some(locale) if key != "auto" => LanguageChoice::Fixed(locale),
                _ => LanguageChoice::Server,
            }),
            season: given.choice("season").map(|key| match Cadence::parse(key) {
                Some(cadence) => SeasonSetting::On(cadence),
                None => SeasonSetting::Off,
            }),
            daily_puzzle: given.choice("daily_puzzle").map(|key| match key {
                "off" => DailyPuzzleSetting::Off,
                _ => DailyPuzzleSetting::Here,
            }),
            puzzle_hour: given.integer("puzzle_hour").and_then(|n| u8::try_from(n).ok()),
            web: given.choice("web").map(|key| match key {
                "public" => WebVisibility::Public,
                "link-only" => WebVisibility::LinkOnly,
                _ => WebVisibility::Off,
            }),
        }),
        "privacy" => Command::Privacy(match given.choice("action") {
            Some("delete") => PrivacyAction::Delete,
            _ => PrivacyAction::Export,
        }),
        "tournament" => Command::Tournament(tournament(given)?),
        other => return Err(OptionError::UnknownCommand(other.to_string())),
    })
}

/// The season `/leaderboard season:` names: the running one for the word "current" in any
/// language we speak, else the text as typed (the service reads the key).
fn season_pick(text: String) -> SeasonPick {
    let current = Locale::ALL
        .into_iter()
        .any(|locale| words(locale, "season-current-word", &Args::new()).eq_ignore_ascii_case(&text));
    if current { SeasonPick::Current } else { SeasonPick::Named(text) }
}

/// The options only `/tournament action:create` takes.
const PLAN_OPTIONS: [&str; 11] = [
    "name",
    "format",
    "rounds",
    "rated",
    "max_players",
    "move_minutes",
    "round_hours",
    "starts",
    "bot_level",
    "rules",
    "size",
];
/// A tournament's players when its organiser names no number.
const DEFAULT_TOURNAMENT_PLAYERS: u32 = 16;

/// What `/tournament` asks. Without an action: a new tournament when it is planned (a name, a
/// format, …), a withdrawal when a player is named, a tournament's standings when an id is given,
/// and otherwise the server's list.
fn tournament(given: &Given) -> Result<TournamentAction, OptionError> {
    let id = given.integer("id").map(TournamentId);
    let planned = PLAN_OPTIONS.iter().any(|option| given.get(option).is_some());
    let action = given.choice("action").unwrap_or(match (planned, given.get("player"), id) {
        (true, _, _) => "create",
        _ if given.get("result").is_some() => "result",
        (false, Some(_), _) => "withdraw",
        (false, None, Some(_)) => "standings",
        (false, None, None) => "list",
    });
    let only_with = |option: &str, choice: &'static str| -> Result<(), OptionError> {
        match given.get(option) {
            Some(_) => Err(OptionError::OnlyWith {
                command: given.spec,
                option: given.option(option)?,
                other: given.option("action")?,
                choice,
            }),
            None => Ok(()),
        }
    };
    if action != "create" {
        for option in PLAN_OPTIONS {
            only_with(option, "create")?;
        }
    }
    if !matches!(action, "withdraw" | "result") {
        only_with("player", "withdraw")?;
    }
    if action != "result" {
        only_with("result", "result")?;
    }
    Ok(match action {
        "create" => {
            let choice = given.rules()?;
            TournamentAction::Create(TournamentPlan {
                name: given.text("name").unwrap_or_default(),
                format: given.choice("format").and_then(Format::parse).unwrap_or(Format::Swiss),
                rounds: given.integer("rounds").and_then(|n| u32::try_from(n).ok()),
                rules: choice.rules,
                rated: given.boolean("rated").unwrap_or(true),
                max_players: given
                    .integer("max_players")
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(DEFAULT_TOURNAMENT_PLAYERS),
                move_minutes: given.integer("move_minutes").and_then(|n| u32::try_from(n).ok()),
                bot_level: given.level("bot_level"),
                starts_at: match given.text("starts") {
                    Some(text) => match start_time(&text) {
                        Some(at) => Some(at),
                        None => {
                            let option = given.option("starts")?;
                            return Err(OptionError::BadValue { command: given.spec, option, value: quoted(&text) });
                        }
                    },
                    None => None,
                },
                round_hours: given.integer("round_hours").and_then(|n| u32::try_from(n).ok()),
            })
        }
        "result" => {
            let result = given.choice("result").map(|result| match result {
                "win" => Adjudication::Win,
                "loss" => Adjudication::Loss,
                _ => Adjudication::Draw,
            });
            TournamentAction::Result(id, given.user("player"), result)
        }
        "join" => TournamentAction::Join(id),
        "leave" => TournamentAction::Leave(id),
        "start" => TournamentAction::Start(id),
        "standings" => TournamentAction::Standings(id),
        "withdraw" => TournamentAction::Withdraw(id, given.user("player")),
        "pause" => TournamentAction::Pause(id),
        "resume" => TournamentAction::Resume(id),
        "cancel" => TournamentAction::Cancel(id),
        _ => TournamentAction::List,
    })
}

/// A start time as Discord writes one (`<t:1767200000:F>`, as the client's date picker and
/// hammertime make it) or as seconds since 1970.
fn start_time(text: &str) -> Option<Timestamp> {
    let text = text.trim();
    let inner = match text.strip_prefix("<t:").and_then(|t| t.strip_suffix('>')) {
        Some(inner) => inner.split(':').next()?,
        None => text,
    };
    let secs: i64 = inner.parse().ok().filter(|s| *s > 0)?;
    Some(Timestamp(secs.checked_mul(1000)?))
}

/// Reads a typed command line (`/export game:12`, `/export 12`, `/bot 3 white rules:ravensburger`)
/// against the table of commands. Names of commands, options and choices are taken in English or
/// in any language we speak; a value without a name goes to the first option, in the table's
/// order, that takes its kind; `users` finds a member by what was typed. Anything that cannot be
/// read is refused, never dropped.
pub fn read(line: &str, users: &dyn Fn(&str) -> Option<User>) -> Result<Given, OptionError> {
    let mut words = split(line).into_iter();
    let head = words.next().unwrap_or_default();
    let name = head.strip_prefix('/').unwrap_or(&head).to_lowercase();
    let spec = catalog::COMMANDS
        .iter()
        .find(|c| c.name == name || Locale::ALL.iter().any(|l| c.localized_name(*l).to_lowercase() == name))
        .ok_or_else(|| OptionError::UnknownCommand(quoted(&head)))?;
    let mut given = Given { spec, values: Vec::new() };
    for word in words {
        match named(spec, &word) {
            Some((option, text)) => {
                let value = typed(option, text, users).ok_or_else(|| OptionError::BadValue {
                    command: spec,
                    option,
                    value: quoted(text),
                })?;
                given.set(option.name, value)?;
            }
            None if is_option_name(&word) => {
                let option = word.split([':', '=']).next().unwrap_or_default();
                return Err(OptionError::UnknownOption { command: spec, option: quoted(option) });
            }
            None => {
                let option = spec
                    .options
                    .iter()
                    .filter(|o| given.get(o.name).is_none())
                    .find(|o| takes_shape(o, &word, users))
                    .ok_or_else(|| OptionError::NoOptionFor { command: spec, value: quoted(&word) })?;
                let value = typed(option, &word, users).ok_or_else(|| OptionError::BadValue {
                    command: spec,
                    option,
                    value: quoted(&word),
                })?;
                given.set(option.name, value)?;
            }
        }
    }
    Ok(given)
}

/// A line's words; double quotes keep spaces inside one (`rules:"Ravensburger für Kinder"`).
fn split(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.trim().chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Whether a word looks like `name:value` or `name=value` (a name of letters, `_` or `-`).
fn is_option_name(word: &str) -> bool {
    match word.split_once([':', '=']) {
        Some((name, value)) => {
            !name.is_empty() && !value.is_empty() && name.chars().all(|c| c.is_alphabetic() || c == '_' || c == '-')
        }
        None => false,
    }
}

/// The option a `name:value` word names (in any language we speak), and its value.
fn named<'w>(spec: &'static CommandSpec, word: &'w str) -> Option<(&'static OptionSpec, &'w str)> {
    let (name, value) = word.split_once([':', '='])?;
    let name = name.to_lowercase();
    let option = spec
        .options
        .iter()
        .find(|o| o.name == name || Locale::ALL.iter().any(|l| spec.option_name(o, *l).to_lowercase() == name))?;
    Some((option, value))
}

/// Whether a word without a name has the shape of this option's values (a number for a number,
/// a choice for a choice); text takes any word that is not a number.
fn takes_shape(option: &OptionSpec, word: &str, users: &dyn Fn(&str) -> Option<User>) -> bool {
    match option.kind {
        Kind::Text => number(word).is_none(),
        Kind::Integer { .. } => number(word).is_some(),
        Kind::Boolean => boolean(word).is_some(),
        Kind::User => users(word).is_some(),
        Kind::Role => role(word).is_some(),
        Kind::Choice => choice(option, word).is_some(),
    }
}

/// A typed word as the option's value, if it has the option's kind (the range and choices are
/// checked by [`Given::set`]).
fn typed(option: &OptionSpec, word: &str, users: &dyn Fn(&str) -> Option<User>) -> Option<Value> {
    match option.kind {
        Kind::Text => Some(Value::Text(word.to_string())),
        Kind::Integer { .. } => number(word).map(Value::Integer),
        Kind::Boolean => boolean(word).map(Value::Boolean),
        Kind::User => users(word).map(Value::User),
        Kind::Role => role(word).map(Value::Role),
        Kind::Choice => choice(option, word).map(Value::Choice),
    }
}

/// A role as typed: its number, or as Discord writes a role (`<@&number>`).
fn role(word: &str) -> Option<u64> {
    let digits = word.strip_prefix("<@&").and_then(|w| w.strip_suffix('>')).unwrap_or(word);
    digits.parse().ok().filter(|id| *id > 0)
}

/// A whole number, a game id's `#` allowed in front.
fn number(word: &str) -> Option<i64> {
    word.strip_prefix('#').unwrap_or(word).parse().ok()
}

/// Yes or no, in the words of the languages we speak.
fn boolean(word: &str) -> Option<bool> {
    match word.to_lowercase().as_str() {
        "true" | "yes" | "on" | "ja" | "wahr" | "sant" => Some(true),
        "false" | "no" | "off" | "nein" | "nej" | "falsch" | "falskt" => Some(false),
        _ => None,
    }
}

/// The choice a word names: its key, or its label in any language we speak (any case).
fn choice(option: &OptionSpec, word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    option.choices.iter().copied().find(|key| {
        key.to_lowercase() == word || Locale::ALL.iter().any(|l| option.choice_label(key, *l).to_lowercase() == word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BoardSize, Preset};

    fn nobody(_: &str) -> Option<User> {
        None
    }

    fn players(word: &str) -> Option<User> {
        match word {
            "1" | "Ada" => Some(User::new(1, "Ada")),
            "2" | "Bo" => Some(User::new(2, "Bo")),
            _ => None,
        }
    }

    fn typed_command(line: &str) -> Result<Command, OptionError> {
        command(&read(line, &players)?)
    }

    #[test]
    fn a_tournament_reads_a_start_as_a_discord_timestamp_and_a_result_for_a_named_player() {
        let create = |line: &str| match typed_command(line) {
            Ok(Command::Tournament(TournamentAction::Create(plan))) => Ok(plan),
            other => Err(other),
        };
        let plan = create("/tournament name:Cup format:knockout starts:<t:1767200000:F> round_hours:24").unwrap();
        assert_eq!(plan.format, Format::Knockout);
        assert_eq!(plan.starts_at, Some(Timestamp(1_767_200_000_000)));
        assert_eq!(plan.round_hours, Some(24));
        assert_eq!(
            create("/tournament name:Cup starts:1767200000").unwrap().starts_at,
            Some(Timestamp(1_767_200_000_000))
        );
        assert!(matches!(typed_command("/tournament name:Cup starts:tomorrow"), Err(OptionError::BadValue { .. })));
        assert_eq!(
            typed_command("/tournament action:result player:Ada result:loss"),
            Ok(Command::Tournament(TournamentAction::Result(
                None,
                Some(User::new(1, "Ada")),
                Some(Adjudication::Loss)
            )))
        );
        assert_eq!(
            typed_command("/turnier aktion:ergebnis spieler:Bo ergebnis:remis nummer:3"),
            Ok(Command::Tournament(TournamentAction::Result(
                Some(TournamentId(3)),
                Some(User::new(2, "Bo")),
                Some(Adjudication::Draw)
            )))
        );
        assert_eq!(
            typed_command("/tournament result:win"),
            Ok(Command::Tournament(TournamentAction::Result(None, None, Some(Adjudication::Win))))
        );
        assert!(matches!(typed_command("/tournament action:join result:win"), Err(OptionError::OnlyWith { .. })));
        assert_eq!(
            typed_command("/export tournament:2"),
            Ok(Command::Tournament(TournamentAction::Export(Some(TournamentId(2)))))
        );
        assert!(matches!(typed_command("/export game:1 tournament:2"), Err(OptionError::Exclusive { .. })));
    }

    #[test]
    fn a_game_id_is_read_by_name_or_by_place_and_a_bad_one_is_refused() {
        assert_eq!(typed_command("/export game:12"), Ok(Command::Export(Some(GameId(12)))));
        assert_eq!(typed_command("/export 12"), Ok(Command::Export(Some(GameId(12)))));
        assert_eq!(typed_command("/export #12"), Ok(Command::Export(Some(GameId(12)))));
        assert_eq!(typed_command("/export"), Ok(Command::Export(None)));
        assert!(matches!(typed_command("/export abc"), Err(OptionError::NoOptionFor { .. })));
        assert!(matches!(typed_command("/export game:abc"), Err(OptionError::BadValue { .. })));
        assert!(matches!(typed_command("/review game:0"), Err(OptionError::BadValue { .. })));
    }

    #[test]
    fn analyze_takes_a_game_and_a_move_number_in_range_or_a_position() {
        assert_eq!(
            typed_command("/analyze 1 3"),
            Ok(Command::Analyze { game: Some(GameId(1)), moves: Some(3), position: None })
        );
        assert!(matches!(typed_command("/analyze 1 -3"), Err(OptionError::BadValue { value, .. }) if value == "-3"));
        assert_eq!(
            typed_command("/analyze f5d6c3"),
            Ok(Command::Analyze { game: None, moves: None, position: Some("f5d6c3".into()) })
        );
    }

    #[test]
    fn a_bot_game_reads_its_level_colour_and_rules_in_any_order_and_language() {
        let ravensburger = Preset::Ravensburger.rules();
        assert_eq!(
            typed_command("/bot 3 white rules:ravensburger"),
            Ok(Command::PlayBot { level: Level::new(3), color: ColorChoice::White, rules: ravensburger })
        );
        assert_eq!(typed_command("/bot weiß 3 rules=ravensburger"), typed_command("/bot 3 white rules:ravensburger"));
        assert_eq!(typed_command("/bot stufe:3 farbe:Weiß"), typed_command("/bot 3 white"));
        let ten = typed_command("/bot size:10").unwrap();
        assert!(matches!(ten, Command::PlayBot { rules, .. } if rules.size == BoardSize::Ten));
        assert!(matches!(typed_command("/bot -1"), Err(OptionError::BadValue { .. })));
        assert!(matches!(typed_command("/bot 1 foo"), Err(OptionError::NoOptionFor { .. })));
        assert!(matches!(typed_command("/bot colour:white"), Err(OptionError::UnknownOption { .. })));
        assert!(matches!(typed_command("/bot 1 2"), Err(OptionError::NoOptionFor { .. })));
        assert!(matches!(typed_command("/bot 1 level:2"), Err(OptionError::Repeated { .. })));
    }

    #[test]
    fn stats_and_the_leaderboard_keep_their_rules_and_scope() {
        let ladder = Ladder::of(&Preset::Ravensburger.rules().on(BoardSize::Ten));
        assert_eq!(typed_command("/stats rules:ravensburger size:10"), Ok(Command::Stats(None, ladder)));
        assert_eq!(typed_command("/stats 2"), Ok(Command::Stats(Some(User::new(2, "Bo")), Ladder::standard())));
        assert_eq!(
            typed_command("/leaderboard global"),
            Ok(Command::Leaderboard(BoardScope::Global, Ladder::standard()))
        );
    }

    #[test]
    fn puzzle_takes_its_action_in_every_language_and_a_number_only_for_the_next_puzzle() {
        assert_eq!(typed_command("/puzzle"), Ok(Command::Puzzle(PuzzleAction::Next(None))));
        assert_eq!(typed_command("/puzzle streak"), Ok(Command::Puzzle(PuzzleAction::Streak)));
        assert_eq!(typed_command("/puzzle 12"), Ok(Command::Puzzle(PuzzleAction::Next(Some(12)))));
        assert_eq!(typed_command("/rätsel aufgeben"), Ok(Command::Puzzle(PuzzleAction::GiveUp)));
        assert_eq!(typed_command("/problem serie"), Ok(Command::Puzzle(PuzzleAction::Streak)));
        assert!(matches!(typed_command("/puzzle stats 7"), Err(OptionError::OnlyWith { .. })));
    }

    #[test]
    fn solo_takes_its_action_in_every_language_and_a_seed_only_for_a_new_deal() {
        assert_eq!(typed_command("/solo stop"), Ok(Command::Solo(SoloAction::Stop)));
        assert_eq!(typed_command("/solo tipp"), Ok(Command::Solo(SoloAction::Hint)));
        assert_eq!(typed_command("/solo new 7"), Ok(Command::Solo(SoloAction::New(Some(7)))));
        assert_eq!(typed_command("/solo 7"), Ok(Command::Solo(SoloAction::New(Some(7)))));
        assert!(matches!(typed_command("/solo new abc"), Err(OptionError::NoOptionFor { .. })));
        assert!(matches!(typed_command("/solo daily 7"), Err(OptionError::OnlyWith { .. })));
    }

    #[test]
    fn a_required_option_left_out_is_named() {
        assert!(
            matches!(typed_command("/privacy"), Err(OptionError::Missing { option, .. }) if option.name == "action")
        );
        assert!(matches!(typed_command("/move"), Err(OptionError::Missing { option, .. }) if option.name == "square"));
        assert_eq!(typed_command("/privacy delete"), Ok(Command::Privacy(PrivacyAction::Delete)));
    }

    #[test]
    fn a_long_value_is_quoted_short() {
        let long = "x".repeat(5000);
        let Err(OptionError::NoOptionFor { value, .. }) = read(&format!("/bot {long}"), &nobody) else {
            panic!("a word no option takes")
        };
        assert_eq!(value.chars().count(), QUOTED);
        assert!(value.ends_with('…'));
    }
}
