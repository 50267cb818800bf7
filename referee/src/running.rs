//! The run of a match or an event: the output folder prepared (or resumed), jobs of engine
//! processes playing the games of the schedule in parallel, each finished game written at once
//! (r[ref.results]), `status.json` kept for `referee status` (r[ref.event.status]), the stop file
//! and Ctrl-C honoured (r[ref.event.stop]), transcripts beside the records
//! (r[ref.event.transcript]), and the SPRT's decision.

use super::engine::{EngineSpec, Failure, Supervised};
use super::event::shard::{self, Shard};
use super::event::status;
use super::event::transcript::{self, Marks, Sink};
use super::output::{self, ResultLine};
use super::progress::Progress;
use super::summary::Summary;
use super::{game, scheduled, Config, Scheduled};
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
use ttrules_spec::Player;

mod writer;

use writer::Writer;

/// How a run ended.
pub struct RunOutcome {
    pub summary: Summary,
    /// Games played by this run (not those read back).
    pub played: u32,
    /// Ctrl-C: the games in progress were dropped.
    pub interrupted: bool,
    /// The SPRT decided before the schedule ended.
    pub stopped_by_sprt: bool,
    /// `referee stop` asked for a stop: no game was started after it (r[ref.event.stop]).
    pub stopped: bool,
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
        let _ = ctrlc::set_handler(move || {
            f.store(true, Ordering::SeqCst);
            ttrules_gtp::client::wake_waiting();
        });
        flag
    })
    .clone()
}

fn results_path(dir: &Path) -> PathBuf {
    dir.join("results.jsonl")
}

/// The results read back, a note on them, and the folder's lock (held for the run).
type Prepared = (Vec<ResultLine>, Option<String>, Option<std::fs::File>);

/// The lock of an output folder: `DIR/referee.lock`, locked with flock(2) before anything else
/// is read or written there, and held (the open file) for the whole run; the kernel releases it
/// when the process ends, however it ends. A second referee on the folder is refused at once,
/// naming the first one's process (issue 32, D12).
pub fn lock_folder(dir: &Path) -> Result<std::fs::File, String> {
    use std::io::{Read, Seek, Write};
    use std::os::fd::AsRawFd;
    let path = dir.join("referee.lock");
    let mut f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    // SAFETY: flock(2) on a descriptor we own; it touches no memory.
    if unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        let err = std::io::Error::last_os_error();
        if err.raw_os_error() != Some(libc::EWOULDBLOCK) {
            return Err(format!("cannot lock {}: {err}", path.display()));
        }
        // The holder writes its process id just after it locks: give it a moment.
        let mut pid = String::new();
        for _ in 0..20 {
            pid.clear();
            let _ = f.rewind().and_then(|_| f.read_to_string(&mut pid));
            if !pid.trim().is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let who = match pid.trim() {
            "" => "another referee".to_string(),
            p => format!("another referee (process {p})"),
        };
        return Err(format!(
            "{}: {who} is running in this folder (it holds {}); wait for it, or stop it with \
             `ttrules referee stop {}`",
            dir.display(),
            path.display(),
            dir.display()
        ));
    }
    f.set_len(0)
        .and_then(|_| f.rewind())
        .and_then(|_| writeln!(f, "{}", std::process::id()))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(f)
}

