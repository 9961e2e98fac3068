//! `reversi-bot console`: the same service in a terminal, to try the bot without Discord. Two
//! players share the keyboard (hot seat) or one plays the bot. Everything goes through the
//! service: the words come from its replies (rendered here as plain text, times in the local
//! clock), the board is drawn from the reply's board sketch, and every picture is written to a
//! folder without overwriting earlier runs' pictures.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::ai::Level;
use crate::engine::{Color, Rules};
use crate::service::catalog::{self, CommandSpec};
use crate::service::text::{Args, Locale, Span, Text, TimeStyle, say, words};
use crate::service::{
    BoardScope, BoardSketch, Command, Invocation, PrivacyAction, Reply, Row, Service, ServiceOptions, SoloAction, User,
    components, wall_clock,
};
use crate::store::{ChannelId, ColorChoice, GameId, Ladder, Store, Timestamp, UserId};

const CHANNEL: ChannelId = ChannelId(1);
/// After this long without an answer, the console says the bot is thinking.
const THINKING_AFTER: Duration = Duration::from_millis(300);

/// Runs the console on `input`/`output` in `locale`, writing pictures under `out_dir`.
pub async fn run(
    store: Store,
    options: ServiceOptions,
    out_dir: &Path,
    locale: Locale,
    input: impl BufRead,
    mut output: impl Write,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    let player =
        |number: u64| User::new(number, words(locale, "console-player", &Args::new().number("number", number)));
    let players = [player(1), player(2)];
    let bot = User { id: UserId(3), name: "Reversi".into(), is_bot: true };
    let service = Service::new(store, bot, options);
    service.rebuild_pending().await?;
    let mut console = Console { service, players, locale, buttons: Vec::new(), to_move: None, out_dir, pictures: 0 };
    console.pictures = next_picture(out_dir);
    writeln!(output, "{}", console.plain(&say(locale, "console-welcome", &Args::new())))?;
    // A game left from an earlier run is shown again.
    if let Ok(response) = console.service.handle(&console.invocation(&console.players[0]), Command::Board).await {
        console.show(&response.reply, &mut output)?;
    }
    prompt(&mut output)?;
    for line in input.lines() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            prompt(&mut output)?;
            continue;
        }
        if text == "/quit" || text == "/exit" {
            break;
        }
        match console.command(text) {
            Ok(Some(command)) => console.play(command, &mut output).await?,
            Ok(None) => writeln!(output, "{}", help(console.locale))?,
            Err(refusal) => writeln!(output, "{}", console.plain(&refusal))?,
        }
        prompt(&mut output)?;
    }
    Ok(())
}

fn prompt(output: &mut impl Write) -> std::io::Result<()> {
    write!(output, "> ")?;
    output.flush()
}

/// The number the next picture gets: one past the highest already in `dir`.
fn next_picture(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.split('-').next()?.parse::<usize>().ok())
        .max()
        .unwrap_or(0)
}

struct Console<'a> {
    service: Service,
    players: [User; 2],
    locale: Locale,
    /// The custom ids of the last reply's buttons, numbered from 1.
    buttons: Vec<String>,
    /// Who is to move in the channel's game, as the last board said.
    to_move: Option<UserId>,
    out_dir: &'a Path,
    pictures: usize,
}

