//! Where a review chart's mark labels go: beside their dots where there is room, else further
//! out on a leader line, else shortened to the move number, else left out, so that no label lies
//! on another, on a dot or outside the plot. The arrangement is found by placing the labels one
//! by one and then improving it by simulated annealing; the same chart always gets the same one.

use super::{CHIP_HEIGHT, MARK_RING, Rect, Stretch, chip_at, crossings, panel, ring_rect};

/// The least room a mark's label keeps from any other label and leader line.
pub(super) const CHIP_CLEAR: f32 = 4.0;
/// How far from its dot a mark's label may go (to the chip's nearest edge), joined to the dot by
/// a leader line when it is not right beside it.
const LEADER_REACH: f32 = 100.0;
/// Past this many marks, their labels' spots lie on a coarser grid and their arrangement is
/// improved in fewer steps, so that drawing stays quick.
const MANY_MARKS: usize = 16;
/// How many spots a label may take at most: the cheapest.
const MAX_SPOTS: usize = 320;
/// How many changes the improvement of an arrangement of labels tries for each mark (fewer past
/// [`MANY_MARKS`] marks).
const ANNEAL_STEPS_PER_MARK: usize = 500;
/// A straight line between two points, in pixels.
pub(super) type Segment = ((f32, f32), (f32, f32));

/// Whether two segments cross each other.
fn segments_cross((a, b): Segment, (c, d): Segment) -> bool {
    let side = |p: (f32, f32), q: (f32, f32), r: (f32, f32)| (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0);
    side(a, b, c) * side(a, b, d) < 0.0 && side(c, d, a) * side(c, d, b) < 0.0
}

/// The distance between two points (without `hypot`'s care for huge values, which is slow).
fn distance(a: (f32, f32), b: (f32, f32)) -> f32 {
    ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).sqrt()
}

/// The point of `rect` nearest to `p`.
fn nearest_point(rect: Rect, p: (f32, f32)) -> (f32, f32) {
    (p.0.clamp(rect.left, rect.right), p.1.clamp(rect.top, rect.bottom))
}

/// A mark's label as placed: its chip, whether it is the short form (the move number alone), and
/// the leader line from its dot to the chip when the chip is not right beside the dot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Placed {
    pub(super) chip: Rect,
    pub(super) short: bool,
    pub(super) leader: Option<Segment>,
}

/// A spot a mark's label may take: its chip, the leader line from the dot when the chip is not
/// right beside it, and what it costs (the further from the dot, the more of the value line it
/// covers and the nearer other marks' dots, where it would stand in their way, the more).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Spot {
    chip: Rect,
    leader: Option<Segment>,
    cost: f32,
    /// The box around the leader line (around the chip when there is none).
    leader_box: Rect,
    /// The box around the chip and the leader, with room to spare, outside which the label
    /// stands in no other's way.
    reach: Rect,
}

impl Spot {
    fn new(chip: Rect, leader: Option<Segment>, cost: f32) -> Spot {
        let box_of =
            |(a, b): Segment| Rect { left: a.0.min(b.0), top: a.1.min(b.1), right: a.0.max(b.0), bottom: a.1.max(b.1) };
        let leader_box = leader.map_or(chip, |l| box_of(l).grown(0.5));
        Spot { chip, leader, cost, leader_box, reach: leader_box.union(chip).grown(CHIP_CLEAR) }
    }

    /// Whether two labels at these spots would stand in each other's way: their chips closer
    /// than [`CHIP_CLEAR`], a leader line passing within 3 pixels of the other's chip, or the
    /// leader lines crossing.
    fn conflicts(&self, other: &Spot) -> bool {
        if !self.reach.meets(other.reach) {
            return false;
        }
        if other.chip.meets(self.chip.grown(CHIP_CLEAR)) {
            return true;
        }
        let passes = |by: &Spot, chip: Rect| {
            let room = chip.grown(3.0);
            by.leader.is_some_and(|(a, b)| by.leader_box.meets(room) && room.crossed_by(a, b))
        };
        passes(other, self.chip)
            || passes(self, other.chip)
            || self.leader_box.meets(other.leader_box)
                && self.leader.zip(other.leader).is_some_and(|(a, b)| segments_cross(a, b))
    }
}

