//! The tables built from replays: their schemas, a round trip through Parquet, the position hash
//! against an independent count, and the reading of SGF texts from a table's column.

use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{ArrayRef, Int64Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use ttrules_record::replay::{replay_file, Options, Refused, Replayed};
use ttrules_record::shard::Shard;
use ttrules_spec::{Colour, Engine, Point};
use ttrules_tables::input::{read_rows, read_table, row_count, Columns, Text};
use ttrules_tables::run::shard_rows;
use ttrules_tables::write::{Output, Sink};
use ttrules_tables::{games_schema, moves_schema, Games, Moves, Origin};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every game of the repository's test records and examples, and of the first records of a
/// folder of ../shared/records (professional games, long and with captures), replayed.
fn records() -> Vec<Result<Replayed, Refused>> {
    let mut out = Vec::new();
    let shared = "../shared/records/fox-pro/9p";
    for dir in ["tests/records", "examples", shared] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e} (the tests read ../shared/records)"))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
            .collect();
        files.sort();
        files.truncate(if dir == shared { 8 } else { files.len() });
        for f in files {
            let bytes = std::fs::read(&f).unwrap();
            out.extend(replay_file(
                &bytes,
                &f.display().to_string(),
                None,
                &Options::default(),
            ));
        }
    }
    assert!(out.len() > 40, "{} games", out.len());
    out
}

#[test]
fn batches_have_the_schemas_and_a_row_per_game_and_turn() {
    let rs = records();
    let (mut games, mut moves) = (Games::new(), Moves::new(true));
    let mut turns = 0;
    for (i, r) in rs.iter().enumerate() {
        games.push(i as u64, r, Origin::default());
        if let Ok(r) = r {
            moves.push(i as u64, r);
            turns += r.replay.turns.len();
        }
    }
    let refused = rs.iter().filter(|r| r.is_err()).count();
    assert!(refused > 0 && refused < rs.len(), "{refused} refused");
    let g = games.finish();
    assert_eq!(g.schema(), games_schema());
    assert_eq!(g.num_rows(), rs.len());
    let m = moves.finish();
    assert_eq!(m.schema(), moves_schema());
    assert_eq!(m.num_rows(), turns);
    // The builders start afresh.
    assert_eq!(games.finish().num_rows(), 0);
    // Each game's captures, summed over its turns, are the game's.
    let game = m
        .column_by_name("game")
        .unwrap()
        .as_primitive::<UInt64Type>();
    let caps = m
        .column_by_name("captures")
        .unwrap()
        .as_primitive::<arrow_array::types::UInt16Type>();
    for (i, r) in rs.iter().enumerate() {
        let Ok(r) = r else { continue };
        let sum: u32 = (0..m.num_rows())
            .filter(|&j| game.value(j) == i as u64)
            .map(|j| u32::from(caps.value(j)))
            .sum();
        assert_eq!(sum, r.replay.captures.black + r.replay.captures.white);
    }
}

/// The hash of the colouring of `e`, stone by stone with the documented keys.
fn hash_of<E: Engine>(e: &E) -> u64 {
    let size = e.size();
    let mut h = 0;
    for y in 0..size.height() {
        for x in 0..size.width() {
            let p = Point::new(x as u8, y as u8);
            match e.colour_at(p) {
                Colour::Black => h ^= ttrules_tables::hash::key(p, true),
                Colour::White => h ^= ttrules_tables::hash::key(p, false),
                Colour::Empty => {}
            }
        }
    }
    h
}

#[test]
fn position_hashes_are_the_colourings_of_the_reference_engine() {
    let mut compared = 0;
    let mut captures = 0;
    for r in records().iter().flatten() {
        let turns = r.replay.turns.len();
        let hashes = ttrules_tables::hash::hashes(&r.game, turns).expect("replayed games replay");
        let mut e = ttrules_reference::Reference::from_setup(&r.game.setup, r.game.rules).unwrap();
        for (m, h) in r.game.moves.iter().zip(&hashes) {
            if e.is_over() {
                e.resume().unwrap();
            }
            match e.play(m.mv) {
                Ok(report) => {
                    captures += report.captured;
                    assert_eq!(*h, Some(hash_of(&e)), "{} turn", r.record.file);
                    compared += 1;
                }
                Err(_) => assert_eq!(*h, None),
            }
        }
    }
    assert!(compared > 1000 && captures > 10, "{compared} {captures}");
}

