//! The options of `new Game` that say where a game starts (r[var.setup]): the komi, the setup
//! grid, the player to move and the handicap; and the type of those options for `index.d.ts`.

use crate::args;
use crate::errors::{Fail, Outcome};
use napi::bindgen_prelude::{Int8Array, Object, Unknown};
use napi::{JsValue, ValueType};
use napi_derive::napi;
use ttrules_spec::grid::Grid;
use ttrules_spec::{Colour, Komi, Player, Point, Setup, Size};

/// The options of `new Game(width, height, options)`.
#[napi(object, object_from_js = false, object_to_js = false)]
pub struct GameOptions {
    /// A `Rules` or any name `Rules` takes (Tromp-Taylor by default, r[var.rulesets]).
    #[napi(ts_type = "Rules | string")]
    pub rules: Option<()>,
    /// A multiple of 0.5, as a number or a string such as `"7.5"` (r[param.komi]); the named
    /// ruleset's komi by default (0 for Tromp-Taylor and parameter lists).
    #[napi(ts_type = "number | string")]
    pub komi: Option<()>,
    /// The position the game starts from (r[var.setup]): a diagram (rows of `X`, `O` and `.`,
    /// top row first, as one string or an array of rows) or an `Int8Array` indexed
    /// `y * width + x` (y from the bottom) with 0 empty, 1 black, -1 white.
    #[napi(ts_type = "string | string[] | Int8Array")]
    pub setup: Option<()>,
    /// `"B"` (the default) or `"W"`.
    #[napi(ts_type = "'B' | 'W'")]
    pub to_move: Option<()>,
    /// The handicap N the record would say (r[var.handicap]).
    pub handicap: Option<u32>,
    /// `"fast"` (the default) or `"reference"`.
    #[napi(ts_type = "'fast' | 'reference'")]
    pub engine: Option<()>,
}

/// A komi from a number or a string.
pub fn komi(v: &Unknown) -> Outcome<Komi> {
    let bad = |e: String| Fail::new("KomiError", e);
    match v.get_type() {
        Ok(ValueType::String) => args::string(v, "komi")?
            .parse::<Komi>()
            .map_err(|e| bad(e.to_string())),
        Ok(ValueType::Number) => {
            Komi::from_f64(args::number(v, "komi")?).map_err(|e| bad(e.to_string()))
        }
        _ => Err(args::wrong_type(
            "komi",
            "a number (a multiple of 0.5) or a string such as \"7.5\" (r[param.komi])",
            v,
        )),
    }
}

/// The setup of a game on `size` from its options: the grid, the player to move, the handicap.
pub fn setup(o: Option<&Object>, size: Size) -> Outcome<Setup> {
    let grid = match args::field(o, "setup")? {
        Some(s) => grid(&s, size)?,
        None => Grid::empty(size),
    };
    let to_move = args::opt_string(args::field(o, "toMove")?.as_ref(), "toMove")?;
    let to_move = match to_move.as_deref() {
        None => Player::Black,
        Some(t) => Player::parse(t).ok_or_else(|| {
            Fail::new(
                "SetupError",
                format!("toMove {t:?}: expected \"B\" or \"W\""),
            )
        })?,
    };
    let handicap = args::opt_int(
        args::field(o, "handicap")?.as_ref(),
        "handicap",
        (0, i64::from(u32::MAX)),
        "SetupError",
    )?
    .unwrap_or(0) as u32;
    Ok(Setup {
        grid,
        to_move,
        handicap,
    })
}

/// The setup grid: a diagram (one string, rows top first, or an array of row strings) or an
/// `Int8Array` indexed `y * width + x`.
fn grid(v: &Unknown, size: Size) -> Outcome<Grid> {
    let bad = |e: String| Fail::new("SetupError", e);
    let what = "a diagram (rows of X, O and . from the top, one string or an array of rows) or an Int8Array indexed y * width + x (0 empty, 1 black, -1 white)";
    if v.get_type().ok() == Some(ValueType::String) {
        let text = args::string(v, "setup")?;
        let rows: Vec<&str> = text.split_whitespace().collect();
        return Grid::from_rows(size, &rows).map_err(|e| bad(e.to_string()));
    }
    if v.is_array().unwrap_or(false) {
        let rows = args::each_item(v, "setup", what, |row| {
            args::string(row, "each row of setup")
        })?;
        return Grid::from_rows(size, &rows).map_err(|e| bad(e.to_string()));
    }
    if v.is_typedarray().unwrap_or(false) {
        if let Ok(cells) = unsafe { v.cast::<Int8Array>() } {
            return cells_grid(size, &cells);
        }
    }
    Err(args::wrong_type("setup", what, v))
}

/// The grid of a flat array of cells indexed `y * width + x`.
fn cells_grid(size: Size, cells: &[i8]) -> Outcome<Grid> {
    if cells.len() != size.area() {
        return Err(Fail::new(
            "SetupError",
            format!(
                "the setup array must have {} cells ({} rows of {}, indexed y * width + x, y from the bottom)",
                size.area(),
                size.height(),
                size.width()
            ),
        ));
    }
    let mut g = Grid::empty(size);
    for (i, &v) in cells.iter().enumerate() {
        let c = match v {
            0 => Colour::Empty,
            1 => Colour::Black,
            -1 => Colour::White,
            _ => {
                return Err(Fail::new(
                    "SetupError",
                    format!("setup value {v} at index {i}: use 0 empty, 1 black, -1 white"),
                ))
            }
        };
        let (x, y) = (i % size.width(), i / size.width());
        g.set(Point::new(x as u8, y as u8), c);
    }
    Ok(g)
}
