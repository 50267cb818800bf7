//! Moves as players put them forward: a point or a pass (r[tt.turn]).

use crate::point::{ParsePointError, Point};
use std::fmt;

/// What a player puts forward on its turn: a move on a point, or a pass.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Pass,
    Play(Point),
}

impl Move {
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
