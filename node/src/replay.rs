//! Replaying records from JavaScript: one record's text or bytes ([`replay`]), and many files on
//! a pool of threads off the event loop ([`replay_files`], a `Promise`). The pipeline is
//! `ttrules_record::replay`, the same as the command line's; the documents are those of
//! `replay --json`, made into plain JavaScript objects straight from the same serde types.

use crate::args;
use crate::errors::{guard, payload_text, Fail, Outcome};
use crate::points;
use napi::bindgen_prelude::{
    AsyncTask, Buffer, Function, JsObjectValue, Object, ToNapiValue, TypeName, Uint8Array, Unknown,
};
use napi::sys;
use napi::{Env, JsValue, Result, Task, ValueType};
use napi_derive::napi;
use rayon::prelude::*;
use serde_json::json;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use ttrules_record::replay::{
    collect_files, document, refused_json, replay_file, EngineChoice, Options, Refused, Replayed,
};
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::Overrides;

/// The options of `replay` and `replayFiles` (r[rec.override]): each overrides the record as the
/// command line's flag of the same name does.
#[napi(object, object_from_js = false, object_to_js = false)]
pub struct ReplayOptions {
    /// A `Rules` or any name `Rules` takes (`--rules`).
    #[napi(ts_type = "Rules | string")]
    pub rules: Option<()>,
    /// A multiple of 0.5 (`--komi`, r[param.komi]).
    #[napi(ts_type = "number | string")]
    pub komi: Option<()>,
    /// The handicap N (`--handicap`, r[var.handicap]).
    pub handicap: Option<u32>,
    /// Agreed dead stones (`--dead`, r[var.count.dead]): points or one string of GTP points.
    #[napi(ts_type = "Array<Point | string> | string")]
    pub dead: Option<()>,
    /// Refuse what a lenient reader would accept with a warning (`--strict`, r[rec.recover]).
    pub strict: Option<bool>,
    /// `"fast"` (the default) or `"reference"` (`--engine`).
    #[napi(ts_type = "'fast' | 'reference'")]
    pub engine: Option<()>,
    /// `replay` only: keep only game N of the file, from 1 (`--game`).
    pub game: Option<u32>,
    /// `replay` only: the name the documents give the record (their `file`); `<text>` for a
    /// string and `<bytes>` for bytes by default.
    pub name: Option<String>,
    /// `replayFiles` only: the threads of the pool (0, the default: one per core; never more
    /// than the files, nor 4 per core).
    pub threads: Option<u32>,
}

/// The keys `replay` takes.
const REPLAY_KEYS: [&str; 8] = [
    "rules", "komi", "handicap", "dead", "strict", "engine", "game", "name",
];
/// The keys `replayFiles` takes.
const FILES_KEYS: [&str; 7] = [
    "rules", "komi", "handicap", "dead", "strict", "engine", "threads",
];

/// The JavaScript object of a JSON document, by V8's `JSON.parse`.
///
/// Note: the documents are written as JSON by the record crate's hand-written writer (the
/// command line's `--jsonl`, byte for byte) and parsed by V8, rather than made field by field
/// through Node-API: each Node-API call costs a few hundred nanoseconds, and a document has
/// hundreds of values; `JSON.parse` makes them at V8's speed (node/bench: 3,900 records a
/// CPU-second field by field, the parse path measured in docs/src/reports/javascript.md).
fn parsed<'e>(env: &'e Env, json: &str) -> Result<Unknown<'e>> {
    let global = env.get_global()?;
    let json_object: Object = global.get_named_property("JSON")?;
    let parse: Function<'_, &str, Unknown> = json_object.get_named_property("parse")?;
    parse.call(json)
}

/// The dead stones option as `--dead` takes it: one string of GTP points.
fn dead_text(v: &Unknown) -> Outcome<String> {
    if v.get_type().ok() == Some(ValueType::String) {
        return args::string(v, "dead");
    }
    let what = "points (an array of [x, y] pairs or GTP strings, or one string of GTP points)";
    let names = args::each_item(v, "dead", what, |item| Ok(points::to_point(item)?.gtp()))?;
    Ok(names.join(","))
}

