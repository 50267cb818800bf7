//! The padded layout: the grid with one guard row below and above and one guard column at the
//! left (which also serves as the right guard of the row below), so that the four neighbours of a
//! grid point are always at `i - 1`, `i + 1`, `i - stride`, `i + stride`, its diagonals at
//! `i ± stride ± 1`, and the guards stop every walk at the edge (r[tt.adjacent]).
//!
//! Point `(x, y)` has padded index `(y + 1) * stride + x + 1` with `stride = W + 1`, and one more
//! guard closes the top row, so indices run `0..(H + 2) * stride + 1`. Padded order is
//! point-index order (row 0 first, columns left to right), so iterating padded indices upward
//! lists points in the order r[verdict.legal-moves] asks for.

use ttrules_spec::{Point, Size};

/// Padded indices of the largest grid, 25x25: 27 rows of 26, and one.
pub const MAX_PADDED: usize = 27 * 26 + 1;
/// Points of the largest grid.
pub const MAX_AREA: usize = 25 * 25;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub w: usize,
    pub h: usize,
    pub stride: usize,
    /// Padded indices in use: `(h + 2) * stride + 1`.
    pub padded: usize,
    /// Words of a bitboard that can hold a set bit: `ceil(padded / 64)`.
    pub words: usize,
    /// For each set `D` of the neighbour offsets `-1`, `+stride`, `+1`, `-stride` (bit `j` for
    /// the `j`-th: the order of the bytes of the engine's neighbour codes), the packed sums of
    /// the points `i + d` ([`OffsetSums`]).
    pub offset_sums: [OffsetSums; 16],
}

/// For a set `D` of neighbour offsets (see [`Layout::offset_sums`]), the number of the points
/// `i + d`, their sum and the sum of their squares, as a polynomial in `i` packed as the engine
/// packs pseudo-liberties (`packed_sums`): `at0 + i * (at1 + i * at2)` (wrapping), with
/// `at0 = packed_sums(|D|, Σd, Σd²)`, `at1 = packed_sums(0, |D|, 2Σd)` and
/// `at2 = packed_sums(0, 0, |D|)`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OffsetSums {
    pub at0: u64,
    pub at1: u64,
    pub at2: u64,
}

/// Where the engine's packed pseudo-liberties keep the sum and the sum of squares: bits from
/// `PACKED_SUM_SHIFT` and from `PACKED_SQ_SHIFT` (the count is in the bits below the sum).
pub(crate) const PACKED_SUM_SHIFT: u32 = 11;
pub(crate) const PACKED_SQ_SHIFT: u32 = 32;

/// The word with the fields `n`, `sum`, `sq` at their bits, computed modulo `2^64` (a negative
/// field wraps, and the packed words of true sums, each within its bits, come out exact).
pub(crate) const fn packed_sums(n: i64, sum: i64, sq: i64) -> u64 {
    (n as u64)
        .wrapping_add((sum as u64) << PACKED_SUM_SHIFT)
        .wrapping_add((sq as u64) << PACKED_SQ_SHIFT)
}

impl Layout {
    pub fn new(size: Size) -> Layout {
        let (w, h) = (size.width(), size.height());
        let stride = w + 1;
        let padded = (h + 2) * stride + 1;
        let s = stride as i64;
        let offset_sums = std::array::from_fn(|set| {
            let d = [-1, s, 1, -s].into_iter().enumerate();
            let d = d.filter(|&(j, _)| set >> j & 1 == 1).map(|(_, d)| d);
            let (n, sum, sq) = (
                d.clone().count() as i64,
                d.clone().sum(),
                d.map(|d| d * d).sum(),
            );
            OffsetSums {
                at0: packed_sums(n, sum, sq),
                at1: packed_sums(0, n, 2 * sum),
                at2: packed_sums(0, 0, n),
            }
        });
        Layout {
            w,
            h,
            stride,
            padded,
            words: padded.div_ceil(64),
            offset_sums,
        }
    }

    #[inline]
    pub fn pad(&self, p: Point) -> usize {
        (p.y as usize + 1) * self.stride + p.x as usize + 1
    }

    #[inline]
    pub fn pad_xy(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.stride + x + 1
    }

