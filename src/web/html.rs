//! Every page's HTML, in one place: the frame every page shares (language switch, previews, the
//! stylesheet and script served by the bot itself), a game with its board, steps, moves and
//! review chart, a player with rating charts, a leaderboard, a tournament's standings and
//! crosstable, and the refusals. Every word comes from the locale files; every text is escaped.

use std::fmt::Write as _;
use std::sync::LazyLock;

use crate::engine::Color;
use crate::service::pages::{
    GamePage, LeaderboardPage, PageName, PagePosition, PlayerPage, TournamentPage, page_themes,
};
use crate::service::text::{Args, Locale, words};

/// The stylesheet, the script and the icon.
const STYLE: &str = include_str!("../../assets/web/style.css");
const SCRIPT: &str = include_str!("../../assets/web/game.js");
const ICON: &str = include_str!("../../assets/web/icon.svg");

/// The boards' colours per theme, as a stylesheet made once.
static THEMES: LazyLock<String> = LazyLock::new(|| {
    let mut css = String::new();
    for t in page_themes() {
        let _ = writeln!(
            css,
            ".theme-{} {{ --felt: {}; --grid: {}; --frame: {}; --label: {}; --black: {}; --white: {}; --last: {}; }}",
            t.theme, t.felt, t.grid, t.frame, t.label, t.discs[0], t.discs[1], t.last
        );
    }
    css
});

/// A short version of the assets, so a new build's are fetched again despite caching.
static VERSION: LazyLock<String> = LazyLock::new(|| {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (STYLE, SCRIPT, ICON, THEMES.as_str()).hash(&mut hasher);
    format!("{:08x}", hasher.finish() as u32)
});

/// The assets the pages load: each one's file name, body and content type.
pub fn assets() -> [(&'static str, String, &'static str); 4] {
    [
        ("style.css", STYLE.to_string(), "text/css; charset=utf-8"),
        ("themes.css", THEMES.clone(), "text/css; charset=utf-8"),
        ("game.js", SCRIPT.to_string(), "text/javascript; charset=utf-8"),
        ("icon.svg", ICON.to_string(), "image/svg+xml"),
    ]
}

/// How a page links: the public address (for previews) and the language switch to keep.
#[derive(Clone, Copy, Debug, Default)]
pub struct Links<'a> {
    /// `PUBLIC_URL`, when set.
    pub public_url: Option<&'a str>,
    /// The `?lang=` the reader chose, kept on every link.
    pub lang: Option<&'a str>,
}

impl Links<'_> {
    /// `path` with `query` and the reader's language.
    fn href(&self, path: &str, query: &[(&str, String)]) -> String {
        let mut parts: Vec<String> = query.iter().map(|(k, v)| format!("{k}={}", encode(v))).collect();
        if let Some(lang) = self.lang.and_then(Locale::from_tag) {
            parts.push(format!("lang={}", lang.tag()));
        }
        if parts.is_empty() { path.to_string() } else { format!("{path}?{}", parts.join("&")) }
    }
}

/// Text made safe for HTML (content and quoted attributes).
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// A query value made safe for a URL.
fn encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn w(locale: Locale, id: &str) -> String {
    words(locale, id, &Args::new())
}

/// What the frame of a page needs besides its body.
struct Frame<'a> {
    title: String,
    /// The path of this page, for the language switch.
    path: &'a str,
    /// Its query besides the language.
    query: Vec<(&'a str, String)>,
    /// Listed (indexable) or reachable by link alone.
    listed: bool,
    /// The preview's description and picture path, for Open Graph and Twitter cards.
    preview: Option<(String, Option<String>)>,
    /// Whether the page steps through a game (loads the script).
    script: bool,
}

