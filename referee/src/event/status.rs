//! A running event seen from another shell (r[ref.event.status]): the referee keeps
//! `status.json` in the output folder (its process id, the games in progress, replaced whole at
//! every change), and `ttrules referee status DIR` reads it with `results.jsonl` and `match.json`
//! without writing anything. `ttrules referee stop DIR` writes the stop file `STOP`
//! (r[ref.event.stop]): the referee starts no new game, lets the games in progress finish, and
//! ends; `--resume` continues. `--now` sends the process SIGTERM instead, which drops the games in
//! progress as Ctrl-C does.

use crate::files::{read_regular_text, MAX_SETTINGS_BYTES};
use crate::output::{self, ResultLine};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A game in progress.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Running {
    pub game: u32,
    pub black: String,
    pub white: String,
    /// When it started (seconds since the Unix epoch).
    pub since: f64,
}

/// `status.json`.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Status {
    pub pid: u32,
    /// `running`, `finished`, `stopped` (by the stop file), `interrupted` (Ctrl-C, SIGTERM) or
    /// `failed`.
    pub state: String,
    /// The games of the schedule.
    pub planned: u32,
    pub running: Vec<Running>,
    /// When the file was written (seconds since the Unix epoch).
    pub updated: f64,
}

pub fn now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

pub fn status_path(dir: &Path) -> PathBuf {
    dir.join("status.json")
}

pub fn stop_path(dir: &Path) -> PathBuf {
    dir.join("STOP")
}

/// Writes `status.json` whole (through a rename), so a reader sees the old file or the new one.
pub fn write(dir: &Path, s: &Status) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(s).expect("the status serialises") + "\n";
    output::write_whole(&status_path(dir), &text)
}

/// Whether a stop was asked.
pub fn stop_asked(dir: &Path) -> bool {
    stop_path(dir).exists()
}

/// Whether process `pid` exists (signal 0 checks without sending anything).
pub fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks that the process exists and may be signalled.
    pid > 0 && unsafe { libc::kill(pid, 0) } == 0
}

/// The results lines as they stand, read without touching the file: a line being written (no
/// newline yet) is left out, not cut.
pub fn read_results(dir: &Path) -> Result<Vec<ResultLine>, String> {
    let path = dir.join("results.jsonl");
    let text = if path.exists() {
        read_regular_text(&path, u64::MAX / 2)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?
    } else {
        String::new()
    };
    let whole = text.rfind('\n').map_or("", |i| &text[..=i]);
    whole
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// An event's folder as `status`, `stop` and `report` read it.
pub struct Folder {
    pub dir: PathBuf,
    /// `match.json`.
    pub settings: serde_json::Value,
    /// The players' labels and commands, in the event's order.
    pub players: Vec<(String, String)>,
    pub lines: Vec<ResultLine>,
    pub status: Option<Status>,
}

impl Folder {
    /// Reads `dir`, writing nothing.
    pub fn read(dir: &Path) -> Result<Folder, String> {
        let path = dir.join("match.json");
        let text = read_regular_text(&path, MAX_SETTINGS_BYTES).map_err(|e| {
            format!(
                "{}: no match or event here ({}: {e})",
                dir.display(),
                path.display()
            )
        })?;
        let settings: serde_json::Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        let players = players(&settings);
        let status = read_regular_text(&status_path(dir), MAX_SETTINGS_BYTES)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok());
        Ok(Folder {
            dir: dir.to_path_buf(),
            lines: read_results(dir)?,
            settings,
            players,
            status,
        })
    }

    /// Whether the referee that writes here runs now.
    pub fn live(&self) -> bool {
        self.status
            .as_ref()
            .is_some_and(|s| s.state == "running" && alive(s.pid))
    }
}

/// The players of `match.json`: an event's `players`, or the flags' `a` (`black`) and `b`.
pub fn players(settings: &serde_json::Value) -> Vec<(String, String)> {
    match settings["players"].as_array() {
        Some(list) => list
            .iter()
            .map(|p| {
                (
                    p["label"].as_str().unwrap_or("?").to_string(),
                    p["command"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect(),
        None => [("a", "black"), ("b", "white")]
            .map(|(id, key)| {
                (
                    id.to_string(),
                    settings[key].as_str().unwrap_or("").to_string(),
                )
            })
            .to_vec(),
    }
}

/// `ttrules referee stop DIR` (r[ref.event.stop]): writes the stop file; with `now`, also sends
/// the running referee SIGTERM, which drops its games in progress. A sentence for the operator.
pub fn ask_stop(dir: &Path, now: bool) -> Result<String, String> {
    let f = Folder::read(dir)?;
    let path = stop_path(dir);
    output::write_whole(
        &path,
        &format!(
            "stop asked at {:.0} (seconds since the epoch)\n",
            self::now()
        ),
    )
    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    let live = f.live();
    let Some(st) = f.status.filter(|_| live) else {
        return Ok(format!(
            "no referee runs in {}; {} is written, and the next run with --resume removes it",
            dir.display(),
            path.display()
        ));
    };
    if now {
        // SAFETY: kill sends a signal to one process and touches no memory.
        if unsafe { libc::kill(st.pid as libc::pid_t, libc::SIGTERM) } != 0 {
            return Err(format!(
                "cannot signal process {}: {}",
                st.pid,
                std::io::Error::last_os_error()
            ));
        }
        return Ok(format!(
            "sent SIGTERM to the referee (process {}): the games in progress are dropped; continue \
             with --resume",
            st.pid
        ));
    }
    Ok(format!(
        "asked the referee (process {}) to stop: the games in progress ({}) finish, no new game \
         starts; continue with --resume",
        st.pid,
        st.running.len()
    ))
}

/// The text of `ttrules referee status`: the state, the games done and running, then the summary.
pub fn text(f: &Folder, summary: &str) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let done = f.lines.len();
    let state = match &f.status {
        None => "no status.json (a match of an older referee, or not started)".to_string(),
        Some(st) if st.state == "running" && !alive(st.pid) => format!(
            "not running: process {} ended without saying so (killed?); continue with --resume",
            st.pid
        ),
        Some(st) => format!("{} (process {})", st.state, st.pid),
    };
    let _ = writeln!(s, "{}: {state}", f.dir.display());
    let planned = f.status.as_ref().map(|st| st.planned);
    let _ = writeln!(
        s,
        "games done: {done}{}",
        planned.map_or(String::new(), |p| format!(" of {p}"))
    );
    if f.live() {
        let st = f.status.as_ref().expect("live");
        let t = now();
        for r in &st.running {
            let _ = writeln!(
                s,
                "running: game {} ({} Black, {} White) for {:.0} s",
                r.game,
                r.black,
                r.white,
                (t - r.since).max(0.0)
            );
        }
        if stop_asked(&f.dir) {
            let _ = writeln!(s, "a stop was asked: no new game starts");
        }
    }
    s.push_str(summary);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_of_both_kinds_of_settings() {
        let flags = serde_json::json!({"black": "gnugo", "white": "ttrules gtp"});
        assert_eq!(
            players(&flags),
            [("a", "gnugo"), ("b", "ttrules gtp")].map(|(l, c)| (l.to_string(), c.to_string()))
        );
        let event = serde_json::json!({"players": [{"label": "x", "command": "cx"}]});
        assert_eq!(players(&event), [("x".to_string(), "cx".to_string())]);
        assert!(alive(std::process::id()));
    }
}
