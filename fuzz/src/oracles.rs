//! Comparing two engines on one game: the every-action observables after every action, every
//! observable at the checkpoints the input chooses and at the end (see [`crate::observe`]).

use crate::generators::{Action, Game};
pub use crate::observe::observation_differences;
use crate::observe::{cheap_differences, reads_differ_from_observation};
use crate::report;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{Engine, Illegal, Move, Player, TurnReport};

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
    /// Whole comparisons (every observable): the start, the checkpoints, the end.
    pub checkpoints: u64,
    pub finished: bool,
}

/// The message of the invariant checker of `e`, if it fails.
fn invariants_broken<E: Checked>(e: &E) -> Option<String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| e.check_invariants()))
        .err()
        .map(|panic| {
            panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
}

/// Every difference between the whole observations of `a` and `b` (the every-action reads
/// included, which must read what [`Observation::of`] reads), one line each.
pub fn full_differences<A: Engine, B: Engine>(a: &A, b: &B) -> Vec<String> {
    let (oa, ob) = (Observation::of(a), Observation::of(b));
    let mut out = observation_differences(&oa, &ob);
    out.extend(reads_differ_from_observation(a, &oa));
    out.extend(reads_differ_from_observation(b, &ob));
    out
}

/// The fewest actions between two checkpoints on a grid of `area` points: a checkpoint costs the
/// reference a full verdict on every point (its legal-move list) and two scorings, about
/// `area / 4` times an action's check, play and every-action comparison, so checkpoints this
/// far apart at most double the cost of a game.
pub fn checkpoint_spacing(area: usize) -> usize {
    (area / 4).max(1)
}

/// Plays `game` on `A` (the model, the reference) and `B` (the engine under test). Compared:
/// - at the start: the every-action observables and the fast engine's invariants;
/// - for every action: the verdict of `check` and of `play`, then the every-action observables
///   (also after an illegal attempt, which must change nothing), and the fast engine's invariants
///   after every turn (after an illegal attempt they wait for the next turn or checkpoint);
/// - at every checkpoint the input chooses, at least [`checkpoint_spacing`] actions after the last
///   one (every action under [`crate::generators::Swarm::checkpoint_every_action`]): every
///   observable, and the invariants;
/// - at the end (after the last action, or one attempt after the game has ended): every
///   observable, then the score and the outcome with the game's dead stones and komi, and the
///   outcome with its komi and no dead stones.
///
/// On a difference, returns a report with the game as a vector and as SGF.
pub fn differential<A: Checked, B: Checked>(game: &Game) -> Result<Stats, String> {
    let mut played: Vec<(Player, Move)> = Vec::new();
    let fail = |played: &[(Player, Move)], what: String| -> String {
        report::divergence::<A, B>(game, played, &what)
    };
    let Some((mut a, mut b)) = start::<A, B>(game).map_err(|what| fail(&played, what))? else {
        return Ok(Stats::default());
    };
    let mut stats = Stats::default();
    let mut after_end = 0;
    // Whether everything was compared after the last action, and the actions since it was.
    let mut compared_all = false;
    let mut since_all = 0;
    let spacing = checkpoint_spacing(game.size().area());
    for step in &game.actions {
        if a.is_over() {
            // One attempt after the end is worth comparing; more add nothing.
            if after_end == 1 {
                break;
            }
            after_end += 1;
        }
        let mv = match step.action {
            Action::Attempt(mv) => mv,
            Action::Pick(n) => pick(&b, n),
        };
        let player = a.to_move();
        let ra = play_both(&mut a, &mut b, mv).map_err(|what| fail(&played, what))?;
        if ra.is_ok() {
            played.push((player, mv));
            stats.turns += 1;
        } else {
            stats.rejections += 1;
        }
        since_all += 1;
        let checkpoint =
            (step.checkpoint && since_all >= spacing) || game.swarm.checkpoint_every_action;
        compared_all = checkpoint;
        // After every turn and at every checkpoint; an illegal attempt changes nothing, so after
        // one the invariants wait for the next turn or checkpoint.
        if ra.is_ok() || checkpoint {
            if let Some(msg) = invariants_broken(&b) {
                return Err(fail(&played, format!("invariant broken: {msg}")));
            }
        }
        let diffs = if checkpoint {
            stats.checkpoints += 1;
            since_all = 0;
            full_differences(&a, &b)
        } else {
            cheap_differences(&a, &b)
        };
        if !diffs.is_empty() {
            return Err(fail(
                &played,
                format!(
                    "after {} {mv} ({}{}): {}",
                    player.letter(),
                    match ra {
                        Ok(_) => "legal".to_string(),
                        Err(e) => e.to_string(),
                    },
                    if checkpoint { ", checkpoint" } else { "" },
                    diffs.join("; ")
                ),
            ));
        }
    }
    // The end: every observable, then scores and outcomes with the game's dead stones and komi,
    // and with komi and no dead stones.
    if let Some(msg) = invariants_broken(&b) {
        return Err(fail(&played, format!("invariant broken at the end: {msg}")));
    }
    if !compared_all {
        stats.checkpoints += 1;
        let end = full_differences(&a, &b);
        if !end.is_empty() {
            return Err(fail(&played, format!("at the end: {}", end.join("; "))));
        }
    }
    if let Some(what) = scoring_difference(&a, &b, game) {
        return Err(fail(&played, what));
    }
    stats.finished = a.is_over();
    Ok(stats)
}

/// Both engines on `game`'s setup, compared at the start: `None` when both refuse it with the
/// same error, an error when only one refuses it, when they refuse it differently or when the
/// every-action observables differ (the fast engine's invariants are asserted too). Everything
/// else waits for the first checkpoint or the end (a start from a setup costs the reference as
/// much as a checkpoint, and what it gets wrong there stays wrong until then).
fn start<A: Checked, B: Checked>(game: &Game) -> Result<Option<(A, B)>, String> {
    let (a, b) = match (
        A::from_setup(&game.setup, game.rules),
        B::from_setup(&game.setup, game.rules),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(x), Err(y)) if x == y => return Ok(None),
        (x, y) => {
            return Err(format!(
                "setup: {} says {:?}, {} says {:?}",
                A::NAME,
                x.map(|_| ()),
                B::NAME,
                y.map(|_| ())
            ))
        }
    };
    b.check_invariants();
    let first = cheap_differences(&a, &b);
    if !first.is_empty() {
        return Err(format!("at the start: {}", first.join("; ")));
    }
    Ok(Some((a, b)))
}

