//! SGF texts from a column: any Python object of the Arrow PyCapsule interface (a pyarrow array
//! or chunked array, a polars Series, …), imported without a copy through the Arrow C data
//! interface ([`import`]), with the records' ids from another column ([`Texts`]).
//!
//! Note: `__arrow_c_stream__` is preferred (a chunked array or a Series gives every chunk), then
//! `__arrow_c_array__` (one array). The column must be text (`utf8`, `large_utf8`, `utf8_view`)
//! or bytes (`binary`, `large_binary`, `binary_view`: records in another encoding than UTF-8);
//! anything else is refused before any record is replayed. A null text is a refused record.

use crate::errors;
use arrow_array::array::{Array, ArrayRef};
use arrow_array::ffi::{from_ffi, from_ffi_and_data_type, FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::ffi_stream::FFI_ArrowArrayStream;
use arrow_array::make_array;
use arrow_schema::{DataType, Field};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyCapsuleMethods, PyTuple};
use ttrules_tables::input::{id_at, is_text, text_at};

/// Whether `obj` speaks the Arrow PyCapsule interface.
pub fn is_arrow(obj: &Bound<'_, PyAny>) -> bool {
    obj.hasattr("__arrow_c_stream__").unwrap_or(false)
        || obj.hasattr("__arrow_c_array__").unwrap_or(false)
}

/// The chunks of the Arrow column `obj` and their type, imported through its PyCapsules.
pub fn import(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<ArrayRef>> {
    let failed = |e: String| {
        errors::value(
            py,
            "TtrulesValueError",
            format!("{what}: cannot import the Arrow column: {e}"),
        )
    };
    if obj.hasattr("__arrow_c_stream__")? {
        let capsule = obj.call_method0("__arrow_c_stream__")?;
        let capsule = capsule.cast::<PyCapsule>()?;
        let ptr = capsule.pointer_checked(Some(c"arrow_array_stream"))?;
        // SAFETY: the capsule holds an ArrowArrayStream (its name says so, as the PyCapsule
        // interface defines it); `from_raw` moves it out and marks the capsule's released.
        let stream = unsafe { FFI_ArrowArrayStream::from_raw(ptr.as_ptr().cast()) };
        return read_stream(stream).map_err(failed);
    }
    let pair = obj.call_method1("__arrow_c_array__", (py.None(),))?;
    let pair = pair.cast::<PyTuple>()?;
    let schema = pair.get_item(0)?;
    let schema = schema.cast::<PyCapsule>()?;
    let array = pair.get_item(1)?;
    let array = array.cast::<PyCapsule>()?;
    let schema_ptr = schema.pointer_checked(Some(c"arrow_schema"))?;
    let array_ptr = array.pointer_checked(Some(c"arrow_array"))?;
    // SAFETY: the capsules hold an ArrowSchema (borrowed: the capsule releases it) and an
    // ArrowArray (moved out), as their names say.
    let data = unsafe {
        let schema = &*schema_ptr.as_ptr().cast::<FFI_ArrowSchema>();
        let array = FFI_ArrowArray::from_raw(array_ptr.as_ptr().cast());
        from_ffi(array, schema)
    };
    Ok(vec![make_array(data.map_err(|e| failed(e.to_string()))?)])
}

/// Every array of a stream of one column.
fn read_stream(mut stream: FFI_ArrowArrayStream) -> Result<Vec<ArrayRef>, String> {
    let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
        return Err("the stream is already released".into());
    };
    let mut schema = FFI_ArrowSchema::empty();
    // SAFETY: a live stream's callbacks, called as the C stream interface defines them.
    let code = unsafe { get_schema(&mut stream, &mut schema) };
    if code != 0 {
        return Err(last_error(&mut stream, code));
    }
    let field = Field::try_from(&schema).map_err(|e| e.to_string())?;
    let mut chunks = Vec::new();
    loop {
        let mut array = FFI_ArrowArray::empty();
        // SAFETY: as above.
        let code = unsafe { get_next(&mut stream, &mut array) };
        if code != 0 {
            return Err(last_error(&mut stream, code));
        }
        if array.is_released() {
            return Ok(chunks);
        }
        // SAFETY: an array of the stream's type, owned by `array`.
        let data = unsafe { from_ffi_and_data_type(array, field.data_type().clone()) };
        chunks.push(make_array(data.map_err(|e| e.to_string())?));
    }
}

