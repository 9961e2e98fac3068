//! Swiss pairing: a depth-first search over the field in ranking order that pairs within score
//! groups (floating down when a group is odd), avoids rematches and colour excesses as hard
//! rules, and relaxes them only when no pairing satisfies them. See `docs/tournaments.md` for
//! the rules and where they differ from FIDE's Dutch system.

use std::collections::{HashMap, HashSet};

use super::{Colour, Entrant, GameRecord, Pairing, PlayerId, Round};

/// Nodes one stage of the search may visit before it gives up and the next, looser, stage runs.
const SEARCH_BUDGET: usize = 5_000;

/// What the pairing needs to know about a player from the rounds so far.
#[derive(Clone, Debug, Default)]
struct Past {
    score: f64,
    opponents: HashSet<PlayerId>,
    colours: Vec<Colour>,
    had_bye: bool,
    /// Cached once the history is read: may take Black, may take White, colour preference.
    may: [bool; 2],
    wants: (Option<Colour>, u8),
}

impl Past {
    /// Blacks minus whites.
    fn balance(&self) -> i32 {
        self.colours.iter().map(|c| if *c == Colour::Black { 1 } else { -1 }).sum()
    }

    /// Whether taking `c` next keeps the colour difference within ±2 and avoids three in a row.
    fn allows(&self, c: Colour) -> bool {
        let b = self.balance() + if c == Colour::Black { 1 } else { -1 };
        let n = self.colours.len();
        let three = n >= 2 && self.colours[n - 1] == c && self.colours[n - 2] == c;
        b.abs() <= 2 && !three
    }

    /// The colour wanted next and how strongly (3 absolute, 2 strong, 1 mild, 0 none).
    fn preference(&self) -> (Option<Colour>, u8) {
        let b = self.balance();
        let n = self.colours.len();
        let last_two = (n >= 2 && self.colours[n - 1] == self.colours[n - 2]).then(|| self.colours[n - 1]);
        if b != 0 {
            let want = if b > 0 { Colour::White } else { Colour::Black };
            let absolute = b.abs() >= 2 || last_two == Some(want.opposite());
            return (Some(want), if absolute { 3 } else { 2 });
        }
        match (last_two, self.colours.last()) {
            (Some(c), _) => (Some(c.opposite()), 3),
            (None, Some(c)) => (Some(c.opposite()), 1),
            (None, None) => (None, 0),
        }
    }
}

/// The hard rules a stage of the search enforces.
#[derive(Clone, Copy)]
struct Stage {
    no_rematch: bool,
    colour_limits: bool,
}

struct Search<'a> {
    order: Vec<PlayerId>,
    past: &'a HashMap<PlayerId, Past>,
    stage: Stage,
    nodes: usize,
}

impl Search<'_> {
    fn compatible(&self, a: PlayerId, b: PlayerId) -> bool {
        let (pa, pb) = (&self.past[&a], &self.past[&b]);
        if self.stage.no_rematch && pa.opponents.contains(&b) {
            return false;
        }
        if self.stage.colour_limits {
            let one = pa.may[0] && pb.may[1];
            let other = pa.may[1] && pb.may[0];
            if !one && !other {
                return false;
            }
        }
        true
    }

    fn colour_clash(&self, a: PlayerId, b: PlayerId) -> bool {
        let (ca, sa) = self.past[&a].wants;
        let (cb, sb) = self.past[&b].wants;
        ca.is_some() && ca == cb && sa >= 2 && sb >= 2
    }

    /// Pairs `left` (in ranking order) completely, or fails.
    fn pair(&mut self, left: &[PlayerId], out: &mut Vec<(PlayerId, PlayerId)>) -> bool {
        let Some((&top, rest)) = left.split_first() else { return true };
        self.nodes += 1;
        if self.nodes > SEARCH_BUDGET {
            return false;
        }
        let score = self.past[&top].score;
        // The top player's own score group among those left: Dutch pairs its upper half with
        // its lower half, so the ideal partner sits half the group further down.
        let group: Vec<PlayerId> = left.iter().copied().filter(|p| self.past[p].score == score).collect();
        let ideal = group.len() / 2;
        let mut candidates: Vec<(usize, PlayerId)> =
            rest.iter().copied().enumerate().filter(|&(_, p)| self.compatible(top, p)).collect();
        candidates.sort_by_cached_key(|&(i, p)| {
            let drop = ((score - self.past[&p].score) * 2.0).round() as i64;
            let distance = if drop == 0 { (i as i64 + 1 - ideal as i64).abs() } else { i as i64 };
            (drop, self.colour_clash(top, p), distance, i)
        });
        for (i, p) in candidates {
            let mut next: Vec<PlayerId> = rest.to_vec();
            next.remove(i);
            out.push((top, p));
            if self.pair(&next, out) {
                return true;
            }
            out.pop();
            if self.nodes > SEARCH_BUDGET {
                return false;
            }
        }
        false
    }
}

