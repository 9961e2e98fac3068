//! Puzzles in the service: a puzzle near the player's puzzle rating (or a numbered one), streaks
//! of rising difficulty, the hint, giving up, answers by menu, `/move` or typed square, the bot's
//! replies in a line, and the Glicko-2 puzzle ratings moved on a player's first attempt at a
//! puzzle. The puzzles are the shipped set ([`crate::puzzle::shipped`]); the store keeps the
//! ratings and every attempt, so a restart loses nothing.

use crate::engine::{BoardSize, Color, Game, Move, Square};
use crate::puzzle::{self, Judgement, Puzzle};
use crate::store::queries::*;
use crate::store::{AttemptId, AttemptRecord, AttemptStatus, Glicko, NewAttempt, PuzzleMode, StoreError};

use super::command::{PuzzleAction, PuzzleButton};
use super::ratings::{newcomer, step};
use super::view::puzzle::{self as words, Answer, PuzzleScene};
use super::{Invocation, Response, Service, ServiceError, UserError};

/// How many puzzles nearest the target rating a new puzzle is drawn from.
const NEAREST: u32 = 12;
/// The rating a streak's first puzzle is near.
const STREAK_START: f64 = 1100.0;
/// How much nearer the hardest puzzles each solved puzzle of a streak takes it.
const STREAK_STEP: f64 = 60.0;
/// How many lines the server's best streaks show.
const STREAK_LINES: u32 = 10;

impl Service {
    /// `/puzzle`: the next puzzle, a streak, the hint, giving up, or the stats.
    pub(super) async fn puzzle(&self, inv: &Invocation, action: PuzzleAction) -> Result<Response, ServiceError> {
        match action {
            PuzzleAction::Next(number) => {
                if number.is_none()
                    && let Some(live) = self.live_puzzle(inv, PuzzleMode::Rated).await?
                {
                    return self.show_attempt(inv, &live, None, None).await;
                }
                self.start_puzzle(inv, PuzzleMode::Rated, number, None).await
            }
            PuzzleAction::Streak => match self.live_puzzle(inv, PuzzleMode::Streak).await? {
                Some(live) => self.show_attempt(inv, &live, None, None).await,
                None => self.start_puzzle(inv, PuzzleMode::Streak, None, None).await,
            },
            PuzzleAction::Hint => {
                let record = self.own_live_puzzle(inv).await?;
                self.puzzle_hint(inv, record).await
            }
            PuzzleAction::GiveUp => {
                let record = self.own_live_puzzle(inv).await?;
                let moves = moves_of(&record)?;
                self.save_puzzle(inv, record, moves, AttemptStatus::GaveUp, None).await
            }
            PuzzleAction::Stats => self.puzzle_stats(inv).await,
        }
    }

    /// A square chosen in the menu under a puzzle.
    pub(super) async fn puzzle_menu(
        &self,
        inv: &Invocation,
        attempt: AttemptId,
        version: i64,
        value: &str,
    ) -> Result<Response, ServiceError> {
        let record = self.clicked_attempt(inv, attempt, Some(version)).await?;
        self.answer_puzzle(inv, record, value).await
    }

    /// A button under a puzzle.
    pub(super) async fn puzzle_button(
        &self,
        inv: &Invocation,
        attempt: AttemptId,
        version: i64,
        button: PuzzleButton,
    ) -> Result<Response, ServiceError> {
        match button {
            PuzzleButton::Hint => {
                let record = self.clicked_attempt(inv, attempt, Some(version)).await?;
                self.puzzle_hint(inv, record).await
            }
            PuzzleButton::GiveUp => {
                let record = self.clicked_attempt(inv, attempt, Some(version)).await?;
                let moves = moves_of(&record)?;
                self.save_puzzle(inv, record, moves, AttemptStatus::GaveUp, None).await
            }
            PuzzleButton::Next => {
                let record = self.clicked_attempt(inv, attempt, None).await?;
                if record.is_live() {
                    return Err(UserError::Stale.into());
                }
                let mode = if record.mode == PuzzleMode::Streak { PuzzleMode::Streak } else { PuzzleMode::Rated };
                if let Some(live) = self.live_puzzle(inv, mode).await? {
                    return self.show_attempt(inv, &live, None, None).await;
                }
                let after =
                    (record.mode == PuzzleMode::Streak && record.status == AttemptStatus::Solved).then_some(&record);
                self.start_puzzle(inv, mode, None, after).await
            }
        }
    }

    /// A square typed or given to `/move` when the caller plays no game here: their puzzle here
    /// (a streak's or a rated one, the newest), if they have one.
    pub(super) async fn typed_puzzle_move(
        &self,
        inv: &Invocation,
        text: &str,
    ) -> Result<Option<Response>, ServiceError> {
        let Some(record) = self.answerable_puzzle(inv).await? else { return Ok(None) };
        self.answer_puzzle(inv, record, text).await.map(Some)
    }

