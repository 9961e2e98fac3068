//! The Fluent side of the text layer: one bundle per language, made once from the `.ftl` files
//! compiled into the binary (`assets/locales/<tag>/`), and [`say`], which formats a message with
//! its arguments into a [`Text`]. Arguments that carry markup (a player, a square, a moment) go
//! through Fluent as private placeholders and come back as their spans; numbers go as numbers,
//! so Fluent picks the plural form.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::locale::Locale;
use super::markup::{Span, Text};

/// The `.ftl` files of each language, in the order of [`Locale::ALL`].
pub(crate) const SOURCES: [(Locale, &[(&str, &str)]); 3] = [
    (
        Locale::English,
        &[
            ("bot.ftl", include_str!("../../../assets/locales/en-US/bot.ftl")),
            ("commands.ftl", include_str!("../../../assets/locales/en-US/commands.ftl")),
            ("web.ftl", include_str!("../../../assets/locales/en-US/web.ftl")),
        ],
    ),
    (
        Locale::German,
        &[
            ("bot.ftl", include_str!("../../../assets/locales/de/bot.ftl")),
            ("commands.ftl", include_str!("../../../assets/locales/de/commands.ftl")),
            ("web.ftl", include_str!("../../../assets/locales/de/web.ftl")),
        ],
    ),
    (
        Locale::Swedish,
        &[
            ("bot.ftl", include_str!("../../../assets/locales/sv-SE/bot.ftl")),
            ("commands.ftl", include_str!("../../../assets/locales/sv-SE/commands.ftl")),
            ("web.ftl", include_str!("../../../assets/locales/sv-SE/web.ftl")),
        ],
    ),
];

/// Where a markup argument's placeholder starts and ends (private-use characters no message
/// contains).
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

type Bundle = FluentBundle<FluentResource>;

/// The bundles, made on first use. A broken `.ftl` file is a build mistake the locale tests
/// catch; here it only loses the broken entries.
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(locale, files)| {
                let id = locale.tag().parse().unwrap_or_default();
                let mut bundle = Bundle::new_concurrent(vec![id]);
                // Discord would show Unicode isolation marks as they are; our names stay plain.
                bundle.set_use_isolating(false);
                for (name, source) in files.iter() {
                    let resource = match FluentResource::try_new(source.to_string()) {
                        Ok(resource) => resource,
                        Err((resource, errors)) => {
                            tracing::error!(locale = %locale, file = name, ?errors, "a locale file has errors");
                            resource
                        }
                    };
                    if let Err(errors) = bundle.add_resource(resource) {
                        tracing::error!(locale = %locale, file = name, ?errors, "a locale file repeats messages");
                    }
                }
                bundle
            })
            .collect()
    })
}

fn bundle(locale: Locale) -> &'static Bundle {
    let index = Locale::ALL.iter().position(|l| *l == locale).unwrap_or(0);
    &bundles()[index]
}

/// A message's arguments.
#[derive(Clone, Debug, Default)]
pub struct Args {
    values: Vec<(&'static str, Arg)>,
}

#[derive(Clone, Debug)]
enum Arg {
    Text(Text),
    Word(String),
    Number(i64),
}

impl Args {
    /// No arguments.
    pub fn new() -> Args {
        Args::default()
    }

    /// A piece of text, markup and all (a player, a square, a moment, another message).
    pub fn text(mut self, name: &'static str, text: impl Into<Text>) -> Args {
        self.values.push((name, Arg::Text(text.into())));
        self
    }

    /// A plain word a message may select on (`yes`/`no`, a theme's name, a side).
    pub fn word(mut self, name: &'static str, word: impl Into<String>) -> Args {
        self.values.push((name, Arg::Word(word.into())));
        self
    }

