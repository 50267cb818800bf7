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

pub mod remote;
pub mod report;

use crate::games::{self, classify, GameConfig, Probe};
use crate::gtp::client::Reply;
use crate::sgf;
use crate::tst;
use remote::{BoardSource, Fault, Remote, Start};
use report::{Capability, Example, Report};
use std::path::PathBuf;
use std::time::Duration;
use ttrules_reference::Reference;
use ttrules_spec::vector::Vector;
use ttrules_spec::{
    Clause, Colour, Counting, Engine, Grid, HalfPoints, HandicapCompensation, Illegal, Komi, Move,
    Outcome, Player, Point, Rules, Setup, Size, Tax, TurnReport,
};

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
    /// Komi of the random games (vectors bring their own).
    pub komi: Komi,
    pub max_turns: Option<u32>,
    pub vectors_dir: PathBuf,
    /// Run this `.tst` file instead of the vectors and games.
    pub tst: Option<PathBuf>,
    /// Write each first example as SGF and diagram here.
    pub out_dir: Option<PathBuf>,
    pub progress: bool,
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

/// Parses a `final_score` answer: `B+3.5`, `W+0.5`, `0` (also `Draw`, `Jigo`), `Void`. `B+0` and
/// `W+0` are wins by 0 (a broken tie: r[var.first-pass.tie-break], r[var.ties.black-wins]).
pub fn parse_result(s: &str) -> Option<Outcome> {
    let t = s.split_whitespace().next()?;
    if ["0", "draw", "jigo"].contains(&t.to_ascii_lowercase().as_str()) {
        return Some(Outcome::Tie);
    }
    if t.eq_ignore_ascii_case("void") {
        return Some(Outcome::Void);
    }
    let (who, margin) = t.split_once('+')?;
    let winner = match who {
        "B" | "b" => Player::Black,
        "W" | "w" => Player::White,
        _ => return None,
    };
    let margin: HalfPoints = margin.parse().ok()?;
    if margin < HalfPoints::ZERO {
        return None;
    }
    Some(Outcome::Win { winner, margin })
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

/// The checker: the engine, the configuration and the report being built.
pub struct Checker<'a> {
    cfg: &'a Config,
    remote: Remote,
    pub report: Report,
    sizes_ok: std::collections::HashMap<Size, Result<(), String>>,
    examples_written: usize,
    /// The command that put the engine under the run's rules, when one was accepted.
    run_rules_cmd: Option<String>,
    /// Where the setup files for `loadsgf` are written (made on first use, removed at the end).
    tmp_dir: Option<PathBuf>,
}

