//! The read-only commands: leaderboard, stats, history, export (transcript, GGF and a replay
//! GIF) and help.

use crate::engine::{Color, GgfInfo};
use crate::render::RenderOptions;
use crate::store::Queries;
use crate::store::{EndReason, GameId, GameRecord, Scope, Timestamp};

use super::ratings::{self, is_provisional};
use super::reply::{Attachment, Embed, Field, Reply};
use super::view::result_line;
use super::{BoardScope, Invocation, Response, Service, ServiceError, SettingsChange, User, UserError, replay};

/// How many lines a leaderboard or history shows.
const TOP: u32 = 10;

/// A calendar date `YYYY-MM-DD` (UTC) for a timestamp, without a date library.
pub fn date_of(at: Timestamp) -> String {
    // Howard Hinnant's civil_from_days.
    let days = at.as_millis().div_euclid(86_400_000);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

impl Service {
    pub(super) async fn change_settings(
        &self,
        inv: &Invocation,
        change: SettingsChange,
    ) -> Result<Response, ServiceError> {
        let Some(guild) = inv.guild else { return Err(UserError::NeedsManageServer.into()) };
        let store = &self.inner.store;
        let mut settings = store.settings(guild).await?;
        let changing = change != SettingsChange::default();
        if changing {
            if !inv.can_manage_guild {
                return Err(UserError::NeedsManageServer.into());
            }
            if let Some(on) = change.typed_moves {
                settings.typed_moves = on;
            }
            if let Some(hours) = change.deadline_hours {
                settings.move_deadline = (hours > 0).then(|| hours.saturating_mul(3600));
            }
            if let Some(theme) = change.theme {
                settings.theme = theme.name().to_string();
            }
            if let Some(level) = change.bot_level {
                settings.default_bot_level = level.get();
            }
            store.set_settings(guild, &settings, inv.now).await?;
        }
        let deadline = match settings.move_deadline {
            Some(secs) if secs % 3600 == 0 => format!("{} hours per move", secs / 3600),
            Some(secs) => format!("{} minutes per move", secs.div_ceil(60)),
            None => "no deadline".to_string(),
        };
        let fields = vec![
            Field::inline("Typed moves", if settings.typed_moves { "allowed" } else { "off" }),
            Field::inline("Move deadline", deadline),
            Field::inline("Board theme", settings.theme.clone()),
            Field::inline("Default bot level", settings.default_bot_level.to_string()),
        ];
        let title = if changing { "Settings saved" } else { "This server's settings" };
        let embed = Embed {
            title: title.into(),
            fields,
            footer: Some("New deadlines apply from each game's next move.".into()),
            color: 0x2E7D32,
            ..Embed::default()
        };
        Ok(Reply { embed: Some(embed), ephemeral: true, ..Reply::default() }.into())
    }

    fn scope_for(inv: &Invocation, scope: BoardScope) -> Scope {
        match scope {
            BoardScope::Server => Scope::of(inv.guild),
            BoardScope::Global => Scope::Global,
        }
    }

    pub(super) async fn leaderboard(&self, inv: &Invocation, scope: BoardScope) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let scope = Service::scope_for(inv, scope);
        let entries = store.leaderboard(scope, TOP).await?;
        let title = match scope {
            Scope::Global => "Global leaderboard".to_string(),
            Scope::Guild(_) => "Server leaderboard".to_string(),
        };
        let mut lines: Vec<String> = entries
            .iter()
            .map(|e| {
                let r = &e.rating;
                let me = if r.player == inv.user.id { " ← you" } else { "" };
                format!(
                    "**{}.** {} — {} ({}W {}L {}D){me}",
                    e.rank,
                    e.name,
                    ratings::shown(&r.glicko),
                    r.wins,
                    r.losses,
                    r.draws
                )
            })
            .collect();
        if lines.is_empty() {
            lines.push("No rated games yet. Play one with /challenge (rated: true).".into());
        } else if !entries.iter().any(|e| e.rating.player == inv.user.id) {
            match (store.rank(inv.user.id, scope).await?, store.rating(inv.user.id, scope).await?) {
                (Some(rank), Some(rating)) => lines.push(format!(
                    "…\n**{}.** {} — {} ({}W {}L {}D) ← you, of {}",
                    rank.place,
                    inv.user.name,
                    ratings::shown(&rating.glicko),
                    rating.wins,
                    rating.losses,
                    rating.draws,
                    rank.out_of
                )),
                _ => lines.push("…\nYou are not ranked yet: play a rated game.".into()),
            }
        }
        let embed = Embed {
            title,
            description: lines.join("\n"),
            footer: Some("Glicko-2 ratings; ? marks a provisional rating".into()),
            color: 0x2E7D32,
            ..Embed::default()
        };
        Ok(Reply { embed: Some(embed), ..Reply::default() }.into())
    }

    pub(super) async fn stats(&self, inv: &Invocation, player: Option<User>) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let target = player.unwrap_or_else(|| inv.user.clone());
        let mut fields = Vec::new();
        let mut scopes = vec![("Global", Scope::Global)];
        if let Some(guild) = inv.guild {
            scopes.insert(0, ("This server", Scope::Guild(guild)));
        }
        for (label, scope) in &scopes {
            let text = match store.rating(target.id, *scope).await? {
                Some(r) => {
                    let streak = match r.streak {
                        0 => String::new(),
                        n if n > 0 => format!(", {n} win streak"),
                        n => format!(", {} losses in a row", -n),
                    };
                    let provisional = if is_provisional(&r.glicko) { " (provisional)" } else { "" };
                    format!(
                        "{}{provisional}\n{} games: {}W {}L {}D{streak}",
                        ratings::shown(&r.glicko),
                        r.games,
                        r.wins,
                        r.losses,
                        r.draws
                    )
                }
                None => "No rated games yet".into(),
            };
            fields.push(Field::inline(*label, text));
        }
        if target.id != inv.user.id {
            let h2h = store.head_to_head(target.id, inv.user.id, Scope::of(inv.guild)).await?;
            fields.push(Field::block(
                format!("{} against you", target.name),
                format!("{}W {}L {}D", h2h.wins, h2h.losses, h2h.draws),
            ));
        }
        let embed = Embed { title: format!("{}'s stats", target.name), fields, color: 0x2E7D32, ..Embed::default() };
        Ok(Reply { embed: Some(embed), ..Reply::default() }.into())
    }

    pub(super) async fn history(&self, inv: &Invocation, player: Option<User>) -> Result<Response, ServiceError> {
        let target = player.unwrap_or_else(|| inv.user.clone());
        let games = self.inner.store.finished_games(target.id, Scope::of(inv.guild), TOP).await?;
        let mut lines = Vec::new();
        for record in &games {
            let color = record.color_of(target.id).unwrap_or(Color::Black);
            lines.push(self.history_line(color, record).await?);
        }
        if lines.is_empty() {
            lines.push(format!("{} has no finished games here yet.", target.name));
        }
        let embed = Embed {
            title: format!("{}'s recent games", target.name),
            description: lines.join("\n"),
            footer: Some("Export one with /export game:<id>".into()),
            color: 0x2E7D32,
            ..Embed::default()
        };
        Ok(Reply { embed: Some(embed), ..Reply::default() }.into())
    }

    async fn history_line(&self, color: Color, record: &GameRecord) -> Result<String, ServiceError> {
        let opponent = self.name_of(record.player(color.opponent())).await?;
        let outcome = match record.ending {
            Some(e) if e.reason == EndReason::Aborted => "aborted",
            Some(e) if e.winner == Some(color) => "won",
            Some(e) if e.winner.is_some() => "lost",
            _ => "drew",
        };
        let counts = record.ending.map(|e| format!(" {}-{}", e.black, e.white)).unwrap_or_default();
        let kind = if record.rated { "rated" } else { "casual" };
        Ok(format!(
            "`#{}` {outcome} as {color} vs {opponent}{counts} ({kind}) · <t:{}:d>",
            record.id.0,
            record.updated_at.as_millis() / 1000
        ))
    }

    pub(super) async fn export(&self, inv: &Invocation, id: Option<GameId>) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let record = match id {
            Some(id) => {
                let record = store.game(id).await?.ok_or(UserError::NoSuchGame(id))?;
                let visible = record.guild == inv.guild || record.color_of(inv.user.id).is_some();
                if !visible {
                    return Err(UserError::NoSuchGame(id).into());
                }
                record
            }
            None => store.latest_game_in(inv.channel).await?.ok_or(UserError::NothingToExport)?,
        };
        let game = replay(&record)?;
        let names = self.names(&record).await?;
        let info = GgfInfo {
            black: names[0].clone(),
            white: names[1].clone(),
            place: "reversi-bot on Discord".into(),
            date: date_of(record.created_at),
            result: record.ending.filter(|e| e.reason != EndReason::Normal).map(|e| match e.winner {
                Some(Color::Black) => "+R".to_string(),
                Some(Color::White) => "-R".to_string(),
                None => "?".to_string(),
            }),
        };
        let theme = self.theme(record.guild).await?;
        let gif = self.inner.renderer.replay_gif(&game, &RenderOptions { theme, ..RenderOptions::default() });
        let transcript = game.transcript();
        let status =
            if record.ending.is_some() { result_line(&record, &game, &names) } else { "still being played".into() };
        let content = format!(
            "Game #{}: {} vs {}, {status}.\nTranscript: `{}`",
            record.id.0,
            names[0],
            names[1],
            if transcript.is_empty() { "(no moves yet)" } else { &transcript }
        );
        let files = vec![
            Attachment {
                name: format!("reversi-{}.ggf", record.id.0),
                bytes: game.to_ggf(&info).into_bytes(),
                description: Some("The game in GGF, for NBoard and other Othello programs".into()),
            },
            Attachment {
                name: format!("reversi-{}.gif", record.id.0),
                bytes: gif,
                description: Some("A replay of the game, one frame per move".into()),
            },
        ];
        Ok(Reply { content, files, ..Reply::default() }.into())
    }
}

