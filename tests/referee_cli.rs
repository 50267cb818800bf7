//! `ttrules referee` end to end against scripted engines (`tests/fixtures/referee_engine.py`, a
//! proxy over `ttrules gtp` that misbehaves as told): every way a game can end (Part VI of
//! `spec/RULES.md`), the records and results it writes, `--resume`, Ctrl-C, `--jobs` and `--sprt`.
//! Every SGF written is replayed with `ttrules replay` (r[ref.record]).

mod referee_common;

use referee_common::*;
use serde_json::Value;
use std::process::Command;

/// The ending of the only game of a match, after checking its records.
fn one_game(dir: &std::path::Path, black: &str, white: &str, extra: &[&str]) -> Value {
    let mut args = vec!["--games", "1"];
    args.extend_from_slice(extra);
    let (code, summary) = referee(dir, black, white, &args);
    assert_eq!(code, 0, "{summary}");
    let lines = results(dir);
    assert_eq!(lines.len(), 1, "{lines:?}");
    check_records(dir);
    lines[0].clone()
}

/// r[ref.judge] r[ref.end] r[ref.end.tromp-taylor] r[ref.claims] r[ref.record] r[ref.results]:
/// random legal players end by two passes; the game is scored with every stone alive, both
/// claims agree, and the record replays to the same result.
#[test]
fn random_players_end_by_score() {
    let dir = tempfile::tempdir().unwrap();
    let a = format!("{TTRULES} gtp --seed {{seed}}");
    let (code, s) = referee(
        dir.path(),
        &a,
        &a,
        &["--games", "3", "--alternate", "--size", "7"],
    );
    assert_eq!(code, 0, "{s}");
    let lines = results(dir.path());
    assert_eq!(lines.len(), 3);
    for l in &lines {
        assert_eq!(l["ended"]["by"], "score", "{l}");
        assert_eq!(l["ended"]["clause"], "ref.end.tromp-taylor");
        assert_eq!(l["end"]["protocol"], "tromp-taylor");
        assert_eq!(l["end"]["removed"], serde_json::json!([]));
        for side in ["black", "white"] {
            assert_eq!(l[side]["claim_agrees"], true, "{l}");
            assert_eq!(l[side]["claim"], l["result"]);
        }
    }
    // --alternate: a is White in game 2.
    assert_eq!(lines[1]["black"]["engine"], "b");
    assert_eq!(lines[1]["white"]["engine"], "a");
    assert_eq!(s["games"], 3);
    assert_eq!(s["endings"]["score"], 3);
    assert_eq!(s["engines"]["a"]["claims_agreed"], 3);
    let scored = check_records(dir.path());
    assert_eq!(scored, 3);
    let sgf = std::fs::read_to_string(dir.path().join("game-0001.sgf")).unwrap();
    for prop in [
        "GM[1]",
        "FF[4]",
        "CA[UTF-8]",
        "SZ[7]",
        "KM[0]",
        "RU[Tromp-Taylor]",
        "PB[ttrules",
        "PW[ttrules",
        "DT[",
        "RE[",
        "GC[",
        "TB[",
    ] {
        assert!(sgf.contains(prop), "{prop} missing: {sgf}");
    }
}

/// r[ref.illegal] r[ref.record.illegal]: an occupied point at a chosen turn loses by forfeit,
/// with the reason and clause; the attempt is in the comment, not a move.
#[test]
fn an_occupied_point_loses() {
    let dir = tempfile::tempdir().unwrap();
    let l = one_game(
        dir.path(),
        &fake("--seed 3"),
        &fake("--seed 4 --at 5 --do occupied"),
        &[],
    );
    assert_eq!(l["result"], "B+F");
    assert_eq!(l["ended"]["by"], "illegal");
    assert_eq!(l["ended"]["reason"], "occupied");
    assert_eq!(l["ended"]["clause"], "tt.move.empty");
    assert_eq!(l["ended"]["player"], "W");
    assert_eq!(
        l["turns"], 9,
        "four White turns and five Black ones before it"
    );
    let sgf = std::fs::read_to_string(dir.path().join("game-0001.sgf")).unwrap();
    assert!(
        sgf.contains("an illegal attempt: occupied (r[tt.move.empty\\])"),
        "{sgf}"
    );
    assert_eq!(sgf.matches(";W[").count(), 4);
}

