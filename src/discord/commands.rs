//! The slash commands. Each turns its options into a service `Command` and hands it to
//! `handlers::answer`; nothing here knows the rules or holds a word a player reads: the names,
//! descriptions and choices Discord shows, in every language we speak, come from the service's
//! table of commands (`service::catalog`) and the locale files, set by [`all`].

use poise::serenity_prelude as serenity;

use super::handlers::{self, Asked, command_invocation, service_user};
use super::{Context, Error};
use crate::service::catalog::{CommandSpec, Offered};
use crate::service::options::{self, Given, OptionError, Value};
use crate::service::{Command, Locale};

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
    /// Gives these options to a command, each the choice at its index in the table.
    fn give(self, given: &mut Given) -> Result<(), OptionError> {
        given.set_choice_index("rules", self.rules.map(|o| o as usize))?;
        given.set_choice_index("size", self.size.map(|o| o as usize))?;
        given.set_choice_index("start", self.start.map(|o| o as usize))?;
        given.set_choice_index("flips", self.flips.map(|o| o as usize))?;
        given.set_choice_index("supply", self.supply.map(|o| o as usize))?;
        given.set_choice_index("tie", self.tie.map(|o| o as usize))?;
        given.set_choice_index("scoring", self.scoring.map(|o| o as usize))
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

/// Leaderboard seasons as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum SeasonOption {
    /// No seasons.
    Off,
    /// A season a calendar month.
    Monthly,
    /// A season a calendar quarter.
    Quarterly,
}

/// Where the daily puzzle goes, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum DailyPuzzleOption {
    /// In the channel where it is set.
    Here,
    /// Nowhere.
    Off,
}

/// Whether a server is on the web, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum WebOption {
    /// No pages.
    Off,
    /// Open pages, listed on players' pages.
    Public,
    /// Pages for those given their links.
    LinkOnly,
}

/// What `/puzzle` does, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum PuzzleOption {
    /// The next puzzle.
    Next,
    /// A streak.
    Streak,
    /// The hint.
    Hint,
    /// Give up.
    GiveUp,
    /// The caller's stats.
    Stats,
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
fn option_user(user: &serenity::User) -> Value {
    Value::User(service_user(user, None))
}

/// Runs the command Discord's options stand for, read through the table of commands (the same
/// reading as the console's), or refuses them with the option's name and what it takes.
async fn respond_given(ctx: Context<'_>, given: Result<Given, OptionError>) -> Result<(), Error> {
    match given.and_then(|given| options::command(&given)) {
        Ok(command) => respond(ctx, command).await,
        Err(error) => {
            if let poise::Context::Application(app) = ctx {
                let inv = command_invocation(app.interaction);
                handlers::refuse(ctx.serenity_context(), ctx.data(), Asked::Command(app.interaction), &inv, error)
                    .await;
            }
            Ok(())
        }
    }
}

/// `/challenge`. Poise takes each option as an argument, hence their number.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    color: Option<ColorOption>,
    rated: Option<bool>,
    private: Option<bool>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
    start: Option<StartOption>,
    flips: Option<FlipsOption>,
    supply: Option<SupplyOption>,
    tie: Option<TieOption>,
    scoring: Option<ScoringOption>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("challenge")?;
        given.set_some("opponent", opponent.as_ref().map(option_user))?;
        given.set_choice_index("color", color.map(|o| o as usize))?;
        given.set_some("rated", rated.map(Value::Boolean))?;
        given.set_some("private", private.map(Value::Boolean))?;
        RuleOptions { rules, size, start, flips, supply, tie, scoring }.give(&mut given)?;
        Ok(given)
    })();
    respond_given(ctx, given).await
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
    let given = (|| {
        let mut given = Given::new("bot")?;
        given.set_some("level", level.map(|n| Value::Integer(n.into())))?;
        given.set_choice_index("color", color.map(|o| o as usize))?;
        RuleOptions { rules, size, start, flips, supply, tie, scoring }.give(&mut given)?;
        Ok(given)
    })();
    respond_given(ctx, given).await
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
    let given = Given::new("move").and_then(|mut given| given.set("square", Value::Text(square)).map(|()| given));
    respond_given(ctx, given).await
}

