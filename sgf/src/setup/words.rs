//! The runs of moves after the opening ([`Line::plain_turns`]), the usual node read from its
//! word ([`RawTree::node_words`]): `B` or `W` alone, its value two small letters on the board.

use super::{plain_board_move, Line};
use crate::model::RecordMove;
use crate::syntax::{self, Held, RawTree};
use ttrules_spec::{Move, Player, Point, Size};

impl Line {
    /// From node `i` on, each node that [`RawTree::plain_moves`] gives and `plain_value_turn`
    /// reads as a move of the player expected, after the opening: pushed as [`Line::node`]
    /// pushes it (no empty node's pass, no implied one, `resume` false; see `plain_turn`, in
    /// the tests, for the two together). The first node that is not one.
    ///
    /// Note: a node `lone_move` reads by its property ([`RawTree::plain_moves`] ends there) is
    /// read by `Line::node`, which pushes what this pushes for it. Not inlined: the loop then
    /// has registers of its own (it is called once for each run of moves).
    ///
    /// The nodes are taken in turn from the expected player's on (`RawTree::alternate_moves`):
    /// a node of the other player ends the run as a move of the player not expected would,
    /// and each move pushed makes the other player the one expected.
    ///
    /// The usual node, `B` or `W` alone with two small letters on the board, is read from its
    /// word ([`RawTree::node_words`], [`word_point`]); any other node of the run as
    /// `alternate_moves` gives it, by [`plain_board_move`].
    #[inline(never)]
    pub(super) fn plain_turns(&mut self, tree: &RawTree, i: usize, size: Size) -> usize {
        let mut n = i;
        // The player expected, kept here and stored once at the end (`Line::push` stores it
        // for each move).
        let mut player = self.expected;
        let bounds = WordBounds::of(size);
        loop {
            let first = match player {
                Player::Black => Held::B,
                Player::White => Held::W,
            };
            // `B` and `W` are bits 1 and 2 of the word's low byte: the other of the two is
            // the one not set.
            let mut want = syntax::move_word(first);
            // The list is taken out for the run, and a full list ends it (the node is read
            // below, and the list grows): the push never grows it, so the list stays in
            // registers.
            let mut moves = std::mem::take(&mut self.moves);
            for word in tree.node_words(n) {
                if moves.len() == moves.capacity() {
                    break;
                }
                let Some(point) = word_point(word, want, bounds) else {
                    break;
                };
                // What `Line::push` pushes.
                moves.push(RecordMove::written(n, player, Move::Play(point)));
                player = player.opponent();
                want ^= 3;
                n += 1;
            }
            self.moves = moves;
            let first = match player {
                Player::Black => Held::B,
                Player::White => Held::W,
            };
            let Some(mv) = tree
                .alternate_moves(n, first)
                .next()
                .and_then(|value| plain_board_move(value, size))
            else {
                break;
            };
            self.moves.push(RecordMove::written(n, player, mv));
            player = player.opponent();
            n += 1;
        }
        self.end_run(i, n, player)
    }

    /// Ends a run of moves read from node `i` up to node `n`, with `player` to move: the node
    /// after the run (an empty node before the run no longer stands between two moves of one
    /// player once the run has a move).
    pub(super) fn end_run(&mut self, i: usize, n: usize, player: Player) -> usize {
        self.expected = player;
        if n > i {
            self.empty_node = None;
        }
        n
    }
}

/// The sides of a board as [`word_point`] compares with them: `0x80` less each side, in the
/// bytes of the letters of a node's word, and the last row's number.
#[derive(Copy, Clone)]
pub(super) struct WordBounds {
    add: u32,
    top: u8,
}

impl WordBounds {
    pub(super) fn of(size: Size) -> WordBounds {
        // Sides are at most `MAX_SIDE` (25) points long.
        let (w, h) = (size.width() as u8, size.height() as u8);
        WordBounds {
            add: u32::from_le_bytes([0, 0, 0x80 - w, 0x80 - h]),
            top: h - 1,
        }
    }
}

/// The point a node of word `word` ([`RawTree::node_words`]) moves on, where it holds the bit
/// of `want` alone (`want` is [`syntax::move_word`] of `B` or `W`) and its value is two small
/// letters within the sides: what [`plain_board_move`] gives for the value; `None` for any
/// other node.
///
/// Note: the low half must be `want` (the bit alone, a value noted as two bytes). Then
/// `d = word - 0x6161 << 16` holds `x - b'a'` and `y - b'a'` in its high bytes; a letter byte
/// is below `0x80` exactly where its letter is `a` or after, up to `0xE0` (so no borrow crossed
/// from `x` to `y`), and such a byte plus `0x80 - side` stays below `0x100` and has its top
/// bit clear exactly where the byte is below the side. So the point is read where both top
/// bits are clear in `d` and in `d + bounds.add`, as `plain_board_move`'s bounds read it. The
/// unit test `word_points_read_as_plain_board_move_reads_them` compares every word's bytes.
#[inline(always)]
pub(super) fn word_point(word: u32, want: u32, bounds: WordBounds) -> Option<Point> {
    if word & 0xFFFF != want {
        return None;
    }
    let d = word.wrapping_sub(0x6161 << 16);
    if (d | d.wrapping_add(bounds.add)) & 0x8080_0000 != 0 {
        return None;
    }
    let [_, _, x, y] = d.to_le_bytes();
    Some(Point::new(x, bounds.top - y))
}
