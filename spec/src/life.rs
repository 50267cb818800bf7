//! Each player's pass-alive area (`spec/RULES.md` Part IV, r[life.area]) as plain data: what
//! [`crate::Engine::pass_alive`] reports, `replay --json` writes and the end protocols read.

use crate::colour::{Colour, Player};
use crate::grid::Grid;
use crate::point::Point;

/// Black's and White's pass-alive areas (r[life.area]): each player's pass-alive stones
/// (r[life.pass-alive]) and every point of her pass-alive territory (r[life.territory]), each
/// point once, in point-index order. The two sets are disjoint (r[life.note.disjoint]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct PassAlive {
    pub black: Vec<Point>,
    pub white: Vec<Point>,
}

/// Point-index order (section 8): row first, then column.
fn index_order(a: &Point, b: &Point) -> std::cmp::Ordering {
    (a.y, a.x).cmp(&(b.y, b.x))
}

impl PassAlive {
    /// Builds the value from two point sets in any order (sorted here, duplicates dropped; a
    /// list already in point-index order, each point once, as an engine's walk over its points
    /// gives it, is taken as it is).
    pub fn new(mut black: Vec<Point>, mut white: Vec<Point>) -> PassAlive {
        for v in [&mut black, &mut white] {
            if !v.windows(2).all(|w| index_order(&w[0], &w[1]).is_lt()) {
                v.sort_by(index_order);
                v.dedup();
            }
        }
        PassAlive { black, white }
    }

    /// The pass-alive area of `player`.
    pub fn of(&self, player: Player) -> &[Point] {
        match player {
            Player::Black => &self.black,
            Player::White => &self.white,
        }
    }

    /// The player whose pass-alive area holds `p`, if any.
    pub fn owner(&self, p: Point) -> Option<Player> {
        [Player::Black, Player::White]
            .into_iter()
            .find(|&player| self.of(player).contains(&p))
    }

    /// Whether neither player has a pass-alive area.
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty()
    }

    /// The pass-alive stones of `player` on `g` (the colouring these areas were computed on):
    /// the points of her area that hold her stones (r[life.pass-alive]).
    pub fn stones(&self, player: Player, g: &Grid) -> Vec<Point> {
        let own = player.colour();
        self.of(player)
            .iter()
            .copied()
            .filter(|&p| g.get(p) == own)
            .collect()
    }

    /// The stones standing in the opponent's pass-alive territory (r[life.territory]) on `g`
    /// (the colouring these areas were computed on), both colours, in point-index order: the
    /// stones that an arbiter which only trusts proofs calls dead.
    pub fn dead_stones(&self, g: &Grid) -> Vec<Point> {
        let mut out: Vec<Point> = [Player::Black, Player::White]
            .into_iter()
            .flat_map(|player| {
                let theirs = player.opponent().colour();
                self.of(player)
                    .iter()
                    .copied()
                    .filter(move |&p| g.get(p) == theirs)
            })
            .collect();
        out.sort_by(index_order);
        out
    }

    /// A diagram (section 8) of `g` with the areas marked: `X`/`O` for pass-alive stones, `x`/`o`
    /// for other stones, `#` for Black's pass-alive territory and `*` for White's where the point is
    /// empty, `b`/`w` for a stone standing in Black's / White's pass-alive territory, `.` for the
    /// rest. Top row first, one line per row.
    pub fn diagram(&self, g: &Grid) -> Vec<String> {
        let size = g.size();
        (0..size.height())
            .rev()
            .map(|y| {
                (0..size.width())
                    .map(|x| {
                        let p = Point::new(x as u8, y as u8);
                        match (g.get(p), self.owner(p)) {
                            (Colour::Black, Some(Player::Black)) => 'X',
                            (Colour::White, Some(Player::White)) => 'O',
                            (Colour::Black, Some(Player::White)) => 'w',
                            (Colour::White, Some(Player::Black)) => 'b',
                            (Colour::Empty, Some(Player::Black)) => '#',
                            (Colour::Empty, Some(Player::White)) => '*',
                            (Colour::Black, None) => 'x',
                            (Colour::White, None) => 'o',
                            (Colour::Empty, None) => '.',
                        }
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Size;

    #[test]
    fn sorted_owned_and_dead() {
        let size = Size::new(3, 2).unwrap();
        let g = Grid::from_rows(size, &["XO.", ".X."]).unwrap();
        let a = PassAlive::new(
            vec![
                Point::new(1, 1),
                Point::new(0, 1),
                Point::new(1, 0),
                Point::new(0, 0),
            ],
            vec![],
        );
        assert_eq!(
            a.black,
            vec![
                Point::new(0, 0),
                Point::new(1, 0),
                Point::new(0, 1),
                Point::new(1, 1)
            ]
        );
        assert_eq!(a.owner(Point::new(0, 0)), Some(Player::Black));
        assert_eq!(a.owner(Point::new(2, 0)), None);
        assert_eq!(a.dead_stones(&g), vec![Point::new(1, 1)]);
        assert_eq!(
            a.stones(Player::Black, &g),
            vec![Point::new(1, 0), Point::new(0, 1)]
        );
        assert_eq!(a.diagram(&g), vec!["Xb.", "#X."]);
        assert!(!a.is_empty());
        assert!(PassAlive::default().is_empty());
    }
}
