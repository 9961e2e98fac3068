//! The commands, described once: each command's name and its options (with their choices) in
//! the order Discord shows them. The Discord adapter registers exactly these (a test checks its
//! commands against this table), takes their names and descriptions in every language from the
//! locale files through [`CommandSpec`], and `/help` and the console's help list them from here,
//! so the three can never disagree.

use super::text::{Args, Locale, words};
use crate::engine::{Preset, Rules, TieRule};

/// What an option takes: the type Discord registers it with, and what the console accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Free text (a square, a transcript).
    Text,
    /// A whole number in `min..=max`.
    Integer {
        /// The least accepted.
        min: i64,
        /// The most accepted.
        max: i64,
    },
    /// Yes or no.
    Boolean,
    /// A member (a mention in Discord, a player's number or name in the console).
    User,
    /// A server's role (picked in Discord, its number or `<@&number>` in the console).
    Role,
    /// One of the option's choices.
    Choice,
}

/// One option of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Its name in English (the name Discord sends back).
    pub name: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// Whether the command needs it.
    pub required: bool,
    /// The keys of its choices, in order (empty unless the kind is [`Kind::Choice`]).
    pub choices: &'static [&'static str],
    /// The choice group the keys belong to (`color`, `size`, …), for their labels.
    pub group: &'static str,
}

/// A kind of chat a command can be offered in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// A server's channels and threads.
    Server,
    /// A player's DM with the bot.
    BotDm,
    /// Group DMs and DMs between people, where a player installed the app for themselves.
    Private,
}

/// One slash command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    /// Its name in English (the name Discord sends back).
    pub name: &'static str,
    /// Its options, in order.
    pub options: &'static [OptionSpec],
}

const fn option(name: &'static str, kind: Kind) -> OptionSpec {
    OptionSpec { name, kind, required: false, choices: &[], group: "" }
}

const fn text(name: &'static str) -> OptionSpec {
    option(name, Kind::Text)
}

const fn integer(name: &'static str, min: i64, max: i64) -> OptionSpec {
    option(name, Kind::Integer { min, max })
}

const fn pick(name: &'static str, group: &'static str, choices: &'static [&'static str]) -> OptionSpec {
    OptionSpec { name, kind: Kind::Choice, required: false, choices, group }
}

const fn required(option: OptionSpec) -> OptionSpec {
    OptionSpec { required: true, ..option }
}

/// The largest game id an option takes (Discord's integers stop at 2^53).
pub const MAX_ID: i64 = 1 << 53;
/// The levels of the bot.
const LEVEL: (i64, i64) = (1, 5);

const COLORS: &[&str] = &["black", "white", "random"];
const SIZES: &[&str] = &["6", "8", "10"];
const PRESETS: &[&str] =
    &["othello", "ravensburger", "ravensburger-children", "jacques-sons", "brainking", "ravensburger-start"];
const STARTS: &[&str] = &["cross", "parallel", "free-centre", "first-chooses"];
const FLIPS: &[&str] = &["all", "one-line"];
const SUPPLIES: &[&str] = &["unlimited", "limited", "limited-no-gift"];
const TIES: &[&str] = &["draw", "second", "black", "white", "japanese"];
const SCORINGS: &[&str] = &["discs", "wof"];
/// The options that set a game's rules, after the command's own: a rule sheet, then any
/// adjustment of it.
const RULE_OPTIONS: [OptionSpec; 7] = [
    pick("rules", "rules", PRESETS),
    pick("size", "size", SIZES),
    pick("start", "start", STARTS),
    pick("flips", "flips", FLIPS),
    pick("supply", "supply", SUPPLIES),
    pick("tie", "tie", TIES),
    pick("scoring", "scoring", SCORINGS),
];
const SCOPES: &[&str] = &["server", "global"];
const THEMES: &[&str] = &["classic", "ravensburger", "redblue", "dark", "colorblind"];
const LANGUAGES: &[&str] = &["auto", "en-US", "de", "sv-SE"];
const SEASONS: &[&str] = &["off", "monthly", "quarterly"];
const SOLO_ACTIONS: &[&str] = &["new", "daily", "hint", "stop", "table"];
const DAILY_PUZZLE: &[&str] = &["here", "off"];
const WEB: &[&str] = &["off", "public", "link-only"];
const PUZZLE_ACTIONS: &[&str] = &["next", "streak", "hint", "give-up", "stats"];
/// The most puzzles the shipped set may hold (a puzzle's number is at most this).
pub const MAX_PUZZLE: i64 = 1_000_000;
const PRIVACY_ACTIONS: &[&str] = &["export", "delete"];
const TOURNAMENT_ACTIONS: &[&str] =
    &["list", "create", "join", "leave", "start", "standings", "withdraw", "result", "pause", "resume", "cancel"];
