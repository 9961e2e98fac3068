//! `Rules`: the variant a game is played under, as one plain serialisable value. The default is
//! standard Othello; every option is a variant someone plays (see `docs/rules.md`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::square::{BoardSize, Color};

/// The rules of one game. `Rules::default()` is standard Othello on 8x8.
///
/// ```
/// use reversi_bot::engine::{Rules, FlipMode, TieRule};
/// let children = Rules { flips: FlipMode::OneLine, ..Rules::default() };
/// assert!(!children.is_standard());
/// let json = serde_json::to_string(&Rules::default()).unwrap();
/// assert_eq!(serde_json::from_str::<Rules>(&json).unwrap(), Rules::default());
/// assert_eq!(Rules::ravensburger().tie, TieRule::SecondPlayerWins);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// The board: 6x6, 8x8 or 10x10.
    pub size: BoardSize,
    /// How the board is set up.
    pub start: Start,
    /// Which bracketed lines flip.
    pub flips: FlipMode,
    /// How many discs each player has.
    pub supply: DiscSupply,
    /// Who wins a game that ends with equal counts.
    pub tie: TieRule,
    /// How the final score is counted.
    pub scoring: Scoring,
}

impl Rules {
    /// Standard Othello (the default).
    pub fn othello() -> Rules {
        Rules::default()
    }

    /// Ravensburger's Reversi: 32 discs each with the give-a-disc rule, the second player wins a
    /// tie.
    pub fn ravensburger() -> Rules {
        Rules { supply: DiscSupply::Limited, tie: TieRule::SecondPlayerWins, ..Rules::default() }
    }

    /// These rules on a board of `size`.
    pub fn on(self, size: BoardSize) -> Rules {
        Rules { size, ..self }
    }

    /// These rules with one part set by its option and choice key, as commands and records
    /// name them (`("start", "parallel")`, `("tie", "second")`); `None` for a pair that names
    /// no rule.
    pub fn with_option(self, option: &str, key: &str) -> Option<Rules> {
        let mut rules = self;
        match (option, key) {
            ("size", "6") => rules.size = BoardSize::Six,
            ("size", "8") => rules.size = BoardSize::Eight,
            ("size", "10") => rules.size = BoardSize::Ten,
            ("start", "cross") => rules.start = Start::Cross,
            ("start", "parallel") => rules.start = Start::Parallel,
            ("start", "free-centre" | "free-center") => rules.start = Start::FreeCentre,
            ("start", "first-chooses") => rules.start = Start::FirstPlayerChooses,
            ("flips", "all") => rules.flips = FlipMode::AllLines,
            ("flips", "one-line") => rules.flips = FlipMode::OneLine,
            ("supply", "unlimited") => rules.supply = DiscSupply::Unlimited,
            ("supply", "limited") => rules.supply = DiscSupply::Limited,
            ("supply", "limited-no-gift") => rules.supply = DiscSupply::LimitedNoGift,
            ("tie", "draw") => rules.tie = TieRule::Draw,
            ("tie", "second") => rules.tie = TieRule::SecondPlayerWins,
            ("tie", "black") => rules.tie = TieRule::Counts(Color::Black),
            ("tie", "white") => rules.tie = TieRule::Counts(Color::White),
            ("scoring", "discs") => rules.scoring = Scoring::Discs,
            ("scoring", "wof") => rules.scoring = Scoring::Wof,
            _ => return None,
        }
        Some(rules)
    }

