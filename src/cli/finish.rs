//! `ttrules finish RECORD.sgf [--rules R] [--komi K] [--dead POINTS | --auto-dead]
//! [--eyes B:…,W:…,S:… | --auto-eyes] [--svg FILE] [--json] [--game N]`: the 计活子 finish of a game that has
//! ended (spec Part V), with the source's four figures, both counts and the result.
//!
//! The work is [`ttrules_reference::finish`]; this module reads the record, the flags, and prints.

use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;
use ttrules_draw::{svg, zh};
use ttrules_record::dead_from::Source;
use ttrules_record::replay::game_end;
use ttrules_record::rules::rules_by_any_name;
use ttrules_record::GameRecord;
use ttrules_reference::finish::{
    self, resume, DeadStones, Eyes, Finish, FinishError, MarkKind, Marks, Pause,
};
use ttrules_reference::Reference;
use ttrules_spec::{Clause, Engine, Grid, HalfPoints, Komi, Outcome, Player, Point, Rules};

#[derive(clap::Args)]
pub struct Args {
    /// The SGF record of a game that has ended (two consecutive passes: the pause); `-` reads it
    /// from standard input.
    pub file: PathBuf,
    /// The rules the record is replayed under (a ruleset name, KataGo string or parameter list, as
    /// for replay). Default: the record's RU, else jihuozi.
    #[arg(long)]
    pub rules: Option<String>,
    /// The komi, taken off Black's count. Default: the record's KM, else the ruleset's (jihuozi: 0).
    #[arg(long, allow_hyphen_values = true)]
    pub komi: Option<String>,
    /// Stones agreed dead, as GTP points separated by commas or spaces. Default: none.
    #[arg(long, conflicts_with = "auto_dead")]
    pub dead: Option<String>,
    /// Where the dead stones come from instead (r[rec.dead.source]): `marks` (the record's TB/TW,
    /// r[rec.dead]), `proven` (r[rec.dead.proven]) or a GTP engine's command line, e.g.
    /// "gnugo --mode gtp" (its judgement, r[rec.dead.engine]).
    #[arg(long, value_name = "SOURCE", conflicts_with_all = ["dead", "auto_dead"])]
    pub dead_from: Option<String>,
    /// The timeout of each command sent to the --dead-from engine, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0)]
    pub dead_from_timeout: f64,
    /// Derive the dead stones from the marks of --eyes (supplement 1: r[finish.dead.marks]).
    #[arg(long)]
    pub auto_dead: bool,
    /// The marks: B: Black's eye points, W: White's, S: shared points, e.g. B:A7,C7,W:G7,F6,S:D4.
    #[arg(long, conflicts_with = "auto_eyes", allow_hyphen_values = true)]
    pub eyes: Option<String>,
    /// Choose the reserved points automatically (r[finish.eyes.auto]); the default without --eyes.
    #[arg(long)]
    pub auto_eyes: bool,
    /// Also write the reserved position as SVG: dead stones crossed, eye and shared points, road
    /// points as territory.
    #[arg(long)]
    pub svg: Option<PathBuf>,
    /// Also write the game as a page of the viewer (HTML, self-contained): its turns, then the
    /// pause with the dead stones, and the counted position with the living stones and the
    /// reserved points (the tax) marked.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print one JSON object instead of the diagrams.
    #[arg(long)]
    pub json: bool,
    /// Finish game N (from 1) of a file holding several (r[rec.trees]), as `replay --game N`
    /// picks it. Default: the first.
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
}

/// The one place this command reads SGF: game `n` (from 1) of the file, by the reader of spec Part
/// III, as `replay` reads it. Its warnings go to stderr; a record that stops being a game
/// (r[rec.stop]) before its game has ended is refused later ([`game_end`]), since the finish needs
/// the game's end.
fn load_record(bytes: &[u8], file: &str, n: usize) -> Result<GameRecord, String> {
    let read = ttrules_record::read(bytes, file, &ttrules_record::Overrides::default())
        .map_err(|e| e.to_string())?;
    let held = read.games.len();
    let g = match read.games.into_iter().nth(n.wrapping_sub(1)) {
        Some(Ok(g)) => g,
        Some(Err(e)) => return Err(e.to_string()),
        None if held == 0 => return Err("the file holds no game".into()),
        None => {
            return Err(format!(
                "--game {n}: the file holds {held} game{} (r[rec.trees])",
                if held == 1 { "" } else { "s" }
            ))
        }
    };
    super::replay::print_warnings("ttrules finish", file, &g.warnings);
    Ok(g)
}

