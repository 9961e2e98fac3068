//! `Game`: the rules and the moves played from the start, with the side to move, forced passes
//! played automatically, end detection, the result under the variant's tie and scoring rules, and
//! undo. `Move` is what a player types (`d3`, or `d3:ne` when a one-line-flip move must name its
//! line).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, SquareSet};
use super::rules::{DiscSupply, FlipMode, Rules, Scoring, Start, TieRule};
use super::square::{BoardSize, Color, Direction, ParseDirectionError, ParseSquareError, Square};

/// A move as a player gives it: the square, and under one-line flips the line to flip when the
/// move brackets several.
///
/// ```
/// use reversi_bot::engine::{BoardSize, Direction, Move};
/// let mv = Move::parse("D3", BoardSize::Eight).unwrap();
/// assert_eq!(mv.to_string(), "d3");
/// let along = Move::parse("c4:ne", BoardSize::Eight).unwrap();
/// assert_eq!(along.line, Some(Direction::NE));
/// assert_eq!(along.to_string(), "c4:ne");
/// // Full-width input counts; anything else is named in the error.
/// assert_eq!(Move::parse("ｄ３", BoardSize::Eight).unwrap().to_string(), "d3");
/// assert_eq!(Move::parse("é3", BoardSize::Eight).unwrap_err().to_string(), "\"é3\" is not a square: write a column letter and a row number, such as d3");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Move {
    /// Where the disc goes.
    pub square: Square,
    /// The one line to flip (one-line flip games only, when the move brackets several lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<Direction>,
}

impl Move {
    /// A move that flips every bracketed line (or the only one).
    pub const fn new(square: Square) -> Move {
        Move { square, line: None }
    }

    /// A move that flips only the line towards `dir`.
    pub const fn along(square: Square, dir: Direction) -> Move {
        Move { square, line: Some(dir) }
    }

    /// Parses `d3`, `D3`, or a square with a line: `d3:ne`, `d3 ne`, `d3-north-east`.
    pub fn parse(text: &str, size: BoardSize) -> Result<Move, ParseMoveError> {
        let text: String = text.trim().chars().map(super::square::plain_form).collect();
        let text = text.trim();
        if text.is_empty() {
            return Err(ParseMoveError::Square(ParseSquareError::Empty));
        }
        // A column and its row written apart ("d-3", "d 3") are one square.
        let text = &join_square(text);
        let split = text.find(|c: char| c.is_whitespace() || ":-/>,".contains(c)).unwrap_or(text.len());
        let (head, tail) = text.split_at(split);
        let square = Square::parse(head, size)?;
        let tail = tail.trim_start_matches(|c: char| c.is_whitespace() || ":-/>,".contains(c));
        let line = if tail.is_empty() { None } else { Some(tail.parse()?) };
        Ok(Move { square, line })
    }
}

/// `text` with the separators between a leading column letter and its row taken out.
fn join_square(text: &str) -> String {
    let mut chars = text.chars();
    let Some(column) = chars.next().filter(char::is_ascii_alphabetic) else { return text.to_string() };
    let rest = chars.as_str();
    let row = rest.trim_start_matches(|c: char| c.is_whitespace() || ":-/>,".contains(c));
    if row.len() < rest.len() && row.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{column}{row}")
    } else {
        text.to_string()
    }
}

impl From<Square> for Move {
    fn from(square: Square) -> Move {
        Move::new(square)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(dir) => write!(f, "{}:{dir}", self.square),
            None => write!(f, "{}", self.square),
        }
    }
}

/// Text that is not a move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// The square part is wrong.
    #[error(transparent)]
    Square(#[from] ParseSquareError),
    /// The line part is wrong.
    #[error(transparent)]
    Direction(#[from] ParseDirectionError),
}

/// A move that was played, with what it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// Who played it.
    pub color: Color,
    /// The move as recorded (a line only where the mover had to choose one).
    pub mv: Move,
    /// The discs it turned over.
    pub flipped: SquareSet,
    /// Under a limited supply: the mover had no disc left and received one from the opponent.
    pub borrowed: bool,
}

/// One ply of the record: a move or a forced pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ply {
    /// A disc was placed.
    Move(PlayedMove),
    /// This side had no legal move and passed (played automatically).
    Pass(Color),
}

/// The state of the game between plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The discs.
    pub board: Board,
    /// Whose turn it is (at the end: who would be next).
    pub to_move: Color,
    /// Discs still in hand per colour (black, white); only meaningful under a limited supply.
    pub hands: [u32; 2],
    /// Whether neither side can move.
    pub over: bool,
}

