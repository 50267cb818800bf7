//! Driving a GTP engine as a child process: piped stdin/stdout, a reader thread that frames the
//! responses and feeds a channel, and a timeout on every command. The engine's stderr is kept (its
//! last lines) so that a crash can be reported with what the engine said, and can be appended to a
//! log file. With [`SpawnOptions::own_group`] the engine runs in a process group of its own, and
//! ending it ends the whole group (an engine's helpers included).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// How an engine is started, beyond its command line.
#[derive(Clone, Debug, Default)]
pub struct SpawnOptions {
    /// Append every line the engine writes to stderr to this file.
    pub stderr_log: Option<PathBuf>,
    /// Start the engine in a new process group (so that a terminal's Ctrl-C does not reach it, and
    /// ending it kills every process of the group).
    pub own_group: bool,
    /// When this flag is set, a command waiting for its response gives up with
    /// [`GtpError::Interrupted`] (checked every few milliseconds).
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
    #[error("the engine exited ({status}) on `{command}`{}", stderr_suffix(.stderr))]
    Died {
        command: String,
        status: String,
        stderr: String,
    },
    #[error("the response to `{command}` is not GTP: {reply:?}")]
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

enum Event {
    Response(Vec<String>),
    Eof,
}

/// A running GTP engine.
pub struct GtpProcess {
    argv: Vec<String>,
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<Event>,
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    own_group: bool,
    cancel: Option<Arc<AtomicBool>>,
}

const STDERR_LINES: usize = 8;

fn read_line_lossy(r: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<Option<String>> {
    buf.clear();
    if r.read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    let s = String::from_utf8_lossy(buf);
    Ok(Some(s.trim_end_matches(['\n', '\r']).to_string()))
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
        let mut log = match &options.stderr_log {
            Some(path) => Some(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
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
        if options.own_group {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn().map_err(|e| spawn_err(e.to_string()))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            let mut lines: Vec<String> = Vec::new();
            loop {
                match read_line_lossy(&mut r, &mut buf) {
                    Ok(Some(line)) => {
                        if line.trim().is_empty() {
                            // An empty line ends a response; empty lines between responses are
                            // skipped.
                            if !lines.is_empty() && tx.send(Event::Response(lines.clone())).is_err()
                            {
                                return;
                            }
                            lines.clear();
                        } else {
                            lines.push(line);
                        }
                    }
                    Ok(None) | Err(_) => {
                        if !lines.is_empty() {
                            let _ = tx.send(Event::Response(lines));
                        }
                        let _ = tx.send(Event::Eof);
                        return;
                    }
                }
            }
        });
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        let tail2 = Arc::clone(&tail);
        thread::spawn(move || {
            let mut r = BufReader::new(stderr);
            let mut buf = Vec::new();
            while let Ok(Some(line)) = read_line_lossy(&mut r, &mut buf) {
                if let Some(f) = log.as_mut() {
                    let _ = writeln!(f, "{line}");
                }
                if let Ok(mut t) = tail2.lock() {
                    if t.len() == STDERR_LINES {
                        t.pop_front();
                    }
                    t.push_back(line);
                }
            }
            // Drain anything else so the engine never blocks on a full pipe.
            let _ = r.read_to_end(&mut buf);
        });
        let stdin = child.stdin.take();
        Ok(GtpProcess {
            argv: argv.to_vec(),
            child,
            stdin,
            rx,
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
    fn receive(&self, timeout: Duration) -> Result<Event, RecvTimeoutError> {
        let Some(cancel) = &self.cancel else {
            return self.rx.recv_timeout(timeout);
        };
        let deadline = Instant::now() + timeout;
        loop {
            if cancel.load(Ordering::SeqCst) {
                return Err(RecvTimeoutError::Timeout);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(RecvTimeoutError::Timeout);
            }
            match self
                .rx
                .recv_timeout((deadline - now).min(Duration::from_millis(20)))
            {
                Err(RecvTimeoutError::Timeout) => continue,
                other => return other,
            }
        }
    }

    /// The command line it was started with.
    pub fn argv(&self) -> &[String] {
        &self.argv
    }

    fn stderr(&self) -> String {
        self.stderr_tail
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | "))
            .unwrap_or_default()
    }

    fn died(&mut self, command: &str) -> GtpError {
        // Give the process a moment to finish exiting so its status can be read.
        let mut status = "still running, output closed".to_string();
        for _ in 0..20 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = s.to_string();
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

    /// Sends one command (a single line, without id) and waits at most `timeout` for its response.
    pub fn send(&mut self, command: &str, timeout: Duration) -> Result<Reply, GtpError> {
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
        let received = self.receive(timeout);
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
        match received {
            Ok(Event::Response(lines)) => parse_reply(&lines).ok_or_else(|| GtpError::Garbage {
                command: command.to_string(),
                reply: lines.join("\n"),
            }),
            Ok(Event::Eof) | Err(RecvTimeoutError::Disconnected) => Err(self.died(command)),
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

impl Drop for GtpProcess {
    /// Ends the child (by its own handle, never by name; with its whole process group when it
    /// has its own) and reaps it.
    fn drop(&mut self) {
        self.stdin = None;
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
