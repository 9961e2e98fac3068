//! Leaderboard seasons: a server that turns them on (`/settings season`) gets, each calendar month
//! or quarter (UTC), a table of the players with at least [`MIN_SEASON_GAMES`] rated games in the
//! server in that season, ranked by their rating at its end. Ratings carry on from season to
//! season; a season only decides who is in its table and where. The sweep closes a season once
//! its end has passed (once across processes: see `store::seasons`), keeps the final table, and
//! announces the champions in the channel seasons were turned on in.

use crate::store::queries::*;
use crate::store::{ClosedSeason, GuildId, Ladder, SeasonPlan, SeasonStanding, Timestamp};

use super::reply::{Announcement, Posted};
use super::season_calendar::Season;
use super::view::seasons::{self as view, SeasonTable, TableState};
use super::{Invocation, Response, SeasonPick, SeasonSetting, Service, ServiceError, UserError};

pub use super::season_calendar::MIN_SEASON_GAMES;
/// How many lines a season's table shows.
const TOP: u32 = 10;
/// How many places of each ladder an announcement names.
const PODIUM: u32 = 3;
/// How many due seasons one sweep closes, and how many closes it announces, at most.
const AT_ONCE: u32 = 20;
/// How many closed seasons a refusal lists.
const LISTED: u32 = 6;

impl Service {
    /// `/settings season`: turns the server's seasons on (announced in the caller's channel),
    /// changes their length, or turns them off. Setting the same length again keeps the running
    /// season. The caller may manage the server (checked by the settings flow).
    pub(super) async fn set_seasons(
        &self,
        inv: &Invocation,
        guild: GuildId,
        setting: SeasonSetting,
    ) -> Result<(), ServiceError> {
        let store = &self.inner.store;
        match setting {
            SeasonSetting::Off => {
                store.end_season_plan(guild).await?;
            }
            SeasonSetting::On(cadence) => {
                let due = Season::containing(cadence, inv.now).ends_at();
                store.set_season_plan(guild, cadence, Some(inv.channel), due, inv.now).await?;
            }
        }
        Ok(())
    }

    /// The server's running season, when its seasons are on.
    pub(super) async fn running_season(
        &self,
        guild: Option<GuildId>,
        now: Timestamp,
    ) -> Result<Option<(SeasonPlan, Season)>, ServiceError> {
        let Some(guild) = guild else { return Ok(None) };
        let Some(plan) = self.inner.store.season_plan(guild).await? else { return Ok(None) };
        Ok(Some((plan, Season::containing(plan.cadence, now))))
    }

    /// `/leaderboard season:`: the running season's table so far, or a closed season's final
    /// table. A season that is not a season, or that never closed here, is refused.
    pub(super) async fn season_leaderboard(
        &self,
        inv: &Invocation,
        ladder: &Ladder,
        pick: SeasonPick,
    ) -> Result<Response, ServiceError> {
        let Some(guild) = inv.guild else { return Err(UserError::SeasonNeedsServer.into()) };
        let running = self.running_season(inv.guild, inv.now).await?;
        let season = match &pick {
            SeasonPick::Current => None,
            SeasonPick::Named(text) => {
                Some(Season::parse(text).ok_or_else(|| UserError::BadSeason(super::options::quoted(text)))?)
            }
        };
        match (season, running) {
            // The running season, asked for as "current" or by its key.
            (None, Some((_, current))) => self.running_table(inv, guild, ladder, current).await,
            (Some(season), Some((_, current))) if season == current => {
                self.running_table(inv, guild, ladder, current).await
            }
            (None, None) => Err(UserError::SeasonsOff.into()),
            (Some(season), _) => match self.inner.store.closed_season(guild, &season.key()).await? {
                Some(closed) => self.closed_table(inv, ladder, &closed).await,
                None => {
                    let closed = self.inner.store.closed_seasons(guild, LISTED).await?;
                    let closed = closed.into_iter().map(|s| s.window.key).collect();
                    Err(UserError::NoSuchSeason { season: season.key(), closed }.into())
                }
            },
        }
    }

