//! `replay --jsonl`'s lines are written by hand for speed (`JsonReplay::compact`); serde's
//! serialisation of the same document is the definition. Both are compared on every game of
//! `../shared/records` (or of `examples/` where that folder does not exist), on both engines for
//! the examples, and under territory rules (prisoners).

use std::path::Path;
use ttrules_record::replay::{collect_files, document, replay_file, EngineChoice, Options};
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::Overrides;

fn compare(dir: &Path, opts: &Options) -> (usize, usize) {
    let (mut games, mut implied) = (0, 0);
    for path in collect_files(&[dir.to_path_buf()]).unwrap() {
        let bytes = std::fs::read(&path).unwrap();
        let name = path.display().to_string();
        for r in replay_file(&bytes, &name, None, opts).into_iter().flatten() {
            let doc = document(&r);
            let serde = serde_json::to_string(&doc).unwrap();
            assert_eq!(doc.compact(), serde, "{name} game {}", r.record.tree);
            games += 1;
            implied += usize::from(r.replay.turns.iter().any(|t| t.implied));
        }
    }
    (games, implied)
}

#[test]
fn compact_lines_are_serdes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shared = root.join("../shared/records");
    if !shared.is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared/records does not exist, and CI must read it"
        );
        eprintln!("note: ../shared/records does not exist; comparing on examples/ only");
    }
    let dir = if shared.is_dir() {
        shared
    } else {
        root.join("examples")
    };
    let (games, implied) = compare(&dir, &Options::default());
    assert!(
        games > 0 && implied > 0,
        "{games} games, {implied} with implied passes"
    );
    // The reference engine, and territory counting (`prisoners`).
    let examples = root.join("examples");
    let reference = Options {
        engine: Some(EngineChoice::Reference),
        ..Options::default()
    };
    assert!(compare(&examples, &reference).0 > 0);
    let territory = Options {
        overrides: Overrides {
            rules: Some(rules_by_any_name("japanese").unwrap()),
            ..Overrides::default()
        },
        ..Options::default()
    };
    assert!(compare(&examples, &territory).0 > 0);
}
