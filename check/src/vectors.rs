//! Phase 2, vectors: every vector of `spec/vectors/` the engine can be put under, setups sent with
//! `loadsgf`, or handicap setups with `set_free_handicap` to an engine without `loadsgf`.

use super::*;

/// Phase 2: every vector the engine can run.
pub(super) fn run_vectors(c: &mut Checker) -> Result<(), Fault> {
    let vectors = match ttrules_vectors::load(c.cfg.vectors_dir.as_deref()) {
        Ok(v) => v,
        Err(e) => {
            c.report
                .events
                .push(format!("vectors not run: cannot load them: {e}"));
            return Ok(());
        }
    };
    c.step(Progress::Start {
        phase: "vectors",
        len: vectors.len() as u64,
    });
    for v in &vectors {
        c.step(Progress::Now(v.name.clone()));
        run_vector(c, v)?;
        c.step(Progress::Inc);
    }
    c.step(Progress::Finish);
    Ok(())
}

/// The reason a vector cannot be run on the engine, or how the engine starts its game.
pub(super) fn vector_ctx(c: &mut Checker, v: &Vector) -> Result<Ctx, String> {
    // The rules the engine plays the vector under (and the setup file names, for engines whose
    // loadsgf reads RU).
    let (rules_cmd, engine_rules) = match c.rules_cmd(v.rules) {
        Ok(cmd) => (cmd, v.rules),
        // No rules command: the vector runs under the run's rules when that changes nothing.
        Err(why) => match equivalent::same_outcome(v, c.cfg.rules) {
            Ok(()) => (c.run_rules_cmd.clone(), c.cfg.rules),
            Err(depends) => return Err(format!("{why}; {depends}")),
        },
    };
    let setup_cmd = if v.setup.is_empty_start() {
        None
    } else if c.remote.has("loadsgf") {
        Some(format!("loadsgf {}", setup_file(c, v, engine_rules)?))
    } else if let (true, Some(cmd)) = (
        c.remote.has("set_free_handicap"),
        free_handicap_command(&v.setup),
    ) {
        Some(cmd)
    } else {
        return Err(format!(
            "the vector starts from a setup (r[var.setup]) and the engine has no loadsgf to take \
             it{}: {}",
            if free_handicap_command(&v.setup).is_some() {
                " (nor set_free_handicap for its handicap stones)"
            } else {
                ""
            },
            c.remote.missing("loadsgf").unwrap_or_default()
        ));
    };
    Ok(Ctx {
        rules: v.rules,
        komi: v.komi,
        setup: v.setup.clone(),
        start: Start {
            rules_cmd,
            size: v.size,
            komi: v.komi,
            setup_cmd,
        },
    })
}

/// The setup written as an SGF file for `loadsgf`; its path.
fn setup_file(c: &mut Checker, v: &Vector, engine_rules: Rules) -> Result<String, String> {
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
    std::fs::write(
        &file,
        ttrules_sgf::write(v.komi, engine_rules, &v.setup, &[]),
    )
    .map_err(|e| format!("cannot write the setup file {}: {e}", file.display()))?;
    let path = file.display().to_string();
    if path.contains(char::is_whitespace) {
        return Err(format!(
            "the setup file's path {path:?} has white space, which GTP cannot send"
        ));
    }
    Ok(path)
}

/// `set_free_handicap` for a handicap setup (r[var.handicap]): at least two Black stones, as many
/// as the declared handicap, no White stone, White to move: what GTP's command places. `None`
/// for any other setup.
pub(super) fn free_handicap_command(setup: &Setup) -> Option<String> {
    ttrules_gtp::handicap::free_stones(setup).map(|black| {
        let vertices: Vec<String> = black.iter().map(|p| p.gtp()).collect();
        format!("set_free_handicap {}", vertices.join(" "))
    })
}

pub(super) fn run_vector(c: &mut Checker, v: &Vector) -> Result<(), Fault> {
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
    if ctx.start.setup_cmd.is_some() {
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
pub(super) fn check_setup(c: &mut Checker, ctx: &Ctx, source: &str) -> Result<(), Fault> {
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

pub(super) fn short_path(p: &std::path::Path) -> String {
    let s = p.display().to_string();
    match s.find("spec/vectors/") {
        Some(i) => s[i..].to_string(),
        None => s,
    }
}

impl Checker<'_> {
    /// Runs a vector's attempts on a fresh game. Returns the judge at the end and whether the
    /// engine followed the sequence to its end.
    pub(super) fn sequence(
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(black: &[(u8, u8)], white: &[(u8, u8)], to_move: Player, handicap: u32) -> Setup {
        let mut grid = Grid::empty(Size::square(5).unwrap());
        for &(x, y) in black {
            grid.set(Point::new(x, y), Colour::Black);
        }
        for &(x, y) in white {
            grid.set(Point::new(x, y), Colour::White);
        }
        Setup {
            grid,
            to_move,
            handicap,
        }
    }

    /// r[var.handicap]: a handicap setup is GTP's set_free_handicap, its stones in GTP vertices.
    #[test]
    fn a_handicap_setup_is_set_free_handicap() {
        let s = setup(&[(1, 1), (3, 3)], &[], Player::White, 2);
        assert_eq!(
            free_handicap_command(&s).as_deref(),
            Some("set_free_handicap B2 D4")
        );
    }

    /// Anything set_free_handicap cannot say needs loadsgf.
    #[test]
    fn other_setups_are_not_set_free_handicap() {
        let cases = [
            setup(&[(1, 1), (3, 3)], &[(2, 2)], Player::White, 2),
            setup(&[(1, 1), (3, 3)], &[], Player::Black, 2),
            setup(&[(1, 1), (3, 3)], &[], Player::White, 0),
            setup(&[(1, 1)], &[], Player::White, 1),
            setup(&[(1, 1), (3, 3), (2, 2)], &[], Player::White, 2),
        ];
        for s in &cases {
            assert_eq!(free_handicap_command(s), None, "{:?}", s.grid.rows());
        }
    }
}
