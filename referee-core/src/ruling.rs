//! The rulings of section 25 on one `genmove` answer, as a pure function: what was asked, what
//! came back, how long it took and the time the player had go in; the turn to play, or the ending
//! of the game, comes out (r[ref.time], r[ref.fault], r[ref.resign], r[ref.illegal], in the order
//! r[ref.order] sets). No process and no clock: the match loop (`super::driver`) measures and
//! asks, this module only decides, so that every case can be tried without an engine.

use crate::ending::{EndKind, Ending};
use crate::judge::Judge;
use std::time::Duration;
use ttrules_spec::{Clause, Move, Player};

/// What was asked: a turn of `player` with `command` (`genmove` or `kgs-genmove_cleanup`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Asked {
    pub player: Player,
    pub command: &'static str,
}

/// A response as GTP frames it: `= text` (success) or `? text` (failure), the text without the
/// sign. Whoever reads the engine's answer (a process's pipe, a socket) gives it in this form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    Success(String),
    Failure(String),
}

/// What came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Came {
    /// A GTP response (`= text` or `? text`).
    Reply(Reply),
    /// Nothing within the time the referee waited.
    Nothing,
    /// No usable response: the engine crashed, answered something that is not GTP, or an earlier
    /// command of the turn (`time_left`) failed (r[ref.fault]).
    Fault { kind: &'static str, detail: String },
}

/// The ruling on one answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Ruling {
    /// A legal turn: the referee plays it.
    Turn(Move),
    /// The game ends.
    Ends {
        ending: Ending,
        /// The engine's process group must be ended (its next answer would be out of step, or it
        /// said something no engine that knows GTP says).
        kill: bool,
        /// The illegal attempt, under r[ref.illegal].
        attempt: Option<Move>,
    },
}

fn lose(by: EndKind, p: Player, clause: Clause, detail: String) -> Ending {
    Ending {
        by,
        player: Some(p),
        reason: None,
        clause,
        detail,
    }
}

/// The ending of a fault of `p`'s engine (r[ref.fault]).
pub fn fault_ending(p: Player, kind: &str, detail: &str) -> Ending {
    lose(
        EndKind::Fault,
        p,
        Clause::RefFault,
        format!("{p}'s engine faulted ({kind}): {detail}"),
    )
}

fn ends(ending: Ending, kill: bool) -> Ruling {
    Ruling::Ends {
        ending,
        kill,
        attempt: None,
    }
}

/// Rules on the answer to `asked` that `came` after `took`, when the player had `budget` on the
/// clock (`None`: no clock, the command timeout applied), on the game `game` with the player to
/// move. r[ref.order]: time, then a fault, a resignation, an illegal attempt.
pub fn rule(
    asked: Asked,
    came: &Came,
    took: Duration,
    budget: Option<Duration>,
    game: &Judge,
) -> Ruling {
    let (p, command) = (asked.player, asked.command);
    // r[ref.time]: an answer when the time is used up loses on time, whatever it was.
    if let Some(had) = budget {
        let detail = match came {
            Came::Nothing => Some(format!(
                "{p} lost on time: no answer to {command} within the {:.3} s left",
                had.as_secs_f64()
            )),
            _ if took >= had => Some(format!(
                "{p} lost on time: {command} took {:.3} s with {:.3} s left",
                took.as_secs_f64(),
                had.as_secs_f64()
            )),
            _ => None,
        };
        if let Some(detail) = detail {
            return ends(lose(EndKind::Time, p, Clause::RefTime, detail), true);
        }
    }
    // r[ref.fault].
    let text = match came {
        Came::Nothing => {
            let detail = format!(
                "no answer to {command} within the command timeout of {:.3} s",
                took.as_secs_f64()
            );
            return ends(fault_ending(p, "hang", &detail), true);
        }
        Came::Fault { kind, detail } => return ends(fault_ending(p, kind, detail), true),
        Came::Reply(Reply::Failure(t)) => {
            let detail = format!("{command} answered \"? {}\"", t.trim());
            return ends(fault_ending(p, "genmove failed", &detail), true);
        }
        Came::Reply(Reply::Success(t)) => t.trim(),
    };
    // r[ref.resign].
    if text.eq_ignore_ascii_case("resign") {
        let ending = lose(
            EndKind::Resignation,
            p,
            Clause::RefResign,
            format!("{p} resigned"),
        );
        return ends(ending, false);
    }
    let mv = match Move::parse_gtp(text) {
        Ok(mv) => mv,
        Err(e) => {
            let detail = format!("{command} answered {text:?}, which is no vertex: {e}");
            return ends(fault_ending(p, "garbage", &detail), true);
        }
    };
    // r[ref.illegal].
    match game.check(mv) {
        Ok(()) => Ruling::Turn(mv),
        Err(why) => Ruling::Ends {
            ending: Ending {
                by: EndKind::Illegal,
                player: Some(p),
                reason: Some(why.reason().to_string()),
                clause: why.clause(),
                detail: format!(
                    "{p}'s {command} answered {}, an illegal attempt: {why}; {p} loses by \
                     forfeit (r[ref.illegal])",
                    mv.gtp()
                ),
            },
            kill: false,
            attempt: Some(mv),
        },
    }
}
