//! Bitboards over the padded layout of [`crate::layout`]: one bit per padded index.
//!
//! A 25x25 grid pads to 27 rows of 26 columns, 702 bits, so eleven words hold any grid. The
//! padding column and rows are never set in a colour plane, and [`Bits::neighbours`] masks them
//! out, so a shift by one column or one row never wraps around an edge (r[tt.adjacent]).

use crate::layout::MAX_PADDED;

/// Words in a bitboard: enough for the padded 25x25 layout.
pub const WORDS: usize = 11;
const _: () = assert!(MAX_PADDED <= WORDS * 64);

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

    /// [`Self::set`] for a padded index `i` of the crate's engine, unchecked in release builds
    /// (the safety contract of `crate::layout::PadArray`, which every such index keeps).
    #[inline(always)]
    pub(crate) fn set_padded(&mut self, i: usize) {
        debug_assert!(i < MAX_PADDED, "padded index {i} out of range");
        // SAFETY: `i < MAX_PADDED <= WORDS * 64`, so `i >> 6 < WORDS`.
        unsafe { *self.0.get_unchecked_mut(i >> 6) |= 1 << (i & 63) }
    }

    /// [`Self::clear`] for a padded index, as [`Self::set_padded`].
    #[inline(always)]
    pub(crate) fn clear_padded(&mut self, i: usize) {
        debug_assert!(i < MAX_PADDED, "padded index {i} out of range");
        // SAFETY: as for `set_padded`.
        unsafe { *self.0.get_unchecked_mut(i >> 6) &= !(1 << (i & 63)) }
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

    /// The `n` bits from index `i` (`n < 64`, `i + n` at most `WORDS * 64`): bit `j` of the
    /// answer is bit `i + j`, read from the (at most two) words they lie in.
    #[inline(always)]
    pub fn bits_at(&self, i: usize, n: u32) -> u64 {
        let (w, s) = (i >> 6, (i & 63) as u32);
        let mut v = self.0[w] >> s;
        if s != 0 && w + 1 < WORDS {
            v |= self.0[w + 1] << (64 - s);
        }
        v & ((1u64 << n) - 1)
    }

    /// Sets the bits of `mask` moved up to start at index `i`: bit `j` of `mask` sets bit
    /// `i + j` (each below `WORDS * 64`).
    #[inline(always)]
    pub fn or_at(&mut self, i: usize, mask: u64) {
        let (w, s) = (i >> 6, (i & 63) as u32);
        self.0[w] |= mask << s;
        if s != 0 && mask >> (64 - s) != 0 {
            self.0[w + 1] |= mask >> (64 - s);
        }
    }

    /// How many indices are set.
    ///
    /// Note: the build targets baseline x86-64, where `count_ones` is a dozen instructions a
    /// word; on a CPU with `popcnt` (every x86-64 CPU of the last fifteen years) the same sum is
    /// taken with that instruction, one a word.
    #[inline]
    pub fn count(&self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has `popcnt`, checked just above.
            return unsafe { count_popcnt(&self.0) };
        }
        count_words(&self.0)
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
    ///
    /// Note: the words are computed up to the last non-zero word of `on_grid`, `nw`, with that
    /// count fixed at compile time for the padded 19x19, 13x13 and 9x9 layouts (the private
    /// `Bits::neighbours_words`). Beyond it the result is zero, being masked by `on_grid`; below
    /// it each word reads the word of `self` below and above it, as the shifts of the whole set
    /// do, so it is the word of [`Bits::neighbours_of_shifts`].
    #[inline]
    pub fn neighbours(&self, stride: u32, on_grid: &Bits) -> Bits {
        let nw = WORDS - on_grid.0.iter().rev().take_while(|&&w| w == 0).count();
        match (nw, stride) {
            (7, 20) => self.neighbours_words::<7>(20, on_grid),
            (4, 14) => self.neighbours_words::<4>(14, on_grid),
            (2, 10) => self.neighbours_words::<2>(10, on_grid),
            _ => self.neighbours_words::<WORDS>(stride, on_grid),
        }
    }

    /// [`Bits::neighbours`] as four shifts of the whole set.
    pub fn neighbours_of_shifts(&self, stride: u32, on_grid: &Bits) -> Bits {
        self.shl(1)
            .or(&self.shr(1))
            .or(&self.shl(stride))
            .or(&self.shr(stride))
            .and(on_grid)
    }

    /// [`Bits::neighbours`] on the first `N` words, the others left empty (`0 < stride < 64`).
    #[inline(always)]
    fn neighbours_words<const N: usize>(&self, stride: u32, on_grid: &Bits) -> Bits {
        let mut out = Bits::EMPTY;
        for i in 0..N {
            out.0[i] = self.neighbours_word(i, stride) & on_grid.0[i];
        }
        out
    }

    /// Word `i` of the points next to one of `self`, on or off the grid (`0 < stride < 64`).
    #[inline(always)]
    fn neighbours_word(&self, i: usize, stride: u32) -> u64 {
        let a = &self.0;
        let (s, r) = (stride, 64 - stride);
        let below = if i == 0 { 0 } else { a[i - 1] };
        let above = if i + 1 < WORDS { a[i + 1] } else { 0 };
        let w = a[i];
        (w << 1 | below >> 63)
            | (w >> 1 | above << 63)
            | (w << s | below >> r)
            | (w >> s | above << r)
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
        let mut out = Bits::EMPTY;
        for i in 0..nw.min(WORDS) {
            out.0[i] = self.neighbours_word(i, stride) & on_grid.0[i];
        }
        out
    }

    /// The points of `within` connected to `seed` by paths inside `within` (a flood fill; `seed`
    /// must be a subset of `within`).
    ///
    /// Note: the fill runs on the words up to the last non-zero word of `within`, `nw`, with
    /// that count fixed at compile time (the private `Bits::flood_words`). Beyond it both `within` and the
    /// fill are zero; below it, a shift reads only words below `nw` and the carries from word
    /// `nw`, which are zero, so each step is the step on the whole set.
    pub fn flood(seed: Bits, within: &Bits, stride: u32, on_grid: &Bits) -> Bits {
        debug_assert_eq!(seed.and_not(within), Bits::EMPTY);
        debug_assert_eq!(within.and_not(on_grid), Bits::EMPTY);
        let nw = WORDS - within.0.iter().rev().take_while(|&&w| w == 0).count();
        let m = within.and(on_grid);
        // The padded 19x19, 13x13 and 9x9 layouts (strides 20, 14 and 10, 7, 4 and 2 words)
        // with their stride a constant, so that the row shifts are by an immediate.
        match (nw, stride) {
            (7, 20) => return Self::flood_words::<7>(&seed, &m, 20),
            (4, 14) => return Self::flood_words::<4>(&seed, &m, 14),
            (2, 10) => return Self::flood_words::<2>(&seed, &m, 10),
            _ => {}
        }
        match nw {
            0 => Bits::EMPTY,
            1 => Self::flood_words::<1>(&seed, &m, stride),
            2 => Self::flood_words::<2>(&seed, &m, stride),
            3 => Self::flood_words::<3>(&seed, &m, stride),
            4 => Self::flood_words::<4>(&seed, &m, stride),
            5 => Self::flood_words::<5>(&seed, &m, stride),
            6 => Self::flood_words::<6>(&seed, &m, stride),
            7 => Self::flood_words::<7>(&seed, &m, stride),
            8 => Self::flood_words::<8>(&seed, &m, stride),
            9 => Self::flood_words::<9>(&seed, &m, stride),
            10 => Self::flood_words::<10>(&seed, &m, stride),
            _ => Self::flood_words::<WORDS>(&seed, &m, stride),
        }
    }

    /// [`Bits::flood`] on the first `N` words, `m` the set to fill within (`0 < stride < 64`).
    ///
    /// Note: each step adds the four shifts of the fill (r[tt.adjacent]: the padding keeps them
    /// from wrapping, and `m` holds grid points only) and, along each run of consecutive
    /// indices of `m` (a stretch of a row), every index above a filled one: adding the fill
    /// `x` to `m` carries from each filled index up to the end of its run, so
    /// `((m + x) ^ m) & m` holds the indices from the lowest filled one of each run to its end
    /// but the other filled ones, which `| x` restores. Every index added is connected to the
    /// fill inside `m`, and every step adds the neighbours at least, so the fixed point is the
    /// flood. The words are stepped upwards in place, each reading the word below it as already
    /// stepped (a superset, still connected to the seed): a step that changes no word read only
    /// the words as they were, so it ends at the same fixed point.
    #[inline(always)]
    fn flood_words<const N: usize>(seed: &Bits, m: &Bits, stride: u32) -> Bits {
        let m: [u64; N] = std::array::from_fn(|i| m.0[i]);
        let mut x: [u64; N] = std::array::from_fn(|i| seed.0[i]);
        let (s, r) = (stride, 64 - stride);
        loop {
            let (mut carry, mut changed) = (false, false);
            for i in 0..N {
                // The word below is already this step's, so a fill crossing into this word from
                // below goes on in the same step.
                let below = if i == 0 { 0 } else { x[i - 1] };
                let above = if i + 1 < N { x[i + 1] } else { 0 };
                let w = x[i];
                let (sum, c1) = m[i].overflowing_add(w);
                let (sum, c2) = sum.overflowing_add(u64::from(carry));
                carry = c1 | c2;
                let run = (sum ^ m[i]) | w;
                let next = (run
                    | (w << 1 | below >> 63)
                    | (w >> 1 | above << 63)
                    | (w << s | below >> r)
                    | (w >> s | above << r))
                    & m[i];
                changed |= next != w;
                x[i] = next;
            }
            if !changed {
                let mut out = Bits::EMPTY;
                out.0[..N].copy_from_slice(&x);
                return out;
            }
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

/// The set bits of `words`, by `count_ones`.
#[inline(always)]
fn count_words(words: &[u64; WORDS]) -> u32 {
    words.iter().map(|w| w.count_ones()).sum()
}

/// [`count_words`] compiled with `popcnt`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn count_popcnt(words: &[u64; WORDS]) -> u32 {
    count_words(words)
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
    fn neighbours_are_the_four_shifts() {
        // Sets of any bits (off the grid too), on the 19x19, 13x13, 9x9, 25x25 and 5x3 layouts.
        for (stride, w, h) in [
            (20usize, 19usize, 19usize),
            (14, 13, 13),
            (10, 9, 9),
            (26, 25, 25),
            (6, 5, 3),
        ] {
            let mut g = Bits::EMPTY;
            for y in 1..=h {
                for x in 1..=w {
                    g.set(y * stride + x);
                }
            }
            let mut rand = crate::test_rand(0x2545_f491_4f6c_dd1du64);
            for density in [1, 3, 9] {
                for _ in 0..200 {
                    let mut b = Bits::EMPTY;
                    for i in 0..MAX_PADDED {
                        if rand(density) == 0 {
                            b.set(i);
                        }
                    }
                    let s = stride as u32;
                    assert_eq!(b.neighbours(s, &g), b.neighbours_of_shifts(s, &g));
                    let on = b.and(&g);
                    assert_eq!(on.neighbours(s, &g), on.neighbours_of_shifts(s, &g));
                }
            }
        }
    }

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
            let mut rand = crate::test_rand(0x9e37_79b9_7f4a_7c15u64);
            for _ in 0..200 {
                let mut b = Bits::EMPTY;
                for i in g.iter() {
                    if rand(3) == 0 {
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
        // Floods within random sets of the 25x25, 19x19, 13x13, 9x9 and 7x5 layouts, against
        // the plain definition.
        let layouts = [
            (26usize, 25usize, 25usize),
            (20, 19, 19),
            (14, 13, 13),
            (10, 9, 9),
            (8, 7, 5),
        ];
        for (stride, w, h) in layouts {
            let mut g = Bits::EMPTY;
            for y in 1..=h {
                for x in 1..=w {
                    g.set(y * stride + x);
                }
            }
            let s = stride as u32;
            let mut rand = crate::test_rand(0x2545_f491_4f6c_dd1du64);
            let mut grew = 0;
            for _ in 0..200 {
                let mut within = Bits::EMPTY;
                for i in g.iter() {
                    if rand(5) < 3 {
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
    fn count_is_the_number_of_indices_set() {
        let mut rand = crate::test_rand(0xc0_4e7);
        for _ in 0..400 {
            let mut b = Bits::EMPTY;
            for _ in 0..rand(WORDS * 64) {
                b.set(rand(WORDS * 64));
            }
            let plain = (0..WORDS * 64).filter(|&i| b.get(i)).count();
            assert_eq!(b.count() as usize, plain);
            assert_eq!(count_words(&b.0) as usize, plain);
        }
    }

    #[test]
    fn bits_at_and_or_at_are_get_and_set_bit_by_bit() {
        let mut rand = crate::test_rand(0x5eed_b175);
        let (mut across, mut compared) = (0, 0);
        for _ in 0..400 {
            let mut b = Bits::EMPTY;
            for _ in 0..rand(200) {
                b.set(rand(WORDS * 64));
            }
            let n = 1 + rand(40) as u32;
            let i = rand(WORDS * 64 - n as usize + 1);
            across += usize::from(i / 64 != (i + n as usize - 1) / 64);
            let v = b.bits_at(i, n);
            for j in 0..n as usize {
                assert_eq!(v >> j & 1 != 0, b.get(i + j), "bit {j} from {i}");
                compared += 1;
            }
            assert_eq!(v >> n, 0, "no bit beyond the n asked");
            let mask = rand(1 << 20) as u64 & ((1 << n) - 1);
            let mut by_bits = b;
            for j in (0..n as usize).filter(|&j| mask >> j & 1 != 0) {
                by_bits.set(i + j);
            }
            b.or_at(i, mask);
            assert_eq!(b, by_bits, "{mask:#x} at {i}");
        }
        assert!(
            across > 0 && compared > 0,
            "runs across two words: {across}"
        );
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
