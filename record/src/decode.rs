//! r[rec.decode], r[rec.decode.replace]: from the bytes of a file to its text.

use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};
use std::borrow::Cow;

/// The text of a file and how it was decoded: the bytes themselves where they are the text
/// (ASCII in an ASCII-compatible encoding, or valid UTF-8 read as UTF-8).
#[derive(Clone, Debug)]
pub struct Decoded<'a> {
    pub text: Cow<'a, str>,
    /// The encoding's name (WHATWG), e.g. `UTF-8`, `GBK`, `Shift_JIS`.
    pub encoding: &'static str,
    /// Warnings: (kind, sentence).
    pub warnings: Vec<(&'static str, String)>,
}

/// The value of the first `CA[...]` in `bytes` (an ASCII scan: the syntax is ASCII).
fn find_ca(bytes: &[u8]) -> Option<String> {
    let mut i = 0;
    while let Some(pos) = find_ca_open(&bytes[i..]) {
        let start = i + pos;
        // `CA` must be an identifier of its own, not the end of e.g. `PCA[`.
        let before = start.checked_sub(1).map(|j| bytes[j]);
        if !before.is_some_and(|b| b.is_ascii_alphabetic()) {
            let from = start + 3;
            let end = bytes[from..].iter().position(|&b| b == b']')?;
            return Some(
                String::from_utf8_lossy(&bytes[from..from + end])
                    .trim()
                    .to_string(),
            );
        }
        i = start + 3;
    }
    None
}

/// Where `CA[` first starts in `hay` (`memchr`'s vectorised search).
fn find_ca_open(hay: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, b"CA[")
}

/// r[rec.decode]: the encoding a `CA` label names, if any. `ASCII` is read as windows-1252 (a
/// superset), and a few spellings that servers write and WHATWG does not list are mapped.
fn by_label(label: &str) -> Option<&'static Encoding> {
    let l = label.trim().to_ascii_lowercase();
    let l = match l.as_str() {
        "ascii" | "us-ascii" => "windows-1252",
        "iso8859_1" | "iso8859-1" | "latin-1" => "iso-8859-1",
        "ms_kanji" | "sjis" | "shift-jis" => "shift_jis",
        "utf8" | "utf_8" => "utf-8",
        "euckr" | "euc_kr" => "euc-kr",
        "gb_2312" => "gb2312",
        other => other,
    };
    Encoding::for_label(l.as_bytes())
}

/// Counts the well-formed UTF-8 sequences of two bytes or more and the ill-formed sequences
/// (one pass over the bytes).
///
/// Note: the runs of ASCII bytes are skipped eight bytes at a time, and each run of other bytes
/// is counted as [`utf8_evidence_plain`] counts the whole. That is the same count: an ASCII byte
/// is a whole character and never part of a longer sequence, well-formed or not (continuation
/// bytes are 0x80 to 0xBF), so no sequence crosses the cut before or after one, and ASCII counts
/// in neither total. The unit proptest `utf8_evidence_is_the_plain_count` compares the two.
fn utf8_evidence(bytes: &[u8]) -> (usize, usize) {
    let (mut good, mut bad) = (0, 0);
    let mut i = 0;
    while i < bytes.len() {
        i += ascii_prefix(&bytes[i..]);
        let run = &bytes[i..];
        let end = run.iter().position(u8::is_ascii).unwrap_or(run.len());
        let (g, b) = utf8_evidence_plain(&run[..end]);
        good += g;
        bad += b;
        i += end;
    }
    (good, bad)
}

/// [`utf8_evidence`] by `str::utf8_chunks` over all the bytes, one at a time.
fn utf8_evidence_plain(bytes: &[u8]) -> (usize, usize) {
    let (mut good, mut bad) = (0, 0);
    for chunk in bytes.utf8_chunks() {
        good += chunk.valid().chars().filter(|c| c.len_utf8() > 1).count();
        bad += usize::from(!chunk.invalid().is_empty());
    }
    (good, bad)
}

/// The length of the ASCII prefix of `bytes`, eight bytes at a time.
fn ascii_prefix(bytes: &[u8]) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    let mut n = 0;
    for w in &mut words {
        let high = u64::from_le_bytes(w.try_into().expect("eight bytes")) & HIGH;
        if high != 0 {
            return n + high.trailing_zeros() as usize / 8;
        }
        n += 8;
    }
    n + words
        .remainder()
        .iter()
        .position(|b| !b.is_ascii())
        .unwrap_or(words.remainder().len())
}

