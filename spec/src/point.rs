//! Board sizes and points (r[tt.board], r[tt.board.size]) and their notations (section 8).

use std::fmt;
use std::str::FromStr;

/// The largest width or height (r[tt.board.size]).
pub const MAX_SIDE: u8 = 25;

/// GTP column letters: `A` to `Z` without `I`, exactly 25 of them.
const GTP_COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A board of `width` columns and `height` rows, each in `1..=25` (r[tt.board.size]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

/// A width or height outside `1..=25`, or a size that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    #[error("board size {width}x{height} is outside 1..=25 in each dimension (r[tt.board.size])")]
    OutOfRange { width: u32, height: u32 },
    #[error("cannot read board size {0:?}: expected N or WxH, e.g. 19 or 9x13")]
    Syntax(String),
}

impl Size {
    /// The default board, 19x19.
    pub const STANDARD: Size = Size {
        width: 19,
        height: 19,
    };

    /// A `width` x `height` board; both must be in `1..=25`.
    pub fn new(width: u32, height: u32) -> Result<Size, SizeError> {
        let ok = |n: u32| (1..=u32::from(MAX_SIDE)).contains(&n);
        if ok(width) && ok(height) {
            Ok(Size {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(SizeError::OutOfRange { width, height })
        }
    }

    /// A square board.
    pub fn square(side: u32) -> Result<Size, SizeError> {
        Size::new(side, side)
    }

    pub const fn width(self) -> usize {
        self.width as usize
    }

    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// The number of points, W·H.
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `p` is a point of this grid.
    pub const fn contains(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// The point index y·W + x (section 8). `p` must be on the grid.
    pub fn index(self, p: Point) -> usize {
        debug_assert!(self.contains(p), "{p:?} is not on {self}");
        p.y as usize * self.width() + p.x as usize
    }

    /// The point with index `i`, `0 <= i < area`.
    pub fn point(self, i: usize) -> Point {
        debug_assert!(i < self.area());
        Point {
            x: (i % self.width()) as u8,
            y: (i / self.width()) as u8,
        }
    }

    /// Every point, in point-index order.
    pub fn points(self) -> impl Iterator<Item = Point> {
        (0..self.area()).map(move |i| self.point(i))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = SizeError;

    /// Reads `N` (square) or `WxH`.
    fn from_str(s: &str) -> Result<Size, SizeError> {
        let syntax = || SizeError::Syntax(s.to_string());
        let num = |t: &str| t.trim().parse::<u32>().map_err(|_| syntax());
        match s.split_once(['x', 'X']) {
            Some((w, h)) => Size::new(num(w)?, num(h)?),
            None => Size::square(num(s)?),
        }
    }
}

/// A point: column `x` from 0 at the left, row `y` from 0 at the bottom.
///
/// A `Point` is not tied to a board; [`Size::contains`] says whether it lies on one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    pub x: u8,
    pub y: u8,
}

/// A point that does not parse, or does not lie on the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePointError {
    #[error("cannot read {0:?} as a GTP point (a column letter A-Z without I, then a row number from 1, e.g. D4)")]
    Gtp(String),
    #[error("cannot read {0:?} as an SGF point (two letters, e.g. dd)")]
    Sgf(String),
    #[error("{text} is not on the {size} board")]
    OffGrid { text: String, size: Size },
}

impl Point {
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Reads GTP notation (`D4`, `t19`), independent of any board. Columns run `A`..`Z` without
    /// `I`; rows from 1. The point may still be off a given board: see [`Point::parse_gtp_on`].
    pub fn parse_gtp(s: &str) -> Result<Point, ParsePointError> {
        let err = || ParsePointError::Gtp(s.to_string());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        let x = GTP_COLUMNS
            .iter()
            .position(|&c| char::from(c) == letter)
            .ok_or_else(err)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return Err(err());
        }
        let row: usize = digits.parse().map_err(|_| err())?;
        if row == 0 || row > usize::from(MAX_SIDE) {
            return Err(err());
        }
        Ok(Point::new(x as u8, (row - 1) as u8))
    }

    /// Reads GTP notation and checks that the point lies on `size`.
    pub fn parse_gtp_on(s: &str, size: Size) -> Result<Point, ParsePointError> {
        let p = Point::parse_gtp(s)?;
        if size.contains(p) {
            Ok(p)
        } else {
            Err(ParsePointError::OffGrid {
                text: s.to_string(),
                size,
            })
        }
    }

    /// GTP notation, e.g. `D4`.
    pub fn gtp(self) -> String {
        match GTP_COLUMNS.get(usize::from(self.x)) {
            Some(&letter) => format!("{}{}", char::from(letter), u32::from(self.y) + 1),
            // No board has a column past Z (r[tt.board.size]); such a point still prints, in a
            // form no parser accepts, rather than panicking.
            None => format!("?{},{}", self.x, self.y),
        }
    }

    /// Reads SGF notation (`dd`, row letters counted from the top) on `size`.
    pub fn parse_sgf_on(s: &str, size: Size) -> Result<Point, ParsePointError> {
        let b = s.as_bytes();
        if b.len() != 2 || !b.iter().all(u8::is_ascii_lowercase) {
            return Err(ParsePointError::Sgf(s.to_string()));
        }
        let (x, from_top) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
        if x >= size.width() || from_top >= size.height() {
            return Err(ParsePointError::OffGrid {
                text: s.to_string(),
                size,
            });
        }
        Ok(Point::new(x as u8, (size.height() - 1 - from_top) as u8))
    }

    /// SGF notation on `size`, e.g. `dp` for D4 on 19x19.
    pub fn sgf(self, size: Size) -> String {
        let row_from_top = size.height() - 1 - usize::from(self.y);
        format!(
            "{}{}",
            char::from(b'a' + self.x),
            char::from(b'a' + row_from_top as u8)
        )
    }
}

impl fmt::Display for Point {
    /// GTP notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.gtp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_round_trip_covers_all_25_columns_and_skips_i() {
        let size = Size::square(25).unwrap();
        for p in size.points() {
            assert_eq!(Point::parse_gtp(&p.gtp()), Ok(p));
        }
        assert_eq!(Point::new(8, 0).gtp(), "J1");
        assert_eq!(Point::new(24, 24).gtp(), "Z25");
        assert!(Point::parse_gtp("I5").is_err());
        assert_eq!(Point::new(30, 255).gtp(), "?30,255");
        assert!(Point::parse_gtp(&Point::new(30, 0).gtp()).is_err());
        assert_eq!(Point::parse_gtp("t19"), Ok(Point::new(18, 18)));
    }

