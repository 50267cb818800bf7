//! Property tests of the end protocols of spec Part VII: random games under random rulesets on
//! small boards, with players driven by bytes (`sim::BytePlayers`: random turns, and dead lists
//! that are none, empty, the proven dead stones, every stone, every stone of the opponent, every
//! own stone or a random set, chosen anew at every question; the arbiter likewise).

use proptest::prelude::*;
use std::collections::BTreeMap;
use ttrules_referee_core::end::{ArbiterKind, ArbiterWhen, EndOptions, Finish, Protocol};
use ttrules_referee_core::judge::Judge;
use ttrules_referee_core::sim::{self, BytePlayers, Ending, Run};
use ttrules_spec::{Komi, Rules, Size};

/// One game of `protocol`: rules from `rules_index` (a ruleset the protocol accepts), the board,
/// the options, and the bytes that drive the players.
fn one(
    protocol: Protocol,
    rules_index: usize,
    size: Size,
    options: u8,
    max_turns: u32,
    bytes: &[u8],
) -> Run {
    let all = Rules::all();
    let rules = if protocol == Protocol::Jihuozi {
        let names = ["jihuozi", "ancient-chinese"];
        Rules::by_name(names[rules_index % 2]).unwrap()
    } else {
        all[rules_index % all.len()]
    };
    let opts = EndOptions {
        arbiter: if options & 1 == 0 {
            ArbiterKind::Proven
        } else {
            ArbiterKind::Engine
        },
        arbiter_when: if options & 2 == 0 {
            ArbiterWhen::Dispute
        } else {
            ArbiterWhen::Always
        },
        max_turns: Some(max_turns),
    };
    let judge = Judge::new(size, rules, Komi::ZERO);
    let mut machine = protocol.machine_with(&opts);
    let mut players = BytePlayers::new(bytes, 20);
    sim::run(machine.as_mut(), judge, &mut players, opts.max_turns)
        .unwrap_or_else(|e| panic!("{protocol:?} under {rules}: {e}"))
}

/// r[end.bound] r[end.concession] r[end.dispute] r[end.round] r[end.abuse]: whatever the players
/// mark and play, every protocol ends (within `sim::MAX_REQUESTS` requests and the move limit, with
/// at most one round more than the moves after the first end: `sim::check`), removes only
/// conceded, agreed, arbitrated or captured stones, and its result is the reference engine's
/// score of the final position it reports with the stones it removed.
fn property(
    protocol: Protocol,
    rules_index: usize,
    w: u32,
    h: u32,
    options: u8,
    max_turns: u32,
    bytes: &[u8],
) -> Result<Run, TestCaseError> {
    let size = Size::new(w, h).unwrap();
    let r = one(protocol, rules_index, size, options, max_turns, bytes);
    prop_assert!(r.judge.turns().len() <= max_turns as usize);
    if let Some(c) = &r.copy {
        prop_assert!(c.turns().len() <= max_turns as usize + 1);
    }
    prop_assert!(r.requests.total <= sim::MAX_REQUESTS);
    if let Err(e) = sim::check(&r) {
        return Err(TestCaseError::fail(format!(
            "{protocol:?}: {e}\n{:#?}",
            r.report
        )));
    }
    Ok(r)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn every_protocol_ends_and_scores_its_final_position(
        p in 0usize..7,
        rules_index in 0usize..6912,
        w in 1u32..=5,
        h in 1u32..=5,
        options in any::<u8>(),
        max_turns in 10u32..120,
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
    ) {
        property(Protocol::ALL[p], rules_index, w, h, options, max_turns, &bytes)?;
    }
}

/// The property reaches what it is about: seeded games of every protocol, counted by outcome,
/// with disputes, resumed play, cleanups, copies, arbiters, all-alive ends, removed stones and
/// move limits; each count must be above zero.
#[test]
fn the_property_reaches_every_outcome() {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut add = |k: String| *counts.entry(k).or_default() += 1;
    for seed in 0..120u64 {
        let mut rng = ttrules_games::Rng::new(seed);
        for protocol in Protocol::ALL {
            let bytes: Vec<u8> = (0..200).map(|_| rng.below(256) as u8).collect();
            let (w, h) = (3 + rng.below(3) as u32, 3 + rng.below(3) as u32);
            let rules_index = rng.below(6912);
            let options = rng.below(4) as u8;
            let r = property(protocol, rules_index, w, h, options, 100, &bytes)
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let name = protocol.name();
            for round in &r.report.rounds {
                add(format!("{name} {}", round.outcome.word()));
                if !round.disputed.is_empty() {
                    add(format!("{name} disputed"));
                }
            }
            match &r.ending {
                Ending::Finished(Finish::Score { dead }) if !dead.is_empty() => {
                    add(format!("{name} removed"))
                }
                Ending::MoveLimit => add("move limit".into()),
                _ => {}
            }
            if r.report.rounds.len() > 1 {
                add(format!("{name} several rounds"));
            }
            if r.report.copy_turns > 0 {
                add(format!("{name} copy turns"));
            }
            if r.requests.cleanup > 0 {
                add(format!("{name} cleanup"));
            }
        }
    }
    eprintln!("{counts:#?}");
    let want = [
        "agreement agreed",
        "agreement all-alive",
        "agreement removed",
        "chinese agreed",
        "chinese resumed",
        "chinese all-alive",
        "chinese several rounds",
        "chinese removed",
        "kgs agreed",
        "kgs resumed",
        "kgs cleanup",
        "japanese copy-resolved",
        "japanese copy turns",
        "japanese removed",
        "arbiter arbitrated",
        "arbiter agreed",
        "arbiter removed",
        "jihuozi resumed",
        "jihuozi all-alive",
        "jihuozi agreed",
        "jihuozi removed",
        "move limit",
    ];
    for k in want {
        assert!(
            counts.get(k).copied().unwrap_or(0) > 0,
            "never reached: {k}\n{counts:#?}"
        );
    }
}
