//! Complete games on grids with few legal colourings (1x1 to 1x4, 2x2), as paths in the move
//! graph: the colourings are the nodes, an engine's move function gives the edges, and a game is
//! a walk through them that never revisits a colouring (r[tt.turn.repetition]), with passes in
//! between and two passes at the end (r[tt.end]). Counted depth-first with an exact memo under
//! the grid's symmetries, on several threads.
//!
//! Note (the state): the games that can follow a point of a game depend only on the current
//! colouring c, the set S of earlier colourings (the start and the colouring after each move,
//! r[tt.note.start-colouring]; it holds c), the player to move, and whether the last turn was a
//! pass. These fix which turns are legal (a pass always, r[tt.turn.pass]; a move iff its
//! colouring is not in S, r[tt.turn.repetition]; no suicide is refused under Tromp-Taylor) and
//! what state each leads to (the move's colouring joins S; a pass after a pass ends the game).
//! So the number of games from a state, and the longest of them, are functions of the state.
//!
//! Note (what of S matters): let A be the colourings reachable from c by moves of either player
//! whose colourings are not in S (the edges of `MoveGraph::succ`), c included, and N the
//! colourings one move from A. A game from the state visits only colourings of A, and a move in
//! it is refused iff its colouring is in S or visited since, so it sees S only through S ∩ N.
//! S ∩ N also determines A: a search from c that avoids S ∩ N stops exactly where one that
//! avoids S stops, since every colouring next to A outside A is in S, hence in S ∩ N. So
//! (c, S ∩ N, player, pass) determines the games: the memo key (`Walk::key`).
//!
//! Note (symmetries): a permutation g of the points that preserves adjacency (the rotations and
//! reflections of the grid that map it onto itself), possibly followed by swapping the two
//! colours and the two players, commutes with the move function: colouring a point, then
//! clearing (r[tt.move], r[tt.clear]) are defined by adjacency (r[tt.adjacent], r[tt.reach]) and
//! colours alone, so the move of the image player on g(p) in g(C) yields g of the move on p in
//! C. The image of S is the set of earlier colourings of the image game, and passes and the end
//! do not look at the colouring. So g maps the games from a state one to one onto the games from
//! its image, turn by turn, with the same lengths: the count and the longest game are invariant.
//! The memo stores a state under the least key of its images, choosing the colour swap exactly
//! when White is to move so that the key needs no player.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use ttrules_spec::{Colour, Engine, Grid, Illegal, Move, Player, Rules, Setup, Size};

/// The most colourings a move graph may have: 57 (2x2), so that a set of them, a colouring and
/// a flag fit a 64-bit key.
pub const GRAPH_MAX: usize = 57;

const NONE: u8 = u8::MAX;

/// The move graph of a grid under Tromp-Taylor, built by an engine's move function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveGraph {
    size: Size,
    /// Every colouring reachable from the empty grid; index 0 is the empty grid.
    grids: Vec<Grid>,
    /// `next[(c * 2 + player) * area + point]`: the colouring a move produces, or `NONE` when the
    /// point is occupied or the move leaves the colouring as it is (a single-stone suicide), which
    /// is never legal in a game: the current colouring is always an earlier one.
    next: Vec<u8>,
    /// Per colouring: the set of colourings one move away (either player), itself excluded.
    succ: Vec<u64>,
    /// The symmetries as permutations of colouring indices; the first half keep the colours, the
    /// second half swap them.
    syms: Vec<Vec<u8>>,
}

/// Why a move graph cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GraphError {
    /// More than [`GRAPH_MAX`] colourings are reachable.
    TooLarge,
}

/// The point permutations of the symmetries of `size`: index `i` goes to `perm[i]`.
fn point_symmetries(size: Size) -> Vec<Vec<usize>> {
    let (w, h) = (size.width(), size.height());
    let mut out: Vec<Vec<usize>> = Vec::new();
    for t in 0..8u32 {
        let transpose = t & 4 != 0;
        if transpose && w != h {
            continue;
        }
        let perm: Vec<usize> = (0..w * h)
            .map(|i| {
                let (mut x, mut y) = (i % w, i / w);
                if transpose {
                    std::mem::swap(&mut x, &mut y);
                }
                if t & 1 != 0 {
                    x = w - 1 - x;
                }
                if t & 2 != 0 {
                    y = h - 1 - y;
                }
                y * w + x
            })
            .collect();
        if !out.contains(&perm) {
            out.push(perm);
        }
    }
    out
}

