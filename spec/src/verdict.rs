//! Verdicts (section 7 and r[var.verdict.order]): why an attempt is illegal, and what a legal turn
//! did.

use crate::clause::Clause;
use std::fmt;

/// Why an attempt is not a legal turn. Each variant names the clause that forbids it. The variants
/// are declared in the order of r[verdict.order] and r[var.verdict.order]: when several apply, the
/// first is reported. Several variants share a reason (the word users see) and differ in clause.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Illegal {
    /// r[tt.end]: the game has ended; no turn is legal.
    GameOver,
    /// r[tt.board]: the point is not on the grid.
    OffGrid,
    /// r[tt.move.empty]: the point holds a stone.
    Occupied,
    /// r[var.suicide.multi-only]: the move would empty the stone just placed and nothing else of
    /// the player's.
    SingleStoneSuicide,
    /// r[var.suicide.forbidden]: the move would empty stones of the player's own.
    Suicide,
    /// r[var.ko.simple]: the move would recreate the colouring at the start of the opponent's last
    /// turn.
    Ko,
    /// r[tt.turn.repetition]: the move would recreate an earlier colouring.
    Repetition,
    /// r[var.ko.situational]: the move would recreate an earlier situation.
    SituationalRepetition,
    /// r[var.ko.natural-situational]: the move would recreate a colouring its player created.
    NaturalRepetition,
}

impl Illegal {
    /// Every variant, in the order of r[var.verdict.order].
    pub const ALL: &'static [Illegal] = &[
        Illegal::GameOver,
        Illegal::OffGrid,
        Illegal::Occupied,
        Illegal::SingleStoneSuicide,
        Illegal::Suicide,
        Illegal::Ko,
        Illegal::Repetition,
        Illegal::SituationalRepetition,
        Illegal::NaturalRepetition,
    ];

    /// The reason as the JSON output, GTP replies and the vectors write it.
    pub const fn reason(self) -> &'static str {
        match self {
            Illegal::GameOver => "game-over",
            Illegal::OffGrid => "off-grid",
            Illegal::Occupied => "occupied",
            Illegal::SingleStoneSuicide | Illegal::Suicide => "suicide",
            Illegal::Ko => "ko",
            Illegal::Repetition | Illegal::SituationalRepetition | Illegal::NaturalRepetition => {
                "repetition"
            }
        }
    }

    /// The clause that forbids the attempt.
    pub const fn clause(self) -> Clause {
        match self {
            Illegal::GameOver => Clause::End,
            Illegal::OffGrid => Clause::Board,
            Illegal::Occupied => Clause::MoveEmpty,
            Illegal::SingleStoneSuicide => Clause::VarSuicideMultiOnly,
            Illegal::Suicide => Clause::VarSuicideForbidden,
            Illegal::Ko => Clause::VarKoSimple,
            Illegal::Repetition => Clause::TurnRepetition,
            Illegal::SituationalRepetition => Clause::VarKoSituational,
            Illegal::NaturalRepetition => Clause::VarKoNaturalSituational,
        }
    }

    /// Whether some variant has this reason.
    pub fn is_reason(reason: &str) -> bool {
        Illegal::ALL.iter().any(|i| i.reason() == reason)
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
