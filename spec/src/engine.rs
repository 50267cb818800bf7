//! The `Engine` trait that every engine implements, and the observable state that engines must
//! agree on.

use crate::colour::{Colour, Player};
use crate::grid::Grid;
use crate::life::PassAlive;
use crate::moves::Move;
use crate::point::{Point, Size};
use crate::rules::{Komi, Rules};
use crate::score::{Outcome, Prisoners, Score};
use crate::setup::{DeadError, Setup, SetupError};
use crate::verdict::{Illegal, TurnReport};

/// A game in progress under some rules, able to judge and play the attempts of the player to move.
///
/// Engines differ in how they compute, never in what they answer: every method's answer is fixed by
/// `spec/RULES.md`, and [`Observation`] gathers all of them for comparison.
pub trait Engine: Clone + std::fmt::Debug {
    /// A short name for reports, e.g. `reference`.
    const NAME: &'static str;

    /// A new game from `setup` (r[var.setup]); refused when the setup is not a legal position.
    fn from_setup(setup: &Setup, rules: Rules) -> Result<Self, SetupError>;

    /// A new game on the empty grid, Black to move (r[tt.start]).
    fn new(size: Size, rules: Rules) -> Self {
        match Self::from_setup(&Setup::empty(size), rules) {
            Ok(e) => e,
            Err(e) => panic!("{}: the empty grid was refused as a setup: {e}", Self::NAME),
        }
    }

    fn size(&self) -> Size;

    fn rules(&self) -> Rules;

    /// Plays `mv` for the player to move, if it is legal (r[tt.turn]); otherwise changes nothing
    /// and says why (r[tt.turn.attempt], r[var.verdict.order]).
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

    /// How many passes in a row that count toward the end (r[tt.end], r[var.first-pass.button])
    /// ended the sequence of turns so far (0 after a move).
    fn consecutive_passes(&self) -> u32;

    /// Whether the game has ended (r[tt.end], r[var.end.white-last], r[var.ko.simple.cycle]).
    fn is_over(&self) -> bool;

    /// Whether the game has ended with no result (r[var.ko.simple.cycle]).
    fn is_void(&self) -> bool;

    /// How many turns (moves and passes, not illegal attempts) have been taken.
    fn turns(&self) -> u32;

    /// The prisoners each player holds so far, before dead stones (r[var.prisoners]).
    fn prisoners(&self) -> Prisoners;

    /// The first passer so far (r[var.first-pass]).
    fn first_passer(&self) -> Option<Player>;

    /// The handicap N as known so far (r[var.handicap]).
    fn handicap(&self) -> u32;

    /// The final scores before komi if the game ended now with the stones at `dead` agreed dead
    /// (r[var.score.final], r[var.count.dead]).
    fn score_with_dead(&self, dead: &[Point]) -> Result<Score, DeadError>;

    /// [`Engine::score_with_dead`] with every stone alive.
    fn score(&self) -> Score {
        match self.score_with_dead(&[]) {
            Ok(s) => s,
            Err(e) => panic!("{}: scoring with no dead stones failed: {e}", Self::NAME),
        }
    }

    /// The outcome with `komi` if the game ended now with the stones at `dead` agreed dead
    /// (r[var.score.final]); `Void` for a void game.
    fn outcome(&self, komi: Komi, dead: &[Point]) -> Result<Outcome, DeadError>;

    /// Each player's pass-alive area on the current colouring, under the suicide parameter in
    /// force (r[life.area]).
    fn pass_alive(&self) -> PassAlive;

    /// Resumes play after the game's end (r[end.resume]): the turns so far stay turns, but the
    /// passes before now count for nothing toward the end. Refused, changing nothing, when the
    /// game has not ended or ended void.
    fn resume(&mut self) -> Result<(), ResumeError>;
}

/// Why a game cannot be resumed (r[end.resume]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ResumeError {
    /// The game goes on: there is no end to resume from.
    NotOver,
    /// The game ended void (r[var.ko.simple.cycle]): it has no result to settle.
    Void,
}

impl std::fmt::Display for ResumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ResumeError::NotOver => write!(
                f,
                "the game has not ended, so there is no end to resume from (r[end.resume])"
            ),
            ResumeError::Void => write!(
                f,
                "the game ended void, so it is never resumed (r[end.resume])"
            ),
        }
    }
}

impl std::error::Error for ResumeError {}

/// Everything an engine lets the world observe about a game, gathered in one value so that two
/// engines can be compared with `==` and a new observable cannot be forgotten by a comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observation {
    pub grid: Grid,
    pub to_move: Player,
    pub consecutive_passes: u32,
    pub over: bool,
    pub void: bool,
    pub turns: u32,
    pub prisoners: Prisoners,
    pub first_passer: Option<Player>,
    pub handicap: u32,
    pub score: Score,
    /// The outcome with komi 0 and no dead stones: where ties are broken, it shows.
    pub outcome: Outcome,
    pub legal_points: Vec<Point>,
    /// Each player's pass-alive area (r[life.area]).
    pub pass_alive: PassAlive,
}

impl Observation {
    /// Reads every observable of `e`.
    pub fn of<E: Engine>(e: &E) -> Observation {
        Observation {
            grid: e.grid(),
            to_move: e.to_move(),
            consecutive_passes: e.consecutive_passes(),
            over: e.is_over(),
            void: e.is_void(),
            turns: e.turns(),
            prisoners: e.prisoners(),
            first_passer: e.first_passer(),
            handicap: e.handicap(),
            score: e.score(),
            outcome: match e.outcome(Komi::ZERO, &[]) {
                Ok(o) => o,
                Err(err) => panic!("{}: outcome with no dead stones failed: {err}", E::NAME),
            },
            legal_points: e.legal_points(),
            pass_alive: e.pass_alive(),
        }
    }
}
