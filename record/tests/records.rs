//! One small record per convention of spec Part III under `tests/records/` (named after the
//! convention), each with its expected JSON (`NAME.json`): every field written there must be in
//! the replay's JSON with that value (a field not written is not checked; lists must match in
//! length). Each expected file names the clauses it exercises in its `cites` field.
//!
//! `TTRULES_BLESS=1 cargo test --test records` writes the expected files of records that have
//! none, from the current output, for review; CI never sets it.

use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};
use ttrules_record::replay::{document, replay_file, Options};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/records")
}

/// What `replay --jsonl` prints for each game of `file`.
fn actual(file: &Path) -> Vec<Value> {
    let bytes = std::fs::read(file).unwrap();
    let name = file.file_name().unwrap().to_string_lossy().to_string();
    replay_file(&bytes, &name, None, &Options::default())
        .iter()
        .map(|r| match r {
            Ok(r) => document(r).value(),
            Err(e) => json!({
                "tree": e.tree,
                "outcome": "refused",
                "error": { "kind": e.kind, "message": e.message },
            }),
        })
        .collect()
}

/// Where `want` is not a part of `got`, as a path and both values.
fn mismatch(want: &Value, got: &Value, path: &str) -> Option<String> {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => w.iter().find_map(|(k, v)| match g.get(k) {
            Some(gv) => mismatch(v, gv, &format!("{path}.{k}")),
            None => Some(format!("{path}.{k}: missing, want {v}")),
        }),
        (Value::Array(w), Value::Array(g)) if w.len() == g.len() => w
            .iter()
            .zip(g)
            .enumerate()
            .find_map(|(i, (w, g))| mismatch(w, g, &format!("{path}[{i}]"))),
        (Value::String(w), Value::String(g)) if w.starts_with('~') => {
            (!g.contains(&w[1..])).then(|| format!("{path}: {g:?} does not contain {:?}", &w[1..]))
        }
        _ => (want != got).then(|| format!("{path}: want {want}, got {got}")),
    }
}

/// The fields a blessed expectation keeps.
fn essentials(doc: &Value) -> Value {
    let mut m = Map::new();
    for k in [
        "tree",
        "outcome",
        "error",
        "handicap",
        "komi",
        "encoding",
        "players",
        "stop",
        "re",
        "re_agrees",
        "result",
        "over",
        "illegal",
        "dead",
        "grid",
        "to_move",
    ] {
        if let Some(v) = doc.get(k) {
            if !v.is_null() || matches!(k, "stop" | "re_agrees") {
                m.insert(k.to_string(), v.clone());
            }
        }
    }
    if let Some(n) = doc.pointer("/rules/name") {
        m.insert("rules".into(), json!({ "name": n }));
    }
    if let Some(ws) = doc.get("warnings").and_then(Value::as_array) {
        let ws: Vec<Value> = ws
            .iter()
            .map(|w| json!({ "kind": w["kind"], "node": w["node"] }))
            .collect();
        m.insert("warnings".into(), Value::Array(ws));
    }
    if let Some(stop) = m.get_mut("stop").and_then(Value::as_object_mut) {
        stop.remove("text");
    }
    Value::Object(m)
}

