//! A fixed amount of light playouts with one engine, for profilers and `perf stat` (whose cycle
//! and instruction counts do not depend on how busy the machine is):
//! `cargo run --release -p ttrules-bench --example playouts -- [rejection|full] [size] [playouts]`.

use ttrules_bench::adapters::FastPlayouts;
use ttrules_bench::{run_playouts, Mode};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = match args.get(1).map(String::as_str) {
        Some("full") => Mode::FullList,
        _ => Mode::Rejection,
    };
    let side: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(19);
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let s = run_playouts::<FastPlayouts>(side, side, mode, n, 7);
    println!(
        "{side}x{side} {mode:?}: {} playouts, {} turns, {:.1} ns/turn (wall)",
        s.playouts,
        s.turns,
        s.ns_per_turn()
    );
}
