//! `describe`: the picture in words, for screen readers (Discord's attachment description, at
//! most 1024 characters): counts, whose turn or the result, the last move and what it turned,
//! a forced pass, discs in hand and the legal moves.

use std::fmt::Write as _;

use crate::engine::{Color, Game, Ply, Square};

use super::Theme;

/// The longest description Discord accepts for an attachment.
pub const MAX_DESCRIPTION: usize = 1024;

/// Describes the current position of `game` in a few sentences, naming the sides as `theme`
/// paints them (`Gold`/`Black` in the Ravensburger theme). At most [`MAX_DESCRIPTION`]
/// characters.
///
/// ```
/// use reversi_bot::engine::{Game, Rules};
/// use reversi_bot::render::{Theme, describe};
/// let game = Game::from_transcript(Rules::default(), "f5").unwrap();
/// assert_eq!(
///     describe(&game, Theme::Classic),
///     "Black 4, White 1. White to move. Last move f5 by Black, flipping e5. Legal moves: f4, d6, f6."
/// );
/// ```
pub fn describe(game: &Game, theme: Theme) -> String {
    let name = |color: Color| theme.side_name(color);
    let board = game.board();
    let [black, white] = Color::BOTH.map(|c| board.count(c));
    let mut text = format!("{} {black}, {} {white}.", name(Color::Black), name(Color::White));
    match (game.result(), game.to_move()) {
        (Some(result), _) => {
            let [b, w] = result.score;
            let _ = match result.winner {
                None => write!(text, " Game over: a draw, {b}-{w}."),
                Some(winner) => {
                    let how = if result.by_tie_rule { " on the tie rule" } else { "" };
                    write!(text, " Game over: {} wins{how}, {b}-{w}.", name(winner))
                }
            };
        }
        (None, Some(mover)) => {
            let _ = write!(text, " {} to move.", name(mover));
        }
        (None, None) => {}
    }
    if let Some(last) = game.last_move() {
        let _ = write!(text, " Last move {} by {}", last.mv.square, name(last.color));
        if !last.flipped.is_empty() {
            let _ = write!(text, ", flipping {}", list(last.flipped.iter()));
        }
        text.push('.');
    }
    if let Some(Ply::Pass(color)) = game.plies().last() {
        let _ = write!(text, " {} had to pass.", name(*color));
    }
    if let Some([b, w]) = game.hands() {
        let _ = write!(text, " Discs in hand: {} {b}, {} {w}.", name(Color::Black), name(Color::White));
    }
    let legal = game.legal_moves();
    if !legal.is_empty() {
        let names: Vec<String> = legal.iter().map(|s| s.to_string()).collect();
        let _ = write!(text, " Legal moves: {}.", names.join(", "));
    }
    truncate(text)
}

/// `a`, `a and b`, `a, b and c`.
fn list(squares: impl Iterator<Item = Square>) -> String {
    let names: Vec<String> = squares.map(|s| s.to_string()).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Cuts `text` to [`MAX_DESCRIPTION`] characters, ending with an ellipsis when it had to.
fn truncate(text: String) -> String {
    if text.chars().count() <= MAX_DESCRIPTION {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_DESCRIPTION - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rules;

    #[test]
    fn the_start_names_the_mover_and_the_moves() {
        let game = Game::new(Rules::default());
        assert_eq!(describe(&game, Theme::Classic), "Black 2, White 2. Black to move. Legal moves: d3, c4, f5, e6.");
        assert_eq!(describe(&game, Theme::Ravensburger), "Gold 2, Black 2. Gold to move. Legal moves: d3, c4, f5, e6.");
    }

    #[test]
    fn the_end_gives_the_result() {
        let moves = "c4c5b6f3f6b3f4d3f2g4c6c7c2d6b4a4e6d2f5a7a6g3c3d7d8b5b2e3a8g1f1c1h2g5f7h3d1a1h5a3h1g7e7e2e1c8a5g6b8g8a2e8h7h6f8h8g2h4b7b1";
        let game = Game::from_transcript(Rules::default(), moves).unwrap();
        assert!(game.is_over());
        let text = describe(&game, Theme::RedBlue);
        assert!(text.starts_with("Red 40, Blue 24. Game over: Red wins, 40-24. Last move b1 by "), "{text}");
        assert!(!text.contains("Legal") && !text.contains("to move"), "{text}");
    }

    #[test]
    fn lists_read_as_english() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(list([sq("e5")].into_iter()), "e5");
        assert_eq!(list([sq("e5"), sq("e6")].into_iter()), "e5 and e6");
        assert_eq!(list([sq("d5"), sq("e5"), sq("f5")].into_iter()), "d5, e5 and f5");
        assert_eq!(truncate("x".repeat(2000)).chars().count(), MAX_DESCRIPTION);
    }
}
