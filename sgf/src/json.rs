//! Small JSON helpers shared by the machine-readable outputs of `replay --compare` and
//! `export-vectors`: exact numbers and the full parameter list of a ruleset.

use serde_json::{json, Map, Value};
use ttrules_spec::{katago, HalfPoints, Komi, Outcome, Player, Rules};

/// A number of half points as a JSON number: an integer when whole, else `x.5` (exact in binary).
pub fn half_points(h: HalfPoints) -> Value {
    if h.is_whole() {
        json!(h.as_halves() / 2)
    } else {
        json!(h.as_halves() as f64 / 2.0)
    }
}

/// A ruleset as JSON: its `name` (null when it has none) and every parameter of r[var.params] by
/// the words of `Rules::parameters`, then the nearest KataGo string with its differences
/// (r[var.katago.differences]) for the game's `komi`.
pub fn rules(rules: &Rules, komi: Komi) -> Value {
    let mut m = Map::new();
    m.insert("name".into(), json!(rules.name()));
    for (k, v) in rules.parameters() {
        m.insert(k.into(), json!(v));
    }
    let (string, differences) = katago::write(rules, Some(komi));
    m.insert("katago".into(), json!(string));
    m.insert("katago_differences".into(), json!(differences));
    Value::Object(m)
}

/// `"B"`, `"W"` or null.
pub fn player(p: Option<Player>) -> Value {
    json!(p.map(Player::letter))
}

/// The `result` (as SGF `RE` writes it) and `winner` (`B`, `W`, `tie` or `void`) of an outcome.
pub fn outcome_fields(o: Outcome, into: &mut Map<String, Value>) {
    into.insert("result".into(), json!(o.sgf_result()));
    into.insert("winner".into(), json!(o.winner_word()));
}
