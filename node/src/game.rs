//! `Game`: a game in progress on either engine (the fast one by default, the reference for
//! cross-checks), every observable of the `Engine` trait readable from JavaScript.

use crate::args;
use crate::errors::{guard, Fail, Outcome};
use crate::points::{self, pair};
use crate::rules::{float, Rules};
use crate::setup;
use napi::bindgen_prelude::{Int8Array, Uint8Array, Unknown};
use napi::{Env, Result};
use napi_derive::napi;
use serde_json::json;
use ttrules_fast::Fast;
use ttrules_reference::Reference;
use ttrules_spec::{Colour, Engine, HalfPoints, Illegal, Komi, Move, Outcome as End, Point, Size};

/// The engine behind a game.
// The enum lives inside the JavaScript object, on the heap already: boxing the fast engine's
// arrays would add an indirection to every move for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub(crate) enum Eng {
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

/// What a turn did: the stones it captured and the stones of its own it removed (r[tt.turn]).
#[napi(object, object_from_js = false)]
pub struct Played {
    pub captured: u32,
    pub suicided: u32,
}

/// The verdict on a turn: `legal`, and when it is not, the reason and the clause that forbids it
/// (r[var.verdict.order]).
#[napi(object, object_from_js = false)]
pub struct Verdict {
    pub legal: bool,
    /// `occupied`, `off-grid`, `suicide`, `repetition`, `game-over`, … (`null` when legal).
    pub reason: Option<&'static str>,
    /// The clause id, e.g. `tt.move.empty` (`null` when legal).
    pub clause: Option<&'static str>,
}

/// The final scores before komi (r[tt.score]), and the result with komi (r[tt.winner]).
#[napi(object, object_from_js = false)]
pub struct Score {
    pub black: f64,
    pub white: f64,
    pub komi: f64,
    /// `"B"`, `"W"`, `"tie"` or `"void"`.
    pub winner: &'static str,
    /// The margin of the result (0 for a tie or a void game).
    pub margin: f64,
    /// The result as SGF `RE` writes it: `B+3.5`, `0`, `Void`.
    pub result: String,
    /// The prisoners each player holds (r[var.prisoners]): counted by territory scoring.
    pub prisoners_black: u32,
    pub prisoners_white: u32,
}

/// Each player's pass-alive area (r[life.area]).
#[napi(object, object_from_js = false)]
pub struct PassAlive {
    pub black: Vec<(u8, u8)>,
    pub white: Vec<(u8, u8)>,
}

/// A game of Go (r[tt.start]) under some rules, on the fast engine or the reference one.
///
/// `new Game(width = 19, height = width, options)` or `new Game(width, options)`; `options`:
/// `rules` (a `Rules` or any name `Rules` takes; Tromp-Taylor by default), `komi` (a number or a
/// string such as `"7.5"`; the named ruleset's komi by default), `setup` (a diagram, rows of `X`,
/// `O` and `.` from the top, or an `Int8Array` indexed `y * width + x` with 0 empty, 1 black, -1
/// white, r[var.setup]), `toMove` (`"B"` or `"W"`), `handicap`, and `engine` (`"fast"` or
/// `"reference"`, the naive engine that follows the text line by line, for cross-checks).
#[napi]
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) eng: Eng,
    setup: ttrules_spec::Setup,
    rules: Rules,
    komi: Komi,
    /// Every turn taken, for `moves` and `undo`.
    history: Vec<Move>,
    /// Set when a panic left the engine in an unknown state: every later call throws.
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

pub(crate) fn new_engine(setup: &ttrules_spec::Setup, rules: &Rules, engine: &str) -> Outcome<Eng> {
    let setup_err = |e: ttrules_spec::SetupError| Fail::new("SetupError", e.to_string());
    match engine {
        "reference" => Reference::from_setup(setup, rules.rules)
            .map(Eng::Reference)
            .map_err(setup_err),
        _ => Fast::from_setup(setup, rules.rules)
            .map(Eng::Fast)
            .map_err(setup_err),
    }
}

