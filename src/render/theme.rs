//! Themes: the colours of a board picture. `Theme` is the name a server or a player picks (and
//! stores); `ThemeColors` is what it paints with. Colours are sRGB triples.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A colour scheme for the board pictures. Stored as a setting by its lowercase name.
///
/// The side that moves first (the engine's [`Color::Black`](crate::engine::Color::Black))
/// takes the theme's first disc colour: gold in the Ravensburger theme (gold begins there), red
/// in the red/blue one (red begins).
///
/// ```
/// use reversi_bot::render::Theme;
/// let theme: Theme = "Red-Blue".parse().unwrap();
/// assert_eq!(theme, Theme::RedBlue);
/// assert_eq!(theme.to_string(), "redblue");
/// assert_eq!(Theme::default(), Theme::Classic);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    /// Black and white discs on green felt, as on a tournament board.
    #[default]
    Classic,
    /// Gold and black discs on a blue board, after Ravensburger's Reversi (gold begins).
    Ravensburger,
    /// Red and blue discs on a light wooden board (red begins).
    RedBlue,
    /// Black and white discs on a dark grey board, for dark chat clients.
    Dark,
    /// Black and white discs on a blue board, with marks told apart by brightness and size
    /// rather than hue (safe for every common kind of colour blindness).
    ColorBlind,
}

impl Theme {
    /// Every theme, the default first.
    pub const ALL: [Theme; 5] = [Theme::Classic, Theme::Ravensburger, Theme::RedBlue, Theme::Dark, Theme::ColorBlind];

    /// The name stored and typed: `classic`, `ravensburger`, `redblue`, `dark`, `colorblind`.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Ravensburger => "ravensburger",
            Theme::RedBlue => "redblue",
            Theme::Dark => "dark",
            Theme::ColorBlind => "colorblind",
        }
    }

    /// The theme a rule sheet is drawn in unless another is asked for: Ravensburger's gold and
    /// black for the sheets that play gold, classic for the rest.
    pub fn for_rules(rules: &crate::engine::Rules) -> Theme {
        if crate::engine::Preset::in_gold(rules) { Theme::Ravensburger } else { Theme::Classic }
    }

    /// The colours this theme paints with.
    pub fn colors(self) -> &'static ThemeColors {
        match self {
            Theme::Classic => &CLASSIC,
            Theme::Ravensburger => &RAVENSBURGER,
            Theme::RedBlue => &RED_BLUE,
            Theme::Dark => &DARK,
            Theme::ColorBlind => &COLOR_BLIND,
        }
    }

    /// The theme's position in [`Theme::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = ParseThemeError;

    /// Parses a theme name in any case, ignoring spaces, dashes, slashes and underscores:
    /// `classic` (or `green`), `ravensburger` (or `gold`), `redblue`, `dark`, `colorblind`
    /// (or `colourblind`).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let key: String = text.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect();
        match key.as_str() {
            "classic" | "green" | "default" => Ok(Theme::Classic),
            "ravensburger" | "gold" | "goldblack" => Ok(Theme::Ravensburger),
            "redblue" | "red" | "blue" => Ok(Theme::RedBlue),
            "dark" => Ok(Theme::Dark),
            "colorblind" | "colourblind" | "colorblindsafe" | "colourblindsafe" | "cb" => Ok(Theme::ColorBlind),
            _ => Err(ParseThemeError(text.trim().chars().take(24).collect())),
        }
    }
}

/// Text that names no theme; the message is written for players.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a theme: choose classic, ravensburger, redblue, dark or colorblind")]
pub struct ParseThemeError(pub String);

