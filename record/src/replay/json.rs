//! The JSON document of `ttrules replay --json` / `--jsonl`: one object per game.
//!
//! Note: the document borrows the replay it describes, and names points and moves from a table
//! made once ([`point_name`]), so that writing a game allocates per game, not per move or point;
//! the table holds `Point::gtp` and `Move::gtp` as they write them, so the names are theirs.

mod line;
mod tables;

pub use line::JsonLines;

use super::{Replayed, TurnRecord};
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;
use std::borrow::Cow;
use std::sync::OnceLock;
use ttrules_sgf::Warning;
use ttrules_spec::{katago, HalfPoints, Komi, Move, PassAlive, Player, Point, Prisoners, Rules};

/// The widest board side of the table of names (r[tt.board.size]: no board is wider).
const SIDE: u8 = ttrules_spec::point::MAX_SIDE;

/// The GTP name of `p` (`Point::gtp`), from a table made once.
fn point_name(p: Point) -> Cow<'static, str> {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    if p.x >= SIDE || p.y >= SIDE {
        return Cow::Owned(p.gtp());
    }
    let names = NAMES.get_or_init(|| {
        (0..SIDE)
            .flat_map(|x| (0..SIDE).map(move |y| Point::new(x, y).gtp()))
            .collect()
    });
    Cow::Borrowed(&names[usize::from(p.x) * usize::from(SIDE) + usize::from(p.y)])
}

/// The GTP name of `m` (`Move::gtp`).
fn move_name(m: Move) -> Cow<'static, str> {
    match m {
        Move::Pass => Cow::Borrowed("pass"),
        Move::Play(p) => point_name(p),
    }
}

/// A list of points written as their GTP names.
struct Points<'a>(&'a [Point]);

impl Serialize for Points<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for &p in self.0 {
            seq.serialize_element(&point_name(p))?;
        }
        seq.end()
    }
}

/// The turns of a replay, each written as a [`JsonTurn`].
struct Turns<'a>(&'a [TurnRecord]);

impl Serialize for Turns<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for t in self.0 {
            seq.serialize_element(&JsonTurn {
                number: t.number,
                node: t.node,
                color: t.player.letter(),
                mv: move_name(t.mv),
                legal: t.legal,
                implied: t.implied,
            })?;
        }
        seq.end()
    }
}

/// Each player's pass-alive stones and territory (r[life.area]), as `ttrules_draw::life::json`
/// writes them.
#[derive(Serialize)]
struct JsonPassAlive<'a> {
    black: Points<'a>,
    white: Points<'a>,
}

impl<'a> JsonPassAlive<'a> {
    fn new(areas: &'a PassAlive) -> JsonPassAlive<'a> {
        JsonPassAlive {
            black: Points(&areas.black),
            white: Points(&areas.white),
        }
    }
}

/// The JSON document of `replay --json`, one per game ([`document`]): serde's serialisation of
/// the private `Doc` is its definition, and [`JsonReplay::compact`] writes the same text by hand.
pub struct JsonReplay<'a> {
    r: &'a Replayed,
}

impl Serialize for JsonReplay<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Doc::new(self.r).serialize(s)
    }
}

impl JsonReplay<'_> {
    /// One pretty-printed object.
    pub fn pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("the replay document serialises")
    }

    /// One object on one line (JSON Lines): `serde_json::to_string` of the document, written by
    /// hand ([`JsonLines`]). To write many, keep one [`JsonLines`].
    pub fn compact(&self) -> String {
        let mut lines = JsonLines::default();
        lines.write(self.r);
        String::from_utf8(lines.out.bytes().to_vec()).expect("JSON is UTF-8")
    }

    /// The object as a JSON value, for callers that add to it.
    pub fn value(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("the replay document serialises")
    }
}

