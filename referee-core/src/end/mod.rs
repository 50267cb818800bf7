//! The end of the game as pure state machines (sans-IO): events in, requests out
//! (r[ref.end.protocol], spec Part VII). The match loop (`crate::driver`, fed by the operations
//! crate's engine processes) owns the processes and the clocks; it asks the protocol what to do, does it, and feeds back what happened. A protocol never
//! touches a process, a clock or a file, so it is tested and fuzzed with scripted players and a
//! [`Judge`](crate::judge::Judge) (`crate::sim` is the same loop without processes).
//!
//! | module | protocol (`--end`) | spec |
//! | --- | --- | --- |
//! | [`interface`] | what every protocol is told, asks and reports; the requests of the game going on | r[ref.end.protocol], r[end.results] |
//! | [`marks`] | the marks and disputes every protocol shares | r[end.list], r[end.concession], r[end.dispute], r[end.round] |
//! | [`tromp_taylor`] | `tromp-taylor` | r[ref.end.tromp-taylor] |
//! | [`agreement`] | `agreement` | r[end.agreement] |
//! | [`chinese`] | `chinese` | r[end.chinese], r[end.resume] |
//! | [`kgs`] | `kgs` | r[end.kgs] |
//! | [`japanese`] | `japanese` | r[end.japanese], r[end.japanese.final-status] |
//! | [`arbiter`] | `arbiter` | r[end.arbiter], r[end.arbiter.engine], r[end.arbiter.proven] |
//! | [`jihuozi`] | `jihuozi` | r[end.jihuozi] |
//! | [`protocols`] | the `--end` names and their settings, a machine of each | r[ref.end.protocol] |
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
//! # Layers
//!
//! From the bottom: [`interface`] (the types and the trait), [`marks`] (the shared bookkeeping and
//! [`marks::OnCore`], the one impl of the trait's boilerplate), the machines ([`tromp_taylor`],
//! [`agreement`], [`chinese`], [`kgs`], [`japanese`], [`arbiter`], then [`jihuozi`], which wraps
//! `chinese`), [`protocols`] (the `--end` names). No module imports one above it; this file only
//! re-exports.
//!
//! # Adding a protocol
//!
//! One module beside [`tromp_taylor`] (a [`marks::OnCore`] on a [`marks::Core`]), one variant of [`Protocol`] (its `--end` name), one arm in
//! [`Protocol::machine_with`], and its clauses in the spec's Part VII.

pub mod agreement;
pub mod arbiter;
pub mod chinese;
pub mod interface;
pub mod japanese;
pub mod jihuozi;
pub mod kgs;
pub mod marks;
pub mod protocols;
pub mod tromp_taylor;

pub use arbiter::{ArbiterKind, ArbiterWhen};
pub use interface::{
    next_turn, vertices, void_finish, Counts, EndProtocol, EndReport, Event, Finish, Ideal,
    Request, Round, RoundOutcome, StoneCount,
};
pub use protocols::{EndOptions, Protocol};
