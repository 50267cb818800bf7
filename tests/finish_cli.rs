//! `ttrules finish` end to end: the source's 7x7 example reproduced exactly (figures 1 to 4, the
//! counts, the winner), the text and SVG output as reviewed snapshots, `replay --svg`, disputes
//! (exit 1) and bad input (exit 2, with the point and the clause, never a panic).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const EXAMPLE: &str = "examples/jihuozi-7x7.sgf";
/// The marks of the source's figure 3.
const SOURCE_EYES: &str = "B:A7,C7,W:G7,F6,A1,C2";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run ttrules")
}

fn finish(extra: &[&str]) -> Output {
    let mut args = vec!["finish", EXAMPLE];
    args.extend_from_slice(extra);
    run(&args)
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap_or_else(|| panic!("not an array: {v}"))
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The source's four figures as the document prints them (copied from
/// `counting-living-stones-jihuozi.zh.txt`, the commentary beside the rows left out).
const SOURCE_FIGURES: [[&str; 8]; 4] = [
    [
        "7┌●┬●●○┐",
        "6├●●●○┼○",
        "5├┼●○○○○",
        "4●●●●○●○",
        "3○○○●●●●",
        "2○┼●○○●●",
        "1└○○○○○●",
        "_ａｂｃｄｅｆｇ",
    ],
    [
        "7┌●┬●●○┐",
        "6├●●●○┼○",
        "5├┼●○○○○",
        "4●●●●○●○",
        "3○○○●●●●",
        "2○┼┼○○●●",
        "1└○○○○○●",
        "_ａｂｃｄｅｆｇ",
    ],
    [
        "7﹟●﹟●●○﹟",
        "6├●●●○﹟○",
        "5├┼●○○○○",
        "4●●●●○●○",
        "3○○○●●●●",
        "2○┼﹟○○●●",
        "1﹟○○○○○●",
        "_ａｂｃｄｅｆｇ",
    ],
    [
        "７┌●┬●●○┐",
        "６●●●●○┼○",
        "５●●●○○○○",
        "４●●●●○●○",
        "３○○○●●●●",
        "２○○┼○○●●",
        "１└○○○○○●",
        "﹢ａｂｃｄｅｆｇ",
    ],
];

/// The source writes the labels of figures 1 to 3 in ASCII (`7`, `_`) and those of figure 4 in
/// full width (`７`, `﹢`); ttrules writes figure 4's forms for all four (r[finish.diagram]).
fn full_width_labels(line: &str) -> String {
    line.chars()
        .map(|c| match c {
            '0'..='9' => char::from_u32(u32::from(c) - 0x30 + 0xFF10).unwrap(),
            '_' => '﹢',
            c => c,
        })
        .collect()
}

/// The source's 7x7 example, exactly: figures 1 to 4 cell for cell (r[finish.diagram]), figure 4's
/// labels as printed, and the labels of figures 1 to 3 up to the source's own switch of forms.
#[test]
fn the_source_figures_exactly() {
    let out = finish(&["--dead", "C2", "--eyes", SOURCE_EYES, "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = json(&out);
    for (i, source) in SOURCE_FIGURES.iter().enumerate() {
        let ours = strings(&doc["figures"][(i + 1).to_string()]);
        let want: Vec<String> = source.iter().map(|l| full_width_labels(l)).collect();
        assert_eq!(ours, want, "figure {}", i + 1);
    }
    // Figure 4 needs no normalising at all.
    let fig4 = strings(&doc["figures"]["4"]);
    assert_eq!(fig4, SOURCE_FIGURES[3].map(str::to_string).to_vec());
}

/// The embedded figures are the document's own lines (when the seeds are there to compare).
#[test]
fn the_embedded_figures_are_the_source_s() {
    let seed = root().join("../shared/seeds/counting-living-stones-jihuozi.zh.txt");
    let Ok(text) = std::fs::read_to_string(&seed) else {
        eprintln!("note: {} not found; skipped", seed.display());
        return;
    };
    // The first word of each line (the commentary beside a row follows a space), blank lines out.
    let kept: Vec<&str> = text
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .filter(|l| !l.is_empty())
        .collect();
    for fig in SOURCE_FIGURES {
        assert!(
            kept.windows(8).any(|w| w == fig),
            "the figure starting {} is not in the document",
            fig[0]
        );
    }
}

/// r[finish.count.stones], r[finish.count.roads], r[finish.count.agree], r[finish.winner]: Black 19
/// board stones + 3 road stones = 22, White 20 + 1 = 21, Black wins by one.
#[test]
fn the_source_count_and_winner() {
    let doc = json(&finish(&["--dead", "C2", "--eyes", SOURCE_EYES, "--json"]));
    let count = |who: &str, what: &str| doc["count"][who][what].as_u64().unwrap();
    assert_eq!(
        [
            count("black", "board"),
            count("black", "roads"),
            count("black", "total")
        ],
        [19, 3, 22]
    );
    assert_eq!(
        [
            count("white", "board"),
            count("white", "roads"),
            count("white", "total")
        ],
        [20, 1, 21]
    );
    assert_eq!(count("black", "ideal"), 22);
    assert_eq!(count("white", "ideal"), 21);
    assert_eq!(doc["result"], "B+1");
    assert_eq!(doc["winner"], "B");
    assert_eq!(doc["ideal_legal"], true);
    assert_eq!(strings(&doc["roads"]["black"]), ["A5", "B5", "A6"]);
    assert_eq!(strings(&doc["roads"]["white"]), ["B2"]);
    assert!(doc["disputes"].as_array().unwrap().is_empty());
    assert_eq!(doc["resolution"], Value::Null);
}

fn snapshot(name: &str, text: &str) {
    insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(name, text);
    });
}

/// r[finish.diagram]: the text output of the example, and of the same finish with automatic
/// reserved points and dead stones derived from the marks.
#[test]
fn text_snapshots() {
    let out = finish(&["--dead", "C2", "--eyes", SOURCE_EYES]);
    assert_eq!(out.status.code(), Some(0));
    snapshot(
        "finish.diagram__jihuozi-7x7",
        &String::from_utf8_lossy(&out.stdout),
    );
    let auto = finish(&["--dead", "C2", "--auto-eyes"]);
    assert_eq!(auto.status.code(), Some(0));
    snapshot(
        "finish.eyes.auto__jihuozi-7x7",
        &String::from_utf8_lossy(&auto.stdout),
    );
    let derived = finish(&["--auto-dead", "--eyes", SOURCE_EYES]);
    assert_eq!(derived.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&derived.stdout).replace("(derived from the marks)", "(agreed)"),
        String::from_utf8_lossy(&out.stdout),
        "deriving C2 from the marks finishes the same way"
    );
}

