//! `--tst FILE`, instead of phases 2 to 4: a GNU Go / gogui-regress regression file.

use super::*;

/// `--tst FILE`: runs a GNU Go / gogui-regress regression file.
pub(super) fn run_tst(c: &mut Checker, path: &std::path::Path) -> Result<(), Fault> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            c.report.fatal = Some(format!("cannot read {}: {e}", path.display()));
            return Ok(());
        }
    };
    let entries = tst::parse(&text);
    let mut pb = progress(c.cfg, entries.len() as u64, "tst");
    for entry in &entries {
        let reply = match c.remote.send(&entry.command) {
            Ok(r) => Some(r),
            Err(Fault::Lost(_)) => None,
            Err(f) => return Err(f),
        };
        pb.inc();
        let Some(expect) = &entry.expect else {
            continue;
        };
        let name = format!(
            "{}{}",
            entry.id.map(|i| format!("{i} ")).unwrap_or_default(),
            entry.command
        );
        let Some(reply) = reply else {
            c.report
                .skip(Capability::Tst, format!("engine fault on `{name}`"));
            continue;
        };
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
    pb.finish();
    Ok(())
}
