//! One test per bug found by fuzzing, named after the bug, with its post-mortem. Each replays the
//! committed input through the target that found it. (The folder-wide replay of
//! `fuzz/regressions/` is in `corpus.rs`; these name the bugs.)
//!
//! No finding has been committed yet: the campaigns so far found no disagreement (see the closing
//! notes of the fuzzing issue). The harness below is what a finding plugs into.

use ttrules_fuzz::regressions_dir;

#[allow(dead_code)]
fn replay(target: &str, file: &str, run: fn(&[u8]) -> Result<(), String>) {
    let path = regressions_dir(target).join(file);
    let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if let Err(report) = run(&data) {
        panic!("{}:\n{report}", path.display());
    }
}

#[test]
fn regressions_folders_exist_for_every_target() {
    for t in [
        "differential_game",
        "differential_legal_game",
        "sgf_replay",
        "gtp_session",
    ] {
        assert!(regressions_dir(t).is_dir(), "{t}: no regressions folder");
    }
}
