//! `Marks::dead` (r[rec.dead], r[rec.dead.enclosed]) floods the chains itself: compared with the
//! plain reading of the two clauses, over the reference's chains (r[tt.derived.chain]), on random
//! colourings (chains without liberties included) and random marks on grids of several shapes.

use proptest::prelude::*;
use ttrules_record::Marks;
use ttrules_reference::board::adjacent;
use ttrules_reference::life::chains;
use ttrules_spec::{Colour, Grid, Player, Point, Size};

/// The clauses read plainly: the marked stones of the victim, and each victim chain whose every
/// empty neighbour is marked; sorted, each once.
fn dead_by_clauses(m: &Marks, grid: &Grid) -> Vec<Point> {
    let size = grid.size();
    let mut dead = Vec::new();
    for (marks, victim) in [(&m.black, Player::White), (&m.white, Player::Black)] {
        dead.extend(marks.iter().filter(|&&p| grid.get(p) == victim.colour()));
        for chain in chains(grid, victim) {
            let enclosed = chain
                .iter()
                .flat_map(|&p| adjacent(size, p))
                .filter(|&q| grid.get(q) == Colour::Empty)
                .all(|q| marks.contains(&q));
            if enclosed {
                dead.extend(chain);
            }
        }
    }
    dead.sort();
    dead.dedup();
    dead
}

fn case() -> impl Strategy<Value = (Grid, Marks)> {
    (1u32..=9, 1u32..=9, 0usize..4).prop_flat_map(|(w, h, empties)| {
        let area = (w * h) as usize;
        // Colours weighted toward empty by `empties`; marks on any point, repeats allowed.
        let colour = (0..3 + empties).prop_map(|k| match k {
            0 => Colour::Black,
            1 => Colour::White,
            _ => Colour::Empty,
        });
        let point = (0..w as u8, 0..h as u8).prop_map(|(x, y)| Point::new(x, y));
        (
            proptest::collection::vec(colour, area),
            proptest::collection::vec(point.clone(), 0..area + 2),
            proptest::collection::vec(point, 0..area + 2),
        )
            .prop_map(move |(cells, black, white)| {
                let size = Size::new(w, h).unwrap();
                let mut grid = Grid::empty(size);
                for (p, c) in size.points().zip(cells) {
                    grid.set(p, c);
                }
                let marks = Marks {
                    node: 0,
                    black,
                    white,
                };
                (grid, marks)
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn dead_is_the_clauses((grid, marks) in case()) {
        prop_assert_eq!(marks.dead(&grid), dead_by_clauses(&marks, &grid));
    }
}

/// The chains of one fixed grid: an enclosed chain, one with an unmarked liberty, a marked stone,
/// and a chain with no liberty at all (every empty neighbour of none is marked).
#[test]
fn dead_on_a_small_grid() {
    let size = Size::new(4, 3).unwrap();
    let grid = Grid::from_rows(size, &["XO.O", "XO.X", "OOXX"]).unwrap();
    let marks = Marks {
        node: 0,
        black: vec![Point::new(2, 0), Point::new(2, 1)],
        white: vec![],
    };
    let dead = marks.dead(&grid);
    assert_eq!(dead, dead_by_clauses(&marks, &grid));
    assert!(!dead.is_empty());
}