/// `/board`.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    respond_given(ctx, Given::new("board")).await
}

/// `/resign`.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    respond_given(ctx, Given::new("resign")).await
}

/// `/takeback`.
#[poise::command(slash_command)]
pub async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    respond_given(ctx, Given::new("takeback")).await
}

/// `/games`.
#[poise::command(slash_command)]
pub async fn games(ctx: Context<'_>) -> Result<(), Error> {
    respond_given(ctx, Given::new("games")).await
}

/// `/watch`.
#[poise::command(slash_command)]
pub async fn watch(ctx: Context<'_>, #[min = 1] game: i64) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("watch")?;
        given.set("game", Value::Integer(game))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
}

/// `/notify`.
#[poise::command(slash_command)]
pub async fn notify(ctx: Context<'_>, turns: Option<bool>) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("notify")?;
        given.set_some("turns", turns.map(Value::Boolean))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
}

/// `/leaderboard`.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    scope: Option<ScopeOption>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
    season: Option<String>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("leaderboard")?;
        given.set_choice_index("scope", scope.map(|o| o as usize))?;
        RuleOptions { rules, size, ..RuleOptions::default() }.give(&mut given)?;
        given.set_some("season", season.map(Value::Text))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
}

/// `/stats`.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    player: Option<serenity::User>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("stats")?;
        given.set_some("player", player.as_ref().map(option_user))?;
        RuleOptions { rules, size, ..RuleOptions::default() }.give(&mut given)?;
        Ok(given)
    })();
    respond_given(ctx, given).await
}

/// `/history`.
#[poise::command(slash_command)]
pub async fn history(ctx: Context<'_>, player: Option<serenity::User>) -> Result<(), Error> {
    let given = Given::new("history")
        .and_then(|mut given| given.set_some("player", player.as_ref().map(option_user)).map(|()| given));
    respond_given(ctx, given).await
}

/// `/export`.
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[min = 1] game: Option<i64>,
    #[min = 1] tournament: Option<i64>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("export")?;
        given.set_some("game", game.map(Value::Integer))?;
        given.set_some("tournament", tournament.map(Value::Integer))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
}

/// `/review`.
#[poise::command(slash_command)]
pub async fn review(ctx: Context<'_>, #[min = 1] game: Option<i64>) -> Result<(), Error> {
    let given =
        Given::new("review").and_then(|mut given| given.set_some("game", game.map(Value::Integer)).map(|()| given));
    respond_given(ctx, given).await
}

/// `/analyze`.
#[poise::command(slash_command)]
pub async fn analyze(
    ctx: Context<'_>,
    position: Option<String>,
    #[min = 1] game: Option<i64>,
    #[rename = "move"]
    #[min = 0]
    #[max = 100]
    moves: Option<i64>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("analyze")?;
        given.set_some("position", position.map(Value::Text))?;
        given.set_some("game", game.map(Value::Integer))?;
        given.set_some("move", moves.map(Value::Integer))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
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
    seed: Option<i64>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("solo")?;
        given.set_choice_index("action", action.map(|o| o as usize))?;
        given.set_some("seed", seed.map(Value::Integer))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
}

/// `/puzzle`: puzzles proven by the solver.
#[poise::command(slash_command)]
pub async fn puzzle(
    ctx: Context<'_>,
    action: Option<PuzzleOption>,
    #[min = 1]
    #[max = 1_000_000]
    number: Option<i64>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("puzzle")?;
        given.set_choice_index("action", action.map(|o| o as usize))?;
        given.set_some("number", number.map(Value::Integer))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
}

/// `/help`.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    respond_given(ctx, Given::new("help")).await
}

