//! The arguments of the entry points, read from any JavaScript value: a value of the wrong type
//! throws `TtrulesTypeError`, a value out of range `TtrulesValueError` or its subclass for the
//! argument, each naming the argument (as the Python package's `args`). napi's own conversions
//! would throw a bare `Error` ("Failed to convert JavaScript value…"), so the entry points take
//! `Unknown` values and call these.

use crate::errors::{Fail, Outcome};
use napi::bindgen_prelude::{Array, JsObjectValue, Object, Unknown};
use napi::{JsValue, ValueType};
use std::path::PathBuf;

/// Whether `v` is absent: `undefined` or `null`.
pub fn absent(v: Option<&Unknown>) -> bool {
    match v {
        None => true,
        Some(v) => matches!(v.get_type(), Ok(ValueType::Undefined) | Ok(ValueType::Null)),
    }
}

/// The type of `v` as `typeof` names it (`array` for an array).
pub fn type_name(v: &Unknown) -> &'static str {
    match v.get_type() {
        Ok(ValueType::Undefined) => "undefined",
        Ok(ValueType::Null) => "null",
        Ok(ValueType::Boolean) => "boolean",
        Ok(ValueType::Number) => "number",
        Ok(ValueType::String) => "string",
        Ok(ValueType::Symbol) => "symbol",
        Ok(ValueType::BigInt) => "bigint",
        Ok(ValueType::Function) => "function",
        Ok(ValueType::Object) if v.is_array().unwrap_or(false) => "array",
        Ok(ValueType::Object) => "object",
        _ => "value",
    }
}

/// How a value shows in a message: strings quoted, numbers as they are, others by type.
pub fn shown(v: &Unknown) -> String {
    match v.get_type() {
        Ok(ValueType::String) => match unsafe { v.cast::<String>() } {
            Ok(s) if s.chars().count() > 40 => {
                format!("{:?}…", s.chars().take(40).collect::<String>())
            }
            Ok(s) => format!("{s:?}"),
            Err(_) => "a string".into(),
        },
        Ok(ValueType::Number) => unsafe { v.cast::<f64>() }
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "a number".into()),
        Ok(ValueType::Boolean) => unsafe { v.cast::<bool>() }
            .map(|b| b.to_string())
            .unwrap_or_else(|_| "a boolean".into()),
        _ => type_name(v).to_string(),
    }
}

/// `TtrulesTypeError`: `name` wanted `what`.
pub fn wrong_type(name: &str, what: &str, v: &Unknown) -> Fail {
    Fail::new(
        "TtrulesTypeError",
        format!("{name} must be {what}, not {} ({})", type_name(v), shown(v)),
    )
}

/// A number, or `TtrulesTypeError`.
pub fn number(v: &Unknown, name: &str) -> Outcome<f64> {
    if v.get_type().ok() != Some(ValueType::Number) {
        return Err(wrong_type(name, "a number", v));
    }
    unsafe { v.cast::<f64>() }.map_err(|e| crate::errors::napi("TtrulesTypeError", e))
}

/// An integer in `lo..=hi`; a number that is no integer or is out of range throws `class` (a
/// `TtrulesValueError`), its message saying `why` when given.
pub fn int(
    v: &Unknown,
    name: &str,
    (lo, hi): (i64, i64),
    class: &'static str,
    why: Option<&str>,
) -> Outcome<i64> {
    let n = number(v, name)?;
    let out_of_range = || {
        let message = match why {
            Some(why) => format!("{name} {}: {why}", shown(v)),
            None if hi == i64::MAX => format!("{name} must be an integer {lo} or more, not {n}"),
            None => format!("{name} must be an integer from {lo} to {hi}, not {n}"),
        };
        Fail::new(class, message)
    };
    if n.fract() != 0.0 || !n.is_finite() || n < lo as f64 || n > hi as f64 {
        return Err(out_of_range());
    }
    Ok(n as i64)
}

/// An optional integer: absent stays `None`.
pub fn opt_int(
    v: Option<&Unknown>,
    name: &str,
    range: (i64, i64),
    class: &'static str,
) -> Outcome<Option<i64>> {
    match v {
        Some(v) if !absent(Some(v)) => int(v, name, range, class, None).map(Some),
        _ => Ok(None),
    }
}

/// A string, or `TtrulesTypeError`.
pub fn string(v: &Unknown, name: &str) -> Outcome<String> {
    if v.get_type().ok() != Some(ValueType::String) {
        return Err(wrong_type(name, "a string", v));
    }
    unsafe { v.cast::<String>() }.map_err(|e| crate::errors::napi("TtrulesTypeError", e))
}

