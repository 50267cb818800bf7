//! Bitboards over the padded layout of [`crate::layout`]: one bit per padded index.
//!
//! A 25x25 grid pads to 27 rows of 26 columns, 702 bits, so eleven words hold any grid. The
//! padding column and rows are never set in a colour plane, and [`Bits::neighbours`] masks them
//! out, so a shift by one column or one row never wraps around an edge (r[tt.adjacent]).

/// Words in a bitboard: enough for the padded 25x25 layout.
pub const WORDS: usize = 11;

/// A set of padded indices.
#[derive(Copy, Clone, PartialEq, Eq, Default)]
pub struct Bits(pub [u64; WORDS]);

impl Bits {
    pub const EMPTY: Bits = Bits([0; WORDS]);

    #[inline]
    pub fn set(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn clear(&mut self, i: usize) {
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Flips the bit of `i`.
    #[inline]
    pub fn toggle(&mut self, i: usize) {
        self.0[i >> 6] ^= 1 << (i & 63);
    }

    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The lowest set index, if any.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(wi, &w)| wi * 64 + w.trailing_zeros() as usize)
    }

    /// The set holding only `i`.
    #[inline]
    pub fn single(i: usize) -> Bits {
        let mut b = Bits::EMPTY;
        b.set(i);
        b
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn and(&self, o: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    #[inline]
    pub fn or(&self, o: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }

    #[inline]
    pub fn and_not(&self, o: &Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }

    /// Every index moved up by `k` (`0 < k < 64`).
    #[inline]
    pub fn shl(&self, k: u32) -> Bits {
        let a = &self.0;
        Bits(std::array::from_fn(|i| {
            let carry = if i == 0 { 0 } else { a[i - 1] >> (64 - k) };
            a[i] << k | carry
        }))
    }

    /// Every index moved down by `k` (`0 < k < 64`).
    #[inline]
    pub fn shr(&self, k: u32) -> Bits {
        let a = &self.0;
        Bits(std::array::from_fn(|i| {
            let carry = if i + 1 == WORDS {
                0
            } else {
                a[i + 1] << (64 - k)
            };
            a[i] >> k | carry
        }))
    }

    /// The on-grid points adjacent to some point of `self` (r[tt.adjacent]); `stride` is the padded
    /// row length and `on_grid` the mask of grid points.
    #[inline]
    pub fn neighbours(&self, stride: u32, on_grid: &Bits) -> Bits {
        self.shl(1)
            .or(&self.shr(1))
            .or(&self.shl(stride))
            .or(&self.shr(stride))
            .and(on_grid)
    }

    /// [`Bits::neighbours`] computed on the first `nw` words only, the others left empty, in one
    /// pass over the words (`0 < stride < 64`).
    ///
    /// Note: when `on_grid` (and so every set of grid points) has no bit beyond word `nw`, as the
    /// layout's word count guarantees, [`Bits::neighbours`] has none there either (it is masked
    /// by `on_grid`), and its words below `nw` read only words below `nw` and the bits that the
    /// shifts carry in from word `nw`, which are zero. So the two are equal.
    #[inline]
    pub fn neighbours_within(&self, stride: u32, on_grid: &Bits, nw: usize) -> Bits {
        let a = &self.0;
        let mut out = Bits::EMPTY;
        let (s, r) = (stride, 64 - stride);
        for i in 0..nw.min(WORDS) {
            let below = if i == 0 { 0 } else { a[i - 1] };
            let above = if i + 1 < WORDS { a[i + 1] } else { 0 };
            let w = a[i];
            out.0[i] = ((w << 1 | below >> 63)
                | (w >> 1 | above << 63)
                | (w << s | below >> r)
                | (w >> s | above << r))
                & on_grid.0[i];
        }
        out
    }

    /// The points of `within` connected to `seed` by paths inside `within` (a flood fill; `seed`
    /// must be a subset of `within`).
    ///
    /// Note: each step is `(x | neighbours(x)) & within` on the words up to the last non-zero
    /// word of `within`, `nw`. Beyond it both are zero (`x` stays inside `within`); below it,
    /// [`Bits::neighbours_within`] reads words of `x` below `nw` and the carries from word `nw`,
    /// which is zero, so its words are those of [`Bits::neighbours`].
    pub fn flood(seed: Bits, within: &Bits, stride: u32, on_grid: &Bits) -> Bits {
        debug_assert_eq!(seed.and_not(within), Bits::EMPTY);
        let nw = WORDS - within.0.iter().rev().take_while(|&&w| w == 0).count();
        let mut x = seed;
        loop {
            let mut next = x.neighbours_within(stride, on_grid, nw);
            for (i, w) in next.0[..nw].iter_mut().enumerate() {
                *w = (*w | x.0[i]) & within.0[i];
            }
            if next == x {
                return x;
            }
            x = next;
        }
    }

    /// The set indices, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    None
                } else {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    Some(wi * 64 + b)
                }
            })
        })
    }
}

impl std::fmt::Debug for Bits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_within_the_used_words_are_the_neighbours() {
        // A 25x25 layout (stride 26, 702 padded bits) and a 9x9 one (stride 10, 111 bits).
        for (stride, w, h) in [(26usize, 25usize, 25usize), (10, 9, 9)] {
            let padded = (h + 2) * stride + 1;
            let nw = padded.div_ceil(64);
            let mut g = Bits::EMPTY;
            for y in 1..=h {
                for x in 1..=w {
                    g.set(y * stride + x);
                }
            }
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..200 {
                let mut b = Bits::EMPTY;
                for i in g.iter() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 3 == 0 {
                        b.set(i);
                    }
                }
                let s = stride as u32;
                assert_eq!(b.neighbours_within(s, &g, nw), b.neighbours(s, &g));
            }
        }
    }

    #[test]
    fn flood_is_the_fixed_point_of_neighbours() {
        // Floods within random sets of a 25x25 and a 9x9 layout, against the plain definition.
        for (stride, w, h) in [(26usize, 25usize, 25usize), (10, 9, 9)] {
            let mut g = Bits::EMPTY;
            for y in 1..=h {
                for x in 1..=w {
                    g.set(y * stride + x);
                }
            }
            let s = stride as u32;
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut grew = 0;
            for _ in 0..200 {
                let mut within = Bits::EMPTY;
                for i in g.iter() {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed % 5 < 3 {
                        within.set(i);
                    }
                }
                let Some(first) = within.first() else {
                    continue;
                };
                let mut plain = Bits::single(first);
                loop {
                    let next = plain.or(&plain.neighbours(s, &g)).and(&within);
                    if next == plain {
                        break;
                    }
                    plain = next;
                }
                grew += usize::from(plain.count() > 1);
                assert_eq!(Bits::flood(Bits::single(first), &within, s, &g), plain);
            }
            assert!(grew > 0, "no flood grew");
        }
    }

    #[test]
    fn shifts_carry_across_words() {
        let mut b = Bits::EMPTY;
        b.set(63);
        b.set(640);
        assert_eq!(b.shl(1).iter().collect::<Vec<_>>(), vec![64, 641]);
        assert_eq!(b.shr(26).iter().collect::<Vec<_>>(), vec![37, 614]);
        assert_eq!(b.shl(26).shr(26), b);
        assert_eq!(b.count(), 2);
    }
}
