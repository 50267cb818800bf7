//! r[rec.syntax], r[rec.recover], r[rec.trees], r[rec.main-line]: from text to the main lines of
//! the game trees of a collection, repairing the damage r[rec.recover] lists.
//!
//! Note: only the main line of each game tree is kept (r[rec.main-line]); variations are scanned,
//! so that their brackets and parentheses are matched, and counted, but not stored. The scanner is
//! a loop over bytes with an explicit stack, never a recursion, so that no nesting depth can
//! overflow the call stack.

mod bytes;
mod quick;
mod tree;
mod view;

use bytes::{
    can_follow_value, find_stop, is_text_property, is_ws, key_bit, property_follows, skip_ws,
};
use std::borrow::Cow;
pub use tree::{move_word, trim, Held, RawTree};
use tree::{Key, Plain, PropAt, Span};
pub use view::{RawNode, RawProp, Values};

/// A warning of the syntax level: kind, byte offset, main-line node (if in one), sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub kind: &'static str,
    pub at: usize,
    pub node: Option<usize>,
    pub text: String,
}

/// The game trees of a file and the warnings about text outside all of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawCollection<'a> {
    /// The game trees kept: every one, or the one asked for ([`parse_some`]).
    pub trees: Vec<RawTree<'a>>,
    pub notes: Vec<Note>,
    /// How many game trees the file holds, kept or not.
    pub count: usize,
    /// The value of the first `CA` property of a main line and the byte offset of its node.
    ca: Option<(String, usize)>,
    /// How many properties the scanner's quick path read (for its test).
    #[cfg(test)]
    quick_moves: usize,
    /// How many of those it read as a word (`quick::word_move`, for its test).
    #[cfg(test)]
    word_moves: usize,
    /// How many of those words had a line break before the next node (`quick::word_move`).
    #[cfg(test)]
    line_words: usize,
    /// How many other properties it read (`quick::plain_property`).
    #[cfg(test)]
    more_props: usize,
}

impl RawCollection<'_> {
    /// r[rec.decode.values]: the first `CA` property of a main line, in file order (kept tree or
    /// not), and the byte offset of its node.
    pub fn first_ca(&self) -> Option<(&str, usize)> {
        self.ca.as_ref().map(|(v, at)| (v.as_str(), *at))
    }

    /// r[rec.decode.mismatch]: the byte offset of the first value of a main line that does not
    /// decode in `enc` (a collection read by [`parse_raw`] from `raw`).
    pub fn first_undecodable(
        &self,
        raw: &[u8],
        enc: &'static encoding_rs::Encoding,
    ) -> Option<usize> {
        self.trees
            .iter()
            .find_map(|t| t.first_undecodable(raw, enc))
    }

    /// r[rec.decode.values]: decodes in `enc` every value of the main lines that holds bytes that
    /// are not ASCII (a collection read by [`parse_raw`] from `raw`); the number of byte
    /// sequences replaced by U+FFFD (r[rec.decode.replace]).
    pub fn decode_values(&mut self, raw: &[u8], enc: &'static encoding_rs::Encoding) -> usize {
        self.trees
            .iter_mut()
            .map(|t| t.decode_values(raw, enc))
            .sum()
    }
}

/// Text that cannot be read (r[rec.syntax]) at byte offset `at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub at: usize,
    pub message: String,
}

/// The line and column (from 1; columns in characters) of byte offset `at` of `text`.
pub fn line_col(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// The number of properties of a node up to which each new one is compared with those before it
/// (r[rec.recover], `duplicate-property`); a node with more is left to `merge_duplicates`.
pub(super) const REPEAT_SEARCH: usize = 32;

struct Frame {
    main: bool,
    child_opened: bool,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Target {
    None,
    Main,
    Discard,
}

struct Scanner<'a, 's> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    frames: Vec<Frame>,
    tree: Option<RawTree<'a>>,
    target: Target,
    out: RawCollection<'a>,
    stray: Option<usize>,
    old_identifier_noted: bool,
    /// The node of the tree read (its index) whose properties `keys_seen` sums up, and a bit
    /// for each key among them ([`key_bit`]): a property whose bit is not set repeats none.
    keys_seen: (usize, u64),
    /// Whether `b` are the file's bytes, not valid UTF-8, and `text` them with `?` for each byte
    /// of an ill-formed UTF-8 sequence (r[rec.decode.values]): an escaped value is then copied
    /// byte for byte, each byte one `char` (U+0000 to U+00FF), to be decoded once the encoding
    /// is known.
    raw: bool,
    /// The one game tree to keep (from 1), if not all.
    keep: Option<usize>,
    /// Where each game tree kept goes as soon as it is read, instead of the collection's list
    /// ([`parse_each`]).
    sink: Option<&'s mut dyn FnMut(RawTree<'a>)>,
    /// Whether the quick path ([`Scanner::main_nodes`]) is tried: a switch for its test only (a
    /// field read in the loop measurably slowed the scanner).
    #[cfg(test)]
    quick: bool,
}

