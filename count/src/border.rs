//! Border states of a partly coloured grid and how one more point changes them.
//!
//! The grid is coloured row by row, left to right, on a grid `w` points wide. After the point
//! `(x, y)` the *border* is the last `w` coloured points: `(0, y) ..= (x, y)` followed by
//! `(x+1, y-1) ..= (w-1, y-1)`. Border position `i` is always the lowest coloured point of
//! column `i`, so the next point, `(x+1, y)` (or `(0, y+1)`), replaces the border point of its own
//! column, its upper neighbour, and its left neighbour (none in the first column) is the border
//! point just before it.
//!
//! A state packs one 4-bit code per border position, position `i` in bits `4i .. 4i+4`:
//!
//! | code | meaning |
//! | --- | --- |
//! | `0` | no point yet (the column has no coloured point: only during the first row) |
//! | `1` | empty |
//! | `2`, `3` | a black (white) stone whose chain already has a liberty |
//! | `8 + c + 2u + 4d` | a stone of colour `c` (0 black, 1 white) whose chain has no liberty yet; `u`: the chain has a stone at an earlier border position, `d`: at a later one |
//!
//! The chains without a liberty that touch the border never cross (see the `Note:` in the parent
//! module), so the `u`/`d` flags determine which border stones share a chain, like brackets: a stone
//! with `d` and not `u` opens a chain, one with `u` and not `d` closes the innermost open chain, one
//! with both continues it, and one with neither is a chain of its own on the border.

/// At most this many border positions fit the 64-bit state.
pub const MAX_WIDTH: usize = 16;

pub(super) const NONE: u8 = 0;
pub(super) const EMPTY: u8 = 1;
pub(super) const FREE: u8 = 2;
pub(super) const BARE: u8 = 8;
pub(super) const UP: u8 = 2;
pub(super) const DOWN: u8 = 4;

/// The state with no coloured point: the start of the count.
pub const START: u64 = 0;

/// The colour-reversed state: every stone changes colour, nothing else.
pub fn reversed(s: u64) -> u64 {
    // Codes 2, 3 and 8..=15 hold a colour in their low bit; they are exactly the codes with bit 1
    // or bit 3 set (codes 4..=7 are unused).
    const LOW: u64 = 0x1111_1111_1111_1111;
    s ^ (((s >> 1) | (s >> 3)) & LOW)
}

/// The representative of the state's colour class: the smaller of it and its reversal.
pub fn class(s: u64) -> u64 {
    s.min(reversed(s))
}

/// Whether no border stone is still waiting for a liberty: after the last point, exactly the
/// states of legal colourings.
pub fn all_chains_free(s: u64) -> bool {
    s & 0x8888_8888_8888_8888 == 0
}

/// The code at border position `i`.
fn code(s: u64, i: usize) -> u8 {
    (s >> (4 * i)) as u8 & 0xf
}

/// `s` with code `c` at border position `i`.
fn with(s: u64, i: usize, c: u8) -> u64 {
    s & !(0xf << (4 * i)) | u64::from(c) << (4 * i)
}

/// The border positions of the chain of the bare stone at position `p`, as a bit mask: its
/// brackets matched to the right and to the left.
fn chain(s: u64, w: usize, p: usize) -> u32 {
    let c = code(s, p);
    let mut mask = 1u32 << p;
    if c & DOWN != 0 {
        mask |= matched(s, p + 1..w, DOWN, UP);
    }
    if c & UP != 0 {
        mask |= matched(s, (0..p).rev(), UP, DOWN);
    }
    mask
}

/// Walking `positions` away from a stone whose chain goes on that way: the positions of the
/// chain met, up to the one that ends it. A bare stone with only the flag `away` (pointing
/// onwards) opens a nested chain, one with only `back` closes the innermost open one, or ends
/// ours when none is open; one with both continues ours when none is open.
fn matched(s: u64, positions: impl Iterator<Item = usize>, away: u8, back: u8) -> u32 {
    let mut mask = 0;
    let mut depth = 0u32;
    for i in positions {
        let d = code(s, i);
        if d & BARE == 0 {
            continue;
        }
        match (d & away != 0, d & back != 0) {
            (true, false) => depth += 1,
            (false, true) if depth > 0 => depth -= 1,
            (false, true) => return mask | 1 << i,
            (true, true) if depth == 0 => mask |= 1 << i,
            _ => {}
        }
    }
    mask
}

/// `s` with the stones at the positions of `mask` free stones of `colour`.
fn freed(mut s: u64, mut mask: u32, colour: u8) -> u64 {
    while mask != 0 {
        s = with(s, mask.trailing_zeros() as usize, FREE | colour);
        mask &= mask - 1;
    }
    s
}

/// `s` with the positions of `mask` (not empty) one bare chain of `colour`, bracketed.
fn bare(mut s: u64, mask: u32, colour: u8) -> u64 {
    let (first, last) = (mask.trailing_zeros(), 31 - mask.leading_zeros());
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros();
        let up = if i > first { UP } else { 0 };
        let down = if i < last { DOWN } else { 0 };
        s = with(s, i as usize, BARE | colour | up | down);
        m &= m - 1;
    }
    s
}