impl MoveGraph {
    /// Every colouring reachable from the empty grid and every move between them, by `E`'s move
    /// function: from each colouring, for each player, an engine set up there
    /// ([`Engine::from_setup`]) plays each empty point.
    ///
    /// Note: such an engine's only earlier colouring is its setup (r[tt.note.start-colouring]),
    /// so it refuses a move (under Tromp-Taylor, for repetition) exactly when the move's colouring
    /// is the current one, which in a game is always an earlier colouring: no edge.
    pub fn build<E: Engine>(size: Size) -> Result<MoveGraph, GraphError> {
        let area = size.area();
        let mut grids = vec![Grid::empty(size)];
        let mut index: HashMap<Vec<Colour>, u8> = HashMap::new();
        index.insert(grids[0].cells().to_vec(), 0);
        let mut next = Vec::new();
        let mut k = 0;
        while k < grids.len() {
            for player in [Player::Black, Player::White] {
                let setup = Setup {
                    grid: grids[k].clone(),
                    to_move: player,
                    handicap: 0,
                };
                let e = match E::from_setup(&setup, Rules::TROMP_TAYLOR) {
                    Ok(e) => e,
                    Err(why) => panic!("{}: a colouring a move produced: {why}", E::NAME),
                };
                for p in size.points() {
                    if grids[k].get(p) != Colour::Empty {
                        next.push(NONE);
                        continue;
                    }
                    let mut m = e.clone();
                    match m.play(Move::Play(p)) {
                        Ok(_) => {
                            let g = m.grid();
                            let id = match index.get(g.cells()) {
                                Some(&id) => id,
                                None if grids.len() == GRAPH_MAX => {
                                    return Err(GraphError::TooLarge)
                                }
                                None => {
                                    let id = grids.len() as u8;
                                    index.insert(g.cells().to_vec(), id);
                                    grids.push(g);
                                    id
                                }
                            };
                            next.push(id);
                        }
                        Err(Illegal::Repetition) => next.push(NONE),
                        Err(why) => panic!("{}: {p} on a setup refused: {why}", E::NAME),
                    }
                }
            }
            k += 1;
        }
        let n = grids.len();
        let mut succ = vec![0u64; n];
        for (c, s) in succ.iter_mut().enumerate() {
            for &d in &next[c * 2 * area..(c + 1) * 2 * area] {
                if d != NONE && d as usize != c {
                    *s |= 1 << d;
                }
            }
        }
        let mut syms = Vec::new();
        for swap in [false, true] {
            for perm in point_symmetries(size) {
                let map = grids
                    .iter()
                    .map(|g| {
                        let mut img = Grid::empty(size);
                        for (i, &to) in perm.iter().enumerate() {
                            let c = g.get(size.point(i));
                            let c = match (swap, c) {
                                (true, Colour::Black) => Colour::White,
                                (true, Colour::White) => Colour::Black,
                                (_, c) => c,
                            };
                            img.set(size.point(to), c);
                        }
                        match index.get(img.cells()) {
                            Some(&id) => id,
                            None => panic!(
                                "{}: the image of a reachable colouring is unreachable",
                                E::NAME
                            ),
                        }
                    })
                    .collect();
                syms.push(map);
            }
        }
        Ok(MoveGraph {
            size,
            grids,
            next,
            succ,
            syms,
        })
    }

    /// The number of colourings reachable from the empty grid (all legal positions, r[tt.move]).
    pub fn colourings(&self) -> usize {
        self.grids.len()
    }

    /// The colouring a move by `player` on point index `p` produces from colouring `c`, if the
    /// point is empty and the move changes the colouring.
    fn step(&self, c: u8, player: usize, p: usize) -> Option<u8> {
        let area = self.size.area();
        let d = self.next[(c as usize * 2 + player) * area + p];
        (d != NONE).then_some(d)
    }
}

/// What the games from a state add up to.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct Value {
    games: u64,
    /// The most moves in one of them.
    moves: u32,
    /// The most turns (moves and passes) in one of them.
    turns: u32,
}

