//! Board pictures: engine types in, PNG and GIF bytes out. Pure (no I/O, no async); imports
//! nothing of ours but `crate::engine`.
//!
//! - [`Renderer`]: the entry point, shared by every thread. It draws each (board size, theme)
//!   pair's unchanging pieces once (`kit`: background with frame, felt, grid, dots and
//!   coordinates; anti-aliased disc sprites with their marks; legal-move rings; status-bar icons,
//!   ring, arrows and banners), reduces them to one palette of at most 255 colours with ramps
//!   pinned for text, and from then on a picture is a copy of the indexed background with
//!   sprites copied onto it (`scene`), written as a palette PNG or GIF (`encode`). Words are
//!   drawn from a per-kit cache of glyph sprites (`text`), filled the first time a character is
//!   drawn at a size.
//! - [`Caption`]: every word a picture writes (names, "to move", "passed", "in hand", the move
//!   counter, a note, the [`Ending`]'s banner), given by the caller in the reader's language;
//!   render has no words of its own. Without a caption ([`Caption::default`]) a picture shows
//!   the counts, the marks and the turn's arrow, and no words.
//! - [`Renderer::solo_png`] and [`SoloCaption`]: Reiner Knizia's solo game, always in the
//!   Ravensburger theme: discs, tiles face down and face up, and the tray of tiles won (`solo`,
//!   with a kit of its own).
//! - [`Renderer::review_chart_png`] and [`ReviewChart`]: a post-game review's chart of the value
//!   after each move, in a theme's colours (`chart`, drawn in full colour per chart).
//! - [`Renderer::analysis_png`] and [`MoveScore`]: a position with each scored move's score on a
//!   tile from green (the best) to red (the worst) (`heat`, over the board picture).
//! - [`Renderer::standings_png`] and [`StandingsTable`]: a tournament's standings, with the
//!   round robin's crosstable and the final podium, in a theme's colours (`standings`, a palette,
//!   medals and glyphs per theme, the table drawn in palette indices).
//! - [`Theme`] and its [`ThemeColors`]; [`RenderOptions`] (theme, legal-move rings, move
//!   numbers); [`Layout`] (where each square's centre is) and [`ChartLayout`] (where a chart
//!   puts each move and value).
//!
//! A picture shows the board with `a1` top-left and coordinates in the frame. The last move
//! carries a dot and the other side's last move a ring, both in a vivid colour chosen per disc
//! colour; the discs the last move turned carry a small neutral dot; the legal moves of the side
//! to move are rings in that side's colour. Below the board, each side's outlined disc, name
//! and count (and discs in hand), black's from the left and white's from the right, with a ring
//! round the side to move and between them an arrow towards it with "to move" (and one towards
//! a side that just passed with "passed"); under them the move counter and the note. A final
//! picture rings the winner instead and replaces the counter with a banner giving the result,
//! and shows no turn and no legal moves. Every mark and ring stands out from what it sits on
//! by a WCAG contrast ratio of at least 3:1 in every theme (tested).

mod chart;
mod encode;
mod heat;
mod kit;
mod layout;
mod palette;
mod raster;
mod scene;
mod solo;
mod standings;
mod text;
mod theme;

use std::fmt;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::engine::solo::{SoloBoard, SoloMove};
use crate::engine::{BoardSize, Game, Move, RecordError, Rules, SquareSet};

pub use chart::{ChartCaption, ChartLayout, ChartMark, ChartPoint, ReviewChart};
pub use heat::MoveScore;
pub use layout::Layout;
pub use solo::SoloCaption;
pub use standings::{
    CrossResult, Crosstable, MAX_CROSSTABLE, MAX_ROWS, Medal, StandingsHeaders, StandingsLayout, StandingsRow,
    StandingsTable,
};
pub use theme::{DiscColors, ParseThemeError, Theme, ThemeColors};

use chart::ChartKit;
use encode::GifWriter;
use kit::Kit;
use scene::{Scene, compose};
use solo::SoloKit;
use standings::StandingsKit;

