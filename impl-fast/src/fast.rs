//! The engine: mailbox + bit planes + incremental chains with exact liberty counts + zobrist hash
//! + exact history of colourings.

use crate::bits::Bits;
use crate::history::History;
use crate::layout::{Layout, PadArray, MAX_AREA};
use crate::zobrist::KEYS;
use std::fmt;
use ttrules_spec::{
    Colour, Engine, Grid, HalfPoints, Illegal, Move, Player, Point, Rules, Score, Size, TurnReport,
};

/// Colour codes of the mailbox. A stone's plane index is its code minus one.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
/// A padded index that is not a grid point.
pub(crate) const GUARD: u8 = 3;

/// The fast engine with a zobrist hash of `HASH_BITS` bits (1 to 64).
///
/// [`crate::Fast`] is `FastWith<64>`. Narrower hashes exist to prove that repetition never trusts
/// a hash: with `HASH_BITS = 3` almost every lookup is a collision, and the engine must still
/// agree with the reference (see `tests/collisions.rs`).
pub struct FastWith<const HASH_BITS: u32> {
    size: Size,
    rules: Rules,
    lay: Layout,
    /// The grid points, as a bitboard.
    on_grid: Bits,
    /// Mailbox: `EMPTY`, `BLACK`, `WHITE` or `GUARD` per padded index.
    colour: PadArray<u8>,
    /// For a stone: the head (representative stone) of its chain.
    head: PadArray<u16>,
    /// For a stone: the next stone of its chain, in a ring.
    next: PadArray<u16>,
    /// For a chain head: the exact number of liberties (distinct empty points adjacent).
    libs: PadArray<u16>,
    /// For a chain head: the number of stones.
    stones: PadArray<u16>,
    /// For a chain head: the XOR of the zobrist keys of its stones.
    chain_hash: PadArray<u64>,
    /// One bit plane per colour: `[black, white]`.
    planes: [Bits; 2],
    /// Stones per colour: `[black, white]`.
    count: [u32; 2],
    /// The empty grid points (padded indices) in no particular order, and where each sits.
    empties: [u16; MAX_AREA],
    n_empty: usize,
    empty_pos: PadArray<u16>,
    /// The zobrist hash of the colouring.
    hash: u64,
    to_move: Player,
    passes: u32,
    turns: u32,
    /// Every colouring so far: the start and the colouring after each move (r[tt.turn.repetition]).
    history: History,
}

/// A grid point of a [`FastWith`] engine, as a padded index. Only meaningful for the engine (or
/// a same-size engine) that produced it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vertex(pub u16);

#[inline]
fn plane_of(c: u8) -> usize {
    c as usize - 1
}

#[inline]
fn code_of(player: Player) -> u8 {
    match player {
        Player::Black => BLACK,
        Player::White => WHITE,
    }
}

/// Up to four distinct chain heads.
#[derive(Copy, Clone)]
struct Heads {
    h: [u16; 4],
    n: usize,
}

impl Heads {
    const NONE: Heads = Heads { h: [0; 4], n: 0 };

    /// Adds `hd` unless present; says whether it was new.
    #[inline]
    fn add(&mut self, hd: u16) -> bool {
        if self.h[..self.n].contains(&hd) {
            return false;
        }
        self.h[self.n] = hd;
        self.n += 1;
        true
    }

