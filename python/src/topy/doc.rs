//! The document of `replay --json` for one replayed game, built as Python objects field by field
//! ([`replayed`]): the twin of serde's serialisation of `ttrules_record::replay::document`
//! ([`super::to_py`]), as `replay --jsonl`'s hand-written lines are the twin of its text.
//!
//! Note: most of a document is its turns (a dict each, 138 a game in `../shared/records`) and
//! its lists of point names, so those are made with as few calls into Python as can be: the field
//! names are interned once; the values that repeat (point names, colours, words, `True`, `False`,
//! `None`, numbers below [`INTS`]) are made once and put into dicts without a reference-count
//! call; lists are made at their length and filled in place; a turn is a `PyDict_Copy` of its
//! template (a copy of the table whole costs less than filling a new dict key by key): of its
//! colour, legality, implication, number and node, with its move set, where its number is below
//! [`INTS`] and its node near it (all but a few turns: up to 8 × 1,024 × [`DELTAS`] made as met);
//! else of its colour, legality, implication and move (up to 8 × 626), with its number and node
//! set; the document is a copy of
//! a template of its fields in order (no table growth); the `rules` object, the same for all the
//! games of a rule set and komi, is serde's own, made once and copied (its list too). Nothing
//! mutable is shared between two documents. The test `python/tests/test_doc_twins.py` holds every
//! game of `../shared/records` (and more) to the serde twin (`_ttrules._documents_twins`), key
//! order and types included. Measured in the book (`docs/src/reports/python.md`).

use super::{to_py, Strings};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use ttrules_record::replay::{document, Replayed, TurnRecord};
use ttrules_record::Warning;
use ttrules_spec::{Colour, Counting, HalfPoints, Komi, Move, Player, Point, Prisoners, Rules};

/// The widest board side whose point names are kept (r[tt.board.size]: no board is wider).
const SIDE: usize = ttrules_spec::point::MAX_SIDE as usize;

/// The numbers kept as shared `int`s (turn and node numbers, counts): CPython keeps up to 256.
const INTS: usize = 1024;

/// The turns numbered below [`INTS`] whose node is from `DELTAS / 2` below their number to
/// `DELTAS / 2 - 1` above it (all but a few: most nodes are their turn's number) are copied from a
/// template of their number and node too: [`Maker::numbered_template`].
const DELTAS: usize = 4;

/// The fields of a document in order, but `dead_engine` and `seki` (there only when they are
/// not `None`: after `dead_from`), for [`Maker::document_template`].
const DOCUMENT: [&str; 31] = [
    "file",
    "tree",
    "trees",
    "engine",
    "size",
    "rules",
    "komi",
    "turns",
    "illegal",
    "over",
    "to_move",
    "grid",
    "captures",
    "prisoners",
    "first_passer",
    "handicap",
    "dead",
    "dead_from",
    "score",
    "result",
    "winner",
    "legal_moves",
    "pass_alive",
    "outcome",
    "stop",
    "re",
    "re_agrees",
    "warnings",
    "encoding",
    "players",
    "spec",
];

/// How many `rules` objects are kept (archives hold a handful of rule sets and komis).
const RULES_KEPT: usize = 64;

macro_rules! keys {
    ($($field:ident = $name:literal,)*) => {
        /// The field names of the document, interned.
        struct Keys {
            $($field: Py<PyString>,)*
        }

        impl Keys {
            fn new(py: Python<'_>) -> Keys {
                Keys {
                    $($field: PyString::intern(py, $name).unbind(),)*
                }
            }
        }
    };
}

