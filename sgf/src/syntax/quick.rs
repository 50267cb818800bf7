//! The quick path of the scanner: the nodes of a main line that are one move each (`;B[pd]`,
//! `;W[]`), read one after the other without the scanner's general loop, each kept whole in
//! its node (`NodeAt::lone`); and the plain properties of the main line's nodes (one or two
//! capitals, values that are slices: `BL[297.3]`, `SZ[19]`, `AB[aa][bb]`), stored as the
//! general path stores them (`plain_property`).

use super::tree::{Held, Key, NodeAt, Plain, RawTree, Span};
use super::{
    can_follow_value, find_stop, is_text_property, key_bit, node_keys, push_property, skip_ws,
    Scanner, Target, REPEAT_SEARCH,
};

impl Scanner<'_, '_> {
    /// At a `;` of the main line before its first variation (`b[self.i]`): opens its node, and
    /// while the node is one move followed by the `;` of the next, that node too.
    ///
    /// Note: this is what [`run`](Scanner::run) does at each of these `;` (its white space
    /// skipped by [`quick_move`] already): the frame is the same, still of the main line with no
    /// child opened, so each `;` opens a node of the main line, and `quick_move` is tried. A
    /// node whose move `quick_move` reads is kept whole: no property is stored in the tree's
    /// lists, so every node of the run starts and ends at the lists' end. Not inlined: the
    /// loop then has registers of its own (the scanner's loop is called once for each run).
    #[inline(never)]
    pub(super) fn main_nodes(&mut self) {
        let b = self.b;
        let quick = self.quick();
        self.target = Target::Main;
        let Some(t) = self.tree.as_mut() else {
            self.i += 1;
            return;
        };
        let mut end = t.props.len();
        let mut at = self.i;
        loop {
            // The usual nodes, `;B[pd]` each followed by the `;` of the next (or by a line
            // break, then that `;`), a word at a time.
            while let Some(&word) = b.get(at..).and_then(|r| r.first_chunk::<8>()) {
                // A full list ends the run (`quick_move` reads the node then, and the list
                // grows): the push below never grows it, and its length stays in a register.
                if t.nodes.len() == t.nodes.capacity() {
                    break;
                }
                let Some((held, plain, step)) = quick.then(|| word_move(word)).flatten() else {
                    break;
                };
                t.nodes.push(move_node(end, at, held, plain));
                #[cfg(test)]
                {
                    self.out.quick_moves += 1;
                    self.out.word_moves += 1;
                    self.out.line_words += usize::from(step == 7);
                }
                at += step;
            }
            let Some((held, plain, next)) = quick.then(|| quick_move(b, at + 1)).flatten() else {
                t.nodes.push(move_node(end, at, Held::NONE, Plain::NONE));
                self.i = at + 1;
                return;
            };
            t.nodes.push(move_node(end, at, held, plain));
            #[cfg(test)]
            {
                self.out.quick_moves += 1;
            }
            // `;B[pd]BL[297.3]`: the properties after the move stored where `plain_property`
            // reads them.
            let mut next = next;
            while b.get(next).is_some_and(|&c| c != b';') {
                let Some(k) = plain_property(t, &mut self.keys_seen, b, next) else {
                    break;
                };
                end = t.props.len();
                #[cfg(test)]
                {
                    self.out.more_props += 1;
                }
                next = k;
            }
            if next >= b.len() || b[next] != b';' {
                self.i = next;
                return;
            }
            at = next;
        }
    }
}

/// The node of a move at `at` read by the quick path, with no property kept in the lists (all
/// its properties end at `end`, where the next property would start).
#[inline(always)]
fn move_node(end: usize, at: usize, held: Held, plain: Plain) -> NodeAt {
    NodeAt {
        from: end,
        to: end,
        at,
        held,
        plain,
    }
}

