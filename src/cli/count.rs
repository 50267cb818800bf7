//! `ttrules count-games WxH` and `ttrules count-legal WxH`: exhaustive counts with published
//! answers (Tromp and Farnebäck, "Combinatorics of Go"), under literal Tromp-Taylor.

use super::replay::EngineChoice;
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;
use ttrules_fast::count::graph::{count_games_graph, GameCount, GraphError, GraphRun, MoveGraph};
use ttrules_fast::{count_games, count_games_tiny, count_legal, Fast};
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
    /// The board, WxH (or N for N x N); (W+1)·H must be at most 64.
    pub size: Size,
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
            eprintln!(
                "ttrules count-games: --longest needs the move-graph count, which takes grids of at most 57 legal colourings (1x1 to 1x4, 2x2){}",
                if args.walk { "; drop --walk" } else { "" }
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
    println!(
        "{n} complete Tromp-Taylor games on {} ({how}, {:.3} s)",
        args.size,
        start.elapsed().as_secs_f64()
    );
    if let (true, Some(c)) = (args.longest, &count) {
        print_longest(args.size, c);
    }
    ExitCode::SUCCESS
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

/// Prints the longest game of `c`: its length, its turns, and the final diagram.
fn print_longest(size: Size, c: &GameCount) {
    println!(
        "longest game: {} moves (the most turns in a game, passes included: {})",
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
            eprintln!(
                "ttrules count-games: turn {} of the longest game, {mv}: {why}",
                turns.len()
            );
            return;
        }
    }
    let moves = c.longest_game.iter().filter(|m| **m != Move::Pass).count();
    println!("one game with {moves} moves, {} turns:", turns.len());
    for line in turns.chunks(10) {
        println!("  {}", line.join(", "));
    }
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
