//! Board pictures, checked the way a player sees them: decode the PNG and look at the pixel at
//! every square's centre (black, white, empty) and around it (a legal-move ring), the marks of
//! each side's last move and of the turned discs and how much they stand out, every board size
//! in every theme, the status bar (names, counts, the turn, a pass, the move counter, the
//! banner of a final picture), identical bytes for identical input, the byte budget, and the
//! replay GIF's frames.
//!
//! `RENDER_OUT=/tmp/pictures cargo test --test render -- --ignored` writes sample pictures of
//! every size and theme there, to look at.

#[path = "support/pixels.rs"]
mod pixels;

use std::collections::HashMap;

use image::{AnimationDecoder, ImageFormat, RgbImage};
use pixels::{TURN_HALF, contrast, decode, distance, ink_in, pixel, turn_area};
use reversi_bot::engine::{BoardSize, Color, Game, Ply, Rules, Square, random_game};
use reversi_bot::render::{
    Caption, Ending, GIF_END_DELAY, GIF_MOVE_DELAY, Layout, RenderError, RenderOptions, Renderer, Theme,
};
use reversi_bot::service::Locale;

/// A complete game of 60 moves (a random one: Black wins 40-24).
const FULL_GAME: &str = "c4c5b6f3f6b3f4d3f2g4c6c7c2d6b4a4e6d2f5a7a6g3c3d7d8b5b2e3a8g1f1c1h2g5f7h3d1a1h5a3h1g7e7e2e1c8a5g6b8g8a2e8h7h6f8h8g2h4b7b1";

fn game(rules: Rules, moves: &str) -> Game {
    Game::from_transcript(rules, moves).expect("the test game is legal")
}

fn sized(size: BoardSize) -> Rules {
    Rules { size, ..Rules::default() }
}

/// A game in the middle on a board of `size`: the first legal move, eight times over... taken
/// from the start in a fixed way so the position is varied but reproducible.
fn midgame(size: BoardSize, moves: usize) -> Game {
    let mut game = Game::new(sized(size));
    for i in 0..moves {
        let choices = game.legal_choices();
        if choices.is_empty() {
            break;
        }
        game.play(choices[(i * 7 + 3) % choices.len()]).expect("a legal choice is legal");
    }
    game
}

/// What a square looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Disc(Color),
    Empty,
    LegalRing,
    LastMove,
}

/// The pixels from a square's centre outwards to a quarter of a cell, right, left, down and up.
fn rays(img: &RgbImage, layout: &Layout, square: Square) -> Vec<[u8; 3]> {
    let (x, y) = layout.square_centre(square);
    let reach = layout.cell() / 4;
    let mut pixels = Vec::new();
    for d in 1..=reach {
        pixels.extend([(x + d, y), (x - d, y), (x, y + d), (x, y - d)].map(|(x, y)| img.get_pixel(x, y).0));
    }
    pixels
}

/// Classifies `square` by the pixel at its centre (the nearest of the theme's colours) and, for
/// an empty centre, by whether a ring of the mover's legal-move colour surrounds it.
fn seen(img: &RgbImage, layout: &Layout, theme: Theme, mover: Option<Color>, square: Square) -> Seen {
    let colors = theme.colors();
    let (x, y) = layout.square_centre(square);
    let pixel = img.get_pixel(x, y).0;
    let candidates = [
        (Seen::Disc(Color::Black), colors.discs[0].face),
        (Seen::Disc(Color::White), colors.discs[1].face),
        // A disc the last move turned carries a small mark of its own.
        (Seen::Disc(Color::Black), colors.discs[0].flipped),
        (Seen::Disc(Color::White), colors.discs[1].flipped),
        (Seen::Empty, colors.felt),
        (Seen::LastMove, colors.discs[0].last),
        (Seen::LastMove, colors.discs[1].last),
    ];
    let (best, colour) =
        candidates.into_iter().min_by_key(|&(_, c)| distance(c, pixel)).unwrap_or((Seen::Empty, [0; 3]));
    assert!(distance(colour, pixel) <= 3 * 6 * 6, "{square} shows {pixel:?}, far from every colour of {theme}");
    match (best, mover) {
        (Seen::Empty, Some(mover)) if rays(img, layout, square).contains(&colors.legal[mover.index()]) => {
            Seen::LegalRing
        }
        _ => best,
    }
}

/// Checks every square of `game`'s current picture against the position.
fn assert_picture_matches(img: &RgbImage, game: &Game, options: &RenderOptions) {
    let size = game.rules().size;
    let layout = Layout::new(size);
    assert_eq!((img.width(), img.height()), (layout.width(), layout.height()));
    let legal = game.legal_moves();
    let last = game.last_move().map(|m| m.mv.square);
    for square in size.all_squares() {
        let expected = match game.board().at(square) {
            _ if Some(square) == last => Seen::LastMove,
            Some(color) => Seen::Disc(color),
            None if options.legal_moves && legal.contains(square) => Seen::LegalRing,
            None => Seen::Empty,
        };
        let actual = seen(img, &layout, options.theme, game.to_move(), square);
        assert_eq!(actual, expected, "{square} on {size} in {} after {}", options.theme, game.transcript());
    }
}

