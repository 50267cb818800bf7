//! The table of state classes and one step of the count: colour the next point every way, then
//! gather the successors by class and add up their counts.
//!
//! A hash table of all classes would be probed at random for every successor, and for 9x9 and up
//! the probes miss the cache. Instead the successors are written, with the count of the state they
//! came from, into buckets chosen by a hash of their class, each bucket small enough for a hash
//! table that stays in the cache; there the counts of equal classes are added up. Both phases
//! run on the given thread pool; the result does not depend on the number of threads.

use super::border;
use num_bigint::BigUint;
use rayon::prelude::*;

/// A count of colourings: exact, or it reports that it overflowed; or its residue modulo a
/// number given as the context ([`Residue`]).
pub(super) trait Tally: Clone + Default + Send + Sync {
    /// What every addition needs besides the two counts: nothing, or the modulus.
    type Ctx: Copy + Send + Sync;
    /// The bytes of a count in a checkpoint (little-endian), `None` for counts of no fixed width.
    const BYTES: Option<usize>;
    fn one() -> Self;
    /// Adds `x`; `false` on overflow.
    fn add(&mut self, x: &Self, ctx: Self::Ctx) -> bool;
    fn big(&self) -> BigUint;
    /// Appends the count's [`Tally::BYTES`] bytes.
    fn write_le(&self, out: &mut Vec<u8>);
    /// The count from exactly [`Tally::BYTES`] bytes.
    fn read_le(bytes: &[u8]) -> Self;
}

