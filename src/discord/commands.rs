//! The slash commands. Each turns its options into a service `Command` and hands it to
//! [`super::respond`]; nothing here knows the rules.

use poise::serenity_prelude as serenity;

use super::handlers::{self, Asked, command_invocation, service_user};
use super::{Context, Error};
use crate::ai::Level;
use crate::engine::{BoardSize, FlipMode, Rules, Start, TieRule};
use crate::render::Theme;
use crate::service::{BoardScope, Command, SettingsChange};
use crate::store::{ColorChoice, GameId};

/// A colour as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ColorOption {
    /// Black, who moves first.
    #[name = "black"]
    Black,
    /// White.
    #[name = "white"]
    White,
    /// Decided by a coin toss.
    #[name = "random"]
    Random,
}

impl From<ColorOption> for ColorChoice {
    fn from(option: ColorOption) -> ColorChoice {
        match option {
            ColorOption::Black => ColorChoice::Black,
            ColorOption::White => ColorChoice::White,
            ColorOption::Random => ColorChoice::Random,
        }
    }
}

/// A board size as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SizeOption {
    /// 6x6.
    #[name = "6x6"]
    Six,
    /// 8x8, standard.
    #[name = "8x8"]
    Eight,
    /// 10x10.
    #[name = "10x10"]
    Ten,
}

/// A rule variant as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum VariantOption {
    /// Standard Othello.
    #[name = "othello"]
    Othello,
    /// Ravensburger Reversi: 32 discs each, a tie goes to the second player.
    #[name = "ravensburger"]
    Ravensburger,
    /// Only one bracketed line flips; the mover chooses it.
    #[name = "one-line flips"]
    OneLine,
    /// The board starts empty and the first four discs fill the centre.
    #[name = "free centre"]
    FreeCentre,
    /// World Othello Federation scoring: empty squares go to the winner.
    #[name = "wof scoring"]
    Wof,
    /// A tie counts as a win for black (Japanese tournament rule).
    #[name = "tie to black"]
    TieBlack,
}

/// The rules for a size and a variant.
pub fn rules_for(size: Option<SizeOption>, variant: Option<VariantOption>) -> Rules {
    let size = match size.unwrap_or(SizeOption::Eight) {
        SizeOption::Six => BoardSize::Six,
        SizeOption::Eight => BoardSize::Eight,
        SizeOption::Ten => BoardSize::Ten,
    };
    let base = Rules { size, ..Rules::default() };
    match variant.unwrap_or(VariantOption::Othello) {
        VariantOption::Othello => base,
        VariantOption::Ravensburger => Rules { size: base.size, ..Rules::ravensburger() },
        VariantOption::OneLine => Rules { flips: FlipMode::OneLine, ..base },
        VariantOption::FreeCentre => Rules { start: Start::FreeCentre, ..base },
        VariantOption::Wof => Rules { scoring: crate::engine::Scoring::Wof, ..base },
        VariantOption::TieBlack => Rules { tie: TieRule::Counts(crate::engine::Color::Black), ..base },
    }
}

/// Where a leaderboard counts.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ScopeOption {
    /// This server.
    #[name = "server"]
    Server,
    /// Everyone.
    #[name = "global"]
    Global,
}

/// Challenge a member (or anyone, without an opponent) to a game in this channel.
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to challenge (leave empty for an open challenge)"] opponent: Option<serenity::User>,
    #[description = "Your colour (default: random)"] color: Option<ColorOption>,
    #[description = "Whether the game counts for ratings (default: yes)"] rated: Option<bool>,
    #[description = "Board size (default: 8x8)"] size: Option<SizeOption>,
    #[description = "Rule variant (default: Othello)"] variant: Option<VariantOption>,
) -> Result<(), Error> {
    let command = Command::Challenge {
        opponent: opponent.as_ref().map(option_user),
        color: color.unwrap_or(ColorOption::Random).into(),
        rated: rated.unwrap_or(true),
        rules: rules_for(size, variant),
    };
    respond(ctx, command).await
}

/// Play against the bot in this channel.
#[poise::command(slash_command, rename = "bot")]
pub async fn bot_game(
    ctx: Context<'_>,
    #[description = "1 (beginner) to 5 (master); default 3"]
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
    #[description = "Your colour (default: black)"] color: Option<ColorOption>,
    #[description = "Board size (default: 8x8)"] size: Option<SizeOption>,
    #[description = "Rule variant (default: Othello)"] variant: Option<VariantOption>,
) -> Result<(), Error> {
    let level = level.and_then(Level::new).or_else(|| Level::new(3)).unwrap_or(Level::MAX);
    let command =
        Command::PlayBot { level, color: color.unwrap_or(ColorOption::Black).into(), rules: rules_for(size, variant) };
    respond(ctx, command).await
}