fn frame(locale: Locale, links: &Links<'_>, frame: Frame<'_>, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 2048);
    let title = esc(&frame.title);
    let site = esc(&w(locale, "web-site-name"));
    let v = VERSION.as_str();
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"color-scheme\" content=\"light dark\">\
         <title>{title} · {site}</title>\
         <link rel=\"icon\" href=\"/assets/icon.svg?v={v}\" type=\"image/svg+xml\">\
         <link rel=\"stylesheet\" href=\"/assets/style.css?v={v}\">\
         <link rel=\"stylesheet\" href=\"/assets/themes.css?v={v}\">",
        lang = locale.tag(),
    );
    if !frame.listed {
        out.push_str("<meta name=\"robots\" content=\"noindex, nofollow\">");
    }
    if let Some((description, picture)) = &frame.preview {
        let description = esc(description);
        let _ = write!(
            out,
            "<meta name=\"description\" content=\"{description}\">\
             <meta property=\"og:type\" content=\"website\"><meta property=\"og:site_name\" content=\"{site}\">\
             <meta property=\"og:title\" content=\"{title}\"><meta property=\"og:description\" content=\"{description}\">\
             <meta name=\"twitter:title\" content=\"{title}\"><meta name=\"twitter:description\" content=\"{description}\">"
        );
        if let Some(base) = links.public_url {
            let _ = write!(out, "<meta property=\"og:url\" content=\"{}\">", esc(&format!("{base}{}", frame.path)));
            match picture {
                Some(picture) => {
                    let image = esc(&format!("{base}{picture}"));
                    let _ = write!(
                        out,
                        "<meta property=\"og:image\" content=\"{image}\">\
                         <meta name=\"twitter:card\" content=\"summary_large_image\">\
                         <meta name=\"twitter:image\" content=\"{image}\">"
                    );
                }
                None => out.push_str("<meta name=\"twitter:card\" content=\"summary\">"),
            }
        }
    }
    if frame.script {
        let _ = write!(out, "<script src=\"/assets/game.js?v={v}\" defer></script>");
    }
    let _ = write!(
        out,
        "</head><body><a class=\"skip\" href=\"#main\">{skip}</a><header class=\"top\"><a class=\"brand\" href=\"{home}\">\
         <img src=\"/assets/icon.svg?v={v}\" alt=\"\" width=\"24\" height=\"24\">{site}</a>\
         <nav class=\"langs\" aria-label=\"{language}\">",
        skip = esc(&w(locale, "web-skip")),
        home = esc(&links.href("/", &[])),
        language = esc(&w(locale, "web-language")),
    );
    for other in Locale::ALL {
        let switch = Links { public_url: links.public_url, lang: Some(other.tag()) };
        let name = esc(&w(other, "language-name"));
        let href = esc(&switch.href(frame.path, &frame.query));
        if other == locale {
            let _ = write!(out, "<a href=\"{href}\" hreflang=\"{}\" aria-current=\"true\">{name}</a>", other.tag());
        } else {
            let _ = write!(out, "<a href=\"{href}\" hreflang=\"{}\" lang=\"{}\">{name}</a>", other.tag(), other.tag());
        }
    }
    let _ = writeln!(
        out,
        "</nav></header><main id=\"main\">{body}</main><footer><p>{footer}</p></footer></body></html>",
        footer = esc(&w(locale, "web-footer")),
    );
    out
}

/// A refusal page (`web-not-found`, `web-too-many`).
pub fn refusal(locale: Locale, id: &str) -> String {
    let title = w(locale, &format!("{id}-title"));
    let body = format!("<h1>{}</h1><p>{}</p>", esc(&title), esc(&w(locale, id)));
    let links = Links::default();
    frame(
        locale,
        &links,
        Frame { title, path: "/", query: Vec::new(), listed: false, preview: None, script: false },
        &body,
    )
}

/// The front page: what these pages are.
pub fn home(locale: Locale) -> String {
    let title = w(locale, "web-home-title");
    let body = format!("<h1>{}</h1><p class=\"lead\">{}</p>", esc(&title), esc(&w(locale, "web-home")));
    let links = Links::default();
    let preview = Some((w(locale, "web-home"), None));
    frame(locale, &links, Frame { title, path: "/", query: Vec::new(), listed: true, preview, script: false }, &body)
}

