//! `--end agreement` (r[end.agreement]): at the ruleset's end, one round of dead lists. Agreed:
//! the agreed dead stones (the concessions) are removed. A dispute: the disputed stones stay on
//! the board (`all-alive`), the concessions are removed all the same (r[end.concession]). Bound:
//! one round, no turn added.

use super::marks::Core;
use super::{EndProtocol, EndReport, Event, Request, RoundOutcome};
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

impl EndProtocol for Agreement {
    fn name(&self) -> &'static str {
        "agreement"
    }

    fn clause(&self) -> Clause {
        Clause::EndAgreement
    }

    fn on(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        if self.core.finished {
            return Vec::new();
        }
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

    fn report(&self) -> EndReport {
        self.core.report.clone()
    }
}
