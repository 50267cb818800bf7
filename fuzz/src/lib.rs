//! Differential fuzzing of the ttrules engines, as a library.
//!
//! - [`generators`] turns fuzz bytes into a game description: board size (all of 1..=25 by 1..=25,
//!   weighted toward small boards), rules (the whole parameter space of `Rules::all()`), komi, a
//!   start (usually the empty grid, sometimes a random setup), actions, the checkpoints among
//!   them, and dead stones. Two generators: [`generators::Mode::Raw`] (any point, on or off the
//!   grid, or a pass) and [`generators::Mode::Legal`] (each action picks among the legal moves
//!   and the pass). A swarm-style switch decoded first biases toward passes, tiny boards, long
//!   games, setups, or checkpoints after every action.
//! - [`observe`] is the table of observables of [`ttrules_spec::engine::Observation`] with when
//!   each is compared: the cheap ones after every action, the costly ones (the reference's
//!   scores with taxes and its legal-move list) at the checkpoints the input chooses and at the
//!   end of every game, where everything is compared.
//! - [`oracles`] plays a game on two engines and compares them on that schedule, runs the fast
//!   engine's invariant checker after every action, and compares scores and outcomes with the
//!   game's dead stones and komi at the end.
//! - [`gtp`] feeds a GTP command stream to the server of `ttrules gtp` and checks every response
//!   against a model of the session.
//! - [`end`] drives the end-of-game protocols of spec Part VII (pure state machines) with random
//!   players, dead lists and arbiters, and checks the bound, the removed stones and the score.
//! - [`report`] prints a failing game as a paste-able TOML vector and as SGF.
//! - [`targets`] are the entry points of the cargo-fuzz targets in `fuzz_targets/`, which are a few
//!   lines of glue each. `libfuzzer-sys` is only a dependency under `cfg(fuzzing)`, so a stable
//!   `cargo test --workspace` builds everything and replays the committed corpus.

pub mod end;
pub mod generators;
pub mod gtp;
pub mod observe;
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
/// the command line through `target`, printing each failure, then the count, the total time and
/// the slowest inputs; exit status 1 if any failed, 2 if a file could not be read.
pub fn replay_main(target: fn(&[u8]) -> Result<(), String>) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        eprintln!("usage: TARGET FILE_OR_DIR... (replays inputs; build with cargo fuzz to fuzz)");
        return ExitCode::from(2);
    }
    let mut failed = 0;
    let mut ran = 0;
    let mut times: Vec<(std::time::Duration, PathBuf)> = Vec::new();
    let start = std::time::Instant::now();
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
            let t = std::time::Instant::now();
            let result = target(&data);
            times.push((t.elapsed(), f.clone()));
            if let Err(report) = result {
                failed += 1;
                println!("{}: FAILED\n{report}", f.display());
            }
        }
    }
    let total = start.elapsed();
    times.sort_by_key(|t| std::cmp::Reverse(t.0));
    println!(
        "{ran} inputs replayed, {failed} failed, in {:.3} s ({:.0} per second)",
        total.as_secs_f64(),
        ran as f64 / total.as_secs_f64().max(1e-9)
    );
    for (t, f) in times.iter().take(5) {
        println!("  slow: {} ({:.2} ms)", f.display(), t.as_secs_f64() * 1e3);
    }
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