/// A caption with two players' names, in German.
fn german(game: &Game, names: [&str; 2]) -> Caption {
    Caption {
        names: names.map(String::from),
        to_move: "am Zug".into(),
        passed: "hat gepasst".into(),
        in_hand: "in der Hand".into(),
        move_number: format!("Zug {}", game.move_count()),
        ending: None,
        note: String::new(),
    }
}

/// Where a side's name is written: beside its icon, above the icon's centre line, as far as
/// the turn's words in the middle.
fn name_area(layout: &Layout, color: Color) -> ((i32, i32), (i32, i32)) {
    let (ix, iy) = layout.icon_centre(color);
    let (ix, iy) = (ix as i32, iy as i32);
    let mid = layout.width() as i32 / 2;
    match color {
        Color::Black => ((ix + 24, iy - 22), (mid - TURN_HALF - 1, iy - 5)),
        Color::White => ((mid + TURN_HALF + 1, iy - 22), (ix - 24, iy - 5)),
    }
}

#[test]
fn every_square_centre_shows_the_position_in_every_size_and_theme() {
    let renderer = Renderer::new();
    for size in BoardSize::ALL {
        for theme in Theme::ALL {
            for moves in [0, 1, 9, 20] {
                let game = midgame(size, moves);
                let options = RenderOptions { theme, ..RenderOptions::default() };
                let img = decode(&renderer.board_png(&game, &options));
                assert_picture_matches(&img, &game, &options);
            }
        }
    }
}

#[test]
fn legal_move_rings_can_be_switched_off() {
    let renderer = Renderer::new();
    let game = game(Rules::default(), "f5d6");
    let options = RenderOptions { legal_moves: false, ..RenderOptions::default() };
    let img = decode(&renderer.board_png(&game, &options));
    assert_picture_matches(&img, &game, &options);
    let layout = Layout::new(BoardSize::Eight);
    for square in game.legal_moves() {
        assert_eq!(seen(&img, &layout, Theme::Classic, game.to_move(), square), Seen::Empty);
        assert!(rays(&img, &layout, square).iter().all(|&p| p == Theme::Classic.colors().felt));
    }
}

#[test]
fn the_last_move_is_marked_and_the_turned_discs_are_marked_differently() {
    let renderer = Renderer::new();
    let game = game(Rules::default(), "f5d6c3");
    let img = decode(&renderer.board_png(&game, &RenderOptions::default()));
    let layout = Layout::new(BoardSize::Eight);
    let colors = Theme::Classic.colors();
    let at = |name: &str| {
        img.get_pixel(layout.square_centre(name.parse().unwrap()).0, layout.square_centre(name.parse().unwrap()).1).0
    };
    assert_eq!(at("c3"), colors.discs[0].last, "the last move carries the last-move mark");
    // c3 turned d4: its centre carries the small turned-disc mark, unlike a plain black disc.
    assert_eq!(at("d4"), colors.discs[0].flipped);
    assert_eq!(at("e4"), colors.discs[0].face, "an untouched black disc is plain");
    assert_eq!(at("e5"), colors.discs[0].face, "so is one turned by an earlier move");
    assert_eq!(at("d5"), colors.discs[1].face);
    for square in game.legal_moves() {
        assert_eq!(at(&square.to_string()), colors.felt, "a legal move's centre stays empty");
        assert!(rays(&img, &layout, square).contains(&colors.legal[1]), "white's legal moves are ringed");
    }
}

#[test]
fn each_sides_last_move_is_marked_the_very_last_with_a_dot_the_one_before_with_a_ring() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    // After f5 d6 c3 black (c3) moved last and white (d6) before; after d3 it is the other way.
    for (moves, last, previous) in [("f5d6c3", "c3", "d6"), ("f5d6c3d3", "d3", "c3")] {
        let game = game(Rules::default(), moves);
        for theme in Theme::ALL {
            let colors = theme.colors();
            let img = decode(&renderer.board_png(&game, &RenderOptions { theme, ..RenderOptions::default() }));
            let [last, previous]: [Square; 2] = [last.parse().unwrap(), previous.parse().unwrap()];
            let [mover, other] = [game.board().at(last).unwrap(), game.board().at(previous).unwrap()];
            let (x, y) = layout.square_centre(last);
            assert_eq!(img.get_pixel(x, y).0, colors.discs[mover.index()].last, "{theme}: {moves}: the dot");
            let (x, y) = layout.square_centre(previous);
            assert_eq!(img.get_pixel(x, y).0, colors.discs[other.index()].face, "{theme}: {moves}: the ring's middle");
            assert!(
                rays(&img, &layout, previous).contains(&colors.discs[other.index()].last),
                "{theme}: {moves}: the other side's last move is ringed"
            );
            // e4 has been neither placed nor turned by these moves.
            let marks = rays(&img, &layout, "e4".parse().unwrap());
            assert!(!marks.contains(&colors.discs[0].last) && !marks.contains(&colors.discs[1].last));
        }
    }
}