    /// The parts of these rules other than the size, as `(option, choice key)` pairs that
    /// [`Rules::with_option`] reads back: `[("start", "cross"), ("flips", "all"), …]`.
    pub fn options(&self) -> [(&'static str, &'static str); 5] {
        let start = match self.start {
            Start::Cross => "cross",
            Start::Parallel => "parallel",
            Start::FreeCentre => "free-centre",
            Start::FirstPlayerChooses => "first-chooses",
        };
        let flips = match self.flips {
            FlipMode::AllLines => "all",
            FlipMode::OneLine => "one-line",
        };
        let supply = match self.supply {
            DiscSupply::Unlimited => "unlimited",
            DiscSupply::Limited => "limited",
            DiscSupply::LimitedNoGift => "limited-no-gift",
        };
        let tie = match self.tie {
            TieRule::Draw => "draw",
            TieRule::SecondPlayerWins => "second",
            TieRule::Counts(Color::Black) => "black",
            TieRule::Counts(Color::White) => "white",
        };
        let scoring = match self.scoring {
            Scoring::Discs => "discs",
            Scoring::Wof => "wof",
        };
        [("start", start), ("flips", flips), ("supply", supply), ("tie", tie), ("scoring", scoring)]
    }

    /// Whether these are the standard Othello rules on 8x8 (what GGF, transcripts from other
    /// programs and the endgame suites assume).
    pub fn is_standard(&self) -> bool {
        *self == Rules::default()
    }

    /// Discs each player starts with under a limited supply: half the board.
    pub const fn discs_per_player(&self) -> u32 {
        self.size.squares() / 2
    }

    /// A short description of everything that differs from standard Othello, such as
    /// `"10x10, one-line flips"`; `"standard Othello"` when nothing does.
    pub fn summary(&self) -> String {
        let mut parts = Vec::new();
        if self.size != BoardSize::Eight {
            parts.push(self.size.to_string());
        }
        match self.start {
            Start::Cross => {}
            Start::Parallel => parts.push("parallel start".to_string()),
            Start::FreeCentre => parts.push("free centre start".to_string()),
            Start::FirstPlayerChooses => parts.push("the first player chooses the start".to_string()),
        }
        if self.flips == FlipMode::OneLine {
            parts.push("one-line flips".to_string());
        }
        match self.supply {
            DiscSupply::Unlimited => {}
            DiscSupply::Limited => parts.push(format!("{} discs each", self.discs_per_player())),
            DiscSupply::LimitedNoGift => parts.push(format!("{} discs each, none given", self.discs_per_player())),
        }
        match self.tie {
            TieRule::Draw => {}
            TieRule::SecondPlayerWins => parts.push("a tie goes to the second player".to_string()),
            TieRule::Counts(color) => parts.push(format!("a tie counts for {color}")),
        }
        if self.scoring == Scoring::Wof {
            parts.push("WOF scoring".to_string());
        }
        if parts.is_empty() { "standard Othello".to_string() } else { parts.join(", ") }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.summary())
    }
}

/// The starting position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Start {
    /// Othello: two discs of each colour on the centre diagonals.
    #[default]
    Cross,
    /// Each colour's two discs side by side (white d4 e4, black d5 e5 on 8x8).
    Parallel,
    /// The board starts empty; the first four moves (black, white, black, white) fill the four
    /// centre squares, flipping nothing (Jacques & Sons, BrainKing).
    FreeCentre,
    /// The first player chooses the cross or the parallel grid before the first move (the
    /// encyclopedia's Ravensburger start, where the first player lays two discs and so decides).
    /// Until chosen the board is empty and nobody can move; the game's rules then name the
    /// start chosen.
    FirstPlayerChooses,
}

/// Which lines flip when a move brackets several.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlipMode {
    /// Every bracketed line flips (Othello).
    #[default]
    AllLines,
    /// Only one line flips; when a move brackets several the mover names it (Ravensburger's
    /// variant for children, common in Germany).
    OneLine,
}

/// How many discs the players have.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DiscSupply {
    /// As many as needed (Othello).
    #[default]
    Unlimited,
    /// Half the board each (32 on 8x8, the start's discs included); a player who has none left
    /// when it is their move receives one from the opponent (Ravensburger).
    Limited,
    /// Half the board each, and a player who has none left cannot move: the game ends when
    /// neither can move or both are out of discs (Jacques & Sons, as the encyclopedia gives it).
    LimitedNoGift,
}

impl DiscSupply {
    /// Whether the players have a limited number of discs.
    pub const fn is_limited(self) -> bool {
        !matches!(self, DiscSupply::Unlimited)
    }
}

