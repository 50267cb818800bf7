//! `ttrules replay`: replay the main line of each game of SGF records and score it (spec Part
//! III for reading, Parts I and II for playing). One file prints a report per game; several files
//! or a directory are replayed in bulk, in parallel ([`bulk`]).

mod bulk;
mod json;

use crate::dead_from::{self, DeadFrom, Source};
use crate::record::{self, GameRecord, Overrides, Stop, StopCause, Warning};
use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::vector::rules_by_any_name;
use ttrules_spec::{
    DeadError, Engine, Grid, Illegal, Komi, Move, Outcome, PassAlive, Player, Point, Prisoners,
    Rules, Score, Setup, SetupError, Size,
};

pub use bulk::{collect_files, replay_all, Summary};
pub use json::{document, JsonReplay};

#[derive(clap::Args, Clone, Debug)]
pub struct Args {
    /// Print a JSON object per game instead of a diagram (one pretty object per game, one after
    /// another, when a file holds several).
    #[arg(long)]
    pub json: bool,
    /// Print one compact JSON object per game and line (JSON Lines); in bulk mode the records.
    #[arg(long, conflicts_with = "json")]
    pub jsonl: bool,
    /// The engine that judges the moves (both agree on every observable; see the fuzzing).
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    /// The rules: a ruleset name (tromp-taylor, chinese, japanese, aga, …), a KataGo rules string,
    /// or a parameter list. Overrides the record's RU; default tromp-taylor (r[rec.override]).
    #[arg(long)]
    pub rules: Option<String>,
    /// The komi, a multiple of 0.5. Overrides the record's KM; default: the ruleset's komi.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// The handicap: read the record as if it had HA[N] (r[rec.handicap]).
    #[arg(long)]
    pub handicap: Option<u32>,
    /// Stones agreed dead at the end, as GTP points separated by commas or spaces (r[var.count.dead]);
    /// replaces the record's TB/TW marks (r[rec.dead]).
    #[arg(long)]
    pub dead: Option<String>,
    /// Where the dead stones of a finished record without marks come from (r[rec.dead.source]):
    /// `marks` (the default: none without marks), `proven` (the stones standing in the opponent's
    /// pass-alive territory, r[rec.dead.proven]) or a GTP engine's command line, e.g.
    /// "gnugo --mode gtp" (its `final_status_list dead`: its judgement, r[rec.dead.engine]).
    #[arg(long, value_name = "SOURCE", conflicts_with = "dead")]
    pub dead_from: Option<String>,
    /// The timeout of each command sent to the --dead-from engine, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub dead_from_timeout: f64,
    /// Score the game under every named ruleset (and `--rules`, if given) side by side, with each
    /// score taken apart and the identities of the rulesets comparison checked on the game (one
    /// file; with several games in it, the first or `--game N`).
    #[arg(long)]
    pub compare: bool,
    /// Also write the final board as SVG (dead stones crossed, territory marked); with several
    /// games in the file, one file per game, `-N` added before the extension.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also print a diagram marking each player's pass-alive area (r[life.area]).
    #[arg(long)]
    pub pass_alive: bool,
    /// Refuse (status 2) every record that needs a repair or an interpretation beyond SGF FF[4]
    /// and the spec (r[rec.override]).
    #[arg(long)]
    pub strict: bool,
    /// Replay only game N (from 1) of a file holding several (r[rec.trees]); one file only.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Bulk mode: write each record as soon as it is replayed, in no fixed order (default: in
    /// the order of the sorted file list, which is the same on every run).
    #[arg(long)]
    pub unordered: bool,
    /// Bulk mode: also write the summary as a JSON object to this file (`-`: stdout, after the
    /// records).
    #[arg(long, value_name = "PATH")]
    pub summary_json: Option<PathBuf>,
    /// SGF files, or directories searched recursively for `*.sgf`. One file: a report per game;
    /// more, or a directory: bulk mode, with a summary on stderr.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
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
    pub moves: Vec<record::RecordMove>,
    pub dead: Vec<Point>,
}

