//! Comparing two engines on one game, observable by observable, after every action.

use crate::generators::{Action, Game};
use crate::report;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{Engine, Move, Player};

/// An engine whose internal state can be checked against a recomputation from scratch.
pub trait Checked: Engine {
    /// Panics with a label when the engine's incremental state is inconsistent.
    fn check_invariants(&self);
}

impl Checked for Reference {
    /// The reference keeps no incremental state: there is nothing to check.
    fn check_invariants(&self) {}
}

impl Checked for Fast {
    fn check_invariants(&self) {
        self.assert_invariants();
    }
}

/// What a game exercised, for the statistics of a run.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub turns: u64,
    pub rejections: u64,
    pub finished: bool,
}

/// Every difference between two observations, one line each. The observations are destructured
/// exhaustively, so a new observable is a compile error here until it is compared.
pub fn observation_differences(a: &Observation, b: &Observation) -> Vec<String> {
    let Observation {
        grid,
        to_move,
        consecutive_passes,
        over,
        void,
        turns,
        prisoners,
        first_passer,
        handicap,
        score,
        outcome,
        legal_points,
        pass_alive,
    } = a;
    let Observation {
        grid: grid_b,
        to_move: to_move_b,
        consecutive_passes: consecutive_passes_b,
        over: over_b,
        void: void_b,
        turns: turns_b,
        prisoners: prisoners_b,
        first_passer: first_passer_b,
        handicap: handicap_b,
        score: score_b,
        outcome: outcome_b,
        legal_points: legal_points_b,
        pass_alive: pass_alive_b,
    } = b;
    let mut out = Vec::new();
    let mut cmp = |what: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{what}: {x} vs {y}"));
        }
    };
    cmp("grid", grid.rows().join("/"), grid_b.rows().join("/"));
    cmp("to_move", format!("{to_move:?}"), format!("{to_move_b:?}"));
    cmp(
        "consecutive_passes",
        consecutive_passes.to_string(),
        consecutive_passes_b.to_string(),
    );
    cmp("over", over.to_string(), over_b.to_string());
    cmp("void", void.to_string(), void_b.to_string());
    cmp("turns", turns.to_string(), turns_b.to_string());
    cmp(
        "prisoners",
        format!("{prisoners:?}"),
        format!("{prisoners_b:?}"),
    );
    cmp(
        "first_passer",
        format!("{first_passer:?}"),
        format!("{first_passer_b:?}"),
    );
    cmp("handicap", handicap.to_string(), handicap_b.to_string());
    cmp("score", format!("{score:?}"), format!("{score_b:?}"));
    cmp("outcome", format!("{outcome:?}"), format!("{outcome_b:?}"));
    cmp(
        "legal_points",
        format!("{legal_points:?}"),
        format!("{legal_points_b:?}"),
    );
    cmp(
        "pass_alive",
        format!("{pass_alive:?}"),
        format!("{pass_alive_b:?}"),
    );
    out
}

/// Plays `game` on `A` (the model, the reference) and `B` (the engine under test), comparing
/// everything after every action. On a difference, returns a report with the game as a vector and
/// as SGF.
pub fn differential<A: Checked, B: Checked>(game: &Game) -> Result<Stats, String> {
    let mut played: Vec<(Player, Move)> = Vec::new();
    let fail = |played: &[(Player, Move)], what: String| -> String {
        report::divergence::<A, B>(game, played, &what)
    };
    let (mut a, mut b) = match (
        A::from_setup(&game.setup, game.rules),
        B::from_setup(&game.setup, game.rules),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(x), Err(y)) if x == y => return Ok(Stats::default()),
        (x, y) => {
            return Err(fail(
                &played,
                format!(
                    "setup: {} says {:?}, {} says {:?}",
                    A::NAME,
                    x.map(|_| ()),
                    B::NAME,
                    y.map(|_| ())
                ),
            ))
        }
    };
    b.check_invariants();
    let mut stats = Stats::default();
    let first = observation_differences(&Observation::of(&a), &Observation::of(&b));
    if !first.is_empty() {
        return Err(fail(&played, format!("at the start: {}", first.join("; "))));
    }
    for (i, action) in game.actions.iter().enumerate() {
        if a.is_over() {
            // One attempt after the end is worth comparing; more add nothing.
            if i > 0 && matches!(game.actions[i - 1], Action::Pick(_)) {
                break;
            }
        }
        let mv = match *action {
            Action::Attempt(mv) => mv,
            Action::Pick(n) => {
                let legal = a.legal_points();
                if n == u16::MAX || usize::from(n) % (legal.len() + 1) == legal.len() {
                    Move::Pass
                } else {
                    Move::Play(legal[usize::from(n) % (legal.len() + 1)])
                }
            }
        };
        let player = a.to_move();
        let (check_a, check_b) = (a.check(mv), b.check(mv));
        if check_a != check_b {
            return Err(fail(
                &played,
                format!("check {} {mv}: {check_a:?} vs {check_b:?}", player.letter()),
            ));
        }
        let (ra, rb) = (a.play(mv), b.play(mv));
        if ra != rb {
            return Err(fail(
                &played,
                format!("play {} {mv}: {ra:?} vs {rb:?}", player.letter()),
            ));
        }
        if ra.is_ok() {
            played.push((player, mv));
            stats.turns += 1;
        } else {
            stats.rejections += 1;
        }
        if let Err(panic) =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| b.check_invariants()))
        {
            let msg = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            return Err(fail(&played, format!("invariant broken: {msg}")));
        }
        let diffs = observation_differences(&Observation::of(&a), &Observation::of(&b));
        if !diffs.is_empty() {
            return Err(fail(
                &played,
                format!(
                    "after {} {mv} ({}): {}",
                    player.letter(),
                    match ra {
                        Ok(_) => "legal".to_string(),
                        Err(e) => e.to_string(),
                    },
                    diffs.join("; ")
                ),
            ));
        }
    }
    // The end: scores and outcomes with the game's dead stones and komi, and with none.
    for dead in [&game.dead[..], &[]] {
        let (sa, sb) = (a.score_with_dead(dead), b.score_with_dead(dead));
        if sa != sb {
            return Err(fail(
                &played,
                format!("score with dead {dead:?}: {sa:?} vs {sb:?}"),
            ));
        }
        let (oa, ob) = (a.outcome(game.komi, dead), b.outcome(game.komi, dead));
        if oa != ob {
            return Err(fail(
                &played,
                format!(
                    "outcome with komi {} and dead {dead:?}: {oa:?} vs {ob:?}",
                    game.komi
                ),
            ));
        }
    }
    stats.finished = a.is_over();
    Ok(stats)
}