impl Console<'_> {
    fn invocation(&self, user: &User) -> Invocation {
        Invocation {
            guild: None,
            channel: CHANNEL,
            user: user.clone(),
            can_manage_guild: true,
            now: wall_clock(),
            locale: Some(self.locale),
            guild_locale: None,
        }
    }

    fn plain(&self, text: &Text) -> String {
        plain(text)
    }

    /// The service command a line stands for; `Ok(None)` for `/help`, a refusal for a line
    /// that makes no sense.
    fn command(&self, line: &str) -> Result<Option<Command>, Text> {
        let mut words = line.split_whitespace();
        let head = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        let locale = self.locale;
        let command = match head {
            "/help" => return Ok(None),
            "/bot" => {
                let (level, color, rules) = self.game_options(&rest, ColorChoice::Black)?;
                Command::PlayBot { level, color, rules }
            }
            "/local" => {
                let (_, color, rules) = self.game_options(&rest, ColorChoice::Black)?;
                Command::Challenge { opponent: Some(self.players[1].clone()), color, rated: false, rules }
            }
            "/board" => Command::Board,
            "/resign" => Command::Resign,
            "/export" => Command::Export(None),
            "/leaderboard" => {
                let (_, _, rules) = self.game_options(&rest, ColorChoice::Black)?;
                Command::Leaderboard(BoardScope::Global, Ladder::of(&rules))
            }
            "/stats" => {
                let (_, _, rules) = self.game_options(&rest, ColorChoice::Black)?;
                Command::Stats(None, Ladder::of(&rules))
            }
            "/history" => Command::History(None),
            "/review" => {
                Command::Review(rest.first().and_then(|id| id.trim_start_matches('#').parse().ok()).map(GameId))
            }
            "/analyze" => match rest.as_slice() {
                [] => Command::Analyze { game: None, moves: None, transcript: None },
                [first, more @ ..] => match first.trim_start_matches('#').parse() {
                    Ok(id) => Command::Analyze {
                        game: Some(GameId(id)),
                        moves: more.first().and_then(|m| m.parse().ok()),
                        transcript: None,
                    },
                    Err(_) => Command::Analyze { game: None, moves: None, transcript: Some(rest.concat()) },
                },
            },
            "/solo" => {
                Command::Solo(solo_action(&rest).ok_or_else(|| {
                    say(locale, "console-unknown-command", &Args::new().text("command", rest.join(" ")))
                })?)
            }
            "/privacy" => {
                Command::Privacy(privacy_action(&rest).ok_or_else(|| {
                    say(locale, "console-unknown-command", &Args::new().text("command", rest.join(" ")))
                })?)
            }
            number if number.parse::<usize>().is_ok_and(|n| (1..=self.buttons.len()).contains(&n)) => {
                let index = number.parse::<usize>().unwrap_or(1) - 1;
                match components::parse(&self.buttons[index], &[]) {
                    Some(command) => command,
                    None => return Ok(None),
                }
            }
            other if other.starts_with('/') => {
                return Err(say(locale, "console-unknown-command", &Args::new().text("command", other.to_string())));
            }
            _ => Command::Move(line.to_string()),
        };
        Ok(Some(command))
    }

    /// `/bot 3 white rules=ravensburger size=10`: the level, the colour and the rules, the rule
    /// options as `/challenge` and `/bot` take them (`option=choice`).
    fn game_options(&self, words: &[&str], default: ColorChoice) -> Result<(Option<Level>, ColorChoice, Rules), Text> {
        let locale = self.locale;
        let (mut level, mut color) = (None, default);
        let mut picks: Vec<(String, String)> = Vec::new();
        for word in words {
            let lower = word.to_lowercase();
            if let Some((option, value)) = lower.split_once('=') {
                let value = match option {
                    "size" => value.split('x').next().unwrap_or(value).to_string(),
                    _ => value.to_string(),
                };
                picks.push((option.to_string(), value));
            } else if let Ok(number) = lower.parse::<u8>() {
                level = Some(
                    Level::new(number)
                        .ok_or_else(|| say(locale, "console-bad-level", &Args::new().number("level", number)))?,
                );
            } else if lower == "white" || lower == "weiß" || lower == "vit" {
                color = ColorChoice::White;
            } else if lower == "black" || lower == "schwarz" || lower == "svart" {
                color = ColorChoice::Black;
            } else if lower == "random" {
                color = ColorChoice::Random;
            } else {
                return Err(say(locale, "console-unknown-command", &Args::new().text("command", word.to_string())));
            }
        }
        let chosen = catalog::rules_choice(picks.iter().map(|(option, value)| (option.as_str(), value.as_str())))
            .map_err(|unknown| {
                let known = catalog::rule_options().iter().find(|o| o.name == unknown.option);
                let choices = match known {
                    Some(option) => option.choices.join(", "),
                    None => catalog::rule_options().iter().map(|o| o.name).collect::<Vec<_>>().join(", "),
                };
                let args =
                    Args::new().text("option", unknown.option).text("value", unknown.value).text("choices", choices);
                say(locale, "console-bad-choice", &args)
            })?;
        let color = if chosen.japanese { ColorChoice::Japanese } else { color };
        Ok((level, color, chosen.rules))
    }

    /// Runs one command for whoever acts at the hot seat and shows the answer.
    async fn play(&mut self, command: Command, output: &mut impl Write) -> anyhow::Result<()> {
        let user = self.acting_player(&command);
        let inv = self.invocation(&user);
        let service = self.service.clone();
        let mut task = tokio::spawn(async move { service.handle(&inv, command).await });
        let result = match tokio::time::timeout(THINKING_AFTER, &mut task).await {
            Ok(joined) => joined?,
            Err(_) => {
                writeln!(output, "{}", plain(&say(self.locale, "console-thinking", &Args::new())))?;
                task.await?
            }
        };
        let reply = match result {
            Ok(response) => response.reply,
            Err(error) => error.reply(self.locale),
        };
        self.show(&reply, output)
    }

    /// Who acts: the challenged player to accept or decline, the player to move for moves and
    /// resignations, otherwise player 1.
    fn acting_player(&self, command: &Command) -> User {
        if let Command::Accept(_) | Command::Decline(_) = command {
            return self.players[1].clone();
        }
        self.players.iter().find(|p| Some(p.id) == self.to_move).cloned().unwrap_or_else(|| self.players[0].clone())
    }

    /// Prints a reply, its buttons (numbered) and its board, and writes its pictures.
    fn show(&mut self, reply: &Reply, output: &mut impl Write) -> anyhow::Result<()> {
        for line in reply_lines(reply) {
            writeln!(output, "{line}")?;
        }
        self.buttons.clear();
        for row in &reply.rows {
            if let Row::Buttons(buttons) = row {
                for button in buttons {
                    self.buttons.push(button.id.clone());
                    let args = Args::new().number("number", self.buttons.len()).text("label", button.label.clone());
                    writeln!(output, "  [{}]", plain(&say(self.locale, "console-press", &args)))?;
                }
            }
        }
        if let Some(sketch) = &reply.board {
            self.to_move = sketch.player_to_move;
            writeln!(output, "{}", draw(sketch, self.locale))?;
        }
        if let Some(solo) = &reply.solo {
            write!(output, "{}", solo.board)?;
            writeln!(output, "{}", solo.legend)?;
        }
        for file in &reply.files {
            self.pictures += 1;
            let path: PathBuf = self.out_dir.join(format!("{:04}-{}", self.pictures, file.name));
            std::fs::write(&path, &file.bytes)?;
            let shown = path.display().to_string();
            writeln!(output, "{}", plain(&say(self.locale, "console-wrote", &Args::new().text("path", shown))))?;
        }
        Ok(())
    }
}

