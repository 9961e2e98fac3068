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
//! A new kind of record about a player (puzzles, tournaments) gets a field in [`PlayerExport`]
//! filled in `Service::export_data`, a line in the question's list of what a deletion removes
//! (`privacy-delete-question`), and its removal or anonymisation in `store::privacy::forget`.
//!
//! [`ServiceOptions::server_data_grace`]: super::ServiceOptions::server_data_grace

use serde::{Deserialize, Serialize};

use crate::engine::Color;
use crate::store::Queries;
use crate::store::{
    ChallengeStatus, EndReason, Ending, GameRecord, GameStatus, GuildId, PlayerRecords, Scope, SoloRecord, Timestamp,
    UserId,
};

use super::command::PrivacyAction;
use super::reply::Attachment;
use super::text::privacy as words;
use super::{Invocation, Response, Service, ServiceError, UserError, components, replay};

/// The shape of [`PlayerExport`]: it goes up when a field changes meaning or goes away (fields
/// may be added without).
pub const EXPORT_FORMAT: u32 = 1;

/// How many departed servers one sweep forgets at most (the rest wait for the next).
const FORGET_AT_ONCE: u32 = 20;

/// Everything reversi-bot keeps about one player, as the JSON file `/privacy export` sends.
/// Discord ids (players, servers, channels) and seeds are strings, since they do not fit the
/// numbers of every JSON reader; times are UTC in RFC 3339 (`2027-01-15T08:00:00.000Z`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerExport {
    /// Always `reversi-bot player data`.
    pub kind: String,
    /// The shape's number, [`EXPORT_FORMAT`].
    pub format: u32,
    /// When the file was made.
    pub exported_at: String,
    /// The player's own record.
    pub player: ExportedPlayer,
    /// Every game they played or play, oldest first.
    pub games: Vec<ExportedGame>,
    /// Their ratings, one per ladder (kind of game) and scope (a server, or global).
    pub ratings: Vec<ExportedRating>,
    /// What each rated game did to their ratings, oldest first.
    pub rating_history: Vec<ExportedRatingChange>,
    /// Their solo games, oldest first.
    pub solo_games: Vec<ExportedSoloGame>,
    /// Their places in the daily tables: each day's first finished daily solo game.
    pub daily_table_entries: Vec<ExportedDailyEntry>,
    /// The engine's kept reviews of their games.
    pub reviews: Vec<ExportedReview>,
    /// The challenges they sent, received or accepted that are still kept.
    pub challenges: Vec<ExportedChallenge>,
}

/// The player's own record. (Players have no personal settings yet; they would go here.)
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedPlayer {
    /// Their Discord user id.
    pub id: String,
    /// The name the bot last saw them under (a server nickname or their Discord name).
    pub name: String,
    /// When the bot first saw them.
    pub first_seen: String,
    /// When their name last changed: the latest moment the bot keeps about them.
    pub name_changed: String,
}

/// One game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedGame {
    /// The game's id (as `/export game:` takes it).
    pub id: i64,
    /// The server it was played in; `null` in a direct message.
    pub server: Option<String>,
    /// The channel it was played in; `null` once the server's data was removed.
    pub channel: Option<String>,
    /// `live`, `finished` or `aborted`.
    pub status: String,
    /// Whether it counted for ratings.
    pub rated: bool,
    /// The ladder it counts for (the rule sheet and the board size, `othello-8`).
    pub ladder: String,
    /// The rules played, as the bot keeps them.
    pub rules: serde_json::Value,
    /// The player's colour: `black` or `white`.
    pub your_color: String,
    /// The opponent's name; `null` for a player who deleted their data.
    pub opponent: Option<String>,
    /// Whether the opponent deleted their data.
    pub opponent_deleted: bool,
    /// The bot's level, when the opponent was the bot.
    pub bot_level: Option<u8>,
    /// The moves so far, as a transcript (`f5d6c3`, passes left out).
    pub transcript: String,
    /// How it ended; `null` while it is played.
    pub result: Option<ExportedResult>,
    /// When it started.
    pub started_at: String,
    /// When it last changed (when it ended, once over).
    pub last_change_at: String,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedResult {
    /// `black` or `white`; `null` for a draw or an aborted game.
    pub winner: Option<String>,
    /// Black's discs at the end.
    pub black_discs: u32,
    /// White's discs at the end.
    pub white_discs: u32,
    /// `normal`, `resignation`, `timeout` or `aborted`.
    pub reason: String,
    /// The game for the player: `win`, `loss`, `draw` or `aborted`.
    pub yours: String,
}

/// A rating on one ladder in one scope.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedRating {
    /// The ladder (`othello-8`).
    pub ladder: String,
    /// The server whose ladder it is; `null` for the global one.
    pub server: Option<String>,
    /// The Glicko-2 rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
    /// Won.
    pub wins: u32,
    /// Lost.
    pub losses: u32,
    /// Drawn.
    pub draws: u32,
    /// Wins in a row when positive, losses in a row when negative.
    pub streak: i32,
    /// When it last changed.
    pub updated_at: String,
}

