//! Benchmarks of the ttrules engines, and of other Rust Go libraries under the same protocol.
//!
//! The playout driver ([`run_playouts`]) is generic over [`PlayoutEngine`], a small trait that
//! each engine or peer adapter ([`adapters`]) implements, so the CLI can call it too.
//!
//! # The light-playout protocol
//! From the empty board, one thread, at most 3·W·H turns, the game also ending after two
//! consecutive passes. The mover draws uniformly among the points that are not *eyelike* for it
//! (every on-grid orthogonal neighbour is its own, and the opponent holds fewer than two diagonal
//! points, fewer than one if a diagonal is off the grid) and passes when none is legal.
//! - [`Mode::Rejection`]: draw a random empty point, skip it if eyelike or illegal, redraw among
//!   the points not yet rejected this turn.
//! - [`Mode::FullList`]: list every legal move, drop the eyelike ones, draw among the rest.
//!
//! A rejection turn asks of each point drawn whether it is eyelike, then whether it is legal,
//! and plays it if neither rejects it: [`PlayoutEngine::play_empty_if_legal_non_eyelike`], which an
//! engine may answer at once (the fast engine does) and the peers answer by the three calls.

pub mod adapters;
pub mod digest;

use std::time::{Duration, Instant};

/// The moves of a full-list light playout of the fast engine (seeded), `turns` turns in: a
/// mid-game position for the per-call benchmarks.
pub fn playout_position(size: ttrules_spec::Size, turns: usize) -> Vec<ttrules_spec::Move> {
    let mut e = adapters::FastPlayouts(ttrules_fast::Fast::new_game(
        size,
        ttrules_spec::Rules::TROMP_TAYLOR,
    ));
    let mut rng = Rng::new(99);
    let mut moves = Vec::new();
    let mut list = Vec::new();
    for _ in 0..turns {
        list.clear();
        e.legal_non_eyelike_into(&mut list);
        if list.is_empty() {
            break;
        }
        let v = list[rng.below(list.len())];
        moves.push(ttrules_spec::Move::Play(e.0.point_of(v)));
        e.play(v);
    }
    moves
}

/// What a playout engine must offer. Vertices are the engine's own point handles.
pub trait PlayoutEngine: Sized {
    /// Name for reports.
    const NAME: &'static str;
    /// How its rules differ from Tromp-Taylor with exact positional superko, for reports.
    const RULES: &'static str;
    type Vertex: Copy;

    /// An empty `width` x `height` board, Black to move.
    fn new(width: usize, height: usize) -> Self;
    /// Back to the empty board, Black to move, with an empty history.
    fn reset(&mut self);
    fn empty_count(&self) -> usize;
    /// The `k`-th empty point, `k < empty_count()`, in any order the engine likes.
    fn empty_at(&self, k: usize) -> Self::Vertex;
    /// Whether `v` (empty) is eyelike for the player to move.
    fn is_eyelike(&self, v: Self::Vertex) -> bool;
    /// Whether a move on `v` (empty) is legal for the player to move.
    fn is_legal(&self, v: Self::Vertex) -> bool;
    /// Plays a legal move on `v` for the player to move.
    fn play(&mut self, v: Self::Vertex);
    /// Plays on the `k`-th empty point `v` (`k < empty_count()`) for the player to move if `v`
    /// is not eyelike for them and the move is legal; says whether it played. An engine may
    /// answer the three questions at once.
    #[inline(always)]
    fn play_empty_if_legal_non_eyelike(&mut self, k: usize) -> bool {
        let v = self.empty_at(k);
        if !self.is_eyelike(v) && self.is_legal(v) {
            self.play(v);
            true
        } else {
            false
        }
    }
    fn pass(&mut self);
    /// Appends the legal moves of the player to move that are not eyelike (full-list mode).
    fn legal_non_eyelike_into(&self, out: &mut Vec<Self::Vertex>);
}

/// What an adapter's `is_eyelike` sees around a point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    Mine,
    Theirs,
    Empty,
    OffGrid,
}

/// The eyelike test of the protocol, from the cells at `(dx, dy)` offsets around a point.
#[inline]
pub fn eyelike_by(at: impl Fn(i32, i32) -> Cell) -> bool {
    for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        if !matches!(at(dx, dy), Cell::Mine | Cell::OffGrid) {
            return false;
        }
    }
    let (mut theirs, mut off) = (0, 0);
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        match at(dx, dy) {
            Cell::Theirs => theirs += 1,
            Cell::OffGrid => off += 1,
            _ => {}
        }
    }
    theirs + u32::from(off > 0) < 2
}

