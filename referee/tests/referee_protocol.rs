//! The end protocols as pure state machines, driven without processes: random games under every
//! kind of ruleset, with a scripted player, against the machine of `--end tromp-taylor`.

use proptest::prelude::*;
use ttrules_referee::end::{Event, Finish, Protocol, Request};
use ttrules_referee::judge::Judge;
use ttrules_reference::Reference;
use ttrules_spec::{Engine, Komi, Move, Rules, Size};

/// What one game driven through a machine gave: the finish, the turns, the requests made.
struct Driven {
    finish: Finish,
    judge: Judge,
    requests: usize,
}

/// Drives `protocol` on a game of `rules` on `size`: each Genmove is answered by `choices` (a
/// byte picks a legal point, or a pass for 0..=31), then by passes once they run out.
fn drive(protocol: Protocol, rules: Rules, size: Size, choices: &[u8]) -> Driven {
    let mut j = Judge::new(size, rules, Komi::ZERO);
    let mut m = protocol.machine();
    let mut queue: std::collections::VecDeque<Request> = m.on(Event::Start, &j).into();
    let mut next = choices.iter();
    let mut requests = 0;
    while let Some(r) = queue.pop_front() {
        requests += 1;
        // r[ref.end.protocol]: a bound on its steps. Every request of tromp-taylor is a turn (or
        // the finish), and a game of passes ends within a few turns once the choices run out.
        assert!(requests <= choices.len() + 8, "the machine does not end");
        match r {
            Request::Genmove(p) => {
                assert_eq!(p, j.to_move(), "a Genmove for the player to move");
                assert!(!j.is_over(), "no Genmove after the end");
                let legal = j.engine().legal_points();
                let mv = match next.next() {
                    Some(&b) if b >= 32 && !legal.is_empty() => {
                        Move::Play(legal[b as usize % legal.len()])
                    }
                    _ => Move::Pass,
                };
                j.play(mv, false).expect("a legal choice");
                queue.extend(m.on(Event::Turn { player: p, mv }, &j));
            }
            r @ (Request::DeadList(_)
            | Request::Cleanup(_)
            | Request::Arbiter
            | Request::Resume
            | Request::Copy
            | Request::Discard) => panic!("tromp-taylor asks for {r:?}"),
            Request::Finish(finish) => {
                assert!(queue.is_empty(), "nothing after the finish");
                return Driven {
                    finish,
                    judge: j,
                    requests,
                };
            }
        }
    }
    panic!("the machine stopped without a finish")
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
        prop_assert!(d.judge.is_over());
        prop_assert_eq!(d.requests, d.judge.turns().len() + 1);
        let mut r = Reference::new(size, rules);
        for t in d.judge.turns() {
            r.play(t.mv).unwrap();
        }
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
