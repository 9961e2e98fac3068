//! Words only: the reader's language ([`Locale`]), the Fluent messages in
//! `assets/locales/<tag>/*.ftl` (compiled in; Fluent picks plural forms) and the little markup
//! ([`Text`] of [`Span`]s) each front end renders its own way. The views in `service/view` make
//! every sentence from these; nothing here knows a reply, a button or a picture.

pub(crate) mod fluent;
mod locale;
mod markup;

pub use fluent::{Args, say, words};
pub use locale::{Locale, UnknownLocale};
pub(crate) use markup::civil;
pub use markup::{Span, Text, TimeStyle, utc_date, utc_day};
