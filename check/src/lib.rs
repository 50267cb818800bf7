//! # ttrules-check
//!
//! `check-engine`: drives a third-party GTP engine and reports every place where its rule handling
//! differs from the spec. The reference engine gives every expected answer.
//!
//! Phases: capabilities (which commands, which board sizes, which rule options); the vectors of
//! `spec/vectors/` (or a `.tst` file instead), each under its own rules when the engine can be put
//! under them (`ttrules-rules`; otherwise only those whose rules are the run's), setups sent with
//! `loadsgf`; seeded random games under the run's rules with probes, each disagreement of a new
//! kind shrunk to a short reproduction; the score of every finished game, against the reference's
//! outcome with every stone alive (`final_score` has no dead-stone input: r[var.count.dead]). A
//! missing command is a skip with a reason, never a pass.
//!
//! | module | phase (the book's guide page, `docs/src/guide/check-engine.md`) |
//! | --- | --- |
//! | `capabilities` | 1. capabilities |
//! | `vectors` | 2. vectors |
//! | `random_games` | 3. random games, with shrinking |
//! | `scoring` | 4. scoring |
//! | `attempt` | the checks of one attempt, shared by 2 and 3 |
//! | `equivalent` | 2: vectors under other rules that change nothing, for engines without a rules command |
//! | `regression` | `--tst FILE`, instead of 2 to 4 |
//! | `progress` | [`Progress`]: how far a run has got, reported through a callback that the caller draws |
//! | [`report`] | the summary and its JSON |
//! | [`remote`] | the engine as a supervised child process |
//!
//! This file holds the configuration, the judge (the reference's side of a sequence), the checker
//! and the driver that runs the phases in order.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`](ttrules_spec::Clause::url) gives each one's anchor in the rendered spec.
//!
//! ```
//! use ttrules_check::remote::parse_showboard;
//! use ttrules_spec::{Colour, Point, Size};
//!
//! // An engine's `showboard` answer, read back as a grid to compare with the reference's.
//! let text = "   A B C\n 3 . . . 3\n 2 . X . 2\n 1 O . . 1\n   A B C\n";
//! let g = parse_showboard(text, Size::square(3).unwrap()).unwrap();
//! assert_eq!(g.get(Point::parse_gtp("B2").unwrap()), Colour::Black);
//! assert_eq!(g.get(Point::parse_gtp("A1").unwrap()), Colour::White);
//! ```

mod attempt;
mod capabilities;
mod equivalent;
mod finding_file;
pub mod probes;
mod progress;
pub use progress::Progress;
mod random_games;
mod regression;
pub use regression::{read_tst, MAX_TST_BYTES};
pub mod remote;
pub mod report;
mod scoring;
mod vectors;

use remote::{BoardSource, Fault, Remote, Start};
use report::{Capability, Example, Report};
use std::path::PathBuf;
use std::time::Duration;
use ttrules_games::{self as games, classify, GameConfig, Probe};
use ttrules_gtp::client::Reply;
use ttrules_gtp::tst;
use ttrules_reference::Reference;
use ttrules_spec::{
    Clause, Colour, Counting, Engine, Grid, HandicapCompensation, Illegal, Komi, Move, Outcome,
    Player, Point, Rules, Setup, Size, Tax, TurnReport,
};
use ttrules_vectors::Vector;

/// What to run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The engine's command line, already split into words.
    pub engine: Vec<String>,
    /// The ruleset the engine is compared with.
    pub rules: Rules,
    /// The name given with `--rules` (sent to the engine when it has a rules command).
    pub rules_name: String,
    pub games: u32,
    pub sizes: Vec<Size>,
    pub seed: u64,
    pub timeout: Duration,
    /// The timeout of `final_score`, which may be slow on large boards (reported apart).
    pub score_timeout: Duration,
    /// Komi of the random games (vectors bring their own).
    pub komi: Komi,
    pub max_turns: Option<u32>,
    /// The folder of vector files; `None`: the vectors embedded in `ttrules-vectors`.
    pub vectors_dir: Option<PathBuf>,
    /// Run this `.tst` file instead of the vectors and games.
    pub tst: Option<PathBuf>,
    /// Write each first example as SGF and diagram here.
    pub out_dir: Option<PathBuf>,
    /// At most this many engine replays to shrink one example.
    pub shrink_budget: u32,
}