/// Who wins when both sides end with the same count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieRule {
    /// A draw.
    #[default]
    Draw,
    /// The player who moved second (white) wins (Ravensburger).
    SecondPlayerWins,
    /// A tie counts as a win for the colour chosen before the game (Japanese tournament rule).
    Counts(Color),
}

/// How the final score is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// The disc counts as they stand.
    #[default]
    Discs,
    /// World Othello Federation: empty squares at the end go to the winner (split on a draw).
    Wof,
}

/// A rule sheet's rules, whole, under its source's name: what a player picks instead of a list of
/// switches. Each can be adjusted afterwards (a board size, another tie rule …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// Othello as Brettspielnetz and the encyclopedia give it (the default).
    Othello,
    /// Ravensburger's rule book: 32 discs each with the give-a-disc rule, Gold (the first
    /// player) begins, a tie goes to the second player.
    Ravensburger,
    /// Ravensburger's variant for children: the same, and only one bracketed line flips.
    RavensburgerChildren,
    /// Jacques & Sons' Reversi in the encyclopedia: the free centre start, 32 discs each, the
    /// game over when neither can move or both are out of discs.
    JacquesSons,
    /// BrainKing: 6x6, 8x8 or 10x10 from an empty board whose centre the first four moves fill.
    BrainKing,
    /// The encyclopedia's Ravensburger Reversi: the first player chooses the cross or the
    /// parallel start, 32 discs each, nothing given.
    RavensburgerStart,
}

impl Preset {
    /// Every preset, in the order players are offered them.
    pub const ALL: [Preset; 6] = [
        Preset::Othello,
        Preset::Ravensburger,
        Preset::RavensburgerChildren,
        Preset::JacquesSons,
        Preset::BrainKing,
        Preset::RavensburgerStart,
    ];

    /// Its key in commands, records and the locale files (`ravensburger-children`).
    pub const fn key(self) -> &'static str {
        match self {
            Preset::Othello => "othello",
            Preset::Ravensburger => "ravensburger",
            Preset::RavensburgerChildren => "ravensburger-children",
            Preset::JacquesSons => "jacques-sons",
            Preset::BrainKing => "brainking",
            Preset::RavensburgerStart => "ravensburger-start",
        }
    }

    /// The preset with `key`.
    pub fn from_key(key: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|preset| preset.key() == key)
    }

    /// Its rules on 8x8.
    pub fn rules(self) -> Rules {
        let othello = Rules::default();
        match self {
            Preset::Othello => othello,
            Preset::Ravensburger => Rules::ravensburger(),
            Preset::RavensburgerChildren => Rules { flips: FlipMode::OneLine, ..Rules::ravensburger() },
            Preset::JacquesSons => Rules { start: Start::FreeCentre, supply: DiscSupply::LimitedNoGift, ..othello },
            Preset::BrainKing => Rules { start: Start::FreeCentre, ..othello },
            Preset::RavensburgerStart => {
                Rules { start: Start::FirstPlayerChooses, supply: DiscSupply::LimitedNoGift, ..othello }
            }
        }
    }

    /// The preset whose rules these are on any board size, if any. A game whose start was
    /// chosen is matched with the chosen start as if it were still to choose.
    pub fn of(rules: &Rules) -> Option<Preset> {
        let eight = rules.on(BoardSize::Eight);
        Preset::ALL.into_iter().find(|preset| {
            let wanted = preset.rules();
            wanted == eight
                || (wanted.start == Start::FirstPlayerChooses
                    && matches!(eight.start, Start::Cross | Start::Parallel)
                    && wanted == Rules { start: Start::FirstPlayerChooses, ..eight })
        })
    }

    /// Whether a game under these rules is shown in Ravensburger's gold and black.
    pub fn in_gold(rules: &Rules) -> bool {
        matches!(Preset::of(rules), Some(Preset::Ravensburger | Preset::RavensburgerChildren))
    }
}
