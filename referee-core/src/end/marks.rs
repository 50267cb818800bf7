//! What every protocol shares (spec section 28): reading the dead lists (r[end.list]),
//! concessions (r[end.concession]) and disputed stones (r[end.dispute]), the record of a round
//! (r[end.round]), and the bookkeeping of a machine: its report, the game's first end, its finish.

use super::interface::{
    next_turn, vertices, EndProtocol, EndReport, Event, Finish, Request, Round, RoundOutcome,
};
use crate::judge::Judge;
use ttrules_spec::{Clause, Colour, Grid, Player, Point};

/// The points of `points` in point-index order, each once.
pub fn sorted(g: &Grid, mut points: Vec<Point>) -> Vec<Point> {
    let size = g.size();
    points.retain(|&p| size.contains(p));
    points.sort_by_key(|&p| size.index(p));
    points.dedup();
    points
}

/// The two answers of a round, as they come in (in either order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Exchange {
    black: Option<Option<Vec<Point>>>,
    white: Option<Option<Vec<Point>>>,
}

/// Both players' answers: `None` for a player that marked nothing (r[end.list]).
pub type Lists = (Option<Vec<Point>>, Option<Vec<Point>>);

impl Exchange {
    /// The requests that start a round.
    pub fn requests() -> Vec<Request> {
        vec![
            Request::DeadList(Player::Black),
            Request::DeadList(Player::White),
        ]
    }

    /// Takes one answer; both lists once each player has answered. A second answer of the same
    /// player replaces the first.
    pub fn put(&mut self, player: Player, list: Option<Vec<Point>>) -> Option<Lists> {
        match player {
            Player::Black => self.black = Some(list),
            Player::White => self.white = Some(list),
        }
        match (&self.black, &self.white) {
            (Some(b), Some(w)) => Some((b.clone(), w.clone())),
            _ => None,
        }
    }
}

/// A round's lists read on the position they were given on (r[end.list], r[end.concession],
/// r[end.dispute]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marking {
    /// Each list as read: the points that hold stones, in point-index order.
    pub black: Option<Vec<Point>>,
    pub white: Option<Vec<Point>>,
    /// Each player's marks on its own stones, both players', in point-index order: the agreed
    /// dead stones.
    pub concessions: Vec<Point>,
    /// The stones of colour C that C's opponent marks dead and C does not.
    pub disputed: Vec<Point>,
}

impl Marking {
    /// r[end.list]: "points that hold no stone are dropped"; r[end.concession]: "P's marks on P's
    /// own stones are concessions"; r[end.dispute]: "The stones of colour C that C's opponent
    /// marks dead and C does not mark dead are disputed."
    pub fn read(g: &Grid, lists: Lists) -> Marking {
        let stones = |list: Option<Vec<Point>>| {
            list.map(|l| {
                let mut l = sorted(g, l);
                l.retain(|&p| g.get(p) != Colour::Empty);
                l
            })
        };
        let (black, white) = (stones(lists.0), stones(lists.1));
        let of = |list: &Option<Vec<Point>>, c: Colour| -> Vec<Point> {
            list.iter()
                .flatten()
                .copied()
                .filter(|&p| g.get(p) == c)
                .collect()
        };
        let concessions = sorted(
            g,
            [of(&black, Colour::Black), of(&white, Colour::White)].concat(),
        );
        let disputed = sorted(
            g,
            of(&black, Colour::White)
                .into_iter()
                .chain(of(&white, Colour::Black))
                .filter(|p| !concessions.contains(p))
                .collect(),
        );
        Marking {
            black,
            white,
            concessions,
            disputed,
        }
    }

    /// The record of the round (r[end.round]), asked after `turn` turns.
    pub fn round(&self, turn: usize, outcome: RoundOutcome) -> Round {
        Round {
            turn,
            black_dead: self.black.as_deref().map(vertices),
            white_dead: self.white.as_deref().map(vertices),
            disputed: vertices(&self.disputed),
            outcome,
            first: None,
            turns: None,
            arbiter: None,
            copy_dead: None,
        }
    }
}

/// What [`Core::agree_or_resume`] made of a round.
#[derive(Clone, Debug)]
pub enum Settled {
    /// Agreed: the requests that score the game.
    Scored(Vec<Request>),
    /// Disputed: play resumes, `first` moving first; the concessions stand.
    Resume {
        first: Player,
        concessions: Vec<Point>,
    },
}

/// A protocol kept on a [`Core`]: only what it adds to the shared bookkeeping. Each such machine
/// is an [`EndProtocol`] through the one impl below: its name is its report's, nothing follows its
/// finish, its report is the core's.
pub trait OnCore: Send {
    fn core(&self) -> &Core;
    /// The clause of the spec that defines it ([`EndProtocol::clause`]).
    fn cites(&self) -> Clause;
    /// The requests that follow `event` before the finish ([`EndProtocol::on`]).
    fn react(&mut self, event: Event, game: &Judge) -> Vec<Request>;
}

impl<M: OnCore> EndProtocol for M {
    fn name(&self) -> &'static str {
        self.core().report.protocol
    }

    fn clause(&self) -> Clause {
        self.cites()
    }

    fn on(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        if self.core().finished {
            return Vec::new();
        }
        self.react(event, game)
    }

    fn report(&self) -> EndReport {
        self.core().report.clone()
    }
}

/// The bookkeeping every machine keeps: its report, the turns at the game's first end, whether it
/// has finished, the round being asked.
#[derive(Clone, Debug)]
pub struct Core {
    pub report: EndReport,
    /// The game's turns at its first end.
    pub first_end: Option<usize>,
    pub finished: bool,
    /// The answers of the round being asked.
    pub exchange: Option<Exchange>,
}