/// How the console offers each command of the service's table ([`catalog::COMMANDS`]), in the
/// table's order: its usage here, or `None` for the two that need Discord's members and servers
/// (`/local` plays a challenge at this keyboard, and the console's server is fixed).
const OFFERED: &[(&str, Option<&str>)] = &[
    ("challenge", None),
    ("bot", Some("/bot [1-5] [black|white] [rules=…] [size=…] …")),
    ("move", Some("d3")),
    ("board", Some("/board")),
    ("resign", Some("/resign")),
    ("leaderboard", Some("/leaderboard [rules=…] [size=…]")),
    ("stats", Some("/stats [rules=…] [size=…]")),
    ("history", Some("/history")),
    ("export", Some("/export")),
    ("review", Some("/review [GAME]")),
    ("analyze", Some("/analyze [MOVES | GAME [MOVE]]")),
    ("solo", Some("/solo [new [SEED]|daily|hint|stop|table]")),
    ("help", Some("/help")),
    ("settings", None),
    ("privacy", Some("/privacy [export|delete]")),
];

/// The console's help in `locale`: every command of the table it offers, with the table's
/// description, then the console's own lines and the rule options' choices.
fn help(locale: Locale) -> String {
    let own = |id: &str| words(locale, id, &Args::new());
    let mut lines: Vec<(String, String)> = Vec::new();
    for command in catalog::COMMANDS {
        let offered = OFFERED.iter().find(|(name, _)| *name == command.name);
        if let Some((_, Some(usage))) = offered {
            let text = if command.name == "move" { own("console-help-move") } else { command.description(locale) };
            lines.push((usage.to_string(), text));
        }
        if command.name == "bot" {
            lines.push(("/local [rules=…] [size=…] …".to_string(), own("console-help-local")));
        }
        if command.name == "solo" {
            lines.push(("d3 gold".to_string(), own("console-help-solo")));
        }
    }
    lines.push(("1, 2, …".to_string(), own("console-help-button")));
    lines.push(("/quit".to_string(), own("console-help-quit")));
    let width = lines.iter().map(|(usage, _)| usage.chars().count()).max().unwrap_or(0);
    let mut out = format!("{}\n", plain(&say(locale, "help-title", &Args::new())));
    for (usage, text) in lines {
        out.push_str(&format!("  {usage:width$}  {text}\n"));
    }
    for option in catalog::rule_options() {
        out.push_str(&format!("  {}=: {}\n", option.name, option.choices.join(", ")));
    }
    out.trim_end().to_string()
}