/// The move a [`Action::Pick`] of `n` chooses from the engine under test's legal points (the
/// reference's list is compared at checkpoints): a pass for `u16::MAX` or one past the list.
fn pick<B: Engine>(b: &B, n: u16) -> Move {
    let legal = b.legal_points();
    let k = usize::from(n) % (legal.len() + 1);
    if n == u16::MAX || k == legal.len() {
        Move::Pass
    } else {
        Move::Play(legal[k])
    }
}

/// Checks then plays `mv` on both engines: the verdict of `play` (both the same), or an error
/// when their `check` or `play` verdicts differ.
fn play_both<A: Engine, B: Engine>(
    a: &mut A,
    b: &mut B,
    mv: Move,
) -> Result<Result<TurnReport, Illegal>, String> {
    let player = a.to_move();
    let (check_a, check_b) = (a.check(mv), b.check(mv));
    if check_a != check_b {
        return Err(format!(
            "check {} {mv}: {check_a:?} vs {check_b:?}",
            player.letter()
        ));
    }
    let (ra, rb) = (a.play(mv), b.play(mv));
    if ra != rb {
        return Err(format!("play {} {mv}: {ra:?} vs {rb:?}", player.letter()));
    }
    Ok(ra)
}

/// The first difference between the engines' scores with `game`'s dead stones and their
/// outcomes with its komi, with those dead stones and with none.
fn scoring_difference<A: Engine, B: Engine>(a: &A, b: &B, game: &Game) -> Option<String> {
    if !game.dead.is_empty() {
        let (sa, sb) = (a.score_with_dead(&game.dead), b.score_with_dead(&game.dead));
        if sa != sb {
            return Some(format!("score with dead {:?}: {sa:?} vs {sb:?}", game.dead));
        }
    }
    // With no dead stones the score is the observation's, compared above; the outcome with the
    // game's komi is not.
    for dead in [&game.dead[..], &[]] {
        let (oa, ob) = (a.outcome(game.komi, dead), b.outcome(game.komi, dead));
        if oa != ob {
            return Some(format!(
                "outcome with komi {} and dead {dead:?}: {oa:?} vs {ob:?}",
                game.komi
            ));
        }
        if game.dead.is_empty() {
            break;
        }
    }
    None
}