/// A player's name, linked to their page when they have one, with the bot's level.
fn name_html(name: &PageName, links: &Links<'_>) -> String {
    let mut out = match &name.key {
        Some(key) => format!("<a href=\"{}\">{}</a>", esc(&links.href(&format!("/p/{key}"), &[])), esc(&name.name)),
        None => format!("<span class=\"deleted\">{}</span>", esc(&name.name)),
    };
    if let Some(level) = &name.level {
        let _ = write!(out, " <span class=\"level\">({})</span>", esc(level));
    }
    out
}

/// The words under the board for one position.
fn status(locale: Locale, page: &GamePage, ply: usize) -> String {
    let position = &page.positions[ply];
    let mut parts = Vec::new();
    match ply.checked_sub(1).map(|i| &page.moves[i]) {
        None => parts.push(w(locale, "web-status-start")),
        Some(m) => {
            let args = Args::new()
                .number("number", m.number as u32)
                .text("side", page.sides[m.color.index()].clone())
                .text("move", m.label.clone());
            parts.push(words(locale, if m.pass { "web-status-pass" } else { "web-status-move" }, &args));
        }
    }
    let counts = Args::new()
        .text("blackSide", page.sides[0].clone())
        .number("black", position.counts[0])
        .text("whiteSide", page.sides[1].clone())
        .number("white", position.counts[1]);
    parts.push(words(locale, "web-status-counts", &counts));
    parts.push(match position.to_move {
        Some(color) => {
            words(locale, "web-status-to-move", &Args::new().text("side", page.sides[color.index()].clone()))
        }
        None => w(locale, "web-status-over"),
    });
    parts.join(" · ")
}

fn cell_class(position: &PagePosition, i: usize, cell: char) -> &'static str {
    let last = position.last == Some(i);
    match (cell, last) {
        ('b', true) => "sq b last",
        ('b', false) => "sq b",
        ('w', true) => "sq w last",
        ('w', false) => "sq w",
        _ => "sq",
    }
}

/// The board at `ply`, as a grid with its coordinates.
fn board_html(page: &GamePage, ply: usize, label: &str) -> String {
    let position = &page.positions[ply];
    let side = page.side;
    let mut out = format!(
        "<div id=\"board\" class=\"board s{side} theme-{}\" role=\"img\" aria-label=\"{}\" data-ply=\"{ply}\">\
         <span class=\"corner\"></span>",
        page.theme,
        esc(label)
    );
    for col in 0..side {
        let _ = write!(out, "<span class=\"file\">{}</span>", (b'a' + col as u8) as char);
    }
    for (i, cell) in position.cells.chars().enumerate() {
        if i % side == 0 {
            let _ = write!(out, "<span class=\"rank\">{}</span>", i / side + 1);
        }
        let _ = write!(out, "<span class=\"{}\" data-i=\"{i}\"></span>", cell_class(position, i, cell));
    }
    out.push_str("</div>");
    out
}

