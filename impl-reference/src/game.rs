//! The record of a game as the rules speak of it (r[var.setup], r[tt.turn]): how it started and
//! every turn taken, each with the colouring it left. Every other fact about the game (whose turn it
//! is, the passes, the handicap, the prisoners, the end) is read from this record when it is asked
//! for, never stored.

use ttrules_spec::{Grid, Move, Player, Setup, TurnReport};

/// One turn taken: who took it, what it was, the colouring after it, and what it emptied.
#[derive(Clone, Debug)]
pub struct Turn {
    pub player: Player,
    pub mv: Move,
    pub after: Grid,
    pub report: TurnReport,
}

/// The start and the turns of a game.
#[derive(Clone, Debug)]
pub struct Record {
    pub start: Setup,
    pub turns: Vec<Turn>,
    /// r[end.resume]: the number of turns taken when play last resumed after the end; the passes
    /// of the turns before it count for nothing toward the end (0 when play never resumed).
    pub resumed: usize,
}

impl Record {
    /// The colouring now: after the last turn, or the starting colouring.
    pub fn grid(&self) -> &Grid {
        self.turns.last().map_or(&self.start.grid, |t| &t.after)
    }

    /// r[tt.turn]: the players alternate, starting with the setup's player (Black, r[tt.start]).
    pub fn to_move(&self) -> Player {
        self.turns
            .last()
            .map_or(self.start.to_move, |t| t.player.opponent())
    }

    /// The colouring before turn `i` (0-based): the colouring after turn `i - 1`, or the start.
    pub fn grid_before(&self, i: usize) -> &Grid {
        if i == 0 {
            &self.start.grid
        } else {
            &self.turns[i - 1].after
        }
    }
}
