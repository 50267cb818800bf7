//! Replaying records from Python: one file or bytes ([`replay_json`]), many files on a pool of
//! threads with the GIL released, yielding each game as it is done ([`ReplayIter`]), and a
//! whole shard verified into the `Summary` of `replay --summary-json` ([`verify_json`]). The
//! pipeline is `ttrules_record::replay`, the same as the command line's; the documents are the
//! JSON of `replay --json`, parsed into Python objects by the package.

use crate::errors::{self, payload_text};
use pyo3::exceptions::PyStopIteration;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc;
use ttrules_record::replay::{
    collect_files, document, refused_json, replay_file, EngineChoice, Options, Refused, Replayed,
    Summary,
};
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::Overrides;

/// The options of `replay` (r[rec.override]), as the command line's flags give them.
fn options(
    py: Python<'_>,
    rules: Option<&str>,
    komi: Option<&str>,
    handicap: Option<u32>,
    dead: Option<String>,
    strict: bool,
    engine: &str,
) -> PyResult<Options> {
    let rules = rules
        .map(|r| rules_by_any_name(r).map_err(|e| errors::value(py, "RulesError", e)))
        .transpose()?;
    let komi = komi
        .map(|k| {
            k.parse()
                .map_err(|e: ttrules_spec::KomiError| errors::value(py, "KomiError", e.to_string()))
        })
        .transpose()?;
    let engine = match engine {
        "fast" => EngineChoice::Fast,
        "reference" => EngineChoice::Reference,
        other => {
            return Err(errors::value(
                py,
                "TtrulesValueError",
                format!("engine {other:?}: expected \"fast\" or \"reference\""),
            ))
        }
    };
    Ok(Options {
        overrides: Overrides {
            rules,
            komi,
            handicap,
            strict,
        },
        dead,
        dead_from: None,
        engine: Some(engine),
    })
}

/// One game's result as a JSON line: the `replay --json` document, or the refusal as bulk
/// `--jsonl` writes it.
fn line(r: &Result<Replayed, Refused>) -> String {
    match r {
        Ok(r) => document(r).compact(),
        Err(e) => refused_json(e),
    }
}

/// A panic while replaying `file`, as a refused game: a bug, reported without losing the rest.
fn panicked(file: &str, payload: &(dyn std::any::Any + Send)) -> Refused {
    Refused {
        file: file.to_string(),
        tree: None,
        kind: "internal-error",
        message: format!(
            "ttrules: internal error (a bug; please report it): {}",
            payload_text(payload)
        ),
    }
}

/// Reads and replays one file, a panic included as a refusal.
fn replay_path(path: &std::path::Path, opts: &Options) -> Vec<Result<Replayed, Refused>> {
    let name = path.display().to_string();
    let run = || match std::fs::read(path) {
        Ok(bytes) => replay_file(&bytes, &name, None, opts),
        Err(e) => vec![Err(Refused {
            file: name.clone(),
            tree: None,
            kind: "io",
            message: e.to_string(),
        })],
    };
    catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|p| vec![Err(panicked(&name, p.as_ref()))])
}

