//! Whole runs into Parquet: a bulk replay of SGF files ([`replay_files`]), one shard of it
//! ([`replay_shard`], merged by `ttrules merge` as the JSON-lines shards are, the tables then
//! concatenated by [`concatenate`]), and the SGF texts of tables' columns ([`replay_tables`]).

use crate::games::Origin;
use crate::input::{read_table, Columns, Text};
use crate::write::{Output, Sink, TableFile};
use crate::{games_schema, moves_schema};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Instant;
use ttrules_record::replay::shard::{job, shard_files};
use ttrules_record::replay::{replay_all, replay_file, Options, Refused, Replayed, Summary};
use ttrules_record::shard::{write_atomic, Shard, ShardFile};

type Results = [Result<Replayed, Refused>];

/// Replays `files` in parallel (as `replay --jsonl` does, in their order) into the tables of
/// `out`; `each` sees every file's games as they are written.
pub fn replay_files(
    files: &[PathBuf],
    opts: &Options,
    out: &Output,
    each: impl FnMut(&Results),
) -> Result<Summary, String> {
    let mut sink = Sink::create(out, 0, 1)?;
    let summary = into_sink(files, opts, &mut sink, each)?;
    sink.commit()?;
    Ok(summary)
}

/// [`replay_all`] into `sink`; the first failed write ends the writing, and is the answer.
fn into_sink(
    files: &[PathBuf],
    opts: &Options,
    sink: &mut Sink,
    mut each: impl FnMut(&Results),
) -> Result<Summary, String> {
    let mut failed = None;
    let summary = replay_all(files, opts, false, |results| {
        each(results);
        if failed.is_some() {
            return;
        }
        for r in results {
            if let Err(e) = sink.push(r, Origin::default()) {
                failed = Some(e);
                return;
            }
        }
    });
    match failed {
        Some(e) => Err(e),
        None => Ok(summary),
    }
}

/// Where shard `K/N` writes in `dir`: `games-K-of-N.parquet` (and `moves-K-of-N.parquet`), and
/// its shard file `replay-K-of-N.json`, the last, once the tables are whole.
pub fn shard_output(dir: &Path, shard: Shard, moves: bool, hashes: bool) -> Output {
    Output {
        dir: dir.to_path_buf(),
        games: shard.file_name("games", "parquet"),
        moves: moves.then(|| shard.file_name("moves", "parquet")),
        hashes,
    }
}

/// What must be equal for Parquet replay shards to merge: the replay's job, the output's kind
/// and its tables.
fn parquet_job(opts: &Options, roots: &[PathBuf], out: &Output) -> serde_json::Value {
    let mut job = job(opts, roots);
    if let Some(o) = job.as_object_mut() {
        o.insert("output".into(), "parquet".into());
        o.insert("moves".into(), out.moves.is_some().into());
        o.insert("hashes".into(), out.hashes.into());
    }
    job
}

/// Replays `shard`'s files of `roots` into `out` (see [`shard_output`]), the games numbered
/// `i × N + K − 1` (unique across the shards), then writes the shard file into `out.dir`.
/// Returns the summary and the shard file.
pub fn replay_shard(
    roots: &[PathBuf],
    shard: Shard,
    opts: &Options,
    out: &Output,
    each: impl FnMut(&Results),
) -> Result<(Summary, ShardFile), String> {
    let start = Instant::now();
    let files = shard_files(roots, shard)?;
    let mut sink = Sink::create(out, u64::from(shard.k - 1), u64::from(shard.n))?;
    let summary = into_sink(&files, opts, &mut sink, each)?;
    sink.commit()?;
    let file = ShardFile {
        format: ShardFile::FORMAT.into(),
        kind: "replay".into(),
        shard,
        job: parquet_job(opts, roots, out),
        seconds: start.elapsed().as_secs_f64(),
        result: serde_json::to_value(&summary).expect("a summary serialises"),
    };
    let text = serde_json::to_string_pretty(&file).expect("a shard file serialises") + "\n";
    write_atomic(&out.dir.join(shard.file_name("replay", "json")), &text)?;
    Ok((summary, file))
}

