//! The files `loadsgf` reads and `printsgf` writes: regular files only. A FIFO would block the
//! session forever at its `open` (no writer, or no reader), a device such as `/dev/zero` would
//! never end: they are refused with a message instead (issue 32, D3). The check is made on the
//! file opened (without blocking), not on the name before opening, so a file swapped between the
//! two cannot slip through.
//!
//! Reading goes through the record crate's `input::read_regular`, shared by every reader of
//! record files; writing is checked here the same way.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;

fn not_regular() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "not a regular file (a FIFO, device or folder is not read or written)",
    )
}

/// Opens `path` with `O_NONBLOCK` (a FIFO opens at once instead of waiting for its other end),
/// then refuses anything but a regular file.
fn open_regular(options: &mut OpenOptions, path: &str) -> io::Result<File> {
    // Said before opening when it can be (a FIFO without a reader would fail to open for writing
    // with a less helpful "no such device or address").
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(not_regular());
    }
    let f = options.custom_flags(libc::O_NONBLOCK).open(path)?;
    if !f.metadata()?.is_file() {
        return Err(not_regular());
    }
    // O_NONBLOCK stays set: it has no effect on a regular file's reads and writes.
    Ok(f)
}

/// The bytes of the regular file `path`, through the record crate's reader of record files
/// (regular files only, at most `MAX_FILE_BYTES`).
pub(super) fn read(path: &str) -> io::Result<Vec<u8>> {
    ttrules_record::input::read_regular(std::path::Path::new(path))
}

/// Writes `text` to `path`, created or truncated; an existing path that is not a regular file is
/// refused before anything is written to it.
pub(super) fn write(path: &str, text: &str) -> io::Result<()> {
    // Not truncated at the open: a FIFO or device is refused untouched, a regular file is
    // truncated once it is known to be one.
    let mut f = open_regular(OpenOptions::new().write(true).create(true), path)?;
    f.set_len(0)?;
    f.write_all(text.as_bytes())?;
    f.flush()
}
