//! The documents of `replay --json` as Python objects, built in Rust from their serde
//! serialisation ([`ToPy`]): no JSON text and no `json.loads` on the way (issue 34). A replayed
//! game's document, the bulk of `replay_many`'s work, is made field by field by [`replayed`]
//! (`topy/doc.rs`, 1.5 times faster), held by a test to this serializer's, which defines it.
//!
//! Note: the value is exactly what `json.loads` gives for serde_json's text of the same document:
//! a struct or map a `dict` (fields in serialisation order, skipped fields absent), a sequence a
//! `list`, `None` for a missing option, integers `int`, floating-point numbers `float` (serde_json
//! writes an `f64` in a form that reads back as the same `float`, `7.0` included), text `str`.
//! Field names, and the short texts that repeat within and across games (colour letters, point
//! names, `"pass"`, rule words), are made once per [`Strings`] and shared.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use pyo3::IntoPyObjectExt;
use serde::ser::{self, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

mod doc;

pub use doc::replayed;

/// A multiply-rotate hash (FxHash's): the tables below are keyed by addresses and short texts
/// this process made, so a keyed hash buys nothing and SipHash would cost a fifth of a lookup.
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

/// The Python strings made so far: field names by their address (they are `&'static str`), texts
/// of at most 7 bytes (point names, colours, `pass`: most texts of a document) in a direct-mapped
/// table keyed by their bytes packed in a word, and other short texts by their bytes.
pub struct Strings {
    keys: FxMap<(usize, usize), Py<PyString>>,
    tiny: Vec<Option<(u64, Py<PyString>)>>,
    short: FxMap<Box<str>, Py<PyString>>,
    /// What [`replayed`] keeps: made on first use.
    doc: Option<doc::Cache>,
}

impl Default for Strings {
    fn default() -> Strings {
        Strings {
            keys: FxMap::default(),
            tiny: (0..TINY_SLOTS).map(|_| None).collect(),
            short: FxMap::default(),
            doc: None,
        }
    }
}

/// The slots of the table of texts of at most 7 bytes (a power of two).
const TINY_SLOTS: usize = 2048;

/// The longest text kept in [`Strings`] (point names, colours, `pass`, rule and outcome words).
const SHORT: usize = 16;

/// How many short texts of 8 bytes or more [`Strings`] keeps at most.
const SHORT_KEPT: usize = 4096;

impl Strings {
    fn key<'py>(&mut self, py: Python<'py>, key: &'static str) -> Bound<'py, PyString> {
        // SAFETY: the string is kept in `self.keys`; this takes a new reference to it.
        unsafe { Bound::from_borrowed_ptr(py, self.key_ptr(py, key)).cast_into_unchecked() }
    }

    /// The interned Python string of `key`, borrowed: it lives as long as `self`.
    fn key_ptr(&mut self, py: Python<'_>, key: &'static str) -> *mut pyo3::ffi::PyObject {
        self.keys
            .entry((key.as_ptr() as usize, key.len()))
            .or_insert_with(|| PyString::intern(py, key).unbind())
            .as_ptr()
    }

    fn text<'py>(&mut self, py: Python<'py>, s: &str) -> Bound<'py, PyString> {
        if s.len() < 8 {
            // The bytes and the length in one word: equal words, equal texts.
            let mut word = [0u8; 8];
            word[..s.len()].copy_from_slice(s.as_bytes());
            word[7] = s.len() as u8;
            let key = u64::from_le_bytes(word);
            let slot = (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 53) as usize % TINY_SLOTS;
            if let Some((k, p)) = &self.tiny[slot] {
                if *k == key {
                    return p.bind(py).clone();
                }
            }
            let p = PyString::new(py, s);
            self.tiny[slot] = Some((key, p.clone().unbind()));
            return p;
        }
        if s.len() > SHORT {
            return PyString::new(py, s);
        }
        if let Some(p) = self.short.get(s) {
            return p.bind(py).clone();
        }
        let p = PyString::new(py, s);
        if self.short.len() < SHORT_KEPT {
            self.short.insert(s.into(), p.clone().unbind());
        }
        p
    }
}

/// `value` as the Python object `json.loads(serde_json::to_string(value))` gives.
pub fn to_py<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    strings: &mut Strings,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    value.serialize(ToPy { py, strings }).map_err(|Error(e)| e)
}

