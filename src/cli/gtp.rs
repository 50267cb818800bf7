//! `ttrules gtp [--engine fast|reference] [--seed S]`: a rules-exact GTP engine on stdin/stdout.

use super::replay::EngineChoice;
use std::process::ExitCode;
use ttrules_fast::Fast;
use ttrules_gtp::server::{serve, DeadList, Server};
use ttrules_reference::Reference;
use ttrules_spec::Engine;

#[derive(clap::Args)]
pub struct Args {
    /// The engine that judges the moves.
    #[arg(long, value_enum, default_value_t = EngineChoice::Fast)]
    pub engine: EngineChoice,
    /// Seed of `genmove`'s random choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// What `final_status_list dead` answers (a test aid for the end protocols): no stone, the
    /// stones standing in pass-alive territory, every stone, or a random set at each question.
    #[arg(long, value_enum, default_value_t = DeadList::None)]
    pub dead_list: DeadList,
}

fn session<E: Engine>(seed: u64, dead_list: DeadList) -> ExitCode {
    let mut server = Server::<E>::new(seed).with_dead_list(dead_list);
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match serve(&mut server, stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The controller went away (a closed pipe): nothing more to say to it.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        // Reading the commands or writing a response failed (`>/dev/full`, a read error).
        Err(e) => {
            crate::errln!("ttrules gtp: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs `ttrules gtp`.
pub fn run(args: &Args) -> ExitCode {
    match args.engine {
        EngineChoice::Fast => session::<Fast>(args.seed, args.dead_list),
        EngineChoice::Reference => session::<Reference>(args.seed, args.dead_list),
    }
}