/// The result of a run: the report, and whether the engine could be run at all.
pub struct Outcomes {
    pub report: Report,
    /// False when the engine could not be started or spoke no GTP: exit status 2.
    pub ran: bool,
}

/// One finding about one attempt.
#[derive(Clone, Debug)]
struct Finding {
    cap: Capability,
    kind: String,
    clause: Option<Clause>,
    detail: String,
}

/// What checking one attempt left.
struct AttemptResult {
    findings: Vec<Finding>,
    /// The engine is still at the reference's position (or, after `refused_legal`, at the one
    /// before the attempt).
    in_sync: bool,
    /// The engine refused a legal turn, which the judge has played.
    refused_legal: bool,
}

/// One game as both sides start it: the rules, komi and setup the reference judges by, and how
/// the engine is brought to the same start.
#[derive(Clone, Debug)]
struct Ctx {
    rules: Rules,
    komi: Komi,
    setup: Setup,
    start: Start,
}

impl Ctx {
    fn size(&self) -> Size {
        self.setup.grid.size()
    }

    /// A new game of the reference at this start.
    fn reference(&self) -> Reference {
        match Reference::from_setup(&self.setup, self.rules) {
            Ok(e) => e,
            Err(e) => panic!("a checked setup was refused: {e}"),
        }
    }
}

/// The reference's side of a sequence of attempts.
struct Judge {
    e: Reference,
    /// The game at its start, for replays.
    start: Reference,
    ko: Option<games::KoShape>,
    /// The captures already differ in this sequence: later totals are not compared.
    captures_differ: bool,
    /// Own stones each player has suicided: `[Black's, White's]`.
    suicided: [usize; 2],
    /// Every attempt so far (legal or not), for examples.
    attempts: Vec<(Player, Move)>,
}

impl Judge {
    fn new(ctx: &Ctx) -> Judge {
        Judge::from_start(ctx.reference())
    }

    fn from_start(start: Reference) -> Judge {
        Judge {
            e: start.clone(),
            start,
            ko: None,
            captures_differ: false,
            suicided: [0, 0],
            attempts: Vec::new(),
        }
    }

    fn turns(&self) -> Vec<(Player, Move)> {
        // The legal turns are the attempts the reference accepted; replaying tells them apart.
        let mut e = self.start.clone();
        self.attempts
            .iter()
            .copied()
            .filter(|&(_, mv)| e.play(mv).is_ok())
            .collect()
    }

    /// The same judge without its last attempt.
    fn without_last(&self) -> Judge {
        let mut j = Judge::from_start(self.start.clone());
        for &(_, mv) in &self.attempts[..self.attempts.len().saturating_sub(1)] {
            let _ = j.play(mv);
        }
        j
    }

    /// The prisoners each player holds (r[var.prisoners]), as `captures b` and `captures w`.
    fn prisoners(&self) -> [usize; 2] {
        let p = self.e.prisoners();
        [p.black as usize, p.white as usize]
    }

    /// Judges and (when legal) plays an attempt, remembering it either way.
    fn play(&mut self, mv: Move) -> Result<TurnReport, Illegal> {
        let player = self.e.to_move();
        self.attempts.push((player, mv));
        let before = self.e.grid();
        let r = self.e.play(mv)?;
        self.suicided[player as usize] += r.suicided;
        self.ko = games::KoShape::after_turn(&before, &self.e.grid(), player, mv);
        Ok(r)
    }
}

fn label_of(
    probe: Option<Probe>,
    mv: Move,
    report: Option<TurnReport>,
) -> (String, Option<Clause>) {
    if let Some(p) = probe {
        return (p.name().to_string(), Some(p.clause()));
    }
    match (mv, report) {
        (Move::Pass, _) => ("pass".into(), Some(Clause::TurnPass)),
        (_, Some(r)) if r.captured > 0 => ("capture".into(), Some(Clause::MoveClearOpponent)),
        _ => ("move".into(), Some(Clause::Move)),
    }
}

