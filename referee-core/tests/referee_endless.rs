//! Every game ends (issue 19, defect 1): the referee's match loop (`sim::run`, the loop real
//! engines run) with players that cycle through their choices forever, under every kind of
//! ruleset on small boards. A game ends by the ruleset, by a void cycle (r[var.ko.simple.cycle],
//! or r[ref.cycle] for a cycle with a pass in it), or at the default move limit
//! (r[ref.limit.default]); never by running on.

use proptest::prelude::*;
use std::collections::HashMap;
use ttrules_referee_core::end::{EndOptions, Finish, Protocol};
use ttrules_referee_core::ending::EndKind;
use ttrules_referee_core::endless::{default_max_turns, OCCURRENCES};
use ttrules_referee_core::judge::Judge;
use ttrules_referee_core::sim::{self, Ending, Players, Run};
use ttrules_reference::Reference;
use ttrules_spec::{Clause, Engine, Grid, Komi, Move, Player, Point, Repetition, Rules, Size};

/// Players that take their choices from `bytes` round and round, so that they never run out:
/// a byte below `pass_below` is a pass, any other picks a legal point. They mark nothing dead.
struct Cycling {
    bytes: Vec<u8>,
    next: usize,
    pass_below: u8,
}

impl Players for Cycling {
    fn genmove(&mut self, game: &Judge, _p: Player, _cleanup: bool, _copy: bool) -> Move {
        let b = self.bytes[self.next % self.bytes.len()];
        self.next += 1;
        let legal = game.engine().legal_points();
        if b < self.pass_below || legal.is_empty() {
            Move::Pass
        } else {
            Move::Play(legal[usize::from(b) % legal.len()])
        }
    }

    fn dead_list(&mut self, _game: &Judge, _p: Player) -> Option<Vec<Point>> {
        None
    }
}

/// One game under `protocol` with the default move limit.
fn one(protocol: Protocol, rules: Rules, size: Size, bytes: Vec<u8>, pass_below: u8) -> Run {
    let limit = default_max_turns(size);
    let opts = EndOptions {
        max_turns: Some(limit),
        ..EndOptions::default()
    };
    let mut m = protocol.machine_with(&opts);
    let mut players = Cycling {
        bytes,
        next: 0,
        pass_below,
    };
    let judge = Judge::new(size, rules, Komi::ZERO);
    sim::run(m.as_mut(), judge, &mut players, Some(limit))
        .unwrap_or_else(|e| panic!("{protocol:?} under {rules}: {e}"))
}

/// The situations after each turn since the last resumption (the first: the one it started
/// from), replayed by the reference engine.
fn situations(run: &Run) -> Vec<((Grid, Player), Option<Move>)> {
    let j = &run.judge;
    let mut r = Reference::new(j.size(), j.rules());
    let mut out = vec![((r.grid(), r.to_move()), None)];
    for (i, t) in j.turns().iter().enumerate() {
        if j.resumptions().contains(&i) {
            r.resume().unwrap();
            out = vec![((r.grid(), r.to_move()), None)];
        }
        r.play(t.mv).unwrap();
        out.push(((r.grid(), r.to_move()), Some(t.mv)));
    }
    out
}

