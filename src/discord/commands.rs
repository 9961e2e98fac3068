//! The slash commands. Each turns its options into a service `Command` and hands it to
//! `handlers::answer`; nothing here knows the rules or holds a word a player reads: the names,
//! descriptions and choices Discord shows, in every language we speak, come from the service's
//! table of commands (`service::catalog`) and the locale files, set by [`all`].

use poise::serenity_prelude as serenity;

use super::handlers::{self, Asked, command_invocation, service_user};
use super::{Context, Error};
use crate::ai::Level;
use crate::engine::Rules;
use crate::render::Theme;
use crate::service::catalog::{self, CommandSpec};
use crate::service::{BoardScope, Command, LanguageChoice, Locale, PrivacyAction, SettingsChange, SoloAction};
use crate::store::{ColorChoice, GameId, Ladder};

/// A colour as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ColorOption {
    /// Black, who moves first.
    Black,
    /// White.
    White,
    /// Decided by a coin toss.
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

/// A rule sheet as a command option, in the order of the table of commands.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum RulesOption {
    /// Othello.
    Othello,
    /// Ravensburger.
    Ravensburger,
    /// Ravensburger for children.
    RavensburgerChildren,
    /// Jacques & Sons.
    JacquesSons,
    /// BrainKing.
    BrainKing,
    /// The encyclopedia's Ravensburger start.
    RavensburgerStart,
}

/// A board size as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SizeOption {
    /// 6x6.
    Six,
    /// 8x8, standard.
    Eight,
    /// 10x10.
    Ten,
}

/// A start as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum StartOption {
    /// The cross.
    Cross,
    /// The parallel grid.
    Parallel,
    /// An empty centre.
    FreeCentre,
    /// The first player chooses.
    FirstChooses,
}

/// Which lines flip, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum FlipsOption {
    /// Every bracketed line.
    All,
    /// One line.
    OneLine,
}

/// The discs each player has, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SupplyOption {
    /// As many as needed.
    Unlimited,
    /// Half the board each, one given when out.
    Limited,
    /// Half the board each, none given.
    LimitedNoGift,
}

/// Who wins a tie, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum TieOption {
    /// A draw.
    Draw,
    /// The second player.
    Second,
    /// The first player's colour.
    Black,
    /// The second player's colour.
    White,
    /// The Japanese rule, settled when the challenge is accepted.
    Japanese,
}

/// How the score is counted, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ScoringOption {
    /// The discs.
    Discs,
    /// WOF.
    Wof,
}

/// The rule options of `/challenge` and `/bot`, as Discord sends them: each the index of its
/// choice, read through the table of commands into the service's rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct RuleOptions {
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
    start: Option<StartOption>,
    flips: Option<FlipsOption>,
    supply: Option<SupplyOption>,
    tie: Option<TieOption>,
    scoring: Option<ScoringOption>,
}

impl RuleOptions {
    /// The rules these options ask for.
    pub fn rules(self) -> Rules {
        self.choice().rules
    }

    /// The rules these options ask for, and whether the Japanese rule settles the tie and the
    /// colours.
    pub fn choice(self) -> catalog::RulesChoice {
        let indices = [
            self.rules.map(|o| o as usize),
            self.size.map(|o| o as usize),
            self.start.map(|o| o as usize),
            self.flips.map(|o| o as usize),
            self.supply.map(|o| o as usize),
            self.tie.map(|o| o as usize),
            self.scoring.map(|o| o as usize),
        ];
        let picks = catalog::rule_options()
            .iter()
            .zip(indices)
            .filter_map(|(option, index)| Some((option.name, option.choice_key(index?)?)));
        catalog::rules_choice(picks).unwrap_or(catalog::RulesChoice { rules: Rules::default(), japanese: false })
    }
}

/// Where a leaderboard counts.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ScopeOption {
    /// This server.
    Server,
    /// Everyone.
    Global,
}

/// A board theme as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ThemeOption {
    /// Green felt, black and white discs.
    Classic,
    /// Ravensburger's gold and black.
    Ravensburger,
    /// Red and blue.
    RedBlue,
    /// A dark board.
    Dark,
    /// Colours told apart by every kind of colour vision.
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

/// The language of a server's announcements as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum LanguageOption {
    /// The server's own, as Discord reports it.
    Auto,
    /// English.
    English,
    /// German.
    German,
    /// Swedish.
    Swedish,
}

