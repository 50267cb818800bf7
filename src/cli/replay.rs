//! `ttrules replay`: replay the main line of each game of SGF records and score it (spec Part
//! III for reading, Parts I and II for playing). One file prints a report per game; several files
//! or a directory are replayed in bulk, in parallel, with a progress bar and a summary. The
//! pipeline itself is [`ttrules_record::replay`]; this module parses, calls and prints.

use super::input;
use super::out::Unwritten;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use ttrules_record::dead_from::DeadFrom;
use ttrules_record::replay::shard::{replay_shard, shard_files, shard_paths};
use ttrules_record::replay::{
    collect_files, document, line, refused_json, replay_all, replay_each, JsonLines, Options,
    Summary,
};
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::shard::Shard;
use ttrules_record::{Overrides, Warning};

pub use ttrules_record::replay::EngineChoice;

/// The arguments of `ttrules replay`. Their docs are the `--help` text, written for a terminal:
/// `HA[N]` and `FF[4]` there are SGF, not links.
#[allow(rustdoc::broken_intra_doc_links)]
#[derive(clap::Args, Clone, Debug)]
pub struct Args {
    /// Print a JSON object per game instead of a diagram (one pretty object per game, one after
    /// another, when a file holds several).
    #[arg(long)]
    pub json: bool,
    /// Print one compact JSON object per game and line (JSON Lines); in bulk mode the records.
    #[arg(long, conflicts_with = "json")]
    pub jsonl: bool,
    /// The engine that judges the moves (both agree on every observable; see the fuzzing).
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    /// The rules: a ruleset name (tromp-taylor, chinese, japanese, aga, …), a KataGo rules string,
    /// or a parameter list. Overrides the record's RU; default tromp-taylor (r[rec.override]).
    #[arg(long)]
    pub rules: Option<String>,
    /// The komi, a multiple of 0.5. Overrides the record's KM; default: the ruleset's komi.
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// The handicap: read the record as if it had HA[N] (r[rec.handicap]).
    #[arg(long)]
    pub handicap: Option<u32>,
    /// Stones agreed dead at the end, as GTP points separated by commas or spaces (r[var.count.dead]);
    /// replaces the record's TB/TW marks (r[rec.dead]).
    #[arg(long)]
    pub dead: Option<String>,
    /// Where the dead stones of a finished record without marks come from (r[rec.dead.source]):
    /// `marks` (the default: none without marks), `proven` (the stones standing in the opponent's
    /// pass-alive territory, r[rec.dead.proven]) or a GTP engine's command line, e.g.
    /// "gnugo --mode gtp" (its `final_status_list dead`: its judgement, r[rec.dead.engine]).
    #[arg(long, value_name = "SOURCE", conflicts_with = "dead")]
    pub dead_from: Option<String>,
    /// The timeout of each command sent to the --dead-from engine, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub dead_from_timeout: f64,
    /// Score the game under every named ruleset (and `--rules`, if given) side by side, with each
    /// score taken apart and the identities of the rulesets comparison checked on the game (one
    /// file; with several games in it, the first or `--game N`).
    #[arg(long)]
    pub compare: bool,
    /// Also write the final board as SVG (dead stones crossed, territory marked); with several
    /// games in the file, one file per game, `-N` added before the extension.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Also write the games as a page of the viewer (HTML, self-contained): step through the
    /// turns with every verdict and its clause, the count at the end. One file: a page per game
    /// (`-N` added before the extension when it holds several); bulk mode: one page, a game list.
    #[arg(long, value_name = "FILE", conflicts_with = "compare")]
    pub html: Option<PathBuf>,
    /// With --html: also count each game under these rulesets side by side (`all`: every named
    /// ruleset; else names, comma-separated).
    #[arg(long, value_name = "RULESETS", requires = "html")]
    pub html_rules: Option<String>,
    /// Also print a diagram marking each player's pass-alive area (r[life.area]).
    #[arg(long)]
    pub pass_alive: bool,
    /// Refuse (status 2) every record that needs a repair or an interpretation beyond SGF FF[4]
    /// and the spec (r[rec.override]).
    #[arg(long)]
    pub strict: bool,
    /// Replay only game N (from 1) of a file holding several (r[rec.trees]); one file only.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Bulk mode: write each record as soon as it is replayed, in no fixed order (default: in
    /// the order of the sorted file list, which is the same on every run).
    #[arg(long)]
    pub unordered: bool,
    /// Bulk mode: also write the summary as a JSON object to this file (`-`: stdout, after the
    /// records).
    #[arg(long, value_name = "PATH")]
    pub summary_json: Option<PathBuf>,
    /// Bulk mode: replay only shard K of N of the files, split by a stable hash of each file's
    /// path relative to the folder named (the same split on every machine), and write the
    /// shard's JSON lines and summary into --shard-dir; `ttrules merge` adds the shards up.
    /// (With --parquet DIR instead, the shard's tables and summary go into DIR. With
    /// --sgf-column, the tables' rows are split instead: shard K has the K-th of N runs of
    /// consecutive rows.)
    #[arg(long, value_name = "K/N", conflicts_with_all = ["unordered", "summary_json", "compare", "svg", "game", "html"])]
    pub shard: Option<ttrules_record::shard::Shard>,
    /// Where a shard writes `replay-K-of-N.jsonl` and `replay-K-of-N.json` (each by rename, once
    /// the shard is done).
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub shard_dir: Option<PathBuf>,
    /// SGF files, or directories searched recursively for `*.sgf` (none found: status 2); `-`
    /// reads one record from standard input. One file: a report per game; more, or a directory:
    /// bulk mode, with a summary on stderr.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub tables: super::replay_parquet::TableArgs,
}

