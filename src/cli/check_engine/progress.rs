//! check-engine's progress on stderr, drawn from the steps the library reports
//! ([`ttrules_check::Progress`]): a bar on a terminal; on anything else (a pipe, a log file, a CI
//! job) plain lines, one when a phase starts, at every tenth of it or every 10 seconds, and one
//! when it is done, so that a long run read from a log is never silent.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};
use ttrules_check::Progress;

/// How often a line is written at most, besides the tenths.
const EVERY: Duration = Duration::from_secs(10);

/// The drawing of the phase under way.
pub enum Drawer {
    Hidden,
    Idle,
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

impl Drawer {
    /// Draws the run's progress when `show`, else nothing.
    pub fn new(show: bool) -> Drawer {
        if show {
            Drawer::Idle
        } else {
            Drawer::Hidden
        }
    }

    /// Draws one step.
    pub fn step(&mut self, p: Progress) {
        match p {
            Progress::Start { phase, len } => self.start(phase, len),
            Progress::Now(message) => self.set_message(message),
            Progress::Inc => self.inc(),
            Progress::Finish => self.finish(),
        }
    }

    /// A bar on a terminal, lines elsewhere.
    fn start(&mut self, what: &str, len: u64) {
        if matches!(self, Drawer::Hidden) {
            return;
        }
        if std::io::stderr().is_terminal() {
            let pb = indicatif::ProgressBar::new(len);
            if let Ok(style) =
                indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
            {
                pb.set_style(style.progress_chars("=> "));
            }
            pb.set_prefix(what.to_string());
            *self = Drawer::Bar(pb);
            return;
        }
        line(format_args!("check-engine: {what}: 0/{len}"));
        *self = Drawer::Lines(Lines {
            what: what.to_string(),
            len,
            pos: 0,
            message: String::new(),
            tenth: 0,
            last: Instant::now(),
        });
    }

    /// What is being done now (a vector's name, a game).
    fn set_message(&mut self, message: String) {
        match self {
            Drawer::Hidden | Drawer::Idle => {}
            Drawer::Bar(pb) => pb.set_message(message),
            Drawer::Lines(l) => l.message = message,
        }
    }

    /// One more item done.
    fn inc(&mut self) {
        match self {
            Drawer::Hidden | Drawer::Idle => {}
            Drawer::Bar(pb) => pb.inc(1),
            Drawer::Lines(l) => {
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
    fn finish(&mut self) {
        let done = match self {
            Drawer::Hidden => return,
            drawer => std::mem::replace(drawer, Drawer::Idle),
        };
        match done {
            Drawer::Hidden | Drawer::Idle => {}
            Drawer::Bar(pb) => pb.finish_and_clear(),
            Drawer::Lines(l) => line(format_args!(
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