/// The spots a `w`-wide label of the `i`th dot may take, cheapest first: inside the panel, clear
/// of every dot, a leader line passing no other dot. Right beside the dot (above, below, right,
/// left, then the diagonals), and with `far` anywhere within reach of a leader line, on a grid
/// that is coarser when there are many marks.
fn spots(i: usize, w: f32, dots: &[Option<(f32, f32)>], rings: &[Rect], stretches: &[Stretch], far: bool) -> Vec<Spot> {
    let Some((cx, cy)) = dots[i] else { return Vec::new() };
    let h = CHIP_HEIGHT as f32;
    let gap = MARK_RING + 3.0;
    let beside = [
        (0.0, -(gap + h / 2.0)),
        (0.0, gap + h / 2.0),
        (gap + w / 2.0, 0.0),
        (-(gap + w / 2.0), 0.0),
        (w / 2.0, -(gap + h / 2.0)),
        (-w / 2.0, -(gap + h / 2.0)),
        (w / 2.0, gap + h / 2.0),
        (-w / 2.0, gap + h / 2.0),
    ];
    let mut rects: Vec<(Rect, f32)> =
        beside.iter().enumerate().map(|(rank, &(dx, dy))| (chip_at(cx + dx, cy + dy, w, h), rank as f32)).collect();
    // Further away: chips on a grid of pixels over the panel, as far as a leader reaches.
    let inside = panel().grown(-3.0);
    let step = if dots.len() > MANY_MARKS { 16 } else { 8 };
    let lefts = (inside.left.max(cx - LEADER_REACH - w) as i32)..=((inside.right - w).min(cx + LEADER_REACH) as i32);
    let tops = (inside.top.max(cy - LEADER_REACH - h) as i32)..=((inside.bottom - h).min(cy + LEADER_REACH) as i32);
    for top in tops.step_by(step).filter(|_| far) {
        for left in lefts.clone().step_by(step) {
            let (left, top) = (left as f32, top as f32);
            let rect = Rect { left, top, right: left + w, bottom: top + h };
            let away = distance(nearest_point(rect, (cx, cy)), (cx, cy));
            if away <= LEADER_REACH {
                rects.push((rect, 8.0 + away / 4.0));
            }
        }
    }
    let own = ring_rect((cx, cy));
    let mut out: Vec<Spot> = rects
        .into_iter()
        .filter(|(rect, _)| inside.holds(*rect) && !rings.iter().any(|r| r.meets(rect.grown(2.0))))
        .filter_map(|(chip, base)| {
            let end = nearest_point(chip, (cx, cy));
            let leader = (distance(end, (cx, cy)) > MARK_RING + 5.0).then_some(((cx, cy), end));
            if leader.is_some_and(|(a, b)| rings.iter().any(|r| *r != own && r.crossed_by(a, b))) {
                return None;
            }
            let cost = base + 10.0 * crossings(chip, stretches) as f32 + crowding(chip, (cx, cy), dots);
            Some(Spot::new(chip, leader, cost))
        })
        .collect();
    out.sort_by(|a, b| a.cost.total_cmp(&b.cost));
    out.truncate(MAX_SPOTS);
    out
}

/// What a label at `rect` of the dot `own` costs for lying near other marks' dots, where it
/// would stand in the way of their labels and leader lines: up to nine for each within 36 pixels.
fn crowding(rect: Rect, own: (f32, f32), dots: &[Option<(f32, f32)>]) -> f32 {
    const NEAR: f32 = 36.0;
    let around = rect.grown(NEAR);
    dots.iter()
        .flatten()
        .filter(|&&(x, y)| (x, y) != own && x > around.left && x < around.right && y > around.top && y < around.bottom)
        .map(|&d| {
            let (x, y) = nearest_point(rect, d);
            (NEAR - distance((x, y), d)).max(0.0) / 4.0
        })
        .sum()
}

