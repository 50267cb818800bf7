//! `ttrules bench`: the light-playout protocol and the per-call costs, for the fast and the
//! reference engine in the same run, with their ratio. The peer libraries are measured by
//! `cargo bench -p ttrules-bench --bench engines`, under the same protocol.
//!
//! With `--playouts N` it does a fixed amount of work instead (the fast engine only, N playouts
//! per row from `--seed`), so that an instruction counter (`valgrind --tool=callgrind`) divides a
//! count that does not depend on the machine's load by the turns it printed.

use std::process::ExitCode;
use std::time::{Duration, Instant};
use ttrules_bench::adapters::{FastPlayouts, ViaEngine};
use ttrules_bench::{call_costs, playout_row, run_playouts, run_playouts_for, Mode, PlayoutEngine};
use ttrules_fast::{count_games_tiny, Fast};
use ttrules_reference::Reference;
use ttrules_spec::Size;

#[derive(clap::Args)]
pub struct Args {
    /// Seconds of playouts per row for the fast engine.
    #[arg(long, default_value_t = 2.0)]
    pub secs: f64,
    /// Square board sizes to measure.
    #[arg(long, value_delimiter = ',', default_value = "9,19")]
    pub sizes: Vec<u32>,
    /// Playouts per row for the reference engine (it is deliberately slow).
    #[arg(long, default_value_t = 1)]
    pub reference_playouts: u64,
    /// Also time `count-games 1x4` (about a minute).
    #[arg(long)]
    pub count_games: bool,
    /// Only this way of choosing moves (default: both).
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
    /// Fixed work: exactly this many playouts per row, fast engine only, no warm-up, no
    /// reference, no per-call costs.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub playouts: Option<u64>,
    /// The seed of the move choices.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
    /// One JSON object per playout row (JSON Lines) instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// `--mode`: the two ways of choosing moves of the protocol.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeArg {
    /// Draw an empty point, test it, redraw.
    Rejection,
    /// List every legal move, then draw.
    Full,
}

impl ModeArg {
    fn mode(self) -> Mode {
        match self {
            ModeArg::Rejection => Mode::Rejection,
            ModeArg::Full => Mode::FullList,
        }
    }
}

/// A playout row as one JSON object: the totals and what follows from them.
fn playout_json(
    name: &str,
    size: Size,
    mode: Mode,
    seed: u64,
    s: &ttrules_bench::PlayoutStats,
) -> String {
    serde_json::json!({
        "engine": name,
        "size": size.to_string(),
        "mode": match mode { Mode::Rejection => "rejection", Mode::FullList => "full" },
        "seed": seed,
        "playouts": s.playouts,
        "turns": s.turns,
        "moves": s.moves,
        "turns_per_playout": s.turns_per_playout(),
        "seconds": s.elapsed.as_secs_f64(),
        "ns_per_turn": s.ns_per_turn(),
        "spec": ttrules_spec::SPEC_VERSION,
    })
    .to_string()
}

/// `--playouts N`: N playouts per row with the fast engine, nothing else.
fn fixed_work(args: &Args, sizes: &[Size], modes: &[Mode], playouts: u64) -> ExitCode {
    for size in sizes {
        let (w, h) = (size.width(), size.height());
        for &mode in modes {
            let s = run_playouts::<FastPlayouts>(w, h, mode, playouts, args.seed);
            if args.json {
                crate::outln!(
                    "bench",
                    "{}",
                    playout_json(FastPlayouts::NAME, *size, mode, args.seed, &s)
                );
            } else {
                crate::outln!(
                    "bench",
                    "{} {} turns {} moves (seed {})",
                    playout_row(FastPlayouts::NAME, w, h, mode, &s),
                    s.turns,
                    s.moves,
                    args.seed
                );
            }
        }
    }
    ExitCode::SUCCESS
}