/// r[ref.illegal]: a ko recapture under simple ko (`ko`, r[var.ko.simple]), the same under
/// positional superko (`repetition`), a superko that is no immediate recapture
/// (r[tt.turn.repetition]) and a suicide where suicide is forbidden (r[var.suicide.forbidden]).
#[test]
fn ko_superko_and_suicide_lose() {
    let cases = [
        // The ko of vector ko-100 on 3x3: W B3 retakes at once.
        (
            "B2,C3,A3",
            "B3,A2,B3",
            "chinese",
            "3",
            "B+F",
            "ko",
            "var.ko.simple",
        ),
        (
            "B2,C3,A3",
            "B3,A2,B3",
            "tromp-taylor",
            "3",
            "B+F",
            "repetition",
            "tt.turn.repetition",
        ),
        // The cycle of vector superko-not-immediate-100 on 2x2: B B1 recreates turn 3's colouring.
        (
            "B1,B2,A2,B2,B1",
            "pass,A1,A1,A2",
            "tromp-taylor",
            "2",
            "W+F",
            "repetition",
            "tt.turn.repetition",
        ),
        // A lone stone with no liberty: W A1 on 3x3.
        (
            "B1,A2",
            "pass,A1",
            "chinese",
            "3",
            "B+F",
            "suicide",
            "var.suicide.forbidden",
        ),
    ];
    for (b, w, rules, size, result, reason, clause) in cases {
        let dir = tempfile::tempdir().unwrap();
        let l = one_game(
            dir.path(),
            &fake(&format!("--script {b}")),
            &fake(&format!("--script {w}")),
            &["--rules", rules, "--size", size],
        );
        assert_eq!(l["result"], result, "{rules} {b} / {w}: {l}");
        assert_eq!(l["ended"]["by"], "illegal");
        assert_eq!(l["ended"]["reason"], reason, "{l}");
        assert_eq!(l["ended"]["clause"], clause, "{l}");
    }
}

/// r[ref.refusal]: an engine that refuses its opponent's legal move loses, with the clause that
/// makes the move legal; the move stands in the record.
#[test]
fn refusing_a_legal_move_loses_for_the_refuser() {
    let dir = tempfile::tempdir().unwrap();
    let l = one_game(
        dir.path(),
        &fake("--seed 1"),
        &fake("--seed 2 --refuse-play 3"),
        &[],
    );
    assert_eq!(l["result"], "B+F");
    assert_eq!(l["ended"]["by"], "refusal");
    assert_eq!(l["ended"]["player"], "W");
    assert_eq!(l["ended"]["clause"], "ref.refusal");
    let detail = l["ended"]["detail"].as_str().unwrap();
    assert!(detail.contains("legal by r[tt.move]"), "{detail}");
    assert_eq!(l["turns"], 5, "Black's third move stands");
}

