//! The writer's side of a run: each finished game's line appended at once (r[ref.results]),
//! `status.json` (r[ref.event.status]), the cost, the progress and the SPRT's decision.

use super::{players, results_path, Cost, Message};
use crate::event::shard;
use crate::event::status::{self, Running, Status};
use crate::output::{self, ResultLine};
use crate::progress::Progress;
use crate::summary;
use crate::Config;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// The writer's side of a run (the calling thread): the results, `status.json`, the cost, the
/// progress, the SPRT's decision.
pub(super) struct Writer<'a> {
    pub(super) cfg: &'a Config,
    pub(super) labels: Vec<(String, String)>,
    pub(super) lines: Vec<ResultLine>,
    pub(super) state: Status,
    pub(super) played: u32,
    pub(super) cost: Cost,
    pub(super) stopped_by_sprt: bool,
    pub(super) write_error: Option<String>,
}

impl Writer<'_> {
    pub(super) fn new(cfg: &Config, lines: Vec<ResultLine>) -> Writer<'_> {
        Writer {
            cfg,
            labels: players(cfg),
            lines,
            state: Status {
                pid: std::process::id(),
                state: "running".into(),
                planned: cfg
                    .shard
                    .map_or(cfg.games, |s| shard::share_len(s, 1, cfg.games) as u32),
                running: Vec::new(),
                updated: status::now(),
            },
            played: 0,
            cost: Cost::default(),
            stopped_by_sprt: false,
            write_error: None,
        }
    }

    /// Whether the SPRT has decided on the lines so far.
    pub(super) fn decided(&self) -> bool {
        let first = &self.labels[0].0;
        self.cfg.sprt.is_some_and(|t| {
            t.state(&summary::first_engine_wdl(&self.lines, first))
                .decision
                .is_some()
        })
    }

    pub(super) fn write_status(&mut self) {
        if let Some(dir) = &self.cfg.out {
            self.state.updated = status::now();
            // The status is for other shells; the games never wait on it.
            let _ = status::write(dir, &self.state);
        }
    }

    /// Takes a job's message: a game started, or a game done (its line appended at once,
    /// r[ref.results]).
    pub(super) fn take(
        &mut self,
        message: Message,
        stop: &AtomicBool,
        progress: &mut dyn FnMut(Progress),
    ) {
        let line = match message {
            Message::Started(s) => {
                self.state.running.push(Running {
                    game: s.number,
                    black: self.labels[s.black].0.clone(),
                    white: self.labels[s.white].0.clone(),
                    since: status::now(),
                });
                self.write_status();
                return;
            }
            Message::Done(n, line) => {
                self.state.running.retain(|r| r.game != n);
                *line
            }
        };
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                self.write_error.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
                self.write_status();
                return;
            }
        };
        if let Some(dir) = &self.cfg.out {
            if let Err(e) = output::append(&results_path(dir), &line) {
                self.write_error
                    .get_or_insert(format!("cannot append to results.jsonl: {e}"));
                stop.store(true, Ordering::SeqCst);
            }
        }
        self.write_status();
        self.cost.turns += line.turns as u64;
        self.cost.engine_seconds += line.black.time + line.white.time;
        self.lines.push(line);
        self.played += 1;
        progress(Progress::Done {
            score: progress_message(&self.lines, &self.labels),
        });
        if self.decided() && !stop.load(Ordering::SeqCst) {
            self.stopped_by_sprt = true;
            stop.store(true, Ordering::SeqCst);
        }
    }

    /// The run's last status: failed, interrupted, stopped or finished.
    pub(super) fn last_status(&mut self, interrupted: bool, stopped: bool) {
        self.state.running.clear();
        self.state.state = if self.write_error.is_some() {
            "failed"
        } else if interrupted {
            "interrupted"
        } else if stopped {
            "stopped"
        } else {
            "finished"
        }
        .into();
        self.write_status();
    }
}

/// The progress bar's words: the first two players' score in a match, the leader in an event.
fn progress_message(lines: &[ResultLine], labels: &[(String, String)]) -> String {
    if labels.len() == 2 {
        let w = summary::first_engine_wdl(lines, &labels[0].0);
        return format!(
            "{} {} - {} {} - draws {}",
            labels[0].0, w.wins, labels[1].0, w.losses, w.draws
        );
    }
    let mut points: BTreeMap<&str, f64> = BTreeMap::new();
    for l in lines {
        for side in [&l.black, &l.white] {
            let p = match l.winner.as_str() {
                "draw" => 0.5,
                w if w == side.engine => 1.0,
                _ => 0.0,
            };
            *points.entry(side.engine.as_str()).or_default() += p;
        }
    }
    match points.iter().max_by(|a, b| a.1.total_cmp(b.1)) {
        Some((l, p)) => format!("leader {l} {p} points"),
        None => String::new(),
    }
}
