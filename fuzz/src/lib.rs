//! Differential fuzzing of the ttrules engines, as a library.
//!
//! - [`generators`] turns fuzz bytes into a game description: board size (all of 1..=25 by 1..=25,
//!   weighted toward small boards), rules (the whole parameter space of `Rules::all()`), komi, a
//!   start (usually the empty grid, sometimes a random setup), actions and dead stones. Two
//!   generators: [`generators::Mode::Raw`] (any point, on or off the grid, or a pass) and
//!   [`generators::Mode::Legal`] (each action picks among the legal moves and the pass). A
//!   swarm-style switch decoded first biases toward passes, tiny boards or long games.
//! - [`oracles`] plays a game on two engines and compares every observable after every action (by
//!   exhaustive destructuring of [`ttrules_spec::engine::Observation`]), runs the fast engine's
//!   invariant checker, and compares scores and outcomes at the end.
//! - [`report`] prints a failing game as a paste-able TOML vector and as SGF.
//! - [`targets`] are the entry points of the cargo-fuzz targets in `fuzz_targets/`, which are a few
//!   lines of glue each. `libfuzzer-sys` is only a dependency under `cfg(fuzzing)`, so a stable
//!   `cargo test --workspace` builds everything and replays the committed corpus.

pub mod generators;
pub mod oracles;
pub mod report;
pub mod targets;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The folder of committed seed inputs of `target`.
pub fn corpus_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(target)
}

/// The folder of committed findings of `target` (`crash-<sha>`, `minimized-<sha>`).
pub fn regressions_dir(target: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("regressions")
        .join(target)
}

/// Every file under `path` (itself, if it is a file), in name order.
pub fn input_files(path: &Path) -> std::io::Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut out = Vec::new();
    if !path.exists() {
        return Ok(out);
    }
    for entry in std::fs::read_dir(path)? {
        let p = entry?.path();
        if p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        {
            continue;
        }
        if p.is_dir() {
            out.extend(input_files(&p)?);
        } else {
            out.push(p);
        }
    }
    out.sort();
    Ok(out)
}

/// The `main` of a fuzz target built without `cfg(fuzzing)`: replays every file or folder named on
/// the command line through `target`, printing each failure; exit status 1 if any failed, 2 if a
/// file could not be read.
pub fn replay_main(target: fn(&[u8]) -> Result<(), String>) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: TARGET FILE_OR_DIR... (replays inputs; build with cargo fuzz to fuzz)");
        return ExitCode::from(2);
    }
    let mut failed = 0;
    let mut ran = 0;
    for arg in args {
        let files = match input_files(Path::new(&arg)) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("{arg}: {e}");
                return ExitCode::from(2);
            }
        };
        for f in files {
            let data = match std::fs::read(&f) {
                Ok(d) => d,
                Err(e) => {
                    eprintln!("{}: {e}", f.display());
                    return ExitCode::from(2);
                }
            };
            ran += 1;
            if let Err(report) = target(&data) {
                failed += 1;
                println!("{}: FAILED\n{report}", f.display());
            }
        }
    }
    println!("{ran} inputs replayed, {failed} failed");
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
