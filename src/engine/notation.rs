//! Game records: transcripts (`f5d6c3...`), GGF (the Generic Game Format of GGS and NBoard) and
//! OBF (one position per line, as in the endgame test suites).

use std::fmt;
use std::str::FromStr;

use super::board::{Board, BoardTextError};
use super::game::{Game, IllegalMove, Move, ParseMoveError, Ply};
use super::rules::{Rules, Start};
use super::square::{BoardSize, Color, Direction, ParseSquareError, Square};

/// Why a record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A token that is not a move.
    #[error("move {number}: {error}")]
    BadMove {
        /// 1-based move number.
        number: usize,
        /// What is wrong with it.
        error: ParseMoveError,
    },
    /// A move that is not legal where it stands.
    #[error("move {number} ({mv}) is illegal: {error}")]
    Illegal {
        /// 1-based move number.
        number: usize,
        /// The move.
        mv: Move,
        /// Why.
        error: IllegalMove,
    },
    /// A GGF or OBF field is missing or malformed.
    #[error("{0}")]
    Format(String),
    /// The board diagram is wrong.
    #[error(transparent)]
    Board(#[from] BoardTextError),
}

impl Game {
    /// The transcript: every move in order, passes left out (they are forced), such as
    /// `f5d6c3`. One-line-flip moves that name a line are written `c4:ne`.
    ///
    /// ```
    /// use reversi_bot::engine::{Game, Rules};
    /// let game = Game::from_transcript(Rules::default(), "F5 d6 c3").unwrap();
    /// assert_eq!(game.transcript(), "f5d6c3");
    /// ```
    pub fn transcript(&self) -> String {
        self.moves().map(|m| m.mv.to_string()).collect()
    }

    /// Replays a transcript. Squares may be upper or lower case and separated by spaces, commas,
    /// dots or move numbers (`1. f5 d6 2. c3`); forced passes are implied.
    pub fn from_transcript(rules: Rules, text: &str) -> Result<Game, RecordError> {
        let mut game = Game::new(rules);
        for (i, mv) in parse_moves(text, rules.size)?.into_iter().enumerate() {
            game.play(mv).map_err(|error| RecordError::Illegal { number: i + 1, mv, error })?;
        }
        Ok(game)
    }

    /// The game as GGF. Othello (on any size, `TY`) is plain GGF that other programs read. Any
    /// other rules are written as `GM[Reversi]` with our extension `RU[start=…;flips=…;supply=…;
    /// tie=…;scoring=…]` (the rule options' keys, see `docs/rules.md`), which [`Game::from_ggf`]
    /// reads back and other programs ignore; moves that name their line are `B[c4:ne]`, and a
    /// tie decided by the tie rule is `RE[+0:B]` or `RE[+0:W]`.
    ///
    /// ```
    /// use reversi_bot::engine::{Game, GgfInfo, Rules};
    /// let game = Game::from_transcript(Rules::default(), "f5d6c3").unwrap();
    /// let ggf = game.to_ggf(&GgfInfo { black: "ann".into(), white: "bob".into(), ..GgfInfo::default() });
    /// assert!(ggf.starts_with("(;GM[Othello]"));
    /// let (back, info) = Game::from_ggf(&ggf).unwrap();
    /// assert_eq!(back.transcript(), "f5d6c3");
    /// assert_eq!(info.white, "bob");
    /// ```
    pub fn to_ggf(&self, info: &GgfInfo) -> String {
        let clean = |s: &str| s.replace([']', '\\'], ")");
        let rules = *self.rules();
        let othello = rules.on(BoardSize::Eight).is_standard();
        let mut out = String::from(if othello { "(;GM[Othello]" } else { "(;GM[Reversi]" });
        out.push_str(&format!("PC[{}]", clean(if info.place.is_empty() { "reversi-bot" } else { &info.place })));
        if !info.date.is_empty() {
            out.push_str(&format!("DT[{}]", clean(&info.date)));
        }
        out.push_str(&format!("PB[{}]PW[{}]", clean(&info.black), clean(&info.white)));
        if let Some(result) = self.result() {
            match result.winner.filter(|_| result.by_tie_rule) {
                Some(winner) => out.push_str(&format!("RE[{:+}:{}]", result.margin(), ggf_tag(winner))),
                None => out.push_str(&format!("RE[{:+}]", result.margin())),
            }
        } else if let Some(result) = &info.result {
            out.push_str(&format!("RE[{}]", clean(result)));
        }
        if !othello {
            let parts: Vec<String> = rules.options().iter().map(|(option, key)| format!("{option}={key}")).collect();
            out.push_str(&format!("RU[{}]", parts.join(";")));
        }
        let start = &self.positions()[0];
        out.push_str(&format!(
            "TY[{}]BO[{} {} {}]",
            self.rules().size.side(),
            self.rules().size.side(),
            start.board.to_rows().replace('X', "*"),
            ggf_color(start.to_move)
        ));
        for ply in self.plies() {
            match ply {
                Ply::Move(m) => out.push_str(&format!("{}[{}]", ggf_tag(m.color), m.mv)),
                Ply::Pass(color) => out.push_str(&format!("{}[PA]", ggf_tag(*color))),
            }
        }
        out.push_str(";)");
        out
    }

