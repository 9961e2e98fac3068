//! The coach on real games: games between the bot's levels, reviewed by the real review code,
//! have most of their listed mistakes explained by an idea, and a review card explains each idea
//! once, in every language.

#[path = "support/players.rs"]
mod players;

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use reversi_bot::ai::coach::{Motif, explain};
use reversi_bot::ai::eval::SCALE;
use reversi_bot::ai::review::{GameReview, ReviewConfig, review};
use reversi_bot::ai::{AiConfig, Level, Searcher};
use reversi_bot::discord::convert::markdown;
use reversi_bot::engine::{BoardSize, Color, Game, Rules};
use reversi_bot::service::{Command, Locale, Response, Service, ServiceOptions, components};
use reversi_bot::store::{ColorChoice, Store};

use players::*;

/// The most mistakes a review card lists per player, and the smallest loss listed, in discs (as
/// the service lists them).
const LISTED: usize = 5;
const LISTED_DISCS: i32 = 2;

/// A game between the bot's levels `black` and `white`, each move chosen with `seed`. Levels 1 to
/// 3 are depth-limited and play the same game every time; level 4 thinks for `budget`.
fn bot_game(black: u8, white: u8, seed: u64, budget: Duration) -> Game {
    let mut game = Game::new(Rules::default());
    let mut searcher = Searcher::new(4);
    let config = AiConfig { budget, tt_megabytes: 4 };
    let cancel = AtomicBool::new(false);
    let mut ply = 0;
    while let Some(color) = game.to_move() {
        let level = Level::new(if color == Color::Black { black } else { white }).expect("a level");
        let choice = searcher.choose(&game, level, &config, seed * 1000 + ply, &cancel).expect("a move");
        game.play(choice.mv).expect("a legal move");
        ply += 1;
    }
    game
}

/// The sample's game `seed`: a weak level (1 to 3) against a stronger one (3 or 4), the weak
/// side taking Black and White in turn, so that both sides make mistakes worth listing.
fn sample_game(seed: u64) -> Game {
    let weak = 1 + (seed % 3) as u8;
    let strong = 3 + (seed / 3 % 2) as u8;
    let (black, white) = if seed.is_multiple_of(2) { (weak, strong) } else { (strong, weak) };
    bot_game(black, white, seed, Duration::from_millis(100))
}

#[test]
fn most_mistakes_of_real_games_are_explained() {
    let mut searcher = Searcher::new(16);
    let cancel = AtomicBool::new(false);
    // A modest review: a search 6 plies deep, exact for what a second allows.
    let config = ReviewConfig { budget: Duration::from_millis(1000), max_depth: 6 };
    let (mut listed, mut explained) = (0, 0);
    let mut unexplained = Vec::new();
    let mut ideas: Vec<(String, usize)> = Vec::new();
    for seed in 0..12 {
        let game = sample_game(seed);
        let reviewed = review(&game, &config, &mut searcher, &cancel).expect("a review");
        for color in Color::BOTH {
            for m in reviewed.mistakes(color, LISTED, LISTED_DISCS * SCALE) {
                let (p, o) = GameReview::position_before(&game, m.number).expect("the position");
                let index = |square: reversi_bot::engine::Square| square.index(BoardSize::Eight) as u8;
                let motifs = explain(p, o, index(m.played), index(m.best));
                listed += 1;
                if motifs.is_empty() {
                    unexplained.push(format!("game {seed}, {}. {} instead of {}", m.number, m.played, m.best));
                } else {
                    explained += 1;
                }
                for motif in &motifs {
                    let name = idea(motif);
                    match ideas.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, count)) => *count += 1,
                        None => ideas.push((name, 1)),
                    }
                }
            }
        }
    }
    eprintln!("{explained} of {listed} listed mistakes explained; ideas: {ideas:?}");
    assert!(listed >= 80, "the sample lists enough mistakes to judge: {listed}");
    // Measured at 55-59% on this sample (13% before corners given a move or two later, edges
    // given, stable discs, mobility, potential mobility and the frontier were ideas), and at 62%
    // on 42 such games; most of the rest are small losses in the opening that turn on tactics
    // deeper than an idea can name.
    assert!(explained * 2 > listed, "{explained} of {listed} explained; not: {unexplained:#?}");
    assert!(ideas.len() >= 6, "many ideas, not one idea for everything: {ideas:?}");
}

