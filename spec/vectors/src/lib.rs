//! # ttrules-vectors
//!
//! The corner-case vectors of `spec/vectors/*.toml`: their format, their loader, and a runner that
//! plays one against any [`Engine`] and compares what it observes with what the vector expects.
//!
//! # Format
//!
//! A file holds `[[vector]]` tables:
//!
//! ```toml
//! [[vector]]
//! name = "ko-100"                  # unique across all files
//! description = "what it shows"    # optional
//! clauses = ["tt.turn.repetition"] # the clauses it exercises; the first names its snapshot
//! size = "3x3"                     # N or WxH; default 19x19
//! rules = "tromp-taylor"           # a ruleset name or KataGo string; default tromp-taylor
//! # or: rules = { base = "japanese", suicide = "allowed" }  (parameters as Rules::parameters names them)
//! komi = 0                         # a multiple of 0.5; default: the named ruleset's komi, else 0
//! setup = { grid = ["X..", "...", "..."], to_move = "W", handicap = 0 }  # default: empty, Black
//! moves = [                        # attempts, in order, starting from the empty grid
//!   "B B2",                        # colour and move (GTP point or pass): expected legal
//!   "W A1 captures 3",             # legal, and empties exactly 3 opponent stones
//!   "B A1 suicides 2",             # legal, and empties exactly 2 own stones
//!   "W B3 illegal repetition",     # refused for this reason; nothing changes
//!   "W B3 illegal repetition var.ko.situational",  # ... and names this clause
//! ]
//! # what to expect at the end; each is optional
//! over = false
//! to_move = "B"
//! passes = 0                       # consecutive passes
//! grid = ["X.O", "...", "..."]     # rows, top first
//! dead = ["C2"]                    # stones agreed dead, for score and result
//! score = { black = 3, white = 4 } # final scores before komi
//! result = "W+1"                   # after komi: B+3, W+0.5, 0, Void
//! prisoners = { black = 1, white = 0 }
//! first_passer = "B"               # B, W or none
//! handicap = 0
//! void = false
//! legal = ["A1", "B1"]             # legal moves of the player to move, in point-index order
//! pass_alive = { black = ["A1", "B1"], white = [] }  # each player's pass-alive area (r[life.area]),
//!                                  # any order; a vector that gives it shows it in its snapshot
//! ```
//!
//! The colour of each attempt must be the player to move at that point: the vector checks itself.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | this file | [`Vector`], [`run`], [`Vector::differences`], the embedded files ([`all`], [`FILES`]) | every clause of Parts I and II has a vector |
//! | `parse` | the TOML format above, [`load_dir`], [`parse_file`] | |
//! | `write` | the one writer of the format, [`vector_toml`] (read back as the same vector) | |
//! | [`json`] | the language-neutral JSON export and its JSON Schema | |
//!
//! The vectors are embedded at compile time (every `*.toml` of `spec/vectors/`, found by the build
//! script), so a program built on this crate needs no source tree: [`all`].
//!
//! ```
//! use ttrules_reference::Reference;
//!
//! let vectors = ttrules_vectors::all().unwrap();
//! let ko = vectors.iter().find(|v| v.name == "ko-100").unwrap();
//! let transcript = ttrules_vectors::run::<Reference>(ko);
//! assert!(ko.differences(&transcript).is_empty());
//! ```

use std::fmt::Write as _;
use std::path::PathBuf;
use ttrules_spec::clause::Clause;
use ttrules_spec::colour::Player;
use ttrules_spec::engine::{Engine, Observation};
use ttrules_spec::grid::Grid;
use ttrules_spec::life::PassAlive;
use ttrules_spec::moves::Move;
use ttrules_spec::point::{Point, Size};
use ttrules_spec::rules::{Komi, Rules};
use ttrules_spec::score::{Outcome, Prisoners, Score};
use ttrules_spec::setup::{DeadError, Setup, SetupError};
use ttrules_spec::verdict::{Illegal, TurnReport};

pub mod json;
mod parse;
mod write;

pub use parse::{load_dir, parse_file};
pub use write::vector_toml;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// The vector files embedded at compile time, `(file name, TOML text)`, in name order: every
/// `*.toml` file of this crate's folder (`spec/vectors/`), found by the build script.
pub use embedded::FILES;

/// Every embedded vector ([`FILES`]), checked as [`load_dir`] checks a folder; each vector's
/// `file` is `spec/vectors/NAME.toml`.
pub fn all() -> Result<Vec<Vector>, VectorError> {
    parse::load_texts(
        FILES
            .iter()
            .map(|(name, text)| Ok((PathBuf::from("spec/vectors").join(name), text.to_string()))),
    )
}

