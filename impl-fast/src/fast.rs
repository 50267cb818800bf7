//! The engine: mailbox, bit planes, incremental chains with exact liberty counts, zobrist hash,
//! exact history of colourings (or situations), and the few facts of the game record that the
//! rule variants read (Part II of the spec), kept as counters.

use crate::bits::Bits;
use crate::history::History;
use crate::layout::{Layout, PadArray, MAX_AREA};
use crate::zobrist::{KEYS, TAG_KEYS};
use std::fmt;
use ttrules_spec::{
    Colour, Counting, DeadError, End, Engine, FirstPass, Grid, HalfPoints, HandicapCompensation,
    Illegal, Komi, Move, Outcome, PassStones, Player, Point, Prisoners, Repetition, Rules, Score,
    Setup, SetupError, Size, Suicide, Tax, Ties, TurnReport,
};

/// Colour codes of the mailbox. A stone's plane index is its code minus one.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
/// A padded index that is not a grid point.
pub(crate) const GUARD: u8 = 3;

/// What simple ko (r[var.ko.simple]) bans on the next move: the colouring at the start of the
/// opponent's last turn, described by what that turn did (see the Note on [`FastWith::judge_at`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Ko {
    /// Nothing is banned: no turn yet, or the last turn changed the colouring without being a
    /// capture of a single stone by a single stone.
    Free,
    /// The last turn (a pass or a single-stone suicide) left the colouring as it was.
    Unchanged,
    /// The last move placed the single stone `stone` and captured the single stone on `at`.
    Capture { at: u16, stone: u16 },
}

/// The facts of the game record (r[var.setup], r[tt.turn]) that the clauses of Part II read,
/// besides the colourings: kept as counters, updated once per turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Record {
    /// Turns taken: moves and passes.
    turns: u32,
    /// The passes at the end of the turns so far, a button pass included.
    trailing_passes: u32,
    /// Passes made by each player, `[black, white]`.
    passes_by: [u32; 2],
    /// Prisoners from captures and suicides (r[var.prisoners]), `[black's, white's]`.
    taken: [u32; 2],
    /// The number of turns in the opening so far (r[var.handicap]).
    opening: u32,
    /// Whether every turn so far is in the opening (so the next one may extend it).
    opening_open: bool,
    /// The first pass so far that is not a handicap pass (r[var.first-pass]): turn index, player.
    first_pass: Option<(u32, Player)>,
    /// The turn index of the situation the simple-ko cycle count starts from: the situation the
    /// most recent pass produced, or the start (r[var.ko.simple.cycle]).
    cycle_start: u32,
    ko: Ko,
    /// The game ended with no result (r[var.ko.simple.cycle]).
    void: bool,
    /// The game has ended (r[tt.end], r[var.end.white-last], r[var.ko.simple.cycle]).
    over: bool,
}

impl Record {
    fn new(empty_start: bool) -> Record {
        Record {
            turns: 0,
            trailing_passes: 0,
            passes_by: [0; 2],
            taken: [0; 2],
            opening: 0,
            opening_open: empty_start,
            first_pass: None,
            cycle_start: 0,
            ko: Ko::Free,
            void: false,
            over: false,
        }
    }
}

/// How the game started (r[tt.start], r[var.setup]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Start {
    planes: [Bits; 2],
    to_move: Player,
    /// The handicap the setup declares.
    handicap: u32,
    /// [`Setup::is_empty_start`]: the empty grid, Black to move, no declared handicap.
    empty: bool,
}

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
    /// For a chain head: its pseudo-liberties (see [`PseudoLibs`]).
    libs: PadArray<PseudoLibs>,
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
    start: Start,
    record: Record,
    /// The earlier colourings or situations the repetition parameter reads, exactly:
    /// - positional (r[tt.turn.repetition]): the start and the colouring after each move, tag 0;
    /// - situational (r[var.ko.situational]): the start and the situation after each turn, tagged
    ///   with the player to move;
    /// - natural situational (r[var.ko.natural-situational]): the colouring after each move,
    ///   tagged with its mover;
    /// - simple ko: the situations since the most recent pass (or the start), for the cycle rule
    ///   r[var.ko.simple.cycle]; ko itself is judged from `record.ko`.
    history: History,
}

/// The pseudo-liberties of a chain: its (stone, empty neighbour) adjacencies, an empty point
/// counted once per stone of the chain next to it. Kept as their number, the sum of the empty
/// points' indices and the sum of their squares, so that a merge adds and a move or a capture
/// adds or removes one adjacency at a time, with no test for points counted twice.
///
/// Note: the rules only ask whether a chain has no liberty (r[tt.derived.liberty]: it does not
/// reach empty, r[tt.reach]), exactly one, or more. It has none iff `n == 0`; exactly one iff
/// `n > 0` and every pseudo-liberty is the same point, which (Cauchy-Schwarz, equality iff all
/// terms are equal) holds iff `n * sq == sum * sum`. The invariant checker compares both facts
/// with exact liberty sets.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PseudoLibs {
    n: u32,
    sum: u32,
    sq: u64,
}

impl PseudoLibs {
    const ZERO: PseudoLibs = PseudoLibs {
        n: 0,
        sum: 0,
        sq: 0,
    };

    #[inline(always)]
    fn add(&mut self, p: usize) {
        self.n += 1;
        self.sum += p as u32;
        self.sq += (p * p) as u64;
    }

    #[inline(always)]
    fn remove(&mut self, p: usize) {
        self.n -= 1;
        self.sum -= p as u32;
        self.sq -= (p * p) as u64;
    }

    #[inline(always)]
    fn merge(&mut self, o: &PseudoLibs) {
        self.n += o.n;
        self.sum += o.sum;
        self.sq += o.sq;
    }

    /// Whether the chain has no liberty.
    #[inline(always)]
    fn none(&self) -> bool {
        self.n == 0
    }

