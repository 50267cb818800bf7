//! The end of the game as pure state machines (sans-IO): events in, requests out
//! (r[ref.end.protocol]). The match loop (`super::game`) owns the processes and the clocks; it asks
//! the protocol what to do, does it, and feeds back what happened. A protocol never touches a
//! process, a clock or a file, so it is tested and fuzzed with scripted players and a [`Judge`].
//!
//! # The interface
//!
//! A protocol implements [`EndProtocol`]. The loop calls [`EndProtocol::on`] with
//! [`Event::Start`] once, then with one event for every request it carried out, in order:
//!
//! | request | what the loop does | event it feeds back |
//! | --- | --- | --- |
//! | [`Request::Genmove`]`(p)` | asks `p`'s engine (`genmove`, its clock), judges the answer on the [`Judge`], tells the other engine (`play`) | [`Event::Turn`] |
//! | [`Request::DeadList`]`(p)` | asks `p`'s engine `final_status_list dead` (when it lists it) | [`Event::DeadList`] |
//! | [`Request::Finish`]`(f)` | ends the game: scores it with the dead stones named, or voids it | none |
//!
//! Requests are carried out in the order given; a call may return none while it waits for the
//! answers of earlier requests (two `DeadList`s asked at once come back as two events). The loop
//! itself ends a game, without asking the protocol, for everything of section 25 of the spec: an
//! illegal answer, a refusal, a resignation, time, a fault of `genmove` or `play`, and the move
//! limit (r[ref.limit]) checked before each `Genmove`. A protocol sees the game only through the
//! `&Judge` it is given (read-only), and keeps its own record of what it did for
//! [`EndProtocol::report`], which becomes the `end` object of the results line and the comment of
//! the record.
//!
//! Faults of the protocol's own questions are not losses: a `DeadList` whose engine lacks the
//! command, fails it or times out comes back as `Event::DeadList { list: None, .. }` (the
//! Tromp-Taylor fallback: that engine marks nothing).
//!
//! # Adding a protocol
//!
//! One module beside [`tromp_taylor`], one variant of [`Protocol`] (its `--end` name), one arm in
//! [`Protocol::machine`], and its clauses in the spec's Part VII. A protocol that needs more of the
//! loop (resuming play after the ruleset's end, `kgs-genmove_cleanup`, a third engine) adds a
//! request and an event here and one arm in the loop's dispatch (the `match request` of
//! `super::game::play`).

pub mod tromp_taylor;

use super::judge::Judge;
use serde::Serialize;
use ttrules_spec::{Clause, Move, Player, Point};

/// What happened, as the protocol is told.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The game starts (after the opening, if any).
    Start,
    /// A legal turn was played (already on the judge).
    Turn { player: Player, mv: Move },
    /// `player`'s answer to `final_status_list dead`: the points it named, or `None` when it lacks
    /// the command, failed it or timed out.
    DeadList {
        player: Player,
        list: Option<Vec<Point>>,
    },
}

/// What the protocol asks the loop to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Ask `player` (who must be the player to move) for a turn.
    Genmove(Player),
    /// Ask `player` which stones it thinks dead.
    DeadList(Player),
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

/// One round of dead-stone marking, for the record (the protocols of Part VII).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    pub black_dead: Vec<String>,
    pub white_dead: Vec<String>,
    pub disputed: Vec<String>,
    /// `agreed`, `resumed`, `all-alive`, `arbitrated` or `copy-resolved`.
    pub outcome: String,
}

/// What a protocol did, as the `end` object of a results line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EndReport {
    pub protocol: &'static str,
    pub rounds: Vec<Round>,
    /// The stones removed before scoring, as GTP vertices.
    pub removed: Vec<String>,
}

/// An end-of-game protocol: a pure state machine.
pub trait EndProtocol: Send {
    /// Its `--end` name.
    fn name(&self) -> &'static str;
    /// The clause of the spec that defines it (cited by the record of a scored game).
    fn clause(&self) -> Clause;
    /// The requests that follow `event`, in order. `game` is the game as it stands (after the
    /// turn of an [`Event::Turn`]).
    fn on(&mut self, event: Event, game: &Judge) -> Vec<Request>;
    /// What it did so far.
    fn report(&self) -> EndReport;
}

/// The protocols `--end` names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Protocol {
    /// Nothing removed; scored by the ruleset (r[ref.end.tromp-taylor]).
    TrompTaylor,
}

impl Protocol {
    /// A fresh machine for one game.
    pub fn machine(self) -> Box<dyn EndProtocol> {
        match self {
            Protocol::TrompTaylor => Box::new(tromp_taylor::TrompTaylor::default()),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Protocol::TrompTaylor => "tromp-taylor",
        }
    }
}

/// The request that asks the player to move, or ends the game when the ruleset's end has been
/// reached by a void cycle: the part every protocol shares while the game goes on.
pub fn next_turn(game: &Judge) -> Option<Request> {
    if game.is_void() {
        return Some(Request::Finish(Finish::Void {
            reason: "the same situation occurred three times since the last pass \
                     (r[var.ko.simple.cycle])"
                .into(),
        }));
    }
    (!game.is_over()).then(|| Request::Genmove(game.to_move()))
}
