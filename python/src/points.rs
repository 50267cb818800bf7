//! Points as Python sees them: `(x, y)` tuples, `x` the column from 0 at the left and `y` the row
//! from 0 at the bottom (the spec's `Point`, section 8), or GTP strings such as `"D4"`; a pass is
//! `"pass"` (any case) or `None`. Numpy boards are indexed `[y, x]` with the same `y`.

use crate::errors;
use pyo3::prelude::*;
use pyo3::types::PyString;
use ttrules_spec::{Move, Point, Size};

/// The largest coordinate a point can have on any board (r[tt.board.size]); larger ones still
/// reach the engine, which answers `off-grid` (r[tt.board]), up to this bound.
const MAX_COORD: i64 = 255;

/// A move from a Python value: a point, a GTP string, `"pass"` or `None`.
pub fn to_move(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if obj.is_none() {
        return Ok(Move::Pass);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        return Move::parse_gtp(s.trim())
            .map_err(|e| errors::value(py, "PointError", e.to_string()));
    }
    to_point(py, obj).map(Move::Play)
}

/// A point from a Python value: an `(x, y)` pair of integers or a GTP string; not checked against
/// a board.
pub fn to_point(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Point> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        return Point::parse_gtp(s.trim())
            .map_err(|e| errors::value(py, "PointError", e.to_string()));
    }
    let pair: (i64, i64) = obj.extract().map_err(|_| {
        errors::value(
            py,
            "PointError",
            format!(
                "cannot read {} as a point: expected an (x, y) pair of integers (x from 0 at the left, y from 0 at the bottom) or a GTP string such as \"D4\"",
                obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "the value".into())
            ),
        )
    })?;
    let (x, y) = pair;
    if !(0..=MAX_COORD).contains(&x) || !(0..=MAX_COORD).contains(&y) {
        return Err(errors::value(
            py,
            "PointError",
            format!("point ({x}, {y}) is off every board: coordinates count from 0 (x from the left, y from the bottom) (r[tt.board])"),
        ));
    }
    Ok(Point::new(x as u8, y as u8))
}

/// A point on `size`, or a `PointError` saying it is off the board.
pub fn to_point_on(py: Python<'_>, obj: &Bound<'_, PyAny>, size: Size) -> PyResult<Point> {
    let p = to_point(py, obj)?;
    if size.contains(p) {
        Ok(p)
    } else {
        Err(errors::value(
            py,
            "PointError",
            format!(
                "point ({}, {}) is not on the {size} board (r[tt.board])",
                p.x, p.y
            ),
        ))
    }
}

/// Points from a Python iterable of points.
pub fn to_points_on(py: Python<'_>, obj: &Bound<'_, PyAny>, size: Size) -> PyResult<Vec<Point>> {
    if let Ok(s) = obj.cast::<PyString>() {
        // A string of GTP points separated by commas or spaces, as `--dead` takes them.
        let text = s.to_cow()?;
        return text
            .split([',', ' '])
            .filter(|t| !t.is_empty())
            .map(|t| {
                Point::parse_gtp_on(t, size)
                    .map_err(|e| errors::value(py, "PointError", e.to_string()))
            })
            .collect();
    }
    obj.try_iter()
        .map_err(|_| {
            crate::args::wrong_type(
                py,
                "dead",
                "points (an iterable of (x, y) pairs or GTP strings, or one string of GTP points)",
                obj,
            )
        })?
        .map(|item| to_point_on(py, &item?, size))
        .collect()
}

/// The Python form of a point.
pub fn tuple(p: Point) -> (u8, u8) {
    (p.x, p.y)
}
