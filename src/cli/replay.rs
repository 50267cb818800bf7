//! `ttrules replay [--json] [--rules R] [--komi K] [--dead POINTS] FILE.sgf`: replay the main line
//! of a record and score it.

use crate::sgf::{self, Record};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::vector::rules_by_any_name;
use ttrules_spec::{
    katago, DeadError, Engine, Grid, HalfPoints, Illegal, Komi, Move, Outcome, Player, Point,
    Prisoners, Rules, Score, Setup, SetupError,
};

#[derive(clap::Args)]
pub struct Args {
    /// Print one JSON object instead of a diagram.
    #[arg(long)]
    pub json: bool,
    /// The engine that judges the moves (both agree on every observable; see the fuzzing).
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    /// The rules: a ruleset name (tromp-taylor, chinese, japanese, aga, …), a KataGo rules string,
    /// or a parameter list. Overrides the record's RU; default tromp-taylor.
    #[arg(long)]
    pub rules: Option<String>,
    /// The komi, a multiple of 0.5. Overrides the record's KM; default: the ruleset's komi.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Stones agreed dead at the end, as GTP points separated by commas or spaces (r[var.count.dead]).
    #[arg(long)]
    pub dead: Option<String>,
    /// Score the game under every named ruleset (and `--rules`, if given) side by side, with each
    /// score taken apart and the identities of the rulesets comparison checked on the game.
    #[arg(long)]
    pub compare: bool,
    /// The SGF file to replay.
    pub file: PathBuf,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineChoice {
    /// The engine-speed implementation (`ttrules-fast`).
    Fast,
    /// The naive reference engine (`ttrules-reference`), the correctness anchor.
    Reference,
}

/// The game a replay plays: the record with the command line's choices applied.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub rules: Rules,
    pub komi: Komi,
    pub setup: Setup,
    pub moves: Vec<sgf::RecordMove>,
    pub dead: Vec<Point>,
}

impl Game {
    /// The game `record` describes: its rules (`RU`, default Tromp-Taylor), its komi (`KM`, default
    /// the ruleset's), no dead stones.
    pub fn from_record(record: Record) -> Game {
        let (rules, named_komi) = record
            .rules
            .unwrap_or((Rules::TROMP_TAYLOR, Some(Komi::ZERO)));
        Game {
            rules,
            komi: record.komi.or(named_komi).unwrap_or(Komi::ZERO),
            setup: record.setup,
            moves: record.moves,
            dead: Vec::new(),
        }
    }

    /// Applies `--rules`, `--komi` and `--dead` to `record`.
    pub fn new(record: Record, args: &Args) -> Result<Game, String> {
        let (rules, named_komi) = match &args.rules {
            Some(name) => rules_by_any_name(name).map_err(|e| format!("--rules: {e}"))?,
            None => record
                .rules
                .unwrap_or((Rules::TROMP_TAYLOR, Some(Komi::ZERO))),
        };
        let komi = match &args.komi {
            Some(k) => k.parse().map_err(|e| format!("--komi: {e}"))?,
            None => record.komi.or(named_komi).unwrap_or(Komi::ZERO),
        };
        let dead = match &args.dead {
            None => Vec::new(),
            Some(list) => list
                .split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(|s| Point::parse_gtp_on(s, record.size).map_err(|e| format!("--dead: {e}")))
                .collect::<Result<_, _>>()?,
        };
        Ok(Game {
            rules,
            komi,
            setup: record.setup,
            moves: record.moves,
            dead,
        })
    }
}

/// What a replay found: every move judged up to the first illegal one, and the state it left.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub turns: Vec<TurnRecord>,
    pub illegal: Option<(TurnRecord, Illegal)>,
    pub over: bool,
    pub to_move: Player,
    pub grid: Grid,
    pub captures: Prisoners,
    pub prisoners: Prisoners,
    pub first_passer: Option<Player>,
    pub handicap: u32,
    pub score: Score,
    pub outcome: Outcome,
    pub legal_moves: Vec<Point>,
}

/// One move of the record as replayed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    /// 1 for the first turn.
    pub number: usize,
    /// The main-line node holding the move.
    pub node: usize,
    pub player: Player,
    pub mv: Move,
    pub legal: bool,
    pub implied: bool,
}

