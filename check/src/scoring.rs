//! Phase 4, scoring: `final_score` on every finished game against the reference's outcome with
//! every stone alive (r[var.count.dead]), each difference classified by scoring the same turns
//! again under the counting, tax and dead stones the engine may be using.

use super::*;

impl Checker<'_> {
    /// Compares `final_score` with the exact result of the finished game of `j`: its outcome
    /// with every stone alive (r[var.count.dead]: `final_score` has no dead-stone input).
    pub(super) fn score(&mut self, j: &Judge, ctx: &Ctx, source: &str) -> Result<(), Fault> {
        if let Some(why) = self.remote.missing("final_score") {
            self.report.skip(Capability::FinalScore, why);
            return Ok(());
        }
        let komi = ctx.komi;
        let outcome = |e: &Reference, dead: &[Point]| e.outcome(komi, dead).ok();
        let exact = outcome(&j.e, &[]).expect("no dead stones");
        let slow_before = self.remote.slow.len();
        let answer = match self.remote.ask_slow("final_score", self.cfg.score_timeout) {
            Ok(a) => a,
            Err(Fault::Lost(e)) => {
                let why = if self.remote.slow.len() > slow_before {
                    format!(
                        "slower than --score-timeout {} s (reported apart: slowness is no \
                         disagreement)",
                        self.cfg.score_timeout.as_secs_f64()
                    )
                } else {
                    format!("engine fault: {}", short(&e))
                };
                self.report.skip(Capability::FinalScore, why);
                return Ok(());
            }
            Err(f) => return Err(f),
        };
        let attempts = j.attempts.clone();
        let got = match &answer {
            Ok(t) => ttrules_spec::result::outcome(t),
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
        let turns = j.turns();
        let run = j.e.rules();
        let under = |rules: Rules| replay_under(ctx, &turns, rules);
        let candidates = score_candidates(run);
        // A counting, tax or handicap compensation is the library's, not one game's: each
        // parameter set that does not give the engine's answer here is ruled out for the run
        // (see `Checker::flush_scores`).
        for (rules, label, _) in &candidates {
            if !label.is_empty() && under(*rules).and_then(|e| outcome(&e, &[])) != Some(got) {
                self.score_misfits
                    .insert((ctx.rules.to_string(), label.clone()));
            }
        }
        if got == exact {
            self.report.agree(Capability::FinalScore);
            return Ok(());
        }
        // Tell dead-stone judgement from counting: score the game again with the stones the
        // engine calls dead (r[var.count.dead]), and under the other counting (r[var.count.area],
        // r[var.count.territory]) with the same turns.
        let dead = self.engine_dead(j);
        let dead_note = dead_note(&dead);
        let diagnosis = diagnose(exact, got, &candidates, &dead, |rules, d| {
            under(rules).and_then(|e| outcome(&e, d))
        });
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
        let by_parameters = clause != Clause::VarScoreFinal
            && candidates
                .iter()
                .any(|(_, label, _)| !label.is_empty() && *label == f.kind);
        if by_parameters {
            // Decided at the end of the run, once every game has had its say.
            self.score_pending
                .push((f, source.to_string(), ctx.clone(), attempts));
        } else {
            self.record(&f, source, ctx, &attempts, None);
        }
        Ok(())
    }

    /// The stones the engine calls dead (`final_status_list dead`), on the board, sorted; empty
    /// when it cannot say.
    fn engine_dead(&mut self, j: &Judge) -> Vec<Point> {
        let mut dead: Vec<Point> = Vec::new();
        if self.remote.has("final_status_list") {
            if let Ok(Ok(t)) = self.remote.ask("final_status_list dead") {
                let grid = j.e.grid();
                let size = j.e.size();
                dead = t
                    .split_whitespace()
                    .filter_map(|w| Point::parse_gtp_on(w, size).ok())
                    .filter(|&p| grid.get(p) != Colour::Empty)
                    .collect();
                dead.sort();
                dead.dedup();
            }
        }
        dead
    }

    /// Records the findings diagnosed as another counting, tax or handicap compensation (kept
    /// back by [`Checker::score`]). An engine counts every game it is given under the same rules
    /// one way: when its answer in some game of the run under the same rules does not fit that
    /// diagnosis, the match here is a coincidence, and the finding is a counting error
    /// (r[var.score.final]).
    pub(super) fn flush_scores(&mut self) {
        for (mut f, source, ctx, attempts) in std::mem::take(&mut self.score_pending) {
            if self
                .score_misfits
                .contains(&(ctx.rules.to_string(), f.kind.clone()))
            {
                f.detail = format!(
                    "{}; {} gives the same result here, but not the engine's answer in every \
                     game of the run under these rules, so it is no counting the engine uses",
                    f.detail, f.kind
                );
                f.kind = "counting error".to_string();
                f.clause = Some(Clause::VarScoreFinal);
            }
            self.record(&f, &source, &ctx, &attempts, None);
        }
    }
}

/// The game of `ctx` replayed turn by turn under `rules`; `None` if a turn is refused.
fn replay_under(ctx: &Ctx, turns: &[(Player, Move)], rules: Rules) -> Option<Reference> {
    let mut e = Reference::from_setup(&ctx.setup, rules).ok()?;
    for &(_, mv) in turns {
        e.play(mv).ok()?;
    }
    Some(e)
}

/// The scoring parameters the engine may be using instead of the run's, the nearest first: the
/// run's own (empty label, r[var.count.dead]), the other countings and taxes (r[var.count.area],
/// r[var.count.territory]), then each of these without handicap compensation
/// (r[var.handicap.compensation]) when the run has some. None changes which turns are legal, so
/// the same turns replay under each.
fn score_candidates(run: Rules) -> Vec<(Rules, String, Clause)> {
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
    candidates
}

/// The note on the stones the engine calls dead for a finding's detail (at most eight shown);
/// empty when there are none.
fn dead_note(dead: &[Point]) -> String {
    if dead.is_empty() {
        return String::new();
    }
    let shown: Vec<String> = dead.iter().take(8).map(|p| p.gtp()).collect();
    format!(
        "; the engine calls {} stone{} dead: {}{}",
        dead.len(),
        if dead.len() == 1 { "" } else { "s" },
        shown.join(" "),
        if dead.len() > 8 { " …" } else { "" }
    )
}

/// Tells dead-stone judgement from counting: the first candidate (see [`score_candidates`])
/// whose outcome, without and then with the engine's `dead` stones removed (r[var.count.dead]),
/// is the engine's answer `got`. A void game scored is r[var.ko.simple.cycle]. `outcome_under`
/// scores the game's turns under some rules with some dead stones.
fn diagnose(
    exact: Outcome,
    got: Outcome,
    candidates: &[(Rules, String, Clause)],
    dead: &[Point],
    outcome_under: impl Fn(Rules, &[Point]) -> Option<Outcome>,
) -> Option<(String, Clause)> {
    if exact == Outcome::Void {
        return Some(("scores a void game".into(), Clause::VarKoSimpleCycle));
    }
    for with_dead in [false, true] {
        if with_dead && dead.is_empty() {
            break;
        }
        for (rules, label, clause) in candidates {
            if label.is_empty() && !with_dead {
                continue;
            }
            let d: &[Point] = if with_dead { dead } else { &[] };
            if outcome_under(*rules, d) == Some(got) {
                let kind = match (label.is_empty(), with_dead) {
                    (true, _) => {
                        "dead-stone judgement (right once its dead stones are removed)".to_string()
                    }
                    (false, false) => label.clone(),
                    (false, true) => format!("{label} with dead stones removed"),
                };
                return Some((kind, *clause));
            }
        }
    }
    None
}