/// How to play, the rules and the commands.
pub fn help() -> Reply {
    let rules = "Place a disc so that it traps a straight line (across, down or diagonal) of your opponent's \
                 discs between it and another of your discs: every trapped line flips to your colour. If you \
                 cannot trap anything you pass, automatically. When neither side can move the game ends and \
                 the side with more discs wins. Black moves first; squares are named like chess, a1 top-left.";
    let commands = [
        ("/challenge opponent color rated", "challenge a member (or anyone, without an opponent)"),
        ("/bot level color", "play me, from level 1 (beginner) to 5 (master)"),
        ("/move square", "play a move such as d3 (the menu under the board works too)"),
        ("/board", "show this channel's game again"),
        ("/resign", "resign (you will be asked to confirm)"),
        ("/leaderboard scope", "the server or global ladder"),
        ("/stats player", "rating, record and your head-to-head"),
        ("/history player", "recent games with their ids"),
        ("/export game", "transcript, GGF file and a replay"),
        ("/settings", "this server's deadline, theme, typed moves and bot level (Manage Server to change)"),
    ];
    let list: Vec<String> = commands.iter().map(|(c, d)| format!("`{c}` — {d}")).collect();
    let embed = Embed {
        title: "How to play Reversi / Othello".into(),
        description: rules.into(),
        fields: vec![
            Field::block("Commands", list.join("\n")),
            Field::block(
                "Variants",
                "Games can use 6x6 or 10x10 boards, other starts, one-line flips (name the line: `c4:ne`), \
                 32 discs each, and other tie and scoring rules.",
            ),
        ],
        footer: Some("One game per channel: open a thread to run several at once.".into()),
        color: 0x2E7D32,
        ..Embed::default()
    };
    Reply { embed: Some(embed), ephemeral: true, ..Reply::default() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_computed_in_utc() {
        assert_eq!(date_of(Timestamp(0)), "1970-01-01");
        assert_eq!(date_of(Timestamp(1_795_219_200_000)), "2026-11-21");
        assert_eq!(date_of(Timestamp(951_782_400_000)), "2000-02-29");
    }
}
