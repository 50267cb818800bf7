//! Part IV of the spec, sections 20 and 21: provable life. Enclosed regions, vital regions, Benson's
//! elimination, pass-alive chains, pass-alive territory and each player's pass-alive area, computed
//! from scratch on a colouring, straight from the definitions: every set is a plain list of points,
//! every test a scan, the elimination a loop until a round removes nothing.

use crate::board::{adjacent, region};
use ttrules_spec::{Colour, Grid, PassAlive, Player, Point, Suicide};

/// The two readings of *vital* (r[life.vital]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Vital {
    /// Benson's: every empty point of the region is adjacent to the chain.
    EmptyPoints,
    /// KataGo's: every point of the region, empty or not, is adjacent to the chain.
    AllPoints,
}

impl Vital {
    /// r[life.vital]: "under r[var.suicide.forbidden], every empty point of R is adjacent to C …
    /// under r[var.suicide.allowed] and r[var.suicide.multi-only], every point of R".
    pub fn of(suicide: Suicide) -> Vital {
        match suicide {
            Suicide::Forbidden => Vital::EmptyPoints,
            Suicide::Allowed | Suicide::MultiStoneOnly => Vital::AllPoints,
        }
    }
}

/// The sets of a partition of some points (chains or regions), each point labelled with the index
/// of its set: built from scratch by one search per set.
struct Labelled {
    sets: Vec<Vec<Point>>,
    /// By point index: the set holding the point, if any.
    label: Vec<Option<usize>>,
}

impl Labelled {
    /// The maximal connected sets of points whose colour satisfies `inside`.
    fn of(g: &Grid, inside: impl Fn(Colour) -> bool + Copy) -> Labelled {
        let size = g.size();
        let mut out = Labelled {
            sets: Vec::new(),
            label: vec![None; size.area()],
        };
        for p in size.points() {
            if inside(g.get(p)) && out.label[size.index(p)].is_none() {
                let set = region(g, p, inside);
                for &q in &set {
                    out.label[size.index(q)] = Some(out.sets.len());
                }
                out.sets.push(set);
            }
        }
        out
    }

    /// The set holding `p`, if any.
    fn at(&self, g: &Grid, p: Point) -> Option<usize> {
        self.label[g.size().index(p)]
    }
}

/// r[tt.derived.chain]: the chains of `player`, each a maximal connected set of her stones.
pub fn chains(g: &Grid, player: Player) -> Vec<Vec<Point>> {
    let own = player.colour();
    Labelled::of(g, |c| c == own).sets
}

/// r[life.region]: "a maximal connected set of points none of which holds a stone of P".
pub fn enclosed_regions(g: &Grid, player: Player) -> Vec<Vec<Point>> {
    let own = player.colour();
    Labelled::of(g, |c| c != own).sets
}

/// The chains (indices into `chains`) with a stone adjacent to `p`.
fn chains_next_to(g: &Grid, chains: &Labelled, p: Point) -> Vec<usize> {
    adjacent(g.size(), p)
        .into_iter()
        .filter_map(|q| chains.at(g, q))
        .collect()
}

