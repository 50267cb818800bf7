//! One game between engines: the match loop of `super::driver` run with the engines in the seats
//! (`super::seats`), then the result, the engines' claims (r[ref.claims]) and what the record
//! needs. The rulings of section 25 (r[ref.illegal], r[ref.refusal], r[ref.resign], r[ref.time],
//! r[ref.fault], r[ref.order]) are `super::ruling`'s; r[ref.limit] is the loop's.

use super::driver::{self, Limits, Stop};
use super::end::{EndReport, Finish};
use super::engine::{Failure, Supervised};
use super::judge::Judge;
use super::seats::Engines;
use super::{AtLimit, Config, OnFault};
use std::time::Duration;
use ttrules_gtp::client::Reply;
use ttrules_spec::{Clause, Move, Outcome, Player, Point};

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

/// The referee was interrupted: the game is not recorded.
#[derive(Debug)]
pub struct Interrupted;

/// Plays game `number` between `engines` (`black`: the index of the engine playing Black) from
/// the `opening` turns, as `cfg` says; `arbiter` is the arbiter engine of `--end arbiter`.
pub fn play(
    cfg: &Config,
    engines: &mut [Supervised; 2],
    arbiter: Option<&mut Supervised>,
    black: usize,
    seed: u64,
    opening: &[Move],
) -> Result<Played, Interrupted> {
    let mut seats = Engines {
        engines,
        black,
        arbiter,
        seed,
        cfg,
    };
    let judge = Judge::new(cfg.size, cfg.rules, cfg.komi);
    let mut protocol = cfg.end.machine_with(&cfg.end_options);
    let limits = Limits {
        max_turns: cfg.max_turns,
        time: cfg.time,
        timeout: cfg.timeout,
    };
    let driven = match driver::drive(protocol.as_mut(), judge, opening, &mut seats, limits) {
        Ok(d) => d,
        Err(Stop::Interrupted) => return Err(Interrupted),
        Err(Stop::Broken(why)) => panic!(
            "the end protocol {} broke its contract: {why}",
            protocol.name()
        ),
    };
    let (judge, ending) = (driven.judge, driven.ending);
    // The stones the end protocol removed (r[var.count.dead]).
    let dead = match driven.finish {
        Some(Finish::Score { dead }) => dead,
        _ => Vec::new(),
    };
    let scored = match ending.by {
        EndKind::Score => true,
        EndKind::MoveLimit => cfg.at_limit == AtLimit::Score,
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
        ) if cfg.on_fault == OnFault::Void => "Void".into(),
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
    let mut claims = [None, None];
    if scored {
        for p in [Player::Black, Player::White] {
            let e = seats.of(p);
            if e.has("final_score") {
                claims[p as usize] = match e.ask("final_score") {
                    Ok(Reply::Success(t)) => Some(t.trim().to_string()),
                    Ok(Reply::Failure(t)) => Some(format!("? {}", t.trim())),
                    Err(Failure::Interrupted) => return Err(Interrupted),
                    Err(Failure::Fault { kind, .. }) => Some(format!("(no answer: {kind})")),
                };
            }
        }
    }
    Ok(Played {
        names: [Player::Black, Player::White].map(|p| seats.of(p).name.clone()),
        judge,
        ending,
        result,
        outcome,
        dead,
        claims,
        time_used: driven.time_used,
        end: protocol.report(),
        copy: driven.copy,
    })
}
