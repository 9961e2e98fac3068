//! The read-only commands and settings: leaderboard, stats, history, export (transcript, GGF and a
//! replay GIF), help, and the server's settings. They gather what to show; the text layer says it.

use crate::engine::{Color, Game, GgfInfo};
use crate::render::{Ending, RenderOptions, Theme};
use crate::store::queries::*;
use crate::store::{EndReason, GameId, GuildId, Ladder, Scope, ServerSettings};

use super::reply::{Attachment, Reply};
use super::text::{Args, Locale, utc_day, words};
use super::view::board::{self, result_line};
use super::view::replies::{self, HistoryLine, Stats, TypedMoves};
use super::{
    BoardScope, Invocation, LanguageChoice, Response, Service, ServiceError, SettingsChange, User, UserError, replay,
    sheet_theme,
};

/// How many lines a leaderboard or history shows.
const TOP: u32 = 10;

impl Service {
    /// The language of announcements in a server: the one its settings chose, else Discord's
    /// language for it, else English.
    pub(super) async fn announcement_locale(
        &self,
        settings: &ServerSettings,
        guild: Option<crate::store::GuildId>,
    ) -> Result<Locale, ServiceError> {
        if let Some(chosen) = settings.language.as_deref().and_then(Locale::from_tag) {
            return Ok(chosen);
        }
        let Some(guild) = guild else { return Ok(Locale::English) };
        Ok(self.inner.store.guild_locale(guild).await?.as_deref().and_then(Locale::from_tag).unwrap_or_default())
    }

