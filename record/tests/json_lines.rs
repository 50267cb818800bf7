//! `replay --jsonl`'s lines are written by hand for speed ([`JsonLines`], `replay/json/line.rs`);
//! serde's serialisation of the same document is the definition. This test holds the hand-written
//! twin to serde on every game of `../shared/records` (2,746 real files; the test fails when the
//! folder is missing: CI has it) and of `tests/records` (the convention records), then on
//! `examples/` with the reference engine and under territory rules (prisoners).
//!
//! Each line is compared field by field first (the hand-written line parsed as JSON, each field of
//! serde's document against it, down to the first differing list element or nested field, named
//! by its path), then as text (field order, number formatting, escapes). One [`JsonLines`] is kept
//! for all the games of a run, as `replay --jsonl` keeps it, so that a buffer left over from one
//! game would show in the next.
//!
//! Debug build (`cargo test -p ttrules-record --test json_lines`): measured in the book's
//! contributing notes (`docs/src/contributing/architecture.md`, "The replay JSON twin").

use serde_json::Value;
use std::path::{Path, PathBuf};
use ttrules_record::replay::{
    collect_files, document, replay_file, EngineChoice, JsonLines, Options,
};
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::Overrides;

/// The first place where `hand` differs from `serde`, as a path (`turns[12].move`), or `None`.
fn first_difference(path: &str, serde: &Value, hand: &Value) -> Option<String> {
    match (serde, hand) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, va) in a {
                let p = format!("{path}.{k}");
                match b.get(k) {
                    None => return Some(format!("{p}: missing from the hand-written line")),
                    Some(vb) => {
                        if let Some(d) = first_difference(&p, va, vb) {
                            return Some(d);
                        }
                    }
                }
            }
            b.keys()
                .find(|k| !a.contains_key(*k))
                .map(|k| format!("{path}.{k}: only in the hand-written line"))
        }
        (Value::Array(a), Value::Array(b)) => {
            for (i, (va, vb)) in a.iter().zip(b).enumerate() {
                if let Some(d) = first_difference(&format!("{path}[{i}]"), va, vb) {
                    return Some(d);
                }
            }
            (a.len() != b.len())
                .then(|| format!("{path}: {} elements, hand-written {}", a.len(), b.len()))
        }
        _ => (serde != hand).then(|| format!("{path}: serde {serde}, hand-written {hand}")),
    }
}

/// Replays every file of `files` with `opts`, holding each game's hand-written line to serde's.
/// Returns the number of games and of games with an implied pass.
fn compare(files: &[PathBuf], opts: &Options) -> (usize, usize) {
    let (mut games, mut implied) = (0, 0);
    let mut lines = JsonLines::default();
    for path in files {
        let bytes = std::fs::read(path).unwrap();
        let name = path.display().to_string();
        for r in replay_file(&bytes, &name, None, opts).into_iter().flatten() {
            let at = format!("{name} game {}", r.record.tree);
            let serde_text = serde_json::to_string(&document(&r)).unwrap();
            let hand_text = lines.text(&r).to_string();
            let hand: Value = serde_json::from_str(hand_text.trim_end())
                .unwrap_or_else(|e| panic!("{at}: the hand-written line is no JSON: {e}"));
            let serde: Value = serde_json::from_str(&serde_text).unwrap();
            if let Some(d) = first_difference("", &serde, &hand) {
                panic!("{at}: {d}");
            }
            assert_eq!(hand_text.trim_end(), serde_text, "{at}");
            games += 1;
            implied += usize::from(r.replay.turns.iter().any(|t| t.implied));
        }
    }
    (games, implied)
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_hand_written_lines_are_serdes_on_every_shared_record() {
    let shared = root().join("../shared/records");
    assert!(
        shared.is_dir(),
        "{} is missing: this test reads every record there (CI has the folder)",
        shared.display()
    );
    let files = collect_files(&[shared]).unwrap();
    assert!(files.len() >= 2700, "{} files", files.len());
    let (games, implied) = compare(&files, &Options::default());
    assert!(
        games >= 2700 && implied > 0,
        "{games} games, {implied} with implied passes"
    );
}

#[test]
fn the_hand_written_lines_are_serdes_on_the_convention_records() {
    let files = collect_files(&[root().join("tests/records")]).unwrap();
    let (games, _) = compare(&files, &Options::default());
    assert!(games >= 50, "{games} games");
}

#[test]
fn the_hand_written_lines_are_serdes_on_both_engines_and_territory_rules() {
    let files = collect_files(&[root().join("examples")]).unwrap();
    let reference = Options {
        engine: Some(EngineChoice::Reference),
        ..Options::default()
    };
    assert!(compare(&files, &reference).0 > 0);
    let territory = Options {
        overrides: Overrides {
            rules: Some(rules_by_any_name("japanese").unwrap()),
            ..Overrides::default()
        },
        ..Options::default()
    };
    assert!(compare(&files, &territory).0 > 0);
}

#[test]
fn a_difference_is_named_by_its_path() {
    let a: Value =
        serde_json::from_str(r#"{"x":1,"turns":[{"move":"A1"},{"move":"B2"}]}"#).unwrap();
    let b: Value =
        serde_json::from_str(r#"{"x":1,"turns":[{"move":"A1"},{"move":"C3"}]}"#).unwrap();
    assert_eq!(
        first_difference("", &a, &b).as_deref(),
        Some(r#".turns[1].move: serde "B2", hand-written "C3""#)
    );
    assert_eq!(first_difference("", &a, &a), None);
}
