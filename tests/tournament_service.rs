//! Whole tournaments through the service, as a server would run them: sign-up on the card, the
//! start, every game opened in a thread of its own and played to its end, the next round paired
//! by the sweep, withdrawals, a restart between rounds, and the champion at the end; and every
//! wrong request refused with nothing changed.

#[path = "support/players.rs"]
mod players;
#[path = "support/scratch.rs"]
mod scratch;

use std::collections::{HashMap, HashSet};

use reversi_bot::engine::Rules;
use reversi_bot::service::{
    Adjudication, Command, Invocation, Locale, Opening, Response, Service, ServiceOptions, SettingsChange,
    TournamentAction, TournamentPlan, User, UserError, components,
};
use reversi_bot::store::{ChannelId, Format, PairingResult, Store, Timestamp, TournamentId, TournamentState, UserId};
use scratch::{sqlite_url, test_dir};

use players::*;

/// The channel the tournaments are run in.
const HALL: ChannelId = ChannelId(500);

async fn service_on(url: &str) -> Service {
    let store = Store::open(url).await.expect("a store");
    Service::new(store, bot_user(), ServiceOptions::default())
}

fn player(n: u64) -> User {
    User::new(100 + n, format!("Player {n}"))
}

/// `user` asking in the tournament's channel; an organiser may manage the server.
fn at(user: &User, millis: i64, manager: bool) -> Invocation {
    Invocation { can_manage_guild: manager, ..asking(user, HALL, millis, Locale::English) }
}

fn plan(name: &str, format: Format) -> TournamentPlan {
    TournamentPlan {
        name: name.into(),
        format,
        rounds: None,
        rules: Rules::default(),
        rated: true,
        max_players: 16,
        move_minutes: Some(60),
        bot_level: None,
        starts_at: None,
        round_hours: None,
    }
}

/// Opens every game to open, as [`open`] does: each opening with its channel.
async fn open_each(service: &Service, openings: Vec<Opening>, next: &mut u64, now: i64) -> Vec<(Opening, ChannelId)> {
    let kept = openings.clone();
    kept.into_iter().zip(open(service, openings, next, now).await).collect()
}

/// The tournament id on a card's Join button.
fn card_id(response: &Response) -> TournamentId {
    let join = response.reply.custom_ids().into_iter().find(|id| id.contains(":tj:")).expect("a Join button");
    match components::parse(join, &[]) {
        Some(Command::Tournament(TournamentAction::Join(Some(id)))) => id,
        other => panic!("{other:?}"),
    }
}

/// A tournament with `players` signed up (the first creates it), by the card's Join button.
async fn signed_up(service: &Service, name: &str, format: Format, players: &[User]) -> TournamentId {
    let card = ok(service
        .handle(&at(&players[0], 0, true), Command::Tournament(TournamentAction::Create(plan(name, format))))
        .await);
    let id = card_id(&card);
    for (i, p) in players.iter().enumerate() {
        let join = components::parse(&components::tournament_join(id), &[]).unwrap();
        let card = ok(service.handle(&at(p, 10 + i as i64, false), join).await);
        assert!(card.reply.replaces, "a click on Join updates the card");
        assert!(shown(&card).contains(&format!("Players ({} of 16)", i + 1)), "{}", shown(&card));
    }
    id
}

/// Opens every game to open, each in a channel of its own (the front end's thread): the
/// channels by the pairs playing there.
async fn open(service: &Service, openings: Vec<Opening>, next: &mut u64, now: i64) -> Vec<ChannelId> {
    let mut channels = Vec::new();
    for opening in openings {
        *next += 1;
        let thread = ChannelId(*next);
        let board = service.open_tournament_game(&opening, thread, Timestamp(T0 + now)).await.unwrap();
        let opened = board.expect("each game is opened once");
        // The round's first board is featured on a live board where the tournament posts.
        match (&opened.featured, opening.board == 1 && opening.game_no == 1) {
            (Some(featured), true) => {
                assert_eq!((featured.channel, featured.edit), (opening.parent, None));
                assert!(featured.reply.plain_text().starts_with("🔴 Live: game #"), "{}", featured.reply.plain_text());
            }
            (None, false) => {}
            (featured, first) => panic!("board {} featured: {featured:?} (first: {first})", opening.board),
        }
        let board = opened.board;
        assert_eq!(board.channel, thread);
        assert!(board.reply.plain_text().contains(&format!("round {}, board {}", opening.round, opening.board)));
        // Opened once: a second try (another process's) opens nothing.
        assert!(
            service
                .open_tournament_game(&opening, ChannelId(*next + 10_000), Timestamp(T0 + now))
                .await
                .unwrap()
                .is_none()
        );
        channels.push(thread);
    }
    channels
}

