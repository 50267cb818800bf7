//! The setup reader's unit tests (Part III: r[rec.setup] and the clauses after it).

use super::words::{word_point, WordBounds};
use super::*;

/// The move of a node that holds one of `B` and `W` and none of `AB`, `AW`, `AE`, `PL`,
/// `RESUME`, where the node alone gives it (`RawTree::plain_moves`) and `plain_node_move`
/// reads it.
///
/// Note: for such a node, once the opening is over (no handicap moves are being counted) and
/// when its player is the one expected, the move loop of `read` finds no setup, no `PL`, a
/// move of the expected player, so neither an empty node's pass nor an implied one, and pushes
/// the move with `resume` false: what the loop's short branch does.
fn plain_turn(tree: &RawTree<'_>, i: usize, size: Size) -> Option<(Player, Move)> {
    let (held, value) = tree.plain_moves(i).next()?;
    plain_value_turn(held, value, size)
}

/// The move of a node of `B` or `W` (`held`) whose one value is `value` (none, or two ASCII
/// letters), where `plain_board_move` reads it.
fn plain_value_turn(held: Held, value: &[u8], size: Size) -> Option<(Player, Move)> {
    let player = if held == Held::B {
        Player::Black
    } else {
        Player::White
    };
    plain_board_move(value, size).map(|mv| (player, mv))
}

