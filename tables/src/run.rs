//! Whole runs into Parquet: a bulk replay of SGF files ([`replay_files`]), one shard of it
//! ([`replay_shard`], merged by `ttrules merge` as the JSON-lines shards are, the tables then
//! concatenated by [`concatenate`]), and the SGF texts of tables' columns ([`replay_tables`]).

use crate::games::Origin;
use crate::input::{read_rows, row_count, Columns, Text};
use crate::write::{Output, Sink, TableFile};
use crate::{games_schema, moves_schema};
use arrow_array::cast::AsArray;
use arrow_array::types::UInt64Type;
use arrow_array::{RecordBatch, UInt64Array};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use rayon::prelude::*;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use ttrules_record::replay::shard::{job, shard_files, shard_paths};
use ttrules_record::replay::{
    refused_json, replay_all, replay_file, JsonLines, Options, Refused, Replayed, Summary,
};
use ttrules_record::shard::{write_atomic, Partial, Shard, ShardFile};

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

/// The options of a replay whose output is the tables: `opts`, without the legal points and
/// pass-alive areas at the end, which no column holds (r[life.area] is not computed for them).
pub fn options(opts: &Options) -> Options {
    Options {
        skip_end_lists: true,
        ..opts.clone()
    }
}

/// [`replay_all`] into `sink`; the first failed write ends the writing, and is the answer.
fn into_sink(
    files: &[PathBuf],
    opts: &Options,
    sink: &mut Sink,
    mut each: impl FnMut(&Results),
) -> Result<Summary, String> {
    let opts = &options(opts);
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
    // The games numbered again as one run numbers them, from 0 in the merged order: shard K's
    // i-th game (i × N + K − 1) is the games of the shards before it plus i.
    let mut before = vec![0u64; order.len()];
    for (kind, path, schema) in kinds {
        let layout = if kind == "games" {
            (crate::write::GAMES_DELTA, crate::write::GAMES_PLAIN)
        } else {
            (crate::write::MOVES_DELTA, crate::write::MOVES_PLAIN)
        };
        let mut table = TableFile::create(&path, schema, 1 << 20, layout)?;
        for (s, (shard_path, f)) in order.iter().enumerate() {
            let dir = shard_path.parent().unwrap_or(Path::new("."));
            let part = dir.join(f.shard.file_name(kind, "parquet"));
            let at = |e: &dyn std::fmt::Display| format!("{}: {e}", part.display());
            let file = std::fs::File::open(&part).map_err(|e| at(&e))?;
            let reader = ParquetRecordBatchReaderBuilder::try_new(file)
                .and_then(|b| b.with_batch_size(65_536).build())
                .map_err(|e| at(&e))?;
            let mut rows = 0;
            for batch in reader {
                let batch = batch.map_err(|e| at(&e))?;
                rows += batch.num_rows() as u64;
                table.write(&renumber(&batch, f.shard, before[s]).map_err(|e| at(&e))?)?;
            }
            if kind == "games" && s + 1 < order.len() {
                before[s + 1] = before[s] + rows;
            }
        }
        table.commit()?;
    }
    Ok(())
}

/// `batch` with its `game` column numbered again: shard `K/N`'s game `i × N + K − 1` becomes
/// `first + i`.
fn renumber(batch: &RecordBatch, shard: Shard, first: u64) -> Result<RecordBatch, String> {
    let at = batch
        .schema()
        .index_of("game")
        .map_err(|e| format!("no column game: {e}"))?;
    let games = batch
        .column(at)
        .as_primitive_opt::<UInt64Type>()
        .ok_or("the column game is not of uint64")?;
    let (k, n) = (u64::from(shard.k - 1), u64::from(shard.n));
    let mut numbers = Vec::with_capacity(games.len());
    for g in games.values() {
        if g % n != k {
            return Err(format!("game {g} is not a game of shard {shard}"));
        }
        numbers.push(first + g / n);
    }
    let mut columns = batch.columns().to_vec();
    columns[at] = Arc::new(UInt64Array::from(numbers));
    RecordBatch::try_new(batch.schema(), columns).map_err(|e| e.to_string())
}

/// The name a table's row is replayed under (the `file` of its JSON document and its messages):
/// `TABLE:ROW`.
pub fn row_name(table: &Path, row: u64) -> String {
    format!("{}:{row}", table.display())
}

