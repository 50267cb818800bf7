//! Section 23: territory, living groups, the reserved points (given or chosen) and the disputes
//! about them.

use super::marks::{MarkKind, Marks};
use super::{points_where, sorted, Both, Dispute, DisputeKind, Region, RegionKind};
use crate::board::{adjacent, region};
use crate::reach::reaches;
use crate::score::independent_life_regions;
use ttrules_spec::{Colour, Grid, Player, Point};

/// r[finish.territory]: "P's territory is the set of empty points that reach only P's colour".
pub fn is_territory(g: &Grid, p: Point, player: Player) -> bool {
    g.get(p) == Colour::Empty
        && reaches(g, p, player.colour())
        && !reaches(g, p, player.opponent().colour())
}

/// r[finish.territory]: "a shared point is an empty point that reaches both colours; a neutral
/// point is an empty point that reaches neither". Returns (shared, neutral), in point-index order.
pub fn shared_and_neutral(g: &Grid) -> (Vec<Point>, Vec<Point>) {
    let empty = |p: Point| g.get(p) == Colour::Empty;
    let shared = points_where(g, |p| {
        empty(p) && reaches(g, p, Colour::Black) && reaches(g, p, Colour::White)
    });
    let neutral = points_where(g, |p| {
        empty(p) && !reaches(g, p, Colour::Black) && !reaches(g, p, Colour::White)
    });
    (shared, neutral)
}

/// r[finish.living-group]: every P-region that holds a stone of P, Black's first, each kind as the
/// clause names it: "a living group … is an independent-life region of P"; "every other P-region
/// that holds a stone of P is a seki region when it contains a dame region …, else an unsettled
/// region". (A P-region contains a dame region exactly when it holds an empty point that reaches
/// both colours: that point's empty region is adjacent to both.) Reserved points are filled in
/// later by [`describe`].
pub fn regions(g: &Grid) -> Vec<Region> {
    let mut out = Vec::new();
    for player in [Player::Black, Player::White] {
        let own = player.colour();
        let other = player.opponent().colour();
        let living: Vec<Vec<Point>> = independent_life_regions(g, player)
            .into_iter()
            .map(|r| sorted(g, r))
            .collect();
        let mut seen: Vec<Point> = Vec::new();
        for p in g.size().points() {
            if g.get(p) != own || seen.contains(&p) {
                continue;
            }
            let points = sorted(g, region(g, p, |c| c != other));
            seen.extend(points.iter().copied());
            let kind = if living.contains(&points) {
                RegionKind::Living
            } else if points
                .iter()
                .any(|&q| g.get(q) == Colour::Empty && reaches(g, q, own) && reaches(g, q, other))
            {
                RegionKind::Seki
            } else {
                RegionKind::Unsettled
            };
            let territory = points
                .iter()
                .copied()
                .filter(|&q| is_territory(g, q, player))
                .collect();
            out.push(Region {
                player,
                kind,
                points,
                territory,
                reserved: Vec::new(),
                two_eyes: false,
            });
        }
    }
    out
}

/// r[finish.eyes.auto]: a pair "makes two eyes when its points are not adjacent and, on the
/// colouring where every other empty point of the group holds P's stone, every chain of P in the
/// group is adjacent to both".
pub fn makes_two_eyes(g: &Grid, group: &Region, a: Point, b: Point) -> bool {
    let own = group.player.colour();
    let mut filled = g.clone();
    for &e in &group.territory {
        if e != a && e != b {
            filled.set(e, own);
        }
    }
    two_eyes_on(&filled, group, a, b)
}

/// Whether `a` and `b` are not adjacent and every chain of the group's player through the group's
/// points is adjacent to both, on `filled`.
fn two_eyes_on(filled: &Grid, group: &Region, a: Point, b: Point) -> bool {
    let size = filled.size();
    let own = group.player.colour();
    !adjacent(size, a).contains(&b)
        && group
            .points
            .iter()
            .filter(|&&s| filled.get(s) == own)
            .all(|&s| {
                let chain = region(filled, s, |c| c == own);
                let touches = |t: Point| chain.iter().any(|&q| adjacent(size, q).contains(&t));
                touches(a) && touches(b)
            })
}

