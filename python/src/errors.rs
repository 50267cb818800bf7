//! The boundary between Rust and Python: every error becomes one of the exception classes of
//! `ttrules/_errors.py` (a Python module, so that the classes carry typed fields and are easy to
//! subclass), and no panic crosses into Python: [`guard`] catches it and raises
//! `ttrules.InternalError`.

use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError, PyRuntimeError,
};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// An instance of `ttrules._errors.CLASS(*args)` as a `PyErr`. Should the class not be found (the
/// extension imported without its package), a `RuntimeError` says so.
pub fn raise<'py, A>(py: Python<'py>, class: &str, args: A) -> PyErr
where
    A: pyo3::call::PyCallArgs<'py>,
{
    let made = py
        .import("ttrules._errors")
        .and_then(|m| m.getattr(class))
        .and_then(|c| c.call1(args));
    match made {
        Ok(exc) => PyErr::from_value(exc),
        Err(e) => PyRuntimeError::new_err(format!(
            "ttrules: cannot raise ttrules.{class} ({e}); is the extension imported without its package?"
        )),
    }
}

/// Runs `f`, turning a panic into `ttrules.InternalError`: a broken invariant in Rust is a bug
/// to report, never a crash of the interpreter nor a `BaseException` that `except Exception`
/// misses.
pub fn guard<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => Err(internal(py, payload_text(payload.as_ref()))),
    }
}

/// The message a panic carried.
pub fn payload_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// `ttrules.InternalError` for a panic that said `message`.
pub fn internal(py: Python<'_>, message: String) -> PyErr {
    raise(
        py,
        "InternalError",
        (format!("ttrules: internal error (a bug; please report it with the call that caused it): {message}"),),
    )
}

/// A `ValueError` subclass of `ttrules._errors` with a message.
pub fn value(py: Python<'_>, class: &str, message: impl Into<String>) -> PyErr {
    raise(py, class, (message.into(),))
}

/// The `OSError` subclass Python itself raises for `e` on `path` (`FileNotFoundError`, …), with
/// the file name in its message.
pub fn io(path: &str, e: &std::io::Error) -> PyErr {
    let args = (
        e.raw_os_error().unwrap_or(0),
        e.to_string(),
        path.to_string(),
    );
    match e.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(args),
        std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(args),
        std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(args),
        _ => PyOSError::new_err(args),
    }
}
