//! The viewer's pages from the command line (issue 35): `replay --html` (one page per game of a
//! file, one page with a game list in bulk mode, other rulesets' counts with `--html-rules`),
//! `finish --html`, `check-engine --html`; a page that cannot be written is an error that loses
//! nothing else.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ttrules"))
}

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("ttrules runs")
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

/// The data a page embeds (`script#data`).
fn data(path: &Path) -> Value {
    let page = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let open = "<script type=\"application/json\" id=\"data\">";
    let start = page.find(open).expect("the data element") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("the data is JSON")
}

/// A turn of a page's data (`ttrules_view::Turn`, `[HEAD, emptied, verdict, extra?]`) as an
/// object: `ok`, `p`, `m`, `c`, `v`, and `r`, `n`, `flag` from the extra.
fn turn(t: &Value) -> Value {
    let head = t[0].as_str().expect("a head");
    let ok = !head.starts_with('!');
    let rest = head.trim_start_matches('!');
    let mut out = serde_json::json!({
        "ok": ok, "p": &rest[..1], "m": &rest[1..], "c": t[1], "v": t[2],
    });
    if let Some(extra) = t.get(3).and_then(Value::as_object) {
        for (k, v) in extra {
            out[k] = v.clone();
        }
    }
    out
}

fn arg(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn replay_html_writes_the_superko_game_with_its_refusal() {
    let dir = temp();
    let page = dir.path().join("superko.html");
    let out = run(&[
        "replay",
        &repo("examples/superko-2x2.sgf"),
        "--html",
        &arg(&page),
    ]);
    // The replay's report and status are unchanged: status 1 for the illegal move.
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("move 9 (B B1, node 9) is illegal"));
    let d = data(&page);
    let game = &d["games"][0];
    let turns = game["turns"].as_array().expect("turns");
    assert_eq!(turns.len(), 9);
    let last = turn(&turns[8]);
    assert_eq!(last["m"], "ba", "B1");
    assert_eq!(last["ok"], false);
    assert_eq!(last["r"], 3);
    let v = &game["verdicts"][last["v"].as_u64().expect("an index") as usize];
    assert_eq!(v["clause"], "tt.turn.repetition");
    assert!(v["url"]
        .as_str()
        .expect("a url")
        .ends_with("/spec/part-1.html#tt.turn.repetition"));
}

#[test]
fn replay_html_one_page_per_game_of_a_file() {
    let dir = temp();
    let page = dir.path().join("trees.html");
    let out = run(&[
        "replay",
        &repo("tests/records/several-trees.sgf"),
        "--html",
        &arg(&page),
    ]);
    // Game 3 is not Go (GM[3]): refused, status 2, no page; games 1 and 2 have theirs.
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let pages: Vec<PathBuf> = (1..=2)
        .map(|n| dir.path().join(format!("trees-{n}.html")))
        .collect();
    assert!(!dir.path().join("trees-3.html").exists());
    assert!(!page.exists(), "several games: numbered pages only");
    for (n, p) in pages.iter().enumerate() {
        let d = data(p);
        assert_eq!(d["games"].as_array().expect("games").len(), 1);
        assert!(d["games"][0]["title"]
            .as_str()
            .expect("a title")
            .contains(&format!("game {}", n + 1)));
    }
}

#[test]
fn replay_html_in_bulk_is_one_page_with_every_game() {
    let dir = temp();
    let page = dir.path().join("all.html");
    let out = run(&[
        "replay",
        "--jsonl",
        &repo("examples"),
        "--html",
        &arg(&page),
    ]);
    assert!(out.status.code().is_some_and(|c| c < 2), "{out:?}");
    let games = String::from_utf8_lossy(&out.stdout).lines().count();
    assert!(games >= 5, "{games} games");
    let d = data(&page);
    assert_eq!(d["games"].as_array().expect("games").len(), games);
    assert!(d["subtitle"]
        .as_str()
        .expect("a subtitle")
        .contains(&format!("{games} games")));
}

