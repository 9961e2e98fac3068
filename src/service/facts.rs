//! What happened, as typed facts: the flows record [`Event`]s as they play moves and end games,
//! and the text layer turns them into sentences in the reader's language. Nothing here is words.

use crate::ai::Level;
use crate::engine::{Color, Game, Move, Outcome};
use crate::store::GameRecord;

use super::ratings::Change;

/// Something that just happened in a game, shown as a line above the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A side played a move that turned `flipped` discs.
    Moved {
        /// Who.
        color: Color,
        /// The move.
        mv: Move,
        /// How many discs it turned.
        flipped: usize,
    },
    /// A side had no disc left and received one from the other (limited supply).
    Borrowed(Color),
    /// A side had no legal move and passed.
    Passed(Color),
    /// Neither side can move: the game is over.
    BoardOver,
    /// The last move so far (when a board is shown again).
    LastMove {
        /// Who played it.
        color: Color,
        /// The move.
        mv: Move,
    },
    /// A game against the bot began.
    BotGame {
        /// The bot's level.
        level: Level,
        /// The colour the person plays.
        color: Color,
    },
    /// A side resigned; `early` when before both sides had made two moves (the game is aborted).
    Resigned {
        /// Who.
        color: Color,
        /// Whether it came too early to count.
        early: bool,
    },
    /// A moderator ended the game.
    ModeratorEnded {
        /// The moderator's name.
        by: String,
    },
    /// The side to move let its deadline pass.
    LostOnTime(Color),
    /// The bot is back after a restart and makes the move it owed.
    BackOnline,
    /// The bot makes a move it could not make earlier.
    LateMove,
    /// The bot could not save its move (the database was busy); it follows.
    BotDelayed,
    /// The person withdrew their own open challenge to play the bot.
    ChallengeWithdrawnForBot,
    /// The Japanese rule settled the game: the player of `decider` made a tie count for `tie`,
    /// and the other chose their colour.
    JapaneseRule {
        /// The colour of the player drawn by lot.
        decider: Color,
        /// The colour a tie counts for.
        tie: Color,
    },
    /// The first player chose the start: the parallel grid when `parallel`, else the cross.
    StartChosen {
        /// Who chose.
        color: Color,
        /// Whether the parallel grid was chosen.
        parallel: bool,
    },
    /// A takeback was granted: `color`'s last move (and the bot's replies after it, `moves` as
    /// a transcript) taken back, by the bot when `by_bot`, else by the opponent.
    TookBack {
        /// Whose move was taken back.
        color: Color,
        /// The moves taken back, in order.
        moves: String,
        /// Whether the bot granted it.
        by_bot: bool,
    },
    /// The game is in a chat the bot cannot read (a group DM, a DM between people): moves are
    /// played by menu and `/move` only.
    NoTypedMoves,
    /// The challenged player accepted; a game begins.
    Accepted {
        /// The colour of the player who accepted.
        player: Color,
        /// Whether it counts for ratings.
        rated: bool,
    },
}

impl Event {
    /// The lines for a move just played: the move, a disc received, a forced pass, the end.
    pub fn of_outcome(outcome: &Outcome) -> Vec<Event> {
        let played = &outcome.played;
        let mut events = vec![Event::Moved { color: played.color, mv: played.mv, flipped: played.flipped.len() }];
        if played.borrowed {
            events.push(Event::Borrowed(played.color));
        }
        if let Some(passer) = outcome.passed {
            events.push(Event::Passed(passer));
        }
        if outcome.finished {
            events.push(Event::BoardOver);
        }
        events
    }
}

/// A stored game, replayed, with what just happened to it.
pub(crate) struct Played {
    /// The game as stored.
    pub record: GameRecord,
    /// The game replayed.
    pub game: Game,
    /// What happened, in order.
    pub events: Vec<Event>,
    /// Rating changes from its end.
    pub changes: Vec<Change>,
}