    /// The legal squares of the caller's puzzle here that start with `prefix`.
    pub(super) async fn puzzle_moves_matching(
        &self,
        inv: &Invocation,
        prefix: &str,
    ) -> Result<Vec<String>, ServiceError> {
        let Some(record) = self.answerable_puzzle(inv).await? else { return Ok(Vec::new()) };
        let (puzzle, _) = puzzle_of(&record)?;
        let moves = moves_of(&record)?;
        let game = position(puzzle, &moves)?;
        let prefix = prefix.trim().to_ascii_lowercase();
        Ok(game.legal_choices().iter().map(|m| m.to_string()).filter(|m| m.starts_with(&prefix)).take(25).collect())
    }

    /// Starts a puzzle: the numbered one, or one near the target of `mode` that the player has
    /// not tried (in a streak: not in this run); `after` is the streak's solved puzzle before.
    async fn start_puzzle(
        &self,
        inv: &Invocation,
        mode: PuzzleMode,
        number: Option<u32>,
        after: Option<&AttemptRecord>,
    ) -> Result<Response, ServiceError> {
        self.seed_puzzles().await?;
        let (run, streak) = after.map_or((None, 0), |before| (Some(before.run), before.streak + 1));
        let number = match number {
            Some(number) => {
                puzzle::numbered(number).ok_or(UserError::NoSuchPuzzle(number, puzzle::shipped().puzzles.len()))?;
                number
            }
            None => {
                let target = match mode {
                    PuzzleMode::Streak => STREAK_START + STREAK_STEP * f64::from(streak),
                    _ => self.store().player_puzzle_rating(inv.user.id).await?.map_or(newcomer().rating, |g| g.rating),
                };
                let near = self.store().puzzles_near(inv.user.id, target, run, NEAREST).await?;
                if near.is_empty() {
                    return Err(UserError::NoPuzzleLeft.into());
                }
                near[draw(inv, near.len())]
            }
        };
        let new = NewAttempt {
            player: inv.user.id,
            guild: inv.guild,
            channel: inv.channel,
            puzzle: number,
            mode,
            run,
            streak,
            day: None,
        };
        let record = self.store().create_attempt(&new, inv.now).await.map_err(|error| match error {
            StoreError::PuzzleLive => ServiceError::from(UserError::PuzzleLive),
            other => other.into(),
        })?;
        self.show_attempt(inv, &record, None, None).await
    }

    /// Plays the square `text` in the attempt: a step solved (the bot answers when the line goes
    /// on), the puzzle solved, or missed.
    async fn answer_puzzle(
        &self,
        inv: &Invocation,
        record: AttemptRecord,
        text: &str,
    ) -> Result<Response, ServiceError> {
        let (puzzle, _) = puzzle_of(&record)?;
        let square = Square::parse(text.trim(), BoardSize::Eight)
            .map_err(|_| UserError::PuzzleBadSquare(text.trim().to_string()))?;
        let mut moves = moves_of(&record)?;
        let step = moves.len();
        let judgement = puzzle.judge(step, square);
        let status = match judgement {
            Judgement::Illegal => return Err(UserError::PuzzleIllegal(square.to_string()).into()),
            Judgement::Accepted(_) if step + 1 == puzzle.steps.len() => AttemptStatus::Solved,
            Judgement::Accepted(_) => AttemptStatus::Live,
            Judgement::Rejected(_) => AttemptStatus::Failed,
        };
        moves.push(square);
        let answer = Answer {
            step,
            square,
            judgement,
            reply: puzzle.steps[step].reply.filter(|_| status == AttemptStatus::Live),
        };
        self.save_puzzle(inv, record, moves, status, Some(answer)).await
    }

    /// Saves the attempt (compare-and-set on its version) and, when it ends a rated attempt,
    /// moves the player's and the puzzle's ratings in the same transaction; then shows it.
    async fn save_puzzle(
        &self,
        inv: &Invocation,
        record: AttemptRecord,
        moves: Vec<Square>,
        status: AttemptStatus,
        answer: Option<Answer>,
    ) -> Result<Response, ServiceError> {
        let (puzzle, _) = puzzle_of(&record)?;
        let text = moves.iter().map(Square::to_string).collect::<Vec<_>>().join(" ");
        let mut tx = self.store().begin().await?;
        let version = tx.save_attempt(record.id, record.version, &text, record.hinted, status, inv.now).await?;
        let mut change = None;
        if status != AttemptStatus::Live && record.rated {
            tx.lock_ratings(&[record.player]).await?;
            let player_before = tx.player_puzzle_rating(record.player).await?.unwrap_or_else(newcomer);
            let puzzle_before = tx.puzzle_rating_held(record.puzzle, true).await?.unwrap_or_else(|| starting(puzzle));
            let winner = if status == AttemptStatus::Solved { Color::Black } else { Color::White };
            let (player_after, puzzle_after) = step(&player_before, &puzzle_before, Some(winner));
            let solved = status == AttemptStatus::Solved;
            tx.rate_attempt(record.player, record.puzzle, player_after, puzzle_after, solved, inv.now).await?;
            change = Some((player_before, player_after));
        }
        tx.commit().await?;
        let record = AttemptRecord { moves: text, status, version, updated_at: inv.now, ..record };
        self.show_attempt(inv, &record, answer, change).await
    }