/// The replay options from an options object.
fn options(o: Option<&Object>) -> Outcome<Options> {
    let rules = match args::field(o, "rules")? {
        None => None,
        Some(r) if r.get_type().ok() == Some(ValueType::String) => Some(
            rules_by_any_name(&args::string(&r, "rules")?)
                .map_err(|e| Fail::new("RulesError", e))?,
        ),
        Some(r) => {
            let r = crate::rules::Rules::from_js(Some(&r))?;
            Some((r.rules, r.komi))
        }
    };
    let komi = args::field(o, "komi")?
        .map(|k| crate::setup::komi(&k))
        .transpose()?;
    let handicap = args::opt_int(
        args::field(o, "handicap")?.as_ref(),
        "handicap",
        (0, i64::from(u32::MAX)),
        "SetupError",
    )?
    .map(|h| h as u32);
    let dead = args::field(o, "dead")?.map(|d| dead_text(&d)).transpose()?;
    let strict = args::boolean(args::field(o, "strict")?.as_ref(), "strict", false)?;
    let engine = match args::engine(args::field(o, "engine")?.as_ref())? {
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

/// The bytes of the source: a string's UTF-8, or a `Buffer` or `Uint8Array`'s bytes.
fn source_bytes(v: &Unknown) -> Outcome<(Vec<u8>, &'static str)> {
    if v.get_type().ok() == Some(ValueType::String) {
        return Ok((args::string(v, "source")?.into_bytes(), "<text>"));
    }
    if v.is_buffer().unwrap_or(false) {
        if let Ok(b) = unsafe { v.cast::<Buffer>() } {
            return Ok((b.to_vec(), "<bytes>"));
        }
    }
    if v.is_typedarray().unwrap_or(false) {
        if let Ok(b) = unsafe { v.cast::<Uint8Array>() } {
            return Ok((b.to_vec(), "<bytes>"));
        }
    }
    Err(args::wrong_type(
        "source",
        "the text of an SGF record (a string) or its bytes (a Buffer or Uint8Array)",
        v,
    ))
}

/// Every game of one SGF record (its text, or the bytes of a file), each exactly the document
/// `ttrules replay --json` prints (Part III, r[rec.stop], r[rec.result.agree]).
///
/// `options` override the record as the command line's flags do (r[rec.override]). A record
/// that is not SGF or not Go, or a refused game, throws `RecordError` with its `kind`; when one
/// game of several is refused, the error's `games` holds the documents of the others, as the
/// command line prints them. An illegal move is not an error: the document says where replay
/// stopped (`illegal`, with its reason and clause).
#[napi(
    ts_args_type = "source: string | Uint8Array, options?: ReplayOptions",
    ts_return_type = "ReplayDocument[]"
)]
pub fn replay<'e>(
    env: &'e Env,
    source: Unknown,
    options: Option<Unknown>,
) -> Result<Vec<Unknown<'e>>> {
    let results = guard(env, || {
        let o = args::options(options.as_ref(), "options")?;
        args::unknown_keys(o.as_ref(), &REPLAY_KEYS, "replay")?;
        let opts = self::options(o.as_ref())?;
        let game = args::opt_int(
            args::field(o.as_ref(), "game")?.as_ref(),
            "game",
            (1, i64::MAX),
            "TtrulesValueError",
        )?
        .map(|g| usize::try_from(g).unwrap_or(usize::MAX));
        let name = args::opt_string(args::field(o.as_ref(), "name")?.as_ref(), "name")?;
        let (bytes, default_name) = source_bytes(&source)?;
        let name = name.unwrap_or_else(|| default_name.to_string());
        Ok(replay_file(&bytes, &name, game, &opts))
    })?;
    guard(env, || {
        let docs = results
            .iter()
            .flatten()
            .map(|r| parsed(env, &document(r).compact()))
            .collect::<Result<Vec<_>>>()
            .map_err(|e| Fail::internal(e.reason.clone()))?;
        match results.iter().find_map(|r| r.as_ref().err()) {
            None => Ok(docs),
            Some(e) => {
                let games: Vec<serde_json::Value> = results
                    .iter()
                    .flatten()
                    .map(|r| document(r).value())
                    .collect();
                Err(Fail::with(
                    "RecordError",
                    format!("{}: {}", e.file, e.message),
                    vec![
                        ("kind", json!(e.kind)),
                        ("file", json!(e.file)),
                        ("tree", json!(e.tree)),
                        ("games", json!(games)),
                    ],
                ))
            }
        }
    })
}

/// One game's result as a JSON line: the `replay --json` document, or the refusal as bulk
/// `--jsonl` writes it.
fn line(r: &std::result::Result<Replayed, Refused>) -> String {
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
fn replay_path(path: &Path, opts: &Options) -> Vec<std::result::Result<Replayed, Refused>> {
    let name = path.display().to_string();
    let run = || {
        let read = if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
            Err(std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                "is a folder",
            ))
        } else {
            ttrules_record::input::read_regular(path)
        };
        match read {
            Ok(bytes) => replay_file(&bytes, &name, None, opts),
            Err(e) => vec![Err(Refused {
                file: name.clone(),
                tree: None,
                // `special-file`, `too-large` or `io`, as the command line counts them.
                kind: ttrules_record::input::refusal_kind(&e),
                message: e.to_string(),
            })],
        }
    };
    catch_unwind(AssertUnwindSafe(run)).unwrap_or_else(|p| vec![Err(panicked(&name, p.as_ref()))])
}

