//! Reading Rust source for the layering checks: the code without comments, strings and character
//! literals, so that a word in a comment or a string is never taken for a use.

/// `src` with every comment, string and character literal blanked to spaces (newlines kept).
pub fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let blank = |out: &mut Vec<u8>, bytes: &[u8]| {
        out.extend(bytes.iter().map(|&c| if c == b'\n' { b'\n' } else { b' ' }))
    };
    while i < b.len() {
        let rest = &b[i..];
        let after_ident = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if rest.starts_with(b"//") {
            let end = rest.iter().position(|&c| c == b'\n').unwrap_or(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest.starts_with(b"/*") {
            let (mut depth, mut j) = (1, 2);
            while j < rest.len() && depth > 0 {
                if rest[j..].starts_with(b"/*") {
                    depth += 1;
                    j += 2;
                } else if rest[j..].starts_with(b"*/") {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, &rest[..j]);
            i += j;
        } else if !after_ident && raw_string_start(rest).is_some() {
            let (open, hashes) = raw_string_start(rest).unwrap_or((0, 0));
            let mut close = b"\"".to_vec();
            close.extend(std::iter::repeat_n(b'#', hashes));
            let end = rest[open..]
                .windows(close.len())
                .position(|w| w == close.as_slice())
                .map_or(rest.len(), |k| open + k + close.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == b'"' || (!after_ident && rest.starts_with(b"b\"")) {
            let mut j = if rest[0] == b'b' { 2 } else { 1 };
            while j < rest.len() && rest[j] != b'"' {
                j += if rest[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(rest.len());
            blank(&mut out, &rest[..end]);
            i += end;
        } else if rest[0] == b'\'' {
            // A character literal ('a', '\n', '\u{1F600}'), or else a lifetime.
            let len = if rest.get(1) == Some(&b'\\') {
                rest[2..].iter().position(|&c| c == b'\'').map(|k| k + 3)
            } else {
                let ch = std::str::from_utf8(&rest[1..rest.len().min(5)])
                    .ok()
                    .or_else(|| std::str::from_utf8(&rest[1..rest.len().min(2)]).ok())
                    .and_then(|s| s.chars().next());
                ch.map(char::len_utf8)
                    .filter(|&n| rest.get(1 + n) == Some(&b'\''))
                    .map(|n| n + 2)
            };
            match len {
                Some(n) => {
                    blank(&mut out, &rest[..n]);
                    i += n;
                }
                None => {
                    out.push(b'\'');
                    i += 1;
                }
            }
        } else {
            out.push(rest[0]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// At the start of a raw string (`r"`, `r#"`, `br##"`): the length of its opening and its hashes.
fn raw_string_start(rest: &[u8]) -> Option<(usize, usize)> {
    let start = if rest.starts_with(b"br") {
        2
    } else if rest.starts_with(b"r") {
        1
    } else {
        return None;
    };
    let hashes = rest[start..].iter().take_while(|&&c| c == b'#').count();
    (rest.get(start + hashes) == Some(&b'"')).then_some((start + hashes + 1, hashes))
}

/// Whether `word` occurs in `code` as a whole identifier.
pub fn has_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(k, _)| {
        let before = code[..k].chars().next_back();
        let after = code[k + word.len()..].chars().next();
        let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !ident(before) && !ident(after)
    })
}

#[test]
fn comments_strings_and_chars_are_blanked() {
    let src = "use a::b; // use c::d\nlet s = \"crate::x\"; let r = r#\"crate::y\"#; let c = '\"'; /* crate::z */ fn f<'a>() {}";
    let code = code_only(src);
    assert!(code.contains("use a::b;"));
    assert!(!code.contains("c::d") && !code.contains("crate::"));
    assert!(code.contains("fn f<'a>()"), "{code}");
    assert_eq!(code.lines().count(), src.lines().count());
    assert!(has_word("use serde::Deserialize;", "serde"));
    assert!(!has_word("use serde_json::Value;", "serde"));
}
