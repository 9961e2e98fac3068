//! The game flows: challenges and their answers, games against the bot, moves (with the bot's
//! replies on a blocking thread), resignation and rematches. Every write of a game goes through
//! [`Service::commit`] or [`Service::end`]: one compare-and-set on the game's version, in one
//! transaction with the result and the rating changes. The flows record what happened as
//! [`Event`]s; the text layer says it.

use std::sync::atomic::Ordering;

use crate::ai::Level;
use crate::engine::{Color, Game, IllegalMove, Preset, Rules, SplitMix64, Start};
use crate::store::queries::*;
use crate::store::{
    BotLease, Challenge, ChallengeId, ChallengeStatus, ChannelId, ColorChoice, EndReason, Ending, GameId, GameRecord,
    GameStatus, NewChallenge, NewGame, NextTurn, Timestamp, UserId,
};

use super::facts::{Event, Played};
use super::ratings::{self, Change};
use super::reply::Reply;
use super::text::Locale;
use super::view::board::{Scene, board_reply};
use super::view::replies::{self, Offer};
use super::{Chat, Invocation, Response, Service, ServiceError, User, UserError, components, limits, replay};

/// Picks who plays black: `(black, white)` from the challenger's choice, a coin toss for random.
fn seat(challenger: UserId, other: UserId, choice: ColorChoice, coin: u64) -> (UserId, UserId) {
    let challenger_black = match choice {
        ColorChoice::Black => true,
        ColorChoice::White => false,
        ColorChoice::Random => coin_toss(coin),
        // Settled by the Japanese steps before any seat is taken; should one get here, a coin.
        ColorChoice::Japanese => coin_toss(coin),
    };
    if challenger_black { (challenger, other) } else { (other, challenger) }
}

/// A fair, reproducible coin from a seed.
pub(super) fn coin_toss(seed: u64) -> bool {
    SplitMix64::new(seed).next_u64() & 1 == 1
}

/// Brings a record in memory up to date with the ending just written (as the store wrote it).
fn ended(record: &mut GameRecord, ending: Ending) {
    record.status = if ending.reason == EndReason::Aborted { GameStatus::Aborted } else { GameStatus::Finished };
    record.ending = Some(ending);
    record.deadline = None;
}

impl Service {
    /// The names of a game's players, black's first, as a reader of `locale` sees them.
    pub(super) async fn names(&self, record: &GameRecord, locale: Locale) -> Result<[String; 2], ServiceError> {
        Ok([self.name_of(record.black, locale).await?, self.name_of(record.white, locale).await?])
    }

    /// The board reply for a played game, in `locale`.
    pub(super) async fn board(&self, played: &Played, locale: Locale) -> Result<Reply, ServiceError> {
        let names = self.names(&played.record, locale).await?;
        let scene = Scene {
            record: &played.record,
            game: &played.game,
            names,
            events: &played.events,
            theme: self.game_theme(played.record.guild, &played.record.rules).await?,
            changes: &played.changes,
            bots: [self.is_bot(played.record.black), self.is_bot(played.record.white)],
            locale,
            web_page: self.web_page_of(&played.record).await?,
        };
        let renderer = self.pictures();
        Ok(board_reply(renderer, &scene))
    }

    pub(super) async fn deadline_after(
        &self,
        record: &GameRecord,
        game: &Game,
        now: Timestamp,
    ) -> Result<Option<Timestamp>, ServiceError> {
        let Some(color) = game.to_move() else { return Ok(None) };
        if self.is_bot(record.player(color)) || record.guild.is_none() {
            return Ok(None);
        }
        let settings = self.settings(record.guild).await?;
        Ok(settings.move_deadline.map(|secs| now.plus(std::time::Duration::from_secs(u64::from(secs)))))
    }

