//! Many records at once (`ttrules replay FILES… | DIR`), in parallel on every core, with a
//! summary.

use super::{replay_file_into, Options, RecordOutcome, Refused, Replayed};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::{mpsc, Mutex};

/// The files named on the command line, directories searched recursively for `*.sgf` (any case),
/// in sorted order within each directory. Links to directories are not followed (no cycles).
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    /// Note: the entries are sorted by their names' bytes, which is the order of their paths
    /// `dir/name` (the order this walk once sorted them in): every path shares the components
    /// of `dir`, and then has one normal component, the name (`read_dir` yields no `.` or `..`,
    /// and a name holds no separator), and normal components compare as their bytes. Names are
    /// unique within a directory, so the sort need not be stable.
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
        let mut entries: Vec<(OsString, bool)> = std::fs::read_dir(dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok())
            .map(|e| (e.file_name(), e.file_type().is_ok_and(|t| t.is_dir())))
            .collect();
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        for (name, is_dir) in entries {
            if is_dir {
                walk(&dir.join(name), out)?;
            } else if is_sgf(&name) {
                out.push(joined(dir, &name));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out)?;
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// `dir.join(name)` for the name of a directory entry (relative, not empty), in one allocation:
/// a separator between them unless `dir` is empty or ends with one (on Unix, where a name is
/// never absolute).
fn joined(dir: &Path, name: &OsStr) -> PathBuf {
    let dir = dir.as_os_str();
    let mut path = OsString::with_capacity(dir.len() + 1 + name.len());
    path.push(dir);
    let last = dir.as_encoded_bytes().last();
    if last.is_some_and(|&b| !std::path::is_separator(char::from(b))) {
        path.push(std::path::MAIN_SEPARATOR_STR);
    }
    path.push(name);
    PathBuf::from(path)
}

/// `Path::new(name).extension()` is `sgf` in any case, for the name of a directory entry
/// (neither `.` nor `..`, no separator): the bytes after its last dot, if that dot does not
/// begin the name.
fn is_sgf(name: &OsStr) -> bool {
    let name = name.as_encoded_bytes();
    match name.iter().rposition(|&b| b == b'.') {
        Some(dot) if dot > 0 => name[dot + 1..].eq_ignore_ascii_case(b"sgf"),
        _ => false,
    }
}

/// Counts for the whole run: what `replay` prints on stderr at the end of a bulk run, and writes
/// as JSON with `--summary-json`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Files read, and files that could not be read at all (status 2 for every game in them).
    pub files: usize,
    pub unreadable_files: usize,
    /// Games (records) found, and how each ended: `over`, `complete`, `illegal`, `stopped`,
    /// `refused`.
    pub games: usize,
    pub outcomes: BTreeMap<&'static str, usize>,
    /// Illegal moves by `reason clause`.
    pub illegal: BTreeMap<String, usize>,
    /// Stops by cause (r[rec.stop]).
    pub stops: BTreeMap<&'static str, usize>,
    /// Refusals by kind (`unreadable`, `not-go`, `size`, `setup`, `strict`, …).
    pub refused: BTreeMap<&'static str, usize>,
    /// Warnings by kind (r[rec.warnings]), each counted once per game.
    pub warnings: BTreeMap<&'static str, usize>,
    /// `RE` by kind (r[rec.result]), and `re_agrees` by value: `true`, `false`, `null`.
    pub re_kinds: BTreeMap<&'static str, usize>,
    pub re_agrees: BTreeMap<&'static str, usize>,
    /// Games by the source of their dead stones (r[rec.dead.source]).
    pub dead_from: BTreeMap<&'static str, usize>,
}

impl Summary {
    /// Adds the games of one file.
    pub fn add_file(&mut self, results: &[Result<Replayed, Refused>]) {
        self.files += 1;
        if matches!(results, [Err(Refused { tree: None, .. })]) {
            self.unreadable_files += 1;
        }
        for r in results {
            self.add(r);
        }
    }