/// An optional string: absent stays `None`.
pub fn opt_string(v: Option<&Unknown>, name: &str) -> Outcome<Option<String>> {
    match v {
        Some(v) if !absent(Some(v)) => string(v, name).map(Some),
        _ => Ok(None),
    }
}

/// A boolean; absent gives `default`.
pub fn boolean(v: Option<&Unknown>, name: &str, default: bool) -> Outcome<bool> {
    match v {
        Some(v) if !absent(Some(v)) => {
            if v.get_type().ok() != Some(ValueType::Boolean) {
                return Err(wrong_type(name, "a boolean", v));
            }
            unsafe { v.cast::<bool>() }.map_err(|e| crate::errors::napi("TtrulesTypeError", e))
        }
        _ => Ok(default),
    }
}

/// An options object (absent: none); anything else but a plain object is `TtrulesTypeError`.
pub fn options<'a>(v: Option<&Unknown<'a>>, name: &str) -> Outcome<Option<Object<'a>>> {
    match v {
        Some(v) if !absent(Some(v)) => {
            if v.get_type().ok() != Some(ValueType::Object) || v.is_array().unwrap_or(false) {
                return Err(wrong_type(name, "an object", v));
            }
            unsafe { v.cast::<Object>() }
                .map(Some)
                .map_err(|e| crate::errors::napi("TtrulesTypeError", e))
        }
        _ => Ok(None),
    }
}

/// The value of `key` in an options object (absent when the object or the key is).
pub fn field<'a>(o: Option<&Object<'a>>, key: &str) -> Outcome<Option<Unknown<'a>>> {
    let Some(o) = o else { return Ok(None) };
    let v: Unknown = o
        .get_named_property(key)
        .map_err(|e| crate::errors::napi("TtrulesTypeError", e))?;
    Ok(if absent(Some(&v)) { None } else { Some(v) })
}

/// The keys of an options object that are not among `known`: a misspelt option is an error,
/// not a silent default.
pub fn unknown_keys(o: Option<&Object>, known: &[&str], what: &str) -> Outcome<()> {
    let Some(o) = o else { return Ok(()) };
    let keys = Object::keys(o).map_err(|e| crate::errors::napi("TtrulesTypeError", e))?;
    match keys.iter().find(|k| !known.contains(&k.as_str())) {
        None => Ok(()),
        Some(k) => Err(Fail::new(
            "TtrulesTypeError",
            format!(
                "{what}: unknown option {k:?} (the options are {})",
                known.join(", ")
            ),
        )),
    }
}

/// An array, or `TtrulesTypeError`.
pub fn array<'a>(v: &Unknown<'a>, name: &str, what: &str) -> Outcome<Array<'a>> {
    if !v.is_array().unwrap_or(false) {
        return Err(wrong_type(name, what, v));
    }
    unsafe { v.cast::<Array>() }.map_err(|e| crate::errors::napi("TtrulesTypeError", e))
}

/// Each item of the array `v`, read by `read` in order: `wrong_type(name, what, v)` when `v` is
/// not an array or an item cannot be had, else `read`'s first error.
pub fn each_item<T>(
    v: &Unknown,
    name: &str,
    what: &str,
    mut read: impl FnMut(&Unknown) -> Outcome<T>,
) -> Outcome<Vec<T>> {
    let a = array(v, name, what)?;
    (0..a.len())
        .map(|i| {
            let item: Unknown = a
                .get(i)
                .ok()
                .flatten()
                .ok_or_else(|| wrong_type(name, what, v))?;
            read(&item)
        })
        .collect()
}

/// A list of paths: one string or an array of strings.
pub fn paths(v: &Unknown, name: &str) -> Outcome<Vec<PathBuf>> {
    if v.get_type().ok() == Some(ValueType::String) {
        return Ok(vec![PathBuf::from(string(v, name)?)]);
    }
    let what = "a path or an array of paths";
    let a = array(v, name, what)?;
    (0..a.len())
        .map(|i| {
            let item: Unknown = a
                .get(i)
                .map_err(|e| crate::errors::napi("TtrulesTypeError", e))?
                .ok_or_else(|| wrong_type(name, what, v))?;
            string(&item, &format!("each of {name}")).map(PathBuf::from)
        })
        .collect()
}

/// The engine option: `"fast"` (the default) or `"reference"`.
pub fn engine(v: Option<&Unknown>) -> Outcome<&'static str> {
    match opt_string(v, "engine")?.as_deref() {
        None | Some("fast") => Ok("fast"),
        Some("reference") => Ok("reference"),
        Some(other) => Err(Fail::new(
            "TtrulesValueError",
            format!("engine {other:?}: expected \"fast\" or \"reference\""),
        )),
    }
}
