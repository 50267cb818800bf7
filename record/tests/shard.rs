//! Sharded bulk replay (`ttrules_record::replay::shard`): for several numbers of shards, the
//! shards' summaries merged equal the summary of one run over every file, and the shards' JSON
//! lines are together exactly the lines of that run; on the convention records of
//! `tests/records`, the bundled examples and a bounded part of the real records of
//! `../shared/records` (the `pachi` and `malformed` folders, 285 files). A merge refuses
//! missing, overlapping and mismatched shards.

use std::path::{Path, PathBuf};
use ttrules_record::replay::shard::{merge_shards, replay_shard, shard_paths};
use ttrules_record::replay::{collect_files, document, refused_json, replay_all, Options};
use ttrules_record::shard::{check_set, Shard, ShardFile};

fn repo(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel)
}

/// The unsharded run: its summary as JSON and its lines, sorted.
fn unsharded(roots: &[PathBuf], opts: &Options) -> (serde_json::Value, Vec<String>) {
    let files = collect_files(roots).unwrap();
    let mut lines = Vec::new();
    let summary = replay_all(&files, opts, false, |results| {
        for r in results {
            lines.push(match r {
                Ok(r) => document(r).compact(),
                Err(e) => refused_json(e),
            });
        }
    });
    lines.sort();
    (serde_json::to_value(summary).unwrap(), lines)
}

/// Runs every shard of `n` into `dir`; the shard files with their names.
fn shards(roots: &[PathBuf], n: u32, opts: &Options, dir: &Path) -> Vec<(String, ShardFile)> {
    (1..=n)
        .map(|k| {
            let shard = Shard::new(k, n).unwrap();
            let (_, file) = replay_shard(roots, shard, opts, dir, |_| {}).unwrap();
            let (_, path) = shard_paths(dir, shard);
            assert_eq!(ShardFile::read(&path).unwrap(), file, "{}", path.display());
            (path.display().to_string(), file)
        })
        .collect()
}

fn check_merges(roots: &[PathBuf], min_files: u64) {
    let opts = Options::default();
    let (summary, lines) = unsharded(roots, &opts);
    assert!(summary["files"].as_u64().unwrap() >= min_files, "{summary}");
    for n in [1, 2, 3, 7] {
        let dir = tempfile::tempdir().unwrap();
        let files = shards(roots, n, &opts, dir.path());
        let (merged, _) = merge_shards(&files).unwrap();
        assert_eq!(
            serde_json::to_value(&merged).unwrap(),
            summary,
            "{n} shards"
        );
        let mut sharded: Vec<String> = (1..=n)
            .flat_map(|k| {
                let (jsonl, _) = shard_paths(dir.path(), Shard::new(k, n).unwrap());
                let text = std::fs::read_to_string(jsonl).unwrap();
                text.lines().map(str::to_string).collect::<Vec<_>>()
            })
            .collect();
        sharded.sort();
        assert_eq!(sharded, lines, "{n} shards: the lines differ");
        // No temporary file is left behind.
        for e in std::fs::read_dir(dir.path()).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().to_string();
            assert!(!name.starts_with('.'), "{name} left in the shard folder");
        }
    }
}

#[test]
fn convention_records_and_examples_merge_exactly() {
    check_merges(&[repo("tests/records"), repo("examples")], 50);
}

#[test]
fn real_records_merge_exactly() {
    let root = repo("../shared/records");
    if !root.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared/records does not exist, and CI must read it"
        );
        eprintln!("note: ../shared/records does not exist; skipping the sharded real records");
        return;
    }
    check_merges(&[root.join("pachi"), root.join("malformed")], 280);
}

#[test]
fn merges_refuse_missing_overlapping_and_mismatched_shards() {
    let roots = [repo("examples")];
    let dir = tempfile::tempdir().unwrap();
    let three = shards(&roots, 3, &Options::default(), dir.path());
    let err = |files: &[(String, ShardFile)]| merge_shards(files).unwrap_err();
    let missing = err(&three[..2]);
    assert!(missing.contains("missing shard 3/3"), "{missing}");
    let twice = err(&[three[0].clone(), three[1].clone(), three[1].clone()]);
    assert!(
        twice.contains("both shard 2/3") && twice.contains("overlapping"),
        "{twice}"
    );
    let two = shards(&roots, 2, &Options::default(), dir.path());
    let other_n = err(&[three[0].clone(), two[1].clone()]);
    assert!(other_n.contains("one number of shards"), "{other_n}");
    let mut komi = Options::default();
    komi.overrides.komi = Some("0.5".parse().unwrap());
    let other_opts = shards(&roots, 3, &komi, dir.path());
    let mixed = err(&[three[0].clone(), three[1].clone(), other_opts[2].clone()]);
    assert!(mixed.contains("different jobs"), "{mixed}");
    assert!(check_set(&[]).is_err());
    // The right set merges, in any order.
    let mut reversed = three.clone();
    reversed.reverse();
    assert_eq!(
        merge_shards(&reversed).unwrap().0,
        merge_shards(&three).unwrap().0
    );
}
