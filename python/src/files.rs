//! Files from Python: only regular files are read (a FIFO would block the call forever, a device
//! such as `/dev/zero` would never end: issue 32, D3), and the temporary `PATH.tmp-PID` a killed
//! `verify(out=PATH)` left behind is removed by the next run (D15).
//!
//! Reading goes through the record crate's `input::read_regular`, shared by every reader of
//! record files.

use std::io;
use std::path::{Path, PathBuf};

/// The bytes of the regular file `path`, through the record crate's reader of record files
/// (regular files only, at most `MAX_FILE_BYTES`); a folder is Python's `IsADirectoryError`, as
/// `open()` raises it.
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return Err(io::Error::new(io::ErrorKind::IsADirectory, "is a folder"));
    }
    ttrules_record::input::read_regular(path)
}

/// `PATH.tmp-PID` beside `path`, for this process: written whole, then renamed over `path`.
pub fn temporary(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".tmp-{}", std::process::id()));
    path.with_file_name(name)
}

/// Whether process `pid` is alive (or exists under another user: not ours to judge).
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    if pid <= 0 {
        return false;
    }
    // SAFETY: signal 0 sends nothing; it only asks whether the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Removes the stale temporaries of `path`: the files `PATH.tmp-PID` (exactly: the name of `path`,
/// `.tmp-`, digits) whose process is gone. A live process's temporary is left alone (another run
/// writing the same output). Returns the files removed.
pub fn remove_stale_temporaries(path: &Path) -> Vec<PathBuf> {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return Vec::new();
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let prefix = format!("{name}.tmp-");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(pid) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else {
            continue;
        };
        let stale = !pid.is_empty()
            && pid.bytes().all(|b| b.is_ascii_digit())
            && pid.parse::<u32>().is_ok_and(|p| !alive(p))
            && entry.file_type().is_ok_and(|t| t.is_file());
        if stale && std::fs::remove_file(entry.path()).is_ok() {
            removed.push(entry.path());
        }
    }
    removed
}
