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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay(args) => ttrules::cli::replay::run(&args),
    }
}
