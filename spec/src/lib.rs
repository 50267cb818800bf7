//! # ttrules-spec
//!
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
//! | [`names`] | the one normaliser of ruleset names; the `RU` spellings and KGS's names | r[rec.rules], r[var.rulesets] |
//! | [`any_name`] | the one reader of a ruleset name (ours, `RU` spellings, KataGo's, parameter lists); KGS's name of a ruleset | r[rec.rules], r[var.katago.exact] |
//! | [`result`] | the one result grammar (`RE`, GTP's `final_score`, claims) | r[rec.result], r[rec.result.agree] |
//! | [`setup`] | how a game starts, and the dead stones scoring takes | r[var.setup], r[var.count.dead] |
//! | [`verdict`] | why an attempt is illegal, and what a legal turn did | section 7 |
//! | [`score`] | exact scores (half points, never floats) and outcomes | r[tt.score], r[tt.winner] |
//! | [`clause`] | the clause ids the code refers to | whole text |
//! | [`engine`] | the `Engine` trait both engines implement | the preamble of `spec/RULES.md` (`Observation`) |
//! | [`life`] | each player's pass-alive area, as plain data | Part IV, r[life.area] |
//!
//! Conventions used throughout: `p: Point`, `c: Colour` (a point's colour), `player: Player`,
//! `g: Grid`, `size: Size`, `mv: Move`.
//!
//! Clause ids written `r[tt.reach]` name the clauses of the spec (`spec/RULES.md`);
//! [`Clause::url`] gives each one's anchor in the rendered spec.
//!
//! ```
//! use ttrules_spec::{Clause, Komi, Point, Rules};
//!
//! let p = Point::parse_gtp("D4").unwrap();
//! assert_eq!((p.x, p.y), (3, 3));
//! let chinese = Rules::named("chinese").unwrap();
//! assert_eq!(chinese.komi, "7.5".parse::<Komi>().unwrap());
//! assert_ne!(chinese.rules, Rules::TROMP_TAYLOR);
//! assert_eq!(Clause::Reach.id(), "tt.reach");
//! ```

pub mod any_name;
pub mod clause;
pub mod colour;
pub mod engine;
pub mod grid;
pub mod katago;
pub mod life;
pub mod moves;
pub mod names;
pub mod point;
pub mod result;
pub mod rules;
pub mod score;
pub mod setup;
pub mod verdict;

/// The normative text, `spec/RULES.md`, whose clause ids (`r[tt.reach]`, …) the code cites.
pub const RULES_TEXT: &str = include_str!("../RULES.md");

/// The version of the rules text, as its version line names it (`Version: **ttrules-rules 1.1**`):
/// the one place the code takes it from (`ttrules --version`, the `spec` field of the JSON the
/// tool writes, the Python package). A test checks it against `spec/RULES.md` and the newest
/// entry of `spec/CHANGELOG.md`, which lists the clauses each version added, amended and retired.
pub const SPEC_VERSION: &str = "ttrules-rules 1.1";

/// The changelog of the rules text, `spec/CHANGELOG.md`.
pub const CHANGELOG_TEXT: &str = include_str!("../CHANGELOG.md");

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
