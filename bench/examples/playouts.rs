//! A fixed amount of light playouts with one engine, for profilers and instruction counters
//! (`valgrind --tool=callgrind`, `perf stat`), whose counts do not depend on how busy the machine
//! is: `cargo run --release -p ttrules-bench --example playouts -- [rejection|full] [size]
//! [playouts] [fast|go_game_board|board-game|goban]`.

use ttrules_bench::adapters::{BoardGame, FastPlayouts, GoGameBoard, Goban};
use ttrules_bench::{run_playouts, Mode, PlayoutEngine};

fn run<E: PlayoutEngine>(side: usize, mode: Mode, n: u64) {
    let s = run_playouts::<E>(side, side, mode, n, 7);
    println!(
        "{} {side}x{side} {mode:?}: {} playouts, {} turns, {:.1} ns/turn (wall)",
        E::NAME,
        s.playouts,
        s.turns,
        s.ns_per_turn()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = match args.get(1).map(String::as_str) {
        Some("full") => Mode::FullList,
        _ => Mode::Rejection,
    };
    let side: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(19);
    let n: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    match args.get(4).map(String::as_str).unwrap_or("fast") {
        "go_game_board" => run::<GoGameBoard>(side, mode, n),
        "board-game" => run::<BoardGame>(side, mode, n),
        "goban" => run::<Goban>(side, mode, n),
        _ => run::<FastPlayouts>(side, mode, n),
    }
}