/// What the command line overrides (r[rec.override]), read once.
pub fn options(args: &Args) -> Result<Options, String> {
    let rules = match &args.rules {
        Some(name) => Some(rules_by_any_name(name).map_err(|e| format!("--rules: {e}"))?),
        None => None,
    };
    let komi = match &args.komi {
        Some(k) => Some(k.parse().map_err(|e| format!("--komi: {e}"))?),
        None => None,
    };
    Ok(Options {
        overrides: Overrides {
            rules,
            komi,
            handicap: args.handicap,
            strict: args.strict,
        },
        dead: args.dead.clone(),
        dead_from: dead_from_arg(args.dead_from.as_deref(), args.dead_from_timeout)?,
        engine: Some(args.engine),
        skip_end_lists: false,
    })
}

/// `--dead-from` and its timeout, read (r[rec.dead.source]): an engine's command line becomes
/// the judge of [`ttrules_gtp::dead_from`].
pub fn dead_from_arg(text: Option<&str>, seconds: f64) -> Result<Option<DeadFrom>, String> {
    let timeout = std::time::Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| {
            format!("--dead-from-timeout {seconds}: not a positive number of seconds")
        })?;
    text.map(|t| ttrules_gtp::dead_from::parse(t, timeout))
        .transpose()
}

/// Prints the warnings of a record on stderr, one line each, as `replay` prints them:
/// `PROGRAM: AT: node N: warning (KIND): TEXT` (r[rec.warnings]).
pub fn print_warnings(program: &str, at: &str, warnings: &[Warning]) {
    for w in warnings {
        match w.node {
            Some(n) => crate::errln!(
                "{program}: {at}: node {n}: warning ({}): {}",
                w.kind,
                w.text
            ),
            None => crate::errln!("{program}: {at}: warning ({}): {}", w.kind, w.text),
        }
    }
}

/// `path` with `-n` added before its extension (`board.svg` → `board-2.svg`).
fn numbered(path: &std::path::Path, n: usize) -> PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

