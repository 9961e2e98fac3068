//! The bitboard engine against a naive reference that walks directions square by square, on fixed
//! positions (edges, corners, wrap-around traps) and on thousands of seeded random positions of
//! every size; legal moves commute with the eight symmetries; perft is pinned for every size.

use reversi_bot::engine::bits::{self, Eight, Geometry, Six, Ten};
use reversi_bot::engine::{Board, BoardSize, Color, Direction, SplitMix64, Square, SquareSet, Start};

/// The same positions on every run.
type Rng = SplitMix64;

/// The reference: a grid of cells, and rules written as directly as the seeds state them.
struct Naive {
    n: i32,
    cells: Vec<Option<Color>>,
}

impl Naive {
    fn from_board(board: &Board) -> Naive {
        let size = board.size();
        Naive { n: size.side() as i32, cells: size.all_squares().map(|s| board.at(s)).collect() }
    }

    fn at(&self, col: i32, row: i32) -> Option<Option<Color>> {
        (col >= 0 && row >= 0 && col < self.n && row < self.n).then(|| self.cells[(row * self.n + col) as usize])
    }

    /// Squares flipped by `color` playing (col, row): walk each direction over opponent discs and
    /// keep the line if it ends on an own disc.
    fn flips(&self, color: Color, col: i32, row: i32) -> Vec<(i32, i32)> {
        if self.at(col, row) != Some(None) {
            return Vec::new();
        }
        let mut flipped = Vec::new();
        for (dx, dy) in [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)] {
            let mut line = Vec::new();
            let (mut c, mut r) = (col + dx, row + dy);
            while self.at(c, r) == Some(Some(color.opponent())) {
                line.push((c, r));
                c += dx;
                r += dy;
            }
            if !line.is_empty() && self.at(c, r) == Some(Some(color)) {
                flipped.extend(line);
            }
        }
        flipped
    }

    fn legal(&self, color: Color) -> Vec<(i32, i32)> {
        let mut moves = Vec::new();
        for row in 0..self.n {
            for col in 0..self.n {
                if !self.flips(color, col, row).is_empty() {
                    moves.push((col, row));
                }
            }
        }
        moves
    }

    fn play(&mut self, color: Color, col: i32, row: i32) {
        for (c, r) in self.flips(color, col, row) {
            self.cells[(r * self.n + c) as usize] = Some(color);
        }
        self.cells[(row * self.n + col) as usize] = Some(color);
    }

    /// Perft with the same convention as the engine: a pass is a ply, a finished game no leaf.
    fn perft(&self, color: Color, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal(color);
        if moves.is_empty() {
            if self.legal(color.opponent()).is_empty() {
                return 0;
            }
            return self.perft(color.opponent(), depth - 1);
        }
        moves
            .into_iter()
            .map(|(c, r)| {
                let mut next = Naive { n: self.n, cells: self.cells.clone() };
                next.play(color, c, r);
                next.perft(color.opponent(), depth - 1)
            })
            .sum()
    }
}

fn squares_of(size: BoardSize, cells: &[(i32, i32)]) -> SquareSet {
    cells.iter().fold(SquareSet::empty(size), |set, &(c, r)| set.with(Square::new(c as u8, r as u8).unwrap()))
}

fn random_board(rng: &mut Rng, size: BoardSize) -> Board {
    let mut board = Board::empty(size);
    // Vary the density so that both sparse openings and crowded endgames appear.
    let empty_weight = 1 + rng.below(6);
    for square in size.all_squares() {
        let roll = rng.below(2 + empty_weight);
        let disc = match roll {
            0 => Some(Color::Black),
            1 => Some(Color::White),
            _ => None,
        };
        board.set(square, disc);
    }
    board
}

