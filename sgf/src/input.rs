//! Reading record files (issue 32, D3): regular files only, and at most [`MAX_FILE_BYTES`].
//!
//! A FIFO, a socket or a device named `*.sgf` would block a reader forever (a FIFO without a
//! writer) or never end (`/dev/zero`): they are refused before they are opened, with what they
//! are. Every reader of record files (the command line, the GTP server's `loadsgf`, the referee's
//! openings, Python) opens them through [`open_regular`] or [`read_regular`].

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

/// The largest record file read: 256 MiB. SGF collections are a few megabytes; a larger file is
/// refused rather than read into memory (a sparse file of any size reads as zeros).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// What a file that is not a regular file is, in words.
fn kind(meta: &Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else {
        "not a regular file"
    }
}

/// The refusal of a file that is not a regular file (`io::ErrorKind::InvalidInput`).
fn not_regular(meta: &Metadata) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "{}, not a regular file: only regular files are read",
            kind(meta)
        ),
    )
}

/// The refusal of a file longer than [`MAX_FILE_BYTES`] (`io::ErrorKind::FileTooLarge`).
fn too_large(len: Option<u64>) -> io::Error {
    let limit = MAX_FILE_BYTES >> 20;
    let size = len.map_or(format!("more than {limit} MiB"), |n| format!("{n} bytes"));
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("{size}: larger than the {limit} MiB a record file may hold"),
    )
}

/// Opens `path` for reading if it is a regular file (links followed) of at most
/// [`MAX_FILE_BYTES`]; a FIFO, a socket, a device or a directory is refused without being
/// opened (`InvalidInput`), and so is a larger file (`FileTooLarge`).
///
/// Note: the kind is checked before the open, so that a FIFO is never opened (opening one blocks
/// until a writer comes), and again on the file opened, in case the path changed in between.
pub fn open_regular(path: &Path) -> io::Result<File> {
    open_regular_len(path).map(|(file, _)| file)
}

/// [`open_regular`], and the length of the file opened (its metadata's, read once).
fn open_regular_len(path: &Path) -> io::Result<(File, u64)> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(Some(meta.len())));
    }
    let file = File::open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(not_regular(&meta));
    }
    Ok((file, meta.len()))
}

/// The bytes of `path`, opened by [`open_regular`]; the length its check of the file opened
/// read is the room reserved (a second look at the metadata cost a system call).
pub fn read_regular(path: &Path) -> io::Result<Vec<u8>> {
    let (file, len) = open_regular_len(path)?;
    read_bounded_with(file, len)
}

/// The bytes of `r` (standard input), at most [`MAX_FILE_BYTES`]: more is refused
/// (`FileTooLarge`) after that many bytes are read, not read to the end.
pub fn read_bounded(r: impl Read) -> io::Result<Vec<u8>> {
    read_bounded_with(r, 0)
}

/// Reads `r` up to [`MAX_FILE_BYTES`] and one byte more: `hint`, the length of a regular file,
/// is reserved at once (`read_to_end` then grows nothing, unless the file grew); standard input,
/// of unknown length, is read in steps of at most 8 MiB, so that what is reserved stays within a
/// step of what was read (no doubling past the bound).
fn read_bounded_with(r: impl Read, hint: u64) -> io::Result<Vec<u8>> {
    const STEP: usize = 8 << 20;
    let mut r = r.take(MAX_FILE_BYTES + 1);
    let mut bytes = Vec::new();
    if hint > 0 {
        bytes.reserve_exact(hint.min(MAX_FILE_BYTES) as usize + 1);
        r.read_to_end(&mut bytes)?;
    } else {
        loop {
            if bytes.len() == bytes.capacity() {
                bytes.reserve_exact(bytes.len().clamp(4096, STEP));
            }
            let len = bytes.len();
            bytes.resize(bytes.capacity(), 0);
            match r.read(&mut bytes[len..]) {
                Ok(0) => {
                    bytes.truncate(len);
                    break;
                }
                Ok(n) => bytes.truncate(len + n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => bytes.truncate(len),
                Err(e) => return Err(e),
            }
        }
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(None));
    }
    Ok(bytes)
}

/// The kind of refusal a reading error is, as `replay` counts them: `special-file` (not a regular
/// file), `too-large`, or `io`.
pub fn refusal_kind(e: &io::Error) -> &'static str {
    match e.kind() {
        io::ErrorKind::InvalidInput => "special-file",
        io::ErrorKind::FileTooLarge => "too-large",
        _ => "io",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_what_is_not_a_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_regular(dir.path()).unwrap_err();
        assert_eq!(refusal_kind(&e), "special-file");
        assert!(e.to_string().starts_with("a directory"), "{e}");
        let e = read_regular(Path::new("/dev/zero")).unwrap_err();
        assert!(e.to_string().starts_with("a character device"), "{e}");
        let f = dir.path().join("a.sgf");
        std::fs::write(&f, b"(;)").unwrap();
        assert_eq!(read_regular(&f).unwrap(), b"(;)");
        let e = read_bounded(std::io::repeat(b'(')).unwrap_err();
        assert_eq!(refusal_kind(&e), "too-large");
    }
}