impl Core {
    pub fn new(protocol: &'static str) -> Core {
        Core {
            report: EndReport::new(protocol),
            first_end: None,
            finished: false,
            exchange: None,
        }
    }

    /// While the game goes on, its next turn (or the void finish); `None` at the ruleset's end,
    /// which is recorded as the first end if it is.
    pub fn next_turn(&mut self, game: &Judge) -> Option<Vec<Request>> {
        match next_turn(game) {
            Some(Request::Finish(f)) => Some(self.finish(game, f)),
            Some(r) => Some(vec![r]),
            None => {
                self.first_end.get_or_insert(game.turns().len());
                None
            }
        }
    }

    /// Starts a round: both players asked.
    pub fn ask(&mut self) -> Vec<Request> {
        self.exchange = Some(Exchange::default());
        Exchange::requests()
    }

    /// Takes a `DeadList` event; the marking once both have answered, read on `game`.
    pub fn answer(&mut self, event: &Event, game: &Judge) -> Option<Marking> {
        let Event::DeadList { player, list } = event else {
            return None;
        };
        let lists = self.exchange.as_mut()?.put(*player, list.clone())?;
        self.exchange = None;
        Some(Marking::read(&game.grid(), lists))
    }

    /// The finish: the stones removed recorded, the extra turns counted (on the game in play;
    /// a copy adds its own to `copy_turns` first), nothing asked after it.
    pub fn finish(&mut self, game: &Judge, finish: Finish) -> Vec<Request> {
        if let Finish::Score { dead } = &finish {
            self.report.removed = vertices(dead);
        }
        let first = self.first_end.unwrap_or(game.turns().len());
        self.report.extra_turns = game.turns().len().saturating_sub(first) + self.report.copy_turns;
        self.finished = true;
        vec![Request::Finish(finish)]
    }

    /// The finish that scores the game with `dead` removed.
    pub fn score(&mut self, game: &Judge, dead: Vec<Point>) -> Vec<Request> {
        let dead = sorted(&game.grid(), dead);
        self.finish(game, Finish::Score { dead })
    }

    /// Settles a round of answers the way `chinese` and `kgs` do: with nothing disputed the round
    /// is `agreed` and the game is scored with the concessions removed; with a dispute the round
    /// is `resumed`, the player to move (the one who passed first) moving first (r[end.resume]).
    pub fn agree_or_resume(&mut self, m: Marking, game: &Judge) -> Settled {
        let turn = game.turns().len();
        if m.disputed.is_empty() {
            self.report.rounds.push(m.round(turn, RoundOutcome::Agreed));
            return Settled::Scored(self.score(game, m.concessions));
        }
        let mut round = m.round(turn, RoundOutcome::Resumed);
        let first = game.to_move();
        round.first = Some(first.letter().to_string());
        round.turns = Some(0);
        self.report.rounds.push(round);
        Settled::Resume {
            first,
            concessions: m.concessions,
        }
    }

    /// The last round, to complete its record.
    pub fn last_round(&mut self) -> Option<&mut Round> {
        self.report.rounds.last_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ttrules_spec::Size;

    fn grid(rows: &[&str]) -> Grid {
        let size = Size::new(rows[0].len() as u32, rows.len() as u32).unwrap();
        Grid::from_rows(size, rows).unwrap()
    }

    fn pts(g: &Grid, s: &str) -> Vec<Point> {
        s.split_whitespace()
            .map(|v| Point::parse_gtp_on(v, g.size()).unwrap())
            .collect()
    }

    /// r[end.dispute] r[end.concession] r[end.list]: the four marking cases of the source.
    #[test]
    fn the_four_marking_cases() {
        // Black A3 B3, White C1, a lone White stone at A1.
        let g = grid(&["XX.", "...", "O.O"]);
        assert_eq!(g.size(), Size::square(3).unwrap());
        let read = |b: &str, w: &str| Marking::read(&g, (Some(pts(&g, b)), Some(pts(&g, w))));
        // Black marks White's A1 dead, White does not: disputed.
        let m = read("A1", "");
        assert_eq!(m.disputed, pts(&g, "A1"));
        assert!(m.concessions.is_empty());
        // White marks its own A1 dead, Black does not: a concession, nothing disputed.
        let m = read("", "A1");
        assert_eq!(m.concessions, pts(&g, "A1"));
        assert!(m.disputed.is_empty());
        // Both: Black concedes A3 B3 and marks C1; White marks nothing of Black's.
        let m = read("A3 B3 C1", "");
        assert_eq!(m.concessions, pts(&g, "A3 B3"));
        assert_eq!(m.disputed, pts(&g, "C1"));
        // Several groups at once; a stone both mark is a concession; empty points, repeats and
        // points off the grid are dropped.
        let m = read("A1 C1 B2 A1", "A3 C1");
        assert_eq!(m.concessions, pts(&g, "C1"));
        assert_eq!(m.disputed, pts(&g, "A1 A3"));
        assert_eq!(m.black, Some(pts(&g, "C1 A1")).map(|l| sorted(&g, l)));
        // A player that marked nothing concedes and disputes nothing.
        let m = Marking::read(&g, (None, Some(pts(&g, "A3"))));
        assert_eq!(m.disputed, pts(&g, "A3"));
        assert_eq!(m.black, None);
        let round = m.round(7, RoundOutcome::AllAlive);
        assert_eq!(round.black_dead, None);
        assert_eq!(round.white_dead, Some(vec!["A3".to_string()]));
    }

    #[test]
    fn an_exchange_waits_for_both_answers() {
        let mut x = Exchange::default();
        assert_eq!(x.put(Player::White, None), None);
        let p = Point::new(0, 0);
        assert_eq!(
            x.put(Player::Black, Some(vec![p])),
            Some((Some(vec![p]), None))
        );
    }
}
