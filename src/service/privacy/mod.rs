//! Players' data in their own hands (`/privacy`) and servers the bot has left.
//!
//! - `export`: everything kept about the caller as one JSON file ([`PlayerExport`]), sent
//!   privately. Its field names are this module's serde structs, documented here, and its shape
//!   has a number ([`EXPORT_FORMAT`]) that goes up when a field changes meaning or goes away.
//! - `delete`: a private question with Confirm and Cancel buttons that only the caller may press;
//!   confirmed, the store forgets the player in one transaction (see [`crate::store::privacy`]
//!   for each table). A player in a live game is refused until it is over: ending it for them
//!   would post a result in its channel and move the opponent's rating, which only the player
//!   should decide (`/resign` does it), and a game half played by a deleted player would be left
//!   to nobody. Their games stay with their opponents, played by an anonymous player the text
//!   layer calls "deleted player" in every language.
//! - Servers: Discord's removal of the bot from a server is noted ([`Service::server_left`]); a
//!   return within the grace period ([`ServiceOptions::server_data_grace`]) forgets the note
//!   ([`Service::server_joined`]); after it, the deadline sweep ends the server's live games
//!   (aborted, unrated) and removes its data, claimed once in one transaction
//!   ([`Service::forget_departed_servers`]).
//!
//! A new kind of record about a player (puzzles, tournaments, season placings) gets a field in [`PlayerExport`]
//! filled in `Service::export_data`, a line in the question's list of what a deletion removes
//! (`privacy-delete-question`), and its removal or anonymisation in `store::privacy::forget`.
//!
//! [`ServiceOptions::server_data_grace`]: super::ServiceOptions::server_data_grace

use crate::engine::Color;
use crate::store::queries::*;
use crate::store::{ChallengeStatus, EndReason, Ending, GameRecord, GuildId, PlayerRecords, Timestamp, UserId};

use super::command::PrivacyAction;
use super::reply::Attachment;
use super::view::privacy as words;
use super::{Invocation, Response, Service, ServiceError, UserError, components, replay};

mod export;

pub use export::*;

/// How many departed servers one sweep forgets at most (the rest wait for the next).
const FORGET_AT_ONCE: u32 = 20;

impl Service {
    /// `/privacy`: the caller's data as a file, or the question before deleting it.
    pub(super) async fn privacy(&self, inv: &Invocation, action: PrivacyAction) -> Result<Response, ServiceError> {
        match action {
            PrivacyAction::Export => self.export_data(inv).await,
            PrivacyAction::Delete => self.ask_forget(inv).await,
        }
    }

    /// The caller's data as JSON, sent to them alone.
    pub(super) async fn export_data(&self, inv: &Invocation) -> Result<Response, ServiceError> {
        let records = self.inner.store.player_records(inv.user.id).await?;
        // The caller was remembered on the way in: their row is there.
        let records = records.ok_or_else(|| anyhow::anyhow!("the caller's row is missing"))?;
        let export = self.player_export(&records, inv).await?;
        let mut json = serde_json::to_vec_pretty(&export).map_err(|e| ServiceError::Internal(e.into()))?;
        json.push(b'\n');
        let locale = inv.locale();
        let mut reply = words::exported(locale);
        reply.files.push(Attachment {
            name: format!("reversi-data-{}.json", inv.user.id.0),
            bytes: json,
            description: Some(words::export_description(locale)),
        });
        Ok(reply.into())
    }

