//! `ttrules.Game`: a game in progress on either engine (the fast one by default, the reference
//! for cross-checks), every observable of the `Engine` trait readable from Python.

use crate::args;
use crate::errors::{self, guard};
use crate::points::{self, tuple};
use crate::rules::{float, PyRules};
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::grid::Grid;
use ttrules_spec::{
    Colour, Engine, HalfPoints, Illegal, Komi, Move, Outcome, Player, Point, Setup, Size,
};

/// The engine behind a game.
// The enum lives inside the Python object, on the heap already: boxing the fast engine's
// arrays would add an indirection to every move for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Eng {
    Fast(Fast),
    Reference(Reference),
}

/// Runs `$body` with `$e` bound to the engine, whichever it is.
macro_rules! on {
    ($eng:expr, $e:ident => $body:expr) => {
        match $eng {
            Eng::Fast($e) => $body,
            Eng::Reference($e) => $body,
        }
    };
}

/// A game of Go under some rules.
#[pyclass(name = "Game", module = "ttrules")]
#[derive(Clone, Debug)]
pub struct PyGame {
    eng: Eng,
    setup: Setup,
    rules: PyRules,
    komi: Komi,
    /// Every turn taken, for `moves` and `undo`.
    history: Vec<Move>,
    /// Set when a panic left the engine in an unknown state: every later call raises.
    poisoned: bool,
}

/// The int8 value of a colour in `board()`: 0 empty, 1 black, -1 white.
fn cell(c: Colour) -> i8 {
    match c {
        Colour::Empty => 0,
        Colour::Black => 1,
        Colour::White => -1,
    }
}

fn player_letter(p: Player) -> &'static str {
    p.letter()
}

/// A komi from a Python number or string.
fn komi_of(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Komi> {
    let bad = |e: String| errors::value(py, "KomiError", e);
    if let Ok(s) = obj.cast::<PyString>() {
        return s.to_cow()?.parse::<Komi>().map_err(|e| bad(e.to_string()));
    }
    let v: f64 = obj.extract().map_err(|_| {
        bad(
            "komi must be a number (a multiple of 0.5) or a string such as \"7.5\" (r[param.komi])"
                .into(),
        )
    })?;
    Komi::from_f64(v).map_err(|e| bad(e.to_string()))
}

/// A size from two Python integers.
fn size_of(py: Python<'_>, width: i64, height: i64) -> PyResult<Size> {
    let (w, h) = (u32::try_from(width), u32::try_from(height));
    match (w, h) {
        (Ok(w), Ok(h)) => Size::new(w, h).map_err(|e| errors::value(py, "SizeError", e.to_string())),
        _ => Err(errors::value(
            py,
            "SizeError",
            format!("board size {width}x{height} is outside 1..=25 in each dimension (r[tt.board.size])"),
        )),
    }
}

/// The setup grid from a Python value: a diagram (one string, rows top first, or a list of row
/// strings) or a 2-D array of ints indexed `[y, x]` (0 empty, 1 black, -1 white).
fn grid_of(py: Python<'_>, size: Size, obj: &Bound<'_, PyAny>) -> PyResult<Grid> {
    let bad = |e: String| errors::value(py, "SetupError", e);
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_cow()?;
        let rows: Vec<&str> = text.split_whitespace().collect();
        return Grid::from_rows(size, &rows).map_err(|e| bad(e.to_string()));
    }
    if let Ok(rows) = obj.extract::<Vec<String>>() {
        return Grid::from_rows(size, &rows).map_err(|e| bad(e.to_string()));
    }
    let rows: Vec<Vec<i64>> = obj
        .call_method0("tolist")
        .unwrap_or_else(|_| obj.clone())
        .extract()
        .map_err(|_| bad("setup must be a diagram (rows of X, O and . from the top) or a 2-D array of ints indexed [y, x] (0 empty, 1 black, -1 white)".into()))?;
    if rows.len() != size.height() || rows.iter().any(|r| r.len() != size.width()) {
        return Err(bad(format!(
            "the setup array must have shape ({}, {}) for the {size} board ([y, x])",
            size.height(),
            size.width()
        )));
    }
    let mut g = Grid::empty(size);
    for (y, row) in rows.iter().enumerate() {
        for (x, &v) in row.iter().enumerate() {
            let c = match v {
                0 => Colour::Empty,
                1 => Colour::Black,
                -1 => Colour::White,
                _ => {
                    return Err(bad(format!(
                        "setup value {v} at [y={y}, x={x}]: use 0 empty, 1 black, -1 white"
                    )))
                }
            };
            g.set(Point::new(x as u8, y as u8), c);
        }
    }
    Ok(g)
}

