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
    /// For each set `D` of the neighbour offsets `-1`, `+1`, `-stride`, `+stride` (bit `j` for
    /// the `j`-th), their number and the sums of the offsets and of their squares.
    pub offset_sums: [OffsetSums; 16],
}

/// `|D|`, `Σd` and `Σd²` for a set `D` of neighbour offsets (see [`Layout::offset_sums`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OffsetSums {
    pub n: i64,
    pub sum: i64,
    pub sq: i64,
}

impl Layout {
    pub fn new(size: Size) -> Layout {
        let (w, h) = (size.width(), size.height());
        let stride = w + 1;
        let padded = (h + 2) * stride + 1;
        let s = stride as i64;
        let offset_sums = std::array::from_fn(|set| {
            let d = [-1, 1, -s, s].into_iter().enumerate();
            let d = d.filter(|&(j, _)| set >> j & 1 == 1).map(|(_, d)| d);
            OffsetSums {
                n: d.clone().count() as i64,
                sum: d.clone().sum(),
                sq: d.map(|d| d * d).sum(),
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

/// Capacity of a [`PadArray`]: a power of two above [`MAX_PADDED`].
pub const PAD_CAPACITY: usize = 1024;

/// An array over padded indices. Indexing masks the index with `PAD_CAPACITY - 1`, which the
/// compiler can see is in bounds, so the hot paths carry no bounds checks and no `unsafe`.
/// Note: every index used is below [`MAX_PADDED`] (checked in debug builds), so the mask never
/// changes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PadArray<T>(pub [T; PAD_CAPACITY]);

impl<T: Copy> PadArray<T> {
    pub const fn filled(v: T) -> PadArray<T> {
        PadArray([v; PAD_CAPACITY])
    }
}

impl<T> std::ops::Index<usize> for PadArray<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        debug_assert!(i < MAX_PADDED, "padded index {i} out of range");
        &self.0[i & (PAD_CAPACITY - 1)]
    }
}

impl<T> std::ops::IndexMut<usize> for PadArray<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        debug_assert!(i < MAX_PADDED, "padded index {i} out of range");
        &mut self.0[i & (PAD_CAPACITY - 1)]
    }
}
