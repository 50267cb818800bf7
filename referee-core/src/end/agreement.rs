//! `--end agreement` (r[end.agreement]): at the ruleset's end, one round of dead lists. Agreed:
//! the agreed dead stones (the concessions) are removed. A dispute: the disputed stones stay on
//! the board (`all-alive`), the concessions are removed all the same (r[end.concession]). Bound:
//! one round, no turn added.

use super::interface::{Event, Request, RoundOutcome};
use super::marks::{Core, OnCore};
use crate::judge::Judge;
use ttrules_spec::Clause;

#[derive(Clone, Debug)]
pub struct Agreement {
    core: Core,
}

impl Default for Agreement {
    fn default() -> Agreement {
        Agreement {
            core: Core::new("agreement"),
        }
    }
}

impl OnCore for Agreement {
    fn core(&self) -> &Core {
        &self.core
    }

    fn cites(&self) -> Clause {
        Clause::EndAgreement
    }

    fn react(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        match event {
            Event::Start | Event::Turn { .. } if self.core.exchange.is_none() => {
                match self.core.next_turn(game) {
                    Some(r) => r,
                    None => self.core.ask(),
                }
            }
            Event::DeadList { .. } => match self.core.answer(&event, game) {
                Some(m) => {
                    let outcome = if m.disputed.is_empty() {
                        RoundOutcome::Agreed
                    } else {
                        RoundOutcome::AllAlive
                    };
                    self.core
                        .report
                        .rounds
                        .push(m.round(game.turns().len(), outcome));
                    self.core.score(game, m.concessions)
                }
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }
}
