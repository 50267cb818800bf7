//! `ttrules referee merge SHARD_DIR… --out DIR` (r[ref.event.merge]): the folders of an event's
//! shards (r[ref.event.shard]) put together into the folder one run of the whole event writes:
//! `match.json`, `results.jsonl` (the shards' lines, as they wrote them, in the order of the
//! games' numbers), every record and transcript, `status.json` and `report.html`; the standings
//! and the Elo are those of [`Summary`] over the merged lines, as for one run.
//!
//! Before anything is written the folders are checked: each is a shard's (`shard.json`), all of
//! one event (one digest, one split `N`, one number of games), no share twice, every share there
//! and complete (every game of it has its line), every line the game of its share. `partial`
//! merges what there is instead of refusing missing or unfinished shares: the merged folder then
//! lacks those games, and `referee run … --resume` on it plays them as for any interrupted run.
//!
//! The engines' logs are kept per shard under `logs/shard-K-of-N/`; `merge.json` says which
//! folders were merged and which games are missing.

use crate::event::shard::{self, list_games, Manifest, Shard};
use crate::event::status::{self, Status};
use crate::files::{read_regular_text, MAX_SETTINGS_BYTES};
use crate::output::{self, ResultLine};
use crate::summary::Summary;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One shard's folder as read.
struct Folder {
    dir: PathBuf,
    manifest: Manifest,
    /// `match.json`, as written and as read.
    settings_text: String,
    settings: serde_json::Value,
    /// Each whole results line: the game and the line as written.
    lines: Vec<(u32, String, ResultLine)>,
    /// A referee runs in the folder now.
    live: bool,
}

/// What a merge did.
pub struct Merged {
    pub out: PathBuf,
    /// The labels and commands of the players, in the event's order.
    pub players: Vec<(String, String)>,
    /// `match.json`.
    pub settings: serde_json::Value,
    /// The merged results, by game number.
    pub lines: Vec<ResultLine>,
    pub summary: Summary,
    /// The games of the schedule.
    pub games: u32,
    /// The games without a line (only with `partial`).
    pub missing: Vec<u32>,
    /// Sentences for the operator.
    pub notes: Vec<String>,
}

/// `merge.json`: what was merged.
#[derive(Serialize)]
struct Provenance<'a> {
    event: &'a str,
    games: u32,
    merged: usize,
    missing: &'a [u32],
    shards: Vec<ProvenanceShard>,
}

#[derive(Serialize)]
struct ProvenanceShard {
    shard: Shard,
    dir: PathBuf,
    games: usize,
    share: u32,
}

/// Reads the whole lines of `results.jsonl` in `dir` (a line being written is left out, the file
/// untouched), each kept as written.
fn read_lines(dir: &Path) -> Result<Vec<(u32, String, ResultLine)>, String> {
    let path = dir.join("results.jsonl");
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = read_regular_text(&path, u64::MAX / 2)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let whole = text.rfind('\n').map_or("", |i| &text[..=i]);
    let mut out = Vec::new();
    for (i, l) in whole.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let line: ResultLine = serde_json::from_str(l)
            .map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))?;
        out.push((line.game, l.to_string(), line));
    }
    Ok(out)
}

fn read_folder(dir: &Path) -> Result<Folder, String> {
    let manifest = Manifest::read(dir)?.ok_or_else(|| {
        format!(
            "{}: not a shard's folder (no shard.json; `ttrules referee run FILE --shard K/N --out \
             DIR` writes one)",
            dir.display()
        )
    })?;
    let path = dir.join("match.json");
    let settings_text = read_regular_text(&path, MAX_SETTINGS_BYTES)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let settings =
        serde_json::from_str(&settings_text).map_err(|e| format!("{}: {e}", path.display()))?;
    let live = status::Folder::read(dir).is_ok_and(|f| f.live());
    Ok(Folder {
        dir: dir.to_path_buf(),
        lines: read_lines(dir)?,
        manifest,
        settings_text,
        settings,
        live,
    })
}

/// The keys of two `match.json` that differ, in words.
fn differences(a: &serde_json::Value, b: &serde_json::Value) -> String {
    let keys: BTreeSet<&String> = a
        .as_object()
        .into_iter()
        .chain(b.as_object())
        .flat_map(|m| m.keys())
        .collect();
    let diffs: Vec<String> = keys
        .into_iter()
        .filter(|k| a.get(k.as_str()) != b.get(k.as_str()))
        .map(|k| format!("{k}: {} and {}", a[k.as_str()], b[k.as_str()]))
        .collect();
    if diffs.is_empty() {
        "the same settings; their openings' turns differ".into()
    } else {
        diffs.join("; ")
    }
}