    pub(super) async fn change_settings(
        &self,
        inv: &Invocation,
        change: SettingsChange,
    ) -> Result<Response, ServiceError> {
        let Some(guild) = inv.guild else { return Err(UserError::SettingsNeedServer.into()) };
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
            if let Some(on) = change.bot_takebacks {
                settings.strong_bot_takebacks = on;
            }
            if let Some(web) = change.web {
                settings.web = web;
            }
            if let Some(role) = change.organiser_role {
                // The server's @everyone role (its id is the server's) stands for "no role".
                settings.organiser_role = (role != guild.0).then_some(role);
            }
            if let Some(language) = change.language {
                settings.language = match language {
                    LanguageChoice::Server => None,
                    LanguageChoice::Fixed(locale) => Some(locale.tag().to_string()),
                };
            }
            store.set_settings(guild, &settings, inv.now).await?;
            self.web_changed();
            if let Some(season) = change.season {
                self.set_seasons(inv, guild, season).await?;
            }
            self.set_daily_puzzle(inv, guild, change.daily_puzzle, change.puzzle_hour).await?;
        }
        let typed = match (self.inner.options.typed_moves_available, settings.typed_moves) {
            (false, _) => TypedMoves::Unavailable,
            (true, true) => TypedMoves::On,
            (true, false) => TypedMoves::Off,
        };
        let announcements = self.announcement_locale(&settings, inv.guild).await?;
        let season = self.running_season(inv.guild, inv.now).await?.map(|(_, season)| season);
        let daily = store.daily_plan(guild).await?;
        let page = self.web_leaderboard_of(guild).await?;
        let web = match (&self.inner.options.public_url, page.as_deref()) {
            (None, _) => replies::WebShown::Unavailable,
            (Some(_), None) => replies::WebShown::Off,
            (Some(_), Some(page)) => replies::WebShown::Page(page),
        };
        let shown =
            replies::SettingsShown { typed, announcements, season: season.as_ref(), daily, saved: changing, web };
        Ok(replies::settings(inv.locale(), &settings, &shown).into())
    }

    fn scope_for(inv: &Invocation, scope: BoardScope) -> Scope {
        match scope {
            BoardScope::Server => Scope::of(inv.guild),
            BoardScope::Global => Scope::Global,
        }
    }

    pub(super) async fn leaderboard(
        &self,
        inv: &Invocation,
        scope: BoardScope,
        ladder: &Ladder,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let scope = Service::scope_for(inv, scope);
        let mut entries = store.leaderboard(ladder, scope, TOP).await?;
        for entry in entries.iter_mut().filter(|e| e.anonymous) {
            entry.name = super::view::privacy::deleted_player(inv.locale());
        }
        let mine = if entries.iter().any(|e| e.rating.player == inv.user.id) {
            None
        } else {
            match (store.rank(inv.user.id, ladder, scope).await?, store.rating(inv.user.id, ladder, scope).await?) {
                (Some(rank), Some(rating)) => Some((rank, rating, inv.user.name.clone())),
                _ => None,
            }
        };
        let global = scope == Scope::Global;
        // On a server with seasons, the ratings' table points to the running season's.
        let season = match scope {
            Scope::Guild(_) => self.running_season(inv.guild, inv.now).await?.map(|(_, season)| season),
            Scope::Global => None,
        };
        let mut reply =
            replies::leaderboard(inv.locale(), global, ladder, &entries, inv.user.id, mine, season.as_ref());
        if let Scope::Guild(guild) = scope
            && let Some(page) = self.web_leaderboard_of(guild).await?
        {
            let page = format!("{page}?ladder={}", ladder.as_str());
            reply.rows.push(super::view::board::web_page_row(inv.locale(), page));
        }
        Ok(reply.into())
    }

    pub(super) async fn stats(
        &self,
        inv: &Invocation,
        player: Option<User>,
        ladder: &Ladder,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let target = player.unwrap_or_else(|| inv.user.clone());
        let mut ratings = Vec::new();
        if let Some(guild) = inv.guild {
            ratings.push((true, store.rating(target.id, ladder, Scope::Guild(guild)).await?));
        }
        ratings.push((false, store.rating(target.id, ladder, Scope::Global).await?));
        let unrated = store.unrated_tallies(target.id, Scope::Global, ladder.clone()).await?;
        let head_to_head = if target.id == inv.user.id {
            None
        } else {
            Some((inv.user.name.clone(), store.head_to_head(target.id, inv.user.id, Scope::of(inv.guild)).await?))
        };
        let tournaments = self.tournament_places(target.id, inv.guild).await?;
        let stats = Stats {
            name: &target.name,
            ladder,
            ratings,
            casual: unrated.casual,
            bot: unrated.bot,
            head_to_head,
            tournaments,
        };
        Ok(replies::stats(inv.locale(), &stats).into())
    }

    pub(super) async fn history(&self, inv: &Invocation, player: Option<User>) -> Result<Response, ServiceError> {
        let target = player.unwrap_or_else(|| inv.user.clone());
        let games = self.inner.store.finished_games(target.id, Scope::of(inv.guild), TOP).await?;
        let mut lines = Vec::new();
        let mut themes: Vec<(Option<GuildId>, Theme)> = Vec::new();
        for record in games {
            let color = record.color_of(target.id).unwrap_or(Color::Black);
            let opponent_id = record.player(color.opponent());
            let opponent = self.name_of(opponent_id, inv.locale()).await?;
            let game = replay(&record)?;
            // The scored result (WOF scoring gives the empties to the winner), the player's first.
            let score = match record.ending {
                Some(e) if e.reason == EndReason::Normal => {
                    let scored = game.result().map_or([e.black, e.white], |r| r.score);
                    Some((scored[color.index()], scored[color.opponent().index()]))
                }
                _ => None,
            };
            let opening = crate::service::view::board::game_opening(&game);
            let against_bot = self.is_bot(opponent_id);
            // One settings read per server, however many of its games are listed.
            let server_theme = match themes.iter().find(|(guild, _)| *guild == record.guild) {
                Some(&(_, theme)) => theme,
                None => {
                    let theme = self.theme(record.guild).await?;
                    themes.push((record.guild, theme));
                    theme
                }
            };
            let theme = sheet_theme(server_theme, &record.rules);
            lines.push(HistoryLine { color, opponent, score, against_bot, opening, theme, game: record });
        }
        Ok(replies::history(inv.locale(), &target.name, &lines).into())
    }

    pub(super) async fn export(&self, inv: &Invocation, id: Option<GameId>) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let record = match id {
            Some(id) => self.visible_game(inv, id).await?,
            None => store.latest_game_in(inv.channel).await?.ok_or(UserError::NothingToExport)?,
        };
        let game = replay(&record)?;
        let names = self.names(&record, inv.locale()).await?;
        let place = words(inv.locale(), "export-ggf-place", &Args::new());
        let info = ggf_info(&record, &names, place);
        let theme = self.game_theme(record.guild, &record.rules).await?;
        let locale = inv.locale();
        let status = record.ending.is_some().then(|| result_line(locale, theme, &record, &game, &names));
        let ending = record
            .ending
            .zip(status.as_ref())
            .map(|(e, status)| Ending { winner: e.winner, banner: status.to_plain() });
        let content = replies::export_content(locale, theme, &record, &names, status, &game.transcript());
        let gif = self.replay(&game, theme, locale, &names, ending);
        let files = vec![
            Attachment {
                name: format!("reversi-{}.ggf", record.id.0),
                bytes: game.to_ggf(&info).into_bytes(),
                description: Some(words(locale, "export-ggf-description", &Args::new())),
            },
            Attachment {
                name: format!("reversi-{}.gif", record.id.0),
                bytes: gif,
                description: Some(words(locale, "export-gif-description", &Args::new())),
            },
        ];
        Ok(Reply { content, files, ..Reply::default() }.into())
    }

    /// How to play, the rules and the commands.
    pub(super) async fn help(&self, inv: &Invocation) -> Result<Response, ServiceError> {
        let master_seconds = self.inner.options.ai.budget.as_secs_f64();
        Ok(replies::help(inv.locale(), self.theme(inv.guild).await?, master_seconds).into())
    }

    /// The replay GIF of a game, its frames numbered in `locale`.
    fn replay(
        &self,
        game: &Game,
        theme: Theme,
        locale: Locale,
        names: &[String; 2],
        ending: Option<Ending>,
    ) -> Vec<u8> {
        let caption = board::replay_caption(locale, names.clone(), game, ending);
        let label = |n: usize| board::move_label(locale, n);
        self.inner.renderer.replay_gif_captioned(
            game,
            &RenderOptions { theme, ..RenderOptions::default() },
            &caption,
            &label,
        )
    }
}

/// A finished game's GGF header: the players, `place`, the day, and the result when it did not
/// end on the board (a resignation or a loss on time).
pub(super) fn ggf_info(record: &crate::store::GameRecord, names: &[String; 2], place: String) -> GgfInfo {
    GgfInfo {
        black: names[0].clone(),
        white: names[1].clone(),
        place,
        date: utc_day(record.created_at),
        result: record.ending.filter(|e| e.reason != EndReason::Normal).map(|e| match e.winner {
            Some(Color::Black) => "+R".to_string(),
            Some(Color::White) => "-R".to_string(),
            None => "?".to_string(),
        }),
        ..GgfInfo::default()
    }
}
