//! The JSON document of `ttrules replay --json` / `--jsonl`: one object per game.

use super::{Replayed, TurnRecord};
use crate::Warning;
use serde::Serialize;
use ttrules_spec::{katago, HalfPoints, Komi, Player, Point, Prisoners, Rules};

/// The JSON document of `replay --json`, one per game. Field names are a contract other tools
/// depend on. This is the one place where the per-game object is built ([`document`]).
#[derive(Serialize)]
pub struct JsonReplay {
    file: String,
    /// The game's number in the file, from 1 (r[rec.trees]), and how many the file holds.
    tree: usize,
    trees: usize,
    engine: &'static str,
    size: JsonSize,
    rules: JsonRules,
    komi: JsonNumber,
    turns: Vec<JsonTurn>,
    illegal: Option<JsonIllegal>,
    over: bool,
    to_move: &'static str,
    grid: Vec<String>,
    captures: JsonCount,
    prisoners: Option<JsonCount>,
    first_passer: Option<&'static str>,
    handicap: u32,
    dead: Vec<String>,
    /// Where the dead stones come from: `none`, `flag`, `marks`, `proven` or `engine`
    /// (r[rec.dead.source]); the engine's command line; the seki stones it named.
    dead_from: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    dead_engine: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seki: Option<Vec<String>>,
    score: JsonScore,
    result: String,
    winner: &'static str,
    legal_moves: Vec<String>,
    /// Each player's pass-alive stones and territory (r[life.area]).
    pass_alive: ttrules_draw::life::JsonPassAlive,
    /// `over`, `complete`, `illegal` or `stopped`.
    outcome: &'static str,
    /// Where the record stops being a game (r[rec.stop]).
    stop: Option<JsonStop>,
    /// The record's `RE` (r[rec.result]) and whether the rules agree (r[rec.result.agree]).
    re: Option<JsonRe>,
    re_agrees: Option<bool>,
    /// The warnings of r[rec.warnings].
    warnings: Vec<Warning>,
    encoding: &'static str,
    /// `PB` and `PW`, decoded.
    players: JsonPlayers,
}

#[derive(Serialize)]
struct JsonPlayers {
    black: Option<String>,
    white: Option<String>,
}

#[derive(Serialize)]
struct JsonStop {
    node: usize,
    #[serde(rename = "move")]
    move_number: usize,
    cause: &'static str,
    clause: &'static str,
    text: String,
}

#[derive(Serialize)]
struct JsonRe {
    text: String,
    kind: &'static str,
    winner: Option<&'static str>,
    margin: Option<f64>,
}

impl JsonReplay {
    /// One pretty-printed object.
    pub fn pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("the replay document serialises")
    }

    /// One object on one line (JSON Lines).
    pub fn compact(&self) -> String {
        serde_json::to_string(self).expect("the replay document serialises")
    }

    /// The object as a JSON value, for callers that add to it.
    pub fn value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("the replay document serialises")
    }
}

#[derive(Serialize)]
struct JsonSize {
    width: usize,
    height: usize,
}

#[derive(Serialize)]
struct JsonRules {
    name: Option<&'static str>,
    repetition: &'static str,
    suicide: &'static str,
    counting: &'static str,
    tax: &'static str,
    pass_stones: &'static str,
    end: &'static str,
    first_pass: &'static str,
    ties: &'static str,
    handicap: &'static str,
    katago: String,
    katago_differences: Vec<&'static str>,
}

impl JsonRules {
    fn new(rules: &Rules, komi: Komi) -> JsonRules {
        let [repetition, suicide, counting, tax, pass_stones, end, first_pass, ties, handicap] =
            rules.parameters().map(|(_, v)| v);
        let (katago, katago_differences) = katago::write(rules, Some(komi));
        JsonRules {
            name: rules.name(),
            repetition,
            suicide,
            counting,
            tax,
            pass_stones,
            end,
            first_pass,
            ties,
            handicap,
            katago,
            katago_differences,
        }
    }
}

