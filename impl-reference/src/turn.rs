//! Sections 2 (turns), 3 (moves), 4 (the end), 7 (verdicts) and 12 (suicide) of the spec, and the
//! `Engine` interface over them.

use crate::clear::clear;
use crate::end;
use crate::game::{Record, Turn};
use crate::life;
use crate::reach::reaches;
use crate::repetition;
use crate::score;
use ttrules_spec::{
    Colour, DeadError, Engine, Grid, Illegal, Komi, Move, Outcome, PassAlive, Player, Point,
    Prisoners, ResumeError, Rules, Score, Setup, SetupError, Size, Suicide, TurnReport,
};

/// A game under some rules, kept as the rules describe it: how it started and every turn taken.
#[derive(Clone, Debug)]
pub struct Reference {
    rules: Rules,
    record: Record,
}

/// The result of a move, before it is committed: r[tt.move], all three steps.
struct MoveResult {
    grid: Grid,
    report: TurnReport,
}

impl Reference {
    /// The game record: the start and every turn taken, each with the colouring it left. Scoring
    /// functions of [`score`] take it with any rules whose legality and end are these rules' (a
    /// breakdown under another counting, tax or komi of the same game).
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// r[tt.move]: "A move by a player consists of three steps, in this order: colouring an empty
    /// point that player's colour; then clearing the opponent's colour; then clearing the player's
    /// own colour." Performed on a copy; the caller decides whether the result stands.
    fn move_result(&self, p: Point) -> MoveResult {
        let player = self.to_move();
        let mut grid = self.record.grid().clone();
        // r[tt.move.empty]: colour the (empty) point the player's colour.
        grid.set(p, player.colour());
        // r[tt.move.clear-opponent]: then clear the opponent's colour.
        let captured = clear(&mut grid, player.opponent().colour());
        // r[tt.move.clear-self]: then clear the player's own colour, on what is left.
        let suicided = clear(&mut grid, player.colour());
        MoveResult {
            grid,
            report: TurnReport { captured, suicided },
        }
    }

    /// Judges `mv` in the order of r[verdict.order] and r[var.verdict.order] and, when it is a
    /// legal move, returns what it produces. `None` is a legal pass.
    fn judge(&self, mv: Move) -> Result<Option<MoveResult>, Illegal> {
        // r[tt.end]: "Once the game has ended, no turn is legal, neither a move nor a pass."
        if self.is_over() {
            return Err(Illegal::GameOver);
        }
        let p = match mv {
            // r[tt.turn.pass]: "It is always legal while the game has not ended."
            Move::Pass => return Ok(None),
            Move::Play(p) => p,
        };
        // r[tt.board]: a move is on a point of the W x H grid.
        if !self.size().contains(p) {
            return Err(Illegal::OffGrid);
        }
        // r[tt.move.empty]: "The point of a move must be empty."
        if self.record.grid().get(p) != Colour::Empty {
            return Err(Illegal::Occupied);
        }
        let result = self.move_result(p);
        match self.rules.suicide {
            // r[var.suicide.allowed]: the move stands; repetition decides.
            Suicide::Allowed => {}
            // r[var.suicide.multi-only]: "the stone just placed is emptied together with no other
            // stone".
            Suicide::MultiStoneOnly => {
                if result.report.suicided == 1 && result.grid.get(p) == Colour::Empty {
                    return Err(Illegal::SingleStoneSuicide);
                }
            }
            // r[var.suicide.forbidden]: "any point is emptied" by the own clearing.
            Suicide::Forbidden => {
                if result.report.suicided > 0 {
                    return Err(Illegal::Suicide);
                }
            }
        }
        // r[tt.turn.repetition] and section 11: the repetition parameter decides.
        repetition::judge(
            &self.record,
            self.rules.repetition,
            repetition::new_history_start(&self.rules, || {
                end::first_pass(&self.record).map(|(i, _)| i)
            }),
            self.to_move(),
            &result.grid,
        )?;
        Ok(Some(result))
    }
}

