//! `ttrules replay --parquet DIR` (the games table, and with `--moves` the moves table, as
//! Parquet files: [`ttrules_tables`]) and `ttrules replay --sgf-column NAME TABLE…` (SGF texts
//! read from a Parquet or JSON-lines file's column), and `ttrules merge --parquet DIR`. This
//! module parses, calls and prints; the book's Datasets page documents the tables.

use super::replay::{files_bar, ticking, Args};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;
use ttrules_record::replay::{
    collect_files, line, refused_json, JsonLines, Options, Refused, Replayed, Summary,
};
use ttrules_record::shard::{Shard, ShardFile};
use ttrules_tables::input::Columns;
use ttrules_tables::run::{
    concatenate, replay_files, replay_shard, replay_tables, replay_tables_shard, shard_output,
    ShardTarget,
};
use ttrules_tables::write::{Output, Sink};
use ttrules_tables::Origin;

/// The options of `replay` for tables, in and out.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct TableArgs {
    /// Bulk mode: write the games as a Parquet table, DIR/games.parquet (one row per game),
    /// instead of lines on standard output; with --shard K/N, DIR/games-K-of-N.parquet and the
    /// shard file beside it. Each file is written under a temporary name and renamed when done.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["json", "jsonl", "unordered", "compare", "svg", "game", "html", "shard_dir"])]
    pub parquet: Option<PathBuf>,
    /// With --parquet: also write the moves table, DIR/moves.parquet (one row per turn).
    #[arg(long, requires = "parquet")]
    pub moves: bool,
    /// With --moves: fill the moves table's position hash column (the game is played again).
    #[arg(long, requires = "moves")]
    pub hashes: bool,
    /// Read the SGF texts from this column of the files named, Parquet files or JSON-lines files
    /// (`.jsonl`, `.ndjson`, `.json`), instead of SGF files: each row is replayed as a file, named
    /// TABLE:ROW (rows from 0); a row without a text is refused with its reason, the others go on.
    /// With --shard K/N, the shard replays the K-th of N runs of consecutive rows.
    #[arg(long, value_name = "NAME", conflicts_with_all = ["compare", "svg", "game", "html", "unordered"])]
    pub sgf_column: Option<String>,
    /// With --sgf-column: the game's id from this column (text or integers), the games table's
    /// `id`.
    #[arg(long, value_name = "NAME", requires = "sgf_column")]
    pub id_column: Option<String>,
}

/// Runs `replay` with `--parquet` or `--sgf-column`.
pub fn run(args: &Args, opts: &Options) -> ExitCode {
    let t = &args.tables;
    let start = Instant::now();
    let done = match (&t.sgf_column, &t.parquet, args.shard) {
        (Some(column), _, Some(shard)) => return run_tables_shard(args, opts, column, shard),
        (Some(column), _, None) => return run_tables(args, opts, column),
        (None, Some(dir), Some(shard)) => return run_shard(args, opts, shard, dir),
        (None, Some(dir), None) => run_files(args, opts, dir),
        (None, None, _) => unreachable!("called with --parquet or --sgf-column"),
    };
    match done {
        Ok(summary) => finish(args, &summary, start.elapsed().as_secs_f64()),
        Err(e) => fail(&e),
    }
}

fn fail(e: &str) -> ExitCode {
    crate::errln!("ttrules replay: {e}");
    ExitCode::from(2)
}

fn output(args: &Args, dir: &Path) -> Output {
    Output::new(dir, args.tables.moves, args.tables.hashes)
}

/// The tables' paths, as the summary names them.
fn written(out: &Output) -> String {
    let (games, moves) = out.paths();
    match moves {
        Some(m) => format!("{} and {}", games.display(), m.display()),
        None => games.display().to_string(),
    }
}