/// Light playouts: how to choose moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Rejection,
    FullList,
}

/// A small seeded generator (xorshift64*), the same for every engine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n`, `0 < n < 2^32`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Totals of a run of playouts.
#[derive(Copy, Clone, Debug, Default)]
pub struct PlayoutStats {
    pub playouts: u64,
    /// Turns taken: moves and passes.
    pub turns: u64,
    /// Moves (turns that placed a stone).
    pub moves: u64,
    pub elapsed: Duration,
}

impl PlayoutStats {
    pub fn ns_per_turn(&self) -> f64 {
        self.elapsed.as_nanos() as f64 / self.turns.max(1) as f64
    }

    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64()
    }

    pub fn turns_per_playout(&self) -> f64 {
        self.turns as f64 / self.playouts.max(1) as f64
    }
}

/// Scratch space of the driver, reused across turns.
struct Scratch<V> {
    /// The empty points rejected in a turn, by position: `rejected[k] == turn` when the `k`-th
    /// was rejected in the turn numbered `turn` (the numbers of the turns that need it, from 1),
    /// so that a turn starts with none rejected without clearing anything.
    rejected: Vec<u32>,
    turn: u32,
    list: Vec<V>,
    remaining: Vec<usize>,
}

/// One turn of rejection mode; returns whether a stone was placed.
///
/// While at most half of the empty points are rejected, a candidate is redrawn until it is not a
/// rejected one; past that, the remaining candidates are listed once and drawn from that list
/// (swap-removing rejects). Both draw uniformly among the candidates not yet rejected.
///
/// The first candidate of a turn is drawn and tried before any of the bookkeeping for rejects:
/// it is the first draw of the loop in `rejection_retry` (no candidate rejected yet, so no
/// redraw and no list), with the same draws from `rng`, and most turns end with it.
#[inline(always)]
fn rejection_turn<E: PlayoutEngine>(e: &mut E, rng: &mut Rng, s: &mut Scratch<E::Vertex>) -> bool {
    let n = e.empty_count();
    if n == 0 {
        e.pass();
        return false;
    }
    let k = rng.below(n);
    if e.play_empty_if_legal_non_eyelike(k) {
        return true;
    }
    rejection_retry(e, rng, s, n, k)
}

/// The rest of a rejection turn whose first candidate, the `k`-th of `n` empty points, was
/// rejected.
#[inline(always)]
fn rejection_retry<E: PlayoutEngine>(
    e: &mut E,
    rng: &mut Rng,
    s: &mut Scratch<E::Vertex>,
    n: usize,
    k: usize,
) -> bool {
    if s.rejected.len() < n {
        s.rejected.resize(n, 0);
    }
    s.turn = s.turn.wrapping_add(1);
    if s.turn == 0 {
        // Every number is used again from 1: forget the old ones.
        s.rejected.fill(0);
        s.turn = 1;
    }
    let turn = s.turn;
    s.rejected[k] = turn;
    let mut n_rejected = 1;
    let mut listed = false;
    loop {
        if n_rejected == n {
            e.pass();
            break false;
        }
        if !listed && 2 * n_rejected > n {
            s.remaining.clear();
            s.remaining
                .extend((0..n).filter(|&k| s.rejected[k] != turn));
            listed = true;
        }
        let (k, at) = if listed {
            let at = rng.below(s.remaining.len());
            (s.remaining[at], at)
        } else {
            loop {
                let k = rng.below(n);
                if s.rejected[k] != turn {
                    break (k, 0);
                }
            }
        };
        if e.play_empty_if_legal_non_eyelike(k) {
            break true;
        }
        if listed {
            s.remaining.swap_remove(at);
        } else {
            s.rejected[k] = turn;
        }
        n_rejected += 1;
    }
}

/// One turn of full-list mode; returns whether a stone was placed.
#[inline(always)]
fn full_list_turn<E: PlayoutEngine>(e: &mut E, rng: &mut Rng, s: &mut Scratch<E::Vertex>) -> bool {
    s.list.clear();
    e.legal_non_eyelike_into(&mut s.list);
    if s.list.is_empty() {
        e.pass();
        false
    } else {
        let v = s.list[rng.below(s.list.len())];
        e.play(v);
        true
    }
}

/// Plays `playouts` light playouts on a `width` x `height` board (see the crate docs) with one
/// engine, one thread, and returns the totals.
pub fn run_playouts<E: PlayoutEngine>(
    width: usize,
    height: usize,
    mode: Mode,
    playouts: u64,
    seed: u64,
) -> PlayoutStats {
    run_in::<E>(mode, width, height, seed, |done, _| done >= playouts)
}

