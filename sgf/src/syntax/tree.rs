//! The main line the scanner keeps of a game tree: its nodes, their properties and the values,
//! each a place in the text (r[rec.main-line]).
//!
//! Note: a value or an identifier is kept as the bytes it spans in the text, read back as text
//! only when asked for; the only copies are escaped values and `FF[3]` identifiers, in a list of
//! their own. The lists hold plain numbers, so building and dropping a tree is three
//! allocations, not one per value.

use super::Note;

/// Where a value or an identifier is: bytes `start..end` of the text, or, where `start` is
/// [`Span::OWNED`], string `end` of the tree's list of copies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    /// No text is this long: the mark of a copied value.
    pub const OWNED: usize = usize::MAX;

    /// The text the span names. The scanner makes spans only between ASCII bytes (`[`, `]`,
    /// the ends of an identifier), so they lie at character boundaries.
    pub(super) fn str<'t>(self, text: &'t str, owned: &'t [String]) -> &'t str {
        if self.start == Span::OWNED {
            &owned[self.end]
        } else {
            &text[self.start..self.end]
        }
    }

    /// [`str`](Self::str)'s bytes, without looking for character boundaries.
    pub(super) fn bytes<'t>(self, text: &'t str, owned: &'t [String]) -> &'t [u8] {
        if self.start == Span::OWNED {
            owned[self.end].as_bytes()
        } else {
            &text.as_bytes()[self.start..self.end]
        }
    }
}

/// Which of the properties that the reading of moves and setup asks about a node holds: found
/// as the scanner stores each property, so that a node of a move is read without a search of
/// its list.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Held(u8);

impl Held {
    pub const NONE: Held = Held(0);
    pub const B: Held = Held(1);
    pub const W: Held = Held(2);
    pub const AB: Held = Held(4);
    pub const AW: Held = Held(8);
    pub const AE: Held = Held(16);
    pub const PL: Held = Held(32);
    pub const RESUME: Held = Held(64);
    /// `B` or `W`.
    pub const MOVE: Held = Held(1 | 2);
    /// `AB`, `AW` or `AE`.
    pub const SETUP: Held = Held(4 | 8 | 16);

    /// The bit of the identifier of key `key`, if it is one of those.
    ///
    /// Note: the identifiers named are at most seven bytes long, so their keys are theirs alone
    /// (see [`Key`]).
    pub(super) fn of(key: Key) -> Held {
        const B: u64 = Key::of("B").0;
        const W: u64 = Key::of("W").0;
        const AB: u64 = Key::of("AB").0;
        const AW: u64 = Key::of("AW").0;
        const AE: u64 = Key::of("AE").0;
        const PL: u64 = Key::of("PL").0;
        const RESUME: u64 = Key::of("RESUME").0;
        // The identifiers of `KEYS`, in a `match` (a word compared with each in turn cost
        // some ten instructions a property).
        match key.0 {
            B => Held::B,
            W => Held::W,
            AB => Held::AB,
            AW => Held::AW,
            AE => Held::AE,
            PL => Held::PL,
            RESUME => Held::RESUME,
            _ => Held::NONE,
        }
    }

    /// The identifiers of the bits, by key.
    const KEYS: [(Key, Held); 7] = [
        (Key::of("B"), Held::B),
        (Key::of("W"), Held::W),
        (Key::of("AB"), Held::AB),
        (Key::of("AW"), Held::AW),
        (Key::of("AE"), Held::AE),
        (Key::of("PL"), Held::PL),
        (Key::of("RESUME"), Held::RESUME),
    ];

    /// The key of the identifier of bit `self` (one bit; `RESUME`'s for any other value).
    #[inline]
    pub(super) fn key(self) -> Key {
        const KEYS: [Key; 7] = {
            let mut keys = [Key(0); 7];
            let mut i = 0;
            while i < 7 {
                keys[i] = Held::KEYS[i].0;
                i += 1;
            }
            keys
        };
        match self {
            Held::B => KEYS[0],
            Held::W => KEYS[1],
            Held::AB => KEYS[2],
            Held::AW => KEYS[3],
            Held::AE => KEYS[4],
            Held::PL => KEYS[5],
            _ => KEYS[6],
        }
    }

