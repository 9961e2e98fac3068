//! `reversi-bot console`: the same service in a terminal, to try the bot without Discord. Two
//! players share the keyboard (hot seat) or one plays the bot; the board is printed as text after
//! each move and every picture is written to a folder.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use crate::ai::Level;
use crate::engine::Rules;
use crate::service::{
    BoardScope, Command, Invocation, Reply, Row, Service, ServiceOptions, User, components, wall_clock,
};
use crate::store::Queries;
use crate::store::{ChannelId, ColorChoice, Store, UserId};

const CHANNEL: ChannelId = ChannelId(1);
const HELP: &str = "\
Commands:
  /bot [level 1-5] [black|white]   play the bot (default: level 3, you play black)
  /local                           two players at this keyboard
  d3                               play a move (the player to move plays it)
  /board  /resign  /export  /leaderboard  /stats  /history  /help  /quit
  1, 2, ...                        press the numbered button of the last reply";

/// Runs the console on `input`/`output`, writing pictures under `out_dir`.
pub async fn run(
    store: Store,
    options: ServiceOptions,
    out_dir: &Path,
    input: impl BufRead,
    mut output: impl Write,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    let players = [User::new(1, "Player 1"), User::new(2, "Player 2")];
    let bot = User { id: UserId(3), name: "Reversi".into(), is_bot: true };
    let service = Service::new(store, bot, options);
    let mut buttons: Vec<String> = Vec::new();
    let mut pictures = 0usize;
    writeln!(output, "reversi-bot console. {HELP}")?;
    for line in input.lines() {
        let line = line?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if text == "/quit" || text == "/exit" {
            break;
        }
        let mut words = text.split_whitespace();
        let head = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        let command = match head {
            "/help" => {
                writeln!(output, "{HELP}")?;
                continue;
            }
            "/bot" => {
                let level = rest.iter().find_map(|w| w.parse().ok().and_then(Level::new)).or_else(|| Level::new(3));
                let color = if rest.contains(&"white") { ColorChoice::White } else { ColorChoice::Black };
                Command::PlayBot { level: level.unwrap_or(Level::MAX), color, rules: Rules::default() }
            }
            "/local" => Command::Challenge {
                opponent: Some(players[1].clone()),
                color: ColorChoice::Black,
                rated: false,
                rules: Rules::default(),
            },
            "/board" => Command::Board,
            "/resign" => Command::Resign,
            "/export" => Command::Export(None),
            "/leaderboard" => Command::Leaderboard(BoardScope::Global),
            "/stats" => Command::Stats(None),
            "/history" => Command::History(None),
            number if number.parse::<usize>().is_ok_and(|n| (1..=buttons.len()).contains(&n)) => {
                let index = number.parse::<usize>().unwrap_or(1) - 1;
                match components::parse(&buttons[index], &[]) {
                    Some(command) => command,
                    None => continue,
                }
            }
            other if other.starts_with('/') => {
                writeln!(output, "Unknown command {other}. {HELP}")?;
                continue;
            }
            _ => Command::Move(text.to_string()),
        };
        let user = acting_player(&service, &players, &command).await?;
        let inv = Invocation { guild: None, channel: CHANNEL, user, can_manage_guild: true, now: wall_clock() };
        let reply = match service.handle(&inv, command).await {
            Ok(response) => response.reply,
            Err(error) => error.reply(),
        };
        buttons = print_reply(&reply, &mut output)?;
        for file in &reply.files {
            pictures += 1;
            let path: PathBuf = out_dir.join(format!("{pictures:04}-{}", file.name));
            std::fs::write(&path, &file.bytes)?;
            writeln!(output, "(wrote {})", path.display())?;
        }
        if let Some(record) = service.store().live_game_in(CHANNEL).await? {
            let game = crate::engine::Game::from_transcript(record.rules, &record.moves)?;
            writeln!(output, "{}", game.board())?;
        }
    }
    Ok(())
}

/// Who acts at the hot seat: the player to move for moves and resignations, the challenged
/// player to accept, otherwise player 1.
async fn acting_player(service: &Service, players: &[User; 2], command: &Command) -> anyhow::Result<User> {
    if let Command::Accept(_) | Command::Decline(_) = command {
        return Ok(players[1].clone());
    }
    if let Some(record) = service.store().live_game_in(CHANNEL).await? {
        let game = crate::engine::Game::from_transcript(record.rules, &record.moves)?;
        if let Some(color) = game.to_move() {
            let id = record.player(color);
            if let Some(p) = players.iter().find(|p| p.id == id) {
                return Ok(p.clone());
            }
        }
    }
    Ok(players[0].clone())
}

/// Prints a reply as text and returns the custom ids of its buttons, numbered from 1.
fn print_reply(reply: &Reply, output: &mut impl Write) -> anyhow::Result<Vec<String>> {
    writeln!(output, "{}", reply.plain_text().replace("**", ""))?;
    let mut ids = Vec::new();
    for row in &reply.rows {
        if let Row::Buttons(buttons) = row {
            for button in buttons {
                ids.push(button.id.clone());
                writeln!(output, "  [{}] {}", ids.len(), button.label)?;
            }
        }
    }
    Ok(ids)
}
