//! `ttrules export-vectors DIR --format json`: the exported files are valid under their JSON
//! Schema (checked with the `jsonschema` crate), and reading them back as plain JSON, the way an
//! engine author's test would, and replaying every vector through both engines gives exactly the
//! answers they state: every verdict with its clause (r[verdict.reasons], r[var.verdict.order]),
//! the state after every attempt (r[tt.turn.attempt]), and at the end the prisoners
//! (r[var.prisoners]), the scores with the dead stones (r[var.score.final], r[var.count.dead]) and
//! the result (r[param.komi]). They also agree with everything the TOML vectors state, so the
//! export cannot drift from `spec/vectors/`.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;
use ttrules::reference::Reference;
use ttrules::spec::{
    Engine, Grid, HalfPoints, Illegal, Komi, Move, PassAlive, Player, Point, Rules, Setup, Size,
};
use ttrules::vectors::{self as vector, Expected, Vector};
use ttrules_fast::Fast;

/// The files `ttrules export-vectors` writes, by name, exported once for all the tests here (into
/// Cargo's temporary folder for tests).
fn exported() -> &'static BTreeMap<String, Value> {
    static FILES: OnceLock<BTreeMap<String, Value>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("export-vectors-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = Command::new(env!("CARGO_BIN_EXE_ttrules"))
            .args(["export-vectors", "--format", "json"])
            .arg(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let v: Value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
            files.insert(name, v);
        }
        let _ = std::fs::remove_dir_all(&dir);
        files
    })
}

fn schema_of(files: &BTreeMap<String, Value>) -> &Value {
    files
        .get("vectors.schema.json")
        .expect("the schema is exported")
}

fn errors(validator: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn every_exported_file_is_valid_under_the_schema() {
    let files = exported();
    let schema = schema_of(files);
    assert!(
        jsonschema::meta::validate(schema).is_ok(),
        "the schema is not a valid JSON Schema"
    );
    let validator = jsonschema::validator_for(schema).unwrap();
    let mut checked = 0;
    for (name, doc) in files {
        if name == "vectors.schema.json" {
            continue;
        }
        let errs = errors(&validator, doc);
        assert!(errs.is_empty(), "{name}: {errs:#?}");
        checked += doc["vectors"].as_array().unwrap().len();
    }
    let total = vector::load_dir(&ttrules::vectors::dir()).unwrap().len();
    assert_eq!(checked, total, "every vector is exported once");
    // The schema can fail: a point with the letter I, a missing parameter, an unknown reason.
    let doc = files.values().find(|d| d.get("vectors").is_some()).unwrap();
    let broken = |edit: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        edit(&mut d);
        errors(&validator, &d)
    };
    assert!(!broken(&|d| d["vectors"][0]["dead"] = serde_json::json!(["I5"])).is_empty());
    assert!(!broken(&|d| {
        d["vectors"][0]["rules"]
            .as_object_mut()
            .unwrap()
            .remove("tax");
    })
    .is_empty());
    assert!(!broken(&|d| d["vectors"][0]["komi"] = serde_json::json!(0.25)).is_empty());
    assert!(!broken(&|d| {
        d["vectors"][0]["end"]
            .as_object_mut()
            .unwrap()
            .remove("pass_alive");
    })
    .is_empty());
    assert!(!broken(&|d| d["vectors"][0]["end"]["unknown_key"] = serde_json::json!(1)).is_empty());
    assert!(!broken(&|d| d["vectors"][0]["attempts"][0]["expected"] =
        serde_json::json!({"legal": false, "reason": "bad", "clause": "tt.end"}))
    .is_empty());
}

