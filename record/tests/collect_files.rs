//! `collect_files` lists a directory tree in the order of its paths, sorted within each
//! directory: checked against a plain walk that sorts the whole paths (as `collect_files` once
//! did), on names chosen to differ in the places where a name order and a path order could:
//! prefixes, separators-like bytes (`-`, `.`, ` `), case, digits, and bytes above ASCII.

use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use ttrules_record::replay::collect_files;

/// The files under `dir`, each directory's entries sorted as whole paths.
fn by_paths(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<(PathBuf, bool)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| (e.path(), e.file_type().unwrap().is_dir()))
        .collect();
    entries.sort();
    for (p, is_dir) in entries {
        if is_dir {
            by_paths(&p, out);
        } else if p.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            out.push(p);
        }
    }
}

#[test]
fn files_in_the_order_of_their_paths() {
    let root = tempfile::tempdir().unwrap();
    let names: &[&[u8]] = &[
        b"a",
        b"a.sgf",
        b"a-b.sgf",
        b"a b.sgf",
        b"ab.sgf",
        b"A.SGF",
        b"a0.sgf",
        b"a.sgf.sgf",
        b"b",
        b"b-",
        b"\xc3\xa9.sgf",
        b"\xff.sgf",
        b"z.txt",
        b".sgf",
        b"..sgf",
        b"a.Sgf",
    ];
    let dirs: &[&[u8]] = &[b"", b"a", b"b", b"b-", b"a/ab.sgf"];
    for d in dirs {
        std::fs::create_dir_all(root.path().join(std::ffi::OsStr::from_bytes(d))).unwrap();
    }
    for d in dirs {
        let dir = root.path().join(std::ffi::OsStr::from_bytes(d));
        for n in names {
            let p = dir.join(std::ffi::OsStr::from_bytes(n));
            if !p.exists() {
                std::fs::write(&p, b"(;)").unwrap();
            }
        }
    }
    let mut expected = Vec::new();
    by_paths(root.path(), &mut expected);
    assert!(expected.len() > 40, "{} files", expected.len());
    assert_eq!(
        collect_files(&[root.path().to_path_buf()]).unwrap(),
        expected
    );
    // A directory named with a trailing separator and a `.` component lists the same files.
    let dotted = root.path().join(".").join("a").join("");
    let mut expected = Vec::new();
    by_paths(&dotted, &mut expected);
    assert!(!expected.is_empty());
    assert_eq!(collect_files(&[dotted]).unwrap(), expected);
}

#[test]
fn shared_records_in_the_order_of_their_paths() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/records");
    if !dir.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must read ../shared/records"
        );
        eprintln!("note: ../shared/records does not exist; skipping");
        return;
    }
    let mut expected = Vec::new();
    by_paths(&dir, &mut expected);
    assert!(expected.len() > 1000, "{} files", expected.len());
    assert_eq!(collect_files(&[dir]).unwrap(), expected);
}
