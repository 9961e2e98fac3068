//! The commands, described once: each command's name and its options (with their choices) in
//! the order Discord shows them. The Discord adapter registers exactly these (a test checks its
//! commands against this table), takes their names and descriptions in every language from the
//! locale files through [`CommandSpec`], and `/help` and the console's help list them from here,
//! so the three can never disagree.

use super::text::{Args, Locale, words};

/// One option of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Its name in English (the name Discord sends back).
    pub name: &'static str,
    /// The keys of its choices, in order (empty for a free value).
    pub choices: &'static [&'static str],
    /// The choice group the keys belong to (`color`, `size`, …), for their labels.
    pub group: &'static str,
}

/// One slash command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommandSpec {
    /// Its name in English (the name Discord sends back).
    pub name: &'static str,
    /// Its options, in order.
    pub options: &'static [OptionSpec],
}

const fn free(name: &'static str) -> OptionSpec {
    OptionSpec { name, choices: &[], group: "" }
}

const fn pick(name: &'static str, group: &'static str, choices: &'static [&'static str]) -> OptionSpec {
    OptionSpec { name, choices, group }
}

const COLORS: &[&str] = &["black", "white", "random"];
const SIZES: &[&str] = &["6", "8", "10"];
const VARIANTS: &[&str] = &["othello", "ravensburger", "one-line", "free-centre", "wof", "tie-black"];
const SCOPES: &[&str] = &["server", "global"];
const THEMES: &[&str] = &["classic", "ravensburger", "redblue", "dark", "colorblind"];
const LANGUAGES: &[&str] = &["auto", "en-US", "de", "sv-SE"];

/// Every command, in the order `/help` lists them.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "challenge",
        options: &[
            free("opponent"),
            pick("color", "color", COLORS),
            free("rated"),
            pick("size", "size", SIZES),
            pick("variant", "variant", VARIANTS),
        ],
    },
    CommandSpec {
        name: "bot",
        options: &[
            free("level"),
            pick("color", "color", COLORS),
            pick("size", "size", SIZES),
            pick("variant", "variant", VARIANTS),
        ],
    },
    CommandSpec { name: "move", options: &[free("square")] },
    CommandSpec { name: "board", options: &[] },
    CommandSpec { name: "resign", options: &[] },
    CommandSpec { name: "leaderboard", options: &[pick("scope", "scope", SCOPES)] },
    CommandSpec { name: "stats", options: &[free("player")] },
    CommandSpec { name: "history", options: &[free("player")] },
    CommandSpec { name: "export", options: &[free("game")] },
    CommandSpec { name: "help", options: &[] },
    CommandSpec {
        name: "settings",
        options: &[
            free("typed_moves"),
            free("deadline_hours"),
            pick("theme", "theme", THEMES),
            free("bot_level"),
            pick("language", "language", LANGUAGES),
        ],
    },
];

impl CommandSpec {
    /// The command called `name`.
    pub fn named(name: &str) -> Option<&'static CommandSpec> {
        COMMANDS.iter().find(|command| command.name == name)
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

    /// How `/help` shows it in `locale`: `/challenge opponent color rated size variant`.
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
        assert_eq!(challenge.usage(Locale::English), "/challenge opponent color rated size variant");
        assert_ne!(challenge.usage(Locale::German), challenge.usage(Locale::English));
    }
}