/// A disputed finish: exit 1, the disputes with their points and clauses, the resolution and where
/// play resumes (r[finish.dispute], r[finish.resume.ideal], r[finish.eyes.enough]).
#[test]
fn a_disputed_finish_exits_1_and_says_where_play_resumes() {
    let out = finish(&["--dead", "C2", "--eyes", "B:A7,C7,W:G7,F6"]);
    assert_eq!(out.status.code(), Some(1));
    snapshot(
        "finish.dispute__too-few-eyes",
        &String::from_utf8_lossy(&out.stdout),
    );
    let doc = json(&finish(&[
        "--dead",
        "C2",
        "--eyes",
        "B:A7,C7,W:G7,F6",
        "--json",
    ]));
    assert_eq!(doc["result"], Value::Null);
    assert_eq!(doc["winner"], Value::Null);
    let d = &doc["disputes"][0];
    assert_eq!(d["kind"], "too-few-eyes");
    assert_eq!(d["clause"], "finish.eyes.enough");
    assert_eq!(d["color"], "W");
    assert_eq!(strings(&d["points"]), ["A1", "B2", "C2"]);
    assert_eq!(doc["ideal_legal"], false);
    assert_eq!(doc["resolution"]["kind"], "resume-from-ideal");
    assert_eq!(doc["resolution"]["to_move"], "B");
    assert_eq!(strings(&doc["resolution"]["grid"])[6], "......X");
    // r[finish.dispute.dead], r[finish.resume.pause]: a dead stone the marks keep alive.
    let doc = json(&finish(&[
        "--dead",
        "C2,B7",
        "--eyes",
        SOURCE_EYES,
        "--json",
    ]));
    assert_eq!(doc["disputes"][0]["kind"], "dead-stone-alive");
    assert_eq!(strings(&doc["disputes"][0]["points"]), ["B7"]);
    assert_eq!(doc["resolution"]["kind"], "resume-from-pause");
    assert_eq!(doc["resolution"]["grid"], doc["pause"]);
}