fn new_engine(setup: &Setup, rules: &PyRules, engine: &str, py: Python<'_>) -> PyResult<Eng> {
    let setup_err = |e: ttrules_spec::SetupError| errors::value(py, "SetupError", e.to_string());
    match engine {
        "fast" => Fast::from_setup(setup, rules.rules)
            .map(Eng::Fast)
            .map_err(setup_err),
        "reference" => Reference::from_setup(setup, rules.rules)
            .map(Eng::Reference)
            .map_err(setup_err),
        other => Err(errors::value(
            py,
            "TtrulesValueError",
            format!("engine {other:?}: expected \"fast\" or \"reference\""),
        )),
    }
}

impl PyGame {
    fn live(&self, py: Python<'_>) -> PyResult<()> {
        if self.poisoned {
            Err(errors::internal(py, "this game was left in an unknown state by an earlier internal error; start a new one".into()))
        } else {
            Ok(())
        }
    }

    fn size(&self) -> Size {
        on!(&self.eng, e => e.size())
    }

    /// Runs a mutating step; a panic poisons the game.
    fn mutate<T>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut Self) -> PyResult<T>,
    ) -> PyResult<T> {
        self.live(py)?;
        let r = guard(py, || f(self));
        if r.as_ref()
            .is_err_and(|e| e.get_type(py).name().is_ok_and(|n| n == "InternalError"))
        {
            self.poisoned = true;
        }
        r
    }

    fn illegal(&self, py: Python<'_>, mv: Move, why: Illegal) -> PyErr {
        let point: Option<(u8, u8)> = match mv {
            Move::Pass => None,
            Move::Play(p) => Some(tuple(p)),
        };
        errors::raise(
            py,
            "IllegalMove",
            (
                format!("{} {} is illegal: {why}", self.to_move_letter(), mv),
                why.reason(),
                why.clause().id(),
                point,
                why.clause().url(),
            ),
        )
    }

    fn to_move_letter(&self) -> &'static str {
        player_letter(on!(&self.eng, e => e.to_move()))
    }

    fn dead(&self, py: Python<'_>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Point>> {
        match dead {
            Some(d) if !d.is_none() => points::to_points_on(py, d, self.size()),
            _ => Ok(Vec::new()),
        }
    }

    fn play_move(&mut self, py: Python<'_>, mv: Move) -> PyResult<(usize, usize)> {
        self.mutate(py, |me| {
            let r = on!(&mut me.eng, e => e.play(mv));
            match r {
                Ok(report) => {
                    me.history.push(mv);
                    Ok((report.captured, report.suicided))
                }
                Err(why) => Err(me.illegal(py, mv, why)),
            }
        })
    }

    fn outcome(&self, py: Python<'_>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<Outcome> {
        self.live(py)?;
        let dead = self.dead(py, dead)?;
        guard(py, || {
            on!(&self.eng, e => e.outcome(self.komi, &dead))
                .map_err(|err| errors::value(py, "PointError", err.to_string()))
        })
    }
}

