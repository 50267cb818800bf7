//! The command line's output and the GTP server under hostile conditions (issue 32): a standard
//! output that is full (`>/dev/full`) or closed (`| true`) in every command that prints (D6,
//! D7), endless or malformed GTP input (D5), special files given to `loadsgf`/`printsgf` (D3).
//! Each run is bounded by the harness (`tests/hostile/mod.rs`: address space and wall time set on
//! the child), and each test checks that nothing else was lost: the files a command writes are
//! all written, the next GTP command is answered.
//!
//! Exit statuses asserted: a failed write is 2 with `cannot write` on stderr; a closed pipe ends
//! the command quietly (no panic, no message) with the status it had reached (0 for a run
//! without problems: the status of the same run into `/dev/null`).

mod hostile;

use hostile::{bin, run_bounded_to, temp, Run, MIB};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The address space every command here is run in: the debug binary's baseline is under 16 MiB
/// (`echo name | prlimit --as=16M ttrules gtp` answers; 8 MiB does not start), the referee's
/// engines inherit the limit.
const MEMORY: u64 = 512 * MIB;
/// The GTP server's bound, whatever its input: a few times its baseline, far below a line of it.
const GTP_MEMORY: u64 = 48 * MIB;

fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(path)
        .display()
        .to_string()
}

/// Where standard output goes.
enum Out {
    /// `/dev/full`: every write fails with ENOSPC.
    Full,
    /// A pipe whose reader is gone: every write fails with EPIPE.
    Closed,
    /// `/dev/null`: every write succeeds.
    Null,
}

