//! `replay --sgf-column NAME --shard K/N` (issue 34 §2 with sharded jobs): the rows of the tables
//! split into N runs of consecutive rows, and `merge` of the shards giving exactly what one run
//! over every row gives: the same JSON lines byte for byte, in the same order (`--shard-dir`,
//! `merge --jsonl`), the same summary, and the same games and moves tables row for row
//! (`--parquet`, `merge --parquet`, the games numbered again from 0); overlapping, missing and
//! mixed shards refused as for files; a table that cannot be read fails its shard, which then
//! has no shard file.

mod cli_common;
use cli_common::{repo, run, stderr};

#[path = "replay_parquet/read.rs"]
#[allow(dead_code)]
mod read;

use read::{read, Table};
use std::path::Path;
use std::process::Output;
use std::sync::Arc;
use ttrules_tables::arrow_array::{ArrayRef, BinaryArray, Int64Array, RecordBatch};
use ttrules_tables::arrow_schema::DataType;

/// The bytes of every record of tests/records and the examples (some not UTF-8), sorted.
fn records() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for dir in ["tests/records", "examples"] {
        let mut files: Vec<_> = std::fs::read_dir(repo(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
            .collect();
        files.sort();
        out.extend(files.iter().map(|f| std::fs::read(f).unwrap()));
    }
    assert!(out.len() > 40, "{} records", out.len());
    out
}

/// Two tables: a Parquet file of the records' bytes (row groups of 7 rows, a null row), and a
/// JSON-lines file (a blank line, a line that is not JSON, a line without the field).
fn tables(dir: &Path) -> (String, String) {
    let mut texts: Vec<Option<Vec<u8>>> = records().into_iter().map(Some).collect();
    texts.insert(5, None);
    let ids: Vec<i64> = (0..texts.len() as i64).collect();
    let batch = RecordBatch::try_from_iter(vec![
        ("game_id", Arc::new(Int64Array::from(ids)) as ArrayRef),
        ("sgf", Arc::new(BinaryArray::from_iter(texts)) as ArrayRef),
    ])
    .unwrap();
    let parquet = dir.join("t.parquet");
    let props = ttrules_tables::parquet::file::properties::WriterProperties::builder()
        .set_max_row_group_row_count(Some(7))
        .build();
    let file = std::fs::File::create(&parquet).unwrap();
    let mut w =
        ttrules_tables::parquet::arrow::ArrowWriter::try_new(file, batch.schema(), Some(props))
            .unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    let mut lines: Vec<String> = records()
        .iter()
        .filter_map(|r| String::from_utf8(r.clone()).ok())
        .take(12)
        .enumerate()
        .map(|(i, sgf)| serde_json::json!({"sgf": sgf, "game_id": i}).to_string())
        .collect();
    lines.insert(2, String::new());
    lines.insert(4, "not json".into());
    lines.insert(7, "{\"game_id\": 3}".into());
    let jsonl = dir.join("t.jsonl");
    // The last line without its newline: a row too.
    std::fs::write(&jsonl, lines.join("\n")).unwrap();
    (parquet.display().to_string(), jsonl.display().to_string())
}

/// Every column of a table read back, row by row, as text (dictionaries decoded).
fn rows(t: &Table) -> Vec<Vec<String>> {
    let mut out = vec![Vec::new(); t.rows()];
    for f in t.schema.fields() {
        let name = f.name();
        let column: Vec<String> = match f.data_type() {
            DataType::Boolean => t.bools(name).iter().map(|v| format!("{v:?}")).collect(),
            DataType::List(_) => t.warnings().iter().map(|v| format!("{v:?}")).collect(),
            DataType::Utf8 | DataType::Dictionary(..) => {
                t.strings(name).iter().map(|v| format!("{v:?}")).collect()
            }
            _ => t.numbers(name).iter().map(|v| format!("{v:?}")).collect(),
        };
        for (row, v) in out.iter_mut().zip(column) {
            row.push(v);
        }
    }
    out
}

#[test]
fn column_shards_merge_into_exactly_the_unsharded_run() {
    let dir = tempfile::tempdir().unwrap();
    let (parquet, jsonl) = tables(dir.path());
    let input = [
        &parquet,
        &jsonl,
        "--sgf-column",
        "sgf",
        "--id-column",
        "game_id",
    ];
    let mut args = vec!["replay", "--jsonl", "--summary-json"];
    let summary_path = dir.path().join("summary.json").display().to_string();
    args.push(&summary_path);
    args.extend(input);
    let whole = run(&args);
    assert_eq!(whole.status.code(), Some(2), "{}", stderr(&whole));
    let lines = String::from_utf8(whole.stdout).unwrap();
    assert!(lines.lines().count() > 60, "{lines}");
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&summary_path).unwrap()).unwrap();
    let whole_dir = dir.path().join("whole").display().to_string();
    let mut args = vec!["replay", "--parquet", &whole_dir, "--moves", "--hashes"];
    args.extend(input);
    assert_eq!(run(&args).status.code(), Some(2));
    let (games, moves) = (
        rows(&read(&Path::new(&whole_dir).join("games.parquet"))),
        rows(&read(&Path::new(&whole_dir).join("moves.parquet"))),
    );
    assert!(moves.len() > 100, "{} turns", moves.len());
    let mut shard_games = 0;
    for n in [1, 2, 3, 7] {
        let d = |name: &str| dir.path().join(format!("{name}{n}")).display().to_string();
        let (lines_dir, tables_dir) = (d("lines"), d("tables"));
        for k in 1..=n {
            let shard = format!("{k}/{n}");
            let mut args = vec!["replay", "--shard", &shard, "--shard-dir", &lines_dir];
            args.extend(input);
            let out = run(&args);
            assert!(out.stdout.is_empty());
            assert!(
                stderr(&out).contains(&format!("shard {shard}: ")),
                "{}",
                stderr(&out)
            );
            let mut args = vec!["replay", "--shard", &shard, "--parquet", &tables_dir];
            args.extend(["--moves", "--hashes"]);
            args.extend(input);
            let out = run(&args);
            assert!(
                out.status.code().is_some_and(|c| c <= 2),
                "{}",
                stderr(&out)
            );
            let part = Path::new(&tables_dir).join(format!("games-{k}-of-{n}.parquet"));
            shard_games += usize::from(n == 7 && read(&part).rows() > 0);
        }
        let merged = dir.path().join(format!("merged{n}.jsonl"));
        let m = merged.display().to_string();
        let out = run(&["merge", &lines_dir, "--json", "--jsonl", &m]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(got["summary"], summary["summary"], "{n} shards");
        assert!(
            std::fs::read_to_string(&merged).unwrap() == lines,
            "{n} shards: the merged lines are not the unsharded run's"
        );
        let merged_dir = d("merged");
        let out = run(&["merge", &tables_dir, "--parquet", &merged_dir]);
        assert!(stderr(&out).contains("games.parquet"), "{}", stderr(&out));
        let at = |t: &str| read(&Path::new(&merged_dir).join(format!("{t}.parquet")));
        assert!(rows(&at("games")) == games, "{n} shards: games");
        assert!(rows(&at("moves")) == moves, "{n} shards: moves");
    }
    // Seven shards of 2 tables: the rows are split across the tables' boundary, none empty.
    assert_eq!(shard_games, 7);
}