/// The schema's words are the code's: every parameter value of every ruleset, every reason.
#[test]
fn the_schema_names_every_parameter_value_and_reason() {
    let schema: Value = serde_json::from_str(ttrules::vectors::json::SCHEMA).unwrap();
    let props = &schema["$defs"]["rules"]["properties"];
    let words = |key: &str| -> BTreeSet<String> {
        props[key]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("no enum for {key}"))
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect()
    };
    let mut used: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for r in Rules::all() {
        for (k, v) in r.parameters() {
            used.entry(k).or_default().insert(v.to_string());
        }
    }
    for (k, vs) in &used {
        assert_eq!(&words(k), vs, "parameter {k}");
    }
    let reasons: BTreeSet<String> = schema["$defs"]["verdict"]["oneOf"][1]["properties"]["reason"]
        ["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let ours: BTreeSet<String> = Illegal::ALL
        .iter()
        .map(|i| i.reason().to_string())
        .collect();
    assert_eq!(reasons, ours);
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_else(|| panic!("{v} is not a string"))
}

fn rows(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| text(r).to_string())
        .collect()
}

fn half_points(v: &Value) -> HalfPoints {
    HalfPoints::from_f64(v.as_f64().unwrap()).unwrap()
}

fn player(v: &Value) -> Player {
    Player::parse(text(v)).unwrap()
}

/// What a vector's JSON asks of an engine, read from the JSON alone: the rules from the parameter
/// list (not the name), the komi, the setup, the dead stones.
struct Case {
    size: Size,
    rules: Rules,
    komi: Komi,
    setup: Setup,
    dead: Vec<Point>,
}

fn case(v: &Value) -> Case {
    let size = Size::new(
        v["size"]["width"].as_u64().unwrap() as u32,
        v["size"]["height"].as_u64().unwrap() as u32,
    )
    .unwrap();
    let mut rules = Rules::TROMP_TAYLOR;
    for (k, value) in v["rules"].as_object().unwrap() {
        if !matches!(k.as_str(), "name" | "katago" | "katago_differences") {
            rules.set(k, text(value)).unwrap();
        }
    }
    let setup = Setup {
        grid: Grid::from_rows(size, &rows(&v["setup"]["grid"])).unwrap(),
        to_move: player(&v["setup"]["to_move"]),
        handicap: v["setup"]["handicap"].as_u64().unwrap() as u32,
    };
    let dead = v["dead"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| Point::parse_gtp_on(text(p), size).unwrap())
        .collect();
    Case {
        size,
        rules,
        komi: Komi::new(half_points(&v["komi"])),
        setup,
        dead,
    }
}

/// Replays one exported vector on `E` and returns every way the engine differs from the JSON.
fn replay<E: Engine>(v: &Value) -> Vec<String> {
    let c = case(v);
    let mut out = Vec::new();
    let mut e = E::from_setup(&c.setup, c.rules).unwrap();
    assert_eq!(e.size(), c.size);
    let mut check = |what: String, got: Value, want: &Value| {
        if &got != want {
            out.push(format!("{what}: {} says {got}, the JSON {want}", E::NAME));
        }
    };
    for a in v["attempts"].as_array().unwrap() {
        let n = &a["number"];
        check(
            format!("attempt {n} color"),
            e.to_move().letter().into(),
            &a["color"],
        );
        let mv = Move::parse_gtp(text(&a["move"])).unwrap();
        let verdict = match e.play(mv) {
            Ok(r) => {
                serde_json::json!({"legal": true, "captured": r.captured, "suicided": r.suicided})
            }
            Err(i) => {
                serde_json::json!({"legal": false, "reason": i.reason(), "clause": i.clause().id()})
            }
        };
        check(format!("attempt {n} verdict"), verdict, &a["expected"]);
        let after = serde_json::json!({
            "grid": e.grid().rows(),
            "to_move": e.to_move().letter(),
            "passes": e.consecutive_passes(),
            "over": e.is_over(),
        });
        check(format!("attempt {n} after"), after, &a["after"]);
    }
    let end = &v["end"];
    let p = e.prisoners();
    let got = serde_json::json!({
        "over": e.is_over(),
        "void": e.is_void(),
        "to_move": e.to_move().letter(),
        "passes": e.consecutive_passes(),
        "turns": e.turns(),
        "grid": e.grid().rows(),
        "prisoners": {"black": p.black, "white": p.white},
        "first_passer": e.first_passer().map(Player::letter),
        "handicap": e.handicap(),
        "legal_moves": e.legal_points().iter().map(|p| p.gtp()).collect::<Vec<_>>(),
        "pass_alive": ttrules::vectors::json::pass_alive_json(&e.pass_alive()),
    });
    for (k, g) in got.as_object().unwrap() {
        check(format!("end {k}"), g.clone(), &end[k]);
    }
    match (e.score_with_dead(&c.dead), e.outcome(c.komi, &c.dead)) {
        (Ok(s), Ok(o)) => {
            let score = serde_json::json!({
                "black": ttrules::record::json::half_points(s.black),
                "white": ttrules::record::json::half_points(s.white),
            });
            check("end score".into(), score, &end["score"]);
            check("end result".into(), o.sgf_result().into(), &end["result"]);
            check("end winner".into(), o.winner_word().into(), &end["winner"]);
        }
        (Err(err), _) | (_, Err(err)) => check(
            "end score_error".into(),
            err.to_string().into(),
            &end["score_error"],
        ),
    }
    out
}

