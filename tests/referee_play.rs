//! `ttrules referee` for how games are played: handicap games (r[ref.handicap],
//! r[ref.handicap.komi]), byo-yomi and Canadian overtime (r[ref.time.overtime],
//! r[ref.time.told.overtime]), and engines whose output is not GTP at all (`cat`, `yes`;
//! r[ref.start], r[ref.fault]). Against the scripted engine (which logs what it is told), `ttrules
//! gtp` and GNU Go (Debian's `gnugo`, which `.ci/run` installs; where it is missing its test
//! fails, unless `TTRULES_SKIP_MISSING_ENGINES=1` is set, and then it says so loudly and checks
//! nothing). Every game ends, and every record replays with `ttrules replay` (r[ref.record]).

mod engines;
mod referee_common;

use engines::{missing, GNUGO};
use referee_common::*;
use std::path::Path;
use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(TTRULES)
        .arg("referee")
        .args(args)
        .output()
        .expect("run ttrules referee")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn log(dir: &Path, engine: &str) -> String {
    std::fs::read_to_string(dir.join("logs").join(format!("{engine}.log"))).unwrap()
}

fn sgf(dir: &Path, game: u32) -> String {
    std::fs::read_to_string(dir.join(format!("game-{game:04}.sgf"))).unwrap()
}

/// r[ref.start] r[ref.fault]: `cat` echoes the command and `yes` writes `y` forever; neither is
/// "no response": each is not GTP, said at once with what it wrote, and the match does not start.
#[test]
fn engines_that_do_not_speak_gtp_are_said_so() {
    let random = format!("{TTRULES} gtp");
    for (engine, wrote) in [("cat", "\"protocol_version\""), ("yes", "\"y\"")] {
        let out = run(&[
            "--black",
            engine,
            "--white",
            &random,
            "--games",
            "1",
            "--timeout",
            "30",
        ]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{engine}: {err}");
        assert!(
            err.contains("is not GTP") && err.contains(wrote) && !err.contains("no response"),
            "{engine}: {err}"
        );
        let out = Command::new(TTRULES)
            .args([
                "check-engine",
                "--json",
                "--timeout",
                "30",
                "--engine",
                engine,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "check-engine {engine}");
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let fatal = report["fatal"].as_str().unwrap_or_default();
        assert!(
            fatal.contains("is not GTP") && fatal.contains(wrote),
            "check-engine {engine}: {fatal}"
        );
    }
}

/// r[ref.handicap] r[ref.handicap.komi]: fixed handicap, told with `fixed_handicap` to both
/// engines; komi 0.5 without `--komi`; White moves first; the record has `HA` and `AB` and
/// replays; the results line names the stones.
#[test]
fn fixed_handicap_games() {
    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &fake("--seed 1"),
        &fake("--seed 2"),
        &["--games", "2", "--alternate", "--handicap", "4"],
    );
    assert_eq!(code, 0, "{s}");
    assert_eq!(s["settings"]["komi"], "0.5", "{s}");
    assert_eq!(s["settings"]["handicap"]["stones"], 4, "{s}");
    for l in results(dir.path()) {
        assert_eq!(
            l["handicap"],
            serde_json::json!(["C3", "G7", "C7", "G3"]),
            "{l}"
        );
    }
    for engine in ["a", "b"] {
        let log = log(dir.path(), engine);
        assert!(
            log.contains("fixed_handicap 4") && log.contains("komi 0.5"),
            "{log}"
        );
    }
    let record = sgf(dir.path(), 1);
    assert!(
        record.contains("HA[4]") && record.contains("AB["),
        "{record}"
    );
    for point in ["[cg]", "[gc]", "[cc]", "[gg]"] {
        assert!(record.contains(point), "{point}: {record}");
    }
    let first_turn = record.find(";W[").expect("White moves");
    assert!(
        record.find(";B[").is_none_or(|b| first_turn < b),
        "{record}"
    );
    check_records(dir.path());
}

/// r[ref.handicap]: free placement by Black's engine (`ttrules gtp` places 10 stones at random on
/// 9x9, where GTP has no fixed points for 10), told to White with `set_free_handicap`; under
/// `chinese` the compensation of r[var.handicap.compensation] is in the score.
#[test]
fn free_handicap_games() {
    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &fake("--seed 3"),
        &fake("--seed 4"),
        &[
            "--games",
            "2",
            "--handicap",
            "10",
            "--handicap-placement",
            "free",
            "--rules",
            "chinese",
            "--komi",
            "0",
        ],
    );
    assert_eq!(code, 0, "{s}");
    let lines = results(dir.path());
    for l in &lines {
        let stones = l["handicap"].as_array().unwrap();
        assert_eq!(stones.len(), 10, "{l}");
        let told = format!(
            "set_free_handicap {}",
            stones
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        );
        assert!(log(dir.path(), "b").contains(&told), "{told}");
    }
    assert!(log(dir.path(), "a").contains("place_free_handicap 10"));
    assert!(sgf(dir.path(), 1).contains("HA[10]"));
    check_records(dir.path());
}

