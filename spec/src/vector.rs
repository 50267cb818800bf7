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
//! ```
//!
//! The colour of each attempt must be the player to move at that point: the vector checks itself.

use crate::clause::Clause;
use crate::colour::Player;
use crate::engine::{Engine, Observation};
use crate::grid::Grid;
use crate::moves::Move;
use crate::point::{Point, Size};
use crate::rules::{Komi, Rules};
use crate::score::{HalfPoints, Outcome, Prisoners, Score};
use crate::setup::{DeadError, Setup, SetupError};
use crate::verdict::{Illegal, TurnReport};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[serde(default)]
    vector: Vec<RawVector>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawNumber {
    Int(i64),
    Float(f64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScore {
    black: RawNumber,
    white: RawNumber,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCount {
    black: u32,
    white: u32,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawRules {
    Name(String),
    Table(BTreeMap<String, String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSetup {
    grid: Vec<String>,
    to_move: Option<String>,
    handicap: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVector {
    name: String,
    description: Option<String>,
    clauses: Vec<String>,
    size: Option<String>,
    rules: Option<RawRules>,
    komi: Option<RawNumber>,
    setup: Option<RawSetup>,
    moves: Vec<String>,
    dead: Option<Vec<String>>,
    over: Option<bool>,
    to_move: Option<String>,
    passes: Option<u32>,
    grid: Option<Vec<String>>,
    score: Option<RawScore>,
    result: Option<String>,
    legal: Option<Vec<String>>,
    prisoners: Option<RawCount>,
    first_passer: Option<String>,
    handicap: Option<u32>,
    void: Option<bool>,
}

/// Reads a ruleset as vectors and tools name it: our names (and SGF spellings) first, then
/// KataGo's names and compact strings. Returns the rules and the komi the name carries.
///
/// A third form, the full parameter list `repetition=positional suicide=allowed …` that
/// [`Rules::describe`] writes (parameters left out keep their Tromp-Taylor value), is read too.
pub fn rules_by_any_name(name: &str) -> Result<(Rules, Option<Komi>), String> {
    if let Some(n) = Rules::named(name) {
        return Ok((n.rules, Some(n.komi)));
    }
    if name.contains('=') {
        let mut rules = Rules::TROMP_TAYLOR;
        for pair in name.split_whitespace() {
            let (k, v) = pair
                .split_once('=')
                .ok_or_else(|| format!("rules {name:?}: {pair:?} is not name=value"))?;
            rules
                .set(k, v)
                .map_err(|e| format!("rules {name:?}: {e}"))?;
        }
        return Ok((rules, None));
    }
    crate::katago::parse(name).map_err(|e| format!("unknown rules {name:?}: {e}"))
}

fn half_points(n: &RawNumber) -> Result<HalfPoints, String> {
    match n {
        RawNumber::Int(i) => Ok(HalfPoints::points(*i)),
        RawNumber::Float(f) => {
            HalfPoints::from_f64(*f).ok_or_else(|| format!("{f} is not a multiple of 0.5"))
        }
        RawNumber::Text(s) => s.parse().map_err(|e| format!("{e}")),
    }
}

/// Reads one attempt: `B D4`, `W pass`, `W A1 captures 3`, `B A1 suicides 2`,
/// `W B3 illegal repetition`.
fn parse_attempt(s: &str) -> Result<Attempt, String> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let (colour, mv, rest) = match words.as_slice() {
        [c, m, rest @ ..] => (*c, *m, rest),
        _ => {
            return Err(format!(
                "attempt {s:?}: expected a colour and a move, e.g. \"B D4\""
            ))
        }
    };
    let player =
        Player::parse(colour).ok_or_else(|| format!("attempt {s:?}: {colour:?} is not B or W"))?;
    let mv = Move::parse_gtp(mv).map_err(|e| format!("attempt {s:?}: {e}"))?;
    let illegal = |reason: &str, clause: Option<&str>| -> Result<Expected, String> {
        if !Illegal::is_reason(reason) {
            return Err(format!("attempt {s:?}: unknown reason {reason:?}"));
        }
        let clause = match clause {
            Some(id) => Some(
                Clause::from_id(id)
                    .ok_or_else(|| format!("attempt {s:?}: unknown clause {id:?}"))?,
            ),
            None => None,
        };
        Ok(Expected::Illegal {
            reason: reason.to_string(),
            clause,
        })
    };
    let expected = match rest {
        [] => Expected::Legal {
            captured: None,
            suicided: None,
        },
        ["illegal", reason] => illegal(reason, None)?,
        ["illegal", reason, clause] => illegal(reason, Some(clause))?,
        pairs if pairs.len() % 2 == 0 => {
            let mut captured = None;
            let mut suicided = None;
            for pair in pairs.chunks(2) {
                let n: usize = pair[1]
                    .parse()
                    .map_err(|_| format!("attempt {s:?}: {:?} is not a count", pair[1]))?;
                match pair[0] {
                    "captures" => captured = Some(n),
                    "suicides" => suicided = Some(n),
                    other => return Err(format!("attempt {s:?}: unknown word {other:?}")),
                }
            }
            Expected::Legal { captured, suicided }
        }
        _ => return Err(format!("attempt {s:?}: cannot read what follows the move")),
    };
    Ok(Attempt {
        player,
        mv,
        expected,
    })
}

impl RawVector {
    fn parse(self, file: &Path) -> Result<Vector, VectorError> {
        let invalid = |message: String| VectorError::Invalid {
            file: file.to_path_buf(),
            name: self.name.clone(),
            message,
        };
        if self.clauses.is_empty() {
            return Err(invalid("cites no clause".into()));
        }
        let clauses = self
            .clauses
            .iter()
            .map(|id| {
                Clause::from_id(id)
                    .ok_or_else(|| invalid(format!("cites {id:?}, which spec/RULES.md lacks")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let size = match &self.size {
            Some(s) => s.parse().map_err(|e| invalid(format!("{e}")))?,
            None => Size::STANDARD,
        };
        let (rules, named_komi) = match &self.rules {
            None => (Rules::TROMP_TAYLOR, Some(Komi::ZERO)),
            Some(RawRules::Name(name)) => rules_by_any_name(name).map_err(&invalid)?,
            Some(RawRules::Table(params)) => {
                let mut rules = match params.get("base") {
                    Some(base) => rules_by_any_name(base).map_err(&invalid)?.0,
                    None => Rules::TROMP_TAYLOR,
                };
                for (k, v) in params.iter().filter(|(k, _)| *k != "base") {
                    rules
                        .set(k, v)
                        .map_err(|e| invalid(format!("rules: {e}")))?;
                }
                (rules, None)
            }
        };
        let komi = match &self.komi {
            Some(k) => Komi::new(half_points(k).map_err(|e| invalid(format!("komi: {e}")))?),
            None => named_komi.unwrap_or(Komi::ZERO),
        };
        let parse_player = |what: &str, c: &str| {
            Player::parse(c).ok_or_else(|| invalid(format!("{what} {c:?} is not B or W")))
        };
        let setup = match &self.setup {
            None => Setup::empty(size),
            Some(raw) => Setup {
                grid: Grid::from_rows(size, &raw.grid)
                    .map_err(|e| invalid(format!("setup grid: {e}")))?,
                to_move: match &raw.to_move {
                    Some(c) => parse_player("setup to_move", c)?,
                    None => Player::Black,
                },
                handicap: raw.handicap.unwrap_or(0),
            },
        };
        let gtp_points = |what: &str, points: &[String]| {
            points
                .iter()
                .map(|p| Point::parse_gtp_on(p, size).map_err(|e| invalid(format!("{what}: {e}"))))
                .collect::<Result<Vec<_>, _>>()
        };
        let dead = match &self.dead {
            Some(points) => gtp_points("dead", points)?,
            None => Vec::new(),
        };
        let attempts = self
            .moves
            .iter()
            .map(|m| parse_attempt(m).map_err(&invalid))
            .collect::<Result<Vec<_>, _>>()?;
        let to_move = match &self.to_move {
            Some(c) => Some(parse_player("to_move", c)?),
            None => None,
        };
        let first_passer = match self.first_passer.as_deref() {
            None => None,
            Some("none") => Some(None),
            Some(c) => Some(Some(parse_player("first_passer", c)?)),
        };
        let grid = match &self.grid {
            Some(rows) => {
                Some(Grid::from_rows(size, rows).map_err(|e| invalid(format!("grid: {e}")))?)
            }
            None => None,
        };
        let score = match &self.score {
            Some(s) => Some(Score {
                black: half_points(&s.black).map_err(|e| invalid(format!("score: {e}")))?,
                white: half_points(&s.white).map_err(|e| invalid(format!("score: {e}")))?,
            }),
            None => None,
        };
        let legal = match &self.legal {
            Some(points) => Some(
                points
                    .iter()
                    .map(|p| {
                        Point::parse_gtp_on(p, size).map_err(|e| invalid(format!("legal: {e}")))
                    })
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            None => None,
        };
        let expect = Expect {
            over: self.over,
            to_move,
            passes: self.passes,
            grid,
            score,
            result: self.result.clone(),
            legal,
            prisoners: self.prisoners.as_ref().map(|p| Prisoners {
                black: p.black,
                white: p.white,
            }),
            first_passer,
            handicap: self.handicap,
            void: self.void,
        };
        if expect == Expect::default() && attempts.is_empty() {
            return Err(invalid("has no moves and expects nothing".into()));
        }
        Ok(Vector {
            name: self.name,
            file: file.to_path_buf(),
            description: self.description,
            clauses,
            size,
            rules,
            komi,
            setup,
            dead,
            attempts,
            expect,
        })
    }
}

/// Reads the vectors of one TOML text (`file` names it in errors).
pub fn parse_file(text: &str, file: &Path) -> Result<Vec<Vector>, VectorError> {
    let raw: RawFile = toml::from_str(text).map_err(|e| VectorError::Toml {
        file: file.to_path_buf(),
        message: e.to_string(),
    })?;
    raw.vector.into_iter().map(|v| v.parse(file)).collect()
}

/// Reads every `*.toml` file in `dir` (found by listing the folder, in name order) and checks that
/// vector names are unique.
pub fn load_dir(dir: &Path) -> Result<Vec<Vector>, VectorError> {
    let io = |source| VectorError::Io {
        file: dir.to_path_buf(),
        source,
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(io)?;
    files.retain(|f| f.extension().is_some_and(|e| e == "toml"));
    files.sort();
    let mut seen: BTreeMap<String, PathBuf> = BTreeMap::new();
    let mut all = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(|source| VectorError::Io {
            file: file.clone(),
            source,
        })?;
        for v in parse_file(&text, &file)? {
            if let Some(first) = seen.insert(v.name.clone(), file.clone()) {
                return Err(VectorError::Duplicate {
                    name: v.name,
                    first,
                    second: file,
                });
            }
            all.push(v);
        }
    }
    Ok(all)
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
        let mut out = Vec::new();
        let end = match (&t.setup, &t.end) {
            (Ok(()), Some(end)) => end,
            (Err(e), _) => return vec![format!("setup refused: {e}")],
            (Ok(()), None) => return vec!["no observation".to_string()],
        };
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
        out
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

fn points(ps: &[Point]) -> String {
    if ps.is_empty() {
        return "(none)".to_string();
    }
    ps.iter().map(|p| p.gtp()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attempts_parse() {
        let a = parse_attempt("W A1 captures 3").unwrap();
        assert_eq!(a.player, Player::White);
        assert_eq!(
            a.expected,
            Expected::Legal {
                captured: Some(3),
                suicided: None
            }
        );
        let a = parse_attempt("b pass").unwrap();
        assert_eq!(a.mv, Move::Pass);
        let a = parse_attempt("W B3 illegal repetition").unwrap();
        assert_eq!(
            a.expected,
            Expected::Illegal {
                reason: "repetition".into(),
                clause: None
            }
        );
        let a = parse_attempt("W B3 illegal repetition var.ko.situational").unwrap();
        assert_eq!(
            a.expected,
            Expected::Illegal {
                reason: "repetition".into(),
                clause: Some(Clause::VarKoSituational)
            }
        );
        for bad in [
            "B",
            "X D4",
            "B D4 illegal",
            "B D4 illegal nonsense",
            "B D4 captures x",
        ] {
            assert!(parse_attempt(bad).is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn unknown_clauses_and_fields_are_errors() {
        let file = Path::new("t.toml");
        let bad_clause = "[[vector]]\nname='a'\nclauses=['tt.nope']\nmoves=['B pass']\n";
        assert!(matches!(
            parse_file(bad_clause, file),
            Err(VectorError::Invalid { .. })
        ));
        let bad_field = "[[vector]]\nname='a'\nclauses=['tt.end']\nmoves=[]\nwho='x'\n";
        assert!(matches!(
            parse_file(bad_field, file),
            Err(VectorError::Toml { .. })
        ));
        let ok = "[[vector]]\nname='a'\nclauses=['tt.end']\nsize='2x1'\nkomi=0.5\nmoves=['B pass']\ngrid=['..']\n";
        let v = &parse_file(ok, file).unwrap()[0];
        assert_eq!(v.komi.to_string(), "0.5");
        assert_eq!(v.size, Size::new(2, 1).unwrap());
    }
}