/// Bad input: exit 2, a message naming the point and the clause, never a panic
/// (r[finish.marks], r[finish.marks.empty], r[var.count.dead], r[finish.dead.marks],
/// r[finish.eyes.auto], r[finish.pause]).
#[test]
fn bad_input_is_an_error_with_the_point_and_the_clause() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["--dead", "C2", "--eyes", "B:A7,B7"],
            "Black eye mark B7: the point holds a black stone that is not agreed dead; marks stand on empty points (r[finish.marks.empty])",
        ),
        (
            &["--eyes", "B:A7,W:H8"],
            "White eye mark H8: the point is off the 7x7 board (r[finish.marks])",
        ),
        (
            &["--dead", "C2,A7"],
            "dead stone A7: the point holds no stone (r[var.count.dead])",
        ),
        (&["--dead", "C2,Z30"], "--dead: cannot read \"Z30\""),
        (&["--auto-dead"], "(r[finish.dead.marks])"),
        (&["--auto-dead", "--auto-eyes"], "(r[finish.eyes.auto])"),
        (
            &["--auto-dead", "--eyes", "B:A7,C7,W:G7,F6,A1,C2,B7"],
            "White eye mark B7: the point holds a black stone that the marks keep alive",
        ),
        (
            &["--auto-dead", "--eyes", "B:D7"],
            "Black eye mark D7: the point holds a black stone; marks stand on empty points (r[finish.marks.empty])",
        ),
        (&["--eyes", "A1"], "--eyes: \"A1\" comes before any B:, W: or S:"),
        (&["--eyes", "B:A7", "--auto-eyes"], "cannot be used with"),
        (&["--komi", "x"], "--komi"),
    ];
    for (args, want) in cases {
        let out = finish(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}: printed something");
    }
}

fn temp_sgf(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.display().to_string()
}

