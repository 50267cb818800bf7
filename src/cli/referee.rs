//! `ttrules referee --black "CMD" --white "CMD"`: a match between two GTP engines, judged exactly.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use ttrules_record::rules::rules_by_any_name;
use ttrules_referee::clock::{parse_duration, TimeControl};
use ttrules_referee::end::{ArbiterKind, ArbiterWhen, EndOptions, Protocol};
use ttrules_referee::engine::EngineSpec;
use ttrules_referee::handicap::{Handicap, Placement};
use ttrules_referee::{self as referee, AtLimit, Config, OnFault};
use ttrules_spec::{Komi, Rules, Size};

#[derive(clap::Args)]
pub struct Args {
    /// The first engine's command line (it plays Black unless colours alternate), split as a
    /// shell would; `{seed}` in it is replaced by each game's seed (a fresh process per game).
    #[arg(long)]
    pub black: String,
    /// The second engine's command line.
    #[arg(long)]
    pub white: String,
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
    /// Games played at once, each with its own engine processes.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Write one SGF per game, results.jsonl, match.json and the engines' stderr logs here.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Continue the interrupted match in --out from its results.jsonl.
    #[arg(long)]
    pub resume: bool,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
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
    /// Seconds to wait for every command other than a clocked genmove.
    #[arg(long, default_value_t = 20.0)]
    pub timeout: f64,
}

fn usage(msg: String) -> ExitCode {
    eprintln!("ttrules referee: {msg}");
    ExitCode::from(2)
}