/// The JSON document of one game as serde writes it. Field names are a contract other tools
/// depend on; [`line`] writes the same fields in the same order.
#[derive(Serialize)]
struct Doc<'a> {
    file: &'a str,
    /// The game's number in the file, from 1 (r[rec.trees]), and how many the file holds.
    tree: usize,
    trees: usize,
    engine: &'static str,
    size: JsonSize,
    rules: JsonRules,
    komi: JsonNumber,
    turns: Turns<'a>,
    illegal: Option<JsonIllegal>,
    over: bool,
    to_move: &'static str,
    grid: Vec<String>,
    captures: JsonCount,
    prisoners: Option<JsonCount>,
    first_passer: Option<&'static str>,
    handicap: u32,
    dead: Points<'a>,
    /// Where the dead stones come from: `none`, `flag`, `marks`, `proven` or `engine`
    /// (r[rec.dead.source]); the engine's command line; the seki stones it named.
    dead_from: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    dead_engine: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    seki: Option<Points<'a>>,
    score: JsonScore,
    result: String,
    winner: &'static str,
    legal_moves: Points<'a>,
    /// Each player's pass-alive stones and territory (r[life.area]).
    pass_alive: JsonPassAlive<'a>,
    /// `over`, `complete`, `illegal` or `stopped`.
    outcome: &'static str,
    /// Where the record stops being a game (r[rec.stop]).
    stop: Option<JsonStop<'a>>,
    /// The record's `RE` (r[rec.result]) and whether the rules agree (r[rec.result.agree]).
    re: Option<JsonRe<'a>>,
    re_agrees: Option<bool>,
    /// The warnings of r[rec.warnings].
    warnings: &'a [Warning],
    encoding: &'static str,
    /// `PB` and `PW`, decoded.
    players: JsonPlayers<'a>,
    /// The version of the rules text the replay follows (`ttrules_spec::SPEC_VERSION`).
    spec: &'static str,
}

#[derive(Serialize)]
struct JsonPlayers<'a> {
    black: Option<&'a str>,
    white: Option<&'a str>,
}

#[derive(Serialize)]
struct JsonStop<'a> {
    node: usize,
    #[serde(rename = "move")]
    move_number: usize,
    cause: &'static str,
    clause: &'static str,
    text: &'a str,
}

#[derive(Serialize)]
struct JsonRe<'a> {
    text: &'a str,
    kind: &'static str,
    winner: Option<&'static str>,
    margin: Option<f64>,
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
    mv: Cow<'static, str>,
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
    mv: Cow<'static, str>,
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
pub fn document(r: &Replayed) -> JsonReplay<'_> {
    JsonReplay { r }
}

impl<'a> Doc<'a> {
    fn new(r: &'a Replayed) -> Doc<'a> {
        let (game, this, g) = (&r.game, &r.replay, &r.record);
        Doc {
            file: &g.file,
            tree: g.tree,
            trees: g.trees,
            engine: r.engine,
            size: JsonSize {
                width: this.grid.size().width(),
                height: this.grid.size().height(),
            },
            rules: JsonRules::new(&game.rules, game.komi),
            komi: game.komi.value().into(),
            turns: Turns(&this.turns),
            illegal: this.illegal.map(|(t, why)| JsonIllegal {
                number: t.number,
                node: t.node,
                color: t.player.letter(),
                mv: move_name(t.mv),
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
            dead: Points(&game.dead),
            dead_from: r.dead_from.word(),
            dead_engine: r.dead_from.engine(),
            seki: r.seki.as_deref().map(Points),
            score: JsonScore {
                black: this.score.black.into(),
                white: this.score.white.into(),
            },
            result: this.outcome.sgf_result(),
            winner: this.outcome.winner_word(),
            legal_moves: Points(&this.legal_moves),
            pass_alive: JsonPassAlive::new(&this.pass_alive),
            outcome: r.outcome.word(),
            stop: r.stop.as_ref().map(|s| JsonStop {
                node: s.node,
                move_number: s.move_number,
                cause: s.cause.word(),
                clause: s.cause.clause().id(),
                text: &s.text,
            }),
            re: g.result.as_ref().map(|re| JsonRe {
                text: &re.text,
                kind: re.kind.word(),
                winner: re.winner.map(Player::letter),
                margin: re.margin,
            }),
            re_agrees: r.re_agrees,
            warnings: &r.warnings,
            encoding: g.encoding,
            players: JsonPlayers {
                black: g.black_name.as_deref(),
                white: g.white_name.as_deref(),
            },
            spec: ttrules_spec::SPEC_VERSION,
        }
    }
}
