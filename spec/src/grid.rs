//! A colouring of the grid as plain data (r[tt.colouring]) and its diagram (section 8).
//!
//! This is vocabulary, not rule logic: it stores and prints colours, and knows nothing of reaching,
//! clearing or scoring.

use crate::colour::Colour;
use crate::point::{Point, Size};
use std::fmt;

/// The colour of every point of a `size` grid, indexed by point index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    size: Size,
    cells: Vec<Colour>,
}

/// A diagram that does not describe a grid of the expected size.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiagramError {
    #[error("the diagram has {found} rows, the {size} board has {expected}")]
    Rows {
        size: Size,
        found: usize,
        expected: usize,
    },
    #[error("row {row} (from the top) has {found} points, the {size} board has {expected}")]
    Columns {
        size: Size,
        row: usize,
        found: usize,
        expected: usize,
    },
    #[error("row {row} (from the top) has {ch:?}; a diagram uses X (black), O (white), . (empty)")]
    Symbol { row: usize, ch: char },
}

impl Grid {
    /// The grid with every point empty (r[tt.start]).
    pub fn empty(size: Size) -> Grid {
        Grid {
            size,
            cells: vec![Colour::Empty; size.area()],
        }
    }

    /// The grid of `size` whose colours in point-index order are `cells`.
    ///
    /// # Panics
    /// When `cells` does not hold exactly one colour per point of `size`.
    pub fn from_cells(size: Size, cells: Vec<Colour>) -> Grid {
        assert_eq!(cells.len(), size.area(), "one colour per point of {size}");
        Grid { size, cells }
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// The colour of `p`, which must be on the grid.
    pub fn get(&self, p: Point) -> Colour {
        self.cells[self.size.index(p)]
    }

    /// Colours `p`, which must be on the grid.
    pub fn set(&mut self, p: Point, c: Colour) {
        let i = self.size.index(p);
        self.cells[i] = c;
    }

    /// The colours in point-index order.
    pub fn cells(&self) -> &[Colour] {
        &self.cells
    }

    /// How many points have colour `c`.
    pub fn count(&self, c: Colour) -> usize {
        self.cells.iter().filter(|&&cell| cell == c).count()
    }

    /// The diagram rows, top row first (section 8).
    pub fn rows(&self) -> Vec<String> {
        (0..self.size.height())
            .rev()
            .map(|y| {
                (0..self.size.width())
                    .map(|x| self.get(Point::new(x as u8, y as u8)).symbol())
                    .collect()
            })
            .collect()
    }

    /// Reads diagram rows, top row first, for a grid of `size`.
    pub fn from_rows<S: AsRef<str>>(size: Size, rows: &[S]) -> Result<Grid, DiagramError> {
        if rows.len() != size.height() {
            return Err(DiagramError::Rows {
                size,
                found: rows.len(),
                expected: size.height(),
            });
        }
        let mut g = Grid::empty(size);
        for (from_top, row) in rows.iter().enumerate() {
            let row = row.as_ref();
            let found = row.chars().count();
            if found != size.width() {
                return Err(DiagramError::Columns {
                    size,
                    row: from_top + 1,
                    found,
                    expected: size.width(),
                });
            }
            let y = (size.height() - 1 - from_top) as u8;
            for (x, ch) in row.chars().enumerate() {
                let c = Colour::from_symbol(ch).ok_or(DiagramError::Symbol {
                    row: from_top + 1,
                    ch,
                })?;
                g.set(Point::new(x as u8, y), c);
            }
        }
        Ok(g)
    }

    /// A diagram with GTP coordinates around it, for people.
    pub fn labelled(&self) -> String {
        const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
        let w = self.size.width();
        let header: String = LETTERS.chars().take(w).flat_map(|c| [' ', c]).collect();
        let mut out = format!("   {}\n", header.trim_start());
        for (from_top, row) in self.rows().iter().enumerate() {
            let n = self.size.height() - from_top;
            let spaced: Vec<String> = row.chars().map(String::from).collect();
            out.push_str(&format!("{n:>2} {} {n}\n", spaced.join(" ")));
        }
        out.push_str(&format!("   {}\n", header.trim_start()));
        out
    }
}

impl fmt::Display for Grid {
    /// The plain diagram, one line per row, top first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_round_trip_top_first() {
        let size = Size::new(3, 2).unwrap();
        let g = Grid::from_rows(size, &["X..", ".O."]).unwrap();
        assert_eq!(g.get(Point::new(0, 1)), Colour::Black);
        assert_eq!(g.get(Point::new(1, 0)), Colour::White);
        assert_eq!(g.rows(), vec!["X..", ".O."]);
        assert_eq!(g.count(Colour::Empty), 4);
    }

    #[test]
    fn bad_diagrams_are_errors() {
        let size = Size::new(2, 2).unwrap();
        assert!(matches!(
            Grid::from_rows(size, &[".."]),
            Err(DiagramError::Rows { .. })
        ));
        assert!(matches!(
            Grid::from_rows(size, &["..", "..."]),
            Err(DiagramError::Columns { row: 2, .. })
        ));
        assert!(matches!(
            Grid::from_rows(size, &["..", ".#"]),
            Err(DiagramError::Symbol { ch: '#', .. })
        ));
    }

    #[test]
    fn labelled_diagram() {
        let size = Size::new(3, 2).unwrap();
        let g = Grid::from_rows(size, &["X..", ".O."]).unwrap();
        assert_eq!(g.labelled(), "   A B C\n 2 X . . 2\n 1 . O . 1\n   A B C\n");
    }
}
