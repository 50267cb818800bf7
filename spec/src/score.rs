//! Exact scores and outcomes (r[tt.score], r[tt.winner], r[param.komi]): whole and half points as
//! integers, never floats.

use crate::colour::Player;
use std::fmt;
use std::str::FromStr;

/// A number of points that is a whole multiple of 0.5, stored as the count of half points.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HalfPoints(i64);

/// A number that is not a whole multiple of 0.5, or not a number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a multiple of 0.5 (expected e.g. 0, 7, 6.5, -0.5)")]
pub struct HalfPointsError(pub String);

impl HalfPoints {
    pub const ZERO: HalfPoints = HalfPoints(0);

    /// `n` whole points.
    pub const fn points(n: i64) -> HalfPoints {
        HalfPoints(2 * n)
    }

    /// `n` half points.
    pub const fn halves(n: i64) -> HalfPoints {
        HalfPoints(n)
    }

    /// The count of half points.
    pub const fn as_halves(self) -> i64 {
        self.0
    }

    /// Whether this is a whole number of points.
    pub const fn is_whole(self) -> bool {
        self.0 % 2 == 0
    }

    /// The exact value of a float that is a multiple of 0.5 (as SGF `KM` and TOML give them).
    pub fn from_f64(v: f64) -> Option<HalfPoints> {
        let twice = v * 2.0;
        (twice.is_finite() && twice.fract() == 0.0 && twice.abs() < 1e15)
            .then_some(HalfPoints(twice as i64))
    }
}

impl std::ops::Add for HalfPoints {
    type Output = HalfPoints;
    fn add(self, o: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 + o.0)
    }
}

impl std::ops::Sub for HalfPoints {
    type Output = HalfPoints;
    fn sub(self, o: HalfPoints) -> HalfPoints {
        HalfPoints(self.0 - o.0)
    }
}

impl fmt::Display for HalfPoints {
    /// `7`, `6.5`, `-0.5`: no trailing zeros.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs % 2 == 0 {
            write!(f, "{sign}{}", abs / 2)
        } else {
            write!(f, "{sign}{}.5", abs / 2)
        }
    }
}

impl FromStr for HalfPoints {
    type Err = HalfPointsError;

    /// Reads a decimal such as `7`, `6.5`, `-0.5`, `7.50`; exactly, without going through a float.
    fn from_str(s: &str) -> Result<HalfPoints, HalfPointsError> {
        let err = || HalfPointsError(s.to_string());
        let t = s.trim();
        let (neg, digits) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (whole, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if whole.is_empty() && frac.is_empty()
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || whole.len() > 12
        {
            return Err(err());
        }
        let whole: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| err())?
        };
        let frac = frac.trim_end_matches('0');
        let half = match frac {
            "" => 0,
            "5" => 1,
            _ => return Err(err()),
        };
        let v = 2 * whole + half;
        Ok(HalfPoints(if neg { -v } else { v }))
    }
}

/// Both players' final scores before komi (r[tt.score], r[var.score.final]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Score {
    pub black: HalfPoints,
    pub white: HalfPoints,
}

impl Score {
    /// Whole-point scores.
    pub const fn whole(black: i64, white: i64) -> Score {
        Score {
            black: HalfPoints::points(black),
            white: HalfPoints::points(white),
        }
    }
}

/// How many prisoners each player holds (r[var.prisoners]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Prisoners {
    /// White stones that are Black's prisoners.
    pub black: u32,
    /// Black stones that are White's prisoners.
    pub white: u32,
}

/// Who won, and by how much (r[tt.winner], r[var.score.final]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A win; the margin is 0 when a tie was broken (r[var.first-pass.tie-break],
    /// r[var.ties.black-wins]).
    Win {
        winner: Player,
        margin: HalfPoints,
    },
    Tie,
    /// No result (r[var.ko.simple.cycle]).
    Void,
}

impl Outcome {
    /// The result as SGF `RE` writes it: `B+3`, `W+0.5`, `0` for a tie, `Void` (r[param.komi]).
    pub fn sgf_result(self) -> String {
        match self {
            Outcome::Win { winner, margin } => format!("{}+{margin}", winner.letter()),
            Outcome::Tie => "0".to_string(),
            Outcome::Void => "Void".to_string(),
        }
    }

    /// `B`, `W`, `tie` or `void`.
    pub fn winner_word(self) -> &'static str {
        match self {
            Outcome::Win { winner, .. } => winner.letter(),
            Outcome::Tie => "tie",
            Outcome::Void => "void",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_parse_exactly() {
        assert_eq!("6.5".parse(), Ok(HalfPoints::halves(13)));
        assert_eq!("-0.5".parse(), Ok(HalfPoints::halves(-1)));
        assert_eq!("7.50".parse(), Ok(HalfPoints::halves(15)));
        assert_eq!("+2".parse(), Ok(HalfPoints::points(2)));
        assert_eq!(".5".parse(), Ok(HalfPoints::halves(1)));
        for bad in ["6.3", "", ".", "-", "abc", "1e3", "0.25", "1.5.5"] {
            assert!(bad.parse::<HalfPoints>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn half_points_print_without_trailing_zeros() {
        assert_eq!(HalfPoints::halves(13).to_string(), "6.5");
        assert_eq!(HalfPoints::halves(-1).to_string(), "-0.5");
        assert_eq!(HalfPoints::points(-3).to_string(), "-3");
        assert_eq!(HalfPoints::from_f64(7.5), Some(HalfPoints::halves(15)));
        assert_eq!(HalfPoints::from_f64(7.25), None);
        assert_eq!(HalfPoints::from_f64(f64::NAN), None);
    }

    #[test]
    fn results_print_as_sgf_does() {
        let win = |winner, h| Outcome::Win {
            winner,
            margin: HalfPoints::halves(h),
        };
        assert_eq!(win(Player::Black, 12).sgf_result(), "B+6");
        assert_eq!(win(Player::White, 1).sgf_result(), "W+0.5");
        assert_eq!(win(Player::White, 0).sgf_result(), "W+0");
        assert_eq!(Outcome::Tie.sgf_result(), "0");
        assert_eq!(Outcome::Void.sgf_result(), "Void");
    }
}
