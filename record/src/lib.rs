//! # ttrules-record
//!
//! Replaying game records: the replay pipeline of `ttrules replay` (one record, a file, many in
//! parallel, sharded; the JSON document), the rulesets comparison of `replay --compare`, and where
//! the dead stones of an unmarked record come from. Reading and writing the records themselves
//! (spec Part III, clauses `rec.*`) is the crate below, `ttrules-sgf`; its public items are
//! re-exported here (`ttrules_record::read`, `ttrules_record::rules`, …) for the callers that
//! import them from this crate.
//!
//! | module | section | clauses |
//! | --- | --- | --- |
//! | [`replay`] | 19 | replaying records on an engine: one, a file, many in parallel; the JSON document |
//! | [`compare`] | | one game under every named ruleset, the identities checked |
//! | [`dead_from`] | 18 | where the dead stones of an unmarked record come from: r[rec.dead.source], r[rec.dead.proven], r[rec.dead.engine] (through [`dead_from::JudgeDead`]) |
//! | [`shard`] | | sharded jobs: the shard `K/N`, the stable split, shard files written by rename, the checks of a merge |
//! | re-exported from `ttrules-sgf` | 16 to 19 | [`read`], [`GameRecord`], [`write()`], [`decode`], [`syntax`], [`setup`], [`rules`], [`result`], [`input`], [`json`] |
//!
//! ## Layers
//!
//! Layers: `shard`, `dead_from` < `replay` < `compare`. Each module imports only modules of
//! lower groups and `ttrules-sgf`; nothing in the crate imports from this file (the re-exports
//! are for other crates); `tests/layering.rs` checks it, and that there is no circle:
//!
//! - `shard`: the shard `K/N` and shard files; `dead_from`: where dead stones come from;
//! - `replay` (`replay/engine`, `replay/ended`, `replay/json`, `replay/json/tables`,
//!   `replay/json/line`, `replay/bulk`, `replay/shard`): uses `dead_from`, `shard`;
//! - `compare` (`compare/record`, `compare/identities`, `compare/render`): uses `replay`,
//!   `dead_from`.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! ```
//! use ttrules_record::replay::{replay_record, Options, RecordOutcome};
//! use ttrules_record::{read, Overrides};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[];W[])";
//! let file = read(sgf, "game.sgf", &Overrides::default()).unwrap();
//! let game = file.games.into_iter().next().unwrap().unwrap();
//! assert_eq!(game.moves.len(), 4);
//! let replayed = replay_record(game, &Options::default()).unwrap();
//! assert_eq!(replayed.outcome, RecordOutcome::Over);
//! assert_eq!(replayed.replay.outcome.sgf_result(), "W+7");
//! ```

pub mod compare;
pub mod dead_from;
pub mod replay;
pub mod shard;

/// The reader and writer of records (spec Part III), re-exported for the callers of this crate.
pub use ttrules_sgf::{
    decode, input, json, model, read, read_each, read_first, read_game, result, rules, setup,
    syntax, write, write_resumed, FileRecords, GameRecord, GameTree, Marks, Node, Overrides,
    ReadError, RecordError, RecordMove, RecordResult, ResultKind, Source, Stop, StopCause, Warn,
    Warning, STRICT_ACCEPTS,
};
