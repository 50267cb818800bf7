//! Sharded jobs end to end (`--shard K/N --shard-dir DIR`, `ttrules merge`): a bulk replay of the
//! convention records and the examples, a perft by both engines and a legal count, each split into
//! shards whose merge prints what one run prints; a shard rerun over a killed worker's leftovers
//! rewrites it whole; bad splits and bad sets of shards are refused with a clear message.

mod cli_common;
use cli_common::{repo, run, stderr};

use serde_json::Value;
use std::process::Output;

fn json(out: &Output) -> Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "{e}: {text}\nstderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

#[test]
fn replay_shards_merge_into_the_unsharded_summary() {
    let (records, examples) = (repo("tests/records"), repo("examples"));
    let whole = run(&[
        "replay",
        &records,
        &examples,
        "--jsonl",
        "--summary-json",
        "-",
    ]);
    let text = String::from_utf8(whole.stdout.clone()).unwrap();
    let (mut lines, summary): (Vec<&str>, Vec<&str>) = text
        .lines()
        .partition(|l| l.starts_with('{') && l.ends_with('}'));
    let summary: Value = serde_json::from_str(&summary.join("\n")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let out = run(&[
            "replay",
            &records,
            &examples,
            "--shard",
            &shard,
            "--shard-dir",
            &d,
        ]);
        assert!(out.stdout.is_empty());
        assert!(
            stderr(&out).contains(&format!("shard {k}/3: ")),
            "{}",
            stderr(&out)
        );
    }
    let merged_lines = dir.path().join("all.jsonl");
    let merged = run(&[
        "merge",
        &d,
        "--json",
        "--jsonl",
        &merged_lines.display().to_string(),
    ]);
    assert_eq!(
        merged.status.code(),
        whole.status.code(),
        "{}",
        stderr(&merged)
    );
    assert_eq!(json(&merged)["summary"], summary["summary"]);
    let all = std::fs::read_to_string(&merged_lines).unwrap();
    let mut got: Vec<&str> = all.lines().collect();
    got.sort();
    lines.sort();
    assert_eq!(got, lines);
    // The text summary says how many shards were merged.
    let merged = run(&["merge", &d]);
    assert!(String::from_utf8_lossy(&merged.stdout).starts_with("3 replay shards merged\n"));
}

#[test]
fn a_rerun_shard_replaces_a_killed_workers_leftovers() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let examples = repo("examples");
    // What a worker killed mid-shard leaves: a partial lines file, no shard file.
    let partial = dir.path().join(".replay-1-of-2.jsonl.partial");
    std::fs::write(&partial, "{\"half a line").unwrap();
    let refused = run(&["merge", &d]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("no shard file"),
        "{}",
        stderr(&refused)
    );
    for k in ["1/2", "2/2"] {
        let out = run(&["replay", &examples, "--shard", k, "--shard-dir", &d]);
        // superko-2x2.sgf has an illegal move: status 1 for its shard, never 2.
        assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    }
    assert!(!partial.exists());
    let lines = std::fs::read_to_string(dir.path().join("replay-1-of-2.jsonl")).unwrap();
    assert!(lines
        .lines()
        .all(|l| serde_json::from_str::<Value>(l).is_ok()));
    let merged = json(&run(&["merge", &d, "--json"]));
    assert_eq!(merged["summary"]["files"], 5);
}

#[test]
fn bad_splits_and_bad_sets_are_refused() {
    let examples = repo("examples");
    for (args, says) in [
        (
            vec!["replay", &examples, "--shard", "0/3", "--shard-dir", "x"],
            "1 <= K <= N",
        ),
        (
            vec!["replay", &examples, "--shard", "4/3", "--shard-dir", "x"],
            "1 <= K <= N",
        ),
        (vec!["replay", &examples, "--shard", "1/3"], "--shard-dir"),
        (
            vec!["perft", "3", "2", "--shard", "a/b", "--shard-dir", "x"],
            "K/N",
        ),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(says), "{args:?}: {}", stderr(&out));
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    run(&["perft", "3", "2", "--shard", "1/2", "--shard-dir", &d]);
    run(&["count-legal", "3", "--shard", "2/2", "--shard-dir", &d]);
    let out = run(&["merge", &d]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("shards of different jobs do not merge"),
        "{}",
        stderr(&out)
    );
    let out = run(&[
        "merge",
        &dir.path().join("perft-1-of-2.json").display().to_string(),
    ]);
    assert!(
        stderr(&out).contains("missing shard 2/2"),
        "{}",
        stderr(&out)
    );
    let not_json = dir.path().join("x-1-of-1.json");
    std::fs::write(&not_json, "not json").unwrap();
    let out = run(&["merge", &not_json.display().to_string()]);
    assert!(
        stderr(&out).contains("not a ttrules shard file"),
        "{}",
        stderr(&out)
    );
}

/// The fields of a perft's JSON that do not depend on how it was run.
fn perft_counts(v: &Value) -> Value {
    let mut v = v.clone();
    for k in ["seconds", "nodes_per_second", "threads"] {
        v.as_object_mut().unwrap().remove(k);
    }
    v
}

#[test]
fn perft_shards_merge_into_the_unsharded_divide() {
    for (engine, size, depth) in [("fast", "3x3", "4"), ("reference", "2x3", "3")] {
        let base = [
            "perft", size, depth, "--divide", "--json", "--engine", engine,
        ];
        let whole = json(&run(&base));
        for n in [2, 3] {
            let dir = tempfile::tempdir().unwrap();
            let d = dir.path().display().to_string();
            for k in 1..=n {
                let shard = format!("{k}/{n}");
                let mut args = base.to_vec();
                args.extend(["--shard", &shard, "--shard-dir", &d]);
                let out = run(&args);
                assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            }
            let merged = json(&run(&["merge", &d, "--json"]));
            assert_eq!(perft_counts(&merged), perft_counts(&whole), "{engine} {n}");
        }
    }
}

#[test]
fn count_legal_shards_merge_into_the_count() {
    let whole = json(&run(&["count-legal", "5x4", "--json"]));
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    for k in ["1/3", "2/3", "3/3"] {
        let out = run(&["count-legal", "5x4", "--shard", k, "--shard-dir", &d]);
        assert!(
            String::from_utf8_lossy(&out.stdout).contains(" mod "),
            "{}",
            stderr(&out)
        );
    }
    let merged = json(&run(&["merge", &d, "--json"]));
    assert_eq!(merged["legal"], whole["legal"]);
    assert_eq!(merged["legal"], "1840058693");
    let text = run(&["merge", &d]);
    assert!(
        String::from_utf8_lossy(&text.stdout).starts_with("1,840,058,693 legal positions on 5x4")
    );
}
