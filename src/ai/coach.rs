//! The strategy ideas ("motifs") that explain why a move in a standard 8x8 game was worse than
//! the best move, for the post-game review: corners given through X- and C-squares, walls, missed
//! quiet moves, endgame parity, unbalanced edges and the Stoner trap.
//!
//! Each motif is a conservative pattern test on the positions after the two moves: it is reported
//! only when it holds after the move played and not after the best move, so it names a difference
//! between them (a wrong claim in a coach is worse than silence). Positions are side-relative 8x8
//! bitboards as in [`crate::engine::bits`]: `p` the mover's discs, `o` the opponent's, `a1` bit 0,
//! `h1` bit 7, `a8` bit 56.

use super::eval::neighbours8 as neighbours;
use crate::engine::bits::{Eight, Geometry, play};

/// A strategy idea that explains why a move was worse than the best one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motif {
    /// The move let the opponent take `corner` at once: it was played on the X- or C-square `via`
    /// next to that empty corner (the corner becomes a legal move for the opponent), while the
    /// best move did not give that corner.
    CornerGiven { corner: u8, via: u8 },
    /// The move built a wall: it turned many of the mover's discs into frontier discs (discs next
    /// to empty squares) and left the mover fewer moves next turn / the opponent more, compared
    /// with the best move.
    Wall,
    /// Before the endgame, the best move was a quiet move (it turned few discs, all interior: none
    /// of them next to an empty square, and opened few new frontier squares) and the move played
    /// was not.
    QuietMoveMissed,
    /// In the endgame, the best move was in a region of odd parity (a group of empty squares,
    /// connected through their eight neighbours, with an odd count) and the move played was in an
    /// even region.
    ParityLost,
    /// The move left the mover with an unbalanced five on `edge` (five discs touching one C-square
    /// but not the other, no access to the free C-square) where the best move did not.
    UnbalancedEdge { edge: Edge },
    /// The move allowed a Stoner trap on `edge`: the mover holds the C-square and the three edge
    /// squares beside it, the opponent holds the X-square at the far corner and can attack on the
    /// edge next to the mover's four discs, threatening the near corner.
    StonerTrap { edge: Edge },
}

/// A side of the board, named as on a diagram with `a1` at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edge {
    /// Row 1, `a1`-`h1`.
    North,
    /// Row 8, `a8`-`h8`.
    South,
    /// Column a, `a1`-`a8`.
    West,
    /// Column h, `h1`-`h8`.
    East,
}

impl Edge {
    /// Every edge, in the order motifs are reported.
    const ALL: [Edge; 4] = [Edge::North, Edge::South, Edge::West, Edge::East];

    /// The edge's squares from one corner to the other (a1 side first).
    fn squares(self) -> [u8; 8] {
        let start: u8 = match self {
            Edge::North | Edge::West => 0,
            Edge::South => 56,
            Edge::East => 7,
        };
        let step: u8 = match self {
            Edge::North | Edge::South => 1,
            Edge::West | Edge::East => 8,
        };
        std::array::from_fn(|i| start + step * i as u8)
    }

    /// The index step from an edge square to its neighbour one row or column inwards.
    fn inward(self) -> i8 {
        match self {
            Edge::North => 8,
            Edge::South => -8,
            Edge::West => 1,
            Edge::East => -1,
        }
    }
}

/// The four corners, `a1`, `h1`, `a8` and `h8`.
const CORNERS: [u8; 4] = [0, 7, 56, 63];

/// The X-square and the two C-squares next to each corner of [`CORNERS`].
const CORNER_NEIGHBOURS: [[u8; 3]; 4] = [[9, 1, 8], [14, 6, 15], [49, 48, 57], [54, 55, 62]];

/// At most this many empty squares (before the move) make the endgame where parity is judged.
const ENDGAME_EMPTIES: u32 = 16;

/// A wall turns at least this many of the mover's discs into frontier discs…
const WALL_FRONTIER: u32 = 4;
/// …and at least this many more than the best move does…
const WALL_FRONTIER_MARGIN: u32 = 3;
/// …and shifts the mobility balance (opponent's moves minus the mover's) by at least this much.
const WALL_MOBILITY_MARGIN: i32 = 3;

/// A quiet move turns at most this many discs.
const QUIET_FLIPS: u32 = 2;

/// The bit of square `sq`.
fn bit(sq: u8) -> u64 {
    1u64 << sq
}

