//! r[rec.decode.values], r[rec.decode.mismatch], r[rec.decode.replace]: which encoding the values
//! of a file are in, and how its bytes reach the scanner.
//!
//! Note: the syntax of a file is read in its bytes (r[rec.decode.values]): [`source`] gives the
//! scanner the bytes themselves where they are valid UTF-8 (borrowed, no copy), and otherwise a
//! copy in which every byte of an ill-formed UTF-8 sequence is `?`, at the same offset, so that no
//! decoding can move a bracket (and a damaged UTF-8 file's sound values are read as written). The encoding of the values is then chosen from the `CA` the scanner read ([`choose`]) and each
//! value holding other bytes is decoded on its own (`RawTree::decode_values`).
//!
//! Only UTF-16 (by its byte-order mark or its zero bytes, never by `CA`) is decoded whole before
//! its syntax is read: its ASCII characters are not ASCII bytes. ISO-2022-JP, whose characters
//! are written in ASCII bytes after an escape sequence, is decoded value by value like the
//! others: a `]` or `\` of such a character must be escaped, as in every other encoding.

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

/// What the scanner reads of a file (r[rec.decode.values]).
#[derive(Clone, Debug)]
pub struct Source<'a> {
    /// Valid UTF-8 at the offsets of the bytes read: the file itself (after a UTF-8 byte-order
    /// mark) where it is valid UTF-8; the file decoded whole where it is UTF-16; else the bytes
    /// with each byte of an ill-formed UTF-8 sequence replaced by `?` (a well-formed sequence of
    /// several bytes holds no ASCII byte, so the syntax is the bytes' own).
    pub text: Cow<'a, str>,
    /// In the last case, the bytes (after a byte-order mark): the values holding bytes that are
    /// not ASCII are decoded from them once the encoding is chosen.
    pub raw: Option<&'a [u8]>,
    /// The encoding, where the byte-order mark or UTF-16's zero bytes chose it before the syntax
    /// was read (then no `CA` is consulted).
    pub fixed: Option<&'static Encoding>,
    /// The bytes after a byte-order mark: where `CA` is looked for and the encoding detected.
    pub bytes: &'a [u8],
    /// Warnings: (kind, sentence).
    pub warnings: Vec<(&'static str, String)>,
    /// `utf8_evidence` of `bytes`, once counted.
    evidence: std::cell::OnceCell<(usize, usize)>,
}

impl Source<'_> {
    /// The well-formed UTF-8 sequences of two bytes or more and the ill-formed ones in the bytes
    /// (counted once).
    pub fn utf8_evidence(&self) -> (usize, usize) {
        *self.evidence.get_or_init(|| utf8_evidence(self.bytes))
    }
}

/// r[rec.decode.values]: how the scanner reads `bytes`.
pub fn source(bytes: &[u8]) -> Source<'_> {
    let whole = |enc: &'static Encoding| {
        let (text, used, warnings) = decode_whole(bytes, enc, None);
        Source {
            text: Cow::Owned(text),
            raw: None,
            fixed: Some(used),
            bytes,
            warnings,
            evidence: Default::default(),
        }
    };
    let (bytes, fixed) = match Encoding::for_bom(bytes) {
        Some((enc, _)) if enc == UTF_8 => (&bytes[3..], Some(UTF_8)),
        Some((enc, _)) => return whole(enc),
        None if bytes.len() >= 4 && bytes[1] == 0 && bytes[3] == 0 && bytes[0] != 0 => {
            return whole(UTF_16LE)
        }
        None if bytes.len() >= 4 && bytes[0] == 0 && bytes[2] == 0 && bytes[1] != 0 => {
            return whole(UTF_16BE)
        }
        None => (bytes, None),
    };
    let valid = std::str::from_utf8(bytes).ok();
    let (text, raw, evidence) = match valid {
        Some(text) => (Cow::Borrowed(text), None, Default::default()),
        None => {
            let (text, evidence) = masked(bytes);
            (Cow::Owned(text), Some(bytes), evidence.into())
        }
    };
    Source {
        text,
        raw,
        fixed,
        bytes,
        warnings: Vec::new(),
        evidence,
    }
}

