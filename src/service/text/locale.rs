//! `Locale`: the languages the bot speaks, as Discord names them.

use std::fmt;
use std::str::FromStr;

/// A language the bot speaks. English is the fallback for every other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Locale {
    /// English (Discord's `en-US`, and `en-GB` too).
    #[default]
    English,
    /// German (`de`).
    German,
    /// Swedish (`sv-SE`).
    Swedish,
}

impl Locale {
    /// Every language, English first.
    pub const ALL: [Locale; 3] = [Locale::English, Locale::German, Locale::Swedish];

    /// `x` with one decimal, written the language's way (`0.8`, `0,8`), or without one when it is
    /// whole (`2`).
    ///
    /// ```
    /// use reversi_bot::service::text::Locale;
    /// assert_eq!(Locale::English.decimal(0.84), "0.8");
    /// assert_eq!(Locale::German.decimal(1.5), "1,5");
    /// assert_eq!(Locale::Swedish.decimal(2.0), "2");
    /// ```
    pub fn decimal(self, x: f64) -> String {
        let text = format!("{x:.1}");
        let text = text.strip_suffix(".0").unwrap_or(&text);
        match self {
            Locale::English => text.to_string(),
            _ => text.replace('.', ","),
        }
    }

    /// The tag Discord uses for it (and the name of its folder under `assets/locales/`).
    pub const fn tag(self) -> &'static str {
        match self {
            Locale::English => "en-US",
            Locale::German => "de",
            Locale::Swedish => "sv-SE",
        }
    }

    /// The language of a Discord locale or a language tag (`de`, `de-AT`, `sv-SE`, `en-GB`,
    /// `de_DE.UTF-8`); `None` for one we do not speak.
    ///
    /// ```
    /// use reversi_bot::service::text::Locale;
    /// assert_eq!(Locale::from_tag("de"), Some(Locale::German));
    /// assert_eq!(Locale::from_tag("sv-SE"), Some(Locale::Swedish));
    /// assert_eq!(Locale::from_tag("en-GB"), Some(Locale::English));
    /// assert_eq!(Locale::from_tag("de_DE.UTF-8"), Some(Locale::German));
    /// assert_eq!(Locale::from_tag("fr"), None);
    /// ```
    pub fn from_tag(tag: &str) -> Option<Locale> {
        let language: String =
            tag.trim().chars().take_while(|c| c.is_ascii_alphabetic()).flat_map(char::to_lowercase).collect();
        match language.as_str() {
            "en" => Some(Locale::English),
            "de" => Some(Locale::German),
            "sv" => Some(Locale::Swedish),
            _ => None,
        }
    }

    /// The language of a Discord locale, English for any we do not speak.
    pub fn of_discord(tag: &str) -> Locale {
        Locale::from_tag(tag).unwrap_or_default()
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// Text that names no language we speak.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a language the bot speaks: en-US, de or sv-SE")]
pub struct UnknownLocale(pub String);

impl FromStr for Locale {
    type Err = UnknownLocale;

    fn from_str(text: &str) -> Result<Locale, UnknownLocale> {
        Locale::from_tag(text).ok_or_else(|| UnknownLocale(text.trim().to_string()))
    }
}