    async fn puzzle_hint(&self, inv: &Invocation, record: AttemptRecord) -> Result<Response, ServiceError> {
        if !record.hinted {
            let version = self
                .store()
                .save_attempt(record.id, record.version, &record.moves, true, record.status, inv.now)
                .await?;
            let record = AttemptRecord { hinted: true, version, updated_at: inv.now, ..record };
            return self.show_attempt(inv, &record, None, None).await;
        }
        self.show_attempt(inv, &record, None, None).await
    }

    /// The attempt's board: the position reached while it is live, the solution line once over.
    pub(super) async fn show_attempt(
        &self,
        inv: &Invocation,
        record: &AttemptRecord,
        answer: Option<Answer>,
        change: Option<(Glicko, Glicko)>,
    ) -> Result<Response, ServiceError> {
        let (puzzle, number) = puzzle_of(record)?;
        let moves = moves_of(record)?;
        let game = position(puzzle, &moves)?;
        let rating = self.store().puzzle_rating(number).await?.unwrap_or_else(|| starting(puzzle));
        let best_streak = match (record.mode, record.status) {
            (PuzzleMode::Streak, AttemptStatus::Failed | AttemptStatus::GaveUp) => {
                Some(self.store().puzzle_record(record.player).await?.best_streak)
            }
            _ => None,
        };
        let scene = PuzzleScene {
            locale: inv.locale(),
            theme: self.theme(inv.guild).await?,
            puzzle,
            number,
            record,
            game: &game,
            rating: rating.rating,
            player: &inv.user,
            answer,
            change,
            best_streak,
        };
        Ok(words::board(self.pictures(), &scene).into())
    }

    async fn puzzle_stats(&self, inv: &Invocation) -> Result<Response, ServiceError> {
        let rating = self.store().player_puzzle_rating(inv.user.id).await?;
        let record = self.store().puzzle_record(inv.user.id).await?;
        let streaks = match inv.guild {
            Some(guild) => Some(self.store().best_streaks(guild, STREAK_LINES).await?),
            None => None,
        };
        Ok(words::stats(inv.locale(), &inv.user, rating.as_ref(), &record, streaks.as_deref()).into())
    }

    /// Gives every shipped puzzle its rating row once per process (cheap when they have them).
    pub(super) async fn seed_puzzles(&self) -> Result<(), ServiceError> {
        self.inner
            .puzzles_seeded
            .get_or_try_init(|| async {
                let ratings: Vec<(u32, Glicko)> = puzzle::shipped()
                    .puzzles
                    .iter()
                    .zip(1u32..)
                    .map(|(puzzle, number)| (number, starting(puzzle)))
                    .collect();
                self.store().seed_puzzle_ratings(&ratings).await.map(drop)
            })
            .await?;
        Ok(())
    }

    /// The caller's live attempt of `mode` here.
    async fn live_puzzle(&self, inv: &Invocation, mode: PuzzleMode) -> Result<Option<AttemptRecord>, ServiceError> {
        let live = self.store().live_attempts(inv.user.id, inv.channel).await?;
        Ok(live.into_iter().find(|a| a.mode == mode))
    }

    /// The caller's newest live puzzle here that is answered in the open (not the day's).
    async fn answerable_puzzle(&self, inv: &Invocation) -> Result<Option<AttemptRecord>, ServiceError> {
        let live = self.store().live_attempts(inv.user.id, inv.channel).await?;
        Ok(live.into_iter().find(|a| a.mode != PuzzleMode::Daily))
    }

    async fn own_live_puzzle(&self, inv: &Invocation) -> Result<AttemptRecord, ServiceError> {
        self.answerable_puzzle(inv).await?.ok_or_else(|| UserError::NoPuzzle.into())
    }

