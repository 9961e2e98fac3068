//! The strategy ideas ("motifs") that explain why a move in a standard 8x8 game was worse than
//! the best move, for the post-game review: corners given through X- and C-squares (at once or a
//! move or two later), edges opened to the opponent, unbalanced edges and the Stoner trap, endgame
//! parity, stable discs, walls, lost mobility (now and potential), missed quiet moves and a longer
//! frontier.
//!
//! Each motif is a conservative pattern test on the positions after the two moves: it is reported
//! only when it holds after the move played and not after the best move, so it names a difference
//! between them (a wrong claim in a coach is worse than silence); those that count something
//! carry both counts, so the card can say how large the difference is. Positions are side-relative 8x8
//! bitboards as in [`crate::engine::bits`]: `p` the mover's discs, `o` the opponent's, `a1` bit 0,
//! `h1` bit 7, `a8` bit 56.

use super::eval::neighbours8 as neighbours;
use crate::engine::bits::{BitIter, Eight, Geometry, play};

/// A strategy idea that explains why a move was worse than the best one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motif {
    /// The move gave the opponent `corner`: it put the mover's disc on the X- or C-square `via`
    /// next to that empty corner (played there or turned there), and afterwards the opponent has
    /// the access `how` to the corner, while after the best move they have none.
    CornerGiven { corner: u8, via: u8, how: Access },
    /// The move let the opponent onto `edge` at `at`: afterwards the opponent can play that edge
    /// square (neither a corner nor a C-square) turning some of the mover's discs on the edge, or
    /// (`wedge`) wedging in between two of the mover's edge discs, while after the best move they
    /// have no such move on that edge.
    EdgeGiven { edge: Edge, at: u8, wedge: bool },
    /// The move built a wall: it turned many of the mover's discs into frontier discs (discs next
    /// to empty squares) and left the mover fewer moves next turn / the opponent more, compared
    /// with the best move.
    Wall,
    /// The move lost mobility: the opponent's and the mover's moves after it (`played`, the
    /// mover's counted as if they moved again) against those after the best move (`best`). The
    /// opponent has at least [`MOBILITY_MARGIN`] more, or the balance of the two moved that much
    /// towards the opponent, or the opponent has moves where the best move made them pass.
    MobilityLost { played: Mobility, best: Mobility },
    /// Before the endgame, the move left `played` empty squares next to the mover's discs (each a
    /// move the opponent may get later: their potential mobility), at least
    /// [`POTENTIAL_MARGIN`] more than the `best` move did.
    PotentialMobility { played: u8, best: u8 },
    /// The best move would have left `best` of the mover's discs stable (never to be turned
    /// again), at least [`STABLE_MARGIN`] more than the `played` move did.
    StableDiscs { played: u8, best: u8 },
    /// Before the endgame, the move left `played` of the mover's discs on the frontier (next to an
    /// empty square, where the opponent may play), at least [`FRONTIER_MARGIN`] more than the
    /// `best` move did.
    Frontier { played: u8, best: u8 },
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

/// The moves each side has in a position after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mobility {
    /// The opponent's legal moves (it is their turn).
    pub theirs: u8,
    /// The mover's legal moves, were it their turn again.
    pub mine: u8,
}

/// How soon the opponent can take a corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Access {
    /// It is a legal move for them now.
    Now,
    /// They have a move after which, whatever the mover answers, it is a legal move for them.
    Forced,
    /// They have a move after which it would be a legal move for them, though the mover may
    /// have an answer.
    Threatened,
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

/// The four corners as one mask.
const CORNER_MASK: u64 = 0x8100_0000_0000_0081;

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

/// The opponent has at least this many more moves after the move played than after the best for
/// [`Motif::MobilityLost`].
pub const MOBILITY_MARGIN: u32 = 3;

/// The move played leaves at least this many more empty squares next to the mover's discs than
/// the best move for [`Motif::PotentialMobility`].
pub const POTENTIAL_MARGIN: u32 = 3;

/// The move played leaves at least this many more of the mover's discs on the frontier than the
/// best move for [`Motif::Frontier`].
pub const FRONTIER_MARGIN: u32 = 2;

