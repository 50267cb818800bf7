//! ttrules-fast: an engine-speed implementation of the Tromp-Taylor rules (`spec/RULES.md`) that
//! agrees with `ttrules-reference` on every observable (`ttrules_spec::engine::Observation`).
//!
//! | module | what |
//! | --- | --- |
//! | [`layout`] | the padded grid: guard points around the edge, neighbour offsets |
//! | [`bits`] | bitboards over the padded grid: colour planes, neighbour sets by shifts, flood fill |
//! | [`fast`] | the engine [`Fast`]: mailbox, bit planes, chains with exact liberty counts |
//! | `history` | every earlier colouring, stored exactly, indexed by zobrist hash |
//! | `zobrist` | the random keys of the hash |
//! | [`count`] | exhaustive counts with known answers: games ([`count_games`]), legal positions ([`count_legal`]) |
//!
//! # Glossary: engine words and the clauses they stand for
//!
//! | word | meaning | spec |
//! | --- | --- | --- |
//! | chain | a maximal set of same-coloured stones connected by adjacency | r[tt.derived.chain] |
//! | head | the stone that represents its chain; per-chain data is stored at the head | — |
//! | liberty | an empty point adjacent to a chain; a chain reaches empty iff it has one | r[tt.derived.liberty], r[tt.reach] |
//! | capture | emptying opponent chains left without a liberty | r[tt.move.clear-opponent], r[tt.clear] |
//! | suicide | emptying own chains left without a liberty | r[tt.move.clear-self], r[tt.clear] |
//! | zobrist hash | XOR of a random key per stone; a fast *filter* for colourings, never a judge | r[tt.turn.repetition] |
//! | history | every earlier colouring, kept as exact bit planes | r[tt.turn.repetition], r[tt.note.start-colouring] |
//! | superko | what other engines call r[tt.turn.repetition]; here always positional and exact | r[tt.note.positional] |
//! | region / flood fill | empty points connected through empty points; a region reaches a colour if it touches it | r[tt.score], r[tt.reach] |
//! | vertex | a grid point as an index of the padded layout | r[tt.board] |
//! | eyelike | a playout policy for benchmarks, not a rule ([`Fast::is_eyelike`]) | — |
//!
//! Where the code is not a literal reading of the spec, a `Note:` comment says why it is
//! equivalent. The invariant checker [`FastWith::assert_invariants`] recomputes everything
//! derived from scratch; the tests run it after every turn.

pub mod bits;
pub mod count;
pub mod fast;
mod history;
pub mod layout;
mod zobrist;

pub use count::{count_games, count_legal};
pub use fast::{FastWith, Vertex};

/// The fast engine, with a 64-bit zobrist hash.
pub type Fast = FastWith<64>;