/// Runs `ttrules replay`.
pub fn run(args: &Args) -> ExitCode {
    if args.compare {
        return super::compare::run(args);
    }
    let opts = match options(args) {
        Ok(o) => o,
        Err(e) => {
            crate::errln!("ttrules replay: {e}");
            return ExitCode::from(2);
        }
    };
    if args.tables.parquet.is_some() || args.tables.sgf_column.is_some() {
        return super::replay_parquet::run(args, &opts);
    }
    if args.shard.is_some() && args.shard_dir.is_none() {
        crate::errln!("ttrules replay: --shard K/N writes into --shard-dir DIR (or --parquet DIR)");
        return ExitCode::from(2);
    }
    let bulk =
        args.shard.is_some() || args.files.len() > 1 || args.files.iter().any(|f| f.is_dir());
    if bulk && args.files.iter().any(|f| input::is_stdin(f)) {
        crate::errln!("ttrules replay: - (standard input) is read alone, not among several files or a directory");
        return ExitCode::from(2);
    }
    if bulk {
        if args.svg.is_some() {
            crate::errln!("ttrules replay: --svg draws the games of one file, not of several files or a directory");
            return ExitCode::from(2);
        }
        if args.game.is_some() {
            crate::errln!("ttrules replay: --game picks a game of one file, not of several files or a directory");
            return ExitCode::from(2);
        }
        if let (Some(shard), Some(dir)) = (args.shard, &args.shard_dir) {
            return run_shard(args, &opts, shard, dir);
        }
        return run_bulk(args, &opts);
    }
    if args.summary_json.is_some() {
        crate::errln!("ttrules replay: --summary-json summarises a bulk run (several files or a directory); for one file the report is the summary");
        return ExitCode::from(2);
    }
    run_file(args, &opts)
}

