//! The earlier colourings (or situations) of the repetition parameter, stored exactly, with a hash
//! index over them.
//!
//! Every entry is a colouring (two bit planes: black, white; the `nw` words of a [`Bits`] that the
//! layout uses, the others being zero in every colouring) with a small **tag** that is part of its
//! identity: 0 under positional superko (r[tt.turn.repetition]), the player to move under
//! situational superko (r[var.ko.situational]) and in the cycles of simple ko
//! (r[var.ko.simple.cycle]), and the player who created it under natural situational superko
//! (r[var.ko.natural-situational]). The engine mixes a key of the tag into the hash it stores, so
//! entries with different tags seldom share a hash. A lookup confirms every hash hit against the
//! stored tag and colouring, so two colourings that share a hash are never taken for each other,
//! however narrow the hash.
//!
//! **Keyframes and changes.** One entry in `2^kf_shift` (entry 0 and every multiple) is a
//! *keyframe*, stored whole; every other entry is stored as its *changes*, the (point, plane) bits
//! in which its colouring differs from the entry before it: the placed stone, which the push
//! names, and the stones the move empties, which the engine notes as it empties them
//! ([`History::note_change`]). So an entry costs a word or two instead of `2 * nw`. The colouring of an entry is
//! rebuilt only when it is needed (a hash hit, the invariant checker): from the keyframe at or
//! below it, applying the changes of the entries after the keyframe in order.
//!
//! Note: the rebuilt colouring is exact, never a guess. The engine pushes a changes entry only
//! right after a move, when the entry before it is the colouring at the start of that move (every
//! parameter value pushes after every move, and passes change no colouring), and every bit the
//! move flips is a change of it (the placed stone, named by the push, and each emptied stone,
//! noted; a stone placed and emptied by a suicide is both and cancels). So each entry's changes are the XOR of its planes and
//! the previous entry's, and applying them in order reproduces every colouring bit for bit. The
//! invariant checker rebuilds every entry after every turn and checks its hash, and the last entry
//! against the engine's planes. With `kf_shift = 0` every entry is a keyframe, for entries that are
//! not consecutive colourings (the passes of r[var.end.repeated-pass]).
//!
//! **The index, by stone counts.** Equal colourings have equal stone counts (black, white), so
//! a lookup only needs the entries with the counts of the colouring it asks about. Each pair of
//! counts has a *bucket* number, `black * (area + 1) + white`; a table of chain heads, a power of
//! two at least twice the number of entries, holds for each slot (bucket modulo its length) the
//! newest entry whose bucket lands there, and every entry the one before it in its slot
//! (`prev`). A push links one entry in front of its slot's chain: no probing, no hashing. A
//! lookup walks the chain of its slot, skips entries of other buckets, and compares the hash,
//! then the tag and the colouring, of the others. Note: the chain of a slot holds every entry
//! whose bucket lands there, so an entry with the asked counts is on it; whether any entry has
//! given counts is decided without a hash at all, and a colouring whose counts no entry has is
//! "not seen" at once.

use crate::bits::Bits;

/// What is kept of every entry besides its colouring.
#[derive(Copy, Clone, Debug)]
struct Entry {
    hash: u64,
    /// `changes.len()` once the entry was pushed: its changes end there, the next entry's start.
    end: u32,
    /// The bucket of its stone counts (see the module's docs).
    bucket: u32,
    /// One more than the entry before it in its slot's chain; 0 if it is the first.
    prev: u32,
    /// The change code (`index << 1 | plane`) of the stone its move placed, one of its changes
    /// besides those in `changes`; [`NO_STONE`] for none (a pass, a keyframe's own push).
    placed: u16,
    tag: u8,
}

/// The change code of the bit of padded index `i` in plane `plane` (0 black, 1 white): what
/// [`History::note_change`] records and what [`History::push`] takes as its placed stone.
#[inline(always)]
pub fn change_code(i: usize, plane: usize) -> u16 {
    (i << 1 | plane) as u16
}

/// The `placed` of an entry whose push placed no stone. Never a change code: padded index 0 is a
/// guard.
pub const NO_STONE: u16 = 0;