fn exported_vectors(files: &BTreeMap<String, Value>) -> Vec<(String, Value)> {
    files
        .iter()
        .filter(|(name, _)| name.as_str() != "vectors.schema.json")
        .flat_map(|(name, doc)| {
            doc["vectors"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |v| (name.clone(), v.clone()))
        })
        .collect()
}

#[test]
fn the_exported_answers_are_both_engines_answers() {
    let files = exported();
    let vectors = exported_vectors(files);
    let (mut attempts, mut scored) = (0, 0);
    let mut failures = Vec::new();
    for (file, v) in &vectors {
        for d in replay::<Reference>(v).into_iter().chain(replay::<Fast>(v)) {
            failures.push(format!("{file}: {}: {d}", text(&v["name"])));
        }
        attempts += v["attempts"].as_array().unwrap().len();
        scored += usize::from(!v["end"]["score"].is_null());
    }
    assert!(failures.is_empty(), "{failures:#?}");
    assert!(
        attempts > 300 && scored > 70,
        "{attempts} attempts, {scored} scored"
    );
}

/// The JSON says everything the TOML says: names, rules, komi, setup, dead stones, every
/// attempt's verdict, and every end value the TOML states (which the JSON lists in `stated`).
#[test]
fn the_export_agrees_with_the_toml_vectors() {
    let files = exported();
    let toml: BTreeMap<String, Vector> = vector::load_dir(&ttrules::vectors::dir())
        .unwrap()
        .into_iter()
        .map(|v| (v.name.clone(), v))
        .collect();
    let json: BTreeMap<String, (String, Value)> = exported_vectors(files)
        .into_iter()
        .map(|(f, v)| (text(&v["name"]).to_string(), (f, v)))
        .collect();
    assert_eq!(
        toml.keys().collect::<Vec<_>>(),
        json.keys().collect::<Vec<_>>()
    );
    let mut checked = 0;
    for (name, t) in &toml {
        let (file, j) = &json[name];
        let stem = t.file.file_stem().unwrap().to_string_lossy();
        assert_eq!(file, &format!("{stem}.json"), "{name}");
        let c = case(j);
        assert_eq!(
            (c.size, c.rules, c.komi, &c.setup, &c.dead),
            (t.size, t.rules, t.komi, &t.setup, &t.dead),
            "{name}"
        );
        let clauses: Vec<&str> = t.clauses.iter().map(|c| c.id()).collect();
        assert_eq!(rows(&j["clauses"]), clauses, "{name}");
        let attempts = j["attempts"].as_array().unwrap();
        assert_eq!(attempts.len(), t.attempts.len(), "{name}");
        check_attempts(name, &t.attempts, attempts);
        let stated = check_stated_end(name, &t.expect, &j["end"]);
        assert_eq!(rows(&j["stated"]), stated, "{name}");
        checked += stated.len();
    }
    assert!(checked > 150, "only {checked} stated values compared");
}

