//! The vector corpus as language-neutral JSON (`ttrules export-vectors DIR --format json`): one
//! file per TOML file of `spec/vectors/`, described by the JSON Schema `spec/vectors/vectors.schema.json`,
//! so that engine authors can run the corner cases in their own unit tests without GTP.
//!
//! Every value written is an answer of the reference engine, and the fast engine must give the
//! same after every attempt and at the end; a vector the reference fails, or on which the engines
//! disagree, is not exported (the export stops with the reason: it is a bug).

use crate::{self as vector, Expect, Vector};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::path::PathBuf;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_sgf::json;
use ttrules_spec::engine::Observation;
use ttrules_spec::{
    DeadError, Engine, Illegal, Outcome, PassAlive, Point, Score, Setup, TurnReport,
};

/// The JSON Schema of the exported files.
pub const SCHEMA: &str = include_str!("../vectors.schema.json");

/// The file name the schema is written under, next to the exported files.
pub const SCHEMA_FILE: &str = "vectors.schema.json";

/// The `format_version` of the files: raised when a field changes meaning or disappears.
pub const FORMAT_VERSION: u32 = 1;

/// The version of `spec/RULES.md` (`ttrules_spec::SPEC_VERSION`), which the clause ids cite.
pub fn rules_text_version() -> String {
    ttrules_spec::SPEC_VERSION.to_string()
}

fn points(ps: &[Point]) -> Vec<String> {
    ps.iter().map(|p| p.gtp()).collect()
}

fn verdict(v: &Result<TurnReport, Illegal>) -> Value {
    match v {
        Ok(r) => json!({"legal": true, "captured": r.captured, "suicided": r.suicided}),
        Err(i) => json!({"legal": false, "reason": i.reason(), "clause": i.clause().id()}),
    }
}

fn state<E: Engine>(e: &E) -> Value {
    json!({
        "grid": e.grid().rows(),
        "to_move": e.to_move().letter(),
        "passes": e.consecutive_passes(),
        "over": e.is_over(),
    })
}

/// The end values `v` states itself, by their JSON names. The pattern names every field of
/// [`Expect`], so that a new kind of expectation cannot be left out of the export.
fn stated(v: &Vector) -> Vec<&'static str> {
    let Expect {
        over,
        to_move,
        passes,
        grid,
        score,
        result,
        legal,
        prisoners,
        first_passer,
        handicap,
        void,
        pass_alive,
    } = &v.expect;
    [
        ("over", over.is_some()),
        ("to_move", to_move.is_some()),
        ("passes", passes.is_some()),
        ("grid", grid.is_some()),
        ("score", score.is_some()),
        ("result", result.is_some()),
        ("legal_moves", legal.is_some()),
        ("prisoners", prisoners.is_some()),
        ("first_passer", first_passer.is_some()),
        ("handicap", handicap.is_some()),
        ("void", void.is_some()),
        ("pass_alive", pass_alive.is_some()),
    ]
    .into_iter()
    .filter(|&(_, s)| s)
    .map(|(k, _)| k)
    .collect()
}

/// Each player's pass-alive area (r[life.area]) as JSON: `black` and `white`, GTP points in
/// point-index order.
pub fn pass_alive_json(a: &PassAlive) -> Value {
    json!({"black": points(&a.black), "white": points(&a.white)})
}

fn end_json(o: &Observation, scored: &Result<(Score, Outcome), DeadError>) -> Value {
    let mut m = Map::new();
    m.insert("over".into(), json!(o.over));
    m.insert("void".into(), json!(o.void));
    m.insert("to_move".into(), json!(o.to_move.letter()));
    m.insert("passes".into(), json!(o.consecutive_passes));
    m.insert("turns".into(), json!(o.turns));
    m.insert("grid".into(), json!(o.grid.rows()));
    m.insert(
        "prisoners".into(),
        json!({"black": o.prisoners.black, "white": o.prisoners.white}),
    );
    m.insert("first_passer".into(), json::player(o.first_passer));
    m.insert("handicap".into(), json!(o.handicap));
    m.insert("legal_moves".into(), json!(points(&o.legal_points)));
    m.insert("pass_alive".into(), pass_alive_json(&o.pass_alive));
    match scored {
        Ok((score, outcome)) => {
            m.insert(
                "score".into(),
                json!({
                    "black": json::half_points(score.black),
                    "white": json::half_points(score.white),
                }),
            );
            json::outcome_fields(*outcome, &mut m);
            m.insert("score_error".into(), Value::Null);
        }
        Err(e) => {
            for k in ["score", "result", "winner"] {
                m.insert(k.into(), Value::Null);
            }
            m.insert("score_error".into(), json!(e.to_string()));
        }
    }
    Value::Object(m)
}