/// Chooses colours for a pair, `high` ranked above `low`: within the colour limits if possible,
/// then the stronger preference (the higher-ranked player's on equal strength), then alternation.
/// `board` breaks the first round's symmetry: the higher-ranked player has Black on odd boards.
fn colours(past: &HashMap<PlayerId, Past>, high: PlayerId, low: PlayerId, board: usize) -> Pairing {
    let (ph, pl) = (&past[&high], &past[&low]);
    let high_black = Pairing { black: high, white: low };
    let high_white = Pairing { black: low, white: high };
    let ok_black = ph.allows(Colour::Black) && pl.allows(Colour::White);
    let ok_white = ph.allows(Colour::White) && pl.allows(Colour::Black);
    if ok_black != ok_white {
        return if ok_black { high_black } else { high_white };
    }
    let (ch, sh) = ph.preference();
    let (cl, sl) = pl.preference();
    let high_gets = match (ch, cl) {
        (Some(h), Some(l)) if h == l => {
            if sh >= sl {
                h
            } else {
                h.opposite()
            }
        }
        (Some(h), _) => h,
        (None, Some(l)) => l.opposite(),
        (None, None) => {
            if board.is_multiple_of(2) {
                Colour::Black
            } else {
                Colour::White
            }
        }
    };
    if high_gets == Colour::Black { high_black } else { high_white }
}

/// The pairings of the next Swiss round from the rounds so far.
///
/// Withdrawn entrants are left out. The field is ranked by points, then rating, then id. With an
/// odd field the bye goes to the lowest-ranked player who has had neither a bye nor a forfeit win
/// (anyone, if all have). The search then pairs the top unpaired player with the best partner in
/// order: own score group first (ideally the player half the group below), then the next groups
/// down; with no rematch and the colour limits (difference within ±2, never three in a row) as
/// hard rules. If that fails the colour limits are dropped, then rematches are allowed.
pub fn pair_swiss(entrants: &[Entrant], history: &[Vec<GameRecord>]) -> Round {
    let mut past: HashMap<PlayerId, Past> = entrants.iter().map(|e| (e.id, Past::default())).collect();
    for record in history.iter().flatten() {
        for p in record.players() {
            if let (Some(entry), Some(points)) = (past.get_mut(&p), record.points_of(p)) {
                entry.score += points;
            }
        }
        match *record {
            GameRecord::Played { black, white, .. } => {
                if let Some(e) = past.get_mut(&black) {
                    e.opponents.insert(white);
                    e.colours.push(Colour::Black);
                }
                if let Some(e) = past.get_mut(&white) {
                    e.opponents.insert(black);
                    e.colours.push(Colour::White);
                }
            }
            GameRecord::Bye { player } | GameRecord::Forfeit { winner: player, .. } => {
                if let Some(e) = past.get_mut(&player) {
                    e.had_bye = true;
                }
            }
        }
    }
    for p in past.values_mut() {
        p.may = [p.allows(Colour::Black), p.allows(Colour::White)];
        p.wants = p.preference();
    }
    let mut active: Vec<&Entrant> = entrants.iter().filter(|e| !e.withdrawn).collect();
    active.sort_by(|a, b| {
        past[&b.id].score.total_cmp(&past[&a.id].score).then(b.rating.total_cmp(&a.rating)).then(a.id.cmp(&b.id))
    });
    let order: Vec<PlayerId> = active.iter().map(|e| e.id).collect();

    let bye_candidates: Vec<Option<PlayerId>> = if order.len().is_multiple_of(2) {
        vec![None]
    } else {
        let fresh: Vec<Option<PlayerId>> = order.iter().rev().filter(|p| !past[p].had_bye).map(|&p| Some(p)).collect();
        if fresh.is_empty() { order.iter().rev().map(|&p| Some(p)).collect() } else { fresh }
    };

    let stages = [
        Stage { no_rematch: true, colour_limits: true },
        Stage { no_rematch: true, colour_limits: false },
        Stage { no_rematch: false, colour_limits: false },
    ];
    for stage in stages {
        let mut search = Search { order: order.clone(), past: &past, stage, nodes: 0 };
        for bye in &bye_candidates {
            let left: Vec<PlayerId> = search.order.iter().copied().filter(|p| Some(*p) != *bye).collect();
            let mut out = Vec::new();
            if search.pair(&left, &mut out) {
                let games = out.iter().enumerate().map(|(board, &(h, l))| colours(&past, h, l, board)).collect();
                return Round { games, bye: *bye };
            }
            if search.nodes > SEARCH_BUDGET {
                break;
            }
        }
    }
    // The last stage has no hard rule, so it cannot fail unless the budget ran out: pair in order.
    let bye = bye_candidates[0];
    let left: Vec<PlayerId> = order.iter().copied().filter(|p| Some(*p) != bye).collect();
    let games = left.chunks(2).enumerate().map(|(board, c)| colours(&past, c[0], c[1], board)).collect();
    Round { games, bye }
}
