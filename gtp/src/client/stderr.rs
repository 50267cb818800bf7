//! An engine's standard error, with bounds (issue 32, D8): read in pieces of at most
//! [`STDERR_PIECE`] bytes (a line without an end is never held whole), appended to its log file,
//! which rotates at [`LOG_CAP`] bytes (`LABEL.log` becomes `LABEL.log.1`, the older `.1` is
//! dropped: the log keeps the tail, at most twice the cap on disk), and its last few lines kept,
//! each cut short, for the message of a crash. Memory stays a few kilobytes per engine however
//! much it writes; every process of the referee writing one log path shares one writer, so the
//! rotation counts all of them.

use std::collections::{HashMap, VecDeque};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, Weak};

/// The most read of stderr at once, and so the longest line kept whole (bytes).
pub const STDERR_PIECE: usize = 4096;
/// A log file rotates when it would pass this many bytes (8 MiB).
pub const LOG_CAP: u64 = 8 << 20;
/// Lines kept for a crash's message, and how much of each.
const TAIL_LINES: usize = 8;
const TAIL_CHARS: usize = 200;

/// The path a log rotates to: `LABEL.log.1`.
pub fn rotated_path(path: &Path) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(".1");
    PathBuf::from(p)
}

/// A log file that rotates at [`LOG_CAP`] bytes.
pub(super) struct RotatingLog {
    path: PathBuf,
    file: Option<File>,
    len: u64,
    cap: u64,
}

impl RotatingLog {
    fn open(path: &Path, cap: u64) -> std::io::Result<RotatingLog> {
        let file = OpenOptions::new().create(true).append(true).open(path)?;
        let len = file.metadata()?.len();
        Ok(RotatingLog {
            path: path.to_path_buf(),
            file: Some(file),
            len,
            cap,
        })
    }

    /// Appends `bytes`, rotating first when they would pass the cap. A failed write is dropped:
    /// an engine's log never stops a game.
    fn write(&mut self, bytes: &[u8]) {
        if self.len > 0 && self.len + bytes.len() as u64 > self.cap {
            self.rotate();
        }
        if let Some(f) = self.file.as_mut() {
            if f.write_all(bytes).is_ok() {
                self.len += bytes.len() as u64;
            }
        }
    }

    fn rotate(&mut self) {
        self.file = None;
        let _ = std::fs::rename(&self.path, rotated_path(&self.path));
        self.file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .ok();
        self.len = 0;
    }
}

/// The writer of `path`, shared by every engine process of this referee that logs there.
pub(super) fn shared_log(path: &Path) -> std::io::Result<Arc<Mutex<RotatingLog>>> {
    shared_log_capped(path, LOG_CAP)
}

fn shared_log_capped(path: &Path, cap: u64) -> std::io::Result<Arc<Mutex<RotatingLog>>> {
    type Registry = Mutex<HashMap<PathBuf, Weak<Mutex<RotatingLog>>>>;
    static LOGS: OnceLock<Registry> = OnceLock::new();
    let mut logs = LOGS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    logs.retain(|_, w| w.strong_count() > 0);
    if let Some(log) = logs.get(path).and_then(Weak::upgrade) {
        return Ok(log);
    }
    let log = Arc::new(Mutex::new(RotatingLog::open(path, cap)?));
    logs.insert(path.to_path_buf(), Arc::downgrade(&log));
    Ok(log)
}

/// The last lines an engine wrote to stderr, each cut short.
#[derive(Default)]
pub(super) struct Tail(Mutex<VecDeque<String>>);

impl Tail {
    fn push(&self, piece: &[u8]) {
        let text = String::from_utf8_lossy(piece);
        let text = text.trim_end_matches(['\n', '\r']);
        let mut kept: String = text.chars().take(TAIL_CHARS).collect();
        if kept.len() < text.len() {
            kept.push('…');
        }
        if let Ok(mut t) = self.0.lock() {
            if t.len() == TAIL_LINES {
                t.pop_front();
            }
            t.push_back(kept);
        }
    }

    /// The lines kept, joined by ` | `.
    pub(super) fn text(&self) -> String {
        self.0
            .lock()
            .map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | "))
            .unwrap_or_default()
    }
}

/// The body of the stderr thread: reads `stderr` to its end a piece at a time, into `log` and
/// `tail`.
pub(super) fn read_stderr(stderr: impl Read, log: Option<Arc<Mutex<RotatingLog>>>, tail: &Tail) {
    let mut r = BufReader::new(stderr);
    let mut buf = Vec::with_capacity(STDERR_PIECE);
    loop {
        buf.clear();
        match r
            .by_ref()
            .take(STDERR_PIECE as u64)
            .read_until(b'\n', &mut buf)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if let Some(log) = &log {
            if let Ok(mut l) = log.lock() {
                l.write(&buf);
            }
        }
        tail.push(&buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A log rotates at its cap and keeps the tail; memory and disk stay bounded however much is
    /// written; one writer per path.
    #[test]
    fn logs_rotate_and_keep_the_tail() {
        let dir = std::env::temp_dir().join(format!("ttrules-stderr-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.log");
        let _ = std::fs::remove_file(&path);
        let _ = std::fs::remove_file(rotated_path(&path));
        let cap = 1000;
        let log = shared_log_capped(&path, cap).unwrap();
        assert!(Arc::ptr_eq(&log, &shared_log_capped(&path, cap).unwrap()));
        let mut input = Vec::new();
        for k in 0..500 {
            writeln!(input, "line {k}").unwrap();
        }
        // A long line without an end, then the last line.
        input.extend(vec![b'x'; 3 * STDERR_PIECE]);
        input.extend(b"\nthe end\n");
        let tail = Tail::default();
        read_stderr(&input[..], Some(Arc::clone(&log)), &tail);
        let now = std::fs::read_to_string(&path).unwrap();
        let before = std::fs::read_to_string(rotated_path(&path)).unwrap();
        assert!(now.len() as u64 <= cap && before.len() as u64 <= 2 * STDERR_PIECE as u64);
        assert!(now.ends_with("the end\n"), "{now}");
        assert!(before.contains('x'), "{before}");
        let t = tail.text();
        assert!(t.ends_with("| the end"), "{t}");
        assert!(t.len() < TAIL_LINES * (TAIL_CHARS + 8), "{}", t.len());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