/// What happened after a successful [`Game::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The move as recorded.
    pub played: PlayedMove,
    /// The side that had to pass right after this move, if any.
    pub passed: Option<Color>,
    /// Whether the game ended with this move.
    pub finished: bool,
}

/// The end of a game: the counts, the winner under the tie rule and the score under the scoring
/// rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// Black discs on the board.
    pub black: u32,
    /// White discs on the board.
    pub white: u32,
    /// Empty squares left.
    pub empties: u32,
    /// The winner (`None` for a draw).
    pub winner: Option<Color>,
    /// Whether the counts were equal and the tie rule named the winner.
    pub by_tie_rule: bool,
    /// The final score (black, white): the counts, or under WOF scoring with the empties given
    /// to the winner.
    pub score: [u32; 2],
}

impl GameResult {
    /// Black's score minus white's.
    pub fn margin(&self) -> i32 {
        self.score[0] as i32 - self.score[1] as i32
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [b, w] = self.score;
        match self.winner {
            None => write!(f, "Draw, {b}-{w}"),
            Some(color) if self.by_tie_rule => write!(f, "{color} wins on the tie rule, {b}-{w}"),
            Some(color) => write!(f, "{color} wins {b}-{w}"),
        }
    }
}

/// Why a move cannot be played; the message is written for players. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// Nobody can move any more.
    #[error("the game is over")]
    GameOver,
    /// The square does not exist on this board.
    #[error("{square} is off the {size} board")]
    OffBoard {
        /// The square.
        square: Square,
        /// The board size.
        size: BoardSize,
    },
    /// A disc is already there.
    #[error("{0} is already taken")]
    Occupied(Square),
    /// The move traps no opponent disc.
    #[error("{0} flips nothing: a move must trap opponent discs between the new disc and one of yours")]
    FlipsNothing(Square),
    /// In the free-centre opening the first four discs go on the centre squares.
    #[error("{square} is not allowed yet: the first four discs fill the centre squares ({centre})")]
    MustFillCentre {
        /// The square tried.
        square: Square,
        /// The empty centre squares.
        centre: SquareSet,
    },
    /// A one-line-flip move that brackets several lines must say which one flips.
    #[error("{square} traps discs in several lines ({}): say which one flips, such as {square}:{}", lines_text(.lines), .lines[0])]
    LineRequired {
        /// The square.
        square: Square,
        /// The bracketed lines.
        lines: Vec<Direction>,
    },
    /// The named line brackets nothing.
    #[error("{square}:{line} flips nothing: the lines this move traps are {}", lines_text(.lines))]
    LineFlipsNothing {
        /// The square.
        square: Square,
        /// The line named.
        line: Direction,
        /// The lines it does bracket.
        lines: Vec<Direction>,
    },
    /// A line was named where there is nothing to choose.
    #[error("{0} needs no line: write just the square")]
    LineNotNeeded(Square),
    /// The first player has not yet chosen the start ([`Start::FirstPlayerChooses`]).
    #[error("the start is not chosen yet")]
    StartNotChosen,
}

fn lines_text(lines: &[Direction]) -> String {
    lines.iter().map(|d| d.name()).collect::<Vec<_>>().join(", ")
}

/// A game: its rules and every ply from the start.
///
/// ```
/// use reversi_bot::engine::{Color, Game, Move, Rules};
/// let mut game = Game::new(Rules::default());
/// let outcome = game.play(Move::parse("f5", game.rules().size).unwrap()).unwrap();
/// assert_eq!(outcome.played.flipped.len(), 1);
/// assert_eq!(game.to_move(), Some(Color::White));
/// assert!(game.play("f5".parse::<reversi_bot::engine::Square>().unwrap().into()).is_err());
/// game.undo();
/// assert_eq!(game.to_move(), Some(Color::Black));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    plies: Vec<Ply>,
    /// `positions[i]` is the position before `plies[i]`; the last one is the current position.
    positions: Vec<Position>,
}

impl Game {
    /// A new game at the start of `rules`. Black moves first.
    pub fn new(rules: Rules) -> Game {
        let board = Board::start(rules.size, rules.start);
        let per_player = if rules.supply.is_limited() { rules.discs_per_player() } else { 0 };
        let hands = Color::BOTH.map(|c| per_player.saturating_sub(board.count(c)));
        let start = Position { board, to_move: Color::Black, hands, over: false };
        Game { rules, plies: Vec::new(), positions: vec![start] }
    }

