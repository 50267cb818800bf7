//! `vectors()`: the corner-case vectors of `spec/vectors/`, as `export-vectors` writes them, so
//! that other implementations can be tested from JavaScript; and point notation helpers.

use crate::errors::{guard, Fail};
use crate::points;
use napi::bindgen_prelude::Unknown;
use napi::{Env, Result};
use napi_derive::napi;
use ttrules_spec::Size;

/// Every vector of `spec/vectors/` as the JSON object of `ttrules export-vectors`
/// (docs/src/guide/export-vectors.md), with `file` its TOML file's name: the setup, each
/// attempt with its expected verdict and clause, the state after it, and the end (score, result,
/// legal moves, pass-alive areas).
#[napi(ts_return_type = "Vector[]")]
pub fn vectors(env: &Env) -> Result<Vec<Unknown<'_>>> {
    let docs = guard(env, || {
        let all = ttrules_vectors::all().map_err(Fail::internal)?;
        all.iter()
            .map(|v| {
                let mut doc = ttrules_vectors::json::vector_json(v).map_err(Fail::internal)?;
                let file = v.file.file_name().map(|f| f.to_string_lossy().into_owned());
                doc["file"] = serde_json::json!(file);
                Ok(doc)
            })
            .collect::<std::result::Result<Vec<_>, Fail>>()
    })?;
    docs.iter().map(|d| env.to_js_value(d)).collect()
}

/// `point("D4")` is `[3, 3]` (x from the left, y from the bottom); `[x, y]` pairs come back
/// checked.
#[napi(ts_args_type = "p: Point | string", ts_return_type = "Point")]
pub fn point(env: Env, p: Unknown) -> Result<(u8, u8)> {
    guard(&env, || points::to_point(&p).map(points::pair))
}

/// `gtp([3, 3])` is `"D4"` (GTP skips the letter I).
#[napi(ts_args_type = "p: Point | string")]
pub fn gtp(env: Env, p: Unknown) -> Result<String> {
    guard(&env, || {
        let size = Size::new(25, 25).expect("25x25 is a size");
        Ok(points::to_point_on(&p, size)?.gtp())
    })
}

/// `sgf([3, 3], 19, 19)` is `"dp"`: SGF counts rows from the top.
#[napi(ts_args_type = "p: Point | string, width: number, height: number")]
pub fn sgf(env: Env, p: Unknown, width: Unknown, height: Unknown) -> Result<String> {
    guard(&env, || {
        let side = |v: &Unknown, name: &str| {
            crate::args::int(
                v,
                name,
                (1, 25),
                "SizeError",
                Some("a board side outside 1..=25 (r[tt.board.size])"),
            )
            .map(|n| n as u32)
        };
        let size = Size::new(side(&width, "width")?, side(&height, "height")?)
            .map_err(|e| Fail::new("SizeError", e.to_string()))?;
        Ok(points::to_point_on(&p, size)?.sgf(size))
    })
}