impl Tally for u128 {
    type Ctx = ();
    const BYTES: Option<usize> = Some(16);
    fn write_le(&self, out: &mut Vec<u8>) {
        out.extend(self.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        let mut b = [0; 16];
        b.copy_from_slice(bytes);
        u128::from_le_bytes(b)
    }
    fn one() -> Self {
        1
    }
    fn add(&mut self, x: &Self, (): ()) -> bool {
        match self.checked_add(*x) {
            Some(v) => {
                *self = v;
                true
            }
            None => false,
        }
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
}

impl Tally for BigUint {
    type Ctx = ();
    /// Bignum counts are a fallback that no board reaches in practice; they are not checkpointed.
    const BYTES: Option<usize> = None;
    fn write_le(&self, _: &mut Vec<u8>) {}
    fn read_le(_: &[u8]) -> Self {
        BigUint::default()
    }
    fn one() -> Self {
        1u8.into()
    }
    fn add(&mut self, x: &Self, (): ()) -> bool {
        *self += x;
        true
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
}

/// An unsigned integer of `N` 64-bit limbs, least significant first, with a checked addition:
/// the counts of one step, with no allocation per count (a `BigUint` count costs one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> Tally for Wide<N> {
    type Ctx = ();
    const BYTES: Option<usize> = Some(8 * N);
    fn write_le(&self, out: &mut Vec<u8>) {
        for limb in self.0 {
            out.extend(limb.to_le_bytes());
        }
    }
    fn read_le(bytes: &[u8]) -> Self {
        let mut limbs = [0; N];
        for (l, b) in limbs.iter_mut().zip(bytes.chunks_exact(8)) {
            let mut a = [0; 8];
            a.copy_from_slice(b);
            *l = u64::from_le_bytes(a);
        }
        Wide(limbs)
    }
    fn one() -> Self {
        let mut limbs = [0; N];
        limbs[0] = 1;
        Wide(limbs)
    }
    fn add(&mut self, x: &Self, (): ()) -> bool {
        let mut carry = false;
        for (a, b) in self.0.iter_mut().zip(&x.0) {
            let (s, c1) = a.overflowing_add(*b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 | c2;
        }
        !carry
    }
    fn big(&self) -> BigUint {
        let digits: Vec<u32> = self
            .0
            .iter()
            .flat_map(|&l| [l as u32, (l >> 32) as u32])
            .collect();
        BigUint::new(digits)
    }
}

/// A count modulo the context, a modulus below 2^63 (so that the sum of two residues fits): the
/// arithmetic of a shard of a count split by residues (`crate::shard`). It never overflows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Residue(pub u64);

impl Tally for Residue {
    type Ctx = u64;
    const BYTES: Option<usize> = Some(8);
    fn write_le(&self, out: &mut Vec<u8>) {
        out.extend(self.0.to_le_bytes());
    }
    fn read_le(bytes: &[u8]) -> Self {
        let mut b = [0; 8];
        b.copy_from_slice(bytes);
        Residue(u64::from_le_bytes(b))
    }
    fn one() -> Self {
        Residue(1)
    }
    fn add(&mut self, x: &Self, modulus: u64) -> bool {
        let s = self.0 + x.0;
        self.0 = if s >= modulus { s - modulus } else { s };
        true
    }
    fn big(&self) -> BigUint {
        BigUint::from(self.0)
    }
}

/// The state classes reached so far, each with the number of colourings that reach it, and the
/// context of their additions.
pub(super) struct Table<T: Tally> {
    keys: Vec<u64>,
    counts: Vec<T>,
    ctx: T::Ctx,
}

/// A successor class and the count of the state it came from.
#[derive(Clone)]
struct Pair<T> {
    key: u64,
    count: T,
}

/// About this many successors per bucket: its table stays in the cache.
const BUCKET: usize = 1 << 14;

/// At most about this many bytes of successors at once (12x12 takes two passes, 13x13 five).
pub(super) const PASS_BYTES: usize = 2 << 30;

/// A hash of a class: one 64x64-bit multiply, folded. Its top bits choose the bucket, its low
/// bits the slot in a bucket's table.
fn mix(key: u64) -> u64 {
    let m = u128::from(key) * u128::from(0x9e37_79b9_7f4a_7c15u64);
    (m as u64) ^ ((m >> 64) as u64)
}

/// A bucket index of `bits` bits for `key`.
fn bucket(key: u64, bits: u32) -> usize {
    if bits == 0 {
        return 0;
    }
    (mix(key) >> (64 - bits)) as usize
}

impl<T: Tally> Table<T> {
    /// The table before the first point: one colouring (of nothing), with no coloured point.
    pub fn start(ctx: T::Ctx) -> Self {
        Table {
            keys: vec![border::START],
            counts: vec![T::one()],
            ctx,
        }
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The classes and their counts, in the table's order.
    pub fn entries(&self) -> (&[u64], &[T]) {
        (&self.keys, &self.counts)
    }

    /// A table of these classes and counts (as [`Table::entries`] gave them).
    pub fn from_entries(keys: Vec<u64>, counts: Vec<T>, ctx: T::Ctx) -> Self {
        assert_eq!(keys.len(), counts.len());
        Table { keys, counts, ctx }
    }

    /// The sum of the counts of the classes for which `keep` holds; `None` on overflow.
    pub fn total(&self, keep: impl Fn(u64) -> bool) -> Option<T> {
        let mut sum = T::default();
        for (k, n) in self.keys.iter().zip(&self.counts) {
            if keep(*k) && !sum.add(n, self.ctx) {
                return None;
            }
        }
        Some(sum)
    }

    /// The table after colouring the point at border position `x` of rows `w` wide; `None` if a
    /// count overflowed. When the successors would take more than [`PASS_BYTES`], the buckets
    /// are done in several passes over the table, each keeping only its own buckets' successors.
    pub fn step(self, w: usize, x: usize, pool: &rayon::ThreadPool) -> Option<Table<T>> {
        let bits = (3 * self.len() / BUCKET)
            .next_power_of_two()
            .trailing_zeros();
        let buckets = 1usize << bits;
        let pair_bytes = 3 * self.len() * std::mem::size_of::<Pair<T>>();
        let passes = pair_bytes.div_ceil(PASS_BYTES).clamp(1, buckets);
        // The number of classes changes by less than half from one point to the next.
        let mut next = Table {
            keys: Vec::with_capacity(self.len() + self.len() / 2),
            counts: Vec::with_capacity(self.len() + self.len() / 2),
            ctx: self.ctx,
        };
        for pass in 0..passes {
            let range = pass * buckets / passes..(pass + 1) * buckets / passes;
            for part in self.successors(w, x, bits, range, pool) {
                let part = part?;
                next.keys.extend(part.keys);
                next.counts.extend(part.counts);
            }
        }
        Some(next)
    }

    /// The successor classes whose buckets (of `2^bits`) are in `range`, gathered: one table per
    /// bucket, `None` for a bucket whose sum overflowed.
    fn successors(
        &self,
        w: usize,
        x: usize,
        bits: u32,
        range: std::ops::Range<usize>,
        pool: &rayon::ThreadPool,
    ) -> Vec<Option<Table<T>>> {
        let buckets = range.len();
        let chunk = self
            .len()
            .div_ceil(4 * pool.current_num_threads())
            .max(4096);
        // Phase 1: every successor, into its bucket, per chunk of states.
        let parts: Vec<Vec<Vec<Pair<T>>>> = pool.install(|| {
            self.keys
                .par_chunks(chunk)
                .zip(self.counts.par_chunks(chunk))
                .map(|(keys, counts)| {
                    // At most three successors per state, spread evenly by the hash.
                    let expected = 3 * keys.len() / (1usize << bits) + 16;
                    let mut out: Vec<Vec<Pair<T>>> =
                        (0..buckets).map(|_| Vec::with_capacity(expected)).collect();
                    let mut succ = [0u64; 3];
                    for (&s, n) in keys.iter().zip(counts) {
                        let k = border::successors(s, w, x, &mut succ);
                        for &t in &succ[..k] {
                            let key = border::class(t);
                            let b = bucket(key, bits);
                            if range.contains(&b) {
                                out[b - range.start].push(Pair {
                                    key,
                                    count: n.clone(),
                                });
                            }
                        }
                    }
                    out
                })
                .collect()
        });
        // The chunks' parts of each bucket, together.
        let mut by_bucket: Vec<Vec<Vec<Pair<T>>>> = (0..buckets).map(|_| Vec::new()).collect();
        for chunk in parts {
            for (b, part) in chunk.into_iter().enumerate() {
                by_bucket[b].push(part);
            }
        }
        // Phase 2: per bucket, add up the counts of equal classes in a small open-addressing
        // table (it stays in the cache), then list its entries.
        pool.install(|| {
            by_bucket
                .into_par_iter()
                .map_init(Scratch::default, |scratch, parts| {
                    scratch.gather(parts, self.ctx)
                })
                .collect()
        })
    }
}

/// No class is `u64::MAX` (its first position would continue a chain from nowhere): a free slot.
const FREE_SLOT: u64 = u64::MAX;

/// A worker's open-addressing table for phase 2, reused from bucket to bucket.
struct Scratch<T> {
    keys: Vec<u64>,
    counts: Vec<T>,
}

impl<T> Default for Scratch<T> {
    fn default() -> Self {
        Scratch {
            keys: Vec::new(),
            counts: Vec::new(),
        }
    }
}

impl<T: Tally> Scratch<T> {
    /// One table entry per class among the pairs, with the sum of their counts; `None` on
    /// overflow.
    fn gather(&mut self, parts: Vec<Vec<Pair<T>>>, ctx: T::Ctx) -> Option<Table<T>> {
        let n: usize = parts.iter().map(Vec::len).sum();
        let mask = (2 * n).next_power_of_two().max(16) - 1;
        self.keys.clear();
        self.keys.resize(mask + 1, FREE_SLOT);
        self.counts.clear();
        self.counts.resize(mask + 1, T::default());
        let mut used = 0;
        for p in parts.into_iter().flatten() {
            debug_assert_ne!(p.key, FREE_SLOT);
            let mut i = mix(p.key) as usize & mask;
            loop {
                let k = self.keys[i];
                if k == p.key {
                    if !self.counts[i].add(&p.count, ctx) {
                        return None;
                    }
                    break;
                }
                if k == FREE_SLOT {
                    self.keys[i] = p.key;
                    self.counts[i] = p.count;
                    used += 1;
                    break;
                }
                i = (i + 1) & mask;
            }
        }
        let mut out = Table {
            keys: Vec::with_capacity(used),
            counts: Vec::with_capacity(used),
            ctx,
        };
        for (k, c) in self.keys.iter().zip(&mut self.counts) {
            if *k != FREE_SLOT {
                out.keys.push(*k);
                out.counts.push(std::mem::take(c));
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The limbs of a `Wide` add exactly like `BigUint`s, carries across limbs included, and an
    /// addition past the top limb is reported.
    #[test]
    fn wide_additions_are_exact() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Limbs near 0 and near the top make carries likely.
            match seed % 4 {
                0 => u64::MAX - seed % 3,
                1 => seed % 3,
                _ => seed,
            }
        };
        let (mut carries, mut overflows) = (0, 0);
        for _ in 0..10_000 {
            let a = Wide::<3>([next(), next(), next() >> 1]);
            let b = Wide::<3>([next(), next(), next() >> 1]);
            let mut sum = a;
            assert!(sum.add(&b, ()), "no overflow below 2^191 + 2^191");
            assert_eq!(sum.big(), a.big() + b.big());
            if sum.0[0] < a.0[0] {
                carries += 1;
            }
            let c = Wide::<3>([next(), next(), u64::MAX - (next() >> 60)]);
            let mut over = c;
            if !over.add(&c, ()) {
                overflows += 1;
                assert!(c.big() + c.big() >= BigUint::from(1u8) << 192u32);
            }
        }
        assert!(
            carries > 100 && overflows > 100,
            "{carries} carries, {overflows} overflows"
        );
    }
}
