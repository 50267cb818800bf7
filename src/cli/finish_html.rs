//! `ttrules finish --html OUT`: the game up to its pause as a page of the viewer (`ttrules_view`),
//! with the finish after the last turn: the pause with the dead stones crossed, the counted
//! position with the living stones, road points and reserved points (the tax) marked, both counts
//! and the result.

use std::path::Path;
use ttrules_record::GameRecord;
use ttrules_reference::finish::Finish;
use ttrules_spec::{Komi, Rules};
use ttrules_view::{html, Game, Page};

/// Writes the page of `loaded`'s first `turns` turns (the game up to its pause) under `rules`,
/// finished as `f`.
pub fn write(
    path: &Path,
    file: &str,
    loaded: &GameRecord,
    turns: usize,
    (rules, komi): (Rules, Komi),
    f: &Finish,
) -> Result<(), String> {
    let mut game = Game::new(file, &loaded.setup);
    game.info = vec![
        ("board".into(), loaded.size.to_string()),
        ("rules".into(), rules.to_string()),
        ("komi".into(), komi.to_string()),
        (
            "result".into(),
            f.outcome.map_or("disputed".to_string(), |o| o.sgf_result()),
        ),
    ];
    let moves = &loaded.moves[..turns.min(loaded.moves.len())];
    ttrules_view::replayed::turns(&mut game, &loaded.setup, rules, moves);
    game.end = ttrules_view::finish::panels(f);
    let page = Page {
        title: format!("{file}: the 计活子 finish — ttrules"),
        subtitle: format!(
            "ttrules finish, rules text {} (spec Part V)",
            ttrules_spec::SPEC_VERSION
        ),
        games: vec![game],
    };
    std::fs::write(path, html(&page)).map_err(|e| format!("--html {}: {e}", path.display()))
}
