//! Legal-move generation by bitboards and the allocation-free API for playouts and search
//! (r[verdict.legal-moves]).

use super::*;

/// The empty points of a position sorted by what a move of the player to move there would be
/// ([`FastWith::move_classes`]). `captures` and `suicides` are subsets of `legal`; `repetition`
/// holds the points refused with the reason `ko` or `repetition` (r[var.verdict.order]: a
/// suicide refused as a suicide is not among them).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveClasses {
    pub legal: Bits,
    pub captures: Bits,
    pub suicides: Bits,
    pub repetition: Bits,
}

/// The empty points for a move of one player, split by [`FastWith::move_masks`].
pub(super) struct MoveMasks {
    /// Moves that empty nothing (plain additions).
    pub(super) plain: Bits,
    /// The other empty points: captures, suicides, and moves next to own chains in atari.
    pub(super) other: Bits,
    /// The grid points next to an empty point, and next to an opponent stone.
    pub(super) near_empty: Bits,
    pub(super) near_opponent: Bits,
    /// The single-stone suicides: empty points with no empty neighbour and no neighbour of the
    /// mover's, that are the only liberty of no opponent chain (a subset of `other`).
    pub(super) lone: Bits,
}

/// The lowest bit of each byte of a word of neighbour codes (`FastWith::neighbour_codes`).
const BYTE_LOW: u32 = 0x0101_0101;

/// The orthogonal half of the eyelike test (`FastWith::is_eyelike`) on the neighbour codes: every
/// neighbour is the mover's (code `c`) or a guard.
///
/// Note: the codes are `EMPTY` 0, `BLACK` 1, `WHITE` 2 and `GUARD` 3, so a code is `c` or `GUARD`
/// exactly when it has the bit of `c` (a single bit): the word holds `c`'s bit in every byte.
#[inline(always)]
fn eyelike_by_codes(codes: u32, c: u8) -> bool {
    const _: () = assert!(EMPTY == 0 && BLACK == 1 && WHITE == 2 && GUARD == 3);
    let bits = u32::from(c) * BYTE_LOW;
    codes & bits == bits
}

/// The low bit of each byte of `codes` whose code is `EMPTY` (neither bit set), the others clear.
#[inline(always)]
pub(super) fn empty_bytes(codes: u32) -> u32 {
    !(codes | codes >> 1) & BYTE_LOW
}

