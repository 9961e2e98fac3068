//! The engine as a coach: a finished game's review (every move scored, the biggest mistakes
//! explained, a chart; computed once on a blocking thread and kept with the game) and the
//! analysis of one position (every legal move's value), which is refused to anyone in a live
//! rated game.

use std::sync::Arc;
use std::time::Duration;

use crate::ai::Searcher;
use crate::ai::coach::{self, Motif};
use crate::ai::eval::SCALE;
use crate::ai::review::{self, GameReview, MoveReview, analyse_moves, reviewable};
use crate::engine::{BoardSize, BoardTextError, Game, RecordError, Rules, looks_like_position, parse_position};
use crate::store::queries::*;
use crate::store::{GameId, GameRecord, GameStatus};

use super::view::review as words;
use super::view::review::{AnalysisScene, Mistake, ReviewScene};
use super::{Invocation, Response, Service, ServiceError, UserError, options, replay};

/// The shape of the review JSON kept in the store; a new shape is computed again.
pub(super) const REVIEW_FORMAT: i32 = 1;
/// The most mistakes listed per player.
pub(super) const MISTAKES: usize = 5;
/// The smallest loss, in discs, that counts as a mistake.
pub(super) const MISTAKE_DISCS: i32 = 2;
/// The engine's transposition tables for a review or an analysis, in megabytes.
const TABLE_MEGABYTES: usize = 64;
/// The time an analysis may take to solve the moves exactly.
const ANALYSIS_BUDGET: Duration = Duration::from_secs(4);
/// How deep an analysis searches the moves it cannot solve.
const ANALYSIS_DEPTH: u32 = 12;

impl Service {
    /// `/review`: the engine's review of a finished game.
    pub(super) async fn review(&self, inv: &Invocation, id: Option<GameId>) -> Result<Response, ServiceError> {
        let record = self.finished_game(inv, id).await?;
        if !reviewable(&record.rules) {
            return Err(UserError::ReviewUnsupported(record.rules).into());
        }
        let game = replay(&record)?;
        let review = self.game_review(&record, &game, inv).await?;
        let mistakes = mistakes(&game, &review);
        let scene = ReviewScene {
            locale: inv.locale(),
            theme: self.game_theme(record.guild, &record.rules).await?,
            record: &record,
            game: &game,
            names: self.names(&record, inv.locale()).await?,
            review: &review,
            mistakes: &mistakes,
            threshold: MISTAKE_DISCS,
        };
        Ok(words::review_reply(self.pictures(), &scene).into())
    }

    /// The game's review, made once however many ask for it at once.
    async fn game_review(
        &self,
        record: &GameRecord,
        game: &Game,
        inv: &Invocation,
    ) -> Result<GameReview, ServiceError> {
        // One review per game at a time: a second click waits here, then reads the first's.
        let lock = {
            let mut reviewing = self.inner.reviewing.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            reviewing.entry(record.id).or_default().clone()
        };
        let held = lock.lock().await;
        let review = self.kept_or_new_review(record, game, inv).await;
        drop(held);
        let mut reviewing = self.inner.reviewing.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if Arc::strong_count(&lock) == 2 {
            reviewing.remove(&record.id);
        }
        review
    }

    /// The kept review of a game, or a new one made on a blocking thread and kept.
    async fn kept_or_new_review(
        &self,
        record: &GameRecord,
        game: &Game,
        inv: &Invocation,
    ) -> Result<GameReview, ServiceError> {
        if let Some(json) = self.store().review(record.id, REVIEW_FORMAT).await? {
            match serde_json::from_str(&json) {
                Ok(review) => return Ok(review),
                Err(error) => {
                    tracing::warn!(game = record.id.0, %error, "a kept review could not be read; reviewing again")
                }
            }
        }
        let config = self.inner.options.review;
        let cancel = self.inner.cancel.clone();
        let game = game.clone();
        let review = tokio::task::spawn_blocking(move || {
            review::review(&game, &config, &mut Searcher::new(TABLE_MEGABYTES), &cancel)
        })
        .await
        .map_err(|e| ServiceError::Internal(anyhow::anyhow!("the review failed: {e}")))?
        .map_err(|e| match e {
            review::ReviewError::Unsupported => ServiceError::User(UserError::ReviewUnsupported(record.rules)),
            review::ReviewError::Cancelled => ServiceError::Internal(anyhow::anyhow!("the review was cancelled")),
        })?;
        self.metrics().reviews.inc();
        let json = serde_json::to_string(&review).map_err(|e| ServiceError::Internal(e.into()))?;
        self.store().save_review(record.id, REVIEW_FORMAT, &json, inv.now).await?;
        self.web_changed();
        Ok(review)
    }

