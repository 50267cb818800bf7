//! The single-game reader of earlier versions, kept as a thin layer over [`crate`] (spec
//! Part III) for callers that want one game of a file as a plain [`Record`].

use crate::{self as record, Overrides};
pub use crate::{write, RecordMove};
use std::fmt;
use ttrules_spec::{Komi, Rules, Setup, Size};

/// A game record, ready to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub size: Size,
    /// The komi the record gives (`KM`, read as r[rec.komi] says), if any.
    pub komi: Option<Komi>,
    /// The rules `RU` names (r[rec.rules]), and the komi that name carries.
    pub rules: Option<(Rules, Option<Komi>)>,
    pub setup: Setup,
    pub moves: Vec<RecordMove>,
}

/// Why a record cannot be used; `node` is the main-line node where the problem is, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    pub node: Option<usize>,
    pub message: String,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        record::write_at(f, self.node, &self.message)
    }
}

impl std::error::Error for SgfError {}

/// Reads the first game of `text` with [`record::read`] (see [`read_bytes`]).
pub fn read(text: &str) -> Result<Record, SgfError> {
    read_bytes(text.as_bytes())
}

/// Reads the first game of a file's bytes with [`record::read`] (spec Part III): a record that
/// stops being a game (r[rec.stop]) is read up to where it stops, as `replay` replays it; the
/// warnings are not returned (use [`record::read`] for them).
pub fn read_bytes(bytes: &[u8]) -> Result<Record, SgfError> {
    let file = record::read(bytes, "", &Overrides::default()).map_err(|e| SgfError {
        node: None,
        message: e.to_string(),
    })?;
    let g = match file.games.into_iter().next() {
        Some(Ok(g)) => g,
        Some(Err(e)) => {
            return Err(SgfError {
                node: e.node,
                message: e.message,
            })
        }
        None => {
            return Err(SgfError {
                node: None,
                message: "no game in the file".into(),
            })
        }
    };
    Ok(Record {
        size: g.size,
        komi: g.komi_given.then_some(g.komi),
        rules: g.rules_given.then_some((g.rules, Some(g.komi))),
        setup: g.setup,
        moves: g.moves,
    })
}