/// The vectors of `dir` when given ([`load_dir`]), else the embedded ones ([`all`]): what a
/// `--vectors DIR` option means.
pub fn load(dir: Option<&std::path::Path>) -> Result<Vec<Vector>, VectorError> {
    match dir {
        Some(dir) => load_dir(dir),
        None => all(),
    }
}

/// This crate's folder in the source tree, where the TOML files are (for tests and tools run from
/// a checkout; an installed program uses [`all`]).
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One corner case, parsed and checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Vector {
    pub name: String,
    /// The file it was read from.
    pub file: PathBuf,
    pub description: Option<String>,
    pub clauses: Vec<Clause>,
    pub size: Size,
    pub rules: Rules,
    pub komi: Komi,
    pub setup: Setup,
    pub dead: Vec<Point>,
    pub attempts: Vec<Attempt>,
    pub expect: Expect,
}

/// One attempt of a vector and its expected verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub player: Player,
    pub mv: Move,
    pub expected: Expected,
}

/// The verdict an attempt expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    Legal {
        captured: Option<usize>,
        suicided: Option<usize>,
    },
    /// Refused for this reason (and, when given, under this clause).
    Illegal {
        reason: String,
        clause: Option<Clause>,
    },
}

/// What a vector expects at its end; `None` means "not checked".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    pub over: Option<bool>,
    pub to_move: Option<Player>,
    pub passes: Option<u32>,
    pub grid: Option<Grid>,
    pub score: Option<Score>,
    pub result: Option<String>,
    pub legal: Option<Vec<Point>>,
    pub prisoners: Option<Prisoners>,
    pub first_passer: Option<Option<Player>>,
    pub handicap: Option<u32>,
    pub void: Option<bool>,
    pub pass_alive: Option<PassAlive>,
}

/// A vector file that cannot be used, and where.
#[derive(Debug, thiserror::Error)]
pub enum VectorError {
    #[error("{file}: {source}")]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    #[error("{file}: not a vector file: {message}")]
    Toml { file: PathBuf, message: String },
    #[error("{file}: vector {name:?}: {message}")]
    Invalid {
        file: PathBuf,
        name: String,
        message: String,
    },
    #[error("vector name {name:?} is used in {first} and again in {second}")]
    Duplicate {
        name: String,
        first: PathBuf,
        second: PathBuf,
    },
}

/// What an engine did with a vector: the verdict of every attempt and the observation at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// Whether the engine accepted the setup; when it did not, nothing else was run.
    pub setup: Result<(), SetupError>,
    pub verdicts: Vec<Result<TurnReport, Illegal>>,
    /// The player to move before each attempt.
    pub movers: Vec<Player>,
    pub end: Option<Observation>,
    /// The final scores with the vector's dead stones.
    pub score: Option<Result<Score, DeadError>>,
    /// The outcome with the vector's komi and dead stones.
    pub outcome: Option<Result<Outcome, DeadError>>,
}

/// Plays every attempt of `v` on a new game of `E`.
pub fn run<E: Engine>(v: &Vector) -> Transcript {
    let mut e = match E::from_setup(&v.setup, v.rules) {
        Ok(e) => e,
        Err(err) => {
            return Transcript {
                setup: Err(err),
                verdicts: Vec::new(),
                movers: Vec::new(),
                end: None,
                score: None,
                outcome: None,
            }
        }
    };
    let mut verdicts = Vec::with_capacity(v.attempts.len());
    let mut movers = Vec::with_capacity(v.attempts.len());
    for a in &v.attempts {
        movers.push(e.to_move());
        let checked = e.check(a.mv);
        let played = e.play(a.mv);
        assert_eq!(
            checked,
            played.map(|_| ()),
            "{}: check and play disagree on {} {}",
            E::NAME,
            a.player.letter(),
            a.mv
        );
        verdicts.push(played);
    }
    Transcript {
        setup: Ok(()),
        verdicts,
        movers,
        end: Some(Observation::of(&e)),
        score: Some(e.score_with_dead(&v.dead)),
        outcome: Some(e.outcome(v.komi, &v.dead)),
    }
}

