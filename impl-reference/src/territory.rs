//! Section 13, the territory of the seki and group taxes: eye points and dame
//! (r[var.territory.eye-points]), blocks (r[var.territory.blocks]) and seki
//! (r[var.territory.seki]), all read on one colouring (the final colouring after the dead stones
//! are emptied), each fact recomputed from the colouring by a search from scratch.

use crate::board::adjacent;
use crate::reach::reaches;
use ttrules_spec::{Colour, Grid, Player, Point};

/// r[var.territory.eye-points]: "an eye point of a player P is an empty point that reaches P's
/// colour and not the opponent's".
pub fn is_eye_point(g: &Grid, p: Point, player: Player) -> bool {
    g.get(p) == Colour::Empty
        && reaches(g, p, player.colour())
        && !reaches(g, p, player.opponent().colour())
}

/// r[var.territory.eye-points]: "a dame is an empty point that reaches both colours".
pub fn is_dame(g: &Grid, p: Point) -> bool {
    g.get(p) == Colour::Empty && reaches(g, p, Colour::Black) && reaches(g, p, Colour::White)
}

/// The maximal connected set of points for which `inside` holds that contains `p` (which must
/// satisfy it), by a search from scratch.
fn component(g: &Grid, p: Point, inside: &dyn Fn(Point) -> bool) -> Vec<Point> {
    let mut found = vec![p];
    let mut next = 0;
    while next < found.len() {
        let q = found[next];
        next += 1;
        for r in adjacent(g.size(), q) {
            if inside(r) && !found.contains(&r) {
                found.push(r);
            }
        }
    }
    found
}

/// Every maximal connected set of points for which `inside` holds, in the order of their first
/// point.
fn components(g: &Grid, inside: &dyn Fn(Point) -> bool) -> Vec<Vec<Point>> {
    let mut all: Vec<Vec<Point>> = Vec::new();
    for p in g.size().points() {
        if inside(p) && !all.iter().any(|c| c.contains(&p)) {
            all.push(component(g, p, inside));
        }
    }
    all
}

/// r[var.territory.eye-points]: the dame regions, "maximal connected set\[s\] of dames".
pub fn dame_regions(g: &Grid) -> Vec<Vec<Point>> {
    components(g, &|p| is_dame(g, p))
}

/// r[var.territory.blocks]: the P-blocks, "maximal connected set\[s\] of points each of which holds
/// a stone of P or is an eye point of P".
pub fn blocks(g: &Grid, player: Player) -> Vec<Vec<Point>> {
    components(g, &|p| {
        g.get(p) == player.colour() || is_eye_point(g, p, player)
    })
}

/// r[var.territory.blocks]: "a block is safe when it holds at least two eye points" (the block's
/// empty points are its eye points).
pub fn is_safe(g: &Grid, block: &[Point]) -> bool {
    block.iter().filter(|&&p| g.get(p) == Colour::Empty).count() >= 2
}

/// Whether some point of `a` is adjacent to some point of `b`.
fn adjacent_sets(g: &Grid, a: &[Point], b: &[Point]) -> bool {
    a.iter()
        .any(|&p| adjacent(g.size(), p).iter().any(|q| b.contains(q)))
}

/// r[var.territory.seki]: the seki regions, the dame regions adjacent to no safe block of either
/// player ("a dame region is filled when it is adjacent to a safe block of either player, and a
/// seki region otherwise").
pub fn seki_regions(g: &Grid) -> Vec<Vec<Point>> {
    let safe: Vec<Vec<Point>> = [Player::Black, Player::White]
        .into_iter()
        .flat_map(|player| blocks(g, player))
        .filter(|b| is_safe(g, b))
        .collect();
    dame_regions(g)
        .into_iter()
        .filter(|r| !safe.iter().any(|b| adjacent_sets(g, r, b)))
        .collect()
}

/// One block of a player, and whether it is in seki.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's points: stones of the player and her eye points (r[var.territory.blocks]).
    pub points: Vec<Point>,
    /// r[var.territory.seki]: "a block adjacent to a seki region is in seki".
    pub in_seki: bool,
}

impl Block {
    /// The block's eye points: its empty points.
    pub fn eye_points<'a>(&'a self, g: &'a Grid) -> impl Iterator<Item = Point> + 'a {
        self.points
            .iter()
            .copied()
            .filter(move |&p| g.get(p) == Colour::Empty)
    }
}

/// r[var.territory.blocks] and r[var.territory.seki]: the P-blocks on `g`, each with whether it
/// is in seki.
pub fn player_blocks(g: &Grid, player: Player) -> Vec<Block> {
    let seki = seki_regions(g);
    blocks(g, player)
        .into_iter()
        .map(|points| Block {
            in_seki: seki.iter().any(|r| adjacent_sets(g, r, &points)),
            points,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    fn grid(w: u32, h: u32, rows: &[&str]) -> Grid {
        Grid::from_rows(Size::new(w, h).unwrap(), rows).unwrap()
    }

    #[test]
    fn an_open_dame_column_is_filled_and_puts_no_one_in_seki() {
        let g = grid(7, 2, &[".X.O...", ".X.O..."]);
        assert_eq!(dame_regions(&g).len(), 1);
        assert!(seki_regions(&g).is_empty());
        let black = player_blocks(&g, Player::Black);
        assert_eq!(black.len(), 1);
        assert!(!black[0].in_seki);
        assert_eq!(black[0].eye_points(&g).count(), 2);
    }

    #[test]
    fn shared_liberties_between_one_eyed_blocks_are_a_seki_region() {
        let g = grid(5, 2, &[".X.O.", "XX.OO"]);
        assert_eq!(seki_regions(&g).len(), 1);
        for player in [Player::Black, Player::White] {
            let blocks = player_blocks(&g, player);
            assert_eq!(blocks.len(), 1);
            assert!(blocks[0].in_seki, "{player:?}");
        }
    }
}