impl<'a> Checker<'a> {
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
            let ex = self.example(source, &f.detail, ctx, attempts, shrunk_from, &f.kind);
            self.report
                .add_example(f.cap, &f.kind, f.clause.map(|c| c.id()), ex);
        }
    }

    fn example(
        &mut self,
        source: &str,
        detail: &str,
        ctx: &Ctx,
        attempts: &[(Player, Move)],
        shrunk_from: Option<usize>,
        kind: &str,
    ) -> Example {
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
                sgf::write(ctx.komi, ctx.rules, &ctx.setup, &record[..record.len() - 1])
            }
            _ => sgf::write(ctx.komi, ctx.rules, &ctx.setup, &record),
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
            let moves: Vec<String> = record.iter().map(|&(p, m)| mv_text(p, m)).collect();
            let txt = format!(
                "{kind}\nfound in {source}: {detail}\nattempts: {}\nposition before the last attempt:\n{diagram}",
                moves.join(", ")
            );
            let written = std::fs::create_dir_all(dir)
                .and_then(|_| std::fs::write(&sgf_path, &sgf_text))
                .and_then(|_| std::fs::write(&txt_path, txt));
            match written {
                Ok(()) => {
                    files.push(sgf_path.display().to_string());
                    files.push(txt_path.display().to_string());
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
                loadsgf: None,
            },
        }
    }

    /// Checks one attempt of the player to move of `j` on the engine: `is_legal`, `play`, then
    /// the board and the captures. Brings the engine back in step after an accepted illegal
    /// attempt. Tallies agreements; returns the disagreements.
    fn attempt(&mut self, j: &mut Judge, mv: Move, tally: bool) -> Result<AttemptResult, Fault> {
        let size = j.e.size();
        let player = j.e.to_move();
        let probe = classify(&j.e, mv, j.ko);
        let expected = j.e.check(mv);
        let off_grid = matches!(mv, Move::Play(p) if !size.contains(p));
        let mut findings = Vec::new();
        let skip = |s: &mut Self, cap: Capability, why: &str| {
            if tally {
                s.report.skip(cap, why);
            }
        };
        // is_legal
        if let Some(why) = self.remote.missing("is_legal") {
            skip(self, Capability::IsLegal, &why);
        } else if off_grid {
            skip(
                self,
                Capability::IsLegal,
                "off-grid vertices are a GTP syntax matter, not asked",
            );
        } else {
            match self.remote.is_legal(player, mv) {
                Ok(Ok(says)) if says == expected.is_ok() => {
                    if tally {
                        self.report.agree(Capability::IsLegal);
                    }
                }
                Ok(Ok(says)) => {
                    let (kind, clause, detail) = match expected {
                        Ok(_) => {
                            let (l, c) = label_of(probe, mv, None);
                            (
                                format!("says 0 for a legal {l}"),
                                c,
                                format!(
                                    "is_legal {} answered 0; the turn is legal",
                                    mv_text(player, mv)
                                ),
                            )
                        }
                        Err(why) => {
                            let (l, c) = illegal_label(probe, why);
                            (
                                format!("says 1 for an illegal {l}"),
                                c,
                                format!(
                                    "is_legal {} answered {}; the attempt is illegal: {why}",
                                    mv_text(player, mv),
                                    u8::from(says)
                                ),
                            )
                        }
                    };
                    findings.push(Finding {
                        cap: Capability::IsLegal,
                        kind,
                        clause,
                        detail,
                    });
                }
                Ok(Err(reply)) => findings.push(Finding {
                    cap: Capability::IsLegal,
                    kind: "unreadable answer".into(),
                    clause: None,
                    detail: format!("is_legal {} answered {reply:?}", mv_text(player, mv)),
                }),
                Err(Fault::Lost(e)) => skip(
                    self,
                    Capability::IsLegal,
                    &format!("engine fault: {}", short(&e)),
                ),
                Err(f) => return Err(f),
            }
        }
        // play
        let accepted = match self.remote.play(player, mv) {
            Ok(a) => a,
            Err(Fault::Lost(_)) => {
                // One retry: the engine was restarted at the same position.
                self.remote.play(player, mv)?
            }
            Err(f) => return Err(f),
        };
        let mut in_sync = true;
        let mut refused_legal = false;
        match (expected, accepted) {
            (Err(_), false) => {
                if tally {
                    self.report.agree(Capability::PlayIllegal);
                }
                let _ = j.play(mv);
            }
            (Err(why), true) => {
                let (l, c) = illegal_label(probe, why);
                findings.push(Finding {
                    cap: Capability::PlayIllegal,
                    kind: format!("accepts an illegal {l}"),
                    clause: c,
                    detail: format!(
                        "play {} was accepted; it is illegal: {why}",
                        mv_text(player, mv)
                    ),
                });
                let _ = j.play(mv);
                in_sync = self.remote.take_back()?;
            }
            (Ok(_), false) => {
                let report = j.play(mv).expect("checked legal");
                let (l, c) = label_of(probe, mv, Some(report));
                findings.push(Finding {
                    cap: Capability::PlayLegal,
                    kind: format!("refuses a legal {l}"),
                    clause: c,
                    detail: format!("play {} was refused; it is legal", mv_text(player, mv)),
                });
                refused_legal = true;
            }
            (Ok(_), true) => {
                if tally {
                    self.report.agree(Capability::PlayLegal);
                }
                let report = j.play(mv).expect("checked legal");
                let (l, c) = label_of(probe, mv, Some(report));
                // board
                if self.can_read_board() {
                    match self.remote.board(size) {
                        Ok(Ok(g)) if g == j.e.grid() => {
                            if tally {
                                self.report.agree(Capability::Board);
                            }
                        }
                        Ok(Ok(g)) => {
                            findings.push(Finding {
                                cap: Capability::Board,
                                kind: format!("board differs after a {l}"),
                                clause: c,
                                detail: format!(
                                    "after {}: {}",
                                    mv_text(player, mv),
                                    grid_differences(&j.e.grid(), &g)
                                ),
                            });
                            in_sync = false;
                        }
                        Ok(Err(why)) => findings.push(Finding {
                            cap: Capability::Board,
                            kind: "unreadable board".into(),
                            clause: None,
                            detail: why,
                        }),
                        Err(Fault::Lost(e)) => skip(
                            self,
                            Capability::Board,
                            &format!("engine fault: {}", short(&e)),
                        ),
                        Err(f) => return Err(f),
                    }
                } else {
                    skip(
                        self,
                        Capability::Board,
                        "the board cannot be read (no list_stones, no readable showboard)",
                    );
                }
                // captures
                if let Some(why) = self.remote.missing("captures") {
                    skip(self, Capability::Captures, &why);
                } else if j.captures_differ {
                    skip(
                        self,
                        Capability::Captures,
                        "the totals already differ earlier in this sequence",
                    );
                } else {
                    match self.remote.captures() {
                        Ok(Ok(got)) if got == j.prisoners() => {
                            if tally {
                                self.report.agree(Capability::Captures);
                            }
                        }
                        Ok(Ok(got)) => {
                            j.captures_differ = true;
                            let want = j.prisoners();
                            let (me, opp) = (player as usize, player.opponent() as usize);
                            let suicides_left_out = report.suicided > 0
                                && got[me] == want[me]
                                && got[opp] + report.suicided == want[opp];
                            let pass_stone_left_out = mv == Move::Pass
                                && got[me] == want[me]
                                && got[opp] + 1 == want[opp];
                            let (kind, clause) = if suicides_left_out {
                                (
                                    "does not count suicided stones as the opponent's prisoners"
                                        .to_string(),
                                    Clause::VarPrisoners,
                                )
                            } else if pass_stone_left_out {
                                (
                                    "does not count pass stones as prisoners".to_string(),
                                    Clause::VarPassStones,
                                )
                            } else {
                                (format!("captures differ after a {l}"), Clause::VarPrisoners)
                            };
                            findings.push(Finding {
                                cap: Capability::Captures,
                                kind,
                                clause: Some(clause),
                                detail: format!(
                                    "after {}: engine says Black holds {}, White {}; expected {} and {} (prisoners, r[var.prisoners])",
                                    mv_text(player, mv),
                                    got[0],
                                    got[1],
                                    want[0],
                                    want[1]
                                ),
                            });
                        }
                        Ok(Err(why)) => findings.push(Finding {
                            cap: Capability::Captures,
                            kind: "unreadable answer".into(),
                            clause: None,
                            detail: why,
                        }),
                        Err(Fault::Lost(e)) => skip(
                            self,
                            Capability::Captures,
                            &format!("engine fault: {}", short(&e)),
                        ),
                        Err(f) => return Err(f),
                    }
                }
            }
        }
        Ok(AttemptResult {
            findings,
            in_sync,
            refused_legal,
        })
    }

    /// Compares `final_score` with the exact result of the finished game of `j`: its outcome
    /// with every stone alive (r[var.count.dead]: `final_score` has no dead-stone input).
    fn score(&mut self, j: &Judge, ctx: &Ctx, source: &str) -> Result<(), Fault> {
        if let Some(why) = self.remote.missing("final_score") {
            self.report.skip(Capability::FinalScore, why);
            return Ok(());
        }
        let komi = ctx.komi;
        let outcome = |e: &Reference, dead: &[Point]| e.outcome(komi, dead).ok();
        let exact = outcome(&j.e, &[]).expect("no dead stones");
        let answer = match self.remote.ask("final_score") {
            Ok(a) => a,
            Err(Fault::Lost(e)) => {
                self.report.skip(
                    Capability::FinalScore,
                    format!("engine fault: {}", short(&e)),
                );
                return Ok(());
            }
            Err(f) => return Err(f),
        };
        let size = j.e.size();
        let attempts = j.attempts.clone();
        let got = match &answer {
            Ok(t) => parse_result(t),
            Err(_) => None,
        };
        let Some(got) = got else {
            let f = Finding {
                cap: Capability::FinalScore,
                kind: "unreadable answer".into(),
                clause: None,
                detail: format!("final_score answered {answer:?}"),
            };
            self.record(&f, source, ctx, &attempts, None);
            return Ok(());
        };
        if got == exact {
            self.report.agree(Capability::FinalScore);
            return Ok(());
        }
        // Tell dead-stone judgement from counting: score the game again with the stones the
        // engine calls dead (r[var.count.dead]), and under the other counting (r[var.count.area],
        // r[var.count.territory]) with the same turns.
        let mut dead: Vec<Point> = Vec::new();
        if self.remote.has("final_status_list") {
            if let Ok(Ok(t)) = self.remote.ask("final_status_list dead") {
                let grid = j.e.grid();
                dead = t
                    .split_whitespace()
                    .filter_map(|w| Point::parse_gtp_on(w, size).ok())
                    .filter(|&p| grid.get(p) != Colour::Empty)
                    .collect();
                dead.sort();
                dead.dedup();
            }
        }
        let turns = j.turns();
        let run = j.e.rules();
        let under = |rules: Rules| -> Option<Reference> {
            let mut e = Reference::from_setup(&ctx.setup, rules).ok()?;
            for &(_, mv) in &turns {
                e.play(mv).ok()?;
            }
            Some(e)
        };
        let dead_note = if dead.is_empty() {
            String::new()
        } else {
            let shown: Vec<String> = dead.iter().take(8).map(|p| p.gtp()).collect();
            format!(
                "; the engine calls {} stone{} dead: {}{}",
                dead.len(),
                if dead.len() == 1 { "" } else { "s" },
                shown.join(" "),
                if dead.len() > 8 { " …" } else { "" }
            )
        };
        // The scoring parameters the engine may be using instead of the run's, the nearest
        // first; none changes which turns are legal, so the same turns replay under each.
        let mut candidates: Vec<(Rules, String, Clause)> =
            vec![(run, String::new(), Clause::VarCountDead)];
        let countings = [
            (
                Counting::Area,
                Tax::None,
                "area counting",
                Clause::VarCountArea,
            ),
            (
                Counting::Territory,
                Tax::Seki,
                "territory counting",
                Clause::VarCountTerritory,
            ),
            (
                Counting::Territory,
                Tax::None,
                "territory counting without the seki rule",
                Clause::VarCountTerritory,
            ),
        ];
        for (counting, tax, label, clause) in countings {
            if (counting, tax) != (run.counting, run.tax) {
                let r = Rules {
                    counting,
                    tax,
                    ..run
                };
                candidates.push((r, label.to_string(), clause));
            }
        }
        if run.handicap != HandicapCompensation::None {
            let n = candidates.len();
            for i in 0..n {
                let (r, label, clause) = candidates[i].clone();
                let r = Rules {
                    handicap: HandicapCompensation::None,
                    ..r
                };
                let label = if label.is_empty() {
                    "no handicap compensation".to_string()
                } else {
                    format!("{label}, no handicap compensation")
                };
                let clause = if clause == Clause::VarCountDead {
                    Clause::VarHandicapCompensation
                } else {
                    clause
                };
                candidates.push((r, label, clause));
            }
        }
        let mut diagnosis: Option<(String, Clause)> = None;
        if exact == Outcome::Void {
            diagnosis = Some(("scores a void game".into(), Clause::VarKoSimpleCycle));
        }
        'search: for with_dead in [false, true] {
            if diagnosis.is_some() || (with_dead && dead.is_empty()) {
                break;
            }
            for (rules, label, clause) in &candidates {
                if label.is_empty() && !with_dead {
                    continue;
                }
                let Some(e) = under(*rules) else { continue };
                let d: &[Point] = if with_dead { &dead } else { &[] };
                if outcome(&e, d) == Some(got) {
                    let kind = match (label.is_empty(), with_dead) {
                        (true, _) => {
                            "dead-stone judgement (right once its dead stones are removed)"
                                .to_string()
                        }
                        (false, false) => label.clone(),
                        (false, true) => format!("{label} with dead stones removed"),
                    };
                    diagnosis = Some((kind, *clause));
                    break 'search;
                }
            }
        }
        let (kind, clause) =
            diagnosis.unwrap_or_else(|| ("counting error".to_string(), Clause::VarScoreFinal));
        let exact_score = j.e.score();
        let f = Finding {
            cap: Capability::FinalScore,
            kind,
            clause: Some(clause),
            detail: format!(
                "final_score says {}, exact {} (Black {}, White {}, komi {komi}, every stone alive){dead_note}",
                got.sgf_result(),
                exact.sgf_result(),
                exact_score.black,
                exact_score.white
            ),
        };
        self.record(&f, source, ctx, &attempts, None);
        Ok(())
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

    /// Runs a vector's attempts on a fresh game. Returns the judge at the end and whether the
    /// engine followed the sequence to its end.
    fn sequence(
        &mut self,
        source: &str,
        ctx: &Ctx,
        moves: &[Move],
    ) -> Result<(Judge, bool), Fault> {
        let mut j = Judge::new(ctx);
        for (i, &mv) in moves.iter().enumerate() {
            let r = self.attempt(&mut j, mv, true)?;
            let shown = j.attempts.clone();
            self.findings(source, ctx, &shown, &[], &r.findings, false)?;
            if r.refused_legal || !r.in_sync {
                if i + 1 < moves.len() {
                    self.report.skip(
                        Capability::PlayLegal,
                        "attempts left unchecked after the engine lost the position",
                    );
                }
                return Ok((j, false));
            }
        }
        Ok((j, true))
    }

    /// Plays a random game generated as it goes, steering around the moves the engine refuses.
    /// Returns the judge at the end and whether the game was followed to its end.
    fn game(&mut self, source: &str, ctx: &Ctx, seed: u64) -> Result<(Judge, bool), Fault> {
        let size = ctx.size();
        let gen_cfg = GameConfig {
            max_turns: self.cfg.max_turns,
            ..GameConfig::default()
        };
        let mut gen = games::GameGen::<Reference>::new(size, self.cfg.rules, seed, &gen_cfg);
        let mut j = Judge::new(ctx);
        let mut avoid: Vec<Point> = Vec::new();
        while let Some((mv, probe)) = gen.propose(&avoid) {
            self.report.games.attempts += 1;
            if let Some(k) = probe {
                *self.report.games.probes.entry(k.name().into()).or_default() += 1;
            }
            let r = self.attempt(&mut j, mv, true)?;
            let shown = j.attempts.clone();
            if r.refused_legal {
                j = j.without_last();
            }
            let resume = j.turns();
            if !self.findings(source, ctx, &shown, &resume, &r.findings, true)? {
                return Ok((j, false));
            }
            if !r.in_sync {
                return Ok((j, false));
            }
            if r.refused_legal {
                match mv {
                    // Play on without it: the game goes on as the engine allows.
                    Move::Play(p) => avoid.push(p),
                    Move::Pass => return Ok((j, false)),
                }
                continue;
            }
            let step = gen.play(mv, probe);
            if step.verdict.is_ok() {
                avoid.clear();
            }
        }
        Ok((j, true))
    }

    /// Shrinks `attempts` (whose last attempt shows `f`) to a shorter sequence of legal turns and
    /// the same last attempt that still shows a finding of the same kind. Greedy removal of
    /// chunks, halving their size (delta debugging), within the shrink budget.
    fn shrink(
        &mut self,
        ctx: &Ctx,
        attempts: &[(Player, Move)],
        f: &Finding,
    ) -> Result<Shrunk, Fault> {
        let (&(_, target), before) = attempts.split_last().expect("an attempt");
        // Only the legal turns before the target matter to the position.
        let mut e = ctx.reference();
        let mut prefix: Vec<Move> = before
            .iter()
            .filter(|(_, mv)| e.play(*mv).is_ok())
            .map(|&(_, mv)| mv)
            .collect();
        let mut tries = 0;
        let mut found = f.clone();
        let mut chunk = prefix.len().div_ceil(2).max(1);
        while !prefix.is_empty() && chunk >= 1 {
            let mut i = 0;
            let mut improved = false;
            while i < prefix.len() {
                if tries >= self.cfg.shrink_budget {
                    break;
                }
                let end = (i + chunk).min(prefix.len());
                let candidate: Vec<Move> =
                    prefix[..i].iter().chain(&prefix[end..]).copied().collect();
                tries += 1;
                if let Some(g) = self.reproduces(ctx, &candidate, target, f)? {
                    found = g;
                    prefix = candidate;
                    improved = true;
                } else {
                    i += chunk;
                }
            }
            if tries >= self.cfg.shrink_budget {
                break;
            }
            if !improved {
                if chunk == 1 {
                    break;
                }
                chunk = chunk.div_ceil(2).max(1);
            }
        }
        // The sequence with players.
        let mut e = ctx.reference();
        let mut seq = Vec::new();
        for mv in prefix {
            seq.push((e.to_move(), mv));
            e.play(mv).expect("a shrunk prefix is legal");
        }
        seq.push((e.to_move(), target));
        Ok((seq, tries, found))
    }

    /// The finding like `f` that the legal turns `prefix` followed by `target` still show, if any.
    fn reproduces(
        &mut self,
        ctx: &Ctx,
        prefix: &[Move],
        target: Move,
        f: &Finding,
    ) -> Result<Option<Finding>, Fault> {
        let mut j = Judge::new(ctx);
        for &mv in prefix {
            if j.play(mv).is_err() {
                return Ok(None);
            }
        }
        if self.setup(ctx)?.is_err() {
            return Ok(None);
        }
        let turns: Vec<(Player, Move)> = j.attempts.clone();
        match self.remote.rebuild(&turns) {
            Ok(true) => {}
            Ok(false) | Err(Fault::Lost(_)) => return Ok(None),
            Err(e) => return Err(e),
        }
        let r = match self.attempt(&mut j, target, false) {
            Ok(r) => r,
            Err(Fault::Lost(_)) => return Ok(None),
            Err(e) => return Err(e),
        };
        Ok(r.findings
            .into_iter()
            .find(|g| g.cap == f.cap && g.kind == f.kind))
    }
}

