//! `Scene`: what one picture shows, taken from a game and its caption (discs, marks, legal
//! moves, whose turn or who won, a pass, counts, names, the move counter or the banner), and
//! `compose`, which draws it by copying the kit's indexed pieces and cached glyphs onto its
//! background: no anti-aliasing and no colour work per move.

use crate::engine::{Board, Color, Game, PlayedMove, Ply, SquareSet};

use super::kit::{Arrow, BANNER_DISC, Kit, Mark};
use super::layout::ICON_RADIUS;
use super::palette::Picture;
use super::text::{Ink, Line, Style, Typesetter};
use super::{Caption, Ending, RenderOptions};

/// Everything one picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Scene<'a> {
    /// The discs.
    pub(crate) board: Board,
    /// The side to move, `None` on a final picture.
    pub(crate) to_move: Option<Color>,
    /// The move that led here.
    pub(crate) last: Option<PlayedMove>,
    /// The other side's last move before it.
    pub(crate) previous: Option<PlayedMove>,
    /// Legal-move rings to draw (empty when switched off and on a final picture).
    pub(crate) legal: SquareSet,
    /// The number of the move that placed each square's disc, by square index (0: none), when
    /// move numbers are on.
    pub(crate) numbers: Option<Vec<u16>>,
    /// The side whose icon is ringed: the side to move, or at the end the winner.
    pub(crate) highlight: Option<Color>,
    /// A side that had to pass just now.
    pub(crate) passed: Option<Color>,
    /// Discs in hand (black, white) under a limited supply.
    pub(crate) hands: Option<[u32; 2]>,
    /// The words.
    pub(crate) caption: &'a Caption,
    /// The move counter's text (the caption's, or a replay frame's).
    pub(crate) counter: &'a str,
    /// The banner, on a final picture.
    pub(crate) ending: Option<&'a Ending>,
}

impl<'a> Scene<'a> {
    /// The current position of `game`, captioned with `caption` but for the move counter
    /// (`counter`) and the ending (`ending`, which makes it a final picture).
    pub(crate) fn new(
        game: &Game,
        options: &RenderOptions,
        caption: &'a Caption,
        counter: &'a str,
        ending: Option<&'a Ending>,
    ) -> Scene<'a> {
        let size = game.rules().size;
        let numbers = options.move_numbers.then(|| {
            let mut numbers = vec![0u16; size.squares() as usize];
            for (i, played) in game.moves().enumerate() {
                numbers[played.mv.square.index(size) as usize] = u16::try_from(i + 1).unwrap_or(u16::MAX);
            }
            numbers
        });
        let last = game.last_move().copied();
        let previous = last.and_then(|last| game.moves().filter(|m| m.color != last.color).last().copied());
        let over = ending.is_some() || game.is_over();
        let to_move = if over { None } else { game.to_move() };
        let highlight = match (ending, game.result()) {
            (Some(ending), _) => ending.winner,
            (None, Some(result)) => result.winner,
            (None, None) => to_move,
        };
        let passed = match game.plies().last() {
            Some(Ply::Pass(color)) if !over => Some(*color),
            _ => None,
        };
        Scene {
            board: *game.board(),
            to_move,
            last,
            previous,
            legal: if options.legal_moves && !over { game.legal_moves() } else { SquareSet::empty(size) },
            numbers,
            highlight,
            passed,
            hands: game.hands(),
            caption,
            counter,
            ending,
        }
    }
}

