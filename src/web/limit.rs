//! Each web client's rate: a token bucket per client address (governor's keyed limiter), the
//! address being the connection's, or behind a reverse proxy the one its `X-Forwarded-For` adds
//! last (the only entry the proxy vouches for).

use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;

use axum::http::HeaderMap;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// How fast one client may ask: `burst` requests at once, `per_minute` steadily.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    /// Requests a minute, steadily.
    pub per_minute: u32,
    /// Requests at once.
    pub burst: u32,
}

impl Default for RateLimit {
    /// 300 a minute with bursts of 60: a reader stepping through games never meets it, a
    /// scraper soon does.
    fn default() -> RateLimit {
        RateLimit { per_minute: 300, burst: 60 }
    }
}

/// Every client's bucket. Old buckets are dropped as the map grows.
#[derive(Debug)]
pub struct ClientLimits {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

/// Past this many clients known, the full buckets are forgotten.
const KEEP_CLIENTS: usize = 10_000;

impl ClientLimits {
    /// Buckets at `rate`.
    pub fn new(rate: RateLimit) -> ClientLimits {
        let per_minute = NonZeroU32::new(rate.per_minute).unwrap_or(NonZeroU32::MIN);
        let burst = NonZeroU32::new(rate.burst).unwrap_or(NonZeroU32::MIN);
        ClientLimits { limiter: RateLimiter::keyed(Quota::per_minute(per_minute).allow_burst(burst)) }
    }

    /// Whether `client` may ask now (taking one request from its bucket).
    pub fn check(&self, client: IpAddr) -> bool {
        if self.limiter.len() > KEEP_CLIENTS {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&client).is_ok()
    }
}

/// The address a request counts against: the last `X-Forwarded-For` entry behind a proxy (when
/// it is an address), otherwise the connection's (unspecified when unknown, as in tests).
pub fn client_address(peer: Option<IpAddr>, headers: &HeaderMap, behind_proxy: bool) -> IpAddr {
    let forwarded = behind_proxy
        .then(|| {
            headers
                .get_all("x-forwarded-for")
                .iter()
                .next_back()?
                .to_str()
                .ok()?
                .rsplit(',')
                .next()?
                .trim()
                .parse()
                .ok()
        })
        .flatten();
    forwarded.or(peer).unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn forwarded(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", value.parse().unwrap());
        headers
    }

    #[test]
    fn a_client_gets_its_burst_and_then_waits_while_others_go_on() {
        let limits = ClientLimits::new(RateLimit { per_minute: 60, burst: 3 });
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        assert!((0..3).all(|_| limits.check(a)));
        assert!(!limits.check(a), "the fourth request at once is refused");
        assert!(limits.check(b), "another client is not held back");
    }

    proptest! {
        #[test]
        fn a_forwarded_address_counts_only_behind_a_proxy(
            peer in any::<[u8; 4]>(), first in any::<[u8; 4]>(), last in any::<[u8; 4]>(), proxy in any::<bool>()
        ) {
            let (peer, first, last) = (IpAddr::from(peer), IpAddr::from(first), IpAddr::from(last));
            let headers = forwarded(&format!("{first}, {last}"));
            let client = client_address(Some(peer), &headers, proxy);
            prop_assert_eq!(client, if proxy { last } else { peer });
        }

        #[test]
        fn no_client_gets_more_than_its_burst_at_once(burst in 1u32..50, asks in 1usize..120) {
            let limits = ClientLimits::new(RateLimit { per_minute: 1, burst });
            let client: IpAddr = "192.0.2.7".parse().unwrap();
            let granted = (0..asks).filter(|_| limits.check(client)).count();
            prop_assert_eq!(granted, asks.min(burst as usize));
        }
    }

    #[test]
    fn a_forwarded_header_that_is_not_an_address_falls_back_to_the_connection() {
        let peer: IpAddr = "198.51.100.4".parse().unwrap();
        assert_eq!(client_address(Some(peer), &forwarded("unknown"), true), peer);
        assert_eq!(client_address(None, &HeaderMap::new(), false), IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    }
}
