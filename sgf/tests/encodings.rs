//! The encoding path of r[rec.decode.values] and r[rec.decode.mismatch] (issue 32, D1): the syntax
//! is read in the bytes, so no `CA` can move a bracket; a `CA` that does not fit the values is set
//! aside with a warning `ca-mismatch` (an error under `--strict`).
//!
//! The expected names and moves are what the bytes say (FF[4]'s syntax is ASCII; the names are
//! written here in the encoding the file really has), never the reader's output.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use ttrules_sgf::{read, GameRecord, Overrides};
use ttrules_spec::{Move, Player, Point};

fn game(bytes: &[u8]) -> GameRecord {
    read(bytes, "t.sgf", &Overrides::default())
        .expect("the file reads")
        .games
        .remove(0)
        .expect("the game reads")
}

fn kinds(g: &GameRecord) -> Vec<&'static str> {
    g.warnings.iter().map(|w| w.kind).collect()
}

/// `B[cc]` on 9x9.
fn cc() -> Move {
    Move::Play(Point::new(2, 6))
}

#[test]
fn a_utf8_file_declaring_gb2312_keeps_its_first_move() {
    // 镐 is E9 95 90 in UTF-8: read as GBK, 90 5D (`]`) is a pair and B[cc] fell into PB.
    let g = game("(;CA[GB2312]SZ[9]PB[李昌镐];B[cc])".as_bytes());
    assert_eq!(g.moves.len(), 1);
    assert_eq!((g.moves[0].player, g.moves[0].mv), (Player::Black, cc()));
    assert_eq!(g.black_name.as_deref(), Some("李昌镐"));
    assert_eq!(g.encoding, "UTF-8");
    assert_eq!(kinds(&g), ["ca-mismatch"]);
    assert!(
        g.warnings[0].text.contains("line 1, column 2: CA[GB2312]"),
        "{}",
        g.warnings[0].text
    );
}

#[test]
fn other_encodings_declared_on_utf8_files() {
    for ca in [
        "Shift_JIS",
        "SJIS",
        "EUC-KR",
        "Big5",
        "EUC-JP",
        "GB18030",
        "ISO-8859-1",
        "KOI8-R",
    ] {
        let sgf = format!("(;CA[{ca}]SZ[9]PB[ソ表]PW[김]C[能];B[cc];W[dd])");
        let g = game(sgf.as_bytes());
        assert_eq!(g.moves.len(), 2, "CA[{ca}]");
        assert_eq!(g.black_name.as_deref(), Some("ソ表"), "CA[{ca}]");
        assert_eq!(g.white_name.as_deref(), Some("김"), "CA[{ca}]");
        assert_eq!(kinds(&g), ["ca-mismatch"], "CA[{ca}]");
    }
    // ASCII bytes fit every encoding that keeps ASCII: no warning.
    let g = game(b"(;CA[Shift_JIS]SZ[9]PB[Cho];B[cc])");
    assert_eq!((g.encoding, kinds(&g).len()), ("Shift_JIS", 0));
    // UTF-16 named on a file with no zero byte cannot be.
    let g = game(b"(;CA[UTF-16]SZ[9]PB[Cho];B[cc])");
    assert_eq!((g.moves.len(), kinds(&g)), (1, vec!["ca-mismatch"]));
}

#[test]
fn utf8_declared_on_gbk_bytes() {
    // 张三 in GBK: D5 C5 C8 FD; not UTF-8, and every value decodes as GBK.
    let g = game(b"(;CA[UTF-8]SZ[9]PB[\xd5\xc5\xc8\xfd]PW[\xc0\xee\xb2\xfd];B[cc])");
    assert_eq!(g.moves.len(), 1);
    assert_eq!(g.encoding, "GBK");
    assert_eq!(g.black_name.as_deref(), Some("张三"));
    assert_eq!(kinds(&g)[0], "ca-mismatch");
    // A damaged UTF-8 value stays UTF-8 (r[rec.decode.replace]): no multi-byte reading fits.
    let g = game(b"(;CA[UTF-8]SZ[9]PB[ab\xffcd];B[cc])");
    assert_eq!((g.encoding, kinds(&g)), ("UTF-8", vec!["decode"]));
    assert_eq!(g.black_name.as_deref(), Some("ab\u{FFFD}cd"));
}