/// The most threads a pool has for each core (as the Python package).
const THREADS_PER_CORE: usize = 4;

/// The results of `replayFiles` as JSON lines (written on the pool's threads), made into
/// JavaScript objects when the promise resolves.
pub struct Documents(Vec<String>);

impl TypeName for Documents {
    fn type_name() -> &'static str {
        "Array<ReplayDocument | RefusedDocument>"
    }

    fn value_type() -> ValueType {
        ValueType::Object
    }
}

impl ToNapiValue for Documents {
    unsafe fn to_napi_value(raw: sys::napi_env, val: Self) -> Result<sys::napi_value> {
        let env = Env::from_raw(raw);
        let docs = guard(&env, || {
            val.0
                .iter()
                .map(|line| parsed(&env, line).map_err(|e| Fail::internal(e.reason.clone())))
                .collect::<Outcome<Vec<_>>>()
        })?;
        unsafe { Vec::<Unknown>::to_napi_value(raw, docs) }
    }
}

/// The work of `replayFiles`, run on libuv's pool of threads (off the event loop), which runs
/// the files on a rayon pool of its own.
pub struct ReplayFiles {
    files: Vec<PathBuf>,
    opts: Options,
    threads: usize,
}

impl Task for ReplayFiles {
    type Output = Vec<String>;
    type JsValue = Documents;

    fn compute(&mut self) -> Result<Self::Output> {
        let run = || -> std::result::Result<Self::Output, String> {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .map_err(|e| format!("cannot start {} threads: {e}", self.threads))?;
            Ok(pool.install(|| {
                let per_file: Vec<Vec<String>> = self
                    .files
                    .par_iter()
                    .map(|p| {
                        let lines = replay_path(p, &self.opts).iter().map(line).collect();
                        lines
                    })
                    .collect();
                per_file.into_iter().flatten().collect()
            }))
        };
        match catch_unwind(AssertUnwindSafe(run)) {
            Ok(Ok(out)) => Ok(out),
            Ok(Err(e)) => Err(napi::Error::from_reason(e)),
            Err(p) => Err(napi::Error::from_reason(payload_text(p.as_ref()))),
        }
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> Result<Self::JsValue> {
        Ok(Documents(output))
    }

    fn reject(&mut self, env: Env, err: napi::Error) -> Result<Self::JsValue> {
        Err(Fail::internal(err.reason.clone()).into_js(&env))
    }
}

/// Replays every game of `paths` (files, or folders searched recursively for `*.sgf` as
/// `ttrules replay DIR` does) on a pool of threads, off the event loop: the promise resolves to
/// one object per game in file order, the `replay --json` document, or for a file or game that
/// could not be replayed `{ file, tree, outcome: "refused", error: { kind, message } }` as bulk
/// `replay --jsonl` writes it.
#[napi(
    ts_args_type = "paths: string | string[], options?: ReplayOptions",
    ts_return_type = "Promise<Array<ReplayDocument | RefusedDocument>>"
)]
pub fn replay_files(
    env: Env,
    paths: Unknown,
    options: Option<Unknown>,
) -> Result<AsyncTask<ReplayFiles>> {
    guard(&env, || {
        let paths = args::paths(&paths, "paths")?;
        let o = args::options(options.as_ref(), "options")?;
        args::unknown_keys(o.as_ref(), &FILES_KEYS, "replayFiles")?;
        let opts = self::options(o.as_ref())?;
        let threads = args::opt_int(
            args::field(o.as_ref(), "threads")?.as_ref(),
            "threads",
            (0, i64::from(u32::MAX)),
            "TtrulesValueError",
        )?
        .unwrap_or(0) as usize;
        let files = collect_files(&paths).map_err(|e| Fail::new("TtrulesValueError", e))?;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let asked = if threads == 0 { cores } else { threads };
        let threads = asked.min(files.len().max(1)).min(cores * THREADS_PER_CORE);
        Ok(AsyncTask::new(ReplayFiles {
            files,
            opts,
            threads,
        }))
    })
}

/// The SGF files of `paths`, folders searched recursively for `*.sgf`, as `replay` finds them
/// (sorted within each folder).
#[napi(ts_args_type = "paths: string | string[]")]
pub fn sgf_files(env: Env, paths: Unknown) -> Result<Vec<String>> {
    guard(&env, || {
        let paths = args::paths(&paths, "paths")?;
        let files = collect_files(&paths).map_err(|e| Fail::new("TtrulesValueError", e))?;
        Ok(files.into_iter().map(|p| p.display().to_string()).collect())
    })
}