    /// Whether every bit of `other` is held.
    pub fn contains(self, other: Held) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether a bit of `other` is held.
    pub fn intersects(self, other: Held) -> bool {
        self.0 & other.0 != 0
    }

    pub(super) fn add(&mut self, other: Held) {
        self.0 |= other.0;
    }
}

/// The low half of the word ([`RawTree::node_words`]) of a node that holds bits `held` and no
/// other, its first property's value noted as two letters (`Plain::two`); the two letters are
/// the high half.
pub const fn move_word(held: Held) -> u32 {
    held.0 as u32 | 2 << 8
}

/// `v.trim()`, without looking at each character where the ends are printable ASCII (the
/// usual value, `pd`, `B+R`, `6.5`): such a value has no white space to trim at either end.
pub fn trim(v: &str) -> &str {
    match v.as_bytes() {
        [first, .., last] | [first @ last]
            if first.is_ascii_graphic() && last.is_ascii_graphic() =>
        {
            v
        }
        _ => v.trim(),
    }
}

/// An identifier's first seven bytes and its length in one word: properties are found by
/// comparing words, and only identifiers of the same key compare their text.
///
/// Note: equal identifiers have equal keys, so comparing the key first changes no answer; and
/// identifiers of at most seven bytes with equal keys are equal (the same length, the same
/// bytes), so only longer ones compare their text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Key(pub(super) u64);

impl Key {
    /// The key of the identifier of the one byte `x`.
    #[inline]
    pub const fn one(x: u8) -> Key {
        Key(1 | (x as u64) << 8)
    }

    /// The key of the identifier of the two bytes `x`, `y`.
    #[inline]
    pub const fn two(x: u8, y: u8) -> Key {
        Key(2 | (x as u64) << 8 | (y as u64) << 16)
    }

    #[inline]
    pub const fn of(id: &str) -> Key {
        let b = id.as_bytes();
        // The usual identifiers, of one or two letters, without the loop.
        match *b {
            [x] => return Key::one(x),
            [x, y] => return Key::two(x, y),
            _ => {}
        }
        let mut k = if b.len() < 255 { b.len() } else { 255 } as u64;
        let mut i = 0;
        while i < b.len() && i < 7 {
            k |= (b[i] as u64) << (8 * (i + 1));
            i += 1;
        }
        Key(k)
    }
}

/// A property inside its tree: the identifier and where its values are in the tree's list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct PropAt {
    pub id: Span,
    pub key: Key,
    pub from: usize,
    pub to: usize,
}

/// A node inside its tree: where its properties are in the tree's list, which it holds, and
/// its first property's value where that is a plain move.
///
/// Note: laid out as written (`repr(C)`), so that `held` and `plain` are four bytes in a row,
/// read as one word ([`NodeAt::word`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C)]
pub(super) struct NodeAt {
    pub from: usize,
    pub to: usize,
    pub at: usize,
    pub held: Held,
    pub plain: Plain,
}

/// The one property of a node the quick path kept whole: its key, identifier and value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Lone {
    pub key: Key,
    pub id: Span,
    pub value: Span,
}

impl NodeAt {
    /// `held` and `plain` in one word, low byte first: the bits of `held`, the note's length
    /// (`u8::MAX` where none), and its two bytes (zero where fewer).
    #[inline(always)]
    fn word(&self) -> u32 {
        let [x, y] = self.plain.xy;
        u32::from_le_bytes([self.held.0, self.plain.len, x, y])
    }

