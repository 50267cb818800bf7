//! `ttrules perft WxH DEPTH [--rules R] [--no-pass] [--divide] [--engine E] [--threads N]
//! [--json]`: the number of sequences of exactly DEPTH legal turns from the empty grid, with what
//! their last turns did (`spec/perft.md`).

use super::replay::EngineChoice;
use serde::Serialize;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;
use ttrules_count::perft::{merge_perft, perft_fast_shard, perft_shard_played, PerftShard};
use ttrules_fast::{perft, perft_fast, PerftCounts, PerftRun, PerftSpec};
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::shard::{Shard, ShardFile};
use ttrules_reference::Reference;
use ttrules_spec::Size;

#[derive(clap::Args)]
pub struct Args {
    /// The board, WxH (or N for N x N), empty at the start, Black to move.
    pub size: Size,
    /// The number of turns in each sequence counted.
    pub depth: u32,
    /// The rules: a ruleset name (tromp-taylor, chinese-superko, …), a KataGo rules string, or a
    /// parameter list such as `suicide=forbidden` (unnamed parameters keep their Tromp-Taylor
    /// value). Repetition, suicide and the end of the game change the counts.
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: String,
    /// Count moves only: a pass is not among the turns.
    #[arg(long)]
    pub no_pass: bool,
    /// Also give the counts split by first turn.
    #[arg(long)]
    pub divide: bool,
    /// The engine whose move generation is counted.
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    /// Play every turn of the last ply too instead of counting it in bulk (fast engine; the
    /// counts are the same, only slower).
    #[arg(long)]
    pub no_bulk: bool,
    /// Threads to walk with; default: every core.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Walk only shard K of N of the root's legal turns (those numbered K-1, K-1+N, … in divide
    /// order) and write the shard file `perft-K-of-N.json` into --shard-dir; `ttrules merge`
    /// adds the shards into the divide and total of one run.
    #[arg(long, value_name = "K/N", requires = "shard_dir")]
    pub shard: Option<Shard>,
    /// Where a shard writes its shard file (by rename, once the shard is done).
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub shard_dir: Option<std::path::PathBuf>,
}

/// The counts as the JSON output writes them.
#[derive(Serialize)]
struct JsonCounts {
    nodes: u64,
    captures: u64,
    suicides: u64,
    repetitions: u64,
    ended: u64,
}

impl JsonCounts {
    /// The counts a JSON object of this shape holds.
    fn read(v: &serde_json::Value) -> Result<PerftCounts, String> {
        let n = |name: &str| {
            v.get(name)
                .and_then(serde_json::Value::as_u64)
                .ok_or_else(|| format!("`{name}` is not a count in {v}"))
        };
        Ok(PerftCounts {
            nodes: n("nodes")?,
            captures: n("captures")?,
            suicides: n("suicides")?,
            repetitions: n("repetitions")?,
            ended: n("ended")?,
        })
    }
}

impl From<PerftCounts> for JsonCounts {
    fn from(k: PerftCounts) -> JsonCounts {
        JsonCounts {
            nodes: k.nodes,
            captures: k.captures,
            suicides: k.suicides,
            repetitions: k.repetitions,
            ended: k.ended,
        }
    }
}

#[derive(Serialize)]
struct JsonDivide {
    turn: String,
    #[serde(flatten)]
    counts: JsonCounts,
}

#[derive(Serialize)]
struct JsonPerft {
    size: String,
    depth: u32,
    rules: String,
    passes: bool,
    engine: &'static str,
    bulk: bool,
    threads: u32,
    #[serde(flatten)]
    counts: JsonCounts,
    seconds: f64,
    nodes_per_second: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    divide: Option<Vec<JsonDivide>>,
    /// The version of the rules text (`ttrules_spec::SPEC_VERSION`).
    spec: &'static str,
}

