//! Reproducible randomness for tests, benchmarks and openings: `SplitMix64`, and a game of
//! uniformly random legal choices from a seed.

use super::game::Game;
use super::rules::Rules;

/// SplitMix64: a tiny, fast generator whose whole state is one `u64`, so a seed reproduces the
/// same sequence everywhere.
///
/// ```
/// use reversi_bot::engine::SplitMix64;
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator from `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// A game played to the end with uniformly random legal choices, the same for the same seed.
///
/// ```
/// use reversi_bot::engine::{Rules, random_game};
/// let game = random_game(Rules::default(), 42);
/// assert!(game.is_over());
/// assert_eq!(game, random_game(Rules::default(), 42));
/// ```
pub fn random_game(rules: Rules, seed: u64) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(rules);
    while !game.is_over() {
        let choices = game.legal_choices();
        let pick = rng.below(choices.len() as u64) as usize;
        if game.play(choices[pick]).is_err() {
            // Unreachable: every legal choice is playable. Stop rather than loop.
            break;
        }
    }
    game
}