/// Runs `ttrules ARGS` as the harness does (`timeout`, `prlimit --as`), with standard output
/// `out` and standard input `stdin` (a file) or empty.
fn run_to(args: &[String], out: Out, stdin: Option<&Path>, seconds: u32) -> Run {
    let stdout = match out {
        Out::Full => Stdio::from(
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full"),
        ),
        Out::Null => Stdio::null(),
        // The reader of the pipe is gone before the child starts (`true`, which read nothing,
        // has exited): its first write fails.
        Out::Closed => {
            let mut reader = Command::new("true")
                .stdin(Stdio::piped())
                .spawn()
                .expect("true(1)");
            let writer = reader.stdin.take().expect("the pipe");
            reader.wait().expect("true(1) ends");
            Stdio::from(writer)
        }
    };
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_bounded_to(&args, MEMORY, seconds, stdin, stdout)
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// A referee engine: `ttrules gtp` itself.
fn engine(seed: u32) -> String {
    format!("{} gtp --seed {seed}", bin().display())
}

/// A finished 2-game match in `dir`.
fn played_match(dir: &Path) {
    let out = Command::new(bin())
        .args(["referee", "--black", &engine(1), "--white", &engine(2)])
        .args(["--games", "2", "--size", "5", "--out"])
        .arg(dir)
        .output()
        .expect("run the referee");
    assert_eq!(out.status.code(), Some(0), "{out:?}");
}

/// Every command that prints on standard output, each with what it needs (files, a match).
fn printing_commands(dir: &Path) -> Vec<Vec<String>> {
    let game = repo("examples/9x9-game.sgf");
    let examples = repo("examples");
    let d = |name: &str| dir.join(name).display().to_string();
    let played = dir.join("played");
    played_match(&played);
    let shards = dir.join("shards");
    let made = Command::new(bin())
        .args(["replay", "--shard", "1/1", "--shard-dir"])
        .arg(&shards)
        .arg(&examples)
        .output()
        .expect("a replay shard");
    // Status 1: one example stops at an illegal move on purpose.
    assert_eq!(made.status.code(), Some(1), "{made:?}");
    let shard = shards.join("replay-1-of-1.json").display().to_string();
    let p = played.display().to_string();
    let mut all = vec![
        strings(&["replay", &game]),
        strings(&["replay", "--json", &game]),
        strings(&["replay", "--pass-alive", &game]),
        strings(&["replay", "--compare", &game]),
        strings(&["replay", "--jsonl", &examples]),
        strings(&["replay", "--summary-json", "-", &examples]),
        strings(&["replay", &examples, &game]),
        strings(&["finish", &repo("examples/jihuozi-7x7.sgf")]),
        strings(&["count-games", "1x3"]),
        strings(&["count-legal", "2x2"]),
        strings(&["count-legal", "2x2", "--json"]),
        strings(&["perft", "5", "3"]),
        strings(&["perft", "3x3", "3", "--divide", "--json"]),
        strings(&["bench", "--sizes", "5", "--mode", "full", "--playouts", "2"]),
        strings(&["merge", &shard]),
        strings(&["export-tst", &d("tst")]),
        strings(&[
            "probes",
            "--out",
            &d("probes"),
            "--games",
            "20",
            "--sizes",
            "3",
        ]),
        strings(&["check-engine", "--engine", &engine(1), "--games", "1"]),
        strings(&["referee", "status", &p]),
        strings(&["referee", "status", "--json", &p]),
        strings(&["referee", "report", &p]),
        strings(&["referee", "stop", &p]),
        strings(&["--help"]),
        strings(&["--version"]),
        strings(&["replay", "--help"]),
    ];
    for json in [false, true] {
        let mut args = strings(&["referee", "--black", &engine(1), "--white", &engine(2)]);
        args.extend(strings(&["--games", "2", "--size", "5", "--out"]));
        args.push(d(&format!("match-{json}-RUN")));
        if json {
            args.push("--json".into());
        }
        all.push(args);
    }
    all
}

/// A fresh `--out` folder for each run of a referee match in `args`.
fn fresh(args: &[String], run: &str) -> Vec<String> {
    args.iter().map(|a| a.replace("RUN", run)).collect()
}

/// D6: every command whose standard output is `/dev/full` says so and exits 2 (it exited 0 with
/// its summary for `replay --jsonl DIR` and `referee`).
#[test]
fn a_full_standard_output_is_an_error_in_every_command() {
    let dir = temp();
    for args in printing_commands(dir.path()) {
        let args = fresh(&args, "full");
        let r = run_to(&args, Out::Full, None, 120);
        r.assert_bounded(&format!("{args:?}"));
        let err = r.stderr();
        assert_eq!(r.code(), Some(2), "{args:?}: stderr:\n{err}");
        assert!(
            err.contains("cannot write") && err.contains("No space left"),
            "{args:?} says why: {err}"
        );
    }
}

/// D7: every command whose standard output is a closed pipe ends quietly (it panicked with exit
/// 101 for `referee report DIR | true`), with the status the same run has into `/dev/null`.
#[test]
fn a_closed_standard_output_ends_every_command_quietly() {
    let dir = temp();
    for args in printing_commands(dir.path()) {
        let want = run_to(&fresh(&args, "null"), Out::Null, None, 120);
        let args = fresh(&args, "closed");
        let r = run_to(&args, Out::Closed, None, 120);
        r.assert_bounded(&format!("{args:?}"));
        let err = r.stderr();
        assert_eq!(r.code(), want.code(), "{args:?}: stderr:\n{err}");
        assert!(
            !err.contains("Broken pipe") && !err.contains("cannot write"),
            "{args:?} is quiet: {err}"
        );
    }
}

/// D7, nothing lost: the files a command writes are all written when nobody reads its listing.
#[test]
fn files_are_all_written_when_the_listing_is_not_read() {
    let dir = temp();
    for (name, args) in [
        ("tst", vec!["export-tst"]),
        ("vectors", vec!["export-vectors"]),
        (
            "probes",
            vec!["probes", "--games", "20", "--sizes", "3", "--out"],
        ),
    ] {
        let mut files = Vec::new();
        for out in [Out::Null, Out::Closed, Out::Full] {
            let target = dir.path().join(format!("{name}-{}", files.len()));
            let mut a = strings(&args);
            a.push(target.display().to_string());
            let r = run_to(&a, out, None, 300);
            r.assert_bounded(&format!("{a:?}"));
            files.push(listing(&target));
        }
        assert!(!files[0].is_empty(), "{name} writes files");
        assert_eq!(files[1], files[0], "{name} into a closed pipe");
        assert_eq!(files[2], files[0], "{name} into /dev/full");
    }
    // The referee's games are in its folder, whole, when its summary cannot be printed.
    let args = [
        "referee",
        "--black",
        &engine(1),
        "--white",
        &engine(2),
        "--games",
        "3",
        "--size",
        "5",
    ];
    for out in [Out::Closed, Out::Full] {
        let target = dir
            .path()
            .join(format!("match-{}", matches!(out, Out::Full)));
        let mut a = strings(&args);
        a.extend(["--out".to_string(), target.display().to_string()]);
        run_to(&a, out, None, 120).assert_bounded("referee");
        let results = std::fs::read_to_string(target.join("results.jsonl")).unwrap();
        assert_eq!(results.lines().count(), 3, "{results}");
        assert_eq!(
            listing(&target)
                .iter()
                .filter(|f| f.contains(".sgf "))
                .count(),
            3
        );
    }
}

/// The names and sizes of the files under `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, base, out);
            } else {
                let size = e.metadata().map_or(0, |m| m.len());
                let name = p.strip_prefix(base).unwrap_or(&p).display().to_string();
                out.push(format!("{name} {size}"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// A GTP session from `input`, bounded by [`GTP_MEMORY`].
fn gtp(input: &[u8], seconds: u32) -> Run {
    let dir = temp();
    let file = dir.path().join("input");
    std::fs::write(&file, input).unwrap();
    hostile::run_bounded(&["gtp"], GTP_MEMORY, seconds, Some(&file))
}

/// D5: `ttrules gtp < /dev/zero` (one endless line) answers `?` once the line passes 1 MiB and
/// stays within its bound until killed (it grew until the kernel killed it).
#[test]
fn gtp_on_an_endless_line_stays_bounded() {
    let r = hostile::run_bounded(&["gtp"], GTP_MEMORY, 5, Some(Path::new("/dev/zero")));
    // Killed by the time bound (SIGKILL), not by an allocation failure (SIGABRT).
    assert_eq!(r.output.status.signal(), Some(9), "{:?}", r.output.status);
    assert!(!r.stderr().contains("memory allocation"), "{}", r.stderr());
    assert_eq!(
        r.stdout(),
        "? command line too long (over 1048576 bytes): ignored\n\n"
    );
}

/// D5: a 10 MB line is refused (with its id) and the command after it answered.
#[test]
fn gtp_answers_the_command_after_a_long_line() {
    for (first, reply) in [(&b""[..], "?"), (&b"7 play b "[..], "?7")] {
        let mut input = first.to_vec();
        input.extend(std::iter::repeat_n(b'x', 10_000_000));
        input.extend(b"\n2 name\n");
        let r = gtp(&input, 30);
        r.assert_bounded("a 10 MB line");
        assert_eq!(r.code(), Some(0));
        assert_eq!(
            r.stdout(),
            format!(
                "{reply} command line too long (over 1048576 bytes): ignored\n\n=2 ttrules\n\n"
            )
        );
    }
    // At the bound exactly, a line is read (and is an unknown command).
    let mut input = vec![b'y'; 1 << 20];
    input.extend(b"\n3 name\n");
    let r = gtp(&input, 30);
    assert_eq!(r.stdout(), "? unknown command\n\n=3 ttrules\n\n");
}

/// GTP 3.1: control characters, NUL among them, are removed; a line that is not UTF-8 is an
/// unknown command, and the session goes on.
#[test]
fn gtp_survives_nul_bytes_and_invalid_utf8() {
    let r = gtp(
        b"1 na\0me\n\0\0\n2 name\0\n3 \xff\xfe\xfd\n4 play b \xc3\n5 name\n",
        10,
    );
    r.assert_bounded("NUL and invalid UTF-8");
    assert_eq!(r.code(), Some(0));
    let out = r.stdout();
    let replies: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
    assert_eq!(replies.len(), 5, "{out:?}");
    assert_eq!(replies[0], "=1 ttrules");
    assert_eq!(replies[1], "=2 ttrules");
    assert_eq!(replies[2], "?3 unknown command");
    assert!(replies[3].starts_with("?4 "), "{out:?}");
    assert_eq!(replies[4], "=5 ttrules");
}

/// D3: `loadsgf` and `printsgf` refuse a FIFO and a device at once (they blocked forever), and
/// the session goes on.
#[test]
fn gtp_refuses_special_files_without_blocking() {
    let dir = temp();
    let fifo = dir.path().join("f.sgf");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo(1)");
    assert!(made.success());
    let f = fifo.display();
    let input = format!(
        "1 loadsgf {f}\n2 printsgf {f}\n3 loadsgf /dev/zero\n4 printsgf /dev/null\n5 loadsgf {}\n6 name\n",
        dir.path().display()
    );
    let r = gtp(input.as_bytes(), 10);
    r.assert_bounded("special files");
    let out = r.stdout();
    let replies: Vec<&str> = out.split("\n\n").filter(|s| !s.is_empty()).collect();
    assert_eq!(replies.len(), 6, "{out:?}");
    for (i, reply) in replies[..5].iter().enumerate() {
        assert!(
            reply.starts_with(&format!("?{} ", i + 1)) && reply.contains("not a regular file"),
            "{reply}"
        );
    }
    assert_eq!(replies[5], "=6 ttrules");
    assert!(fifo.exists(), "the FIFO is left as it was");
}

/// D6/D7 for the server: responses into `/dev/full` end the session with status 2 and a message;
/// into a closed pipe, quietly with status 0.
#[test]
fn gtp_output_failures() {
    let dir = temp();
    let input = dir.path().join("input");
    std::fs::write(&input, "name\nversion\n").unwrap();
    let args = strings(&["gtp"]);
    let r = run_to(&args, Out::Full, Some(&input), 10);
    r.assert_bounded("gtp >/dev/full");
    assert_eq!(r.code(), Some(2));
    assert!(
        r.stderr().contains("writing the responses") && r.stderr().contains("No space left"),
        "{}",
        r.stderr()
    );
    let r = run_to(&args, Out::Closed, Some(&input), 10);
    r.assert_bounded("gtp | true");
    assert_eq!(r.code(), Some(0));
    assert_eq!(r.stderr(), "");
}

/// The paths the tests above make exist (a guard against a harness that silently ran nothing).
#[test]
fn the_examples_exist() {
    for p in ["examples/9x9-game.sgf", "examples/jihuozi-7x7.sgf"] {
        assert!(PathBuf::from(repo(p)).is_file(), "{p}");
    }
}

/// The same family on standard error: a message that cannot be written (`2>/dev/full`) is
/// dropped, and the status is the one the run has with a working stderr (`eprintln!` panicked:
/// status 101 for any message; check-engine's progress lines too, with an empty vector folder
/// and one game against `ttrules gtp`).
#[test]
fn a_full_standard_error_changes_no_status() {
    let examples = repo("examples");
    let game = repo("examples/9x9-game.sgf");
    let engine = format!("{} gtp", bin().display());
    let no_vectors = temp();
    let no_vectors = no_vectors.path().display().to_string();
    for args in [
        vec!["replay", "/nonexistent.sgf"],
        vec!["replay", "--jsonl", &examples],
        vec!["replay", "--summary-json", "-", &examples],
        vec!["finish", &game],
        vec!["referee", "status", "/nonexistent"],
        vec!["perft", "3", "0x"],
        vec!["count-legal", "2x2"],
        vec![
            "check-engine",
            "--engine",
            &engine,
            "--games",
            "1",
            "--sizes",
            "5",
            "--vectors",
            &no_vectors,
        ],
    ] {
        let status = |stderr: Stdio| {
            Command::new("timeout")
                .args(["--signal=KILL", "60"])
                .arg(bin())
                .args(&args)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(stderr)
                .status()
                .expect("run ttrules")
        };
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let want = status(Stdio::null());
        let got = status(Stdio::from(full));
        assert_ne!(got.code(), Some(101), "{args:?}");
        assert_eq!(got.code(), want.code(), "{args:?}");
    }
}

/// More of D3/D5's family for the server: a sparse 300 MB file to `loadsgf` is refused by its size
/// without being read (within the server's memory bound), and commands read from a folder are a
/// read error (status 2, said), not a hang or a panic.
#[test]
fn gtp_refuses_a_huge_file_and_a_folder_for_input() {
    let dir = temp();
    let huge = dir.path().join("huge.sgf");
    let f = std::fs::File::create(&huge).unwrap();
    f.set_len(300 << 20).unwrap();
    let input = format!("1 loadsgf {}\n2 name\n", huge.display());
    let r = gtp(input.as_bytes(), 10);
    r.assert_bounded("a 300 MB file");
    let out = r.stdout();
    assert!(
        out.starts_with("?1 cannot load file") && out.contains("larger than"),
        "{out}"
    );
    assert!(out.ends_with("=2 ttrules\n\n"), "{out}");
    let r = hostile::run_bounded(&["gtp"], GTP_MEMORY, 10, Some(dir.path()));
    r.assert_bounded("commands from a folder");
    assert_eq!(r.code(), Some(2));
    assert!(
        r.stderr().contains("reading the commands"),
        "{}",
        r.stderr()
    );
}
