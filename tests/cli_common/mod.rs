//! What the command line's integration tests share: running the `ttrules` this package built, a
//! path in the repository, and a run's standard error as text.

use std::path::Path;
use std::process::{Command, Output};

/// `ttrules ARGS`, run to its end.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .args(args)
        .output()
        .expect("the ttrules this package built runs")
}

/// `rel`, a path in the repository, made absolute.
pub fn repo(rel: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(rel)
        .display()
        .to_string()
}

/// The run's standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