impl Engine for Reference {
    const NAME: &'static str = "reference";

    /// r[tt.start], r[var.setup]: "The setup colouring must be a legal position (every stone
    /// reaches empty)".
    fn from_setup(setup: &Setup, rules: Rules) -> Result<Reference, SetupError> {
        let g = &setup.grid;
        if let Some(p) = g
            .size()
            .points()
            .find(|&p| g.get(p) != Colour::Empty && !reaches(g, p, Colour::Empty))
        {
            return Err(SetupError::StoneWithoutPath(p));
        }
        Ok(Reference {
            rules,
            record: Record {
                start: setup.clone(),
                turns: Vec::new(),
                resumed: 0,
            },
        })
    }

    fn size(&self) -> Size {
        self.record.start.grid.size()
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    /// r[tt.turn]: "The players take turns alternately"; r[tt.turn.attempt]: "An illegal attempt is
    /// not a turn: it changes nothing".
    fn play(&mut self, mv: Move) -> Result<TurnReport, Illegal> {
        let player = self.to_move();
        let (after, report) = match self.judge(mv)? {
            // r[tt.turn.pass]: "A pass changes no point".
            None => (self.record.grid().clone(), TurnReport::default()),
            Some(result) => (result.grid, result.report),
        };
        self.record.turns.push(Turn {
            player,
            mv,
            after,
            report,
        });
        Ok(report)
    }

    fn check(&self, mv: Move) -> Result<(), Illegal> {
        self.judge(mv).map(|_| ())
    }

    /// r[verdict.legal-moves]: "the points of the grid on which a move by the player to move is
    /// legal, listed in the order of the point index".
    fn legal_points_into(&self, out: &mut Vec<Point>) {
        out.extend(
            self.size()
                .points()
                .filter(|&p| self.check(Move::Play(p)).is_ok()),
        );
    }

    fn colour_at(&self, p: Point) -> Colour {
        self.record.grid().get(p)
    }

    fn grid(&self) -> Grid {
        self.record.grid().clone()
    }

    fn to_move(&self) -> Player {
        self.record.to_move()
    }

    fn consecutive_passes(&self) -> u32 {
        end::consecutive_passes(&self.record, &self.rules)
    }

    fn is_over(&self) -> bool {
        end::is_over(&self.record, &self.rules)
    }

    fn is_void(&self) -> bool {
        repetition::is_void(&self.record, &self.rules)
    }

    fn turns(&self) -> u32 {
        self.record.turns.len() as u32
    }

    fn prisoners(&self) -> Prisoners {
        score::prisoners(&self.record, &self.rules)
    }

    fn first_passer(&self) -> Option<Player> {
        end::first_pass(&self.record).map(|(_, p)| p)
    }

    fn handicap(&self) -> u32 {
        end::handicap(&self.record)
    }

    fn score_with_dead(&self, dead: &[Point]) -> Result<Score, DeadError> {
        score::final_score(&self.record, &self.rules, dead)
    }

    fn outcome(&self, komi: Komi, dead: &[Point]) -> Result<Outcome, DeadError> {
        score::outcome(&self.record, &self.rules, komi, dead)
    }

    /// r[life.area], on the colouring now.
    fn pass_alive(&self) -> PassAlive {
        life::pass_alive(self.record.grid(), self.rules.suicide)
    }

    /// r[end.resume]: "the passes before it count for nothing toward the end"; "A void game … is
    /// never resumed." The record keeps every turn; only where the end's passes are counted from
    /// changes.
    fn resume(&mut self) -> Result<(), ResumeError> {
        if !self.is_over() {
            return Err(ResumeError::NotOver);
        }
        if self.is_void() {
            return Err(ResumeError::Void);
        }
        self.record.resumed = self.record.turns.len();
        Ok(())
    }
}
