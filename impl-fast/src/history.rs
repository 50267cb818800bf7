//! The earlier colourings (or situations) of the repetition parameter, stored exactly, with a hash
//! index over them.
//!
//! Every entry is a colouring kept as two bit planes (black, white; the `nw` words of a [`Bits`]
//! that the layout uses, the others being zero in every colouring), with a small **tag** that is part of its identity: 0
//! under positional superko (r[tt.turn.repetition]), the player to move under situational superko
//! (r[var.ko.situational]) and in the cycles of simple ko (r[var.ko.simple.cycle]), and the player
//! who created it under natural situational superko (r[var.ko.natural-situational]). The engine
//! mixes a key of the tag into the hash it stores, so entries with different tags seldom share a
//! hash. An open-addressing table maps a hash to the entries with that hash; a lookup confirms
//! every hash hit against the stored tag and planes, so two colourings that share a hash are never
//! taken for each other, however narrow the hash.
//!
//! A second, coarser filter remembers which stone counts (black, white) the entries have, one bit
//! per pair: a colouring whose counts no entry has cannot be an earlier colouring, and needs no
//! table lookup at all. Note: equal colourings have equal counts, so the filter can only skip
//! lookups whose answer is "not seen"; it never decides "seen".

use crate::bits::Bits;

const EMPTY_SLOT: u32 = u32::MAX;

#[derive(Copy, Clone, Debug)]
struct Slot {
    hash: u64,
    /// Index into the entries, or `EMPTY_SLOT`.
    entry: u32,
}

const FREE: Slot = Slot {
    hash: 0,
    entry: EMPTY_SLOT,
};

#[derive(Debug)]
pub struct History {
    /// Words per plane.
    nw: usize,
    hashes: Vec<u64>,
    /// The tag of each entry.
    tags: Vec<u8>,
    /// The planes of each entry: `nw` words of black, then `nw` words of white, entry after
    /// entry (a 9x9 colouring is four words, not two whole [`Bits`]).
    planes: Vec<u64>,
    slots: Vec<Slot>,
    /// `64 - log2(slots.len())`, for the multiplicative slot index.
    shift: u32,
    /// Bit `black * (area + 1) + white` is set when some entry has those stone counts.
    counts: Vec<u64>,
    /// `area + 1`.
    counts_stride: usize,
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            nw: self.nw,
            hashes: self.hashes.clone(),
            tags: self.tags.clone(),
            planes: self.planes.clone(),
            slots: self.slots.clone(),
            shift: self.shift,
            counts: self.counts.clone(),
            counts_stride: self.counts_stride,
        }
    }

    /// Reuses `self`'s buffers: no allocation once they are large enough.
    fn clone_from(&mut self, src: &History) {
        self.nw = src.nw;
        self.hashes.clone_from(&src.hashes);
        self.tags.clone_from(&src.tags);
        self.planes.clone_from(&src.planes);
        self.slots.clone_from(&src.slots);
        self.shift = src.shift;
        self.counts.clone_from(&src.counts);
        self.counts_stride = src.counts_stride;
    }
}

impl History {
    /// An empty history for planes of `nw` words on a grid of `area` points.
    pub fn new(nw: usize, area: usize) -> History {
        History {
            nw,
            hashes: Vec::with_capacity(64),
            tags: Vec::with_capacity(64),
            planes: Vec::with_capacity(64 * 2 * nw),
            slots: vec![FREE; 16],
            shift: 64 - 4,
            counts: vec![0; ((area + 1) * (area + 1)).div_ceil(64)],
            counts_stride: area + 1,
        }
    }

    /// Forgets every entry, keeping the buffers.
    pub fn clear(&mut self) {
        // Note: every slot and count bit is set by a push (and `grow` reinserts only entries),
        // so a history with no entry has none set and is already clear.
        if self.hashes.is_empty() {
            return;
        }
        self.hashes.clear();
        self.tags.clear();
        self.planes.clear();
        self.slots.fill(FREE);
        self.counts.fill(0);
    }

    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    #[inline]
    fn bucket(&self, black: u32, white: u32) -> usize {
        black as usize * self.counts_stride + white as usize
    }

    #[inline]
    fn has_counts(&self, black: u32, white: u32) -> bool {
        let b = self.bucket(black, white);
        self.counts[b >> 6] >> (b & 63) & 1 != 0
    }

    #[inline]
    fn slot_of(&self, hash: u64) -> usize {
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Whether some entry may have these stone counts (false means none has).
    #[inline]
    pub fn may_contain_counts(&self, black: u32, white: u32) -> bool {
        self.has_counts(black, white)
    }

    /// Appends a colouring: its hash (tag key included), its stone counts, its tag and its planes.
    pub fn push(&mut self, hash: u64, black: u32, white: u32, tag: u8, planes: &[Bits; 2]) {
        let entry = self.hashes.len() as u32;
        self.hashes.push(hash);
        self.tags.push(tag);
        // One extend of an iterator of exact length: one capacity check, no call to memcpy.
        let nw = self.nw;
        self.planes
            .extend(planes[0].0[..nw].iter().chain(&planes[1].0[..nw]).copied());
        let b = self.bucket(black, white);
        self.counts[b >> 6] |= 1 << (b & 63);
        if 2 * self.hashes.len() > self.slots.len() {
            self.grow();
        } else {
            self.insert(hash, entry);
        }
    }

    fn insert(&mut self, hash: u64, entry: u32) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(hash);
        while self.slots[i].entry != EMPTY_SLOT {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot { hash, entry };
    }

    /// Doubles the table and reinserts every entry in history order.
    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        self.slots.clear();
        self.slots.resize(n, FREE);
        self.shift -= 1;
        for e in 0..self.hashes.len() {
            self.insert(self.hashes[e], e as u32);
        }
    }