    /// The node of a plain move as the quick path keeps it (`;B[pd]`, `;W[]`), its property
    /// and value in the node alone, not in the tree's lists: a node of no property there, its
    /// `held` `B` or `W` and its `plain` noted. Its property, where the node is one.
    ///
    /// Note: the quick path keeps a node so only where `B` or `W` directly follows the `;` at
    /// `at`, and `[`, the value noted (none, or two ASCII letters) and `]` follow it: the
    /// identifier is byte `at + 1`, the value starts at `at + 3`. Any other node with no
    /// property in the lists holds none (`held` is set as a property is stored), and a
    /// property stored on a node kept whole first moves its move into the lists
    /// (`RawTree::spell_out_last`).
    #[inline]
    pub fn lone(&self) -> Option<Lone> {
        if self.from != self.to {
            return None;
        }
        let key = match self.held {
            Held::B => const { Key::of("B") },
            Held::W => const { Key::of("W") },
            _ => return None,
        };
        let start = self.at + 3;
        let len = self.plain.bytes()?.len();
        Some(Lone {
            key,
            id: Span {
                start: self.at + 1,
                end: self.at + 2,
            },
            value: Span {
                start,
                end: start + len,
            },
        })
    }
}

/// The value of a node's first property where that property is `B` or `W` with one value,
/// not escaped, empty or two ASCII letters: noted as the scanner stores the property, so that
/// the move of the node is read without looking up its property and value
/// ([`RawTree::lone_move`]).
///
/// Note: the note is made where the node's first property is stored (by the quick path or by
/// `keep_property`, from the same bytes, so a tree is the same either way), and taken back
/// where the node's properties are merged (`merge_duplicates`: the first property's values may
/// grow). A value of ASCII bytes is never decoded again (`decode_values`), so it stays as noted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(C)]
pub(super) struct Plain {
    len: u8,
    xy: [u8; 2],
}

impl Plain {
    /// No note: the first property is not such a move.
    pub const NONE: Plain = Plain {
        len: u8::MAX,
        xy: [0; 2],
    };

    /// The note of an empty value.
    pub const EMPTY: Plain = Plain { len: 0, xy: [0; 2] };

    /// The note of a value of bytes `v` of a `B` or `W` that is a node's first property and has
    /// one value, not escaped.
    #[inline]
    pub fn of(v: &[u8]) -> Plain {
        match *v {
            [] => Plain::EMPTY,
            [x, y] => Plain::two(x, y),
            _ => Plain::NONE,
        }
    }

    /// The note of a value of the two bytes `x`, `y`: noted where both are ASCII letters.
    ///
    /// Note: `c | 0x20` folds the capitals onto the small letters and no other byte onto them,
    /// so a byte is a letter where `(c | 0x20) - b'a'` (wrapping) is below 26. Both bytes are
    /// told at once in a word of two: `d = (xy | 0x2020) - 0x6161`; a byte of `d` below 26 is
    /// one whose sum with 0x66 stays below 0x80, and one of 0x80 or more has its top bit set in
    /// `d` itself. A borrow out of the low byte (its byte not a letter: it wrapped to 0xBF or
    /// more) and a carry out of it in the sum (0x9A or more) both leave the low byte's top bit
    /// set, so the high byte, changed by one, decides nothing. The unit test
    /// `plain_two_tells_letters_as_bytes_do` compares every pair with the byte-wise test.
    #[inline]
    pub fn two(x: u8, y: u8) -> Plain {
        let d = (u16::from_le_bytes([x, y]) | 0x2020).wrapping_sub(0x6161);
        if (d.wrapping_add(0x6666) | d) & 0x8080 == 0 {
            Plain { len: 2, xy: [x, y] }
        } else {
            Plain::NONE
        }
    }

    /// Whether a value is noted.
    #[inline]
    pub fn is_noted(&self) -> bool {
        self.len != u8::MAX
    }

    /// The value's bytes, where noted.
    #[inline]
    fn bytes(&self) -> Option<&[u8]> {
        self.xy.get(..usize::from(self.len))
    }
}

