//! Events: a tournament file naming the players (r[ref.event.file]), matches, all-play-all and
//! gauntlet schedules (r[ref.event.schedule]), the standings with a joint Elo fit
//! (r[ref.event.elo]), duplicate games (r[ref.event.duplicate]), and what another shell sees of
//! a running event: its status and a clean stop (r[ref.event.status], r[ref.event.stop]).
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | [`file`](mod@file) | the tournament file: players and the event, checked before any engine starts | r[ref.event.file] |
//! | [`bt`] | the Bradley-Terry fit: Elo for every player, with intervals | r[ref.event.elo] |
//! | [`shard`] | an event split over machines: `--shard K/N`, its folder's `shard.json` | r[ref.event.shard] |
//! | [`standings`] | per-player records, the crosstable, per-pair results, duplicates | r[ref.event.elo], r[ref.event.duplicate] |
//! | [`status`] | `status.json` while an event runs, `referee status`, the stop file | r[ref.event.status], r[ref.event.stop] |

pub mod bt;
pub mod file;
pub mod shard;
pub mod standings;
pub mod status;

pub use crate::pairing::{Event, Kind};
pub use crate::transcript;