/// What the flags ask for, read against the record.
struct Request {
    rules: Rules,
    komi: Komi,
    dead: DeadStones,
    eyes: Eyes,
    /// Where `--dead-from` took the dead stones from (r[rec.dead.source]).
    dead_source: Option<Source>,
}

fn request(args: &Args, loaded: &GameRecord) -> Result<Request, String> {
    let (rules, named_komi) = match &args.rules {
        Some(name) => rules_by_any_name(name).map_err(|e| format!("--rules: {e}"))?,
        None => match loaded.rules_from.of_record(loaded.rules) {
            Some(rules) => (rules, Some(loaded.komi)),
            None => rules_by_any_name("jihuozi").expect("jihuozi is a ruleset"),
        },
    };
    let komi = match &args.komi {
        Some(k) => k.parse().map_err(|e| format!("--komi: {e}"))?,
        None => loaded
            .komi_from
            .of_record(loaded.komi)
            .or(named_komi)
            .unwrap_or(Komi::ZERO),
    };
    let dead = match (&args.dead, args.auto_dead) {
        (Some(list), _) => DeadStones::Agreed(
            list.split([',', ' '])
                .filter(|s| !s.is_empty())
                .map(|s| Point::parse_gtp(s).map_err(|e| format!("--dead: {e}")))
                .collect::<Result<_, _>>()?,
        ),
        (None, true) => DeadStones::FromMarks,
        (None, false) => DeadStones::None,
    };
    let eyes = match &args.eyes {
        Some(text) => Eyes::Given(Marks::parse(text).map_err(|e| format!("--eyes: {e}"))?),
        None if args.auto_dead && !args.auto_eyes => {
            return Err(format!(
            "--auto-dead derives the dead stones from the marks of --eyes, and there are none ({})",
            Clause::FinishDeadMarks
        ))
        }
        None => Eyes::Auto,
    };
    Ok(Request {
        rules,
        komi,
        dead,
        eyes,
        dead_source: None,
    })
}

/// An error of the library, with the record's node for an illegal turn.
fn describe(e: &FinishError, loaded: &GameRecord) -> String {
    match e {
        FinishError::IllegalTurn { number, .. } => match loaded.moves.get(number - 1) {
            Some(m) => format!("node {}: {e}", m.node),
            None => e.to_string(),
        },
        _ => e.to_string(),
    }
}