keys! {
    file = "file", tree = "tree", trees = "trees", engine = "engine", size = "size",
    width = "width", height = "height", rules = "rules", komi = "komi", turns = "turns",
    number = "number", node = "node", color = "color", mv = "move", legal = "legal",
    implied = "implied", illegal = "illegal", reason = "reason", clause = "clause", over = "over",
    to_move = "to_move", grid = "grid", captures = "captures", black = "black", white = "white",
    prisoners = "prisoners", first_passer = "first_passer", handicap = "handicap", dead = "dead",
    dead_from = "dead_from", dead_engine = "dead_engine", seki = "seki", score = "score",
    result = "result", winner = "winner", legal_moves = "legal_moves", pass_alive = "pass_alive",
    outcome = "outcome", stop = "stop", cause = "cause", text = "text", re = "re", kind = "kind",
    margin = "margin", re_agrees = "re_agrees", warnings = "warnings", encoding = "encoding",
    players = "players", spec = "spec", katago_differences = "katago_differences",
}

/// What [`replayed`] keeps from game to game (in [`Strings`]).
pub struct Cache {
    keys: Keys,
    /// The names of the points of the widest board, by `x * SIDE + y`, made when first met.
    points: Vec<Option<Py<PyString>>>,
    pass: Py<PyString>,
    /// `B` and `W`.
    letters: [Py<PyString>; 2],
    ints: Vec<Py<PyAny>>,
    /// The `rules` dict of each rule set and komi met, as serde makes it.
    rules: Vec<(Rules, Komi, Py<PyDict>)>,
    /// A turn of each colour, legality, implication and move (a pass or a point of the widest
    /// board, or any other), made when first met and copied for each turn.
    turns: Vec<Option<Py<PyAny>>>,
    /// A turn of each colour, legality, implication, number and node (see [`DELTAS`]), its move
    /// set for each turn: made when first met and copied for each turn.
    numbered: Vec<Option<Py<PyAny>>>,
    /// A document of every field but `dead_engine` and `seki`, its values placeholders: copied
    /// for each game that has neither (the others' dicts grow field by field).
    document: Option<Py<PyAny>>,
}

impl Cache {
    pub fn new(py: Python<'_>) -> PyResult<Cache> {
        let ints = (0..INTS)
            .map(|n| Ok(n.into_pyobject(py)?.into_any().unbind()))
            .collect::<PyResult<_>>()?;
        Ok(Cache {
            keys: Keys::new(py),
            points: (0..SIDE * SIDE).map(|_| None).collect(),
            pass: PyString::intern(py, "pass").unbind(),
            letters: [
                PyString::intern(py, Player::Black.letter()).unbind(),
                PyString::intern(py, Player::White.letter()).unbind(),
            ],
            ints,
            rules: Vec::new(),
            turns: (0..8 * (Move::INDEXED + 1)).map(|_| None).collect(),
            numbered: (0..8 * INTS * DELTAS).map(|_| None).collect(),
            document: None,
        })
    }
}

/// A value to put into a dict or list: shared (borrowed from a cache, or a singleton) or new.
enum Val<'py> {
    Shared(*mut ffi::PyObject),
    New(Bound<'py, PyAny>),
}

use Val::{New, Shared};

impl Val<'_> {
    fn ptr(&self) -> *mut ffi::PyObject {
        match self {
            Shared(p) => *p,
            New(b) => b.as_ptr(),
        }
    }
}

fn none<'py>() -> Val<'py> {
    // SAFETY: `None` is a static object of the interpreter.
    Shared(unsafe { ffi::Py_None() })
}

fn boolean<'py>(b: bool) -> Val<'py> {
    // SAFETY: `True` and `False` are static objects of the interpreter.
    Shared(unsafe {
        if b {
            ffi::Py_True()
        } else {
            ffi::Py_False()
        }
    })
}

/// The object `p` points to, a new reference or `NULL` with Python's error set.
fn owned(py: Python<'_>, p: *mut ffi::PyObject) -> PyResult<Bound<'_, PyAny>> {
    // SAFETY: `p` is a new reference or `NULL` (an error), as the callers' functions return.
    unsafe { Bound::from_owned_ptr_or_err(py, p) }
}

/// A new dict being filled.
struct Dict<'py>(Bound<'py, PyAny>);

