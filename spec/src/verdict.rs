//! Verdicts (section 7): why an attempt is illegal, and what a legal turn did.

use crate::clause::Clause;
use std::fmt;

/// Why an attempt is not a legal turn (r[verdict.reasons]). Each variant names the clause that
/// forbids it. The variants are declared in the order of r[verdict.order]: when several apply, the
/// first is reported.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Illegal {
    /// r[tt.end]: the game has ended; no turn is legal.
    GameOver,
    /// r[tt.board]: the point is not on the grid.
    OffGrid,
    /// r[tt.move.empty]: the point holds a stone.
    Occupied,
    /// r[tt.turn.repetition]: the move would recreate an earlier colouring.
    Repetition,
}

impl Illegal {
    /// Every reason, in the order of r[verdict.order].
    pub const ALL: &'static [Illegal] = &[
        Illegal::GameOver,
        Illegal::OffGrid,
        Illegal::Occupied,
        Illegal::Repetition,
    ];

    /// The reason as the JSON output and the vectors write it, e.g. `repetition`.
    pub const fn reason(self) -> &'static str {
        match self {
            Illegal::GameOver => "game-over",
            Illegal::OffGrid => "off-grid",
            Illegal::Occupied => "occupied",
            Illegal::Repetition => "repetition",
        }
    }

    /// The clause that forbids the attempt.
    pub const fn clause(self) -> Clause {
        match self {
            Illegal::GameOver => Clause::End,
            Illegal::OffGrid => Clause::Board,
            Illegal::Occupied => Clause::MoveEmpty,
            Illegal::Repetition => Clause::TurnRepetition,
        }
    }

    /// The reason written `reason`.
    pub fn from_reason(reason: &str) -> Option<Illegal> {
        Illegal::ALL.iter().copied().find(|i| i.reason() == reason)
    }
}

impl fmt::Display for Illegal {
    /// `repetition (r[tt.turn.repetition])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.reason(), self.clause())
    }
}

impl std::error::Error for Illegal {}

/// What a legal turn did to the grid. A pass captures and suicides nothing.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TurnReport {
    /// Opponent stones emptied by r[tt.move.clear-opponent].
    pub captured: usize,
    /// Own stones emptied by r[tt.move.clear-self].
    pub suicided: usize,
}
