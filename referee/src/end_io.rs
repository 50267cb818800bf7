//! The engines' side of the end protocols (spec section 28): dead lists (r[end.list]), giving an
//! engine the game again (r[end.engines]), telling engines of a resumption (r[end.resume]) and the
//! arbiter engine (r[end.arbiter.engine]). The match loop calls these for the requests of
//! `super::end`; none of them decides anything.

use crate::ending::{Failure, Interrupted};
use crate::engine::Supervised;
use crate::judge::Judge;
use crate::Config;
use ttrules_gtp::client::Reply;
use ttrules_spec::Point;

/// The GTP command that tells an engine that play resumes after the end (r[end.engines]).
pub const RESUME_COMMAND: &str = "ttrules-resume";

/// r[end.list]: `final_status_list dead` of one engine, read on the board of `judge`: the points
/// it names, or `None` when it marks nothing (it lacks the command, fails it, answers a word that
/// is no vertex of the board, times out or crashes). Never a fault of the game.
pub fn dead_list(e: &mut Supervised, judge: &Judge) -> Result<Option<Vec<Point>>, Interrupted> {
    if !e.has("final_status_list") {
        return Ok(None);
    }
    match e.ask("final_status_list dead") {
        Ok(Reply::Success(t)) => Ok(t
            .split_whitespace()
            .map(|w| Point::parse_gtp_on(w, judge.size()).ok())
            .collect()),
        Ok(Reply::Failure(_)) => Ok(None),
        Err(Failure::Interrupted) => Err(Interrupted),
        Err(Failure::Fault { .. }) => Ok(None),
    }
}

/// Sends `ttrules-resume` to an engine that lists it (r[end.engines]); its answer changes nothing.
pub fn tell_resume(e: &mut Supervised) -> Result<(), Failure> {
    if e.has(RESUME_COMMAND) {
        e.ask(RESUME_COMMAND)?;
    }
    Ok(())
}

/// r[end.engines]: gives `e` the game: the setup commands of r[ref.start] and the handicap stones
/// (r[ref.handicap]), then `play` for every
/// turn, with `ttrules-resume` at each resumption when it lists it. A refusal is a fault.
pub fn give_game(
    e: &mut Supervised,
    seed: u64,
    cfg: &Config,
    judge: &Judge,
) -> Result<(), Failure> {
    e.new_game(seed, cfg)?;
    super::handicap::tell_again(e, cfg.size, cfg.handicap, judge.handicap_stones())?;
    let resumed = judge.resumptions();
    for (i, t) in judge.turns().iter().enumerate() {
        if resumed.contains(&i) {
            tell_resume(e)?;
        }
        if let Err(said) = e.play(t.player, t.mv)? {
            e.kill();
            return Err(Failure::Fault {
                kind: "refuses the game",
                detail: format!(
                    "while given the game again, it refused turn {} ({} {}): \"? {}\"",
                    i + 1,
                    t.player.letter(),
                    t.mv.gtp(),
                    said.trim()
                ),
            });
        }
    }
    if resumed.contains(&judge.turns().len()) {
        tell_resume(e)?;
    }
    Ok(())
}

/// r[end.arbiter.engine]: gives the arbiter the game and asks its dead list; any failure of its
/// own is no answer (it calls nothing dead).
pub fn ask_arbiter(
    a: &mut Supervised,
    seed: u64,
    cfg: &Config,
    judge: &Judge,
) -> Result<Option<Vec<Point>>, Interrupted> {
    match give_game(a, seed, cfg, judge) {
        Ok(()) => dead_list(a, judge),
        Err(Failure::Interrupted) => Err(Interrupted),
        Err(Failure::Fault { .. }) => Ok(None),
    }
}
