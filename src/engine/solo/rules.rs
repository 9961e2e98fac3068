//! The rules of a move on a [`SoloBoard`]: which moves are legal, what a move flips, wins and
//! turns up, which tiles can still be won, and when the board alone ends the game; with the bit
//! sets the hint player's play-outs use.

use super::board::{SoloBoard, bit_of, square_at, square_set};
use super::moves::{IllegalSoloMove, SoloEnd, SoloMove, SoloOutcome};
use super::tiles::{BLACK, GOLD, Tile};
use crate::engine::bits::{self, Eight, Geometry};
use crate::engine::board::SquareSet;
use crate::engine::square::{BoardSize, Color, Direction};

const ORTHOGONAL: [Direction; 4] = [Direction::N, Direction::E, Direction::S, Direction::W];
/// One direction of each line orientation: across, down and the two diagonals.
const AXES: [Direction; 4] = [Direction::E, Direction::S, Direction::SE, Direction::SW];

fn shift(bits: u64, dir: Direction) -> u64 {
    bits::shift::<Eight>(bits, dir)
}

const fn opposite(dir: Direction) -> Direction {
    Direction::ALL[(dir.index() + 4) % 8]
}

pub(super) fn orthogonal_neighbours(bits: u64) -> u64 {
    ORTHOGONAL.iter().fold(0, |acc, &d| acc | shift(bits, d))
}

impl SoloBoard {
    /// The squares where a disc of `color` is legal: free squares where it traps discs of the
    /// other colour or wins a tile.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{BLACK, GOLD, SoloGame};
    /// let board = *SoloGame::deal(1).board();
    /// // At the start the tiles are face down, so only trapping discs counts: the two-player
    /// // game's first moves for each colour, less any square a tile covers.
    /// for square in board.legal_squares(GOLD) {
    ///     assert!(["d3", "c4", "f5", "e6"].contains(&square.to_string().as_str()));
    /// }
    /// assert!(board.legal_squares(BLACK).len() + board.legal_squares(GOLD).len() > 0);
    /// ```
    pub fn legal_squares(&self, color: Color) -> SquareSet {
        square_set(self.legal_bits(color))
    }

    /// Every legal move, square by square from a1, gold before black on the same square.
    pub fn legal_moves(&self) -> Vec<SoloMove> {
        let gold = self.legal_bits(GOLD);
        let black = self.legal_bits(BLACK);
        let mut moves = Vec::with_capacity((gold.count_ones() + black.count_ones()) as usize);
        for index in bits::BitIter(gold | black) {
            let square = square_at(index);
            if gold >> index & 1 == 1 {
                moves.push(SoloMove::new(square, GOLD));
            }
            if black >> index & 1 == 1 {
                moves.push(SoloMove::new(square, BLACK));
            }
        }
        moves
    }

    /// Whether any disc can be placed.
    pub fn has_legal_move(&self) -> bool {
        self.legal_bits(GOLD) | self.legal_bits(BLACK) != 0
    }

    /// The squares where a disc of `color` would win at least one tile now.
    pub fn tile_winning_squares(&self, color: Color) -> SquareSet {
        square_set(self.tile_win_bits(color))
    }

    /// The tiles that are not shut in: every tile that any sequence of moves could still win is
    /// among them (an open tile may still be out of reach; a shut-in one never is).
    ///
    /// A tile is won when it lies face up between a free square (taking the new disc) and a disc
    /// (of the new disc's colour), on a line across, down or diagonal. Discs never leave the
    /// board, and a tile's square becomes free only when the tile is won. So a neighbour square
    /// *can be free* later if it is free now or holds an open tile, and *can hold a disc* later if
    /// it holds a disc, is free, or holds an open tile. A tile is open when some line through it
    /// has both neighbours on the board, one that can be free and the other that can hold a disc,
    /// and, if it lies face down, one of its four orthogonal neighbours can be free (the disc
    /// that turns it up goes there). "Open" is the smallest set of tiles closed under this rule,
    /// found by adding tiles until none joins: so two tiles side by side on the edge, each
    /// waiting for the other's square, are both shut in, as is a corner tile, a tile with discs
    /// on both sides of every line, and a face-down tile walled in by discs.
    ///
    /// ```
    /// use reversi_bot::engine::solo::SoloGame;
    /// let game = SoloGame::deal(3);
    /// assert_eq!(game.board().open_tiles(), game.board().tiles());
    /// ```
    pub fn open_tiles(&self) -> SquareSet {
        square_set(self.open_tile_bits())
    }