    #[inline]
    fn as_slice(&self) -> &[u16] {
        &self.h[..self.n]
    }
}

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// The bits of the zobrist keys in use.
    pub const HASH_MASK: u64 = {
        assert!(HASH_BITS >= 1 && HASH_BITS <= 64);
        if HASH_BITS == 64 {
            u64::MAX
        } else {
            (1u64 << HASH_BITS) - 1
        }
    };

    #[inline]
    fn key(i: usize, plane: usize) -> u64 {
        KEYS[i][plane] & Self::HASH_MASK
    }

    /// A new game on the empty grid, Black to move (r[tt.start]).
    pub fn new_game(size: Size, rules: Rules) -> Self {
        let lay = Layout::new(size);
        let mut on_grid = Bits::EMPTY;
        let mut colour = PadArray::filled(GUARD);
        for y in 0..lay.h {
            for x in 0..lay.w {
                let i = lay.pad_xy(x, y);
                on_grid.set(i);
                colour[i] = EMPTY;
            }
        }
        let mut e = FastWith {
            size,
            rules,
            lay,
            on_grid,
            colour,
            head: PadArray::filled(0),
            next: PadArray::filled(0),
            libs: PadArray::filled(0),
            stones: PadArray::filled(0),
            chain_hash: PadArray::filled(0),
            planes: [Bits::EMPTY; 2],
            count: [0; 2],
            empties: [0; MAX_AREA],
            n_empty: 0,
            empty_pos: PadArray::filled(0),
            hash: 0,
            to_move: Player::Black,
            passes: 0,
            turns: 0,
            history: History::new(lay.words, size.area()),
        };
        e.reset();
        e
    }

    /// Back to the start of a game (r[tt.start]), keeping every buffer: no allocation.
    pub fn reset(&mut self) {
        let lay = self.lay;
        for i in 0..lay.padded {
            if self.colour[i] != GUARD {
                self.colour[i] = EMPTY;
            }
        }
        self.n_empty = 0;
        for y in 0..lay.h {
            for x in 0..lay.w {
                let i = lay.pad_xy(x, y);
                self.empty_pos[i] = self.n_empty as u16;
                self.empties[self.n_empty] = i as u16;
                self.n_empty += 1;
            }
        }
        self.planes = [Bits::EMPTY; 2];
        self.count = [0; 2];
        self.hash = 0;
        self.to_move = Player::Black;
        self.passes = 0;
        self.turns = 0;
        self.history.clear();
        // The starting colouring is an earlier colouring for every move (r[tt.note.start-colouring]).
        self.history.push(0, 0, 0, &self.planes);
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        let s = self.lay.stride;
        [i - 1, i + 1, i - s, i + s]
    }

    #[inline]
    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.n_empty as u16;
        self.empties[self.n_empty] = i as u16;
        self.n_empty += 1;
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
    }

    /// Whether a move by the player of code `c` on the empty grid point `i` is legal: whether its
    /// colouring (r[tt.move]) is not an earlier colouring (r[tt.turn.repetition]).
    ///
    /// Note: the move's effect is read from chain liberties (r[tt.derived.liberty]) instead of
    /// playing it: an opponent chain next to `i` whose only liberty is `i` is captured; the placed
    /// stone reaches empty if a neighbour is empty, a neighbouring own chain has another liberty,
    /// or something is captured (r[tt.note.clear-order]); otherwise the own chains next to `i`
    /// and the stone are suicided. The resulting hash is the current one with the placed stone's
    /// key and the keys of every emptied chain toggled, and the history decides exactly.
    #[inline]
    fn legal_at(&self, i: usize, c: u8) -> bool {
        let o = 3 - c;
        let mut alive = false;
        let mut captured = Heads::NONE;
        let mut own = Heads::NONE;
        let mut hash = self.hash;
        let mut n_captured = 0u32;
        for n in self.neighbours(i) {
            let cn = self.colour[n];
            if cn == EMPTY {
                alive = true;
            } else if cn == c {
                let hd = self.head[n];
                if self.libs[hd as usize] > 1 {
                    alive = true;
                } else {
                    own.add(hd);
                }
            } else if cn == o {
                let hd = self.head[n];
                if self.libs[hd as usize] == 1 && captured.add(hd) {
                    hash ^= self.chain_hash[hd as usize];
                    n_captured += self.stones[hd as usize] as u32;
                }
            }
        }
        let (cp, op) = (plane_of(c), plane_of(o));
        if alive || captured.n > 0 {
            hash ^= Self::key(i, cp);
            let (black, white) = if c == BLACK {
                (self.count[0] + 1, self.count[1] - n_captured)
            } else {
                (self.count[0] - n_captured, self.count[1] + 1)
            };
            !self.history.contains(hash, black, white, || {
                let mut planes = self.planes;
                planes[cp].set(i);
                for &hd in captured.as_slice() {
                    self.clear_chain_bits(&mut planes[op], hd as usize);
                }
                planes
            })
        } else if own.n == 0 {
            // Note: single-stone suicide. Nothing is captured and the lone stone has no empty
            // neighbour, so r[tt.move.clear-self] empties exactly `i`: the colouring after the
            // move is the current one, which is an earlier colouring (the start, or the colouring
            // after the last move, as passes add none). So r[tt.turn.repetition] forbids it
            // (r[tt.note.single-suicide]); the history lookup would say the same.
            false
        } else {
            // Multi-stone suicide (r[tt.note.multi-suicide]): the own chains next to `i` all had
            // `i` as their only liberty, and they are emptied together with the placed stone.
            let mut suicided = 0;
            for &hd in own.as_slice() {
                hash ^= self.chain_hash[hd as usize];
                suicided += self.stones[hd as usize] as u32;
            }
            let (black, white) = if c == BLACK {
                (self.count[0] - suicided, self.count[1])
            } else {
                (self.count[0], self.count[1] - suicided)
            };
            !self.history.contains(hash, black, white, || {
                let mut planes = self.planes;
                for &hd in own.as_slice() {
                    self.clear_chain_bits(&mut planes[cp], hd as usize);
                }
                planes
            })
        }
    }

    fn clear_chain_bits(&self, plane: &mut Bits, hd: usize) {
        let mut x = hd;
        loop {
            plane.clear(x);
            x = self.next[x] as usize;
            if x == hd {
                break;
            }
        }
    }

    /// Plays a legal move of code `c` on the empty grid point `i` (r[tt.move]) and records the
    /// new colouring.
    fn place(&mut self, i: usize, c: u8) -> TurnReport {
        let o = 3 - c;
        let cp = plane_of(c);
        let key = Self::key(i, cp);
        // r[tt.move.empty]: colour the point.
        self.colour[i] = c;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        self.chain_hash[i] = key;
        self.planes[cp].set(i);
        self.count[cp] += 1;
        self.hash ^= key;
        self.remove_empty(i);
        // `i` is no longer a liberty of the chains next to it (each counted once).
        let mut libs = 0;
        let mut touched = Heads::NONE;
        for n in self.neighbours(i) {
            let cn = self.colour[n];
            if cn == EMPTY {
                libs += 1;
            } else if (cn == c || cn == o) && touched.add(self.head[n]) {
                self.libs[self.head[n] as usize] -= 1;
            }
        }
        self.libs[i] = libs;
        for n in self.neighbours(i) {
            if self.colour[n] == c {
                let (a, b) = (self.head[i] as usize, self.head[n] as usize);
                if a != b {
                    self.merge(a, b, c);
                }
            }
        }
        // r[tt.move.clear-opponent]: opponent chains without a liberty (r[tt.derived.liberty]).
        let mut captured = 0;
        for n in self.neighbours(i) {
            if self.colour[n] == o {
                let hd = self.head[n] as usize;
                if self.libs[hd] == 0 {
                    captured += self.remove_chain(hd);
                }
            }
        }
        // r[tt.move.clear-self]: only the chain of `i` can have lost its last liberty.
        let hd = self.head[i] as usize;
        let suicided = if self.libs[hd] == 0 {
            self.remove_chain(hd)
        } else {
            0
        };
        self.history
            .push(self.hash, self.count[0], self.count[1], &self.planes);
        TurnReport { captured, suicided }
    }

    /// Joins the chains with heads `a` and `b` (of code `c`); returns the head kept.
    ///
    /// The liberties of the kept chain gain the empty neighbours of the other chain's stones that
    /// are not already next to the kept chain. Stones are relabelled one by one after their
    /// neighbours are looked at, so an empty point next to several stones of the other chain is
    /// counted once.
    fn merge(&mut self, a: usize, b: usize, c: u8) -> usize {
        let (keep, gone) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut gained = 0;
        let mut x = gone;
        loop {
            for n in self.neighbours(x) {
                if self.colour[n] == EMPTY && !self.next_to_chain(n, keep, c) {
                    gained += 1;
                }
            }
            self.head[x] = keep as u16;
            let nx = self.next[x] as usize;
            if nx == gone {
                break;
            }
            x = nx;
        }
        self.libs[keep] += gained;
        self.stones[keep] += self.stones[gone];
        self.chain_hash[keep] ^= self.chain_hash[gone];
        // Splice the rings: keep -> gone ... x -> (old next of keep).
        let after = self.next[keep];
        self.next[keep] = gone as u16;
        self.next[x] = after;
        keep
    }

    #[inline]
    fn next_to_chain(&self, n: usize, hd: usize, c: u8) -> bool {
        self.neighbours(n)
            .iter()
            .any(|&m| self.colour[m] == c && self.head[m] as usize == hd)
    }

    /// Empties the chain with head `hd` (r[tt.clear]); returns its number of stones. Each emptied
    /// point becomes a liberty of every distinct chain of the other colour next to it.
    fn remove_chain(&mut self, hd: usize) -> usize {
        let c = self.colour[hd];
        let (cp, o) = (plane_of(c), 3 - c);
        let n = self.stones[hd] as usize;
        self.hash ^= self.chain_hash[hd];
        self.count[cp] -= n as u32;
        let mut x = hd;
        loop {
            self.colour[x] = EMPTY;
            self.planes[cp].clear(x);
            self.add_empty(x);
            let mut touched = Heads::NONE;
            for m in self.neighbours(x) {
                if self.colour[m] == o && touched.add(self.head[m]) {
                    self.libs[self.head[m] as usize] += 1;
                }
            }
            x = self.next[x] as usize;
            if x == hd {
                break;
            }
        }
        n
    }

    // ---- API for playouts and search (padded vertices, no allocation) ----

    /// The number of empty grid points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.n_empty
    }

    /// The `k`-th empty point (`k < empty_count()`), in an order that changes as the game goes.
    #[inline]
    pub fn empty_at(&self, k: usize) -> Vertex {
        Vertex(self.empties[k])
    }

    /// The vertex of a grid point.
    pub fn vertex(&self, p: Point) -> Vertex {
        debug_assert!(self.size.contains(p));
        Vertex(self.lay.pad(p) as u16)
    }

    /// The grid point of a vertex.
    pub fn point_of(&self, v: Vertex) -> Point {
        self.lay.point(v.0 as usize)
    }

    /// Whether a move on `v` (which must be an empty grid point) is legal for the player to move.
    /// Does not look at whether the game is over.
    #[inline]
    pub fn is_legal_vertex(&self, v: Vertex) -> bool {
        debug_assert_eq!(self.colour[v.0 as usize], EMPTY);
        self.legal_at(v.0 as usize, code_of(self.to_move))
    }

    /// Plays the player to move on `v`, which must be a legal move; returns what it did.
    #[inline]
    pub fn play_vertex(&mut self, v: Vertex) -> TurnReport {
        debug_assert!(self.passes < 2, "the game is over");
        debug_assert!(self.is_legal_vertex(v), "illegal move {v:?}");
        let r = self.place(v.0 as usize, code_of(self.to_move));
        self.passes = 0;
        self.turns += 1;
        self.to_move = self.to_move.opponent();
        r
    }

    /// Passes for the player to move (r[tt.turn.pass]), which the game must allow.
    #[inline]
    pub fn pass(&mut self) {
        debug_assert!(self.passes < 2, "the game is over");
        self.passes += 1;
        self.turns += 1;
        self.to_move = self.to_move.opponent();
    }

    /// Whether `v` (an empty grid point) is "eyelike" for the player to move, as the playout
    /// protocol of the benchmarks defines it: every on-grid orthogonal neighbour is the mover's,
    /// and the opponent holds fewer than two diagonal points (fewer than one if a diagonal is off
    /// the grid). Not a rule: a playout policy.
    #[inline]
    pub fn is_eyelike(&self, v: Vertex) -> bool {
        let i = v.0 as usize;
        let c = code_of(self.to_move);
        for n in self.neighbours(i) {
            let cn = self.colour[n];
            if cn != c && cn != GUARD {
                return false;
            }
        }
        self.diagonals_allow_eye(i, c)
    }

    /// The diagonal half of [`Self::is_eyelike`].
    #[inline]
    fn diagonals_allow_eye(&self, i: usize, c: u8) -> bool {
        let s = self.lay.stride;
        let (mut opp, mut off) = (0, 0);
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            let cd = self.colour[d];
            opp += u32::from(cd == 3 - c);
            off += u32::from(cd == GUARD);
        }
        opp + u32::from(off > 0) < 2
    }

    /// The stone counts (black, white) after a move of code `c` that captures and suicides
    /// nothing.
    #[inline]
    fn counts_plus_one(&self, c: u8) -> (u32, u32) {
        if c == BLACK {
            (self.count[0] + 1, self.count[1])
        } else {
            (self.count[0], self.count[1] + 1)
        }
    }

    /// Appends the legal, non-eyelike moves of the player to move (see [`Self::is_eyelike`]), in
    /// no particular order. Nothing if the game is over.
    ///
    /// Note: a point with an empty neighbour and no opponent neighbour is a move that captures
    /// and suicides nothing, so its colouring is the current one plus one stone of the mover; if
    /// no earlier colouring has those stone counts it cannot be an earlier colouring, and the
    /// point is legal without a lookup. Such a point is never eyelike (it has an empty
    /// neighbour). Every other point goes through the full test.
    pub fn legal_non_eyelike_into(&self, out: &mut Vec<Vertex>) {
        if self.passes >= 2 {
            return;
        }
        let c = code_of(self.to_move);
        let o = 3 - c;
        let (black, white) = self.counts_plus_one(c);
        let plain_may_repeat = self.history.may_contain_counts(black, white);
        let s = self.lay.stride;
        out.reserve(self.n_empty);
        for &e in &self.empties[..self.n_empty] {
            let i = e as usize;
            let n = [
                self.colour[i - 1],
                self.colour[i + 1],
                self.colour[i - s],
                self.colour[i + s],
            ];
            let has_empty = n.contains(&EMPTY);
            let has_opp = n.contains(&o);
            let legal = if has_empty {
                if plain_may_repeat {
                    self.legal_at(i, c)
                } else {
                    // A plain addition unless it captures: an opponent chain next to `i` with
                    // `i` as its only liberty (r[tt.derived.liberty]).
                    let captures = has_opp
                        && [i - 1, i + 1, i - s, i + s]
                            .into_iter()
                            .any(|m| self.colour[m] == o && self.libs[self.head[m] as usize] == 1);
                    !captures || self.legal_at(i, c)
                }
            } else {
                // Without an empty neighbour, the point is eyelike only if no neighbour is the
                // opponent's and the diagonals allow it.
                let eyelike = !has_opp && self.diagonals_allow_eye(i, c);
                !eyelike && self.legal_at(i, c)
            };
            if legal {
                out.push(Vertex(e));
            }
        }
    }

    /// The legal moves of the player to move as a bitboard of vertices (empty if the game is
    /// over).
    ///
    /// Note: an empty point with an empty neighbour, no opponent chain in atari next to it, is a
    /// move that captures nothing and suicides nothing: its colouring is the current one plus one
    /// stone of the mover. Only if some earlier colouring has that many stones of each colour can
    /// it be an earlier colouring; otherwise all such points are legal without a lookup.
    pub fn legal_bits(&self) -> Bits {
        if self.passes >= 2 {
            return Bits::EMPTY;
        }
        let c = code_of(self.to_move);
        let op = plane_of(3 - c);
        let stones = self.planes[0].or(&self.planes[1]);
        let empty = self.on_grid.and_not(&stones);
        let stride = self.lay.stride as u32;
        // Empty points next to an empty point, not next to an opponent stone: plain additions.
        let easy = empty
            .and(&empty.neighbours(stride, &self.on_grid))
            .and_not(&self.planes[op].neighbours(stride, &self.on_grid));
        let (black, white) = self.counts_plus_one(c);
        let plain_may_repeat = self.history.may_contain_counts(black, white);
        let mut legal = if plain_may_repeat { Bits::EMPTY } else { easy };
        let hard = if plain_may_repeat {
            empty
        } else {
            empty.and_not(&easy)
        };
        for i in hard.iter() {
            if self.legal_at(i, c) {
                legal.set(i);
            }
        }
        legal
    }

    /// The zobrist hash of the colouring (restricted to `HASH_BITS`).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many colourings the history holds: the start plus one per move.
    pub fn history_len(&self) -> usize {
        self.history.len()
    }

    // ---- invariants ----

    /// Recomputes everything derived (chains, liberties, hashes, planes, counts, the list of
    /// empty points, the history index) from the mailbox and the stored colourings, and panics
    /// with a label at the first mismatch. Tests run it after every turn.
    pub fn assert_invariants(&self) {
        // Destructured so that a new field forces a decision here.
        let FastWith {
            size,
            rules: _,
            lay,
            on_grid,
            colour,
            head,
            next,
            libs,
            stones,
            chain_hash,
            planes,
            count,
            empties,
            n_empty,
            empty_pos,
            hash,
            to_move: _,
            passes,
            turns,
            history,
        } = self;
        assert_eq!(*lay, Layout::new(*size), "invariant: layout");
        assert!(*passes <= 2, "invariant: at most two consecutive passes");
        assert!(
            history.len() as u32 <= turns + 1,
            "invariant: history holds the start and one colouring per move"
        );
        let mut want_planes = [Bits::EMPTY; 2];
        let mut want_count = [0u32; 2];
        let mut want_empty = Bits::EMPTY;
        let mut want_hash = 0u64;
        for i in 0..lay.padded {
            assert_eq!(on_grid.get(i), lay.on_grid(i), "invariant: on_grid at {i}");
            match colour[i] {
                GUARD => assert!(!lay.on_grid(i), "invariant: guard on the grid at {i}"),
                EMPTY => {
                    assert!(lay.on_grid(i), "invariant: empty guard at {i}");
                    want_empty.set(i);
                }
                c @ (BLACK | WHITE) => {
                    assert!(lay.on_grid(i), "invariant: stone on a guard at {i}");
                    want_planes[plane_of(c)].set(i);
                    want_count[plane_of(c)] += 1;
                    want_hash ^= Self::key(i, plane_of(c));
                }
                other => panic!("invariant: colour code {other} at {i}"),
            }
        }
        for i in lay.padded..crate::bits::WORDS * 64 {
            assert!(!on_grid.get(i), "invariant: on_grid beyond the layout");
        }
        assert_eq!(*planes, want_planes, "invariant: bit planes");
        assert_eq!(*count, want_count, "invariant: stone counts");
        assert_eq!(*hash, want_hash, "invariant: zobrist hash");
        // The list of empty points.
        let mut listed = Bits::EMPTY;
        for (k, &e) in empties[..*n_empty].iter().enumerate() {
            let e = e as usize;
            assert!(!listed.get(e), "invariant: empty point {e} listed twice");
            listed.set(e);
            assert_eq!(empty_pos[e] as usize, k, "invariant: empty_pos of {e}");
        }
        assert_eq!(listed, want_empty, "invariant: list of empty points");
        // Chains, by flood fill over the mailbox (r[tt.derived.chain]).
        let mut seen = Bits::EMPTY;
        let mut heads_used = Bits::EMPTY;
        for start in 0..lay.padded {
            let c = colour[start];
            if !(c == BLACK || c == WHITE) || seen.get(start) {
                continue;
            }
            let mut members = vec![start];
            seen.set(start);
            let mut k = 0;
            let mut liberties = Bits::EMPTY;
            while k < members.len() {
                let x = members[k];
                k += 1;
                for n in self.neighbours(x) {
                    if colour[n] == c && !seen.get(n) {
                        seen.set(n);
                        members.push(n);
                    } else if colour[n] == EMPTY {
                        liberties.set(n);
                    }
                }
            }
            let hd = head[start] as usize;
            assert!(!heads_used.get(hd), "invariant: two chains share head {hd}");
            heads_used.set(hd);
            assert!(
                members.contains(&hd),
                "invariant: head {hd} of the chain at {start} is not in it"
            );
            let mut chain_key = 0;
            for &m in &members {
                assert_eq!(head[m] as usize, hd, "invariant: head of stone {m}");
                chain_key ^= Self::key(m, plane_of(c));
            }
            assert_eq!(
                stones[hd] as usize,
                members.len(),
                "invariant: stones of chain {hd}"
            );
            assert_eq!(
                libs[hd] as u32,
                liberties.count(),
                "invariant: liberties of chain {hd}"
            );
            assert!(
                libs[hd] > 0,
                "invariant: chain {hd} has no liberty (r[tt.derived.every-stone-reaches-empty])"
            );
            assert_eq!(chain_hash[hd], chain_key, "invariant: hash of chain {hd}");
            let mut ring = Bits::EMPTY;
            let mut x = hd;
            for _ in 0..members.len() {
                assert!(!ring.get(x), "invariant: ring of chain {hd} revisits {x}");
                ring.set(x);
                x = next[x] as usize;
            }
            assert_eq!(x, hd, "invariant: ring of chain {hd} does not close");
            assert!(
                members.iter().all(|&m| ring.get(m)),
                "invariant: ring of chain {hd} misses stones"
            );
        }
        // History: the last entry is the current colouring; every entry hashes right.
        let nw = lay.words;
        let last = history.len() - 1;
        let (h_last, b_last, w_last) = history.entry(last);
        assert_eq!(h_last, *hash, "invariant: last history hash");
        assert!(
            b_last == &planes[0].0[..nw] && w_last == &planes[1].0[..nw],
            "invariant: last history colouring"
        );
        assert_eq!(
            history.entry(0),
            (
                0,
                &[0u64; crate::bits::WORDS][..nw],
                &[0u64; crate::bits::WORDS][..nw]
            ),
            "invariant: the first colouring is the start"
        );
        let plane_of_words = |ws: &[u64]| {
            let mut b = Bits::EMPTY;
            b.0[..nw].copy_from_slice(ws);
            b
        };
        for e in 0..history.len() {
            let (h, b, w) = history.entry(e);
            let (b, w) = (plane_of_words(b), plane_of_words(w));
            assert!(
                b.and(&w).is_empty() && b.or(&w).and_not(on_grid).is_empty(),
                "invariant: history entry {e} is a colouring"
            );
            let rehash = b
                .iter()
                .map(|i| Self::key(i, 0))
                .chain(w.iter().map(|i| Self::key(i, 1)))
                .fold(0, |a, k| a ^ k);
            assert_eq!(h, rehash, "invariant: hash of history entry {e}");
        }
        history.assert_consistent(|e| {
            let (_, b, w) = history.entry(e);
            (
                b.iter().map(|x| x.count_ones()).sum(),
                w.iter().map(|x| x.count_ones()).sum(),
            )
        });
    }

    /// The scores by flood fill (r[tt.score]): an empty point reaches a colour when its empty
    /// region touches a stone of that colour (r[tt.reach]).
    pub fn score_now(&self) -> Score {
        let stride = self.lay.stride as u32;
        let [b, w] = &self.planes;
        let empty = self.on_grid.and_not(&b.or(w));
        let reach = |stones: &Bits| {
            let seed = stones.neighbours(stride, &self.on_grid).and(&empty);
            Bits::flood(seed, &empty, stride, &self.on_grid)
        };
        let (rb, rw) = (reach(b), reach(w));
        Score {
            black: HalfPoints::points((b.count() + rb.and_not(&rw).count()) as i64),
            white: HalfPoints::points((w.count() + rw.and_not(&rb).count()) as i64),
        }
    }
}