    /// `/analyze`: every legal move's value in a position of a finished game (by default just
    /// before its costliest move, where it turned) or after a transcript.
    pub(super) async fn analyze(
        &self,
        inv: &Invocation,
        id: Option<GameId>,
        moves: Option<usize>,
        transcript: Option<String>,
    ) -> Result<Response, ServiceError> {
        let in_rated = self.store().live_rated_game_of(inv.user.id).await?.is_some()
            || self.store().live_game_in(inv.channel).await?.is_some_and(|g| g.rated);
        if in_rated {
            return Err(UserError::AnalysisInRatedGame.into());
        }
        let (record, game) = match transcript.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(text) if looks_like_position(text) => {
                let (board, to_move) = parse_position(text).map_err(|error| {
                    let squares = match error {
                        RecordError::Board(BoardTextError::Length { found, .. }) => Some(found),
                        _ => None,
                    };
                    UserError::BadPosition(options::quoted(text), squares)
                })?;
                (None, Game::from_position(Rules::default(), board, to_move))
            }
            Some(text) => {
                let game = Game::from_transcript(Rules::default(), text).map_err(|error| {
                    let wrong_move = matches!(error, RecordError::BadMove { .. } | RecordError::Illegal { .. });
                    UserError::BadTranscript(options::quoted(text), wrong_move.then_some(error))
                })?;
                (None, game)
            }
            None => {
                let record = self.finished_game(inv, id).await?;
                let whole = replay(&record)?;
                let count = whole.moves().count();
                let upto = match moves {
                    Some(upto) => upto,
                    None => self.turning_point(&record, &whole, inv).await?.unwrap_or(count.saturating_sub(1)),
                };
                if upto > count {
                    return Err(UserError::NoSuchMove(record.id, count).into());
                }
                let game = Game::replay(record.rules, whole.moves().take(upto).map(|m| m.mv)).map_err(|(_, e)| {
                    ServiceError::Internal(anyhow::anyhow!("game #{} replays wrong: {e}", record.id.0))
                })?;
                (Some(record), game)
            }
        };
        let rules = record.as_ref().map_or_else(Rules::default, |r| r.rules);
        if !reviewable(&rules) {
            return Err(UserError::ReviewUnsupported(rules).into());
        }
        let color = game.to_move().ok_or(UserError::NothingToAnalyse)?;
        let (p, o) = game.board().to_bitboards8(color).ok_or(UserError::ReviewUnsupported(rules))?;
        let cancel = self.inner.cancel.clone();
        let values = tokio::task::spawn_blocking(move || {
            analyse_moves(p, o, ANALYSIS_DEPTH, ANALYSIS_BUDGET, &mut Searcher::new(TABLE_MEGABYTES), &cancel)
        })
        .await
        .map_err(|e| ServiceError::Internal(anyhow::anyhow!("the analysis failed: {e}")))?;
        let (names, theme) = match &record {
            Some(record) => {
                (Some(self.names(record, inv.locale()).await?), self.game_theme(record.guild, &record.rules).await?)
            }
            None => (None, self.theme(inv.guild).await?),
        };
        let scene =
            AnalysisScene { locale: inv.locale(), theme, record: record.as_ref(), game: &game, names, values: &values };
        Ok(words::analysis_reply(self.pictures(), &scene).into())
    }

    /// Where a game turned: the number of moves before its costliest move (the earliest of
    /// equals), from its review (made now if none is kept); `None` when the engine cannot review
    /// the game or nobody lost anything.
    async fn turning_point(
        &self,
        record: &GameRecord,
        game: &Game,
        inv: &Invocation,
    ) -> Result<Option<usize>, ServiceError> {
        if !reviewable(&record.rules) {
            return Ok(None);
        }
        let review = self.game_review(record, game, inv).await?;
        let costliest = review.moves.iter().filter(|m| m.loss > 0).min_by_key(|m| (-m.loss, m.number));
        Ok(costliest.map(|m| m.number - 1))
    }

    /// The finished game a review or an analysis is about: the one asked for by id, or this
    /// channel's latest finished game; a live game is refused.
    async fn finished_game(&self, inv: &Invocation, id: Option<GameId>) -> Result<GameRecord, ServiceError> {
        let record = match id {
            Some(id) => self.visible_game(inv, id).await?,
            None => self.store().latest_over_game_in(inv.channel).await?.ok_or(UserError::NothingToReview)?,
        };
        if record.status == GameStatus::Live {
            return Err(UserError::GameNotOver(record.id).into());
        }
        Ok(record)
    }
}

/// Each player's biggest mistakes, costliest first, with the ideas that explain them.
fn mistakes(game: &Game, review: &GameReview) -> [Vec<Mistake>; 2] {
    crate::engine::Color::BOTH.map(|color| {
        review
            .mistakes(color, MISTAKES, MISTAKE_DISCS * SCALE)
            .into_iter()
            .map(|m: MoveReview| {
                let motifs: Vec<Motif> = match GameReview::position_before(game, m.number) {
                    Some((p, o)) => coach::explain(
                        p,
                        o,
                        m.played.index(BoardSize::Eight) as u8,
                        m.best.index(BoardSize::Eight) as u8,
                    ),
                    None => Vec::new(),
                };
                Mistake { review: m, motifs }
            })
            .collect()
    })
}