    /// Why the game is over by the board alone (every way but [`SoloEnd::Stopped`]), if it is.
    pub fn end(&self) -> Option<SoloEnd> {
        if self.tile_bits() == 0 {
            Some(SoloEnd::AllTilesWon)
        } else if !self.has_legal_move() {
            Some(SoloEnd::NoMoveLeft)
        } else if self.open_tile_bits() == 0 {
            Some(SoloEnd::TilesShutIn)
        } else {
            None
        }
    }

    /// Checks `mv` and returns the discs it flips and the tile squares it wins.
    ///
    /// Discs are trapped as in the two-player game: an unbroken line of discs of the other colour
    /// closed by a disc of the move's colour; a tile or a free square breaks the line. A tile is
    /// won when it lies face up, directly beside the new disc, is of the other colour, and the
    /// square beyond it holds a disc of the move's colour once the trapped discs have flipped.
    pub fn check(&self, mv: SoloMove) -> Result<(SquareSet, SquareSet), IllegalSoloMove> {
        let (flips, wins) = self.effect(mv)?;
        Ok((square_set(flips), square_set(wins)))
    }

    /// Plays `mv`: the disc goes down, the trapped discs flip, the tiles trapped by the new disc
    /// are won and leave the board, and then the face-down tiles orthogonally beside the new
    /// disc turn face up. On error the board is unchanged. It does not know whether the player
    /// has stopped: [`SoloGame::play`](super::SoloGame::play) does.
    ///
    /// ```
    /// use reversi_bot::engine::solo::{GOLD, IllegalSoloMove, SoloGame, SoloMove};
    /// let game = SoloGame::deal(1);
    /// let mut board = *game.board();
    /// let mv = board.legal_moves()[0];
    /// let outcome = board.play(mv).unwrap();
    /// assert!(!outcome.flipped.is_empty());
    /// assert_eq!(board.disc_at(mv.square), Some(mv.color));
    /// assert_eq!(board.play(mv), Err(IllegalSoloMove::Occupied(mv.square)));
    /// ```
    pub fn play(&mut self, mv: SoloMove) -> Result<SoloOutcome, IllegalSoloMove> {
        if self.end().is_some() {
            return Err(IllegalSoloMove::GameOver);
        }
        let (flips, wins) = self.effect(mv)?;
        let won = bits::BitIter(wins)
            .filter_map(|i| Tile::from_code(self.tiles[i as usize]).map(|t| (square_at(i), t)))
            .collect();
        let turned = self.apply(mv, flips, wins);
        let turned_up = bits::BitIter(turned)
            .filter_map(|i| Tile::from_code(self.tiles[i as usize]).map(|t| (square_at(i), t)))
            .collect();
        Ok(SoloOutcome { played: mv, flipped: square_set(flips), won, turned_up, end: self.end() })
    }

    /// Plays `mv` and returns only the tiles it won, for searches that play many moves. On error
    /// the board is unchanged.
    pub(crate) fn play_quietly(&mut self, mv: SoloMove) -> Result<u32, IllegalSoloMove> {
        let (flips, wins) = self.effect(mv)?;
        self.apply(mv, flips, wins);
        Ok(wins.count_ones())
    }

    /// The flips and tile wins of `mv`, or why it is illegal.
    fn effect(&self, mv: SoloMove) -> Result<(u64, u64), IllegalSoloMove> {
        let square = mv.square;
        let bit = bit_of(square).ok_or(IllegalSoloMove::OffBoard(square))?;
        if (self.discs[0] | self.discs[1]) & bit != 0 {
            return Err(IllegalSoloMove::Occupied(square));
        }
        if self.tile_bits() & bit != 0 {
            return Err(IllegalSoloMove::OnTile(square));
        }
        let (mine, theirs) = (self.discs[mv.color.index()], self.discs[mv.color.opponent().index()]);
        // Tiles are in neither disc set, so they break lines like free squares do.
        let flips = Eight::flips(mine, theirs, square.index(BoardSize::Eight));
        let mine_after = mine | flips | bit;
        let prey = self.face_up[mv.color.opponent().index()];
        let mut wins = 0;
        for dir in Direction::ALL {
            let tile = shift(bit, dir);
            if tile & prey != 0 && shift(tile, dir) & mine_after != 0 {
                wins |= tile;
            }
        }
        if flips == 0 && wins == 0 {
            return Err(IllegalSoloMove::TrapsNothing(mv));
        }
        Ok((flips, wins))
    }

