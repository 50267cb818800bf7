//! The comparison as a text table and as one JSON object (the `--json` contract).

use super::identities::{Identity, Status, Value as Input};
use super::{Comparison, Row, Source};
use crate::dead_from::Source as DeadSource;
use serde_json::{json, Map, Value};
use ttrules_reference::score::Parts;
use ttrules_sgf::json;
use ttrules_spec::{Counting, FirstPass, PassStones, Player, Point, Tax};

fn points(ps: &[Point]) -> Vec<String> {
    ps.iter().map(|p| p.gtp()).collect()
}

fn pair(b: impl ToString, w: impl ToString) -> String {
    format!("{}/{}", b.to_string(), w.to_string())
}

/// `(x)` for a part the row's counting does not count.
fn counted(text: String, yes: bool) -> String {
    if yes {
        text
    } else {
        format!("({text})")
    }
}

fn signed(h: ttrules_spec::HalfPoints) -> String {
    if h > ttrules_spec::HalfPoints::ZERO {
        format!("+{h}")
    } else {
        h.to_string()
    }
}

/// The cells of one row of the text table (also the HTML viewer's score table, `ttrules-view`).
pub fn cells(row: &Row) -> Vec<String> {
    let rules = row.spec.rules;
    let turns = match row.stop {
        Some(_) => format!("{}!", row.played),
        None => row.played.to_string(),
    };
    let mut out = vec![
        row.spec.label.clone(),
        match rules.counting {
            Counting::Area => "area".into(),
            Counting::Territory => "territory".into(),
            Counting::AreaPassAlive => "area-pass-alive".into(),
        },
        turns,
    ];
    let Some(s) = row.score() else {
        out.extend(std::iter::repeat_n("-".to_string(), 8));
        out.push(row.spec.komi.to_string());
        out.push("(no score)".into());
        return out;
    };
    let (b, w) = (&s.breakdown.black, &s.breakdown.white);
    let area = rules.counting.is_area();
    out.push(counted(pair(b.stones, w.stones), area));
    out.push(pair(b.territory, w.territory));
    out.push(counted(pair(b.prisoners(), w.prisoners()), !area));
    out.push(match rules.pass_stones {
        PassStones::None => "-".into(),
        PassStones::OnePerPass => counted(pair(b.pass_stones, w.pass_stones), !area),
    });
    out.push(match rules.tax {
        Tax::All | Tax::AllRegions => pair(-b.tax, -w.tax),
        Tax::None | Tax::Seki | Tax::SekiRegions => "-".into(),
    });
    out.push(match rules.first_pass {
        FirstPass::Nothing => "-".into(),
        FirstPass::Button | FirstPass::ButtonNewHistory | FirstPass::Msg => {
            pair(signed(b.first_pass), signed(w.first_pass))
        }
        FirstPass::TieBreak => format!(
            "ties: {}",
            s.breakdown.first_passer.map_or("none", Player::letter)
        ),
    });
    out.push(if w.compensation == 0 {
        "-".into()
    } else {
        format!("W +{}", w.compensation)
    });
    out.push(pair(s.score.black, s.score.white));
    out.push(row.spec.komi.to_string());
    let mut result = s.outcome.sgf_result();
    if !row.over {
        result.push_str(" (not over)");
    }
    out.push(result);
    out
}

/// The columns of the text table, one per cell of [`cells`].
pub const HEADER: [&str; 13] = [
    "ruleset",
    "counting",
    "turns",
    "stones",
    "territory",
    "prisoners",
    "pass stones",
    "tax",
    "first pass",
    "handicap",
    "score",
    "komi",
    "result",
];

/// The comparison as text: a header, the table, notes on rows that stopped or could not be
/// scored, the identities, and a line saying what was checked.
pub fn text(c: &Comparison, file: &str) -> String {
    let mut s = heading(c, file);
    s.push_str(
        "Each row replays the record under that ruleset on both engines. B/W pairs; the parts in\n\
         parentheses are not counted by the row's counting; score = counted parts − tax + first\n\
         pass + handicap (White), before komi (r[var.score.final]).\n\n",
    );
    s.push_str(&table(&c.rows));
    s.push_str(&notes(&c.rows));
    s.push_str(&identities(&c.identities));
    s.push_str(&checked(c));
    s
}

/// The text's first lines: the game, its rules and komi and their sources, its dead stones, and
/// where the record stops being a game (r[rec.stop]).
fn heading(c: &Comparison, file: &str) -> String {
    let g = &c.game;
    let dead = if g.dead.is_empty() {
        "none".to_string()
    } else {
        match g.dead_from.engine() {
            Some(c) => format!(
                "{} (engine `{c}`: its judgement)",
                points(&g.dead).join(" ")
            ),
            None => format!(
                "{} ({})",
                points(&g.dead).join(" "),
                dead_from(&g.dead_from)
            ),
        }
    };
    let mut s = format!(
        "{file}: {}, rules {} ({}), komi {} ({}); {} turn{} in the record; dead: {dead}\n",
        g.size(),
        g.rules,
        rules_from(g.rules_from),
        g.komi,
        komi_from(g.komi_from),
        g.turns.len(),
        if g.turns.len() == 1 { "" } else { "s" },
    );
    if let Some(stop) = &g.stop {
        s.push_str(&format!(
            "the record stops being a game at node {} (move {}): {}; compared up to there\n",
            stop.node, stop.move_number, stop.text
        ));
    }
    s
}