#[test]
fn genuine_encodings_still_decode() {
    let g = game(b"(;CA[GB2312]SZ[9]PB[\xd5\xc5\xc8\xfd];B[cc])");
    assert_eq!((g.encoding, g.black_name.as_deref()), ("GBK", Some("张三")));
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    // Shift_JIS 表 is 95 5C: its `\` escaped as FF[4] writes it.
    let g = game(b"(;CA[Shift_JIS]SZ[9]PB[\x95\\\\];B[cc])");
    assert_eq!(
        (g.encoding, g.black_name.as_deref()),
        ("Shift_JIS", Some("表"))
    );
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    // EUC-KR 김 is B1 E8; Big5 中 is A4 A4.
    let g = game(b"(;CA[EUC-KR]SZ[9]PB[\xb1\xe8];B[cc])");
    assert_eq!(g.black_name.as_deref(), Some("김"));
    let g = game(b"(;CA[Big5]SZ[9]PB[\xa4\xa4];B[cc])");
    assert_eq!(g.black_name.as_deref(), Some("中"));
    assert_eq!(g.moves.len(), 1);
}

#[test]
fn an_unknown_label_and_a_ca_inside_a_value() {
    let g = game("(;CA[klingon]SZ[9]PB[李];B[cc])".as_bytes());
    assert_eq!((g.encoding, kinds(&g)), ("UTF-8", vec!["encoding-unknown"]));
    // `CA[` inside a comment is no property: the file has no CA.
    let g = game("(;C[write CA[GB2312\\] here]SZ[9]PB[李];B[cc])".as_bytes());
    assert_eq!((g.encoding, g.black_name.as_deref()), ("UTF-8", Some("李")));
    assert!(g.warnings.is_empty(), "{:?}", g.warnings);
    assert_eq!(g.moves.len(), 1);
    // A CA in a variation is no CA of a main line.
    let g = game("(;SZ[9]PB[李](;B[cc])(;CA[GB2312]W[dd]))".as_bytes());
    assert_eq!((g.encoding, g.moves.len()), ("UTF-8", 1));
}

#[test]
fn strict_refuses_a_mismatch() {
    let strict = Overrides {
        strict: true,
        ..Overrides::default()
    };
    let e = read(
        "(;CA[GB2312]SZ[9]PB[李昌镐];B[cc])".as_bytes(),
        "t.sgf",
        &strict,
    )
    .unwrap_err();
    assert!(
        e.message.contains("CA[GB2312]") && e.message.contains("--strict"),
        "{e}"
    );
}

/// The CA labels tried: WHATWG's, servers' spellings, unknown ones, and none.
const LABELS: &[Option<&str>] = &[
    None,
    Some("UTF-8"),
    Some("GB2312"),
    Some("GBK"),
    Some("GB18030"),
    Some("Shift_JIS"),
    Some("MS_KANJI"),
    Some("EUC-KR"),
    Some("EUC-JP"),
    Some("Big5"),
    Some("ISO-2022-JP"),
    Some("ISO-8859-1"),
    Some("windows-1252"),
    Some("KOI8-R"),
    Some("ASCII"),
    Some("UTF-16"),
    Some("UTF-16BE"),
    Some("replacement"),
    Some("ISO-2022-KR"),
    Some("foo"),
    Some(""),
];

/// A value of random bytes, `]` and `\` escaped.
fn value() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..10),
        proptest::collection::vec(0x80u8..=0xff, 0..10),
        "[a-z李昌镐ソ表김中]{0,5}".prop_map(String::into_bytes),
    ]
    .prop_map(|v| {
        let mut out = Vec::new();
        for b in v {
            if b == b']' || b == b'\\' {
                out.push(b'\\');
            }
            out.push(b);
        }
        out
    })
}

