//! Zobrist keys: one random 64-bit key per (padded point, stone colour). The zobrist hash of a
//! colouring is the XOR of the keys of its stones, so the empty grid hashes to 0 and placing or
//! emptying a stone toggles one key.

use crate::layout::{MAX_PADDED, PAD_CAPACITY};

const fn splitmix64(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `KEYS[i][k]`: the key of a stone of plane `k` (0 black, 1 white) on padded index `i`.
///
/// Note: it has [`PAD_CAPACITY`] rows, a power of two, like a `PadArray`, so that [`key`] can mask
/// the index instead of checking it; the rows from [`MAX_PADDED`] on are never read.
static KEYS: [[u64; 2]; PAD_CAPACITY] = {
    let mut t = [[0u64; 2]; PAD_CAPACITY];
    let mut i = 0;
    while i < MAX_PADDED {
        t[i][0] = splitmix64(0x7474_7275_6c65_7300 ^ (2 * i as u64));
        t[i][1] = splitmix64(0x7474_7275_6c65_7300 ^ (2 * i as u64 + 1));
        i += 1;
    }
    t
};

/// The key of a stone of plane `plane` (0 black, 1 white) on padded index `i` (below
/// [`MAX_PADDED`], checked in debug builds).
#[inline(always)]
pub fn key(i: usize, plane: usize) -> u64 {
    debug_assert!(i < MAX_PADDED && plane < 2, "no key for ({i}, {plane})");
    KEYS[i & (PAD_CAPACITY - 1)][plane & 1]
}

/// `TAG_KEYS[t]`: the key mixed into the hash of a history entry with tag `t` (0: none, 1: Black,
/// 2: White; see `history`). Tag 0 has key 0, so a positional entry's hash is the colouring's.
pub static TAG_KEYS: [u64; 3] = [
    0,
    splitmix64(0x7369_7475_6174_696f),
    splitmix64(0x7369_7475_6174_6970),
];
