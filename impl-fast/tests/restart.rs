//! [`Fast::restart`] starts the game [`Engine::from_setup`] would: one engine restarted from
//! game to game (sizes, rule sets and setups changing or not, illegal setups among them) is
//! compared with a new engine on every observable after every turn, and its invariants checked.

mod common;

use common::{random_colouring, random_setup, Rng};
use ttrules_fast::Fast;
use ttrules_spec::engine::Observation;
use ttrules_spec::{Engine, Repetition, Rules, Size};

#[test]
fn a_restarted_engine_is_a_new_engine() {
    let sizes = [
        Size::square(3).unwrap(),
        Size::square(5).unwrap(),
        Size::new(7, 4).unwrap(),
        Size::square(9).unwrap(),
    ];
    let all = Rules::all();
    let mut rng = Rng::new(0x5EED_2121);
    let mut engine = Fast::new_game(sizes[0], Rules::TROMP_TAYLOR);
    let (mut kept, mut changed, mut refused, mut turns) = (0, 0, 0, 0);
    for _ in 0..400 {
        // Mostly the same size and rules as the last game, as in a directory of records.
        let size = if rng.chance(70) {
            engine.size()
        } else {
            sizes[rng.below(sizes.len())]
        };
        let rules = if rng.chance(60) {
            engine.rules()
        } else {
            all[rng.below(all.len())]
        };
        let mut setup = random_setup(size, &mut rng);
        if rng.chance(15) {
            // Often not a legal position (r[var.setup]).
            setup.grid = random_colouring(size, &mut rng);
        }
        let simple_ko = |r: Rules| r.repetition == Repetition::SimpleKo;
        let same = size == engine.size() && simple_ko(rules) == simple_ko(engine.rules());
        let restarted = engine.restart(&setup, rules);
        let mut fresh = match (restarted, Fast::from_setup(&setup, rules)) {
            (Ok(()), Ok(fresh)) => fresh,
            (Err(a), Err(b)) => {
                assert_eq!(a, b);
                refused += 1;
                continue;
            }
            (a, b) => panic!("restart {a:?}, from_setup {:?}", b.err()),
        };
        if same {
            kept += 1;
        } else {
            changed += 1;
        }
        for _ in 0..rng.below(3 * size.area()) {
            engine.assert_invariants();
            assert_eq!(Observation::of(&engine), Observation::of(&fresh));
            let legal = fresh.legal_points();
            let mv = if legal.is_empty() || rng.chance(8) {
                ttrules_spec::Move::Pass
            } else {
                ttrules_spec::Move::Play(legal[rng.below(legal.len())])
            };
            assert_eq!(engine.play(mv), fresh.play(mv), "{mv}");
            turns += 1;
            if fresh.is_over() {
                break;
            }
        }
        engine.assert_invariants();
        assert_eq!(Observation::of(&engine), Observation::of(&fresh));
    }
    eprintln!("kept {kept}, changed {changed}, refused {refused}, turns {turns}");
    for (what, n) in [
        ("games on a kept engine", kept),
        ("games after a change of size or history form", changed),
        ("setups refused", refused),
        ("turns", turns),
    ] {
        assert!(n > 0, "no {what}");
    }
}