fn assert_agrees_with_reference(board: &Board) {
    let naive = Naive::from_board(board);
    let size = board.size();
    for color in Color::BOTH {
        let expected = squares_of(size, &naive.legal(color));
        assert_eq!(board.legal_moves(color), expected, "legal moves of {color} on\n{board}");
        for square in size.all_squares() {
            let flips = squares_of(size, &naive.flips(color, square.col() as i32, square.row() as i32));
            assert_eq!(board.flips(color, square), flips, "{color} flips on {square} on\n{board}");
            let by_lines = Direction::ALL.into_iter().fold(SquareSet::empty(size), |acc, d| {
                SquareSet::from_bits(size, acc.bits() | board.line_flips(color, square, d).bits())
            });
            assert_eq!(by_lines, flips, "line flips of {color} on {square} add up on\n{board}");
        }
    }
}

#[test]
fn fixed_positions_agree_with_the_reference() {
    let positions = [
        // Wrap-around traps: h1 next to a2, a8 next to h7 in bit order.
        "-------OO-------X-------------------------------------------------",
        "OOOOOOO-XXXXXXXX------------------------------------------------",
        "-X--------------------------------------------------------OOOOOOX",
        // Corners and edges full of opponents with one own disc behind.
        "-OOOOOOXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO-",
        "XOOOOOO-O------OO-----O-O----O--O---O---O--O----OO-----OO------X",
        "-OOOOOOO-OOOOOOO-OOOOOOO-OOOOOOO-OOOOOOO-OOOOOOO-OOOOOOOXOOOOOOO",
        // A disc surrounded on all sides, and an empty board.
        "-------------------------OOO------OXO------OOO-------------------",
        "----------------------------------------------------------------",
    ];
    for text in positions {
        let text = &text[..64];
        let board = Board::from_rows(text, BoardSize::Eight).unwrap();
        assert_agrees_with_reference(&board);
    }
    for size in BoardSize::ALL {
        for start in [Start::Cross, Start::Parallel] {
            assert_agrees_with_reference(&Board::start(size, start));
        }
        // A full ring of opponents around the edge with own discs in the corners.
        let mut board = Board::empty(size);
        for square in size.all_squares() {
            let edge = square.col() == 0
                || square.row() == 0
                || square.col() + 1 == size.side()
                || square.row() + 1 == size.side();
            if edge {
                board.set(square, Some(Color::White));
            }
        }
        let n = size.side() - 1;
        for (c, r) in [(0, 0), (n, n)] {
            board.set(Square::new(c, r).unwrap(), Some(Color::Black));
        }
        for (c, r) in [(n, 0), (0, n)] {
            board.set(Square::new(c, r).unwrap(), None);
        }
        assert_agrees_with_reference(&board);
        assert!(!board.legal_moves(Color::Black).is_empty(), "{size}: the empty corners bracket the edges");
    }
}

#[test]
fn thousands_of_random_positions_agree_with_the_reference_on_every_size() {
    let mut rng = Rng::new(0x5EED_0001);
    for size in BoardSize::ALL {
        let count = match size {
            BoardSize::Six => 1500,
            BoardSize::Eight => 1500,
            BoardSize::Ten => 600,
        };
        for _ in 0..count {
            assert_agrees_with_reference(&random_board(&mut rng, size));
        }
    }
}

/// The build selects one 8x8 flips variant; the others are checked too: the scalar one always,
/// the AVX2 one where the build has AVX2, the AVX-512 one wherever the CPU has it.
#[test]
fn the_tuned_8x8_code_equals_the_generic_code() {
    #[cfg(target_arch = "x86_64")]
    let avx512 = is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512cd");
    let mut rng = Rng::new(0x5EED_0002);
    for _ in 0..20_000 {
        let a = rng.next_u64() & rng.next_u64() | rng.next_u64() & rng.next_u64();
        let b = rng.next_u64() & !a;
        assert_eq!(Eight::moves(a, b), bits::generic_moves::<Eight>(a, b));
        assert_eq!(bits::moves8(a, b), bits::generic_moves::<Eight>(a, b));
        let empty = !(a | b);
        for index in bits::BitIter(empty) {
            let expected = bits::generic_flips::<Eight>(a, b, index);
            assert_eq!(Eight::flips(a, b, index), expected);
            assert_eq!(bits::flips8(a, b, index), expected, "{a:#x} {b:#x} {index}");
            #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
            assert_eq!(bits::avx2::flips8(a, b, index), expected, "{a:#x} {b:#x} {index}");
            #[cfg(target_arch = "x86_64")]
            if avx512 {
                // SAFETY: the CPU has the features, checked above.
                assert_eq!(unsafe { bits::avx512::flips8(a, b, index) }, expected, "{a:#x} {b:#x} {index}");
            }
        }
    }
}

