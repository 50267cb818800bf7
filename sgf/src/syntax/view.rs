//! The views of a main line's nodes, properties and values ([`RawNode`], [`RawProp`],
//! [`Values`]): each reads its tree's lists (`tree`), or, for a node the quick path kept whole,
//! the node alone (`NodeAt::lone`).

use super::tree::{trim, Held, Key, Lone, NodeAt, PropAt, RawTree, Span};
use std::fmt;

/// The values of a property as written, unescaped.
#[derive(Copy, Clone)]
pub struct Values<'t> {
    text: &'t str,
    owned: &'t [String],
    spans: Spans<'t>,
}

/// Where the values of a property are: a part of its tree's list, or the one value of a node
/// the scanner kept whole (`NodeAt::lone`), which has no place in that list.
#[derive(Copy, Clone)]
enum Spans<'t> {
    List(&'t [Span]),
    One(Span),
}

impl Spans<'_> {
    fn len(&self) -> usize {
        match self {
            Spans::List(l) => l.len(),
            Spans::One(_) => 1,
        }
    }

    fn get(&self, i: usize) -> Option<Span> {
        match self {
            Spans::List(l) => l.get(i).copied(),
            Spans::One(s) => (i == 0).then_some(*s),
        }
    }
}

impl<'t> Values<'t> {
    /// How many values the property has.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the property has no value.
    pub fn is_empty(&self) -> bool {
        self.spans.len() == 0
    }

    /// Value `i`.
    pub fn get(&self, i: usize) -> Option<&'t str> {
        self.spans.get(i).map(|s| s.str(self.text, self.owned))
    }

    /// The first value.
    pub fn first(&self) -> Option<&'t str> {
        self.get(0)
    }

    /// The bytes of the only value, where there is exactly one.
    pub fn only_bytes(&self) -> Option<&'t [u8]> {
        match self.spans {
            Spans::List(&[s]) | Spans::One(s) => Some(s.bytes(self.text, self.owned)),
            Spans::List(_) => None,
        }
    }

    /// The values in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &'t str> + 't {
        let values = *self;
        // Every `i` below the length names a value: the `""` is never given.
        (0..self.len()).map(move |i| values.get(i).unwrap_or(""))
    }

    /// The bytes of the values in order (what [`iter`](Self::iter) gives, as bytes, without
    /// looking for character boundaries).
    pub fn bytes(&self) -> impl ExactSizeIterator<Item = &'t [u8]> + 't {
        let values = *self;
        // Every `i` below the length names a value: the `b""` is never given.
        (0..self.len()).map(move |i| {
            values
                .spans
                .get(i)
                .map_or(&b""[..], |s| s.bytes(values.text, values.owned))
        })
    }

    /// The values in order, in a list.
    pub fn to_vec(&self) -> Vec<&'t str> {
        self.iter().collect()
    }
}

impl fmt::Debug for Values<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Values<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

impl Eq for Values<'_> {}

impl<const N: usize> PartialEq<[&str; N]> for Values<'_> {
    fn eq(&self, other: &[&str; N]) -> bool {
        self.iter().eq(other.iter().copied())
    }
}

/// A property as written: the identifier (capitals only) and its values, unescaped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct RawProp<'t> {
    pub id: &'t str,
    pub values: Values<'t>,
}

/// A node of the main line and its byte offset in the text: a view into its tree.
#[derive(Copy, Clone, Debug)]
pub struct RawNode<'t> {
    props: &'t [PropAt],
    values: &'t [Span],
    text: &'t str,
    owned: &'t [String],
    held: Held,
    /// The one property of a node kept whole ([`NodeAt::lone`]), which `props` does not list.
    lone: Option<Lone>,
    pub at: usize,
}

impl<'t> RawNode<'t> {
    fn view(&self, p: &PropAt) -> RawProp<'t> {
        RawProp {
            id: p.id.str(self.text, self.owned),
            values: self.spans(Spans::List(&self.values[p.from..p.to])),
        }
    }

    fn spans(&self, spans: Spans<'t>) -> Values<'t> {
        Values {
            text: self.text,
            owned: self.owned,
            spans,
        }
    }

    /// The property of a node kept whole, where the node is one.
    fn lone_prop(&self) -> Option<RawProp<'t>> {
        self.lone.map(|l| RawProp {
            id: l.id.str(self.text, self.owned),
            values: self.spans(Spans::One(l.value)),
        })
    }

    /// The properties of the node, in the order written (repeated ones merged, r[rec.recover]).
    pub fn props(&self) -> impl Iterator<Item = RawProp<'t>> + 't {
        let node = *self;
        self.lone_prop()
            .into_iter()
            .chain(self.props.iter().map(move |p| node.view(p)))
    }

    /// Whether the node has no property.
    pub fn is_empty(&self) -> bool {
        self.props.is_empty() && self.lone.is_none()
    }

    /// Which of `B`, `W`, `AB`, `AW`, `AE`, `PL`, `RESUME` the node holds.
    pub fn held(&self) -> Held {
        self.held
    }

    /// The property `id`, if the node has it.
    #[inline]
    pub fn get(&self, id: &str) -> Option<RawProp<'t>> {
        if let Some(l) = self.lone {
            // The node's one property; keys tell identifiers apart exactly (see `Key`).
            return (l.key == Key::of(id)).then(|| self.lone_prop()).flatten();
        }
        self.find(id).map(|p| self.view(p))
    }

    /// The values of property `id`, if the node has it: [`get`](Self::get)'s, without its
    /// identifier.
    #[inline]
    pub fn values(&self, id: &str) -> Option<Values<'t>> {
        self.get(id).map(|p| p.values)
    }

    /// The values of the first property of the identifier that bit `h` names (`Held::B`: `B`),
    /// if the node has it: [`values`](Self::values) of that identifier.
    #[inline]
    pub fn held_values(&self, h: Held) -> Option<Values<'t>> {
        if !self.held.contains(h) {
            return None;
        }
        // Note: the identifiers of the bits are at most seven bytes long: keys alone tell them.
        let key = h.key();
        if let Some(l) = self.lone {
            return (l.key == key).then(|| self.spans(Spans::One(l.value)));
        }
        self.props
            .iter()
            .find(|p| p.key == key)
            .map(|p| self.spans(Spans::List(&self.values[p.from..p.to])))
    }

    #[inline]
    fn find(&self, id: &str) -> Option<&'t PropAt> {
        let key = Key::of(id);
        // The identifier's text is compared only where the key leaves a doubt (see `Key`).
        self.props
            .iter()
            .find(|p| p.key == key && (id.len() <= 7 || p.id.str(self.text, self.owned) == id))
    }

    /// The first value of property `id`, trimmed.
    #[inline]
    pub fn value(&self, id: &str) -> Option<&'t str> {
        self.get(id).map(|p| p.values.first().map_or("", trim))
    }
}

impl RawTree<'_> {
    /// Node `i` of the main line, the root being node 0.
    pub fn node(&self, i: usize) -> RawNode<'_> {
        self.view(&self.nodes[i])
    }

    /// The nodes of the main line, root first.
    pub fn nodes(&self) -> impl Iterator<Item = RawNode<'_>> + '_ {
        self.nodes.iter().map(|n| self.view(n))
    }

    fn view<'t>(&'t self, n: &NodeAt) -> RawNode<'t> {
        RawNode {
            props: &self.props[n.from..n.to],
            values: &self.values,
            text: self.text,
            owned: &self.owned,
            held: n.held,
            lone: n.lone(),
            at: n.at,
        }
    }
}