/// The review chart: a bar per position from the middle line (black's advantage up), each
/// with its value on hover and focus, the current position marked.
fn chart_html(locale: Locale, page: &GamePage, ply: usize) -> Option<String> {
    let values: Vec<Option<f64>> = page.positions.iter().map(|p| p.value).collect();
    if values.iter().all(Option::is_none) {
        return None;
    }
    let top = values.iter().flatten().fold(8.0f64, |m, v| m.max(v.abs())).min(64.0);
    let (width, height) = (640.0, 160.0);
    let step = width / values.len() as f64;
    let middle = height / 2.0;
    let mut bars = String::new();
    for (i, value) in values.iter().enumerate() {
        let Some(value) = value else { continue };
        let h = (value.abs() / top).min(1.0) * (middle - 4.0);
        let y = if *value >= 0.0 { middle - h } else { middle };
        let side = if *value >= 0.0 { "up" } else { "down" };
        let shown = signed(*value);
        let label = match i.checked_sub(1).map(|m| &page.moves[m]) {
            None => words(locale, "web-chart-start", &Args::new().text("value", shown.clone())),
            Some(m) => words(
                locale,
                "web-chart-value",
                &Args::new()
                    .number("number", m.number as u32)
                    .text("move", m.label.clone())
                    .text("value", shown.clone()),
            ),
        };
        let current = if i == ply { " current" } else { "" };
        // The bar drawn, and over it the column that answers the pointer with the value.
        let _ = write!(
            bars,
            "<rect class=\"bar {side}{current}\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{bw:.1}\" height=\"{h:.1}\" \
             data-ply=\"{i}\"></rect><rect class=\"hit\" x=\"{x:.1}\" y=\"0\" width=\"{bw:.1}\" height=\"{height}\" \
             data-ply=\"{i}\" data-label=\"{label}\"><title>{label}</title></rect>",
            x = i as f64 * step,
            bw = (step - 1.0).max(1.0),
            h = h.max(1.0),
            label = esc(&label),
        );
    }
    let caption = words(
        locale,
        "web-chart-caption",
        &Args::new().text("side", page.sides[0].clone()).text("top", format!("{top:.0}")),
    );
    Some(format!(
        "<figure class=\"chart\"><svg id=\"chart\" viewBox=\"0 0 {width} {height}\" role=\"img\" \
         aria-label=\"{caption}\" preserveAspectRatio=\"none\"><line class=\"axis\" x1=\"0\" y1=\"{middle}\" x2=\"{width}\" \
         y2=\"{middle}\"></line>{bars}</svg><figcaption>{caption}</figcaption>\
         <p id=\"chart-value\" class=\"chart-value\" aria-live=\"polite\">{hint}</p></figure>",
        caption = esc(&caption),
        hint = esc(&w(locale, "web-chart-hint")),
    ))
}

fn signed(value: f64) -> String {
    if value > 0.0 { format!("+{value:.0}") } else { format!("{value:.0}") }
}