/// `plain_turn`, where it reads a move, reads what `read_move` reads, and where it does not,
/// the node is not plain: every value of up to two bytes over letters and a few others, on
/// boards around 19x19 and 25x25, as `B` and `W`, with and without other properties.
#[test]
fn plain_turns_read_as_read_move_reads_them() {
    let chars = "abcsStTyzAZ ]\\é";
    let mut values = vec![String::new()];
    for x in chars.chars() {
        values.push(x.to_string());
        for y in chars.chars() {
            values.push(format!("{x}{y}"));
        }
    }
    let sizes = [(19, 19), (9, 9), (20, 19), (19, 20), (25, 25), (5, 3)];
    let (mut plain, mut other) = (0, 0);
    for v in &values {
        for id in ["B", "W"] {
            for extra in ["", "BL[3]", "PL[B]", "AB[aa]", "RESUME[]", "B[aa]"] {
                let text = format!("(;{id}[{v}]{extra})");
                let Ok(c) = syntax::parse(&text) else {
                    continue;
                };
                let node = c.trees[0].node(0);
                for (w, h) in sizes {
                    let size = Size::new(w, h).unwrap();
                    let slow = node_move(&node, size);
                    match plain_turn(&c.trees[0], 0, size) {
                        Some(m) => {
                            plain += 1;
                            assert_eq!(slow, Some(Ok(m)), "{text} on {size}");
                        }
                        None => {
                            other += 1;
                            // A node of one move left to the general steps: its value is
                            // not plain as written, or names no point of the board.
                            let one = node.held() == Held::B || node.held() == Held::W;
                            if one && matches!(slow, Some(Ok(_))) {
                                assert!(plain_move(v).is_none(), "{text} on {size}");
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(plain > 300 && other > 1000, "{plain} {other}");
}

#[test]
fn fixed_points() {
    let s = Size::STANDARD;
    let g = |n| {
        fixed_handicap(s, n)
            .unwrap()
            .iter()
            .map(|p| p.gtp())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(g(2), "D4 Q16");
    assert_eq!(g(3), "D4 Q16 D16");
    assert_eq!(g(5), "D4 Q16 D16 Q4 K10");
    assert_eq!(g(6), "D4 Q16 D16 Q4 K4 K16");
    assert_eq!(g(8), "D4 Q16 D16 Q4 D10 Q10 K4 K16");
    assert_eq!(fixed_handicap(s, 9).unwrap().len(), 9);
    assert_eq!(
        fixed_handicap(Size::square(9).unwrap(), 2).unwrap()[0].gtp(),
        "C3"
    );
    assert!(fixed_handicap(Size::square(7).unwrap(), 5).is_none());
    assert!(fixed_handicap(Size::square(10).unwrap(), 2).is_none());
}

/// `plain_board_move` reads every value of up to two bytes on every board as the steps in full
/// read them (`plain_move_in_full`: the coordinates of each letter as `sgf-parse` reads them,
/// then `to_move`: `tt` a pass up to 19x19, and the bounds).
#[test]
fn plain_board_moves_take_the_steps_in_full() {
    let full = plain_move_in_full;
    let side = u32::from(ttrules_spec::point::MAX_SIDE);
    for (w, h) in (1..=side)
        .map(|n| (n, n))
        .chain([(19, 20), (20, 19), (25, 3), (1, 25)])
    {
        let size = Size::new(w, h).unwrap();
        assert_eq!(plain_board_move(b"", size), full(b"", size));
        for x in 0..=255u8 {
            assert_eq!(plain_board_move(&[x], size), full(&[x], size));
            for y in 0..=255u8 {
                let v = [x, y];
                assert_eq!(
                    plain_board_move(&v, size),
                    full(&v, size),
                    "{v:?} on {size}"
                );
            }
        }
    }
}

/// `values_points` gives what `points` gives for the list of the same values: plain lists,
/// lists with a value that is not plain (escaped, trimmed, a pass, off the board), marks' `tt`.
#[test]
fn values_points_read_as_points_reads_them() {
    let lists = [
        "[aa][bb][aa]",
        "[ss][tt]",
        "[aa:cc]",
        "[ a]",
        "[\\aa]",
        "[]",
        "[zz]",
        "[AA]",
        "[é]",
        "[ab][cd][ef]",
        "[sa][as][ss][tt][ta][yy][ay][za]",
        "[aa][tt]",
    ];
    for list in lists {
        for id in ["AB", "AW", "AE", "TB", "TW", "C"] {
            let text = format!("(;{id}{list})");
            let c = syntax::parse(&text).unwrap();
            let node = c.trees[0].node(0);
            let values = node.get(id).unwrap().values;
            for size in [
                Size::STANDARD,
                Size::new(5, 3).unwrap(),
                Size::new(25, 25).unwrap(),
                Size::new(20, 19).unwrap(),
            ] {
                // An error names the first bad point in the order of the letters.
                let (a, b) = (
                    values_points(id, values, size),
                    points(id, &values.to_vec(), size),
                );
                assert_eq!(a, b, "{text} on {size}");
                // And what `sgf-parse` reads (the plain path's shortcuts included).
                let c = sgf_parse_points(id, &values.to_vec(), size);
                assert_eq!(a, c, "{text} on {size}");
            }
        }
    }
}

/// An error names the same bad point on every run: the first in the order of the letters
/// (x, then y), not whichever `sgf-parse`'s set (a hash set, seeded anew for each) yields
/// first.
#[test]
fn a_bad_point_is_named_the_same_every_time() {
    let values = ["zz", "dd", "zb", "qz", "aa"];
    for _ in 0..64 {
        assert_eq!(
            sgf_parse_points("AB", &values, Size::STANDARD),
            Err("AB: [qz] is off the 19x19 board".to_string())
        );
    }
}

/// `word_point` reads a node's word as `plain_board_move` reads its value: it gives a point
/// exactly where the node holds the bit expected alone and its value is noted as two small
/// letters within the sides, and that point is `plain_board_move`'s; every pair of bytes, on
/// boards of several sizes, for words of a few other bits and notes.
#[test]
fn word_points_read_as_plain_board_move_reads_them() {
    let mut read = 0;
    for (w, h) in [
        (19, 19),
        (9, 9),
        (25, 25),
        (20, 19),
        (19, 20),
        (5, 3),
        (1, 1),
    ] {
        let size = Size::new(w, h).unwrap();
        let bounds = WordBounds::of(size);
        for want in [syntax::move_word(Held::B), syntax::move_word(Held::W)] {
            for held in [0u8, 1, 2, 3, 4, 8, 16, 33, 34, 65, 66] {
                for len in [0u8, 2, u8::MAX] {
                    for x in 0..=255u8 {
                        for y in 0..=255u8 {
                            let word = u32::from_le_bytes([held, len, x, y]);
                            let got = word_point(word, want, bounds);
                            let (i, j) = (x.wrapping_sub(b'a'), y.wrapping_sub(b'a'));
                            let usual = u32::from(held) == want & 0xFF
                                && len == 2
                                && usize::from(i) < size.width()
                                && usize::from(j) < size.height();
                            assert_eq!(got.is_some(), usual, "{word:#x} on {size}");
                            if let Some(p) = got {
                                read += 1;
                                assert_eq!(
                                    Some(Move::Play(p)),
                                    plain_board_move(&[x, y], size),
                                    "{word:#x} on {size}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(read > 1000, "{read}");
}

/// `Line::plain_turns` as it was before it read nodes' words: each node that `alternate_moves`
/// gives and `plain_board_move` reads, pushed.
fn plain_turns_by_values(line: &mut Line, tree: &RawTree, i: usize, size: Size) -> usize {
    let mut n = i;
    let first = match line.expected {
        Player::Black => Held::B,
        Player::White => Held::W,
    };
    let mut player = line.expected;
    for value in tree.alternate_moves(i, first) {
        let Some(mv) = plain_board_move(value, size) else {
            break;
        };
        line.moves.push(RecordMove::written(n, player, mv));
        player = player.opponent();
        n += 1;
    }
    line.end_run(i, n, player)
}

/// `Line::plain_turns` pushes what `plain_turns_by_values` pushes, from every node of seeded
/// random main lines of usual moves, passes, `tt`, capitals, moves off the board, moves out of
/// turn, nodes of other properties and empty nodes; the runs read from words and the other
/// nodes read in a run are both counted, and must be reached.
#[test]
fn plain_turns_read_as_by_values() {
    let values = ["pd", "dp", "aa", "ss", "", "tt", "Ad", "zz", "sa", "as"];
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n) as usize
    };
    let (mut words, mut others) = (0, 0);
    for _ in 0..400 {
        let mut text = String::from("(;SZ[19]");
        let mut colour = 0;
        for _ in 0..next(60) {
            let k = next(100);
            // Mostly usual moves in turn.
            let v = if k < 70 {
                values[next(4)]
            } else {
                values[next(10)]
            };
            colour ^= usize::from(next(10) != 0);
            let id = ["B", "W"][colour];
            match next(20) {
                0 => text.push(';'),
                1 => text.push_str(&format!(";{id}[{v}]BL[30]")),
                2 => text.push_str(";C[x]"),
                _ => text.push_str(&format!(";{id}[{v}]")),
            }
        }
        text.push(')');
        let c = syntax::parse(&text).unwrap();
        let tree = &c.trees[0];
        for size in [Size::STANDARD, Size::square(9).unwrap()] {
            for i in 0..=tree.len() {
                for expected in [Player::Black, Player::White] {
                    let line = || Line {
                        moves: Vec::new(),
                        expected,
                        in_opening: false,
                        opening_blacks: 0,
                        empty_node: Some(0),
                    };
                    let (mut a, mut b) = (line(), line());
                    let n = a.plain_turns(tree, i, size);
                    assert_eq!(n, plain_turns_by_values(&mut b, tree, i, size), "{text}");
                    assert_eq!(
                        (a.moves, a.expected, a.empty_node),
                        (b.moves.clone(), b.expected, b.empty_node),
                        "{text} from {i}"
                    );
                    let bounds = WordBounds::of(size);
                    let word = (tree.node_words(i).take(n - i))
                        .filter(|&w| word_point(w, w & 0xFFFF, bounds).is_some())
                        .count();
                    words += word;
                    others += n - i - word;
                }
            }
        }
    }
    assert!(words > 1000 && others > 100, "{words} {others}");
}