/// Prepares the output folder: `match.json` written (or, with `--resume`, compared), the results
/// read back, a stop file left by an earlier `referee stop` removed.
fn prepare_out(cfg: &Config) -> Result<Prepared, String> {
    shard::check_config(cfg)?;
    let Some(dir) = &cfg.out else {
        if cfg.resume {
            return Err("--resume needs --out DIR (the folder of the interrupted match)".into());
        }
        return Ok((Vec::new(), None, None));
    };
    if !cfg.resume {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    // A folder to resume that does not exist has no lock to take: its match.json says so below.
    let lock = if cfg.resume && !dir.is_dir() {
        None
    } else {
        Some(lock_folder(dir)?)
    };
    shard::check_folder(dir, cfg)?;
    let settings_path = dir.join("match.json");
    let results = results_path(dir);
    let read = if cfg.resume {
        let text =
            crate::files::read_regular_text(&settings_path, crate::files::MAX_SETTINGS_BYTES)
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
        let (lines, note) = output::read_results_noting(&results)?;
        (lines, note, lock)
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
        (Vec::new(), None, lock)
    };
    if let Some(live) = status::Folder::read(dir).ok().filter(status::Folder::live) {
        let pid = live.status.map_or(0, |s| s.pid);
        if pid != std::process::id() {
            return Err(format!(
                "{}: a referee (process {pid}) is running this event; `ttrules referee status {}` \
                 shows it",
                dir.display(),
                dir.display()
            ));
        }
    }
    let _ = std::fs::remove_file(status::stop_path(dir));
    shard::settle(dir, cfg, &read.0)?;
    Ok(read)
}

/// The engines of one job: one per player, started once, and under `--end arbiter --arbiter CMD`
/// the arbiter; the transcript they write to when transcripts are kept.
pub struct Job {
    pub players: Vec<Option<Supervised>>,
    pub arbiter: Option<Supervised>,
    pub transcript: Option<Sink>,
}

impl Job {
    fn shutdown(&mut self) {
        for e in self
            .players
            .iter_mut()
            .flatten()
            .chain(self.arbiter.as_mut())
        {
            e.shutdown();
        }
    }
}

/// Starts the engines of job `k` and checks that each takes the match's game (r[ref.start]).
/// Job 0 logs to `logs/LABEL.log`, job k > 0 to `logs/LABEL.k.log`, so that each game's part of
/// a log is its own.
fn start_job(cfg: &Config, cancel: &Arc<AtomicBool>, seed: u64, k: usize) -> Result<Job, String> {
    let transcript = cfg.transcripts.then(Sink::default);
    let start = |mut spec: EngineSpec| {
        if k > 0 {
            spec.log = spec.log.map(|l| l.with_extension(format!("{k}.log")));
        }
        let mut e = Supervised::new(spec, cfg.timeout, Arc::clone(cancel));
        e.transcript = transcript.clone();
        e
    };
    let mut job = Job {
        players: cfg.players.iter().cloned().map(start).map(Some).collect(),
        arbiter: cfg.arbiter.clone().map(start),
        transcript: transcript.clone(),
    };
    // r[ref.match.schedule]: in the flags' match the second engine plays Black only with
    // alternating colours or openings; in an event every player may (r[ref.event.schedule]).
    let may_be_black =
        |i: usize| i == 0 || cfg.event.is_some() || cfg.alternate || !cfg.openings.is_empty();
    let cannot = |e: &Supervised, detail: String| {
        format!(
            "engine {} (`{}`) cannot play the match: {detail}",
            e.spec.id,
            e.spec.command()
        )
    };
    for (i, e) in job.players.iter_mut().flatten().enumerate() {
        e.new_game(seed, cfg).map_err(|f| match f {
            Failure::Interrupted => "interrupted".to_string(),
            Failure::Fault { detail, .. } => cannot(e, detail),
        })?;
        // r[ref.handicap]: the players (not the arbiter) need the handicap commands.
        if let Some(h) = cfg.handicap {
            h.can_play(e, may_be_black(i))
                .map_err(|why| cannot(e, why))?;
        }
    }
    if let Some(e) = job.arbiter.as_mut() {
        e.new_game(seed, cfg).map_err(|f| match f {
            Failure::Interrupted => "interrupted".to_string(),
            Failure::Fault { detail, .. } => cannot(e, detail),
        })?;
    }
    Ok(job)
}

/// The games still to play, in order: game `n` is computed when it is due ([`scheduled`]), so
/// the schedule is never held whole (issue 32, D4); `done` holds the games read back; with
/// `--shard`, only the shard's games (r[ref.event.shard]).
struct Queue {
    next: u32,
    last: u32,
    done: BTreeSet<u32>,
    shard: Option<Shard>,
}

impl Queue {
    /// The next game to play, taken.
    fn pop(&mut self, cfg: &Config) -> Option<Scheduled> {
        while self.next <= self.last {
            let n = self.next;
            self.next += 1;
            if !self.done.contains(&n) && self.shard.is_none_or(|s| shard::deals(s, n)) {
                return Some(scheduled(cfg, n));
            }
        }
        None
    }

    /// The next game to play, left in place.
    fn peek(&self, cfg: &Config) -> Option<Scheduled> {
        let mut q = Queue {
            next: self.next,
            last: self.last,
            done: BTreeSet::new(),
            shard: self.shard,
        };
        while q.next <= q.last && self.done.contains(&q.next) {
            q.next += 1;
        }
        q.pop(cfg)
    }

    /// How many games are left.
    fn len(&self) -> u64 {
        if self.next > self.last {
            return 0;
        }
        let span = match self.shard {
            None => u64::from(self.last - self.next) + 1,
            Some(s) => shard::share_len(s, self.next, self.last),
        };
        span - self.done.range(self.next..=self.last).count() as u64
    }
}

/// What the jobs tell the writer (a finished game's line boxed: it is ten times the size of the
/// other message).
enum Message {
    Started(Scheduled),
    Done(u32, Box<Result<ResultLine, String>>),
}

/// The labels and commands of the players.
fn players(cfg: &Config) -> Vec<(String, String)> {
    cfg.players
        .iter()
        .map(|p| (p.id.clone(), p.command()))
        .collect()
}

/// Makes every thread allocate from one malloc arena (glibc). The referee's threads (three per
/// engine, one per job) mostly wait on pipes and allocate little, but glibc would give each busy
/// one an arena of its own, reserving 64 MiB of address space apiece (600 MB for a two-engine
/// match): with one arena the referee's address space stays a few tens of megabytes, so a bound
/// set on it (`ulimit -v`, the hostile-input suite's `prlimit --as`) measures what it uses.
fn one_malloc_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt(3) only sets a tuning parameter of the allocator.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Starts the jobs (at most one per game to play) with the seed of the first game to play; none
/// when there is none. On an error the jobs started are shut down.
fn start_jobs(cfg: &Config, cancel: &Arc<AtomicBool>, todo: &Queue) -> Result<Vec<Job>, String> {
    let jobs = cfg
        .jobs
        .clamp(1, usize::try_from(todo.len()).unwrap_or(usize::MAX).max(1));
    let mut job_list = Vec::new();
    if let Some(first) = todo.peek(cfg) {
        for k in 0..jobs {
            match start_job(cfg, cancel, first.seed, k) {
                Ok(job) => job_list.push(job),
                Err(e) => {
                    for mut j in job_list {
                        j.shutdown();
                    }
                    return Err(e);
                }
            }
        }
    }
    Ok(job_list)
}

/// What the jobs share: the queue, and the flags that stop them.
#[derive(Clone, Copy)]
struct Shared<'a> {
    cfg: &'a Config,
    queue: &'a Mutex<Queue>,
    /// Set by the writer (an error, the SPRT's decision): no game starts after it.
    stop: &'a AtomicBool,
    cancel: &'a AtomicBool,
    /// Set by a job that found the stop file (r[ref.event.stop]).
    stop_asked: &'a AtomicBool,
}

