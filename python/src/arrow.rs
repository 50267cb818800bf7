//! `replay_many(…, format="arrow")`: the games table (and the moves table) of `ttrules replay
//! --parquet`, built by `ttrules-tables`' builders in record order while the pool replays, and
//! handed to Python as Arrow record batches through the Arrow PyCapsule interface ([`Table`]'s
//! `__arrow_c_stream__`: an `ArrowArrayStream` in a capsule named `arrow_array_stream`), which
//! pyarrow, polars and DuckDB import without a copy. No pyarrow is needed at run time.

use crate::many::{sources_and_pool, Results, Sources};
use crate::replay::options;
use crate::{args, wait};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::{RecordBatch, RecordBatchIterator};
use arrow_schema::SchemaRef;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::ffi::CString;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use ttrules_record::replay::Options;
use ttrules_tables::{games_schema, moves_schema, Games, Moves, Origin};

/// The rows of a games batch.
const GAME_BATCH: usize = 16 * 1024;

/// The rows of a moves batch.
const MOVE_BATCH: usize = 256 * 1024;

/// An Arrow table: record batches of one schema.
#[pyclass(module = "ttrules", frozen)]
pub struct Table {
    schema: SchemaRef,
    batches: Vec<RecordBatch>,
}

/// A stream as the capsule holds it: the C stream interface moves it out, and a stream nobody
/// took is released when the capsule goes.
#[repr(transparent)]
struct Stream(FFI_ArrowArrayStream);

// SAFETY: the stream owns its batches (Arc'd buffers, `Send`) and is used from one thread at a
// time, as the C stream interface requires of its consumer.
unsafe impl Send for Stream {}

#[pymethods]
impl Table {
    /// The table as an `ArrowArrayStream` (the Arrow PyCapsule interface). The schema asked for
    /// is not applied: the table has one schema (the protocol lets a producer keep its own).
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        let _ = requested_schema;
        let batches = self.batches.clone().into_iter().map(Ok);
        let reader = RecordBatchIterator::new(batches, self.schema.clone());
        let stream = Stream(FFI_ArrowArrayStream::new(Box::new(reader)));
        let name = CString::new("arrow_array_stream").expect("no NUL");
        PyCapsule::new(py, stream, Some(name))
    }

    /// The number of rows.
    #[getter]
    fn num_rows(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }

    fn __len__(&self) -> usize {
        self.num_rows()
    }

    fn __repr__(&self) -> String {
        format!(
            "<ttrules.Table: {} rows, {} columns, {} batches>",
            self.num_rows(),
            self.schema.fields().len(),
            self.batches.len()
        )
    }
}

/// The tables of one `replay_many(…, format="arrow")`: `games`, and `moves` (or `None`). The
/// object itself is the games table for the PyCapsule interface.
#[pyclass(module = "ttrules", frozen)]
pub struct Tables {
    #[pyo3(get)]
    games: Py<Table>,
    #[pyo3(get)]
    moves: Option<Py<Table>>,
}

#[pymethods]
impl Tables {
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_stream__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyCapsule>> {
        self.games.get().__arrow_c_stream__(py, requested_schema)
    }

    fn __repr__(&self) -> String {
        let moves = self.moves.as_ref().map_or("no moves".to_string(), |m| {
            format!("{} moves", m.get().num_rows())
        });
        format!(
            "<ttrules.Tables: {} games, {moves}>",
            self.games.get().num_rows()
        )
    }
}

/// The builders of one run, fed in record order.
struct Build {
    games: Games,
    moves: Option<Moves>,
    game_batches: Vec<RecordBatch>,
    move_batches: Vec<RecordBatch>,
    next_game: u64,
}

impl Build {
    fn new(moves: bool) -> Build {
        Build {
            games: Games::new(),
            moves: moves.then(|| Moves::new(false)),
            game_batches: Vec::new(),
            move_batches: Vec::new(),
            next_game: 0,
        }
    }

    /// Adds record `i`'s games.
    fn push(&mut self, sources: &Sources, i: usize, results: &Results) {
        let name = sources.name(i);
        for r in results {
            let origin = match &name {
                Some((id, given)) => Origin {
                    table: Some((id, i as u64)),
                    id: given.then_some(id.as_str()),
                },
                None => Origin::default(),
            };
            self.games.push(self.next_game, r, origin);
            if let (Some(m), Ok(r)) = (&mut self.moves, r) {
                m.push(self.next_game, r);
            }
            self.next_game += 1;
        }
        self.flush(false);
    }

    /// Finishes the full batches (all with `all`).
    fn flush(&mut self, all: bool) {
        if self.games.len() >= GAME_BATCH || (all && !self.games.is_empty()) {
            self.game_batches.push(self.games.finish());
        }
        if let Some(m) = &mut self.moves {
            if m.len() >= MOVE_BATCH || (all && !m.is_empty()) {
                self.move_batches.push(m.finish());
            }
        }
    }
}

/// Replays every record of `sources` on `pool` into the tables; stops at the next record once
/// `cancel` is set (`None`).
fn build(
    sources: &Sources,
    opts: &Options,
    pool: &rayon::ThreadPool,
    cancel: &AtomicBool,
    moves: bool,
) -> Option<Build> {
    let mut build = Build::new(moves);
    let opts = &ttrules_tables::run::options(opts);
    let (tx, rx) = mpsc::channel::<(usize, Results)>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            pool.install(|| {
                let _ = (0..sources.len())
                    .into_par_iter()
                    .try_for_each_with(tx, |tx, i| {
                        if cancel.load(Ordering::Relaxed) {
                            return Err(None);
                        }
                        tx.send((i, sources.replay(i, opts))).map_err(Some)
                    });
            })
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, results) in rx {
            pending.insert(i, results);
            while let Some(results) = pending.remove(&next) {
                build.push(sources, next, &results);
                next += 1;
            }
        }
    });
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    build.flush(true);
    Some(build)
}

/// `replay_many(…, format="arrow")`: replays every record (files or a column of texts) and
/// returns the games table, and with `moves` the moves table, as [`Tables`].
#[pyfunction]
#[pyo3(signature = (paths, threads = None, rules = None, komi = None, handicap = None, dead = None, strict = None, engine = None, ids = None, moves = None))]
#[allow(clippy::too_many_arguments)]
pub fn replay_many_arrow(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    handicap: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    strict: Option<&Bound<'_, PyAny>>,
    engine: Option<&Bound<'_, PyAny>>,
    ids: Option<&Bound<'_, PyAny>>,
    moves: Option<&Bound<'_, PyAny>>,
) -> PyResult<Tables> {
    let moves = args::boolean(py, moves, "moves", false)?;
    let opts = options(py, rules, komi, handicap, dead, strict, engine)?;
    let (sources, pool) = sources_and_pool(py, paths, ids, threads)?;
    let cancel = AtomicBool::new(false);
    let built = wait::interruptible(py, &cancel, || {
        build(&sources, &opts, &pool, &cancel, moves)
    })?;
    let Some(b) = built else {
        return Err(crate::errors::internal(
            py,
            "the replay stopped without a reason".into(),
        ));
    };
    let games = Table {
        schema: games_schema(),
        batches: b.game_batches,
    };
    let moves = match b.moves {
        Some(_) => Some(Py::new(
            py,
            Table {
                schema: moves_schema(),
                batches: b.move_batches,
            },
        )?),
        None => None,
    };
    Ok(Tables {
        games: Py::new(py, games)?,
        moves,
    })
}
