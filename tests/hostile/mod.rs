//! Shared by the hostile-input suites (`tests/hostile_*.rs`, issue 32): run the command line as a
//! careless or hostile user would, with the bound the test asserts set on the child itself: its
//! address space (`prlimit --as`, util-linux) and its wall time (`timeout`, coreutils). A run that
//! passes its memory bound dies of an allocation failure, one that passes its time bound is killed
//! (status 124), and both show in [`Run`] as a failed bound rather than as a hung test.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// One mebibyte.
pub const MIB: u64 = 1 << 20;

/// What a bounded run gave.
pub struct Run {
    pub output: Output,
}

impl Run {
    /// The exit code, `None` when a signal ended the child.
    pub fn code(&self) -> Option<i32> {
        self.output.status.code()
    }
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.output.stdout).into_owned()
    }
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }
    /// Panics unless the run stayed within its bounds: not killed by `timeout` (124, 137) and not
    /// ended by a signal or an allocation failure (Rust's allocation failure aborts: SIGABRT, or
    /// "memory allocation of N bytes failed").
    pub fn assert_bounded(&self, what: &str) {
        let err = self.stderr();
        assert!(
            !matches!(self.code(), None | Some(124) | Some(137)),
            "{what}: ended by a signal or the time bound ({:?}); stderr:\n{err}",
            self.output.status
        );
        assert!(
            !err.contains("memory allocation of") && !err.contains("panicked"),
            "{what}: out of memory or a panic; stderr:\n{err}"
        );
    }
}

/// The command line under test.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_ttrules"))
}

/// Runs `ttrules ARGS` with at most `memory` bytes of address space and `seconds` of wall time,
/// standard input from `stdin` (a file) or empty.
pub fn run_bounded(args: &[&str], memory: u64, seconds: u32, stdin: Option<&Path>) -> Run {
    run_bounded_to(args, memory, seconds, stdin, Stdio::piped())
}

/// [`run_bounded`] with standard output sent to `stdout` (e.g. a pipe to another program, for an
/// output too large to keep; [`Run::stdout`] is then empty).
pub fn run_bounded_to(
    args: &[&str],
    memory: u64,
    seconds: u32,
    stdin: Option<&Path>,
    stdout: Stdio,
) -> Run {
    let mut cmd = Command::new("timeout");
    cmd.arg("--signal=KILL")
        .arg(seconds.to_string())
        .arg("prlimit")
        .arg(format!("--as={memory}"))
        .arg("--")
        .arg(bin())
        .args(args);
    match stdin {
        Some(path) => cmd.stdin(std::fs::File::open(path).expect("the test's stdin file")),
        None => cmd.stdin(Stdio::null()),
    };
    cmd.stdout(stdout);
    let output = cmd
        .output()
        .expect("timeout(1) and prlimit(1) (coreutils, util-linux) are needed by this suite");
    Run { output }
}

/// A fresh temporary folder for one test (removed when dropped).
pub fn temp() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("ttrules-hostile-")
        .tempdir()
        .expect("a temporary folder")
}
