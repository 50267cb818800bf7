//! SGF texts read from a table's column (`replay --sgf-column NAME`): a Parquet file's column of
//! strings or bytes, or a JSON-lines file's field, with the game's id from another column
//! (`--id-column`), a chunk of rows at a time.
//!
//! A table that cannot be read (not Parquet nor JSON lines, no such column, a column that is not
//! text) is an error naming the file and the column; a row whose text is missing (a null, a JSON
//! line without the field or that is not JSON) is a row refused with kind `table`, naming the row
//! and the column, and the other rows go on.

use arrow_array::cast::AsArray;
use arrow_array::types::{
    Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use arrow_array::Array;
use arrow_schema::DataType;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ProjectionMask;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::ops::Range;
use std::path::Path;

/// One row of a table: its number (from 0), its id, and its SGF text or why it has none.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub row: u64,
    pub id: Option<String>,
    pub sgf: Result<Vec<u8>, String>,
}

/// The column names and how many rows a chunk holds.
#[derive(Clone, Debug)]
pub struct Columns<'a> {
    pub sgf: &'a str,
    pub id: Option<&'a str>,
    pub chunk: usize,
}

/// Reads the rows of the table at `path`, a chunk at a time, into `each`; stops at the first
/// error `each` returns. Parquet is known by its magic bytes, JSON lines by the name's extension
/// (`.jsonl`, `.ndjson`, `.json`).
pub fn read_table(
    path: &Path,
    cols: &Columns<'_>,
    each: &mut dyn FnMut(Vec<Text>) -> Result<(), String>,
) -> Result<(), String> {
    read_rows(path, cols, 0..u64::MAX, each)
}

/// [`read_table`] of the rows numbered `rows` only (a shard's): a Parquet file's rows before them
/// are skipped undecoded where its row groups allow, a JSON-lines file's other lines are not
/// parsed, and the reading stops after the last.
pub fn read_rows(
    path: &Path,
    cols: &Columns<'_>,
    rows: Range<u64>,
    each: &mut dyn FnMut(Vec<Text>) -> Result<(), String>,
) -> Result<(), String> {
    match kind(path)? {
        Kind::Parquet => read_parquet(path, cols, rows, each),
        Kind::JsonLines => read_json_lines(path, cols, rows, each),
    }
}

/// The two kinds of table.
enum Kind {
    Parquet,
    JsonLines,
}

/// Parquet by its magic bytes, JSON lines by the name's extension (`.jsonl`, `.ndjson`, `.json`).
fn kind(path: &Path) -> Result<Kind, String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let mut magic = [0u8; 4];
    let n = File::open(path)
        .and_then(|mut f| f.read(&mut magic))
        .map_err(|e| at(&e))?;
    if n == 4 && &magic == b"PAR1" {
        return Ok(Kind::Parquet);
    }
    let json = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["jsonl", "ndjson", "json"].contains(&e.to_ascii_lowercase().as_str()));
    if json {
        return Ok(Kind::JsonLines);
    }
    Err(at(&"neither a Parquet file (it does not begin with PAR1) nor JSON lines (.jsonl, .ndjson, .json)"))
}

/// Whether a column of this type holds text: strings, or bytes (an SGF file's own encoding).
pub fn is_text(t: &DataType) -> bool {
    matches!(
        t,
        DataType::Utf8
            | DataType::LargeUtf8
            | DataType::Utf8View
            | DataType::Binary
            | DataType::LargeBinary
            | DataType::BinaryView
    )
}

/// Whether an id column of this type can be written as text.
fn is_id(t: &DataType) -> bool {
    is_text(t) || t.is_integer()
}

/// The bytes of row `i` of a text column ([`is_text`]), `None` for a null. The one reading of a
/// text cell: the Python module's Arrow columns call it too.
pub fn text_at(a: &dyn Array, i: usize) -> Option<&[u8]> {
    if a.is_null(i) {
        return None;
    }
    Some(match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().value(i).as_bytes(),
        DataType::LargeUtf8 => a.as_string::<i64>().value(i).as_bytes(),
        DataType::Utf8View => a.as_string_view().value(i).as_bytes(),
        DataType::Binary => a.as_binary::<i32>().value(i),
        DataType::LargeBinary => a.as_binary::<i64>().value(i),
        DataType::BinaryView => a.as_binary_view().value(i),
        _ => return None,
    })
}

/// Row `i` of an id column (`is_id`) as text, `None` for a null. The one reading of an id
/// cell: the Python module's Arrow columns call it too.
pub fn id_at(a: &dyn Array, i: usize) -> Option<String> {
    if a.is_null(i) {
        return None;
    }
    let n = match a.data_type() {
        DataType::Int8 => a.as_primitive::<Int8Type>().value(i).to_string(),
        DataType::Int16 => a.as_primitive::<Int16Type>().value(i).to_string(),
        DataType::Int32 => a.as_primitive::<Int32Type>().value(i).to_string(),
        DataType::Int64 => a.as_primitive::<Int64Type>().value(i).to_string(),
        DataType::UInt8 => a.as_primitive::<UInt8Type>().value(i).to_string(),
        DataType::UInt16 => a.as_primitive::<UInt16Type>().value(i).to_string(),
        DataType::UInt32 => a.as_primitive::<UInt32Type>().value(i).to_string(),
        DataType::UInt64 => a.as_primitive::<UInt64Type>().value(i).to_string(),
        _ => return text_at(a, i).map(|b| String::from_utf8_lossy(b).into_owned()),
    };
    Some(n)
}

