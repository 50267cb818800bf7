//! r[tt.clear], Tromp rule 4.

use crate::reach::reaches;
use ttrules_spec::{Colour, Grid, Point};

/// r[tt.clear]: "Clearing a colour means emptying all points of that colour that do not reach
/// empty. All such points are determined on the colouring before any of them is emptied, and then
/// emptied together."
///
/// Returns how many points were emptied.
pub fn clear(g: &mut Grid, c: Colour) -> usize {
    let doomed: Vec<Point> = g
        .size()
        .points()
        .filter(|&p| g.get(p) == c && !reaches(g, p, Colour::Empty))
        .collect();
    for &p in &doomed {
        g.set(p, Colour::Empty);
    }
    doomed.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    #[test]
    fn clears_only_the_colour_asked() {
        let size = Size::new(4, 1).unwrap();
        let mut g = Grid::from_rows(size, &["XXO."]).unwrap();
        assert_eq!(clear(&mut g, Colour::White), 0);
        assert_eq!(clear(&mut g, Colour::Black), 2);
        assert_eq!(g.rows(), vec!["..O."]);
    }
}
