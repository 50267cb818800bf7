//! `ttrules count-games WxH` and `ttrules count-legal WxH`: exhaustive counts with published
//! answers (Tromp and Farnebäck, "Combinatorics of Go"), under literal Tromp-Taylor.

use super::replay::EngineChoice;
use num_bigint::BigUint;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;
use ttrules_count::{self as combinatorics, grouped};
use ttrules_fast::count::graph::{count_games_graph, GameCount, GraphError, GraphRun, MoveGraph};
use ttrules_fast::{count_games, count_games_tiny, count_legal, Fast};
use ttrules_record::shard::{Shard, ShardFile};
use ttrules_reference::Reference;
use ttrules_spec::{Engine, Move, Player, Size};

#[derive(clap::Args)]
pub struct GamesArgs {
    /// The board, WxH (or N for N x N). The count grows very fast: 1x4 has 2,098,407,841 games,
    /// 2x2 386,356,909,593.
    pub size: Size,
    /// The engine whose move function makes the games. Grids of at most 57 legal colourings
    /// (1x1 to 1x4, 2x2) are counted as paths in the move graph the engine builds, with an
    /// exact memo under the grid's symmetries; larger ones by walking the game tree.
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    /// Walk the whole game tree with the engine, one game at a time, instead of counting paths
    /// in the move graph (1x3 at most in practice).
    #[arg(long)]
    pub walk: bool,
    /// Also report the longest game (in moves; and the most turns, passes included) and print
    /// one game with the most moves.
    #[arg(long)]
    pub longest: bool,
    /// Threads for the move-graph count; default: every core.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
    /// Memory for the memo of the move-graph count, in MiB (2x2 uses about 1 GiB of states;
    /// with less, states are computed again, never wrongly).
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=65536))]
    pub memo_mib: u64,
}

#[derive(clap::Args)]
pub struct LegalArgs {
    /// The board, WxH (or N for N x N).
    pub size: Size,
    /// How to count. `dp` (the default): Tromp and Farnebäck's border-state dynamic programming,
    /// for every board whose shorter side is at most 16 (9x9 in seconds, 11x11 in about a
    /// minute). `brute`: every one of the 3^(W·H) colourings checked by flood fill, the
    /// independent check; needs (W+1)·H ≤ 64 and takes hours from 5x5 on.
    #[arg(long, value_enum, default_value_t = Method::Dp)]
    pub method: Method,
    /// Print one JSON object (the count as a decimal string) instead of the sentence.
    #[arg(long)]
    pub json: bool,
    /// Worker threads for `dp` (0: one per core). The count does not depend on it.
    #[arg(long, default_value_t = 0, value_parser = clap::builder::TypedValueParser::map(clap::value_parser!(u16).range(0..=1024), usize::from))]
    pub threads: usize,
    /// For `dp`: go on from the checkpoint in FILE if it exists (it must be of the same count),
    /// write one there about once a minute, and remove it when the count is done.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// For `dp`: count only shard K of N, the count's residues modulo some of the primes the
    /// count is split into, and write the shard file `count-legal-K-of-N.json` into --shard-dir;
    /// `ttrules merge` puts the residues together (Chinese remainder theorem).
    #[arg(long, value_name = "K/N", requires = "shard_dir")]
    pub shard: Option<Shard>,
    /// Where a shard writes its shard file (by rename, once the shard is done).
    #[arg(long, value_name = "DIR", requires = "shard")]
    pub shard_dir: Option<std::path::PathBuf>,
}

/// The counting method of `count-legal`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    Dp,
    Brute,
}

/// Runs `ttrules count-games`: the number of complete games (every sequence of legal turns from the
/// empty grid to two consecutive passes, r[tt.start], r[tt.end]).
pub fn games(args: &GamesArgs) -> ExitCode {
    let start = Instant::now();
    let engine = match args.engine {
        EngineChoice::Fast => "fast",
        EngineChoice::Reference => "reference",
    };
    let graph = if args.walk {
        Err(GraphError::TooLarge)
    } else {
        match args.engine {
            EngineChoice::Fast => MoveGraph::build::<Fast>(args.size),
            EngineChoice::Reference => MoveGraph::build::<Reference>(args.size),
        }
    };
    let count = match &graph {
        Ok(g) => Some(by_graph(g, args)),
        Err(GraphError::TooLarge) if args.longest => {
            crate::errln!(
                "ttrules count-games: --longest needs the move-graph count, which takes grids of at most 57 legal colourings (1x1 to 1x4, 2x2){}",
                if args.walk { "; drop --walk" } else { "" }
            );
            return ExitCode::from(2);
        }
        Err(GraphError::TooLarge) if !args.walk => {
            crate::errln!(
                "ttrules count-games: {} has more than 57 legal colourings, too many for the move-graph count (1x1 to 1x4, 2x2); walking its game tree would not end in practice (no one knows the count). Pass --walk to walk it anyway",
                args.size
            );
            return ExitCode::from(2);
        }
        Err(GraphError::TooLarge) => None,
    };
    let (n, how) = match (&count, &graph) {
        (Some(c), Ok(g)) => (
            c.games,
            format!(
                "{engine} engine, paths in the move graph of {} colourings",
                g.colourings()
            ),
        ),
        _ => match args.engine {
            EngineChoice::Fast if !args.walk => match count_games_tiny(args.size) {
                Some(n) => (n, "fast engine, tiny-board walk".to_string()),
                None => (count_games::<Fast>(args.size), "fast engine".to_string()),
            },
            EngineChoice::Fast => (count_games::<Fast>(args.size), "fast engine".to_string()),
            EngineChoice::Reference => (
                count_games::<Reference>(args.size),
                "reference engine".to_string(),
            ),
        },
    };
    let mut text = format!(
        "{} complete Tromp-Taylor games on {} ({how}, {:.3} s)\n",
        grouped(&BigUint::from(n)),
        args.size,
        start.elapsed().as_secs_f64()
    );
    if let (true, Some(c)) = (args.longest, &count) {
        match longest_text(args.size, c) {
            Ok(t) => text += &t,
            Err(why) => {
                crate::errln!("ttrules count-games: {why}");
                return ExitCode::from(2);
            }
        }
    }
    match crate::cli::out::emit("count-games", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => why.status(ExitCode::SUCCESS),
    }
}