    /// The attempt a button or menu belongs to, when the caller is its player and (with a
    /// version) it has not moved on.
    async fn clicked_attempt(
        &self,
        inv: &Invocation,
        id: AttemptId,
        version: Option<i64>,
    ) -> Result<AttemptRecord, ServiceError> {
        let record = self.store().attempt(id).await?.ok_or(UserError::Stale)?;
        if record.player != inv.user.id {
            return Err(UserError::NotYourPuzzle(self.name_of(record.player, inv.locale()).await?).into());
        }
        if let Some(version) = version {
            if !record.is_live() {
                return Err(UserError::PuzzleOver.into());
            }
            if record.version != version {
                return Err(UserError::Stale.into());
            }
        }
        Ok(record)
    }
}

/// A puzzle's rating before anyone tried it.
fn starting(puzzle: &Puzzle) -> Glicko {
    Glicko { rating: puzzle::starting_rating(puzzle.difficulty), ..newcomer() }
}

/// One of `count` choices, drawn from the moment and the player.
fn draw(inv: &Invocation, count: usize) -> usize {
    let moment = u64::from_ne_bytes(inv.now.as_millis().to_ne_bytes());
    let seed = crate::engine::SplitMix64::new(moment ^ inv.user.id.0.rotate_left(17)).next_u64();
    usize::try_from(seed % count.max(1) as u64).unwrap_or(0)
}

/// The shipped puzzle an attempt is at, and its number.
fn puzzle_of(record: &AttemptRecord) -> Result<(&'static Puzzle, u32), ServiceError> {
    let puzzle = puzzle::numbered(record.puzzle).ok_or_else(|| {
        ServiceError::Internal(anyhow::anyhow!(
            "attempt #{} is at puzzle {}, not in the set",
            record.id.0,
            record.puzzle
        ))
    })?;
    Ok((puzzle, record.puzzle))
}

/// The player's moves of an attempt.
fn moves_of(record: &AttemptRecord) -> Result<Vec<Square>, ServiceError> {
    record
        .moves
        .split_whitespace()
        .map(|text| Square::parse(text, BoardSize::Eight))
        .collect::<Result<_, _>>()
        .map_err(|e| ServiceError::Internal(anyhow::anyhow!("attempt #{} has a corrupt move: {e}", record.id.0)))
}

/// The position after the player's `moves` and the bot's replies: each accepted move is
/// followed by its step's reply (only a line's steps but the last have one); a rejected move
/// ends the attempt, so it is the last.
fn position(puzzle: &Puzzle, moves: &[Square]) -> Result<Game, ServiceError> {
    let corrupt = |what: &str| ServiceError::Internal(anyhow::anyhow!("a puzzle's {what} cannot be played"));
    let mut game = puzzle.game().ok_or_else(|| corrupt("board"))?;
    for (step, &square) in moves.iter().enumerate() {
        game.play(Move::new(square)).map_err(|_| corrupt("move"))?;
        if let Judgement::Accepted(_) = puzzle.judge(step, square)
            && let Some(reply) = puzzle.steps[step].reply
        {
            game.play(Move::new(reply)).map_err(|_| corrupt("reply"))?;
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glicko(rating: f64, deviation: f64) -> Glicko {
        Glicko { rating, deviation, volatility: 0.06 }
    }

    fn close(a: &Glicko, rating: f64, deviation: f64) {
        assert!((a.rating - rating).abs() < 0.01 && (a.deviation - deviation).abs() < 0.01, "{a:?}");
    }

    /// Glicko-2 (Glickman's steps 1 to 8, τ = 0.5) worked by hand for one game each: a solve is
    /// the player's win over the puzzle, a miss the puzzle's win.
    #[test]
    fn puzzle_ratings_move_as_glicko_2_computes_by_hand() {
        // A newcomer solves a fresh puzzle of the same rating.
        let (player, puzzle) = step(&glicko(1500.0, 350.0), &glicko(1500.0, 350.0), Some(Color::Black));
        close(&player, 1662.31, 290.32);
        close(&puzzle, 1337.69, 290.32);
        // A newcomer solves a hard fresh puzzle (rated 1800).
        let (player, puzzle) = step(&glicko(1500.0, 350.0), &glicko(1800.0, 350.0), Some(Color::Black));
        close(&player, 1769.76, 303.48);
        close(&puzzle, 1530.24, 303.48);
        // An established 1650 misses a well-known 1400 puzzle.
        let (player, puzzle) = step(&glicko(1650.0, 80.0), &glicko(1400.0, 60.0), Some(Color::White));
        close(&player, 1621.33, 79.39);
        close(&puzzle, 1416.28, 60.35);
    }

    #[test]
    fn a_puzzle_starts_rated_by_its_difficulty_around_a_newcomers_rating() {
        assert_eq!(puzzle::starting_rating(1), 1100.0);
        assert_eq!(puzzle::starting_rating(5), newcomer().rating);
        assert_eq!(puzzle::starting_rating(10), 2000.0);
    }
}