/// `/solo`'s words: `new [SEED]` (or nothing, or just a seed), `daily`, `hint`, `stop`, `table`,
/// in English or as the locale files name the choices.
fn solo_action(words: &[&str]) -> Option<SoloAction> {
    let key = |word: &str| choice_key("solo", word);
    match words {
        [] => Some(SoloAction::New(None)),
        [seed] if seed.parse::<u64>().is_ok() => seed.parse().ok().map(|seed| SoloAction::New(Some(seed))),
        [action, rest @ ..] => match (key(action)?, rest) {
            ("new", []) => Some(SoloAction::New(None)),
            ("new", [seed]) => seed.parse().ok().map(|seed| SoloAction::New(Some(seed))),
            ("daily", []) => Some(SoloAction::Daily),
            ("hint", []) => Some(SoloAction::Hint),
            ("stop", []) => Some(SoloAction::Stop),
            ("table", []) => Some(SoloAction::Table),
            _ => None,
        },
    }
}

/// The key of the choice of `command`'s first option that `word` names, in English or as the
/// locale files name it.
fn choice_key(command: &str, word: &str) -> Option<&'static str> {
    let option = CommandSpec::named(command)?.options.first()?;
    let lower = word.to_lowercase();
    option
        .choices
        .iter()
        .copied()
        .find(|key| *key == lower || Locale::ALL.iter().any(|l| option.choice_label(key, *l).to_lowercase() == lower))
}

/// `/privacy`'s words: `export` (or nothing) or `delete`, in English or as the locale files
/// name them.
fn privacy_action(words: &[&str]) -> Option<PrivacyAction> {
    match words {
        [] => Some(PrivacyAction::Export),
        [action] => match choice_key("privacy", action)? {
            "export" => Some(PrivacyAction::Export),
            "delete" => Some(PrivacyAction::Delete),
            _ => None,
        },
        _ => None,
    }
}

/// A reply's visible lines, without markup.
fn reply_lines(reply: &Reply) -> Vec<String> {
    let mut lines = Vec::new();
    if !reply.content.is_empty() {
        lines.push(plain(&reply.content));
    }
    if let Some(embed) = &reply.embed {
        for text in [&embed.title, &embed.description] {
            if !text.is_empty() {
                lines.push(plain(text));
            }
        }
        for field in &embed.fields {
            lines.push(format!("{}: {}", plain(&field.name), plain(&field.value)));
        }
        if !embed.footer.is_empty() {
            lines.push(plain(&embed.footer));
        }
    }
    lines
}