/// `/settings`: everyone sees them; changing them needs Manage Server (the service checks).
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn settings(
    ctx: Context<'_>,
    typed_moves: Option<bool>,
    #[max = 720] deadline_hours: Option<u32>,
    theme: Option<ThemeOption>,
    #[min = 1]
    #[max = 5]
    bot_level: Option<u8>,
    bot_takebacks: Option<bool>,
    language: Option<LanguageOption>,
    organiser_role: Option<serenity::Role>,
    season: Option<SeasonOption>,
    daily_puzzle: Option<DailyPuzzleOption>,
    #[max = 23] puzzle_hour: Option<u8>,
    web: Option<WebOption>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("settings")?;
        given.set_some("typed_moves", typed_moves.map(Value::Boolean))?;
        given.set_some("deadline_hours", deadline_hours.map(|n| Value::Integer(n.into())))?;
        given.set_choice_index("theme", theme.map(|o| o as usize))?;
        given.set_some("bot_level", bot_level.map(|n| Value::Integer(n.into())))?;
        given.set_some("bot_takebacks", bot_takebacks.map(Value::Boolean))?;
        given.set_choice_index("language", language.map(|o| o as usize))?;
        given.set_some("organiser_role", organiser_role.map(|r| Value::Role(r.id.get())))?;
        given.set_choice_index("season", season.map(|o| o as usize))?;
        given.set_choice_index("daily_puzzle", daily_puzzle.map(|o| o as usize))?;
        given.set_some("puzzle_hour", puzzle_hour.map(|n| Value::Integer(n.into())))?;
        given.set_choice_index("web", web.map(|o| o as usize))?;
        Ok(given)
    })();
    respond_given(ctx, given).await
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
    let given = Given::new("privacy")
        .and_then(|mut given| given.set_choice_index("action", Some(action as usize)).map(|()| given));
    respond_given(ctx, given).await
}

/// What `/tournament` does, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum TournamentActionOption {
    /// The server's tournaments.
    List,
    /// Announce one.
    Create,
    /// Enter one.
    Join,
    /// Leave one before it starts.
    Leave,
    /// Start one.
    Start,
    /// Its standings.
    Standings,
    /// Withdraw.
    Withdraw,
    /// Set a result.
    Result,
    /// Pause.
    Pause,
    /// Resume.
    Resume,
    /// Call off.
    Cancel,
}

/// A tournament's format, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum FormatOption {
    /// Swiss.
    Swiss,
    /// Round robin.
    RoundRobin,
    /// Double round robin.
    DoubleRoundRobin,
    /// Knockout.
    Knockout,
}

/// A result an organiser sets, as a command option.
#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum ResultOption {
    /// The player won.
    Win,
    /// The player lost.
    Loss,
    /// A draw.
    Draw,
}

