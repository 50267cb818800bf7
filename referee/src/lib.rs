//! # ttrules-referee
//!
//! `ttrules referee`: matches between GTP engines, judged exactly (Part VI of `spec/RULES.md`).
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | [`judge`] | the game as the referee keeps it (the fast engine), territory for `TB`/`TW` | r[ref.judge] |
//! | [`end`] | the end of the game as pure state machines: the protocols of Part VII | r[ref.end.protocol], r[ref.end.tromp-taylor], sections 28 to 30 |
//! | [`end_io`] | the engines' side of the protocols: dead lists, resumptions, the game given again, the arbiter | r[end.list], r[end.engines], r[end.arbiter.engine] |
//! | [`driver`] | the match loop of one game, for engines and scripted players alike | r[ref.limit], r[ref.order] |
//! | [`endless`] | games that would not end: cycles with passes, the default move limit | r[ref.cycle], r[ref.limit.default] |
//! | [`ruling`] | the rulings on one `genmove` answer, as a pure function | section 25 |
//! | [`game`] | one game between engines: the loop with [`seats`], the result, the claims | r[ref.claims] |
//! | [`seats`] | the engines in the loop's seats | r[ref.judge] |
//! | [`clock`] | time controls and clocks | r[ref.time], r[ref.time.overtime] |
//! | [`handicap`] | the match's handicap, the engines placing the stones | r[ref.handicap] |
//! | [`engine`] | supervised engine processes (process groups, logs, restarts) | r[ref.fault], r[ref.start] |
//! | [`output`] | SGF records, `results.jsonl`, reading them back | r[ref.record], r[ref.results] |
//! | [`stats`] | Wilson interval, Elo, LOS, SPRT | |
//! | [`summary`] | the summary table and its JSON, from results lines | |
//! | [`running`] | the run: jobs, the queue, `--resume`, the stop file, status and transcripts | r[ref.results], r[ref.event.stop] |
//! | [`claims`] | claims that disagree with the count, said loudly | r[ref.claims] |
//! | [`setup`] | the settings, from the flags or a tournament file, checked into a [`Config`] | r[ref.event.file] |
//! | [`event`] | tournament files, all-play-all and gauntlet, standings and Elo, status and stop, transcripts | r[ref.event.schedule] |
//! | [`merge`] | an event's shards put together into the folder of one run | r[ref.event.merge] |
//! | [`report`] | the event's report: a static HTML page | r[ref.event.report] |
//! | [`files`] | reading only regular files, with a bound | |
//!
//! This file holds the configuration, the schedule (r[ref.match.schedule], r[ref.event.schedule]),
//! the openings (r[ref.match.opening]) and the driver: parallel games, `--resume`, Ctrl-C, the stop
//! file, the SPRT stop.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! ```
//! use ttrules_referee::clock::parse_duration;
//! use ttrules_referee::stats::elo;
//!
//! assert_eq!(parse_duration("1m30s").unwrap().as_secs(), 90);
//! assert_eq!(elo(0.5), Some(0.0));
//! assert!(elo(0.75).unwrap() > 190.0);
//! ```

pub mod claims;
// The core: the rules of a match without processes, files or clocks (`ttrules-referee-core`).
pub use ttrules_referee_core::{clock, driver, end, ending, endless, judge, played, ruling, sim};
pub mod end_io;
pub mod engine;
pub mod event;
pub mod files;
pub mod game;
pub mod handicap;
pub mod merge;
pub mod openings;
pub mod output;
pub mod report;
pub mod report_view;
pub mod running;
pub mod seats;
pub mod setup;
pub mod stats;
pub mod summary;

use engine::EngineSpec;
use std::path::PathBuf;
use std::time::Duration;
use ttrules_spec::{Komi, Rules, Size};

pub use ttrules_referee_core::played::{AtLimit, OnFault};

/// A match or an event, as the command line or the tournament file gives it ([`setup::build`]).
#[derive(Clone, Debug)]
pub struct Config {
    /// The players: engine `a` (`--black`) and engine `b` (`--white`), or the tournament file's.
    pub players: Vec<EngineSpec>,
    /// The pairing of a tournament file's event; `None` for the flags' match of `a` and `b`.
    pub event: Option<event::Event>,
    /// The games of the schedule.
    pub games: u32,
    pub size: Size,
    pub rules: Rules,
    /// The ruleset as given (sent to engines that have a rules command).
    pub rules_name: String,
    pub komi: Komi,
    pub alternate: bool,
    pub openings: Vec<Opening>,
    pub time: Option<clock::TimeControl>,
    /// The handicap of every game (r[ref.handicap]).
    pub handicap: Option<handicap::Handicap>,
    pub max_turns: Option<u32>,
    pub at_limit: AtLimit,
    pub on_fault: OnFault,
    pub end: end::Protocol,
    /// The protocol's settings (`--arbiter`, `--arbiter-when`, the move limit).
    pub end_options: end::EndOptions,
    /// The arbiter engine of `--end arbiter --arbiter CMD` (r[end.arbiter.engine]).
    pub arbiter: Option<EngineSpec>,
    pub jobs: usize,
    pub out: Option<PathBuf>,
    pub resume: bool,
    /// `--shard K/N`: only the games of the schedule dealt to shard K (r[ref.event.shard]).
    pub shard: Option<event::shard::Shard>,
    pub sprt: Option<stats::Sprt>,
    pub seed: u64,
    /// The timeout of every command but a clocked `genmove`.
    pub timeout: Duration,
    pub progress: bool,
    /// Keep each game's GTP traffic and stderr beside its record (r[ref.event.transcript]).
    pub transcripts: bool,
    /// The settings that fix the schedule and the games, as `match.json` records them.
    pub settings: serde_json::Value,
}

/// One game of the schedule (r[ref.match.schedule], r[ref.event.schedule]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    pub number: u32,
    /// The index of the player playing Black (in [`Config::players`]): 0 for `a`, 1 for `b`.
    pub black: usize,
    /// The index of the player playing White.
    pub white: usize,
    pub opening: Option<usize>,
    pub seed: u64,
}

/// Game `number` of the schedule: a function of the settings alone.
pub fn scheduled(cfg: &Config, number: u32) -> Scheduled {
    // 53 bits, so that every JSON reader keeps the seed exact.
    let seed = ttrules_games::derive_seed(cfg.seed, u64::from(number)) & ((1 << 53) - 1);
    if let Some(e) = &cfg.event {
        // r[ref.event.schedule]: the pair's rounds 2k and 2k + 1 play the k-th opening.
        let ([black, white], round) = e.game(number);
        let opening = (!cfg.openings.is_empty()).then(|| (round / 2) as usize % cfg.openings.len());
        return Scheduled {
            number,
            black,
            white,
            opening,
            seed,
        };
    }
    let (black, opening) = if cfg.openings.is_empty() {
        (usize::from(cfg.alternate && number % 2 == 0), None)
    } else {
        let pair = (number - 1) / 2;
        (
            usize::from(number % 2 == 0),
            Some(pair as usize % cfg.openings.len()),
        )
    };
    Scheduled {
        number,
        black,
        white: 1 - black,
        opening,
        seed,
    }
}

pub use openings::{load_openings, Opening};
pub use running::{cancel_flag, own_cpu_seconds, run, Cost, Job, RunOutcome};