    /// Reads a GGF game: the players, the rules (Othello, or `GM[Reversi]` with our `RU`
    /// extension, see [`Game::to_ggf`]), the start (`BO` must be the start of those rules, or for
    /// plain GGF a standard or parallel start of the `TY` size) and the moves. `PA` passes are
    /// checked to be forced; missing ones are implied.
    pub fn from_ggf(text: &str) -> Result<(Game, GgfInfo), RecordError> {
        let body = text
            .trim()
            .strip_prefix("(;")
            .and_then(|t| t.find(";)").map(|end| &t[..end]))
            .ok_or_else(|| RecordError::Format("a GGF game starts with (; and ends with ;)".into()))?;
        let properties = ggf_properties(body)?;
        let value = |key: &str| properties.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
        if let Some(gm) = value("GM")
            && !gm.eq_ignore_ascii_case("othello")
            && !gm.eq_ignore_ascii_case("reversi")
        {
            return Err(RecordError::Format(format!("GM[{gm}] is not an Othello or Reversi game")));
        }
        let size = match value("TY") {
            None => BoardSize::Eight,
            Some(ty) => ty.trim().parse::<u8>().ok().and_then(BoardSize::from_side).ok_or_else(|| {
                RecordError::Format(format!("TY[{ty}]: only the plain 6, 8 and 10 types are supported"))
            })?,
        };
        let mut rules = Rules { size, ..Rules::default() };
        let named = value("RU");
        for part in named.iter().flat_map(|ru| ru.split(';')).filter(|part| !part.trim().is_empty()) {
            let (option, key) = part.split_once('=').unwrap_or((part, ""));
            rules = rules
                .with_option(option.trim(), key.trim())
                .ok_or_else(|| RecordError::Format(format!("RU[{part}] names no rule we know")))?;
        }
        if let Some(bo) = value("BO") {
            let side = bo.split_whitespace().next().unwrap_or_default();
            if side.parse::<u8>().ok() != Some(size.side()) {
                return Err(RecordError::Format(format!("BO[{bo}] does not match TY")));
            }
            let (rows, to_move) = split_ggf_board(&bo, size)?;
            let board = Board::from_rows(&rows, size)?;
            if named.is_some() {
                if Board::start(size, rules.start) != board {
                    return Err(RecordError::Format("BO is not the start its RU names".into()));
                }
            } else {
                rules.start =
                    [Start::Cross, Start::Parallel].into_iter().find(|&s| Board::start(size, s) == board).ok_or_else(
                        || RecordError::Format("only games from the standard (or parallel) start can be read".into()),
                    )?;
            }
            if to_move != Color::Black {
                return Err(RecordError::Format("black moves first from the start position".into()));
            }
        }
        let mut game = Game::new(rules);
        let mut passes_matched = [0usize; 2];
        let mut move_time = [std::time::Duration::ZERO; 2];
        let mut number = 0;
        for (key, raw) in &properties {
            let color = match key.as_str() {
                "B" => Color::Black,
                "W" => Color::White,
                _ => continue,
            };
            let token = raw.split('/').next().unwrap_or_default().trim();
            if token.eq_ignore_ascii_case("pa") {
                // Passes are played automatically; a recorded one must match a forced pass.
                let forced = game.plies().iter().filter(|p| matches!(p, Ply::Pass(c) if *c == color)).count();
                if forced <= passes_matched[color.index()] {
                    return Err(RecordError::Format(format!(
                        "{color} passes after move {number} but has a legal move"
                    )));
                }
                passes_matched[color.index()] += 1;
                continue;
            }
            let seconds = raw.split('/').nth(2).and_then(|t| t.trim().parse::<f64>().ok());
            move_time[color.index()] += std::time::Duration::from_secs_f64(seconds.unwrap_or(0.0).max(0.0));
            number += 1;
            let mv = Move::parse(token, size).map_err(|error| RecordError::BadMove { number, error })?;
            if game.to_move() != Some(color) {
                return Err(RecordError::Format(format!("move {number} ({mv}) is played by {color} out of turn")));
            }
            game.play(mv).map_err(|error| RecordError::Illegal { number, mv, error })?;
        }
        let info = GgfInfo {
            black: value("PB").unwrap_or_default(),
            white: value("PW").unwrap_or_default(),
            place: value("PC").unwrap_or_default(),
            date: value("DT").unwrap_or_default(),
            result: value("RE"),
            time_control: value("TI"),
            move_time,
        };
        Ok((game, info))
    }
}

