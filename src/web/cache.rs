//! Pages made once and served again for a while: finished games do not change, so a game's
//! page is kept a minute, and players', leaderboards and tournaments (which move with every
//! result) ten seconds. A change in this process that a page shows (a server's settings, a
//! deletion, a new review: the service's web generation) drops every kept page at once; other
//! processes' changes show within the same times, as browsers and proxies may keep the pages
//! that long too (`Cache-Control: max-age=60`). Each page is kept as it is and gzip-compressed.
//! Bounded in bytes (quick_cache).

use std::time::{Duration, Instant};

use quick_cache::Weighter;
use quick_cache::sync::Cache;

use super::compress::Compressed;
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
    page: Compressed,
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<(String, Locale), Kept> for ByBytes {
    fn weight(&self, key: &(String, Locale), kept: &Kept) -> u64 {
        (key.0.len() + kept.page.weight()) as u64
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

    /// The page at `address` in `locale`: the one kept if it was made within `keep` in this
    /// generation, else made by `make` and kept. Readers asking for the same page while it is made
    /// wait for it, so a link shared in a busy channel is made once. A page `make` does not find
    /// (`None`) is not kept.
    pub async fn get_or_make<E>(
        &self,
        address: &str,
        locale: Locale,
        keep: Duration,
        generation: u64,
        make: impl Future<Output = Result<Option<String>, E>>,
    ) -> Result<Option<Compressed>, E> {
        let key = (address.to_string(), locale);
        let fresh = |kept: &Kept| kept.generation == generation && kept.made.elapsed() < keep;
        // A page too old, or made before a change, is dropped and made again once; should it
        // change again meanwhile, this reader's page is made and not kept.
        let mut guard = None;
        for _ in 0..2 {
            match self.pages.get_value_or_guard_async(&key).await {
                Ok(kept) if fresh(&kept) => return Ok(Some(kept.page)),
                Ok(_) => {
                    self.pages.remove_if(&key, |kept| !fresh(kept));
                }
                Err(placeholder) => {
                    guard = Some(placeholder);
                    break;
                }
            }
        }
        let Some(body) = make.await? else { return Ok(None) };
        let page = Compressed::new(body);
        if let Some(guard) = guard {
            let _ = guard.insert(Kept { made: Instant::now(), generation, page: page.clone() });
        }
        Ok(Some(page))
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

    /// Asks `cache` for `/g/abc` made as `body`, and tells whether it was made anew.
    async fn ask(cache: &PageCache, locale: Locale, keep: Duration, generation: u64, body: &str) -> (String, bool) {
        let made = std::sync::atomic::AtomicBool::new(false);
        let make = async {
            made.store(true, std::sync::atomic::Ordering::SeqCst);
            Ok::<_, ()>(Some(body.to_string()))
        };
        let page = cache.get_or_make("/g/abc", locale, keep, generation, make).await.unwrap().expect("a page");
        (String::from_utf8(page.plain.to_vec()).unwrap(), made.into_inner())
    }

    #[tokio::test]
    async fn a_page_is_served_again_until_it_is_too_old_or_something_it_shows_changed() {
        let cache = PageCache::new();
        assert_eq!(ask(&cache, Locale::German, GAME_PAGE, 3, "one").await, ("one".into(), true), "made");
        assert_eq!(ask(&cache, Locale::German, GAME_PAGE, 3, "two").await, ("one".into(), false), "kept");
        assert_eq!(ask(&cache, Locale::English, GAME_PAGE, 3, "en").await, ("en".into(), true), "another language");
        assert_eq!(ask(&cache, Locale::German, GAME_PAGE, 4, "new").await, ("new".into(), true), "a newer generation");
        assert_eq!(ask(&cache, Locale::German, GAME_PAGE, 4, "x").await, ("new".into(), false), "kept again");
        assert_eq!(ask(&cache, Locale::German, Duration::ZERO, 4, "old").await, ("old".into(), true), "kept too long");
    }

    #[tokio::test]
    async fn readers_asking_at_once_wait_for_one_page_and_a_page_not_found_is_not_kept() {
        let cache = std::sync::Arc::new(PageCache::new());
        let made = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let mut readers = tokio::task::JoinSet::new();
        for _ in 0..20 {
            let (cache, made) = (cache.clone(), made.clone());
            readers.spawn(async move {
                let make = async {
                    made.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    Ok::<_, ()>(Some("page".to_string()))
                };
                cache.get_or_make("/g/abc", Locale::Swedish, GAME_PAGE, 1, make).await.unwrap()
            });
        }
        let pages = readers.join_all().await;
        assert!(pages.iter().all(|p| p.as_ref().is_some_and(|p| &p.plain[..] == b"page")));
        assert_eq!(made.load(std::sync::atomic::Ordering::SeqCst), 1, "twenty readers, one page made");
        for round in 0..2 {
            let missing = cache.get_or_make("/g/none", Locale::Swedish, GAME_PAGE, 1, async { Ok::<_, ()>(None) });
            assert!(missing.await.unwrap().is_none(), "round {round}");
        }
    }
}