    /// Whether the chain has exactly one liberty.
    #[inline(always)]
    fn one(&self) -> bool {
        self.n > 0 && u64::from(self.n) * self.sq == u64::from(self.sum) * u64::from(self.sum)
    }
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

/// Calls `f` on every set index of `b`, ascending.
#[inline(always)]
fn for_each_bit(b: &Bits, mut f: impl FnMut(usize)) {
    for (wi, &word) in b.0.iter().enumerate() {
        let mut w = word;
        while w != 0 {
            f(wi * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

#[inline]
fn index_of(player: Player) -> usize {
    plane_of(code_of(player))
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

    /// The key of a history tag (see `history`).
    #[inline]
    fn tag_key(tag: u8) -> u64 {
        TAG_KEYS[tag as usize] & Self::HASH_MASK
    }

    /// A new game on the empty grid, Black to move (r[tt.start]).
    pub fn new_game(size: Size, rules: Rules) -> Self {
        let start = Start {
            planes: [Bits::EMPTY; 2],
            to_move: Player::Black,
            handicap: 0,
            empty: true,
        };
        Self::with_start(size, rules, start)
    }

    /// A game that starts from `start`, whose stones must be on the grid of `size`.
    fn with_start(size: Size, rules: Rules, start: Start) -> Self {
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
            libs: PadArray::filled(PseudoLibs::ZERO),
            stones: PadArray::filled(0),
            chain_hash: PadArray::filled(0),
            planes: [Bits::EMPTY; 2],
            count: [0; 2],
            empties: [0; MAX_AREA],
            n_empty: 0,
            empty_pos: PadArray::filled(0),
            hash: 0,
            to_move: start.to_move,
            start,
            record: Record::new(start.empty),
            history: History::new(lay.words, size.area()),
        };
        e.reset();
        e
    }

    /// Back to the start of the game (r[tt.start], r[var.setup]), keeping every buffer: no
    /// allocation.
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
        if !self.start.empty {
            let planes = self.start.planes;
            self.load_stones(&planes);
        }
        self.to_move = self.start.to_move;
        self.record = Record::new(self.start.empty);
        self.history.clear();
        // The starting colouring is an earlier colouring for every move (r[tt.note.start-colouring]);
        // with its player to move, the starting situation (r[var.setup], r[var.ko.situational]).
        // Natural situational superko has no entry for it: no player created it.
        match self.rules.repetition {
            Repetition::Positional => self.push_history(0),
            Repetition::Situational | Repetition::SimpleKo => {
                self.push_history(code_of(self.to_move))
            }
            Repetition::NaturalSituational => {}
        }
    }

    /// Records the current colouring with `tag` in the history.
    #[inline]
    fn push_history(&mut self, tag: u8) {
        self.history.push(
            self.hash ^ Self::tag_key(tag),
            self.count[0],
            self.count[1],
            tag,
            &self.planes,
        );
    }

    /// Puts the stones of `planes` on the empty grid and builds their chains and liberties from
    /// scratch (the chains may have no liberty: [`Engine::from_setup`] refuses those).
    fn load_stones(&mut self, planes: &[Bits; 2]) {
        for (k, plane) in planes.iter().enumerate() {
            for i in plane.iter() {
                debug_assert!(self.lay.on_grid(i));
                let key = Self::key(i, k);
                self.colour[i] = k as u8 + 1;
                self.head[i] = i as u16;
                self.next[i] = i as u16;
                self.stones[i] = 1;
                self.chain_hash[i] = key;
                self.planes[k].set(i);
                self.count[k] += 1;
                self.hash ^= key;
                self.remove_empty(i);
            }
        }
        let stones = planes[0].or(&planes[1]);
        for i in stones.iter() {
            for n in self.neighbours(i) {
                if self.colour[n] == self.colour[i] && self.head[n] != self.head[i] {
                    self.join(self.head[i] as usize, self.head[n] as usize);
                }
            }
        }
        for i in stones.iter() {
            if self.head[i] as usize == i {
                self.libs[i] = PseudoLibs::ZERO;
            }
        }
        for i in stones.iter() {
            let hd = self.head[i] as usize;
            for n in self.neighbours(i) {
                if self.colour[n] == EMPTY {
                    self.libs[hd].add(n);
                }
            }
        }
    }

    /// Joins the chains with heads `a` and `b` into one ring, keeping the head of the larger;
    /// returns `(kept head, absorbed head)`. Liberties are left alone: [`Self::merge`] adds them
    /// up, [`Self::load_stones`] recomputes them.
    #[inline]
    fn join(&mut self, a: usize, b: usize) -> (usize, usize) {
        let (keep, gone) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut x = gone;
        loop {
            self.head[x] = keep as u16;
            let nx = self.next[x] as usize;
            if nx == gone {
                break;
            }
            x = nx;
        }
        self.stones[keep] += self.stones[gone];
        self.chain_hash[keep] ^= self.chain_hash[gone];
        // Splice the rings: keep -> gone ... x -> (old next of keep).
        let after = self.next[keep];
        self.next[keep] = gone as u16;
        self.next[x] = after;
        (keep, gone)
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

    /// The verdict on a move by the player of code `c` on the empty grid point `i`, after the
    /// game-over, off-grid and occupied checks: `suicide`, then `ko` or `repetition`
    /// (r[var.verdict.order]).
    ///
    /// Note: the move's effect is read from chain liberties (r[tt.derived.liberty]) instead of
    /// playing it: an opponent chain next to `i` whose only liberty is `i` is captured; the placed
    /// stone reaches empty if a neighbour is empty, a neighbouring own chain has another liberty,
    /// or something is captured (r[tt.note.clear-order]); otherwise the own chains next to `i`
    /// and the stone are suicided. The resulting hash is the current one with the placed stone's
    /// key and the keys of every emptied chain toggled, and the history decides exactly.
    ///
    /// Note (r[var.ko.simple]): simple ko is judged from `record.ko`, what the opponent's last
    /// turn did, not from a stored colouring. The colouring C0 at the start of that turn is
    /// recreated exactly when: (1) that turn left the colouring unchanged (a pass, or a
    /// single-stone suicide) and this move does too, i.e. it is a single-stone suicide (any capture
    /// or any other emptied stone changes the colouring, and a stone that stays changes it); or
    /// (2) that turn placed a single stone s (a chain of one stone after the move) that captured
    /// exactly one stone, on `at`, and this move is on `at` and captures exactly s (the clause's
    /// own Note, part (a)). Otherwise no move recreates C0: after a move that captured nothing, s
    /// stays or was suicided with other stones of the opponent, which this move cannot bring
    /// back; after a capture of two or more stones, or by a chain of two or more, a move adds at
    /// most one stone and must remove exactly s's chain; after a multi-stone suicide, stones of
    /// the opponent are missing that no move of the player restores.
    #[inline]
    fn judge_at(&self, i: usize, c: u8) -> Result<(), Illegal> {
        // Fast path: a plain addition (an empty neighbour, so no suicide, and no opponent chain
        // next to `i` with `i` as its only liberty, so no capture), which repetition cannot
        // forbid unless [`Self::plain_may_repeat`] says so.
        let o = 3 - c;
        let s = self.lay.stride;
        let around = [i - 1, i + 1, i - s, i + s];
        let cols = around.map(|n| self.colour[n]);
        if cols.contains(&EMPTY)
            && !around
                .iter()
                .zip(cols)
                .any(|(&n, cn)| cn == o && self.libs[self.head[n] as usize].one())
            && !self.plain_may_repeat(c)
        {
            return Ok(());
        }
        self.judge_full(i, c)
    }

    /// [`Self::judge_at`] without the fast path.
    #[inline(never)]
    fn judge_full(&self, i: usize, c: u8) -> Result<(), Illegal> {
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
                if !self.libs[hd as usize].one() {
                    alive = true;
                } else {
                    own.add(hd);
                }
            } else if cn == o {
                let hd = self.head[n];
                if self.libs[hd as usize].one() && captured.add(hd) {
                    hash ^= self.chain_hash[hd as usize];
                    n_captured += self.stones[hd as usize] as u32;
                }
            }
        }
        let (cp, op) = (plane_of(c), plane_of(o));
        if alive || captured.n > 0 {
            // No suicide: only repetition can forbid the move.
            if self.rules.repetition == Repetition::SimpleKo {
                return match self.record.ko {
                    Ko::Capture { at, stone }
                        if at as usize == i
                            && n_captured == 1
                            && captured.h[0] == self.head[stone as usize] =>
                    {
                        Err(Illegal::Ko)
                    }
                    _ => Ok(()),
                };
            }
            hash ^= Self::key(i, cp);
            let (black, white) = if c == BLACK {
                (self.count[0] + 1, self.count[1] - n_captured)
            } else {
                (self.count[0] - n_captured, self.count[1] + 1)
            };
            self.repeats(hash, black, white, c, || {
                let mut planes = self.planes;
                planes[cp].set(i);
                for &hd in captured.as_slice() {
                    self.clear_chain_bits(&mut planes[op], hd as usize);
                }
                planes
            })
        } else if own.n == 0 {
            // Single-stone suicide: nothing is captured and the lone stone has no empty
            // neighbour, so r[tt.move.clear-self] empties exactly `i` and the colouring after the
            // move is the current one.
            match self.rules.suicide {
                Suicide::MultiStoneOnly => Err(Illegal::SingleStoneSuicide),
                Suicide::Forbidden => Err(Illegal::Suicide),
                Suicide::Allowed => match self.rules.repetition {
                    // Note: the current colouring is an earlier colouring (the start, or the
                    // colouring after the last move, as passes add none), so
                    // r[tt.turn.repetition] forbids it (r[tt.note.single-suicide]); the history
                    // lookup would say the same.
                    Repetition::Positional => Err(Illegal::Repetition),
                    Repetition::SimpleKo => match self.record.ko {
                        Ko::Unchanged => Err(Illegal::Ko),
                        _ => Ok(()),
                    },
                    _ => self.repeats(self.hash, self.count[0], self.count[1], c, || self.planes),
                },
            }
        } else {
            // Multi-stone suicide (r[tt.note.multi-suicide]): the own chains next to `i` all had
            // `i` as their only liberty, and they are emptied together with the placed stone.
            if self.rules.suicide == Suicide::Forbidden {
                return Err(Illegal::Suicide);
            }
            if self.rules.repetition == Repetition::SimpleKo {
                // Never a ko: see the Note above.
                return Ok(());
            }
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
            self.repeats(hash, black, white, c, || {
                let mut planes = self.planes;
                for &hd in own.as_slice() {
                    self.clear_chain_bits(&mut planes[cp], hd as usize);
                }
                planes
            })
        }
    }

    /// The repetition verdict (every parameter value but simple ko) on a move by the player of
    /// code `c` whose colouring has this hash, these stone counts and these planes (built only
    /// if a hash matches).
    #[inline]
    fn repeats(
        &self,
        hash: u64,
        black: u32,
        white: u32,
        c: u8,
        planes: impl FnOnce() -> [Bits; 2],
    ) -> Result<(), Illegal> {
        let (tag, why) = match self.rules.repetition {
            // r[tt.turn.repetition]: any earlier colouring.
            Repetition::Positional => (0, Illegal::Repetition),
            // r[var.ko.situational]: the colouring with the opponent to move.
            Repetition::Situational => (3 - c, Illegal::SituationalRepetition),
            // r[var.ko.natural-situational]: a colouring this player created.
            Repetition::NaturalSituational => (c, Illegal::NaturalRepetition),
            Repetition::SimpleKo => unreachable!("simple ko is judged from the ko state"),
        };
        if self
            .history
            .contains(hash ^ Self::tag_key(tag), black, white, tag, planes)
        {
            Err(why)
        } else {
            Ok(())
        }
    }

    /// Whether a move of code `c` that captures and suicides nothing (a plain addition) may be
    /// forbidden by repetition.
    ///
    /// Note: its colouring is the current one plus one stone of the mover. It is never a ko
    /// (r[var.ko.simple] needs a capture or an unchanged colouring, see [`Self::judge_at`]); under
    /// the superkos it can only be an earlier colouring if some history entry has its stone
    /// counts (equal colourings have equal counts).
    #[inline]
    fn plain_may_repeat(&self, c: u8) -> bool {
        if self.rules.repetition == Repetition::SimpleKo {
            return false;
        }
        let (black, white) = self.counts_plus_one(c);
        self.history.may_contain_counts(black, white)
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

    /// Plays a legal move of code `c` on the empty grid point `i` (r[tt.move]); returns what it
    /// emptied and the head of the last chain it captured (the captured point when it captured a
    /// single stone).
    fn place(&mut self, i: usize, c: u8) -> (TurnReport, usize) {
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
        // `i` is no longer a pseudo-liberty of the stones next to it; its empty neighbours are
        // the pseudo-liberties of the new stone.
        let mut libs = PseudoLibs::ZERO;
        for n in self.neighbours(i) {
            let cn = self.colour[n];
            if cn == EMPTY {
                libs.add(n);
            } else if cn == c || cn == o {
                self.libs[self.head[n] as usize].remove(i);
            }
        }
        self.libs[i] = libs;
        for n in self.neighbours(i) {
            if self.colour[n] == c {
                let (a, b) = (self.head[i] as usize, self.head[n] as usize);
                if a != b {
                    self.merge(a, b);
                }
            }
        }
        // r[tt.move.clear-opponent]: opponent chains without a liberty (r[tt.derived.liberty]).
        let mut captured = 0;
        let mut captured_at = 0;
        for n in self.neighbours(i) {
            if self.colour[n] == o {
                let hd = self.head[n] as usize;
                if self.libs[hd].none() {
                    captured_at = hd;
                    captured += self.remove_chain(hd);
                }
            }
        }
        // r[tt.move.clear-self]: only the chain of `i` can have lost its last liberty.
        let hd = self.head[i] as usize;
        let suicided = if self.libs[hd].none() {
            self.remove_chain(hd)
        } else {
            0
        };
        (TurnReport { captured, suicided }, captured_at)
    }

    /// Joins the chains with heads `a` and `b`; returns the head kept. Pseudo-liberties add up.
    #[inline]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (keep, gone) = self.join(a, b);
        let gone_libs = self.libs[gone];
        self.libs[keep].merge(&gone_libs);
        keep
    }

    /// Empties the chain with head `hd` (r[tt.clear]); returns its number of stones. Each emptied
    /// point becomes a pseudo-liberty of every stone of the other colour next to it.
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
            for m in self.neighbours(x) {
                if self.colour[m] == o {
                    self.libs[self.head[m] as usize].add(x);
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
        self.judge_at(v.0 as usize, code_of(self.to_move)).is_ok()
    }

    /// Plays the player to move on `v`, which must be a legal move; returns what it did.
    #[inline]
    pub fn play_vertex(&mut self, v: Vertex) -> TurnReport {
        debug_assert!(!self.record.over, "the game is over");
        debug_assert!(self.is_legal_vertex(v), "illegal move {v:?}");
        let i = v.0 as usize;
        let (report, captured_at) = self.place(i, code_of(self.to_move));
        self.finish_move(i, report, captured_at);
        report
    }

    /// Everything a move changes besides the grid: the record's counters, the player to move,
    /// the history, the ko state and the cycle rule.
    #[inline]
    fn finish_move(&mut self, i: usize, report: TurnReport, captured_at: usize) {
        let mover = self.to_move;
        let m = index_of(mover);
        let t = self.record.turns;
        let r = &mut self.record;
        // r[var.prisoners]: captured stones are the mover's, suicided ones the opponent's.
        r.taken[m] += report.captured as u32;
        r.taken[1 - m] += report.suicided as u32;
        r.trailing_passes = 0;
        if r.opening_open {
            // r[var.handicap]: Black moves stand at even turns of the opening.
            if t % 2 == 0 && mover == Player::Black {
                r.opening += 1;
                // The White pass before this move is now a handicap pass, not a first pass.
                if r.first_pass.is_some_and(|(k, _)| k + 1 == t) {
                    r.first_pass = None;
                }
            } else {
                r.opening_open = false;
            }
        }
        r.turns += 1;
        self.to_move = mover.opponent();
        match self.rules.repetition {
            Repetition::Positional => self.push_history(0),
            Repetition::Situational => self.push_history(code_of(self.to_move)),
            Repetition::NaturalSituational => self.push_history(code_of(mover)),
            Repetition::SimpleKo => {
                self.record.ko = if report.captured == 1
                    && report.suicided == 0
                    && self.stones[self.head[i] as usize] == 1
                {
                    Ko::Capture {
                        at: captured_at as u16,
                        stone: i as u16,
                    }
                } else if report.suicided == 1 && report.captured == 0 {
                    // The placed stone alone was emptied: the colouring is unchanged.
                    Ko::Unchanged
                } else {
                    Ko::Free
                };
                self.cycle_check();
            }
        }
    }

    /// r[var.ko.simple.cycle]: records the situation after a turn and ends the game void when it
    /// has occurred three times since the most recent pass. The history holds exactly the
    /// situations since then, so the count is exact.
    fn cycle_check(&mut self) {
        let tag = code_of(self.to_move);
        self.push_history(tag);
        let n = self
            .history
            .count_equal(self.hash ^ Self::tag_key(tag), tag, &self.planes);
        if n >= 3 {
            self.record.void = true;
            self.record.over = true;
        }
    }

    /// Passes for the player to move (r[tt.turn.pass]), which the game must allow.
    pub fn pass(&mut self) {
        debug_assert!(!self.record.over, "the game is over");
        let mover = self.to_move;
        let t = self.record.turns;
        let r = &mut self.record;
        r.passes_by[index_of(mover)] += 1;
        r.trailing_passes += 1;
        if r.opening_open {
            // r[var.handicap]: White passes stand at odd turns of the opening.
            if t % 2 == 1 && mover == Player::White {
                r.opening += 1;
            } else {
                r.opening_open = false;
            }
        }
        // r[var.first-pass]: while the opening goes on, every earlier pass in it is a handicap
        // pass (`finish_move` forgets a pass that a Black move turns into one).
        if r.first_pass.is_none() {
            r.first_pass = Some((t, mover));
        }
        r.turns += 1;
        self.to_move = mover.opponent();
        match self.rules.repetition {
            // r[var.ko.situational]: "a pass creates the situation of the same colouring with the
            // other player to move".
            Repetition::Situational => self.push_history(code_of(self.to_move)),
            Repetition::SimpleKo => {
                self.record.ko = Ko::Unchanged;
                self.history.clear();
                self.record.cycle_start = self.record.turns;
                self.cycle_check();
            }
            Repetition::Positional | Repetition::NaturalSituational => {}
        }
        // r[tt.end], r[var.end.white-last].
        if self.consecutive() >= 2 && (self.rules.end == End::TwoPasses || mover == Player::White) {
            self.record.over = true;
        }
    }

    /// The passes in a row at the end that count toward the end: under r[var.first-pass.button]
    /// the first pass does not.
    #[inline]
    fn consecutive(&self) -> u32 {
        let r = &self.record;
        let button = self.rules.first_pass == FirstPass::Button
            && r.first_pass
                .is_some_and(|(k, _)| k + r.trailing_passes >= r.turns);
        r.trailing_passes - u32::from(button)
    }

    /// r[var.handicap]: the number of handicap passes so far (White passes of the opening
    /// followed by a Black move in it: turns 1, 3, … below `opening - 1`).
    fn handicap_passes(&self) -> u32 {
        self.record.opening.saturating_sub(1) / 2
    }

    /// Whether the game has ended (r[tt.end], r[var.end.white-last], r[var.ko.simple.cycle]).
    #[inline]
    pub fn over(&self) -> bool {
        self.record.over
    }
    /// Whether `v` (an empty grid point) is "eyelike" for the player to move, as the playout
    /// protocol of the benchmarks defines it: every on-grid orthogonal neighbour is the mover's,
    /// and the opponent holds fewer than two diagonal points (fewer than one if a diagonal is off
    /// the grid). Not a rule: a playout policy.
    #[inline]
    pub fn is_eyelike(&self, v: Vertex) -> bool {
        self.eyelike_at(v.0 as usize, code_of(self.to_move))
    }

    /// [`Self::is_eyelike`] for the player of code `c`.
    #[inline]
    fn eyelike_at(&self, i: usize, c: u8) -> bool {
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
    /// and suicides nothing (a plain addition); unless `plain_may_repeat` says it may repeat, it
    /// is legal without a lookup. Such a point is never eyelike (it has an empty neighbour).
    /// These points are found for the whole grid at once with bitboards; every other empty point
    /// goes through the eyelike test and the full verdict (`judge_at`).
    pub fn legal_non_eyelike_into(&self, out: &mut Vec<Vertex>) {
        if self.record.over {
            return;
        }
        let c = code_of(self.to_move);
        let (sure, doubt) = self.plain_additions(c);
        out.reserve(self.n_empty);
        for_each_bit(&sure, |i| out.push(Vertex(i as u16)));
        for_each_bit(&doubt, |i| {
            if !self.eyelike_at(i, c) && self.judge_at(i, c).is_ok() {
                out.push(Vertex(i as u16));
            }
        });
    }

    /// The empty points split in two: moves of code `c` known legal without a lookup (plain
    /// additions that cannot repeat, see [`Self::plain_may_repeat`]), and the rest.
    #[inline]
    fn plain_additions(&self, c: u8) -> (Bits, Bits) {
        let op = plane_of(3 - c);
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let empty = g.and_not(&self.planes[0].or(&self.planes[1]));
        if self.plain_may_repeat(c) {
            return (Bits::EMPTY, empty);
        }
        let sure = empty
            .and(&empty.neighbours(stride, g))
            .and_not(&self.planes[op].neighbours(stride, g));
        (sure, empty.and_not(&sure))
    }

    /// The legal moves of the player to move as a bitboard of vertices (empty if the game is
    /// over).
    ///
    /// Note: an empty point with an empty neighbour and no opponent neighbour is a move that
    /// captures nothing and suicides nothing (a plain addition); unless
    /// `plain_may_repeat` says it may repeat, all such points are legal without a lookup.
    pub fn legal_bits(&self) -> Bits {
        if self.record.over {
            return Bits::EMPTY;
        }
        let c = code_of(self.to_move);
        let (mut legal, doubt) = self.plain_additions(c);
        for_each_bit(&doubt, |i| {
            if self.judge_at(i, c).is_ok() {
                legal.set(i);
            }
        });
        legal
    }

    /// The zobrist hash of the colouring (restricted to `HASH_BITS`).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many colourings (or situations) the history holds (see the field's documentation).
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
            to_move,
            start,
            record,
            history,
        } = self;
        assert_eq!(*lay, Layout::new(*size), "invariant: layout");
        self.assert_record_invariants();
        let _ = (start, record, to_move);
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
            let mut pseudo = PseudoLibs::ZERO;
            for &m in &members {
                for n in self.neighbours(m) {
                    if colour[n] == EMPTY {
                        pseudo.add(n);
                    }
                }
            }
            assert_eq!(
                libs[hd], pseudo,
                "invariant: pseudo-liberties of chain {hd}"
            );
            assert!(
                !libs[hd].none() && liberties.count() > 0,
                "invariant: chain {hd} has no liberty (r[tt.derived.every-stone-reaches-empty])"
            );
            assert_eq!(
                libs[hd].one(),
                liberties.count() == 1,
                "invariant: one liberty of chain {hd}"
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
        // History: how many entries each parameter value keeps, their tags, the start and the
        // current colouring where they must be; every entry hashes right.
        let nw = lay.words;
        let r = record;
        let moves = r.turns - r.passes_by[0] - r.passes_by[1];
        let current_tag = code_of(*to_move);
        let (want_len, first_tag, last_tag) = match self.rules.repetition {
            Repetition::Positional => (moves + 1, Some(0), Some(0)),
            Repetition::Situational => {
                (r.turns + 1, Some(code_of(start.to_move)), Some(current_tag))
            }
            Repetition::NaturalSituational => (
                moves,
                None,
                (r.trailing_passes == 0 && moves > 0).then_some(3 - current_tag),
            ),
            Repetition::SimpleKo => (r.turns - r.cycle_start + 1, None, Some(current_tag)),
        };
        assert_eq!(history.len() as u32, want_len, "invariant: history length");
        let words_of = |b: &Bits| b.0[..nw].to_vec();
        if let Some(tag) = first_tag {
            let (_, b, w) = history.entry(0);
            assert_eq!(
                history.tag(0),
                tag,
                "invariant: tag of the first history entry"
            );
            assert!(
                b == &start.planes[0].0[..nw] && w == &start.planes[1].0[..nw],
                "invariant: the first history entry is the start"
            );
        }
        if self.rules.repetition == Repetition::SimpleKo && r.cycle_start == 0 {
            let (_, b, w) = history.entry(0);
            assert_eq!(
                (b.to_vec(), w.to_vec(), history.tag(0)),
                (
                    words_of(&start.planes[0]),
                    words_of(&start.planes[1]),
                    code_of(start.to_move)
                ),
                "invariant: the cycle count starts from the start"
            );
        }
        if let Some(tag) = last_tag {
            let last = history.len() - 1;
            let (h_last, b_last, w_last) = history.entry(last);
            assert_eq!(
                history.tag(last),
                tag,
                "invariant: tag of the last history entry"
            );
            assert_eq!(
                h_last,
                *hash ^ Self::tag_key(tag),
                "invariant: last history hash"
            );
            assert!(
                b_last == &planes[0].0[..nw] && w_last == &planes[1].0[..nw],
                "invariant: last history colouring"
            );
        }
        for e in 0..history.len() {
            let tag = history.tag(e);
            let ok = match self.rules.repetition {
                Repetition::Positional => tag == 0,
                _ => tag == BLACK || tag == WHITE,
            };
            assert!(ok, "invariant: tag {tag} of history entry {e}");
        }
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
            assert_eq!(
                h,
                rehash ^ Self::tag_key(history.tag(e)),
                "invariant: hash of history entry {e}"
            );
        }
        history.assert_consistent(|e| {
            let (_, b, w) = history.entry(e);
            (
                b.iter().map(|x| x.count_ones()).sum(),
                w.iter().map(|x| x.count_ones()).sum(),
            )
        });
    }

    /// The record's counters against each other and the rest of the state (the counters are
    /// facts of the record; the agreement tests compare what they imply with the reference).
    fn assert_record_invariants(&self) {
        let Record {
            turns,
            trailing_passes,
            passes_by,
            taken: _,
            opening,
            opening_open,
            first_pass,
            cycle_start,
            ko,
            void,
            over,
        } = self.record;
        let Start {
            planes,
            to_move,
            handicap: _,
            empty,
        } = self.start;
        assert!(
            planes[0].and(&planes[1]).is_empty()
                && planes[0].or(&planes[1]).and_not(&self.on_grid).is_empty(),
            "invariant: the start is a colouring"
        );
        assert_eq!(
            empty,
            planes[0].is_empty()
                && planes[1].is_empty()
                && to_move == Player::Black
                && self.start.handicap == 0,
            "invariant: empty start"
        );
        assert!(
            trailing_passes <= passes_by[0] + passes_by[1] && passes_by[0] + passes_by[1] <= turns,
            "invariant: pass counts"
        );
        let expected_mover = if turns % 2 == 0 {
            to_move
        } else {
            to_move.opponent()
        };
        assert_eq!(self.to_move, expected_mover, "invariant: players alternate");
        assert!(opening <= turns, "invariant: opening within the turns");
        assert!(
            empty || (opening == 0 && !opening_open),
            "invariant: opening only from the empty start"
        );
        if opening_open {
            assert_eq!(
                opening, turns,
                "invariant: an open opening holds every turn"
            );
        }
        assert!(
            self.handicap_passes() <= passes_by[1],
            "invariant: handicap passes are White passes"
        );
        if let Some((k, player)) = first_pass {
            assert!(k < turns, "invariant: first pass index");
            let handicap_pass = k % 2 == 1 && k + 1 < opening;
            assert!(
                !handicap_pass,
                "invariant: the first pass is not a handicap pass"
            );
            let mover = if k % 2 == 0 {
                to_move
            } else {
                to_move.opponent()
            };
            assert_eq!(player, mover, "invariant: first passer");
        } else {
            assert_eq!(
                passes_by[0] + passes_by[1],
                self.handicap_passes(),
                "invariant: every pass so far is a handicap pass"
            );
        }
        assert!(cycle_start <= turns, "invariant: cycle start");
        assert!(
            !void || self.rules.repetition == Repetition::SimpleKo,
            "invariant: only simple ko voids"
        );
        match ko {
            Ko::Free => {}
            Ko::Unchanged => assert!(
                self.rules.repetition == Repetition::SimpleKo && turns > 0,
                "invariant: ko after a turn"
            ),
            Ko::Capture { at, stone } => {
                let (at, stone) = (at as usize, stone as usize);
                assert_eq!(
                    self.rules.repetition,
                    Repetition::SimpleKo,
                    "invariant: ko state"
                );
                assert_eq!(self.colour[at], EMPTY, "invariant: ko point empty");
                assert_eq!(
                    self.colour[stone],
                    code_of(self.to_move.opponent()),
                    "invariant: ko stone is the last mover's"
                );
                assert_eq!(
                    self.stones[self.head[stone] as usize], 1,
                    "invariant: ko stone alone"
                );
                assert!(
                    self.neighbours(stone).contains(&at),
                    "invariant: ko point next to the ko stone"
                );
            }
        }
        let ended = turns > 0
            && self.consecutive() >= 2
            && (self.rules.end == End::TwoPasses || self.to_move == Player::Black);
        assert_eq!(over, void || ended, "invariant: the end");
    }

    /// The scores by flood fill (r[tt.score]): an empty point reaches a colour when its empty
    /// region touches a stone of that colour (r[tt.reach]). Tromp-Taylor area scoring of the
    /// colouring as it stands, nothing else.
    pub fn score_now(&self) -> Score {
        let [(tb, _), (tw, _)] = self.territory(&self.planes, Tax::None);
        Score {
            black: HalfPoints::points(self.count[0] as i64 + tb),
            white: HalfPoints::points(self.count[1] as i64 + tw),
        }
    }

    /// Each player's territory and number of independent-life regions on the colouring
    /// `planes`, under `tax` (r[var.tax.none], r[var.tax.seki], r[var.tax.all]): `[black, white]`.
    fn territory(&self, planes: &[Bits; 2], tax: Tax) -> [(i64, i64); 2] {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        let [b, w] = planes;
        let empty = g.and_not(&b.or(w));
        // The empty points whose empty region touches the colour: exactly those that reach it.
        let reach = |stones: &Bits| {
            let seed = stones.neighbours(stride, g).and(&empty);
            Bits::flood(seed, &empty, stride, g)
        };
        let (rb, rw) = (reach(b), reach(w));
        match tax {
            Tax::None => [
                (rb.and_not(&rw).count() as i64, 0),
                (rw.and_not(&rb).count() as i64, 0),
            ],
            Tax::Seki | Tax::All => {
                // Note: the union of the dame regions (r[var.tax.ilr]) is the set of empty
                // points whose empty region touches both colours.
                let dame = rb.and(&rw);
                [
                    self.independent_life(b, w, &empty, &dame),
                    self.independent_life(w, b, &empty, &dame),
                ]
            }
        }
    }

    /// r[var.tax.ilr]: the empty points inside the independent-life regions of the player whose
    /// stones are `own`, and how many such regions there are.
    fn independent_life(&self, own: &Bits, other: &Bits, empty: &Bits, dame: &Bits) -> (i64, i64) {
        let stride = self.lay.stride as u32;
        let g = &self.on_grid;
        // Chains of `own` with exactly one liberty (r[tt.derived.liberty]).
        let mut atari = Bits::EMPTY;
        let mut rest = *own;
        while let Some(i) = rest.first() {
            let chain = Bits::flood(Bits::single(i), own, stride, g);
            rest = rest.and_not(&chain);
            if chain.neighbours(stride, g).and(empty).count() == 1 {
                atari = atari.or(&chain);
            }
        }
        // The regions: maximal connected sets of points not of the opponent's colour.
        let inside = g.and_not(other);
        let mut rest = inside;
        let (mut points, mut regions) = (0, 0);
        while let Some(i) = rest.first() {
            let region = Bits::flood(Bits::single(i), &inside, stride, g);
            rest = rest.and_not(&region);
            // (a) a stone of the player, (b) no dame region (a dame region is a whole empty
            // region, so it is inside a region as soon as one of its points is), (c) no chain in
            // atari.
            if !region.and(own).is_empty()
                && region.and(dame).is_empty()
                && region.and(&atari).is_empty()
            {
                points += region.and(empty).count() as i64;
                regions += 1;
            }
        }
        (points, regions)
    }

    /// r[var.prisoners] during the game: captures, suicides and pass stones.
    fn prisoners_now(&self) -> Prisoners {
        let r = &self.record;
        let mut held = Prisoners {
            black: r.taken[0],
            white: r.taken[1],
        };
        if self.rules.pass_stones == PassStones::OnePerPass {
            // r[var.pass.stones]: "Each pass other than a handicap pass hands the opponent one
            // prisoner."
            held.black += r.passes_by[1] - self.handicap_passes();
            held.white += r.passes_by[0];
        }
        held
    }

    /// r[var.handicap]: the declared handicap, or the Black moves of the opening; "N ≤ 1 means no
    /// handicap, written 0".
    fn handicap_now(&self) -> u32 {
        let n = if self.start.empty {
            self.record.opening.div_ceil(2)
        } else {
            self.start.handicap
        };
        if n >= 2 {
            n
        } else {
            0
        }
    }

    /// r[var.score.final], r[var.count.dead]: the final scores before komi.
    fn final_score(&self, dead: &[Point]) -> Result<Score, DeadError> {
        let mut planes = self.planes;
        let mut held = self.prisoners_now();
        for (k, &p) in dead.iter().enumerate() {
            if !self.size.contains(p) {
                return Err(DeadError::OffGrid(p, self.size));
            }
            // r[var.count.dead]: the dead stones are a set; a point listed again is already
            // counted (and was already checked).
            if dead[..k].contains(&p) {
                continue;
            }
            let i = self.lay.pad(p);
            match self.colour[i] {
                BLACK => {
                    planes[0].clear(i);
                    held.white += 1;
                }
                WHITE => {
                    planes[1].clear(i);
                    held.black += 1;
                }
                _ => return Err(DeadError::Empty(p)),
            }
        }
        let rules = self.rules;
        let terr = self.territory(&planes, rules.tax);
        let held = [held.black, held.white];
        let score_of = |k: usize| {
            let (mut points, regions) = terr[k];
            points += match rules.counting {
                // r[var.count.area]: her stones plus her territory.
                Counting::Area => planes[k].count() as i64,
                // r[var.count.territory]: her territory plus her prisoners.
                Counting::Territory => held[k] as i64,
            };
            // r[var.tax.all]: 2 per independent-life region.
            if rules.tax == Tax::All {
                points -= 2 * regions;
            }
            HalfPoints::points(points)
        };
        let mut score = Score {
            black: score_of(0),
            white: score_of(1),
        };
        let half = HalfPoints::halves(1);
        match (rules.first_pass, self.record.first_pass) {
            // r[var.first-pass.button]
            (FirstPass::Button, Some((_, Player::Black))) => score.black = score.black + half,
            (FirstPass::Button, Some((_, Player::White))) => score.white = score.white + half,
            // r[var.first-pass.msg]
            (FirstPass::Msg, Some((_, Player::White))) => {
                score.black = score.black - half;
                score.white = score.white + half;
            }
            _ => {}
        }
        // r[var.handicap.compensation]
        let n = i64::from(self.handicap_now());
        if n >= 2 {
            let bonus = match rules.handicap {
                HandicapCompensation::None => 0,
                HandicapCompensation::N => n,
                HandicapCompensation::NMinusOne => n - 1,
            };
            score.white = score.white + HalfPoints::points(bonus);
        }
        Ok(score)
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
            start: self.start,
            record: self.record,
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
        self.start = src.start;
        self.record = src.record;
        self.history.clone_from(&src.history);
    }
}

impl<const HASH_BITS: u32> fmt::Debug for FastWith<HASH_BITS> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fast")
            .field("hash_bits", &HASH_BITS)
            .field("size", &self.size)
            .field("rules", &self.rules)
            .field("to_move", &self.to_move)
            .field("record", &self.record)
            .field("history_len", &self.history.len())
            .field("grid", &self.grid().rows())
            .finish()
    }
}