/// The moves of a batch: an array of move values, or an `Int16Array` of `x, y` pairs.
fn batch(v: &Unknown) -> Outcome<Vec<Move>> {
    use napi::JsValue;
    if v.is_typedarray().unwrap_or(false) {
        let pairs = unsafe { v.cast::<napi::bindgen_prelude::Int16Array>() }.map_err(|_| {
            args::wrong_type(
                "moves",
                "an array of moves or an Int16Array of x, y pairs",
                v,
            )
        })?;
        if pairs.len() % 2 != 0 {
            return Err(Fail::new(
                "PointError",
                "moves: an Int16Array of x, y pairs has an even length",
            ));
        }
        return pairs
            .chunks(2)
            .map(|c| match (c[0], c[1]) {
                (-1, -1) => Ok(Move::Pass),
                (x, y) if (0..=255).contains(&x) && (0..=255).contains(&y) => {
                    Ok(Move::Play(Point::new(x as u8, y as u8)))
                }
                (x, y) => Err(Fail::new(
                    "PointError",
                    format!("point [{x}, {y}] is off every board (r[tt.board]); -1, -1 is a pass"),
                )),
            })
            .collect();
    }
    let what = "an array of moves or an Int16Array of x, y pairs";
    args::each_item(v, "moves", what, points::to_move)
}

impl Game {
    fn live(&self) -> Outcome<()> {
        if self.poisoned {
            Err(Fail::internal("this game was left in an unknown state by an earlier internal error; start a new one"))
        } else {
            Ok(())
        }
    }

    fn size(&self) -> Size {
        on!(&self.eng, e => e.size())
    }

    /// Runs a mutating step; a panic poisons the game.
    fn mutate<T>(&mut self, env: &Env, f: impl FnOnce(&mut Self) -> Outcome<T>) -> Result<T> {
        let mut panicked = true;
        let r = guard(env, || {
            self.live()?;
            let r = f(self);
            panicked = false;
            r
        });
        if panicked {
            self.poisoned = true;
        }
        r
    }

    fn illegal(&self, mv: Move, why: Illegal) -> Fail {
        let point = match mv {
            Move::Pass => serde_json::Value::Null,
            Move::Play(p) => json!([p.x, p.y]),
        };
        Fail::with(
            "IllegalMove",
            format!("{} {} is illegal: {why}", self.to_move(), mv),
            vec![
                ("reason", json!(why.reason())),
                ("clause", json!(why.clause().id())),
                ("point", point),
                ("clauseUrl", json!(why.clause().url())),
            ],
        )
    }

    /// Plays `mv`; the one step of `play`, `pass` and `playMany`.
    pub(crate) fn step(&mut self, mv: Move) -> Outcome<Played> {
        match on!(&mut self.eng, e => e.play(mv)) {
            Ok(report) => {
                self.history.push(mv);
                Ok(Played {
                    captured: report.captured as u32,
                    suicided: report.suicided as u32,
                })
            }
            Err(why) => Err(self.illegal(mv, why)),
        }
    }

    fn dead(&self, dead: Option<&Unknown>) -> Outcome<Vec<Point>> {
        match dead {
            Some(d) if !args::absent(Some(d)) => points::to_points_on(d, self.size(), "dead"),
            _ => Ok(Vec::new()),
        }
    }
}