    /// Writes `game` (one or more plies past `record`) with a compare-and-set on the version;
    /// when the game is over, records the result and the rating changes in the same transaction.
    /// When the bot is to move next, this process takes the lease on its move in the same write.
    pub(super) async fn commit(
        &self,
        record: &GameRecord,
        game: &Game,
        now: Timestamp,
    ) -> Result<(GameRecord, Vec<Change>), ServiceError> {
        let store = &self.inner.store;
        let mut fresh = record.clone();
        fresh.moves = game.transcript();
        fresh.updated_at = now;
        fresh.reminded_at = None;
        let mut changes = Vec::new();
        if let Some(result) = game.result() {
            let ending =
                Ending { winner: result.winner, black: result.black, white: result.white, reason: EndReason::Normal };
            let mut tx = store.begin().await?;
            let version = tx.save_moves(record.id, record.version, &fresh.moves, &NextTurn::default(), now).await?;
            fresh.version = tx.finish_game(record.id, version, &ending, now).await?;
            let counted = super::tournament::pairing_result(result.winner, false);
            tx.record_game_result(record.id, counted, (result.black, result.white)).await?;
            if self.counts_for_ratings(record) {
                changes = ratings::rate(&mut tx, record, result.winner, now).await?;
            }
            tx.commit().await?;
            ended(&mut fresh, ending);
        } else {
            let to_move = game.to_move().map(|color| record.player(color));
            let bot_lease = to_move.filter(|id| self.is_bot(*id)).map(|_| self.bot_lease(now));
            let next = NextTurn { deadline: self.deadline_after(record, game, now).await?, to_move, bot_lease };
            fresh.version = store.save_moves(record.id, record.version, &fresh.moves, &next, now).await?;
            fresh.deadline = next.deadline;
            fresh.to_move = next.to_move;
            fresh.bot_lease = next.bot_lease;
        }
        Ok((fresh, changes))
    }

    /// A lease on the bot's move for this service from `now`: long enough for the longest think
    /// and the write after it.
    pub(super) fn bot_lease(&self, now: Timestamp) -> BotLease {
        let lease = self.inner.options.ai.budget * 2 + std::time::Duration::from_secs(30);
        BotLease { owner: self.inner.instance.clone(), until: now.plus(lease) }
    }

    fn counts_for_ratings(&self, record: &GameRecord) -> bool {
        record.rated && !self.is_bot(record.black) && !self.is_bot(record.white)
    }

    /// Does the one-off work a migration left pending, once across processes: rates every rated
    /// game again, in the order they ended, each on its own ladder (ratings were one ladder for
    /// every kind of game before). Returns the games rated. Call it at start, before play.
    pub async fn rebuild_pending(&self) -> Result<usize, ServiceError> {
        let mut tx = self.inner.store.begin().await?;
        if !tx.take_pending_rebuild("ratings").await? {
            tx.commit().await?;
            return Ok(0);
        }
        tx.clear_ratings().await?;
        let mut rated = 0;
        for record in tx.rated_games().await? {
            let Some(ending) = record.ending.filter(|_| self.counts_for_ratings(&record)) else { continue };
            ratings::rate(&mut tx, &record, ending.winner, record.updated_at).await?;
            rated += 1;
        }
        tx.commit().await?;
        tracing::info!(games = rated, "ratings rebuilt, each kind of game on its own ladder");
        Ok(rated)
    }

    /// Ends a live game at `record.version` for a reason other than the board (resignation,
    /// timeout, abort), with ratings when it counts.
    pub(super) async fn end(
        &self,
        record: &GameRecord,
        game: &Game,
        winner: Option<Color>,
        reason: EndReason,
        now: Timestamp,
    ) -> Result<(GameRecord, Vec<Change>), ServiceError> {
        let [black, white] = game.counts();
        let winner = if reason == EndReason::Aborted { None } else { winner };
        let ending = Ending { winner, black, white, reason };
        let mut tx = self.inner.store.begin().await?;
        let mut fresh = record.clone();
        fresh.version = tx.finish_game(record.id, record.version, &ending, now).await?;
        let counted = super::tournament::pairing_result(winner, reason == EndReason::Aborted);
        tx.record_game_result(record.id, counted, (black, white)).await?;
        let mut changes = Vec::new();
        if reason != EndReason::Aborted && self.counts_for_ratings(record) {
            changes = ratings::rate(&mut tx, record, winner, now).await?;
        }
        tx.commit().await?;
        fresh.updated_at = now;
        ended(&mut fresh, ending);
        Ok((fresh, changes))
    }

