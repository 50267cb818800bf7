//! The engine: mailbox, bit planes, incremental chains with exact liberty counts, zobrist hash,
//! exact history of colourings (or situations), and the few facts of the game record that the
//! rule variants read (Part II of the spec), kept as counters.
//!
//! This module holds the state ([`FastWith`]), its construction and reset; the methods live in
//! submodules by what they do:
//!
//! | module | what | spec |
//! | --- | --- | --- |
//! | `chains` | joining chains, placing a stone, capturing, the list of empty points | r[tt.move], r[tt.clear] |
//! | `judge` | the verdict on a move without playing it | r[tt.turn.repetition], sections 11–12, r[var.verdict.order] |
//! | `moves` | legal-move generation by bitboards; the playout API (vertices, no allocation) | r[verdict.legal-moves] |
//! | `record` | what a turn changes besides the grid: counters, the end | r[tt.end], section 13 |
//! | `repetition` | the one reader of the repetition parameter: what the history keeps, the ko state, the cycle rule, the button's new history, the repetition verdicts | r[tt.turn.repetition], section 11, r[var.first-pass.button.new-history] |
//! | `score` | scoring by flood fills with dead stones and taxes | r[tt.score], r[var.score.final] |
//! | `life` | pass-alive chains and territory by flood fills: Benson's elimination | Part IV, r[life.area] |
//! | `start` | how a game starts: the setup's stones, the empty grid that a reset copies | r[tt.start], r[var.setup] |
//! | `invariants` | [`FastWith::assert_invariants`]: everything derived, recomputed and compared | — |
//! | `engine` | the `Engine` trait over the above | — |

use crate::bits::Bits;
use crate::history::{self, History, NO_STONE};
use crate::layout::{self, Layout, PadArray, MAX_PADDED};
use crate::zobrist::{self, TAG_KEYS};
use std::fmt;
use std::sync::Arc;
use ttrules_spec::{
    Colour, Counting, DeadError, End, Engine, FirstPass, Grid, HalfPoints, HandicapCompensation,
    Illegal, Komi, Move, Outcome, PassAlive, PassStones, Player, Point, Prisoners, Repetition,
    ResumeError, Rules, Score, Setup, SetupError, Size, Suicide, Tax, Ties, TurnReport,
};

mod chains;
mod engine;
mod invariants;
mod judge;
mod life;
mod moves;
mod record;
mod repetition;
mod score;
mod start;

use start::Blank;

pub use moves::MoveClasses;
pub(crate) use repetition::moves_may_end_game;

/// Colour codes of the mailbox. A stone's plane index is its code minus one.
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
/// A padded index that is not a grid point.
pub(crate) const GUARD: u8 = 3;
/// The bit of a chain head's `kind` that says the chain has exactly one liberty.
pub(crate) const ONE_LIBERTY: u8 = 4;

/// One history entry in `2^HISTORY_KEYFRAME_SHIFT` is stored whole, the others as their changes
/// (see `history`): a hash hit rebuilds a colouring from at most 31 entries' changes.
const HISTORY_KEYFRAME_SHIFT: u32 = 5;

