//! `reversi-bot console`: the same service in a terminal, to try the bot without Discord. Two
//! players share the keyboard (hot seat) or one plays the bot. Everything goes through the
//! service: the words come from its replies (rendered here as plain text, times in the local
//! clock), the board is drawn from the reply's board sketch, and every picture is written to a
//! folder without overwriting earlier runs' pictures.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::engine::Color;
use crate::service::catalog;
use crate::service::options::{self, Given, OptionError, Value};
use crate::service::text::{Args, Locale, Span, Text, TimeStyle, say, words};
use crate::service::{
    Announcement, BoardSketch, ButtonStyle, Chat, Command, Invocation, Opening, Reply, Response, Row, Service,
    ServiceError, ServiceOptions, User, UserError, components, view, wall_clock,
};
use crate::store::{ChannelId, GuildId, Store, Timestamp, UserId};

const CHANNEL: ChannelId = ChannelId(1);
/// The first channel a tournament game gets (the console's "threads" count up from it).
const FIRST_THREAD: u64 = 1_000;
/// The console's own server: its settings, ladders and tables are this keyboard's.
const GUILD: GuildId = GuildId(1);
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
    let master_seconds = options.ai.budget.as_secs_f64();
    let service = Service::new(store, bot.clone(), options);
    service.rebuild_pending().await?;
    let mut console = Console {
        service,
        players,
        bot,
        locale,
        messages: Vec::new(),
        next_message: 1,
        to_move: None,
        out_dir,
        pictures: 0,
        channel: CHANNEL,
        threads: Vec::new(),
    };
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
            Ok(None) => writeln!(output, "{}", help(console.locale, master_seconds))?,
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

/// A control under a reply: a button's custom id, or a menu's and the values it offers.
enum Control {
    Button(String),
    Menu(String, Vec<String>),
}

/// Whether a refusal says the act is the other player's (their turn, their choice, their
/// challenge to answer), which at a shared keyboard means the other player does it.
fn is_someone_elses(refusal: &UserError) -> bool {
    matches!(
        refusal,
        UserError::NotYourTurn(_)
            | UserError::AlreadyEntered
            | UserError::NotYourChoice(_)
            | UserError::NotAPlayer
            | UserError::ChallengeNotForYou(_)
            | UserError::OwnChallenge
    )
}

/// How many replies keep their controls usable (the oldest are forgotten first).
const MESSAGES_KEPT: usize = 50;

struct Console<'a> {
    service: Service,
    players: [User; 2],
    locale: Locale,
    /// The bot, who may be named in commands (`/stats Reversi`).
    bot: User,
    /// The replies with controls still shown, by their number, oldest first.
    messages: Vec<(usize, Vec<Control>)>,
    /// The number the next reply with controls gets.
    next_message: usize,
    /// Who is to move in the channel's game, as the last board said.
    to_move: Option<UserId>,
    out_dir: &'a Path,
    pictures: usize,
    /// The channel commands go to: the console's own, or a tournament game's "thread".
    channel: ChannelId,
    /// The tournament games opened here, by channel, with their names, oldest first.
    threads: Vec<(ChannelId, String)>,
}

