//! The end-of-game protocols of spec Part VII (`ttrules_referee_core::end`) driven by fuzz bytes: the
//! first bytes choose the protocol, the ruleset, the board (1..=5 by 1..=5), the arbiter's kind
//! and when it is asked, and the move limit; the rest drive the players and the arbiter
//! (`sim::BytePlayers`: each turn, each dead list and each arbiter answer takes bytes; lists are
//! none, empty, the proven dead stones, every stone, the opponent's, the player's own, or a random
//! set). Every run must keep the contract of the machines (`sim::run`) and what `sim::check`
//! states: the bound of r[end.bound], only conceded, agreed, arbitrated or captured stones
//! removed, and the result equal to the reference engine's score of the final position.

use ttrules_referee_core::end::{
    ArbiterKind, ArbiterWhen, EndOptions, Finish, Protocol, RoundOutcome,
};
use ttrules_referee_core::judge::Judge;
use ttrules_referee_core::sim::{self, BytePlayers, Ending};
use ttrules_spec::{Komi, Rules, Size};

/// What one input reached, for the corpus test's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EndStats {
    pub games: u64,
    pub rounds: u64,
    pub disputed: u64,
    pub resumed: u64,
    pub copies: u64,
    pub arbitrated: u64,
    pub all_alive: u64,
    pub removed: u64,
    pub move_limits: u64,
}

impl EndStats {
    pub fn add(&mut self, o: &EndStats) {
        self.games += o.games;
        self.rounds += o.rounds;
        self.disputed += o.disputed;
        self.resumed += o.resumed;
        self.copies += o.copies;
        self.arbitrated += o.arbitrated;
        self.all_alive += o.all_alive;
        self.removed += o.removed;
        self.move_limits += o.move_limits;
    }
}

/// Runs the protocol the bytes describe; `Err` with a report when a property fails.
pub fn end_protocol(data: &[u8]) -> Result<EndStats, String> {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let protocol = Protocol::ALL[usize::from(byte(0)) % Protocol::ALL.len()];
    let rules = if protocol == Protocol::Jihuozi {
        Rules::by_name(["jihuozi", "ancient-chinese"][usize::from(byte(1)) % 2])
            .expect("a named ruleset")
    } else {
        let all = Rules::all();
        all[(usize::from(byte(1)) << 8 | usize::from(byte(2))) % all.len()]
    };
    let size = Size::new(1 + u32::from(byte(3) % 5), 1 + u32::from(byte(3) / 5 % 5))
        .expect("a board of 1 to 5 by 1 to 5");
    let opts = EndOptions {
        arbiter: if byte(4) & 1 == 0 {
            ArbiterKind::Proven
        } else {
            ArbiterKind::Engine
        },
        arbiter_when: if byte(4) & 2 == 0 {
            ArbiterWhen::Dispute
        } else {
            ArbiterWhen::Always
        },
        max_turns: Some(10 + u32::from(byte(5) % 128)),
    };
    let pass_below = byte(6) % 64;
    let rest = data.get(7..).unwrap_or_default();
    let describe = || format!("{protocol:?} under {rules} on {size}, {opts:?}");
    let mut machine = protocol.machine_with(&opts);
    let mut players = BytePlayers::new(rest, pass_below);
    let judge = Judge::new(size, rules, Komi::ZERO);
    let run = sim::run(machine.as_mut(), judge, &mut players, opts.max_turns)
        .map_err(|e| format!("{}: {e}", describe()))?;
    sim::check(&run).map_err(|e| format!("{}: {e}\n{:#?}", describe(), run.report))?;
    let limit = opts.max_turns.unwrap_or(u32::MAX) as usize;
    if run.judge.turns().len() > limit {
        return Err(format!("{}: {} turns", describe(), run.judge.turns().len()));
    }
    let mut s = EndStats {
        games: 1,
        rounds: run.report.rounds.len() as u64,
        ..EndStats::default()
    };
    for r in &run.report.rounds {
        s.disputed += u64::from(!r.disputed.is_empty());
        match r.outcome {
            RoundOutcome::Resumed => s.resumed += 1,
            RoundOutcome::CopyResolved => s.copies += 1,
            RoundOutcome::Arbitrated => s.arbitrated += 1,
            RoundOutcome::AllAlive => s.all_alive += 1,
            RoundOutcome::Agreed => {}
        }
    }
    match &run.ending {
        Ending::Finished(Finish::Score { dead }) => s.removed += dead.len() as u64,
        Ending::MoveLimit => s.move_limits += 1,
        _ => {}
    }
    Ok(s)
}