/// A finished game's page at position `ply` (the end when `None`).
pub fn game(locale: Locale, page: &GamePage, ply: Option<usize>, links: &Links<'_>) -> String {
    let last = page.positions.len() - 1;
    let ply = ply.unwrap_or(last).min(last);
    let path = format!("/g/{}", page.key);
    let [black, white] = &page.players;
    let vs = words(
        locale,
        "web-game-title",
        &Args::new().text("black", black.name.clone()).text("white", white.name.clone()),
    );
    // Positions of this page link by their query alone (the page's own path is implied).
    let here = |p: usize| esc(&links.href("", &[("ply", p.to_string())]));
    let mut body = String::with_capacity(16 * 1024);
    let _ = write!(
        body,
        "<h1>{}</h1><p class=\"result\">{}</p><div class=\"game\"><section class=\"play\" aria-label=\"{}\">",
        esc(&vs),
        esc(&page.result),
        esc(&w(locale, "web-board")),
    );
    let now = status(locale, page, ply);
    body.push_str(&board_html(page, ply, &now));
    let _ = write!(body, "<p id=\"status\" class=\"status\" aria-live=\"polite\">{}</p>", esc(&now));
    let step = |id: &str, target: usize, word: &str, symbol: &str| {
        format!(
            "<a id=\"{id}\" class=\"step\" href=\"{}\" data-ply=\"{target}\" aria-label=\"{}\"><span aria-hidden=\"true\">{symbol}</span> {}</a>",
            here(target),
            esc(&w(locale, word)),
            esc(&w(locale, word)),
        )
    };
    let _ = write!(
        body,
        "<nav class=\"steps\" aria-label=\"{}\">{}{}{}{}</nav><p class=\"hint\">{}</p></section>",
        esc(&w(locale, "web-steps")),
        step("first", 0, "web-first", "«"),
        step("prev", ply.saturating_sub(1), "web-previous", "◀"),
        step("next", (ply + 1).min(last), "web-next", "▶"),
        step("last", last, "web-last", "»"),
        esc(&w(locale, "web-keys")),
    );
    // The facts and the moves.
    let _ = write!(body, "<aside class=\"facts\"><dl>");
    let mut fact = |term: &str, value: String| {
        let _ = write!(body, "<dt>{}</dt><dd>{value}</dd>", esc(&w(locale, term)));
    };
    let player = |color: Color, name: &PageName| {
        format!(
            "<span class=\"disc {}\" aria-hidden=\"true\"></span> {} <span class=\"side\">({})</span>",
            if color == Color::Black { "b" } else { "w" },
            name_html(name, links),
            esc(&page.sides[color.index()])
        )
    };
    fact("web-black", player(Color::Black, black));
    fact("web-white", player(Color::White, white));
    fact("web-rules", esc(&page.rules));
    if let Some(opening) = &page.opening {
        fact("web-opening", esc(opening));
    }
    fact("web-played", format!("<time datetime=\"{0}\">{0}</time>", esc(&page.day)));
    fact("web-kind", esc(&w(locale, if page.rated { "web-rated" } else { "web-friendly" })));
    let _ = write!(body, "</dl><h2>{}</h2><ol class=\"moves\">", esc(&w(locale, "web-moves")));
    for (i, m) in page.moves.iter().enumerate() {
        let target = i + 1;
        let current = if target == ply { " aria-current=\"step\"" } else { "" };
        let class = if m.pass {
            "pass"
        } else if m.color == Color::Black {
            "b"
        } else {
            "w"
        };
        let _ = write!(
            body,
            "<li class=\"{class}\"><a href=\"{}\" data-ply=\"{target}\"{current}><span class=\"n\">{}.</span> {}</a></li>",
            here(target),
            m.number,
            esc(&m.label)
        );
    }
    let _ = write!(
        body,
        "</ol><p><a class=\"download\" href=\"{}\" download>{}</a></p></aside></div>",
        esc(&format!("{path}/game.ggf")),
        esc(&w(locale, "web-download"))
    );
    // The review.
    let _ = write!(body, "<section class=\"review\"><h2>{}</h2>", esc(&w(locale, "web-review")));
    match (&page.mistakes, chart_html(locale, page, ply)) {
        (Some(mistakes), Some(chart)) => {
            body.push_str(&chart);
            let _ = write!(body, "<h3>{}</h3>", esc(&w(locale, "web-mistakes")));
            if mistakes.is_empty() {
                let _ = write!(body, "<p>{}</p>", esc(&w(locale, "web-no-mistakes")));
            } else {
                body.push_str("<ul class=\"mistakes\">");
                for m in mistakes {
                    let _ = write!(
                        body,
                        "<li><a href=\"{}\" data-ply=\"{}\">{}</a></li>",
                        here(m.ply),
                        m.ply,
                        esc(&m.line)
                    );
                }
                body.push_str("</ul>");
            }
        }
        _ => {
            let _ = write!(body, "<p>{}</p>", esc(&w(locale, "web-not-reviewed")));
        }
    }
    body.push_str("</section>");
    // Every position, for the script to step through without asking the server again.
    let data: Vec<serde_json::Value> = (0..page.positions.len())
        .map(|i| {
            let p = &page.positions[i];
            serde_json::json!({ "c": p.cells, "l": p.last, "s": status(locale, page, i) })
        })
        .collect();
    // No `<` in the data block (only in its strings, where `\u003c` says the same), so nothing
    // in it can end the block or open a comment.
    let json = serde_json::to_string(&data).unwrap_or_default().replace('<', "\\u003c");
    let _ = write!(body, "<script type=\"application/json\" id=\"positions\">{json}</script>");
    let description = format!("{} · {}", page.result, page.rules);
    let query = if ply == last { Vec::new() } else { vec![("ply", ply.to_string())] };
    let preview = Some((description, Some(format!("{path}/board.png"))));
    let frame_info = Frame { title: vs, path: &path, query, listed: page.listed, preview, script: true };
    frame(locale, links, frame_info, &body)
}

