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
