//! Driving a GTP engine as a child process: piped stdin/stdout, a reader thread that blocks on
//! the engine's output, frames the responses (the `framing` module) and feeds a channel, a
//! thread that waits for the engine's own process to end, and a timeout on every command. The engine's stderr
//! is kept (its last lines, [`stderr`]) so that a crash can be reported with what the engine said,
//! and can be appended to a log file that rotates. With [`SpawnOptions::own_group`] the engine
//! runs in a process group of its own, and ending it ends the whole group (an engine's helpers
//! included).
//!
//! Commands are sent without ids, one at a time; the responses are matched to them in order, and
//! a response that answers no command (issue 32, D10), or that carries an id although none was
//! sent, is not taken as an answer: the command it is found at is ruled [`GtpError::Garbage`].

mod framing;
pub mod stderr;

pub use framing::MAX_RESPONSE_BYTES;

use framing::{shortened, Event};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};
/// How an engine is started, beyond its command line.
#[derive(Clone, Debug, Default)]
pub struct SpawnOptions {
    /// Append what the engine writes to stderr to this file (rotated at [`stderr::LOG_CAP`]).
    pub stderr_log: Option<PathBuf>,
    /// The folder the engine starts in (default: ours).
    pub dir: Option<PathBuf>,
    /// Variables added to the engine's environment, set directly (never through a program that
    /// reads options). Each name must pass [`env_name_error`].
    pub env: Vec<(String, String)>,
    /// Start the engine in a new process group (so that a terminal's Ctrl-C does not reach it, and
    /// ending it kills every process of the group).
    pub own_group: bool,
    /// When this flag is set and [`wake_waiting`] is called, a command waiting for its response
    /// gives up with [`GtpError::Interrupted`] (the flag is also read before every command).
    pub cancel: Option<Arc<AtomicBool>>,
}

/// A response of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `= text`
    Success(String),
    /// `? text`
    Failure(String),
}

/// Why a command got no usable response.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum GtpError {
    #[error("cannot start the engine `{command}`: {message}")]
    Spawn { command: String, message: String },
    #[error("no response to `{command}` within {secs} s")]
    Timeout { command: String, secs: f64 },
    /// `status`: `exited (exit status: 3)`, `exited (signal: 11)`, or that it closed its output
    /// but still runs.
    #[error("the engine {status} on `{command}`{}", stderr_suffix(.stderr))]
    Died {
        command: String,
        status: String,
        stderr: String,
    },
    /// `reply` says what was received, shortened.
    #[error("the response to `{command}` is not GTP: {reply}")]
    Garbage { command: String, reply: String },
    #[error("interrupted while waiting for the response to `{command}`")]
    Interrupted { command: String },
}

fn stderr_suffix(stderr: &str) -> String {
    if stderr.trim().is_empty() {
        String::new()
    } else {
        format!("; its last stderr lines: {}", stderr.trim())
    }
}

/// Why `name` cannot be an environment variable's name, or `None` when it can: a POSIX-ish name
/// is not empty and has no `=` and no NUL; a name starting with `-` is refused too, as a program
/// that reads options (env(1)) would take it for one.
pub fn env_name_error(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("an empty name")
    } else if name.contains('=') {
        Some("a name with `=` in it")
    } else if name.contains('\0') {
        Some("a name with a NUL byte in it")
    } else if name.starts_with('-') {
        Some("a name starting with `-`")
    } else {
        None
    }
}

/// The channels of the commands that can be cancelled, to wake them ([`wake_waiting`]).
type Wakers = std::sync::Mutex<Vec<(u64, mpsc::Sender<Event>)>>;

fn wakers() -> &'static Wakers {
    static WAKERS: std::sync::OnceLock<Wakers> = std::sync::OnceLock::new();
    WAKERS.get_or_init(Default::default)
}

/// Wakes every command waiting for a response of an engine started with a cancel flag, so that
/// it reads its flag at once: call it after setting the flag (from a Ctrl-C handler, say). A
/// waiting command otherwise blocks on its engine's output without waking (issue 33).
pub fn wake_waiting() {
    if let Ok(w) = wakers().lock() {
        for (_, tx) in w.iter() {
            let _ = tx.send(Event::Wake);
        }
    }
}

