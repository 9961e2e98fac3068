//! The gallery in `docs/screenshots`, made by the service itself: each picture is the board a
//! player gets in Discord at that moment, in that theme and language. Not a check; run with
//! `RENDER_GALLERY=docs/screenshots cargo test --test gallery -- --ignored`.

use std::path::{Path, PathBuf};

use reversi_bot::ai::solo::greedy_move;
use reversi_bot::engine::solo::SoloGame;
use reversi_bot::engine::{Color, Preset, Rules, random_game};
use reversi_bot::render::Theme;
use reversi_bot::service::{
    Command, Invocation, Locale, PuzzleAction, Response, Service, ServiceOptions, SettingsChange, SoloAction, User,
    components,
};
use reversi_bot::store::queries::*;
use reversi_bot::store::{ChannelId, ColorChoice, GuildId, Store, Timestamp};

const T0: i64 = 1_800_000_000_000;

/// One server with its theme, and two named players.
struct Table {
    service: Service,
    guild: GuildId,
    channel: ChannelId,
    locale: Locale,
    players: [User; 2],
    clock: std::cell::Cell<i64>,
}

impl Table {
    async fn new(service: &Service, n: u64, theme: Theme, locale: Locale, names: [&str; 2]) -> Table {
        let table = Table {
            service: service.clone(),
            guild: GuildId(100 + n),
            channel: ChannelId(200 + n),
            locale,
            players: [User::new(10 * n + 1, names[0]), User::new(10 * n + 2, names[1])],
            clock: std::cell::Cell::new(0),
        };
        let change = SettingsChange { theme: Some(theme), ..SettingsChange::default() };
        let mut manager = table.inv(0);
        manager.can_manage_guild = true;
        table.service.handle(&manager, Command::Settings(change)).await.expect("the theme is set");
        table
    }

    fn inv(&self, player: usize) -> Invocation {
        self.clock.set(self.clock.get() + 1_000);
        Invocation {
            guild: Some(self.guild),
            channel: self.channel,
            user: self.players[player].clone(),
            can_manage_guild: false,
            roles: Vec::new(),
            now: Timestamp(T0 + self.clock.get()),
            locale: Some(self.locale),
            guild_locale: None,
            chat: Default::default(),
        }
    }

    async fn ask(&self, player: usize, command: Command) -> Response {
        self.service.handle(&self.inv(player), command).await.unwrap_or_else(|e| panic!("{e}"))
    }

    /// The first player challenges the second (playing black) under `rules`; the second accepts.
    async fn start(&self, rules: Rules) -> Response {
        let challenge = Command::Challenge {
            opponent: Some(self.players[1].clone()),
            color: ColorChoice::Black,
            rated: true,
            private: false,
            rules,
        };
        let offer = self.ask(0, challenge).await;
        let accept = offer.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).unwrap().to_string();
        self.ask(1, components::parse(&accept, &[]).unwrap()).await
    }

    /// Plays `moves` in turn (black first, passes being automatic); the last board.
    async fn play(&self, moves: &[(Color, String)]) -> Response {
        let mut last = None;
        for (color, mv) in moves {
            last = Some(self.ask(color.index(), Command::Move(mv.clone())).await);
        }
        last.expect("some moves")
    }
}

/// The moves of a seeded random game, to `plies` moves.
fn moves(rules: Rules, seed: u64, plies: usize) -> Vec<(Color, String)> {
    random_game(rules, seed).moves().take(plies).map(|m| (m.color, m.mv.to_string())).collect()
}

fn save(dir: &Path, name: &str, response: &Response) {
    let file = response.reply.files.first().unwrap_or_else(|| panic!("{name}: no picture"));
    std::fs::write(dir.join(name), &file.bytes).expect("the picture is written");
    println!("{name}: {}", response.reply.plain_text().replace('\n', " | "));
}