/// The kind of idea a motif is, for counting.
fn idea(motif: &Motif) -> String {
    let debug = format!("{motif:?}");
    debug.split([' ', '{']).next().unwrap_or_default().to_string()
}

/// Alice (Black) and Bob (White) play `game`'s moves in their channel, and Carol asks for the
/// review card in each language; the cards.
async fn review_cards(game: &Game) -> Vec<(Locale, Response)> {
    let options = ServiceOptions {
        review: ReviewConfig { budget: Duration::from_secs(2), max_depth: 6 },
        ..ServiceOptions::default()
    };
    let service = Service::new(Store::open("sqlite::memory:").await.expect("a store"), bot_user(), options);
    let challenge = Command::Challenge {
        opponent: Some(bob()),
        color: ColorChoice::Black,
        rated: false,
        private: false,
        rules: Rules::default(),
    };
    let response = ok(service.handle(&asking(&alice(), CHANNEL, T0, Locale::English), challenge).await);
    let accept = response.reply.custom_ids().into_iter().find(|id| id.contains(":acc:")).expect("Accept").to_string();
    let accepted = components::parse(&accept, &[]).expect("a button");
    ok(service.handle(&asking(&bob(), CHANNEL, T0 + 1, Locale::English), accepted).await);
    for (i, played) in game.moves().enumerate() {
        let player = if played.color == Color::Black { alice() } else { bob() };
        let asked = asking(&player, CHANNEL, T0 + 10 + i as i64, Locale::English);
        ok(service.handle(&asked, Command::Move(played.mv.to_string())).await);
    }
    let mut cards = Vec::new();
    for (i, locale) in [Locale::English, Locale::German, Locale::Swedish].into_iter().enumerate() {
        let asked = asking(&carol(), CHANNEL, T0 + 500 + i as i64, locale);
        cards.push((locale, ok(service.handle(&asked, Command::Review(None)).await)));
    }
    cards
}

/// The sentences of a card's listed mistakes: each line that starts with a move number, cut after
/// each full stop.
fn mistake_sentences(card: &str) -> Vec<String> {
    card.lines()
        .filter(|line| line.split_once(". ").is_some_and(|(number, _)| number.parse::<u32>().is_ok()))
        .flat_map(|line| line.split(". ").map(str::to_string).collect::<Vec<_>>())
        .filter(|sentence| sentence.parse::<u32>().is_err())
        .collect()
}

#[tokio::test]
async fn a_review_card_explains_each_idea_once_in_every_language() {
    // Level 1 against level 2: ten listed mistakes, many of them for the same few reasons.
    let game = bot_game(1, 2, 4, Duration::from_millis(100));
    for (locale, response) in review_cards(&game).await {
        let card = shown(&response);
        let sentences = mistake_sentences(&card);
        assert!(sentences.len() >= 10, "{locale:?}: the mistakes are listed and explained:\n{card}");
        for (i, sentence) in sentences.iter().enumerate() {
            assert!(!sentences[..i].contains(sentence), "{locale:?}: said twice: {sentence}\n{card}");
        }
        // An idea met again is named and points back to where it was explained.
        let back = match locale {
            Locale::German => "(siehe Zug ",
            Locale::Swedish => "(se drag ",
            _ => "(see move ",
        };
        assert!(card.contains(back), "{locale:?}: a later mistake points back to an idea:\n{card}");
        // Each player's field fits Discord's, so nothing is cut off.
        for field in &response.reply.embed.as_ref().expect("the card").fields {
            let length = markdown(&field.value).chars().count();
            assert!(length <= 1024, "{locale:?}: a field of {length} characters:\n{card}");
        }
        eprintln!("{card}\n");
    }
}
