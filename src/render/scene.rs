//! `Scene`: what one picture shows, taken from a game (discs, marks, legal moves, counts, whose
//! turn or who won), and `compose`, which draws it by copying the kit's indexed pieces onto its
//! background: no anti-aliasing and no colour work per move.

use crate::engine::{Board, Color, Game, PlayedMove, SquareSet};

use super::RenderOptions;
use super::kit::{Kit, Mark, Word};
use super::layout::ICON_RADIUS;
use super::palette::Picture;

/// Everything one picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scene {
    /// The discs.
    pub(crate) board: Board,
    /// The side to move, `None` at the end.
    pub(crate) to_move: Option<Color>,
    /// The move that led here.
    pub(crate) last: Option<PlayedMove>,
    /// Legal-move dots to draw (empty when switched off).
    pub(crate) legal: SquareSet,
    /// The number of the move that placed each square's disc, by square index (0: none), when
    /// move numbers are on.
    pub(crate) numbers: Option<Vec<u16>>,
    /// At the end: the winner, or `None` for a draw.
    pub(crate) outcome: Option<Option<Color>>,
    /// Discs in hand (black, white) under a limited supply.
    pub(crate) hands: Option<[u32; 2]>,
}

impl Scene {
    /// The current position of `game`.
    pub(crate) fn of(game: &Game, options: &RenderOptions) -> Scene {
        let size = game.rules().size;
        let numbers = options.move_numbers.then(|| {
            let mut numbers = vec![0u16; size.squares() as usize];
            for (i, played) in game.moves().enumerate() {
                numbers[played.mv.square.index(size) as usize] = u16::try_from(i + 1).unwrap_or(u16::MAX);
            }
            numbers
        });
        Scene {
            board: *game.board(),
            to_move: game.to_move(),
            last: game.last_move().copied(),
            legal: if options.legal_moves { game.legal_moves() } else { SquareSet::empty(size) },
            numbers,
            outcome: game.result().map(|r| r.winner),
            hands: game.hands(),
        }
    }
}

/// Space between a status icon and its count.
const COUNT_GAP: i32 = 10;

/// Draws `scene` with the pieces of `kit` (which must be the kit of the scene's board size).
pub(crate) fn compose(kit: &Kit, scene: &Scene) -> Picture {
    let mut picture = kit.background.clone();
    let layout = &kit.layout;
    let half = layout.cell() as i32 / 2;
    let size = scene.board.size();
    for square in size.all_squares() {
        let (x, y) = layout.square_origin(square);
        let (x, y) = (x as i32, y as i32);
        match scene.board.at(square) {
            Some(color) => {
                let is_last = scene.last.is_some_and(|m| m.mv.square == square);
                match &scene.numbers {
                    Some(numbers) => {
                        kit.disc(color, Mark::Plain).draw(&mut picture, x, y);
                        let number = u32::from(numbers[square.index(size) as usize]);
                        if number > 0 {
                            let digits = kit.disc_digits(color, is_last);
                            digits.draw(&mut picture, x + half - digits.width(number) / 2, y + half, number);
                        } else if is_last {
                            kit.disc(color, Mark::Last).draw(&mut picture, x, y);
                        }
                    }
                    None => {
                        let mark = if is_last {
                            Mark::Last
                        } else if scene.last.is_some_and(|m| m.flipped.contains(square)) {
                            Mark::Flipped
                        } else {
                            Mark::Plain
                        };
                        kit.disc(color, mark).draw(&mut picture, x, y);
                    }
                }
            }
            None => {
                if let Some(mover) = scene.to_move.filter(|_| scene.legal.contains(square)) {
                    kit.legal[mover.index()].draw(&mut picture, x, y);
                }
            }
        }
    }
    status_bar(kit, scene, &mut picture);
    picture
}

/// The counts with their icons, the ring on the side to move (or the winner) and the words.
fn status_bar(kit: &Kit, scene: &Scene, picture: &mut Picture) {
    let layout = &kit.layout;
    let highlighted = match scene.outcome {
        Some(winner) => winner,
        None => scene.to_move,
    };
    for color in Color::BOTH {
        let (ix, iy) = layout.icon_centre(color);
        let (ix, iy) = (ix as i32, iy as i32);
        if highlighted == Some(color) {
            kit.ring.draw(picture, ix, iy);
        }
        kit.icons[color.index()].draw(picture, ix, iy);
        let count = scene.board.count(color);
        let hands = scene.hands.map(|h| h[color.index()]);
        let count_y = if hands.is_some() { iy - 7 } else { iy };
        let reach = ICON_RADIUS as i32 + COUNT_GAP;
        let count_x = match color {
            Color::Black => ix + reach,
            Color::White => ix - reach - kit.count_digits.width(count),
        };
        kit.count_digits.draw(picture, count_x, count_y, count);
        if let Some(hand) = hands {
            let width = kit.hand_digits.width(hand) + kit.in_hand.width;
            let x = match color {
                Color::Black => ix + reach,
                Color::White => ix - reach - width,
            };
            kit.hand_digits.draw(picture, x, iy + 14, hand);
            kit.in_hand.draw(picture, x + kit.hand_digits.width(hand), iy + 14);
        }
    }
    let word = match (scene.outcome, scene.to_move) {
        (Some(Some(winner)), _) => Some(Word::Wins(winner)),
        (Some(None), _) => Some(Word::Draw),
        (None, Some(mover)) => Some(Word::ToMove(mover)),
        (None, None) => None,
    };
    if let Some(word) = word {
        kit.word(word).draw(picture, layout.width() as i32 / 2, layout.bar_centre_y() as i32);
    }
}
