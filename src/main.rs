//! The `ttrules` command-line tool.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// `--version`: the tool's version and the version of the rules text it implements
/// (`ttrules 0.1.0 (rules: ttrules-rules 1.1)`).
static VERSION: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "{} (rules: {})",
        env!("CARGO_PKG_VERSION"),
        ttrules_spec::SPEC_VERSION
    )
});

/// ttrules: the Tromp-Taylor rules of Go, exactly.
#[derive(Parser)]
#[command(name = "ttrules", version = VERSION.as_str(), about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay the main line of each game of SGF records and score it; many files or a directory
    /// in bulk, in parallel, with a summary.
    ///
    /// Exit status: 0 for valid records, 1 when a move is illegal or a record stops being a game
    /// (the replay up to it is still printed), 2 for input that cannot be read or a refused
    /// record; the worst game decides.
    Replay(ttrules::cli::replay::Args),
    /// Speak GTP (version 2) on stdin/stdout with exact rules: a referee, scorer and test opponent.
    Gtp(ttrules::cli::gtp::Args),
    /// Drive a third-party GTP engine and report where its rule handling differs from the spec.
    ///
    /// Exit status: 0 when no disagreement was found, 1 when some were, 2 when the engine could
    /// not be run.
    CheckEngine(ttrules::cli::check_engine::Args),
    /// The 计活子 finish of an ended game: dead stones, reserved points, the ideal final position,
    /// the count of living stones (spec Part V).
    ///
    /// Exit status: 0 for a finish without dispute, 1 when the marks or the dead list are disputed
    /// (the disputes and the resolution are printed), 2 for input that cannot be read or is wrong.
    Finish(ttrules::cli::finish::Args),
    /// Play a match between two GTP engines, judged exactly: SGF records, results.jsonl, a summary
    /// with Elo, LOS and an optional SPRT.
    ///
    /// Exit status: 0 when the match ran, 2 when it could not start (an engine that cannot be
    /// started, bad arguments), 130 when interrupted (continue with --resume).
    Referee(Box<ttrules::cli::referee::Args>),
    /// Write the vectors as GTP regression suites (`.tst`, for GNU Go's scripts and gogui-regress).
    ExportTst(ttrules::cli::export_tst::Args),
    /// Write the vectors as language-neutral JSON with a JSON Schema, for engines' own unit tests.
    ///
    /// Exit status: 0, or 2 when the vectors cannot be read or a file cannot be written.
    ExportVectors(ttrules::cli::export_vectors::Args),
    /// Search random games for probes that reach every clause family of the conformance matrix
    /// (ko, superko, suicide, the end, scoring, handicap) and write them as vectors.
    ///
    /// Exit status: 0, 1 when a family of the rules reached no case, 2 for bad arguments.
    Probes(ttrules::cli::probes::Args),
    /// Count the complete Tromp-Taylor games on a small board (1x3: 907, 1x4: 2,098,407,841,
    /// 2x2: 386,356,909,593), with --longest the longest game.
    CountGames(ttrules::cli::count::GamesArgs),
    /// Count the legal positions of a board (2x2: 57, 3x3: 12,675, 9x9: 103,919,…,469, …), by
    /// border-state dynamic programming (default) or by brute force.
    CountLegal(ttrules::cli::count::LegalArgs),
    /// Count the sequences of DEPTH legal turns from the empty board, chess-style (19x19: 1, 362,
    /// 130,683, 47,046,242, …), with captures, suicides, refusals for repetition and ended games.
    Perft(ttrules::cli::perft::Args),
    /// Measure the engines: light playouts, legal-move generation, scoring; fast vs reference.
    Bench(ttrules::cli::bench::Args),
    /// Merge the shard files of a sharded replay, perft or count-legal (`--shard K/N`) into the
    /// result of one run over everything; overlapping, missing or mismatched shards are refused.
    ///
    /// Exit status: for replay shards the status one run over every file has (0, 1 or 2); for
    /// the others 0; 2 when the shards do not merge.
    Merge(ttrules::cli::merge::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return not_parsed(&e),
    };
    match cli.command {
        Command::Replay(args) => ttrules::cli::replay::run(&args),
        Command::Gtp(args) => ttrules::cli::gtp::run(&args),
        Command::CheckEngine(args) => ttrules::cli::check_engine::run(&args),
        Command::Finish(args) => ttrules::cli::finish::run(&args),
        Command::Referee(args) => ttrules::cli::referee::run(&args),
        Command::ExportTst(args) => ttrules::cli::export_tst::run(&args),
        Command::ExportVectors(args) => ttrules::cli::export_vectors::run(&args),
        Command::Probes(args) => ttrules::cli::probes::run(&args),
        Command::CountGames(args) => ttrules::cli::count::games(&args),
        Command::CountLegal(args) => ttrules::cli::count::legal(&args),
        Command::Perft(args) => ttrules::cli::perft::run(&args),
        Command::Bench(args) => ttrules::cli::bench::run(&args),
        Command::Merge(args) => ttrules::cli::merge::run(&args),
    }
}

/// `--help` and `--version` (printed on stdout, the write checked as every command's output is:
/// issue 32, D6/D7), or a usage error (stderr, status 2).
fn not_parsed(e: &clap::Error) -> ExitCode {
    if e.use_stderr() {
        let _ = e.print();
        return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    }
    match ttrules::cli::out::emit("--help", &e.render().to_string()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => why.status(ExitCode::SUCCESS),
    }
}
