//! `--end tromp-taylor` (r[ref.end.tromp-taylor]): the game goes on until the ruleset's end
//! (two passes; White's last under `aga`), nothing is removed, and it is scored by the ruleset.
//! The engines are never asked about dead stones.

use super::interface::{Event, Request};
use super::marks::{Core, OnCore};
use crate::judge::Judge;
use ttrules_spec::Clause;

/// The machine: it asks for turns until the game is over, then scores it as it stands.
#[derive(Clone, Debug)]
pub struct TrompTaylor {
    core: Core,
}

impl Default for TrompTaylor {
    fn default() -> TrompTaylor {
        TrompTaylor {
            core: Core::new("tromp-taylor"),
        }
    }
}

impl OnCore for TrompTaylor {
    fn core(&self) -> &Core {
        &self.core
    }

    fn cites(&self) -> Clause {
        Clause::RefEndTrompTaylor
    }

    fn react(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        match event {
            Event::Start | Event::Turn { .. } => match self.core.next_turn(game) {
                Some(r) => r,
                None => self.core.score(game, Vec::new()),
            },
            // Never asked for; an answer changes nothing.
            Event::DeadList { .. } | Event::Arbiter { .. } => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::end::{EndProtocol, Finish};
    use ttrules_games::Rng;
    use ttrules_spec::{Engine, Komi, Move, Rules, Size};

    /// Drives the machine with a scripted random player until it finishes; returns the finish and
    /// the number of turns.
    fn drive(rules: Rules, size: Size, seed: u64) -> (Finish, usize) {
        let mut j = Judge::new(size, rules, Komi::ZERO);
        let mut m = TrompTaylor::default();
        let mut rng = Rng::new(seed);
        let mut queue = m.on(Event::Start, &j);
        let mut steps = 0;
        while let Some(r) = queue.first().cloned() {
            queue.remove(0);
            steps += 1;
            assert!(steps < 10_000, "the machine does not end");
            match r {
                Request::Genmove(p) => {
                    assert_eq!(p, j.to_move());
                    let legal = j.engine().legal_points();
                    let mv = if legal.is_empty() || rng.percent(10) {
                        Move::Pass
                    } else {
                        Move::Play(legal[rng.below(legal.len())])
                    };
                    j.play(mv, false).unwrap();
                    queue.extend(m.on(Event::Turn { player: p, mv }, &j));
                }
                Request::DeadList(_) => panic!("tromp-taylor never asks for lists"),
                r @ (Request::Cleanup(_)
                | Request::Arbiter
                | Request::Resume
                | Request::Copy
                | Request::Discard) => panic!("tromp-taylor asks for {r:?}"),
                Request::Finish(f) => {
                    assert!(queue.is_empty());
                    assert!(
                        m.on(Event::Start, &j).is_empty(),
                        "nothing after the finish"
                    );
                    return (f, j.turns().len());
                }
            }
        }
        panic!("no finish");
    }

    /// r[ref.end.tromp-taylor]: the machine asks the player to move until the ruleset's end, then
    /// scores with nothing removed; under simple ko a void cycle ends the game void.
    #[test]
    fn asks_for_turns_until_the_end_then_scores_everything_alive() {
        let mut scored = 0;
        for seed in 0..40 {
            for name in ["tromp-taylor", "aga", "chinese"] {
                let rules = Rules::by_name(name).unwrap();
                let (f, turns) = drive(rules, Size::square(4).unwrap(), seed);
                assert!(turns >= 2);
                match f {
                    Finish::Score { dead } => {
                        assert!(dead.is_empty());
                        scored += 1;
                    }
                    Finish::Void { reason } => {
                        assert_eq!(name, "chinese");
                        assert!(reason.contains("r[var.ko.simple.cycle]"));
                    }
                }
            }
        }
        assert!(scored > 100, "{scored}");
        assert_eq!(TrompTaylor::default().report().removed.len(), 0);
    }
}
