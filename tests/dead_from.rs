//! Dead stones for records that do not mark them (r[rec.dead.source]): `--dead-from proven`
//! (r[rec.dead.proven]) and `--dead-from "ENGINE"` (r[rec.dead.engine]) in `replay`, bulk
//! `replay`, `replay --compare` and `finish`; every way an engine can fail is an error of its game,
//! never a panic and never a fallback; `finish` ends where `replay` ends
//! (r[rec.stop.after-end]).

mod engines;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The 5x3 position of `pass-alive-stone-in-territory-100`, ended by two passes: Black lives with
/// the eyes D1 and D3 and a region with one interior point, A3, where a White stone stands. `RE`
/// is the count with A3 dead.
const PROVEN: &str =
    "(;GM[1]FF[4]SZ[5:3]RE[B+15]AB[ca][ea][cb][db][eb][ac][bc][cc][ec]AW[aa]PL[B];B[];W[])";

/// A 7x7 game ended by two passes: a Black wall on D, a White wall on F, a White stone at A4 alone
/// in Black's side, which nothing proves dead (that side has many interior points). `RE` is the
/// count with A4 dead.
const UNPROVEN: &str = "(;GM[1]FF[4]SZ[7]RE[B+14]AB[da][db][dc][dd][de][df][dg]AW[fa][fb][fc][fd][fe][ff][fg][ad]PL[B];B[];W[])";

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let d =
            std::env::temp_dir().join(format!("ttrules-dead-from-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Dir(d)
    }

    fn file(&self, name: &str, sgf: &str) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, sgf).unwrap();
        p
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn ttrules(args: &[&str], file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .args(args)
        .arg(file)
        .output()
        .expect("run ttrules")
}

/// The fake engine of `tests/fixtures/dead_engine.py` answering as `mode` says.
fn fake(mode: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dead_engine.py");
    format!("python3 {} {mode}", script.display())
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "status {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect()
}

/// r[rec.dead.proven], r[rec.dead.source]: the stone in Black's pass-alive territory is dead, the
/// count then agrees with RE; without a source nothing is dead and the text says which flag helps.
#[test]
fn proven_removes_the_stones_in_pass_alive_territory() {
    let d = Dir::new("proven");
    let f = d.file("proven.sgf", PROVEN);
    let plain = json(&ttrules(&["replay", "--json"], &f));
    assert_eq!(plain["dead_from"], "none");
    assert_eq!(plain["re_agrees"], false);
    let proven = json(&ttrules(&["replay", "--json", "--dead-from", "proven"], &f));
    assert_eq!(proven["dead_from"], "proven");
    assert_eq!(strings(&proven["dead"]), ["A3"]);
    assert_eq!(proven["result"], "B+15");
    assert_eq!(proven["re_agrees"], true);
    assert!(proven.get("dead_engine").is_none());
    let text = String::from_utf8(ttrules(&["replay"], &f).stdout).unwrap();
    assert!(
        text.contains("RE[B+15] (score): does not agree\n"),
        "{text}"
    );
    assert!(
        text.contains("no TB/TW marks") && text.contains("--dead-from proven"),
        "{text}"
    );
    let text = String::from_utf8(ttrules(&["replay", "--dead-from", "proven"], &f).stdout).unwrap();
    assert!(text.contains("dead: A3\ndead stones from proven"), "{text}");
    assert!(!text.contains("no TB/TW marks"), "{text}");
    // Nothing proves the lone stone of the other game dead.
    let f = d.file("unproven.sgf", UNPROVEN);
    let doc = json(&ttrules(&["replay", "--json", "--dead-from", "proven"], &f));
    assert_eq!(
        (
            doc["dead_from"].as_str(),
            doc["dead"].as_array().map(Vec::len)
        ),
        (Some("proven"), Some(0))
    );
    assert_eq!(doc["re_agrees"], false);
}

