//! The progress of a run on stderr: a bar on a terminal; on anything else (a pipe, a log file, a
//! CI job) plain lines, one when a phase starts, at every tenth of it or every 10 seconds, and one
//! when it is done, so that a long run read from a log is never silent.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// How often a line is written at most, besides the tenths.
const EVERY: Duration = Duration::from_secs(10);

/// The progress of one phase (`vectors`, `games`, `tst`).
pub enum Progress {
    Hidden,
    Bar(indicatif::ProgressBar),
    Lines(Lines),
}

/// The line-by-line progress of one phase.
pub struct Lines {
    what: String,
    len: u64,
    pos: u64,
    message: String,
    tenth: u64,
    last: Instant,
}

impl Progress {
    /// A bar on a terminal, lines elsewhere; nothing when `show` is false.
    pub fn new(show: bool, len: u64, what: &str) -> Progress {
        if !show {
            return Progress::Hidden;
        }
        if std::io::stderr().is_terminal() {
            let pb = indicatif::ProgressBar::new(len);
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
            {
                pb.set_style(style.progress_chars("=> "));
            }
            pb.set_prefix(what.to_string());
            return Progress::Bar(pb);
        }
        line(format_args!("check-engine: {what}: 0/{len}"));
        Progress::Lines(Lines {
            what: what.to_string(),
            len,
            pos: 0,
            message: String::new(),
            tenth: 0,
            last: Instant::now(),
        })
    }

    /// What is being done now (a vector's name, a game).
    pub fn set_message(&mut self, message: String) {
        match self {
            Progress::Hidden => {}
            Progress::Bar(pb) => pb.set_message(message),
            Progress::Lines(l) => l.message = message,
        }
    }

    /// One more item done.
    pub fn inc(&mut self) {
        match self {
            Progress::Hidden => {}
            Progress::Bar(pb) => pb.inc(1),
            Progress::Lines(l) => {
                l.pos += 1;
                let tenth = (l.pos * 10).checked_div(l.len).unwrap_or(10);
                if l.pos < l.len && (tenth > l.tenth || l.last.elapsed() >= EVERY) {
                    l.tenth = tenth;
                    l.last = Instant::now();
                    line(format_args!(
                        "check-engine: {}: {}/{} ({})",
                        l.what, l.pos, l.len, l.message
                    ));
                }
            }
        }
    }

    /// The phase is over.
    pub fn finish(self) {
        match self {
            Progress::Hidden => {}
            Progress::Bar(pb) => pb.finish_and_clear(),
            Progress::Lines(l) => line(format_args!(
                "check-engine: {}: {}/{}, done",
                l.what, l.pos, l.len
            )),
        }
    }
}

/// Writes one line of progress on stderr. `eprintln!` panics when stderr cannot be written
/// (`2>/dev/full`): a progress line that cannot be written is dropped instead, and the run goes
/// on to its verdict.
fn line(text: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr(), "{text}");
}
