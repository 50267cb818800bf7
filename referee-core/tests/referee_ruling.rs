//! The rulings of section 25 on one `genmove` answer (`referee::ruling::rule`), without processes:
//! every kind of answer (a vertex, pass, resign, a failure, garbage, a crash, nothing), early or
//! late, with or without a clock, on games where the vertex is legal, occupied, a ko recapture or
//! off the grid. r[ref.order]: time first (r[ref.time]), then a fault (r[ref.fault]), a
//! resignation (r[ref.resign]), an illegal attempt (r[ref.illegal]).

use proptest::prelude::*;
use std::collections::BTreeMap;
use std::time::Duration;

use ttrules_referee_core::ending::EndKind;
use ttrules_referee_core::judge::Judge;
use ttrules_referee_core::ruling::{rule, Asked, Came, Reply, Ruling};
use ttrules_spec::{Clause, Engine, Komi, Move, Rules, Size};

/// The answers the cases draw from.
const TEXTS: &[&str] = &[
    "resign", "RESIGN", "pass", "A1", "B2", "C3", "E5", "T19", "hello", "", "=", "a1 b2",
];

/// A 5x5 game after `moves` turns chosen by `seed` among the legal points (passes when none).
fn game(rules: Rules, seed: u64, moves: usize) -> Judge {
    let mut j = Judge::new(Size::square(5).unwrap(), rules, Komi::ZERO);
    let mut rng = ttrules_games::Rng::new(seed);
    for _ in 0..moves {
        if j.is_over() {
            break;
        }
        let legal = j.engine().legal_points();
        let mv = rng.pick(&legal).map_or(Move::Pass, Move::Play);
        j.play(mv, false).unwrap();
    }
    j
}

/// What r[ref.order] says of one answer, clause by clause: the first that applies decides.
fn expected(came: &Came, took: Duration, budget: Option<Duration>, g: &Judge) -> Option<EndKind> {
    let late = budget.is_some_and(|b| matches!(came, Came::Nothing) || took >= b);
    let text = match came {
        Came::Reply(Reply::Success(t)) => Some(t.trim()),
        _ => None,
    };
    let fault = match text {
        None => true,
        Some(t) => !t.eq_ignore_ascii_case("resign") && Move::parse_gtp(t).is_err(),
    };
    let resigned = text.is_some_and(|t| t.eq_ignore_ascii_case("resign"));
    let illegal = text
        .and_then(|t| Move::parse_gtp(t).ok())
        .is_some_and(|mv| g.check(mv).is_err());
    [
        (late, EndKind::Time),
        (fault, EndKind::Fault),
        (resigned, EndKind::Resignation),
        (illegal, EndKind::Illegal),
    ]
    .into_iter()
    .find(|(applies, _)| *applies)
    .map(|(_, kind)| kind)
}

/// Rules on one case and checks it against [`expected`]: the kind, the loser, the clause, whether
/// the process is ended, the attempt. `None` for a turn, else the kind of ending.
fn one(came: Came, took: Duration, budget: Option<Duration>, g: &Judge) -> Option<EndKind> {
    let p = g.to_move();
    let asked = Asked {
        player: p,
        command: "genmove",
    };
    let ruling = rule(asked, &came, took, budget, g);
    let want = expected(&came, took, budget, g);
    match ruling {
        Ruling::Turn(mv) => {
            assert_eq!(
                want, None,
                "{came:?} after {took:?} of {budget:?}: played {mv}"
            );
            assert!(g.check(mv).is_ok());
            None
        }
        Ruling::Ends {
            ending,
            kill,
            attempt,
        } => {
            assert_eq!(
                Some(ending.by),
                want,
                "{came:?} after {took:?} of {budget:?}: {ending:?}"
            );
            assert_eq!(ending.player, Some(p));
            let clause = match ending.by {
                EndKind::Time => Clause::RefTime,
                EndKind::Fault => Clause::RefFault,
                EndKind::Resignation => Clause::RefResign,
                _ => ending.clause,
            };
            assert_eq!(ending.clause, clause);
            // The process is ended after time and faults (a late answer is out of step).
            assert_eq!(kill, matches!(ending.by, EndKind::Time | EndKind::Fault));
            assert_eq!(attempt.is_some(), ending.by == EndKind::Illegal);
            if ending.by == EndKind::Illegal {
                assert!(ending.reason.is_some() && ending.detail.contains("r[ref.illegal]"));
            }
            Some(ending.by)
        }
    }
}

fn came_of(kind: u8, text: usize) -> Came {
    match kind % 6 {
        0 => Came::Nothing,
        1 => Came::Fault {
            kind: "crash",
            detail: "the engine exited".into(),
        },
        2 => Came::Reply(Reply::Failure("cannot play".into())),
        _ => Came::Reply(Reply::Success(TEXTS[text % TEXTS.len()].into())),
    }
}