/// The label of an illegal attempt: the probe's name when it is one, else the reason; the clause
/// is always the verdict's, which names the value of the rules in force (r[var.verdict.order]).
fn illegal_label(probe: Option<Probe>, why: Illegal) -> (String, Option<Clause>) {
    match probe {
        Some(p) => (p.name().to_string(), Some(why.clause())),
        None => (why.reason().to_string(), Some(why.clause())),
    }
}

fn mv_text(player: Player, mv: Move) -> String {
    format!("{} {}", player.letter(), mv.gtp())
}

fn grid_differences(want: &Grid, got: &Grid) -> String {
    let diffs: Vec<String> = want
        .size()
        .points()
        .filter(|&p| want.get(p) != got.get(p))
        .map(|p| format!("{p} {}≠{}", want.get(p).symbol(), got.get(p).symbol()))
        .collect();
    let n = diffs.len();
    let shown: Vec<String> = diffs.into_iter().take(6).collect();
    format!(
        "{n} point{} differ (expected≠engine): {}{}",
        if n == 1 { "" } else { "s" },
        shown.join(", "),
        if n > 6 { ", …" } else { "" }
    )
}

/// A shrunk example: the attempts, how many replays it took, and the finding they show.
type Shrunk = (Vec<(Player, Move)>, u32, Finding);

/// A score finding kept back until the end of the run: the finding, its source, its game and
/// its attempts (see `Checker::flush_scores`).
type PendingScore = (Finding, String, Ctx, Vec<(Player, Move)>);

/// The checker: the engine, the configuration and the report being built.
pub struct Checker<'a> {
    cfg: &'a Config,
    /// Told each step of the run's progress.
    progress: &'a mut dyn FnMut(Progress),
    remote: Remote,
    pub report: Report,
    sizes_ok: std::collections::HashMap<Size, Result<(), String>>,
    examples_written: usize,
    /// The command that put the engine under the run's rules, when one was accepted.
    run_rules_cmd: Option<String>,
    /// Where the setup files for `loadsgf` are written (made on first use, removed at the end).
    tmp_dir: Option<PathBuf>,
    /// Score findings diagnosed as other scoring parameters, recorded at the end of the run
    /// (`Checker::flush_scores`): the finding, its source, game and attempts.
    score_pending: Vec<PendingScore>,
    /// The scoring parameters (the run's rules and the label) that some game of the run under
    /// those rules showed the engine does not use: its answer there is not theirs.
    score_misfits: std::collections::BTreeSet<(String, String)>,
}

impl<'a> Checker<'a> {
    /// Tells the caller a step of the run's progress.
    fn step(&mut self, p: Progress) {
        (self.progress)(p);
    }

    fn can_read_board(&self) -> bool {
        match self.remote.board_source {
            Some(BoardSource::ListStones) => self.remote.has("list_stones"),
            Some(BoardSource::Showboard) => self.remote.has("showboard"),
            None => false,
        }
    }

    /// Records `f`, with an example built from `attempts` (the last one showing it).
    fn record(
        &mut self,
        f: &Finding,
        source: &str,
        ctx: &Ctx,
        attempts: &[(Player, Move)],
        shrunk_from: Option<usize>,
    ) {
        let first = self
            .report
            .disagree(f.cap, &f.kind, &format!("{source}: {}", f.detail));
        if first {
            let ex = self.example(source, f, ctx, attempts, shrunk_from);
            self.report
                .add_example(f.cap, &f.kind, f.clause.map(|c| c.id()), ex);
        }
    }