/// How many empty grids (`FastWith::blanks`) an engine keeps.
const BLANKS: usize = 4;

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
    /// The game has ended (r[tt.end], r[var.end.white-last], r[var.end.repeated-pass],
    /// r[var.ko.simple.cycle]).
    over: bool,
    /// Under r[var.first-pass.button.new-history], once the button is taken: the turn index b of
    /// the button pass and the number of passes made up to and including it.
    new_history: Option<(u32, u32)>,
    /// r[end.resume]: when play last resumed after the end, the turns and the passes made by then;
    /// the passes before count for nothing toward the end.
    resumed: Option<(u32, u32)>,
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
            new_history: None,
            resumed: None,
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
    /// For a stone: the head (representative stone) of its chain. For an empty point or a guard:
    /// the point itself, so that `kind[head[n]]` describes any neighbour `n`.
    head: PadArray<u16>,
    /// For a stone: the next stone of its chain, in a ring.
    next: PadArray<u16>,
    /// For a chain head: its pseudo-liberties (see [`PseudoLibs`]).
    libs: PadArray<PseudoLibs>,
    /// What the verdict's fast path reads of a point through `head` (see `Self::judge_at`):
    /// for a chain head, its colour code, with `ONE_LIBERTY` set when the chain has exactly one
    /// liberty (`libs[hd].one()`); for an empty point or a guard, its colour code (`EMPTY`,
    /// `GUARD`). Refreshed wherever a head's pseudo-liberties change (see `chains`), and where a
    /// point is emptied. Meaningless for a stone that is not a head.
    kind: PadArray<u8>,
    /// For a chain head: the number of stones.
    stones: PadArray<u16>,
    /// For a chain head: the XOR of the zobrist keys of its stones.
    chain_hash: PadArray<u64>,
    /// For each plane (`[black, white]`): the heads of its chains, so that the whole-board masks
    /// visit each chain once instead of every stone.
    chain_heads: [Bits; 2],
    /// One bit plane per colour: `[black, white]`.
    planes: [Bits; 2],
    /// Stones per colour: `[black, white]`.
    count: [u32; 2],
    /// The empty grid points (padded indices) in no particular order, and where each sits. The
    /// list is indexed by position (below `MAX_AREA`, so below `PAD_CAPACITY` too: a
    /// [`PadArray`] serves it, without bounds checks).
    empties: PadArray<u16>,
    n_empty: usize,
    empty_pos: PadArray<u16>,
    /// The zobrist hash of the colouring.
    hash: u64,
    /// The empty grid of `lay`, which [`Self::reset`] copies.
    blank: Arc<Blank>,
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
    ///
    /// Under r[var.first-pass.button.new-history] it restarts at the button pass.
    history: History,
    /// Under r[var.end.repeated-pass]: the colouring at the start of every pass that counts,
    /// tagged with the passer.
    passed: History,
    /// Under r[var.first-pass.button.new-history], for one turn after a White pass in the opening
    /// took the button: the history and the passes as an ordinary pass would have left them, for
    /// when a Black move makes that pass a handicap pass (r[var.handicap]) after all.
    button_backup: Option<Box<(History, History)>>,
    /// The empty grids of the last sizes [`Self::restart`] met (at most `BLANKS`, the newest
    /// last), so that records of alternating sizes build each one once.
    blanks: Vec<Arc<Blank>>,
}

/// The pseudo-liberties of a chain: its (stone, empty neighbour) adjacencies, an empty point
/// counted once per stone of the chain next to it. Kept as their number `n`, the sum `sum` of
/// the empty points' indices and the sum `sq` of their squares, so that a merge adds and a move
/// or a capture adds or removes one adjacency at a time, with no test for points counted twice.
///
/// Note: the rules only ask whether a chain has no liberty (r[tt.derived.liberty]: it does not
/// reach empty, r[tt.reach]), exactly one, or more. It has none iff `n == 0`; exactly one iff
/// `n > 0` and every pseudo-liberty is the same point, which (Cauchy-Schwarz, equality iff all
/// terms are equal) holds iff `n * sq == sum * sum`. The invariant checker compares both facts
/// with exact liberty sets.
///
/// Note (packing): the three are the fields of one word, `n` in bits 0 to 10, `sum` in bits 11
/// to 31 and `sq` in bits 32 to 63, so that adding or subtracting words adds or subtracts every
/// field at once: no field ever leaves its bits, so no carry or borrow crosses into the next.
/// The adjacencies of a chain are distinct edges of the grid (a stone and an empty point), of
/// which a 25x25 grid has 1,200, and this holds at every step of a move too (the placed point
/// is a grid point, still empty for its neighbours' chains until `place` removes it); padded
/// indices of grid points are at most 701. So `n <= 1,200 < 2^11`,
/// `sum <= 1,200 * 701 < 2^21` and `sq <= 1,200 * 701^2 < 2^32`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PseudoLibs(u64);

impl PseudoLibs {
    const ZERO: PseudoLibs = PseudoLibs(0);
    const SUM_SHIFT: u32 = layout::PACKED_SUM_SHIFT;
    const SQ_SHIFT: u32 = layout::PACKED_SQ_SHIFT;

