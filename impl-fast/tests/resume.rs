//! r[end.resume]: resumed play after the end, on both engines. Over seeded random games under every
//! one of the 6912 rule combinations of `Rules::all()` on small grids, each game is resumed at
//! every end that is not void, up to three times, and the engines agree on every observable after
//! every turn and every resumption (the fast engine's invariants checked too). Counted and never
//! zero: resumptions, games that end again after one (by two new passes, by a repeated pass, by a
//! void cycle), refusals of a void game, and refusals of a game that has not ended.
//!
//! Also the note of r[end.resume]: under positional and natural situational superko with no
//! first-pass value and no pass stones, resuming is the reference finish's r[finish.resume.pause]
//! (the game replayed without the pause's two passes): the same legal turns and the same end from
//! then on.

mod common;

use common::Rng;
use ttrules_fast::Fast;
use ttrules_reference::finish::{resume_from_pause, Pause};
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{
    End, Engine, FirstPass, Move, PassStones, Repetition, ResumeError, Rules, Setup, Size,
};

#[derive(Default, Debug)]
struct Counts {
    resumed: u64,
    ended_again: u64,
    repeated_pass_after_resume: u64,
    void_after_resume: u64,
    void_refused: u64,
    not_over_refused: u64,
    replay_equivalent: u64,
    handicap_differs: u64,
}

/// A random turn of the player to move: a pass about one time in four, else a legal point.
fn random_turn<E: Engine>(e: &E, rng: &mut Rng) -> Move {
    let legal = e.legal_points();
    if legal.is_empty() || rng.chance(25) {
        Move::Pass
    } else {
        Move::Play(legal[rng.below(legal.len())])
    }
}

fn game(rules: Rules, size: Size, rng: &mut Rng, c: &mut Counts) {
    let mut r = Reference::new(size, rules);
    let mut f = Fast::new(size, rules);
    let mut resumes = 0;
    let mut since_resume = 5;
    for _ in 0..30 {
        if r.is_over() {
            let (a, b) = (r.resume(), f.resume());
            assert_eq!(a, b, "{rules}: resume");
            if r.is_void() {
                assert_eq!(a, Err(ResumeError::Void));
                assert!(
                    r.is_over() && f.is_over(),
                    "a refused resume changes nothing"
                );
                c.void_refused += 1;
                return;
            }
            if resumes == 3 {
                return;
            }
            a.unwrap();
            resumes += 1;
            since_resume = 0;
            assert_eq!(Observation::of(&f), Observation::of(&r), "{rules} resumed");
            c.resumed += 1;
            assert!(!r.is_over());
            assert_eq!(r.consecutive_passes(), 0);
        } else if rng.chance(5) {
            assert_eq!(r.resume(), Err(ResumeError::NotOver));
            assert_eq!(f.resume(), Err(ResumeError::NotOver));
            c.not_over_refused += 1;
        }
        let mv = random_turn(&f, rng);
        let passes_before = r.consecutive_passes();
        r.play(mv).unwrap();
        f.play(mv).unwrap();
        since_resume += 1;
        f.assert_invariants();
        // Every observable near a resumption and at an end; the cheap ones always.
        if since_resume <= 1 || r.is_over() {
            assert_eq!(
                Observation::of(&f),
                Observation::of(&r),
                "{rules} after {mv}"
            );
        } else {
            assert_eq!(
                (f.grid(), f.to_move(), f.consecutive_passes(), f.is_over()),
                (r.grid(), r.to_move(), r.consecutive_passes(), r.is_over()),
                "{rules} after {mv}"
            );
        }
        if r.is_over() && resumes > 0 {
            c.ended_again += 1;
            if r.is_void() {
                c.void_after_resume += 1;
            } else if mv == Move::Pass && passes_before == 0 && rules.end == End::RepeatedPass {
                c.repeated_pass_after_resume += 1;
            }
        }
    }
}

#[test]
fn engines_agree_on_resumed_play_under_every_rule_combination() {
    let mut rng = Rng::new(0x0004_E50E);
    let mut c = Counts::default();
    let sizes = [(1, 2), (2, 2), (1, 3), (2, 3), (3, 3)];
    for (i, rules) in Rules::all().into_iter().enumerate() {
        let (w, h) = sizes[i % sizes.len()];
        game(rules, Size::new(w, h).unwrap(), &mut rng, &mut c);
    }
    eprintln!("{c:#?}");
    for (what, n) in [
        ("resumptions", c.resumed),
        ("ends after a resumption", c.ended_again),
        (
            "repeated-pass ends after a resumption",
            c.repeated_pass_after_resume,
        ),
        ("void ends after a resumption", c.void_after_resume),
        ("void games refused", c.void_refused),
        ("games going on refused", c.not_over_refused),
    ] {
        assert!(n > 0, "no {what}");
    }
}

/// The note of r[end.resume]: where r[finish.resume.pause] replays without the pause's passes,
/// resuming gives the same game from then on, turn after turn.
#[test]
fn resuming_is_replaying_without_the_pause_where_the_finish_can() {
    let mut rng = Rng::new(77);
    let mut c = Counts::default();
    let all: Vec<Rules> = Rules::all()
        .into_iter()
        .filter(|r| {
            matches!(
                r.repetition,
                Repetition::Positional | Repetition::NaturalSituational
            ) && r.first_pass == FirstPass::Nothing
                && r.pass_stones == PassStones::None
                && r.end == End::TwoPasses
        })
        .collect();
    assert!(!all.is_empty());
    for k in 0..300 {
        let rules = all[k % all.len()];
        let size = Size::new(2 + (k % 3) as u32, 3).unwrap();
        let mut r = Reference::new(size, rules);
        let mut moves = Vec::new();
        while !r.is_over() && moves.len() < 40 {
            let mv = random_turn(&r, &mut rng);
            r.play(mv).unwrap();
            moves.push(mv);
        }
        if !r.is_over() {
            // End it by two passes.
            for _ in 0..2 {
                if !r.is_over() {
                    r.play(Move::Pass).unwrap();
                    moves.push(Move::Pass);
                }
            }
        }
        let pause = Pause::new(Setup::empty(size), moves, rules).unwrap();
        let mut replayed: Reference = resume_from_pause(&pause).unwrap().start(rules).unwrap();
        r.resume().unwrap();
        for _ in 0..30 {
            if r.is_over() {
                break;
            }
            // What judges the turns is the same: the colouring, the player to move, the legal
            // moves, the passes toward the end. (The turn counts differ by the two passes left
            // out; the first passer and the handicap reading of r[var.handicap] can differ too,
            // when the pause falls in the opening, and with them the score.)
            let (a, b) = (Observation::of(&r), Observation::of(&replayed));
            assert_eq!(a.turns, b.turns + 2);
            assert_eq!(
                (a.grid, a.to_move, a.consecutive_passes, a.over, a.void),
                (b.grid, b.to_move, b.consecutive_passes, b.over, b.void),
                "{rules}"
            );
            assert_eq!(a.legal_points, b.legal_points, "{rules}");
            assert_eq!(a.prisoners, b.prisoners, "{rules}");
            c.handicap_differs += u64::from(a.handicap != b.handicap);
            let mv = random_turn(&r, &mut rng);
            r.play(mv).unwrap();
            replayed.play(mv).unwrap();
            c.replay_equivalent += 1;
        }
        assert_eq!(r.is_over(), replayed.is_over());
    }
    assert!(c.replay_equivalent > 1000, "{c:?}");
}