/// r[finish.eyes.auto] (a): the two points chosen in a living group.
pub fn choose_two(g: &Grid, group: &Region) -> Vec<Point> {
    let mut candidates = group.territory.clone();
    // "ordered by the number of their adjacent empty points, then by the number of their
    // adjacent points, then by point index (fewest first each time)".
    candidates.sort_by_key(|&p| {
        let around = adjacent(g.size(), p);
        let empty = around
            .iter()
            .filter(|&&q| g.get(q) == Colour::Empty)
            .count();
        (empty, around.len(), g.size().index(p))
    });
    if candidates.len() < 2 {
        // Cannot happen for an independent-life region (r[finish.living-group]: "at least two");
        // reserving what there is keeps the fill legal all the same.
        return candidates;
    }
    for i in 0..candidates.len() {
        for j in i + 1..candidates.len() {
            if makes_two_eyes(g, group, candidates[i], candidates[j]) {
                return vec![candidates[i], candidates[j]];
            }
        }
    }
    // "or the first pair when none does."
    vec![candidates[0], candidates[1]]
}

/// r[finish.eyes.auto]: the marks chosen automatically on the cleared position `g`: (a) two points
/// in each living group, (b) "every territory point of P outside P's living groups", (c) "every
/// shared point gets a shared mark".
pub fn auto_marks(g: &Grid, regions: &[Region]) -> Marks {
    let mut list = Vec::new();
    for r in regions {
        let kind = MarkKind::eye(r.player);
        let chosen = match r.kind {
            RegionKind::Living => choose_two(g, r),
            RegionKind::Seki | RegionKind::Unsettled => r.territory.clone(),
        };
        list.extend(chosen.into_iter().map(|p| (kind, p)));
    }
    // (b) also covers P's territory in no region with a stone of P, which does not exist: a
    // territory point reaches P's colour, so its P-region holds a stone of P.
    let (shared, _) = shared_and_neutral(g);
    list.extend(shared.into_iter().map(|p| (MarkKind::Shared, p)));
    Marks { list }
}

/// The reserved points of a set of marks, and the marks that contradict the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reserved {
    /// r[finish.reserved]: "the eye marks of P that lie in P's territory", in point-index order.
    pub points: Both<Vec<Point>>,
    /// The shared marks on shared points, in point-index order.
    pub shared_marks: Vec<Point>,
    /// r[finish.dispute.eye-outside]: one dispute per mark that stands where its kind may not.
    pub outside: Vec<Dispute>,
}

/// r[finish.reserved] and r[finish.dispute.eye-outside] on the cleared position `g`.
pub fn reserve(g: &Grid, m: &Marks) -> Reserved {
    let mut out = Reserved::default();
    for &(kind, p) in &m.list {
        let fits = match kind.player() {
            Some(player) => is_territory(g, p, player),
            None => {
                g.get(p) == Colour::Empty
                    && reaches(g, p, Colour::Black)
                    && reaches(g, p, Colour::White)
            }
        };
        match (fits, kind.player()) {
            (true, Some(player)) => out.points.get_mut(player).push(p),
            (true, None) => out.shared_marks.push(p),
            (false, player) => out.outside.push(Dispute {
                kind: DisputeKind::MarkOutside,
                player,
                mark: Some(kind),
                points: vec![p],
            }),
        }
    }
    out.points.black = sorted(g, std::mem::take(&mut out.points.black));
    out.points.white = sorted(g, std::mem::take(&mut out.points.white));
    out.shared_marks = sorted(g, std::mem::take(&mut out.shared_marks));
    out
}

/// r[finish.reserved]: "The road points of P are the points of P's territory that are not
/// reserved points of P."
pub fn roads(g: &Grid, reserved: &Both<Vec<Point>>) -> Both<Vec<Point>> {
    let of = |player: Player| {
        points_where(g, |p| {
            is_territory(g, p, player) && !reserved.get(player).contains(&p)
        })
    };
    Both {
        black: of(Player::Black),
        white: of(Player::White),
    }
}

