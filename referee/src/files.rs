//! Reading the settings files the referee is given or reads back (the tournament file,
//! `match.json`, `status.json`, `results.jsonl`), with bounds (issue 32, D3): only a regular file
//! is read (a FIFO, a device or a socket would block or never end), opened without blocking so
//! that the check itself cannot hang, and at most a bound of bytes, past which the file is
//! refused. Record files (openings, the report's records) are read by the record crate's
//! [`ttrules_record::input::read_regular`], whose bound is a record's (256 MiB).

use std::io::Read;
use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
use std::path::Path;

/// The longest tournament file, `match.json` or `status.json` read: 1 MiB.
pub const MAX_SETTINGS_BYTES: u64 = 1 << 20;
/// What kind of file `t` is, in words, when it is not a regular file.
fn kind(t: std::fs::FileType) -> &'static str {
    if t.is_dir() {
        "a folder"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

/// The bytes of the regular file `path`, at most `max` of them. `Err` says why not (without
/// the path: callers name the file their own way).
pub fn read_regular(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| e.to_string())?;
    let t = f.metadata().map_err(|e| e.to_string())?.file_type();
    if !t.is_file() {
        return Err(format!(
            "{}: only regular files are read",
            kind(t).trim_start_matches("not ")
        ));
    }
    let mut bytes = Vec::new();
    f.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "longer than {max} bytes, the most read of such a file"
        ));
    }
    Ok(bytes)
}

/// [`read_regular`] as text (invalid UTF-8 an error).
pub fn read_regular_text(path: &Path, max: u64) -> Result<String, String> {
    String::from_utf8(read_regular(path, max)?).map_err(|_| "not UTF-8 text".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_within_the_bound_are_read() {
        let dir = std::env::temp_dir().join(format!("ttrules-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.sgf");
        std::fs::write(&file, "(;SZ[9])").unwrap();
        assert_eq!(read_regular(&file, 100).unwrap(), b"(;SZ[9])");
        assert!(read_regular(&file, 3)
            .unwrap_err()
            .contains("longer than 3"));
        assert!(read_regular(&dir, 100).unwrap_err().starts_with("a folder"));
        let fifo = dir.join("f.sgf");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo(3) with a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert!(read_regular(&fifo, 100).unwrap_err().starts_with("a FIFO"));
        assert!(read_regular(&dir.join("none"), 100).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
