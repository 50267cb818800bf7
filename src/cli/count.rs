//! `ttrules count-games WxH` and `ttrules count-legal WxH`: exhaustive counts with published
//! answers (Tromp and Farnebäck, "Combinatorics of Go"), under literal Tromp-Taylor.

use super::replay::EngineChoice;
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
    /// The board, WxH (or N for N x N); (W+1)·H must be at most 64.
    pub size: Size,
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
    let start = Instant::now();
    match count_legal(args.size) {
        Some(n) => {
            println!(
                "{n} legal positions on {} ({:.3} s)",
                args.size,
                start.elapsed().as_secs_f64()
            );
            ExitCode::SUCCESS
        }
        None => {
            eprintln!(
                "ttrules count-legal: {} is too large: the count enumerates 3^(W·H) colourings and needs (W+1)·H ≤ 64",
                args.size
            );
            ExitCode::from(2)
        }
    }
}