/// A line chart of one rating over time: the line stretches to the page's width, its dots stay
/// round (strokes that do not scale), and the range's round ends stand beside it.
fn rating_chart(locale: Locale, name: &str, ladder: &str, history: &[(String, f64)]) -> String {
    if history.len() < 2 {
        return String::new();
    }
    let (low, high) = history.iter().fold((f64::MAX, f64::MIN), |(lo, hi), &(_, r)| (lo.min(r), hi.max(r)));
    let low = (low / 50.0).floor() * 50.0;
    let high = ((high / 50.0).ceil() * 50.0).max(low + 50.0);
    let (width, height, pad) = (1000.0, 160.0, 8.0);
    let x = |i: usize| pad + (width - 2.0 * pad) * i as f64 / (history.len() - 1) as f64;
    let y = |r: f64| pad + (height - 2.0 * pad) * (high - r) / (high - low);
    let points: Vec<String> =
        history.iter().enumerate().map(|(i, (_, r))| format!("{:.1},{:.1}", x(i), y(*r))).collect();
    let mut dots = String::new();
    for (i, (day, r)) in history.iter().enumerate() {
        let label =
            words(locale, "web-rating-point", &Args::new().text("day", day.clone()).number("rating", r.round() as i64));
        let _ =
            write!(dots, "<path class=\"dot\" d=\"M{:.1} {:.1}h0\"><title>{}</title></path>", x(i), y(*r), esc(&label));
    }
    let first = history[0].1.round() as i64;
    let last = history[history.len() - 1].1.round() as i64;
    let alt = words(
        locale,
        "web-rating-chart",
        &Args::new()
            .text("name", name.to_string())
            .text("ladder", ladder.to_string())
            .number("games", history.len() as u32 - 1)
            .number("first", first)
            .number("last", last),
    );
    format!(
        "<figure class=\"chart rating\"><div class=\"plot\"><div class=\"ticks\" aria-hidden=\"true\">\
         <span>{hi}</span><span>{lo}</span></div><svg viewBox=\"0 0 {width} {height}\" preserveAspectRatio=\"none\" \
         role=\"img\" aria-label=\"{alt}\"><line class=\"grid\" x1=\"0\" y1=\"{top}\" x2=\"{width}\" y2=\"{top}\"></line>\
         <line class=\"grid\" x1=\"0\" y1=\"{bottom}\" x2=\"{width}\" y2=\"{bottom}\"></line>\
         <polyline points=\"{points}\"></polyline>{dots}</svg></div><figcaption>{alt}</figcaption></figure>",
        alt = esc(&alt),
        points = points.join(" "),
        top = pad,
        bottom = height - pad,
        hi = high as i64,
        lo = low as i64,
    )
}

fn record_line(locale: Locale, record: [u32; 4]) -> String {
    let [games, wins, draws, losses] = record;
    words(
        locale,
        "web-record",
        &Args::new().number("games", games).number("wins", wins).number("draws", draws).number("losses", losses),
    )
}