fn config(args: &Args) -> Result<Config, String> {
    let split = |flag: &str, cmd: &str| match shlex::split(cmd) {
        Some(words) if !words.is_empty() => Ok(words),
        _ => Err(format!("cannot split --{flag} {cmd:?} into words")),
    };
    let argv = [split("black", &args.black)?, split("white", &args.white)?];
    let size: Size = args.size.parse().map_err(|e| format!("--size: {e}"))?;
    let (rules, named_komi) = rules_by_any_name(&args.rules).map_err(|e| {
        let names: Vec<&str> = Rules::NAMED.iter().map(|n| n.name).collect();
        format!(
            "unsupported ruleset: {e} (a ruleset name: {}; a KataGo name or rules string; or a \
             parameter list)",
            names.join(", ")
        )
    })?;
    // r[ref.handicap]: a handicap that does not fit is refused before any engine starts.
    let handicap = match args.handicap {
        Some(n) => Some(Handicap::new(n, args.handicap_placement, size)?),
        None => None,
    };
    if handicap.is_some() && !args.openings.is_empty() {
        return Err(
            "--handicap and --openings: an opening is a game from the empty grid with \
                    Black to move, and a handicap game starts from the stones with White to move; \
                    use one or the other (r[ref.handicap])"
                .into(),
        );
    }
    let komi: Komi = match &args.komi {
        Some(k) => k.parse().map_err(|e| format!("--komi: {e}"))?,
        // r[ref.handicap.komi]: a handicap game's komi is 0.5 unless given.
        None if handicap.is_some() => "0.5".parse().expect("a komi"),
        None => named_komi.unwrap_or_else(|| "7.5".parse().expect("a komi")),
    };
    let time = match (&args.time, &args.time_per_move) {
        (Some(t), _) => Some(
            t.parse::<TimeControl>()
                .map_err(|e| format!("--time: {e}"))?,
        ),
        (None, Some(t)) => {
            let d = parse_duration(t).map_err(|e| format!("--time-per-move: {e}"))?;
            if d.is_zero() {
                return Err("--time-per-move must be more than 0".into());
            }
            Some(TimeControl::PerMove(d))
        }
        (None, None) => None,
    };
    if !(args.timeout.is_finite() && args.timeout > 0.0 && args.timeout < 1e6) {
        return Err(format!(
            "--timeout {} is not a positive number of seconds",
            args.timeout
        ));
    }
    if args.jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    if args.max_turns == Some(0) {
        return Err("--max-turns must be at least 1".into());
    }
    // r[ref.limit.default]: every game has a move limit.
    let max_turns = args
        .max_turns
        .unwrap_or_else(|| crate::referee::endless::default_max_turns(size));
    let sprt = match &args.sprt {
        Some(s) => Some(s.parse().map_err(|e| format!("--sprt: {e}"))?),
        None => None,
    };
    let (arbiter_kind, arbiter_argv) = match (&args.end, &args.arbiter) {
        (Protocol::Arbiter, None) => {
            return Err(
                "--end arbiter needs --arbiter proven or --arbiter \"CMD\" (r[end.arbiter])".into(),
            )
        }
        (Protocol::Arbiter, Some(a)) if a == "proven" => (ArbiterKind::Proven, None),
        (Protocol::Arbiter, Some(a)) => (ArbiterKind::Engine, Some(split("arbiter", a)?)),
        (_, Some(_)) => return Err("--arbiter is for --end arbiter".into()),
        (_, None) => (ArbiterKind::Proven, None),
    };
    if args.end == Protocol::Jihuozi {
        if let Some(why) = ttrules_referee::end::jihuozi::Jihuozi::unsupported(rules) {
            return Err(why);
        }
    }
    let openings = referee::load_openings(&args.openings, size, rules)?;
    let logs = |id: &str| {
        args.out
            .as_ref()
            .map(|d| d.join("logs").join(format!("{id}.log")))
    };
    let [a, b] = argv;
    // Everything that fixes the schedule and how games are played (not --games, which a resumed
    // match may extend, nor --jobs, --timeout or --json).
    let mut settings = serde_json::json!({
        "black": args.black,
        "white": args.white,
        "size": size.to_string(),
        "rules": rules.to_string(),
        "komi": komi.to_string(),
        "alternate": args.alternate,
        "openings": openings.iter().map(|o| o.name.clone()).collect::<Vec<_>>(),
        "time": time.map(|t| t.to_string()),
        "max_turns": args.max_turns,
        "at_limit": args.at_limit,
        "on_fault": args.on_fault,
        "end": args.end,
        "seed": args.seed,
        "sprt": args.sprt,
    });
    if let Some(h) = handicap {
        settings["handicap"] = serde_json::to_value(h).expect("JSON");
    }
    if args.end == Protocol::Arbiter {
        settings["arbiter"] = args.arbiter.clone().into();
        settings["arbiter_when"] = serde_json::to_value(args.arbiter_when).expect("JSON");
    }
    Ok(Config {
        engines: [
            EngineSpec {
                id: "a",
                argv: a,
                log: logs("a"),
            },
            EngineSpec {
                id: "b",
                argv: b,
                log: logs("b"),
            },
        ],
        games: args.games,
        size,
        rules,
        rules_name: args.rules.clone(),
        komi,
        alternate: args.alternate,
        openings,
        time,
        handicap,
        max_turns: Some(max_turns),
        at_limit: args.at_limit,
        on_fault: args.on_fault,
        end: args.end,
        end_options: EndOptions {
            arbiter: arbiter_kind,
            arbiter_when: args.arbiter_when,
            max_turns: Some(max_turns),
        },
        arbiter: arbiter_argv.map(|argv| EngineSpec {
            id: "arbiter",
            argv,
            log: logs("arbiter"),
        }),
        jobs: args.jobs,
        out: args.out.clone(),
        resume: args.resume,
        sprt,
        seed: args.seed,
        timeout: Duration::from_secs_f64(args.timeout),
        progress: !args.json,
        settings,
    })
}

/// Runs `ttrules referee`.
pub fn run(args: &Args) -> ExitCode {
    let cfg = match config(args) {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let out = match referee::run(&cfg) {
        Ok(o) => o,
        Err(e) => return usage(e),
    };
    let text = if args.json {
        let mut doc = serde_json::to_value(&out.summary).expect("the summary serialises");
        doc["played"] = out.played.into();
        doc["interrupted"] = out.interrupted.into();
        doc["stopped_by_sprt"] = out.stopped_by_sprt.into();
        doc["cost"] = serde_json::to_value(out.cost).expect("JSON");
        doc["settings"] = cfg.settings.clone();
        doc["max_turns"] = cfg.max_turns.into();
        doc["notes"] = out.notes.clone().into();
        serde_json::to_string_pretty(&doc).expect("JSON") + "\n"
    } else {
        let mut s = out.summary.to_text();
        if let (None, Some(n)) = (args.max_turns, cfg.max_turns) {
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
        if out.stopped_by_sprt {
            s.push_str("the SPRT decided: the match stopped\n");
        }
        if out.interrupted {
            s.push_str("interrupted: the games in progress were dropped; continue with --resume\n");
        }
        s
    };
    for note in &out.notes {
        eprintln!("ttrules referee: {note}");
    }
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if out.interrupted {
        ExitCode::from(130)
    } else {
        ExitCode::SUCCESS
    }
}