/// Text for a terminal: names for mentions, moments in the local clock.
fn plain(text: &Text) -> String {
    let mut out = String::new();
    for span in text.spans() {
        match span {
            Span::Plain(words) | Span::Strong(words) | Span::Code(words) => out.push_str(words),
            Span::Mention { name, .. } => out.push_str(name),
            Span::Time { at, style } => out.push_str(&local_time(*at, *style)),
        }
    }
    out
}

/// A moment in the local clock: `2026-11-29 14:05` (or just the date).
fn local_time(at: Timestamp, style: TimeStyle) -> String {
    let seconds = at.as_millis().div_euclid(1000);
    let (year, month, day, hour, minute) = local_fields(seconds);
    match style {
        TimeStyle::Date => format!("{year:04}-{month:02}-{day:02}"),
        TimeStyle::Relative => format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}"),
    }
}

#[cfg(unix)]
fn local_fields(seconds: i64) -> (i64, i64, i64, i64, i64) {
    let time: libc::time_t = seconds as libc::time_t;
    // SAFETY: localtime_r only reads `time` and writes the `tm` we own; on failure it returns null
    // and we fall back to UTC.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let filled = unsafe { !libc::localtime_r(&time, &mut tm).is_null() };
    if filled {
        (
            i64::from(tm.tm_year) + 1900,
            i64::from(tm.tm_mon) + 1,
            i64::from(tm.tm_mday),
            i64::from(tm.tm_hour),
            i64::from(tm.tm_min),
        )
    } else {
        crate::service::text::civil(seconds)
    }
}

#[cfg(not(unix))]
fn local_fields(seconds: i64) -> (i64, i64, i64, i64, i64) {
    crate::service::text::civil(seconds)
}

/// The board as text: `X` black, `O` white, `+` a legal move, brackets round each side's last
/// move, and whose turn it is.
fn draw(sketch: &BoardSketch, locale: Locale) -> String {
    let size = sketch.board.size();
    let n = size.side();
    let mut out = String::from("   ");
    for col in 0..n {
        out.push_str(&format!(" {} ", char::from(b'a' + col)));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    for row in 0..n {
        out.push_str(&format!("{:>2} ", row + 1));
        for col in 0..n {
            let Some(square) = crate::engine::Square::new(col, row) else { continue };
            let disc = match sketch.board.at(square) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None if sketch.legal.contains(square) => '+',
                None => '.',
            };
            if sketch.last.contains(&Some(square)) {
                out.push_str(&format!("[{disc}]"));
            } else {
                out.push_str(&format!(" {disc} "));
            }
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    let [black, white] = [sketch.board.count(Color::Black), sketch.board.count(Color::White)];
    out.push_str(&format!("X {} {black}  ·  O {} {white}", sketch.sides[0], sketch.sides[1]));
    if let Some(color) = sketch.to_move {
        let side = format!("{} ({})", sketch.sides[color.index()], if color == Color::Black { 'X' } else { 'O' });
        out.push_str(&format!("  ·  {}", words(locale, "console-to-move", &Args::new().text("side", side))));
        if !sketch.legal.is_empty() {
            out.push_str(&format!(" ({})", words(locale, "console-legal", &Args::new())));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_console_decides_for_every_command_of_the_table_whether_it_offers_it() {
        let offered: Vec<&str> = OFFERED.iter().map(|(name, _)| *name).collect();
        let table: Vec<&str> = catalog::COMMANDS.iter().map(|command| command.name).collect();
        assert_eq!(offered, table, "a command added to the table needs a line in OFFERED");
    }

    #[test]
    fn the_console_help_shows_every_command_it_offers_with_the_tables_words() {
        for locale in Locale::ALL {
            let text = help(locale);
            for (name, usage) in OFFERED {
                let description = CommandSpec::named(name).expect("in the table").description(locale);
                match usage {
                    Some(usage) => {
                        let line = text.lines().find(|line| line.trim_start().starts_with(usage));
                        let line = line.unwrap_or_else(|| panic!("{usage} in {text}"));
                        if *name != "move" {
                            assert!(line.ends_with(&description), "{line} says {description}");
                        }
                    }
                    None => assert!(!text.contains(&format!("/{name}")), "/{name} needs Discord: {text}"),
                }
            }
        }
    }
}