impl<'py> Dict<'py> {
    fn new(py: Python<'py>) -> PyResult<Dict<'py>> {
        // SAFETY: `PyDict_New` returns a new reference or `NULL`.
        Ok(Dict(owned(py, unsafe { ffi::PyDict_New() })?))
    }

    /// Sets `key` (a field name of [`Keys`]) to `v`.
    fn set(&self, key: &Py<PyString>, v: Val<'py>) -> PyResult<()> {
        // SAFETY: the dict, the key and the value are live objects; `PyDict_SetItem` takes its
        // own references (the value's is released when `v` drops).
        if unsafe { ffi::PyDict_SetItem(self.0.as_ptr(), key.as_ptr(), v.ptr()) } < 0 {
            return Err(PyErr::fetch(self.0.py()));
        }
        Ok(())
    }

    fn done(self) -> Val<'py> {
        New(self.0)
    }
}

/// A list of `n` items, item `i` being `item(i)`.
fn list<'py>(
    py: Python<'py>,
    n: usize,
    mut item: impl FnMut(usize) -> PyResult<Val<'py>>,
) -> PyResult<Val<'py>> {
    // SAFETY: `PyList_New` returns a new reference or `NULL`; its items are `NULL` until set.
    let l = owned(py, unsafe { ffi::PyList_New(n as ffi::Py_ssize_t) })?;
    for i in 0..n {
        let p = match item(i)? {
            Shared(p) => {
                // SAFETY: `p` is live; `PyList_SetItem` steals the reference taken here.
                unsafe { ffi::Py_IncRef(p) };
                p
            }
            New(b) => b.into_ptr(),
        };
        // SAFETY: `i < n`, and the item slot is empty: nothing is released.
        unsafe { ffi::PyList_SetItem(l.as_ptr(), i as ffi::Py_ssize_t, p) };
    }
    Ok(New(l))
}

/// Makes the documents of games, with `strings`' shared texts and [`Cache`].
struct Maker<'a, 'py> {
    py: Python<'py>,
    c: &'a mut Cache,
    strings: &'a mut Strings,
}

