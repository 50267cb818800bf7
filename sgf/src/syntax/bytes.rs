//! What the scanner asks of the bytes: white space, where a value ends, which properties are text
//! (r[rec.syntax], r[rec.recover]).

use super::tree::Key;

#[inline]
pub(super) fn is_ws(b: u8) -> bool {
    b.is_ascii_whitespace()
}

#[inline]
pub(super) fn skip_ws(b: &[u8], mut i: usize) -> usize {
    // White space is at most `b' '`: most bytes are told apart by one comparison.
    while i < b.len() && b[i] <= b' ' && is_ws(b[i]) {
        i += 1;
    }
    i
}

/// Whether an identifier followed by `[` starts at `i` (after whitespace).
#[inline]
pub(super) fn property_follows(b: &[u8], i: usize) -> bool {
    let mut k = skip_ws(b, i);
    let start = k;
    while k < b.len() && b[k].is_ascii_alphabetic() {
        k += 1;
    }
    k > start && {
        let k = skip_ws(b, k);
        k < b.len() && b[k] == b'['
    }
}

/// Where the first `]` or `\` of `b` is (`b.len()` if none): the first sixteen bytes, where
/// most values end (`pd`), a word at a time, then `memchr`'s vectorised search.
///
/// Note: `]` is 0x5D and `\` is 0x5C, the two bytes `c` with `c & 0xFE == 0x5C`; a word's bytes
/// are masked so and compared with 0x5C, and the first byte found equal is the lowest zero byte
/// of the difference (the usual test for a zero byte, exact for the lowest one: a borrow only
/// runs upwards from a zero byte).
#[inline]
pub(super) fn find_stop(b: &[u8]) -> usize {
    const SHORT: usize = 16;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let Some(head) = b.get(..SHORT) else {
        return b.iter().position(|&c| c & 0xFE == 0x5C).unwrap_or(b.len());
    };
    for (k, w) in head.chunks_exact(8).enumerate() {
        let x = (u64::from_le_bytes(w.try_into().expect("eight bytes")) & (ONES * 0xFE))
            ^ (ONES * 0x5C);
        let zero = x.wrapping_sub(ONES) & !x & (ONES * 0x80);
        if zero != 0 {
            return 8 * k + zero.trailing_zeros() as usize / 8;
        }
    }
    SHORT + memchr::memchr2(b']', b'\\', &b[SHORT..]).unwrap_or(b.len() - SHORT)
}

/// The properties whose values are text (red-bean's Text and SimpleText), where an unescaped `]`
/// is repaired (r[rec.recover]), by the key of the identifier.
///
/// Note: each of these identifiers has one or two capitals, so its key is its alone (see
/// [`Key`]); a bit of a table by its letters, not a word compared with each in turn (22
/// comparisons for an identifier that is none of them, `BL` or `WL`).
#[inline]
pub(super) fn is_text_property(key: Key) -> bool {
    // Row: the first letter; bit: the second letter, or bit 26 where there is none.
    const TEXT: [u32; 26] = {
        let ids = [
            "C", "GC", "N", "GN", "PB", "PW", "BT", "WT", "BR", "WR", "EV", "RO", "PC", "SO", "US",
            "AN", "CP", "ON", "OT", "RE", "DT", "RU",
        ];
        let mut rows = [0u32; 26];
        let mut i = 0;
        while i < ids.len() {
            let b = ids[i].as_bytes();
            let bit = if b.len() == 2 { b[1] - b'A' } else { 26 };
            rows[(b[0] - b'A') as usize] |= 1 << bit;
            i += 1;
        }
        rows
    };
    let [len, first, second, ..] = key.0.to_le_bytes();
    let row = usize::from(first.wrapping_sub(b'A'));
    let bit = match len {
        1 => 26,
        2 if second.wrapping_sub(b'A') < 26 => u32::from(second - b'A'),
        _ => return false,
    };
    row < 26 && TEXT[row] >> bit & 1 == 1
}

/// The bit of `key` in a node's summary of keys (`Scanner::keys_seen`): equal keys have equal
/// bits.
#[inline]
pub(super) fn key_bit(key: Key) -> u64 {
    1 << (key.0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58)
}

/// r[rec.recover] (`unescaped-bracket`): what may follow the `]` that ends a value.
#[inline]
pub(super) fn can_follow_value(b: &[u8], n: usize) -> bool {
    let n = skip_ws(b, n);
    n == b.len() || matches!(b[n], b'[' | b';' | b'(' | b')') || property_follows(b, n)
}
