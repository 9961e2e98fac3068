//! Views: the replies players see, assembled from the typed facts the flows return, the words of
//! `service/text`, the pictures of `render` and our components. No sentence and no Discord markup
//! is made anywhere else.
//!
//! - [`board`]: a game's reply, the words on its picture and its description.
//! - [`replies`]: challenges, reminders, the leaderboard, stats, history, exports, settings, help.
//! - [`review`]: the coach's review and analysis cards.
//! - [`solo`]: Knizia's solo game.
//! - [`tournament`]: a tournament's card, rounds, standings and the organiser's answers.
//! - [`seasons`]: a season's table and the announcement of a closed season.
//! - [`privacy`]: `/privacy`'s questions and answers, and the name of a deleted player.
//! - [`errors`]: refusals in words.

pub mod board;
pub mod errors;
pub mod privacy;
pub mod puzzle;
pub mod replies;
pub mod review;
pub mod seasons;
pub mod solo;
pub mod tournament;
pub mod watching;