/// A legal move's effect, seen from the mover after it is played.
#[derive(Clone, Copy, Debug)]
struct After {
    /// The square played.
    sq: u8,
    /// The opponent's discs it turned.
    flips: u64,
    /// The mover's discs afterwards.
    p: u64,
    /// The opponent's discs afterwards.
    o: u64,
}

impl After {
    /// Plays `sq` for the mover in `(p, o)`; `None` when the move is not legal.
    fn new(p: u64, o: u64, sq: u8) -> Option<After> {
        if sq >= 64 || (p | o) & bit(sq) != 0 {
            return None;
        }
        let flips = Eight::flips(p, o, u32::from(sq));
        let (o, p) = play::<Eight>(p, o, u32::from(sq), flips);
        (flips != 0).then_some(After { sq, flips, p, o })
    }

    /// The empty squares afterwards.
    fn empty(&self) -> u64 {
        !(self.p | self.o)
    }

    /// The opponent's legal moves afterwards (it is the opponent's turn).
    fn their_moves(&self) -> u64 {
        Eight::moves(self.o, self.p)
    }

    /// The moves the mover would have if it moved again at once (its mobility next turn,
    /// before the opponent's reply changes it).
    fn my_moves(&self) -> u64 {
        Eight::moves(self.p, self.o)
    }

    /// The opponent's mobility minus the mover's: the larger, the worse for the mover.
    fn mobility_balance(&self) -> i32 {
        self.their_moves().count_ones() as i32 - self.my_moves().count_ones() as i32
    }

    /// How many of the discs the move placed or turned are frontier discs afterwards.
    fn new_frontier(&self) -> u32 {
        ((self.flips | bit(self.sq)) & neighbours(self.empty())).count_ones()
    }

    /// How many empty squares next to the new disc touched no disc before the move: the
    /// frontier squares the move opened.
    fn opened(&self, before: u64) -> u32 {
        (neighbours(bit(self.sq)) & self.empty() & !neighbours(before)).count_ones()
    }
}

/// The motifs that explain why `played` was worse than `best` for the side to move in `(p, o)`
/// (both legal moves; squares as engine indices), most telling first; empty when none applies.
pub fn explain(p: u64, o: u64, played: u8, best: u8) -> Vec<Motif> {
    let (Some(bad), Some(good)) = (After::new(p, o, played), After::new(p, o, best)) else {
        return Vec::new();
    };
    if played == best {
        return Vec::new();
    }
    let mut motifs = Vec::new();
    corner_given(p, o, &bad, &good, &mut motifs);
    for edge in Edge::ALL {
        if stoner_trap(&bad, edge) && !stoner_trap(&good, edge) {
            motifs.push(Motif::StonerTrap { edge });
        }
    }
    for edge in Edge::ALL {
        if unbalanced_five(&bad, edge) && !unbalanced_five(&good, edge) {
            motifs.push(Motif::UnbalancedEdge { edge });
        }
    }
    if parity_lost(p, o, played, best) {
        motifs.push(Motif::ParityLost);
    }
    if wall(&bad, &good) {
        motifs.push(Motif::Wall);
    }
    let before = p | o;
    if before.count_zeros() > ENDGAME_EMPTIES && quiet(&good, before) && loud(&bad, before) {
        motifs.push(Motif::QuietMoveMissed);
    }
    motifs
}

/// Pushes [`Motif::CornerGiven`] for each empty corner next to the square played that the
/// opponent could not take before, can take after the move played, and cannot after the best.
fn corner_given(p: u64, o: u64, bad: &After, good: &After, motifs: &mut Vec<Motif>) {
    let open_before = Eight::moves(o, p);
    for (corner, near) in CORNERS.into_iter().zip(CORNER_NEIGHBOURS) {
        let c = bit(corner);
        if near.contains(&bad.sq)
            && (p | o) & c == 0
            && open_before & c == 0
            && bad.their_moves() & c != 0
            && good.their_moves() & c == 0
        {
            motifs.push(Motif::CornerGiven { corner, via: bad.sq });
        }
    }
}

/// Whether the mover's discs on `edge` are an unbalanced five after the move: both corners empty,
/// one C-square and the four squares beside it the mover's, the other C-square and the square
/// beside it empty, and the mover cannot play that free C-square to balance it.
fn unbalanced_five(after: &After, edge: Edge) -> bool {
    let squares = edge.squares();
    let mine = |i: usize| after.p & bit(squares[i]) != 0;
    let empty = |i: usize| after.empty() & bit(squares[i]) != 0;
    let my_moves = after.my_moves();
    [false, true].into_iter().any(|reversed| {
        let at = |i: usize| if reversed { 7 - i } else { i };
        empty(at(0))
            && (1..=5).all(|i| mine(at(i)))
            && empty(at(6))
            && empty(at(7))
            && my_moves & bit(squares[at(6)]) == 0
    })
}