    fn example(
        &mut self,
        source: &str,
        f: &Finding,
        ctx: &Ctx,
        attempts: &[(Player, Move)],
        shrunk_from: Option<usize>,
    ) -> Example {
        let (detail, kind) = (f.detail.as_str(), f.kind.as_str());
        // The SGF holds the legal turns and, last, the attempt that shows the difference (which
        // `ttrules replay` then reports as illegal when it is).
        let size = ctx.size();
        let mut e = ctx.reference();
        let mut record = Vec::new();
        let n = attempts.len();
        for (i, &(p, mv)) in attempts.iter().enumerate() {
            // Every legal turn, and the last attempt whatever it is.
            if i + 1 == n || e.play(mv).is_ok() {
                record.push((p, mv));
            }
        }
        let diagram = e.grid().labelled();
        let sgf_text = match attempts.last() {
            Some((_, Move::Play(p))) if !size.contains(*p) => {
                ttrules_sgf::write(ctx.komi, ctx.rules, &ctx.setup, &record[..record.len() - 1])
            }
            _ => ttrules_sgf::write(ctx.komi, ctx.rules, &ctx.setup, &record),
        };
        let mut files = Vec::new();
        if let Some(dir) = &self.cfg.out_dir {
            self.examples_written += 1;
            let stem: String = kind
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
                .collect();
            let base = dir.join(format!("{:02}-{stem}", self.examples_written));
            let sgf_path = base.with_extension("sgf");
            let txt_path = base.with_extension("txt");
            let tst_path = base.with_extension("tst");
            let moves: Vec<String> = record.iter().map(|&(p, m)| mv_text(p, m)).collect();
            let engine = self.cfg.engine.join(" ");
            let clause = f
                .clause
                .map_or("none".to_string(), |c| format!("r[{}]", c.id()));
            let txt = format!(
                "{kind}\nclause: {clause}\nengine: {engine}\nrules: {}\nfound in {source}: {detail}\nattempts: {}\nposition before the last attempt:\n{diagram}",
                ctx.rules,
                moves.join(", ")
            );
            let tst = finding_file::tst(&engine, f, ctx, &record, source);
            let written = std::fs::create_dir_all(dir)
                .and_then(|_| std::fs::write(&sgf_path, &sgf_text))
                .and_then(|_| std::fs::write(&txt_path, txt))
                .and_then(|_| std::fs::write(&tst_path, tst));
            match written {
                Ok(()) => {
                    files.push(sgf_path.display().to_string());
                    files.push(txt_path.display().to_string());
                    files.push(tst_path.display().to_string());
                }
                Err(e) => self
                    .report
                    .events
                    .push(format!("cannot write {}: {e}", sgf_path.display())),
            }
        }
        Example {
            source: source.to_string(),
            detail: detail.to_string(),
            moves: record.iter().map(|&(p, m)| mv_text(p, m)).collect(),
            shrunk_from,
            sgf: sgf_text,
            diagram,
            files,
        }
    }

    /// Sets up the game of `ctx` on the engine; `Ok(Err(why))` (with a skip recorded by the
    /// caller) when the engine cannot play it.
    fn setup(&mut self, ctx: &Ctx) -> Result<Result<(), String>, Fault> {
        let size = ctx.size();
        if let Some(Err(why)) = self.sizes_ok.get(&size) {
            return Ok(Err(why.clone()));
        }
        let r = self.remote.setup(&ctx.start)?;
        if let Err(why) = &r {
            if why.contains("board size") || why.contains("not square") {
                self.sizes_ok.insert(size, Err(why.clone()));
            }
        }
        Ok(r)
    }

    /// The command that puts the engine under `rules`, if there is one: the run's own selection
    /// for the run's rules, `ttrules-rules` for any other rules when the engine has it. `Err`
    /// when the engine cannot be put under `rules`.
    fn rules_cmd(&self, rules: Rules) -> Result<Option<String>, String> {
        if rules == self.cfg.rules {
            Ok(self.run_rules_cmd.clone())
        } else if self.remote.has("ttrules-rules") {
            Ok(Some(format!("ttrules-rules {rules}")))
        } else {
            Err(format!(
                "the vector is for {rules}, the run for {}, and the engine has no ttrules-rules",
                self.cfg.rules
            ))
        }
    }

    /// A game from the empty grid of `size` under the run's rules and `komi`.
    fn empty_ctx(&self, size: Size, komi: Komi) -> Ctx {
        Ctx {
            rules: self.cfg.rules,
            komi,
            setup: Setup::empty(size),
            start: Start {
                rules_cmd: self.run_rules_cmd.clone(),
                size,
                komi,
                setup_cmd: None,
            },
        }
    }

