//! Where the dead stones of a replayed game come from (spec r[rec.dead.source]): the caller's
//! `--dead`, the record's marks, the stones Part IV proves dead (r[rec.dead.proven]), or a judge
//! outside the rules, such as a GTP engine (r[rec.dead.engine]).
//!
//! This module decides nothing about the command line and talks to no process: it is given the
//! game as a position and its turns, and answers with points and the source's name. A judge that
//! talks GTP lives in `ttrules-gtp` (`ttrules_gtp::dead_from`) and is handed in through
//! [`JudgeDead`].

use std::fmt;
use std::sync::Arc;
use ttrules_spec::{Grid, Komi, Move, PassAlive, Player, Point, Setup};

/// A judge of dead stones outside the rules (r[rec.dead.engine]), e.g. a GTP engine asked
/// `final_status_list dead`.
pub trait JudgeDead {
    /// How reports name the judge: for an engine, its command line as written.
    fn name(&self) -> &str;

    /// The dead stones of `game` (sorted, each a stone of `game.grid`), and the seki stones when
    /// the judge names them. Every way the judge can fail is an error, never a fallback to
    /// another source.
    fn judge(&self, game: &Ended) -> Result<(Vec<Point>, Option<Vec<Point>>), String>;
}

/// What `--dead-from` asks for (r[rec.dead.source]).
#[derive(Clone)]
pub enum DeadFrom {
    /// `marks`: the record's marks, else no dead stones (the default).
    Marks,
    /// `proven`: the stones standing in the opponent's pass-alive territory (r[rec.dead.proven]).
    Proven,
    /// A judge's word, such as a GTP engine's `final_status_list dead` (r[rec.dead.engine]).
    Judge(Arc<dyn JudgeDead + Send + Sync>),
}

impl fmt::Debug for DeadFrom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeadFrom::Marks => f.write_str("Marks"),
            DeadFrom::Proven => f.write_str("Proven"),
            DeadFrom::Judge(j) => f.debug_tuple("Judge").field(&j.name()).finish(),
        }
    }
}

/// Where a game's dead stones came from (r[rec.dead.source]): the `dead_from` of the reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// No source gave any: every stone counts as alive.
    None,
    /// `--dead`.
    Flag,
    /// The record's `TB`/`TW` (r[rec.dead]).
    Marks,
    /// Part IV's proof (r[rec.dead.proven]).
    Proven,
    /// This engine's judgement (r[rec.dead.engine]), by its command line.
    Engine(String),
}

impl Source {
    /// `none`, `flag`, `marks`, `proven` or `engine`.
    pub fn word(&self) -> &'static str {
        match self {
            Source::None => "none",
            Source::Flag => "flag",
            Source::Marks => "marks",
            Source::Proven => "proven",
            Source::Engine(_) => "engine",
        }
    }

    /// The engine's command line, when the source is an engine.
    pub fn engine(&self) -> Option<&str> {
        match self {
            Source::Engine(c) => Some(c),
            _ => None,
        }
    }

    /// A phrase for text reports: where the dead stones come from and what they are worth.
    pub fn describe(&self) -> String {
        match self {
            Source::None => "no source (every stone counts as alive)".into(),
            Source::Flag => "--dead".into(),
            Source::Marks => "the record's marks (r[rec.dead])".into(),
            Source::Proven => {
                "proven: standing in the opponent's pass-alive territory (r[rec.dead.proven])"
                    .into()
            }
            Source::Engine(c) => {
                format!("the engine `{c}`: its judgement, not the rules' (r[rec.dead.engine])")
            }
        }
    }
}

/// A game as it stands at its end, for a source to judge.
#[derive(Clone, Copy, Debug)]
pub struct Ended<'a> {
    pub setup: &'a Setup,
    pub komi: Komi,
    /// Every turn of the game, implied passes included.
    pub turns: &'a [(Player, Move)],
    /// The colouring at the end.
    pub grid: &'a Grid,
    /// Each player's pass-alive area on that colouring (r[life.area]).
    pub pass_alive: &'a PassAlive,
}

/// What a source says: the dead stones, and the seki stones when an engine names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub source: Source,
    pub dead: Vec<Point>,
    pub seki: Option<Vec<Point>>,
}

/// The dead stones of `game` by `from`, for a record without marks (r[rec.dead.source]); `None`
/// for [`DeadFrom::Marks`], which gives none here. A judge's failure is the game's error.
pub fn judge(from: &DeadFrom, game: &Ended) -> Result<Option<Judgement>, String> {
    match from {
        DeadFrom::Marks => Ok(None),
        DeadFrom::Proven => Ok(Some(Judgement {
            source: Source::Proven,
            dead: proven(game.grid, game.pass_alive),
            seki: None,
        })),
        DeadFrom::Judge(j) => j
            .judge(game)
            .map(|(dead, seki)| {
                Some(Judgement {
                    source: Source::Engine(j.name().to_string()),
                    dead,
                    seki,
                })
            })
            .map_err(|why| format!("--dead-from `{}`: {why} (r[rec.dead.engine])", j.name())),
    }
}

/// r[rec.dead.proven]: the stones standing in the opponent's pass-alive territory, sorted.
pub fn proven(grid: &Grid, areas: &PassAlive) -> Vec<Point> {
    let mut dead = areas.dead_stones(grid);
    dead.sort();
    dead
}