fn rules_of(i: usize) -> Rules {
    let names = ["tromp-taylor", "chinese", "japanese", "aga"];
    Rules::by_name(names[i % names.len()]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// r[ref.order] r[ref.time] r[ref.fault] r[ref.resign] r[ref.illegal]: every answer, at every
    /// time, is ruled by the first clause that applies.
    #[test]
    fn rulings_follow_the_order(
        rules in 0usize..4,
        seed in any::<u64>(),
        moves in 0usize..30,
        kind in any::<u8>(),
        text in any::<usize>(),
        took_ms in 0u64..3000,
        budget_ms in proptest::option::of(1u64..3000),
    ) {
        let g = game(rules_of(rules), seed, moves);
        prop_assume!(!g.is_over());
        let budget = budget_ms.map(Duration::from_millis);
        one(came_of(kind, text), Duration::from_millis(took_ms), budget, &g);
    }
}

/// The generator reaches every ruling, and turns (seeded, counted, never zero).
#[test]
fn every_ruling_is_reached() {
    let mut rng = ttrules_games::Rng::new(19);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for i in 0..3000 {
        let g = game(rules_of(i), rng.next_u64(), rng.below(30));
        if g.is_over() {
            continue;
        }
        let came = came_of(rng.below(256) as u8, rng.below(TEXTS.len()));
        let took = Duration::from_millis(rng.below(3000) as u64);
        let budget = rng
            .percent(50)
            .then(|| Duration::from_millis(1 + rng.below(2999) as u64));
        let kind = one(came, took, budget, &g).map_or("turn".into(), |k| k.word().to_string());
        *seen.entry(kind).or_default() += 1;
    }
    for kind in ["turn", "time", "fault", "resignation", "illegal"] {
        assert!(
            seen.get(kind).copied().unwrap_or(0) > 0,
            "{kind} never reached: {seen:?}"
        );
    }
}

/// Named cases: what comes late loses on time whatever it is; what comes in time is judged.
#[test]
// long: a table of late answers of every kind, each with the ending it must get (rustfmt
// writes each case on six lines); the table is the test.
fn late_answers_lose_on_time_whatever_they_are() {
    let g = game(rules_of(0), 7, 6);
    let occupied = g.turns().iter().find_map(|t| match t.mv {
        Move::Play(p) => Some(p.gtp()),
        Move::Pass => None,
    });
    let occupied = occupied.expect("a stone on the board");
    let second = Duration::from_secs(1);
    let say = |t: &str| Came::Reply(Reply::Success(t.into()));
    type Case<'a> = (&'a str, Came, Duration, Option<Duration>, Option<EndKind>);
    let cases: Vec<Case> = vec![
        (
            "a late resignation",
            say("resign"),
            2 * second,
            Some(second),
            Some(EndKind::Time),
        ),
        (
            "a late illegal move",
            say(&occupied),
            2 * second,
            Some(second),
            Some(EndKind::Time),
        ),
        (
            "garbage after the budget",
            say("hello"),
            2 * second,
            Some(second),
            Some(EndKind::Time),
        ),
        (
            "a crash after the budget",
            came_of(1, 0),
            2 * second,
            Some(second),
            Some(EndKind::Time),
        ),
        (
            "an answer at exactly the time left",
            say("pass"),
            second,
            Some(second),
            Some(EndKind::Time),
        ),
        (
            "no answer under a clock",
            Came::Nothing,
            second,
            Some(second),
            Some(EndKind::Time),
        ),
        (
            "no answer without a clock",
            Came::Nothing,
            second,
            None,
            Some(EndKind::Fault),
        ),
        (
            "garbage in time",
            say("hello"),
            second / 2,
            Some(second),
            Some(EndKind::Fault),
        ),
        (
            "a failure in time",
            came_of(2, 0),
            second / 2,
            Some(second),
            Some(EndKind::Fault),
        ),
        (
            "a resignation in time",
            say("resign"),
            second / 2,
            Some(second),
            Some(EndKind::Resignation),
        ),
        (
            "an illegal move in time",
            say(&occupied),
            second / 2,
            Some(second),
            Some(EndKind::Illegal),
        ),
        (
            "off the grid",
            say("T19"),
            Duration::ZERO,
            None,
            Some(EndKind::Illegal),
        ),
        (
            "a pass in time",
            say("pass"),
            second / 2,
            Some(second),
            None,
        ),
    ];
    for (name, came, took, budget, want) in cases {
        let p = g.to_move();
        let asked = Asked {
            player: p,
            command: "genmove",
        };
        let got = match rule(asked, &came, took, budget, &g) {
            Ruling::Turn(_) => None,
            Ruling::Ends { ending, .. } => Some(ending.by),
        };
        assert_eq!(got, want, "{name}");
        assert_eq!(one(came, took, budget, &g), want, "{name}");
    }
}