/// The eight symmetries of the square, as maps on (col, row).
fn transform(square: Square, n: u8, k: usize) -> Square {
    let (c, r) = (square.col(), square.row());
    let m = n - 1;
    let (c, r) = match k {
        0 => (c, r),
        1 => (m - c, r),
        2 => (c, m - r),
        3 => (m - c, m - r),
        4 => (r, c),
        5 => (m - r, c),
        6 => (r, m - c),
        _ => (m - r, m - c),
    };
    Square::new(c, r).unwrap()
}

#[test]
fn legal_moves_commute_with_the_eight_symmetries() {
    let mut rng = Rng::new(0x5EED_0003);
    for size in BoardSize::ALL {
        let n = size.side();
        for _ in 0..300 {
            let board = random_board(&mut rng, size);
            for k in 0..8 {
                let mut image = Board::empty(size);
                for square in size.all_squares() {
                    image.set(transform(square, n, k), board.at(square));
                }
                for color in Color::BOTH {
                    let mapped = board
                        .legal_moves(color)
                        .iter()
                        .fold(SquareSet::empty(size), |set, s| set.with(transform(s, n, k)));
                    assert_eq!(image.legal_moves(color), mapped, "symmetry {k} on {size}");
                    if let Some(square) = board.legal_moves(color).iter().next() {
                        let flips = board
                            .flips(color, square)
                            .iter()
                            .fold(SquareSet::empty(size), |set, s| set.with(transform(s, n, k)));
                        assert_eq!(image.flips(color, transform(square, n, k)), flips);
                    }
                }
            }
        }
    }
}

#[test]
fn perft_from_the_standard_start_matches_the_published_table_through_depth_10() {
    // docs/rules.md: a pass counts as a ply.
    let table = [4u64, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_056];
    let board = Board::standard();
    for (depth, expected) in (1..).zip(table) {
        assert_eq!(board.perft(Color::Black, depth), expected, "depth {depth}");
    }
}

#[test]
fn perft_matches_the_naive_reference_on_every_size() {
    for size in BoardSize::ALL {
        let board = Board::start(size, Start::Cross);
        let naive = Naive::from_board(&board);
        for depth in 1..=6 {
            assert_eq!(board.perft(Color::Black, depth), naive.perft(Color::Black, depth), "{size} depth {depth}");
        }
    }
}

#[test]
fn perft_on_6x6_and_10x10_is_pinned() {
    // Counted once with the naive reference above (which agrees at depths 1-6 in the test
    // before) and pinned, so that a change to the generic code shows.
    let six = [4u64, 12, 56, 244, 1_364, 7_604, 47_740, 308_716, 2_114_912];
    let ten = [4u64, 12, 56, 244, 1_396, 8_200, 55_180, 392_268];
    let pinned = [(BoardSize::Six, &six[..]), (BoardSize::Ten, &ten[..])];
    for (size, table) in pinned {
        let board = Board::start(size, Start::Cross);
        for (depth, &expected) in (1..).zip(table) {
            assert_eq!(board.perft(Color::Black, depth), expected, "{size} depth {depth}");
        }
    }
}

#[test]
fn shifting_a_corner_off_the_board_loses_it_on_every_size() {
    fn corners<G: Geometry>() {
        let n = G::N;
        for index in [0, n - 1, n * (n - 1), n * n - 1] {
            let disc = <G::Mask as bits::Bits>::bit(index);
            let mut seen = 0;
            for dir in Direction::ALL {
                if bits::shift::<G>(disc, dir) != <G::Mask as bits::Bits>::ZERO {
                    seen += 1;
                }
            }
            assert_eq!(seen, 3, "a corner has three neighbours ({n}x{n}, bit {index})");
        }
    }
    corners::<Six>();
    corners::<Eight>();
    corners::<Ten>();
}
