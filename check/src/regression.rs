//! `--tst FILE`, instead of phases 2 to 4: a GNU Go / gogui-regress regression file.

use super::*;
use std::collections::BTreeSet;

/// The longest `.tst` file read: 16 MiB.
pub const MAX_TST_BYTES: u64 = 16 << 20;

/// The text of `path` if it is a regular file of at most [`MAX_TST_BYTES`]: a FIFO or a device
/// would block or never end (issue 32, D3), so the file is opened without blocking and checked
/// before it is read. (The record crate is getting a shared function for the same.)
pub fn read_tst(path: &std::path::Path) -> Result<String, String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| e.to_string())?;
    if !f.metadata().map_err(|e| e.to_string())?.is_file() {
        return Err(
            "not a regular file (a FIFO, a device or a folder); only regular files are \
                    read"
                .into(),
        );
    }
    let mut text = String::new();
    f.take(MAX_TST_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MAX_TST_BYTES {
        return Err(format!("longer than {MAX_TST_BYTES} bytes"));
    }
    Ok(text)
}

/// `--tst FILE`: runs a GNU Go / gogui-regress regression file.
pub(super) fn run_tst(c: &mut Checker, path: &std::path::Path) -> Result<(), Fault> {
    let text = match read_tst(path) {
        Ok(t) => t,
        Err(e) => {
            c.report.fatal = Some(format!("cannot read {}: {e}", path.display()));
            return Ok(());
        }
    };
    let entries = tst::parse(&text);
    c.step(Progress::Start {
        phase: "tst",
        len: entries.len() as u64,
    });
    // A refused setup command (board size, clear_board, loadsgf, set_free_handicap, komi) leaves the engine on some
    // other game: the tests after it are skipped, with the refusal as the reason, until the next
    // board size is accepted. A refused rules command is reported once, and the tests run under
    // the engine's own rules.
    let mut refused_setup: Option<String> = None;
    let mut refused_rules: BTreeSet<String> = BTreeSet::new();
    for entry in &entries {
        c.step(Progress::Inc);
        let word = entry.command.split_whitespace().next().unwrap_or("");
        let starts_game = matches!(word, "boardsize" | "rectangular_boardsize");
        let is_setup = starts_game
            || matches!(
                word,
                "clear_board" | "loadsgf" | "set_free_handicap" | "komi"
            );
        let is_rules = matches!(word, "ttrules-rules" | "kgs-rules" | "kata-set-rules");
        if starts_game {
            refused_setup = None;
        }
        let name = format!(
            "{}{}",
            entry.id.map(|i| format!("{i} ")).unwrap_or_default(),
            entry.command
        );
        if let Some(why) = &refused_setup {
            if entry.expect.is_some() {
                c.report
                    .skip(Capability::Tst, format!("after a refused setup: {why}"));
            }
            continue;
        }
        let reply = match c.remote.send(&entry.command) {
            Ok(r) => Some(r),
            Err(Fault::Lost(_)) => None,
            Err(f) => return Err(f),
        };
        if entry.expect.is_none() {
            if let Some(Reply::Failure(e)) = &reply {
                let why = format!(
                    "`{}` (line {}) refused: {}",
                    entry.command,
                    entry.line,
                    e.trim()
                );
                if is_setup {
                    refused_setup = Some(why.clone());
                }
                let first_rules = !is_setup && is_rules && refused_rules.insert(word.to_string());
                note_refusal(c, &why, is_setup, first_rules);
            }
        }
        let Some(expect) = &entry.expect else {
            continue;
        };
        let Some(reply) = reply else {
            c.report
                .skip(Capability::Tst, format!("engine fault on `{name}`"));
            continue;
        };
        compare(c, path, entry, &name, expect, &reply);
    }
    c.step(Progress::Finish);
    Ok(())
}

/// Reports a refused command that expects no answer: a setup command (the tests up to the next
/// board size are skipped), or a rules command refused for the first time (`first_rules`: the
/// tests run under the engine's own rules).
fn note_refusal(c: &mut Checker, why: &str, is_setup: bool, first_rules: bool) {
    if is_setup {
        c.report.events.push(format!(
            "{why}; the tests up to the next board size are skipped"
        ));
    } else if first_rules {
        c.report
            .events
            .push(format!("{why}; the tests run under the engine's own rules"));
    }
}

/// Compares the engine's `reply` to the test `entry` (named `name`) with its expected answer:
/// an agreement, a skip (a known failure `*`, or an unreadable expectation), or a disagreement
/// with its example.
fn compare(
    c: &mut Checker,
    path: &std::path::Path,
    entry: &tst::Entry,
    name: &str,
    expect: &tst::Expect,
    reply: &Reply,
) {
    let (ok, text) = match &reply {
        Reply::Success(t) => (true, t.clone()),
        Reply::Failure(t) => (false, t.clone()),
    };
    match expect.matches(ok, &text) {
        Ok(true) => c.report.agree(Capability::Tst),
        Ok(false) if expect.known_failure => {
            c.report
                .skip(Capability::Tst, "marked as a known failure (`*`)");
        }
        Ok(false) => {
            let got = format!("{}{}", if ok { "= " } else { "? " }, text.trim());
            let kind = format!("test `{name}` (line {})", entry.line);
            c.report.disagree(
                Capability::Tst,
                &kind,
                &format!("expected [{}], got {got:?}", expect.raw),
            );
            c.report.add_example(
                Capability::Tst,
                &kind,
                None,
                Example {
                    source: path.display().to_string(),
                    detail: format!("expected [{}], got {got:?}", expect.raw),
                    moves: vec![],
                    shrunk_from: None,
                    sgf: String::new(),
                    diagram: String::new(),
                    files: vec![],
                },
            );
        }
        Err(e) => c
            .report
            .skip(Capability::Tst, format!("line {}: {e}", entry.line)),
    }
}
