//! The end protocols as pure state machines, driven without processes: random games under every
//! kind of ruleset, with a scripted player, against the machine of `--end tromp-taylor`.

use proptest::prelude::*;
use ttrules_referee_core::end::{Finish, Protocol};
use ttrules_referee_core::judge::Judge;
use ttrules_referee_core::sim::{self, BytePlayers, Ending};
use ttrules_reference::Reference;
use ttrules_spec::{Clause, Engine, Komi, Repetition, Rules, Size};

/// What one game driven through a machine gave: the finish, the turns, the requests made.
struct Driven {
    finish: Finish,
    judge: Judge,
    requests: usize,
    /// Voided by the referee's loop (r[ref.cycle]), not finished by the machine.
    by_referee: bool,
}

/// Drives `protocol` on a game of `rules` on `size` through the referee's match loop
/// (`sim::run`): each Genmove is answered by `choices` (a byte picks a legal point, or a pass for
/// 0..=31), then by passes once they run out.
fn drive(protocol: Protocol, rules: Rules, size: Size, choices: &[u8]) -> Driven {
    let j = Judge::new(size, rules, Komi::ZERO);
    let mut m = protocol.machine();
    let mut players = BytePlayers::new(choices, 32);
    let run = sim::run(m.as_mut(), j, &mut players, None).expect("the machine keeps its contract");
    let requests = run.requests.total;
    // r[ref.end.protocol]: a bound on its steps. Every request of tromp-taylor is a turn (or the
    // finish), and a game of passes ends within a few turns once the choices run out.
    assert!(requests <= choices.len() + 8, "the machine does not end");
    let n = run.requests;
    // r[ref.cycle]: a cycle with a pass in it is voided by the loop, before the machine finishes.
    let by_referee = run.ended.clause == Clause::RefCycle;
    assert_eq!(
        n.total,
        n.genmove + usize::from(!by_referee),
        "tromp-taylor asks only for turns and the finish: {n:?}"
    );
    match run.ending {
        Ending::Finished(finish) => Driven {
            finish,
            judge: run.judge,
            requests,
            by_referee,
        },
        e => panic!("a game of legal choices ended so: {e:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// r[ref.end.protocol] r[ref.end.tromp-taylor]: under any ruleset the machine asks the player
    /// to move for every turn until the ruleset's end, then scores the final position with nothing
    /// removed (or voids a simple-ko cycle); the result is the reference's outcome of the same
    /// turns with every stone alive.
    #[test]
    fn tromp_taylor_scores_what_the_rules_end(
        rules_index in 0usize..6912,
        w in 1u32..=5,
        h in 1u32..=5,
        choices in proptest::collection::vec(any::<u8>(), 0..80),
    ) {
        let all = Rules::all();
        let rules = all[rules_index % all.len()];
        let size = Size::new(w, h).unwrap();
        let d = drive(Protocol::TrompTaylor, rules, size, &choices);
        let mut r = Reference::new(size, rules);
        for t in d.judge.turns() {
            r.play(t.mv).unwrap();
        }
        if d.by_referee {
            // r[ref.cycle]: only under simple ko, on a game its rules have not ended.
            prop_assert_eq!(rules.repetition, Repetition::SimpleKo);
            prop_assert!(!d.judge.is_over() && !r.is_over());
            let void = matches!(d.finish, Finish::Void { .. });
            prop_assert!(void, "void");
            return Ok(());
        }
        prop_assert!(d.judge.is_over());
        prop_assert_eq!(d.requests, d.judge.turns().len() + 1);
        prop_assert!(r.is_over());
        match d.finish {
            Finish::Score { dead } => {
                prop_assert!(dead.is_empty());
                prop_assert!(!d.judge.is_void());
                prop_assert_eq!(d.judge.outcome(&[]).unwrap(), r.outcome(Komi::ZERO, &[]).unwrap());
            }
            Finish::Void { .. } => prop_assert!(d.judge.is_void() && r.is_void()),
        }
        let report = Protocol::TrompTaylor.machine().report();
        prop_assert_eq!(report.protocol, "tromp-taylor");
        prop_assert!(report.rounds.is_empty() && report.removed.is_empty());
    }
}

/// The property reaches both finishes: scored games and void cycles (seeded, counted, never zero).
#[test]
fn both_finishes_are_reached() {
    let simple_ko = Rules::by_name("chinese").unwrap();
    let size = Size::new(2, 2).unwrap();
    let (mut scored, mut void) = (0, 0);
    for seed in 0..400u64 {
        let mut rng = ttrules_games::Rng::new(seed);
        let choices: Vec<u8> = (0..60).map(|_| (32 + rng.below(200)) as u8).collect();
        match drive(Protocol::TrompTaylor, simple_ko, size, &choices).finish {
            Finish::Score { .. } => scored += 1,
            Finish::Void { .. } => void += 1,
        }
    }
    assert!(scored > 0 && void > 0, "scored {scored}, void {void}");
}
