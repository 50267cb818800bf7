//! Framing an engine's standard output into responses, with bounds: the reader thread of a
//! [`GtpProcess`](super::GtpProcess) blocks on the pipe, frames what arrives and sends each
//! response (or what is wrong with the output) to the waiting command through a channel.
//!
//! Bounds (issue 32, D5 and D10): a response is at most [`MAX_RESPONSE_BYTES`] (all its lines);
//! a line is read at most that far before it is cut. A response that arrives when no command
//! waits for one (an extra `= resign` after the answer to `play`, a banner before the first
//! command) is unsolicited. After the first output that is not GTP, or the first unsolicited
//! response, the rest of the output is read and dropped unkept: the engine never blocks on a full
//! pipe and memory stays bounded, and the waiting (or next) command is ruled on what was wrong.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::os::fd::AsRawFd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The longest response read (bytes, all its lines): an engine that writes more is not speaking
/// GTP (`yes`, a runaway debug print), and its output is not kept.
pub const MAX_RESPONSE_BYTES: usize = 1 << 20;

/// The most lines a response has: a line costs memory beyond its bytes, so an endless run of
/// short lines is cut here, well before [`MAX_RESPONSE_BYTES`] of one-byte lines would be kept.
pub const MAX_RESPONSE_LINES: usize = 1 << 16;

/// How much of what an engine wrote an error message shows.
const SHOWN_CHARS: usize = 60;

/// What the reader thread tells the waiting command.
pub(super) enum Event {
    /// A response to a command sent.
    Response(Vec<String>),
    /// The output is not GTP: what was received, shortened.
    NotGtp(String),
    /// A response that answers no command: what it said, shortened.
    Unsolicited(String),
    /// The engine closed its standard output.
    Eof,
    /// The engine's own process ended (its pipes may still be held open by a child of it).
    Exited,
    /// Read the cancel flag ([`super::wake_waiting`]).
    Wake,
}