#[test]
fn flip_marks_stand_out_from_every_disc_colour_in_every_theme() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    // f5 d6 turns d5 white (d4 is a plain white disc); c3 then turns d4 black (e4 is plain).
    for (moves, flipped, plain) in [("f5d6", "d5", "d4"), ("f5d6c3", "d4", "e4")] {
        let game = game(Rules::default(), moves);
        for theme in Theme::ALL {
            let img = decode(&renderer.board_png(&game, &RenderOptions { theme, ..RenderOptions::default() }));
            let colour = game.board().at(flipped.parse().unwrap()).unwrap();
            let centre = |name: &str| {
                let (x, y) = layout.square_centre(name.parse().unwrap());
                img.get_pixel(x, y).0
            };
            let (mark, face) = (centre(flipped), theme.colors().discs[colour.index()].face);
            // A plain disc of the same colour shows its face at the centre; the turned one its mark.
            assert_eq!(centre(plain), face, "{theme}: {plain} is a plain {colour} disc");
            let ratio = contrast(mark, face);
            assert!(ratio >= 3.0, "{theme}: the mark on a turned {colour} disc stands out {ratio:.2}:1");
        }
    }
}

#[test]
fn legal_move_rings_stand_out_from_the_felt_for_both_sides_in_every_theme() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    for moves in ["", "f5"] {
        let game = game(Rules::default(), moves);
        for theme in Theme::ALL {
            let img = decode(&renderer.board_png(&game, &RenderOptions { theme, ..RenderOptions::default() }));
            let felt = theme.colors().felt;
            for square in game.legal_moves() {
                let best = rays(&img, &layout, square).into_iter().map(|p| contrast(p, felt)).fold(1.0, f64::max);
                assert!(best >= 3.0, "{theme}: {square}'s ring stands out {best:.2}:1");
            }
        }
    }
}

#[test]
fn both_icons_in_the_status_bar_stand_out_from_the_frame_in_every_theme() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let game = game(Rules::default(), "f5");
    for theme in Theme::ALL {
        let img = decode(&renderer.board_png(&game, &RenderOptions { theme, ..RenderOptions::default() }));
        let frame = theme.colors().frame;
        for color in Color::BOTH {
            let (x, y) = layout.icon_centre(color);
            // Out to the icon's edge, short of the ring round the side to move.
            for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let best = (0..=17)
                    .map(|d| img.get_pixel((x as i32 + dx * d) as u32, (y as i32 + dy * d) as u32).0)
                    .map(|p| contrast(p, frame))
                    .fold(1.0, f64::max);
                assert!(best >= 3.0, "{theme}: {color}'s icon stands out {best:.2}:1");
            }
        }
    }
}

#[test]
fn move_numbers_are_written_on_the_discs() {
    let renderer = Renderer::new();
    let game = game(Rules::default(), "f5d6c3d3c4");
    let plain = decode(&renderer.board_png(&game, &RenderOptions::default()));
    let numbered =
        decode(&renderer.board_png(&game, &RenderOptions { move_numbers: true, ..RenderOptions::default() }));
    let layout = Layout::new(BoardSize::Eight);
    let cell = layout.cell();
    let ink = |img: &RgbImage, name: &str, color: [u8; 3]| {
        let (cx, cy) = layout.square_centre(name.parse().unwrap());
        let r = cell / 5;
        (cx - r..cx + r)
            .flat_map(|x| (cy - r..cy + r).map(move |y| (x, y)))
            .filter(|&(x, y)| distance(img.get_pixel(x, y).0, color) < 300)
            .count()
    };
    let colors = Theme::Classic.colors();
    // f5 holds a black disc with a "1" on it; d6 a white disc with "2".
    assert!(ink(&numbered, "f5", colors.discs[0].number) > 10);
    assert_eq!(ink(&plain, "f5", colors.discs[0].number), 0);
    assert!(ink(&numbered, "d6", colors.discs[1].number) > 10);
    // The last move's number is written in the last-move colour.
    assert!(ink(&numbered, "c4", colors.discs[0].last) > 10);
    // The starting discs carry no number.
    assert_eq!(ink(&numbered, "e4", colors.discs[0].number), 0);
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    let game = game(Rules::default(), &FULL_GAME[..40]);
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let first = Renderer::new().board_png(&game, &options);
        let shared = Renderer::new();
        assert_eq!(first, shared.board_png(&game, &options));
        assert_eq!(first, shared.board_png(&game, &options), "a second picture from the cache is identical");
        assert_eq!(shared.replay_gif(&game, &options), Renderer::new().replay_gif(&game, &options));
    }
}

#[test]
fn a_default_picture_fits_the_byte_budget() {
    let renderer = Renderer::new();
    for theme in Theme::ALL {
        for (size, moves) in [(BoardSize::Six, 12), (BoardSize::Eight, 30), (BoardSize::Ten, 50)] {
            let png = renderer.board_png(&midgame(size, moves), &RenderOptions { theme, ..RenderOptions::default() });
            assert!(png.len() <= 25 * 1024, "{size} {theme}: {} bytes", png.len());
        }
    }
    let full = game(Rules::default(), FULL_GAME);
    let png = renderer.board_png(&full, &RenderOptions::default());
    assert!(png.len() <= 25 * 1024, "a full board: {} bytes", png.len());
}