/// Runs `ttrules bench`.
pub fn run(args: &Args) -> ExitCode {
    if !(args.secs.is_finite() && args.secs > 0.0) {
        crate::errln!("ttrules bench: --secs must be a positive number of seconds");
        return ExitCode::from(2);
    }
    let mut sizes = Vec::new();
    for &side in &args.sizes {
        match Size::square(side) {
            Ok(s) => sizes.push(s),
            Err(e) => {
                crate::errln!("ttrules bench: --sizes: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let modes: Vec<Mode> = match args.mode {
        Some(m) => vec![m.mode()],
        None => vec![Mode::Rejection, Mode::FullList],
    };
    if let Some(n) = args.playouts {
        return fixed_work(args, &sizes, &modes, n);
    }
    timed(args, &sizes, &modes)
}

/// The default: playouts for `--secs` per row, fast against reference, then the per-call costs.
fn timed(args: &Args, sizes: &[Size], modes: &[Mode]) -> ExitCode {
    let budget = Duration::from_secs_f64(args.secs);
    if args.json {
        return playouts_json(args, sizes, modes, budget);
    }
    playouts_table(args, sizes, modes, budget)
}

/// `--json`: one JSON line per size and mode for the fast engine (`budget` of playouts after a
/// warm-up) and one for the reference (`--reference-playouts` playouts). (Each of these
/// helpers returns the command's status: `outln!` returns it early when the output stops.)
fn playouts_json(args: &Args, sizes: &[Size], modes: &[Mode], budget: Duration) -> ExitCode {
    for size in sizes {
        let (w, h) = (size.width(), size.height());
        for &mode in modes {
            run_playouts::<FastPlayouts>(w, h, mode, 3, 1);
            let fast = run_playouts_for::<FastPlayouts>(w, h, mode, budget, args.seed);
            crate::outln!(
                "bench",
                "{}",
                playout_json(FastPlayouts::NAME, *size, mode, args.seed, &fast)
            );
            let slow = run_playouts::<ViaEngine<Reference>>(
                w,
                h,
                mode,
                args.reference_playouts,
                args.seed,
            );
            crate::outln!(
                "bench",
                "{}",
                playout_json(<ViaEngine<Reference>>::NAME, *size, mode, args.seed, &slow)
            );
        }
    }
    ExitCode::SUCCESS
}

/// The playout table: what a light playout is, then per size and mode the fast engine's row
/// (`budget` of playouts after a warm-up), the reference's row and their ratio; then
/// [`call_costs_table`].
fn playouts_table(args: &Args, sizes: &[Size], modes: &[Mode], budget: Duration) -> ExitCode {
    crate::outln!(
        "bench",
        "# Light playouts: Tromp-Taylor with exact positional superko, one thread, at most 3*W*H"
    );
    crate::outln!(
        "bench",
        "# turns; moves uniform among legal points that are not eyelike for the mover; pass when"
    );
    crate::outln!(
        "bench",
        "# none. rejection: draw, test, redraw; full-list: list every legal move, then draw."
    );
    crate::outln!(
        "bench",
        "#   {}: {}",
        FastPlayouts::NAME,
        FastPlayouts::RULES
    );
    crate::outln!(
        "bench",
        "#   reference: the same rules, the naive reference engine"
    );
    for size in sizes {
        let (w, h) = (size.width(), size.height());
        for &mode in modes {
            run_playouts::<FastPlayouts>(w, h, mode, 3, 1);
            let fast = run_playouts_for::<FastPlayouts>(w, h, mode, budget, args.seed);
            crate::outln!(
                "bench",
                "{}",
                playout_row(FastPlayouts::NAME, w, h, mode, &fast)
            );
            let slow = run_playouts::<ViaEngine<Reference>>(
                w,
                h,
                mode,
                args.reference_playouts,
                args.seed,
            );
            crate::outln!(
                "bench",
                "{}",
                playout_row(<ViaEngine<Reference>>::NAME, w, h, mode, &slow)
            );
            crate::outln!(
                "bench",
                "    ratio reference/fast: {:.0}x",
                slow.ns_per_turn() / fast.ns_per_turn()
            );
        }
    }
    call_costs_table(args, sizes)
}

/// Legal-move generation and scoring, ns per call on each size, fast against reference; then,
/// with `--count-games`, the time to count the games of 1x4.
fn call_costs_table(args: &Args, sizes: &[Size]) -> ExitCode {
    crate::outln!(
        "bench",
        "# Legal-move generation and scoring, ns per call (position from a fixed playout)"
    );
    let min = Duration::from_secs_f64(args.secs / 4.0);
    for size in sizes {
        let turns = size.area() * 2 / 3;
        let fast = call_costs::<Fast>(*size, turns, min);
        let slow = call_costs::<Reference>(*size, turns, min / 4);
        crate::outln!("bench", 
            "{size:<5} after {turns:>3} turns ({:>3} legal): legal moves fast {:>9.1} ns, reference {:>12.1} ns ({:.0}x); score fast {:>8.1} ns, reference {:>10.1} ns ({:.0}x)",
            fast.legal_moves,
            fast.legal_points_ns,
            slow.legal_points_ns,
            slow.legal_points_ns / fast.legal_points_ns,
            fast.score_ns,
            slow.score_ns,
            slow.score_ns / fast.score_ns
        );
    }
    if args.count_games {
        let size = Size::new(1, 4).expect("1x4");
        let start = Instant::now();
        let n = count_games_tiny(size).expect("1x4 is a tiny board");
        crate::outln!(
            "bench",
            "count-games 1x4: {n} games in {:.1} s",
            start.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