impl From<LanguageOption> for LanguageChoice {
    fn from(option: LanguageOption) -> LanguageChoice {
        match option {
            LanguageOption::Auto => LanguageChoice::Server,
            LanguageOption::English => LanguageChoice::Fixed(Locale::English),
            LanguageOption::German => LanguageChoice::Fixed(Locale::German),
            LanguageOption::Swedish => LanguageChoice::Fixed(Locale::Swedish),
        }
    }
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

/// `/challenge`. Poise takes each option as an argument, hence their number.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, guild_only)]
pub async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    color: Option<ColorOption>,
    rated: Option<bool>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
    start: Option<StartOption>,
    flips: Option<FlipsOption>,
    supply: Option<SupplyOption>,
    tie: Option<TieOption>,
    scoring: Option<ScoringOption>,
) -> Result<(), Error> {
    let choice = RuleOptions { rules, size, start, flips, supply, tie, scoring }.choice();
    let color = if choice.japanese { ColorChoice::Japanese } else { color.unwrap_or(ColorOption::Random).into() };
    let command = Command::Challenge {
        opponent: opponent.as_ref().map(option_user),
        color,
        rated: rated.unwrap_or(true),
        rules: choice.rules,
    };
    respond(ctx, command).await
}

/// `/bot`. Poise takes each option as an argument, hence their number.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command, rename = "bot")]
pub async fn bot_game(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 5]
    level: Option<u8>,
    color: Option<ColorOption>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
    start: Option<StartOption>,
    flips: Option<FlipsOption>,
    supply: Option<SupplyOption>,
    tie: Option<TieOption>,
    scoring: Option<ScoringOption>,
) -> Result<(), Error> {
    let choice = RuleOptions { rules, size, start, flips, supply, tie, scoring }.choice();
    let color = if choice.japanese { ColorChoice::Japanese } else { color.unwrap_or(ColorOption::Black).into() };
    let command = Command::PlayBot { level: level.and_then(Level::new), color, rules: choice.rules };
    respond(ctx, command).await
}

async fn complete_square(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let poise::Context::Application(app) = ctx else { return serenity::CreateAutocompleteResponse::new() };
    let inv = command_invocation(app.interaction);
    let moves = ctx.data().service.legal_moves_matching(&inv, partial).await.unwrap_or_default();
    let choices = moves.into_iter().map(serenity::AutocompleteChoice::from).collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// `/move`.
#[poise::command(slash_command, rename = "move")]
pub async fn play(ctx: Context<'_>, #[autocomplete = "complete_square"] square: String) -> Result<(), Error> {
    respond(ctx, Command::Move(square)).await
}

/// `/board`.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Board).await
}

/// `/resign`.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Resign).await
}

/// `/leaderboard`.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    scope: Option<ScopeOption>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
) -> Result<(), Error> {
    let scope = match scope.unwrap_or(ScopeOption::Server) {
        ScopeOption::Server => BoardScope::Server,
        ScopeOption::Global => BoardScope::Global,
    };
    let ladder = Ladder::of(&RuleOptions { rules, size, ..RuleOptions::default() }.rules());
    respond(ctx, Command::Leaderboard(scope, ladder)).await
}

/// `/stats`.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
) -> Result<(), Error> {
    let ladder = Ladder::of(&RuleOptions { rules, size, ..RuleOptions::default() }.rules());
    respond(ctx, Command::Stats(player.as_ref().map(option_user), ladder)).await
}

/// `/history`.
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    respond(ctx, Command::History(player.as_ref().map(option_user))).await
}

/// `/export`.
#[poise::command(slash_command)]
pub async fn export(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    respond(ctx, Command::Export(game.map(GameId))).await
}

/// `/review`.
#[poise::command(slash_command)]
pub async fn review(ctx: Context<'_>, game: Option<i64>) -> Result<(), Error> {
    respond(ctx, Command::Review(game.map(GameId))).await
}

/// `/analyze`.
#[poise::command(slash_command)]
pub async fn analyze(
    ctx: Context<'_>,
    transcript: Option<String>,
    game: Option<i64>,
    #[rename = "move"]
    #[min = 0]
    #[max = 100]
    moves: Option<i64>,
) -> Result<(), Error> {
    let moves = moves.and_then(|m| usize::try_from(m).ok());
    respond(ctx, Command::Analyze { game: game.map(GameId), moves, transcript }).await
}

/// What `/solo` does, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SoloOption {
    /// A new deal.
    New,
    /// The day's deal.
    Daily,
    /// A hint.
    Hint,
    /// Stop.
    Stop,
    /// The day's tables.
    Table,
}

/// `/solo`: Reiner Knizia's solo game.
#[poise::command(slash_command)]
pub async fn solo(
    ctx: Context<'_>,
    action: Option<SoloOption>,
    #[min = 0]
    #[max = 999_999_999]
    seed: Option<u64>,
) -> Result<(), Error> {
    let action = match action.unwrap_or(SoloOption::New) {
        SoloOption::New => SoloAction::New(seed),
        SoloOption::Daily => SoloAction::Daily,
        SoloOption::Hint => SoloAction::Hint,
        SoloOption::Stop => SoloAction::Stop,
        SoloOption::Table => SoloAction::Table,
    };
    respond(ctx, Command::Solo(action)).await
}

