//! Transcripts (r[ref.event.transcript]): with `--transcripts` (or `transcripts = true`), the GTP
//! traffic of a game, both engines interleaved in the order it happened, is written beside its
//! record as `game-NNNN.gtp.txt`, and what each engine wrote to stderr during the game as
//! `game-NNNN.stderr.txt` (the part of its log, `logs/LABEL.log`, written while the game ran).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use ttrules_gtp::client::{GtpError, Reply};

/// The most of a game's GTP traffic a transcript keeps: 16 MiB (each response is at most
/// [`ttrules_gtp::client::MAX_RESPONSE_BYTES`]); past it, a line says the rest was left out.
pub const TRAFFIC_KEPT: usize = 16 << 20;

/// Where the engines of one job write their traffic; cleared at the start of each game.
#[derive(Clone, Debug)]
pub struct Sink(Arc<Mutex<Traffic>>);

#[derive(Debug)]
struct Traffic {
    since: Instant,
    text: String,
    /// Past [`TRAFFIC_KEPT`]: the rest is left out.
    full: bool,
}

impl Traffic {
    fn new() -> Traffic {
        Traffic {
            since: Instant::now(),
            text: String::new(),
            full: false,
        }
    }
}

impl Default for Sink {
    fn default() -> Sink {
        Sink(Arc::new(Mutex::new(Traffic::new())))
    }
}

impl Sink {
    fn line(&self, who: &str, arrow: &str, text: &str) {
        if let Ok(mut g) = self.0.lock() {
            if g.full {
                return;
            }
            let secs = g.since.elapsed().as_secs_f64();
            let buf = &mut g.text;
            for (k, l) in text.lines().enumerate() {
                let mark = if k == 0 { arrow } else { " " };
                let _ = writeln!(buf, "{secs:9.3} {who} {mark} {l}");
            }
            if text.is_empty() {
                let _ = writeln!(buf, "{secs:9.3} {who} {arrow}");
            }
            if buf.len() > TRAFFIC_KEPT {
                let _ = writeln!(
                    buf,
                    "[the transcript stops here: it keeps at most {TRAFFIC_KEPT} bytes of a game]"
                );
                g.full = true;
            }
        }
    }

    /// A command sent to `who`.
    pub fn sent(&self, who: &str, cmd: &str) {
        self.line(who, ">", cmd);
    }

    /// The answer (or the failure to answer) of `who`.
    pub fn received(&self, who: &str, r: &Result<Reply, GtpError>) {
        match r {
            Ok(Reply::Success(t)) => self.line(who, "<", format!("= {t}").trim_end()),
            Ok(Reply::Failure(t)) => self.line(who, "<", format!("? {t}").trim_end()),
            Err(e) => self.line(who, "!", &e.to_string()),
        }
    }

    /// Starts a new game: the clock at 0, the text empty.
    pub fn restart(&self) {
        if let Ok(mut g) = self.0.lock() {
            *g = Traffic::new();
        }
    }

    /// The traffic so far.
    pub fn text(&self) -> String {
        self.0.lock().map(|g| g.text.clone()).unwrap_or_default()
    }
}

/// The most of one engine's stderr a game's transcript keeps (its tail): 1 MiB.
pub const STDERR_KEPT: u64 = 1 << 20;

/// Where each engine's stderr log stood when a game started.
#[derive(Clone, Debug, Default)]
pub struct Marks(Vec<(String, PathBuf, u64)>);

impl Marks {
    /// The current length of each log (`label`, path).
    pub fn now<'a>(logs: impl IntoIterator<Item = (&'a str, &'a Path)>) -> Marks {
        Marks(
            logs.into_iter()
                .map(|(l, p)| {
                    let len = std::fs::metadata(p).map_or(0, |m| m.len());
                    (l.to_string(), p.to_path_buf(), len)
                })
                .collect(),
        )
    }

    /// What each log gained since the marks, under a heading per engine: at most the last
    /// [`STDERR_KEPT`] bytes of it, saying how much was left out (issue 32, D8). A log that
    /// rotated during the game (it is shorter than its mark) is read from its start, the part in
    /// `LABEL.log.1` left out.
    pub fn since(&self) -> String {
        use std::io::{Read, Seek, SeekFrom};
        let mut out = String::new();
        for (label, path, from) in &self.0 {
            let _ = writeln!(out, "== {label} ({})", path.display());
            let Ok(mut f) = std::fs::File::open(path) else {
                continue;
            };
            let len = f.metadata().map_or(0, |m| m.len());
            let from = if len < *from {
                let _ = writeln!(
                    out,
                    "[the log rotated during the game: its earlier part is in {}]",
                    ttrules_gtp::client::stderr::rotated_path(path).display()
                );
                0
            } else {
                *from
            };
            let start = from.max(len.saturating_sub(STDERR_KEPT));
            if start > from {
                let _ = writeln!(
                    out,
                    "[{} bytes left out: the transcript keeps the last {STDERR_KEPT}; the log \
                     has more]",
                    start - from
                );
            }
            let mut gained = Vec::new();
            if f.seek(SeekFrom::Start(start)).is_ok() {
                let _ = f.take(STDERR_KEPT).read_to_end(&mut gained);
            }
            out.push_str(&String::from_utf8_lossy(&gained));
            if !out.ends_with('\n') {
                out.push('\n');
            }
        }
        out
    }
}

/// The transcript files of game `sgf` (`game-0001.sgf` → `game-0001.gtp.txt`,
/// `game-0001.stderr.txt`).
pub fn paths(dir: &Path, sgf: &str) -> [PathBuf; 2] {
    let stem = sgf.strip_suffix(".sgf").unwrap_or(sgf);
    [
        dir.join(format!("{stem}.gtp.txt")),
        dir.join(format!("{stem}.stderr.txt")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_traffic_reads_in_order_with_who_and_direction() {
        let s = Sink::default();
        s.sent("gnugo-1", "genmove b");
        s.received("gnugo-1", &Ok(Reply::Success("D4".into())));
        s.sent("me", "play b D4");
        s.received("me", &Ok(Reply::Failure("illegal move".into())));
        let t = s.text();
        let lines: Vec<&str> = t.lines().map(|l| l[10..].trim_end()).collect();
        assert_eq!(
            lines,
            [
                "gnugo-1 > genmove b",
                "gnugo-1 < = D4",
                "me > play b D4",
                "me < ? illegal move"
            ]
        );
        s.restart();
        assert_eq!(s.text(), "");
        let [g, e] = paths(Path::new("out"), "game-0007.sgf");
        assert_eq!(g, Path::new("out/game-0007.gtp.txt"));
        assert_eq!(e, Path::new("out/game-0007.stderr.txt"));
    }
}