impl<'a> Scanner<'a, '_> {
    fn node_index(&self) -> Option<usize> {
        match (self.target, &self.tree) {
            (Target::Main, Some(t)) => t.nodes.len().checked_sub(1),
            _ => None,
        }
    }

    fn note(&mut self, kind: &'static str, at: usize, text: String) {
        let node = self.node_index();
        let note = Note {
            kind,
            at,
            node,
            text,
        };
        match &mut self.tree {
            Some(t) => t.notes.push(note),
            None => self.out.notes.push(note),
        }
    }

    fn stray_char(&mut self) {
        if self.stray.is_none() {
            self.stray = Some(self.i);
        }
        self.i += 1;
    }

    fn flush_stray(&mut self) {
        if let Some(at) = self.stray.take() {
            self.out.notes.push(Note {
                kind: "stray-text",
                at,
                node: None,
                text: "text outside every game tree is skipped (r[rec.recover])".into(),
            });
        }
    }

    fn open_tree(&mut self, at: usize) {
        self.flush_stray();
        // Room for the tree's nodes as the rest of the text would fill them at a node per six
        // bytes (`;B[dd]`), within a bound: fewer regrowths. The usual move node is kept whole
        // (`main_nodes`), with no property or value in the lists: they start small.
        // The lists of a tree read before are taken where they have that room (`RawTree::lists`).
        let room = ((self.text.len() - at) / 6).min(1024);
        let few = room.min(32);
        let (nodes, props, values) = RawTree::lists(room, few);
        self.tree = Some(RawTree {
            text: self.text,
            at,
            nodes,
            props,
            values,
            ..RawTree::default()
        });
        self.frames.push(Frame {
            main: true,
            child_opened: false,
        });
        self.target = Target::None;
        self.old_identifier_noted = false;
        self.keys_seen = (usize::MAX, 0);
    }

    fn finish_tree(&mut self) {
        let Some(mut tree) = self.tree.take() else {
            return;
        };
        self.target = Target::None;
        if tree.nodes.is_empty() {
            self.out.notes.push(Note {
                kind: "empty-tree",
                at: tree.at,
                node: None,
                text: "a game tree with no node is skipped (r[rec.recover])".into(),
            });
            tree.recycle();
            return;
        }
        self.out.count += 1;
        if self.out.ca.is_none() {
            self.out.ca = tree.first_ca().map(|(v, at)| (v.to_string(), at));
        }
        // A tree not asked for costs its parse and nothing more.
        if self.keep.is_some_and(|n| n != self.out.count) {
            tree.recycle();
            return;
        }
        tree.merge_duplicates();
        match &mut self.sink {
            Some(sink) => sink(tree),
            None => {
                // Each tree but the last gives back its spare room once the next is read: the
                // last keeps it, for the reader to recycle (`RawTree::recycle`).
                if let Some(before) = self.out.trees.last_mut() {
                    before.shrink();
                }
                self.out.trees.push(tree);
            }
        }
    }

    /// Reads the values after an identifier, pushing them onto the tree's list when `store`;
    /// `None` when the text ends inside one. A value without escapes is a slice of the text; only
    /// an escaped one is copied.
    fn values(&mut self, text: bool, store: bool) -> Option<()> {
        let b = self.b;
        loop {
            let k = skip_ws(b, self.i);
            if k >= b.len() || b[k] != b'[' {
                self.i = k;
                return Some(());
            }
            let start = k + 1;
            // The common value: no escape, and a `]` that ends it. Taken as a slice at once.
            let stop = start + find_stop(&b[start..]);
            if stop < b.len() && b[stop] == b']' && (!text || can_follow_value(b, stop + 1)) {
                if store {
                    if let Some(t) = self.tree.as_mut() {
                        // `[` and `]` are ASCII: the slice is at character boundaries.
                        t.values.push(Span { start, end: stop });
                    }
                }
                self.i = stop + 1;
                continue;
            }
            let (end, j, copy) = self.escaped_value(start, text)?;
            if let Some(t) = self.tree.as_mut().filter(|_| store) {
                let span = match copy {
                    // `[` and `]` are ASCII: the slice is at character boundaries.
                    None => Span { start, end },
                    // Only ASCII bytes were dropped from valid UTF-8, at character boundaries.
                    Some(v) => {
                        t.owned.push(if self.raw && !v.is_ascii() {
                            v.iter().map(|&c| char::from(c)).collect()
                        } else if self.raw {
                            // ASCII bytes are their own characters (and UTF-8): no `Err`.
                            String::from_utf8(v).unwrap_or_default()
                        } else {
                            String::from_utf8_lossy(&v).into_owned()
                        });
                        Span {
                            start: Span::OWNED,
                            end: t.owned.len() - 1,
                        }
                    }
                };
                t.values.push(span);
            }
            self.i = j;
        }
    }

    /// The value starting at `start` that is not a plain slice (it holds an escape, or a `]` that
    /// does not end it): where it ends, the byte after its `]`, and its unescaped bytes where an
    /// escape was met; `None` (the scanner at the end) when the text ends inside it.
    fn escaped_value(
        &mut self,
        start: usize,
        text: bool,
    ) -> Option<(usize, usize, Option<Vec<u8>>)> {
        let b = self.b;
        let mut copy: Option<Vec<u8>> = None;
        let mut j = start;
        let mut bracket_noted = false;
        let end = loop {
            // Up to the next byte that matters, at once (copied where a copy is made).
            let run = find_stop(&b[j.min(b.len())..]);
            if let Some(v) = &mut copy {
                v.extend_from_slice(&b[j.min(b.len())..(j + run).min(b.len())]);
            }
            j += run;
            if j >= b.len() {
                self.i = j;
                return None;
            }
            match b[j] {
                b'\\' => {
                    // Room for the bytes before the escape and the usual rest (a comment): a
                    // copy grown from its exact length regrew often.
                    let v = copy.get_or_insert_with(|| {
                        let mut v = Vec::with_capacity(j - start + 256);
                        v.extend_from_slice(&b[start..j]);
                        v
                    });
                    j += 1;
                    if j < b.len() {
                        if b[j] == b'\n' {
                            j += 1;
                        } else if b[j] == b'\r' {
                            j += 1;
                            if j < b.len() && b[j] == b'\n' {
                                j += 1;
                            }
                        } else {
                            v.push(b[j]);
                            j += 1;
                        }
                    }
                }
                b']' if !text || can_follow_value(b, j + 1) => {
                    j += 1;
                    break j - 1;
                }
                b']' => {
                    if !bracket_noted {
                        bracket_noted = true;
                        self.note(
                            "unescaped-bracket",
                            j,
                            "a `]` followed by text that can follow no value is part of the value (r[rec.recover])".into(),
                        );
                    }
                    if let Some(v) = &mut copy {
                        v.push(b']');
                    }
                    j += 1;
                }
                c => {
                    if let Some(v) = &mut copy {
                        v.push(c);
                    }
                    j += 1;
                }
            }
        };
        Some((end, j, copy))
    }

    /// Whether the quick path ([`Scanner::main_nodes`]) is tried: always, but in its test.
    fn quick(&self) -> bool {
        #[cfg(test)]
        return self.quick;
        #[cfg(not(test))]
        true
    }

    /// r[rec.syntax]: the identifier of the letters `start..j`: its upper-case letters, a note
    /// for the first with lower-case ones (FF[3]).
    #[inline]
    fn identifier(&mut self, start: usize, j: usize) -> Cow<'a, str> {
        let raw = &self.b[start..j];
        let id: Cow<'a, str> = if raw.iter().all(u8::is_ascii_uppercase) {
            Cow::Borrowed(&self.text[start..j])
        } else {
            Cow::Owned(
                raw.iter()
                    .filter(|c| c.is_ascii_uppercase())
                    .map(|&c| char::from(c))
                    .collect(),
            )
        };
        if id.len() != raw.len() && !self.old_identifier_noted {
            self.old_identifier_noted = true;
            self.note(
                "old-identifier",
                start,
                format!(
                    "the identifier {} has lower-case letters (FF[3]); read as {id:?} (r[rec.syntax])",
                    String::from_utf8_lossy(raw)
                ),
            );
        }
        id
    }

    /// The property `id` (its letters at `start..j`), its values from `from` on in the tree's
    /// list, pushed onto the node the tree holds last; the tree's first `CA` noted
    /// (r[rec.decode.values]) and the node noted where it may repeat an identifier.
    #[inline]
    fn keep_property(
        &mut self,
        id: Cow<'a, str>,
        key: Key,
        (start, j): (usize, usize),
        from: usize,
    ) {
        if let Some(t) = &mut self.tree {
            let n = t.nodes.len() - 1;
            let node = t.nodes[n];
            // r[rec.decode.values]: the tree's first `CA`, noted as it is read.
            if key == const { Key::of("CA") } && t.ca.is_none() {
                t.ca = t.values.get(from).map(|&v| (v, node.at));
            }
            node_keys(&mut self.keys_seen, t, n);
            let seen = self.keys_seen.1 & key_bit(key) != 0;
            self.keys_seen.1 |= key_bit(key);
            // A node of many properties is merged as if one repeated (a search per property would
            // be quadratic): `merge_duplicates` finds them in one pass, and merges none if none.
            // Only a key whose bit is set may be the key of a property before it.
            if t.repeats.last() != Some(&n)
                && (node.to - node.from >= REPEAT_SEARCH
                    || seen
                        && t.props[node.from..node.to]
                            .iter()
                            .any(|p| p.key == key && (id.len() <= 7 || t.str(p.id) == id)))
            {
                t.repeats.push(n);
            }
            let id = match id {
                Cow::Borrowed(_) => Span { start, end: j },
                Cow::Owned(id) => {
                    t.owned.push(id);
                    Span {
                        start: Span::OWNED,
                        end: t.owned.len() - 1,
                    }
                }
            };
            push_property(t, self.b, id, key, from);
        }
    }

    /// A property, the scanner at its first letter: its identifier and values, kept where it is
    /// on a node of the main line; `false` where the text ends inside it (a note says so).
    fn property(&mut self) -> Result<bool, SyntaxError> {
        let b = self.b;
        let start = self.i;
        if self.target == Target::None {
            return Err(SyntaxError {
                at: start,
                message: "a property before the first node of a game tree (a node starts with `;`)"
                    .into(),
            });
        }
        let mut j = start;
        while j < b.len() && b[j].is_ascii_alphabetic() {
            j += 1;
        }
        let raw = &b[start..j];
        let k = skip_ws(b, j);
        if k >= b.len() {
            self.i = k;
            self.note(
                "truncated",
                start,
                "the file ends after a property identifier; the property is dropped (r[rec.recover])".into(),
            );
            return Ok(false);
        }
        if b[k] != b'[' {
            return Err(SyntaxError {
                at: k,
                message: format!(
                    "expected `[` after the property identifier {}",
                    String::from_utf8_lossy(raw)
                ),
            });
        }
        let id = self.identifier(start, j);
        self.i = j;
        // A node kept whole by the quick path moves its move into the lists first: the node's
        // properties are then stored in the lists in the order written.
        if self.target == Target::Main {
            if let Some(t) = &mut self.tree {
                t.spell_out_last();
            }
        }
        // The values are stored where the property is kept: on a node of the main line.
        let from = self
            .tree
            .as_ref()
            .filter(|t| self.target == Target::Main && !id.is_empty() && !t.nodes.is_empty())
            .map(|t| (t.values.len(), t.owned.len()));
        let key = Key::of(&id);
        if self.values(is_text_property(key), from.is_some()).is_none() {
            if let (Some(t), Some((from, owned))) = (&mut self.tree, from) {
                t.values.truncate(from);
                t.owned.truncate(owned);
            }
            self.note(
                "truncated",
                start,
                format!("the file ends inside a value of {id}; the property is dropped (r[rec.recover])"),
            );
            return Ok(false);
        }
        if let Some((from, _)) = from {
            self.keep_property(id, key, (start, j), from);
        }
        Ok(true)
    }

    fn run(mut self) -> Result<RawCollection<'a>, SyntaxError> {
        let b = self.b;
        loop {
            if self.frames.is_empty() {
                // Outside every tree whitespace is stray text too, but not worth a warning.
                while self.i < b.len() && is_ws(b[self.i]) {
                    self.i += 1;
                }
            } else {
                self.i = skip_ws(b, self.i);
            }
            if self.i >= b.len() {
                break;
            }
            let at = self.i;
            match b[at] {
                b'(' if self.frames.is_empty() => {
                    let j = skip_ws(b, at + 1);
                    if j < b.len() && matches!(b[j], b';' | b'(') {
                        self.open_tree(at);
                        self.i += 1;
                    } else {
                        self.stray_char();
                    }
                }
                b'(' => self.open_child(),
                b')' if self.frames.is_empty() => self.stray_char(),
                b')' => {
                    self.frames.pop();
                    self.target = Target::None;
                    self.i += 1;
                    if self.frames.is_empty() {
                        self.finish_tree();
                    }
                }
                b';' => self.node_start(at),
                c if c.is_ascii_alphabetic() && !self.frames.is_empty() => {
                    if let Some(k) = self.quick_property(at) {
                        self.i = k;
                        continue;
                    }
                    if !self.property()? {
                        break;
                    }
                }
                _ if self.frames.is_empty() => self.stray_char(),
                _ => return Err(self.unexpected(at)),
            }
        }
        self.finish()
    }

    /// A `(` inside a tree: a child of the node list open, on the main line where it is the
    /// first child of a main-line list; a variation counted otherwise on the main line.
    #[inline]
    fn open_child(&mut self) {
        let parent = self.frames.last_mut().expect("inside a tree");
        let main = parent.main && !parent.child_opened;
        if parent.main && parent.child_opened {
            if let Some(t) = &mut self.tree {
                t.variations += 1;
            }
        }
        parent.child_opened = true;
        self.frames.push(Frame {
            main,
            child_opened: false,
        });
        self.target = Target::None;
        self.i += 1;
    }

    /// A `;`: a node of the main line ([`Scanner::main_nodes`]), or one discarded; outside every
    /// tree it opens one where a property follows (r[rec.recover]), else it is stray text.
    #[inline]
    fn node_start(&mut self, at: usize) {
        if self.frames.is_empty() {
            if property_follows(self.b, at + 1) {
                self.open_tree(at);
                self.note(
                    "missing-open",
                    at,
                    "a node outside every game tree opens one, as if `(` stood before it (r[rec.recover])".into(),
                );
            } else {
                self.stray_char();
                return;
            }
        }
        let top = self.frames.last().expect("inside a tree");
        let main = top.main;
        if main && !top.child_opened {
            self.main_nodes();
        } else {
            if main {
                self.note(
                    "stray-text",
                    at,
                    "a node after the variations of its tree is ignored (r[rec.recover])".into(),
                );
            }
            self.target = Target::Discard;
            self.i += 1;
            if !main {
                self.discard_moves();
            }
        }
    }

    /// The error for the byte at `at`, where a node, a property or a game tree must start.
    #[cold]
    fn unexpected(&self, at: usize) -> SyntaxError {
        let text = std::str::from_utf8(&self.b[at..]).ok();
        let c = text.and_then(|t| t.chars().next()).unwrap_or('?');
        SyntaxError {
            at,
            message: format!("unexpected {c:?} where a node, a property or a game tree must start"),
        }
    }

    /// The end of the text: a tree still open closed (r[rec.recover]), stray text noted, and the
    /// collection, or an error where it holds no game tree.
    fn finish(mut self) -> Result<RawCollection<'a>, SyntaxError> {
        if !self.frames.is_empty() {
            let at = self.b.len();
            self.note(
                "truncated",
                at,
                "the file ends inside a game tree; it is closed there (r[rec.recover])".into(),
            );
            self.frames.clear();
            self.finish_tree();
        }
        self.flush_stray();
        if self.out.count == 0 {
            return Err(SyntaxError {
                at: 0,
                message: "the file holds no game tree (no `(;` with a node)".into(),
            });
        }
        Ok(self.out)
    }
}

