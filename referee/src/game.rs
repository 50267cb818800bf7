//! One game between engines: the match loop of `super::driver` run with the engines in the seats
//! (`super::seats`), then the result, the engines' claims (r[ref.claims]) and what the record
//! needs. The rulings of section 25 (r[ref.illegal], r[ref.refusal], r[ref.resign], r[ref.time],
//! r[ref.fault], r[ref.order]) are `super::ruling`'s; r[ref.limit] is the loop's.

use crate::driver::{self, Limits, Stop};
use crate::ending::{Failure, Interrupted};
use crate::engine::Supervised;
use crate::judge::Judge;
use crate::played::{conclude, Played};
use crate::seats::Engines;
use crate::Config;
use ttrules_gtp::client::Reply;
use ttrules_spec::{Move, Player};

/// Plays game `number` between `engines` (`black`: the index of the engine playing Black) from
/// the `opening` turns, as `cfg` says; `arbiter` is the arbiter engine of `--end arbiter`.
pub fn play(
    cfg: &Config,
    engines: &mut [Supervised; 2],
    arbiter: Option<&mut Supervised>,
    black: usize,
    seed: u64,
    opening: &[Move],
) -> Result<Played, Interrupted> {
    let mut seats = Engines {
        engines,
        black,
        arbiter,
        seed,
        cfg,
    };
    let judge = Judge::new(cfg.size, cfg.rules, cfg.komi);
    let mut protocol = cfg.end.machine_with(&cfg.end_options);
    let limits = Limits {
        max_turns: cfg.max_turns,
        time: cfg.time,
        timeout: cfg.timeout,
    };
    let driven = match driver::drive(protocol.as_mut(), judge, opening, &mut seats, limits) {
        Ok(d) => d,
        Err(Stop::Interrupted) => return Err(Interrupted),
        Err(Stop::Broken(why)) => panic!(
            "the end protocol {} broke its contract: {why}",
            protocol.name()
        ),
    };
    let names = [Player::Black, Player::White].map(|p| seats.of(p).name.clone());
    let mut played = conclude(driven, protocol.report(), cfg.at_limit, cfg.on_fault, names);
    // r[ref.claims]: the engines' own count of a scored game.
    if played.outcome.is_some() {
        for p in [Player::Black, Player::White] {
            let e = seats.of(p);
            if e.has("final_score") {
                played.claims[p as usize] = match e.ask("final_score") {
                    Ok(Reply::Success(t)) => Some(t.trim().to_string()),
                    Ok(Reply::Failure(t)) => Some(format!("? {}", t.trim())),
                    Err(Failure::Interrupted) => return Err(Interrupted),
                    Err(Failure::Fault { kind, .. }) => Some(format!("(no answer: {kind})")),
                };
            }
        }
    }
    Ok(played)
}
