//! A bulk replay split into shards (`ttrules replay DIR --shard K/N --shard-dir OUT`) and the
//! shards' summaries merged (`ttrules merge OUT`): the files are split by the stable hash of their
//! path relative to the folder named ([`crate::shard::path_key`]), each shard writes its JSON
//! lines and its shard file by rename, and [`Summary::merge`] adds the summaries up into exactly
//! the summary of one run over every file.

use super::{refused_json, replay_all, JsonLines, Options, Refused, Replayed, Summary};
use crate::dead_from::DeadFrom;
use crate::shard::{path_key, Partial, Shard, ShardFile};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

impl Summary {
    /// Adds the counts of `other`, a summary of other files: the summary of the two runs' files
    /// together, as one run over all of them gives it (every count is a sum over files).
    pub fn merge(&mut self, other: &Summary) {
        fn add(a: &mut BTreeMap<&'static str, usize>, b: &BTreeMap<&'static str, usize>) {
            for (k, v) in b {
                *a.entry(k).or_default() += v;
            }
        }
        self.files += other.files;
        self.unreadable_files += other.unreadable_files;
        self.games += other.games;
        for (k, v) in &other.illegal {
            *self.illegal.entry(k.clone()).or_default() += v;
        }
        add(&mut self.outcomes, &other.outcomes);
        add(&mut self.stops, &other.stops);
        add(&mut self.refused, &other.refused);
        add(&mut self.warnings, &other.warnings);
        add(&mut self.re_kinds, &other.re_kinds);
        add(&mut self.re_agrees, &other.re_agrees);
        add(&mut self.dead_from, &other.dead_from);
    }

    /// The summary its JSON (as [`serde::Serialize`] writes it) describes, or what is wrong.
    pub fn from_json(v: &Value) -> Result<Summary, String> {
        let number = |name: &str| {
            v.get(name)
                .and_then(Value::as_u64)
                .map(|n| n as usize)
                .ok_or_else(|| format!("summary: `{name}` is not a count"))
        };
        let map = |name: &str| -> Result<BTreeMap<String, usize>, String> {
            let bad = || format!("summary: `{name}` is not an object of counts");
            v.get(name)
                .and_then(Value::as_object)
                .ok_or_else(bad)?
                .iter()
                .map(|(k, n)| Ok((k.clone(), n.as_u64().ok_or_else(bad)? as usize)))
                .collect()
        };
        let words = |name: &str| -> Result<BTreeMap<&'static str, usize>, String> {
            Ok(map(name)?
                .into_iter()
                .map(|(k, n)| (intern(k), n))
                .collect())
        };
        Ok(Summary {
            files: number("files")?,
            unreadable_files: number("unreadable_files")?,
            games: number("games")?,
            outcomes: words("outcomes")?,
            illegal: map("illegal")?,
            stops: words("stops")?,
            refused: words("refused")?,
            warnings: words("warnings")?,
            re_kinds: words("re_kinds")?,
            re_agrees: words("re_agrees")?,
            dead_from: words("dead_from")?,
        })
    }
}

/// The one `&'static str` for a word read back from a summary (the summary's keys are the words
/// of the code's own tables): each distinct word is kept once for the life of the process.
fn intern(word: String) -> &'static str {
    static WORDS: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut words = WORDS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(w) = words.get(word.as_str()) {
        return w;
    }
    let w: &'static str = Box::leak(word.into_boxed_str());
    words.insert(w);
    w
}

/// What must be equal for two replay shards to merge: the options (r[rec.override]) and the files
/// and folders named, as given.
pub fn job(opts: &Options, roots: &[PathBuf]) -> Value {
    let o = &opts.overrides;
    json!({
        "roots": roots.iter().map(|r| r.display().to_string()).collect::<Vec<_>>(),
        "rules": o.rules.map(|(r, k)| (r.describe(), k.map(|k| k.to_string()))),
        "komi": o.komi.map(|k| k.to_string()),
        "handicap": o.handicap,
        "strict": o.strict,
        "dead": opts.dead,
        "dead_from": match &opts.dead_from {
            None | Some(DeadFrom::Marks) => "marks".to_string(),
            Some(DeadFrom::Proven) => "proven".to_string(),
            Some(DeadFrom::Judge(j)) => format!("engine {}", j.name()),
        },
        "engine": format!("{:?}", opts.engine.unwrap_or(super::EngineChoice::Fast)),
    })
}