/// Every attempt of the JSON is the TOML's: player, move and expected verdict (with the
/// captures, suicides, reason and clause the TOML states).
fn check_attempts(name: &str, toml: &[vector::Attempt], json: &[Value]) {
    for (a, ja) in toml.iter().zip(json) {
        assert_eq!(player(&ja["color"]), a.player, "{name}");
        assert_eq!(Move::parse_gtp(text(&ja["move"])).unwrap(), a.mv, "{name}");
        let e = &ja["expected"];
        match &a.expected {
            Expected::Legal { captured, suicided } => {
                assert_eq!(e["legal"], true, "{name}");
                if let Some(n) = captured {
                    assert_eq!(e["captured"], *n, "{name}");
                }
                if let Some(n) = suicided {
                    assert_eq!(e["suicided"], *n, "{name}");
                }
            }
            Expected::Illegal { reason, clause } => {
                assert_eq!(e["legal"], false, "{name}");
                assert_eq!(text(&e["reason"]), reason, "{name}");
                if let Some(c) = clause {
                    assert_eq!(text(&e["clause"]), c.id(), "{name}");
                }
            }
        }
    }
}

/// Every end value the TOML states (`x`) is the JSON's `end`; returns the keys it states, in the
/// order the JSON's `stated` must list them.
fn check_stated_end(name: &str, x: &vector::Expect, end: &Value) -> Vec<String> {
    let mut stated = Vec::new();
    let mut state = |key: &str, given: bool, ok: bool| {
        if given {
            stated.push(key.to_string());
            assert!(ok, "{name}: end {key} differs from the TOML: {}", end[key]);
        }
    };
    state("over", x.over.is_some(), x.over == end["over"].as_bool());
    state(
        "to_move",
        x.to_move.is_some(),
        x.to_move.is_some_and(|p| end["to_move"] == p.letter()),
    );
    state(
        "passes",
        x.passes.is_some(),
        x.passes.map(u64::from) == end["passes"].as_u64(),
    );
    state(
        "grid",
        x.grid.is_some(),
        x.grid
            .as_ref()
            .is_some_and(|g| g.rows() == rows(&end["grid"])),
    );
    state(
        "score",
        x.score.is_some(),
        x.score.is_some_and(|s| {
            half_points(&end["score"]["black"]) == s.black
                && half_points(&end["score"]["white"]) == s.white
        }),
    );
    state(
        "result",
        x.result.is_some(),
        x.result.as_deref() == end["result"].as_str(),
    );
    state(
        "legal_moves",
        x.legal.is_some(),
        x.legal.as_ref().is_some_and(|l| {
            l.iter().map(|p| p.gtp()).collect::<Vec<_>>() == rows(&end["legal_moves"])
        }),
    );
    state(
        "prisoners",
        x.prisoners.is_some(),
        x.prisoners.is_some_and(|p| {
            end["prisoners"] == serde_json::json!({"black": p.black, "white": p.white})
        }),
    );
    state(
        "first_passer",
        x.first_passer.is_some(),
        x.first_passer
            .is_some_and(|p| end["first_passer"] == serde_json::json!(p.map(Player::letter))),
    );
    state(
        "handicap",
        x.handicap.is_some(),
        x.handicap.map(u64::from) == end["handicap"].as_u64(),
    );
    state("void", x.void.is_some(), x.void == end["void"].as_bool());
    state(
        "pass_alive",
        x.pass_alive.is_some(),
        x.pass_alive.as_ref().is_some_and(|a| {
            let (black, white) = (a.black.clone(), a.white.clone());
            end["pass_alive"]
                == ttrules::vectors::json::pass_alive_json(&PassAlive::new(black, white))
        }),
    );
    stated
}

