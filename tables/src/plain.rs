//! Columns of numbers and booleans built in plain vectors, for the moves table's row a turn.
//!
//! Note: arrow's `PrimitiveBuilder::append_value` is not inlined where the moves table calls it
//! (about 30 instructions a value, with its buffer's capacity check), and `NullBufferBuilder` sets
//! a bit at a time; a `Vec::extend` over a game's turns is a tight loop with one reservation. The
//! arrays made are the ones the builders make: the same values, and a validity bitmap only for a
//! column that holds a null (`--parquet --moves` over `../shared/records`: 1,446.6 M
//! instructions before, 1,305.7 M after; the files byte for byte the same).

use arrow_array::{ArrayRef, ArrowPrimitiveType, BooleanArray, PrimitiveArray};
use arrow_buffer::{BooleanBuffer, NullBuffer};
use std::sync::Arc;

/// A column without nulls.
pub(crate) struct Values<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
}

impl<T: ArrowPrimitiveType> Default for Values<T> {
    fn default() -> Values<T> {
        Values { values: Vec::new() }
    }
}

impl<T: ArrowPrimitiveType> Values<T> {
    #[inline]
    pub fn push(&mut self, v: T::Native) {
        self.values.push(v);
    }

    #[inline]
    pub fn extend(&mut self, values: impl Iterator<Item = T::Native>) {
        self.values.extend(values);
    }

    /// The values pushed since the last batch, as an array; the column starts afresh.
    pub fn finish(&mut self) -> ArrayRef {
        Arc::new(self.finish_typed())
    }

    pub fn finish_typed(&mut self) -> PrimitiveArray<T> {
        let values = std::mem::take(&mut self.values);
        PrimitiveArray::<T>::new(values.into(), None)
    }
}

/// A column that may hold nulls (a null's value is the type's default, as the builders write).
/// Whether each value is there is kept as a `bool` and packed into a bitmap at the batch's end
/// (`NullBufferBuilder` sets a bit with a capacity check, not inlined: about 25 instructions).
pub(crate) struct Maybe<T: ArrowPrimitiveType> {
    values: Vec<T::Native>,
    valid: Vec<bool>,
    nulls: usize,
}

impl<T: ArrowPrimitiveType> Default for Maybe<T> {
    fn default() -> Maybe<T> {
        Maybe {
            values: Vec::new(),
            valid: Vec::new(),
            nulls: 0,
        }
    }
}

impl<T: ArrowPrimitiveType> Maybe<T> {
    #[inline]
    pub fn push(&mut self, v: Option<T::Native>) {
        self.values.push(v.unwrap_or_default());
        self.valid.push(v.is_some());
        self.nulls += usize::from(v.is_none());
    }

    /// Appends each value of `values`, an iterator walked twice.
    #[inline]
    pub fn extend(&mut self, values: impl Iterator<Item = Option<T::Native>> + Clone) {
        let before = self.valid.len();
        self.values
            .extend(values.clone().map(Option::unwrap_or_default));
        self.valid.extend(values.map(|v| v.is_some()));
        self.nulls += self.valid[before..].iter().filter(|v| !**v).count();
    }

    pub fn push_nulls(&mut self, n: usize) {
        self.values
            .resize(self.values.len() + n, T::Native::default());
        self.valid.resize(self.valid.len() + n, false);
        self.nulls += n;
    }

    /// The bitmap of the values there, if one is not.
    fn nulls(&self) -> Option<NullBuffer> {
        (self.nulls > 0).then(|| NullBuffer::from(self.valid.as_slice()))
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// The values pushed since the last batch, as an array; the column starts afresh.
    pub fn finish(&mut self) -> ArrayRef {
        Arc::new(self.finish_typed())
    }

    pub fn finish_typed(&mut self) -> PrimitiveArray<T> {
        let nulls = self.nulls();
        self.valid.clear();
        self.nulls = 0;
        let values = std::mem::take(&mut self.values);
        PrimitiveArray::<T>::new(values.into(), nulls)
    }

    /// The values pushed since the last batch, as an array; the column keeps them.
    pub fn finish_cloned(&self) -> PrimitiveArray<T> {
        PrimitiveArray::<T>::new(self.values.clone().into(), self.nulls())
    }
}

/// A column of booleans without nulls, packed into a bitmap at the batch's end.
#[derive(Default)]
pub(crate) struct Bools {
    values: Vec<bool>,
}

impl Bools {
    #[inline]
    pub fn extend(&mut self, values: impl Iterator<Item = bool>) {
        self.values.extend(values);
    }

    /// The values pushed since the last batch, as an array; the column starts afresh.
    pub fn finish(&mut self) -> ArrayRef {
        let bits = BooleanBuffer::from(self.values.as_slice());
        self.values.clear();
        Arc::new(BooleanArray::new(bits, None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::builder::{ArrayBuilder, BooleanBuilder, UInt16Builder, UInt8Builder};
    use arrow_array::types::{UInt16Type, UInt8Type};

    #[test]
    fn the_builders_arrays_batch_after_batch() {
        let input: [Option<u8>; 6] = [Some(3), None, Some(0), Some(18), None, Some(7)];
        let (mut m, mut mb) = (Maybe::<UInt8Type>::default(), UInt8Builder::new());
        let (mut v, mut vb) = (Values::<UInt16Type>::default(), UInt16Builder::new());
        let (mut b, mut bb) = (Bools::default(), BooleanBuilder::new());
        for batch in 0..3 {
            // The first batch holds nulls, the second none, the third nothing at all.
            let rows: &[Option<u8>] = match batch {
                0 => &input,
                1 => &input[2..4],
                _ => &[],
            };
            for (i, x) in rows.iter().enumerate() {
                m.push(*x);
                mb.append_option(*x);
                v.push(i as u16 * 300);
                vb.append_value(i as u16 * 300);
                b.extend(std::iter::once(x.is_some()));
                bb.append_value(x.is_some());
            }
            let pairs = [
                (m.finish(), ArrayBuilder::finish(&mut mb)),
                (v.finish(), ArrayBuilder::finish(&mut vb)),
                (b.finish(), ArrayBuilder::finish(&mut bb)),
            ];
            for (ours, theirs) in pairs {
                assert_eq!(ours.len(), rows.len());
                assert_eq!(ours.to_data(), theirs.to_data(), "batch {batch}");
                assert_eq!(ours.null_count(), theirs.null_count(), "batch {batch}");
            }
        }
    }
}
