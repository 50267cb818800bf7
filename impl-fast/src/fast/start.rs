//! How a game starts (r[tt.start], r[var.setup]): the setup's stones read into bit planes, and
//! the empty grid of a layout that [`FastWith::reset`] copies.

use super::*;
use crate::layout::PAD_CAPACITY;

/// The arrays of a layout's empty grid that [`FastWith::reset`] copies: the mailbox (which is
/// also the kinds), the heads (every index its own), the empty-point list in point-index order
/// and its inverse. Made once per layout, shared by the clones of an engine.
#[derive(Debug)]
pub(super) struct Blank {
    /// The size whose layout this is the empty grid of.
    pub(super) size: Size,
    /// Its layout (`Layout::new(size)`) and grid points (those of `FastWith::empty_mailbox`).
    pub(super) lay: Layout,
    pub(super) on_grid: Bits,
    pub(super) colour: [u8; PAD_CAPACITY],
    pub(super) head: [u16; PAD_CAPACITY],
    pub(super) empties: [u16; PAD_CAPACITY],
    pub(super) empty_pos: [u16; PAD_CAPACITY],
}

impl Blank {
    /// The empty grid of `lay`, the layout of `size`, with the grid points `on_grid` and the
    /// mailbox `colour` of [`FastWith::empty_mailbox`].
    pub(super) fn new(
        size: Size,
        lay: &Layout,
        on_grid: Bits,
        colour: &PadArray<u8>,
    ) -> Arc<Blank> {
        let mut b = Blank {
            size,
            lay: *lay,
            on_grid,
            colour: colour.0,
            head: std::array::from_fn(|i| i as u16),
            empties: [0; PAD_CAPACITY],
            empty_pos: [0; PAD_CAPACITY],
        };
        for y in 0..lay.h {
            for x in 0..lay.w {
                let (i, d) = (lay.pad_xy(x, y), y * lay.w + x);
                b.empties[d] = i as u16;
                b.empty_pos[i] = d as u16;
            }
        }
        Arc::new(b)
    }
}

impl<const HASH_BITS: u32> FastWith<HASH_BITS> {
    /// How a game from `setup` starts: its stones as planes, the player to move, the handicap;
    /// `lay` is the layout of the setup's size.
    ///
    /// Note: the cells are in point-index order (section 8), row by row; each row is read eight
    /// cells at a time ([`stones_of_row`]). A grid without a stone (most records start empty)
    /// leaves the planes empty, and is told by [`has_stone`] without the rows.
    pub(super) fn start_of(setup: &Setup, lay: &Layout) -> Start {
        debug_assert_eq!(lay.w * lay.h, setup.grid.cells().len());
        let mut planes = [Bits::EMPTY; 2];
        let rows = if has_stone(setup.grid.cells()) {
            setup.grid.cells()
        } else {
            &[]
        };
        for (y, row) in rows.chunks_exact(lay.w).enumerate() {
            let i0 = lay.pad_xy(0, y);
            stones_of_row(row, |x, masks| {
                for (plane, m) in planes.iter_mut().zip(masks) {
                    plane.or_at(i0 + x, m);
                }
            });
        }
        let empty = setup.to_move == Player::Black
            && setup.handicap == 0
            && planes[0].is_empty()
            && planes[1].is_empty();
        debug_assert_eq!(empty, setup.is_empty_start());
        Start {
            planes,
            to_move: setup.to_move,
            handicap: setup.handicap,
            empty,
        }
    }
}

/// Whether some cell holds a stone: the cells 32 at a time, each block's codes or'ed together
/// (a loop with no early exit, which the compiler widens), then the rest.
fn has_stone(cells: &[Colour]) -> bool {
    const _: () = assert!(Colour::Empty as u8 == 0);
    let blocks = cells.chunks_exact(32);
    let rest = blocks.remainder();
    for block in blocks {
        if block.iter().fold(0, |acc, &c| acc | c as u8) != 0 {
            return true;
        }
    }
    rest.iter().any(|&c| c != Colour::Empty)
}

/// Calls `f(x, [black, white])` for runs of the cells of `row` from `x` (up to eight), with bit
/// `j` of each mask set when cell `x + j` holds a stone of that colour; runs with no stone may
/// be left out, and runs may overlap.
///
/// Note: a run of eight cells is read as the eight bytes of a word (`Colour::Empty`,
/// `Colour::Black` and `Colour::White` are 0, 1 and 2, so a black stone sets bit 0 of its byte
/// and a white one bit 1); the low bits of the bytes are gathered into one byte by a
/// multiplication (each lands on a bit of its own in the top byte, with no carry). A row of
/// eight cells or more is read as its runs of eight from the start and, when its length is not
/// a multiple of eight, its last eight cells; a shorter one cell by cell.
#[inline]
fn stones_of_row(row: &[Colour], mut f: impl FnMut(usize, [u64; 2])) {
    const _: () =
        assert!(Colour::Empty as u8 == 0 && Colour::Black as u8 == 1 && Colour::White as u8 == 2);
    const LOW: u64 = 0x0101_0101_0101_0101;
    let gather = |v: u64| v.wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let mut run = |x: usize, cells: &[Colour; 8]| {
        let v = u64::from_le_bytes(cells.map(|c| c as u8));
        if v != 0 {
            f(x, [gather(v & LOW), gather(v >> 1 & LOW)]);
        }
    };
    if row.len() < 8 {
        for (x, &c) in row.iter().enumerate() {
            let c = c as u64;
            if c != 0 {
                f(x, [c & 1, c >> 1]);
            }
        }
        return;
    }
    let mut chunks = row.chunks_exact(8);
    for (k, chunk) in (&mut chunks).enumerate() {
        if let Ok(cells) = <&[Colour; 8]>::try_from(chunk) {
            run(8 * k, cells);
        }
    }
    if !chunks.remainder().is_empty() {
        if let Some(cells) = row.last_chunk() {
            run(row.len() - 8, cells);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `has_stone` against the plain test, on grids of every length up to 25x25 with no stone,
    /// one stone anywhere, or random stones.
    #[test]
    fn has_stone_is_any_cell_not_empty() {
        let mut rand = crate::test_rand(0x0057_07e5);
        let (mut with, mut without) = (0, 0);
        for len in 0..=625 {
            for k in 0..4 {
                let mut cells = vec![Colour::Empty; len];
                match k {
                    0 => {}
                    1 | 2 if len > 0 => {
                        let c = if k == 1 { Colour::Black } else { Colour::White };
                        cells[rand(len)] = c;
                    }
                    _ => {
                        for cell in cells.iter_mut() {
                            *cell = [Colour::Empty, Colour::Black, Colour::White][rand(3)];
                        }
                    }
                }
                let plain = cells.iter().any(|&c| c != Colour::Empty);
                assert_eq!(has_stone(&cells), plain, "{len} {k}");
                with += usize::from(plain);
                without += usize::from(!plain);
            }
        }
        assert!(with > 0 && without > 0);
    }
}
