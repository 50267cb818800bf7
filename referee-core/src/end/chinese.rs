//! `--end chinese` (r[end.chinese]), the source's Chinese-rules protocol: at each end of the game
//! a round of dead lists. Agreed: scored with the agreed dead stones removed. A dispute: play
//! resumes (r[end.resume]), the player who passed first moving first. Resumed play that ends
//! without a move (four passes in a row) ends the protocol `all-alive`, the round's concessions
//! removed; an end after a move starts a new round.
//!
//! Bound (r[end.bound]): every round but the last is followed by at least one move, so there are
//! at most one more rounds than moves after the first end; each round asks two lists.

use super::interface::{Event, Request, RoundOutcome};
use super::marks::{Core, OnCore, Settled};
use crate::judge::Judge;
use ttrules_spec::{Clause, Point};

#[derive(Clone, Debug)]
pub struct Chinese {
    core: Core,
    /// The game's turns at the last resumption, while the play it started goes on.
    resumed: Option<usize>,
    /// The concessions of the last round, which stand if it ends all alive (r[end.concession]).
    concessions: Vec<Point>,
}

impl Chinese {
    pub fn new() -> Chinese {
        Chinese::named("chinese")
    }

    /// The same procedure under another name (`jihuozi` runs it, r[end.jihuozi]).
    pub fn named(protocol: &'static str) -> Chinese {
        Chinese {
            core: Core::new(protocol),
            resumed: None,
            concessions: Vec::new(),
        }
    }
}

impl Default for Chinese {
    fn default() -> Chinese {
        Chinese::new()
    }
}

impl OnCore for Chinese {
    fn core(&self) -> &Core {
        &self.core
    }

    fn cites(&self) -> Clause {
        Clause::EndChinese
    }

    fn react(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        match event {
            Event::Start | Event::Turn { .. } if self.core.exchange.is_none() => {
                if let (Some(from), Some(round)) = (self.resumed, self.core.last_round()) {
                    round.turns = Some(game.turns().len() - from);
                }
                if let Some(r) = self.core.next_turn(game) {
                    return r;
                }
                // An end. After resumed play without a move: every stone alive but the round's
                // concessions.
                if self.resumed.take().is_some() && !game.moved_since_resumption() {
                    if let Some(round) = self.core.last_round() {
                        round.outcome = RoundOutcome::AllAlive;
                    }
                    let dead = std::mem::take(&mut self.concessions);
                    return self.core.score(game, dead);
                }
                self.core.ask()
            }
            Event::DeadList { .. } => {
                let Some(m) = self.core.answer(&event, game) else {
                    return Vec::new();
                };
                match self.core.agree_or_resume(m, game) {
                    Settled::Scored(requests) => requests,
                    Settled::Resume { first, concessions } => {
                        self.resumed = Some(game.turns().len());
                        self.concessions = concessions;
                        vec![Request::Resume, Request::Genmove(first)]
                    }
                }
            }
            _ => Vec::new(),
        }
    }
}