impl Value {
    /// What follows the pass that ends a game: the end of one game, no further turn ([`Value::join`]
    /// counts the pass itself).
    const END: Value = Value {
        games: 1,
        moves: 0,
        turns: 0,
    };

    /// Adds the games that go on with one turn (a move if `moved`, else a pass) and then as
    /// `child` says.
    fn join(&mut self, child: Value, moved: bool) {
        self.games += child.games;
        self.moves = self.moves.max(child.moves + u32::from(moved));
        self.turns = self.turns.max(child.turns + 1);
    }

    /// Packed for the memo: games in 48 bits, moves and turns in 8 each; `None` if they do not
    /// fit (then the state is not stored).
    fn pack(self) -> Option<u64> {
        (self.games < 1 << 48 && self.moves < 256 && self.turns < 256)
            .then(|| self.games << 16 | u64::from(self.moves) << 8 | u64::from(self.turns))
    }

    fn unpack(v: u64) -> Value {
        Value {
            games: v >> 16,
            moves: (v >> 8 & 0xff) as u32,
            turns: (v & 0xff) as u32,
        }
    }
}

/// A memo shared by threads: slots of (key + 1, packed value) in shards behind locks, 0 for an
/// empty slot. A slot holds a full key and a lookup hits only on an equal key, so a clash only
/// overwrites (the state is computed again when next met), never answers wrongly.
struct Memo {
    shards: Vec<Mutex<Vec<u64>>>,
    shard_bits: u32,
    slot_mask: u64,
}

impl Memo {
    /// A memo of at most `bytes` (16 per slot) and at most `max_slots` slots, rounded down to
    /// a power of two (one slot at least). The slots are allocated zeroed, so pages never touched cost nothing.
    fn new(bytes: usize, max_slots: usize) -> Memo {
        let want = (bytes / 16).min(max_slots).max(1);
        let slot_bits = usize::BITS - 1 - want.leading_zeros();
        let shard_bits = slot_bits.min(10);
        let slots = 1usize << slot_bits;
        let per = slots >> shard_bits;
        Memo {
            shards: (0..1 << shard_bits)
                .map(|_| Mutex::new(vec![0u64; 2 * per]))
                .collect(),
            shard_bits,
            slot_mask: per as u64 - 1,
        }
    }

    fn place(&self, key: u64) -> (usize, usize) {
        // splitmix64's finaliser: every key bit moves the shard and the slot.
        let mut z = key;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        (
            // Two shifts, so that no shard bits (one shard) shifts by 32 twice, not by 64.
            (z >> 32 >> (32 - self.shard_bits)) as usize,
            2 * (z & self.slot_mask) as usize,
        )
    }

    fn get(&self, key: u64) -> Option<Value> {
        let (s, i) = self.place(key);
        let shard = self.shards[s].lock().unwrap_or_else(|p| p.into_inner());
        (shard[i] == key + 1).then(|| Value::unpack(shard[i + 1]))
    }

    fn put(&self, key: u64, value: Value) {
        if let Some(v) = value.pack() {
            let (s, i) = self.place(key);
            let mut shard = self.shards[s].lock().unwrap_or_else(|p| p.into_inner());
            shard[i] = key + 1;
            shard[i + 1] = v;
        }
    }
}

/// A position in a game as the walk sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    /// The current colouring.
    c: u8,
    /// The earlier colourings, as a set of indices (holds `c`).
    seen: u64,
    /// 0: Black to move, 1: White.
    player: usize,
    /// Whether the last turn was a pass.
    passed: bool,
}

impl State {
    const START: State = State {
        c: 0,
        seen: 1,
        player: 0,
        passed: false,
    };

    /// The legal turns and the states they lead to: `None` for the pass that ends the game.
    fn turns(self, g: &MoveGraph, mut f: impl FnMut(Option<State>, Option<usize>)) {
        if self.passed {
            f(None, None);
        } else {
            f(
                Some(State {
                    player: 1 - self.player,
                    passed: true,
                    ..self
                }),
                None,
            );
        }
        for p in 0..g.size.area() {
            if let Some(d) = g.step(self.c, self.player, p) {
                if self.seen >> d & 1 == 0 {
                    let next = State {
                        c: d,
                        seen: self.seen | 1 << d,
                        player: 1 - self.player,
                        passed: false,
                    };
                    f(Some(next), Some(p));
                }
            }
        }
    }
}

