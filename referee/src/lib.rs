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
//! | [`claims`] | claims that disagree with the count, said loudly | r[ref.claims] |
//!
//! This file holds the configuration, the schedule (r[ref.match.schedule]), the openings
//! (r[ref.match.opening]) and the driver: parallel games, `--resume`, Ctrl-C, the SPRT stop.
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
pub mod clock;
pub mod driver;
pub mod end;
pub mod end_io;
pub mod endless;
pub mod engine;
pub mod game;
pub mod handicap;
pub mod judge;
pub mod output;
pub mod ruling;
pub mod seats;
pub mod stats;
pub mod summary;

use engine::{EngineSpec, Failure, Supervised};
use output::ResultLine;
use serde::Serialize;
use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use std::time::Duration;
use summary::Summary;
use ttrules_fast::Fast;
use ttrules_spec::{Engine, Komi, Move, Rules, Size};

/// What a game at the move limit becomes (r[ref.limit]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum AtLimit {
    Void,
    Score,
}

/// What a fault makes of the game (r[ref.fault]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum OnFault {
    Loss,
    Void,
}

/// An opening: its name (the file's) and its turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    pub name: String,
    pub moves: Vec<Move>,
}

/// A match, as the command line gives it.
#[derive(Clone, Debug)]
pub struct Config {
    /// Engine `a` (`--black`) and engine `b` (`--white`).
    pub engines: [EngineSpec; 2],
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
    pub sprt: Option<stats::Sprt>,
    pub seed: u64,
    /// The timeout of every command but a clocked `genmove`.
    pub timeout: Duration,
    pub progress: bool,
    /// The settings that fix the schedule and the games, as `match.json` records them.
    pub settings: serde_json::Value,
}

/// One game of the schedule (r[ref.match.schedule]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    pub number: u32,
    /// The index of the engine playing Black: 0 for `a`, 1 for `b`.
    pub black: usize,
    pub opening: Option<usize>,
    pub seed: u64,
}

/// Game `number` of the schedule: a function of the settings alone.
pub fn scheduled(cfg: &Config, number: u32) -> Scheduled {
    let (black, opening) = if cfg.openings.is_empty() {
        (usize::from(cfg.alternate && number % 2 == 0), None)
    } else {
        let pair = (number - 1) / 2;
        (
            usize::from(number % 2 == 0),
            Some(pair as usize % cfg.openings.len()),
        )
    };
    // 53 bits, so that every JSON reader keeps the seed exact.
    let seed = ttrules_games::derive_seed(cfg.seed, u64::from(number)) & ((1 << 53) - 1);
    Scheduled {
        number,
        black,
        opening,
        seed,
    }
}

/// Reads openings from SGF files or folders of them (in file-name order), each checked on the
/// match's board and rules (r[ref.match.opening]).
pub fn load_openings(paths: &[PathBuf], size: Size, rules: Rules) -> Result<Vec<Opening>, String> {
    let mut files: Vec<PathBuf> = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut in_dir: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("--openings {}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
                .collect();
            in_dir.sort();
            if in_dir.is_empty() {
                return Err(format!("--openings {}: no .sgf file in it", p.display()));
            }
            files.extend(in_dir);
        } else {
            files.push(p.clone());
        }
    }
    let mut out = Vec::new();
    for f in files {
        let name = f.display().to_string();
        let text = std::fs::read(&f).map_err(|e| format!("opening {name}: {e}"))?;
        let record = ttrules_record::read_first(String::from_utf8_lossy(&text).as_bytes(), &name)
            .map_err(|e| format!("opening {name}: {e}"))?;
        if record.size != size {
            return Err(format!(
                "opening {name}: its board is {}, the match's {size}",
                record.size
            ));
        }
        if !record.setup.is_empty_start() {
            return Err(format!(
                "opening {name}: it starts from a setup; an opening is a game from the empty \
                 grid (r[ref.match.opening])"
            ));
        }
        let mut e = Fast::new(size, rules);
        let mut moves = Vec::new();
        for m in &record.moves {
            if let Err(why) = e.play(m.mv) {
                return Err(format!(
                    "opening {name}: node {}: {} {} is illegal under {rules}: {why}",
                    m.node,
                    m.player.letter(),
                    m.mv.gtp()
                ));
            }
            moves.push(m.mv);
        }
        if e.is_over() {
            return Err(format!(
                "opening {name}: the game is over after it; an opening must leave a game to play"
            ));
        }
        out.push(Opening { name, moves });
    }
    Ok(out)
}

/// How a run ended.
pub struct RunOutcome {
    pub summary: Summary,
    /// Games played by this run (not those read back).
    pub played: u32,
    /// Ctrl-C: the games in progress were dropped.
    pub interrupted: bool,
    /// The SPRT decided before the schedule ended.
    pub stopped_by_sprt: bool,
    /// What this run cost the referee itself, against what the engines took.
    pub cost: Cost,
    /// Sentences for the operator (a cut-off results line dropped by `--resume`).
    pub notes: Vec<String>,
}

