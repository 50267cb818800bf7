//! Part IV of the spec, sections 20 and 21: provable life. Enclosed regions, vital regions, Benson's
//! elimination, pass-alive chains, pass-alive territory and each player's pass-alive area, computed
//! from scratch on a colouring, straight from the definitions: every set is a plain list of points,
//! every test a scan, the elimination a loop until a round removes nothing.

use crate::board::adjacent;
use crate::score::region;
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

/// r[tt.derived.chain]: the chains of `player`, each a maximal connected set of her stones.
pub fn chains(g: &Grid, player: Player) -> Vec<Vec<Point>> {
    let own = player.colour();
    let mut out: Vec<Vec<Point>> = Vec::new();
    for p in g.size().points() {
        if g.get(p) == own && !out.iter().any(|c| c.contains(&p)) {
            out.push(region(g, p, |c| c == own));
        }
    }
    out
}

/// r[life.region]: "a maximal connected set of points none of which holds a stone of P".
pub fn enclosed_regions(g: &Grid, player: Player) -> Vec<Vec<Point>> {
    let own = player.colour();
    let mut out: Vec<Vec<Point>> = Vec::new();
    for p in g.size().points() {
        if g.get(p) != own && !out.iter().any(|r| r.contains(&p)) {
            out.push(region(g, p, |c| c != own));
        }
    }
    out
}

/// Whether `p` is adjacent to some point of `set`.
fn adjacent_to(g: &Grid, p: Point, set: &[Point]) -> bool {
    adjacent(g.size(), p).iter().any(|q| set.contains(q))
}

/// r[life.region]: "Its border is the set of P's chains that have a stone adjacent to one of its
/// points": whether `chain` is in the border of `region`.
pub fn borders(g: &Grid, region: &[Point], chain: &[Point]) -> bool {
    region.iter().any(|&p| adjacent_to(g, p, chain))
}

/// r[life.vital]: whether `region` is vital to `chain` under `reading`.
pub fn is_vital(g: &Grid, region: &[Point], chain: &[Point], reading: Vital) -> bool {
    region
        .iter()
        .filter(|&&p| reading == Vital::AllPoints || g.get(p) == Colour::Empty)
        .all(|&p| adjacent_to(g, p, chain))
}

/// r[life.elimination]: "start with X, the set of all chains of P, and V, the set of all
/// P-enclosed regions. Repeat, until a round removes nothing: (1) remove from X every chain to
/// which fewer than two regions of V are vital; (2) remove from V every region whose border holds
/// a chain that is not in X." Returns X and V at the end.
pub fn elimination(g: &Grid, player: Player, reading: Vital) -> (Vec<Vec<Point>>, Vec<Vec<Point>>) {
    let all_chains = chains(g, player);
    let mut x = all_chains.clone();
    let mut v = enclosed_regions(g, player);
    loop {
        // (1)
        let before = (x.len(), v.len());
        x.retain(|c| v.iter().filter(|r| is_vital(g, r, c, reading)).count() >= 2);
        // (2)
        v.retain(|r| {
            all_chains
                .iter()
                .filter(|c| borders(g, r, c))
                .all(|c| x.contains(c))
        });
        if (x.len(), v.len()) == before {
            return (x, v);
        }
    }
}

/// r[life.pass-alive]: "The chains left in X when the elimination ends are P's pass-alive chains,
/// and their stones P's pass-alive stones."
pub fn pass_alive_stones(g: &Grid, player: Player, reading: Vital) -> Vec<Point> {
    elimination(g, player, reading).0.concat()
}

/// r[life.territory]: "A P-enclosed region R is P's pass-alive territory when it is adjacent to
/// at least one stone of P, every chain of its border is pass-alive, and at most one point of R is
/// interior."
pub fn pass_alive_territory(g: &Grid, player: Player, reading: Vital) -> Vec<Vec<Point>> {
    let own = player.colour();
    let alive = elimination(g, player, reading).0;
    let stones_of_p: Vec<Point> = g.size().points().filter(|&p| g.get(p) == own).collect();
    enclosed_regions(g, player)
        .into_iter()
        .filter(|r| {
            let adjacent_to_p = r.iter().any(|&p| adjacent_to(g, p, &stones_of_p));
            let border_alive = chains(g, player)
                .iter()
                .filter(|c| borders(g, r, c))
                .all(|c| alive.contains(c));
            // r[life.region]: "A point of the region is interior when no stone of P is adjacent
            // to it."
            let interior = r
                .iter()
                .filter(|&&p| !adjacent_to(g, p, &stones_of_p))
                .count();
            adjacent_to_p && border_alive && interior <= 1
        })
        .collect()
}

/// r[life.area]: "P's pass-alive area is the set of P's pass-alive stones together with every
/// point of P's pass-alive territory."
pub fn pass_alive_area(g: &Grid, player: Player, reading: Vital) -> Vec<Point> {
    let mut area = pass_alive_stones(g, player, reading);
    area.extend(pass_alive_territory(g, player, reading).concat());
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
    fn an_opponent_stone_in_an_eye_counts_only_under_benson() {
        // The White stone at B1... a region {A2, A1?}: the two readings differ when a region holds
        // an opponent stone not adjacent to the chain.
        let g = grid(4, 3, &["..X.", "O.X.", "XXX."]);
        let forbidden = pass_alive(&g, Suicide::Forbidden);
        let allowed = pass_alive(&g, Suicide::Allowed);
        assert!(forbidden.black.len() >= allowed.black.len());
    }
}