impl Game {
    /// The game `record` describes: its rules (`RU`, default Tromp-Taylor), its komi (`KM`, default
    /// the ruleset's), no dead stones.
    pub fn from_record(record: crate::sgf::Record) -> Game {
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

    /// The game of a record read by [`record::read`], with no dead stones.
    pub fn from_game_record(g: &GameRecord) -> Game {
        Game {
            rules: g.rules,
            komi: g.komi,
            setup: g.setup.clone(),
            moves: g.moves.clone(),
            dead: Vec::new(),
        }
    }
}

/// What the command line overrides (r[rec.override]), read once.
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub overrides: Overrides,
    /// `--dead` as written (parsed per record, on its board).
    pub dead: Option<String>,
    /// `--dead-from` (r[rec.dead.source]).
    pub dead_from: Option<DeadFrom>,
    pub engine: Option<EngineChoice>,
}

impl Options {
    pub fn new(args: &Args) -> Result<Options, String> {
        let rules = match &args.rules {
            Some(name) => Some(rules_by_any_name(name).map_err(|e| format!("--rules: {e}"))?),
            None => None,
        };
        let komi = match &args.komi {
            Some(k) => Some(k.parse().map_err(|e| format!("--komi: {e}"))?),
            None => None,
        };
        Ok(Options {
            overrides: Overrides {
                rules,
                komi,
                handicap: args.handicap,
                strict: args.strict,
            },
            dead: args.dead.clone(),
            dead_from: dead_from_arg(args.dead_from.as_deref(), args.dead_from_timeout)?,
            engine: Some(args.engine),
        })
    }
}

/// `--dead-from` and its timeout, read (r[rec.dead.source]).
pub fn dead_from_arg(text: Option<&str>, seconds: f64) -> Result<Option<DeadFrom>, String> {
    let timeout = std::time::Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| {
            format!("--dead-from-timeout {seconds}: not a positive number of seconds")
        })?;
    text.map(|t| DeadFrom::parse(t, timeout)).transpose()
}

/// What a replay found: every move judged up to the first illegal one, and the state it left.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub turns: Vec<TurnRecord>,
    pub illegal: Option<(TurnRecord, Illegal)>,
    /// The index in `Game::moves` of the first move after the end of the game, if any
    /// (r[rec.stop.after-end]).
    pub after_end: Option<usize>,
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
    /// Each player's pass-alive area at the end of the replay (r[life.area]).
    pub pass_alive: PassAlive,
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
    let mut after_end = None;
    for (i, m) in game.moves.iter().enumerate() {
        // r[rec.resume]: a move marked `RESUME` after an end that is not void resumes the game;
        // r[rec.stop.after-end]: any other turn after the end is not part of the game.
        if e.is_over() && !(m.resume && e.resume().is_ok()) {
            after_end = Some(i);
            break;
        }
        let mut turn = TurnRecord {
            number: i + 1,
            node: m.node,
            player: m.player,
            mv: m.mv,
            legal: true,
            implied: m.implied,
        };
        debug_assert_eq!(
            m.player,
            e.to_move(),
            "the record reader enforces alternation"
        );
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
        after_end,
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
        pass_alive: e.pass_alive(),
    })
}

/// How one record ended, for reports and summaries.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RecordOutcome {
    /// Every move replayed and the game reached its end.
    Over,
    /// Every move replayed; the game did not reach its end (a resignation, a timeout, …).
    Complete,
    /// Replayed up to an illegal move.
    Illegal,
    /// Replayed up to where the record stops being a game (r[rec.stop]).
    Stopped,
    /// Not replayed: refused (status 2).
    Refused,
}

impl RecordOutcome {
    pub fn word(self) -> &'static str {
        match self {
            RecordOutcome::Over => "over",
            RecordOutcome::Complete => "complete",
            RecordOutcome::Illegal => "illegal",
            RecordOutcome::Stopped => "stopped",
            RecordOutcome::Refused => "refused",
        }
    }

    /// The exit status of r[rec.stop]: 0, 1 for an illegal move or a stop, 2 for a refusal.
    pub fn status(self) -> u8 {
        match self {
            RecordOutcome::Over | RecordOutcome::Complete => 0,
            RecordOutcome::Illegal | RecordOutcome::Stopped => 1,
            RecordOutcome::Refused => 2,
        }
    }
}

