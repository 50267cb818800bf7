//! Reading GTP lines with a bound: a line longer than [`MAX_LINE`] is not kept in memory, it is
//! skipped to its newline as it streams past (`ttrules gtp < /dev/zero` stays at its baseline
//! memory). Issue 32, D5.

use std::io::{self, BufRead};

/// The longest line read whole: 1 MiB, newline excluded. A GTP command is a few words; the
/// longest a real controller sends (`set_free_handicap` with every point of a 25x25 board, a
/// `loadsgf` path) is a few kilobytes.
pub const MAX_LINE: usize = 1 << 20;

/// The bytes kept of a line past the bound, to find its command id.
const KEPT: usize = 32;

/// What [`read_line`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line is in the buffer (its newline included, when it had one).
    Whole,
    /// The line passed the bound: the buffer holds its first bytes only, the rest was skipped.
    /// `ended` says whether its newline was reached (false at the end of the input).
    TooLong { ended: bool },
    /// The end of the input, nothing read.
    End,
}

/// Reads one line of `input` into `buf` (cleared first), keeping at most `max` bytes before the
/// newline. A longer line is reported as soon as the bound is passed ([`Line::TooLong`] with
/// `ended: false`); [`skip_line`] then discards the rest without keeping it.
pub fn read_line(input: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    buf.clear();
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(if buf.is_empty() {
                Line::End
            } else {
                Line::Whole
            });
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let body = newline.unwrap_or(chunk.len());
        if buf.len() + body > max {
            let keep = KEPT.saturating_sub(buf.len()).min(body);
            buf.extend_from_slice(&chunk[..keep]);
            buf.truncate(KEPT);
            let used = newline.map_or(chunk.len(), |n| n + 1);
            input.consume(used);
            return Ok(Line::TooLong {
                ended: newline.is_some(),
            });
        }
        let used = newline.map_or(chunk.len(), |n| n + 1);
        buf.extend_from_slice(&chunk[..used]);
        input.consume(used);
        if newline.is_some() {
            return Ok(Line::Whole);
        }
    }
}

/// Discards `input` up to and including its next newline (or to its end), a buffer at a time:
/// memory stays what the reader's buffer is. Returns the number of bytes skipped.
pub fn skip_line(input: &mut impl BufRead) -> io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(skipped);
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(n) => {
                input.consume(n + 1);
                return Ok(skipped + n as u64 + 1);
            }
            None => {
                let n = chunk.len();
                input.consume(n);
                skipped += n as u64;
            }
        }
    }
}

/// The command id at the start of a line's first bytes (`12 play b D4…` → 12), when the id is
/// whole in them (followed by a space or tab).
pub fn leading_id(first: &[u8]) -> Option<u64> {
    let text: Vec<u8> = first
        .iter()
        .copied()
        .filter(|&b| b == b'\t' || !b.is_ascii_control())
        .collect();
    let text = std::str::from_utf8(&text).ok()?.trim_start();
    let end = text.find([' ', '\t'])?;
    let word = &text[..end];
    if word.bytes().all(|b| b.is_ascii_digit()) {
        word.parse().ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<(Line, Vec<u8>)> {
        // A small reader buffer, so that lines span several chunks.
        let mut r = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        loop {
            match read_line(&mut r, &mut buf, max).unwrap() {
                Line::End => return out,
                Line::TooLong { ended } => {
                    if !ended {
                        skip_line(&mut r).unwrap();
                    }
                    out.push((Line::TooLong { ended }, buf.clone()));
                }
                l => out.push((l, buf.clone())),
            }
        }
    }

    #[test]
    fn lines_within_the_bound_are_whole() {
        let got = lines(b"name\n12 play b D4\nlast", 16);
        let texts: Vec<&[u8]> = got.iter().map(|(_, b)| b.as_slice()).collect();
        assert_eq!(texts, [&b"name\n"[..], b"12 play b D4\n", b"last"]);
        assert!(got.iter().all(|(l, _)| *l == Line::Whole));
    }

    #[test]
    fn a_line_past_the_bound_is_skipped_and_the_next_read() {
        let mut input = b"7 ".to_vec();
        input.extend(std::iter::repeat_n(b'x', 100));
        input.extend(b"\nname\n");
        let got = lines(&input, 16);
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(matches!(got[0].0, Line::TooLong { .. }));
        assert_eq!(leading_id(&got[0].1), Some(7));
        assert_eq!(got[1], (Line::Whole, b"name\n".to_vec()));
        // Exactly at the bound is whole.
        let got = lines(b"0123456789abcdef\nx", 16);
        assert_eq!(got[0].0, Line::Whole);
    }

    #[test]
    fn ids_only_when_whole() {
        assert_eq!(leading_id(b"  42\tplay"), Some(42));
        assert_eq!(leading_id(b"4242424242"), None);
        assert_eq!(leading_id(b"play b"), None);
        assert_eq!(leading_id(b"\0\x019 x"), Some(9));
    }
}