/// The depth-first count over the move graph, with a shared memo.
struct Walk<'a> {
    g: &'a MoveGraph,
    memo: &'a Memo,
    /// Per symmetry, per byte of a set, the image of that byte's colourings.
    byte_maps: Vec<[[u64; 256]; 8]>,
}

impl<'a> Walk<'a> {
    fn new(g: &'a MoveGraph, memo: &'a Memo) -> Walk<'a> {
        let byte_maps = g
            .syms
            .iter()
            .map(|map| {
                let mut t = [[0u64; 256]; 8];
                for (b, row) in t.iter_mut().enumerate() {
                    for (v, out) in row.iter_mut().enumerate() {
                        for bit in 0..8 {
                            let c = b * 8 + bit;
                            if v >> bit & 1 != 0 && c < map.len() {
                                *out |= 1 << map[c];
                            }
                        }
                    }
                }
                t
            })
            .collect();
        Walk { g, memo, byte_maps }
    }

    /// The earlier colourings that matter for the games from `s` (S ∩ N of the Note on the
    /// module).
    fn relevant(&self, s: State) -> u64 {
        let (mut reach, mut front, mut rel) = (1u64 << s.c, 1u64 << s.c, 0u64);
        while front != 0 {
            let x = front.trailing_zeros() as usize;
            front &= front - 1;
            let out = self.g.succ[x];
            rel |= out & s.seen;
            let new = out & !s.seen & !reach;
            reach |= new;
            front |= new;
        }
        rel
    }

    /// The memo key of a state with no pass just made: the least image under the symmetries
    /// (with the colour swap iff White is to move) of (S ∩ N, c).
    fn key(&self, s: State) -> u64 {
        let rel = self.relevant(s);
        let half = self.g.syms.len() / 2;
        let range = if s.player == 0 {
            0..half
        } else {
            half..2 * half
        };
        let mut best = u64::MAX;
        for k in range {
            let t = &self.byte_maps[k];
            let mut img = 0u64;
            for (b, row) in t.iter().enumerate() {
                img |= row[(rel >> (8 * b) & 0xff) as usize];
            }
            let key = img | u64::from(self.g.syms[k][s.c as usize]) << GRAPH_MAX;
            best = best.min(key);
        }
        best
    }

    /// The games from `s`. States right after a pass are not stored: their only predecessor is
    /// the same position before the pass, which is.
    fn value(&self, s: State) -> Value {
        let key = (!s.passed).then(|| self.key(s));
        if let Some(v) = key.and_then(|k| self.memo.get(k)) {
            return v;
        }
        let mut v = Value::default();
        s.turns(self.g, |next, point| match next {
            None => v.join(Value::END, false),
            Some(n) => v.join(self.value(n), point.is_some()),
        });
        if let Some(k) = key {
            self.memo.put(k, v);
        }
        v
    }
}

impl Walk<'_> {
    /// A game with the most moves: from the start, a turn after which the most moves left is one
    /// fewer (a move) or the same (a pass), moves tried first, until the final pass.
    fn longest_game(&self) -> Vec<Move> {
        let mut s = State::START;
        let mut game = Vec::new();
        loop {
            let left = self.value(s).moves;
            let mut best: Option<(Option<State>, Option<usize>)> = None;
            s.turns(self.g, |next, point| {
                let fits = match (next, point) {
                    (Some(n), Some(_)) => self.value(n).moves + 1 == left,
                    (Some(n), None) => self.value(n).moves == left,
                    (None, _) => left == 0,
                };
                let better = match best {
                    None => true,
                    Some((_, p)) => p.is_none() && point.is_some(),
                };
                if fits && better {
                    best = Some((next, point));
                }
            });
            let Some((next, point)) = best else {
                unreachable!("some turn from a state attains its longest game")
            };
            game.push(point.map_or(Move::Pass, |p| Move::Play(self.g.size.point(p))));
            match next {
                Some(n) => s = n,
                None => return game,
            }
        }
    }
}