/// Plays the game in `channel` to its end, each side playing a legal move picked by the clock; `resign`
/// names a player who resigns instead on their first turn.
async fn play_out(service: &Service, channel: ChannelId, everyone: &[User], resign: Option<UserId>, now: &mut i64) {
    let by_id: HashMap<UserId, User> = everyone.iter().map(|u| (u.id, u.clone())).collect();
    while service.has_live_game(channel).await.unwrap() {
        *now += 1;
        let shown = ok(service.handle(&asking(&everyone[0], channel, *now, Locale::English), Command::Board).await);
        let sketch = shown.reply.board.expect("a board");
        let mover = by_id[&sketch.player_to_move.expect("someone to move")].clone();
        if Some(mover.id) == resign {
            let ask = ok(service.handle(&asking(&mover, channel, *now, Locale::English), Command::Resign).await);
            let confirm = components::parse(ask.reply.custom_ids()[0], &[]).unwrap();
            ok(service.handle(&asking(&mover, channel, *now, Locale::English), confirm).await);
            continue;
        }
        // Varied but repeatable play: the move picked turns with the clock.
        let legal: Vec<_> = sketch.legal.iter().collect();
        let square = legal[(*now as usize * 7) % legal.len()].to_string();
        ok(service.handle(&asking(&mover, channel, *now, Locale::English), Command::Move(square)).await);
    }
}

/// The pairs of players that met, each as (lower id, higher id).
async fn met(service: &Service, id: TournamentId) -> Vec<(UserId, UserId)> {
    use reversi_bot::store::queries::*;
    service
        .store()
        .pairings(id)
        .await
        .unwrap()
        .iter()
        .filter_map(|p| p.white.map(|w| (p.black.min(w), p.black.max(w))))
        .collect()
}

#[tokio::test]
async fn a_round_robin_of_four_runs_from_sign_up_to_champion_with_every_pair_meeting_once() {
    let dir = test_dir("tournament-round-robin");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let four: Vec<User> = (1..=4).map(player).collect();
    let id = signed_up(&service, "Spring Cup", Format::RoundRobin, &four).await;
    let start = components::parse(&components::tournament_start(id), &[]).unwrap();
    let started = ok(service.handle(&at(&four[0], 100, false), start).await);
    assert!(shown(&started).contains("Spring Cup: round 1 of 3"), "{}", shown(&started));
    assert_eq!(started.openings.len(), 2, "two boards");
    let (mut next, mut now) = (1_000, 1_000);
    let mut games = open(&service, started.openings, &mut next, now).await;
    let mut rounds_seen = 1;
    loop {
        for channel in &games {
            play_out(&service, *channel, &four, None, &mut now).await;
        }
        now += 10;
        let news = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
        // The same sweep again (another process's) says and opens nothing more.
        let again = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
        assert!(again.announcements.is_empty() && again.openings.is_empty(), "{again:?}");
        let said: Vec<String> = news.announcements.iter().map(|a| a.reply.plain_text()).collect();
        assert!(news.announcements.iter().all(|a| a.channel == HALL));
        if said.iter().any(|s| s.contains("final standings")) {
            let table = &said[0];
            assert!(table.contains("🥇 Champion"), "{table}");
            assert_eq!(news.openings.len(), 0);
            break;
        }
        rounds_seen += 1;
        assert!(said[0].contains(&format!("round {rounds_seen} of 3")), "{said:?}");
        assert!(said[1].contains(&format!("standings after round {}", rounds_seen - 1)), "{said:?}");
        games = open(&service, news.openings, &mut next, now).await;
    }
    assert_eq!(rounds_seen, 3);
    let pairs = met(&service, id).await;
    assert_eq!(pairs.len(), 6);
    assert_eq!(pairs.iter().collect::<HashSet<_>>().len(), 6, "every pair met once: {pairs:?}");
    let list = ok(service.handle(&at(&four[1], now + 5, false), Command::Tournament(TournamentAction::List)).await);
    assert!(shown(&list).contains("#1 Spring Cup: Round robin, 3 rounds, 4 players, finished"), "{}", shown(&list));
    // The final standings: the picture of the table, with the podium named in words too.
    let standings = Command::Tournament(TournamentAction::Standings(Some(id)));
    let standings = ok(service.handle(&at(&four[1], now + 6, false), standings).await);
    assert!(standings.reply.files.iter().any(|f| f.name == "standings.png" && f.bytes.starts_with(b"\x89PNG")));
    assert!(shown(&standings).contains("Podium: 🥇 Champion: "), "{}", shown(&standings));
    // Each player's stats list the tournament with their place.
    for p in &four {
        let stats = Command::Stats(Some(p.clone()), reversi_bot::store::Ladder::standard());
        let stats = shown(&ok(service.handle(&at(&four[0], now + 7, false), stats).await));
        assert!(stats.contains("Tournaments: #1 Spring Cup: "), "{stats}");
        assert!(stats.contains(" of 4"), "{stats}");
    }
    let champion = standings.reply.embed.as_ref().unwrap().fields[0].value.to_plain();
    let champion = four.iter().find(|p| champion.contains(&format!("Champion: {} ", p.name))).expect("a champion");
    let stats = Command::Stats(Some(champion.clone()), reversi_bot::store::Ladder::standard());
    let stats = shown(&ok(service.handle(&at(&four[0], now + 7, false), stats).await));
    assert!(stats.contains("#1 Spring Cup: 🥇 champion of 4"), "{stats}");
    // Exported: every game as one GGF file, and the crosstable as text.
    let export = Command::Tournament(TournamentAction::Export(Some(id)));
    let export = ok(service.handle(&at(&four[2], now + 7, false), export).await);
    assert!(shown(&export).contains("Spring Cup: its 6 games as one GGF file"), "{}", shown(&export));
    let ggf = String::from_utf8(export.reply.files[0].bytes.clone()).unwrap();
    assert_eq!(export.reply.files[0].name, format!("tournament-{}.ggf", id.0));
    assert_eq!(ggf.matches("(;GM[Othello]").count(), 6, "{ggf}");
    assert!(ggf.contains("PC[reversi-bot, Spring Cup, round 3, board 2, game 1]"), "{ggf}");
    let text = String::from_utf8(export.reply.files[1].bytes.clone()).unwrap();
    if std::env::var_os("SHOW_CROSSTABLE").is_some() {
        println!("{text}");
    }
    assert!(text.starts_with("Spring Cup: final standings\nRound robin, 3 rounds\n"), "{text}");
    let header = text.lines().nth(3).unwrap();
    assert!(header.starts_with("#  Player") && header.ends_with("R1   R2   R3"), "{text}");
    // Each player's line has a result against each of the three others, by their line and colour.
    for line in text.lines().skip(4).take(4) {
        let results: Vec<&str> = line.split_whitespace().rev().take(3).collect();
        assert!(results.iter().all(|r| r.ends_with('b') || r.ends_with('w')), "{line}");
    }
    use reversi_bot::store::queries::*;
    let decided = service.store().pairings(id).await.unwrap();
    assert!(
        decided
            .iter()
            .all(|p| matches!(p.result, Some(PairingResult::Black | PairingResult::White | PairingResult::Draw)))
    );
}