/// `bytes` with each byte of an ill-formed UTF-8 sequence replaced by `?`, the rest as written,
/// and their [`utf8_evidence`], counted in the same pass.
///
/// Note: as in `utf8_evidence`, the runs of ASCII bytes are taken eight bytes at a time and
/// only the runs of other bytes are cut into chunks (`utf8_chunks` looks at each byte): an
/// ASCII byte is a whole character, so no sequence, well-formed or not, crosses the cut before
/// or after one, and each chunk's valid part and ill-formed bytes are those of the whole file.
/// Every character of a run of bytes that are not ASCII has several bytes. The unit proptest
/// `utf8_evidence_is_the_plain_count` compares with the plain mask over `utf8_chunks` of the whole.
fn masked(bytes: &[u8]) -> (String, (usize, usize)) {
    let mut text = String::with_capacity(bytes.len());
    let (mut good, mut bad) = (0, 0);
    let mut i = 0;
    while i < bytes.len() {
        let ascii = i + ascii_prefix(&bytes[i..]);
        // ASCII bytes are UTF-8: never the default.
        text.push_str(std::str::from_utf8(&bytes[i..ascii]).unwrap_or_default());
        let run = &bytes[ascii..];
        let end = run.iter().position(u8::is_ascii).unwrap_or(run.len());
        for chunk in run[..end].utf8_chunks() {
            text.push_str(chunk.valid());
            good += chunk.valid().chars().count();
            let n = chunk.invalid().len();
            if n > 0 {
                bad += 1;
                text.extend(std::iter::repeat_n('?', n));
            }
        }
        i = ascii + end;
    }
    (text, (good, bad))
}

/// The encoding the values are decoded in, and the warnings of the choice.
#[derive(Clone, Debug)]
pub struct Choice {
    pub encoding: &'static Encoding,
    pub warnings: Vec<(&'static str, String)>,
}

/// Where the declared encoding of a file does not fit its bytes (r[rec.decode.mismatch]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Misfit {
    /// The value starting at this byte offset does not decode in it.
    Value(usize),
    /// The bytes are valid UTF-8 with a character of several bytes at this offset.
    Utf8(usize),
    /// The encoding keeps no ASCII byte ASCII (UTF-16 without its zero bytes, `replacement`).
    NotAscii,
}