/// The states after colouring the point at border position `x` empty, black and white, given the
/// state `s` of rows `w` wide before it; a colouring whose upper neighbour's chain leaves the
/// border without a liberty has no state and is left out. Writes the successors to `out` and
/// returns how many.
pub fn successors(s: u64, w: usize, x: usize, out: &mut [u64; 3]) -> usize {
    let left = if x > 0 { code(s, x - 1) } else { NONE };
    let up = code(s, x);
    let here = 1u32 << x;
    // The chains (as position masks) of the neighbours that wait for a liberty.
    let left_chain = if left & BARE != 0 {
        chain(s, w, x - 1)
    } else {
        0
    };
    let up_chain = if up & BARE != 0 { chain(s, w, x) } else { 0 };

    // Empty: every chain next to it has a liberty now.
    let mut t = s;
    if left_chain != 0 {
        t = freed(t, left_chain, left & 1);
    }
    if up_chain != 0 {
        t = freed(t, up_chain, up & 1);
    }
    out[0] = with(t, x, EMPTY);
    let mut n = 1;

    for colour in [0u8, 1] {
        let friend = |c: u8, m: u32| {
            if c & BARE != 0 && c & 1 == colour {
                m
            } else {
                0
            }
        };
        let mut t = s;
        // The upper neighbour leaves the border. An opponent chain without a liberty that has no
        // other border stone can never reach empty: this colouring is illegal whatever follows;
        // one with other border stones just loses this one.
        if up & BARE != 0 && up & 1 != colour {
            if up_chain == here {
                continue;
            }
            t = bare(t, up_chain & !here, up & 1);
        }
        let liberty = |c: u8| c == EMPTY || c == FREE | colour;
        let joined = friend(left, left_chain) | friend(up, up_chain);
        out[n] = if liberty(left) || liberty(up) {
            // The new stone has a liberty, and so has every chain it joins.
            with(freed(t, joined, colour), x, FREE | colour)
        } else {
            bare(t, joined | here, colour)
        };
        n += 1;
    }
    n
}

#[cfg(test)]
/// States written as strings, position 0 first: `-` none, `.` empty, `X`/`O` free stones,
/// `x`/`o` stones without a liberty, followed by `(` open, `)` close, `|` continue.
pub(super) fn state(text: &str) -> u64 {
    let mut s = 0u64;
    let mut i = 0;
    let chars: Vec<char> = text.chars().collect();
    let mut k = 0;
    while k < chars.len() {
        let mut code = match chars[k] {
            '-' => NONE,
            '.' => EMPTY,
            'X' => FREE,
            'O' => FREE | 1,
            'x' => BARE,
            'o' => BARE | 1,
            other => panic!("bad state character {other:?}"),
        };
        if code & BARE != 0 {
            if let Some(&m) = chars.get(k + 1) {
                code |= match m {
                    '(' => DOWN,
                    ')' => UP,
                    '|' => UP | DOWN,
                    _ => 0,
                };
                if "()|".contains(m) {
                    k += 1;
                }
            }
        }
        s |= u64::from(code) << (4 * i);
        i += 1;
        k += 1;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::oracle;

    #[test]
    fn reversal_swaps_colours_only() {
        assert_eq!(reversed(state("x(.O-x)")), state("o(.X-o)"));
        assert_eq!(reversed(reversed(state("o(x(x|x)o)"))), state("o(x(x|x)o)"));
        assert_eq!(class(state("...")), state("..."));
    }

    /// The successors by this module, checked against the plain implementation.
    fn succ(text: &str, w: usize, x: usize) -> Vec<u64> {
        let (mut out, mut plain) = ([0; 3], [0; 3]);
        let n = successors(state(text), w, x, &mut out);
        let m = oracle::successors(state(text), w, x, &mut plain);
        assert_eq!(out[..n], plain[..m], "{text} at {x}");
        out[..n].to_vec()
    }

    #[test]
    fn an_empty_point_frees_its_neighbours_chains() {
        // Position 1 is coloured; its left neighbour is position 0, its upper one position 1.
        let next = succ("x(ox)", 3, 1);
        assert_eq!(
            next[0],
            state("X.X"),
            "the empty point frees both ends of the black chain"
        );
    }

    #[test]
    fn a_chain_leaving_the_border_without_a_liberty_is_illegal() {
        // The white stone above position 1 is alone on the border and has no liberty: covering it
        // with black kills it, covering it with white extends it, covering it with empty frees it
        // (and the black chain on the left).
        let next = succ("xox", 3, 1);
        assert_eq!(next, vec![state("X.x"), state("xox")]);
    }

    #[test]
    fn stones_join_chains() {
        // Black at position 1 next to black chains left and above: one chain, still no liberty.
        let next = succ("xxo", 3, 1);
        assert_eq!(next[1], state("x(x)o"));
        // A free black neighbour gives the new stone a liberty, and the chain above with it; white
        // there would bury the black stone above.
        let next = succ("Xxo", 3, 1);
        assert_eq!(next, vec![state("X.o"), state("XXo")]);
    }

    #[test]
    fn the_first_row_has_no_upper_neighbours() {
        let next = succ("---", 3, 0);
        assert_eq!(next, vec![state(".--"), state("x--"), state("o--")]);
        let next = succ("x--", 3, 1);
        assert_eq!(next, vec![state("X.-"), state("x(x)-"), state("xo-")]);
    }

    #[test]
    fn legal_states_have_no_chain_waiting() {
        assert!(all_chains_free(state("X.O")));
        assert!(!all_chains_free(state("X.o")));
    }
}
