//! The checks of one attempt, shared by the vectors (phase 2) and the random games (phase 3):
//! `is_legal`, `play`, then the board and the captures after it.

use super::*;

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
}
