//! Engine supervision: each engine is a GTP child process in a process group of its own, its
//! stderr appended to a log file (rotated, [`ttrules_gtp::client::stderr`]), every command with a timeout. A fault ends the whole group, and
//! the next game starts a fresh process (r[ref.fault]). An engine command that contains `{seed}`
//! is started afresh for every game with the game's seed in its place, so that a seeded engine
//! plays each game, resumed or not, the same way.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use ttrules_gtp::client::{GtpError, GtpProcess, Reply, SpawnOptions};

pub use crate::ending::Failure;
use ttrules_spec::{Move, Player};

/// How one engine of the match is started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The player's label in tables, records and results: `a` (the first engine, `--black`) and
    /// `b` (`--white`) unless labelled, the tournament file's `label`, or `arbiter`.
    pub id: String,
    /// Whether `PB`/`PW` show [`EngineSpec::id`] (a label was given) rather than the engine's
    /// `name` and `version` (r[ref.event.file]).
    pub labelled: bool,
    /// The command line, split into words.
    pub argv: Vec<String>,
    /// Where its stderr goes.
    pub log: Option<PathBuf>,
    /// The working directory it starts in (default: the referee's).
    pub dir: Option<PathBuf>,
    /// Variables added to its environment.
    pub env: Vec<(String, String)>,
    /// GTP commands sent once its process has started, each of which must succeed.
    pub startup: Vec<String>,
    /// Whether its `final_score` claims are recorded and compared with the referee's result
    /// (r[ref.claims]).
    pub trust_claims: bool,
}

impl EngineSpec {
    /// An engine with the command line `argv` and nothing else set.
    pub fn new(id: &str, argv: Vec<String>, log: Option<PathBuf>) -> EngineSpec {
        EngineSpec {
            id: id.to_string(),
            labelled: false,
            argv,
            log,
            dir: None,
            env: Vec::new(),
            startup: Vec::new(),
            trust_claims: true,
        }
    }

    /// The command line as given.
    pub fn command(&self) -> String {
        self.argv.join(" ")
    }

    /// The words the process is started with: the command, with the game's seed for `{seed}`.
    /// Its folder and variables are set on the process directly ([`SpawnOptions`]), never
    /// through a program that reads options (issue 32, D11).
    fn spawn_argv(&self, seed: u64) -> Vec<String> {
        self.argv
            .iter()
            .map(|w| w.replace("{seed}", &seed.to_string()))
            .collect()
    }

    fn seeded(&self) -> bool {
        self.argv.iter().any(|w| w.contains("{seed}"))
    }
}

/// The failure a GTP error is (r[ref.fault]): the kind of fault, or the interruption.
fn failure(e: GtpError) -> Failure {
    let kind = match &e {
        GtpError::Spawn { .. } => "cannot start",
        GtpError::Timeout { .. } => "hang",
        GtpError::Died { .. } => "crash",
        GtpError::Garbage { .. } => "garbage",
        GtpError::Interrupted { .. } => return Failure::Interrupted,
    };
    Failure::Fault {
        kind,
        detail: e.to_string(),
    }
}

/// The answer to a `genmove`, and how long it took.
pub enum Genmove {
    Answer {
        reply: Reply,
        took: Duration,
    },
    /// No answer within the time allowed: `waited`.
    NoAnswer {
        waited: Duration,
    },
}

/// A supervised engine.
pub struct Supervised {
    pub spec: EngineSpec,
    options: SpawnOptions,
    /// The timeout of every command but `genmove` under a clock.
    pub timeout: Duration,
    proc: Option<GtpProcess>,
    /// The seed its process was started with, for a `{seed}` command.
    seed: Option<u64>,
    /// `name` and `version`, as the engine gave them.
    pub name: String,
    pub commands: BTreeSet<String>,
    /// Processes started so far.
    pub starts: u32,
    /// Where its GTP traffic is written, when transcripts are kept (r[ref.event.transcript]).
    pub transcript: Option<crate::transcript::Sink>,
}

impl Supervised {
    pub fn new(spec: EngineSpec, timeout: Duration, cancel: Arc<AtomicBool>) -> Supervised {
        let options = SpawnOptions {
            stderr_log: spec.log.clone(),
            dir: spec.dir.clone(),
            env: spec.env.clone(),
            own_group: true,
            cancel: Some(cancel),
        };
        Supervised {
            name: spec.command(),
            spec,
            options,
            timeout,
            proc: None,
            seed: None,
            commands: BTreeSet::new(),
            starts: 0,
            transcript: None,
        }
    }

    pub fn has(&self, cmd: &str) -> bool {
        self.commands.contains(cmd)
    }

    /// Whether its process runs (a fault ends it).
    pub fn running(&self) -> bool {
        self.proc.is_some()
    }

    /// Ends the process and its group; the next game starts a new one.
    pub fn kill(&mut self) {
        self.proc = None;
    }

    /// Ends the process politely.
    pub fn shutdown(&mut self) {
        if let Some(p) = self.proc.take() {
            p.shutdown(Duration::from_millis(300));
        }
    }