    /// A game set up at `board` with `to_move` to play (who passes at once when only the other
    /// side can move; over when nobody can), as a position given for analysis. Its record starts
    /// there (GGF writes it as the `BO` start).
    pub fn from_position(rules: Rules, board: Board, to_move: Color) -> Game {
        let mut game = Game::new(Rules { size: board.size(), ..rules });
        let per_player = if rules.supply.is_limited() { rules.discs_per_player() } else { 0 };
        let hands = Color::BOTH.map(|c| per_player.saturating_sub(board.count(c)));
        let mut start = Position { board, to_move, hands, over: false };
        if game.moves_in(&start, to_move).is_empty() {
            if game.moves_in(&start, to_move.opponent()).is_empty() {
                start.over = true;
            } else {
                start.to_move = to_move.opponent();
            }
        }
        game.positions = vec![start];
        game
    }

    /// Plays `moves` from the start of `rules`, stopping at the first illegal one.
    pub fn replay(rules: Rules, moves: impl IntoIterator<Item = Move>) -> Result<Game, (usize, IllegalMove)> {
        let mut game = Game::new(rules);
        for (i, mv) in moves.into_iter().enumerate() {
            game.play(mv).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game always has its starting position")
    }

    /// The current board.
    pub fn board(&self) -> &Board {
        &self.position().board
    }

    /// Every position from the start: `positions()[i]` is the one before `plies()[i]`.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// Every ply from the start, forced passes included.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The moves played, in order, without the passes.
    pub fn moves(&self) -> impl Iterator<Item = &PlayedMove> + '_ {
        self.plies.iter().filter_map(|p| match p {
            Ply::Move(m) => Some(m),
            Ply::Pass(_) => None,
        })
    }

    /// The number of moves played (passes not counted).
    pub fn move_count(&self) -> usize {
        self.moves().count()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<&PlayedMove> {
        self.moves().last()
    }

    /// The side to move, or `None` when the game is over.
    pub fn to_move(&self) -> Option<Color> {
        let position = self.position();
        (!position.over).then_some(position.to_move)
    }

    /// Whether neither side can move.
    pub fn is_over(&self) -> bool {
        self.position().over
    }

    /// Discs in hand (black, white) under a limited supply.
    pub fn hands(&self) -> Option<[u32; 2]> {
        self.rules.supply.is_limited().then_some(self.position().hands)
    }

    /// Whether the free-centre opening is still under way in `position`.
    fn in_opening(&self, position: &Position) -> bool {
        self.rules.start == Start::FreeCentre && position.board.empties() + 4 > self.rules.size.squares()
    }

    /// The empty centre squares during a free-centre opening.
    fn open_centre(&self, board: &Board) -> SquareSet {
        let c = self.rules.size.side() / 2 - 1;
        let mut centre = SquareSet::empty(self.rules.size);
        for (col, row) in [(c, c), (c + 1, c), (c, c + 1), (c + 1, c + 1)] {
            if let Some(sq) = Square::new(col, row).filter(|&s| board.at(s).is_none()) {
                centre = centre.with(sq);
            }
        }
        centre
    }

    /// The squares the side to move may play (empty when the game is over).
    pub fn legal_moves(&self) -> SquareSet {
        let position = self.position();
        if position.over { SquareSet::empty(self.rules.size) } else { self.moves_in(position, position.to_move) }
    }

    fn moves_in(&self, position: &Position, color: Color) -> SquareSet {
        let out_of_discs = self.rules.supply == DiscSupply::LimitedNoGift && position.hands[color.index()] == 0;
        if self.rules.start == Start::FirstPlayerChooses || out_of_discs {
            SquareSet::empty(self.rules.size)
        } else if self.in_opening(position) {
            self.open_centre(&position.board)
        } else {
            position.board.legal_moves(color)
        }
    }

    /// Every distinct legal move of the side to move: one per square, or under one-line flips one
    /// per bracketed line where a square brackets several.
    pub fn legal_choices(&self) -> Vec<Move> {
        let position = self.position();
        let board = &position.board;
        let one_line = self.rules.flips == FlipMode::OneLine && !self.in_opening(position);
        let mut choices = Vec::new();
        for square in self.legal_moves() {
            let lines = if one_line { board.bracketed_lines(position.to_move, square) } else { Vec::new() };
            if lines.len() > 1 {
                choices.extend(lines.into_iter().map(|d| Move::along(square, d)));
            } else {
                choices.push(Move::new(square));
            }
        }
        choices
    }

    /// Checks `mv` for the side to move and returns the discs it flips and the line to record.
    pub fn check(&self, mv: Move) -> Result<(SquareSet, Option<Direction>), IllegalMove> {
        let position = self.position();
        let board = &position.board;
        let color = position.to_move;
        let square = mv.square;
        if position.over {
            return Err(IllegalMove::GameOver);
        }
        if self.rules.start == Start::FirstPlayerChooses {
            return Err(IllegalMove::StartNotChosen);
        }
        if !self.rules.size.contains(square) {
            return Err(IllegalMove::OffBoard { square, size: self.rules.size });
        }
        if board.at(square).is_some() {
            return Err(IllegalMove::Occupied(square));
        }
        if self.in_opening(position) {
            let centre = self.open_centre(board);
            if !centre.contains(square) {
                return Err(IllegalMove::MustFillCentre { square, centre });
            }
            if mv.line.is_some() {
                return Err(IllegalMove::LineNotNeeded(square));
            }
            return Ok((SquareSet::empty(self.rules.size), None));
        }
        let all = board.flips(color, square);
        if all.is_empty() {
            return Err(IllegalMove::FlipsNothing(square));
        }
        match (self.rules.flips, mv.line) {
            (FlipMode::AllLines, None) => Ok((all, None)),
            (FlipMode::AllLines, Some(_)) => Err(IllegalMove::LineNotNeeded(square)),
            (FlipMode::OneLine, line) => {
                let lines = board.bracketed_lines(color, square);
                match line {
                    None if lines.len() == 1 => Ok((all, None)),
                    None => Err(IllegalMove::LineRequired { square, lines }),
                    Some(dir) if lines.contains(&dir) => {
                        let recorded = (lines.len() > 1).then_some(dir);
                        Ok((board.line_flips(color, square, dir), recorded))
                    }
                    Some(line) => Err(IllegalMove::LineFlipsNothing { square, line, lines }),
                }
            }
        }
    }

    /// Plays `mv` for the side to move, then any forced pass; detects the end. On error the game
    /// is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Outcome, IllegalMove> {
        let (flipped, line) = self.check(mv)?;
        let position = *self.position();
        let color = position.to_move;
        let mut board = position.board;
        board.place(color, mv.square, flipped);
        let mut hands = position.hands;
        let mut borrowed = false;
        if self.rules.supply.is_limited() {
            if hands[color.index()] == 0 {
                hands[color.opponent().index()] = hands[color.opponent().index()].saturating_sub(1);
                borrowed = true;
            } else {
                hands[color.index()] -= 1;
            }
        }
        let played = PlayedMove { color, mv: Move { square: mv.square, line }, flipped, borrowed };
        self.plies.push(Ply::Move(played));
        let mut next = Position { board, to_move: color.opponent(), hands, over: false };
        let mut passed = None;
        if self.moves_in(&next, next.to_move).is_empty() {
            if self.moves_in(&next, color).is_empty() {
                next.over = true;
            } else {
                self.positions.push(next);
                self.plies.push(Ply::Pass(next.to_move));
                passed = Some(next.to_move);
                next.to_move = color;
            }
        }
        self.positions.push(next);
        Ok(Outcome { played, passed, finished: next.over })
    }