    /// Lets the bot move for as long as it is the bot's turn (a pass can give it two in a row).
    pub(super) async fn bot_turns(&self, mut played: Played, now: Timestamp) -> Result<Played, ServiceError> {
        while let Some(color) = played.game.to_move() {
            if played.record.status != GameStatus::Live || !self.is_bot(played.record.player(color)) {
                break;
            }
            let level = Service::level_of(&played.record).unwrap_or(Level::MAX);
            let snapshot = played.game.clone();
            let config = self.inner.options.ai;
            let cancel = self.inner.cancel.clone();
            let seed = (played.record.id.0 as u64).wrapping_mul(1_000_003) ^ snapshot.plies().len() as u64;
            let searchers = self.inner.searchers.clone();
            tracing::debug!(game = played.record.id.0, ply = snapshot.plies().len(), "the bot is thinking");
            let thinking = std::time::Instant::now();
            let choice =
                tokio::task::spawn_blocking(move || searchers.choose(&snapshot, level, &config, seed, &cancel))
                    .await
                    .map_err(|e| anyhow::anyhow!("the bot's search stopped abnormally: {e}"))?;
            self.metrics().thinking_seconds.observe(thinking.elapsed().as_secs_f64());
            if self.inner.cancel.load(Ordering::SeqCst) {
                // Shutting down: leave the move to the next start rather than play a hurried one.
                break;
            }
            let Some(choice) = choice else { break };
            let (game_id, ply) = (played.record.id.0, played.game.plies().len());
            tracing::debug!(game = game_id, ply, mv = %choice.mv, "the bot chose its move");
            let outcome = played
                .game
                .play(choice.mv)
                .map_err(|e| anyhow::anyhow!("the bot chose an illegal move {}: {e}", choice.mv))?;
            let events = Event::of_outcome(&outcome);
            match self.commit(&played.record, &played.game, now).await {
                Ok((record, changes)) => {
                    tracing::debug!(game = game_id, ply, "the bot's move is saved");
                    self.metrics().moves.with_label_values(&["bot"]).inc();
                    played.record = record;
                    played.changes.extend(changes);
                    played.events.extend(events);
                }
                Err(ServiceError::User(UserError::Busy)) => {
                    // Not saved: the sweep makes the move again once the database answers, here or
                    // in another process.
                    tracing::warn!(game = game_id, ply, "the database is busy: the bot's move is made again later");
                    played.game.undo();
                    played.events.push(Event::BotDelayed);
                    if let Err(e) = self.inner.store.release_bot_leases(&self.inner.instance).await {
                        tracing::warn!(error = %e, "the bot's lease lapses on its own");
                    }
                    break;
                }
                Err(ServiceError::User(UserError::Raced)) => {
                    // The game ended meanwhile (a resignation): show it as it stands.
                    played.record = self.inner.store.game(played.record.id).await?.ok_or(UserError::Raced)?;
                    played.game = replay(&played.record)?;
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        Ok(played)
    }

    /// The channel's live game; with `expected`, only if a component drawn for that game at that
    /// version is still current.
    pub(super) async fn live_game(
        &self,
        inv: &Invocation,
        expected: Option<(GameId, i64)>,
    ) -> Result<GameRecord, ServiceError> {
        let record = self.inner.store.live_game_in(inv.channel).await?.ok_or(UserError::NoGame)?;
        if let Some((game, version)) = expected
            && (game != record.id || version != record.version)
        {
            return Err(UserError::Stale.into());
        }
        Ok(record)
    }

    pub(super) async fn play_move(
        &self,
        inv: &Invocation,
        text: &str,
        expected: Option<(GameId, i64)>,
    ) -> Result<Response, ServiceError> {
        let record = self.live_game(inv, expected).await?;
        let mut game = replay(&record)?;
        let color = game.to_move().ok_or(UserError::NoGame)?;
        let mover = record.player(color);
        if mover != inv.user.id {
            return Err(if self.is_bot(mover) {
                UserError::BotThinking
            } else if record.color_of(inv.user.id).is_some() {
                UserError::NotYourTurn(self.name_of(mover, inv.locale()).await?)
            } else {
                UserError::NotAPlayer
            }
            .into());
        }
        let mv = crate::engine::Move::parse(text, record.rules.size)
            .map_err(|error| UserError::BadMove { error, legal: game.legal_choices() })?;
        let outcome = game.play(mv).map_err(|error| illegal(&game, error))?;
        let events = Event::of_outcome(&outcome);
        let (record, changes) = self.commit(&record, &game, inv.now).await?;
        self.metrics().moves.with_label_values(&["player"]).inc();
        let played = self.bot_turns(Played { record, game, events, changes }, inv.now).await?;
        Ok(self.board(&played, inv.locale()).await?.into())
    }

    /// The first player's choice of the start in a game whose rules leave it to them.
    pub(super) async fn choose_start(
        &self,
        inv: &Invocation,
        id: GameId,
        version: i64,
        parallel: bool,
    ) -> Result<Response, ServiceError> {
        let record = self.live_game(inv, Some((id, version))).await?;
        if record.rules.start != Start::FirstPlayerChooses {
            return Err(UserError::Stale.into());
        }
        if record.black != inv.user.id {
            return Err(match record.color_of(inv.user.id) {
                Some(_) => UserError::NotYourTurn(self.name_of(record.black, inv.locale()).await?),
                None => UserError::NotAPlayer,
            }
            .into());
        }
        let rules = Rules { start: if parallel { Start::Parallel } else { Start::Cross }, ..record.rules };
        let version = self.inner.store.set_rules(record.id, record.version, &rules, inv.now).await?;
        let record = GameRecord { rules, version, updated_at: inv.now, ..record };
        let game = Game::new(rules);
        let events = vec![Event::StartChosen { color: Color::Black, parallel }];
        Ok(self.board(&Played { record, game, events, changes: Vec::new() }, inv.locale()).await?.into())
    }

    pub(super) async fn show_board(&self, inv: &Invocation) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        // The live game, or else the channel's last one as it ended (with its Rematch and Review).
        let record = match store.live_game_in(inv.channel).await? {
            Some(record) => record,
            None => store.latest_game_in(inv.channel).await?.ok_or(UserError::NoGame)?,
        };
        let game = replay(&record)?;
        let events = match game.last_move() {
            Some(last) => vec![Event::LastMove { color: last.color, mv: last.mv }],
            None => Vec::new(),
        };
        let changes = if record.status == GameStatus::Live {
            Vec::new()
        } else {
            let stored = store.rating_changes(record.id).await?;
            stored.iter().filter_map(|change| Change::from_stored(&record, change)).collect()
        };
        Ok(self.board(&Played { record, game, events, changes }, inv.locale()).await?.into())
    }

    pub(super) async fn play_bot(
        &self,
        inv: &Invocation,
        level: Option<Level>,
        color: ColorChoice,
        rules: Rules,
    ) -> Result<Response, ServiceError> {
        self.play_bot_with(inv, level, color, rules, Vec::new()).await
    }

    /// [`Service::play_bot`], with events to tell first on the game's board.
    pub(super) async fn play_bot_with(
        &self,
        inv: &Invocation,
        level: Option<Level>,
        color: ColorChoice,
        rules: Rules,
        first: Vec<Event>,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let bot = &self.inner.bot;
        let settings = self.settings(inv.guild).await?;
        let level = level.or_else(|| Level::new(settings.default_bot_level)).unwrap_or(Level::MAX);
        if color == ColorChoice::Japanese {
            // The rule's steps go through a challenge to the bot, accepted by the bot at once.
            self.withdraw_own_challenge(inv).await?;
            self.remember(bot, inv.now).await?;
            let challenge = self.create_offer(inv, Some(bot.id), color, false, false, rules).await?;
            return self.japanese_lot(inv, &challenge, bot.id, level.get()).await;
        }
        // A challenge open in the channel: its challenger may trade it for a game with the bot;
        // anyone else must wait for it.
        let mut events = first;
        if self.withdraw_own_challenge(inv).await? {
            events.push(Event::ChallengeWithdrawnForBot);
        }
        self.remember(bot, inv.now).await?;
        let (black, white) = seat(inv.user.id, bot.id, color, inv.now.as_millis() as u64 ^ inv.user.id.0);
        let human_first = black == inv.user.id;
        let mut rules = rules;
        // The bot begins, so it chooses the start: the cross, the one its openings know.
        let bot_chooses = !human_first && rules.start == Start::FirstPlayerChooses;
        if bot_chooses {
            rules.start = Start::Cross;
        }
        let game = Game::new(rules);
        let deadline = if human_first { settings.move_deadline } else { None };
        let new = NewGame {
            guild: inv.guild,
            channel: inv.channel,
            black,
            white,
            bot_level: Some(level.get()),
            rated: false,
            rules,
            deadline: deadline.map(|secs| inv.now.plus(std::time::Duration::from_secs(u64::from(secs)))),
            bot_lease: (!human_first).then(|| self.bot_lease(inv.now)),
        };
        self.check_game_cap(inv.channel, inv.now).await?;
        let record = store.create_game(&new, inv.now).await?;
        let mine = if human_first { Color::Black } else { Color::White };
        events.push(Event::BotGame { level, color: mine });
        if bot_chooses {
            events.push(Event::StartChosen { color: Color::Black, parallel: false });
        }
        debug_assert_eq!(record.bot_lease.is_some(), !human_first, "the bot's first move is leased here");
        let played = self.bot_turns(Played { record, game, events, changes: Vec::new() }, inv.now).await?;
        Ok(self.board(&played, inv.locale()).await?.into())
    }

    pub(super) async fn challenge(
        &self,
        inv: &Invocation,
        opponent: Option<User>,
        color: ColorChoice,
        (rated, private): (bool, bool),
        rules: Rules,
    ) -> Result<Response, ServiceError> {
        if let Some(opponent) = &opponent {
            if opponent.id == inv.user.id {
                return Err(UserError::ChallengeYourself.into());
            }
            if opponent.id == self.inner.bot.id {
                return self.play_bot(inv, None, color, rules).await;
            }
            if opponent.is_bot {
                return Err(UserError::ChallengeOtherBot(opponent.name.clone()).into());
            }
            self.remember(opponent, inv.now).await?;
        }
        self.offer(inv, opponent.map(|o| (o.id, o.name)), color, (rated, private), rules, Offer::Challenge).await
    }

    pub(super) async fn accept(&self, inv: &Invocation, id: ChallengeId) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let challenge = store.challenge(id).await?.ok_or(UserError::ChallengeClosed)?;
        if challenge.status != ChallengeStatus::Pending || challenge.expires_at <= inv.now {
            return Err(UserError::ChallengeClosed.into());
        }
        if challenge.challenger == inv.user.id {
            return Err(UserError::OwnChallenge.into());
        }
        if let Some(target) = challenge.target
            && target != inv.user.id
        {
            return Err(UserError::ChallengeNotForYou(self.name_of(target, inv.locale()).await?).into());
        }
        if challenge.color == ColorChoice::Japanese {
            return self.japanese_lot(inv, &challenge, inv.user.id, 0).await;
        }
        let coin = (id.0 as u64) ^ inv.now.as_millis() as u64;
        let seats = seat(challenge.challenger, inv.user.id, challenge.color, coin);
        self.open_challenge_game(inv, &challenge, inv.user.id, seats, challenge.rules, Vec::new()).await
    }

    /// Accepts `challenge` for `acceptor` and starts its game between people, `(black, white)`,
    /// under `rules`, in one transaction; its board tells `events` after the acceptance.
    pub(super) async fn open_challenge_game(
        &self,
        inv: &Invocation,
        challenge: &Challenge,
        acceptor: UserId,
        (black, white): (UserId, UserId),
        rules: Rules,
        events: Vec<Event>,
    ) -> Result<Response, ServiceError> {
        let settings = self.settings(challenge.guild).await?;
        let new = NewGame {
            guild: challenge.guild,
            channel: challenge.channel,
            black,
            white,
            bot_level: None,
            rated: challenge.rated,
            rules,
            // Outside a server there is no server's clock, and no channel to announce a forfeit in.
            deadline: settings
                .move_deadline
                .filter(|_| challenge.guild.is_some())
                .map(|s| inv.now.plus(std::time::Duration::from_secs(u64::from(s)))),
            bot_lease: None,
        };
        self.check_game_cap(challenge.channel, inv.now).await?;
        let mut tx = self.inner.store.begin().await?;
        tx.accept_challenge(challenge.id, acceptor, inv.now).await?;
        let record = tx.create_game(&new, inv.now).await?;
        if tx.private_challenge(challenge.id).await? {
            tx.mark_private_game(record.id).await?;
        }
        tx.commit().await?;
        let game = Game::new(record.rules);
        let accepter = if black == acceptor { Color::Black } else { Color::White };
        let mut told = vec![Event::Accepted { player: accepter, rated: record.rated }];
        if let Chat::Private { .. } = inv.chat {
            told.push(Event::NoTypedMoves);
        }
        told.extend(events);
        Ok(self.board(&Played { record, game, events: told, changes: Vec::new() }, inv.locale()).await?.into())
    }

    pub(super) async fn decline(&self, inv: &Invocation, id: ChallengeId) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let challenge = store.challenge(id).await?.ok_or(UserError::ChallengeClosed)?;
        if challenge.status != ChallengeStatus::Pending {
            return Err(UserError::ChallengeClosed.into());
        }
        let reply = if challenge.challenger == inv.user.id {
            store.withdraw_challenge(id, inv.now).await?;
            replies::withdrawn(inv.locale(), &inv.user.name)
        } else if challenge.target == Some(inv.user.id) {
            store.decline_challenge(id, inv.now).await?;
            replies::declined(inv.locale(), &inv.user.name, &self.name_of(challenge.challenger, inv.locale()).await?)
        } else {
            return Err(match challenge.target {
                Some(target) => UserError::ChallengeNotForYou(self.name_of(target, inv.locale()).await?),
                None => UserError::OpenChallengeDecline(self.name_of(challenge.challenger, inv.locale()).await?),
            }
            .into());
        };
        Ok(reply.into())
    }