fn read_parquet(
    path: &Path,
    cols: &Columns<'_>,
    rows: Range<u64>,
    each: &mut dyn FnMut(Vec<Text>) -> Result<(), String>,
) -> Result<(), String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = File::open(path).map_err(|e| at(&e))?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file)
        .map_err(|e| at(&format!("not a readable Parquet file: {e}")))?;
    let schema = builder.schema().clone();
    let find = |name: &str, ok: fn(&DataType) -> bool, what: &str| {
        let (i, f) = schema.column_with_name(name).ok_or_else(|| {
            let names: Vec<&str> = schema.fields().iter().map(|f| f.name().as_str()).collect();
            at(&format!(
                "no column `{name}` (its columns: {})",
                names.join(", ")
            ))
        })?;
        if !ok(f.data_type()) {
            return Err(at(&format!(
                "column `{name}` is {}, not {what}",
                f.data_type()
            )));
        }
        Ok(i)
    };
    let sgf = find(cols.sgf, is_text, "text (strings or bytes)")?;
    let id = match cols.id {
        Some(name) => Some(find(name, is_id, "text or integers")?),
        None => None,
    };
    let mut roots = vec![sgf];
    roots.extend(id);
    let mask = ProjectionMask::roots(builder.parquet_schema(), roots);
    let reader = builder
        .with_projection(mask)
        .with_batch_size(cols.chunk.max(1))
        .with_offset(usize::try_from(rows.start).unwrap_or(usize::MAX))
        .with_limit(usize::try_from(rows.end - rows.start).unwrap_or(usize::MAX))
        .build()
        .map_err(|e| at(&e))?;
    // The projected batch keeps the file's column order.
    let (sgf_at, id_at_) = match id {
        Some(i) if i < sgf => (1, Some(0)),
        Some(_) => (0, Some(1)),
        None => (0, None),
    };
    let mut row = rows.start;
    for batch in reader {
        let batch = batch.map_err(|e| at(&format!("row {row} on: {e}")))?;
        let texts = batch.column(sgf_at);
        let ids = id_at_.map(|i| batch.column(i));
        let chunk = (0..batch.num_rows())
            .map(|i| Text {
                row: row + i as u64,
                id: ids.and_then(|a| id_at(a.as_ref(), i)),
                sgf: text_at(texts.as_ref(), i)
                    .map(<[u8]>::to_vec)
                    .ok_or_else(|| format!("column `{}` is null", cols.sgf)),
            })
            .collect();
        row += batch.num_rows() as u64;
        each(chunk)?;
    }
    Ok(())
}

/// Row `row` of a JSON-lines table: the object's fields named.
fn json_row(line: &str, row: u64, cols: &Columns<'_>) -> Text {
    let value: serde_json::Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Text {
                row,
                id: None,
                sgf: Err(format!("not a JSON value: {e}")),
            }
        }
    };
    let id = cols.id.and_then(|name| match value.get(name) {
        None | Some(serde_json::Value::Null) => None,
        Some(serde_json::Value::String(s)) => Some(s.clone()),
        Some(v) => Some(v.to_string()),
    });
    let sgf = match value.get(cols.sgf) {
        Some(serde_json::Value::String(s)) => Ok(s.clone().into_bytes()),
        None => Err(format!("no field `{}`", cols.sgf)),
        Some(v) => Err(format!(
            "field `{}` is {}, not text",
            cols.sgf,
            json_kind(v)
        )),
    };
    Text { row, id, sgf }
}

fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

fn read_json_lines(
    path: &Path,
    cols: &Columns<'_>,
    rows: Range<u64>,
    each: &mut dyn FnMut(Vec<Text>) -> Result<(), String>,
) -> Result<(), String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = File::open(path).map_err(|e| at(&e))?;
    let mut chunk = Vec::new();
    // Rows are the file's lines, from 0; blank lines hold no row.
    for (row, line) in BufReader::new(file).split(b'\n').enumerate() {
        let line = line.map_err(|e| at(&format!("line {}: {e}", row + 1)))?;
        if (row as u64) < rows.start {
            continue;
        }
        if row as u64 >= rows.end {
            break;
        }
        let text = match std::str::from_utf8(&line) {
            Ok(t) if t.trim().is_empty() => continue,
            Ok(t) => json_row(t, row as u64, cols),
            Err(e) => Text {
                row: row as u64,
                id: None,
                sgf: Err(format!("not UTF-8: {e}")),
            },
        };
        chunk.push(text);
        if chunk.len() >= cols.chunk.max(1) {
            each(std::mem::take(&mut chunk))?;
        }
    }
    if !chunk.is_empty() {
        each(chunk)?;
    }
    Ok(())
}

/// How many rows the table at `path` has, the rows [`read_table`] numbers: a Parquet file's rows
/// (from its footer), a JSON-lines file's lines (blank ones included). An error for a file that
/// is neither, as [`read_table`] gives it.
pub fn row_count(path: &Path) -> Result<u64, String> {
    let at = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let file = File::open(path).map_err(|e| at(&e))?;
    if let Kind::Parquet = kind(path)? {
        let builder = ParquetRecordBatchReaderBuilder::try_new(file)
            .map_err(|e| at(&format!("not a readable Parquet file: {e}")))?;
        return Ok(builder.metadata().file_metadata().num_rows().max(0) as u64);
    }
    let mut reader = BufReader::new(file);
    let (mut lines, mut last) = (0u64, b'\n');
    loop {
        let buf = reader.fill_buf().map_err(|e| at(&e))?;
        let Some(&end) = buf.last() else { break };
        lines += buf.iter().filter(|&&b| b == b'\n').count() as u64;
        last = end;
        let len = buf.len();
        reader.consume(len);
    }
    // A last line without its newline is a row too.
    Ok(lines + u64::from(last != b'\n'))
}
