//! The arguments of the entry points, read from any Python value: a value of the wrong type raises
//! `ttrules.TtrulesTypeError` (also a `TypeError`), a value out of range `ttrules.TtrulesValueError`
//! or its subclass for the argument (also a `ValueError`), each naming the argument. PyO3's own
//! conversions would raise a bare `OverflowError` for `handicap=-1` or `Game(2**70)` and a bare
//! `TypeError` for `Game("9")` (issue 32, D13): the entry points take `Bound<PyAny>` and call these.

use crate::errors;
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use std::path::PathBuf;

/// How a value shows in a message: its `repr`, shortened.
fn shown(obj: &Bound<'_, PyAny>) -> String {
    let r = obj
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "the value".into());
    if r.chars().count() > 60 {
        format!("{}…", r.chars().take(60).collect::<String>())
    } else {
        r
    }
}

/// The type of `obj`, for a message.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// `TtrulesTypeError`: `name` wanted `what`.
pub fn wrong_type(py: Python<'_>, name: &str, what: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    errors::raise(
        py,
        "TtrulesTypeError",
        (format!(
            "{name} must be {what}, not {} ({})",
            type_name(obj),
            shown(obj)
        ),),
    )
}

/// An integer argument in `lo..=hi`; out of range raises `class` (a `TtrulesValueError`).
pub fn int(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    name: &str,
    range: (i64, i64),
    class: &str,
) -> PyResult<i64> {
    int_with(py, obj, name, range, class, None)
}

/// [`int`], the message of a value out of range saying `why` (else "must be from LO to HI").
pub fn int_with(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
    name: &str,
    (lo, hi): (i64, i64),
    class: &str,
    why: Option<&str>,
) -> PyResult<i64> {
    let out_of_range = || {
        let message = match why {
            Some(why) => format!("{name} {}: {why}", shown(obj)),
            None if hi == i64::MAX => format!("{name} must be {lo} or more, not {}", shown(obj)),
            None => format!("{name} must be from {lo} to {hi}, not {}", shown(obj)),
        };
        errors::value(py, class, message)
    };
    // A bool is an int to Python, but `Game(True)` is a mistake, not a 1x1 board.
    if obj.is_instance_of::<PyBool>() {
        return Err(wrong_type(py, name, "an int", obj));
    }
    match obj.extract::<i64>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        Ok(_) => Err(out_of_range()),
        Err(e) if e.is_instance_of::<PyOverflowError>(py) => Err(out_of_range()),
        Err(_) => Err(wrong_type(py, name, "an int", obj)),
    }
}

/// An optional integer argument: `None` stays `None`.
pub fn opt_int(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    range: (i64, i64),
    class: &str,
) -> PyResult<Option<i64>> {
    match obj {
        Some(o) if !o.is_none() => int(py, o, name, range, class).map(Some),
        _ => Ok(None),
    }
}

/// A string argument; `None` (or absent) gives `default`.
pub fn string(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    default: &str,
) -> PyResult<String> {
    match obj {
        Some(o) if !o.is_none() => match o.cast::<PyString>() {
            Ok(s) => Ok(s.to_cow()?.into_owned()),
            Err(_) => Err(wrong_type(py, name, "a str", o)),
        },
        _ => Ok(default.to_string()),
    }
}

/// An optional string argument: `None` stays `None`.
pub fn opt_string(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
) -> PyResult<Option<String>> {
    match obj {
        Some(o) if !o.is_none() => string(py, Some(o), name, "").map(Some),
        _ => Ok(None),
    }
}

/// A bool argument (`True`, `False`, numpy's bools); `None` (or absent) gives `default`.
pub fn boolean(
    py: Python<'_>,
    obj: Option<&Bound<'_, PyAny>>,
    name: &str,
    default: bool,
) -> PyResult<bool> {
    match obj {
        Some(o) if !o.is_none() => o
            .extract::<bool>()
            .map_err(|_| wrong_type(py, name, "a bool", o)),
        _ => Ok(default),
    }
}

/// A path argument: a `str` or an `os.PathLike`.
pub fn path(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<PathBuf> {
    obj.extract::<PathBuf>()
        .map_err(|_| wrong_type(py, name, "a path (str or os.PathLike)", obj))
}

/// A list of paths.
pub fn paths(py: Python<'_>, obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<PathBuf>> {
    // One path (a str, an os.PathLike), else an iterable of them.
    if let Ok(p) = obj.extract::<PathBuf>() {
        return Ok(vec![p]);
    }
    let items = obj
        .try_iter()
        .map_err(|_| wrong_type(py, name, "a path or a list of paths", obj))?;
    items
        .map(|item| path(py, &item?, &format!("each of {name}")))
        .collect()
}

/// The engine argument: `"fast"` (the default) or `"reference"`.
pub fn engine(py: Python<'_>, obj: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    let e = string(py, obj, "engine", "fast")?;
    match e.as_str() {
        "fast" | "reference" => Ok(e),
        other => Err(errors::value(
            py,
            "TtrulesValueError",
            format!("engine {other:?}: expected \"fast\" or \"reference\""),
        )),
    }
}
