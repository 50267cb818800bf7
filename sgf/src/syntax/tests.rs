//! The scanner's tests (r[rec.syntax], r[rec.recover]).

use super::*;

fn kinds(c: &RawCollection) -> Vec<&'static str> {
    c.notes
        .iter()
        .chain(c.trees.iter().flat_map(|t| t.notes.iter()))
        .map(|n| n.kind)
        .collect()
}

#[test]
fn main_lines_and_variations() {
    let c = parse("(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))(;SZ[5])").unwrap();
    assert_eq!(c.trees.len(), 2);
    let t = &c.trees[0];
    assert_eq!(t.len(), 4);
    assert_eq!(t.node(3).value("B"), Some("cc"));
    assert_eq!(t.variations, 1);
    assert!(kinds(&c).is_empty());
    // One move per subtree, as the Fox server nests them.
    let c = parse("(;SZ[9](;B[aa](;W[bb](;B[cc]))))").unwrap();
    assert_eq!(c.trees[0].len(), 4);
}

#[test]
fn repairs() {
    let c = parse("preface (see below)\n;GM[1];B[aa];W[bb])trailer").unwrap();
    assert_eq!(kinds(&c), ["stray-text", "stray-text", "missing-open"]);
    assert_eq!(c.trees[0].len(), 3);
    let c = parse("(;GM[1];B[aa];W[b").unwrap();
    assert_eq!(kinds(&c), ["truncated", "truncated"]);
    assert_eq!(c.trees[0].len(), 3);
    let c = parse("(;C[a [1] b] c];B[aa])").unwrap();
    assert_eq!(c.trees[0].node(0).value("C"), Some("a [1] b] c"));
    assert_eq!(kinds(&c), ["unescaped-bracket"]);
    let c = parse("(;AB[aa]AB[bb];AddBlack[cc])").unwrap();
    assert_eq!(c.trees[0].node(0).get("AB").unwrap().values, ["aa", "bb"]);
    assert_eq!(c.trees[0].node(1).value("AB"), Some("cc"));
    assert_eq!(kinds(&c), ["old-identifier", "duplicate-property"]);
    let c = parse("(())(;B[aa])").unwrap();
    assert_eq!(kinds(&c), ["empty-tree"]);
    assert_eq!(
        parse("(;C[a\\]b\\\\])").unwrap().trees[0]
            .node(0)
            .value("C"),
        Some("a]b\\")
    );
}

/// Texts made of the pieces of records, and of pieces that break them.
fn pieces() -> impl proptest::strategy::Strategy<Value = String> {
    use proptest::strategy::Strategy;
    let pieces: Vec<&str> = "(|)|;|(;| |\n|B[pd]|W[]|B[tt]|W[p|B[p]|B[\\]d]|[aa]|BL[12.5]|C[a]b]|AB[aa][bb]|B|W|[|]|\\|b[aa]|B [cc]|B[é]|B[éa]|PL[W]|W[dd]\n|;B[pd]\n;W[dd]\n|B[ab]B[cd]"
            .split('|')
            .collect();
    proptest::collection::vec(proptest::sample::select(pieces), 0..24)
        .prop_map(|parts| parts.concat())
}

