//! The tables `line` writes from: the names of points and moves, the decimal digits of
//! small numbers, the ends of turns, the three pieces of a usual turn and the escapes of strings,
//! each made at compile time (its tests, `point_names_are_gtps`, `numbers_are_decimal`,
//! `turns_are_serdes`, `move_ends_name_every_point` and `strings_are_escaped_as_serde_does`, are
//! `line`'s).

/// The end of a turn for `legal + 2 * implied`, padded to 32 bytes; the last byte is the length.
pub(super) static TURN_ENDS: [[u8; 32]; 4] = {
    let ends: [&[u8]; 4] = [
        b"\"legal\":false},",
        b"\"legal\":true},",
        b"\"legal\":false,\"implied\":true},",
        b"\"legal\":true,\"implied\":true},",
    ];
    let mut t = [[0u8; 32]; 4];
    let mut i = 0;
    while i < 4 {
        let mut j = 0;
        while j < ends[i].len() {
            t[i][j] = ends[i][j];
            j += 1;
        }
        t[i][31] = ends[i].len() as u8;
        i += 1;
    }
    t
};

/// `bytes` at `at` in `e`; the new end.
const fn put<const N: usize>(e: &mut [u8; N], at: usize, bytes: &[u8]) -> usize {
    let mut i = 0;
    while i < bytes.len() {
        e[at + i] = bytes[i];
        i += 1;
    }
    at + bytes.len()
}

/// The decimal digits of `n` (below 1,000) at `at` in `e`; the new end.
const fn put_small<const N: usize>(e: &mut [u8; N], at: usize, n: usize) -> usize {
    let digits = &SMALL[n];
    let mut i = 0;
    while i < digits[3] as usize {
        e[at + i] = digits[i];
        i += 1;
    }
    at + i
}

/// The name of the point (`x`, `y`) at `at` in `e`, as `Point::gtp` writes it (`?x,y` past the
/// widest board's columns); returns the end.
const fn put_point<const N: usize>(e: &mut [u8; N], at: usize, x: usize, y: usize) -> usize {
    if x < SIDE {
        let at = put(e, at, &[COLUMNS[x]]);
        put_small(e, at, y + 1)
    } else {
        let at = put(e, at, b"?");
        let at = put_small(e, at, x);
        let at = put(e, at, b",");
        put_small(e, at, y)
    }
}

/// `{"number":N,"node":` for each number `N` below 1,000: the head of a turn, padded to 32
/// bytes; the last byte is the length. A usual turn is this, then [`NODE_COLOURS`], then
/// [`MOVE_ENDS`].
pub(super) static TURN_HEADS: [[u8; 32]; 1000] = {
    let mut t = [[0u8; 32]; 1000];
    let mut n = 0;
    while n < 1000 {
        let e = &mut t[n];
        let at = put(e, 0, b"{\"number\":");
        let at = put_small(e, at, n);
        e[31] = put(e, at, b",\"node\":") as u8;
        n += 1;
    }
    t
};

/// `M,"color":"B","move":` for each node `M` below 1,000, for Black (`[0]`) and White (`[1]`
/// with `"W"`), padded to 32 bytes; the last byte is the length.
pub(super) static NODE_COLOURS: [[[u8; 32]; 1000]; 2] = {
    let mut t = [[[0u8; 32]; 1000]; 2];
    let mut n = 0;
    while n < 1000 {
        let at = put_small(&mut t[0][n], 0, n);
        t[0][n][31] = put(&mut t[0][n], at, b",\"color\":\"B\",\"move\":") as u8;
        let at = put_small(&mut t[1][n], 0, n);
        t[1][n][31] = put(&mut t[1][n], at, b",\"color\":\"W\",\"move\":") as u8;
        n += 1;
    }
    t
};

/// The side of the square of points [`MOVE_ENDS`] names: a power of two, so that a point is in
/// it when `x | y` is below it, at `x * MOVE_SIDE + y`.
pub(super) const MOVE_SIDE: usize = 32;

/// `"D4","legal":false},` (`[0]`) and `"D4","legal":true},` (`[1]`): the move of a turn that is
/// not implied and its end, for each point with `x` and `y` below [`MOVE_SIDE`] at
/// `x * MOVE_SIDE + y` (named as `Point::gtp` names it: `?x,y` past the widest board's columns)
/// and for a pass after them, padded to 32 bytes; the last byte is the length.
pub(super) static MOVE_ENDS: [[[u8; 32]; MOVE_SIDE * MOVE_SIDE + 1]; 2] = {
    let mut t = [[[0u8; 32]; MOVE_SIDE * MOVE_SIDE + 1]; 2];
    let mut legal = 0;
    while legal < 2 {
        let end = TURN_ENDS[legal];
        let mut i = 0;
        while i <= MOVE_SIDE * MOVE_SIDE {
            let e = &mut t[legal][i];
            let (x, y) = (i / MOVE_SIDE, i % MOVE_SIDE);
            let mut at = put(e, 0, b"\"");
            at = if i == MOVE_SIDE * MOVE_SIDE {
                put(e, at, b"pass")
            } else {
                put_point(e, at, x, y)
            };
            at = put(e, at, b"\",");
            let mut j = 0;
            while j < end[31] as usize {
                e[at + j] = end[j];
                j += 1;
            }
            e[31] = (at + j) as u8;
            i += 1;
        }
        legal += 1;
    }
    t
};

/// The widest board side (r[tt.board.size]: no board is wider).
pub(super) const SIDE: usize = ttrules_spec::point::MAX_SIDE as usize;

/// `Point::gtp`'s letters for the columns.
pub(super) const COLUMNS: &[u8; SIDE] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// `"D4",`: the quoted name of each point with `x` and `y` below [`MOVE_SIDE`] (as `Point::gtp`
/// names it: `?x,y` past the widest board's columns) and a comma, at `x * MOVE_SIDE + y`, padded
/// to 16 bytes; the last byte is the length.
pub(super) static POINT_NAMES: [[u8; 16]; MOVE_SIDE * MOVE_SIDE] = {
    let mut t = [[0u8; 16]; MOVE_SIDE * MOVE_SIDE];
    let mut i = 0;
    while i < MOVE_SIDE * MOVE_SIDE {
        let e = &mut t[i];
        let (x, y) = (i / MOVE_SIDE, i % MOVE_SIDE);
        let at = put_point(e, 1, x, y);
        e[0] = b'"';
        e[15] = put(e, at, b"\",") as u8;
        i += 1;
    }
    t
};

/// The decimal digits of each number below 1,000, padded to 4 bytes; the last byte is the length.
pub(super) static SMALL: [[u8; 4]; 1000] = {
    let mut t = [[0u8; 4]; 1000];
    let mut n = 0;
    while n < 1000 {
        let e = &mut t[n];
        let len = if n >= 100 {
            3
        } else if n >= 10 {
            2
        } else {
            1
        };
        let (mut i, mut m) = (len, n);
        while i > 0 {
            i -= 1;
            e[i] = b'0' + (m % 10) as u8;
            m /= 10;
        }
        e[3] = len as u8;
        n += 1;
    }
    t
};

/// What follows `\` for each byte serde_json escapes (`u`: `\u00xx`), 0 for the others.
pub(super) static ESCAPE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = b'u';
        b += 1;
    }
    t[0x08] = b'b';
    t[0x09] = b't';
    t[0x0a] = b'n';
    t[0x0c] = b'f';
    t[0x0d] = b'r';
    t[b'"' as usize] = b'"';
    t[b'\\' as usize] = b'\\';
    t
};
