//! The earlier colourings (or situations) of the repetition parameter, stored exactly, with a hash
//! index over them.
//!
//! Every entry is a colouring (two bit planes: black, white; the `nw` words of a [`Bits`] that the
//! layout uses, the others being zero in every colouring) with a small **tag** that is part of its
//! identity: 0 under positional superko (r[tt.turn.repetition]), the player to move under
//! situational superko (r[var.ko.situational]) and in the cycles of simple ko
//! (r[var.ko.simple.cycle]), and the player who created it under natural situational superko
//! (r[var.ko.natural-situational]). The engine mixes a key of the tag into the hash it stores, so
//! entries with different tags seldom share a hash. An open-addressing table maps a hash to the
//! entries with that hash; a lookup confirms every hash hit against the stored tag and colouring,
//! so two colourings that share a hash are never taken for each other, however narrow the hash.
//!
//! **Keyframes and changes.** One entry in `2^kf_shift` (entry 0 and every multiple) is a
//! *keyframe*, stored whole; every other entry is stored as its *changes*, the (point, plane) bits
//! in which its colouring differs from the entry before it, which the engine notes as it places and
//! empties stones ([`History::note_change`]). A move changes its own point and the points it
//! empties, so an entry costs a word or two instead of `2 * nw`. The colouring of an entry is
//! rebuilt only when it is needed (a hash hit, the invariant checker): from the keyframe at or
//! below it, applying the changes of the entries after the keyframe in order.
//!
//! Note: the rebuilt colouring is exact, never a guess. The engine pushes a changes entry only
//! right after a move, when the entry before it is the colouring at the start of that move (every
//! parameter value pushes after every move, and passes change no colouring), and it notes a change
//! for every bit the move flips (the placed stone, each emptied stone; a stone placed and emptied
//! by a suicide is noted twice and cancels). So each entry's changes are the XOR of its planes and
//! the previous entry's, and applying them in order reproduces every colouring bit for bit. The
//! invariant checker rebuilds every entry after every turn and checks its hash, and the last entry
//! against the engine's planes. With `kf_shift = 0` every entry is a keyframe, for entries that are
//! not consecutive colourings (the passes of r[var.end.repeated-pass]) or whose last entry is
//! compared on every turn (the cycles of simple ko).
//!
//! A second, coarser filter remembers which stone counts (black, white) the entries have, one bit
//! per pair: a colouring whose counts no entry has cannot be an earlier colouring, and needs no
//! table lookup at all. Note: equal colourings have equal counts, so the filter can only skip
//! lookups whose answer is "not seen"; it never decides "seen".

use crate::bits::Bits;

/// A slot of the hash table: in use when its `gen` is the history's current generation.
#[derive(Copy, Clone, Debug)]
struct Slot {
    hash: u64,
    /// The index of its entry.
    entry: u32,
    /// The generation that wrote it.
    gen: u32,
}

/// A free slot in every generation (generations start at 1).
const FREE: Slot = Slot {
    hash: 0,
    entry: 0,
    gen: 0,
};

/// What is kept of every entry besides its colouring.
#[derive(Copy, Clone, Debug)]
struct Entry {
    hash: u64,
    /// `changes.len()` once the entry was pushed: its changes end there, the next entry's start.
    end: u32,
    /// The entry's bit in `counts`, so that [`History::clear`] can clear it alone.
    bucket: u32,
    tag: u8,
}

#[derive(Debug)]
pub struct History {
    /// Words per plane.
    nw: usize,
    /// Entry `e` is a keyframe when `e % (1 << kf_shift) == 0`.
    kf_shift: u32,
    entries: Vec<Entry>,
    /// The planes of each keyframe: `nw` words of black, then `nw` words of white (a 9x9
    /// colouring is four words, not two whole [`Bits`]).
    keyframes: Vec<u64>,
    /// The changes of the entries that are not keyframes, `index << 1 | plane` each, entry after
    /// entry; past the last entry's `end`, the changes noted for the next push.
    changes: Vec<u16>,
    slots: Vec<Slot>,
    /// The current generation of the slots (never 0): a slot of another one is free.
    gen: u32,
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
            kf_shift: self.kf_shift,
            entries: self.entries.clone(),
            keyframes: self.keyframes.clone(),
            changes: self.changes.clone(),
            slots: self.slots.clone(),
            gen: self.gen,
            shift: self.shift,
            counts: self.counts.clone(),
            counts_stride: self.counts_stride,
        }
    }

    /// Reuses `self`'s buffers: no allocation once they are large enough.
    fn clone_from(&mut self, src: &History) {
        self.nw = src.nw;
        self.kf_shift = src.kf_shift;
        self.entries.clone_from(&src.entries);
        self.keyframes.clone_from(&src.keyframes);
        self.changes.clone_from(&src.changes);
        self.slots.clone_from(&src.slots);
        self.gen = src.gen;
        self.shift = src.shift;
        self.counts.clone_from(&src.counts);
        self.counts_stride = src.counts_stride;
    }
}