#[tokio::test]
async fn a_swiss_survives_a_restart_and_a_withdrawal_and_pairs_nobody_twice() {
    let dir = test_dir("tournament-swiss");
    let url = sqlite_url(&dir, "t.db");
    let mut service = service_on(&url).await;
    let six: Vec<User> = (1..=6).map(player).collect();
    let id = signed_up(&service, "Swiss Open", Format::Swiss, &six).await;
    let start = Command::Tournament(TournamentAction::Start(Some(id)));
    let started = ok(service.handle(&at(&six[0], 100, true), start).await);
    assert!(shown(&started).contains("round 1 of 4"), "six players: ⌈log₂ 6⌉ + 1 = 4 rounds: {}", shown(&started));
    let (mut next, mut now) = (1_000, 1_000);
    let mut games = open(&service, started.openings, &mut next, now).await;
    assert_eq!(games.len(), 3);
    let mut round = 1;
    loop {
        // In round 2, player 6 withdraws before playing: their game is lost, and they are not paired again.
        if round == 2 {
            let withdraw = Command::Tournament(TournamentAction::Withdraw(Some(id), None));
            let said = ok(service.handle(&at(&six[5], now, false), withdraw).await);
            assert!(shown(&said).contains("has withdrawn from Swiss Open"), "{}", shown(&said));
        }
        for channel in &games {
            play_out(&service, *channel, &six, None, &mut now).await;
        }
        // A restart between rounds loses nothing.
        service = service_on(&url).await;
        now += 10;
        let news = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
        if news.announcements.iter().any(|a| a.reply.plain_text().contains("final standings")) {
            break;
        }
        round += 1;
        games = open(&service, news.openings, &mut next, now).await;
        if round > 2 {
            // Five players left: two games and a bye.
            assert_eq!(games.len(), 2, "round {round}");
        }
    }
    assert_eq!(round, 4);
    let pairs = met(&service, id).await;
    assert_eq!(pairs.iter().collect::<HashSet<_>>().len(), pairs.len(), "no rematch: {pairs:?}");
    use reversi_bot::store::queries::*;
    let pairings = service.store().pairings(id).await.unwrap();
    let six_id = six[5].id;
    assert!(pairings.iter().filter(|p| p.round > 2).all(|p| p.black != six_id && p.white != Some(six_id)));
    let lost = pairings.iter().find(|p| p.round == 2 && (p.black == six_id || p.white == Some(six_id))).unwrap();
    let won_by_other = if lost.black == six_id { PairingResult::White } else { PairingResult::Black };
    assert_eq!(lost.result, Some(won_by_other), "the withdrawn player's open game is lost");
    let byes: Vec<UserId> = pairings.iter().filter(|p| p.white.is_none()).map(|p| p.black).collect();
    assert_eq!(byes.iter().collect::<HashSet<_>>().len(), byes.len(), "a bye at most once each: {byes:?}");
    let over = service.store().tournament(id).await.unwrap().unwrap();
    assert_eq!(over.state, TournamentState::Finished);
}

#[tokio::test]
async fn a_tournament_with_the_bot_plays_its_games_at_once() {
    let dir = test_dir("tournament-bot");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let alice = alice();
    let with_bot = TournamentPlan {
        bot_level: reversi_bot::ai::Level::new(1),
        rated: false,
        ..plan("Sparring", Format::RoundRobin)
    };
    let card = ok(service.handle(&at(&alice, 0, true), Command::Tournament(TournamentAction::Create(with_bot))).await);
    assert!(shown(&card).contains("Reversi (Beginner)"), "the bot is entered: {}", shown(&card));
    let id = card_id(&card);
    ok(service.handle(&at(&alice, 1, false), Command::Tournament(TournamentAction::Join(Some(id)))).await);
    let started =
        ok(service.handle(&at(&alice, 2, false), Command::Tournament(TournamentAction::Start(Some(id)))).await);
    let (mut next, mut now) = (1_000, 1_000);
    let games = open(&service, started.openings, &mut next, now).await;
    assert_eq!(games.len(), 1);
    play_out(&service, games[0], &[alice.clone(), bot_user()], None, &mut now).await;
    let news = service.sweep_tournaments(Timestamp(T0 + now + 10)).await.unwrap();
    assert!(news.announcements.iter().any(|a| a.reply.plain_text().contains("Sparring: final standings")));
}