    fn add(&mut self, r: &Result<Replayed, Refused>) {
        self.games += 1;
        let outcome = match r {
            Ok(r) => r.outcome,
            Err(_) => RecordOutcome::Refused,
        };
        *self.outcomes.entry(outcome.word()).or_default() += 1;
        match r {
            Err(e) => *self.refused.entry(e.kind).or_default() += 1,
            Ok(r) => {
                if let Some((_, why)) = &r.replay.illegal {
                    let key = format!("{} {}", why.reason(), why.clause().id());
                    *self.illegal.entry(key).or_default() += 1;
                }
                if let Some(s) = &r.stop {
                    *self.stops.entry(s.cause.word()).or_default() += 1;
                }
                let mut kinds: Vec<&'static str> = r.warnings.iter().map(|w| w.kind).collect();
                kinds.sort();
                kinds.dedup();
                for k in kinds {
                    *self.warnings.entry(k).or_default() += 1;
                }
                if let Some(re) = &r.record.result {
                    *self.re_kinds.entry(re.kind.word()).or_default() += 1;
                }
                let agree = match r.re_agrees {
                    Some(true) => "true",
                    Some(false) => "false",
                    None => "null",
                };
                *self.re_agrees.entry(agree).or_default() += 1;
                *self.dead_from.entry(r.dead_from.word()).or_default() += 1;
            }
        }
    }

    /// The exit status of the worst game.
    pub fn status(&self) -> u8 {
        [
            RecordOutcome::Refused,
            RecordOutcome::Illegal,
            RecordOutcome::Stopped,
        ]
        .iter()
        .filter(|o| self.outcomes.contains_key(o.word()))
        .map(|o| o.status())
        .max()
        .unwrap_or(0)
    }

    /// The summary as text, one line per count.
    pub fn text(&self) -> String {
        let list = |m: &BTreeMap<&'static str, usize>| {
            m.iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut s = format!(
            "{} files ({} unreadable), {} games\n",
            self.files, self.unreadable_files, self.games
        );
        s.push_str(&format!("outcomes: {}\n", list(&self.outcomes)));
        if !self.illegal.is_empty() {
            let l: Vec<String> = self
                .illegal
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect();
            s.push_str(&format!("illegal moves: {}\n", l.join(", ")));
        }
        for (name, m) in [
            ("stops", &self.stops),
            ("refused", &self.refused),
            ("warnings", &self.warnings),
            ("RE kinds", &self.re_kinds),
            ("re_agrees", &self.re_agrees),
            ("dead_from", &self.dead_from),
        ] {
            if !m.is_empty() {
                s.push_str(&format!("{name}: {}\n", list(m)));
            }
        }
        s
    }
}

/// A refused game as a JSON line.
pub fn refused_json(e: &Refused) -> String {
    serde_json::json!({
        "file": e.file,
        "tree": e.tree,
        "outcome": "refused",
        "error": { "kind": e.kind, "message": e.message },
    })
    .to_string()
}

/// One short text line per game, for bulk runs without `--jsonl`.
pub fn line(r: &Result<Replayed, Refused>) -> String {
    match r {
        Ok(r) => {
            let g = &r.record;
            let mut s = format!("{} game {}: {}", g.file, g.tree, r.outcome.word());
            if let Some((t, why)) = &r.replay.illegal {
                s.push_str(&format!(
                    " at move {} (node {}): {}",
                    t.number,
                    t.node,
                    why.reason()
                ));
            }
            if let Some(stop) = &r.stop {
                s.push_str(&format!(" at node {}: {}", stop.node, stop.cause.word()));
            }
            s.push_str(&format!(", {}", r.replay.outcome.sgf_result()));
            if let Some(re) = &g.result {
                let v = match r.re_agrees {
                    Some(true) => "agrees",
                    Some(false) => "disagrees",
                    None => "not compared",
                };
                s.push_str(&format!(", RE[{}] {v}", re.text));
            }
            if !r.warnings.is_empty() {
                s.push_str(&format!(", {} warning(s)", r.warnings.len()));
            }
            s
        }
        Err(e) => match e.tree {
            Some(t) => format!("{} game {t}: refused: {}", e.file, e.message),
            None => format!("{}: refused: {}", e.file, e.message),
        },
    }
}

