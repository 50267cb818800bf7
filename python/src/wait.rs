//! Waiting for work on other threads without holding the GIL, and without deafness to Python's
//! signals: the wait wakes every [`TICK`] to run `py.check_signals()`, so that Ctrl-C
//! (`KeyboardInterrupt`) reaches the caller of a long `replay_many` or `verify` (issue 32, D3).

use crate::errors::{self, payload_text};
use pyo3::prelude::*;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// How often a wait looks at Python's signals.
pub const TICK: Duration = Duration::from_millis(50);

/// The next message of `rx`, waited for with the GIL released: `Ok(None)` once every sender is
/// gone, the signal handler's exception if one raised. The receiver is handed back either way.
pub fn recv<T: Send>(py: Python<'_>, rx: Receiver<T>) -> (Receiver<T>, PyResult<Option<T>>) {
    let mut rx = rx;
    loop {
        let (back, got) = py.detach(move || {
            let got = rx.recv_timeout(TICK);
            (rx, got)
        });
        rx = back;
        match got {
            Ok(v) => return (rx, Ok(Some(v))),
            Err(RecvTimeoutError::Disconnected) => return (rx, Ok(None)),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    return (rx, Err(e));
                }
            }
        }
    }
}

/// Runs `work` on a thread of its own while this one waits with the GIL released, looking at
/// Python's signals every [`TICK`]. When a handler raises (Ctrl-C), `cancel` is set, the work is
/// waited for (it stops at its next look at `cancel`, and cleans up), and the exception is
/// raised. A panic in `work` is `ttrules.InternalError`.
pub fn interruptible<T: Send>(
    py: Python<'_>,
    cancel: &AtomicBool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::scope(|s| {
        s.spawn(move || {
            let _ = tx.send(catch_unwind(AssertUnwindSafe(work)));
        });
        let mut rx = rx;
        let mut raised: Option<PyErr> = None;
        loop {
            let (back, got) = recv(py, rx);
            rx = back;
            match got {
                Ok(Some(Ok(v))) => return raised.map_or(Ok(v), Err),
                Ok(Some(Err(p))) => return Err(errors::internal(py, payload_text(p.as_ref()))),
                Ok(None) => {
                    return Err(errors::internal(
                        py,
                        "a worker thread ended without its result".into(),
                    ))
                }
                Err(e) => {
                    cancel.store(true, Ordering::Relaxed);
                    raised.get_or_insert(e);
                }
            }
        }
    })
}
