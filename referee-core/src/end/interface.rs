//! The interface every end protocol implements: the events it is told, the requests it makes,
//! how it finishes the game, and the report it keeps (r[ref.end.protocol], r[end.results]); the
//! requests every protocol shares while the game goes on.

use crate::judge::Judge;
use serde::Serialize;
use ttrules_spec::{Clause, Grid, Move, Player, Point};

/// What happened, as the protocol is told.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The game starts (after the opening, if any).
    Start,
    /// A legal turn was played (already on the game in play).
    Turn { player: Player, mv: Move },
    /// `player`'s answer to `final_status_list dead`: the points it named, or `None` when it
    /// marked nothing (r[end.list]).
    DeadList {
        player: Player,
        list: Option<Vec<Point>>,
    },
    /// The arbiter engine's answer (r[end.arbiter.engine]), `None` when it gave none.
    Arbiter { list: Option<Vec<Point>> },
}

/// What the protocol asks the loop to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Ask `player` (who must be the player to move) for a turn.
    Genmove(Player),
    /// Ask `player` for a cleanup turn: `kgs-genmove_cleanup` where listed, else `genmove`.
    Cleanup(Player),
    /// Ask `player` which stones it thinks dead.
    DeadList(Player),
    /// Ask the arbiter engine which stones are dead.
    Arbiter,
    /// Resume play after the end of the game in play (r[end.resume]).
    Resume,
    /// Copy the game: until [`Request::Discard`], turns are asked and played on the copy.
    Copy,
    /// Drop the copy; the engines are given the game again.
    Discard,
    /// The game is over.
    Finish(Finish),
}

/// How the protocol ends the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Finish {
    /// Score the final position with these stones removed (r[var.count.dead]).
    Score { dead: Vec<Point> },
    /// No result, with the reason (e.g. r[var.ko.simple.cycle]).
    Void { reason: String },
}

/// How a round was settled (r[end.round]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundOutcome {
    Agreed,
    Resumed,
    AllAlive,
    Arbitrated,
    CopyResolved,
}

impl RoundOutcome {
    pub const ALL: [RoundOutcome; 5] = [
        RoundOutcome::Agreed,
        RoundOutcome::Resumed,
        RoundOutcome::AllAlive,
        RoundOutcome::Arbitrated,
        RoundOutcome::CopyResolved,
    ];

    pub const fn word(self) -> &'static str {
        match self {
            RoundOutcome::Agreed => "agreed",
            RoundOutcome::Resumed => "resumed",
            RoundOutcome::AllAlive => "all-alive",
            RoundOutcome::Arbitrated => "arbitrated",
            RoundOutcome::CopyResolved => "copy-resolved",
        }
    }
}

/// One round of dead-stone marking, as recorded (r[end.round], r[end.results]). Points are GTP
/// vertices in point-index order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// The turns played when the lists were asked.
    pub turn: usize,
    /// Black's list as read (stones only), `None` when Black marked nothing or was not asked.
    pub black_dead: Option<Vec<String>>,
    pub white_dead: Option<Vec<String>>,
    pub disputed: Vec<String>,
    pub outcome: RoundOutcome,
    /// The player who moved first in the play that followed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The turns of the play that followed (resumed play up to the next end, or the copy's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turns: Option<usize>,
    /// The arbiter's dead stones, when it was asked (empty when it gave no answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arbiter: Option<Vec<String>>,
    /// The stones of the disputed chains found dead on the copy (r[end.japanese.final-status]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copy_dead: Option<Vec<String>>,
}

/// One player's count of living stones (r[finish.count.agree]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoneCount {
    pub board: usize,
    pub roads: usize,
    pub ideal: usize,
}

/// Both players' counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub black: StoneCount,
    pub white: StoneCount,
}

/// The ideal final position of `jihuozi` (r[finish.fill]), for the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ideal {
    pub grid: Grid,
    /// The road points of each player, filled on the ideal final position.
    pub roads: [Vec<Point>; 2],
    /// Every reserved point and shared mark (figure 3's ﹟).
    pub reserved: Vec<Point>,
    /// The source's diagram of the ideal final position (r[finish.diagram]).
    pub diagram: String,
}

/// What a protocol did, as the `end` object of a results line (r[end.results]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndReport {
    pub protocol: &'static str,
    pub rounds: Vec<Round>,
    /// The stones removed before scoring, as GTP vertices.
    pub removed: Vec<String>,
    /// The turns asked after the game's first end, on the game or on a copy.
    pub extra_turns: usize,
    /// Those on a copy.
    pub copy_turns: usize,
    /// Under `jihuozi`: the counts of living stones.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<Counts>,
    /// Under `jihuozi`: the reserved points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reserved: Option<Vec<String>>,
    /// Under `jihuozi`: the ideal final position, for the record.
    #[serde(skip)]
    pub ideal: Option<Ideal>,
}

impl EndReport {
    /// A report of `protocol` with nothing in it yet.
    pub fn new(protocol: &'static str) -> EndReport {
        EndReport {
            protocol,
            rounds: Vec::new(),
            removed: Vec::new(),
            extra_turns: 0,
            copy_turns: 0,
            count: None,
            reserved: None,
            ideal: None,
        }
    }
}

/// An end-of-game protocol: a pure state machine.
pub trait EndProtocol: Send {
    /// Its `--end` name.
    fn name(&self) -> &'static str;
    /// The clause of the spec that defines it (cited by the record of a scored game).
    fn clause(&self) -> Clause;
    /// The requests that follow `event`, in order. `game` is the game in play as it stands
    /// (after the turn of an [`Event::Turn`]).
    fn on(&mut self, event: Event, game: &Judge) -> Vec<Request>;
    /// What it did so far.
    fn report(&self) -> EndReport;
}

/// The request that asks the player to move, or ends the game when the ruleset's end has been
/// reached by a void cycle: the part every protocol shares while the game goes on. `None` at the
/// ruleset's end (not void).
pub fn next_turn(game: &Judge) -> Option<Request> {
    if game.is_void() {
        return Some(void_finish());
    }
    (!game.is_over()).then(|| Request::Genmove(game.to_move()))
}

/// The finish of a void cycle (r[var.ko.simple.cycle]).
pub fn void_finish() -> Request {
    Request::Finish(Finish::Void {
        reason: "the same situation occurred three times since the last pass \
                 (r[var.ko.simple.cycle])"
            .into(),
    })
}

/// GTP vertices of points, in the order given.
pub fn vertices(points: &[Point]) -> Vec<String> {
    points.iter().map(|p| p.gtp()).collect()
}
