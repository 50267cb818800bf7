//! The checks of one attempt, shared by the vectors (phase 2) and the random games (phase 3):
//! `is_legal`, `play`, then the board and the captures after it.

use super::*;

/// What the checks after one attempt need to know of it.
struct Turn {
    player: Player,
    mv: Move,
    probe: Option<Probe>,
    expected: Result<(), Illegal>,
    tally: bool,
}

impl Checker<'_> {
    /// Checks one attempt of the player to move of `j` on the engine: `is_legal`, `play`, then
    /// the board and the captures. Brings the engine back in step after an accepted illegal
    /// attempt. Tallies agreements; returns the disagreements.
    pub(super) fn attempt(
        &mut self,
        j: &mut Judge,
        mv: Move,
        tally: bool,
    ) -> Result<AttemptResult, Fault> {
        let size = j.e.size();
        let t = Turn {
            player: j.e.to_move(),
            mv,
            probe: classify(&j.e, mv, j.ko),
            expected: j.e.check(mv),
            tally,
        };
        let off_grid = matches!(mv, Move::Play(p) if !size.contains(p));
        let mut findings = Vec::new();
        self.check_is_legal(&t, off_grid, &mut findings)?;
        let accepted = match self.remote.play(t.player, mv) {
            Ok(a) => a,
            Err(Fault::Lost(_)) => {
                // One retry: the engine was restarted at the same position.
                self.remote.play(t.player, mv)?
            }
            Err(f) => return Err(f),
        };
        let mut in_sync = true;
        let mut refused_legal = false;
        match (t.expected, accepted) {
            (Err(_), false) => {
                self.agree_if(tally, Capability::PlayIllegal);
                let _ = j.play(mv);
            }
            (Err(why), true) => {
                let (l, c) = illegal_label(t.probe, why);
                findings.push(Finding {
                    cap: Capability::PlayIllegal,
                    kind: format!("accepts an illegal {l}"),
                    clause: c,
                    detail: format!(
                        "play {} was accepted; it is illegal: {why}",
                        mv_text(t.player, mv)
                    ),
                });
                let _ = j.play(mv);
                in_sync = self.remote.take_back()?;
            }
            (Ok(_), false) => {
                let report = j.play(mv).expect("checked legal");
                let (l, c) = label_of(t.probe, mv, Some(report));
                findings.push(Finding {
                    cap: Capability::PlayLegal,
                    kind: format!("refuses a legal {l}"),
                    clause: c,
                    detail: format!("play {} was refused; it is legal", mv_text(t.player, mv)),
                });
                refused_legal = true;
            }
            (Ok(_), true) => {
                self.agree_if(tally, Capability::PlayLegal);
                let report = j.play(mv).expect("checked legal");
                in_sync = self.check_board(j, &t, report, &mut findings)?;
                self.check_captures(j, &t, report, &mut findings)?;
            }
        }
        Ok(AttemptResult {
            findings,
            in_sync,
            refused_legal,
        })
    }

    /// Counts an agreement on `cap` when this attempt is tallied.
    fn agree_if(&mut self, tally: bool, cap: Capability) {
        if tally {
            self.report.agree(cap);
        }
    }

    /// Counts `cap` as skipped for `why` when this attempt is tallied.
    fn skip_if(&mut self, tally: bool, cap: Capability, why: &str) {
        if tally {
            self.report.skip(cap, why);
        }
    }

    /// Asks `is_legal` for the attempt (unless the engine lacks it or the vertex is off the grid)
    /// and compares the answer with the reference's verdict.
    fn check_is_legal(
        &mut self,
        t: &Turn,
        off_grid: bool,
        findings: &mut Vec<Finding>,
    ) -> Result<(), Fault> {
        let (player, mv) = (t.player, t.mv);
        if let Some(why) = self.remote.missing("is_legal") {
            self.skip_if(t.tally, Capability::IsLegal, &why);
            return Ok(());
        }
        if off_grid {
            self.skip_if(
                t.tally,
                Capability::IsLegal,
                "off-grid vertices are a GTP syntax matter, not asked",
            );
            return Ok(());
        }
        match self.remote.is_legal(player, mv) {
            Ok(Ok(says)) if says == t.expected.is_ok() => {
                self.agree_if(t.tally, Capability::IsLegal);
            }
            Ok(Ok(says)) => {
                let (kind, clause, detail) = match t.expected {
                    Ok(_) => {
                        let (l, c) = label_of(t.probe, mv, None);
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
                        let (l, c) = illegal_label(t.probe, why);
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
            Err(Fault::Lost(e)) => self.skip_if(
                t.tally,
                Capability::IsLegal,
                &format!("engine fault: {}", short(&e)),
            ),
            Err(f) => return Err(f),
        }
        Ok(())
    }

    /// Compares the engine's board after an accepted legal turn with the reference's. Returns
    /// whether the engine is still in step (false once the boards differ).
    fn check_board(
        &mut self,
        j: &Judge,
        t: &Turn,
        report: TurnReport,
        findings: &mut Vec<Finding>,
    ) -> Result<bool, Fault> {
        let size = j.e.size();
        if !self.can_read_board() {
            self.skip_if(
                t.tally,
                Capability::Board,
                "the board cannot be read (no list_stones, no readable showboard)",
            );
            return Ok(true);
        }
        match self.remote.board(size) {
            Ok(Ok(g)) if g == j.e.grid() => self.agree_if(t.tally, Capability::Board),
            Ok(Ok(g)) => {
                let (l, c) = label_of(t.probe, t.mv, Some(report));
                findings.push(Finding {
                    cap: Capability::Board,
                    kind: format!("board differs after a {l}"),
                    clause: c,
                    detail: format!(
                        "after {}: {}",
                        mv_text(t.player, t.mv),
                        grid_differences(&j.e.grid(), &g)
                    ),
                });
                return Ok(false);
            }
            Ok(Err(why)) => findings.push(Finding {
                cap: Capability::Board,
                kind: "unreadable board".into(),
                clause: None,
                detail: why,
            }),
            Err(Fault::Lost(e)) => self.skip_if(
                t.tally,
                Capability::Board,
                &format!("engine fault: {}", short(&e)),
            ),
            Err(f) => return Err(f),
        }
        Ok(true)
    }

    /// Compares the engine's capture totals after an accepted legal turn with the prisoners of
    /// r[var.prisoners], naming suicided stones and pass stones (r[var.pass.stones]) left out.
    fn check_captures(
        &mut self,
        j: &mut Judge,
        t: &Turn,
        report: TurnReport,
        findings: &mut Vec<Finding>,
    ) -> Result<(), Fault> {
        let (player, mv) = (t.player, t.mv);
        if let Some(why) = self.remote.missing("captures") {
            self.skip_if(t.tally, Capability::Captures, &why);
            return Ok(());
        }
        if j.captures_differ {
            self.skip_if(
                t.tally,
                Capability::Captures,
                "the totals already differ earlier in this sequence",
            );
            return Ok(());
        }
        match self.remote.captures() {
            Ok(Ok(got)) if got == j.prisoners() => self.agree_if(t.tally, Capability::Captures),
            Ok(Ok(got)) => {
                j.captures_differ = true;
                let want = j.prisoners();
                let (me, opp) = (player as usize, player.opponent() as usize);
                let suicides_left_out = report.suicided > 0
                    && got[me] == want[me]
                    && got[opp] + report.suicided == want[opp];
                let pass_stone_left_out =
                    mv == Move::Pass && got[me] == want[me] && got[opp] + 1 == want[opp];
                let (kind, clause) = if suicides_left_out {
                    (
                        "does not count suicided stones as the opponent's prisoners".to_string(),
                        Clause::VarPrisoners,
                    )
                } else if pass_stone_left_out {
                    (
                        "does not count pass stones as prisoners".to_string(),
                        Clause::VarPassStones,
                    )
                } else {
                    let (l, _) = label_of(t.probe, mv, Some(report));
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
            Err(Fault::Lost(e)) => self.skip_if(
                t.tally,
                Capability::Captures,
                &format!("engine fault: {}", short(&e)),
            ),
            Err(f) => return Err(f),
        }
        Ok(())
    }
}