/// r[rec.dead.source]: marks and `--dead` come before `--dead-from`, which only serves a game that
/// ended; `--dead` and `--dead-from` together are a usage error.
#[test]
fn marks_and_the_flag_come_first() {
    let d = Dir::new("order");
    let marked = PROVEN.replace(";W[])", ";W[]TB[aa])");
    let f = d.file("marked.sgf", &marked);
    let doc = json(&ttrules(
        &["replay", "--json", "--dead-from", &fake("list E3")],
        &f,
    ));
    assert_eq!(
        (doc["dead_from"].as_str(), strings(&doc["dead"])),
        (Some("marks"), vec!["A3"])
    );
    let f = d.file("plain.sgf", PROVEN);
    let out = ttrules(&["replay", "--dead", "A3", "--dead-from", "proven"], &f);
    assert_eq!(out.status.code(), Some(2));
    let doc = json(&ttrules(&["replay", "--json", "--dead", "A3"], &f));
    assert_eq!(doc["dead_from"], "flag");
    // A game that did not end is not judged: the engine is never asked (it would fail).
    let f = d.file("unended.sgf", &PROVEN.replace(";B[];W[])", ";B[])"));
    let doc = json(&ttrules(
        &["replay", "--json", "--dead-from", &fake("crash")],
        &f,
    ));
    assert_eq!(
        (doc["dead_from"].as_str(), doc["over"].as_bool()),
        (Some("none"), Some(false))
    );
}

/// r[rec.dead.engine]: the engine is given the game and its dead list is the engine's judgement,
/// named in the JSON; a seki list is reported and changes nothing.
#[test]
fn an_engine_dead_list_is_its_judgement() {
    let d = Dir::new("engine");
    let f = d.file("unproven.sgf", UNPROVEN);
    let engine = fake("list a4 A4");
    let doc = json(&ttrules(&["replay", "--json", "--dead-from", &engine], &f));
    assert_eq!(doc["dead_from"], "engine");
    assert_eq!(doc["dead_engine"], engine.as_str());
    assert_eq!(strings(&doc["dead"]), ["A4"]);
    assert_eq!(doc["re_agrees"], true, "{doc}");
    assert!(
        doc.get("seki").is_none(),
        "the engine fails `seki`: it does not say"
    );
    let doc = json(&ttrules(
        &["replay", "--json", "--dead-from", &fake("seki D1 F1")],
        &f,
    ));
    assert_eq!(strings(&doc["seki"]), ["D1", "F1"]);
    assert_eq!(doc["dead"], serde_json::json!([]));
    let text = String::from_utf8(ttrules(&["replay", "--dead-from", &engine], &f).stdout).unwrap();
    assert!(text.contains("its judgement, not the rules'"), "{text}");
    // --compare scores every ruleset with the engine's list and says where it came from.
    let doc = json(&ttrules(
        &["replay", "--compare", "--json", "--dead-from", &engine],
        &f,
    ));
    assert_eq!(
        (doc["dead_from"].as_str(), doc["dead_engine"].as_str()),
        (Some("engine"), Some(engine.as_str()))
    );
    assert_eq!(strings(&doc["dead"]), ["A4"]);
}

/// r[rec.dead.engine]: an engine that crashes, hangs, answers garbage, fails, refuses the game, or
/// names a point that is no vertex or holds no stone is an error of that game (status 2), said
/// with the engine and the cause; never a panic, never another source in its place.
#[test]
fn every_engine_failure_is_an_error_of_its_game() {
    let d = Dir::new("failures");
    let f = d.file("unproven.sgf", UNPROVEN);
    let cases = [
        ("crash", "the engine exited"),
        ("hang", "no response to `final_status_list dead` within 2 s"),
        ("garbage", "is not GTP"),
        (
            "fail",
            "answers `final_status_list dead` with \"? cannot score\"",
        ),
        ("refuse-play", "refuses `play b D1` (a stone of the setup)"),
        ("list Z9", "names `Z9`, which is no vertex of the 7x7 board"),
        ("list A4 alive", "names `alive`, which is no vertex"),
        (
            "list B4",
            "names B4, which holds no stone at the end of the game",
        ),
    ];
    for (mode, said) in cases {
        let timeout = if mode == "hang" { "2" } else { "30" };
        let out = ttrules(
            &[
                "replay",
                "--json",
                "--dead-from-timeout",
                timeout,
                "--dead-from",
                &fake(mode),
            ],
            &f,
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{mode}: {err}");
        assert!(
            err.contains(said) && err.contains("r[rec.dead.engine]"),
            "{mode}: {err}"
        );
        assert!(!err.contains("panicked"), "{mode}: {err}");
        assert!(
            out.stdout.is_empty(),
            "{mode}: no result in place of the engine's"
        );
    }
    let out = ttrules(&["replay", "--dead-from", "/nonexistent/engine --gtp"], &f);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code() == Some(2) && err.contains("cannot start the engine"),
        "{err}"
    );
    for bad in [
        &["--dead-from", ""][..],
        &["--dead-from", "'unbalanced"],
        &["--dead-from", "proven", "--dead-from-timeout", "0"],
    ] {
        let out = ttrules(&[&["replay"][..], bad].concat(), &f);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("--dead-from"),
            "{bad:?}"
        );
    }
}