impl Shared<'_> {
    /// A job's thread: plays the games it takes from the queue until the queue is empty, a stop,
    /// Ctrl-C, or the writer gone; then ends its engines.
    fn play(self, mut job: Job, tx: mpsc::Sender<Message>) {
        let cfg = self.cfg;
        loop {
            if self.stop.load(Ordering::SeqCst) || self.cancel.load(Ordering::SeqCst) {
                break;
            }
            // r[ref.event.stop]: no game starts once a stop is asked.
            if cfg.out.as_deref().is_some_and(status::stop_asked) {
                self.stop_asked.store(true, Ordering::SeqCst);
                break;
            }
            let Some(s) = self.queue.lock().ok().and_then(|mut q| q.pop(cfg)) else {
                break;
            };
            if tx.send(Message::Started(s)).is_err() {
                break;
            }
            match play_one(cfg, &mut job, s) {
                Some(l) => {
                    if tx.send(Message::Done(s.number, Box::new(l))).is_err() {
                        break;
                    }
                }
                None => break,
            }
        }
        job.shutdown();
    }
}

/// Runs the match or event, telling `progress` how far it has got. `Err` for anything that stops
/// it before its first game (exit status 2).
pub fn run(cfg: &Config, progress: &mut dyn FnMut(Progress)) -> Result<RunOutcome, String> {
    one_malloc_arena();
    let started = std::time::Instant::now();
    let cpu_before = own_cpu_seconds();
    let (lines, note, _lock) = prepare_out(cfg)?;
    let notes: Vec<String> = note.into_iter().collect();
    let mut w = Writer::new(cfg, lines);
    let todo = Queue {
        next: 1,
        last: if w.decided() { 0 } else { cfg.games },
        done: w.lines.iter().map(|l| l.game).collect(),
        shard: cfg.shard,
    };
    let cancel = cancel_flag();
    w.write_status();
    let job_list = match start_jobs(cfg, &cancel, &todo) {
        Ok(jobs) => jobs,
        Err(e) => {
            w.state.state = "failed".into();
            w.write_status();
            // Ctrl-C while the engines start: no game was played, nothing is lost.
            if cancel.load(Ordering::SeqCst) {
                return Ok(RunOutcome {
                    summary: Summary::new(&w.lines, &w.labels, cfg.sprt),
                    played: 0,
                    interrupted: true,
                    stopped_by_sprt: false,
                    stopped: false,
                    cost: Cost::default(),
                    notes,
                });
            }
            return Err(e);
        }
    };
    progress(Progress::Start { games: todo.len() });
    let queue = Mutex::new(todo);
    let (stop, stop_asked) = (AtomicBool::new(false), AtomicBool::new(false));
    let shared = Shared {
        cfg,
        queue: &queue,
        stop: &stop,
        cancel: &cancel,
        stop_asked: &stop_asked,
    };
    let (tx, rx) = mpsc::channel::<Message>();
    std::thread::scope(|scope| {
        for job in job_list {
            let tx = tx.clone();
            let spawned =
                std::thread::Builder::new().spawn_scoped(scope, move || shared.play(job, tx));
            // The system refused a thread (memory, process limits): no game is lost, the games
            // in progress finish, and the run says why it stopped.
            if let Err(e) = spawned {
                w.write_error
                    .get_or_insert(format!("cannot start a thread for a job: {e}"));
                stop.store(true, Ordering::SeqCst);
            }
        }
        drop(tx);
        for message in rx {
            w.take(message, &stop, progress);
        }
    });
    progress(Progress::Finish);
    let interrupted = cancel.load(Ordering::SeqCst);
    let stopped = stop_asked.load(Ordering::SeqCst);
    w.last_status(interrupted, stopped);
    if let Some(e) = w.write_error {
        return Err(e);
    }
    w.lines.sort_by_key(|l| l.game);
    let mut cost = w.cost;
    cost.wall_seconds = started.elapsed().as_secs_f64();
    cost.referee_cpu_seconds = own_cpu_seconds() - cpu_before;
    Ok(RunOutcome {
        cost,
        summary: Summary::new(&w.lines, &w.labels, cfg.sprt),
        played: w.played,
        interrupted,
        stopped_by_sprt: w.stopped_by_sprt,
        stopped,
        notes,
    })
}