#[tokio::test]
#[ignore = "writes files; run with RENDER_GALLERY=docs/screenshots"]
async fn the_gallery_is_what_the_service_sends() {
    let dir = PathBuf::from(std::env::var("RENDER_GALLERY").unwrap_or_else(|_| "target/gallery".into()));
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open("sqlite::memory:").await.unwrap();
    let service = Service::new(
        store,
        User { id: reversi_bot::store::UserId(9), name: "Reversi".into(), is_bot: true },
        ServiceOptions::default(),
    );
    let standard = Rules::default();

    // Every theme at 8x8 in the middle of a game, in English.
    for (n, theme) in Theme::ALL.into_iter().enumerate() {
        let table = Table::new(&service, n as u64, theme, Locale::English, ["Jürgen", "Åsa"]).await;
        table.start(standard).await;
        let board = table.play(&moves(standard, 7, 20)).await;
        save(&dir, &format!("{theme}-8x8.png"), &board);
    }
    // Ravensburger's rule book in German: gold and black, the discs left in hand.
    let table = Table::new(&service, 10, Theme::Classic, Locale::German, ["Jürgen", "Åsa"]).await;
    let rules = Preset::Ravensburger.rules();
    table.start(rules).await;
    save(&dir, "ravensburger-de.png", &table.play(&moves(rules, 3, 24)).await);
    // 6x6 in Swedish, red and blue.
    let table = Table::new(&service, 11, Theme::RedBlue, Locale::Swedish, ["Åsa Lindqvist", "Zoë"]).await;
    let rules = Rules { size: reversi_bot::engine::BoardSize::Six, ..standard };
    table.start(rules).await;
    save(&dir, "redblue-6x6-sv.png", &table.play(&moves(rules, 5, 14)).await);
    // 10x10, colour-blind safe.
    let table = Table::new(&service, 12, Theme::ColorBlind, Locale::English, ["Åsa Lindqvist", "Zoë"]).await;
    let rules = Rules { size: reversi_bot::engine::BoardSize::Ten, ..standard };
    table.start(rules).await;
    save(&dir, "colorblind-10x10.png", &table.play(&moves(rules, 5, 41)).await);
    // A resignation on the dark board: the winner's discs first.
    let table = Table::new(&service, 13, Theme::Dark, Locale::English, ["Jürgen", "Åsa"]).await;
    table.start(standard).await;
    table.play(&moves(standard, 7, 12)).await;
    let ask = table.ask(0, Command::Resign).await;
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    save(&dir, "dark-resigned.png", &table.ask(0, confirm).await);
    // The same in German and Swedish, rated, with long names: the banner keeps every word.
    for (n, locale, name, names) in [
        (20, Locale::German, "classic-resigned-de.png", ["Maximilian Alexander", "Åsa"]),
        (21, Locale::Swedish, "classic-resigned-sv.png", ["Maximilian Alexander", "Åsa"]),
        (22, Locale::English, "classic-resigned-en.png", ["Maximilian Alexander", "Åsa"]),
    ] {
        let table = Table::new(&service, n, Theme::Classic, locale, names).await;
        table.start(standard).await;
        table.play(&moves(standard, 7, 12)).await;
        let ask = table.ask(0, Command::Resign).await;
        let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
        save(&dir, name, &table.ask(0, confirm).await);
    }
    // A finished game, red and blue, and the first player choosing the start.
    let table =
        Table::new(&service, 14, Theme::RedBlue, Locale::English, ["Maximilian Alexander von Hohenzollern", "Åsa"])
            .await;
    table.start(standard).await;
    save(&dir, "redblue-end.png", &table.play(&moves(standard, 11, 80)).await);
    let table = Table::new(&service, 15, Theme::Classic, Locale::English, ["Jürgen", "Åsa"]).await;
    save(&dir, "classic-choose-start.png", &table.start(Preset::RavensburgerStart.rules()).await);
    // A game resigned before both sides made two moves: aborted, no result.
    let table = Table::new(&service, 17, Theme::Classic, Locale::English, ["Jürgen", "Åsa"]).await;
    table.start(standard).await;
    table.play(&moves(standard, 7, 2)).await;
    let ask = table.ask(1, Command::Resign).await;
    let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
    save(&dir, "classic-aborted.png", &table.ask(1, confirm).await);
    // Just after a forced pass.
    let (seed, upto) = (0..)
        .find_map(|seed| {
            let game = random_game(standard, seed);
            let pass = game.plies().iter().position(|p| matches!(p, reversi_bot::engine::Ply::Pass(_)))?;
            Some((seed, game.plies()[..pass].iter().filter(|p| matches!(p, reversi_bot::engine::Ply::Move(_))).count()))
        })
        .unwrap();
    let table = Table::new(&service, 16, Theme::Classic, Locale::English, ["Jürgen", "Åsa"]).await;
    table.start(standard).await;
    save(&dir, "classic-pass.png", &table.play(&moves(standard, seed, upto)).await);
    // Reiner Knizia's solo game: the deal, twelve greedy moves in, and played to its end.
    let table = Table::new(&service, 18, Theme::Classic, Locale::English, ["Jürgen", "Åsa"]).await;
    save(&dir, "solo-start.png", &table.ask(0, Command::Solo(SoloAction::New(Some(26)))).await);
    let mut game = SoloGame::deal(26);
    let mut last = None;
    while let Some(mv) = greedy_move(&game.view()) {
        game.play(mv).expect("the greedy move is legal");
        let response = table.ask(0, Command::Move(mv.to_string())).await;
        if game.moves().len() == 12 {
            save(&dir, "solo-in-progress.png", &response);
        }
        last = Some(response);
    }
    save(&dir, "solo-finished.png", &last.expect("moves were played"));
    // A review and an analysis of a game between the bot's levels 3 (black) and 5 (white).
    let played = bot_game(standard, [3, 5]);
    let table = Table::new(&service, 19, Theme::Classic, Locale::English, ["Jürgen", "Åsa"]).await;
    table.start(standard).await;
    table.play(&played).await;
    save(&dir, "review.png", &table.ask(0, Command::Review(None)).await);
    let analyze = Command::Analyze { game: None, moves: Some(played.len() - 14), position: None };
    save(&dir, "analysis.png", &table.ask(1, analyze).await);
    // The review of a game between levels 1 (black) and 5 (white), in German and Swedish: the
    // mistakes crowd the chart, and no label lies on another or outside the plot.
    let played = bot_game(standard, [1, 5]);
    for (n, locale, name) in
        [(23, Locale::German, "review-crowded-de.png"), (24, Locale::Swedish, "review-crowded-sv.png")]
    {
        let table = Table::new(&service, n, Theme::Classic, locale, ["Jürgen", "Åsa"]).await;
        table.start(standard).await;
        table.play(&played).await;
        save(&dir, name, &table.ask(0, Command::Review(None)).await);
    }
    // A line puzzle: as given, half solved in German, solved with its line drawn; then the day's
    // puzzle as posted, in Swedish on the dark theme, with yesterday's solution.
    let line = reversi_bot::puzzle::shipped()
        .puzzles
        .iter()
        .position(|p| p.task == reversi_bot::puzzle::Task::Line && p.steps.len() == 3 && p.difficulty >= 6)
        .expect("a line puzzle") as u32
        + 1;
    let puzzle = reversi_bot::puzzle::numbered(line).unwrap();
    let table = Table::new(&service, 25, Theme::Classic, Locale::English, ["Jürgen", "Åsa"]).await;
    save(&dir, "puzzle.png", &table.ask(0, Command::Puzzle(PuzzleAction::Next(Some(line)))).await);
    let mut last = None;
    for step in &puzzle.steps {
        last = Some(table.ask(0, Command::Move(step.accepted[0].to_string())).await);
    }
    save(&dir, "puzzle-solved.png", &last.expect("the line was played"));
    let table = Table::new(&service, 26, Theme::Classic, Locale::German, ["Jürgen", "Åsa"]).await;
    table.ask(0, Command::Puzzle(PuzzleAction::Next(Some(line)))).await;
    save(&dir, "puzzle-line-de.png", &table.ask(0, Command::Move(puzzle.steps[0].accepted[0].to_string())).await);
    let table = Table::new(&service, 27, Theme::Dark, Locale::Swedish, ["Jürgen", "Åsa"]).await;
    let mut manager = table.inv(0);
    manager.can_manage_guild = true;
    let daily = SettingsChange {
        language: Some(reversi_bot::service::LanguageChoice::Fixed(Locale::Swedish)),
        daily_puzzle: Some(reversi_bot::service::DailyPuzzleSetting::Here),
        puzzle_hour: Some(0),
        ..SettingsChange::default()
    };
    service.handle(&manager, Command::Settings(daily)).await.expect("the daily puzzle is set");
    for day in 0..2 {
        let posts = service.sweep_daily_puzzles(Timestamp(T0 + day * 86_400_000)).await.unwrap();
        let post = posts.into_iter().find(|a| a.channel == table.channel).expect("the day's post");
        service.posted(post.then.unwrap(), None, Timestamp(T0)).await.unwrap();
        if day == 0 {
            // Jürgen solves the first day's puzzle.
            let solve = post.reply.custom_ids()[0].to_string();
            let mut response = table.ask(0, components::parse(&solve, &[]).unwrap()).await;
            let record = service.store().live_attempts(table.players[0].id, table.channel).await.unwrap().remove(0);
            for step in &reversi_bot::puzzle::numbered(record.puzzle).unwrap().steps {
                let menu =
                    response.reply.custom_ids().into_iter().find(|id| id.starts_with("rb:pm:")).unwrap().to_string();
                let click = components::parse(&menu, &[step.accepted[0].to_string()]).unwrap();
                response = table.ask(0, click).await;
            }
        } else {
            let response = Response { reply: post.reply, ..Response::default() };
            save(&dir, "puzzle-daily-sv.png", &response);
        }
    }
}

/// The moves of a game between two of the bot's levels (black's first), 300 ms a move.
fn bot_game(rules: Rules, levels: [u8; 2]) -> Vec<(Color, String)> {
    let mut game = reversi_bot::engine::Game::new(rules);
    let config = reversi_bot::ai::AiConfig { budget: std::time::Duration::from_millis(300), ..Default::default() };
    let cancel = std::sync::atomic::AtomicBool::new(false);
    while let Some(color) = game.to_move() {
        let level = reversi_bot::ai::Level::new(levels[color.index()]).unwrap();
        let choice = reversi_bot::ai::choose_move(&game, level, &config, 7, &cancel).expect("a move");
        game.play(choice.mv).unwrap();
    }
    game.moves().map(|m| (m.color, m.mv.to_string())).collect()
}
