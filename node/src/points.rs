//! Points as JavaScript sees them: `[x, y]` arrays, `x` the column from 0 at the left and `y` the
//! row from 0 at the bottom (the spec's `Point`, section 8), or GTP strings such as `"D4"`; a pass
//! is `"pass"` (any case) or `null`. Flat boards (`board()`, `legalMoves()`) are indexed
//! `y * width + x` with the same `y`.

use crate::args;
use crate::errors::{Fail, Outcome};
use napi::bindgen_prelude::Unknown;
use napi::{JsValue, ValueType};
use ttrules_spec::{Move, Point, Size};

/// The largest coordinate a point can have on any board (r[tt.board.size]); larger ones still
/// reach the engine, which answers `off-grid` (r[tt.board]), up to this bound.
const MAX_COORD: i64 = 255;

/// A move from a JavaScript value: a point, a GTP string, `"pass"` or `null`.
pub fn to_move(v: &Unknown) -> Outcome<Move> {
    match v.get_type() {
        Ok(ValueType::Null) => Ok(Move::Pass),
        Ok(ValueType::String) => {
            let s = args::string(v, "point")?;
            Move::parse_gtp(s.trim()).map_err(|e| Fail::new("PointError", e.to_string()))
        }
        _ => to_point(v).map(Move::Play),
    }
}

/// A point from a JavaScript value: an `[x, y]` pair of integers or a GTP string; not checked
/// against a board.
pub fn to_point(v: &Unknown) -> Outcome<Point> {
    if v.get_type().ok() == Some(ValueType::String) {
        let s = args::string(v, "point")?;
        return Point::parse_gtp(s.trim()).map_err(|e| Fail::new("PointError", e.to_string()));
    }
    let bad = || {
        Fail::new(
            "PointError",
            format!(
                "cannot read {} ({}) as a point: expected an [x, y] pair of integers (x from 0 at the left, y from 0 at the bottom), a GTP string such as \"D4\", or null or \"pass\" for a pass",
                args::type_name(v),
                args::shown(v)
            ),
        )
    };
    if !v.is_array().unwrap_or(false) {
        return Err(bad());
    }
    let a = args::array(v, "point", "an [x, y] pair")?;
    if a.len() != 2 {
        return Err(bad());
    }
    let coord = |i: u32| -> Outcome<i64> {
        let c: Unknown = a.get(i).ok().flatten().ok_or_else(bad)?;
        if c.get_type().ok() != Some(ValueType::Number) {
            return Err(bad());
        }
        let n = unsafe { c.cast::<f64>() }.map_err(|_| bad())?;
        if n.fract() != 0.0 || !n.is_finite() {
            return Err(bad());
        }
        Ok(n as i64)
    };
    let (x, y) = (coord(0)?, coord(1)?);
    if !(0..=MAX_COORD).contains(&x) || !(0..=MAX_COORD).contains(&y) {
        return Err(Fail::new(
            "PointError",
            format!("point [{x}, {y}] is off every board: coordinates count from 0 (x from the left, y from the bottom) (r[tt.board])"),
        ));
    }
    Ok(Point::new(x as u8, y as u8))
}

/// A point on `size`, or a `PointError` saying it is off the board.
pub fn to_point_on(v: &Unknown, size: Size) -> Outcome<Point> {
    let p = to_point(v)?;
    if size.contains(p) {
        Ok(p)
    } else {
        Err(Fail::new(
            "PointError",
            format!(
                "point [{}, {}] is not on the {size} board (r[tt.board])",
                p.x, p.y
            ),
        ))
    }
}

/// Points on `size` from an array of points, or one string of GTP points separated by commas
/// or spaces (as `--dead` takes them).
pub fn to_points_on(v: &Unknown, size: Size, name: &str) -> Outcome<Vec<Point>> {
    if v.get_type().ok() == Some(ValueType::String) {
        let text = args::string(v, name)?;
        return text
            .split([',', ' '])
            .filter(|t| !t.is_empty())
            .map(|t| {
                Point::parse_gtp_on(t, size).map_err(|e| Fail::new("PointError", e.to_string()))
            })
            .collect();
    }
    let what = "points (an array of [x, y] pairs or GTP strings, or one string of GTP points)";
    args::each_item(v, name, what, |item| to_point_on(item, size))
}

/// The JavaScript form of a point.
pub fn pair(p: Point) -> (u8, u8) {
    (p.x, p.y)
}
