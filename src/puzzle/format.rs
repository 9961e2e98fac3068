//! A puzzle set as text: JSON lines, a header first (the format, its version, the tool that
//! wrote it, the margin the puzzles were proven with, their count), then one puzzle a line.

use serde::{Deserialize, Serialize};

use super::Puzzle;

/// The format's name in the header.
pub const FORMAT: &str = "reversi-bot-puzzles";

/// The format's version in the header.
pub const VERSION: u32 = 1;

/// The first line of a puzzle set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Always [`FORMAT`].
    pub format: String,
    /// The format's version, [`VERSION`].
    pub version: u32,
    /// The tool that wrote the set, such as `reversi-bot 0.1.0`.
    pub tool: String,
    /// The not-too-easy margin the puzzles were proven with, in discs.
    pub margin: i32,
    /// How many puzzles follow.
    pub count: usize,
}

/// A header and its puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleSet {
    /// The header.
    pub header: Header,
    /// The puzzles, in order.
    pub puzzles: Vec<Puzzle>,
}

/// Why a puzzle set cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// The text is empty.
    #[error("the file is empty: a puzzle set starts with its header")]
    Empty,
    /// A line is not the JSON it should be.
    #[error("line {line}: {source}")]
    Json { line: usize, source: serde_json::Error },
    /// The header names another format or version.
    #[error("not a puzzle set of version {VERSION} (format {0:?}, version {1})")]
    Format(String, u32),
    /// The header's count and the puzzles disagree.
    #[error("the header counts {0} puzzles, the file has {1}")]
    Count(usize, usize),
}

impl PuzzleSet {
    /// A set of `puzzles` proven with `margin`, written by this build.
    pub fn new(puzzles: Vec<Puzzle>, margin: i32) -> PuzzleSet {
        let header = Header {
            format: FORMAT.to_string(),
            version: VERSION,
            tool: format!("reversi-bot {}", env!("CARGO_PKG_VERSION")),
            margin,
            count: puzzles.len(),
        };
        PuzzleSet { header, puzzles }
    }

    /// The set as text: the header line, then a line per puzzle.
    pub fn to_text(&self) -> String {
        let mut text = serde_json::to_string(&self.header).expect("a header is JSON");
        text.push('\n');
        for puzzle in &self.puzzles {
            text.push_str(&serde_json::to_string(puzzle).expect("a puzzle is JSON"));
            text.push('\n');
        }
        text
    }

    /// Reads a set written by [`PuzzleSet::to_text`]; blank lines are skipped.
    pub fn from_text(text: &str) -> Result<PuzzleSet, FormatError> {
        let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
        let (n, first) = lines.next().ok_or(FormatError::Empty)?;
        let header: Header = serde_json::from_str(first).map_err(|source| FormatError::Json { line: n + 1, source })?;
        if header.format != FORMAT || header.version != VERSION {
            return Err(FormatError::Format(header.format, header.version));
        }
        let puzzles = lines
            .map(|(n, line)| serde_json::from_str(line).map_err(|source| FormatError::Json { line: n + 1, source }))
            .collect::<Result<Vec<Puzzle>, _>>()?;
        if puzzles.len() != header.count {
            return Err(FormatError::Count(header.count, puzzles.len()));
        }
        Ok(PuzzleSet { header, puzzles })
    }
}