/// A property of the node of the main line the tree holds last (the scanner's target), its
/// identifier at `b[i]`, where it is plain: one or two capitals directly followed by `[`, not
/// `CA`, none of the node's identifiers so far, the node's 30th property at most, and values
/// that are each a slice (no `]` or `\\` inside, and for a text property, text that can follow
/// a value after its `]`). The node's move, where kept whole, and the property are stored in
/// `t`'s lists as `property` stores them, and `keys_seen` kept as `keep_property` keeps it;
/// where the scanner goes on (after the white space that follows the values). `None` where
/// `property` must read it: nothing is stored then but the move spelled out, which `property`
/// does first.
///
/// Note: for such a property `property` reads the identifier as written (no note), spells the
/// move out (`spell_out_last`), reads each value as a slice (`values`) and stops at the next
/// byte that is not white space nor `[`; `keep_property` then notes no `CA`, finds the node's
/// keys (`keys_seen`, taken from the node's list where it is another node's), finds no repeat
/// (no key of the node is this one's, and it has fewer than `REPEAT_SEARCH` properties),
/// pushes the property, marks `held`, and notes `plain` where the property is the node's
/// first: the same steps, here.
#[inline(always)]
fn plain_property(
    t: &mut RawTree<'_>,
    keys_seen: &mut (usize, u64),
    b: &[u8],
    i: usize,
) -> Option<usize> {
    let (key, id_end) = match *b.get(i..)? {
        [x, b'[', ..] if x.is_ascii_uppercase() => (Key::one(x), i + 1),
        [x, y, b'[', ..] if x.is_ascii_uppercase() && y.is_ascii_uppercase() => {
            (Key::two(x, y), i + 2)
        }
        _ => return None,
    };
    let node = *t.nodes.last()?;
    // Keys of at most seven bytes are equal where the identifiers are (see `Key`).
    if key == const { Key::of("CA") }
        || node.to - node.from + 2 > REPEAT_SEARCH
        || t.props[node.from..node.to].iter().any(|p| p.key == key)
        || node.lone().is_some_and(|l| l.key == key)
    {
        return None;
    }
    t.spell_out_last();
    let text = is_text_property(key);
    let from = t.values.len();
    let mut j = id_end;
    loop {
        let k = skip_ws(b, j);
        if b.get(k) != Some(&b'[') {
            j = k;
            break;
        }
        let start = k + 1;
        let stop = start + find_stop(&b[start..]);
        if b.get(stop) != Some(&b']') || (text && !can_follow_value(b, stop + 1)) {
            t.values.truncate(from);
            return None;
        }
        t.values.push(Span { start, end: stop });
        j = stop + 1;
    }
    node_keys(keys_seen, t, t.nodes.len() - 1);
    keys_seen.1 |= key_bit(key);
    let id = Span {
        start: i,
        end: id_end,
    };
    push_property(t, b, id, key, from);
    Some(j)
}

impl Scanner<'_, '_> {
    /// At the first letter of a property (`b[at]`): where the scanner's target is a node of the
    /// main line and [`plain_property`] reads the property, the property stored, and where the
    /// scanner goes on; `None` where `property` must read it.
    #[inline]
    pub(super) fn quick_property(&mut self, at: usize) -> Option<usize> {
        if self.target != Target::Main || !self.quick() {
            return None;
        }
        let t = self.tree.as_mut()?;
        let k = plain_property(t, &mut self.keys_seen, self.b, at)?;
        #[cfg(test)]
        {
            self.out.more_props += 1;
        }
        Some(k)
    }

    /// Just after the `;` of a node of a variation (a frame off the main line, the node
    /// discarded): skips its move where [`quick_move`] reads it, and while a `;` follows, the
    /// move of that node too.
    ///
    /// Note: this is what [`run`](Scanner::run) does for these nodes: `property` reads the move
    /// (one capital, one value with no `]` or `\` inside, then white space and no `[`), stores
    /// nothing off the main line and notes nothing for it; at each `;` the frame is the same,
    /// off the main line, so its node is discarded as this one was, with no note.
    #[inline(never)]
    pub(super) fn discard_moves(&mut self) {
        if !self.quick() {
            return;
        }
        let b = self.b;
        while let Some((_, _, next)) = quick_move(b, self.i) {
            self.i = next;
            if next >= b.len() || b[next] != b';' {
                return;
            }
            self.i = next + 1;
        }
    }
}