/// The tables of a complete set of Parquet replay shards (`files`, each with the path of its
/// shard file, checked by the merge first) concatenated in shard order into `out`'s files.
pub fn concatenate(files: &[(PathBuf, ShardFile)], out: &Output) -> Result<(), String> {
    let mut order: Vec<&(PathBuf, ShardFile)> = files.iter().collect();
    order.sort_by_key(|(_, f)| f.shard.k);
    for f in &order {
        if f.1.job.get("output").and_then(|o| o.as_str()) != Some("parquet") {
            return Err(format!(
                "{}: a shard of JSON lines, not of Parquet tables",
                f.0.display()
            ));
        }
    }
    let moves = order
        .first()
        .and_then(|f| f.1.job.get("moves"))
        .and_then(|m| m.as_bool())
        .unwrap_or(false);
    std::fs::create_dir_all(&out.dir).map_err(|e| format!("{}: {e}", out.dir.display()))?;
    let (games_path, moves_path) = out.paths();
    let mut kinds = vec![("games", games_path, games_schema())];
    match (moves, moves_path) {
        (true, Some(p)) => kinds.push(("moves", p, moves_schema())),
        (false, Some(p)) => {
            return Err(format!(
                "{}: the shards have no moves table (replay without --moves)",
                p.display()
            ))
        }
        _ => {}
    }
    for (kind, path, schema) in kinds {
        let mut table = TableFile::create(&path, schema, 1 << 20)?;
        for (shard_path, f) in &order {
            let dir = shard_path.parent().unwrap_or(Path::new("."));
            let part = dir.join(f.shard.file_name(kind, "parquet"));
            let at = |e: &dyn std::fmt::Display| format!("{}: {e}", part.display());
            let file = std::fs::File::open(&part).map_err(|e| at(&e))?;
            let reader = ParquetRecordBatchReaderBuilder::try_new(file)
                .and_then(|b| b.with_batch_size(65_536).build())
                .map_err(|e| at(&e))?;
            for batch in reader {
                table.write(&batch.map_err(|e| at(&e))?)?;
            }
        }
        table.commit()?;
    }
    Ok(())
}

/// The name a table's row is replayed under (the `file` of its JSON document and its messages):
/// `TABLE:ROW`.
pub fn row_name(table: &Path, row: u64) -> String {
    format!("{}:{row}", table.display())
}

/// Replays the SGF texts of the column `cols.sgf` of each table of `tables` (in order, a chunk of
/// rows at a time, each chunk in parallel); `each` sees every game in row order with its origin.
/// Returns the summary (each row counted as a file), and the error that stopped the reading, if
/// one did: the rows before it were replayed and given to `each`.
pub fn replay_tables(
    tables: &[PathBuf],
    cols: &Columns<'_>,
    opts: &Options,
    mut each: impl FnMut(&Result<Replayed, Refused>, Origin<'_>) -> Result<(), String>,
) -> (Summary, Option<String>) {
    let mut summary = Summary::default();
    for table in tables {
        let name = table.display().to_string();
        let mut chunk_done = |chunk: Vec<Text>| -> Result<(), String> {
            let results: Vec<Vec<Result<Replayed, Refused>>> = chunk
                .par_iter()
                .map(|t| {
                    let file = row_name(table, t.row);
                    match &t.sgf {
                        Ok(bytes) => replay_file(bytes, &file, None, opts),
                        Err(why) => vec![Err(Refused {
                            file,
                            tree: None,
                            kind: "table",
                            message: format!("row {}: {why}", t.row),
                        })],
                    }
                })
                .collect();
            for (t, rs) in chunk.iter().zip(&results) {
                summary.add_file(rs);
                let origin = Origin {
                    table: Some((&name, t.row)),
                    id: t.id.as_deref(),
                };
                for r in rs {
                    each(r, origin)?;
                }
            }
            Ok(())
        };
        if let Err(e) = read_table(table, cols, &mut chunk_done) {
            return (summary, Some(e));
        }
    }
    (summary, None)
}