/// `replay(source, …)`: every game of one file (a path) or of SGF bytes, as JSON documents.
#[pyfunction]
#[pyo3(signature = (source, rules = None, komi = None, handicap = None, dead = None, strict = false, engine = "fast", game = None))]
#[allow(clippy::too_many_arguments)]
pub fn replay_json(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    rules: Option<&str>,
    komi: Option<&str>,
    handicap: Option<u32>,
    dead: Option<String>,
    strict: bool,
    engine: &str,
    game: Option<usize>,
) -> PyResult<Vec<String>> {
    let opts = options(py, rules, komi, handicap, dead, strict, engine)?;
    let (bytes, name) = if let Ok(b) = source.cast::<PyBytes>() {
        (b.as_bytes().to_vec(), "<bytes>".to_string())
    } else {
        let path: PathBuf = source.extract().map_err(|_| {
            errors::value(
                py,
                "TtrulesValueError",
                "replay: expected a path (str or os.PathLike) or the bytes of an SGF file",
            )
        })?;
        let name = path.display().to_string();
        let bytes = py
            .detach(|| std::fs::read(&path))
            .map_err(|e| errors::io(&name, &e))?;
        (bytes, name)
    };
    let results =
        py.detach(|| catch_unwind(AssertUnwindSafe(|| replay_file(&bytes, &name, game, &opts))));
    let results = results.map_err(|p| errors::internal(py, payload_text(p.as_ref())))?;
    // A refused tree raises for the file, carrying the documents of the file's other games (as
    // the command line prints them) so that nothing already replayed is lost.
    let games: Vec<String> = results
        .iter()
        .flatten()
        .map(|r| document(r).compact())
        .collect();
    match results.iter().find_map(|r| r.as_ref().err()) {
        None => Ok(games),
        Some(e) => Err(errors::raise(
            py,
            "RecordError",
            (
                format!("{}: {}", e.file, e.message),
                e.kind,
                e.file.clone(),
                e.tree,
                games,
            ),
        )),
    }
}

/// The SGF files of `paths`, directories searched recursively for `*.sgf`, as `replay` finds
/// them (sorted within each directory).
#[pyfunction]
pub fn sgf_files(py: Python<'_>, paths: Vec<PathBuf>) -> PyResult<Vec<String>> {
    let files = collect_files(&paths).map_err(|e| errors::value(py, "TtrulesValueError", e))?;
    Ok(files.into_iter().map(|p| p.display().to_string()).collect())
}

/// A pool of `threads` threads (0: one per core).
fn pool(py: Python<'_>, threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| errors::internal(py, format!("cannot start {threads} threads: {e}")))
}

/// What the worker threads send: a file's index and its documents.
type Finished = mpsc::Receiver<(usize, Vec<String>)>;

/// The games of `replay_many`, yielded as the files finish (in file order when `ordered`).
#[pyclass(module = "ttrules")]
pub struct ReplayIter {
    rx: std::sync::Mutex<Option<Finished>>,
    ordered: bool,
    pending: BTreeMap<usize, Vec<String>>,
    next_file: usize,
    ready: std::collections::VecDeque<String>,
}

#[pymethods]
impl ReplayIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<String> {
        loop {
            if let Some(doc) = self.ready.pop_front() {
                return Ok(doc);
            }
            let taken = self.rx.lock().map(|mut r| r.take()).unwrap_or(None);
            let Some(rx) = taken else {
                return Err(PyStopIteration::new_err(()));
            };
            // The GIL is released while the pool works and this thread waits.
            let (rx, got) = py.detach(move || {
                let got = rx.recv();
                (rx, got)
            });
            match got {
                Ok((i, docs)) if self.ordered => {
                    self.pending.insert(i, docs);
                    while let Some(docs) = self.pending.remove(&self.next_file) {
                        self.ready.extend(docs);
                        self.next_file += 1;
                    }
                }
                Ok((_, docs)) => self.ready.extend(docs),
                Err(_) => continue,
            }
            if let Ok(mut slot) = self.rx.lock() {
                *slot = Some(rx);
            }
        }
    }
}

/// `replay_many(paths, threads, …)`: starts replaying every file on its own pool and returns the
/// iterator of the games' JSON documents. Dropping the iterator stops the work.
#[pyfunction]
#[pyo3(signature = (paths, threads = 0, ordered = false, rules = None, komi = None, handicap = None, dead = None, strict = false, engine = "fast"))]
#[allow(clippy::too_many_arguments)]
pub fn replay_many_json(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    threads: usize,
    ordered: bool,
    rules: Option<&str>,
    komi: Option<&str>,
    handicap: Option<u32>,
    dead: Option<String>,
    strict: bool,
    engine: &str,
) -> PyResult<ReplayIter> {
    let opts = options(py, rules, komi, handicap, dead, strict, engine)?;
    let files = collect_files(&paths).map_err(|e| errors::value(py, "TtrulesValueError", e))?;
    let pool = pool(py, threads)?;
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        pool.install(|| {
            // A send fails once the iterator is gone: the remaining files are skipped.
            let _ = files
                .par_iter()
                .enumerate()
                .try_for_each_with(tx, |tx, (i, path)| {
                    let docs = replay_path(path, &opts).iter().map(line).collect();
                    tx.send((i, docs))
                });
        });
    });
    Ok(ReplayIter {
        rx: std::sync::Mutex::new(Some(rx)),
        ordered,
        pending: BTreeMap::new(),
        next_file: 0,
        ready: Default::default(),
    })
}