/// The best move leaves at least this many more of the mover's discs stable than the move played
/// for [`Motif::StableDiscs`].
pub const STABLE_MARGIN: u32 = 2;

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

    /// Both sides' moves afterwards.
    fn mobility(&self) -> Mobility {
        Mobility { theirs: self.their_moves().count_ones() as u8, mine: self.my_moves().count_ones() as u8 }
    }

    /// How many empty squares are next to the mover's discs afterwards: the opponent's potential
    /// mobility.
    fn potential(&self) -> u32 {
        (neighbours(self.p) & self.empty()).count_ones()
    }

    /// The opponent's mobility minus the mover's: the larger, the worse for the mover.
    fn mobility_balance(&self) -> i32 {
        self.their_moves().count_ones() as i32 - self.my_moves().count_ones() as i32
    }

    /// How many of the mover's discs are frontier discs (next to an empty square) afterwards.
    fn frontier(&self) -> u32 {
        (self.p & neighbours(self.empty())).count_ones()
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
    // The position before the move, seen as if the opponent were to move: what the move changed.
    let still = After { sq: played, flips: 0, p, o };
    let mut motifs = Vec::new();
    corner_given(&still, &bad, &good, &mut motifs);
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
    for edge in Edge::ALL {
        let new = edge_attack(&still, edge).is_none() && edge_attack(&good, edge).is_none();
        if let Some((at, wedge)) = edge_attack(&bad, edge).filter(|_| new) {
            motifs.push(Motif::EdgeGiven { edge, at, wedge });
        }
    }
    if parity_lost(p, o, played, best) {
        motifs.push(Motif::ParityLost);
    }
    let (stable_bad, stable_good) = (stable(bad.p, bad.o).count_ones(), stable(good.p, good.o).count_ones());
    if stable_good >= stable_bad + STABLE_MARGIN {
        motifs.push(Motif::StableDiscs { played: stable_bad as u8, best: stable_good as u8 });
    }
    if wall(&bad, &good) {
        motifs.push(Motif::Wall);
    } else if let Some(lost) = mobility_lost(&bad, &good) {
        // A wall says the same and more: it is named alone.
        motifs.push(lost);
    }
    let before = p | o;
    if before.count_zeros() > ENDGAME_EMPTIES {
        if quiet(&good, before) && loud(&bad, before) {
            motifs.push(Motif::QuietMoveMissed);
        } else if !motifs.contains(&Motif::Wall) {
            // The quiet move and the wall say the same and more: the frontier is named alone.
            let (front_bad, front_good) = (bad.frontier(), good.frontier());
            if front_bad >= front_good + FRONTIER_MARGIN {
                motifs.push(Motif::Frontier { played: front_bad as u8, best: front_good as u8 });
            }
        }
        let (open_bad, open_good) = (bad.potential(), good.potential());
        if open_bad >= open_good + POTENTIAL_MARGIN {
            motifs.push(Motif::PotentialMobility { played: open_bad as u8, best: open_good as u8 });
        }
    }
    motifs
}

/// Pushes [`Motif::CornerGiven`] for each empty corner the move played gives the opponent (at
/// once, forced within two moves, or threatened) through an X- or C-square disc it placed or
/// turned, sooner than they had it before the move (`still`) and than the best move gives it.
fn corner_given(still: &After, bad: &After, good: &After, motifs: &mut Vec<Motif>) {
    for (corner, near) in CORNERS.into_iter().zip(CORNER_NEIGHBOURS) {
        if bad.empty() & bit(corner) == 0 {
            continue;
        }
        // The disc that gives it: the square played when it is next to the corner, else one the
        // move turned there.
        let changed = bad.flips | bit(bad.sq);
        let Some(via) =
            near.into_iter().find(|&sq| sq == bad.sq).or_else(|| near.into_iter().find(|&sq| changed & bit(sq) != 0))
        else {
            continue;
        };
        let Some(how) = corner_access(bad, corner) else { continue };
        // Given when it was further off before and the best move gives it later (a threat rather
        // than a move) or not at all.
        let later = |after: &After| corner_access(after, corner).is_none_or(|access| access > how);
        if later(still) && later(good) {
            motifs.push(Motif::CornerGiven { corner, via, how });
        }
    }
}

/// How soon the opponent, to move after `after`, can take the empty `corner`: at once, forced
/// within their next two moves, or threatened by their next move (`None`: not so soon).
fn corner_access(after: &After, corner: u8) -> Option<Access> {
    let c = bit(corner);
    let theirs = after.their_moves();
    if theirs & c != 0 {
        return Some(Access::Now);
    }
    let mut threatened = false;
    for reply in BitIter(theirs & !CORNER_MASK) {
        let flips = Eight::flips(after.o, after.p, reply);
        // The mover to answer: `(p, o)` from the mover's side.
        let (p, o) = play::<Eight>(after.o, after.p, reply, flips);
        if Eight::moves(o, p) & c == 0 {
            continue;
        }
        threatened = true;
        let forced = BitIter(Eight::moves(p, o)).all(|answer| {
            let flips = Eight::flips(p, o, answer);
            let (o2, p2) = play::<Eight>(p, o, answer, flips);
            Eight::moves(o2, p2) & c != 0
        });
        if forced {
            return Some(Access::Forced);
        }
    }
    threatened.then_some(Access::Threatened)
}