/// One record replayed: the game, its replay, and what the record adds (warnings, stop, `RE`).
#[derive(Clone, Debug)]
pub struct Replayed {
    pub record: GameRecord,
    pub game: Game,
    pub replay: Replay,
    pub engine: &'static str,
    pub warnings: Vec<Warning>,
    pub stop: Option<Stop>,
    pub re_agrees: Option<bool>,
    pub outcome: RecordOutcome,
    /// Where the dead stones come from (r[rec.dead.source]), and the seki stones an engine named.
    pub dead_from: Source,
    pub seki: Option<Vec<Point>>,
}

/// A record that could not be replayed, and where.
#[derive(Clone, Debug)]
pub struct Refused {
    pub file: String,
    /// The game's number in the file; `None` when the whole file is unreadable.
    pub tree: Option<usize>,
    pub kind: &'static str,
    pub message: String,
}

fn run_engine(game: &Game, engine: EngineChoice) -> (Result<Replay, ReplayError>, &'static str) {
    match engine {
        EngineChoice::Fast => (replay::<Fast>(game), Fast::NAME),
        EngineChoice::Reference => (replay::<Reference>(game), Reference::NAME),
    }
}

/// `--dead` as written: GTP points separated by commas or spaces, on a board of `size`
/// (r[var.count.dead]).
pub fn parse_dead(list: &str, size: Size) -> Result<Vec<Point>, String> {
    list.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| Point::parse_gtp_on(s, size).map_err(|e| format!("--dead: {e}")))
        .collect()
}

/// Prints the warnings of a record on stderr, one line each, as `replay` prints them:
/// `PROGRAM: AT: node N: warning (KIND): TEXT` (r[rec.warnings]).
pub fn print_warnings(program: &str, at: &str, warnings: &[Warning]) {
    for w in warnings {
        match w.node {
            Some(n) => eprintln!(
                "{program}: {at}: node {n}: warning ({}): {}",
                w.kind, w.text
            ),
            None => eprintln!("{program}: {at}: warning ({}): {}", w.kind, w.text),
        }
    }
}

/// Replays one record read by [`record::read`] with the command line's options: the stops of
/// r[rec.stop], the dead stones of r[rec.dead] or `--dead`, and r[rec.result.agree].
pub fn replay_record(g: GameRecord, opts: &Options) -> Result<Replayed, Refused> {
    let refuse = |kind, message: String| Refused {
        file: g.file.clone(),
        tree: Some(g.tree),
        kind,
        message,
    };
    let engine = opts.engine.unwrap_or(EngineChoice::Fast);
    let mut game = Game::from_game_record(&g);
    let mut warnings = g.warnings.clone();
    let (first, name) = run_engine(&game, engine);
    let mut r = first.map_err(|e| refuse("setup", e.to_string()))?;
    let reached_end_of_record = r.illegal.is_none() && r.after_end.is_none() && g.stop.is_none();
    let dead = match &opts.dead {
        Some(list) => Some(parse_dead(list, g.size).map_err(|e| refuse("dead", e))?),
        None => match &g.marks {
            Some(m) if reached_end_of_record => Some(m.dead(&r.grid)),
            Some(m) => {
                warnings.push(Warning {
                    kind: "dead-marks",
                    node: Some(m.node),
                    text: "the replay does not reach the node with the territory marks; they are not used (r[rec.dead])".into(),
                });
                None
            }
            None => None,
        },
    };
    // r[rec.dead.source]: --dead, the marks, else --dead-from for a game that ended.
    let mut dead_from = match (&opts.dead, &dead) {
        (Some(_), _) => Source::Flag,
        (None, Some(_)) => Source::Marks,
        (None, None) => Source::None,
    };
    let mut seki = None;
    let dead = match (dead, &opts.dead_from) {
        (None, Some(from)) if reached_end_of_record && r.over => {
            let turns: Vec<_> = game.moves.iter().map(|m| (m.player, m.mv)).collect();
            let ended = dead_from::Ended {
                setup: &game.setup,
                komi: game.komi,
                turns: &turns,
                grid: &r.grid,
                pass_alive: &r.pass_alive,
            };
            let judged = dead_from::judge(from, &ended).map_err(|e| refuse("dead-from", e))?;
            judged.map(|j| {
                (dead_from, seki) = (j.source, j.seki);
                j.dead
            })
        }
        (dead, _) => dead,
    };
    if let Some(dead) = dead.filter(|d| !d.is_empty() || opts.dead.is_some()) {
        game.dead = dead;
        r = run_engine(&game, engine)
            .0
            .map_err(|e| refuse("dead", e.to_string()))?;
    }
    let stop = match (r.illegal, r.after_end) {
        (Some(_), _) => None,
        (None, Some(i)) => Some(Stop {
            node: game.moves[i].node,
            move_number: i + 1,
            cause: StopCause::AfterEnd,
            text: "a turn after the end of the game (r[rec.stop.after-end])".into(),
        }),
        (None, None) => g.stop.clone(),
    };
    let outcome = if r.illegal.is_some() {
        RecordOutcome::Illegal
    } else if stop.is_some() {
        RecordOutcome::Stopped
    } else if r.over {
        RecordOutcome::Over
    } else {
        RecordOutcome::Complete
    };
    let ended = r.over && r.illegal.is_none() && stop.is_none();
    let re_agrees = match (&g.result, ended) {
        (Some(re), true) => record::result::agrees(re, &r.outcome),
        _ => None,
    };
    Ok(Replayed {
        record: g,
        game,
        replay: r,
        engine: name,
        warnings,
        stop,
        re_agrees,
        outcome,
        dead_from,
        seki,
    })
}

