//! The web pages under load: a load generator in Rust against the real server on 127.0.0.1 over a
//! SQLite file, 200 clients each asking again as soon as answered (keep-alive) and taking gzip as
//! browsers do, for a game's page (the page players open most), a player's page and a leaderboard;
//! the latencies' p50, p99 and max (the bytes received, not unpacked: unpacking is the reader's
//! work, not the server's) apart from each client's first answer, which opens its connection, and
//! each page's weight with what it loads, as it is and on the wire. Then one page at a time through
//! the router alone (no socket), the server's own time per page. `cargo bench --bench web`;
//! `WEB_BENCH_SECONDS` (default 10) and `WEB_BENCH_CLIENTS` (default 200) change the run.

#[path = "../tests/support/games.rs"]
mod games;
#[path = "../tests/support/players.rs"]
mod players;
#[path = "../tests/support/scratch.rs"]
mod scratch;
#[path = "../tests/support/site.rs"]
mod site;

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use reversi_bot::store::WebVisibility;
use reversi_bot::web::limit::RateLimit;
use reversi_bot::web::{Web, WebOptions};
use tower::ServiceExt;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// What `clients` clients asking for `path` again and again for `seconds` saw: the latency of
/// every answer but each client's first (sorted), the slowest first answer (which includes
/// opening the connection), and the failures.
async fn load(base: &str, path: &str, clients: usize, seconds: f64) -> (Vec<Duration>, Duration, usize) {
    let deadline = Instant::now() + Duration::from_secs_f64(seconds);
    let url = Arc::new(format!("{base}{path}"));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let url = url.clone();
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::builder().pool_max_idle_per_host(1).build().unwrap();
            let (mut latencies, mut failures) = (Vec::new(), 0usize);
            while Instant::now() < deadline {
                let started = Instant::now();
                match client.get(url.as_str()).header("accept-encoding", "gzip").send().await {
                    Ok(response) if response.status().is_success() => {
                        let _ = response.bytes().await;
                        latencies.push(started.elapsed());
                    }
                    _ => failures += 1,
                }
            }
            (latencies, failures)
        }));
    }
    let (mut all, mut first, mut failures) = (Vec::new(), Duration::ZERO, 0);
    for task in tasks {
        let (latencies, failed) = task.await.unwrap();
        if let Some((opening, rest)) = latencies.split_first() {
            first = first.max(*opening);
            all.extend_from_slice(rest);
        }
        failures += failed;
    }
    all.sort();
    (all, first, failures)
}

/// The bytes of `path` as it is and as sent gzip-compressed.
async fn weight(base: &str, path: &str) -> (usize, usize) {
    let client = reqwest::Client::new();
    let mut sizes = [0; 2];
    for (size, encoding) in sizes.iter_mut().zip(["identity", "gzip"]) {
        let answer = client.get(format!("{base}{path}")).header("accept-encoding", encoding).send().await.unwrap();
        *size = answer.bytes().await.unwrap().len();
    }
    (sizes[0], sizes[1])
}

fn main() {
    let seconds: f64 = std::env::var("WEB_BENCH_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(10.0);
    let clients: usize = std::env::var("WEB_BENCH_CLIENTS").ok().and_then(|s| s.parse().ok()).unwrap_or(200);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(async {
        let dir = scratch::test_dir("web-bench");
        let site = site::site(&scratch::sqlite_url(&dir, "web.db"), WebVisibility::Public).await;
        // The limit per client stays on, high enough for one machine's 200 clients.
        let rate = RateLimit { per_minute: 10_000_000, burst: 1_000_000 };
        let web = Web::new(site.service.clone(), None, WebOptions { rate, ..WebOptions::default() });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(reversi_bot::web::serve(listener, web.router(), std::future::pending()));

        let game = format!("/g/{}", site.game_key);
        let html = weight(&base, &game).await;
        let mut assets = (0, 0);
        for file in ["style.css", "themes.css", "game.js", "icon.svg"] {
            let (plain, gzip) = weight(&base, &format!("/assets/{file}")).await;
            assets = (assets.0 + plain, assets.1 + gzip);
        }
        for (how, html, assets) in [("as it is", html.0, assets.0), ("on the wire (gzip)", html.1, assets.1)] {
            println!(
                "game page {how}: {html} bytes of HTML, {assets} bytes of stylesheets, script and icon: {} bytes in all",
                html + assets
            );
        }
        let preview = weight(&base, &format!("{game}/board.png")).await.0;
        println!("preview picture (board.png, fetched by Discord, not by the page): {preview} bytes");

        for (name, path) in [
            ("game page", game.clone()),
            ("player page", format!("/p/{}", site.alice_key)),
            ("leaderboard", format!("/s/{}", site.server_key)),
        ] {
            let (latencies, first, failures) = load(&base, &path, clients, seconds).await;
            println!(
                "{name}, {clients} clients for {seconds} s: {} answers ({:.0}/s), {failures} failed; p50 {}, p99 {}, \
                 max {}; slowest first answer (with the connection's opening) {}",
                latencies.len(),
                latencies.len() as f64 / seconds,
                ms(percentile(&latencies, 0.50)),
                ms(percentile(&latencies, 0.99)),
                ms(latencies.last().copied().unwrap_or_default()),
                ms(first),
            );
        }

        // Making a game's page without the kept copy: the service's facts, then the HTML.
        let rounds = 200;
        let started = Instant::now();
        for _ in 0..rounds {
            let facts = site.service.game_page(&site.game_key, reversi_bot::service::Locale::German).await.unwrap();
            let page = reversi_bot::web::html::game(
                reversi_bot::service::Locale::German,
                &facts.expect("the page"),
                None,
                &reversi_bot::web::html::Links::default(),
            );
            assert!(page.len() > 1000);
        }
        println!("game page made anew (facts from the database, then HTML): {} each", ms(started.elapsed() / rounds));

        // The server's own time per page: one request at a time through the router.
        let router = web.router();
        for (name, path) in [("game page", game.clone()), ("player page", format!("/p/{}", site.alice_key))] {
            let rounds = 500;
            let started = Instant::now();
            for _ in 0..rounds {
                let response = router.clone().oneshot(Request::get(&path).body(Body::empty()).unwrap()).await.unwrap();
                let _ = axum::body::to_bytes(response.into_body(), 1 << 22).await.unwrap();
            }
            println!("{name}, one at a time through the router: {} each", ms(started.elapsed() / rounds));
        }
    });
}