/// `--parquet DIR`: the SGF files (and folders) named, in bulk.
fn run_files(args: &Args, opts: &Options, dir: &Path) -> Result<Summary, String> {
    let files = collect_files(&args.files)?;
    if files.is_empty() {
        let named: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
        return Err(format!(
            "no SGF file (*.sgf) in {}: nothing to replay",
            named.join(", ")
        ));
    }
    let bar = files_bar(files.len());
    let out = output(args, dir);
    let summary = ticking(bar, |tick| replay_files(&files, opts, &out, |_| tick()));
    let summary = summary?;
    crate::errln!("wrote {}", written(&out));
    Ok(summary)
}

/// `--parquet DIR --shard K/N`: the shard's tables and its shard file.
fn run_shard(args: &Args, opts: &Options, shard: Shard, dir: &Path) -> ExitCode {
    let out = shard_output(dir, shard, args.tables.moves, args.tables.hashes);
    let bar = ttrules_record::replay::shard::shard_files(&args.files, shard)
        .ok()
        .and_then(|f| files_bar(f.len()));
    let done = ticking(bar, |tick| {
        replay_shard(&args.files, shard, opts, &out, |_| tick())
    });
    match done {
        Ok((summary, file)) => {
            crate::errprint!("shard {shard}: {}", summary.text());
            crate::errln!(
                "{:.1} s; wrote {} and {}",
                file.seconds,
                written(&out),
                dir.join(shard.file_name("replay", "json")).display()
            );
            ExitCode::from(summary.status())
        }
        Err(e) => fail(&format!("shard {shard}: {e}")),
    }
}

/// Where the games of `--sgf-column` go: Parquet tables, or lines on standard output.
enum Target {
    Tables(Box<Sink>),
    Lines {
        jsonl: bool,
        json: JsonLines,
        out: std::io::StdoutLock<'static>,
    },
}

impl Target {
    fn push(&mut self, r: &Result<Replayed, Refused>, origin: Origin<'_>) -> Result<(), String> {
        match self {
            Target::Tables(sink) => sink.push(r, origin),
            Target::Lines { jsonl, json, out } => {
                let written = match r {
                    Ok(r) if *jsonl => out.write_all(json.line(r)),
                    Err(e) if *jsonl => out.write_all((refused_json(e) + "\n").as_bytes()),
                    r => out.write_all((line(r) + "\n").as_bytes()),
                };
                written.map_err(|e| format!("standard output: {e}"))
            }
        }
    }

    fn commit(self) -> Result<(), String> {
        match self {
            Target::Tables(sink) => (*sink).commit(),
            Target::Lines { mut out, .. } => {
                out.flush().map_err(|e| format!("standard output: {e}"))
            }
        }
    }
}

/// `--sgf-column NAME TABLE…`: the texts of the tables' column.
fn run_tables(args: &Args, opts: &Options, column: &str) -> ExitCode {
    let start = Instant::now();
    let mut target = match &args.tables.parquet {
        Some(dir) => match Sink::create(&output(args, dir), 0, 1) {
            Ok(s) => Target::Tables(Box::new(s)),
            Err(e) => return fail(&e),
        },
        None => Target::Lines {
            jsonl: args.jsonl || args.json,
            json: JsonLines::default(),
            out: std::io::stdout().lock(),
        },
    };
    let cols = Columns {
        sgf: column,
        id: args.tables.id_column.as_deref(),
        chunk: 1024,
    };
    let opts = match target {
        Target::Tables(_) => ttrules_tables::run::options(opts),
        Target::Lines { .. } => opts.clone(),
    };
    let mut failed = None;
    let (summary, stopped) = replay_tables(&args.files, &cols, &opts, None, |r, origin| {
        if failed.is_none() {
            if let Err(e) = target.push(r, origin) {
                failed = Some(e);
            }
        }
        Ok(())
    });
    // What was replayed is kept: the tables are written even when a table could not be read.
    let committed = match failed {
        Some(e) => Err(e),
        None => target.commit(),
    };
    let seconds = start.elapsed().as_secs_f64();
    let status = finish(args, &summary, seconds);
    if let Some(dir) = &args.tables.parquet {
        if committed.is_ok() {
            crate::errln!("wrote {}", written(&output(args, dir)));
        }
    }
    match (committed, stopped) {
        (Err(e), _) | (Ok(()), Some(e)) => fail(&e),
        (Ok(()), None) => status,
    }
}

