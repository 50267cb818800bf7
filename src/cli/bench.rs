//! `ttrules bench`: the light-playout protocol and the per-call costs, for the fast and the
//! reference engine in the same run, with their ratio. The peer libraries are measured by
//! `cargo bench -p ttrules-bench --bench engines`, under the same protocol.

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
}

/// Runs `ttrules bench`.
pub fn run(args: &Args) -> ExitCode {
    if !(args.secs.is_finite() && args.secs > 0.0) {
        eprintln!("ttrules bench: --secs must be a positive number of seconds");
        return ExitCode::from(2);
    }
    let mut sizes = Vec::new();
    for &side in &args.sizes {
        match Size::square(side) {
            Ok(s) => sizes.push(s),
            Err(e) => {
                eprintln!("ttrules bench: --sizes: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let budget = Duration::from_secs_f64(args.secs);
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
    for size in &sizes {
        let (w, h) = (size.width(), size.height());
        for mode in [Mode::Rejection, Mode::FullList] {
            run_playouts::<FastPlayouts>(w, h, mode, 3, 1);
            let fast = run_playouts_for::<FastPlayouts>(w, h, mode, budget, 7);
            crate::outln!(
                "bench",
                "{}",
                playout_row(FastPlayouts::NAME, w, h, mode, &fast)
            );
            let slow = run_playouts::<ViaEngine<Reference>>(w, h, mode, args.reference_playouts, 7);
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
    crate::outln!(
        "bench",
        "# Legal-move generation and scoring, ns per call (position from a fixed playout)"
    );
    let min = Duration::from_secs_f64(args.secs / 4.0);
    for size in &sizes {
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
