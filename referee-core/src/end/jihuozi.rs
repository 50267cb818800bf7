//! `--end jihuozi` (r[end.jihuozi]), the counting-living-stones source: the `chinese` procedure
//! (dead stones by agreement, a disagreement resolved by play from the pause, 实战解决一), and, when
//! a round is settled, the finish of Part V on the position with the removed stones agreed dead
//! and the reserved points chosen automatically: the counts, the reserved points and the ideal
//! final position go into the report.
//!
//! Bound: as `chinese` (r[end.bound]).

use super::chinese::Chinese;
use super::interface::{
    vertices, Counts, EndProtocol, EndReport, Event, Finish, Ideal, Request, StoneCount,
};
use crate::judge::Judge;
use ttrules_reference::finish::{finish, Count, DeadStones, Eyes, Pause};
use ttrules_spec::{
    Clause, Counting, End, FirstPass, HandicapCompensation, Rules, Setup, Tax, Ties,
};

#[derive(Clone, Debug)]
pub struct Jihuozi {
    inner: Chinese,
    count: Option<(Counts, Vec<String>, Ideal)>,
}

impl Jihuozi {
    pub fn new() -> Jihuozi {
        Jihuozi {
            inner: Chinese::named("jihuozi"),
            count: None,
        }
    }

    /// r[end.jihuozi]: "a ruleset whose score is that count: area counting with the group tax, two
    /// passes to end, no first-pass value, ties as ties and no handicap compensation". The reason
    /// when `rules` is not one.
    pub fn unsupported(rules: Rules) -> Option<String> {
        let mut why = Vec::new();
        if rules.counting != Counting::Area {
            why.push("area counting (r[var.count.area])");
        }
        if rules.tax != Tax::All {
            why.push("the group tax (r[var.tax.all.blocks])");
        }
        if rules.end != End::TwoPasses {
            why.push("two passes to end (r[tt.end])");
        }
        if rules.first_pass != FirstPass::Nothing {
            why.push("no first-pass value");
        }
        if rules.ties != Ties::Draw {
            why.push("ties as ties (r[tt.winner])");
        }
        if rules.handicap != HandicapCompensation::None {
            why.push("no handicap compensation");
        }
        (!why.is_empty()).then(|| {
            format!(
                "--end jihuozi counts living stones, which is the score of a ruleset with {} \
                 (r[end.jihuozi]); {rules} lacks it: use --rules jihuozi or ancient-chinese",
                why.join(", ")
            )
        })
    }

    /// The finish of Part V on the game as it stands with `dead` agreed dead.
    fn count(game: &Judge, dead: &[ttrules_spec::Point]) -> (Counts, Vec<String>, Ideal) {
        let setup = Setup {
            grid: game.grid(),
            to_move: game.to_move(),
            handicap: 0,
        };
        let pause = Pause::after_two_passes(setup, game.rules())
            .expect("a position of the game pauses after two passes");
        let f = finish(
            &pause,
            &DeadStones::Agreed(dead.to_vec()),
            &Eyes::Auto,
            game.komi(),
        )
        .expect("stones of the game agreed dead");
        debug_assert!(f.disputes.is_empty(), "r[finish.dispute]: never disputed");
        let c = |n: &Count| StoneCount {
            board: n.board,
            roads: n.roads,
            ideal: n.ideal,
        };
        let reserved = f.drawn_reserved();
        let diagram = ttrules_draw::zh::diagram(&f.ideal, &[]).join("\n");
        (
            Counts {
                black: c(&f.count.black),
                white: c(&f.count.white),
            },
            vertices(&reserved),
            Ideal {
                grid: f.ideal.clone(),
                roads: [f.roads.black.clone(), f.roads.white.clone()],
                reserved,
                diagram,
            },
        )
    }
}

impl Default for Jihuozi {
    fn default() -> Jihuozi {
        Jihuozi::new()
    }
}

impl EndProtocol for Jihuozi {
    fn name(&self) -> &'static str {
        "jihuozi"
    }

    fn clause(&self) -> Clause {
        Clause::EndJihuozi
    }

    fn on(&mut self, event: Event, game: &Judge) -> Vec<Request> {
        let out = self.inner.on(event, game);
        for r in &out {
            if let Request::Finish(Finish::Score { dead }) = r {
                self.count = Some(Jihuozi::count(game, dead));
            }
        }
        out
    }

    fn report(&self) -> EndReport {
        let mut r = self.inner.report();
        if let Some((counts, reserved, ideal)) = &self.count {
            r.count = Some(*counts);
            r.reserved = Some(reserved.clone());
            r.ideal = Some(ideal.clone());
        }
        r
    }
}
