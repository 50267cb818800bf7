//! How a game starts (r[tt.start], r[var.setup]), and the dead stones scoring takes
//! (r[var.count.dead]): plain data and the errors engines report about it.

use crate::colour::{Colour, Player};
use crate::grid::Grid;
use crate::point::{Point, Size};

/// The starting colouring, the player to move, and the handicap the setup declares
/// (r[var.setup], r[var.handicap]). The empty grid with Black to move is [`Setup::empty`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub grid: Grid,
    pub to_move: Player,
    /// The handicap N the setup declares; 0 when it declares none.
    pub handicap: u32,
}

impl Setup {
    /// r[tt.start]: every point empty, Black to move, no declared handicap.
    pub fn empty(size: Size) -> Setup {
        Setup {
            grid: Grid::empty(size),
            to_move: Player::Black,
            handicap: 0,
        }
    }

    /// The setup of a game with these handicap stones (r[var.setup], r[var.handicap]): Black
    /// stones only, White to move, the handicap declared as their number. A setup of Black stones
    /// with at least one empty point is always a legal position (every Black chain that touched no
    /// empty point would be the whole board).
    pub fn handicap(size: Size, stones: &[Point]) -> Setup {
        let mut grid = Grid::empty(size);
        for &p in stones {
            grid.set(p, Colour::Black);
        }
        Setup {
            grid,
            to_move: Player::White,
            handicap: stones.len() as u32,
        }
    }

    /// Whether this is the start of r[tt.start].
    pub fn is_empty_start(&self) -> bool {
        self.to_move == Player::Black
            && self.handicap == 0
            && self.grid == Grid::empty(self.grid.size())
    }
}

/// A setup that is not a legal position (r[var.setup]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("the setup stone at {0} does not reach empty: a setup must be a legal position (r[var.setup])")]
    StoneWithoutPath(Point),
}

/// A set of dead stones that cannot be scored (r[var.count.dead]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeadError {
    #[error("dead stone {0}: the point is off the {1} board")]
    OffGrid(Point, Size),
    #[error("dead stone {0}: the point holds no stone (r[var.count.dead])")]
    Empty(Point),
}