    /// A number (Fluent chooses the plural form from it).
    pub fn number(mut self, name: &'static str, number: impl TryInto<i64>) -> Args {
        self.values.push((name, Arg::Number(number.try_into().unwrap_or(i64::MAX))));
        self
    }
}

/// Whether `id` is a message of `locale` (English answers for every language).
#[cfg(test)]
pub(crate) fn has_message(locale: Locale, id: &str) -> bool {
    bundle(locale).has_message(id)
}

/// The message `id` in `locale` with `args`, as a [`Text`]. A message missing in `locale` is
/// taken from English; one missing there too is logged and shown as its id.
pub fn say(locale: Locale, id: &str, args: &Args) -> Text {
    let chosen = if bundle(locale).has_message(id) { bundle(locale) } else { bundle(Locale::English) };
    let Some(pattern) = chosen.get_message(id).and_then(|message| message.value()) else {
        tracing::error!(id, "a message is missing from the locale files");
        return Text::plain(id.to_string());
    };
    let mut fluent = FluentArgs::new();
    for (index, (name, value)) in args.values.iter().enumerate() {
        match value {
            Arg::Text(_) => fluent.set(*name, FluentValue::from(format!("{OPEN}{index}{CLOSE}"))),
            Arg::Word(word) => fluent.set(*name, FluentValue::from(word.clone())),
            Arg::Number(number) => fluent.set(*name, FluentValue::from(*number)),
        }
    }
    let mut errors = Vec::new();
    let formatted = chosen.format_pattern(pattern, Some(&fluent), &mut errors);
    if !errors.is_empty() {
        tracing::error!(id, ?errors, "a message could not be formatted");
    }
    splice(&formatted, args)
}

/// The words of `id` in `locale` without markup (button labels, menu entries, descriptions).
pub fn words(locale: Locale, id: &str, args: &Args) -> String {
    say(locale, id, args).to_plain()
}

/// `formatted` with each placeholder replaced by its argument's spans.
fn splice(formatted: &str, args: &Args) -> Text {
    let mut text = Text::new();
    let mut rest = formatted;
    while let Some(open) = rest.find(OPEN) {
        if open > 0 {
            text.push(Span::Plain(rest[..open].to_string()));
        }
        let after = &rest[open + OPEN.len_utf8()..];
        let Some(close) = after.find(CLOSE) else {
            text.push(Span::Plain(rest[open..].to_string()));
            return text;
        };
        if let Some((_, Arg::Text(inner))) = after[..close].parse::<usize>().ok().and_then(|i| args.values.get(i)) {
            text.append(inner.clone());
        }
        rest = &after[close + CLOSE.len_utf8()..];
    }
    if !rest.is_empty() {
        text.push(Span::Plain(rest.to_string()));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_arguments_come_back_as_their_spans() {
        let args =
            Args::new().text("player", Text::strong("Ada")).text("square", Text::strong("d3")).number("flipped", 1);
        let text = say(Locale::English, "event-moved", &args);
        assert_eq!(text.to_plain(), "Ada played d3, flipping 1 disc.");
        assert!(text.spans().contains(&Span::Strong("d3".into())));
    }

    #[test]
    fn numbers_choose_the_plural_form_in_each_language() {
        let disc = |locale, n: i64| {
            let args = Args::new().text("player", "A").text("square", "d3").number("flipped", n);
            say(locale, "event-moved", &args).to_plain()
        };
        assert!(disc(Locale::English, 1).ends_with("flipping 1 disc."));
        assert!(disc(Locale::English, 2).ends_with("flipping 2 discs."));
        assert!(disc(Locale::German, 1).contains("1 Stein"), "{}", disc(Locale::German, 1));
        assert!(disc(Locale::German, 2).contains("2 Steine"), "{}", disc(Locale::German, 2));
        assert!(disc(Locale::Swedish, 1).contains("1 pjäs"), "{}", disc(Locale::Swedish, 1));
        assert!(disc(Locale::Swedish, 3).contains("3 pjäser"), "{}", disc(Locale::Swedish, 3));
    }

    #[test]
    fn a_missing_message_falls_back_to_english_then_to_its_id() {
        assert_eq!(words(Locale::German, "no-such-message", &Args::new()), "no-such-message");
    }
}