/// r[ref.resign] r[ref.fault] r[ref.order]: resignation, a crash, a hang, garbage, a failed
/// genmove and an answer that is no vertex; under --on-fault void a fault voids the game.
/// The faulting engine's process group is ended (its inner engine too), and a fresh process plays
/// the next game.
#[test]
fn resignations_and_faults() {
    let cases = [
        ("resign", "W+R", "resignation", &[][..]),
        ("crash", "W+F", "fault", &[][..]),
        ("hang", "W+F", "fault", &["--timeout", "1"][..]),
        ("garbage", "W+F", "fault", &[][..]),
        ("fail", "W+F", "fault", &[][..]),
        ("word", "W+F", "fault", &[][..]),
        ("crash", "Void", "fault", &["--on-fault", "void"][..]),
    ];
    for (action, result, by, extra) in cases {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["--games", "2", "--size", "5"];
        args.extend_from_slice(extra);
        let (code, s) = referee(
            dir.path(),
            &fake(&format!("--seed 5 --at 3 --do {action}")),
            &fake("--seed 6"),
            &args,
        );
        assert_eq!(code, 0, "{action}: {s}");
        let lines = results(dir.path());
        assert_eq!(lines.len(), 2);
        for l in &lines {
            assert_eq!(l["result"], result, "{action}: {l}");
            assert_eq!(l["ended"]["by"], by, "{action}");
            assert_eq!(l["ended"]["player"], "B");
            assert_eq!(l["turns"], 4, "{action}");
        }
        check_records(dir.path());
        let log = std::fs::read_to_string(dir.path().join("logs/a.log")).unwrap();
        let inner: Vec<u32> = log
            .lines()
            .filter_map(|l| l.split("inner pid ").nth(1))
            .map(|p| p.trim().parse().unwrap())
            .collect();
        if by == "fault" {
            assert_eq!(
                inner.len(),
                2,
                "{action}: a fresh process for game 2: {log}"
            );
            for pid in inner {
                assert!(
                    !std::path::Path::new(&format!("/proc/{pid}")).exists()
                        || std::fs::read_to_string(format!("/proc/{pid}/stat"))
                            .is_ok_and(|s| s.contains(") Z ")),
                    "{action}: the inner engine {pid} of the faulting one still runs"
                );
            }
        }
        if action == "crash" {
            assert!(
                log.contains("segmentation fault (pretend)"),
                "stderr is logged: {log}"
            );
        }
    }
}

/// r[ref.time]: an engine that answers too late loses on time; time_settings and time_left are
/// sent; BL/WL are recorded.
#[test]
fn running_out_of_time_loses() {
    let dir = tempfile::tempdir().unwrap();
    let l = one_game(
        dir.path(),
        &fake("--seed 1"),
        &fake("--seed 2 --at 2 --do slow:2"),
        &["--time-per-move", "1", "--size", "5"],
    );
    assert_eq!(l["result"], "B+T");
    assert_eq!(l["ended"]["by"], "time");
    assert!(l["white"]["time"].as_f64().unwrap() >= 1.0);
    let log = std::fs::read_to_string(dir.path().join("logs/b.log")).unwrap();
    assert!(log.contains("time_settings 0 1 1"), "{log}");
    assert!(log.contains("time_left w 1 1"), "{log}");
    let sgf = std::fs::read_to_string(dir.path().join("game-0001.sgf")).unwrap();
    assert!(sgf.contains("BL[") && sgf.contains("WL["), "{sgf}");
    // An absolute clock that is never used up: the game is scored, the clocks in the record.
    let dir = tempfile::tempdir().unwrap();
    let l = one_game(
        dir.path(),
        &fake("--seed 1"),
        &fake("--seed 2"),
        &["--time", "30+1", "--size", "5"],
    );
    assert_eq!(l["ended"]["by"], "score");
    let log = std::fs::read_to_string(dir.path().join("logs/a.log")).unwrap();
    assert!(log.contains("time_settings 30 0 0"), "{log}");
}

/// r[ref.limit]: an engine that never passes meets the move limit: void, or scored as it stands.
#[test]
fn the_move_limit_voids_or_scores() {
    for (at_limit, result_is_void) in [("void", true), ("score", false)] {
        let dir = tempfile::tempdir().unwrap();
        let l = one_game(
            dir.path(),
            &fake("--seed 1 --never-pass"),
            &fake("--seed 2 --never-pass"),
            &["--size", "5", "--max-turns", "30", "--at-limit", at_limit],
        );
        assert_eq!(l["ended"]["by"], "move-limit");
        assert_eq!(l["turns"], 30);
        assert_eq!(l["result"] == "Void", result_is_void, "{l}");
        assert_eq!(l["score"].is_null(), result_is_void);
    }
}