/// Replays one file (only game N with `--game N`), writing each game's report as soon as it is
/// replayed, so that memory holds one game's replay and report at a time, not the file's
/// (issue 32, D2). A closed pipe or a failed write ends the output, not the replay: the warnings,
/// the SVG files and the status of the other games still come.
fn run_file(args: &Args, opts: &Options) -> ExitCode {
    let path = &args.files[0];
    let file = input::name(path);
    let bytes = match input::read(path) {
        Ok(b) => b,
        Err(e) => {
            crate::errln!("ttrules replay: {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let mut status = 0;
    // Why standard output stopped taking reports, if it did.
    let mut broken: Option<Unwritten> = None;
    let mut blank = false;
    replay_each(&bytes, &file, args.game, opts, |count, r| {
        let several = count > 1;
        match r {
            Ok(r) => {
                let at = if several {
                    format!("{file}: game {}", r.record.tree)
                } else {
                    file.clone()
                };
                print_warnings("ttrules replay", &at, &r.warnings);
                if let Some(path) = &args.svg {
                    let path = if several {
                        numbered(path, r.record.tree)
                    } else {
                        path.clone()
                    };
                    let drawn = ttrules_draw::svg::save_replay(
                        &path,
                        &r.replay.grid,
                        &r.game.dead,
                        r.game.rules.tax,
                        &at,
                    );
                    if let Err(e) = drawn {
                        crate::errln!("ttrules replay: {at}: {e}");
                        status = 2;
                    }
                }
                if let Some(path) = &args.html {
                    let path = if several {
                        numbered(path, r.record.tree)
                    } else {
                        path.clone()
                    };
                    let written = super::replay_html::rulesets(
                        args.html_rules.as_deref(),
                        args.komi.as_deref(),
                    )
                    .and_then(|sets| {
                        super::replay_html::write(&path, &super::replay_html::page_of(&r, &sets))
                    });
                    if let Err(e) = written {
                        crate::errln!("ttrules replay: {at}: {e}");
                        status = 2;
                    }
                }
                status = status.max(r.outcome.status());
                if broken.is_none() {
                    let text = report(args, &r, several, &mut blank);
                    broken = super::out::emit("replay", &text).err();
                }
            }
            Err(e) => {
                match e.tree {
                    Some(t) if several || t > 1 => {
                        crate::errln!("ttrules replay: {file}: game {t}: {}", e.message)
                    }
                    _ => crate::errln!("ttrules replay: {file}: {}", e.message),
                }
                status = 2;
            }
        }
    });
    let status = ExitCode::from(status);
    match broken {
        None => status,
        Some(why) => why.status(status),
    }
}

/// The report of one game of [`run_file`] as written: a JSON document and its newline, or the
/// text (with `--pass-alive`'s diagram). Text reports are separated by a blank line, written
/// before the next report (`blank`: one is owed), so that none follows the last.
fn report(
    args: &Args,
    r: &ttrules_record::replay::Replayed,
    several: bool,
    blank: &mut bool,
) -> String {
    let mut out = if args.jsonl {
        document(r).compact()
    } else if args.json {
        document(r).pretty()
    } else {
        let mut text = String::new();
        if std::mem::take(blank) {
            text.push('\n');
        }
        text.push_str(&r.to_text(several));
        if args.pass_alive {
            text.push_str(&ttrules_draw::life::text(
                &r.replay.grid,
                &r.replay.pass_alive,
            ));
        }
        if text.ends_with('\n') {
            *blank = true;
            return text;
        }
        text
    };
    out.push('\n');
    out
}

/// A bar on standard error for `len` files, while it is a terminal.
pub(super) fn files_bar(len: usize) -> Option<ProgressBar> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let b = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{wide_bar} {pos}/{len} files, {per_sec}, {eta} left")
    {
        b.set_style(style);
    }
    Some(b)
}

/// `work` run with a tick that moves `bar` on by one (a file done), the bar cleared after.
pub(super) fn ticking<T>(bar: Option<ProgressBar>, work: impl FnOnce(&dyn Fn()) -> T) -> T {
    let tick = || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    };
    let done = work(&tick);
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    done
}

/// Runs one shard of a bulk replay (`--shard K/N --shard-dir DIR`): its files replayed, its
/// lines and shard file written by rename; the shard's summary on stderr.
fn run_shard(args: &Args, opts: &Options, shard: Shard, dir: &std::path::Path) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(dir) {
        crate::errln!("ttrules replay: --shard-dir {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    let bar = match shard_files(&args.files, shard) {
        Ok(files) => files_bar(files.len()),
        Err(e) => {
            crate::errln!("ttrules replay: {e}");
            return ExitCode::from(2);
        }
    };
    let done = ticking(bar, |tick| {
        replay_shard(&args.files, shard, opts, dir, |_| tick())
    });
    match done {
        Ok((summary, file)) => {
            let seconds = file.seconds;
            let (lines, file) = shard_paths(dir, shard);
            crate::errprint!("shard {shard}: {}", summary.text());
            crate::errln!(
                "{seconds:.1} s; wrote {} and {}",
                lines.display(),
                file.display()
            );
            ExitCode::from(summary.status())
        }
        Err(e) => {
            crate::errln!("ttrules replay: shard {shard}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs bulk mode: several files or a directory.
fn run_bulk(args: &Args, opts: &Options) -> ExitCode {
    let files = match bulk_files(args) {
        Ok(files) => files,
        Err(code) => return code,
    };
    let bar = files_bar(files.len());
    let start = Instant::now();
    let mut out = std::io::stdout().lock();
    let jsonl = args.jsonl || args.json;
    // Why standard output stopped taking lines, if it did.
    let mut broken: Option<Unwritten> = None;
    let mut json = JsonLines::default();
    let mut html = match bulk_html(args) {
        Ok(html) => html,
        Err(code) => return code,
    };
    let summary = replay_all(&files, opts, args.unordered, |results| {
        if let Some(b) = &bar {
            b.inc(1);
        }
        if let Some(page) = &mut html {
            page.add(results);
        }
        if broken.is_some() {
            return;
        }
        for r in results {
            // One write with its newline: standard output, line-buffered, looks for the last
            // newline of each write, and would scan a whole line written without it.
            let written = match r {
                Ok(r) if jsonl => out.write_all(json.line(r)),
                Err(e) if jsonl => out.write_all((refused_json(e) + "\n").as_bytes()),
                r => out.write_all((line(r) + "\n").as_bytes()),
            };
            // A closed pipe or a failed write ends the output, not the run: the summary still
            // comes (on stderr).
            if let Err(e) = written {
                broken = Some(unwritten(&e));
                return;
            }
        }
    });
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    let seconds = start.elapsed().as_secs_f64();
    if broken.is_none() {
        if let Err(e) = out.flush() {
            broken = Some(unwritten(&e));
        }
    }
    crate::errprint!("{}", summary.text());
    crate::errln!(
        "{:.1} s, {:.0} games per second",
        seconds,
        summary.games as f64 / seconds.max(1e-9)
    );
    if let Some(Err(e)) = html.map(super::replay_html::Bulk::finish) {
        crate::errln!("ttrules replay: {e}");
        return ExitCode::from(2);
    }
    if let Some(path) = &args.summary_json {
        if let Err(code) = write_summary_json(path, &summary, seconds, &mut broken) {
            return code;
        }
    }
    let status = ExitCode::from(summary.status());
    match broken {
        None => status,
        Some(why) => why.status(status),
    }
}

/// The SGF files `args.files` name (directories walked); said on stderr, exit 2, when they
/// cannot be read or hold none.
fn bulk_files(args: &Args) -> Result<Vec<PathBuf>, ExitCode> {
    let files = match collect_files(&args.files) {
        Ok(f) => f,
        Err(e) => {
            crate::errln!("ttrules replay: {e}");
            return Err(ExitCode::from(2));
        }
    };
    if files.is_empty() {
        let named: Vec<String> = args.files.iter().map(|f| f.display().to_string()).collect();
        crate::errln!(
            "ttrules replay: no SGF file (*.sgf) in {}: nothing to replay",
            named.join(", ")
        );
        return Err(ExitCode::from(2));
    }
    Ok(files)
}

/// The page `--html` asks for, with the rulesets of `--html-rules` and `--komi`; said on
/// stderr, exit 2, when those do not read.
fn bulk_html(args: &Args) -> Result<Option<super::replay_html::Bulk>, ExitCode> {
    let Some(path) = &args.html else {
        return Ok(None);
    };
    match super::replay_html::rulesets(args.html_rules.as_deref(), args.komi.as_deref()) {
        Ok(sets) => Ok(Some(super::replay_html::Bulk::new(path.clone(), sets))),
        Err(e) => {
            crate::errln!("ttrules replay: {e}");
            Err(ExitCode::from(2))
        }
    }
}

/// Writes the `--summary-json` document to `path`, or to standard output for `-` unless it has
/// stopped taking lines (`broken`, set when this write fails); a file that cannot be written is
/// said on stderr, exit 2.
fn write_summary_json(
    path: &std::path::Path,
    summary: &Summary,
    seconds: f64,
    broken: &mut Option<Unwritten>,
) -> Result<(), ExitCode> {
    let doc = serde_json::json!({
        "summary": summary,
        "seconds": seconds,
        "spec": ttrules_spec::SPEC_VERSION,
    });
    let text = serde_json::to_string_pretty(&doc).expect("the summary serialises") + "\n";
    if path.as_os_str() == "-" {
        if broken.is_none() {
            if let Err(why) = super::out::emit("replay --summary-json", &text) {
                *broken = Some(why);
            }
        }
    } else if let Err(e) = std::fs::write(path, text) {
        crate::errln!("ttrules replay: --summary-json: {}: {e}", path.display());
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// Why a write to standard output failed: a closed pipe is quiet, any other failure is said on
/// stderr (once: the output stops there).
fn unwritten(e: &std::io::Error) -> Unwritten {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Unwritten::Closed
    } else {
        crate::errln!("ttrules replay: cannot write to standard output: {e}");
        Unwritten::Failed
    }
}