/// Splits a `BO` value into the rows and the side to move, accepting rows with or without spaces.
fn split_ggf_board(bo: &str, size: BoardSize) -> Result<(String, Color), RecordError> {
    let squares: String = bo.split_whitespace().skip(1).collect();
    let n = size.squares() as usize;
    let chars: Vec<char> = squares.chars().collect();
    if chars.len() != n + 1 {
        return Err(RecordError::Format(format!("BO needs {n} squares and the side to move")));
    }
    let rows: String = chars[..n].iter().collect();
    let to_move = match chars[n] {
        '*' | 'X' | 'B' => Color::Black,
        'O' | 'W' => Color::White,
        other => return Err(RecordError::Format(format!("'{other}' is not a side to move"))),
    };
    Ok((rows, to_move))
}

fn ggf_tag(color: Color) -> &'static str {
    match color {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn ggf_color(color: Color) -> char {
    match color {
        Color::Black => '*',
        Color::White => 'O',
    }
}

/// `KEY[value]` pairs in order.
fn ggf_properties(body: &str) -> Result<Vec<(String, String)>, RecordError> {
    let mut properties = Vec::new();
    let mut rest = body;
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(properties);
        }
        let open = rest
            .find('[')
            .ok_or_else(|| RecordError::Format(format!("expected KEY[value] at \"{}\"", preview(rest))))?;
        let key = rest[..open].trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()) {
            return Err(RecordError::Format(format!("\"{}\" is not a GGF property name", preview(key))));
        }
        let close = rest[open..].find(']').ok_or_else(|| RecordError::Format(format!("{key}[ is never closed")))?;
        properties.push((key.to_string(), rest[open + 1..open + close].to_string()));
        rest = &rest[open + close + 1..];
    }
}

fn preview(text: &str) -> String {
    text.chars().take(20).collect()
}

