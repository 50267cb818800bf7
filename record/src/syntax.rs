//! r[rec.syntax], r[rec.recover], r[rec.trees], r[rec.main-line]: from text to the main lines of
//! the game trees of a collection, repairing the damage r[rec.recover] lists.
//!
//! Note: only the main line of each game tree is kept (r[rec.main-line]); variations are scanned,
//! so that their brackets and parentheses are matched, and counted, but not stored. The scanner is
//! a loop over bytes with an explicit stack, never a recursion, so that no nesting depth can
//! overflow the call stack.

/// A property as written: the identifier (capitals only) and its values, unescaped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawProp {
    pub id: String,
    pub values: Vec<String>,
}

/// A node of the main line and its byte offset in the text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawNode {
    pub props: Vec<RawProp>,
    pub at: usize,
}

impl RawNode {
    /// The property `id`, if the node has it.
    pub fn get(&self, id: &str) -> Option<&RawProp> {
        self.props.iter().find(|p| p.id == id)
    }

    /// The first value of property `id`, trimmed.
    pub fn value(&self, id: &str) -> Option<&str> {
        self.get(id)
            .map(|p| p.values.first().map_or("", |v| v.trim()))
    }
}

/// A warning of the syntax level: kind, byte offset, main-line node (if in one), sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub kind: &'static str,
    pub at: usize,
    pub node: Option<usize>,
    pub text: String,
}

/// One game tree: its main line, where it starts, how many variations it has.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawTree {
    pub nodes: Vec<RawNode>,
    pub at: usize,
    pub variations: usize,
    pub notes: Vec<Note>,
}

/// The game trees of a file and the warnings about text outside all of them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawCollection {
    pub trees: Vec<RawTree>,
    pub notes: Vec<Note>,
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

fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace()
}

fn skip_ws(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_ws(b[i]) {
        i += 1;
    }
    i
}

/// Whether an identifier followed by `[` starts at `i` (after whitespace).
fn property_follows(b: &[u8], i: usize) -> bool {
    let mut k = skip_ws(b, i);
    let start = k;
    while k < b.len() && b[k].is_ascii_alphabetic() {
        k += 1;
    }
    k > start && {
        let k = skip_ws(b, k);
        k < b.len() && b[k] == b'['
    }
}

/// The properties whose values are text (red-bean's Text and SimpleText), where an unescaped `]`
/// is repaired (r[rec.recover]).
const TEXT_PROPERTIES: &[&str] = &[
    "C", "GC", "N", "GN", "PB", "PW", "BT", "WT", "BR", "WR", "EV", "RO", "PC", "SO", "US", "AN",
    "CP", "ON", "OT", "RE", "DT", "RU",
];

/// r[rec.recover] (`unescaped-bracket`): what may follow the `]` that ends a value.
fn can_follow_value(b: &[u8], n: usize) -> bool {
    let n = skip_ws(b, n);
    n == b.len() || matches!(b[n], b'[' | b';' | b'(' | b')') || property_follows(b, n)
}

struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
    frames: Vec<Frame>,
    tree: Option<RawTree>,
    target: Target,
    out: RawCollection,
    stray: Option<usize>,
    old_identifier_noted: bool,
}