    /// Carries out a checked move; returns the squares of the tiles it turned up.
    fn apply(&mut self, mv: SoloMove, flips: u64, wins: u64) -> u64 {
        let bit = 1u64 << mv.square.index(BoardSize::Eight);
        let (me, them) = (mv.color.index(), mv.color.opponent().index());
        // 1. The disc goes down and the trapped discs flip.
        self.discs[me] |= bit | flips;
        self.discs[them] &= !flips;
        // 2. The trapped tiles are taken.
        for index in bits::BitIter(wins) {
            let code = std::mem::take(&mut self.tiles[index as usize]);
            if let Some(tile) = Tile::from_code(code) {
                match tile.number {
                    Some(n) => self.won_numbers[tile.color.index()] |= 1 << (n - 1),
                    None => self.won_blanks[tile.color.index()] += 1,
                }
            }
        }
        self.face_up[them] &= !wins;
        // 3. The face-down tiles orthogonally beside the new disc turn up.
        let turned = orthogonal_neighbours(bit) & self.face_down;
        self.face_down &= !turned;
        for index in bits::BitIter(turned) {
            if let Some(tile) = Tile::from_code(self.tiles[index as usize]) {
                self.face_up[tile.color.index()] |= 1 << index;
            }
        }
        turned
    }

    /// The squares where a disc of `color` is legal.
    pub(crate) fn legal_bits(&self, color: Color) -> u64 {
        let (mine, theirs) = (self.discs[color.index()], self.discs[color.opponent().index()]);
        (Eight::moves(mine, theirs) | self.tile_win_bits(color)) & self.free_bits()
    }

    /// The free squares where a disc of `color` wins a tile: a face-up tile of the other colour
    /// beside it with a disc of `color` beyond. (The move's own flips never reach that square:
    /// the tile breaks the one line from the new disc to it.)
    pub(crate) fn tile_win_bits(&self, color: Color) -> u64 {
        let mine = self.discs[color.index()];
        let prey = self.face_up[color.opponent().index()];
        if prey == 0 {
            return 0;
        }
        let mut squares = 0;
        for dir in Direction::ALL {
            let back = opposite(dir);
            squares |= shift(shift(mine, back) & prey, back);
        }
        squares & self.free_bits()
    }

    /// Squares where a disc of `color` would lie beside a face-up tile of the other colour whose
    /// far side is free: the next disc of `color` there would win it.
    pub(crate) fn setup_bits(&self, color: Color) -> u64 {
        let prey = self.face_up[color.opponent().index()];
        if prey == 0 {
            return 0;
        }
        let free = self.free_bits();
        let mut squares = 0;
        for dir in Direction::ALL {
            let back = opposite(dir);
            squares |= shift(shift(free, back) & prey, back);
        }
        squares & free
    }

    /// Free squares where a disc would close a line through a tile beside it for good: the tile
    /// lies between the square and a disc.
    pub(crate) fn shutting_bits(&self) -> u64 {
        let discs = self.discs[0] | self.discs[1];
        let tiles = self.tile_bits();
        let mut squares = 0;
        for dir in Direction::ALL {
            let back = opposite(dir);
            squares |= shift(shift(discs, back) & tiles, back);
        }
        squares & self.free_bits()
    }

    /// Free squares orthogonally beside a face-down tile.
    pub(crate) fn turn_up_bits(&self) -> u64 {
        orthogonal_neighbours(self.face_down) & self.free_bits()
    }

    /// The tiles not shut in ([`SoloBoard::open_tiles`]).
    pub(crate) fn open_tile_bits(&self) -> u64 {
        let tiles = self.tile_bits();
        let discs = self.discs[0] | self.discs[1];
        let free = !(tiles | discs);
        // The least fixpoint: a tile joins once a line through it has one neighbour that can be
        // free (free now, or a tile that has joined) and the other one that can hold a disc (a
        // disc, free, or a joined tile), and, if it lies face down, an orthogonal neighbour that
        // can be free (to take the disc that turns it up). At most one round per tile.
        let mut open = 0u64;
        loop {
            let can_be_free = free | open;
            let can_hold_disc = can_be_free | discs;
            let mut joined = 0;
            for dir in AXES {
                let back = opposite(dir);
                // Tiles whose neighbour towards `dir` (resp. `back`) can be free or hold a disc.
                let (ahead_free, ahead_disc) = (shift(can_be_free, back), shift(can_hold_disc, back));
                let (behind_free, behind_disc) = (shift(can_be_free, dir), shift(can_hold_disc, dir));
                joined |= (ahead_free & behind_disc) | (behind_free & ahead_disc);
            }
            let can_turn_up = orthogonal_neighbours(can_be_free);
            let next = (joined & tiles & !self.face_down) | (joined & self.face_down & can_turn_up);
            if next == open {
                return open;
            }
            open = next;
        }
    }
}