impl Console<'_> {
    fn invocation(&self, user: &User) -> Invocation {
        Invocation {
            guild: Some(GUILD),
            channel: self.channel,
            user: user.clone(),
            can_manage_guild: true,
            roles: Vec::new(),
            now: wall_clock(),
            locale: Some(self.locale),
            // The console's own server speaks the console's language.
            guild_locale: Some(self.locale),
            chat: Chat::Server,
        }
    }

    fn plain(&self, text: &Text) -> String {
        plain(text)
    }

    /// The service command a line stands for; `Ok(None)` for `/help`, a refusal for a line
    /// that cannot be read. Slash commands are read against the table of commands, as Discord's
    /// options are; a number presses a control of a reply; anything else is a move.
    fn command(&self, line: &str) -> Result<Option<Command>, Text> {
        let refused = |error: OptionError| view::errors::refusal(self.locale, &UserError::BadOption(error));
        if let Some(rest) = line.strip_prefix("/local")
            && (rest.is_empty() || rest.starts_with(char::is_whitespace))
        {
            let mut given = options::read(&format!("/challenge{rest}"), &|word| self.user(word)).map_err(refused)?;
            given.default("rated", Value::Boolean(false)).map_err(refused)?;
            return self.challenge(given).map(Some).map_err(refused);
        }
        if line.starts_with('/') {
            let given = options::read(line, &|word| self.user(word)).map_err(refused)?;
            return match given.spec.name {
                "help" => Ok(None),
                "challenge" => self.challenge(given).map(Some).map_err(refused),
                _ => options::command(&given).map(Some).map_err(refused),
            };
        }
        if let Some(press) = self.press(line) {
            return press.map(Some);
        }
        Ok(Some(Command::Move(line.to_string())))
    }

    /// A challenge at this keyboard: the other player unless another is named.
    fn challenge(&self, mut given: Given) -> Result<Command, OptionError> {
        given.default("opponent", Value::User(self.players[1].clone()))?;
        options::command(&given)
    }

    /// The player or the bot a word names: their number (1, 2) or name, in any case.
    fn user(&self, word: &str) -> Option<User> {
        let word = word.trim_start_matches('@').to_lowercase();
        let bot = &self.bot;
        let everyone = [&self.players[0], &self.players[1], bot];
        match word.as_str() {
            "1" => Some(self.players[0].clone()),
            "2" => Some(self.players[1].clone()),
            _ => everyone.into_iter().find(|user| user.name.to_lowercase() == word).cloned(),
        }
    }

    /// A press of a reply's control: `2` (the latest reply's second), `#14.2` (reply 14's), and
    /// after a menu's number the choice (`3 d3`). `None` when the line is not one.
    fn press(&self, line: &str) -> Option<Result<Command, Text>> {
        let (reference, choice) = match line.split_once(char::is_whitespace) {
            Some((reference, choice)) => (reference, Some(choice.trim())),
            None => (line, None),
        };
        let (message, control) = match reference.strip_prefix('#') {
            Some(pair) => {
                let (message, control) = pair.split_once('.')?;
                (message.parse::<usize>().ok()?, control.parse::<usize>().ok()?)
            }
            None => (self.messages.last()?.0, reference.parse::<usize>().ok()?),
        };
        let stale = || say(self.locale, "console-no-control", &Args::new().text("control", reference.to_string()));
        let Some((_, controls)) = self.messages.iter().find(|(number, _)| *number == message) else {
            return Some(Err(stale()));
        };
        let Some(pressed) = control.checked_sub(1).and_then(|index| controls.get(index)) else {
            return Some(Err(stale()));
        };
        let command = match (pressed, choice) {
            (Control::Button(id), None) => components::parse(id, &[]),
            (Control::Menu(id, values), Some(choice)) => {
                let value = values.iter().find(|value| value.eq_ignore_ascii_case(choice));
                match value {
                    Some(value) => components::parse(id, std::slice::from_ref(value)),
                    None => {
                        let args = Args::new().text("choice", choice.to_string()).text("choices", values.join(", "));
                        return Some(Err(say(self.locale, "console-no-choice", &args)));
                    }
                }
            }
            (Control::Menu(_, values), None) => {
                let args = Args::new().text("control", reference.to_string()).text("choices", values.join(", "));
                return Some(Err(say(self.locale, "console-menu-needs-choice", &args)));
            }
            (Control::Button(_), Some(_)) => return None,
        };
        Some(command.ok_or_else(stale))
    }

    /// Runs one command for whoever acts at the hot seat and shows the answer. The keyboard is
    /// shared: what one player may not do (a choice the draw gave the other, the other's turn) is
    /// done as the other player.
    async fn play(&mut self, command: Command, output: &mut impl Write) -> anyhow::Result<()> {
        let first = self.acting_player(&command);
        let mut result = self.run_as(&first, command.clone(), output).await?;
        if let Err(ServiceError::User(refusal)) = &result
            && is_someone_elses(refusal)
        {
            let other = if first.id == self.players[0].id { &self.players[1] } else { &self.players[0] };
            result = self.run_as(&other.clone(), command, output).await?;
        }
        let (reply, more) = match result {
            Ok(response) => (response.reply, (response.announcements, response.openings)),
            Err(error) => (error.reply(self.locale), Default::default()),
        };
        self.show(&reply, output)?;
        self.follow(more.0, more.1, output).await?;
        // The console is its own sweep for tournaments: the next round is paired as soon as a
        // round is over.
        let news = self.service.sweep_tournaments(wall_clock()).await?;
        self.follow(news.announcements, news.openings, output).await?;
        // And for seasons: one that ended is closed and its champions shown, once.
        let mut seasons = self.service.sweep_seasons(wall_clock()).await?;
        // And for the daily puzzle, once its hour has come.
        seasons.extend(self.service.sweep_daily_puzzles(wall_clock()).await?);
        for posted in seasons.iter().filter_map(|a| a.then) {
            self.service.posted(posted, None, wall_clock()).await?;
        }
        self.follow(seasons, Vec::new(), output).await
    }

    /// Shows what was announced, and opens each tournament game in a "thread" of its own (a
    /// channel of the console's), which commands then go to; once a thread's game is over, they
    /// go to the next thread with a game, or back to the console's own channel.
    async fn follow(
        &mut self,
        announcements: Vec<Announcement>,
        openings: Vec<Opening>,
        output: &mut impl Write,
    ) -> anyhow::Result<()> {
        for announcement in announcements {
            self.show(&announcement.reply, output)?;
        }
        for opening in openings {
            let channel = ChannelId(FIRST_THREAD + self.threads.len() as u64);
            if let Some(opened) = self.service.open_tournament_game(&opening, channel, wall_clock()).await? {
                let board = opened.board;
                self.threads.push((channel, opening.name.clone()));
                let args = Args::new().text("name", opening.name.clone());
                writeln!(output, "{}", plain(&say(self.locale, "console-thread", &args)))?;
                self.channel = channel;
                self.show(&board.reply, output)?;
            }
        }
        if self.channel != CHANNEL && !self.service.has_live_game(self.channel).await? {
            let mut next = CHANNEL;
            for (channel, _) in &self.threads {
                if self.service.has_live_game(*channel).await? {
                    next = *channel;
                    break;
                }
            }
            if next != self.channel {
                self.channel = next;
                let name = self.threads.iter().find(|(c, _)| *c == next).map(|(_, n)| n.clone());
                let line = match name {
                    Some(name) => say(self.locale, "console-thread", &Args::new().text("name", name)),
                    None => say(self.locale, "console-back", &Args::new()),
                };
                writeln!(output, "{}", plain(&line))?;
                if let Ok(response) = self.run_as(&self.players[0].clone(), Command::Board, output).await? {
                    self.show(&response.reply, output)?;
                }
            }
        }
        Ok(())
    }

    /// Runs one command as `user`, saying so when the bot takes a moment.
    async fn run_as(
        &self,
        user: &User,
        command: Command,
        output: &mut impl Write,
    ) -> anyhow::Result<Result<Response, ServiceError>> {
        let inv = self.invocation(user);
        let service = self.service.clone();
        let mut task = tokio::spawn(async move { service.handle(&inv, command).await });
        Ok(match tokio::time::timeout(THINKING_AFTER, &mut task).await {
            Ok(joined) => joined?,
            Err(_) => {
                writeln!(output, "{}", plain(&say(self.locale, "console-thinking", &Args::new())))?;
                task.await?
            }
        })
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
        let mut controls = Vec::new();
        let mut shown = Vec::new();
        for row in &reply.rows {
            match row {
                Row::Buttons(buttons) => {
                    for button in buttons.iter().filter(|b| b.style == ButtonStyle::Link) {
                        shown.push(format!("[{}: {}]", button.label, button.id));
                    }
                    for button in buttons.iter().filter(|b| b.style != ButtonStyle::Link) {
                        controls.push(Control::Button(button.id.clone()));
                        let args = Args::new().number("number", controls.len()).text("label", button.label.clone());
                        shown.push(format!("[{}]", plain(&say(self.locale, "console-press", &args))));
                    }
                }
                Row::Menu(menu) => {
                    let values: Vec<String> = menu.options.iter().map(|option| option.value.clone()).collect();
                    let labels: Vec<&str> = menu.options.iter().map(|option| option.label.as_str()).collect();
                    controls.push(Control::Menu(menu.id.clone(), values));
                    let label = format!("{}: {}", menu.placeholder, labels.join(", "));
                    let args = Args::new().number("number", controls.len()).text("label", label);
                    shown.push(format!("[{}]", plain(&say(self.locale, "console-press", &args))));
                }
            }
        }
        if !controls.is_empty() {
            let number = self.next_message;
            self.next_message += 1;
            writeln!(output, "  #{number}  {}", shown.join("  "))?;
            self.messages.push((number, controls));
            if self.messages.len() > MESSAGES_KEPT {
                self.messages.remove(0);
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

/// The console's help in `locale`: every command of the table of commands with its options, in
/// the reader's words, then the console's own lines and what the bot's levels do with their time
/// (`master_seconds` a move at level 5).
fn help(locale: Locale, master_seconds: f64) -> String {
    let own = |id: &str| words(locale, id, &Args::new());
    let mut lines: Vec<(String, String)> = Vec::new();
    for command in catalog::COMMANDS {
        lines.push((command.usage(locale), command.description(locale)));
        if command.name == "challenge" {
            lines.push((
                format!("/local {}", command.usage(locale).split_once(' ').map_or("", |(_, o)| o)),
                own("console-help-local"),
            ));
        }
        if command.name == "move" {
            lines.push(("d3".to_string(), own("console-help-move")));
        }
        if command.name == "solo" {
            lines.push(("d3 gold".to_string(), own("console-help-solo")));
        }
    }
    lines.push(("1, 2, #14.2, 3 d3".to_string(), own("console-help-button")));
    lines.push(("/quit".to_string(), own("console-help-quit")));
    let mut out = format!("{}\n", plain(&say(locale, "help-title", &Args::new())));
    for (usage, text) in lines {
        out.push_str(&format!("  {usage}\n      {text}\n"));
    }
    out.push_str(&format!("  {}\n", own("console-help-options")));
    let levels = words(locale, "help-levels-text", &Args::new().word("seconds", locale.decimal(master_seconds)));
    out.push_str(&format!("{}\n  {levels}\n", own("help-levels")));
    out.trim_end().to_string()
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
            Span::Role(id) => out.push_str(&format!("@{id}")),
            Span::Channel(id) => out.push_str(&format!("#{id}")),
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

/// The board as text: each side's disc is the first letter of its name as the reader calls it
/// (`B` and `W` for Black and White, `G` and `B` for Ravensburger's Gold and Black; `X` and `O`
/// if both begin alike), `+` a legal move, brackets round each side's last move, and whose turn
/// it is.
fn draw(sketch: &BoardSketch, locale: Locale) -> String {
    let symbols = symbols(sketch);
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
                Some(color) => symbols[color.index()],
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
    out.push_str(&format!("{} {} {black}  ·  {} {} {white}", symbols[0], sketch.sides[0], symbols[1], sketch.sides[1]));
    if let Some(color) = sketch.to_move {
        let side = format!("{} ({})", sketch.sides[color.index()], symbols[color.index()]);
        out.push_str(&format!("  ·  {}", words(locale, "console-to-move", &Args::new().text("side", side))));
        if !sketch.legal.is_empty() {
            out.push_str(&format!(" ({})", words(locale, "console-legal", &Args::new())));
        }
    }
    out
}

/// The letters the sides' discs are drawn with: their names' first letters, or `X` and `O`.
fn symbols(sketch: &BoardSketch) -> [char; 2] {
    let initial = |name: &str| name.chars().next().map(|c| c.to_uppercase().next().unwrap_or(c));
    match (initial(&sketch.sides[0]), initial(&sketch.sides[1])) {
        (Some(first), Some(second)) if first != second && first != '+' && second != '+' => [first, second],
        _ => ['X', 'O'],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_console_help_shows_every_command_with_its_options_and_what_the_levels_time_means_in_every_language() {
        for locale in Locale::ALL {
            let text = help(locale, 1.5);
            let levels = words(locale, "help-levels-text", &Args::new().word("seconds", locale.decimal(1.5)));
            assert!(text.contains(&levels) && levels.contains(if locale == Locale::English { "1.5" } else { "1,5" }));
            for command in catalog::COMMANDS {
                assert!(text.contains(&command.usage(locale)), "{} in {text}", command.usage(locale));
                assert!(text.contains(&command.description(locale)), "{}", command.name);
            }
        }
    }

    /// Values to try for an option: every choice, both ends of a range, yes and no, a player.
    fn samples(option: &catalog::OptionSpec) -> Vec<String> {
        match option.kind {
            catalog::Kind::Choice => option.choices.iter().map(|key| key.to_string()).collect(),
            catalog::Kind::Integer { min, max } => vec![min.to_string(), max.min(60).to_string()],
            catalog::Kind::Boolean => vec!["true".into(), "false".into()],
            catalog::Kind::User => vec!["1".into(), "2".into()],
            catalog::Kind::Role => vec!["77".into()],
            catalog::Kind::Text if option.name == "starts" => vec!["<t:1900000000:F>".into(), "1900000000".into()],
            catalog::Kind::Text if option.name == "position" => {
                vec!["f5d6c3".into(), "f5f6".into(), format!("{}X", crate::engine::Board::standard().to_rows())]
            }
            catalog::Kind::Text => vec!["d3".into(), "c4".into()],
        }
    }

    #[tokio::test]
    async fn every_option_of_every_command_reaches_the_service_from_the_console_in_every_language() {
        let store = Store::open("sqlite::memory:").await.expect("a store");
        let service = Service::new(
            store,
            User { id: UserId(3), name: "Reversi".into(), is_bot: true },
            ServiceOptions::default(),
        );
        let player = |number: u64| User::new(number, format!("Player {number}"));
        let console = Console {
            service,
            players: [player(1), player(2)],
            bot: User { id: UserId(3), name: "Reversi".into(), is_bot: true },
            locale: Locale::English,
            messages: Vec::new(),
            next_message: 1,
            to_move: None,
            out_dir: Path::new("."),
            pictures: 0,
            channel: CHANNEL,
            threads: Vec::new(),
        };
        for spec in catalog::COMMANDS {
            for option in spec.options {
                let mut commands = Vec::new();
                if !option.required {
                    commands.push(console.command(&format!("/{}", spec.name)));
                }
                for value in samples(option) {
                    let english = console.command(&format!("/{} {}:{value}", spec.name, option.name));
                    assert!(matches!(english, Ok(Some(_))), "/{} {}:{value}: {english:?}", spec.name, option.name);
                    for locale in Locale::ALL {
                        let line =
                            format!("/{} {}={value}", spec.localized_name(locale), spec.option_name(option, locale));
                        assert_eq!(console.command(&line), english, "{line}");
                    }
                    commands.push(english);
                }
                commands.dedup();
                let distinct: Vec<_> = commands.iter().fold(Vec::new(), |mut seen, c| {
                    if !seen.contains(&c) {
                        seen.push(c);
                    }
                    seen
                });
                assert!(distinct.len() > 1, "/{} {} changes nothing: {commands:?}", spec.name, option.name);
            }
        }
    }
}