/// Bulk mode: the game whose engine fails is refused with kind `dead-from`, the others are written.
#[test]
fn bulk_mode_writes_the_other_games() {
    let d = Dir::new("bulk");
    d.file("a-unproven.sgf", UNPROVEN);
    d.file("b-proven.sgf", PROVEN);
    let out = ttrules(
        &["replay", "--jsonl", "--dead-from", &fake("crash-on-7")],
        &d.0,
    );
    assert_eq!(out.status.code(), Some(2));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["outcome"], "refused");
    assert_eq!(lines[0]["error"]["kind"], "dead-from");
    assert!(lines[0]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("the engine exited"));
    assert_eq!(
        (lines[1]["outcome"].as_str(), lines[1]["dead_from"].as_str()),
        (Some("over"), Some("engine"))
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("refused: dead-from 1"), "{err}");
    assert!(err.contains("dead_from: engine 1"), "{err}");
}

/// `finish` ends where `replay` ends: a third pass after the end is left out, with a note
/// (r[rec.stop.after-end]); and it takes `--dead-from` (r[rec.dead.source]).
#[test]
fn finish_ends_where_replay_ends_and_takes_dead_from() {
    let d = Dir::new("finish");
    let f = d.file(
        "three-passes.sgf",
        "(;GM[1]FF[4]SZ[5]KM[0];B[cc];W[];B[];W[])",
    );
    let out = ttrules(&["finish", "--json"], &f);
    let err = String::from_utf8_lossy(&out.stderr);
    let doc = json(&out);
    assert_eq!(doc["turns"], 3);
    assert!(
        err.contains("node 4: the turns from move 4 on (1 in all) come after the end"),
        "{err}"
    );
    let out = ttrules(&["replay", "--json"], &f);
    assert_eq!(out.status.code(), Some(1), "replay stops there too");
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (r["stop"]["cause"].as_str(), r["stop"]["move"].as_u64()),
        (Some("after-end"), Some(4))
    );
    let f = d.file("proven.sgf", PROVEN);
    let doc = json(&ttrules(&["finish", "--json", "--dead-from", "proven"], &f));
    assert_eq!(
        (doc["dead_from"].as_str(), strings(&doc["dead"])),
        (Some("proven"), vec!["A3"])
    );
    let f = d.file("unproven.sgf", UNPROVEN);
    let doc = json(&ttrules(
        &["finish", "--json", "--dead-from", &fake("list A4")],
        &f,
    ));
    assert_eq!(
        (doc["dead_from"].as_str(), strings(&doc["dead"])),
        (Some("engine"), vec!["A4"])
    );
    let out = ttrules(&["finish", "--dead-from", &fake("garbage")], &f);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is not GTP"));
    let marked = d.file("marked.sgf", &PROVEN.replace(";W[])", ";W[]TB[aa])"));
    let doc = json(&ttrules(
        &["finish", "--json", "--dead-from", "marks"],
        &marked,
    ));
    assert_eq!(
        (doc["dead_from"].as_str(), strings(&doc["dead"])),
        (Some("record-marks"), vec!["A3"])
    );
}

/// r[rec.dead.engine] with a real engine: GNU Go calls the lone White stone dead, which no proof
/// does, and the count then agrees with RE.
#[test]
fn gnu_go_judges_the_stone_that_nothing_proves_dead() {
    if engines::missing(engines::GNUGO) {
        return;
    }
    let d = Dir::new("gnugo");
    let f = d.file("unproven.sgf", UNPROVEN);
    let engine = format!("{} --mode gtp --level 1", engines::GNUGO);
    let doc = json(&ttrules(&["replay", "--json", "--dead-from", &engine], &f));
    assert_eq!(strings(&doc["dead"]), ["A4"], "{doc}");
    assert_eq!(doc["re_agrees"], true);
    assert_eq!(doc["dead_engine"], engine.as_str());
}