/// How one side's discs are painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscColors {
    /// The flat face of the disc (what a square's centre shows).
    pub face: [u8; 3],
    /// The lit edge of the bevel (top left).
    pub light: [u8; 3],
    /// The shaded edge of the bevel (bottom right).
    pub shade: [u8; 3],
    /// A thin rim that separates the disc from the board.
    pub rim: [u8; 3],
    /// The small dot on a disc the last move turned over: a neutral that stands out from the
    /// face (a contrast ratio of at least 3:1).
    pub flipped: [u8; 3],
    /// The marks on the disc each side placed last (a dot for the very last move, a ring for the
    /// other side's last) and the last move's number: a vivid colour that stands out from the
    /// face (at least 3:1).
    pub last: [u8; 3],
    /// Move numbers written on the disc.
    pub number: [u8; 3],
}

/// Every colour of a theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThemeColors {
    /// The frame around the board and the status bar below it.
    pub frame: [u8; 3],
    /// Coordinates and counts written on the frame.
    pub label: [u8; 3],
    /// The playing surface.
    pub felt: [u8; 3],
    /// Grid lines and the four dots.
    pub grid: [u8; 3],
    /// Discs, indexed by [`Color::index`](crate::engine::Color::index) (the first mover first).
    pub discs: [DiscColors; 2],
    /// How dark the discs' drop shadow is, 0-255.
    pub shadow: u8,
    /// The small rings on the squares the side to move may play, by the mover's
    /// [`Color::index`](crate::engine::Color::index): the mover's colour, standing out from the
    /// felt (at least 3:1).
    pub legal: [[u8; 3]; 2],
    /// The ring and arrow that show whose turn it is (or who won), and the winner's banner.
    pub accent: [u8; 3],
}

const BLACK_DISC: DiscColors = DiscColors {
    face: [26, 26, 28],
    light: [96, 96, 100],
    shade: [6, 6, 6],
    rim: [8, 8, 8],
    flipped: [150, 150, 156],
    last: [232, 48, 44],
    number: [236, 236, 232],
};

const WHITE_DISC: DiscColors = DiscColors {
    face: [242, 242, 236],
    light: [255, 255, 255],
    shade: [176, 176, 170],
    rim: [128, 128, 122],
    flipped: [104, 104, 100],
    last: [222, 40, 36],
    number: [30, 30, 32],
};

const CLASSIC: ThemeColors = ThemeColors {
    frame: [22, 40, 29],
    label: [206, 226, 210],
    felt: [34, 124, 70],
    grid: [14, 58, 33],
    discs: [BLACK_DISC, WHITE_DISC],
    shadow: 100,
    legal: [[6, 34, 16], [214, 240, 222]],
    accent: [250, 204, 72],
};

const RAVENSBURGER: ThemeColors = ThemeColors {
    frame: [20, 30, 50],
    label: [226, 214, 178],
    felt: [58, 108, 162],
    grid: [22, 44, 74],
    discs: [
        DiscColors {
            face: [214, 170, 56],
            light: [252, 228, 140],
            shade: [140, 100, 24],
            rim: [100, 70, 16],
            flipped: [96, 64, 8],
            last: [176, 20, 24],
            number: [40, 30, 8],
        },
        DiscColors { last: [246, 62, 52], ..BLACK_DISC },
    ],
    shadow: 110,
    legal: [[250, 214, 120], [6, 12, 24]],
    accent: [252, 218, 110],
};

const RED_BLUE: ThemeColors = ThemeColors {
    frame: [86, 58, 34],
    label: [242, 228, 198],
    felt: [228, 212, 176],
    grid: [138, 106, 66],
    discs: [
        DiscColors {
            face: [206, 40, 44],
            light: [255, 128, 118],
            shade: [132, 18, 22],
            rim: [100, 12, 16],
            flipped: [255, 204, 200],
            last: [255, 222, 60],
            number: [255, 240, 236],
        },
        DiscColors {
            face: [36, 92, 196],
            light: [120, 168, 255],
            shade: [18, 48, 118],
            rim: [12, 34, 92],
            flipped: [204, 222, 255],
            last: [255, 222, 60],
            number: [236, 242, 255],
        },
    ],
    shadow: 70,
    legal: [[178, 24, 30], [28, 70, 166]],
    accent: [255, 196, 64],
};

