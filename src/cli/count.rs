//! `ttrules count-games WxH` and `ttrules count-legal WxH`: exhaustive counts with published
//! answers (Tromp and Farnebäck, "Combinatorics of Go"), under literal Tromp-Taylor.

use super::replay::EngineChoice;
use crate::combinatorics::{self, grouped};
use num_bigint::BigUint;
use std::process::ExitCode;
use std::time::Instant;
use ttrules_fast::{count_games, count_games_tiny, count_legal, Fast};
use ttrules_reference::Reference;
use ttrules_spec::Size;

#[derive(clap::Args)]
pub struct GamesArgs {
    /// The board, WxH (or N for N x N). The count grows very fast: 1x4 has 2,098,407,841 games.
    pub size: Size,
    /// The engine that walks the game tree. With `fast`, boards of up to 12 points use a
    /// dedicated walk with true undo.
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
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
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// For `dp`: go on from the checkpoint in FILE if it exists (it must be of the same count),
    /// write one there about once a minute, and remove it when the count is done.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
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
    let (n, how) = match args.engine {
        EngineChoice::Fast => match count_games_tiny(args.size) {
            Some(n) => (n, "fast engine, tiny-board walk"),
            None => (count_games::<Fast>(args.size), "fast engine"),
        },
        EngineChoice::Reference => (count_games::<Reference>(args.size), "reference engine"),
    };
    println!(
        "{n} complete Tromp-Taylor games on {} ({how}, {:.3} s)",
        args.size,
        start.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Runs `ttrules count-legal`: the number of legal positions, colourings in which every stone
/// reaches empty (r[tt.derived.every-stone-reaches-empty]).
pub fn legal(args: &LegalArgs) -> ExitCode {
    let size = args.size;
    let start = Instant::now();
    let (n, how, extra) = match args.method {
        Method::Brute => match count_legal(size) {
            Some(n) => (
                BigUint::from(n),
                format!("brute force over 3^{} colourings", size.area()),
                serde_json::json!({}),
            ),
            None => {
                eprintln!(
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
                    eprintln!("ttrules count-legal: {e}");
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
        });
        if let (Some(o), Some(e)) = (obj.as_object_mut(), extra.as_object()) {
            o.extend(e.clone());
        }
        println!("{obj}");
    } else {
        println!(
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
