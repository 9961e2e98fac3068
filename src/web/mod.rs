//! The web adapter: an axum server (`WEB_ADDR`) with a page per finished game, player, server
//! leaderboard and tournament, read through the service and laid out by [`html`], in the reader's
//! language ([`language`]); plus `/metrics` for Prometheus and the probes `/healthz` and
//! `/readyz`, which can also be served alone (`METRICS_ADDR`).
//!
//! Only GET and HEAD are answered; no cookies are set; every answer carries a strict
//! Content-Security-Policy (scripts and styles from the bot itself only); requests are limited in
//! size and time, and each client address in rate ([`limit`]).

pub mod cache;
pub mod compress;
pub mod html;
pub mod language;
pub mod limit;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use crate::service::{Locale, Service};
use compress::Compressed;
use limit::{ClientLimits, RateLimit};

/// What every answer forbids: anything not from the bot itself, inline scripts, frames, forms.
const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
     base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/// The longest a request may take to answer.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// The most body a request may carry (pages take none).
const MAX_BODY: usize = 1024;

/// How the web server runs.
#[derive(Clone, Debug, Default)]
pub struct WebOptions {
    /// The address players reach the pages at (`PUBLIC_URL`), for links and previews.
    pub public_url: Option<String>,
    /// How fast one client may ask.
    pub rate: RateLimit,
    /// Whether the server stands behind a reverse proxy whose `X-Forwarded-For` names the client.
    pub behind_proxy: bool,
}

/// How many of a process's gateway shards are connected now, as the front end that owns the
/// gateway counts them.
pub type ConnectedShards = Arc<dyn Fn() -> std::pin::Pin<Box<dyn Future<Output = usize> + Send>> + Send + Sync>;

/// What the readiness probe and the metrics ask of the front end that owns the gateway: how many
/// shards are connected, and how many should be.
#[derive(Clone)]
pub struct GatewayProbe {
    /// Counts the shards connected now.
    pub connected: ConnectedShards,
    /// The shards this process runs.
    pub expected: usize,
}

impl std::fmt::Debug for GatewayProbe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GatewayProbe").field("expected", &self.expected).finish_non_exhaustive()
    }
}

/// The server's state: the service, the gateway probe (none when there is no gateway), the
/// options and each client's rate.
#[derive(Clone)]
pub struct Web {
    service: Service,
    gateway: Option<GatewayProbe>,
    options: Arc<WebOptions>,
    limits: Arc<ClientLimits>,
    pages: Arc<cache::PageCache>,
}

impl Web {
    /// A web front end over `service`.
    pub fn new(service: Service, gateway: Option<GatewayProbe>, options: WebOptions) -> Web {
        let limits = Arc::new(ClientLimits::new(options.rate));
        Web { service, gateway, options: Arc::new(options), limits, pages: Arc::default() }
    }

    /// Every page, the metrics and the probes.
    pub fn router(&self) -> Router {
        let pages = Router::new()
            .route("/", get(home))
            .route("/g/{key}", keyed(Keyed::Game))
            .route("/g/{key}/board.png", get(game_picture))
            .route("/g/{key}/game.ggf", get(game_ggf))
            .route("/p/{key}", keyed(Keyed::Player))
            .route("/s/{key}", keyed(Keyed::Leaderboard))
            .route("/t/{key}", keyed(Keyed::Tournament))
            .route("/assets/{file}", get(asset))
            .route("/robots.txt", get(robots))
            .fallback(not_found);
        self.layered(pages.merge(self.ops_routes()))
    }

    /// The metrics and the probes alone (`METRICS_ADDR`).
    pub fn ops_router(&self) -> Router {
        self.layered(self.ops_routes().fallback(not_found))
    }

    fn ops_routes(&self) -> Router<Web> {
        Router::new().route("/metrics", get(metrics)).route("/healthz", get(healthz)).route("/readyz", get(readyz))
    }

    fn layered(&self, routes: Router<Web>) -> Router {
        let header = |name: HeaderName, value: &'static str| {
            SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value))
        };
        routes
            .layer(middleware::from_fn_with_state(self.clone(), guard))
            .layer(header(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY))
            .layer(header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
            .layer(header(header::REFERRER_POLICY, "no-referrer"))
            .layer(header(header::X_FRAME_OPTIONS, "DENY"))
            .layer(RequestBodyLimitLayer::new(MAX_BODY))
            .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, REQUEST_TIMEOUT))
            .with_state(self.clone())
    }
}