/// The referee's own cost (judging, I/O, records) in this run: the CPU time of its process
/// (engines excluded: they are other processes), and the engines' `genmove` time over the turns
/// this run played.
#[derive(Copy, Clone, Debug, Default, Serialize, PartialEq)]
pub struct Cost {
    pub wall_seconds: f64,
    pub referee_cpu_seconds: f64,
    pub engine_seconds: f64,
    pub turns: u64,
}

/// User plus system CPU time of this process so far (its threads, not its children).
pub fn own_cpu_seconds() -> f64 {
    // SAFETY: getrusage fills the struct it is given and touches nothing else.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return 0.0;
    }
    let t = |tv: libc::timeval| tv.tv_sec as f64 + tv.tv_usec as f64 / 1e6;
    t(ru.ru_utime) + t(ru.ru_stime)
}

/// The flag Ctrl-C (or SIGTERM) sets; the handler is installed once per process.
pub fn cancel_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let f = Arc::clone(&flag);
        // If another handler is installed already, Ctrl-C keeps its default meaning.
        let _ = ctrlc::set_handler(move || f.store(true, Ordering::SeqCst));
        flag
    })
    .clone()
}

fn results_path(dir: &Path) -> PathBuf {
    dir.join("results.jsonl")
}

/// Prepares the output folder: `match.json` written (or, with `--resume`, compared), the results
/// read back.
fn prepare_out(cfg: &Config) -> Result<(Vec<ResultLine>, Option<String>), String> {
    let Some(dir) = &cfg.out else {
        if cfg.resume {
            return Err("--resume needs --out DIR (the folder of the interrupted match)".into());
        }
        return Ok((Vec::new(), None));
    };
    let settings_path = dir.join("match.json");
    let results = results_path(dir);
    if cfg.resume {
        let text = std::fs::read_to_string(&settings_path)
            .map_err(|e| format!("--resume: cannot read {}: {e}", settings_path.display()))?;
        let before: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| format!("--resume: {}: {e}", settings_path.display()))?;
        if before != cfg.settings {
            let diffs: Vec<String> = cfg
                .settings
                .as_object()
                .into_iter()
                .flatten()
                .filter(|(k, v)| before.get(k.as_str()) != Some(v))
                .map(|(k, v)| format!("{k}: {} now, {} before", v, before[k.as_str()]))
                .collect();
            return Err(format!(
                "--resume: the settings differ from those of the match in {} ({}); resume with \
                 the same settings",
                dir.display(),
                diffs.join("; ")
            ));
        }
        output::read_results_noting(&results)
    } else {
        if results.exists() && std::fs::metadata(&results).is_ok_and(|m| m.len() > 0) {
            return Err(format!(
                "{} already holds a match ({}); continue it with --resume or choose another --out",
                dir.display(),
                results.display()
            ));
        }
        std::fs::create_dir_all(dir.join("logs"))
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let text = serde_json::to_string_pretty(&cfg.settings).expect("settings serialise") + "\n";
        output::write_whole(&settings_path, &text)
            .map_err(|e| format!("cannot write {}: {e}", settings_path.display()))?;
        Ok((Vec::new(), None))
    }
}

/// The engines of one job: the two players and, under `--end arbiter --arbiter CMD`, the arbiter.
pub struct Job {
    pub engines: [Supervised; 2],
    pub arbiter: Option<Supervised>,
}

impl Job {
    fn shutdown(&mut self) {
        for e in self.engines.iter_mut().chain(self.arbiter.as_mut()) {
            e.shutdown();
        }
    }
}

/// Starts the engines of one job and checks that they take the match's game (r[ref.start]).
fn start_pair(cfg: &Config, cancel: &Arc<AtomicBool>, seed: u64) -> Result<Job, String> {
    let start = |spec: EngineSpec| Supervised::new(spec, cfg.timeout, Arc::clone(cancel));
    let mut job = Job {
        engines: cfg.engines.clone().map(start),
        arbiter: cfg.arbiter.clone().map(start),
    };
    // r[ref.match.schedule]: the second engine plays Black only with alternating colours or openings.
    let may_be_black = [true, cfg.alternate || !cfg.openings.is_empty()];
    for (i, e) in job
        .engines
        .iter_mut()
        .chain(job.arbiter.as_mut())
        .enumerate()
    {
        let cannot = |e: &Supervised, detail: String| {
            format!(
                "engine {} (`{}`) cannot play the match: {detail}",
                e.spec.id,
                e.spec.command()
            )
        };
        e.new_game(seed, cfg).map_err(|f| match f {
            Failure::Interrupted => "interrupted".to_string(),
            Failure::Fault { detail, .. } => cannot(e, detail),
        })?;
        // r[ref.handicap]: the players (not the arbiter) need the handicap commands.
        if let (Some(h), Some(&black)) = (cfg.handicap, may_be_black.get(i)) {
            h.can_play(e, black).map_err(|why| cannot(e, why))?;
        }
    }
    Ok(job)
}