    async fn player_export(&self, records: &PlayerRecords, inv: &Invocation) -> Result<PlayerExport, ServiceError> {
        let id = records.player.id;
        let mut games = Vec::new();
        for record in &records.games {
            games.push(self.exported_game(record, id).await?);
        }
        let ratings = records
            .ratings
            .iter()
            .map(|r| ExportedRating {
                ladder: r.ladder.as_str().to_string(),
                server: scope_server(r.rating.scope),
                rating: r.rating.glicko.rating,
                deviation: r.rating.glicko.deviation,
                volatility: r.rating.glicko.volatility,
                games: r.rating.games,
                wins: r.rating.wins,
                losses: r.rating.losses,
                draws: r.rating.draws,
                streak: r.rating.streak,
                updated_at: rfc3339(r.rating.updated_at),
            })
            .collect();
        let rating_history = records
            .rating_changes
            .iter()
            .map(|c| ExportedRatingChange {
                game: c.change.game.0,
                ladder: c.ladder.as_str().to_string(),
                server: scope_server(c.change.scope),
                rating_before: c.change.rating_before,
                rating_after: c.change.rating_after,
                deviation_before: c.change.deviation_before,
                deviation_after: c.change.deviation_after,
                at: rfc3339(c.change.created_at),
            })
            .collect();
        let reviews = records
            .reviews
            .iter()
            .map(|r| ExportedReview {
                game: r.game.0,
                made_at: rfc3339(r.created_at),
                review: serde_json::from_str(&r.review).unwrap_or_else(|_| serde_json::Value::String(r.review.clone())),
            })
            .collect();
        let challenges = records
            .challenges
            .iter()
            .map(|c| ExportedChallenge {
                id: c.id.0,
                server: server(c.guild),
                channel: c.channel.0.to_string(),
                role: if c.challenger == id {
                    "sent"
                } else if c.target == Some(id) {
                    "received"
                } else {
                    "accepted"
                }
                .to_string(),
                status: match c.status {
                    ChallengeStatus::Pending if c.expires_at <= inv.now => "expired",
                    status => status.as_str(),
                }
                .to_string(),
                rated: c.rated,
                challenger_color: c.color.as_str().to_string(),
                created_at: rfc3339(c.created_at),
                expires_at: rfc3339(c.expires_at),
            })
            .collect();
        let store = &self.inner.store;
        let mut tournaments: Vec<ExportedTournament> =
            store.tournaments_of(id).await?.iter().map(|(t, entry)| tournament_of(t, id, Some(entry))).collect();
        for t in store.tournaments_organised_by(id).await? {
            if !tournaments.iter().any(|e| e.id == t.id.0) {
                tournaments.push(tournament_of(&t, id, None));
            }
        }
        tournaments.sort_by_key(|t| std::cmp::Reverse(t.id));
        let season_placings = store
            .season_placings_of(id)
            .await?
            .into_iter()
            .map(|p| ExportedSeasonPlacing {
                server: p.guild.0.to_string(),
                season: p.window.key,
                starts_at: rfc3339(p.window.starts_at),
                ends_at: rfc3339(p.window.ends_at),
                ladder: p.ladder.as_str().to_string(),
                rank: p.rank,
                rating: p.rating,
                games: p.games,
            })
            .collect();
        Ok(PlayerExport {
            kind: "reversi-bot player data".to_string(),
            format: EXPORT_FORMAT,
            exported_at: rfc3339(inv.now),
            player: ExportedPlayer {
                id: id.0.to_string(),
                name: records.player.name.clone(),
                first_seen: rfc3339(records.player.created_at),
                name_changed: rfc3339(records.player.updated_at),
            },
            games,
            ratings,
            rating_history,
            solo_games: records.solo_games.iter().map(solo_of).collect(),
            daily_table_entries: daily_entries(&records.solo_games),
            reviews,
            challenges,
            tournaments,
            season_placings,
            puzzle_rating: records
                .puzzle_rating
                .map(|g| ExportedPuzzleRating { rating: g.rating, deviation: g.deviation }),
            puzzle_attempts: records.puzzle_attempts.iter().map(attempt_of).collect(),
            turn_notices: self.inner.store.turn_notices_on(id).await?,
        })
    }

    async fn exported_game(&self, record: &GameRecord, player: UserId) -> Result<ExportedGame, ServiceError> {
        let color = record.color_of(player).unwrap_or(Color::Black);
        let opponent = self.inner.store.player(record.player(color.opponent())).await?;
        let deleted = opponent.as_ref().is_some_and(|p| p.anonymous);
        let transcript = replay(record).map(|game| game.transcript()).unwrap_or_else(|_| record.moves.clone());
        Ok(ExportedGame {
            id: record.id.0,
            server: server(record.guild),
            channel: record.channel.map(|c| c.0.to_string()),
            status: status_name(record.status),
            rated: record.rated,
            ladder: crate::store::Ladder::of(&record.rules).as_str().to_string(),
            rules: serde_json::to_value(record.rules).map_err(|e| ServiceError::Internal(e.into()))?,
            your_color: color_name(color),
            opponent: opponent.filter(|p| !p.anonymous).map(|p| p.name),
            opponent_deleted: deleted,
            bot_level: record.bot_level,
            transcript,
            result: record.ending.as_ref().map(|ending| result_of(ending, color)),
            started_at: rfc3339(record.created_at),
            last_change_at: rfc3339(record.updated_at),
            takebacks: self
                .inner
                .store
                .takebacks_of(record.id)
                .await?
                .into_iter()
                .map(|t| ExportedTakeback {
                    asked_by_you: t.asked_by == player,
                    moves: t.moves,
                    status: t.status.as_str().to_string(),
                    asked_at: rfc3339(t.asked_at),
                })
                .collect(),
        })
    }

