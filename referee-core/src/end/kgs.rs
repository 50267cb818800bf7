//! `--end kgs` (r[end.kgs]), the KGS Computer Go Tournament rules as the source gives them: at
//! the ruleset's end a round of dead lists. Agreed: scored with the agreed dead stones removed. A
//! dispute: play resumes (r[end.resume]) in cleanup, every turn asked with
//! [`Request::Cleanup`] (`kgs-genmove_cleanup` where the engine lists it); at the next end no list
//! is asked and every stone on the board is alive.
//!
//! Bound: one round; then the cleanup, a stretch of play bounded as the game is (r[end.bound]).

use super::interface::{Event, Request};
use super::marks::{Core, OnCore, Settled};
use crate::judge::Judge;
use ttrules_spec::Clause;

#[derive(Clone, Debug)]
pub struct Kgs {
    core: Core,
    /// The game's turns when the cleanup began.
    cleanup: Option<usize>,
}

impl Default for Kgs {
    fn default() -> Kgs {
        Kgs {
            core: Core::new("kgs"),
            cleanup: None,
        }
    }
}

impl OnCore for Kgs {
    fn core(&self) -> &Core {
        &self.core
    }

    fn cites(&self) -> Clause {
        Clause::EndKgs
    }

    fn react(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        match event {
            Event::Start | Event::Turn { .. } if self.core.exchange.is_none() => {
                if let (Some(from), Some(round)) = (self.cleanup, self.core.last_round()) {
                    round.turns = Some(game.turns().len() - from);
                }
                match self.core.next_turn(game) {
                    Some(mut r) if self.cleanup.is_some() => {
                        // r[end.kgs]: every turn of the cleanup is a cleanup genmove.
                        for req in &mut r {
                            if let Request::Genmove(p) = *req {
                                *req = Request::Cleanup(p);
                            }
                        }
                        r
                    }
                    Some(r) => r,
                    // The end after the cleanup: every stone on the board alive.
                    None if self.cleanup.is_some() => self.core.score(game, Vec::new()),
                    None => self.core.ask(),
                }
            }
            Event::DeadList { .. } => {
                let Some(m) = self.core.answer(&event, game) else {
                    return Vec::new();
                };
                match self.core.agree_or_resume(m, game) {
                    Settled::Scored(requests) => requests,
                    Settled::Resume { first, .. } => {
                        self.cleanup = Some(game.turns().len());
                        vec![Request::Resume, Request::Cleanup(first)]
                    }
                }
            }
            _ => Vec::new(),
        }
    }
}