    async fn running_table(
        &self,
        inv: &Invocation,
        guild: GuildId,
        ladder: &Ladder,
        season: Season,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let window = season.window();
        let mut entries = store.season_table(guild, ladder, &window, MIN_SEASON_GAMES, TOP).await?;
        self.name_deleted(&mut entries, inv);
        let mine = if entries.iter().any(|e| e.player == inv.user.id) {
            None
        } else {
            Some(store.season_games(guild, ladder, inv.user.id, &window).await?)
        };
        let table = SeasonTable {
            key: &window.key,
            ladder,
            state: TableState::Running { ends_at: window.ends_at, my_games: mine },
            entries: &entries,
            me: inv.user.id,
            mine: None,
        };
        Ok(view::table(inv.locale(), &table).into())
    }

    async fn closed_table(
        &self,
        inv: &Invocation,
        ladder: &Ladder,
        closed: &ClosedSeason,
    ) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let mut entries = store.season_standings(closed.id, Some(ladder), TOP).await?;
        self.name_deleted(&mut entries, inv);
        let mine = if entries.iter().any(|e| e.player == inv.user.id) {
            None
        } else {
            store.season_standing_of(closed.id, ladder, inv.user.id).await?
        };
        let table = SeasonTable {
            key: &closed.window.key,
            ladder,
            state: TableState::Closed { ended_at: closed.window.ends_at },
            entries: &entries,
            me: inv.user.id,
            mine: mine.as_ref(),
        };
        Ok(view::table(inv.locale(), &table).into())
    }

    /// Gives deleted players the reader's words for them.
    fn name_deleted(&self, entries: &mut [SeasonStanding], inv: &Invocation) {
        for entry in entries.iter_mut().filter(|e| e.anonymous) {
            entry.name = super::view::privacy::deleted_player(inv.locale());
        }
    }

    /// Closes the seasons whose end has passed (one per server each sweep: a server that missed
    /// several catches up a season a sweep), then announces every closed season not yet announced,
    /// each under its own key and noted once posted ([`Service::posted`]).
    pub async fn sweep_seasons(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let store = &self.inner.store;
        for plan in store.due_season_plans(now, AT_ONCE).await? {
            if let Err(e) = self.close_due(&plan, now).await {
                tracing::error!(guild = plan.guild.0, error = %e, "could not close a season");
            }
        }
        let mut out = Vec::new();
        for season in store.unannounced_seasons(AT_ONCE).await? {
            match self.season_announcement(&season).await {
                Ok(announcement) => out.extend(announcement),
                Err(e) => tracing::error!(season = season.id.0, error = %e, "could not announce a season's close"),
            }
        }
        Ok(out)
    }

    /// Closes the season that ended at `plan.due_at`, in one transaction; nothing when another
    /// process closed it first.
    async fn close_due(&self, plan: &SeasonPlan, now: Timestamp) -> Result<Option<ClosedSeason>, ServiceError> {
        let season = Season::containing(plan.cadence, Timestamp(plan.due_at.as_millis() - 1));
        let next_due = season.next().ends_at();
        let mut tx = self.inner.store.begin().await?;
        let closed = tx.close_season(plan, &season.window(), next_due, MIN_SEASON_GAMES, now).await?;
        tx.commit().await?;
        if let Some(closed) = &closed {
            tracing::info!(guild = plan.guild.0, season = %closed.window.key, "season closed");
        }
        Ok(closed)
    }

    /// A closed season's announcement: its champions and podiums, in the server's language, in
    /// the channel it is announced in.
    async fn season_announcement(&self, season: &ClosedSeason) -> Result<Option<Announcement>, ServiceError> {
        let Some(channel) = season.channel else { return Ok(None) };
        let locale = self.server_locale(Some(season.guild)).await?;
        let mut podiums = self.inner.store.season_standings(season.id, None, PODIUM).await?;
        for entry in podiums.iter_mut().filter(|e| e.anonymous) {
            entry.name = super::view::privacy::deleted_player(locale);
        }
        let reply = view::closed(locale, &season.window.key, &podiums);
        Ok(Some(Announcement {
            key: Some(format!("season{}", season.id.0)),
            then: Some(Posted::SeasonClosed(season.id)),
            ..Announcement::new(channel, reply)
        }))
    }
}