#[derive(Serialize)]
struct JsonTurn {
    number: usize,
    node: usize,
    color: &'static str,
    #[serde(rename = "move")]
    mv: String,
    legal: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    implied: bool,
}

#[derive(Serialize)]
struct JsonIllegal {
    number: usize,
    node: usize,
    color: &'static str,
    #[serde(rename = "move")]
    mv: String,
    reason: &'static str,
    clause: &'static str,
}

#[derive(Serialize)]
struct JsonScore {
    black: JsonNumber,
    white: JsonNumber,
}

#[derive(Serialize)]
struct JsonCount {
    black: u32,
    white: u32,
}

impl From<Prisoners> for JsonCount {
    fn from(p: Prisoners) -> JsonCount {
        JsonCount {
            black: p.black,
            white: p.white,
        }
    }
}

/// A number of half points as a JSON number: an integer when whole, else `x.5` (exact in binary).
#[derive(Serialize)]
#[serde(untagged)]
enum JsonNumber {
    Whole(i64),
    Half(f64),
}

impl From<HalfPoints> for JsonNumber {
    fn from(h: HalfPoints) -> JsonNumber {
        if h.is_whole() {
            JsonNumber::Whole(h.as_halves() / 2)
        } else {
            JsonNumber::Half(h.as_halves() as f64 / 2.0)
        }
    }
}

pub(super) fn points(ps: &[Point]) -> Vec<String> {
    ps.iter().map(|p| p.gtp()).collect()
}

/// The JSON document of one replayed game.
pub fn document(r: &Replayed) -> JsonReplay {
    let (game, this, g) = (&r.game, &r.replay, &r.record);
    {
        let turn = |t: &TurnRecord| JsonTurn {
            number: t.number,
            node: t.node,
            color: t.player.letter(),
            mv: t.mv.gtp(),
            legal: t.legal,
            implied: t.implied,
        };
        let doc = JsonReplay {
            file: g.file.clone(),
            tree: g.tree,
            trees: g.trees,
            engine: r.engine,
            size: JsonSize {
                width: this.grid.size().width(),
                height: this.grid.size().height(),
            },
            rules: JsonRules::new(&game.rules, game.komi),
            komi: game.komi.value().into(),
            turns: this.turns.iter().map(turn).collect(),
            illegal: this.illegal.map(|(t, why)| JsonIllegal {
                number: t.number,
                node: t.node,
                color: t.player.letter(),
                mv: t.mv.gtp(),
                reason: why.reason(),
                clause: why.clause().id(),
            }),
            over: this.over,
            to_move: this.to_move.letter(),
            grid: this.grid.rows(),
            captures: this.captures.into(),
            prisoners: (game.rules.counting == ttrules_spec::Counting::Territory)
                .then(|| this.prisoners.into()),
            first_passer: this.first_passer.map(Player::letter),
            handicap: this.handicap,
            dead: points(&game.dead),
            dead_from: r.dead_from.word(),
            dead_engine: r.dead_from.engine().map(str::to_string),
            seki: r.seki.as_deref().map(points),
            score: JsonScore {
                black: this.score.black.into(),
                white: this.score.white.into(),
            },
            result: this.outcome.sgf_result(),
            winner: this.outcome.winner_word(),
            legal_moves: points(&this.legal_moves),
            pass_alive: ttrules_draw::life::json(&this.pass_alive),
            outcome: r.outcome.word(),
            stop: r.stop.as_ref().map(|s| JsonStop {
                node: s.node,
                move_number: s.move_number,
                cause: s.cause.word(),
                clause: s.cause.clause().id(),
                text: s.text.clone(),
            }),
            re: g.result.as_ref().map(|re| JsonRe {
                text: re.text.clone(),
                kind: re.kind.word(),
                winner: re.winner.map(Player::letter),
                margin: re.margin,
            }),
            re_agrees: r.re_agrees,
            warnings: r.warnings.clone(),
            encoding: g.encoding,
            players: JsonPlayers {
                black: g.black_name.clone(),
                white: g.white_name.clone(),
            },
        };
        doc
    }
}
