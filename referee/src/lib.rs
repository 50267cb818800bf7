//! # ttrules-referee
//!
//! `ttrules referee`: matches between GTP engines, judged exactly (Part VI of `spec/RULES.md`).
//! This crate is the operations floor: engine processes, running a match or an event, setup,
//! outputs, claims, summaries, statistics, the report. The rules of a match (the loop and its
//! seats, the rulings, the clocks, the end protocols) are `ttrules-referee-core`'s, which has no
//! process, file or system clock; its modules are re-exported here under their old paths
//! ([`clock`], [`driver`], [`end`], [`ending`], [`endless`], [`judge`], [`played`], [`ruling`],
//! [`sim`]).
//!
//! # Layers
//!
//! From the bottom up; a module imports only the core and the modules listed before it, never one
//! after it, and no two modules import each other (`tests/layering.rs` checks the line below).
//!
//! Layers: `files` < `progress` < `stats` < `pairing` < `transcript` < `engine` < `handicap` <
//! `openings` < `end_io` < `seats` < `game` < `claims` < `output` < `setup` < `event` < `summary` <
//! `report_view` < `report` < `running` < `merge`.
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | [`files`] | reading only regular files, with a bound | |
//! | [`progress`] | how far a run has got, through a callback the caller draws | |
//! | [`stats`] | Wilson interval, Elo, LOS, SPRT | |
//! | [`pairing`] | an event's kind and pairs, the players and round of each game | r[ref.event.schedule] |
//! | [`transcript`] | the GTP traffic and stderr of each game, beside its record | r[ref.event.transcript] |
//! | [`engine`] | supervised engine processes (process groups, logs, restarts) | r[ref.fault], r[ref.start] |
//! | [`handicap`] | the match's handicap, the engines placing the stones | r[ref.handicap] |
//! | [`openings`] | the openings, read from SGF files and checked | r[ref.match.opening] |
//! | [`end_io`] | the engines' side of the protocols: dead lists, resumptions, the game given again, the arbiter | r[end.list], r[end.engines], r[end.arbiter.engine] |
//! | [`seats`] | the engines in the core loop's seats | r[ref.judge] |
//! | [`game`] | one game between engines: the core loop with [`seats`], the result, the claims | r[ref.claims] |
//! | [`claims`] | claims that disagree with the count, said loudly | r[ref.claims] |
//! | [`output`] | SGF records, `results.jsonl`, reading them back | r[ref.record], r[ref.results] |
//! | [`setup`] | the settings, from the flags or a tournament file, checked into a [`Config`] | r[ref.event.file] |
//! | [`event`] | tournament files, standings and Elo, status and stop | r[ref.event.file], r[ref.event.elo] |
//! | [`summary`] | the summary table and its JSON, from results lines | |
//! | [`report`] | the event's report: a static HTML page | r[ref.event.report] |
//! | [`running`] | the run: jobs, the queue, `--resume`, the stop file, status and transcripts | r[ref.results], r[ref.event.stop] |
//! | [`merge`] | an event's shards put together into the folder of one run | r[ref.event.merge] |
//!
//! This file, the crate's front, holds the configuration and the schedule
//! (r[ref.match.schedule], r[ref.event.schedule]), and re-exports what the command line calls.
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
pub mod pairing;
pub mod progress;
pub mod report;
pub mod report_view;
pub mod running;
pub mod seats;
pub mod setup;
pub mod stats;
pub mod summary;
pub mod transcript;

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
pub use progress::Progress;
pub use running::{cancel_flag, own_cpu_seconds, run, Cost, Job, RunOutcome};
