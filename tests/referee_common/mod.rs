//! Helpers shared by the referee tests: running a match, reading its results, and replaying
//! every record it wrote with `ttrules replay`.

#![allow(dead_code)]

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const TTRULES: &str = env!("CARGO_BIN_EXE_ttrules");

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The command line of the scripted engine with `options`.
pub fn fake(options: &str) -> String {
    format!(
        "python3 {} {TTRULES} {options}",
        fixture("referee_engine.py").display()
    )
}

/// Runs a match with `--json --out dir`; the exit code and the summary (`Null` when none).
pub fn referee(dir: &Path, black: &str, white: &str, extra: &[&str]) -> (i32, Value) {
    let start = std::time::Instant::now();
    let out = Command::new(TTRULES)
        .args([
            "referee", "--json", "--black", black, "--white", white, "--out",
        ])
        .arg(dir)
        .args(extra)
        .output()
        .expect("run ttrules referee");
    let code = out.status.code().unwrap_or(-1);
    eprintln!(
        "referee {extra:?}: exit {code} in {:.1} s{}",
        start.elapsed().as_secs_f64(),
        if out.stderr.is_empty() {
            String::new()
        } else {
            format!("; stderr: {}", String::from_utf8_lossy(&out.stderr).trim())
        }
    );
    let summary = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (code, summary)
}

/// The lines of `results.jsonl`, in the file's order.
pub fn results(dir: &Path) -> Vec<Value> {
    let Ok(text) = std::fs::read_to_string(dir.join("results.jsonl")) else {
        return Vec::new();
    };
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("a whole results line"))
        .collect()
}

/// The games of a match as comparable values (no timings), ordered by number.
pub fn games(dir: &Path) -> Vec<Value> {
    let mut out: Vec<Value> = results(dir)
        .into_iter()
        .map(|mut l| {
            for side in ["black", "white"] {
                l[side]["time"] = Value::Null;
            }
            l
        })
        .collect();
    out.sort_by_key(|l| l["game"].as_u64());
    let numbers: Vec<u64> = out.iter().map(|l| l["game"].as_u64().unwrap()).collect();
    let mut unique = numbers.clone();
    unique.dedup();
    assert_eq!(numbers, unique, "a game recorded twice");
    out
}

/// r[ref.record]: replays every game of `dir` with `ttrules replay`: every recorded turn is legal
/// (exit status 0), the record has the turns the results line counts, and a scored game replays
/// to the same result. Returns how many were scored.
pub fn check_records(dir: &Path) -> usize {
    let lines = results(dir);
    assert!(!lines.is_empty(), "no game in {}", dir.display());
    let mut scored = 0;
    for l in &lines {
        let file = dir.join(l["sgf"].as_str().unwrap());
        let out = Command::new(TTRULES)
            .args(["replay", "--json"])
            .arg(&file)
            .output()
            .unwrap();
        let replay: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "{}: replay printed no JSON ({e}): {}",
                file.display(),
                String::from_utf8_lossy(&out.stderr)
            )
        });
        assert_eq!(out.status.code(), Some(0), "{}: {replay}", file.display());
        assert!(replay["illegal"].is_null());
        assert_eq!(
            replay["turns"].as_array().unwrap().len() as u64,
            l["turns"].as_u64().unwrap(),
            "{}",
            file.display()
        );
        if !l["score"].is_null() {
            scored += 1;
            assert_eq!(replay["result"], l["result"], "{}", file.display());
            if l["ended"]["by"] == "score" {
                assert_eq!(replay["over"], true);
            }
        }
    }
    scored
}
