//! How a game ends, at the bottom of the referee: the kinds of ending (r[ref.end]), an ending with
//! who caused it and why, a failure of a player's engine (r[ref.fault]) and the referee's own
//! interruption. Every other module of the referee reads these; this one reads none of them.

use ttrules_spec::{Clause, Player};

/// How a game ended (r[ref.end]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndKind {
    Score,
    VoidCycle,
    Resignation,
    Time,
    Illegal,
    Refusal,
    Fault,
    MoveLimit,
}

impl EndKind {
    pub const ALL: [EndKind; 8] = [
        EndKind::Score,
        EndKind::VoidCycle,
        EndKind::Resignation,
        EndKind::Time,
        EndKind::Illegal,
        EndKind::Refusal,
        EndKind::Fault,
        EndKind::MoveLimit,
    ];

    pub fn word(self) -> &'static str {
        match self {
            EndKind::Score => "score",
            EndKind::VoidCycle => "void-cycle",
            EndKind::Resignation => "resignation",
            EndKind::Time => "time",
            EndKind::Illegal => "illegal",
            EndKind::Refusal => "refusal",
            EndKind::Fault => "fault",
            EndKind::MoveLimit => "move-limit",
        }
    }

    pub fn from_word(w: &str) -> Option<EndKind> {
        EndKind::ALL.into_iter().find(|k| k.word() == w)
    }
}

/// The end of a game, with who caused it and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub by: EndKind,
    /// The player who lost by it, or whose fault voided the game.
    pub player: Option<Player>,
    /// The verdict's reason for an illegal attempt (`occupied`, …).
    pub reason: Option<String>,
    /// The clause that decides it.
    pub clause: Clause,
    /// One sentence for the record.
    pub detail: String,
}

/// The referee was interrupted: the game is not recorded.
#[derive(Debug)]
pub struct Interrupted;

/// Why a player's engine gave no usable answer (r[ref.fault]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// It crashed, hung, answered something that is not GTP, or could not be started.
    Fault { kind: &'static str, detail: String },
    /// The referee was interrupted (Ctrl-C) while waiting.
    Interrupted,
}

/// `n` of a noun: `1 stone`, `3 stones`.
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