/// Reads the collection in `text` (r[rec.syntax]), repairing what r[rec.recover] lists.
pub fn parse(text: &str) -> Result<RawCollection<'_>, SyntaxError> {
    parse_with(text, None, None, None, true)
}

/// [`parse`] keeping game tree `keep` only (from 1; all where `None`): the others are scanned and
/// counted ([`RawCollection::count`]), and their first `CA` noted, but not kept.
pub fn parse_some(text: &str, keep: Option<usize>) -> Result<RawCollection<'_>, SyntaxError> {
    parse_with(text, None, keep, None, true)
}

/// [`parse`] giving each game tree to `each` as soon as it is read, not kept: the collection
/// returned has the count, the notes and the first `CA`, and no tree. A file of many game trees
/// is then never held parsed whole.
pub fn parse_each<'a>(
    text: &'a str,
    each: &mut dyn FnMut(RawTree<'a>),
) -> Result<RawCollection<'a>, SyntaxError> {
    parse_with(text, None, None, Some(each), true)
}

/// [`parse`] of the bytes of a file that are not valid UTF-8 (r[rec.decode.values]): `text` is
/// `raw` with `?` for each byte of an ill-formed UTF-8 sequence (`decode::source`). The values
/// are then decoded by [`RawCollection::decode_values`].
pub fn parse_raw<'a>(text: &'a str, raw: &'a [u8]) -> Result<RawCollection<'a>, SyntaxError> {
    assert_eq!(
        text.len(),
        raw.len(),
        "the masked text has the offsets of the bytes"
    );
    parse_with(text, Some(raw), None, None, true)
}

