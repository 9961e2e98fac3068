//! A game's record: its transcript (`d3g c4b ... stop`), which with the seed replays it, and why
//! a transcript cannot be replayed.

use super::game::SoloGame;
use super::moves::{IllegalSoloMove, ParseSoloMoveError, SoloMove, parse_color};

impl SoloGame {
    /// Replays a [`SoloGame::transcript`] on the deal of `seed`: moves such as `d3g` or `d3 gold`
    /// separated by spaces or commas, in any case, and `stop` at the end if the player stopped.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{SoloGame, SoloRecordError};
    /// let mut game = SoloGame::deal(9);
    /// let first = game.legal_moves()[0];
    /// game.play(first).unwrap();
    /// game.stop().unwrap();
    /// let text = game.transcript();
    /// assert_eq!(text, format!("{first} stop"));
    /// assert_eq!(SoloGame::from_transcript(9, &text).unwrap(), game);
    /// assert!(matches!(SoloGame::from_transcript(9, "a1g"), Err(SoloRecordError::Illegal { number: 1, .. })));
    /// ```
    pub fn from_transcript(seed: u64, text: &str) -> Result<SoloGame, SoloRecordError> {
        let mut game = SoloGame::deal(seed);
        let mut tokens = text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()).peekable();
        let mut number = 0;
        while let Some(token) = tokens.next() {
            number += 1;
            if token.eq_ignore_ascii_case("stop") {
                game.stop().map_err(|source| SoloRecordError::Stop { number, source })?;
                continue;
            }
            // `d3 gold`: the colour as a word of its own.
            let owned;
            let mut text = token;
            if token.bytes().last().is_some_and(|b| b.is_ascii_digit())
                && let Some(color) = tokens.next_if(|next| parse_color(next).is_ok())
            {
                owned = format!("{token}{color}");
                text = &owned;
            }
            let mv: SoloMove = text.parse().map_err(|source| SoloRecordError::BadMove { number, source })?;
            game.play(mv).map_err(|source| SoloRecordError::Illegal { number, mv, source })?;
        }
        Ok(game)
    }

    /// The record of the game: its moves (`d3g c4b ...`), then `stop` if the player stopped.
    /// With the seed it replays the game ([`SoloGame::from_transcript`]).
    pub fn transcript(&self) -> String {
        let mut words: Vec<String> = self.moves.iter().map(|m| m.to_string()).collect();
        if self.stopped {
            words.push("stop".to_string());
        }
        words.join(" ")
    }
}

/// Why a solo transcript cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SoloRecordError {
    /// A word that is not a move.
    #[error("move {number}: {source}")]
    BadMove {
        /// 1-based word number.
        number: usize,
        /// What is wrong with it.
        source: ParseSoloMoveError,
    },
    /// A move that is not legal where it stands.
    #[error("move {number} ({mv}) is illegal: {source}")]
    Illegal {
        /// 1-based word number.
        number: usize,
        /// The move.
        mv: SoloMove,
        /// Why.
        source: IllegalSoloMove,
    },
    /// `stop` where the game had already ended.
    #[error("word {number} (stop): {source}")]
    Stop {
        /// 1-based word number.
        number: usize,
        /// Why.
        source: IllegalSoloMove,
    },
}