/// Why a game could not be replayed at all.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("{0}")]
    Setup(#[from] SetupError),
    #[error("{0}")]
    Dead(#[from] DeadError),
}

/// Replays `game` on a new game of `E`, stopping at the first illegal move.
pub fn replay<E: Engine>(game: &Game) -> Result<Replay, ReplayError> {
    let mut e = E::from_setup(&game.setup, game.rules)?;
    let mut turns = Vec::new();
    let mut illegal = None;
    let mut captures = Prisoners::default();
    for (i, m) in game.moves.iter().enumerate() {
        let mut turn = TurnRecord {
            number: i + 1,
            node: m.node,
            player: m.player,
            mv: m.mv,
            legal: true,
            implied: m.implied,
        };
        debug_assert_eq!(m.player, e.to_move(), "the SGF reader enforces alternation");
        match e.play(m.mv) {
            Ok(report) => match m.player {
                Player::Black => captures.black += report.captured as u32,
                Player::White => captures.white += report.captured as u32,
            },
            Err(why) => {
                turn.legal = false;
                turns.push(turn);
                illegal = Some((turn, why));
                break;
            }
        }
        turns.push(turn);
    }
    let score = e.score_with_dead(&game.dead)?;
    let outcome = e.outcome(game.komi, &game.dead)?;
    let mut prisoners = e.prisoners();
    let mut dead = game.dead.clone();
    dead.sort();
    dead.dedup();
    for &p in &dead {
        match e.colour_at(p).player() {
            Some(Player::Black) => prisoners.white += 1,
            Some(Player::White) => prisoners.black += 1,
            None => {}
        }
    }
    Ok(Replay {
        turns,
        illegal,
        over: e.is_over(),
        to_move: e.to_move(),
        grid: e.grid(),
        captures,
        prisoners,
        first_passer: e.first_passer(),
        handicap: e.handicap(),
        score,
        outcome,
        legal_moves: e.legal_points(),
    })
}

/// The JSON document of `replay --json`. Field names are a contract other tools depend on.
#[derive(Serialize)]
struct JsonReplay<'a> {
    file: String,
    engine: &'a str,
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
    score: JsonScore,
    result: String,
    winner: &'static str,
    legal_moves: Vec<String>,
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

fn points(ps: &[Point]) -> Vec<String> {
    ps.iter().map(|p| p.gtp()).collect()
}

impl Replay {
    fn to_json(&self, game: &Game, file: &str, engine: &str) -> String {
        let turn = |t: &TurnRecord| JsonTurn {
            number: t.number,
            node: t.node,
            color: t.player.letter(),
            mv: t.mv.gtp(),
            legal: t.legal,
            implied: t.implied,
        };
        let doc = JsonReplay {
            file: file.to_string(),
            engine,
            size: JsonSize {
                width: self.grid.size().width(),
                height: self.grid.size().height(),
            },
            rules: JsonRules::new(&game.rules, game.komi),
            komi: game.komi.value().into(),
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
            captures: self.captures.into(),
            prisoners: (game.rules.counting == ttrules_spec::Counting::Territory)
                .then(|| self.prisoners.into()),
            first_passer: self.first_passer.map(Player::letter),
            handicap: self.handicap,
            dead: points(&game.dead),
            score: JsonScore {
                black: self.score.black.into(),
                white: self.score.white.into(),
            },
            result: self.outcome.sgf_result(),
            winner: self.outcome.winner_word(),
            legal_moves: points(&self.legal_moves),
        };
        serde_json::to_string_pretty(&doc).expect("the replay document serialises")
    }

    fn to_text(&self, game: &Game, file: &str, engine: &str) -> String {
        let size = self.grid.size();
        let mut s = format!(
            "{file}: {size}, rules {}, komi {}, engine {engine}\n",
            game.rules, game.komi
        );
        let legal = self.turns.iter().filter(|t| t.legal && !t.implied).count();
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
        if !game.dead.is_empty() {
            s.push_str(&format!("dead: {}\n", points(&game.dead).join(" ")));
        }
        let result = self.outcome.sgf_result();
        s.push_str(&format!(
            "score: Black {}, White {} (before komi {})\n",
            self.score.black, self.score.white, game.komi
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
    if args.compare {
        return crate::compare::run(args);
    }
    let file = args.file.display().to_string();
    let fail = |msg: String| {
        eprintln!("ttrules replay: {file}: {msg}");
        ExitCode::from(2)
    };
    let text = match std::fs::read(&args.file) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => return fail(e.to_string()),
    };
    let record = match sgf::read(&text) {
        Ok(r) => r,
        Err(e) => return fail(e.to_string()),
    };
    let game = match Game::new(record, args) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let (r, engine) = match args.engine {
        EngineChoice::Fast => (replay::<Fast>(&game), Fast::NAME),
        EngineChoice::Reference => (replay::<Reference>(&game), Reference::NAME),
    };
    let r = match r {
        Ok(r) => r,
        Err(e) => return fail(e.to_string()),
    };
    let out = if args.json {
        r.to_json(&game, &file, engine) + "\n"
    } else {
        r.to_text(&game, &file, engine)
    };
    // A closed pipe is not an error worth a panic; say nothing more.
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    if r.illegal.is_some() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