/// Runs `check-engine` as configured.
pub fn run(cfg: &Config) -> Outcomes {
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
        remote,
        report,
        sizes_ok: Default::default(),
        examples_written: 0,
        run_rules_cmd: None,
        tmp_dir: None,
    };
    let ran = match capabilities(&mut c) {
        Ok(()) => {
            let r = match &cfg.tst {
                Some(path) => run_tst(&mut c, path),
                None => run_vectors(&mut c).and_then(|()| run_games(&mut c)),
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

/// Phase 1: what the engine has.
fn capabilities(c: &mut Checker) -> Result<(), String> {
    let fatal = |what: &str, e: Fault| format!("{what}: {e}");
    let first = c.remote.send("protocol_version");
    let caps = &mut c.report.capabilities;
    match first {
        Ok(Reply::Success(v)) => caps.protocol_version = Some(v.trim().to_string()),
        Ok(Reply::Failure(_)) => {}
        Err(e) => return Err(fatal("the engine does not answer protocol_version", e)),
    }
    if let Ok(Reply::Success(n)) = c.remote.send("name") {
        c.report.capabilities.name = Some(n.trim().to_string());
    }
    if let Ok(Reply::Success(v)) = c.remote.send("version") {
        c.report.capabilities.version = Some(v.trim().to_string());
    }
    match c.remote.send("list_commands") {
        Ok(Reply::Success(list)) => {
            c.remote.known = list.split_whitespace().map(str::to_string).collect();
        }
        Ok(Reply::Failure(e)) => {
            return Err(format!("the engine refuses list_commands: {e}"));
        }
        Err(e) => return Err(fatal("the engine does not answer list_commands", e)),
    }
    for cmd in [
        "play",
        "is_legal",
        "list_stones",
        "showboard",
        "captures",
        "final_score",
        "final_status_list",
        "loadsgf",
        "undo",
        "clear_board",
        "boardsize",
        "komi",
    ] {
        let has = c.remote.has(cmd);
        c.report.capabilities.commands.insert(cmd.into(), has);
    }
    for must in ["play", "boardsize", "clear_board"] {
        if !c.remote.has(must) {
            return Err(format!(
                "the engine does not list `{must}`, which every check needs"
            ));
        }
    }
    // Rule options: the commands it lists, and the one we use.
    for opt in [
        "kgs-rules",
        "ttrules-rules",
        "kata-set-rules",
        "rectangular_boardsize",
    ] {
        if c.remote.known.contains(opt) && opt != "rectangular_boardsize" {
            c.report.capabilities.rules_options.push(opt.to_string());
        }
    }
    let name = c.cfg.rules_name.clone();
    // KGS knows four rulesets by these names; each is ours exactly when our ruleset of the
    // name has the same parameters.
    let kgs_name = ["chinese", "japanese", "aga", "new_zealand"]
        .into_iter()
        .find(|k| Rules::by_name(k) == Some(c.cfg.rules));
    let selection = if c.remote.has("ttrules-rules") {
        Some(format!("ttrules-rules {name}"))
    } else if let (true, Some(k)) = (c.remote.has("kgs-rules"), kgs_name) {
        Some(format!("kgs-rules {k}"))
    } else if c.remote.has("kata-set-rules") {
        Some(format!(
            "kata-set-rules {}",
            ttrules_spec::katago::write(&c.cfg.rules, None).0
        ))
    } else {
        None
    };
    c.report.capabilities.rules_selection = match selection {
        Some(cmd) => match c.remote.ask(&cmd) {
            Ok(Ok(_)) => {
                c.run_rules_cmd = Some(cmd.clone());
                format!("`{cmd}`")
            }
            Ok(Err(e)) => {
                format!("`{cmd}` refused ({e}); comparing the engine's own rules with {name}")
            }
            Err(e) => format!("`{cmd}` failed ({e}); comparing the engine's own rules with {name}"),
        },
        None => format!(
            "no rules command for {name}; comparing the engine as configured on its command line"
        ),
    };
    // Board sizes.
    for n in 1..=25u32 {
        match c.remote.ask(&format!("boardsize {n}")) {
            Ok(Ok(_)) => c.report.capabilities.square_sizes.push(n),
            Ok(Err(_)) => {
                c.sizes_ok.insert(
                    Size::square(n).expect("1..=25"),
                    Err(format!("the engine refuses boardsize {n}")),
                );
            }
            Err(Fault::Lost(_)) => {}
            Err(e) => return Err(fatal("boardsize", e)),
        }
    }
    c.report.capabilities.rectangles = c.remote.has("rectangular_boardsize");
    // Where the board is read from.
    let probe_size = c
        .report
        .capabilities
        .square_sizes
        .iter()
        .copied()
        .find(|&n| n >= 3)
        .and_then(|n| Size::square(n).ok());
    c.report.capabilities.board_source = if c.remote.has("list_stones") {
        c.remote.board_source = Some(BoardSource::ListStones);
        "list_stones".into()
    } else if !c.remote.has("showboard") {
        "nowhere: the engine has neither list_stones nor showboard".into()
    } else if let Some(size) = probe_size {
        // Does showboard's response hold a readable diagram? Try with one stone on the board.
        let mut ok = false;
        let ctx = c.empty_ctx(size, Komi::ZERO);
        if let Ok(Ok(())) = c.remote.setup(&ctx.start) {
            let p = Point::new(1, 1);
            if let Ok(true) = c.remote.play(Player::Black, Move::Play(p)) {
                c.remote.board_source = Some(BoardSource::Showboard);
                let mut want = Grid::empty(size);
                want.set(p, Colour::Black);
                ok = matches!(c.remote.board(size), Ok(Ok(g)) if g == want);
            }
        }
        if ok {
            "showboard (parsed diagram)".into()
        } else {
            c.remote.board_source = None;
            "nowhere: showboard's response holds no readable diagram".into()
        }
    } else {
        "nowhere: no board size of 3 or more".into()
    };
    let caps = &mut c.report.capabilities;
    if c.remote.board_source.is_none() {
        caps.skips.insert("board".into(), caps.board_source.clone());
    }
    for (cmd, what) in [
        ("is_legal", "is_legal"),
        ("captures", "captures"),
        ("final_score", "final_score"),
    ] {
        if !c.remote.has(cmd) {
            caps.skips
                .insert(what.into(), format!("the engine has no {cmd}"));
        }
    }
    if !c.remote.has("undo") {
        caps.skips.insert(
            "undo".into(),
            "the engine has no undo: after an accepted illegal move the position is rebuilt with clear_board".into(),
        );
    }
    if c.remote.is_dead().is_some() {
        return Err(c.remote.is_dead().unwrap_or_default().to_string());
    }
    Ok(())
}

fn progress(cfg: &Config, len: u64, what: &str) -> indicatif::ProgressBar {
    use std::io::IsTerminal;
    if !cfg.progress || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let pb = indicatif::ProgressBar::new(len);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{prefix} [{bar:30}] {pos}/{len} {msg}")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_prefix(what.to_string());
    pb
}

/// Phase 2: every vector the engine can run.
fn run_vectors(c: &mut Checker) -> Result<(), Fault> {
    let vectors = match ttrules_spec::vector::load_dir(&c.cfg.vectors_dir) {
        Ok(v) => v,
        Err(e) => {
            c.report
                .events
                .push(format!("vectors not run: cannot load them: {e}"));
            return Ok(());
        }
    };
    let pb = progress(c.cfg, vectors.len() as u64, "vectors");
    for v in &vectors {
        pb.set_message(v.name.clone());
        run_vector(c, v)?;
        pb.inc(1);
    }
    pb.finish_and_clear();
    Ok(())
}

/// The reason a vector cannot be run on the engine, or how the engine starts its game.
fn vector_ctx(c: &mut Checker, v: &Vector) -> Result<Ctx, String> {
    let rules_cmd = c.rules_cmd(v.rules)?;
    let loadsgf = if v.setup.is_empty_start() {
        None
    } else {
        if !c.remote.has("loadsgf") {
            return Err(format!(
                "the vector starts from a setup (r[var.setup]) and the engine has no loadsgf \
                 to take it: {}",
                c.remote.missing("loadsgf").unwrap_or_default()
            ));
        }
        let dir = match &c.tmp_dir {
            Some(d) => d.clone(),
            None => {
                let d = std::env::temp_dir().join(format!(
                    "ttrules-check-engine-{}-{}",
                    std::process::id(),
                    c.cfg.seed
                ));
                std::fs::create_dir_all(&d)
                    .map_err(|e| format!("cannot write the setup file to {}: {e}", d.display()))?;
                c.tmp_dir = Some(d.clone());
                d
            }
        };
        let stem: String = v
            .name
            .chars()
            .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
            .collect();
        let file = dir.join(format!("{stem}.sgf"));
        std::fs::write(&file, sgf::write(v.komi, v.rules, &v.setup, &[]))
            .map_err(|e| format!("cannot write the setup file {}: {e}", file.display()))?;
        let path = file.display().to_string();
        if path.contains(char::is_whitespace) {
            return Err(format!(
                "the setup file's path {path:?} has white space, which GTP cannot send"
            ));
        }
        Some(path)
    };
    Ok(Ctx {
        rules: v.rules,
        komi: v.komi,
        setup: v.setup.clone(),
        start: Start {
            rules_cmd,
            size: v.size,
            komi: v.komi,
            loadsgf,
        },
    })
}

fn run_vector(c: &mut Checker, v: &Vector) -> Result<(), Fault> {
    let ctx = match vector_ctx(c, v) {
        Ok(ctx) => ctx,
        Err(why) => {
            c.report.vectors.skipped.insert(v.name.clone(), why);
            return Ok(());
        }
    };
    let source = format!("vector {} ({})", v.name, short_path(&v.file));
    c.remote.context = source.clone();
    if let Err(refused) = Reference::from_setup(&v.setup, v.rules) {
        // The spec refuses the setup (r[var.setup]): so must the engine's loadsgf.
        c.report.vectors.run += 1;
        let r = c.remote.setup(&ctx.start)?;
        let mut judge_ctx = ctx.clone();
        judge_ctx.setup = Setup::empty(v.size);
        match r {
            Err(_) => c.report.agree(Capability::Setup),
            Ok(()) => {
                let f = Finding {
                    cap: Capability::Setup,
                    kind: "accepts an illegal setup".into(),
                    clause: Some(Clause::VarSetup),
                    detail: format!("loadsgf accepted a setup the rules refuse: {refused}"),
                };
                c.record(&f, &source, &judge_ctx, &[], None);
            }
        }
        return Ok(());
    }
    match c.setup(&ctx)? {
        Ok(()) => {}
        Err(why) => {
            c.report.vectors.skipped.insert(v.name.clone(), why);
            return Ok(());
        }
    }
    c.report.vectors.run += 1;
    if ctx.start.loadsgf.is_some() {
        // The setup as the engine took it: its board and its player to move.
        check_setup(c, &ctx, &source)?;
    }
    let moves: Vec<Move> = v.attempts.iter().map(|a| a.mv).collect();
    let (j, complete) = c.sequence(&source, &ctx, &moves)?;
    if complete && j.e.is_over() {
        if v.dead.is_empty() {
            c.score(&j, &ctx, &source)?;
        } else {
            c.report.skip(
                Capability::FinalScore,
                "the vector's score needs stones agreed dead, and final_score has no dead-stone \
                 input (r[var.count.dead])",
            );
        }
    }
    Ok(())
}

/// After `loadsgf` of a setup: the engine's board is the setup's colouring.
fn check_setup(c: &mut Checker, ctx: &Ctx, source: &str) -> Result<(), Fault> {
    if !c.can_read_board() {
        c.report.skip(
            Capability::Setup,
            "the board cannot be read (no list_stones, no readable showboard)",
        );
        return Ok(());
    }
    match c.remote.board(ctx.size()) {
        Ok(Ok(g)) if g == ctx.setup.grid => c.report.agree(Capability::Setup),
        Ok(Ok(g)) => {
            let f = Finding {
                cap: Capability::Setup,
                kind: "board differs after loadsgf".into(),
                clause: Some(Clause::VarSetup),
                detail: grid_differences(&ctx.setup.grid, &g),
            };
            c.record(&f, source, ctx, &[], None);
        }
        Ok(Err(why)) => {
            let f = Finding {
                cap: Capability::Setup,
                kind: "unreadable board".into(),
                clause: None,
                detail: why,
            };
            c.record(&f, source, ctx, &[], None);
        }
        Err(Fault::Lost(e)) => c
            .report
            .skip(Capability::Setup, format!("engine fault: {}", short(&e))),
        Err(f) => return Err(f),
    }
    Ok(())
}

fn short_path(p: &std::path::Path) -> String {
    let s = p.display().to_string();
    match s.find("spec/vectors/") {
        Some(i) => s[i..].to_string(),
        None => s,
    }
}

/// Phases 3 and 4: random games with probes, and the score of each finished game.
fn run_games(c: &mut Checker) -> Result<(), Fault> {
    let pb = progress(c.cfg, u64::from(c.cfg.games), "games");
    for i in 0..c.cfg.games {
        if c.cfg.sizes.is_empty() {
            break;
        }
        let size = c.cfg.sizes[i as usize % c.cfg.sizes.len()];
        let seed = games::derive_seed(c.cfg.seed, u64::from(i));
        pb.set_message(format!("game {} on {size}", i + 1));
        let ctx = c.empty_ctx(size, c.cfg.komi);
        if let Err(why) = c.setup(&ctx)? {
            *c.report.games.skipped.entry(why).or_default() += 1;
            pb.inc(1);
            continue;
        }
        c.report.games.games += 1;
        let source = format!("game {} ({size}, seed {seed:#018x})", i + 1);
        c.remote.context = source.clone();
        let (mut j, complete) = c.game(&source, &ctx, seed)?;
        if complete && j.e.is_over() {
            c.report.games.finished += 1;
            c.score(&j, &ctx, &source)?;
            // A turn after the end (r[tt.note.after-end]).
            *c.report
                .games
                .probes
                .entry(Probe::AfterEnd.name().into())
                .or_default() += 1;
            c.report.games.attempts += 1;
            let r = c.attempt(&mut j, Move::Pass, true)?;
            let shown = j.attempts.clone();
            let resume = j.turns();
            c.findings(&source, &ctx, &shown, &resume, &r.findings, true)?;
        }
        pb.inc(1);
    }
    pb.finish_and_clear();
    Ok(())
}

/// `--tst FILE`: runs a GNU Go / gogui-regress regression file.
fn run_tst(c: &mut Checker, path: &std::path::Path) -> Result<(), Fault> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            c.report.fatal = Some(format!("cannot read {}: {e}", path.display()));
            return Ok(());
        }
    };
    let entries = tst::parse(&text);
    let pb = progress(c.cfg, entries.len() as u64, "tst");
    for entry in &entries {
        let reply = match c.remote.send(&entry.command) {
            Ok(r) => Some(r),
            Err(Fault::Lost(_)) => None,
            Err(f) => return Err(f),
        };
        pb.inc(1);
        let Some(expect) = &entry.expect else {
            continue;
        };
        let name = format!(
            "{}{}",
            entry.id.map(|i| format!("{i} ")).unwrap_or_default(),
            entry.command
        );
        let Some(reply) = reply else {
            c.report
                .skip(Capability::Tst, format!("engine fault on `{name}`"));
            continue;
        };
        let (ok, text) = match &reply {
            Reply::Success(t) => (true, t.clone()),
            Reply::Failure(t) => (false, t.clone()),
        };
        match expect.matches(ok, &text) {
            Ok(true) => c.report.agree(Capability::Tst),
            Ok(false) if expect.known_failure => {
                c.report
                    .skip(Capability::Tst, "marked as a known failure (`*`)");
            }
            Ok(false) => {
                let got = format!("{}{}", if ok { "= " } else { "? " }, text.trim());
                let kind = format!("test `{name}` (line {})", entry.line);
                c.report.disagree(
                    Capability::Tst,
                    &kind,
                    &format!("expected [{}], got {got:?}", expect.raw),
                );
                c.report.add_example(
                    Capability::Tst,
                    &kind,
                    None,
                    Example {
                        source: path.display().to_string(),
                        detail: format!("expected [{}], got {got:?}", expect.raw),
                        moves: vec![],
                        shrunk_from: None,
                        sgf: String::new(),
                        diagram: String::new(),
                        files: vec![],
                    },
                );
            }
            Err(e) => c
                .report
                .skip(Capability::Tst, format!("line {}: {e}", entry.line)),
        }
    }
    pb.finish_and_clear();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_parse() {
        assert_eq!(parse_result("0"), Some(Outcome::Tie));
        assert_eq!(
            parse_result("B+0"),
            Some(Outcome::Win {
                winner: Player::Black,
                margin: HalfPoints::ZERO
            })
        );
        assert_eq!(parse_result("Void"), Some(Outcome::Void));
        assert_eq!(
            parse_result("W+7.5"),
            Some(Outcome::Win {
                winner: Player::White,
                margin: HalfPoints::halves(15)
            })
        );
        assert_eq!(parse_result("B+R"), None);
        assert_eq!(parse_result(""), None);
        assert_eq!(parse_result("W+7.3"), None);
    }
}
