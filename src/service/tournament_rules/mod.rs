//! Tournament rules, pure and Discord-free: round-robin (Berger) tables, Swiss pairing,
//! knockout brackets, standings with Othello tie-breaks, and withdrawals. Nothing here reads
//! the store or the clock; the service feeds in players and results and gets decisions back.
//! The rules each function follows are written down in `docs/tournaments.md`.

pub mod knockout;
pub mod round_robin;
pub mod swiss;
pub mod tiebreak;

pub use knockout::{
    MatchDecision, bracket_order, knockout_first_round, knockout_game_colours, knockout_next_round, match_decision,
};
pub use round_robin::{berger_table, forfeit_withdrawn, round_robin};
pub use swiss::pair_swiss;
pub use tiebreak::{BRIGHTWELL_CONSTANT_WOC, Standing, TieBreak, TieBreakOptions, standings};

/// A player's id as the store knows it (a Discord user id, or a bot's id).
pub type PlayerId = u64;

/// Discs a player is credited with for a bye or a forfeit win (the opponent 0): 32–0, half the
/// board, as the World Othello Championship scores a bye.
pub const BYE_DISCS: u8 = 32;

/// A side of the board. Black moves first in Othello, so Black plays the role White has in chess.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

impl Colour {
    /// The other side.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }
}

/// One player entered in a tournament: rating for seeding and initial order, and whether they
/// have withdrawn (withdrawn players are not paired again).
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// Who.
    pub id: PlayerId,
    /// Rating at the start (orders the Swiss field and seeds knockouts).
    pub rating: f64,
    /// Withdrawn (by themselves or the organiser): no later pairings, later round-robin games forfeited.
    pub withdrawn: bool,
}

impl Entrant {
    /// An active entrant.
    pub fn new(id: PlayerId, rating: f64) -> Self {
        Entrant { id, rating, withdrawn: false }
    }
}

/// A game to be played: who has Black (moves first) and who has White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pairing {
    /// Plays Black, moves first.
    pub black: PlayerId,
    /// Plays White.
    pub white: PlayerId,
}

/// One round's pairings: the games, and the player with the bye if the field is odd.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Round {
    /// The games of the round, board 1 first.
    pub games: Vec<Pairing>,
    /// The player sitting out (scored as a win, [`BYE_DISCS`]–0).
    pub bye: Option<PlayerId>,
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Black won (on discs, on time or by resignation).
    BlackWins,
    /// White won.
    WhiteWins,
    /// Drawn.
    Draw,
}

/// One entry in a tournament's record of a round: a played game, a bye, or a forfeit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameRecord {
    /// A game played on the board, with the final disc count of each side.
    Played {
        /// Had Black.
        black: PlayerId,
        /// Had White.
        white: PlayerId,
        /// Black's discs at the end.
        black_discs: u8,
        /// White's discs at the end.
        white_discs: u8,
        /// The result (usually from the discs; a loss on time may differ).
        outcome: Outcome,
    },
    /// A bye: a win with [`BYE_DISCS`]–0.
    Bye {
        /// Who sat out.
        player: PlayerId,
    },
    /// A game not played because one side withdrew: the winner scores as for a bye.
    Forfeit {
        /// The player present.
        winner: PlayerId,
        /// The player who withdrew.
        loser: PlayerId,
    },
}

impl GameRecord {
    /// A played game whose result follows from the disc count.
    pub fn from_discs(black: PlayerId, white: PlayerId, black_discs: u8, white_discs: u8) -> Self {
        let outcome = match black_discs.cmp(&white_discs) {
            std::cmp::Ordering::Greater => Outcome::BlackWins,
            std::cmp::Ordering::Less => Outcome::WhiteWins,
            std::cmp::Ordering::Equal => Outcome::Draw,
        };
        GameRecord::Played { black, white, black_discs, white_discs, outcome }
    }

    /// Points `player` scored in this record (1, ½ or 0), or `None` if not in it.
    pub fn points_of(&self, player: PlayerId) -> Option<f64> {
        match *self {
            GameRecord::Played { black, white, outcome, .. } => {
                let colour = if player == black {
                    Colour::Black
                } else if player == white {
                    Colour::White
                } else {
                    return None;
                };
                Some(match (outcome, colour) {
                    (Outcome::Draw, _) => 0.5,
                    (Outcome::BlackWins, Colour::Black) | (Outcome::WhiteWins, Colour::White) => 1.0,
                    _ => 0.0,
                })
            }
            GameRecord::Bye { player: p } => (p == player).then_some(1.0),
            GameRecord::Forfeit { winner, loser } => {
                if winner == player {
                    Some(1.0)
                } else if loser == player {
                    Some(0.0)
                } else {
                    None
                }
            }
        }
    }

    /// The players this record concerns.
    pub fn players(&self) -> Vec<PlayerId> {
        match *self {
            GameRecord::Played { black, white, .. } => vec![black, white],
            GameRecord::Bye { player } => vec![player],
            GameRecord::Forfeit { winner, loser } => vec![winner, loser],
        }
    }
}
