//! Board pictures, checked the way a player sees them: decode the PNG and look at the pixel at
//! every square's centre (black, white, empty or a legal-move dot), the last-move mark, every
//! board size in every theme, identical bytes for identical input, the byte budget, and the
//! replay GIF's frames.
//!
//! `RENDER_OUT=/tmp/pictures cargo test --test render -- --ignored` writes sample pictures of
//! every size and theme there, to look at.

use std::collections::HashMap;

use image::{AnimationDecoder, ImageFormat, RgbImage};
use reversi_bot::engine::{BoardSize, Color, Game, Rules, Square};
use reversi_bot::render::{
    GIF_END_DELAY, GIF_MOVE_DELAY, Layout, MAX_DESCRIPTION, RenderError, RenderOptions, Renderer, Theme, describe,
    render_cli,
};

/// A complete game of 60 moves (a random one: Black wins 40-24).
const FULL_GAME: &str = "c4c5b6f3f6b3f4d3f2g4c6c7c2d6b4a4e6d2f5a7a6g3c3d7d8b5b2e3a8g1f1c1h2g5f7h3d1a1h5a3h1g7e7e2e1c8a5g6b8g8a2e8h7h6f8h8g2h4b7b1";

fn decode(png: &[u8]) -> RgbImage {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "not a PNG");
    image::load_from_memory_with_format(png, ImageFormat::Png).expect("the PNG decodes").to_rgb8()
}

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

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3).map(|i| (a[i] as i32 - b[i] as i32).pow(2) as u32).sum()
}

/// What the centre of a square looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Disc(Color),
    Empty,
    LegalDot,
    LastMove,
}

/// Classifies the pixel at `square`'s centre by the nearest of the theme's colours.
fn seen(img: &RgbImage, layout: &Layout, theme: Theme, mover: Option<Color>, square: Square) -> Seen {
    let colors = theme.colors();
    let (x, y) = layout.square_centre(square);
    let pixel = img.get_pixel(x, y).0;
    let mut candidates = vec![
        (Seen::Disc(Color::Black), colors.discs[0].face),
        (Seen::Disc(Color::White), colors.discs[1].face),
        // A disc the last move turned carries a small mark of its own.
        (Seen::Disc(Color::Black), colors.discs[0].flipped),
        (Seen::Disc(Color::White), colors.discs[1].flipped),
        (Seen::Empty, colors.felt),
        (Seen::LastMove, colors.last_move),
    ];
    if let Some(mover) = mover {
        candidates.push((Seen::LegalDot, colors.legal[mover.index()]));
    }
    let (best, colour) =
        candidates.into_iter().min_by_key(|&(_, c)| distance(c, pixel)).unwrap_or((Seen::Empty, [0; 3]));
    assert!(distance(colour, pixel) <= 3 * 6 * 6, "{square} shows {pixel:?}, far from every colour of {theme}");
    best
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
            None if options.legal_moves && legal.contains(square) => Seen::LegalDot,
            None => Seen::Empty,
        };
        let actual = seen(img, &layout, options.theme, game.to_move(), square);
        assert_eq!(actual, expected, "{square} on {size} in {} after {}", options.theme, game.transcript());
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
fn legal_move_dots_can_be_switched_off() {
    let renderer = Renderer::new();
    let game = game(Rules::default(), "f5d6");
    let options = RenderOptions { legal_moves: false, ..RenderOptions::default() };
    let img = decode(&renderer.board_png(&game, &options));
    assert_picture_matches(&img, &game, &options);
    let layout = Layout::new(BoardSize::Eight);
    for square in game.legal_moves() {
        assert_eq!(seen(&img, &layout, Theme::Classic, game.to_move(), square), Seen::Empty);
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
    assert_eq!(at("c3"), colors.last_move, "the last move carries the last-move mark");
    // c3 turned d4: its centre carries the small turned-disc mark, lighter than a plain black disc.
    assert_eq!(at("d4"), colors.discs[0].flipped);
    assert_eq!(at("e4"), colors.discs[0].face, "an untouched black disc is plain");
    assert_eq!(at("e5"), colors.discs[0].face, "so is one turned by an earlier move");
    assert_eq!(at("d5"), colors.discs[1].face);
    for square in game.legal_moves() {
        assert_eq!(at(&square.to_string()), colors.legal[1], "white's legal moves are dotted");
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
    assert!(ink(&numbered, "c4", colors.last_move) > 10);
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
fn the_cli_renders_a_png_or_a_gif_and_rejects_bad_moves() {
    let png = render_cli("f5d6c3", BoardSize::Eight, Theme::Classic, false).unwrap();
    assert_picture_matches(&decode(&png), &game(Rules::default(), "f5d6c3"), &RenderOptions::default());
    let gif = render_cli(&midgame(BoardSize::Six, 2).transcript(), BoardSize::Six, Theme::Dark, true).unwrap();
    assert_eq!(gif_frames(&gif).len(), 3);
    let err = render_cli("f5f5", BoardSize::Eight, Theme::Classic, false).unwrap_err();
    assert!(err.to_string().contains("move 2"), "{err}");
    assert!(render_cli("f5 zz", BoardSize::Eight, Theme::Classic, false).is_err());
}

#[test]
fn the_description_stays_within_discords_limit() {
    for size in BoardSize::ALL {
        for moves in [0, 10, 40] {
            let game = midgame(size, moves);
            for theme in Theme::ALL {
                let text = describe(&game, theme);
                assert!(text.chars().count() <= MAX_DESCRIPTION);
                assert!(text.contains(theme.side_name(Color::Black)));
            }
        }
    }
}

/// Not a check: writes sample pictures to `$RENDER_OUT` for a person to look at.
#[test]
#[ignore = "writes files; run with RENDER_OUT=dir"]
fn dump_sample_pictures() {
    let Some(dir) = std::env::var_os("RENDER_OUT") else { return };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let renderer = Renderer::new();
    let mut sizes = HashMap::new();
    for theme in Theme::ALL {
        for (size, moves) in [(BoardSize::Six, 10), (BoardSize::Eight, 23), (BoardSize::Ten, 40)] {
            let game = midgame(size, moves);
            let png = renderer.board_png(&game, &RenderOptions { theme, ..RenderOptions::default() });
            sizes.insert(format!("{theme}-{}", size.side()), png.len());
            std::fs::write(dir.join(format!("{theme}-{}.png", size.side())), png).unwrap();
        }
        let full = game(Rules::default(), FULL_GAME);
        let options = RenderOptions { theme, move_numbers: true, ..RenderOptions::default() };
        std::fs::write(dir.join(format!("{theme}-numbers.png")), renderer.board_png(&full, &options)).unwrap();
        std::fs::write(dir.join(format!("{theme}-start.png")), renderer.position_png(&full, 0, &options).unwrap())
            .unwrap();
        std::fs::write(
            dir.join(format!("{theme}-end.png")),
            renderer.board_png(&full, &RenderOptions { theme, ..RenderOptions::default() }),
        )
        .unwrap();
        let limited = game(Rules::ravensburger(), "f5d6c3d3c4");
        std::fs::write(
            dir.join(format!("{theme}-hands.png")),
            renderer.board_png(&limited, &RenderOptions { theme, ..RenderOptions::default() }),
        )
        .unwrap();
        std::fs::write(
            dir.join(format!("{theme}-replay.gif")),
            renderer.replay_gif(&full, &RenderOptions { theme, legal_moves: false, ..RenderOptions::default() }),
        )
        .unwrap();
    }
    let mut sizes: Vec<_> = sizes.into_iter().collect();
    sizes.sort();
    println!("{sizes:?}");
}