/// The error of [`ToPy`]: a Python exception (building an object failed) or serde's message.
#[derive(Debug)]
pub struct Error(PyErr);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<M: fmt::Display>(msg: M) -> Error {
        Error(pyo3::exceptions::PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Error {
        Error(e)
    }
}

/// A serde serializer whose output is a Python object.
pub struct ToPy<'a, 'py> {
    py: Python<'py>,
    strings: &'a mut Strings,
}

type Out<'py> = Result<Bound<'py, PyAny>, Error>;

impl<'a, 'py> ToPy<'a, 'py> {
    fn int<I: IntoPyObject<'py>>(self, v: I) -> Out<'py> {
        v.into_bound_py_any(self.py).map_err(Error)
    }
}

/// A list or tuple being built.
pub struct Seq<'a, 'py> {
    py: Python<'py>,
    strings: &'a mut Strings,
    items: Vec<Bound<'py, PyAny>>,
}

/// A dict being built (a struct or a map).
pub struct Dict<'a, 'py> {
    py: Python<'py>,
    strings: &'a mut Strings,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyAny>>,
}

impl<'a, 'py> ser::Serializer for ToPy<'a, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    type SerializeSeq = Seq<'a, 'py>;
    type SerializeTuple = Seq<'a, 'py>;
    type SerializeTupleStruct = Seq<'a, 'py>;
    type SerializeTupleVariant = ser::Impossible<Self::Ok, Error>;
    type SerializeMap = Dict<'a, 'py>;
    type SerializeStruct = Dict<'a, 'py>;
    type SerializeStructVariant = ser::Impossible<Self::Ok, Error>;

    fn serialize_bool(self, v: bool) -> Out<'py> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Out<'py> {
        self.int(v)
    }
    fn serialize_i16(self, v: i16) -> Out<'py> {
        self.int(v)
    }
    fn serialize_i32(self, v: i32) -> Out<'py> {
        self.int(v)
    }
    fn serialize_i64(self, v: i64) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u8(self, v: u8) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u16(self, v: u16) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u32(self, v: u32) -> Out<'py> {
        self.int(v)
    }
    fn serialize_u64(self, v: u64) -> Out<'py> {
        self.int(v)
    }
    fn serialize_f32(self, v: f32) -> Out<'py> {
        self.serialize_f64(f64::from(v))
    }
    fn serialize_f64(self, v: f64) -> Out<'py> {
        // serde_json writes a NaN or an infinity as `null`.
        if !v.is_finite() {
            return Ok(self.py.None().into_bound(self.py));
        }
        Ok(PyFloat::new(self.py, v).into_any())
    }
    fn serialize_char(self, v: char) -> Out<'py> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Out<'py> {
        Ok(self.strings.text(self.py, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Out<'py> {
        // serde_json writes bytes as a list of numbers.
        let items = v
            .iter()
            .map(|b| b.into_bound_py_any(self.py))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyList::new(self.py, items)?.into_any())
    }
    fn serialize_none(self) -> Out<'py> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Out<'py> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Out<'py> {
        Ok(self.strings.key(self.py, variant).into_any())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Out<'py> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Out<'py> {
        let dict = PyDict::new(self.py);
        let key = self.strings.key(self.py, variant);
        let value = value.serialize(ToPy {
            py: self.py,
            strings: self.strings,
        })?;
        dict.set_item(key, value)?;
        Ok(dict.into_any())
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'a, 'py>, Error> {
        Ok(Seq {
            py: self.py,
            strings: self.strings,
            items: Vec::with_capacity(len.unwrap_or(0)),
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'a, 'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'a, 'py>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(ser::Error::custom(format!(
            "{name}: tuple variants are not documents"
        )))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Dict<'a, 'py>, Error> {
        Ok(Dict {
            py: self.py,
            dict: PyDict::new(self.py),
            strings: self.strings,
            key: None,
        })
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Dict<'a, 'py>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(ser::Error::custom(format!(
            "{name}: struct variants are not documents"
        )))
    }
}

impl<'py> Seq<'_, 'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let v = value.serialize(ToPy {
            py: self.py,
            strings: self.strings,
        })?;
        self.items.push(v);
        Ok(())
    }

    fn list(self) -> Out<'py> {
        Ok(PyList::new(self.py, self.items)?.into_any())
    }
}

impl<'py> ser::SerializeSeq for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.list()
    }
}

impl<'py> ser::SerializeTuple for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.list()
    }
}

impl<'py> ser::SerializeTupleStruct for Seq<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Out<'py> {
        self.list()
    }
}

impl<'py> Dict<'_, 'py> {
    fn value<T: Serialize + ?Sized>(&mut self, value: &T) -> Out<'py> {
        value.serialize(ToPy {
            py: self.py,
            strings: self.strings,
        })
    }
}

impl<'py> ser::SerializeMap for Dict<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        // serde_json writes every map key as a string (numbers and booleans quoted).
        let k = self.value(key)?;
        let k = if k.is_instance_of::<PyString>() {
            k
        } else {
            k.str()?.into_any()
        };
        self.key = Some(k);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let v = self.value(value)?;
        let k = self
            .key
            .take()
            .ok_or_else(|| <Error as ser::Error>::custom("a map value without its key"))?;
        self.dict.set_item(k, v)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}

impl<'py> ser::SerializeStruct for Dict<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        let v = self.value(value)?;
        let k = self.strings.key(self.py, key);
        self.dict.set_item(k, v)?;
        Ok(())
    }
    fn end(self) -> Out<'py> {
        Ok(self.dict.into_any())
    }
}