#[test]
fn replay_html_rules_counts_under_every_ruleset() {
    let dir = temp();
    let page = dir.path().join("9x9.html");
    let out = run(&[
        "replay",
        &repo("examples/9x9-game.sgf"),
        "--html",
        &arg(&page),
        "--html-rules",
        "all",
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let d = data(&page);
    let end = d["games"][0]["end"].as_array().expect("panels");
    // The game's own count, then one board per tax among the named rulesets.
    assert!(end.len() >= 3, "{} panels", end.len());
    let rows: usize = end[1..]
        .iter()
        .map(|p| p["table"].as_array().expect("a table").len() - 1)
        .sum();
    assert_eq!(rows, ttrules_spec_named_rulesets());
    let out = run(&[
        "replay",
        &repo("examples/9x9-game.sgf"),
        "--html",
        &arg(&page),
        "--html-rules",
        "no-such-rules",
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--html-rules"));
}

/// How many named rulesets `replay --compare` lists (one row each).
fn ttrules_spec_named_rulesets() -> usize {
    let out = run(&[
        "replay",
        "--compare",
        "--json",
        &repo("examples/9x9-game.sgf"),
    ]);
    let v: Value = serde_json::from_slice(&out.stdout).expect("the comparison's JSON");
    v["rows"].as_array().expect("rows").len()
}

#[test]
fn an_unwritable_page_is_an_error_that_keeps_the_report() {
    let dir = temp();
    let page = dir.path().join("no-such-folder").join("x.html");
    let out = run(&[
        "replay",
        &repo("examples/9x9-game.sgf"),
        "--html",
        &arg(&page),
    ]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("--html"));
    assert!(String::from_utf8_lossy(&out.stdout).contains("score:"));
}

#[test]
fn finish_html_marks_the_living_stones_and_the_tax() {
    let dir = temp();
    let page = dir.path().join("finish.html");
    let out = run(&[
        "finish",
        &repo("examples/jihuozi-7x7.sgf"),
        "--html",
        &arg(&page),
    ]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("result: B+3"), "{text}");
    let d = data(&page);
    let game = &d["games"][0];
    assert!(!game["turns"].as_array().expect("turns").is_empty());
    let end = game["end"].as_array().expect("panels");
    assert_eq!(end.len(), 2, "the pause, then the count");
    let marks = end[1]["marks"].as_str().expect("marks");
    assert_eq!(marks.len(), 49);
    // Living stones and reserved points (the tax) are marked; the table has both players' counts.
    assert!(marks.contains('a') && marks.contains('t'), "{marks}");
    let table = end[1]["table"].as_array().expect("a table");
    assert_eq!(table[1][4], "23", "Black's count: {table:?}");
    assert_eq!(table[2][4], "20", "White's count: {table:?}");
    assert!(end[1]["notes"].to_string().contains("result: B+3"));
}

#[test]
fn check_engine_html_opens_each_difference_at_its_turn() {
    let dir = temp();
    let page = dir.path().join("differences.html");
    let fake = repo("tests/fixtures/fake_engine.py");
    let engine = format!(
        "python3 {fake} {} wrong-board",
        env!("CARGO_BIN_EXE_ttrules")
    );
    let out = run(&[
        "check-engine",
        "--json",
        "--engine",
        &engine,
        "--games",
        "3",
        "--sizes",
        "5",
        "--timeout",
        "2",
        "--html",
        &arg(&page),
    ]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let report: Value = serde_json::from_slice(&out.stdout).expect("the report");
    let differences = report["differences"].as_array().expect("differences");
    assert!(!differences.is_empty());
    let d = data(&page);
    let games = d["games"].as_array().expect("games");
    assert_eq!(games.len(), differences.len());
    let mut at_a_turn = 0;
    for g in games {
        // Each opens at its last turn (a setup's difference: at the start), the difference said
        // beside the board and on that turn.
        let turns = g["turns"].as_array().expect("turns");
        assert_eq!(g["open_at"], turns.len(), "{}", g["title"]);
        assert!(g["info"].to_string().contains("differs"), "{}", g["info"]);
        if let Some(last) = turns.last().map(turn) {
            assert_eq!(last["flag"], true);
            assert!(
                last["n"][0].as_str().expect("a note").contains("differs"),
                "{last}"
            );
            at_a_turn += 1;
        }
    }
    assert!(at_a_turn > 0, "no difference after a turn");
}
