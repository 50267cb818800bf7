//! `ttrules referee` as an operator meets it (issue 19's defects 1 to 5), against the scripted
//! engine `tests/fixtures/referee_engine.py`: the default move limit said in the output, the time
//! the engines are told, claims that disagree with the count said loudly, `--resume` saying what
//! it dropped, and the summary's words.

mod referee_common;

use referee_common::*;
use std::process::{Command, Output};

/// Runs `ttrules referee` with these arguments (no `--json`).
fn run(args: &[&str]) -> Output {
    Command::new(TTRULES)
        .arg("referee")
        .args(args)
        .output()
        .expect("run ttrules referee")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// r[ref.limit.default]: without --max-turns every game has a limit of four turns per point, and
/// the summary says so; engines that never pass meet it.
#[test]
fn the_default_move_limit_is_said_and_applies() {
    let dir = tempfile::tempdir().unwrap();
    let never = fake("--seed 3 --never-pass");
    let out = run(&[
        "--black",
        &never,
        "--white",
        &fake("--seed 4 --never-pass"),
        "--games",
        "1",
        "--size",
        "5",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("move limit: 100 turns per game (the default for 5x5: 4 per point, r[ref.limit.default]"),
        "{stdout}"
    );
    assert!(stdout.starts_with("1 game\n"), "{stdout}");
    let l = &results(dir.path())[0];
    assert!(l["turns"].as_u64().unwrap() <= 100, "{l}");
    check_records(dir.path());
    // With --max-turns the limit is the operator's and nothing is said of a default.
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "--black",
        &never,
        "--white",
        &never,
        "--games",
        "1",
        "--size",
        "5",
        "--max-turns",
        "30",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        !text(&out.stdout).contains("move limit:"),
        "{}",
        text(&out.stdout)
    );
}

/// r[ref.time.told]: engines are told the referee's clock in whole seconds, never more than they have;
/// a control GTP cannot state (under a second) stops the match before any game, saying why.
#[test]
fn engines_are_told_the_time_or_the_match_is_refused() {
    for (args, why) in [
        (
            ["--time-per-move", "0.3s"],
            "a time per move of 0.3s is under a second",
        ),
        (
            ["--time", "0.5s+1s"],
            "a main time of 0.5s is under a second",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let mut all = vec![
            "--games",
            "1",
            "--size",
            "5",
            "--out",
            dir.path().to_str().unwrap(),
        ];
        all.extend(args);
        let a = fake("--seed 1");
        all.extend(["--black", &a, "--white", &a]);
        let out = run(&all);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(why) && stderr.contains("time_settings takes whole"),
            "{stderr}"
        );
        assert!(results(dir.path()).is_empty());
    }
    // 1.5 s per move: one whole second is told (byo-yomi, one stone); 1.5s+0.5s: the main time in
    // whole seconds, the increment through time_left.
    for (args, told) in [
        (["--time-per-move", "1.5s"], "time_settings 0 1 1"),
        (["--time", "2.5s+0.5s"], "time_settings 2 0 0"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (code, _) = referee(dir.path(), &fake("--seed 1"), &fake("--seed 2"), &{
            let mut v = vec!["--games", "1", "--size", "5"];
            v.extend(args);
            v
        });
        assert_eq!(code, 0, "{args:?}");
        let log = std::fs::read_to_string(dir.path().join("logs/a.log")).unwrap();
        assert!(log.contains(told), "{args:?}: {log}");
        assert!(log.contains("time_left"), "{args:?}: {log}");
    }
}

/// r[ref.claims]: a claim that names another winner than the count is said loudly in the summary,
/// the record and the results line, with the end protocols and the engine option that cure it (a
/// claimed draw under a komi of 0.5, where no game is drawn); a claim that differs in the margin
/// only gets a note.
#[test]
fn disagreeing_claims_are_said_loudly() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "--black",
        &fake("--seed 1 --claim 0"),
        "--white",
        &fake("--seed 2"),
        "--games",
        "1",
        "--size",
        "5",
        "--komi",
        "0.5",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains(
            "WARNING: in 1 of 1 game with claims an engine's own count (final_score) names \
             another winner"
        ),
        "{stdout}"
    );
    for needle in [
        "--end agreement",
        "--capture-all-dead",
        "docs/src/guide/referee-operating.md",
    ] {
        assert!(stdout.contains(needle), "{needle}: {stdout}");
    }
    let l = &results(dir.path())[0];
    let w = l["claims_warning"]
        .as_str()
        .expect("a claims_warning field");
    assert!(
        w.contains("Black claims 0") && w.contains("--capture-all-dead"),
        "{w}"
    );
    let sgf = std::fs::read_to_string(dir.path().join("game-0001.sgf")).unwrap();
    assert!(
        sgf.contains("WARNING: the engines' own count names another winner"),
        "{sgf}"
    );
    check_records(dir.path());
    // The same game (the same seeds) with a claim of the right winner by 100 points: a note.
    let winner = l["result"].as_str().unwrap()[..1].to_string();
    let claim = format!("--seed 1 --claim {winner}+100");
    let dir = tempfile::tempdir().unwrap();
    let out = run(&[
        "--black",
        &fake(&claim),
        "--white",
        &fake("--seed 2"),
        "--games",
        "1",
        "--size",
        "5",
        "--komi",
        "0.5",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert!(!stdout.contains("WARNING"), "{stdout}");
    assert!(
        stdout.contains("note: in 1 of 1 game with claims an engine's own count differs"),
        "{stdout}"
    );
    let l = &results(dir.path())[0];
    assert!(
        l["claims_warning"].as_str().unwrap().starts_with("Note:"),
        "{l}"
    );
    // Claims that agree: no warning, no field.
    let dir = tempfile::tempdir().unwrap();
    let (code, summary) = referee(
        dir.path(),
        &fake("--seed 1 --no-final-score"),
        &fake("--seed 2 --no-final-score"),
        &["--games", "1", "--size", "5"],
    );
    assert_eq!(code, 0);
    assert_eq!(summary["claims"]["disagreeing"], 0, "{summary}");
    assert!(results(dir.path())[0].get("claims_warning").is_none());
}

/// `--resume` says that it dropped a cut-off last line of results.jsonl, and plays that game.
#[test]
fn resume_says_what_it_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let a = fake("--seed 1");
    let (code, _) = referee(dir.path(), &a, &a, &["--games", "1", "--size", "5"]);
    assert_eq!(code, 0);
    let path = dir.path().join("results.jsonl");
    let mut whole = std::fs::read_to_string(&path).unwrap();
    whole.push_str("{\"game\": 2, \"engi");
    std::fs::write(&path, whole).unwrap();
    let out = run(&[
        "--black",
        &a,
        "--white",
        &a,
        "--games",
        "2",
        "--size",
        "5",
        "--resume",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("--resume: dropped the cut-off last line of"),
        "{stderr}"
    );
    assert_eq!(results(dir.path()).len(), 2);
}

/// The summary's words: no empty `ended by:` when no game was played, and "1 game", "1 stone".
#[test]
fn the_summary_counts_in_words() {
    use ttrules_referee::summary::{count, Summary};
    let players = [("a", "x"), ("b", "y")].map(|(l, c)| (l.to_string(), c.to_string()));
    let s = Summary::new(&[], &players, None).to_text();
    assert!(s.starts_with("0 games\n"), "{s}");
    assert!(!s.contains("ended by:"), "{s}");
    assert_eq!(count(1, "game"), "1 game");
    assert_eq!(count(1, "stone"), "1 stone");
    assert_eq!(count(0, "stone"), "0 stones");
    assert_eq!(count(2, "extra turn"), "2 extra turns");
}