    /// The point of a grid index.
    #[inline]
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    /// The point index (section 8) of a padded grid index.
    #[inline]
    pub fn dense(&self, i: usize) -> usize {
        (i / self.stride - 1) * self.w + i % self.stride - 1
    }

    /// Padded index of point index `d`.
    #[inline]
    pub fn from_dense(&self, d: usize) -> usize {
        self.pad_xy(d % self.w, d / self.w)
    }

    /// Whether padded index `i` is a grid point (not a guard).
    #[inline]
    pub fn on_grid(&self, i: usize) -> bool {
        let row = i / self.stride;
        row >= 1 && row <= self.h && i % self.stride != 0
    }
}

/// Capacity of a `PadArray`: a power of two above [`MAX_PADDED`].
pub const PAD_CAPACITY: usize = 1024;
const _: () = assert!(MAX_PADDED < PAD_CAPACITY && PAD_CAPACITY.is_power_of_two());

/// An array over padded indices, for the engine's per-point arrays.
///
/// # Safety contract (crate-internal)
///
/// Indexing does not check the index in release builds: the caller promises that every index is
/// below [`MAX_PADDED`] (so below `PAD_CAPACITY`), and debug builds assert it on every access.
/// The type is private to the crate, so only the crate's own code can index one, and it keeps
/// the promise this way:
/// - every index it uses is a padded index of the engine's layout, so below
///   `Layout::padded <= MAX_PADDED`: a grid point, a neighbour or diagonal of a grid point (the
///   guard rows and columns surround the grid), a loop index below `Layout::padded`, or a value
///   read from an array that holds only grid points (`head`, `next`, `empties`, the bit planes
///   and the history's change codes);
/// - an index that comes from a caller is checked where it enters: a `Point` against the size
///   (`Engine::check`, `Engine::colour_at`, the dead stones of scoring), a `Vertex` by
///   `FastWith::empty_grid_index` (a checked read of the mailbox), a position in the empty-point
///   list against its length;
/// - the arrays hold only grid points because stones are placed only on empty grid points, as
///   those checks ensure; the invariant checker recomputes every array after every turn in the
///   tests, in debug builds, where every access is also asserted.
///
/// Unchecked indexing saved 55 of 545 instructions a 9x9 rejection playout turn against masking
/// each index with `PAD_CAPACITY - 1` (`docs/src/reports/benchmarks.md`): the mask cost an
/// instruction, and for a neighbour `i ± d` two, since the offset could no longer be folded into
/// the load.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PadArray<T>(pub(crate) [T; PAD_CAPACITY]);

impl<T: Copy> PadArray<T> {
    pub(crate) const fn filled(v: T) -> PadArray<T> {
        PadArray([v; PAD_CAPACITY])
    }

    /// The entry at `i`, or `None` past the capacity: for indices that come from a caller.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> Option<T> {
        self.0.get(i).copied()
    }
}

impl PadArray<u8> {
    /// The entries `i..i + 4` as the bytes of a word, lowest first: four neighbouring entries in
    /// one load.
    #[inline(always)]
    pub(crate) fn word_at(&self, i: usize) -> u32 {
        debug_assert!(i < MAX_PADDED, "padded index {i} out of range");
        const _: () = assert!(MAX_PADDED + 3 <= PAD_CAPACITY);
        // SAFETY: `i + 4 <= MAX_PADDED + 3 <= PAD_CAPACITY` by the contract above, so the four
        // bytes are within the array; `[u8; 4]` needs no alignment.
        u32::from_le_bytes(unsafe { self.0.as_ptr().add(i).cast::<[u8; 4]>().read() })
    }
}

impl<T> std::ops::Index<usize> for PadArray<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < MAX_PADDED, "padded index {i} out of range");
        // SAFETY: `i < MAX_PADDED < PAD_CAPACITY` by the contract above.
        unsafe { self.0.get_unchecked(i) }
    }
}

impl<T> std::ops::IndexMut<usize> for PadArray<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < MAX_PADDED, "padded index {i} out of range");
        // SAFETY: as for `index`.
        unsafe { self.0.get_unchecked_mut(i) }
    }
}