#[test]
fn the_default_picture_is_phone_sized() {
    for size in BoardSize::ALL {
        let layout = Layout::new(size);
        assert!((400..=560).contains(&layout.width()), "{size}: {} wide", layout.width());
        assert!(layout.height() < 620, "{size}: {} high", layout.height());
    }
}

#[test]
fn an_earlier_position_shows_that_position() {
    let renderer = Renderer::new();
    let full = game(Rules::default(), "f5d6c3d3c4f4");
    let earlier = game(Rules::default(), "f5d6c3");
    let options = RenderOptions::default();
    assert_eq!(renderer.position_png(&full, 3, &options), Ok(renderer.board_png(&earlier, &options)));
    assert_eq!(renderer.position_png(&full, 6, &options), Ok(renderer.board_png(&full, &options)));
    assert_eq!(renderer.position_png(&full, 7, &options), Err(RenderError::NoSuchMove { requested: 7, played: 6 }));
    let start = decode(&renderer.position_png(&full, 0, &options).unwrap());
    assert_picture_matches(&start, &Game::new(Rules::default()), &options);
}

#[test]
fn a_finished_game_renders_with_its_result() {
    let renderer = Renderer::new();
    let full = game(Rules::default(), FULL_GAME);
    assert!(full.is_over());
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let img = decode(&renderer.board_png(&full, &options));
        assert_picture_matches(&img, &full, &options);
    }
}

#[test]
fn discs_in_hand_render_under_a_limited_supply() {
    let renderer = Renderer::new();
    let game = game(Rules::ravensburger(), "f5d6c3");
    let options = RenderOptions { theme: Theme::Ravensburger, ..RenderOptions::default() };
    let with_hands = renderer.board_png(&game, &options);
    let img = decode(&with_hands);
    assert_picture_matches(&img, &game, &options);
    let without = Game::from_transcript(Rules::default(), "f5d6c3").unwrap();
    assert_ne!(with_hands, renderer.board_png(&without, &options), "the hands are drawn");
}

#[test]
fn a_free_centre_opening_shows_an_empty_board_with_the_centre_dotted() {
    let renderer = Renderer::new();
    let rules = Rules { start: reversi_bot::engine::Start::FreeCentre, ..Rules::default() };
    for moves in ["", "d4", "d4e4e5"] {
        let game = game(rules, moves);
        let options = RenderOptions::default();
        let img = decode(&renderer.board_png(&game, &options));
        assert_picture_matches(&img, &game, &options);
    }
}

#[test]
fn threads_sharing_one_renderer_get_the_same_pictures() {
    let renderer = Renderer::new();
    let game = game(Rules::default(), &FULL_GAME[..50]);
    let options = RenderOptions { theme: Theme::Ravensburger, ..RenderOptions::default() };
    let pictures: Vec<Vec<u8>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4).map(|_| scope.spawn(|| renderer.board_png(&game, &options))).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(pictures.windows(2).all(|w| w[0] == w[1]));
}

fn gif_frames(gif: &[u8]) -> Vec<image::Frame> {
    assert!(gif.starts_with(b"GIF89a"), "not a GIF");
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("the GIF header decodes");
    decoder.into_frames().collect_frames().expect("every frame decodes")
}

#[test]
fn the_replay_has_the_start_and_one_frame_per_move_and_ends_on_the_final_position() {
    let renderer = Renderer::new();
    let small = midgame(BoardSize::Six, 7).transcript();
    for (rules, moves) in
        [(Rules::default(), FULL_GAME), (sized(BoardSize::Six), small.as_str()), (Rules::default(), "")]
    {
        let game = game(rules, moves);
        for theme in [Theme::Classic, Theme::ColorBlind] {
            let options = RenderOptions { theme, legal_moves: false, ..RenderOptions::default() };
            let gif = renderer.replay_gif(&game, &options);
            let frames = gif_frames(&gif);
            assert_eq!(frames.len(), game.move_count() + 1, "{moves}");
            let last = frames.last().unwrap();
            let (numerator, denominator) = last.delay().numer_denom_ms();
            assert_eq!(numerator / denominator, u32::from(GIF_END_DELAY) * 10, "the replay pauses on the end");
            // The last frame, composed over the earlier ones, is exactly the final picture.
            let final_png = decode(&renderer.board_png(&game, &options));
            let final_frame = image::DynamicImage::ImageRgba8(last.buffer().clone()).to_rgb8();
            assert_eq!(final_frame, final_png, "{theme}: {moves}");
            if frames.len() > 2 {
                let (numerator, denominator) = frames[1].delay().numer_denom_ms();
                assert_eq!(numerator / denominator, u32::from(GIF_MOVE_DELAY) * 10);
            }
        }
    }
}

#[test]
fn a_whole_game_replay_fits_discord() {
    let renderer = Renderer::new();
    let full = game(Rules::default(), FULL_GAME);
    for theme in Theme::ALL {
        let gif = renderer.replay_gif(&full, &RenderOptions { theme, ..RenderOptions::default() });
        assert!(gif.len() < 2 * 1024 * 1024, "{theme}: {} bytes", gif.len());
    }
}

