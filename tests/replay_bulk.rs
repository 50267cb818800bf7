//! `ttrules replay` on many records at once (r[rec.trees]: one object per game tree), end to end on
//! the convention records of `tests/records/`: one JSON line per game in a fixed order, the same
//! on every run; `--unordered` gives the same lines; the summary counts what the lines say; the
//! exit status is the worst game's. And a file with several games in single-file mode.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ttrules"))
}

fn records() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .display()
        .to_string()
}

fn run(args: &[&str]) -> Output {
    bin().arg("replay").args(args).output().unwrap()
}

fn lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn a_directory_in_bulk() {
    let summary = std::env::temp_dir().join(format!("ttrules-summary-{}.json", std::process::id()));
    let summary_arg = summary.display().to_string();
    let dir = records();
    let out = run(&["--jsonl", &dir, "--summary-json", &summary_arg]);
    // tests/records holds an unreadable file and a Backgammon game: status 2.
    assert_eq!(out.status.code(), Some(2));
    let docs = lines(&out);
    assert!(docs.len() >= 90, "{} games", docs.len());
    // In file order (sorted paths), games in tree order.
    let keys: Vec<(String, u64)> = docs
        .iter()
        .map(|d| {
            (
                d["file"].as_str().unwrap().to_string(),
                d["tree"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    // The same lines on a second run, and with --unordered the same set.
    assert_eq!(run(&["--jsonl", &dir]).stdout, out.stdout);
    let mut a = String::from_utf8(run(&["--jsonl", "--unordered", &dir]).stdout).unwrap();
    let mut b = String::from_utf8(out.stdout.clone()).unwrap();
    let sort = |s: &mut String| {
        let mut v: Vec<&str> = s.lines().collect();
        v.sort();
        *s = v.join("\n");
    };
    sort(&mut a);
    sort(&mut b);
    assert_eq!(a, b);
    // The summary counts what the lines say.
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&summary).unwrap()).unwrap();
    let _ = std::fs::remove_file(&summary);
    let s = &doc["summary"];
    assert_eq!(s["games"], docs.len());
    for outcome in ["over", "complete", "illegal", "stopped", "refused"] {
        let n = docs.iter().filter(|d| d["outcome"] == outcome).count();
        assert_eq!(
            s["outcomes"][outcome].as_u64().unwrap_or(0) as usize,
            n,
            "{outcome}"
        );
        assert!(n > 0, "no {outcome} game among the convention records");
    }
    let stopped = docs.iter().filter(|d| !d["stop"].is_null()).count();
    let counted: u64 = s["stops"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(counted as usize, stopped);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(&format!("{} games", docs.len())), "{err}");
    assert!(err.contains("games per second"), "{err}");
}

#[test]
fn several_games_in_one_file() {
    let file = format!("{}/several-trees.sgf", records());
    // --json: one pretty object per game, one after another (a JSON stream).
    let out = run(&["--json", &file]);
    assert_eq!(out.status.code(), Some(2), "game 3 is not Go");
    let docs: Vec<Value> = serde_json::Deserializer::from_slice(&out.stdout)
        .into_iter()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(docs.len(), 2);
    assert_eq!(
        (docs[0]["tree"].clone(), docs[1]["tree"].clone()),
        (1.into(), 2.into())
    );
    assert_eq!(docs[1]["players"]["black"], "second");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("game 3: root node: GM[3]: not a game of Go"),
        "{err}"
    );
    // --jsonl --game 2: that game only.
    let out = run(&["--jsonl", "--game", "2", &file]);
    assert_eq!(out.status.code(), Some(0));
    let docs = lines(&out);
    assert_eq!(docs.len(), 1);
    assert_eq!(docs[0]["tree"], 2);
    assert_eq!(docs[0]["trees"], 3);
}

/// Options that mean something for one file only, or for a bulk run only, are refused where they
/// would do nothing, not ignored.
#[test]
fn options_of_the_other_mode_are_refused() {
    let dir = records();
    let file = format!("{dir}/several-trees.sgf");
    for (args, says) in [
        (
            vec!["--jsonl", "--game", "2", &dir],
            "--game picks a game of one file",
        ),
        (
            vec!["--summary-json", "-", &file],
            "--summary-json summarises a bulk run",
        ),
        (vec!["--json", "--jsonl", &file], "cannot be used with"),
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A full disk is an error (status 2, a message), never a panic or a silent loss; a closed pipe
/// ends the program quietly.
#[test]
fn standard_output_that_cannot_be_written() {
    if !Path::new("/dev/full").exists() {
        eprintln!("no /dev/full here: skipped");
        return;
    }
    let file = format!("{}/several-trees.sgf", records());
    for args in [
        vec!["replay", "--game", "1", &file],
        vec!["perft", "3", "2"],
        vec!["count-legal", "2x2"],
        vec!["count-games", "1x2"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = bin().args(&args).stdout(full).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("cannot write to standard output"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