    /// Whether the colouring with this hash, stone counts, tag and planes (built by `planes` only
    /// if needed) is one of the entries.
    ///
    /// Note: `hash` selects candidates; equality is decided by comparing the tag and the planes
    /// word for word.
    #[inline]
    pub fn contains(
        &self,
        hash: u64,
        black: u32,
        white: u32,
        tag: u8,
        planes: impl FnOnce() -> [Bits; 2],
    ) -> bool {
        if !self.has_counts(black, white) {
            return false;
        }
        match self.first_candidate(hash) {
            None => false,
            Some(slot) => self.confirm(hash, slot, tag, &planes()),
        }
    }

    /// How many entries equal the colouring with this hash, tag and planes (exactly: every hash
    /// hit is confirmed).
    pub fn count_equal(&self, hash: u64, tag: u8, planes: &[Bits; 2]) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(hash);
        let mut n = 0;
        loop {
            let s = self.slots[i];
            if s.entry == EMPTY_SLOT {
                return n;
            }
            if s.hash == hash && self.entry_equals(s.entry as usize, tag, planes) {
                n += 1;
            }
            i = (i + 1) & mask;
        }
    }

    /// The first slot at or after the home slot of `hash` that holds `hash`, if any.
    #[inline]
    fn first_candidate(&self, hash: u64) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(hash);
        loop {
            let s = self.slots[i];
            if s.entry == EMPTY_SLOT {
                return None;
            }
            if s.hash == hash {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Compares `planes` with every entry of hash `hash` from slot `i` on.
    #[cold]
    #[inline(never)]
    fn confirm(&self, hash: u64, mut i: usize, tag: u8, planes: &[Bits; 2]) -> bool {
        let mask = self.slots.len() - 1;
        loop {
            let s = self.slots[i];
            if s.entry == EMPTY_SLOT {
                return false;
            }
            if s.hash == hash && self.entry_equals(s.entry as usize, tag, planes) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Note: the planes of a colouring are zero beyond `nw` words (the engine never sets a bit
    /// outside the layout, which its invariant checker asserts), so comparing the first `nw`
    /// words of each plane compares the colourings.
    fn entry_equals(&self, entry: usize, tag: u8, planes: &[Bits; 2]) -> bool {
        let (_, b, w) = self.entry(entry);
        self.tags[entry] == tag && b == &planes[0].0[..self.nw] && w == &planes[1].0[..self.nw]
    }

    /// The hash and planes (`nw` words each) of entry `e`.
    pub fn entry(&self, e: usize) -> (u64, &[u64], &[u64]) {
        let nw = self.nw;
        let at = 2 * nw * e;
        (
            self.hashes[e],
            &self.planes[at..at + nw],
            &self.planes[at + nw..at + 2 * nw],
        )
    }

    /// The tag of entry `e`.
    pub fn tag(&self, e: usize) -> u8 {
        self.tags[e]
    }

    /// Checks the table and the count buckets against the entries; panics with a label.
    pub fn assert_consistent(&self, counts_of: impl Fn(usize) -> (u32, u32)) {
        let mut in_table = vec![0u32; self.len()];
        for s in &self.slots {
            if s.entry != EMPTY_SLOT {
                let e = s.entry as usize;
                assert!(
                    e < self.len(),
                    "history: slot names entry {e} of {}",
                    self.len()
                );
                assert_eq!(s.hash, self.hashes[e], "history: slot hash of entry {e}");
                in_table[e] += 1;
            }
        }
        assert_eq!(self.tags.len(), self.len(), "history: one tag per entry");
        assert_eq!(
            self.planes.len(),
            2 * self.nw * self.len(),
            "history: one colouring per entry"
        );
        assert!(
            in_table.iter().all(|&n| n == 1),
            "history: every entry is in the table exactly once"
        );
        assert!(2 * self.len() <= self.slots.len(), "history: load factor");
        let mut buckets = vec![0u64; self.counts.len()];
        for e in 0..self.len() {
            let (b, w) = counts_of(e);
            let k = self.bucket(b, w);
            buckets[k >> 6] |= 1 << (k & 63);
            // Every entry must be found by a lookup of its own hash.
            let (h, pb, pw) = self.entry(e);
            let mut planes = [Bits::EMPTY; 2];
            planes[0].0[..self.nw].copy_from_slice(pb);
            planes[1].0[..self.nw].copy_from_slice(pw);
            assert!(
                self.contains_unfiltered(h, self.tags[e], &planes),
                "history: entry {e} not found"
            );
        }
        assert_eq!(buckets, self.counts, "history: stone-count bits");
    }

    fn contains_unfiltered(&self, hash: u64, tag: u8, planes: &[Bits; 2]) -> bool {
        self.first_candidate(hash)
            .is_some_and(|i| self.confirm(hash, i, tag, planes))
    }
}
