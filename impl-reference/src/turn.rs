//! Sections 2 (turns), 3 (moves), 4 (the end) and 7 (verdicts) of the spec.

use crate::clear::clear;
use crate::score::score;
use ttrules_spec::{
    Colour, Engine, Grid, Illegal, Move, Player, Point, Rules, Score, Size, TurnReport,
};

/// A game under the Tromp-Taylor rules, kept as the rules describe it: the colouring, every earlier
/// colouring, whose turn it is, and the passes that lead toward the end.
#[derive(Clone, Debug)]
pub struct Reference {
    rules: Rules,
    grid: Grid,
    /// r[tt.turn.repetition]: "The earlier colourings are the starting colouring (every point empty)
    /// and the colouring after each earlier move of the game." Passes add nothing
    /// (r[tt.note.pass-no-colouring]).
    earlier_colourings: Vec<Grid>,
    to_move: Player,
    consecutive_passes: u32,
    turns: u32,
}

/// The result of a legal move, before it is committed: r[tt.move], all three steps.
struct MoveResult {
    grid: Grid,
    report: TurnReport,
}

impl Reference {
    /// r[tt.move]: "A move by a player consists of three steps, in this order: colouring an empty
    /// point that player's colour; then clearing the opponent's colour; then clearing the player's
    /// own colour." Performed on a copy; the caller decides, by r[tt.turn.repetition], whether the
    /// result stands.
    fn move_result(&self, p: Point) -> MoveResult {
        let player = self.to_move;
        let mut grid = self.grid.clone();
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

    /// r[tt.turn.repetition]: "A move is legal only if the colouring it produces (after both
    /// clearings of r[tt.move]) is different from every earlier colouring."
    fn repeats_an_earlier_colouring(&self, g: &Grid) -> bool {
        self.earlier_colourings.iter().any(|earlier| earlier == g)
    }

    /// Judges `mv` in the order of r[verdict.order] and, when it is a legal move, returns what it
    /// produces. `None` is a legal pass.
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
        if self.grid.get(p) != Colour::Empty {
            return Err(Illegal::Occupied);
        }
        let result = self.move_result(p);
        // r[tt.turn.repetition]: "A move that would produce an earlier colouring is illegal."
        if self.repeats_an_earlier_colouring(&result.grid) {
            return Err(Illegal::Repetition);
        }
        Ok(Some(result))
    }
}

impl Engine for Reference {
    const NAME: &'static str = "reference";

    /// r[tt.start]: "The game starts with every point empty, and Black takes the first turn."
    fn new(size: Size, rules: Rules) -> Reference {
        let grid = Grid::empty(size);
        Reference {
            rules,
            earlier_colourings: vec![grid.clone()],
            grid,
            to_move: Player::Black,
            consecutive_passes: 0,
            turns: 0,
        }
    }

    fn size(&self) -> Size {
        self.grid.size()
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    /// r[tt.turn]: "The players take turns alternately"; r[tt.turn.attempt]: "An illegal attempt is
    /// not a turn: it changes nothing".
    fn play(&mut self, mv: Move) -> Result<TurnReport, Illegal> {
        let report = match self.judge(mv)? {
            // r[tt.turn.pass]: "A pass changes no point"; it counts toward the end (r[tt.end]).
            None => {
                self.consecutive_passes += 1;
                TurnReport::default()
            }
            Some(result) => {
                // r[tt.end]: "A move between two passes breaks the sequence."
                self.consecutive_passes = 0;
                self.grid = result.grid;
                self.earlier_colourings.push(self.grid.clone());
                result.report
            }
        };
        self.to_move = self.to_move.opponent();
        self.turns += 1;
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
        self.grid.get(p)
    }

    fn grid(&self) -> Grid {
        self.grid.clone()
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn consecutive_passes(&self) -> u32 {
        self.consecutive_passes
    }

    /// r[tt.end]: "The game ends after two consecutive passes".
    fn is_over(&self) -> bool {
        self.consecutive_passes >= 2
    }

    fn score(&self) -> Score {
        score(&self.grid)
    }

    fn turns(&self) -> u32 {
        self.turns
    }
}