/// Serves `router` on `listener` until `stop` completes, with each connection's address known
/// (for the rate limit) and its writes sent at once (no Nagle delay on a page's last packet).
pub async fn serve(listener: tokio::net::TcpListener, router: Router, stop: impl Future<Output = ()> + Send + 'static) {
    use axum::serve::ListenerExt;
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY could not be set");
        }
    });
    let service = router.into_make_service_with_connect_info::<SocketAddr>();
    if let Err(error) = axum::serve(listener, service).with_graceful_shutdown(stop).await {
        tracing::error!(%error, "the web server stopped");
    }
}

/// Before every handler: only GET and HEAD, the client's rate, and the count per page and status.
async fn guard(State(web): State<Web>, request: Request, next: Next) -> Response {
    let page = page_name(request.uri().path());
    let counted = |status: StatusCode| {
        web.service.metrics().web_requests.with_label_values(&[page, status.as_str()]).inc();
    };
    // The connection's address (in tests without a socket, the one they give).
    let extensions = request.extensions();
    let peer = extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())
        .or_else(|| extensions.get::<axum::extract::connect_info::MockConnectInfo<SocketAddr>>().map(|m| m.0.ip()));
    let client = limit::client_address(peer, request.headers(), web.options.behind_proxy);
    if !web.limits.check(client) {
        web.service.metrics().web_rate_limited.inc();
        counted(StatusCode::TOO_MANY_REQUESTS);
        let locale = language::negotiate(None, request.headers());
        let mut response = page_response(StatusCode::TOO_MANY_REQUESTS, html::refusal(locale, "web-too-many"));
        response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
        return response;
    }
    let response = next.run(request).await;
    counted(response.status());
    response
}

/// The page a path counts under in the metrics (never the key itself).
fn page_name(path: &str) -> &'static str {
    match path.split('/').nth(1).unwrap_or_default() {
        "" => "home",
        "g" if path.ends_with(".png") => "game_picture",
        "g" if path.ends_with(".ggf") => "game_ggf",
        "g" => "game",
        "p" => "player",
        "s" => "leaderboard",
        "t" => "tournament",
        "assets" => "asset",
        "metrics" => "metrics",
        "healthz" | "readyz" => "probe",
        _ => "other",
    }
}

/// A page's query: the language switch, and on a game's page the position shown.
#[derive(Debug, Default, Deserialize)]
struct PageQuery {
    lang: Option<String>,
    ply: Option<usize>,
    ladder: Option<String>,
}

fn page_response(status: StatusCode, body: impl Into<axum::body::Body>) -> Response {
    let body: axum::body::Body = body.into();
    html_headers((status, body).into_response())
}

/// A page's headers: HTML, kept a minute by browsers, different by language and encoding.
fn html_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=60"));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Language, Accept-Encoding"));
    response
}

fn internal(error: crate::service::ServiceError) -> Response {
    tracing::error!(error = format!("{error:#}"), "a web page failed");
    (StatusCode::INTERNAL_SERVER_ERROR, "internal error\n").into_response()
}

async fn home(Query(query): Query<PageQuery>, headers: HeaderMap) -> Response {
    let locale = language::negotiate(query.lang.as_deref(), &headers);
    page_response(StatusCode::OK, html::home(locale))
}

/// The pages found by the key in their address.
#[derive(Clone, Copy, Debug)]
enum Keyed {
    Game,
    Player,
    Leaderboard,
    Tournament,
}

/// The route of a `kind` page.
fn keyed(kind: Keyed) -> axum::routing::MethodRouter<Web> {
    get(
        move |State(web): State<Web>,
              Path(key): Path<String>,
              Query(query): Query<PageQuery>,
              uri: Uri,
              headers: HeaderMap| { keyed_page(kind, web, key, query, uri, headers) },
    )
}