#[test]
fn every_convention_record_replays_as_expected() {
    let mut records: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    records.sort();
    assert!(records.len() >= 50, "only {} records", records.len());
    let bless = std::env::var_os("TTRULES_BLESS").is_some();
    let mut failures = Vec::new();
    let mut checked = 0;
    for sgf in &records {
        let expected_path = sgf.with_extension("json");
        let got = actual(sgf);
        let Ok(text) = std::fs::read_to_string(&expected_path) else {
            if bless {
                let doc = json!({
                    "cites": "",
                    "games": got.iter().map(essentials).collect::<Vec<_>>(),
                });
                std::fs::write(
                    &expected_path,
                    serde_json::to_string_pretty(&doc).unwrap() + "\n",
                )
                .unwrap();
                continue;
            }
            failures.push(format!("{}: no expected file", sgf.display()));
            continue;
        };
        let want: Value = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
        assert!(
            want["cites"].as_str().is_some_and(|c| c.contains("r[rec.")),
            "{}: cites no clause",
            expected_path.display()
        );
        let games = want["games"].as_array().expect("games");
        if games.len() != got.len() {
            failures.push(format!(
                "{}: {} games, want {}",
                sgf.display(),
                got.len(),
                games.len()
            ));
            continue;
        }
        for (i, (w, g)) in games.iter().zip(&got).enumerate() {
            checked += 1;
            if let Some(m) = mismatch(w, g, "") {
                failures.push(format!("{} game {}: {m}", sgf.display(), i + 1));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(bless || checked >= 80, "only {checked} games checked");
}

#[test]
fn the_matcher_can_fail() {
    let got = json!({"a": 1, "b": [1, 2], "c": "some text"});
    assert!(mismatch(&json!({"a": 1}), &got, "").is_none());
    assert!(mismatch(&json!({"a": 2}), &got, "").is_some());
    assert!(mismatch(&json!({"b": [1]}), &got, "").is_some());
    assert!(mismatch(&json!({"d": 1}), &got, "").is_some());
    assert!(mismatch(&json!({"c": "~some"}), &got, "").is_none());
    assert!(mismatch(&json!({"c": "~other"}), &got, "").is_some());
}

/// The text after the line `r[id]` of `spec/RULES.md`, up to the next clause.
fn clause_text(id: &str) -> String {
    let text = ttrules_spec::RULES_TEXT.to_string();
    let start = text
        .find(&format!("\nr[{id}]\n"))
        .unwrap_or_else(|| panic!("r[{id}] is not in RULES.md"));
    let rest = &text[start + id.len() + 4..];
    rest[..rest.find("\nr[").unwrap_or(rest.len())].to_string()
}

/// r[rec.rules]: the spelling table of the text is the code's table, row for row.
#[test]
fn the_ru_table_of_the_text_is_the_codes() {
    let rows: Vec<(String, String)> = clause_text("rec.rules")
        .lines()
        .filter_map(|l| {
            let cells: Vec<&str> = l
                .trim()
                .strip_prefix('|')?
                .split('|')
                .map(str::trim)
                .collect();
            let spelling = cells.first()?.strip_prefix('`')?.strip_suffix('`')?;
            Some((spelling.to_string(), cells.get(1)?.to_string()))
        })
        .collect();
    let code: Vec<(String, String)> = ttrules_record::rules::SPELLINGS
        .iter()
        .map(|(s, n)| (s.to_string(), n.to_string()))
        .collect();
    assert!(rows.len() >= 19, "{rows:?}");
    assert_eq!(rows, code);
}

/// r[rec.warnings]: every warning kind the convention records produce is listed in the text.
#[test]
fn every_warning_kind_is_in_the_text() {
    let listed = clause_text("rec.warnings");
    let mut seen = std::collections::BTreeSet::new();
    for e in std::fs::read_dir(dir()).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|e| e == "sgf") {
            for g in actual(&p) {
                for w in g["warnings"].as_array().into_iter().flatten() {
                    seen.insert(w["kind"].as_str().unwrap().to_string());
                }
            }
        }
    }
    assert!(seen.len() >= 20, "{seen:?}");
    for k in &seen {
        assert!(
            listed.contains(&format!("`{k}`")),
            "warning kind {k} is not in r[rec.warnings]"
        );
    }
}

/// r[rec.stop.setup.pl-after-move] under `--strict` (r[rec.override]): the `PL` that the default
/// reading finds redundant is an interpretation, so the record is refused with its sentence.
#[test]
fn a_pl_after_a_move_is_refused_under_strict() {
    let sgf = b"(;GM[1]FF[4]SZ[5];B[cc];W[bb]PL[B];B[dd])";
    let mut options = Options::default();
    let lenient = replay_file(sgf, "pl.sgf", None, &options);
    let doc = document(lenient[0].as_ref().unwrap()).value();
    assert_eq!(doc["outcome"], "complete");
    assert_eq!(doc["warnings"][0]["kind"], "pl-after-move");
    assert_eq!(doc["warnings"][0]["node"], 2);
    options.overrides.strict = true;
    let strict = replay_file(sgf, "pl.sgf", None, &options);
    let Err(e) = &strict[0] else {
        panic!("--strict accepted a PL in a move's node")
    };
    assert!(e.message.contains("PL[B]"), "{}", e.message);
}