/// Whether the opponent has a Stoner trap on `edge` after the move. Naming the edge squares from
/// the far corner `k` (0) to the near corner `K` (7): the mover holds the near C-square (6) and
/// the three squares beside it (3-5), squares 0-2 and 7 are empty, the opponent holds the X-square
/// next to the far corner, and the opponent can play square 2; after that attack the opponent
/// threatens to take `K` (turning the mover's four edge discs) and the mover cannot take `K` first.
fn stoner_trap(after: &After, edge: Edge) -> bool {
    let squares = edge.squares();
    [false, true].into_iter().any(|reversed| {
        let sq = |i: usize| squares[if reversed { 7 - i } else { i }];
        let far_x = (sq(1) as i8 + edge.inward()) as u8;
        let pattern = [0, 1, 2, 7].into_iter().all(|i| after.empty() & bit(sq(i)) != 0)
            && (3..=6).all(|i| after.p & bit(sq(i)) != 0)
            && after.o & bit(far_x) != 0;
        // The attack, if the opponent can play it, seen from the opponent's side.
        let Some(attack) = pattern.then(|| After::new(after.o, after.p, sq(2))).flatten() else {
            return false;
        };
        let threat = Eight::flips(attack.p, attack.o, u32::from(sq(7)));
        let my_answers = Eight::moves(attack.o, attack.p);
        threat & bit(sq(3)) != 0 && my_answers & bit(sq(7)) == 0
    })
}

