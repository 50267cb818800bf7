//! The shared vocabulary of ttrules: what every engine, test and tool speaks, and no rule logic.
//!
//! | module | what | spec (`spec/RULES.md`) |
//! | --- | --- | --- |
//! | [`colour`] | players and point colours | r[tt.colouring] |
//! | [`point`] | board sizes, points, GTP and SGF notation | r[tt.board], r[tt.board.size], section 8 |
//! | [`grid`] | a colouring of the grid as plain data, and its diagram | r[tt.colouring], section 8 |
//! | [`moves`] | moves (a point or a pass) | r[tt.turn] |
//! | [`rules`] | the rule parameters, `Rules::TROMP_TAYLOR`, the named rulesets, komi | r[param.komi], Part II |
//! | [`katago`] | KataGo's rules strings, read and written | r[var.katago] |
//! | [`setup`] | how a game starts, and the dead stones scoring takes | r[var.setup], r[var.count.dead] |
//! | [`verdict`] | why an attempt is illegal, and what a legal turn did | section 7 |
//! | [`score`] | exact scores (half points, never floats) and outcomes | r[tt.score], r[tt.winner] |
//! | [`clause`] | the clause ids the code refers to | whole text |
//! | [`engine`] | the `Engine` trait both engines implement | the preamble of `spec/RULES.md` (`Observation`) |
//! | [`life`] | each player's pass-alive area, as plain data | Part IV, r[life.area] |
//! | [`vector`] | the corner-case vector format of `spec/vectors/` and its loader | |
//!
//! Conventions used throughout: `p: Point`, `c: Colour` (a point's colour), `player: Player`,
//! `g: Grid`, `size: Size`, `mv: Move`.

pub mod clause;
pub mod colour;
pub mod engine;
pub mod grid;
pub mod katago;
pub mod life;
pub mod moves;
pub mod point;
pub mod rules;
pub mod score;
pub mod setup;
pub mod vector;
pub mod verdict;

pub use clause::Clause;
pub use colour::{Colour, Player};
pub use engine::{Engine, ResumeError};
pub use grid::Grid;
pub use life::PassAlive;
pub use moves::Move;
pub use point::{ParsePointError, Point, Size, SizeError};
pub use rules::{
    Counting, End, FirstPass, HandicapCompensation, Komi, KomiError, Named, PassStones, Repetition,
    Rules, Suicide, Tax, Ties,
};
pub use score::{HalfPoints, Outcome, Prisoners, Score};
pub use setup::{DeadError, Setup, SetupError};
pub use verdict::{Illegal, TurnReport};
