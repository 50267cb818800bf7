//! A finding as a GTP regression file (`.tst`), for gogui-regress, GNU Go's regression scripts
//! and `check-engine --tst`: the turns that show it, with the reference's expectations, headed by
//! the kind, the clause and the engine.

use super::*;
use ttrules_vectors::{Attempt, Expect, Expected};

/// The `.tst` text of finding `f` on the engine `engine`, shown by the attempts `record` of `ctx`.
pub(super) fn tst(
    engine: &str,
    f: &Finding,
    ctx: &Ctx,
    record: &[(Player, Move)],
    source: &str,
) -> String {
    let mut e = ctx.reference();
    let attempts = record
        .iter()
        .map(|&(player, mv)| {
            let expected = match e.check(mv) {
                Ok(()) => {
                    let _ = e.play(mv);
                    Expected::Legal {
                        captured: None,
                        suicided: None,
                    }
                }
                Err(why) => Expected::Illegal {
                    reason: why.reason().to_string(),
                    clause: Some(why.clause()),
                },
            };
            Attempt {
                player,
                mv,
                expected,
            }
        })
        .collect();
    let v = Vector {
        name: f
            .kind
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect(),
        file: PathBuf::new(),
        description: Some(format!("found in {source}: {}", f.detail)),
        clauses: f.clause.into_iter().collect(),
        size: ctx.size(),
        rules: ctx.rules,
        komi: ctx.komi,
        setup: ctx.setup.clone(),
        dead: Vec::new(),
        attempts,
        expect: Expect::default(),
    };
    format!(
        "# check-engine finding: {}\n# clause: {}\n# engine: {engine}\n# rules: {}\n{}",
        f.kind,
        f.clause
            .map_or("none".to_string(), |c| format!("r[{}]", c.id())),
        ctx.rules,
        tst::export("a check-engine finding", &[v], 1)
    )
}
