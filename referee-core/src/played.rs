//! A finished game as the referee records it: the driven game (`crate::driver`) scored or not,
//! its `RE` result, the stones removed, by the match's settings for the move limit
//! (r[ref.limit]) and faults (r[ref.fault]). Pure: the engines' own claims (r[ref.claims]) are
//! asked by whoever holds the engines, after [`conclude`].

use crate::driver::Driven;
use crate::end::{EndReport, Finish};
use crate::ending::{EndKind, Ending};
use crate::judge::Judge;
use serde::Serialize;
use std::time::Duration;
use ttrules_spec::{Outcome, Point};

/// What a game at the move limit becomes (r[ref.limit]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum AtLimit {
    Void,
    Score,
}

/// What a fault makes of the game (r[ref.fault]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum OnFault {
    Loss,
    Void,
}

/// A finished game.
pub struct Played {
    pub judge: Judge,
    pub ending: Ending,
    /// `RE`.
    pub result: String,
    /// The outcome when the game was scored.
    pub outcome: Option<Outcome>,
    pub dead: Vec<Point>,
    /// Each player's `final_score` claim (r[ref.claims]), by colour.
    pub claims: [Option<String>; 2],
    /// The time each player's answers took, by colour.
    pub time_used: [Duration; 2],
    /// `PB`, `PW`.
    pub names: [String; 2],
    pub end: EndReport,
    /// The copy of `japanese`'s play-out (r[end.japanese]): the game's turns, then the copy's.
    pub copy: Option<Judge>,
}

/// The game `driven` as recorded: scored when it ended by the score (or at the move limit under
/// [`AtLimit::Score`]), its result otherwise from who lost by what (`B+R`, `W+T`, `B+F`) or
/// `Void`; `end` is the protocol's report, `names` the players' `PB` and `PW`. No claims yet.
pub fn conclude(
    driven: Driven,
    end: EndReport,
    at_limit: AtLimit,
    on_fault: OnFault,
    names: [String; 2],
) -> Played {
    let (judge, ending) = (driven.judge, driven.ending);
    // The stones the end protocol removed (r[var.count.dead]).
    let dead = match driven.finish {
        Some(Finish::Score { dead }) => dead,
        _ => Vec::new(),
    };
    let scored = match ending.by {
        EndKind::Score => true,
        EndKind::MoveLimit => at_limit == AtLimit::Score,
        _ => false,
    };
    let outcome = scored.then(|| {
        judge
            .outcome(&dead)
            .expect("the removed stones are on the grid")
    });
    let result = match (&ending, outcome) {
        (_, Some(o)) => o.sgf_result(),
        (
            Ending {
                by: EndKind::Fault, ..
            },
            _,
        ) if on_fault == OnFault::Void => "Void".into(),
        (
            Ending {
                by,
                player: Some(p),
                ..
            },
            None,
        ) => {
            let letter = match by {
                EndKind::Resignation => "R",
                EndKind::Time => "T",
                _ => "F",
            };
            format!("{}+{letter}", p.opponent().letter())
        }
        _ => "Void".into(),
    };
    Played {
        names,
        judge,
        ending,
        result,
        outcome,
        dead,
        claims: [None, None],
        time_used: driven.time_used,
        end,
        copy: driven.copy,
    }
}