/// `/tournament`: the server's tournaments (creating one needs Manage Server; the service checks).
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
pub async fn tournament(
    ctx: Context<'_>,
    action: Option<TournamentActionOption>,
    #[min = 1] id: Option<i64>,
    #[max_length = 100] name: Option<String>,
    format: Option<FormatOption>,
    #[min = 1]
    #[max = 15]
    rounds: Option<i64>,
    rated: Option<bool>,
    #[min = 2]
    #[max = 64]
    max_players: Option<i64>,
    #[min = 1]
    #[max = 10_080]
    move_minutes: Option<i64>,
    #[min = 1]
    #[max = 720]
    round_hours: Option<i64>,
    #[max_length = 100] starts: Option<String>,
    #[min = 1]
    #[max = 5]
    bot_level: Option<i64>,
    player: Option<serenity::User>,
    result: Option<ResultOption>,
    rules: Option<RulesOption>,
    size: Option<SizeOption>,
) -> Result<(), Error> {
    let given = (|| {
        let mut given = Given::new("tournament")?;
        given.set_choice_index("action", action.map(|o| o as usize))?;
        given.set_some("id", id.map(Value::Integer))?;
        given.set_some("name", name.map(Value::Text))?;
        given.set_choice_index("format", format.map(|o| o as usize))?;
        given.set_some("rounds", rounds.map(Value::Integer))?;
        given.set_some("rated", rated.map(Value::Boolean))?;
        given.set_some("max_players", max_players.map(Value::Integer))?;
        given.set_some("move_minutes", move_minutes.map(Value::Integer))?;
        given.set_some("round_hours", round_hours.map(Value::Integer))?;
        given.set_some("starts", starts.map(Value::Text))?;
        given.set_some("bot_level", bot_level.map(Value::Integer))?;
        given.set_some("player", player.as_ref().map(option_user))?;
        given.set_choice_index("result", result.map(|o| o as usize))?;
        RuleOptions { rules, size, ..RuleOptions::default() }.give(&mut given)?;
        Ok(given)
    })();
    respond_given(ctx, given).await
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
        takeback(),
        games(),
        watch(),
        notify(),
        leaderboard(),
        stats(),
        history(),
        export(),
        review(),
        analyze(),
        solo(),
        puzzle(),
        help(),
        settings(),
        privacy(),
        tournament(),
    ];
    for command in &mut commands {
        if let Some(spec) = CommandSpec::named(&command.name) {
            localize(command, spec);
            offer(command, spec);
        }
    }
    commands
}

/// Offers a command in the kinds of chat the table of commands names: a server's, the bot's DM
/// (both with the app installed to the server), and group DMs and other DMs, which need the app
/// installed to the user; a command offered outside servers may be installed either way.
fn offer(command: &mut poise::Command<super::Data, Error>, spec: &CommandSpec) {
    let offered = spec.offered();
    command.interaction_context = Some(
        offered
            .iter()
            .map(|place| match place {
                Offered::Server => serenity::InteractionContext::Guild,
                Offered::BotDm => serenity::InteractionContext::BotDm,
                Offered::Private => serenity::InteractionContext::PrivateChannel,
            })
            .collect(),
    );
    command.install_context = Some(if offered == [Offered::Server] {
        vec![serenity::InstallationContext::Guild]
    } else {
        vec![serenity::InstallationContext::Guild, serenity::InstallationContext::User]
    });
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
    use crate::service::catalog::{COMMANDS, Kind, MAX_ID};

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
                let at = format!("/{} {}", spec.name, option.name);
                assert_eq!(parameter.choices.len(), option.choices.len(), "{at}");
                assert_eq!(parameter.required, option.required, "{at}");
                // The type Discord is told, and its range, are the table's.
                let set = parameter.type_setter.expect("a type");
                let registered = serde_json::to_value(set(serenity::CreateCommandOption::new(
                    serenity::CommandOptionType::String,
                    "x",
                    "x",
                )))
                .expect("JSON");
                let (kind, min, max) = match option.kind {
                    Kind::Text => (3, None, None),
                    Kind::Integer { min, max } => (4, Some(min), Some(max)),
                    Kind::Boolean => (5, None, None),
                    Kind::User => (6, None, None),
                    Kind::Role => (8, None, None),
                    Kind::Choice => (4, None, None),
                };
                assert_eq!(registered["type"], kind, "{at}: {registered}");
                if let (Some(min), Some(max)) = (min, max) {
                    assert_eq!(registered["min_value"].as_f64(), Some(min as f64), "{at}: {registered}");
                    if max < MAX_ID {
                        assert_eq!(registered["max_value"].as_f64(), Some(max as f64), "{at}: {registered}");
                    }
                }
                assert!(parameter.description.as_deref().is_some_and(|d| !d.is_empty()));
            }
            assert!(command.description.as_deref().is_some_and(|d| !d.is_empty()));
            assert_eq!(command.name_localizations.len(), 2, "/{} in German and Swedish", spec.name);
        }
    }
}