/// What a picture writes besides coordinates and counts, in the reader's language.
///
/// ```
/// use reversi_bot::engine::{Color, Game, Rules};
/// use reversi_bot::render::{Caption, Ending, RenderOptions, Renderer};
/// let game = Game::from_transcript(Rules::default(), "f5d6c3").unwrap();
/// let caption = Caption {
///     names: ["Jürgen".into(), "Åsa".into()],
///     to_move: "am Zug".into(),
///     passed: "hat gepasst".into(),
///     in_hand: "in der Hand".into(),
///     move_number: "Zug 3".into(),
///     ending: None,
///     note: "Tiger".into(),
/// };
/// let renderer = Renderer::new();
/// let png = renderer.board_png_captioned(&game, &RenderOptions::default(), &caption);
/// assert!(png.starts_with(b"\x89PNG"));
/// // Åsa resigns: the same position, as a final picture.
/// let ending = Ending { winner: Some(Color::Black), banner: "Jürgen gewinnt durch Aufgabe".into() };
/// let last = Caption { ending: Some(ending), ..caption };
/// assert_ne!(renderer.board_png_captioned(&game, &RenderOptions::default(), &last), png);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Caption {
    /// The players' names, black's first (the side that moves first), drawn beside their counts.
    pub names: [String; 2],
    /// "to move" (next to the arrow towards the side to move).
    pub to_move: String,
    /// "passed": shown for a side that just had to pass.
    pub passed: String,
    /// "in hand": after the discs in hand under a limited supply, e.g. "12 in hand".
    pub in_hand: String,
    /// The move counter's text, already formatted by the caller, e.g. "Move 23" / "Zug 23".
    pub move_number: String,
    /// On a finished game (ended on the board, by resignation, on time or aborted): the banner.
    pub ending: Option<Ending>,
    /// An optional second line under the move counter (the opening's name, for instance); may be empty.
    pub note: String,
}

/// How a game ended, for the banner on its final picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner, `None` for a draw or an aborted game.
    pub winner: Option<crate::engine::Color>,
    /// The banner's line, e.g. "Alice wins 40-24 by resignation".
    pub banner: String,
}

/// What to draw besides the discs.
///
/// ```
/// use reversi_bot::render::{RenderOptions, Theme};
/// let options = RenderOptions::default();
/// assert_eq!((options.theme, options.legal_moves, options.move_numbers), (Theme::Classic, true, false));
/// let stored: RenderOptions = serde_json::from_str(r#"{"theme":"dark"}"#).unwrap();
/// assert_eq!(stored, RenderOptions { theme: Theme::Dark, ..RenderOptions::default() });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct RenderOptions {
    /// The colours.
    pub theme: Theme,
    /// Rings on the squares the side to move may play (never on a final picture).
    pub legal_moves: bool,
    /// Each disc shows the number of the move that placed it (for game records); the last
    /// move's number takes the last-move colour, and turned discs are not marked.
    pub move_numbers: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions { theme: Theme::default(), legal_moves: true, move_numbers: false }
    }
}

/// Why a picture cannot be made; the message is written for players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenderError {
    /// The moves to draw do not make a game.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A position after more moves than the game has.
    #[error("there is no position after move {requested}: the game has {played} moves")]
    NoSuchMove {
        /// The number of moves asked for.
        requested: usize,
        /// The number of moves played.
        played: usize,
    },
}

/// How long a replay shows the start, in hundredths of a second.
pub const GIF_START_DELAY: u16 = 100;
/// How long a replay shows each move but the last, in hundredths of a second.
pub const GIF_MOVE_DELAY: u16 = 60;
/// How long a replay pauses on the final position, in hundredths of a second.
pub const GIF_END_DELAY: u16 = 400;

/// Draws board pictures. Make one and share it (it is `Send + Sync`, e.g. behind an `Arc`): it
/// keeps the pieces that never change for each board size and theme, built on first use (a few
/// milliseconds each) or all at once with [`Renderer::warm_up`]. The same input always gives the
/// same bytes.
///
/// ```
/// use reversi_bot::engine::{Game, Rules};
/// use reversi_bot::render::{RenderOptions, Renderer};
/// let renderer = Renderer::new();
/// let game = Game::from_transcript(Rules::default(), "f5d6c3").unwrap();
/// let png = renderer.board_png(&game, &RenderOptions::default());
/// assert!(png.starts_with(b"\x89PNG"));
/// assert_eq!(png, renderer.board_png(&game, &RenderOptions::default()));
/// ```
pub struct Renderer {
    kits: [[OnceLock<Kit>; Theme::ALL.len()]; BoardSize::ALL.len()],
    /// The pieces of the solo game's pictures.
    solo: OnceLock<SoloKit>,
    /// The colours and glyphs of review charts, by theme.
    charts: [OnceLock<ChartKit>; Theme::ALL.len()],
    /// The palette, medals, podium and glyphs of standings pictures, by theme.
    standings: [OnceLock<StandingsKit>; Theme::ALL.len()],
}