/// The files of `roots` (as [`super::collect_files`] lists them, in its order) that are `shard`'s:
/// each keyed by its path relative to the folder it was found in. No file at all is an error;
/// a shard that gets none of them is not.
pub fn shard_files(roots: &[PathBuf], shard: Shard) -> Result<Vec<PathBuf>, String> {
    let (mut out, mut all) = (Vec::new(), 0);
    for root in roots {
        let files = super::collect_files(std::slice::from_ref(root))?;
        all += files.len();
        out.extend(
            files
                .into_iter()
                .filter(|f| shard.holds(&path_key(root, f))),
        );
    }
    if all == 0 {
        let named: Vec<String> = roots.iter().map(|f| f.display().to_string()).collect();
        return Err(format!(
            "no SGF file (*.sgf) in {}: nothing to replay",
            named.join(", ")
        ));
    }
    Ok(out)
}

/// Where a replay shard writes: `DIR/replay-K-of-N.jsonl` (one JSON line per game, as
/// `replay --jsonl` writes them, in file order) and `DIR/replay-K-of-N.json` (the shard file, with
/// the summary as its result). Both are written under temporary names and renamed when the shard
/// is done, the lines first: a shard file is there only when its lines are whole.
pub fn shard_paths(dir: &Path, shard: Shard) -> (PathBuf, PathBuf) {
    (
        dir.join(shard.file_name("replay", "jsonl")),
        dir.join(shard.file_name("replay", "json")),
    )
}

/// Replays `shard`'s files of `roots` and writes its two files into `dir` ([`shard_paths`]);
/// `each` sees every file's games as they are written. Returns the summary and the shard file.
pub fn replay_shard(
    roots: &[PathBuf],
    shard: Shard,
    opts: &Options,
    dir: &Path,
    mut each: impl FnMut(&[Result<Replayed, Refused>]),
) -> Result<(Summary, ShardFile), String> {
    let start = Instant::now();
    let files = shard_files(roots, shard)?;
    let (lines_path, shard_path) = shard_paths(dir, shard);
    let mut lines = Partial::create(&lines_path)?;
    let mut failed = None;
    let mut json = JsonLines::default();
    let summary = replay_all(&files, opts, false, |results| {
        each(results);
        for r in results {
            let written = match r {
                Ok(r) => lines.write_line(json.text(r)),
                Err(e) => lines.write_line(&refused_json(e)),
            };
            if let Err(e) = written {
                failed.get_or_insert(e);
            }
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    lines.commit()?;
    let file = ShardFile {
        format: ShardFile::FORMAT.into(),
        kind: "replay".into(),
        shard,
        job: job(opts, roots),
        seconds: start.elapsed().as_secs_f64(),
        result: serde_json::to_value(&summary).expect("a summary serialises"),
    };
    let text = serde_json::to_string_pretty(&file).expect("a shard file serialises") + "\n";
    crate::shard::write_atomic(&shard_path, &text)?;
    Ok((summary, file))
}

/// The summary of every file of a complete set of replay shards ([`crate::shard::check_set`]
/// first), and the sum of their seconds.
pub fn merge_shards(files: &[(String, ShardFile)]) -> Result<(Summary, f64), String> {
    crate::shard::check_set(files)?;
    let mut total = Summary::default();
    let mut seconds = 0.0;
    for (name, f) in files {
        if f.kind != "replay" {
            return Err(format!("{name}: a {} shard, not a replay shard", f.kind));
        }
        let s = Summary::from_json(&f.result).map_err(|e| format!("{name}: {e}"))?;
        total.merge(&s);
        seconds += f.seconds;
    }
    Ok((total, seconds))
}
