//! Chains: joining, placing a stone, capturing, and the list of empty points
//! (r[tt.move], r[tt.move.empty], r[tt.move.clear-opponent], r[tt.move.clear-self], r[tt.clear]).

use super::moves::empty_bytes;
use super::*;

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// Joins the chains with heads `a` and `b` into one ring, keeping the head of the larger;
    /// returns `(kept head, absorbed head)`. Liberties are left alone: [`Self::merge`] adds them
    /// up, [`Self::load_stones`] recomputes them.
    #[inline]
    pub(super) fn join(&mut self, a: usize, b: usize) -> (usize, usize) {
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
    pub(super) fn neighbours(&self, i: usize) -> [usize; 4] {
        let s = self.lay.stride;
        [i - 1, i + 1, i - s, i + s]
    }

    #[inline]
    pub(super) fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.n_empty as u16;
        self.empties[self.n_empty] = i as u16;
        self.n_empty += 1;
    }

    #[inline]
    pub(super) fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[pos] = last;
        self.empty_pos[last as usize] = pos as u16;
    }

    pub(super) fn clear_chain_bits(&self, plane: &mut Bits, hd: usize) {
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
    /// single stone). Every bit it empties in the planes is noted as a change for the history
    /// entry that `finish_move` pushes next, which names the placed stone itself.
    ///
    /// Note (`kind`): a move changes the pseudo-liberties of exactly these chains: the new
    /// stone's (its own, the joined chains', and the points its captures empty), the opponent
    /// chains next to `i` (which lose `i`), and the chains next to a point that `remove_chain`
    /// empties. Each that is still a chain after the move gets its `ONE_LIBERTY` bit right: the
    /// new chain and the opponent chains next to `i` recompute it here; the others have at least
    /// two liberties after the move (see `remove_chain`).
    #[inline(always)]
    pub(super) fn place(&mut self, i: usize, c: u8) -> (TurnReport, usize) {
        self.place_with(i, c, self.neighbour_codes(i))
    }

    /// [`Self::place`] given the neighbour codes of `i` (`Self::neighbour_codes`).
    #[inline(always)]
    pub(super) fn place_with(&mut self, i: usize, c: u8, codes: u32) -> (TurnReport, usize) {
        let cp = plane_of(c);
        let key = Self::key(i, cp);
        // r[tt.move.empty]: colour the point.
        self.colour[i] = c;
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.stones[i] = 1;
        self.chain_hash[i] = key;
        self.planes[cp].set_padded(i);
        self.count[cp] += 1;
        self.hash ^= key;
        self.remove_empty(i);
        self.chain_heads[cp].set_padded(i);
        // One pass over the neighbours: `i` is no longer a pseudo-liberty of the stones next to
        // it, its empty neighbours are the pseudo-liberties of the new stone, its own neighbour
        // chains join it, and its opponent neighbour chains are noted, first occurrence first.
        //
        // Note: this is the three passes it replaces (pseudo-liberties, then joins, then
        // captures) in one, with the same effect. Pseudo-liberties only add up (a join adds the
        // absorbed chain's to the kept head's, see `PseudoLibs`), so removing `i` from a chain
        // before or after a join, or giving the new stone its empty neighbours before the joins
        // (the first thing here), gives the same sums; the joins happen in the same neighbour order, and they read
        // only stone counts, so the rings (and so the order in which a capture empties points,
        // which orders the empty-point list) are the same; and the captures below visit the
        // opponent chains in the order of their first neighbour, as the separate pass did, since
        // emptying one opponent chain changes no other opponent chain.
        //
        // The neighbours' colours are `codes`, read before this move coloured `i`: the move
        // colours no other point before the captures.
        let s = self.lay.stride;
        self.libs[i] = PseudoLibs::of_empty_neighbours(i, &self.lay, empty_bytes(codes));
        let mut opponents = Heads::NONE;
        // The four neighbours, written out (in the order of `neighbours`): each has its own
        // branches, which the processor predicts better than one loop's.
        self.place_side(i, i - 1, codes as u8, c, &mut opponents);
        self.place_side(i, i + 1, (codes >> 16) as u8, c, &mut opponents);
        self.place_side(i, i - s, (codes >> 24) as u8, c, &mut opponents);
        self.place_side(i, i + s, (codes >> 8) as u8, c, &mut opponents);
        // r[tt.move.clear-opponent]: opponent chains without a liberty (r[tt.derived.liberty]).
        let mut captured = 0;
        let mut captured_at = 0;
        for hd in opponents.iter() {
            let hd = hd as usize;
            if self.libs[hd].none() {
                captured_at = hd;
                captured += self.remove_chain(hd);
            } else {
                // It lost the pseudo-liberty `i`.
                self.refresh_kind(hd, 3 - c);
            }
        }
        // r[tt.move.clear-self]: only the chain of `i` can have lost its last liberty.
        let hd = self.head[i] as usize;
        let suicided = if self.libs[hd].none() {
            self.remove_chain(hd)
        } else {
            // The new chain: the stone, the joined chains, the liberties the captures gave it.
            self.refresh_kind(hd, c);
            0
        };
        (TurnReport { captured, suicided }, captured_at)
    }

    /// What placing a stone of code `c` on `i` does at its neighbour `n` (see `place`): an own
    /// chain loses the pseudo-liberty `i` and joins the new stone's, an opponent chain loses it
    /// and is noted.
    #[inline(always)]
    fn place_side(&mut self, i: usize, n: usize, cn: u8, c: u8, opp: &mut Heads) {
        if cn == c {
            let b = self.head[n] as usize;
            self.libs[b].remove(i);
            let a = self.head[i] as usize;
            if a != b {
                self.merge(a, b, plane_of(c));
            }
        } else if cn == 3 - c {
            let hd = self.head[n];
            self.libs[hd as usize].remove(i);
            opp.add(hd);
        }
    }

    /// Joins the chains with heads `a` and `b`, of plane `plane`; returns the head kept.
    /// Pseudo-liberties add up.
    #[inline]
    pub(super) fn merge(&mut self, a: usize, b: usize, plane: usize) -> usize {
        let (keep, gone) = self.join(a, b);
        let gone_libs = self.libs[gone];
        self.libs[keep].merge(&gone_libs);
        // `gone` is no longer a head.
        self.chain_heads[plane].clear_padded(gone);
        keep
    }

    /// Empties the chain with head `hd` (r[tt.clear]) in a move (`place`); returns its number of
    /// stones. Each emptied point becomes a pseudo-liberty of every stone of the other colour
    /// next to it, and a change of the next history entry.
    ///
    /// Note (`kind`): a chain K of the other colour next to an emptied point has at least two
    /// liberties when the move is over, unless it is the placed stone's chain (which `place`
    /// recomputes last), so its `ONE_LIBERTY` bit is cleared without a test. K was on the grid
    /// before the move and had a liberty then (r[tt.derived.every-stone-reaches-empty]); the
    /// move kept it: if K is the mover's, it is not next to the placed point (or it would have
    /// joined the placed stone's chain); if it is the opponent's (a suicide), it had a liberty
    /// besides the placed point (or it would have been captured, and a move that captures
    /// suicides nothing). The emptied point was a stone, so it is a second liberty.
    pub(super) fn remove_chain(&mut self, hd: usize) -> usize {
        let c = self.colour[hd];
        let (cp, o) = (plane_of(c), 3 - c);
        let n = self.stones[hd] as usize;
        self.hash ^= self.chain_hash[hd];
        self.count[cp] -= n as u32;
        self.chain_heads[cp].clear_padded(hd);
        let mut x = hd;
        loop {
            self.colour[x] = EMPTY;
            // An empty point is its own head, of kind `EMPTY`.
            self.head[x] = x as u16;
            self.kind[x] = EMPTY;
            self.planes[cp].clear_padded(x);
            self.history.note_change(x, cp);
            self.add_empty(x);
            for m in self.neighbours(x) {
                if self.colour[m] == o {
                    let hm = self.head[m] as usize;
                    self.libs[hm].add(x);
                    self.kind[hm] = o;
                }
            }
            x = self.next[x] as usize;
            if x == hd {
                break;
            }
        }
        n
    }

    /// Sets the `kind` of the chain head `hd`, of code `c`, from its pseudo-liberties.
    #[inline(always)]
    pub(super) fn refresh_kind(&mut self, hd: usize, c: u8) {
        self.kind[hd] = c | (u8::from(self.libs[hd].one()) * ONE_LIBERTY);
    }
}
