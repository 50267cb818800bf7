//! The games of `ttrules bench`'s light playouts as a digest, to compare with the KataGo driver
//! (`bench/katago/playouts.cpp --digest`, run by `scripts/katago-bench check`):
//! `cargo run --release -p ttrules-bench --example digest -- rejection|full SIZE PLAYOUTS SEED`.
//! Prints the line the C++ driver prints (without its superko count).

use ttrules_bench::digest::Digested;
use ttrules_bench::{run_playouts, Mode};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let usage = "usage: digest rejection|full SIZE PLAYOUTS SEED";
    let (mode, word) = match args.get(1).map(String::as_str) {
        Some("rejection") => (Mode::Rejection, "rejection"),
        Some("full") => (Mode::FullList, "full"),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let num = |i: usize| -> u64 {
        args.get(i).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
            eprintln!("{usage}");
            std::process::exit(2);
        })
    };
    let (size, playouts, seed) = (num(2) as usize, num(3), num(4));
    if !(2..=19).contains(&size) || playouts == 0 {
        eprintln!("{usage} (SIZE 2 to 19, PLAYOUTS at least 1)");
        std::process::exit(2);
    }
    Digested::start();
    let s = run_playouts::<Digested>(size, size, mode, playouts, seed);
    println!(
        "ttrules-fast {word} {size}x{size} seed {seed} playouts {} turns {} moves {} digest {:016x}",
        s.playouts,
        s.turns,
        s.moves,
        Digested::digest()
    );
}
