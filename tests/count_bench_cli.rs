//! `ttrules count-games`, `count-legal`, `bench`, and `replay --engine`: the published counts, the
//! errors, and the two engines giving the same replay.

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

#[test]
fn count_games_gives_the_published_numbers_with_both_engines() {
    for engine in ["fast", "reference"] {
        for (size, n) in [("1x1", "1 "), ("1x2", "9 "), ("3x1", "907 ")] {
            let (code, out, _) = ttrules(&["count-games", size, "--engine", engine]);
            assert_eq!(code, Some(0), "{size} {engine}");
            assert!(out.starts_with(n), "{size} {engine}: {out}");
        }
    }
}

#[test]
fn count_legal_gives_the_published_numbers() {
    for (size, n) in [
        ("1x5", "113 "),
        ("2x2", "57 "),
        ("2x3", "489 "),
        ("3x3", "12,675 "),
    ] {
        for method in ["dp", "brute"] {
            let (code, out, _) = ttrules(&["count-legal", size, "--method", method]);
            assert_eq!(code, Some(0), "{size} {method}");
            assert!(out.starts_with(n), "{size} {method}: {out}");
        }
    }
    // The default is the dynamic programming, far past brute force.
    let (code, out, _) = ttrules(&["count-legal", "7x7"]);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("83,677,847,847,984,287,628,595 legal positions on 7x7 (border-state DP"),
        "{out}"
    );
    let (code, out, _) = ttrules(&["count-legal", "6x7", "--json"]);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(v["legal"], "41945191530093646965");
    assert_eq!(
        (v["method"].as_str(), v["border"].as_u64()),
        (Some("dp"), Some(6))
    );
    assert_eq!(v["digits"], 20);
    let (code, _, err) = ttrules(&["count-legal", "9x9", "--method", "brute"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("too large"), "{err}");
    let (code, _, err) = ttrules(&["count-legal", "19x19"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("the border would be 19 points"), "{err}");
    let (code, _, _) = ttrules(&["count-legal", "0x3"]);
    assert_eq!(code, Some(2), "a bad size is a usage error");
    let (code, _, _) = ttrules(&["count-legal", "3x3", "--method", "magic"]);
    assert_eq!(code, Some(2), "an unknown method is a usage error");
}

#[test]
fn bench_measures_both_engines_in_one_run() {
    let (code, out, err) = ttrules(&["bench", "--secs", "0.05", "--sizes", "5"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("ttrules-fast"), "{out}");
    assert!(out.contains("ratio reference/fast"), "{out}");
    assert!(out.contains("legal moves fast"), "{out}");
    let (code, _, _) = ttrules(&["bench", "--secs", "-1"]);
    assert_eq!(code, Some(2));
}

#[test]
fn replay_is_the_same_with_either_engine() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let file = path.to_str().unwrap();
        let (code_f, fast, _) = ttrules(&["replay", "--json", "--engine", "fast", file]);
        let (code_r, reference, _) = ttrules(&["replay", "--json", "--engine", "reference", file]);
        assert_eq!(code_f, code_r, "{file}");
        assert_eq!(
            fast.replace("\"engine\": \"fast\"", "\"engine\": \"reference\""),
            reference,
            "{file}"
        );
    }
}
