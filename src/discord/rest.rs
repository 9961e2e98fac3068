//! Calls to Discord's REST API that must not be lost to a passing failure: a 5xx or no answer at
//! all is tried again after a pause (0.5 s, doubling), a 429 once the wait it names has passed
//! (its `retry_after`; 1 s, doubling, when it names none): behind a rate-limit proxy serenity's
//! own limiter is off, so this is what waits. Every failure is counted by status for the metrics.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;

use super::convert;
use crate::service::{Announcement, Metrics, Opening, Service, wall_clock};
use crate::store::{ChannelId, MessageId, UserId};

/// How many times a call is tried in all.
const TRIES: u32 = 5;
/// The first pause before trying again; each later one is twice as long.
const FIRST_PAUSE: Duration = Duration::from_millis(500);
/// The first pause after a 429 (rate limited); each later one is twice as long.
const FIRST_RATE_LIMIT_PAUSE: Duration = Duration::from_secs(1);

/// The longest one pause lasts, whatever wait a 429 names (a global limit may name an hour).
const LONGEST_NAMED_WAIT: Duration = Duration::from_secs(60);

/// The HTTP status Discord answered a failed call with, `None` when the failure was not an
/// answer (no connection, a bad request built on our side).
pub(crate) fn status_of(error: &serenity::Error) -> Option<u16> {
    answer_of(error).map(|response| response.status_code.as_u16())
}

/// Discord's answer to a failed call, when the failure was one.
fn answer_of(error: &serenity::Error) -> Option<&serenity::ErrorResponse> {
    match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response)) => Some(response),
        _ => None,
    }
}

/// The wait a 429 names (`retry_after`), if the failure is one that names it.
pub(crate) fn retry_after(error: &serenity::Error) -> Option<Duration> {
    answer_of(error)?.error.retry_after
}

/// Whether a failed call may succeed if tried again: rate limited, Discord failing, or no answer.
pub(crate) fn is_retryable(error: &serenity::Error) -> bool {
    match status_of(error) {
        Some(status) => status == 429 || status >= 500,
        None => matches!(error, serenity::Error::Http(serenity::HttpError::Request(_))),
    }
}

/// Counts a failed call in the metrics, by status (`0` for no answer).
pub(crate) fn count(metrics: &Metrics, error: &serenity::Error) {
    let status = status_of(error).unwrap_or(0).to_string();
    metrics.rest_errors.with_label_values(&[status.as_str()]).inc();
}

/// Runs `call` until it succeeds, fails for good, or has been tried [`TRIES`] times, pausing
/// between tries. Every failure is counted; the last one is returned.
pub(crate) async fn retrying<T, F, Fut>(metrics: &Metrics, what: &str, mut call: F) -> Result<T, serenity::Error>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, serenity::Error>>,
{
    let mut tries = 0;
    loop {
        tries += 1;
        match call().await {
            Ok(value) => return Ok(value),
            Err(error) => {
                count(metrics, &error);
                if tries >= TRIES || !is_retryable(&error) {
                    return Err(error);
                }
                let first = if status_of(&error) == Some(429) { FIRST_RATE_LIMIT_PAUSE } else { FIRST_PAUSE };
                let pause =
                    retry_after(&error).map_or(first * 2u32.pow(tries - 1), |named| named.min(LONGEST_NAMED_WAIT));
                tracing::warn!(what, error = %error, retry_in_ms = pause.as_millis() as u64, "Discord failed a call; trying again");
                tokio::time::sleep(pause).await;
            }
        }
    }
}