const FORMATS: &[&str] = &["swiss", "round-robin", "double-round-robin", "knockout"];
const RESULTS: &[&str] = &["win", "loss", "draw"];
/// The most players a tournament takes.
pub const MAX_TOURNAMENT_PLAYERS: i64 = 64;

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "challenge",
        options: &[
            option("opponent", Kind::User),
            pick("color", "color", COLORS),
            option("rated", Kind::Boolean),
            option("private", Kind::Boolean),
            RULE_OPTIONS[0],
            RULE_OPTIONS[1],
            RULE_OPTIONS[2],
            RULE_OPTIONS[3],
            RULE_OPTIONS[4],
            RULE_OPTIONS[5],
            RULE_OPTIONS[6],
        ],
    },
    CommandSpec {
        name: "bot",
        options: &[
            integer("level", LEVEL.0, LEVEL.1),
            pick("color", "color", COLORS),
            RULE_OPTIONS[0],
            RULE_OPTIONS[1],
            RULE_OPTIONS[2],
            RULE_OPTIONS[3],
            RULE_OPTIONS[4],
            RULE_OPTIONS[5],
            RULE_OPTIONS[6],
        ],
    },
    CommandSpec { name: "move", options: &[required(text("square"))] },
    CommandSpec { name: "board", options: &[] },
    CommandSpec { name: "resign", options: &[] },
    CommandSpec { name: "takeback", options: &[] },
    CommandSpec { name: "games", options: &[] },
    CommandSpec { name: "watch", options: &[required(integer("game", 1, MAX_ID))] },
    CommandSpec { name: "notify", options: &[option("turns", Kind::Boolean)] },
    CommandSpec {
        name: "leaderboard",
        options: &[pick("scope", "scope", SCOPES), RULE_OPTIONS[0], RULE_OPTIONS[1], text("season")],
    },
    CommandSpec { name: "stats", options: &[option("player", Kind::User), RULE_OPTIONS[0], RULE_OPTIONS[1]] },
    CommandSpec { name: "history", options: &[option("player", Kind::User)] },
    CommandSpec { name: "export", options: &[integer("game", 1, MAX_ID), integer("tournament", 1, MAX_ID)] },
    CommandSpec { name: "review", options: &[integer("game", 1, MAX_ID)] },
    CommandSpec { name: "analyze", options: &[text("position"), integer("game", 1, MAX_ID), integer("move", 0, 100)] },
    CommandSpec { name: "solo", options: &[pick("action", "solo", SOLO_ACTIONS), integer("seed", 0, 999_999_999)] },
    CommandSpec {
        name: "puzzle",
        options: &[pick("action", "puzzle", PUZZLE_ACTIONS), integer("number", 1, MAX_PUZZLE)],
    },
    CommandSpec { name: "help", options: &[] },
    CommandSpec {
        name: "settings",
        options: &[
            option("typed_moves", Kind::Boolean),
            integer("deadline_hours", 0, 720),
            pick("theme", "theme", THEMES),
            integer("bot_level", LEVEL.0, LEVEL.1),
            option("bot_takebacks", Kind::Boolean),
            pick("language", "language", LANGUAGES),
            option("organiser_role", Kind::Role),
            pick("season", "season", SEASONS),
            pick("daily_puzzle", "daily-puzzle", DAILY_PUZZLE),
            integer("puzzle_hour", 0, 23),
            pick("web", "web", WEB),
        ],
    },
    CommandSpec { name: "privacy", options: &[required(pick("action", "privacy", PRIVACY_ACTIONS))] },
    CommandSpec {
        name: "tournament",
        options: &[
            pick("action", "tournament", TOURNAMENT_ACTIONS),
            integer("id", 1, MAX_ID),
            text("name"),
            pick("format", "format", FORMATS),
            integer("rounds", 1, 15),
            option("rated", Kind::Boolean),
            integer("max_players", 2, MAX_TOURNAMENT_PLAYERS),
            integer("move_minutes", 1, 10_080),
            integer("round_hours", 1, 720),
            text("starts"),
            integer("bot_level", LEVEL.0, LEVEL.1),
            option("player", Kind::User),
            pick("result", "result", RESULTS),
            RULE_OPTIONS[0],
            RULE_OPTIONS[1],
        ],
    },
];

