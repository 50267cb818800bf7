//! Reading records as a careless or hostile user would (issue 32, D1 to D3): mislabelled
//! encodings (a silent wrong answer), files whose memory was out of proportion to their size, and
//! special files that blocked a bulk run forever. Each run is bounded by the harness
//! (`tests/hostile/mod.rs`: address space and wall time set on the child); the memory bound of a
//! run on a file is [`BASELINE`] plus a small multiple of the file's size, so that a reader whose
//! memory grows out of proportion fails its allocation. Each bulk test checks that nothing else
//! was lost: the other files of the run are replayed.
//!
//! Exit statuses asserted: 0 for a complete game, 2 for a refusal (an unreadable or special
//! file, `--strict`'s refusal, a game number past the last).

mod hostile;

use hostile::{run_bounded, run_bounded_to, temp, Run, MIB};
use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

/// The address space of a trivial run of the debug binary: measured under 16 MiB
/// (`prlimit --as=16M ttrules replay small.sgf` completes; a bulk run of two files with its
/// worker threads under 32 MiB), so 64 MiB leaves room. [`baseline_holds_a_trivial_run`] checks it.
const BASELINE: u64 = 64 * MIB;
/// Memory a file may cost beyond the baseline, per byte of the file.
const PER_BYTE: u64 = 8;
/// Wall time of one run.
const SECONDS: u32 = 60;

