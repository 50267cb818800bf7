//! `ttrules referee --black "CMD" --white "CMD"`: a match between two GTP engines, judged exactly;
//! `ttrules referee run FILE` (or `--event FILE`): the event of a tournament file; `status`,
//! `stop` and `report` on an event's folder.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use ttrules_referee::end::{ArbiterWhen, Protocol};
use ttrules_referee::event::status::{self, Folder};
use ttrules_referee::handicap::Placement;
use ttrules_referee::setup::{self, Player, Settings};
use ttrules_referee::summary::Summary;
use ttrules_referee::{self as referee, AtLimit, Config, OnFault};

/// The match flags an event file replaces.
const MATCH_FLAGS: [&str; 21] = [
    "black",
    "white",
    "black_label",
    "white_label",
    "games",
    "size",
    "rules",
    "komi",
    "alternate",
    "openings",
    "time",
    "time_per_move",
    "handicap",
    "handicap_placement",
    "max_turns",
    "at_limit",
    "on_fault",
    "sprt",
    "end",
    "arbiter",
    "seed",
];

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Sub>,
    /// A tournament file (TOML) naming the players and the event, instead of the match flags
    /// (the same as `ttrules referee run FILE`).
    #[arg(long, conflicts_with_all = MATCH_FLAGS)]
    pub event: Option<PathBuf>,
    #[command(flatten)]
    pub run: RunFlags,
    /// The first engine's command line (it plays Black unless colours alternate), split as a
    /// shell would; `{seed}` in it is replaced by each game's seed (a fresh process per game).
    #[arg(long)]
    pub black: Option<String>,
    /// The second engine's command line.
    #[arg(long)]
    pub white: Option<String>,
    /// The first engine's label in the summary, `PB`/`PW` and results.jsonl (default `a`, and the
    /// engine's own name in the records).
    #[arg(long)]
    pub black_label: Option<String>,
    /// The second engine's label (default `b`).
    #[arg(long)]
    pub white_label: Option<String>,
    /// How many games.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// The board: N or WxH.
    #[arg(long, default_value = "9")]
    pub size: String,
    /// The ruleset: a name, SGF spelling, KataGo name or string, or a parameter list.
    #[arg(long, default_value = "tromp-taylor")]
    pub rules: String,
    /// Komi (default: the ruleset's, else 7.5).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Swap colours game by game (the first engine is White in even games).
    #[arg(long)]
    pub alternate: bool,
    /// SGF openings: files or folders; each opening is played once with each colour.
    #[arg(long, num_args = 1..)]
    pub openings: Vec<PathBuf>,
    /// Each engine's clock for a game: absolute time with increment (10m+5s, 60+0.5), byo-yomi
    /// (MAIN+NxPERIOD: 10m+5x30s) or Canadian overtime (MAIN+STONES/PERIOD: 10m+25/5m).
    #[arg(long, conflicts_with = "time_per_move")]
    pub time: Option<String>,
    /// A fixed time per move, e.g. 5s.
    #[arg(long)]
    pub time_per_move: Option<String>,
    /// Handicap stones in every game (2 or more; White moves first after them). Without --komi
    /// the komi is then 0.5; the ruleset's handicap compensation applies.
    #[arg(long)]
    pub handicap: Option<u32>,
    /// Where the handicap stones go: GTP's fixed points (`fixed_handicap`), or where Black's
    /// engine puts them (`place_free_handicap`, told to White with `set_free_handicap`).
    #[arg(long, value_enum, default_value_t = Placement::Fixed, requires = "handicap")]
    pub handicap_placement: Placement,
    /// End a game after this many turns (see --at-limit); default: 4 turns per point of the
    /// board (324 on 9x9), so that every game ends.
    #[arg(long)]
    pub max_turns: Option<u32>,
    /// What a game at the move limit becomes.
    #[arg(long, value_enum, default_value_t = AtLimit::Void)]
    pub at_limit: AtLimit,
    /// What a fault (crash, hang, garbage) makes of the game.
    #[arg(long, value_enum, default_value_t = OnFault::Loss)]
    pub on_fault: OnFault,
    /// Stop when a sequential probability ratio test of ELO0 against ELO1 (logistic Elo of the
    /// first engine) decides: `ELO0,ELO1[,ALPHA,BETA]`.
    #[arg(long)]
    pub sprt: Option<String>,
    /// The end-of-game protocol (spec Part VII).
    #[arg(long, value_enum, default_value_t = Protocol::TrompTaylor)]
    pub end: Protocol,
    /// Under --end arbiter: `proven` (the stones standing in pass-alive territory) or the command
    /// line of a third GTP engine that is asked `final_status_list dead`.
    #[arg(long)]
    pub arbiter: Option<String>,
    /// Under --end arbiter: ask the arbiter only on a dispute, or always (the players unasked).
    #[arg(long, value_enum, default_value_t = ArbiterWhen::Dispute)]
    pub arbiter_when: ArbiterWhen,
    /// The match seed, from which every game's seed is derived.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// The flags of a run, with the match flags or a tournament file alike.