    pub(super) async fn ask_resign(
        &self,
        inv: &Invocation,
        expected: Option<(GameId, i64)>,
    ) -> Result<Response, ServiceError> {
        let record = self.live_game(inv, expected).await?;
        let moderator = match record.color_of(inv.user.id) {
            Some(_) => false,
            None if inv.can_manage_guild && record.guild.is_some() && record.guild == inv.guild => true,
            None => return Err(UserError::NotAPlayer.into()),
        };
        let confirm = components::confirm_resign(record.id, record.version);
        Ok(replies::resign_question(inv.locale(), &record, moderator, confirm).into())
    }

    pub(super) async fn resign(&self, inv: &Invocation, id: GameId, version: i64) -> Result<Response, ServiceError> {
        let record = self.inner.store.game(id).await?.ok_or(UserError::NoSuchGame(id))?;
        if record.status != GameStatus::Live || record.version != version {
            return Err(UserError::Stale.into());
        }
        let game = replay(&record)?;
        // A tournament game resigned early is lost all the same: it is not called off.
        let in_tournament = self.inner.store.pairing_of_game(record.id).await?.is_some();
        let (winner, reason, event) = match record.color_of(inv.user.id) {
            Some(color) => {
                let made = |c: Color| game.moves().filter(|m| m.color == c).count();
                if !in_tournament && (made(Color::Black) < 2 || made(Color::White) < 2) {
                    (None, EndReason::Aborted, Event::Resigned { color, early: true })
                } else {
                    (Some(color.opponent()), EndReason::Resignation, Event::Resigned { color, early: false })
                }
            }
            None if inv.can_manage_guild && record.guild.is_some() && record.guild == inv.guild => {
                (None, EndReason::Aborted, Event::ModeratorEnded { by: inv.user.name.clone() })
            }
            None => return Err(UserError::NotAPlayer.into()),
        };
        let (record, changes) = self.end(&record, &game, winner, reason, inv.now).await?;
        Ok(self.board(&Played { record, game, events: vec![event], changes }, inv.locale()).await?.into())
    }

