//! The themes of a puzzle: ideas behind its solution, each a conservative test on the first
//! step's proven values and the board (a wrong theme is worse than none). See docs/puzzles.md.

use serde::{Deserialize, Serialize};

use crate::ai::coach::{Motif, explain, region};
use crate::ai::eval::neighbours8;
use crate::engine::BoardSize;
use crate::engine::bits::{Eight, Geometry};

use super::{Step, after, is_corner};

/// An idea behind a puzzle's solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Every accepted move takes a corner.
    Corner,
    /// Every accepted move is on an edge, none of them a corner.
    Edge,
    /// In the endgame (at most `PARITY_EMPTIES` empties), every accepted move is in an odd
    /// region of empty squares and some rejected move is in an even one.
    Parity,
    /// Every accepted move is a waiting move: it leaves the opponent no move (they pass), or it
    /// is quiet (turns at most `QUIET_FLIPS` discs, none of them next to an empty square).
    Tempo,
    /// The best play leaves the opponent no disc.
    Sweep,
    /// Some rejected move lets the opponent spring a Stoner trap on an edge (the coach's
    /// `StonerTrap` motif against the first accepted move).
    Stoner,
    /// Exactly one move is accepted.
    OnlyMove,
}

/// At most this many empties make the endgame where parity is judged.
pub const PARITY_EMPTIES: u32 = 14;

/// A quiet move turns at most this many discs.
pub const QUIET_FLIPS: u32 = 2;

/// The themes of a puzzle in `(p, o)` whose first step is `step`, in the order of [`Theme`].
pub fn themes(p: u64, o: u64, step: &Step) -> Vec<Theme> {
    let index = |s: crate::engine::Square| s.index(BoardSize::Eight);
    let accepted: Vec<u32> = step.accepted.iter().map(|&s| index(s)).collect();
    let rejected: Vec<u32> =
        step.values.iter().filter(|m| !step.accepted.contains(&m.square)).map(|m| index(m.square)).collect();
    let mut found = Vec::new();
    if step.accepted.iter().all(|&s| is_corner(s)) {
        found.push(Theme::Corner);
    }
    let on_edge = |s: crate::engine::Square| s.col() == 0 || s.col() == 7 || s.row() == 0 || s.row() == 7;
    if step.accepted.iter().all(|&s| on_edge(s) && !is_corner(s)) {
        found.push(Theme::Edge);
    }
    let empty = !(p | o);
    if empty.count_ones() <= PARITY_EMPTIES {
        let odd = |x: u32| region(empty, x as u8).count_ones() % 2 == 1;
        if accepted.iter().all(|&x| odd(x)) && rejected.iter().any(|&x| !odd(x)) {
            found.push(Theme::Parity);
        }
    }
    if accepted.iter().all(|&x| waiting(p, o, x)) {
        found.push(Theme::Tempo);
    }
    if step.values.iter().map(|m| m.value).max() == Some(64) {
        found.push(Theme::Sweep);
    }
    let best = accepted[0] as u8;
    if rejected.iter().any(|&x| explain(p, o, x as u8, best).iter().any(|m| matches!(m, Motif::StonerTrap { .. }))) {
        found.push(Theme::Stoner);
    }
    if step.accepted.len() == 1 {
        found.push(Theme::OnlyMove);
    }
    found
}

/// Whether playing `x` in `(p, o)` makes the opponent pass, or is a quiet move.
fn waiting(p: u64, o: u64, x: u32) -> bool {
    let (q, r) = after(p, o, x);
    if Eight::moves(q, r) == 0 && Eight::moves(r, q) != 0 {
        return true;
    }
    let flips = Eight::flips(p, o, x);
    let empty = !(q | r);
    flips.count_ones() <= QUIET_FLIPS && flips & neighbours8(empty) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Square;
    use crate::puzzle::MoveValue;

    fn sq(name: &str) -> Square {
        Square::parse(name, BoardSize::Eight).expect("a square")
    }

    #[test]
    fn a_lone_accepted_opening_move_is_an_only_move_and_nothing_more() {
        // The start, Black to move: d3 turns d4, which stays next to empty squares.
        let (p, o) = (0x0000_0008_1000_0000u64, 0x0000_0010_0800_0000u64);
        let values = ["d3", "c4", "f5", "e6"]
            .iter()
            .enumerate()
            .map(|(i, name)| MoveValue { square: sq(name), value: if i == 0 { 10 } else { 2 } })
            .collect();
        let step = Step { values, accepted: vec![sq("d3")], reply: None };
        assert_eq!(themes(p, o, &step), vec![Theme::OnlyMove]);
    }

    #[test]
    fn a_move_that_makes_the_opponent_pass_is_a_tempo_move() {
        // Black a1, White b1 and d1: c1 turns b1; White (d1 only) has no move while Black
        // can still play e1, so White must pass.
        let p = 1u64; // a1
        let o = 1u64 << 1 | 1u64 << 3; // b1, d1
        assert!(waiting(p, o, 2));
    }

    #[test]
    fn an_empty_region_of_one_square_is_odd_and_two_squares_even() {
        // Everything filled but a1 (alone) and h7, h8 (together).
        let empty = 1u64 | 1 << 55 | 1 << 63;
        assert_eq!(region(empty, 0).count_ones(), 1);
        assert_eq!(region(empty, 63).count_ones(), 2);
    }
}
