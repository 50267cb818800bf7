//! Replaying records from Python: one file or bytes ([`replay_docs`]), and a whole shard verified
//! into the `Summary` of `replay --summary-json` ([`verify_json`]); many records on a pool of
//! threads are `crate::many`'s. The pipeline is `ttrules_record::replay`, the same as the
//! command line's; the documents are those of `replay --json`, built as Python objects
//! (`crate::topy`).

use crate::errors::{self, payload_text};
use crate::topy::{to_py, Strings};
use crate::{args, files, wait};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use ttrules_record::replay::{
    collect_files, document, refused_json, replay_file, EngineChoice, Options, Refused, Replayed,
    Summary,
};
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::Overrides;

/// The options of `replay` (r[rec.override]), as the command line's flags give them, from the
/// Python arguments (checked: [`args`]).
#[allow(clippy::too_many_arguments)]
pub fn options(
    py: Python<'_>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    handicap: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    strict: Option<&Bound<'_, PyAny>>,
    engine: Option<&Bound<'_, PyAny>>,
) -> PyResult<Options> {
    let rules = args::opt_string(py, rules, "rules")?
        .map(|r| rules_by_any_name(&r).map_err(|e| errors::value(py, "RulesError", e)))
        .transpose()?;
    let komi = args::opt_string(py, komi, "komi")?
        .map(|k| {
            k.parse()
                .map_err(|e: ttrules_spec::KomiError| errors::value(py, "KomiError", e.to_string()))
        })
        .transpose()?;
    let handicap = args::opt_int(
        py,
        handicap,
        "handicap",
        (0, i64::from(u32::MAX)),
        "SetupError",
    )?
    .map(|h| h as u32);
    let dead = args::opt_string(py, dead, "dead")?;
    let strict = args::boolean(py, strict, "strict", false)?;
    let engine = match args::engine(py, engine)?.as_str() {
        "reference" => EngineChoice::Reference,
        _ => EngineChoice::Fast,
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
        skip_end_lists: false,
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

/// One game's result as the Python object `json.loads(line(r))` gives, built without the text.
pub fn object<'py>(
    py: Python<'py>,
    strings: &mut Strings,
    r: &Result<Replayed, Refused>,
) -> PyResult<Bound<'py, PyAny>> {
    match r {
        Ok(r) => crate::topy::replayed(py, strings, r),
        // Rare: the refusal's one definition is its JSON text (`refused_json`).
        Err(e) => {
            let v: serde_json::Value =
                serde_json::from_str(&refused_json(e)).expect("a refusal is JSON");
            to_py(py, strings, &v)
        }
    }
}

/// A panic while replaying `file`, as a refused game: a bug, reported without losing the rest.
pub fn panicked(file: &str, payload: &(dyn std::any::Any + Send)) -> Refused {
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
pub fn replay_path(path: &std::path::Path, opts: &Options) -> Vec<Result<Replayed, Refused>> {
    let name = path.display().to_string();
    let run = || match files::read_regular(path) {
        Ok(bytes) => replay_file(&bytes, &name, None, opts),
        Err(e) => vec![Err(Refused {
            file: name.clone(),
            tree: None,
            // `special-file`, `too-large` or `io`, as the command line counts them.
            kind: ttrules_record::input::refusal_kind(&e),
            message: e.to_string(),
        })],
    };
    catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|p| vec![Err(panicked(&name, p.as_ref()))])
}

/// `replay(source, …)`: every game of one file (a path) or of SGF bytes, as `replay --json`
/// documents (dicts).
#[pyfunction]
#[pyo3(signature = (source, rules = None, komi = None, handicap = None, dead = None, strict = None, engine = None, game = None))]
#[allow(clippy::too_many_arguments)]
pub fn replay_docs<'py>(
    py: Python<'py>,
    source: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    handicap: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    strict: Option<&Bound<'_, PyAny>>,
    engine: Option<&Bound<'_, PyAny>>,
    game: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let opts = options(py, rules, komi, handicap, dead, strict, engine)?;
    let game = args::opt_int(py, game, "game", (1, i64::MAX), "TtrulesValueError")?
        .map(|g| usize::try_from(g).unwrap_or(usize::MAX));
    let (bytes, name) = if let Ok(b) = source.cast::<PyBytes>() {
        (b.as_bytes().to_vec(), "<bytes>".to_string())
    } else {
        let path = args::path(py, source, "source").map_err(|_| {
            args::wrong_type(
                py,
                "source",
                "a path (str or os.PathLike) or the bytes of an SGF file",
                source,
            )
        })?;
        let name = path.display().to_string();
        let bytes = py
            .detach(|| files::read_regular(&path))
            .map_err(|e| errors::io(&name, &e))?;
        (bytes, name)
    };
    let results =
        py.detach(|| catch_unwind(AssertUnwindSafe(|| replay_file(&bytes, &name, game, &opts))));
    let results = results.map_err(|p| errors::internal(py, payload_text(p.as_ref())))?;
    // A refused tree raises for the file, carrying the documents of the file's other games (as
    // the command line prints them) so that nothing already replayed is lost.
    let mut strings = Strings::default();
    let games = results
        .iter()
        .flatten()
        .map(|r| crate::topy::replayed(py, &mut strings, r))
        .collect::<PyResult<Vec<_>>>()?;
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
pub fn sgf_files(py: Python<'_>, paths: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let paths = args::paths(py, paths, "paths")?;
    let files = collect_files(&paths).map_err(|e| errors::value(py, "TtrulesValueError", e))?;
    Ok(files.into_iter().map(|p| p.display().to_string()).collect())
}

/// The most threads a pool has for each core: replay is CPU work, and more threads than this
/// only add memory and start-up time (issue 32, D14: `threads=100000` took minutes).
pub const THREADS_PER_CORE: usize = 4;