#[test]
fn the_render_command_draws_the_position_or_the_replay_and_rejects_bad_moves() {
    use reversi_bot::cli::render;
    let png = render("f5d6c3", Rules::default(), Theme::Classic, false, Locale::English).unwrap();
    assert_picture_matches(&decode(&png), &game(Rules::default(), "f5d6c3"), &RenderOptions::default());
    let six = midgame(BoardSize::Six, 2);
    let gif = render(
        &six.transcript(),
        Rules { size: BoardSize::Six, ..Rules::default() },
        Theme::Dark,
        true,
        Locale::German,
    )
    .unwrap();
    let frames = gif_frames(&gif);
    assert_eq!(frames.len(), 3);
    let last = image::DynamicImage::ImageRgba8(frames[2].buffer().clone()).to_rgb8();
    let options = RenderOptions { theme: Theme::Dark, legal_moves: false, ..RenderOptions::default() };
    assert_picture_matches(&last, &six, &options);
    let err = render("f5f5", Rules::default(), Theme::Classic, false, Locale::English).unwrap_err();
    assert!(err.to_string().contains("move 2"), "{err}");
    assert!(render("f5 zz", Rules::default(), Theme::Classic, false, Locale::English).is_err());
}

/// The first seeded random game with a forced pass, cut just after the pass.
fn just_after_a_pass() -> (Game, Color) {
    for seed in 0.. {
        let full = random_game(Rules::default(), seed);
        let Some(i) = full.plies().iter().position(|p| matches!(p, Ply::Pass(_))) else { continue };
        let Ply::Pass(passer) = full.plies()[i] else { unreachable!() };
        let moves = full.plies()[..i].iter().filter(|p| matches!(p, Ply::Move(_))).count();
        let mut game = full.clone();
        while game.move_count() > moves {
            game.undo();
        }
        // A pass that ends nothing: the game goes on with the other side to move again.
        if !game.is_over() && game.to_move() == Some(passer.opponent()) {
            return (game, passer);
        }
    }
    unreachable!("random games pass now and then")
}

#[test]
fn the_players_names_are_written_beside_their_discs() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let game = game(Rules::default(), "f5d6c3");
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let frame = theme.colors().frame;
        let named = decode(&renderer.board_png_captioned(&game, &options, &german(&game, ["Jürgen", "Åsa"])));
        let nameless = decode(&renderer.board_png_captioned(&game, &options, &german(&game, ["", ""])));
        for color in Color::BOTH {
            let (from, to) = name_area(&layout, color);
            assert!(ink_in(&named, from, to, frame) > 40, "{theme}: {color}'s name is written");
            assert_eq!(ink_in(&nameless, from, to, frame), 0, "{theme}: nothing where no name is given");
        }
    }
}

#[test]
fn names_with_letters_the_font_lacks_are_drawn_without_a_panic() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let game = game(Rules::default(), "f5d6c3");
    let names = ["🐉 Đặng Thị 中文 \u{200D}\u{FE0F}", "\u{0000}\t\u{202E}ßøñ ΣΩ Жук \u{202E}👨‍👩‍👧"];
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let png = renderer.board_png_captioned(&game, &options, &german(&game, names));
        let img = decode(&png);
        for color in Color::BOTH {
            let (from, to) = name_area(&layout, color);
            assert!(ink_in(&img, from, to, theme.colors().frame) > 40, "{theme}: {color}'s name is written");
        }
        assert_eq!(png, renderer.board_png_captioned(&game, &options, &german(&game, names)));
    }
}

#[test]
fn long_names_are_cut_to_fit_their_side_of_the_status_bar() {
    let renderer = Renderer::new();
    let game = game(Rules::default(), "f5d6c3");
    let long =
        ["Maximilian Alexander von Hohenzollern-Sigmaringen", "Ｗｉｄｅ Ｗｉｄｅ Ｗｉｄｅ WWWWWWWWWWWWWWWWWWWWWWWW"];
    for size in BoardSize::ALL {
        let layout = Layout::new(size);
        let game = if size == BoardSize::Eight { game.clone() } else { midgame(size, 3) };
        let mid = layout.width() as i32 / 2;
        for theme in Theme::ALL {
            let options = RenderOptions { theme, ..RenderOptions::default() };
            let frame = theme.colors().frame;
            let short = decode(&renderer.board_png_captioned(&game, &options, &german(&game, ["Bo", "Al"])));
            let cut = decode(&renderer.board_png_captioned(&game, &options, &german(&game, long)));
            // The turn between the names is untouched by them.
            let (from, to) = turn_area(&layout);
            for (x, y) in (from.1..=to.1).flat_map(|y| (from.0..=to.0).map(move |x| (x, y))) {
                assert_eq!(pixel(&cut, x, y), pixel(&short, x, y), "{size} {theme}: ({x}, {y})");
            }
            // On a final picture, with nothing between them, the names still keep apart.
            let ending = Ending { winner: Some(Color::Black), banner: "Maximilian gewinnt".into() };
            let caption = Caption { ending: Some(ending), ..german(&game, long) };
            let last = decode(&renderer.board_png_captioned(&game, &options, &caption));
            let (_, iy) = layout.icon_centre(Color::Black);
            assert_eq!(
                ink_in(&last, (mid - 12, iy as i32 - 22), (mid + 12, iy as i32 + 22), frame),
                0,
                "{size} {theme}"
            );
            assert!(ink_in(&last, name_area(&layout, Color::Black).0, name_area(&layout, Color::Black).1, frame) > 200);
        }
    }
}

