//! Reading written tables back, column by column, as plain values.

use std::path::Path;
use ttrules_tables::arrow_array::cast::AsArray;
use ttrules_tables::arrow_array::types::{
    Float64Type, Int16Type, Int32Type, Int8Type, UInt16Type, UInt32Type, UInt64Type, UInt8Type,
};
use ttrules_tables::arrow_array::{Array, ArrayRef, RecordBatch};
use ttrules_tables::arrow_schema::{DataType, SchemaRef};
use ttrules_tables::parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

/// One warning as read back: kind, node, text.
pub type Warning = (String, Option<u32>, String);

/// A table read back: its schema and its rows as one batch per file batch.
pub struct Table {
    pub schema: SchemaRef,
    pub batches: Vec<RecordBatch>,
}

pub fn read(path: &Path) -> Table {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let schema = builder.schema().clone();
    let batches = builder.build().unwrap().map(Result::unwrap).collect();
    Table { schema, batches }
}

impl Table {
    pub fn rows(&self) -> usize {
        self.batches.iter().map(RecordBatch::num_rows).sum()
    }

    fn columns(&self, name: &str) -> Vec<ArrayRef> {
        self.batches
            .iter()
            .map(|b| {
                b.column_by_name(name)
                    .unwrap_or_else(|| panic!("no column {name}"))
                    .clone()
            })
            .collect()
    }

    /// A string column (plain or dictionary-encoded), row by row.
    pub fn strings(&self, name: &str) -> Vec<Option<String>> {
        let mut out = Vec::new();
        for a in self.columns(name) {
            for i in 0..a.len() {
                out.push(string_at(a.as_ref(), i));
            }
        }
        out
    }

    /// A numeric column as `f64`, row by row.
    pub fn numbers(&self, name: &str) -> Vec<Option<f64>> {
        let mut out = Vec::new();
        for a in self.columns(name) {
            for i in 0..a.len() {
                out.push((!a.is_null(i)).then(|| number_at(a.as_ref(), i)));
            }
        }
        out
    }

    pub fn bools(&self, name: &str) -> Vec<Option<bool>> {
        let mut out = Vec::new();
        for a in self.columns(name) {
            let b = a.as_boolean();
            for i in 0..a.len() {
                out.push((!a.is_null(i)).then(|| b.value(i)));
            }
        }
        out
    }

    /// The warnings column: each row's list of (kind, node, text), `None` for a null list.
    pub fn warnings(&self) -> Vec<Option<Vec<Warning>>> {
        let mut out = Vec::new();
        for a in self.columns("warnings") {
            let list = a.as_list::<i32>();
            for i in 0..a.len() {
                if a.is_null(i) {
                    out.push(None);
                    continue;
                }
                let s = list.value(i);
                let s = s.as_struct();
                let (kind, node, text) = (s.column(0), s.column(1), s.column(2));
                let node = node.as_primitive::<UInt32Type>();
                out.push(Some(
                    (0..s.len())
                        .map(|j| {
                            (
                                string_at(kind.as_ref(), j).unwrap(),
                                (!node.is_null(j)).then(|| node.value(j)),
                                string_at(text.as_ref(), j).unwrap(),
                            )
                        })
                        .collect(),
                ));
            }
        }
        out
    }
}

fn string_at(a: &dyn Array, i: usize) -> Option<String> {
    if a.is_null(i) {
        return None;
    }
    Some(match a.data_type() {
        DataType::Utf8 => a.as_string::<i32>().value(i).to_string(),
        DataType::Dictionary(k, _) => {
            let (key, values) = match k.as_ref() {
                DataType::Int8 => {
                    let d = a.as_dictionary::<Int8Type>();
                    (d.keys().value(i) as usize, d.values())
                }
                DataType::Int16 => {
                    let d = a.as_dictionary::<Int16Type>();
                    (d.keys().value(i) as usize, d.values())
                }
                DataType::Int32 => {
                    let d = a.as_dictionary::<Int32Type>();
                    (d.keys().value(i) as usize, d.values())
                }
                other => panic!("dictionary keys {other}"),
            };
            values.as_string::<i32>().value(key).to_string()
        }
        other => panic!("not a string column: {other}"),
    })
}

fn number_at(a: &dyn Array, i: usize) -> f64 {
    match a.data_type() {
        DataType::UInt8 => f64::from(a.as_primitive::<UInt8Type>().value(i)),
        DataType::UInt16 => f64::from(a.as_primitive::<UInt16Type>().value(i)),
        DataType::UInt32 => f64::from(a.as_primitive::<UInt32Type>().value(i)),
        DataType::UInt64 => a.as_primitive::<UInt64Type>().value(i) as f64,
        DataType::Float64 => a.as_primitive::<Float64Type>().value(i),
        other => panic!("not a number column: {other}"),
    }
}

/// A type as the book writes it.
pub fn type_name(t: &DataType) -> String {
    match t {
        DataType::UInt8 => "uint8".into(),
        DataType::UInt16 => "uint16".into(),
        DataType::UInt32 => "uint32".into(),
        DataType::UInt64 => "uint64".into(),
        DataType::Float64 => "float64".into(),
        DataType::Boolean => "bool".into(),
        DataType::Utf8 => "string".into(),
        DataType::Dictionary(k, v) => format!("dictionary<{}, {}>", type_name(k), type_name(v)),
        DataType::Int8 => "int8".into(),
        DataType::Int16 => "int16".into(),
        DataType::Int32 => "int32".into(),
        DataType::List(item) => format!("list<{}>", type_name(item.data_type())),
        DataType::Struct(fields) => {
            let inner: Vec<String> = fields
                .iter()
                .map(|f| {
                    let q = if f.is_nullable() { "?" } else { "" };
                    format!("{}: {}{q}", f.name(), type_name(f.data_type()))
                })
                .collect();
            format!("struct<{}>", inner.join(", "))
        }
        other => format!("{other}"),
    }
}
