//! `ttrules perft WxH DEPTH [--rules R] [--no-pass] [--divide] [--engine E] [--threads N]
//! [--json]`: the number of sequences of exactly DEPTH legal turns from the empty grid, with what
//! their last turns did (`spec/perft.md`).

use super::replay::EngineChoice;
use serde::Serialize;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;
use ttrules_fast::{perft, perft_fast, PerftCounts, PerftResult, PerftRun, PerftSpec};
use ttrules_record::rules::rules_by_any_name;
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
}

/// Runs `ttrules perft`.
pub fn run(args: &Args) -> ExitCode {
    let rules = match rules_by_any_name(&args.rules) {
        Ok((rules, _)) => rules,
        Err(e) => {
            eprintln!("ttrules perft: --rules: {e}");
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
    let start = Instant::now();
    let result = match args.engine {
        EngineChoice::Fast => perft_fast(&spec, bulk, &run),
        EngineChoice::Reference => perft::<Reference>(&spec, &run),
    };
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let engine = match args.engine {
        EngineChoice::Fast => "fast",
        EngineChoice::Reference => "reference",
    };
    let report = Report {
        spec,
        engine,
        bulk,
        threads,
        seconds,
    };
    let text = if args.json {
        match json_text(&report, &result, args.divide) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("ttrules perft: cannot write JSON: {e}");
                return ExitCode::from(2);
            }
        }
    } else {
        text(&report, &result, args.divide)
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

fn json_text(r: &Report, result: &PerftResult, divide: bool) -> serde_json::Result<String> {
    let out = JsonPerft {
        size: r.spec.size.to_string(),
        depth: r.spec.depth,
        rules: r.spec.rules.to_string(),
        passes: r.spec.passes,
        engine: r.engine,
        bulk: r.bulk,
        threads: r.threads,
        counts: result.total.into(),
        seconds: r.seconds,
        nodes_per_second: r.rate(result.total.nodes),
        divide: divide.then(|| {
            result
                .divide
                .iter()
                .map(|&(mv, k)| JsonDivide {
                    turn: mv.gtp(),
                    counts: k.into(),
                })
                .collect()
        }),
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

fn text(r: &Report, result: &PerftResult, divide: bool) -> String {
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
    if divide {
        for (mv, k) in &result.divide {
            t += &format!("{:<5} {}\n", mv.gtp(), columns(k));
        }
    }
    t += &format!("total {}\n", columns(&result.total));
    t += &format!(
        "{} engine{}, {} thread{}: {:.3} s, {:.0} nodes/s\n",
        r.engine,
        if r.bulk { ", bulk last ply" } else { "" },
        r.threads,
        if r.threads == 1 { "" } else { "s" },
        r.seconds,
        r.rate(result.total.nodes)
    );
    t
}