/// The stream's message for an error `code`.
fn last_error(stream: &mut FFI_ArrowArrayStream, code: i32) -> String {
    let Some(get_last_error) = stream.get_last_error else {
        return format!("error {code}");
    };
    // SAFETY: a live stream's callback; the text stays valid until the next call.
    let text = unsafe { get_last_error(stream) };
    if text.is_null() {
        return format!("error {code}");
    }
    // SAFETY: a NUL-terminated text, as the interface defines it.
    unsafe { std::ffi::CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

/// Whether `t` names records: text or an integer (not bytes, which `ttrules_tables`' id columns
/// may be).
fn is_id(t: &DataType) -> bool {
    matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View) || t.is_integer()
}

/// The chunks of one column, addressed by row.
struct Chunks {
    arrays: Vec<ArrayRef>,
    /// The first row of each array, and the number of rows after the last.
    starts: Vec<usize>,
}

impl Chunks {
    fn new(arrays: Vec<ArrayRef>) -> Chunks {
        let mut starts = vec![0];
        for a in &arrays {
            starts.push(starts.last().copied().unwrap_or(0) + a.len());
        }
        Chunks { arrays, starts }
    }

    fn len(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// The array and index of row `i`, `None` when null.
    fn at(&self, i: usize) -> Option<(&dyn Array, usize)> {
        let k = self.starts.partition_point(|&s| s <= i) - 1;
        let (a, j) = (self.arrays[k].as_ref(), i - self.starts[k]);
        (!a.is_null(j)).then_some((a, j))
    }

    fn data_type(&self) -> Option<&DataType> {
        self.arrays.first().map(|a| a.data_type())
    }
}

/// The SGF texts of a column, and their ids.
pub struct Texts {
    texts: Chunks,
    ids: Option<Chunks>,
}

impl Texts {
    /// The texts of the column `texts`, named by the column `ids` (text or integers; default:
    /// the row numbers, from 0).
    pub fn new(
        py: Python<'_>,
        texts: &Bound<'_, PyAny>,
        ids: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Texts> {
        let refuse = |m: String| errors::value(py, "TtrulesValueError", m);
        let texts = Chunks::new(import(py, texts, "the SGF texts")?);
        if let Some(t) = texts.data_type().filter(|t| !is_text(t)) {
            return Err(refuse(format!(
                "the SGF texts are a column of {t}, not of text (utf8, large_utf8, utf8_view) \
                 nor of bytes (binary, large_binary, binary_view); nothing was replayed"
            )));
        }
        let ids = match ids {
            Some(obj) if !obj.is_none() => {
                if !is_arrow(obj) {
                    return Err(crate::args::wrong_type(
                        py,
                        "ids",
                        "an Arrow column (a pyarrow array or chunked array, a polars Series) \
                         of text or integers",
                        obj,
                    ));
                }
                let ids = Chunks::new(import(py, obj, "ids")?);
                if let Some(t) = ids.data_type().filter(|t| !is_id(t)) {
                    return Err(refuse(format!(
                        "ids are a column of {t}, not of text nor integers; nothing was replayed"
                    )));
                }
                if ids.len() != texts.len() {
                    return Err(refuse(format!(
                        "ids has {} rows and the SGF texts {}: they must be rows of one table",
                        ids.len(),
                        texts.len()
                    )));
                }
                Some(ids)
            }
            _ => None,
        };
        Ok(Texts { texts, ids })
    }

    /// How many records.
    pub fn len(&self) -> usize {
        self.texts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the records have ids (else their row numbers name them).
    pub fn has_ids(&self) -> bool {
        self.ids.is_some()
    }

    /// The bytes of record `i`, `None` when null.
    pub fn text(&self, i: usize) -> Option<&[u8]> {
        let (a, j) = self.texts.at(i)?;
        text_at(a, j)
    }

    /// The id of record `i` (its row number when there are no ids, or its id is null).
    pub fn id(&self, i: usize) -> String {
        self.ids
            .as_ref()
            .and_then(|ids| ids.at(i))
            .and_then(|(a, j)| id_at(a, j))
            .unwrap_or_else(|| i.to_string())
    }
}