impl<const HASH_BITS: u32> Clone for FastWith<HASH_BITS> {
    fn clone(&self) -> Self {
        FastWith {
            size: self.size,
            rules: self.rules,
            lay: self.lay,
            on_grid: self.on_grid,
            colour: self.colour,
            head: self.head,
            next: self.next,
            libs: self.libs,
            stones: self.stones,
            chain_hash: self.chain_hash,
            planes: self.planes,
            count: self.count,
            empties: self.empties,
            n_empty: self.n_empty,
            empty_pos: self.empty_pos,
            hash: self.hash,
            to_move: self.to_move,
            passes: self.passes,
            turns: self.turns,
            history: self.history.clone(),
        }
    }

    /// Copies only the part of the arrays the grid uses, and reuses the history's buffers: a
    /// search that keeps one engine per depth copies without allocating.
    fn clone_from(&mut self, src: &Self) {
        let n = src.lay.padded;
        self.size = src.size;
        self.rules = src.rules;
        self.lay = src.lay;
        self.on_grid = src.on_grid;
        self.colour.0[..n].copy_from_slice(&src.colour.0[..n]);
        self.head.0[..n].copy_from_slice(&src.head.0[..n]);
        self.next.0[..n].copy_from_slice(&src.next.0[..n]);
        self.libs.0[..n].copy_from_slice(&src.libs.0[..n]);
        self.stones.0[..n].copy_from_slice(&src.stones.0[..n]);
        self.chain_hash.0[..n].copy_from_slice(&src.chain_hash.0[..n]);
        self.planes = src.planes;
        self.count = src.count;
        self.empties[..src.n_empty].copy_from_slice(&src.empties[..src.n_empty]);
        self.n_empty = src.n_empty;
        self.empty_pos.0[..n].copy_from_slice(&src.empty_pos.0[..n]);
        self.hash = src.hash;
        self.to_move = src.to_move;
        self.passes = src.passes;
        self.turns = src.turns;
        self.history.clone_from(&src.history);
    }
}