/// r[life.region]: "Its border is the set of P's chains that have a stone adjacent to one of its
/// points."
fn border(g: &Grid, chains: &Labelled, region: &[Point]) -> Vec<usize> {
    let mut out: Vec<usize> = region
        .iter()
        .flat_map(|&p| chains_next_to(g, chains, p))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// r[life.vital]: whether `region` is vital to chain `c` under `reading`: every tested point of the
/// region (every empty point, or every point) is adjacent to the chain.
fn is_vital(g: &Grid, chains: &Labelled, region: &[Point], c: usize, reading: Vital) -> bool {
    region
        .iter()
        .filter(|&&p| reading == Vital::AllPoints || g.get(p) == Colour::Empty)
        .all(|&p| chains_next_to(g, chains, p).contains(&c))
}

/// What the elimination ends with: the chains of P, the P-enclosed regions, and which chains are
/// left in X.
struct Elimination {
    chains: Labelled,
    regions: Vec<Vec<Point>>,
    in_x: Vec<bool>,
}

/// r[life.elimination]: "start with X, the set of all chains of P, and V, the set of all
/// P-enclosed regions. Repeat, until a round removes nothing: (1) remove from X every chain to
/// which fewer than two regions of V are vital; (2) remove from V every region whose border holds
/// a chain that is not in X."
fn elimination(g: &Grid, player: Player, reading: Vital) -> Elimination {
    let own = player.colour();
    let chains = Labelled::of(g, |c| c == own);
    let regions = enclosed_regions(g, player);
    let borders: Vec<Vec<usize>> = regions.iter().map(|r| border(g, &chains, r)).collect();
    // Which regions are vital to which chain depends on the colouring alone, not on X and V.
    let vital: Vec<Vec<usize>> = (0..chains.sets.len())
        .map(|c| {
            (0..regions.len())
                .filter(|&r| borders[r].contains(&c))
                .filter(|&r| is_vital(g, &chains, &regions[r], c, reading))
                .collect()
        })
        .collect();
    let mut in_x = vec![true; chains.sets.len()];
    let mut in_v = vec![true; regions.len()];
    loop {
        let mut removed = false;
        // (1)
        for (in_x, vital) in in_x.iter_mut().zip(&vital) {
            if *in_x && vital.iter().filter(|&&r| in_v[r]).count() < 2 {
                *in_x = false;
                removed = true;
            }
        }
        // (2)
        for (in_v, border) in in_v.iter_mut().zip(&borders) {
            if *in_v && border.iter().any(|&c| !in_x[c]) {
                *in_v = false;
                removed = true;
            }
        }
        if !removed {
            return Elimination {
                chains,
                regions,
                in_x,
            };
        }
    }
}

/// r[life.pass-alive]: "The chains left in X when the elimination ends are P's pass-alive chains,
/// and their stones P's pass-alive stones."
pub fn pass_alive_stones(g: &Grid, player: Player, reading: Vital) -> Vec<Point> {
    stones_of(&elimination(g, player, reading))
}

/// [`pass_alive_stones`] from the elimination's end.
fn stones_of(e: &Elimination) -> Vec<Point> {
    (0..e.chains.sets.len())
        .filter(|&c| e.in_x[c])
        .flat_map(|c| e.chains.sets[c].clone())
        .collect()
}

/// r[life.territory]: "A P-enclosed region R is P's pass-alive territory when it is adjacent to
/// at least one stone of P, every chain of its border is pass-alive, and at most one point of R is
/// interior."
pub fn pass_alive_territory(g: &Grid, player: Player, reading: Vital) -> Vec<Vec<Point>> {
    territory_of(g, &elimination(g, player, reading))
}

/// [`pass_alive_territory`] from the elimination's end.
fn territory_of(g: &Grid, e: &Elimination) -> Vec<Vec<Point>> {
    e.regions
        .iter()
        .filter(|r| {
            let border = border(g, &e.chains, r);
            // r[life.region]: "A point of the region is interior when no stone of P is adjacent
            // to it."
            let interior = r
                .iter()
                .filter(|&&p| chains_next_to(g, &e.chains, p).is_empty())
                .count();
            !border.is_empty() && border.iter().all(|&c| e.in_x[c]) && interior <= 1
        })
        .cloned()
        .collect()
}

/// r[life.area]: "P's pass-alive area is the set of P's pass-alive stones together with every
/// point of P's pass-alive territory."
pub fn pass_alive_area(g: &Grid, player: Player, reading: Vital) -> Vec<Point> {
    let e = elimination(g, player, reading);
    let mut area = stones_of(&e);
    area.extend(territory_of(g, &e).concat());
    area
}

/// r[life.area]: both players' pass-alive areas "under the suicide parameter in force".
pub fn pass_alive(g: &Grid, suicide: Suicide) -> PassAlive {
    let reading = Vital::of(suicide);
    PassAlive::new(
        pass_alive_area(g, Player::Black, reading),
        pass_alive_area(g, Player::White, reading),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    fn grid(w: u32, h: u32, rows: &[&str]) -> Grid {
        Grid::from_rows(Size::new(w, h).unwrap(), rows).unwrap()
    }

    #[test]
    fn two_eyes_live_one_eye_does_not() {
        // Black has two single-point eyes on the left; White one eye on the right.
        let g = grid(6, 2, &[".X.XO.", "XXXXOO"]);
        let area = pass_alive(&g, Suicide::Forbidden);
        assert_eq!(area.black.len(), 8, "six stones and two eyes");
        assert!(area.white.is_empty());
        assert_eq!(area.dead_stones(&g), vec![]);
    }

    #[test]
    fn a_seki_is_not_pass_alive() {
        let g = grid(5, 2, &[".X.O.", "XX.OO"]);
        assert!(pass_alive(&g, Suicide::Allowed).is_empty());
        assert!(pass_alive(&g, Suicide::Forbidden).is_empty());
    }

    #[test]
    fn the_readings_differ_on_the_counterexample() {
        // r[life.note.plain-unsound]: both regions are vital to both Black chains under Benson's
        // reading; under the all-points reading {A2, A1} is not vital to A3 (A1 is not next to it).
        let g = grid(2, 3, &["X.", ".X", "OX"]);
        let benson = pass_alive(&g, Suicide::Forbidden);
        assert_eq!(benson.black.len(), 6);
        assert_eq!(benson.dead_stones(&g), vec![Point::new(0, 0)]);
        assert!(pass_alive(&g, Suicide::Allowed).is_empty());
        assert!(pass_alive(&g, Suicide::MultiStoneOnly).is_empty());
        assert_eq!(
            pass_alive_stones(&g, Player::Black, Vital::EmptyPoints).len(),
            3
        );
        assert!(pass_alive_stones(&g, Player::Black, Vital::AllPoints).is_empty());
    }
}