/// r[finish.eyes.enough]: "P's reserved points are too few when (a) a living group of P holds fewer
/// than two of them, or (b) a chain of P of the ideal final position that holds a stone adjacent
/// to P's territory on the cleared position … is adjacent to none of them". One dispute per region
/// concerned; "the disputed points are the territory points of the region concerned".
pub fn too_few(
    cleared: &Grid,
    regions: &[Region],
    reserved: &Both<Vec<Point>>,
    ideal: &Grid,
) -> Vec<Dispute> {
    let size = cleared.size();
    let short: Vec<&Region> = regions
        .iter()
        .filter(|r| {
            let mine = reserved.get(r.player);
            let own = r.player.colour();
            // (a)
            let few = r.kind == RegionKind::Living
                && r.territory.iter().filter(|p| mine.contains(p)).count() < 2;
            // (b): the chains of the ideal position through the region's stones that touched
            // P's territory.
            let starved = r.points.iter().any(|&s| {
                cleared.get(s) == own
                    && adjacent(size, s)
                        .iter()
                        .any(|&q| is_territory(cleared, q, r.player))
                    && !region(ideal, s, |c| c == own)
                        .iter()
                        .any(|&q| adjacent(size, q).iter().any(|t| mine.contains(t)))
            });
            few || starved
        })
        .collect();
    short
        .into_iter()
        .map(|r| Dispute {
            kind: DisputeKind::TooFewEyes,
            player: Some(r.player),
            mark: None,
            points: r.territory.clone(),
        })
        .collect()
}

/// Fills in each region's reserved points and whether two of them make two eyes on `ideal` (for
/// the output; r[finish.eyes.auto] uses the same test to choose).
pub fn describe(regions: &mut [Region], reserved: &Both<Vec<Point>>, ideal: &Grid) {
    for r in regions.iter_mut() {
        r.reserved = r
            .territory
            .iter()
            .copied()
            .filter(|p| reserved.get(r.player).contains(p))
            .collect();
        let pairs = r
            .reserved
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| r.reserved[i + 1..].iter().map(move |&b| (a, b)));
        let two = pairs.into_iter().any(|(a, b)| two_eyes_on(ideal, r, a, b));
        r.two_eyes = r.kind == RegionKind::Living && two;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    fn grid(w: u32, rows: &[&str]) -> Grid {
        Grid::from_rows(Size::new(w, rows.len() as u32).unwrap(), rows).unwrap()
    }

    #[test]
    fn region_kinds() {
        // Black lives with A2 and A1..; the 5x2 seki of Part II has a dame C1-C2.
        let seki = grid(5, &[".X.O.", "XX.OO"]);
        let kinds: Vec<RegionKind> = regions(&seki).iter().map(|r| r.kind).collect();
        assert_eq!(kinds, vec![RegionKind::Seki, RegionKind::Seki]);
        let living = grid(4, &[".X..", "XX.."]);
        let r = regions(&living);
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].kind, RegionKind::Living);
        assert_eq!(r[0].territory.len(), 5);
        let atari = grid(3, &["X.X"]);
        assert_eq!(regions(&atari)[0].kind, RegionKind::Unsettled);
    }

    #[test]
    fn the_choice_prefers_two_eyes() {
        // A2, C2 and E2 have no empty neighbour; the corners come first (two neighbours), and
        // A2, E2 make two eyes once C2 is filled.
        let g = grid(5, &[".X.X.", "XXXXX"]);
        let r = &regions(&g)[0];
        assert_eq!(r.kind, RegionKind::Living);
        assert_eq!(choose_two(&g, r), vec![Point::new(0, 1), Point::new(4, 1)]);
        assert!(makes_two_eyes(&g, r, Point::new(0, 1), Point::new(4, 1)));
        // A group whose only empty points are adjacent has no two eyes; the first pair is taken.
        let g = grid(3, &["..X", "XXX"]);
        let r = &regions(&g)[0];
        assert_eq!(choose_two(&g, r), vec![Point::new(0, 1), Point::new(1, 1)]);
        assert!(!makes_two_eyes(&g, r, Point::new(0, 1), Point::new(1, 1)));
    }
}