/// A player's page, at `path`.
pub fn player(locale: Locale, page: &PlayerPage, path: &str, links: &Links<'_>) -> String {
    let mut body = format!("<h1>{}</h1>", esc(&page.name));
    let _ = write!(body, "<section><h2>{}</h2>", esc(&w(locale, "web-ratings")));
    if page.ratings.is_empty() {
        let _ = write!(body, "<p>{}</p>", esc(&w(locale, "web-no-ratings")));
    }
    for rating in &page.ratings {
        let _ = write!(
            body,
            "<article class=\"ladder\"><h3>{} <span class=\"rating\">{}</span></h3><p>{}</p>{}</article>",
            esc(&rating.ladder),
            rating.rating,
            esc(&record_line(locale, rating.record)),
            rating_chart(locale, &page.name, &rating.ladder, &rating.history),
        );
    }
    if let Some(puzzles) = page.puzzle_rating {
        let _ = write!(
            body,
            "<p class=\"puzzles\">{}: <strong>{puzzles}</strong></p>",
            esc(&w(locale, "web-puzzle-rating"))
        );
    }
    let _ = write!(body, "</section><section><h2>{}</h2>", esc(&w(locale, "web-recent-games")));
    if page.games.is_empty() {
        let _ = write!(body, "<p>{}</p>", esc(&w(locale, "web-no-games")));
    } else {
        body.push_str("<ul class=\"games\">");
        for game in &page.games {
            let _ = write!(
                body,
                "<li><time datetime=\"{0}\">{0}</time> <a href=\"{1}\">{2}</a></li>",
                esc(&game.day),
                esc(&links.href(&format!("/g/{}", game.key), &[])),
                esc(&game.line)
            );
        }
        body.push_str("</ul>");
    }
    body.push_str("</section>");
    if !page.tournaments.is_empty() {
        let _ = write!(body, "<section><h2>{}</h2><ul>", esc(&w(locale, "web-tournaments")));
        for t in &page.tournaments {
            let _ = write!(
                body,
                "<li><a href=\"{}\">{}</a></li>",
                esc(&links.href(&format!("/t/{}", t.key), &[])),
                esc(&t.line)
            );
        }
        body.push_str("</ul></section>");
    }
    let description = page.ratings.first().map(|r| format!("{}: {}", r.ladder, r.rating)).unwrap_or_default();
    let info = Frame {
        title: page.name.clone(),
        path,
        query: Vec::new(),
        listed: false,
        preview: Some((description, None)),
        script: false,
    };
    frame(locale, links, info, &body)
}

/// A server's leaderboard page.
pub fn leaderboard(locale: Locale, page: &LeaderboardPage, links: &Links<'_>) -> String {
    let path = format!("/s/{}", page.key);
    let title = w(locale, "web-leaderboard-title");
    let mut body = format!("<h1>{}</h1>", esc(&title));
    if page.ladders.len() > 1 {
        let _ = write!(body, "<nav class=\"ladders\" aria-label=\"{}\">", esc(&w(locale, "web-ladder")));
        for (key, name) in &page.ladders {
            let current = if *key == page.ladder { " aria-current=\"page\"" } else { "" };
            let href = esc(&links.href(&path, &[("ladder", key.clone())]));
            let _ = write!(body, "<a href=\"{href}\"{current}>{}</a>", esc(name));
        }
        body.push_str("</nav>");
    } else if let Some((_, name)) = page.ladders.first() {
        let _ = write!(body, "<p class=\"lead\">{}</p>", esc(name));
    }
    if page.leaders.is_empty() {
        let _ = write!(body, "<p>{}</p>", esc(&w(locale, "web-empty-leaderboard")));
    } else {
        let heads = ["web-rank", "web-player", "web-rating", "web-games", "web-wins", "web-draws", "web-losses"];
        body.push_str("<table class=\"table\"><thead><tr>");
        for head in heads {
            let _ = write!(body, "<th scope=\"col\">{}</th>", esc(&w(locale, head)));
        }
        body.push_str("</tr></thead><tbody>");
        for leader in &page.leaders {
            let [games, wins, draws, losses] = leader.record;
            let _ = write!(
                body,
                "<tr><td>{}</td><th scope=\"row\">{}</th><td>{}</td><td>{games}</td><td>{wins}</td><td>{draws}</td><td>{losses}</td></tr>",
                leader.rank,
                name_html(&leader.player, links),
                leader.rating
            );
        }
        body.push_str("</tbody></table>");
    }
    let query = if page.ladders.first().is_some_and(|(k, _)| *k != page.ladder) {
        vec![("ladder", page.ladder.clone())]
    } else {
        Vec::new()
    };
    let description = page
        .leaders
        .iter()
        .take(3)
        .map(|l| format!("{}. {} ({})", l.rank, l.player.name, l.rating))
        .collect::<Vec<_>>()
        .join(" · ");
    let info =
        Frame { title, path: &path, query, listed: page.listed, preview: Some((description, None)), script: false };
    frame(locale, links, info, &body)
}

