//! Reiner Knizia's solo game in the service: a deal (a fresh one, a chosen seed or the day's),
//! moves by text or menu, hints, stopping, and the daily tables. A player has at most one solo
//! game per channel, beside the channel's two-player game; everything is in the store, so a
//! restart loses nothing.

use crate::ai::solo::{HintConfig, hint, hint_seed};
use crate::engine::SplitMix64;
use crate::engine::solo::{SoloGame, SoloMove, SoloOutcome, daily_seed};
use crate::store::queries::*;
use crate::store::{NewSolo, SoloId, SoloRecord, Timestamp};

use super::command::SoloAction;
use super::text::{civil, utc_day};
use super::view::solo::{self as words, SoloScene, Standing};
use super::{Invocation, Response, Service, ServiceError, UserError};

/// How many deals `/solo` picks from when no seed is given: deal numbers stay short enough to
/// pass on to a friend.
pub const FRESH_DEALS: u64 = 1_000_000_000;

/// How many lines a daily table shows.
const TABLE_LINES: u32 = 10;

impl Service {
    /// `/solo`: start a deal, hint, stop, or the day's tables.
    pub(super) async fn solo(&self, inv: &Invocation, action: SoloAction) -> Result<Response, ServiceError> {
        match action {
            // `/solo` alone with a game going shows that game again rather than refusing.
            SoloAction::New(None) if let Some(record) = self.store().live_solo(inv.channel, inv.user.id).await? => {
                let game = replay_solo(&record)?;
                self.solo_board(inv, &record, &game, None).await
            }
            SoloAction::New(seed) => {
                let seed = seed.unwrap_or_else(|| fresh_seed(inv));
                self.start_solo(inv, seed, None).await
            }
            SoloAction::Daily => self.start_solo(inv, day_seed(inv.now)?, Some(utc_day(inv.now))).await,
            SoloAction::Hint => {
                let record = self.own_live_solo(inv).await?;
                self.solo_hint(inv, &record).await
            }
            SoloAction::Stop => {
                let record = self.own_live_solo(inv).await?;
                self.stop_solo(inv, record).await
            }
            SoloAction::Table => self.solo_table(inv).await,
        }
    }

    /// A move chosen in the menu under a solo board.
    pub(super) async fn solo_menu(
        &self,
        inv: &Invocation,
        id: SoloId,
        version: i64,
        value: &str,
    ) -> Result<Response, ServiceError> {
        let record = self.clicked_solo(inv, id, version).await?;
        let mv = words::parse_move(value).map_err(UserError::SoloBadMove)?;
        self.play_solo(inv, record, mv).await
    }

    /// The Hint or Stop button under a solo board.
    pub(super) async fn solo_button(
        &self,
        inv: &Invocation,
        id: SoloId,
        version: i64,
        stop: bool,
    ) -> Result<Response, ServiceError> {
        let record = self.clicked_solo(inv, id, version).await?;
        if stop { self.stop_solo(inv, record).await } else { self.solo_hint(inv, &record).await }
    }

    /// A move typed or given to `/move`. A square with a colour (`d3 gold`) is a solo move; any
    /// other text goes to the channel's two-player game, and only when the caller plays none
    /// there is their solo game looked up, to ask for the colour, and then their puzzle here.
    /// So a two-player move costs no solo or puzzle lookup.
    pub(super) async fn typed_move(&self, inv: &Invocation, text: &str) -> Result<Response, ServiceError> {
        let error = match words::parse_move(text) {
            Ok(mv) => return self.play_solo(inv, self.own_live_solo(inv).await?, mv).await,
            Err(error) => error,
        };
        match self.play_move(inv, text, None).await {
            Err(ServiceError::User(UserError::NoGame | UserError::NotAPlayer))
                if self.store().live_solo(inv.channel, inv.user.id).await?.is_some() =>
            {
                Err(UserError::SoloBadMove(error).into())
            }
            Err(ServiceError::User(refusal @ (UserError::NoGame | UserError::NotAPlayer))) => {
                match self.typed_puzzle_move(inv, text).await? {
                    Some(answer) => Ok(answer),
                    None => Err(refusal.into()),
                }
            }
            answer => answer,
        }
    }

    /// The legal moves of the caller's solo game here, as `d3 gold` in their language, that
    /// start with `prefix` (at most 25, Discord's limit).
    pub(super) async fn solo_moves_matching(
        &self,
        inv: &Invocation,
        prefix: &str,
    ) -> Result<Vec<String>, ServiceError> {
        let Some(record) = self.store().live_solo(inv.channel, inv.user.id).await? else { return Ok(Vec::new()) };
        let game = replay_solo(&record)?;
        let prefix = prefix.trim().to_lowercase();
        Ok(game
            .legal_moves()
            .into_iter()
            .map(|mv| words::move_name(inv.locale(), mv))
            .filter(|name| name.to_lowercase().starts_with(&prefix))
            .take(25)
            .collect())
    }

    async fn start_solo(&self, inv: &Invocation, seed: u64, daily: Option<String>) -> Result<Response, ServiceError> {
        let new = NewSolo { guild: inv.guild, channel: inv.channel, player: inv.user.id, seed, daily };
        let record = self.store().create_solo(&new, inv.now).await?;
        let game = SoloGame::deal(seed);
        self.solo_board(inv, &record, &game, None).await
    }