/// Runs `ttrules finish`.
pub fn run(args: &Args) -> ExitCode {
    let file = super::input::name(&args.file);
    let fail = |msg: String| {
        crate::errln!("ttrules finish: {file}: {msg}");
        ExitCode::from(2)
    };
    let bytes = match super::input::read(&args.file) {
        Ok(bytes) => bytes,
        Err(e) => return fail(e.to_string()),
    };
    let loaded = match load_record(&bytes, &file, args.game.unwrap_or(1)) {
        Ok(l) => l,
        Err(e) => return fail(e),
    };
    let mut req = match request(args, &loaded) {
        Ok(r) => r,
        Err(e) => return fail(e),
    };
    let from = super::replay::dead_from_arg(args.dead_from.as_deref(), args.dead_from_timeout);
    let end = match from.and_then(|from| game_end(&loaded, req.rules, req.komi, from.as_ref())) {
        Ok(end) => end,
        Err(e) => return fail(e),
    };
    if let Some(i) = end.after_end {
        crate::errln!(
            "ttrules finish: {file}: node {}: the turns from move {} on ({} in all) come after the end of the game; the finish starts where the game ended, as replay does (r[rec.stop.after-end])",
            loaded.moves[i].node,
            i + 1,
            loaded.moves.len() - i
        );
    }
    if let Some((dead, source)) = end.dead {
        req.dead = DeadStones::Agreed(dead);
        req.dead_source = Some(source);
    }
    let moves = end.moves;
    let played = moves.len();
    let pause = match Pause::new(loaded.setup.clone(), moves, req.rules) {
        Ok(p) => p,
        Err(e) => return fail(describe(&e, &loaded)),
    };
    let f = match finish::finish(&pause, &req.dead, &req.eyes, req.komi) {
        Ok(f) => f,
        Err(e) => return fail(describe(&e, &loaded)),
    };
    debug_assert_eq!(f.pause.size(), loaded.size);
    if let Some(path) = &args.svg {
        if let Err(e) = svg::save(path, &svg::render(&svg_board(&f, &file))) {
            return fail(e);
        }
    }
    if let Some(path) = &args.html {
        let written =
            super::finish_html::write(path, &file, &loaded, played, (req.rules, req.komi), &f);
        if let Err(e) = written {
            return fail(e);
        }
    }
    let resumed = resumed(&pause, &f);
    let out = if args.json {
        let doc = to_json(&f, &req, &file, pause.moves().len(), &resumed);
        serde_json::to_string_pretty(&doc).expect("the finish document serialises") + "\n"
    } else {
        to_text(&f, &req, &file, pause.moves().len(), &resumed)
    };
    let status = if f.disputes.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    match crate::cli::out::emit("finish", &out) {
        Ok(()) => status,
        Err(why) => why.status(status),
    }
}

/// Where play resumes, for a disputed finish: the colouring and the player to move, or why the
/// library cannot say.
fn resumed(pause: &Pause, f: &Finish) -> Option<Result<(Grid, Player), String>> {
    resume(pause, f).map(|r| {
        let r = r.map_err(|e| e.to_string())?;
        let e: Reference = r.start(pause.rules()).map_err(|e| e.to_string())?;
        Ok((e.grid(), e.to_move()))
    })
}

/// The SVG of the reserved position: dead stones crossed, reserved and shared points marked, road
/// points as territory.
pub fn svg_board<'a>(f: &'a Finish, title: &str) -> svg::Board<'a> {
    let mut b = svg::Board::new(&f.pause, format!("{title}: the reserved points"));
    b.dead = f.dead.clone();
    for player in [Player::Black, Player::White] {
        b.marks.extend(
            f.reserved
                .get(player)
                .iter()
                .map(|&p| (p, svg::Mark::Eye(player))),
        );
        b.territory
            .extend(f.roads.get(player).iter().map(|&p| (p, player)));
    }
    b.marks
        .extend(f.shared_marks.iter().map(|&p| (p, svg::Mark::Shared)));
    b
}

/// The four figures in the source's notation (r[finish.diagram]).
pub fn figures(f: &Finish) -> [Vec<String>; 4] {
    [
        zh::diagram(&f.pause, &[]),
        zh::diagram(&f.cleared, &[]),
        zh::diagram(&f.cleared, &f.drawn_reserved()),
        zh::diagram(&f.ideal, &[]),
    ]
}

const CAPTIONS: [&str; 4] = [
    "figure 1, the pause position (图一：无争局面)",
    "figure 2, the dead stones removed (图二：清理死子后的局面)",
    "figure 3, the reserved points (图三：保留气点后的局面)",
    "figure 4, the ideal final position (图四：理想的最终局面)",
];

fn list(ps: &[Point]) -> String {
    if ps.is_empty() {
        "none".to_string()
    } else {
        ps.iter().map(|p| p.gtp()).collect::<Vec<_>>().join(" ")
    }
}