impl CommandSpec {
    /// The command called `name`.
    pub fn named(name: &str) -> Option<&'static CommandSpec> {
        COMMANDS.iter().find(|command| command.name == name)
    }

    /// Where it is offered: a game with someone needs someone else in the chat, the bot's own
    /// games and puzzles need the bot's DM or a server, and what is a server's stays in one.
    pub fn offered(&self) -> &'static [Offered] {
        use Offered::{BotDm, Private, Server};
        match self.name {
            "challenge" => &[Server, Private],
            "bot" | "solo" | "puzzle" | "review" | "analyze" => &[Server, BotDm],
            "leaderboard" | "settings" | "tournament" | "games" | "watch" => &[Server],
            _ => &[Server, BotDm, Private],
        }
    }

    /// Its name in `locale`.
    pub fn localized_name(&self, locale: Locale) -> String {
        words(locale, &format!("command-{}", self.name), &Args::new())
    }

    /// What it does, in `locale`.
    pub fn description(&self, locale: Locale) -> String {
        words(locale, &format!("command-{}-description", self.name), &Args::new())
    }

    /// The name of its option `option` in `locale`.
    pub fn option_name(&self, option: &OptionSpec, locale: Locale) -> String {
        words(locale, &format!("option-{}-{}", self.name, option.name), &Args::new())
    }

    /// What its option `option` is for, in `locale`.
    pub fn option_description(&self, option: &OptionSpec, locale: Locale) -> String {
        words(locale, &format!("option-{}-{}-description", self.name, option.name), &Args::new())
    }

    /// How `/help` shows it in `locale`: `/board`, `/move square`.
    pub fn usage(&self, locale: Locale) -> String {
        let mut usage = format!("/{}", self.localized_name(locale));
        for option in self.options {
            usage.push(' ');
            usage.push_str(&self.option_name(option, locale));
        }
        usage
    }
}

impl OptionSpec {
    /// The label of its choice `key` in `locale`.
    pub fn choice_label(&self, key: &str, locale: Locale) -> String {
        words(locale, &format!("choice-{}-{}", self.group, key), &Args::new())
    }

    /// The key of its choice at `index` (the order Discord and the console list them in).
    pub fn choice_key(&self, index: usize) -> Option<&'static str> {
        self.choices.get(index).copied()
    }
}

/// The rules a player asked for with the rule options: a sheet's rules adjusted by the options
/// named, and whether the Japanese rule is to settle the colours and who wins a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesChoice {
    /// The rules (under the Japanese rule, still with a drawn tie until it is settled).
    pub rules: Rules,
    /// Whether the Japanese rule settles the tie and the colours before the game.
    pub japanese: bool,
}

/// An option value no rule option knows: the option and the value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the option {option} has no choice {value}")]
pub struct UnknownChoice {
    /// The option.
    pub option: String,
    /// The value given.
    pub value: String,
}