/// r[ref.handicap]: a handicap that does not fit the board, or comes with openings, is refused
/// before any engine starts (the engines here do not exist), with the reason.
#[test]
fn handicaps_that_do_not_fit_are_refused_before_any_engine_starts() {
    let dir = tempfile::tempdir().unwrap();
    let opening = dir.path().join("1.sgf");
    std::fs::write(&opening, "(;GM[1]FF[4]SZ[9];B[ee])").unwrap();
    let opening = opening.to_str().unwrap();
    for (args, says) in [
        (vec!["--handicap", "10"], "places at most 9 stones on 9x9"),
        (vec!["--handicap", "1"], "places no handicap stones"),
        (vec!["--handicap", "2", "--size", "8"], "no points on 8x8"),
        (
            vec![
                "--handicap",
                "25",
                "--handicap-placement",
                "free",
                "--size",
                "5",
            ],
            "at most 24",
        ),
        (vec!["--handicap", "2", "--openings", opening], "--openings"),
        (vec!["--handicap-placement", "free"], "--handicap"),
    ] {
        let mut all = vec!["--black", "/nonexistent/a", "--white", "/nonexistent/b"];
        all.extend(&args);
        let out = run(&all);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(says) && !err.contains("cannot start"),
            "{args:?}: {err}"
        );
    }
}

/// r[ref.handicap]: GNU Go places and takes handicap stones: fixed (GNU Go answers
/// `fixed_handicap` with GTP's points) and free (GNU Go chooses, `ttrules gtp` is told); every
/// game ends and replays.
#[test]
fn gnu_go_handicap_games() {
    if missing(GNUGO) {
        return;
    }
    let gnugo = format!("{GNUGO} --mode gtp --level 1 --chinese-rules");
    let random = format!("{TTRULES} gtp --seed {{seed}}");
    for placement in ["fixed", "free"] {
        let dir = tempfile::tempdir().unwrap();
        let (code, s) = referee(
            dir.path(),
            &gnugo,
            &random,
            &[
                "--games",
                "2",
                "--alternate",
                "--rules",
                "chinese",
                "--handicap",
                "5",
                "--handicap-placement",
                placement,
            ],
        );
        assert_eq!(code, 0, "{placement}: {s}");
        let lines = results(dir.path());
        assert_eq!(lines.len(), 2);
        for l in &lines {
            let n = l["handicap"].as_array().unwrap().len();
            assert!((2..=5).contains(&n), "{placement}: {l}");
            if placement == "fixed" {
                assert_eq!(n, 5, "{l}");
            }
            assert_ne!(l["ended"]["by"], "fault", "{placement}: {l}");
        }
        check_records(dir.path());
    }
}