/// The usual node of a main line, `;B[pd]`, and the `;` of the next one, as the eight bytes
/// `word` from its `;` on: which of `B` and `W` it holds, its value's note, and how far the
/// next node's `;` is (6); or, where a line break comes between (`;B[pd]\n;`), 7. `None` where
/// [`quick_move`] must read it.
///
/// Note: where the word holds `;`, one of `B` and `W`, `[`, two ASCII letters, `]` and `;`,
/// `quick_move(b, at + 1)` (`at` the node's `;`) reads the same five bytes `B[pd]` (the same
/// `Held` and `Plain`), and the white space after them is none (`;` is not white space, nor
/// `[`), so it gives `at + 6`, where `main_nodes` then finds the `;` of the next node: the node
/// is kept as it keeps it, and the loop goes on at `at + 6`. With `\n` before that `;`, the white
/// space is the `\n` alone, and `quick_move` gives `at + 7`, the `;`: the loop goes on there.
/// The eighth byte is looked at only for the line break (a word is read where eight bytes
/// remain; else `quick_move` reads the node).
#[inline(always)]
fn word_move(word: [u8; 8]) -> Option<(Held, Plain, usize)> {
    const MASK: u64 = u64::from_le_bytes([0xFF, 0, 0xFF, 0, 0, 0xFF, 0xFF, 0]);
    const WANT: u64 = u64::from_le_bytes([b';', 0, b'[', 0, 0, b']', b';', 0]);
    const LINE_MASK: u64 = u64::from_le_bytes([0xFF, 0, 0xFF, 0, 0, 0xFF, 0xFF, 0xFF]);
    const LINE: u64 = u64::from_le_bytes([b';', 0, b'[', 0, 0, b']', b'\n', b';']);
    let w = u64::from_le_bytes(word);
    let step = if w & MASK == WANT {
        6
    } else if w & LINE_MASK == LINE {
        7
    } else {
        return None;
    };
    let [_, c, _, x, y, ..] = w.to_le_bytes();
    let held = match c {
        b'B' => Held::B,
        b'W' => Held::W,
        _ => return None,
    };
    let plain = Plain::two(x, y);
    plain.is_noted().then_some((held, plain, step))
}

/// The usual first property of a main-line node opened at `b[i - 1]`, `B[pd]` or `W[]`: which
/// of the two, its value's note, and where the scanner goes on (after the white space that
/// follows); `None` where the general reader must read the node.
///
/// Note: this is what [`property`](Scanner::property) reads for it: an identifier of one
/// capital directly followed by `[` (no note, an identifier as written), a property that is not
/// text (`]` ends its value), a value of two ASCII letters or none (as written: it lies between
/// the ASCII `[` and `]`, at character boundaries; `Plain` notes it), and after the white space
/// that follows, no `[` of a second value (then `property` is left to read it all). The node
/// has just been opened, so the property repeats none. Any other value (`B[1a]`) is left to
/// `property`. It is inlined into the loops of [`Scanner::main_nodes`] and
/// [`Scanner::discard_moves`].
#[inline(always)]
fn quick_move(b: &[u8], i: usize) -> Option<(Held, Plain, usize)> {
    // The five bytes of `B[pd]` at once, else the three of `B[]`.
    let (c, plain, end) = match b.get(i..i + 5) {
        Some(&[c, b'[', x, y, b']']) => (c, Plain::two(x, y), i + 5),
        _ => match b.get(i..i + 3) {
            Some(&[c, b'[', b']']) => (c, Plain::EMPTY, i + 3),
            _ => return None,
        },
    };
    let held = match c {
        b'B' => Held::B,
        b'W' => Held::W,
        _ => return None,
    };
    if !plain.is_noted() {
        return None;
    }
    let k = skip_ws(b, end);
    if k < b.len() && b[k] == b'[' {
        return None;
    }
    Some((held, plain, k))
}