/// Where the export carries each key a vector of `spec/vectors/*.toml` may hold: the keys of a
/// `[[vector]]` table, of its `setup` table, and of a `rules` table (its `base` and every
/// parameter of r[var.params], written out as the parameter list).
const CARRIED: &[(&str, &str)] = &[
    ("name", "/name"),
    ("description", "/description"),
    ("clauses", "/clauses"),
    ("size", "/size"),
    ("rules", "/rules"),
    ("komi", "/komi"),
    ("setup", "/setup"),
    ("setup.grid", "/setup/grid"),
    ("setup.to_move", "/setup/to_move"),
    ("setup.handicap", "/setup/handicap"),
    ("moves", "/attempts"),
    ("dead", "/dead"),
    ("over", "/end/over"),
    ("to_move", "/end/to_move"),
    ("passes", "/end/passes"),
    ("grid", "/end/grid"),
    ("score", "/end/score"),
    ("result", "/end/result"),
    ("legal", "/end/legal_moves"),
    ("prisoners", "/end/prisoners"),
    ("first_passer", "/end/first_passer"),
    ("handicap", "/end/handicap"),
    ("void", "/end/void"),
    ("pass_alive", "/end/pass_alive"),
    ("rules.base", "/rules/name"),
];

/// Every key the TOML vectors use is carried by the JSON (and so allowed by the schema, whose
/// objects admit no other property): a new kind of expectation in `spec/vectors/` fails here
/// until the writer, the schema and [`CARRIED`] know it.
#[test]
fn every_toml_key_is_carried_by_the_json() {
    let files = exported();
    let json: BTreeMap<String, Value> = exported_vectors(files)
        .into_iter()
        .map(|(_, v)| (text(&v["name"]).to_string(), v))
        .collect();
    let parameters: BTreeSet<&str> = Rules::TROMP_TAYLOR
        .parameters()
        .iter()
        .map(|&(k, _)| k)
        .collect();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (path, text) in ttrules::vectors::FILES {
        let doc: toml::Table = toml::from_str(text).unwrap();
        for t in doc["vector"].as_array().unwrap() {
            let t = t.as_table().unwrap();
            let name = t["name"].as_str().unwrap();
            let v = &json[name];
            let mut keys: Vec<String> = t.keys().cloned().collect();
            for (outer, value) in t {
                // The tables whose keys are kinds of input; the others (score, prisoners,
                // pass_alive) are one value each.
                if let (true, Some(inner)) = (
                    matches!(outer.as_str(), "setup" | "rules"),
                    value.as_table(),
                ) {
                    keys.extend(inner.keys().map(|k| format!("{outer}.{k}")));
                }
            }
            for key in keys {
                let pointer = match key.strip_prefix("rules.") {
                    Some(p) if parameters.contains(p) => format!("/rules/{p}"),
                    _ => match CARRIED.iter().find(|(k, _)| *k == key) {
                        Some((_, p)) => p.to_string(),
                        None => panic!(
                            "{}: vector {name}: the key {key} is not carried by the JSON export",
                            path
                        ),
                    },
                };
                assert!(
                    v.pointer(&pointer).is_some(),
                    "{name}: {key} should be at {pointer}"
                );
                *seen.entry(key).or_default() += 1;
            }
        }
    }
    eprintln!("TOML keys seen: {seen:?}");
    for key in [
        "moves",
        "setup.grid",
        "score",
        "pass_alive",
        "legal",
        "dead",
    ] {
        assert!(
            seen.get(key).copied().unwrap_or(0) > 0,
            "no vector uses {key}"
        );
    }
}

/// A list of files that cannot be written (a full disk) is status 2 with one message, never a
/// panic, and the files are written all the same.
#[test]
fn standard_output_that_cannot_be_written() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        eprintln!("no /dev/full here: skipped");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .arg("export-vectors")
        .arg(dir.path())
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        err.matches("cannot write to standard output").count(),
        1,
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let written = std::fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(written, exported().len(), "every file is written");
}