/// A tournament's page, at `path`.
pub fn tournament(locale: Locale, page: &TournamentPage, path: &str, links: &Links<'_>) -> String {
    let mut body = format!("<h1>{}</h1><p class=\"lead\">{}</p>", esc(&page.name), esc(&page.subtitle));
    let _ = write!(body, "<section><h2>{}</h2>", esc(&w(locale, "web-standings")));
    if page.standings.is_empty() {
        let _ = write!(body, "<p>{}</p>", esc(&w(locale, "web-signup")));
    } else {
        body.push_str("<table class=\"table\"><thead><tr>");
        for head in &page.headers {
            let _ = write!(body, "<th scope=\"col\">{}</th>", esc(head));
        }
        body.push_str("</tr></thead><tbody>");
        for s in &page.standings {
            let withdrawn =
                s.withdrawn.as_ref().map(|w| format!(" <span class=\"level\">({})</span>", esc(w))).unwrap_or_default();
            let class = if s.withdrawn.is_some() { " class=\"withdrawn\"" } else { "" };
            let _ = write!(
                body,
                "<tr{class}><td>{}</td><th scope=\"row\">{}{withdrawn}</th><td>{}</td><td>{}</td>",
                esc(&s.rank),
                name_html(&s.player, links),
                s.games,
                esc(&s.points)
            );
            for tie in &s.tie_breaks {
                let _ = write!(body, "<td>{}</td>", esc(tie));
            }
            body.push_str("</tr>");
        }
        let _ = write!(body, "</tbody></table><p class=\"note\">{}</p>", esc(&page.footnote));
    }
    body.push_str("</section>");
    if let Some(cross) = &page.crosstable {
        let _ = write!(
            body,
            "<section><h2>{}</h2><table class=\"table cross\"><thead><tr><th></th>",
            esc(&w(locale, "web-crosstable"))
        );
        for i in 1..=cross.len() {
            let _ = write!(body, "<th scope=\"col\">{i}</th>");
        }
        body.push_str("</tr></thead><tbody>");
        for (i, row) in cross.iter().enumerate() {
            let name = page.standings.get(i).map(|s| name_html(&s.player, links)).unwrap_or_default();
            let _ = write!(body, "<tr><th scope=\"row\">{} {name}</th>", i + 1);
            for cell in row {
                let _ = write!(body, "<td>{}</td>", esc(cell));
            }
            body.push_str("</tr>");
        }
        body.push_str("</tbody></table></section>");
    }
    for (i, round) in page.rounds.iter().enumerate() {
        let _ = write!(
            body,
            "<section class=\"round\"><h2>{}</h2><ul class=\"pairings\">",
            esc(&words(locale, "web-round", &Args::new().number("round", i as u32 + 1)))
        );
        for p in round {
            let [black, white] = &p.players;
            let names = match (black, white) {
                (Some(b), Some(wh)) => format!("{} – {}", name_html(b, links), name_html(wh, links)),
                (Some(b), None) => name_html(b, links),
                _ => String::new(),
            };
            let result = match &p.key {
                Some(key) => {
                    format!("<a href=\"{}\">{}</a>", esc(&links.href(&format!("/g/{key}"), &[])), esc(&p.result))
                }
                None => esc(&p.result),
            };
            let _ = write!(body, "<li><span class=\"n\">{}.</span> {names} <strong>{result}</strong></li>", p.board);
        }
        body.push_str("</ul></section>");
    }
    let description = format!("{} · {}", page.name, page.subtitle);
    let info = Frame {
        title: page.name.clone(),
        path,
        query: Vec::new(),
        listed: page.listed,
        preview: Some((description, None)),
        script: false,
    };
    frame(locale, links, info, &body)
}