/// How long the output is still read after the engine's process ended, for a response it wrote
/// just before.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A running GTP engine.
pub struct GtpProcess {
    argv: Vec<String>,
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    /// Commands written, shared with the reader thread (which matches responses to them).
    sent: Arc<AtomicU64>,
    /// Whether the reader has framed all the output so far.
    quiet: Arc<framing::Quiet>,
    stderr_tail: Arc<stderr::Tail>,
    own_group: bool,
    cancel: Option<Arc<AtomicBool>>,
}

/// Waits (without reaping: `WNOWAIT`, so that [`Child::try_wait`] still reads the status) until
/// the process `pid` ends, then says so on `tx`. The engine's own exit is the fact a crash is
/// ruled on, even when a child of it still holds its output open (issue 32, D9).
fn watch_exit(pid: u32, tx: mpsc::Sender<Event>) {
    let id: libc::id_t = pid;
    loop {
        // SAFETY: waitid(2) fills the siginfo_t it is given; WNOWAIT leaves the child to be
        // reaped by its `Child`.
        let r = unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            libc::waitid(libc::P_PID, id, &mut info, libc::WEXITED | libc::WNOWAIT)
        };
        if r == 0 {
            let _ = tx.send(Event::Exited);
            return;
        }
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return;
        }
    }
}

/// The stack of the helper threads (reading the pipes, waiting for the exit): they keep their
/// buffers on the heap, so a small stack keeps each engine's address space small.
const HELPER_STACK: usize = 128 << 10;

/// Starts a helper thread; `Err` (rather than a panic) when the system refuses one.
fn helper(f: impl FnOnce() + Send + 'static) -> Result<(), String> {
    thread::Builder::new()
        .stack_size(HELPER_STACK)
        .spawn(f)
        .map(|_| ())
        .map_err(|e| format!("cannot start a thread to read it: {e}"))
}

/// A child that is ended and reaped if starting its helpers fails.
struct KillOnError(Option<Child>);

impl std::ops::Deref for KillOnError {
    type Target = Child;
    fn deref(&self) -> &Child {
        self.0.as_ref().expect("the child")
    }
}

