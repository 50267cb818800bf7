//! The table of state classes and one step of the count: colour the next point every way, then
//! gather the successors by class and add up their counts.
//!
//! A hash table of all classes would be probed at random for every successor, and for 9x9 and up
//! the probes miss the cache. Instead the successors are written, with the index of the state they
//! came from, into buckets chosen by a hash of their class, each bucket small enough to sort in
//! cache; runs of equal classes in a sorted bucket become one entry of the new table. Both phases
//! run on the given thread pool; the result does not depend on the number of threads.

use super::border;
use num_bigint::BigUint;
use rayon::prelude::*;

/// A count of colourings: exact, or it reports that it overflowed.
pub(super) trait Tally: Clone + Default + Send + Sync {
    fn one() -> Self;
    /// Adds `x`; `false` on overflow.
    fn add(&mut self, x: &Self) -> bool;
    fn big(&self) -> BigUint;
}

impl Tally for u128 {
    fn one() -> Self {
        1
    }
    fn add(&mut self, x: &Self) -> bool {
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
    fn one() -> Self {
        1u8.into()
    }
    fn add(&mut self, x: &Self) -> bool {
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
    fn one() -> Self {
        let mut limbs = [0; N];
        limbs[0] = 1;
        Wide(limbs)
    }
    fn add(&mut self, x: &Self) -> bool {
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

/// The state classes reached so far, each with the number of colourings that reach it.
pub(super) struct Table<T> {
    keys: Vec<u64>,
    counts: Vec<T>,
}

/// A successor class and the index of the state it came from.
#[derive(Clone, Copy)]
struct Pair {
    key: u64,
    from: u32,
}

/// About this many successors per bucket: a sorted bucket stays in the cache.
const BUCKET: usize = 1 << 14;

/// A bucket index of `bits` bits for `key`, from one 64x64-bit multiply, folded.
fn bucket(key: u64, bits: u32) -> usize {
    if bits == 0 {
        return 0;
    }
    let m = u128::from(key) * u128::from(0x9e37_79b9_7f4a_7c15u64);
    (((m as u64) ^ ((m >> 64) as u64)) >> (64 - bits)) as usize
}

impl<T: Tally> Table<T> {
    /// The table before the first point: one colouring (of nothing), with no coloured point.
    pub fn start() -> Self {
        Table {
            keys: vec![border::START],
            counts: vec![T::one()],
        }
    }

    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// The sum of the counts of the classes for which `keep` holds; `None` on overflow.
    pub fn total(&self, keep: impl Fn(u64) -> bool) -> Option<T> {
        let mut sum = T::default();
        for (k, n) in self.keys.iter().zip(&self.counts) {
            if keep(*k) && !sum.add(n) {
                return None;
            }
        }
        Some(sum)
    }

    /// The table after colouring the point at border position `x` of rows `w` wide; `None` if a
    /// count overflowed. The old table is freed before the new one is put together.
    pub fn step(self, w: usize, x: usize, pool: &rayon::ThreadPool) -> Option<Table<T>> {
        assert!(
            self.len() <= u32::MAX as usize,
            "more state classes than the table indexes"
        );
        let bits = (3 * self.len() / BUCKET)
            .next_power_of_two()
            .trailing_zeros();
        let buckets = 1usize << bits;
        let chunk = self
            .len()
            .div_ceil(4 * pool.current_num_threads())
            .max(4096);
        // Phase 1: every successor, into its bucket, per chunk of states.
        let parts: Vec<Vec<Vec<Pair>>> = pool.install(|| {
            self.keys
                .par_chunks(chunk)
                .enumerate()
                .map(|(c, keys)| {
                    let mut out: Vec<Vec<Pair>> = vec![Vec::new(); buckets];
                    let mut succ = [0u64; 3];
                    for (i, &s) in keys.iter().enumerate() {
                        let from = (c * chunk + i) as u32;
                        let k = border::successors(s, w, x, &mut succ);
                        for &t in &succ[..k] {
                            let key = border::class(t);
                            out[bucket(key, bits)].push(Pair { key, from });
                        }
                    }
                    out
                })
                .collect()
        });
        // Phase 2: per bucket, sort by class and add up each run.
        let merged: Vec<Option<Table<T>>> = pool.install(|| {
            (0..buckets)
                .into_par_iter()
                .map(|b| {
                    let mut pairs: Vec<Pair> =
                        Vec::with_capacity(parts.iter().map(|p| p[b].len()).sum());
                    for p in &parts {
                        pairs.extend_from_slice(&p[b]);
                    }
                    pairs.sort_unstable_by_key(|p| p.key);
                    let mut out = Table {
                        keys: Vec::new(),
                        counts: Vec::new(),
                    };
                    for run in pairs.chunk_by(|a, b| a.key == b.key) {
                        let mut sum = self.counts[run[0].from as usize].clone();
                        for p in &run[1..] {
                            if !sum.add(&self.counts[p.from as usize]) {
                                return None;
                            }
                        }
                        out.keys.push(run[0].key);
                        out.counts.push(sum);
                    }
                    Some(out)
                })
                .collect()
        });
        drop(parts);
        drop(self);
        let size = merged.iter().flatten().map(Table::len).sum();
        let mut next = Table {
            keys: Vec::with_capacity(size),
            counts: Vec::with_capacity(size),
        };
        for part in merged {
            let part = part?;
            next.keys.extend(part.keys);
            next.counts.extend(part.counts);
        }
        Some(next)
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
            assert!(sum.add(&b), "no overflow below 2^191 + 2^191");
            assert_eq!(sum.big(), a.big() + b.big());
            if sum.0[0] < a.0[0] {
                carries += 1;
            }
            let c = Wide::<3>([next(), next(), u64::MAX - (next() >> 60)]);
            let mut over = c;
            if !over.add(&c) {
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