/// The table: a header and a line of [`cells`] per row, each column as wide as its widest cell.
fn table(rows: &[Row]) -> String {
    let mut s = String::new();
    let table: Vec<Vec<String>> = std::iter::once(HEADER.iter().map(|h| h.to_string()).collect())
        .chain(rows.iter().map(cells))
        .collect();
    let widths: Vec<usize> = (0..HEADER.len())
        .map(|i| {
            table
                .iter()
                .map(|r| r[i].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for r in &table {
        let line: Vec<String> = r
            .iter()
            .zip(&widths)
            .map(|(cell, w)| format!("{cell:<w$}"))
            .collect();
        s.push_str(line.join("  ").trim_end());
        s.push('\n');
    }
    s
}

/// The notes on the rows, after an empty line where there are any: each row's illegal turn, its
/// failed score, its stones counted in the opponent's pass-alive territory.
fn notes(rows: &[Row]) -> String {
    let mut s = String::new();
    let mut notes = Vec::new();
    for row in rows {
        if let Some(stop) = row.stop {
            notes.push(format!(
                "{}: turn {} ({} {}, node {}) is illegal: {}; scored as the game stood before it",
                row.spec.label,
                stop.number,
                stop.turn.player.letter(),
                stop.turn.mv,
                stop.turn.node,
                stop.illegal
            ));
        }
        match &row.scored {
            Err(e) => notes.push(format!("{}: no score: {e}", row.spec.label)),
            Ok(sc) => {
                let (b, w) = (sc.breakdown.black, sc.breakdown.white);
                if b.pass_alive_emptied + w.pass_alive_emptied > 0 {
                    notes.push(format!(
                        "{}: {} White and {} Black stones stand in the opponent's pass-alive territory and count for its owner (r[var.count.area.pass-alive])",
                        row.spec.label, b.pass_alive_emptied, w.pass_alive_emptied
                    ));
                }
            }
        }
    }
    if !notes.is_empty() {
        s.push('\n');
        for n in notes {
            s.push_str(&format!("{n}\n"));
        }
    }
    s
}

/// The identities of the rulesets comparison and Part II's notes, one line each with its status.
fn identities(identities: &[Identity]) -> String {
    let mut s = String::new();
    s.push_str(
        "\nIdentities of the rulesets comparison (§2) and Part II's notes, checked on this game:\n",
    );
    for i in identities {
        let status = match &i.status {
            Status::Holds => "holds".to_string(),
            Status::Fails(why) => format!("FAILS ({why})"),
            Status::NotApplicable(why) => format!("n/a ({why})"),
        };
        let inputs: Vec<String> = i.inputs.iter().map(|(k, v)| format!("{k} {v}")).collect();
        s.push_str(&format!(
            "  {} {} [{}] {}: {}",
            i.name, i.clause, i.ruleset, i.statement, status
        ));
        if !inputs.is_empty() {
            s.push_str(&format!("; {}", inputs.join(", ")));
        }
        s.push('\n');
    }
    s
}

/// The last lines: whether the checks found no bug, the identities counted by status, each bug.
fn checked(c: &Comparison) -> String {
    let mut s = String::new();
    let bugs = c.bugs();
    let held = c
        .identities
        .iter()
        .filter(|i| i.status == Status::Holds)
        .count();
    s.push_str(&format!(
        "\nchecked: every row's parts sum to the reference's and the fast engine's final scores, and the engines agree on every turn and result: {}; identities: {held} hold, {} not applicable, {} fail\n",
        if bugs.is_empty() { "yes" } else { "NO" },
        c.identities
            .iter()
            .filter(|i| matches!(i.status, Status::NotApplicable(_)))
            .count(),
        c.identities
            .iter()
            .filter(|i| matches!(i.status, Status::Fails(_)))
            .count(),
    ));
    for b in bugs {
        s.push_str(&format!("BUG: {b}\n"));
    }
    s
}

fn parts_json(p: &Parts) -> Value {
    json!({
        "stones": p.stones,
        "territory": p.territory,
        "prisoners": p.prisoners(),
        "captures": p.captures,
        "dead": p.dead,
        "pass_stones": p.pass_stones,
        "pass_alive_emptied": p.pass_alive_emptied,
        "regions": p.regions,
        "tax": p.tax,
        "first_pass": json::half_points(p.first_pass),
        "handicap_compensation": p.compensation,
    })
}

fn row_json(row: &Row) -> Value {
    let mut m = Map::new();
    m.insert("ruleset".into(), json!(row.spec.label));
    m.insert("named".into(), json!(row.spec.named));
    m.insert("rules".into(), json::rules(&row.spec.rules, row.spec.komi));
    m.insert("komi".into(), json::half_points(row.spec.komi.value()));
    m.insert("turns".into(), json!(row.played));
    m.insert(
        "illegal".into(),
        match row.stop {
            None => Value::Null,
            Some(stop) => json!({
                "number": stop.number,
                "node": stop.turn.node,
                "color": stop.turn.player.letter(),
                "move": stop.turn.mv.gtp(),
                "reason": stop.illegal.reason(),
                "clause": stop.illegal.clause().id(),
            }),
        },
    );
    m.insert("over".into(), json!(row.over));
    m.insert("void".into(), json!(row.void));
    m.insert(
        "moves".into(),
        json!({"black": row.counts.moves[0], "white": row.counts.moves[1]}),
    );
    m.insert(
        "passes".into(),
        json!({"black": row.counts.passes[0], "white": row.counts.passes[1]}),
    );
    m.insert("handicap_passes".into(), json!(row.counts.handicap_passes));
    match &row.scored {
        Err(e) => {
            m.insert("error".into(), json!(e));
        }
        Ok(s) => {
            let b = &s.breakdown;
            m.insert("handicap".into(), json!(b.handicap));
            m.insert("first_passer".into(), json::player(b.first_passer));
            m.insert("neutral".into(), json!(b.neutral));
            m.insert("black".into(), parts_json(&b.black));
            m.insert("white".into(), parts_json(&b.white));
            m.insert(
                "score".into(),
                json!({
                    "black": json::half_points(s.score.black),
                    "white": json::half_points(s.score.white),
                }),
            );
            json::outcome_fields(s.outcome, &mut m);
        }
    }
    m.insert("checked".into(), json!(row.bugs.is_empty()));
    m.insert("bugs".into(), json!(row.bugs));
    Value::Object(m)
}

fn input_json(v: &Input) -> Value {
    match v {
        Input::Text(t) => json!(t),
        Input::Quarters(q) if q % 4 == 0 => json!(q / 4),
        Input::Quarters(q) => json!(*q as f64 / 4.0),
    }
}

/// `RU`, `--rules` or `default`.
fn rules_from(s: Source) -> &'static str {
    match s {
        Source::Record => "RU",
        Source::CommandLine => "--rules",
        Source::Default => "default",
    }
}

/// `KM`, `--komi` or `default` (the ruleset's).
fn komi_from(s: Source) -> &'static str {
    match s {
        Source::Record => "KM",
        Source::CommandLine => "--komi",
        Source::Default => "default",
    }
}

/// `marks` (TB/TW, r[rec.dead]), `--dead`, `proven`, `engine` or `none` (r[rec.dead.source]).
fn dead_from(s: &DeadSource) -> &'static str {
    match s {
        DeadSource::Flag => "--dead",
        other => other.word(),
    }
}

