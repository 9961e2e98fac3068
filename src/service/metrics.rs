//! What operators watch: Prometheus series of the bot's work, in a registry of their own (one per
//! service, so two bots in one process never mix their counts), rendered as Prometheus text for
//! the `/metrics` endpoint. The service counts moves and times them; the front end counts what
//! only it sees (deferred interactions, REST errors, connected shards).

use prometheus::{Encoder, Histogram, HistogramOpts, IntCounter, IntCounterVec, IntGauge, Opts, Registry, TextEncoder};

/// Seconds: the buckets of the latency histograms, from a fast move to a long think.
const BUCKETS: &[f64] = &[0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0];

/// The bot's series.
#[derive(Clone, Debug)]
pub struct Metrics {
    registry: Registry,
    /// Live games (set from the database at each scrape).
    pub live_games: IntGauge,
    /// Moves played, by who played them (`player` or `bot`).
    pub moves: IntCounterVec,
    /// Seconds from a player's move command to its answer (the bot's reply included).
    pub move_seconds: Histogram,
    /// Seconds the bot thought about one move.
    pub thinking_seconds: Histogram,
    /// Interactions answered "thinking…" first because they took too long.
    pub interactions_deferred: IntCounter,
    /// REST calls to Discord that failed, by HTTP status (`0`: no answer at all).
    pub rest_errors: IntCounterVec,
    /// Gateway shards of this process that are connected.
    pub shards_connected: IntGauge,
    /// Commands and clicks refused because a member asked faster than the limits allow.
    pub rate_limited: IntCounter,
    /// Games the engine reviewed (a review asked for again is read, not counted).
    pub reviews: IntCounter,
    /// Web requests answered, by page (`game`, `player`, ...) and HTTP status.
    pub web_requests: IntCounterVec,
    /// Web requests refused because one client asked too fast.
    pub web_rate_limited: IntCounter,
}

impl Metrics {
    /// Every series at zero, registered in a registry of their own.
    pub fn new() -> Metrics {
        let registry = Registry::new_custom(Some("reversi".into()), None).expect("a valid prefix");
        let metrics = Metrics {
            live_games: IntGauge::new("live_games", "Games being played").expect("valid"),
            moves: IntCounterVec::new(Opts::new("moves_total", "Moves played"), &["by"]).expect("valid"),
            move_seconds: Histogram::with_opts(
                HistogramOpts::new("move_seconds", "Seconds from a move command to its answer")
                    .buckets(BUCKETS.to_vec()),
            )
            .expect("valid"),
            thinking_seconds: Histogram::with_opts(
                HistogramOpts::new("bot_thinking_seconds", "Seconds the bot thought about a move")
                    .buckets(BUCKETS.to_vec()),
            )
            .expect("valid"),
            interactions_deferred: IntCounter::new(
                "interactions_deferred_total",
                "Interactions answered with a deferral first",
            )
            .expect("valid"),
            rest_errors: IntCounterVec::new(
                Opts::new("rest_errors_total", "Discord REST calls that failed, by HTTP status"),
                &["status"],
            )
            .expect("valid"),
            shards_connected: IntGauge::new("shards_connected", "Gateway shards connected").expect("valid"),
            rate_limited: IntCounter::new("rate_limited_total", "Commands and clicks refused for coming too fast")
                .expect("valid"),
            reviews: IntCounter::new("reviews_total", "Games the engine reviewed").expect("valid"),
            web_requests: IntCounterVec::new(
                Opts::new("web_requests_total", "Web requests answered, by page and HTTP status"),
                &["page", "status"],
            )
            .expect("valid"),
            web_rate_limited: IntCounter::new("web_rate_limited_total", "Web requests refused for coming too fast")
                .expect("valid"),
            registry,
        };
        for collector in [
            Box::new(metrics.live_games.clone()) as Box<dyn prometheus::core::Collector>,
            Box::new(metrics.moves.clone()),
            Box::new(metrics.move_seconds.clone()),
            Box::new(metrics.thinking_seconds.clone()),
            Box::new(metrics.interactions_deferred.clone()),
            Box::new(metrics.rest_errors.clone()),
            Box::new(metrics.shards_connected.clone()),
            Box::new(metrics.rate_limited.clone()),
            Box::new(metrics.reviews.clone()),
            Box::new(metrics.web_requests.clone()),
            Box::new(metrics.web_rate_limited.clone()),
        ] {
            metrics.registry.register(collector).expect("each series is registered once");
        }
        // Both kinds of mover show from the start, at zero.
        metrics.moves.with_label_values(&["player"]);
        metrics.moves.with_label_values(&["bot"]);
        metrics
    }

    /// Every series in Prometheus' text format.
    pub fn render(&self) -> String {
        let mut out = Vec::new();
        // Writing to memory cannot fail, and every series has a valid name.
        let _ = TextEncoder::new().encode(&self.registry.gather(), &mut out);
        String::from_utf8(out).unwrap_or_default()
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_series_is_rendered_with_its_prefix() {
        let metrics = Metrics::new();
        metrics.moves.with_label_values(&["bot"]).inc();
        metrics.rest_errors.with_label_values(&["429"]).inc();
        let text = metrics.render();
        for name in [
            "reversi_live_games",
            "reversi_moves_total{by=\"bot\"} 1",
            "reversi_moves_total{by=\"player\"} 0",
            "reversi_move_seconds_bucket",
            "reversi_bot_thinking_seconds_count",
            "reversi_interactions_deferred_total",
            "reversi_rest_errors_total{status=\"429\"} 1",
            "reversi_shards_connected",
        ] {
            assert!(text.contains(name), "{name} in\n{text}");
        }
    }
}