impl Drop for KillOnError {
    fn drop(&mut self) {
        if let Some(mut c) = self.0.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

impl GtpProcess {
    /// Starts `argv[0]` with the other words as arguments.
    pub fn spawn(argv: &[String]) -> Result<GtpProcess, GtpError> {
        GtpProcess::spawn_with(argv, &SpawnOptions::default())
    }

    /// Starts `argv[0]` with the other words as arguments, as `options` say.
    pub fn spawn_with(argv: &[String], options: &SpawnOptions) -> Result<GtpProcess, GtpError> {
        let spawn_err = |message: String| GtpError::Spawn {
            command: argv.join(" "),
            message,
        };
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| spawn_err("empty command".into()))?;
        let log = match &options.stderr_log {
            Some(path) => Some(
                stderr::shared_log(path)
                    .map_err(|e| spawn_err(format!("cannot open {}: {e}", path.display())))?,
            ),
            None => None,
        };
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        for (name, value) in &options.env {
            if let Some(why) = env_name_error(name) {
                return Err(spawn_err(format!(
                    "{name:?} is not a variable's name ({why})"
                )));
            }
            command.env(name, value);
        }
        if let Some(dir) = &options.dir {
            if !dir.is_dir() {
                return Err(spawn_err(format!(
                    "its folder {} is not a folder",
                    dir.display()
                )));
            }
            command.current_dir(dir);
        }
        if options.own_group {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn().map_err(|e| spawn_err(e.to_string()))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, rx) = mpsc::channel();
        let sent = Arc::new(AtomicU64::new(0));
        let quiet = framing::Quiet::new(std::fs::File::from(std::os::fd::OwnedFd::from(stdout)));
        let (tx2, sent2, quiet2) = (tx.clone(), Arc::clone(&sent), Arc::clone(&quiet));
        let mut child = KillOnError(Some(child));
        helper(move || framing::read_stdout(quiet2, tx2, sent2)).map_err(&spawn_err)?;
        let pid = child.id();
        if options.cancel.is_some() {
            if let Ok(mut w) = wakers().lock() {
                w.push((u64::from(pid), tx.clone()));
            }
        }
        helper(move || watch_exit(pid, tx)).map_err(&spawn_err)?;
        let tail = Arc::new(stderr::Tail::default());
        let tail2 = Arc::clone(&tail);
        helper(move || stderr::read_stderr(stderr, log, &tail2)).map_err(&spawn_err)?;
        let mut child = child.0.take().expect("the child");
        let stdin = child.stdin.take();
        Ok(GtpProcess {
            argv: argv.to_vec(),
            child,
            stdin,
            rx,
            sent,
            quiet,
            stderr_tail: tail,
            own_group: options.own_group,
            cancel: options.cancel.clone(),
        })
    }

    /// The process id of the engine (the id of its process group too, when it has its own).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits at most `timeout` for the next event, giving up early when the cancel flag is set.
    /// Blocks on the channel (no polling): a [`wake_waiting`] wakes it to read the flag.
    fn receive(&self, timeout: Duration) -> Result<Event, RecvTimeoutError> {
        let deadline = Instant::now() + timeout;
        loop {
            let cancelled = self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::SeqCst));
            let now = Instant::now();
            if cancelled || now >= deadline {
                return Err(RecvTimeoutError::Timeout);
            }
            match self.rx.recv_timeout(deadline - now) {
                Ok(Event::Wake) => continue,
                other => return other,
            }
        }
    }

    /// The command line it was started with.
    pub fn argv(&self) -> &[String] {
        &self.argv
    }

    fn stderr(&self) -> String {
        self.stderr_tail.text()
    }

    /// The engine ended, or closed its output: how, with its last stderr lines.
    fn died(&mut self, command: &str) -> GtpError {
        // Give the process a moment to finish exiting so its status can be read.
        let mut status = "closed its output but still runs".to_string();
        for _ in 0..20 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = format!("exited ({s})");
                break;
            }
            thread::sleep(Duration::from_millis(10));
        }
        GtpError::Died {
            command: command.to_string(),
            status,
            stderr: self.stderr(),
        }
    }

    /// What the engine wrote while no command was waiting (read before a command is sent): an
    /// error for `command` when it wrote anything, or ended.
    fn earlier(&mut self, command: &str) -> Result<(), GtpError> {
        self.quiet.wait();
        match self.rx.try_recv() {
            Ok(Event::Unsolicited(reply) | Event::NotGtp(reply)) => Err(GtpError::Garbage {
                command: command.to_string(),
                reply: format!("before it was sent, {reply}"),
            }),
            Ok(Event::Response(lines)) => Err(GtpError::Garbage {
                command: command.to_string(),
                reply: format!(
                    "before it was sent, it wrote {}",
                    shortened(&lines.join("\n"))
                ),
            }),
            Ok(Event::Eof | Event::Exited) => Err(self.died(command)),
            Ok(Event::Wake) | Err(_) => Ok(()),
        }
    }

    /// Sends one command (a single line, without id) and waits at most `timeout` for its response.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<Reply, GtpError> {
        self.earlier(command)?;
        // Counted before it is written, so the reader owes it a response when one arrives.
        self.sent.fetch_add(1, Ordering::SeqCst);
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin
                .write_all(format!("{command}\n").as_bytes())
                .and_then(|_| stdin.flush())
                .is_ok(),
            None => false,
        };
        if !written {
            return Err(self.died(command));
        }
        let mut received = self.receive(timeout);
        if matches!(received, Ok(Event::Exited)) {
            // A response written just before the end is still read; else the exit is the ruling.
            received = match self.rx.recv_timeout(EXIT_GRACE) {
                Ok(Event::Response(lines)) => Ok(Event::Response(lines)),
                _ => Ok(Event::Exited),
            };
        }
        if matches!(received, Err(RecvTimeoutError::Timeout))
            && self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::SeqCst))
        {
            return Err(GtpError::Interrupted {
                command: command.to_string(),
            });
        }
        let garbage = |reply: String| GtpError::Garbage {
            command: command.to_string(),
            reply,
        };
        match received {
            Ok(Event::Response(lines)) => parse_unnumbered(&lines).map_err(garbage),
            Ok(Event::NotGtp(reply) | Event::Unsolicited(reply)) => Err(garbage(reply)),
            Ok(Event::Eof | Event::Exited | Event::Wake) | Err(RecvTimeoutError::Disconnected) => {
                Err(self.died(command))
            }
            Err(RecvTimeoutError::Timeout) => Err(GtpError::Timeout {
                command: command.to_string(),
                secs: timeout.as_secs_f64(),
            }),
        }
    }

    /// Asks the engine to quit, then ends it if it has not within `grace`.
    pub fn shutdown(mut self, grace: Duration) {
        let _ = self.send("quit", grace);
        self.stdin = None;
        for _ in 0..(grace.as_millis() / 10).max(1) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        // Dropping kills it.
    }
}