#[tokio::test]
async fn wrong_requests_are_refused_and_change_nothing() {
    let dir = test_dir("tournament-refusals");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let create = |p: TournamentPlan| Command::Tournament(TournamentAction::Create(p));
    let t = |action: TournamentAction| Command::Tournament(action);
    // Only organisers create, a name is needed, and tournaments live in servers.
    assert_eq!(
        refusal(service.handle(&at(&alice, 0, false), create(plan("Cup", Format::Swiss))).await),
        UserError::NotOrganiser
    );
    assert_eq!(
        refusal(service.handle(&at(&alice, 0, true), create(plan("  ", Format::Swiss))).await),
        UserError::TournamentNeedsName
    );
    let dm = Invocation { guild: None, ..at(&alice, 0, true) };
    assert_eq!(
        refusal(service.handle(&dm, create(plan("Cup", Format::Swiss))).await),
        UserError::TournamentNeedsServer
    );
    assert_eq!(
        refusal(service.handle(&at(&bob, 0, false), t(TournamentAction::Join(None))).await),
        UserError::NoTournament
    );
    let small = TournamentPlan { max_players: 2, ..plan("Cup", Format::Swiss) };
    let id = card_id(&ok(service.handle(&at(&alice, 1, true), create(small)).await));
    // Starting with fewer than two, by someone else than the organiser, joining twice or when full.
    assert_eq!(
        refusal(service.handle(&at(&alice, 2, false), t(TournamentAction::Start(Some(id)))).await),
        UserError::TooFewPlayers
    );
    ok(service.handle(&at(&bob, 3, false), t(TournamentAction::Join(Some(id)))).await);
    assert_eq!(
        refusal(service.handle(&at(&bob, 4, false), t(TournamentAction::Join(Some(id)))).await),
        UserError::AlreadyEntered
    );
    assert_eq!(
        refusal(service.handle(&at(&alice, 5, false), t(TournamentAction::Leave(Some(id)))).await),
        UserError::NotEntered
    );
    ok(service.handle(&at(&carol, 6, false), t(TournamentAction::Join(Some(id)))).await);
    assert_eq!(
        refusal(service.handle(&at(&alice, 7, false), t(TournamentAction::Join(Some(id)))).await),
        UserError::TournamentFull(2)
    );
    assert_eq!(
        refusal(service.handle(&at(&bob, 8, false), t(TournamentAction::Start(Some(id)))).await),
        UserError::NotOrganiser
    );
    assert_eq!(
        refusal(service.handle(&at(&bob, 8, false), t(TournamentAction::Cancel(Some(id)))).await),
        UserError::NotOrganiser
    );
    let stranger = Command::Tournament(TournamentAction::Withdraw(Some(id), Some(carol.clone())));
    assert_eq!(refusal(service.handle(&at(&bob, 9, false), stranger).await), UserError::NotOrganiser);
    assert_eq!(
        refusal(service.handle(&at(&bob, 9, false), t(TournamentAction::Standings(Some(TournamentId(77))))).await),
        UserError::NoSuchTournament(TournamentId(77))
    );
    assert_eq!(
        refusal(service.handle(&at(&alice, 9, false), t(TournamentAction::Pause(Some(id)))).await),
        UserError::TournamentNotRunning
    );
    // Nothing changed: still two players, still taking sign-ups.
    let card = ok(service.handle(&at(&bob, 10, false), t(TournamentAction::Standings(Some(id)))).await);
    assert!(shown(&card).contains("Players (2 of 2): Bob, Carol"), "{}", shown(&card));
    // Started, it takes nobody more and nobody leaves; a game resigned at once is lost, not called off.
    let started = ok(service.handle(&at(&alice, 11, false), t(TournamentAction::Start(Some(id)))).await);
    assert_eq!(
        refusal(service.handle(&at(&bob, 12, false), t(TournamentAction::Leave(Some(id)))).await),
        UserError::TournamentClosed
    );
    let (mut next, mut now) = (1_000, 1_000);
    let games = open(&service, started.openings, &mut next, now).await;
    play_out(&service, games[0], &[bob.clone(), carol.clone()], Some(bob.id), &mut now).await;
    use reversi_bot::store::queries::*;
    let decided = service.store().pairings(id).await.unwrap().remove(0);
    let carol_won = if decided.black == carol.id { PairingResult::Black } else { PairingResult::White };
    assert_eq!(decided.result, Some(carol_won));
}

