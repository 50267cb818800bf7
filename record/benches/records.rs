//! Records at engine speed (docs/src/reports/records-throughput.md): the work of
//! `ttrules replay --jsonl` on real records, per move of the record, with divan. The files are
//! read into memory first, so the figures are reading (decoding, r[rec.syntax], the record
//! model), replaying on the fast engine, scoring and writing the JSON lines, without the disk.
//!
//! `cargo bench -p ttrules-record --bench records` over the folders of `../shared/records`
//! (the repository's `examples/` where that folder does not exist). Instruction counts, which
//! this shared machine repeats exactly, come from `valgrind --tool=callgrind` on the command:
//! see the report.

use std::path::{Path, PathBuf};
use ttrules_record::replay::{collect_files, document, refused_json, replay_file, Options};
use ttrules_record::{read, Overrides};

fn main() {
    divan::main();
}

/// The files of a folder of `../shared/records` (or of `examples/`), read into memory.
fn corpus(folder: &str) -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let shared = root.join("../shared/records").join(folder);
    let dir: PathBuf = if shared.is_dir() {
        shared
    } else {
        root.join("examples")
    };
    collect_files(&[dir])
        .expect("the folder lists")
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(&p).expect("the file reads");
            (p.display().to_string(), bytes)
        })
        .collect()
}

/// The moves of the records of `files`, as `replay` counts them (implied passes included).
fn moves(files: &[(String, Vec<u8>)]) -> usize {
    files
        .iter()
        .flat_map(|(name, bytes)| replay_file(bytes, name, None, &Options::default()))
        .flatten()
        .map(|r| r.replay.turns.len())
        .sum()
}

const FOLDERS: &[&str] = &["pachi", "gnugo", "fox-pro", "malformed"];

/// `replay --jsonl`'s work: every game read, replayed, scored and written as a JSON line.
#[divan::bench(args = FOLDERS, sample_count = 10, sample_size = 1)]
fn replay_jsonl(bencher: divan::Bencher, folder: &str) {
    let files = corpus(folder);
    let opts = Options::default();
    bencher
        .counter(divan::counter::ItemsCount::new(moves(&files)))
        .bench_local(|| {
            let mut out = String::new();
            for (name, bytes) in &files {
                for r in replay_file(bytes, name, None, &opts) {
                    match r {
                        Ok(r) => out.push_str(&document(&r).compact()),
                        Err(e) => out.push_str(&refused_json(&e)),
                    }
                    out.push('\n');
                }
            }
            out
        });
}

/// Reading alone: decoding, the syntax and the record model of every game.
#[divan::bench(args = FOLDERS, sample_count = 10, sample_size = 1)]
fn read_only(bencher: divan::Bencher, folder: &str) {
    let files = corpus(folder);
    bencher
        .counter(divan::counter::ItemsCount::new(moves(&files)))
        .bench_local(|| {
            files
                .iter()
                .filter_map(|(name, bytes)| read(bytes, name, &Overrides::default()).ok())
                .map(|f| f.games.len())
                .sum::<usize>()
        });
}
