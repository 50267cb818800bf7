//! `ttrules replay` reports each player's pass-alive area (r[life.area]): `pass_alive` in the JSON
//! (every point once, GTP vertices in point-index order), and a marked diagram with
//! `--pass-alive`, naming the stones standing in the opponent's pass-alive territory
//! (r[life.territory]).

use serde_json::Value;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The 5x3 position of the vector `pass-alive-stone-in-territory-100`: Black lives with the eyes
/// D1 and D3 and a region with one interior point, A3, where a White stone stands.
const SGF: &str = "(;GM[1]FF[4]SZ[5:3]AB[ca][ea][cb][db][eb][ac][bc][cc][ec]AW[aa]PL[B])";

fn replay(args: &[&str]) -> std::process::Output {
    // One file per call: the tests of this file run in parallel threads of one process, and one
    // call removing a shared file under another made CI fail.
    static CALLS: AtomicUsize = AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("ttrules-life-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("territory-{call}.sgf"));
    std::fs::write(&path, SGF).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .arg("replay")
        .args(args)
        .arg(&path)
        .output()
        .expect("run ttrules");
    let _ = std::fs::remove_file(&path);
    out
}

#[test]
fn json_lists_each_players_pass_alive_area() {
    let out = replay(&["--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let black: Vec<&str> = doc["pass_alive"]["black"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    let want = "A1 B1 C1 D1 E1 A2 B2 C2 D2 E2 A3 B3 C3 D3 E3";
    assert_eq!(black.join(" "), want);
    assert_eq!(doc["pass_alive"]["white"], serde_json::json!([]));
    // Tromp-Taylor counting leaves the White stone alone: 11 to 1.
    assert_eq!(doc["score"]["black"], 11);
    // Under KataGo's area counting (r[var.count.area.pass-alive]) it counts for Black.
    let out = replay(&["--json", "--rules", "counting=area-pass-alive"]);
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["score"]["black"], 15);
    assert_eq!(doc["score"]["white"], 0);
}

#[test]
fn text_marks_the_areas_only_when_asked() {
    // The first line names the file, which differs between the two calls.
    let body = |out: std::process::Output| {
        let text = String::from_utf8(out.stdout).unwrap();
        text.split_once('\n')
            .map(|(_, rest)| rest.to_string())
            .unwrap()
    };
    let plain = body(replay(&[]));
    assert!(!plain.contains("r[life.area]"), "{plain}");
    let out = replay(&["--pass-alive"]);
    assert!(out.status.success());
    let text = body(out);
    assert!(text.starts_with(&plain), "{text}");
    let marked = &text[plain.len()..];
    assert!(marked.contains(" 3 b # X # X 3\n"), "{marked}");
    assert!(marked.contains(" 1 X X X # X 1\n"), "{marked}");
    assert!(
        marked.contains("stones standing in the opponent's pass-alive territory: A3\n"),
        "{marked}"
    );
}
