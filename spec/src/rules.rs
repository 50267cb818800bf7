//! The rule parameters. Tromp-Taylor is [`Rules::TROMP_TAYLOR`]; each parameter is an enum, so that
//! the variants of other rulesets arrive as new enum values with their own clauses, never as flags.
//! Komi is not a rule of Tromp-Taylor (r[param.komi]) and is kept apart, in [`Komi`].

use crate::score::{HalfPoints, HalfPointsError};
use std::fmt;
use std::str::FromStr;

/// Which earlier situations a move may not recreate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// r[tt.turn.repetition]: no move may recreate any earlier colouring (positional superko).
    Positional,
}

/// Whether a move may empty the player's own stones.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// r[tt.move.clear-self]: own stones that do not reach empty are cleared; the move stands
    /// (single-stone suicide then falls to the repetition rule, r[tt.note.single-suicide]).
    Allowed,
}

/// How the final score is counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Counting {
    /// r[tt.score]: points of one's colour plus empty points reaching only one's colour.
    Area,
}

/// A complete set of rule parameters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub repetition: Repetition,
    pub suicide: Suicide,
    pub counting: Counting,
}

impl Rules {
    /// The Tromp-Taylor rules as `spec/RULES.md` states them. Defined here and nowhere else.
    pub const TROMP_TAYLOR: Rules = Rules {
        repetition: Repetition::Positional,
        suicide: Suicide::Allowed,
        counting: Counting::Area,
    };

    /// The named rulesets and their parameters.
    pub const NAMED: &'static [(&'static str, Rules)] = &[("tromp-taylor", Rules::TROMP_TAYLOR)];

    /// The ruleset called `name` (our names; case and `_`/space/`-` are not significant).
    pub fn by_name(name: &str) -> Option<Rules> {
        let norm = normalise(name);
        Rules::NAMED
            .iter()
            .find(|(n, _)| normalise(n) == norm)
            .map(|&(_, r)| r)
            .or(match norm.as_str() {
                "tromptaylor" | "tt" => Some(Rules::TROMP_TAYLOR),
                _ => None,
            })
    }

    /// Our name for these parameters, if they form a named ruleset.
    pub fn name(&self) -> Option<&'static str> {
        Rules::NAMED
            .iter()
            .find(|(_, r)| r == self)
            .map(|&(n, _)| n)
    }
}

fn normalise(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '-' | '_' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(n),
            None => write!(f, "{self:?}"),
        }
    }
}

/// Komi: a multiple of 0.5 added to White's score (r[param.komi]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Komi(HalfPoints);

/// A komi that is not a multiple of 0.5.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("komi {0}: komi must be a multiple of 0.5 (r[param.komi])")]
pub struct KomiError(pub String);

impl Komi {
    pub const ZERO: Komi = Komi(HalfPoints::ZERO);

    pub const fn new(value: HalfPoints) -> Komi {
        Komi(value)
    }

    /// The komi of a float such as SGF `KM` gives, if it is a multiple of 0.5.
    pub fn from_f64(v: f64) -> Result<Komi, KomiError> {
        HalfPoints::from_f64(v)
            .map(Komi)
            .ok_or_else(|| KomiError(v.to_string()))
    }

    pub const fn value(self) -> HalfPoints {
        self.0
    }
}

impl FromStr for Komi {
    type Err = KomiError;
    fn from_str(s: &str) -> Result<Komi, KomiError> {
        s.parse()
            .map(Komi)
            .map_err(|HalfPointsError(s)| KomiError(s))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Rules::by_name("Tromp-Taylor"), Some(Rules::TROMP_TAYLOR));
        assert_eq!(Rules::by_name("tromp_taylor"), Some(Rules::TROMP_TAYLOR));
        assert_eq!(Rules::by_name("chinese"), None);
        assert_eq!(Rules::TROMP_TAYLOR.to_string(), "tromp-taylor");
    }

    #[test]
    fn komi_is_exact() {
        assert_eq!("7.5".parse::<Komi>().unwrap().to_string(), "7.5");
        assert!("7.3".parse::<Komi>().is_err());
        assert!(Komi::from_f64(0.1).is_err());
    }
}
