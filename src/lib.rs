//! ttrules: the Tromp-Taylor rules of Go, exactly; the command-line tool.
//!
//! This package is the command line only: its subcommands, in [`cli`], parse their arguments, call
//! the library crates and print. Nothing else depends on it. The libraries are re-exported here
//! under short names for the tool's own tests.
//!
//! | part of `spec/RULES.md` | crate |
//! | --- | --- |
//! | vocabulary, the `Engine` trait | [`spec`] (`ttrules-spec`) |
//! | the corner-case vectors | [`vectors`] (`ttrules-vectors`) |
//! | I, II, IV, V | [`reference`](mod@reference) (`ttrules-reference`), [`fast`] (`ttrules-fast`) |
//! | III, game records | [`record`] (`ttrules-record`) |
//! | GTP | [`gtp`] (`ttrules-gtp`) |
//! | check-engine | [`check`] (`ttrules-check`) |
//! | VI–VII, the referee | [`referee`] (`ttrules-referee`) |
//! | pictures of boards | [`draw`] (`ttrules-draw`) |
//! | counting legal positions | [`count`] (`ttrules-count`) |
//! | seeded random games | [`games`] (`ttrules-games`) |

pub mod cli;

pub use ttrules_check as check;
pub use ttrules_count as count;
pub use ttrules_draw as draw;
pub use ttrules_fast as fast;
pub use ttrules_games as games;
pub use ttrules_gtp as gtp;
pub use ttrules_record as record;
pub use ttrules_referee as referee;
pub use ttrules_reference as reference;
pub use ttrules_spec as spec;
pub use ttrules_vectors as vectors;