/// The moves of a game (`None`: a pass), and its text properties: (node, identifier, value).
type Record = (Vec<Option<(u8, u8)>>, Vec<(usize, &'static str, Vec<u8>)>);

/// A game: its nodes, each a move and the text properties around it.
fn record() -> impl Strategy<Value = Record> {
    let moves =
        proptest::collection::vec(proptest::option::weighted(0.9, (0u8..19, 0u8..19)), 0..12);
    let props = proptest::collection::vec(
        (
            0usize..13,
            prop_oneof![Just("C"), Just("PB"), Just("PW"), Just("GN"), Just("N")],
            value(),
        ),
        0..8,
    );
    (moves, props)
}

fn file(ca: Option<&str>, moves: &[Option<(u8, u8)>], props: &[(usize, &str, Vec<u8>)]) -> Vec<u8> {
    let mut out = b"(;".to_vec();
    if let Some(ca) = ca {
        out.extend_from_slice(format!("CA[{ca}]").as_bytes());
    }
    out.extend_from_slice(b"SZ[19]");
    for node in 0..=moves.len() {
        if node > 0 {
            let colour = if node % 2 == 1 { 'B' } else { 'W' };
            let at = match moves[node - 1] {
                Some((x, y)) => format!("{}{}", char::from(b'a' + x), char::from(b'a' + y)),
                None => String::new(),
            };
            out.extend_from_slice(format!(";{colour}[{at}]").as_bytes());
        }
        for (_, id, v) in props
            .iter()
            .filter(|(n, _, _)| n % (moves.len() + 1) == node)
        {
            out.extend_from_slice(id.as_bytes());
            out.push(b'[');
            out.extend_from_slice(v);
            out.push(b']');
        }
    }
    out.extend_from_slice(b")\n");
    out
}

/// The identifiers of each main-line node, as the scanner reads them.
fn identifiers(bytes: &[u8]) -> Vec<Vec<String>> {
    let src = ttrules_sgf::decode::source(bytes);
    let parsed = match src.raw {
        None => ttrules_sgf::syntax::parse(&src.text),
        Some(raw) => ttrules_sgf::syntax::parse_raw(&src.text, raw),
    }
    .expect("the file parses");
    parsed.trees[0]
        .nodes()
        .map(|n| {
            n.props()
                .map(|p| p.id.to_string())
                .filter(|id| id != "CA")
                .collect()
        })
        .collect()
}

/// r[rec.decode.values]: random bytes in the values and every CA label: the move list and the
/// identifiers are what the file says, whatever the CA. Counts the cases where a CA was set aside
/// and where the bytes were not UTF-8, and fails if either never happened.
#[test]
fn the_declared_encoding_never_changes_the_moves() {
    let mut runner = TestRunner::new(Config {
        cases: 256,
        ..Config::default()
    });
    // (cases, CA set aside, bytes not UTF-8)
    let stats = std::cell::Cell::new((0, 0, 0));
    runner
        .run(
            &(record(), proptest::sample::select(LABELS)),
            |((moves, props), label)| {
                let bytes = file(label, &moves, &props);
                let g = game(&bytes);
                let want: Vec<(Player, Move)> = moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| {
                        let p = if i % 2 == 0 {
                            Player::Black
                        } else {
                            Player::White
                        };
                        let mv = m.map_or(Move::Pass, |(x, y)| Move::Play(Point::new(x, 18 - y)));
                        (p, mv)
                    })
                    .collect();
                let got: Vec<(Player, Move)> = g.moves.iter().map(|m| (m.player, m.mv)).collect();
                prop_assert_eq!(
                    &got,
                    &want,
                    "CA {:?}: {}",
                    label,
                    String::from_utf8_lossy(&bytes)
                );
                let plain = file(None, &moves, &props);
                prop_assert_eq!(identifiers(&bytes), identifiers(&plain));
                let (n, mismatches, not_utf8) = stats.get();
                let mismatch = g.warnings.iter().any(|w| w.kind == "ca-mismatch");
                let foreign = std::str::from_utf8(&bytes).is_err();
                stats.set((
                    n + 1,
                    mismatches + usize::from(mismatch),
                    not_utf8 + usize::from(foreign),
                ));
                Ok(())
            },
        )
        .unwrap();
    let (cases, mismatches, not_utf8) = stats.get();
    assert_eq!(cases, 256);
    assert!(mismatches > 0, "no case set a CA aside");
    assert!(not_utf8 > 0, "no case had bytes that are not UTF-8");
}