#[test]
fn the_side_to_move_is_pointed_at_and_a_pass_is_shown() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let (game, passer) = just_after_a_pass();
    let (from, to) = turn_area(&layout);
    let mid = layout.width() as i32 / 2;
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let colors = theme.colors();
        let caption = german(&game, ["Jürgen", "Åsa"]);
        let img = decode(&renderer.board_png_captioned(&game, &options, &caption));
        let quiet = decode(&renderer.board_png_captioned(
            &game,
            &options,
            &Caption { passed: String::new(), ..caption.clone() },
        ));
        // The arrow towards the mover is in the accent colour, on the mover's side of the middle.
        let accent: Vec<i32> = (from.1..=to.1)
            .flat_map(|y| (from.0..=to.0).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(&img, x, y) == colors.accent)
            .map(|(x, _)| x)
            .collect();
        assert!(!accent.is_empty(), "{theme}: an arrow points at the side to move");
        let mover = passer.opponent();
        let towards_black = accent.iter().sum::<i32>() / accent.len() as i32 - mid;
        assert_eq!(towards_black < 0, mover == Color::Black, "{theme}: the arrow is on {mover}'s side");
        // "passed" is written between the players (and the pass's arrow with it).
        assert!(ink_in(&img, from, to, colors.frame) > ink_in(&quiet, from, to, colors.frame) + 40, "{theme}");
        assert_picture_matches(&img, &game, &options);
    }
}

#[test]
fn a_final_picture_after_a_resignation_shows_the_banner_and_no_turn() {
    let renderer = Renderer::new();
    let game = game(Rules::default(), "f5d6c3d3c4f4f6f3e6e7");
    assert!(!game.is_over());
    for size in BoardSize::ALL {
        let layout = Layout::new(size);
        let game = if size == BoardSize::Eight { game.clone() } else { midgame(size, 10) };
        for theme in Theme::ALL {
            let options = RenderOptions { theme, ..RenderOptions::default() };
            let colors = theme.colors();
            let live = german(&game, ["Jürgen", "Åsa"]);
            let ending = Ending { winner: Some(Color::White), banner: "Åsa gewinnt 30-34 durch Aufgabe".into() };
            let last = Caption { ending: Some(ending), ..live.clone() };
            let before = decode(&renderer.board_png_captioned(&game, &options, &live));
            let after = decode(&renderer.board_png_captioned(&game, &options, &last));
            // No legal moves and no turn any more.
            for square in game.legal_moves() {
                assert!(rays(&after, &layout, square).iter().all(|&p| p == colors.felt), "{size} {theme}: {square}");
            }
            let (from, to) = turn_area(&layout);
            assert!(ink_in(&before, from, to, colors.frame) > 0);
            assert_eq!(ink_in(&after, from, to, colors.frame), 0, "{size} {theme}: nothing between the players");
            // The banner across the second line, with the words on it.
            let line_y = layout.line_y() as i32;
            let (left, _) = layout.icon_centre(Color::Black);
            let (right, _) = layout.icon_centre(Color::White);
            assert_eq!(pixel(&after, left as i32, line_y), colors.accent, "{size} {theme}: the winner's banner");
            assert_eq!(pixel(&after, right as i32, line_y), colors.accent);
            assert_eq!(pixel(&before, left as i32, line_y), colors.frame);
            let mid = layout.width() as i32 / 2;
            assert!(ink_in(&after, (mid - 60, line_y - 6), (mid + 60, line_y + 6), colors.accent) > 60);
            // The winner's icon is ringed, the loser's not.
            for (color, ringed) in [(Color::White, true), (Color::Black, false)] {
                let (x, y) = layout.icon_centre(color);
                let ring = (19..=22).map(|d| pixel(&after, x as i32, y as i32 - d)).any(|p| p == colors.accent);
                assert_eq!(ring, ringed, "{size} {theme}: {color}'s ring");
            }
            // The discs are as they were.
            for square in size.all_squares() {
                let (x, y) = layout.square_centre(square);
                if game.board().at(square).is_some() {
                    assert_eq!(after.get_pixel(x, y), before.get_pixel(x, y));
                }
            }
        }
    }
}

#[test]
fn a_draw_or_an_aborted_game_gets_a_plain_banner_and_no_ring() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let game = game(Rules::default(), "f5d6c3");
    for theme in Theme::ALL {
        let colors = theme.colors();
        let ending = Ending { winner: None, banner: "Partie abgebrochen".into() };
        let caption = Caption { ending: Some(ending), ..german(&game, ["Jürgen", "Åsa"]) };
        let img = decode(&renderer.board_png_captioned(
            &game,
            &RenderOptions { theme, ..RenderOptions::default() },
            &caption,
        ));
        let (x, _) = layout.icon_centre(Color::Black);
        let banner = pixel(&img, x as i32, layout.line_y() as i32);
        assert!(banner != colors.frame && banner != colors.accent, "{theme}: a banner, not the winner's");
        for color in Color::BOTH {
            let (x, y) = layout.icon_centre(color);
            assert!((19..=22).all(|d| pixel(&img, x as i32, y as i32 - d) != colors.accent), "{theme}: no ring");
        }
    }
}