fn gtp_points(ps: &[Point]) -> Vec<String> {
    ps.iter().map(|p| p.gtp()).collect()
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn black_after_komi(f: &Finish) -> HalfPoints {
    HalfPoints::points(f.count.black.total() as i64) - f.komi.value()
}

fn to_text(
    f: &Finish,
    req: &Request,
    file: &str,
    turns: usize,
    resumed: &Option<Result<(Grid, Player), String>>,
) -> String {
    let size = f.pause.size();
    let mut s = format!(
        "{file}: {size}, rules {}, komi {}; paused after {}, {} to move\n",
        req.rules,
        f.komi,
        plural(turns, "turn", "turns"),
        f.to_move
    );
    push_figures(&mut s, f, req);
    push_counts(&mut s, f);
    push_outcome(&mut s, f, resumed);
    s
}

/// The four figures with their captions, each followed by what it shows: dead stones, reserved
/// points, whether the ideal final position is legal (r[finish.fill.legal]).
fn push_figures(s: &mut String, f: &Finish, req: &Request) {
    let figs = figures(f);
    let dead_from = match &req.dead_source {
        Some(source) => source.describe(),
        None if f.dead_derived => "derived from the marks".into(),
        None => "agreed".into(),
    };
    let given = if f.eyes_auto { "chosen" } else { "given" };
    for (i, fig) in figs.iter().enumerate() {
        s.push('\n');
        s.push_str(CAPTIONS[i]);
        s.push('\n');
        for line in fig {
            s.push_str(line);
            s.push('\n');
        }
        match i {
            0 => s.push_str(&format!("dead stones ({dead_from}): {}\n", list(&f.dead))),
            2 => s.push_str(&format!(
                "reserved points ({given}): Black {}; White {}; shared marks {}\n",
                list(&f.reserved.black),
                list(&f.reserved.white),
                list(&f.shared_marks)
            )),
            3 if f.ideal_is_legal() => s.push_str(
                "the ideal final position is legal: every stone reaches empty (r[finish.fill.legal])\n",
            ),
            3 => s.push_str(&format!(
                "the ideal final position is not legal: these stones do not reach empty: {} (r[finish.fill.legal])\n",
                list(&f.without_liberty)
            )),
            _ => {}
        }
    }
}

/// Each player's count (board stones and road points) and the count after komi.
fn push_counts(s: &mut String, f: &Finish) {
    s.push('\n');
    for (player, name) in [(Player::Black, "Black"), (Player::White, "White")] {
        let c = f.count.get(player);
        s.push_str(&format!(
            "{name}: {} + {} = {} ({} on the ideal final position)\n",
            plural(c.board, "board stone", "board stones"),
            plural(c.roads, "road point", "road points"),
            c.board + c.roads,
            plural(c.ideal, "stone", "stones"),
        ));
    }
    s.push_str(&format!(
        "komi {} off Black's count: Black {}, White {}\n",
        f.komi,
        black_after_komi(f),
        f.count.white.total()
    ));
}

/// The result, or the disputes (r[finish.dispute]) with the resolution and the resumed position.
fn push_outcome(s: &mut String, f: &Finish, resumed: &Option<Result<(Grid, Player), String>>) {
    match f.outcome {
        Some(o) => s.push_str(&format!("result: {}\n", o.sgf_result())),
        None => {
            s.push_str(&format!(
                "disputed ({}), no result:\n",
                Clause::FinishDispute
            ));
            for d in &f.disputes {
                s.push_str(&format!("  {d}\n"));
            }
            if let (Some(r), Some(how)) = (f.resolution(), resumed) {
                s.push_str(&format!(
                    "resolution: {} ({})\n",
                    match r {
                        finish::Resolution::FromPause =>
                            "play resumes from the pause position (实战解决一)",
                        finish::Resolution::FromIdeal =>
                            "play resumes from the disputed ideal final position (实战解决二)",
                    },
                    r.clause()
                ));
                match how {
                    Ok((g, to_move)) => {
                        s.push_str(&format!("resumed position, {to_move} to move:\n"));
                        for line in zh::diagram(g, &[]) {
                            s.push_str(&line);
                            s.push('\n');
                        }
                    }
                    Err(e) => s.push_str(&format!("the library cannot resume: {e}\n")),
                }
            }
        }
    }
}

fn number(h: HalfPoints) -> Value {
    if h.is_whole() {
        json!(h.as_halves() / 2)
    } else {
        json!(h.as_halves() as f64 / 2.0)
    }
}

fn winner(o: Option<Outcome>) -> Value {
    match o {
        Some(o) => json!(o.winner_word()),
        None => Value::Null,
    }
}

/// The JSON document of `finish --json`. Field names are a contract other tools depend on.
fn to_json(
    f: &Finish,
    req: &Request,
    file: &str,
    turns: usize,
    resumed: &Option<Result<(Grid, Player), String>>,
) -> Value {
    let size = f.pause.size();
    let both = |b: &finish::Both<Vec<Point>>| json!({"black": gtp_points(&b.black), "white": gtp_points(&b.white)});
    let count = |c: finish::Count| json!({"board": c.board, "roads": c.roads, "total": c.board + c.roads, "ideal": c.ideal});
    let regions: Vec<Value> = f
        .regions
        .iter()
        .map(|r| {
            json!({
                "color": r.player.letter(),
                "kind": r.kind.name(),
                "points": gtp_points(&r.points),
                "territory": gtp_points(&r.territory),
                "reserved": gtp_points(&r.reserved),
                "two_eyes": r.two_eyes,
            })
        })
        .collect();
    let disputes: Vec<Value> = f
        .disputes
        .iter()
        .map(|d| {
            json!({
                "kind": d.kind.name(),
                "clause": d.kind.clause().id(),
                "color": d.player.map(Player::letter),
                "mark": d.mark.map(MarkKind::letter),
                "points": gtp_points(&d.points),
                "resolution": d.kind.resolution().name(),
                "text": d.to_string(),
            })
        })
        .collect();
    let resolution = match (f.resolution(), resumed) {
        (Some(r), Some(Ok((g, to_move)))) => json!({
            "kind": r.name(), "clause": r.clause().id(), "to_move": to_move.letter(), "grid": g.rows(),
        }),
        (Some(r), Some(Err(e))) => json!({"kind": r.name(), "clause": r.clause().id(), "error": e}),
        _ => Value::Null,
    };
    let [f1, f2, f3, f4] = figures(f);
    json!({
        "file": file,
        "size": {"width": size.width(), "height": size.height()},
        "rules": {"name": req.rules.name(), "parameters": req.rules.describe()},
        "komi": number(f.komi.value()),
        "turns": turns,
        "to_move": f.to_move.letter(),
        "pause": f.pause.rows(),
        "dead": gtp_points(&f.dead),
        "dead_from": match &req.dead_source {
            Some(Source::Marks) => "record-marks",
            Some(source) => source.word(),
            None if f.dead_derived => "marks",
            None if f.dead.is_empty() && matches!(req.dead, DeadStones::None) => "none",
            None => "agreed",
        },
        "dead_engine": req.dead_source.as_ref().and_then(|s| s.engine()),
        "cleared": f.cleared.rows(),
        "eyes_from": if f.eyes_auto { "auto" } else { "given" },
        "marks": {
            "black": gtp_points(&f.marks.of(MarkKind::BlackEye)),
            "white": gtp_points(&f.marks.of(MarkKind::WhiteEye)),
            "shared": gtp_points(&f.marks.of(MarkKind::Shared)),
        },
        "reserved": {
            "black": gtp_points(&f.reserved.black),
            "white": gtp_points(&f.reserved.white),
            "shared": gtp_points(&f.shared_marks),
        },
        "roads": both(&f.roads),
        "shared_points": gtp_points(&f.shared),
        "neutral_points": gtp_points(&f.neutral),
        "regions": regions,
        "ideal": f.ideal.rows(),
        "ideal_legal": f.ideal_is_legal(),
        "without_liberty": gtp_points(&f.without_liberty),
        "count": {"black": count(f.count.black), "white": count(f.count.white)},
        "black_after_komi": number(black_after_komi(f)),
        "result": f.outcome.map(|o| o.sgf_result()),
        "winner": winner(f.outcome),
        "disputes": disputes,
        "resolution": resolution,
        "figures": {"1": f1, "2": f2, "3": f3, "4": f4},
        "spec": ttrules_spec::SPEC_VERSION,
    })
}