/// What kind of ending a run had, checked: `"cycle-with-pass"`, `"cycle"` (r[ref.cycle] without a
/// pass between the occurrences), `"simple-ko-cycle"`, `"limit"`, `"scored"`.
fn check(run: &Run, rules: Rules, size: Size) -> Result<&'static str, TestCaseError> {
    let limit = default_max_turns(size) as usize;
    prop_assert!(run.judge.turns().len() <= limit);
    if run.ended.clause == Clause::RefCycle {
        prop_assert_eq!(rules.repetition, Repetition::SimpleKo);
        prop_assert_eq!(run.ended.by, EndKind::VoidCycle);
        let void = matches!(run.ending, Ending::Finished(Finish::Void { .. }));
        prop_assert!(void, "a void finish");
        prop_assert!(!run.judge.is_over(), "the ruleset's end comes first");
        // The last situation is the first to occur three times since the start or resumption.
        let s = situations(run);
        let mut seen: HashMap<&(Grid, Player), usize> = HashMap::new();
        for (i, (sit, _)) in s.iter().enumerate() {
            let n = seen.entry(sit).or_default();
            *n += 1;
            if i + 1 < s.len() {
                prop_assert!(*n < OCCURRENCES as usize, "an earlier third occurrence");
            } else {
                prop_assert_eq!(*n, OCCURRENCES as usize);
            }
        }
        let last = &s.last().unwrap().0;
        let first = s.iter().position(|(x, _)| x == last).unwrap();
        let passes = s[first + 1..].iter().any(|(_, mv)| *mv == Some(Move::Pass));
        return Ok(if passes { "cycle-with-pass" } else { "cycle" });
    }
    Ok(match &run.ending {
        Ending::MoveLimit => {
            prop_assert_eq!(run.judge.turns().len(), limit);
            "limit"
        }
        Ending::Finished(Finish::Void { .. }) => {
            prop_assert!(run.judge.is_void());
            prop_assert_eq!(run.ended.clause, Clause::VarKoSimpleCycle);
            "simple-ko-cycle"
        }
        Ending::Finished(Finish::Score { .. }) => "scored",
        Ending::Illegal { .. } => {
            return Err(TestCaseError::fail("a legal choice was illegal"));
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// r[ref.cycle] r[ref.limit.default] r[var.ko.simple.cycle]: whatever the players do, round
    /// and round, every game ends, within the default limit, and a game voided by r[ref.cycle]
    /// is one whose situation has just occurred for the third time.
    #[test]
    fn every_game_ends(
        rules_index in 0usize..6912,
        chinese in any::<bool>(),
        w in 1u32..=4,
        h in 1u32..=3,
        bytes in proptest::collection::vec(any::<u8>(), 1..12),
        pass_below in 0u8..80,
    ) {
        let all = Rules::all();
        let rules = all[rules_index % all.len()];
        let size = Size::new(w, h).unwrap();
        let protocol = if chinese { Protocol::Chinese } else { Protocol::TrompTaylor };
        let run = one(protocol, rules, size, bytes, pass_below);
        check(&run, rules, size)?;
    }
}

/// The loop reaches cycles with a pass in them under simple ko (seeded, counted, never zero), and
/// the other endings too. Before r[ref.cycle], each cycle with a pass ran to the move limit.
#[test]
fn cycles_with_passes_are_reached_and_void() {
    let simple = ["chinese", "japanese", "aga"].map(|n| Rules::by_name(n).unwrap());
    let mut counts: HashMap<&'static str, usize> = HashMap::new();
    for seed in 0..600u64 {
        let mut rng = ttrules_games::Rng::new(seed);
        let rules = simple[rng.below(3)];
        let size = Size::new(1 + rng.below(4) as u32, 1 + rng.below(3) as u32).unwrap();
        let bytes: Vec<u8> = (0..1 + rng.below(10))
            .map(|_| rng.below(256) as u8)
            .collect();
        let pass_below = rng.below(60) as u8;
        let protocol = if seed % 2 == 0 {
            Protocol::TrompTaylor
        } else {
            Protocol::Chinese
        };
        let run = one(protocol, rules, size, bytes, pass_below);
        let kind = check(&run, rules, size).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        *counts.entry(kind).or_default() += 1;
    }
    for kind in ["cycle-with-pass", "simple-ko-cycle", "scored"] {
        assert!(
            counts.get(kind).copied().unwrap_or(0) > 0,
            "{kind}: {counts:?}"
        );
    }
    eprintln!("endings of 600 cycling games under simple ko: {counts:?}");
}

/// r[ref.cycle]: a cycle with passes in it, by hand, on a 3x1 board under chinese rules (simple
/// ko). Black's lone stone on C1 with White to move comes round after turns 1, 5 and 11 (captures
/// of two stones by one and of one by two, with passes between); each pass restarts the count of
/// r[var.ko.simple.cycle], so only the referee's count ends the game: void at turn 11.
#[test]
fn a_cycle_with_passes_by_hand_is_void() {
    let rules = Rules::by_name("chinese").unwrap();
    let size = Size::new(3, 1).unwrap();
    let mut s = sim::Script::new(
        &["C1", "pass", "C1", "A1", "pass", "C1"],
        &["A1", "B1", "pass", "B1", "A1"],
    );
    let limit = default_max_turns(size);
    let mut m = Protocol::TrompTaylor.machine();
    let judge = Judge::new(size, rules, Komi::ZERO);
    let run = sim::run(m.as_mut(), judge, &mut s, Some(limit)).unwrap();
    assert_eq!(run.ended.clause, Clause::RefCycle, "{:?}", run.ended);
    assert_eq!(run.judge.turns().len(), 11);
    assert_eq!(check(&run, rules, size).unwrap(), "cycle-with-pass");
    assert!(
        run.ended.detail.contains("passes included"),
        "{}",
        run.ended.detail
    );
    // Under positional superko the same players cannot cycle: no r[ref.cycle].
    let mut s = sim::Script::new(
        &["C1", "pass", "C1", "A1", "pass", "C1"],
        &["A1", "B1", "pass", "B1", "A1"],
    );
    let tt = Rules::TROMP_TAYLOR;
    let mut m = Protocol::TrompTaylor.machine();
    let run = sim::run(
        m.as_mut(),
        Judge::new(size, tt, Komi::ZERO),
        &mut s,
        Some(limit),
    )
    .unwrap();
    assert_ne!(run.ended.clause, Clause::RefCycle, "{:?}", run.ended);
}
