//! Vectors under other rules, for an engine without a rules command: a vector runs when its
//! outcome does not depend on the parameters where its rules and the run's differ (every
//! verdict, colouring, prisoner count, player to move, end and score the same under both).

use super::*;

/// The parameters where `a` and `b` differ, as `name=a-value/b-value`.
fn differing(a: Rules, b: Rules) -> String {
    a.parameters()
        .iter()
        .zip(b.parameters().iter())
        .filter(|(x, y)| x.1 != y.1)
        .map(|(x, y)| format!("{}={}/{}", x.0, x.1, y.1))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `Ok` when replaying `v` under `run` observes the same as under the vector's own rules; else
/// why the outcome depends on the difference.
pub(super) fn same_outcome(v: &Vector, run: Rules) -> Result<(), String> {
    let params = differing(v.rules, run);
    let under = |rules: Rules| Reference::from_setup(&v.setup, rules).map_err(|e| e.to_string());
    let (mut a, mut b) = match (under(v.rules), under(run)) {
        (Ok(a), Ok(b)) => (a, b),
        _ => {
            return Err(format!(
                "the rules differ ({params}) on whether the setup is legal"
            ))
        }
    };
    for (i, at) in v.attempts.iter().enumerate() {
        let (ra, rb) = (a.play(at.mv), b.play(at.mv));
        let what = || format!("attempt {} ({} {})", i + 1, at.player.letter(), at.mv.gtp());
        if ra.is_ok() != rb.is_ok() {
            let word = |r: bool| if r { "legal" } else { "illegal" };
            return Err(format!(
                "the outcome depends on {params}: {} is {} under the vector's rules, {} under the run's",
                what(),
                word(ra.is_ok()),
                word(rb.is_ok())
            ));
        }
        if a.grid() != b.grid()
            || a.prisoners() != b.prisoners()
            || a.to_move() != b.to_move()
            || a.is_over() != b.is_over()
        {
            return Err(format!(
                "the outcome depends on {params}: after {} the position, the prisoners or the end differ",
                what()
            ));
        }
    }
    if a.is_over()
        && v.dead.is_empty()
        && a.outcome(v.komi, &[]).ok() != b.outcome(v.komi, &[]).ok()
    {
        return Err(format!(
            "the outcome depends on {params}: the score differs"
        ));
    }
    Ok(())
}