/// The response to a command sent without an id: [`parse_reply`], and no id in it (GTP 2 draft,
/// section 3.3: a response has the id of its command, so an id there answers some other
/// command). `Err`: what is wrong, for [`GtpError::Garbage`].
fn parse_unnumbered(lines: &[String]) -> Result<Reply, String> {
    let first = lines.first().map_or("", String::as_str);
    let id: String = first
        .chars()
        .skip(1)
        .take_while(char::is_ascii_digit)
        .collect();
    if !id.is_empty() {
        return Err(format!(
            "it wrote {}, with the id {id}, to a command sent without an id",
            shortened(&lines.join("\n"))
        ));
    }
    parse_reply(lines).ok_or_else(|| format!("it wrote {}", shortened(&lines.join("\n"))))
}

impl Drop for GtpProcess {
    /// Ends the child (by its own handle, never by name; with its whole process group when it
    /// has its own) and reaps it.
    fn drop(&mut self) {
        self.stdin = None;
        if self.cancel.is_some() {
            if let Ok(mut w) = wakers().lock() {
                let pid = u64::from(self.child.id());
                w.retain(|(p, _)| *p != pid);
            }
        }
        if self.own_group {
            if let Ok(pgid) = i32::try_from(self.child.id()) {
                // SAFETY: kill(2) with a negative id signals the process group the child leads;
                // it touches no memory of ours.
                unsafe {
                    libc::kill(-pgid, libc::SIGKILL);
                }
            }
        }
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Reads a framed response: `=[id] text` or `?[id] text`, more lines following.
pub fn parse_reply(lines: &[String]) -> Option<Reply> {
    let first = lines.first()?;
    let mut chars = first.chars();
    let mark = chars.next()?;
    let rest = chars
        .as_str()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    // After the mark (and id), either the end of the line or a space.
    if !(rest.is_empty() || rest.starts_with(' ')) {
        return None;
    }
    let mut text = rest.strip_prefix(' ').unwrap_or(rest).to_string();
    for l in &lines[1..] {
        text.push('\n');
        text.push_str(l);
    }
    match mark {
        '=' => Some(Reply::Success(text)),
        '?' => Some(Reply::Failure(text)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(s: &[&str]) -> Vec<String> {
        s.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn replies_parse() {
        assert_eq!(
            parse_reply(&lines(&["= 2"])),
            Some(Reply::Success("2".into()))
        );
        assert_eq!(parse_reply(&lines(&["="])), Some(Reply::Success("".into())));
        assert_eq!(
            parse_reply(&lines(&["=12 B+3.5"])),
            Some(Reply::Success("B+3.5".into()))
        );
        assert_eq!(
            parse_reply(&lines(&["? illegal move"])),
            Some(Reply::Failure("illegal move".into()))
        );
        assert_eq!(
            parse_reply(&lines(&["= ", "   A B", " 1 . . 1"])),
            Some(Reply::Success("\n   A B\n 1 . . 1".into()))
        );
        assert_eq!(parse_reply(&lines(&["hello"])), None);
        assert_eq!(parse_reply(&lines(&["=x"])), None);
    }
}
