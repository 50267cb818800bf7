//! `Options::skip_end_lists` (the tables' replays): the legal points and pass-alive areas at the
//! end are left empty, and nothing else a replay finds changes. Checked on every game of
//! `../shared/records` (the test fails when the folder is missing: CI has it), both engines' way:
//! the fast engine on every file, the reference on every tenth.

use serde_json::Value;
use std::path::Path;
use ttrules_record::replay::{collect_files, document, replay_file, EngineChoice, Options};

/// Every game of `files` replayed with and without the lists: (games, games whose lists were
/// not empty).
fn compare(files: &[std::path::PathBuf], engine: EngineChoice) -> (usize, usize) {
    let full = Options {
        engine: Some(engine),
        ..Options::default()
    };
    let skip = Options {
        skip_end_lists: true,
        ..full.clone()
    };
    let (mut games, mut lists) = (0, 0);
    for path in files {
        let bytes = std::fs::read(path).unwrap();
        let name = path.display().to_string();
        let a = replay_file(&bytes, &name, None, &full);
        let b = replay_file(&bytes, &name, None, &skip);
        assert_eq!(a.len(), b.len(), "{name}");
        for (a, b) in a.iter().zip(&b) {
            let (a, b) = match (a, b) {
                (Ok(a), Ok(b)) => (a, b),
                (Err(a), Err(b)) => {
                    assert_eq!((a.kind, &a.message), (b.kind, &b.message), "{name}");
                    continue;
                }
                _ => panic!("{name}: refused one way only"),
            };
            assert!(b.replay.legal_moves.is_empty(), "{name}");
            assert!(b.replay.pass_alive.black.is_empty(), "{name}");
            assert!(b.replay.pass_alive.white.is_empty(), "{name}");
            let had = !a.replay.legal_moves.is_empty()
                || !a.replay.pass_alive.black.is_empty()
                || !a.replay.pass_alive.white.is_empty();
            lists += usize::from(had);
            let (mut da, db): (Value, Value) = (
                serde_json::to_value(document(a)).unwrap(),
                serde_json::to_value(document(b)).unwrap(),
            );
            // The full replay's document with the skipped fields as the other has them.
            for key in ["legal_moves", "pass_alive"] {
                da[key] = db[key].clone();
            }
            assert_eq!(da, db, "{name} game {}", a.record.tree);
            games += 1;
        }
    }
    (games, lists)
}

#[test]
fn skipping_the_end_lists_changes_nothing_else() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/records");
    assert!(shared.is_dir(), "{} is missing", shared.display());
    let files = collect_files(&[shared]).unwrap();
    let (games, lists) = compare(&files, EngineChoice::Fast);
    assert!(
        games > 2_000 && lists > 2_000,
        "{games} games, {lists} with lists"
    );
    let tenth: Vec<_> = files.iter().step_by(10).cloned().collect();
    let (games, lists) = compare(&tenth, EngineChoice::Reference);
    assert!(
        games > 200 && lists > 200,
        "{games} games, {lists} with lists"
    );
}