impl History {
    /// An empty history for planes of `nw` words on a grid of `area` points, with a keyframe
    /// every `2^kf_shift` entries.
    pub fn new(nw: usize, area: usize, kf_shift: u32) -> History {
        History {
            nw,
            kf_shift,
            entries: Vec::with_capacity(64),
            keyframes: Vec::with_capacity(2 * nw * if kf_shift == 0 { 64 } else { 4 }),
            changes: Vec::with_capacity(128),
            slots: vec![FREE; 16],
            gen: 1,
            shift: 64 - 4,
            counts: vec![0; ((area + 1) * (area + 1)).div_ceil(64)],
            counts_stride: area + 1,
        }
    }

    /// Forgets every entry and gives the history the form [`History::new`]`(nw, area,
    /// kf_shift)` gives it, keeping the buffers (the count filter is resized, all zero).
    ///
    /// Note: after [`History::clear`] the history has no entry, keyframe, change or count bit,
    /// and every slot is free, as in a new one; the form is only read by pushes and lookups to
    /// come. The slot table keeps its size: a lookup finds the same entries in a table of any
    /// size, and it grows by the same test.
    pub fn reform(&mut self, nw: usize, area: usize, kf_shift: u32) {
        self.clear();
        self.nw = nw;
        self.kf_shift = kf_shift;
        self.counts
            .resize(((area + 1) * (area + 1)).div_ceil(64), 0);
        self.counts_stride = area + 1;
    }

    /// Forgets every entry (and the changes noted for the next), keeping the buffers.
    pub fn clear(&mut self) {
        self.changes.clear();
        // Note: every count bit is set by a push and every slot in use written by one (`grow`
        // reinserts only entries), so a history with no entry has none and is already clear.
        if self.entries.is_empty() {
            return;
        }
        // Note: a new generation frees every slot at once (a slot is in use only when written
        // in the current generation). When the counter wraps, every slot is rewritten free
        // (stamp 0, never a current generation), so a stamp of an earlier round of generations
        // is never taken for the new one.
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.slots.fill(FREE);
            self.gen = 1;
        }
        // Note: every count bit was set by the push of an entry still here (entries are only
        // ever removed all at once, here), so zeroing the words of the entries' buckets clears
        // the bitmap. That is cheaper than one `memset` of the whole bitmap (16 KiB on 19x19)
        // for short histories; the fill (848 bytes on 9x9) is cheaper for long ones.
        if self.entries.len() < self.counts.len() {
            for e in &self.entries {
                self.counts[e.bucket as usize >> 6] = 0;
            }
        } else {
            self.counts.fill(0);
        }
        self.entries.clear();
        self.keyframes.clear();
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    #[inline(always)]
    fn bucket(&self, black: u32, white: u32) -> usize {
        black as usize * self.counts_stride + white as usize
    }

    #[inline(always)]
    fn has_counts(&self, black: u32, white: u32) -> bool {
        let b = self.bucket(black, white);
        self.counts[b >> 6] >> (b & 63) & 1 != 0
    }

    /// Whether a slot holds an entry (was written in the current generation).
    #[inline(always)]
    fn used(&self, s: &Slot) -> bool {
        s.gen == self.gen
    }

    #[inline(always)]
    fn slot_of(&self, hash: u64) -> usize {
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Whether some entry may have these stone counts (false means none has).
    #[inline(always)]
    pub fn may_contain_counts(&self, black: u32, white: u32) -> bool {
        self.has_counts(black, white)
    }

    /// Notes that the colouring of the next entry differs from the last one's at padded index
    /// `i` of plane `plane` (0 black, 1 white); a bit noted twice is unchanged.
    #[inline(always)]
    pub fn note_change(&mut self, i: usize, plane: usize) {
        self.changes.push((i << 1 | plane) as u16);
    }

    /// The changes noted since the last push.
    pub fn pending_changes(&self) -> &[u16] {
        &self.changes[self.entries.last().map_or(0, |e| e.end as usize)..]
    }

    /// Appends a colouring: its hash (tag key included), its stone counts, its tag and its planes.
    /// A keyframe copies `planes`; any other entry keeps the changes noted since the last push,
    /// which must turn the last entry's colouring into `planes` (see the module's Note).
    #[inline(always)]
    pub fn push(&mut self, hash: u64, black: u32, white: u32, tag: u8, planes: &[Bits; 2]) {
        let e = self.entries.len();
        // Entry `e` is a keyframe when its low `kf_shift` bits are 0 (entry 0 always is).
        if e.trailing_zeros() >= self.kf_shift {
            let nw = self.nw;
            // The changes noted for a keyframe are not needed.
            let end = self.entries.last().map_or(0, |e| e.end as usize);
            self.changes.truncate(end);
            self.keyframes.extend_from_slice(&planes[0].0[..nw]);
            self.keyframes.extend_from_slice(&planes[1].0[..nw]);
        }
        let b = self.bucket(black, white);
        self.entries.push(Entry {
            hash,
            end: self.changes.len() as u32,
            bucket: b as u32,
            tag,
        });
        self.counts[b >> 6] |= 1 << (b & 63);
        if 2 * self.entries.len() > self.slots.len() {
            self.grow();
        } else {
            self.insert(hash, e as u32);
        }
    }

    #[inline(always)]
    fn insert(&mut self, hash: u64, entry: u32) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(hash);
        while self.used(&self.slots[i]) {
            i = (i + 1) & mask;
        }
        self.slots[i] = Slot {
            hash,
            entry,
            gen: self.gen,
        };
    }