/// Runs the match. `Err` for anything that stops it before its first game (exit status 2).
pub fn run(cfg: &Config) -> Result<RunOutcome, String> {
    let started = std::time::Instant::now();
    let cpu_before = own_cpu_seconds();
    let (mut lines, note) = prepare_out(cfg)?;
    let notes: Vec<String> = note.into_iter().collect();
    let done: BTreeSet<u32> = lines.iter().map(|l| l.game).collect();
    let commands = [cfg.engines[0].command(), cfg.engines[1].command()];
    let decided = |lines: &[ResultLine]| {
        cfg.sprt.is_some_and(|t| {
            t.state(&summary::first_engine_wdl(lines))
                .decision
                .is_some()
        })
    };
    let todo: VecDeque<Scheduled> = if decided(&lines) {
        VecDeque::new()
    } else {
        (1..=cfg.games)
            .filter(|n| !done.contains(n))
            .map(|n| scheduled(cfg, n))
            .collect()
    };
    let cancel = cancel_flag();
    let jobs = cfg.jobs.clamp(1, todo.len().max(1));
    let mut pairs = Vec::new();
    if !todo.is_empty() {
        for _ in 0..jobs {
            match start_pair(cfg, &cancel, todo[0].seed) {
                Ok(pair) => pairs.push(pair),
                // Ctrl-C while the engines start: no game was played, nothing is lost.
                Err(_) if cancel.load(Ordering::SeqCst) => {
                    return Ok(RunOutcome {
                        summary: Summary::new(&lines, commands, cfg.sprt),
                        played: 0,
                        interrupted: true,
                        stopped_by_sprt: false,
                        cost: Cost::default(),
                        notes,
                    });
                }
                Err(e) => return Err(e),
            }
        }
    }
    let pb = progress_bar(cfg, todo.len() as u64);
    let queue = Mutex::new(todo);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<ResultLine, String>>();
    let mut played = 0;
    let mut cost = Cost::default();
    let mut stopped_by_sprt = false;
    let mut write_error = None;
    std::thread::scope(|scope| {
        for mut job in pairs {
            let tx = tx.clone();
            let (queue, stop, cancel) = (&queue, &stop, &cancel);
            scope.spawn(move || {
                loop {
                    if stop.load(Ordering::SeqCst) || cancel.load(Ordering::SeqCst) {
                        break;
                    }
                    let Some(s) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
                        break;
                    };
                    let line = play_one(cfg, &mut job, s);
                    match line {
                        Some(l) => {
                            if tx.send(l).is_err() {
                                break;
                            }
                        }
                        None => break,
                    }
                }
                job.shutdown();
            });
        }
        drop(tx);
        for line in rx {
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    write_error.get_or_insert(e);
                    stop.store(true, Ordering::SeqCst);
                    continue;
                }
            };
            if let Some(dir) = &cfg.out {
                if let Err(e) = output::append(&results_path(dir), &line) {
                    write_error.get_or_insert(format!("cannot append to results.jsonl: {e}"));
                    stop.store(true, Ordering::SeqCst);
                }
            }
            cost.turns += line.turns as u64;
            cost.engine_seconds += line.black.time + line.white.time;
            lines.push(line);
            played += 1;
            pb.inc(1);
            let w = summary::first_engine_wdl(&lines);
            pb.set_message(format!("a {} - b {} - draws {}", w.wins, w.losses, w.draws));
            if decided(&lines) && !stop.load(Ordering::SeqCst) {
                stopped_by_sprt = true;
                stop.store(true, Ordering::SeqCst);
            }
        }
    });
    pb.finish_and_clear();
    if let Some(e) = write_error {
        return Err(e);
    }
    lines.sort_by_key(|l| l.game);
    cost.wall_seconds = started.elapsed().as_secs_f64();
    cost.referee_cpu_seconds = own_cpu_seconds() - cpu_before;
    Ok(RunOutcome {
        cost,
        summary: Summary::new(&lines, commands, cfg.sprt),
        played,
        interrupted: cancel.load(Ordering::SeqCst),
        stopped_by_sprt,
        notes,
    })
}

/// Plays one scheduled game and writes its record; `None` when interrupted.
fn play_one(cfg: &Config, job: &mut Job, s: Scheduled) -> Option<Result<ResultLine, String>> {
    let opening = s.opening.map(|i| &cfg.openings[i]);
    let moves = opening.map_or(&[][..], |o| &o.moves[..]);
    let dt = output::today();
    let played = game::play(
        cfg,
        &mut job.engines,
        job.arbiter.as_mut(),
        s.black,
        s.seed,
        moves,
    )
    .ok()?;
    let file = format!("game-{:04}.sgf", s.number);
    let name = opening.map(|o| o.name.clone());
    if let Some(dir) = &cfg.out {
        let text = output::sgf(cfg, s.number, &played, name.as_deref(), &dt);
        if let Err(e) = output::write_whole(&dir.join(&file), &text) {
            return Some(Err(format!("cannot write {file}: {e}")));
        }
    }
    Some(Ok(ResultLine::new(
        cfg, s.number, s.black, &played, name, s.seed, file,
    )))
}

fn progress_bar(cfg: &Config, len: u64) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !cfg.progress || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let pb = indicatif::ProgressBar::new(len);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("games [{bar:30}] {pos}/{len} {msg} ({elapsed})")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb
}
