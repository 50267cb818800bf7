//! Invariants of the rules over random games, checked on the reference engine with proptest.
//!
//! - r[tt.derived.every-stone-reaches-empty]: after every turn every stone reaches empty;
//! - r[tt.turn.repetition]: no colouring after a move repeats an earlier colouring;
//! - r[tt.score]: stones plus territory plus neutral points equal the area;
//! - r[tt.turn.pass]: a pass changes nothing but the player to move and the pass count (and the
//!   turn count);
//! - r[tt.turn.attempt]: an illegal attempt changes nothing at all.

use proptest::prelude::*;
use ttrules::reference::reach::reaches;
use ttrules::reference::Reference;
use ttrules::spec::engine::Observation;
use ttrules::spec::{Colour, Engine, Grid, Move, Rules, Size};

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
