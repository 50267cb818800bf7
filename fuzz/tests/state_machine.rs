//! A proptest state machine: the reference engine is the model, the fast engine the system under
//! test, over random action sequences with rules drawn from the whole parameter space. Proptest
//! shrinks a failure to a minimal game; the shrunk game is also written as a vector to
//! `target/ttrules-shrunk-vector.toml` for pasting into `spec/vectors/`.

use proptest::prelude::*;
use proptest_state_machine::{prop_state_machine, ReferenceStateMachine, StateMachineTest};
use ttrules_fast::Fast;
use ttrules_fuzz::generators::{Game, Mode, Swarm};
use ttrules_fuzz::oracles::{observation_differences, Checked};
use ttrules_fuzz::report;
use ttrules_reference::Reference;
use ttrules_spec::engine::Observation;
use ttrules_spec::{Engine, Komi, Move, Player, Point, Rules, Setup, Size};

#[derive(Clone, Debug)]
struct Model {
    engine: Reference,
    played: Vec<(Player, Move)>,
}

#[derive(Clone, Debug)]
enum Step {
    Attempt(Move),
}

struct RefMachine;

impl ReferenceStateMachine for RefMachine {
    type State = Model;
    type Transition = Step;

    fn init_state() -> BoxedStrategy<Model> {
        let all = Rules::all();
        (1u32..=5, 1u32..=5, 0..all.len())
            .prop_map(move |(w, h, r)| Model {
                engine: Reference::new(Size::new(w, h).unwrap(), all[r]),
                played: Vec::new(),
            })
            .boxed()
    }

    fn transitions(state: &Model) -> BoxedStrategy<Step> {
        let size = state.engine.size();
        let (w, h) = (size.width() as u8, size.height() as u8);
        prop_oneof![
            1 => Just(Step::Attempt(Move::Pass)),
            8 => (0..w, 0..h).prop_map(|(x, y)| Step::Attempt(Move::Play(Point::new(x, y)))),
        ]
        .boxed()
    }

    fn apply(mut state: Model, step: &Step) -> Model {
        let Step::Attempt(mv) = *step;
        let player = state.engine.to_move();
        if state.engine.play(mv).is_ok() {
            state.played.push((player, mv));
        }
        state
    }
}

struct FastUnderTest;

impl StateMachineTest for FastUnderTest {
    type SystemUnderTest = Fast;
    type Reference = RefMachine;

    fn init_test(model: &Model) -> Fast {
        Fast::new(model.engine.size(), model.engine.rules())
    }

    fn apply(mut fast: Fast, model: &Model, step: Step) -> Fast {
        let Step::Attempt(mv) = step;
        let _ = fast.play(mv);
        fast.check_invariants();
        let diffs =
            observation_differences(&Observation::of(&model.engine), &Observation::of(&fast));
        if !diffs.is_empty() {
            let game = Game {
                mode: Mode::Raw,
                swarm: Swarm::default(),
                rules: model.engine.rules(),
                komi: Komi::ZERO,
                setup: Setup::empty(model.engine.size()),
                actions: Vec::new(),
                dead: Vec::new(),
            };
            let text = report::vector_toml::<Reference>(&game, &model.played);
            let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join("ttrules-shrunk-vector.toml");
            let _ = std::fs::write(&out, &text);
            panic!(
                "after {step:?}: {}\n(vector written to {})\n{text}",
                diffs.join("; "),
                out.display()
            );
        }
        fast
    }
}

prop_state_machine! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn fast_follows_the_reference(sequential 1..120 => FastUnderTest);
}
