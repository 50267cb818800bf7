//! The `Engine` trait that every engine implements, and the observable state that engines must
//! agree on.

use crate::colour::{Colour, Player};
use crate::grid::Grid;
use crate::moves::Move;
use crate::point::{Point, Size};
use crate::rules::Rules;
use crate::score::Score;
use crate::verdict::{Illegal, TurnReport};

/// A game in progress under some rules, able to judge and play the attempts of the player to move.
///
/// Engines differ in how they compute, never in what they answer: every method's answer is fixed by
/// `spec/RULES.md`, and [`Observation`] gathers all of them for comparison.
pub trait Engine: Clone + std::fmt::Debug {
    /// A short name for reports, e.g. `reference`.
    const NAME: &'static str;

    /// A new game on the empty grid, Black to move (r[tt.start]).
    fn new(size: Size, rules: Rules) -> Self;

    fn size(&self) -> Size;

    fn rules(&self) -> Rules;

    /// Plays `mv` for the player to move, if it is legal (r[tt.turn]); otherwise changes nothing
    /// and says why (r[tt.turn.attempt], r[verdict.order]).
    fn play(&mut self, mv: Move) -> Result<TurnReport, Illegal>;

    /// The verdict `play(mv)` would give, without playing.
    fn check(&self, mv: Move) -> Result<(), Illegal>;

    /// Appends the legal moves of the player to move, in point-index order (r[verdict.legal-moves]),
    /// to `out` (which is not cleared first).
    fn legal_points_into(&self, out: &mut Vec<Point>);

    /// The legal moves of the player to move, in point-index order (r[verdict.legal-moves]).
    fn legal_points(&self) -> Vec<Point> {
        let mut out = Vec::new();
        self.legal_points_into(&mut out);
        out
    }

    /// The colour of one point, which must be on the grid.
    fn colour_at(&self, p: Point) -> Colour;

    /// The whole colouring.
    fn grid(&self) -> Grid;

    /// The player to move (after the end: the player who would have been next).
    fn to_move(&self) -> Player;

    /// How many passes in a row ended the sequence of turns so far (0 after a move).
    fn consecutive_passes(&self) -> u32;

    /// Whether the game has ended (r[tt.end]).
    fn is_over(&self) -> bool;

    /// The scores of the current colouring (r[tt.score]), before komi.
    fn score(&self) -> Score;

    /// How many turns (moves and passes, not illegal attempts) have been taken.
    fn turns(&self) -> u32;
}

/// Everything an engine lets the world observe about a game, gathered in one value so that two
/// engines can be compared with `==` and a new observable cannot be forgotten by a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub grid: Grid,
    pub to_move: Player,
    pub consecutive_passes: u32,
    pub over: bool,
    pub turns: u32,
    pub score: Score,
    pub legal_points: Vec<Point>,
}

impl Observation {
    /// Reads every observable of `e`.
    pub fn of<E: Engine>(e: &E) -> Observation {
        Observation {
            grid: e.grid(),
            to_move: e.to_move(),
            consecutive_passes: e.consecutive_passes(),
            over: e.is_over(),
            turns: e.turns(),
            score: e.score(),
            legal_points: e.legal_points(),
        }
    }
}