/// `verify(paths, …)`: replays every file on `threads` threads and returns the summary of
/// `replay --summary-json` as JSON; with `out`, also writes every game's JSON line, in file order,
/// to a temporary file renamed to `out` at the end (a rerun rewrites it whole).
#[pyfunction]
#[pyo3(signature = (paths, threads = 0, out = None, rules = None, komi = None, handicap = None, dead = None, strict = false, engine = "fast"))]
#[allow(clippy::too_many_arguments)]
pub fn verify_json(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    threads: usize,
    out: Option<PathBuf>,
    rules: Option<&str>,
    komi: Option<&str>,
    handicap: Option<u32>,
    dead: Option<String>,
    strict: bool,
    engine: &str,
) -> PyResult<String> {
    let opts = options(py, rules, komi, handicap, dead, strict, engine)?;
    let files = collect_files(&paths).map_err(|e| errors::value(py, "TtrulesValueError", e))?;
    let pool = pool(py, threads)?;
    let run = || -> Result<Summary, (String, std::io::Error)> {
        let mut writer = match &out {
            Some(path) => {
                let tmp = temporary(path);
                let f = std::fs::File::create(&tmp).map_err(|e| (tmp.display().to_string(), e))?;
                Some((std::io::BufWriter::new(f), tmp, path))
            }
            None => None,
        };
        let mut summary = Summary::default();
        let (tx, rx) = mpsc::channel::<(usize, Vec<Result<Replayed, Refused>>)>();
        std::thread::scope(|scope| -> Result<(), (String, std::io::Error)> {
            let (files, opts, pool) = (&files, &opts, &pool);
            scope.spawn(move || {
                pool.install(|| {
                    let _ = files
                        .par_iter()
                        .enumerate()
                        .try_for_each_with(tx, |tx, (i, p)| tx.send((i, replay_path(p, opts))));
                })
            });
            // In file order, whatever order the files finish in: the output is the same on
            // every run.
            let mut pending = BTreeMap::new();
            let mut next = 0;
            for (i, results) in rx {
                pending.insert(i, results);
                while let Some(results) = pending.remove(&next) {
                    summary.add_file(&results);
                    if let Some((w, tmp, _)) = &mut writer {
                        for g in &results {
                            writeln!(w, "{}", line(g))
                                .map_err(|e| (tmp.display().to_string(), e))?;
                        }
                    }
                    next += 1;
                }
            }
            Ok(())
        })?;
        if let Some((w, tmp, path)) = writer {
            let f = w
                .into_inner()
                .map_err(|e| (tmp.display().to_string(), e.into_error()))?;
            f.sync_all().map_err(|e| (tmp.display().to_string(), e))?;
            std::fs::rename(&tmp, path).map_err(|e| (path.display().to_string(), e))?;
        }
        Ok(summary)
    };
    let summary = py
        .detach(|| catch_unwind(AssertUnwindSafe(run)))
        .map_err(|p| errors::internal(py, payload_text(p.as_ref())))?
        .map_err(|(file, e)| errors::io(&file, &e))?;
    Ok(serde_json::to_string(&summary).expect("the summary serialises"))
}

/// `PATH.tmp-PID` beside `path`: written whole, then renamed over `path`.
fn temporary(path: &std::path::Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp-{}", std::process::id()));
    path.with_file_name(name)
}