    /// The question before a deletion, with Confirm and Cancel buttons for the caller alone;
    /// refused while they play a live game.
    async fn ask_forget(&self, inv: &Invocation) -> Result<Response, ServiceError> {
        let live = self.inner.store.live_games_of(inv.user.id).await?;
        if !live.is_empty() {
            return Err(UserError::DeleteWhilePlaying(live.iter().map(|g| g.id).collect()).into());
        }
        let (confirm, cancel) = (components::confirm_forget(inv.user.id), components::cancel_forget(inv.user.id));
        Ok(words::delete_question(inv.locale(), confirm, cancel).into())
    }

    /// The deletion, confirmed by the player whose data it is, in one transaction.
    pub(super) async fn forget(&self, inv: &Invocation, whose: UserId) -> Result<Response, ServiceError> {
        if whose != inv.user.id {
            return Err(UserError::NotYourConfirmation.into());
        }
        let mut tx = self.inner.store.begin().await?;
        tx.lock_player(whose).await?;
        let live = tx.live_games_of(whose).await?;
        if !live.is_empty() {
            tx.rollback().await?;
            return Err(UserError::DeleteWhilePlaying(live.iter().map(|g| g.id).collect()).into());
        }
        let forgotten = tx.forget_player(whose, inv.now).await?;
        tx.commit().await?;
        self.web_changed();
        // No id or name in the log: the point was to forget them.
        tracing::info!(
            games = forgotten.games,
            ratings = forgotten.ratings,
            solo_games = forgotten.solo_games,
            challenges = forgotten.challenges,
            "a player's data was deleted at their request"
        );
        Ok(words::deleted(inv.locale()).into())
    }

    /// The deletion called off.
    pub(super) async fn keep(&self, inv: &Invocation, whose: UserId) -> Result<Response, ServiceError> {
        if whose != inv.user.id {
            return Err(UserError::NotYourConfirmation.into());
        }
        Ok(words::kept(inv.locale()).into())
    }

    /// Discord says the bot was removed from `guild` (not an outage): its data is kept for the
    /// grace period from now.
    pub async fn server_left(&self, guild: GuildId, now: Timestamp) -> Result<(), ServiceError> {
        self.inner.store.note_guild_left(guild, now).await?;
        tracing::info!(guild = guild.0, "removed from a server; its data is kept for the grace period");
        Ok(())
    }

    /// Discord says the bot is in `guild` (at every start, and when added back): nothing of it
    /// is to be removed.
    pub async fn server_joined(&self, guild: GuildId) -> Result<(), ServiceError> {
        if self.inner.store.note_guild_back(guild).await? {
            tracing::info!(guild = guild.0, "added back to a server within the grace period; its data stays");
        }
        Ok(())
    }

    /// Removes the data of servers the bot left more than the grace period before `now`: their
    /// live games are aborted (unrated, no announcement: the bot is not there), then their
    /// settings, language, challenges, live solo games and channel references go. Each server is
    /// claimed and forgotten in one transaction, so with several processes it happens once.
    /// Returns how many servers were forgotten.
    pub async fn forget_departed_servers(&self, now: Timestamp) -> Result<usize, ServiceError> {
        let before = now.minus(self.inner.options.server_data_grace);
        let mut tx = self.inner.store.begin().await?;
        let guilds = tx.claim_departed_guilds(before, FORGET_AT_ONCE).await?;
        for &guild in &guilds {
            for record in tx.live_games_in_guild(guild).await? {
                let game = replay(&record)?;
                let [black, white] = game.counts();
                let ending = Ending { winner: None, black, white, reason: EndReason::Aborted };
                tx.finish_game(record.id, record.version, &ending, now).await?;
            }
            let forgotten = tx.forget_guild(guild).await?;
            tracing::info!(
                guild = guild.0,
                games = forgotten.games,
                challenges = forgotten.challenges,
                "a server's data was removed after the grace period"
            );
        }
        tx.commit().await?;
        Ok(guilds.len())
    }
}