    #[test]
    fn gtp_rejects_junk() {
        for s in ["", "A", "A0", "A26", "A+1", "AA1", "A001", "1A", "A 1"] {
            assert!(Point::parse_gtp(s).is_err(), "{s:?} parsed");
        }
    }

    #[test]
    fn sgf_rows_count_from_the_top() {
        let size = Size::STANDARD;
        assert_eq!(Point::parse_sgf_on("aa", size), Ok(Point::new(0, 18)));
        assert_eq!(Point::parse_sgf_on("dp", size), Ok(Point::new(3, 3)));
        assert_eq!(Point::new(3, 3).sgf(size), "dp");
        assert!(Point::parse_sgf_on("tt", size).is_err());
        let rect = Size::new(3, 2).unwrap();
        assert_eq!(Point::parse_sgf_on("cb", rect), Ok(Point::new(2, 0)));
        assert!(Point::parse_sgf_on("ac", rect).is_err());
    }

    #[test]
    fn sizes_parse_and_check_range() {
        assert_eq!("19".parse::<Size>(), Ok(Size::STANDARD));
        assert_eq!("9x13".parse::<Size>(), Size::new(9, 13));
        assert!("0x3".parse::<Size>().is_err());
        assert!("26".parse::<Size>().is_err());
        assert!("x".parse::<Size>().is_err());
    }
}