/// Decodes `bytes` as r[rec.decode] says; `strict` reads a file without `CA` as ISO-8859-1.
///
/// Note: two shortcuts skip work whose answer is known. Bytes that are valid UTF-8 have no
/// ill-formed sequence, so `utf8_evidence` would choose UTF-8 and count no replacement; and ASCII
/// bytes (no byte-order mark can be ASCII) decode to themselves in every encoding that
/// `Encoding::is_ascii_compatible` (not UTF-16, ISO-2022-JP or `replacement`), without
/// replacement. Either way the text is the bytes, borrowed.
pub fn decode(bytes: &[u8], strict: bool) -> Decoded<'_> {
    let mut warnings = Vec::new();
    // `utf8_evidence`, once counted.
    let mut evidence = None;
    let valid = std::str::from_utf8(bytes).ok();
    let encoding = if let Some((enc, _)) = Encoding::for_bom(bytes) {
        enc
    } else if bytes.len() >= 4 && bytes[1] == 0 && bytes[3] == 0 && bytes[0] != 0 {
        UTF_16LE
    } else if bytes.len() >= 4 && bytes[0] == 0 && bytes[2] == 0 && bytes[1] != 0 {
        UTF_16BE
    } else {
        let ca = find_ca(bytes);
        let named = match &ca {
            Some(label) => match by_label(label) {
                Some(enc) => Some(enc),
                None => {
                    warnings.push((
                        "encoding-unknown",
                        format!("CA[{label}] names no known encoding; read as if there were no CA (r[rec.decode])"),
                    ));
                    None
                }
            },
            None => None,
        };
        match named {
            Some(enc) => enc,
            None if strict => WINDOWS_1252,
            None if valid.is_some() => UTF_8,
            None => {
                let (good, bad) = *evidence.insert(utf8_evidence(bytes));
                if bad == 0 || good > bad {
                    UTF_8
                } else {
                    let mut d =
                        chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
                    d.feed(bytes, true);
                    let guess = d.guess(None, chardetng::Utf8Detection::Allow);
                    warnings.push((
                        "encoding-guessed",
                        format!(
                            "no usable CA and the bytes are not UTF-8; decoded as {} (a guess, r[rec.decode])",
                            guess.name()
                        ),
                    ));
                    guess
                }
            }
        }
    };
    if let Some(text) = valid.filter(|t| {
        Encoding::for_bom(bytes).is_none()
            && (encoding == UTF_8 || (t.is_ascii() && encoding.is_ascii_compatible()))
    }) {
        return Decoded {
            text: Cow::Borrowed(text),
            encoding: encoding.name(),
            warnings,
        };
    }
    let (text, used, _) = encoding.decode(bytes);
    let replaced = if used == UTF_8 {
        evidence.unwrap_or_else(|| utf8_evidence(bytes)).1
    } else if used
        .decode_without_bom_handling_and_without_replacement(bytes)
        .is_some()
    {
        0
    } else {
        text.matches('\u{FFFD}').count().max(1)
    };
    if replaced > 0 {
        warnings.push((
            "decode",
            format!(
                "{replaced} byte sequence(s) do not decode as {}; replaced by U+FFFD (r[rec.decode.replace])",
                used.name()
            ),
        ));
    }
    let mut text = text.into_owned();
    if text.starts_with('\u{FEFF}') {
        text.remove(0);
    }
    Decoded {
        text: Cow::Owned(text),
        encoding: used.name(),
        warnings,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy;

    #[test]
    fn chooses_the_encoding() {
        let d = decode(b"(;CA[UTF-8]PB[\xe5\xbc\xa0])", false);
        assert_eq!((d.encoding, d.warnings.len()), ("UTF-8", 0));
        assert!(d.text.contains('张'));
        let d = decode(b"(;CA[GB2312]PB[\xd5\xc5])", false);
        assert_eq!(d.encoding, "GBK");
        assert!(d.text.contains('张'));
        let d = decode(b"\xef\xbb\xbf(;PB[x])", false);
        assert_eq!(d.text, "(;PB[x])");
        let d = decode(b"(\0;\0)\0", false);
        assert_eq!((d.encoding, &*d.text), ("UTF-16LE", "(;)"));
        let d = decode(b"(;CA[foo]PB[x])", false);
        assert_eq!(d.warnings[0].0, "encoding-unknown");
        // Damaged UTF-8: mostly UTF-8, so UTF-8 with one replacement.
        let d = decode(b"(;PB[\xe5\xbc\xa0\xe5\xbc\xa0\xe5?])", false);
        assert_eq!(d.encoding, "UTF-8");
        assert_eq!(d.warnings[0].0, "decode");
        // No CA, not UTF-8: guessed.
        let d = decode(b"(;PB[\x82\xb1\x82\xf1\x82\xc9\x82\xbf\x82\xcd])", false);
        assert_eq!(d.warnings[0].0, "encoding-guessed");
        let d = decode(b"(;PB[\xe9])", true);
        assert_eq!(d.encoding, "windows-1252");
        assert!(d.warnings.is_empty());
    }

    proptest::proptest! {
        /// The ASCII runs skipped a word at a time count as the plain pass counts them.
        #[test]
        fn utf8_evidence_is_the_plain_count(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::collection::vec(0u8..0x80, 0..20),
                    proptest::collection::vec(proptest::num::u8::ANY, 0..6),
                    proptest::string::string_regex("[a-z张三é]{0,6}").unwrap().prop_map(String::into_bytes),
                ],
                0..12,
            )
        ) {
            let bytes: Vec<u8> = parts.concat();
            proptest::prop_assert_eq!(utf8_evidence(&bytes), utf8_evidence_plain(&bytes));
            proptest::prop_assert_eq!(
                ascii_prefix(&bytes),
                bytes.iter().position(|b| !b.is_ascii()).unwrap_or(bytes.len())
            );
        }
    }
}