    /// Takes back the last move (and the forced pass that followed it, if any), so that its mover
    /// is to move again. Returns the move taken back, or `None` at the start.
    pub fn undo(&mut self) -> Option<PlayedMove> {
        while let Some(Ply::Pass(_)) = self.plies.last() {
            self.plies.pop();
            self.positions.pop();
        }
        match self.plies.pop() {
            Some(Ply::Move(m)) => {
                self.positions.pop();
                Some(m)
            }
            Some(Ply::Pass(_)) => unreachable!("trailing passes were removed above"),
            None => None,
        }
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.is_over().then(|| result_of(&self.rules, self.board()))
    }

    /// The result the board would give if the game ended now (for a resignation the service
    /// decides the winner itself; this is for showing counts).
    pub fn counts(&self) -> [u32; 2] {
        Color::BOTH.map(|c| self.board().count(c))
    }
}

/// The result of a finished game on `board` under `rules`.
pub fn result_of(rules: &Rules, board: &Board) -> GameResult {
    let (black, white, empties) = (board.count(Color::Black), board.count(Color::White), board.empties());
    let (winner, by_tie_rule) = match black.cmp(&white) {
        std::cmp::Ordering::Greater => (Some(Color::Black), false),
        std::cmp::Ordering::Less => (Some(Color::White), false),
        std::cmp::Ordering::Equal => match rules.tie {
            TieRule::Draw => (None, false),
            TieRule::SecondPlayerWins => (Some(Color::White), true),
            TieRule::Counts(color) => (Some(color), true),
        },
    };
    let score = match (rules.scoring, black.cmp(&white)) {
        (Scoring::Discs, _) => [black, white],
        (Scoring::Wof, std::cmp::Ordering::Greater) => [black + empties, white],
        (Scoring::Wof, std::cmp::Ordering::Less) => [black, white + empties],
        (Scoring::Wof, std::cmp::Ordering::Equal) => [black + empties / 2, white + empties - empties / 2],
    };
    GameResult { black, white, empties, winner, by_tie_rule, score }
}
