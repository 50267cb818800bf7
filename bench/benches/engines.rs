//! `cargo bench -p ttrules-bench`: light playouts for every engine and peer, legal-move
//! generation and scoring, and `count-games 1x4`.
//!
//! Environment: `TTRULES_BENCH_SECS` (default 2) is the time per playout row;
//! `TTRULES_BENCH_COUNT_GAMES=1` also runs `count-games 1x4` (minutes); `TTRULES_BENCH_ONLY=fast`
//! limits playouts to engines whose name contains the word; `TTRULES_BENCH_SIZE=19` and
//! `TTRULES_BENCH_MODE=Rejection` (or `FullList`) limit them further.

use std::time::{Duration, Instant};
use ttrules_bench::adapters::{BoardGame, FastPlayouts, GoGameBoard, Goban, ViaEngine};
use ttrules_bench::{
    call_costs, playout_row, run_playouts, run_playouts_for, Mode, PlayoutEngine, PlayoutStats,
};
use ttrules_fast::{count_games, count_games_tiny, Fast};
use ttrules_reference::Reference;
use ttrules_spec::{Engine, Size};

fn print_row<E: PlayoutEngine>(w: usize, h: usize, mode: Mode, s: &PlayoutStats) {
    println!("{}", playout_row(E::NAME, w, h, mode, s));
}

fn playouts<E: PlayoutEngine>(w: usize, h: usize, budget: Duration) {
    if let Ok(only) = std::env::var("TTRULES_BENCH_ONLY") {
        if !E::NAME.contains(&only) {
            return;
        }
    }
    if std::env::var("TTRULES_BENCH_SIZE").is_ok_and(|s| s != w.to_string()) {
        return;
    }
    for mode in [Mode::Rejection, Mode::FullList] {
        if std::env::var("TTRULES_BENCH_MODE").is_ok_and(|m| m != format!("{mode:?}")) {
            continue;
        }
        // Warm up, then measure.
        run_playouts::<E>(w, h, mode, 3, 1);
        let s = run_playouts_for::<E>(w, h, mode, budget, 7);
        print_row::<E>(w, h, mode, &s);
    }
}

fn micro<E: Engine>(size: Size, turns: usize, min: Duration) {
    let c = call_costs::<E>(size, turns, min);
    println!(
        "{:<22} {size:<5} after {turns:>3} turns ({:>3} legal): legal_points_into {:>10.1} ns/call, score {:>9.1} ns/call",
        E::NAME,
        c.legal_moves,
        c.legal_points_ns,
        c.score_ns
    );
}

fn main() {
    // `cargo bench` passes `--bench`; ignore arguments.
    let secs: f64 = std::env::var("TTRULES_BENCH_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let budget = Duration::from_secs_f64(secs);
    println!(
        "# Light playouts (Tromp-Taylor protocol, one thread, cap 3*W*H turns); rules per engine:"
    );
    println!("#   {}: {}", FastPlayouts::NAME, FastPlayouts::RULES);
    println!("#   {}: {}", GoGameBoard::NAME, GoGameBoard::RULES);
    println!("#   {}: {}", BoardGame::NAME, BoardGame::RULES);
    println!("#   {}: {}", Goban::NAME, Goban::RULES);
    println!("#   reference: Tromp-Taylor, the naive reference engine (few playouts)");
    for (w, h) in [(9, 9), (19, 19)] {
        playouts::<FastPlayouts>(w, h, budget);
        playouts::<GoGameBoard>(w, h, budget);
        playouts::<BoardGame>(w, h, budget);
        playouts::<Goban>(w, h, budget);
    }
    if std::env::var("TTRULES_BENCH_ONLY").is_err() {
        for (w, h, n) in [(9, 9, 3), (19, 19, 1)] {
            for mode in [Mode::Rejection, Mode::FullList] {
                let s = run_playouts::<ViaEngine<Reference>>(w, h, mode, n, 7);
                print_row::<ViaEngine<Reference>>(w, h, mode, &s);
            }
        }
    }
    println!("# Legal-move generation and scoring (positions from a fast-engine playout)");
    let min = Duration::from_secs_f64(secs / 4.0);
    for (side, turns) in [(9, 60), (19, 250)] {
        let size = Size::square(side).unwrap();
        micro::<Fast>(size, turns, min);
        micro::<Reference>(size, turns, min / 4);
    }
    if std::env::var("TTRULES_BENCH_COUNT_GAMES").is_ok_and(|v| v == "1") {
        println!("# count-games");
        for side in [1, 2, 3] {
            let size = Size::new(1, side).unwrap();
            let start = Instant::now();
            let n = count_games::<Fast>(size);
            println!(
                "count-games {size} (fast engine): {n} in {:.2?}",
                start.elapsed()
            );
        }
        for side in [1, 2, 3, 4] {
            let size = Size::new(1, side).unwrap();
            let start = Instant::now();
            let n = count_games_tiny(size).expect("a tiny grid");
            println!(
                "count-games {size} (tiny walk): {n} in {:.2?}",
                start.elapsed()
            );
        }
        let start = Instant::now();
        let n = count_games::<Reference>(Size::new(1, 3).unwrap());
        println!(
            "count-games 1x3 (reference): {n} in {:.2?}",
            start.elapsed()
        );
    }
}