/// The folders belong together: one event, one split, one number of games, one rules text.
fn check_event(folders: &[Folder]) -> Result<(), String> {
    let first = &folders[0];
    let (d0, m0) = (first.dir.display(), &first.manifest);
    for f in &folders[1..] {
        let (d, m) = (f.dir.display(), &f.manifest);
        if m.event != m0.event {
            return Err(format!(
                "{d} and {d0} are shards of different events (digests {} and {}: {}); shards \
                 merge only with the shards of their own event",
                m.event,
                m0.event,
                differences(&f.settings, &first.settings)
            ));
        }
        if m.shard.n != m0.shard.n {
            return Err(format!(
                "{d} is shard {} and {d0} shard {}: an event is split one way, into one number of \
                 shards",
                m.shard, m0.shard
            ));
        }
        if m.games != m0.games {
            return Err(format!(
                "{d} plans {} games and {d0} {}: the shards were run with different numbers of \
                 games (games_per_pair, --games); resume the shorter ones with the larger number",
                m.games, m0.games
            ));
        }
        if m.spec != m0.spec {
            return Err(format!(
                "{d} was judged by {} and {d0} by {}: the games of one event are judged by one \
                 rules text",
                m.spec, m0.spec
            ));
        }
    }
    Ok(())
}

/// Each folder's lines are games of its share, each once, within the schedule.
fn check_lines(f: &Folder) -> Result<(), String> {
    let (s, games) = (f.manifest.shard, f.manifest.games);
    let mut seen = BTreeSet::new();
    for (game, _, _) in &f.lines {
        if *game == 0 || *game > games || !shard::deals(s, *game) {
            return Err(format!(
                "{}: game {game} is not shard {s}'s (of {games} games, its are {}, {}, …)",
                f.dir.join("results.jsonl").display(),
                s.k,
                s.k + s.n
            ));
        }
        if !seen.insert(*game) {
            return Err(format!(
                "{}: game {game} has two lines",
                f.dir.join("results.jsonl").display()
            ));
        }
    }
    Ok(())
}

/// The shares: none twice; the games that have no line, as a refusal or (with `partial`) as the
/// missing games and notes.
fn check_shares(folders: &[Folder], partial: bool) -> Result<(Vec<u32>, Vec<String>), String> {
    let (n, games) = (folders[0].manifest.shard.n, folders[0].manifest.games);
    let mut by_k: BTreeMap<u32, &Folder> = BTreeMap::new();
    for f in folders {
        let s = f.manifest.shard;
        if let Some(other) = by_k.insert(s.k, f) {
            let share: Vec<u32> = (1..=games).filter(|&g| shard::deals(s, g)).collect();
            return Err(format!(
                "{} and {} both hold shard {s} (games {}): overlapping shares; merge one of them",
                other.dir.display(),
                f.dir.display(),
                list_games(&share)
            ));
        }
    }
    let mut problems = Vec::new();
    let mut missing = Vec::new();
    for k in 1..=n {
        let s = Shard::new(k, n).expect("1 <= k <= n");
        let done: BTreeSet<u32> = by_k
            .get(&k)
            .map(|f| f.lines.iter().map(|l| l.0).collect())
            .unwrap_or_default();
        let left: Vec<u32> = (1..=games)
            .filter(|&g| shard::deals(s, g) && !done.contains(&g))
            .collect();
        if left.is_empty() {
            continue;
        }
        problems.push(match by_k.get(&k) {
            None => format!(
                "shard {s} is missing: games {} are in no folder (run it with --shard {s})",
                list_games(&left)
            ),
            Some(f) => format!(
                "shard {s} ({}) is not finished{}: games {} have no line (continue it with \
                 --shard {s} --resume)",
                f.dir.display(),
                if f.live {
                    ", its referee still runs"
                } else {
                    ""
                },
                list_games(&left)
            ),
        });
        missing.extend(left);
    }
    if !problems.is_empty() && !partial {
        return Err(format!(
            "{}; or merge what there is with --partial",
            problems.join("; ")
        ));
    }
    missing.sort_unstable();
    Ok((missing, problems))
}

/// Copies `from` to `to` through a temporary file and a rename: `to` is whole or absent.
fn copy_whole(from: &Path, to: &Path) -> Result<(), String> {
    let name = to.file_name().unwrap_or_default().to_string_lossy();
    let tmp = to.with_file_name(format!(".{name}.partial"));
    let fail =
        |e: std::io::Error| format!("cannot copy {} to {}: {e}", from.display(), to.display());
    std::fs::copy(from, &tmp).map_err(fail)?;
    std::fs::File::open(&tmp)
        .and_then(|f| f.sync_all())
        .map_err(fail)?;
    std::fs::rename(&tmp, to).map_err(fail)
}

