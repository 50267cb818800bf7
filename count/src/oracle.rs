//! A second, deliberately plain implementation of [`super::border::successors`]: decode the border into
//! cells with chain names, apply the rules, encode again. Tests compare the two on every state
//! they reach.

use super::border::{BARE, DOWN, EMPTY, FREE, MAX_WIDTH, NONE, UP};

/// One border position, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// No coloured point in this column yet.
    None,
    Empty,
    /// A stone of colour `0` (black) or `1` (white) whose chain has a liberty.
    Free(u8),
    /// A stone of the given colour whose chain has no liberty yet; the second field names the
    /// chain (equal numbers, same chain).
    Bare(u8, u8),
}

/// The border, decoded: the cells and the number of distinct chain names used.
#[derive(Clone, Copy)]
struct Border {
    cells: [Cell; MAX_WIDTH],
    chains: u8,
}

fn decode(s: u64, w: usize) -> Border {
    let mut b = Border {
        cells: [Cell::None; MAX_WIDTH],
        chains: 0,
    };
    let mut open = [0u8; MAX_WIDTH];
    let mut depth = 0;
    for i in 0..w {
        let code = (s >> (4 * i)) as u8 & 0xf;
        b.cells[i] = match code {
            NONE => Cell::None,
            EMPTY => Cell::Empty,
            2 | 3 => Cell::Free(code & 1),
            _ => {
                let colour = code & 1;
                let chain = if code & UP != 0 {
                    debug_assert!(depth > 0, "state {s:#x}: a chain continues from nowhere");
                    open[depth - 1]
                } else {
                    b.chains += 1;
                    b.chains - 1
                };
                match (code & UP != 0, code & DOWN != 0) {
                    (false, true) => {
                        open[depth] = chain;
                        depth += 1;
                    }
                    (true, false) => depth -= 1,
                    _ => {}
                }
                Cell::Bare(colour, chain)
            }
        };
    }
    debug_assert_eq!(depth, 0, "state {s:#x}: a chain is left open");
    b
}

fn encode(b: &Border, w: usize) -> u64 {
    let mut first = [u8::MAX; MAX_WIDTH + 1];
    let mut last = [0u8; MAX_WIDTH + 1];
    for (i, cell) in b.cells[..w].iter().enumerate() {
        if let Cell::Bare(_, g) = *cell {
            let g = usize::from(g);
            first[g] = first[g].min(i as u8);
            last[g] = i as u8;
        }
    }
    let mut s = 0u64;
    for (i, cell) in b.cells[..w].iter().enumerate() {
        let code = match *cell {
            Cell::None => NONE,
            Cell::Empty => EMPTY,
            Cell::Free(c) => FREE | c,
            Cell::Bare(c, g) => {
                let g = usize::from(g);
                let i = i as u8;
                let up = if first[g] < i { UP } else { 0 };
                let down = if last[g] > i { DOWN } else { 0 };
                BARE | c | up | down
            }
        };
        s |= u64::from(code) << (4 * i);
    }
    s
}

impl Border {
    /// The chain `g` has found a liberty: all its border stones become free.
    fn free(&mut self, g: u8, w: usize) {
        for cell in &mut self.cells[..w] {
            if let Cell::Bare(c, h) = *cell {
                if h == g {
                    *cell = Cell::Free(c);
                }
            }
        }
    }

    /// Chains `from` and `into` have joined: `from` takes the name `into`.
    fn join(&mut self, from: u8, into: u8, w: usize) {
        for cell in &mut self.cells[..w] {
            if let Cell::Bare(c, h) = *cell {
                if h == from {
                    *cell = Cell::Bare(c, into);
                }
            }
        }
    }

    /// Whether chain `g` has a stone at a border position other than `x`.
    fn elsewhere(&self, g: u8, x: usize, w: usize) -> bool {
        self.cells[..w]
            .iter()
            .enumerate()
            .any(|(i, cell)| i != x && matches!(*cell, Cell::Bare(_, h) if h == g))
    }
}

/// The same as [`super::border::successors`], on the decoded border.
pub fn successors(s: u64, w: usize, x: usize, out: &mut [u64; 3]) -> usize {
    let before = decode(s, w);
    let left = if x > 0 {
        before.cells[x - 1]
    } else {
        Cell::None
    };
    let up = before.cells[x];
    let mut n = 0;

    // Empty: every chain next to it has a liberty now.
    let mut b = before;
    for nb in [left, up] {
        if let Cell::Bare(_, g) = nb {
            b.free(g, w);
        }
    }
    b.cells[x] = Cell::Empty;
    out[n] = encode(&b, w);
    n += 1;

    for colour in [0u8, 1] {
        // The upper neighbour leaves the border. An opponent chain without a liberty that has no
        // other border stone can never reach empty: this colouring is illegal whatever follows.
        if let Cell::Bare(c, g) = up {
            if c != colour && !before.elsewhere(g, x, w) {
                continue;
            }
        }
        let mut b = before;
        let friend = |cell: Cell| match cell {
            Cell::Bare(c, g) if c == colour => Some(g),
            _ => None,
        };
        let liberty = |cell: Cell| cell == Cell::Empty || cell == Cell::Free(colour);
        let (gl, gu) = (friend(left), friend(up));
        b.cells[x] = if liberty(left) || liberty(up) {
            // The new stone has a liberty, and so has every chain it joins.
            for g in [gl, gu].into_iter().flatten() {
                b.free(g, w);
            }
            Cell::Free(colour)
        } else {
            let g = match (gl, gu) {
                (Some(l), Some(u)) => {
                    b.join(u, l, w);
                    l
                }
                (Some(g), None) | (None, Some(g)) => g,
                (None, None) => before.chains,
            };
            Cell::Bare(colour, g)
        };
        out[n] = encode(&b, w);
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::border::{self, state};
    use std::collections::BTreeSet;

    #[test]
    fn encoding_round_trips() {
        for text in ["x(ox)", "x(o(o)x)", "X.O-", "o(x(x|x)o)", "o(x.o)"] {
            let s = state(text);
            let w = text.chars().filter(|c| !"()|".contains(*c)).count();
            assert_eq!(encode(&decode(s, w), w), s, "{text}");
        }
    }

    /// Every state reachable on rows up to 6 wide, over enough rows for the set to stop growing,
    /// has the same successors by both implementations, in the same order.
    #[test]
    fn both_implementations_agree_on_every_reachable_state() {
        let mut compared = 0;
        for w in 1..=6 {
            let mut states = BTreeSet::from([border::START]);
            for step in 0..w * (w + 3) {
                let x = step % w;
                let mut next = BTreeSet::new();
                for &s in &states {
                    let (mut a, mut b) = ([0; 3], [0; 3]);
                    let n = border::successors(s, w, x, &mut a);
                    let m = successors(s, w, x, &mut b);
                    assert_eq!(a[..n], b[..m], "state {s:#x}, rows of {w}, position {x}");
                    compared += 1;
                    next.extend(a[..n].iter().map(|&t| border::class(t)));
                }
                states = next;
            }
        }
        assert!(compared > 10_000, "only {compared} states compared");
    }
}
