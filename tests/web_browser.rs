//! A game's page in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`) driven over WebDriver by fantoccini against the web server on 127.0.0.1.
//! It steps through every move with the keyboard and checks the board shown against the game at
//! each step, clicks a move in the list, reads a value of the review chart by pointing at it,
//! checks the dark theme follows the system's, and takes screenshots (light and dark, desktop and
//! phone): into `$RENDER_GALLERY/web-*.png` when that is set (the gallery run:
//! `RENDER_GALLERY=docs/screenshots cargo test --test web_browser`), else into a scratch folder.

#[path = "support/games.rs"]
mod games;
#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;
#[path = "support/site.rs"]
mod site;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::actions::{InputSource, KeyAction, KeyActions, MouseActions, PointerAction};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use reversi_bot::engine::Game;
use reversi_bot::store::WebVisibility;
use reversi_bot::web::{Web, WebOptions};
use serde_json::{Value, json};
use site::cells;

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// ChromeDriver on a port of its own, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn driver() -> Driver {
    let port = free_port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{CHROMEDRIVER} does not start ({e}): apt-get install chromium chromium-driver"));
    // Stopped and waited for when dropped, also when it never listens.
    let driver = Driver { child, port };
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return driver;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not listen on {port}");
}

/// A headless Chromium session: dark or light, a desktop window or a phone's screen. Chromium
/// runs without its background connections (this machine's network is closed) and as root
/// without its sandbox.
async fn browser(driver: &Driver, profile: &std::path::Path, dark: bool, phone: bool) -> Client {
    let mut args = vec![
        "--headless=new".to_string(),
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        "--disable-quic".into(),
        "--no-first-run".into(),
        "--disable-background-networking".into(),
        "--disable-component-update".into(),
        "--disable-sync".into(),
        "--hide-scrollbars".into(),
        format!("--user-data-dir={}", profile.display()),
        "--window-size=1280,1000".into(),
    ];
    if dark {
        args.push("--force-dark-mode".into());
        args.push("--blink-settings=preferredColorScheme=0".into());
    }
    let mut options = json!({ "binary": CHROMIUM, "args": args });
    if phone {
        options["mobileEmulation"] = json!({ "deviceMetrics": { "width": 390, "height": 844, "pixelRatio": 2.0 } });
    }
    let mut capabilities = serde_json::Map::new();
    capabilities.insert("browserName".into(), json!("chrome"));
    capabilities.insert("goog:chromeOptions".into(), options);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(capabilities)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a Chromium session")
}

/// The squares the page's board shows now, one letter each (`b`, `w`, `.`).
async fn shown_board(client: &Client) -> String {
    let script = "return Array.from(document.querySelectorAll('#board [data-i]')).map(c => \
                  c.classList.contains('b') ? 'b' : c.classList.contains('w') ? 'w' : '.').join('');";
    client.execute(script, vec![]).await.unwrap().as_str().unwrap().to_string()
}

async fn press(client: &Client, key: Key) {
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key.into() })
        .then(KeyAction::Up { value: key.into() });
    client.perform_actions(keys).await.unwrap();
}

async fn text_of(client: &Client, css: &str) -> String {
    client.find(Locator::Css(css)).await.unwrap().text().await.unwrap()
}

/// Where the screenshots go: the gallery's folder, or a scratch one.
fn shots() -> PathBuf {
    match std::env::var_os("RENDER_GALLERY") {
        Some(dir) => PathBuf::from(dir),
        None => scratch::test_dir("web-browser-shots"),
    }
}