/// [`parse`], with the quick path ([`Scanner::main_nodes`]) tried or not (`quick` is read in
/// tests only).
fn parse_with<'a>(
    text: &'a str,
    raw: Option<&'a [u8]>,
    keep: Option<usize>,
    sink: Option<&mut dyn FnMut(RawTree<'a>)>,
    #[allow(unused_variables)] quick: bool,
) -> Result<RawCollection<'a>, SyntaxError> {
    Scanner {
        text,
        b: raw.unwrap_or(text.as_bytes()),
        raw: raw.is_some(),
        keep,
        sink,
        i: 0,
        frames: Vec::new(),
        tree: None,
        target: Target::None,
        out: RawCollection::default(),
        stray: None,
        old_identifier_noted: false,
        keys_seen: (usize::MAX, 0),
        #[cfg(test)]
        quick,
    }
    .run()
}

/// The keys of the properties of node `n` so far, as bits, in `keys_seen`: taken from its list
/// when the node is new to them (it then holds its spelled-out move at most), else kept as they
/// are (each property kept adds its key's bit).
#[inline(always)]
fn node_keys(keys_seen: &mut (usize, u64), t: &RawTree<'_>, n: usize) {
    if keys_seen.0 != n {
        let node = t.nodes[n];
        let bits = t.props[node.from..node.to]
            .iter()
            .fold(0, |bits, p| bits | key_bit(p.key));
        *keys_seen = (n, bits);
    }
}

/// Pushes the property `key`, its identifier `id` and its values from `from` to the end of the
/// values, onto the tree's last node (the node's properties end after it), marks its key in the
/// node's `held`, and where it is the node's first property, notes its plain move (`Plain`, for
/// `B` or `W` with one value not owned); `b` the text the values' spans are in.
#[inline(always)]
fn push_property(t: &mut RawTree<'_>, b: &[u8], id: Span, key: Key, from: usize) {
    t.props.push(PropAt {
        id,
        key,
        from,
        to: t.values.len(),
    });
    let end = t.props.len();
    let Some(node) = t.nodes.last_mut() else {
        return;
    };
    let first = end == node.from + 1;
    node.to = end;
    node.held.add(Held::of(key));
    if first {
        node.plain = match &t.values[from..] {
            [v] if v.start != Span::OWNED
                && (key == const { Key::of("B") } || key == const { Key::of("W") }) =>
            {
                Plain::of(&b[v.start..v.end])
            }
            _ => Plain::NONE,
        };
    }
}

#[cfg(test)]
mod tests;