#[test]
fn parquet_files_read_back_equal() {
    let dir = tempfile::tempdir().unwrap();
    let rs = records();
    let out = Output::new(dir.path(), true, false);
    let mut sink = Sink::create(&out, 3, 2).unwrap();
    for r in &rs {
        sink.push(r, Origin::default()).unwrap();
    }
    // Nothing under the final names before the commit.
    assert!(!dir.path().join("games.parquet").exists());
    sink.commit().unwrap();
    let mut games = Games::new();
    for (i, r) in rs.iter().enumerate() {
        games.push(3 + 2 * i as u64, r, Origin::default());
    }
    let want = games.finish();
    let file = std::fs::File::open(dir.path().join("games.parquet")).unwrap();
    let batches: Vec<RecordBatch> = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap()
        .map(Result::unwrap)
        .collect();
    let got = arrow_select_concat(&batches);
    assert_eq!(got.schema(), games_schema());
    assert_eq!(got.num_rows(), want.num_rows());
    for (i, (a, b)) in got.columns().iter().zip(want.columns()).enumerate() {
        assert_eq!(
            a.to_data(),
            b.to_data(),
            "column {}",
            games_schema().field(i).name()
        );
    }
    assert!(dir.path().join("moves.parquet").exists());
}

/// One batch of all `batches` (one here: the file holds fewer rows than a batch).
fn arrow_select_concat(batches: &[RecordBatch]) -> RecordBatch {
    assert_eq!(batches.len(), 1);
    batches[0].clone()
}

/// A Parquet table of `columns` at `path`.
fn parquet_table(path: &Path, columns: Vec<(&str, ArrayRef)>) {
    let fields: Vec<Field> = columns
        .iter()
        .map(|(n, a)| Field::new(*n, a.data_type().clone(), true))
        .collect();
    let batch = RecordBatch::try_new(
        Arc::new(Schema::new(fields)),
        columns.into_iter().map(|c| c.1).collect(),
    )
    .unwrap();
    let mut w =
        ArrowWriter::try_new(std::fs::File::create(path).unwrap(), batch.schema(), None).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
}

fn read_all(path: &Path, sgf: &str, id: Option<&str>) -> Result<Vec<Text>, String> {
    let mut rows = Vec::new();
    let cols = Columns { sgf, id, chunk: 2 };
    read_table(path, &cols, &mut |chunk| {
        assert!(chunk.len() <= 2);
        rows.extend(chunk);
        Ok(())
    })?;
    Ok(rows)
}

#[test]
fn sgf_texts_are_read_from_a_parquet_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    let texts = StringArray::from(vec![Some("(;SZ[9];B[ee])"), None, Some("(;B[aa])")]);
    let ids = Int64Array::from(vec![Some(7), Some(8), None]);
    parquet_table(
        &path,
        vec![("id", Arc::new(ids) as ArrayRef), ("sgf", Arc::new(texts))],
    );
    let rows = read_all(&path, "sgf", Some("id")).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0].sgf.as_deref(), Ok(&b"(;SZ[9];B[ee])"[..]));
    assert_eq!(rows[0].id.as_deref(), Some("7"));
    assert_eq!(rows[1].sgf, Err("column `sgf` is null".into()));
    assert_eq!((rows[2].row, rows[2].id.as_deref()), (2, None));
    let e = read_all(&path, "text", None).unwrap_err();
    assert!(e.contains("no column `text` (its columns: id, sgf)"), "{e}");
    let e = read_all(&path, "id", None).unwrap_err();
    assert!(e.contains("column `id` is Int64, not text"), "{e}");
}

#[test]
fn sgf_texts_are_read_from_json_lines_and_bad_rows_are_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(
        &path,
        "{\"sgf\":\"(;B[aa])\",\"id\":\"x\"}\n\n{\"id\":3}\nnot json\n{\"sgf\":5,\"id\":4}\n",
    )
    .unwrap();
    let rows = read_all(&path, "sgf", Some("id")).unwrap();
    type Row<'a> = (u64, Option<&'a str>, Result<&'a [u8], &'a str>);
    let rows: Vec<Row> = rows
        .iter()
        .map(|t| {
            (
                t.row,
                t.id.as_deref(),
                t.sgf.as_deref().map_err(|e| &e[..12]),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (0, Some("x"), Ok(&b"(;B[aa])"[..])),
            (2, Some("3"), Err("no field `sg")),
            (3, None, Err("not a JSON v")),
            (4, Some("4"), Err("field `sgf` ")),
        ]
    );
    let other = dir.path().join("t.csv");
    std::fs::write(&other, "sgf\n(;)\n").unwrap();
    let e = read_all(&other, "sgf", None).unwrap_err();
    assert!(e.contains("neither a Parquet file"), "{e}");
    let fake = dir.path().join("fake.parquet");
    std::fs::write(&fake, b"PAR1 but not really").unwrap();
    let e = read_all(&fake, "sgf", None).unwrap_err();
    assert!(e.contains("not a readable Parquet file"), "{e}");
}