    /// Doubles the table and reinserts every entry in history order.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        self.slots.clear();
        self.slots.resize(n, FREE);
        self.shift -= 1;
        for e in 0..self.entries.len() {
            self.insert(self.entries[e].hash, e as u32);
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

    /// How many entries equal the last entry pushed, whose colouring is `planes` (exactly: every
    /// other hash hit is confirmed against `planes`).
    ///
    /// Note: the last entry was pushed from `planes` with its own hash and tag, so it equals them
    /// by construction and counts without rebuilding its colouring; every other entry is
    /// compared as before.
    pub fn count_equal_last(&self, planes: &[Bits; 2]) -> usize {
        let Some(last) = self.entries.len().checked_sub(1) else {
            return 0;
        };
        let Entry { hash, tag, .. } = self.entries[last];
        let mask = self.slots.len() - 1;
        let mut i = self.slot_of(hash);
        let mut n = 1;
        loop {
            let s = self.slots[i];
            if !self.used(&s) {
                return n;
            }
            if s.hash == hash
                && s.entry as usize != last
                && self.entry_equals(s.entry as usize, tag, planes)
            {
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
            if !self.used(&s) {
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
            if !self.used(&s) {
                return false;
            }
            if s.hash == hash && self.entry_equals(s.entry as usize, tag, planes) {
                return true;
            }
            i = (i + 1) & mask;
        }
    }

    /// Note: the planes of a colouring are zero beyond `nw` words (the engine never sets a bit
    /// outside the layout, which its invariant checker asserts, and [`Self::planes`] rebuilds
    /// only `nw` words), so comparing whole planes compares the colourings.
    fn entry_equals(&self, entry: usize, tag: u8, planes: &[Bits; 2]) -> bool {
        self.entries[entry].tag == tag && &self.planes(entry) == planes
    }

    /// The hash of entry `e` (tag key included).
    pub fn hash(&self, e: usize) -> u64 {
        self.entries[e].hash
    }

    /// The colouring of entry `e`, rebuilt from its keyframe and the changes after it.
    pub fn planes(&self, e: usize) -> [Bits; 2] {
        let nw = self.nw;
        let k = e >> self.kf_shift;
        let at = 2 * nw * k;
        let mut p = [Bits::EMPTY; 2];
        p[0].0[..nw].copy_from_slice(&self.keyframes[at..at + nw]);
        p[1].0[..nw].copy_from_slice(&self.keyframes[at + nw..at + 2 * nw]);
        let from = self.entries[k << self.kf_shift].end as usize;
        for &c in &self.changes[from..self.entries[e].end as usize] {
            p[usize::from(c & 1)].toggle(usize::from(c >> 1));
        }
        p
    }

    /// The tag of entry `e`.
    pub fn tag(&self, e: usize) -> u8 {
        self.entries[e].tag
    }

    /// Checks the table and the count buckets against the entries; panics with a label.
    pub fn assert_consistent(&self, counts_of: impl Fn(usize) -> (u32, u32)) {
        let mut in_table = vec![0u32; self.len()];
        for s in &self.slots {
            if self.used(s) {
                let e = s.entry as usize;
                assert!(
                    e < self.len(),
                    "history: slot names entry {e} of {}",
                    self.len()
                );
                assert_eq!(
                    s.hash, self.entries[e].hash,
                    "history: slot hash of entry {e}"
                );
                in_table[e] += 1;
            }
        }
        let keyframes = self.len().div_ceil(1 << self.kf_shift);
        assert_eq!(
            self.keyframes.len(),
            2 * self.nw * keyframes,
            "history: one colouring per keyframe"
        );
        let mut end = 0;
        for (e, entry) in self.entries.iter().enumerate() {
            let is_keyframe = e & ((1 << self.kf_shift) - 1) == 0;
            assert!(
                entry.end as usize >= end && (!is_keyframe || entry.end as usize == end),
                "history: the changes of entry {e}"
            );
            end = entry.end as usize;
        }
        assert!(end <= self.changes.len(), "history: changes end");
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
            let planes = self.planes(e);
            assert!(
                self.contains_unfiltered(self.entries[e].hash, self.entries[e].tag, &planes),
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