fn scored<E: Engine>(e: &E, v: &Vector) -> Result<(Score, Outcome), DeadError> {
    Ok((e.score_with_dead(&v.dead)?, e.outcome(v.komi, &v.dead)?))
}

/// One vector as JSON, from the answers of both engines (which must agree with each other and
/// with what the vector states).
pub fn vector_json(v: &Vector) -> Result<Value, String> {
    let failures = v.differences(&vector::run::<Reference>(v));
    if !failures.is_empty() {
        return Err(format!(
            "vector {}: the reference fails it: {}",
            v.name,
            failures.join("; ")
        ));
    }
    let bug = |what: String| format!("vector {}: the engines disagree: {what}", v.name);
    let mut r = Reference::from_setup(&v.setup, v.rules).map_err(|e| bug(e.to_string()))?;
    let mut f = Fast::from_setup(&v.setup, v.rules).map_err(|e| bug(e.to_string()))?;
    let mut attempts = Vec::new();
    for (i, a) in v.attempts.iter().enumerate() {
        let (vr, vf) = (r.play(a.mv), f.play(a.mv));
        let after = state(&r);
        if vr != vf || after != state(&f) {
            return Err(bug(format!("attempt {} ({} {})", i + 1, a.player, a.mv)));
        }
        attempts.push(json!({
            "number": i + 1,
            "color": a.player.letter(),
            "move": a.mv.gtp(),
            "expected": verdict(&vr),
            "after": after,
        }));
    }
    let end = Observation::of(&r);
    let score = scored(&r, v);
    if end != Observation::of(&f) || score != scored(&f, v) {
        return Err(bug("at the end".into()));
    }
    // The patterns name every field of a vector and of its setup, so that a new one cannot be
    // left out of the export (`file` is the document's `source`, `expect` is `end` and `stated`,
    // the attempts are above).
    let Vector {
        name,
        file: _,
        description,
        clauses,
        size,
        rules,
        komi,
        setup: Setup {
            grid,
            to_move,
            handicap,
        },
        dead,
        attempts: _,
        expect: _,
    } = v;
    Ok(json!({
        "name": name,
        "description": description,
        "clauses": clauses.iter().map(|c| c.id()).collect::<Vec<_>>(),
        "size": {"width": size.width(), "height": size.height()},
        "rules": json::rules(rules, *komi),
        "komi": json::half_points(komi.value()),
        "setup": {
            "grid": grid.rows(),
            "to_move": to_move.letter(),
            "handicap": handicap,
        },
        "attempts": attempts,
        "dead": points(dead),
        "end": end_json(&end, &score),
        "stated": stated(v),
    }))
}

/// The exported files: for each TOML file of `vectors` (by file name), the name of its JSON file
/// and the document, in file-name order.
pub fn export(vectors: &[Vector]) -> Result<Vec<(String, Value)>, String> {
    let mut by_file: BTreeMap<PathBuf, Vec<&Vector>> = BTreeMap::new();
    for v in vectors {
        by_file.entry(v.file.clone()).or_default().push(v);
    }
    let version = rules_text_version();
    by_file
        .iter()
        .map(|(file, vs)| {
            let name = file
                .file_name()
                .map_or_else(|| "vectors".into(), |s| s.to_string_lossy().into_owned());
            let stem = name.strip_suffix(".toml").unwrap_or(&name).to_string();
            let docs = vs
                .iter()
                .map(|v| vector_json(v))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((
                format!("{stem}.json"),
                json!({
                    "format": "ttrules-vectors",
                    "format_version": FORMAT_VERSION,
                    "rules_text": version,
                    "source": format!("spec/vectors/{name}"),
                    "vectors": docs,
                }),
            ))
        })
        .collect()
}