/// The games of a grid: how many, and the longest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCount {
    pub games: u64,
    /// The most moves (stones placed) in one game.
    pub longest_moves: u32,
    /// The most turns (moves and passes) in one game.
    pub longest_turns: u32,
    /// A game with `longest_moves` moves, as its turns, the two final passes included.
    pub longest_game: Vec<Move>,
}

/// How a graph count is run.
pub struct GraphRun<'a> {
    pub threads: usize,
    /// Bytes of memo shared by the threads.
    pub memo_bytes: usize,
    /// Told `(done, total)` tasks as they finish.
    pub progress: &'a (dyn Fn(usize, usize) + Sync),
}

/// Distinct states (by memo key) a few turns into the games, at least `want` of them if there
/// are: the threads' tasks.
fn tasks(walk: &Walk, want: usize) -> Vec<State> {
    let mut level = vec![State::START];
    for _ in 0..16 {
        if level.len() >= want {
            break;
        }
        let mut keys = std::collections::HashSet::new();
        let mut next = Vec::new();
        for &s in &level {
            s.turns(walk.g, |n, _| {
                if let Some(n) = n {
                    // A state after a pass is keyed by its position before the pass.
                    let before = State {
                        passed: false,
                        player: 1 - n.player,
                        ..n
                    };
                    let key = if n.passed {
                        (walk.key(before), true)
                    } else {
                        (walk.key(n), false)
                    };
                    if keys.insert(key) {
                        next.push(n);
                    }
                }
            });
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    level
}

/// Counts the complete Tromp-Taylor games of the graph's grid (every sequence of legal turns
/// from the empty grid to two passes in a row, r[tt.start], r[tt.end]), with the longest.
///
/// The threads first compute the values of the states a few turns in (filling the shared memo);
/// then the count from the start is made on this thread, mostly from the memo. The tasks only
/// warm the memo: the result does not depend on them, nor on what the memo still holds.
pub fn count_games_graph(g: &MoveGraph, run: &GraphRun) -> GameCount {
    // Note: keys are below 2^63 (a colouring index below 57 above 57 bits of set), so key + 1
    // neither overflows nor is 0. The states grow about as 2^(n/2) with n colourings: 1x4
    // (41) stores about 4 million, 2x2 (57) about 34 million.
    let max_slots = 1usize << ((g.colourings() + 5) / 2).min(40);
    let memo = Memo::new(run.memo_bytes, max_slots);
    let walk = Walk::new(g, &memo);
    let tasks = tasks(&walk, 64 * run.threads.max(1));
    let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let work = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        let Some(&s) = tasks.get(i) else { break };
        walk.value(s);
        (run.progress)(done.fetch_add(1, Ordering::Relaxed) + 1, tasks.len());
    };
    std::thread::scope(|sc| {
        for _ in 1..run.threads.max(1) {
            sc.spawn(work);
        }
        work();
    });
    let v = walk.value(State::START);
    GameCount {
        games: v.games,
        longest_moves: v.moves,
        longest_turns: v.turns,
        longest_game: walk.longest_game(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fast;

    fn count(w: u32, h: u32, threads: usize) -> GameCount {
        let g = MoveGraph::build::<Fast>(Size::new(w, h).unwrap()).unwrap();
        let run = GraphRun {
            threads,
            memo_bytes: 1 << 20,
            progress: &|_, _| {},
        };
        count_games_graph(&g, &run)
    }

    #[test]
    fn small_lines() {
        let c = |w, h, threads| {
            let c = count(w, h, threads);
            (c.games, c.longest_moves, c.longest_turns)
        };
        // (games, most moves, most turns). The longest 1x1 game is "pass, pass"; on 1x2 the most
        // turns are "B pass, W A1, B A2 (capturing), W pass, B pass" (W A1 again would recreate
        // the colouring after W A1). The 1x3 values are an independent brute force's.
        assert_eq!(c(1, 1, 1), (1, 0, 2));
        assert_eq!(c(1, 2, 1), (9, 2, 5));
        assert_eq!(c(2, 1, 2), (9, 2, 5));
        assert_eq!(c(1, 3, 2), (907, 14, 21));
        assert_eq!(c(3, 1, 1), (907, 14, 21));
    }
}
