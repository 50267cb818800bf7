//! `ttrules check-engine --html OUT`: each difference the run found as a game of the viewer
//! (`ttrules_view`), opened at the turn that shows it: the example's record (the SGF the report
//! holds, its rules and komi) replayed as `replay` replays it, the engine's answer beside the
//! exact verdict on that turn.

use std::path::Path;
use ttrules_check::report::Report;
use ttrules_record::replay::{replay_file, Options};
use ttrules_view::{html, Page};

/// The page of `report`'s differences.
pub fn page(report: &Report) -> Page {
    let mut games = Vec::new();
    for (i, d) in report.differences.iter().enumerate() {
        let ex = &d.example;
        let name = format!("difference {}.sgf", i + 1);
        let replayed = replay_file(ex.sgf.as_bytes(), &name, Some(1), &Options::default());
        let Some(Ok(r)) = replayed.into_iter().next() else {
            continue;
        };
        let mut g = ttrules_view::game(&r, &[]);
        g.title = format!(
            "{}. {}: {} ({})",
            i + 1,
            d.capability.label(),
            d.kind,
            ex.source
        );
        let clause = d
            .clause
            .as_deref()
            .map(|c| format!(" (r[{c}])"))
            .unwrap_or_default();
        let note = format!(
            "{}: {}{clause}; {} (seen {} time{})",
            d.capability.label(),
            d.kind,
            ex.detail,
            d.count,
            if d.count == 1 { "" } else { "s" }
        );
        if let Some(last) = g.turns.last_mut() {
            last.flag = true;
            last.n.push(note.clone());
        }
        g.info.insert(0, ("engine".into(), report.engine.clone()));
        g.info.insert(1, ("difference".into(), note));
        g.open_at = Some(g.turns.len());
        games.push(g);
    }
    Page {
        title: format!("check-engine: {} — ttrules", report.engine),
        subtitle: format!(
            "{} difference{} under {}; each opens at the turn that shows it",
            games.len(),
            if games.len() == 1 { "" } else { "s" },
            report.rules
        ),
        games,
    }
}

/// Writes the page of `report`'s differences to `path`.
pub fn write(path: &Path, report: &Report) -> Result<(), String> {
    std::fs::write(path, html(&page(report))).map_err(|e| format!("--html {}: {e}", path.display()))
}
