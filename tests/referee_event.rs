//! Events from a tournament file (issue 19, part B): players with labels, all-play-all and
//! gauntlet schedules, standings with a joint Elo fit, status and stop from another shell,
//! transcripts, duplicate games, the report, and bad files refused before any engine starts.

mod referee_common;

use referee_common::*;
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn ttrules(args: &[&str]) -> Output {
    Command::new(TTRULES)
        .args(args)
        .output()
        .expect("run ttrules")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A tournament file in `dir` with these players (label, command) and event lines.
fn event_file(dir: &Path, players: &[(&str, &str)], event: &str) -> std::path::PathBuf {
    let mut s = String::new();
    for (label, command) in players {
        s.push_str(&format!(
            "[[player]]\nlabel = {label:?}\ncommand = {command:?}\n\n"
        ));
    }
    s.push_str("[event]\n");
    s.push_str(event);
    let path = dir.join("event.toml");
    std::fs::write(&path, s).unwrap();
    path
}

/// `ttrules gtp` with a seed: a random player.
fn random(seed: u32) -> String {
    format!("{TTRULES} gtp --seed {seed}")
}

/// r[ref.event.file], r[ref.event.schedule], r[ref.event.elo]: an all-play-all of three players,
/// two of them copies of one program told apart by their labels; every pair meets twice with the
/// colours swapped, the labels are the names in the records and the results, and the standings
/// hold every player with an Elo from one fit (mean 0).
#[test]
fn an_all_play_all_of_three_with_labels() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let file = event_file(
        dir.path(),
        &[
            ("rand-1", random(1).as_str()),
            ("rand-2", random(2).as_str()),
            ("copy-2", random(2).as_str()),
        ],
        "kind = \"all-play-all\"\ngames_per_pair = 2\nsize = 5\nmax_turns = 60\nout = \"out\"\n",
    );
    let o = ttrules(&["referee", "run", file.to_str().unwrap(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let summary: Value = serde_json::from_slice(&o.stdout).unwrap();
    let lines = games(&out);
    assert_eq!(lines.len(), 6);
    let mut met = std::collections::BTreeMap::new();
    for l in &lines {
        let (b, w) = (
            l["black"]["engine"].as_str().unwrap(),
            l["white"]["engine"].as_str().unwrap(),
        );
        assert_ne!(b, w);
        met.entry((b.min(w).to_string(), b.max(w).to_string()))
            .or_insert_with(Vec::new)
            .push(b.to_string());
        let sgf = std::fs::read_to_string(out.join(l["sgf"].as_str().unwrap())).unwrap();
        assert!(sgf.contains(&format!("PB[{b}]")), "{sgf}");
        assert!(sgf.contains(&format!("PW[{w}]")), "{sgf}");
        assert!(l["moves"].as_str().is_some(), "{l}");
    }
    assert_eq!(met.len(), 3);
    for blacks in met.values() {
        assert_eq!(blacks.len(), 2);
        assert_ne!(blacks[0], blacks[1], "colours not swapped: {met:?}");
    }
    // The schedule of r[ref.event.schedule]: game 1 is the first pair, rand-1 Black.
    assert_eq!(lines[0]["black"]["engine"], "rand-1");
    assert_eq!(lines[0]["white"]["engine"], "rand-2");
    let players = summary["standings"]["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    let elo_sum: f64 = players.iter().map(|p| p["elo"].as_f64().unwrap()).sum();
    assert!(elo_sum.abs() < 0.5, "{elo_sum}");
    let points: f64 = players.iter().map(|p| p["points"].as_f64().unwrap()).sum();
    let void = summary["endings"]["move-limit"].as_u64().unwrap_or(0)
        + summary["endings"]["void-cycle"].as_u64().unwrap_or(0);
    assert_eq!(points + void as f64, 6.0, "{summary}");
    assert_eq!(summary["engines"]["copy-2"]["command"], random(2));
    check_records(&out);
    // The text summary has the standings and the crosstable.
    let dir2 = tempfile::tempdir().unwrap();
    let o = ttrules(&[
        "referee",
        "--event",
        file.to_str().unwrap(),
        "--out",
        dir2.path().join("o").to_str().unwrap(),
    ]);
    let t = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{t}{}", text(&o.stderr));
    assert!(t.contains("crosstable"), "{t}");
    assert!(t.contains("r[ref.event.elo]"), "{t}");
    assert!(t.contains("copy-2"), "{t}");
}

/// r[ref.event.duplicate], r[ref.event.transcript]: engines that pass at once play the same game
/// every time: every game after the first is a duplicate; the transcripts hold the traffic of
/// both players and their stderr.
#[test]
fn a_gauntlet_with_duplicates_and_transcripts() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let passer = fake("--seed {seed} --script pass,pass");
    let file = event_file(
        dir.path(),
        &[
            ("p1", passer.as_str()),
            ("p2", passer.as_str()),
            ("p3", passer.as_str()),
        ],
        "kind = \"gauntlet\"\nchallenger = \"p2\"\ngames_per_pair = 2\nsize = 5\n\
         transcripts = true\n",
    );
    let o = ttrules(&[
        "referee",
        "run",
        file.to_str().unwrap(),
        "--json",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let summary: Value = serde_json::from_slice(&o.stdout).unwrap();
    let lines = games(&out);
    assert_eq!(lines.len(), 4);
    for l in &lines {
        assert!(
            l["black"]["engine"] == "p2" || l["white"]["engine"] == "p2",
            "{l}"
        );
    }
    assert_eq!(summary["duplicates"]["games"], 3, "{summary}");
    assert_eq!(
        summary["duplicates"]["groups"],
        serde_json::json!([[1, 2, 3, 4]])
    );
    let gtp = std::fs::read_to_string(out.join("game-0001.gtp.txt")).unwrap();
    assert!(gtp.contains("p2 > genmove"), "{gtp}");
    assert!(gtp.contains("< = pass"), "{gtp}");
    let stderr = std::fs::read_to_string(out.join("game-0001.stderr.txt")).unwrap();
    assert!(
        stderr.contains("== p1") && stderr.contains("== p2"),
        "{stderr}"
    );
}

/// r[ref.event.status], r[ref.event.stop]: a running event is seen from another shell, stopped
/// by the stop file after the games in progress, and `--resume` finishes it, no game lost or
/// played twice.
#[test]
fn status_and_stop_from_another_shell_then_resume() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let slow = fake("--seed 5 --delay 0.15");
    let file = event_file(
        dir.path(),
        &[
            ("slow-a", slow.as_str()),
            ("slow-b", slow.as_str()),
            ("slow-c", slow.as_str()),
        ],
        "kind = \"all-play-all\"\ngames_per_pair = 2\nsize = 5\nmax_turns = 12\n",
    );
    let out_s = out.to_str().unwrap();
    let child = Command::new(TTRULES)
        .args(["referee", "run", file.to_str().unwrap(), "--out", out_s])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        let o = ttrules(&["referee", "status", out_s, "--json"]);
        if o.status.success() {
            let v: Value = serde_json::from_slice(&o.stdout).unwrap();
            if v["running_now"] == true && !v["status"]["running"].as_array().unwrap().is_empty() {
                break v;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "never seen running"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(status["status"]["planned"], 6);
    let t = text(&ttrules(&["referee", "status", out_s]).stdout);
    assert!(
        t.contains("running: game ") && t.contains(" Black, "),
        "{t}"
    );
    let o = ttrules(&["referee", "stop", out_s]);
    assert!(
        text(&o.stdout).contains("no new game starts"),
        "{}",
        text(&o.stdout)
    );
    let o = child.wait_with_output().unwrap();
    let t = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{t}{}", text(&o.stderr));
    assert!(t.contains("stopped by `ttrules referee stop`"), "{t}");
    let done = games(&out).len();
    assert!((1..6).contains(&done), "{done} games before the stop");
    let st: Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("status.json")).unwrap()).unwrap();
    assert_eq!(st["state"], "stopped");
    let o = ttrules(&[
        "referee",
        "run",
        file.to_str().unwrap(),
        "--out",
        out_s,
        "--resume",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let lines = games(&out);
    assert_eq!(
        lines
            .iter()
            .map(|l| l["game"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [1, 2, 3, 4, 5, 6]
    );
    assert!(!out.join("STOP").exists());
    let t = text(&ttrules(&["referee", "status", out_s]).stdout);
    assert!(
        t.contains("finished") && t.contains("games done: 6 of 6"),
        "{t}"
    );
}

/// r[ref.event.report]: the report is one page with a row and a board per game, each board
/// linked to its record, and the Elo bars; nothing in it is fetched from elsewhere. (The browser
/// check, `docs/tools/browser/report.mjs`, runs in CI: `.ci/run`.)
#[test]
fn the_report_has_every_game_with_its_board() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let file = event_file(
        dir.path(),
        &[
            ("r1", random(1).as_str()),
            ("r2", random(2).as_str()),
            ("r3", random(3).as_str()),
        ],
        "kind = \"all-play-all\"\ngames_per_pair = 1\nsize = 5\nmax_turns = 100\n",
    );
    let out_s = out.to_str().unwrap();
    let o = ttrules(&["referee", "run", file.to_str().unwrap(), "--out", out_s]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = ttrules(&["referee", "report", out_s]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert_eq!(html.matches("<tr class=\"game\"").count(), 3);
    assert_eq!(
        html.matches("<a class=\"board\" href=\"game-000").count(),
        3
    );
    assert_eq!(html.matches("<line class=\"bar\"").count(), 3);
    assert!(html.contains("<table class=\"crosstable\">"));
    for (i, _) in html.match_indices("http") {
        assert!(
            html[i..].starts_with("http://www.w3.org/2000/svg"),
            "{}",
            &html[i..i + 60]
        );
    }
    assert!(!html.contains("<script"));
}

/// A bad file's case: its players (label, command), its event table, what the error says.
type Case<'a> = (&'a [(&'a str, &'a str)], String, &'a str);

/// r[ref.event.file]: a bad file is refused with its file, line and reason, and no engine is
/// started: each player's command would leave a mark.
#[test]
fn bad_files_are_refused_before_any_engine_starts() {
    let dir = tempfile::tempdir().unwrap();
    let mark = dir.path().join("started");
    let cmd = format!("sh -c 'touch {}; exec {TTRULES} gtp'", mark.display());
    let good = "kind = \"all-play-all\"\nsize = 9\n";
    let cases: [Case; 5] = [
        (
            &[("a", cmd.as_str()), ("b", cmd.as_str())],
            format!("{good}colour = \"black\"\n"),
            ":12: unknown field `colour`",
        ),
        (
            &[("a", cmd.as_str()), ("b", cmd.as_str())],
            "kind = \"gauntlet\"\nchallenger = \"c\"\n".into(),
            ":11: challenger: no player is labelled \"c\"",
        ),
        (
            &[("a", cmd.as_str()), ("a", cmd.as_str())],
            good.into(),
            ":6: label: the label \"a\" is given twice",
        ),
        (
            &[("a", cmd.as_str()), ("b", cmd.as_str())],
            format!("{good}time = \"1x\"\n"),
            ":12: time: ",
        ),
        (
            &[("a", cmd.as_str()), ("b", cmd.as_str())],
            format!("{good}handicap = \"10\"\n"),
            ":12: handicap: GTP's fixed handicap places at most 9 stones on 9x9",
        ),
    ];
    for (players, event, want) in cases {
        let file = event_file(dir.path(), players, &event);
        let o = ttrules(&[
            "referee",
            "run",
            file.to_str().unwrap(),
            "--out",
            dir.path().join("o").to_str().unwrap(),
        ]);
        let e = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{e}");
        let at = format!("ttrules referee: {}{want}", file.display());
        assert!(e.starts_with(&at), "{e}\nwanted: {at}");
        assert!(!mark.exists(), "an engine was started for: {event}");
    }
}
