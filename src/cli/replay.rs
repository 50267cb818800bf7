//! `ttrules replay [--json] FILE.sgf`: replay the main line of a record and score it.

use crate::sgf::{self, Record};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_reference::Reference;
use ttrules_spec::{Engine, Grid, HalfPoints, Illegal, Komi, Move, Player, Point, Rules, Score};

#[derive(clap::Args)]
pub struct Args {
    /// Print one JSON object instead of a diagram.
    #[arg(long)]
    pub json: bool,
    /// The engine that judges the moves.
    #[arg(long, value_enum, default_value_t = EngineChoice::Reference)]
    pub engine: EngineChoice,
    /// The SGF file to replay.
    pub file: PathBuf,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// The naive reference engine (`ttrules-reference`).
    Reference,
}

/// What a replay found: every move judged up to the first illegal one, and the state it left.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub rules: Rules,
    pub komi: Komi,
    pub turns: Vec<TurnRecord>,
    pub illegal: Option<(TurnRecord, Illegal)>,
    pub over: bool,
    pub to_move: Player,
    pub grid: Grid,
    pub score: Score,
    pub legal_moves: Vec<Point>,
}

/// One move of the record as replayed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    /// 1 for the first move of the record.
    pub number: usize,
    /// The main-line node holding the move.
    pub node: usize,
    pub player: Player,
    pub mv: Move,
    pub legal: bool,
}

/// Replays `record` on a new game of `E`, stopping at the first illegal move.
pub fn replay<E: Engine>(record: &Record) -> Replay {
    let mut e = E::new(record.size, record.rules);
    let mut turns = Vec::new();
    let mut illegal = None;
    for (i, m) in record.moves.iter().enumerate() {
        let mut turn = TurnRecord {
            number: i + 1,
            node: m.node,
            player: m.player,
            mv: m.mv,
            legal: true,
        };
        debug_assert_eq!(m.player, e.to_move(), "the SGF reader enforces alternation");
        if let Err(why) = e.play(m.mv) {
            turn.legal = false;
            turns.push(turn);
            illegal = Some((turn, why));
            break;
        }
        turns.push(turn);
    }
    Replay {
        rules: record.rules,
        komi: record.komi,
        turns,
        illegal,
        over: e.is_over(),
        to_move: e.to_move(),
        grid: e.grid(),
        score: e.score(),
        legal_moves: e.legal_points(),
    }
}

/// The JSON document of `replay --json`. Field names are a contract other tools depend on.
#[derive(Serialize)]
struct JsonReplay<'a> {
    file: String,
    engine: &'a str,
    size: JsonSize,
    rules: String,
    komi: JsonNumber,
    turns: Vec<JsonTurn>,
    illegal: Option<JsonIllegal>,
    over: bool,
    to_move: &'static str,
    grid: Vec<String>,
    score: JsonScore,
    result: String,
    legal_moves: Vec<String>,
}

#[derive(Serialize)]
struct JsonSize {
    width: usize,
    height: usize,
}

#[derive(Serialize)]
struct JsonTurn {
    number: usize,
    node: usize,
    color: &'static str,
    #[serde(rename = "move")]
    mv: String,
    legal: bool,
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

impl Replay {
    fn to_json(&self, file: &str, engine: &str) -> String {
        let turn = |t: &TurnRecord| JsonTurn {
            number: t.number,
            node: t.node,
            color: t.player.letter(),
            mv: t.mv.gtp(),
            legal: t.legal,
        };
        let doc = JsonReplay {
            file: file.to_string(),
            engine,
            size: JsonSize {
                width: self.grid.size().width(),
                height: self.grid.size().height(),
            },
            rules: self.rules.to_string(),
            komi: self.komi.value().into(),
            turns: self.turns.iter().map(turn).collect(),
            illegal: self.illegal.map(|(t, why)| JsonIllegal {
                number: t.number,
                node: t.node,
                color: t.player.letter(),
                mv: t.mv.gtp(),
                reason: why.reason(),
                clause: why.clause().id(),
            }),
            over: self.over,
            to_move: self.to_move.letter(),
            grid: self.grid.rows(),
            score: JsonScore {
                black: self.score.black.into(),
                white: self.score.white.into(),
            },
            result: self.score.outcome(self.komi).sgf_result(),
            legal_moves: self.legal_moves.iter().map(|p| p.gtp()).collect(),
        };
        serde_json::to_string_pretty(&doc).expect("the replay document serialises")
    }

    fn to_text(&self, file: &str, engine: &str) -> String {
        let size = self.grid.size();
        let mut s = format!(
            "{file}: {size}, rules {}, komi {}, engine {engine}\n",
            self.rules, self.komi
        );
        let legal = self.turns.iter().filter(|t| t.legal).count();
        s.push_str(&format!("{legal} moves replayed\n"));
        if let Some((t, why)) = &self.illegal {
            s.push_str(&format!(
                "move {} ({} {}, node {}) is illegal: {why}; replay stopped there\n",
                t.number,
                t.player.letter(),
                t.mv,
                t.node
            ));
        }
        s.push_str(&self.grid.labelled());
        let result = self.score.outcome(self.komi).sgf_result();
        s.push_str(&format!(
            "score: Black {}, White {} (before komi {})\n",
            self.score.black, self.score.white, self.komi
        ));
        if self.over {
            s.push_str(&format!("result: {result} (the game is over)\n"));
        } else {
            s.push_str(&format!(
                "result if the game ended now: {result} (the game is not over; {} to move)\n",
                self.to_move
            ));
        }
        s
    }
}

/// Runs `ttrules replay`.
pub fn run(args: &Args) -> ExitCode {
    let file = args.file.display().to_string();
    let text = match std::fs::read(&args.file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            eprintln!("ttrules replay: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let record = match sgf::read(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("ttrules replay: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let (r, engine) = match args.engine {
        EngineChoice::Reference => (replay::<Reference>(&record), Reference::NAME),
    };
    let out = if args.json {
        r.to_json(&file, engine) + "\n"
    } else {
        r.to_text(&file, engine)
    };
    // A closed pipe is not an error worth a panic; say nothing more.
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    if r.illegal.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
