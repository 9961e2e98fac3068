//! The Prometheus endpoint (`METRICS_ADDR`): `GET /metrics` answers the service's series in
//! Prometheus' text format, with the connected shards and live games read at each scrape;
//! anything else is a 404. A plain HTTP/1.1 answer per connection is all a scraper needs.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use super::lifecycle::Shutdown;
use crate::service::Service;

/// The most of a request the endpoint reads.
const MAX_REQUEST: usize = 8 * 1024;

/// Serves scrapes on `listener` until `shutdown`.
pub(crate) async fn serve_metrics(
    listener: TcpListener,
    service: Service,
    shards: Arc<serenity::ShardManager>,
    shutdown: Shutdown,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = shutdown.wait() => return,
        };
        let Ok((stream, _)) = accepted else { continue };
        let (service, shards) = (service.clone(), shards.clone());
        tokio::spawn(async move {
            if tokio::time::timeout(Duration::from_secs(10), scrape(stream, &service, &shards)).await.is_err() {
                tracing::debug!("a metrics scrape timed out");
            }
        });
    }
}

/// How many of this process's shards are connected to the gateway now.
pub(crate) async fn connected_shards(shards: &serenity::ShardManager) -> usize {
    shards.runners.lock().await.values().filter(|runner| runner.stage == serenity::ConnectionStage::Connected).count()
}

async fn scrape(mut stream: TcpStream, service: &Service, shards: &serenity::ShardManager) {
    let mut request = Vec::new();
    let mut buffer = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < MAX_REQUEST {
        match stream.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(n) => request.extend_from_slice(&buffer[..n]),
        }
    }
    let line = String::from_utf8_lossy(&request);
    let mut words = line.split_whitespace();
    let (method, path) = (words.next().unwrap_or_default(), words.next().unwrap_or_default());
    let (status, body) = if method == "GET" && (path == "/metrics" || path.starts_with("/metrics?")) {
        let connected = connected_shards(shards).await;
        service.metrics().shards_connected.set(i64::try_from(connected).unwrap_or(i64::MAX));
        ("200 OK", service.metrics_text().await)
    } else {
        ("404 Not Found", "Not found: the metrics are at /metrics\n".to_string())
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).await;
    let _ = stream.write_all(body.as_bytes()).await;
    let _ = stream.shutdown().await;
}
