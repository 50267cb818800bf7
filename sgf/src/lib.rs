//! # ttrules-sgf
//!
//! Reading and writing game records: spec Part III, "game records" (sections 16 to 19, clauses
//! `rec.*`). The bytes of a file, its name and the caller's overrides in, every game of the file
//! out, each with its setup, rules, komi, moves, dead-stone marks, result, warnings and the point
//! where it stops being a game, if it does; and the one SGF writer. Replaying the games is
//! `ttrules-record`'s, above this crate.
//!
//! | module | section | clauses |
//! | --- | --- | --- |
//! | [`model`] | 16, 18, 19 | the game-record model ([`GameRecord`]); r[rec.warnings], r[rec.dead], r[rec.override], r[rec.stop] |
//! | [`decode`] | 16 | r[rec.decode.values], r[rec.decode.mismatch], r[rec.decode.replace] |
//! | [`syntax`] | 16 | r[rec.syntax], r[rec.recover], r[rec.trees], r[rec.main-line] |
//! | [`setup`], `implied` | 16, 17, 19 | r[rec.size], r[rec.move], r[rec.move.implied-pass], r[rec.setup], r[rec.handicap] …, r[rec.stop.setup], r[rec.stop.setup.pl-after-move], r[rec.stop.bad-move] |
//! | [`rules`] | 18 | r[rec.rules] (the names are `ttrules-spec`'s: [`ttrules_spec::names`], [`ttrules_spec::any_name`]), r[rec.komi], r[rec.komi.fox] |
//! | [`result`] | 18 | r[rec.result], r[rec.result.agree]: `ttrules-spec`'s one result grammar, re-exported |
//! | `game` | 16, 18 | one game tree read as a game: r[rec.trees], r[rec.handicap], r[rec.override], r[rec.dead] |
//! | `reading` | 16, 19 | a file's games: the syntax in one pass or two, the encoding chosen, each tree read as a game ([`read`], [`read_each`], [`read_game`], [`read_first`]) |
//! | [`write`](mod@write) | | the one SGF writer: a game, or any record built with [`GameTree`] and [`Node`] |
//! | [`input`] | | reading record files: regular files only, at most [`input::MAX_FILE_BYTES`] |
//! | [`json`] | | exact numbers and rulesets as JSON |
//!
//! ## Layers
//!
//! Layers: `input`, `json`, `model`, `decode`, `write` < `syntax`, `implied`, `rules` < `setup` <
//! `game` < `reading`. Each module imports only modules of lower groups (and of its own group
//! none, except as listed below); `tests/layering.rs` checks it, and that there is no circle:
//!
//! - `input`, `json`, `model`, `decode`, `write`: nothing of the crate (files, JSON numbers, the
//!   plain data of a game, text encodings, the writer; the writer's documentation names [`read`]);
//! - `syntax` (with `syntax/tree`, `syntax/view`, `syntax/quick`): the bytes as game trees; uses
//!   `decode`;
//! - `implied`, `rules`: implied passes, `RU` and `KM`; use `model`;
//! - `setup`: size, setup and moves; uses `syntax`, `implied`, `model`;
//! - `game`: one tree as a game; uses `setup`, `rules`, `syntax`, `model`;
//! - `reading`: a file's games; uses `game`, `syntax`, `decode`, `model` (its tests, `write`).
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! ```
//! use ttrules_sgf::{read, write, Overrides};
//! use ttrules_spec::{Komi, Rules, Setup, Size};
//!
//! let sgf = b"(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese];B[ee];W[cc];B[];W[])";
//! let file = read(sgf, "game.sgf", &Overrides::default()).unwrap();
//! let game = file.games.into_iter().next().unwrap().unwrap();
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.rules, Rules::by_name("chinese").unwrap());
//! let empty = write(Komi::ZERO, Rules::TROMP_TAYLOR, &Setup::empty(Size::square(9).unwrap()), &[]);
//! assert!(empty.starts_with("(;GM[1]FF[4]"));
//! ```

pub mod decode;
mod game;
mod implied;
pub mod input;
pub mod json;
pub mod model;
mod reading;
pub mod rules;
pub mod setup;
pub mod syntax;
pub mod write;

pub use model::{
    FileRecords, GameRecord, Marks, Overrides, ReadError, RecordError, RecordMove, Source, Stop,
    StopCause, Warn, Warning, STRICT_ACCEPTS,
};
pub use reading::{read, read_each, read_first, read_game};
/// The result grammar (r[rec.result]) is `ttrules-spec`'s, the one reader of result strings.
pub use ttrules_spec::result::{self, RecordResult, ResultKind};
pub use write::{write, write_resumed, GameTree, Node};