impl<const HASH_BITS: u32> Engine for FastWith<HASH_BITS> {
    const NAME: &'static str = "fast";

    /// r[var.setup]: the setup colouring must be a legal position.
    ///
    /// Note: a stone reaches empty (r[tt.reach]) exactly when its chain has a liberty
    /// (r[tt.derived.liberty]); the first stone in point-index order whose chain has none is the
    /// one reported, as the reference reports the first such point.
    fn from_setup(setup: &Setup, rules: Rules) -> Result<Self, SetupError> {
        let size = setup.grid.size();
        let lay = Layout::new(size);
        let mut planes = [Bits::EMPTY; 2];
        for p in size.points() {
            match setup.grid.get(p) {
                Colour::Black => planes[0].set(lay.pad(p)),
                Colour::White => planes[1].set(lay.pad(p)),
                Colour::Empty => {}
            }
        }
        let start = Start {
            planes,
            to_move: setup.to_move,
            handicap: setup.handicap,
            empty: setup.is_empty_start(),
        };
        let e = FastWith::with_start(size, rules, start);
        if let Some(i) = planes[0]
            .or(&planes[1])
            .iter()
            .find(|&i| e.libs[e.head[i] as usize].none())
        {
            return Err(SetupError::StoneWithoutPath(lay.point(i)));
        }
        Ok(e)
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
            Move::Play(p) => Ok(self.play_vertex(self.vertex(p))),
        }
    }

    /// r[var.verdict.order]: game-over, off-grid, occupied, then suicide, then ko or repetition.
    fn check(&self, mv: Move) -> Result<(), Illegal> {
        if self.record.over {
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
        self.judge_at(i, code_of(self.to_move))
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
        self.consecutive()
    }

    fn is_over(&self) -> bool {
        self.record.over
    }

    fn is_void(&self) -> bool {
        self.record.void
    }

    fn turns(&self) -> u32 {
        self.record.turns
    }

    fn prisoners(&self) -> Prisoners {
        self.prisoners_now()
    }

    fn first_passer(&self) -> Option<Player> {
        self.record.first_pass.map(|(_, player)| player)
    }

    fn handicap(&self) -> u32 {
        self.handicap_now()
    }

    fn score_with_dead(&self, dead: &[Point]) -> Result<Score, DeadError> {
        self.final_score(dead)
    }

    /// r[var.score.final]: komi to White, then r[tt.winner], r[var.first-pass.tie-break],
    /// r[var.ties.black-wins]; a void game has no winner (the dead stones are checked first, as
    /// the reference does).
    fn outcome(&self, komi: Komi, dead: &[Point]) -> Result<Outcome, DeadError> {
        let score = self.final_score(dead)?;
        if self.record.void {
            return Ok(Outcome::Void);
        }
        let white = score.white + komi.value();
        let win = |winner, margin| Outcome::Win { winner, margin };
        if score.black > white {
            return Ok(win(Player::Black, score.black - white));
        }
        if white > score.black {
            return Ok(win(Player::White, white - score.black));
        }
        if let (FirstPass::TieBreak, Some((_, passer))) =
            (self.rules.first_pass, self.record.first_pass)
        {
            return Ok(win(passer, HalfPoints::ZERO));
        }
        if self.rules.ties == Ties::BlackWins {
            return Ok(win(Player::Black, HalfPoints::ZERO));
        }
        Ok(Outcome::Tie)
    }
}