/// Posts announcements to their channels, each with retries and under its key (Discord's nonce,
/// enforced: the same key posted again within minutes shows the first message), then tells the
/// service what was posted. One that Discord refuses for good (a deleted channel) counts as
/// settled; one that still fails after the retries is logged and made again by a later sweep
/// (or, for a move, shown again by `/board`).
pub(crate) async fn post(http: &serenity::Http, service: &Service, announcements: Vec<Announcement>) {
    for announcement in announcements {
        let sent = match (announcement.edit, announcement.direct) {
            (Some(message), _) => edit(http, service, &announcement, message).await,
            (None, Some(user)) => direct(http, service, &announcement, user).await,
            (None, None) => send(http, service, &announcement, serenity::ChannelId::new(announcement.channel.0)).await,
        };
        let settled = match &sent {
            Ok(_) => true,
            Err(e) => {
                tracing::error!(channel = announcement.channel.0, error = %e, "could not post a message");
                !is_retryable(e)
            }
        };
        let message = sent.as_ref().ok().map(|id| MessageId(id.get()));
        if let (true, Some(then)) = (settled, announcement.then)
            && let Err(e) = service.posted(then, message, wall_clock()).await
        {
            tracing::warn!(error = %e, "could not note a posted message; it may be posted again (and shown once)");
        }
    }
}

/// Posts an announcement in `channel`, under its key.
async fn send(
    http: &serenity::Http,
    service: &Service,
    announcement: &Announcement,
    channel: serenity::ChannelId,
) -> Result<serenity::MessageId, serenity::Error> {
    let sent = retrying(service.metrics(), "a message to a channel", || {
        let mut message = convert::message(&announcement.reply);
        if let Some(key) = &announcement.key {
            message = message.nonce(serenity::Nonce::String(key.clone())).enforce_nonce(true);
        }
        channel.send_message(http, message)
    })
    .await;
    sent.map(|message| message.id)
}

/// Edits a message (a live board) to the announcement's reply, its picture replaced.
async fn edit(
    http: &serenity::Http,
    service: &Service,
    announcement: &Announcement,
    message: MessageId,
) -> Result<serenity::MessageId, serenity::Error> {
    let channel = serenity::ChannelId::new(announcement.channel.0);
    let message = serenity::MessageId::new(message.0);
    let edited = retrying(service.metrics(), "an edit of a message", || {
        channel.edit_message(http, message, convert::edit_message(&announcement.reply))
    })
    .await;
    edited.map(|message| message.id)
}

/// Posts an announcement in a user's DM (opened, or found, first).
async fn direct(
    http: &serenity::Http,
    service: &Service,
    announcement: &Announcement,
    user: UserId,
) -> Result<serenity::MessageId, serenity::Error> {
    let user = serenity::UserId::new(user.0);
    let dm = retrying(service.metrics(), "a DM channel", || user.create_dm_channel(http)).await?;
    send(http, service, announcement, dm.id).await
}

/// How long a tournament game's thread stays open without a message: a week, Discord's longest.
const THREAD_ARCHIVE: serenity::AutoArchiveDuration = serenity::AutoArchiveDuration::OneWeek;

/// Opens each tournament game in a public thread of its own under the tournament's channel, and
/// posts its first board there with both players called. A thread Discord refuses (no right to
/// make threads) is logged; the game is claimed again by a later sweep once its claim lapses.
pub(crate) async fn open_games(http: &serenity::Http, service: &Service, openings: Vec<Opening>) {
    for opening in openings {
        let parent = serenity::ChannelId::new(opening.parent.0);
        let made = retrying(service.metrics(), "a tournament game's thread", || {
            let thread = serenity::CreateThread::new(opening.name.clone())
                .kind(serenity::ChannelType::PublicThread)
                .auto_archive_duration(THREAD_ARCHIVE);
            parent.create_thread(http, thread)
        })
        .await;
        let thread = match made {
            Ok(thread) => thread,
            Err(e) => {
                tracing::error!(channel = opening.parent.0, error = %e, "could not open a tournament game's thread");
                continue;
            }
        };
        match service.open_tournament_game(&opening, ChannelId(thread.id.get()), wall_clock()).await {
            Ok(Some(opened)) => {
                post(http, service, std::iter::once(opened.board).chain(opened.featured).collect()).await
            }
            Ok(None) => tracing::info!(thread = thread.id.get(), "a tournament game was opened elsewhere first"),
            Err(e) => tracing::error!(error = format!("{e:#}"), "could not open a tournament game"),
        }
    }
}