/// The move-graph count, with a progress bar on a terminal.
fn by_graph(g: &MoveGraph, args: &GamesArgs) -> GameCount {
    let threads = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |t| t as usize,
    );
    let bar = if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(0);
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "count-games [{bar:30}] {pos}/{len} first states {elapsed_precise}",
        ) {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    } else {
        indicatif::ProgressBar::hidden()
    };
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let run = GraphRun {
        threads,
        memo_bytes: (args.memo_mib as usize).saturating_mul(1 << 20),
        progress: &progress,
    };
    let count = count_games_graph(g, &run);
    bar.finish_and_clear();
    count
}

/// The longest game of `c`: its length and its turns.
fn longest_text(size: Size, c: &GameCount) -> Result<String, String> {
    let mut text = format!(
        "longest game: {} moves (the most turns in a game, passes included: {})\n",
        c.longest_moves, c.longest_turns
    );
    let mut e = Fast::new(size, ttrules_spec::Rules::TROMP_TAYLOR);
    let mut turns = Vec::new();
    for &mv in &c.longest_game {
        let who = match e.to_move() {
            Player::Black => "B",
            Player::White => "W",
        };
        turns.push(format!("{who} {mv}"));
        if let Err(why) = e.play(mv) {
            // The graph was built by an engine's move function; the fast engine must agree.
            return Err(format!(
                "turn {} of the longest game, {mv}: {why}",
                turns.len()
            ));
        }
    }
    let moves = c.longest_game.iter().filter(|m| **m != Move::Pass).count();
    text += &format!("one game with {moves} moves, {} turns:\n", turns.len());
    for line in turns.chunks(10) {
        text += &format!("  {}\n", line.join(", "));
    }
    Ok(text)
}

