//! r[tt.reach], Tromp rule 3.

use crate::board::adjacent;
use ttrules_spec::{Colour, Grid, Point};

/// r[tt.reach]: "A point P, not coloured C, reaches C if there is a path of adjacent points of P's
/// colour from P to a point of colour C."
///
/// Spelled out in the spec: a sequence P = P0, P1, …, Pk (k ≥ 1), each adjacent to the next,
/// P0 … Pk-1 of P's colour and Pk of colour C. This searches every point of P's colour that such a
/// path can pass through, starting from P, and answers whether any of them is adjacent to C.
/// (For P of colour C the question is not asked by the rules; the answer is `false`.)
pub fn reaches(g: &Grid, p: Point, c: Colour) -> bool {
    let own = g.get(p);
    if own == c {
        return false;
    }
    let size = g.size();
    let mut visited = vec![false; size.area()];
    let mut to_visit = vec![p];
    visited[size.index(p)] = true;
    while let Some(q) = to_visit.pop() {
        for r in adjacent(size, q) {
            if g.get(r) == c {
                return true;
            }
            if g.get(r) == own && !visited[size.index(r)] {
                visited[size.index(r)] = true;
                to_visit.push(r);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    #[test]
    fn the_path_keeps_p_s_colour() {
        // X O . : the black stone does not reach empty through the white one.
        let g = Grid::from_rows(Size::new(3, 1).unwrap(), &["XO."]).unwrap();
        assert!(!reaches(&g, Point::new(0, 0), Colour::Empty));
        assert!(reaches(&g, Point::new(1, 0), Colour::Empty));
        assert!(reaches(&g, Point::new(2, 0), Colour::White));
        assert!(!reaches(&g, Point::new(2, 0), Colour::Black));
    }

    #[test]
    fn long_paths() {
        let g = Grid::from_rows(Size::new(3, 3).unwrap(), &["XXX", "OOX", "XXX"]).unwrap();
        // The X chain goes round the O stones; it has no liberty.
        assert!(!reaches(&g, Point::new(0, 0), Colour::Empty));
        assert!(reaches(&g, Point::new(0, 0), Colour::White));
    }
}
