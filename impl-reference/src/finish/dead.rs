//! r[finish.dead.agreed], r[finish.dead.marks], r[finish.dispute.dead]: which stones are dead, and
//! when an agreed list contradicts the marks.

use super::marks::{MarkKind, Marks};
use super::{sorted, Dispute, DisputeKind, FinishError};
use crate::board::adjacent;
use ttrules_spec::{Colour, DeadError, Grid, Point};

/// r[finish.dead.agreed]: agreed dead stones "each holding a stone of the pause position
/// (r[var.count.dead], whose errors apply: a point off the grid, a point that holds no stone)".
/// Returns them in point-index order, each once; errors name the first wrong point in the order
/// given.
pub fn agreed(g: &Grid, dead: &[Point]) -> Result<Vec<Point>, FinishError> {
    for &p in dead {
        if !g.size().contains(p) {
            return Err(FinishError::Dead(DeadError::OffGrid(p, g.size())));
        }
        if g.get(p) == Colour::Empty {
            return Err(FinishError::Dead(DeadError::Empty(p)));
        }
    }
    Ok(sorted(g, dead.to_vec()))
}

/// r[finish.dead.agreed]: "The cleared position is the pause position with the dead stones
/// emptied."
pub fn cleared(g: &Grid, dead: &[Point]) -> Grid {
    let mut out = g.clone();
    for &p in dead {
        out.set(p, Colour::Empty);
    }
    out
}

/// r[finish.dead.marks]: "a stone of colour C is alive when (a) a path of adjacent points leads
/// from it to an eye mark of C's player, every point of the path before the mark being empty or
/// holding a stone of C; or (b) a path of adjacent stones of C leads from it to a stone adjacent to
/// a shared mark." `s` must hold a stone.
pub fn alive_by_marks(g: &Grid, s: Point, m: &Marks) -> bool {
    let c = g.get(s);
    let Some(player) = c.player() else {
        return false;
    };
    let eye = MarkKind::eye(player);
    let size = g.size();
    // (a): every point a path can pass through (empty or C), searched from s.
    let through = |q: Point| g.get(q) == Colour::Empty || g.get(q) == c;
    let mut seen = vec![false; size.area()];
    let mut todo = vec![s];
    seen[size.index(s)] = true;
    while let Some(q) = todo.pop() {
        for r in adjacent(size, q) {
            if m.has(eye, r) {
                return true;
            }
            if through(r) && !seen[size.index(r)] {
                seen[size.index(r)] = true;
                todo.push(r);
            }
        }
    }
    // (b): the stones of C joined to s, and the points next to them.
    let mut seen = vec![false; size.area()];
    let mut todo = vec![s];
    seen[size.index(s)] = true;
    while let Some(q) = todo.pop() {
        for r in adjacent(size, q) {
            if m.has(MarkKind::Shared, r) {
                return true;
            }
            if g.get(r) == c && !seen[size.index(r)] {
                seen[size.index(r)] = true;
                todo.push(r);
            }
        }
    }
    false
}

/// r[finish.dead.marks]: "Every other stone is dead." The dead stones in point-index order.
pub fn derived(g: &Grid, m: &Marks) -> Vec<Point> {
    g.size()
        .points()
        .filter(|&p| g.get(p) != Colour::Empty && !alive_by_marks(g, p, m))
        .collect()
}

/// r[finish.dispute.dead]: "a dead stone that r[finish.dead.marks] calls alive … contradicts the
/// marks: … the disputed points are every such stone." One dispute per player who has such stones.
pub fn contradicted(g: &Grid, dead: &[Point], m: &Marks) -> Vec<Dispute> {
    let mut out = Vec::new();
    for c in [Colour::Black, Colour::White] {
        let points: Vec<Point> = dead
            .iter()
            .copied()
            .filter(|&p| g.get(p) == c && alive_by_marks(g, p, m))
            .collect();
        if !points.is_empty() {
            out.push(Dispute {
                kind: DisputeKind::DeadStoneAlive,
                player: c.player(),
                mark: None,
                points: sorted(g, points),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    fn grid(w: u32, rows: &[&str]) -> Grid {
        Grid::from_rows(Size::new(w, rows.len() as u32).unwrap(), rows).unwrap()
    }

    #[test]
    fn paths_through_empty_and_own_stones_reach_eye_marks() {
        // X . O X: the black A1 reaches B:B1 directly; D1 reaches it only through White's C1.
        let g = grid(4, &["X.OX"]);
        let m = Marks::parse("B:B1").unwrap();
        assert!(alive_by_marks(&g, Point::new(0, 0), &m));
        assert!(!alive_by_marks(&g, Point::new(3, 0), &m));
        assert!(!alive_by_marks(&g, Point::new(2, 0), &m), "B:B1 is Black's");
        assert_eq!(derived(&g, &m), vec![Point::new(2, 0), Point::new(3, 0)]);
    }

    #[test]
    fn shared_marks_count_through_own_stones_only() {
        // X . S O: the shared mark at C1 is not adjacent to A1, and B1 is empty, not black.
        let g = grid(4, &["X..O"]);
        let m = Marks::parse("S:C1").unwrap();
        assert!(!alive_by_marks(&g, Point::new(0, 0), &m));
        assert!(alive_by_marks(&g, Point::new(3, 0), &m));
    }
}
