//! `replay_many`: many records replayed on a pool of threads with the GIL released, files found
//! under paths or SGF texts of an Arrow column ([`Sources`]), each record's games sent to the
//! calling thread as they are done ([`Run`]), and yielded there as the dicts of `replay --json`
//! ([`ReplayIter`], built by [`crate::topy`] without JSON text) or gathered into Arrow tables
//! (`crate::arrow`).

use crate::column::Texts;
use crate::replay::{object, options, pool, replay_path};
use crate::topy::Strings;
use crate::{args, errors, wait};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use rayon::prelude::*;
use std::collections::{BTreeMap, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc;
use ttrules_record::replay::{collect_files, replay_file, Options, Refused, Replayed};

/// One record's results: its games, or its refusal.
pub type Results = Vec<Result<Replayed, Refused>>;

/// What `replay_many` replays: files, or the SGF texts of a column with their ids.
pub enum Sources {
    Files(Vec<PathBuf>),
    Texts(Texts),
}

impl Sources {
    /// From `paths` (paths, or a column of SGF texts) and `ids` (a column, with texts only).
    pub fn new(
        py: Python<'_>,
        paths: &Bound<'_, PyAny>,
        ids: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Sources> {
        if crate::column::is_arrow(paths) {
            return Ok(Sources::Texts(Texts::new(py, paths, ids)?));
        }
        if ids.is_some_and(|i| !i.is_none()) {
            return Err(errors::value(
                py,
                "TtrulesValueError",
                "ids are the names of SGF texts: give them with a column of texts (an Arrow \
                 array, chunked array or polars Series), not with paths",
            ));
        }
        let paths = args::paths(py, paths, "paths")?;
        let files = collect_files(&paths).map_err(|e| errors::value(py, "TtrulesValueError", e))?;
        Ok(Sources::Files(files))
    }

    /// How many records.
    pub fn len(&self) -> usize {
        match self {
            Sources::Files(f) => f.len(),
            Sources::Texts(t) => t.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The name of record `i` of a column (its id, or its row number) and whether ids were given;
    /// `None` for a file (its documents name it).
    pub fn name(&self, i: usize) -> Option<(String, bool)> {
        match self {
            Sources::Files(_) => None,
            Sources::Texts(t) => Some((t.id(i), t.has_ids())),
        }
    }

    /// Replays record `i`, a panic included as a refusal.
    pub fn replay(&self, i: usize, opts: &Options) -> Results {
        match self {
            Sources::Files(f) => replay_path(&f[i], opts),
            Sources::Texts(t) => {
                let id = t.id(i);
                let Some(text) = t.text(i) else {
                    return vec![Err(Refused {
                        file: id,
                        tree: None,
                        kind: "missing-text",
                        message: format!("row {i}: the SGF text is null"),
                    })];
                };
                let run = || replay_file(text, &id, None, opts);
                catch_unwind(AssertUnwindSafe(run))
                    .unwrap_or_else(|p| vec![Err(crate::replay::panicked(&id, p.as_ref()))])
            }
        }
    }
}

/// What the worker threads send: a record's index and its results.
type Finished = mpsc::Receiver<(usize, Results)>;

/// A replay running on its own pool: the records' results as they finish, in record order when
/// `ordered`. Dropping it stops the work (the remaining records are skipped).
pub struct Run {
    rx: std::sync::Mutex<Option<Finished>>,
    ordered: bool,
    pending: BTreeMap<usize, Results>,
    next: usize,
}

impl Run {
    /// Starts replaying every record of `sources` on `pool`.
    pub fn start(sources: Sources, opts: Options, pool: rayon::ThreadPool, ordered: bool) -> Run {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            pool.install(|| {
                // A send fails once the run is gone: the remaining records are skipped.
                let _ = (0..sources.len())
                    .into_par_iter()
                    .try_for_each_with(tx, |tx, i| tx.send((i, sources.replay(i, &opts))));
            });
        });
        Run {
            rx: std::sync::Mutex::new(Some(rx)),
            ordered,
            pending: BTreeMap::new(),
            next: 0,
        }
    }

    /// The next record's results (`None` at the end), waited for with the GIL released and
    /// Python's signals delivered (Ctrl-C raises here).
    pub fn next(&mut self, py: Python<'_>) -> PyResult<Option<Results>> {
        loop {
            if self.ordered {
                if let Some(r) = self.pending.remove(&self.next) {
                    self.next += 1;
                    return Ok(Some(r));
                }
            }
            let taken = self.rx.lock().map(|mut r| r.take()).unwrap_or(None);
            let Some(rx) = taken else {
                // Every sender gone: what is still pending (nothing, unless one was skipped).
                return Ok(self.pending.pop_first().map(|(_, r)| r));
            };
            let (rx, got) = wait::recv(py, rx);
            if !matches!(got, Ok(None)) {
                if let Ok(mut slot) = self.rx.lock() {
                    *slot = Some(rx);
                }
            }
            match got? {
                Some((i, r)) if self.ordered => {
                    self.pending.insert(i, r);
                }
                Some((_, r)) => return Ok(Some(r)),
                None => continue,
            }
        }
    }
}

/// The games of `replay_many` as dicts, yielded as the records finish.
#[pyclass(module = "ttrules")]
pub struct ReplayIter {
    run: Run,
    ready: VecDeque<Result<Replayed, Refused>>,
    strings: Strings,
}

#[pymethods]
impl ReplayIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loop {
            if let Some(r) = self.ready.pop_front() {
                return object(py, &mut self.strings, &r);
            }
            match self.run.next(py)? {
                Some(results) => self.ready.extend(results),
                None => return Err(PyStopIteration::new_err(())),
            }
        }
    }
}

/// The records of a `replay_many` (`paths`, with `ids` for a column) and the pool that replays
/// them (`threads`), checked in that order: what every form of `replay_many` starts from, once
/// its options are read.
pub fn sources_and_pool(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    ids: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Sources, rayon::ThreadPool)> {
    let sources = Sources::new(py, paths, ids)?;
    let pool = pool(py, threads, sources.len())?;
    Ok((sources, pool))
}

/// `replay_many(paths, threads, …)`: starts replaying every record on its own pool and returns
/// the iterator of the games' documents (dicts). Dropping the iterator stops the work.
#[pyfunction]
#[pyo3(signature = (paths, threads = None, ordered = None, rules = None, komi = None, handicap = None, dead = None, strict = None, engine = None, ids = None))]
#[allow(clippy::too_many_arguments)]
pub fn replay_many_docs(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    ordered: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    handicap: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    strict: Option<&Bound<'_, PyAny>>,
    engine: Option<&Bound<'_, PyAny>>,
    ids: Option<&Bound<'_, PyAny>>,
) -> PyResult<ReplayIter> {
    let ordered = args::boolean(py, ordered, "ordered", false)?;
    let opts = options(py, rules, komi, handicap, dead, strict, engine)?;
    let (sources, pool) = sources_and_pool(py, paths, ids, threads)?;
    Ok(ReplayIter {
        run: Run::start(sources, opts, pool, ordered),
        ready: VecDeque::new(),
        strings: Strings::default(),
    })
}