    async fn play_solo(&self, inv: &Invocation, record: SoloRecord, mv: SoloMove) -> Result<Response, ServiceError> {
        let mut game = replay_solo(&record)?;
        let outcome = game.play(mv).map_err(UserError::SoloIllegal)?;
        self.save_solo(inv, record, &game, Some(&outcome)).await
    }

    async fn stop_solo(&self, inv: &Invocation, record: SoloRecord) -> Result<Response, ServiceError> {
        let mut game = replay_solo(&record)?;
        game.stop().map_err(UserError::SoloIllegal)?;
        self.save_solo(inv, record, &game, None).await
    }

    /// Saves the game as it now stands (compare-and-set on its version) and shows it.
    async fn save_solo(
        &self,
        inv: &Invocation,
        record: SoloRecord,
        game: &SoloGame,
        outcome: Option<&SoloOutcome>,
    ) -> Result<Response, ServiceError> {
        let moves = game.transcript();
        let score = game.is_over().then(|| (game.score().tiles, game.score().value()));
        let version = self.store().save_solo(record.id, record.version, &moves, score, inv.now).await?;
        let record = SoloRecord { moves, version, score, updated_at: inv.now, ..record };
        self.solo_board(inv, &record, game, outcome).await
    }

    async fn solo_board(
        &self,
        inv: &Invocation,
        record: &SoloRecord,
        game: &SoloGame,
        outcome: Option<&SoloOutcome>,
    ) -> Result<Response, ServiceError> {
        let standing = match (&record.daily, record.is_live()) {
            (Some(day), false) => Some(self.standing(record, day).await?),
            _ => None,
        };
        let scene = SoloScene { locale: inv.locale(), record, game, player: &inv.user, outcome, standing };
        let renderer = self.pictures();
        Ok(words::board(renderer, &scene).into())
    }

    /// Where a finished daily game stands: its place on the server and everywhere when it is
    /// the player's counted one.
    async fn standing(&self, record: &SoloRecord, day: &str) -> Result<Standing, ServiceError> {
        let global = self.store().daily_place(day, None, record.id).await?;
        let server = match (record.guild, global) {
            (Some(guild), Some(_)) => self.store().daily_place(day, Some(guild), record.id).await?,
            _ => None,
        };
        Ok(Standing { server, global })
    }

    async fn solo_hint(&self, inv: &Invocation, record: &SoloRecord) -> Result<Response, ServiceError> {
        let game = replay_solo(record)?;
        let view = game.view();
        let seed = hint_seed(&game);
        let (suggestion, view) = tokio::task::spawn_blocking(move || (hint(&view, &HintConfig::default(), seed), view))
            .await
            .map_err(|e| ServiceError::Internal(anyhow::anyhow!("the hint player failed: {e}")))?;
        let mv = suggestion.ok_or(UserError::SoloIllegal(crate::engine::solo::IllegalSoloMove::GameOver))?;
        Ok(words::hint(inv.locale(), mv, &view).into())
    }

    async fn solo_table(&self, inv: &Invocation) -> Result<Response, ServiceError> {
        let day = utc_day(inv.now);
        let server = match inv.guild {
            Some(guild) => Some(self.store().daily_table(&day, Some(guild), TABLE_LINES).await?),
            None => None,
        };
        let everyone = self.store().daily_table(&day, None, TABLE_LINES).await?;
        Ok(words::table(inv.locale(), &day, server.as_deref(), &everyone).into())
    }

    /// The caller's live solo game in this channel.
    async fn own_live_solo(&self, inv: &Invocation) -> Result<SoloRecord, ServiceError> {
        self.store().live_solo(inv.channel, inv.user.id).await?.ok_or_else(|| UserError::NoSoloGame.into())
    }

    /// The solo game a button or menu belongs to, when the caller plays it and it has not moved on.
    async fn clicked_solo(&self, inv: &Invocation, id: SoloId, version: i64) -> Result<SoloRecord, ServiceError> {
        let record = self.store().solo(id).await?.ok_or(UserError::Stale)?;
        if record.player != inv.user.id {
            return Err(UserError::NotYourSoloGame(self.name_of(record.player, inv.locale()).await?).into());
        }
        if !record.is_live() || record.version != version {
            return Err(UserError::Stale.into());
        }
        Ok(record)
    }
}

/// A deal nobody chose: from the moment and the player, one of [`FRESH_DEALS`].
fn fresh_seed(inv: &Invocation) -> u64 {
    let moment = u64::from_ne_bytes(inv.now.as_millis().to_ne_bytes());
    SplitMix64::new(moment ^ inv.user.id.0.rotate_left(21)).next_u64() % FRESH_DEALS
}

/// The seed of the day's deal on the UTC calendar day of `at`.
fn day_seed(at: Timestamp) -> Result<u64, ServiceError> {
    let (year, month, day, _, _) = civil(at.as_millis().div_euclid(1000));
    let date = (i32::try_from(year), u32::try_from(month), u32::try_from(day));
    let (Ok(year), Ok(month), Ok(day)) = date else {
        return Err(ServiceError::Internal(anyhow::anyhow!("no calendar day at {at}")));
    };
    daily_seed(year, month, day).map_err(|e| ServiceError::Internal(anyhow::anyhow!("{e}")))
}

/// The game a solo record holds, replayed from its seed and transcript.
fn replay_solo(record: &SoloRecord) -> Result<SoloGame, ServiceError> {
    SoloGame::from_transcript(record.seed, &record.moves)
        .map_err(|e| ServiceError::Internal(anyhow::anyhow!("solo game #{} has a corrupt record: {e}", record.id.0)))
}