/// `--sgf-column NAME TABLE… --shard K/N`: the shard's run of rows, into its tables
/// (`--parquet DIR`) or its JSON lines (`--shard-dir DIR`), and its shard file.
fn run_tables_shard(args: &Args, opts: &Options, column: &str, shard: Shard) -> ExitCode {
    let cols = Columns {
        sgf: column,
        id: args.tables.id_column.as_deref(),
        chunk: 1024,
    };
    let out = args
        .tables
        .parquet
        .as_ref()
        .map(|dir| shard_output(dir, shard, args.tables.moves, args.tables.hashes));
    let (target, dir) = match (&out, &args.shard_dir) {
        (Some(out), _) => (ShardTarget::Tables(out), out.dir.clone()),
        (None, Some(dir)) => (ShardTarget::Lines(dir), dir.clone()),
        (None, None) => {
            return fail("--shard K/N writes into --shard-dir DIR (or --parquet DIR)");
        }
    };
    match replay_tables_shard(&args.files, &cols, shard, opts, target) {
        Ok((summary, file)) => {
            crate::errprint!("shard {shard}: {}", summary.text());
            let data = match &out {
                Some(out) => written(out),
                None => dir
                    .join(shard.file_name("replay", "jsonl"))
                    .display()
                    .to_string(),
            };
            crate::errln!(
                "{:.1} s; wrote {data} and {}",
                file.seconds,
                dir.join(shard.file_name("replay", "json")).display()
            );
            ExitCode::from(summary.status())
        }
        Err(e) => fail(&format!("shard {shard}: {e}")),
    }
}

/// The summary on stderr (and with `--summary-json`, as JSON); the run's status.
fn finish(args: &Args, summary: &Summary, seconds: f64) -> ExitCode {
    crate::errprint!("{}", summary.text());
    crate::errln!(
        "{:.1} s, {:.0} games per second",
        seconds,
        summary.games as f64 / seconds.max(1e-9)
    );
    if let Some(path) = &args.summary_json {
        let doc = serde_json::json!({
            "summary": summary,
            "seconds": seconds,
            "spec": ttrules_spec::SPEC_VERSION,
        });
        let text = serde_json::to_string_pretty(&doc).expect("the summary serialises") + "\n";
        let done = if path.as_os_str() == "-" {
            super::out::emit("replay --summary-json", &text)
                .map_err(|why| why.status(ExitCode::from(2)))
        } else {
            std::fs::write(path, text).map_err(|e| {
                crate::errln!("ttrules replay: --summary-json: {}: {e}", path.display());
                ExitCode::from(2)
            })
        };
        if let Err(status) = done {
            return status;
        }
    }
    ExitCode::from(summary.status())
}

/// `ttrules merge SHARDS --parquet DIR`: the shards' tables concatenated in shard order into
/// DIR/games.parquet (and DIR/moves.parquet when the shards have moves).
pub fn merge(paths: &[PathBuf], files: &[(String, ShardFile)], dir: &Path) -> Result<(), String> {
    let job = &files[0].1.job;
    let flag = |name: &str| job.get(name).and_then(|v| v.as_bool()).unwrap_or(false);
    let out = Output::new(dir, flag("moves"), flag("hashes"));
    let shards: Vec<(PathBuf, ShardFile)> = paths
        .iter()
        .cloned()
        .zip(files.iter().map(|(_, f)| f.clone()))
        .collect();
    concatenate(&shards, &out)?;
    crate::errln!("wrote {}", written(&out));
    Ok(())
}
