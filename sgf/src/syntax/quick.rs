//! The quick path of the scanner: the nodes of a main line that are one move each (`;B[pd]`,
//! `;W[]`), read one after the other without the scanner's general loop.

use super::tree::{Held, Key, NodeAt, Plain, PropAt, RawTree, Span};
use super::{skip_ws, Scanner, Target};

impl Scanner<'_, '_> {
    /// At a `;` of the main line before its first variation (`b[self.i]`): opens its node, and
    /// while the node is one move followed by the `;` of the next, that node too.
    ///
    /// Note: this is what [`run`](Scanner::run) does at each of these `;` (its white space
    /// skipped by [`quick_move`] already): the frame is the same, still of the main line with no
    /// child opened, so each `;` opens a node of the main line, and `quick_move` is tried.
    pub(super) fn main_nodes(&mut self) {
        let b = self.b;
        let quick = self.quick();
        self.target = Target::Main;
        let Some(t) = self.tree.as_mut() else {
            self.i += 1;
            return;
        };
        loop {
            let at = self.i;
            let end = t.props.len();
            t.nodes.push(NodeAt {
                from: end,
                to: end,
                at,
                held: Held::NONE,
                plain: Plain::NONE,
            });
            self.i = at + 1;
            if !quick {
                return;
            }
            let Some(next) = quick_move(b, self.i, t) else {
                return;
            };
            self.i = next;
            #[cfg(test)]
            {
                self.out.quick_moves += 1;
            }
            if next >= b.len() || b[next] != b';' {
                return;
            }
        }
    }
}

/// The usual first property of a main-line node just opened at `b[i - 1]`, `B[pd]` or `W[]`,
/// read at once into the tree's last node: where the scanner goes on (after the white space
/// that follows), or `None` where the general reader must read the node, the tree untouched.
///
/// Note: this is what [`property`](Scanner::property) reads for it: an identifier of one
/// capital directly followed by `[` (no note, an identifier as written), a property that is not
/// text (`]` ends its value), a value with no `]` or `\` inside (as written: it lies between the
/// ASCII `[` and `]`, at character boundaries), and after the white space that follows, no `[`
/// of a second value (then `property` is left to read it all). The node has just been opened,
/// so the property repeats none. It is inlined into the loop of [`Scanner::main_nodes`], its
/// one caller: a call a move cost some 20 instructions.
#[inline(always)]
fn quick_move(b: &[u8], i: usize, t: &mut RawTree<'_>) -> Option<usize> {
    let (len, plain) = match b.get(i..(i + 5).min(b.len())) {
        Some(&[b'B' | b'W', b'[', x, y, b']'])
            if !matches!(x, b']' | b'\\') && !matches!(y, b']' | b'\\') =>
        {
            (2, Plain::two(x, y))
        }
        Some([b'B' | b'W', b'[', b']', ..]) => (0, Plain::EMPTY),
        _ => return None,
    };
    let k = skip_ws(b, i + 3 + len);
    if k < b.len() && b[k] == b'[' {
        return None;
    }
    let (key, held) = if b[i] == b'B' {
        (const { Key::of("B") }, Held::B)
    } else {
        (const { Key::of("W") }, Held::W)
    };
    let node = t.nodes.last_mut()?;
    let from = t.values.len();
    t.values.push(Span {
        start: i + 2,
        end: i + 2 + len,
    });
    t.props.push(PropAt {
        id: Span {
            start: i,
            end: i + 1,
        },
        key,
        from,
        to: from + 1,
    });
    node.to = t.props.len();
    node.held.add(held);
    node.plain = plain;
    Some(k)
}