    /// Records the findings of one attempt (`shown`: the attempts up to it). With `shrink`, the
    /// first example of each new kind is shrunk, and the engine is then brought back to the
    /// turns `resume`; false when it cannot be.
    fn findings(
        &mut self,
        source: &str,
        ctx: &Ctx,
        shown: &[(Player, Move)],
        resume: &[(Player, Move)],
        findings: &[Finding],
        shrink: bool,
    ) -> Result<bool, Fault> {
        for f in findings {
            let new_kind = !self
                .report
                .differences
                .iter()
                .any(|d| d.capability == f.cap && d.kind == f.kind);
            if shrink && new_kind {
                let (seq, tries, shrunk) = self.shrink(ctx, shown, f)?;
                let from = Some(shown.len()).filter(|&n| n != seq.len() || tries > 0);
                self.record(&shrunk, source, ctx, &seq, from);
            } else {
                self.record(f, source, ctx, shown, None);
            }
        }
        if shrink && !findings.is_empty() {
            // Shrinking moved the engine elsewhere: bring it back.
            if self.setup(ctx)?.is_err() || !self.remote.rebuild(resume)? {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Runs `check-engine` as configured.
pub fn run(cfg: &Config, progress: &mut dyn FnMut(Progress)) -> Outcomes {
    let mut report = Report {
        engine: cfg.engine.join(" "),
        rules: cfg.rules.to_string(),
        seed: cfg.seed,
        ..Report::default()
    };
    let remote = match Remote::start(cfg.engine.clone(), cfg.timeout) {
        Ok(r) => r,
        Err(e) => {
            report.fatal = Some(e);
            return Outcomes { report, ran: false };
        }
    };
    let mut c = Checker {
        cfg,
        progress,
        remote,
        report,
        sizes_ok: Default::default(),
        examples_written: 0,
        run_rules_cmd: None,
        tmp_dir: None,
        score_pending: Vec::new(),
        score_misfits: Default::default(),
    };
    let ran = match capabilities::capabilities(&mut c) {
        Ok(()) => {
            let r = match &cfg.tst {
                Some(path) => regression::run_tst(&mut c, path),
                None => vectors::run_vectors(&mut c).and_then(|()| random_games::run_games(&mut c)),
            };
            match r {
                Ok(()) => true,
                Err(f) => {
                    c.report.fatal = Some(f.to_string());
                    false
                }
            }
        }
        Err(e) => {
            c.report.fatal = Some(e);
            false
        }
    };
    c.flush_scores();
    // The protocol row: every command sent, every fault.
    {
        let sent = c.remote.sent;
        let faults = c.remote.faults.clone();
        let row = c.report.row(Capability::Protocol);
        row.checks = sent;
        row.disagreements = faults.len() as u64;
        row.agreements = sent.saturating_sub(faults.len() as u64);
        if let Some((what, e)) = faults.first() {
            row.first = Some(format!("{what}: {e}"));
        }
        let mut kinds: Vec<(String, u64, String)> = Vec::new();
        for (what, e) in &faults {
            match kinds.iter_mut().find(|(k, _, _)| k == what) {
                Some(k) => k.1 += 1,
                None => kinds.push((what.clone(), 1, e.clone())),
            }
        }
        for (what, n, e) in kinds {
            c.report.differences.push(report::Difference {
                capability: Capability::Protocol,
                kind: what,
                clause: None,
                count: n,
                example: Example {
                    source: "the run".into(),
                    detail: e,
                    moves: vec![],
                    shrunk_from: None,
                    sgf: String::new(),
                    diagram: String::new(),
                    files: vec![],
                },
            });
        }
    }
    c.report.events.append(&mut c.remote.events);
    c.report.slow.append(&mut c.remote.slow);
    let Checker {
        report,
        remote,
        tmp_dir,
        ..
    } = c;
    remote.shutdown();
    if let Some(dir) = tmp_dir {
        let _ = std::fs::remove_dir_all(dir);
    }
    Outcomes { report, ran }
}

fn short(s: &str) -> String {
    let s = s.split(';').next().unwrap_or(s);
    s.chars().take(80).collect()
}