    pub(super) async fn rematch(&self, inv: &Invocation, id: GameId) -> Result<Response, ServiceError> {
        let record = self.inner.store.game(id).await?.ok_or(UserError::NoSuchGame(id))?;
        if record.status == GameStatus::Live {
            return Err(UserError::GameNotOver(id).into());
        }
        let mine = record.color_of(inv.user.id).ok_or(UserError::NotAPlayer)?;
        let swapped = match mine {
            Color::Black => ColorChoice::White,
            Color::White => ColorChoice::Black,
        };
        let other = record.player(mine.opponent());
        // A start that was the first player's to choose is theirs to choose again.
        let mut rules = record.rules;
        if Preset::of(&rules) == Some(Preset::RavensburgerStart) {
            rules.start = Start::FirstPlayerChooses;
        }
        if self.is_bot(other) {
            return self.play_bot(inv, Service::level_of(&record), swapped, rules).await;
        }
        let target = (other, self.name_of(other, inv.locale()).await?);
        let private = self.inner.store.private_game(record.id).await?;
        self.offer(inv, Some(target), swapped, (record.rated, private), rules, Offer::Rematch).await
    }

    /// Posts a challenge from the caller in this channel (which must have no live game).
    async fn offer(
        &self,
        inv: &Invocation,
        target: Option<(UserId, String)>,
        color: ColorChoice,
        (rated, private): (bool, bool),
        rules: Rules,
        offer: Offer,
    ) -> Result<Response, ServiceError> {
        let target_id = target.as_ref().map(|(id, _)| *id);
        let challenge = self.create_offer(inv, target_id, color, rated, private, rules).await?;
        let theme = self.game_theme(inv.guild, &challenge.rules).await?;
        Ok(replies::challenge(inv.locale(), theme, &challenge, &inv.user.name, target, offer).into())
    }
}

