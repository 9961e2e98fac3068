//! Perft: counting the leaves of the game tree to a fixed depth, the standard check of a move
//! generator. A forced pass counts as a ply and a game that ends before the depth is reached
//! counts no leaf (Edax's convention, which gives the published table). The last ply is counted from the move mask without being
//! played ("bulk counting").
//!
//! ```
//! use reversi_bot::engine::{Board, Color};
//! assert_eq!(Board::standard().perft(Color::Black, 4), 244);
//! ```

use super::bits::{self, BitIter, Bits, Geometry};

/// Leaves `depth` plies below the position with `p` to move against `o`.
pub fn perft<G: Geometry>(p: G::Mask, o: G::Mask, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = G::moves(p, o);
    if moves.is_zero() {
        // A pass, or the end of the game when the opponent cannot move either.
        if G::moves(o, p).is_zero() {
            return 0;
        }
        return if depth == 1 { 1 } else { perft::<G>(o, p, depth - 1) };
    }
    if depth == 1 {
        return moves.count() as u64;
    }
    if depth == 2 {
        return BitIter(moves)
            .map(|index| {
                let (p2, o2) = bits::play::<G>(p, o, index, G::flips(p, o, index));
                let replies = G::moves(p2, o2);
                if replies.is_zero() {
                    // A pass is one leaf; the end of the game is none.
                    u64::from(!G::moves(o2, p2).is_zero())
                } else {
                    replies.count() as u64
                }
            })
            .sum();
    }
    BitIter(moves)
        .map(|index| {
            let (p2, o2) = bits::play::<G>(p, o, index, G::flips(p, o, index));
            perft::<G>(p2, o2, depth - 1)
        })
        .sum()
}
