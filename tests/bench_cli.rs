//! `ttrules bench --playouts N --seed S --json`: the fixed-work mode that instruction counters
//! divide by, and its errors.

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

fn rows(out: &str) -> Vec<serde_json::Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn fixed_work_plays_exactly_the_playouts_asked_and_repeats_itself() {
    let args = [
        "bench",
        "--sizes",
        "9",
        "--mode",
        "rejection",
        "--playouts",
        "30",
        "--seed",
        "5",
        "--json",
    ];
    let (code, out, err) = ttrules(&args);
    assert_eq!(code, Some(0), "{err}");
    let first = rows(&out);
    assert_eq!(first.len(), 1, "one row: {out}");
    let r = &first[0];
    assert_eq!(
        (r["engine"].as_str(), r["size"].as_str(), r["mode"].as_str()),
        (Some("ttrules-fast"), Some("9x9"), Some("rejection"))
    );
    assert_eq!(
        (r["playouts"].as_u64(), r["seed"].as_u64()),
        (Some(30), Some(5))
    );
    let (turns, moves) = (r["turns"].as_u64().unwrap(), r["moves"].as_u64().unwrap());
    // A playout ends after two passes in a row or at 3*81 turns: at least 2 turns each.
    assert!((60..=30 * 243).contains(&turns), "{turns}");
    assert!(moves < turns, "every playout ends with a pass");
    let per = r["turns_per_playout"].as_f64().unwrap();
    assert!((per - turns as f64 / 30.0).abs() < 1e-9, "{per}");
    // The same seed is the same games; another seed is other games.
    let (_, again, _) = ttrules(&args);
    let again = rows(&again);
    assert_eq!(
        (again[0]["turns"].as_u64(), again[0]["moves"].as_u64()),
        (Some(turns), Some(moves))
    );
    let mut other = args;
    other[8] = "6";
    let (_, other, _) = ttrules(&other);
    assert_ne!(rows(&other)[0]["turns"].as_u64(), Some(turns));
}

#[test]
fn fixed_work_rows_follow_sizes_and_modes() {
    let (code, out, err) = ttrules(&["bench", "--sizes", "5,7", "--playouts", "3", "--json"]);
    assert_eq!(code, Some(0), "{err}");
    let got: Vec<(String, String)> = rows(&out)
        .iter()
        .map(|r| (r["size"].to_string(), r["mode"].to_string()))
        .collect();
    let want: Vec<(String, String)> = [
        ("5x5", "rejection"),
        ("5x5", "full"),
        ("7x7", "rejection"),
        ("7x7", "full"),
    ]
    .iter()
    .map(|(s, m)| (format!("\"{s}\""), format!("\"{m}\"")))
    .collect();
    assert_eq!(got, want);
    // The table form names the turns and the seed.
    let (code, out, _) = ttrules(&["bench", "--sizes", "5", "--mode", "full", "--playouts", "2"]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("FullList") && out.contains("turns") && out.contains("(seed 7)"),
        "{out}"
    );
}

#[test]
fn bad_fixed_work_arguments_are_usage_errors() {
    for args in [
        &["bench", "--playouts", "0"][..],
        &["bench", "--playouts", "-3"],
        &["bench", "--mode", "sideways"],
        &["bench", "--seed", "x"],
    ] {
        let (code, _, err) = ttrules(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(!err.is_empty(), "{args:?}");
    }
}
