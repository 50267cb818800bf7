//! Standard output for the subcommands. A write that fails is never a panic (`println!` panics)
//! and never silent: a closed pipe (`ttrules perft 19 5 | head -3`) ends the program quietly, as
//! Unix tools do, and any other failure (a full disk, `>/dev/full`) is a message on stderr and exit
//! status 2, since the output the user asked for is lost.
//!
//! Note: SIGPIPE stays ignored (Rust's default) and a closed pipe is handled here, as the error
//! `BrokenPipe`, rather than by restoring SIGPIPE's default action (which would kill the process
//! with status 141): the referee and check-engine write to engines' pipes, and an engine that
//! exits must be a fact they rule on, not a signal that kills the referee between two games. The
//! status after a closed pipe is the one the command had reached (0 for a run without problems),
//! and the work already done is complete: files are written whole before their line is printed,
//! and a command that writes files goes on writing them when nobody reads its listing.

use std::io::{ErrorKind, Write};
use std::process::ExitCode;

/// Why [`emit`] could not write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unwritten {
    /// The reader of the pipe has gone: it wanted no more.
    Closed,
    /// Any other failure, already reported on stderr.
    Failed,
}

impl Unwritten {
    /// The exit status to end with: `on_closed` (the status the command had reached) for a closed
    /// pipe, 2 for a failure.
    pub fn status(self, on_closed: ExitCode) -> ExitCode {
        match self {
            Unwritten::Closed => on_closed,
            Unwritten::Failed => ExitCode::from(2),
        }
    }
}

/// Writes `text` to standard output and flushes it; on a failure other than a closed pipe, says
/// so on stderr, naming `command`.
pub fn emit(command: &str, text: &str) -> Result<(), Unwritten> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Err(Unwritten::Closed),
        Err(e) => {
            crate::errln!("ttrules {command}: cannot write to standard output: {e}");
            Err(Unwritten::Failed)
        }
    }
}

/// `outln!(command, format…)`: [`emit`] one line; when it cannot be written, return from the
/// enclosing function (which returns `ExitCode`) with status 0 for a closed pipe, else 2.
#[macro_export]
macro_rules! outln {
    ($command:expr, $($arg:tt)*) => {
        if let Err(why) =
            $crate::cli::out::emit($command, &format!("{}\n", format_args!($($arg)*)))
        {
            return why.status(std::process::ExitCode::SUCCESS);
        }
    };
}

/// `errln!(format…)`: `eprintln!` that never panics. `eprintln!` panics when standard error cannot
/// be written (`2>/dev/full`), which turned any message into exit status 101; a message that
/// cannot be written is dropped instead — there is nowhere left to say it — and the exit status
/// still tells the outcome.
#[macro_export]
macro_rules! errln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `errprint!(format…)`: `eprint!` that never panics (see [`errln!`](crate::errln)).
#[macro_export]
macro_rules! errprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}