/// The low bit of each byte of `codes` whose code is the opponent's of `c` (its bit set, `c`'s
/// clear: not `c`, not `GUARD`), the others clear.
#[inline(always)]
fn opponent_bytes(codes: u32, c: u8) -> u32 {
    let o = 3 - c;
    codes >> (o - 1) & !(codes >> (c - 1)) & BYTE_LOW
}

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    // ---- API for playouts and search (padded vertices, no allocation) ----

    /// The number of empty grid points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.n_empty
    }

    /// The `k`-th empty point, in an order that changes as the game goes.
    ///
    /// # Panics
    ///
    /// If `k >= empty_count()`.
    #[inline]
    pub fn empty_at(&self, k: usize) -> Vertex {
        assert!(
            k < self.n_empty,
            "empty_at({k}) with {} empty points",
            self.n_empty
        );
        Vertex(self.empties[k])
    }

    /// The padded index of `v` if it is an empty grid point of this engine: the check every
    /// public method that takes a [`Vertex`] makes before it indexes anything with it (the
    /// safety contract of `PadArray`).
    ///
    /// Note: `colour` is `GUARD` at every index below `PAD_CAPACITY` that is not a grid point
    /// (construction, `reset` and `clone_from` write it so, and moves change only grid points),
    /// so a checked read of `EMPTY` is an empty grid point.
    #[inline(always)]
    fn empty_grid_index(&self, v: Vertex) -> Option<usize> {
        let i = usize::from(v.0);
        (self.colour.get(i) == Some(EMPTY)).then_some(i)
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

    /// Whether a move on `v` is legal for the player to move: false if `v` is not an empty grid
    /// point. Does not look at whether the game is over.
    #[inline(always)]
    pub fn is_legal_vertex(&self, v: Vertex) -> bool {
        self.empty_grid_index(v)
            .is_some_and(|i| self.judge_at(i, code_of(self.to_move)).is_ok())
    }

    /// Plays the player to move on `v`, which must be a legal move; returns what it did.
    ///
    /// # Panics
    ///
    /// If `v` is not an empty grid point. Other illegal moves are caught only in debug builds:
    /// a release build plays them as the rules of r[tt.move] would, whatever the repetition and
    /// suicide values say.
    #[inline(always)]
    pub fn play_vertex(&mut self, v: Vertex) -> TurnReport {
        let Some(i) = self.empty_grid_index(v) else {
            panic!("play_vertex({v:?}): not an empty grid point");
        };
        debug_assert!(!self.record.over, "the game is over");
        debug_assert!(self.is_legal_vertex(v), "illegal move {v:?}");
        let (report, captured_at) = self.place(i, code_of(self.to_move));
        self.finish_move(i, report, captured_at);
        report
    }

    /// Plays the player to move on `v` if `v` is an empty grid point, not eyelike for them, and
    /// the move is legal; says whether it played. The same as `!is_eyelike(v) &&
    /// is_legal_vertex(v)` followed by `play_vertex(v)`, with the neighbours' colours read once
    /// for the eyelike test and the move (the verdict reads its neighbours' `kind`s): the step of
    /// a light playout's rejection turn. Does not look at whether the game is over.
    ///
    /// Deciding plain additions from the colours alone (an empty neighbour and no opponent one),
    /// before the verdict, saved three instructions a turn but added a branch that mispredicted
    /// 0.7 times a turn (valgrind's branch simulation, 9x9 light playouts) and cost more time
    /// than it saved: the verdict's own table lookup decides them.
    #[inline(always)]
    pub fn play_if_legal_non_eyelike(&mut self, v: Vertex) -> bool {
        match self.empty_grid_index(v) {
            Some(i) => self.playout_step(i),
            None => false,
        }
    }

    /// [`Self::play_if_legal_non_eyelike`] on the `k`-th empty point ([`Self::empty_at`]): the
    /// step of a light playout's rejection turn, which draws a position in the list. The point
    /// needs no check that it is an empty grid point (the list holds exactly those), only its
    /// position one against the list's length.
    ///
    /// # Panics
    ///
    /// If `k >= empty_count()`.
    #[inline(always)]
    pub fn play_empty_if_legal_non_eyelike(&mut self, k: usize) -> bool {
        let i = usize::from(self.empty_at(k).0);
        self.playout_step(i)
    }

    /// [`Self::play_if_legal_non_eyelike`] on the empty grid point `i`.
    #[inline(always)]
    fn playout_step(&mut self, i: usize) -> bool {
        let c = code_of(self.to_move);
        let codes = self.neighbour_codes(i);
        if eyelike_by_codes(codes, c) && self.diagonals_allow_eye(i, c) {
            return false;
        }
        if self.judge_at(i, c).is_err() {
            return false;
        }
        let (report, captured_at) = self.place_with(i, c, codes);
        self.finish_move(i, report, captured_at);
        true
    }

    /// The colour codes of the four neighbours of the empty point `i`, one per byte, lowest
    /// first: `i - 1`, `i + stride`, `i + 1`, `i - stride` (the order of `Layout::offset_sums`).
    ///
    /// Note: one load reads the bytes of `i - 1`, `i`, `i + 1` and `i + 2`; the byte of `i` is
    /// `EMPTY`, 0, which the code of `i + stride` is ORed into, and the byte of `i + 2` is
    /// replaced by the code of `i - stride`.
    #[inline(always)]
    pub(super) fn neighbour_codes(&self, i: usize) -> u32 {
        debug_assert_eq!(self.colour[i], EMPTY);
        let s = self.lay.stride;
        self.colour.word_at(i - 1) & 0x00ff_ffff
            | u32::from(self.colour[i + s]) << 8
            | u32::from(self.colour[i - s]) << 24
    }

    /// Whether `v` is an empty grid point that is "eyelike" for the player to move, as the playout
    /// protocol of the benchmarks defines it: every on-grid orthogonal neighbour is the mover's,
    /// and the opponent holds fewer than two diagonal points (fewer than one if a diagonal is off
    /// the grid). Not a rule: a playout policy.
    #[inline(always)]
    pub fn is_eyelike(&self, v: Vertex) -> bool {
        self.empty_grid_index(v)
            .is_some_and(|i| self.eyelike_at(i, code_of(self.to_move)))
    }

    /// [`Self::is_eyelike`] for the player of code `c`.
    ///
    /// Note: the four neighbour codes are packed into the bytes of one word and tested at once
    /// (see `eyelike_by_codes`).
    #[inline]
    pub(super) fn eyelike_at(&self, i: usize, c: u8) -> bool {
        eyelike_by_codes(self.neighbour_codes(i), c) && self.diagonals_allow_eye(i, c)
    }

    /// The diagonal half of [`Self::is_eyelike`].
    ///
    /// Note: with the four diagonal codes packed as the neighbour codes are, the opponent's
    /// diagonals are the bytes of `opponent_bytes` (low bits 0, 8, 16, 24) and a guard sets bit
    /// 31 of `bad`, a bit of no byte's low bit; "opponent diagonals, plus one if any diagonal is
    /// off the grid, fewer than two" is "`bad` has at most one bit set".
    #[inline]
    pub(super) fn diagonals_allow_eye(&self, i: usize, c: u8) -> bool {
        // The bytes of `i - s - 1` and `i - s + 1`, then those of `i + s - 1` and `i + s + 1`,
        // from two loads of four.
        let s = self.lay.stride;
        let codes = self.colour.word_at(i - s - 1) & 0x00ff_00ff
            | (self.colour.word_at(i + s - 1) & 0x00ff_00ff) << 8;
        let guards = codes & codes >> 1 & BYTE_LOW;
        let bad = opponent_bytes(codes, c) | u32::from(guards != 0) << 31;
        bad & bad.wrapping_sub(1) == 0
    }

    /// Appends the legal, non-eyelike moves of the player to move (see [`Self::is_eyelike`]), in
    /// no particular order. Nothing if the game is over.
    ///
    /// Note: the empty points are split by `Self::move_masks` into plain additions and the rest.
    /// A plain addition with an empty neighbour is never eyelike (eyelike needs every on-grid
    /// neighbour to be the mover's); one without needs the eyelike test only when no neighbour
    /// is the opponent's, which the mask `!N(opponent)` finds for the whole grid at once. Plain
    /// additions are legal unless repetition may forbid them (`Self::plain_may_repeat`, one
    /// test for all of them), and then only a history lookup of their colouring is needed. The
    /// single-stone suicides (`lone` of `Self::move_masks`) are illegal under positional
    /// superko for every suicide value: refused as suicides, or else as a repetition, since the
    /// colouring after one is the current one, an earlier colouring (r[tt.note.single-suicide]),
    /// exactly as `judge_full` decides them. Every other empty point goes through the eyelike
    /// test and the full verdict (`judge_full`).
    pub fn legal_non_eyelike_into(&self, out: &mut Vec<Vertex>) {
        if self.record.over {
            return;
        }
        let c = code_of(self.to_move);
        let m = self.move_masks(c);
        out.reserve(self.n_empty);
        // Plain additions whose every neighbour is the mover's (or off the grid) are eyelike
        // when the diagonals allow it: taken out first, so that the rest is pushed in one pass.
        let eyeish = m.plain.and_not(&m.near_empty).and_not(&m.near_opponent);
        let mut plain = m.plain;
        for_each_bit(&eyeish, |i| {
            if self.diagonals_allow_eye(i, c) {
                plain.clear(i);
            }
        });
        if self.plain_may_repeat(c) {
            for_each_bit(&plain, |i| {
                if self.plain_addition_allowed(i, c) {
                    out.push(Vertex(i as u16));
                }
            });
        } else {
            for_each_bit(&plain, |i| out.push(Vertex(i as u16)));
        }
        // Single-stone suicides are illegal under positional superko whatever the suicide
        // parameter says (see `judge_full`), so they are skipped there without a verdict each.
        let other = if self.single_suicides_repeat() {
            m.other.and_not(&m.lone)
        } else {
            m.other
        };
        for_each_bit(&other, |i| {
            if !self.eyelike_at(i, c) && self.judge_full(i, c).is_ok() {
                out.push(Vertex(i as u16));
            }
        });
    }

    /// The empty points split for a move of code `c`: plain additions and the rest.
    ///
    /// Note (`lone`): a move on an empty point with no empty neighbour and no neighbour of the
    /// mover's, that is the only liberty of no opponent chain, captures nothing
    /// (r[tt.move.clear-opponent]) and leaves the placed stone a chain of one that does not reach
    /// empty (r[tt.reach]): r[tt.move.clear-self] empties exactly it, a single-stone suicide.
    ///
    /// Note: a move on the empty point `p` is a *plain addition* (it empties nothing: the colouring
    /// after it is the current one with one more stone of the mover) exactly when (1) no opponent
    /// chain has `p` as its only liberty, so r[tt.move.clear-opponent] empties nothing (a chain
    /// next to `p` with another liberty keeps it; r[tt.derived.liberty]), and (2) the placed stone
    /// reaches empty afterwards (r[tt.reach]), so r[tt.move.clear-self] empties nothing (the
    /// stone's chain is the only own chain that can lose its last liberty): it has an empty
    /// neighbour, or a neighbouring own chain has a liberty besides `p`. Every own chain next to
    /// `p` has `p` as a liberty, so it has another one unless `p` is its only liberty. With
    /// `atari[k]` the set of the only liberties of the chains of plane `k` that have exactly one,
    /// the plain additions are `E ∧ ¬atari[opponent] ∧ (N(E) ∨ (N(own) ∧ ¬atari[own]))` for the
    /// empty points `E` and `N` the on-grid neighbours of a set (r[tt.adjacent]); a point of
    /// `N(own) ∧ atari[own]` with no empty neighbour may still be plain (another own neighbour
    /// chain may be safe) and is left to the full verdict, which decides it exactly.
    #[inline]
    pub(super) fn move_masks(&self, c: u8) -> MoveMasks {
        let (cp, op) = (plane_of(c), plane_of(3 - c));
        let (stride, nw) = (self.lay.stride as u32, self.lay.words);
        let g = &self.on_grid;
        let empty = g.and_not(&self.planes[0].or(&self.planes[1]));
        let atari = self.atari_liberties();
        let near_empty = empty.neighbours_within(stride, g, nw);
        let near_own = self.planes[cp].neighbours_within(stride, g, nw);
        let safe_own = near_own.and_not(&atari[cp]);
        let plain = empty.and(&near_empty.or(&safe_own)).and_not(&atari[op]);
        MoveMasks {
            other: empty.and_not(&plain),
            plain,
            near_empty,
            near_opponent: self.planes[op].neighbours_within(stride, g, nw),
            lone: empty
                .and_not(&near_empty)
                .and_not(&near_own)
                .and_not(&atari[op]),
        }
    }

    /// For each plane (`[black, white]`), the only liberties of its chains that have exactly one.
    ///
    /// Note: a chain has exactly one liberty iff its pseudo-liberties are `n > 0` copies of one
    /// point (see [`PseudoLibs`]); that point is then their sum divided by `n`. `chain_heads`
    /// holds exactly the heads of the chains of each plane (set when a stone is placed, cleared
    /// when its chain is absorbed by a merge or emptied; the invariant checker recomputes it), so
    /// visiting its bits visits each chain once.
    pub(super) fn atari_liberties(&self) -> [Bits; 2] {
        let mut out = [Bits::EMPTY; 2];
        for (k, heads) in self.chain_heads.iter().enumerate() {
            let atari = &mut out[k];
            for_each_bit(heads, |hd| {
                let l = &self.libs[hd];
                if l.one() {
                    atari.set(l.only_liberty());
                }
            });
        }
        out
    }

    /// Whether the plain addition of a stone of code `c` on `i` (see `Self::move_masks`) is
    /// allowed by repetition: its colouring is the current one plus the stone, looked up in the
    /// history exactly as [`Self::judge_full`] does for a move that empties nothing.
    #[inline]
    pub(super) fn plain_addition_allowed(&self, i: usize, c: u8) -> bool {
        self.plain_addition_verdict(i, c).is_ok()
    }

    /// The legal moves of the player to move as a bitboard of vertices (empty if the game is
    /// over).
    ///
    /// Note: the plain additions of `Self::move_masks` are legal unless repetition forbids
    /// their colouring (one count test for all of them, then a lookup each); every other empty
    /// point gets the full verdict.
    pub fn legal_bits(&self) -> Bits {
        if self.record.over {
            return Bits::EMPTY;
        }
        let c = code_of(self.to_move);
        let m = self.move_masks(c);
        let mut legal = if self.plain_may_repeat(c) {
            let mut legal = Bits::EMPTY;
            for_each_bit(&m.plain, |i| {
                if self.plain_addition_allowed(i, c) {
                    legal.set(i);
                }
            });
            legal
        } else {
            m.plain
        };
        for_each_bit(&m.other, |i| {
            if self.judge_full(i, c).is_ok() {
                legal.set(i);
            }
        });
        legal
    }

    /// Every empty point sorted by what a move of the player to move there would be: legal (and
    /// then whether it captures or suicides) or refused for repetition; nothing if the game is
    /// over. Perft counts its last ply from this without playing (`crate::count::perft`).
    ///
    /// Note: the plain additions of `Self::move_masks` capture and suicide nothing, and are
    /// legal unless repetition forbids their colouring (as [`Self::legal_bits`] decides it; a
    /// refusal there is for repetition, never for suicide). For every other empty point the
    /// verdict is `judge_full`'s, and the effect is read from chain liberties as `judge_full`
    /// reads it: the move captures iff an opponent chain next to it has it as its only liberty
    /// (r[tt.move.clear-opponent]); it suicides iff it captures nothing, no neighbour is empty and
    /// every own chain next to it has it as its only liberty (r[tt.move.clear-self],
    /// r[tt.note.clear-order]). The two exclude each other: a capture leaves an empty point next
    /// to the placed stone.
    pub fn move_classes(&self) -> MoveClasses {
        let mut m = MoveClasses::default();
        if self.record.over {
            return m;
        }
        let c = code_of(self.to_move);
        let masks = self.move_masks(c);
        if self.plain_may_repeat(c) {
            for_each_bit(&masks.plain, |i| {
                if self.plain_addition_allowed(i, c) {
                    m.legal.set(i);
                } else {
                    m.repetition.set(i);
                }
            });
        } else {
            m.legal = masks.plain;
        }
        for_each_bit(&masks.other, |i| match self.judge_full(i, c) {
            Ok(()) => {
                m.legal.set(i);
                let (captures, suicides) = self.effect_at(i, c);
                if captures {
                    m.captures.set(i);
                }
                if suicides {
                    m.suicides.set(i);
                }
            }
            Err(
                Illegal::Ko
                | Illegal::Repetition
                | Illegal::SituationalRepetition
                | Illegal::NaturalRepetition,
            ) => m.repetition.set(i),
            // `judge_full` is not asked about an occupied or off-grid point or after the end.
            Err(
                Illegal::GameOver
                | Illegal::OffGrid
                | Illegal::Occupied
                | Illegal::SingleStoneSuicide
                | Illegal::Suicide,
            ) => {}
        });
        m
    }

    /// Whether a move of code `c` on the empty grid point `i` would capture, and whether it would
    /// suicide (see the Note on [`Self::move_classes`]).
    fn effect_at(&self, i: usize, c: u8) -> (bool, bool) {
        let (mut captures, mut alive) = (false, false);
        for n in self.neighbours(i) {
            let cn = self.colour[n];
            if cn == EMPTY {
                alive = true;
            } else if cn == c {
                alive |= !self.libs[self.head[n] as usize].one();
            } else if cn == 3 - c {
                captures |= self.libs[self.head[n] as usize].one();
            }
        }
        (captures, !captures && !alive)
    }

    /// The zobrist hash of the colouring (restricted to `HASH_BITS`).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// How many colourings (or situations) the history holds (see the field's documentation).
    pub fn history_len(&self) -> usize {
        self.history.len()
    }
}
