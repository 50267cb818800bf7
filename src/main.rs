//! The `ttrules` command-line tool.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// ttrules: the Tromp-Taylor rules of Go, exactly.
#[derive(Parser)]
#[command(name = "ttrules", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay the main line of an SGF record and score it.
    ///
    /// Exit status: 0 for a valid record, 1 when a move is illegal (the replay up to it is still
    /// printed), 2 for input that cannot be read.
    Replay(ttrules::cli::replay::Args),
    /// Speak GTP (version 2) on stdin/stdout with exact rules: a referee, scorer and test opponent.
    Gtp(ttrules::cli::gtp::Args),
    /// Drive a third-party GTP engine and report where its rule handling differs from the spec.
    ///
    /// Exit status: 0 when no disagreement was found, 1 when some were, 2 when the engine could
    /// not be run.
    CheckEngine(ttrules::cli::check_engine::Args),
    /// Write the vectors as GTP regression suites (`.tst`, for GNU Go's scripts and gogui-regress).
    ExportTst(ttrules::cli::export_tst::Args),
    /// Write the vectors as language-neutral JSON with a JSON Schema, for engines' own unit tests.
    ///
    /// Exit status: 0, or 2 when the vectors cannot be read or a file cannot be written.
    ExportVectors(ttrules::cli::export_vectors::Args),
    /// Count the complete Tromp-Taylor games on a small board (1x1: 1, 1x2: 9, 1x3: 907, …).
    CountGames(ttrules::cli::count::GamesArgs),
    /// Count the legal positions of a board (1x1: 1, 2x2: 57, 3x3: 12,675, 4x4: 24,318,165, …).
    CountLegal(ttrules::cli::count::LegalArgs),
    /// Measure the engines: light playouts, legal-move generation, scoring; fast vs reference.
    Bench(ttrules::cli::bench::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay(args) => ttrules::cli::replay::run(&args),
        Command::Gtp(args) => ttrules::cli::gtp::run(&args),
        Command::CheckEngine(args) => ttrules::cli::check_engine::run(&args),
        Command::ExportTst(args) => ttrules::cli::export_tst::run(&args),
        Command::ExportVectors(args) => ttrules::cli::export_vectors::run(&args),
        Command::CountGames(args) => ttrules::cli::count::games(&args),
        Command::CountLegal(args) => ttrules::cli::count::legal(&args),
        Command::Bench(args) => ttrules::cli::bench::run(&args),
    }
}