async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "{name} is a picture");
    let image = image::load_from_memory(&png).unwrap();
    assert!(image.width() >= 380, "{name}: {}x{}", image.width(), image.height());
    std::fs::write(shots().join(format!("web-{name}.png")), png).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(
    not(browser_tests),
    ignore = "needs Chromium's WebDriver: apt-get install chromium chromium-driver, then build again"
)]
async fn a_reader_steps_through_a_reviewed_game_with_the_keyboard_and_reads_the_chart_in_chromium() {
    let site = site::site("sqlite::memory:", WebVisibility::Public).await;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let web = Web::new(site.service.clone(), None, WebOptions::default());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(reversi_bot::web::serve(listener, web.router(), async move {
        let _ = stopped.await;
    }));
    let driver = driver().await;
    let profiles = scratch::test_dir("web-browser-profiles");
    let game = Game::from_transcript(site.game.rules, &site.game.moves).unwrap();
    let plies = game.plies().len();
    let page = format!("http://{address}/g/{}", site.game_key);

    let client = browser(&driver, &profiles.join("light-desktop"), false, false).await;
    client.goto(&page).await.unwrap();
    assert_eq!(shown_board(&client).await, cells(&game, plies), "the page opens on the final position");
    // Home, then every move forward with the right arrow, the board checked at each step.
    press(&client, Key::Home).await;
    assert_eq!(shown_board(&client).await, cells(&game, 0));
    assert_eq!(text_of(&client, "#status").await.split(" · ").next(), Some("Starting position"));
    for ply in 1..=plies {
        press(&client, Key::Right).await;
        assert_eq!(shown_board(&client).await, cells(&game, ply), "after {ply} steps");
        let current = client.find(Locator::Css(".moves a[aria-current]")).await.unwrap();
        assert_eq!(current.attr("data-ply").await.unwrap(), Some(ply.to_string()), "the move list follows");
    }
    press(&client, Key::Right).await;
    assert_eq!(shown_board(&client).await, cells(&game, plies), "no step beyond the end");
    press(&client, Key::Left).await;
    assert_eq!(shown_board(&client).await, cells(&game, plies - 1));
    press(&client, Key::End).await;
    assert_eq!(shown_board(&client).await, cells(&game, plies));
    assert!(client.current_url().await.unwrap().as_str().ends_with(&format!("?ply={plies}")), "the address follows");
    // A click in the move list, and the step buttons.
    client.find(Locator::Css(".moves a[data-ply=\"7\"]")).await.unwrap().click().await.unwrap();
    assert_eq!(shown_board(&client).await, cells(&game, 7));
    client.find(Locator::Id("prev")).await.unwrap().click().await.unwrap();
    assert_eq!(shown_board(&client).await, cells(&game, 6));
    // The review chart: pointing at a bar tells its value.
    let bar = client.find(Locator::Css("#chart rect.hit[data-ply=\"10\"]")).await.unwrap();
    let label = bar.attr("data-label").await.unwrap().expect("a label");
    assert!(label.starts_with("After "), "{label}");
    let point = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: bar.clone(),
        duration: Some(Duration::from_millis(50)),
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(point).await.unwrap();
    assert_eq!(text_of(&client, "#chart-value").await, label, "the value under the pointer");
    bar.click().await.unwrap();
    assert_eq!(shown_board(&client).await, cells(&game, 10), "a click on the chart shows its position");
    let light: Value = client.execute("return getComputedStyle(document.body).backgroundColor;", vec![]).await.unwrap();
    client.goto(&format!("{page}?ply=20")).await.unwrap();
    screenshot(&client, "game-light").await;
    // The review, with a value pointed at.
    client.execute("document.querySelector('.review').scrollIntoView();", vec![]).await.unwrap();
    let bar = client.find(Locator::Css("#chart rect.hit[data-ply=\"24\"]")).await.unwrap();
    let point = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: bar,
        duration: Some(Duration::from_millis(50)),
        x: 0.0,
        y: 0.0,
    });
    client.perform_actions(point).await.unwrap();
    screenshot(&client, "review-light").await;
    client.goto(&format!("http://{address}/p/{}", site.alice_key)).await.unwrap();
    let widths = "const chart = document.querySelector('.chart.rating'); \
                  return [chart.querySelector('svg').getBoundingClientRect().width, chart.getBoundingClientRect().width];";
    let widths: Vec<f64> = serde_json::from_value(client.execute(widths, vec![]).await.unwrap()).unwrap();
    assert!(widths[0] > 0.85 * widths[1], "the rating chart spans its box: {widths:?}");
    screenshot(&client, "player-light").await;
    client.goto(&format!("http://{address}/t/{}", site.tournament_key)).await.unwrap();
    screenshot(&client, "tournament-light").await;
    client.close().await.unwrap();

    let client = browser(&driver, &profiles.join("dark-desktop"), true, false).await;
    client.goto(&format!("{page}?ply=20&lang=de")).await.unwrap();
    let dark: Value = client.execute("return getComputedStyle(document.body).backgroundColor;", vec![]).await.unwrap();
    assert_ne!(light, dark, "the page follows the system's dark theme");
    screenshot(&client, "game-dark-de").await;
    client.goto(&format!("http://{address}/s/{}?lang=sv-SE", site.server_key)).await.unwrap();
    screenshot(&client, "leaderboard-dark-sv").await;
    client.close().await.unwrap();

    for (dark, name) in [(false, "game-phone-light"), (true, "game-phone-dark")] {
        let client = browser(&driver, &profiles.join(name), dark, true).await;
        client.goto(&format!("{page}?ply=20")).await.unwrap();
        let width: Value = client.execute("return document.documentElement.scrollWidth;", vec![]).await.unwrap();
        assert!(width.as_u64().unwrap() <= 390, "nothing wider than the phone: {width}");
        screenshot(&client, name).await;
        client.close().await.unwrap();
    }
    let _ = stop.send(());
    server.await.unwrap();
}