/// One game tree: its main line, where it starts, how many variations it has. The nodes, their
/// properties and their values are kept in three lists per tree, not in a list per node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawTree<'a> {
    pub(super) text: &'a str,
    pub(super) nodes: Vec<NodeAt>,
    pub(super) props: Vec<PropAt>,
    pub(super) values: Vec<Span>,
    /// The values and identifiers that are not as written: escaped values, `FF[3]` identifiers.
    pub(super) owned: Vec<String>,
    pub at: usize,
    pub variations: usize,
    pub notes: Vec<Note>,
    /// The main-line nodes that repeat a property (r[rec.recover]), in order.
    pub(super) repeats: Vec<usize>,
    /// The first value of the first `CA` of the main line, and the byte offset of its node.
    pub(super) ca: Option<(Span, usize)>,
}

/// A tree's three lists.
type Lists = (Vec<NodeAt>, Vec<PropAt>, Vec<Span>);

thread_local! {
    /// The lists of a game tree read before on this thread, emptied, for the next tree
    /// ([`RawTree::recycle`], [`RawTree::lists`]): a file's tree then costs no allocation.
    static SPARE: std::cell::Cell<Option<Lists>> = const { std::cell::Cell::new(None) };
}

/// The most entries of a list [`RawTree::recycle`] keeps for the next tree (room the scanner
/// gives a new tree's nodes at most, see `open_tree`; more for the properties and values, as
/// a tree with a few long setup lists holds).
const SPARE_ROOM: usize = 4096;

impl<'a> RawTree<'a> {
    /// Lists for a new tree, with room for `nodes` nodes and `few` properties and values: the
    /// lists of the tree recycled last on this thread, emptied, where they have that room.
    pub(super) fn lists(nodes: usize, few: usize) -> Lists {
        let (mut n, mut p, mut v) = SPARE.take().unwrap_or_default();
        if n.capacity() < nodes {
            n = Vec::with_capacity(nodes);
        }
        if p.capacity() < few {
            p = Vec::with_capacity(few);
        }
        if v.capacity() < few {
            v = Vec::with_capacity(few);
        }
        (n, p, v)
    }

    /// Gives the tree's lists, emptied, to the next tree read on this thread
    /// (`RawTree::lists`), where none is longer than `SPARE_ROOM` (4,096); the rest of the tree
    /// is dropped.
    pub fn recycle(self) {
        let RawTree {
            mut nodes,
            mut props,
            mut values,
            ..
        } = self;
        if [nodes.capacity(), props.capacity(), values.capacity()]
            .iter()
            .all(|&c| c <= SPARE_ROOM)
        {
            nodes.clear();
            props.clear();
            values.clear();
            SPARE.set(Some((nodes, props, values)));
        }
    }

    /// The number of nodes of the main line.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the main line has no node.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Where node `i` holds `B` or `W` and none of the other identifiers of [`Held`], and that
    /// property has one value: which of the two it holds, and the bytes of the value (what
    /// `held_values` of the node gives, read without a view of the node).
    #[inline]
    pub fn lone_move(&self, i: usize) -> Option<(Held, &[u8])> {
        let n = self.nodes.get(i)?;
        if n.held == Held::B || n.held == Held::W {
            // The first property is then the one `B` or `W` of the node (see `Plain`).
            if let Some(v) = n.plain.bytes() {
                return Some((n.held, v));
            }
        }
        let key = match n.held {
            Held::B => const { Key::of("B") },
            Held::W => const { Key::of("W") },
            _ => return None,
        };
        let p = self
            .props
            .get(n.from..n.to)?
            .iter()
            .find(|p| p.key == key)?;
        match self.values.get(p.from..p.to)? {
            [s] => Some((n.held, s.bytes(self.text, &self.owned))),
            _ => None,
        }
    }