/// The output folder: created, locked, not one of the shards' and holding no games.
fn prepare_out(out: &Path, folders: &[Folder]) -> Result<std::fs::File, String> {
    std::fs::create_dir_all(out.join("logs"))
        .map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let here = out.canonicalize().ok();
    if let Some(f) = folders.iter().find(|f| f.dir.canonicalize().ok() == here) {
        return Err(format!(
            "--out {}: that is the folder of shard {}; the merged event goes to a folder of its \
             own",
            out.display(),
            f.manifest.shard
        ));
    }
    let lock = crate::running::lock_folder(out)?;
    let results = out.join("results.jsonl");
    if std::fs::metadata(&results).is_ok_and(|m| m.len() > 0) || shard::path(out).exists() {
        return Err(format!(
            "{} already holds a match or a shard ({}); merge into another --out",
            out.display(),
            results.display()
        ));
    }
    Ok(lock)
}

/// Each game's record and transcripts, and each shard's logs, into `out`.
fn copy_files(out: &Path, folders: &[Folder]) -> Result<(), String> {
    for f in folders {
        for (_, _, l) in &f.lines {
            copy_whole(&f.dir.join(&l.sgf), &out.join(&l.sgf))?;
            for t in crate::event::transcript::paths(&f.dir, &l.sgf) {
                if t.is_file() {
                    let name = t.file_name().expect("a transcript's name");
                    copy_whole(&t, &out.join(name))?;
                }
            }
        }
        let logs = f.dir.join("logs");
        let Ok(entries) = std::fs::read_dir(&logs) else {
            continue;
        };
        let s = f.manifest.shard;
        let to = out.join("logs").join(format!("shard-{}-of-{}", s.k, s.n));
        std::fs::create_dir_all(&to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
        for e in entries.flatten() {
            if e.file_type().is_ok_and(|t| t.is_file()) {
                copy_whole(&e.path(), &to.join(e.file_name()))?;
            }
        }
    }
    Ok(())
}

/// Merges the shards' folders `dirs` into `out` (r[ref.event.merge]).
pub fn merge(dirs: &[PathBuf], out: &Path, partial: bool) -> Result<Merged, String> {
    if dirs.is_empty() {
        return Err("no shard folder to merge".into());
    }
    let folders: Vec<Folder> = dirs
        .iter()
        .map(|d| read_folder(d))
        .collect::<Result<_, _>>()?;
    check_event(&folders)?;
    for f in &folders {
        check_lines(f)?;
    }
    let (missing, mut notes) = check_shares(&folders, partial)?;
    let first = &folders[0];
    if first.manifest.ttrules != env!("CARGO_PKG_VERSION") {
        notes.push(format!(
            "the shards were played by ttrules {}, this is {}",
            first.manifest.ttrules,
            env!("CARGO_PKG_VERSION")
        ));
    }
    let _lock = prepare_out(out, &folders)?;
    copy_files(out, &folders)?;
    let mut all: Vec<&(u32, String, ResultLine)> =
        folders.iter().flat_map(|f| f.lines.iter()).collect();
    all.sort_by_key(|l| l.0);
    let text: String = all.iter().map(|l| format!("{}\n", l.1)).collect();
    let write = |name: &str, text: &str| {
        let path = out.join(name);
        output::write_whole(&path, text)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    write("match.json", &first.settings_text)?;
    write("results.jsonl", &text)?;
    let games = first.manifest.games;
    let state = Status {
        pid: std::process::id(),
        state: if missing.is_empty() {
            "finished"
        } else {
            "stopped"
        }
        .into(),
        planned: games,
        running: Vec::new(),
        updated: status::now(),
    };
    status::write(out, &state).map_err(|e| format!("cannot write status.json: {e}"))?;
    let provenance = Provenance {
        event: &first.manifest.event,
        games,
        merged: all.len(),
        missing: &missing,
        shards: folders
            .iter()
            .map(|f| ProvenanceShard {
                shard: f.manifest.shard,
                dir: f.dir.clone(),
                games: f.lines.len(),
                share: f.manifest.share,
            })
            .collect(),
    };
    write(
        "merge.json",
        &(serde_json::to_string_pretty(&provenance).expect("JSON") + "\n"),
    )?;
    crate::report::write(out)?;
    let players = status::players(&first.settings);
    let lines: Vec<ResultLine> = all.into_iter().map(|l| l.2.clone()).collect();
    let sprt = first.settings["sprt"].as_str().and_then(|t| t.parse().ok());
    Ok(Merged {
        out: out.to_path_buf(),
        summary: Summary::new(&lines, &players, sprt),
        players,
        settings: first.settings.clone(),
        lines,
        games,
        missing,
        notes,
    })
}
