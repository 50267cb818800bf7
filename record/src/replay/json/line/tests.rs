//! `line`'s tests: each writer against serde_json's text or `Point::gtp`.

use super::*;

#[test]
fn plain_prefix_stops_at_or_before_the_first_escape() {
    let mut seen = 0;
    for b in 0..=255u8 {
        for at in 0..24 {
            let mut bytes = vec![b'a'; 24];
            bytes[at] = b;
            bytes.extend_from_slice("é…".as_bytes());
            let n = plain_prefix(&bytes);
            let first = bytes.iter().position(|&c| ESCAPE[usize::from(c)] != 0);
            assert!(n <= first.unwrap_or(bytes.len()), "{b:#x} at {at}: {n}");
            assert_eq!(n % 8, 0);
            if first.is_none() {
                assert_eq!(n, bytes.len() / 8 * 8, "{b:#x} at {at}");
            }
            if let Ok(text) = std::str::from_utf8(&bytes) {
                let mut o = Out::default();
                string(&mut o, text);
                assert_eq!(o.bytes(), serde_json::to_string(text).unwrap().as_bytes());
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 128 * 24);
}

#[test]
fn point_names_are_gtps() {
    for x in 0..40 {
        for y in 0..40 {
            let p = Point::new(x, y);
            let mut o = Out::default();
            points(&mut o, &[p]);
            assert_eq!(o.bytes(), format!("[\"{}\"]", p.gtp()).as_bytes());
        }
    }
    let (far, wide) = (Point::new(30, 2), Point::new(2, 200));
    let mut o = Out::default();
    o.put(b"x");
    points(&mut o, &[far, wide, Point::new(255, 255)]);
    points(&mut o, &[]);
    let names = format!("x[\"{}\",\"{}\",\"?255,255\"][]", far.gtp(), wide.gtp());
    assert_eq!(String::from_utf8(o.bytes().to_vec()).unwrap(), names);
}

#[test]
fn numbers_are_decimal() {
    let edges = [0, 9, 10, 99, 100, 999, 1000, 1001, 65_535, usize::MAX];
    for n in (0..2000).chain(edges) {
        let mut o = Out::default();
        o.put(b"x");
        o.number(n);
        assert_eq!(o.bytes(), format!("x{n}").as_bytes());
        let turn = TurnRecord {
            number: n,
            node: usize::MAX - n,
            player: Player::White,
            mv: Move::Pass,
            legal: false,
            implied: true,
            captured: 0,
        };
        let mut o = Out::default();
        o.put(b"x");
        turns(&mut o, &[turn, turn]);
        let one = format!(
            "{{\"number\":{n},\"node\":{},\"color\":\"W\",\"move\":\"pass\",\"legal\":false,\"implied\":true}}",
            usize::MAX - n
        );
        assert_eq!(
            String::from_utf8(o.bytes().to_vec()).unwrap(),
            format!("x[{one},{one}]")
        );
    }
}

#[test]
fn symbols_are_symbol_ofs() {
    let colours = [Colour::Empty, Colour::Black, Colour::White];
    for k in 0..3usize.pow(8) {
        let cells: [Colour; 8] = std::array::from_fn(|i| colours[k / 3usize.pow(i as u32) % 3]);
        assert_eq!(symbols(&cells), cells.map(symbol_of));
    }
}

#[test]
fn turns_are_serdes() {
    let moves = [
        Move::Pass,
        Move::Play(Point::new(0, 0)),
        Move::Play(Point::new(24, 24)),
    ];
    let far = [
        Move::Play(Point::new(25, 3)),
        Move::Play(Point::new(3, 25)),
        Move::Play(Point::new(31, 31)),
        Move::Play(Point::new(32, 0)),
        Move::Play(Point::new(0, 32)),
        Move::Play(Point::new(255, 255)),
    ];
    for n in (0..1100).step_by(7).chain([999, 1000, usize::MAX]) {
        for (mv, player) in moves
            .iter()
            .chain(&far)
            .zip([Player::Black, Player::White].iter().cycle())
        {
            for (legal, implied) in [(true, false), (false, false), (true, true), (false, true)] {
                let turn = TurnRecord {
                    number: n,
                    node: n.wrapping_add(1),
                    player: *player,
                    mv: *mv,
                    legal,
                    implied,
                    captured: 0,
                };
                let mut o = Out::default();
                turns(&mut o, &[turn, turn]);
                let one = serde_json::to_string(&super::super::JsonTurn {
                    number: turn.number,
                    node: turn.node,
                    color: turn.player.letter(),
                    mv: super::super::move_name(turn.mv),
                    legal,
                    implied,
                })
                .unwrap();
                assert_eq!(
                    String::from_utf8(o.bytes().to_vec()).unwrap(),
                    format!("[{one},{one}]")
                );
            }
        }
    }
}

#[test]
fn move_ends_name_every_point() {
    for x in 0..=40 {
        for y in 0..=40 {
            let legal = x % 2 == 0;
            let turn = TurnRecord {
                number: 1,
                node: 2,
                player: Player::Black,
                mv: Move::Play(Point::new(x, y)),
                legal,
                implied: false,
                captured: 0,
            };
            let mut o = Out::default();
            turns(&mut o, &[turn]);
            let one = format!(
                "[{{\"number\":1,\"node\":2,\"color\":\"B\",\"move\":\"{}\",\"legal\":{legal}}}]",
                Point::new(x, y).gtp()
            );
            assert_eq!(String::from_utf8(o.bytes().to_vec()).unwrap(), one);
        }
    }
}

#[test]
fn halves_are_serdes() {
    let mut wide = vec![i64::MIN, i64::MAX, (1 << 40) - 1, 1 << 40, -(1 << 40) - 1];
    wide.extend((-2001..=2001).chain((0..60).map(|k| (1i64 << k) | 1)));
    wide.extend((0..60).map(|k| -((1i64 << k) | 1)));
    for halves in wide {
        let h = HalfPoints::halves(halves);
        let mut o = Out::default();
        half_number(&mut o, h);
        let serde = if h.is_whole() {
            serde_json::to_string(&(halves / 2))
        } else {
            serde_json::to_string(&(halves as f64 / 2.0))
        };
        assert_eq!(
            String::from_utf8(o.bytes().to_vec()).unwrap(),
            serde.unwrap(),
            "{halves} halves"
        );
        let mut o = Out::default();
        half_points(&mut o, h);
        assert_eq!(
            String::from_utf8(o.bytes().to_vec()).unwrap(),
            h.to_string()
        );
    }
}

#[test]
fn strings_are_escaped_as_serde_does() {
    let every: String = (0u32..0x300).filter_map(char::from_u32).collect();
    for s in [
        "",
        "plain",
        "a\"b\\c\n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f}/",
        "棋譜 \u{2028}",
        "a\"",
        "\n",
        "\u{1f}x",
        "0123456789abcdef",
        "0123456789abcde\\",
        "0123456789abcdefg",
        "0123456789abcdef\"",
        "é",
        &every,
    ] {
        let mut o = Out::default();
        string(&mut o, s);
        assert_eq!(
            String::from_utf8(o.bytes().to_vec()).unwrap(),
            serde_json::to_string(s).unwrap()
        );
    }
}