    /// The moves of nodes `i`, `i + 1`, … that [`lone_move`](Self::lone_move) reads from the
    /// node alone, up to the first node that is not one: each node's `Held::B` or `Held::W`
    /// and its value as noted (none, or two ASCII letters).
    ///
    /// Note: these are the nodes that hold `B` or `W` and none of the other identifiers of
    /// [`Held`], where that property is the node's first and its one value is noted (`Plain`);
    /// `lone_move` gives the same for each. A node it reads by its property instead (`B` not
    /// first, an escaped value) ends the run.
    #[inline]
    pub fn plain_moves(&self, i: usize) -> impl Iterator<Item = (Held, &[u8])> + '_ {
        let nodes = self.nodes.get(i..).unwrap_or_default();
        nodes.iter().map_while(|n| {
            if n.held == Held::B || n.held == Held::W {
                n.plain.bytes().map(|v| (n.held, v))
            } else {
                None
            }
        })
    }

    /// The words of nodes `i`, `i + 1`, … to the end: each node's [`Held`] bits, its value's
    /// note (`Plain`: the length, `u8::MAX` where none, then the two bytes), low byte first.
    /// [`move_word`] gives the low half of the word of a node of `B` or `W` alone whose value
    /// is noted as two letters.
    #[inline]
    pub fn node_words(&self, i: usize) -> impl Iterator<Item = u32> + '_ {
        let nodes = self.nodes.get(i..).unwrap_or_default();
        nodes.iter().map(NodeAt::word)
    }

    /// [`plain_moves`](Self::plain_moves) from node `i` on while the nodes' bits are `first`,
    /// then the other of `Held::B` and `Held::W`, and so on in turn: the values alone.
    ///
    /// Note: a bit that is the one expected is `B` or `W`, so the nodes given are those
    /// `plain_moves` gives, up to the first whose bit is not the one expected.
    #[inline]
    pub fn alternate_moves(&self, i: usize, first: Held) -> impl Iterator<Item = &[u8]> + '_ {
        let nodes = self.nodes.get(i..).unwrap_or_default();
        let mut want = first;
        // `B` and `W` are bits 1 and 2: the other of the two is the one not set.
        let other = Held::B.0 | Held::W.0;
        nodes.iter().map_while(move |n| {
            if n.held != want || !(want == Held::B || want == Held::W) {
                return None;
            }
            want = Held(want.0 ^ other);
            n.plain.bytes()
        })
    }

    /// Gives back the room the scanner kept for lists longer than the tree's (a file of many
    /// small game trees must not keep that room for each).
    pub(super) fn shrink(&mut self) {
        fn fit<T>(v: &mut Vec<T>) {
            if v.capacity() > 2 * v.len() + 8 {
                v.shrink_to_fit();
            }
        }
        fit(&mut self.nodes);
        fit(&mut self.props);
        fit(&mut self.values);
    }

    /// Where the last node is kept whole ([`NodeAt::lone`]): its property and value moved into
    /// the lists, as the scanner's general path stores them, before a second property of the
    /// node is stored after it.
    #[inline]
    pub(super) fn spell_out_last(&mut self) {
        let Some(n) = self.nodes.last_mut() else {
            return;
        };
        let Some(lone) = n.lone() else {
            return;
        };
        let from = self.values.len();
        self.values.push(lone.value);
        self.props.push(PropAt {
            id: lone.id,
            key: lone.key,
            from,
            to: from + 1,
        });
        n.to = self.props.len();
    }

    /// The tree with every node kept whole spelled out (`spell_out_last`), and its lists in
    /// the order of the nodes: a tree read with the quick path and without it are then equal.
    #[cfg(test)]
    pub(super) fn spelled_out(&self) -> RawTree<'a> {
        let mut out = RawTree {
            nodes: Vec::new(),
            props: Vec::new(),
            values: Vec::new(),
            ..self.clone()
        };
        for n in &self.nodes {
            let from = out.props.len();
            out.nodes.push(NodeAt {
                from,
                to: from,
                ..*n
            });
            if n.lone().is_some() {
                out.spell_out_last();
            }
            for p in &self.props[n.from..n.to] {
                let start = out.values.len();
                out.values.extend_from_slice(&self.values[p.from..p.to]);
                out.props.push(PropAt {
                    from: start,
                    to: out.values.len(),
                    ..*p
                });
            }
            if let Some(last) = out.nodes.last_mut() {
                last.to = out.props.len();
            }
        }
        out
    }

    /// The first `CA` property of the main line, as written, and the byte offset of its node.
    pub(super) fn first_ca(&self) -> Option<(&str, usize)> {
        self.ca.map(|(v, at)| (trim(self.str(v)), at))
    }

    /// Gives `each` the values of the main line that must be decoded from the bytes, in order,
    /// until it returns `false`: the index of each in the list of values, where it is, and its bytes as written, unescaped (the tree of
    /// a file read by `parse_raw`, where `raw` are the bytes; a copied value holds one byte a
    /// `char`). A value that is not copied needs it where it holds bytes that are not ASCII, or,
    /// for `utf8`, where the text the scanner read differs from the bytes (an ill-formed
    /// sequence, masked).
    ///
    /// Note: a plain loop over the nodes, their properties and their values, each value told
    /// ASCII or not at once (the chain of `flat_map`s it replaces cost some 150 instructions a
    /// value). A value of ASCII bytes is as the scanner read it in either case: the masked text
    /// differs from the bytes only at bytes of ill-formed sequences, never ASCII.
    fn each_foreign<'s>(
        &'s self,
        raw: &'s [u8],
        utf8: bool,
        mut each: impl FnMut(usize, usize, std::borrow::Cow<'s, [u8]>) -> bool,
    ) {
        let read = self.text.as_bytes();
        for n in &self.nodes {
            // Most nodes hold no property in the lists (a move the quick path kept whole).
            if n.from == n.to {
                continue;
            }
            for p in &self.props[n.from..n.to] {
                for i in p.from..p.to {
                    let s = self.values[i];
                    let (bytes, at) = if s.start == Span::OWNED {
                        let v = &self.owned[s.end];
                        if v.is_ascii() {
                            continue;
                        }
                        // Room for every byte at once (a character is at least one byte).
                        let mut bytes = Vec::with_capacity(v.len());
                        bytes.extend(v.chars().map(|c| c as u32 as u8));
                        (std::borrow::Cow::Owned(bytes), n.at)
                    } else {
                        let v = &raw[s.start..s.end];
                        if v.is_ascii() || (utf8 && v == &read[s.start..s.end]) {
                            continue;
                        }
                        (std::borrow::Cow::Borrowed(v), s.start)
                    };
                    if !each(i, at, bytes) {
                        return;
                    }
                }
            }
        }
    }

    /// r[rec.decode.mismatch]: the byte offset of the first value of the main line that does not
    /// decode in `enc` (the value's, or its node's where the value was escaped).
    pub(super) fn first_undecodable(
        &self,
        raw: &[u8],
        enc: &'static encoding_rs::Encoding,
    ) -> Option<usize> {
        let mut first = None;
        self.each_foreign(raw, enc == encoding_rs::UTF_8, |_, at, bytes| {
            if crate::decode::value_decodes(enc, &bytes) {
                return true;
            }
            first = Some(at);
            false
        });
        first
    }

    /// r[rec.decode.values]: decodes in `enc` each value of the main line that holds bytes that
    /// are not ASCII; the number of byte sequences replaced by U+FFFD (r[rec.decode.replace]).
    pub(super) fn decode_values(
        &mut self,
        raw: &[u8],
        enc: &'static encoding_rs::Encoding,
    ) -> usize {
        let mut decoded: Vec<(usize, String, usize)> = Vec::new();
        self.each_foreign(raw, enc == encoding_rs::UTF_8, |i, _, bytes| {
            let (text, replaced) = crate::decode::decode_value(enc, &bytes);
            decoded.push((i, text, replaced));
            true
        });
        let mut replaced = 0;
        for (i, text, n) in decoded {
            replaced += n;
            self.owned.push(text);
            self.values[i] = Span {
                start: Span::OWNED,
                end: self.owned.len() - 1,
            };
        }
        replaced
    }

    /// The text of identifier or value `s`.
    pub(super) fn str(&self, s: Span) -> &str {
        s.str(self.text, &self.owned)
    }

    /// r[rec.recover] (`duplicate-property`): the values of a property repeated in a node are
    /// merged into its first occurrence, in place (a rare repair: only the nodes the scanner saw
    /// repeat a property, or that hold many, are visited).
    ///
    /// Note: one pass over the node's properties, the first occurrence of each found by its key
    /// (then its identifier where the key leaves a doubt, see [`Key`]), and each merged list of
    /// values written once at the end of the values: linear in the node's properties and values,
    /// however many repeat (a node of 20,000 `C[x]` once took 3 GB, each repeat copying the
    /// values before it).
    pub(super) fn merge_duplicates(&mut self) {
        for n in std::mem::take(&mut self.repeats) {
            let NodeAt { from, to, at, .. } = self.nodes[n];
            // The properties kept are moved down to `from..kept`, in the order of their first
            // occurrence; `ranges[k]` lists the values of kept property `from + k`.
            // A node of a few properties searches those kept, with no map to build (the usual
            // repeat, the Fox server's two `AP`, costs a few comparisons).
            let small = to - from <= 2 * super::REPEAT_SEARCH;
            let mut firsts: std::collections::HashMap<u64, Vec<usize>> = Default::default();
            // For kept property `from + k`: `kept_values[k]`, its first values and how often it
            // occurs; `again` the values of each later occurrence, `(k, values)`, in order (no
            // list per property kept: a node of twenty properties made twenty lists).
            let mut kept_values: Vec<(usize, usize, usize)> = Vec::with_capacity(to - from);
            let mut again: Vec<(usize, usize, usize)> = Vec::new();
            let mut kept = from;
            for i in from..to {
                let p = self.props[i];
                // Identifiers of at most seven bytes are told by their keys alone (the key's
                // low byte is the length): only longer ones compare their text.
                let short = p.key.0 & 0xff <= 7;
                let same = |k: usize| {
                    let q = self.props[k];
                    q.key == p.key && (short || self.str(q.id) == self.str(p.id))
                };
                let first = if small {
                    self.props[from..kept]
                        .iter()
                        .position(|q| q.key == p.key && (short || self.str(q.id) == self.str(p.id)))
                        .map(|k| from + k)
                } else {
                    firsts
                        .get(&p.key.0)
                        .and_then(|l| l.iter().copied().find(|&k| same(k)))
                };
                let Some(k) = first else {
                    if !small {
                        firsts.entry(p.key.0).or_default().push(kept);
                    }
                    self.props[kept] = p;
                    kept_values.push((p.from, p.to, 1));
                    kept += 1;
                    continue;
                };
                again.push((k - from, p.from, p.to));
                kept_values[k - from].2 += 1;
                // One warning for each property repeated, however often.
                if kept_values[k - from].2 > 2 {
                    continue;
                }
                let text = format!(
                    "{} appears more than once in the node; its values are merged (r[rec.recover])",
                    self.str(p.id)
                );
                self.notes.push(Note {
                    kind: "duplicate-property",
                    at,
                    node: Some(n),
                    text,
                });
            }
            // A stable sort: each property's later occurrences stay in the order written.
            again.sort_by_key(|r| r.0);
            let mut later = again.iter().peekable();
            for (k, &(a, b, seen)) in kept_values.iter().enumerate() {
                if seen < 2 {
                    continue;
                }
                let start = self.values.len();
                self.values.extend_from_within(a..b);
                while let Some(&(_, a, b)) = later.next_if(|r| r.0 == k) {
                    self.values.extend_from_within(a..b);
                }
                self.props[from + k].from = start;
                self.props[from + k].to = self.values.len();
            }
            self.nodes[n].to = kept;
            // The first property's values may have grown: its note is taken back.
            self.nodes[n].plain = Plain::NONE;
        }
    }
}
