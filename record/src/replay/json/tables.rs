//! The tables `line` writes from: the names of points and moves, the decimal digits of
//! small numbers, the ends of turns and the escapes of strings, each made at compile time (its
//! tests, `point_names_are_gtps`, `numbers_are_decimal` and `strings_are_escaped_as_serde_does`,
//! are `line`'s).

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

/// `"pass",` as [`POINT_NAMES`] holds names.
pub(super) const PASS: [u8; 8] = *b"\"pass\",\x07";

/// The widest board side (r[tt.board.size]: no board is wider).
pub(super) const SIDE: usize = 25;

/// `Point::gtp`'s letters for the columns.
pub(super) const COLUMNS: &[u8; SIDE] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// `"D4",`: the quoted GTP name of each point of the widest board and a comma, at `x * SIDE + y`,
/// padded to 8 bytes; the last byte is the length.
pub(super) static POINT_NAMES: [[u8; 8]; SIDE * SIDE] = {
    let mut t = [[0u8; 8]; SIDE * SIDE];
    let mut i = 0;
    while i < SIDE * SIDE {
        let (x, row) = (i / SIDE, i % SIDE + 1);
        let e = &mut t[i];
        e[0] = b'"';
        e[1] = COLUMNS[x];
        let mut len = 2;
        if row >= 10 {
            e[len] = b'0' + (row / 10) as u8;
            len += 1;
        }
        e[len] = b'0' + (row % 10) as u8;
        e[len + 1] = b'"';
        e[len + 2] = b',';
        e[7] = len as u8 + 3;
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