/// The comparison as one pretty-printed JSON object (see [`json_value`]).
pub fn json(c: &Comparison, file: &str) -> String {
    serde_json::to_string_pretty(&json_value(c, file)).expect("the comparison serialises")
}

/// The comparison as one JSON object: `file`, `size`, the `record` (game number, the rules and
/// komi `replay` plays and where they come from, turns, stop, warnings), `dead`, one object per
/// row in `rows`, every identity in `identities`, and `ok` (no bug found).
pub fn json_value(c: &Comparison, file: &str) -> Value {
    let g = &c.game;
    let identities: Vec<Value> = c
        .identities
        .iter()
        .map(|i| {
            let mut inputs = Map::new();
            for (k, v) in &i.inputs {
                inputs.insert(k.to_string(), input_json(v));
            }
            let (status, why) = match &i.status {
                Status::Holds => ("holds", None),
                Status::Fails(w) => ("fails", Some(w)),
                Status::NotApplicable(w) => ("not-applicable", Some(w)),
            };
            json!({
                "name": i.name,
                "clause": i.clause.id(),
                "ruleset": i.ruleset,
                "statement": i.statement,
                "inputs": inputs,
                "status": status,
                "why": why,
                "bugs": i.bugs,
            })
        })
        .collect();
    let bugs = c.bugs();
    json!({
        "file": file,
        "size": {"width": g.size().width(), "height": g.size().height()},
        "record": {
            "tree": g.tree,
            "trees": g.trees,
            "rules": g.rules.to_string(),
            "rules_from": rules_from(g.rules_from),
            "komi": json::half_points(g.komi.value()),
            "komi_from": komi_from(g.komi_from),
            "turns": g.turns.len(),
            "stop": g.stop.as_ref().map(|s| json!({
                "node": s.node,
                "move": s.move_number,
                "cause": s.cause.word(),
                "clause": s.cause.clause().id(),
                "text": s.text,
            })),
            "warnings": g.warnings,
        },
        "dead": points(&g.dead),
        "dead_from": dead_from(&g.dead_from),
        "dead_engine": g.dead_from.engine(),
        "rows": c.rows.iter().map(row_json).collect::<Vec<_>>(),
        "identities": identities,
        "ok": bugs.is_empty(),
        "bugs": bugs,
        "spec": ttrules_spec::SPEC_VERSION,
    })
}
