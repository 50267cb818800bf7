//! `ttrules.vectors()`: the corner-case vectors of `spec/vectors/`, as `export-vectors` writes
//! them (each checked on both engines first), so that other implementations can be tested from
//! Python; and point notation helpers.

use crate::errors::{self, guard};
use crate::points;
use pyo3::prelude::*;
use ttrules_spec::{Point, Size};

/// Every vector as the JSON object of `export-vectors`, with `file` its TOML file's name.
#[pyfunction]
pub fn vectors_json(py: Python<'_>) -> PyResult<Vec<String>> {
    guard(py, || {
        let all = ttrules_vectors::all().map_err(|e| errors::internal(py, e.to_string()))?;
        all.iter()
            .map(|v| {
                let mut doc =
                    ttrules_vectors::json::vector_json(v).map_err(|e| errors::internal(py, e))?;
                let file = v.file.file_name().map(|f| f.to_string_lossy().into_owned());
                doc["file"] = serde_json::json!(file);
                Ok(doc.to_string())
            })
            .collect()
    })
}

/// `point("D4")` is `(3, 3)`; `(x, y)` pairs are returned checked.
#[pyfunction]
pub fn point(py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<(u8, u8)> {
    points::to_point(py, p).map(points::tuple)
}

/// `gtp((3, 3))` is `"D4"`.
#[pyfunction]
pub fn gtp(py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<String> {
    let p = points::to_point_on(py, p, Size::new(25, 25).expect("25x25 is a size"))?;
    Ok(p.gtp())
}

/// `sgf((3, 3), 19, 19)` is `"dp"`: SGF counts rows from the top.
#[pyfunction]
pub fn sgf(
    py: Python<'_>,
    p: &Bound<'_, PyAny>,
    width: &Bound<'_, PyAny>,
    height: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let side = |obj: &Bound<'_, PyAny>, name: &str| {
        crate::args::int_with(
            py,
            obj,
            name,
            (1, 25),
            "SizeError",
            Some("a board side outside 1..=25 (r[tt.board.size])"),
        )
        .map(|v| v as u32)
    };
    let (width, height) = (side(width, "width")?, side(height, "height")?);
    let size =
        Size::new(width, height).map_err(|e| errors::value(py, "SizeError", e.to_string()))?;
    let p: Point = points::to_point_on(py, p, size)?;
    Ok(p.sgf(size))
}
