//! Pages made once and served again for a while: finished games do not change, so a game's
//! page is kept a minute, and players', leaderboards and tournaments (which move with every
//! result) ten seconds. A change in this process that a page shows (a server's settings, a
//! deletion, a new review: the service's web generation) drops every kept page at once; other
//! processes' changes show within the same times, as browsers and proxies may keep the pages
//! that long too (`Cache-Control: max-age=60`). Bounded in bytes (quick_cache).

use std::time::{Duration, Instant};

use axum::body::Bytes;
use quick_cache::Weighter;
use quick_cache::sync::Cache;

use crate::service::Locale;

/// How long a finished game's page is kept.
pub const GAME_PAGE: Duration = Duration::from_secs(60);
/// How long the other pages are kept.
pub const OTHER_PAGE: Duration = Duration::from_secs(10);
/// The most bytes of pages kept.
const CAPACITY: u64 = 32 << 20;

#[derive(Clone)]
struct Kept {
    made: Instant,
    generation: u64,
    body: Bytes,
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<(String, Locale), Kept> for ByBytes {
    fn weight(&self, key: &(String, Locale), kept: &Kept) -> u64 {
        (key.0.len() + kept.body.len()) as u64
    }
}

/// The pages kept, by address (path and query) and language.
pub struct PageCache {
    pages: Cache<(String, Locale), Kept, ByBytes>,
}

impl PageCache {
    /// An empty cache.
    pub fn new() -> PageCache {
        PageCache { pages: Cache::with_weighter(2_048, CAPACITY, ByBytes) }
    }

    /// The page at `address` in `locale`, if one was made within `keep` in this generation.
    pub fn get(&self, address: &str, locale: Locale, keep: Duration, generation: u64) -> Option<Bytes> {
        let kept = self.pages.get(&(address.to_string(), locale))?;
        (kept.generation == generation && kept.made.elapsed() < keep).then_some(kept.body)
    }

    /// Keeps a page made in `generation`.
    pub fn keep(&self, address: &str, locale: Locale, generation: u64, body: Bytes) {
        self.pages.insert((address.to_string(), locale), Kept { made: Instant::now(), generation, body });
    }
}

impl Default for PageCache {
    fn default() -> PageCache {
        PageCache::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_served_again_until_it_is_too_old_or_something_it_shows_changed() {
        let cache = PageCache::new();
        cache.keep("/g/abc", Locale::German, 3, Bytes::from_static(b"<html>"));
        assert_eq!(cache.get("/g/abc", Locale::German, GAME_PAGE, 3).as_deref(), Some(&b"<html>"[..]));
        assert_eq!(cache.get("/g/abc", Locale::English, GAME_PAGE, 3), None, "another language");
        assert_eq!(cache.get("/g/abc?ply=3", Locale::German, GAME_PAGE, 3), None, "another position");
        assert_eq!(cache.get("/g/abc", Locale::German, GAME_PAGE, 4), None, "a newer generation");
        assert_eq!(cache.get("/g/abc", Locale::German, Duration::ZERO, 3), None, "kept too long");
    }
}
