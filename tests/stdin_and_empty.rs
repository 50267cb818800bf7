//! The front door of the file-reading commands (issue 16 §6): `-` reads the record from standard
//! input for `replay`, `replay --compare` and `finish`, with the same output as the file itself
//! (the report naming `<stdin>`); a directory without any `*.sgf` is an error, never an empty
//! success.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `ttrules ARGS` in the source tree with `stdin` as its standard input.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttrules"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ttrules");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("ttrules ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

/// `-` gives exactly the report of the file, with `<stdin>` where the file's name was, and the
/// same exit status.
#[test]
fn dash_reads_standard_input() {
    for (command, file) in [
        (&["replay", "--json"][..], "examples/ko-3x3.sgf"),
        (&["replay"][..], "examples/9x9-game.sgf"),
        (&["replay", "--compare"][..], "examples/9x9-game.sgf"),
        (&["finish", "--json"][..], "examples/jihuozi-7x7.sgf"),
    ] {
        let bytes = std::fs::read(root().join(file)).unwrap();
        let from_file = run(&[command, &[file]].concat(), b"");
        let from_stdin = run(&[command, &["-"]].concat(), &bytes);
        assert_eq!(
            from_file.status.code(),
            from_stdin.status.code(),
            "{command:?}: {}",
            text(&from_stdin.stderr)
        );
        let expected = text(&from_file.stdout).replace(file, "<stdin>");
        assert!(!expected.is_empty(), "{command:?} printed nothing");
        assert_eq!(text(&from_stdin.stdout), expected, "{command:?}");
    }
}

/// A record on standard input that is not a record is refused (status 2) with a message naming
/// `<stdin>`; `-` among several files is refused, since standard input is one record.
#[test]
fn dash_errors() {
    let out = run(&["replay", "-"], b"this is not SGF");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("<stdin>"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["finish", "-"], b"(;GM[2])");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("<stdin>"),
        "{}",
        text(&out.stderr)
    );
    let out = run(&["replay", "-", "examples/ko-3x3.sgf"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("standard input"),
        "{}",
        text(&out.stderr)
    );
}

/// `replay DIR` on a directory without records says so and exits 2 (it replayed nothing).
#[test]
fn an_empty_directory_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "not a record").unwrap();
    let d = dir.path().display().to_string();
    let out = run(&["replay", &d], b"");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let err = text(&out.stderr);
    assert!(err.contains("no SGF file") && err.contains(&d), "{err}");
}
