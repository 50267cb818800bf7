//! Moves as players put them forward: a point or a pass (r[tt.turn]).

use crate::point::{ParsePointError, Point, MAX_SIDE};
use std::fmt;

/// What a player puts forward on its turn: a move on a point, or a pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Pass,
    Play(Point),
}

impl Move {
    /// How many moves [`Move::index`] numbers: a pass and every point of the widest board
    /// (r[tt.board.size]), `1 + 25 × 25`: the length of a table kept per move.
    pub const INDEXED: usize = 1 + MAX_SIDE as usize * MAX_SIDE as usize;

    /// This move's number below [`Move::INDEXED`], for tables kept per move: 0 for a pass,
    /// `1 + x × 25 + y` for a point of the widest board, and `None` for a point beyond it,
    /// which no board has (r[tt.board.size]).
    pub fn index(self) -> Option<usize> {
        match self {
            Move::Pass => Some(0),
            Move::Play(p) if p.x < MAX_SIDE && p.y < MAX_SIDE => {
                Some(1 + usize::from(p.x) * usize::from(MAX_SIDE) + usize::from(p.y))
            }
            Move::Play(_) => None,
        }
    }

    /// Reads `pass` (any case) or a GTP point. The point is not checked against a board.
    pub fn parse_gtp(s: &str) -> Result<Move, ParsePointError> {
        if s.eq_ignore_ascii_case("pass") {
            Ok(Move::Pass)
        } else {
            Point::parse_gtp(s).map(Move::Play)
        }
    }

    /// `pass` or the GTP point.
    pub fn gtp(self) -> String {
        match self {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => p.gtp(),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.gtp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_numbers_every_move_of_the_widest_board_once() {
        let mut seen = vec![false; Move::INDEXED];
        let points = (0..MAX_SIDE).flat_map(|x| (0..MAX_SIDE).map(move |y| Point::new(x, y)));
        for m in std::iter::once(Move::Pass).chain(points.map(Move::Play)) {
            let i = m.index().expect("a move of the widest board has a number");
            assert!(!seen[i], "{m} shares its number {i}");
            seen[i] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "every number below INDEXED is a move's"
        );
        assert_eq!(Move::Pass.index(), Some(0));
        for p in [
            Point::new(MAX_SIDE, 0),
            Point::new(0, MAX_SIDE),
            Point::new(255, 255),
        ] {
            assert_eq!(Move::Play(p).index(), None, "{p:?} is beyond every board");
        }
    }
}
