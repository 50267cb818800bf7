//! The end of the game as pure state machines (sans-IO): events in, requests out
//! (r[ref.end.protocol], spec Part VII). The match loop (`super::game`) owns the processes and the
//! clocks; it asks the protocol what to do, does it, and feeds back what happened. A protocol never
//! touches a process, a clock or a file, so it is tested and fuzzed with scripted players and a
//! [`Judge`] ([`sim`] is the same loop without processes).
//!
//! | module | protocol (`--end`) | spec |
//! | --- | --- | --- |
//! | [`marks`] | the marks and disputes every protocol shares | r[end.list], r[end.concession], r[end.dispute], r[end.round] |
//! | [`tromp_taylor`] | `tromp-taylor` | r[ref.end.tromp-taylor] |
//! | [`agreement`] | `agreement` | r[end.agreement] |
//! | [`chinese`] | `chinese` | r[end.chinese], r[end.resume] |
//! | [`kgs`] | `kgs` | r[end.kgs] |
//! | [`japanese`] | `japanese` | r[end.japanese], r[end.japanese.final-status] |
//! | [`arbiter`] | `arbiter` | r[end.arbiter], r[end.arbiter.engine], r[end.arbiter.proven] |
//! | [`jihuozi`] | `jihuozi` | r[end.jihuozi] |
//! | [`sim`] | the loop without processes, scripted players, the checks of the properties | r[end.bound] |
//!
//! # The interface
//!
//! A protocol implements [`EndProtocol`]. The loop calls [`EndProtocol::on`] with
//! [`Event::Start`] once, then with one event for every request it carried out that has an answer,
//! in order:
//!
//! | request | what the loop does | event it feeds back |
//! | --- | --- | --- |
//! | [`Request::Genmove`]`(p)` | asks `p`'s engine (`genmove`, its clock), judges the answer on the game in play, tells the other engine (`play`) | [`Event::Turn`] |
//! | [`Request::Cleanup`]`(p)` | the same with `kgs-genmove_cleanup` when `p`'s engine lists it (r[end.engines]) | [`Event::Turn`] |
//! | [`Request::DeadList`]`(p)` | asks `p`'s engine `final_status_list dead` (r[end.list]) | [`Event::DeadList`] |
//! | [`Request::Arbiter`] | gives the arbiter engine the game and asks it the same (r[end.arbiter.engine]) | [`Event::Arbiter`] |
//! | [`Request::Resume`] | resumes the game in play (r[end.resume]), sends `ttrules-resume` to the engines that list it | none |
//! | [`Request::Copy`] | starts a copy of the game (r[end.japanese]): the game in play is the copy from now on | none |
//! | [`Request::Discard`] | drops the copy and gives both engines the game again (r[end.engines]) | none |
//! | [`Request::Finish`]`(f)` | ends the game: scores it with the dead stones named, or voids it | none |
//!
//! Requests are carried out in the order given; a call may return none while it waits for the
//! answers of earlier requests (two `DeadList`s asked at once come back as two events). The `game`
//! given with an event is the game in play: the copy while there is one. The loop itself ends a
//! game, without asking the protocol, for everything of section 25 of the spec: an illegal answer,
//! a refusal, a resignation, time, a fault of `genmove` or `play`, and the move limit
//! (r[ref.limit]) checked before each `Genmove` on the game (a copy's turns are bounded by the
//! protocol, which is given the limit in [`EndOptions`]). A protocol sees the game only through the
//! `&Judge` it is given (read-only), and keeps its own record of what it did for
//! [`EndProtocol::report`], which becomes the `end` object of the results line and the comments of
//! the record.
//!
//! Faults of the protocol's own questions are not losses: a `DeadList` whose engine lacks the
//! command, fails it or times out comes back as `Event::DeadList { list: None, .. }` (the
//! Tromp-Taylor fallback: that engine marks nothing), and likewise for the arbiter.
//!
//! # Adding a protocol
//!
//! One module beside [`tromp_taylor`], one variant of [`Protocol`] (its `--end` name), one arm in
//! [`Protocol::machine_with`], and its clauses in the spec's Part VII.

pub mod agreement;
pub mod arbiter;
pub mod chinese;
pub mod japanese;
pub mod jihuozi;
pub mod kgs;
pub mod marks;
pub mod sim;
pub mod tromp_taylor;