impl<'py> Maker<'_, 'py> {
    fn k(&self) -> &Keys {
        &self.c.keys
    }

    fn int(&self, n: usize) -> PyResult<Val<'py>> {
        match self.c.ints.get(n) {
            Some(i) => Ok(Shared(i.as_ptr())),
            // SAFETY: a new reference or `NULL`.
            None => Ok(New(owned(self.py, unsafe { ffi::PyLong_FromSize_t(n) })?)),
        }
    }

    /// `h` as serde writes `JsonNumber`: an `int` when whole, else a `float`.
    fn half(&self, h: HalfPoints) -> PyResult<Val<'py>> {
        let halves = h.as_halves();
        if !h.is_whole() {
            return Ok(New(owned(self.py, unsafe {
                // SAFETY: a new reference or `NULL`.
                ffi::PyFloat_FromDouble(halves as f64 / 2.0)
            })?));
        }
        match usize::try_from(halves / 2) {
            Ok(n) => self.int(n),
            // SAFETY: a new reference or `NULL`.
            Err(_) => Ok(New(owned(self.py, unsafe {
                ffi::PyLong_FromLongLong(halves / 2)
            })?)),
        }
    }

    /// A text that repeats (a word, a colour, a short name): shared through [`Strings`].
    fn text(&mut self, s: &str) -> Val<'py> {
        New(self.strings.text(self.py, s).into_any())
    }

    /// A text of the program (`&'static`): interned once, by its address.
    fn word(&mut self, s: &'static str) -> Val<'py> {
        Shared(self.strings.key_ptr(self.py, s))
    }

    fn opt_word(&mut self, s: Option<&'static str>) -> Val<'py> {
        s.map_or_else(none, |s| self.word(s))
    }

    fn letter(&self, p: Player) -> Val<'py> {
        Shared(self.c.letters[usize::from(p == Player::White)].as_ptr())
    }

    fn point(&mut self, p: Point) -> Val<'py> {
        let (x, y) = (usize::from(p.x), usize::from(p.y));
        if x >= SIDE || y >= SIDE {
            return New(PyString::new(self.py, &p.gtp()).into_any());
        }
        let slot = &mut self.c.points[x * SIDE + y];
        let name = slot.get_or_insert_with(|| PyString::new(self.py, &p.gtp()).unbind());
        Shared(name.as_ptr())
    }

    fn mv(&mut self, m: Move) -> Val<'py> {
        match m {
            Move::Pass => Shared(self.c.pass.as_ptr()),
            Move::Play(p) => self.point(p),
        }
    }

    fn points(&mut self, ps: &[Point]) -> PyResult<Val<'py>> {
        list(self.py, ps.len(), |i| Ok(self.point(ps[i])))
    }

    fn count(&self, p: Prisoners) -> PyResult<Val<'py>> {
        let d = Dict::new(self.py)?;
        d.set(&self.k().black, self.int(p.black as usize)?)?;
        d.set(&self.k().white, self.int(p.white as usize)?)?;
        Ok(d.done())
    }

    /// `number`, `node`, `color` and `move` of a turn, into `d`.
    fn turn_head(&mut self, d: &Dict<'py>, t: &TurnRecord) -> PyResult<()> {
        d.set(&self.k().number, self.int(t.number)?)?;
        d.set(&self.k().node, self.int(t.node)?)?;
        d.set(&self.k().color, self.letter(t.player))?;
        let mv = self.mv(t.mv);
        d.set(&self.k().mv, mv)
    }

    /// The turn dict of `t`'s colour, legality, implication and move, its number and node
    /// placeholders; and whether its move is `t`'s (else a placeholder too: a point beyond the
    /// widest board, which no board has).
    fn turn_template(&mut self, t: &TurnRecord) -> PyResult<(*mut ffi::PyObject, bool)> {
        let at = t.mv.index();
        // The last slot of each kind: a move beyond the widest board, its move set each time.
        let slot = turn_kind(t) * (Move::INDEXED + 1) + at.unwrap_or(Move::INDEXED);
        if let Some(d) = &self.c.turns[slot] {
            return Ok((d.as_ptr(), at.is_some()));
        }
        let d = self.new_turn(t)?;
        let p = d.0.as_ptr();
        self.c.turns[slot] = Some(d.0.unbind());
        Ok((p, at.is_some()))
    }

    /// The turn dict of `t`'s colour, legality, implication, number and node, its move a
    /// placeholder, where `t`'s number is below [`INTS`] and its node near it (see [`DELTAS`]).
    fn numbered_template(&mut self, t: &TurnRecord) -> PyResult<Option<*mut ffi::PyObject>> {
        let delta = (t.node + DELTAS / 2).wrapping_sub(t.number);
        if t.number >= INTS || delta >= DELTAS {
            return Ok(None);
        }
        let slot = (turn_kind(t) * INTS + t.number) * DELTAS + delta;
        if let Some(d) = &self.c.numbered[slot] {
            return Ok(Some(d.as_ptr()));
        }
        let d = self.new_turn(t)?;
        let p = d.0.as_ptr();
        self.c.numbered[slot] = Some(d.0.unbind());
        Ok(Some(p))
    }

    /// The dict of the turn `t`, made key by key.
    fn new_turn(&mut self, t: &TurnRecord) -> PyResult<Dict<'py>> {
        let d = Dict::new(self.py)?;
        self.turn_head(&d, t)?;
        d.set(&self.k().legal, boolean(t.legal))?;
        if t.implied {
            d.set(&self.k().implied, boolean(true))?;
        }
        Ok(d)
    }

    /// The turns: each a copy of its template (`PyDict_Copy` copies the table whole, cheaper than
    /// filling a new dict key by key) with its number and node set (and its move, for a point
    /// beyond the templates').
    fn turns(&mut self, turns: &[TurnRecord]) -> PyResult<Val<'py>> {
        let py = self.py;
        list(py, turns.len(), |i| {
            let t = &turns[i];
            if let Some(template) = self.numbered_template(t)? {
                // SAFETY: a live dict; a new reference or `NULL`.
                let d = Dict(owned(py, unsafe { ffi::PyDict_Copy(template) })?);
                let mv = self.mv(t.mv);
                d.set(&self.k().mv, mv)?;
                return Ok(d.done());
            }
            let (template, has_move) = self.turn_template(t)?;
            // SAFETY: a live dict; a new reference or `NULL`.
            let d = Dict(owned(py, unsafe { ffi::PyDict_Copy(template) })?);
            d.set(&self.k().number, self.int(t.number)?)?;
            d.set(&self.k().node, self.int(t.node)?)?;
            if !has_move {
                let mv = self.mv(t.mv);
                d.set(&self.k().mv, mv)?;
            }
            Ok(d.done())
        })
    }

    /// The diagram, one string per row from the top (`Grid::rows`).
    fn grid(&self, cells: &[Colour], width: usize) -> PyResult<Val<'py>> {
        let rows: Vec<&[Colour]> = cells.chunks(width.max(1)).rev().collect();
        let mut row = Vec::with_capacity(width);
        list(self.py, rows.len(), |i| {
            row.clear();
            row.extend(rows[i].iter().map(|c| match c {
                Colour::Empty => b'.',
                Colour::Black => b'X',
                Colour::White => b'O',
            }));
            // SAFETY: ASCII bytes and their length; a new reference or `NULL`.
            Ok(New(owned(self.py, unsafe {
                ffi::PyUnicode_FromStringAndSize(row.as_ptr().cast(), row.len() as ffi::Py_ssize_t)
            })?))
        })
    }

    /// A fresh `rules` dict: a copy of the one serde made for this rule set and komi, its list
    /// copied too (the dicts of two games share nothing mutable).
    fn rules(&mut self, r: &Replayed) -> PyResult<Val<'py>> {
        let (rules, komi) = (r.game.rules, r.game.komi);
        let kept = match self
            .c
            .rules
            .iter()
            .position(|(r, k, _)| *r == rules && *k == komi)
        {
            Some(i) => i,
            None => {
                let doc = to_py(self.py, self.strings, &document(r))?;
                let made = doc
                    .get_item(self.c.keys.rules.bind(self.py))?
                    .cast_into::<PyDict>()?;
                if self.c.rules.len() == RULES_KEPT {
                    self.c.rules.clear();
                }
                self.c.rules.push((rules, komi, made.unbind()));
                self.c.rules.len() - 1
            }
        };
        let template = self.c.rules[kept].2.bind(self.py);
        let copy = template.copy()?;
        let key = self.c.keys.katago_differences.bind(self.py);
        if let Some(differences) = template.get_item(key)? {
            // SAFETY: a new reference or `NULL`.
            let fresh = owned(self.py, unsafe {
                ffi::PyList_GetSlice(differences.as_ptr(), 0, ffi::PY_SSIZE_T_MAX)
            })?;
            copy.set_item(key, fresh)?;
        }
        Ok(New(copy.into_any()))
    }

    fn warnings(&mut self, ws: &[Warning]) -> PyResult<Val<'py>> {
        let py = self.py;
        list(py, ws.len(), |i| {
            let w = &ws[i];
            let d = Dict::new(py)?;
            let kind = self.word(w.kind);
            d.set(&self.k().kind, kind)?;
            d.set(
                &self.k().node,
                w.node.map_or_else(|| Ok(none()), |n| self.int(n))?,
            )?;
            let text = self.text(&w.text);
            d.set(&self.k().text, text)?;
            Ok(d.done())
        })
    }
}