#[test]
fn a_game_over_on_the_board_rings_the_winner_even_without_an_ending() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let full = game(Rules::default(), FULL_GAME);
    let caption = Caption { move_number: "Zug 60".into(), ..german(&full, ["Jürgen", "Åsa"]) };
    let img = decode(&renderer.board_png_captioned(&full, &RenderOptions::default(), &caption));
    let colors = Theme::Classic.colors();
    let (x, y) = layout.icon_centre(Color::Black);
    assert!((19..=22).any(|d| pixel(&img, x as i32, y as i32 - d) == colors.accent), "black won 40-24");
    let (from, to) = turn_area(&layout);
    assert_eq!(ink_in(&img, from, to, colors.frame), 0, "no turn");
    assert_picture_matches(&img, &full, &RenderOptions::default());
}

#[test]
fn the_move_counter_and_the_note_are_written_under_the_players() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let game = game(Rules::default(), "f5d6c3");
    let mid = layout.width() as i32 / 2;
    let y = layout.line_y() as i32;
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let frame = theme.colors().frame;
        let caption = german(&game, ["Jürgen", "Åsa"]);
        let area = |caption: &Caption| {
            let img = decode(&renderer.board_png_captioned(&game, &options, caption));
            ink_in(&img, (mid - 200, y - 10), (mid + 200, y + 10), frame)
        };
        let counter = area(&caption);
        let none = area(&Caption { move_number: String::new(), ..caption.clone() });
        let noted = area(&Caption { note: "Tiger".into(), ..caption.clone() });
        assert_eq!(none, 0, "{theme}");
        assert!(counter > 40 && noted > counter + 40, "{theme}: {none} < {counter} < {noted}");
    }
}

#[test]
fn captioned_pictures_are_the_same_bytes_every_time_and_fit_the_budget() {
    let game = game(Rules::default(), &FULL_GAME[..60]);
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let caption =
            Caption { note: "Tiger · Ａ 😀".into(), ..german(&game, ["Jürgen Weißmüller", "Åsa Öberg"]) };
        let first = Renderer::new().board_png_captioned(&game, &options, &caption);
        let shared = Renderer::new();
        shared.board_png_captioned(&game, &options, &german(&game, ["Zoë", "Ærøskøbing"]));
        assert_eq!(first, shared.board_png_captioned(&game, &options, &caption), "{theme}: a warm glyph cache");
        assert!(first.len() <= 25 * 1024, "{theme}: {} bytes", first.len());
    }
}

#[test]
fn a_picture_without_a_caption_has_no_words_but_still_shows_the_counts_and_the_turn() {
    let renderer = Renderer::new();
    let layout = Layout::new(BoardSize::Eight);
    let game = game(Rules::default(), "f5d6c3");
    let (from, to) = turn_area(&layout);
    let mid = layout.width() as i32 / 2;
    let y = layout.line_y() as i32;
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let colors = theme.colors();
        let bare = renderer.board_png(&game, &options);
        assert_eq!(bare, renderer.board_png_captioned(&game, &options, &Caption::default()), "{theme}");
        let bare = decode(&bare);
        let worded = decode(&renderer.board_png_captioned(&game, &options, &english(&game, ["Jürgen", "Åsa"])));
        for color in Color::BOTH {
            let (from, to) = name_area(&layout, color);
            assert_eq!(ink_in(&bare, from, to, colors.frame), 0, "{theme}: no name for {color}");
            // The count under where the name would be is drawn all the same.
            let (ix, iy) = layout.icon_centre(color);
            let (x0, x1) = match color {
                Color::Black => (ix as i32 + 24, mid - TURN_HALF - 1),
                Color::White => (mid + TURN_HALF + 1, ix as i32 - 24),
            };
            assert!(ink_in(&bare, (x0, iy as i32 - 4), (x1, iy as i32 + 20), colors.frame) > 40, "{theme}: {color}");
        }
        assert_eq!(ink_in(&bare, (mid - 200, y - 10), (mid + 200, y + 10), colors.frame), 0, "{theme}: no counter");
        // The arrow towards the side to move stays, without its words.
        let arrow = ink_in(&bare, from, to, colors.frame);
        assert!(arrow > 0 && arrow + 40 < ink_in(&worded, from, to, colors.frame), "{theme}: {arrow}");
        assert_picture_matches(&bare, &game, &options);
    }
}