/// r[rec.decode.values], r[rec.decode.mismatch]: the encoding of the values of `src`, given the
/// first `CA` property the scanner read (its value and byte offset) and `misfit`, which says
/// where the values do not decode in an encoding (the first value, or `None`). `locate` turns a
/// byte offset into a line and a column.
pub fn choose(
    src: &Source<'_>,
    ca: Option<(&str, usize)>,
    strict: bool,
    misfit: impl Fn(&'static Encoding) -> Option<usize>,
    locate: impl Fn(usize) -> (usize, usize),
) -> Choice {
    let mut warnings = src.warnings.clone();
    if let Some(encoding) = src.fixed {
        return Choice { encoding, warnings };
    }
    let named = ca.and_then(|(label, at)| match by_label(label) {
        Some(enc) => Some((label, at, enc)),
        None => {
            warnings.push((
                "encoding-unknown",
                format!("CA[{label}] names no known encoding; read as if there were no CA (r[rec.decode.values])"),
            ));
            None
        }
    });
    let Some((label, at, declared)) = named else {
        let encoding = detect(src, strict, &mut warnings);
        return Choice { encoding, warnings };
    };
    let Some(how) = fits(src, declared, &misfit) else {
        return Choice {
            encoding: declared,
            warnings,
        };
    };
    let mut detected = Vec::new();
    let mut encoding = detect(src, strict, &mut detected);
    // A UTF-8 `CA` over damaged values stays (r[rec.decode.replace]) unless a multi-byte
    // encoding reads every value.
    if declared == UTF_8
        && matches!(how, Misfit::Value(_))
        && !(MULTI_BYTE.contains(&encoding) && misfit(encoding).is_none())
    {
        encoding = declared;
    }
    if encoding != declared {
        let (line, column) = locate(at);
        let why = match how {
            Misfit::Value(v) => {
                let (l, c) = locate(v);
                format!(
                    "the value at line {l}, column {c} does not decode as {}",
                    declared.name()
                )
            }
            Misfit::Utf8(v) => {
                let (l, c) = locate(v);
                format!("the bytes are UTF-8, with a character of several bytes at line {l}, column {c}")
            }
            Misfit::NotAscii => format!(
                "{} cannot be the encoding of a file whose syntax is ASCII bytes",
                declared.name()
            ),
        };
        warnings.push((
            "ca-mismatch",
            format!("line {line}, column {column}: CA[{label}] does not fit the file: {why}; the values are decoded as {}, as if there were no CA (r[rec.decode.mismatch])", encoding.name()),
        ));
        warnings.extend(detected);
    }
    Choice { encoding, warnings }
}

/// The encodings of the WHATWG standard with characters of several bytes that keep ASCII.
const MULTI_BYTE: [&Encoding; 6] = [
    encoding_rs::GBK,
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    encoding_rs::EUC_JP,
    encoding_rs::EUC_KR,
    encoding_rs::SHIFT_JIS,
];

/// r[rec.decode.mismatch]: `None` where `declared` fits the bytes of `src`, else where not.
fn fits(
    src: &Source<'_>,
    declared: &'static Encoding,
    misfit: &impl Fn(&'static Encoding) -> Option<usize>,
) -> Option<Misfit> {
    if src.raw.is_none() {
        // Valid UTF-8: it fits when it is ASCII and the encoding keeps ASCII, or it is UTF-8.
        let first = ascii_prefix(src.bytes);
        if first == src.bytes.len() {
            return (!declared.is_ascii_compatible()).then_some(Misfit::NotAscii);
        }
        return (declared != UTF_8).then_some(Misfit::Utf8(first));
    }
    if !declared.is_ascii_compatible() {
        return Some(Misfit::NotAscii);
    }
    misfit(declared).map(Misfit::Value)
}

/// r[rec.decode.values]: the encoding of a file without a usable `CA` (`strict`: ISO-8859-1).
fn detect(
    src: &Source<'_>,
    strict: bool,
    warnings: &mut Vec<(&'static str, String)>,
) -> &'static Encoding {
    if strict {
        return WINDOWS_1252;
    }
    // The bytes are valid UTF-8 where the scanner reads them as they are.
    if src.raw.is_none() {
        return UTF_8;
    }
    let bytes = src.bytes;
    let (good, bad) = src.utf8_evidence();
    if bad == 0 || good > bad {
        return UTF_8;
    }
    let mut d = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    d.feed(bytes, true);
    let guess = d.guess(None, chardetng::Utf8Detection::Allow);
    let guess = if guess.is_ascii_compatible() {
        guess
    } else {
        WINDOWS_1252
    };
    warnings.push((
        "encoding-guessed",
        format!(
            "no usable CA and the bytes are not UTF-8; decoded as {} (a guess, r[rec.decode.values])",
            guess.name()
        ),
    ));
    guess
}

/// r[rec.decode.values], r[rec.decode.replace]: the bytes of one value in `enc`, and how many
/// byte sequences were replaced by U+FFFD (0: the value decodes).
///
/// Note: in UTF-8, one pass over `utf8_chunks` gives what `String::from_utf8_lossy` gives (each
/// chunk's valid part, then U+FFFD where it has ill-formed bytes) and the count of
/// `utf8_evidence` (the chunks with ill-formed bytes); a value with none is its bytes.
pub fn decode_value(enc: &'static Encoding, bytes: &[u8]) -> (String, usize) {
    if enc == UTF_8 {
        let mut text = String::with_capacity(bytes.len());
        let mut bad = 0;
        for chunk in bytes.utf8_chunks() {
            text.push_str(chunk.valid());
            if !chunk.invalid().is_empty() {
                text.push(char::REPLACEMENT_CHARACTER);
                bad += 1;
            }
        }
        return (text, bad);
    }
    if let Some(s) = enc.decode_without_bom_handling_and_without_replacement(bytes) {
        return (s.into_owned(), 0);
    }
    let (s, _) = enc.decode_without_bom_handling(bytes);
    let n = s.matches('\u{FFFD}').count().max(1);
    (s.into_owned(), n)
}

/// Whether one value's bytes decode in `enc` without a replacement.
pub fn value_decodes(enc: &'static Encoding, bytes: &[u8]) -> bool {
    if enc == UTF_8 {
        std::str::from_utf8(bytes).is_ok()
    } else {
        enc.decode_without_bom_handling_and_without_replacement(bytes)
            .is_some()
    }
}

/// `bytes` decoded whole in `enc` (a byte-order mark removed), counting what is replaced; where
/// the encoding used is UTF-8, `utf8_bad` counts it instead when given (the ill-formed sequences
/// of [`utf8_evidence`], as the retired r[rec.decode] counted them).
#[allow(clippy::type_complexity)]
fn decode_whole(
    bytes: &[u8],
    enc: &'static Encoding,
    utf8_bad: Option<&dyn Fn() -> usize>,
) -> (String, &'static Encoding, Vec<(&'static str, String)>) {
    let mut warnings = Vec::new();
    let (text, used, _) = enc.decode(bytes);
    let replaced = if let Some(bad) = utf8_bad.filter(|_| used == UTF_8) {
        bad()
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
    (text, used, warnings)
}

/// The value of the first `CA[...]` in `bytes`, by a search for the three bytes (the retired
/// whole decoding's).
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

/// r[rec.decode.values]: the encoding a `CA` label names, if any. `ASCII` is read as windows-1252 (a
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

/// Decodes `bytes` whole, as the retired r[rec.decode] said (for the tests that compare the
/// scanner with other readers on a text); `strict` reads a file without `CA` as ISO-8859-1.
/// [`crate::read`] reads the syntax in the bytes instead ([`source`], r[rec.decode.values]).
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
    let bad = || evidence.unwrap_or_else(|| utf8_evidence(bytes)).1;
    let (text, used, decoding) = decode_whole(bytes, encoding, Some(&bad));
    warnings.extend(decoding);
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
        /// A value in UTF-8 decodes as `from_utf8_lossy` reads it, with `utf8_evidence`'s count
        /// of ill-formed sequences.
        #[test]
        fn utf8_values_decode_as_lossy_reads_them(
            bytes in proptest::collection::vec(
                proptest::sample::select(vec![b'a', b' ', 0x80, 0xbf, 0xc3, 0xa9, 0xe5, 0xbc, 0xa0, 0xf0, 0x9f, 0xff]),
                0..24,
            )
        ) {
            let lossy = String::from_utf8_lossy(&bytes).into_owned();
            let bad = if std::str::from_utf8(&bytes).is_ok() { 0 } else { utf8_evidence(&bytes).1 };
            proptest::prop_assert_eq!(decode_value(UTF_8, &bytes), (lossy, bad));
        }
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
            // `masked`: each byte of an ill-formed sequence `?`, as the plain pass masks them.
            let mut plain = String::new();
            for chunk in bytes.utf8_chunks() {
                plain.push_str(chunk.valid());
                plain.extend(chunk.invalid().iter().map(|_| '?'));
            }
            proptest::prop_assert_eq!(masked(&bytes), (plain, utf8_evidence_plain(&bytes)));
            proptest::prop_assert_eq!(
                ascii_prefix(&bytes),
                bytes.iter().position(|b| !b.is_ascii()).unwrap_or(bytes.len())
            );
        }
    }
}