/// A game's, player's, leaderboard's or tournament's page in the reader's language: kept from a
/// little earlier, or made now (the 404 page when there is none to show).
async fn keyed_page(kind: Keyed, web: Web, key: String, query: PageQuery, uri: Uri, headers: HeaderMap) -> Response {
    let locale = language::negotiate(query.lang.as_deref(), &headers);
    let links = html::Links { public_url: web.options.public_url.as_deref(), lang: query.lang.as_deref() };
    let service = &web.service;
    let make = async {
        Ok(match kind {
            Keyed::Game => service.game_page(&key, locale).await?.map(|p| html::game(locale, &p, query.ply, &links)),
            Keyed::Player => {
                service.player_page(&key, locale).await?.map(|p| html::player(locale, &p, &format!("/p/{key}"), &links))
            }
            Keyed::Leaderboard => service
                .leaderboard_page(&key, query.ladder.as_deref(), locale)
                .await?
                .map(|p| html::leaderboard(locale, &p, &links)),
            Keyed::Tournament => service
                .tournament_page(&key, locale)
                .await?
                .map(|p| html::tournament(locale, &p, &format!("/t/{key}"), &links)),
        })
    };
    let keep = if matches!(kind, Keyed::Game) { cache::GAME_PAGE } else { cache::OTHER_PAGE };
    let address = uri.path_and_query().map_or(uri.path(), |p| p.as_str());
    match web.pages.get_or_make(address, locale, keep, web.service.web_generation(), make).await {
        Ok(Some(page)) => html_headers(page.response(&headers)),
        Ok(None) => page_response(StatusCode::NOT_FOUND, html::refusal(locale, "web-not-found")),
        Err(error) => internal(error),
    }
}

async fn game_picture(State(web): State<Web>, Path(key): Path<String>, Query(query): Query<PageQuery>) -> Response {
    match web.service.game_page_picture(&key, query.ply).await {
        Ok(Some(png)) => {
            let mut response = png.into_response();
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
            response
        }
        Ok(None) => not_found_in(Locale::English),
        Err(error) => internal(error),
    }
}

async fn game_ggf(State(web): State<Web>, Path(key): Path<String>) -> Response {
    match web.service.game_page_ggf(&key).await {
        Ok(Some((name, ggf))) => {
            let mut response = ggf.into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
            if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
                headers.insert(header::CONTENT_DISPOSITION, value);
            }
            response
        }
        Ok(None) => not_found_in(Locale::English),
        Err(error) => internal(error),
    }
}

/// The stylesheet, the script and the icon by file name, compressed once, with their content types.
static ASSETS: LazyLock<HashMap<&'static str, (Compressed, &'static str)>> = LazyLock::new(|| {
    html::assets().into_iter().map(|(file, body, kind)| (file, (Compressed::new(body), kind))).collect()
});

/// The stylesheet, the script and the icon, built into the binary.
async fn asset(Path(file): Path<String>, request: HeaderMap) -> Response {
    let Some((body, kind)) = ASSETS.get(file.as_str()) else { return not_found_in(Locale::English) };
    let headers = [
        (header::CONTENT_TYPE, *kind),
        (header::CACHE_CONTROL, "public, max-age=86400"),
        (header::VARY, "Accept-Encoding"),
    ];
    (headers, body.response(&request)).into_response()
}

/// Search engines may read the pages that are public; link-only pages say `noindex` themselves.
async fn robots() -> Response {
    let mut response = "User-agent: *\nDisallow: /g/*/game.ggf\n".into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; charset=utf-8"));
    response
}

async fn not_found(Query(query): Query<PageQuery>, headers: HeaderMap) -> Response {
    not_found_in(language::negotiate(query.lang.as_deref(), &headers))
}

fn not_found_in(locale: Locale) -> Response {
    page_response(StatusCode::NOT_FOUND, html::refusal(locale, "web-not-found"))
}

/// The service's series in Prometheus' text format, with the connected shards read now.
async fn metrics(State(web): State<Web>) -> Response {
    if let Some(gateway) = &web.gateway {
        let connected = (gateway.connected)().await;
        web.service.metrics().shards_connected.set(i64::try_from(connected).unwrap_or(i64::MAX));
    }
    let mut response = web.service.metrics_text().await.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"));
    response
}

/// Alive: the process answers.
async fn healthz() -> Response {
    (StatusCode::OK, "ok\n").into_response()
}

/// Ready: the database answers and every shard of this process is connected to the gateway.
async fn readyz(State(web): State<Web>) -> Response {
    let database = web.service.database_reachable().await;
    let gateway = match &web.gateway {
        Some(g) => (g.connected)().await >= g.expected,
        None => true,
    };
    let body = format!(
        "database: {}\ngateway: {}\n",
        if database { "ok" } else { "unreachable" },
        if gateway { "ok" } else { "not connected" }
    );
    let status = if database && gateway { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    let mut response = (status, body).into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

impl std::fmt::Debug for Web {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Web").field("options", &self.options).finish_non_exhaustive()
    }
}
