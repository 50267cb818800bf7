//! `ttrules perft` and `ttrules count-games --longest` (`spec/perft.md`): the published values
//! through the command line, the JSON object, the divide, and clear errors for bad arguments.

use std::process::Command;

fn ttrules(args: &[&str]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .args(args)
        .output()
        .expect("run ttrules");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(args: &[&str]) -> serde_json::Value {
    let (code, out, err) = ttrules(args);
    assert_eq!(code, Some(0), "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: {e}: {out}"))
}

/// r[tt.turn.pass]: 19x19 with passes to depth 2 and 9x9 moves only at depth 3, both engines,
/// as JSON with every column.
#[test]
fn perft_json_gives_the_published_values_with_both_engines() {
    for engine in ["fast", "reference"] {
        let v = json(&["perft", "19", "2", "--json", "--engine", engine]);
        assert_eq!(v["nodes"], 130_683, "{v}");
        assert_eq!(v["ended"], 1, "{v}");
        assert_eq!(v["engine"], engine);
        let v = json(&[
            "perft",
            "9x9",
            "3",
            "--no-pass",
            "--json",
            "--engine",
            engine,
        ]);
        assert_eq!(v["nodes"], 511_920, "{v}");
        assert_eq!(v["passes"], false);
        for key in [
            "captures",
            "suicides",
            "repetitions",
            "seconds",
            "nodes_per_second",
        ] {
            assert!(v.get(key).is_some(), "{key} missing: {v}");
        }
        assert!(v.get("divide").is_none(), "no divide unless asked: {v}");
    }
}

/// r[tt.note.single-suicide]: the 5x5 count at depth 4 with passes, under Tromp-Taylor and
/// under situational superko, where a single-stone suicide is a legal move.
#[test]
fn perft_rules_change_the_counts() {
    let tt = json(&["perft", "5", "4", "--json"]);
    assert_eq!(tt["nodes"], 361_041);
    assert_eq!(tt["repetitions"], 192);
    assert_eq!(tt["rules"], "tromp-taylor");
    let s = json(&[
        "perft",
        "5",
        "4",
        "--json",
        "--rules",
        "repetition=situational",
    ]);
    assert_eq!(s["nodes"], 361_233);
    assert_eq!(s["suicides"], 192);
    let f = json(&["perft", "5", "4", "--json", "--rules", "chinese-superko"]);
    assert_eq!(f["nodes"], 361_041);
    assert_eq!(f["repetitions"], 0, "refused as suicides, not repetitions");
}

/// `--divide`: one line per first turn (points in index order, then the pass), adding up to the
/// total; the text and the JSON agree.
#[test]
fn perft_divide_adds_up() {
    let v = json(&["perft", "3x3", "5", "--divide", "--json", "--threads", "1"]);
    let lines = v["divide"].as_array().unwrap();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[0]["turn"], "A1");
    assert_eq!(lines[9]["turn"], "pass");
    for key in ["nodes", "captures", "suicides", "repetitions", "ended"] {
        let sum: u64 = lines.iter().map(|l| l[key].as_u64().unwrap()).sum();
        assert_eq!(Some(sum), v[key].as_u64(), "{key}");
    }
    let (code, out, _) = ttrules(&["perft", "3x3", "5", "--divide", "--no-bulk"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("\npass "), "{out}");
    let total = out.lines().find(|l| l.starts_with("total")).unwrap();
    assert_eq!(
        total.split_whitespace().nth(1),
        Some(v["nodes"].to_string().as_str())
    );
}

#[test]
fn perft_refuses_bad_arguments_clearly() {
    for (args, says) in [
        (&["perft", "9", "3", "--rules", "klingon"][..], "--rules"),
        (&["perft", "0x3", "2"][..], "0x3"),
        (&["perft", "26", "2"][..], "26"),
        (&["perft", "9", "-1"][..], "-1"),
        (&["perft", "9", "three"][..], "three"),
        (&["perft", "9", "2", "--threads", "0"][..], "--threads"),
    ] {
        let (code, _, err) = ttrules(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Tromp (1999): the longest 1x3 game has 14 moves; `--longest` prints one, every turn legal.
#[test]
fn count_games_longest() {
    let (code, out, err) = ttrules(&["count-games", "1x3", "--longest"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("907 "), "{out}");
    assert!(out.contains("longest game: 14 moves"), "{out}");
    assert!(out.contains("one game with 14 moves"), "{out}");
    let (code, _, err) = ttrules(&["count-games", "3x3", "--longest"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("57 legal colourings"), "{err}");
    // Without --walk a board beyond the move graph is refused at once, not walked for ever.
    let (code, out, err) = ttrules(&["count-games", "3x3"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty() && err.contains("--walk"), "{err}");
}