/// The threads of a pool for `files` files: `threads` (0: one per core), but never more than the
/// files, nor [`THREADS_PER_CORE`] times the cores.
pub fn pool_size(threads: i64, files: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let asked = if threads == 0 {
        cores
    } else {
        usize::try_from(threads).unwrap_or(usize::MAX)
    };
    asked.min(files.max(1)).min(cores * THREADS_PER_CORE)
}

/// A pool for `files` files ([`pool_size`]), from the `threads` argument.
pub fn pool(
    py: Python<'_>,
    threads: Option<&Bound<'_, PyAny>>,
    files: usize,
) -> PyResult<rayon::ThreadPool> {
    let threads =
        args::opt_int(py, threads, "threads", (0, i64::MAX), "TtrulesValueError")?.unwrap_or(0);
    let n = pool_size(threads, files);
    rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .map_err(|e| errors::internal(py, format!("cannot start {n} threads: {e}")))
}

/// Why a verify run stopped early: a file error, or a signal (the run was cancelled).
type Stopped = Option<(String, std::io::Error)>;

/// `verify(paths, …)`: replays every file on `threads` threads and returns the summary of
/// `replay --summary-json` as JSON; with `out`, also writes every game's JSON line, in file order,
/// to a temporary file renamed to `out` at the end (a rerun rewrites it whole). The stale
/// temporaries of `out` that killed runs left are removed first; an interrupted or failed run
/// removes its own.
#[pyfunction]
#[pyo3(signature = (paths, threads = None, out = None, rules = None, komi = None, handicap = None, dead = None, strict = None, engine = None))]
#[allow(clippy::too_many_arguments)]
pub fn verify_json(
    py: Python<'_>,
    paths: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
    out: Option<&Bound<'_, PyAny>>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<&Bound<'_, PyAny>>,
    handicap: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    strict: Option<&Bound<'_, PyAny>>,
    engine: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let paths = args::paths(py, paths, "paths")?;
    let out = match out {
        Some(o) if !o.is_none() => Some(args::path(py, o, "out")?),
        _ => None,
    };
    let opts = options(py, rules, komi, handicap, dead, strict, engine)?;
    let files = collect_files(&paths).map_err(|e| errors::value(py, "TtrulesValueError", e))?;
    let pool = pool(py, threads, files.len())?;
    if let Some(path) = &out {
        files::remove_stale_temporaries(path);
    }
    let cancel = AtomicBool::new(false);
    let tmp = out.as_deref().map(files::temporary);
    let run = || -> Result<Summary, Stopped> {
        let mut writer = match (&out, &tmp) {
            (Some(path), Some(tmp)) => {
                let f =
                    std::fs::File::create(tmp).map_err(|e| Some((tmp.display().to_string(), e)))?;
                Some((std::io::BufWriter::new(f), tmp, path))
            }
            _ => None,
        };
        let summary = verify_files(&files, &opts, &pool, &cancel, &mut writer)?;
        if let Some((w, tmp, path)) = writer {
            let failed = |e| Some((tmp.display().to_string(), e));
            let f = w.into_inner().map_err(|e| failed(e.into_error()))?;
            f.sync_all().map_err(failed)?;
            std::fs::rename(tmp, path).map_err(|e| Some((path.display().to_string(), e)))?;
        }
        Ok(summary)
    };
    let done = wait::interruptible(py, &cancel, run);
    let summary = match done {
        Ok(Ok(summary)) => summary,
        other => {
            // Nothing whole to keep: the temporary goes (a later run would remove it anyway).
            if let Some(tmp) = &tmp {
                let _ = std::fs::remove_file(tmp);
            }
            return match other {
                Err(e) => Err(e),
                Ok(Err(Some((file, e)))) => Err(errors::io(&file, &e)),
                _ => Err(errors::internal(
                    py,
                    "verify stopped without a reason".into(),
                )),
            };
        }
    };
    Ok(serde_json::to_string(&summary).expect("the summary serialises"))
}

/// The JSON lines being written by a verify run: the writer, its temporary file and the output.
type Writer<'a> = Option<(std::io::BufWriter<std::fs::File>, &'a PathBuf, &'a PathBuf)>;

/// Replays `files` on `pool`, adding each file to the summary and writing its lines, in file
/// order whatever order the files finish in (the output is the same on every run). Stops at the
/// next file once `cancel` is set (`Err(None)`).
fn verify_files(
    files: &[PathBuf],
    opts: &Options,
    pool: &rayon::ThreadPool,
    cancel: &AtomicBool,
    writer: &mut Writer<'_>,
) -> Result<Summary, Stopped> {
    let mut summary = Summary::default();
    let (tx, rx) = mpsc::channel::<(usize, Vec<Result<Replayed, Refused>>)>();
    std::thread::scope(|scope| -> Result<(), Stopped> {
        scope.spawn(move || {
            pool.install(|| {
                let _ = files
                    .par_iter()
                    .enumerate()
                    .try_for_each_with(tx, |tx, (i, p)| {
                        if cancel.load(Ordering::Relaxed) {
                            return Err(None);
                        }
                        tx.send((i, replay_path(p, opts))).map_err(Some)
                    });
            })
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, results) in rx {
            pending.insert(i, results);
            while let Some(results) = pending.remove(&next) {
                summary.add_file(&results);
                if let Some((w, tmp, _)) = writer {
                    for g in &results {
                        writeln!(w, "{}", line(g))
                            .map_err(|e| Some((tmp.display().to_string(), e)))?;
                    }
                }
                next += 1;
            }
        }
        Ok(())
    })?;
    if cancel.load(Ordering::Relaxed) {
        return Err(None);
    }
    Ok(summary)
}