/// Runs `ttrules perft`.
pub fn run(args: &Args) -> ExitCode {
    let rules = match rules_by_any_name(&args.rules) {
        Ok((rules, _)) => rules,
        Err(e) => {
            crate::errln!("ttrules perft: --rules: {e}");
            return ExitCode::from(2);
        }
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(1024) as u32)
    });
    let spec = PerftSpec {
        size: args.size,
        rules,
        depth: args.depth,
        passes: !args.no_pass,
    };
    let bar = progress_bar(args.json);
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let run = PerftRun {
        threads: threads as usize,
        progress: &progress,
    };
    let bulk = args.engine == EngineChoice::Fast && !args.no_bulk;
    if let (Some(shard), Some(dir)) = (args.shard, &args.shard_dir) {
        let report = Report {
            spec,
            engine: engine_name(args.engine),
            bulk,
            threads,
            seconds: 0.0,
        };
        return run_shard(args, report, shard, dir);
    }
    let start = Instant::now();
    let result = match args.engine {
        EngineChoice::Fast => perft_fast(&spec, bulk, &run),
        EngineChoice::Reference => perft::<Reference>(&spec, &run),
    };
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let report = Report {
        spec,
        engine: engine_name(args.engine),
        bulk,
        threads,
        seconds,
    };
    let divide: Vec<(String, PerftCounts)> =
        result.divide.iter().map(|&(mv, k)| (mv.gtp(), k)).collect();
    emit(
        &report,
        &result.total,
        args.divide.then_some(&divide[..]),
        args.json,
    )
}

fn engine_name(e: EngineChoice) -> &'static str {
    match e {
        EngineChoice::Fast => "fast",
        EngineChoice::Reference => "reference",
    }
}