/// Replays the SGF texts of the column `cols.sgf` of each table of `tables` (in order, a chunk of
/// rows at a time, each chunk in parallel); `each` sees every game in row order with its origin.
/// With `rows`, only the rows of `rows[t]` of table `t` are replayed (a shard's: [`shard_rows`]),
/// and a table none of whose rows are is not read. Returns the summary (each row counted as a
/// file), and the error that stopped the reading, if one did: the rows before it were replayed
/// and given to `each`.
pub fn replay_tables(
    tables: &[PathBuf],
    cols: &Columns<'_>,
    opts: &Options,
    rows: Option<&[Range<u64>]>,
    mut each: impl FnMut(&Result<Replayed, Refused>, Origin<'_>) -> Result<(), String>,
) -> (Summary, Option<String>) {
    let mut summary = Summary::default();
    for (t, table) in tables.iter().enumerate() {
        let range = rows.map_or(0..u64::MAX, |r| r[t].clone());
        if range.is_empty() {
            continue;
        }
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
        if let Err(e) = read_rows(table, cols, range, &mut chunk_done) {
            return (summary, Some(e));
        }
    }
    (summary, None)
}

/// Shard `K/N`'s rows of `tables`, a range of row numbers per table: the tables' rows one after
/// the other (as [`row_count`] counts them) are split into `N` runs of consecutive rows, as even
/// as can be, and shard `K` has the `K`-th. So the shards' outputs one after the other are one
/// run's over every row, in its order.
pub fn shard_rows(tables: &[PathBuf], shard: Shard) -> Result<Vec<Range<u64>>, String> {
    let counts = tables
        .iter()
        .map(|t| row_count(t))
        .collect::<Result<Vec<u64>, String>>()?;
    let total: u64 = counts.iter().sum();
    let cut = |k: u32| (u128::from(total) * u128::from(k) / u128::from(shard.n)) as u64;
    let (from, to) = (cut(shard.k - 1), cut(shard.k));
    let mut start = 0;
    Ok(counts
        .iter()
        .map(|&n| {
            let rows = from.clamp(start, start + n) - start..to.clamp(start, start + n) - start;
            start += n;
            rows
        })
        .collect())
}

/// Where a shard of tables' rows writes: its tables ([`shard_output`]), or its JSON lines into
/// a folder (`replay-K-of-N.jsonl`, as a shard of files writes them). The shard file goes beside.
pub enum ShardTarget<'a> {
    Tables(&'a Output),
    Lines(&'a Path),
}

/// Replays shard `K/N` of the rows of `tables` ([`shard_rows`]) into `target`, the games
/// numbered as [`replay_shard`] numbers them, then writes the shard file (its job names the
/// tables and columns). A table that stops the reading keeps the rows written before it, but the
/// shard file is not written (the shard is missing for `merge`). Returns the summary and the
/// shard file.
pub fn replay_tables_shard(
    tables: &[PathBuf],
    cols: &Columns<'_>,
    shard: Shard,
    opts: &Options,
    target: ShardTarget<'_>,
) -> Result<(Summary, ShardFile), String> {
    let start = Instant::now();
    let rows = shard_rows(tables, shard)?;
    let mut job = job(opts, tables);
    let dir = match target {
        ShardTarget::Tables(out) => {
            job = parquet_job(opts, tables, out);
            &out.dir
        }
        ShardTarget::Lines(dir) => dir,
    };
    if let Some(o) = job.as_object_mut() {
        o.insert("sgf_column".into(), cols.sgf.into());
        o.insert("id_column".into(), cols.id.into());
    }
    let mut out = match target {
        ShardTarget::Tables(out) => ShardSink::Tables(Box::new(Sink::create(
            out,
            u64::from(shard.k - 1),
            u64::from(shard.n),
        )?)),
        ShardTarget::Lines(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let (lines, _) = shard_paths(dir, shard);
            ShardSink::Lines(Partial::create(&lines)?, JsonLines::default())
        }
    };
    let opts = match out {
        ShardSink::Tables(_) => options(opts),
        ShardSink::Lines(..) => opts.clone(),
    };
    let (summary, stopped) = replay_tables(tables, cols, &opts, Some(&rows), |r, origin| {
        out.push(r, origin)
    });
    out.commit()?;
    if let Some(e) = stopped {
        return Err(e);
    }
    let file = ShardFile {
        format: ShardFile::FORMAT.into(),
        kind: "replay".into(),
        shard,
        job,
        seconds: start.elapsed().as_secs_f64(),
        result: serde_json::to_value(&summary).expect("a summary serialises"),
    };
    let text = serde_json::to_string_pretty(&file).expect("a shard file serialises") + "\n";
    write_atomic(&dir.join(shard.file_name("replay", "json")), &text)?;
    Ok((summary, file))
}

/// A shard's writer: its tables, or its JSON lines.
enum ShardSink {
    Tables(Box<Sink>),
    Lines(Partial, JsonLines),
}

impl ShardSink {
    fn push(&mut self, r: &Result<Replayed, Refused>, origin: Origin<'_>) -> Result<(), String> {
        match self {
            ShardSink::Tables(sink) => sink.push(r, origin),
            ShardSink::Lines(lines, json) => match r {
                Ok(r) => lines.write_line(json.text(r)),
                Err(e) => lines.write_line(&refused_json(e)),
            },
        }
    }

    fn commit(self) -> Result<(), String> {
        match self {
            ShardSink::Tables(sink) => (*sink).commit(),
            ShardSink::Lines(lines, _) => lines.commit(),
        }
    }
}