/// `/help`.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond(ctx, Command::Help).await
}

/// `/settings`: everyone sees them; changing them needs Manage Server (the service checks).
#[poise::command(slash_command, guild_only)]
pub async fn settings(
    ctx: Context<'_>,
    typed_moves: Option<bool>,
    #[max = 720] deadline_hours: Option<u32>,
    theme: Option<ThemeOption>,
    #[min = 1]
    #[max = 5]
    bot_level: Option<u8>,
    language: Option<LanguageOption>,
) -> Result<(), Error> {
    let change = SettingsChange {
        typed_moves,
        deadline_hours,
        theme: theme.map(Theme::from),
        bot_level: bot_level.and_then(Level::new),
        language: language.map(LanguageChoice::from),
    };
    respond(ctx, Command::Settings(change)).await
}

/// What `/privacy` does, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum PrivacyOption {
    /// A copy of the caller's data.
    Export,
    /// Its deletion.
    Delete,
}

/// `/privacy`: the caller's data, answered to them alone (in a server or a direct message).
#[poise::command(slash_command)]
pub async fn privacy(ctx: Context<'_>, action: PrivacyOption) -> Result<(), Error> {
    let action = match action {
        PrivacyOption::Export => PrivacyAction::Export,
        PrivacyOption::Delete => PrivacyAction::Delete,
    };
    respond(ctx, Command::Privacy(action)).await
}

/// Every command, for registration, with the names, descriptions and choices Discord shows in
/// every language we speak.
pub fn all() -> Vec<poise::Command<super::Data, Error>> {
    let mut commands = vec![
        challenge(),
        bot_game(),
        play(),
        board(),
        resign(),
        leaderboard(),
        stats(),
        history(),
        export(),
        review(),
        analyze(),
        solo(),
        help(),
        settings(),
        privacy(),
    ];
    for command in &mut commands {
        if let Some(spec) = CommandSpec::named(&command.name) {
            localize(command, spec);
        }
    }
    commands
}

/// The other languages Discord shows our commands in (English is the default).
const TRANSLATED: [Locale; 2] = [Locale::German, Locale::Swedish];

/// Gives a command its words from the table of commands and the locale files.
fn localize(command: &mut poise::Command<super::Data, Error>, spec: &CommandSpec) {
    command.description = Some(spec.description(Locale::English).into());
    command.name_localizations =
        TRANSLATED.iter().map(|l| (l.tag().into(), spec.localized_name(*l).into())).collect::<Vec<_>>().into();
    command.description_localizations =
        TRANSLATED.iter().map(|l| (l.tag().into(), spec.description(*l).into())).collect::<Vec<_>>().into();
    for parameter in &mut command.parameters {
        let Some(option) = spec.options.iter().find(|o| o.name == parameter.name) else { continue };
        parameter.description = Some(spec.option_description(option, Locale::English).into());
        parameter.name_localizations =
            TRANSLATED.iter().map(|l| (l.tag().into(), spec.option_name(option, *l).into())).collect::<Vec<_>>().into();
        parameter.description_localizations = TRANSLATED
            .iter()
            .map(|l| (l.tag().into(), spec.option_description(option, *l).into()))
            .collect::<Vec<_>>()
            .into();
        let choices: Vec<poise::CommandParameterChoice> = parameter
            .choices
            .iter()
            .zip(option.choices)
            .map(|(choice, key)| {
                let mut choice = choice.clone();
                choice.name = option.choice_label(key, Locale::English).into();
                choice.localizations = TRANSLATED
                    .iter()
                    .map(|l| (l.tag().into(), option.choice_label(key, *l).into()))
                    .collect::<Vec<_>>()
                    .into();
                choice
            })
            .collect();
        parameter.choices = choices.into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::catalog::COMMANDS;

    #[test]
    fn the_registered_commands_are_exactly_the_table_of_commands() {
        let registered = all();
        let names: Vec<&str> = registered.iter().map(|c| c.name.as_ref()).collect();
        let table: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        assert_eq!(names, table, "the same commands in the same order");
        for (command, spec) in registered.iter().zip(COMMANDS) {
            let options: Vec<&str> = command.parameters.iter().map(|p| p.name.as_ref()).collect();
            let expected: Vec<&str> = spec.options.iter().map(|o| o.name).collect();
            assert_eq!(options, expected, "/{}", spec.name);
            for (parameter, option) in command.parameters.iter().zip(spec.options) {
                assert_eq!(parameter.choices.len(), option.choices.len(), "/{} {}", spec.name, option.name);
                assert!(parameter.description.as_deref().is_some_and(|d| !d.is_empty()));
            }
            assert!(command.description.as_deref().is_some_and(|d| !d.is_empty()));
            assert_eq!(command.name_localizations.len(), 2, "/{} in German and Swedish", spec.name);
        }
    }
}
