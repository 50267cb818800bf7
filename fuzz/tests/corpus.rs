//! The committed corpus and regressions of every fuzz target, replayed on stable through the same
//! oracles the fuzzers use; plus a seeded smoke run of every target on generated inputs, and
//! counts of what the committed corpora reach (checkpoints, finished games, GTP round trips), so
//! that a generator or oracle change that stops reaching them fails.

use std::path::Path;
use ttrules_fast::Fast;
use ttrules_fuzz::end::{end_protocol, EndStats};
use ttrules_fuzz::generators::{self, Mode};
use ttrules_fuzz::gtp::{gtp_session, SessionStats};
use ttrules_fuzz::oracles::{differential, Stats};
use ttrules_fuzz::{corpus_dir, input_files, regressions_dir, targets};
use ttrules_reference::Reference;

type Target = fn(&[u8]) -> Result<(), String>;

const TARGETS: &[(&str, Target)] = &[
    ("differential_game", targets::differential_game),
    ("differential_legal_game", targets::differential_legal_game),
    ("sgf_replay", targets::sgf_replay),
    ("gtp_session", targets::gtp_session),
    ("end_protocol", targets::end_protocol),
];

fn replay_dir(dir: &Path, target: Target) -> (usize, Vec<String>) {
    let files = input_files(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let failures = files
        .iter()
        .filter_map(|f| {
            let data = std::fs::read(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            target(&data)
                .err()
                .map(|report| format!("{}:\n{report}", f.display()))
        })
        .collect();
    (files.len(), failures)
}

#[test]
fn committed_corpus_passes() {
    for &(name, target) in TARGETS {
        let (count, failures) = replay_dir(&corpus_dir(name), target);
        assert!(count >= 10, "{name}: only {count} seed inputs committed");
        assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n\n"));
    }
}

#[test]
fn committed_regressions_pass() {
    for &(name, target) in TARGETS {
        let (_, failures) = replay_dir(&regressions_dir(name), target);
        assert!(failures.is_empty(), "{name}:\n{}", failures.join("\n\n"));
    }
}

/// A splitmix64 stream: seeded inputs without a dependency.
fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut s = seed;
    (0..len)
        .map(|_| {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            (z ^ (z >> 31)) as u8
        })
        .collect()
}

#[test]
fn seeded_smoke_run_of_every_target() {
    for &(name, target) in TARGETS {
        for seed in 0..150u64 {
            let data = bytes(seed, 16 + (seed as usize * 37) % 700);
            if let Err(report) = target(&data) {
                panic!("{name}, seed {seed}:\n{report}");
            }
        }
    }
}

fn corpus(name: &str) -> Vec<Vec<u8>> {
    input_files(&corpus_dir(name))
        .expect("the corpus folder")
        .iter()
        .map(|f| std::fs::read(f).expect("a corpus file"))
        .collect()
}

#[test]
fn differential_corpora_reach_checkpoints_and_ends() {
    for (name, mode) in [
        ("differential_game", Mode::Raw),
        ("differential_legal_game", Mode::Legal),
    ] {
        let mut total = Stats::default();
        let mut finished = 0;
        for data in corpus(name) {
            let s = differential::<Reference, Fast>(&generators::game(&data, mode))
                .unwrap_or_else(|report| panic!("{name}:\n{report}"));
            total.turns += s.turns;
            total.rejections += s.rejections;
            total.checkpoints += s.checkpoints;
            finished += u64::from(s.finished);
        }
        println!("{name}: {total:?}, {finished} games finished");
        assert!(
            total.turns > 0 && total.checkpoints > 0 && finished > 0,
            "{name}: {total:?}"
        );
        if mode == Mode::Raw {
            assert!(total.rejections > 0, "{name}: no illegal attempt");
        }
    }
}

#[test]
fn gtp_corpus_reaches_every_kind_of_event() {
    let mut total = SessionStats::default();
    for data in corpus("gtp_session") {
        total.add(&gtp_session(&data).unwrap_or_else(|report| panic!("{report}")));
    }
    println!("gtp_session: {total:?}");
    let SessionStats {
        commands,
        accepted,
        refused,
        turns,
        round_trips,
        reference_checks,
    } = total;
    for (what, n) in [
        ("commands", commands),
        ("accepted", accepted),
        ("refused", refused),
        ("turns", turns),
        ("round trips", round_trips),
        ("reference checks", reference_checks),
    ] {
        assert!(n > 0, "gtp_session corpus: no {what}: {total:?}");
    }
}

/// r[end.bound] r[end.round]: the committed `end_protocol` seeds reach rounds, disputes, resumed
/// play, copies, arbiters, all-alive ends, removed stones and the move limit.
#[test]
fn end_protocol_corpus_reaches_every_outcome() {
    let mut total = EndStats::default();
    for data in corpus("end_protocol") {
        total.add(&end_protocol(&data).unwrap_or_else(|report| panic!("{report}")));
    }
    println!("end_protocol: {total:?}");
    let EndStats {
        games,
        rounds,
        disputed,
        resumed,
        copies,
        arbitrated,
        all_alive,
        removed,
        move_limits,
    } = total;
    for (what, n) in [
        ("games", games),
        ("rounds", rounds),
        ("disputed rounds", disputed),
        ("resumed", resumed),
        ("copies", copies),
        ("arbitrated", arbitrated),
        ("all-alive", all_alive),
        ("removed stones", removed),
        ("move limits", move_limits),
    ] {
        assert!(n > 0, "end_protocol corpus: no {what}: {total:?}");
    }
}