impl Vector {
    /// Every way `t` differs from what the vector expects; empty when it passes.
    pub fn differences(&self, t: &Transcript) -> Vec<String> {
        let end = match (&t.setup, &t.end) {
            (Ok(()), Some(end)) => end,
            (Err(e), _) => return vec![format!("setup refused: {e}")],
            (Ok(()), None) => return vec!["no observation".to_string()],
        };
        let mut out = Vec::new();
        self.attempt_differences(t, &mut out);
        self.expect_differences(end, t, &mut out);
        out
    }

    /// Pushes onto `out` every attempt whose mover or verdict (reason, clause, captures,
    /// suicides) differs from what the vector's move list expects.
    fn attempt_differences(&self, t: &Transcript, out: &mut Vec<String>) {
        for (i, ((a, verdict), mover)) in self
            .attempts
            .iter()
            .zip(&t.verdicts)
            .zip(&t.movers)
            .enumerate()
        {
            let n = i + 1;
            if a.player != *mover {
                out.push(format!(
                    "attempt {n} ({} {}): {} was to move",
                    a.player.letter(),
                    a.mv,
                    mover.letter()
                ));
            }
            match (&a.expected, verdict) {
                (Expected::Illegal { reason, clause }, Err(got))
                    if reason == got.reason() && clause.is_none_or(|c| c == got.clause()) => {}
                (&Expected::Legal { captured, suicided }, Ok(report)) => {
                    if captured.is_some_and(|c| c != report.captured) {
                        out.push(format!(
                            "attempt {n} ({} {}): captured {}, expected {}",
                            a.player.letter(),
                            a.mv,
                            report.captured,
                            captured.unwrap_or_default()
                        ));
                    }
                    if suicided.is_some_and(|s| s != report.suicided) {
                        out.push(format!(
                            "attempt {n} ({} {}): suicided {}, expected {}",
                            a.player.letter(),
                            a.mv,
                            report.suicided,
                            suicided.unwrap_or_default()
                        ));
                    }
                }
                (want, got) => out.push(format!(
                    "attempt {n} ({} {}): got {}, expected {}",
                    a.player.letter(),
                    a.mv,
                    describe(got),
                    match want {
                        Expected::Legal { .. } => "legal".to_string(),
                        Expected::Illegal { reason, clause } => match clause {
                            Some(c) => format!("illegal {reason} ({c})"),
                            None => format!("illegal {reason}"),
                        },
                    }
                )),
            }
        }
    }

    /// Pushes onto `out` every expected key (over, to_move, ..., pass_alive) whose value differs
    /// from the observation `end` at the end of the moves and from `t`'s score and outcome.
    fn expect_differences(&self, end: &Observation, t: &Transcript, out: &mut Vec<String>) {
        let e = &self.expect;
        let score = match &t.score {
            Some(Ok(s)) => format!("B {} W {}", s.black, s.white),
            Some(Err(err)) => format!("error: {err}"),
            None => "none".to_string(),
        };
        let result = match &t.outcome {
            Some(Ok(o)) => o.sgf_result(),
            Some(Err(err)) => format!("error: {err}"),
            None => "none".to_string(),
        };
        let mut check = |what: &str, want: Option<String>, got: String| {
            if let Some(want) = want {
                if want != got {
                    out.push(format!("{what}: got {got}, expected {want}"));
                }
            }
        };
        check("over", e.over.map(|b| b.to_string()), end.over.to_string());
        check(
            "to_move",
            e.to_move.map(|p| p.letter().to_string()),
            end.to_move.letter().to_string(),
        );
        check(
            "passes",
            e.passes.map(|p| p.to_string()),
            end.consecutive_passes.to_string(),
        );
        check(
            "grid",
            e.grid.as_ref().map(|g| g.rows().join("/")),
            end.grid.rows().join("/"),
        );
        check(
            "score",
            e.score.map(|s| format!("B {} W {}", s.black, s.white)),
            score,
        );
        check("result", e.result.clone(), result);
        check(
            "prisoners",
            e.prisoners.map(|p| format!("B {} W {}", p.black, p.white)),
            format!("B {} W {}", end.prisoners.black, end.prisoners.white),
        );
        check(
            "first_passer",
            e.first_passer.map(player_or_none),
            player_or_none(end.first_passer),
        );
        check(
            "handicap",
            e.handicap.map(|h| h.to_string()),
            end.handicap.to_string(),
        );
        check("void", e.void.map(|b| b.to_string()), end.void.to_string());
        check(
            "legal",
            e.legal.as_ref().map(|l| points(l)),
            points(&end.legal_points),
        );
        check(
            "pass_alive",
            e.pass_alive.as_ref().map(pass_alive),
            pass_alive(&end.pass_alive),
        );
    }