    /// Starts the process if none runs (or, for a `{seed}` command, if it runs with another seed)
    /// and reads who it is (r[ref.start]).
    pub fn ensure_started(&mut self, seed: u64) -> Result<(), Failure> {
        if self.proc.is_some() && (!self.spec.seeded() || self.seed == Some(seed)) {
            return Ok(());
        }
        self.proc = None;
        let argv = self.spec.spawn_argv(seed);
        let proc = GtpProcess::spawn_with(&argv, &self.options).map_err(failure)?;
        self.proc = Some(proc);
        self.seed = Some(seed);
        self.starts += 1;
        // A GTP 2 engine answers 2. Another answer is most often a line written before the first
        // command (a banner), which would shift every answer after it by one (issue 32, D10).
        if let Reply::Success(v) = self.ask("protocol_version")? {
            if !v.trim().starts_with('2') {
                self.proc = None;
                return Err(Failure::Fault {
                    kind: "garbage",
                    detail: format!(
                        "protocol_version answered {:?}, where a GTP 2 engine answers 2 (output \
                         written before the first command shifts the answers)",
                        v.chars().take(60).collect::<String>()
                    ),
                });
            }
        }
        let word = |r: Reply| match r {
            Reply::Success(t) => Some(t.trim().to_string()).filter(|t| !t.is_empty()),
            Reply::Failure(_) => None,
        };
        let name = word(self.ask("name")?);
        let version = word(self.ask("version")?);
        self.name = match (name, version) {
            (Some(n), Some(v)) => format!("{n} {v}"),
            (Some(n), None) => n,
            _ => self.spec.command(),
        };
        match self.ask("list_commands")? {
            Reply::Success(list) => {
                self.commands = list.split_whitespace().map(str::to_string).collect();
            }
            Reply::Failure(e) => {
                return Err(Failure::Fault {
                    kind: "refuses list_commands",
                    detail: format!("list_commands failed: {e}"),
                })
            }
        }
        for cmd in self.spec.startup.clone() {
            self.must(&cmd)?;
        }
        Ok(())
    }

    /// Sends one command with the command timeout. A fault ends the process.
    pub fn ask(&mut self, cmd: &str) -> Result<Reply, Failure> {
        self.ask_within(cmd, self.timeout)
    }

    /// Sends one command, the exchange written to the game's transcript when one is kept
    /// (r[ref.event.transcript]). `Err` when no process runs.
    fn send(&mut self, cmd: &str, wait: Duration) -> Result<Result<Reply, GtpError>, Failure> {
        let Some(proc) = self.proc.as_mut() else {
            return Err(Failure::Fault {
                kind: "crash",
                detail: format!("no process to send `{cmd}` to"),
            });
        };
        if let Some(t) = &self.transcript {
            t.sent(&self.spec.id, cmd);
        }
        let r = proc.send(cmd, wait);
        if let Some(t) = &self.transcript {
            t.received(&self.spec.id, &r);
        }
        Ok(r)
    }

    fn ask_within(&mut self, cmd: &str, wait: Duration) -> Result<Reply, Failure> {
        match self.send(cmd, wait)? {
            Ok(r) => Ok(r),
            Err(e) => {
                self.proc = None;
                Err(failure(e))
            }
        }
    }

    /// A command that must succeed: a failure reply is a fault too.
    fn must(&mut self, cmd: &str) -> Result<(), Failure> {
        match self.ask(cmd)? {
            Reply::Success(_) => Ok(()),
            Reply::Failure(e) => {
                self.proc = None;
                Err(Failure::Fault {
                    kind: "refuses the game",
                    detail: format!("the engine refuses `{cmd}`: {e}"),
                })
            }
        }
    }

    /// Starts a game of the match: the rules (when the engine has a rules command), the board,
    /// komi and the time control (when it has `time_settings`).
    pub fn new_game(&mut self, seed: u64, cfg: &super::Config) -> Result<(), Failure> {
        self.ensure_started(seed)?;
        if let Some(cmd) = ttrules_gtp::rules_command(|c| self.has(c), cfg.rules, &cfg.rules_name) {
            self.must(&cmd)?;
        }
        self.must(&ttrules_gtp::boardsize_command(cfg.size))?;
        self.must("clear_board")?;
        self.must(&format!("komi {}", cfg.komi))?;
        if let Some(t) = cfg.time {
            // r[ref.time.told], r[ref.time.told.overtime]: an engine is told the referee's clock,
            // or the match is refused.
            let told = t.told(|c| self.has(c)).map_err(|why| Failure::Fault {
                kind: "cannot be told the time",
                detail: format!(
                    "it lists time_settings or kgs-time_settings, and the time control {t} cannot \
                     be told to it exactly: {why}"
                ),
            })?;
            if let Some(cmd) = told {
                self.must(&cmd)?;
            }
        }
        Ok(())
    }

    /// Tells the engine a turn: `Ok(true)` when it accepts, `Ok(false)` when it refuses.
    pub fn play(&mut self, player: Player, mv: Move) -> Result<Result<(), String>, Failure> {
        let cmd = format!("play {}", ttrules_gtp::gtp_move(player, mv));
        Ok(match self.ask(&cmd)? {
            Reply::Success(_) => Ok(()),
            Reply::Failure(e) => Err(e),
        })
    }

    /// Asks for a turn, waiting at most `wait`. No answer in time ends the process.
    pub fn genmove(&mut self, player: Player, wait: Duration) -> Result<Genmove, Failure> {
        self.genmove_with("genmove", player, wait)
    }

    /// [`Supervised::genmove`] with another command of the same form (`kgs-genmove_cleanup`).
    pub fn genmove_with(
        &mut self,
        command: &str,
        player: Player,
        wait: Duration,
    ) -> Result<Genmove, Failure> {
        let cmd = format!("{command} {}", player.letter().to_ascii_lowercase());
        let start = Instant::now();
        match self.send(&cmd, wait)? {
            Ok(reply) => Ok(Genmove::Answer {
                reply,
                took: start.elapsed(),
            }),
            Err(GtpError::Timeout { .. }) => {
                self.proc = None;
                Ok(Genmove::NoAnswer {
                    waited: start.elapsed(),
                })
            }
            Err(e) => {
                self.proc = None;
                Err(failure(e))
            }
        }
    }
}