/// Runs a command through the service and answers the slash command.
async fn respond(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    if let poise::Context::Application(app) = ctx {
        let inv = command_invocation(app.interaction);
        handlers::answer(ctx.serenity_context(), ctx.data(), Asked::Command(app.interaction), inv, command).await;
    }
    Ok(())
}

/// A user named in a command option, under the name Discord shows.
fn option_user(user: &serenity::User) -> crate::service::User {
    service_user(user, None)
}

async fn complete_square(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let poise::Context::Application(app) = ctx else { return serenity::CreateAutocompleteResponse::new() };
    let inv = command_invocation(app.interaction);
    let moves = ctx.data().service.legal_moves_matching(&inv, partial).await.unwrap_or_default();
    let choices = moves.into_iter().map(serenity::AutocompleteChoice::from).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Play a move, such as d3.
#[poise::command(slash_command, rename = "move")]
pub async fn play(
    ctx: Context<'_>,
    #[description = "The square, such as d3"]
    #[autocomplete = "complete_square"]
    square: String,
) -> Result<(), Error> {
    respond(ctx, Command::Move(square)).await
}

/// Show this channel's game again.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Board).await
}

/// Resign this channel's game (you will be asked to confirm).
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Resign).await
}

/// The leaderboard of this server or of everyone.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "server (default) or global"] scope: Option<ScopeOption>,
) -> Result<(), Error> {
    let scope = match scope.unwrap_or(ScopeOption::Server) {
        ScopeOption::Server => BoardScope::Server,
        ScopeOption::Global => BoardScope::Global,
    };
    respond(ctx, Command::Leaderboard(scope)).await
}

/// A player's rating, record and head-to-head with you.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    respond(ctx, Command::Stats(player.as_ref().map(option_user))).await
}

/// A player's recent games, with their ids.
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Whose games (default: yours)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    respond(ctx, Command::History(player.as_ref().map(option_user))).await
}

/// A game's transcript, GGF file and replay.
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "The game id (default: this channel's latest game)"] game: Option<i64>,
) -> Result<(), Error> {
    respond(ctx, Command::Export(game.map(GameId))).await
}

/// How to play, the rules and the commands.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Help).await
}

/// A board theme as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ThemeOption {
    /// Green felt, black and white discs.
    #[name = "classic"]
    Classic,
    /// Ravensburger's gold and black.
    #[name = "ravensburger"]
    Ravensburger,
    /// Red and blue.
    #[name = "red/blue"]
    RedBlue,
    /// A dark board.
    #[name = "dark"]
    Dark,
    /// Colours told apart by every kind of colour vision.
    #[name = "colour-blind safe"]
    ColorBlind,
}

impl From<ThemeOption> for Theme {
    fn from(option: ThemeOption) -> Theme {
        match option {
            ThemeOption::Classic => Theme::Classic,
            ThemeOption::Ravensburger => Theme::Ravensburger,
            ThemeOption::RedBlue => Theme::RedBlue,
            ThemeOption::Dark => Theme::Dark,
            ThemeOption::ColorBlind => Theme::ColorBlind,
        }
    }
}

/// Show this server's settings, and change them (Manage Server).
#[poise::command(slash_command, guild_only, default_member_permissions = "MANAGE_GUILD")]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Let plain messages such as d3 be moves"] typed_moves: Option<bool>,
    #[description = "Hours per move before losing on time (0: no deadline)"]
    #[max = 720]
    deadline_hours: Option<u32>,
    #[description = "The board theme"] theme: Option<ThemeOption>,
    #[description = "The bot's level when none is given"]
    #[min = 1]
    #[max = 5]
    bot_level: Option<u8>,
) -> Result<(), Error> {
    let change = SettingsChange {
        typed_moves,
        deadline_hours,
        theme: theme.map(Theme::from),
        bot_level: bot_level.and_then(Level::new),
    };
    respond(ctx, Command::Settings(change)).await
}

/// Every command, for registration.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    vec![
        challenge(),
        bot_game(),
        play(),
        board(),
        resign(),
        leaderboard(),
        stats(),
        history(),
        export(),
        help(),
        settings(),
    ]
}
