//! Dictionary columns of few values, cheaper to build than with `StringDictionaryBuilder` (which
//! hashes each string appended): [`Vocab`], over a fixed vocabulary (a turn's colour, its move),
//! appended by a value's index in it, and [`Small`], for columns of a handful of words (a game's
//! outcome, its rules), found by comparing with the batch's values. The arrays made are the ones
//! `StringDictionaryBuilder` makes: the batch's values in the order first seen, each once, the
//! keys pointing into them.

use crate::plain::{Maybe, Values};
use arrow_array::builder::{ArrayBuilder, StringBuilder};
use arrow_array::types::ArrowDictionaryKeyType;
use arrow_array::{ArrayRef, DictionaryArray};
use std::any::Any;
use std::sync::Arc;

pub(crate) struct Vocab<K: ArrowDictionaryKeyType> {
    /// The batch's key of each vocabulary index seen in it.
    slots: Vec<Option<K::Native>>,
    /// The vocabulary indices seen in the batch (their slots are cleared at its end).
    seen: Vec<usize>,
    /// Values outside the vocabulary, with their keys (looked up by comparing strings).
    extra: Vec<(String, K::Native)>,
    keys: Values<K>,
    values: StringBuilder,
}

impl<K: ArrowDictionaryKeyType> Vocab<K>
where
    K::Native: TryFrom<usize>,
{
    /// A column over a vocabulary of `size` values.
    pub fn new(size: usize) -> Vocab<K> {
        Vocab {
            slots: vec![None; size],
            seen: Vec::new(),
            extra: Vec::new(),
            keys: Values::default(),
            values: StringBuilder::new(),
        }
    }

    /// The next key, with `name` as its value.
    fn add(&mut self, name: &str) -> K::Native {
        let key = K::Native::try_from(self.values.len())
            .unwrap_or_else(|_| panic!("dictionary key overflow"));
        self.values.append_value(name);
        key
    }

    /// Appends the vocabulary's value `index`, named `name` (called the first time the batch
    /// meets it).
    pub fn append<S: AsRef<str>>(&mut self, index: usize, name: impl FnOnce() -> S) {
        let key = match self.slots[index] {
            Some(k) => k,
            None => {
                let k = self.add(name().as_ref());
                self.slots[index] = Some(k);
                self.seen.push(index);
                k
            }
        };
        self.keys.push(key);
    }

    /// Appends a value outside the vocabulary.
    pub fn append_other(&mut self, name: &str) {
        let key = match self.extra.iter().find(|(s, _)| s == name) {
            Some((_, k)) => *k,
            None => {
                let k = self.add(name);
                self.extra.push((name.to_string(), k));
                k
            }
        };
        self.keys.push(key);
    }

    /// The values appended since the last batch, as a dictionary array; the column starts afresh.
    pub fn finish(&mut self) -> ArrayRef {
        for i in self.seen.drain(..) {
            self.slots[i] = None;
        }
        self.extra.clear();
        let keys = self.keys.finish_typed();
        let values = Arc::new(self.values.finish());
        Arc::new(DictionaryArray::<K>::try_new(keys, values).expect("the keys are the values'"))
    }
}

/// A dictionary column whose batches hold few distinct values: each value appended is looked for
/// among the batch's values, the last one found first.
pub(crate) struct Small<K: ArrowDictionaryKeyType> {
    keys: Maybe<K>,
    values: StringBuilder,
    last: Option<K::Native>,
}

impl<K: ArrowDictionaryKeyType> Default for Small<K> {
    fn default() -> Small<K> {
        Small {
            keys: Maybe::default(),
            values: StringBuilder::new(),
            last: None,
        }
    }
}

impl<K: ArrowDictionaryKeyType> Small<K>
where
    K::Native: TryFrom<usize> + Into<i64>,
{
    /// The batch's value `i`.
    fn value(&self, i: usize) -> &[u8] {
        let o = self.values.offsets_slice();
        // Offsets of a string builder are never negative.
        &self.values.values_slice()[o[i] as usize..o[i + 1] as usize]
    }

    pub fn append_value(&mut self, v: impl AsRef<str>) {
        let s = v.as_ref();
        let v = s.as_bytes();
        let key = match self.last {
            Some(k) if self.value(k.into() as usize) == v => k,
            _ => {
                let n = self.values.len();
                let key = match (0..n).find(|&i| self.value(i) == v) {
                    Some(i) => i,
                    None => {
                        self.values.append_value(s);
                        n
                    }
                };
                let k =
                    K::Native::try_from(key).unwrap_or_else(|_| panic!("dictionary key overflow"));
                self.last = Some(k);
                k
            }
        };
        self.keys.push(Some(key));
    }

    pub fn append_null(&mut self) {
        self.keys.push(None);
    }

    pub fn append_nulls(&mut self, n: usize) {
        self.keys.push_nulls(n);
    }

    pub fn append_option(&mut self, v: Option<impl AsRef<str>>) {
        match v {
            Some(v) => self.append_value(v),
            None => self.append_null(),
        }
    }
}

impl<K: ArrowDictionaryKeyType> ArrayBuilder for Small<K>
where
    K::Native: TryFrom<usize> + Into<i64>,
{
    fn len(&self) -> usize {
        self.keys.len()
    }

    fn finish(&mut self) -> ArrayRef {
        self.last = None;
        let keys = self.keys.finish_typed();
        let values = Arc::new(self.values.finish());
        Arc::new(DictionaryArray::<K>::try_new(keys, values).expect("the keys are the values'"))
    }

    fn finish_cloned(&self) -> ArrayRef {
        let keys = self.keys.finish_cloned();
        let values = Arc::new(self.values.finish_cloned());
        Arc::new(DictionaryArray::<K>::try_new(keys, values).expect("the keys are the values'"))
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }

    fn into_box_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::builder::StringDictionaryBuilder;
    use arrow_array::types::Int16Type;
    use arrow_array::Array;

    #[test]
    fn the_same_array_as_the_string_dictionary_builder() {
        let names = ["pass", "A1", "B2", "C3"];
        let input = [2, 0, 2, 3, 2, 0];
        let mut v = Vocab::<Int16Type>::new(names.len());
        let mut d = StringDictionaryBuilder::<Int16Type>::new();
        for batch in 0..2 {
            for &i in &input[batch..] {
                v.append(i, || names[i]);
                d.append_value(names[i]);
            }
            v.append_other("Z26");
            d.append_value("Z26");
            v.append_other("Z26");
            d.append_value("Z26");
            let (a, b) = (v.finish(), d.finish());
            assert_eq!(a.len(), input.len() - batch + 2);
            assert_eq!(a.to_data(), b.to_data(), "batch {batch}");
        }
    }

    #[test]
    fn small_makes_the_string_dictionary_builders_array() {
        let words = [
            Some("win"),
            None,
            Some("jigo"),
            Some("win"),
            Some(""),
            Some("jigo"),
            None,
        ];
        let mut s = Small::<Int16Type>::default();
        let mut d = StringDictionaryBuilder::<Int16Type>::new();
        for batch in 0..3 {
            for w in &words[batch..] {
                s.append_option(*w);
                d.append_option(*w);
            }
            assert_eq!(s.len(), words.len() - batch);
            let (a, b) = (ArrayBuilder::finish(&mut s), d.finish());
            assert_eq!(a.to_data(), b.to_data(), "batch {batch}");
            assert_eq!(a.null_count(), b.null_count());
        }
    }
}
