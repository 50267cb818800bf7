//! The two tables' columns: name, Arrow type, whether it may be null, and what it holds. The book's
//! page (docs/src/guide/datasets.md) documents the same list, and a test compares it with the
//! schema of a written file.
//!
//! Note: the types are chosen for the tools that read them (pandas, polars, DuckDB, pyarrow):
//! strings that repeat (a few words, the players, the rules) are dictionary-encoded, with 8-bit
//! keys for the closed vocabularies of the code's own words and 32-bit keys for what the records
//! write; counts are the smallest unsigned integers that hold any legal value; what a game may
//! lack is nullable.

use arrow_schema::{DataType, Field, Fields, Schema, SchemaRef};
use std::sync::{Arc, OnceLock};

/// The kinds of column types the tables use, by their short names in the book.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    U8,
    U16,
    U32,
    U64,
    F64,
    Bool,
    Str,
    /// A dictionary-encoded string with 8-, 16- or 32-bit keys.
    Dict8,
    Dict16,
    Dict32,
    /// The warnings: a list of `{kind, node, text}`.
    Warnings,
}

impl Kind {
    /// The Arrow type.
    pub fn data_type(self) -> DataType {
        let dict = |k: DataType| DataType::Dictionary(Box::new(k), Box::new(DataType::Utf8));
        match self {
            Kind::U8 => DataType::UInt8,
            Kind::U16 => DataType::UInt16,
            Kind::U32 => DataType::UInt32,
            Kind::U64 => DataType::UInt64,
            Kind::F64 => DataType::Float64,
            Kind::Bool => DataType::Boolean,
            Kind::Str => DataType::Utf8,
            Kind::Dict8 => dict(DataType::Int8),
            Kind::Dict16 => dict(DataType::Int16),
            Kind::Dict32 => dict(DataType::Int32),
            Kind::Warnings => DataType::List(Arc::new(Field::new(
                "item",
                DataType::Struct(warning_fields()),
                false,
            ))),
        }
    }
}

/// The fields of one warning (r[rec.warnings]).
pub fn warning_fields() -> Fields {
    Fields::from(vec![
        Field::new("kind", DataType::Utf8, false),
        Field::new("node", DataType::UInt32, true),
        Field::new("text", DataType::Utf8, false),
    ])
}

/// One column: its name, type, whether it may be null, and a sentence for the book.
#[derive(Copy, Clone, Debug)]
pub struct Column {
    pub name: &'static str,
    pub kind: Kind,
    pub nullable: bool,
    pub doc: &'static str,
}

const fn col(name: &'static str, kind: Kind, nullable: bool, doc: &'static str) -> Column {
    Column {
        name,
        kind,
        nullable,
        doc,
    }
}

use Kind::*;