    /// One adjacency with the point `p`, from a table (one load instead of a multiplication
    /// and three shifts and ORs): `p` must be a padded index.
    #[inline(always)]
    fn of_point(p: usize) -> u64 {
        /// `ONE_ADJACENCY[p]`: the packed word of `n = 1`, `sum = p`, `sq = p²`.
        static ONE_ADJACENCY: [u64; MAX_PADDED] = {
            let mut t = [0; MAX_PADDED];
            let mut p = 0;
            while p < MAX_PADDED {
                let q = p as i64;
                t[p] = layout::packed_sums(1, q, q * q);
                p += 1;
            }
            t
        };
        debug_assert!(p < MAX_PADDED, "padded index {p} out of range");
        // SAFETY: `p < MAX_PADDED`, the safety contract of `PadArray`.
        unsafe { *ONE_ADJACENCY.get_unchecked(p) }
    }

    #[inline(always)]
    fn add(&mut self, p: usize) {
        self.0 += Self::of_point(p);
    }

    #[inline(always)]
    fn remove(&mut self, p: usize) {
        self.0 -= Self::of_point(p);
    }

    #[inline(always)]
    fn merge(&mut self, o: &PseudoLibs) {
        self.0 += o.0;
    }

    #[inline(always)]
    fn n(&self) -> u64 {
        self.0 & ((1 << Self::SUM_SHIFT) - 1)
    }

    #[inline(always)]
    fn sum(&self) -> u64 {
        (self.0 >> Self::SUM_SHIFT) & ((1 << (Self::SQ_SHIFT - Self::SUM_SHIFT)) - 1)
    }

    #[inline(always)]
    fn sq(&self) -> u64 {
        self.0 >> Self::SQ_SHIFT
    }

    /// Whether the chain has no liberty.
    #[inline(always)]
    fn none(&self) -> bool {
        self.n() == 0
    }

    /// Whether the chain has exactly one liberty.
    #[inline(always)]
    fn one(&self) -> bool {
        let n = self.n();
        (n > 0) & (n * self.sq() == self.sum() * self.sum())
    }

    /// The liberty of a chain with exactly one ([`Self::one`]): every pseudo-liberty is it.
    #[inline(always)]
    fn only_liberty(&self) -> usize {
        (self.sum() / self.n()) as usize
    }