/// Where each mark's label goes: inside the panel, clear of `taken`, of every other label,
/// leader line and dot, and crossing as little of the value line as it can. Right beside its
/// dot where there is room; else further away, joined to the dot by a leader line; else
/// shortened to its move number (`widths` holds each label's chip width whole and shortened;
/// `None` when there is nothing to write or no shorter form); else left out (`None`, as for a
/// mark whose index is not a point): labels never overlap.
///
/// The labels are first placed one by one, then the arrangement is improved by simulated
/// annealing (labels moved to other spots, shortened or left out at random, an overlap allowed
/// on the way at a price), keeping the best arrangement without overlaps seen; the same chart
/// always gets the same arrangement.
pub(super) fn place_labels(
    dots: &[Option<(f32, f32)>],
    widths: &[[Option<i32>; 2]],
    stretches: &[Stretch],
    taken: &[Rect],
) -> Vec<Option<Placed>> {
    let rings: Vec<Rect> = dots.iter().flatten().map(|&dot| ring_rect(dot)).collect();
    let taken: Vec<Spot> = taken.iter().map(|&chip| Spot::new(chip, None, 0.0)).collect();
    let spots_of = |i: usize, short: bool, far: bool| {
        let Some(w) = widths[i][usize::from(short)] else { return Vec::new() };
        let mut spots = spots(i, w as f32, dots, &rings, stretches, far);
        spots.retain(|s| !taken.iter().any(|t| s.conflicts(t)));
        spots
    };
    // Most charts have room for every label beside its dot, which is quickly found; the spots
    // further away, and the shortened labels' spots, are worked out only when needed.
    let spots = (0..dots.len()).map(|i| [spots_of(i, false, false), Vec::new()]).collect();
    let mut arrangement = Arrangement { spots, placed: vec![None; dots.len()] };
    arrangement.place(false);
    if !arrangement.written() {
        for i in 0..dots.len() {
            arrangement.spots[i][0] = spots_of(i, false, true);
        }
        arrangement.place(false);
    }
    if !arrangement.written() {
        for i in 0..dots.len() {
            arrangement.spots[i][1] = spots_of(i, true, true);
        }
        arrangement.place(true);
        arrangement.anneal();
    }
    arrangement
        .placed
        .into_iter()
        .map(|p| p.map(|(spot, short)| Placed { chip: spot.chip, short, leader: spot.leader }))
        .collect()
}

/// Marks' labels being placed (see [`place_labels`]): the spots each may take, whole and
/// shortened (clear of the dots and of the exact stretch's label), and the one each has taken,
/// shortened or not.
struct Arrangement {
    spots: Vec<[Vec<Spot>; 2]>,
    placed: Vec<Option<(Spot, bool)>>,
}

/// What a label costs at most for its spot, what more shortened, and what left out; and what an
/// overlap costs while the arrangement is being improved (more than leaving a label out, so
/// that none is left in the end).
const SPOT_COST: f32 = 60.0;
const SHORT_COST: f32 = 40.0;
const LEFT_OUT_COST: f32 = 120.0;
const OVERLAP_COST: f32 = 150.0;

impl Arrangement {
    /// Each label not yet placed, in the chart's order, at the cheapest of its spots (whole, or
    /// `short`) clear of those placed so far; `None` when there is none.
    fn place(&mut self, short: bool) {
        for i in 0..self.placed.len() {
            if self.placed[i].is_none() {
                self.placed[i] = self.spot(i, short).map(|spot| (spot, short));
            }
        }
    }

    /// Whether every label is written whole.
    fn written(&self) -> bool {
        self.placed.iter().zip(&self.spots).all(|(p, spots)| p.is_some_and(|(_, short)| !short) || spots[0].is_empty())
    }

    /// What the `i`th label costs as `choice`: its spot's cost, more if shortened, and the
    /// price of leaving it out if it has any spot at all.
    fn cost(&self, i: usize, choice: &Option<(Spot, bool)>) -> f32 {
        match choice {
            Some((spot, short)) => spot.cost.min(SPOT_COST) + if *short { SHORT_COST } else { 0.0 },
            None if self.spots[i].iter().all(Vec::is_empty) => 0.0,
            None => LEFT_OUT_COST,
        }
    }

