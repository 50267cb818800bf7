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

enum Event {
    Response(Vec<String>),
    /// The output is not GTP: what was received, shortened.
    NotGtp(String),
    Eof,
}

/// The longest response read (bytes, all its lines): an engine that writes more is not speaking
/// GTP (`yes`, a runaway debug print), and its output is not kept.
pub const MAX_RESPONSE_BYTES: usize = 1 << 20;

/// How much of what an engine wrote an error message shows.
const SHOWN_CHARS: usize = 60;

/// `text` cut to [`SHOWN_CHARS`] characters, quoted, with `…` when cut.
fn shortened(text: &str) -> String {
    let mut s: String = text.chars().take(SHOWN_CHARS).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    format!("{s:?}")
}

/// The framing of the engine's output into responses (GTP 2 draft, section 3.2): a response
/// starts with a line beginning `=` or `?` and ends with an empty line; empty lines between
/// responses are skipped. A first line that begins otherwise is not GTP at once (`cat` echoing the
/// command, `yes`), and so is a response longer than [`MAX_RESPONSE_BYTES`]; after either the rest
/// of the output up to the next empty line is dropped unread, so memory stays bounded.
struct Framer {
    lines: Vec<String>,
    bytes: usize,
    /// Dropping output up to the next empty line, after a [`Event::NotGtp`].
    skipping: bool,
}

impl Framer {
    fn new() -> Framer {
        Framer {
            lines: Vec::new(),
            bytes: 0,
            skipping: false,
        }
    }

    /// One line of output (`whole`: it ended with a newline; else it was cut at the length cap).
    fn line(&mut self, line: String, whole: bool) -> Option<Event> {
        if line.trim().is_empty() && whole {
            self.skipping = false;
            self.bytes = 0;
            return (!self.lines.is_empty())
                .then(|| Event::Response(std::mem::take(&mut self.lines)));
        }
        if self.skipping {
            return None;
        }
        if self.lines.is_empty() && !(line.starts_with('=') || line.starts_with('?')) {
            self.skipping = true;
            return Some(Event::NotGtp(format!(
                "it wrote {} where a response starts with = or ?",
                shortened(&line)
            )));
        }
        self.bytes += line.len() + 1;
        if !whole || self.bytes > MAX_RESPONSE_BYTES {
            let first = self.lines.first().cloned().unwrap_or_else(|| line.clone());
            self.lines.clear();
            self.skipping = true;
            return Some(Event::NotGtp(format!(
                "a response longer than {MAX_RESPONSE_BYTES} bytes, starting {}",
                shortened(&first)
            )));
        }
        self.lines.push(line);
        None
    }

    /// The end of the output: a response without its empty line is still given.
    fn end(&mut self) -> Option<Event> {
        (!self.lines.is_empty() && !self.skipping)
            .then(|| Event::Response(std::mem::take(&mut self.lines)))
    }
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
    Ok(read_line_capped(r, buf, u64::MAX)?.map(|(line, _)| line))
}

/// One line of at most `cap` bytes, without its line end, and whether it ended with a newline
/// (`false`: cut at `cap`, or the last line of the output). `None` at the end of the output.
fn read_line_capped(
    r: &mut impl BufRead,
    buf: &mut Vec<u8>,
    cap: u64,
) -> std::io::Result<Option<(String, bool)>> {
    buf.clear();
    if r.take(cap).read_until(b'\n', buf)? == 0 {
        return Ok(None);
    }
    let whole = buf.ends_with(b"\n") || (buf.len() as u64) < cap;
    let s = String::from_utf8_lossy(buf);
    Ok(Some((s.trim_end_matches(['\n', '\r']).to_string(), whole)))
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
            let mut framer = Framer::new();
            let cap = MAX_RESPONSE_BYTES as u64 + 1;
            loop {
                let event = match read_line_capped(&mut r, &mut buf, cap) {
                    Ok(Some((line, whole))) => framer.line(line, whole),
                    Ok(None) | Err(_) => {
                        if let Some(e) = framer.end() {
                            let _ = tx.send(e);
                        }
                        let _ = tx.send(Event::Eof);
                        return;
                    }
                };
                if let Some(e) = event {
                    if tx.send(e).is_err() {
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
                reply: format!("it wrote {}", shortened(&lines.join("\n"))),
            }),
            Ok(Event::NotGtp(reply)) => Err(GtpError::Garbage {
                command: command.to_string(),
                reply,
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

    fn frame(output: &[(&str, bool)]) -> Vec<String> {
        let mut f = Framer::new();
        let mut events: Vec<Option<Event>> = output
            .iter()
            .map(|&(l, whole)| f.line(l.to_string(), whole))
            .collect();
        events.push(f.end());
        events
            .into_iter()
            .flatten()
            .map(|e| match e {
                Event::Response(l) => format!("response {l:?}"),
                Event::NotGtp(why) => format!("not GTP: {why}"),
                Event::Eof => "eof".into(),
            })
            .collect()
    }

    /// `cat` echoes the command and `yes` writes `y` forever: both are not GTP at their first
    /// line, without waiting for an empty line that never comes; the rest is dropped.
    #[test]
    fn output_that_is_not_gtp_is_said_at_once() {
        assert_eq!(
            frame(&[("protocol_version", true)]),
            ["not GTP: it wrote \"protocol_version\" where a response starts with = or ?"]
        );
        let many_y = vec![("y", true); 10_000];
        assert_eq!(frame(&many_y).len(), 1);
        assert_eq!(
            frame(&[
                ("= 2", true),
                ("", true),
                ("", true),
                ("? no", true),
                ("", true)
            ]),
            ["response [\"= 2\"]", "response [\"? no\"]"]
        );
        // After junk, the output is dropped up to the next empty line, then framed again.
        assert_eq!(
            frame(&[
                ("junk", true),
                ("= 1", true),
                ("", true),
                ("= 2", true),
                ("", true)
            ]),
            [
                "not GTP: it wrote \"junk\" where a response starts with = or ?",
                "response [\"= 2\"]"
            ]
        );
        let long = "x".repeat(200);
        let said = &frame(&[(&long, true)])[0];
        assert!(
            said.ends_with("…\" where a response starts with = or ?"),
            "{said}"
        );
        assert!(said.len() < 150, "{said}");
    }

    /// A response is capped at [`MAX_RESPONSE_BYTES`]: a line cut at the cap, or lines adding up
    /// to more, are not GTP.
    #[test]
    fn responses_are_capped() {
        let line = "a".repeat(1000);
        let mut output = vec![("= start", true)];
        output.extend(std::iter::repeat_n(
            (line.as_str(), true),
            MAX_RESPONSE_BYTES / 1000 + 1,
        ));
        let events = frame(&output);
        assert_eq!(events.len(), 1);
        assert!(
            events[0].starts_with("not GTP: a response longer than"),
            "{events:?}"
        );
        let events = frame(&[("= cut", false), ("", true)]);
        assert!(events[0].contains("longer than"), "{events:?}");
        // The last line of the output, without its newline, is whole.
        assert_eq!(frame(&[("= 3", true)]), ["response [\"= 3\"]"]);
    }
}