/// Parses a list of moves written one after another, with or without separators.
pub fn parse_moves(text: &str, size: BoardSize) -> Result<Vec<Move>, RecordError> {
    let mut moves = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        // Skip separators and move numbers such as "12." between moves.
        let skip = rest.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(rest.len());
        rest = &rest[skip..];
        if rest.is_empty() {
            break;
        }
        let number = moves.len() + 1;
        let bad = |error: ParseMoveError| RecordError::BadMove { number, error };
        let (square, after) = Square::parse_prefix(rest).map_err(|e| bad(e.into()))?;
        if !size.contains(square) {
            return Err(bad(ParseSquareError::OffBoard { text: square.to_string(), size }.into()));
        }
        rest = after;
        let mut line = None;
        if let Some(after_colon) = rest.strip_prefix(':') {
            let mut len = after_colon.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(after_colon.len());
            // In "c4:nef5" the letters run into the next square: its column letter is not ours.
            if after_colon[len..].starts_with(|c: char| c.is_ascii_digit()) {
                len = len.saturating_sub(1);
            }
            let dir: Direction =
                after_colon[..len].parse().map_err(|e: super::square::ParseDirectionError| bad(e.into()))?;
            line = Some(dir);
            rest = &after_colon[len..];
        }
        moves.push(Move { square, line });
    }
    Ok(moves)
}

/// Extra data of a GGF record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GgfInfo {
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Where it was played (`PC`).
    pub place: String,
    /// When (`DT`).
    pub date: String,
    /// The result as written (`RE`), for unfinished games (a resignation, a timeout).
    pub result: Option<String>,
    /// The time control as written (`TI`, such as `15:00`); read, not written.
    pub time_control: Option<String>,
    /// The time black's and white's moves took in all, from the moves' `F5/eval/seconds`; read,
    /// not written.
    pub move_time: [std::time::Duration; 2],
}

/// A position written as text: the 64 squares of an 8x8 board row by row from a1 (`X` black,
/// `O` white, `-` or `.` empty, as in OBF and in diagrams; spaces, `/` and `|` between rows are
/// ignored), then the side to move (`X` or `O`, `B` or `W`). Without a side, Black moves when
/// the number of discs is even, as in a game without passes. Scores after a `;` are ignored.
///
/// ```
/// use reversi_bot::engine::{Color, parse_position};
/// let start = "---------------------------OX------XO--------------------------- X";
/// let (board, to_move) = parse_position(start).unwrap();
/// assert_eq!((board.empties(), to_move), (60, Color::Black));
/// let rows = "......../......../......../...OX.../...XXX../......../......../........";
/// assert_eq!(parse_position(rows).unwrap().1, Color::White);
/// ```
pub fn parse_position(text: &str) -> Result<(Board, Color), RecordError> {
    let head = text.split(';').next().unwrap_or_default().trim();
    // The side is the last symbol when it stands alone after a longer word (`... X`), or the
    // 65th symbol of an unbroken line.
    let words: Vec<&str> = head.split_whitespace().collect();
    let (board_part, spaced_side) = match words.as_slice() {
        [.., before, side] if side.chars().count() == 1 && before.chars().count() > 1 => {
            (&head[..head.len() - side.len()], side.chars().next())
        }
        _ => (head, None),
    };
    let mut symbols: Vec<char> = board_part.chars().filter(|c| !c.is_whitespace() && !matches!(c, '/' | '|')).collect();
    let squares = BoardSize::Eight.squares() as usize;
    let side = spaced_side.or_else(|| if symbols.len() == squares + 1 { symbols.pop() } else { None });
    let rows: String = symbols.into_iter().collect();
    let board = Board::from_rows(&rows, BoardSize::Eight)?;
    let to_move = match side {
        None if (board.count(Color::Black) + board.count(Color::White)) % 2 == 0 => Color::Black,
        None => Color::White,
        Some('X' | 'x' | '*' | 'B' | 'b') => Color::Black,
        Some('O' | 'o' | '0' | 'W' | 'w') => Color::White,
        Some(other) => return Err(RecordError::Format(format!("\"{other}\" is not a side to move: use X or O"))),
    };
    Ok((board, to_move))
}