    /// How many of the other labels the `i`th would overlap as `choice`.
    fn overlaps(&self, i: usize, choice: &Option<(Spot, bool)>) -> usize {
        let Some((spot, _)) = choice else { return 0 };
        let others = self.placed.iter().enumerate().filter(|&(j, _)| j != i);
        others.filter(|(_, p)| p.is_some_and(|(other, _)| spot.conflicts(&other))).count()
    }

    /// Simulated annealing from the arrangement as it is (which has no overlaps): a label at
    /// random (often one left out or shortened) takes a spot at random (often one of its
    /// cheapest), shortened now and then, or is left out; the change is kept when it lowers the
    /// total cost, or by chance the more readily the higher the temperature, which falls as it
    /// goes. The arrangement ends as the cheapest one without overlaps seen, or as the first
    /// with every label whole.
    fn anneal(&mut self) {
        let n = self.placed.len();
        // Each step looks at every other label: with many marks, fewer steps.
        let steps = ANNEAL_STEPS_PER_MARK * n.min(MANY_MARKS * MANY_MARKS / n.max(1));
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut random = move |below: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below.max(1) as u64) as usize
        };
        let mut energy: f32 = (0..n).map(|i| self.cost(i, &self.placed[i])).sum();
        let (mut overlaps, mut best) = (0usize, (energy, self.placed.clone()));
        for step in 0..steps {
            let temperature = 40.0 * (0.02f32).powf(step as f32 / steps as f32);
            let mut i = random(n);
            if random(100) < 30 {
                // A label left out or shortened, looking from a place at random.
                let wanting =
                    |j: &usize| self.placed[*j].is_none_or(|(_, short)| short) && !self.spots[*j][0].is_empty();
                i = (i..n).chain(0..i).find(wanting).unwrap_or(i);
            }
            let roll = random(100);
            let short = roll < 20 && !self.spots[i][1].is_empty() || self.spots[i][0].is_empty();
            let list = &self.spots[i][usize::from(short)];
            let choice = if roll >= 96 || list.is_empty() {
                None
            } else {
                let near = if random(2) == 0 { list.len().min(24) } else { list.len() };
                Some((list[random(near)], short))
            };
            let (before, after) = (self.overlaps(i, &self.placed[i]), self.overlaps(i, &choice));
            let cost = self.cost(i, &choice) - self.cost(i, &self.placed[i]);
            let delta = cost + OVERLAP_COST * (after as f32 - before as f32);
            if delta <= 0.0 || (random(1 << 20) as f32 / (1 << 20) as f32) < (-delta / temperature).exp() {
                self.placed[i] = choice;
                energy += cost;
                overlaps = overlaps + after - before;
                if overlaps == 0 && energy < best.0 - 1e-3 {
                    best = (energy, self.placed.clone());
                    // Every label whole is good enough.
                    if self.written() {
                        break;
                    }
                }
            }
        }
        self.placed = best.1;
    }

    /// The cheapest spot for the `i`th mark's label (whole or `short`) clear of the labels and
    /// leader lines placed so far; `None` when there is none.
    fn spot(&self, i: usize, short: bool) -> Option<Spot> {
        let spots = &self.spots[i][usize::from(short)];
        // Only the labels that reach where this one may go can stand in its way.
        let area = spots.iter().map(|s| s.reach).reduce(Rect::union)?;
        let others: Vec<Spot> =
            self.placed.iter().flatten().map(|&(spot, _)| spot).filter(|other| other.reach.meets(area)).collect();
        // The label that stood in the way of the last spot tried is asked first about the next,
        // which is usually near it.
        let mut last = 0;
        let mut clear = |spot: &Spot| {
            if others.get(last).is_some_and(|other| spot.conflicts(other)) {
                return false;
            }
            match others.iter().position(|other| spot.conflicts(other)) {
                Some(k) => {
                    last = k;
                    false
                }
                None => true,
            }
        };
        spots.iter().find(|s| clear(s)).copied()
    }
}