    /// The pseudo-liberties of a lone stone on `i` whose empty neighbours are the bytes set in
    /// `empty` (the low bit of byte `j` for the `j`-th of `i - 1`, `i + stride`, `i + 1`,
    /// `i - stride`, as in `neighbour_codes`), without a branch on any of them (random colours
    /// make such branches mispredict).
    ///
    /// Note: with the empty neighbours at `i + d` for the offsets `d` in `D`, there are `|D|` of
    /// them, their sum is `|D| i + Σd` and the sum of their squares is
    /// `Σ (i + d)² = |D| i² + 2 i Σd + Σd²`. Packed (see [`PseudoLibs`]), that is the
    /// polynomial `at0 + i (at1 + i at2)` of the layout's table (`Layout::offset_sums`), whose
    /// coefficients are the packed words of `(|D|, Σd, Σd²)`, `(0, |D|, 2 Σd)` and `(0, 0, |D|)`.
    /// Packing is additive and the true fields are within their bits, so the wrapping arithmetic
    /// gives the packed word of the true sums.
    #[inline(always)]
    fn of_empty_neighbours(i: usize, lay: &Layout, empty: u32) -> PseudoLibs {
        // Gathers bits 0, 8, 16 and 24 into bits 24 to 27: the partial products land on distinct
        // bits, so nothing carries into them.
        let set = (empty.wrapping_mul(0x0102_0408) >> 24) as usize & 15;
        let d = &lay.offset_sums[set];
        let i = i as u64;
        PseudoLibs(
            d.at0
                .wrapping_add(i.wrapping_mul(d.at1.wrapping_add(i.wrapping_mul(d.at2)))),
        )
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

/// Note: `Player` is a fieldless enum, Black = 0 and White = 1, so this is `BLACK` for Black
/// and `WHITE` for White, without a branch.
#[inline]
fn code_of(player: Player) -> u8 {
    const _: () = assert!(Player::Black as u8 + 1 == BLACK && Player::White as u8 + 1 == WHITE);
    player as u8 + 1
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

    /// The heads, in the order they were added (the same as `as_slice`, without its bounds
    /// check).
    #[inline]
    fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.h.iter().copied().take(self.n)
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
        zobrist::key(i, plane) & Self::HASH_MASK
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
        let (on_grid, colour) = Self::empty_mailbox(&lay);
        let blank = Blank::new(size, &lay, on_grid, &colour);
        let mut e = FastWith {
            size,
            rules,
            lay,
            on_grid,
            colour,
            head: Self::identity(),
            next: PadArray::filled(0),
            libs: PadArray::filled(PseudoLibs::ZERO),
            kind: colour,
            stones: PadArray::filled(0),
            chain_hash: PadArray::filled(0),
            chain_heads: [Bits::EMPTY; 2],
            planes: [Bits::EMPTY; 2],
            count: [0; 2],
            empties: PadArray::filled(0),
            n_empty: 0,
            empty_pos: PadArray::filled(0),
            hash: 0,
            blank: Arc::clone(&blank),
            blanks: vec![blank],
            to_move: start.to_move,
            start,
            record: Record::new(start.empty),
            history: History::new(lay.words, size.area(), Self::keyframe_shift(rules)),
            passed: History::new(lay.words, size.area(), 0),
            button_backup: None,
        };
        e.reset();
        e
    }

    /// Every padded index its own head: what `head` holds for a grid with no stone.
    fn identity() -> PadArray<u16> {
        PadArray(std::array::from_fn(|i| i as u16))
    }

    /// The grid points of `lay` as bits, and the mailbox of its empty grid (guards around).
    fn empty_mailbox(lay: &Layout) -> (Bits, PadArray<u8>) {
        let mut on_grid = Bits::EMPTY;
        let mut colour = PadArray::filled(GUARD);
        for y in 0..lay.h {
            for x in 0..lay.w {
                let i = lay.pad_xy(x, y);
                on_grid.set(i);
                colour[i] = EMPTY;
            }
        }
        (on_grid, colour)
    }

    /// r[var.setup]: the setup colouring must be a legal position.
    ///
    /// Note: a stone reaches empty (r[tt.reach]) exactly when its chain has a liberty
    /// (r[tt.derived.liberty]); the first stone in point-index order whose chain has none is the
    /// one reported, as the reference reports the first such point.
    fn check_setup(&self) -> Result<(), SetupError> {
        // Every chain has a liberty (the usual case) when every head's chain has one.
        let mut none = false;
        for_each_bit(&self.chain_heads[0].or(&self.chain_heads[1]), |h| {
            none |= self.libs[h].none();
        });
        if !none {
            return Ok(());
        }
        let planes = &self.start.planes;
        match planes[0]
            .or(&planes[1])
            .iter()
            .find(|&i| self.libs[self.head[i] as usize].none())
        {
            Some(i) => Err(SetupError::StoneWithoutPath(self.lay.point(i))),
            None => Ok(()),
        }
    }

    /// A new game from `setup` under `rules` in this engine: the game [`Engine::from_setup`]
    /// starts, without building a new engine. On an error the engine holds that setup's
    /// (illegal) position and must be restarted before it is played.
    ///
    /// Note: what construction alone sets is the layout and the mailbox's guards (by the size)
    /// and the histories' form (by the size and the repetition parameter): they are set here as
    /// construction sets them when they change (the histories reformed in their buffers,
    /// `History::reform`). `Self::reset` then rewrites everything else a
    /// game reads from its start (the mailbox's grid points, the empty-point list, the planes,
    /// chains and liberties of the setup stones, the hash, the record counters, both
    /// histories); the per-point arrays of points that hold no stone are never read before a
    /// stone is placed there. `tests/restart.rs` compares restarted engines with new ones after
    /// every turn, the invariant checker included.
    pub fn restart(&mut self, setup: &Setup, rules: Rules) -> Result<(), SetupError> {
        let size = setup.grid.size();
        let resized = size != self.size;
        if resized {
            self.size = size;
            self.blank = self.blank_of(size);
            // The layout, the grid points and the empty mailbox of the size, kept with its empty
            // grid. The new mailbox holds no stone: so do the planes [`Self::reset`] clears it
            // by, and every point is its own head, of its own colour's kind.
            let blank = &*self.blank;
            self.lay = blank.lay;
            self.on_grid = blank.on_grid;
            self.colour.0 = blank.colour;
            self.planes = [Bits::EMPTY; 2];
            self.head.0 = blank.head;
            self.kind = self.colour;
            self.passed.reform(self.lay.words, size.area(), 0);
        }
        let shift = Self::keyframe_shift(rules);
        if resized || shift != Self::keyframe_shift(self.rules) {
            self.history.reform(self.lay.words, size.area(), shift);
        }
        self.rules = rules;
        self.start = Self::start_of(setup, &self.lay);
        self.reset();
        self.check_setup()
    }

    /// The empty grid of `size` (with its layout, grid points and empty mailbox): the one kept
    /// in `blanks`, or a new one, kept there.
    ///
    /// Note: a `Blank` is made from the layout, the grid points and the empty mailbox alone, and
    /// all three from the size alone (`Layout::new`, `Self::empty_mailbox`), so the one kept for
    /// a size is the one `Blank::new` would make again.
    fn blank_of(&mut self, size: Size) -> Arc<Blank> {
        if let Some(b) = self.blanks.iter().find(|b| b.size == size) {
            return Arc::clone(b);
        }
        let lay = Layout::new(size);
        let (on_grid, colour) = Self::empty_mailbox(&lay);
        let b = Blank::new(size, &lay, on_grid, &colour);
        if self.blanks.len() >= BLANKS {
            self.blanks.remove(0);
        }
        self.blanks.push(Arc::clone(&b));
        b
    }

    /// Back to the start of the game (r[tt.start], r[var.setup]), keeping every buffer: no
    /// allocation.
    ///
    /// Note: the mailbox, the heads and the kinds of the empty grid, and the empty-point list in
    /// point-index order (as construction builds it), are copied from the layout's `Blank` over
    /// the padded indices in use (the list over its `W * H` positions). Past them every entry is
    /// a guard of its own head, as construction (or a resize in [`Self::restart`]) left it, which
    /// no move changes; `empty_pos` is read only at empty grid points.
    pub fn reset(&mut self) {
        let lay = self.lay;
        let (n, area) = (lay.padded, lay.h * lay.w);
        let blank = &*self.blank;
        self.colour.0[..n].copy_from_slice(&blank.colour[..n]);
        self.kind.0[..n].copy_from_slice(&blank.colour[..n]);
        self.head.0[..n].copy_from_slice(&blank.head[..n]);
        self.empty_pos.0[..n].copy_from_slice(&blank.empty_pos[..n]);
        self.empties.0[..area].copy_from_slice(&blank.empties[..area]);
        self.n_empty = area;
        self.planes = [Bits::EMPTY; 2];
        self.chain_heads = [Bits::EMPTY; 2];
        self.count = [0; 2];
        self.hash = 0;
        if !self.start.empty {
            let planes = self.start.planes;
            self.load_stones(&planes);
        }
        self.to_move = self.start.to_move;
        self.record = Record::new(self.start.empty);
        self.history.clear();
        self.passed.clear();
        self.button_backup = None;
        self.history_at_start();
    }

    /// Records the current colouring with `tag` in the history; `placed` is the change code of
    /// the stone the move that made it placed (`history::NO_STONE` after no move).
    #[inline(always)]
    fn push_history(&mut self, tag: u8, placed: u16) {
        self.push_history_shared(tag, placed);
    }

    /// [`Self::push_history`], and whether the entry's slot held an earlier entry
    /// (`History::push`: when it did not, no earlier entry equals it).
    #[inline(always)]
    fn push_history_shared(&mut self, tag: u8, placed: u16) -> bool {
        self.history.push(
            self.hash ^ Self::tag_key(tag),
            self.count,
            tag,
            &self.planes,
            placed,
        )
    }

    /// Puts the stones of `planes` on the empty grid and builds their chains and liberties from
    /// scratch (the chains may have no liberty: [`Engine::from_setup`] refuses those).
    ///
    /// Note: every two adjacent stones of a colour are joined once, from the later of the two in
    /// padded order (its neighbours at `i - 1` and `i - stride`), so the rings are the connected
    /// components of each plane, as joining from all four sides makes them. A plane's stones are
    /// put and joined in one pass, in padded order: a stone's two earlier neighbours are already
    /// put if they are of its plane, and a stone of the other plane is never joined to it, put
    /// yet or not (its code is another, or still `EMPTY`); the joins are the ones, in the order,
    /// of a pass over all the stones after all are put, since a join reads and changes only
    /// chains of its own plane.
    fn load_stones(&mut self, planes: &[Bits; 2]) {
        let s = self.lay.stride;
        for (k, plane) in planes.iter().enumerate() {
            let c = k as u8 + 1;
            for_each_bit(plane, |i| {
                debug_assert!(self.lay.on_grid(i));
                let key = Self::key(i, k);
                self.colour[i] = c;
                self.head[i] = i as u16;
                self.next[i] = i as u16;
                self.stones[i] = 1;
                self.chain_hash[i] = key;
                self.libs[i] = PseudoLibs::ZERO;
                self.hash ^= key;
                self.remove_empty(i);
                for n in [i - 1, i - s] {
                    if self.colour[n] == c && self.head[n] != self.head[i] {
                        self.join(self.head[i] as usize, self.head[n] as usize);
                    }
                }
            });
            self.planes[k] = self.planes[k].or(plane);
            self.count[k] += plane.count();
        }
        let stones = planes[0].or(&planes[1]);
        for_each_bit(&stones, |i| {
            let hd = self.head[i] as usize;
            for n in self.neighbours(i) {
                if self.colour[n] == EMPTY {
                    self.libs[hd].add(n);
                }
            }
        });
        for (k, plane) in planes.iter().enumerate() {
            for_each_bit(plane, |i| {
                if self.head[i] as usize == i {
                    self.chain_heads[k].set(i);
                    self.refresh_kind(i, k as u8 + 1);
                }
            });
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
            kind: self.kind,
            stones: self.stones,
            chain_hash: self.chain_hash,
            chain_heads: self.chain_heads,
            planes: self.planes,
            count: self.count,
            empties: self.empties,
            n_empty: self.n_empty,
            empty_pos: self.empty_pos,
            hash: self.hash,
            blank: Arc::clone(&self.blank),
            blanks: self.blanks.clone(),
            to_move: self.to_move,
            start: self.start,
            record: self.record,
            history: self.history.clone(),
            passed: self.passed.clone(),
            button_backup: self.button_backup.clone(),
        }
    }

    /// Copies only the part of the arrays the grid uses, and reuses the history's buffers: a
    /// search that keeps one engine per depth copies without allocating.
    ///
    /// Note: the arrays are copied as far as either layout reaches, so that a smaller source
    /// leaves no grid point of the larger layout behind (`colour` must be `GUARD` off the grid:
    /// the safety contract of `PadArray`).
    fn clone_from(&mut self, src: &Self) {
        let n = src.lay.padded.max(self.lay.padded);
        self.size = src.size;
        self.rules = src.rules;
        self.lay = src.lay;
        self.on_grid = src.on_grid;
        self.colour.0[..n].copy_from_slice(&src.colour.0[..n]);
        self.head.0[..n].copy_from_slice(&src.head.0[..n]);
        self.next.0[..n].copy_from_slice(&src.next.0[..n]);
        self.libs.0[..n].copy_from_slice(&src.libs.0[..n]);
        self.kind.0[..n].copy_from_slice(&src.kind.0[..n]);
        self.stones.0[..n].copy_from_slice(&src.stones.0[..n]);
        self.chain_hash.0[..n].copy_from_slice(&src.chain_hash.0[..n]);
        self.chain_heads = src.chain_heads;
        self.planes = src.planes;
        self.count = src.count;
        self.empties.0[..src.n_empty].copy_from_slice(&src.empties.0[..src.n_empty]);
        self.n_empty = src.n_empty;
        self.empty_pos.0[..n].copy_from_slice(&src.empty_pos.0[..n]);
        self.hash = src.hash;
        self.blank.clone_from(&src.blank);
        // `blanks` is left as it is: each grid in it is still the empty grid of its size.
        self.to_move = src.to_move;
        self.start = src.start;
        self.record = src.record;
        self.history.clone_from(&src.history);
        self.passed.clone_from(&src.passed);
        self.button_backup.clone_from(&src.button_backup);
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