/// r[ref.claims]: a wrong claim is recorded as disagreeing; an engine without final_score is not
/// asked.
#[test]
fn claims_are_recorded_never_decisive() {
    let dir = tempfile::tempdir().unwrap();
    let l = one_game(
        dir.path(),
        &fake("--seed 1 --claim W+100"),
        &fake("--seed 2 --no-final-score"),
        &["--size", "5"],
    );
    assert_eq!(l["ended"]["by"], "score");
    assert_eq!(l["black"]["claim"], "W+100");
    assert_eq!(l["black"]["claim_agrees"], false);
    assert!(l["white"]["claim"].is_null());
    assert_ne!(l["result"], "W+100");
}

/// r[ref.start]: an engine that cannot start, or speaks no GTP, stops the match before any game
/// with exit status 2; so do bad arguments and a second match in a used folder.
#[test]
fn engines_that_cannot_start_exit_2_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let good = format!("{TTRULES} gtp");
    for bad in ["/nonexistent/engine --gtp", "echo hello"] {
        let (code, _) = referee(dir.path(), bad, &good, &["--games", "2"]);
        assert_eq!(code, 2, "{bad}");
        assert!(results(dir.path()).is_empty());
    }
    let run = |args: &[&str]| {
        Command::new(TTRULES)
            .args(["referee", "--black", &good, "--white", &good])
            .args(args)
            .output()
            .unwrap()
    };
    for args in [
        &["--rules", "klingon"][..],
        &["--size", "30"][..],
        &["--time", "fast"][..],
        &["--sprt", "10,0"][..],
        &["--resume"][..],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
    let used = tempfile::tempdir().unwrap();
    let (code, _) = referee(used.path(), &good, &good, &["--games", "1", "--size", "5"]);
    assert_eq!(code, 0);
    let (code, _) = referee(used.path(), &good, &good, &["--games", "1", "--size", "5"]);
    assert_eq!(code, 2, "a second match in the same folder needs --resume");
}