/// Plays light playouts until at least `min_time` has passed (and at least one playout).
pub fn run_playouts_for<E: PlayoutEngine>(
    width: usize,
    height: usize,
    mode: Mode,
    min_time: Duration,
    seed: u64,
) -> PlayoutStats {
    run_in::<E>(mode, width, height, seed, |done, t| {
        done >= 1 && t >= min_time
    })
}

/// [`run`] for `mode`.
fn run_in<E: PlayoutEngine>(
    mode: Mode,
    width: usize,
    height: usize,
    seed: u64,
    stop: impl Fn(u64, Duration) -> bool,
) -> PlayoutStats {
    match mode {
        Mode::Rejection => run::<E, false>(width, height, seed, stop),
        Mode::FullList => run::<E, true>(width, height, seed, stop),
    }
}

/// The playouts of one mode (`FULL_LIST`: [`Mode::FullList`]), a function each, so that a turn
/// tests no mode.
fn run<E: PlayoutEngine, const FULL_LIST: bool>(
    width: usize,
    height: usize,
    seed: u64,
    stop: impl Fn(u64, Duration) -> bool,
) -> PlayoutStats {
    let mut e = E::new(width, height);
    let mut rng = Rng::new(seed);
    let mut s = Scratch {
        rejected: vec![0; width * height],
        turn: 0,
        list: Vec::with_capacity(width * height),
        remaining: Vec::with_capacity(width * height),
    };
    let cap = 3 * width * height;
    let mut stats = PlayoutStats::default();
    let start = Instant::now();
    while !stop(stats.playouts, start.elapsed()) {
        e.reset();
        let mut passes = 0;
        let mut turns = 0;
        while turns < cap && passes < 2 {
            let placed = if FULL_LIST {
                full_list_turn(&mut e, &mut rng, &mut s)
            } else {
                rejection_turn(&mut e, &mut rng, &mut s)
            };
            turns += 1;
            if placed {
                passes = 0;
                stats.moves += 1;
            } else {
                passes += 1;
            }
        }
        stats.turns += turns as u64;
        stats.playouts += 1;
    }
    stats.elapsed = start.elapsed();
    stats
}

/// One line of a playout table: engine, board, mode, ns/turn, playouts/s, turns/playout.
pub fn playout_row(
    name: &str,
    width: usize,
    height: usize,
    mode: Mode,
    s: &PlayoutStats,
) -> String {
    format!(
        "{name:<22} {width:>2}x{height:<2} {:<10} {:>10.1} ns/turn {:>10.1} playouts/s {:>7.1} turns/playout ({} playouts)",
        format!("{mode:?}"),
        s.ns_per_turn(),
        s.playouts_per_sec(),
        s.turns_per_playout(),
        s.playouts
    )
}

/// Nanoseconds per call of `f`, measured for at least `min`.
pub fn per_call(mut f: impl FnMut(), min: std::time::Duration) -> f64 {
    let start = std::time::Instant::now();
    let mut n = 0u64;
    while start.elapsed() < min {
        for _ in 0..64 {
            f();
        }
        n += 64;
    }
    start.elapsed().as_nanos() as f64 / n as f64
}

/// Per-call costs on the position after `turns` turns of a fixed playout on `size`.
#[derive(Copy, Clone, Debug)]
pub struct CallCosts {
    pub legal_moves: usize,
    pub legal_points_ns: f64,
    pub score_ns: f64,
}

/// Measures `legal_points_into` and `score` of engine `E` (Tromp-Taylor) for at least `min` each.
pub fn call_costs<E: ttrules_spec::Engine>(
    size: ttrules_spec::Size,
    turns: usize,
    min: std::time::Duration,
) -> CallCosts {
    use std::hint::black_box;
    let mut e = E::new(size, ttrules_spec::Rules::TROMP_TAYLOR);
    for mv in playout_position(size, turns) {
        e.play(mv).expect("a playout move is legal");
    }
    let mut out: Vec<ttrules_spec::Point> = Vec::with_capacity(size.area());
    let legal_points_ns = per_call(
        || {
            out.clear();
            black_box(&e).legal_points_into(&mut out);
            black_box(&out);
        },
        min,
    );
    let score_ns = per_call(
        || {
            black_box(black_box(&e).score());
        },
        min,
    );
    CallCosts {
        legal_moves: out.len(),
        legal_points_ns,
        score_ns,
    }
}