#[tokio::test]
async fn a_knockout_gives_the_top_seeds_byes_plays_matches_of_two_games_breaks_a_tie_and_crowns_a_champion() {
    let dir = test_dir("tournament-knockout");
    let url = sqlite_url(&dir, "t.db");
    let mut service = service_on(&url).await;
    let six: Vec<User> = (1..=6).map(player).collect();
    let id = signed_up(&service, "Cup", Format::Knockout, &six).await;
    let start = Command::Tournament(TournamentAction::Start(Some(id)));
    let started = ok(service.handle(&at(&six[0], 100, true), start).await);
    let said = shown(&started);
    // Equal ratings seed by sign-up: seeds 1 and 2 sit out round 1; 4 meets 5, 3 meets 6.
    assert!(said.contains("Cup: round 1 of 3"), "{said}");
    assert!(said.contains("Player 1 has a bye") && said.contains("Player 2 has a bye"), "{said}");
    assert!(said.contains("Match 2: Player 4 against Player 5"), "{said}");
    assert!(said.contains("Match 4: Player 3 against Player 6"), "{said}");
    let (mut next, mut now) = (1_000, 1_000);
    let mut games = open_each(&service, started.openings, &mut next, now).await;
    assert_eq!(games.len(), 4, "two matches of two games");
    let mut round = 1;
    let mut deciders = 0;
    let last = loop {
        for (opening, channel) in &games {
            // Match 2 of round 1 is made level: each player resigns the game they begin.
            let resigns = match (opening.round, opening.board, opening.game_no) {
                (1, 2, 1) => Some(six[3].id),
                (1, 2, 2) => Some(six[4].id),
                _ => None,
            };
            play_out(&service, *channel, &six, resigns, &mut now).await;
        }
        // A restart between rounds loses nothing.
        service = service_on(&url).await;
        now += 10;
        let news = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
        let again = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
        assert!(again.announcements.is_empty() && again.openings.is_empty(), "said once: {again:?}");
        let said: Vec<String> = news.announcements.iter().map(|a| a.reply.plain_text()).collect();
        if let Some(last) = said.iter().find(|s| s.contains("final standings")) {
            break last.clone();
        }
        if said.iter().any(|s| s.contains("is level: deciding game")) {
            deciders += 1;
            if round == 1 && deciders == 1 {
                let level = said.iter().find(|s| s.contains("match 2 is level")).expect("match 2 is level");
                assert!(level.contains("deciding game 3, Player 4 plays black against Player 5"), "{level}");
            }
        } else {
            round += 1;
            assert!(said[0].contains(&format!("Cup: round {round} of 3")), "{said:?}");
        }
        games = open_each(&service, news.openings, &mut next, now).await;
    };
    assert_eq!(round, 3, "six players: three rounds");
    assert!(deciders >= 1);
    // Champion, runner-up, and both losing semi-finalists share third place.
    assert!(last.contains("🥇 Champion"), "{last}");
    assert!(last.contains("🥈 Second"), "{last}");
    assert_eq!(last.matches("🥉 Third").count(), 2, "{last}");
    assert!(last.contains("ranked by how far they went"), "{last}");
    use reversi_bot::store::queries::*;
    let pairings = service.store().pairings(id).await.unwrap();
    assert!(pairings.iter().any(|p| p.round == 1 && p.board == 2 && p.game_no == 3), "the decider was played");
    assert_eq!(pairings.iter().filter(|p| p.round == 3).map(|p| p.board).collect::<HashSet<_>>().len(), 1);
    // Colours swap within a match.
    for p in pairings.iter().filter(|p| p.game_no == 2) {
        let first = pairings.iter().find(|q| (q.round, q.board, q.game_no) == (p.round, p.board, 1)).unwrap();
        assert_eq!((p.black, p.white), (first.white.unwrap(), Some(first.black)));
    }
}

#[tokio::test]
async fn a_double_round_robin_of_three_survives_a_restart_and_a_withdrawal_with_a_bye_each_cycle() {
    let dir = test_dir("tournament-double");
    let url = sqlite_url(&dir, "t.db");
    let mut service = service_on(&url).await;
    let three: Vec<User> = (1..=3).map(player).collect();
    let id = signed_up(&service, "Twice Round", Format::DoubleRoundRobin, &three).await;
    let start = Command::Tournament(TournamentAction::Start(Some(id)));
    let started = ok(service.handle(&at(&three[0], 100, true), start).await);
    assert!(shown(&started).contains("Twice Round: round 1 of 6"), "{}", shown(&started));
    let (mut next, mut now) = (1_000, 1_000);
    let mut games = open(&service, started.openings, &mut next, now).await;
    let mut round = 1;
    loop {
        // Player 3 withdraws in round 5: their games left are forfeits.
        if round == 5 {
            let withdraw = Command::Tournament(TournamentAction::Withdraw(Some(id), None));
            ok(service.handle(&at(&three[2], now, false), withdraw).await);
        }
        for channel in &games {
            play_out(&service, *channel, &three, None, &mut now).await;
        }
        service = service_on(&url).await;
        now += 10;
        let news = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
        if news.announcements.iter().any(|a| a.reply.plain_text().contains("final standings")) {
            break;
        }
        round += 1;
        games = open(&service, news.openings, &mut next, now).await;
    }
    assert_eq!(round, 6);
    use reversi_bot::store::queries::*;
    let pairings = service.store().pairings(id).await.unwrap();
    for p in &three {
        let byes = pairings.iter().filter(|x| x.white.is_none() && x.black == p.id).count();
        assert_eq!(byes, 2, "{}: one bye per cycle", p.name);
    }
    // Every pair met twice, once with each colour, or by forfeit after the withdrawal.
    for (a, b) in [(0, 1), (0, 2), (1, 2)] {
        let (a, b) = (three[a].id, three[b].id);
        let met: Vec<_> = pairings
            .iter()
            .filter(|p| (p.black == a && p.white == Some(b)) || (p.black == b && p.white == Some(a)))
            .collect();
        assert_eq!(met.len(), 2, "{a:?} and {b:?}: {met:?}");
    }
    let gone = three[2].id;
    let late = pairings.iter().filter(|p| p.round == 6 && (p.black == gone || p.white == Some(gone)));
    assert!(late.clone().count() == 1 && late.clone().all(|p| p.result == Some(PairingResult::BlackForfeit)));
}