impl Scanner<'_> {
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
        self.tree = Some(RawTree {
            at,
            ..RawTree::default()
        });
        self.frames.push(Frame {
            main: true,
            child_opened: false,
        });
        self.target = Target::None;
        self.old_identifier_noted = false;
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
            return;
        }
        for (n, node) in tree.nodes.iter_mut().enumerate() {
            let mut merged: Vec<RawProp> = Vec::with_capacity(node.props.len());
            for p in node.props.drain(..) {
                match merged.iter_mut().find(|q| q.id == p.id) {
                    Some(q) => {
                        tree.notes.push(Note {
                            kind: "duplicate-property",
                            at: node.at,
                            node: Some(n),
                            text: format!(
                                "{} appears more than once in the node; its values are merged (r[rec.recover])",
                                p.id
                            ),
                        });
                        q.values.extend(p.values);
                    }
                    None => merged.push(p),
                }
            }
            node.props = merged;
        }
        self.out.trees.push(tree);
    }

    /// Reads the values after an identifier; `None` when the text ends inside one.
    fn values(&mut self, text: bool) -> Option<Vec<String>> {
        let b = self.b;
        let mut values = Vec::new();
        loop {
            let k = skip_ws(b, self.i);
            if k >= b.len() || b[k] != b'[' {
                self.i = k;
                return Some(values);
            }
            let mut v: Vec<u8> = Vec::new();
            let mut j = k + 1;
            let mut bracket_noted = false;
            loop {
                if j >= b.len() {
                    self.i = j;
                    return None;
                }
                match b[j] {
                    b'\\' => {
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
                        break;
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
                        v.push(b']');
                        j += 1;
                    }
                    c => {
                        v.push(c);
                        j += 1;
                    }
                }
            }
            // Only ASCII bytes were dropped from valid UTF-8, at character boundaries.
            values.push(String::from_utf8_lossy(&v).into_owned());
            self.i = j;
        }
    }

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
        let id: String = raw
            .iter()
            .filter(|c| c.is_ascii_uppercase())
            .map(|&c| char::from(c))
            .collect();
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
        self.i = j;
        let Some(values) = self.values(TEXT_PROPERTIES.contains(&id.as_str())) else {
            self.note(
                "truncated",
                start,
                format!("the file ends inside a value of {id}; the property is dropped (r[rec.recover])"),
            );
            return Ok(false);
        };
        if self.target == Target::Main && !id.is_empty() {
            if let Some(node) = self.tree.as_mut().and_then(|t| t.nodes.last_mut()) {
                node.props.push(RawProp { id, values });
            }
        }
        Ok(true)
    }

    fn run(mut self) -> Result<RawCollection, SyntaxError> {
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
                b'(' => {
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
                b')' if self.frames.is_empty() => self.stray_char(),
                b')' => {
                    self.frames.pop();
                    self.target = Target::None;
                    self.i += 1;
                    if self.frames.is_empty() {
                        self.finish_tree();
                    }
                }
                b';' => {
                    if self.frames.is_empty() {
                        if property_follows(b, at + 1) {
                            self.open_tree(at);
                            self.note(
                                "missing-open",
                                at,
                                "a node outside every game tree opens one, as if `(` stood before it (r[rec.recover])".into(),
                            );
                        } else {
                            self.stray_char();
                            continue;
                        }
                    }
                    let top = self.frames.last().expect("inside a tree");
                    if top.main && !top.child_opened {
                        if let Some(t) = &mut self.tree {
                            t.nodes.push(RawNode {
                                props: Vec::new(),
                                at,
                            });
                        }
                        self.target = Target::Main;
                    } else {
                        if top.main {
                            self.note(
                                "stray-text",
                                at,
                                "a node after the variations of its tree is ignored (r[rec.recover])".into(),
                            );
                        }
                        self.target = Target::Discard;
                    }
                    self.i += 1;
                }
                c if c.is_ascii_alphabetic() && !self.frames.is_empty() => {
                    if !self.property()? {
                        break;
                    }
                }
                _ if self.frames.is_empty() => self.stray_char(),
                _ => {
                    let text = std::str::from_utf8(&b[at..]).ok();
                    let c = text.and_then(|t| t.chars().next()).unwrap_or('?');
                    return Err(SyntaxError {
                        at,
                        message: format!(
                            "unexpected {c:?} where a node, a property or a game tree must start"
                        ),
                    });
                }
            }
        }
        if !self.frames.is_empty() {
            let at = b.len();
            self.note(
                "truncated",
                at,
                "the file ends inside a game tree; it is closed there (r[rec.recover])".into(),
            );
            self.frames.clear();
            self.finish_tree();
        }
        self.flush_stray();
        if self.out.trees.is_empty() {
            return Err(SyntaxError {
                at: 0,
                message: "the file holds no game tree (no `(;` with a node)".into(),
            });
        }
        Ok(self.out)
    }
}

/// Reads the collection in `text` (r[rec.syntax]), repairing what r[rec.recover] lists.
pub fn parse(text: &str) -> Result<RawCollection, SyntaxError> {
    Scanner {
        b: text.as_bytes(),
        i: 0,
        frames: Vec::new(),
        tree: None,
        target: Target::None,
        out: RawCollection::default(),
        stray: None,
        old_identifier_noted: false,
    }
    .run()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(c: &RawCollection) -> Vec<&'static str> {
        c.notes
            .iter()
            .chain(c.trees.iter().flat_map(|t| t.notes.iter()))
            .map(|n| n.kind)
            .collect()
    }

    #[test]
    fn main_lines_and_variations() {
        let c = parse("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))(;SZ[5])").unwrap();
        assert_eq!(c.trees.len(), 2);
        let t = &c.trees[0];
        assert_eq!(t.nodes.len(), 4);
        assert_eq!(t.nodes[3].value("B"), Some("cc"));
        assert_eq!(t.variations, 1);
        assert!(kinds(&c).is_empty());
        // One move per subtree, as the Fox server nests them.
        let c = parse("(;SZ[9](;B[aa](;W[bb](;B[cc]))))").unwrap();
        assert_eq!(c.trees[0].nodes.len(), 4);
    }

    #[test]
    fn repairs() {
        let c = parse("preface (see below)\n;GM[1];B[aa];W[bb])trailer").unwrap();
        assert_eq!(kinds(&c), ["stray-text", "stray-text", "missing-open"]);
        assert_eq!(c.trees[0].nodes.len(), 3);
        let c = parse("(;GM[1];B[aa];W[b").unwrap();
        assert_eq!(kinds(&c), ["truncated", "truncated"]);
        assert_eq!(c.trees[0].nodes.len(), 3);
        let c = parse("(;C[a [1] b] c];B[aa])").unwrap();
        assert_eq!(c.trees[0].nodes[0].value("C"), Some("a [1] b] c"));
        assert_eq!(kinds(&c), ["unescaped-bracket"]);
        let c = parse("(;AB[aa]AB[bb];AddBlack[cc])").unwrap();
        assert_eq!(c.trees[0].nodes[0].get("AB").unwrap().values, ["aa", "bb"]);
        assert_eq!(c.trees[0].nodes[1].value("AB"), Some("cc"));
        assert_eq!(kinds(&c), ["old-identifier", "duplicate-property"]);
        let c = parse("(())(;B[aa])").unwrap();
        assert_eq!(kinds(&c), ["empty-tree"]);
        assert_eq!(
            parse("(;C[a\\]b\\\\])").unwrap().trees[0].nodes[0].value("C"),
            Some("a]b\\")
        );
    }

    #[test]
    fn unreadable_text_is_located() {
        let text = "(;GM[1]\n;B[aa]3)";
        let e = parse(text).unwrap_err();
        assert_eq!(line_col(text, e.at), (2, 7));
        assert!(parse("(B[aa])").is_err());
        assert!(parse("no game here").is_err());
        assert!(parse("(;B )").is_err());
        assert_eq!(line_col("ab\ncd", 4), (2, 2));
    }
}