/// `text` cut to [`SHOWN_CHARS`] characters, quoted, with `…` when cut.
pub(super) fn shortened(text: &str) -> String {
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
pub(super) struct Framer {
    lines: Vec<String>,
    bytes: usize,
    /// Dropping output up to the next empty line, after a [`Event::NotGtp`].
    skipping: bool,
}

impl Framer {
    pub(super) fn new() -> Framer {
        Framer {
            lines: Vec::new(),
            bytes: 0,
            skipping: false,
        }
    }

    /// One line of output (`whole`: it ended with a newline; else it was cut at the length cap).
    pub(super) fn line(&mut self, line: String, whole: bool) -> Option<Event> {
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
        if self.lines.len() >= MAX_RESPONSE_LINES {
            let first = self.lines[0].clone();
            self.lines.clear();
            self.skipping = true;
            return Some(Event::NotGtp(format!(
                "a response of more than {MAX_RESPONSE_LINES} lines, starting {}",
                shortened(&first)
            )));
        }
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
    pub(super) fn end(&mut self) -> Option<Event> {
        (!self.lines.is_empty() && !self.skipping)
            .then(|| Event::Response(std::mem::take(&mut self.lines)))
    }
}

/// One line of at most `cap` bytes, without its line end, and whether it ended with a newline
/// (`false`: cut at `cap`, or the last line of the output). `None` at the end of the output.
pub(super) fn read_line_capped(
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

/// Matches responses to the commands sent: `sent` counts the commands written (the writer adds
/// one before it writes), `answered` the responses given. A response with none owed is
/// unsolicited. Once the output has been ruled bad, nothing more is given.
pub(super) struct Matcher {
    sent: Arc<AtomicU64>,
    answered: u64,
    /// The output was not GTP or a response answered nothing: the rest is dropped.
    spoiled: bool,
}

impl Matcher {
    pub(super) fn new(sent: Arc<AtomicU64>) -> Matcher {
        Matcher {
            sent,
            answered: 0,
            spoiled: false,
        }
    }

    /// What the waiting command is told of `event`, if anything.
    pub(super) fn pass(&mut self, event: Event) -> Option<Event> {
        if self.spoiled && !matches!(event, Event::Eof) {
            return None;
        }
        let owed = self.answered < self.sent.load(Ordering::SeqCst);
        match event {
            Event::Response(lines) if owed => {
                self.answered += 1;
                Some(Event::Response(lines))
            }
            Event::Response(lines) => {
                self.spoiled = true;
                Some(Event::Unsolicited(format!(
                    "it wrote {} when no command was waiting for a response",
                    shortened(&lines.join("\n"))
                )))
            }
            Event::NotGtp(why) => {
                self.spoiled = true;
                Some(Event::NotGtp(why))
            }
            other => Some(other),
        }
    }
}

/// Whether the reader thread has framed everything the engine wrote so far: it is waiting on
/// the pipe with nothing buffered, and the pipe holds nothing. A command is sent only then (or
/// after [`QUIET_WAIT`]), so that a response the engine wrote with (or before) the answer to the
/// previous command is seen as unsolicited, whatever the threads' timing (issue 32, D10). Output
/// written later, after the previous answer reached us but before the engine read the new
/// command, cannot be told from an answer without ids.
pub(super) struct Quiet {
    /// The engine's standard output, shared with the reader (to ask the pipe what it holds).
    pipe: Arc<File>,
    /// The reader waits on the pipe with nothing buffered.
    idle: Mutex<bool>,
    changed: Condvar,
}

/// The longest a command waits for the reader to catch up with the output.
const QUIET_WAIT: Duration = Duration::from_millis(100);

impl Quiet {
    pub(super) fn new(pipe: File) -> Arc<Quiet> {
        Arc::new(Quiet {
            pipe: Arc::new(pipe),
            idle: Mutex::new(false),
            changed: Condvar::new(),
        })
    }

    fn set(&self, idle: bool) {
        if let Ok(mut g) = self.idle.lock() {
            *g = idle;
        }
        self.changed.notify_all();
    }

    /// Bytes waiting in the pipe (0 when it cannot say).
    fn pending(&self) -> i32 {
        let mut n: libc::c_int = 0;
        // SAFETY: FIONREAD writes one c_int; the descriptor is open while `pipe` lives.
        let r = unsafe { libc::ioctl(self.pipe.as_raw_fd(), libc::FIONREAD, &mut n) };
        if r == 0 {
            n
        } else {
            0
        }
    }

    /// Waits (at most [`QUIET_WAIT`]) until the reader has framed all the output so far.
    pub(super) fn wait(&self) {
        let deadline = Instant::now() + QUIET_WAIT;
        let Ok(mut idle) = self.idle.lock() else {
            return;
        };
        loop {
            if *idle && self.pending() == 0 {
                return;
            }
            let now = Instant::now();
            if now >= deadline {
                return;
            }
            // Short waits: the pipe may fill while the reader is idle (it then wakes and says so).
            let wait = (deadline - now).min(Duration::from_millis(5));
            idle = match self.changed.wait_timeout(idle, wait) {
                Ok((g, _)) => g,
                Err(_) => return,
            };
        }
    }
}

/// The body of the reader thread: frames the engine's output until its end, telling `tx` what
/// the waiting command needs to know; reads on (dropping) after the output is spoiled.
pub(super) fn read_stdout(quiet: Arc<Quiet>, tx: Sender<Event>, sent: Arc<AtomicU64>) {
    let pipe = Arc::clone(&quiet.pipe);
    let mut r = BufReader::new(&*pipe);
    let mut buf = Vec::new();
    let mut framer = Framer::new();
    let mut matcher = Matcher::new(sent);
    let cap = MAX_RESPONSE_BYTES as u64 + 1;
    loop {
        if r.buffer().is_empty() {
            quiet.set(true);
        }
        let read = read_line_capped(&mut r, &mut buf, cap);
        quiet.set(false);
        let event = match read {
            Ok(Some((line, whole))) => framer.line(line, whole),
            Ok(None) | Err(_) => {
                if let Some(e) = framer.end().and_then(|e| matcher.pass(e)) {
                    let _ = tx.send(e);
                }
                let _ = tx.send(Event::Eof);
                quiet.set(true);
                return;
            }
        };
        if let Some(e) = event.and_then(|e| matcher.pass(e)) {
            // The command gave up waiting and the process is being ended: drain on, unkept.
            let _ = tx.send(e);
        }
        if matcher.spoiled && buf.capacity() > 1 << 16 {
            buf = Vec::new();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(output: &[(&str, bool)]) -> Vec<String> {
        let mut f = Framer::new();
        let mut events: Vec<Option<Event>> = output
            .iter()
            .map(|&(l, whole)| f.line(l.to_string(), whole))
            .collect();
        events.push(f.end());
        events.into_iter().flatten().map(|e| show(&e)).collect()
    }

    fn show(e: &Event) -> String {
        match e {
            Event::Response(l) => format!("response {l:?}"),
            Event::NotGtp(why) => format!("not GTP: {why}"),
            Event::Unsolicited(why) => format!("unsolicited: {why}"),
            Event::Eof => "eof".into(),
            Event::Exited => "exited".into(),
            Event::Wake => "wake".into(),
        }
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
        let many = vec![("y", true); MAX_RESPONSE_LINES + 5];
        let events = frame(&[&[("= D4", true)][..], &many].concat());
        assert_eq!(events.len(), 1);
        assert!(events[0].contains("more than 65536 lines"), "{events:?}");
        let events = frame(&[("= cut", false), ("", true)]);
        assert!(events[0].contains("longer than"), "{events:?}");
        // The last line of the output, without its newline, is whole.
        assert_eq!(frame(&[("= 3", true)]), ["response [\"= 3\"]"]);
    }

    /// Issue 32, D10: a response beyond those owed is unsolicited, and nothing after it (nor
    /// after output that is not GTP) is given.
    #[test]
    fn responses_match_the_commands_sent() {
        let sent = Arc::new(AtomicU64::new(0));
        let mut m = Matcher::new(Arc::clone(&sent));
        let r = |t: &str| Event::Response(vec![t.to_string()]);
        // A banner before any command.
        assert_eq!(
            m.pass(r("= hello")).map(|e| show(&e)).unwrap(),
            "unsolicited: it wrote \"= hello\" when no command was waiting for a response"
        );
        assert!(m.pass(r("= 2")).is_none());
        let mut m = Matcher::new(Arc::clone(&sent));
        sent.store(1, Ordering::SeqCst);
        assert_eq!(show(&m.pass(r("=")).unwrap()), "response [\"=\"]");
        // The extra `= resign` after the answer to `play`.
        assert!(show(&m.pass(r("= resign")).unwrap()).starts_with("unsolicited"));
        sent.store(2, Ordering::SeqCst);
        assert!(m.pass(r("= D4")).is_none());
        assert_eq!(show(&m.pass(Event::Eof).unwrap()), "eof");
        // Not GTP spoils the rest too.
        let mut m = Matcher::new(Arc::new(AtomicU64::new(5)));
        assert!(show(&m.pass(Event::NotGtp("junk".into())).unwrap()).starts_with("not GTP"));
        assert!(m.pass(r("= 1")).is_none());
    }
}
