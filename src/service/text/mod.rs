//! Words: every sentence a player reads is made here, from the typed facts the flows return, in
//! the reader's language (English, German, Swedish), through Project Fluent. The messages live in
//! `assets/locales/<tag>/*.ftl` (compiled in); Fluent picks plural forms. The result is a
//! [`Text`] with a little markup ([`Span`]) that each front end renders its own way, so no
//! sentence and no Discord markup is made anywhere else.
//!
//! - [`board`]: a game's reply, the words on its picture and its description.
//! - [`replies`]: challenges, reminders, the leaderboard, stats, history, exports, settings, help.
//! - [`review`]: the coach's review and analysis cards.
//! - [`privacy`]: `/privacy`'s questions and answers, and the name of a deleted player.
//! - [`errors`]: refusals in words.

pub mod board;
pub mod errors;
pub(crate) mod fluent;
mod locale;
mod markup;
pub mod privacy;
pub mod replies;
pub mod review;
pub mod solo;

pub use fluent::{Args, say, words};
pub use locale::{Locale, UnknownLocale};
pub(crate) use markup::civil;
pub use markup::{Span, Text, TimeStyle, utc_date, utc_day};