#[test]
fn bad_sets_of_column_shards_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (parquet, _) = tables(dir.path());
    let shard = |k: &str, out: &str| {
        let out = dir.path().join(out).display().to_string();
        run(&[
            "replay",
            &parquet,
            "--sgf-column",
            "sgf",
            "--shard",
            k,
            "--shard-dir",
            &out,
        ])
    };
    let text = |o: Output| stderr(&o);
    shard("1/3", "a");
    shard("3/3", "a");
    let a = dir.path().join("a").display().to_string();
    assert!(text(run(&["merge", &a])).contains("missing shard 2/3"));
    shard("1/3", "b");
    let b1 = dir
        .path()
        .join("b/replay-1-of-3.json")
        .display()
        .to_string();
    assert!(text(run(&["merge", &a, &b1])).contains("overlapping shards"));
    // Shards of files and shards of a table's rows are different jobs.
    let c = dir.path().join("c").display().to_string();
    let examples = repo("examples");
    run(&["replay", &examples, "--shard", "2/3", "--shard-dir", &c]);
    let c2 = dir
        .path()
        .join("c/replay-2-of-3.json")
        .display()
        .to_string();
    assert!(text(run(&["merge", &a, &c2])).contains("shards of different jobs"));
    // Another column is another job.
    let d = dir.path().join("d").display().to_string();
    let id = ["--id-column", "game_id"];
    let mut args = vec!["replay", &parquet, "--sgf-column", "sgf", "--shard", "2/3"];
    args.extend(["--shard-dir", &d]);
    args.extend(id);
    run(&args);
    let d2 = dir
        .path()
        .join("d/replay-2-of-3.json")
        .display()
        .to_string();
    assert!(text(run(&["merge", &a, &d2])).contains("shards of different jobs"));
    // --shard without a place to write, and a file that is no table: status 2, no shard file.
    let out = run(&["replay", &parquet, "--sgf-column", "sgf", "--shard", "1/2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(out).contains("--shard-dir"));
    let e = dir.path().join("e").display().to_string();
    let ko = repo("examples/ko-3x3.sgf");
    let mut args = vec![
        "replay",
        &parquet,
        &ko,
        "--sgf-column",
        "sgf",
        "--shard",
        "1/2",
    ];
    args.extend(["--shard-dir", &e]);
    let out = run(&args);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(out).contains("ko-3x3.sgf: neither a Parquet file"));
    assert!(!dir.path().join("e/replay-1-of-2.json").exists());
}
