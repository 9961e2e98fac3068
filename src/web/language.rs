//! The reader's language: the page's `?lang=` switch when it names one we speak, otherwise the
//! best match of the browser's `Accept-Language` (fluent-langneg's negotiation), otherwise English.

use axum::http::{HeaderMap, header};
use fluent_langneg::{NegotiationStrategy, accepted_languages, negotiate_languages};
use unic_langid::LanguageIdentifier;

use crate::service::Locale;

/// The language a page is written in.
pub fn negotiate(switch: Option<&str>, headers: &HeaderMap) -> Locale {
    if let Some(locale) = switch.and_then(Locale::from_tag) {
        return locale;
    }
    let Some(accepted) = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()) else {
        return Locale::English;
    };
    let requested = accepted_languages::parse(accepted);
    let available: Vec<LanguageIdentifier> = Locale::ALL.iter().filter_map(|l| l.tag().parse().ok()).collect();
    let default: LanguageIdentifier = Locale::English.tag().parse().unwrap_or_default();
    let chosen = negotiate_languages(&requested, &available, Some(&default), NegotiationStrategy::Lookup);
    chosen.first().and_then(|id| Locale::from_tag(&id.to_string())).unwrap_or(Locale::English)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn accepting(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, value.parse().unwrap());
        headers
    }

    #[test]
    fn the_browsers_first_language_we_speak_is_chosen() {
        assert_eq!(negotiate(None, &accepting("de-AT,de;q=0.9,en;q=0.5")), Locale::German);
        assert_eq!(negotiate(None, &accepting("fr-FR,sv;q=0.8,en;q=0.3")), Locale::Swedish);
        assert_eq!(negotiate(None, &accepting("en-GB")), Locale::English);
        assert_eq!(negotiate(None, &accepting("ja")), Locale::English);
        assert_eq!(negotiate(None, &HeaderMap::new()), Locale::English);
    }

    #[test]
    fn the_pages_switch_wins_over_the_browser() {
        assert_eq!(negotiate(Some("sv-SE"), &accepting("de")), Locale::Swedish);
        assert_eq!(negotiate(Some("xx"), &accepting("de")), Locale::German);
    }
}