#[tokio::test]
async fn a_knockout_finalist_who_withdraws_loses_the_final_without_a_game() {
    let dir = test_dir("tournament-knockout-withdrawal");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let four: Vec<User> = (1..=4).map(player).collect();
    let id = signed_up(&service, "Cup", Format::Knockout, &four).await;
    let start = Command::Tournament(TournamentAction::Start(Some(id)));
    let started = ok(service.handle(&at(&four[0], 100, true), start).await);
    let (mut next, mut now) = (1_000, 1_000);
    // Round 1: seed 1 meets seed 4 and seed 2 meets seed 3 (equal ratings seed by sign-up).
    let games = open_each(&service, started.openings, &mut next, now).await;
    assert_eq!(games.len(), 4);
    for (opening, channel) in &games {
        // Seed 1 and seed 2 win both their games: their opponents resign.
        let loser = if opening.board == 1 { four[3].id } else { four[2].id };
        play_out(&service, *channel, &four, Some(loser), &mut now).await;
    }
    now += 10;
    let news = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
    assert!(news.announcements[0].reply.plain_text().contains("Cup: round 2 of 2"));
    let final_games = open_each(&service, news.openings, &mut next, now).await;
    assert_eq!(final_games.len(), 2);
    // Seed 2 withdraws from the final: both games are lost, and seed 1 is the champion.
    let withdraw = Command::Tournament(TournamentAction::Withdraw(Some(id), None));
    ok(service.handle(&at(&four[1], now, false), withdraw).await);
    now += 10;
    let news = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
    let last = news.announcements.iter().map(|a| a.reply.plain_text()).find(|s| s.contains("final standings"));
    let last = last.expect("the final standings");
    assert!(last.contains("🥇 Champion: Player 1"), "{last}");
    assert!(last.contains("🥈 Second: Player 2"), "{last}");
    for (_, channel) in final_games {
        assert!(!service.has_live_game(channel).await.unwrap(), "the final's games are over");
    }
}

#[tokio::test]
async fn an_organiser_sets_a_result_removes_a_player_pauses_and_every_step_is_in_the_log() {
    let dir = test_dir("tournament-organiser");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let four: Vec<User> = (1..=4).map(player).collect();
    let id = signed_up(&service, "Club Night", Format::RoundRobin, &four).await;
    let t = |action: TournamentAction| Command::Tournament(action);
    let organiser = |millis: i64| at(&four[0], millis, true);
    let started = ok(service.handle(&organiser(100), t(TournamentAction::Start(Some(id)))).await);
    let (mut next, now) = (1_000, 1_000);
    let games = open_each(&service, started.openings, &mut next, now).await;
    let (_, thread) = games.iter().find(|(o, _)| o.board == 1).unwrap().clone();
    use reversi_bot::store::queries::*;
    let board_one = service.store().pairing(id, (1, 1, 1)).await.unwrap().unwrap();
    let white = four.iter().find(|p| Some(p.id) == board_one.white).unwrap().clone();
    // Only the organiser decides a game, and only a game still open.
    let decide = |who: &User| t(TournamentAction::Result(Some(id), Some(who.clone()), Some(Adjudication::Win)));
    let incomplete = t(TournamentAction::Result(Some(id), Some(white.clone()), None));
    assert_eq!(refusal(service.handle(&organiser(1_050), incomplete).await), UserError::ResultIncomplete);
    assert_eq!(refusal(service.handle(&at(&four[1], 1_100, false), decide(&white)).await), UserError::NotOrganiser);
    let set = ok(service.handle(&organiser(1_200), decide(&white)).await);
    assert!(shown(&set).contains("the organiser set the result"), "{}", shown(&set));
    assert!(shown(&set).contains(&format!("{} (white) wins", white.name)), "{}", shown(&set));
    assert!(set.announcements.iter().any(|a| a.channel == thread), "said in the game's thread too");
    assert!(!service.has_live_game(thread).await.unwrap(), "the game is called off");
    let decided = service.store().pairing(id, (1, 1, 1)).await.unwrap().unwrap();
    assert_eq!((decided.result, decided.adjudicated), (Some(PairingResult::White), true));
    assert_eq!(
        refusal(service.handle(&organiser(1_300), decide(&white)).await),
        UserError::NoGameToDecide(1),
        "a result for a game no longer open"
    );
    // The organiser removes a player, pauses and resumes.
    let remove = t(TournamentAction::Withdraw(Some(id), Some(four[2].clone())));
    ok(service.handle(&organiser(1_400), remove).await);
    ok(service.handle(&organiser(1_500), t(TournamentAction::Pause(Some(id)))).await);
    ok(service.handle(&organiser(1_600), t(TournamentAction::Resume(Some(id)))).await);
    let standings = ok(service.handle(&at(&four[3], 1_700, false), t(TournamentAction::Standings(Some(id)))).await);
    let said = shown(&standings);
    let log = said.split("Organiser's log").nth(1).unwrap_or_else(|| panic!("a log: {said}"));
    let steps = [
        "Player 1 started the tournament".to_string(),
        "Player 1 set the result of game 1.1.1: White won".to_string(),
        "Player 1 removed Player 3".to_string(),
        "Player 1 paused it".to_string(),
        "Player 1 resumed it".to_string(),
    ];
    let mut from = 0;
    for step in &steps {
        let at = log[from..].find(step.as_str()).unwrap_or_else(|| panic!("{step} in order in: {log}"));
        from += at + step.len();
    }
}