/// The collection with its trees spelled out (`RawTree::spelled_out`).
fn spelled(c: Result<RawCollection<'_>, SyntaxError>) -> Result<RawCollection<'_>, SyntaxError> {
    c.map(|mut c| {
        c.trees = c.trees.iter().map(RawTree::spelled_out).collect();
        c
    })
}

/// What a node shows of itself: its properties, whether it is empty, its `B` and `W` (by
/// identifier and by bit), its lone move.
fn shown<'t>(t: &'t RawTree<'_>, i: usize) -> impl PartialEq + std::fmt::Debug + 't {
    let n = t.node(i);
    let by_bit = [Held::B, Held::W].map(|h| n.held_values(h));
    let by_id = ["B", "W", "C"].map(|id| (n.get(id), n.values(id), n.value(id)));
    let props: Vec<RawProp<'_>> = n.props().collect();
    (
        props,
        n.is_empty(),
        n.held(),
        n.at,
        by_bit,
        by_id,
        t.lone_move(i),
    )
}

/// `quick_move` reads what `property` reads: the whole collection (nodes, properties,
/// values, notes) or the error is the same with it and without it, once the nodes the quick
/// path keeps whole are spelled out; and each node shows the same.
#[test]
fn quick_moves_read_as_properties_read_them() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let quick = std::cell::Cell::new(0);
    let words = std::cell::Cell::new(0);
    let lines = std::cell::Cell::new(0);
    let mores = std::cell::Cell::new(0);
    runner
        .run(&pieces(), |text| {
            let mut with = parse_with(&text, None, None, None, true);
            if let Ok(c) = &mut with {
                quick.set(quick.get() + std::mem::take(&mut c.quick_moves));
                words.set(words.get() + std::mem::take(&mut c.word_moves));
                lines.set(lines.get() + std::mem::take(&mut c.line_words));
                mores.set(mores.get() + std::mem::take(&mut c.more_props));
            }
            let without = parse_with(&text, None, None, None, false);
            if let (Ok(a), Ok(b)) = (&with, &without) {
                for (s, t) in a.trees.iter().zip(&b.trees) {
                    for i in 0..s.len().min(t.len()) {
                        proptest::prop_assert_eq!(shown(s, i), shown(t, i));
                    }
                }
            }
            proptest::prop_assert_eq!(spelled(with), spelled(without));
            Ok(())
        })
        .unwrap();
    assert!(quick.get() > 0, "no generated text took the quick path");
    assert!(words.get() > 0, "no generated text took the word path");
    assert!(lines.get() > 0, "no generated word had a line break");
    assert!(
        mores.get() > 0,
        "no generated text had a property after a move read quickly"
    );
}

#[test]
fn unreadable_text_is_located() {
    let text = "(;GM[1]\n;B[aa]3)";
    let e = parse(text).unwrap_err();
    assert_eq!(line_col(text, e.at), (2, 7));
    assert!(parse("(B[aa])").is_err());
    assert!(parse("no game here").is_err());
    assert!(parse("(;B )").is_err());
    assert_eq!(line_col("ab\ncd", 4), (2, 2));
}

/// `lone_move` gives what the node's properties give, whether the scanner noted the value as a
/// plain move (`Plain`) or not: a merged repeat, a second property, a value that is not plain.
#[test]
fn lone_moves_follow_the_properties() {
    let text = "(;FF[4];B[aa];W[];B[aa]B[bb];B[cc]C[x];C[x]W[dd];B[ab]PL[W];W[tt];B[a]\
                ;W [ee];B[é1];W[Ff];B[e\\f])";
    for quick in [true, false] {
        let c = parse_with(text, None, None, None, quick).unwrap();
        let t = &c.trees[0];
        let got: Vec<Option<(Held, &[u8])>> = (0..t.len()).map(|i| t.lone_move(i)).collect();
        let b = |v: &'static [u8]| Some((Held::B, v));
        let w = |v: &'static [u8]| Some((Held::W, v));
        assert_eq!(
            got,
            vec![
                None,
                b(b"aa"),
                w(b""),
                None, // B[aa]B[bb] merged: two values
                b(b"cc"),
                w(b"dd"),
                None, // PL in the node
                w(b"tt"),
                b(b"a"),
                w(b"ee"),
                b("é1".as_bytes()),
                w(b"Ff"),
                b(b"ef"),
            ],
            "quick path {quick}"
        );
    }
}

/// `Held::of` names the bit of each identifier it knows, and none for any other.
#[test]
fn held_bits_by_key() {
    use tree::Key;
    let ids = ["B", "W", "AB", "AW", "AE", "PL", "RESUME"];
    let bits = [
        Held::B,
        Held::W,
        Held::AB,
        Held::AW,
        Held::AE,
        Held::PL,
        Held::RESUME,
    ];
    for (id, bit) in ids.iter().zip(bits) {
        assert_eq!(Held::of(Key::of(id)), bit, "{id}");
    }
    for id in ["C", "BL", "RESUMED", "RESUM", "", "b"] {
        assert_eq!(Held::of(Key::of(id)), Held::NONE, "{id}");
    }
}

