//! `ttrules gtp` through its stdin and stdout, and `export-tst` with `check-engine --tst`.

use std::io::Write;
use std::process::{Command, Stdio};

const TTRULES: &str = env!("CARGO_BIN_EXE_ttrules");

/// Feeds `input` to `ttrules gtp` and returns the responses (each without its closing empty line).
fn session(input: &[u8]) -> Vec<String> {
    let mut child = Command::new(TTRULES)
        .arg("gtp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("GTP output is UTF-8");
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    text.split_terminator("\n\n").map(str::to_string).collect()
}

#[test]
fn a_game_with_ids_errors_and_scoring() {
    let r = session(
        b"1 protocol_version\n\
          2 boardsize 3\n\
          # a comment line\n\
          3 play b B2\n\
          4 play w b2\n\
          5 play w A1\n\
          6 play b pass\n\
          7 play w pass\n\
          8 play b C3\n\
          9 final_score\n\
          10 final_status_list alive\n\
          11 final_status_list dead\n\
          12 showboard\n",
    );
    assert_eq!(r[0], "=1 2");
    assert_eq!(r[1], "=2 ");
    assert_eq!(r[2], "=3 ");
    assert_eq!(r[3], "?4 illegal move: occupied (r[tt.move.empty])");
    assert_eq!(r[7], "?8 illegal move: game-over (r[tt.end])");
    assert_eq!(r[8], "=9 0");
    assert_eq!(r[9], "=10 A1 B2");
    assert_eq!(r[10], "=11 ");
    assert!(
        r[11].contains(" 2 . X . 2") && r[11].contains("the game is over"),
        "{}",
        r[11]
    );
    assert_eq!(r.len(), 12);
}

#[test]
fn garbage_input_gets_errors_not_a_crash() {
    let mut input: Vec<u8> = b"\xff\xfe\x00 play\n".to_vec();
    input.extend_from_slice(b"play b\n99999999999999999999999999 name\nboardsize 99999999999\n");
    input.extend_from_slice(&[b'x'; 10_000]);
    input.extend_from_slice(b"\nplay b Z99\nkomi nan\nkomi 1e400\nloadsgf\nname\n");
    let r = session(&input);
    assert_eq!(r.len(), 10);
    for resp in &r[..9] {
        assert!(resp.starts_with('?'), "{resp:?}");
    }
    assert_eq!(r[9], "= ttrules");
}

#[test]
fn quit_and_end_of_input_end_the_session() {
    let r = session(b"name\nquit\nname\n");
    assert_eq!(r, vec!["= ttrules", "= "]);
    let r = session(b"name");
    assert_eq!(r, vec!["= ttrules"]);
}

#[test]
fn sgf_round_trip_undo_and_rules() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.sgf");
    let f = file.display();
    let r = session(
        format!(
            "boardsize 3\nkomi 0.5\nplay b B2\nplay w B3\nplay b C3\nplay w A2\nplay b A3\n\
             printsgf {f}\nclear_board\nloadsgf {f}\nis_legal w B3\nundo\nis_legal b A3\n\
             list_stones black\nloadsgf {f} 3\nlist_stones white\nprintsgf\n\
             kgs-rules chinese\nttrules-rules tromp-taylor\nttrules-rules\n"
        )
        .as_bytes(),
    );
    assert_eq!(r[7], "= ");
    assert_eq!(r[9], "= w", "loadsgf answers the player to move");
    assert_eq!(r[10], "= 0", "the ko");
    assert_eq!(r[12], "= 1", "after undo A3 is empty and legal");
    assert_eq!(r[13], "= B2 C3");
    assert_eq!(r[15], "= B3");
    assert_eq!(
        r[16],
        "= (;GM[1]FF[4]CA[UTF-8]SZ[3]KM[0.5]RU[Tromp-Taylor];B[bb];W[ba])"
    );
    assert_eq!(r[17], "= ");
    assert_eq!(r[18], "= ");
    assert_eq!(
        r[19],
        format!(
            "= tromp-taylor\n{}",
            ttrules::spec::Rules::TROMP_TAYLOR.describe()
        )
    );
}

#[test]
fn exported_tst_files_pass_against_ttrules_gtp() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(TTRULES)
        .arg("export-tst")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut files: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(names.contains(&"repetition.tst".to_string()), "{names:?}");
    let ko = std::fs::read_to_string(dir.path().join("repetition.tst")).unwrap();
    assert!(
        ko.contains("is_legal w B3  # repetition (r[tt.turn.repetition])\n#? [0]"),
        "{ko}"
    );
    for f in &files {
        let out = Command::new(TTRULES)
            .args(["check-engine", "--json", "--engine"])
            .arg(format!("{TTRULES} gtp"))
            .arg("--tst")
            .arg(f)
            .output()
            .unwrap();
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}: {}",
            f.display(),
            r["differences"]
        );
        assert!(
            r["rows"]["tst"]["agreements"].as_u64().unwrap() > 3,
            "{}",
            f.display()
        );
    }
    // A failing expectation is a disagreement.
    let bad = dir.path().join("bad.tst");
    std::fs::write(
        &bad,
        "boardsize 3\n1 is_legal b B2\n#? [0]\n2 name\n#? [ttrules]\n",
    )
    .unwrap();
    let out = Command::new(TTRULES)
        .args(["check-engine", "--engine"])
        .arg(format!("{TTRULES} gtp"))
        .arg("--tst")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("test `1 is_legal b B2` (line 2)"), "{text}");
}