/// The empty region (eight-neighbour connected group of empty squares) of `empty` around `sq`.
/// Eight neighbours, since a move flips along diagonals too: squares touching at a corner play
/// into each other.
fn region(empty: u64, sq: u8) -> u64 {
    let mut region = bit(sq) & empty;
    loop {
        let grown = (region | neighbours(region)) & empty;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Whether, in the endgame, the best move was in an odd region and the move played in an even
/// one: the mover gave up the last move in a region.
fn parity_lost(p: u64, o: u64, played: u8, best: u8) -> bool {
    let empty = !(p | o);
    if empty.count_ones() > ENDGAME_EMPTIES {
        return false;
    }
    let odd = |sq| region(empty, sq).count_ones() % 2 == 1;
    odd(best) && !odd(played)
}

/// Whether the move played built a wall compared with the best: many more of the mover's discs
/// on the frontier, no more moves for the mover, no fewer for the opponent, and a clear shift of
/// the mobility balance towards the opponent.
fn wall(bad: &After, good: &After) -> bool {
    let (front_bad, front_good) = (bad.new_frontier(), good.new_frontier());
    front_bad >= WALL_FRONTIER
        && front_bad >= front_good + WALL_FRONTIER_MARGIN
        && bad.my_moves().count_ones() <= good.my_moves().count_ones()
        && bad.their_moves().count_ones() >= good.their_moves().count_ones()
        && bad.mobility_balance() >= good.mobility_balance() + WALL_MOBILITY_MARGIN
}

/// Whether a move is quiet: it turns at most [`QUIET_FLIPS`] discs, none of them next to an empty
/// square afterwards, and opens at most one new frontier square. `before` is every disc before.
fn quiet(after: &After, before: u64) -> bool {
    after.flips.count_ones() <= QUIET_FLIPS && after.flips & neighbours(after.empty()) == 0 && after.opened(before) <= 1
}

/// Whether a move is clearly not quiet: it turns a disc onto the frontier or opens at least two
/// new frontier squares. `before` is every disc before.
fn loud(after: &After, before: u64) -> bool {
    after.flips & neighbours(after.empty()) != 0 || after.opened(before) >= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Board, BoardSize, Color, Square};

    /// The side-relative bitboards of a diagram written row by row from `a1`: `X` the mover,
    /// `O` the opponent, `.` empty.
    fn position(rows: &str) -> (u64, u64) {
        let board = Board::from_rows(rows, BoardSize::Eight).expect("a valid diagram");
        board.to_bitboards8(Color::Black).expect("an 8x8 board")
    }

    /// The engine index of a square written like `d3`.
    fn sq(name: &str) -> u8 {
        Square::parse(name, BoardSize::Eight).expect("a square").index(BoardSize::Eight) as u8
    }

    #[test]
    fn a_move_on_the_x_square_next_to_an_empty_corner_gives_the_corner_away() {
        // b2 turns c3, and the diagonal b2-c3-d4 now leads to White's e5: White may take a1.
        let (p, o) = position(
            "........
             ........
             ..O.....
             ...XO...
             ...XO...
             ........
             ........
             ........",
        );
        let given = Motif::CornerGiven { corner: sq("a1"), via: sq("b2") };
        assert_eq!(explain(p, o, sq("b2"), sq("f4")).first(), Some(&given));
        assert!(!explain(p, o, sq("f4"), sq("b2")).iter().any(|m| matches!(m, Motif::CornerGiven { .. })));
    }

    #[test]
    fn turning_a_row_of_outside_discs_builds_a_wall() {
        // g4 turns c4-f4: Black's row 4 faces the empty north, where White gains a move on every
        // square, while b7 turns only c6.
        let (p, o) = position(
            "........
             ........
             ........
             .XOOOO..
             ..XXXX..
             ..OOOO..
             ........
             ........",
        );
        assert_eq!(explain(p, o, sq("g4"), sq("b7")), vec![Motif::Wall]);
        assert!(!explain(p, o, sq("b7"), sq("g4")).contains(&Motif::Wall));
    }

    #[test]
    fn a_move_into_a_hole_that_turns_one_inner_disc_is_a_quiet_move() {
        // d4 fills a hole and turns only d5, which is surrounded; g4 turns f4 onto the frontier
        // and opens the h-file.
        let (p, o) = position(
            "........
             ........
             ..XXX...
             ..X.XO..
             ..XOX...
             ..XXX...
             ........
             ........",
        );
        assert_eq!(explain(p, o, sq("g4"), sq("d4")), vec![Motif::QuietMoveMissed]);
        assert!(explain(p, o, sq("d4"), sq("g4")).is_empty());
    }

    #[test]
    fn in_the_endgame_playing_in_an_even_region_instead_of_an_odd_one_loses_parity() {
        // Regions: a1 alone (odd) and h7-h8 (even).
        let (p, o) = position(
            ".OXXXXXX
             XXXXXXXX
             XXXXXXXX
             XXXXXXXX
             XXXXXXXX
             XXXXXXXX
             XXXXXXX.
             XXXXXXO.",
        );
        assert_eq!(explain(p, o, sq("h8"), sq("a1")), vec![Motif::ParityLost]);
        assert!(explain(p, o, sq("a1"), sq("h8")).is_empty());
    }

    #[test]
    fn a_fifth_disc_next_to_four_from_a_c_square_makes_an_unbalanced_edge() {
        // f1 makes b1-f1 with a1, g1 and h1 empty, and Black has no move on g1; d3 keeps the edge.
        let (p, o) = position(
            ".XXXX...
             .....O..
             .....X..
             ...O....
             ...X....
             ........
             ........
             ........",
        );
        assert_eq!(explain(p, o, sq("f1"), sq("d3")), vec![Motif::UnbalancedEdge { edge: Edge::North }]);
        assert!(explain(p, o, sq("d3"), sq("f1")).is_empty());
    }

    #[test]
    fn four_discs_from_a_c_square_against_an_x_square_allow_a_stoner_trap() {
        // d8 makes d8-g8; White holds b7 and can attack on c8, then h8 takes the four discs.
        let rows = "........
                    ........
                    ........
                    ........
                    ........
                    ...XO...
                    .O.O....
                    ....XXX.";
        let (p, o) = position(rows);
        assert_eq!(explain(p, o, sq("d8"), sq("f6")), vec![Motif::StonerTrap { edge: Edge::South }]);
        assert!(explain(p, o, sq("f6"), sq("d8")).is_empty());
        // Without White's disc on the X-square b7 the attack on c8 is no trap.
        let (p, o) = position(&rows.replace(".O.O....", "...O...."));
        assert!(explain(p, o, sq("d8"), sq("f6")).is_empty());
    }

    #[test]
    fn equally_good_opening_moves_are_not_explained_by_any_motif() {
        let (p, o) = Board::standard().to_bitboards8(Color::Black).expect("an 8x8 board");
        for (played, best) in [("f5", "d3"), ("c4", "e6"), ("d3", "c4")] {
            assert!(explain(p, o, sq(played), sq(best)).is_empty(), "{played} against {best}");
        }
    }
}