#[test]
fn keys_and_text_properties() {
    const TEXT: [&str; 22] = [
        "C", "GC", "N", "GN", "PB", "PW", "BT", "WT", "BR", "WR", "EV", "RO", "PC", "SO", "US",
        "AN", "CP", "ON", "OT", "RE", "DT", "RU",
    ];
    // The key as the loop alone makes it.
    let plain = |id: &str| {
        let b = id.as_bytes();
        let mut k = b.len().min(255) as u64;
        for (i, &c) in b.iter().take(7).enumerate() {
            k |= u64::from(c) << (8 * (i + 1));
        }
        k
    };
    let letters: Vec<String> = (b'A'..=b'Z')
        .chain(b'a'..=b'c')
        .chain([b'[', b'@', 0, 0xff])
        .map(|c| String::from(char::from(c)))
        .collect();
    let mut ids = vec![String::new(), "RESUME".into(), "ABCDEFGHIJ".into()];
    for a in &letters {
        ids.push(a.clone());
        for b in &letters {
            ids.push(format!("{a}{b}"));
            ids.push(format!("{a}{b}Z"));
        }
    }
    for id in &ids {
        let key = Key::of(id);
        assert_eq!(key.0, plain(id), "{id:?}");
        assert_eq!(is_text_property(key), TEXT.contains(&id.as_str()), "{id:?}");
    }
}

#[test]
fn find_stop_finds_the_first_bracket_or_backslash() {
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let bytes = proptest::collection::vec(
        proptest::sample::select(vec![
            b'a',
            b']',
            b'\\',
            b'\\' ^ 1,
            b']' ^ 1,
            0xdc,
            0xdd,
            0x5c ^ 0x80,
            b'[',
        ]),
        0..40,
    );
    runner
        .run(&bytes, |b| {
            let plain = b
                .iter()
                .position(|&c| c == b']' || c == b'\\')
                .unwrap_or(b.len());
            proptest::prop_assert_eq!(find_stop(&b), plain);
            Ok(())
        })
        .unwrap();
}

/// `Plain::two` notes a pair of bytes where both are ASCII letters, for every pair.
#[test]
fn plain_two_tells_letters_as_bytes_do() {
    for x in 0..=255u8 {
        for y in 0..=255u8 {
            let letters = x.is_ascii_alphabetic() && y.is_ascii_alphabetic();
            assert_eq!(tree::Plain::two(x, y).is_noted(), letters, "{x} {y}");
        }
    }
}

/// `alternate_moves` gives the values `plain_moves` gives while the bits alternate from the one
/// given: on a few records and the texts of `pieces`, from every node, from either player.
#[test]
fn alternate_moves_are_plain_moves_in_turn() {
    let runs = std::cell::Cell::new(0);
    let check = |text: &str| -> Result<(), proptest::test_runner::TestCaseError> {
        let Ok(c) = parse(text) else {
            return Ok(());
        };
        for t in &c.trees {
            for i in 0..=t.len() {
                for first in [Held::B, Held::W] {
                    let mut want = first;
                    let plain: Vec<&[u8]> = t
                        .plain_moves(i)
                        .map_while(|(held, v)| {
                            let ok = held == want;
                            want = if want == Held::B { Held::W } else { Held::B };
                            ok.then_some(v)
                        })
                        .collect();
                    let quick: Vec<&[u8]> = t.alternate_moves(i, first).collect();
                    runs.set(runs.get() + usize::from(quick.len() > 1));
                    proptest::prop_assert_eq!(quick, plain);
                }
            }
        }
        Ok(())
    };
    for text in [
        "(;B[aa];W[bb];B[cc];B[dd];W[];W[ee])",
        "(;SZ[9];W[aa];B[bb]C[x];W[cc]PL[B];B[dd];AB[ee];W[ff])",
        "(;B[aa]\n;W[b];B[cc]B[dd];W[\\];B[tt])",
    ] {
        check(text).unwrap();
    }
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    runner.run(&pieces(), |text| check(&text)).unwrap();
    assert!(runs.get() > 0, "no run of two moves in turn");
}