/// What one rated game did to one rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedRatingChange {
    /// The game.
    pub game: i64,
    /// The ladder.
    pub ladder: String,
    /// The server whose ladder it is; `null` for the global one.
    pub server: Option<String>,
    /// The rating before the game.
    pub rating_before: f64,
    /// The rating after it.
    pub rating_after: f64,
    /// The deviation before.
    pub deviation_before: f64,
    /// The deviation after.
    pub deviation_after: f64,
    /// When it was recorded.
    pub at: String,
}

/// One solo game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedSoloGame {
    /// Its id.
    pub id: i64,
    /// The server; `null` in a direct message.
    pub server: Option<String>,
    /// The channel; `null` once the server's data was removed.
    pub channel: Option<String>,
    /// The deal's seed (as `/solo seed:` takes it).
    pub seed: String,
    /// The day (`YYYY-MM-DD`) when it is that day's deal.
    pub daily: Option<String>,
    /// The moves (`d3g f4b`).
    pub moves: String,
    /// `live` or `finished`.
    pub status: String,
    /// Tiles won, once finished.
    pub tiles: Option<u32>,
    /// The score, once finished.
    pub value: Option<u32>,
    /// When it started.
    pub started_at: String,
    /// When it last changed.
    pub last_change_at: String,
}

/// A place in a day's tables: the player's first finished game of that day's deal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedDailyEntry {
    /// The day.
    pub day: String,
    /// The solo game that counts.
    pub solo_game: i64,
    /// Its tiles.
    pub tiles: u32,
    /// Its score.
    pub value: u32,
    /// When it was finished.
    pub finished_at: String,
}

/// The engine's review of one of the player's games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedReview {
    /// The game.
    pub game: i64,
    /// When it was made.
    pub made_at: String,
    /// The review as the bot keeps it (its shape is the review's own).
    pub review: serde_json::Value,
}

/// A challenge the player sent, received or accepted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedChallenge {
    /// Its id.
    pub id: i64,
    /// The server; `null` in a direct message.
    pub server: Option<String>,
    /// The channel.
    pub channel: String,
    /// `sent`, `received` or `accepted` (an open challenge someone else sent).
    pub role: String,
    /// `pending`, `accepted`, `declined`, `withdrawn` or `expired`.
    pub status: String,
    /// Whether the game would count for ratings.
    pub rated: bool,
    /// The challenger's colour: `black`, `white`, `random` or `japanese`.
    pub challenger_color: String,
    /// When it was sent.
    pub created_at: String,
    /// When it lapses or lapsed.
    pub expires_at: String,
}

/// A moment as RFC 3339 in UTC, to the millisecond.
pub fn rfc3339(at: Timestamp) -> String {
    let millis = at.as_millis();
    let seconds = millis.div_euclid(1000);
    let (year, month, day, hour, minute) = super::text::civil(seconds);
    let (second, milli) = (seconds.rem_euclid(60), millis.rem_euclid(1000));
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{milli:03}Z")
}

fn server(guild: Option<GuildId>) -> Option<String> {
    guild.map(|g| g.0.to_string())
}

fn scope_server(scope: Scope) -> Option<String> {
    match scope {
        Scope::Global => None,
        Scope::Guild(guild) => Some(guild.0.to_string()),
    }
}

fn color_name(color: Color) -> String {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
    .to_string()
}

fn status_name(status: GameStatus) -> String {
    match status {
        GameStatus::Live => "live",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    }
    .to_string()
}

fn result_of(ending: &Ending, color: Color) -> ExportedResult {
    let yours = match (ending.reason, ending.winner) {
        (EndReason::Aborted, _) => "aborted",
        (_, None) => "draw",
        (_, Some(winner)) if winner == color => "win",
        (_, Some(_)) => "loss",
    };
    ExportedResult {
        winner: ending.winner.map(color_name),
        black_discs: ending.black,
        white_discs: ending.white,
        reason: ending.reason.as_str().to_string(),
        yours: yours.to_string(),
    }
}

fn solo_of(record: &SoloRecord) -> ExportedSoloGame {
    ExportedSoloGame {
        id: record.id.0,
        server: server(record.guild),
        channel: record.channel.map(|c| c.0.to_string()),
        seed: record.seed.to_string(),
        daily: record.daily.clone(),
        moves: record.moves.clone(),
        status: if record.score.is_some() { "finished" } else { "live" }.to_string(),
        tiles: record.score.map(|s| s.0),
        value: record.score.map(|s| s.1),
        started_at: rfc3339(record.created_at),
        last_change_at: rfc3339(record.updated_at),
    }
}

/// Each day's counted daily game: the first finished one (as the daily tables count them).
fn daily_entries(solo: &[SoloRecord]) -> Vec<ExportedDailyEntry> {
    let mut finished: Vec<&SoloRecord> = solo.iter().filter(|s| s.daily.is_some() && s.score.is_some()).collect();
    finished.sort_by_key(|s| (s.daily.clone(), s.updated_at, s.id));
    let mut out: Vec<ExportedDailyEntry> = Vec::new();
    for game in finished {
        let (Some(day), Some((tiles, value))) = (&game.daily, game.score) else { continue };
        if out.last().is_some_and(|entry| &entry.day == day) {
            continue;
        }
        let finished_at = rfc3339(game.updated_at);
        out.push(ExportedDailyEntry { day: day.clone(), solo_game: game.id.0, tiles, value, finished_at });
    }
    out
}

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