/// r[ref.match.schedule] r[ref.results]: `--jobs 2` plays the same games as `--jobs 1` (seeded
/// engines), each exactly once; a match killed with SIGKILL, and one stopped with Ctrl-C, both
/// resume to the same results without losing or repeating a game.
#[test]
fn jobs_and_resume_give_the_same_games() {
    let engine = fake("--seed {seed} --delay 0.004");
    let args = ["--games", "6", "--alternate", "--size", "7"];
    let one = tempfile::tempdir().unwrap();
    let (code, _) = referee(one.path(), &engine, &engine, &args);
    assert_eq!(code, 0);
    let two = tempfile::tempdir().unwrap();
    let mut jobs = args.to_vec();
    jobs.extend(["--jobs", "2"]);
    let (code, _) = referee(two.path(), &engine, &engine, &jobs);
    assert_eq!(code, 0);
    let want = games(one.path());
    assert_eq!(want.len(), 6);
    assert_eq!(games(two.path()), want, "--jobs 2 plays the same games");
    check_records(two.path());
    for signal in ["KILL", "INT"] {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(TTRULES)
            .args(["referee", "--json", "--black", &engine, "--white", &engine])
            .args(args)
            .arg("--out")
            .arg(dir.path())
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Wait for two games, then interrupt the third.
        let start = std::time::Instant::now();
        while results(dir.path()).len() < 2 && start.elapsed().as_secs() < 60 {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        std::thread::sleep(std::time::Duration::from_millis(150));
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let code = child.wait().unwrap().code();
        let before = results(dir.path()).len();
        assert!(
            (2..6).contains(&before),
            "{signal}: {before} games before the stop"
        );
        if signal == "INT" {
            assert_eq!(code, Some(130), "Ctrl-C ends cleanly with status 130");
        }
        let mut resume = args.to_vec();
        resume.push("--resume");
        let (code, s) = referee(dir.path(), &engine, &engine, &resume);
        assert_eq!(code, 0, "{s}");
        assert_eq!(s["played"], 6 - before as u64, "{signal}");
        assert_eq!(games(dir.path()), want, "{signal}: resumed exactly");
        check_records(dir.path());
    }
}

/// r[ref.match.opening]: each opening is played once with each colour, its turns first.
#[test]
fn openings_are_played_with_both_colours() {
    let dir = tempfile::tempdir().unwrap();
    let openings = dir.path().join("openings");
    std::fs::create_dir_all(&openings).unwrap();
    std::fs::write(openings.join("1.sgf"), "(;GM[1]FF[4]SZ[7];B[dd];W[cc])").unwrap();
    std::fs::write(openings.join("2.sgf"), "(;GM[1]FF[4]SZ[7];B[bb])").unwrap();
    let out = dir.path().join("out");
    let a = format!("{TTRULES} gtp --seed {{seed}}");
    let (code, s) = referee(
        &out,
        &a,
        &a,
        &[
            "--games",
            "4",
            "--size",
            "7",
            "--openings",
            openings.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{s}");
    let lines = results(&out);
    let seen: Vec<(String, String)> = lines
        .iter()
        .map(|l| {
            (
                l["opening"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap()
                    .to_string(),
                l["black"]["engine"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        ("1.sgf", "a"),
        ("1.sgf", "b"),
        ("2.sgf", "a"),
        ("2.sgf", "b"),
    ];
    assert_eq!(seen, want.map(|(o, e)| (o.to_string(), e.to_string())));
    let sgf = std::fs::read_to_string(out.join("game-0001.sgf")).unwrap();
    assert!(sgf.contains(";B[dd]\n;W[cc]C[end of the opening]"), "{sgf}");
    check_records(&out);
    // An illegal opening is refused before any game.
    std::fs::write(openings.join("3.sgf"), "(;GM[1]FF[4]SZ[7];B[bb];W[bb])").unwrap();
    let (code, _) = referee(
        &dir.path().join("out2"),
        &a,
        &a,
        &[
            "--games",
            "2",
            "--size",
            "7",
            "--openings",
            openings.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 2);
}

/// The SPRT stops a lopsided match when it decides, printing its ratio and bounds.
#[test]
fn sprt_stops_a_lopsided_match() {
    let dir = tempfile::tempdir().unwrap();
    let strong = format!("{TTRULES} gtp --seed {{seed}}");
    let weak = fake("--at 1 --do resign");
    let (code, s) = referee(
        dir.path(),
        &strong,
        &weak,
        &[
            "--games",
            "100",
            "--alternate",
            "--size",
            "5",
            "--sprt",
            "0,200",
        ],
    );
    assert_eq!(code, 0);
    assert_eq!(s["stopped_by_sprt"], true);
    let n = s["games"].as_u64().unwrap();
    assert!((5..=12).contains(&n), "{n} games");
    assert_eq!(s["sprt"]["decision"], "H1");
    assert!(s["sprt"]["llr"].as_f64().unwrap() >= s["sprt"]["upper"].as_f64().unwrap());
    assert_eq!(s["engines"]["a"]["total"]["wins"], n);
    assert_eq!(s["endings"]["resignation"], n);
    assert!(s["los"].as_f64().unwrap() > 0.99);
    assert!(
        s["elo"]["value"].is_null(),
        "a clean sweep has no finite Elo"
    );
    // The text summary prints the same.
    let out = Command::new(TTRULES)
        .args(["referee", "--black", &strong, "--white", &weak])
        .args(["--games", "100", "--size", "5", "--sprt", "0,200,0.05,0.05"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("SPRT [0, 200]") && text.contains("H1 accepted"),
        "{text}"
    );
    assert!(text.contains("LOS of a"), "{text}");
}