/// The games table: one row per game (or per file or table row that could not be read).
pub const GAMES: &[Column] = &[
    col("game", U64, false, "the game's number in the run, from 0 (in shard K of N: the shard's i-th game is i × N + K − 1); the key of the moves table"),
    col("file", Str, false, "the SGF file as named, or the table (`--sgf-column`)"),
    col("row", U64, true, "the table's row, from 0 (`--sgf-column`)"),
    col("id", Str, true, "the table's `--id-column` value"),
    col("tree", U32, true, "the game's number in its file, from 1 (null: the whole file refused)"),
    col("trees", U32, true, "how many games the file holds"),
    col("outcome", Dict8, false, "over, complete, illegal, stopped or refused"),
    col("error_kind", Dict8, true, "a refused game's kind (unreadable, not-go, size, setup, strict, …)"),
    col("error_message", Str, true, "a refused game's message"),
    col("engine", Dict8, true, "the engine that judged the moves"),
    col("width", U8, true, "the board's width"),
    col("height", U8, true, "the board's height"),
    col("black_player", Dict32, true, "PB, decoded"),
    col("white_player", Dict32, true, "PW, decoded"),
    col("black_rank", Dict32, true, "BR as written"),
    col("white_rank", Dict32, true, "WR as written"),
    col("date", Dict32, true, "DT as written"),
    col("event", Dict32, true, "EV as written"),
    col("ru", Dict32, true, "RU as written"),
    col("km", Dict32, true, "KM as written"),
    col("ha", Dict32, true, "HA as written"),
    col("rules", Dict8, true, "the ruleset applied, by name (null: parameters no ruleset names)"),
    col("rules_katago", Dict32, true, "the rules and komi applied, as a KataGo rules string"),
    col("rules_from", Dict8, true, "where the rules come from: record, command-line or default"),
    col("rules_repetition", Dict8, true, "the rules' repetition parameter"),
    col("rules_suicide", Dict8, true, "the rules' suicide parameter"),
    col("rules_counting", Dict8, true, "the rules' counting parameter"),
    col("rules_tax", Dict8, true, "the rules' tax parameter"),
    col("rules_pass_stones", Dict8, true, "the rules' pass-stones parameter"),
    col("rules_end", Dict8, true, "the rules' end parameter"),
    col("rules_first_pass", Dict8, true, "the rules' first-pass parameter"),
    col("rules_ties", Dict8, true, "the rules' ties parameter"),
    col("rules_handicap", Dict8, true, "the rules' handicap parameter"),
    col("komi", F64, true, "the komi applied"),
    col("komi_from", Dict8, true, "where the komi comes from: record, command-line or default"),
    col("handicap", U16, true, "the handicap stones placed"),
    col("turns", U32, true, "the turns replayed (an illegal one included)"),
    col("illegal_turn", U32, true, "the first illegal turn's number, from 1"),
    col("illegal_node", U32, true, "its node"),
    col("illegal_colour", Dict8, true, "its colour, B or W"),
    col("illegal_move", Dict16, true, "its move (GTP point or pass)"),
    col("illegal_reason", Dict8, true, "why it is illegal"),
    col("illegal_clause", Dict8, true, "the clause that says so"),
    col("stop_cause", Dict8, true, "where the record stops being a game: the cause (r[rec.stop])"),
    col("stop_clause", Dict8, true, "its clause"),
    col("stop_node", U32, true, "its node"),
    col("stop_move", U32, true, "the number of the move that would have come next"),
    col("stop_text", Dict32, true, "its sentence"),
    col("over", Bool, true, "whether the game reached its end"),
    col("to_move", Dict8, true, "the player to move at the end, B or W"),
    col("first_passer", Dict8, true, "who passed first, B or W"),
    col("score_black", F64, true, "Black's score"),
    col("score_white", F64, true, "White's score (komi included)"),
    col("captures_black", U32, true, "the stones Black captured"),
    col("captures_white", U32, true, "the stones White captured"),
    col("prisoners_black", U32, true, "Black's prisoners, dead stones included (territory counting only)"),
    col("prisoners_white", U32, true, "White's prisoners, dead stones included (territory counting only)"),
    col("dead_from", Dict8, true, "where the dead stones come from: none, flag, marks, proven or engine"),
    col("dead_engine", Dict32, true, "the engine's command line (dead_from engine)"),
    col("dead_stones", U16, true, "how many stones count as dead"),
    col("seki_stones", U16, true, "how many stones the engine named in seki (dead_from engine)"),
    col("result", Dict32, true, "the result the rules give, as SGF's RE writes it"),
    col("winner", Dict8, true, "B, W, tie or void"),
    col("margin", F64, true, "the winner's margin (0 for a tie)"),
    col("re", Dict32, true, "the record's RE as written"),
    col("re_kind", Dict8, true, "what RE says: score, win, resign, time, forfeit, draw, void, unknown, other"),
    col("re_winner", Dict8, true, "the winner RE names, B or W"),
    col("re_margin", F64, true, "the margin RE writes"),
    col("re_agrees", Bool, true, "whether the rules' result agrees with RE (null: not compared)"),
    col("warnings", Warnings, true, "the warnings of the record, each {kind, node, text}"),
    col("encoding", Dict8, true, "the record's text encoding"),
    col("spec", Dict8, false, "the version of the rules text followed"),
];

/// The moves table (`--moves`): one row per turn replayed.
pub const MOVES: &[Column] = &[
    col(
        "game",
        U64,
        false,
        "the game's number (the games table's `game`)",
    ),
    col("turn", U32, false, "the turn's number, from 1"),
    col("node", U32, false, "the main-line node holding it"),
    col("colour", Dict8, false, "B or W"),
    col("move", Dict16, false, "the GTP point, or pass"),
    col(
        "x",
        U8,
        true,
        "the point's column, from 0 at the left (null: a pass)",
    ),
    col(
        "y",
        U8,
        true,
        "the point's row, from 0 at the bottom (null: a pass)",
    ),
    col("legal", Bool, false, "whether the turn is legal"),
    col("implied", Bool, false, "a pass the record does not write"),
    col("captures", U16, false, "the opponent's stones it captured"),
    col("reason", Dict8, true, "why an illegal turn is illegal"),
    col("clause", Dict8, true, "the clause that says so"),
    col(
        "hash",
        U64,
        true,
        "the position's hash after the turn (`--hashes`; null: an illegal turn)",
    ),
];

fn schema(cols: &[Column]) -> SchemaRef {
    Arc::new(Schema::new(
        cols.iter()
            .map(|c| Field::new(c.name, c.kind.data_type(), c.nullable))
            .collect::<Vec<_>>(),
    ))
}

/// The games table's schema.
pub fn games_schema() -> SchemaRef {
    static S: OnceLock<SchemaRef> = OnceLock::new();
    S.get_or_init(|| schema(GAMES)).clone()
}

/// The moves table's schema.
pub fn moves_schema() -> SchemaRef {
    static S: OnceLock<SchemaRef> = OnceLock::new();
    S.get_or_init(|| schema(MOVES)).clone()
}