/// r[ref.time.told.overtime]: byo-yomi told with `kgs-time_settings` to an engine that lists it;
/// to one that lists only `time_settings`, one period is told as one stone, and more periods are
/// refused before any game.
#[test]
fn byo_yomi_is_told_or_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &fake("--seed 1 --kgs-time"),
        &fake("--seed 2"),
        &["--games", "1", "--size", "5", "--time", "2.5s+1x3s"],
    );
    assert_eq!(code, 0, "{s}");
    assert!(log(dir.path(), "a").contains("kgs-time_settings byoyomi 2 3 1"));
    assert!(log(dir.path(), "b").contains("time_settings 2 3 1"));
    assert!(log(dir.path(), "a").contains("time_left b 2 0"));
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "--black",
        &fake("--seed 1 --kgs-time"),
        "--white",
        &fake("--seed 2"),
        "--time",
        "10s+5x30s",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("engine b") && err.contains("cannot be stated in time_settings"),
        "{err}"
    );
    assert!(results(dir.path()).is_empty());
}

/// r[ref.time.overtime]: byo-yomi enforced exactly: an answer of 1.5 s in periods of 1 s loses
/// one period (the record's `OB` says one is left) and play goes on; an answer of 2.5 s uses up
/// both and loses on time, `W+T`, in `RE` and `results.jsonl`.
#[test]
fn byo_yomi_periods_run_out() {
    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &fake("--seed 1 --kgs-time --at 2 --do slow:1.5"),
        &fake("--seed 2 --kgs-time"),
        &["--games", "1", "--size", "5", "--time", "0+2x1s"],
    );
    assert_eq!(code, 0, "{s}");
    let l = &results(dir.path())[0];
    let record = sgf(dir.path(), 1);
    assert!(record.contains("OB[1]"), "{l}\n{record}");
    assert!(record.contains("OT[2x1 byo-yomi]"), "{record}");
    check_records(dir.path());

    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &fake("--seed 1 --kgs-time --at 2 --do slow:2.5"),
        &fake("--seed 2 --kgs-time"),
        &["--games", "1", "--size", "5", "--time", "0+2x1s"],
    );
    assert_eq!(code, 0, "{s}");
    let l = &results(dir.path())[0];
    assert_eq!(
        (&l["ended"]["by"], &l["result"]),
        (&"time".into(), &"W+T".into()),
        "{l}"
    );
    assert!(sgf(dir.path(), 1).contains("RE[W+T]"));
    check_records(dir.path());
}

/// r[ref.time.overtime] r[ref.time.told.overtime]: Canadian overtime told as `time_settings M P S`
/// and `time_left` with the answers due; an answer later than the period loses on time.
#[test]
fn canadian_overtime() {
    let dir = tempfile::tempdir().unwrap();
    let (code, s) = referee(
        dir.path(),
        &fake("--seed 1 --at 3 --do slow:2.5"),
        &fake("--seed 2"),
        &["--games", "1", "--size", "5", "--time", "0+3/2s"],
    );
    assert_eq!(code, 0, "{s}");
    let a = log(dir.path(), "a");
    // No main time: overtime from the first answer, 3 answers due in 2 s, then 2 in what is left.
    assert!(a.contains("time_settings 0 2 3"), "{a}");
    assert!(
        a.contains("time_left b 2 3") && a.contains("time_left b 1 2"),
        "{a}"
    );
    let l = &results(dir.path())[0];
    assert_eq!(
        (&l["ended"]["by"], &l["result"]),
        (&"time".into(), &"W+T".into()),
        "{l}"
    );
    check_records(dir.path());
}

/// r[ref.time.overtime]: GNU Go (which lists `time_settings` and `time_left`) under one period of
/// byo-yomi and under Canadian overtime, against `ttrules gtp`: every game ends and replays.
#[test]
fn gnu_go_under_overtime() {
    if missing(GNUGO) {
        return;
    }
    let gnugo = format!("{GNUGO} --mode gtp --level 1 --chinese-rules");
    let random = format!("{TTRULES} gtp --seed {{seed}}");
    for time in ["3+1x5s", "3+10/20s"] {
        let dir = tempfile::tempdir().unwrap();
        let (code, s) = referee(
            dir.path(),
            &gnugo,
            &random,
            &[
                "--games",
                "2",
                "--alternate",
                "--rules",
                "chinese",
                "--time",
                time,
            ],
        );
        assert_eq!(code, 0, "{time}: {s}");
        assert_eq!(results(dir.path()).len(), 2);
        check_records(dir.path());
    }
}