/// Prints a perft's total and divide as text or JSON.
fn emit(
    report: &Report,
    total: &PerftCounts,
    divide: Option<&[(String, PerftCounts)]>,
    json: bool,
) -> ExitCode {
    let text = if json {
        match json_text(report, total, divide) {
            Ok(s) => s,
            Err(e) => {
                crate::errln!("ttrules perft: cannot write JSON: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        text(report, total, divide)
    };
    match crate::cli::out::emit("perft", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => why.status(ExitCode::SUCCESS),
    }
}

/// How a count was made, for the output.
struct Report {
    spec: PerftSpec,
    engine: &'static str,
    bulk: bool,
    threads: u32,
    seconds: f64,
}

impl Report {
    fn rate(&self, nodes: u64) -> f64 {
        if self.seconds > 0.0 {
            nodes as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// A bar on standard error while it is a terminal and the output is text.
fn progress_bar(json: bool) -> indicatif::ProgressBar {
    if json || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(0);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "perft [{bar:30}] {pos}/{len} subtrees {elapsed_precise} eta {eta}",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

fn json_text(
    r: &Report,
    total: &PerftCounts,
    divide: Option<&[(String, PerftCounts)]>,
) -> serde_json::Result<String> {
    let out = JsonPerft {
        size: r.spec.size.to_string(),
        depth: r.spec.depth,
        rules: r.spec.rules.to_string(),
        passes: r.spec.passes,
        engine: r.engine,
        bulk: r.bulk,
        threads: r.threads,
        counts: (*total).into(),
        seconds: r.seconds,
        nodes_per_second: r.rate(total.nodes),
        divide: divide.map(|d| {
            d.iter()
                .map(|(turn, k)| JsonDivide {
                    turn: turn.clone(),
                    counts: (*k).into(),
                })
                .collect()
        }),
        spec: ttrules_spec::SPEC_VERSION,
    };
    serde_json::to_string_pretty(&out).map(|s| s + "\n")
}

const HEADER: &str = "       nodes    captures    suicides repetitions       ended";

fn columns(k: &PerftCounts) -> String {
    format!(
        "{:>12} {:>11} {:>11} {:>11} {:>11}",
        k.nodes, k.captures, k.suicides, k.repetitions, k.ended
    )
}

fn text(r: &Report, total: &PerftCounts, divide: Option<&[(String, PerftCounts)]>) -> String {
    let s = &r.spec;
    let mut t = String::new();
    t += &format!(
        "perft {} depth {}, {}, {}\n",
        s.size,
        s.depth,
        s.rules,
        if s.passes {
            "passes are turns"
        } else {
            "moves only"
        }
    );
    t += &format!("turn  {HEADER}\n");
    for (turn, k) in divide.unwrap_or_default() {
        t += &format!("{turn:<5} {}\n", columns(k));
    }
    t += &format!("total {}\n", columns(total));
    t += &format!(
        "{} engine{}, {} thread{}: {:.3} s, {:.0} nodes/s\n",
        r.engine,
        if r.bulk { ", bulk last ply" } else { "" },
        r.threads,
        if r.threads == 1 { "" } else { "s" },
        r.seconds,
        r.rate(total.nodes)
    );
    t
}

/// What must be equal for two perft shards to merge.
fn job(r: &Report) -> serde_json::Value {
    serde_json::json!({
        "size": r.spec.size.to_string(),
        "depth": r.spec.depth,
        "rules": r.spec.rules.describe(),
        "passes": r.spec.passes,
        "engine": r.engine,
        "bulk": r.bulk,
    })
}

/// Runs one shard of a perft (`--shard K/N --shard-dir DIR`): writes its shard file and prints
/// its part (its root turns and their sum).
fn run_shard(args: &Args, mut report: Report, shard: Shard, dir: &std::path::Path) -> ExitCode {
    let start = Instant::now();
    let (k, n, threads) = (shard.k, shard.n, report.threads as usize);
    let part: PerftShard = match args.engine {
        EngineChoice::Fast => perft_fast_shard(&report.spec, report.bulk, k, n, threads),
        EngineChoice::Reference => perft_shard_played::<Reference>(&report.spec, k, n, threads),
    };
    report.seconds = start.elapsed().as_secs_f64();
    let divide: Vec<serde_json::Value> = part
        .divide
        .iter()
        .map(|&(i, mv, k)| {
            let mut v = serde_json::to_value(JsonCounts::from(k)).expect("counts serialise");
            v["number"] = i.into();
            v["turn"] = mv.gtp().into();
            v
        })
        .collect();
    let file = ShardFile {
        format: ShardFile::FORMAT.into(),
        kind: "perft".into(),
        shard,
        job: job(&report),
        seconds: report.seconds,
        result: serde_json::json!({ "divide": divide, "rest": JsonCounts::from(part.rest) }),
    };
    let path = match file.write_in(dir) {
        Ok(path) => path,
        Err(e) => {
            crate::errln!("ttrules perft: --shard-dir: {e}");
            return ExitCode::from(2);
        }
    };
    crate::errln!("perft shard {shard}: wrote {}", path.display());
    let divide: Vec<(String, PerftCounts)> = part
        .divide
        .iter()
        .map(|&(_, mv, k)| (mv.gtp(), k))
        .collect();
    emit(
        &report,
        &part.total(),
        args.divide.then_some(&divide[..]),
        args.json,
    )
}

/// `ttrules merge` of perft shards: the divide and total of one run, printed as `perft
/// --divide` prints them.
pub fn merge(files: &[(String, ShardFile)], json: bool) -> Result<ExitCode, String> {
    let job = &files[0].1.job;
    let field = |name: &str| {
        job.get(name)
            .ok_or(format!("the job has no `{name}`: {job}"))
    };
    let size: Size = field("size")?
        .as_str()
        .and_then(|s| s.parse().ok())
        .ok_or(format!("bad size in {job}"))?;
    let rules = field("rules")?
        .as_str()
        .ok_or(format!("bad rules in {job}"))?;
    let (rules, _) = rules_by_any_name(rules).map_err(|e| e.to_string())?;
    let bool_of = |name: &str| field(name).map(|v| v.as_bool() == Some(true));
    let spec = PerftSpec {
        size,
        rules,
        depth: field("depth")?.as_u64().ok_or("bad depth")? as u32,
        passes: bool_of("passes")?,
    };
    let mut parts = Vec::new();
    let mut seconds = 0.0;
    for (name, f) in files {
        let at = |e: String| format!("{name}: {e}");
        let mut divide = Vec::new();
        let entries = f.result["divide"]
            .as_array()
            .ok_or(at("no divide".into()))?;
        for d in entries {
            let i = d["number"]
                .as_u64()
                .ok_or(at(format!("no number in {d}")))?;
            let turn = d["turn"].as_str().ok_or(at(format!("no turn in {d}")))?;
            divide.push((
                i as usize,
                turn.to_string(),
                JsonCounts::read(d).map_err(at)?,
            ));
        }
        let rest = JsonCounts::read(&f.result["rest"]).map_err(at)?;
        parts.push((f.shard.k, divide, rest));
        seconds += f.seconds;
    }
    let (divide, total) = merge_perft(files[0].1.shard.n, &parts)?;
    let engine = if field("engine")? == "reference" {
        "reference"
    } else {
        "fast"
    };
    let report = Report {
        spec,
        engine,
        bulk: bool_of("bulk")?,
        threads: 0,
        seconds,
    };
    Ok(emit(&report, &total, Some(&divide), json))
}
