//! Phase 3, random games: seeded games under the run's rules with probes, steered around the moves
//! the engine refuses; the first example of each kind of disagreement shrunk (delta debugging).
//! Each finished game is scored (phase 4, [`super::scoring`]).

use super::*;

/// Phases 3 and 4: random games with probes, and the score of each finished game.
pub(super) fn run_games(c: &mut Checker) -> Result<(), Fault> {
    c.step(Progress::Start {
        phase: "games",
        len: u64::from(c.cfg.games),
    });
    for i in 0..c.cfg.games {
        if c.cfg.sizes.is_empty() {
            break;
        }
        let size = c.cfg.sizes[i as usize % c.cfg.sizes.len()];
        let seed = games::derive_seed(c.cfg.seed, u64::from(i));
        c.step(Progress::Now(format!("game {} on {size}", i + 1)));
        let ctx = c.empty_ctx(size, c.cfg.komi);
        if let Err(why) = c.setup(&ctx)? {
            *c.report.games.skipped.entry(why).or_default() += 1;
            c.step(Progress::Inc);
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
        c.step(Progress::Inc);
    }
    c.step(Progress::Finish);
    Ok(())
}

impl Checker<'_> {
    /// Plays a random game generated as it goes, steering around the moves the engine refuses.
    /// Returns the judge at the end and whether the game was followed to its end.
    pub(super) fn game(
        &mut self,
        source: &str,
        ctx: &Ctx,
        seed: u64,
    ) -> Result<(Judge, bool), Fault> {
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
    pub(super) fn shrink(
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
    pub(super) fn reproduces(
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
