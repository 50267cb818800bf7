//! `ttrules check-engine --engine "CMD ARGS"`: where does a GTP engine get the rules wrong?

mod progress;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use ttrules_check::{self as check, Config};
use ttrules_record::rules::rules_by_any_name;
use ttrules_spec::{Komi, Rules, Size};

#[derive(clap::Args)]
pub struct Args {
    /// The engine's command line, e.g. "/usr/games/gnugo --mode gtp" (split as a shell would).
    #[arg(long)]
    pub engine: String,
    /// The ruleset to compare with (and to ask the engine for, when it has a rules command): a
    /// ruleset name or SGF spelling, a KataGo name or rules string, or a parameter list.
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: String,
    /// How many random games to play.
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Board sizes of the random games, N or WxH, comma-separated or repeated.
    #[arg(long, value_delimiter = ',', default_values_t = vec![String::from("5"), String::from("7"), String::from("9")])]
    pub sizes: Vec<String>,
    /// Seed of the random games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Komi of the random games (default: the ruleset's komi, else 7.5).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Turns after which a random game is ended by two passes (default: three times the area).
    #[arg(long)]
    pub max_turns: Option<u32>,
    /// Seconds to wait for each response before the engine is restarted.
    #[arg(long, default_value_t = 20.0)]
    pub timeout: f64,
    /// Seconds to wait for `final_score`, which some engines take long for on large boards; a
    /// slower answer is reported as slowness, apart from disagreements.
    #[arg(long, default_value_t = 120.0)]
    pub score_timeout: f64,
    /// Run this GTP regression file (`.tst`) instead of the vectors and random games.
    #[arg(long)]
    pub tst: Option<PathBuf>,
    /// Write the first example of each disagreement here, as SGF and as a diagram.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Also write the differences as a page of the viewer (HTML, self-contained): each as a game
    /// opened at the turn that shows it.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// The folder of vector files. Default: the vectors built into ttrules (`spec/vectors/` of its source).
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
    /// At most this many engine replays to shrink one example.
    #[arg(long, default_value_t = 150)]
    pub shrink_budget: u32,
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    pub json: bool,
    /// Show progress on stderr even with --json (without it: a bar on a terminal, one line per
    /// tenth of each phase elsewhere, nothing with --json).
    #[arg(long)]
    pub progress: bool,
}

fn usage(msg: String) -> ExitCode {
    crate::errln!("ttrules check-engine: {msg}");
    ExitCode::from(2)
}

/// Runs `ttrules check-engine`.
pub fn run(args: &Args) -> ExitCode {
    let cfg = match config(args) {
        Ok(cfg) => cfg,
        Err(code) => return code,
    };
    let mut drawer = progress::Drawer::new(args.progress || !args.json);
    let out = check::run(&cfg, &mut |p| drawer.step(p));
    let text = if args.json {
        out.report.to_json() + "\n"
    } else {
        out.report.to_text()
    };
    let written = crate::cli::out::emit("check-engine", &text);
    if let Some(path) = &args.html {
        if let Err(e) = super::check_engine_html::write(path, &out.report) {
            crate::errln!("ttrules check-engine: {e}");
            return ExitCode::from(2);
        }
    }
    if !out.ran || out.report.fatal.is_some() {
        // The report says it too; stderr is where a script looks for the reason of status 2.
        if let Some(f) = &out.report.fatal {
            crate::errln!("ttrules check-engine: {f}");
        }
        ExitCode::from(2)
    } else if let Err(why @ crate::cli::out::Unwritten::Failed) = written {
        why.status(ExitCode::SUCCESS)
    } else if out.report.disagreements() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The run's configuration from the command line; a usage error (exit 2) for an engine command
/// that does not split, an unknown ruleset, a bad size, komi or timeout, unreadable vectors or an
/// unreadable regression file.
fn config(args: &Args) -> Result<Config, ExitCode> {
    let engine = match shlex::split(&args.engine) {
        Some(words) if !words.is_empty() => words,
        _ => {
            return Err(usage(format!(
                "cannot split --engine {:?} into words",
                args.engine
            )))
        }
    };
    let (rules, named_komi) = match rules_by_any_name(&args.rules) {
        Ok(r) => r,
        Err(e) => {
            let names: Vec<&str> = Rules::NAMED.iter().map(|n| n.name).collect();
            return Err(usage(format!(
                "unsupported ruleset: {e} (a ruleset name: {}; a KataGo name or rules string; or \
                 a parameter list such as \"{}\")",
                names.join(", "),
                Rules::TROMP_TAYLOR.describe()
            )));
        }
    };
    let mut sizes = Vec::new();
    for s in &args.sizes {
        match s.parse::<Size>() {
            Ok(size) => sizes.push(size),
            Err(e) => return Err(usage(format!("--sizes: {e}"))),
        }
    }
    if args.tst.is_none() {
        if let Err(e) = ttrules_vectors::load(args.vectors.as_deref()) {
            return Err(usage(format!("--vectors: {e}")));
        }
    }
    let komi: Komi = match &args.komi {
        Some(k) => match k.parse() {
            Ok(k) => k,
            Err(e) => return Err(usage(format!("--komi: {e}"))),
        },
        None => named_komi.unwrap_or_else(|| "7.5".parse().expect("a komi")),
    };
    check_timeouts(args)?;
    // A regression file is read before the engine starts: an unreadable one, or one without a
    // single test, is a usage error, not a run that finds nothing.
    if let Some(path) = &args.tst {
        check_tst(path)?;
    }
    Ok(Config {
        engine,
        rules,
        rules_name: args.rules.clone(),
        games: args.games,
        sizes,
        seed: args.seed,
        timeout: Duration::from_secs_f64(args.timeout),
        score_timeout: Duration::from_secs_f64(args.score_timeout),
        komi,
        max_turns: args.max_turns,
        vectors_dir: args.vectors.clone(),
        tst: args.tst.clone(),
        out_dir: args.out.clone(),
        shrink_budget: args.shrink_budget,
    })
}

/// `--timeout` and `--score-timeout` are positive numbers of seconds (below a million).
fn check_timeouts(args: &Args) -> Result<(), ExitCode> {
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout < 1e6) {
        return Err(usage(format!(
            "--timeout {} is not a positive number of seconds",
            args.timeout
        )));
    }
    if !(args.score_timeout.is_finite() && args.score_timeout > 0.0 && args.score_timeout < 1e6) {
        return Err(usage(format!(
            "--score-timeout {} is not a positive number of seconds",
            args.score_timeout
        )));
    }
    Ok(())
}

/// The regression file `path` reads and holds at least one test.
fn check_tst(path: &std::path::Path) -> Result<(), ExitCode> {
    match ttrules_check::read_tst(path) {
        Err(e) => Err(usage(format!("--tst: cannot read {}: {e}", path.display()))),
        Ok(text)
            if !ttrules_gtp::tst::parse(&text)
                .iter()
                .any(|t| t.expect.is_some()) =>
        {
            Err(usage(format!(
                "--tst: {} holds no test (no command followed by a `#? [answer]` line)",
                path.display()
            )))
        }
        Ok(_) => Ok(()),
    }
}
