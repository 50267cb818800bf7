//! Helpers for the tests that drive real engines (GNU Go, Leela Zero): whether one is installed,
//! and the all-zero Leela Zero network.

#![allow(dead_code)]

use std::path::Path;

pub const GNUGO: &str = "/usr/games/gnugo";
pub const LEELAZ: &str = "/usr/games/leelaz";

/// The environment variable that lets the tests of a missing engine pass without checking
/// anything. CI never sets it: there, a missing engine is a failure.
pub const SKIP_VAR: &str = "TTRULES_SKIP_MISSING_ENGINES";

/// Whether `binary` is missing. A missing engine fails the test, saying how to install it, unless
/// `TTRULES_SKIP_MISSING_ENGINES=1` is set: then the test says loudly on stderr (shown by
/// `cargo test -- --nocapture`) that it checked nothing, and the caller returns.
pub fn missing(binary: &str) -> bool {
    if Path::new(binary).exists() {
        return false;
    }
    let install = "install it (Debian: apt-get install -y gnugo leela-zero)";
    if std::env::var(SKIP_VAR).is_ok_and(|v| v == "1") {
        eprintln!(
            "\n!!!!!!!! {binary} IS NOT INSTALLED: THIS TEST CHECKED NOTHING ({SKIP_VAR}=1) !!!!!!!!\n\
             !!!!!!!! {install} and run again !!!!!!!!\n"
        );
        return true;
    }
    panic!(
        "{binary} is not installed, and this test needs it: {install}, or set {SKIP_VAR}=1 to \
         skip the tests that need a missing engine (they then check nothing)"
    );
}

/// The command of a Leela Zero that answers at once (one playout, one thread, the CPU), its
/// all-zero network written into `dir`.
pub fn leela_zero_command(dir: &Path) -> String {
    let weights = dir.join("zero.txt");
    write_zero_network(&weights);
    format!(
        "{LEELAZ} --cpu-only --gtp --noponder --playouts 1 --threads 1 --quiet --weights {}",
        weights.display()
    )
}

/// A Leela Zero network in its text format (version 1) with every weight zero: one residual block
/// of one filter. Enough for the engine to start and answer GTP.
pub fn write_zero_network(path: &Path) {
    let zeros = |n: usize| vec!["0"; n].join(" ");
    let c = 1;
    let mut lines = vec!["1".to_string()];
    lines.extend([zeros(c * 18 * 9), zeros(c), zeros(c), zeros(c)]);
    for _ in 0..2 {
        lines.extend([zeros(c * c * 9), zeros(c), zeros(c), zeros(c)]);
    }
    lines.extend([
        zeros(2 * c),
        zeros(2),
        zeros(2),
        zeros(2),
        zeros(2 * 361 * 362),
        zeros(362),
    ]);
    lines.extend([
        zeros(c),
        zeros(1),
        zeros(1),
        zeros(1),
        zeros(361 * 256),
        zeros(256),
        zeros(256),
        zeros(1),
    ]);
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}