#[napi]
impl Game {
    #[napi(
        constructor,
        ts_args_type = "width?: number, height?: number | GameOptions, options?: GameOptions"
    )]
    pub fn new(
        env: Env,
        width: Option<Unknown>,
        height: Option<Unknown>,
        options: Option<Unknown>,
    ) -> Result<Self> {
        guard(&env, || {
            let side = |v: Option<&Unknown>, name: &str| -> Outcome<Option<u32>> {
                match v {
                    Some(v) if !args::absent(Some(v)) => args::int(
                        v,
                        name,
                        (1, 25),
                        "SizeError",
                        Some("a board side outside 1..=25 (r[tt.board.size])"),
                    )
                    .map(|n| Some(n as u32)),
                    _ => Ok(None),
                }
            };
            // `new Game(9, { … })`: the options in the place of the height.
            let (height, options) = match &height {
                Some(h)
                    if h.get_type().ok() == Some(napi::ValueType::Object) && options.is_none() =>
                {
                    (None, Some(h))
                }
                _ => (height.as_ref(), options.as_ref()),
            };
            let width = side(width.as_ref(), "width")?.unwrap_or(19);
            let height = side(height, "height")?.unwrap_or(width);
            let o = args::options(options, "options")?;
            let known = ["rules", "komi", "setup", "toMove", "handicap", "engine"];
            args::unknown_keys(o.as_ref(), &known, "new Game")?;
            let size =
                Size::new(width, height).map_err(|e| Fail::new("SizeError", e.to_string()))?;
            let rules = Rules::from_js(args::field(o.as_ref(), "rules")?.as_ref())?;
            let komi = match args::field(o.as_ref(), "komi")? {
                Some(k) => setup::komi(&k)?,
                None => rules.komi.unwrap_or(Komi::ZERO),
            };
            let setup = setup::setup(o.as_ref(), size)?;
            let engine = args::engine(args::field(o.as_ref(), "engine")?.as_ref())?;
            let eng = new_engine(&setup, &rules, engine)?;
            Ok(Game {
                eng,
                setup,
                rules,
                komi,
                history: Vec::new(),
                poisoned: false,
            })
        })
    }

    #[napi(getter)]
    pub fn width(&self) -> u32 {
        self.size().width() as u32
    }

    #[napi(getter)]
    pub fn height(&self) -> u32 {
        self.size().height() as u32
    }

    /// The rules of the game (r[var.params]).
    #[napi(getter)]
    pub fn rules(&self) -> Rules {
        self.rules.clone()
    }

    /// The komi (r[param.komi]).
    #[napi(getter)]
    pub fn komi(&self) -> f64 {
        float(self.komi.value())
    }

    /// `"fast"` or `"reference"`.
    #[napi(getter)]
    pub fn engine(&self) -> &'static str {
        match self.eng {
            Eng::Fast(_) => Fast::NAME,
            Eng::Reference(_) => Reference::NAME,
        }
    }

    /// Plays for the player to move (r[tt.turn]): a point (`[x, y]` or `"D4"`), or a pass
    /// (`null` or `"pass"`). Returns what the turn removed.
    ///
    /// Throws `IllegalMove` (with `reason` and `clause`) and changes nothing when the turn is
    /// illegal (r[tt.turn.attempt], r[var.verdict.order]); a point off the board is illegal by
    /// r[tt.board] (reason `off-grid`); a value that is no point throws `PointError`.
    #[napi(ts_args_type = "point: Point | string | null")]
    pub fn play(&mut self, env: Env, point: Unknown) -> Result<Played> {
        let mv = guard(&env, || points::to_move(&point))?;
        self.mutate(&env, |me| me.step(mv))
    }

    /// Plays every turn of `moves` in order, in one call into native code: an array of what
    /// `play` takes, or an `Int16Array` of `x, y` pairs (`-1, -1` for a pass). Returns the number
    /// of turns played. At an illegal turn it throws `IllegalMove` with `played`, the turns of
    /// the batch played before it; those stay played (r[tt.turn.attempt]).
    #[napi(ts_args_type = "moves: Array<Point | string | null> | Int16Array")]
    pub fn play_many(&mut self, env: Env, moves: Unknown) -> Result<u32> {
        let moves = guard(&env, || batch(&moves))?;
        self.mutate(&env, |me| {
            for (i, &mv) in moves.iter().enumerate() {
                if let Err(mut fail) = me.step(mv) {
                    fail.fields.push(("played", json!(i)));
                    return Err(fail);
                }
            }
            Ok(moves.len() as u32)
        })
    }

    /// Passes for the player to move (r[tt.turn.pass]); `IllegalMove` (`game-over`) after the end.
    #[napi]
    pub fn pass(&mut self, env: Env) -> Result<()> {
        self.mutate(&env, |me| me.step(Move::Pass).map(|_| ()))
    }

    /// Whether `play(point)` would be legal, without playing.
    #[napi(ts_args_type = "point: Point | string | null")]
    pub fn is_legal(&self, env: Env, point: Unknown) -> Result<bool> {
        self.verdict(env, point).map(|v| v.legal)
    }

    /// The verdict on `play(point)` without playing: `legal`, else the `reason` and the `clause`
    /// that forbids it (r[var.verdict.order]).
    #[napi(ts_args_type = "point: Point | string | null")]
    pub fn verdict(&self, env: Env, point: Unknown) -> Result<Verdict> {
        guard(&env, || {
            self.live()?;
            let mv = points::to_move(&point)?;
            Ok(match on!(&self.eng, e => e.check(mv)) {
                Ok(()) => Verdict {
                    legal: true,
                    reason: None,
                    clause: None,
                },
                Err(why) => Verdict {
                    legal: false,
                    reason: Some(why.reason()),
                    clause: Some(why.clause().id()),
                },
            })
        })
    }

    /// The legal moves as a mask indexed `y * width + x`, 1 where a stone may be played
    /// (r[verdict.legal-moves]); a pass is legal until the end.
    #[napi]
    pub fn legal_moves(&self, env: Env) -> Result<Uint8Array> {
        guard(&env, || {
            self.live()?;
            let size = self.size();
            let mut flat = vec![0u8; size.area()];
            let mut pts = Vec::with_capacity(size.area());
            on!(&self.eng, e => e.legal_points_into(&mut pts));
            for p in pts {
                flat[size.index(p)] = 1;
            }
            Ok(Uint8Array::new(flat))
        })
    }

    /// The legal moves as `[x, y]` points, in point-index order (r[verdict.legal-moves]).
    #[napi(ts_return_type = "Point[]")]
    pub fn legal_points(&self, env: Env) -> Result<Vec<(u8, u8)>> {
        guard(&env, || {
            self.live()?;
            Ok(on!(&self.eng, e => e.legal_points())
                .into_iter()
                .map(pair)
                .collect())
        })
    }

    /// The colouring indexed `y * width + x`: 0 empty, 1 black, -1 white (r[tt.colouring]).
    #[napi]
    pub fn board(&self, env: Env) -> Result<Int8Array> {
        guard(&env, || {
            self.live()?;
            let cells: Vec<i8> = on!(&self.eng, e => e.grid())
                .cells()
                .iter()
                .map(|&c| cell(c))
                .collect();
            Ok(Int8Array::new(cells))
        })
    }

    /// `"B"` or `"W"`: the player to move (after the end: who would have been next).
    #[napi(getter)]
    pub fn to_move(&self) -> &'static str {
        on!(&self.eng, e => e.to_move()).letter()
    }

    /// Whether the game has ended (r[tt.end]).
    #[napi(getter)]
    pub fn over(&self) -> bool {
        on!(&self.eng, e => e.is_over())
    }

    /// Whether the game ended with no result (r[var.ko.simple.cycle]).
    #[napi(getter)]
    pub fn void(&self) -> bool {
        on!(&self.eng, e => e.is_void())
    }

    /// How many turns (moves and passes) have been taken.
    #[napi(getter)]
    pub fn turns(&self) -> u32 {
        on!(&self.eng, e => e.turns())
    }

    /// The passes in a row that count toward the end (r[tt.end]).
    #[napi(getter)]
    pub fn passes(&self) -> u32 {
        on!(&self.eng, e => e.consecutive_passes())
    }

    /// `[black, white]`: the prisoners each player holds (r[var.prisoners]).
    #[napi(getter, ts_return_type = "[number, number]")]
    pub fn prisoners(&self) -> (u32, u32) {
        let p = on!(&self.eng, e => e.prisoners());
        (p.black, p.white)
    }

    /// The first passer, `"B"`, `"W"` or `null` (r[var.first-pass]).
    #[napi(getter)]
    pub fn first_passer(&self) -> Option<&'static str> {
        on!(&self.eng, e => e.first_passer()).map(|p| p.letter())
    }

    /// The handicap N as known so far (r[var.handicap]).
    #[napi(getter)]
    pub fn handicap(&self) -> u32 {
        on!(&self.eng, e => e.handicap())
    }

    /// Every turn so far: `[x, y]` for a move, `null` for a pass (the history `undo` walks back).
    #[napi(getter, ts_return_type = "Array<Point | null>")]
    pub fn moves(&self) -> Vec<Option<(u8, u8)>> {
        self.history
            .iter()
            .map(|m| match m {
                Move::Pass => None,
                Move::Play(p) => Some(pair(*p)),
            })
            .collect()
    }

    /// The score if the game ended now with the stones at `dead` agreed dead: each player's points
    /// before komi (r[tt.score], r[var.score.final], r[var.count.dead]), the komi, and the winner,
    /// margin and SGF result with komi (r[tt.winner], r[param.komi]).
    #[napi(ts_args_type = "dead?: Array<Point | string> | string")]
    pub fn score(&self, env: Env, dead: Option<Unknown>) -> Result<Score> {
        guard(&env, || {
            self.live()?;
            let dead = self.dead(dead.as_ref())?;
            let s = on!(&self.eng, e => e.score_with_dead(&dead))
                .map_err(|err| Fail::new("PointError", err.to_string()))?;
            let o = on!(&self.eng, e => e.outcome(self.komi, &dead))
                .map_err(|err| Fail::new("PointError", err.to_string()))?;
            let p = on!(&self.eng, e => e.prisoners());
            let margin = match o {
                End::Win { margin, .. } => float(margin),
                End::Tie | End::Void => float(HalfPoints::ZERO),
            };
            Ok(Score {
                black: float(s.black),
                white: float(s.white),
                komi: float(self.komi.value()),
                winner: o.winner_word(),
                margin,
                result: o.sgf_result(),
                prisoners_black: p.black,
                prisoners_white: p.white,
            })
        })
    }

    /// `"B"`, `"W"`, `"tie"` or `"void"` if the game ended now (r[tt.winner]).
    #[napi(ts_args_type = "dead?: Array<Point | string> | string")]
    pub fn winner(&self, env: Env, dead: Option<Unknown>) -> Result<&'static str> {
        self.score(env, dead).map(|s| s.winner)
    }

    /// The result with komi as SGF `RE` writes it (`B+3.5`, `0`, `Void`) if the game ended now.
    #[napi(ts_args_type = "dead?: Array<Point | string> | string")]
    pub fn result(&self, env: Env, dead: Option<Unknown>) -> Result<String> {
        self.score(env, dead).map(|s| s.result)
    }

    /// Each player's pass-alive area (r[life.area]): `{ black: points, white: points }`.
    #[napi]
    pub fn pass_alive(&self, env: Env) -> Result<PassAlive> {
        guard(&env, || {
            self.live()?;
            let a = on!(&self.eng, e => e.pass_alive());
            Ok(PassAlive {
                black: a.black.into_iter().map(pair).collect(),
                white: a.white.into_iter().map(pair).collect(),
            })
        })
    }

    /// Resumes play after the end (r[end.resume]).
    #[napi]
    pub fn resume(&mut self, env: Env) -> Result<()> {
        self.mutate(&env, |me| {
            on!(&mut me.eng, e => e.resume())
                .map_err(|err| Fail::new("TtrulesValueError", err.to_string()))
        })
    }

    /// Takes back the last turn. The engines keep no undo log, so this replays every turn but the
    /// last from the setup: it costs as much as the game so far.
    #[napi]
    pub fn undo(&mut self, env: Env) -> Result<()> {
        self.mutate(&env, |me| {
            if me.history.is_empty() {
                return Err(Fail::new("TtrulesValueError", "undo: no turn to take back"));
            }
            me.history.pop();
            let mut eng = new_engine(&me.setup, &me.rules, me.engine())?;
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
    #[napi(js_name = "clone")]
    pub fn copy(&self) -> Game {
        self.clone()
    }

    /// The diagram with GTP coordinates (section 8).
    #[napi]
    #[allow(clippy::inherent_to_string)]
    pub fn to_string(&self) -> String {
        on!(&self.eng, e => e.grid()).labelled()
    }

    /// Panics inside Rust, to test that no panic crosses into JavaScript (`InternalError`).
    #[napi(js_name = "_panicForTest")]
    pub fn panic_for_test(&mut self, env: Env) -> Result<()> {
        self.mutate(&env, |_| -> Outcome<()> {
            panic!("a panic on purpose, for the tests")
        })
    }
}
