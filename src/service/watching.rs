//! Following games from outside their channel: the server's games (`/games`), live boards
//! (`/watch`: one message per game and channel, edited by the sweep after the game's moves,
//! never faster than Discord allows, the latest position in each edit), and your-turn notices in
//! a player's DMs (`/notify`). Edits and notices are taken on by compare-and-sets in the store,
//! so with several processes (or after a restart) each happens once.

use std::time::Duration;

use crate::store::queries::*;
use crate::store::{GameId, GameRecord, GameStatus, LiveBoard, MessageId, Timestamp};

use super::facts::{Event, Played};
use super::reply::{Announcement, Posted, Reply};
use super::view::watching::{self as words, GameLine, LiveState};
use super::{Invocation, Response, Service, ServiceError, UserError, replay};

/// Games on a page of `/games`.
pub const GAMES_PER_PAGE: u32 = 8;
/// Games finished today shown on the first page.
const FINISHED_SHOWN: u32 = 5;
/// The least time between two edits of one live board: Discord allows five edits in five seconds
/// in a channel, so a few live boards in one channel stay within it. Moves made faster are shown
/// together in the next edit.
pub const LIVE_EDIT_GAP: Duration = Duration::from_secs(2);
/// How long the process that posts a live board has to note it before another posts it again
/// (under the same key, so Discord shows it once).
const LIVE_REPOST_AFTER: Duration = Duration::from_secs(30);
/// How long a player may take over their move before a your-turn notice is sent.
pub const NOTICE_AFTER: Duration = Duration::from_secs(15 * 60);
/// How long a claimed notice may go unsent before another process sends it.
const NOTICE_RECLAIM: Duration = Duration::from_secs(120);
/// Live boards edited and notices sent by one sweep at most (the rest wait for the next).
const AT_ONCE: u32 = 50;
/// A day in milliseconds (UTC days: "finished today").
const DAY_MS: i64 = 86_400_000;

impl Service {
    /// `/games`: the server's live games, newest first, page `page`; on the first page the
    /// games finished today.
    pub(super) async fn list_games(&self, inv: &Invocation, page: u32) -> Result<Response, ServiceError> {
        let guild = inv.guild.ok_or(UserError::NotOfferedHere("games"))?;
        let store = &self.inner.store;
        let (live, total) = store.guild_games_page(guild, inv.channel, GAMES_PER_PAGE, page * GAMES_PER_PAGE).await?;
        let finished = if page == 0 {
            let today = Timestamp(inv.now.0 - inv.now.0.rem_euclid(DAY_MS));
            store.finished_in_guild_since(guild, inv.channel, today, FINISHED_SHOWN).await?
        } else {
            Vec::new()
        };
        let mut lines = Vec::with_capacity(live.len() + finished.len());
        for record in live.iter().chain(&finished) {
            lines.push(self.game_line(record, inv).await?);
        }
        let (live, finished) = lines.split_at(live.len());
        Ok(words::games(inv.locale(), live, finished, page, GAMES_PER_PAGE, total).into())
    }

    async fn game_line(&self, record: &GameRecord, inv: &Invocation) -> Result<GameLine, ServiceError> {
        let game = replay(record)?;
        Ok(GameLine {
            id: record.id,
            names: self.names(record, inv.locale()).await?,
            rules: record.rules,
            moves: game.move_count(),
            to_move: game.to_move(),
            rated: record.rated,
            channel: record.channel,
            // Only a game over has an ending.
            score: record.ending.as_ref().map(|e| [e.black, e.white]),
        })
    }