impl<const HASH_BITS: u32> fmt::Debug for FastWith<HASH_BITS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fast")
            .field("hash_bits", &HASH_BITS)
            .field("size", &self.size)
            .field("to_move", &self.to_move)
            .field("passes", &self.passes)
            .field("turns", &self.turns)
            .field("history_len", &self.history.len())
            .field("grid", &self.grid().rows())
            .finish()
    }
}

impl<const HASH_BITS: u32> Engine for FastWith<HASH_BITS> {
    const NAME: &'static str = "fast";

    /// Note: every field of [`Rules`] has a single value today (`Rules::TROMP_TAYLOR`), so the
    /// engine implements exactly that; a new variant will fail to compile in `rules_supported`.
    fn new(size: Size, rules: Rules) -> Self {
        rules_supported(rules);
        FastWith::new_game(size, rules)
    }

    fn size(&self) -> Size {
        self.size
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn play(&mut self, mv: Move) -> Result<TurnReport, Illegal> {
        self.check(mv)?;
        match mv {
            Move::Pass => {
                self.pass();
                Ok(TurnReport::default())
            }
            Move::Play(p) => {
                let r = self.place(self.lay.pad(p), code_of(self.to_move));
                self.passes = 0;
                self.turns += 1;
                self.to_move = self.to_move.opponent();
                Ok(r)
            }
        }
    }

    /// r[verdict.order]: game-over, then off-grid, then occupied, then repetition.
    fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.passes >= 2 {
            return Err(Illegal::GameOver);
        }
        let p = match mv {
            Move::Pass => return Ok(()),
            Move::Play(p) => p,
        };
        if !self.size.contains(p) {
            return Err(Illegal::OffGrid);
        }
        let i = self.lay.pad(p);
        if self.colour[i] != EMPTY {
            return Err(Illegal::Occupied);
        }
        if self.legal_at(i, code_of(self.to_move)) {
            Ok(())
        } else {
            Err(Illegal::Repetition)
        }
    }

    fn legal_points_into(&self, out: &mut Vec<Point>) {
        out.extend(self.legal_bits().iter().map(|i| self.lay.point(i)));
    }

    fn colour_at(&self, p: Point) -> Colour {
        match self.colour[self.lay.pad(p)] {
            BLACK => Colour::Black,
            WHITE => Colour::White,
            _ => Colour::Empty,
        }
    }

    fn grid(&self) -> Grid {
        let mut g = Grid::empty(self.size);
        for p in self.size.points() {
            g.set(p, self.colour_at(p));
        }
        g
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn consecutive_passes(&self) -> u32 {
        self.passes
    }

    fn is_over(&self) -> bool {
        self.passes >= 2
    }

    fn score(&self) -> Score {
        self.score_now()
    }

    fn turns(&self) -> u32 {
        self.turns
    }
}

fn rules_supported(rules: Rules) {
    use ttrules_spec::{Counting, Repetition, Suicide};
    let Rules {
        repetition: Repetition::Positional,
        suicide: Suicide::Allowed,
        counting: Counting::Area,
    } = rules;
}