/// Draws `scene` with the pieces of `kit` (which must be the kit of the scene's board size).
pub(crate) fn compose(kit: &Kit, scene: &Scene) -> Picture {
    let mut picture = kit.background.clone();
    let layout = &kit.layout;
    let half = layout.cell() as i32 / 2;
    let size = scene.board.size();
    let at = |played: Option<PlayedMove>, square| played.is_some_and(|m| m.mv.square == square);
    for square in size.all_squares() {
        let (x, y) = layout.square_origin(square);
        let (x, y) = (x as i32, y as i32);
        match scene.board.at(square) {
            Some(color) => {
                let is_last = at(scene.last, square);
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
                        let flipped = scene.last.is_some_and(|m| m.flipped.contains(square));
                        let mark = match (is_last, at(scene.previous, square), flipped) {
                            (true, _, _) => Mark::Last,
                            (false, true, true) => Mark::PreviousFlipped,
                            (false, true, false) => Mark::Previous,
                            (false, false, true) => Mark::Flipped,
                            (false, false, false) => Mark::Plain,
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

/// The players' names.
const NAME: Style = Style::new(16, Ink::Label);
/// The counts.
const COUNT: Style = Style::new(26, Ink::Label);
/// Discs in hand, beside the counts.
const HAND: Style = Style::new(12, Ink::Quiet);
/// "to move" between the players.
const TURN: Style = Style::new(14, Ink::Label);
/// "passed" between the players.
const PASS: Style = Style::new(13, Ink::Quiet);
/// The move counter.
const COUNTER: Style = Style::new(14, Ink::Label);
/// The note after the move counter.
const NOTE: Style = Style::new(14, Ink::Quiet);
/// The ink of the banner's words, by whether it has a winner.
const BANNER_INK: [Ink; 2] = [Ink::Win, Ink::Draw];
/// The banner's largest and smallest sizes of words, in pixels.
const BANNER_LARGEST: u8 = 15;
const BANNER_SMALLEST: u8 = 11;
/// How far apart the two lines of a banner's words are, in pixels.
const BANNER_LEADING: i32 = 13;

/// The space between an icon's edge and its player's name and count.
const CARD_GAP: i32 = 12;
/// The least space between a player's name and what stands between the players.
const CENTRE_GAP: i32 = 14;
/// The space between an arrow's centre and its word.
const ARROW_GAP: i32 = 12;
/// How far the names sit above the icons' centre line, and the counts below it.
const NAME_RISE: i32 = 11;
const COUNT_DROP: i32 = 10;

/// The banner's words, whole: on one line at the largest size from 15 down to 11 pixels that
/// holds them, else on two lines at 11 pixels split where they balance best (each still cut with
/// an ellipsis should a line alone be too long).
fn banner_lines(text: &Typesetter, words: &str, ink: Ink, room: i32) -> (Style, Vec<Line>) {
    for px in (BANNER_SMALLEST..=BANNER_LARGEST).rev() {
        let style = Style::new(px, ink);
        if let Some(line) = text.whole(words, style, room) {
            return (style, vec![line]);
        }
    }
    let style = Style::new(BANNER_SMALLEST, ink);
    let width = |part: &str| text.line(part, style, i32::MAX).px();
    let split =
        words.match_indices(' ').map(|(i, _)| i).min_by_key(|&i| width(&words[..i]).max(width(&words[i + 1..])));
    match split {
        Some(i) => (style, vec![text.line(&words[..i], style, room), text.line(&words[i + 1..], style, room)]),
        None => (style, vec![text.line(words, style, room)]),
    }
}

/// The status bar: each side's icon (ringed for the side to move or the winner), name and
/// count (with discs in hand), the arrows with "to move" and "passed" between them, and below
/// them the move counter with the note, or the banner on a final picture.
fn status_bar(kit: &Kit, scene: &Scene, picture: &mut Picture) {
    let layout = &kit.layout;
    let text = &kit.text;
    let mid = layout.width() as i32 / 2;
    let card_y = layout.card_y() as i32;
    let board_px = (layout.right() - layout.left()) as i32;

    // Between the players: an arrow towards the side to move with "to move", and one towards a
    // side that just passed with "passed".
    let widest = board_px * 2 / 5;
    let turn = scene.to_move.map(|c| (c, Arrow::Turn, TURN, text.line(&scene.caption.to_move, TURN, widest)));
    let pass = scene.passed.map(|c| (c, Arrow::Pass, PASS, text.line(&scene.caption.passed, PASS, widest)));
    let centre: Vec<_> = turn.into_iter().chain(pass).collect();
    let centre_half = centre.iter().map(|(_, _, _, line)| (line.px() + ARROW_GAP + 6) / 2).max().unwrap_or(0);
    let rows: &[i32] = if centre.len() == 2 { &[-9, 10] } else { &[0] };
    for ((towards, kind, style, line), dy) in centre.iter().zip(rows) {
        let y = card_y + dy;
        let width = line.px() + ARROW_GAP + 6;
        let left = mid - width / 2;
        let (arrow_x, text_x) = match towards {
            Color::Black => (left + 6, left + ARROW_GAP + 6),
            Color::White => (left + width - 6, left),
        };
        kit.arrow(*kind, *towards).draw(picture, arrow_x, y);
        text.draw(picture, line, *style, text_x, y);
    }

    // Each side: icon, name and count, black's reading from the left edge, white's from the right.
    for color in Color::BOTH {
        let (ix, iy) = layout.icon_centre(color);
        let (ix, iy) = (ix as i32, iy as i32);
        if scene.highlight == Some(color) {
            kit.ring.draw(picture, ix, iy);
        }
        kit.icons[color.index()].draw(picture, ix, iy);
        let reach = ICON_RADIUS as i32 + CARD_GAP;
        let room = ((ix - mid).abs() - reach - centre_half - CENTRE_GAP).max(0);
        // Where a text of `width` starts: after black's icon, or ending before white's.
        let start = |width: i32| match color {
            Color::Black => ix + reach,
            Color::White => ix - reach - width,
        };
        let name = text.line(&scene.caption.names[color.index()], NAME, room);
        text.draw(picture, &name, NAME, start(name.px()), iy - NAME_RISE);

        let count = text.line(&scene.board.count(color).to_string(), COUNT, room);
        let hand = match scene.hands {
            Some(hands) => {
                let words = format!("{} {}", hands[color.index()], scene.caption.in_hand);
                text.line(words.trim_end(), HAND, room - count.px() - 8)
            }
            None => Line::default(),
        };
        let hand_gap = if hand.is_empty() { 0 } else { 8 };
        let x = start(count.px() + hand_gap + hand.px());
        let count_y = iy + COUNT_DROP;
        match color {
            Color::Black => {
                text.draw(picture, &count, COUNT, x, count_y);
                text.draw(picture, &hand, HAND, x + count.px() + hand_gap, count_y + 2);
            }
            Color::White => {
                text.draw(picture, &hand, HAND, x, count_y + 2);
                text.draw(picture, &count, COUNT, x + hand.px() + hand_gap, count_y);
            }
        }
    }

    // The second line: the banner, or the move counter and the note.
    let line_y = layout.line_y() as i32;
    match scene.ending {
        Some(ending) => {
            let kind = usize::from(ending.winner.is_none());
            kit.banners[kind].draw(picture, mid, line_y);
            let disc_room = if ending.winner.is_some() { 2 * BANNER_DISC as i32 + 8 } else { 0 };
            let (style, lines) = banner_lines(text, &ending.banner, BANNER_INK[kind], board_px - 36 - disc_room);
            let widest = lines.iter().map(Line::px).max().unwrap_or(0);
            let left = mid - (disc_room + widest) / 2;
            if let Some(winner) = ending.winner {
                kit.banner_discs[winner.index()].draw(picture, left + BANNER_DISC as i32, line_y);
            }
            let first_y = line_y - BANNER_LEADING * (lines.len() as i32 - 1) / 2;
            for (i, line) in lines.iter().enumerate() {
                let x = left + disc_room + (widest - line.px()) / 2;
                text.draw(picture, line, style, x, first_y + BANNER_LEADING * i as i32);
            }
        }
        None => {
            let counter = text.line(scene.counter, COUNTER, board_px);
            let note = scene.caption.note.trim();
            let (dot, note) = if note.is_empty() {
                (Line::default(), Line::default())
            } else {
                let dot = text.line(" · ", NOTE, board_px);
                let room = board_px - counter.px() - dot.px();
                let note = text.line(note, NOTE, room);
                if note.is_empty() { (Line::default(), note) } else { (dot, note) }
            };
            let width = counter.px() + dot.px() + note.px();
            let left = mid - width / 2;
            text.draw(picture, &counter, COUNTER, left, line_y);
            text.draw(picture, &dot, NOTE, left + counter.px(), line_y);
            text.draw(picture, &note, NOTE, left + counter.px() + dot.px(), line_y);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typesetter() -> Typesetter {
        Typesetter::new([std::array::from_fn(|i| i as u8), std::array::from_fn(|i| 20 + i as u8), [40; 16]])
    }

    fn shown(line: &Line) -> bool {
        !line.is_empty()
    }

    #[test]
    fn a_banner_keeps_all_its_words_smaller_or_on_two_lines_and_never_cut() {
        let text = typesetter();
        let room = 440;
        let short = banner_lines(&text, "Alice wins 40-24", Ink::Win, room);
        assert_eq!((short.0.px, short.1.len()), (BANNER_LARGEST, 1));
        let german = "Spieler 2 (Weiß) gewinnt durch Aufgabe, 4:4 auf dem Brett, keine Wertungsänderung";
        let swedish = "Spelare 2 (Vit) vinner genom uppgivande, 4–4 på brädet, ingen ändring av ratingen";
        let long_names =
            "Maximilian-Alexander von Hohenzollern (Weiß) gewinnt durch Zeitüberschreitung, 31:33 auf dem Brett";
        for words in [german, swedish, long_names] {
            let (style, lines) = banner_lines(&text, words, Ink::Win, room);
            assert!(lines.iter().all(shown), "{words}");
            assert!(lines.iter().all(|line| line.px() <= room), "{words}");
            let whole: usize = lines.iter().map(|line| line.glyph_count()).sum::<usize>() + lines.len() - 1;
            assert_eq!(whole, words.chars().count(), "every character kept, none cut: {words}");
            assert!(style.px >= BANNER_SMALLEST);
        }
    }
}
