//! A dictionary column over a fixed vocabulary (a turn's colour, its move): each value is
//! appended by its index in the vocabulary, without hashing or comparing a string. The array made
//! is the one `StringDictionaryBuilder` makes: the batch's values in the order first seen, each
//! once, the keys pointing into them.

use arrow_array::builder::{ArrayBuilder, PrimitiveBuilder, StringBuilder};
use arrow_array::types::ArrowDictionaryKeyType;
use arrow_array::{ArrayRef, DictionaryArray};
use std::sync::Arc;

pub(crate) struct Vocab<K: ArrowDictionaryKeyType> {
    /// The batch's key of each vocabulary index seen in it.
    slots: Vec<Option<K::Native>>,
    /// The vocabulary indices seen in the batch (their slots are cleared at its end).
    seen: Vec<usize>,
    /// Values outside the vocabulary, with their keys (looked up by comparing strings).
    extra: Vec<(String, K::Native)>,
    keys: PrimitiveBuilder<K>,
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
            keys: PrimitiveBuilder::new(),
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
        self.keys.append_value(key);
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
        self.keys.append_value(key);
    }

    /// The values appended since the last batch, as a dictionary array; the column starts afresh.
    pub fn finish(&mut self) -> ArrayRef {
        for i in self.seen.drain(..) {
            self.slots[i] = None;
        }
        self.extra.clear();
        let keys = self.keys.finish();
        let values = Arc::new(self.values.finish());
        Arc::new(DictionaryArray::<K>::try_new(keys, values).expect("the keys are the values'"))
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
}
