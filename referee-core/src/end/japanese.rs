//! `--end japanese` (r[end.japanese]), the source's Japanese-rules protocol: at the ruleset's end
//! a round of dead lists. Agreed: scored with the agreed dead stones removed. A dispute: the game
//! is copied ([`Request::Copy`]), resumed on the copy and played on there, every turn a cleanup
//! turn ([`Request::Cleanup`]), until the copy's end or the move limit; each disputed chain's final status on the copy
//! (r[end.japanese.final-status]) is applied to the original, which is scored with the dead
//! chains and the concessions removed; the copy is discarded ([`Request::Discard`]).
//!
//! Bound: one round, then the copy's turns, bounded as a game's are (r[end.bound]) and counted by
//! the move limit, which this machine applies to the copy itself.

use super::interface::{vertices, Event, Request, RoundOutcome};
use super::marks::{sorted, Core, OnCore};
use crate::judge::Judge;
use ttrules_spec::{Clause, Colour, Grid, Point};

/// The play-out on the copy.
#[derive(Clone, Debug)]
struct Playout {
    /// The copy's turns when it started (the game's at the end).
    start: usize,
    /// The disputed chains: colour and points.
    chains: Vec<(Colour, Vec<Point>)>,
    /// Whether a turn of the copy has emptied each chain.
    dead: Vec<bool>,
    concessions: Vec<Point>,
}

#[derive(Clone, Debug)]
pub struct Japanese {
    core: Core,
    max_turns: Option<u32>,
    playout: Option<Playout>,
}

impl Japanese {
    pub fn new(max_turns: Option<u32>) -> Japanese {
        Japanese {
            core: Core::new("japanese"),
            max_turns,
            playout: None,
        }
    }

    /// The next request on the copy: a turn, or the resolution at the copy's end or the limit.
    fn step(&mut self, copy: &Judge) -> Vec<Request> {
        let Some(po) = &mut self.playout else {
            return Vec::new();
        };
        // r[end.japanese.final-status]: "dead when a turn of the copy empties one of its points".
        // Checked after every turn, so a point emptied and filled again later is not missed.
        let g = copy.grid();
        for (i, (c, points)) in po.chains.iter().enumerate() {
            if !po.dead[i] && g.get(points[0]) != *c {
                po.dead[i] = true;
            }
        }
        let turns = copy.turns().len() - po.start;
        self.core.report.copy_turns = turns;
        if let Some(round) = self.core.report.rounds.last_mut() {
            round.turns = Some(turns);
        }
        let at_limit = self
            .max_turns
            .is_some_and(|n| copy.turns().len() as u32 >= n);
        if !copy.is_over() && !at_limit {
            // r[end.japanese]: the play-out's turns are cleanup turns.
            return vec![Request::Cleanup(copy.to_move())];
        }
        let dead_chains: Vec<Point> = po
            .chains
            .iter()
            .zip(&po.dead)
            .filter(|(_, &d)| d)
            .flat_map(|((_, pts), _)| pts.iter().copied())
            .collect();
        let dead_chains = sorted(&g, dead_chains);
        let removed = [po.concessions.clone(), dead_chains.clone()].concat();
        if let Some(round) = self.core.report.rounds.last_mut() {
            round.copy_dead = Some(vertices(&dead_chains));
        }
        let mut out = vec![Request::Discard];
        out.extend(self.core.score(copy, removed));
        // The game itself had no turn after its end: the extra turns are the copy's.
        self.core.report.extra_turns = turns;
        self.playout = None;
        out
    }
}

/// The chain (r[tt.derived.chain]) of the stone at `p`, in point-index order.
pub fn chain(g: &Grid, p: Point) -> Vec<Point> {
    let c = g.get(p);
    let size = g.size();
    let mut seen = vec![false; size.area()];
    let mut stack = vec![p];
    seen[size.index(p)] = true;
    let mut out = Vec::new();
    while let Some(q) = stack.pop() {
        out.push(q);
        for r in ttrules_games::neighbours(size, q) {
            if !seen[size.index(r)] && g.get(r) == c {
                seen[size.index(r)] = true;
                stack.push(r);
            }
        }
    }
    sorted(g, out)
}

impl OnCore for Japanese {
    fn core(&self) -> &Core {
        &self.core
    }

    fn cites(&self) -> Clause {
        Clause::EndJapanese
    }

    fn react(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        match event {
            Event::Turn { .. } if self.playout.is_some() => self.step(game),
            Event::Start | Event::Turn { .. } if self.core.exchange.is_none() => {
                match self.core.next_turn(game) {
                    Some(r) => r,
                    None => self.core.ask(),
                }
            }
            Event::DeadList { .. } => {
                let Some(m) = self.core.answer(&event, game) else {
                    return Vec::new();
                };
                if m.disputed.is_empty() {
                    let round = m.round(game.turns().len(), RoundOutcome::Agreed);
                    self.core.report.rounds.push(round);
                    return self.core.score(game, m.concessions);
                }
                let g = game.grid();
                let mut chains: Vec<(Colour, Vec<Point>)> = Vec::new();
                for &p in &m.disputed {
                    if !chains.iter().any(|(_, pts)| pts.contains(&p)) {
                        chains.push((g.get(p), chain(&g, p)));
                    }
                }
                let mut round = m.round(game.turns().len(), RoundOutcome::CopyResolved);
                round.first = Some(game.to_move().letter().to_string());
                round.turns = Some(0);
                self.core.report.rounds.push(round);
                self.playout = Some(Playout {
                    start: game.turns().len(),
                    dead: vec![false; chains.len()],
                    chains,
                    concessions: m.concessions,
                });
                // The copy is the game in play after these two requests; the copy resumed is the
                // game resumed, so `step` can be asked on the game as it stands: its end has been
                // left, and the player to move is the same.
                let mut out = vec![Request::Copy, Request::Resume];
                let mut resumed = game.clone();
                resumed.resume().expect("the game ended, not void");
                out.extend(self.step(&resumed));
                out
            }
            _ => Vec::new(),
        }
    }
}
