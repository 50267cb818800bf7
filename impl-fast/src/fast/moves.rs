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

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
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
    pub(super) fn eyelike_at(&self, i: usize, c: u8) -> bool {
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
    pub(super) fn diagonals_allow_eye(&self, i: usize, c: u8) -> bool {
        let s = self.lay.stride;
        let (mut opp, mut off) = (0, 0);
        for d in [i - s - 1, i - s + 1, i + s - 1, i + s + 1] {
            let cd = self.colour[d];
            opp += u32::from(cd == 3 - c);
            off += u32::from(cd == GUARD);
        }
        opp + u32::from(off > 0) < 2
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
    pub(super) fn plain_additions(&self, c: u8) -> (Bits, Bits) {
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

    /// Every empty point sorted by what a move of the player to move there would be: legal (and
    /// then whether it captures or suicides) or refused for repetition; nothing if the game is
    /// over. Perft counts its last ply from this without playing (`crate::count::perft`).
    ///
    /// Note: the plain additions of `plain_additions` are legal and capture and suicide
    /// nothing. For every other empty point the verdict is `judge_at`'s, and the effect
    /// is read from chain liberties as `judge_full` reads it: the move captures iff an
    /// opponent chain next to it has it as its only liberty (r[tt.move.clear-opponent]); it
    /// suicides iff it captures nothing, no neighbour is empty and every own chain next to it has
    /// it as its only liberty (r[tt.move.clear-self], r[tt.note.clear-order]). The two exclude each
    /// other: a capture leaves an empty point next to the placed stone.
    pub fn move_classes(&self) -> MoveClasses {
        let mut m = MoveClasses::default();
        if self.record.over {
            return m;
        }
        let c = code_of(self.to_move);
        let (sure, doubt) = self.plain_additions(c);
        m.legal = sure;
        for_each_bit(&doubt, |i| match self.judge_at(i, c) {
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
            Err(_) => {}
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
