//! `Text`: a line of words with the little markup a reply needs (strong words, a player to
//! notify, a moment in time, code), which each front end renders its own way: Discord as
//! Markdown, mentions and `<t:…>` timestamps, the console as plain names and local times.

use crate::store::{Timestamp, UserId};

/// How a moment is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TimeStyle {
    /// Relative to now ("in 3 hours").
    Relative,
    /// The calendar date.
    Date,
}

/// One piece of a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Span {
    /// Words as they are.
    Plain(String),
    /// Words that stand out (a square played, the side to move, a result).
    Strong(String),
    /// A player to notify on Discord; elsewhere, their name.
    Mention {
        /// Whom.
        id: UserId,
        /// Their name, for front ends without mentions.
        name: String,
    },
    /// A moment, shown in the reader's own time.
    Time {
        /// When.
        at: Timestamp,
        /// How.
        style: TimeStyle,
    },
    /// Something to type or copy as it is (a transcript, a command).
    Code(String),
    /// A server's role, by id: named on Discord (never pinged), elsewhere as its number.
    Role(u64),
    /// A channel, by its id: a link to it on Discord.
    Channel(u64),
}

/// Words with markup, made by the text layer and rendered by a front end.
///
/// ```
/// use reversi_bot::service::text::{Span, Text};
/// let mut text = Text::plain("Alice played ");
/// text.push(Span::Strong("d3".into()));
/// text.push(Span::Plain(".".into()));
/// assert_eq!(text.to_plain(), "Alice played d3.");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Text {
    spans: Vec<Span>,
}

impl Text {
    /// No words.
    pub fn new() -> Text {
        Text::default()
    }

    /// Plain words.
    pub fn plain(words: impl Into<String>) -> Text {
        Text { spans: vec![Span::Plain(words.into())] }
    }

    /// Words that stand out.
    pub fn strong(words: impl Into<String>) -> Text {
        Text { spans: vec![Span::Strong(words.into())] }
    }

    /// One span.
    pub fn span(span: Span) -> Text {
        Text { spans: vec![span] }
    }

    /// Adds a span at the end.
    pub fn push(&mut self, span: Span) {
        self.spans.push(span);
    }

    /// Adds another text at the end.
    pub fn append(&mut self, other: Text) {
        self.spans.extend(other.spans);
    }

    /// `texts` one after another with `separator` between them.
    pub fn join(texts: impl IntoIterator<Item = Text>, separator: &str) -> Text {
        let mut out = Text::new();
        for (i, text) in texts.into_iter().enumerate() {
            if i > 0 {
                out.push(Span::Plain(separator.to_string()));
            }
            out.append(text);
        }
        out
    }

    /// The same words, all standing out (what was plain becomes strong).
    pub fn emphasised(self) -> Text {
        let spans = self
            .spans
            .into_iter()
            .map(|span| match span {
                Span::Plain(words) => Span::Strong(words),
                other => other,
            })
            .collect();
        Text { spans }
    }

    /// The spans, in order.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Whether there are no words.
    pub fn is_empty(&self) -> bool {
        self.spans.iter().all(|span| matches!(span, Span::Plain(w) | Span::Strong(w) | Span::Code(w) if w.is_empty()))
    }

    /// The words without markup: names for mentions, dates (UTC) for moments. For tests, logs,
    /// picture descriptions and anywhere markup cannot go.
    pub fn to_plain(&self) -> String {
        let mut out = String::new();
        for span in &self.spans {
            match span {
                Span::Plain(words) | Span::Strong(words) | Span::Code(words) => out.push_str(words),
                Span::Mention { name, .. } => out.push_str(name),
                Span::Time { at, .. } => out.push_str(&utc_date(*at)),
                Span::Role(id) => out.push_str(&format!("@{id}")),
                Span::Channel(id) => out.push_str(&format!("#{id}")),
            }
        }
        out
    }
}

impl From<&str> for Text {
    fn from(words: &str) -> Text {
        Text::plain(words)
    }
}

impl From<String> for Text {
    fn from(words: String) -> Text {
        Text::plain(words)
    }
}

impl From<Span> for Text {
    fn from(span: Span) -> Text {
        Text::span(span)
    }
}

/// A calendar date and time `YYYY-MM-DD HH:MM UTC`, without a date library.
pub fn utc_date(at: Timestamp) -> String {
    let (year, month, day, hour, minute) = civil(at.as_millis().div_euclid(1000));
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// The UTC calendar date (`YYYY-MM-DD`) of a moment.
pub fn utc_day(at: Timestamp) -> String {
    let (year, month, day, _, _) = civil(at.as_millis().div_euclid(1000));
    format!("{year:04}-{month:02}-{day:02}")
}

/// Year, month, day, hour and minute of a unix time in seconds (Howard Hinnant's civil_from_days).
pub(crate) fn civil(seconds: i64) -> (i64, i64, i64, i64, i64) {
    let days = seconds.div_euclid(86_400);
    let secs = seconds.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, secs / 3600, secs % 3600 / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_computed_in_utc() {
        assert_eq!(utc_day(Timestamp(0)), "1970-01-01");
        assert_eq!(utc_day(Timestamp(1_795_219_200_000)), "2026-11-21");
        assert_eq!(utc_day(Timestamp(951_782_400_000)), "2000-02-29");
        assert_eq!(utc_date(Timestamp(1_795_219_200_000 + 3_600_000 * 13 + 60_000 * 7)), "2026-11-21 13:07 UTC");
    }

    #[test]
    fn joined_texts_keep_their_markup_and_plain_text_drops_it() {
        let text =
            Text::join([Text::strong("d3"), Text::span(Span::Mention { id: UserId(5), name: "Ada".into() })], ", ");
        assert_eq!(text.spans().len(), 3);
        assert_eq!(text.to_plain(), "d3, Ada");
        assert!(Text::plain("").is_empty() && !text.is_empty());
    }
}