const DARK: ThemeColors = ThemeColors {
    frame: [30, 31, 34],
    label: [190, 194, 202],
    felt: [92, 96, 104],
    grid: [38, 40, 45],
    discs: [
        DiscColors {
            face: [20, 20, 22],
            light: [100, 102, 108],
            shade: [4, 4, 4],
            rim: [10, 10, 12],
            flipped: [150, 152, 158],
            last: [255, 92, 92],
            number: [236, 236, 236],
        },
        DiscColors {
            face: [226, 226, 224],
            rim: [40, 40, 44],
            flipped: [96, 96, 94],
            last: [200, 30, 30],
            ..WHITE_DISC
        },
    ],
    shadow: 150,
    legal: [[6, 6, 8], [206, 208, 214]],
    accent: [250, 204, 72],
};

const COLOR_BLIND: ThemeColors = ThemeColors {
    frame: [16, 30, 48],
    label: [222, 232, 242],
    felt: [40, 116, 176],
    grid: [10, 46, 78],
    // Okabe-Ito vermillion for the last moves: bright on black, a shade darker on white.
    discs: [DiscColors { last: [230, 110, 0], ..BLACK_DISC }, DiscColors { last: [196, 78, 0], ..WHITE_DISC }],
    shadow: 110,
    legal: [[6, 22, 40], [214, 232, 248]],
    // Okabe-Ito yellow.
    accent: [240, 228, 66],
};

/// The relative luminance of an sRGB colour, as WCAG defines it (0 for black, 1 for white).
pub(crate) fn luminance(color: [u8; 3]) -> f64 {
    let linear = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
    };
    0.2126 * linear(color[0]) + 0.7152 * linear(color[1]) + 0.0722 * linear(color[2])
}

/// The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white).
pub(crate) fn contrast(a: [u8; 3], b: [u8; 3]) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_parses_from_its_name_and_serialises_as_it() {
        for theme in Theme::ALL {
            assert_eq!(theme.name().parse::<Theme>(), Ok(theme));
            assert_eq!(theme.to_string().to_uppercase().parse::<Theme>(), Ok(theme));
            let json = serde_json::to_string(&theme).unwrap();
            assert_eq!(json, format!("\"{}\"", theme.name()));
            assert_eq!(serde_json::from_str::<Theme>(&json).unwrap(), theme);
            assert_eq!(Theme::ALL[theme.index()], theme);
        }
        assert_eq!("colour-blind".parse::<Theme>(), Ok(Theme::ColorBlind));
        assert_eq!("Red/Blue".parse::<Theme>(), Ok(Theme::RedBlue));
        let err = "sepia".parse::<Theme>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"sepia\" is not a theme: choose classic, ravensburger, redblue, dark or colorblind"
        );
    }

    /// What the marks and dots are drawn on, and the least contrast each needs (WCAG's 3:1 for
    /// graphics).
    #[test]
    fn every_mark_and_dot_stands_out_from_what_it_sits_on_in_every_theme() {
        for theme in Theme::ALL {
            let c = theme.colors();
            // (what, the mark's colour, the colour below it)
            let mut pairs = vec![
                ("black's legal-move ring on the felt".to_string(), c.legal[0], c.felt),
                ("white's legal-move ring on the felt".to_string(), c.legal[1], c.felt),
                ("the turn ring on the frame".to_string(), c.accent, c.frame),
                ("the labels on the frame".to_string(), c.label, c.frame),
            ];
            for (side, d) in ["black", "white"].into_iter().zip(&c.discs) {
                pairs.push((format!("{side}'s flip mark"), d.flipped, d.face));
                pairs.push((format!("{side}'s last-move marks"), d.last, d.face));
            }
            for (what, ink, ground) in pairs {
                let ratio = contrast(ink, ground);
                assert!(ratio >= 3.0, "{theme}: {what} has a contrast of {ratio:.2}:1");
            }
        }
        assert!((contrast([0, 0, 0], [255, 255, 255]) - 21.0).abs() < 1e-9);
    }
}