/// Reads and replays every game of one file (only game `only`, from 1, when given).
pub fn replay_file(
    bytes: &[u8],
    file: &str,
    only: Option<usize>,
    opts: &Options,
) -> Vec<Result<Replayed, Refused>> {
    let records = match record::read(bytes, file, &opts.overrides) {
        Ok(r) => r,
        Err(e) => {
            return vec![Err(Refused {
                file: file.to_string(),
                tree: None,
                kind: "unreadable",
                message: e.to_string(),
            })]
        }
    };
    let count = records.games.len();
    if let Some(n) = only {
        if n == 0 || n > count {
            return vec![Err(Refused {
                file: file.to_string(),
                tree: None,
                kind: "game",
                message: format!("--game {n}: the file holds {count} game(s), numbered from 1"),
            })];
        }
    }
    records
        .games
        .into_iter()
        .enumerate()
        .filter(|(i, _)| only.is_none_or(|n| n == i + 1))
        .map(|(i, g)| match g {
            Ok(g) => replay_record(g, opts),
            Err(e) => Err(Refused {
                file: file.to_string(),
                tree: Some(i + 1),
                kind: e.kind,
                message: e.to_string(),
            }),
        })
        .collect()
}

/// `path` with `-n` added before its extension (`board.svg` → `board-2.svg`).
fn numbered(path: &std::path::Path, n: usize) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

/// Runs `ttrules replay`.
pub fn run(args: &Args) -> ExitCode {
    if args.compare {
        return crate::compare::run(args);
    }
    let opts = match Options::new(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("ttrules replay: {e}");
            return ExitCode::from(2);
        }
    };
    let bulk = args.files.len() > 1 || args.files.iter().any(|f| f.is_dir());
    if bulk {
        if args.svg.is_some() {
            eprintln!("ttrules replay: --svg draws the games of one file, not of several files or a directory");
            return ExitCode::from(2);
        }
        if args.game.is_some() {
            eprintln!("ttrules replay: --game picks a game of one file, not of several files or a directory");
            return ExitCode::from(2);
        }
        return bulk::run(args, &opts);
    }
    if args.summary_json.is_some() {
        eprintln!("ttrules replay: --summary-json summarises a bulk run (several files or a directory); for one file the report is the summary");
        return ExitCode::from(2);
    }
    let path = &args.files[0];
    let file = path.display().to_string();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("ttrules replay: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let results = replay_file(&bytes, &file, args.game, &opts);
    let several = results.len() > 1;
    let mut status = 0;
    let mut out = String::new();
    for r in &results {
        match r {
            Ok(r) => {
                let at = if several {
                    format!("{file}: game {}", r.record.tree)
                } else {
                    file.clone()
                };
                print_warnings("ttrules replay", &at, &r.warnings);
                if let Some(path) = &args.svg {
                    let path = if several {
                        numbered(path, r.record.tree)
                    } else {
                        path.clone()
                    };
                    let drawn = crate::render::svg::save_replay(
                        &path,
                        &r.replay.grid,
                        &r.game.dead,
                        r.game.rules.tax,
                        &at,
                    );
                    if let Err(e) = drawn {
                        eprintln!("ttrules replay: {at}: {e}");
                        status = 2;
                    }
                }
                if args.jsonl {
                    out.push_str(&json::document(r).compact());
                } else if args.json {
                    out.push_str(&json::document(r).pretty());
                } else {
                    out.push_str(&r.to_text(several));
                    if args.pass_alive {
                        out.push_str(&crate::life::text(&r.replay.grid, &r.replay.pass_alive));
                    }
                }
                out.push('\n');
                status = status.max(r.outcome.status());
            }
            Err(e) => {
                match e.tree {
                    Some(t) if several || t > 1 => {
                        eprintln!("ttrules replay: {file}: game {t}: {}", e.message)
                    }
                    _ => eprintln!("ttrules replay: {file}: {}", e.message),
                }
                status = 2;
            }
        }
    }
    if !args.json && !args.jsonl && out.ends_with("\n\n") {
        out.pop();
    }
    match crate::cli::out::emit("replay", &out) {
        Ok(()) => ExitCode::from(status),
        Err(why) => why.status(ExitCode::from(status)),
    }
}