/// Runs `ttrules count-legal`: the number of legal positions, colourings in which every stone
/// reaches empty (r[tt.derived.every-stone-reaches-empty]).
pub fn legal(args: &LegalArgs) -> ExitCode {
    let size = args.size;
    if let (Some(shard), Some(dir)) = (args.shard, &args.shard_dir) {
        if args.method != Method::Dp {
            crate::errln!("ttrules count-legal: --shard splits the dp count (--method dp)");
            return ExitCode::from(2);
        }
        return legal_shard(args, shard, dir);
    }
    let start = Instant::now();
    let (n, how, extra) = match args.method {
        Method::Brute => match count_legal(size) {
            Some(n) => (
                BigUint::from(n),
                format!("brute force over 3^{} colourings", size.area()),
                serde_json::json!({}),
            ),
            None => {
                crate::errln!(
                    "ttrules count-legal: {size} is too large for --method brute: it enumerates 3^(W·H) colourings and needs (W+1)·H ≤ 64 (use --method dp)"
                );
                return ExitCode::from(2);
            }
        },
        Method::Dp => {
            let bar = legal_progress(size);
            let options = combinatorics::Options {
                threads: args.threads,
                checkpoint: args.checkpoint.clone(),
                ..Default::default()
            };
            let counted = combinatorics::count_legal(size, options, &mut |step| {
                bar.set_position(step.done as u64);
                bar.set_message(format!(
                    "{} state classes",
                    grouped(&BigUint::from(step.states))
                ));
            });
            bar.finish_and_clear();
            match counted {
                Ok(c) => (
                    c.legal,
                    format!(
                        "border-state DP in rows of {}, at most {} state classes, {} arithmetic",
                        c.border,
                        grouped(&BigUint::from(c.peak_states)),
                        c.arithmetic.name()
                    ),
                    serde_json::json!({
                        "border": c.border,
                        "peak_states": c.peak_states,
                        "arithmetic": c.arithmetic.name(),
                    }),
                ),
                Err(e) => {
                    crate::errln!("ttrules count-legal: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    };
    let secs = start.elapsed().as_secs_f64();
    if args.json {
        let mut obj = serde_json::json!({
            "size": size.to_string(),
            "width": size.width(),
            "height": size.height(),
            "method": match args.method { Method::Dp => "dp", Method::Brute => "brute" },
            "legal": n.to_string(),
            "digits": n.to_string().len(),
            "seconds": secs,
            "spec": ttrules_spec::SPEC_VERSION,
        });
        if let (Some(o), Some(e)) = (obj.as_object_mut(), extra.as_object()) {
            o.extend(e.clone());
        }
        crate::outln!("count-legal", "{obj}");
    } else {
        crate::outln!(
            "count-legal",
            "{} legal positions on {size} ({how}, {secs:.3} s)",
            grouped(&n)
        );
    }
    ExitCode::SUCCESS
}

/// A progress bar over the points of the board, on a terminal and for boards that take a while.
fn legal_progress(size: Size) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if size.width().min(size.height()) < 8 || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(size.area() as u64);
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "count-legal {prefix} [{bar:30}] {pos}/{len} points, {msg}, {elapsed} (eta {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_prefix(size.to_string());
    bar
}

/// Runs one shard of `count-legal` (`--shard K/N --shard-dir DIR`): its residues, written to its
/// shard file and printed.
fn legal_shard(args: &LegalArgs, shard: Shard, dir: &std::path::Path) -> ExitCode {
    let start = Instant::now();
    let bar = legal_progress(args.size);
    let options = combinatorics::Options {
        threads: args.threads,
        checkpoint: args.checkpoint.clone(),
        ..Default::default()
    };
    let counted = combinatorics::shard::count_legal_shard(
        args.size,
        shard.k,
        shard.n,
        &options,
        &mut |step| bar.set_position(step.done as u64),
    );
    bar.finish_and_clear();
    let residues = match counted {
        Ok(r) => r,
        Err(e) => {
            crate::errln!("ttrules count-legal: shard {shard}: {e}");
            return ExitCode::from(2);
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let list: Vec<serde_json::Value> = residues
        .iter()
        .map(|(m, r)| serde_json::json!({ "modulus": m.to_string(), "residue": r.to_string() }))
        .collect();
    let file = ShardFile {
        format: ShardFile::FORMAT.into(),
        kind: "count-legal".into(),
        shard,
        job: serde_json::json!({ "size": args.size.to_string(), "method": "dp" }),
        seconds,
        result: serde_json::json!({ "residues": list }),
    };
    let path = match file.write_in(dir) {
        Ok(path) => path,
        Err(e) => {
            crate::errln!("ttrules count-legal: --shard-dir: {e}");
            return ExitCode::from(2);
        }
    };
    if args.json {
        crate::outln!(
            "count-legal",
            "{}",
            serde_json::to_string(&file).expect("JSON")
        );
    } else {
        for (m, r) in &residues {
            crate::outln!(
                "count-legal",
                "legal positions on {} = {r} mod {m}",
                args.size
            );
        }
        crate::outln!(
            "count-legal",
            "shard {shard} of {}: {} residue(s) in {seconds:.3} s, written to {}",
            args.size,
            residues.len(),
            path.display()
        );
    }
    ExitCode::SUCCESS
}

/// `ttrules merge` of `count-legal` shards: the count, from the residues of every shard by the
/// Chinese remainder theorem, printed as `count-legal` prints it.
pub fn merge_legal(files: &[(String, ShardFile)], json: bool) -> Result<ExitCode, String> {
    let job = &files[0].1.job;
    let size: Size = job["size"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .ok_or(format!("the job has no board size: {job}"))?;
    let mut residues = Vec::new();
    let mut seconds = 0.0;
    for (name, f) in files {
        let bad =
            || format!("{name}: the residues are not a list of (modulus, residue) in decimal");
        for r in f.result["residues"].as_array().ok_or_else(bad)? {
            let n = |key: &str| {
                r[key]
                    .as_str()
                    .and_then(|s| s.parse::<u64>().ok())
                    .ok_or_else(bad)
            };
            residues.push((n("modulus")?, n("residue")?));
        }
        seconds += f.seconds;
    }
    let shards = files[0].1.shard.n;
    let n = combinatorics::shard::merge_legal(size, shards, &residues)?;
    let text = if json {
        serde_json::json!({
            "size": size.to_string(),
            "width": size.width(),
            "height": size.height(),
            "method": "dp",
            "legal": n.to_string(),
            "digits": n.to_string().len(),
            "seconds": seconds,
            "shards": shards,
            "moduli": residues.len(),
            "spec": ttrules_spec::SPEC_VERSION,
        })
        .to_string()
            + "\n"
    } else {
        format!(
            "{} legal positions on {size} (border-state DP modulo {} primes in {shards} shards, merged by the Chinese remainder theorem, {seconds:.3} s in all)\n",
            grouped(&n),
            residues.len()
        )
    };
    Ok(match crate::cli::out::emit("merge", &text) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => why.status(ExitCode::SUCCESS),
    })
}