/// Whether `text` is written as a board rather than as moves: only the squares' and the side's
/// letters, without the move numbers every transcript has.
pub fn looks_like_position(text: &str) -> bool {
    let head = text.split(';').next().unwrap_or_default();
    head.chars().any(|c| matches!(c, '-' | '.' | '_' | 'X' | 'x' | 'O' | 'o' | '*'))
        && head.chars().all(|c| {
            c.is_whitespace()
                || matches!(c, '/' | '|' | '-' | '.' | '_' | '*' | '0' | 'X' | 'x' | 'O' | 'o' | 'B' | 'b' | 'W' | 'w')
        })
}

/// One line of an OBF file: an 8x8 position, the side to move and optionally the scores of the
/// best moves (final disc difference for the side to move with perfect play).
///
/// ```
/// use reversi_bot::engine::{Color, ObfPosition};
/// let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
/// let position: ObfPosition = line.parse().unwrap();
/// assert_eq!(position.to_move, Color::Black);
/// assert_eq!(position.scores[0].1, 18);
/// assert_eq!(position.best_score(), Some(18));
/// assert_eq!(position.board.empties(), 14);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfPosition {
    /// The discs.
    pub board: Board,
    /// Whose move it is.
    pub to_move: Color,
    /// The scored moves given in the file, best first as written (a pass is written `PA`, and
    /// kept here as `None`).
    pub scores: Vec<(Option<Square>, i32)>,
}

impl ObfPosition {
    /// The best score given, if any.
    pub fn best_score(&self) -> Option<i32> {
        self.scores.iter().map(|&(_, s)| s).max()
    }

    /// The moves that reach the best score.
    pub fn best_moves(&self) -> Vec<Option<Square>> {
        let best = self.best_score();
        self.scores.iter().filter(|&&(_, s)| Some(s) == best).map(|&(m, _)| m).collect()
    }
}

impl FromStr for ObfPosition {
    type Err = RecordError;

    fn from_str(line: &str) -> Result<Self, Self::Err> {
        let line = line.trim();
        let mut fields = line.split(';');
        let head = fields.next().unwrap_or_default().trim();
        let (rows, side) = head
            .rsplit_once(char::is_whitespace)
            .ok_or_else(|| RecordError::Format("an OBF line is 64 squares, a space, and X or O".into()))?;
        let board = Board::from_rows(rows, BoardSize::Eight)?;
        let to_move = match side.trim() {
            "X" | "x" | "*" | "B" => Color::Black,
            "O" | "o" | "W" => Color::White,
            other => return Err(RecordError::Format(format!("\"{other}\" is not a side to move: use X or O"))),
        };
        let mut scores = Vec::new();
        for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
            let (mv, score) =
                field.split_once(':').ok_or_else(|| RecordError::Format(format!("\"{field}\" is not move:score")))?;
            let square = if mv.trim().eq_ignore_ascii_case("pa") {
                None
            } else {
                Some(Square::parse(mv, BoardSize::Eight).map_err(|e| RecordError::Format(e.to_string()))?)
            };
            let score: i32 = score
                .trim()
                .trim_start_matches('+')
                .parse()
                .map_err(|_| RecordError::Format(format!("\"{score}\" is not a score")))?;
            scores.push((square, score));
        }
        Ok(ObfPosition { board, to_move, scores })
    }
}

impl fmt::Display for ObfPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.to_move {
            Color::Black => 'X',
            Color::White => 'O',
        };
        write!(f, "{} {side};", self.board.to_rows())?;
        for (square, score) in &self.scores {
            match square {
                Some(s) => write!(f, " {}:{score:+};", s.to_string().to_ascii_uppercase())?,
                None => write!(f, " PA:{score:+};")?,
            }
        }
        Ok(())
    }
}