/// The rules from rule options given as `(option, choice key)` pairs (`("rules",
/// "ravensburger")`, `("size", "10")`); options not given keep the sheet's value, and no sheet
/// means Othello.
pub fn rules_choice<'a>(picks: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<RulesChoice, UnknownChoice> {
    let picks: Vec<(&str, &str)> = picks.into_iter().collect();
    let unknown = |option: &str, value: &str| UnknownChoice { option: option.to_string(), value: value.to_string() };
    let mut rules = Rules::default();
    for (option, key) in picks.iter().filter(|(option, _)| *option == "rules") {
        rules = Preset::from_key(key).ok_or_else(|| unknown(option, key))?.rules();
    }
    let mut japanese = false;
    for &(option, key) in picks.iter().filter(|(option, _)| *option != "rules") {
        if (option, key) == ("tie", "japanese") {
            rules.tie = TieRule::Draw;
            japanese = true;
            continue;
        }
        rules = rules.with_option(option, key).ok_or_else(|| unknown(option, key))?;
    }
    Ok(RulesChoice { rules, japanese })
}

/// The rule options of a command, in order (`rules`, `size`, `start`, …).
pub fn rule_options() -> &'static [OptionSpec] {
    &RULE_OPTIONS
}

#[cfg(test)]
mod tests {
    use super::super::text::fluent::has_message;
    use super::*;

    /// Discord's rule for command and option names.
    fn is_discord_name(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name.chars().all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && name.to_lowercase() == name
    }

    #[test]
    fn every_command_option_and_choice_has_its_words_in_every_language_within_discords_limits() {
        for locale in Locale::ALL {
            for command in COMMANDS {
                for id in [format!("command-{}", command.name), format!("command-{}-description", command.name)] {
                    assert!(has_message(locale, &id), "{id} in {locale}");
                }
                assert!(is_discord_name(&command.localized_name(locale)), "{}", command.localized_name(locale));
                assert!((1..=100).contains(&command.description(locale).chars().count()));
                for option in command.options {
                    assert!(has_message(locale, &format!("option-{}-{}", command.name, option.name)));
                    assert!(
                        is_discord_name(&command.option_name(option, locale)),
                        "{}",
                        command.option_name(option, locale)
                    );
                    assert!((1..=100).contains(&command.option_description(option, locale).chars().count()));
                    for key in option.choices {
                        assert!(has_message(locale, &format!("choice-{}-{key}", option.group)), "{key} in {locale}");
                        assert!((1..=100).contains(&option.choice_label(key, locale).chars().count()));
                    }
                }
            }
        }
        // In English the names are the names Discord sends back.
        for command in COMMANDS {
            assert_eq!(command.localized_name(Locale::English), command.name);
            for option in command.options {
                assert_eq!(command.option_name(option, Locale::English), option.name);
            }
        }
    }

    #[test]
    fn usage_lists_every_option_in_the_readers_language() {
        let challenge = CommandSpec::named("challenge").unwrap();
        assert_eq!(
            challenge.usage(Locale::English),
            "/challenge opponent color rated private rules size start flips supply tie scoring"
        );
        assert_ne!(challenge.usage(Locale::German), challenge.usage(Locale::English));
    }

    #[test]
    fn each_rule_sheet_is_one_choice_and_any_option_adjusts_it() {
        use crate::engine::{BoardSize, DiscSupply, FlipMode};
        let pick = |picks: &[(&'static str, &'static str)]| rules_choice(picks.iter().copied()).unwrap();
        assert_eq!(pick(&[]).rules, Rules::default());
        assert_eq!(pick(&[("rules", "ravensburger")]).rules, Rules::ravensburger());
        let children = pick(&[("rules", "ravensburger-children"), ("size", "10")]).rules;
        assert_eq!(children, Rules { flips: FlipMode::OneLine, ..Rules::ravensburger() }.on(BoardSize::Ten));
        // The options come after the sheet whatever their order.
        let adjusted = pick(&[("tie", "draw"), ("rules", "ravensburger")]).rules;
        assert_eq!(adjusted.tie, TieRule::Draw);
        assert_eq!(adjusted.supply, DiscSupply::Limited);
        let japanese = pick(&[("tie", "japanese")]);
        assert!(japanese.japanese);
        assert_eq!(japanese.rules.tie, TieRule::Draw, "settled before the game");
        for option in rule_options() {
            for key in option.choices {
                assert!(rules_choice([(option.name, *key)]).is_ok(), "{} {key}", option.name);
            }
        }
        assert_eq!(rules_choice([("rules", "chess")]).unwrap_err().value, "chess");
        assert!(rules_choice([("size", "7")]).is_err());
    }
}
