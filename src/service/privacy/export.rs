//! The file `/privacy export` sends: everything kept about one player, as documented serde
//! structs, and the pure conversions from the store's records into them.

use serde::{Deserialize, Serialize};

use crate::engine::Color;
use crate::store::{
    AttemptRecord, EndReason, Ending, Entry, GameStatus, GuildId, Scope, SoloRecord, Timestamp, TournamentRecord,
    UserId,
};

/// The shape of [`PlayerExport`]: it goes up when a field changes meaning or goes away (fields
/// may be added without).
pub const EXPORT_FORMAT: u32 = 1;

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
    /// The tournaments they entered or organise, newest first.
    pub tournaments: Vec<ExportedTournament>,
    /// Their places in closed leaderboard seasons, the latest season first.
    pub season_placings: Vec<ExportedSeasonPlacing>,
    /// Their puzzle rating, once they have one.
    #[serde(default)]
    pub puzzle_rating: Option<ExportedPuzzleRating>,
    /// Their puzzle attempts, oldest first.
    #[serde(default)]
    pub puzzle_attempts: Vec<ExportedPuzzleAttempt>,
    /// Whether they asked for a DM when it is their turn (`/notify`).
    #[serde(default)]
    pub turn_notices: bool,
}

/// A player's puzzle rating (Glicko-2), apart from the game ladders.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedPuzzleRating {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
}

/// One attempt at a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedPuzzleAttempt {
    /// The puzzle's number in the shipped set.
    pub puzzle: u32,
    /// `rated`, `streak` or `daily`.
    pub mode: String,
    /// The server; `null` in a direct message or once the server's data was removed.
    pub server: Option<String>,
    /// The day, for the day's puzzle.
    pub day: Option<String>,
    /// Whether it moved the ratings (a first attempt, outside a streak).
    pub rated: bool,
    /// The moves played (`d3 c5`).
    pub moves: String,
    /// Whether the hint was asked for.
    pub hinted: bool,
    /// `live`, `solved`, `failed` or `gave-up`.
    pub status: String,
    /// When it started.
    pub started_at: String,
}

/// A player's place in a closed leaderboard season's final table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedSeasonPlacing {
    /// The server.
    pub server: String,
    /// The season (`2026-10`, `2026-Q4`, as `/leaderboard season:` takes it).
    pub season: String,
    /// Its first moment.
    pub starts_at: String,
    /// The first moment after it.
    pub ends_at: String,
    /// The ladder (`othello-8`).
    pub ladder: String,
    /// Their place (equal ratings share one).
    pub rank: u32,
    /// Their rating at the season's end.
    pub rating: f64,
    /// Their rated games on the server in the season.
    pub games: u32,
}

/// A tournament the player entered or organises.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedTournament {
    /// Its id (as `/tournament id:` takes it).
    pub id: i64,
    /// The server.
    pub server: String,
    /// Its name.
    pub name: String,
    /// `swiss`, `round-robin` or `double-round-robin`.
    pub format: String,
    /// `signup`, `running`, `finished` or `cancelled`.
    pub state: String,
    /// Whether they organise it.
    pub organiser: bool,
    /// When they joined; `null` when they organise it without playing.
    pub joined_at: Option<String>,
    /// Their rating when they joined (the order of the field).
    pub rating_at_sign_up: Option<f64>,
    /// The first round they no longer played, if they withdrew.
    pub withdrawn_from_round: Option<u32>,
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
    /// The takebacks asked in it, oldest first: its history beside the transcript.
    #[serde(default)]
    pub takebacks: Vec<ExportedTakeback>,
}

/// A takeback asked in a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportedTakeback {
    /// Whether the player asked for it (else their opponent did).
    pub asked_by_you: bool,
    /// The moves it would take back (`d3 c3`).
    pub moves: String,
    /// `asked`, `accepted` or `declined`.
    pub status: String,
    /// When it was asked.
    pub asked_at: String,
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

/// A tournament as `player`'s export shows it, with their entry if they entered.
pub(super) fn tournament_of(t: &TournamentRecord, player: UserId, entry: Option<&Entry>) -> ExportedTournament {
    ExportedTournament {
        id: t.id.0,
        server: t.guild.0.to_string(),
        name: t.name.clone(),
        format: t.format.as_str().to_string(),
        state: t.state.as_str().to_string(),
        organiser: t.organiser == player,
        joined_at: entry.map(|e| rfc3339(e.joined_at)),
        rating_at_sign_up: entry.map(|e| e.rating),
        withdrawn_from_round: entry.and_then(|e| e.withdrawn_round),
    }
}

/// A moment as RFC 3339 in UTC, to the millisecond.
pub fn rfc3339(at: Timestamp) -> String {
    let millis = at.as_millis();
    let seconds = millis.div_euclid(1000);
    let (year, month, day, hour, minute) = crate::service::text::civil(seconds);
    let (second, milli) = (seconds.rem_euclid(60), millis.rem_euclid(1000));
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}.{milli:03}Z")
}

pub(super) fn server(guild: Option<GuildId>) -> Option<String> {
    guild.map(|g| g.0.to_string())
}

pub(super) fn scope_server(scope: Scope) -> Option<String> {
    match scope {
        Scope::Global => None,
        Scope::Guild(guild) => Some(guild.0.to_string()),
    }
}

pub(super) fn color_name(color: Color) -> String {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
    .to_string()
}

pub(super) fn status_name(status: GameStatus) -> String {
    match status {
        GameStatus::Live => "live",
        GameStatus::Finished => "finished",
        GameStatus::Aborted => "aborted",
    }
    .to_string()
}

pub(super) fn result_of(ending: &Ending, color: Color) -> ExportedResult {
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

pub(super) fn solo_of(record: &SoloRecord) -> ExportedSoloGame {
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

/// A puzzle attempt as exported.
pub(super) fn attempt_of(record: &AttemptRecord) -> ExportedPuzzleAttempt {
    ExportedPuzzleAttempt {
        puzzle: record.puzzle,
        mode: record.mode.as_str().to_string(),
        server: server(record.guild),
        day: record.day.clone(),
        rated: record.rated,
        moves: record.moves.clone(),
        hinted: record.hinted,
        status: record.status.as_str().to_string(),
        started_at: rfc3339(record.created_at),
    }
}

/// Each day's counted daily game: the first finished one (as the daily tables count them).
pub(super) fn daily_entries(solo: &[SoloRecord]) -> Vec<ExportedDailyEntry> {
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