#[derive(Debug)]
pub struct History {
    /// Words per plane.
    nw: usize,
    /// Entry `e` is a keyframe when `e % (1 << kf_shift) == 0`.
    kf_shift: u32,
    /// `(1 << kf_shift) - 1`: entry `e` is a keyframe when `e & kf_mask == 0`.
    kf_mask: usize,
    entries: Vec<Entry>,
    /// The planes of each keyframe: `nw` words of black, then `nw` words of white (a 9x9
    /// colouring is four words, not two whole [`Bits`]).
    keyframes: Vec<u64>,
    /// The changes of the entries that are not keyframes, `index << 1 | plane` each, entry after
    /// entry; past the last entry's `end`, the changes noted for the next push.
    changes: Vec<u16>,
    /// For each slot, one more than the newest entry whose bucket lands there (0: none); a power
    /// of two long, at least twice the number of entries.
    heads: Vec<u32>,
    /// `area + 1`.
    counts_stride: usize,
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            nw: self.nw,
            kf_shift: self.kf_shift,
            kf_mask: self.kf_mask,
            entries: self.entries.clone(),
            keyframes: self.keyframes.clone(),
            changes: self.changes.clone(),
            heads: self.heads.clone(),
            counts_stride: self.counts_stride,
        }
    }

    /// Reuses `self`'s buffers: no allocation once they are large enough.
    fn clone_from(&mut self, src: &History) {
        self.nw = src.nw;
        self.kf_shift = src.kf_shift;
        self.kf_mask = src.kf_mask;
        self.entries.clone_from(&src.entries);
        self.keyframes.clone_from(&src.keyframes);
        self.changes.clone_from(&src.changes);
        self.heads.clone_from(&src.heads);
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
            kf_mask: (1 << kf_shift) - 1,
            entries: Vec::with_capacity(64),
            keyframes: Vec::with_capacity(2 * nw * if kf_shift == 0 { 64 } else { 4 }),
            changes: Vec::with_capacity(128),
            heads: vec![0; 16],
            counts_stride: area + 1,
        }
    }

    /// Forgets every entry and gives the history the form [`History::new`]`(nw, area,
    /// kf_shift)` gives it, keeping the buffers.
    ///
    /// Note: after [`History::clear`] the history has no entry, keyframe or change, and every
    /// slot is empty, as in a new one; the form is only read by pushes and lookups to come. The
    /// table of chain heads keeps its length: a lookup finds the same entries in a table of any
    /// length, and it grows by the same test.
    pub fn reform(&mut self, nw: usize, area: usize, kf_shift: u32) {
        self.clear();
        self.nw = nw;
        self.kf_shift = kf_shift;
        self.kf_mask = (1 << kf_shift) - 1;
        self.counts_stride = area + 1;
    }

    /// Forgets every entry (and the changes noted for the next), keeping the buffers.
    pub fn clear(&mut self) {
        self.changes.clear();
        // Note: a slot is non-empty only when an entry still here lands on it (entries are only
        // ever removed all at once, here, and `grow` relinks them all), so emptying the slots of
        // the entries' buckets empties the table. A table of 2 KB or less is filled instead (a
        // few vector stores). A longer one keeps the length of the longest history since it was
        // made (a long record makes it long for every game after it on the thread), and its
        // `memset` is a `rep stosb`, one instruction a byte as callgrind counts, more than the
        // walk over the entries, which are at most half as many as its slots.
        if self.heads.len() <= 512 {
            self.heads.fill(0);
        } else {
            // Four entries a step, into the table sliced to `mask + 1` slots, so that an index
            // masked by `mask` needs no bounds check.
            let mask = self.heads.len() - 1;
            let heads = &mut self.heads[..=mask];
            let mut quads = self.entries.chunks_exact(4);
            for q in &mut quads {
                for e in q {
                    heads[e.bucket as usize & mask] = 0;
                }
            }
            for e in quads.remainder() {
                heads[e.bucket as usize & mask] = 0;
            }
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

    /// The newest entry of bucket `b`, then the ones before it, newest first.
    #[inline(always)]
    fn in_bucket(&self, b: usize) -> impl Iterator<Item = usize> + '_ {
        let mut link = self.heads[b & (self.heads.len() - 1)];
        std::iter::from_fn(move || loop {
            let e = link.checked_sub(1)? as usize;
            let entry = &self.entries[e];
            link = entry.prev;
            if entry.bucket as usize == b {
                return Some(e);
            }
        })
    }

    /// Whether some entry has these stone counts.
    ///
    /// Note: `in_bucket`'s walk, with its first step (an empty slot, the common answer) taken
    /// before the walk is set up.
    #[inline(always)]
    pub fn may_contain_counts(&self, black: u32, white: u32) -> bool {
        let b = self.bucket(black, white);
        self.heads[b & (self.heads.len() - 1)] != 0 && self.bucket_is_used(b)
    }

    /// Whether some entry is in bucket `b`, whose slot is not empty.
    #[inline(never)]
    fn bucket_is_used(&self, b: usize) -> bool {
        self.in_bucket(b).next().is_some()
    }

    /// Notes that the colouring of the next entry differs from the last one's at padded index
    /// `i` of plane `plane` (0 black, 1 white); a bit noted twice is unchanged.
    #[inline(always)]
    pub fn note_change(&mut self, i: usize, plane: usize) {
        self.changes.push(change_code(i, plane));
    }

    /// The changes noted since the last push.
    pub fn pending_changes(&self) -> &[u16] {
        &self.changes[self.entries.last().map_or(0, |e| e.end as usize)..]
    }

    /// Appends a colouring: its hash (tag key included), its stone counts, its tag, its planes,
    /// and the change code of the stone its move placed ([`NO_STONE`] for none). A keyframe
    /// copies `planes`; any other entry keeps `placed` and the changes noted since the last push,
    /// which together must turn the last entry's colouring into `planes` (see the module's Note).
    ///
    /// Returns whether the entry's slot held an earlier entry: when it did not, no earlier entry
    /// has its stone counts (an entry with them would be on the slot's chain), so none equals it.
    #[inline(always)]
    pub fn push(
        &mut self,
        hash: u64,
        [black, white]: [u32; 2],
        tag: u8,
        planes: &[Bits; 2],
        placed: u16,
    ) -> bool {
        let e = self.entries.len();
        // Entry `e` is a keyframe when its low `kf_shift` bits are 0 (entry 0 always is).
        if e & self.kf_mask == 0 {
            let nw = self.nw;
            // The changes noted for a keyframe are not needed.
            let end = self.entries.last().map_or(0, |e| e.end as usize);
            self.changes.truncate(end);
            self.keyframes.extend_from_slice(&planes[0].0[..nw]);
            self.keyframes.extend_from_slice(&planes[1].0[..nw]);
        }
        let b = self.bucket(black, white);
        let slot = b & (self.heads.len() - 1);
        let prev = std::mem::replace(&mut self.heads[slot], e as u32 + 1);
        self.entries.push(Entry {
            hash,
            end: self.changes.len() as u32,
            bucket: b as u32,
            prev,
            placed,
            tag,
        });
        if 2 * self.entries.len() > self.heads.len() {
            self.grow();
        }
        prev != 0
    }

    /// Doubles the table of chain heads and relinks every entry in history order.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let n = self.heads.len() * 2;
        self.heads.clear();
        self.heads.resize(n, 0);
        for e in 0..self.entries.len() {
            let slot = self.entries[e].bucket as usize & (n - 1);
            self.entries[e].prev = std::mem::replace(&mut self.heads[slot], e as u32 + 1);
        }
    }

    /// Whether the colouring with this hash, stone counts, tag and planes (built by `planes` only
    /// if needed) is one of the entries.
    ///
    /// Note: the counts select the entries to look at, and `hash` the candidates among them;
    /// equality is decided by comparing the tag and the planes word for word.
    #[inline]
    pub fn contains(
        &self,
        hash: u64,
        black: u32,
        white: u32,
        tag: u8,
        planes: impl FnOnce() -> [Bits; 2],
    ) -> bool {
        let mut candidates = self
            .in_bucket(self.bucket(black, white))
            .filter(|&e| self.entries[e].hash == hash);
        match candidates.next() {
            None => false,
            Some(first) => self.confirm(first, candidates, tag, &planes()),
        }
    }

    /// How many entries equal the last entry pushed, whose colouring is `planes` (exactly: every
    /// other hash hit is confirmed against `planes`).
    ///
    /// Note: the last entry was pushed from `planes` with its own hash and tag, so it equals them
    /// by construction and counts without rebuilding its colouring; every other entry is
    /// compared as before. The last entry heads its slot's chain (a push links its entry in
    /// front, and `grow` relinks in history order), so the walk starts at the entry after it,
    /// `in_bucket`'s walk without its first step: the usual chain after it is empty.
    #[cold]
    #[inline(never)]
    pub fn count_equal_last(&self, planes: &[Bits; 2]) -> usize {
        let Some(last) = self.entries.len().checked_sub(1) else {
            return 0;
        };
        let Entry {
            hash,
            tag,
            bucket,
            prev,
            ..
        } = self.entries[last];
        debug_assert_eq!(
            self.heads[bucket as usize & (self.heads.len() - 1)],
            last as u32 + 1
        );
        let mut n = 1;
        let mut link = prev;
        while let Some(e) = link.checked_sub(1) {
            let e = e as usize;
            let entry = &self.entries[e];
            link = entry.prev;
            if entry.bucket == bucket && entry.hash == hash && self.entry_equals(e, tag, planes) {
                n += 1;
            }
        }
        n
    }

    /// Compares `planes` with the entry `first` and then the entries of `rest`.
    #[cold]
    #[inline(never)]
    fn confirm(
        &self,
        first: usize,
        mut rest: impl Iterator<Item = usize>,
        tag: u8,
        planes: &[Bits; 2],
    ) -> bool {
        self.entry_equals(first, tag, planes) || rest.any(|e| self.entry_equals(e, tag, planes))
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
        let first = k << self.kf_shift;
        let mut toggle = |c: u16| p[usize::from(c & 1)].toggle(usize::from(c >> 1));
        for entry in &self.entries[first + 1..=e] {
            if entry.placed != NO_STONE {
                toggle(entry.placed);
            }
        }
        let from = self.entries[first].end as usize;
        for &c in &self.changes[from..self.entries[e].end as usize] {
            toggle(c);
        }
        p
    }

    /// The tag of entry `e`.
    pub fn tag(&self, e: usize) -> u8 {
        self.entries[e].tag
    }

    /// Checks the table of chain heads and the buckets against the entries; panics with a label.
    pub fn assert_consistent(&self, counts_of: impl Fn(usize) -> (u32, u32)) {
        let mut in_table = vec![0u32; self.len()];
        let mask = self.heads.len() - 1;
        assert!(self.heads.len().is_power_of_two(), "history: table length");
        for (slot, &head) in self.heads.iter().enumerate() {
            // Each chain runs from newer to older entries, all landing on this slot.
            let mut link = head;
            let mut newer = usize::MAX;
            while let Some(e) = link.checked_sub(1) {
                let e = e as usize;
                assert!(
                    e < newer && e < self.len(),
                    "history: slot {slot} chains entry {e} of {}",
                    self.len()
                );
                assert_eq!(
                    self.entries[e].bucket as usize & mask,
                    slot,
                    "history: entry {e} on the chain of another slot"
                );
                in_table[e] += 1;
                newer = e;
                link = self.entries[e].prev;
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
        assert!(2 * self.len() <= self.heads.len(), "history: load factor");
        for e in 0..self.len() {
            let (b, w) = counts_of(e);
            assert_eq!(
                self.entries[e].bucket as usize,
                self.bucket(b, w),
                "history: the bucket of entry {e}"
            );
            // Every entry must be found by a lookup of its own colouring.
            let planes = self.planes(e);
            let entry = &self.entries[e];
            assert!(
                self.contains(entry.hash, b, w, entry.tag, || planes),
                "history: entry {e} not found"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pushes `n` entries of distinct counts and hashes (each a keyframe under `kf_shift = 0`).
    fn push_entries(h: &mut History, n: usize) {
        for e in 0..n as u32 {
            let counts = [e % 82, e / 82 % 82];
            let hash = u64::from(e).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            h.push(hash, counts, 0, &[Bits::EMPTY; 2], NO_STONE);
        }
    }

    /// `clear` empties every slot of the table of chain heads: by the fill of a short table, and
    /// by the walk over the entries of a long one (in fours, then the 0 to 3 left), which a
    /// history of 600 entries makes long for the histories after it; the history then takes
    /// entries again as a new one does.
    #[test]
    fn clear_empties_every_slot() {
        let (mut walked, mut filled) = (0, 0);
        for n in [0, 1, 2, 3, 4, 5, 6, 7, 8, 100, 255, 256, 257, 258, 259, 600] {
            let mut h = History::new(2, 81, 0);
            push_entries(&mut h, n);
            filled += usize::from(h.heads.len() <= 512);
            h.clear();
            assert!(h.heads.iter().all(|&s| s == 0), "{n} entries, short table");
            push_entries(&mut h, 600);
            h.clear();
            push_entries(&mut h, n);
            walked += usize::from(h.heads.len() > 512 && n > 0);
            h.clear();
            assert!(h.heads.iter().all(|&s| s == 0), "{n} entries, long table");
            assert_eq!(h.len(), 0);
            push_entries(&mut h, n);
            h.assert_consistent(|e| (e as u32 % 82, e as u32 / 82 % 82));
        }
        assert!(walked > 0 && filled > 0);
    }
}
