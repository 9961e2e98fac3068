//! Players for Reiner Knizia's solo game ([`crate::engine::solo`]): the hint player behind
//! `/solo hint`, which plays out guesses of the face-down tiles (it sees only what the player
//! sees, a [`SoloView`]), and the greedy baseline it is measured against.

use crate::engine::SplitMix64;
use crate::engine::bits::BitIter;
use crate::engine::solo::{BLACK, GOLD, SoloBoard, SoloGame, SoloMove, SoloView};
use crate::engine::{BoardSize, Square};

/// How hard the hint player thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintConfig {
    /// Games played out from guesses of the face-down tiles, spread over the candidate moves.
    pub playouts: u32,
}

impl Default for HintConfig {
    fn default() -> Self {
        HintConfig { playouts: 4000 }
    }
}

/// The move the greedy player makes: the one that wins the most tiles now; among those, the
/// one that turns up the most face-down tiles; then the first in [`SoloView::legal_moves`]'s
/// order (a1 to h8, gold before black). `None` when no move is left.
///
/// ```
/// use reversi_bot::ai::solo::greedy_move;
/// use reversi_bot::engine::solo::SoloGame;
/// let game = SoloGame::deal(1);
/// let mv = greedy_move(&game.view()).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// ```
pub fn greedy_move(view: &SoloView) -> Option<SoloMove> {
    let mut best: Option<((usize, usize), SoloMove)> = None;
    for mv in view.legal_moves() {
        let Ok((_, won)) = view.check(mv) else { continue };
        let key = (won.len(), view.turned_up_by(mv.square));
        if best.is_none_or(|(best_key, _)| key > best_key) {
            best = Some((key, mv));
        }
    }
    best.map(|(_, mv)| mv)
}

/// A player for whole games: the greedy baseline or the hint player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoloPlayer {
    /// [`greedy_move`].
    Greedy,
    /// [`hint`] with these settings.
    Hint(HintConfig),
}

impl SoloPlayer {
    /// The player's move in `game`, `None` once it is over. The hint player's seed is
    /// [`hint_seed`] of the deal and the moves played, so a game is the same every time.
    pub fn choose(&self, game: &SoloGame) -> Option<SoloMove> {
        let view = game.view();
        match self {
            SoloPlayer::Greedy => greedy_move(&view),
            SoloPlayer::Hint(config) => hint(&view, config, hint_seed(game)),
        }
    }

    /// Plays the deal of `seed` to the end.
    ///
    /// ```
    /// use reversi_bot::ai::solo::SoloPlayer;
    /// let game = SoloPlayer::Greedy.play(3);
    /// assert!(game.is_over());
    /// assert_eq!(game, SoloPlayer::Greedy.play(3));
    /// ```
    pub fn play(&self, seed: u64) -> SoloGame {
        let mut game = SoloGame::deal(seed);
        while let Some(mv) = self.choose(&game) {
            if game.play(mv).is_err() {
                break;
            }
        }
        game
    }
}

/// The seed a hint in `game` uses by default: the deal's seed and the number of moves played,
/// mixed, so the same position of the same deal gets the same hint.
pub fn hint_seed(game: &SoloGame) -> u64 {
    SplitMix64::new(game.seed() ^ (game.moves().len() as u64).rotate_left(32)).next_u64()
}

/// The hint: the move whose play-outs win the most tiles on average. Each round deals the
/// hidden tiles over the face-down squares at random ([`SoloView::guess`]: the hint never knows
/// which tile lies where), plays every candidate move on that guess, and plays each on to the end
/// with a quick rule of thumb: win a tile if one can be won, else set one up for the next move,
/// else turn one up, else any move that shuts no line through a tile, chosen at random. The
/// playouts are split evenly between the candidates. Deterministic for a `seed`; `None` when no
/// move is left.
///
/// ```
/// use reversi_bot::ai::solo::{HintConfig, hint};
/// use reversi_bot::engine::solo::SoloGame;
/// let game = SoloGame::deal(1);
/// let mv = hint(&game.view(), &HintConfig { playouts: 200 }, 7).unwrap();
/// assert!(game.legal_moves().contains(&mv));
/// assert_eq!(Some(mv), hint(&game.view(), &HintConfig { playouts: 200 }, 7));
/// ```
pub fn hint(view: &SoloView, config: &HintConfig, seed: u64) -> Option<SoloMove> {
    let moves = view.legal_moves();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let mut rng = SplitMix64::new(seed ^ 0x4849_4E54);
    let rounds = (config.playouts / moves.len() as u32).max(1);
    let mut totals = vec![0u64; moves.len()];
    for _ in 0..rounds {
        // The same guess for every candidate, so that they are compared on the same deal.
        let guess = view.guess(&mut rng);
        for (total, &mv) in totals.iter_mut().zip(&moves) {
            let mut board = guess;
            if board.play_quietly(mv).is_ok() {
                *total += u64::from(play_out(&mut board, &mut rng));
            }
        }
    }
    let best = totals.iter().enumerate().max_by_key(|&(i, &t)| (t, std::cmp::Reverse(i))).map(|(i, _)| i)?;
    moves.get(best).copied()
}

/// Plays `board` to the end with [`playout_move`] and returns the tiles won in all.
fn play_out(board: &mut SoloBoard, rng: &mut SplitMix64) -> u32 {
    while let Some(mv) = playout_move(board, rng) {
        if board.play_quietly(mv).is_err() {
            break;
        }
    }
    board.score().tiles
}

/// The play-outs' move, `None` once the game is over. In this order of preference, at random
/// within the first kind there is: a move that wins a tile; a move that sets a tile up (a disc
/// beside a face-up tile of the other colour whose far side is free, so that the next disc of
/// the same colour there wins it); a move that turns up a face-down tile without shutting a line
/// through a tile (a disc where a tile lies between it and another disc); any move that shuts no
/// such line; any legal move.
pub(crate) fn playout_move(board: &SoloBoard, rng: &mut SplitMix64) -> Option<SoloMove> {
    if board.tile_bits() == 0 || board.open_tile_bits() == 0 {
        return None;
    }
    let legal = [board.legal_bits(GOLD), board.legal_bits(BLACK)];
    let wins = [board.tile_win_bits(GOLD), board.tile_win_bits(BLACK)];
    let setups = [board.setup_bits(GOLD) & legal[0], board.setup_bits(BLACK) & legal[1]];
    let safe = !board.shutting_bits();
    let turn_up = board.turn_up_bits() & safe;
    let pool = [wins, setups, [legal[0] & turn_up, legal[1] & turn_up], [legal[0] & safe, legal[1] & safe], legal]
        .into_iter()
        .find(|[gold, black]| gold | black != 0)?;
    let [gold, black] = pool;
    let pick = rng.below(u64::from(gold.count_ones() + black.count_ones())) as u32;
    let (color, bits, nth) =
        if pick < gold.count_ones() { (GOLD, gold, pick) } else { (BLACK, black, pick - gold.count_ones()) };
    let index = BitIter(bits).nth(nth as usize)?;
    Some(SoloMove::new(Square::from_index(index, BoardSize::Eight), color))
}
