//! Invariants of the rules over random games, checked on the reference engine with proptest.
//!
//! - r[tt.derived.every-stone-reaches-empty]: after every turn every stone reaches empty;
//! - r[tt.turn.repetition]: no colouring after a move repeats an earlier colouring;
//! - r[tt.score]: stones plus territory plus neutral points equal the area;
//! - r[tt.turn.pass]: a pass changes nothing but the player to move and the pass count (and the
//!   turn count);
//! - r[tt.turn.attempt]: an illegal attempt changes nothing at all;
//! - r[life.note.sound]: from any position of a random game, while one player only passes and the
//!   other plays random legal moves, no pass-alive stone of the passer is ever emptied and her
//!   pass-alive area (r[life.area]) only grows, under each suicide value.

use proptest::prelude::*;
use ttrules::reference::reach::reaches;
use ttrules::reference::Reference;
use ttrules::spec::engine::Observation;
use ttrules::spec::{Colour, Engine, Grid, Move, Rules, Size, Suicide};

/// A board of 1..=6 by 1..=6 points, with 9x9 now and then, and a list of attempts: each picks a
/// point by index (modulo the area) or, for the values past it, a pass.
fn game() -> impl Strategy<Value = (Size, Vec<u16>)> {
    let size = prop_oneof![
        8 => (1u32..=6, 1u32..=6).prop_map(|(w, h)| Size::new(w, h).unwrap()),
        1 => Just(Size::square(9).unwrap()),
    ];
    (size, prop::collection::vec(any::<u16>(), 0..120))
}

fn attempt(size: Size, code: u16) -> Move {
    let area = size.area();
    // About one attempt in eleven is a pass.
    let slot = usize::from(code) % (area + area / 10 + 1);
    if slot < area {
        Move::Play(size.point(slot))
    } else {
        Move::Pass
    }
}

fn neutral_points(g: &Grid) -> usize {
    g.size()
        .points()
        .filter(|&p| {
            g.get(p) == Colour::Empty
                && reaches(g, p, Colour::Black) == reaches(g, p, Colour::White)
        })
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_after_every_turn((size, codes) in game()) {
        let mut e = Reference::new(size, Rules::TROMP_TAYLOR);
        let mut colourings = vec![e.grid()];
        for code in codes {
            let mv = attempt(size, code);
            let before = Observation::of(&e);
            match e.play(mv) {
                Err(_) => {
                    prop_assert_eq!(Observation::of(&e), before, "an illegal attempt changed something");
                    continue;
                }
                Ok(_) if mv == Move::Pass => {
                    let after = Observation::of(&e);
                    prop_assert_eq!(&after.grid, &before.grid);
                    prop_assert_eq!(after.score, before.score);
                    prop_assert_eq!(after.to_move, before.to_move.opponent());
                    prop_assert_eq!(after.consecutive_passes, before.consecutive_passes + 1);
                    prop_assert_eq!(after.turns, before.turns + 1);
                }
                Ok(_) => {
                    let g = e.grid();
                    prop_assert!(!colourings.contains(&g), "a colouring repeated:\n{}", g);
                    colourings.push(g);
                    prop_assert_eq!(e.consecutive_passes(), 0);
                }
            }
            let g = e.grid();
            for p in size.points() {
                if g.get(p) != Colour::Empty {
                    prop_assert!(reaches(&g, p, Colour::Empty), "{} does not reach empty in\n{}", p, g);
                }
            }
            let s = e.score();
            let total = (s.black + s.white).as_halves() / 2; // Tromp-Taylor: whole points
            prop_assert_eq!(total as usize + neutral_points(&g), size.area());
            if e.is_over() {
                prop_assert!(e.legal_points().is_empty());
                break;
            }
        }
    }
}

/// r[life.note.sound] over random games: a plain test around a proptest runner, so that it can
/// count how often a pass-alive area was there to be attacked (and fail on a zero).
#[test]
fn pass_alive_survives_a_passing_owner() {
    use proptest::test_runner::{Config, TestRunner};
    use std::cell::Cell;
    let small = (2u32..=4, 2u32..=4).prop_map(|(w, h)| Size::new(w, h).unwrap());
    let strategy = (
        (small, prop::collection::vec(any::<u16>(), 0..120)),
        prop_oneof![
            Just(Suicide::Allowed),
            Just(Suicide::MultiStoneOnly),
            Just(Suicide::Forbidden)
        ],
        0usize..120,
        prop::collection::vec(any::<u16>(), 0..40),
    );
    let attacked = Cell::new(0usize);
    let mut runner = TestRunner::new(Config {
        cases: 400,
        ..Config::default()
    });
    runner
        .run(&strategy, |((size, codes), suicide, split, attacks)| {
            let rules = Rules {
                suicide,
                ..Rules::TROMP_TAYLOR
            };
            let mut e = Reference::new(size, rules);
            for &code in codes.iter().take(split) {
                let _ = e.play(attempt(size, code));
                if e.is_over() {
                    return Ok(());
                }
            }
            // The owner only passes from now on: the player to move, or her opponent when only
            // the opponent has pass-alive stones (then the owner's first pass is skipped).
            let area = e.pass_alive();
            let mut owner = e.to_move();
            if area.stones(owner, &e.grid()).is_empty()
                && !area.stones(owner.opponent(), &e.grid()).is_empty()
            {
                owner = owner.opponent();
                let legal = e.legal_points();
                if legal.is_empty() {
                    return Ok(());
                }
                prop_assert!(e.play(Move::Play(legal[split % legal.len()])).is_ok());
            }
            let stones = area.stones(owner, &e.grid());
            for code in attacks {
                if e.play(Move::Pass).is_err() {
                    break;
                }
                let legal = e.legal_points();
                if legal.is_empty() {
                    break;
                }
                let p = legal[usize::from(code) % legal.len()];
                prop_assert!(e.play(Move::Play(p)).is_ok());
                let now = e.grid();
                for &s in &stones {
                    prop_assert_eq!(
                        now.get(s),
                        owner.colour(),
                        "pass-alive {} captured in\n{}",
                        s,
                        now
                    );
                }
                let later = e.pass_alive();
                for q in area.of(owner) {
                    prop_assert!(
                        later.of(owner).contains(q),
                        "{} left the pass-alive area in\n{}",
                        q,
                        now
                    );
                }
                if !stones.is_empty() {
                    attacked.set(attacked.get() + 1);
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(attacked.get() > 0, "no pass-alive stone was ever attacked");
    eprintln!(
        "attacker moves against pass-alive stones: {}",
        attacked.get()
    );
}