#[test]
fn a_column_of_bytes_is_text_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.parquet");
    let bytes = arrow_array::BinaryArray::from(vec![&b"(;B[aa])"[..]]);
    parquet_table(&path, vec![("sgf", Arc::new(bytes) as ArrayRef)]);
    let rows = read_all(&path, "sgf", None).unwrap();
    assert_eq!(rows[0].sgf.as_deref(), Ok(&b"(;B[aa])"[..]));
    assert_eq!(
        DataType::Binary,
        *ParquetRecordBatchReaderBuilder::try_new(std::fs::File::open(&path).unwrap())
            .unwrap()
            .schema()
            .field(0)
            .data_type()
    );
}

/// The rows `rows` of `path` as `read_rows` reads them: (row, text).
fn read_range(path: &Path, rows: std::ops::Range<u64>) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let cols = Columns {
        sgf: "sgf",
        id: None,
        chunk: 3,
    };
    read_rows(path, &cols, rows, &mut |chunk| {
        out.extend(chunk.into_iter().map(|t| {
            let text = t.sgf.map_or_else(|e| e, |b| String::from_utf8(b).unwrap());
            (t.row, text)
        }));
        Ok(())
    })
    .unwrap();
    out
}

#[test]
fn a_range_of_rows_is_read_alone_and_shards_split_the_rows() {
    let dir = tempfile::tempdir().unwrap();
    // 20 rows in row groups of 6, and 11 lines (a blank one, the last without its newline).
    let texts: Vec<String> = (0..20).map(|i| format!("(;C[{i}])")).collect();
    let batch = RecordBatch::try_from_iter(vec![(
        "sgf",
        Arc::new(StringArray::from(texts.clone())) as ArrayRef,
    )])
    .unwrap();
    let parquet = dir.path().join("t.parquet");
    let props = parquet::file::properties::WriterProperties::builder()
        .set_max_row_group_row_count(Some(6))
        .build();
    let file = std::fs::File::create(&parquet).unwrap();
    let mut w = ArrowWriter::try_new(file, batch.schema(), Some(props)).unwrap();
    w.write(&batch).unwrap();
    w.close().unwrap();
    let mut lines: Vec<String> = (0..10)
        .map(|i| format!("{{\"sgf\":\"(;C[{i}])\"}}"))
        .collect();
    lines.insert(4, String::new());
    let jsonl = dir.path().join("t.jsonl");
    std::fs::write(&jsonl, lines.join("\n")).unwrap();
    assert_eq!(row_count(&parquet), Ok(20));
    assert_eq!(row_count(&jsonl), Ok(11));
    let whole = read_range(&parquet, 0..u64::MAX);
    assert_eq!(whole.len(), 20);
    for range in [0..0, 0..5, 5..13, 12..20, 17..40, 25..30] {
        let want: Vec<_> = whole
            .iter()
            .filter(|r| range.contains(&r.0))
            .cloned()
            .collect();
        assert_eq!(read_range(&parquet, range.clone()), want, "{range:?}");
    }
    let whole = read_range(&jsonl, 0..u64::MAX);
    assert_eq!(whole.len(), 10);
    assert_eq!(whole[4], (5, "(;C[4])".into()));
    assert_eq!(read_range(&jsonl, 3..6), whole[3..5].to_vec());
    // 31 rows in 4 shards: 7, 8, 8, 8 consecutive rows, across the tables' boundary.
    let tables = [parquet, jsonl];
    let split: Vec<Vec<std::ops::Range<u64>>> = (1..=4)
        .map(|k| shard_rows(&tables, Shard::new(k, 4).unwrap()).unwrap())
        .collect();
    assert_eq!(
        split,
        vec![
            vec![0..7, 0..0],
            vec![7..15, 0..0],
            vec![15..20, 0..3],
            vec![20..20, 3..11],
        ]
    );
}