/// The edge square (neither a corner nor a C-square) where the opponent, to move after `after`,
/// can attack `edge`: a legal move there that turns at least one of the mover's discs on the edge,
/// or that wedges in between two of them (then `true`).
fn edge_attack(after: &After, edge: Edge) -> Option<(u8, bool)> {
    let squares = edge.squares();
    let line = squares.iter().fold(0u64, |acc, &sq| acc | bit(sq));
    let theirs = after.their_moves();
    (2..6).filter(|&i| theirs & bit(squares[i]) != 0).find_map(|i| {
        let sq = squares[i];
        let wedge = after.p & bit(squares[i - 1]) != 0 && after.p & bit(squares[i + 1]) != 0;
        let along = Eight::flips(after.o, after.p, u32::from(sq)) & line & after.p != 0;
        (wedge || along).then_some((sq, wedge))
    })
}

/// The mobility after the move played against the best, when the move played lost some: the
/// opponent has at least [`MOBILITY_MARGIN`] more moves, or no fewer and the balance moved that
/// much towards them, or they have moves where the best move made them pass.
fn mobility_lost(bad: &After, good: &After) -> Option<Motif> {
    let (played, best) = (bad.mobility(), good.mobility());
    let margin = MOBILITY_MARGIN as i32;
    let more = i32::from(played.theirs) - i32::from(best.theirs);
    let lost = more >= margin
        || (more >= 0 && bad.mobility_balance() >= good.mobility_balance() + margin)
        || (best.theirs == 0 && played.theirs > 0);
    lost.then_some(Motif::MobilityLost { played, best })
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

/// The four lines through a square, as steps in columns and rows: across, down and the two
/// diagonals.
const LINES: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The square one step `(dc, dr)` from `sq`, if it is on the board.
fn step(sq: u8, dc: i8, dr: i8) -> Option<u8> {
    let (c, r) = ((sq % 8) as i8 + dc, (sq / 8) as i8 + dr);
    ((0..8).contains(&c) && (0..8).contains(&r)).then(|| (r * 8 + c) as u8)
}

/// The squares of the line through `sq` with the step `(dc, dr)`, both ways.
fn line(sq: u8, dc: i8, dr: i8) -> u64 {
    let mut squares = bit(sq);
    for (dc, dr) in [(dc, dr), (-dc, -dr)] {
        let mut at = sq;
        while let Some(next) = step(at, dc, dr) {
            squares |= bit(next);
            at = next;
        }
    }
    squares
}

/// The discs of `p` that can never be turned (a safe lower bound): a disc is stable when along
/// each of its four lines the line is full, or a neighbour on it is the board's edge or one of
/// `p`'s stable discs (the opponent can then never bracket it along that line).
fn stable(p: u64, o: u64) -> u64 {
    let filled = p | o;
    let mut stable = 0u64;
    loop {
        let mut grown = stable;
        for sq in BitIter(p & !stable) {
            let sq = sq as u8;
            let safe = LINES.iter().all(|&(dc, dr)| {
                let held = |next: Option<u8>| next.is_none_or(|n| stable & bit(n) != 0);
                line(sq, dc, dr) & !filled == 0 || held(step(sq, dc, dr)) || held(step(sq, -dc, -dr))
            });
            if safe {
                grown |= bit(sq);
            }
        }
        if grown == stable {
            return stable;
        }
        stable = grown;
    }
}

/// The empty region (eight-neighbour connected group of empty squares) of `empty` around `sq`.
/// Eight neighbours, since a move flips along diagonals too: squares touching at a corner play
/// into each other.
pub(crate) fn region(empty: u64, sq: u8) -> u64 {
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
        let given = Motif::CornerGiven { corner: sq("a1"), via: sq("b2"), how: Access::Now };
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
        assert!(explain(p, o, sq("g4"), sq("d4")).contains(&Motif::QuietMoveMissed));
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
        assert_eq!(explain(p, o, sq("h8"), sq("a1")).first(), Some(&Motif::ParityLost));
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
        assert!(!explain(p, o, sq("f6"), sq("d8")).iter().any(|m| matches!(m, Motif::StonerTrap { .. })));
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

    #[test]
    fn a_c_square_move_that_lets_the_opponent_threaten_the_corner_gives_it_away() {
        // g7 turns f6 and e5: White then has a reply after which h8 is a move for White, though
        // Black could still answer it; after f2 h8 stays out of White's reach.
        let (p, o) = position(
            "........
             ........
             ...XO...
             ...XO...
             ...XO...
             ....XO..
             ........
             ........",
        );
        let given = Motif::CornerGiven { corner: sq("h8"), via: sq("g7"), how: Access::Threatened };
        assert_eq!(explain(p, o, sq("g7"), sq("f2")), vec![given]);
        assert!(explain(p, o, sq("f2"), sq("g7")).is_empty());
    }

    #[test]
    fn an_x_square_move_whose_corner_the_opponent_can_force_gives_it_away() {
        // b2 turns c3 and d4: White has a reply after which, whatever Black answers, a1 is a move
        // for White.
        let (p, o) = position(
            "........
             ...O....
             ..OO....
             ...OX...
             ...XXX..
             ........
             ........
             ........",
        );
        let given = Motif::CornerGiven { corner: sq("a1"), via: sq("b2"), how: Access::Forced };
        assert_eq!(explain(p, o, sq("b2"), sq("c2")), vec![given]);
        assert!(explain(p, o, sq("c2"), sq("b2")).is_empty());
    }

    #[test]
    fn a_lone_edge_disc_the_opponent_can_turn_along_the_edge_opens_the_edge() {
        // e1 stands next to White's f1: White answers d1, turning it along the edge.
        let (p, o) = position(
            ".....O..
             ..O.O...
             ...OX...
             ...XX...
             ...XX...
             .....X..
             ........
             ........",
        );
        let opened = Motif::EdgeGiven { edge: Edge::North, at: sq("d1"), wedge: false };
        assert_eq!(explain(p, o, sq("e1"), sq("c3")), vec![opened]);
        assert!(explain(p, o, sq("c3"), sq("e1")).is_empty());
    }

    #[test]
    fn a_hole_between_two_edge_discs_lets_the_opponent_wedge_in() {
        // e1 makes c1 . e1 with a hole at d1, which White can play (turning d2).
        let (p, o) = position(
            "..X.....
             ...XO...
             ...OX...
             ...XO...
             ...OX...
             ........
             ........
             ........",
        );
        let opened = Motif::EdgeGiven { edge: Edge::North, at: sq("d1"), wedge: true };
        assert!(explain(p, o, sq("e1"), sq("c5")).contains(&opened), "{:?}", explain(p, o, sq("e1"), sq("c5")));
        assert!(!explain(p, o, sq("c5"), sq("e1")).iter().any(|m| matches!(m, Motif::EdgeGiven { .. })));
    }

    #[test]
    fn a_move_that_leaves_the_opponent_many_more_moves_loses_mobility() {
        // f6 leaves White six moves, e6 three.
        let (p, o) = position(
            "........
             ........
             ........
             ..XXX...
             ..OOO...
             ........
             ........
             ........",
        );
        let lost =
            Motif::MobilityLost { played: Mobility { theirs: 6, mine: 5 }, best: Mobility { theirs: 3, mine: 3 } };
        assert_eq!(explain(p, o, sq("f6"), sq("e6")), vec![lost]);
        assert!(explain(p, o, sq("e6"), sq("f6")).is_empty());
    }

    #[test]
    fn a_move_that_opens_more_empty_squares_next_to_the_players_discs_gives_potential_mobility() {
        let (p, o) = position(
            "........
             ........
             ...O....
             ...OO...
             ...OX...
             ........
             ........
             ........",
        );
        assert_eq!(explain(p, o, sq("c3"), sq("c5")), vec![Motif::PotentialMobility { played: 13, best: 10 }]);
        assert!(explain(p, o, sq("c5"), sq("c3")).is_empty());
    }

    #[test]
    fn a_move_that_leaves_more_discs_next_to_empty_squares_grows_the_frontier() {
        let (p, o) = position(
            "........
             ........
             ..O.....
             ..OOX...
             ..OXO...
             ...X....
             ........
             ........",
        );
        assert_eq!(explain(p, o, sq("b4"), sq("b3")), vec![Motif::Frontier { played: 7, best: 5 }]);
        assert!(explain(p, o, sq("b3"), sq("b4")).is_empty());
    }

    #[test]
    fn taking_a_corner_that_anchors_the_players_discs_makes_them_stable() {
        // h8 turns g8 and g7: h8, g8 and f8 on the bottom edge can never be turned again, while
        // after c6 no disc of Black's is stable.
        let (p, o) = position(
            "........
             ........
             ........
             ...XXX..
             ...OOX..
             ....OX..
             ...X.OO.
             .....XO.",
        );
        assert_eq!(explain(p, o, sq("c6"), sq("h8")), vec![Motif::StableDiscs { played: 0, best: 3 }]);
        assert!(explain(p, o, sq("h8"), sq("c6")).is_empty());
        assert_eq!(stable(bit(sq("h8")), bit(sq("g7"))), bit(sq("h8")), "a corner is stable");
        assert_eq!(stable(bit(sq("d4")), bit(sq("e5"))), 0, "a centre disc is not");
    }
}
