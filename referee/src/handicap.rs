//! Handicap games (r[ref.handicap], r[ref.handicap.komi]): the match's handicap, checked against
//! the board before any engine starts, and the engines' side of placing the stones at the start of
//! each game (and again when an engine is given the game again, r[end.engines]).

use super::engine::{Failure, Supervised};
use serde::Serialize;
use ttrules_gtp::client::Reply;
use ttrules_gtp::handicap::{fits, fixed_points, parse_vertices};
use ttrules_gtp::vertices;
use ttrules_spec::{Point, Size};

/// Who places the handicap stones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum Placement {
    /// GTP's fixed points, told with `fixed_handicap`.
    Fixed,
    /// Black's engine chooses, with `place_free_handicap`; White's is told with
    /// `set_free_handicap`.
    Free,
}

/// The handicap of every game of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Handicap {
    pub stones: u32,
    pub placement: Placement,
}

impl Handicap {
    /// The handicap, refused with the reason when it does not fit `size` (r[ref.handicap]).
    pub fn new(stones: u32, placement: Placement, size: Size) -> Result<Handicap, String> {
        fits(size, stones, placement == Placement::Fixed)
            .map_err(|why| format!("--handicap {stones}: {why}"))?;
        Ok(Handicap { stones, placement })
    }

    /// The commands an engine needs for this handicap: a sentence naming what it lacks, or `Ok`
    /// (r[ref.start]). `may_be_black`: it plays Black in some game of the schedule.
    pub fn can_play(&self, e: &Supervised, may_be_black: bool) -> Result<(), String> {
        let lacks = match self.placement {
            Placement::Fixed if !e.has("fixed_handicap") && !e.has("set_free_handicap") => {
                "lists neither fixed_handicap nor set_free_handicap"
            }
            Placement::Free if may_be_black && !e.has("place_free_handicap") => {
                "does not list place_free_handicap (free placement asks it of Black's engine)"
            }
            Placement::Free if !e.has("set_free_handicap") => {
                "does not list set_free_handicap (free placement tells White's engine the stones)"
            }
            _ => return Ok(()),
        };
        Err(format!(
            "it {lacks}, and the match has a handicap of {} ({} placement; r[ref.handicap])",
            self.stones,
            match self.placement {
                Placement::Fixed => "fixed",
                Placement::Free => "free",
            }
        ))
    }
}

fn fault(detail: String) -> Failure {
    Failure::Fault {
        kind: "handicap",
        detail,
    }
}

/// Sends `command`, whose answer must be a success.
fn must_answer(e: &mut Supervised, command: &str) -> Result<String, Failure> {
    match e.ask(command)? {
        Reply::Success(t) => Ok(t),
        Reply::Failure(why) => {
            e.kill();
            Err(fault(format!(
                "it refuses `{command}`: \"? {}\"",
                why.trim()
            )))
        }
    }
}

/// The fixed stones, told to one engine (r[ref.handicap]): `fixed_handicap N`, whose answer must
/// be the same points, or `set_free_handicap` when it does not list that.
pub fn tell_fixed(e: &mut Supervised, size: Size, n: u32) -> Result<Vec<Point>, Failure> {
    let points = fixed_points(size, n).expect("the handicap was checked against the board");
    if !e.has("fixed_handicap") {
        tell(e, &points)?;
        return Ok(points);
    }
    let command = format!("fixed_handicap {n}");
    let answer = must_answer(e, &command)?;
    let said = parse_vertices(answer.split_whitespace(), size);
    let same = said
        .as_ref()
        .is_ok_and(|s| s.len() == points.len() && s.iter().all(|p| points.contains(p)));
    if !same {
        e.kill();
        return Err(fault(format!(
            "it answered `{command}` with \"{}\", not GTP's fixed points {}",
            answer.trim(),
            vertices(&points)
        )));
    }
    Ok(points)
}

/// Asks Black's engine to place `n` stones freely (r[ref.handicap]): between 2 and `n` points of
/// the board, none repeated.
pub fn place_free(e: &mut Supervised, size: Size, n: u32) -> Result<Vec<Point>, Failure> {
    let command = format!("place_free_handicap {n}");
    let answer = must_answer(e, &command)?;
    let stones = parse_vertices(answer.split_whitespace(), size).and_then(|s| {
        if s.len() as u32 > n {
            Err(format!("{} stones, more than the {n} asked", s.len()))
        } else {
            Ok(s)
        }
    });
    stones.map_err(|why| {
        e.kill();
        fault(format!(
            "its answer to `{command}` is not a handicap placement: {why} (it answered \"{}\")",
            answer.trim()
        ))
    })
}

/// Tells an engine the handicap stones with `set_free_handicap`.
pub fn tell(e: &mut Supervised, stones: &[Point]) -> Result<(), Failure> {
    must_answer(e, &format!("set_free_handicap {}", vertices(stones))).map(|_| ())
}

/// Gives an engine the handicap stones of a game again (r[end.engines]): the fixed points as at
/// the start under fixed placement, else `set_free_handicap`.
pub fn tell_again(
    e: &mut Supervised,
    size: Size,
    handicap: Option<Handicap>,
    stones: &[Point],
) -> Result<(), Failure> {
    match handicap {
        _ if stones.is_empty() => Ok(()),
        Some(Handicap {
            placement: Placement::Fixed,
            stones: n,
        }) => tell_fixed(e, size, n).map(|_| ()),
        _ => tell(e, stones),
    }
}