fn bound(file: &Path) -> u64 {
    BASELINE + PER_BYTE * std::fs::metadata(file).map_or(0, |m| m.len())
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// `replay --jsonl FILE` within the bound of the file.
fn jsonl(file: &str, extra: &[&str]) -> (Run, Vec<Value>) {
    let mut args = vec!["replay", "--jsonl"];
    args.extend_from_slice(extra);
    args.push(file);
    let run = run_bounded(&args, bound(Path::new(file)), SECONDS, None);
    run.assert_bounded(file);
    let docs = run
        .stdout()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    (run, docs)
}

fn kinds(doc: &Value) -> Vec<String> {
    doc["warnings"]
        .as_array()
        .map(|ws| {
            ws.iter()
                .map(|w| w["kind"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

fn moves(doc: &Value) -> Vec<String> {
    doc["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["move"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn baseline_holds_a_trivial_run() {
    let dir = temp();
    let f = write(dir.path(), "a.sgf", b"(;SZ[9];B[cc])");
    let run = run_bounded(&["replay", &f], BASELINE, SECONDS, None);
    run.assert_bounded("a trivial run");
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let run = run_bounded(&["replay", &f, &f], BASELINE, SECONDS, None);
    run.assert_bounded("a trivial bulk run");
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
}

/// D1: a UTF-8 file declaring `CA[GB2312]` lost its first move into `PB`, silently, even under
/// `--strict`, when the retired r[rec.decode] decoded the whole file before its syntax was read;
/// r[rec.decode.values] and r[rec.decode.mismatch] keep the move.
#[test]
fn d1_a_utf8_file_declaring_gb2312() {
    let dir = temp();
    let f = write(
        dir.path(),
        "d1.sgf",
        "(;CA[GB2312]SZ[9]PB[李昌镐]PW[曹薰铉];B[cc];W[gg];B[];W[])".as_bytes(),
    );
    let (run, docs) = jsonl(&f, &[]);
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert_eq!(moves(&docs[0]), ["C7", "G3", "pass", "pass"]);
    assert_eq!(docs[0]["players"]["black"], "李昌镐");
    assert_eq!(docs[0]["players"]["white"], "曹薰铉");
    assert_eq!(docs[0]["encoding"], "UTF-8");
    assert_eq!(kinds(&docs[0]), ["ca-mismatch"]);
    // --strict: an error, with the CA and where it is.
    let run = run_bounded(
        &["replay", "--strict", &f],
        bound(Path::new(&f)),
        SECONDS,
        None,
    );
    run.assert_bounded("d1 --strict");
    assert_eq!(run.code(), Some(2), "{}", run.stdout());
    assert!(
        run.stderr()
            .contains("line 1, column 2: CA[GB2312] does not fit"),
        "{}",
        run.stderr()
    );
}

/// A mislabelled file: its CA, PB's bytes, the name they are, the encoding read, the warnings.
type Mislabelled = (
    &'static str,
    &'static [u8],
    &'static str,
    &'static str,
    &'static [&'static str],
);

/// The same family: other encodings declared on UTF-8, UTF-8 declared on GBK bytes, an unknown
/// label, a `CA` inside a value; each keeps its moves and reads its names as the bytes are.
#[test]
fn d1_other_mislabelled_encodings() {
    let dir = temp();
    let cases: &[Mislabelled] = &[
        (
            "Shift_JIS",
            "ソ表".as_bytes(),
            "ソ表",
            "UTF-8",
            &["ca-mismatch"],
        ),
        (
            "EUC-KR",
            "이창호".as_bytes(),
            "이창호",
            "UTF-8",
            &["ca-mismatch"],
        ),
        ("Big5", "中國".as_bytes(), "中國", "UTF-8", &["ca-mismatch"]),
        (
            "GB18030",
            "镐]".as_bytes(),
            "镐]",
            "UTF-8",
            &["ca-mismatch"],
        ),
        (
            "UTF-8",
            b"\xd5\xc5\xc8\xfd",
            "张三",
            "GBK",
            &["ca-mismatch", "encoding-guessed"],
        ),
        (
            "klingon",
            "李".as_bytes(),
            "李",
            "UTF-8",
            &["encoding-unknown"],
        ),
        ("UTF-16", b"Lee", "Lee", "UTF-8", &["ca-mismatch"]),
    ];
    for (i, (ca, name, want, encoding, warnings)) in cases.iter().enumerate() {
        let mut sgf = format!("(;CA[{ca}]SZ[9]PB[").into_bytes();
        // `]` in a value is escaped, as FF[4] writes it.
        for &b in name.iter() {
            if b == b']' {
                sgf.push(b'\\');
            }
            sgf.push(b);
        }
        sgf.extend_from_slice(b"];B[cc];W[dd])");
        let f = write(dir.path(), &format!("case{i}.sgf"), &sgf);
        let (run, docs) = jsonl(&f, &[]);
        assert_eq!(run.code(), Some(0), "CA[{ca}]: {}", run.stderr());
        assert_eq!(moves(&docs[0]), ["C7", "D6"], "CA[{ca}]");
        assert_eq!(docs[0]["players"]["black"], *want, "CA[{ca}]");
        assert_eq!(docs[0]["encoding"], *encoding, "CA[{ca}]");
        assert_eq!(kinds(&docs[0]), *warnings, "CA[{ca}]");
    }
    // `CA[` inside a comment is no property.
    let f = write(
        dir.path(),
        "in-value.sgf",
        "(;C[say CA[GB2312\\] here]SZ[9]PB[李昌镐];B[cc])".as_bytes(),
    );
    let (_, docs) = jsonl(&f, &[]);
    assert_eq!(moves(&docs[0]), ["C7"]);
    assert_eq!(
        (docs[0]["encoding"].as_str(), kinds(&docs[0]).len()),
        (Some("UTF-8"), 0)
    );
}

/// D1 in a bulk run: the mislabelled file is read right, and the others are replayed.
#[test]
fn d1_in_a_bulk_run_nothing_else_is_lost() {
    let dir = temp();
    write(dir.path(), "a.sgf", b"(;SZ[9];B[cc])");
    write(
        dir.path(),
        "b.sgf",
        "(;CA[GB2312]SZ[9]PB[李昌镐];B[cc])".as_bytes(),
    );
    write(
        dir.path(),
        "c.sgf",
        b"(;CA[GB2312]SZ[9]PB[\xd5\xc5\xc8\xfd];B[dd])",
    );
    let d = dir.path().display().to_string();
    let run = run_bounded(&["replay", "--jsonl", &d], BASELINE, SECONDS, None);
    run.assert_bounded("bulk");
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    let docs: Vec<Value> = run
        .stdout()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(docs.len(), 3);
    assert!(docs.iter().all(|d| moves(d).len() == 1), "{}", run.stdout());
    assert_eq!(docs[1]["players"]["black"], "李昌镐");
    assert_eq!(docs[2]["players"]["black"], "张三");
}

/// D2: 200,000 empty game trees (600 KB) took 2.6 GB with `--game 1`.
#[test]
fn d2_many_game_trees() {
    let dir = temp();
    let f = write(dir.path(), "t.sgf", "(;)".repeat(200_000).as_bytes());
    for (n, code) in [("1", 0), ("200000", 0)] {
        let run = run_bounded(
            &["replay", "--game", n, &f],
            bound(Path::new(&f)),
            SECONDS,
            None,
        );
        run.assert_bounded("--game");
        assert_eq!(run.code(), Some(code), "--game {n}: {}", run.stderr());
    }
    let run = run_bounded(
        &["replay", "--game", "200001", &f],
        bound(Path::new(&f)),
        SECONDS,
        None,
    );
    run.assert_bounded("--game past the last");
    assert_eq!(run.code(), Some(2));
    assert!(
        run.stderr().contains("holds 200000 game(s)"),
        "{}",
        run.stderr()
    );
}

/// D2, every game: the 200,000 empty game trees replayed and written one at a time, within the
/// bound of the file (`replay --jsonl` held every game's result and its output until the end:
/// 1.2 GB, about 6 KB a game). The lines are counted by `wc -l` through a pipe, not kept (about
/// 670 MB).
#[test]
fn d2_many_game_trees_every_game() {
    let dir = temp();
    let f = write(dir.path(), "t.sgf", "(;)".repeat(200_000).as_bytes());
    let mut wc = Command::new("wc")
        .arg("-l")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("wc(1) (coreutils) is needed by this test");
    let pipe = wc.stdin.take().expect("the pipe to wc");
    // The memory is the bound; the time, generous, only keeps a hang from blocking the suite
    // (the debug binary replays about 5,000 empty games a second).
    let run = run_bounded_to(
        &["replay", "--jsonl", &f],
        bound(Path::new(&f)),
        600,
        None,
        Stdio::from(pipe),
    );
    let counted = wc.wait_with_output().expect("wc(1) ends");
    run.assert_bounded("every game");
    assert_eq!(run.code(), Some(0), "{}", run.stderr());
    assert_eq!(
        String::from_utf8_lossy(&counted.stdout).trim(),
        "200000",
        "one line a game"
    );
}

/// D2's family: a million nested variations (no stack overflow), a node repeating a property
/// 100,000 times (was quadratic: 20,000 took 3.1 GB), 60,000 distinct identifiers in one node,
/// a 16 MB comment, a huge `SZ`.
#[test]
fn d2_pathological_shapes() {
    let dir = temp();
    let deep = format!(
        "{};SZ[9];B[cc]{}",
        "(".repeat(1_000_000),
        ")".repeat(1_000_000)
    );
    let repeated = format!("(;SZ[9]{};B[cc])", "C[x]".repeat(100_000));
    let ids: String = (0..60_000u32)
        .map(|i| {
            let l = |k: u32| char::from(b'A' + (i / 26u32.pow(k) % 26) as u8);
            format!("{}{}{}{}[x]", l(3), l(2), l(1), l(0))
        })
        .collect();
    let distinct = format!("(;SZ[9]{ids};B[cc])");
    let comment = format!("(;SZ[9]C[{}];B[cc])", "long ".repeat(3_200_000));
    for (name, text) in [
        ("deep.sgf", deep),
        ("repeated.sgf", repeated),
        ("distinct.sgf", distinct),
        ("comment.sgf", comment),
    ] {
        let f = write(dir.path(), name, text.as_bytes());
        let (run, docs) = jsonl(&f, &[]);
        assert_eq!(run.code(), Some(0), "{name}: {}", run.stderr());
        assert_eq!(moves(&docs[0]), ["C7"], "{name}");
        if name == "repeated.sgf" {
            // One warning for the property repeated, however often.
            assert_eq!(kinds(&docs[0]), ["duplicate-property"]);
        }
    }
    let f = write(dir.path(), "sz.sgf", b"(;SZ[4000000000];B[cc])");
    let run = run_bounded(&["replay", &f], bound(Path::new(&f)), SECONDS, None);
    run.assert_bounded("a huge SZ");
    assert_eq!(run.code(), Some(2));
    assert!(run.stderr().contains("SZ"), "{}", run.stderr());
}

/// D2's family: a file past the 256 MiB bound is refused before it is read (a sparse file, so
/// that the test writes nothing), and so is standard input past it.
#[test]
fn d2_huge_files() {
    let dir = temp();
    let f = dir.path().join("huge.sgf");
    std::fs::File::create(&f)
        .unwrap()
        .set_len(300 * MIB)
        .unwrap();
    let name = f.display().to_string();
    let run = run_bounded(&["replay", &name], BASELINE, SECONDS, None);
    run.assert_bounded("a 300 MiB file");
    assert_eq!(run.code(), Some(2));
    assert!(
        run.stderr().contains("larger than the 256 MiB"),
        "{}",
        run.stderr()
    );
    let run = run_bounded(
        &["replay", "-"],
        BASELINE + 256 * MIB + 16 * MIB,
        SECONDS,
        Some(Path::new("/dev/zero")),
    );
    run.assert_bounded("replay - < /dev/zero");
    assert_eq!(run.code(), Some(2));
    assert!(
        run.stderr().contains("more than 256 MiB"),
        "{}",
        run.stderr()
    );
}

/// D3: a FIFO in a folder blocked `replay` forever; a socket, a link to the FIFO too. They are
/// refused, not opened; the other files are replayed; the summary counts them.
#[test]
fn d3_special_files_in_a_folder() {
    let dir = temp();
    write(dir.path(), "a.sgf", b"(;SZ[9];B[cc])");
    let fifo = dir.path().join("b.sgf");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo (coreutils)")
        .success());
    write(dir.path(), "c.sgf", b"(;SZ[9];B[dd])");
    std::os::unix::fs::symlink(&fifo, dir.path().join("d.sgf")).unwrap();
    let _socket = std::os::unix::net::UnixListener::bind(dir.path().join("e.sgf")).unwrap();
    let d = dir.path().display().to_string();
    let run = run_bounded(&["replay", "--jsonl", &d], BASELINE, 20, None);
    run.assert_bounded("a folder with special files");
    assert_eq!(run.code(), Some(2), "{}", run.stderr());
    let docs: Vec<Value> = run
        .stdout()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let outcome = |i: usize| docs[i]["outcome"].as_str().unwrap().to_string();
    assert_eq!(docs.len(), 5, "{}", run.stdout());
    assert_eq!(
        (0..5).map(outcome).collect::<Vec<_>>(),
        ["complete", "refused", "complete", "refused", "refused"]
    );
    let text = run.stdout();
    assert!(text.contains("a FIFO, not a regular file"), "{text}");
    assert!(text.contains("a socket, not a regular file"), "{text}");
    assert!(run.stderr().contains("special-file 3"), "{}", run.stderr());
}

/// D3: a FIFO, a socket or a device named on the command line is a clear error, not a hang.
#[test]
fn d3_special_files_named() {
    let dir = temp();
    let fifo = dir.path().join("f.sgf");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo (coreutils)")
        .success());
    let link = dir.path().join("l.sgf");
    std::os::unix::fs::symlink(&fifo, &link).unwrap();
    let socket = dir.path().join("s.sgf");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    for (path, what) in [
        (fifo.display().to_string(), "a FIFO"),
        (link.display().to_string(), "a FIFO"),
        (socket.display().to_string(), "a socket"),
        ("/dev/zero".to_string(), "a character device"),
    ] {
        for args in [vec!["replay", &path], vec!["replay", "--game", "1", &path]] {
            let run = run_bounded(&args, BASELINE, 20, None);
            run.assert_bounded(&path);
            assert_eq!(run.code(), Some(2), "{path}");
            assert!(run.stderr().contains(what), "{path}: {}", run.stderr());
        }
    }
}