/// The document of `r` (`ttrules_record::replay::document`) as the Python object
/// `json.loads(serde_json::to_string(&document(r)))` gives, made field by field.
pub fn replayed<'py>(
    py: Python<'py>,
    strings: &mut Strings,
    r: &Replayed,
) -> PyResult<Bound<'py, PyAny>> {
    let mut c = match strings.doc.take() {
        Some(c) => c,
        None => Cache::new(py)?,
    };
    let out = Maker {
        py,
        c: &mut c,
        strings,
    }
    .document(r);
    strings.doc = Some(c);
    match out? {
        New(b) => Ok(b),
        // SAFETY: a live object; a new reference to it.
        Shared(p) => Ok(unsafe { Bound::from_borrowed_ptr(py, p) }),
    }
}

impl<'py> Maker<'_, 'py> {
    fn document(&mut self, r: &Replayed) -> PyResult<Val<'py>> {
        let d = if r.dead_from.engine().is_none() && r.seki.is_none() {
            self.document_template()?
        } else {
            Dict::new(self.py)?
        };
        self.game(&d, r)?;
        self.position(&d, r)?;
        self.record(&d, r)?;
        Ok(d.done())
    }

    /// A new dict of the document's fields in order (but `dead_engine` and `seki`): a copy,
    /// made without growing its table field by field.
    fn document_template(&mut self) -> PyResult<Dict<'py>> {
        let template = match &self.c.document {
            Some(d) => d.bind(self.py).clone(),
            None => {
                let d = Dict::new(self.py)?;
                for name in DOCUMENT {
                    // Interned: the same objects as `Keys`'.
                    d.set(&PyString::intern(self.py, name).unbind(), none())?;
                }
                self.c.document = Some(d.0.clone().unbind());
                d.0
            }
        };
        // SAFETY: a live dict; a new reference or `NULL`.
        Ok(Dict(owned(self.py, unsafe {
            ffi::PyDict_Copy(template.as_ptr())
        })?))
    }

    /// The fields from `file` to `turns`.
    fn game(&mut self, d: &Dict<'py>, r: &Replayed) -> PyResult<()> {
        let (g, this) = (&r.record, &r.replay);
        let file = self.text(&g.file);
        d.set(&self.k().file, file)?;
        d.set(&self.k().tree, self.int(g.tree)?)?;
        d.set(&self.k().trees, self.int(g.trees)?)?;
        let engine = self.word(r.engine);
        d.set(&self.k().engine, engine)?;
        let size = Dict::new(self.py)?;
        size.set(&self.k().width, self.int(this.grid.size().width())?)?;
        size.set(&self.k().height, self.int(this.grid.size().height())?)?;
        d.set(&self.k().size, size.done())?;
        let rules = self.rules(r)?;
        d.set(&self.k().rules, rules)?;
        d.set(&self.k().komi, self.half(r.game.komi.value())?)?;
        let turns = self.turns(&this.turns)?;
        d.set(&self.k().turns, turns)
    }

    /// The fields from `illegal` to `pass_alive`.
    fn position(&mut self, d: &Dict<'py>, r: &Replayed) -> PyResult<()> {
        let (game, this) = (&r.game, &r.replay);
        let illegal = match &this.illegal {
            None => none(),
            Some((t, why)) => {
                let i = Dict::new(self.py)?;
                self.turn_head(&i, t)?;
                let reason = self.word(why.reason());
                i.set(&self.k().reason, reason)?;
                let clause = self.word(why.clause().id());
                i.set(&self.k().clause, clause)?;
                i.done()
            }
        };
        d.set(&self.k().illegal, illegal)?;
        d.set(&self.k().over, boolean(this.over))?;
        d.set(&self.k().to_move, self.letter(this.to_move))?;
        let width = this.grid.size().width();
        d.set(&self.k().grid, self.grid(this.grid.cells(), width)?)?;
        d.set(&self.k().captures, self.count(this.captures)?)?;
        let prisoners = match game.rules.counting == Counting::Territory {
            true => self.count(this.prisoners)?,
            false => none(),
        };
        d.set(&self.k().prisoners, prisoners)?;
        let first = this.first_passer.map_or_else(none, |p| self.letter(p));
        d.set(&self.k().first_passer, first)?;
        d.set(&self.k().handicap, self.int(this.handicap as usize)?)?;
        let dead = self.points(&game.dead)?;
        d.set(&self.k().dead, dead)?;
        let from = self.word(r.dead_from.word());
        d.set(&self.k().dead_from, from)?;
        if let Some(engine) = r.dead_from.engine() {
            let engine = self.text(engine);
            d.set(&self.k().dead_engine, engine)?;
        }
        if let Some(seki) = &r.seki {
            let seki = self.points(seki)?;
            d.set(&self.k().seki, seki)?;
        }
        let score = Dict::new(self.py)?;
        score.set(&self.k().black, self.half(this.score.black)?)?;
        score.set(&self.k().white, self.half(this.score.white)?)?;
        d.set(&self.k().score, score.done())?;
        let result = self.text(&this.outcome.sgf_result());
        d.set(&self.k().result, result)?;
        let winner = self.word(this.outcome.winner_word());
        d.set(&self.k().winner, winner)?;
        let legal = self.points(&this.legal_moves)?;
        d.set(&self.k().legal_moves, legal)?;
        let alive = Dict::new(self.py)?;
        let black = self.points(&this.pass_alive.black)?;
        alive.set(&self.k().black, black)?;
        let white = self.points(&this.pass_alive.white)?;
        alive.set(&self.k().white, white)?;
        d.set(&self.k().pass_alive, alive.done())
    }

    /// The fields from `outcome` to the end.
    fn record(&mut self, d: &Dict<'py>, r: &Replayed) -> PyResult<()> {
        let g = &r.record;
        let outcome = self.word(r.outcome.word());
        d.set(&self.k().outcome, outcome)?;
        let stop = match &r.stop {
            None => none(),
            Some(s) => {
                let o = Dict::new(self.py)?;
                o.set(&self.k().node, self.int(s.node)?)?;
                o.set(&self.k().mv, self.int(s.move_number)?)?;
                let cause = self.word(s.cause.word());
                o.set(&self.k().cause, cause)?;
                let clause = self.word(s.cause.clause().id());
                o.set(&self.k().clause, clause)?;
                let text = self.text(&s.text);
                o.set(&self.k().text, text)?;
                o.done()
            }
        };
        d.set(&self.k().stop, stop)?;
        let re = match &g.result {
            None => none(),
            Some(re) => {
                let o = Dict::new(self.py)?;
                let text = self.text(&re.text);
                o.set(&self.k().text, text)?;
                let kind = self.word(re.kind.word());
                o.set(&self.k().kind, kind)?;
                let winner = self.opt_word(re.winner.map(Player::letter));
                o.set(&self.k().winner, winner)?;
                let margin = match re.margin {
                    // serde_json writes a NaN or an infinity as `null`.
                    Some(m) if m.is_finite() => New(owned(self.py, unsafe {
                        // SAFETY: a new reference or `NULL`.
                        ffi::PyFloat_FromDouble(m)
                    })?),
                    _ => none(),
                };
                o.set(&self.k().margin, margin)?;
                o.done()
            }
        };
        d.set(&self.k().re, re)?;
        d.set(&self.k().re_agrees, r.re_agrees.map_or_else(none, boolean))?;
        let warnings = self.warnings(&r.warnings)?;
        d.set(&self.k().warnings, warnings)?;
        let encoding = self.word(g.encoding);
        d.set(&self.k().encoding, encoding)?;
        let players = Dict::new(self.py)?;
        let black = g.black_name.as_deref().map_or_else(none, |s| self.text(s));
        players.set(&self.k().black, black)?;
        let white = g.white_name.as_deref().map_or_else(none, |s| self.text(s));
        players.set(&self.k().white, white)?;
        d.set(&self.k().players, players.done())?;
        let spec = self.word(ttrules_spec::SPEC_VERSION);
        d.set(&self.k().spec, spec)
    }
}

/// A turn's colour, legality and implication, as a number below 8.
fn turn_kind(t: &TurnRecord) -> usize {
    usize::from(t.player == Player::White) + 2 * usize::from(t.legal) + 4 * usize::from(t.implied)
}
