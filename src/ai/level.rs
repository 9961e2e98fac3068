//! Levels 1 to 5 and what each one does: how deep it looks, how much noise clouds its judgement,
//! from how many empties it plays perfectly, and its default time per move.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strong the bot plays: 1 (Beginner) to 5 (Master).
///
/// ```
/// use reversi_bot::ai::Level;
/// let level: Level = "3".parse().unwrap();
/// assert_eq!(level.get(), 3);
/// assert_eq!(Level::MAX.name(), "Master");
/// assert!(Level::new(6).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// A number that is not a level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a bot level: choose 1 (beginner) to 5 (master)")]
pub struct ParseLevelError(pub String);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);
    /// From this level on, 8x8 midgames are judged by the learnt pattern evaluation (below it,
    /// by the hand-tuned one, clouded by noise at the lower levels).
    pub const LEARNED: Level = Level(4);

    /// Level `n`, if it is 1 to 5.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 5 { Some(Level(n)) } else { None }
    }

    /// The number, 1 to 5.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=5).map(Level)
    }

    /// The level's name for players.
    pub const fn name(self) -> &'static str {
        match self.0 {
            1 => "Beginner",
            2 => "Casual",
            3 => "Club",
            4 => "Expert",
            _ => "Master",
        }
    }

    /// The default time per move: Beginner 0.1 s, Casual 0.2 s, Club 0.5 s, Expert 1 s,
    /// Master 2 s. `AiConfig::budget` replaces the Master's and caps the others'.
    pub const fn default_budget(self) -> Duration {
        match self.0 {
            1 => Duration::from_millis(100),
            2 => Duration::from_millis(200),
            3 => Duration::from_millis(500),
            4 => Duration::from_millis(1000),
            _ => Duration::from_millis(2000),
        }
    }

    /// How the level plays.
    pub(crate) const fn profile(self) -> Profile {
        match self.0 {
            1 => Profile { depth: 1, noise: 0, insight: 0, exact_empties: 0 },
            2 => Profile { depth: 2, noise: 250, insight: 40, exact_empties: 4 },
            3 => Profile { depth: 4, noise: 80, insight: 100, exact_empties: 10 },
            4 => Profile { depth: 8, noise: 0, insight: 100, exact_empties: 16 },
            _ => Profile { depth: 60, noise: 0, insight: 100, exact_empties: 28 },
        }
    }
}

/// What a level does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Profile {
    /// Deepest midgame search.
    pub depth: u32,
    /// Evaluation noise amplitude, in hundredths of a disc.
    pub noise: i32,
    /// Percent of the positional evaluation it sees (the rest is disc counting).
    pub insight: i32,
    /// From this many empties on it tries to solve exactly within its budget; from the
    /// endgame's `SELECTIVE_FROM` empties its selective passes, each very probably right, give
    /// the move when the exact pass does not end in time.
    pub exact_empties: u32,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

impl TryFrom<u8> for Level {
    type Error = ParseLevelError;
    fn try_from(n: u8) -> Result<Level, ParseLevelError> {
        Level::new(n).ok_or_else(|| ParseLevelError(n.to_string()))
    }
}

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let t = text.trim();
        if let Ok(n) = t.parse::<u8>() {
            return Level::try_from(n);
        }
        Level::all()
            .find(|l| l.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| ParseLevelError(t.chars().take(20).collect()))
    }
}

impl From<Level> for u8 {
    fn from(level: Level) -> u8 {
        level.0
    }
}
