//! Section 1 of the spec: the board.

use ttrules_spec::{Colour, Grid, Point, Size};

/// r[tt.adjacent]: "Two points are adjacent when they are in the same column in neighbouring rows,
/// or in the same row in neighbouring columns. Points are never adjacent across the edge of the grid
/// (there is no wrapping) or diagonally."
///
/// r[tt.board.size]: the grid is `size`, any W x H with W and H in 1..=25.
pub fn adjacent(size: Size, p: Point) -> Vec<Point> {
    let (x, y) = (i32::from(p.x), i32::from(p.y));
    let candidates = [(x, y + 1), (x, y - 1), (x - 1, y), (x + 1, y)];
    candidates
        .into_iter()
        .filter(|&(cx, cy)| cx >= 0 && cy >= 0)
        .map(|(cx, cy)| Point::new(cx as u8, cy as u8))
        .filter(|&q| size.contains(q))
        .collect()
}

/// The points reachable from `p` through points for which `inside` holds (a maximal connected
/// set containing `p`), by a search from scratch.
pub(crate) fn region(g: &Grid, p: Point, inside: impl Fn(Colour) -> bool) -> Vec<Point> {
    let size = g.size();
    let mut seen = vec![false; size.area()];
    let mut found = vec![p];
    seen[size.index(p)] = true;
    let mut next = 0;
    while next < found.len() {
        let q = found[next];
        next += 1;
        for r in adjacent(size, q) {
            if inside(g.get(r)) && !seen[size.index(r)] {
                seen[size.index(r)] = true;
                found.push(r);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_edges_and_thin_boards() {
        let s = Size::new(3, 3).unwrap();
        assert_eq!(adjacent(s, Point::new(0, 0)).len(), 2);
        assert_eq!(adjacent(s, Point::new(1, 0)).len(), 3);
        assert_eq!(adjacent(s, Point::new(1, 1)).len(), 4);
        assert_eq!(adjacent(Size::new(1, 1).unwrap(), Point::new(0, 0)), vec![]);
        assert_eq!(
            adjacent(Size::new(3, 1).unwrap(), Point::new(1, 0)).len(),
            2
        );
    }
}
