//! `ttrules merge SHARDS…`: the shard files of a sharded `replay`, `perft` or `count-legal`
//! (written with `--shard K/N`) added up into the result of one run over everything, after the
//! checks of [`ttrules_record::shard::check_set`]: one kind, one job, one N, every shard once.

use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_record::shard::{shard_files, ShardFile};

#[derive(clap::Args)]
pub struct Args {
    /// Shard files (`KIND-K-of-N.json`), or directories holding them.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Print the merged result as JSON: for replay, the object `replay --summary-json` writes
    /// (`seconds` is the sum of the shards'); for perft and count-legal, their `--json` object.
    #[arg(long)]
    pub json: bool,
    /// Replay shards: also concatenate the shards' JSON lines (`replay-K-of-N.jsonl`, beside
    /// each shard file) into this file, shard after shard.
    #[arg(long, value_name = "FILE")]
    pub jsonl: Option<PathBuf>,
    /// Replay shards of `replay --parquet DIR --shard K/N`: also concatenate the shards' tables
    /// (`games-K-of-N.parquet`, and `moves-K-of-N.parquet`, beside each shard file) into
    /// DIR/games.parquet (and DIR/moves.parquet), shard after shard.
    #[arg(long, value_name = "DIR")]
    pub parquet: Option<PathBuf>,
}

/// Runs `ttrules merge`.
pub fn run(args: &Args) -> ExitCode {
    let fail = |e: String| {
        crate::errln!("ttrules merge: {e}");
        ExitCode::from(2)
    };
    let paths = match shard_files(&args.shards) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let mut files = Vec::new();
    for p in &paths {
        match ShardFile::read(p) {
            Ok(f) => files.push((p.display().to_string(), f)),
            Err(e) => return fail(e),
        }
    }
    if let Err(e) = ttrules_record::shard::check_set(&files) {
        return fail(e);
    }
    if args.parquet.is_some() && files[0].1.kind != "replay" {
        return fail(format!(
            "--parquet: {} shards have no tables",
            files[0].1.kind
        ));
    }
    if args.jsonl.is_some() && files[0].1.kind != "replay" {
        return fail(format!(
            "--jsonl: {} shards have no JSON lines",
            files[0].1.kind
        ));
    }
    match files[0].1.kind.as_str() {
        "replay" => replay(args, &paths, &files),
        "perft" => super::perft::merge(&files, args.json).unwrap_or_else(fail),
        "count-legal" => super::count::merge_legal(&files, args.json).unwrap_or_else(fail),
        other => fail(format!(
            "{}: unknown kind of shard {other:?} (replay, perft, count-legal)",
            files[0].0
        )),
    }
}

/// Merges replay shards: the summary, as one run over every file prints it; the exit status is
/// that run's (the worst game's).
fn replay(args: &Args, paths: &[PathBuf], files: &[(String, ShardFile)]) -> ExitCode {
    let (summary, seconds) = match ttrules_record::replay::shard::merge_shards(files) {
        Ok(s) => s,
        Err(e) => {
            crate::errln!("ttrules merge: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(dir) = &args.parquet {
        if let Err(e) = super::replay_parquet::merge(paths, files, dir) {
            crate::errln!("ttrules merge: --parquet: {e}");
            return ExitCode::from(2);
        }
    }
    if let Some(out) = &args.jsonl {
        if let Err(e) = concatenate_lines(paths, files, out) {
            crate::errln!("ttrules merge: --jsonl: {e}");
            return ExitCode::from(2);
        }
    }
    let text = if args.json {
        let doc = serde_json::json!({
            "summary": summary,
            "seconds": seconds,
            "spec": ttrules_spec::SPEC_VERSION,
        });
        serde_json::to_string_pretty(&doc).expect("the summary serialises") + "\n"
    } else {
        format!("{} replay shards merged\n{}", files.len(), summary.text())
    };
    let status = ExitCode::from(summary.status());
    match super::out::emit("merge", &text) {
        Ok(()) => status,
        Err(why) => why.status(status),
    }
}

/// The JSON lines of replay shards, in shard order, into `out` (by rename).
fn concatenate_lines(
    paths: &[PathBuf],
    files: &[(String, ShardFile)],
    out: &std::path::Path,
) -> Result<(), String> {
    let mut order: Vec<(u32, &PathBuf)> = files
        .iter()
        .zip(paths)
        .map(|((_, f), p)| (f.shard.k, p))
        .collect();
    order.sort();
    let mut partial = ttrules_record::shard::Partial::create(out)?;
    for (_, p) in order {
        let lines = p.with_extension("jsonl");
        let text =
            std::fs::read_to_string(&lines).map_err(|e| format!("{}: {e}", lines.display()))?;
        for line in text.lines() {
            partial.write_line(line)?;
        }
    }
    partial.commit()
}