#[tokio::test]
async fn a_round_deadline_loses_open_games_on_time_but_not_while_paused() {
    let dir = test_dir("tournament-deadline");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let two: Vec<User> = (1..=2).map(player).collect();
    let hour = 3_600_000;
    let plan =
        TournamentPlan { round_hours: Some(1), rounds: Some(2), move_minutes: None, ..plan("Blitz", Format::Swiss) };
    let card = ok(service.handle(&at(&two[0], 0, true), Command::Tournament(TournamentAction::Create(plan))).await);
    assert!(shown(&card).contains("One hour a round"), "{}", shown(&card));
    let id = card_id(&card);
    for (i, p) in two.iter().enumerate() {
        ok(service.handle(&at(p, 1 + i as i64, false), Command::Tournament(TournamentAction::Join(Some(id)))).await);
    }
    let start = Command::Tournament(TournamentAction::Start(Some(id)));
    let started = ok(service.handle(&at(&two[0], 100, true), start).await);
    let mut next = 1_000;
    let games = open(&service, started.openings, &mut next, 100).await;
    // Paused for half an hour: the round's hour runs on after the pause.
    let pause = Command::Tournament(TournamentAction::Pause(Some(id)));
    ok(service.handle(&at(&two[0], 600_000, true), pause).await);
    let resume = Command::Tournament(TournamentAction::Resume(Some(id)));
    ok(service.handle(&at(&two[0], 600_000 + hour / 2, true), resume).await);
    let early = service.sweep_tournaments(Timestamp(T0 + 100 + hour + 60_000)).await.unwrap();
    assert!(early.announcements.is_empty(), "{early:?}");
    assert!(service.has_live_game(games[0]).await.unwrap());
    let late = service.sweep_tournaments(Timestamp(T0 + 100 + hour + hour / 2 + 1)).await.unwrap();
    assert!(!service.has_live_game(games[0]).await.unwrap(), "lost on time");
    let in_thread = late.announcements.iter().find(|a| a.channel == games[0]).expect("said in the thread");
    assert!(in_thread.reply.plain_text().contains("ran out of time"), "{}", in_thread.reply.plain_text());
    use reversi_bot::store::queries::*;
    let first = service.store().pairing(id, (1, 1, 1)).await.unwrap().unwrap();
    assert_eq!(first.result, Some(PairingResult::White), "Black was to move and lost on time");
    let next_round = late.announcements.iter().any(|a| a.reply.plain_text().contains("Blitz: round 2 of 2"));
    assert!(next_round, "the next round is paired at once: {late:?}");
}

#[tokio::test]
async fn a_tournament_with_a_start_time_starts_by_itself_then_and_not_before() {
    let dir = test_dir("tournament-start-time");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let two: Vec<User> = (1..=2).map(player).collect();
    let hour = 3_600_000;
    let past = TournamentPlan { starts_at: Some(Timestamp(T0 - 1)), ..plan("Late", Format::Swiss) };
    assert_eq!(
        refusal(service.handle(&at(&two[0], 0, true), Command::Tournament(TournamentAction::Create(past))).await),
        UserError::StartInPast
    );
    let plan = TournamentPlan { starts_at: Some(Timestamp(T0 + hour)), ..plan("Evening", Format::Swiss) };
    let card = ok(service.handle(&at(&two[0], 0, true), Command::Tournament(TournamentAction::Create(plan))).await);
    assert!(shown(&card).contains("Starts "), "{}", shown(&card));
    let id = card_id(&card);
    for (i, p) in two.iter().enumerate() {
        ok(service.handle(&at(p, 1 + i as i64, false), Command::Tournament(TournamentAction::Join(Some(id)))).await);
    }
    let before = service.sweep_tournaments(Timestamp(T0 + hour / 2)).await.unwrap();
    assert!(before.announcements.is_empty() && before.openings.is_empty());
    let then = service.sweep_tournaments(Timestamp(T0 + hour)).await.unwrap();
    let said: Vec<String> = then.announcements.iter().map(|a| a.reply.plain_text()).collect();
    assert!(said.iter().any(|s| s.contains("Evening: round 1 of 2")), "{said:?}");
    assert_eq!(then.openings.len(), 1);
}

