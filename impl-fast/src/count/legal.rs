//! Legal positions on small grids (Tromp & Farnebäck, "Combinatorics of Go"), by enumeration.

use ttrules_spec::Size;

/// The number of legal positions on `size`: colourings in which every stone reaches empty
/// (r[tt.derived.every-stone-reaches-empty]). Known values: 1x1..1x5: 1, 5, 15, 41, 113; 2x2: 57;
/// 2x3: 489; 3x3: 12,675; 3x4: 321,689; 4x4: 24,318,165.
///
/// Enumerates all 3^(W·H) colourings as pairs of bit masks and checks each with two flood fills,
/// so 4x4 takes about a second and 5x5 hours. `None` when the grid does not fit the 64-bit layout
/// used here ((W+1)·H > 64).
pub fn count_legal(size: Size) -> Option<u64> {
    let (w, h) = (size.width(), size.height());
    let stride = w + 1;
    if stride * h > 64 {
        return None;
    }
    let mut grid = 0u64;
    for y in 0..h {
        for x in 0..w {
            grid |= 1 << (y * stride + x);
        }
    }
    let stride = stride as u32;
    // The grid points adjacent to `m` (r[tt.adjacent]); the guard column stops row wrap-around.
    let adjacent = |m: u64| (m << 1 | m >> 1 | m << stride | m >> stride) & grid;
    // Whether every point of `stones` reaches `empty` (r[tt.reach]): the flood from the stones
    // next to empty, through stones of the same colour, covers them all.
    let all_reach = |stones: u64, empty: u64| {
        let mut r = adjacent(empty) & stones;
        loop {
            let next = (r | adjacent(r)) & stones;
            if next == r {
                return r == stones;
            }
            r = next;
        }
    };
    let mut total = 0u64;
    let mut black = 0u64;
    loop {
        let rest = grid & !black;
        let mut white = 0u64;
        loop {
            let empty = rest & !white;
            if all_reach(black, empty) && all_reach(white, empty) {
                total += 1;
            }
            if white == rest {
                break;
            }
            white = white.wrapping_sub(rest) & rest;
        }
        if black == grid {
            break;
        }
        black = black.wrapping_sub(grid) & grid;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_positions_of_tiny_grids() {
        let n = |w, h| count_legal(Size::new(w, h).unwrap()).unwrap();
        assert_eq!(
            [n(1, 1), n(1, 2), n(1, 3), n(1, 4), n(1, 5)],
            [1, 5, 15, 41, 113]
        );
        assert_eq!(n(2, 1), 5);
        assert_eq!(n(2, 2), 57);
        assert_eq!(n(2, 3), 489);
        assert_eq!(n(3, 2), 489);
    }
}