#[derive(clap::Args)]
pub struct RunFlags {
    /// Games played at once, each with its own engine processes (default 1, or the file's).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Write one SGF per game, results.jsonl, match.json, status.json and the engines' stderr
    /// logs here (a tournament file's `out` is the default).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the interrupted match in --out from its results.jsonl.
    #[arg(long)]
    pub resume: bool,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Seconds to wait for every command other than a clocked genmove (default 20, or the
    /// file's).
    #[arg(long)]
    pub timeout: Option<f64>,
    /// Keep each game's GTP traffic and the engines' stderr beside its record.
    #[arg(long)]
    pub transcripts: bool,
    /// Play only shard K of N of the schedule (game n is shard (n-1) mod N + 1's), in a --out
    /// folder of its own; `ttrules referee merge` puts the shards' folders together.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<referee::event::shard::Shard>,
}

#[derive(clap::Subcommand)]
pub enum Sub {
    /// Run the event of a tournament file (TOML: players and the event).
    Run {
        file: PathBuf,
        #[command(flatten)]
        run: RunFlags,
    },
    /// Show a running or finished event: games done and running, the standings (reads only).
    Status {
        dir: PathBuf,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Ask the referee running in DIR to stop after the games in progress (--resume continues).
    Stop {
        dir: PathBuf,
        /// Send it SIGTERM instead: the games in progress are dropped, as with Ctrl-C.
        #[arg(long)]
        now: bool,
    },
    /// Write DIR/report.html: standings, crosstable, Elo bars, SPRT, every game with its board.
    Report { dir: PathBuf },
    /// Put the folders of an event's shards (`run FILE --shard K/N`) together into one event's.
    Merge(super::referee_merge::Args),
}

fn usage(msg: String) -> ExitCode {
    crate::errln!("ttrules referee: {msg}");
    ExitCode::from(2)
}

/// The run flags over settings (a file's or the defaults).
fn apply(run: &RunFlags, s: &mut Settings) {
    if let Some(j) = run.jobs {
        s.jobs = j;
    }
    if let Some(o) = &run.out {
        s.out = Some(o.clone());
    }
    if let Some(t) = run.timeout {
        s.timeout = t;
    }
    s.resume = run.resume;
    s.transcripts |= run.transcripts;
    s.progress = !run.json;
}

/// The match flags as settings.
fn settings(args: &Args) -> Result<Settings, String> {
    let (Some(black), Some(white)) = (&args.black, &args.white) else {
        return Err(
            "give the engines with --black CMD --white CMD, or a tournament file with \
             `ttrules referee run FILE` (or --event FILE)"
                .into(),
        );
    };
    let player = |label: &Option<String>, command: &str| Player {
        label: label.clone(),
        command: command.to_string(),
        trust_claims: true,
        ..Player::default()
    };
    let mut s = Settings {
        players: vec![
            player(&args.black_label, black),
            player(&args.white_label, white),
        ],
        games: args.games,
        size: args.size.clone(),
        rules: args.rules.clone(),
        komi: args.komi.clone(),
        alternate: args.alternate,
        openings: args.openings.clone(),
        time: args.time.clone(),
        time_per_move: args.time_per_move.clone(),
        // The flags in the tournament file's syntax, read by one function (setup::time_and_handicap).
        handicap: args.handicap.map(|n| {
            let placement = match args.handicap_placement {
                Placement::Fixed => "fixed",
                Placement::Free => "free",
            };
            format!("{n} {placement}")
        }),
        max_turns: args.max_turns,
        at_limit: args.at_limit,
        on_fault: args.on_fault,
        end: args.end,
        arbiter: args.arbiter.clone(),
        arbiter_when: args.arbiter_when,
        seed: args.seed,
        sprt: args.sprt.clone(),
        ..Settings::default()
    };
    apply(&args.run, &mut s);
    Ok(s)
}

fn config(args: &Args) -> Result<Config, String> {
    let s = settings(args)?;
    let mut cfg = setup::build(&s, &|key| format!("--{}", key.replace('_', "-")))?;
    cfg.shard = args.run.shard;
    Ok(cfg)
}

/// Runs `ttrules referee`.
pub fn run(args: &Args) -> ExitCode {
    match &args.command {
        Some(Sub::Run { file, run }) => return run_file(file, run),
        Some(Sub::Status { dir, json }) => return show_status(dir, *json),
        Some(Sub::Stop { dir, now }) => {
            return match status::ask_stop(dir, *now) {
                Ok(said) => print("referee stop", &format!("{said}\n"), ExitCode::SUCCESS),
                Err(e) => usage(e),
            }
        }
        Some(Sub::Merge(m)) => return super::referee_merge::run(m),
        Some(Sub::Report { dir }) => {
            return match referee::report::write(dir) {
                Ok(path) => print(
                    "referee report",
                    &format!("{}\n", path.display()),
                    ExitCode::SUCCESS,
                ),
                Err(e) => usage(e),
            }
        }
        None => {}
    }
    if let Some(file) = &args.event {
        return run_file(file, &args.run);
    }
    match config(args) {
        Ok(cfg) => run_config(&cfg, args.run.json, args.max_turns.is_some()),
        Err(e) => usage(e),
    }
}

/// `ttrules referee run FILE`.
fn run_file(file: &Path, run: &RunFlags) -> ExitCode {
    let max_turns_given = std::cell::Cell::new(false);
    let cfg = referee::event::file::load(file, |s| {
        max_turns_given.set(s.max_turns.is_some());
        apply(run, s);
    });
    match cfg {
        Ok(mut cfg) => {
            cfg.shard = run.shard;
            run_config(&cfg, run.json, max_turns_given.get())
        }
        Err(e) => usage(e),
    }
}

/// `ttrules referee status DIR`.
fn show_status(dir: &Path, json: bool) -> ExitCode {
    let f = match Folder::read(dir) {
        Ok(f) => f,
        Err(e) => return usage(e),
    };
    let sprt = f.settings["sprt"].as_str().and_then(|t| t.parse().ok());
    let summary = Summary::new(&f.lines, &f.players, sprt);
    let text = if json {
        let doc = serde_json::json!({
            "dir": dir,
            "running_now": f.live(),
            "status": f.status,
            "done": f.lines.len(),
            "summary": summary,
            "spec": ttrules_spec::SPEC_VERSION,
        });
        serde_json::to_string_pretty(&doc).expect("JSON") + "\n"
    } else {
        status::text(&f, &summary.to_text())
    };
    print("referee status", &text, ExitCode::SUCCESS)
}

/// Runs a checked configuration and prints its summary.
fn run_config(cfg: &Config, json: bool, max_turns_given: bool) -> ExitCode {
    let mut bar = super::referee_progress::Bar::new(cfg.progress);
    let out = match referee::run(cfg, &mut |p| bar.step(p)) {
        Ok(o) => o,
        Err(e) => return usage(e),
    };
    let text = if json {
        let mut doc = serde_json::to_value(&out.summary).expect("the summary serialises");
        doc["played"] = out.played.into();
        doc["interrupted"] = out.interrupted.into();
        doc["stopped_by_sprt"] = out.stopped_by_sprt.into();
        doc["stopped"] = out.stopped.into();
        doc["cost"] = serde_json::to_value(out.cost).expect("JSON");
        doc["settings"] = cfg.settings.clone();
        doc["max_turns"] = cfg.max_turns.into();
        doc["notes"] = out.notes.clone().into();
        doc["shard"] = serde_json::to_value(cfg.shard).expect("JSON");
        doc["spec"] = ttrules_spec::SPEC_VERSION.into();
        serde_json::to_string_pretty(&doc).expect("JSON") + "\n"
    } else {
        let mut s = out.summary.to_text();
        if let (false, Some(n)) = (max_turns_given, cfg.max_turns) {
            s.push_str(&format!(
                "move limit: {n} turns per game (the default for {}: 4 per point, \
                 r[ref.limit.default]; --max-turns N to change it)\n",
                cfg.size
            ));
        }
        let c = out.cost;
        if c.turns > 0 {
            s.push_str(&format!(
                "this run: {} in {:.1} s; referee CPU {:.3} s ({:.0} us per turn), engines' \
                 genmove time {:.1} s\n",
                crate::referee::summary::count(u64::from(out.played), "game"),
                c.wall_seconds,
                c.referee_cpu_seconds,
                1e6 * c.referee_cpu_seconds / c.turns as f64,
                c.engine_seconds
            ));
        }
        if let Some(k) = cfg.shard {
            s.push_str(&format!(
                "shard {k}: the games above are this shard's; `ttrules referee merge` puts the \
                 shards' folders together\n"
            ));
        }
        if out.stopped_by_sprt {
            s.push_str("the SPRT decided: the match stopped\n");
        }
        if out.stopped {
            s.push_str(
                "stopped by `ttrules referee stop`: the games in progress finished; continue \
                 with --resume\n",
            );
        }
        if out.interrupted {
            s.push_str("interrupted: the games in progress were dropped; continue with --resume\n");
        }
        s
    };
    for note in &out.notes {
        crate::errln!("ttrules referee: {note}");
    }
    // The games are in the folder already: a summary that cannot be printed loses none of them
    // (`referee status DIR` prints it again).
    let status = if out.interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    };
    print("referee", &text, status)
}

/// Prints `text` on standard output and ends with `status`; a closed pipe ends quietly with it,
/// any other failure says so and is status 2 (issue 32, D6/D7).
fn print(command: &str, text: &str, status: ExitCode) -> ExitCode {
    match crate::cli::out::emit(command, text) {
        Ok(()) => status,
        Err(why) => why.status(status),
    }
}