use super::judge::Judge;
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

/// The protocols `--end` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    /// Nothing removed; scored by the ruleset (r[ref.end.tromp-taylor]).
    TrompTaylor,
    /// One exchange of lists; a dispute leaves the disputed stones alive (r[end.agreement]).
    Agreement,
    /// A dispute resumes play; four passes in a row end it all alive (r[end.chinese]).
    Chinese,
    /// A dispute resumes play in cleanup; the next end is all alive (r[end.kgs]).
    Kgs,
    /// A dispute is played out on a copy of the game (r[end.japanese]).
    Japanese,
    /// A third party decides (r[end.arbiter]): `--arbiter CMD` or `--arbiter proven`.
    Arbiter,
    /// Counting living stones: the 计活子 finish of Part V (r[end.jihuozi]).
    Jihuozi,
}

/// Who arbitrates under `--end arbiter`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArbiterKind {
    /// The stones standing in the opponent's pass-alive territory (r[end.arbiter.proven]).
    Proven,
    /// A third GTP engine, asked with [`Request::Arbiter`] (r[end.arbiter.engine]).
    Engine,
}

/// When the arbiter decides (`--arbiter-when`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum ArbiterWhen {
    /// Only when the players' lists disagree.
    Dispute,
    /// Always; the players are not asked.
    Always,
}

/// The settings a protocol takes besides its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndOptions {
    pub arbiter: ArbiterKind,
    pub arbiter_when: ArbiterWhen,
    /// The move limit (r[ref.limit]), which also bounds the turns on a copy.
    pub max_turns: Option<u32>,
}

impl Default for EndOptions {
    fn default() -> EndOptions {
        EndOptions {
            arbiter: ArbiterKind::Proven,
            arbiter_when: ArbiterWhen::Dispute,
            max_turns: None,
        }
    }
}

impl Protocol {
    pub const ALL: [Protocol; 7] = [
        Protocol::TrompTaylor,
        Protocol::Agreement,
        Protocol::Chinese,
        Protocol::Kgs,
        Protocol::Japanese,
        Protocol::Arbiter,
        Protocol::Jihuozi,
    ];

    /// A fresh machine for one game, with the default options.
    pub fn machine(self) -> Box<dyn EndProtocol> {
        self.machine_with(&EndOptions::default())
    }

    /// A fresh machine for one game.
    pub fn machine_with(self, opts: &EndOptions) -> Box<dyn EndProtocol> {
        match self {
            Protocol::TrompTaylor => Box::new(tromp_taylor::TrompTaylor::default()),
            Protocol::Agreement => Box::new(agreement::Agreement::default()),
            Protocol::Chinese => Box::new(chinese::Chinese::new()),
            Protocol::Kgs => Box::new(kgs::Kgs::default()),
            Protocol::Japanese => Box::new(japanese::Japanese::new(opts.max_turns)),
            Protocol::Arbiter => Box::new(arbiter::Arbiter::new(
                opts.arbiter.clone(),
                opts.arbiter_when,
            )),
            Protocol::Jihuozi => Box::new(jihuozi::Jihuozi::new()),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Protocol::TrompTaylor => "tromp-taylor",
            Protocol::Agreement => "agreement",
            Protocol::Chinese => "chinese",
            Protocol::Kgs => "kgs",
            Protocol::Japanese => "japanese",
            Protocol::Arbiter => "arbiter",
            Protocol::Jihuozi => "jihuozi",
        }
    }

    pub fn clause(self) -> Clause {
        match self {
            Protocol::TrompTaylor => Clause::RefEndTrompTaylor,
            Protocol::Agreement => Clause::EndAgreement,
            Protocol::Chinese => Clause::EndChinese,
            Protocol::Kgs => Clause::EndKgs,
            Protocol::Japanese => Clause::EndJapanese,
            Protocol::Arbiter => Clause::EndArbiter,
            Protocol::Jihuozi => Clause::EndJihuozi,
        }
    }

    /// Whether the protocol may resume play on the game (and so needs engines that play on
    /// after the pause).
    pub fn resumes(self) -> bool {
        matches!(
            self,
            Protocol::Chinese | Protocol::Kgs | Protocol::Japanese | Protocol::Jihuozi
        )
    }
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