#[test]
fn every_replay_frame_shows_its_move_number_and_the_last_one_the_ending() {
    let renderer = Renderer::new();
    let full = game(Rules::default(), "f5d6c3d3c4f4f6f3e6e7");
    let label = |k: usize| format!("Zug {k}");
    for theme in [Theme::Classic, Theme::Dark] {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let ending = Ending { winner: Some(Color::Black), banner: "Jürgen gewinnt durch Zeitüberschreitung".into() };
        let caption = Caption { ending: Some(ending), note: "Tiger".into(), ..german(&full, ["Jürgen", "Åsa"]) };
        let frames = gif_frames(&renderer.replay_gif_captioned(&full, &options, &caption, &label));
        assert_eq!(frames.len(), 11);
        for (k, frame) in frames.iter().enumerate() {
            let position = game(Rules::default(), &full.transcript()[..2 * k]);
            let expected = Caption {
                move_number: label(k),
                ending: if k == 10 { caption.ending.clone() } else { None },
                ..caption.clone()
            };
            let picture = decode(&renderer.board_png_captioned(&position, &options, &expected));
            let frame = image::DynamicImage::ImageRgba8(frame.buffer().clone()).to_rgb8();
            assert_eq!(frame, picture, "{theme}: frame {k}");
        }
    }
}

/// A caption with two players' names, in English.
fn english(game: &Game, names: [&str; 2]) -> Caption {
    Caption {
        names: names.map(String::from),
        to_move: "to move".into(),
        passed: "passed".into(),
        in_hand: "in hand".into(),
        move_number: format!("Move {}", game.move_count()),
        ending: None,
        note: String::new(),
    }
}

/// Sample pictures of every size in every theme, by file name, for a person to look at (the
/// gallery in `docs/screenshots` is the service's own, from `tests/gallery.rs`).
fn sample_pictures() -> Vec<(String, Vec<u8>)> {
    let renderer = Renderer::new();
    let mut pictures = Vec::new();
    let mid = game(Rules::default(), "f5d6c3d3c4f4f6f3e6e7");
    let players = ["Jürgen", "Åsa"];
    for theme in Theme::ALL {
        let options = RenderOptions { theme, ..RenderOptions::default() };
        let caption = Caption { note: "Tiger".into(), ..english(&mid, players) };
        pictures.push((format!("{theme}-8x8.png"), renderer.board_png_captioned(&mid, &options, &caption)));
        for (size, moves) in [(BoardSize::Six, 14), (BoardSize::Ten, 41)] {
            let game = midgame(size, moves);
            let caption = english(&game, ["Åsa Lindqvist", "Zoë"]);
            let png = renderer.board_png_captioned(&game, &options, &caption);
            pictures.push((format!("{theme}-{}x{}.png", size.side(), size.side()), png));
        }
        let resigned = Caption {
            ending: Some(Ending { winner: Some(Color::White), banner: "Åsa wins by resignation (6-8)".into() }),
            ..english(&mid, players)
        };
        pictures.push((format!("{theme}-resigned.png"), renderer.board_png_captioned(&mid, &options, &resigned)));
        let aborted = Caption {
            ending: Some(Ending { winner: None, banner: "Game aborted at 6-8: no result".into() }),
            ..english(&mid, players)
        };
        pictures.push((format!("{theme}-aborted.png"), renderer.board_png_captioned(&mid, &options, &aborted)));
        let (passed, _) = just_after_a_pass();
        let caption = english(&passed, players);
        pictures.push((format!("{theme}-pass.png"), renderer.board_png_captioned(&passed, &options, &caption)));
        let full = game(Rules::default(), FULL_GAME);
        let over = Caption {
            ending: Some(Ending { winner: Some(Color::Black), banner: "Maximilian wins 40-24".into() }),
            ..english(&full, ["Maximilian Alexander von Hohenzollern", "Åsa"])
        };
        pictures.push((format!("{theme}-end.png"), renderer.board_png_captioned(&full, &options, &over)));
        let numbers = RenderOptions { move_numbers: true, ..options };
        pictures.push((format!("{theme}-numbers.png"), renderer.board_png_captioned(&full, &numbers, &over)));
        let limited = game(Rules::ravensburger(), "f5d6c3d3c4");
        let hands = german(&limited, players);
        pictures.push((format!("{theme}-hands.png"), renderer.board_png_captioned(&limited, &options, &hands)));
        let replay = Caption { note: "Tiger".into(), ..english(&mid, players) };
        let label = |k: usize| if k == 0 { "Start".to_string() } else { format!("Move {k}") };
        let gif =
            renderer.replay_gif_captioned(&mid, &RenderOptions { legal_moves: false, ..options }, &replay, &label);
        let frame = image::DynamicImage::ImageRgba8(gif_frames(&gif)[6].buffer().clone()).to_rgb8();
        let mut png = Vec::new();
        frame.write_to(&mut std::io::Cursor::new(&mut png), ImageFormat::Png).unwrap();
        pictures.push((format!("{theme}-replay-frame-6.png"), png));
        pictures.push((format!("{theme}-replay.gif"), gif));
    }
    pictures
}

/// Not a check: writes sample pictures to `$RENDER_OUT` for a person to look at.
#[test]
#[ignore = "writes files; run with RENDER_OUT=dir"]
fn dump_sample_pictures() {
    let Some(dir) = std::env::var_os("RENDER_OUT") else { return };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut sizes = HashMap::new();
    for (name, bytes) in sample_pictures() {
        sizes.insert(name.clone(), bytes.len());
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let mut sizes: Vec<_> = sizes.into_iter().collect();
    sizes.sort();
    println!("{sizes:?}");
}