/// Replays every file of `files` in parallel; `each` sees each file's games, in file order
/// unless `unordered`. Returns the summary.
///
/// Note: each file's games, once seen, are freed by a replaying thread (before it replays its
/// next file): memory is cheapest freed by the thread that allocated it, and soon reused there.
pub fn replay_all(
    files: &[PathBuf],
    opts: &Options,
    unordered: bool,
    mut each: impl FnMut(&[Result<Replayed, Refused>]),
) -> Summary {
    let (tx, rx) = mpsc::channel::<(usize, Vec<Result<Replayed, Refused>>)>();
    let seen = Mutex::new(Vec::new());
    let mut summary = Summary::default();
    std::thread::scope(|scope| {
        let seen = &seen;
        scope.spawn(move || {
            files
                .par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, path)| {
                    let mut results = recycled(seen);
                    replay_path(path, opts, &mut results);
                    let _ = tx.send((i, results));
                });
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        let mut done = |results: Vec<Result<Replayed, Refused>>| {
            summary.add_file(&results);
            each(&results);
            lock(seen).push(results);
        };
        for (i, results) in rx {
            if unordered {
                done(results);
                continue;
            }
            if i != next {
                pending.insert(i, results);
                continue;
            }
            done(results);
            next += 1;
            while let Some(results) = pending.remove(&next) {
                done(results);
                next += 1;
            }
        }
    });
    summary
}

/// The games seen of [`replay_all`], to free.
type Seen = Mutex<Vec<Vec<Result<Replayed, Refused>>>>;

fn lock(seen: &Seen) -> std::sync::MutexGuard<'_, Vec<Vec<Result<Replayed, Refused>>>> {
    seen.lock().unwrap_or_else(|e| e.into_inner())
}

/// A list for the next file's games: one of those `seen` holds, emptied, the others freed.
fn recycled(seen: &Seen) -> Vec<Result<Replayed, Refused>> {
    let mut seen = lock(seen);
    let mut results = seen.pop().unwrap_or_default();
    seen.clear();
    drop(seen);
    results.clear();
    results
}

/// The games of the file at `path`, replayed, after `results`; refused whole if it is not a
/// regular file (a FIFO named `*.sgf` is refused, never opened) or cannot be read.
fn replay_path(path: &Path, opts: &Options, results: &mut Vec<Result<Replayed, Refused>>) {
    // `path.display().to_string()`: both write each ill-formed sequence as U+FFFD.
    let name = path.to_string_lossy().into_owned();
    match ttrules_sgf::input::read_regular(path) {
        Ok(bytes) => replay_file_into(&bytes, &name, None, opts, results),
        Err(e) => results.push(Err(Refused {
            file: name,
            tree: None,
            kind: ttrules_sgf::input::refusal_kind(&e),
            message: e.to_string(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn lossy_names_are_displays() {
        use std::os::unix::ffi::OsStrExt;
        for bytes in [
            &b"a/b.sgf"[..],
            b"",
            b"\xff/\xc3.sgf",
            b"caf\xc3\xa9\xe9\x80/x",
            b"\xed\xa0\x80",
        ] {
            let path = Path::new(OsStr::from_bytes(bytes));
            assert_eq!(path.to_string_lossy(), path.display().to_string());
        }
    }

    #[test]
    fn is_sgf_is_the_extension() {
        let names = [
            "a.sgf", "a.SGF", "a.Sgf", ".sgf", "..sgf", "a..sgf", "sgf", "a.sgf.", "a.sgfx",
            "a.sg", "a.b.sgf", ".a.sgf", "a.", ".", "..", "...", "a", "é.sgf", "a.sgf ",
        ];
        for name in names {
            let by_path = Path::new(name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
            assert_eq!(is_sgf(OsStr::new(name)), by_path, "{name}");
            for dir in ["", "/", "a", "a/", "/a/b", "a//", "."] {
                let dir = Path::new(dir);
                assert_eq!(
                    joined(dir, OsStr::new(name)),
                    dir.join(name),
                    "{dir:?} {name}"
                );
            }
        }
    }
}
