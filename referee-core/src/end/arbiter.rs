//! `--end arbiter` (r[end.arbiter]): a third party decides which stones are dead. Under
//! `--arbiter-when dispute` a round of dead lists comes first; agreed: scored with the agreed dead
//! stones removed; a dispute: the disputed stones the arbiter calls dead are removed with the
//! concessions. Under `--arbiter-when always` the players are not asked and the arbiter's dead
//! stones are removed. The arbiter is `proven` (r[end.arbiter.proven], computed here: the stones
//! standing in the opponent's pass-alive territory) or an engine (r[end.arbiter.engine], asked
//! with [`Request::Arbiter`]).
//!
//! Bound: one round, one arbiter question, no turn added.

use super::interface::{vertices, Event, Request, Round, RoundOutcome};
use super::marks::{sorted, Core, Marking, OnCore};
use crate::judge::Judge;
use serde::Serialize;
use ttrules_spec::{Clause, Colour, Engine, Point};

/// Who arbitrates under `--end arbiter`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArbiterKind {
    /// The stones standing in the opponent's pass-alive territory (r[end.arbiter.proven]).
    Proven,
    /// A third GTP engine, asked with [`Request::Arbiter`] (r[end.arbiter.engine]).
    Engine,
}

/// When the arbiter decides (`--arbiter-when`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "kebab-case")]
pub enum ArbiterWhen {
    /// Only when the players' lists disagree.
    Dispute,
    /// Always; the players are not asked.
    Always,
}

#[derive(Clone, Debug)]
pub struct Arbiter {
    core: Core,
    kind: ArbiterKind,
    when: ArbiterWhen,
    /// Waiting for the arbiter engine: the round's marking (`None` under `always`).
    waiting: Option<Option<Marking>>,
}

impl Arbiter {
    pub fn new(kind: ArbiterKind, when: ArbiterWhen) -> Arbiter {
        Arbiter {
            core: Core::new("arbiter"),
            kind,
            when,
            waiting: None,
        }
    }

    /// r[end.arbiter.proven]: "exactly the stones standing in the opponent's pass-alive territory
    /// (r[life.territory]) on the position at the end, under the match's suicide parameter".
    pub fn proven(game: &Judge) -> Vec<Point> {
        let g = game.grid();
        game.engine().pass_alive().dead_stones(&g)
    }

    /// Asks the arbiter for `marking`'s round (`None`: no lists were asked).
    fn consult(&mut self, game: &Judge, marking: Option<Marking>) -> Vec<Request> {
        match self.kind {
            ArbiterKind::Proven => self.decide(game, marking, Some(Arbiter::proven(game))),
            ArbiterKind::Engine => {
                self.waiting = Some(marking);
                vec![Request::Arbiter]
            }
        }
    }

    /// r[end.arbiter]: the disputed stones the arbiter calls dead are removed together with the
    /// concessions; without lists, the arbiter's dead stones. An arbiter without an answer calls
    /// nothing dead.
    fn decide(
        &mut self,
        game: &Judge,
        marking: Option<Marking>,
        list: Option<Vec<Point>>,
    ) -> Vec<Request> {
        let g = game.grid();
        let mut called = sorted(&g, list.unwrap_or_default());
        called.retain(|&p| g.get(p) != Colour::Empty);
        let turn = game.turns().len();
        let (mut round, removed) = match marking {
            Some(m) => {
                let removed: Vec<Point> = m
                    .concessions
                    .iter()
                    .chain(m.disputed.iter().filter(|p| called.contains(p)))
                    .copied()
                    .collect();
                (m.round(turn, RoundOutcome::Arbitrated), removed)
            }
            None => (
                Round {
                    turn,
                    black_dead: None,
                    white_dead: None,
                    disputed: Vec::new(),
                    outcome: RoundOutcome::Arbitrated,
                    first: None,
                    turns: None,
                    arbiter: None,
                    copy_dead: None,
                },
                called.clone(),
            ),
        };
        round.arbiter = Some(vertices(&called));
        self.core.report.rounds.push(round);
        self.core.score(game, removed)
    }
}

impl OnCore for Arbiter {
    fn core(&self) -> &Core {
        &self.core
    }

    fn cites(&self) -> Clause {
        match self.kind {
            ArbiterKind::Proven => Clause::EndArbiterProven,
            ArbiterKind::Engine => Clause::EndArbiterEngine,
        }
    }

    fn react(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        match event {
            Event::Start | Event::Turn { .. }
                if self.core.exchange.is_none() && self.waiting.is_none() =>
            {
                match self.core.next_turn(game) {
                    Some(r) => r,
                    None if self.when == ArbiterWhen::Always => self.consult(game, None),
                    None => self.core.ask(),
                }
            }
            Event::DeadList { .. } => match self.core.answer(&event, game) {
                Some(m) if m.disputed.is_empty() => {
                    let round = m.round(game.turns().len(), RoundOutcome::Agreed);
                    self.core.report.rounds.push(round);
                    self.core.score(game, m.concessions)
                }
                Some(m) => self.consult(game, Some(m)),
                None => Vec::new(),
            },
            Event::Arbiter { list } => match self.waiting.take() {
                Some(marking) => self.decide(game, marking, list),
                None => Vec::new(),
            },
            _ => Vec::new(),
        }
    }
}