#[pymethods]
impl PyGame {
    #[new]
    // Every argument is any Python value, checked by `args` (a TtrulesError naming it); `None`
    // gives the default: width 19, height = width, to_move "B", handicap 0, engine "fast".
    #[pyo3(signature = (width = None, height = None, rules = None, *, komi = None, setup = None, to_move = None, handicap = None, engine = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<&Bound<'_, PyAny>>,
        setup: Option<&Bound<'_, PyAny>>,
        to_move: Option<&Bound<'_, PyAny>>,
        handicap: Option<&Bound<'_, PyAny>>,
        engine: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyGame> {
        guard(py, || {
            let side = |obj: Option<&Bound<'_, PyAny>>, name: &str| match obj {
                Some(o) if !o.is_none() => args::int_with(
                    py,
                    o,
                    name,
                    (1, 25),
                    "SizeError",
                    Some("a board side outside 1..=25 (r[tt.board.size])"),
                )
                .map(Some),
                _ => Ok(None),
            };
            let width = side(width, "width")?.unwrap_or(19);
            let height = side(height, "height")?.unwrap_or(width);
            let to_move = args::string(py, to_move, "to_move", "B")?;
            let to_move = to_move.as_str();
            let handicap = args::opt_int(
                py,
                handicap,
                "handicap",
                (0, i64::from(u32::MAX)),
                "SetupError",
            )?
            .unwrap_or(0) as u32;
            let engine = args::engine(py, engine)?;
            let engine = engine.as_str();
            let size = size_of(py, width, height)?;
            let rules = PyRules::from_py(py, rules)?;
            let komi = match komi {
                Some(k) if !k.is_none() => komi_of(py, k)?,
                _ => rules.komi.unwrap_or(Komi::ZERO),
            };
            let to_move = Player::parse(to_move).ok_or_else(|| {
                errors::value(
                    py,
                    "SetupError",
                    format!("to_move {to_move:?}: expected \"B\" or \"W\""),
                )
            })?;
            let grid = match setup {
                Some(s) if !s.is_none() => grid_of(py, size, s)?,
                _ => Grid::empty(size),
            };
            let setup = Setup {
                grid,
                to_move,
                handicap,
            };
            let eng = new_engine(&setup, &rules, engine, py)?;
            Ok(PyGame {
                eng,
                setup,
                rules,
                komi,
                history: Vec::new(),
                poisoned: false,
            })
        })
    }

    #[getter]
    fn width(&self) -> usize {
        self.size().width()
    }

    #[getter]
    fn height(&self) -> usize {
        self.size().height()
    }

    #[getter]
    fn rules(&self) -> PyRules {
        self.rules.clone()
    }

    #[getter]
    fn komi(&self) -> f64 {
        float(self.komi.value())
    }

    /// `"fast"` or `"reference"`.
    #[getter]
    fn engine(&self) -> &'static str {
        match self.eng {
            Eng::Fast(_) => Fast::NAME,
            Eng::Reference(_) => Reference::NAME,
        }
    }

    /// Plays a stone for the player to move (r[tt.turn]); returns `(captured, suicided)`.
    fn play(&mut self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
        let mv = points::to_move(py, point)?;
        self.play_move(py, mv)
    }

    /// Passes for the player to move (r[tt.turn]).
    fn pass_(&mut self, py: Python<'_>) -> PyResult<()> {
        self.play_move(py, Move::Pass).map(|_| ())
    }

    /// Whether `play(point)` would be legal, without playing.
    fn is_legal(&self, py: Python<'_>, point: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.verdict(py, point)?.is_none())
    }

    /// `None` when `play(point)` would be legal, else `(reason, clause id)`.
    fn verdict(
        &self,
        py: Python<'_>,
        point: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(&'static str, &'static str)>> {
        self.live(py)?;
        let mv = points::to_move(py, point)?;
        guard(py, || {
            Ok(on!(&self.eng, e => e.check(mv))
                .err()
                .map(|why| (why.reason(), why.clause().id())))
        })
    }

    /// The legal moves as a boolean array indexed `[y, x]` (r[verdict.legal-moves]).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        self.live(py)?;
        let size = self.size();
        let mut flat = vec![false; size.area()];
        guard(py, || {
            let mut pts = Vec::with_capacity(size.area());
            on!(&self.eng, e => e.legal_points_into(&mut pts));
            for p in pts {
                flat[size.index(p)] = true;
            }
            Ok(())
        })?;
        PyArray1::from_vec(py, flat).reshape([size.height(), size.width()])
    }

    /// The legal moves as `(x, y)` points, in point-index order (r[verdict.legal-moves]).
    fn legal_points(&self, py: Python<'_>) -> PyResult<Vec<(u8, u8)>> {
        self.live(py)?;
        guard(py, || {
            Ok(on!(&self.eng, e => e.legal_points())
                .into_iter()
                .map(tuple)
                .collect())
        })
    }

    /// The colouring as an int8 array indexed `[y, x]`: 0 empty, 1 black, -1 white (r[tt.colouring]).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<i8>>> {
        self.live(py)?;
        let size = self.size();
        let flat: Vec<i8> = guard(py, || {
            Ok(on!(&self.eng, e => e.grid())
                .cells()
                .iter()
                .map(|&c| cell(c))
                .collect())
        })?;
        PyArray1::from_vec(py, flat).reshape([size.height(), size.width()])
    }

    /// `"B"` or `"W"`: the player to move (after the end: who would have been next).
    #[getter]
    fn to_move(&self) -> &'static str {
        self.to_move_letter()
    }

    /// Whether the game has ended (r[tt.end]).
    #[getter]
    fn over(&self) -> bool {
        on!(&self.eng, e => e.is_over())
    }

    /// Whether the game ended with no result (r[var.ko.simple.cycle]).
    #[getter]
    fn void(&self) -> bool {
        on!(&self.eng, e => e.is_void())
    }

    /// How many turns (moves and passes) have been taken.
    #[getter]
    fn turns(&self) -> u32 {
        on!(&self.eng, e => e.turns())
    }

    /// The passes in a row that count toward the end (r[tt.end]).
    #[getter]
    fn passes(&self) -> u32 {
        on!(&self.eng, e => e.consecutive_passes())
    }

    /// `(black, white)`: the prisoners each player holds (r[var.prisoners]).
    #[getter]
    fn prisoners(&self) -> (u32, u32) {
        let p = on!(&self.eng, e => e.prisoners());
        (p.black, p.white)
    }

    /// The first passer, `"B"`, `"W"` or `None` (r[var.first-pass]).
    #[getter]
    fn first_passer(&self) -> Option<&'static str> {
        on!(&self.eng, e => e.first_passer()).map(player_letter)
    }

    /// The handicap N as known so far (r[var.handicap]).
    #[getter]
    fn handicap(&self) -> u32 {
        on!(&self.eng, e => e.handicap())
    }

    /// Every turn so far: `(x, y)` for a move, `None` for a pass.
    #[getter]
    fn moves(&self) -> Vec<Option<(u8, u8)>> {
        self.history
            .iter()
            .map(|m| match m {
                Move::Pass => None,
                Move::Play(p) => Some(tuple(*p)),
            })
            .collect()
    }

    /// `(black, white)`: the final scores before komi if the game ended now with the stones at
    /// `dead` agreed dead (r[tt.score], r[var.score.final], r[var.count.dead]).
    #[pyo3(signature = (dead = None))]
    fn score(&self, py: Python<'_>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<(f64, f64)> {
        self.live(py)?;
        let dead = self.dead(py, dead)?;
        guard(py, || {
            let s = on!(&self.eng, e => e.score_with_dead(&dead))
                .map_err(|err| errors::value(py, "PointError", err.to_string()))?;
            Ok((float(s.black), float(s.white)))
        })
    }

    /// The result with komi as SGF `RE` writes it (`B+3.5`, `0`, `Void`) if the game ended now
    /// (r[tt.winner], r[param.komi]).
    #[pyo3(signature = (dead = None))]
    fn result(&self, py: Python<'_>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        Ok(self.outcome(py, dead)?.sgf_result())
    }

    /// `"B"`, `"W"`, `"tie"` or `"void"` if the game ended now (r[tt.winner]).
    #[pyo3(signature = (dead = None))]
    fn winner(&self, py: Python<'_>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<&'static str> {
        Ok(self.outcome(py, dead)?.winner_word())
    }

    /// The margin of the result (0 for a tie or a void game).
    #[pyo3(signature = (dead = None))]
    fn margin(&self, py: Python<'_>, dead: Option<&Bound<'_, PyAny>>) -> PyResult<f64> {
        Ok(match self.outcome(py, dead)? {
            Outcome::Win { margin, .. } => float(margin),
            Outcome::Tie | Outcome::Void => float(HalfPoints::ZERO),
        })
    }

    /// Each player's pass-alive area (r[life.area]): `{"black": [points], "white": [points]}`.
    fn pass_alive<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.live(py)?;
        let a = guard(py, || Ok(on!(&self.eng, e => e.pass_alive())))?;
        let d = PyDict::new(py);
        d.set_item("black", a.black.into_iter().map(tuple).collect::<Vec<_>>())?;
        d.set_item("white", a.white.into_iter().map(tuple).collect::<Vec<_>>())?;
        Ok(d)
    }

    /// Resumes play after the end (r[end.resume]).
    fn resume(&mut self, py: Python<'_>) -> PyResult<()> {
        self.mutate(py, |me| {
            on!(&mut me.eng, e => e.resume())
                .map_err(|err| errors::value(py, "TtrulesValueError", err.to_string()))
        })
    }

    /// Takes back the last turn. The engines keep no undo log, so this replays every turn but
    /// the last from the setup: it costs as much as the game so far.
    fn undo(&mut self, py: Python<'_>) -> PyResult<()> {
        self.mutate(py, |me| {
            if me.history.is_empty() {
                return Err(errors::value(py, "TtrulesValueError", "undo: no turn to take back"));
            }
            me.history.pop();
            let engine = me.engine();
            let mut eng = new_engine(&me.setup, &me.rules, engine, py)?;
            for &mv in &me.history {
                if let Err(why) = on!(&mut eng, e => e.play(mv)) {
                    panic!("undo: replaying {mv} from the setup is illegal ({why}), though it was legal");
                }
            }
            me.eng = eng;
            Ok(())
        })
    }

    /// An independent copy of the game.
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The diagram with GTP coordinates (section 8).
    fn __str__(&self) -> String {
        on!(&self.eng, e => e.grid()).labelled()
    }

    fn __repr__(&self) -> String {
        let size = self.size();
        format!(
            "<ttrules.Game {size} rules={} komi={} engine={} turns={} to_move={}{}>",
            self.rules.rules,
            self.komi,
            self.engine(),
            self.turns(),
            self.to_move(),
            if self.over() { " over" } else { "" }
        )
    }

    /// Panics inside Rust, to test that no panic crosses into Python (`ttrules.InternalError`).
    fn _panic_for_test(&mut self, py: Python<'_>) -> PyResult<()> {
        self.mutate(py, |_| panic!("a panic on purpose, for the tests"))
    }
}