/// The turns of a game as `B C3 W pass …`, for duplicates (r[ref.event.duplicate]).
fn turns_text(played: &crate::played::Played) -> String {
    let turns: Vec<String> = played
        .judge
        .turns()
        .iter()
        .map(|t| format!("{} {}", t.player.letter(), t.mv.gtp()))
        .collect();
    turns.join(" ")
}

/// Plays one scheduled game and writes its record (and transcripts); `None` when interrupted.
fn play_one(cfg: &Config, job: &mut Job, s: Scheduled) -> Option<Result<ResultLine, String>> {
    let opening = s.opening.map(|i| &cfg.openings[i]);
    let moves = opening.map_or(&[][..], |o| &o.moves[..]);
    let dt = output::today();
    let (Some(b), Some(w)) = (job.players[s.black].take(), job.players[s.white].take()) else {
        unreachable!("a player's engine is in its seat only during its game");
    };
    let mut seats = [b, w];
    let marks = Marks::now(
        seats
            .iter()
            .filter_map(|e| Some((e.spec.id.as_str(), e.spec.log.as_deref()?))),
    );
    if let Some(t) = &job.transcript {
        t.restart();
    }
    let result = game::play(cfg, &mut seats, job.arbiter.as_mut(), 0, s.seed, moves);
    let [b, w] = seats;
    let trusted = [b.spec.trust_claims, w.spec.trust_claims];
    let labelled = [&b, &w].map(|e| e.spec.labelled.then(|| e.spec.id.clone()));
    job.players[s.black] = Some(b);
    job.players[s.white] = Some(w);
    let mut played = result.ok()?;
    // r[ref.event.file]: an untrusted player's claim is neither recorded nor compared.
    for p in [Player::Black, Player::White] {
        if !trusted[p as usize] {
            played.claims[p as usize] = None;
        }
    }
    // r[ref.event.file]: a label is the player's name in the record.
    let names = played.names.clone();
    for (k, l) in labelled.into_iter().enumerate() {
        if let Some(l) = l {
            played.names[k] = l;
        }
    }
    let file = format!("game-{:04}.sgf", s.number);
    let name = opening.map(|o| o.name.clone());
    if let Some(dir) = &cfg.out {
        let text = output::sgf(cfg, s.number, &played, name.as_deref(), &dt);
        if let Err(e) = output::write_whole(&dir.join(&file), &text) {
            return Some(Err(format!("cannot write {file}: {e}")));
        }
        if let Some(t) = &job.transcript {
            let [gtp, stderr] = transcript::paths(dir, &file);
            for (path, text) in [(gtp, t.text()), (stderr, marks.since())] {
                if let Err(e) = output::write_whole(&path, &text) {
                    return Some(Err(format!("cannot write {}: {e}", path.display())));
                }
            }
        }
    }
    played.names = names;
    let mut line = ResultLine::new(
        cfg,
        s.number,
        [s.black, s.white],
        &played,
        name,
        s.seed,
        file,
    );
    line.moves = Some(turns_text(&played));
    Some(Ok(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 32, D4: the queue of a million games computes each when due and skips those done.
    #[test]
    fn the_queue_computes_games_when_due_and_skips_those_done() {
        let player = |c: &str| crate::setup::Player {
            command: c.into(),
            ..Default::default()
        };
        let s = crate::setup::Settings {
            players: vec![player("x"), player("y")],
            games: 1_000_000,
            alternate: true,
            ..Default::default()
        };
        let cfg = crate::setup::build(&s, &|k| k.to_string()).unwrap();
        let mut q = Queue {
            next: 1,
            last: cfg.games,
            done: [1, 3, 4].into(),
            shard: None,
        };
        assert_eq!(q.len(), 999_997);
        assert_eq!(q.peek(&cfg), Some(scheduled(&cfg, 2)));
        let got: Vec<u32> = (0..3).map(|_| q.pop(&cfg).unwrap().number).collect();
        assert_eq!(got, [2, 5, 6]);
        assert_eq!(q.len(), 1_000_000 - 6);
        assert_eq!(q.pop(&cfg), Some(scheduled(&cfg, 7)));
        let mut end = Queue {
            next: 999_999,
            last: 1_000_000,
            done: [1_000_000].into(),
            shard: None,
        };
        assert_eq!(end.pop(&cfg).map(|g| g.number), Some(999_999));
        assert_eq!((end.pop(&cfg), end.len()), (None, 0));
    }

    /// r[ref.event.shard]: a shard's queue holds its share only, games done skipped.
    #[test]
    fn a_shards_queue_holds_its_share() {
        let player = |c: &str| crate::setup::Player {
            command: c.into(),
            ..Default::default()
        };
        let s = crate::setup::Settings {
            players: vec![player("x"), player("y")],
            games: 10,
            ..Default::default()
        };
        let cfg = crate::setup::build(&s, &|k| k.to_string()).unwrap();
        let mut q = Queue {
            next: 1,
            last: cfg.games,
            done: [5].into(),
            shard: Shard::new(2, 3),
        };
        assert_eq!(q.len(), 2);
        assert_eq!(q.peek(&cfg).map(|g| g.number), Some(2));
        let got: Vec<u32> = std::iter::from_fn(|| q.pop(&cfg).map(|g| g.number)).collect();
        assert_eq!(got, [2, 8]);
    }
}