    /// `/watch game:`: a live board of a live game of this server, posted in this channel.
    pub(super) async fn watch(&self, inv: &Invocation, id: GameId) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let record = store.game(id).await?.filter(|r| r.guild.is_some() && r.guild == inv.guild);
        let record = record.ok_or(UserError::NoSuchGame(id))?;
        if record.channel == Some(inv.channel) {
            return Err(UserError::WatchInItsChannel(id).into());
        }
        if store.private_game(id).await? {
            return Err(UserError::GamePrivate(id).into());
        }
        if record.status != GameStatus::Live {
            return Err(UserError::WatchOver(id).into());
        }
        let (board, made) = store.open_live_board(id, inv.guild, inv.channel, inv.user.id, inv.now).await?;
        if !made {
            return Err(UserError::WatchAlready(id).into());
        }
        let post = self.live_board_post(&board, &record).await?;
        Ok(Response { reply: words::watch_posted(inv.locale(), id), announcements: vec![post], openings: Vec::new() })
    }

    /// A live board of a game opened elsewhere (a tournament's featured game) in `channel`,
    /// asked for by `asked_by`: its first post, or `None` when one is there already.
    pub(super) async fn feature_game(
        &self,
        record: &GameRecord,
        channel: crate::store::ChannelId,
        asked_by: crate::store::UserId,
        now: Timestamp,
    ) -> Result<Option<Announcement>, ServiceError> {
        let (board, made) = self.inner.store.open_live_board(record.id, record.guild, channel, asked_by, now).await?;
        if !made {
            return Ok(None);
        }
        Ok(Some(self.live_board_post(&board, record).await?))
    }

    /// The Stop watching button: the board shows the game as it stands and follows it no more.
    pub(super) async fn stop_watching(&self, inv: &Invocation, board: i64) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        let kept = store.live_board(board).await?.ok_or(UserError::Stale)?;
        if !kept.live {
            return Err(UserError::LiveBoardStopped.into());
        }
        if kept.asked_by != inv.user.id && !inv.can_manage_guild {
            let name = self.name_of(kept.asked_by, inv.locale()).await?;
            return Err(UserError::NotYourLiveBoard(name).into());
        }
        if !store.stop_live_board(board).await? {
            return Err(UserError::LiveBoardStopped.into());
        }
        let record = store.game(kept.game).await?.ok_or(UserError::NoSuchGame(kept.game))?;
        let mut reply = self.live_board(&kept, &record, LiveState::Stopped).await?;
        reply.replaces = true;
        Ok(reply.into())
    }

    /// The board a live board shows: the game's picture and card, without menus or mentions, in
    /// the server's language.
    async fn live_board(
        &self,
        board: &LiveBoard,
        record: &GameRecord,
        state: LiveState,
    ) -> Result<Reply, ServiceError> {
        let locale = self.locale_for(board.guild).await?;
        let game = replay(record)?;
        // The last move, named: the picture marks it, the words say it.
        let events = game
            .last_move()
            .map(|m| Event::Moved { color: m.color, mv: m.mv, flipped: m.flipped.len() })
            .into_iter()
            .collect();
        let played = Played { record: record.clone(), game, events, changes: Vec::new() };
        let mut reply = self.board(&played, locale).await?;
        let names = self.names(record, locale).await?;
        words::label_live_board(&mut reply, locale, record.id, &names, record.channel, state, board.id);
        Ok(reply)
    }

    /// The first post of a live board, keyed so that a second post (after a restart) shows once.
    async fn live_board_post(&self, board: &LiveBoard, record: &GameRecord) -> Result<Announcement, ServiceError> {
        let state = if record.status == GameStatus::Live { LiveState::Live } else { LiveState::Ended };
        let reply = self.live_board(board, record, state).await?;
        let then = Posted::LiveBoard { board: board.id, version: record.version, over: state == LiveState::Ended };
        Ok(Announcement {
            then: Some(then),
            ..Announcement::new(board.channel, reply).keyed(format!("lb{}", board.id))
        })
    }

    /// The live boards to bring up to date: posts never noted (their process stopped), and an
    /// edit of each board whose game moved since it was shown and whose last edit is
    /// `LIVE_EDIT_GAP` old. A game over is shown once more, final, and followed no more.
    pub async fn sweep_live_boards(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let store = &self.inner.store;
        let mut out = Vec::new();
        for board in store.unposted_live_boards(now.minus(LIVE_REPOST_AFTER)).await? {
            if let Some(record) = store.game(board.game).await? {
                out.push(self.live_board_post(&board, &record).await?);
            }
        }
        let edited_before = now.minus(LIVE_EDIT_GAP);
        for behind in store.live_boards_behind(edited_before, AT_ONCE).await? {
            let (board, record) = (behind.board, behind.game);
            let Some(message) = board.message else { continue };
            if !store.take_live_board_edit(board.id, edited_before, now).await? {
                continue;
            }
            let over = record.status != GameStatus::Live;
            let reply = self.live_board(&board, &record, if over { LiveState::Ended } else { LiveState::Live }).await?;
            let then = Posted::LiveBoard { board: board.id, version: record.version, over };
            out.push(Announcement { edit: Some(message), then: Some(then), ..Announcement::new(board.channel, reply) });
        }
        Ok(out)
    }

    /// Notes a live board posted (its message) or edited (the version it shows).
    pub(super) async fn live_board_shown(
        &self,
        board: i64,
        version: i64,
        over: bool,
        message: Option<MessageId>,
    ) -> Result<(), ServiceError> {
        let store = &self.inner.store;
        // Noting the message writes only a board never posted (an edit's message is the same).
        if let Some(message) = message {
            store.note_live_board_posted(board, message, version).await?;
        }
        store.note_live_board_shown(board, version, over).await?;
        Ok(())
    }

    /// `/notify`: your-turn notices on or off (`None`: how they stand).
    pub(super) async fn notify(&self, inv: &Invocation, on: Option<bool>) -> Result<Response, ServiceError> {
        let store = &self.inner.store;
        if let Some(on) = on {
            store.set_turn_notices(inv.user.id, on, inv.now).await?;
        }
        let now_on = store.turn_notices_on(inv.user.id).await?;
        Ok(words::notify(inv.locale(), now_on, NOTICE_AFTER.as_secs() / 60, on.is_some()).into())
    }

    /// Your-turn notices due: a player who asked for them and has not moved for
    /// `NOTICE_AFTER` gets one DM for that turn, claimed once across processes.
    pub async fn sweep_turn_notices(&self, now: Timestamp) -> Result<Vec<Announcement>, ServiceError> {
        let store = &self.inner.store;
        let reclaim_before = now.minus(NOTICE_RECLAIM);
        let mut out = Vec::new();
        for record in store.turns_to_notice(now.minus(NOTICE_AFTER), reclaim_before, AT_ONCE).await? {
            let Some(player) = record.to_move else { continue };
            if self.is_bot(player)
                || !store.claim_turn_notice(record.id, record.version, player, reclaim_before, now).await?
            {
                continue;
            }
            let locale = self.locale_for(record.guild).await?;
            let color = record.color_of(player).unwrap_or(crate::engine::Color::Black);
            let opponent = self.name_of(record.player(color.opponent()), locale).await?;
            let reply = words::turn_notice(locale, record.id, &opponent, record.channel);
            let then = Posted::TurnNotice { game: record.id, version: record.version };
            let channel = record.channel.unwrap_or(crate::store::ChannelId(0));
            out.push(Announcement {
                direct: Some(player),
                then: Some(then),
                ..Announcement::new(channel, reply).keyed(format!("tn{}v{}", record.id.0, record.version))
            });
        }
        Ok(out)
    }
}