impl Renderer {
    /// A renderer with nothing built yet.
    pub fn new() -> Renderer {
        Renderer {
            kits: std::array::from_fn(|_| std::array::from_fn(|_| OnceLock::new())),
            solo: OnceLock::new(),
            charts: std::array::from_fn(|_| OnceLock::new()),
            standings: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// Builds the pieces of every board size and theme, and the solo game's, now, so that no
    /// later picture waits for them (about 15 ms each in a release build, a quarter of a second
    /// for all sixteen).
    pub fn warm_up(&self) {
        for size in BoardSize::ALL {
            for theme in Theme::ALL {
                self.kit(size, theme);
            }
        }
        self.solo_kit();
    }

    fn solo_kit(&self) -> &SoloKit {
        self.solo.get_or_init(SoloKit::build)
    }

    fn chart_kit(&self, theme: Theme) -> &ChartKit {
        self.charts[theme.index()].get_or_init(|| ChartKit::build(theme))
    }

    fn standings_kit(&self, theme: Theme) -> &StandingsKit {
        self.standings[theme.index()].get_or_init(|| StandingsKit::build(theme))
    }

    fn kit(&self, size: BoardSize, theme: Theme) -> &Kit {
        let slot = match size {
            BoardSize::Six => 0,
            BoardSize::Eight => 1,
            BoardSize::Ten => 2,
        };
        self.kits[slot][theme.index()].get_or_init(|| Kit::build(size, theme))
    }

    /// The current position of `game` as a PNG without words ([`Caption::default`]): no names,
    /// no turn's words, no move counter and no banner, but the counts, the marks and the arrow
    /// towards the side to move.
    pub fn board_png(&self, game: &Game, options: &RenderOptions) -> Vec<u8> {
        self.board_png_captioned(game, options, &Caption::default())
    }

    /// The current position of `game` as a PNG with the words of `caption`. With an ending in
    /// the caption it is a final picture (the banner, the winner ringed, no turn and no legal
    /// moves) even when the board could go on (resignation, time, abort); a game over on the
    /// board without one rings the winner but shows no banner.
    pub fn board_png_captioned(&self, game: &Game, options: &RenderOptions, caption: &Caption) -> Vec<u8> {
        let kit = self.kit(game.rules().size, options.theme);
        let scene = Scene::new(game, options, caption, &caption.move_number, caption.ending.as_ref());
        encode::png(&compose(kit, &scene), &kit.palette)
    }

    /// The position of `game` after its first `moves` moves (0: the start; forced passes that
    /// followed are played) as a PNG, as it looked then: last moves, turned discs, legal moves,
    /// without words as [`Renderer::board_png`] draws it.
    pub fn position_png(&self, game: &Game, moves: usize, options: &RenderOptions) -> Result<Vec<u8>, RenderError> {
        let played = game.move_count();
        if moves > played {
            return Err(RenderError::NoSuchMove { requested: moves, played });
        }
        if moves == played {
            return Ok(self.board_png(game, options));
        }
        let prefix: Vec<Move> = game.moves().take(moves).map(|m| m.mv).collect();
        let earlier = replay(*game.rules(), &prefix)?;
        Ok(self.board_png(&earlier, options))
    }

    /// A replay of `game` as an animated GIF that loops: the start, then one frame per move
    /// (forced passes are folded into the move before them), pausing on the last. So a game of
    /// `n` moves has `n + 1` frames. Delays: [`GIF_START_DELAY`], [`GIF_MOVE_DELAY`],
    /// [`GIF_END_DELAY`]. Without words, as [`Renderer::board_png`] draws a picture.
    pub fn replay_gif(&self, game: &Game, options: &RenderOptions) -> Vec<u8> {
        self.replay_gif_captioned(game, options, &Caption::default(), &|_| String::new())
    }

    /// The replay: frame k shows the position after k moves with its move number (from `move_label(k)`),
    /// the last frame the caption's ending when there is one.
    ///
    /// Otherwise as [`Renderer::replay_gif`]: `n + 1` frames for `n` moves, looping, with the
    /// caption's names, words and note on every frame; the last frame is
    /// [`Renderer::board_png_captioned`]'s picture of `game` when `move_label(n)` is the
    /// caption's move number.
    pub fn replay_gif_captioned(
        &self,
        game: &Game,
        options: &RenderOptions,
        caption: &Caption,
        move_label: &dyn Fn(usize) -> String,
    ) -> Vec<u8> {
        let kit = self.kit(game.rules().size, options.theme);
        let layout = &kit.layout;
        let mut gif = GifWriter::new(layout.width(), layout.height(), &kit.palette);
        let mut replayed = Game::new(*game.rules());
        let moves: Vec<Move> = game.moves().map(|m| m.mv).collect();
        let frame = |replayed: &Game, k: usize| {
            let ending = if k == moves.len() { caption.ending.as_ref() } else { None };
            let counter = move_label(k);
            compose(kit, &Scene::new(replayed, options, caption, &counter, ending))
        };
        let start_delay = if moves.is_empty() { GIF_END_DELAY } else { GIF_START_DELAY };
        gif.add(frame(&replayed, 0), start_delay);
        for (i, &mv) in moves.iter().enumerate() {
            if replayed.play(mv).is_err() {
                // Cannot happen: these moves were played in this very game under these rules.
                break;
            }
            let delay = if i + 1 == moves.len() { GIF_END_DELAY } else { GIF_MOVE_DELAY };
            gif.add(frame(&replayed, i + 1), delay);
        }
        gif.finish()
    }
}

impl Renderer {
    /// The solo game's board as a PNG, in the Ravensburger theme: discs, face-down tiles,
    /// face-up tiles showing their number in their colour, the last move's disc with its dot and
    /// the discs it turned (`flipped`) with the small one, and below the board the caption's
    /// title and score and the tray of tiles won; with an ending, its banner at the bottom (the
    /// picture is then taller by the banner's band).
    pub fn solo_png(
        &self,
        board: &SoloBoard,
        last: Option<SoloMove>,
        flipped: SquareSet,
        caption: &SoloCaption,
    ) -> Vec<u8> {
        let kit = self.solo_kit();
        encode::png(&solo::compose(kit, board, last, flipped, caption), &kit.palette)
    }
}

impl Renderer {
    /// A post-game review's chart as a PNG in `theme`, as wide as an 8x8 board picture: the
    /// value after each move on a scale in discs symmetric around the zero line (Black ahead
    /// above, filled in Black's disc colour; White ahead below, in White's), the stretch solved
    /// exactly shaded with its label in a corner, each mark a dot on the line with its label
    /// beside it, the two sides' names with their discs, the move numbers and the title.
    pub fn review_chart_png(&self, chart: &ReviewChart, theme: Theme) -> Vec<u8> {
        let (picture, palette) = chart::compose(self.chart_kit(theme), chart);
        encode::png(&picture, &palette)
    }

    /// The current position of `game` as [`Renderer::board_png_captioned`] draws it, with each
    /// scored empty square showing its score on a tile coloured by how it compares with the
    /// best (green for the best, through yellow, to red for the worst or anything 10 discs
    /// worse) instead of the legal-move rings; the best move's tile is outlined. Scores are
    /// written "+6", "0", "−12"; an estimated (not exact) one has a small "~" in its tile's top
    /// right corner. A score for a square that is off the board or taken is left out.
    pub fn analysis_png(
        &self,
        game: &Game,
        scores: &[MoveScore],
        options: &RenderOptions,
        caption: &Caption,
    ) -> Vec<u8> {
        let kit = self.kit(game.rules().size, options.theme);
        let plain = RenderOptions { legal_moves: false, ..*options };
        let scene = Scene::new(game, &plain, caption, &caption.move_number, caption.ending.as_ref());
        let (picture, palette) = heat::compose(kit, &compose(kit, &scene), game, scores, options.theme);
        encode::png(&picture, &palette)
    }
}

impl Renderer {
    /// A tournament's standings as a PNG in `theme`, at least as wide as an 8x8 board picture
    /// (wider for a crosstable) and as tall as its rows need: the title and subtitle, on the final
    /// picture the podium, the headings, a row per player (striped; a medal row tinted with its
    /// medal; a withdrawn player's greyed), and the footnote. A name too long for its column is
    /// cut with an ellipsis.
    pub fn standings_png(&self, table: &StandingsTable, theme: Theme) -> Vec<u8> {
        let kit = self.standings_kit(theme);
        encode::png(&standings::compose(kit, table), &kit.palette)
    }
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl fmt::Debug for Renderer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let built = self.kits.iter().flatten().filter(|k| k.get().is_some()).count()
            + usize::from(self.solo.get().is_some())
            + self.charts.iter().filter(|k| k.get().is_some()).count()
            + self.standings.iter().filter(|k| k.get().is_some()).count();
        f.debug_struct("Renderer").field("kits_built", &built).finish()
    }
}

/// Replays `moves` under `rules`, reporting an illegal move as a record error.
fn replay(rules: Rules, moves: &[Move]) -> Result<Game, RenderError> {
    Game::replay(rules, moves.iter().copied())
        .map_err(|(i, error)| RenderError::Record(RecordError::Illegal { number: i + 1, mv: moves[i], error }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_renderer_can_be_shared_across_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<Renderer>();
    }
}
