//! The real records of `../shared/records` (2,746 files from servers, programs and other SGF
//! readers' tests; see its README), replayed in bulk as `ttrules replay DIR` does, against a
//! reviewed summary snapshot per source folder: counts by outcome, stop cause (r[rec.stop]),
//! refusal, warning kind (r[rec.warnings]) and `RE` agreement (r[rec.result.agree]). Skipped,
//! with a note, where the folder does not exist; under CI (`CI` set) its absence fails.

use std::path::{Path, PathBuf};
use ttrules_record::replay::{collect_files, replay_all, Options, Summary};

fn records() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/records");
    dir.is_dir().then_some(dir)
}

#[test]
fn shared_records_summary() {
    let Some(root) = records() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "../shared/records does not exist, and CI must read it"
        );
        eprintln!("note: ../shared/records does not exist; skipping the real-records summary");
        return;
    };
    let mut out = String::new();
    let mut total = Summary::default();
    for folder in ["gnugo", "pachi", "fox-pro", "malformed"] {
        let files = collect_files(&[root.join(folder)]).unwrap();
        let mut refusals = Vec::new();
        let summary = replay_all(&files, &Options::default(), false, |results| {
            for r in results {
                if let Err(e) = r {
                    let name = Path::new(&e.file)
                        .strip_prefix(&root)
                        .map_or(e.file.clone(), |p| p.display().to_string());
                    refusals.push(format!("  {name}: {}", e.kind));
                }
            }
        });
        out.push_str(&format!("== {folder}\n"));
        out.push_str(&serde_json::to_string_pretty(&summary).unwrap());
        out.push_str("\nrefused:\n");
        out.push_str(&refusals.join("\n"));
        out.push('\n');
        total.games += summary.games;
        total.files += summary.files;
    }
    assert!(total.files >= 2700, "{} files", total.files);
    insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!("shared_records_summary", out);
    });
}