    /// A readable account of `t` for a snapshot: the vector, every verdict with its clause, the
    /// final diagram, scores and legal moves.
    pub fn render(&self, t: &Transcript) -> String {
        let mut s = String::new();
        let ids: Vec<&str> = self.clauses.iter().map(|c| c.id()).collect();
        let _ = writeln!(s, "vector: {}", self.name);
        let _ = writeln!(s, "clauses: {}", ids.join(", "));
        let _ = writeln!(
            s,
            "board: {}, rules: {}, komi: {}",
            self.size, self.rules, self.komi
        );
        if let Some(d) = &self.description {
            let _ = writeln!(s, "shows: {d}");
        }
        if !self.setup.is_empty_start() {
            let _ = writeln!(
                s,
                "setup: {} to move, handicap {}",
                self.setup.to_move.letter(),
                self.setup.handicap
            );
            s.push_str(&self.setup.grid.labelled());
        }
        if let Err(e) = &t.setup {
            let _ = writeln!(s, "setup refused: {e}");
            return s;
        }
        let _ = writeln!(s, "attempts:");
        if self.attempts.is_empty() {
            let _ = writeln!(s, "  (none)");
        }
        for (i, (a, verdict)) in self.attempts.iter().zip(&t.verdicts).enumerate() {
            let mover = t.movers.get(i).map_or("?", |p| p.letter());
            let _ = writeln!(
                s,
                "  {:>3}. {mover} {:<5} {}",
                i + 1,
                a.mv.gtp(),
                describe(verdict)
            );
        }
        let Some(end) = &t.end else {
            return s;
        };
        let _ = writeln!(s, "final grid:");
        s.push_str(&end.grid.labelled());
        let _ = writeln!(
            s,
            "turns: {}, to move: {}, consecutive passes: {}, over: {}{}",
            end.turns,
            end.to_move.letter(),
            end.consecutive_passes,
            if end.over { "yes" } else { "no" },
            if end.void { " (void)" } else { "" }
        );
        let _ = writeln!(
            s,
            "prisoners: Black {}, White {}; first passer: {}; handicap: {}",
            end.prisoners.black,
            end.prisoners.white,
            player_or_none(end.first_passer),
            end.handicap
        );
        if !self.dead.is_empty() {
            let _ = writeln!(s, "dead: {}", points(&self.dead));
        }
        match (&t.score, &t.outcome) {
            (Some(Ok(score)), Some(Ok(outcome))) => {
                let _ = writeln!(
                    s,
                    "score: Black {}, White {} (komi {}); result {}",
                    score.black,
                    score.white,
                    self.komi,
                    outcome.sgf_result()
                );
            }
            (score, outcome) => {
                let _ = writeln!(s, "score: {score:?}; outcome: {outcome:?}");
            }
        }
        let _ = writeln!(s, "legal moves: {}", points(&end.legal_points));
        if self.expect.pass_alive.is_some() {
            let _ = writeln!(
                s,
                "pass-alive areas (r[life.area]): {}",
                pass_alive(&end.pass_alive)
            );
            let _ = writeln!(
                s,
                "  (X O pass-alive stones, x o other stones, # * empty points of Black's / White's \
                 pass-alive territory, b w stones standing in it)"
            );
            for row in end.pass_alive.diagram(&end.grid) {
                let _ = writeln!(s, "  {row}");
            }
        }
        s
    }
}

fn player_or_none(p: Option<Player>) -> String {
    p.map_or("none".to_string(), |p| p.letter().to_string())
}

fn describe(verdict: &Result<TurnReport, Illegal>) -> String {
    match verdict {
        Ok(r) if r.captured == 0 && r.suicided == 0 => "legal".to_string(),
        Ok(r) => {
            let mut parts = vec!["legal".to_string()];
            if r.captured > 0 {
                parts.push(format!("captures {}", r.captured));
            }
            if r.suicided > 0 {
                parts.push(format!("suicides {}", r.suicided));
            }
            parts.join(", ")
        }
        Err(i) => format!("illegal: {i}"),
    }
}

fn pass_alive(a: &PassAlive) -> String {
    format!("Black {}; White {}", points(&a.black), points(&a.white))
}

fn points(ps: &[Point]) -> String {
    if ps.is_empty() {
        return "(none)".to_string();
    }
    ps.iter().map(|p| p.gtp()).collect::<Vec<_>>().join(" ")
}