impl Service {
    /// Refuses a new game in `channel` once as many began there in the last hour as the limits
    /// allow.
    async fn check_game_cap(&self, channel: ChannelId, now: Timestamp) -> Result<(), ServiceError> {
        let since = Timestamp::from_millis(now.as_millis() - limits::GAME_WINDOW_MS);
        let started = self.inner.store.games_started_in(channel, since).await?;
        if limits::may_start_game(&self.inner.options.limits, started) {
            Ok(())
        } else {
            Err(UserError::ChannelGameLimit(started).into())
        }
    }

    /// Stores a challenge from the caller in this channel, which must have no live game.
    pub(super) async fn create_offer(
        &self,
        inv: &Invocation,
        target: Option<UserId>,
        color: ColorChoice,
        rated: bool,
        private: bool,
        rules: Rules,
    ) -> Result<Challenge, ServiceError> {
        let store = &self.inner.store;
        if store.live_game_in(inv.channel).await?.is_some() {
            return Err(UserError::ChannelBusy.into());
        }
        let limits = &self.inner.options.limits;
        let open = store.open_challenges_by(inv.user.id, inv.now).await?;
        if !limits::may_open_challenge(limits, open) {
            return Err(UserError::TooManyChallenges(open).into());
        }
        let new = NewChallenge {
            guild: inv.guild,
            channel: inv.channel,
            challenger: inv.user.id,
            target,
            color,
            // A game outside a server has no server's ladder to count on: it is friendly.
            rated: rated && inv.guild.is_some(),
            rules,
            expires_at: inv.now.plus(self.inner.options.challenge_expiry),
        };
        let mut tx = store.begin().await?;
        let challenge = tx.create_challenge(&new, inv.now).await?;
        if private {
            tx.mark_private_challenge(challenge.id).await?;
        }
        tx.commit().await?;
        Ok(challenge)
    }

    /// Clears the channel of the caller's own open challenge before a game with the bot (true
    /// when one was withdrawn); someone else's must be answered first.
    async fn withdraw_own_challenge(&self, inv: &Invocation) -> Result<bool, ServiceError> {
        let store = &self.inner.store;
        let Some(pending) = store.pending_challenge_in(inv.channel, inv.now).await? else { return Ok(false) };
        if pending.challenger != inv.user.id {
            return Err(UserError::ChallengePendingFrom(self.name_of(pending.challenger, inv.locale()).await?).into());
        }
        store.withdraw_challenge(pending.id, inv.now).await?;
        Ok(true)
    }
}

/// A move that cannot be played, with the legal moves to say which can.
fn illegal(game: &Game, error: IllegalMove) -> UserError {
    UserError::Illegal { error, legal: game.legal_choices() }
}
