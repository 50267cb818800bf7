//! Helpers for the tests that drive real engines (GNU Go, Leela Zero): whether one is installed,
//! and the all-zero Leela Zero network.

#![allow(dead_code)]

use std::path::Path;

pub const GNUGO: &str = "/usr/games/gnugo";
pub const LEELAZ: &str = "/usr/games/leelaz";

/// Whether `binary` is missing; says so loudly (the test then checks nothing).
pub fn missing(binary: &str) -> bool {
    if Path::new(binary).exists() {
        return false;
    }
    eprintln!(
        "\n!!!!!!!! {binary} IS NOT INSTALLED: THIS TEST CHECKED NOTHING !!!!!!!!\n\
         !!!!!!!! install it (apt-get install -y gnugo leela-zero) and run again   !!!!!!!!\n"
    );
    true
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
