//! Replays of Go game records as tables: a **games** table (one row per game: where it came from,
//! the record's metadata, the rules and komi applied, how the replay ended, the score, the result
//! and `RE`, the warnings) and a **moves** table (one row per turn), built as Arrow record batches
//! ([`Games`], [`Moves`]) and written as Parquet files ([`write::Sink`]); and SGF texts read from a
//! Parquet or JSON-lines file's column ([`input`]). The columns are [`schema::GAMES`] and
//! [`schema::MOVES`], documented in the book's Datasets page.

pub mod games;
pub mod hash;
pub mod input;
pub mod moves;
mod plain;
pub mod run;
pub mod schema;
mod vocab;
pub mod write;

pub use games::{Games, Origin};
pub use moves::Moves;
pub use schema::{games_schema, moves_schema};

/// The Arrow and Parquet crates the tables are made with, for readers that want the same ones.
pub use {arrow_array, arrow_schema, parquet};
