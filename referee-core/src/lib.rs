//! # ttrules-referee-core
//!
//! The rules of a match between Go players (Parts VI and VII of `spec/RULES.md`) with no process,
//! no file and no clock read from the system (sans-IO): what a referee of engine processes
//! (`ttrules-referee`), a network front end or a simulator drives. The players sit in
//! [`driver::Seats`]; the loop asks them for turns and lists, rules on what comes back and on the
//! time it took (times are given, never measured here), and ends the game.
//!
//! # Layers
//!
//! From the bottom up; a module imports only the modules listed before it, never one after it,
//! and no two modules import each other (`tests/layering.rs` checks the line below).
//!
//! Layers: `ending` < `judge` < `endless` < `clock` < `ruling` < `end` < `driver` < `played` <
//! `sim`.
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | [`ending`] | how a game ends: the kinds, an ending, a fault, the interruption | r[ref.end], r[ref.fault] |
//! | [`judge`] | the game as the referee keeps it (the fast engine), territory for `TB`/`TW` | r[ref.judge] |
//! | [`endless`] | games that would not end: cycles with passes, the default move limit | r[ref.cycle], r[ref.limit.default] |
//! | [`clock`] | time controls, and clocks as state machines charged with the times given | r[ref.time], r[ref.time.overtime] |
//! | [`ruling`] | the rulings on one `genmove` answer, as a pure function | section 25 |
//! | [`end`] | the end of the game as pure state machines: the protocols of Part VII | r[ref.end.protocol], sections 28 to 30 |
//! | [`driver`] | the match loop of one game and its [`driver::Seats`] | r[ref.limit], r[ref.order] |
//! | [`played`] | a driven game as recorded: scored or not, its result | r[ref.limit], r[ref.fault] |
//! | [`sim`] | the loop with scripted players, and the properties every protocol must have | r[end.bound] |
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! ```
//! use ttrules_referee_core::clock::{Clock, TimeControl};
//! use std::time::Duration;
//!
//! // A clock is charged with the times it is given; it never reads the system's.
//! let mut c = Clock::new(TimeControl::parse("10s").unwrap());
//! assert!(c.charge(Duration::from_secs(4)).is_ok());
//! assert!(c.budget() <= Duration::from_secs(10));
//! ```

pub mod clock;
pub mod driver;
pub mod end;
pub mod ending;
pub mod endless;
pub mod judge;
pub mod played;
pub mod ruling;
pub mod sim;