/// r[finish.pause]: a record that has not ended, one with an illegal move, one that is not SGF
/// (r[rec.syntax]), one that stops being a game (r[rec.stop]), and an SVG that cannot be written.
#[test]
fn records_that_cannot_be_finished() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "open.sgf",
            "(;SZ[5];B[cc];W[])",
            "there is no pause to finish from (two consecutive passes end it) (r[finish.pause])",
        ),
        (
            "illegal.sgf",
            "(;SZ[5];B[cc];W[cc];B[];W[])",
            "node 2: turn 2 (W C3) is illegal: occupied (r[tt.move.empty])",
        ),
        (
            "junk.sgf",
            "hello",
            "line 1, column 1: the file holds no game tree",
        ),
        (
            "stops.sgf",
            "(;SZ[5];B[cc];W[dd];AB[ee];B[];W[])",
            "node 3: the record stops being a game before move 3",
        ),
        ("one-point.sgf", "(;SZ[1];B[];W[])", ""),
    ];
    for (name, text, want) in cases {
        let path = temp_sgf(dir.path(), name, text);
        let out = run(&["finish", &path]);
        let err = String::from_utf8_lossy(&out.stderr);
        if name == "one-point.sgf" {
            // 1x1, two passes: a tie at 0 to 0, not an error.
            assert_eq!(out.status.code(), Some(0), "{err}");
            assert!(String::from_utf8_lossy(&out.stdout).contains("result: 0"));
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
    }
    let out = finish(&[
        "--svg",
        &dir.path().join("no/such/dir.svg").display().to_string(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--svg"));
}

/// The SVG of `finish --svg` (dead stones crossed, eye points, road points as territory) and of
/// `replay --svg` (territory under the ruleset's tax), from the one renderer.
#[test]
fn svg_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("finish.svg");
    let out = finish(&[
        "--dead",
        "C2",
        "--eyes",
        SOURCE_EYES,
        "--svg",
        f.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.starts_with("<svg ") && text.ends_with("</svg>\n"));
    snapshot("finish.diagram__jihuozi-7x7-svg", &text);
    let r = dir.path().join("replay.svg");
    let out = run(&[
        "replay",
        EXAMPLE,
        "--rules",
        "jihuozi",
        "--dead",
        "C2",
        "--svg",
        r.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    snapshot(
        "replay__jihuozi-7x7-svg",
        &std::fs::read_to_string(&r).unwrap(),
    );
}

/// r[finish.note.tax] and r[finish.note.tax.blocks] on real records: the first eight games of GNU
/// Go's regression set (in file name order) that end with two passes are finished with automatic
/// reserved points, and each count is the area score less two per independent-life region of the
/// final position (what the finish reads), and the `replay --rules jihuozi` score of both engines
/// (which taxes blocks, r[var.tax.all.blocks]) wherever every dame region there is a seki region
/// (counted: at least one record must agree that way). Records that cannot be finished are refused
/// with exit 2, never a panic. Skipped when `../shared/records` is absent
/// (failed under CI).
#[test]
fn real_records_count_what_tax_all_scores() {
    let dir = root().join("../shared/records/gnugo/games");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "{} not found, and CI must read it",
            dir.display()
        );
        eprintln!("note: {} not found; skipped", dir.display());
        return;
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    files.sort();
    let (mut finished, mut refused, mut agree_with_blocks) = (0, 0, 0);
    for f in &files {
        let path = f.to_str().unwrap();
        let out = run(&["finish", path, "--rules", "jihuozi", "--json"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{path}: {err}");
        match out.status.code() {
            Some(2) => {
                refused += 1;
                continue;
            }
            Some(0) => {}
            other => panic!("{path}: exit {other:?}: {err}"),
        }
        let doc = json(&out);
        let count = [
            &doc["count"]["black"]["total"],
            &doc["count"]["white"]["total"],
        ];
        let (rules, komi) = ttrules::record::rules::rules_by_any_name("jihuozi").unwrap();
        let opts = ttrules::record::replay::Options {
            overrides: ttrules::record::Overrides {
                rules: Some((rules, komi)),
                ..Default::default()
            },
            ..Default::default()
        };
        let replayed =
            ttrules::record::replay::replay_file(&std::fs::read(f).unwrap(), path, None, &opts);
        let grid = &replayed[0].as_ref().expect("finish read it").replay.grid;
        let dead: Vec<ttrules::spec::Point> = doc["dead"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| ttrules::spec::Point::parse_gtp_on(p.as_str().unwrap(), grid.size()).unwrap())
            .collect();
        let expected = ttrules::reference::score::independent_life_area_score(grid, &dead).unwrap();
        assert_eq!(
            [count[0].as_i64().unwrap(), count[1].as_i64().unwrap()],
            expected,
            "{path}: the finish's count"
        );
        for engine in ["fast", "reference"] {
            let r = json(&run(&[
                "replay", path, "--rules", "jihuozi", "--engine", engine, "--json",
            ]));
            if [&r["score"]["black"], &r["score"]["white"]] == count {
                agree_with_blocks += 1;
            }
        }
        finished += 1;
        if finished == 8 {
            break;
        }
    }
    assert_eq!(
        finished, 8,
        "only {finished} records finished ({refused} refused)"
    );
    assert!(
        agree_with_blocks > 0,
        "no record where the block tax agrees"
    );
}

/// `finish` reads every game `replay` reads (r[rec.trees]): `--game N` picks game N of a file
/// holding several, as `replay --game N` does, and finishes it where `replay` ends it; a game the
/// file does not hold is an error that says how many it holds.
#[test]
fn finish_picks_a_game_of_several_as_replay_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = temp_sgf(
        dir.path(),
        "two-games.sgf",
        "(;SZ[5]KM[0];B[cc];W[];B[];W[])(;SZ[5]KM[0];B[cc];W[dd];B[];W[])",
    );
    let first = json(&run(&["finish", "--json", &path]));
    let second = json(&run(&["finish", "--json", "--game", "2", &path]));
    assert_eq!(first["turns"], 3, "{first}");
    assert_eq!(second["turns"], 4, "{second}");
    let replayed: Value =
        serde_json::from_slice(&run(&["replay", "--json", "--game", "2", &path]).stdout).unwrap();
    assert_eq!(replayed["outcome"], "over", "{replayed}");
    for n in ["3", "0"] {
        let out = run(&["finish", "--game", n, &path]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("the file holds 2 games"), "{err}");
    }
}