#[tokio::test]
async fn members_of_the_servers_organiser_role_run_tournaments_and_others_do_not() {
    let dir = test_dir("tournament-role");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let (admin, alice, bob) = (carol(), alice(), bob());
    let organisers = 77;
    let with_role = |user: &User, millis: i64| Invocation { roles: vec![organisers, 5], ..at(user, millis, false) };
    let create = || Command::Tournament(TournamentAction::Create(plan("Club Cup", Format::Swiss)));
    assert_eq!(refusal(service.handle(&with_role(&alice, 0), create()).await), UserError::NotOrganiser);
    // Only those who manage the server name the role.
    let name_role =
        |role: u64| Command::Settings(SettingsChange { organiser_role: Some(role), ..SettingsChange::default() });
    assert_eq!(
        refusal(service.handle(&with_role(&alice, 1), name_role(organisers)).await),
        UserError::NeedsManageServer
    );
    let saved = ok(service.handle(&at(&admin, 2, true), name_role(organisers)).await);
    assert!(
        shown(&saved).contains("Tournament organisers: Members of @77 and those who manage the server"),
        "{}",
        shown(&saved)
    );
    let id = card_id(&ok(service.handle(&with_role(&alice, 3), create()).await));
    // Any member of the role runs any tournament here; others may not.
    ok(service.handle(&at(&bob, 4, false), Command::Tournament(TournamentAction::Join(Some(id)))).await);
    ok(service.handle(&at(&admin, 5, false), Command::Tournament(TournamentAction::Join(Some(id)))).await);
    let pause = || Command::Tournament(TournamentAction::Cancel(Some(id)));
    assert_eq!(refusal(service.handle(&at(&bob, 6, false), pause()).await), UserError::NotOrganiser);
    let start = Command::Tournament(TournamentAction::Start(Some(id)));
    ok(service.handle(&Invocation { roles: vec![organisers], ..at(&bob, 7, false) }, start).await);
    // The server's @everyone role (the server's own id) puts it back to those who manage the server.
    let cleared = ok(service.handle(&at(&admin, 8, true), name_role(GUILD.0)).await);
    assert!(shown(&cleared).contains("Tournament organisers: Members who manage the server"), "{}", shown(&cleared));
    assert_eq!(refusal(service.handle(&with_role(&alice, 9), create()).await), UserError::NotOrganiser);
}

/// Not a check: plays a 12-player Swiss of 4 rounds to its end and writes its final standings
/// picture (classic theme, English) to `$RENDER_GALLERY` (`docs/screenshots`).
#[tokio::test]
#[ignore = "writes files; run with RENDER_GALLERY=docs/screenshots"]
async fn the_gallery_has_a_finished_twelve_player_swiss() {
    let Some(out) = std::env::var_os("RENDER_GALLERY") else { return };
    let dir = test_dir("tournament-gallery");
    let service = service_on(&sqlite_url(&dir, "t.db")).await;
    let names = [
        "Jürgen",
        "Åsa",
        "Zoë",
        "Maximilian von Hohenzollern",
        "Łukasz",
        "Søren",
        "Chloé",
        "Noah",
        "Ingrid",
        "Mei",
        "Tomás",
        "Aroha",
    ];
    let twelve: Vec<User> = names.iter().enumerate().map(|(i, n)| User::new(200 + i as u64, *n)).collect();
    let organiser = at(&twelve[0], 0, true);
    let plan = TournamentPlan { rounds: Some(4), ..plan("Winter Open", Format::Swiss) };
    let id = card_id(&ok(service.handle(&organiser, Command::Tournament(TournamentAction::Create(plan))).await));
    for (i, p) in twelve.iter().enumerate() {
        ok(service.handle(&at(p, 1 + i as i64, false), Command::Tournament(TournamentAction::Join(Some(id)))).await);
    }
    let started = ok(service.handle(&organiser, Command::Tournament(TournamentAction::Start(Some(id)))).await);
    let (mut next, mut now) = (1_000, 1_000);
    let mut games = open(&service, started.openings, &mut next, now).await;
    let mut round = 1;
    let last = loop {
        for (i, channel) in games.iter().enumerate() {
            // Some games end early: a resignation on board 2 of every round.
            let resigns = (i == 1).then(|| twelve[(round * 5) % 12].id);
            play_out(&service, *channel, &twelve, resigns, &mut now).await;
        }
        now += 10;
        let news = service.sweep_tournaments(Timestamp(T0 + now)).await.unwrap();
        if let Some(last) = news.announcements.into_iter().find(|a| a.reply.plain_text().contains("final standings")) {
            break last;
        }
        round += 1;
        games = open(&service, news.openings, &mut next, now).await;
    };
    let picture = last.reply.files.iter().find(|f| f.name == "standings.png").expect("the picture");
    let out = std::path::PathBuf::from(out);
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("standings-swiss-12.png"), &picture.bytes).unwrap();
    // And its crosstable as `/export tournament:` gives it.
    let export = ok(service.handle(&organiser, Command::Tournament(TournamentAction::Export(Some(id)))).await);
    let table = export.reply.files.iter().find(|f| f.name.ends_with(".txt")).expect("the crosstable");
    std::fs::write(out.join("standings-swiss-12.txt"), &table.bytes).unwrap();
}