impl Replayed {
    /// The text report of `replay` without `--json`.
    pub fn to_text(&self, several: bool) -> String {
        let (game, g, engine) = (&self.game, &self.record, self.engine);
        let file = if several {
            format!("{} (game {} of {})", g.file, g.tree, g.trees)
        } else {
            g.file.clone()
        };
        let this = &self.replay;
        let size = this.grid.size();
        let mut s = format!(
            "{file}: {size}, rules {}, komi {}, engine {engine}\n",
            game.rules, game.komi
        );
        let legal = this.turns.iter().filter(|t| t.legal && !t.implied).count();
        s.push_str(&format!("{legal} moves replayed\n"));
        if let Some((t, why)) = &this.illegal {
            s.push_str(&format!(
                "move {} ({} {}, node {}) is illegal: {why}; replay stopped there\n",
                t.number,
                t.player.letter(),
                t.mv,
                t.node
            ));
        }
        if let Some(stop) = &self.stop {
            s.push_str(&format!(
                "the record stops being a game at node {} (move {}): {}; replay stopped there\n",
                stop.node, stop.move_number, stop.text
            ));
        }
        s.push_str(&this.grid.labelled());
        if !game.dead.is_empty() {
            s.push_str(&format!("dead: {}\n", json::points(&game.dead).join(" ")));
        }
        if self.dead_from != Source::None {
            s.push_str(&format!("dead stones from {}\n", self.dead_from.describe()));
        }
        if let Some(seki) = &self.seki {
            let named = json::points(seki).join(" ");
            s.push_str(&format!(
                "seki by the engine: {}\n",
                if named.is_empty() {
                    "none".into()
                } else {
                    named
                }
            ));
        }
        let result = this.outcome.sgf_result();
        s.push_str(&format!(
            "score: Black {}, White {} (before komi {})\n",
            this.score.black, this.score.white, game.komi
        ));
        if this.over {
            s.push_str(&format!("result: {result} (the game is over)\n"));
        } else {
            s.push_str(&format!(
                "result if the game ended now: {result} (the game is not over; {} to move)\n",
                this.to_move
            ));
        }
        if let Some(re) = &g.result {
            let verdict = match self.re_agrees {
                Some(true) => "agrees",
                Some(false) => "does not agree",
                None => "not compared",
            };
            s.push_str(&format!(
                "RE[{}] ({}): {verdict}\n",
                re.text,
                re.kind.word()
            ));
            if self.re_agrees == Some(false) && self.dead_from == Source::None {
                s.push_str("  no dead stones: the record has no TB/TW marks, so every stone counts as alive (r[rec.dead.source]); if RE was counted with dead stones removed, try --dead-from proven (exact but partial, r[rec.dead.proven]) or --dead-from \"gnugo --mode gtp\" (an engine's judgement, r[rec.dead.engine])\n");
            }
        }
        s
    }
}
